//! Run [rowkey](https://docs.rs/rowkey) keys and scans against Cloud Bigtable, or the
//! Bigtable emulator.
//!
//! * [`row_range`] / [`ToRowRange`] turn a [`KeyRange`](rowkey::KeyRange) into Bigtable's
//!   [`RowRange`]: `start_key_closed = range.start()`, `end_key_open = range.end()`, and no end key when
//!   `range.end()` is `None` (the range runs to the end of the table).
//! * [`row_set`] puts any number of ranges (a fan-out over salt buckets, for one) into one
//!   [`RowSet`], so a query over N buckets is **one** `ReadRows` request.
//! * [`Bigtable`] is a small client over the generated gRPC clients
//!   ([`googleapis_tonic_google_bigtable_v2`], and the admin API's for tables): connect from
//!   the environment, create a table pre-split at `T::split_points()`, write rows with
//!   batched `MutateRows`, read, page through a range with
//!   [`KeyRange::pages`](rowkey::KeyRange::pages). It counts the requests it sends
//!   ([`Bigtable::requests`]).
//! * [`Bigtable::stream_rows`] reads any row set as a [`RowStream`]: rows handed on as they
//!   arrive, transient failures retried after a jittered backoff and resumed after the last
//!   row delivered, every wait under a deadline ([`CallPolicy`]), and a failure that says
//!   where to resume ([`Error::Read`], [`ReadProgress`]).
//! * [`Bigtable::stream_select`] reads a skip-scan select (`T::select()`): its ranges in
//!   one request, the rows that meet its remaining conditions kept ([`SelectedRows`]).
//! * [`Bigtable::stream_buckets`] reads a fan-out as one stream per bucket, merged lazily
//!   into the order of the key without its bucket ([`MergedRows`]);
//!   [`Bigtable::read_latest`] and [`Bigtable::read_latest_buckets`] use Bigtable's reversed
//!   read for "the latest N before this key". [`merge_buckets`] and [`merge_sorted_runs`]
//!   merge rows already in memory.
//!
//! The modules follow the concerns: `ranges` (key ranges to row ranges and row sets),
//! `remaining` (what a read has left, trimmed and cut into requests), `stream` (one read),
//! `decode` (response chunks to rows), `merge` (merges), `read` (the reading API), `policy`
//! (deadlines, retries), `status` and `error` (what failed), `write` (batched mutations),
//! `row`, `config` (the environment) and `client` (connections, the admin API).
//!
//! # Connecting
//!
//! [`Bigtable::connect`] reads the environment:
//!
//! * `BIGTABLE_EMULATOR_HOST=host:port`: the emulator (plain HTTP/2, no credentials).
//!   `cargo xtask emulator` runs one; `cargo xtask test` starts one for the test suite.
//! * otherwise a real instance: `BIGTABLE_PROJECT` (else `GOOGLE_CLOUD_PROJECT`, else the
//!   project of the credentials) and `BIGTABLE_INSTANCE`, with Application Default
//!   Credentials (`GOOGLE_APPLICATION_CREDENTIALS`, `gcloud auth application-default login`,
//!   or the metadata server) found by [`gcp_auth`]. TLS is rustls with the system's root
//!   certificates; no OpenSSL.
//!
//! ```no_run
//! use rowkey::KeyRange;
//! use rowkey_bigtable::{row_set, Bigtable, Row};
//!
//! # async fn demo() -> Result<(), rowkey_bigtable::Error> {
//! let bt = Bigtable::connect().await?;
//! bt.create_table("events", &["d"], [b"\x40".as_slice(), b"\x80", b"\xc0"]).await?;
//! bt.write_rows("events", [Row::new(b"\x41abc".to_vec()).with_cell("d", b"v", b"1".to_vec())])
//!     .await?;
//! let range = KeyRange::<64>::prefix(b"\x41")?;
//! let rows = bt.read_rows("events", row_set([&range]), None).await?;
//! assert_eq!(rows.len(), 1);
//! # Ok(()) }
//! ```
#![warn(missing_docs)]

mod client;
mod config;
mod decode;
mod error;
mod merge;
mod policy;
mod ranges;
mod read;
mod remaining;
mod row;
mod select;
mod status;
mod stream;
mod write;

pub use gcp_auth;
pub use googleapis_tonic_google_bigtable_admin_v2;
pub use googleapis_tonic_google_bigtable_v2;
/// The data API's protobuf messages (`RowSet`, `RowRange`, `ReadRowsRequest`, ...).
pub use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as proto;
pub use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::{RowRange, RowSet};
pub use tonic::Code;

pub use client::{Bigtable, RequestCounts};
pub use config::{Config, EMULATOR_HOST_VAR, INSTANCE_VAR, PROJECT_VAR};
pub use error::{Error, Failure, ReadProgress};
pub use merge::{merge_buckets, merge_sorted_runs, MergedRows};
pub use policy::CallPolicy;
pub use ranges::{row_range, row_set, row_set_is_empty, ToRowRange};
pub use read::Page;
pub use row::{Cell, Row};
pub use select::SelectedRows;
pub use stream::RowStream;
pub use write::{CellTime, WriteOptions, WriteSummary};

// The README's example compiles as a doc test (it needs a Bigtable to run).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
