//! `Option<T>` for a fixed-width `T`: one presence byte, `0x00` for `None`
//! and `0x01` for `Some`, then `T`'s bytes (all `0x00` for `None`). `None`
//! sorts before every `Some`. Descending inverts the presence byte too.
//! Decode rejects a `None` whose payload is not all zero, so every key has
//! one reading.

use crate::{DecodeError, DecodeErrorKind};

/// The presence byte.
#[inline(always)]
pub fn marker(some: bool, descending: bool) -> u8 {
    let b = some as u8;
    if descending {
        !b
    } else {
        b
    }
}

/// Reads the presence byte.
///
/// # Errors
/// [`DecodeErrorKind::InvalidBool`] for a byte that is neither marker.
#[inline]
pub fn presence(
    byte: &[u8; 1],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<bool, DecodeError> {
    super::boolean::get(byte, descending, field, offset)
}

/// Writes a `None` payload.
#[inline(always)]
pub fn empty(out: &mut [u8], descending: bool) {
    out.fill(if descending { 0xFF } else { 0x00 });
}

/// Checks a `None` payload.
///
/// # Errors
/// [`DecodeErrorKind::BadPadding`] at the first byte that is not padding.
#[inline]
pub fn check_empty(
    bytes: &[u8],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<(), DecodeError> {
    let pad = if descending { 0xFF } else { 0x00 };
    match bytes.iter().position(|&b| b != pad) {
        None => Ok(()),
        Some(i) => Err(DecodeError::new(
            field,
            offset + i,
            DecodeErrorKind::BadPadding { found: bytes[i] },
        )),
    }
}

/// For a field added with `since`, read from the key: a `None` that ends the
/// key is one encode never writes (it writes nothing), so it is rejected and
/// every key has one reading.
///
/// # Errors
/// [`DecodeErrorKind::AbsentWritten`] at the field's first byte.
#[inline]
pub fn check_added(
    none: bool,
    at_end: bool,
    field: &'static str,
    offset: usize,
) -> Result<(), DecodeError> {
    if none && at_end {
        Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::AbsentWritten,
        ))
    } else {
        Ok(())
    }
}
