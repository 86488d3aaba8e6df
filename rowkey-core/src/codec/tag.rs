//! `#[tag(..)]`: constant bytes in the key (a record type, an index name),
//! on a marker field of type `()`. `#[tag(2)]` is the byte `02`; `#[tag(b"ix")]`
//! is `69 78`. Decode rejects any other bytes, so a scan over a table that
//! mixes record types tells them apart.

use crate::{DecodeError, DecodeErrorKind};

/// Checks that the field holds the tag.
///
/// # Errors
/// [`DecodeErrorKind::BadTag`] at the first byte that differs.
#[inline]
pub fn check(
    bytes: &[u8],
    tag: &[u8],
    field: &'static str,
    offset: usize,
) -> Result<(), DecodeError> {
    match bytes.iter().zip(tag).position(|(a, b)| a != b) {
        None => Ok(()),
        Some(i) => Err(DecodeError::new(
            field,
            offset + i,
            DecodeErrorKind::BadTag {
                expected: tag[i],
                found: bytes[i],
            },
        )),
    }
}
