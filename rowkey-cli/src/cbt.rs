//! `cbt`, Bigtable's command line: which bytes its arguments can carry, its
//! commands as bash words, and the rows of its `read` output.
//!
//! What `cbt` does with an argument (its `cbt.go`): `read` takes `start=`,
//! `end=` and `prefix=` as the bytes after the first `=`, an empty value
//! meaning no bound; `createtable` reads `splits=` (and `families=`) as one
//! CSV record (Go's `encoding/csv`: fields split on `,`, a field in `"..."`
//! may hold `,`, `"` as `""` and line breaks, and `\r\n` becomes `\n`).
//! Every argument is a C string, so no argument can hold a `0x00` byte; a
//! split point cannot hold `\r\n` either. Such bytes are refused with
//! [`Inexpressible`], never printed as a command that reads other rows.

use std::fmt;

/// Bytes `cbt` cannot be given on its command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inexpressible {
    /// What holds them: "the start row of range 3", "split point 7".
    pub what: String,
    /// The first offending byte's offset.
    pub at: usize,
    /// The offending bytes, as they read.
    pub bytes: &'static str,
}

impl fmt::Display for Inexpressible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} holds {} at byte {}, which no cbt argument can carry",
            self.what, self.bytes, self.at
        )
    }
}

/// Where a NUL sits, if any.
fn nul(b: &[u8], what: impl Fn() -> String) -> Result<(), Inexpressible> {
    match b.iter().position(|&c| c == 0) {
        Some(at) => Err(Inexpressible {
            what: what(),
            at,
            bytes: "a 0x00 byte",
        }),
        None => Ok(()),
    }
}

/// One bash word whose value is exactly `b`: as it is when every byte is
/// plain, in single quotes when it is printable, else bash's `$'..'` with
/// `\xNN` for every byte that is not plain.
///
/// # Errors
/// A `0x00` byte, which no argument can hold.
pub fn word(b: &[u8], what: impl Fn() -> String) -> Result<String, Inexpressible> {
    nul(b, what)?;
    let plain = |c: &u8| c.is_ascii_alphanumeric() || b"-_.:/@%+,=".contains(c);
    if b.iter().all(plain) {
        return Ok(String::from_utf8_lossy(b).into_owned());
    }
    if b.iter().all(|&c| (0x20..0x7f).contains(&c) && c != b'\'') {
        return Ok(format!("'{}'", String::from_utf8_lossy(b)));
    }
    let mut s = String::from("$'");
    for &c in b {
        // Inside `$'..'` bash reads only `\` escapes, and `'` ends it.
        if (0x20..0x7f).contains(&c) && c != b'\\' && c != b'\'' && c != b' ' {
            s.push(char::from(c));
        } else {
            s.push_str(&format!("\\x{c:02x}"));
        }
    }
    s.push('\'');
    Ok(s)
}

/// `cbt read TABLE [start=..] [end=..]`: the rows of `[start, end)`.
///
/// # Errors
/// A row `cbt` cannot be given; `what` names the range.
pub fn read(
    table: &str,
    start: &[u8],
    end: Option<&[u8]>,
    what: &str,
) -> Result<String, Inexpressible> {
    let mut line = format!(
        "cbt read {}",
        word(table.as_bytes(), || "the table name".into())?
    );
    // An empty start is `cbt`'s "from the first row": the argument is left out.
    if !start.is_empty() {
        nul(start, || format!("the start row of {what}"))?;
        line.push(' ');
        line.push_str(&word(&[&b"start="[..], start].concat(), String::new)?);
    }
    if let Some(end) = end {
        nul(end, || format!("the end row of {what}"))?;
        line.push(' ');
        line.push_str(&word(&[&b"end="[..], end].concat(), String::new)?);
    }
    Ok(line)
}

/// One field of a CSV record as Go's `encoding/csv` reads it back.
fn csv_field(b: &[u8], what: impl Fn() -> String) -> Result<Vec<u8>, Inexpressible> {
    nul(b, &what)?;
    if let Some(at) = b.windows(2).position(|w| w == b"\r\n") {
        return Err(Inexpressible {
            what: what(),
            at,
            bytes: "\\r\\n (a CSV reader makes it \\n)",
        });
    }
    if !b.iter().any(|c| b",\"\r\n".contains(c)) {
        return Ok(b.to_vec());
    }
    let mut q = vec![b'"'];
    for &c in b {
        if c == b'"' {
            q.push(b'"');
        }
        q.push(c);
    }
    q.push(b'"');
    Ok(q)
}

/// `cbt createtable TABLE families=FAMILY splits=P1,P2,..`.
///
/// # Errors
/// A split point (or name) `cbt` cannot be given.
pub fn createtable(table: &str, family: &str, points: &[Vec<u8>]) -> Result<String, Inexpressible> {
    let family = csv_field(family.as_bytes(), || "the family name".into())?;
    let mut fields = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        fields.push(csv_field(p, || format!("split point {}", i + 1))?);
    }
    let mut line = format!(
        "cbt createtable {} {}",
        word(table.as_bytes(), || "the table name".into())?,
        word(&[&b"families="[..], &family].concat(), || "the family name"
            .into())?
    );
    if !points.is_empty() {
        let splits = [&b"splits="[..], &fields.join(&b',')].concat();
        line.push(' ');
        line.push_str(&word(&splits, || "the split points".into())?);
    }
    Ok(line)
}

/// The row keys of `cbt read` output, line by line. Each row is a line of
/// 40 dashes, the key, then the row's cells (`  family:column  @ time`,
/// then the value indented by four) and a blank line. `cbt` up to 1.23
/// writes the key's bytes as they are, so a key can span lines; later
/// versions write it Go-quoted (`"\x00..."`). `fits` says whether a key of
/// `n` bytes can be one of the schema's, which tells where a raw key that
/// holds a line break ends.
pub struct ReadOutput<F> {
    fits: F,
    /// The raw key being read, and the line it started on.
    key: Option<(Vec<u8>, usize)>,
    /// Whether the key of the row started at the last dashes line is still to come.
    expect_key: bool,
}

const DASHES: &[u8] = b"----------------------------------------";

impl<F: Fn(usize) -> bool> ReadOutput<F> {
    /// A reader for keys of the lengths `fits` accepts.
    pub fn new(fits: F) -> Self {
        ReadOutput {
            fits,
            key: None,
            expect_key: false,
        }
    }

    /// Takes the next line (without its `\n`), numbered `n`; returns a
    /// finished key and the line it started on.
    pub fn line(&mut self, line: &[u8], n: usize) -> Option<(Vec<u8>, usize)> {
        if let Some((mut key, at)) = self.key.take() {
            // A key of a length the schema's keys have is whole; else a line
            // break was part of it, unless the row's cells have begun.
            if (self.fits)(key.len()) || is_cell(line) || line == DASHES {
                let done = Some((key, at));
                self.start_row(line);
                return done;
            }
            key.push(b'\n');
            key.extend_from_slice(line);
            self.key = Some((key, at));
            return None;
        }
        if self.expect_key {
            self.expect_key = false;
            if let Some(k) = go_unquote(line).filter(|k| (self.fits)(k.len())) {
                return Some((k, n));
            }
            self.key = Some((line.to_vec(), n));
            return None;
        }
        self.start_row(line);
        None
    }

    fn start_row(&mut self, line: &[u8]) {
        self.expect_key = line == DASHES;
    }

    /// The key still being read when the output ends.
    pub fn finish(&mut self) -> Option<(Vec<u8>, usize)> {
        self.key.take()
    }
}

/// A cell line: `  family:column  @ 2024/05/01-10:00:00.000000`.
fn is_cell(line: &[u8]) -> bool {
    line.starts_with(b"  ")
        && line.len() > 30
        && line[line.len() - 29..].starts_with(b" @ ")
        && line[line.len() - 7] == b'.'
}

/// Go's `strconv.Unquote` of a double-quoted string, as `%q` writes it.
fn go_unquote(line: &[u8]) -> Option<Vec<u8>> {
    let body = line.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        if c == b'"' || c == b'\n' {
            return None;
        }
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let e = *body.get(i + 1)?;
        let simple = match e {
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(11),
            b'\\' => Some(b'\\'),
            b'"' => Some(b'"'),
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            i += 2;
            continue;
        }
        let digits = |n: usize, radix: u32| -> Option<u32> {
            let d = std::str::from_utf8(body.get(i + 2..i + 2 + n)?).ok()?;
            u32::from_str_radix(d, radix).ok()
        };
        match e {
            b'x' => {
                out.push(u8::try_from(digits(2, 16)?).ok()?);
                i += 4;
            }
            b'0'..=b'7' => {
                let d = std::str::from_utf8(body.get(i + 1..i + 4)?).ok()?;
                out.push(u8::try_from(u32::from_str_radix(d, 8).ok()?).ok()?);
                i += 4;
            }
            b'u' | b'U' => {
                let n = if e == b'u' { 4 } else { 8 };
                let ch = char::from_u32(digits(n, 16)?)?;
                out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                i += 2 + n;
            }
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(b: &[u8]) -> String {
        word(b, || "it".into()).unwrap()
    }

    #[test]
    fn words() {
        assert_eq!(w(b"000123"), "000123");
        assert_eq!(w(b"my files"), "'my files'");
        assert_eq!(w(b"it's"), r"$'it\x27s'");
        assert_eq!(w(b"\x01a b\"\\"), r#"$'\x01a\x20b"\x5c'"#);
        let e = word(b"a\0b", || "the start row of range 1".into()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the start row of range 1 holds a 0x00 byte at byte 1, which no cbt argument can carry"
        );
    }

    #[test]
    fn split_points_are_one_csv_record() {
        let line =
            createtable("t", "cf", &[b",".to_vec(), b"a\"b".to_vec(), b"x".to_vec()]).unwrap();
        assert_eq!(
            line,
            r#"cbt createtable t families=cf 'splits=",","a""b",x'"#
        );
        let line = createtable("t", "cf", &[b"\n".to_vec()]).unwrap();
        assert_eq!(line, r#"cbt createtable t families=cf $'splits="\x0a"'"#);
        assert!(createtable("t", "cf", &[b"a\r\nb".to_vec()]).is_err());
        assert!(createtable("t", "cf", &[b"\0".to_vec()]).is_err());
    }

    #[test]
    fn read_output_in_both_formats() {
        let cell = "  cf:c                                     @ 2026/11/25-16:36:14.022000";
        let fixed = |n: usize| n == 4;
        // Raw: a key with a line break, then a quoted one.
        let out = format!(
            "{d}\na\nbc\n{cell}\n    \"v\"\n\n{d}\n\"\\x00\\n\\\"z\"\n{cell}\n    \"v\"\n\n",
            d = "-".repeat(40)
        );
        let mut r = ReadOutput::new(fixed);
        let keys: Vec<_> = out
            .split('\n')
            .enumerate()
            .filter_map(|(i, l)| r.line(l.as_bytes(), i + 1))
            .collect();
        assert_eq!(keys, [(b"a\nbc".to_vec(), 2), (b"\0\n\"z".to_vec(), 8)]);
    }

    #[test]
    fn go_quoting() {
        assert_eq!(
            go_unquote(br#""a\x8b\u00e9\101\t""#).unwrap(),
            b"a\x8b\xc3\xa9A\t"
        );
        assert_eq!(go_unquote(br#""a"b""#), None);
    }
}
