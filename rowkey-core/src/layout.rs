//! The key's layout as data, and the byte table the design articles draw.

use core::fmt;
pub use rowkey_format::{JavaType, PhoenixType};

use crate::Salt;

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
    /// Bytes taken; for a variable-length field, its shortest encoding.
    pub width: usize,
    /// The codec, as its attribute reads (`pad(6)`, `be_u32`, `u64`), for display.
    pub codec: &'static str,
    /// The codec with its parameters, for code that reads or writes the
    /// field without the Rust type: `explain`, the schema, tools.
    pub kind: FieldCodec,
    /// How the bytes sort.
    pub order: Order,
    /// `#[reverse]`: the codec's bytes inverted (`pad`: digit `d` as `9 - d`).
    pub reverse: bool,
    /// `#[mirror]`: the codec's bytes (after `reverse`) written back to front.
    pub mirror: bool,
    /// `Option<T>`: a presence byte, then `kind` in `width - 1` bytes. (An
    /// `#[ordered]` `Option` has no presence byte: its kind is
    /// [`FieldCodec::OrderedNull`].)
    pub optional: bool,
    /// The field's Rust type as written (`u32`, `Option<u64>`, `&'a str`);
    /// empty for the salt.
    pub rust_type: &'static str,
    /// `#[rowkey(since = N)]`: the version that added this trailing
    /// optional field, which old keys lack (absent reads as `None`); 0 for
    /// a field every key has.
    pub since: u32,
}

/// A Rust integer type: its width and signedness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntType {
    /// Bytes: 1, 2, 4, 8 or 16.
    pub bytes: u8,
    /// Whether the type is signed (`i32`) or not (`u32`).
    pub signed: bool,
}

impl IntType {
    /// The type's name: `u8`..`u128`, `i8`..`i128`.
    pub const fn name(&self) -> &'static str {
        match (self.signed, self.bytes) {
            (false, 1) => "u8",
            (false, 2) => "u16",
            (false, 4) => "u32",
            (false, 8) => "u64",
            (false, _) => "u128",
            (true, 1) => "i8",
            (true, 2) => "i16",
            (true, 4) => "i32",
            (true, 8) => "i64",
            (true, _) => "i128",
        }
    }
}

/// What a string or bytes field holds, and whether decode borrows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextType {
    /// UTF-8 text (`String`, `&str`, `Cow<str>`) rather than bytes.
    pub utf8: bool,
    /// Decoded by borrowing from the key (`&str`, `&[u8]`), so a value that
    /// had to be unescaped cannot be read into it.
    pub borrowed: bool,
}

/// How a segment's bytes are written: the typed form of [`Segment::codec`].
/// Every codec of [`crate::codec`], with the parameters needed to read and
/// write it without the Rust type.
///
/// ```
/// use rowkey::{FieldCodec, IntType, RowKey};
///
/// #[derive(RowKey)]
/// struct FileKey {
///     #[pad(6)] user_id: u32,
///     #[reverse] ts: i64,
/// }
///
/// let user_id = &FileKey::LAYOUT.segments[0];
/// let u32_ = IntType { bytes: 4, signed: false };
/// assert_eq!(user_id.kind, FieldCodec::Pad { digits: 6, ty: u32_ });
/// let ts = &FileKey::LAYOUT.segments[1];
/// assert_eq!(ts.kind, FieldCodec::Int(IntType { bytes: 8, signed: true }));
/// assert!(ts.reverse);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldCodec {
    /// An integer at its native width, big-endian, sign bit flipped when signed.
    Int(IntType),
    /// `#[be_u16]`, `#[be_u32]`, `#[be_u64]`: an unsigned big-endian number of
    /// `bytes` bytes, holding a field of type `from`.
    Narrow {
        /// Bytes written: 2, 4 or 8.
        bytes: u8,
        /// The field's integer type, which bounds the decoded value.
        from: IntType,
    },
    /// `#[pad(N)]`: `digits` ASCII digits, zero padded.
    Pad {
        /// The number of digits.
        digits: usize,
        /// The field's unsigned type, which bounds the decoded value.
        ty: IntType,
    },
    /// `#[fixed(N)]`: the value's bytes, then `0x00` up to `width`.
    Fixed {
        /// The field's width.
        width: usize,
        /// What the value holds.
        text: TextType,
    },
    /// `bool`: `0x00` or `0x01`.
    Bool,
    /// `[u8; N]`: the bytes as they are.
    Bytes(usize),
    /// `f32` (4 bytes) or `f64` (8 bytes), in `total_cmp` order.
    Float {
        /// 4 or 8.
        bytes: u8,
    },
    /// A key embedded whole: a type that derives `RowKey`, or `Md5`.
    Nested {
        /// The embedded key's layout.
        layout: &'static Layout,
    },
    /// The 16 bytes of an MD5 digest: the one segment of `Md5`'s layout.
    Md5Digest,
    /// `#[tag(..)]`: these constant bytes.
    Tag(&'static [u8]),
    /// `#[escaped]`: `0x00` written `0x00 0xFF`, then the terminator `0x00 0x01`.
    Escaped(TextType),
    /// The last field, unescaped: the rest of the key.
    Rest(TextType),
    /// `#[java]`: Java's `Bytes.toBytes` of a `short`, `int`, `long`,
    /// `float`, `double` or `boolean` ([`codec::hbase`](crate::codec::hbase)).
    Java(JavaType),
    /// `#[ordered]`: HBase's `OrderedBytes` fixed-width number, named by its
    /// header byte (`0x29`..`0x2C` `Int8`..`Int64`, `0x30` `Float32`, `0x31`
    /// `Float64`; [`codec::ordered`](crate::codec::ordered)).
    Ordered {
        /// The ascending header byte.
        header: u8,
    },
    /// `#[ordered]` on a string or bytes: HBase's `OrderedBytes` `Text`
    /// (header `0x34`), `BlobVar` (`0x37`) or, with `#[ordered(copy)]` on the
    /// last field, `BlobCopy` (`0x38`) ([`codec::ordered_field`](crate::codec::ordered_field)).
    OrderedVar {
        /// The ascending header byte.
        header: u8,
        /// What the value holds.
        text: TextType,
    },
    /// An `Option` of an `#[ordered]` value: `None` is OrderedBytes' null
    /// (`0x05`), with no presence byte ([`Segment::optional`] is false).
    OrderedNull {
        /// The value's codec: [`FieldCodec::Ordered`] or [`FieldCodec::OrderedVar`].
        value: &'static FieldCodec,
        /// In a `#[rowkey(hbase_struct)]` key, a field followed only by such
        /// fields: `None` at the end of the key writes nothing, as HBase's
        /// `Struct` leaves trailing nulls out, and a key that ends before the
        /// field reads it as `None`.
        trailing: bool,
    },
    /// A column of an Apache Phoenix primary key (`#[rowkey(phoenix)]`,
    /// [`codec::phoenix`](crate::codec::phoenix)).
    Phoenix(PhoenixType),
    /// The salt bucket; its parameters are [`Layout::salt`].
    Salt,
}

/// The salt bucket that leads a key: how it is computed and written, and
/// which fields it hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutSalt {
    /// The bucket count and format (one or two bytes, digits, Phoenix).
    pub salt: Salt,
    /// The fields the bucket hashes, in the order they are hashed; for a
    /// Phoenix salt, every field (it hashes every key byte after the bucket).
    pub fields: &'static [&'static str],
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
    /// The longest key `encode` writes (`#[rowkey(max_width = N)]`, by default 32,767).
    pub max_width: usize,
    /// The salt bucket, when the key has one; it is the first segment.
    pub salt: Option<LayoutSalt>,
    /// Every segment, in key order.
    pub segments: &'static [Segment],
}

/// Several key types sharing a table, told apart by their tags: what a
/// derived enum of key types holds in `KEY_TYPES`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTypes {
    /// The enum's name.
    pub name: &'static str,
    /// Its members, in the order `decode` tries them.
    pub members: &'static [Member],
}

/// One member of [`KeyTypes`]: the variant's name and its key's layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    /// The variant's name.
    pub name: &'static str,
    /// The variant's `#[tag]`, written before its key; empty without one.
    pub tag: &'static [u8],
    /// The layout of the variant's key type.
    pub layout: &'static Layout,
}

impl KeyTypes {
    /// Takes `bytes` apart as the member the enum's `decode` would pick (the
    /// first whose tag and key decode; when none does, the one the bytes
    /// begin, else the one whose error came furthest). A member's tag leads
    /// the key; its fields' spans count from the key's first byte.
    #[cfg(feature = "alloc")]
    pub fn explain(&self, bytes: &[u8]) -> crate::Explained {
        crate::dynamic::explain_members(self, bytes)
    }
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
