//! Reading and writing the Java formats (`#[java]`, `#[ordered]`) by layout:
//! they hold the values of native codecs, in other bytes. `#[ordered]`
//! strings, bytes and `Option`s are read through the cursor, as derived keys
//! read them.

use alloc::boxed::Box;

use super::Value;
use crate::codec::hbase::{self, JavaBytes};
use crate::codec::int::ToNumber;
use crate::codec::ordered::{self, OrderedFixed};
use crate::codec::ordered_field::{self, VarType, VarValue};
use crate::codec::FieldBytes;
use crate::cursor::Reader;
use crate::{
    DecodeError, DecodeErrorKind, FieldCodec, IntType, JavaType, Number, Segment, TextType,
};

/// The native codec whose values a Java codec takes: `#[java] i32` takes an
/// `i32` as `int` does. Other codecs are their own.
pub(super) fn shape(kind: FieldCodec) -> FieldCodec {
    let int = |bytes| {
        FieldCodec::Int(IntType {
            bytes,
            signed: true,
        })
    };
    match kind {
        FieldCodec::Java(JavaType::Short) => int(2),
        FieldCodec::Java(JavaType::Int) => int(4),
        FieldCodec::Java(JavaType::Long) => int(8),
        FieldCodec::Java(JavaType::Float) => FieldCodec::Float { bytes: 4 },
        FieldCodec::Java(JavaType::Double) => FieldCodec::Float { bytes: 8 },
        FieldCodec::Java(JavaType::Boolean) => FieldCodec::Bool,
        FieldCodec::Ordered { header } => match ordered_type(header) {
            Some(OrderedType::Int(bytes)) => int(bytes),
            Some(OrderedType::Float(bytes)) => FieldCodec::Float { bytes },
            None => kind,
        },
        other => other,
    }
}

enum OrderedType {
    Int(u8),
    Float(u8),
}

fn ordered_type(header: u8) -> Option<OrderedType> {
    Some(match header {
        h if h == <i8 as OrderedFixed<2>>::HEADER => OrderedType::Int(1),
        h if h == <i16 as OrderedFixed<3>>::HEADER => OrderedType::Int(2),
        h if h == <i32 as OrderedFixed<5>>::HEADER => OrderedType::Int(4),
        h if h == <i64 as OrderedFixed<9>>::HEADER => OrderedType::Int(8),
        h if h == <f32 as OrderedFixed<5>>::HEADER => OrderedType::Float(4),
        h if h == <f64 as OrderedFixed<9>>::HEADER => OrderedType::Float(8),
        _ => return None,
    })
}

fn java<T: JavaBytes<W>, const W: usize>(b: &[u8]) -> Option<T> {
    Some(hbase::decode(b.try_into().ok()?))
}

fn ord<T: OrderedFixed<N>, const N: usize>(
    b: &[u8],
    desc: bool,
    name: &'static str,
    offset: usize,
) -> Option<Result<T, DecodeError>> {
    Some(ordered::decode(b.try_into().ok()?, desc, name, offset))
}

fn number<T: ToNumber>(r: Option<Result<T, DecodeError>>) -> Option<Result<Value, DecodeError>> {
    r.map(|r| r.map(|v| Value::Int(v.to_number())))
}

/// The value of a Java codec's bytes; `None` for another codec, or bytes of
/// another width.
pub(super) fn read(
    kind: FieldCodec,
    b: &[u8],
    desc: bool,
    name: &'static str,
    offset: usize,
) -> Option<Result<Value, DecodeError>> {
    let int = |n: Number| Some(Ok(Value::Int(n)));
    match kind {
        FieldCodec::Java(JavaType::Short) => int(java::<i16, 2>(b)?.to_number()),
        FieldCodec::Java(JavaType::Int) => int(java::<i32, 4>(b)?.to_number()),
        FieldCodec::Java(JavaType::Long) => int(java::<i64, 8>(b)?.to_number()),
        FieldCodec::Java(JavaType::Float) => Some(Ok(Value::F32(java::<f32, 4>(b)?))),
        FieldCodec::Java(JavaType::Double) => Some(Ok(Value::F64(java::<f64, 8>(b)?))),
        FieldCodec::Java(JavaType::Boolean) => {
            Some(hbase::decode_bool(b.try_into().ok()?, name, offset).map(Value::Bool))
        }
        FieldCodec::Ordered { header } => match ordered_type(header)? {
            OrderedType::Int(1) => number(ord::<i8, 2>(b, desc, name, offset)),
            OrderedType::Int(2) => number(ord::<i16, 3>(b, desc, name, offset)),
            OrderedType::Int(4) => number(ord::<i32, 5>(b, desc, name, offset)),
            OrderedType::Int(_) => number(ord::<i64, 9>(b, desc, name, offset)),
            OrderedType::Float(4) => {
                ord::<f32, 5>(b, desc, name, offset).map(|r| r.map(Value::F32))
            }
            OrderedType::Float(_) => {
                ord::<f64, 9>(b, desc, name, offset).map(|r| r.map(Value::F64))
            }
        },
        _ => None,
    }
}

fn put_java<T: JavaBytes<W>, const W: usize>(v: Option<T>, out: &mut [u8]) -> Option<()> {
    hbase::encode(v?, out.try_into().ok()?);
    Some(())
}

fn put_ord<T: OrderedFixed<N>, const N: usize>(
    v: Option<T>,
    out: &mut [u8],
    desc: bool,
) -> Option<()> {
    ordered::encode(v?, out.try_into().ok()?, desc);
    Some(())
}

fn int_as<T: TryFrom<i128>>(v: &Value) -> Option<T> {
    match v {
        Value::Int(Number::Signed(n)) => T::try_from(*n).ok(),
        Value::Int(Number::Unsigned(n)) => T::try_from(i128::try_from(*n).ok()?).ok(),
        _ => None,
    }
}

/// Writes a Java codec's bytes; `None` for another codec, a value of another
/// type, or an output of another width.
pub(super) fn write(kind: FieldCodec, v: &Value, out: &mut [u8], desc: bool) -> Option<()> {
    let f32_of = |v: &Value| {
        if let Value::F32(f) = v {
            Some(*f)
        } else {
            None
        }
    };
    let f64_of = |v: &Value| {
        if let Value::F64(f) = v {
            Some(*f)
        } else {
            None
        }
    };
    match kind {
        FieldCodec::Java(JavaType::Short) => put_java::<i16, 2>(int_as(v), out),
        FieldCodec::Java(JavaType::Int) => put_java::<i32, 4>(int_as(v), out),
        FieldCodec::Java(JavaType::Long) => put_java::<i64, 8>(int_as(v), out),
        FieldCodec::Java(JavaType::Float) => put_java::<f32, 4>(f32_of(v), out),
        FieldCodec::Java(JavaType::Double) => put_java::<f64, 8>(f64_of(v), out),
        FieldCodec::Java(JavaType::Boolean) => {
            let Value::Bool(b) = v else { return None };
            hbase::encode_bool(*b, out.try_into().ok()?);
            Some(())
        }
        FieldCodec::Ordered { header } => match ordered_type(header)? {
            OrderedType::Int(1) => put_ord::<i8, 2>(int_as(v), out, desc),
            OrderedType::Int(2) => put_ord::<i16, 3>(int_as(v), out, desc),
            OrderedType::Int(4) => put_ord::<i32, 5>(int_as(v), out, desc),
            OrderedType::Int(_) => put_ord::<i64, 9>(int_as(v), out, desc),
            OrderedType::Float(4) => put_ord::<f32, 5>(f32_of(v), out, desc),
            OrderedType::Float(_) => put_ord::<f64, 9>(f64_of(v), out, desc),
        },
        _ => None,
    }
}

/// An `#[ordered]` string, bytes or `Option` ([`FieldCodec::OrderedVar`],
/// [`FieldCodec::OrderedNull`]) read at the cursor: `Value::None` for a null
/// in an `Option`, an error for one elsewhere.
///
/// # Errors
/// What [`ordered_field::read_var`] and [`ordered_field::read_number`] return.
pub(super) fn read_ordered(seg: &Segment, r: &mut Reader<'_>) -> Result<Value, DecodeError> {
    let (desc, name, at) = (seg.reverse, seg.name, r.position());
    let (kind, nullable) = match seg.kind {
        FieldCodec::OrderedNull { value, .. } => (*value, true),
        kind => (kind, false),
    };
    let (header, value) = match kind {
        FieldCodec::OrderedVar { header, text } => {
            let ty = VarType::from_header(header).ok_or_else(|| foreign(r, header, desc, name))?;
            let v = ordered_field::read_var(r, ty, desc, name)?;
            (header, v.map(|v| var_value(&v, text)).transpose()?)
        }
        FieldCodec::Ordered { header } => (header, read_number(r, header, desc, name)?),
        _ => return Err(foreign(r, 0, desc, name)),
    };
    match (value, nullable) {
        (Some(v), true) => Ok(Value::Some(Box::new(v))),
        (None, true) => Ok(Value::None),
        (v, false) => ordered_field::required(v, header, desc, name, at),
    }
}

/// A header no `OrderedBytes` type of the layout has (a hand-made schema's).
fn foreign(r: &Reader<'_>, header: u8, desc: bool, name: &'static str) -> DecodeError {
    let x = if desc { 0xFF } else { 0 };
    let found = r.peek().unwrap_or(0);
    let kind = DecodeErrorKind::BadHeader {
        expected: header ^ x,
        found,
    };
    DecodeError::new(name, r.position(), kind)
}

/// A value read as the field's type reads it: a borrowed type cannot hold a
/// value whose bytes are not its own.
fn var_value(v: &VarValue<'_>, text: TextType) -> Result<Value, DecodeError> {
    match (text.utf8, text.borrowed) {
        (true, true) => v.borrowed_str().map(|s| Value::Text(s.into())),
        (true, false) => v.to_owned_string().map(Value::Text),
        (false, true) => v.borrowed().map(|b| Value::Bytes(b.to_vec())),
        (false, false) => Ok(Value::Bytes(v.to_vec())),
    }
}

/// An optional number at the cursor: `None` for a null.
fn read_number(
    r: &mut Reader<'_>,
    header: u8,
    desc: bool,
    name: &'static str,
) -> Result<Option<Value>, DecodeError> {
    use ordered_field::read_number as read;
    let int = |v: Option<Number>| v.map(Value::Int);
    Ok(match ordered_type(header) {
        Some(OrderedType::Int(1)) => int(read::<i8, 2>(r, desc, name)?.map(|v| v.to_number())),
        Some(OrderedType::Int(2)) => int(read::<i16, 3>(r, desc, name)?.map(|v| v.to_number())),
        Some(OrderedType::Int(4)) => int(read::<i32, 5>(r, desc, name)?.map(|v| v.to_number())),
        Some(OrderedType::Int(_)) => int(read::<i64, 9>(r, desc, name)?.map(|v| v.to_number())),
        Some(OrderedType::Float(4)) => read::<f32, 5>(r, desc, name)?.map(Value::F32),
        Some(OrderedType::Float(_)) => read::<f64, 9>(r, desc, name)?.map(Value::F64),
        None => return Err(foreign(r, header, desc, name)),
    })
}
