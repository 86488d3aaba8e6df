//! What generated keys show: old keys read by the new layout with
//! `dynamic` (do they decode, to the same values, at the same bytes, inside
//! the new layout's scan for their values, in order with new keys), the
//! witness of each change, and whatever contradicts the reasoned verdict.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::align::Alignment;
use super::keys::{aim, generate, Aim, Sample, SEED};
use super::samples::{self, Rng};
use super::scans::{out_of_order, scan_miss};
use super::set::{singles, Pairing, Set};
use super::values::{is_null, same};
use super::{Change, Checked, Level, Rule, Shows, Witness, Writer};
use crate::value::{FieldValue, Value};
use crate::{FieldCodec, KeyFormat, PhoenixType};

/// What [`run`] found.
pub(crate) struct Observed {
    pub changes: Vec<Change>,
    pub witnesses: Vec<Witness>,
    pub checked: Checked,
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
        .map(|i| generate(old, i, &aim(old, new, i, pairings), &mut rng))
        .collect();
    let new_keys: Vec<Vec<Sample<'_>>> = (0..new.members.len())
        .map(|j| generate(new, j, &Aim::default(), &mut rng))
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
        // An overlap shows only in a key read as another key type.
        let overlap = change.rule == Rule::MemberOverlap;
        let shows = |f: &&Finding<'_, 'a>| {
            let relevant = !overlap || as_other_type(&f.shows);
            f.level <= change.level && self.about(change, f) && relevant
        };
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
            _ if singles(self.old, self.new) => return true,
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
        if singles(self.old, self.new) {
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
            as_other_type(&f.shows) && out.witnesses.iter().any(|w| w.rule == Rule::MemberOverlap)
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

/// Whether a finding is a key read as another key type ([`other_type`]; a
/// field is named in backticks, never so).
fn as_other_type(s: &Shows) -> bool {
    matches!(s, Shows::ReadsDifferently { fields } if fields.iter().any(|x| x.starts_with("key type")))
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
