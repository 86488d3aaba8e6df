//! The client: connections to the emulator or Cloud Bigtable (keepalive on every one), the
//! headers of data requests, the table admin API, and the request counters. Reads and
//! writes are in `read`, `stream` and `write`.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2::{
    bigtable_table_admin_client::BigtableTableAdminClient, create_table_request::Split, gc_rule,
    ColumnFamily, CreateTableRequest, DeleteTableRequest, GcRule, Table,
};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::bigtable_client::BigtableClient;
use tonic::metadata::MetadataValue;
use tonic::transport::{Channel, ClientTlsConfig, Endpoint};

use crate::config::{Config, EMULATOR_DEFAULT_NAME, EMULATOR_HOST_VAR};
use crate::error::header;
use crate::{CallPolicy, Error};

const DATA_ENDPOINT: &str = "https://bigtable.googleapis.com";
const DATA_SCOPE: &str = "https://www.googleapis.com/auth/bigtable.data";
const ADMIN_ENDPOINT: &str = "https://bigtableadmin.googleapis.com";
const ADMIN_SCOPE: &str = "https://www.googleapis.com/auth/bigtable.admin.table";
/// HTTP/2 flow-control windows of the emulator connection.
///
/// The emulator sends one row per `ReadRowsResponse`, so a read is a stream of DATA frames
/// of some 60 bytes, and h2 (0.4.16+) closes a connection with `GOAWAY ENHANCE_YOUR_CALM
/// "too_many_data_frames"` once the small frames buffered ahead of the readers cost more than
/// its budget: half the connection window, each frame under 256 bytes costing 256 bytes less
/// its size. A debug build lagging ~13,000 rows behind one read trips hyper's default 5 MiB
/// window; 16 merged fan-outs of 100 buckets (1,600 streams, up to 1,000 rows each in
/// flight) trip 16 MiB. What one stream buffers is bounded by its own window (256 KiB) and,
/// in a merged read, by its request's row cap, so the connection window can be the largest
/// HTTP/2 allows: it only sizes the budget.
const EMULATOR_STREAM_WINDOW: u32 = 256 * 1024;
const EMULATOR_CONNECTION_WINDOW: u32 = (1 << 31) - 1;

/// A Bigtable client for one instance: the data API (reads, writes) over a pool of HTTP/2
/// connections, and table admin. Cheap to clone; clones share the connections and the
/// request counters.
#[derive(Clone)]
pub struct Bigtable {
    pub(crate) data: BigtableClient<Channel>,
    admin: BigtableTableAdminClient<Channel>,
    auth: Option<Arc<dyn gcp_auth::TokenProvider>>,
    instance_path: String,
    pub(crate) app_profile_id: String,
    pub(crate) read_policy: CallPolicy,
    pub(crate) write_policy: CallPolicy,
    admin_timeout: Duration,
    pub(crate) max_request_bytes: usize,
    pub(crate) bucket_request_rows: u64,
    pub(crate) counters: Arc<Counters>,
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
                let endpoint = keepalive(emulator_endpoint(host)?, &config)
                    .initial_stream_window_size(EMULATOR_STREAM_WINDOW)
                    .initial_connection_window_size(EMULATOR_CONNECTION_WINDOW);
                // Connect the admin channel now, so a missing emulator is reported here.
                let admin = endpoint
                    .clone()
                    .connect_timeout(Duration::from_secs(5))
                    .connect()
                    .await?;
                (pool(&endpoint, channels), admin, None, project)
            }
            None => {
                let provider = gcp_auth::provider().await?;
                let project = match &config.project {
                    Some(p) => p.clone(),
                    None => provider.project_id().await?.to_string(),
                };
                let tls = ClientTlsConfig::new().with_native_roots();
                let data = keepalive(Endpoint::from_static(DATA_ENDPOINT), &config)
                    .tls_config(tls.clone())?;
                let admin = keepalive(Endpoint::from_static(ADMIN_ENDPOINT), &config)
                    .tls_config(tls)?
                    .connect_lazy();
                (pool(&data, channels), admin, Some(provider), project)
            }
        };
        Ok(Bigtable {
            data: BigtableClient::new(data),
            admin: BigtableTableAdminClient::new(admin),
            auth,
            instance_path: format!("projects/{project}/instances/{}", config.instance),
            app_profile_id: config.app_profile_id,
            read_policy: config.read,
            write_policy: config.write,
            admin_timeout: config.admin_timeout,
            max_request_bytes: config.max_request_bytes.max(1),
            bucket_request_rows: config.bucket_request_rows.max(1),
            counters: Arc::default(),
        })
    }

    /// This client with other deadlines and retries for its reads; the connections and
    /// counters stay shared.
    pub fn with_read_policy(mut self, policy: CallPolicy) -> Self {
        self.read_policy = policy;
        self
    }

    /// This client with other deadlines and retries for its writes.
    pub fn with_write_policy(mut self, policy: CallPolicy) -> Self {
        self.write_policy = policy;
        self
    }

    /// The deadlines and retries of this client's reads.
    pub fn read_policy(&self) -> &CallPolicy {
        &self.read_policy
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

    /// A data request on `table_name`: credentials (real instance), the routing header,
    /// the features this client supports, and `timeout` as the request's `grpc-timeout`
    /// (so the server gives up when the client does).
    pub(crate) async fn data_request<T>(
        &self,
        message: T,
        table_name: &str,
        timeout: Duration,
    ) -> Result<tonic::Request<T>, Error> {
        let routing = format!(
            "table_name={}&app_profile_id={}",
            urlencoding::encode(table_name),
            urlencoding::encode(&self.app_profile_id)
        );
        let mut request = self.authorized(message, DATA_SCOPE).await?;
        request.set_timeout(timeout);
        let headers = request.metadata_mut();
        headers.insert(ROUTING_HEADER, header(ROUTING_HEADER, routing)?);
        headers.insert(FEATURES_HEADER, MetadataValue::from_static(FEATURE_FLAGS));
        Ok(request)
    }

    /// `message` as a request with a bearer token for `scope` (real instance only).
    async fn authorized<T>(&self, message: T, scope: &str) -> Result<tonic::Request<T>, Error> {
        let mut request = tonic::Request::new(message);
        if let Some(auth) = &self.auth {
            let token = auth.token(&[scope]).await?;
            let value = header("authorization", format!("Bearer {}", token.as_str()))?;
            request.metadata_mut().insert("authorization", value);
        }
        Ok(request)
    }

    /// An admin request with credentials (real instance) and the routing header.
    async fn admin_request<T>(
        &self,
        message: T,
        routing: String,
    ) -> Result<tonic::Request<T>, Error> {
        let mut request = self.authorized(message, ADMIN_SCOPE).await?;
        request.set_timeout(self.admin_timeout);
        let routing = header(ROUTING_HEADER, routing)?;
        request.metadata_mut().insert(ROUTING_HEADER, routing);
        self.counters.admin.fetch_add(1, Ordering::Relaxed);
        Ok(request)
    }
    /// Creates a table with the given column families (each keeping one version), pre-split
    /// at `splits` (Bigtable's `initial_splits`; pass `T::split_points()` of a salted key so
    /// every salt bucket starts its own tablet).
    ///
    /// # Errors
    /// [`Error::Rpc`] from the admin API (`ALREADY_EXISTS` among others).
    pub async fn create_table<I>(
        &self,
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
        self.admin.clone().create_table(request).await?;
        Ok(())
    }

    /// Deletes a table and its rows.
    ///
    /// # Errors
    /// [`Error::Rpc`] from the admin API (`NOT_FOUND` among others).
    pub async fn delete_table(&self, table_id: &str) -> Result<(), Error> {
        let name = self.table_name(table_id);
        let routing = format!("name={name}");
        let request = self
            .admin_request(DeleteTableRequest { name }, routing)
            .await?;
        self.admin.clone().delete_table(request).await?;
        Ok(())
    }
}

/// The `bigtable-features` header: base64url of the `FeatureFlags` message
/// `{ reverse_scans: true }` (field 1, varint 1: bytes `08 01`). Bigtable, and its emulator,
/// answer a `reversed` read only from a client that declares it reads reversed responses.
const FEATURE_FLAGS: &str = "CAE=";
const FEATURES_HEADER: &str = "bigtable-features";
/// The header Bigtable routes a request by (`table_name=...`, `parent=...`).
const ROUTING_HEADER: &str = "x-goog-request-params";

/// The endpoint of the emulator at `host` (`host:port`, plain HTTP/2).
fn emulator_endpoint(host: &str) -> Result<Endpoint, Error> {
    Endpoint::from_shared(format!("http://{host}"))
        .map_err(|e| Error::Config(format!("bad {EMULATOR_HOST_VAR} `{host}`: {e}")))
}

/// `endpoint` with HTTP/2 keepalive pings, busy or idle, so a dead peer is noticed even
/// when no request is waiting on it.
fn keepalive(endpoint: Endpoint, config: &Config) -> Endpoint {
    endpoint
        .http2_keep_alive_interval(config.keepalive_interval)
        .keep_alive_timeout(config.keepalive_timeout)
        .keep_alive_while_idle(true)
        .tcp_nodelay(true)
}

/// A pool of `channels` HTTP/2 connections to `endpoint`, requests spread over them. Each
/// connects when first used and reconnects after a failure, so a server that comes back
/// is used again.
fn pool(endpoint: &Endpoint, channels: usize) -> Channel {
    let (channel, tx) = Channel::balance_channel::<usize>(channels);
    for i in 0..channels {
        // The buffer holds all `channels` inserts and `channel` keeps the receiver.
        tx.try_send(tonic::transport::channel::Change::Insert(
            i,
            endpoint.clone(),
        ))
        .expect("the channel pool's buffer holds one insert per channel");
    }
    channel
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
            read_rows: self.read_rows.saturating_sub(rhs.read_rows),
            mutate_rows: self.mutate_rows.saturating_sub(rhs.mutate_rows),
            admin: self.admin.saturating_sub(rhs.admin),
        }
    }
}

/// The request counts shared by a client and its clones.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    pub(crate) read_rows: AtomicU64,
    pub(crate) mutate_rows: AtomicU64,
    pub(crate) admin: AtomicU64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::FeatureFlags;
    use prost::Message;

    #[test]
    fn feature_header_declares_reverse_scans() {
        let flags = FeatureFlags {
            reverse_scans: true,
            ..FeatureFlags::default()
        };
        let encoded = base64::engine::general_purpose::URL_SAFE.encode(flags.encode_to_vec());
        assert_eq!(FEATURE_FLAGS, encoded);
    }
}
