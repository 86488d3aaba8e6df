//! One read as a stream of rows: `ReadRows` requests sent one after the other, each row
//! handed on as it arrives, a broken request retried from the row after the last one
//! delivered, every wait bounded by a deadline.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;

use futures_util::stream::{self, Stream};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::{
    row_filter, ReadRowsRequest, ReadRowsResponse, RowFilter, RowSet,
};
use tokio::time::Instant;
use tonic::{Code, Streaming};

use crate::decode::Decoder;
use crate::error::{Failure, ReadProgress};
use crate::policy::{read_retryable, Backoff};
use crate::remaining::{Cut, Remaining};
use crate::{Bigtable, CallPolicy, Error, Row};

/// The response of a `ReadRows` request, before its headers have arrived.
type Pending = Pin<
    Box<
        dyn Future<Output = Result<tonic::Response<Streaming<ReadRowsResponse>>, tonic::Status>>
            + Send,
    >,
>;

/// What to read, besides the rows.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Shape {
    /// At most this many rows in all.
    pub(crate) limit: Option<u64>,
    /// At most this many rows per request: the stream sends the next request for the rest
    /// once one is full.
    pub(crate) request_rows: Option<u64>,
    /// Last key first.
    pub(crate) reversed: bool,
}

/// The rows of one read, in key order (descending for a reversed read), each exactly once:
/// see [`Bigtable::stream_rows`].
///
/// Read it with [`RowStream::next`], or turn it into a [`Stream`] with
/// [`RowStream::into_stream`]. Memory stays bounded whatever the size of the read: a row
/// is decoded when the caller asks for one, and HTTP/2 flow control holds the server back
/// meanwhile.
///
/// A transient failure (see [`CallPolicy`]) is retried after a jittered backoff, the
/// request trimmed to the keys after the last row received, so no row is lost or repeated.
/// After an error the stream ends.
pub struct RowStream {
    client: Bigtable,
    table_name: String,
    shape: Shape,
    policy: CallPolicy,
    remaining: Remaining,
    rows_left: Option<u64>,
    /// The key past which the server has sent everything: the last row received, or a
    /// later key it reported scanning.
    received: Option<Vec<u8>>,
    ready: VecDeque<Row>,
    attempt: Option<Attempt>,
    retry_at: Option<Instant>,
    backoff: Backoff,
    /// Attempts in a row that failed without delivering anything.
    failures: u32,
    attempts: u32,
    started: Instant,
    deadline: Option<Instant>,
    delivered: u64,
    last_key: Option<Vec<u8>>,
    done: bool,
}

/// One `ReadRows` request in flight.
struct Attempt {
    pending: Option<Pending>,
    response: Option<Streaming<ReadRowsResponse>>,
    decoder: Decoder,
    cut: Cut,
    /// The request's `rows_limit`, when it has one.
    cap: Option<u64>,
    rows: u64,
    ends: Instant,
}

/// What one message did.
enum Step {
    /// Rows are ready (or the server reported progress).
    Progress,
    /// The request's response ended.
    End,
}

impl RowStream {
    pub(crate) fn new(client: &Bigtable, table_id: &str, rows: &RowSet, shape: Shape) -> Self {
        let started = Instant::now();
        let policy = client.read_policy;
        RowStream {
            client: client.clone(),
            table_name: client.table_name(table_id),
            shape,
            policy,
            remaining: Remaining::new(rows),
            rows_left: shape.limit,
            received: None,
            ready: VecDeque::new(),
            attempt: None,
            retry_at: None,
            backoff: policy.backoff(),
            failures: 0,
            attempts: 0,
            started,
            deadline: policy.deadline.map(|d| started + d),
            delivered: 0,
            last_key: None,
            done: false,
        }
    }

    /// The next row, `None` at the end of the read, or the error that ended it (after
    /// which the stream is over). Cancel-safe: a `next` dropped before it finishes loses
    /// no row.
    ///
    /// # Errors
    /// [`Error::Read`]: the failure (its code, attempts, cause) and the read's
    /// [`ReadProgress`]: rows delivered, the last key, and the row set that remains.
    pub async fn next(&mut self) -> Option<Result<Row, Error>> {
        loop {
            if let Some(row) = self.ready.pop_front() {
                self.delivered += 1;
                self.last_key = Some(row.key.clone());
                return Some(Ok(row));
            }
            if self.done {
                return None;
            }
            if let Err(failure) = self.advance().await {
                self.done = true;
                return Some(Err(self.failed(failure)));
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

    /// Where the read stands: rows delivered so far and the row set that remains.
    pub fn progress(&self) -> ReadProgress {
        let mut remaining = self.remaining.clone();
        if let Some(key) = &self.last_key {
            remaining.delivered(key, self.shape.reversed);
        }
        ReadProgress {
            rows_delivered: self.delivered,
            last_key: self.last_key.clone(),
            remaining: remaining.row_set(),
            rows_left: self.shape.limit.map(|l| l.saturating_sub(self.delivered)),
        }
    }

    /// Requests sent so far, retries included.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// `failure`, counted, with where the read stands.
    fn failed(&self, failure: Failure) -> Error {
        let failure = failure.after(self.attempts, self.started.elapsed());
        Error::Read(Box::new((failure, self.progress())))
    }

    /// Moves the read on until rows are ready, the read is over, or it fails for good.
    async fn advance(&mut self) -> Result<(), Failure> {
        if self.attempt.is_none() {
            if self.is_complete() {
                self.done = true;
                return Ok(());
            }
            self.wait_for_retry().await?;
            self.attempt = Some(self.open().await?);
        }
        let step = self.step().await;
        let cap_reached = self
            .attempt
            .as_ref()
            .is_some_and(|a| a.cap.is_some_and(|cap| a.rows >= cap));
        match step {
            Ok(Step::Progress) if cap_reached || self.rows_left == Some(0) => {
                // A full page: what follows is the next request's.
                self.attempt = None;
                self.trim_received();
                Ok(())
            }
            Ok(Step::Progress) => Ok(()),
            Ok(Step::End) => self.ended(),
            Err(failure) => self.retry(failure),
        }
    }

    /// The request's response ended with status OK.
    fn ended(&mut self) -> Result<(), Failure> {
        let attempt = self.attempt.take().expect("ended with an attempt");
        if attempt.decoder.mid_row() {
            return Err(Failure::new(
                Code::Internal,
                "invalid ReadRows response: it ended in the middle of a row",
            ));
        }
        self.trim_received();
        // Short of its cap (or uncapped), the request read everything it covered.
        if attempt.cap.is_none_or(|cap| attempt.rows < cap) {
            self.remaining.covered(&attempt.cut);
        }
        self.failures = 0;
        Ok(())
    }

    fn is_complete(&self) -> bool {
        self.remaining.is_empty() || self.rows_left == Some(0)
    }

    /// Drops from what remains every key the server has sent past.
    fn trim_received(&mut self) {
        if let Some(key) = &self.received {
            self.remaining.delivered(key, self.shape.reversed);
        }
    }

    /// Decides, after a failed attempt, whether to try again, and when.
    fn retry(&mut self, failure: Failure) -> Result<(), Failure> {
        let progressed = self.attempt.take().is_some_and(|a| a.rows > 0);
        if progressed {
            // As gax does after an attempt that made progress: the backoff starts over.
            self.failures = 0;
            self.backoff = self.policy.backoff();
        }
        self.failures += 1;
        if !read_retryable(failure.code, &failure.message)
            || self.failures >= self.policy.max_attempts
        {
            return Err(failure);
        }
        let at = Instant::now() + self.backoff.next_wait();
        if self.deadline.is_some_and(|d| at >= d) {
            return Err(failure);
        }
        self.trim_received();
        self.retry_at = Some(at);
        Ok(())
    }

    async fn wait_for_retry(&mut self) -> Result<(), Failure> {
        if let Some(at) = self.retry_at {
            tokio::time::sleep_until(at).await;
            self.retry_at = None;
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(self.deadline_failure()),
            _ => Ok(()),
        }
    }

    fn deadline_failure(&self) -> Failure {
        let limit = self.policy.deadline.unwrap_or_default();
        Failure::new(
            Code::DeadlineExceeded,
            format!("the read's deadline of {:.1} s passed", limit.as_secs_f64()),
        )
    }

    /// Sends the next request: the next share of what remains, with the rows it may return.
    async fn open(&mut self) -> Result<Attempt, Failure> {
        let cut = self
            .remaining
            .cut(self.client.max_request_bytes, self.shape.reversed)
            .expect("a read that is not complete has keys left");
        let cap = match (self.rows_left, self.shape.request_rows) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let now = Instant::now();
        let mut timeout = self.policy.attempt_timeout;
        if let Some(d) = self.deadline {
            timeout = timeout.min(d.saturating_duration_since(now));
        }
        let message = ReadRowsRequest {
            table_name: self.table_name.clone(),
            app_profile_id: self.client.app_profile_id.clone(),
            rows: Some(cut.rows.clone()),
            filter: Some(RowFilter {
                filter: Some(row_filter::Filter::CellsPerColumnLimitFilter(1)),
            }),
            rows_limit: cap.map_or(0, |c| c.min(i64::MAX as u64) as i64),
            reversed: self.shape.reversed,
            ..ReadRowsRequest::default()
        };
        let request = self
            .client
            .data_request(message, &self.table_name, timeout)
            .await
            .map_err(|e| Failure::new(Code::Unauthenticated, e.to_string()))?;
        self.client
            .counters
            .read_rows
            .fetch_add(1, Ordering::Relaxed);
        self.attempts += 1;
        let mut data = self.client.data.clone();
        Ok(Attempt {
            pending: Some(Box::pin(async move { data.read_rows(request).await })),
            response: None,
            decoder: Decoder::new(self.shape.reversed),
            cut,
            cap,
            rows: 0,
            ends: now + timeout,
        })
    }

    /// Waits for the next response message (first the response's headers) of the attempt in
    /// flight, within the idle timeout, the attempt's timeout and the read's deadline.
    async fn step(&mut self) -> Result<Step, Failure> {
        let idle = self.policy.idle_timeout;
        let attempt = self.attempt.as_mut().expect("a step needs an attempt");
        let by = [
            Some(Instant::now() + idle),
            Some(attempt.ends),
            self.deadline,
        ]
        .into_iter()
        .flatten()
        .min()
        .expect("the idle timeout is always there");
        if let Some(pending) = attempt.pending.as_mut() {
            let response = tokio::time::timeout_at(by, pending)
                .await
                .map_err(|_| self.expired(by))?
                .map_err(Failure::of_status)?;
            let attempt = self.attempt.as_mut().expect("still in flight");
            attempt.pending = None;
            attempt.response = Some(response.into_inner());
            return Ok(Step::Progress);
        }
        let response = attempt.response.as_mut().expect("headers arrived");
        let message = tokio::time::timeout_at(by, response.message())
            .await
            .map_err(|_| self.expired(by))?
            .map_err(Failure::of_status)?;
        match message {
            None => Ok(Step::End),
            Some(message) => self.take(message).map(|()| Step::Progress),
        }
    }

    /// The failure of a wait that ran out at `by`: which of the three limits it was.
    fn expired(&self, by: Instant) -> Failure {
        if self.deadline == Some(by) {
            return self.deadline_failure();
        }
        let attempt_ended = self.attempt.as_ref().is_some_and(|a| a.ends == by);
        let message = if attempt_ended {
            format!(
                "the attempt's timeout of {:.1} s passed",
                self.policy.attempt_timeout.as_secs_f64()
            )
        } else {
            format!(
                "no response for {:.1} s (the idle timeout)",
                self.policy.idle_timeout.as_secs_f64()
            )
        };
        Failure::new(Code::DeadlineExceeded, message)
    }

    /// Decodes one response message into rows ready for the caller.
    fn take(&mut self, message: ReadRowsResponse) -> Result<(), Failure> {
        let attempt = self.attempt.as_mut().expect("a message needs an attempt");
        let mut rows = Vec::new();
        attempt
            .decoder
            .feed(message.chunks, self.received.as_deref(), &mut rows)?;
        if let Some(left) = self.rows_left {
            rows.truncate(usize::try_from(left).unwrap_or(usize::MAX));
            self.rows_left = Some(left - rows.len() as u64);
        }
        attempt.rows += rows.len() as u64;
        if let Some(last) = rows.last() {
            self.received = Some(last.key.clone());
        }
        self.ready.extend(rows);
        // A key the server scanned past without a row to show: the resume point moves on.
        let scanned = message.last_scanned_row_key;
        if !scanned.is_empty() && !attempt.decoder.mid_row() && self.moves_on(&scanned) {
            self.received = Some(scanned);
        }
        Ok(())
    }

    /// Whether `key` lies past the last key received, in the read's direction.
    fn moves_on(&self, key: &[u8]) -> bool {
        match &self.received {
            None => true,
            Some(last) if self.shape.reversed => key < last.as_slice(),
            Some(last) => key > last.as_slice(),
        }
    }
}
