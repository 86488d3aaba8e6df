//! The built `rowkey` binary on the design articles' keys: the scans it
//! prints are the derived helpers' ranges, it decodes the README's keys,
//! split points follow the key, `spread` tells a sequential key from a
//! salted one, and every bad input is reported, one line each, with a
//! non-zero exit.

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

/// A salted field named as the bucket's segment is.
#[derive(RowKey)]
struct SaltedLogin {
    #[salt(mod = 100)]
    salt: u32,
    user: u64,
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
            ("salted_login", SaltedLogin::LAYOUT.to_json()),
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

/// Runs and expects failure; returns stderr, every line of which is an error.
fn fails(args: &[&str], stdin: &[u8]) -> String {
    let out = rowkey(args, stdin);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.lines().count() >= 1, "{args:?}: no error");
    assert!(err.lines().all(|l| l.starts_with("error: ")), "{err}");
    err
}

/// Runs and expects failure with nothing on stdout; returns the one line on stderr.
fn fails_once(args: &[&str], stdin: &[u8]) -> String {
    let out = rowkey(args, stdin);
    assert!(
        out.stdout.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = fails(args, stdin);
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// A key as a double-quoted HBase shell string: shell text, with `"` and
/// `#` (which Ruby would read) as `\xNN` too.
fn ruby(b: &[u8]) -> String {
    let text = StringBinary(b)
        .to_string()
        .replace('"', "\\x22")
        .replace('#', "\\x23");
    format!("\"{text}\"")
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `rowkey ARGS` with the schema `name` after `--schema`.
fn with<'a>(s: &'a Schemas, cmd: &'a str, name: &str, rest: &[&'a str]) -> Vec<String> {
    let mut v = vec![
        cmd.to_owned(),
        "--schema".into(),
        s.path(name).to_str().unwrap().to_owned(),
    ];
    v.extend(rest.iter().map(|a| a.to_string()));
    v
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn the_find_scan_is_the_helpers_range() {
    let s = Schemas::new();
    let args = with(
        &s,
        "scan",
        "file_key",
        &[
            "--table",
            "files",
            "user_id=1",
            "create_date=20120901..=20120914",
        ],
    );
    let out = ok(&strs(&args), b"");
    let r = FileKey::range_for_user_id_create_date(1, 20120901..=20120914).unwrap();
    let (start, end) = (StringBinary(r.start()), StringBinary(r.end().unwrap()));
    assert_eq!(
        out,
        format!("scan 'files', {{STARTROW => \"{start}\", STOPROW => \"{end}\"}}\ncbt read files start={start} end={end}\n")
    );
    assert!(out.contains(r#"STARTROW => "00000120120901", STOPROW => "00000120120915""#));
    // One tool at a time, or JSON with the bytes.
    let hbase = ok(&strs(&[&args[..], &["--hbase".into()]].concat()), b"");
    assert_eq!(hbase, out.lines().next().unwrap().to_owned() + "\n");
    let json = ok(&strs(&[&args[..], &["--json".into()]].concat()), b"");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["format"], 1);
    assert_eq!(v["ranges"][0]["start"], "0x3030303030313230313230393031");
    assert_eq!(v["ranges"][0]["cbt"], out.lines().nth(1).unwrap());
    assert_eq!(v["cbt_refused"], serde_json::Value::Null);
}

#[test]
fn a_field_given_several_values_scans_each_combination() {
    let s = Schemas::new();
    let args = with(
        &s,
        "scan",
        "file_key",
        &[
            "--table",
            "files",
            "user_id=1",
            "user_id=5",
            "user_id=9",
            "create_date=20120901..=20120914",
        ],
    );
    let out = ok(&strs(&args), b"");
    let select = FileKey::select()
        .user_id([1, 5, 9])
        .create_date(20120901..=20120914)
        .build()
        .unwrap();
    let mut expected = vec!["# 3 ranges, one per combination of the values given".to_owned()];
    for tool in ["scan", "cbt"] {
        for r in select.ranges() {
            let (start, end) = (StringBinary(r.start()), StringBinary(r.end().unwrap()));
            expected.push(match tool {
                "scan" => {
                    format!("scan 'files', {{STARTROW => \"{start}\", STOPROW => \"{end}\"}}")
                }
                _ => format!("cbt read files start={start} end={end}"),
            });
        }
    }
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);

    // A set past a range: no ranges hold exactly its rows, so no commands.
    let f = |rest: &[&str]| fails_once(&strs(&with(&s, "scan", "file_key", rest)), b"");
    let e = f(&[
        "user_id=1",
        "create_date=20120901..=20120930",
        "file_id=3",
        "file_id=7",
    ]);
    assert!(e.starts_with("error: `file_id` lies after a range"), "{e}");
    assert!(e.contains("stream_select"), "{e}");
    // A set and a range on one field.
    let e = f(&["user_id=1", "user_id=2..3"]);
    assert_eq!(e, "error: field `user_id` is given `user_id=1` and `user_id=2..3`: give it values (each as `user_id=VALUE`) or one range\n");
    // A value that does not fit names its field.
    let e = f(&["user_id=1", "user_id=1000000"]);
    assert_eq!(
        e,
        "error: field `user_id`: value 1000000 does not fit, allowed 0..=999999\n"
    );
}

#[test]
fn an_unpinned_salt_scans_every_bucket_and_cbt_is_refused_the_nul_bytes() {
    let s = Schemas::new();
    let args = with(&s, "scan", "salted_log_event", &["ts=1000..2000"]);
    let out = rowkey(&strs(&args), b"");
    let expected: Vec<String> = SaltedLogEvent::range_for_ts(1000..2000)
        .unwrap()
        .map(|r| {
            format!(
                "scan 'TABLE', {{STARTROW => {}, STOPROW => {}}}",
                ruby(r.start()),
                ruby(r.end().unwrap())
            )
        })
        .collect();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let scans: Vec<&str> = stdout.lines().filter(|l| l.starts_with("scan ")).collect();
    assert_eq!(scans, expected);
    // Every start row holds 0x00 bytes (the bucket, the high bytes of `ts`):
    // no `cbt read` line, a non-zero exit and the alternatives.
    assert!(!stdout.contains("cbt read"), "{stdout}");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: cbt cannot read this scan: the start row of range 1 (salt bucket 0) holds a 0x00 byte at byte 0, which no cbt argument can carry; use the HBase shell lines, rowkey-bigtable's `row_range`, or `--json` for the bytes\n"
    );
    let cbt_only = fails_once(&strs(&[&args[..], &["--cbt".into()]].concat()), b"");
    assert!(
        cbt_only.starts_with("error: cbt cannot read this scan"),
        "{cbt_only}"
    );
    let json = ok(&strs(&[&args[..], &["--json".into()]].concat()), b"");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["ranges"].as_array().unwrap().len(), 100);
    assert_eq!(v["ranges"][3]["cbt"], serde_json::Value::Null);
    assert!(v["cbt_refused"].as_str().unwrap().contains("0x00 byte"));
}

#[test]
fn decodes_the_readme_keys() {
    let s = Schemas::new();
    // Digits are hex: `--text` reads them as the key's text.
    let out = ok(
        &strs(&with(
            &s,
            "decode",
            "file_key",
            &["--text", "00000120120902000001"],
        )),
        b"",
    );
    assert_eq!(
        out,
        "\
0x3030303030313230313230393032303030303031  \"00000120120902000001\"
FileKey: 20 bytes
| bytes  | field       | codec  | value    |
|--------|-------------|--------|----------|
| 0..6   | user_id     | pad(6) | 1        |
| 6..14  | create_date | pad(8) | 20120902 |
| 14..20 | file_id     | pad(6) | 1        |
"
    );
    // The quoted form it prints reads back without `--text`.
    assert_eq!(
        ok(
            &strs(&with(
                &s,
                "decode",
                "file_key",
                &["\"00000120120902000001\""]
            )),
            b""
        ),
        out
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
    for text in [
        format!("0x{hex}"),
        hex.clone(),
        StringBinary(&key).to_string(),
        ruby(&key),
        "b64:AAAAAAAAAAcCAAAAAAAAAAk=".into(),
    ] {
        let out = ok(&strs(&with(&s, "decode", "row", &[&text])), b"");
        assert!(out.contains("Order (OrderKey): 17 bytes"), "{text}: {out}");
        assert!(
            out.contains("| 9..17 | order    | u64    | 9     |"),
            "{out}"
        );
    }
    let json = ok(&strs(&with(&s, "decode", "row", &["--json", &hex])), b"");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (v["format"].clone(), v["argument"].clone()),
        (1.into(), 1.into())
    );
    assert_eq!(v["member"], "Order");
    assert_eq!(v["fields"][2]["value"], "9");
    assert_eq!(v["valid"], true);
}

#[test]
fn a_region_boundary_in_plain_hex_is_a_partial_key() {
    let s = Schemas::new();
    let out = ok(
        &strs(&with(&s, "decode", "salted_log_event", &["0a0000018b"])),
        b"",
    );
    assert!(
        out.starts_with("0x0a0000018b  \"\\x0A\\x00\\x00\\x01\\x8B\"\n"),
        "{out}"
    );
    assert!(out.contains("partial key: 5 of 15 bytes"), "{out}");
}

#[test]
fn every_bad_key_is_reported_with_its_line_and_the_rest_decode() {
    let s = Schemas::new();
    let good = |d: u32| {
        FileKey {
            user_id: 1,
            create_date: d,
            file_id: 1,
        }
        .encode()
        .unwrap()
    };
    let stdin = format!(
        "0x{}\n\n0x30g1\n0x{}\n\"0000012012090X000001\"\n",
        good(20120902)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>(),
        good(20120903)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let out = rowkey(
        &strs(&with(&s, "decode", "file_key", &["--json"])),
        stdin.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Lines 1, 4 and 5 are keys (5 a bad one); line 3 is no key at all.
    let at: Vec<_> = lines
        .iter()
        .map(|v| (v["line"].as_u64().unwrap(), v["valid"].as_bool().unwrap()))
        .collect();
    assert_eq!(at, [(1, true), (4, true), (5, false)]);
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "\
error: line 3: bad hex key `0x30g1`: character 3 of the hex, 'g', is not a hex digit
error: line 5: 0x3030303030313230313230393058303030303031 does not decode: field `create_date` at byte 13: found 0x58 ('X'), expected an ASCII digit
error: 2 of 4 keys do not decode (each reported above)
"
    );
}

/// The shell prints rows as `toStringBinary` text: a row that starts with
/// `0x`, `b64:`, a quote or a space is that text, not hex, base64 or a
/// quoted string, and keeps its leading space.
#[test]
fn shell_scan_rows_are_text_whatever_they_start_with() {
    let s = Schemas::new();
    let rows: [&[u8]; 3] = [b"0x0102030405ab", b" b64:AAAAAAAAA", b"\"quoted\"000000"];
    let mut scan = String::from("ROW                          COLUMN+CELL\n");
    for r in rows {
        let row = StringBinary(r).to_string();
        scan.push_str(&format!(" {row:<28} column=f:a, timestamp=1, value=x\n"));
    }
    let out = ok(
        &strs(&with(
            &s,
            "decode",
            "log_event",
            &["--from-hbase-scan", "--json"],
        )),
        scan.as_bytes(),
    );
    let keys: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["key"].to_string())
        .collect();
    let expected: Vec<String> = rows
        .iter()
        .map(|r| format!("\"{}\"", rowkey_cli::keytext::hex(r)))
        .collect();
    assert_eq!(keys, expected);
}

#[test]
fn annotates_shell_scans_and_cbt_reads() {
    let s = Schemas::new();
    let hbase = "ROW                          COLUMN+CELL\n 00000120120902000001        column=f:name, timestamp=2024-05-01T10:00:00, value=a\n 00000120120902000001        column=f:size, timestamp=2024-05-01T10:00:00, value=7\n 00000120120903000002        column=f:name, timestamp=2024-05-01T10:00:00, value=b\n2 row(s)\nTook 0.0100 seconds\n";
    let out = ok(
        &strs(&with(&s, "decode", "file_key", &["--from-hbase-scan"])),
        hbase.as_bytes(),
    );
    assert_eq!(out.matches("FileKey: 20 bytes").count(), 2);
    assert!(out.contains("| 20120903 |"));
    // `cbt read` writes raw keys: a binary key may hold a line break.
    let key = SaltedLogEvent {
        ts: 0x0a0a,
        host: 0x0a,
        event: 10,
    }
    .encode()
    .unwrap();
    let dashes = "-".repeat(40);
    let cell = "  cf:c                                     @ 2026/11/25-16:36:14.022000";
    let mut cbt = format!("{dashes}\n").into_bytes();
    cbt.extend_from_slice(&key);
    cbt.extend_from_slice(format!("\n{cell}\n    \"v\"\n\n").as_bytes());
    let out = ok(
        &strs(&with(
            &s,
            "decode",
            "salted_log_event",
            &["--from-cbt", "--json"],
        )),
        &cbt,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["key"],
        format!(
            "0x{}",
            key.iter().map(|b| format!("{b:02x}")).collect::<String>()
        )
    );
    assert_eq!(v["valid"], true);
    let empty = fails_once(&strs(&with(&s, "decode", "file_key", &["--from-cbt"])), b"");
    assert_eq!(empty, "error: no keys: stdin held none\n");
}

#[test]
fn encodes() {
    let s = Schemas::new();
    let out = ok(
        &strs(&with(
            &s,
            "encode",
            "file_key",
            &["user_id=1", "create_date=20120902", "file_id=1"],
        )),
        b"",
    );
    assert_eq!(out, "hex    0x3030303030313230313230393032303030303031\nb64    b64:MDAwMDAxMjAxMjA5MDIwMDAwMDE=\nshell  \"00000120120902000001\"\n");
    let json = ok(
        &strs(&with(
            &s,
            "encode",
            "file_key",
            &["--json", "user_id=1", "create_date=20120902", "file_id=1"],
        )),
        b"",
    );
    assert_eq!(json, "{\"format\":1,\"hex\":\"0x3030303030313230313230393032303030303031\",\"b64\":\"b64:MDAwMDAxMjAxMjA5MDIwMDAwMDE=\",\"shell\":\"\\\"00000120120902000001\\\"\"}\n");
}

/// The split points of `splits` output's first line, read as HBase does:
/// each single-quoted literal's text through `toBytesBinary`.
fn hbase_points(line: &str) -> Vec<Vec<u8>> {
    let list = line
        .split_once("SPLITS => [")
        .unwrap()
        .1
        .trim_end_matches(']');
    list.split("', '")
        .map(|p| rowkey::text::to_bytes_binary(&p.trim_matches('\'').replace("\\'", "'")).unwrap())
        .collect()
}

#[test]
fn split_points_follow_the_key() {
    let s = Schemas::new();
    // A salt: its bucket boundaries.
    let out = ok(
        &strs(&with(
            &s,
            "splits",
            "salted_log_event",
            &["--regions", "4", "--table", "logs"],
        )),
        b"",
    );
    let points: Vec<Vec<u8>> = SaltedLogEvent::SALT
        .region_split_points(4)
        .map(|p| p.as_bytes().to_vec())
        .collect();
    assert_eq!(hbase_points(out.lines().next().unwrap()), points);
    assert_eq!(
        out.lines().nth(1).unwrap(),
        r"cbt createtable logs families=cf $'splits=\x19,2,K'"
    );
    // Digits: the digit space, not the byte space.
    let out = ok(
        &strs(&with(
            &s,
            "splits",
            "file_key",
            &["--regions", "4", "--table", "files"],
        )),
        b"",
    );
    assert_eq!(out, "create 'files', 'cf', SPLITS => ['250000', '500000', '750000']\ncbt createtable files families=cf splits=250000,500000,750000\n");
    // A binary number: its values, evenly.
    let json = ok(
        &strs(&with(
            &s,
            "splits",
            "log_event",
            &["--regions", "4", "--json"],
        )),
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["from"], "values");
    assert_eq!(
        v["split_points"],
        serde_json::json!(["0x40", "0x80", "0xc0"])
    );
    // A sample of keys: its quantiles, shortened.
    let dir = tempfile::tempdir().unwrap();
    let sample = dir.path().join("sample.txt");
    let keys: String = (0..1000u32)
        .map(|i| {
            format!(
                "\"{}\"\n",
                StringBinary(
                    &FileKey {
                        user_id: i * 7,
                        create_date: 20120901,
                        file_id: 1
                    }
                    .encode()
                    .unwrap()
                )
            )
        })
        .collect();
    std::fs::write(&sample, keys).unwrap();
    let out = ok(
        &strs(&with(
            &s,
            "splits",
            "file_key",
            &["--regions", "4", "--from-keys", p(&sample), "--hbase"],
        )),
        b"",
    );
    assert_eq!(
        out,
        "create 'TABLE', 'cf', SPLITS => ['00175', '0035', '00525']\n"
    );
    // 100 buckets: the `,` point is one CSV field, `"` is doubled, `\n` quoted.
    let out = ok(
        &strs(&with(&s, "splits", "salted_log_event", &["--cbt"])),
        b"",
    );
    assert!(
        out.contains(r#"+,",",-"#) && out.contains(r#"!,"""",#"#) && out.contains(r#","\x0a","#),
        "{out}"
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

/// The lit cells of the heat map, as (column, row) of `cells` by `cells`.
fn lit_cells(svg: &str, cells: usize) -> Vec<(usize, usize)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let size = 480.0 / cells as f64;
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.children().any(|c| c.has_tag_name("title")))
        .map(|n| {
            let at = |a: &str, o: f64| -> usize {
                let v: f64 = n.attribute(a).unwrap().parse().unwrap();
                ((v - o) / size).round() as usize
            };
            (at("x", 290.0), at("y", 64.0))
        })
        .collect()
}

#[test]
fn spread_tells_a_sequential_key_from_a_salted_one() {
    let s = Schemas::new();
    let dir = tempfile::tempdir().unwrap();
    let (seq_svg, salted_svg) = (dir.path().join("seq.svg"), dir.path().join("salted.svg"));
    let seq = ok(
        &strs(&with(&s, "spread", "log_event", &["--svg", p(&seq_svg)])),
        &hex_lines(|ts| LogEvent {
            ts,
            host: 1,
            event: 2,
        }),
    );
    let salted = ok(
        &strs(&with(
            &s,
            "spread",
            "salted_log_event",
            &["--svg", p(&salted_svg), "--by", "host"],
        )),
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
    let seq_svg = std::fs::read_to_string(&seq_svg).unwrap();
    let cells = lit_cells(&seq_svg, 40);
    assert_eq!(cells.len(), 40);
    assert!(cells.iter().all(|(c, r)| c == r), "{cells:?}");
    // Labelled: decoded keys, arrival positions, the scale's counts, the busiest ranges.
    assert!(seq_svg.contains("ts=1700000000000 host=1"), "band labels");
    assert!(seq_svg.contains(">100,000</text>"), "arrival axis");
    assert!(seq_svg.contains(">2,500</text>"), "colour scale");
    assert!(seq_svg.contains("busiest key ranges"));
    // Salted: every time slice writes all over the key space.
    let cells = lit_cells(&std::fs::read_to_string(&salted_svg).unwrap(), 40);
    assert!(cells.len() > 40 * 40 * 9 / 10, "{}", cells.len());
}

/// `--by salt` counts the values of a field named `salt`, not its buckets.
#[test]
fn spread_by_a_field_named_salt_counts_its_values() {
    let s = Schemas::new();
    let keys = hex_lines(|n| SaltedLogin {
        salt: (n % 4) as u32,
        user: n,
    });
    let out = ok(
        &strs(&with(&s, "spread", "salted_login", &["--by", "salt"])),
        &keys,
    );
    assert!(
        out.contains("keys per salt    4 values: max 25000"),
        "{out}"
    );
    assert!(
        out.contains("  0: 25000\n  1: 25000\n  2: 25000\n  3: 25000\n"),
        "{out}"
    );
    let out = fails(
        &strs(&with(&s, "spread", "salted_login", &["--by", "x"])),
        b"",
    );
    assert!(
        out.contains("no such field; SaltedLogin has salt, user"),
        "{out}"
    );
}

#[test]
fn spread_counts_keys_that_do_not_match_the_schema() {
    let s = Schemas::new();
    // File keys read by the log event's schema: every one is reported.
    let lines: String = (0..50u32)
        .map(|i| {
            format!(
                "\"{}\"\n",
                StringBinary(
                    &FileKey {
                        user_id: i,
                        create_date: 20120901,
                        file_id: 1
                    }
                    .encode()
                    .unwrap()
                )
            )
        })
        .collect();
    let out = rowkey(
        &strs(&with(&s, "spread", "log_event", &[])),
        lines.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("bad keys         50 (100.00%)"), "{stdout}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 11, "{err}");
    assert!(
        err.starts_with(
            "error: line 1: 0x3030303030303230313230393031303030303031 does not decode"
        ),
        "{err}"
    );
    assert!(err.ends_with("error: 50 of 50 keys (100.00%) do not match the schema (the first 10 reported above); --allow-bad 100.00 lets that share pass\n"), "{err}");
    // A share may be allowed.
    let mut mixed = hex_lines(|ts| LogEvent {
        ts,
        host: 1,
        event: 2,
    });
    mixed.extend_from_slice(b"0x00\n");
    let args = with(&s, "spread", "log_event", &["--allow-bad", "0.01"]);
    let out = rowkey(&strs(&args), &mixed);
    assert!(out.status.success());
    assert!(
        fails(&strs(&with(&s, "spread", "log_event", &[])), &mixed).contains("1 of 100001 keys")
    );
    // Raw keys of the wrong width.
    assert!(fails_once(
        &strs(&with(&s, "spread", "file_key", &["--binary"])),
        b"0123"
    )
    .contains("stdin ends 4 bytes into key 1"));
    assert_eq!(
        fails_once(&strs(&with(&s, "spread", "file_key", &[])), b""),
        "error: no keys: stdin held none\n"
    );
}

#[test]
fn bad_arguments_are_one_line_and_a_failure() {
    let s = Schemas::new();
    let f = |rest: &[&str], cmd: &str| fails_once(&strs(&with(&s, cmd, "file_key", rest)), b"");
    assert_eq!(
        f(
            &["user_id=1", "create_date=1", "file_id=1", "size=3"],
            "encode"
        ),
        "error: unknown field `size`; FileKey has user_id, create_date, file_id\n"
    );
    assert_eq!(
        f(&["user_id=1000000", "create_date=1", "file_id=1"], "encode"),
        "error: field `user_id`: value 1000000 does not fit, allowed 0..=999999\n"
    );
    assert_eq!(
        f(&["user_id=-1", "create_date=1", "file_id=1"], "encode"),
        "error: field `user_id`: `-1` is not a `u32`\n"
    );
    assert_eq!(f(&["user_id=1", "user_id=2"], "encode"), "error: field `user_id` is given twice (`user_id=1` and `user_id=2`): give each field once\n");
    assert_eq!(
        fails(&strs(&with(&s, "decode", "file_key", &["0x30g1"])), b""),
        "error: argument 1: bad hex key `0x30g1`: character 3 of the hex, 'g', is not a hex digit\nerror: 1 of 1 keys do not decode (each reported above)\n"
    );
    assert_eq!(
        f(&["create_date=1..2"], "scan"),
        "error: a range bounds the field after the pinned ones: `user_id`, not `create_date`\n"
    );
    assert_eq!(f(&["user_id=1", "create_date=20120914..20120901"], "scan"), "error: `create_date=20120914..20120901` selects no key: the range is empty. Write LOW..HIGH (HIGH left out) or LOW..=HIGH, the low value first\n");
    assert_eq!(
        f(&["user_id=1", "create_date=5..5"], "scan")
            .lines()
            .count(),
        1
    );
    assert!(f(&[], "splits")
        .contains("FileKey has no salt: give the number of regions with --regions (2..=65536)"));
    assert_eq!(
        f(&["--regions", "0"], "splits"),
        "error: --regions 0: field `user_id` (pad(6)) holds 1000000 values; give 2..=65536\n"
    );
    assert_eq!(
        f(&["--regions", "1"], "splits"),
        "error: --regions 1: field `user_id` (pad(6)) holds 1000000 values; give 2..=65536\n"
    );
    assert_eq!(
        fails_once(
            &strs(&with(
                &s,
                "splits",
                "salted_log_event",
                &["--regions", "1000"]
            )),
            b""
        ),
        "error: --regions 1000: the salt has 100 buckets; give 2..=100\n"
    );
    assert_eq!(
        f(&["--cells", "0"], "spread"),
        "error: --cells 0: give 1..=200\n"
    );
    let v2 = s.dir.path().join("v2.json");
    std::fs::write(
        &v2,
        FileKey::LAYOUT
            .to_json()
            .replace("\"format\": 1", "\"format\": 2"),
    )
    .unwrap();
    assert!(
        fails_once(&["encode", "--schema", p(&v2), "user_id=1"], b"")
            .ends_with("schema format 2 is not supported: this rowkey reads format 1\n")
    );
}

#[test]
fn digits_read_as_hex_say_how_to_read_them_as_text() {
    let s = Schemas::new();
    let err = fails(
        &strs(&with(&s, "decode", "file_key", &["00000120120902000001"])),
        b"",
    );
    assert_eq!(
        err.lines().next().unwrap(),
        "error: argument 1: 0x00000120120902000001 does not decode: key `FileKey`: 10 bytes given, the layout has exactly 20 (read as hex; as text it decodes: pass --text)"
    );
    // Garbage never panics: any bytes are explained, as far as they go.
    let garbage: String = (0..=255u8).map(|b| format!("{b:02x}")).collect();
    let out = rowkey(
        &strs(&with(&s, "decode", "file_key", &[&format!("0x{garbage}")])),
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("key `FileKey`: 256 bytes given, the layout has exactly 20"));
}

#[test]
fn a_members_tag_leads_the_keys_it_encodes_decodes_and_scans() {
    let s = Schemas::new();
    let key = Tagged::Group(GroupKey { group: 5 }).encode().unwrap();
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let out = ok(
        &strs(&with(
            &s,
            "encode",
            "tagged",
            &["--key", "Group", "group=5"],
        )),
        b"",
    );
    assert!(out.starts_with(&format!("hex    0x{hex}\n")), "{out}");
    let out = ok(
        &strs(&with(
            &s,
            "decode",
            "tagged",
            &["--json", &format!("0x{hex}")],
        )),
        b"",
    );
    let line: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(line["member"], "Group");
    assert_eq!(line["valid"], true);
    assert_eq!(line["fields"][0]["bytes"], serde_json::json!([1, 9]));
    assert_eq!(line["fields"][0]["value"], "5");
    // Read as the other member, the tag is wrong: the key does not decode.
    let out = rowkey(
        &strs(&with(
            &s,
            "decode",
            "tagged",
            &["--key", "User", "--json", &format!("0x{hex}")],
        )),
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["valid"], false);
    // A member's split points lie within its tag.
    let json = ok(
        &strs(&with(
            &s,
            "splits",
            "tagged",
            &["--key", "User", "--regions", "4", "--json"],
        )),
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v["split_points"],
        serde_json::json!(["0x7540", "0x7580", "0x75c0"])
    );
    // Every key of a member: its tag's range, not the table's.
    let out = ok(
        &strs(&with(
            &s,
            "scan",
            "tagged",
            &["--key", "User", "--table", "t"],
        )),
        b"",
    );
    assert_eq!(
        out,
        "scan 't', {STARTROW => \"u\", STOPROW => \"v\"}\ncbt read t start=u end=v\n"
    );
    let out = ok(
        &strs(&with(
            &s,
            "scan",
            "tagged",
            &["--key", "Group", "--table", "t", "group=5", "--hbase"],
        )),
        b"",
    );
    assert!(
        out.starts_with(&format!("scan 't', {{STARTROW => {}", ruby(&key))),
        "{out}"
    );
}

#[test]
fn table_names_are_quoted_for_both_tools() {
    let s = Schemas::new();
    let out = ok(
        &strs(&with(
            &s,
            "scan",
            "file_key",
            &["--table", "it's my files", "user_id=1"],
        )),
        b"",
    );
    assert_eq!(
        out,
        "scan \"it's my files\", {STARTROW => \"000001\", STOPROW => \"000002\"}\ncbt read $'it\\x27s\\x20my\\x20files' start=000001 end=000002\n"
    );
}
