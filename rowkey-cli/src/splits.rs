//! `splits`: pre-split points that follow the key. A salt splits at its
//! bucket boundaries; a digits field (`pad(N)`) over its digit space
//! (`000000`-`999999` in 4 regions: `250000`, `500000`, `750000`); a
//! binary number over the values its type holds; anything else over its
//! first bytes, as HBase's `UniformSplit`; and a sample of real keys at
//! its quantiles, as operators pre-split from sampled keys.

use rowkey_core::codec::{int::IntType, narrow::Narrow, pad::Pad};
use rowkey_core::{FieldCodec, Layout, Member, Segment};
use serde_json::json;

use crate::json::FORMAT;
use crate::keytext::hex;
use crate::{cbt, hbase, Printed, Tools};

/// The most regions `splits` and `spread` split a key space into.
pub const MAX_REGIONS: u32 = 65_536;

/// Where split points came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum From {
    /// The salt's bucket boundaries.
    Salt,
    /// A `pad(N)` field's digit space.
    Digits,
    /// A binary number's (or a `bool`'s) values.
    Values,
    /// The first bytes of a field with no value space to split.
    Bytes,
    /// The quantiles of a sample of keys.
    Keys,
}

impl From {
    /// The name in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            From::Salt => "salt",
            From::Digits => "digits",
            From::Values => "values",
            From::Bytes => "bytes",
            From::Keys => "keys",
        }
    }
}

/// Split points in key order, and what they follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splits {
    /// The points: region `i` starts at point `i - 1`.
    pub points: Vec<Vec<u8>>,
    /// What they follow.
    pub from: From,
}

/// A field's encoded values as a range of numbers, `lo..=hi`, and how one
/// is written.
struct Space {
    lo: u128,
    hi: u128,
    write: Box<dyn Fn(u128) -> Vec<u8>>,
    from: From,
    what: String,
}

/// The split points of `regions` regions over a member's keys: its tag,
/// then the points of its layout.
///
/// # Errors
/// `regions` outside `min..` and what the key's leading field can be split into.
pub fn of_member(member: &Member, regions: Option<u32>, min: u32) -> Result<Splits, String> {
    let mut splits = of_layout(member.layout, regions, min)?;
    for p in &mut splits.points {
        *p = [member.tag, &p[..]].concat();
    }
    Ok(splits)
}

/// The split points of `regions` regions by the key's layout.
///
/// # Errors
/// `regions` outside `min..` and what the key's leading field can be split into.
pub fn of_layout(layout: &Layout, regions: Option<u32>, min: u32) -> Result<Splits, String> {
    if let Some(s) = layout.salt {
        let buckets = s.salt.buckets();
        let r = regions.unwrap_or(buckets);
        check_regions(
            r,
            min,
            u128::from(buckets),
            &format!("the salt has {buckets} buckets"),
        )?;
        let points = s
            .salt
            .region_split_points(r)
            .map(|p| p.as_bytes().to_vec())
            .collect();
        return Ok(Splits {
            points,
            from: From::Salt,
        });
    }
    let (prefix, seg) =
        leading_field(layout).ok_or_else(|| format!("{} has no field to split by", layout.name))?;
    let space = space(seg);
    let r = regions.ok_or_else(|| {
        format!(
            "{} has no salt: give the number of regions with --regions ({min}..={}), or sample keys with --from-keys FILE",
            layout.name,
            max_regions(&space)
        )
    })?;
    check_regions(r, min, max_regions(&space), &space.what)?;
    let points = even(&space, r)
        .map(|v| [&prefix[..], &(space.write)(v)].concat())
        .collect();
    Ok(Splits {
        points,
        from: space.from,
    })
}

fn max_regions(space: &Space) -> u128 {
    (space.hi - space.lo)
        .saturating_add(1)
        .min(u128::from(MAX_REGIONS))
}

/// `regions` must be `min..=most` (and at most [`MAX_REGIONS`]).
fn check_regions(regions: u32, min: u32, most: u128, what: &str) -> Result<(), String> {
    let most = most.min(u128::from(MAX_REGIONS));
    if regions < min || u128::from(regions) > most {
        return Err(format!("--regions {regions}: {what}; give {min}..={most}"));
    }
    Ok(())
}

/// The tags that lead every key, and the first field after them.
fn leading_field<'l, 'a>(layout: &'l Layout<'a>) -> Option<(Vec<u8>, &'l Segment<'a>)> {
    let mut prefix = Vec::new();
    for seg in layout.segments {
        match seg.kind {
            FieldCodec::Tag(t) => prefix.extend_from_slice(t.0),
            _ => return Some((prefix, seg)),
        }
    }
    None
}

/// The largest value of an integer type, as `u128`.
fn int_max(t: IntType) -> u128 {
    let bits = 8 * u32::from(t.bytes) - u32::from(t.signed);
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// The encoded values of a field, as numbers in byte order.
fn space(seg: &Segment<'_>) -> Space {
    let name = seg.name;
    match seg.kind {
        _ if seg.optional => bytes_space(name),
        FieldCodec::Pad(Pad { digits, ty }) => {
            let all = 10u128
                .checked_pow(digits as u32)
                .map_or(u128::MAX, |p| p - 1);
            let max = int_max(ty).min(all);
            let (lo, hi) = match (seg.mirror, seg.reverse) {
                (true, _) => (0, all),
                (false, false) => (0, max),
                (false, true) => (all - max, all),
            };
            Space {
                lo,
                hi,
                write: Box::new(move |v| format!("{v:0digits$}").into_bytes()),
                from: From::Digits,
                what: format!(
                    "field `{name}` ({}) holds {} values",
                    seg.codec,
                    hi - lo + 1
                ),
            }
        }
        FieldCodec::Int(t) => number_space(seg, usize::from(t.bytes), u128::MAX),
        FieldCodec::Narrow(Narrow { bytes, from }) => {
            number_space(seg, usize::from(bytes), int_max(from))
        }
        FieldCodec::Bool => Space {
            lo: 0,
            hi: 1,
            write: Box::new(|v| vec![v as u8]),
            from: From::Values,
            what: format!("field `{name}` (bool) holds 2 values"),
        },
        _ => bytes_space(name),
    }
}

/// A big-endian number of `width` bytes holding values up to `max`.
fn number_space(seg: &Segment<'_>, width: usize, max: u128) -> Space {
    let all = if width >= 16 {
        u128::MAX
    } else {
        (1u128 << (8 * width)) - 1
    };
    let max = max.min(all);
    let (lo, hi) = match (seg.mirror, seg.reverse) {
        (true, _) => (0, all),
        (false, false) => (0, max),
        (false, true) => (all - max, all),
    };
    Space {
        lo,
        hi,
        write: Box::new(move |v| trim_zeros(&v.to_be_bytes()[16 - width..])),
        from: From::Values,
        what: format!(
            "field `{}` ({}) holds {} values",
            seg.name,
            seg.codec,
            hi - lo + 1
        ),
    }
}

/// The field's first two bytes, for fields with no number to split.
fn bytes_space(name: &str) -> Space {
    Space {
        lo: 0,
        hi: 0xffff,
        write: Box::new(|v| trim_zeros(&(v as u16).to_be_bytes())),
        from: From::Bytes,
        what: format!("field `{name}` is split by its first two bytes"),
    }
}

/// Trailing `0x00` bytes of a point change no key's region (every key is
/// at least as long): they are left out, keeping one byte.
fn trim_zeros(b: &[u8]) -> Vec<u8> {
    let n = b.iter().rposition(|&c| c != 0).map_or(1, |i| i + 1);
    b[..n].to_vec()
}

/// The starts of regions `1..r` of `r` even regions over `space`:
/// `lo + floor(i * (hi - lo + 1) / r)`, without overflow.
fn even(space: &Space, r: u32) -> impl Iterator<Item = u128> + '_ {
    let r128 = u128::from(r);
    let span = space.hi - space.lo;
    let (q, rem) = (span / r128, span % r128);
    (1..r128).map(move |i| space.lo + i * q + (i * (rem + 1)) / r128)
}

/// Split points at the quantiles of a sample of keys: region `i` starts at
/// the key `i * n / regions` of the sorted sample, shortened to the fewest
/// bytes that still sort above the key before it.
///
/// # Errors
/// `regions` out of range, or more than the sample's distinct keys allow.
pub fn of_keys(mut keys: Vec<Vec<u8>>, regions: u32) -> Result<Splits, String> {
    keys.sort_unstable();
    let distinct = keys.windows(2).filter(|w| w[0] != w[1]).count() + 1;
    if !(2..=MAX_REGIONS).contains(&regions) || regions as usize > distinct {
        return Err(format!(
            "--regions {regions}: the sample holds {} keys, {distinct} of them distinct; give 2..={}",
            keys.len(),
            distinct.min(MAX_REGIONS as usize)
        ));
    }
    let n = keys.len();
    let mut points: Vec<Vec<u8>> = Vec::with_capacity(regions as usize - 1);
    for i in 1..regions as usize {
        let at = i * n / regions as usize;
        let (prev, key) = (&keys[at - 1], &keys[at]);
        if key == prev {
            continue;
        }
        let point = separator(prev, key);
        if points.last().is_none_or(|p| *p < point) {
            points.push(point);
        }
    }
    if points.len() + 1 < regions as usize {
        return Err(format!(
            "--regions {regions}: the sample's keys repeat too often to split them into {regions} regions at their quantiles (found {} split points); give fewer regions or a larger sample",
            points.len()
        ));
    }
    Ok(Splits {
        points,
        from: From::Keys,
    })
}

/// The shortest prefix of `key` above `prev` (`prev < key`).
fn separator(prev: &[u8], key: &[u8]) -> Vec<u8> {
    let common = prev.iter().zip(key).take_while(|(a, b)| a == b).count();
    key[..(common + 1).min(key.len())].to_vec()
}

/// The split points as HBase shell `create` and `cbt createtable` lines.
pub fn print(splits: &Splits, table: &str, family: &str, tools: Tools) -> Printed {
    let mut text = String::new();
    if tools.hbase {
        text.push_str(&hbase::create(table, family, &splits.points));
        text.push('\n');
    }
    let mut refused = None;
    if tools.cbt {
        match cbt::createtable(table, family, &splits.points) {
            Ok(line) => {
                text.push_str(&line);
                text.push('\n');
            }
            Err(e) => refused = Some(refusal(&e, false)),
        }
    }
    Printed { text, refused }
}

fn refusal(e: &cbt::Inexpressible, json: bool) -> String {
    let instead = if json {
        "use the HBase shell line, or create the table through the Bigtable API (rowkey-bigtable) with the points in `split_points`"
    } else {
        "use the HBase shell line, or create the table through the Bigtable API (rowkey-bigtable) with the points of `--json`"
    };
    format!("cbt cannot take these split points: {e}; {instead}")
}

/// The split points as one JSON object (format 1).
pub fn print_json(splits: &Splits, table: &str, family: &str) -> String {
    let cbt = cbt::createtable(table, family, &splits.points);
    let doc = json!({
        "format": FORMAT,
        "table": table,
        "family": family,
        "regions": splits.points.len() + 1,
        "from": splits.from.name(),
        "split_points": splits.points.iter().map(|p| hex(p)).collect::<Vec<_>>(),
        "hbase": hbase::create(table, family, &splits.points),
        "cbt": cbt.as_ref().ok(),
        "cbt_refused": cbt.as_ref().err().map(|e| refusal(e, true)),
    });
    format!("{doc}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_separators() {
        assert_eq!(separator(b"user1:zz", b"user2:aa"), b"user2");
        assert_eq!(separator(b"ab", b"abc"), b"abc");
    }

    #[test]
    fn quantiles_of_a_sample() {
        let keys: Vec<Vec<u8>> = (0u32..1000)
            .map(|i| format!("k{i:04}").into_bytes())
            .collect();
        let s = of_keys(keys, 4).unwrap();
        assert_eq!(
            s.points,
            [b"k025".to_vec(), b"k05".to_vec(), b"k075".to_vec()]
        );
        let same = vec![b"a".to_vec(); 10];
        assert!(of_keys(same, 2).unwrap_err().contains("1 of them distinct"));
    }

    #[test]
    fn even_splits_cover_the_space() {
        let s = Space {
            lo: 0,
            hi: u128::MAX,
            write: Box::new(|v| v.to_be_bytes().to_vec()),
            from: From::Values,
            what: String::new(),
        };
        let v: Vec<u128> = even(&s, 4).collect();
        assert_eq!(v, [1 << 126, 1 << 127, 3 << 126]);
        assert_eq!(trim_zeros(&[0x40, 0, 0]), [0x40]);
        assert_eq!(trim_zeros(&[0, 0]), [0]);
    }
}
