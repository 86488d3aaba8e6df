//! `#[be_u16]`, `#[be_u32]`, `#[be_u64]`: any integer field stored as an
//! unsigned big-endian number of 2, 4 or 8 bytes.
//!
//! The value must lie in `0..=uN::MAX`; anything else is an
//! [`EncodeError`], never a truncation. On decode, a number
//! that does not fit the field's type (a `be_u32` of 70,000 into an `i16`)
//! is a [`DecodeError`]. Descending inverts every byte.

use super::int::{KeyInt, ToNumber};
use crate::range::Edge;
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Number};

/// Writes `v` as the unsigned type `U` (`u16`, `u32` or `u64`).
///
/// # Errors
/// [`EncodeErrorKind::OutOfRange`] when `v` is negative or above `U::MAX`.
#[inline(always)]
pub fn encode<U, T, const W: usize>(
    v: T,
    out: &mut [u8; W],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError>
where
    T: ToNumber,
    U: KeyInt<W> + ToNumber + TryFrom<T>,
{
    match U::try_from(v) {
        Ok(u) => {
            *out = u.to_key();
            if descending {
                super::invert(out);
            }
            Ok(())
        }
        Err(_) => Err(EncodeError::new(
            field,
            EncodeErrorKind::OutOfRange {
                value: v.to_number(),
                min: U::MIN_NUMBER,
                max: U::MAX_NUMBER,
            },
        )),
    }
}

/// Reads a `U` and converts it to the field's type `T`.
///
/// # Errors
/// [`DecodeErrorKind::OutOfRange`] when the number does not fit `T`.
#[inline(always)]
pub fn decode<U, T, const W: usize>(
    bytes: &[u8; W],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError>
where
    U: KeyInt<W> + ToNumber,
    T: ToNumber + TryFrom<U>,
{
    let mut b = *bytes;
    if descending {
        super::invert(&mut b);
    }
    let u = U::from_key(b);
    T::try_from(u).map_err(|_| {
        DecodeError::new(
            field,
            offset,
            DecodeErrorKind::OutOfRange {
                value: u.to_number(),
                max: T::MAX_NUMBER,
            },
        )
    })
}

/// The bytes of a range bound, or which side of the codec's range it falls off.
#[inline]
pub fn edge<U, T, const W: usize>(v: T, descending: bool) -> Result<Edge<W>, EncodeError>
where
    T: ToNumber,
    U: KeyInt<W> + TryFrom<T>,
{
    Ok(match U::try_from(v) {
        Ok(u) => {
            let mut b = u.to_key();
            if descending {
                super::invert(&mut b);
            }
            Edge::Bytes(b)
        }
        Err(_) => match v.to_number() {
            Number::Signed(s) if s < 0 => Edge::BelowMin,
            _ => Edge::AboveMax,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_and_range_checks() {
        let mut out = [0u8; 4];
        encode::<u32, u64, 4>(86_399_999, &mut out, false, "ms").unwrap();
        assert_eq!(out, [0x05, 0x26, 0x5B, 0xFF]);
        let e = encode::<u32, u64, 4>(1 << 32, &mut out, false, "ms").unwrap_err();
        assert_eq!(
            e.to_string(),
            "field `ms`: value 4294967296 does not fit, allowed 0..=4294967295"
        );
        let mut two = [0u8; 2];
        assert!(encode::<u16, i32, 2>(-1, &mut two, false, "m").is_err());
        encode::<u16, i32, 2>(1439, &mut two, true, "m").unwrap();
        assert_eq!(two, [!0x05, !0x9F]);
        assert_eq!(decode::<u16, i32, 2>(&two, true, "m", 0), Ok(1439));
        let big = [0xFF, 0xFF];
        let e = decode::<u16, i8, 2>(&big, false, "m", 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "field `m` at byte 3: value 65535 does not fit the field's type, largest is 127"
        );
        assert_eq!(edge::<u16, i32, 2>(-5, false), Ok(Edge::BelowMin));
        assert_eq!(edge::<u16, i32, 2>(70_000, false), Ok(Edge::AboveMax));
    }
}
