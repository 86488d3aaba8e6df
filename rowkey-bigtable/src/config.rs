//! Where to connect: the emulator or a Cloud Bigtable instance, read from the environment.

use std::time::Duration;

use crate::Error;

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
