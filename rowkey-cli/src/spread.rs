//! `spread`: where a stream of keys lands. Counts per region, per salt
//! bucket and per value of a field, the keys that do not match the schema,
//! and a heat map of key order against arrival order.
//!
//! It streams: memory does not grow with the input. Counts per region and
//! bucket are fixed arrays; values of a field are counted exactly up to
//! [`MAX_VALUES`] distinct ones (the rest are counted as other values); the
//! heat map is drawn from a bounded sample ([`heatmap::Sample`]).

use std::collections::HashMap;
use std::fmt::Write as _;

use rowkey_core::dynamic::{Checker, Reading};
use rowkey_core::{FieldCodec, Layout, Member, Segment};
use serde_json::json;

use crate::heatmap::{self, thousands, Grid, Sample};
use crate::input::At;
use crate::json::FORMAT;
use crate::keytext::{hex, shell};

/// The most distinct values `--by` counts one by one.
pub const MAX_VALUES: usize = 65_536;

/// The bad keys reported one by one on stderr; the rest are counted.
pub const REPORTED_BAD: usize = 10;

/// Counts as keys stream in.
pub struct Spread<'a> {
    member: Member<'a>,
    checker: Checker<'a, 'a>,
    points: Vec<Vec<u8>>,
    /// Each point's first 8 bytes as a number, zero-padded: most
    /// comparisons with a key end there, without a call to `memcmp`.
    heads: Vec<u64>,
    /// For each byte `b`, the points below every key that starts with it
    /// (the empty point, and those of a lower first byte); `[256]` counts
    /// them all. A key is compared only with the points of its first byte.
    below: [u32; 257],
    regions: Vec<u64>,
    buckets: Option<Vec<u64>>,
    by: Option<ByField<'a>>,
    keys: u64,
    bad: u64,
    first_bad: Vec<(At, String)>,
    /// Only when a heat map is drawn.
    sample: Option<Sample>,
}

/// Keys per value of one field, by the field's bytes.
struct ByField<'a> {
    segment: &'a Segment<'a>,
    index: usize,
    counts: HashMap<Box<[u8]>, Seen>,
    other: u64,
}

/// A value's count, and one key that holds it (to print the value).
struct Seen {
    keys: u64,
    example: Box<[u8]>,
}

impl<'a> Spread<'a> {
    /// Counting for `member`'s keys over the regions that `points` start;
    /// `sample` keys at most are kept for a heat map (`None`: no heat map).
    ///
    /// # Errors
    /// `by` names no field of the key.
    pub fn new(
        member: Member<'a>,
        mut points: Vec<Vec<u8>>,
        by: Option<&str>,
        sample: Option<usize>,
    ) -> Result<Self, String> {
        points.sort();
        points.dedup();
        let layout = member.layout;
        let by = by.map(|name| by_field(layout, name)).transpose()?;
        Ok(Spread {
            member,
            checker: Checker::new(layout),
            regions: vec![0; points.len() + 1],
            heads: points.iter().map(|p| head(p)).collect(),
            below: below_each_byte(&points),
            points,
            buckets: layout.salt.map(|s| vec![0; s.salt.buckets() as usize]),
            by,
            keys: 0,
            bad: 0,
            first_bad: Vec::new(),
            sample: sample.map(Sample::new),
        })
    }

    /// Counts one key; a key that does not decode is counted as bad only.
    pub fn add(&mut self, key: &[u8], at: At) {
        self.keys += 1;
        let Some(fields) = strip_tag(key, self.member.tag) else {
            return self.add_untagged(key, at);
        };
        match self.checker.check(fields) {
            Ok(()) => self.count(key, fields),
            Err(e) => self.add_bad(at, format!("{} does not decode: {e}", hex(key))),
        }
    }

    /// Counts a key that decodes; `fields` is the key after its tag.
    fn count(&mut self, key: &[u8], fields: &[u8]) {
        let layout = self.member.layout;
        let region = self.region_of(key);
        self.regions[region] += 1;
        if let (Some(s), Some(b)) = (layout.salt, self.buckets.as_mut()) {
            // The key decoded, so its bucket reads.
            if let Ok(i) = s.salt.read(fields) {
                b[i as usize] += 1;
            }
        }
        if let Some(by) = self.by.as_mut() {
            by.add(layout, fields);
        }
        if let Some(sample) = self.sample.as_mut() {
            sample.add(key);
        }
    }

    /// Counts a key without its member's tag as bad.
    #[cold]
    fn add_untagged(&mut self, key: &[u8], at: At) {
        let why = format!(
            "{} does not start with the tag {}",
            hex(key),
            shell(self.member.tag)
        );
        self.add_bad(at, why);
    }

    /// The region holding `key`: the number of points at or below it.
    fn region_of(&self, key: &[u8]) -> usize {
        let Some(&b) = key.first() else {
            return self.below[0] as usize;
        };
        let b = usize::from(b);
        self.search(key, self.below[b] as usize, self.below[b + 1] as usize)
    }

    /// The number of points at or below `key`, knowing that the first `lo`
    /// are and those from `hi` on are not.
    fn search(&self, key: &[u8], mut lo: usize, mut hi: usize) -> usize {
        let k = head(key);
        // Padded heads that differ order as the byte strings do.
        while lo < hi {
            let mid = (lo + hi) / 2;
            let below = match self.heads[mid].cmp(&k) {
                std::cmp::Ordering::Equal => self.points[mid].as_slice() <= key,
                o => o.is_lt(),
            };
            if below {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Counts a line that is no key at all.
    pub fn add_unreadable(&mut self, at: At, why: String) {
        self.keys += 1;
        self.add_bad(at, why);
    }

    #[cold]
    fn add_bad(&mut self, at: At, why: String) {
        self.bad += 1;
        if self.first_bad.len() < REPORTED_BAD {
            self.first_bad.push((at, why));
        }
    }

    /// Keys read, and how many of them do not decode.
    pub fn tally(&self) -> (u64, u64) {
        (self.keys, self.bad)
    }

    /// The first bad keys, where they were and why.
    pub fn first_bad(&self) -> &[(At, String)] {
        &self.first_bad
    }

    /// The heat map grid of `cells` by `cells`, if keys were sampled for one.
    pub fn grid(&self, cells: usize) -> Option<Grid> {
        self.sample.as_ref().map(|s| s.grid(cells))
    }

    /// The leading fields of a key, decoded: `salt=15 ts=1700000000000`.
    pub fn key_label(&self, key: &[u8]) -> String {
        let fields = key.get(self.member.tag.len()..).unwrap_or_default();
        let e = self.member.layout.explain(fields);
        let mut out = String::new();
        for f in e.fields.iter().take(2) {
            if f.reading == Reading::Absent {
                break;
            }
            let v = f.value_text();
            let _ = write!(
                out,
                "{}{}={v}",
                if out.is_empty() { "" } else { " " },
                f.name
            );
        }
        if out.is_empty() {
            out = shell(key);
        }
        out
    }
}

/// For each byte `b` (and 256), how many of the sorted `points` are empty
/// or start with a lower byte.
fn below_each_byte(points: &[Vec<u8>]) -> [u32; 257] {
    let mut below = [0u32; 257];
    for (b, n) in below.iter_mut().enumerate() {
        let count = points.partition_point(|p| p.first().is_none_or(|&f| usize::from(f) < b));
        *n = u32::try_from(count).unwrap_or(u32::MAX);
    }
    below
}

/// A member's fields: the key after its tag, if it starts with it (most
/// keys have no tag, which needs no comparison).
fn strip_tag<'k>(key: &'k [u8], tag: &[u8]) -> Option<&'k [u8]> {
    if tag.is_empty() {
        return Some(key);
    }
    key.strip_prefix(tag)
}

/// The first 8 bytes of `b`, big-endian, zero-padded.
fn head(b: &[u8]) -> u64 {
    if let Some(h) = b.first_chunk::<8>() {
        return u64::from_be_bytes(*h);
    }
    let mut h = [0u8; 8];
    let n = b.len().min(8);
    h[..n].copy_from_slice(&b[..n]);
    u64::from_be_bytes(h)
}

fn by_field<'a>(layout: &'a Layout<'a>, name: &str) -> Result<ByField<'a>, String> {
    let index = layout.field_index(name).ok_or_else(|| {
        let fields = layout
            .segments
            .iter()
            .filter(|s| s.kind != FieldCodec::Salt);
        let names: Vec<&str> = fields.map(|s| s.name).collect();
        format!(
            "--by {name}: no such field; {} has {}",
            layout.name,
            names.join(", ")
        )
    })?;
    Ok(ByField {
        segment: &layout.segments[index],
        index,
        counts: HashMap::new(),
        other: 0,
    })
}

impl ByField<'_> {
    fn add(&mut self, layout: &Layout<'_>, key: &[u8]) {
        // A fixed key's field sits at its offset; a variable key is walked.
        let span = if layout.variable {
            layout.explain(key).fields[self.index].span.clone()
        } else {
            self.segment.offset..self.segment.offset + self.segment.width
        };
        self.count(key.get(span).unwrap_or_default(), key);
    }

    fn count(&mut self, value: &[u8], key: &[u8]) {
        if let Some(seen) = self.counts.get_mut(value) {
            seen.keys += 1;
        } else if self.counts.len() < MAX_VALUES {
            let example = key.into();
            self.counts.insert(value.into(), Seen { keys: 1, example });
        } else {
            self.other += 1;
        }
    }

    /// Counts, busiest first, with each value as text.
    fn ranked(&self, layout: &Layout<'_>) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self
            .counts
            .values()
            .map(|seen| {
                let e = layout.explain(&seen.example);
                (e.fields[self.index].value_text(), seen.keys)
            })
            .collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }
}

/// max, mean and max/mean of counts.
fn max_over_mean(counts: &[u64]) -> (u64, f64, f64) {
    let max = counts.iter().copied().max().unwrap_or(0);
    let mean = counts.iter().sum::<u64>() as f64 / counts.len().max(1) as f64;
    let ratio = if mean > 0.0 { max as f64 / mean } else { 0.0 };
    (max, mean, ratio)
}

/// The busiest region: its index and count.
fn busiest(regions: &[u64]) -> (usize, u64) {
    regions
        .iter()
        .copied()
        .enumerate()
        .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)))
        .unwrap_or((0, 0))
}

impl<'a> Spread<'a> {
    /// The region `i`'s start and end as quoted shell strings.
    fn region_bounds(&self, i: usize) -> (String, String) {
        let start = if i == 0 {
            shell(b"")
        } else {
            shell(&self.points[i - 1])
        };
        let end = self
            .points
            .get(i)
            .map_or_else(|| "(end)".to_owned(), |p| shell(p));
        (start, end)
    }

    /// The report as text, one figure per line.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let good = self.keys - self.bad;
        let _ = writeln!(s, "keys             {}", self.keys);
        if self.bad > 0 {
            let _ = writeln!(
                s,
                "bad keys         {} ({:.2}%): counted nowhere else",
                self.bad,
                100.0 * self.bad as f64 / self.keys.max(1) as f64
            );
        }
        let (max, mean, ratio) = max_over_mean(&self.regions);
        let _ = writeln!(
            s,
            "regions          {} (split points: {})",
            self.regions.len(),
            self.points.len()
        );
        let _ = writeln!(
            s,
            "keys per region  max {max}, mean {mean:.1}, max/mean {ratio:.2}"
        );
        let (i, n) = busiest(&self.regions);
        let (start, end) = self.region_bounds(i);
        let share = 100.0 * n as f64 / good.max(1) as f64;
        let _ = writeln!(
            s,
            "busiest region   {i} [{start}, {end}): {n} keys, {share:.1}% of all"
        );
        if let Some(b) = &self.buckets {
            let (max, mean, ratio) = max_over_mean(b);
            let min = b.iter().copied().min().unwrap_or(0);
            let _ = writeln!(
                s,
                "keys per bucket  {} buckets: min {min}, max {max}, mean {mean:.1}, max/mean {ratio:.2}",
                b.len()
            );
        }
        if let Some(by) = &self.by {
            let ranked = by.ranked(self.member.layout);
            let counts: Vec<u64> = ranked.iter().map(|(_, n)| *n).collect();
            let (max, mean, ratio) = max_over_mean(&counts);
            let _ = writeln!(
                s,
                "keys per {:<7} {} values: max {max}, mean {mean:.1}, max/mean {ratio:.2}",
                by.segment.name,
                counts.len()
            );
            if by.other > 0 {
                let _ = writeln!(s, "  (more than {MAX_VALUES} values: {} keys held values past the first {MAX_VALUES}, not counted by value)", by.other);
            }
            for (v, n) in ranked.iter().take(10) {
                let _ = writeln!(s, "  {v}: {n}");
            }
        }
        s
    }

    /// The report as one JSON object (format 1); `heat_map` is the grid drawn, if any.
    pub fn json(&self, heat_map: Option<(&Grid, &str)>) -> String {
        let (max, mean, ratio) = max_over_mean(&self.regions);
        let (i, n) = busiest(&self.regions);
        let buckets = self.buckets.as_ref().map(|b| json!({"counts": b}));
        let by = self.by.as_ref().map(|by| {
            let ranked = by.ranked(self.member.layout);
            json!({
                "field": by.segment.name,
                "values": ranked.iter().map(|(v, n)| json!({"value": v, "keys": n})).collect::<Vec<_>>(),
                "other_keys": by.other,
            })
        });
        let heat = heat_map.map(|(g, path)| {
            json!({
                "svg": path,
                "exact": g.exact,
                "sample": g.sample,
                "band_starts": g.starts.iter().map(|k| hex(k)).collect::<Vec<_>>(),
                "counts": g.counts.iter().map(|r| r.iter().map(|c| c.round() as u64).collect::<Vec<_>>()).collect::<Vec<_>>(),
            })
        });
        let doc = json!({
            "format": FORMAT,
            "keys": self.keys,
            "bad_keys": self.bad,
            "regions": {
                "split_points": self.points.iter().map(|p| hex(p)).collect::<Vec<_>>(),
                "counts": self.regions,
                "max": max,
                "mean": mean,
                "max_over_mean": ratio,
                "busiest": {"region": i, "keys": n},
            },
            "buckets": buckets,
            "by": by,
            "heat_map": heat,
        });
        format!("{doc}\n")
    }

    /// The heat map's SVG, labelled with decoded keys.
    pub fn svg(&self, grid: &Grid) -> String {
        let band_starts: Vec<String> = grid.starts.iter().map(|k| self.key_label(k)).collect();
        let last = self.key_label(&grid.last);
        let title = format!(
            "{}: {} keys, key order against arrival order",
            self.member.layout.name,
            thousands(grid.keys)
        );
        heatmap::svg(
            grid,
            &heatmap::Labels {
                title: &title,
                band_starts: &band_starts,
                last: &last,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn regions_by_heads_are_regions_by_bytes() {
        let points: Vec<Vec<u8>> = [
            &b"a"[..],
            b"a\0",
            b"a\0\x01",
            b"abcdefgh",
            b"abcdefgh\0",
            b"abcdefgi",
            b"b",
        ]
        .iter()
        .map(|p| p.to_vec())
        .collect();
        let s = over(points.clone());
        for key in [
            &b""[..],
            b"a",
            b"a\0",
            b"a\0\0",
            b"a\0\x01",
            b"abcdefgh",
            b"abcdefgh\0",
            b"abcdefgh\x01",
            b"abcdefgi",
            b"az",
            b"b",
            b"c",
        ] {
            let want = points.partition_point(|p| p.as_slice() <= key);
            assert_eq!(s.region_of(key), want, "{key:?}");
        }
    }

    /// Bytes of a small alphabet, so that keys and points often share prefixes.
    fn bytes(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(proptest::sample::select(vec![0u8, 1, 2, 0x61, 0xff]), len)
    }

    proptest! {
        /// Any points (the empty one too) and keys: a key's region is the
        /// number of points at or below it.
        #[test]
        fn a_keys_region_is_the_points_at_or_below_it(
            points in proptest::collection::vec(bytes(0..6), 0..24),
            keys in proptest::collection::vec(bytes(0..10), 1..24),
        ) {
            let s = over(points.clone());
            let mut sorted = points;
            sorted.sort();
            sorted.dedup();
            for key in keys {
                let want = sorted.partition_point(|p| p.as_slice() <= key.as_slice());
                prop_assert_eq!(s.region_of(&key), want, "{:?}", key);
            }
        }
    }

    /// Counting over the regions `points` start.
    fn over(points: Vec<Vec<u8>>) -> Spread<'static> {
        let member = Member {
            name: "T",
            tag: &[],
            layout: &EMPTY,
        };
        Spread::new(member, points, None, None).unwrap()
    }

    static EMPTY: Layout = Layout {
        name: "T",
        width: 0,
        variable: true,
        max_width: 64,
        salt: None,
        segments: &[],
    };
}
