//! Deadlines and retries: how long a call may take, which failures are worth another
//! attempt, and how long to wait before it.
//!
//! The defaults are the official clients'. Java (`googleapis/java-bigtable`,
//! `EnhancedBigtableStubSettings` / `ClientOperationSettings`): `ReadRows` retries
//! `DEADLINE_EXCEEDED`, `UNAVAILABLE` and `ABORTED` (the server aborts a stream whose reader
//! is too slow), waits 10 ms before the first retry and doubles the wait up to 1 minute,
//! with jitter, at most 10 attempts, 30 minutes per attempt, 12 hours in all, and fails an
//! attempt that receives nothing for 5 minutes (its idle timeout); `MutateRows` retries
//! `DEADLINE_EXCEEDED` and `UNAVAILABLE`, with the same waits, 1 minute per attempt and 10
//! minutes in all. Go (`googleapis/google-cloud-go`, `bigtable/bigtable.go`) retries the
//! same three codes, and `INTERNAL` when the message says the stream was reset
//! (`retryableInternalErrMsgs`: "stream terminated by RST_STREAM", "Received Rst stream",
//! "RST_STREAM closed stream", "Received RST_STREAM").
//!
//! An attempt that made progress (delivered a row) starts the backoff over, as gax's
//! `StreamingRetryAlgorithm` does ("if we have made progress in the last attempt, then
//! reset the delays"), so a long read survives any number of failures as long as each
//! attempt moves it forward; the overall deadline still counts from the first attempt.

use std::time::Duration;

use tonic::Code;

/// How one kind of call (reads, or writes) is timed and retried.
///
/// ```
/// use std::time::Duration;
/// use rowkey_bigtable::CallPolicy;
///
/// // Fail fast: a stalled server is noticed after 2 s without a message, and the whole
/// // read gives up after 30 s, with an error that says where to resume.
/// let policy = CallPolicy {
///     idle_timeout: Duration::from_secs(2),
///     deadline: Some(Duration::from_secs(30)),
///     ..CallPolicy::reads()
/// };
/// assert_eq!(policy.max_attempts, 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CallPolicy {
    /// The whole operation, every attempt and wait included; `None`: no limit.
    pub deadline: Option<Duration>,
    /// One attempt (one request), sent to the server as its `grpc-timeout`.
    pub attempt_timeout: Duration,
    /// An attempt that receives no message (response headers, rows) for this long fails
    /// with `DEADLINE_EXCEEDED`, and is retried.
    pub idle_timeout: Duration,
    /// Attempts in a row that make no progress before the call fails (1: no retry).
    pub max_attempts: u32,
    /// The wait before the first retry.
    pub initial_backoff: Duration,
    /// The longest wait between attempts.
    pub max_backoff: Duration,
    /// How much each wait grows over the one before.
    pub backoff_multiplier: f64,
}

impl CallPolicy {
    /// The official clients' `ReadRows` policy: 10 attempts, 10 ms doubling to 1 min
    /// between them, 30 min per attempt, 5 min without a message, 12 h in all.
    pub fn reads() -> CallPolicy {
        CallPolicy {
            deadline: Some(Duration::from_secs(12 * 3600)),
            attempt_timeout: Duration::from_secs(30 * 60),
            idle_timeout: Duration::from_secs(5 * 60),
            max_attempts: 10,
            initial_backoff: Duration::from_millis(10),
            max_backoff: Duration::from_secs(60),
            backoff_multiplier: 2.0,
        }
    }

    /// The official clients' `MutateRows` policy: 10 ms doubling to 1 min between
    /// attempts, 1 min per attempt, 10 min in all (and, here, at most 10 attempts).
    pub fn writes() -> CallPolicy {
        CallPolicy {
            deadline: Some(Duration::from_secs(10 * 60)),
            attempt_timeout: Duration::from_secs(60),
            idle_timeout: Duration::from_secs(60),
            ..CallPolicy::reads()
        }
    }

    /// The waits before successive retries.
    pub(crate) fn backoff(&self) -> Backoff {
        Backoff {
            next: self.initial_backoff,
            max: self.max_backoff,
            multiplier: self.backoff_multiplier.max(1.0),
        }
    }
}

/// Exponential backoff with full jitter: each wait is drawn uniformly from `[0, cap]`, the
/// cap growing by the multiplier up to the maximum (gax's `Backoff.Pause` in Go, and
/// `RetrySettings.jittered` in Java, draw the same way). Jitter keeps clients that failed
/// together from retrying together.
#[derive(Debug, Clone)]
pub(crate) struct Backoff {
    next: Duration,
    max: Duration,
    multiplier: f64,
}

impl Backoff {
    /// The next wait, and the cap grown for the one after.
    pub(crate) fn next_wait(&mut self) -> Duration {
        let cap = self.next.min(self.max);
        self.next = cap.mul_f64(self.multiplier).min(self.max);
        cap.mul_f64(fastrand::f64())
    }
}

/// Whether a failed `ReadRows` attempt is worth another: `DEADLINE_EXCEEDED`, `UNAVAILABLE`,
/// `ABORTED`, and `INTERNAL` for a reset stream (see the module documentation).
pub(crate) fn read_retryable(code: Code, message: &str) -> bool {
    matches!(
        code,
        Code::DeadlineExceeded | Code::Unavailable | Code::Aborted
    ) || (code == Code::Internal && reset_stream(message))
}

/// Whether a failed `MutateRows` request, or entry, of idempotent mutations is worth sending
/// again: `DEADLINE_EXCEEDED`, `UNAVAILABLE` (Java's set), `ABORTED` (Go's), and `INTERNAL`
/// for a reset stream.
pub(crate) fn write_retryable(code: Code, message: &str) -> bool {
    read_retryable(code, message)
}

/// Go's `retryableInternalErrMsgs`: an `INTERNAL` status that only says the HTTP/2 stream
/// was reset under the call.
fn reset_stream(message: &str) -> bool {
    const RESET: [&str; 4] = [
        "stream terminated by RST_STREAM",
        "Received Rst stream",
        "RST_STREAM closed stream",
        "Received RST_STREAM",
    ];
    RESET.iter().any(|m| message.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_to_its_cap_with_jitter() {
        let policy = CallPolicy {
            initial_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_millis(1_000),
            backoff_multiplier: 2.0,
            ..CallPolicy::reads()
        };
        let caps = [100u64, 200, 400, 800, 1_000, 1_000];
        let mut spread = [Duration::MAX; 6];
        for _ in 0..200 {
            let mut backoff = policy.backoff();
            for (i, cap) in caps.iter().enumerate() {
                let wait = backoff.next_wait();
                assert!(wait <= Duration::from_millis(*cap), "wait {i}: {wait:?}");
                spread[i] = spread[i].min(wait);
            }
        }
        // Jitter: over 200 draws, some wait is well under its cap.
        for (i, cap) in caps.iter().enumerate() {
            assert!(
                spread[i] < Duration::from_millis(cap / 2),
                "wait {i} never jittered"
            );
        }
    }

    #[test]
    fn retryable_codes_follow_the_official_clients() {
        for code in [Code::DeadlineExceeded, Code::Unavailable, Code::Aborted] {
            assert!(read_retryable(code, ""));
            assert!(write_retryable(code, ""));
        }
        for code in [
            Code::NotFound,
            Code::InvalidArgument,
            Code::PermissionDenied,
            Code::ResourceExhausted,
            Code::Cancelled,
            Code::Unknown,
        ] {
            assert!(!read_retryable(code, "stream terminated by RST_STREAM"));
        }
        assert!(read_retryable(
            Code::Internal,
            "HTTP/2 error: stream terminated by RST_STREAM with error code: PROTOCOL_ERROR"
        ));
        assert!(!read_retryable(Code::Internal, "invalid ReadRows response"));
    }
}
