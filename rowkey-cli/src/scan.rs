//! `scan`: the start and stop rows of a scan by fields, as HBase shell and
//! `cbt` commands.

use rowkey_core::dynamic::{self, Scan, ScanRanges, TextCondition};
use rowkey_core::{KeyRange, Member};
use serde_json::json;

use crate::args::{conditions, pairs, range_bounds, Given};
use crate::json::FORMAT;
use crate::keytext::hex;
use crate::{cbt, hbase, Printed, Tools};

/// The range capacity of the command line: keys of up to 4 KiB.
pub const CAP: usize = 4096;

/// The ranges of a scan, and what makes them several.
#[derive(Debug, Clone)]
pub struct Ranges {
    /// The ranges, in key order.
    pub ranges: Vec<KeyRange<CAP>>,
    /// One per salt bucket (a scan of single values), or one per combination
    /// of the values given (a set).
    pub per_bucket: bool,
}

/// The ranges of a scan by `field=value` (and one `field=lo..hi`)
/// arguments, behind the member's tag: one, or one per salt bucket. A field
/// given several values (`user_id=1 user_id=5`) makes a select: one range
/// per combination of the values.
///
/// # Errors
/// A field unknown, given twice or out of order, a value that does not
/// fit, or a range that selects no key.
pub fn ranges(member: &Member, args: &[String]) -> Result<Ranges, String> {
    let given = conditions(args)?;
    if given
        .iter()
        .any(|(_, g)| matches!(g, Given::Values(vs) if vs.len() > 1))
    {
        return select_ranges(member, &given);
    }
    let mut pins = Vec::new();
    let mut range = None;
    for (name, v) in pairs(args)? {
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
    let scan = Scan { pins: &pins, range };
    let ranges: Vec<KeyRange<CAP>> =
        match dynamic::scan::<[u8; CAP]>(member.layout, &scan).map_err(|e| e.to_string())? {
            ScanRanges::One(r) => vec![r],
            ScanRanges::PerBucket(b) => b.collect(),
        };
    if let (Some((name, ..)), Some(r)) = (range, ranges.first()) {
        if r.is_empty() {
            let v = args
                .iter()
                .find(|a| a.split_once('=').is_some_and(|(n, _)| n == name));
            return Err(format!(
                "`{}` selects no key: the range is empty. Write LOW..HIGH (HIGH left out) or LOW..=HIGH, the low value first",
                v.map_or(name, String::as_str)
            ));
        }
    }
    Ok(Ranges {
        ranges: behind_tag(member, ranges.iter())?,
        per_bucket: true,
    })
}

/// The ranges of a select: the cartesian product of the values given, each
/// continued by the next field's range, with the salt bucket of each
/// combination. Refused when a condition lies past what ranges can hold
/// (a scan command would read other rows too).
fn select_ranges(member: &Member, given: &[(&str, Given<'_>)]) -> Result<Ranges, String> {
    let conds: Vec<(&str, TextCondition<'_>)> = given
        .iter()
        .map(|(n, g)| {
            let c = match g {
                Given::Values(vs) => TextCondition::Values(vs.clone()),
                Given::Range(lo, hi) => TextCondition::Range(*lo, *hi),
            };
            (*n, c)
        })
        .collect();
    let s = dynamic::select(member.layout, &conds, None).map_err(|e| e.to_string())?;
    if let Some(c) = s.covering() {
        return Err(format!("the scan is too wide for its commands: {c}"));
    }
    let filtered = s.filtered();
    if !filtered.is_empty() {
        let names: Vec<String> = filtered.iter().map(|n| format!("`{n}`")).collect();
        return Err(format!(
            "{} lies after a range or a field with no value, so no key range holds exactly its rows and scan commands would return others too: give values for every field before it, or read with rowkey-bigtable's `stream_select`, which checks each row",
            names.join(", ")
        ));
    }
    Ok(Ranges {
        ranges: behind_tag(member, s.ranges().iter())?,
        per_bucket: false,
    })
}

/// The ranges behind the member's tag; an open end stops at the tag's last key.
fn behind_tag<'r, B: rowkey_core::RangeBytes>(
    member: &Member,
    ranges: impl Iterator<Item = &'r rowkey_core::KeyRangeOf<B>>,
) -> Result<Vec<KeyRange<CAP>>, String> {
    ranges
        .map(|r| KeyRange::<CAP>::within(member.tag, r))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())
}

/// The `cbt read` lines of `ranges`, or why `cbt` cannot take them.
fn cbt_lines(ranges: &Ranges, table: &str) -> Result<Vec<String>, cbt::Inexpressible> {
    let (per_bucket, ranges) = (ranges.per_bucket, &ranges.ranges);
    ranges
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let what = if ranges.len() == 1 {
                "the range".to_owned()
            } else if per_bucket {
                format!("range {} (salt bucket {i})", i + 1)
            } else {
                format!("range {}", i + 1)
            };
            cbt::read(table, r.start(), r.end(), &what)
        })
        .collect()
}

/// Why `cbt` is not printed, and what to use instead.
pub fn refusal(e: &cbt::Inexpressible, json: bool) -> String {
    let instead = if json {
        "use the HBase shell lines, rowkey-bigtable's `row_range`, or the bytes in `start` and `end`"
    } else {
        "use the HBase shell lines, rowkey-bigtable's `row_range`, or `--json` for the bytes"
    };
    format!("cbt cannot read this scan: {e}; {instead}")
}

/// The scan's commands for the tools asked for.
pub fn print(ranges: &Ranges, table: &str, tools: Tools) -> Printed {
    let mut text = String::new();
    if tools.hbase {
        for r in &ranges.ranges {
            text.push_str(&hbase::scan(table, r.start(), r.end()));
            text.push('\n');
        }
    }
    let mut refused = None;
    if tools.cbt {
        match cbt_lines(ranges, table) {
            Ok(lines) => lines.iter().for_each(|l| {
                text.push_str(l);
                text.push('\n');
            }),
            Err(e) => refused = Some(refusal(&e, false)),
        }
    }
    let n = ranges.ranges.len();
    if n > 1 && !text.is_empty() {
        let per = if ranges.per_bucket {
            "one per salt bucket"
        } else {
            "one per combination of the values given"
        };
        text.insert_str(0, &format!("# {n} ranges, {per}\n"));
    }
    Printed { text, refused }
}

/// The scan as one JSON object (format 1).
pub fn print_json(ranges: &Ranges, table: &str) -> String {
    let cbt = cbt_lines(ranges, table);
    let items: Vec<_> = ranges
        .ranges
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "start": hex(r.start()),
                "end": r.end().map(hex),
                "hbase": hbase::scan(table, r.start(), r.end()),
                "cbt": cbt.as_ref().ok().map(|l| &l[i]),
            })
        })
        .collect();
    let doc = json!({
        "format": FORMAT,
        "table": table,
        "ranges": items,
        "cbt_refused": cbt.as_ref().err().map(|e| refusal(e, true)),
    });
    format!("{doc}\n")
}
