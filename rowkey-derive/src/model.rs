//! The key as data: what `check` builds and `expand` reads. A codec is an
//! enum whose variants hold only legal combinations, so the expander never
//! meets an impossible case.

use proc_macro2::Ident;

/// A checked key struct.
pub struct Key<'a> {
    pub ident: &'a Ident,
    pub generics: &'a syn::Generics,
    /// The path to the `rowkey` crate (`::rowkey` unless `#[rowkey(crate = "..")]`).
    pub krate: syn::Path,
    /// Total width in bytes, salt included.
    pub width: usize,
    pub salt: Option<Salt>,
    pub fields: Vec<Field<'a>>,
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
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SaltFormat {
    Binary,
    Digits(u8),
    Phoenix,
}

pub struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a syn::Type,
    pub codec: Codec,
    pub descending: bool,
    pub offset: usize,
    pub width: usize,
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

    /// The most decimal digits a value of this unsigned type has.
    pub fn max_digits(self) -> usize {
        match self {
            IntTy::U8 | IntTy::I8 => 3,
            IntTy::U16 | IntTy::I16 => 5,
            IntTy::U32 | IntTy::I32 => 10,
            IntTy::U64 | IntTy::I64 => 20,
            IntTy::U128 | IntTy::I128 => 39,
        }
    }
}

/// What a `fixed(N)` field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// `String`
    String,
    /// `Vec<u8>`
    Vec,
    /// `&str`, borrowed from the key on decode.
    Str,
    /// `&[u8]`, borrowed from the key on decode.
    Slice,
}

impl TextKind {
    pub fn is_str(self) -> bool {
        matches!(self, TextKind::String | TextKind::Str)
    }
}

/// How a field is written. Every variant is legal for its field's type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    /// Native-width big-endian integer (sign bit flipped for signed).
    Int(IntTy),
    /// `#[be_u16]` / `#[be_u32]` / `#[be_u64]` on an integer of type `from`.
    Narrow { to: IntTy, from: IntTy },
    /// `#[pad(N)]` on an unsigned integer.
    Pad { digits: usize },
    /// `#[fixed(N)]` on a string or bytes.
    Fixed { width: usize, kind: TextKind },
    Bool,
    /// `[u8; N]`
    ByteArray(usize),
}

impl Codec {
    /// The codec as its attribute reads, for the layout table.
    pub fn describe(self) -> String {
        match self {
            Codec::Int(t) => t.name().to_string(),
            Codec::Narrow { to, .. } => format!("be_{}", to.name()),
            Codec::Pad { digits } => format!("pad({digits})"),
            Codec::Fixed { width, .. } => format!("fixed({width})"),
            Codec::Bool => "bool".to_string(),
            Codec::ByteArray(n) => format!("[u8; {n}]"),
        }
    }
}
