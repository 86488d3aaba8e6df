//! Row keys as people meet them, and as this tool prints them.
//!
//! One rule reads a key everywhere (arguments, stdin lines, split-point
//! files): `0x` and hex, `b64:` and base64, a double-quoted HBase shell
//! string (`"\x00user"`), plain hex whenever the text is hex (an even
//! number of hex digits: a region boundary from a log), and otherwise HBase
//! shell text as `Bytes.toBytesBinary` reads it. With [`Plain::Text`] plain
//! text is always shell text, for digit keys such as `00000120120902000001`.
//!
//! Every key printed is written so that this rule reads it back to the same
//! bytes: hex as `0x..`, base64 as `b64:..`, and shell text always quoted
//! ([`shell`]), which is also the Ruby literal the HBase shell reads.

use base64::Engine;
use rowkey_core::text::StringBinary;

/// How plain text (no `0x`, `b64:` or quotes) is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plain {
    /// Hex when it is an even number of hex digits, else shell text.
    HexFirst,
    /// Always shell text (`decode --text`).
    Text,
}

/// Which rule read a key: a hint for the error of a key that does not decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `0x..`, `b64:..` or a quoted string: what the text says it is.
    Marked,
    /// Plain text read as hex.
    PlainHex,
    /// Plain text read as shell text.
    PlainText,
}

/// Reads one key into `out` (cleared first). Surrounding whitespace is ignored.
///
/// # Errors
/// One line naming the text and what is wrong with it.
#[inline]
pub fn parse_key_into(text: &[u8], plain: Plain, out: &mut Vec<u8>) -> Result<Form, String> {
    // `0x` first, inline: a dump's lines are read here.
    let t = text.trim_ascii();
    match t.strip_prefix(b"0x").or_else(|| t.strip_prefix(b"0X")) {
        Some(hex) if hex_into(hex, out) => Ok(Form::Marked),
        Some(hex) => Err(format!("bad hex key `{}`: {}", lossy(t), hex_error(hex))),
        None => parse_unmarked_into(t, plain, out),
    }
}

/// [`parse_key_into`] of trimmed text that does not start with `0x`.
fn parse_unmarked_into(t: &[u8], plain: Plain, out: &mut Vec<u8>) -> Result<Form, String> {
    out.clear();
    if t.is_empty() {
        return Err("an empty key".into());
    }
    if let Some(b64) = t.strip_prefix(b"b64:") {
        return base64::engine::general_purpose::STANDARD
            .decode_vec(b64, out)
            .map(|()| Form::Marked)
            .map_err(|e| format!("bad base64 key `{}`: {e}", lossy(t)));
    }
    if let Some(inner) = t.strip_prefix(b"\"") {
        return quoted_into(inner, out)
            .map(|()| Form::Marked)
            .map_err(|e| format!("bad quoted key `{}`: {e}", lossy(t)));
    }
    if plain == Plain::HexFirst && t.len() % 2 == 0 && hex_into(t, out) {
        return Ok(Form::PlainHex);
    }
    shell_text_into(t, out)
        .map(|()| Form::PlainText)
        .map_err(|e| format!("bad key text `{}`: {e}", lossy(t)))
}

/// Reads one key into a new vector.
///
/// # Errors
/// As [`parse_key_into`].
pub fn parse_key(text: &str, plain: Plain) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    parse_key_into(text.as_bytes(), plain, &mut out)?;
    Ok(out)
}

/// Reads HBase shell text alone into `out` (cleared first), as the shell
/// prints a row in its `scan` output: `Bytes.toStringBinary` text, which
/// may start with `0x`, `b64:` or a quote and means none of them.
///
/// # Errors
/// Text that is not UTF-8, or `\xNN` that makes no byte.
pub fn parse_shell_text_into(text: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    out.clear();
    shell_text_into(text, out).map_err(|e| format!("bad key text `{}`: {e}", lossy(text)))
}

fn lossy(t: &[u8]) -> String {
    String::from_utf8_lossy(t).into_owned()
}

/// Sets `out` to the bytes of `hex`, if it is an even number of hex digits
/// (else clears it). A key read from a dump takes this path, so the digits
/// are read through a table, with one test for the whole key, over the
/// last key's bytes (a key as long as the last one resizes nothing).
#[inline]
fn hex_into(hex: &[u8], out: &mut Vec<u8>) -> bool {
    if out.len() != hex.len() / 2 {
        out.resize(hex.len() / 2, 0);
    }
    if hex.len() % 2 == 0 && unhex(hex, out) {
        return true;
    }
    out.clear();
    false
}

/// Pairs of hex digits into `out`, one byte a pair; false when one is no digit.
#[inline]
fn unhex(hex: &[u8], out: &mut [u8]) -> bool {
    // A byte that is no digit reads as 0xff: its high bits mark the key.
    let mut bad = 0;
    for (o, pair) in out.iter_mut().zip(hex.chunks_exact(2)) {
        let (hi, lo) = (hex_digit(pair[0]), hex_digit(pair[1]));
        bad |= hi | lo;
        *o = hi << 4 | lo;
    }
    bad < 16
}

/// Each byte's value as a hex digit, or 0xff.
const HEX_DIGITS: [u8; 256] = {
    let mut t = [0xff; 256];
    let mut i = 0;
    while i < 16 {
        t[b"0123456789abcdef"[i] as usize] = i as u8;
        t[b"0123456789ABCDEF"[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Why `hex` is not an even number of hex digits.
#[cold]
fn hex_error(hex: &[u8]) -> String {
    match hex.iter().position(|c| !c.is_ascii_hexdigit()) {
        Some(i) => format!(
            "character {} of the hex, {:?}, is not a hex digit",
            i + 1,
            char::from(hex[i])
        ),
        None => format!("{} hex digits, an odd number", hex.len()),
    }
}

/// A hex digit's value, or 0xff for a byte that is none.
fn hex_digit(c: u8) -> u8 {
    HEX_DIGITS[usize::from(c)]
}

/// HBase shell text, as `Bytes.toBytesBinary` reads it (`\xNN` in either case).
fn shell_text_into(t: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let text = std::str::from_utf8(t).map_err(|_| "it is not UTF-8 text".to_owned())?;
    let start = out.len();
    out.resize(start + t.len(), 0);
    let n = rowkey_core::text::parse_string_binary(text, &mut out[start..])
        .map_err(|e| e.to_string())?;
    out.truncate(start + n);
    Ok(())
}

/// The inside of a double-quoted string as [`shell`] writes it: printable
/// ASCII and `\xNN`. Other escapes are refused, since Ruby and HBase's
/// `toBytesBinary` read them differently.
fn quoted_into(inner: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    let Some(body) = inner.strip_suffix(b"\"") else {
        return Err("no closing `\"`".into());
    };
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'\\' => match body.get(i + 1..i + 4) {
                Some([b'x', h, l]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
                    out.push(hex_digit(*h) << 4 | hex_digit(*l));
                    i += 4;
                }
                _ => return Err(format!("at character {}: only `\\xNN` escapes", i + 2)),
            },
            b'"' => return Err(format!("at character {}: a `\"` inside", i + 2)),
            c if (0x20..0x7f).contains(&c) => {
                out.push(c);
                i += 1;
            }
            c => {
                return Err(format!(
                    "at character {}: byte 0x{c:02x}; write it as \\x{c:02X}",
                    i + 2
                ))
            }
        }
    }
    Ok(())
}

/// `0x` and lower-case hex.
pub fn hex(b: &[u8]) -> String {
    let mut s = Vec::with_capacity(2 + 2 * b.len());
    s.extend_from_slice(b"0x");
    push_hex(&mut s, b);
    s.into_iter().map(char::from).collect()
}

/// Appends `b` as lower-case hex digits.
pub fn push_hex(out: &mut Vec<u8>, b: &[u8]) {
    out.reserve(2 * b.len());
    for &x in b {
        out.extend_from_slice(&HEX_PAIRS[usize::from(x)]);
    }
}

/// Each byte as two lower-case hex digits.
const HEX_PAIRS: [[u8; 2]; 256] = {
    let digits = b"0123456789abcdef";
    let mut t = [[0; 2]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = [digits[i >> 4], digits[i & 15]];
        i += 1;
    }
    t
};

/// `b64:` and standard base64.
pub fn b64(b: &[u8]) -> String {
    format!(
        "b64:{}",
        base64::engine::general_purpose::STANDARD.encode(b)
    )
}

/// A key as HBase shell text in double quotes: `Bytes.toStringBinary`, with
/// `"` and `#` (which Ruby would read) as `\xNN` too. It is the Ruby literal
/// whose bytes (`to_java_bytes`, as the shell's `STARTROW` takes them) are
/// the key, and [`parse_key`] reads it back to the key.
pub fn shell(b: &[u8]) -> String {
    let mut s = Vec::with_capacity(b.len() + 2);
    push_shell(&mut s, b);
    // Printable ASCII and `\xNN`.
    s.into_iter().map(char::from).collect()
}

/// Appends [`shell`]`(b)`; a key without `"` or `#` is written as it is,
/// without an intermediate string.
pub fn push_shell(out: &mut Vec<u8>, b: &[u8]) {
    use std::io::Write as _;
    out.push(b'"');
    let start = out.len();
    let _ = write!(out, "{}", StringBinary(b));
    if out[start..].iter().any(|&c| c == b'"' || c == b'#') {
        for c in out.split_off(start) {
            match c {
                b'"' => out.extend_from_slice(b"\\x22"),
                b'#' => out.extend_from_slice(b"\\x23"),
                c => out.push(c),
            }
        }
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(t: &str) -> Result<Vec<u8>, String> {
        parse_key(t, Plain::HexFirst)
    }

    #[test]
    fn marked_forms() {
        assert_eq!(read("0x0001ff").unwrap(), [0, 1, 0xff]);
        assert_eq!(read("b64:AAH/").unwrap(), [0, 1, 0xff]);
        assert_eq!(read(r#""\x00\x01ab""#).unwrap(), [0, 1, b'a', b'b']);
        assert_eq!(read(r#""0x12""#).unwrap(), b"0x12");
        assert!(read("0x0g").unwrap_err().contains("character 2"));
        assert!(read(r#""a\nb""#).unwrap_err().contains("only `\\xNN`"));
        assert!(read(r#""ab"#).unwrap_err().contains("closing"));
    }

    #[test]
    fn plain_hex_is_hex_and_text_only_when_asked() {
        assert_eq!(read("0001").unwrap(), [0, 1]);
        assert_eq!(read("0a0000018b").unwrap(), [0x0a, 0, 0, 1, 0x8b]);
        assert_eq!(parse_key("0001", Plain::Text).unwrap(), b"0001");
        // Not hex: shell text.
        assert_eq!(read(r"\x00\x01ab").unwrap(), [0, 1, b'a', b'b']);
        assert_eq!(read("abc").unwrap(), b"abc");
        assert_eq!(read("user1").unwrap(), b"user1");
    }

    #[test]
    fn printed_keys_read_back() {
        for key in [
            &b"0x12"[..],
            b"b64:AA==",
            b"0001",
            b"\"#{x}\"",
            b"\x00\xff\\x",
            b"",
        ] {
            assert_eq!(read(&shell(key)).unwrap_or_default(), key, "{}", shell(key));
            assert_eq!(read(&hex(key)).unwrap_or_default(), key);
            assert_eq!(read(&b64(key)).unwrap_or_default(), key);
        }
        assert_eq!(shell(b"a\"#\x00"), r#""a\x22\x23\x00""#);
    }
}
