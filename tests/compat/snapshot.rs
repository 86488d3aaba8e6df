//! Schema files checked by a test: `rowkey::schema::snapshot` on each of
//! its paths (the file written, the same schema, a change refused or
//! accepted; with and without `CI`), then the one documented line,
//! `assert_compatible`, in a scratch crate run with `cargo test` as a user
//! runs it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rowkey::compat::Level;
use rowkey::schema::{self, Schema, Snapshot, SnapshotEnv, SnapshotError, Update};
use rowkey::RowKey;

#[derive(RowKey)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
}

mod since {
    use super::*;
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[rowkey(since = 2)]
        region: Option<u16>,
    }
}

mod wider {
    use super::*;
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(7)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
    }
}

const PLAIN: SnapshotEnv = SnapshotEnv {
    ci: false,
    update: Update::No,
};

fn env(ci: bool, update: Update) -> SnapshotEnv {
    SnapshotEnv { ci, update }
}

#[test]
fn a_missing_file_is_written_but_not_in_ci() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("schemas/file_key.json");
    let key = Schema::Key(&FileKey::LAYOUT);
    let refused = schema::snapshot(key, &path, env(true, Update::No));
    assert_eq!(refused, Err(SnapshotError::Missing(path.clone())));
    assert!(!path.exists(), "CI never creates a file unseen");
    assert_eq!(schema::snapshot(key, &path, PLAIN)?, Snapshot::Created);
    assert_eq!(std::fs::read_to_string(&path)?, FileKey::LAYOUT.to_json());
    // Asked for explicitly, CI writes it too.
    let other = dir.path().join("other.json");
    assert_eq!(
        schema::snapshot(key, &other, env(true, Update::ReadsOld))?,
        Snapshot::Created
    );
    Ok(())
}

#[test]
fn the_same_schema_passes_with_or_without_ci() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("file_key.json");
    let key = Schema::Key(&FileKey::LAYOUT);
    schema::snapshot(key, &path, PLAIN)?;
    for ci in [false, true] {
        assert_eq!(
            schema::snapshot(key, &path, env(ci, Update::No))?,
            Snapshot::Unchanged
        );
    }
    // The same schema written otherwise (an older release, an editor) is the same schema.
    let spaced = FileKey::LAYOUT.to_json().replace(": ", ":  ");
    std::fs::write(&path, &spaced)?;
    assert_eq!(schema::snapshot(key, &path, PLAIN)?, Snapshot::Unchanged);
    assert_eq!(std::fs::read_to_string(&path)?, spaced, "left as it was");
    Ok(())
}

#[test]
fn a_change_fails_with_its_report_until_accepted() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("file_key.json");
    schema::snapshot(Schema::Key(&FileKey::LAYOUT), &path, PLAIN)?;
    let since = Schema::Key(&since::FileKey::LAYOUT);
    for ci in [false, true] {
        let Err(SnapshotError::Changed {
            report,
            accept_with,
            ..
        }) = schema::snapshot(since, &path, env(ci, Update::No))
        else {
            panic!("a changed key passed");
        };
        assert_eq!((report.verdict, accept_with), (Level::ReadsOld, "1"));
    }
    let message = schema::snapshot(since, &path, PLAIN)
        .unwrap_err()
        .to_string();
    assert!(message.contains("reads old keys"), "{message}");
    assert!(
        message.contains("ROWKEY_UPDATE_SCHEMAS=1 cargo test"),
        "{message}"
    );
    assert_eq!(
        std::fs::read_to_string(&path)?,
        FileKey::LAYOUT.to_json(),
        "refused: the file is kept"
    );
    let Snapshot::Updated(report) = schema::snapshot(since, &path, env(true, Update::ReadsOld))?
    else {
        panic!("not accepted");
    };
    assert_eq!(report.verdict, Level::ReadsOld);
    assert_eq!(
        std::fs::read_to_string(&path)?,
        since::FileKey::LAYOUT.to_json()
    );
    Ok(())
}

#[test]
fn a_breaking_change_is_accepted_only_as_breaking() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("file_key.json");
    schema::snapshot(Schema::Key(&FileKey::LAYOUT), &path, PLAIN)?;
    let wider = Schema::Key(&wider::FileKey::LAYOUT);
    let refused = schema::snapshot(wider, &path, env(false, Update::ReadsOld)).unwrap_err();
    let SnapshotError::Changed {
        ref report,
        accept_with: "breaking",
        ..
    } = refused
    else {
        panic!("{refused}");
    };
    assert_eq!(report.verdict, Level::Breaking);
    let message = refused.to_string();
    assert!(message.contains("witness of field-width"), "{message}");
    assert!(
        message.contains("ROWKEY_UPDATE_SCHEMAS=breaking cargo test"),
        "{message}"
    );
    assert!(matches!(
        schema::snapshot(wider, &path, env(false, Update::Breaking))?,
        Snapshot::Updated(_)
    ));
    assert_eq!(schema::snapshot(wider, &path, PLAIN)?, Snapshot::Unchanged);
    Ok(())
}

#[test]
fn a_file_that_is_no_schema_is_reported() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("file_key.json");
    std::fs::write(&path, "{\"format\": 9}")?;
    let e = schema::snapshot(Schema::Key(&FileKey::LAYOUT), &path, PLAIN).unwrap_err();
    assert!(matches!(e, SnapshotError::Unreadable { .. }), "{e}");
    assert!(
        e.to_string().contains("schema format 9 is not supported"),
        "{e}"
    );
    Ok(())
}

/// A path that cannot be read (here a directory) is reported as what it
/// is, not taken for a missing file: in CI as elsewhere.
#[test]
fn an_unreadable_path_is_an_io_error() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let key = Schema::Key(&FileKey::LAYOUT);
    for env in [PLAIN, env(true, Update::No)] {
        let e = schema::snapshot(key, dir.path(), env).unwrap_err();
        assert!(
            matches!(&e, SnapshotError::Io { path, .. } if path == dir.path()),
            "{e}"
        );
    }
    Ok(())
}

mod types {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct UserKey {
        pub id: u64,
    }
    #[derive(RowKey)]
    pub struct GroupKey {
        pub id: u64,
    }
    #[derive(RowKey)]
    pub enum Row {
        #[tag(b"u")]
        User(UserKey),
        #[tag(b"g")]
        Group(GroupKey),
    }
}

/// The message `check` panics with, if it panics.
fn panic_of(check: impl FnOnce()) -> Option<String> {
    let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).err()?;
    let text = payload.downcast_ref::<String>().cloned();
    Some(text.unwrap_or_default())
}

/// The test-side checks pass when the file holds the schema and panic with
/// the reason when it holds none, whatever `CI` and the update variable say
/// (a file that is no schema is never rewritten): for a key and for an enum
/// of key types.
#[test]
fn the_asserts_pass_on_the_schema_and_panic_on_a_file_that_is_none(
) -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let (key, types) = (dir.path().join("key.json"), dir.path().join("row.json"));
    std::fs::write(&key, FileKey::LAYOUT.to_json())?;
    std::fs::write(&types, types::Row::KEY_TYPES.to_json())?;
    assert_eq!(
        panic_of(|| schema::assert_compatible::<FileKey>(&key)),
        None
    );
    assert_eq!(
        panic_of(|| schema::assert_key_types_compatible(&types::Row::KEY_TYPES, &types)),
        None
    );
    for path in [&key, &types] {
        std::fs::write(path, "{\"format\": 9}")?;
    }
    let format = "schema format 9 is not supported";
    let message = panic_of(|| schema::assert_compatible::<FileKey>(&key)).expect("a panic");
    assert!(message.contains(format), "{message}");
    let message = panic_of(|| schema::assert_key_types_compatible(&types::Row::KEY_TYPES, &types))
        .expect("a panic");
    assert!(message.contains(format), "{message}");
    Ok(())
}

/// Prints `SnapshotEnv::from_env()` for the test below, which runs it in a
/// process of its own, with the environment it sets.
#[test]
#[ignore = "run by `the_environment_is_read_as_documented`"]
fn print_the_environment() {
    println!("env: {:?}", SnapshotEnv::from_env());
}

/// `CI` counts when set to anything but `false` or `0`, the update
/// variable reads `1`/`yes`, `breaking`, or `0`/`no` (and unset), and an
/// empty variable is an unset one; another value is an error.
#[test]
fn the_environment_is_read_as_documented() {
    let exe = std::env::current_exe().expect("the test's path");
    let read = |ci: Option<&str>, update: Option<&str>| -> String {
        let mut run = Command::new(&exe);
        // A name filter, not `--exact`: it holds wherever the suite's module sits.
        run.args(["--ignored", "snapshot::print_the_environment"])
            .args(["--nocapture", "--test-threads=1"])
            .env_remove("CI")
            .env_remove(schema::UPDATE_VAR);
        if let Some(v) = ci {
            run.env("CI", v);
        }
        if let Some(v) = update {
            run.env(schema::UPDATE_VAR, v);
        }
        let out = run.output().expect("the test binary runs");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let line = text
            .lines()
            .find_map(|l| l.split_once("env: ").map(|(_, e)| e));
        line.unwrap_or_else(|| panic!("{text}")).to_string()
    };
    let env = |ci, update| format!("{:?}", Ok::<_, SnapshotError>(SnapshotEnv { ci, update }));
    assert_eq!(read(None, None), env(false, Update::No));
    for on in ["true", "1", "yes"] {
        assert_eq!(read(Some(on), None), env(true, Update::No), "CI={on}");
    }
    for off in ["", "false", "0"] {
        assert_eq!(read(Some(off), None), env(false, Update::No), "CI={off}");
    }
    for (value, update) in [
        ("", Update::No),
        ("0", Update::No),
        ("no", Update::No),
        ("1", Update::ReadsOld),
        ("yes", Update::ReadsOld),
        ("breaking", Update::Breaking),
    ] {
        assert_eq!(
            read(Some("true"), Some(value)),
            env(true, update),
            "{value}"
        );
    }
    let bad = Err::<SnapshotEnv, _>(SnapshotError::BadUpdate("always".into()));
    assert_eq!(read(None, Some("always")), format!("{bad:?}"));
}

// ---- the scratch crate ----------------------------------------------------------

/// A crate of its own in a temporary directory, depending on this rowkey,
/// whose test is the documented line.
struct Scratch {
    dir: tempfile::TempDir,
}

const TEST: &str = r#"
#[test]
fn schemas() {
    rowkey::schema::assert_compatible::<scratch::FileKey>("schemas/file_key.json");
}
"#;

impl Scratch {
    fn new() -> std::io::Result<Scratch> {
        let dir = tempfile::tempdir()?;
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let manifest = format!(
            "[package]\nname = \"scratch\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\nrowkey = {{ path = {:?}, features = [\"schema\"] }}\n",
            root
        );
        std::fs::write(dir.path().join("Cargo.toml"), manifest)?;
        // The workspace's lock file: the same dependency versions, offline.
        std::fs::copy(root.join("Cargo.lock"), dir.path().join("Cargo.lock"))?;
        std::fs::create_dir_all(dir.path().join("src"))?;
        std::fs::create_dir_all(dir.path().join("tests"))?;
        std::fs::write(dir.path().join("tests/schemas.rs"), TEST)?;
        Ok(Scratch { dir })
    }

    fn key(&self, fields: &str) -> std::io::Result<()> {
        let lib = format!("#[derive(rowkey::RowKey)]\npub struct FileKey {{\n{fields}\n}}\n");
        std::fs::write(self.dir.path().join("src/lib.rs"), lib)
    }

    fn schema(&self) -> PathBuf {
        self.dir.path().join("schemas/file_key.json")
    }

    /// `cargo test` in the crate, with `CI` and the update variable as given.
    fn test(&self, ci: bool, update: Option<&str>) -> Output {
        let mut cargo = Command::new(env!("CARGO"));
        cargo
            .args(["test", "--offline", "--quiet", "--test", "schemas"])
            .current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", scratch_target())
            .env_remove("CI")
            .env_remove(schema::UPDATE_VAR)
            .env_remove("RUSTFLAGS");
        if ci {
            cargo.env("CI", "true");
        }
        if let Some(u) = update {
            cargo.env(schema::UPDATE_VAR, u);
        }
        cargo.output().expect("cargo runs")
    }
}

/// Where scratch crates build: beside this test's own build, so their
/// dependencies compile once across runs.
fn scratch_target() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    // target/<profile>/deps/<test>: the target directory is three up.
    let target = exe.ancestors().nth(3).expect("a target directory");
    target.join("scratch-schemas")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout)
}

const V1: &str = "    #[pad(6)] pub user_id: u32,\n    #[pad(8)] pub create_date: u32,";
const V2: &str = "    #[pad(6)] pub user_id: u32,\n    #[pad(8)] pub create_date: u32,\n    #[rowkey(since = 2)] pub region: Option<u16>,";
const V3: &str = "    #[pad(7)] pub user_id: u32,\n    #[pad(8)] pub create_date: u32,\n    #[rowkey(since = 2)] pub region: Option<u16>,";

#[test]
fn the_documented_line_in_a_users_crate() -> std::io::Result<()> {
    let s = Scratch::new()?;
    s.key(V1)?;
    // Created: in CI it fails instead; without, the file is written.
    let ci = s.test(true, None);
    assert!(
        !ci.status.success() && !s.schema().exists(),
        "{}",
        stderr(&ci)
    );
    assert!(
        stderr(&ci).contains("does not exist, and CI is set"),
        "{}",
        stderr(&ci)
    );
    let first = s.test(false, None);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(
        std::fs::read_to_string(s.schema())?,
        FileKey::LAYOUT.to_json()
    );
    // Equal: passes, in CI too.
    let again = s.test(true, None);
    assert!(again.status.success(), "{}", stderr(&again));
    // Changed: refused with the report, with and without CI, until accepted.
    s.key(V2)?;
    for ci in [false, true] {
        let refused = s.test(ci, None);
        assert!(!refused.status.success(), "{}", stderr(&refused));
        assert!(
            stderr(&refused).contains("reads old keys"),
            "{}",
            stderr(&refused)
        );
    }
    let accepted = s.test(true, Some("1"));
    assert!(accepted.status.success(), "{}", stderr(&accepted));
    assert_eq!(
        std::fs::read_to_string(s.schema())?,
        since::FileKey::LAYOUT.to_json()
    );
    // Breaking: `1` is not enough; `breaking` is.
    s.key(V3)?;
    let refused = s.test(false, Some("1"));
    assert!(
        stderr(&refused).contains("ROWKEY_UPDATE_SCHEMAS=breaking"),
        "{}",
        stderr(&refused)
    );
    let accepted = s.test(false, Some("breaking"));
    assert!(accepted.status.success(), "{}", stderr(&accepted));
    Ok(())
}
