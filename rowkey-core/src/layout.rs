//! The key's layout as data, and the byte table the design articles draw.

use core::fmt;

/// Whether a segment's bytes sort with its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Bytes sort as the values do.
    Ascending,
    /// Bytes sort opposite to the values (`#[reverse]`).
    Descending,
    /// Bytes do not follow the values (a salt bucket, a hash).
    Unordered,
}

/// One segment of a key: a field or the salt bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    /// The field name, or `salt`.
    pub name: &'static str,
    /// The first byte.
    pub offset: usize,
    /// Bytes taken.
    pub width: usize,
    /// The codec, as its attribute reads (`pad(6)`, `be_u32`, `u64`).
    pub codec: &'static str,
    /// How the bytes sort.
    pub order: Order,
}

/// A key's layout: what `T::LAYOUT` holds. `Display` prints the byte table.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct FileKey {
///     #[pad(6)] user_id: u32,
///     #[pad(8)] create_date: u32,
///     #[pad(6)] file_id: u64,
/// }
///
/// assert_eq!(FileKey::LAYOUT.to_string(), "\
/// FileKey: 20 bytes
/// | bytes  | field       | codec  | order     |
/// |--------|-------------|--------|-----------|
/// | 0..6   | user_id     | pad(6) | ascending |
/// | 6..14  | create_date | pad(8) | ascending |
/// | 14..20 | file_id     | pad(6) | ascending |
/// ");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The key type's name.
    pub name: &'static str,
    /// The width in bytes; for a variable-length key, its shortest encoding.
    pub width: usize,
    /// Whether some segment has a variable length. Offsets after the first
    /// such segment are those of its shortest value.
    pub variable: bool,
    /// Every segment, in key order.
    pub segments: &'static [Segment],
}

impl Layout {
    /// The segment of `name`.
    pub fn segment(&self, name: &str) -> Option<&Segment> {
        self.segments.iter().find(|s| s.name == name)
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad` so that table columns honour the width.
        f.pad(match self {
            Order::Ascending => "ascending",
            Order::Descending => "descending",
            Order::Unordered => "unordered",
        })
    }
}

/// Width of `a..b` printed as decimal.
fn span_len(a: usize, b: usize) -> usize {
    digits(a) + 2 + digits(b)
}

fn digits(mut n: usize) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

fn order_len(o: Order) -> usize {
    match o {
        Order::Ascending => 9,
        Order::Descending => 10,
        Order::Unordered => 9,
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.variable {
            writeln!(
                f,
                "{}: at least {} bytes (variable length; offsets shown for the shortest values)",
                self.name, self.width
            )?;
        } else {
            writeln!(f, "{}: {} bytes", self.name, self.width)?;
        }
        let segs = self.segments;
        let w_bytes = segs
            .iter()
            .map(|s| span_len(s.offset, s.offset + s.width))
            .fold(5, usize::max);
        let w_name = segs
            .iter()
            .map(|s| s.name.chars().count())
            .fold(5, usize::max);
        let w_codec = segs
            .iter()
            .map(|s| s.codec.chars().count())
            .fold(5, usize::max);
        let w_order = segs.iter().map(|s| order_len(s.order)).fold(5, usize::max);
        writeln!(
            f,
            "| {:w_bytes$} | {:w_name$} | {:w_codec$} | {:w_order$} |",
            "bytes", "field", "codec", "order"
        )?;
        writeln!(
            f,
            "|{:-<a$}|{:-<b$}|{:-<c$}|{:-<d$}|",
            "",
            "",
            "",
            "",
            a = w_bytes + 2,
            b = w_name + 2,
            c = w_codec + 2,
            d = w_order + 2
        )?;
        for s in segs {
            let pad = w_bytes - span_len(s.offset, s.offset + s.width);
            writeln!(
                f,
                "| {}..{}{:pad$} | {:w_name$} | {:w_codec$} | {:w_order$} |",
                s.offset,
                s.offset + s.width,
                "",
                s.name,
                s.codec,
                s.order
            )?;
        }
        Ok(())
    }
}
