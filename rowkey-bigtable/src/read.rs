//! Reads: any row set as a stream of rows, fan-outs merged lazily from one stream per
//! bucket, pages, and reversed reads for "the latest N"; the functions that collect are
//! built on the streams.

use std::collections::BTreeMap;

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::row_range::StartKey;
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::RowSet;
use rowkey::{BucketRangesOf, KeyRangeOf, RangeBytes};

use crate::remaining::Remaining;
use crate::stream::Shape;
use crate::{row_set, Bigtable, Error, MergedRows, Row, RowStream};

/// One page of a paged read: see [`Bigtable::read_page`].
#[derive(Debug, Clone)]
pub struct Page<B: RangeBytes> {
    /// The rows of this page, in key order.
    pub rows: Vec<Row>,
    /// The rest of the range after the last row ([`KeyRangeOf::after`]); `None` when the
    /// page was not full or nothing can follow, so the scan is over.
    pub next: Option<KeyRangeOf<B>>,
}

impl Bigtable {
    /// Reads the rows of `rows` (newest cell version only), at most `limit` rows when given,
    /// as a stream in key order: each row is handed on as it arrives, so memory does not
    /// grow with the size of the read.
    ///
    /// The read survives transient failures as the official clients' reads do: a failed
    /// request with a retryable code (`UNAVAILABLE`, `DEADLINE_EXCEEDED`, `ABORTED`, a
    /// reset stream; a broken connection counts as `UNAVAILABLE`, see [`crate::Failure`]) is
    /// sent again after a jittered exponential backoff, for the keys after the last row
    /// received and with the row limit lowered by the rows already delivered, so every row
    /// comes exactly once, in order. Each request carries the read's remaining time as its
    /// `grpc-timeout`, and a request with no message for [`CallPolicy::idle_timeout`]
    /// fails and is retried: a stalled server cannot hold the read past its deadline.
    ///
    /// A row set larger, encoded, than [`Config::max_request_bytes`] is read with several
    /// requests, one after the other in key order. An empty set reads nothing and sends
    /// nothing (Bigtable would read the whole table).
    ///
    /// ```no_run
    /// # use rowkey::KeyRange;
    /// # use rowkey_bigtable::{row_set, Bigtable};
    /// # async fn demo(bt: Bigtable) -> Result<(), rowkey_bigtable::Error> {
    /// let range = KeyRange::<64>::prefix(b"user1:")?;
    /// let mut rows = bt.stream_rows("events", row_set([&range]), None)?;
    /// while let Some(row) = rows.next().await {
    ///     let row = row?; // on failure: the code, and `progress()` says where to resume
    ///     println!("{:?}", row.key);
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// [`CallPolicy::idle_timeout`]: crate::CallPolicy::idle_timeout
    /// [`Config::max_request_bytes`]: crate::Config::max_request_bytes
    ///
    /// # Errors
    /// [`Error::RequestTooLarge`] at once when one range alone exceeds
    /// `max_request_bytes`. The stream yields [`Error::Read`] when the read fails for good.
    pub fn stream_rows(
        &self,
        table_id: &str,
        rows: RowSet,
        limit: Option<u64>,
    ) -> Result<RowStream, Error> {
        let shape = Shape {
            limit,
            ..Shape::default()
        };
        self.stream(table_id, &rows, shape)
    }

    /// A stream over `rows`, checked against the request size limit first.
    fn stream(&self, table_id: &str, rows: &RowSet, shape: Shape) -> Result<RowStream, Error> {
        let largest = Remaining::new(rows).largest_span();
        if largest > self.max_request_bytes {
            return Err(Error::RequestTooLarge {
                bytes: largest,
                limit: self.max_request_bytes,
            });
        }
        Ok(RowStream::new(self, table_id, rows, shape))
    }

    /// Reads every bucket range of a fan-out, merged into the order of the key without its
    /// bucket, as a stream: one [`RowStream`] per bucket, each read in requests of at most
    /// [`Config::bucket_request_rows`](crate::Config::bucket_request_rows) rows, and a merge
    /// that holds one row per bucket and pulls a bucket's next row only when it has handed
    /// on the one before. Memory is bounded by the buckets' windows, not by the size of the
    /// read; each bucket retries and resumes on its own.
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub fn stream_buckets<B: RangeBytes>(
        &self,
        table_id: &str,
        ranges: BucketRangesOf<B>,
    ) -> Result<MergedRows, Error> {
        let width = ranges.bucket_width();
        self.stream_merged(table_id, row_set(ranges), width)
    }

    /// Reads `rows` merged as a fan-out over buckets of `bucket_width` bytes: the ranges and
    /// keys are grouped by the first `bucket_width` bytes of their start, each group read as
    /// its own stream, and the streams merged on the key bytes after the bucket. This is how
    /// a failed merged read resumes: pass its
    /// [`ReadProgress::remaining`](crate::ReadProgress::remaining).
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub fn stream_merged(
        &self,
        table_id: &str,
        rows: RowSet,
        bucket_width: usize,
    ) -> Result<MergedRows, Error> {
        let shape = Shape {
            request_rows: Some(self.bucket_request_rows),
            ..Shape::default()
        };
        self.merged(table_id, rows, bucket_width, shape)
    }

    fn merged(
        &self,
        table_id: &str,
        rows: RowSet,
        bucket_width: usize,
        shape: Shape,
    ) -> Result<MergedRows, Error> {
        let streams = by_bucket(rows, bucket_width)
            .into_iter()
            .map(|set| Ok((self.stream(table_id, &set, shape)?, set)))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(MergedRows::new(streams, bucket_width, shape.reversed))
    }

    /// Reads the rows of `rows` (newest cell version only), at most `limit` rows when given,
    /// in key order, collected: [`Bigtable::stream_rows`] to the end.
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub async fn read_rows(
        &self,
        table_id: &str,
        rows: RowSet,
        limit: Option<u64>,
    ) -> Result<Vec<Row>, Error> {
        collect(self.stream_rows(table_id, rows, limit)?).await
    }

    /// Reads every bucket range of a fan-out, merged into the order of the key without its
    /// bucket, collected: [`Bigtable::stream_buckets`] to the end.
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub async fn read_buckets<B: RangeBytes>(
        &self,
        table_id: &str,
        ranges: BucketRangesOf<B>,
    ) -> Result<Vec<Row>, Error> {
        let mut merged = self.stream_buckets(table_id, ranges)?;
        let mut rows = Vec::new();
        while let Some(row) = merged.next().await {
            rows.push(row?);
        }
        Ok(rows)
    }

    /// The last `n` rows of `range`, last first, with a reversed read (Bigtable's
    /// `reversed`, capped at `n` rows): "the latest N before this key" for a key whose time
    /// field ascends, `range_for_host_ts(host, ..before)`, without a reversed timestamp in
    /// the key.
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub async fn read_latest<B: RangeBytes>(
        &self,
        table_id: &str,
        range: &KeyRangeOf<B>,
        n: u64,
    ) -> Result<Vec<Row>, Error> {
        let shape = Shape {
            limit: Some(n),
            reversed: true,
            ..Shape::default()
        };
        collect(self.stream(table_id, &row_set([range]), shape)?).await
    }

    /// The last `n` rows across every bucket range of a fan-out, in descending order of the
    /// key without its bucket: one reversed read per bucket, each capped at `n` rows and all
    /// in flight at once, merged and cut at `n`. Reads at most `n` rows per bucket, where one
    /// request over the whole fan-out would have to read every row of the range to find the
    /// last `n`.
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub async fn read_latest_buckets<B: RangeBytes>(
        &self,
        table_id: &str,
        ranges: BucketRangesOf<B>,
        n: u64,
    ) -> Result<Vec<Row>, Error> {
        let width = ranges.bucket_width();
        let shape = Shape {
            limit: Some(n),
            reversed: true,
            ..Shape::default()
        };
        let mut merged = self.merged(table_id, row_set(ranges), width, shape)?;
        let mut rows = Vec::new();
        while rows.len() as u64 != n {
            match merged.next().await {
                Some(row) => rows.push(row?),
                None => break,
            }
        }
        Ok(rows)
    }

    /// Reads one page of `range`: at most `page_rows` rows (one `ReadRows` request, the
    /// store capping it), and the range to read next, which starts right after the page's
    /// last key ([`KeyRangeOf::pages`]). `next` is `None` when the page was short, so a scan
    /// ends without an extra empty request unless the last page is exactly full.
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`]; [`Error::Key`] when the resumed start does not fit the
    /// range's capacity.
    pub async fn read_page<B: RangeBytes>(
        &self,
        table_id: &str,
        range: &KeyRangeOf<B>,
        page_rows: u64,
    ) -> Result<Page<B>, Error> {
        let mut pager = range.pages(usize::try_from(page_rows).unwrap_or(usize::MAX));
        let rows = self.read_next_page(table_id, &mut pager).await?;
        Ok(Page {
            rows,
            next: pager.rest().cloned(),
        })
    }

    /// Reads all of `range`, `page_rows` rows per request, resuming after the last key of
    /// each page. Returns the rows and the number of pages it took.
    ///
    /// # Errors
    /// As [`Bigtable::read_page`].
    pub async fn read_all_paged<B: RangeBytes>(
        &self,
        table_id: &str,
        range: &KeyRangeOf<B>,
        page_rows: u64,
    ) -> Result<(Vec<Row>, u64), Error> {
        let mut pager = range.pages(usize::try_from(page_rows).unwrap_or(usize::MAX));
        let mut rows = Vec::new();
        let mut pages = 0;
        while pager.rest().is_some() {
            rows.extend(self.read_next_page(table_id, &mut pager).await?);
            pages += 1;
        }
        Ok((rows, pages))
    }

    /// Reads the page `pager` is at, the store capping it (`rows_limit`), and moves the
    /// pager past it.
    async fn read_next_page<B: RangeBytes>(
        &self,
        table_id: &str,
        pager: &mut rowkey::Pager<B>,
    ) -> Result<Vec<Row>, Error> {
        let Some(rest) = pager.rest() else {
            return Ok(Vec::new());
        };
        let limit = Some(pager.size() as u64);
        let rows = self.read_rows(table_id, row_set([rest]), limit).await?;
        pager.advance(rows.len(), rows.last().map(|r| r.key.as_slice()))?;
        Ok(rows)
    }
}

/// Every row of `stream`, or its error.
async fn collect(mut stream: RowStream) -> Result<Vec<Row>, Error> {
    let mut rows = Vec::new();
    while let Some(row) = stream.next().await {
        rows.push(row?);
    }
    Ok(rows)
}

/// `rows` split by bucket: the ranges and keys whose starts share their first `width`
/// bytes, in key order.
fn by_bucket(rows: RowSet, width: usize) -> Vec<RowSet> {
    let mut buckets: BTreeMap<Vec<u8>, RowSet> = BTreeMap::new();
    let prefix = |start: &[u8]| start.get(..width).unwrap_or(start).to_vec();
    for key in rows.row_keys {
        buckets.entry(prefix(&key)).or_default().row_keys.push(key);
    }
    for range in rows.row_ranges {
        let start = match &range.start_key {
            Some(StartKey::StartKeyClosed(k) | StartKey::StartKeyOpen(k)) => prefix(k),
            None => Vec::new(),
        };
        buckets.entry(start).or_default().row_ranges.push(range);
    }
    buckets.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rowkey::KeyRange;

    #[test]
    fn ranges_group_by_their_bucket_bytes() {
        let ranges = [
            KeyRange::<64>::new(&[1, 5], Some(&[1, 9])).unwrap(),
            KeyRange::<64>::new(&[0, 5], Some(&[1])).unwrap(),
            KeyRange::<64>::new(&[1, 0], Some(&[1, 2])).unwrap(),
        ];
        let mut set = row_set(ranges);
        set.row_keys.push(vec![0, 1]);
        let groups = by_bucket(set, 1);
        let sizes: Vec<(usize, usize)> = groups
            .iter()
            .map(|g| (g.row_keys.len(), g.row_ranges.len()))
            .collect();
        assert_eq!(sizes, [(1, 1), (0, 2)]);
    }
}
