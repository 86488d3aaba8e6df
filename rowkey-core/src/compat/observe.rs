//! What generated keys show: old keys read by the new layout with
//! `dynamic` (do they decode, to the same values, at the same bytes, inside
//! the new layout's scan for their values, in order with new keys), the
//! witness of each change, and whatever contradicts the reasoned verdict.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::align::Alignment;
use super::members::Set;
use super::samples::{self, Rng};
use super::values::{is_null, order, same};
use super::{Change, Checked, Level, Rule, Shows, Witness, Writer};
use crate::dynamic::{self, Scan, ScanRanges};
use crate::value::{FieldValue, Value};
use crate::{FieldCodec, KeyFormat, Layout, Order, PhoenixType, Segment};

/// An old key type and its new self, and how their fields align.
pub(crate) struct Pairing<'l, 'a> {
    pub old: usize,
    pub new: usize,
    pub align: Alignment<'l, 'a>,
}

/// What [`run`] found.
pub(crate) struct Observed {
    pub changes: Vec<Change>,
    pub witnesses: Vec<Witness>,
    pub checked: Checked,
}

/// A generated key: its bytes (with its member's tag), the field varied
/// from the typical key to make it, and its values as its writer reads them.
struct Sample<'a> {
    member: usize,
    key: Vec<u8>,
    /// `None` for the typical key and random keys, told apart by `random`.
    varied: Option<String>,
    random: bool,
    values: Vec<FieldValue<'a>>,
}

/// A key, what goes wrong with it, and the strongest level that leaves.
struct Finding<'r, 'a> {
    sample: &'r Sample<'a>,
    writer: Writer,
    shows: Shows,
    level: Level,
}

/// How telling a finding is, for choosing a witness: a misread first.
fn rank(s: &Shows) -> u8 {
    match s {
        Shows::ReadsDifferently { .. } => 6,
        Shows::WrittenElsewhere { .. } => 5,
        Shows::ScanMisses { .. } | Shows::NoValue { .. } | Shows::Unreachable { .. } => 4,
        Shows::OutOfOrder { .. } => 3,
        Shows::NoLongerDecodes => 2,
        Shows::ReadsNewFields { .. } => 1,
    }
}

fn level(s: &Shows) -> Level {
    match s {
        Shows::NoLongerDecodes | Shows::ReadsNewFields { .. } => Level::OrderKept,
        _ => Level::Breaking,
    }
}

/// The seed of every run: reports do not change from run to run.
const SEED: u64 = 0x726f_776b_6579;

/// Random keys generated per key type, besides the typical key and its
/// one-field variations.
const RANDOM_KEYS: usize = 48;

/// Generates keys of both layouts, judges each old key under the new
/// layout, finds a witness for every change below "reads old keys", and
/// reports what contradicts `verdict`.
pub(crate) fn run(
    old: &Set<'_, '_>,
    new: &Set<'_, '_>,
    pairings: &[Pairing<'_, '_>],
    changes: &[Change],
    verdict: Level,
) -> Observed {
    let mut rng = Rng::new(SEED);
    let old_keys: Vec<Vec<Sample<'_>>> = (0..old.members.len())
        .map(|i| generate(old, i, long_target(old, new, i, pairings), &mut rng))
        .collect();
    let new_keys: Vec<Vec<Sample<'_>>> = (0..new.members.len())
        .map(|j| generate(new, j, None, &mut rng))
        .collect();
    let judge = Judge { old, new, pairings };
    let mut findings = Vec::new();
    for (i, keys) in old_keys.iter().enumerate() {
        for s in keys {
            findings.extend(judge.old_key(i, s, &new_keys));
        }
    }
    for (j, keys) in new_keys.iter().enumerate() {
        for s in keys {
            findings.extend(judge.new_key(j, s, verdict));
        }
    }
    let checked = Checked {
        old_keys: old_keys.iter().map(Vec::len).sum(),
        new_keys: new_keys.iter().map(Vec::len).sum(),
    };
    let witnesses = changes
        .iter()
        .filter(|c| c.level < Level::ReadsOld)
        .filter_map(|c| judge.witness(c, &findings))
        .collect();
    let mut observed = Observed {
        changes: Vec::new(),
        witnesses,
        checked,
    };
    judge.contradictions(&findings, verdict, &mut observed);
    observed
}

/// For a new layout with a lower `max_width`, the length of old keys that
/// show it.
fn long_target(
    old: &Set<'_, '_>,
    new: &Set<'_, '_>,
    i: usize,
    pairings: &[Pairing<'_, '_>],
) -> Option<usize> {
    let p = pairings.iter().find(|p| p.old == i)?;
    let (o, n) = (old.members[i].layout, new.members[p.new].layout);
    (o.variable && n.max_width < o.max_width).then_some(n.max_width + 1)
}

struct Judge<'r, 's, 'a, 'l> {
    old: &'r Set<'s, 'a>,
    new: &'r Set<'s, 'a>,
    pairings: &'r [Pairing<'l, 'a>],
}

impl<'r, 's, 'a, 'l> Judge<'r, 's, 'a, 'l> {
    /// What goes wrong with old key `s` of old member `i` under the new layout.
    fn old_key<'k>(
        &self,
        i: usize,
        s: &'k Sample<'a>,
        new_keys: &[Vec<Sample<'a>>],
    ) -> Vec<Finding<'k, 'a>> {
        let found = |shows: Shows| Finding {
            sample: s,
            writer: Writer::Old,
            level: level(&shows),
            shows,
        };
        let Some(p) = self.pairings.iter().find(|p| p.old == i) else {
            // A removed key type: its keys must not read as another.
            return match self.new.read(&s.key) {
                Err(_) => alloc::vec![found(Shows::NoLongerDecodes)],
                Ok((j, _)) => alloc::vec![found(other_type(self.new, j))],
            };
        };
        let mut out: Vec<Finding<'k, 'a>> = reading(self.new, p.new, s, &p.align)
            .into_iter()
            .map(found)
            .collect();
        out.extend(scan_miss(&self.new.members[p.new], p, s).map(found));
        if !out.iter().any(|f| f.level == Level::Breaking) {
            out.extend(out_of_order(self.new, p, s, &new_keys[p.new]).map(found));
        }
        out
    }

    /// What goes wrong with new key `s` of new member `j`: read by the new
    /// layout as another key type, or, where the verdict claims the same keys
    /// both ways, not read the same by the old layout.
    fn new_key<'k>(&self, j: usize, s: &'k Sample<'a>, verdict: Level) -> Vec<Finding<'k, 'a>> {
        let found = |shows: Shows, level| Finding {
            sample: s,
            writer: Writer::New,
            shows,
            level,
        };
        let mut out = Vec::new();
        // The new layout misreads its own key: its key types overlap.
        if let Ok((k, _)) = self.new.read(&s.key) {
            if k != j {
                out.push(found(other_type(self.new, k), Level::Breaking));
            }
        }
        if verdict >= Level::Renamed {
            if let Some(p) = self.pairings.iter().find(|p| p.new == j) {
                let (n, o) = (self.new.members[j].layout, self.old.members[p.old].layout);
                let back = Alignment::of(n, o);
                let shows = reading(self.old, p.old, s, &back);
                out.extend(shows.map(|x| found(x, Level::ReadsOld)));
            }
        }
        out
    }

    /// The most telling finding that shows `change`, as a witness: one of
    /// a key varied in the change's field if there is one.
    fn witness(&self, change: &Change, findings: &[Finding<'_, 'a>]) -> Option<Witness> {
        let field = change.field.as_deref().map(|p| self.local(p));
        let varied = |f: &&Finding<'_, 'a>| {
            let typical = f.sample.varied.is_none() && !f.sample.random;
            field.is_none() || typical || f.sample.varied.as_deref() == field
        };
        let shows = |f: &&Finding<'_, 'a>| f.level <= change.level && self.about(change, f);
        // The change's own level first (the witness shows what the change
        // does), then the most telling finding.
        let key = |f: &&Finding<'_, 'a>| (f.level == change.level, rank(&f.shows));
        // `rev`: of equals, the first generated (the typical key) wins.
        let f = findings
            .iter()
            .rev()
            .filter(shows)
            .filter(varied)
            .max_by_key(key)
            .or_else(|| findings.iter().rev().filter(shows).max_by_key(key))?;
        Some(self.witness_of(change.rule, change.field.clone(), f))
    }

    /// Whether a finding is a key of the key type `change` is about.
    fn about(&self, change: &Change, f: &Finding<'_, 'a>) -> bool {
        let member = match &change.field {
            _ if self.old.single && self.new.single => return true,
            None => return true,
            Some(field) => field.split('.').next().unwrap_or_default(),
        };
        let m = f.sample.member;
        match f.writer {
            Writer::Old => {
                self.old.member_name(m) == member
                    || self
                        .pairings
                        .iter()
                        .any(|p| p.old == m && self.new.member_name(p.new) == member)
            }
            Writer::New => self.new.member_name(m) == member,
        }
    }

    /// A change's field within its key type (`Order.customer` is `customer`).
    fn local<'p>(&self, field: &'p str) -> &'p str {
        if self.old.single && self.new.single {
            field
        } else {
            field.split_once('.').map_or("", |(_, f)| f)
        }
    }

    fn witness_of(&self, rule: Rule, field: Option<String>, f: &Finding<'_, 'a>) -> Witness {
        Witness {
            rule,
            field,
            key: f.sample.key.clone(),
            writer: f.writer,
            old: self.old.reading(&f.sample.key),
            new: self.new.reading(&f.sample.key),
            shows: f.shows.clone(),
        }
    }

    /// The worst finding below the reasoned verdict, if any: an observed
    /// change with its witness.
    fn contradictions(&self, findings: &[Finding<'_, 'a>], verdict: Level, out: &mut Observed) {
        // A key read as another key type shows an overlap the rules named.
        let named = |f: &&Finding<'_, 'a>| {
            let other_type = matches!(&f.shows, Shows::ReadsDifferently { fields } if fields.iter().any(|x| x.starts_with("key type")));
            other_type && out.witnesses.iter().any(|w| w.rule == Rule::MemberOverlap)
        };
        let worst = findings
            .iter()
            .filter(|f| f.level < verdict)
            .filter(|f| !named(f))
            .min_by_key(|f| (f.level, u8::MAX - rank(&f.shows)));
        let Some(f) = worst else { return };
        let message = format!(
            "a generated key shows what the rules above did not: {}",
            describe(&f.shows)
        );
        out.changes.push(Change {
            rule: Rule::Observed,
            field: f.sample.varied.clone(),
            level: f.level,
            message,
        });
        out.witnesses
            .push(self.witness_of(Rule::Observed, f.sample.varied.clone(), f));
    }
}

fn describe(s: &Shows) -> String {
    match s {
        Shows::NoLongerDecodes => "an old key no longer decodes".into(),
        Shows::ReadsNewFields { fields } => {
            format!("an old key reads values for {}", fields.join(", "))
        }
        Shows::ReadsDifferently { fields } => {
            format!("a key reads differently: {}", fields.join(", "))
        }
        Shows::WrittenElsewhere { .. } => {
            "the new layout writes an old key's values as other bytes".into()
        }
        Shows::NoValue { field, .. } => {
            format!("an old key's `{field}` is no value of the new field")
        }
        Shows::Unreachable { field, missing } => {
            format!("no scan of the new layout by `{field}` finds old keys, which lack `{missing}`")
        }
        Shows::ScanMisses { .. } => {
            "the new layout's scan for an old key's values misses it".into()
        }
        Shows::OutOfOrder { field, .. } => format!("old and new keys sort apart on `{field}`"),
    }
}

fn other_type(set: &Set<'_, '_>, j: usize) -> Shows {
    Shows::ReadsDifferently {
        fields: alloc::vec![format!("key type {}", set.member_name(j))],
    }
}

/// How `reader` reads key `s`, which should be its member `expected`: not at all, as
/// another key type, other values, values for fields the key lacks, or the
/// same values written as other bytes.
fn reading(
    reader: &Set<'_, '_>,
    expected: usize,
    s: &Sample<'_>,
    align: &Alignment<'_, '_>,
) -> Option<Shows> {
    let (j, values) = match reader.read(&s.key) {
        Err(_) => return Some(Shows::NoLongerDecodes),
        Ok(read) => read,
    };
    if j != expected {
        return Some(other_type(reader, j));
    }
    let value = |vs: &'_ [FieldValue<'_>], name: &str| vs.iter().position(|v| v.name == name);
    let mut differ = Vec::new();
    for (o, n) in align.shared() {
        let (on, nn) = (align.old[o].name, align.new[n].name);
        let (Some(a), Some(b)) = (value(&s.values, on), value(&values, nn)) else {
            continue;
        };
        if !same(&s.values[a].value, &values[b].value) {
            differ.push(format!("`{nn}`"));
        }
    }
    if !differ.is_empty() {
        return Some(Shows::ReadsDifferently { fields: differ });
    }
    let layout = reader.members[j].layout;
    let phoenix = layout.format() == KeyFormat::Phoenix;
    let new_only: Vec<String> = (0..align.new.len())
        .filter(|n| !align.shared().iter().any(|&(_, x)| x == *n))
        .map(|n| align.new[n])
        .filter(|seg| !matches!(seg.kind, FieldCodec::Tag(_)))
        .filter(|seg| {
            let varchar = phoenix && seg.kind == FieldCodec::Phoenix(PhoenixType::Varchar);
            value(&values, seg.name).is_some_and(|i| !is_null(&values[i].value, varchar))
        })
        .map(|seg| format!("`{}`", seg.name))
        .collect();
    if !new_only.is_empty() {
        return Some(Shows::ReadsNewFields { fields: new_only });
    }
    let member = &reader.members[j];
    let rewritten = samples::key(layout, &mut |path, _| text_at(&values, path))
        .map(|k| [member.tag, &k].concat());
    match rewritten {
        Some(k) if k != s.key => Some(Shows::WrittenElsewhere { new_key: k }),
        _ => None,
    }
}

/// The text of the value at `path` (`main.user` inside a nested key).
fn text_at(values: &[FieldValue<'_>], path: &str) -> Option<String> {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    let v = &values.iter().find(|v| v.name == head)?.value;
    match (v, rest) {
        (Value::Key(inner), Some(r)) => text_at(inner, r),
        (_, None) => Some(v.to_input()),
        _ => None,
    }
}

/// Whether the new layout's scan for the old key's values (its longest
/// leading run of fields the new layout has) leaves the key out, or one of
/// those values is none the new layout holds.
fn scan_miss(member: &crate::Member<'_>, p: &Pairing<'_, '_>, s: &Sample<'_>) -> Option<Shows> {
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
fn out_of_order(
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
    let to_end = matches!(seg.kind.codec().extent(), crate::codec::Extent::ToEnd);
    let phoenix_apart = matches!(seg.kind, FieldCodec::Phoenix(PhoenixType::Char(_)))
        || (seg.reverse && seg.kind == FieldCodec::Phoenix(PhoenixType::Varchar));
    let apart = seg.order == Order::Unordered
        || (to_end && seg.reverse)
        || phoenix_apart
        || matches!(seg.kind, FieldCodec::Nested(_));
    !apart
}

/// Keys of member `m`: the typical key, each field varied over its values,
/// and random keys; each read back by its own layout.
fn generate<'a>(
    set: &Set<'_, 'a>,
    m: usize,
    long: Option<usize>,
    rng: &mut Rng,
) -> Vec<Sample<'a>> {
    let member = &set.members[m];
    let layout = member.layout;
    let paths = samples::paths(layout);
    let mut choices: Vec<Vec<String>> = paths.iter().map(|(_, s)| samples::values(s)).collect();
    let base = base_choice(layout, &paths, &choices);
    if let Some(target) = long {
        add_long(
            layout,
            &paths,
            &base,
            &mut choices,
            target + member.tag.len(),
        );
    }
    let mut out: Vec<Sample<'a>> = Vec::new();
    let push =
        |key: Option<Vec<u8>>, varied: Option<String>, random: bool, out: &mut Vec<Sample<'a>>| {
            let Some(key) = key else { return };
            let key = [member.tag, &key].concat();
            if out.iter().any(|s| s.key == key) {
                return;
            }
            // The key must read as this member of its own set.
            if let Ok((i, values)) = set.read(&key) {
                if i == m {
                    out.push(Sample {
                        member: m,
                        key,
                        varied,
                        random,
                        values,
                    });
                }
            }
        };
    let (paths_r, choices_r, base_r) = (&paths, &choices, &base);
    let pick = |at: Option<(usize, usize)>| {
        move |path: &str, _: &Segment<'_>| {
            let f = paths_r.iter().position(|(p, _)| p == path)?;
            let k = match at {
                Some((g, k)) if g == f => k,
                _ => base_r[f],
            };
            choices_r[f].get(k).cloned()
        }
    };
    push(samples::key(layout, &mut pick(None)), None, false, &mut out);
    for (f, (path, _)) in paths.iter().enumerate() {
        for k in 0..choices[f].len() {
            let key = samples::key(layout, &mut pick(Some((f, k))));
            push(key, Some(path.clone()), false, &mut out);
        }
    }
    for _ in 0..RANDOM_KEYS {
        let key = samples::key(layout, &mut |_, seg| samples::random(seg, rng));
        push(key, None, true, &mut out);
    }
    out
}

/// The typical value of each field: the first that gives a key, so a
/// Phoenix key of nulls (refused) or a too-long key tries the next.
fn base_choice(
    layout: &Layout<'_>,
    paths: &[(String, Segment<'_>)],
    choices: &[Vec<String>],
) -> Vec<usize> {
    let mut base = alloc::vec![0usize; paths.len()];
    for f in 0..paths.len() {
        for k in 0..choices[f].len() {
            base[f] = k;
            let ok = samples::key(layout, &mut |path, _| {
                let g = paths.iter().position(|(p, _)| p == path)?;
                choices[g].get(base[g]).cloned()
            })
            .is_some();
            if ok {
                break;
            }
        }
    }
    if samples::key(layout, &mut |path, _| {
        let g = paths.iter().position(|(p, _)| p == path)?;
        choices[g].get(base[g]).cloned()
    })
    .is_none()
    {
        base.fill(0);
    }
    base
}

/// Values long enough to make keys of `target` bytes and a little more,
/// for the variable-length text fields: the typical key, that field grown.
fn add_long(
    layout: &Layout<'_>,
    paths: &[(String, Segment<'_>)],
    base: &[usize],
    choices: &mut [Vec<String>],
    target: usize,
) {
    let typical = samples::key(layout, &mut |path, _| {
        let g = paths.iter().position(|(p, _)| p == path)?;
        choices[g].get(base[g]).cloned()
    });
    let Some(typical) = typical else { return };
    for (f, (_, seg)) in paths.iter().enumerate() {
        let variable = !matches!(seg.kind.codec().extent(), crate::codec::Extent::Fixed(_));
        let Some(value) = choices[f].get(base[f]) else {
            continue;
        };
        let len = value
            .strip_prefix("0x")
            .map_or(value.len(), |h| h.len() / 2);
        if variable {
            for extra in 0..4 {
                let n = (target + len + extra).saturating_sub(typical.len());
                choices[f].push("a".repeat(n));
            }
        }
    }
}
