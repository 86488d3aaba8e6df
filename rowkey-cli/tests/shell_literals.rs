//! The printed commands read by the real interpreters: every `scan` and
//! `create` line is evaluated by Ruby (the HBase shell is JRuby; Debian's
//! `ruby` reads the same literals) with the shell's `scan` and `create`
//! standing in as functions that print the bytes they were given, and every
//! `cbt` line is run by bash with `cbt` a function that prints its
//! arguments' bytes. Keys with every awkward byte: quotes, `#{`, `\`, line
//! breaks, `0x00`..`0xFF`.
//!
//! Needs `ruby` and `bash` (`.ci/run` installs Debian's `ruby`).

use std::io::Write;
use std::process::{Command, Stdio};

use rowkey::text::to_bytes_binary;
use rowkey::RowKey;
use serde_json::Value;

#[derive(RowKey)]
#[allow(dead_code)] // only its layout and helpers are used
struct Blob {
    id: [u8; 4],
    n: u32,
}

fn rowkey(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `program` with `script` on stdin; its stdout.
fn interpret(program: &str, script: &str) -> String {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot run `{program}` ({e}): install it (Debian: apt-get install ruby)")
        });
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The HBase shell's `scan` and `create`, printing the bytes Ruby hands them
/// as the shell does: `scan` takes rows as `to_java_bytes` (the string's
/// bytes), `create` passes each split through `Bytes.toBytesBinary`, which
/// the test applies to the text printed here.
const SHELL: &str = r#"
STARTROW = "STARTROW"; STOPROW = "STOPROW"; SPLITS = "SPLITS"
def hex(s) s.b.unpack1("H*") end
def scan(table, o) puts ["scan", hex(table), hex(o[STARTROW]), o.key?(STOPROW) ? hex(o[STOPROW]) : "-"].join(" ") end
def create(table, family, o) puts (["create", hex(table), hex(family)] + o[SPLITS].map { |s| hex(s) }).join(" ") end
"#;

fn unhex(h: &str) -> Vec<u8> {
    (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap())
        .collect()
}

/// Ids with the awkward bytes, and every byte value once.
fn ids() -> Vec<[u8; 4]> {
    let mut ids: Vec<[u8; 4]> = vec![
        *b"\"#{x",
        *b"'\\\n\r",
        *b"a,b\"",
        *b"#$@\\",
        *b"\x7f\x80\xfe\xff",
        *b"\x00\x01\x02\x03",
    ];
    ids.extend((0..=255u8).map(|b| [b'k', b, b.wrapping_mul(7), b'z']));
    ids
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn ruby_reads_every_scan_line_as_the_scans_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("blob.json");
    std::fs::write(&schema, Blob::LAYOUT.to_json()).unwrap();
    let mut script = SHELL.to_owned();
    let mut expected = Vec::new();
    for (i, id) in ids().iter().enumerate() {
        let table = ["blobs", "it's", "a \"b\" #{c}", "ns:t.1"][i % 4];
        let arg = format!("id=0x{}", hex(id));
        let out = rowkey(&[
            "scan",
            "--schema",
            schema.to_str().unwrap(),
            "--table",
            table,
            "--hbase",
            &arg,
        ]);
        assert!(out.status.success());
        script.push_str(&String::from_utf8(out.stdout).unwrap());
        let r = Blob::prefix_for_id(*id).unwrap();
        let end = r.end().map_or("-".to_owned(), hex);
        expected.push(format!(
            "scan {} {} {end}",
            hex(table.as_bytes()),
            hex(r.start())
        ));
    }
    let got: Vec<String> = interpret("ruby", &script)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn ruby_and_hbase_read_every_split_point_back() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("blob.json");
    std::fs::write(&schema, Blob::LAYOUT.to_json()).unwrap();
    // A sample whose quantiles are the awkward ids: split between each.
    let sample = dir.path().join("sample.txt");
    let mut keys: Vec<Vec<u8>> = ids()
        .iter()
        .map(|id| Blob { id: *id, n: 1 }.encode().unwrap().to_vec())
        .collect();
    keys.sort();
    keys.dedup();
    let lines: String = keys.iter().map(|k| format!("0x{}\n", hex(k))).collect();
    std::fs::write(&sample, lines).unwrap();
    let regions = keys.len().to_string();
    let args = [
        "splits",
        "--schema",
        schema.to_str().unwrap(),
        "--from-keys",
        sample.to_str().unwrap(),
        "--regions",
        &regions,
        "--table",
        "it's",
        "--family",
        "f #1",
    ];
    let json = rowkey(&[&args[..], &["--json"]].concat());
    let v: Value = serde_json::from_slice(&json.stdout).unwrap();
    let points: Vec<Vec<u8>> = v["split_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| unhex(&p.as_str().unwrap()[2..]))
        .collect();
    assert_eq!(points.len(), keys.len() - 1);
    let line = rowkey(&[&args[..], &["--hbase"]].concat());
    let script = SHELL.to_owned() + &String::from_utf8(line.stdout).unwrap();
    let got = interpret("ruby", &script);
    let words: Vec<&str> = got.split_whitespace().collect();
    assert_eq!(words[..3], ["create", &hex(b"it's"), &hex(b"f #1")]);
    let read_back: Vec<Vec<u8>> = words[3..]
        .iter()
        .map(|w| to_bytes_binary(std::str::from_utf8(&unhex(w)).unwrap()).unwrap())
        .collect();
    assert_eq!(read_back, points);
}

/// `cbt` as a bash function: one line per argument, its bytes in hex.
const CBT: &str = "cbt() { for a in \"$@\"; do printf '%s' \"$a\" | od -An -v -tx1 | tr -d ' \\n'; echo; done; echo; }\n";

#[test]
fn bash_hands_cbt_exactly_the_rows_or_cbt_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("blob.json");
    std::fs::write(&schema, Blob::LAYOUT.to_json()).unwrap();
    let mut script = CBT.to_owned();
    let mut expected = String::new();
    let mut refused = 0;
    for id in ids() {
        let arg = format!("id=0x{}", hex(&id));
        let out = rowkey(&[
            "scan",
            "--schema",
            schema.to_str().unwrap(),
            "--table",
            "my blobs",
            "--cbt",
            &arg,
        ]);
        let r = Blob::prefix_for_id(id).unwrap();
        let end = r.end().unwrap();
        if r.start().contains(&0) || end.contains(&0) {
            // No argument holds a 0x00 byte: nothing printed, and an error.
            assert_eq!(out.status.code(), Some(1));
            assert!(out.stdout.is_empty());
            refused += 1;
            continue;
        }
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        script.push_str(&String::from_utf8(out.stdout).unwrap());
        let args = [
            &b"read"[..],
            b"my blobs",
            &[b"start=", r.start()].concat(),
            &[b"end=", end].concat(),
        ];
        for a in args {
            expected.push_str(&hex(a));
            expected.push('\n');
        }
        expected.push('\n');
    }
    assert_eq!(interpret("bash", &script), expected);
    assert!(refused > 0 && refused < 10, "{refused}");
}
