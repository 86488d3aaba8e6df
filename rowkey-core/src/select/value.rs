//! A field's Rust value as the codecs' common [`Value`], so a typed select
//! is written by the same code as a select given as text: each value by
//! its codec's [`write`](crate::codec::Codec::write), each range by its
//! [`range`](crate::codec::Codec::range). Generated code then holds one
//! call per field, and a key's select costs its crate almost nothing to
//! compile.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::codec::phoenix::{Date, Timestamp};
use crate::value::{FieldValue, Value};
use crate::{EncodeError, Number, RowKey};

/// A field's Rust type as the value its codec writes: numbers, `bool`,
/// strings and bytes (borrowed, owned, `Cow`, `[u8; N]`), `Option`s of these,
/// Phoenix's `Date` and `Timestamp`, and nested keys (any [`RowKey`]).
pub trait IntoValue {
    /// The value.
    ///
    /// # Errors
    /// A nested key that does not encode.
    fn into_value(self) -> Result<Value<'static>, EncodeError>;
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl IntoValue for $t {
            fn into_value(self) -> Result<Value<'static>, EncodeError> {
                Ok(Value::Int(Number::Unsigned(self.into())))
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, u128);

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl IntoValue for $t {
            fn into_value(self) -> Result<Value<'static>, EncodeError> {
                Ok(Value::Int(Number::Signed(self.into())))
            }
        }
    )*};
}
signed!(i8, i16, i32, i64, i128);

impl IntoValue for f32 {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::F32(self))
    }
}

impl IntoValue for f64 {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::F64(self))
    }
}

impl IntoValue for bool {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Bool(self))
    }
}

impl IntoValue for &str {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Text(String::from(self)))
    }
}

impl IntoValue for &[u8] {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Bytes(self.to_vec()))
    }
}

impl IntoValue for String {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Text(self))
    }
}

impl IntoValue for Vec<u8> {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Bytes(self))
    }
}

impl IntoValue for Cow<'_, str> {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Text(self.into_owned()))
    }
}

impl IntoValue for Cow<'_, [u8]> {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Bytes(self.into_owned()))
    }
}

impl<const N: usize> IntoValue for [u8; N] {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Bytes(self.to_vec()))
    }
}

impl<T: IntoValue> IntoValue for Option<T> {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(match self {
            None => Value::None,
            Some(v) => Value::Some(Box::new(v.into_value()?)),
        })
    }
}

impl IntoValue for Date {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Int(Number::Signed(self.millis.into())))
    }
}

impl IntoValue for Timestamp {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        Ok(Value::Key(alloc::vec![
            FieldValue {
                name: "millis",
                value: Value::Int(Number::Signed(self.millis.into())),
            },
            FieldValue {
                name: "nanos",
                value: Value::Int(Number::Unsigned(self.nanos.into())),
            },
        ]))
    }
}

/// A nested key: its fields, read back from its bytes by its layout.
impl<K: RowKey> IntoValue for K {
    fn into_value(self) -> Result<Value<'static>, EncodeError> {
        let bytes = self.encode()?;
        // Bytes the key's own `encode` wrote decode by its layout.
        let fields: Vec<FieldValue<'static>> =
            crate::dynamic::decode(&K::LAYOUT, bytes.as_ref()).unwrap_or_default();
        Ok(Value::Key(fields))
    }
}
