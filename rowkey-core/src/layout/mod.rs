//! A key's layout as data: every segment with its codec, and the one list
//! of codecs, from which the interpreter, the fingerprint and the schema
//! reach each codec's own module.

mod table;

pub use rowkey_format::{JavaType, PhoenixType};

use crate::codec::boolean::Bool;
use crate::codec::bytes::Md5Digest;
use crate::codec::Extent;
use crate::fnv::Fnv;
use crate::salt::{Bucket, Salt, SaltFormat, SaltHash};
use parameters::*;

/// The parameters of every codec, the data of [`FieldCodec`]'s variants,
/// each a type of its codec's module; [`codec`](crate::codec) re-exports them.
pub mod parameters {
    pub use crate::codec::bytes::ByteArray;
    pub use crate::codec::escaped::Escaped;
    pub use crate::codec::field_bytes::TextType;
    pub use crate::codec::fixed::Fixed;
    pub use crate::codec::float::Float;
    pub use crate::codec::int::IntType;
    pub use crate::codec::narrow::Narrow;
    pub use crate::codec::numeric::Numeric;
    pub use crate::codec::ordered::Ordered;
    pub use crate::codec::ordered_field::{OrderedNull, OrderedValue, OrderedVar};
    pub use crate::codec::pad::Pad;
    pub use crate::codec::phoenix::{Date, Timestamp};
    pub use crate::codec::rest::Rest;
    pub use crate::codec::tag::Tag;
}

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
pub struct Segment<'a> {
    /// The field name, or `salt`.
    pub name: &'a str,
    /// The first byte.
    pub offset: usize,
    /// Bytes taken; for a variable-length field, its shortest encoding.
    pub width: usize,
    /// The codec, as its attribute reads (`pad(6)`, `be_u32`, `u64`), for display.
    pub codec: &'a str,
    /// The codec with its parameters, for code that reads or writes the
    /// field without the Rust type: `explain`, the schema, tools.
    pub kind: FieldCodec<'a>,
    /// How the bytes sort.
    pub order: Order,
    /// `#[reverse]`: the codec's bytes inverted (`pad`: digit `d` as `9 - d`).
    pub reverse: bool,
    /// `#[mirror]`: the codec's bytes, after any `reverse`, written back to front (the derive refuses the two together).
    pub mirror: bool,
    /// `Option<T>`: a presence byte, then `kind` in `width - 1` bytes. (An
    /// `#[ordered]` `Option` has no presence byte: its kind is
    /// [`FieldCodec::OrderedNull`].)
    pub optional: bool,
    /// The field's Rust type as written (`u32`, `Option<u64>`, `&'a str`);
    /// empty for the salt.
    pub rust_type: &'a str,
    /// `#[rowkey(since = N)]`: the version that added this trailing
    /// optional field, which old keys lack (absent reads as `None`); 0 for
    /// a field every key has.
    pub since: u32,
}

/// How a segment's bytes are written: the typed form of [`Segment::codec`].
/// Each variant holds its codec's parameters, a type of the codec's own
/// module in [`codec`](crate::codec).
///
/// ```
/// use rowkey::codec::{int::IntType, pad::Pad};
/// use rowkey::{FieldCodec, RowKey};
///
/// #[derive(RowKey)]
/// struct FileKey {
///     #[pad(6)] user_id: u32,
///     #[reverse] ts: i64,
/// }
///
/// let user_id = &FileKey::LAYOUT.segments[0];
/// let u32_ = IntType { bytes: 4, signed: false };
/// assert_eq!(user_id.kind, FieldCodec::Pad(Pad { digits: 6, ty: u32_ }));
/// let ts = &FileKey::LAYOUT.segments[1];
/// assert_eq!(ts.kind, FieldCodec::Int(IntType { bytes: 8, signed: true }));
/// assert!(ts.reverse);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldCodec<'a> {
    /// An integer at its native width, big-endian, sign bit flipped when signed.
    Int(IntType),
    /// `#[be_u16]`, `#[be_u32]`, `#[be_u64]`.
    Narrow(Narrow),
    /// `#[pad(N)]`: ASCII digits, zero padded.
    Pad(Pad),
    /// `#[fixed(N)]`: the value's bytes, then `0x00` up to the width.
    Fixed(Fixed),
    /// `bool`: `0x00` or `0x01`.
    Bool,
    /// `[u8; N]`: the bytes as they are.
    Bytes(ByteArray),
    /// `f32` or `f64`, in `total_cmp` order.
    Float(Float),
    /// A key embedded whole: a type that derives `RowKey`, or `Md5`.
    Nested(&'a Layout<'a>),
    /// The 16 bytes of an MD5 digest: the one segment of `Md5`'s layout.
    Md5Digest,
    /// `#[tag(..)]`: constant bytes.
    Tag(Tag<'a>),
    /// `#[escaped]`: `0x00` written `0x00 0xFF`, then the terminator `0x00 0x01`.
    Escaped(Escaped),
    /// The last field, unescaped: the rest of the key.
    Rest(Rest),
    /// `#[java]`: Java's `Bytes.toBytes` of a `short`, `int`, `long`,
    /// `float`, `double` or `boolean`.
    Java(JavaType),
    /// `#[ordered]`: HBase's `OrderedBytes` fixed-width number.
    Ordered(Ordered),
    /// `#[ordered]` on a string or bytes: HBase's `OrderedBytes` `Text`,
    /// `BlobVar` or (`#[ordered(copy)]`) `BlobCopy`.
    OrderedVar(OrderedVar),
    /// An `Option` of an `#[ordered]` value: `None` is OrderedBytes' null
    /// (`0x05`), with no presence byte ([`Segment::optional`] is false).
    OrderedNull(OrderedNull),
    /// A column of an Apache Phoenix primary key (`#[rowkey(phoenix)]`).
    Phoenix(PhoenixType),
    /// `#[ordered(numeric)]`: HBase's `OrderedNumeric` of an `i64` or an `f64`.
    Numeric(Numeric),
    /// The salt bucket; its parameters are [`Layout::salt`].
    Salt,
}

/// The salt bucket that leads a key: how it is computed and written, and
/// which fields it hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutSalt<'a> {
    /// The bucket count and format (one or two bytes, digits, Phoenix).
    pub salt: Salt,
    /// The fields the bucket hashes, in the order they are hashed; for a
    /// Phoenix salt, every field (it hashes every key byte after the bucket).
    pub fields: &'a [&'a str],
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
pub struct Layout<'a> {
    /// The key type's name.
    pub name: &'a str,
    /// The width in bytes; for a variable-length key, its shortest encoding.
    pub width: usize,
    /// Whether some segment has a variable length. Offsets after the first
    /// such segment are those of its shortest value.
    pub variable: bool,
    /// The longest key `encode` writes (`#[rowkey(max_width = N)]`, by default 32,767).
    pub max_width: usize,
    /// The salt bucket, when the key has one; it is the first segment.
    pub salt: Option<LayoutSalt<'a>>,
    /// Every segment, in key order.
    pub segments: &'a [Segment<'a>],
}

/// Several key types sharing a table, told apart by their tags: what a
/// derived enum of key types holds in `KEY_TYPES`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTypes<'a> {
    /// The enum's name.
    pub name: &'a str,
    /// Its members, in the order `decode` tries them.
    pub members: &'a [Member<'a>],
}

/// One member of [`KeyTypes`]: the variant's name and its key's layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member<'a> {
    /// The variant's name.
    pub name: &'a str,
    /// The variant's `#[tag]`, written before its key; empty without one.
    pub tag: &'a [u8],
    /// The layout of the variant's key type.
    pub layout: &'a Layout<'a>,
}

impl<'a> Layout<'a> {
    /// The segment of field `name` (never the salt bucket's, also named `salt`).
    pub fn segment(&self, name: &str) -> Option<&Segment<'a>> {
        self.field_index(name).map(|i| &self.segments[i])
    }

    /// The index in `segments` (and in an explanation's fields) of field
    /// `name`: never the salt bucket's, whose segment is named `salt` too.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Login { #[salt(mod = 7)] salt: u32, user: u64 }
    ///
    /// assert_eq!(Login::LAYOUT.field_index("salt"), Some(1));
    /// assert_eq!(Login::LAYOUT.field_index("user"), Some(2));
    /// ```
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.segments
            .iter()
            .position(|s| s.name == name && s.kind != FieldCodec::Salt)
    }

    /// The fingerprint of the layout: a stable hash of everything that
    /// decides its bytes (what [`RowKey::FINGERPRINT`](crate::RowKey::FINGERPRINT) is).
    ///
    /// # The hash (a stable format)
    ///
    /// [FNV-1a 64](http://www.isthe.com/chongo/tech/comp/fnv/) (offset basis
    /// `0xcbf29ce484222325`, prime `0x100000001b3`) over this byte string,
    /// where every number is big-endian and `u64` unless said otherwise:
    ///
    /// ```text
    /// layout  = "RK" 0x01 variable:u8 width salt count segment*
    /// salt    = 0x00                                  no salt
    ///         | 0x01 format:u8 digits:u8 hash:u8 buckets:u32 n:u32 index:u32*n
    ///             format: 0 binary, 1 digits (digits = D, else 0), 2 Phoenix;
    ///             hash: 0, the format's own (xxh32, or Phoenix's); 1, modulo;
    ///                   2, a user function (its code is not hashed);
    ///             index: the position in `segments` of each hashed field
    /// segment = offset width codec order:u8 flags:u8
    ///             order: 0 ascending, 1 descending, 2 unordered
    ///             flags: 1 reverse | 2 mirror | 4 optional | 8 added
    ///           [since:u32]                 only with flag 8: `#[rowkey(since = N)]`
    /// codec   = 0x01 bytes:u8 signed:u8     native integer
    ///         | 0x02 bytes:u8               be_u16 / be_u32 / be_u64
    ///         | 0x03 digits                 pad
    ///         | 0x04 width utf8:u8          fixed
    ///         | 0x05                        bool
    ///         | 0x06 n                      [u8; n]
    ///         | 0x07 bytes:u8               f32 / f64
    ///         | 0x08 layout                 a nested key, recursively
    ///         | 0x09                        an MD5 digest
    ///         | 0x0A n byte*n               tag
    ///         | 0x0B utf8:u8                escaped
    ///         | 0x0C utf8:u8                rest of the key
    ///         | 0x0D                        the salt bucket
    ///         | 0x0E java:u8                #[java]: 0 short, 1 int, 2 long, 3 float, 4 double, 5 boolean
    ///         | 0x0F header:u8              #[ordered]: the OrderedBytes header
    ///         | 0x10 header:u8 utf8:u8      #[ordered] Text / BlobVar / BlobCopy
    ///         | 0x11 trailing:u8 codec      #[ordered] Option: null for None;
    ///                                       trailing 1: left out at the end (hbase_struct)
    ///         | 0x12 type:u8 [n:num]        #[rowkey(phoenix)]: PhoenixType::code, then CHAR's n
    ///         | 0x13 float:u8 nullable:u8 trailing:u8
    ///                                       #[ordered(numeric)]: f64 (else i64), an Option,
    ///                                       left out at the end (hbase_struct)
    /// ```
    ///
    /// Names are left out, so renaming a field or the key keeps the
    /// fingerprint; so is the Rust type where it does not change the bytes
    /// (`#[pad(6)]` on a `u32` or a `u64`, `String` or `&str`), and
    /// `max_width`, which bounds keys without changing any. Everything else,
    /// a codec, a width, an order, the salt or a tag, changes it.
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
    /// // Fails the build's tests if anyone changes the bytes FileKey writes.
    /// assert_eq!(FileKey::FINGERPRINT, 0xf75c_7814_308b_e003);
    /// assert_eq!(FileKey::LAYOUT.fingerprint(), FileKey::FINGERPRINT);
    /// ```
    pub const fn fingerprint(&self) -> u64 {
        layout_bytes(Fnv::new(), self).0
    }
}

impl Segment<'_> {
    /// Where the segment's bytes end in the key: its codec's extent, with an
    /// `Option`'s presence byte and the salt bucket's width counted.
    pub(crate) const fn extent(&self) -> Extent {
        match self.kind.extent() {
            Extent::Fixed(_) => Extent::Fixed(self.width),
            other => other,
        }
    }
}

// ---- the one list of codecs ------------------------------------------------

impl<'a> FieldCodec<'a> {
    /// The codec, as the interpreter, `explain` and the schema use it.
    #[cfg(feature = "alloc")]
    pub(crate) fn codec(&self) -> &dyn crate::codec::Codec<'a> {
        match self {
            FieldCodec::Int(c) => c,
            FieldCodec::Narrow(c) => c,
            FieldCodec::Pad(c) => c,
            FieldCodec::Fixed(c) => c,
            FieldCodec::Bool => &Bool,
            FieldCodec::Bytes(c) => c,
            FieldCodec::Float(c) => c,
            FieldCodec::Nested(layout) => *layout,
            FieldCodec::Md5Digest => &Md5Digest,
            FieldCodec::Tag(c) => c,
            FieldCodec::Escaped(c) => c,
            FieldCodec::Rest(c) => c,
            FieldCodec::Java(c) => c,
            FieldCodec::Ordered(c) => c,
            FieldCodec::OrderedVar(c) => c,
            FieldCodec::OrderedNull(c) => c,
            FieldCodec::Phoenix(c) => c,
            FieldCodec::Numeric(c) => c,
            FieldCodec::Salt => &Bucket,
        }
    }

    /// Where the codec's bytes end in the key, and its shortest encoding
    /// (what a layout built by hand gives as the segment's `width`); the salt
    /// bucket's width is its [`Segment`]'s.
    ///
    /// ```
    /// use rowkey::codec::{pad::Pad, int::IntType, Extent};
    /// use rowkey::FieldCodec;
    /// let ty = IntType { bytes: 4, signed: false };
    /// assert_eq!(FieldCodec::Pad(Pad { digits: 6, ty }).extent(), Extent::Fixed(6));
    /// ```
    #[doc(hidden)]
    pub const fn extent(&self) -> Extent {
        match self {
            FieldCodec::Int(c) => c.extent(),
            FieldCodec::Narrow(c) => c.extent(),
            FieldCodec::Pad(c) => c.extent(),
            FieldCodec::Fixed(c) => c.extent(),
            FieldCodec::Bool => Bool.extent(),
            FieldCodec::Bytes(c) => c.extent(),
            FieldCodec::Float(c) => c.extent(),
            // A nested key is fixed: the derive refuses a variable one.
            FieldCodec::Nested(layout) => Extent::Fixed(layout.width),
            FieldCodec::Md5Digest => Md5Digest.extent(),
            FieldCodec::Tag(c) => c.extent(),
            FieldCodec::Escaped(c) => c.extent(),
            FieldCodec::Rest(c) => c.extent(),
            FieldCodec::Java(t) => crate::codec::hbase::extent(*t),
            FieldCodec::Ordered(c) => c.extent(),
            FieldCodec::OrderedVar(c) => c.extent(),
            FieldCodec::OrderedNull(c) => c.extent(),
            FieldCodec::Phoenix(t) => crate::codec::phoenix::extent(*t),
            FieldCodec::Numeric(c) => c.extent(),
            FieldCodec::Salt => Extent::Fixed(0),
        }
    }

    /// Feeds the codec's fingerprint bytes (see [`Layout::fingerprint`]).
    const fn fingerprint(&self, h: Fnv) -> Fnv {
        match self {
            FieldCodec::Int(c) => c.fingerprint(h),
            FieldCodec::Narrow(c) => c.fingerprint(h),
            FieldCodec::Pad(c) => c.fingerprint(h),
            FieldCodec::Fixed(c) => c.fingerprint(h),
            FieldCodec::Bool => Bool.fingerprint(h),
            FieldCodec::Bytes(c) => c.fingerprint(h),
            FieldCodec::Float(c) => c.fingerprint(h),
            FieldCodec::Nested(layout) => layout_bytes(h.byte(0x08), layout),
            FieldCodec::Md5Digest => Md5Digest.fingerprint(h),
            FieldCodec::Tag(c) => c.fingerprint(h),
            FieldCodec::Escaped(c) => c.fingerprint(h),
            FieldCodec::Rest(c) => c.fingerprint(h),
            FieldCodec::Java(c) => crate::codec::hbase::fingerprint(*c, h),
            FieldCodec::Ordered(c) => c.fingerprint(h),
            FieldCodec::OrderedVar(c) => c.fingerprint(h),
            FieldCodec::OrderedNull(c) => c.fingerprint(h),
            FieldCodec::Phoenix(c) => crate::codec::phoenix::fingerprint(*c, h),
            FieldCodec::Numeric(c) => c.fingerprint(h),
            FieldCodec::Salt => Bucket.fingerprint(h),
        }
    }

    /// The codec of a schema's `codec` object, by its `kind`; a nested key's
    /// layout is read by `nested`.
    ///
    /// # Errors
    /// An unknown kind, or parameters no codec of that kind has.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, 'a>,
        nested: &dyn Fn(
            &crate::json::Fields<'_, 'a>,
        ) -> Result<&'a Layout<'a>, alloc::string::String>,
    ) -> Result<Self, alloc::string::String> {
        use crate::codec::{hbase, phoenix};
        Ok(match c.str("kind")? {
            "int" => FieldCodec::Int(IntType::from_json(c)?),
            "narrow" => FieldCodec::Narrow(Narrow::from_json(c)?),
            "pad" => FieldCodec::Pad(Pad::from_json(c)?),
            "fixed" => FieldCodec::Fixed(Fixed::from_json(c)?),
            "bool" => FieldCodec::Bool,
            "bytes" => FieldCodec::Bytes(ByteArray::from_json(c)?),
            "float" => FieldCodec::Float(Float::from_json(c)?),
            "nested" => {
                let key = c
                    .object("key")
                    .map_err(|_| "a nested key without \"key\"")?;
                FieldCodec::Nested(nested(&key)?)
            }
            "md5" => FieldCodec::Md5Digest,
            "tag" => FieldCodec::Tag(Tag::from_json(c)?),
            "escaped" => FieldCodec::Escaped(Escaped::from_json(c)?),
            "rest" => FieldCodec::Rest(Rest::from_json(c)?),
            "java" => FieldCodec::Java(hbase::from_json(c)?),
            "ordered" if c.has("text") => FieldCodec::OrderedVar(OrderedVar::from_json(c)?),
            "ordered" => FieldCodec::Ordered(Ordered::from_json(c)?),
            "ordered_null" => FieldCodec::OrderedNull(OrderedNull::from_json(c)?),
            "phoenix" => FieldCodec::Phoenix(phoenix::from_json(c)?),
            "numeric" => FieldCodec::Numeric(Numeric::from_json(c)?),
            "salt" => FieldCodec::Salt,
            other => return Err(alloc::format!("unknown codec `{other}`")),
        })
    }
}

// ---- the fingerprint of a layout --------------------------------------------

const fn layout_bytes(h: Fnv, layout: &Layout<'_>) -> Fnv {
    let h = h
        .bytes(b"RK")
        .byte(1)
        .flag(layout.variable)
        .num(layout.width);
    let mut h = salt_bytes(h, layout);
    h = h.num(layout.segments.len());
    let mut i = 0;
    while i < layout.segments.len() {
        h = segment_bytes(h, &layout.segments[i]);
        i += 1;
    }
    h
}

const fn salt_bytes(h: Fnv, layout: &Layout<'_>) -> Fnv {
    let Some(salt) = &layout.salt else {
        return h.byte(0);
    };
    let (format, digits) = match salt.salt.format() {
        SaltFormat::Binary => (0, 0),
        SaltFormat::Digits(d) => (1, d),
        SaltFormat::Phoenix => (2, 0),
    };
    let hash = match salt.salt.hash() {
        SaltHash::Format => 0,
        SaltHash::Modulo => 1,
        SaltHash::Custom(_) => 2,
    };
    let mut h = h.byte(1).byte(format).byte(digits).byte(hash);
    h = h.u32(salt.salt.buckets());
    h = h.u32(salt.fields.len() as u32);
    let mut i = 0;
    while i < salt.fields.len() {
        h = h.u32(segment_index(layout, salt.fields[i]));
        i += 1;
    }
    h
}

/// The position of the segment named `name`; `u32::MAX` if there is none,
/// which a derived layout never gives.
const fn segment_index(layout: &Layout<'_>, name: &str) -> u32 {
    let mut i = 0;
    while i < layout.segments.len() {
        if str_eq(layout.segments[i].name, name) {
            return i as u32;
        }
        i += 1;
    }
    u32::MAX
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn segment_bytes(h: Fnv, s: &Segment<'_>) -> Fnv {
    let h = s.kind.fingerprint(h.num(s.offset).num(s.width));
    let order = match s.order {
        Order::Ascending => 0,
        Order::Descending => 1,
        Order::Unordered => 2,
    };
    let added = s.since != 0;
    let flags =
        s.reverse as u8 | (s.mirror as u8) << 1 | (s.optional as u8) << 2 | (added as u8) << 3;
    let h = h.byte(order).byte(flags);
    // Appended only for added fields, so other keys keep their fingerprints.
    if added {
        h.u32(s.since)
    } else {
        h
    }
}
