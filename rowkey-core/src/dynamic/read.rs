//! Reading a key by its layout: `decode` (strict, exactly as `T::decode`)
//! and `explain` (every field it can, for partial and damaged keys too).

use alloc::string::String;
use alloc::vec::Vec;

use super::dispatch::with_int;
use super::{Explained, ExplainedField, FieldValue, Reading, Value};
use crate::codec::FieldBytes;
use crate::codec::{self, boolean, escaped, fixed, int, narrow, option, pad, tag};
use crate::cursor::Reader;
use crate::{
    DecodeError, DecodeErrorKind, FieldCodec, IntType, Layout, LayoutSalt, Number, Segment,
};

/// Decodes `bytes` by `layout`: the same values, or the same error, as
/// `T::decode` of the type whose `LAYOUT` this is. Never panics.
///
/// # Errors
/// Exactly `T::decode`'s: wrong length, a non-digit in a `pad` field, a salt
/// bucket that does not match the fields, and so on.
pub fn decode(layout: &Layout, bytes: &[u8]) -> Result<Vec<FieldValue>, DecodeError> {
    if !layout.variable && bytes.len() != layout.width {
        return Err(DecodeError::new(
            layout.name,
            0,
            DecodeErrorKind::Length {
                expected: layout.width,
                found: bytes.len(),
            },
        ));
    }
    let sw = layout.salt.as_ref().map_or(0, |s| s.salt.width());
    super::phoenix::check_not_empty(layout, bytes, sw)?;
    let walk = walk(layout, bytes);
    let mut values = Vec::with_capacity(walk.fields.len());
    for field in walk.fields {
        match field.reading {
            // The bucket is checked last, after every field, as derived code does.
            _ if matches!(field.kind, FieldCodec::Salt) => {
                if let Reading::Cut { error, .. } = field.reading {
                    return Err(error);
                }
            }
            Reading::Value(value) => values.push(FieldValue {
                name: field.name,
                value,
            }),
            Reading::Error(e) | Reading::Cut { error: e, .. } => return Err(e),
            // Only after a cut or an error, which returned above.
            Reading::Absent => break,
        }
    }
    if walk.end != bytes.len() {
        return Err(DecodeError::new(
            layout.name,
            walk.end,
            DecodeErrorKind::Length {
                expected: walk.end,
                found: bytes.len(),
            },
        ));
    }
    if let (Some(salt), Some(expected)) = (&layout.salt, walk.expected_bucket) {
        salt.salt.check(bytes, expected)?;
    }
    Ok(values)
}

/// Explains `bytes` by `layout`: every field with its byte span and value,
/// or why it does not decode. Accepts partial keys (a region start, a scan's
/// start row): fields wholly present are decoded, a cut field is shown as
/// such. Never panics.
pub fn explain(layout: &'static Layout, bytes: &[u8]) -> Explained {
    let mut fields = walk(layout, bytes).fields;
    // A segment the key ends right before is not in it at all.
    for f in &mut fields {
        if let Reading::Cut { present: 0, .. } = f.reading {
            f.reading = Reading::Absent;
        }
    }
    Explained {
        layout,
        member: None,
        tag: &[],
        len: bytes.len(),
        fields,
        error: decode(layout, bytes).err(),
    }
}

/// Explains `bytes` as one of several key types sharing a table (a derived
/// enum of key types), as the enum's `decode` reads them: a member's tag
/// leads its key, and the fields after it are explained with spans counted
/// from the key's first byte. The member is the first whose tag and key
/// decode; else the first that the bytes begin (a partial key: part of the
/// tag, or the tag and fields that all decode); else the one whose error came
/// furthest. The error is the enum's `decode` error.
pub fn explain_members(types: &crate::KeyTypes, bytes: &[u8]) -> Explained {
    let mut best: Option<(DecodeError, &crate::Member)> = None;
    let mut begun: Option<&crate::Member> = None;
    for m in types.members {
        let e = match member_decode(types.name, m, bytes) {
            Ok(()) => return with_member(m, bytes, None),
            Err(e) => e,
        };
        if begun.is_none() && begins(m, bytes) {
            begun = Some(m);
        }
        // As the enum's `decode`: a later error replaces one no further in.
        if best.is_none_or(|(b, _)| e.offset() >= b.offset()) {
            best = Some((e, m));
        }
    }
    match (begun, best) {
        (Some(m), Some((e, _))) | (None, Some((e, m))) => with_member(m, bytes, Some(e)),
        _ => explain(&EMPTY, bytes),
    }
}

/// The member's tag, then its key: what the enum's `decode` checks of it.
fn member_decode(name: &'static str, m: &crate::Member, bytes: &[u8]) -> Result<(), DecodeError> {
    let rest = crate::record::strip_tag(bytes, m.tag, name)?;
    decode(m.layout, rest).map(drop)
}

/// Whether `bytes` are the start of a key of member `m`: part of its tag, or
/// its tag and the start of its key.
fn begins(m: &crate::Member, bytes: &[u8]) -> bool {
    match bytes.get(m.tag.len()..) {
        None => m.tag.starts_with(bytes),
        Some(rest) => bytes.starts_with(m.tag) && is_prefix(m.layout, rest),
    }
}

/// Whether `bytes` are the start of a key of `layout`: shorter than it, and
/// every field they hold decodes.
fn is_prefix(layout: &Layout, bytes: &[u8]) -> bool {
    let w = walk(layout, bytes);
    let short = w
        .fields
        .iter()
        .any(|f| matches!(f.reading, Reading::Cut { .. } | Reading::Absent));
    short
        && !w
            .fields
            .iter()
            .any(|f| matches!(f.reading, Reading::Error(_)))
}

/// What an enum without members explains bytes as: no field at all.
static EMPTY: Layout = Layout {
    name: "(no key type)",
    width: 0,
    variable: true,
    max_width: 0,
    salt: None,
    segments: &[],
};

/// `m`'s explanation of `bytes`: its key's fields after the tag, their
/// spans shifted by the tag's length (none when the bytes stop inside it).
fn with_member(m: &crate::Member, bytes: &[u8], error: Option<DecodeError>) -> Explained {
    let rest = bytes.get(m.tag.len()..).unwrap_or_default();
    let mut e = explain(m.layout, rest);
    for f in &mut e.fields {
        f.span = f.span.start + m.tag.len()..f.span.end + m.tag.len();
    }
    Explained {
        member: Some(m.name),
        tag: m.tag,
        len: bytes.len(),
        error,
        ..e
    }
}

/// Every segment's reading, where the walk ended, and the bucket the salted
/// fields hash to when all of them were read.
struct Walk {
    fields: Vec<ExplainedField>,
    end: usize,
    expected_bucket: Option<u32>,
}

fn walk(layout: &Layout, bytes: &[u8]) -> Walk {
    let mut fields = Vec::with_capacity(layout.segments.len());
    let mut pos = 0;
    let mut stopped = false;
    for seg in layout.segments {
        let (reading, end) = if stopped {
            (Reading::Absent, pos)
        } else if seg.since != 0 || trailing(seg) {
            read_added(layout, seg, bytes, pos)
        } else {
            read_segment(layout, seg, bytes, pos)
        };
        // After a cut or a field whose end is unknown, later offsets are unknown.
        stopped |= matches!(reading, Reading::Cut { .. })
            || (matches!(reading, Reading::Error(_)) && is_variable(seg));
        fields.push(ExplainedField {
            name: seg.name,
            span: pos..end,
            codec: seg.codec,
            kind: seg.kind,
            reading,
        });
        pos = end;
    }
    let expected_bucket = layout
        .salt
        .as_ref()
        .and_then(|salt| expected_bucket(salt, &fields, bytes));
    if let (Some(expected), Some(salt)) = (expected_bucket, &layout.salt) {
        if let Some(f) = fields.first_mut() {
            if let Reading::Value(_) = f.reading {
                if let Err(e) = salt.salt.check(bytes, expected) {
                    f.reading = Reading::Error(e);
                }
            }
        }
    }
    Walk {
        fields,
        end: pos,
        expected_bucket,
    }
}

/// A field added with `since`: `None` where the key ends, and never a
/// `None` written at the very end (which derived decode rejects too).
fn read_added(layout: &Layout, seg: &Segment, bytes: &[u8], pos: usize) -> (Reading, usize) {
    if pos == bytes.len() {
        return (Reading::Value(Value::None), pos);
    }
    let (reading, end) = read_segment(layout, seg, bytes, pos);
    if matches!(reading, Reading::Value(Value::None)) && end == bytes.len() {
        let error = DecodeError::new(seg.name, pos, DecodeErrorKind::AbsentWritten);
        return (Reading::Error(error), end);
    }
    (reading, end)
}

fn is_variable(seg: &Segment) -> bool {
    matches!(
        seg.kind,
        FieldCodec::Escaped(_)
            | FieldCodec::Rest(_)
            | FieldCodec::OrderedVar { .. }
            | FieldCodec::OrderedNull { .. }
            | FieldCodec::Phoenix(crate::PhoenixType::Varchar)
    )
}

/// An HBase `Struct`'s trailing `Option`: absent where the key ends.
pub(super) fn trailing(seg: &Segment) -> bool {
    matches!(seg.kind, FieldCodec::OrderedNull { trailing: true, .. })
}

/// An `#[ordered]` string, bytes or `Option`, read through the cursor; a key
/// that stops inside it is cut.
fn read_ordered(seg: &Segment, bytes: &[u8], pos: usize) -> (Reading, usize) {
    let mut r = Reader::new(bytes);
    r.skip(pos);
    match super::java::read_ordered(seg, &mut r) {
        Ok(v) => (Reading::Value(v), r.position()),
        Err(error)
            if matches!(
                error.kind(),
                DecodeErrorKind::Unterminated | DecodeErrorKind::TooShort { .. }
            ) =>
        {
            let present = bytes.len().saturating_sub(pos);
            (Reading::Cut { present, error }, bytes.len())
        }
        Err(e) => (Reading::Error(e), bytes.len()),
    }
}

/// The bucket the salted fields hash to, when every one of them is present
/// (for a Phoenix salt: the whole key).
fn expected_bucket(salt: &LayoutSalt, fields: &[ExplainedField], bytes: &[u8]) -> Option<u32> {
    let sw = salt.salt.width();
    if salt.salt.format() == crate::SaltFormat::Phoenix {
        let whole = fields
            .iter()
            .all(|f| matches!(f.reading, Reading::Value(_)) || matches!(f.kind, FieldCodec::Salt));
        return whole.then(|| salt.salt.bucket_of(bytes.get(sw..).unwrap_or_default()));
    }
    let mut parts: Vec<&[u8]> = Vec::with_capacity(salt.fields.len());
    for name in salt.fields {
        let f = fields.iter().find(|f| f.name == *name)?;
        if matches!(f.reading, Reading::Cut { .. } | Reading::Absent) {
            return None;
        }
        parts.push(bytes.get(f.span.clone())?);
    }
    Some(salt.salt.bucket_of_parts(&parts))
}

/// Reads one segment at `pos`; returns the reading and where the next one starts.
fn read_segment(layout: &Layout, seg: &Segment, bytes: &[u8], pos: usize) -> (Reading, usize) {
    match seg.kind {
        FieldCodec::Salt => match &layout.salt {
            Some(salt) => read_salt(layout, salt, bytes),
            None => (Reading::Value(Value::Unit), pos),
        },
        FieldCodec::Escaped(text) => {
            let mut r = Reader::new(bytes);
            r.skip(pos);
            match escaped::decode(&mut r, seg.reverse, seg.name) {
                Ok(e) => (escaped_value(&e, text), r.position()),
                Err(error) if error.kind() == DecodeErrorKind::Unterminated => {
                    let present = bytes.len().saturating_sub(pos);
                    (Reading::Cut { present, error }, bytes.len())
                }
                Err(e) => (Reading::Error(e), bytes.len()),
            }
        }
        FieldCodec::Phoenix(crate::PhoenixType::Varchar) => {
            super::phoenix::read_varchar(seg, bytes, pos)
        }
        FieldCodec::Rest(text) => {
            let rest = bytes.get(pos..).unwrap_or_default();
            let mut v = rest.to_vec();
            if seg.reverse {
                codec::invert(&mut v);
            }
            (
                reading(text_value(v, text.utf8, seg.name, pos)),
                bytes.len(),
            )
        }
        FieldCodec::OrderedVar { .. } | FieldCodec::OrderedNull { .. } => {
            read_ordered(seg, bytes, pos)
        }
        _ => read_fixed_segment(layout, seg, bytes, pos),
    }
}

fn read_salt(layout: &Layout, salt: &LayoutSalt, bytes: &[u8]) -> (Reading, usize) {
    let w = salt.salt.width();
    if bytes.len() < w {
        let error = DecodeError::new(
            layout.name,
            0,
            DecodeErrorKind::TooShort {
                min: w,
                found: bytes.len(),
            },
        );
        let present = bytes.len();
        return (Reading::Cut { present, error }, w);
    }
    match salt.salt.read(bytes) {
        Ok(bucket) => (
            Reading::Value(Value::Int(Number::Unsigned(bucket as u128))),
            w,
        ),
        Err(e) => (Reading::Error(e), w),
    }
}

fn read_fixed_segment(
    layout: &Layout,
    seg: &Segment,
    bytes: &[u8],
    pos: usize,
) -> (Reading, usize) {
    let end = pos + seg.width;
    match bytes.get(pos..end) {
        Some(slot) => (reading(read_fixed(seg, slot, pos)), end),
        None => {
            let present = bytes.len().saturating_sub(pos);
            // As a variable-length key's cursor reports it; a fixed key
            // reports its length first, in `decode`.
            let error = DecodeError::new(
                if layout.variable {
                    seg.name
                } else {
                    layout.name
                },
                pos,
                DecodeErrorKind::TooShort {
                    min: end,
                    found: bytes.len(),
                },
            );
            (Reading::Cut { present, error }, end)
        }
    }
}

/// A fixed-width field from its `seg.width` bytes: mirror, option, then the codec.
fn read_fixed(seg: &Segment, slot: &[u8], offset: usize) -> Result<Value, DecodeError> {
    let mut owned;
    let mut slot = slot;
    if seg.mirror {
        owned = slot.to_vec();
        codec::mirror(&mut owned);
        slot = &owned;
    }
    if !seg.optional {
        return read_value(seg, slot, offset);
    }
    let Some((marker, payload)) = slot.split_first() else {
        return Err(too_short(seg, offset));
    };
    let marker = core::array::from_ref(marker);
    if option::presence(marker, seg.reverse, seg.name, offset)? {
        Ok(Value::Some(alloc::boxed::Box::new(read_value(
            seg,
            payload,
            offset + 1,
        )?)))
    } else {
        option::check_empty(payload, seg.reverse, seg.name, offset + 1)?;
        Ok(Value::None)
    }
}

fn too_short(seg: &Segment, offset: usize) -> DecodeError {
    DecodeError::new(
        seg.name,
        offset,
        DecodeErrorKind::TooShort {
            min: offset + seg.width,
            found: offset,
        },
    )
}

/// The codec's value from exactly its bytes.
fn read_value(seg: &Segment, b: &[u8], offset: usize) -> Result<Value, DecodeError> {
    let (desc, name) = (seg.reverse, seg.name);
    let bad = || too_short(seg, offset);
    match seg.kind {
        FieldCodec::Int(t) => with_int!(t, T, W => {
            let a: &[u8; W] = b.try_into().map_err(|_| bad())?;
            let v: T = if desc { int::decode_desc(a) } else { int::decode(a) };
            Ok(Value::Int(int::ToNumber::to_number(v)))
        }, Err(bad())),
        FieldCodec::Narrow { bytes, from }
            if b.len() == usize::from(bytes) && matches!(bytes, 2 | 4 | 8) =>
        {
            let max = with_int!(from, T, _W => <T as int::ToNumber>::MAX_NUMBER, return Err(bad()));
            Ok(Value::Int(narrow::decode_width(
                b, desc, name, offset, max,
            )?))
        }
        FieldCodec::Narrow { .. } => Err(bad()),
        FieldCodec::Pad { digits, ty } if b.len() == digits => {
            let v = pad::decode_digits(b, desc, name, offset)?;
            narrow_unsigned(v, ty, name, offset)
        }
        FieldCodec::Pad { .. } => Err(bad()),
        FieldCodec::Fixed { text, .. } => {
            text_value(fixed::value(b, desc), text.utf8, name, offset)
        }
        FieldCodec::Bool => {
            let a: &[u8; 1] = b.try_into().map_err(|_| bad())?;
            Ok(Value::Bool(boolean::decode(a, desc, name, offset)?))
        }
        FieldCodec::Bytes(_) | FieldCodec::Md5Digest => {
            let mut v = b.to_vec();
            if desc {
                codec::invert(&mut v);
            }
            Ok(Value::Bytes(v))
        }
        FieldCodec::Float { bytes: 4 } => {
            let a: &[u8; 4] = b.try_into().map_err(|_| bad())?;
            Ok(Value::F32(if desc {
                int::decode_desc(a)
            } else {
                int::decode(a)
            }))
        }
        FieldCodec::Float { .. } => {
            let a: &[u8; 8] = b.try_into().map_err(|_| bad())?;
            Ok(Value::F64(if desc {
                int::decode_desc(a)
            } else {
                int::decode(a)
            }))
        }
        FieldCodec::Nested { layout } => Ok(Value::Key(decode(layout, b)?)),
        FieldCodec::Tag(t) => tag::check(b, t, name, offset).map(|()| Value::Unit),
        FieldCodec::Java(_) | FieldCodec::Ordered { .. } => {
            super::java::read(seg.kind, b, desc, name, offset).unwrap_or_else(|| Err(bad()))
        }
        FieldCodec::Escaped(_)
        | FieldCodec::Rest(_)
        | FieldCodec::OrderedVar { .. }
        | FieldCodec::OrderedNull { .. }
        | FieldCodec::Salt => Err(bad()),
        FieldCodec::Phoenix(t) => {
            super::phoenix::read_value(t, seg, b, offset).unwrap_or_else(|| Err(bad()))
        }
    }
}

/// A `pad` number as the field's unsigned type, or the error `pad::decode` gives for that type.
fn narrow_unsigned(
    v: u128,
    ty: IntType,
    name: &'static str,
    offset: usize,
) -> Result<Value, DecodeError> {
    let max = with_int!(ty, T, _W => <T as int::ToNumber>::MAX_NUMBER, Number::Unsigned(u128::MAX));
    match max {
        Number::Unsigned(m) if v > m => Err(DecodeError::new(
            name,
            offset,
            DecodeErrorKind::OutOfRange {
                value: Number::Unsigned(v),
                max,
            },
        )),
        _ => Ok(Value::Int(Number::Unsigned(v))),
    }
}

fn reading(r: Result<Value, DecodeError>) -> Reading {
    match r {
        Ok(v) => Reading::Value(v),
        Err(e) => Reading::Error(e),
    }
}

/// A string or bytes field's value; a string must be UTF-8.
fn text_value(
    v: Vec<u8>,
    utf8: bool,
    name: &'static str,
    offset: usize,
) -> Result<Value, DecodeError> {
    if !utf8 {
        return Ok(Value::Bytes(v));
    }
    String::from_utf8(v)
        .map(Value::Text)
        .map_err(|_| DecodeError::new(name, offset, DecodeErrorKind::InvalidUtf8))
}

/// An escaped value read as the field's type reads it: a borrowed type
/// cannot hold a value that had to be unescaped or inverted.
fn escaped_value(e: &escaped::Escaped<'_>, text: crate::TextType) -> Reading {
    let value = match (text.utf8, text.borrowed) {
        (true, true) => e.borrowed_str().map(|s| Value::Text(s.into())),
        (true, false) => e.to_owned_string().map(Value::Text),
        (false, true) => e.borrowed().map(|b| Value::Bytes(b.to_vec())),
        (false, false) => Ok(Value::Bytes(e.to_vec())),
    };
    reading(value)
}
