//! Reads: one `ReadRows` request for any set of ranges, pages, merged fan-outs, and
//! reversed reads for "the latest N".

use std::sync::atomic::Ordering;

use bigtable_rs::bigtable::RowCell;
use bigtable_rs::google::bigtable::v2::{row_filter, ReadRowsRequest, RowFilter, RowSet};
use rowkey::{BucketRangesOf, KeyRangeOf, Merge, RangeBytes};
use tokio::task::JoinSet;

use crate::error::joined;
use crate::merge_buckets;
use crate::{row_set, row_set_is_empty, Bigtable, Cell, Error, Row};

/// One page of a paged read: see [`Bigtable::read_page`].
#[derive(Debug, Clone)]
pub struct Page<B: RangeBytes> {
    /// The rows of this page, in key order.
    pub rows: Vec<Row>,
    /// The rest of the range after the last row ([`KeyRangeOf::after`]); `None` when the
    /// page was not full or nothing can follow, so the scan is over.
    pub next: Option<KeyRangeOf<B>>,
}

/// Which way a read goes and how many rows it may return.
#[derive(Debug, Clone, Copy, Default)]
struct Read {
    limit: Option<u64>,
    reversed: bool,
}

impl Bigtable {
    /// Reads the rows of `rows` (newest cell version only) with ONE `ReadRows` request, at
    /// most `limit` rows when given. Bigtable returns them in key order across the whole
    /// set. An empty set returns no rows and sends nothing (Bigtable would read the whole
    /// table).
    ///
    /// # Errors
    /// [`Error::Client`] when the request fails.
    pub async fn read_rows(
        &mut self,
        table_id: &str,
        rows: RowSet,
        limit: Option<u64>,
    ) -> Result<Vec<Row>, Error> {
        let read = Read {
            limit,
            reversed: false,
        };
        self.read(table_id, rows, read).await
    }

    /// Sends one `ReadRows` request.
    async fn read(&mut self, table_id: &str, rows: RowSet, read: Read) -> Result<Vec<Row>, Error> {
        if row_set_is_empty(&rows) || read.limit == Some(0) {
            return Ok(Vec::new());
        }
        let request = ReadRowsRequest {
            table_name: self.table_name(table_id),
            app_profile_id: self.app_profile_id.clone(),
            rows: Some(rows),
            filter: Some(RowFilter {
                filter: Some(row_filter::Filter::CellsPerColumnLimitFilter(1)),
            }),
            rows_limit: read.limit.map_or(0, |l| l.min(i64::MAX as u64) as i64),
            reversed: read.reversed,
            ..ReadRowsRequest::default()
        };
        self.counters.read_rows.fetch_add(1, Ordering::Relaxed);
        let response = self.data.read_rows(request, self.timeout).await?;
        Ok(response.into_iter().map(row_of).collect())
    }

    /// Reads every bucket range of a fan-out with ONE `ReadRows` request and merges the
    /// response into the order of the key without its bucket ([`merge_buckets`]): the rows
    /// arrive in key order, so bucket by bucket, and the merge interleaves them.
    ///
    /// # Errors
    /// [`Error::Client`] when the request fails.
    pub async fn read_buckets<B: RangeBytes>(
        &mut self,
        table_id: &str,
        ranges: BucketRangesOf<B>,
    ) -> Result<Merge<std::vec::IntoIter<Row>>, Error> {
        let width = ranges.bucket_width();
        let rows = self.read_rows(table_id, row_set(ranges), None).await?;
        Ok(merge_buckets(rows, width))
    }

    /// The last `n` rows of `range`, last first, with ONE reversed `ReadRows` request
    /// (Bigtable's `reversed`, capped at `n` rows): "the latest N before this key" for a key
    /// whose time field ascends, `range_for_host_ts(host, ..before)`, without a reversed
    /// timestamp in the key.
    ///
    /// # Errors
    /// [`Error::Client`] when the request fails.
    pub async fn read_latest<B: RangeBytes>(
        &mut self,
        table_id: &str,
        range: &KeyRangeOf<B>,
        n: u64,
    ) -> Result<Vec<Row>, Error> {
        let read = Read {
            limit: Some(n),
            reversed: true,
        };
        self.read(table_id, row_set([range]), read).await
    }

    /// The last `n` rows across every bucket range of a fan-out, in descending order of the
    /// key without its bucket: one reversed `ReadRows` request per bucket, each capped at `n`
    /// rows and all in flight at once, merged ([`Merge::reversed`]) and cut at `n`. Reads at
    /// most `n` rows per bucket, where one request over the whole fan-out would have to read
    /// every row of the range to find the last `n`.
    ///
    /// # Errors
    /// [`Error::Client`] when a request fails, [`Error::Task`] when one was cancelled.
    pub async fn read_latest_buckets<B: RangeBytes>(
        &mut self,
        table_id: &str,
        ranges: BucketRangesOf<B>,
        n: u64,
    ) -> Result<Vec<Row>, Error> {
        let width = ranges.bucket_width();
        let mut tasks = JoinSet::new();
        for (bucket, range) in ranges.enumerate() {
            let (mut client, table_id) = (self.clone(), table_id.to_owned());
            tasks.spawn(async move {
                let rows = client.read_latest(&table_id, &range, n).await?;
                Ok((bucket, rows))
            });
        }
        let mut by_bucket = Vec::with_capacity(tasks.len());
        while let Some(done) = tasks.join_next().await {
            by_bucket.push(joined(done)?);
        }
        by_bucket.sort_unstable_by_key(|(bucket, _)| *bucket);
        let runs = by_bucket.into_iter().map(|(_, rows)| rows.into_iter());
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        Ok(Merge::reversed(runs, width).take(n).collect())
    }

    /// Reads one page of `range`: at most `page_rows` rows (one `ReadRows` request), and the
    /// range to read next, which starts right after the page's last key
    /// ([`KeyRangeOf::pages`]). `next` is `None` when the page was short, so a scan ends
    /// without an extra empty request unless the last page is exactly full.
    ///
    /// # Errors
    /// [`Error::Client`] when the request fails, [`Error::Key`] when the resumed start
    /// does not fit the range's capacity.
    pub async fn read_page<B: RangeBytes>(
        &mut self,
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
    /// each page. Returns the rows and the number of requests it took.
    ///
    /// # Errors
    /// As [`Bigtable::read_page`].
    pub async fn read_all_paged<B: RangeBytes>(
        &mut self,
        table_id: &str,
        range: &KeyRangeOf<B>,
        page_rows: u64,
    ) -> Result<(Vec<Row>, u64), Error> {
        let mut pager = range.pages(usize::try_from(page_rows).unwrap_or(usize::MAX));
        let mut rows = Vec::new();
        let mut requests = 0;
        while pager.rest().is_some() {
            rows.extend(self.read_next_page(table_id, &mut pager).await?);
            requests += 1;
        }
        Ok((rows, requests))
    }

    /// Reads the page `pager` is at, the store capping it (`rows_limit`), and moves the
    /// pager past it.
    async fn read_next_page<B: RangeBytes>(
        &mut self,
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

/// A row of a `ReadRows` response, its cells without their timestamps.
fn row_of((key, cells): (Vec<u8>, Vec<RowCell>)) -> Row {
    Row {
        key,
        cells: cells
            .into_iter()
            .map(|c| Cell {
                family: c.family_name,
                qualifier: c.qualifier,
                value: c.value,
            })
            .collect(),
    }
}
