//! The command line's key text: any text reads as a key or an error, and
//! every form the tool prints a key in (hex, base64, the quoted shell
//! string, a `SPLITS` point, a `cbt` word and `splits=` record) reads back
//! to the key's bytes, as does a row of the HBase shell's `scan` output.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rowkey::text::{to_bytes_binary, StringBinary};
use rowkey_cli::keytext::{self, Plain};
use rowkey_cli::{cbt, hbase};
use rowkey_fuzz::shell;

fuzz_target!(|data: &[u8]| {
    let mut keys = vec![data.to_vec()];
    for plain in [Plain::HexFirst, Plain::Text] {
        let mut key = Vec::new();
        // A key already checked (text without escapes reads as itself) is
        // not checked again.
        if keytext::parse_key_into(data, plain, &mut key).is_ok() && !keys.contains(&key) {
            keys.push(key);
        }
    }
    for key in &keys {
        printed_keys_read_back(key);
    }
});

fn printed_keys_read_back(key: &[u8]) {
    for text in [
        keytext::hex(key),
        keytext::b64(key),
        keytext::shell(key),
        hbase::row(key),
    ] {
        for plain in [Plain::HexFirst, Plain::Text] {
            assert_eq!(
                keytext::parse_key(&text, plain).as_deref(),
                Ok(key),
                "{text}"
            );
        }
    }
    split_point_reads_back(key);
    scan_output_reads_back(key);
    cbt_reads_back(key);
}

/// `create`'s `SPLITS` point: Ruby's single-quoted string, then
/// `Bytes.toBytesBinary`.
fn split_point_reads_back(key: &[u8]) {
    let literal = hbase::split_point(key);
    let text = shell::ruby_single_quoted(&literal).unwrap_or_else(|| panic!("{literal}"));
    assert_eq!(to_bytes_binary(&text).as_deref(), Ok(key), "{literal}");
}

/// A row as the shell's `scan` prints it: one space, the row as
/// `toStringBinary` text padded to its column, then the cell. A row that
/// ends in a space, or holds ` column=`, cannot be told from the padding
/// or the cell.
fn scan_output_reads_back(key: &[u8]) {
    let row = StringBinary(key).to_string();
    if row.is_empty() || row.ends_with(' ') || row.contains(" column=") {
        return;
    }
    let line = format!(" {row:<25} column=f:q, timestamp=1, value=x");
    let found = hbase::scan_output_row(&line).unwrap_or_else(|| panic!("{line}"));
    let mut read = Vec::new();
    keytext::parse_shell_text_into(found.as_bytes(), &mut read)
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(read, key, "{line}");
}

/// `cbt read`'s `start=` word and `createtable`'s `splits=` record: bash
/// reads the word, Go's CSV reader the record. `cbt` arguments cannot hold
/// `0x00`, nor a split point `\r\n`: those are refused.
fn cbt_reads_back(key: &[u8]) {
    match cbt::read("t", key, Some(key), "the range") {
        Ok(line) => {
            let words = shell::bash_words(&line).unwrap_or_else(|| panic!("{line}"));
            let start = [&b"start="[..], key].concat();
            let end = [&b"end="[..], key].concat();
            let mut expected = vec![b"cbt".to_vec(), b"read".to_vec(), b"t".to_vec()];
            if !key.is_empty() {
                expected.push(start);
            }
            expected.push(end);
            assert_eq!(words, expected, "{line}");
        }
        Err(_) => assert!(key.contains(&0), "{key:02x?} refused"),
    }
    let points = [key.to_vec(), b"x".to_vec()];
    match cbt::createtable("t", "cf", &points) {
        Ok(line) => {
            let words = shell::bash_words(&line).unwrap_or_else(|| panic!("{line}"));
            let record = words[4].strip_prefix(b"splits=").expect("splits=");
            assert_eq!(
                shell::go_csv_record(record).as_deref(),
                Some(&points[..]),
                "{line}"
            );
        }
        Err(_) => assert!(
            key.contains(&0) || key.windows(2).any(|w| w == b"\r\n"),
            "{key:02x?} refused"
        ),
    }
}
