//! The key as data: what `check` builds and `expand` reads. A codec is an
//! enum whose variants hold only legal combinations, so the expander never
//! meets an impossible case.

use proc_macro2::{Ident, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

pub use crate::attr::{At, SaltHashAttr};

/// A key struct. `lower` builds it with `C = Option<Codec>` and
/// `W = Option<Size>` (`None` where a field could not be understood, so no
/// rule judges a guess); `expand` reads the complete `Key`.
pub struct Key<'a, C = Codec, W = Size> {
    pub ident: &'a Ident,
    pub vis: &'a syn::Visibility,
    pub generics: &'a syn::Generics,
    /// The path to the `rowkey` crate (`::rowkey` unless `#[rowkey(crate = "..")]`).
    pub krate: syn::Path,
    /// Total width in bytes, salt included; for a variable-length key, the
    /// width of its shortest encoding.
    pub width: Size,
    /// Whether some field has a variable length.
    pub variable: bool,
    /// `max_width`: checked at compile time for fixed keys, by `encode` for variable ones.
    pub max_width: usize,
    /// `width = N`, as declared.
    pub declared_width: Option<At<usize>>,
    pub salt: Option<Salt>,
    /// `#[rowkey(view)]` or `#[rowkey(view = Name)]`: a zerocopy view.
    pub view: Option<&'a At<Option<Ident>>>,
    pub fields: Vec<Field<'a, C, W>>,
    /// Fields `..layout_known` have known offsets (all, once complete).
    pub layout_known: usize,
    /// `#[rowkey(hbase_struct)]`: HBase's `Struct`, trailing nulls left out.
    pub hbase_struct: bool,
    /// `#[rowkey(phoenix)]`: an Apache Phoenix primary key, every field a
    /// [`Codec::Phoenix`] column.
    pub phoenix: bool,
}

impl<C, W> Key<'_, C, W> {
    /// Whether field `i` may be left out of a key: added with `since`, or an
    /// `Option` at the end of an HBase `Struct`, where a trailing run of
    /// `None` writes nothing.
    pub fn omittable(&self, i: usize) -> bool {
        self.fields[i].since.is_some() || (self.hbase_struct && i >= self.struct_tail())
    }

    /// The fields every key writes: those before the first that may be left out.
    pub fn always_written(&self) -> usize {
        (0..self.fields.len())
            .find(|&i| self.omittable(i))
            .unwrap_or(self.fields.len())
    }

    /// Where the trailing `Option` fields start (`fields.len()` if the last
    /// field is no `Option`).
    fn struct_tail(&self) -> usize {
        struct_tail(&self.fields)
    }
}

/// Where the trailing `Option` fields of `fields` start: an HBase `Struct`
/// leaves them out when they, and every field after them, are `None`.
pub fn struct_tail<C, W>(fields: &[Field<'_, C, W>]) -> usize {
    fields
        .iter()
        .rposition(|f| !f.optional)
        .map_or(0, |i| i + 1)
}

/// A lowered key whose fields may lack a codec or width.
pub type Draft<'a> = Key<'a, Option<Codec>, Option<Size>>;

impl<'a> Draft<'a> {
    /// The key, when every field has its codec and width.
    pub fn complete(self) -> Option<Key<'a>> {
        let fields = self
            .fields
            .into_iter()
            .map(|f| {
                Some(Field {
                    codec: f.codec?,
                    width: f.width?,
                    ident: f.ident,
                    ty: f.ty,
                    value_ty: f.value_ty,
                    descending: f.descending,
                    mirror: f.mirror,
                    optional: f.optional,
                    offset: f.offset,
                    at: f.at,
                    since: f.since,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Key {
            fields,
            ident: self.ident,
            vis: self.vis,
            generics: self.generics,
            krate: self.krate,
            width: self.width,
            variable: self.variable,
            max_width: self.max_width,
            declared_width: self.declared_width,
            salt: self.salt,
            view: self.view,
            layout_known: self.layout_known,
            hbase_struct: self.hbase_struct,
            phoenix: self.phoenix,
        })
    }
}

/// The salt bucket at the front of the key.
pub struct Salt {
    pub buckets: u32,
    pub format: SaltFormat,
    /// Bytes the bucket takes (it starts at offset 0).
    pub width: usize,
    /// Indices into `Key::fields` of the fields the bucket hashes, in order.
    /// Phoenix salts hash every field.
    pub fields: Vec<usize>,
    /// `hash = ..`, with the span of its value; `None` for the format's own.
    pub hash: Option<(SaltHashAttr, proc_macro2::Span)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SaltFormat {
    Binary,
    Digits(u8),
    Phoenix,
}

pub struct Field<'a, C = Codec, W = Size> {
    pub ident: &'a Ident,
    pub ty: &'a syn::Type,
    /// The value's type: `T` for `Option<T>`, else `ty`.
    pub value_ty: &'a syn::Type,
    pub codec: C,
    pub descending: bool,
    /// `#[mirror]`: bytes written back to front.
    pub mirror: bool,
    /// `Option<T>`: a presence byte, then `codec` for `T`; for an
    /// `#[ordered]` codec, OrderedBytes' null or the value (`nullable`).
    pub optional: bool,
    /// Where the field starts; meaningful up to the first variable-length field.
    pub offset: Size,
    /// Bytes taken; for a variable-length field, its smallest encoding.
    pub width: W,
    /// `#[at(N)]`: where the field is declared to start.
    pub at: Option<At<usize>>,
    /// `#[rowkey(since = N)]`: an optional field added to stored keys; at the
    /// end of the key, absent (`None`) writes nothing.
    pub since: Option<At<u64>>,
}

impl<W> Field<'_, Codec, W> {
    /// Whether the field gets a range helper: its bytes sort as its values do
    /// and have a fixed width, or are an OrderedBytes `Text`. (Optional fields
    /// sort too, `None` first, but take prefix helpers only; Java's bytes sort
    /// negative numbers last; `BlobVar` sorts only within one length.)
    pub fn ranged(&self) -> bool {
        !self.mirror
            && !self.optional
            && !matches!(
                self.codec,
                Codec::Nested
                    | Codec::Tag(_)
                    | Codec::Rest(_)
                    | Codec::Escaped(_)
                    | Codec::Java(_)
                    | Codec::OrderedVar {
                        ty: VarType::BlobVar | VarType::BlobCopy,
                        ..
                    }
            )
            && !matches!(self.codec, Codec::Phoenix(c) if !c.ordered(self.descending))
    }

    /// An `Option` of an `#[ordered]` value: `None` is OrderedBytes' null,
    /// written through the cursor, with no presence byte.
    pub fn nullable(&self) -> bool {
        self.optional && self.codec.ordered()
    }

    /// Whether the field gets a `_within` helper: a nested key in its own bytes.
    pub fn nested(&self) -> bool {
        matches!(self.codec, Codec::Nested) && !self.optional && !self.mirror
    }

    /// Whether a helper takes a value for this field (a tag is constant).
    pub fn takes_value(&self) -> bool {
        !matches!(self.codec, Codec::Tag(_))
    }
}

impl<W> Field<'_, Codec, W> {
    /// Whether the field has no fixed width.
    pub fn variable(&self) -> bool {
        self.codec.variable(self.optional)
    }
}

impl<W> Field<'_, Option<Codec>, W> {
    /// Whether the field has no fixed width.
    pub fn variable(&self) -> bool {
        self.codec
            .as_ref()
            .is_some_and(|c| c.variable(self.optional))
    }
}

/// A width or offset: a number, plus the widths of nested keys, which are
/// known only to the compiler (`<Inner as RowKey>::WIDTH`).
#[derive(Clone, Default)]
pub struct Size {
    pub bytes: usize,
    pub keys: Vec<syn::Type>,
}

impl Size {
    pub fn bytes(n: usize) -> Size {
        Size {
            bytes: n,
            keys: Vec::new(),
        }
    }

    pub fn key(ty: syn::Type) -> Size {
        Size {
            bytes: 0,
            keys: vec![ty],
        }
    }

    /// The number, when no nested key is involved.
    pub fn known(&self) -> Option<usize> {
        self.keys.is_empty().then_some(self.bytes)
    }

    pub fn plus(&self, other: &Size) -> Size {
        let mut keys = self.keys.clone();
        keys.extend(other.keys.iter().cloned());
        Size {
            bytes: self.bytes + other.bytes,
            keys,
        }
    }

    pub fn plus_bytes(&self, n: usize) -> Size {
        self.plus(&Size::bytes(n))
    }

    /// As an expression outside the derive's `const _` block, where `__rk`
    /// is not in scope.
    pub fn expr_at(&self, krate: &syn::Path) -> TokenStream {
        let n = proc_macro2::Literal::usize_unsuffixed(self.bytes);
        let keys = &self.keys;
        if keys.is_empty() {
            quote!(#n)
        } else {
            let keys = keys
                .iter()
                .map(|k| quote_spanned!(k.span()=> <#k as #krate::RowKey>::WIDTH));
            quote!((#n #(+ #keys)*))
        }
    }

    /// As a const generic argument: a bare literal, or a braced expression.
    pub fn arg(&self) -> TokenStream {
        match self.known() {
            Some(_) => quote!(#self),
            None => quote!({ #self }),
        }
    }
}

/// `6`, or `(4 + <Md5 as __rk::RowKey>::WIDTH)`.
impl ToTokens for Size {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let n = proc_macro2::Literal::usize_unsuffixed(self.bytes);
        if self.keys.is_empty() {
            tokens.extend(quote!(#n));
        } else {
            // Spanned on each nested type, so "not a row key" points at the field.
            let keys = self
                .keys
                .iter()
                .map(|k| quote_spanned!(k.span()=> <#k as __rk::RowKey>::WIDTH));
            tokens.extend(quote!((#n #(+ #keys)*)));
        }
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.bytes)?;
        for k in &self.keys {
            write!(f, " + {}::WIDTH", k.to_token_stream())?;
        }
        Ok(())
    }
}

/// The Rust integer types.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IntTy {
    U8,
    U16,
    U32,
    U64,
    U128,
    I8,
    I16,
    I32,
    I64,
    I128,
}

impl IntTy {
    pub fn from_name(name: &str) -> Option<IntTy> {
        Some(match name {
            "u8" => IntTy::U8,
            "u16" => IntTy::U16,
            "u32" => IntTy::U32,
            "u64" => IntTy::U64,
            "u128" => IntTy::U128,
            "i8" => IntTy::I8,
            "i16" => IntTy::I16,
            "i32" => IntTy::I32,
            "i64" => IntTy::I64,
            "i128" => IntTy::I128,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            IntTy::U8 => "u8",
            IntTy::U16 => "u16",
            IntTy::U32 => "u32",
            IntTy::U64 => "u64",
            IntTy::U128 => "u128",
            IntTy::I8 => "i8",
            IntTy::I16 => "i16",
            IntTy::I32 => "i32",
            IntTy::I64 => "i64",
            IntTy::I128 => "i128",
        }
    }

    pub fn width(self) -> usize {
        match self {
            IntTy::U8 | IntTy::I8 => 1,
            IntTy::U16 | IntTy::I16 => 2,
            IntTy::U32 | IntTy::I32 => 4,
            IntTy::U64 | IntTy::I64 => 8,
            IntTy::U128 | IntTy::I128 => 16,
        }
    }

    pub fn signed(self) -> bool {
        matches!(
            self,
            IntTy::I8 | IntTy::I16 | IntTy::I32 | IntTy::I64 | IntTy::I128
        )
    }

    /// The most decimal digits a value of this type's width has.
    pub fn max_digits(self) -> usize {
        rowkey_format::limits::max_digits(self.width())
    }
}

/// The Rust float types.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FloatTy {
    F32,
    F64,
}

impl FloatTy {
    pub fn from_name(name: &str) -> Option<FloatTy> {
        match name {
            "f32" => Some(FloatTy::F32),
            "f64" => Some(FloatTy::F64),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            FloatTy::F32 => "f32",
            FloatTy::F64 => "f64",
        }
    }

    pub fn width(self) -> usize {
        match self {
            FloatTy::F32 => 4,
            FloatTy::F64 => 8,
        }
    }
}

/// What a string or bytes field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// `String`
    String,
    /// `Cow<str>`, borrowed from the key when the value allows.
    CowStr,
    /// `Cow<[u8]>`, borrowed from the key when the value allows.
    CowBytes,
    /// `Vec<u8>`
    Vec,
    /// `&str`, borrowed from the key on decode.
    Str,
    /// `&[u8]`, borrowed from the key on decode.
    Slice,
}

impl TextKind {
    pub fn is_str(self) -> bool {
        matches!(self, TextKind::String | TextKind::Str | TextKind::CowStr)
    }

    /// Borrowed from the key on decode, so the bytes must be stored as they are.
    pub fn borrows(self) -> bool {
        matches!(self, TextKind::Str | TextKind::Slice)
    }
}

/// How a field is written. Every variant is legal for its field's type.
#[derive(Clone, PartialEq, Eq)]
pub enum Codec {
    /// Native-width big-endian integer (sign bit flipped for signed).
    Int(IntTy),
    /// `#[be_u16]` / `#[be_u32]` / `#[be_u64]` on an integer of type `from`.
    Narrow {
        to: IntTy,
        from: IntTy,
    },
    /// `#[pad(N)]` on an unsigned integer of type `ty`.
    Pad {
        digits: usize,
        ty: IntTy,
    },
    /// `#[fixed(N)]` on a string or bytes.
    Fixed {
        width: usize,
        kind: TextKind,
    },
    Bool,
    /// `[u8; N]`
    ByteArray(usize),
    /// `f32` / `f64`, in `total_cmp` order.
    Float(FloatTy),
    /// A type that implements `RowKey` (a derived key, `Md5`), embedded.
    Nested,
    /// `#[tag(..)]` on `()`: these constant bytes.
    Tag(Vec<u8>),
    /// `#[escaped]`: order-preserving, self-delimiting, any position.
    Escaped(TextKind),
    /// The last field, unescaped: the rest of the key.
    Rest(TextKind),
    /// `#[java]`: Java's `Bytes.toBytes`, which keeps no order for negative values.
    Java(rowkey_format::JavaType),
    /// `#[ordered]`: HBase's `OrderedBytes` fixed-width `i8`..`i64`, `f32`, `f64`.
    Ordered(OrderedTy),
    /// `#[ordered]` on a string (`Text`) or bytes (`BlobVar`), or
    /// `#[ordered(copy)]` on the last field's bytes (`BlobCopy`).
    OrderedVar {
        ty: VarType,
        kind: TextKind,
    },
    /// A column of a `#[rowkey(phoenix)]` key.
    Phoenix(PhoenixCol),
}

/// A Phoenix primary-key column and the Rust type it holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PhoenixCol {
    /// `TINYINT`..`BIGINT` from `i8`..`i64`: the native signed codec's bytes.
    Int(IntTy),
    /// `DOUBLE` from `f64`.
    Double,
    /// `BOOLEAN` from `bool`.
    Boolean,
    /// `DATE` from `phoenix::Date`.
    Date,
    /// `TIMESTAMP` from `phoenix::Timestamp`.
    Timestamp,
    /// `CHAR(n)` from a string.
    Char(usize, TextKind),
    /// `VARCHAR` from a string.
    Varchar(TextKind),
}

impl PhoenixCol {
    /// The runtime's name for the column's type.
    pub fn core(self) -> rowkey_format::PhoenixType {
        use rowkey_format::PhoenixType as P;
        match self {
            PhoenixCol::Int(IntTy::I8) => P::Tinyint,
            PhoenixCol::Int(IntTy::I16) => P::Smallint,
            PhoenixCol::Int(IntTy::I32) => P::Integer,
            PhoenixCol::Int(_) => P::Bigint,
            PhoenixCol::Double => P::Double,
            PhoenixCol::Boolean => P::Boolean,
            PhoenixCol::Date => P::Date,
            PhoenixCol::Timestamp => P::Timestamp,
            PhoenixCol::Char(n, _) => P::Char(n),
            PhoenixCol::Varchar(_) => P::Varchar,
        }
    }

    /// Whether the column's keys sort as its values do, so it gets range
    /// helpers: not `CHAR` (its space padding sorts after control
    /// characters) nor a descending `VARCHAR` (an empty value is null, which
    /// sorts first even then).
    pub fn ordered(self, descending: bool) -> bool {
        match self {
            PhoenixCol::Char(..) => false,
            PhoenixCol::Varchar(_) => !descending,
            _ => true,
        }
    }

    /// The column as Phoenix's DDL names it: `INTEGER`, `CHAR(3)`.
    pub fn describe(self) -> String {
        match self {
            PhoenixCol::Char(n, _) => format!("CHAR({n})"),
            other => other.core().name().to_string(),
        }
    }
}

pub use rowkey_format::ordered::VarType;

/// The number an `#[ordered]` field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OrderedTy {
    Int(IntTy),
    Float(FloatTy),
}

impl OrderedTy {
    /// The header byte and the value's width.
    pub fn header_and_width(self) -> (u8, usize) {
        use rowkey_format::ordered as h;
        match self {
            OrderedTy::Int(IntTy::I8) => (h::INT8, 1),
            OrderedTy::Int(IntTy::I16) => (h::INT16, 2),
            OrderedTy::Int(IntTy::I32) => (h::INT32, 4),
            OrderedTy::Int(_) => (h::INT64, 8),
            OrderedTy::Float(FloatTy::F32) => (h::FLOAT32, 4),
            OrderedTy::Float(FloatTy::F64) => (h::FLOAT64, 8),
        }
    }

    /// Bytes the field takes: the header and the number.
    pub fn width(self) -> usize {
        1 + self.header_and_width().1
    }

    fn name(self) -> &'static str {
        match self {
            OrderedTy::Int(t) => t.name(),
            OrderedTy::Float(t) => t.name(),
        }
    }
}

impl Codec {
    /// Whether the codec is one of HBase's `OrderedBytes` (`#[ordered]`).
    pub fn ordered(&self) -> bool {
        matches!(self, Codec::Ordered(_) | Codec::OrderedVar { .. })
    }

    /// Whether the field has no fixed width: an `#[ordered]` `Option` is a
    /// one-byte null or the value.
    pub fn variable(&self, optional: bool) -> bool {
        matches!(
            self,
            Codec::Escaped(_)
                | Codec::Rest(_)
                | Codec::OrderedVar { .. }
                | Codec::Phoenix(PhoenixCol::Varchar(_))
        ) || (optional && self.ordered())
    }

    /// The codec as its attribute reads, for the layout table.
    pub fn describe(&self) -> String {
        match *self {
            Codec::Int(t) => t.name().to_string(),
            Codec::Narrow { to, .. } => format!("be_{}", to.name()),
            Codec::Pad { digits, .. } => format!("pad({digits})"),
            Codec::Fixed { width, .. } => format!("fixed({width})"),
            Codec::Bool => "bool".to_string(),
            Codec::ByteArray(n) => format!("[u8; {n}]"),
            Codec::Float(t) => t.name().to_string(),
            Codec::Nested => "nested key".to_string(),
            Codec::Tag(ref b) if b.iter().all(|c| c.is_ascii_graphic()) => {
                format!("tag(b\"{}\")", String::from_utf8_lossy(b))
            }
            Codec::Tag(ref b) => format!(
                "tag({})",
                b.iter()
                    .map(|b| b.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Codec::Escaped(_) => "escaped".to_string(),
            Codec::Rest(_) => "rest of key".to_string(),
            Codec::Java(t) => format!("java {}", t.name()),
            Codec::Ordered(t) => format!("ordered {}", t.name()),
            Codec::OrderedVar { ty, .. } => format!("ordered {}", ty.name()),
            Codec::Phoenix(c) => format!("phoenix {}", c.describe()),
        }
    }
}
