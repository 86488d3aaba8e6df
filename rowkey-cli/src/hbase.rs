//! The HBase shell: its commands as this tool prints them, and the rows of
//! its `scan` output.
//!
//! The shell is JRuby, and its commands read strings two ways. `scan`'s
//! `STARTROW` and `STOPROW` take a string's bytes as they are
//! (`to_java_bytes`), so a row is a double-quoted literal with `\xNN`
//! escapes ([`keytext::shell`]). `create`'s `SPLITS` passes each string
//! through `Bytes.toBytesBinary`, which reads `\xNN` text itself, so a split
//! point is the `toStringBinary` text in a single-quoted literal, where Ruby
//! leaves `\x` alone.

use rowkey_core::text::StringBinary;

use crate::keytext;

/// A table or family name as a Ruby literal: single-quoted when it is a
/// plain name, else double-quoted with `\xNN` escapes.
pub fn name(n: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-.:".contains(c);
    if !n.is_empty() && n.chars().all(plain) {
        format!("'{n}'")
    } else {
        keytext::shell(n.as_bytes())
    }
}

/// A row for `STARTROW`/`STOPROW`: a literal whose bytes are the row.
pub fn row(key: &[u8]) -> String {
    keytext::shell(key)
}

/// A split point for `SPLITS`: a single-quoted literal whose text
/// `Bytes.toBytesBinary` reads back as the point.
pub fn split_point(key: &[u8]) -> String {
    let text = StringBinary(key).to_string();
    // In single quotes Ruby reads `\'` and `\\` only; the text has no `\\`.
    format!("'{}'", text.replace('\'', "\\'"))
}

/// `scan 'table', {STARTROW => .., STOPROW => ..}`; no `STOPROW` for an open end.
pub fn scan(table: &str, start: &[u8], end: Option<&[u8]>) -> String {
    let stop = end
        .map(|e| format!(", STOPROW => {}", row(e)))
        .unwrap_or_default();
    format!("scan {}, {{STARTROW => {}{stop}}}", name(table), row(start))
}

/// `create 'table', 'family', SPLITS => [..]`.
pub fn create(table: &str, family: &str, points: &[Vec<u8>]) -> String {
    let points: Vec<String> = points.iter().map(|p| split_point(p)).collect();
    format!(
        "create {}, {}, SPLITS => [{}]",
        name(table),
        name(family),
        points.join(", ")
    )
}

/// The row of one line of the shell's `scan` output, if the line is a
/// cell: ` ROW  column=cf:q, timestamp=.., value=..`, the row as
/// `toStringBinary` text after one space, padded with spaces to its column.
pub fn scan_output_row(line: &str) -> Option<&str> {
    let row = line.strip_prefix(' ')?;
    let at = row.find(" column=")?;
    // A row's own leading spaces are its bytes; only the padding goes.
    Some(row[..at].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(name("files"), "'files'");
        assert_eq!(name("it's"), r#""it's""#);
        assert_eq!(name("my files"), r#""my files""#);
        assert_eq!(row(b"a\"#\x00"), r#""a\x22\x23\x00""#);
        assert_eq!(split_point(b"it's\n\\"), r"'it\'s\x0A\x5C'");
        assert_eq!(
            scan("t", b"a", None),
            r#"scan 't', {STARTROW => "a"}"#.to_owned()
        );
    }

    #[test]
    fn scan_output() {
        let lines = [
            "ROW                  COLUMN+CELL",
            " \\x01abc             column=f:a, timestamp=1, value=x",
            " r2                  column=f:a, timestamp=1, value=z",
            "2 row(s)",
        ];
        let rows: Vec<_> = lines.iter().filter_map(|l| scan_output_row(l)).collect();
        assert_eq!(rows, [r"\x01abc", "r2"]);
    }
}
