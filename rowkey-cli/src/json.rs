//! `--json`: what every command prints for scripts.
//!
//! Every object printed carries `"format": 1`, [`FORMAT`]. A later format
//! number means a field changed meaning or went away; fields may be added
//! within a format. Keys and split points are `0x` hex strings; field
//! values are strings, as the text output writes them (numbers in decimal,
//! text quoted, bytes as `0x` hex).
//!
//! | command | output |
//! |---|---|
//! | `decode` | one object per key, one per line (JSON Lines): `line` (of stdin) or `argument`, `key`, `type`, `member` (or `null`), `valid`, `partial`, `error` (or `null`), `fields`: `[{name, bytes: [start, end], codec, value / error / cut: {present} / absent: true}]` |
//! | `encode` | `{format, hex, b64, shell}`: the key three ways, `shell` the quoted HBase shell string |
//! | `scan` | `{format, table, ranges: [{start, end, hbase, cbt}]}`; `end` is `null` for an open end, `cbt` is `null` where `cbt` cannot take the bytes, and then `cbt_refused` says why |
//! | `splits` | `{format, table, family, regions, from, split_points, hbase, cbt, cbt_refused}`; `from` is `"salt"`, `"digits"`, `"values"`, `"bytes"` or `"keys"` |
//! | `spread` | `{format, keys, bad_keys, regions: {split_points, counts, max, mean, max_over_mean, busiest}, buckets, by, heat_map}` (see `rowkey spread --help`) |

use std::fmt::Write as _;

/// The number of the output format described above.
pub const FORMAT: u32 = 1;

/// Appends `s` as a JSON string, quotes included.
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let esc = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            c if u32::from(c) < 0x20 => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push_str(esc);
        }
        start = i + c.len_utf8();
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_read_back() {
        for s in ["plain", "a\"b\\c\n\u{1}é", ""] {
            let mut out = String::new();
            push_str(&mut out, s);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s);
        }
    }
}
