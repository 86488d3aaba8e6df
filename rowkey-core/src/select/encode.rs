//! A field's values and ranges as the bytes of the key, by the field's
//! codec: a value by its [`write`](crate::codec::Codec::write) (with an
//! `Option`'s presence byte, `#[mirror]`, a Phoenix `VARCHAR`'s separator),
//! a range by its [`range`](crate::codec::Codec::range) with no head, as
//! the field's `range_for_..` helper writes it after the fields before.

use alloc::format;
use alloc::vec::Vec;
use core::ops::Bound;

use crate::codec::phoenix::{varchar_end, varchar_range};
use crate::dynamic::write_value;
use crate::value::{InputError, Value};
use crate::{FieldCodec, KeyRangeBuf, Layout, PhoenixType, Segment};

fn is_varchar(seg: &Segment<'_>) -> bool {
    seg.kind == FieldCodec::Phoenix(PhoenixType::Varchar)
}

/// A value's bytes as the key holds them when a field follows it.
pub(crate) fn value_bytes(seg: &Segment<'_>, value: &Value<'_>) -> Result<Vec<u8>, InputError> {
    let mut out = Vec::new();
    write_value(seg, value, &mut out)?;
    if is_varchar(seg) {
        let Value::Text(text) = value else {
            return Err(seg.field_ref().mismatch("VARCHAR"));
        };
        out.extend(varchar_end(text, seg.reverse, false));
    }
    Ok(out)
}

/// The keys whose bytes from field `i` on hold a value between the bounds.
pub(crate) fn range(
    layout: &Layout<'_>,
    i: usize,
    lo: Bound<&Value<'_>>,
    hi: Bound<&Value<'_>>,
) -> Result<KeyRangeBuf, InputError> {
    let seg = &layout.segments[i];
    let codec = seg.kind.codec();
    let ordered = !seg.mirror && !seg.optional && codec.ordered(seg.reverse);
    if !ordered || (is_varchar(seg) && seg.reverse) {
        return Err(seg.field_ref().input_error(format!(
            "{} does not keep order in the key, so it takes values, not a range",
            seg.codec
        )));
    }
    if !is_varchar(seg) {
        return codec.range(&[], lo, hi, seg.field_ref());
    }
    fn text<'v>(b: Bound<&'v Value<'_>>, seg: &Segment<'_>) -> Result<Bound<&'v str>, InputError> {
        match b {
            Bound::Included(Value::Text(t)) => Ok(Bound::Included(t)),
            Bound::Excluded(Value::Text(t)) => Ok(Bound::Excluded(t)),
            Bound::Unbounded => Ok(Bound::Unbounded),
            _ => Err(seg.field_ref().mismatch("VARCHAR")),
        }
    }
    // Null (empty) sorts first; with only `VARCHAR`s from here on, a key may end before it.
    let nullable = layout.segments[i..].iter().all(is_varchar);
    let shortest = nullable.then_some(&[][..]);
    Ok(varchar_range(
        &[],
        shortest,
        text(lo, seg)?,
        text(hi, seg)?,
    )?)
}
