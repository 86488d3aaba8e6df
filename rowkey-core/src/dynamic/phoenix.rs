//! Reading Phoenix primary keys (`#[rowkey(phoenix)]`) by layout, with the
//! functions derived code calls. A `VARCHAR` runs to its separator or the
//! key's end, so the columns Phoenix leaves out at the end read as nulls
//! (empty), as they do through `T::decode`.

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use super::{FieldValue, InputError, Reading, Value};
use crate::codec::int;
use crate::codec::phoenix::{self, Date};
use crate::codec::FieldBytes;
use crate::cursor::{Reader, Writer};
use crate::{
    DecodeError, DecodeErrorKind, EncodeError, FieldCodec, IntType, Layout, Number, PhoenixType,
    Segment, TextType,
};

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
pub(super) fn variable_phoenix(layout: &Layout) -> bool {
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

/// The native codec whose text a column takes (`None`: a `TIMESTAMP`,
/// written `MILLIS:NANOS`).
pub(super) fn shape(t: PhoenixType) -> Option<FieldCodec> {
    let int = |bytes| {
        FieldCodec::Int(IntType {
            bytes,
            signed: true,
        })
    };
    Some(match t {
        PhoenixType::Tinyint => int(1),
        PhoenixType::Smallint => int(2),
        PhoenixType::Integer => int(4),
        PhoenixType::Bigint | PhoenixType::Date => int(8),
        PhoenixType::Double => FieldCodec::Float { bytes: 8 },
        PhoenixType::Boolean => FieldCodec::Bool,
        PhoenixType::Char(_) | PhoenixType::Varchar => FieldCodec::Rest(TextType {
            utf8: true,
            borrowed: false,
        }),
        PhoenixType::Timestamp => return None,
    })
}

/// A `TIMESTAMP` from `MILLIS:NANOS`, `MILLIS`, or `{millis: M, nanos: N}`
/// as `explain` shows it.
pub(super) fn parse_timestamp(text: &str, name: &str) -> Result<Value, InputError> {
    let t = text.trim();
    let (millis, nanos) = match t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        Some(inner) => {
            let part = |key: &str| {
                inner.split(',').find_map(|p| {
                    let (k, v) = p.split_once(':')?;
                    (k.trim() == key).then_some(v)
                })
            };
            (part("millis").unwrap_or(""), part("nanos").unwrap_or(""))
        }
        None => t.split_once(':').unwrap_or((t, "0")),
    };
    match (millis.trim().parse::<i64>(), nanos.trim().parse::<u32>()) {
        (Ok(m), Ok(n)) => Ok(Value::Key(vec![
            FieldValue {
                name: "millis",
                value: Value::Int(Number::Signed(m.into())),
            },
            FieldValue {
                name: "nanos",
                value: Value::Int(Number::Unsigned(n.into())),
            },
        ])),
        _ => Err(InputError(format!(
            "field `{name}`: `{text}` is not a TIMESTAMP (MILLIS:NANOS, as 1700000000123:456789)"
        ))),
    }
}

fn number<T: TryFrom<i128> + TryFrom<u128>>(v: &Value) -> Option<T> {
    match v {
        Value::Int(Number::Signed(n)) => T::try_from(*n).ok(),
        Value::Int(Number::Unsigned(n)) => T::try_from(*n).ok(),
        _ => None,
    }
}

fn put<T: int::KeyInt<W>, const W: usize>(v: T, out: &mut [u8], desc: bool) -> Option<()> {
    let a: &mut [u8; W] = out.try_into().ok()?;
    if desc {
        int::encode_desc(v, a)
    } else {
        int::encode(v, a)
    }
    Some(())
}

/// Writes a fixed-width column's bytes into `out` (`None`: the value is of
/// another type, or `out` not the column's width).
pub(super) fn write(
    t: PhoenixType,
    v: &Value,
    out: &mut [u8],
    desc: bool,
    name: &'static str,
) -> Option<Result<(), EncodeError>> {
    Some(match (t, v) {
        (PhoenixType::Tinyint, _) => Ok(put::<i8, 1>(number(v)?, out, desc)?),
        (PhoenixType::Smallint, _) => Ok(put::<i16, 2>(number(v)?, out, desc)?),
        (PhoenixType::Integer, _) => Ok(put::<i32, 4>(number(v)?, out, desc)?),
        (PhoenixType::Bigint, _) => Ok(put::<i64, 8>(number(v)?, out, desc)?),
        (PhoenixType::Date, _) => {
            let millis = number(v)?;
            phoenix::encode_date(Date { millis }, out.try_into().ok()?, desc);
            Ok(())
        }
        (PhoenixType::Double, Value::F64(d)) => {
            phoenix::encode_double_exact(*d, out.try_into().ok()?, desc, name)
        }
        (PhoenixType::Boolean, Value::Bool(b)) => {
            phoenix::encode_boolean(*b, out.try_into().ok()?, desc);
            Ok(())
        }
        (PhoenixType::Timestamp, Value::Key(f)) => {
            let (millis, nanos) = (number(&f.first()?.value)?, number(&f.get(1)?.value)?);
            let ts = phoenix::Timestamp { millis, nanos };
            phoenix::encode_timestamp(ts, out.try_into().ok()?, desc, name)
        }
        (PhoenixType::Char(_), Value::Text(s)) => {
            phoenix::encode_char_column_slice(s, out, desc, name)
        }
        _ => return None,
    })
}

/// How [`write_fields`] ends a key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    /// A whole key, as `encode` writes it: trailing nulls left out, the
    /// bucket written, a key of nulls only refused. Missing fields are null.
    Key,
    /// As `Key`, for the shortest key a scan's values make: nulls allowed.
    Shortest,
    /// Every `VARCHAR` with its separator: the bytes every longer key with
    /// these values starts with. No bucket.
    Open,
}

/// The first `n` columns' bytes from `field=value` text, after the salt.
pub(super) fn write_fields(
    layout: &Layout,
    values: &[(&str, &str)],
    n: usize,
    ending: Ending,
) -> Result<Vec<u8>, InputError> {
    let sw = layout.salt.map_or(0, |s| s.salt.width());
    let segs: Vec<&Segment> = layout
        .segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt))
        .collect();
    let all = ending != Ending::Open;
    let n = if all { segs.len() } else { n };
    // A VARCHAR's text ("" when missing from a whole key).
    let text = |s: &Segment| -> Result<&str, InputError> {
        match (super::write::lookup(values, s.name), all) {
            (Some(t), _) => Ok(t),
            (None, true) => Ok(""),
            (None, false) => Err(InputError(format!("missing field `{}`", s.name))),
        }
    };
    let mut key = vec![0u8; sw];
    for (i, seg) in segs[..n].iter().enumerate() {
        if seg.kind != FieldCodec::Phoenix(PhoenixType::Varchar) {
            key.extend(super::write::write_segment(seg, values, "")?);
            continue;
        }
        let rest_null = segs[i + 1..n].iter().try_fold(true, |null, s| {
            Ok::<_, InputError>(
                null && s.kind == FieldCodec::Phoenix(PhoenixType::Varchar) && text(s)?.is_empty(),
            )
        })?;
        let v = text(seg)?;
        let mut out = vec![0u8; v.len() + 1];
        let mut w = Writer::new(&mut out, seg.name);
        phoenix::encode_varchar(&mut w, v, seg.reverse, all && rest_null, seg.name)?;
        let len = w.position();
        key.extend_from_slice(&out[..len]);
    }
    if ending == Ending::Key {
        phoenix::check_written(key.len() - sw, layout.name)?;
    }
    // An open key of every column is a whole key when it ends in a fixed one.
    if let (Some(salt), true) = (layout.salt, all || n == segs.len()) {
        let bucket = salt.salt.bucket_of(&key[sw..]);
        salt.salt.write(bucket, &mut key)?;
    }
    Ok(key)
}

/// Whether the shortest key with the first `pinned` columns' values ends
/// before the bytes every longer one starts with: they end in a `VARCHAR`
/// and every column after them is one, so all may be null.
fn shorter(layout: &Layout, pinned: usize) -> bool {
    let varchar = |s: &&Segment| s.kind == FieldCodec::Phoenix(PhoenixType::Varchar);
    let segs: Vec<&Segment> = layout
        .segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt))
        .collect();
    pinned > 0 && varchar(&segs[pinned - 1]) && segs[pinned..].iter().all(varchar)
}

/// Whether every column from the `i`-th on is a `VARCHAR`, so may be null.
fn nullable_from(layout: &Layout, i: usize) -> bool {
    let segs = layout
        .segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt));
    segs.skip(i)
        .all(|s| s.kind == FieldCodec::Phoenix(PhoenixType::Varchar))
}

/// Whether a range on `seg` is an ascending `VARCHAR`'s ([`phoenix::varchar_range`]).
pub(super) fn ranged_varchar(seg: &Segment) -> bool {
    seg.kind == FieldCodec::Phoenix(PhoenixType::Varchar) && !seg.reverse
}

/// A scan's heads over a Phoenix key with a `VARCHAR`: the pinned columns'
/// open bytes, and the shortest key they make when it ends sooner (a
/// prefix ending in a `VARCHAR`, or a range on an ascending one, with only
/// `VARCHAR`s after); a pinned salt's bucket is the shortest key's.
pub(super) fn scan_heads(
    layout: &Layout,
    pins: &[(&str, &str)],
    pinned: usize,
    ranged: Option<&Segment>,
) -> Result<(Vec<u8>, Option<Vec<u8>>), InputError> {
    let mut open = write_fields(layout, pins, pinned, Ending::Open)?;
    let sooner = match ranged {
        None => shorter(layout, pinned),
        Some(seg) => ranged_varchar(seg) && nullable_from(layout, pinned),
    };
    if !sooner {
        return Ok((open, None));
    }
    let whole = write_fields(layout, pins, pinned, Ending::Shortest)?;
    let sw = layout.salt.map_or(0, |s| s.salt.width());
    open[..sw].copy_from_slice(&whole[..sw]);
    Ok((open, Some(whole)))
}
