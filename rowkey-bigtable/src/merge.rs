//! Merging the rows of a fanned-out read back into one order: [`MergedRows`] over one
//! stream per bucket, pulled lazily, and the older merges over rows already in memory.

use std::cmp::Ordering as CmpOrdering;
use std::collections::{BinaryHeap, VecDeque};

use futures_util::future::join_all;
use futures_util::stream::{self, Stream};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::RowSet;
use rowkey::Merge;

use crate::error::{Failure, ReadProgress};
use crate::remaining::Remaining;
use crate::{Error, Row, RowStream};

/// The rows of a fanned-out read merged into the order of the key without its bucket: see
/// [`Bigtable::stream_buckets`](crate::Bigtable::stream_buckets).
///
/// Each bucket is its own [`RowStream`] (with its own retries); the merge holds one row per
/// bucket and asks a bucket for its next row only when it has handed on the one before, so
/// memory is what the caller keeps plus a small window per bucket, whatever the size of the
/// read. Ties keep the buckets' order. A bucket that fails for good ends the merged read with
/// an [`Error::Read`] whose [`ReadProgress`] covers every bucket: each bucket's range after
/// the last of its rows the caller received.
pub struct MergedRows {
    buckets: Vec<Bucket>,
    heads: BinaryHeap<Head>,
    /// The buckets whose row the caller has had: each reads its next one before the merge
    /// can choose again.
    needs_row: Vec<usize>,
    skip: usize,
    reversed: bool,
    delivered: u64,
    /// The bucket of the last row handed on.
    last_bucket: Option<usize>,
    done: bool,
}

/// One bucket's stream and what the caller has had of it.
struct Bucket {
    rows: RowStream,
    /// The bucket's row set when the merge began.
    origin: RowSet,
    /// The last of its rows handed to the caller.
    last_key: Option<Vec<u8>>,
    /// Its next row, not yet in the heap.
    next: Option<Row>,
    error: Option<Error>,
}

/// A bucket's next row, ordered for the max-heap so that it pops the row to hand on next.
struct Head {
    row: Row,
    bucket: usize,
    skip: usize,
    reversed: bool,
}

impl Head {
    fn tail(&self) -> &[u8] {
        self.row.key.get(self.skip..).unwrap_or_default()
    }
}

impl Ord for Head {
    fn cmp(&self, other: &Self) -> CmpOrdering {
        let by_key = self.tail().cmp(other.tail());
        let by_key = if self.reversed {
            by_key
        } else {
            by_key.reverse()
        };
        by_key.then_with(|| other.bucket.cmp(&self.bucket))
    }
}

impl PartialOrd for Head {
    fn partial_cmp(&self, other: &Self) -> Option<CmpOrdering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Head {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == CmpOrdering::Equal
    }
}

impl Eq for Head {}

impl MergedRows {
    /// Merges `streams` (each bucket's rows, with its row set) on the key bytes after `skip`.
    pub(crate) fn new(streams: Vec<(RowStream, RowSet)>, skip: usize, reversed: bool) -> Self {
        let buckets = streams
            .into_iter()
            .map(|(rows, origin)| Bucket {
                rows,
                origin,
                last_key: None,
                next: None,
                error: None,
            })
            .collect::<Vec<_>>();
        MergedRows {
            needs_row: (0..buckets.len()).collect(),
            heads: BinaryHeap::with_capacity(buckets.len()),
            buckets,
            skip,
            reversed,
            delivered: 0,
            last_bucket: None,
            done: false,
        }
    }

    /// The next row in merged order, `None` at the end, or the error that ended the read.
    /// Cancel-safe: a row a bucket has produced is kept even if this future is dropped.
    ///
    /// # Errors
    /// [`Error::Read`] with the merged read's [`ReadProgress`].
    pub async fn next(&mut self) -> Option<Result<Row, Error>> {
        if self.done {
            return None;
        }
        self.pull().await;
        if let Some(failed) = self.buckets.iter_mut().position(|b| b.error.is_some()) {
            self.done = true;
            return Some(Err(self.failed(failed)));
        }
        for i in self.needs_row.drain(..) {
            if let Some(row) = self.buckets[i].next.take() {
                self.heads.push(Head {
                    row,
                    bucket: i,
                    skip: self.skip,
                    reversed: self.reversed,
                });
            }
        }
        let Some(Head { row, bucket, .. }) = self.heads.pop() else {
            self.done = true;
            return None;
        };
        self.buckets[bucket].last_key = Some(row.key.clone());
        self.needs_row.push(bucket);
        self.last_bucket = Some(bucket);
        self.delivered += 1;
        Some(Ok(row))
    }

    /// Every bucket whose row was handed on reads its next one: all at once at the start,
    /// one bucket at a time after that.
    async fn pull(&mut self) {
        match self.needs_row.as_slice() {
            [] => {}
            [one] => self.buckets[*one].pull().await,
            many => {
                let needs: Vec<bool> = (0..self.buckets.len()).map(|i| many.contains(&i)).collect();
                let pulls = self
                    .buckets
                    .iter_mut()
                    .zip(needs)
                    .filter(|(_, needs)| *needs)
                    .map(|(bucket, _)| bucket.pull());
                join_all(pulls).await;
            }
        }
    }

    /// The rows as a [`Stream`].
    pub fn into_stream(self) -> impl Stream<Item = Result<Row, Error>> + Send + 'static {
        stream::unfold(self, |mut rows| async move {
            let row = rows.next().await?;
            Some((row, rows))
        })
    }

    /// Where the merged read stands: rows delivered, and each bucket's row set after the
    /// last of its rows the caller received.
    pub fn progress(&self) -> ReadProgress {
        let mut remaining = RowSet::default();
        for bucket in &self.buckets {
            let mut left = Remaining::new(&bucket.origin);
            if let Some(key) = &bucket.last_key {
                left.delivered(key, self.reversed);
            }
            let left = left.row_set();
            remaining.row_keys.extend(left.row_keys);
            remaining.row_ranges.extend(left.row_ranges);
        }
        ReadProgress {
            rows_delivered: self.delivered,
            last_key: self
                .last_bucket
                .and_then(|b| self.buckets[b].last_key.clone()),
            remaining,
            rows_left: None,
        }
    }

    /// The error of bucket `failed`, with the progress of the whole merge.
    fn failed(&mut self, failed: usize) -> Error {
        let progress = self.progress();
        match self.buckets[failed].error.take() {
            Some(Error::Read(read)) => Error::Read(Box::new((read.0, progress))),
            Some(other) => other,
            None => Error::Read(Box::new((
                Failure::new(tonic::Code::Internal, "a bucket failed without an error"),
                progress,
            ))),
        }
    }
}

impl Bucket {
    /// Reads this bucket's next row into `next`, or its end, or its error.
    async fn pull(&mut self) {
        // A pull cancelled after its row arrived left the row here: keep it.
        if self.next.is_some() || self.error.is_some() {
            return;
        }
        match self.rows.next().await {
            Some(Ok(row)) => self.next = Some(row),
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
    }
}

/// Merges the rows of one `ReadRows` response over a fan-out (rows in key order, so bucket
/// after bucket) into the order of the key without its `bucket_width`-byte bucket, the
/// order of the unsalted key. Splits the response into its buckets' runs in place and
/// merges them with [`rowkey::Merge`]: `O(n log b)` for `b` buckets.
///
/// ```
/// use rowkey_bigtable::{merge_buckets, Row};
/// // Bucket 0 holds ts 1 and 5, bucket 1 holds ts 2 and 9.
/// let rows = [[0, 1], [0, 5], [1, 2], [1, 9]].map(|k| Row::new(k.to_vec()));
/// let merged: Vec<Vec<u8>> = merge_buckets(rows.to_vec(), 1).map(|r| r.key).collect();
/// assert_eq!(merged, [[0, 1], [1, 2], [0, 5], [1, 9]]);
/// ```
pub fn merge_buckets(rows: Vec<Row>, bucket_width: usize) -> Merge<std::vec::IntoIter<Row>> {
    Merge::new(bucket_runs(rows, bucket_width), bucket_width)
}

/// `rows` cut where the first `width` bytes of the key change: one run per bucket.
fn bucket_runs(mut rows: Vec<Row>, width: usize) -> Vec<std::vec::IntoIter<Row>> {
    let bucket = |row: &Row| -> Vec<u8> { row.key.iter().take(width).copied().collect() };
    let mut runs = Vec::new();
    while let Some(last) = rows.last() {
        let last = bucket(last);
        let start = rows
            .iter()
            .rposition(|r| r.key.get(..width).unwrap_or(&r.key) != last.as_slice())
            .map_or(0, |i| i + 1);
        runs.push(rows.split_off(start).into_iter());
    }
    runs.reverse();
    runs
}

/// Merges rows that arrive as sorted runs (a fanned-out read returns bucket after bucket,
/// each bucket sorted by the fields after the salt) into one sequence sorted by `key`.
///
/// Runs are the maximal stretches where `key` does not decrease, so the merge needs no
/// knowledge of the buckets: it costs O(n log r) for r runs (r is at most the number of
/// buckets). Stable: rows with equal keys keep the order of their runs.
///
/// ```
/// // Two buckets, each sorted by timestamp.
/// let rows = vec![(0, 10), (0, 30), (1, 20), (1, 40)];
/// let merged = rowkey_bigtable::merge_sorted_runs(rows, |r| r.1);
/// assert_eq!(merged, [(0, 10), (1, 20), (0, 30), (1, 40)]);
/// ```
pub fn merge_sorted_runs<T, K, F>(rows: Vec<T>, mut key: F) -> Vec<T>
where
    K: Ord,
    F: FnMut(&T) -> K,
{
    let total = rows.len();
    // Split into runs, each row next to its key.
    let mut runs: Vec<VecDeque<(K, T)>> = Vec::new();
    for row in rows {
        let k = key(&row);
        match runs.last_mut() {
            Some(run) if run.back().is_some_and(|(last, _)| *last <= k) => run.push_back((k, row)),
            _ => runs.push(VecDeque::from([(k, row)])),
        }
    }
    if runs.len() <= 1 {
        return runs.into_iter().flatten().map(|(_, row)| row).collect();
    }

    /// The front row of one run, ordered so that the max-heap pops the smallest key, and
    /// among equal keys the earliest run.
    struct Head<K, T> {
        key: K,
        run: usize,
        row: T,
    }
    impl<K: Ord, T> PartialEq for Head<K, T> {
        fn eq(&self, other: &Self) -> bool {
            self.cmp(other) == CmpOrdering::Equal
        }
    }
    impl<K: Ord, T> Eq for Head<K, T> {}
    impl<K: Ord, T> PartialOrd for Head<K, T> {
        fn partial_cmp(&self, other: &Self) -> Option<CmpOrdering> {
            Some(self.cmp(other))
        }
    }
    impl<K: Ord, T> Ord for Head<K, T> {
        fn cmp(&self, other: &Self) -> CmpOrdering {
            other
                .key
                .cmp(&self.key)
                .then_with(|| other.run.cmp(&self.run))
        }
    }

    let mut heap = BinaryHeap::with_capacity(runs.len());
    for (run, rows) in runs.iter_mut().enumerate() {
        if let Some((key, row)) = rows.pop_front() {
            heap.push(Head { key, run, row });
        }
    }
    let mut out = Vec::with_capacity(total);
    while let Some(Head { run, row, .. }) = heap.pop() {
        out.push(row);
        if let Some((key, row)) = runs[run].pop_front() {
            heap.push(Head { key, run, row });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_restores_field_order() {
        // Three "buckets", each sorted by the second element.
        let rows = vec![(0, 1), (0, 5), (0, 9), (1, 2), (1, 3), (2, 0), (2, 8)];
        let merged = merge_sorted_runs(rows, |r| r.1);
        let keys: Vec<i32> = merged.iter().map(|r| r.1).collect();
        assert_eq!(keys, [0, 1, 2, 3, 5, 8, 9]);
        assert!(merge_sorted_runs(Vec::<u8>::new(), |r| *r).is_empty());
        assert_eq!(merge_sorted_runs(vec![3, 1, 2], |r| *r), [1, 2, 3]);
    }

    #[test]
    fn merge_is_stable_for_equal_keys() {
        let rows = vec![("a", 1), ("a", 2), ("b", 1), ("b", 2)];
        let merged = merge_sorted_runs(rows, |r| r.1);
        assert_eq!(merged, [("a", 1), ("b", 1), ("a", 2), ("b", 2)]);
    }

    #[test]
    fn bucket_runs_cut_where_the_bucket_changes() {
        let keys: [&[u8]; 6] = [
            &[0, 0, 9],
            &[0, 0, 7],
            &[0, 1, 1],
            &[2, 0, 0],
            &[2, 0, 1],
            &[2],
        ];
        let rows: Vec<Row> = keys.iter().map(|k| Row::new(k.to_vec())).collect();
        let runs: Vec<usize> = bucket_runs(rows, 2).iter().map(|r| r.len()).collect();
        // [0,0] x2, [0,1], [2,0] x2, and the short key [2] on its own.
        assert_eq!(runs, [2, 1, 2, 1]);
        assert!(bucket_runs(Vec::new(), 1).is_empty());
    }
}
