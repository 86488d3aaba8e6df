//! Where to connect: the emulator or a Cloud Bigtable instance, read from the environment.

use std::time::Duration;

use crate::{CallPolicy, Error};

/// The environment variable that points every Bigtable client at an emulator.
pub const EMULATOR_HOST_VAR: &str = "BIGTABLE_EMULATOR_HOST";
/// The environment variable naming the Google Cloud project of a real instance.
pub const PROJECT_VAR: &str = "BIGTABLE_PROJECT";
/// The environment variable naming the Bigtable instance.
pub const INSTANCE_VAR: &str = "BIGTABLE_INSTANCE";

/// Project and instance names used against the emulator when the variables are unset (the
/// emulator accepts any).
pub(crate) const EMULATOR_DEFAULT_NAME: &str = "rowkey";

/// Where to connect and how.
#[derive(Debug, Clone, PartialEq)]
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
    /// Deadlines and retries of reads ([`CallPolicy::reads`]).
    pub read: CallPolicy,
    /// Deadlines and retries of writes ([`CallPolicy::writes`]).
    pub write: CallPolicy,
    /// Timeout of each admin request (create, delete table); admin requests are not retried.
    pub admin_timeout: Duration,
    /// HTTP/2 keepalive: a PING on every connection this often, busy or idle, and the
    /// connection closed (its calls fail `UNAVAILABLE`, and reads retry) when one goes
    /// unanswered for [`keepalive_timeout`](Config::keepalive_timeout). Default 30 s and
    /// 10 s, what the `bigtable_rs` client sets.
    pub keepalive_interval: Duration,
    /// How long a keepalive PING may go unanswered.
    pub keepalive_timeout: Duration,
    /// The largest row set one `ReadRows` request carries, encoded; a read over a larger
    /// one is sent as several requests, in key order, and its rows still come as one
    /// ordered stream. Bigtable refuses a request over 256 MiB (`RESOURCE_EXHAUSTED`; the
    /// emulator's gRPC receive limit is the same 256 MiB); the default, 64 MiB, keeps
    /// each request well under it.
    pub max_request_bytes: usize,
    /// Rows per request of each bucket of a merged fan-out read
    /// ([`Bigtable::stream_buckets`](crate::Bigtable::stream_buckets)): each bucket is read
    /// in requests of at most this many rows, one after the other, so a bucket holds at
    /// most this many rows in flight while the merge waits on the others, and no request
    /// stays open while its rows wait.
    pub bucket_request_rows: u64,
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
            ..Config::emulator("")
        })
    }

    /// The emulator at `host` (`host:port`), project and instance `rowkey`, and every
    /// other setting at its default.
    ///
    /// ```
    /// let config = rowkey_bigtable::Config::emulator("127.0.0.1:8086");
    /// assert_eq!(config.read.max_attempts, 10);
    /// assert_eq!(config.max_request_bytes, 64 << 20);
    /// ```
    pub fn emulator(host: impl Into<String>) -> Self {
        Config {
            emulator_host: Some(host.into()),
            project: Some(EMULATOR_DEFAULT_NAME.to_owned()),
            instance: EMULATOR_DEFAULT_NAME.to_owned(),
            app_profile_id: String::new(),
            channels: 2,
            read: CallPolicy::reads(),
            write: CallPolicy::writes(),
            admin_timeout: Duration::from_secs(60),
            keepalive_interval: Duration::from_secs(30),
            keepalive_timeout: Duration::from_secs(10),
            max_request_bytes: 64 << 20,
            bucket_request_rows: 1_000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
