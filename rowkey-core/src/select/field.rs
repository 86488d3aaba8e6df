//! One field of a select: how it lies in a key (its [`Shape`], read from
//! its segment) and its condition in the bytes of the key: any bytes, the
//! bytes of some values, or a range of bytes built by the field's codec.
//!
//! Every condition is also kept as [`Interval`]s of *key suffixes*: a key
//! whose bytes from the field's first byte on lie in one of them holds a
//! matching value there. A value's keys are one such interval because its
//! bytes are prefix-free (fixed width, or self-delimiting), and a range's
//! are because its codec keeps order; so checking a field is one binary
//! search, whatever its codec.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::RangeInclusive;

use crate::codec::pad::Pad;
use crate::codec::{option, ordered, phoenix, Extent};
use crate::cursor::Reader;
use crate::{FieldCodec, KeyRangeBuf, Layout, PhoenixType, Segment};

/// What a select needs to know of a segment.
#[derive(Debug, Clone)]
pub(crate) struct Shape {
    /// The width when every value takes the same bytes (the salt, an
    /// `Option`'s presence byte included).
    pub fixed: Option<usize>,
    /// The value runs to the end of the key: exactly its bytes, no terminator.
    pub to_end: bool,
    /// The key may end before the field: a field added with `since`, an
    /// HBase `Struct`'s trailing `Option`, a Phoenix `VARCHAR` (null).
    pub may_end: bool,
    /// `Some(descending)` for a Phoenix `VARCHAR`, whose separator is left
    /// out when no column follows.
    pub varchar: Option<bool>,
    /// Every field after this one may be left out, so a key may end here.
    pub last_possible: bool,
    /// A field that may be left out: the bytes of `None` when a later field
    /// is written.
    pub none: Option<Vec<u8>>,
    /// Every byte of the field's values lies here (`pad`: the digits).
    pub bytes: RangeInclusive<u8>,
}

fn is_varchar(s: &Segment<'_>) -> bool {
    s.kind == FieldCodec::Phoenix(PhoenixType::Varchar)
}

impl Shape {
    /// The shape of segment `i` of `layout`.
    pub fn of(layout: &Layout<'_>, i: usize) -> Shape {
        let seg = &layout.segments[i];
        let extent = seg.extent();
        let later = &layout.segments[i + 1..];
        Shape {
            fixed: matches!(extent, Extent::Fixed(_)).then_some(seg.width),
            to_end: matches!(extent, Extent::ToEnd { .. }),
            may_end: seg.omittable() || is_varchar(seg),
            varchar: is_varchar(seg).then_some(seg.reverse),
            last_possible: later.iter().all(|s| s.omittable() || is_varchar(s)),
            none: seg.omittable().then(|| none_bytes(seg)).flatten(),
            // Read only for a range, which an `Option` takes none of.
            bytes: match seg.kind {
                FieldCodec::Pad(_) => Pad::BYTES,
                _ => 0..=u8::MAX,
            },
        }
    }
}

impl Shape {
    /// Whether `range`, from the field's codec, holds a value of a
    /// fixed-width field: some string of its width, of its bytes, lies in
    /// it. A bound off the field's values leaves only shorter suffixes
    /// (`..0` of a `u8` is `["", "\0")`) or strings no value writes (`..0`
    /// of a `pad(2)` is `["", "00")`), which no key holds there.
    pub fn holds_a_value(&self, range: &KeyRangeBuf) -> bool {
        let Some(width) = self.fixed else {
            return !range.is_empty();
        };
        let start = range.start();
        // The first string of the width at or after `start`; one that
        // starts with `start`'s first bytes sorts before a longer `start`.
        let mut first = if start.len() <= width {
            start.to_vec()
        } else {
            match successor(&start[..width]) {
                Some(b) => b,
                None => return false,
            }
        };
        first.resize(width, 0);
        at_or_after(first, &self.bytes)
            .is_some_and(|first| range.end().is_none_or(|e| first.as_slice() < e))
    }
}

/// The least string as long as `s`, each byte in `bytes`, at or after `s`.
fn at_or_after(mut s: Vec<u8>, bytes: &RangeInclusive<u8>) -> Option<Vec<u8>> {
    let (&lo, &hi) = (bytes.start(), bytes.end());
    let Some(i) = s.iter().position(|b| !bytes.contains(b)) else {
        return Some(s);
    };
    // Above the bytes: carry into the last byte before it that can grow.
    let from = match s[i] > hi {
        true => {
            let j = s[..i].iter().rposition(|&b| b < hi)?;
            s[j] += 1;
            j + 1
        }
        false => i,
    };
    s[from..].fill(lo);
    Some(s)
}

/// The bytes of `None` of a field that may be left out.
fn none_bytes(seg: &Segment<'_>) -> Option<Vec<u8>> {
    let pad = if seg.reverse { 0xFF } else { 0x00 };
    if seg.optional {
        let mut b = vec![pad; seg.width];
        b[0] = option::marker(false, seg.reverse);
        return Some(b);
    }
    matches!(seg.kind, FieldCodec::OrderedNull(_)).then(|| vec![ordered::NULL ^ pad])
}

/// One value of a field, as its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Point {
    /// The bytes when a later field is written after it (a `VARCHAR` with
    /// its separator).
    pub bytes: Vec<u8>,
    /// The bytes when the key ends after it, where that differs: a
    /// `VARCHAR` without its separator, nothing for a `None` left out.
    pub last: Option<Vec<u8>>,
}

impl Point {
    /// The value of `bytes` (as a key holds them when a field follows) in a
    /// field of `shape`.
    pub fn new(shape: &Shape, bytes: Vec<u8>) -> Point {
        let last = match shape.varchar {
            Some(_) if !shape.last_possible => None,
            // A null: the previous column ends the key.
            Some(_) if bytes == [phoenix::SEPARATOR] => Some(Vec::new()),
            Some(false) => bytes.split_last().map(|(_, content)| content.to_vec()),
            // A `DESC` value keeps its `FF` at the end of the key.
            Some(true) => None,
            None if shape.may_end && shape.none.as_ref() == Some(&bytes) => Some(Vec::new()),
            None => None,
        };
        Point { bytes, last }
    }
}

/// A field's condition in the bytes of the key.
#[derive(Debug, Clone)]
pub(crate) enum Condition {
    /// Any value.
    Any,
    /// One of these values, sorted by their bytes, none twice.
    Points(Vec<Point>),
    /// The keys whose bytes from the field on lie in this range (built by
    /// the field's codec with no head).
    Range(KeyRangeBuf),
}

/// One field of a select: its segment's name and shape, its condition, and
/// the key suffixes that meet it.
#[derive(Debug, Clone)]
pub(crate) struct Field<'a> {
    pub name: &'a str,
    pub shape: Shape,
    pub condition: Condition,
    pub intervals: Vec<Interval>,
}

/// Key suffixes from `start` (inclusive) to `end` (exclusive; `None`: no end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Interval {
    pub start: Vec<u8>,
    pub end: Option<Vec<u8>>,
    /// `start` is one whole value of the field: the next field's bytes
    /// follow it directly, so a seek hint may go on with that field.
    pub whole: bool,
}

impl Interval {
    fn of(start: &[u8], end: Option<&[u8]>, whole: bool) -> Interval {
        Interval {
            start: start.to_vec(),
            end: end.map(<[u8]>::to_vec),
            whole,
        }
    }

    /// Whether `s` lies below the interval's end.
    fn below_end(&self, s: &[u8]) -> bool {
        self.end.as_deref().is_none_or(|e| s < e)
    }
}

/// The key suffixes that hold one of `points`' values, or from the codec's
/// range: sorted, disjoint, merged where they touch.
pub(crate) fn intervals(shape: &Shape, condition: &Condition) -> Vec<Interval> {
    let mut all = match condition {
        Condition::Any => vec![Interval::of(&[], None, false)],
        Condition::Range(r) => {
            let whole = shape.fixed == Some(r.start().len());
            vec![Interval::of(r.start(), r.end(), whole)]
        }
        Condition::Points(points) => points.iter().flat_map(|p| point(shape, p)).collect(),
    };
    all.sort_by(|a, b| a.start.cmp(&b.start));
    merge(all)
}

/// A value's key suffixes: those that start with its bytes (exactly them
/// for a value that runs to the end of the key), and its bytes when the key
/// ends after it.
fn point(shape: &Shape, p: &Point) -> Vec<Interval> {
    let end = if shape.to_end {
        Some([p.bytes.as_slice(), &[0]].concat())
    } else {
        successor(&p.bytes)
    };
    let mut out = vec![Interval {
        start: p.bytes.clone(),
        end,
        whole: true,
    }];
    if let Some(last) = &p.last {
        out.push(Interval {
            start: last.clone(),
            end: Some([last.as_slice(), &[0]].concat()),
            whole: false,
        });
    }
    out
}

/// Sorted intervals, merged where one reaches the next.
fn merge(sorted: Vec<Interval>) -> Vec<Interval> {
    let mut out: Vec<Interval> = Vec::with_capacity(sorted.len());
    for iv in sorted {
        if let Some(prev) = out.last_mut() {
            let joins = prev.end.as_ref().is_none_or(|e| iv.start <= *e);
            if joins {
                prev.end = match (prev.end.take(), iv.end) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    _ => None,
                };
                continue;
            }
        }
        out.push(iv);
    }
    out
}

/// The smallest byte string above every string that starts with `bytes`;
/// `None` when every byte is 0xFF.
pub(crate) fn successor(bytes: &[u8]) -> Option<Vec<u8>> {
    let i = bytes.iter().rposition(|&b| b != 0xFF)?;
    let mut out = bytes[..=i].to_vec();
    out[i] += 1;
    Some(out)
}

/// Whether the key suffix `s` lies in one of `intervals`.
#[inline]
pub(crate) fn contains(intervals: &[Interval], s: &[u8]) -> bool {
    let i = intervals.partition_point(|iv| iv.start.as_slice() <= s);
    i > 0 && intervals[i - 1].below_end(s)
}

/// The smallest suffix at or after `t` in `intervals`, and whether it is a
/// whole value (`t` itself is one when `t_whole`).
pub(crate) fn first_from<'i>(
    intervals: &'i [Interval],
    t: &'i [u8],
    t_whole: bool,
) -> Option<(&'i [u8], bool)> {
    let i = intervals.partition_point(|iv| !iv.below_end(t));
    let iv = intervals.get(i)?;
    Some(if iv.start.as_slice() <= t {
        (t, t_whole)
    } else {
        (&iv.start, iv.whole)
    })
}

/// Where field `seg` (of `shape`) that starts at `pos` ends in `key`;
/// `None` when its bytes do not read.
pub(crate) fn end_of(seg: &Segment<'_>, shape: &Shape, key: &[u8], pos: usize) -> Option<usize> {
    if let Some(w) = shape.fixed {
        return (pos + w <= key.len()).then_some(pos + w);
    }
    if shape.to_end {
        return Some(key.len());
    }
    let mut r = Reader::at(key, pos);
    seg.kind.codec().read(&mut r, seg.field_ref()).ok()?;
    Some(r.position())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(start: &[u8], end: Option<&[u8]>) -> Interval {
        Interval::of(start, end, true)
    }

    #[test]
    fn merges_touching_and_overlapping() {
        let m = merge(vec![
            iv(b"a", Some(b"b")),
            iv(b"b", Some(b"c")),
            iv(b"bb", Some(b"bc")),
            iv(b"d", Some(b"e")),
            iv(b"e", None),
            iv(b"f", Some(b"g")),
        ]);
        assert_eq!(m, vec![iv(b"a", Some(b"c")), iv(b"d", None)]);
    }

    #[test]
    fn finds_and_seeks() {
        let ivs = vec![iv(b"03", Some(b"04")), iv(b"07", Some(b"08"))];
        assert!(contains(&ivs, b"03xyz"));
        assert!(!contains(&ivs, b"04"));
        assert!(!contains(&ivs, b"02"));
        assert_eq!(first_from(&ivs, b"04", true), Some((&b"07"[..], true)));
        assert_eq!(first_from(&ivs, b"035", false), Some((&b"035"[..], false)));
        assert_eq!(first_from(&ivs, b"08", true), None);
        assert_eq!(successor(&[1, 0xFF]), Some(vec![2]));
        assert_eq!(successor(&[0xFF]), None);
    }

    /// `at_or_after` is the least of every string of the width and bytes
    /// at or after `s`, listed one by one, for every `s` of bytes around a
    /// small span.
    #[test]
    fn at_or_after_is_the_least_such_string() {
        let around = [b'0', b'1', b'2', b'9', b':', 0x00, 0xFF];
        let span = b'0'..=b'2';
        let mut of_span = Vec::new();
        for a in span.clone() {
            for b in span.clone() {
                for c in span.clone() {
                    of_span.push(vec![a, b, c]);
                }
            }
        }
        for &a in &around {
            for &b in &around {
                for &c in &around {
                    let s = vec![a, b, c];
                    let least = of_span.iter().filter(|t| **t >= s).min().cloned();
                    assert_eq!(at_or_after(s.clone(), &span), least, "{s:?}");
                }
            }
        }
    }
}
