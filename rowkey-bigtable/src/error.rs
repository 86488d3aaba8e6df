//! What can go wrong talking to Bigtable: one variant per failure the crate reports.

use std::fmt;

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
    /// An error from the [`bigtable_rs`] data client (RPC status, transport, decoding).
    Client(bigtable_rs::bigtable::Error),
    /// An RPC of the admin API failed.
    Status(tonic::Status),
    /// The gRPC channel could not be set up or connected.
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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Config(m) => write!(f, "Bigtable configuration: {m}"),
            Error::Client(e) => write!(f, "Bigtable data API: {e}"),
            Error::Status(s) => write!(f, "Bigtable admin API: {} ({:?})", s.message(), s.code()),
            Error::Transport(e) => write!(f, "Bigtable connection: {e}"),
            Error::Auth(e) => write!(f, "Google Cloud credentials: {e}"),
            Error::Header { name, error } => write!(f, "invalid `{name}` header value: {error}"),
            Error::Key(e) => write!(f, "key range: {e}"),
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
            Error::Client(e) => Some(e),
            Error::Status(e) => Some(e),
            Error::Transport(e) => Some(e),
            Error::Auth(e) => Some(e),
            Error::Header { error, .. } => Some(error),
            Error::Key(e) => Some(e),
            Error::Task(e) => Some(e),
            Error::Config(_) | Error::Mutation { .. } => None,
        }
    }
}

impl From<bigtable_rs::bigtable::Error> for Error {
    fn from(e: bigtable_rs::bigtable::Error) -> Self {
        Error::Client(e)
    }
}

impl From<tonic::Status> for Error {
    fn from(e: tonic::Status) -> Self {
        Error::Status(e)
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
}
