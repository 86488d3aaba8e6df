//! Keys generated for each key type of a set, from its layout alone: the
//! typical key, each field varied over its values, random keys, and old
//! keys aimed at a change (as long as a lowered `max_width` refuses, in a
//! bucket a new salt moves), each read back by its own layout (a key it
//! cannot read is none a table holds).

use alloc::string::String;
use alloc::vec::Vec;

use super::samples::{self, Rng};
use super::set::{Pairing, Set};
use crate::value::FieldValue;
use crate::{Layout, LayoutSalt, Salt, Segment};

/// The seed of every run: reports do not change from run to run.
pub(crate) const SEED: u64 = 0x726f_776b_6579;

/// Random keys generated per key type, besides the typical key and its
/// one-field variations.
const RANDOM_KEYS: usize = 48;

/// Lengths tried just above a lowered `max_width`.
const LONG_KEYS: usize = 4;

/// Values of a salted field tried for a key the new salt moves.
const SEARCHED: usize = 64;

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

/// What a member's old keys must include to show a change the rules name,
/// beyond the typical key and its variations: keys of these lengths (the
/// new layout's `max_width` is lower), and a key the new salt puts in
/// another bucket.
#[derive(Default)]
pub(crate) struct Aim<'a> {
    pub lengths: Vec<usize>,
    pub salt: Option<Rehashed<'a>>,
}

/// The new salt of a member, the fields it hashes named as the old layout
/// names them: the bucket it computes from an old key's bytes is the one
/// the new layout writes (and scans) for that key's values.
pub(crate) struct Rehashed<'a> {
    salt: Salt,
    fields: Vec<&'a str>,
}

/// What the old keys of old member `i` must include.
pub(crate) fn aim<'a>(
    old: &Set<'_, 'a>,
    new: &Set<'_, 'a>,
    i: usize,
    pairings: &[Pairing<'_, 'a>],
) -> Aim<'a> {
    let Some(p) = pairings.iter().find(|p| p.old == i) else {
        return Aim::default();
    };
    let (o, n) = (old.members[i].layout, new.members[p.new].layout);
    Aim {
        lengths: long_lengths(o, n),
        salt: rehashed(o, n, p),
    }
}

/// For a new layout with a lower `max_width`, the lengths of old keys that
/// show it: just above the new maximum, and the old maximum itself.
fn long_lengths(o: &Layout<'_>, n: &Layout<'_>) -> Vec<usize> {
    if !o.variable || n.max_width >= o.max_width {
        return Vec::new();
    }
    let above = (n.max_width + 1..=o.max_width).take(LONG_KEYS);
    let mut lengths: Vec<usize> = above.chain([o.max_width]).collect();
    lengths.dedup();
    lengths
}

/// The new salt, when it is another than the old one (its bucket count,
/// hash or fields) written the same way, and hashes fields the old key has.
fn rehashed<'a>(o: &Layout<'a>, n: &Layout<'a>, p: &Pairing<'_, 'a>) -> Option<Rehashed<'a>> {
    let (os, ns) = (o.salt?, n.salt?);
    if os.salt.format() != ns.salt.format() {
        return None;
    }
    let old_name = |name: &&str| {
        let j = p.align.new.iter().position(|s| s.name == *name)?;
        let (o, _) = p.align.shared().into_iter().find(|&(_, x)| x == j)?;
        Some(p.align.old[o].name)
    };
    let fields = ns.fields.iter().map(old_name).collect::<Option<Vec<_>>>()?;
    if os.salt == ns.salt && os.fields == fields.as_slice() {
        return None;
    }
    Some(Rehashed {
        salt: ns.salt,
        fields,
    })
}

/// Keys of member `m`: the typical key, each field varied over its values,
/// random keys, and the keys `aim` asks for; each read back by its own
/// layout.
pub(crate) fn generate<'a>(
    set: &Set<'_, 'a>,
    m: usize,
    aim: &Aim<'_>,
    rng: &mut Rng,
) -> Vec<Sample<'a>> {
    let layout = set.members[m].layout;
    let paths = samples::paths(layout);
    let mut choices: Vec<Vec<String>> = paths.iter().map(|(_, s)| samples::values(s)).collect();
    let base = base_choice(layout, &paths, &choices);
    for &length in &aim.lengths {
        add_long(layout, &paths, &base, &mut choices, length);
    }
    let picks = Picks {
        paths: &paths,
        choices: &choices,
        base: &base,
    };
    let mut keys = Keys {
        set,
        m,
        out: Vec::new(),
    };
    keys.push(picks.key(layout, None), None, false);
    for (f, (path, _)) in paths.iter().enumerate() {
        for value in &choices[f] {
            let key = picks.key(layout, Some((f, value)));
            keys.push(key, Some(path.clone()), false);
        }
    }
    for _ in 0..RANDOM_KEYS {
        let key = samples::key(layout, &mut |_, seg| samples::random(seg, rng));
        keys.push(key, None, true);
    }
    if let Some(rehashed) = &aim.salt {
        keys.rehashed(layout, &picks, rehashed);
    }
    keys.out
}

/// The values keys are made of: each field's choices, and the typical one.
struct Picks<'p, 'a> {
    paths: &'p [(String, Segment<'a>)],
    choices: &'p [Vec<String>],
    base: &'p [usize],
}

impl Picks<'_, '_> {
    /// The typical key, with field `f` given another value by `at`.
    fn key(&self, layout: &Layout<'_>, at: Option<(usize, &str)>) -> Option<Vec<u8>> {
        samples::key(layout, &mut |path, _| {
            let g = self.paths.iter().position(|(p, _)| p == path)?;
            match at {
                Some((f, value)) if f == g => Some(value.into()),
                _ => self.choices[g].get(self.base[g]).cloned(),
            }
        })
    }
}

/// The keys of member `m` generated so far.
struct Keys<'r, 's, 'a> {
    set: &'r Set<'s, 'a>,
    m: usize,
    out: Vec<Sample<'a>>,
}

impl<'a> Keys<'_, '_, 'a> {
    /// Adds a key (given without its member's tag) that reads as member
    /// `m` of its own set; whether it is among the keys.
    fn push(&mut self, key: Option<Vec<u8>>, varied: Option<String>, random: bool) -> bool {
        let Some(key) = key else { return false };
        let key = [self.set.members[self.m].tag, &key].concat();
        if self.out.iter().any(|s| s.key == key) {
            return true;
        }
        match self.set.read(&key) {
            Ok((i, values)) if i == self.m => {
                self.out.push(Sample {
                    member: self.m,
                    key,
                    varied,
                    random,
                    values,
                });
                true
            }
            _ => false,
        }
    }

    /// Adds a key the new salt puts in another bucket than the old one, if
    /// a salted field has a value that moves the typical key (the first of
    /// its choices, then many more values, so that a field of few values is
    /// tried whole).
    fn rehashed(&mut self, layout: &Layout<'_>, picks: &Picks<'_, '_>, to: &Rehashed<'_>) {
        let Some(from) = layout.salt else { return };
        let moved = Layout {
            salt: Some(LayoutSalt {
                salt: to.salt,
                fields: &to.fields,
            }),
            ..*layout
        };
        // Its own generator: the other keys stay those of a run without it.
        let mut rng = Rng::new(SEED);
        for (f, (path, seg)) in picks.paths.iter().enumerate() {
            let field = path.split('.').next().unwrap_or_default();
            if !from.fields.contains(&field) && !to.fields.contains(&field) {
                continue;
            }
            let many = samples::many(seg, SEARCHED, &mut rng);
            for value in picks.choices[f].iter().chain(&many) {
                let at = Some((f, value.as_str()));
                let (Some(key), Some(new)) = (picks.key(layout, at), picks.key(&moved, at)) else {
                    continue;
                };
                let elsewhere = from.salt.read(&key).ok() != to.salt.read(&new).ok();
                if elsewhere && self.push(Some(key), Some(path.clone()), false) {
                    return;
                }
            }
        }
    }
}

/// The typical value of each field: the first that gives a key, so a
/// Phoenix key of nulls (refused) or a too-long key tries the next.
fn base_choice(
    layout: &Layout<'_>,
    paths: &[(String, Segment<'_>)],
    choices: &[Vec<String>],
) -> Vec<usize> {
    let mut base = alloc::vec![0usize; paths.len()];
    let typical = |base: &[usize]| {
        let picks = Picks {
            paths,
            choices,
            base,
        };
        picks.key(layout, None)
    };
    for f in 0..paths.len() {
        for k in 0..choices[f].len() {
            base[f] = k;
            if typical(&base).is_some() {
                break;
            }
        }
    }
    if typical(&base).is_none() {
        base.fill(0);
    }
    base
}

/// For each variable-length field, the value that makes the typical key
/// `length` bytes long (or the longest not longer, where a codec writes
/// more bytes than the value has).
fn add_long(
    layout: &Layout<'_>,
    paths: &[(String, Segment<'_>)],
    base: &[usize],
    choices: &mut [Vec<String>],
    length: usize,
) {
    for (f, (_, seg)) in paths.iter().enumerate() {
        if matches!(seg.extent(), crate::codec::Extent::Fixed(_)) {
            continue;
        }
        let picks = Picks {
            paths,
            choices,
            base,
        };
        let len = |n: usize| {
            let value = "a".repeat(n);
            let key = picks.key(layout, Some((f, &value)));
            key.map_or(usize::MAX, |k| k.len())
        };
        // Key lengths grow with the value's: the longest value that fits.
        let (mut lo, mut hi) = (0, length + 1);
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            if len(mid) <= length {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let value = "a".repeat(lo);
        if len(lo) <= length && !choices[f].contains(&value) {
            choices[f].push(value);
        }
    }
}
