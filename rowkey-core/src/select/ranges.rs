//! A select's key ranges: the cartesian product of the values of its
//! leading run of fields with values, each continued by the next field's
//! range, with the salt bucket of each combination (or every bucket), sorted
//! and merged. A cap on their number falls back to covering ranges.

use alloc::collections::BTreeSet;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use super::field::{contains, Condition, Field, Point};
use crate::{EncodeError, KeyRangeBuf, Layout, SaltFormat};

/// Why a select's ranges hold keys that do not match: the exact ranges
/// would have been more than the cap. The scan still returns only matching
/// rows ([`Select::matches`](super::Select::matches) filters the rest, and
/// [`Select::next_hint`](super::Select::next_hint) skips them); it reads
/// more of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Covering {
    /// The cap the ranges were held to.
    pub max_ranges: usize,
    /// How many ranges the exact compile would have written (at most; its
    /// combinations before merging).
    pub exact: u128,
    /// Fields whose values the ranges no longer spell out: they are checked
    /// on each row read instead.
    pub filtered: Vec<String>,
    /// Whether neighbouring ranges were joined as well (the salt's buckets
    /// alone are more than the cap).
    pub joined: bool,
}

impl fmt::Display for Covering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the exact scan needs up to {} ranges, more than the cap of {}: ",
            self.exact, self.max_ranges
        )?;
        if !self.filtered.is_empty() {
            write!(
                f,
                "the ranges cover every value of {}, which each row read is checked for",
                self.filtered
                    .iter()
                    .map(|n| alloc::format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )?;
        }
        if self.joined {
            if !self.filtered.is_empty() {
                f.write_str("; ")?;
            }
            f.write_str(
                "neighbouring ranges are joined, and the rows between them are read and skipped",
            )?;
        }
        Ok(())
    }
}

/// The ranges of a select, and why they cover more than the matching keys
/// when the cap made them.
pub(crate) struct Compiled {
    pub ranges: Vec<KeyRangeBuf>,
    pub covering: Option<Covering>,
}

/// The keys that start with some values of the fields compiled so far.
#[derive(Clone)]
struct Head {
    /// Those values' bytes (after the salt).
    bytes: Vec<u8>,
    /// Where each field's bytes lie in `bytes`.
    spans: Vec<Range<usize>>,
    /// The key ends with these bytes (later fields left out).
    ended: bool,
    /// The last value runs to the end of the key.
    to_end: bool,
    /// `bytes` are a whole key when no field is left (no `VARCHAR`
    /// separator or later field still to come).
    whole: bool,
}

/// The compiled ranges of `fields` (one per segment of `layout`), at most
/// `max_ranges` of them.
pub(crate) fn compile(
    layout: &Layout<'_>,
    fields: &[Field<'_>],
    max_ranges: usize,
) -> Result<Compiled, EncodeError> {
    let first = usize::from(layout.salt.is_some());
    let n = fields.len();
    let run_end = (first..n)
        .find(|&i| !matches!(fields[i].condition, Condition::Points(_)))
        .unwrap_or(n);
    let exact = estimate(layout, fields, first, run_end);
    let mut m = run_end;
    while m > first && estimate(layout, fields, first, m) > max_ranges as u128 {
        m -= 1;
    }
    let mut ranges = Vec::new();
    for head in expand(fields, first, m) {
        let Some(r) = terminal(fields, m, &head)? else {
            continue;
        };
        match buckets(layout, fields, first, m, &head) {
            None => ranges.push(r),
            Some(bs) => {
                for b in bs {
                    let prefix = layout.salt.map(|s| s.salt.prefix(b));
                    let head = prefix.as_ref().map_or(&[][..], |p| p.as_bytes());
                    ranges.push(KeyRangeBuf::within(head, &r)?);
                }
            }
        }
    }
    ranges.retain(|r| !r.is_empty());
    ranges.sort_by(|a, b| a.start().cmp(b.start()));
    let mut ranges = merge(ranges)?;
    let joined = ranges.len() > max_ranges.max(1);
    if joined {
        ranges = join(ranges, max_ranges.max(1))?;
    }
    let covering = (m < run_end || joined).then(|| Covering {
        max_ranges,
        exact,
        filtered: fields[m..run_end]
            .iter()
            .map(|f| f.name.to_string())
            .collect(),
        joined,
    });
    Ok(Compiled { ranges, covering })
}

/// The combinations of values of fields `first..m`, each with the forms a
/// value ends the key in.
fn expand(fields: &[Field<'_>], first: usize, m: usize) -> Vec<Head> {
    let mut heads = vec![Head {
        bytes: Vec::new(),
        spans: Vec::new(),
        ended: false,
        to_end: false,
        whole: true,
    }];
    for (i, field) in fields.iter().enumerate().take(m).skip(first) {
        let Condition::Points(points) = &field.condition else {
            continue;
        };
        let separated = separated(fields, i);
        let mut next = Vec::with_capacity(heads.len() * points.len());
        for h in &heads {
            for p in points {
                let at = h.bytes.len();
                if h.ended {
                    // Only a value that writes nothing follows the key's end.
                    if p.last.as_deref() == Some(&[][..]) {
                        let mut e = h.clone();
                        e.spans.push(at..at);
                        next.push(e);
                    }
                    continue;
                }
                if separated || p.last.is_none() {
                    let mut w = h.clone();
                    w.bytes.extend_from_slice(&p.bytes);
                    w.spans.push(at..w.bytes.len());
                    w.to_end = field.shape.to_end;
                    w.whole = p.last.is_none();
                    next.push(w);
                }
                if let Some(last) = &p.last {
                    let mut e = h.clone();
                    e.bytes.extend_from_slice(last);
                    e.spans.push(at..e.bytes.len());
                    e.ended = true;
                    e.whole = true;
                    next.push(e);
                }
            }
        }
        heads = next;
    }
    heads
}

/// Whether a value of field `i` may be followed by more of the key: the
/// last column is written without its `VARCHAR` separator.
fn separated(fields: &[Field<'_>], i: usize) -> bool {
    fields[i].shape.varchar.is_none() || i + 1 < fields.len()
}

/// The forms a value of field `i` ends the key in, as [`expand`] writes
/// them: its bytes when more may follow, and its bytes when the key ends.
fn forms(fields: &[Field<'_>], i: usize, p: &Point) -> usize {
    usize::from(separated(fields, i) || p.last.is_none()) + usize::from(p.last.is_some())
}

/// The range (after the salt) of one combination of the values of the
/// fields before `m`: its keys whose field `m` lies in that field's range
/// (a field of points there is one the range cap left out), or all of them.
fn terminal(
    fields: &[Field<'_>],
    m: usize,
    head: &Head,
) -> Result<Option<KeyRangeBuf>, EncodeError> {
    let exact = || KeyRangeBuf::exact(&head.bytes);
    let Some(next) = fields.get(m) else {
        return Ok(Some(if head.ended || head.to_end {
            exact()?
        } else {
            KeyRangeBuf::prefix(&head.bytes)?
        }));
    };
    if head.ended {
        // The key ends here: the next field must take its absence.
        return if contains(&next.intervals, &[]) {
            exact().map(Some)
        } else {
            Ok(None)
        };
    }
    Ok(Some(match &next.condition {
        Condition::Range(r) => KeyRangeBuf::within(&head.bytes, r)?,
        _ => KeyRangeBuf::prefix(&head.bytes)?,
    }))
}

/// The index of each salted field.
fn salted(layout: &Layout<'_>) -> Vec<usize> {
    let names = layout.salt.map_or(&[][..], |s| s.fields);
    names.iter().filter_map(|n| layout.field_index(n)).collect()
}

/// The salt buckets a combination's keys can be in: `None` without a salt.
fn buckets(
    layout: &Layout<'_>,
    fields: &[Field<'_>],
    first: usize,
    m: usize,
    head: &Head,
) -> Option<Vec<u32>> {
    let salt = layout.salt?.salt;
    let every = || (0..salt.buckets()).collect();
    if salt.format() == SaltFormat::Phoenix {
        // The bucket hashes the whole key.
        return Some(if m == fields.len() && head.whole {
            vec![salt.bucket_of(&head.bytes)]
        } else {
            every()
        });
    }
    let mut choices: Vec<Vec<&[u8]>> = Vec::new();
    for i in salted(layout) {
        choices.push(if i < m {
            vec![&head.bytes[head.spans[i - first].clone()]]
        } else if let Condition::Points(ps) = &fields[i].condition {
            ps.iter().map(|p| p.bytes.as_slice()).collect()
        } else {
            return Some(every());
        });
    }
    let mut found = BTreeSet::new();
    each_combination(&choices, &mut Vec::new(), &mut |parts| {
        found.insert(salt.bucket_of_parts(parts));
    });
    Some(found.into_iter().collect())
}

/// Calls `f` with every choice of one item from each of `choices`.
fn each_combination<'c>(
    choices: &[Vec<&'c [u8]>],
    chosen: &mut Vec<&'c [u8]>,
    f: &mut impl FnMut(&[&[u8]]),
) {
    match choices.split_first() {
        None => f(chosen),
        Some((here, rest)) => {
            for c in here {
                chosen.push(c);
                each_combination(rest, chosen, f);
                chosen.pop();
            }
        }
    }
}

/// How many ranges compiling fields `first..m` writes, at most (before
/// merging): their combinations, times the buckets each can be in.
fn estimate(layout: &Layout<'_>, fields: &[Field<'_>], first: usize, m: usize) -> u128 {
    let heads = (first..m).fold(1u128, |n, i| {
        let k = match &fields[i].condition {
            Condition::Points(ps) => ps.iter().map(|p| forms(fields, i, p)).sum(),
            _ => 1,
        };
        n.saturating_mul(k as u128)
    });
    let Some(salt) = layout.salt else {
        return heads;
    };
    let n = u128::from(salt.salt.buckets());
    let per_head = if salt.salt.format() == SaltFormat::Phoenix {
        if m == fields.len() {
            1
        } else {
            n
        }
    } else {
        salted(layout)
            .iter()
            .fold(1u128, |k, &i| match &fields[i].condition {
                _ if i < m => k,
                Condition::Points(ps) => k.saturating_mul(ps.len() as u128),
                _ => n,
            })
    };
    heads.saturating_mul(per_head.min(n))
}

/// Sorted ranges, merged where one reaches the next.
fn merge(sorted: Vec<KeyRangeBuf>) -> Result<Vec<KeyRangeBuf>, EncodeError> {
    let mut out: Vec<KeyRangeBuf> = Vec::with_capacity(sorted.len());
    for r in sorted {
        if let Some(prev) = out.last_mut() {
            if prev.end().is_none_or(|e| r.start() <= e) {
                let end = match (prev.end(), r.end()) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    _ => None,
                };
                let end = end.map(<[u8]>::to_vec);
                *prev = KeyRangeBuf::new(prev.start(), end.as_deref())?;
                continue;
            }
        }
        out.push(r);
    }
    Ok(out)
}

/// `ranges` joined in runs of neighbours into at most `max` ranges.
fn join(ranges: Vec<KeyRangeBuf>, max: usize) -> Result<Vec<KeyRangeBuf>, EncodeError> {
    let per = ranges.len().div_ceil(max);
    ranges
        .chunks(per)
        .map(|run| {
            let (first, last) = (&run[0], &run[run.len() - 1]);
            KeyRangeBuf::new(first.start(), last.end())
        })
        .collect()
}
