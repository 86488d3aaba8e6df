//! The rules: every change from an old layout to a new one, each with the
//! strongest level it leaves possible, reasoned from the layouts alone.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::align::{Alignment, Step};
use super::fields::{self, Difference, Relation, Values};
use super::samples::int_range;
use super::values::numbers;
use super::{Change, Level, Rule};
use crate::codec::Extent;
use crate::{FieldCodec, KeyFormat, Layout, LayoutSalt, PhoenixType, Segment};

/// Changes found so far, their fields named under `prefix` (`main.` for a
/// nested key's fields, `Order.` for a key type's).
pub(crate) struct Changes<'p> {
    prefix: &'p str,
    pub list: Vec<Change>,
}

impl<'p> Changes<'p> {
    pub fn new(prefix: &'p str) -> Self {
        Changes {
            prefix,
            list: Vec::new(),
        }
    }

    fn field(&mut self, rule: Rule, field: &str, level: Level, message: String) {
        let field = format!("{}{field}", self.prefix);
        let message = format!("field `{field}`: {message}");
        self.list.push(Change {
            rule,
            field: Some(field),
            level,
            message,
        });
    }

    fn key(&mut self, rule: Rule, level: Level, message: String) {
        let field = self.prefix.strip_suffix('.').map(String::from);
        // A nested key's or a key type's own changes say whose they are.
        let message = match &field {
            Some(f) => format!("`{f}`: {message}"),
            None => message,
        };
        self.list.push(Change {
            rule,
            field,
            level,
            message,
        });
    }
}

/// Every change from `old` to `new`, into `out`; returns how their fields align.
pub(crate) fn compare<'l, 'a>(
    old: &'l Layout<'a>,
    new: &'l Layout<'a>,
    out: &mut Changes<'_>,
) -> Alignment<'l, 'a> {
    let align = Alignment::of(old, new);
    if old.name != new.name {
        let m = format!(
            "key `{}` → `{}`: names are not in the bytes",
            old.name, new.name
        );
        out.key(Rule::KeyRenamed, Level::Renamed, m);
    }
    if old.format() != new.format() {
        let m = format!(
            "the key format {} → {}: fields are delimited another way",
            format_name(old.format()),
            format_name(new.format())
        );
        out.key(Rule::KeyFormat, Level::Breaking, m);
    }
    salt(old.salt, new.salt, &align, out);
    for step in &align.steps {
        step_changes(*step, &align, new, out);
    }
    max_width(old, new, out);
    align
}

fn format_name(f: KeyFormat) -> &'static str {
    match f {
        KeyFormat::Plain => "plain",
        KeyFormat::HbaseStruct => "HBase Struct",
        KeyFormat::Phoenix => "Phoenix",
    }
}

fn step_changes(step: Step, align: &Alignment<'_, '_>, new: &Layout<'_>, out: &mut Changes<'_>) {
    // Whether the salt bucket hashes the new field `j`'s bytes.
    let salted = |j: usize| {
        new.salt
            .is_some_and(|s| s.fields.contains(&align.new[j].name))
    };
    match step {
        Step::Pair(i, j) => pair(align.old[i], align.new[j], (j, salted(j)), align, out),
        Step::Moved(i, j) => {
            let m = format!(
                "moved from field {} to field {}: old keys hold other fields where the new layout reads it",
                i + 1,
                j + 1
            );
            out.field(Rule::FieldMoved, align.new[j].name, Level::Breaking, m);
            pair(align.old[i], align.new[j], (j, salted(j)), align, out);
        }
        Step::Removed(i) => removed(i, align, out),
        Step::Inserted(j) => inserted(j, align, new, out),
    }
}

/// A field of both layouts: the new one at `j`, whose bytes the salt may hash.
fn pair(
    old: &Segment<'_>,
    new: &Segment<'_>,
    (j, salted): (usize, bool),
    align: &Alignment<'_, '_>,
    out: &mut Changes<'_>,
) {
    if old.name != new.name {
        let m = format!("renamed to `{}`: names are not in the bytes", new.name);
        out.field(Rule::FieldRenamed, old.name, Level::Renamed, m);
    }
    since(old, new, out);
    let last = align.shared().iter().all(|&(_, n)| n <= j);
    if let (FieldCodec::Nested(o), FieldCodec::Nested(n)) = (old.kind, new.kind) {
        return nested(o, n, new, last, out);
    }
    match fields::relation(old, new) {
        Relation::SameBytes(values) => same_bytes(old, new, values, out),
        Relation::Differs(diffs) => {
            for d in diffs {
                differs(old, new, d, (last, salted), out);
            }
        }
    }
}

/// The same bytes for the same values: the Rust type or its values changed.
fn same_bytes(old: &Segment<'_>, new: &Segment<'_>, values: Values, out: &mut Changes<'_>) {
    let name = new.name;
    let (from, to) = (type_text(old), type_text(new));
    match values {
        Values::Same if from == to => {}
        Values::Same => {
            let m = format!("{from} → {to}: the same bytes and values");
            out.field(Rule::FieldType, name, Level::Renamed, m);
        }
        Values::Wider => {
            let m = format!(
                "{from} → {to}: the same bytes, and values old keys cannot hold; the old layout does not read those"
            );
            out.field(Rule::FieldType, name, Level::ReadsOld, m);
        }
        Values::Unreadable => {
            let m = format!(
                "{from} → {to}: the same bytes, but the new type does not borrow some old values, so those keys no longer decode"
            );
            out.field(Rule::FieldType, name, Level::OrderKept, m);
        }
        Values::Fewer => {
            let m = format!(
                "{from} → {to}: the same bytes, but old keys may hold values the new field cannot, which no scan of the new layout finds"
            );
            out.field(Rule::FieldType, name, Level::Breaking, m);
        }
    }
}

/// `u32 (pad(6))`: what a field's type and codec read as in a message.
fn type_text(s: &Segment<'_>) -> String {
    if s.rust_type.is_empty() || s.codec.contains(s.rust_type) {
        format!("`{}`", s.codec)
    } else {
        format!("`{}` `{}`", s.rust_type, s.codec)
    }
}

/// Other bytes for the same value, in the way `d`.
/// `last`: no field follows in the key; `salted`: the bucket hashes its bytes.
fn differs(
    old: &Segment<'_>,
    new: &Segment<'_>,
    d: Difference,
    (last, salted): (bool, bool),
    out: &mut Changes<'_>,
) {
    let name = new.name;
    let (from, to) = (format!("`{}`", old.codec), format!("`{}`", new.codec));
    let (rule, level, m) = match d {
        Difference::Order => {
            let dir = |s: &Segment<'_>| if s.reverse { "descending" } else { "ascending" };
            (
                Rule::FieldOrder,
                Level::Breaking,
                format!(
                    "{} → {}: every value is written as other bytes",
                    dir(old),
                    dir(new)
                ),
            )
        }
        Difference::Mirror => (
            Rule::FieldMirror,
            Level::Breaking,
            format!("{from} → {to}: the bytes are written in another order"),
        ),
        Difference::Optional => (
            Rule::FieldOptional,
            Level::Breaking,
            format!("{from} → {to}: a presence byte is added or removed"),
        ),
        Difference::Tag => (
            Rule::FieldTag,
            Level::Breaking,
            format!("{from} → {to}: old keys hold the old tag"),
        ),
        Difference::Width if last && !salted && keeps_prefix(old, new) => (
            Rule::FieldWidth,
            Level::OrderKept,
            format!(
                "{from} → {to}, {} → {} bytes: old keys no longer decode, but their bytes begin with the new ones for the same value, so they stay in its scans",
                old.width, new.width
            ),
        ),
        Difference::Width => (
            Rule::FieldWidth,
            Level::Breaking,
            format!(
                "{from} → {to}, {} → {} bytes{}",
                old.width,
                new.width,
                if last {
                    ""
                } else {
                    ": every field after it moves"
                }
            ),
        ),
        Difference::Codec => (
            Rule::FieldCodec,
            Level::Breaking,
            format!("{from} → {to}: the value is written as other bytes"),
        ),
    };
    out.field(rule, name, level, m);
}

/// Whether a narrowed field's old bytes begin with its new bytes for every
/// old value: mirrored digits or unsigned integers, whose dropped bytes are
/// the high zeros, written last, and a new field that holds every old value.
fn keeps_prefix(old: &Segment<'_>, new: &Segment<'_>) -> bool {
    let unsigned = |s: &Segment<'_>| match s.kind {
        FieldCodec::Pad(_) => true,
        FieldCodec::Int(t) => !t.signed,
        FieldCodec::Narrow(_) => true,
        _ => false,
    };
    let holds_old = match (int_range(&old.kind), int_range(&new.kind)) {
        (Some((_, old_hi)), Some((_, new_hi))) => numbers(new_hi, old_hi).is_ge(),
        _ => false,
    };
    old.mirror && new.mirror && new.width < old.width && unsigned(old) && unsigned(new) && holds_old
}

/// Whether a key may end before the field, and the version that added it.
fn since(old: &Segment<'_>, new: &Segment<'_>, out: &mut Changes<'_>) {
    let name = new.name;
    match (old.omittable(), new.omittable()) {
        (true, false) => {
            let m = "old keys may end before it, but the new layout writes it in every key: its scans miss those keys".to_string();
            out.field(Rule::FieldSince, name, Level::Breaking, m);
        }
        (false, true) => {
            let m = "old keys write its `None` at the end, which the new layout refuses (it leaves it out)".to_string();
            out.field(Rule::FieldSince, name, Level::OrderKept, m);
        }
        _ if old.since != new.since => {
            let m = format!(
                "since = {} → since = {}: versions are not in the bytes",
                old.since, new.since
            );
            out.field(Rule::FieldSince, name, Level::Renamed, m);
        }
        _ => {}
    }
}

/// A nested key in both: its own changes, named under the field.
fn nested(
    old: &Layout<'_>,
    new: &Layout<'_>,
    seg: &Segment<'_>,
    last: bool,
    out: &mut Changes<'_>,
) {
    let prefix = format!("{}{}.", out.prefix, seg.name);
    let mut inner = Changes::new(&prefix);
    compare(old, new, &mut inner);
    out.list.append(&mut inner.list);
    if old.width != new.width {
        let m = format!(
            "the nested key `{}` is {} → {} bytes{}",
            new.name,
            old.width,
            new.width,
            if last {
                ""
            } else {
                ": every field after it moves"
            }
        );
        out.field(Rule::FieldWidth, seg.name, Level::Breaking, m);
    }
}

fn removed(i: usize, align: &Alignment<'_, '_>, out: &mut Changes<'_>) {
    let name = align.old[i].name;
    if !align.old_at_end(i) {
        let m = "removed before fields the new layout keeps: their bytes move".to_string();
        return out.field(Rule::FieldRemoved, name, Level::Breaking, m);
    }
    // The new layout's last field reads to the end of the key: the dropped bytes too.
    match align.new.last() {
        Some(last) if reads_to_end(last) => {
            let m = format!(
                "dropped from the end, but the new last field `{}` reads to the end of the key, so it reads the dropped bytes",
                last.name
            );
            out.field(Rule::FieldDropped, name, Level::Breaking, m);
        }
        _ => {
            let m = "dropped from the end: old keys that hold it no longer decode, and sort right after the new keys with the same fields".to_string();
            out.field(Rule::FieldDropped, name, Level::OrderKept, m);
        }
    }
}

fn reads_to_end(s: &Segment<'_>) -> bool {
    matches!(s.extent(), Extent::ToEnd { .. })
}

fn inserted(j: usize, align: &Alignment<'_, '_>, new: &Layout<'_>, out: &mut Changes<'_>) {
    let name = align.new[j].name;
    if !align.new_at_end(j) {
        let m = "inserted before fields old keys hold: their bytes are read as it".to_string();
        return out.field(Rule::FieldInserted, name, Level::Breaking, m);
    }
    if may_be_left_out(new, &align.new, j) {
        let m =
            "appended, and left out of keys that lack it: old keys read it as absent".to_string();
        out.field(Rule::FieldAppended, name, Level::ReadsOld, m);
    } else {
        let m = "appended: old keys lack it, so they no longer decode; they sort before the new keys with the same fields before it".to_string();
        out.field(Rule::FieldAppended, name, Level::OrderKept, m);
    }
}

/// Whether new field `j` may be missing from a key's end: added with
/// `since`, an HBase `Struct`'s trailing `Option`, or a Phoenix `VARCHAR`
/// with only `VARCHAR`s after it (trailing nulls are left out).
fn may_be_left_out(new: &Layout<'_>, fields: &[&Segment<'_>], j: usize) -> bool {
    let varchar = |s: &&Segment<'_>| s.kind == FieldCodec::Phoenix(PhoenixType::Varchar);
    fields[j].omittable() || (new.format() == KeyFormat::Phoenix && fields[j..].iter().all(varchar))
}

fn salt(
    old: Option<LayoutSalt<'_>>,
    new: Option<LayoutSalt<'_>>,
    align: &Alignment<'_, '_>,
    out: &mut Changes<'_>,
) {
    let (o, n) = match (old, new) {
        (None, None) => return,
        (None, Some(n)) => {
            let m = format!(
                "a salt bucket ({} buckets) now leads the key: every old key sits where no new key of its values does",
                n.salt.buckets()
            );
            return out.key(Rule::SaltAdded, Level::Breaking, m);
        }
        (Some(_), None) => {
            let m = "the salt bucket was removed: old keys start with a bucket the new layout reads as a field".to_string();
            return out.key(Rule::SaltRemoved, Level::Breaking, m);
        }
        (Some(o), Some(n)) => (o, n),
    };
    if o.salt.buckets() != n.salt.buckets() {
        let m = format!(
            "the salt's buckets {} → {}: most keys belong in another bucket",
            o.salt.buckets(),
            n.salt.buckets()
        );
        out.key(Rule::SaltBuckets, Level::Breaking, m);
    }
    if o.salt.format() != n.salt.format() {
        let m = format!(
            "the salt bucket is written {:?} → {:?}: old keys hold it as other bytes",
            o.salt.format(),
            n.salt.format()
        );
        out.key(Rule::SaltFormat, Level::Breaking, m);
    }
    if o.salt.hash() != n.salt.hash() {
        let m = format!(
            "the salt's hash {} → {}: keys hash to other buckets",
            hash_name(o),
            hash_name(n)
        );
        out.key(Rule::SaltHash, Level::Breaking, m);
    }
    // A Phoenix salt hashes the whole key, whatever its fields.
    if n.salt.format() == crate::SaltFormat::Phoenix {
        return;
    }
    let mapped: Vec<Option<&str>> = o.fields.iter().map(|f| align.new_name(f)).collect();
    if mapped.len() != n.fields.len() || mapped.iter().zip(n.fields).any(|(m, f)| *m != Some(*f)) {
        let m = format!(
            "the salt hashes {} → {}: keys hash to other buckets",
            list(o.fields),
            list(n.fields)
        );
        out.key(Rule::SaltFields, Level::Breaking, m);
    }
}

fn hash_name(s: LayoutSalt<'_>) -> &'static str {
    match s.salt.hash() {
        crate::SaltHash::Modulo => "modulo",
        crate::SaltHash::Custom(_) => "a function of yours",
        crate::SaltHash::Format if s.salt.format() == crate::SaltFormat::Phoenix => "Phoenix's",
        crate::SaltHash::Format => "xxh32",
    }
}

fn list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!("[{}]", quoted.join(", "))
}

fn max_width(old: &Layout<'_>, new: &Layout<'_>, out: &mut Changes<'_>) {
    let (o, n) = (old.max_width, new.max_width);
    let longest_old = longest(old).map_or(o, |l| l.min(o));
    let longest_new = longest(new).map_or(n, |l| l.min(n));
    if new.variable && n < longest_old {
        let m = format!("max_width {o} → {n}: old keys longer than {n} bytes no longer decode");
        out.key(Rule::MaxWidth, Level::OrderKept, m);
    } else if longest_new > longest_old && old.variable && new.variable && n > o {
        let m = format!("max_width {o} → {n}: new keys may be longer than the old layout reads");
        out.key(Rule::MaxWidth, Level::ReadsOld, m);
    } else if o != n {
        let m = format!("max_width {o} → {n}: no key is that long");
        out.key(Rule::MaxWidth, Level::Renamed, m);
    }
}

/// The longest key a layout writes, when its fields are bounded.
fn longest(l: &Layout<'_>) -> Option<usize> {
    l.segments.iter().try_fold(0, |sum, s| match s.extent() {
        Extent::Fixed(w) => Some(sum + w),
        _ => None,
    })
}
