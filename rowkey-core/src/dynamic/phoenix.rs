//! Reading Phoenix primary keys (`#[rowkey(phoenix)]`) by layout, with the
//! functions derived code calls. A `VARCHAR` runs to its separator or the
//! key's end, so the columns Phoenix leaves out at the end read as nulls
//! (empty), as they do through `T::decode`.

use alloc::vec;

use super::{FieldValue, Reading, Value};
use crate::codec::{int, phoenix};
use crate::cursor::Reader;
use crate::{DecodeError, DecodeErrorKind, FieldCodec, Layout, Number, PhoenixType, Segment};

/// A `VARCHAR` at `pos`: its value, and where the next column starts.
pub(super) fn read_varchar(seg: &Segment, bytes: &[u8], pos: usize) -> (Reading, usize) {
    let mut r = Reader::new(bytes);
    r.skip(pos);
    match phoenix::decode_varchar(&mut r, seg.reverse, seg.name) {
        Ok(v) => match v.to_owned_string() {
            Ok(s) => (Reading::Value(Value::Text(s)), r.position()),
            Err(e) => (Reading::Error(e), r.position()),
        },
        Err(e) => (Reading::Error(e), bytes.len()),
    }
}

/// A fixed-width column from exactly its bytes (`None`: not `W` of them).
pub(super) fn read_value(
    t: PhoenixType,
    seg: &Segment,
    b: &[u8],
    offset: usize,
) -> Option<Result<Value, DecodeError>> {
    let (desc, name) = (seg.reverse, seg.name);
    Some(match t {
        PhoenixType::Tinyint => Ok(signed::<i8, 1>(b, desc)?),
        PhoenixType::Smallint => Ok(signed::<i16, 2>(b, desc)?),
        PhoenixType::Integer => Ok(signed::<i32, 4>(b, desc)?),
        PhoenixType::Bigint => Ok(signed::<i64, 8>(b, desc)?),
        PhoenixType::Double => {
            phoenix::decode_double(b.try_into().ok()?, desc, name, offset).map(Value::F64)
        }
        PhoenixType::Boolean => {
            phoenix::decode_boolean(b.try_into().ok()?, desc, name, offset).map(Value::Bool)
        }
        PhoenixType::Date => {
            let d = phoenix::decode_date(b.try_into().ok()?, desc);
            Ok(Value::Int(Number::Signed(d.millis.into())))
        }
        PhoenixType::Timestamp => phoenix::decode_timestamp(b.try_into().ok()?, desc, name, offset)
            .map(|t| {
                Value::Key(vec![
                    FieldValue {
                        name: "millis",
                        value: Value::Int(Number::Signed(t.millis.into())),
                    },
                    FieldValue {
                        name: "nanos",
                        value: Value::Int(Number::Unsigned(t.nanos.into())),
                    },
                ])
            }),
        PhoenixType::Char(_) => char_value(b, desc, name, offset),
        // Read through the cursor by `read_varchar`.
        PhoenixType::Varchar => return None,
    })
}

fn signed<T: int::KeyInt<W> + int::ToNumber, const W: usize>(
    b: &[u8],
    desc: bool,
) -> Option<Value> {
    let a: &[u8; W] = b.try_into().ok()?;
    let v: T = if desc {
        int::decode_desc(a)
    } else {
        int::decode(a)
    };
    Some(Value::Int(v.to_number()))
}

fn char_value(
    b: &[u8],
    desc: bool,
    name: &'static str,
    offset: usize,
) -> Result<Value, DecodeError> {
    phoenix::decode_char_column_slice(b, desc, name, offset)?
        .to_owned_string()
        .map(Value::Text)
}

/// Whether the layout is a Phoenix key with a `VARCHAR`, read through a cursor.
fn variable_phoenix(layout: &Layout) -> bool {
    layout.variable
        && layout
            .segments
            .iter()
            .any(|s| matches!(s.kind, FieldCodec::Phoenix(_)))
}

/// As derived decode: a Phoenix key with a `VARCHAR` holds some column
/// after its salt (`sw`: the salt's width).
pub(super) fn check_not_empty(layout: &Layout, bytes: &[u8], sw: usize) -> Result<(), DecodeError> {
    if variable_phoenix(layout) && bytes.len() == sw {
        return Err(DecodeError::new(
            layout.name,
            sw,
            DecodeErrorKind::NonCanonical,
        ));
    }
    Ok(())
}
