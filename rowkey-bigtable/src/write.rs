//! Writes: rows as batched `MutateRows` requests, several in flight; failed entries, and
//! whole requests that failed on the way, sent again when that is safe.
//!
//! A mutation may be sent twice only if applying it twice changes nothing: a `SetCell` with
//! an explicit timestamp writes the same cell version again, a delete deletes again. A
//! `SetCell` stamped by the server (timestamp `-1`) would write a second version, so the
//! official clients never retry it (Java's `MutateRowsAttemptCallable` retries only
//! idempotent entries; Python's `RowMutationEntry.is_idempotent`); neither does this crate.
//! Retryable codes and backoff are those of [`CallPolicy::writes`].

use std::sync::atomic::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::{
    mutate_rows_request, mutation, MutateRowsRequest, MutateRowsResponse, Mutation,
};
use tokio::task::JoinSet;
use tokio::time::Instant;
use tonic::Code;

use crate::error::{joined, Failure};
use crate::policy::write_retryable;
use crate::{Bigtable, CallPolicy, Error, Row};

/// Bigtable's limit on the mutations of one `MutateRows` request (`MutateRowsRequest.entries`:
/// "the total number of mutations across all entries must be at most 100,000").
const MAX_MUTATIONS_PER_REQUEST: usize = 100_000;
/// The timestamp that asks Bigtable to stamp a cell with its own clock.
const SERVER_TIME: i64 = -1;

/// What [`Bigtable::write_rows`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteSummary {
    /// Rows written.
    pub rows: u64,
    /// `MutateRows` requests sent (retries included).
    pub requests: u64,
}

/// The timestamp of the cells a write sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CellTime {
    /// The client's clock when the write starts, in milliseconds (Bigtable's default
    /// granularity), the same for every cell of the write: idempotent, so retried.
    #[default]
    Now,
    /// These microseconds since the Unix epoch: idempotent, so retried.
    Micros(i64),
    /// Bigtable's clock as each cell arrives. A retry would write a second version of the
    /// cell, so such writes are never sent twice: a transient failure is an error.
    Server,
}

/// How [`Bigtable::write_rows_with`] batches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// Rows per `MutateRows` request. A request also stops short of Bigtable's limit of
    /// 100,000 mutations (cells) per request.
    pub batch_rows: usize,
    /// Requests in flight at once.
    pub in_flight: usize,
    /// The cells' timestamp.
    pub time: CellTime,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            batch_rows: 1_000,
            in_flight: 4,
            time: CellTime::Now,
        }
    }
}

/// One entry of a `MutateRows` response that did not succeed.
struct Failed {
    index: usize,
    code: Code,
    message: String,
}

/// What one `MutateRows` attempt did.
#[derive(Default)]
struct Sent {
    /// Entries confirmed written.
    ok: Vec<usize>,
    /// Entries that failed, with their codes.
    failed: Vec<Failed>,
    /// Why the request as a whole failed (connection lost, deadline), if it did.
    broken: Option<Failure>,
}

impl Bigtable {
    /// Writes rows with batched `MutateRows` requests ([`WriteOptions::default`]: 1,000
    /// rows per request, 4 in flight). See [`Bigtable::write_rows_with`].
    ///
    /// # Errors
    /// As [`Bigtable::write_rows_with`].
    pub async fn write_rows<I>(&self, table_id: &str, rows: I) -> Result<WriteSummary, Error>
    where
        I: IntoIterator<Item = Row>,
    {
        self.write_rows_with(table_id, rows, WriteOptions::default())
            .await
    }

    /// Writes rows with batched `MutateRows` requests: each row becomes one entry of
    /// `SetCell` mutations at `options.time`. Entries that fail with a retryable code, and
    /// requests that fail as a whole with one (a dropped connection is `UNAVAILABLE`), are
    /// sent again after a jittered exponential backoff, every entry not yet confirmed
    /// written, within the client's write policy ([`CallPolicy::writes`]); never with
    /// [`CellTime::Server`], whose cells a second write would duplicate.
    ///
    /// # Errors
    /// [`Error::Mutation`] for the first entry that failed for good, [`Error::Rpc`] when a
    /// request failed as a whole for good, [`Error::Task`] when a request task was
    /// cancelled.
    pub async fn write_rows_with<I>(
        &self,
        table_id: &str,
        rows: I,
        options: WriteOptions,
    ) -> Result<WriteSummary, Error>
    where
        I: IntoIterator<Item = Row>,
    {
        let table_name = self.table_name(table_id);
        let micros = cell_micros(options.time);
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

    /// Sends one `MutateRows` request until every entry is written, retrying what is safe
    /// and worth it. Returns the number of requests sent.
    async fn mutate_rows_with_retry(self, mut request: MutateRowsRequest) -> Result<u64, Error> {
        let policy = self.write_policy;
        let started = Instant::now();
        let deadline = policy.deadline.map(|d| started + d);
        let idempotent = request.entries.iter().all(is_idempotent);
        let mut backoff = policy.backoff();
        let mut attempts = 0;
        loop {
            attempts += 1;
            let sent = self.mutate_rows_once(&request, &policy, deadline).await;
            let retryable = idempotent
                && sent
                    .broken
                    .iter()
                    .all(|f| write_retryable(f.code, &f.message))
                && sent
                    .failed
                    .iter()
                    .all(|f| write_retryable(f.code, &f.message));
            let first_failed = sent.failed.first().map(|f| Error::Mutation {
                row_key: request.entries[f.index].row_key.clone(),
                code: f.code,
                message: f.message.clone(),
            });
            let left = unconfirmed(std::mem::take(&mut request.entries), &sent.ok);
            if left.is_empty() {
                return Ok(attempts.into());
            }
            let wait = backoff.next_wait();
            let out_of_time = deadline.is_some_and(|d| Instant::now() + wait >= d);
            if !retryable || attempts >= policy.max_attempts || out_of_time {
                return Err(match (sent.broken, first_failed) {
                    (Some(broken), _) => broken.after(attempts, started.elapsed()).into(),
                    (None, Some(failed)) => failed,
                    (None, None) => Failure::new(Code::Internal, "entries were not acknowledged")
                        .after(attempts, started.elapsed())
                        .into(),
                });
            }
            request.entries = left;
            tokio::time::sleep(wait).await;
        }
    }

    /// Sends `request` once, within the attempt's timeout and the idle timeout; what
    /// happened to each entry, and to the request.
    async fn mutate_rows_once(
        &self,
        request: &MutateRowsRequest,
        policy: &CallPolicy,
        deadline: Option<Instant>,
    ) -> Sent {
        self.counters.mutate_rows.fetch_add(1, Ordering::Relaxed);
        let now = Instant::now();
        let ends = deadline.map_or(now + policy.attempt_timeout, |d| {
            d.min(now + policy.attempt_timeout)
        });
        let mut sent = Sent::default();
        let timeout = ends.saturating_duration_since(now);
        let message = request.clone();
        let call = async {
            let request = self
                .data_request(message, &request.table_name, timeout)
                .await?;
            let mut data = self.data.clone();
            let response = within(ends, policy, data.mutate_rows(request)).await?;
            let mut stream = response.into_inner();
            while let Some(response) = within(ends, policy, stream.message()).await? {
                record(response, &mut sent);
            }
            Ok::<(), Error>(())
        };
        if let Err(e) = call.await {
            sent.broken = Some(match e {
                Error::Rpc(failure) => *failure,
                other => Failure::new(Code::Unauthenticated, other.to_string()),
            });
        }
        sent
    }
}

/// `call`'s result, or `DEADLINE_EXCEEDED` when it does not come within the idle timeout
/// or by `ends`.
async fn within<T>(
    ends: Instant,
    policy: &CallPolicy,
    call: impl std::future::Future<Output = Result<T, tonic::Status>>,
) -> Result<T, Error> {
    let by = ends.min(Instant::now() + policy.idle_timeout);
    let waited = by.saturating_duration_since(Instant::now());
    match tokio::time::timeout_at(by, call).await {
        Ok(result) => result.map_err(Error::from),
        Err(_) => Err(Failure::new(
            Code::DeadlineExceeded,
            format!("no response within {:.1} s", waited.as_secs_f64()),
        )
        .into()),
    }
}

/// Sorts the entries of one response into written and failed.
fn record(response: MutateRowsResponse, sent: &mut Sent) {
    for e in response.entries {
        let status = e.status.unwrap_or_default();
        let code = Code::from_i32(status.code);
        let index = e.index as usize;
        if code == Code::Ok {
            sent.ok.push(index);
        } else {
            sent.failed.push(Failed {
                index,
                code,
                message: status.message,
            });
        }
    }
}

/// The timestamp to stamp cells with.
fn cell_micros(time: CellTime) -> i64 {
    match time {
        CellTime::Now => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as i64 * 1000)
            .unwrap_or(0),
        CellTime::Micros(m) => m,
        CellTime::Server => SERVER_TIME,
    }
}

/// Whether applying `entry` twice leaves the table as applying it once: every mutation is a
/// delete, or sets a cell at an explicit timestamp.
fn is_idempotent(entry: &mutate_rows_request::Entry) -> bool {
    entry.mutations.iter().all(|m| match &m.mutation {
        Some(mutation::Mutation::SetCell(set)) => set.timestamp_micros != SERVER_TIME,
        Some(
            mutation::Mutation::DeleteFromColumn(_)
            | mutation::Mutation::DeleteFromFamily(_)
            | mutation::Mutation::DeleteFromRow(_),
        ) => true,
        _ => false,
    })
}

/// The entries not confirmed written, in their order.
fn unconfirmed(
    entries: Vec<mutate_rows_request::Entry>,
    ok: &[usize],
) -> Vec<mutate_rows_request::Entry> {
    let mut ok = ok.to_vec();
    ok.sort_unstable();
    entries
        .into_iter()
        .enumerate()
        .filter(|(i, _)| ok.binary_search(i).is_err())
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
    fn retries_send_every_entry_not_confirmed() {
        let entries: Vec<_> = (0..5u8).map(|i| entry(Row::new(vec![i]), 0)).collect();
        let kept: Vec<Vec<u8>> = unconfirmed(entries, &[4, 0, 2])
            .into_iter()
            .map(|e| e.row_key)
            .collect();
        assert_eq!(kept, [vec![1], vec![3]]);
    }

    #[test]
    fn server_timestamps_are_not_idempotent() {
        let row = Row::new(b"k".to_vec()).with_cell("d", b"q".to_vec(), b"v".to_vec());
        assert!(is_idempotent(&entry(row.clone(), 1_000)));
        assert!(is_idempotent(&entry(
            row.clone(),
            cell_micros(CellTime::Now)
        )));
        assert!(!is_idempotent(&entry(row, cell_micros(CellTime::Server))));
        let delete = mutate_rows_request::Entry {
            row_key: b"k".to_vec(),
            mutations: vec![Mutation {
                mutation: Some(mutation::Mutation::DeleteFromRow(
                    mutation::DeleteFromRow::default(),
                )),
            }],
            ..mutate_rows_request::Entry::default()
        };
        assert!(is_idempotent(&delete));
    }
}
