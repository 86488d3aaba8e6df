//! Keys as HBase shell text: `Bytes.toStringBinary` and `Bytes.toBytesBinary`.
//!
//! Printable ASCII (`0x20..=0x7E`) stays as it is, except `\`; every other
//! byte is written `\xNN` with upper-case hex. Parsing accepts `\xNN` in
//! either case (HBase: upper case only) and otherwise reads text as
//! `Bytes.toBytesBinary` does, so keys copied from the HBase shell
//! (`scan 't', {STARTROW => "\x01user"}`) decode.

use core::fmt;

/// Displays bytes as HBase shell text.
///
/// ```
/// use rowkey::text::StringBinary;
/// assert_eq!(StringBinary(b"\x00\x01ab\\\xFF").to_string(), r"\x00\x01ab\x5C\xFF");
/// ```
#[derive(Clone, Copy)]
pub struct StringBinary<'a>(pub &'a [u8]);

impl fmt::Display for StringBinary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &b in self.0 {
            if (0x20..=0x7E).contains(&b) && b != b'\\' {
                fmt::Write::write_char(f, b as char)?;
            } else {
                write!(f, "\\x{b:02X}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for StringBinary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// HBase shell text that could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseError {
    /// The output buffer is too short.
    BufferTooSmall {
        /// Bytes the text decodes to, at least.
        needed: usize,
    },
    /// A character outside ASCII: the shell writes those as `\xNN`.
    NotAscii {
        /// Its byte offset in the text.
        offset: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::BufferTooSmall { needed } => {
                write!(f, "the text decodes to more than {} bytes", needed - 1)
            }
            ParseError::NotAscii { offset } => write!(
                f,
                "non-ASCII character at byte {offset}: write bytes outside ASCII as \\xNN"
            ),
        }
    }
}

impl core::error::Error for ParseError {}

fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Parses HBase shell text into `out`, returning the number of bytes written.
/// As in HBase's `Bytes.toBytesBinary`, a `\` not followed by `x` is taken
/// literally, and the `\` of `\x` followed by two characters that are not
/// both hex digits is dropped (`\xZZ` reads `xZZ`); a `\x` too near the end
/// for two digits (where HBase throws) is taken literally.
///
/// ```
/// use rowkey::text::parse_string_binary;
/// let mut buf = [0u8; 16];
/// let n = parse_string_binary(r"\x00\x01ab\xff", &mut buf)?;
/// assert_eq!(&buf[..n], b"\x00\x01ab\xFF");
/// # Ok::<(), rowkey::text::ParseError>(())
/// ```
///
/// # Errors
/// A buffer too short, or a character outside ASCII.
pub fn parse_string_binary(text: &str, out: &mut [u8]) -> Result<usize, ParseError> {
    let t = text.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < t.len() {
        let escaped = match t.get(i..i + 4) {
            Some([b'\\', b'x', h, l]) => hex(*h).zip(hex(*l)).map(|(h, l)| h << 4 | l),
            _ => None,
        };
        let (byte, step) = match escaped {
            Some(b) => (b, 4),
            // HBase: "bogus escape code, ignore" skips the backslash alone.
            None if t[i] == b'\\' && t.get(i + 1) == Some(&b'x') && t.len() >= i + 4 => {
                i += 1;
                continue;
            }
            None if t[i].is_ascii() => (t[i], 1),
            None => return Err(ParseError::NotAscii { offset: i }),
        };
        *out.get_mut(n)
            .ok_or(ParseError::BufferTooSmall { needed: n + 1 })? = byte;
        n += 1;
        i += step;
    }
    Ok(n)
}

/// Parses HBase shell text into a new vector.
///
/// ```
/// assert_eq!(rowkey::text::to_bytes_binary(r"row\x7F")?, b"row\x7F");
/// # Ok::<(), rowkey::text::ParseError>(())
/// ```
///
/// # Errors
/// A character outside ASCII.
#[cfg(feature = "alloc")]
pub fn to_bytes_binary(text: &str) -> Result<alloc::vec::Vec<u8>, ParseError> {
    let mut v = alloc::vec![0u8; text.len()];
    let n = parse_string_binary(text, &mut v)?;
    v.truncate(n);
    Ok(v)
}

/// Bytes a user typed for a bytes field: `0x` hex, `md5:TEXT` (the digest
/// of `TEXT`, feature `md5`), or HBase shell text.
///
/// # Errors
/// Text that is none of these, naming the field `name`.
#[cfg(feature = "alloc")]
pub(crate) fn parse_bytes(
    text: &str,
    name: &str,
) -> Result<alloc::vec::Vec<u8>, crate::value::InputError> {
    use crate::value::InputError;
    if let Some(hex) = text.strip_prefix("0x") {
        return parse_hex(hex)
            .ok_or_else(|| InputError(alloc::format!("field `{name}`: `{text}` is not hex")));
    }
    #[cfg(feature = "md5")]
    if let Some(data) = text.strip_prefix("md5:") {
        return Ok(crate::Md5::of(data).as_bytes().to_vec());
    }
    to_bytes_binary(text).map_err(|e| InputError(alloc::format!("field `{name}`: {e}")))
}

/// Exactly `n` bytes a user typed: plain hex, or as [`parse_bytes`] reads.
///
/// # Errors
/// Text that is no bytes, or another number of them.
#[cfg(feature = "alloc")]
pub(crate) fn parse_exact(
    text: &str,
    n: usize,
    name: &str,
) -> Result<alloc::vec::Vec<u8>, crate::value::InputError> {
    let b = match parse_hex(text) {
        Some(b) if !text.starts_with("0x") => b,
        _ => parse_bytes(text, name)?,
    };
    if b.len() != n {
        return Err(crate::value::InputError(alloc::format!(
            "field `{name}`: {} bytes given, the field holds exactly {n}",
            b.len()
        )));
    }
    Ok(b)
}

/// Bytes from hex digits (no prefix), or `None`. Digits only: the `+`
/// that `u8::from_str_radix` takes would read `+a` as a byte.
#[cfg(feature = "alloc")]
pub(crate) fn parse_hex(text: &str) -> Option<alloc::vec::Vec<u8>> {
    let h = text.as_bytes();
    if h.len() % 2 != 0 {
        return None;
    }
    h.chunks(2)
        .map(|p| Some((hex(p[0])? << 4) | hex(p[1])?))
        .collect()
}

// Parsing into a `Vec` needs an allocator.
#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn round_trip_every_byte() {
        let all: std::vec::Vec<u8> = (0..=255).collect();
        let text = StringBinary(&all).to_string();
        assert_eq!(to_bytes_binary(&text).unwrap(), all);
    }

    #[test]
    fn literal_backslash_and_errors() {
        assert_eq!(to_bytes_binary(r"a\b").unwrap(), b"a\\b");
        assert_eq!(to_bytes_binary(r"\x4").unwrap(), b"\\x4");
        assert_eq!(to_bytes_binary(r"\xZZ\x4g").unwrap(), b"xZZx4g");
        assert_eq!(
            to_bytes_binary("é"),
            Err(ParseError::NotAscii { offset: 0 })
        );
        let mut one = [0u8; 1];
        assert!(parse_string_binary("ab", &mut one).is_err());
    }

    /// HBase's `Bytes.toBytesBinary`, written from its Java source: `\x`
    /// and two hex digits is a byte, `\x` and two other characters drops
    /// the `\`, and (where Java throws) a `\x` with fewer than two
    /// characters after it is literal text.
    fn to_bytes_binary_model(t: &[u8]) -> std::vec::Vec<u8> {
        let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        let (mut out, mut i) = (std::vec::Vec::new(), 0);
        while i < t.len() {
            if t[i] == b'\\' && t.get(i + 1) == Some(&b'x') && i + 3 < t.len() {
                match (digit(t[i + 2]), digit(t[i + 3])) {
                    (Some(h), Some(l)) => {
                        out.push(h * 16 + l);
                        i += 4;
                    }
                    _ => i += 1,
                }
            } else {
                out.push(t[i]);
                i += 1;
            }
        }
        out
    }

    /// Every text of up to five characters drawn from backslashes, `x`,
    /// hex digits of both cases and a non-digit parses as HBase does, into
    /// a buffer of exactly its length; one byte less is too small.
    #[test]
    fn parses_as_hbase_does() {
        let alphabet = b"\\x0a9Fg";
        let mut text = std::vec::Vec::new();
        for len in 0..=5u32 {
            for mut code in 0..alphabet.len().pow(len) {
                text.clear();
                for _ in 0..len {
                    text.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                let want = to_bytes_binary_model(&text);
                let s = core::str::from_utf8(&text).unwrap();
                let mut buf = [0xA5u8; 5];
                let n = parse_string_binary(s, &mut buf[..want.len()]);
                assert_eq!(n, Ok(want.len()), "{s}");
                assert_eq!(&buf[..want.len()], &want[..], "{s}");
                if let Some(short) = want.len().checked_sub(1) {
                    let e = parse_string_binary(s, &mut buf[..short]);
                    assert_eq!(
                        e,
                        Err(ParseError::BufferTooSmall { needed: want.len() }),
                        "{s}"
                    );
                }
            }
        }
    }

    #[test]
    fn texts_of_the_errors() {
        let e = to_bytes_binary("ab\\xé").unwrap_err();
        assert_eq!(e, ParseError::NotAscii { offset: 4 });
        assert_eq!(
            e.to_string(),
            "non-ASCII character at byte 4: write bytes outside ASCII as \\xNN"
        );
        let mut two = [0u8; 2];
        let e = parse_string_binary("abc", &mut two).unwrap_err();
        assert_eq!(e.to_string(), "the text decodes to more than 2 bytes");
        let shown = std::format!("{:?}", StringBinary(b"a\"\x00"));
        assert_eq!(shown, "\"a\"\\x00\"");
    }

    /// A bytes field's text: `0x` and hex, `md5:` and the text to digest,
    /// or shell text; an exact width also takes plain hex.
    #[test]
    fn bytes_a_user_typed() {
        assert_eq!(parse_bytes("0x00aBff", "f").unwrap(), [0x00, 0xAB, 0xFF]);
        assert_eq!(parse_bytes("0x", "f").unwrap(), [0u8; 0]);
        let e = parse_bytes("0x0g", "id").unwrap_err();
        assert_eq!(e.0, "field `id`: `0x0g` is not hex");
        assert_eq!(
            parse_bytes("0x123", "f").unwrap_err().0,
            "field `f`: `0x123` is not hex"
        );
        assert_eq!(parse_bytes(r"ab\x01", "f").unwrap(), b"ab\x01");
        let e = parse_bytes("é", "id").unwrap_err();
        assert_eq!(
            e.0,
            std::format!("field `id`: {}", ParseError::NotAscii { offset: 0 })
        );
        #[cfg(feature = "md5")]
        assert_eq!(
            parse_bytes("md5:abc", "f").unwrap(),
            crate::Md5::of("abc").as_bytes()
        );

        assert_eq!(parse_exact("0aFF", 2, "f").unwrap(), [0x0A, 0xFF]);
        assert_eq!(parse_exact("0x0aff", 2, "f").unwrap(), [0x0A, 0xFF]);
        assert_eq!(parse_exact("0x01", 1, "f").unwrap(), [0x01]);
        assert_eq!(parse_exact("row", 3, "f").unwrap(), b"row");
        let e = parse_exact("0aff", 3, "key").unwrap_err();
        assert_eq!(e.0, "field `key`: 2 bytes given, the field holds exactly 3");
        assert!(parse_exact("0xzz", 2, "f").is_err());

        assert_eq!(parse_hex(""), Some(std::vec![]));
        assert_eq!(parse_hex("7f80"), Some(std::vec![0x7F, 0x80]));
        assert_eq!(parse_hex("7f8"), None);
        assert_eq!(parse_hex("0x01"), None);
    }

    /// Hex text is hex digits only: `u8::from_str_radix` also takes a
    /// leading `+`, so `+a` is read as the byte 0x0A.
    #[test]
    fn hex_is_hex_digits_only() {
        assert_eq!(parse_hex("+a+b"), None);
        assert!(parse_bytes("0x+a", "f").is_err());
        assert!(parse_exact("+a+b", 2, "f").is_err());
    }
}
