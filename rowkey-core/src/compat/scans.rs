//! Where an old key sits among the new layout's keys: inside the new
//! layout's scan for its values (which needs every value to be one the new
//! layout holds, and no field the key lacks before one it has), and in one
//! order with new keys.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::keys::Sample;
use super::samples;
use super::set::{Pairing, Set};
use super::values::{order, same};
use super::Shows;
use crate::dynamic::{self, Scan, ScanRanges};
use crate::value::{FieldValue, Value};
use crate::{FieldCodec, Order, PhoenixType, Segment};

/// Whether the new layout's scan for the old key's values (its longest
/// leading run of fields the new layout has) leaves the key out, or one of
/// those values is none the new layout holds.
pub(crate) fn scan_miss(
    member: &crate::Member<'_>,
    p: &Pairing<'_, '_>,
    s: &Sample<'_>,
) -> Option<Shows> {
    let layout = member.layout;
    let (pins, lost) = pins(p, s);
    let scan = |n: usize| {
        let refs: Vec<(&str, &str)> = pins[..n]
            .iter()
            .map(|p| (p.path.as_str(), p.text.as_str()))
            .collect();
        dynamic::scan::<Vec<u8>>(
            layout,
            &Scan {
                pins: &refs,
                range: None,
            },
        )
    };
    // The longest run of pins the new layout writes: a value it cannot hold ends it.
    let mut n = pins.len();
    let ranges = loop {
        match scan(n) {
            Ok(r) => break r,
            Err(_) if n > 0 => n -= 1,
            Err(_) => return None,
        }
    };
    if let Some(lost) = lost {
        return Some(lost);
    }
    if let Some(p) = pins.get(n) {
        let (field, value) = (p.field.clone(), p.text.clone());
        return Some(Shows::NoValue { field, value });
    }
    missed(member, ranges, &pins[..n], s)
}

/// A field's pin: its name, the path a scan names it by, and the value's
/// text (empty for a tag, whose bytes the scan writes).
struct Pin {
    field: String,
    path: String,
    text: String,
    tag: bool,
}

/// The pins of the old key's values on the new layout's leading fields:
/// each shared field's old value (a tag's constant), up to the first field
/// the old key lacks or a key may leave out; and what keeps a scan from
/// reaching the key: a value the new field cannot hold (text that is not
/// UTF-8, a number for a flag, a number out of range), or a field the key
/// lacks before one it has.
fn pins(p: &Pairing<'_, '_>, s: &Sample<'_>) -> (Vec<Pin>, Option<Shows>) {
    let shared = p.align.shared();
    let mut out = Vec::new();
    let mut pinning = true;
    for (n, seg) in p.align.new.iter().enumerate() {
        let Some(&(o, _)) = shared.iter().find(|&&(_, x)| x == n) else {
            let later = shared.iter().find(|&&(_, x)| x > n);
            let lost = later.filter(|_| pinning).map(|&(_, x)| Shows::Unreachable {
                field: p.align.new[x].name.to_string(),
                missing: seg.name.to_string(),
            });
            if lost.is_some() {
                return (out, lost);
            }
            pinning = false;
            continue;
        };
        pinning &= !seg.omittable();
        if matches!(seg.kind, FieldCodec::Tag(_)) {
            if pinning {
                out.push(Pin {
                    field: seg.name.into(),
                    path: seg.name.into(),
                    text: String::new(),
                    tag: true,
                });
            }
            continue;
        }
        let Some(v) = s.values.iter().find(|v| v.name == p.align.old[o].name) else {
            continue;
        };
        let mut pinned = Vec::new();
        let lost = || {
            let (field, value) = (seg.name.to_string(), v.value.to_string());
            Some(Shows::NoValue { field, value })
        };
        if !pin(seg, &v.value, seg.name, seg.name, &mut pinned) {
            return (out, lost());
        }
        if !pinning {
            // Past the scan: the value must still be one the new field holds.
            let holds = pinned.iter().all(|p| samples::holds(seg, &p.text));
            if !holds && !matches!(seg.kind, FieldCodec::Nested(_)) {
                return (out, lost());
            }
            continue;
        }
        out.extend(pinned);
    }
    (out, None)
}

/// A field's pin, the old value as the new field reads text; a nested
/// key's fields each pinned by the new nested layout's names, in order.
/// False when the value is of another kind than the field's.
fn pin(seg: &Segment<'_>, v: &Value<'_>, field: &str, path: &str, out: &mut Vec<Pin>) -> bool {
    match (seg.kind, v) {
        (FieldCodec::Nested(inner), Value::Key(fields)) => {
            let inner_fields = inner
                .segments
                .iter()
                .filter(|s| !matches!(s.kind, FieldCodec::Salt | FieldCodec::Tag(_)));
            let values = fields.iter().filter(|f| f.value != Value::Unit);
            inner_fields
                .zip(values)
                .all(|(s, fv)| pin(s, &fv.value, field, &format!("{path}.{}", s.name), out))
        }
        _ => match samples::input(seg, v) {
            Some(text) => {
                out.push(Pin {
                    field: field.to_string(),
                    path: path.to_string(),
                    text,
                    tag: false,
                });
                true
            }
            None => false,
        },
    }
}

fn missed(
    member: &crate::Member<'_>,
    ranges: ScanRanges<Vec<u8>>,
    pins: &[Pin],
    s: &Sample<'_>,
) -> Option<Shows> {
    let rest = s.key.strip_prefix(member.tag);
    let (found, first) = match ranges {
        ScanRanges::One(r) => (rest.is_some_and(|k| r.contains(k)), r),
        ScanRanges::PerBucket(mut b) => {
            let first = b.next()?;
            let found = rest.is_some_and(|k| first.contains(k) || b.any(|r| r.contains(k)));
            (found, first)
        }
    };
    if found {
        return None;
    }
    let with_tag = |b: &[u8]| [member.tag, b].concat();
    let scan: Vec<String> = pins
        .iter()
        .filter(|p| !p.tag)
        .map(|p| format!("{}={}", p.path, p.text))
        .collect();
    Some(Shows::ScanMisses {
        scan: scan.join(" "),
        start: with_tag(first.start()),
        end: first.end().map(with_tag),
    })
}

/// A new key the old key sorts on the wrong side of: their shared fields'
/// values (in the new layout's order and directions) say one order, the
/// bytes the other.
pub(crate) fn out_of_order(
    new: &Set<'_, '_>,
    p: &Pairing<'_, '_>,
    s: &Sample<'_>,
    new_keys: &[Sample<'_>],
) -> Option<Shows> {
    let member = &new.members[p.new];
    let sw = member.layout.salt.map_or(0, |x| x.salt.width());
    let bucket = |k: &[u8]| {
        k.get(member.tag.len()..member.tag.len() + sw)
            .map(<[u8]>::to_vec)
    };
    for b in new_keys {
        // Keys of different buckets sort by their bucket, whatever their values.
        if sw > 0 && bucket(&s.key) != bucket(&b.key) {
            continue;
        }
        let Some((by_values, field)) = compare(p, &s.values, &b.values) else {
            continue;
        };
        if by_values != Ordering::Equal && s.key.cmp(&b.key) != by_values {
            return Some(Shows::OutOfOrder {
                other: b.key.clone(),
                other_reading: new.reading(&b.key).ok()?,
                field,
            });
        }
    }
    None
}

/// How an old key's values and a new key's compare on the fields both
/// layouts have, in the new layout's order and directions; `None` when an
/// unordered field differs (no order to keep).
fn compare(
    p: &Pairing<'_, '_>,
    a: &[FieldValue<'_>],
    b: &[FieldValue<'_>],
) -> Option<(Ordering, String)> {
    for (o, n) in p.align.shared() {
        let seg = p.align.new[n];
        let x = &a.iter().find(|v| v.name == p.align.old[o].name)?.value;
        let y = &b.iter().find(|v| v.name == seg.name)?.value;
        if !sorts_by_value(seg) {
            if same(x, y) {
                continue;
            }
            return None;
        }
        let ord = order(x, y)?;
        let ord = if seg.order == Order::Descending {
            ord.reverse()
        } else {
            ord
        };
        if ord != Ordering::Equal {
            return Some((ord, seg.name.to_string()));
        }
    }
    Some((Ordering::Equal, String::new()))
}

/// Whether a field's bytes sort as its values: its layout says so, and it
/// is none whose prefixes sort apart: a descending field that runs to the
/// end of the key (a shorter value is a prefix, so it sorts first), a
/// Phoenix `CHAR` (space padding) or descending `VARCHAR` (null first).
fn sorts_by_value(seg: &Segment<'_>) -> bool {
    let to_end = matches!(seg.extent(), crate::codec::Extent::ToEnd { .. });
    let phoenix_apart = matches!(seg.kind, FieldCodec::Phoenix(PhoenixType::Char(_)))
        || (seg.reverse && seg.kind == FieldCodec::Phoenix(PhoenixType::Varchar));
    let apart = seg.order == Order::Unordered
        || (to_end && seg.reverse)
        || phoenix_apart
        || matches!(seg.kind, FieldCodec::Nested(_));
    !apart
}
