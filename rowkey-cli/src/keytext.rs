//! Row keys as people meet them: hex in logs, base64 from `cbt` and the
//! Bigtable API, HBase shell text, and the output of `scan` and `cbt read`;
//! and the same keys written back for the shell.

use base64::Engine;
use rowkey_core::text::{to_bytes_binary, StringBinary};

/// Reads one key: `0x` hex, `b64:` base64, HBase shell text (`\x00..`), or
/// plain hex when that, and not the text itself, has a length the schema's
/// keys can have (`fits`).
pub fn parse_key(text: &str, fits: &dyn Fn(usize) -> bool) -> Result<Vec<u8>, String> {
    let t = text.trim_end_matches(['\r', '\n']);
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return parse_hex(hex).map_err(|e| format!("bad hex key `{t}`: {e}"));
    }
    if let Some(b64) = t.strip_prefix("b64:") {
        return base64::engine::general_purpose::STANDARD
            .decode(b64.trim())
            .map_err(|e| format!("bad base64 key `{t}`: {e}"));
    }
    let as_text = to_bytes_binary(t).map_err(|e| format!("bad key text `{t}`: {e}"))?;
    if !t.contains('\\') && !fits(as_text.len()) {
        if let Ok(b) = parse_hex(t) {
            if fits(b.len()) {
                return Ok(b);
            }
        }
    }
    Ok(as_text)
}

fn parse_hex(hex: &str) -> Result<Vec<u8>, String> {
    let h = hex.as_bytes();
    if let Some(i) = h.iter().position(|c| !c.is_ascii_hexdigit()) {
        return Err(format!(
            "byte {i} of the text, {:?}, is not a hex digit",
            h[i] as char
        ));
    }
    if h.len() % 2 != 0 {
        return Err(format!("{} hex digits, an odd number", h.len()));
    }
    Ok(h.chunks(2)
        .map(|p| (hex_digit(p[0]) << 4) | hex_digit(p[1]))
        .collect())
}

fn hex_digit(c: u8) -> u8 {
    (c as char).to_digit(16).unwrap_or(0) as u8
}

/// `0x` and lower-case hex.
pub fn hex(b: &[u8]) -> String {
    let mut s = String::from("0x");
    for x in b {
        s.push_str(&format!("{x:02x}"));
    }
    s
}

/// `b64:` and standard base64.
pub fn b64(b: &[u8]) -> String {
    format!(
        "b64:{}",
        base64::engine::general_purpose::STANDARD.encode(b)
    )
}

/// A key inside a double-quoted HBase shell (Ruby) string: `\xNN` for bytes
/// that are not printable, and for `"` and `#`, which Ruby would read.
pub fn ruby(b: &[u8]) -> String {
    StringBinary(b)
        .to_string()
        .replace('"', "\\x22")
        .replace('#', "\\x23")
}

/// A key as one shell word for `cbt`: as it is when every byte is safe,
/// else bash's `$'..'` with `\xNN`.
pub fn bash(b: &[u8]) -> String {
    let safe = |c: &u8| c.is_ascii_alphanumeric() || b"-_.:/@%+,=".contains(c);
    if b.iter().all(safe) {
        return String::from_utf8_lossy(b).into_owned();
    }
    let mut s = String::from("$'");
    for &c in b {
        if safe(&c) {
            s.push(c as char);
        } else {
            s.push_str(&format!("\\x{c:02x}"));
        }
    }
    s.push('\'');
    s
}

/// The row keys in the output of the HBase shell's `scan`: each cell's
/// line is ` ROW  column=cf:q, timestamp=.., value=..`; one key per row.
pub fn rows_of_hbase_scan(out: &str) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for line in out.lines() {
        let Some(at) = line.find(" column=") else {
            continue;
        };
        let row = line[..at].trim();
        if line.starts_with(' ') && rows.last().is_none_or(|r| r != row) {
            rows.push(row.to_owned());
        }
    }
    rows
}

/// The row keys in the output of `cbt read`: each row is a line of 40
/// dashes, then the key, then its cells.
pub fn rows_of_cbt_read(out: &str) -> Vec<Vec<u8>> {
    let mut rows = Vec::new();
    let mut lines = out.split('\n');
    while let Some(line) = lines.next() {
        if line.len() == 40 && line.bytes().all(|c| c == b'-') {
            if let Some(key) = lines.next() {
                rows.push(key.trim_end_matches('\r').as_bytes().to_vec());
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_texts() {
        const FILE: &dyn Fn(usize) -> bool = &|n| n == 4;
        assert_eq!(parse_key("0x0001ff", FILE).unwrap(), [0, 1, 0xff]);
        assert_eq!(parse_key("b64:AAH/", FILE).unwrap(), [0, 1, 0xff]);
        assert_eq!(parse_key(r"\x00\x01ab", FILE).unwrap(), [0, 1, b'a', b'b']);
        // Four bytes as text, or as hex: whichever has the key's width.
        assert_eq!(parse_key("0001", FILE).unwrap(), b"0001");
        assert_eq!(parse_key("0001feff", FILE).unwrap(), [0, 1, 0xfe, 0xff]);
        assert!(parse_key("0x0g", FILE).unwrap_err().contains("byte 1"));
    }

    #[test]
    fn shell_words() {
        assert_eq!(ruby(b"a\"#\x00"), r"a\x22\x23\x00");
        assert_eq!(bash(b"000123"), "000123");
        assert_eq!(bash(b"\x01a b"), r"$'\x01a\x20b'");
    }

    #[test]
    fn scan_outputs() {
        let hbase = "ROW                  COLUMN+CELL\n \\x01abc             column=f:a, timestamp=1, value=x\n \\x01abc             column=f:b, timestamp=1, value=y\n r2                  column=f:a, timestamp=1, value=z\n2 row(s)\nTook 0.01 seconds\n";
        assert_eq!(rows_of_hbase_scan(hbase), [r"\x01abc", "r2"]);
        let cbt = format!(
            "{d}\nrow1\n  f:a  @ 2024/01/01-00:00:00.000000\n    \"v\"\n{d}\nrow2\n",
            d = "-".repeat(40)
        );
        assert_eq!(rows_of_cbt_read(&cbt), [b"row1".to_vec(), b"row2".to_vec()]);
    }
}
