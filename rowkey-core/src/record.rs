//! An enum of key types (`#[derive(RowKey)] enum Row { User(UserKey), .. }`):
//! a member's `#[tag(..)]` bytes lead its key, so decode knows the member
//! from the first bytes.

use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, RowKey};

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

/// Writes `tag` at the front of `out`, for the member key `key` to follow;
/// returns its length.
///
/// # Errors
/// When `out` is shorter than the tag and key: `key`'s own error if
/// encoding it fails (a field value its codec refuses, the first in key
/// order), so that `encode_into` reports the same error as `encode`;
/// otherwise [`EncodeErrorKind::BufferTooSmall`].
#[inline]
pub fn write_tag<K: RowKey>(
    tag: &[u8],
    out: &mut [u8],
    key: &K,
    name: &'static str,
) -> Result<usize, EncodeError> {
    let needed = tag.len() + key.encoded_len();
    if out.len() < needed {
        return Err(too_small(key, needed, out.len(), name));
    }
    out[..tag.len()].copy_from_slice(tag);
    Ok(tag.len())
}

/// [`write_tag`]'s error.
#[cold]
#[inline(never)]
fn too_small<K: RowKey>(
    key: &K,
    needed: usize,
    available: usize,
    name: &'static str,
) -> EncodeError {
    key.encode().err().unwrap_or_else(|| {
        EncodeError::new(name, EncodeErrorKind::BufferTooSmall { needed, available })
    })
}

/// The smaller of two widths, for an enum's `WIDTH` (its shortest member).
pub const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}
