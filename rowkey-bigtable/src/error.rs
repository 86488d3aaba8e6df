//! What can go wrong talking to Bigtable: one variant per failure the crate reports, the
//! gRPC code a caller can act on, and where a failed read stands.

use std::fmt;
use std::time::Duration;

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::RowSet;
use rowkey::text::StringBinary;
use tonic::metadata::errors::InvalidMetadataValue;
use tonic::Code;

/// What can go wrong talking to Bigtable.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The environment does not say where to connect, or says it in a way that cannot be
    /// used (see [`Config::from_env`](crate::Config::from_env)).
    Config(String),
    /// A request failed for good: after its retries, or at once for a code that is not
    /// worth retrying. See [`Failure`].
    Rpc(Box<Failure>),
    /// A read failed for good, after delivering some rows: the failure, and where a
    /// resumed read would start ([`ReadProgress`]).
    Read(Box<(Failure, ReadProgress)>),
    /// The gRPC channel could not be set up.
    Transport(tonic::transport::Error),
    /// No credentials, or no token for them.
    Auth(gcp_auth::Error),
    /// A value cannot be sent as a gRPC header: an access token, or a table name in the
    /// routing header.
    Header {
        /// The header's name.
        name: &'static str,
        /// Why the value is not a valid header value.
        error: InvalidMetadataValue,
    },
    /// A key range could not be built (a resumed page start longer than its capacity).
    Key(rowkey::EncodeError),
    /// One range of a read is larger, encoded, than one request may be, so no request can
    /// carry it. Reported before anything is sent.
    RequestTooLarge {
        /// The encoded size of the range.
        bytes: usize,
        /// The most one request may carry ([`Config::max_request_bytes`](crate::Config)).
        limit: usize,
    },
    /// A `MutateRows` entry failed (after retries, for retryable codes).
    Mutation {
        /// The row the mutation was for.
        row_key: Vec<u8>,
        /// The gRPC status code (`google.rpc.Code`).
        code: Code,
        /// The status message.
        message: String,
    },
    /// A task sending requests was cancelled before it finished (the runtime shut down).
    Task(tokio::task::JoinError),
}

/// A request that failed for good: the gRPC code it failed with, after how many attempts
/// and how long, and the underlying cause.
///
/// Transport failures carry the code they mean, not the one the HTTP/2 layer happened to
/// produce: a refused, reset or broken connection is `UNAVAILABLE`, and an expired deadline
/// (the operation's, an attempt's, or the idle timeout) is `DEADLINE_EXCEEDED`. The
/// original error stays available as [`std::error::Error::source`].
#[derive(Debug)]
pub struct Failure {
    /// The gRPC code.
    pub code: Code,
    /// What happened, in words.
    pub message: String,
    /// Attempts made (1: the request was not retried).
    pub attempts: u32,
    /// Time from the first attempt to the failure.
    pub elapsed: Duration,
    pub(crate) cause: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl Failure {
    /// A failure for `code` with no underlying cause.
    pub(crate) fn new(code: Code, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
            attempts: 1,
            elapsed: Duration::ZERO,
            cause: None,
        }
    }

    /// The failure a `tonic::Status` means, its transport errors mapped to the codes they
    /// mean, the status kept as the cause.
    pub(crate) fn of_status(status: tonic::Status) -> Failure {
        let code = crate::status::effective_code(&status);
        let message = match status.message() {
            "" => format!("{:?}", status.code()),
            m => m.to_owned(),
        };
        Failure {
            code,
            message,
            attempts: 1,
            elapsed: Duration::ZERO,
            cause: Some(Box::new(status)),
        }
    }

    /// The same failure, counted.
    pub(crate) fn after(mut self, attempts: u32, elapsed: Duration) -> Failure {
        self.attempts = attempts;
        self.elapsed = elapsed;
        self
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}: {} (after {} attempt{}, {:.1} s)",
            self.code,
            self.message,
            self.attempts,
            if self.attempts == 1 { "" } else { "s" },
            self.elapsed.as_secs_f64()
        )
    }
}

impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// Where a read stands when it fails: how many rows the caller received, the last of
/// them, and the row set that remains. Read [`remaining`](ReadProgress::remaining) (with
/// [`Bigtable::stream_rows`](crate::Bigtable::stream_rows), or
/// [`Bigtable::stream_merged`](crate::Bigtable::stream_merged) for a merged fan-out) to get
/// exactly the rows not yet delivered.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReadProgress {
    /// Rows handed to the caller.
    pub rows_delivered: u64,
    /// The key of the last row handed to the caller.
    pub last_key: Option<Vec<u8>>,
    /// What is left to read: the request's row set without every key already delivered.
    pub remaining: RowSet,
    /// For a limited read, how many rows the limit still allows.
    pub rows_left: Option<u64>,
}

impl Error {
    /// The gRPC code of a failed request or read: what a caller's own retry would key on.
    pub fn code(&self) -> Option<Code> {
        match self {
            Error::Rpc(f) => Some(f.code),
            Error::Read(r) => Some(r.0.code),
            Error::Mutation { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// Where a failed read stands: rows delivered and what remains.
    pub fn progress(&self) -> Option<&ReadProgress> {
        match self {
            Error::Read(r) => Some(&r.1),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Config(m) => write!(f, "Bigtable configuration: {m}"),
            Error::Rpc(failure) => write!(f, "Bigtable request failed: {failure}"),
            Error::Read(read) => {
                let (failure, progress) = &**read;
                write!(
                    f,
                    "Bigtable read failed: {failure}; {} row(s) delivered",
                    progress.rows_delivered
                )?;
                match &progress.last_key {
                    Some(key) => write!(f, ", resume after {}", StringBinary(key)),
                    None => write!(f, ", resume from the start"),
                }
            }
            Error::Transport(e) => write!(f, "Bigtable connection: {e}"),
            Error::Auth(e) => write!(f, "Google Cloud credentials: {e}"),
            Error::Header { name, error } => write!(f, "invalid `{name}` header value: {error}"),
            Error::Key(e) => write!(f, "key range: {e}"),
            Error::RequestTooLarge { bytes, limit } => write!(
                f,
                "one range of the read takes {bytes} bytes, more than the {limit} bytes one \
                 request may carry; raise `Config::max_request_bytes` (Bigtable accepts \
                 requests up to 256 MiB) or shorten the range's keys"
            ),
            Error::Mutation {
                row_key,
                code,
                message,
            } => write!(
                f,
                "mutation of row {} failed with {code:?}: {message}",
                StringBinary(row_key)
            ),
            Error::Task(e) => write!(f, "request task did not finish: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Rpc(f) => Some(&**f),
            Error::Read(r) => Some(&r.0),
            Error::Transport(e) => Some(e),
            Error::Auth(e) => Some(e),
            Error::Header { error, .. } => Some(error),
            Error::Key(e) => Some(e),
            Error::Task(e) => Some(e),
            Error::Config(_) | Error::RequestTooLarge { .. } | Error::Mutation { .. } => None,
        }
    }
}

impl From<Failure> for Error {
    fn from(f: Failure) -> Self {
        Error::Rpc(Box::new(f))
    }
}

impl From<tonic::Status> for Error {
    fn from(status: tonic::Status) -> Self {
        Failure::of_status(status).into()
    }
}

impl From<tonic::transport::Error> for Error {
    fn from(e: tonic::transport::Error) -> Self {
        Error::Transport(e)
    }
}

impl From<gcp_auth::Error> for Error {
    fn from(e: gcp_auth::Error) -> Self {
        Error::Auth(e)
    }
}

impl From<rowkey::EncodeError> for Error {
    fn from(e: rowkey::EncodeError) -> Self {
        Error::Key(e)
    }
}

/// `value` as the value of header `name`.
pub(crate) fn header(
    name: &'static str,
    value: String,
) -> Result<tonic::metadata::MetadataValue<tonic::metadata::Ascii>, Error> {
    value
        .try_into()
        .map_err(|error| Error::Header { name, error })
}

/// The outcome of a request task: its result, or the panic it raised, or [`Error::Task`].
pub(crate) fn joined<T>(
    done: Result<Result<T, Error>, tokio::task::JoinError>,
) -> Result<T, Error> {
    match done {
        Ok(result) => result,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(e) => Err(Error::Task(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutation_error_names_the_code_and_the_row_as_shell_text() {
        let e = Error::Mutation {
            row_key: b"ab\x00\xff\\".to_vec(),
            code: Code::from_i32(9),
            message: "no".into(),
        };
        assert_eq!(
            e.to_string(),
            "mutation of row ab\\x00\\xFF\\x5C failed with FailedPrecondition: no"
        );
    }

    #[test]
    fn read_error_says_where_to_resume() {
        let failure = Failure::new(Code::Unavailable, "connection refused")
            .after(3, Duration::from_millis(1500));
        let progress = ReadProgress {
            rows_delivered: 42,
            last_key: Some(b"k\x01".to_vec()),
            ..ReadProgress::default()
        };
        let e = Error::Read(Box::new((failure, progress)));
        assert_eq!(e.code(), Some(Code::Unavailable));
        assert_eq!(e.progress().map(|p| p.rows_delivered), Some(42));
        assert_eq!(
            e.to_string(),
            "Bigtable read failed: Unavailable: connection refused (after 3 attempts, 1.5 s); \
             42 row(s) delivered, resume after k\\x01"
        );
    }
}
