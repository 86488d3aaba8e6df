//! [`Explained`]: a key taken apart field by field, and its table.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::value::Value;
use crate::{DecodeErrorKind, FieldCodec, Layout, ReadError};

/// What one segment of the key holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Reading<'a> {
    /// The decoded value (for the salt, the bucket number).
    Value(Value<'a>),
    /// The bytes are there but do not decode: the codec's error.
    Error(ReadError<'a>),
    /// The key ends inside the segment: `present` of its bytes are there.
    /// `error` is what a strict decode reports.
    Cut {
        /// Bytes of the segment present.
        present: usize,
        /// The error a strict decode gives.
        error: ReadError<'a>,
    },
    /// The key ended before the segment, or its offset is unknown after a cut
    /// or an undecodable variable-length field.
    Absent,
}

/// One segment of an explained key.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplainedField<'a> {
    /// The field's name, or `salt`.
    pub name: &'a str,
    /// The bytes of the key the segment takes (for a cut segment, the bytes
    /// it would take).
    pub span: Range<usize>,
    /// The codec as the layout table prints it.
    pub codec: &'a str,
    /// The codec with its parameters.
    pub kind: FieldCodec<'a>,
    /// What the bytes hold.
    pub reading: Reading<'a>,
}

/// A key taken apart by its layout: what [`Layout::explain`] returns.
///
/// `Display` prints a table, one row per field; the alternate form (`{:#}`)
/// prints one line, `FileKey user_id=1 create_date=20120902 file_id=1`.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct FileKey {
///     #[pad(6)] user_id: u32,
///     #[pad(8)] create_date: u32,
/// }
///
/// let e = FileKey::LAYOUT.explain(b"0000012012A902");
/// assert_eq!(format!("{e:#}"), "FileKey user_id=1 create_date=<field `create_date` at byte 10: found 0x41 ('A'), expected an ASCII digit>");
/// // A partial key, such as a region start: what is there is decoded.
/// assert_eq!(format!("{:#}", FileKey::LAYOUT.explain(b"0000012012")), "FileKey user_id=1 create_date=<cut: 4 of 8 bytes> (partial key: 10 of 14 bytes)");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Explained<'a> {
    /// The layout the key was read by.
    pub layout: &'a Layout<'a>,
    /// For an enum of key types, the member (variant) that matched, or
    /// whose error came furthest when none did.
    pub member: Option<&'a str>,
    /// For a member with a `#[tag]`, the tag's bytes, which lead the key
    /// before the member's fields (whose spans count them); else empty.
    pub tag: &'a [u8],
    /// The key's length in bytes.
    pub len: usize,
    /// Every segment, in key order.
    pub fields: Vec<ExplainedField<'a>>,
    /// Why a strict `decode` rejects the key, if it does.
    pub error: Option<ReadError<'a>>,
}

impl Explained<'_> {
    /// Whether the key is shorter than its layout: a prefix, such as a
    /// region start or a scan's start row. The key ends before its fields
    /// do: the first field it does not hold whole is cut or absent (not an
    /// error, after which later fields are unknown).
    pub fn is_partial(&self) -> bool {
        self.len < self.width()
            || self
                .fields
                .iter()
                .find(|f| !matches!(f.reading, Reading::Value(_)))
                .is_some_and(|f| matches!(f.reading, Reading::Cut { .. } | Reading::Absent))
    }

    /// Whether the key decodes: every field read, the salt matched.
    pub fn is_valid(&self) -> bool {
        self.error.is_none()
    }

    /// The key-level note printed under the table: partial, or too long.
    fn note(&self) -> Option<String> {
        if self.is_partial() && self.len >= self.width() {
            // Cut inside a variable-length field: no length to compare with.
            return Some(alloc::format!("partial key: {} bytes", self.len));
        }
        if self.is_partial() {
            return Some(alloc::format!(
                "partial key: {} of {} bytes",
                self.len,
                self.width()
            ));
        }
        match self.error {
            Some(e) if matches!(e.kind(), DecodeErrorKind::Length { .. }) => Some(e.to_string()),
            _ => None,
        }
    }

    /// The shortest key of the layout, with the member's tag.
    fn width(&self) -> usize {
        self.tag.len() + self.layout.width
    }

    /// The key type's name, and the member's for an enum of key types.
    fn write_title(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.member {
            Some(m) => write!(f, "{m} ({})", self.layout.name),
            None => f.write_str(self.layout.name),
        }
    }
}

impl ExplainedField<'_> {
    /// The value column: the value, the error, or how much of the field is there.
    pub fn value_text(&self) -> String {
        ValueText(self).to_string()
    }
}

/// The value column of a field, written where it goes.
struct ValueText<'x, 'a>(&'x ExplainedField<'a>);

impl fmt::Display for ValueText<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        match &x.reading {
            Reading::Value(v) => write!(f, "{v}"),
            Reading::Error(e) => write!(f, "{e}"),
            Reading::Cut { present, error } if error.kind() == DecodeErrorKind::Unterminated => {
                write!(f, "cut: {present} bytes, unterminated")
            }
            Reading::Cut { present, .. } => write!(f, "cut: {present} of {} bytes", x.span.len()),
            Reading::Absent => f.write_str("absent"),
        }
    }
}

/// The bytes column of a field: its span, or `-` when it is absent.
struct SpanText<'x, 'a>(&'x ExplainedField<'a>);

impl fmt::Display for SpanText<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.reading {
            Reading::Absent => f.write_str("-"),
            _ => write!(f, "{}..{}", self.0.span.start, self.0.span.end),
        }
    }
}

/// `then` of a row's four cells: bytes, field, codec, value.
fn with_cells<R>(x: &ExplainedField<'_>, then: impl FnOnce([&dyn fmt::Display; 4]) -> R) -> R {
    then([&SpanText(x), &x.name, &x.codec, &ValueText(x)])
}

/// Counts the characters written through it, and passes them on (if to anything).
struct Counted<'f, 'g> {
    to: Option<&'f mut fmt::Formatter<'g>>,
    chars: usize,
}

impl fmt::Write for Counted<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.chars += s.chars().count();
        match self.to.as_mut() {
            Some(f) => f.write_str(s),
            None => Ok(()),
        }
    }
}

/// The characters `cell` writes.
fn width(cell: &dyn fmt::Display) -> usize {
    let mut c = Counted { to: None, chars: 0 };
    let _ = fmt::write(&mut c, format_args!("{cell}"));
    c.chars
}

impl fmt::Display for Explained<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.one_line(f);
        }
        self.write_title(f)?;
        writeln!(f, ": {} bytes", self.len)?;
        let header: [&dyn fmt::Display; 4] = [&"bytes", &"field", &"codec", &"value"];
        let mut w = [5usize; 4];
        for x in &self.fields {
            with_cells(x, |row| {
                for (w, cell) in w.iter_mut().zip(row) {
                    *w = (*w).max(width(cell));
                }
            });
        }
        write_row(f, header, &w)?;
        for n in w {
            f.write_str("|")?;
            repeat(f, DASHES, n + 2)?;
        }
        f.write_str("|\n")?;
        for x in &self.fields {
            with_cells(x, |row| write_row(f, row, &w))?;
        }
        match (self.note(), self.error) {
            (Some(note), _) => writeln!(f, "{note}"),
            (None, Some(e)) => writeln!(f, "does not decode: {e}"),
            (None, None) => Ok(()),
        }
    }
}

/// The table's padding and rule, written a run at a time.
const SPACES: &str = "                                ";
const DASHES: &str = "--------------------------------";

/// `n` characters of `run` repeated, in few writes.
fn repeat(f: &mut fmt::Formatter<'_>, run: &str, mut n: usize) -> fmt::Result {
    while n > 0 {
        let k = n.min(run.len());
        f.write_str(&run[..k])?;
        n -= k;
    }
    Ok(())
}

/// `| a | b | c | d |`, each cell padded to its column's width.
fn write_row(
    f: &mut fmt::Formatter<'_>,
    row: [&dyn fmt::Display; 4],
    w: &[usize; 4],
) -> fmt::Result {
    for (cell, &w) in row.into_iter().zip(w) {
        f.write_str("| ")?;
        let mut c = Counted {
            to: Some(f),
            chars: 0,
        };
        fmt::write(&mut c, format_args!("{cell}"))?;
        let pad = w.saturating_sub(c.chars) + 1;
        repeat(f, SPACES, pad)?;
    }
    f.write_str("|\n")
}

impl Explained<'_> {
    fn one_line(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_title(f)?;
        for x in &self.fields {
            match &x.reading {
                Reading::Value(v) => write!(f, " {}={v}", x.name)?,
                Reading::Absent => {}
                _ => write!(f, " {}=<{}>", x.name, ValueText(x))?,
            }
        }
        match self.note() {
            Some(note) => write!(f, " ({note})"),
            None => Ok(()),
        }
    }
}
