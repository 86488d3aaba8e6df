//! Scans by field values, given as text: the ranges of a prefix of pinned
//! fields and a range on the next, the same bytes as the derived helpers.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Bound;

use super::write::{
    check_names, fields_of, is_none, parse_value, write_fields, write_phoenix, Ending,
};
use crate::codec::ordered;
use crate::value::InputError;
use crate::{
    BucketRangesOf, FieldCodec, KeyFormat, KeyRangeOf, Layout, PhoenixType, RangeBytes, SaltFormat,
    Segment,
};

fn err<T>(msg: String) -> Result<T, InputError> {
    Err(InputError(msg))
}

/// The ranges of a scan: one, or one per salt bucket when the pinned fields
/// do not fix the bucket.
#[derive(Debug, Clone)]
pub enum ScanRanges<B: RangeBytes> {
    /// The pinned fields fix the bucket (or there is no salt): one range.
    One(KeyRangeOf<B>),
    /// One range per bucket, in bucket order.
    PerBucket(BucketRangesOf<B>),
}

/// A scan by fields: `pins` fix a leading run of fields (a prefix, as
/// `prefix_for_a_b`), and `range`, when given, bounds the next field (as
/// `range_for_a_b`). The same bytes as the derived helpers.
#[derive(Debug, Clone, Copy)]
pub struct Scan<'a> {
    /// `field=value` for a leading run of fields (tags between them need none).
    pub pins: &'a [(&'a str, &'a str)],
    /// The field after them, and its bounds as text.
    pub range: Option<(&'a str, Bound<&'a str>, Bound<&'a str>)>,
}

/// The key ranges of `scan` over `layout`.
///
/// ```
/// use core::ops::Bound::Included;
/// use rowkey::{dynamic, RowKey};
///
/// #[derive(RowKey)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }
///
/// let scan = dynamic::Scan {
///     pins: &[("user_id", "1")],
///     range: Some(("create_date", Included("20120901"), Included("20120914"))),
/// };
/// let dynamic::ScanRanges::One(r) = dynamic::scan::<[u8; FileKey::WIDTH + 1]>(&FileKey::LAYOUT, &scan)? else { panic!() };
/// assert_eq!(r, FileKey::range_for_user_id_create_date(1, 20120901..=20120914)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Unknown fields, fields that are not a leading run, a range on a field
/// whose bytes do not keep order, values that do not fit.
pub fn scan<B: RangeBytes>(
    layout: &Layout<'_>,
    scan: &Scan<'_>,
) -> Result<ScanRanges<B>, InputError> {
    check_names(layout, scan.pins, "")?;
    let fields: Vec<&Segment<'_>> = fields_of(layout).collect();
    let named = |s: &Segment<'_>| {
        scan.pins
            .iter()
            .any(|(n, _)| n.split('.').next() == Some(s.name))
    };
    let named_run = fields.iter().rposition(|s| named(s)).map_or(0, |i| i + 1);
    // Tags after the pinned fields are pinned too when a range follows:
    // their bytes are constant, as the derived `range_for_a_tag_b` writes
    // them, and the range bounds the field after them (a range on a tag is
    // refused as on any field without order).
    let pinned = match scan.range {
        Some((name, ..)) => named_run + tags_before(&fields[named_run..], name),
        None => named_run,
    };
    if let Some(s) = fields[..pinned]
        .iter()
        .find(|s| !named(s) && !matches!(s.kind, FieldCodec::Tag(_)))
    {
        return err(format!(
            "field `{}` comes before the pinned fields: a scan pins a leading run of fields, give `{}=VALUE` too",
            s.name, s.name
        ));
    }
    if let Some(s) = fields[..pinned].last() {
        check_pinned_present(s, scan.pins)?;
    }
    let ranged = match scan.range {
        Some((name, ..)) => Some(range_field(&fields, pinned, name)?),
        None => None,
    };
    let phoenix = layout.format() == KeyFormat::Phoenix && layout.variable;
    let (head_key, shortest) = if phoenix {
        scan_heads(layout, scan.pins, pinned, ranged)?
    } else {
        (write_fields(layout, scan.pins, "", pinned)?, None)
    };
    let salt_pinned = match layout.salt {
        None => true,
        Some(s) if s.salt.format() == SaltFormat::Phoenix => pinned == fields.len(),
        Some(s) => s
            .fields
            .iter()
            .all(|f| fields[..pinned].iter().any(|x| x.name == *f)),
    };
    let h = match (layout.salt, salt_pinned) {
        (Some(s), false) => s.salt.width(),
        _ => 0,
    };
    let head = &head_key[h..];
    // A Phoenix key with these values and nulls after them ends sooner.
    let shortest = shortest.as_deref().map(|w| &w[h..]);
    // `ranged` is the field of `scan.range`, looked up above.
    let range = match (ranged.zip(scan.range), shortest) {
        (None, Some(s)) => KeyRangeOf::prefix_from(s, head)?,
        (None, None) => match fields[..pinned].last() {
            Some(s) if runs_to_end(s) => KeyRangeOf::exact(head)?,
            _ => KeyRangeOf::prefix(head)?,
        },
        (Some((seg, (_, lo, hi))), _) if phoenix && ranged_varchar(seg) => {
            crate::codec::phoenix::varchar_range(head, shortest, lo, hi)?
        }
        (Some((seg, (_, lo, hi))), _) => field_range(seg, head, lo, hi)?,
    };
    match layout.salt {
        Some(s) if !salt_pinned => Ok(ScanRanges::PerBucket(s.salt.fan_out(range)?)),
        _ => Ok(ScanRanges::One(range)),
    }
}

/// A field that may be left out of a key (added with `since`, an HBase
/// `Struct`'s trailing `Option`) writes nothing for a `None` at the end, so
/// a scan that ends pinning it to `None` would also select the keys where
/// it is `Some`.
fn check_pinned_present(seg: &Segment<'_>, pins: &[(&str, &str)]) -> Result<(), InputError> {
    if seg.omittable() && is_none(pins, seg.name) {
        return err(format!(
            "field `{}` may be left out of a key, and `None` at the end writes nothing: pin the fields before it alone",
            seg.name
        ));
    }
    Ok(())
}

/// Whether the field runs to the end of the key, with no terminator: a prefix
/// of its value is no prefix of the keys that hold the value.
fn runs_to_end(seg: &Segment<'_>) -> bool {
    matches!(seg.kind, FieldCodec::Rest(_))
        || matches!(seg.kind, FieldCodec::OrderedVar(v) if v.header == ordered::BLOB_COPY)
}

/// How many tags lead `fields`, when the range is on none of them.
fn tags_before(fields: &[&Segment<'_>], name: &str) -> usize {
    let tags = fields
        .iter()
        .take_while(|s| matches!(s.kind, FieldCodec::Tag(_)));
    match tags.clone().any(|s| s.name == name) {
        true => 0,
        false => tags.count(),
    }
}

/// The field a scan's range bounds: the one after the pinned fields.
fn range_field<'l, 'a>(
    fields: &[&'l Segment<'a>],
    pinned: usize,
    name: &str,
) -> Result<&'l Segment<'a>, InputError> {
    match fields.get(pinned) {
        Some(seg) if seg.name == name => Ok(seg),
        Some(next) => err(format!(
            "a range bounds the field after the pinned ones: `{}`, not `{name}`",
            next.name
        )),
        None => err(format!(
            "every field is pinned: no field left for the range on `{name}`"
        )),
    }
}

/// The range of keys that start with `head` and whose field `seg` lies in
/// `lo..hi`, by the field's codec.
fn field_range<B: RangeBytes>(
    seg: &Segment<'_>,
    head: &[u8],
    lo: Bound<&str>,
    hi: Bound<&str>,
) -> Result<KeyRangeOf<B>, InputError> {
    let codec = seg.kind.codec();
    if seg.mirror || seg.optional || !codec.ordered(seg.reverse) {
        return err(format!(
            "field `{}` ({}) does not keep order in the key, so it takes a value, not a range",
            seg.name, seg.codec
        ));
    }
    let parse = |b: Bound<&str>| -> Result<Bound<crate::value::Value<'_>>, InputError> {
        Ok(match b {
            Bound::Included(t) => Bound::Included(parse_value(seg, t)?),
            Bound::Excluded(t) => Bound::Excluded(parse_value(seg, t)?),
            Bound::Unbounded => Bound::Unbounded,
        })
    };
    let (lo, hi) = (parse(lo)?, parse(hi)?);
    let r = codec.range(head, lo.as_ref(), hi.as_ref(), seg.field_ref())?;
    Ok(KeyRangeOf::new(r.start(), r.end())?)
}

/// Whether the shortest key with the first `pinned` columns' values ends
/// before the bytes every longer one starts with: they end in a `VARCHAR`
/// and every column after them is one, so all may be null.
fn shorter(layout: &Layout<'_>, pinned: usize) -> bool {
    let varchar = |s: &&Segment<'_>| s.kind == FieldCodec::Phoenix(PhoenixType::Varchar);
    let segs: Vec<&Segment<'_>> = fields_of(layout).collect();
    pinned > 0 && varchar(&segs[pinned - 1]) && segs[pinned..].iter().all(varchar)
}

/// Whether every column from the `i`-th on is a `VARCHAR`, so may be null.
fn nullable_from(layout: &Layout<'_>, i: usize) -> bool {
    fields_of(layout)
        .skip(i)
        .all(|s| s.kind == FieldCodec::Phoenix(PhoenixType::Varchar))
}

/// Whether a range on `seg` is an ascending `VARCHAR`'s ([`phoenix::varchar_range`]).
fn ranged_varchar(seg: &Segment<'_>) -> bool {
    seg.kind == FieldCodec::Phoenix(PhoenixType::Varchar) && !seg.reverse
}

/// A scan's heads over a Phoenix key with a `VARCHAR`: the pinned columns'
/// open bytes, and the shortest key they make when it ends sooner (a
/// prefix ending in a `VARCHAR`, or a range on an ascending one, with only
/// `VARCHAR`s after); a pinned salt's bucket is the shortest key's.
fn scan_heads(
    layout: &Layout<'_>,
    pins: &[(&str, &str)],
    pinned: usize,
    ranged: Option<&Segment<'_>>,
) -> Result<(Vec<u8>, Option<Vec<u8>>), InputError> {
    let mut open = write_phoenix(layout, pins, pinned, Ending::Open)?;
    let sooner = match ranged {
        None => shorter(layout, pinned),
        Some(seg) => ranged_varchar(seg) && nullable_from(layout, pinned),
    };
    if !sooner {
        return Ok((open, None));
    }
    let whole = write_phoenix(layout, pins, pinned, Ending::Shortest)?;
    let sw = layout.salt.map_or(0, |s| s.salt.width());
    open[..sw].copy_from_slice(&whole[..sw]);
    Ok((open, Some(whole)))
}
