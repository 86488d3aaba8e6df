//! Reading and writing the Java formats (`#[java]`, `#[ordered]`) by layout:
//! they hold the values of native codecs, in other bytes.

use super::Value;
use crate::codec::hbase::{self, JavaBytes};
use crate::codec::int::ToNumber;
use crate::codec::ordered::{self, OrderedFixed};
use crate::{DecodeError, FieldCodec, IntType, JavaType, Number};

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
