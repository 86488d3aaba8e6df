//! Schema files in the repository, checked by a test: a key's schema is
//! written the first time, compared afterwards, and a change fails the
//! test with the compatibility report until it is accepted, as insta's
//! snapshots are.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt;
use std::path::{Path, PathBuf};

use super::{read, Arena, Schema};
use crate::compat::{self, Level, Report};
use crate::{KeyTypes, Layout, Member, RowKey};

/// The environment variable that accepts a changed schema: `1` accepts
/// changes that read old keys, `breaking` any change (after the stored keys
/// are migrated).
pub const UPDATE_VAR: &str = "ROWKEY_UPDATE_SCHEMAS";

/// Checks a key's schema against its file in your repository, in a test:
///
/// ```no_run
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
///
/// // In `tests/schemas.rs`: one line per key type.
/// rowkey::schema::assert_compatible::<FileKey>("schemas/file_key.json");
/// ```
///
/// - The file does not exist: it is written (commit it), unless the `CI`
///   environment variable is set, where the test fails instead, so a
///   missing file is never created unseen.
/// - The file holds the key's schema: the test passes.
/// - The key changed: the test fails with the compatibility report (see
///   [`compat`](crate::compat)), a witness key for what breaks, and how to
///   accept the change: `ROWKEY_UPDATE_SCHEMAS=1 cargo test` rewrites the
///   file when the new layout reads old keys, `ROWKEY_UPDATE_SCHEMAS=breaking`
///   whatever the change (once the table is migrated).
///
/// A relative path is taken from the current directory, which `cargo test`
/// sets to the crate's root. The file is what `T::LAYOUT.to_json()` writes,
/// and what the `rowkey` command line reads.
///
/// # Panics
/// When the check fails, with the reason; for an enum of key types, whose
/// schema [`assert_key_types_compatible`] checks.
#[track_caller]
pub fn assert_compatible<T: RowKey>(path: impl AsRef<Path>) {
    if T::LAYOUT.segments.is_empty() {
        panic!(
            "`{}` is an enum of key types: check its schema with `rowkey::schema::assert_key_types_compatible(&{}::KEY_TYPES, {:?})`",
            T::LAYOUT.name,
            T::LAYOUT.name,
            path.as_ref()
        );
    }
    assert_schema(Schema::Key(&T::LAYOUT), path.as_ref());
}

/// [`assert_compatible`] for an enum of key types: its `KEY_TYPES`.
///
/// ```no_run
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct UserKey { id: u64 }
/// #[derive(RowKey)]
/// struct GroupKey { id: u64 }
/// #[derive(RowKey)]
/// enum Row { #[tag(b"u")] User(UserKey), #[tag(b"g")] Group(GroupKey) }
///
/// rowkey::schema::assert_key_types_compatible(&Row::KEY_TYPES, "schemas/row.json");
/// ```
///
/// # Panics
/// As [`assert_compatible`].
#[track_caller]
pub fn assert_key_types_compatible(types: &KeyTypes<'_>, path: impl AsRef<Path>) {
    assert_schema(Schema::KeyTypes(types), path.as_ref());
}

#[track_caller]
fn assert_schema(current: Schema<'_>, path: &Path) {
    let outcome = SnapshotEnv::from_env().and_then(|env| snapshot(current, path, env));
    match outcome {
        Ok(Snapshot::Created) => {
            std::eprintln!("rowkey: wrote {}; commit it", path.display());
        }
        Ok(Snapshot::Updated(report)) => {
            std::eprintln!("rowkey: rewrote {} ({})", path.display(), report.verdict);
        }
        Ok(Snapshot::Unchanged) => {}
        Err(e) => panic!("{e}"),
    }
}

/// What the environment asks of a schema check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapshotEnv {
    /// Running in CI (`CI` set, and not `false` or `0`): a missing file is
    /// an error, not written.
    pub ci: bool,
    /// Which changes to accept by rewriting the file.
    pub update: Update,
}

/// Which changed schemas a check rewrites: what [`UPDATE_VAR`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Update {
    /// None (the variable unset, empty, `0` or `no`).
    No,
    /// Changes whose new layout reads old keys (`1`).
    ReadsOld,
    /// Any change, breaking ones too (`breaking`).
    Breaking,
}

impl SnapshotEnv {
    /// `CI` and [`UPDATE_VAR`] as the process has them.
    ///
    /// # Errors
    /// [`SnapshotError::BadUpdate`] for a value of the variable it does not know.
    pub fn from_env() -> Result<SnapshotEnv, SnapshotError> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let ci = var("CI").is_some_and(|v| v != "false" && v != "0");
        let update = match var(UPDATE_VAR).as_deref() {
            None | Some("0" | "no") => Update::No,
            Some("1" | "yes") => Update::ReadsOld,
            Some("breaking") => Update::Breaking,
            Some(other) => return Err(SnapshotError::BadUpdate(other.to_string())),
        };
        Ok(SnapshotEnv { ci, update })
    }
}

/// What a schema check did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Snapshot {
    /// The file did not exist: it was written.
    Created,
    /// The file holds the same schema.
    Unchanged,
    /// The file held an older schema, and the change was accepted: the
    /// file now holds the new one. The report of the change.
    Updated(Box<Report>),
}

/// Why a schema check failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnapshotError {
    /// The file does not exist, and `CI` is set.
    Missing(PathBuf),
    /// The key changed since the file was written, and the change is not
    /// accepted. The report, and the value of [`UPDATE_VAR`] that accepts it.
    Changed {
        /// The schema file.
        path: PathBuf,
        /// The stored schema against the key's.
        report: Box<Report>,
        /// `1` or `breaking`.
        accept_with: &'static str,
    },
    /// The file exists but is no schema this version reads.
    Unreadable {
        /// The schema file.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// The file could not be read or written.
    Io {
        /// The schema file.
        path: PathBuf,
        /// The error.
        why: String,
    },
    /// [`UPDATE_VAR`] holds a value it does not know.
    BadUpdate(String),
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Missing(path) => write!(
                f,
                "the schema file {} does not exist, and CI is set: run the tests without CI and commit the file it writes",
                path.display()
            ),
            SnapshotError::Changed {
                path,
                report,
                accept_with,
            } => {
                writeln!(
                    f,
                    "the key changed since its schema file {} was written: {}",
                    path.display(),
                    report.verdict
                )?;
                write!(f, "{report}")?;
                match *accept_with == "1" {
                    true => write!(
                        f,
                        "the new layout reads every old key; if the change is intended, accept it with `{UPDATE_VAR}=1 cargo test` and commit the file"
                    ),
                    false => write!(
                        f,
                        "stored keys do not survive this change: migrate them first (see the witness and the migration above), then accept it with `{UPDATE_VAR}=breaking cargo test` and commit the file"
                    ),
                }
            }
            SnapshotError::Unreadable { path, why } => write!(
                f,
                "the schema file {} is no schema this rowkey reads: {why}; fix or delete it",
                path.display()
            ),
            SnapshotError::Io { path, why } => {
                write!(f, "cannot read or write {}: {why}", path.display())
            }
            SnapshotError::BadUpdate(v) => write!(
                f,
                "{UPDATE_VAR}={v}: give `1` (accept changes that read old keys) or `breaking` (accept any change)"
            ),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// The check behind [`assert_compatible`], with the environment given and
/// nothing printed: `current` against the schema file at `path`.
///
/// ```
/// use rowkey::schema::{self, SnapshotEnv, Schema, Snapshot, SnapshotError, Update};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct Id { id: u32 }
/// #[derive(RowKey)]
/// struct IdV2 { id: u64 }
///
/// let dir = std::env::temp_dir().join(format!("rowkey-doc-{}", std::process::id()));
/// let path = dir.join("id.json");
/// let env = SnapshotEnv { ci: false, update: Update::No };
/// assert_eq!(schema::snapshot(Schema::Key(&Id::LAYOUT), &path, env)?, Snapshot::Created);
/// assert_eq!(schema::snapshot(Schema::Key(&Id::LAYOUT), &path, env)?, Snapshot::Unchanged);
/// let changed = schema::snapshot(Schema::Key(&IdV2::LAYOUT), &path, env);
/// assert!(matches!(changed, Err(SnapshotError::Changed { accept_with: "breaking", .. })));
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// See [`SnapshotError`].
pub fn snapshot(
    current: Schema<'_>,
    path: &Path,
    env: SnapshotEnv,
) -> Result<Snapshot, SnapshotError> {
    let json = to_json(current);
    let io = |e: std::io::Error| SnapshotError::Io {
        path: path.to_path_buf(),
        why: e.to_string(),
    };
    let stored = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if env.ci && env.update == Update::No {
                return Err(SnapshotError::Missing(path.to_path_buf()));
            }
            write(path, &json).map_err(io)?;
            return Ok(Snapshot::Created);
        }
        Err(e) => return Err(io(e)),
    };
    if stored == json {
        return Ok(Snapshot::Unchanged);
    }
    let arena = Arena::new();
    let old = read(&stored, &arena).map_err(|why| SnapshotError::Unreadable {
        path: path.to_path_buf(),
        why,
    })?;
    let report = compare(old, current);
    let accepted = match env.update {
        Update::No => false,
        Update::ReadsOld => report.allows(Level::ReadsOld),
        Update::Breaking => true,
    };
    match report.verdict {
        // The same schema, written otherwise (by an older release, by hand).
        Level::Identical => Ok(Snapshot::Unchanged),
        _ if accepted => {
            write(path, &json).map_err(io)?;
            Ok(Snapshot::Updated(Box::new(report)))
        }
        v => Err(SnapshotError::Changed {
            path: path.to_path_buf(),
            accept_with: if v >= Level::ReadsOld {
                "1"
            } else {
                "breaking"
            },
            report: Box::new(report),
        }),
    }
}

fn to_json(s: Schema<'_>) -> String {
    match s {
        Schema::Key(l) => l.to_json(),
        Schema::KeyTypes(t) => t.to_json(),
    }
}

fn write(path: &Path, json: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, json)
}

/// The compatibility of two schemas (read back from their files, or a
/// key's `LAYOUT` and an enum's `KEY_TYPES`): [`compat::check`] for two
/// keys, [`compat::check_key_types`] for two enums of key types, and a
/// single key against an enum as the enum of that one key.
///
/// ```
/// use rowkey::compat::Level;
/// use rowkey::schema::{self, Arena, Schema};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
///
/// let arena = Arena::new();
/// let stored = schema::read(&FileKey::LAYOUT.to_json(), &arena)?;
/// let report = schema::compare(stored, Schema::Key(&FileKey::LAYOUT));
/// assert_eq!(report.verdict, Level::Identical);
/// # Ok::<(), String>(())
/// ```
pub fn compare(old: Schema<'_>, new: Schema<'_>) -> Report {
    match (old, new) {
        (Schema::Key(o), Schema::Key(n)) => compat::check(o, n),
        (Schema::KeyTypes(o), Schema::KeyTypes(n)) => compat::check_key_types(o, n),
        (Schema::Key(o), Schema::KeyTypes(n)) => compat::check_key_types(
            &KeyTypes {
                name: o.name,
                members: &[alone(o)],
            },
            n,
        ),
        (Schema::KeyTypes(o), Schema::Key(n)) => compat::check_key_types(
            o,
            &KeyTypes {
                name: n.name,
                members: &[alone(n)],
            },
        ),
    }
}

fn alone<'a>(layout: &'a Layout<'a>) -> Member<'a> {
    Member {
        name: layout.name,
        tag: &[],
        layout,
    }
}
