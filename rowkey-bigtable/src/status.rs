//! The gRPC code a failure means.
//!
//! A status the server sent is taken as it is. A status tonic made up on the client, from
//! a failure of the connection under the call, is not: it shows a killed server as
//! `UNKNOWN` ("h2 protocol error ... BrokenPipe"), or `INTERNAL`, and its own timeout as
//! `CANCELLED`, codes no retry keys on. Such a status has the transport error as its
//! source (a status from the server never has one), and means:
//!
//! * `DEADLINE_EXCEEDED` when a timeout expired (tonic's `TimeoutExpired`, an I/O timeout);
//! * `UNAVAILABLE` otherwise: a refused, reset, closed or broken connection. gRPC's own
//!   table of HTTP/2 failures says the same ("the connection is broken... UNAVAILABLE";
//!   <https://github.com/grpc/grpc/blob/master/doc/statuscodes.md>).

use std::error::Error as StdError;

use tonic::{Code, Status};

/// The code `status` means: see the module documentation.
pub(crate) fn effective_code(status: &Status) -> Code {
    let Some(cause) = status.source() else {
        return status.code();
    };
    if timed_out(cause) {
        Code::DeadlineExceeded
    } else {
        Code::Unavailable
    }
}

/// Whether a timeout shows anywhere in the chain of `error`.
fn timed_out(error: &(dyn StdError + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(e) = next {
        if e.is::<tonic::TimeoutExpired>() {
            return true;
        }
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            if io.kind() == std::io::ErrorKind::TimedOut {
                return true;
            }
        }
        next = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn server_statuses_keep_their_code() {
        assert_eq!(effective_code(&Status::not_found("table")), Code::NotFound);
        assert_eq!(effective_code(&Status::unknown("?")), Code::Unknown);
    }

    #[test]
    fn transport_failures_are_unavailable_and_timeouts_deadline_exceeded() {
        let broken = Status::from_error(Box::new(io::Error::from(io::ErrorKind::BrokenPipe)));
        assert_eq!(broken.code(), Code::Unknown, "what tonic reports");
        assert_eq!(effective_code(&broken), Code::Unavailable);
        let reset = Status::from_error(Box::new(io::Error::from(io::ErrorKind::ConnectionReset)));
        assert_eq!(effective_code(&reset), Code::Unavailable);
        let timeout = Status::from_error(Box::new(io::Error::from(io::ErrorKind::TimedOut)));
        assert_eq!(effective_code(&timeout), Code::DeadlineExceeded);
    }
}
