//! `rowkey compat OLD.json NEW.json`: the format-1 schemas in `docs/schemas`
//! (written by today's release) against changed keys, the exit status at
//! each `--level`, and the `--json` object CI reads.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rowkey::RowKey;
use serde_json::Value;

/// The articles' schemas, as checked in.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/schemas")
        .join(format!("{name}.json"))
}

fn rowkey(args: &[&Path], more: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .arg("compat")
        .args(args)
        .args(more)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A schema written where a test can give it to the command line.
struct Written {
    dir: tempfile::TempDir,
}

impl Written {
    fn new() -> Written {
        Written {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn file(&self, name: &str, json: String) -> PathBuf {
        let path = self.dir.path().join(format!("{name}.json"));
        std::fs::write(&path, json).unwrap();
        path
    }
}

/// The file key with a region added in version 2.
#[derive(RowKey)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
    #[rowkey(since = 2)]
    region: Option<u16>,
}

mod wider {
    use rowkey::RowKey;
    /// The user id grown by a digit.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(7)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
}

mod versioned {
    use rowkey::RowKey;
    /// A version byte appended: old keys no longer decode, but stay in order.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
        version: u8,
    }
}

#[test]
fn every_schema_of_the_articles_reads_and_is_identical_to_itself() {
    for name in ["file_key", "log_event", "salted_log_event", "row"] {
        let f = fixture(name);
        let o = rowkey(&[&f, &f], &[]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(stdout(&o).contains(": identical\n"), "{}", stdout(&o));
        let o = rowkey(&[&f, &f], &["--level", "identical"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
    }
}

#[test]
fn an_added_field_passes_reads_old_and_fails_identical() {
    let w = Written::new();
    let new = w.file("v2", FileKey::LAYOUT.to_json());
    let old = fixture("file_key");
    let o = rowkey(&[&old, &new], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("FileKey: reads old keys"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("compatible at the level asked for, reads old keys"),
        "{}",
        stdout(&o)
    );
    for level in ["renamed", "identical"] {
        let o = rowkey(&[&old, &new], &["--level", level]);
        assert_eq!(o.status.code(), Some(1), "{level}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("reads old keys, below the level asked for"),
            "{}",
            stderr(&o)
        );
    }
    // The other way round, a key of version 2 is no version 1 key.
    let o = rowkey(&[&new, &old], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

#[test]
fn a_breaking_change_exits_1_with_its_witness() {
    let w = Written::new();
    let new = w.file("wider", wider::FileKey::LAYOUT.to_json());
    let o = rowkey(&[&fixture("file_key"), &new], &["--level", "order"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.starts_with("FileKey: breaking\n"), "{out}");
    assert!(
        out.contains("field-width     field `user_id`: `pad(6)` → `pad(7)`"),
        "{out}"
    );
    assert!(
        out.contains("old   FileKey user_id=1 create_date=1 file_id=1"),
        "{out}"
    );
    assert!(out.contains("which misses it"), "{out}");
    assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
}

#[test]
fn order_kept_passes_only_the_order_level() {
    let w = Written::new();
    let new = w.file("versioned", versioned::FileKey::LAYOUT.to_json());
    let old = fixture("file_key");
    assert_eq!(rowkey(&[&old, &new], &[]).status.code(), Some(1));
    let o = rowkey(&[&old, &new], &["--level", "order"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("FileKey: order kept"), "{}", stdout(&o));
}

#[test]
fn json_for_ci() {
    let w = Written::new();
    let new = w.file("wider", wider::FileKey::LAYOUT.to_json());
    let o = rowkey(&[&fixture("file_key"), &new], &["--json"]);
    assert_eq!(o.status.code(), Some(1));
    let doc: Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(doc["format"], 1);
    assert_eq!(doc["verdict"], "breaking");
    assert_eq!(doc["level"], "reads-old");
    assert_eq!(doc["compatible"], false);
    let change = &doc["changes"][0];
    assert_eq!(
        (&change["rule"], &change["field"], &change["level"]),
        (&"field-width".into(), &"user_id".into(), &"breaking".into())
    );
    let witness = &doc["witnesses"][0];
    assert_eq!(witness["key"], "0x3030303030313030303030303031303030303031");
    assert_eq!(witness["writer"], "old");
    assert_eq!(
        witness["old"]["fields"][0],
        serde_json::json!({"name": "user_id", "value": "1"})
    );
    assert!(
        witness["new"]["error"]
            .as_str()
            .unwrap()
            .contains("20 bytes given"),
        "{witness}"
    );
    assert_eq!(witness["shows"]["kind"], "scan_misses");
    assert_eq!(
        witness["shows"]["start"],
        "0x303030303030313030303030303031303030303031"
    );
    assert_eq!(doc["migration"]["needed"], true);
    assert!(doc["checked"]["old_keys"].as_u64().unwrap() > 0);
    // Compatible: exit 0, the same object.
    let ok = rowkey(&[&fixture("file_key"), &fixture("file_key")], &["--json"]);
    assert!(ok.status.success());
    let doc: Value = serde_json::from_str(&stdout(&ok)).unwrap();
    assert_eq!(
        (&doc["verdict"], &doc["compatible"]),
        (&"identical".into(), &true.into())
    );
}

#[test]
#[allow(dead_code)] // The keys' fields are only written.
fn key_types_against_their_next_version() {
    #[derive(RowKey)]
    struct CustomerKey {
        customer: u64,
        #[tag(1)]
        kind: (),
    }
    #[derive(RowKey)]
    struct OrderKey {
        customer: u64,
        #[tag(2)]
        kind: (),
        order: u64,
    }
    #[derive(RowKey)]
    struct InvoiceKey {
        customer: u64,
        #[tag(3)]
        kind: (),
        invoice: u64,
    }
    /// The articles' mixed table, with invoices added.
    #[derive(RowKey)]
    enum Row {
        Customer(CustomerKey),
        Order(OrderKey),
        Invoice(InvoiceKey),
    }
    let w = Written::new();
    let new = w.file("row", Row::KEY_TYPES.to_json());
    let o = rowkey(&[&fixture("row"), &new], &[]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("member-added    key type `Invoice`: added"),
        "{}",
        stdout(&o)
    );
    // A single key against an enum of key types: the enum of that one key.
    let o = rowkey(&[&fixture("file_key"), &new], &["--level", "breaking"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("member-removed  key type `FileKey`"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn bad_input_is_one_line_and_exit_status_1_or_2() {
    let missing = Path::new("/nonexistent/old.json");
    let o = rowkey(&[missing, &fixture("file_key")], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("error: cannot read the schema /nonexistent/old.json"),
        "{}",
        stderr(&o)
    );
    let o = rowkey(
        &[&fixture("file_key"), &fixture("file_key")],
        &["--level", "backward"],
    );
    assert_eq!(o.status.code(), Some(2), "clap refuses an unknown level");
    assert!(
        stderr(&o).contains(
            "`backward` is no level; give one of breaking, order, reads-old, renamed, identical"
        ),
        "{}",
        stderr(&o)
    );
}
