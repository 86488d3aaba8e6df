//! Ordered merges: the rows of several sorted scans read as one sorted scan.
//!
//! A salted key puts its bucket first, so a query that does not pin the salt
//! is one scan per bucket, and each scan returns its rows in key order within
//! its bucket. [`BucketRangesOf::merge`] opens every scan at once and hands the
//! rows on in the order of the key *without* its bucket: a k-way heap merge
//! that holds one row per scan, never the whole result.

use alloc::collections::{BinaryHeap, VecDeque};
use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::{BucketRangesOf, KeyRangeOf, RangeBytes};

/// A row as merges and pages see it: its key bytes, or `None` for an item
/// that has no key (a store's error), which is handed on as soon as it is read.
///
/// Implemented for `(key, value)` pairs (`BTreeMap::range` items, fjall's
/// `(Slice, Slice)`), bare keys, references to either, and `Result`s of them,
/// so the iterators stores return plug in as they are. Implement it for a row
/// type of your own to merge or page rows of that type.
///
/// ```
/// use rowkey::ScanRow;
/// assert_eq!((b"k".to_vec(), 7).scan_key(), Some(&b"k"[..]));
/// let failed: Result<(Vec<u8>, u8), &str> = Err("disk gone");
/// assert_eq!(failed.scan_key(), None);
/// ```
pub trait ScanRow {
    /// The row's key, or `None` when the item is an error rather than a row.
    fn scan_key(&self) -> Option<&[u8]>;
}

impl<K: AsRef<[u8]>, V> ScanRow for (K, V) {
    fn scan_key(&self) -> Option<&[u8]> {
        Some(self.0.as_ref())
    }
}

impl<T: ScanRow, E> ScanRow for Result<T, E> {
    fn scan_key(&self) -> Option<&[u8]> {
        self.as_ref().ok()?.scan_key()
    }
}

impl ScanRow for [u8] {
    fn scan_key(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl<const N: usize> ScanRow for [u8; N] {
    fn scan_key(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl ScanRow for Vec<u8> {
    fn scan_key(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl<T: ScanRow + ?Sized> ScanRow for &T {
    fn scan_key(&self) -> Option<&[u8]> {
        (**self).scan_key()
    }
}

/// The rows of several sorted iterators in one order: by the key bytes after
/// the first `skip` (the salt bucket), ascending, or descending for iterators
/// that read backwards ([`Merge::reversed`]).
///
/// Holds the iterators and one row of each; every row costs `O(log n)` for
/// `n` iterators. Rows with equal ordering bytes come in iterator order.
/// Items without a key ([`ScanRow::scan_key`] is `None`: errors) are handed on
/// first, as soon as they are read, and their iterator is read on after them.
///
/// ```
/// use rowkey::Merge;
/// // Two "buckets" (first byte), each sorted; merged by the bytes after the bucket.
/// let a = [[0, 1], [0, 5]];
/// let b = [[1, 2], [1, 9]];
/// let merged: Vec<[u8; 2]> = Merge::new([a.into_iter(), b.into_iter()], 1).collect();
/// assert_eq!(merged, [[0, 1], [1, 2], [0, 5], [1, 9]]);
/// ```
pub struct Merge<I: Iterator> {
    sources: Vec<I>,
    heap: BinaryHeap<Head<I::Item>>,
    /// Keyless items (errors) read from a source, with the source to read on after them.
    keyless: VecDeque<(I::Item, usize)>,
    skip: usize,
    reversed: bool,
}

/// The next row of one source, ordered for the max-heap so that it pops the
/// row to hand on next.
struct Head<T> {
    row: T,
    source: usize,
    skip: usize,
    reversed: bool,
}

impl<T: ScanRow> Head<T> {
    fn tail(&self) -> &[u8] {
        let key = self.row.scan_key().unwrap_or_default();
        key.get(self.skip..).unwrap_or_default()
    }
}

impl<T: ScanRow> Ord for Head<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        let by_key = self.tail().cmp(other.tail());
        // The max-heap pops the greatest: the smallest key ascending, the
        // largest reversed, and on a tie the earliest source either way.
        let by_key = if self.reversed {
            by_key
        } else {
            by_key.reverse()
        };
        by_key.then_with(|| other.source.cmp(&self.source))
    }
}

impl<T: ScanRow> PartialOrd for Head<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: ScanRow> PartialEq for Head<T> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<T: ScanRow> Eq for Head<T> {}

impl<I> Merge<I>
where
    I: Iterator,
    I::Item: ScanRow,
{
    /// Merges iterators that each return rows in ascending key order into
    /// ascending order of the key bytes after the first `skip`.
    pub fn new(sources: impl IntoIterator<Item = I>, skip: usize) -> Self {
        Self::start(sources, skip, false)
    }

    /// Merges iterators that each return rows in *descending* key order (a
    /// store's reverse scan: `.rev()`, Bigtable's `reversed` read) into
    /// descending order of the key bytes after the first `skip`.
    ///
    /// ```
    /// use rowkey::Merge;
    /// let a = [[0, 1], [0, 5]];
    /// let b = [[1, 2], [1, 9]];
    /// let latest: Vec<[u8; 2]> =
    ///     Merge::reversed([a.into_iter().rev(), b.into_iter().rev()], 1).collect();
    /// assert_eq!(latest, [[1, 9], [0, 5], [1, 2], [0, 1]]);
    /// ```
    pub fn reversed(sources: impl IntoIterator<Item = I>, skip: usize) -> Self {
        Self::start(sources, skip, true)
    }

    fn start(sources: impl IntoIterator<Item = I>, skip: usize, reversed: bool) -> Self {
        let sources: Vec<I> = sources.into_iter().collect();
        let mut merge = Merge {
            heap: BinaryHeap::with_capacity(sources.len()),
            keyless: VecDeque::new(),
            sources,
            skip,
            reversed,
        };
        for source in 0..merge.sources.len() {
            merge.pull(source);
        }
        merge
    }

    /// Reads the next item of `source` into the heap, or the keyless queue.
    fn pull(&mut self, source: usize) {
        let Some(row) = self.sources[source].next() else {
            return;
        };
        if row.scan_key().is_some() {
            self.heap.push(Head {
                row,
                source,
                skip: self.skip,
                reversed: self.reversed,
            });
        } else {
            self.keyless.push_back((row, source));
        }
    }
}

impl<I> Iterator for Merge<I>
where
    I: Iterator,
    I::Item: ScanRow,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        let (row, source) = match self.keyless.pop_front() {
            Some(keyless) => keyless,
            None => {
                let head = self.heap.pop()?;
                (head.row, head.source)
            }
        };
        self.pull(source);
        Some(row)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let held = self.heap.len() + self.keyless.len();
        self.sources.iter().fold((held, Some(held)), |(lo, hi), s| {
            let (s_lo, s_hi) = s.size_hint();
            let hi = match (hi, s_hi) {
                (Some(a), Some(b)) => a.checked_add(b),
                _ => None,
            };
            (lo.saturating_add(s_lo), hi)
        })
    }
}

impl<I: Iterator> core::fmt::Debug for Merge<I> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Merge")
            .field("sources", &self.sources.len())
            .field("held", &(self.heap.len() + self.keyless.len()))
            .field("skip", &self.skip)
            .field("reversed", &self.reversed)
            .finish()
    }
}

impl<B: RangeBytes> BucketRangesOf<B> {
    /// The bytes of the bucket in front of every range: what a merge of
    /// their rows skips.
    ///
    /// ```
    /// use rowkey::{KeyRange, Salt};
    /// let ranges = Salt::digits(10_000, 4).fan_out(KeyRange::<64>::prefix(b"-a-")?)?;
    /// assert_eq!(ranges.bucket_width(), 4);
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    pub fn bucket_width(&self) -> usize {
        // Each range is the template with the bucket in front.
        let template = self.template().start().len();
        self.clone()
            .next()
            .map_or(0, |r| r.start().len().saturating_sub(template))
    }

    /// Opens one scan per bucket with `open` (`|range| store.range(range.bounds())`)
    /// and merges their rows into the order of the key without its bucket:
    /// for `#[salt(mod = N)] ts` first, time order across all buckets. Every
    /// scan stays open while the merge is read; nothing is collected.
    ///
    /// The order is the bytes' order, so a `#[reverse]` field comes newest
    /// first here as it does in one bucket.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey, Debug, PartialEq)]
    /// struct Log { #[salt(mod = 8)] ts: u64, host: u32 }
    ///
    /// let mut table = BTreeMap::new();
    /// for ts in 0..100 {
    ///     table.insert(Log { ts, host: 1 }.encode()?, ());
    /// }
    /// let found: Vec<u64> = Log::range_for_ts(10..20)?
    ///     .merge(|r| table.range::<[u8], _>(r.bounds()))
    ///     .map(|(k, _)| Ok(Log::decode(k)?.ts))
    ///     .collect::<Result<_, rowkey::DecodeError>>()?;
    /// assert_eq!(found, (10..20).collect::<Vec<_>>());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn merge<S, F>(self, open: F) -> Merge<S::IntoIter>
    where
        F: FnMut(&KeyRangeOf<B>) -> S,
        S: IntoIterator,
        S::Item: ScanRow,
    {
        let skip = self.bucket_width();
        Merge::new(self.map(open_with(open)), skip)
    }

    /// As [`BucketRangesOf::merge`] for scans that read backwards
    /// (`|range| store.range(range.bounds()).rev()`): the rows in descending
    /// order of the key without its bucket, such as the latest rows first
    /// across every bucket.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey, Debug, PartialEq)]
    /// struct Log { #[salt(mod = 8)] ts: u64, host: u32 }
    ///
    /// let table: BTreeMap<_, ()> = (0..100).map(|ts| (Log { ts, host: 1 }.encode().unwrap(), ())).collect();
    /// let latest: Vec<u64> = Log::range_for_ts(..50)?
    ///     .merge_reversed(|r| table.range::<[u8], _>(r.bounds()).rev())
    ///     .take(3)
    ///     .map(|(k, _)| Ok(Log::decode(k)?.ts))
    ///     .collect::<Result<_, rowkey::DecodeError>>()?;
    /// assert_eq!(latest, [49, 48, 47]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn merge_reversed<S, F>(self, open: F) -> Merge<S::IntoIter>
    where
        F: FnMut(&KeyRangeOf<B>) -> S,
        S: IntoIterator,
        S::Item: ScanRow,
    {
        let skip = self.bucket_width();
        Merge::reversed(self.map(open_with(open)), skip)
    }
}

/// `open` taking a range by value, as `Iterator::map` hands it.
fn open_with<B: RangeBytes, S: IntoIterator>(
    mut open: impl FnMut(&KeyRangeOf<B>) -> S,
) -> impl FnMut(KeyRangeOf<B>) -> S::IntoIter {
    move |range| open(&range).into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Salt;
    use std::vec;

    #[test]
    fn bucket_width_is_the_salt_width() {
        let t = crate::KeyRange::<16>::prefix(&[7]).unwrap();
        assert_eq!(Salt::new(16).fan_out(t).unwrap().bucket_width(), 1);
        assert_eq!(Salt::new(300).fan_out(t).unwrap().bucket_width(), 2);
        assert_eq!(Salt::digits(1000, 3).fan_out(t).unwrap().bucket_width(), 3);
        let all = crate::KeyRange::<16>::all();
        assert_eq!(Salt::new(4).fan_out(all).unwrap().bucket_width(), 1);
    }

    #[test]
    fn errors_come_first_and_their_source_reads_on() {
        let a: vec::Vec<Result<[u8; 2], &str>> = vec![Ok([0, 3]), Err("x"), Ok([0, 4])];
        let b: vec::Vec<Result<[u8; 2], &str>> = vec![Ok([1, 1]), Ok([1, 5])];
        let got: vec::Vec<_> = Merge::new([a.into_iter(), b.into_iter()], 1).collect();
        assert_eq!(
            got,
            [Ok([1, 1]), Ok([0, 3]), Err("x"), Ok([0, 4]), Ok([1, 5])]
        );
    }

    #[test]
    fn ties_come_in_source_order_both_ways() {
        let a = [[0u8, 1], [0, 2]];
        let b = [[1u8, 1], [1, 2]];
        let up: vec::Vec<_> = Merge::new([a.iter(), b.iter()], 1).copied().collect();
        assert_eq!(up, [[0, 1], [1, 1], [0, 2], [1, 2]]);
        let down: vec::Vec<_> = Merge::reversed([a.iter().rev(), b.iter().rev()], 1)
            .copied()
            .collect();
        assert_eq!(down, [[0, 2], [1, 2], [0, 1], [1, 1]]);
    }

    #[test]
    fn size_hint_counts_held_rows_and_sources() {
        let m = Merge::new([vec![[1u8]; 3].into_iter(), vec![[2u8]; 2].into_iter()], 0);
        assert_eq!(m.size_hint(), (5, Some(5)));
        assert_eq!(m.count(), 5);
        let empty = Merge::new(core::iter::empty::<core::iter::Empty<[u8; 1]>>(), 0);
        assert_eq!(empty.size_hint(), (0, Some(0)));
    }

    /// A held error (a row without a key) counts as much as a held row in
    /// the size hint and the `Debug` text.
    #[test]
    fn held_errors_count_as_rows() {
        let a: vec::Vec<Result<[u8; 1], &str>> = vec![Err("x"), Ok([3])];
        let b: vec::Vec<Result<[u8; 1], &str>> = vec![Ok([1]), Ok([2])];
        let m = Merge::new([a.into_iter(), b.into_iter()], 0);
        // Held: `a`'s error and `b`'s first row; left in the sources: one each.
        assert_eq!(m.size_hint(), (4, Some(4)));
        assert_eq!(
            std::format!("{m:?}"),
            "Merge { sources: 2, held: 2, skip: 0, reversed: false }"
        );
        let m = Merge::reversed([[[1u8, 2]].iter()], 1);
        assert_eq!(
            std::format!("{m:?}"),
            "Merge { sources: 1, held: 1, skip: 1, reversed: true }"
        );
    }
}
