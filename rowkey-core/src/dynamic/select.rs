//! Skip-scan selects by field values given as text: each value written by
//! its field's codec, each range by the codec's `range`, as the typed
//! `select()` of a derived key writes them.

use alloc::format;
use alloc::vec::Vec;
use core::ops::Bound;

use super::write::{fields_of, parse_value};
use crate::select::{input, Predicate, Select, SelectError, SelectErrorKind};
use crate::value::Value;
use crate::{FieldCodec, Layout};

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
/// `LAYOUT` this is. Feature `select`.
///
/// ```
/// use rowkey::dynamic::{self, TextCondition};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[rowkey(select)]
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
        let parse = |t: &str| parse_value(seg, t).map_err(|e| input(seg, e));
        match condition {
            TextCondition::Values(texts) => {
                let values = texts
                    .iter()
                    .map(|t| parse(t))
                    .collect::<Result<Vec<_>, _>>()?;
                p.values_of(i, &values);
            }
            TextCondition::Range(lo, hi) => {
                let bound = |b: Bound<&str>| -> Result<Bound<Value<'_>>, SelectError> {
                    Ok(match b {
                        Bound::Included(t) => Bound::Included(parse(t)?),
                        Bound::Excluded(t) => Bound::Excluded(parse(t)?),
                        Bound::Unbounded => Bound::Unbounded,
                    })
                };
                let (lo, hi) = (bound(*lo)?, bound(*hi)?);
                p.range_of(i, lo.as_ref(), hi.as_ref());
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
