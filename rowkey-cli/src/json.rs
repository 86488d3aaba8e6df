//! `--json`: what every command prints for scripts.
//!
//! Every object printed carries `"format": 1`, [`FORMAT`]; a later number
//! means a field changed meaning or went away (fields may be added within a
//! format). The shape of each command's output is described in the README's
//! command-line section, under `--json`.

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
