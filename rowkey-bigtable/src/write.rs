//! Writes: rows as batched `MutateRows` requests, several in flight, retryable failures
//! sent again.

use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bigtable_rs::google::bigtable::v2::{
    mutate_rows_request, mutation, MutateRowsRequest, Mutation,
};
use tokio::task::JoinSet;
use tonic::Code;

use crate::error::joined;
use crate::{Bigtable, Error, Row};

/// `MutateRows` entry codes worth sending again.
const RETRYABLE_CODES: [Code; 3] = [Code::DeadlineExceeded, Code::Aborted, Code::Unavailable];
const MUTATION_ATTEMPTS: u32 = 4;
/// Bigtable's limit on the mutations of one `MutateRows` request.
const MAX_MUTATIONS_PER_REQUEST: usize = 100_000;

/// What [`Bigtable::write_rows`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteSummary {
    /// Rows written.
    pub rows: u64,
    /// `MutateRows` requests sent (retries included).
    pub requests: u64,
}

/// How [`Bigtable::write_rows_with`] batches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// Rows per `MutateRows` request. A request also stops short of Bigtable's limit of
    /// 100,000 mutations (cells) per request.
    pub batch_rows: usize,
    /// Requests in flight at once.
    pub in_flight: usize,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            batch_rows: 1_000,
            in_flight: 4,
        }
    }
}

/// One entry of a `MutateRows` response that did not succeed.
struct Failed {
    index: usize,
    code: Code,
    message: String,
}

impl Bigtable {
    /// Writes rows with batched `MutateRows` requests ([`WriteOptions::default`]: 1,000
    /// rows per request, 4 in flight). See [`Bigtable::write_rows_with`].
    ///
    /// # Errors
    /// As [`Bigtable::write_rows_with`].
    pub async fn write_rows<I>(&mut self, table_id: &str, rows: I) -> Result<WriteSummary, Error>
    where
        I: IntoIterator<Item = Row>,
    {
        self.write_rows_with(table_id, rows, WriteOptions::default())
            .await
    }

    /// Writes rows with batched `MutateRows` requests: each row becomes one entry whose
    /// cells are `SetCell` mutations stamped with the same client time (milliseconds, so the
    /// write is idempotent and safe to retry). Entries that fail with a retryable code
    /// (`UNAVAILABLE`, `DEADLINE_EXCEEDED`, `ABORTED`) are sent again, up to 4 attempts.
    ///
    /// # Errors
    /// [`Error::Mutation`] for the first entry that failed for good, [`Error::Client`]
    /// when a request failed as a whole, [`Error::Task`] when a request task was cancelled.
    pub async fn write_rows_with<I>(
        &mut self,
        table_id: &str,
        rows: I,
        options: WriteOptions,
    ) -> Result<WriteSummary, Error>
    where
        I: IntoIterator<Item = Row>,
    {
        let table_name = self.table_name(table_id);
        let micros = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as i64 * 1000)
            .unwrap_or(0);
        let batch_rows = options.batch_rows.max(1);
        let in_flight = options.in_flight.max(1);
        let mut summary = WriteSummary::default();
        let mut tasks = JoinSet::new();
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let entries: Vec<_> = next_batch(&mut rows, batch_rows, MAX_MUTATIONS_PER_REQUEST)
                .into_iter()
                .map(|row| entry(row, micros))
                .collect();
            summary.rows += entries.len() as u64;
            if tasks.len() >= in_flight {
                if let Some(done) = tasks.join_next().await {
                    summary.requests += joined(done)?;
                }
            }
            let client = self.clone();
            let request = MutateRowsRequest {
                table_name: table_name.clone(),
                app_profile_id: self.app_profile_id.clone(),
                entries,
                ..MutateRowsRequest::default()
            };
            tasks.spawn(async move { client.mutate_rows_with_retry(request).await });
        }
        while let Some(done) = tasks.join_next().await {
            summary.requests += joined(done)?;
        }
        Ok(summary)
    }

    /// Sends one `MutateRows` request and retries its retryable failures. Returns the
    /// number of requests sent.
    async fn mutate_rows_with_retry(
        mut self,
        mut request: MutateRowsRequest,
    ) -> Result<u64, Error> {
        let mut attempt = 1;
        loop {
            let failed = self.mutate_rows_once(&request).await?;
            let Some(first) = failed.first() else {
                return Ok(attempt.into());
            };
            let retryable = failed.iter().all(|f| RETRYABLE_CODES.contains(&f.code));
            if !retryable || attempt == MUTATION_ATTEMPTS {
                return Err(Error::Mutation {
                    row_key: request.entries[first.index].row_key.clone(),
                    code: first.code,
                    message: first.message.clone(),
                });
            }
            request.entries = keep_failed(std::mem::take(&mut request.entries), &failed);
            tokio::time::sleep(Duration::from_millis(50 << attempt)).await;
            attempt += 1;
        }
    }

    /// Sends `request` once; the entries that failed, in response order.
    async fn mutate_rows_once(
        &mut self,
        request: &MutateRowsRequest,
    ) -> Result<Vec<Failed>, Error> {
        self.counters.mutate_rows.fetch_add(1, Ordering::Relaxed);
        let mut stream = self.data.mutate_rows(request.clone()).await?;
        let mut failed = Vec::new();
        while let Some(response) = stream
            .message()
            .await
            .map_err(bigtable_rs::bigtable::Error::from)?
        {
            for e in response.entries {
                let status = e.status.unwrap_or_default();
                let code = Code::from_i32(status.code);
                if code != Code::Ok {
                    failed.push(Failed {
                        index: e.index as usize,
                        code,
                        message: status.message,
                    });
                }
            }
        }
        Ok(failed)
    }
}

/// The entries of `entries` that `failed` names, in their order.
fn keep_failed(
    entries: Vec<mutate_rows_request::Entry>,
    failed: &[Failed],
) -> Vec<mutate_rows_request::Entry> {
    let mut keep: Vec<usize> = failed.iter().map(|f| f.index).collect();
    keep.sort_unstable();
    entries
        .into_iter()
        .enumerate()
        .filter(|(i, _)| keep.binary_search(i).is_ok())
        .map(|(_, e)| e)
        .collect()
}

/// The next batch of `rows`: up to `max_rows` rows, and no more than `max_mutations` cells
/// in all (a single row with more cells still goes alone; Bigtable then rejects it).
fn next_batch<I: Iterator<Item = Row>>(
    rows: &mut std::iter::Peekable<I>,
    max_rows: usize,
    max_mutations: usize,
) -> Vec<Row> {
    let mut batch = Vec::new();
    let mut mutations = 0;
    while batch.len() < max_rows {
        let fits = |row: &Row| batch.is_empty() || mutations + row.cells.len() <= max_mutations;
        let Some(row) = rows.next_if(fits) else {
            break;
        };
        mutations += row.cells.len();
        batch.push(row);
    }
    batch
}

/// A row as a `MutateRows` entry of `SetCell` mutations at `micros`.
fn entry(row: Row, micros: i64) -> mutate_rows_request::Entry {
    mutate_rows_request::Entry {
        row_key: row.key,
        mutations: row
            .cells
            .into_iter()
            .map(|c| Mutation {
                mutation: Some(mutation::Mutation::SetCell(mutation::SetCell {
                    family_name: c.family,
                    column_qualifier: c.qualifier,
                    timestamp_micros: micros,
                    value: c.value,
                })),
            })
            .collect(),
        ..mutate_rows_request::Entry::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_respect_row_and_mutation_limits() {
        let row = |cells: usize| {
            (0..cells).fold(Row::new(vec![1]), |r, i| {
                r.with_cell("d", vec![i as u8], b"v".to_vec())
            })
        };
        let mut rows = [1, 1, 1, 2, 3, 1, 9, 1].map(row).into_iter().peekable();
        let sizes = |b: Vec<Row>| b.iter().map(|r| r.cells.len()).collect::<Vec<_>>();
        assert_eq!(sizes(next_batch(&mut rows, 3, 100)), [1, 1, 1]);
        assert_eq!(sizes(next_batch(&mut rows, 10, 5)), [2, 3]);
        assert_eq!(sizes(next_batch(&mut rows, 10, 5)), [1]);
        // A row above the mutation limit goes alone.
        assert_eq!(sizes(next_batch(&mut rows, 10, 5)), [9]);
        assert_eq!(sizes(next_batch(&mut rows, 10, 5)), [1]);
        assert!(next_batch(&mut rows, 10, 5).is_empty());
    }

    #[test]
    fn retries_keep_only_the_failed_entries() {
        let entries: Vec<_> = (0..5u8).map(|i| entry(Row::new(vec![i]), 0)).collect();
        let failed = [3, 1].map(|index| Failed {
            index,
            code: Code::Unavailable,
            message: String::new(),
        });
        let kept: Vec<Vec<u8>> = keep_failed(entries, &failed)
            .into_iter()
            .map(|e| e.row_key)
            .collect();
        assert_eq!(kept, [vec![1], vec![3]]);
    }
}
