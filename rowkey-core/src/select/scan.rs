//! A skip scan over any store that scans key ranges: the select's ranges in
//! order, every row checked, and a seek to the hint after a row that does
//! not match (the store's range scan opened again from there).
//!
//! After a match whose next possible match lies past the next possible key
//! (a set with gaps: files 3 and 7, file 4 in between), the row after it is
//! known not to match. Phoenix reads it anyway and then seeks; here the scan
//! learns which pays: while the rows between have been there, it seeks at
//! once without reading them, and every 16th time it reads one to see
//! whether they still are (where they are not, reading on costs no seek).

use alloc::vec::Vec;

use super::field::successor;
use super::Select;
use crate::{KeyRangeBuf, ScanRow};

/// One read in this many after a match that jumps checks whether the rows
/// in between are there.
const PROBE: u32 = 16;

/// What a skip scan did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScanStats {
    /// Rows the store returned (errors not counted).
    pub rows_read: u64,
    /// Rows that matched, and were handed on.
    pub matches: u64,
    /// Range scans opened: one per range, and one per seek to a hint.
    pub seeks: u64,
}

/// The matching rows of a select, read with any store's range scan: see
/// [`Select::scan`]. Errors (items with no key) are handed on as they come.
pub struct SkipScan<'s, 'a, F, I> {
    select: &'s Select<'a>,
    open: F,
    /// The next range to open.
    next: usize,
    /// The open scan and the end of its range.
    current: Option<(I, Option<Vec<u8>>)>,
    /// Where the next range starts at the earliest: a hint past the end of
    /// the range it came from.
    resume: Option<Vec<u8>>,
    /// Rows to step over before seeking to a hint.
    steps: usize,
    /// The hint being stepped towards, and the steps left.
    skipping: Option<(Vec<u8>, usize)>,
    /// After a match: the next key that can match, which the next row read
    /// is compared with (does the store hold rows in between?).
    after_match: Option<Vec<u8>>,
    /// After a match: the seek to make before reading on.
    pending: Option<Vec<u8>>,
    /// Recent evidence that rows lie between a match and the next one that
    /// can follow (positive) or not (negative).
    dense: i8,
    /// Matches whose next possible match jumped.
    jumps: u32,
    /// No key after the last row handed on can match.
    done: bool,
    /// Every key in the ranges matches: no check per row.
    exact: bool,
    stats: ScanStats,
}

impl<'a> Select<'a> {
    /// The matching rows, read from a store whose range scan `open` starts:
    /// given a [`KeyRangeBuf`], it returns an iterator over the rows in it in
    /// key order (`|r| map.range::<[u8], _>(r.bounds())` for a `BTreeMap`,
    /// `|r| keyspace.range::<&[u8], _>(r.bounds())` for fjall). Each range
    /// is opened in turn; a row that does not match is followed by a seek to
    /// [`Select::next_hint`] (the scan opened again from there), so the rows
    /// read are the matches plus about one per gap between them, fewer where
    /// the scan learns to seek past a gap at once. [`SkipScan::stats`]
    /// counts them.
    pub fn scan<F, I>(&self, open: F) -> SkipScan<'_, 'a, F, I>
    where
        F: FnMut(&KeyRangeBuf) -> I,
        I: Iterator,
        I::Item: ScanRow,
    {
        SkipScan {
            select: self,
            open,
            next: 0,
            current: None,
            resume: None,
            steps: 0,
            skipping: None,
            after_match: None,
            pending: None,
            dense: 0,
            jumps: 0,
            done: false,
            exact: self.ranges_are_exact(),
            stats: ScanStats::default(),
        }
    }
}

impl<F, I> SkipScan<'_, '_, F, I>
where
    F: FnMut(&KeyRangeBuf) -> I,
    I: Iterator,
    I::Item: ScanRow,
{
    /// Steps over up to `n` rows towards a hint before seeking to it, as
    /// RocksDB's iterators do (`max_sequential_skip_in_iterations`, 8): where
    /// a hint is usually a row or two ahead (a key whose matching values are
    /// sparse among its rows), stepping costs less than a seek. 0, the
    /// default, seeks at once, as Phoenix's skip scan does.
    pub fn steps_before_seek(mut self, n: usize) -> Self {
        self.steps = n;
        self
    }

    /// What the scan did so far.
    pub fn stats(&self) -> ScanStats {
        self.stats
    }

    /// Opens the next range that lies after `resume`; `None` when none is left.
    fn open_next(&mut self) -> Option<()> {
        loop {
            let r = self.select.ranges.get(self.next)?;
            self.next += 1;
            let start = match &self.resume {
                Some(h) if h.as_slice() > r.start() => h.as_slice(),
                _ => r.start(),
            };
            if r.end().is_some_and(|e| start >= e) {
                continue;
            }
            self.seek(start.to_vec(), r.end().map(<[u8]>::to_vec));
            return Some(());
        }
    }

    /// Opens the scan of `[start, end)`.
    fn seek(&mut self, start: Vec<u8>, end: Option<Vec<u8>>) {
        // Within the select's own ranges, whose bytes a heap range holds.
        let range = KeyRangeBuf::new(&start, end.as_deref()).unwrap_or_else(|_| KeyRangeBuf::all());
        self.stats.seeks += 1;
        self.skipping = None;
        self.after_match = None;
        self.current = Some(((self.open)(&range), end));
    }

    /// On to `hint`, where the next match is at the earliest: the next
    /// range when it lies past this one's end, else a seek (or steps first).
    fn skip_to(&mut self, hint: Vec<u8>, steps: bool) {
        let end = self.current.as_ref().and_then(|(_, e)| e.clone());
        if end.as_ref().is_some_and(|e| hint >= *e) {
            self.resume = Some(hint);
            self.current = None;
        } else if steps && self.steps > 0 {
            self.skipping = Some((hint, self.steps));
        } else {
            self.seek(hint, end);
        }
    }

    /// After matching `key`: where the next match can be, and whether to
    /// seek there before reading on.
    fn after(&mut self, key: &[u8]) {
        let Some(hint) = self.select.next_hint(key) else {
            self.done = true;
            return;
        };
        if !jumps(key, &hint, self.select.layout.variable) {
            return;
        }
        self.jumps = self.jumps.wrapping_add(1);
        if self.dense > 0 && self.jumps % PROBE != 0 {
            self.pending = Some(hint);
        } else {
            self.after_match = Some(hint);
        }
    }

    /// Whether the row at `key`, read right after a match, lies before the
    /// next key that can match (then it cannot match, and the rows between
    /// were there to read); `false` when no match preceded it.
    fn before_next_match(&mut self, key: &[u8]) -> bool {
        let Some(hint) = self.after_match.take() else {
            return false;
        };
        if key < hint.as_slice() {
            self.dense = (self.dense + 1).min(4);
            self.skip_to(hint, false);
            true
        } else {
            self.dense = (self.dense - 1).max(-4);
            false
        }
    }

    /// Whether `key` lies before the hint being stepped towards (then the
    /// row is stepped over, or the steps are used up and the scan seeks).
    fn stepping_over(&mut self, key: &[u8]) -> bool {
        let Some((hint, left)) = &mut self.skipping else {
            return false;
        };
        if key >= hint.as_slice() {
            self.skipping = None;
            return false;
        }
        if *left > 1 {
            *left -= 1;
        } else {
            let hint = core::mem::take(hint);
            self.skip_to(hint, false);
        }
        true
    }
}

/// Whether `hint` lies past the next key a store can hold after `key`: the
/// same number of bytes plus one for a fixed-width key, `key` and `0x00`
/// for any other.
fn jumps(key: &[u8], hint: &[u8], variable: bool) -> bool {
    if variable {
        return hint > [key, &[0]].concat().as_slice();
    }
    match successor(key) {
        // `key` plus one, as a number of `key.len()` bytes.
        Some(mut next) => {
            next.resize(key.len(), 0);
            hint > next.as_slice()
        }
        None => false,
    }
}

impl<F, I> Iterator for SkipScan<'_, '_, F, I>
where
    F: FnMut(&KeyRangeBuf) -> I,
    I: Iterator,
    I::Item: ScanRow,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.done {
            return None;
        }
        if let Some(hint) = self.pending.take() {
            self.skip_to(hint, false);
        }
        loop {
            if self.current.is_none() {
                self.open_next()?;
            }
            let (iter, _) = self.current.as_mut()?;
            let Some(row) = iter.next() else {
                self.current = None;
                continue;
            };
            let Some(key) = row.scan_key() else {
                return Some(row);
            };
            self.stats.rows_read += 1;
            if self.exact {
                self.stats.matches += 1;
                return Some(row);
            }
            if self.before_next_match(key) || self.stepping_over(key) {
                continue;
            }
            if self.select.matches(key) {
                self.stats.matches += 1;
                self.after(key);
                return Some(row);
            }
            match self.select.next_hint(key) {
                Some(hint) => self.skip_to(hint, true),
                None => {
                    self.done = true;
                    return None;
                }
            }
        }
    }
}
