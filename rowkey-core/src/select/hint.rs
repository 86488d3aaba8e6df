//! Checking a key against a select, field by field, and the seek hint: the
//! smallest key after it that can match, as Apache Phoenix's
//! `SkipScanFilter` gives HBase (`SEEK_NEXT_USING_HINT`).
//!
//! The hint walks the key's fields until one fails its condition, then
//! looks for the smallest suffix at or after the field's bytes that meets
//! it; when there is none, the field before moves on to its next value
//! (the successor of its bytes), and so on back. After a whole value it goes
//! on with the next fields' smallest suffixes, so a seek lands on the first
//! combination that can match, not merely past the current one.

use alloc::vec;
use alloc::vec::Vec;

use super::field::{contains, end_of, first_from, successor, Condition};
use super::Select;

/// Where a field lies in a key being walked.
#[derive(Debug, Clone, Copy)]
struct At {
    start: usize,
    end: usize,
    /// The key ends before the field.
    absent: bool,
    /// A `VARCHAR` that ends the key without its separator: the bytes of
    /// every longer key with this value hold one more, `0x00`.
    missing_separator: bool,
}

impl Select<'_> {
    /// Whether `key` meets every field's condition: exactly the keys the
    /// select selects. A scan over [`Select::ranges`] keeps the rows whose
    /// key matches.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// #[rowkey(select)]
    /// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }
    ///
    /// let s = FileKey::select().user_id(1).file_id([3, 7]).build()?;
    /// assert!(s.matches(b"00000120120901000007"));
    /// assert!(!s.matches(b"00000120120901000004"));
    /// # Ok::<(), rowkey::select::SelectError>(())
    /// ```
    pub fn matches(&self, key: &[u8]) -> bool {
        if !self.layout.variable {
            return key.len() == self.layout.width
                && self.checked.iter().all(|&i| {
                    let at = self.layout.segments[i].offset;
                    contains(&self.fields[i].intervals, &key[at..])
                });
        }
        let mut pos = 0;
        for (seg, f) in self.layout.segments.iter().zip(&self.fields) {
            if pos == key.len() && f.shape.may_end {
                if !contains(&f.intervals, &[]) {
                    return false;
                }
                continue;
            }
            if !matches!(f.condition, Condition::Any) && !contains(&f.intervals, &key[pos..]) {
                return false;
            }
            match end_of(seg, &f.shape, key, pos) {
                Some(end) => pos = end,
                None => return false,
            }
        }
        pos == key.len()
    }

    /// The smallest key after `key` that can match, or `None` when no key
    /// after it can: where a scan that read `key` goes next. For a key that
    /// does not match, a scan seeks there instead of reading the rows
    /// between (none of which matches); for a matching key it is the next
    /// combination the select allows.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// #[rowkey(select)]
    /// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }
    ///
    /// let s = FileKey::select().user_id(1).create_date(20120901..=20120914).file_id([3, 7]).build()?;
    /// // File 4 does not match: on to file 7 of the same day.
    /// assert_eq!(s.next_hint(b"00000120120901000004").as_deref(), Some(&b"00000120120901000007"[..]));
    /// // After file 7, the next day's file 3.
    /// assert_eq!(s.next_hint(b"00000120120901000007").as_deref(), Some(&b"00000120120902000003"[..]));
    /// // After the last day nothing can match.
    /// assert_eq!(s.next_hint(b"00000120120914000008"), None);
    /// # Ok::<(), rowkey::select::SelectError>(())
    /// ```
    pub fn next_hint(&self, key: &[u8]) -> Option<Vec<u8>> {
        let mut at: Vec<At> = Vec::with_capacity(self.fields.len());
        let mut pos = 0;
        for (i, (seg, f)) in self.layout.segments.iter().zip(&self.fields).enumerate() {
            let absent = pos == key.len() && f.shape.may_end;
            let suffix = if absent { &[][..] } else { &key[pos..] };
            if !contains(&f.intervals, suffix) {
                // After a field the key left out, that field must be written.
                if let Some(j) = at.iter().position(|a| a.absent && !a.missing_separator) {
                    return self.advance(key, &at, j, Some(vec![0]));
                }
                return self.advance(key, &at, i, Some(suffix.to_vec()));
            }
            let end = if absent {
                pos
            } else {
                match end_of(seg, &f.shape, key, pos) {
                    Some(end) => end,
                    // Bytes no key of the layout holds: step past them.
                    None => return Some(after_key(key)),
                }
            };
            let missing_separator = f.shape.varchar.is_some_and(|desc| {
                end == key.len() && (end == pos || (!desc && key[end - 1] != 0))
            });
            at.push(At {
                start: pos,
                end,
                absent,
                missing_separator,
            });
            pos = end;
        }
        if pos != key.len() || at.iter().any(|a| a.absent) {
            // Longer keys with these values may follow.
            return Some(after_key(key));
        }
        let last = at.len() - 1;
        self.advance(key, &at, last, self.after(key, &at[last], last))
    }

    /// The hint for field `i` at suffix `t` or after (`None`: no suffix is
    /// left for the field): the smallest suffix of field `i` from `t` on
    /// that meets its condition, else field `i - 1`'s next value, and so on.
    fn advance(&self, key: &[u8], at: &[At], i: usize, t: Option<Vec<u8>>) -> Option<Vec<u8>> {
        let (mut i, mut t) = (i, t);
        loop {
            if let Some(t) = &t {
                let f = &self.fields[i];
                let whole = f.shape.fixed == Some(t.len());
                if let Some((u, whole)) = first_from(&f.intervals, t, whole) {
                    let mut hint = self.prefix(key, at, i);
                    hint.extend_from_slice(u);
                    if whole {
                        self.fill(&mut hint, i + 1);
                    }
                    return Some(hint);
                }
            }
            i = i.checked_sub(1)?;
            t = self.after(key, &at[i], i);
        }
    }

    /// The key's bytes before field `i`, as every longer key holds them.
    fn prefix(&self, key: &[u8], at: &[At], i: usize) -> Vec<u8> {
        let Some(before) = i.checked_sub(1).map(|j| at[j]) else {
            return Vec::new();
        };
        let mut out = key[..before.end].to_vec();
        if before.missing_separator {
            out.push(0);
        }
        out
    }

    /// The smallest suffix of field `i` past every key whose field holds
    /// the value `a` of `key`; `None` when there is none.
    fn after(&self, key: &[u8], a: &At, i: usize) -> Option<Vec<u8>> {
        if a.absent {
            return Some(vec![0]);
        }
        let bytes = &key[a.start..a.end];
        if self.fields[i].shape.to_end {
            return Some([bytes, &[0]].concat());
        }
        if a.missing_separator {
            return successor(&[bytes, &[0]].concat());
        }
        successor(bytes)
    }

    /// Appends the smallest suffix of each field from `from` on, while each
    /// is a whole value the next field follows.
    fn fill(&self, hint: &mut Vec<u8>, from: usize) {
        for f in &self.fields[from..] {
            let Some(first) = f.intervals.first() else {
                return;
            };
            hint.extend_from_slice(&first.start);
            if !first.whole {
                return;
            }
        }
    }
}

/// The smallest key after `key`: `key` and a `0x00`.
fn after_key(key: &[u8]) -> Vec<u8> {
    [key, &[0]].concat()
}
