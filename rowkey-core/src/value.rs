//! A field's value, read from a key without its Rust type.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::Number;

/// A decoded field value.
///
/// `Display` writes it for reading: numbers in decimal, text quoted, bytes
/// as `0x` hex, a nested key as `{field: value, ..}`; [`Value::to_input`]
/// writes it as [`parse_value`](crate::dynamic::parse_value) reads it back.
#[derive(Debug, Clone)]
pub enum Value<'a> {
    /// An integer (native, `be_uN` or `pad` codec).
    Int(Number),
    /// An `f32`, bit for bit.
    F32(f32),
    /// An `f64`, bit for bit.
    F64(f64),
    /// A `bool`.
    Bool(bool),
    /// A string field.
    Text(String),
    /// A bytes field (`[u8; N]`, `Vec<u8>`, `&[u8]`), or an MD5 digest.
    Bytes(Vec<u8>),
    /// A `#[tag]` field, whose bytes matched.
    Unit,
    /// An `Option` field's `None`.
    None,
    /// An `Option` field's `Some`.
    Some(Box<Value<'a>>),
    /// A nested key's fields.
    Key(Vec<FieldValue<'a>>),
}

/// One field of a decoded key: its name and value.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldValue<'a> {
    /// The field's name.
    pub name: &'a str,
    /// Its value.
    pub value: Value<'a>,
}

/// Floats compare by their bits, so a NaN equals itself and `-0.0` differs from `0.0`:
/// two values are equal when they came from the same bytes.
impl PartialEq for Value<'_> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::F32(a), Value::F32(b)) => a.to_bits() == b.to_bits(),
            (Value::F64(a), Value::F64(b)) => a.to_bits() == b.to_bits(),
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Text(a), Value::Text(b)) => a == b,
            (Value::Bytes(a), Value::Bytes(b)) => a == b,
            (Value::Unit, Value::Unit) | (Value::None, Value::None) => true,
            (Value::Some(a), Value::Some(b)) => a == b,
            (Value::Key(a), Value::Key(b)) => a == b,
            _ => false,
        }
    }
}

impl Value<'_> {
    /// The text [`parse_value`](crate::dynamic::parse_value) reads back as this value:
    /// text unquoted, a NaN as its IEEE bits in `0x` hex (so its payload
    /// survives), `Some(v)` as `v`. A nested key's fields are given one by
    /// one (`field.inner=value`); here they read as `Display` writes them.
    pub fn to_input(&self) -> String {
        match self {
            Value::Text(s) => s.clone(),
            Value::F32(v) if v.is_nan() => alloc::format!("0x{:08x}", v.to_bits()),
            Value::F64(v) if v.is_nan() => alloc::format!("0x{:016x}", v.to_bits()),
            Value::Some(v) => v.to_input(),
            other => alloc::string::ToString::to_string(other),
        }
    }
}

impl fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::F32(v) => write!(f, "{v:?}"),
            Value::F64(v) => write!(f, "{v:?}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(s) => write!(f, "{s:?}"),
            Value::Bytes(b) => {
                f.write_str("0x")?;
                b.iter().try_for_each(|b| write!(f, "{b:02x}"))
            }
            Value::Unit => f.write_str("()"),
            Value::None => f.write_str("None"),
            Value::Some(v) => write!(f, "Some({v})"),
            Value::Key(fields) => {
                f.write_str("{")?;
                for (i, fv) in fields.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{}: {}", fv.name, fv.value)?;
                }
                f.write_str("}")
            }
        }
    }
}

/// A value or field name that does not fit the layout: one line that says
/// which field and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for InputError {}

impl From<crate::EncodeError> for InputError {
    fn from(e: crate::EncodeError) -> Self {
        InputError(alloc::string::ToString::to_string(&e))
    }
}

impl Value<'_> {
    /// A string or bytes value's bytes; empty for other values.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Value::Text(s) => s.as_bytes(),
            Value::Bytes(b) => b,
            _ => &[],
        }
    }

    /// An integer value's number.
    pub fn int_number(&self) -> Option<crate::Number> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// An integer value as `T`, when it is one and `T` holds it.
    pub fn int<T: TryFrom<u128> + TryFrom<i128>>(&self) -> Option<T> {
        match self {
            Value::Int(n) => n.to::<T>(),
            _ => None,
        }
    }
}
