//! Key types: a key compared with its new self, or an enum of key types
//! with its new self member by member, and the verdict put together from
//! the rules and what generated keys show.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::align::Alignment;
use super::layouts::{self, Changes};
use super::observe;
use super::set::{singles, Pairing, Set};
use super::{report, Change, Checked, Level, Report, Rule};
use crate::Member;

/// The verdict of `new` against `old`.
pub(crate) fn check(old: &Set<'_, '_>, new: &Set<'_, '_>) -> Report {
    let names = (old.name.to_string(), new.name.to_string());
    if old.same_as(new) {
        let migration = report::migration(old, new, &[], &[], Level::Identical);
        return report::finish(
            names,
            Level::Identical,
            Vec::new(),
            Vec::new(),
            Checked::default(),
            migration,
        );
    }
    let mut changes = Vec::new();
    let mut pairings = Vec::new();
    let single = singles(old, new);
    if !single && old.name != new.name {
        let m = format!(
            "key types `{}` → `{}`: names are not in the bytes",
            old.name, new.name
        );
        changes.push(key_change(Rule::KeyRenamed, Level::Renamed, m));
    }
    for (i, j) in pair_members(old, new) {
        let (mo, mn) = (&old.members[i], &new.members[j]);
        let prefix = if single {
            String::new()
        } else {
            format!("{}.", new.member_name(j))
        };
        if !single {
            member_changes(old, new, i, j, &mut changes);
        }
        let mut c = Changes::new(&prefix);
        let align: Alignment<'_, '_> = layouts::compare(mo.layout, mn.layout, &mut c);
        changes.append(&mut c.list);
        pairings.push(Pairing {
            old: i,
            new: j,
            align,
        });
    }
    added_and_removed(old, new, &pairings, &mut changes);
    overlaps(old, new, &pairings, &mut changes);
    // A possible overlap breaks only where a key shows it: until then it
    // leaves "reads old keys" standing.
    let level = |c: &Change| match c.rule {
        Rule::MemberOverlap => Level::ReadsOld,
        _ => c.level,
    };
    let reasoned = changes.iter().map(level).fold(Level::Renamed, Level::min);
    let seen = observe::run(old, new, &pairings, &changes, reasoned);
    for c in changes.iter_mut().filter(|c| c.rule == Rule::MemberOverlap) {
        if !seen
            .witnesses
            .iter()
            .any(|w| w.rule == c.rule && w.field == c.field)
        {
            c.level = Level::ReadsOld;
            c.message
                .push_str("; no generated key reads as both, so old keys read as before");
        }
    }
    changes.extend(seen.changes);
    let verdict = changes.iter().map(|c| c.level).fold(reasoned, Level::min);
    let migration = report::migration(old, new, &pairings, &changes, verdict);
    report::finish(
        names,
        verdict,
        changes,
        seen.witnesses,
        seen.checked,
        migration,
    )
}

fn key_change(rule: Rule, level: Level, message: String) -> Change {
    Change {
        rule,
        field: None,
        level,
        message,
    }
}

fn member_change(rule: Rule, member: &str, level: Level, message: String) -> Change {
    Change {
        rule,
        field: Some(member.to_string()),
        level,
        message: format!("key type `{member}`: {message}"),
    }
}

/// Whether two members are one key type, by one of the pairing rules.
type Same = &'static dyn Fn(&Member<'_>, &Member<'_>) -> bool;

/// Old and new members that are one key type: by variant name, then by the
/// key's type name, then by the same bytes.
fn pair_members(old: &Set<'_, '_>, new: &Set<'_, '_>) -> Vec<(usize, usize)> {
    if singles(old, new) {
        return alloc::vec![(0, 0)];
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let same: [Same; 3] = [
        &|a, b| a.name == b.name,
        &|a, b| a.layout.name == b.layout.name,
        &|a, b| a.layout.fingerprint() == b.layout.fingerprint(),
    ];
    for rule in same {
        for (i, mo) in old.members.iter().enumerate() {
            if pairs.iter().any(|&(o, _)| o == i) {
                continue;
            }
            let free = |j: &usize| !pairs.iter().any(|&(_, n)| n == *j);
            if let Some(j) = (0..new.members.len())
                .filter(free)
                .find(|&j| rule(mo, &new.members[j]))
            {
                pairs.push((i, j));
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

fn member_changes(old: &Set<'_, '_>, new: &Set<'_, '_>, i: usize, j: usize, out: &mut Vec<Change>) {
    let (mo, mn) = (&old.members[i], &new.members[j]);
    let name = new.member_name(j);
    if old.member_name(i) != name {
        let m = format!(
            "renamed from `{}`: names are not in the bytes",
            old.member_name(i)
        );
        out.push(member_change(Rule::MemberRenamed, name, Level::Renamed, m));
    }
    if mo.tag != mn.tag {
        let m = format!(
            "its tag {} → {}: old keys start with the old tag",
            report::hex(mo.tag),
            report::hex(mn.tag)
        );
        out.push(member_change(Rule::MemberTag, name, Level::Breaking, m));
    }
}

fn added_and_removed(
    old: &Set<'_, '_>,
    new: &Set<'_, '_>,
    pairings: &[Pairing<'_, '_>],
    out: &mut Vec<Change>,
) {
    for i in (0..old.members.len()).filter(|&i| !pairings.iter().any(|p| p.old == i)) {
        let m = "removed: its keys no longer decode".to_string();
        out.push(member_change(
            Rule::MemberRemoved,
            old.member_name(i),
            Level::OrderKept,
            m,
        ));
    }
    for j in (0..new.members.len()).filter(|&j| !pairings.iter().any(|p| p.new == j)) {
        let m = "added: no old key is one of its keys".to_string();
        out.push(member_change(
            Rule::MemberAdded,
            new.member_name(j),
            Level::ReadsOld,
            m,
        ));
    }
}

/// Two members of the new set that may decode the same bytes, where their
/// old selves could not (or one of them is new): keys of the later one may
/// read as the earlier.
fn overlaps(
    old: &Set<'_, '_>,
    new: &Set<'_, '_>,
    pairings: &[Pairing<'_, '_>],
    out: &mut Vec<Change>,
) {
    let old_of = |j: usize| pairings.iter().find(|p| p.new == j).map(|p| p.old);
    for y in 0..new.members.len() {
        for x in 0..y {
            if disjoint(&new.members[x], &new.members[y]) {
                continue;
            }
            if let (Some(ox), Some(oy)) = (old_of(x), old_of(y)) {
                if !disjoint(&old.members[ox], &old.members[oy]) {
                    continue;
                }
            }
            let m = format!(
                "may decode the same bytes as `{}`, which `decode` tries first: its keys can read as that key type",
                new.member_name(x)
            );
            out.push(member_change(
                Rule::MemberOverlap,
                new.member_name(y),
                Level::Breaking,
                m,
            ));
        }
    }
}

/// Whether no bytes decode as both members: tags where neither starts the
/// other, keys of lengths that cannot meet (two fixed lengths that differ,
/// or a fixed one shorter than the other's shortest), or the same tag and
/// keys the derive tells apart.
fn disjoint(a: &Member<'_>, b: &Member<'_>) -> bool {
    let tagged = !a.tag.is_empty() && !b.tag.is_empty();
    if tagged && !a.tag.starts_with(b.tag) && !b.tag.starts_with(a.tag) {
        return true;
    }
    let len = |m: &Member<'_>| m.tag.len() + m.layout.width;
    let apart = |x: &Member<'_>, y: &Member<'_>| {
        !x.layout.variable
            && (if y.layout.variable {
                len(y) > len(x)
            } else {
                len(y) != len(x)
            })
    };
    if apart(a, b) || apart(b, a) {
        return true;
    }
    a.tag == b.tag && crate::checks::disjoint(a.layout, b.layout)
}
