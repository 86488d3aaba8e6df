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
    if !s.bytes().any(needs_escape) {
        out.push_str(s);
        out.push('"');
        return;
    }
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

fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Appends a number.
pub fn push_int(out: &mut String, n: usize) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// Appends a value's `Display` as a JSON string; plain text (digits, most
/// values) is written as it is, without an intermediate string.
pub fn push_display(out: &mut String, v: &impl std::fmt::Display) {
    let start = out.len();
    out.push('"');
    let _ = write!(out, "{v}");
    let text = &out[start + 1..];
    if text.bytes().any(needs_escape) {
        let text = out.split_off(start + 1);
        out.truncate(start);
        push_str(out, &text);
        return;
    }
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
            let mut out = String::from("x");
            push_display(&mut out, &s);
            assert_eq!(serde_json::from_str::<String>(&out[1..]).unwrap(), s);
        }
    }
}
