//! Run [rowkey](https://docs.rs/rowkey) keys and scans against Cloud Bigtable, or the
//! Bigtable emulator.
//!
//! * [`row_range`] / [`ToRowRange`] turn a [`KeyRange`] into Bigtable's [`RowRange`]:
//!   `start_key_closed = range.start()`, `end_key_open = range.end()`, and no end key when
//!   `range.end()` is `None` (the range runs to the end of the table).
//! * [`row_set`] puts any number of ranges (a fan-out over salt buckets, for one) into one
//!   [`RowSet`], so a query over N buckets is **one** `ReadRows` request.
//! * [`Bigtable`] is a small client over [`bigtable_rs`] (data API: its connection with
//!   credentials for Cloud Bigtable, its generated client and `ReadRows` chunk decoder over
//!   a tuned channel for the emulator) and the [`googleapis_tonic_google_bigtable_admin_v2`]
//!   client (table admin): connect from the environment, create a table pre-split at
//!   `T::split_points()`, write rows with batched `MutateRows`, read a [`RowSet`] with an
//!   optional row limit, page through a range with [`KeyRange::after`]. It counts the
//!   requests it sends ([`Bigtable::requests`]).
//! * [`merge_sorted_runs`] merges the per-bucket runs of a fanned-out read back into the
//!   order of a decoded field.
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
//! let mut bt = Bigtable::connect().await?;
//! bt.create_table("events", &["d"], [b"\x40".as_slice(), b"\x80", b"\xc0"]).await?;
//! bt.write_rows("events", [Row::new(b"\x41abc".to_vec()).with_cell("d", b"v", b"1".to_vec())])
//!     .await?;
//! let range = KeyRange::<64>::prefix(b"\x41")?;
//! let rows = bt.read_rows("events", row_set([&range]), None).await?;
//! assert_eq!(rows.len(), 1);
//! # Ok(()) }
//! ```
#![warn(missing_docs)]

use std::cmp::Ordering as CmpOrdering;
use std::collections::{BinaryHeap, VecDeque};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use bigtable_rs;
use bigtable_rs::bigtable::read_rows::decode_read_rows_response;
use bigtable_rs::bigtable::{BigTable, BigTableConnection, RowCell};
use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
use bigtable_rs::google::bigtable::v2::{
    bigtable_client::BigtableClient, mutate_rows_request, mutation, row_filter, MutateRowsRequest,
    MutateRowsResponse, Mutation, ReadRowsRequest, RowFilter,
};
pub use bigtable_rs::google::bigtable::v2::{RowRange, RowSet};
pub use gcp_auth;
pub use googleapis_tonic_google_bigtable_admin_v2;
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2::{
    bigtable_table_admin_client::BigtableTableAdminClient, create_table_request::Split, gc_rule,
    ColumnFamily, CreateTableRequest, DeleteTableRequest, GcRule, Table,
};
use rowkey::KeyRange;
use tonic::metadata::MetadataValue;
use tonic::transport::{Channel, ClientTlsConfig};

/// The environment variable that points every Bigtable client at an emulator.
pub const EMULATOR_HOST_VAR: &str = "BIGTABLE_EMULATOR_HOST";
/// The environment variable naming the Google Cloud project of a real instance.
pub const PROJECT_VAR: &str = "BIGTABLE_PROJECT";
/// The environment variable naming the Bigtable instance.
pub const INSTANCE_VAR: &str = "BIGTABLE_INSTANCE";

/// Project and instance names used against the emulator when the variables are unset (the
/// emulator accepts any).
const EMULATOR_DEFAULT_NAME: &str = "rowkey";
const ADMIN_HOST: &str = "bigtableadmin.googleapis.com";
const ADMIN_SCOPE: &str = "https://www.googleapis.com/auth/bigtable.admin.table";
/// `MutateRows` entry codes worth sending again: DEADLINE_EXCEEDED, ABORTED, UNAVAILABLE.
const RETRYABLE_CODES: [i32; 3] = [4, 10, 14];
const MUTATION_ATTEMPTS: u32 = 4;
/// Bigtable's limit on the mutations of one `MutateRows` request.
const MAX_MUTATIONS_PER_REQUEST: usize = 100_000;
/// HTTP/2 flow-control windows of the emulator connection; see [`Data`].
const EMULATOR_STREAM_WINDOW: u32 = 256 * 1024;
const EMULATOR_CONNECTION_WINDOW: u32 = 16 * 1024 * 1024;

// ---------------------------------------------------------------------------------------
// KeyRange -> RowRange / RowSet
// ---------------------------------------------------------------------------------------

/// A range of row keys that can be sent to Bigtable: implemented for [`KeyRange`] of any
/// capacity and for references to it, so [`row_set`] takes owned ranges (a fan-out iterator)
/// and borrowed ones alike.
pub trait ToRowRange {
    /// The range as Bigtable's [`RowRange`]: start key closed, end key open, no end key
    /// when the range is unbounded. See [`row_range`].
    fn to_row_range(&self) -> RowRange;

    /// Whether the range holds no key at all. [`row_set`] leaves such ranges out.
    fn is_empty_range(&self) -> bool;
}

impl<const CAP: usize> ToRowRange for KeyRange<CAP> {
    fn to_row_range(&self) -> RowRange {
        row_range(self)
    }

    fn is_empty_range(&self) -> bool {
        self.is_empty()
    }
}

impl<T: ToRowRange + ?Sized> ToRowRange for &T {
    fn to_row_range(&self) -> RowRange {
        (**self).to_row_range()
    }

    fn is_empty_range(&self) -> bool {
        (**self).is_empty_range()
    }
}

/// Converts a [`KeyRange`] into Bigtable's [`RowRange`].
///
/// | `KeyRange` | `RowRange` |
/// |---|---|
/// | `start()` (inclusive) | `start_key_closed`; no start key when `start()` is empty (Bigtable reads that as `""` inclusive, the same thing) |
/// | `end() == Some(e)` (exclusive) | `end_key_open = e` |
/// | `end() == None` (unbounded) | no end key: to the end of the table |
///
/// Both sides use the same bytewise order, so the rows Bigtable returns are exactly the
/// keys for which [`KeyRange::contains`] is true. An empty `KeyRange` (end at or before
/// start) gives a range Bigtable may reject; [`row_set`] drops those.
///
/// ```
/// use rowkey::KeyRange;
/// use rowkey_bigtable::bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
///
/// let r = rowkey_bigtable::row_range(&KeyRange::<64>::prefix(b"user1:")?);
/// assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(b"user1:".to_vec())));
/// assert_eq!(r.end_key, Some(EndKey::EndKeyOpen(b"user1;".to_vec())));
///
/// // A prefix of 0xFF bytes has no successor: the row range is open-ended.
/// let r = rowkey_bigtable::row_range(&KeyRange::<64>::prefix(&[0xFF, 0xFF])?);
/// assert_eq!(r.end_key, None);
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
pub fn row_range<const CAP: usize>(range: &KeyRange<CAP>) -> RowRange {
    let start = range.start();
    RowRange {
        start_key: (!start.is_empty()).then(|| StartKey::StartKeyClosed(start.to_vec())),
        end_key: range.end().map(|end| EndKey::EndKeyOpen(end.to_vec())),
    }
}

/// Puts every non-empty range into one [`RowSet`], in the order given: one `ReadRows`
/// request reads them all, and Bigtable returns the rows in key order across the set.
///
/// Empty ranges are left out. **An empty `RowSet` means the whole table to Bigtable**, so
/// check [`row_set_is_empty`] before sending one built from ranges that may all be empty;
/// [`Bigtable::read_rows`] does, and sends no request then.
///
/// ```
/// use rowkey::KeyRange;
///
/// let buckets = (0u8..4).map(|b| KeyRange::<64>::prefix(&[b, 7]).unwrap());
/// let set = rowkey_bigtable::row_set(buckets);
/// assert_eq!(set.row_ranges.len(), 4);
/// assert!(set.row_keys.is_empty());
/// ```
pub fn row_set<I>(ranges: I) -> RowSet
where
    I: IntoIterator,
    I::Item: ToRowRange,
{
    RowSet {
        row_keys: Vec::new(),
        row_ranges: ranges
            .into_iter()
            .filter(|r| !r.is_empty_range())
            .map(|r| r.to_row_range())
            .collect(),
    }
}

/// Whether `set` names no row and no range, which Bigtable would read as the whole table.
pub fn row_set_is_empty(set: &RowSet) -> bool {
    set.row_keys.is_empty() && set.row_ranges.is_empty()
}

// ---------------------------------------------------------------------------------------
// Merging the per-bucket runs of a fanned-out read
// ---------------------------------------------------------------------------------------

/// Merges rows that arrive as sorted runs (a fanned-out read returns bucket after bucket,
/// each bucket sorted by the fields after the salt) into one sequence sorted by `key`.
///
/// Runs are the maximal stretches where `key` does not decrease, so the merge needs no
/// knowledge of the buckets: it costs O(n log r) for r runs (r is at most the number of
/// buckets). Stable: rows with equal keys keep the order of their runs.
///
/// ```
/// // Two buckets, each sorted by timestamp.
/// let rows = vec![(0, 10), (0, 30), (1, 20), (1, 40)];
/// let merged = rowkey_bigtable::merge_sorted_runs(rows, |r| r.1);
/// assert_eq!(merged, [(0, 10), (1, 20), (0, 30), (1, 40)]);
/// ```
pub fn merge_sorted_runs<T, K, F>(rows: Vec<T>, mut key: F) -> Vec<T>
where
    K: Ord,
    F: FnMut(&T) -> K,
{
    let total = rows.len();
    // Split into runs, each row next to its key.
    let mut runs: Vec<VecDeque<(K, T)>> = Vec::new();
    for row in rows {
        let k = key(&row);
        match runs.last_mut() {
            Some(run) if run.back().is_some_and(|(last, _)| *last <= k) => run.push_back((k, row)),
            _ => runs.push(VecDeque::from([(k, row)])),
        }
    }
    if runs.len() <= 1 {
        return runs.into_iter().flatten().map(|(_, row)| row).collect();
    }

    /// The front row of one run, ordered so that the max-heap pops the smallest key, and
    /// among equal keys the earliest run.
    struct Head<K, T> {
        key: K,
        run: usize,
        row: T,
    }
    impl<K: Ord, T> PartialEq for Head<K, T> {
        fn eq(&self, other: &Self) -> bool {
            self.cmp(other) == CmpOrdering::Equal
        }
    }
    impl<K: Ord, T> Eq for Head<K, T> {}
    impl<K: Ord, T> PartialOrd for Head<K, T> {
        fn partial_cmp(&self, other: &Self) -> Option<CmpOrdering> {
            Some(self.cmp(other))
        }
    }
    impl<K: Ord, T> Ord for Head<K, T> {
        fn cmp(&self, other: &Self) -> CmpOrdering {
            other
                .key
                .cmp(&self.key)
                .then_with(|| other.run.cmp(&self.run))
        }
    }

    let mut heap = BinaryHeap::with_capacity(runs.len());
    for (run, rows) in runs.iter_mut().enumerate() {
        if let Some((key, row)) = rows.pop_front() {
            heap.push(Head { key, run, row });
        }
    }
    let mut out = Vec::with_capacity(total);
    while let Some(Head { run, row, .. }) = heap.pop() {
        out.push(row);
        if let Some((key, row)) = runs[run].pop_front() {
            heap.push(Head { key, run, row });
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/// What can go wrong talking to Bigtable.
#[derive(Debug)]
pub enum Error {
    /// The environment does not say where to connect (see [`Config::from_env`]).
    Config(String),
    /// An error from the [`bigtable_rs`] data client (RPC status, transport, decoding).
    Client(bigtable_rs::bigtable::Error),
    /// An RPC of the admin API failed.
    Status(tonic::Status),
    /// The gRPC channel could not be set up or connected.
    Transport(tonic::transport::Error),
    /// No credentials, or no token for them.
    Auth(gcp_auth::Error),
    /// A key range could not be built (a resumed page start longer than its capacity).
    Key(rowkey::EncodeError),
    /// A `MutateRows` entry failed (after retries, for retryable codes).
    Mutation {
        /// The row the mutation was for.
        row_key: Vec<u8>,
        /// The gRPC status code (`google.rpc.Code`).
        code: i32,
        /// The status message.
        message: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Config(m) => write!(f, "Bigtable configuration: {m}"),
            Error::Client(e) => write!(f, "Bigtable data API: {e}"),
            Error::Status(s) => write!(f, "Bigtable admin API: {} ({:?})", s.message(), s.code()),
            Error::Transport(e) => write!(f, "Bigtable connection: {e}"),
            Error::Auth(e) => write!(f, "Google Cloud credentials: {e}"),
            Error::Key(e) => write!(f, "key range: {e}"),
            Error::Mutation {
                row_key,
                code,
                message,
            } => write!(
                f,
                "mutation of row {} failed with code {code}: {message}",
                rowkey_text(row_key)
            ),
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
            Error::Key(e) => Some(e),
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

/// A row key as HBase shell text: printable ASCII kept, other bytes `\xNN`.
fn rowkey_text(key: &[u8]) -> String {
    let mut s = String::with_capacity(key.len());
    for &b in key {
        if (0x20..0x7f).contains(&b) && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s
}

// ---------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------

/// One cell: column family, qualifier, value (the newest version; timestamps are not kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Column family name.
    pub family: String,
    /// Column qualifier.
    pub qualifier: Vec<u8>,
    /// Cell value.
    pub value: Vec<u8>,
}

/// A row to write, or a row read back: its key and cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The row key (an encoded `RowKey`, typically).
    pub key: Vec<u8>,
    /// The row's cells.
    pub cells: Vec<Cell>,
}

impl Row {
    /// A row with no cells yet.
    pub fn new(key: impl Into<Vec<u8>>) -> Self {
        Row {
            key: key.into(),
            cells: Vec::new(),
        }
    }

    /// Adds a cell.
    pub fn with_cell(
        mut self,
        family: &str,
        qualifier: impl Into<Vec<u8>>,
        value: impl Into<Vec<u8>>,
    ) -> Self {
        self.cells.push(Cell {
            family: family.to_owned(),
            qualifier: qualifier.into(),
            value: value.into(),
        });
        self
    }

    /// The value of the cell `family:qualifier`, if the row has it.
    pub fn value(&self, family: &str, qualifier: &[u8]) -> Option<&[u8]> {
        self.cells
            .iter()
            .find(|c| c.family == family && c.qualifier == qualifier)
            .map(|c| c.value.as_slice())
    }
}

/// What [`Bigtable::write_rows`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteSummary {
    /// Rows written.
    pub rows: u64,
    /// `MutateRows` requests sent (retries included).
    pub requests: u64,
}

/// One page of a paged read: see [`Bigtable::read_page`].
#[derive(Debug, Clone)]
pub struct Page<const CAP: usize> {
    /// The rows of this page, in key order.
    pub rows: Vec<Row>,
    /// The rest of the range after the last row ([`KeyRange::after`]); `None` when the
    /// page was not full or nothing can follow, so the scan is over.
    pub next: Option<KeyRange<CAP>>,
}

/// Requests sent by one [`Bigtable`] client (and its clones), by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RequestCounts {
    /// `ReadRows` requests.
    pub read_rows: u64,
    /// `MutateRows` requests.
    pub mutate_rows: u64,
    /// Admin requests (create and delete table).
    pub admin: u64,
}

impl std::ops::Sub for RequestCounts {
    type Output = RequestCounts;
    fn sub(self, rhs: Self) -> Self {
        RequestCounts {
            read_rows: self.read_rows - rhs.read_rows,
            mutate_rows: self.mutate_rows - rhs.mutate_rows,
            admin: self.admin - rhs.admin,
        }
    }
}

#[derive(Debug, Default)]
struct Counters {
    read_rows: AtomicU64,
    mutate_rows: AtomicU64,
    admin: AtomicU64,
}

// ---------------------------------------------------------------------------------------
// Configuration and client
// ---------------------------------------------------------------------------------------

/// Where to connect and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `host:port` of an emulator; `None`: Cloud Bigtable with credentials.
    pub emulator_host: Option<String>,
    /// Google Cloud project id; `None` (real instance only): the credentials' project.
    pub project: Option<String>,
    /// Bigtable instance id.
    pub instance: String,
    /// App profile for data requests (`""`: the instance's default profile).
    pub app_profile_id: String,
    /// gRPC channels (HTTP/2 connections) for data requests.
    pub channels: usize,
    /// Timeout of each request.
    pub timeout: Duration,
}

impl Config {
    /// Reads [`EMULATOR_HOST_VAR`], [`PROJECT_VAR`] (else `GOOGLE_CLOUD_PROJECT`) and
    /// [`INSTANCE_VAR`]. With an emulator, project and instance default to `rowkey`;
    /// without one, `BIGTABLE_INSTANCE` is required.
    ///
    /// # Errors
    /// [`Error::Config`] when neither an emulator nor an instance is named.
    pub fn from_env() -> Result<Self, Error> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let emulator_host = var(EMULATOR_HOST_VAR);
        let project = var(PROJECT_VAR).or_else(|| var("GOOGLE_CLOUD_PROJECT"));
        let instance = match (var(INSTANCE_VAR), &emulator_host) {
            (Some(i), _) => i,
            (None, Some(_)) => EMULATOR_DEFAULT_NAME.to_owned(),
            (None, None) => {
                return Err(Error::Config(format!(
                    "{EMULATOR_HOST_VAR} is not set, and neither is {INSTANCE_VAR}. For the \
                     emulator run `cargo xtask emulator` and export the {EMULATOR_HOST_VAR} it \
                     prints; for Cloud Bigtable set {PROJECT_VAR} and {INSTANCE_VAR} and \
                     provide Application Default Credentials"
                )))
            }
        };
        let project = match (project, &emulator_host) {
            (None, Some(_)) => Some(EMULATOR_DEFAULT_NAME.to_owned()),
            (p, _) => p,
        };
        Ok(Config {
            emulator_host,
            project,
            instance,
            app_profile_id: String::new(),
            channels: 2,
            timeout: Duration::from_secs(60),
        })
    }
}

/// A Bigtable client for one instance: data requests through [`bigtable_rs`], table admin
/// through the generated admin client. Cheap to clone; clones share the request counters.
#[derive(Clone)]
pub struct Bigtable {
    data: Data,
    admin: BigtableTableAdminClient<Channel>,
    auth: Option<Arc<dyn gcp_auth::TokenProvider>>,
    instance_path: String,
    app_profile_id: String,
    timeout: Duration,
    counters: Arc<Counters>,
}

impl fmt::Debug for Bigtable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bigtable")
            .field("instance", &self.instance_path)
            .field("emulator", &self.auth.is_none())
            .field("requests", &self.requests())
            .finish()
    }
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

impl Bigtable {
    /// Connects as the environment says ([`Config::from_env`]): the emulator at
    /// `BIGTABLE_EMULATOR_HOST`, else Cloud Bigtable with Application Default Credentials.
    ///
    /// # Errors
    /// [`Error::Config`] when nothing is configured, [`Error::Transport`] when the emulator
    /// does not answer, [`Error::Auth`] when no credentials are found.
    pub async fn connect() -> Result<Self, Error> {
        Self::connect_with(Config::from_env()?).await
    }

    /// Connects with an explicit [`Config`].
    ///
    /// # Errors
    /// As [`Bigtable::connect`].
    pub async fn connect_with(config: Config) -> Result<Self, Error> {
        let channels = config.channels.max(1);
        let (data, admin, auth, project) = match &config.emulator_host {
            Some(host) => {
                let project = config
                    .project
                    .clone()
                    .unwrap_or_else(|| EMULATOR_DEFAULT_NAME.to_owned());
                // Connect the admin channel now, so a missing emulator is reported here.
                let admin = Channel::from_shared(format!("http://{host}"))
                    .map_err(|e| Error::Config(format!("bad {EMULATOR_HOST_VAR} `{host}`: {e}")))?
                    .connect_timeout(Duration::from_secs(5))
                    .timeout(config.timeout)
                    .connect()
                    .await?;
                let data = Data::emulator(host, channels, config.timeout)?;
                (data, admin, None, project)
            }
            None => {
                let provider = gcp_auth::provider().await?;
                let project = match &config.project {
                    Some(p) => p.clone(),
                    None => provider.project_id().await?.to_string(),
                };
                let data = BigTableConnection::new_with_token_provider(
                    &project,
                    &config.instance,
                    false,
                    channels,
                    Some(config.timeout),
                    provider.clone(),
                )?;
                let data = Data::Cloud(data.client());
                let admin = Channel::from_shared(format!("https://{ADMIN_HOST}"))
                    .map_err(|e| Error::Config(e.to_string()))?
                    .tls_config(
                        ClientTlsConfig::new()
                            .with_native_roots()
                            .domain_name(ADMIN_HOST),
                    )?
                    .timeout(config.timeout)
                    .connect_lazy();
                (data, admin, Some(provider), project)
            }
        };
        Ok(Bigtable {
            data,
            admin: BigtableTableAdminClient::new(admin),
            auth,
            instance_path: format!("projects/{project}/instances/{}", config.instance),
            app_profile_id: config.app_profile_id,
            timeout: config.timeout,
            counters: Arc::default(),
        })
    }

    /// `projects/{project}/instances/{instance}/tables/{table_id}`.
    pub fn table_name(&self, table_id: &str) -> String {
        format!("{}/tables/{table_id}", self.instance_path)
    }

    /// The requests this client and its clones have sent so far. Take two snapshots and
    /// subtract them to count the requests of one query.
    pub fn requests(&self) -> RequestCounts {
        RequestCounts {
            read_rows: self.counters.read_rows.load(Ordering::Relaxed),
            mutate_rows: self.counters.mutate_rows.load(Ordering::Relaxed),
            admin: self.counters.admin.load(Ordering::Relaxed),
        }
    }

    /// An admin request with credentials (real instance) and the routing header.
    async fn admin_request<T>(
        &self,
        message: T,
        routing: String,
    ) -> Result<tonic::Request<T>, Error> {
        let mut request = tonic::Request::new(message);
        request.set_timeout(self.timeout);
        if let Some(auth) = &self.auth {
            let token = auth.token(&[ADMIN_SCOPE]).await?;
            let value = MetadataValue::try_from(format!("Bearer {}", token.as_str()))
                .map_err(|e| Error::Config(format!("bad access token: {e}")))?;
            request.metadata_mut().insert("authorization", value);
        }
        if let Ok(value) = MetadataValue::try_from(routing) {
            request
                .metadata_mut()
                .insert("x-goog-request-params", value);
        }
        self.counters.admin.fetch_add(1, Ordering::Relaxed);
        Ok(request)
    }

    /// Creates a table with the given column families (each keeping one version), pre-split
    /// at `splits` (Bigtable's `initial_splits`; pass `T::split_points()` of a salted key so
    /// every salt bucket starts its own tablet).
    ///
    /// # Errors
    /// [`Error::Status`] from the admin API (`ALREADY_EXISTS` among others).
    pub async fn create_table<I>(
        &mut self,
        table_id: &str,
        families: &[&str],
        splits: I,
    ) -> Result<(), Error>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let column_families = families
            .iter()
            .map(|name| {
                let family = ColumnFamily {
                    gc_rule: Some(GcRule {
                        rule: Some(gc_rule::Rule::MaxNumVersions(1)),
                    }),
                    ..ColumnFamily::default()
                };
                ((*name).to_owned(), family)
            })
            .collect();
        let message = CreateTableRequest {
            parent: self.instance_path.clone(),
            table_id: table_id.to_owned(),
            table: Some(Table {
                column_families,
                ..Table::default()
            }),
            initial_splits: splits
                .into_iter()
                .map(|s| Split {
                    key: s.as_ref().to_vec(),
                })
                .collect(),
        };
        let routing = format!("parent={}", self.instance_path);
        let request = self.admin_request(message, routing).await?;
        self.admin.create_table(request).await?;
        Ok(())
    }

    /// Deletes a table and its rows.
    ///
    /// # Errors
    /// [`Error::Status`] from the admin API (`NOT_FOUND` among others).
    pub async fn delete_table(&mut self, table_id: &str) -> Result<(), Error> {
        let name = self.table_name(table_id);
        let routing = format!("name={name}");
        let request = self
            .admin_request(DeleteTableRequest { name }, routing)
            .await?;
        self.admin.delete_table(request).await?;
        Ok(())
    }

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
    /// when a request failed as a whole.
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
        let mut tasks = tokio::task::JoinSet::new();
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let entries: Vec<_> = next_batch(&mut rows, batch_rows, MAX_MUTATIONS_PER_REQUEST)
                .into_iter()
                .map(|row| entry(row, micros))
                .collect();
            summary.rows += entries.len() as u64;
            while tasks.len() >= in_flight {
                summary.requests += join_one(&mut tasks).await?;
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
        while !tasks.is_empty() {
            summary.requests += join_one(&mut tasks).await?;
        }
        Ok(summary)
    }

    /// Sends one `MutateRows` request and retries its retryable failures. Returns the
    /// number of requests sent.
    async fn mutate_rows_with_retry(
        mut self,
        mut request: MutateRowsRequest,
    ) -> Result<u64, Error> {
        let mut sent = 0;
        for attempt in 1..=MUTATION_ATTEMPTS {
            sent += 1;
            self.counters.mutate_rows.fetch_add(1, Ordering::Relaxed);
            let mut stream = self.data.mutate_rows(request.clone()).await?;
            let mut failed: Vec<(usize, i32, String)> = Vec::new();
            while let Some(response) = stream
                .message()
                .await
                .map_err(bigtable_rs::bigtable::Error::from)?
            {
                for e in response.entries {
                    let status = e.status.unwrap_or_default();
                    if status.code != 0 {
                        failed.push((e.index as usize, status.code, status.message));
                    }
                }
            }
            if failed.is_empty() {
                return Ok(sent);
            }
            let retry_all = attempt < MUTATION_ATTEMPTS
                && failed
                    .iter()
                    .all(|(_, code, _)| RETRYABLE_CODES.contains(code));
            if !retry_all {
                let (index, code, message) = failed.swap_remove(0);
                return Err(Error::Mutation {
                    row_key: request.entries[index].row_key.clone(),
                    code,
                    message,
                });
            }
            let mut keep: Vec<usize> = failed.iter().map(|(i, _, _)| *i).collect();
            keep.sort_unstable();
            let entries = std::mem::take(&mut request.entries);
            request.entries = entries
                .into_iter()
                .enumerate()
                .filter(|(i, _)| keep.binary_search(i).is_ok())
                .map(|(_, e)| e)
                .collect();
            tokio::time::sleep(Duration::from_millis(50 << attempt)).await;
        }
        Ok(sent)
    }

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
        if row_set_is_empty(&rows) || limit == Some(0) {
            return Ok(Vec::new());
        }
        let request = ReadRowsRequest {
            table_name: self.table_name(table_id),
            app_profile_id: self.app_profile_id.clone(),
            rows: Some(rows),
            filter: Some(RowFilter {
                filter: Some(row_filter::Filter::CellsPerColumnLimitFilter(1)),
            }),
            rows_limit: limit.map_or(0, |l| l.min(i64::MAX as u64) as i64),
            ..ReadRowsRequest::default()
        };
        self.counters.read_rows.fetch_add(1, Ordering::Relaxed);
        let response = self.data.read_rows(request, self.timeout).await?;
        Ok(response
            .into_iter()
            .map(|(key, cells)| Row {
                key,
                cells: cells
                    .into_iter()
                    .map(|c| Cell {
                        family: c.family_name,
                        qualifier: c.qualifier,
                        value: c.value,
                    })
                    .collect(),
            })
            .collect())
    }

    /// Reads one page of `range`: at most `page_rows` rows (one `ReadRows` request), and the
    /// range to read next, which starts right after the page's last key
    /// ([`KeyRange::after`]). `next` is `None` when the page was short, so a scan ends
    /// without an extra empty request unless the last page is exactly full.
    ///
    /// # Errors
    /// [`Error::Client`] when the request fails, [`Error::Key`] when the resumed start
    /// does not fit the range's capacity.
    pub async fn read_page<const CAP: usize>(
        &mut self,
        table_id: &str,
        range: &KeyRange<CAP>,
        page_rows: u64,
    ) -> Result<Page<CAP>, Error> {
        let page_rows = page_rows.max(1);
        let rows = self
            .read_rows(table_id, row_set([range]), Some(page_rows))
            .await?;
        let next = match rows.last() {
            Some(last) if rows.len() as u64 == page_rows => {
                Some(range.after(&last.key)?).filter(|r| !r.is_empty())
            }
            _ => None,
        };
        Ok(Page { rows, next })
    }

    /// Reads all of `range`, `page_rows` rows per request, resuming after the last key of
    /// each page. Returns the rows and the number of requests it took.
    ///
    /// # Errors
    /// As [`Bigtable::read_page`].
    pub async fn read_all_paged<const CAP: usize>(
        &mut self,
        table_id: &str,
        range: &KeyRange<CAP>,
        page_rows: u64,
    ) -> Result<(Vec<Row>, u64), Error> {
        let mut rows = Vec::new();
        let mut requests = 0;
        let mut next = Some(*range).filter(|r| !r.is_empty());
        while let Some(range) = next {
            let page = self.read_page(table_id, &range, page_rows).await?;
            requests += 1;
            rows.extend(page.rows);
            next = page.next;
        }
        Ok((rows, requests))
    }
}

/// The data API client.
///
/// Against Cloud Bigtable this is [`bigtable_rs`]'s connection (TLS, credentials, channel
/// pool). Against the emulator it is the same generated client over a channel of ours,
/// because of flow control: the emulator sends one row per `ReadRowsResponse`, so a large
/// read is a stream of ~60-byte DATA frames, and h2 0.4.16+ closes the connection
/// (`GOAWAY ENHANCE_YOUR_CALM "too_many_data_frames"`) once the small frames buffered
/// ahead of the reader cost more than half the connection window. With hyper's default
/// windows (2 MiB per stream, 5 MiB per connection) a reader lagging ~13,000 rows behind,
/// as a debug build does on a 100,000-row read, trips it. A 256 KiB stream window under a
/// 16 MiB connection window bounds what one stream can buffer far below the budget. The
/// rows are decoded by `bigtable_rs`'s `ReadRows` chunk decoder either way.
#[derive(Clone)]
enum Data {
    Emulator(BigtableClient<Channel>),
    Cloud(BigTable),
}

impl Data {
    /// A channel pool of `channels` plain HTTP/2 connections to the emulator at `host`.
    fn emulator(host: &str, channels: usize, timeout: Duration) -> Result<Self, Error> {
        let (channel, tx) = Channel::balance_channel::<usize>(channels);
        for i in 0..channels {
            let endpoint = Channel::from_shared(format!("http://{host}"))
                .map_err(|e| Error::Config(format!("bad {EMULATOR_HOST_VAR} `{host}`: {e}")))?
                .timeout(timeout)
                .initial_stream_window_size(EMULATOR_STREAM_WINDOW)
                .initial_connection_window_size(EMULATOR_CONNECTION_WINDOW);
            tx.try_send(tonic::transport::channel::Change::Insert(i, endpoint))
                .map_err(|e| Error::Config(format!("channel pool: {e}")))?;
        }
        Ok(Data::Emulator(BigtableClient::new(channel)))
    }

    async fn read_rows(
        &mut self,
        request: ReadRowsRequest,
        timeout: Duration,
    ) -> Result<Vec<(Vec<u8>, Vec<RowCell>)>, Error> {
        Ok(match self {
            Data::Emulator(client) => {
                let stream = client
                    .read_rows(request)
                    .await
                    .map_err(bigtable_rs::bigtable::Error::from)?
                    .into_inner();
                decode_read_rows_response(&Some(timeout), stream).await?
            }
            Data::Cloud(client) => client.read_rows(request).await?,
        })
    }

    async fn mutate_rows(
        &mut self,
        request: MutateRowsRequest,
    ) -> Result<tonic::Streaming<MutateRowsResponse>, Error> {
        Ok(match self {
            Data::Emulator(client) => client
                .mutate_rows(request)
                .await
                .map_err(bigtable_rs::bigtable::Error::from)?
                .into_inner(),
            Data::Cloud(client) => client.mutate_rows(request).await?,
        })
    }
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

/// Waits for one write task; returns its request count.
async fn join_one(tasks: &mut tokio::task::JoinSet<Result<u64, Error>>) -> Result<u64, Error> {
    match tasks.join_next().await {
        Some(Ok(result)) => result,
        Some(Err(e)) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Some(Err(e)) => Err(Error::Config(format!("write task did not finish: {e}"))),
        None => Ok(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kr(start: &[u8], end: Option<&[u8]>) -> KeyRange {
        KeyRange::new(start, end).unwrap()
    }

    #[test]
    fn bounded_range_is_closed_open() {
        let r = row_range(&kr(b"a", Some(b"b")));
        assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(b"a".to_vec())));
        assert_eq!(r.end_key, Some(EndKey::EndKeyOpen(b"b".to_vec())));
    }

    #[test]
    fn unbounded_end_has_no_end_key() {
        let r = row_range(&kr(&[0x10, 0xFF], None));
        assert_eq!(
            r.start_key,
            Some(StartKey::StartKeyClosed(vec![0x10, 0xFF]))
        );
        assert_eq!(r.end_key, None);
        // A prefix of 0xFF bytes is open-ended too.
        let r = row_range(&KeyRange::<64>::prefix(&[0xFF]).unwrap());
        assert_eq!(r.end_key, None);
    }

    #[test]
    fn whole_key_space_has_no_keys() {
        let r = row_range(&KeyRange::<64>::all());
        assert_eq!(r.start_key, None);
        assert_eq!(r.end_key, None);
    }

    #[test]
    fn capacity_is_generic() {
        let wide = KeyRange::<130>::new(&[7; 129], None).unwrap();
        let r = row_range(&wide);
        assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(vec![7; 129])));
    }

    #[test]
    fn row_set_keeps_order_and_drops_empty_ranges() {
        let ranges = [
            kr(b"a", Some(b"b")),
            kr(b"c", Some(b"c")), // empty
            kr(b"x", None),
        ];
        let set = row_set(ranges.iter());
        assert_eq!(set.row_ranges.len(), 2);
        assert_eq!(set.row_ranges[0], row_range(&ranges[0]));
        assert_eq!(set.row_ranges[1], row_range(&ranges[2]));
        assert!(!row_set_is_empty(&set));
        // Owned ranges (a fan-out iterator) work the same.
        let owned = row_set(ranges.iter().copied());
        assert_eq!(owned, set);
        // All empty: an empty set, which callers must not send.
        assert!(row_set_is_empty(&row_set([kr(b"q", Some(b"a"))])));
    }

    #[test]
    fn merge_restores_field_order() {
        // Three "buckets", each sorted by the second element.
        let rows = vec![(0, 1), (0, 5), (0, 9), (1, 2), (1, 3), (2, 0), (2, 8)];
        let merged = merge_sorted_runs(rows, |r| r.1);
        let keys: Vec<i32> = merged.iter().map(|r| r.1).collect();
        assert_eq!(keys, [0, 1, 2, 3, 5, 8, 9]);
        assert!(merge_sorted_runs(Vec::<u8>::new(), |r| *r).is_empty());
        assert_eq!(merge_sorted_runs(vec![3, 1, 2], |r| *r), [1, 2, 3]);
    }

    #[test]
    fn merge_is_stable_for_equal_keys() {
        let rows = vec![("a", 1), ("a", 2), ("b", 1), ("b", 2)];
        let merged = merge_sorted_runs(rows, |r| r.1);
        assert_eq!(merged, [("a", 1), ("b", 1), ("a", 2), ("b", 2)]);
    }

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
    fn row_value_finds_cell() {
        let row = Row::new(b"k".to_vec()).with_cell("d", b"q".to_vec(), b"v".to_vec());
        assert_eq!(row.value("d", b"q"), Some(&b"v"[..]));
        assert_eq!(row.value("d", b"x"), None);
    }

    #[test]
    fn key_text_escapes_non_printable_bytes() {
        assert_eq!(rowkey_text(b"ab\x00\xff\\"), "ab\\x00\\xFF\\x5C");
    }

    #[test]
    fn config_without_emulator_or_instance_explains() {
        // Only meaningful when the environment names neither.
        if std::env::var_os(EMULATOR_HOST_VAR).is_none() && std::env::var_os(INSTANCE_VAR).is_none()
        {
            let err = Config::from_env().unwrap_err().to_string();
            assert!(err.contains("cargo xtask emulator"), "{err}");
        }
    }
}
