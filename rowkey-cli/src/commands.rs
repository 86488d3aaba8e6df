//! `decode`, `encode`, `scan` and `splits`: the key, its fields, and the
//! shell commands that use them.

use std::io::Write;
use std::ops::Bound;

use rowkey_core::dynamic::{self, Explained, Reading, Scan, ScanRanges};
use rowkey_core::{KeyRange, Layout, Member};
use serde_json::json;

use crate::keytext::{b64, bash, hex, parse_key, rows_of_cbt_read, rows_of_hbase_scan, ruby};
use crate::schema::Schema;

/// The range capacity of the command line: keys of up to 4 KiB.
const CAP: usize = 4096;

/// Where `decode` reads its keys from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// One key text per argument or line.
    Keys,
    /// The output of the HBase shell's `scan`.
    HbaseScan,
    /// The output of `cbt read`.
    CbtRead,
}

/// Whether a key of `n` bytes can be one of the schema's (a member's
/// counting its tag).
pub fn fits<'a>(schema: Schema<'a>) -> impl Fn(usize) -> bool + 'a {
    let fit = |l: &Layout<'_>, n: usize| {
        if l.variable {
            n >= l.width
        } else {
            n == l.width
        }
    };
    move |n| match schema {
        Schema::Key(l) => fit(l, n),
        Schema::KeyTypes(k) => k.members.iter().any(|m| {
            n.checked_sub(m.tag.len())
                .is_some_and(|rest| fit(m.layout, rest))
        }),
    }
}

/// Explains a key by the schema: its key type, or the member of several that matches.
pub fn explain<'a>(schema: Schema<'a>, key: &[u8]) -> Explained<'a> {
    match schema {
        Schema::Key(l) => dynamic::explain(l, key),
        Schema::KeyTypes(k) => k.explain(key),
    }
}

/// Explains every key of `texts` (arguments, or stdin lines) as a table or JSON lines.
pub fn decode(
    schema: Schema<'_>,
    texts: &[String],
    input: Input,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), String> {
    let fits = fits(schema);
    let keys: Vec<Vec<u8>> = match input {
        Input::Keys => texts
            .iter()
            .filter(|t| !t.trim().is_empty())
            .map(|t| parse_key(t.trim(), &fits))
            .collect::<Result<_, _>>()?,
        Input::HbaseScan => rows_of_hbase_scan(&texts.join("\n"))
            .iter()
            .map(|t| parse_key(t, &fits))
            .collect::<Result<_, _>>()?,
        Input::CbtRead => rows_of_cbt_read(&texts.join("\n")),
    };
    for (i, key) in keys.iter().enumerate() {
        let e = explain(schema, key);
        let r = if json {
            writeln!(out, "{}", explained_json(key, &e))
        } else {
            let sep = if i == 0 { "" } else { "\n" };
            write!(out, "{sep}{}  {}\n{e}", hex(key), ruby(key))
        };
        r.map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn explained_json(key: &[u8], e: &Explained<'_>) -> serde_json::Value {
    let fields: Vec<_> = e
        .fields
        .iter()
        .map(|f| {
            let mut o =
                json!({"name": f.name, "bytes": [f.span.start, f.span.end], "codec": f.codec});
            let (k, v) = match &f.reading {
                Reading::Value(v) => ("value", json!(v.to_string())),
                Reading::Error(err) => ("error", json!(err.to_string())),
                Reading::Cut { present, .. } => ("cut", json!({"present": present})),
                Reading::Absent => ("absent", json!(true)),
            };
            o[k] = v;
            o
        })
        .collect();
    json!({
        "key": hex(key),
        "type": e.layout.name,
        "member": e.member,
        "valid": e.is_valid(),
        "partial": e.is_partial(),
        "error": e.error.map(|err| err.to_string()),
        "fields": fields,
    })
}

/// `field=value` arguments.
pub fn pairs(args: &[String]) -> Result<Vec<(&str, &str)>, String> {
    args.iter()
        .map(|a| {
            a.split_once('=')
                .ok_or_else(|| format!("`{a}` is not field=value"))
        })
        .collect()
}

/// The key of `field=value` arguments, after the member's tag, in hex,
/// base64 and shell text.
pub fn encode(
    member: &Member,
    args: &[String],
    json: bool,
    out: &mut dyn Write,
) -> Result<(), String> {
    let values = pairs(args)?;
    let fields = dynamic::encode(member.layout, &values).map_err(|e| e.to_string())?;
    let key = [member.tag, &fields[..]].concat();
    let text = if json {
        format!(
            "{}\n",
            json!({"hex": hex(&key), "b64": b64(&key), "shell": ruby(&key)})
        )
    } else {
        format!(
            "hex    {}\nb64    {}\nshell  {}\n",
            hex(&key),
            b64(&key),
            ruby(&key)
        )
    };
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())
}

/// `lo..hi`, `lo..=hi`, `lo..`, `..hi`, `..`: a field's range, as text bounds.
fn range_bounds(v: &str) -> Option<(Bound<&str>, Bound<&str>)> {
    let (lo, hi) = v.split_once("..")?;
    let lo = if lo.is_empty() {
        Bound::Unbounded
    } else {
        Bound::Included(lo)
    };
    let hi = match hi.strip_prefix('=') {
        Some(h) => Bound::Included(h),
        None if hi.is_empty() => Bound::Unbounded,
        None => Bound::Excluded(hi),
    };
    Some((lo, hi))
}

/// The start and stop rows of a scan by fields (after the member's tag), as
/// HBase shell and `cbt read` commands.
pub fn scan(
    member: &Member,
    args: &[String],
    table: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    let all = pairs(args)?;
    let mut pins = Vec::new();
    let mut range = None;
    for (name, v) in all {
        match range_bounds(v) {
            Some((lo, hi)) if range.is_none() => range = Some((name, lo, hi)),
            Some(_) => {
                return Err(format!(
                    "`{name}={v}`: a scan takes one range, on the field after the pinned ones"
                ))
            }
            None => pins.push((name, v)),
        }
    }
    let ranges: Vec<KeyRange<CAP>> =
        match dynamic::scan::<[u8; CAP]>(member.layout, &Scan { pins: &pins, range })
            .map_err(|e| e.to_string())?
        {
            ScanRanges::One(r) => vec![r],
            ScanRanges::PerBucket(b) => b.collect(),
        };
    // Behind the tag; an open end stops at the tag's last key.
    let ranges = ranges
        .iter()
        .map(|r| KeyRange::<CAP>::within(member.tag, r))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let mut text = String::new();
    if ranges.len() > 1 {
        text.push_str(&format!("# {} ranges, one per salt bucket\n", ranges.len()));
    }
    for r in &ranges {
        let stop = r
            .end()
            .map(|e| format!(", STOPROW => \"{}\"", ruby(e)))
            .unwrap_or_default();
        text.push_str(&format!(
            "scan '{table}', {{STARTROW => \"{}\"{stop}}}\n",
            ruby(r.start())
        ));
    }
    for r in &ranges {
        let end = r
            .end()
            .map(|e| format!(" end={}", bash(e)))
            .unwrap_or_default();
        text.push_str(&format!(
            "cbt read {table} start={}{end}\n",
            bash(r.start())
        ));
    }
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())
}

/// The split points of `regions` regions: the salt's region boundaries, or
/// for a key without salt the first byte(s) split evenly, as HBase's `UniformSplit`.
pub fn split_points(layout: &Layout<'_>, regions: Option<u32>) -> Result<Vec<Vec<u8>>, String> {
    match (layout.salt, regions) {
        (Some(s), r) => Ok(s
            .salt
            .region_split_points(r.unwrap_or(s.salt.buckets()))
            .map(|p| p.as_bytes().to_vec())
            .collect()),
        (None, None) => Err(format!(
            "{} has no salt: give the number of regions with --regions",
            layout.name
        )),
        (None, Some(0)) => Err("--regions must be at least 1".into()),
        (None, Some(r)) => {
            let (space, bytes) = if r <= 256 { (256u64, 1) } else { (65_536, 2) };
            let r = u64::from(r).min(space);
            Ok((1..r)
                .map(|i| {
                    let v = (i * space / r) as u16;
                    if bytes == 1 {
                        vec![v as u8]
                    } else {
                        v.to_be_bytes().to_vec()
                    }
                })
                .collect())
        }
    }
}

/// The pre-split points as HBase shell `create` and `cbt createtable` lines.
pub fn splits(
    layout: &Layout<'_>,
    regions: Option<u32>,
    table: &str,
    family: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    let points = split_points(layout, regions)?;
    let hbase: Vec<String> = points.iter().map(|p| format!("\"{}\"", ruby(p))).collect();
    // `cbt` takes the points as one word, comma separated.
    let cbt = [&b"splits="[..], &points.join(&b',')].concat();
    let text = format!(
        "create '{table}', '{family}', SPLITS => [{}]\ncbt createtable {table} families={family} {}\n",
        hbase.join(", "),
        bash(&cbt)
    );
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())
}
