//! Skip-scan selects on Bigtable: every range of a [`Select`] in one `ReadRows` request,
//! and the rows that meet its conditions past the ranges kept as they arrive.
//!
//! Bigtable has no seek hint a client can give mid-read (Phoenix's `SEEK_NEXT_USING_HINT`
//! runs in the region server), so the ranges carry what they can: the cartesian product of
//! the values of the key's leading fields, one range each, with each combination's salt
//! bucket. What they cannot carry, [`Select::matches`] checks on each row.
//!
//! The row set's size is what limits a request: about `2 × key + 8` bytes a range. Google's
//! engineers gave 1 MB as the limit on a request's row set (googleapis/google-cloud-go#732),
//! a request of 512 KiB was seen refused (googleapis/google-cloud-python#6836), and the
//! service and the emulator refuse a request over 256 MiB; a row key may be up to 4 KiB
//! (`google.bigtable.v2.Row`). A select's ranges are capped
//! ([`DEFAULT_MAX_RANGES`](rowkey::select::DEFAULT_MAX_RANGES), 10,000: about 500 KB for
//! 20-byte keys), and a row set larger than [`Config::max_request_bytes`](crate::Config::max_request_bytes)
//! is read as several requests in key order, as [`Bigtable::stream_rows`] reads any.

use rowkey::select::Select;

use crate::{row_set, Bigtable, Error, ReadProgress, Row, RowStream};

/// The rows a [`Select`] selects, read as one stream: see [`Bigtable::stream_select`].
pub struct SelectedRows<'a> {
    rows: RowStream,
    select: Select<'a>,
    read: u64,
}

impl SelectedRows<'_> {
    /// The next matching row, in key order; `None` at the end, or after an error.
    ///
    /// # Errors
    /// The read's, as [`RowStream::next`] gives them.
    pub async fn next(&mut self) -> Option<Result<Row, Error>> {
        loop {
            let row = match self.rows.next().await? {
                Ok(row) => row,
                Err(e) => return Some(Err(e)),
            };
            self.read += 1;
            if self.select.matches(&row.key) {
                return Some(Ok(row));
            }
        }
    }

    /// Rows Bigtable returned so far, matching or not.
    pub fn rows_read(&self) -> u64 {
        self.read
    }

    /// Where the read stands: rows delivered and the row set left (see
    /// [`RowStream::progress`]).
    pub fn progress(&self) -> ReadProgress {
        self.rows.progress()
    }
}

impl Bigtable {
    /// Reads the rows `select` selects: its ranges in one row set, so one `ReadRows` request
    /// unless the set's encoded size passes
    /// [`Config::max_request_bytes`](crate::Config::max_request_bytes), and of the rows
    /// returned those that meet its conditions ([`Select::matches`]). When
    /// [`Select::ranges_are_exact`] every row returned matches. Rows come in key order;
    /// failures are retried and resumed as [`Bigtable::stream_rows`] does. A select with no
    /// range reads nothing and sends nothing.
    ///
    /// ```no_run
    /// # use rowkey::RowKey;
    /// # use rowkey_bigtable::Bigtable;
    /// #[derive(RowKey, Debug)]
    /// #[rowkey(select)]
    /// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }
    ///
    /// # async fn demo(bt: Bigtable) -> Result<(), Box<dyn std::error::Error>> {
    /// let s = FileKey::select().user_id([1, 5, 9]).create_date(20120901..=20120914).file_id([3, 7]).build()?;
    /// let mut rows = bt.stream_select("files", &s)?; // 3 ranges, one request
    /// while let Some(row) = rows.next().await {
    ///     println!("{:?}", FileKey::decode(&row?.key)?);
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub fn stream_select<'a>(
        &self,
        table_id: &str,
        select: &Select<'a>,
    ) -> Result<SelectedRows<'a>, Error> {
        let rows = self.stream_rows(table_id, row_set(select.ranges()), None)?;
        Ok(SelectedRows {
            rows,
            select: select.clone(),
            read: 0,
        })
    }

    /// The rows `select` selects, collected: [`Bigtable::stream_select`] to the end.
    ///
    /// # Errors
    /// As [`Bigtable::stream_rows`].
    pub async fn read_select(
        &self,
        table_id: &str,
        select: &Select<'_>,
    ) -> Result<Vec<Row>, Error> {
        let mut rows = self.stream_select(table_id, select)?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().await {
            out.push(row?);
        }
        Ok(out)
    }
}
