//! The parameters of codecs as the derive holds them: Rust types and
//! the forms a codec takes (`OrderedBytes` types, Phoenix columns).

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

    pub fn name(self) -> &'static str {
        match self {
            OrderedTy::Int(t) => t.name(),
            OrderedTy::Float(t) => t.name(),
        }
    }
}
