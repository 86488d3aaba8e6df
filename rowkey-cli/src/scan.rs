//! `scan`: the start and stop rows of a scan by fields, as HBase shell and
//! `cbt` commands.

use rowkey_core::dynamic::{self, Scan, ScanRanges};
use rowkey_core::{KeyRange, Member};
use serde_json::json;

use crate::args::{pairs, range_bounds};
use crate::json::FORMAT;
use crate::keytext::hex;
use crate::{cbt, hbase, Printed, Tools};

/// The range capacity of the command line: keys of up to 4 KiB.
pub const CAP: usize = 4096;

/// The ranges of a scan by `field=value` (and one `field=lo..hi`)
/// arguments, behind the member's tag: one, or one per salt bucket.
///
/// # Errors
/// A field unknown, given twice or out of order, a value that does not
/// fit, or a range that selects no key.
pub fn ranges(member: &Member, args: &[String]) -> Result<Vec<KeyRange<CAP>>, String> {
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
    // Behind the tag; an open end stops at the tag's last key.
    ranges
        .iter()
        .map(|r| KeyRange::<CAP>::within(member.tag, r))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())
}

/// The `cbt read` lines of `ranges`, or why `cbt` cannot take them.
fn cbt_lines(ranges: &[KeyRange<CAP>], table: &str) -> Result<Vec<String>, cbt::Inexpressible> {
    ranges
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let what = if ranges.len() == 1 {
                "the range".to_owned()
            } else {
                format!("range {} (salt bucket {i})", i + 1)
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
pub fn print(ranges: &[KeyRange<CAP>], table: &str, tools: Tools) -> Printed {
    let mut text = String::new();
    if tools.hbase {
        for r in ranges {
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
    if ranges.len() > 1 && !text.is_empty() {
        text.insert_str(
            0,
            &format!("# {} ranges, one per salt bucket\n", ranges.len()),
        );
    }
    Printed { text, refused }
}

/// The scan as one JSON object (format 1).
pub fn print_json(ranges: &[KeyRange<CAP>], table: &str) -> String {
    let cbt = cbt_lines(ranges, table);
    let items: Vec<_> = ranges
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
