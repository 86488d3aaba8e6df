//! The client: connections to the emulator or Cloud Bigtable, the table admin API, and the
//! request counters. Reads and writes are in `read` and `write`.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bigtable_rs::bigtable::read_rows::decode_read_rows_response;
use bigtable_rs::bigtable::{BigTable, BigTableConnection, RoutingMetadata, RowCell};
use bigtable_rs::google::bigtable::v2::{
    bigtable_client::BigtableClient, MutateRowsRequest, MutateRowsResponse, ReadRowsRequest,
};
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2::{
    bigtable_table_admin_client::BigtableTableAdminClient, create_table_request::Split, gc_rule,
    ColumnFamily, CreateTableRequest, DeleteTableRequest, GcRule, Table,
};
use tonic::metadata::MetadataValue;
use tonic::transport::{Channel, ClientTlsConfig, Endpoint};

use crate::config::{Config, EMULATOR_DEFAULT_NAME, EMULATOR_HOST_VAR};
use crate::error::header;
use crate::Error;

const ADMIN_ENDPOINT: &str = "https://bigtableadmin.googleapis.com";
const ADMIN_SCOPE: &str = "https://www.googleapis.com/auth/bigtable.admin.table";
/// HTTP/2 flow-control windows of the emulator connection; see [`Data`].
const EMULATOR_STREAM_WINDOW: u32 = 256 * 1024;
const EMULATOR_CONNECTION_WINDOW: u32 = 16 * 1024 * 1024;

/// A Bigtable client for one instance: data requests through [`bigtable_rs`], table admin
/// through the generated admin client. Cheap to clone; clones share the request counters.
#[derive(Clone)]
pub struct Bigtable {
    pub(crate) data: Data,
    admin: BigtableTableAdminClient<Channel>,
    auth: Option<Arc<dyn gcp_auth::TokenProvider>>,
    instance_path: String,
    pub(crate) app_profile_id: String,
    pub(crate) timeout: Duration,
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
                let endpoint = emulator_endpoint(host)?.timeout(config.timeout);
                // Connect the admin channel now, so a missing emulator is reported here.
                let admin = endpoint
                    .clone()
                    .connect_timeout(Duration::from_secs(5))
                    .connect()
                    .await?;
                let data = Data::emulator(&endpoint, channels);
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
                let admin = Endpoint::from_static(ADMIN_ENDPOINT)
                    .tls_config(ClientTlsConfig::new().with_native_roots())?
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
            let value = header("authorization", format!("Bearer {}", token.as_str()))?;
            request.metadata_mut().insert("authorization", value);
        }
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
}

/// The `bigtable-features` header: base64url of the `FeatureFlags` message
/// `{ reverse_scans: true }` (field 1, varint 1: bytes `08 01`). Bigtable, and its emulator,
/// answer a `reversed` read only from a client that declares it reads reversed responses.
const FEATURE_FLAGS: &str = "CAE=";
const FEATURES_HEADER: &str = "bigtable-features";
/// The header Bigtable routes a request by (`table_name=...`, `parent=...`).
const ROUTING_HEADER: &str = "x-goog-request-params";

/// `request` with the headers Bigtable routes by and the features this client supports.
fn read_request(request: ReadRowsRequest) -> Result<tonic::Request<ReadRowsRequest>, Error> {
    let routing = header(ROUTING_HEADER, request.get_routing_header())?;
    let mut request = tonic::Request::new(request);
    let headers = request.metadata_mut();
    headers.insert(ROUTING_HEADER, routing);
    headers.insert(FEATURES_HEADER, MetadataValue::from_static(FEATURE_FLAGS));
    Ok(request)
}

/// The endpoint of the emulator at `host` (`host:port`, plain HTTP/2).
fn emulator_endpoint(host: &str) -> Result<Endpoint, Error> {
    Endpoint::from_shared(format!("http://{host}"))
        .map_err(|e| Error::Config(format!("bad {EMULATOR_HOST_VAR} `{host}`: {e}")))
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
pub(crate) enum Data {
    Emulator(BigtableClient<Channel>),
    Cloud(BigTable),
}

impl Data {
    /// A channel pool of `channels` plain HTTP/2 connections to the emulator at `host`.
    fn emulator(endpoint: &Endpoint, channels: usize) -> Self {
        let (channel, tx) = Channel::balance_channel::<usize>(channels);
        for i in 0..channels {
            let endpoint = endpoint
                .clone()
                .initial_stream_window_size(EMULATOR_STREAM_WINDOW)
                .initial_connection_window_size(EMULATOR_CONNECTION_WINDOW);
            // The buffer holds all `channels` inserts and `channel` keeps the receiver.
            tx.try_send(tonic::transport::channel::Change::Insert(i, endpoint))
                .expect("the channel pool's buffer holds one insert per channel");
        }
        Data::Emulator(BigtableClient::new(channel))
    }

    pub(crate) async fn read_rows(
        &mut self,
        request: ReadRowsRequest,
        timeout: Duration,
    ) -> Result<Vec<(Vec<u8>, Vec<RowCell>)>, Error> {
        let request = read_request(request)?;
        let response = match self {
            Data::Emulator(client) => client.read_rows(request).await,
            Data::Cloud(client) => client.get_client().read_rows(request).await,
        };
        let stream = response
            .map_err(bigtable_rs::bigtable::Error::from)?
            .into_inner();
        Ok(decode_read_rows_response(&Some(timeout), stream).await?)
    }

    pub(crate) async fn mutate_rows(
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
    use bigtable_rs::google::bigtable::v2::FeatureFlags;
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
