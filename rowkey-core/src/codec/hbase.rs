//! Java's `org.apache.hadoop.hbase.util.Bytes.toBytes(...)`: the bytes most
//! HBase tables written from Java hold.
//!
//! | Java | Rust | bytes |
//! |---|---|---|
//! | `short`, `int`, `long` | `i16`, `i32`, `i64` | two's complement, big-endian |
//! | `float`, `double` | `f32`, `f64` | `floatToRawIntBits` / `doubleToRawLongBits`, big-endian |
//! | `boolean` | `bool` | `0xFF` for true, `0x00` for false |
//! | `String` | `str` | UTF-8, no terminator (so last in the key, or fixed width) |
//!
//! `Bytes.toBytes(-1)` is `FF FF FF FF`; `Bytes.toBytes(1.0f)` is `3F 80 00 00`.
//! Java has no unsigned types, so neither does this codec.
//!
//! These bytes do not sort as the numbers do: a negative integer's bytes sort
//! after every non-negative one's, and negative floats sort after positive
//! ones and among themselves in reverse. Order holds only between
//! non-negative values (integers `0..=MAX`; floats `+0.0..=+inf`), so
//! [`edge`] accepts only those as range bounds.
//!
//! Decoding is exact: every bit pattern is some integer or float (NaN payloads
//! are kept, as `floatToRawIntBits` keeps them), and a boolean byte other than
//! `0x00` or `0xFF` is an error, though Java's `Bytes.toBoolean` reads any
//! non-zero byte as true.

use crate::range::Edge;
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};
use rowkey_format::JavaType;

/// A Java primitive with a `W`-byte `Bytes.toBytes` form.
pub trait JavaBytes<const W: usize>: Copy {
    /// `Bytes.toBytes(self)`.
    fn to_java(self) -> [u8; W];
    /// `Bytes.toShort`, `toInt`, ... of those bytes; every `W`-byte array is a value.
    fn from_java(bytes: [u8; W]) -> Self;
    /// Whether this value's bytes sort in numeric order with the other such values.
    fn keeps_order(self) -> bool;
    /// The value of bytes read from a key: [`JavaBytes::from_java`], or
    /// what is wrong with bytes Java never writes (a `boolean` other than
    /// `0x00` or `0xFF`).
    #[inline(always)]
    fn read(bytes: [u8; W]) -> Result<Self, DecodeErrorKind> {
        Ok(Self::from_java(bytes))
    }
}

impl JavaBytes<1> for bool {
    #[inline(always)]
    fn to_java(self) -> [u8; 1] {
        [if self { 0xFF } else { 0x00 }]
    }
    #[inline(always)]
    fn from_java(bytes: [u8; 1]) -> Self {
        bytes[0] != 0
    }
    #[inline]
    fn keeps_order(self) -> bool {
        true
    }
    #[inline]
    fn read(bytes: [u8; 1]) -> Result<Self, DecodeErrorKind> {
        match bytes[0] {
            0x00 => Ok(false),
            0xFF => Ok(true),
            found => Err(DecodeErrorKind::InvalidByte {
                found,
                expected: "0x00 (false) or 0xFF (true)",
            }),
        }
    }
}

macro_rules! java_int {
    ($($t:ty),*) => {$(
        impl JavaBytes<{ core::mem::size_of::<$t>() }> for $t {
            #[inline(always)]
            fn to_java(self) -> [u8; core::mem::size_of::<$t>()] { self.to_be_bytes() }
            #[inline(always)]
            fn from_java(bytes: [u8; core::mem::size_of::<$t>()]) -> Self { <$t>::from_be_bytes(bytes) }
            #[inline]
            fn keeps_order(self) -> bool { self >= 0 }
        }
    )*};
}

macro_rules! java_float {
    ($($t:ty => $u:ty),*) => {$(
        impl JavaBytes<{ core::mem::size_of::<$t>() }> for $t {
            #[inline(always)]
            fn to_java(self) -> [u8; core::mem::size_of::<$t>()] { self.to_bits().to_be_bytes() }
            #[inline(always)]
            fn from_java(bytes: [u8; core::mem::size_of::<$t>()]) -> Self {
                <$t>::from_bits(<$u>::from_be_bytes(bytes))
            }
            // +0.0 up to +inf: the sign bit clear and not a NaN.
            #[inline]
            fn keeps_order(self) -> bool { self.is_sign_positive() && !self.is_nan() }
        }
    )*};
}

java_int!(i16, i32, i64);
java_float!(f32 => u32, f64 => u64);

/// Writes `v` as `Bytes.toBytes(v)`.
#[inline(always)]
pub fn encode<T: JavaBytes<W>, const W: usize>(v: T, out: &mut [u8; W]) {
    *out = v.to_java();
}

/// Reads a value `Bytes.toBytes` wrote; every byte pattern is a value.
#[inline(always)]
pub fn decode<T: JavaBytes<W>, const W: usize>(bytes: &[u8; W]) -> T {
    T::from_java(*bytes)
}

/// Writes `v` as `Bytes.toBytes(v)`: what derived code calls for a field
/// (Java's bytes have no descending form).
///
/// # Errors
/// None: the `Result` is every codec's.
#[inline(always)]
pub fn put<T: JavaBytes<W>, const W: usize>(
    v: T,
    out: &mut [u8; W],
    _descending: bool,
    _field: &'static str,
) -> Result<(), EncodeError> {
    *out = v.to_java();
    Ok(())
}

/// Reads a field `Bytes.toBytes` wrote: what derived code calls.
///
/// # Errors
/// [`DecodeErrorKind::InvalidByte`] for a `boolean` other than `0x00` and `0xFF`.
#[inline(always)]
pub fn get<T: JavaBytes<W>, const W: usize>(
    bytes: &[u8; W],
    _descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    T::read(*bytes).map_err(|kind| DecodeError::new(field, offset, kind))
}

/// The bytes of a range bound.
///
/// # Errors
/// [`EncodeErrorKind::Unordered`] for a negative number (or NaN), whose bytes
/// do not sort with the others.
#[inline]
pub fn edge<T: JavaBytes<W>, const W: usize>(
    v: T,
    field: &'static str,
) -> Result<Edge<W>, EncodeError> {
    if v.keeps_order() {
        Ok(Edge::Bytes(v.to_java()))
    } else {
        Err(EncodeError::new(field, EncodeErrorKind::Unordered))
    }
}

/// `Bytes.toBytes(boolean)`: `0xFF` for true, `0x00` for false.
#[inline(always)]
pub fn encode_bool(v: bool, out: &mut [u8; 1]) {
    out[0] = if v { 0xFF } else { 0x00 };
}

/// Reads a Java boolean.
///
/// # Errors
/// [`DecodeErrorKind::InvalidByte`] for a byte other than `0x00` and `0xFF`.
#[inline]
pub fn decode_bool(
    bytes: &[u8; 1],
    field: &'static str,
    offset: usize,
) -> Result<bool, DecodeError> {
    match bytes[0] {
        0x00 => Ok(false),
        0xFF => Ok(true),
        found => Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::InvalidByte {
                found,
                expected: "0x00 (false) or 0xFF (true)",
            },
        )),
    }
}

/// Where a value's bytes end in the key: a Java type's fixed width.
pub(crate) const fn extent(t: JavaType) -> super::Extent {
    super::Extent::Fixed(t.width())
}

/// Feeds the `#[java]` codec's fingerprint bytes.
pub(crate) const fn fingerprint(t: JavaType, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
    h.byte(0x0E).byte(t as u8)
}

/// The codec of a schema's `{"kind": "java", "type": "int"}`.
#[cfg(feature = "schema")]
pub(crate) fn from_json(
    c: &crate::json::Fields<'_, '_>,
) -> Result<JavaType, alloc::string::String> {
    let t = c.str("type")?;
    JavaType::from_name(t).ok_or_else(|| alloc::format!("`{t}` is no Java type"))
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::boolean::Bool;
    use super::super::float::Float;
    use super::super::int::IntType;
    use super::super::prelude::*;
    use super::{decode_bool, JavaType};

    /// The native codec whose values a Java type takes (`int` takes an `i32`).
    fn native(t: JavaType) -> Result<IntType, Float> {
        let int = |bytes| {
            Ok(IntType {
                bytes,
                signed: true,
            })
        };
        match t {
            JavaType::Short => int(2),
            JavaType::Int => int(4),
            JavaType::Long => int(8),
            JavaType::Float => Err(Float { bytes: 4 }),
            // `boolean` is read apart; its text is `bool`'s.
            JavaType::Double | JavaType::Boolean => Err(Float { bytes: 8 }),
        }
    }

    impl<'a> Codec<'a> for JavaType {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let b = r.take_n(JavaType::width(*self)).map_err(|e| f.error(e))?;
            let bits = b.iter().fold(0u64, |n, &b| n << 8 | u64::from(b));
            Ok(match (self, native(*self)) {
                (JavaType::Boolean, _) => {
                    Value::Bool(decode_bool(&[b[0]], "", at).map_err(|e| f.error(e))?)
                }
                (JavaType::Float, _) => Value::F32(f32::from_bits(bits as u32)),
                (JavaType::Double, _) => Value::F64(f64::from_bits(bits)),
                (_, Ok(t)) => {
                    let shift = 64 - 8 * t.bytes as u32;
                    Value::Int(Number::Signed((((bits << shift) as i64) >> shift).into()))
                }
                (_, Err(_)) => {
                    return Err(f.error(DecodeError::new("", at, DecodeErrorKind::NonCanonical)))
                }
            })
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let w = JavaType::width(*self);
            let bits: u64 = match (self, value) {
                (JavaType::Boolean, Value::Bool(v)) => {
                    if *v {
                        0xFF
                    } else {
                        0
                    }
                }
                (JavaType::Float, Value::F32(v)) => v.to_bits().into(),
                (JavaType::Double, Value::F64(v)) => v.to_bits(),
                (JavaType::Short | JavaType::Int | JavaType::Long, Value::Int(n)) => {
                    let t = native(*self).map_err(|_| f.mismatch(self.name()))?;
                    let i: i64 = t
                        .of(*n)
                        .and_then(|n| n.to())
                        .ok_or_else(|| f.mismatch(self.name()))?;
                    i as u64
                }
                _ => return Err(f.mismatch(self.name())),
            };
            out.extend_from_slice(&bits.to_be_bytes()[8 - w..]);
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            match (self, native(*self)) {
                (JavaType::Boolean, _) => Bool::parse(text, f.name).map(Value::Bool),
                (_, Ok(t)) => t.parse(text, f.name).map(Value::Int),
                (_, Err(float)) => float.parse(text, f.name),
            }
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "java")
                .str("type", self.name())
                .end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden() {
        assert_eq!((-1i32).to_java(), [0xFF; 4]);
        assert_eq!(1.0f32.to_java(), [0x3F, 0x80, 0, 0]);
        assert_eq!(258i16.to_java(), [1, 2]);
        let mut b = [0];
        encode_bool(true, &mut b);
        assert_eq!(b, [0xFF]);
        assert_eq!(decode_bool(&[0x00], "f", 0), Ok(false));
        assert!(decode_bool(&[0x01], "f", 0).is_err());
    }

    #[test]
    fn order_holds_only_for_non_negative_bounds() {
        assert!(edge(5i64, "f").is_ok());
        assert!(edge(0.0f64, "f").is_ok());
        assert!(edge(f64::INFINITY, "f").is_ok());
        let e = edge(-1i32, "f").unwrap_err();
        assert_eq!(e.kind(), EncodeErrorKind::Unordered);
        assert!(edge(-0.0f32, "f").is_err());
        assert!(edge(f32::NAN, "f").is_err());
    }
}
