//! A skip scan over any store that scans key ranges: the select's ranges in
//! order, every row checked, and a seek to the hint after a row that does
//! not match (the store's range scan opened again from there).

use alloc::vec::Vec;

use super::Select;
use crate::{KeyRangeBuf, ScanRow};

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
    stats: ScanStats,
}

impl<'a> Select<'a> {
    /// The matching rows, read from a store whose range scan `open` starts:
    /// given a [`KeyRangeBuf`], it returns an iterator over the rows in it in
    /// key order (`|r| map.range::<[u8], _>(r.bounds())` for a `BTreeMap`,
    /// `|r| keyspace.range::<&[u8], _>(r.bounds())` for fjall). Each range
    /// is opened in turn; a row that does not match is followed by a seek to
    /// [`Select::next_hint`] (the scan opened again from there), so the rows
    /// read are the matches plus about one per gap between them.
    /// [`SkipScan::stats`] counts them.
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
    /// RocksDB's iterators do (`max_sequential_skip_in_iterations`, 8): a
    /// hint a few rows ahead costs fewer reads than a seek on stores whose
    /// seeks are dear. 0, the default, seeks at once (Phoenix's skip scan).
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
        let range = match KeyRangeBuf::new(&start, end.as_deref()) {
            Ok(r) => r,
            Err(_) => KeyRangeBuf::all(),
        };
        self.stats.seeks += 1;
        self.skipping = None;
        self.current = Some(((self.open)(&range), end));
    }

    /// After a row at `hint`'s left that does not match: steps on, seeks,
    /// or moves to the next range.
    fn skip_to(&mut self, hint: Vec<u8>) {
        let end = self.current.as_ref().and_then(|(_, e)| e.clone());
        if end.as_ref().is_some_and(|e| hint >= *e) {
            self.resume = Some(hint);
            self.current = None;
        } else if self.steps > 0 {
            self.skipping = Some((hint, self.steps));
        } else {
            self.seek(hint, end);
        }
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
            if let Some((hint, left)) = &mut self.skipping {
                if key < hint.as_slice() {
                    if *left > 1 {
                        *left -= 1;
                    } else {
                        let hint = core::mem::take(hint);
                        let end = self.current.as_ref().and_then(|(_, e)| e.clone());
                        self.seek(hint, end);
                    }
                    continue;
                }
                self.skipping = None;
            }
            if self.select.matches(key) {
                self.stats.matches += 1;
                return Some(row);
            }
            match self.select.next_hint(key) {
                Some(hint) => self.skip_to(hint),
                None => {
                    // No key after this one can match.
                    self.next = self.select.ranges.len();
                    self.current = None;
                    return None;
                }
            }
        }
    }
}
