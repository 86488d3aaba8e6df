//! `bool`: one byte, `0x00` for false and `0x01` for true (descending:
//! `0xFF` and `0xFE`). Decode rejects any other byte.

use crate::range::Edge;
use crate::{DecodeError, DecodeErrorKind, EncodeError};

/// Writes `v`.
#[inline(always)]
pub fn encode(v: bool, out: &mut [u8; 1], descending: bool) {
    out[0] = if descending { !(v as u8) } else { v as u8 };
}

/// Reads a bool.
///
/// # Errors
/// [`DecodeErrorKind::InvalidBool`] for a byte that is not one of the two.
#[inline(always)]
pub fn decode(
    bytes: &[u8; 1],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<bool, DecodeError> {
    let b = if descending { !bytes[0] } else { bytes[0] };
    match b {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::InvalidBool { found: bytes[0] },
        )),
    }
}

/// The byte of a range bound.
#[inline]
pub fn edge(v: bool, descending: bool) -> Result<Edge<1>, EncodeError> {
    let mut out = [0u8; 1];
    encode(v, &mut out, descending);
    Ok(Edge::Bytes(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_and_rejects() {
        let mut b = [9u8];
        encode(true, &mut b, false);
        assert_eq!(b, [1]);
        encode(true, &mut b, true);
        assert_eq!(b, [0xFE]);
        assert_eq!(decode(&[0xFE], true, "f", 0), Ok(true));
        assert!(decode(&[2], false, "f", 0).is_err());
    }
}
