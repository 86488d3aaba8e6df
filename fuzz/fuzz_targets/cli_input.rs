//! `rowkey decode`'s readers of key lines, `--from-hbase-scan` and
//! `--from-cbt`, on any input and the schema of a derived key (the first
//! byte chooses): never a panic; each bad key reported once; `--json`
//! prints one JSON object per key it read. And `cbt read` output written
//! from fixed-width keys, raw (up to cbt 1.23) or Go-quoted, reads back to
//! exactly those keys.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rowkey::schema::Schema;
use rowkey_cli::cbt::ReadOutput;
use rowkey_cli::decode::{Decoder, Input, Options};
use rowkey_cli::keytext::Plain;
use rowkey_fuzz::keys::{Tagged, Untagged};
use rowkey_fuzz::layouts;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let derived = layouts::derived();
    let schema = match usize::from(which) % (derived.len() + 2) {
        i if i < derived.len() => Schema::Key(derived[i]),
        i if i == derived.len() => Schema::KeyTypes(&Tagged::KEY_TYPES),
        _ => Schema::KeyTypes(&Untagged::KEY_TYPES),
    };
    let input = match which / 64 {
        0 => Input::Keys,
        1 => Input::HbaseScan,
        _ => Input::CbtRead,
    };
    for json in [false, true] {
        decodes(schema, input, json, rest);
    }
    cbt_output_reads_back(which, rest);
});

fn decodes(schema: Schema<'_>, input: Input, json: bool, text: &[u8]) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let opt = Options {
        input,
        plain: Plain::HexFirst,
        json,
    };
    let tally = Decoder::new(schema, opt, &mut out, &mut err)
        .stream(text, None)
        .expect("writes to a vector succeed");
    assert!(tally.bad <= tally.keys, "{tally:?}");
    let err = String::from_utf8(err).expect("errors are UTF-8");
    assert_eq!(err.lines().count(), tally.bad, "{err}");
    assert!(err.lines().all(|l| l.starts_with("error: ")), "{err}");
    if !json {
        return;
    }
    let out = String::from_utf8(out).expect("JSON is UTF-8");
    let mut lines = 0;
    for line in out.lines() {
        // An object with a boolean `valid`; the rest is read as JSON and
        // let go, not built into a map no check looks at.
        assert!(line.starts_with('{'), "{line}");
        let _: Line = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        lines += 1;
    }
    assert!(lines <= tally.keys, "{out}");
}

/// What a `--json` line must hold.
#[derive(serde::Deserialize)]
struct Line {
    #[allow(dead_code)]
    valid: bool,
}

/// `cbt read` output of keys of one width, each written raw or Go-quoted
/// as the input's bits say, read back key by key.
fn cbt_output_reads_back(which: u8, rest: &[u8]) {
    let width = 1 + usize::from(which % 30);
    let Some((&quoting, rest)) = rest.split_first() else {
        return;
    };
    let keys: Vec<&[u8]> = rest.chunks_exact(width).take(8).collect();
    let dashes = b"----------------------------------------";
    let cell = b"  cf:c                                     @ 2026/11/25-16:36:14.022000";
    let mut out = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        out.extend_from_slice(dashes);
        out.push(b'\n');
        if quoting >> (i % 8) & 1 == 1 {
            out.extend_from_slice(go_quote(key).as_bytes());
        } else {
            out.extend_from_slice(key);
        }
        out.push(b'\n');
        out.extend_from_slice(cell);
        out.extend_from_slice(b"\n    \"v\"\n\n");
    }
    let mut r = ReadOutput::new(|n| n == width);
    let mut read: Vec<Vec<u8>> = out
        .split(|&c| c == b'\n')
        .enumerate()
        .filter_map(|(i, line)| r.line(line, i + 1))
        .map(|(k, _)| k)
        .collect();
    read.extend(r.finish().map(|(k, _)| k));
    assert_eq!(read, keys, "{}", String::from_utf8_lossy(&out));
}

/// Go's `%q` of bytes: printable ASCII as it is, `"` and `\` escaped, the
/// rest `\xNN` or a C escape.
fn go_quote(b: &[u8]) -> String {
    let mut s = String::from("\"");
    for &c in b {
        match c {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            0x20..=0x7e => s.push(char::from(c)),
            _ => s.push_str(&format!("\\x{c:02x}")),
        }
    }
    s.push('"');
    s
}
