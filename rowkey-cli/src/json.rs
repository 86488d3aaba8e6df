//! `--json`: what every command prints for scripts.
//!
//! Every object printed carries `"format": 1`, [`FORMAT`]; a later number
//! means a field changed meaning or went away (fields may be added within a
//! format). The shape of each command's output is described in the README's
//! command-line section, under `--json`.

use std::io::Write as _;

/// The number of the output format described above.
pub const FORMAT: u32 = 1;

/// Appends `s` as a JSON string, quotes included.
pub fn push_str(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    if !s.bytes().any(needs_escape) {
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
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
        out.extend_from_slice(&s.as_bytes()[start..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.extend_from_slice(esc.as_bytes());
        }
        start = i + c.len_utf8();
    }
    out.extend_from_slice(&s.as_bytes()[start..]);
    out.push(b'"');
}

fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Appends a number.
pub fn push_int(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// Appends a value's `Display` as a JSON string; plain text (digits, most
/// values) is written as it is, without an intermediate string.
pub fn push_display(out: &mut Vec<u8>, v: &impl std::fmt::Display) {
    let start = out.len();
    out.push(b'"');
    let _ = write!(out, "{v}");
    if out[start + 1..].iter().any(|&b| needs_escape(b)) {
        let text = out.split_off(start + 1);
        out.truncate(start);
        // `Display` wrote UTF-8.
        push_str(out, &String::from_utf8_lossy(&text));
        return;
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_read_back() {
        for s in ["plain", "a\"b\\c\n\u{1}é", ""] {
            let mut out = Vec::new();
            push_str(&mut out, s);
            assert_eq!(serde_json::from_slice::<String>(&out).unwrap(), s);
            let mut out = b"x".to_vec();
            push_display(&mut out, &s);
            assert_eq!(serde_json::from_slice::<String>(&out[1..]).unwrap(), s);
        }
    }
}
