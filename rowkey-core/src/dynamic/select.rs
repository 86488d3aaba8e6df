//! Skip-scan selects by field values given as text: each value written by
//! its field's codec, each range by the codec's `range`, as the typed
//! `select()` of a derived key writes them.

use alloc::format;
use alloc::vec::Vec;
use core::ops::Bound;

use super::write::{fields_of, parse_value, write_value};
use crate::codec::phoenix::{varchar_end, varchar_range};
use crate::select::{Predicate, Select, SelectError, SelectErrorKind};
use crate::value::{InputError, Value};
use crate::{FieldCodec, KeyRangeBuf, Layout, PhoenixType, Segment};

/// A field's condition as text: values, or a range of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextCondition<'t> {
    /// Any of these values.
    Values(Vec<&'t str>),
    /// Every value between these bounds.
    Range(Bound<&'t str>, Bound<&'t str>),
}

/// The select of `conditions`, one per field named (tags take none): the
/// same ranges and checks as the typed `select()` of the key whose
/// `LAYOUT` this is.
///
/// ```
/// use rowkey::dynamic::{self, TextCondition};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
///
/// let s = dynamic::select(&FileKey::LAYOUT, &[
///     ("user_id", TextCondition::Values(vec!["1", "5", "9"])),
///     ("create_date", TextCondition::Range(core::ops::Bound::Included("20120901"), core::ops::Bound::Unbounded)),
/// ], None)?;
/// assert_eq!(s.ranges(), FileKey::select().user_id([1, 5, 9]).create_date(20120901..).build()?.ranges());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// An unknown field, text that is no value of its field, a range on a
/// field whose bytes do not keep order, an empty set or range.
pub fn select<'a>(
    layout: &'a Layout<'a>,
    conditions: &[(&str, TextCondition<'_>)],
    max_ranges: Option<usize>,
) -> Result<Select<'a>, SelectError> {
    let mut p = Predicate::new(layout);
    if let Some(n) = max_ranges {
        p.max_ranges(n);
    }
    for (name, condition) in conditions {
        let i = field(layout, name)?;
        let seg = &layout.segments[i];
        let input =
            |e: InputError| SelectError::new(seg.name, SelectErrorKind::Input(strip(seg, e)));
        match condition {
            TextCondition::Values(texts) => {
                let bytes = texts
                    .iter()
                    .map(|t| value_bytes(seg, t))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(input)?;
                p.set_values(i, bytes);
            }
            TextCondition::Range(lo, hi) => {
                let r = range(layout, i, *lo, *hi).map_err(input)?;
                p.set_range(i, r);
            }
        }
    }
    p.build()
}

/// The index of field `name` in the layout's segments.
fn field(layout: &Layout<'_>, name: &str) -> Result<usize, SelectError> {
    let known = || {
        fields_of(layout)
            .map(|s| s.name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    layout
        .segments
        .iter()
        .position(|s| s.name == name && !matches!(s.kind, FieldCodec::Salt | FieldCodec::Tag(_)))
        .ok_or_else(|| {
            SelectError::new(
                name,
                SelectErrorKind::Input(format!("no such field; {} has {}", layout.name, known())),
            )
        })
}

/// An input error's text without its "field `name`: " (the select error names it).
fn strip(seg: &Segment<'_>, e: InputError) -> alloc::string::String {
    let head = format!("field `{}`: ", seg.name);
    e.0.strip_prefix(&head).map(Into::into).unwrap_or(e.0)
}

fn is_varchar(seg: &Segment<'_>) -> bool {
    seg.kind == FieldCodec::Phoenix(PhoenixType::Varchar)
}

/// A value's bytes as the key holds them when a field follows it.
fn value_bytes(seg: &Segment<'_>, text: &str) -> Result<Vec<u8>, InputError> {
    let value = parse_value(seg, text)?;
    let mut out = Vec::new();
    write_value(seg, &value, &mut out)?;
    if is_varchar(seg) {
        out.extend(varchar_end(text, seg.reverse, false));
    }
    Ok(out)
}

/// The keys whose bytes from field `i` on hold a value between the bounds.
fn range(
    layout: &Layout<'_>,
    i: usize,
    lo: Bound<&str>,
    hi: Bound<&str>,
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
    if is_varchar(seg) {
        let nullable = layout.segments[i..].iter().all(is_varchar);
        let shortest = nullable.then_some(&[][..]);
        return Ok(varchar_range(&[], shortest, lo, hi)?);
    }
    let parse = |b: Bound<&str>| -> Result<Bound<Value<'_>>, InputError> {
        Ok(match b {
            Bound::Included(t) => Bound::Included(parse_value(seg, t)?),
            Bound::Excluded(t) => Bound::Excluded(parse_value(seg, t)?),
            Bound::Unbounded => Bound::Unbounded,
        })
    };
    let (lo, hi) = (parse(lo)?, parse(hi)?);
    codec.range(&[], lo.as_ref(), hi.as_ref(), seg.field_ref())
}
