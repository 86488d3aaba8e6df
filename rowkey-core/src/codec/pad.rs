//! `#[pad(N)]`: an unsigned integer as exactly `N` ASCII digits, zero padded
//! on the left (`pad(6)` of 1 is `b"000001"`), the articles' readable keys.
//!
//! A value of `10^N` or more is an [`EncodeError`], never
//! truncated. Descending (`#[reverse]`) writes `10^N - 1 - v`, that is every
//! digit `d` as `9 - d`, so the key stays ASCII. Decode accepts only `0`..`9`.

use super::int::ToNumber;
use crate::range::Edge;
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Number};

/// Unsigned integer types a `pad` field can have.
pub trait Unsigned: ToNumber {
    /// The most digits a value of this type can have (`u32`: 10).
    const MAX_DIGITS: usize;
    /// The value as a `u128`.
    fn widen(self) -> u128;
    /// A `u128` back as this type, if it fits.
    fn narrow(v: u128) -> Option<Self>;
}

macro_rules! unsigned {
    ($($t:ty => $d:expr),*) => {$(
        impl Unsigned for $t {
            const MAX_DIGITS: usize = $d;
            #[inline(always)]
            fn widen(self) -> u128 { self as u128 }
            #[inline(always)]
            fn narrow(v: u128) -> Option<Self> { <$t>::try_from(v).ok() }
        }
    )*};
}
unsigned!(u8 => 3, u16 => 5, u32 => 10, u64 => 20, u128 => 39);

/// `10^n` for `n` in `0..=38`; `10^39` exceeds `u128`.
const fn pow10(n: usize) -> u128 {
    let mut p = 1u128;
    let mut i = 0;
    while i < n {
        p *= 10;
        i += 1;
    }
    p
}

/// The largest value `N` digits hold, `10^N - 1` (for `N >= 39`, `u128::MAX`).
pub const fn max_value(n: usize) -> u128 {
    if n >= 39 {
        u128::MAX
    } else {
        pow10(n) - 1
    }
}

const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Writes `v` as exactly `N` digits, two at a time from the right.
/// The caller has checked `v <= max_value(N)`.
#[inline(always)]
fn write_digits<const N: usize>(v: u128, out: &mut [u8; N]) {
    if N <= 19 {
        // Every value of up to 19 digits fits a u64, whose division is much cheaper.
        let mut v = v as u64;
        let mut i = N;
        while i >= 2 {
            let d = (v % 100) as usize * 2;
            v /= 100;
            out[i - 2] = PAIRS[d];
            out[i - 1] = PAIRS[d + 1];
            i -= 2;
        }
        if i == 1 {
            out[0] = b'0' + (v % 10) as u8;
        }
    } else {
        let mut v = v;
        for b in out.iter_mut().rev() {
            *b = b'0' + (v % 10) as u8;
            v /= 10;
        }
    }
}

/// Writes `v` as `N` digits (descending: `10^N - 1 - v`).
///
/// # Errors
/// [`EncodeErrorKind::OutOfRange`] when `v` has more than `N` digits.
#[inline(always)]
pub fn encode<T: Unsigned, const N: usize>(
    v: T,
    out: &mut [u8; N],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    let max = max_value(N);
    let w = v.widen();
    if w > max {
        return Err(EncodeError::new(
            field,
            EncodeErrorKind::OutOfRange {
                value: v.to_number(),
                min: Number::Unsigned(0),
                max: Number::Unsigned(max),
            },
        ));
    }
    write_digits(w, out);
    if descending {
        // Digit d becomes 9 - d: `10^N - 1 - v`, which for N = 39 exceeds u128.
        for b in out.iter_mut() {
            *b = b'9' - (*b - b'0');
        }
    }
    Ok(())
}

/// Reads `N` digits.
///
/// # Errors
/// [`DecodeErrorKind::NotDigit`] at the first byte that is not `0`..`9`;
/// [`DecodeErrorKind::OutOfRange`] when the number does not fit the field's type.
#[inline(always)]
pub fn decode<T: Unsigned, const N: usize>(
    bytes: &[u8; N],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    let mut v: u128 = 0;
    if N <= 19 {
        let mut s: u64 = 0;
        for (i, &c) in bytes.iter().enumerate() {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                return Err(not_digit(field, offset + i, c));
            }
            let d = if descending { 9 - d } else { d };
            s = s * 10 + d as u64;
        }
        v = s as u128;
    } else {
        // 39 digits reach 10^39 - 1, above u128::MAX: such a number is no
        // value of any field type, never a wrapped one.
        let mut overflow = false;
        for (i, &c) in bytes.iter().enumerate() {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                return Err(not_digit(field, offset + i, c));
            }
            let d = if descending { 9 - d } else { d };
            match v.checked_mul(10).and_then(|v| v.checked_add(d as u128)) {
                Some(n) => v = n,
                None => overflow = true,
            }
        }
        if overflow {
            // The error can only carry a u128: it reports the largest one.
            return Err(out_of_range::<T>(field, offset, u128::MAX));
        }
    }
    T::narrow(v).ok_or_else(|| out_of_range::<T>(field, offset, v))
}

#[cold]
fn out_of_range<T: Unsigned>(field: &'static str, offset: usize, v: u128) -> DecodeError {
    DecodeError::new(
        field,
        offset,
        DecodeErrorKind::OutOfRange {
            value: Number::Unsigned(v),
            max: T::MAX_NUMBER,
        },
    )
}

#[cold]
fn not_digit(field: &'static str, offset: usize, found: u8) -> DecodeError {
    DecodeError::new(field, offset, DecodeErrorKind::NotDigit { found })
}

/// The digits of a range bound, or [`Edge::AboveMax`] when `v` has more than `N` digits.
#[inline]
pub fn edge<T: Unsigned, const N: usize>(v: T, descending: bool) -> Result<Edge<N>, EncodeError> {
    let mut out = [0u8; N];
    Ok(match encode(v, &mut out, descending, "") {
        Ok(()) => Edge::Bytes(out),
        Err(_) => Edge::AboveMax,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc<const N: usize>(v: u64, desc: bool) -> [u8; N] {
        let mut out = [0u8; N];
        encode(v, &mut out, desc, "f").unwrap();
        out
    }

    #[test]
    fn golden() {
        assert_eq!(&enc::<6>(1, false), b"000001");
        assert_eq!(&enc::<8>(20120902, false), b"20120902");
        assert_eq!(&enc::<1>(7, false), b"7");
        assert_eq!(&enc::<6>(1, true), b"999998");
        assert_eq!(&enc::<3>(0, true), b"999");
        assert_eq!(&enc::<20>(u64::MAX, false), b"18446744073709551615");
        let mut big = [0u8; 39];
        encode(u128::MAX, &mut big, false, "f").unwrap();
        assert_eq!(&big, b"340282366920938463463374607431768211455");
        assert_eq!(decode::<u128, 39>(&big, false, "f", 0), Ok(u128::MAX));
    }

    #[test]
    fn overflow_and_garbage() {
        let mut out = [0u8; 6];
        let e = encode(1_000_000u32, &mut out, false, "user_id").unwrap_err();
        assert_eq!(
            e.to_string(),
            "field `user_id`: value 1000000 does not fit, allowed 0..=999999"
        );
        assert_eq!(
            decode::<u32, 3>(b"1a3", false, "f", 4),
            Err(DecodeError::new(
                "f",
                5,
                DecodeErrorKind::NotDigit { found: b'a' }
            ))
        );
        assert!(decode::<u8, 3>(b"256", false, "f", 0).is_err());
        assert_eq!(decode::<u8, 3>(b"255", false, "f", 0), Ok(255));
        assert_eq!(decode::<u32, 6>(b"999998", true, "f", 0), Ok(1));
        assert_eq!(edge::<u32, 2>(100, false), Ok(Edge::AboveMax));
    }
}
