//! The built `rowkey` binary on the design articles' keys: the scans it
//! prints are the derived helpers' ranges, it decodes the README's keys,
//! `spread` tells a sequential key from a salted one, and every bad input is
//! one line on stderr and a non-zero exit.

#[path = "../../tests/support/keys.rs"]
mod keys;
use keys::{FileKey, GroupKey, OrderKey, Row, UserKey};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use rowkey::text::StringBinary;
use rowkey::RowKey;

#[derive(RowKey)]
struct LogEvent {
    ts: u64,
    host: u32,
    event: u16,
}

#[derive(RowKey)]
struct SaltedLogEvent {
    #[salt(mod = 100)]
    ts: u64,
    host: u32,
    event: u16,
}

/// Two members of one layout, told apart by the tag before their keys.
#[derive(RowKey, Debug, PartialEq)]
enum Tagged {
    #[tag(b"u")]
    User(UserKey),
    #[tag(b"g")]
    Group(GroupKey),
}

/// The schemas, written as a program writes them.
struct Schemas {
    dir: tempfile::TempDir,
}

impl Schemas {
    fn new() -> Schemas {
        let dir = tempfile::tempdir().unwrap();
        for (name, json) in [
            ("file_key", FileKey::LAYOUT.to_json()),
            ("log_event", LogEvent::LAYOUT.to_json()),
            ("salted_log_event", SaltedLogEvent::LAYOUT.to_json()),
            ("row", Row::KEY_TYPES.to_json()),
            ("tagged", Tagged::KEY_TYPES.to_json()),
        ] {
            std::fs::write(dir.path().join(format!("{name}.json")), json).unwrap();
        }
        Schemas { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(format!("{name}.json"))
    }
}

fn rowkey(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

/// Runs and expects success; returns stdout.
fn ok(args: &[&str], stdin: &[u8]) -> String {
    let out = rowkey(args, stdin);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs and expects failure; returns the one line on stderr.
fn fails(args: &[&str], stdin: &[u8]) -> String {
    let out = rowkey(args, stdin);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

/// A key in a double-quoted HBase shell string: shell text, with `"` and
/// `#` (which Ruby would read) as `\xNN` too.
fn ruby(b: &[u8]) -> String {
    StringBinary(b)
        .to_string()
        .replace('"', "\\x22")
        .replace('#', "\\x23")
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn the_find_scan_is_the_helpers_range() {
    let s = Schemas::new();
    let out = ok(
        &[
            "scan",
            "--schema",
            p(&s.path("file_key")),
            "--table",
            "files",
            "user_id=1",
            "create_date=20120901..=20120914",
        ],
        b"",
    );
    let r = FileKey::range_for_user_id_create_date(1, 20120901..=20120914).unwrap();
    let end = StringBinary(r.end().unwrap());
    assert_eq!(
        out,
        format!(
            "scan 'files', {{STARTROW => \"{}\", STOPROW => \"{end}\"}}\ncbt read files start={} end={end}\n",
            StringBinary(r.start()),
            StringBinary(r.start()),
        )
    );
    assert!(out.contains(r#"STARTROW => "00000120120901", STOPROW => "00000120120915""#));
}

#[test]
fn an_unpinned_salt_scans_every_bucket() {
    let s = Schemas::new();
    let out = ok(
        &[
            "scan",
            "--schema",
            p(&s.path("salted_log_event")),
            "ts=1000..2000",
        ],
        b"",
    );
    let expected: Vec<String> = SaltedLogEvent::range_for_ts(1000..2000)
        .unwrap()
        .map(|r| {
            format!(
                "scan 'TABLE', {{STARTROW => \"{}\", STOPROW => \"{}\"}}",
                ruby(r.start()),
                ruby(r.end().unwrap())
            )
        })
        .collect();
    let scans: Vec<&str> = out.lines().filter(|l| l.starts_with("scan ")).collect();
    assert_eq!(scans, expected);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("cbt read")).count(),
        100
    );
}

#[test]
fn decodes_the_readme_keys() {
    let s = Schemas::new();
    let out = ok(
        &[
            "decode",
            "--schema",
            p(&s.path("file_key")),
            "00000120120902000001",
        ],
        b"",
    );
    assert_eq!(
        out,
        "\
0x3030303030313230313230393032303030303031  00000120120902000001
FileKey: 20 bytes
| bytes  | field       | codec  | value    |
|--------|-------------|--------|----------|
| 0..6   | user_id     | pad(6) | 1        |
| 6..14  | create_date | pad(8) | 20120902 |
| 14..20 | file_id     | pad(6) | 1        |
"
    );
    // The README's order row, as hex, base64 and shell text: the same key.
    let key = OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    }
    .encode()
    .unwrap();
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let shell = StringBinary(&key).to_string();
    for text in [
        format!("0x{hex}"),
        hex.clone(),
        shell,
        "b64:AAAAAAAAAAcCAAAAAAAAAAk=".into(),
    ] {
        let out = ok(&["decode", "--schema", p(&s.path("row")), &text], b"");
        assert!(out.contains("Order (OrderKey): 17 bytes"), "{text}: {out}");
        assert!(
            out.contains("| 9..17 | order    | u64    | 9     |"),
            "{out}"
        );
    }
    let json = ok(
        &["decode", "--schema", p(&s.path("row")), "--json", &hex],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["member"], "Order");
    assert_eq!(v["fields"][2]["value"], "9");
    assert_eq!(v["valid"], true);
}

#[test]
fn annotates_shell_scans_and_cbt_reads() {
    let s = Schemas::new();
    let hbase = "ROW                          COLUMN+CELL\n 00000120120902000001        column=f:name, timestamp=2024-05-01T10:00:00, value=a\n 00000120120902000001        column=f:size, timestamp=2024-05-01T10:00:00, value=7\n 00000120120903000002        column=f:name, timestamp=2024-05-01T10:00:00, value=b\n2 row(s)\nTook 0.0100 seconds\n";
    let out = ok(
        &[
            "decode",
            "--schema",
            p(&s.path("file_key")),
            "--from-hbase-scan",
        ],
        hbase.as_bytes(),
    );
    assert_eq!(out.matches("FileKey: 20 bytes").count(), 2);
    assert!(out.contains("| 20120903 |"));
    let dashes = "-".repeat(40);
    let cbt = format!(
        "{dashes}\n00000120120902000001\n  f:name   @ 2024/05/01-10:00:00.000000\n    \"a\"\n"
    );
    let out = ok(
        &["decode", "--schema", p(&s.path("file_key")), "--from-cbt"],
        cbt.as_bytes(),
    );
    assert!(out.contains("| 14..20 | file_id     | pad(6) | 1        |"));
}

#[test]
fn encodes_and_splits() {
    let s = Schemas::new();
    let out = ok(
        &[
            "encode",
            "--schema",
            p(&s.path("file_key")),
            "user_id=1",
            "create_date=20120902",
            "file_id=1",
        ],
        b"",
    );
    assert_eq!(out, "hex    0x3030303030313230313230393032303030303031\nb64    b64:MDAwMDAxMjAxMjA5MDIwMDAwMDE=\nshell  00000120120902000001\n");
    let out = ok(
        &[
            "splits",
            "--schema",
            p(&s.path("salted_log_event")),
            "--regions",
            "4",
            "--table",
            "logs",
        ],
        b"",
    );
    let points: Vec<String> = SaltedLogEvent::SALT
        .region_split_points(4)
        .map(|p| format!("\"{}\"", StringBinary(p.as_bytes())))
        .collect();
    assert_eq!(
        out.lines().next().unwrap(),
        format!("create 'logs', 'cf', SPLITS => [{}]", points.join(", "))
    );
    assert_eq!(
        out.lines().nth(1).unwrap(),
        r"cbt createtable logs families=cf $'splits=\x19,2,K'"
    );
}

/// 100,000 keys, one per millisecond, as hex lines, in arrival order.
fn hex_lines<K: RowKey>(key: impl Fn(u64) -> K) -> Vec<u8> {
    let mut text = String::new();
    for i in 0..100_000u64 {
        let k = key(1_700_000_000_000 + i).encode().unwrap();
        text.push_str("0x");
        for b in k.as_ref() {
            text.push_str(&format!("{b:02x}"));
        }
        text.push('\n');
    }
    text.into_bytes()
}

fn max_over_mean(report: &str) -> f64 {
    let line = report
        .lines()
        .find(|l| l.starts_with("keys per region"))
        .unwrap();
    line.rsplit("max/mean ").next().unwrap().parse().unwrap()
}

/// The lit cells of the heat map, as (column, row).
fn lit_cells(svg: &str) -> Vec<(usize, usize)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.children().any(|c| c.has_tag_name("title")))
        .map(|n| {
            let at = |a: &str, o: f64| -> usize {
                let v: f64 = n.attribute(a).unwrap().parse().unwrap();
                ((v - o) / 10.0).round() as usize
            };
            (at("x", 60.0), at("y", 40.0))
        })
        .collect()
}

#[test]
fn spread_tells_a_sequential_key_from_a_salted_one() {
    let s = Schemas::new();
    let dir = tempfile::tempdir().unwrap();
    let (seq_svg, salted_svg) = (dir.path().join("seq.svg"), dir.path().join("salted.svg"));
    let seq = ok(
        &[
            "spread",
            "--schema",
            p(&s.path("log_event")),
            "--svg",
            p(&seq_svg),
        ],
        &hex_lines(|ts| LogEvent {
            ts,
            host: 1,
            event: 2,
        }),
    );
    let salted = ok(
        &[
            "spread",
            "--schema",
            p(&s.path("salted_log_event")),
            "--svg",
            p(&salted_svg),
            "--by",
            "host",
        ],
        &hex_lines(|ts| SaltedLogEvent {
            ts,
            host: (ts % 4) as u32,
            event: 2,
        }),
    );
    assert!(seq.starts_with("keys             100000\n"), "{seq}");
    assert_eq!(max_over_mean(&seq), 100.0, "{seq}");
    assert!(seq.contains("100000 keys, 100.0% of all"), "{seq}");
    let ratio = max_over_mean(&salted);
    assert!((1.0..1.2).contains(&ratio), "{salted}");
    assert!(salted.contains("keys per bucket  100 buckets"), "{salted}");
    assert!(
        salted.contains("keys per host    4 values: max 25000, mean 25000.0, max/mean 1.00"),
        "{salted}"
    );
    // Sequential: the bright diagonal, one lit cell per time slice.
    let cells = lit_cells(&std::fs::read_to_string(&seq_svg).unwrap());
    assert_eq!(cells.len(), 40);
    assert!(cells.iter().all(|(c, r)| c == r), "{cells:?}");
    // Salted: every time slice writes all over the key space.
    let cells = lit_cells(&std::fs::read_to_string(&salted_svg).unwrap());
    assert!(cells.len() > 40 * 40 * 9 / 10, "{}", cells.len());
}

#[test]
fn bad_input_is_one_line_and_a_failure() {
    let s = Schemas::new();
    let file = s.path("file_key");
    let f = p(&file);
    assert_eq!(
        fails(
            &[
                "encode",
                "--schema",
                f,
                "user_id=1",
                "create_date=1",
                "file_id=1",
                "size=3"
            ],
            b""
        ),
        "error: unknown field `size`; FileKey has user_id, create_date, file_id\n"
    );
    assert_eq!(
        fails(
            &[
                "encode",
                "--schema",
                f,
                "user_id=1000000",
                "create_date=1",
                "file_id=1"
            ],
            b""
        ),
        "error: field `user_id`: value 1000000 does not fit, allowed 0..=999999\n"
    );
    assert_eq!(
        fails(
            &[
                "encode",
                "--schema",
                f,
                "user_id=-1",
                "create_date=1",
                "file_id=1"
            ],
            b""
        ),
        "error: field `user_id`: `-1` is not a `u32`\n"
    );
    assert_eq!(
        fails(&["decode", "--schema", f, "0x30g1"], b""),
        "error: bad hex key `0x30g1`: byte 2 of the text, 'g', is not a hex digit\n"
    );
    assert_eq!(
        fails(&["scan", "--schema", f, "create_date=1..2"], b""),
        "error: a range bounds the field after the pinned ones: `user_id`, not `create_date`\n"
    );
    let v2 = s.dir.path().join("v2.json");
    std::fs::write(
        &v2,
        FileKey::LAYOUT
            .to_json()
            .replace("\"format\": 1", "\"format\": 2"),
    )
    .unwrap();
    assert!(fails(&["decode", "--schema", p(&v2), "00"], b"")
        .ends_with("schema format 2 is not supported: this rowkey reads format 1\n"));
    assert!(fails(&["splits", "--schema", f], b"").contains("FileKey has no salt"));
    // Garbage never panics: any bytes are explained, as far as they go.
    let garbage: Vec<u8> = (0..=255u8).collect();
    let out = ok(
        &[
            "decode",
            "--schema",
            f,
            &format!(
                "0x{}",
                garbage
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect::<String>()
            ),
        ],
        b"",
    );
    assert!(
        out.contains("key `FileKey`: 256 bytes given, the layout has exactly 20"),
        "{out}"
    );
    assert!(fails(&["spread", "--schema", f, "--binary"], b"0123")
        .contains("not a whole number of 20-byte keys"));
}

#[test]
fn a_members_tag_leads_the_keys_it_encodes_decodes_and_scans() {
    let s = Schemas::new();
    let path = s.path("tagged");
    let schema = p(&path);
    let key = Tagged::Group(GroupKey { group: 5 }).encode().unwrap();
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let out = ok(
        &["encode", "--schema", schema, "--key", "Group", "group=5"],
        b"",
    );
    assert!(out.starts_with(&format!("hex    0x{hex}\n")), "{out}");
    let out = ok(
        &["decode", "--schema", schema, "--json", &format!("0x{hex}")],
        b"",
    );
    let line: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(line["member"], "Group");
    assert_eq!(line["valid"], true);
    assert_eq!(line["fields"][0]["bytes"], serde_json::json!([1, 9]));
    assert_eq!(line["fields"][0]["value"], "5");
    // Read as the other member, the tag is wrong: the key does not decode.
    let args = ["decode", "--schema", schema, "--key", "User", "--json"];
    let out = ok(&[&args[..], &[&format!("0x{hex}")]].concat(), b"");
    let line: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(line["valid"], false);
    // Every key of a member: its tag's range, not the table's.
    let out = ok(
        &["scan", "--schema", schema, "--key", "User", "--table", "t"],
        b"",
    );
    assert_eq!(
        out,
        "scan 't', {STARTROW => \"u\", STOPROW => \"v\"}\ncbt read t start=u end=v\n"
    );
    let out = ok(
        &[
            "scan", "--schema", schema, "--key", "Group", "--table", "t", "group=5",
        ],
        b"",
    );
    assert!(
        out.starts_with(&format!("scan 't', {{STARTROW => \"{}\"", ruby(&key))),
        "{out}"
    );
}
