//! An enum of key types (`#[derive(RowKey)] enum Row { User(UserKey), .. }`):
//! a member's `#[tag(..)]` bytes lead its key, so decode knows the member
//! from the first bytes.

use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};

/// The member's bytes after `tag`, or why `bytes` does not start with it.
///
/// # Errors
/// [`DecodeErrorKind::TooShort`] for fewer bytes than the tag,
/// [`DecodeErrorKind::BadTag`] at the first byte that differs.
///
/// ```
/// use rowkey_core::__private::record::strip_tag;
/// assert_eq!(strip_tag(b"u\x00\x01", b"u", "Row"), Ok(&b"\x00\x01"[..]));
/// assert!(strip_tag(b"g\x00\x01", b"u", "Row").is_err());
/// ```
pub fn strip_tag<'a>(
    bytes: &'a [u8],
    tag: &[u8],
    name: &'static str,
) -> Result<&'a [u8], DecodeError> {
    if bytes.len() < tag.len() {
        let kind = DecodeErrorKind::TooShort {
            min: tag.len(),
            found: bytes.len(),
        };
        return Err(DecodeError::new(name, 0, kind));
    }
    let (head, rest) = bytes.split_at(tag.len());
    match head.iter().zip(tag).position(|(a, b)| a != b) {
        None => Ok(rest),
        Some(i) => {
            let kind = DecodeErrorKind::BadTag {
                expected: tag[i],
                found: head[i],
            };
            Err(DecodeError::new(name, i, kind))
        }
    }
}

/// Writes `tag` at the front of `out`; returns its length.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`] when `out` is shorter than `needed`,
/// the length of the whole key.
pub fn write_tag(
    tag: &[u8],
    out: &mut [u8],
    needed: usize,
    name: &'static str,
) -> Result<usize, EncodeError> {
    if out.len() < needed {
        let kind = EncodeErrorKind::BufferTooSmall {
            needed,
            available: out.len(),
        };
        return Err(EncodeError::new(name, kind));
    }
    out[..tag.len()].copy_from_slice(tag);
    Ok(tag.len())
}

/// The smaller of two widths, for an enum's `WIDTH` (its shortest member).
pub const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}
