//! Keys generated for each key type of a set, from its layout alone: the
//! typical key, each field varied over its values, and random keys, each
//! read back by its own layout (a key it cannot read is none a table holds).

use alloc::string::String;
use alloc::vec::Vec;

use super::samples::{self, Rng};
use super::set::{Pairing, Set};
use crate::value::FieldValue;
use crate::{Layout, Segment};

/// The seed of every run: reports do not change from run to run.
pub(crate) const SEED: u64 = 0x726f_776b_6579;

/// Random keys generated per key type, besides the typical key and its
/// one-field variations.
const RANDOM_KEYS: usize = 48;

/// A generated key: its bytes (with its member's tag), the field varied
/// from the typical key to make it, and its values as its writer reads them.
pub(crate) struct Sample<'a> {
    /// The member of its set.
    pub member: usize,
    pub key: Vec<u8>,
    /// `None` for the typical key and random keys, told apart by `random`.
    pub varied: Option<String>,
    pub random: bool,
    pub values: Vec<FieldValue<'a>>,
}

/// For a new layout with a lower `max_width`, the length of old keys that
/// show it.
pub(crate) fn long_target(
    old: &Set<'_, '_>,
    new: &Set<'_, '_>,
    i: usize,
    pairings: &[Pairing<'_, '_>],
) -> Option<usize> {
    let p = pairings.iter().find(|p| p.old == i)?;
    let (o, n) = (old.members[i].layout, new.members[p.new].layout);
    (o.variable && n.max_width < o.max_width).then_some(n.max_width + 1)
}

/// Keys of member `m`: the typical key, each field varied over its values,
/// and random keys; each read back by its own layout.
pub(crate) fn generate<'a>(
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
        let variable = !matches!(seg.extent(), crate::codec::Extent::Fixed(_));
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
