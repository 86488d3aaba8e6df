//! Integers at their native width: big-endian, with the sign bit flipped for
//! signed types so that negatives sort before positives.
//!
//! `i32` `-1` is `7F FF FF FF`, `0` is `80 00 00 00`, `1` is `80 00 00 01`;
//! `u16` `258` is `01 02`. Descending (`#[reverse]`) inverts every byte.

use crate::Number;

/// An integer type with an order-preserving `W`-byte form.
pub trait KeyInt<const W: usize>: Copy {
    /// The ascending bytes.
    fn to_key(self) -> [u8; W];
    /// Back from [`KeyInt::to_key`]'s bytes; every `W`-byte array is some value.
    fn from_key(bytes: [u8; W]) -> Self;
}

/// Integers as [`Number`]s, for error messages.
pub trait ToNumber: Copy {
    /// The value.
    fn to_number(self) -> Number;
    /// The type's smallest value.
    const MIN_NUMBER: Number;
    /// The type's largest value.
    const MAX_NUMBER: Number;
}

macro_rules! key_int {
    (unsigned: $($t:ty),*) => {$(
        impl KeyInt<{ core::mem::size_of::<$t>() }> for $t {
            #[inline(always)]
            fn to_key(self) -> [u8; core::mem::size_of::<$t>()] { self.to_be_bytes() }
            #[inline(always)]
            fn from_key(bytes: [u8; core::mem::size_of::<$t>()]) -> Self { <$t>::from_be_bytes(bytes) }
        }
        impl ToNumber for $t {
            #[inline]
            fn to_number(self) -> Number { Number::Unsigned(self as u128) }
            const MIN_NUMBER: Number = Number::Unsigned(0);
            const MAX_NUMBER: Number = Number::Unsigned(<$t>::MAX as u128);
        }
    )*};
    (signed: $($t:ty => $u:ty),*) => {$(
        impl KeyInt<{ core::mem::size_of::<$t>() }> for $t {
            #[inline(always)]
            fn to_key(self) -> [u8; core::mem::size_of::<$t>()] {
                ((self as $u) ^ (1 << (<$u>::BITS - 1))).to_be_bytes()
            }
            #[inline(always)]
            fn from_key(bytes: [u8; core::mem::size_of::<$t>()]) -> Self {
                (<$u>::from_be_bytes(bytes) ^ (1 << (<$u>::BITS - 1))) as $t
            }
        }
        impl ToNumber for $t {
            #[inline]
            fn to_number(self) -> Number { Number::Signed(self as i128) }
            const MIN_NUMBER: Number = Number::Signed(<$t>::MIN as i128);
            const MAX_NUMBER: Number = Number::Signed(<$t>::MAX as i128);
        }
    )*};
}

key_int!(unsigned: u8, u16, u32, u64, u128);
key_int!(signed: i8 => u8, i16 => u16, i32 => u32, i64 => u64, i128 => u128);

/// Writes `v` ascending.
#[inline(always)]
pub fn encode<T: KeyInt<W>, const W: usize>(v: T, out: &mut [u8; W]) {
    *out = v.to_key();
}

/// Writes `v` descending.
#[inline(always)]
pub fn encode_desc<T: KeyInt<W>, const W: usize>(v: T, out: &mut [u8; W]) {
    let mut b = v.to_key();
    super::invert(&mut b);
    *out = b;
}

/// Reads an ascending value. Every byte pattern is a value, so this cannot fail.
#[inline(always)]
pub fn decode<T: KeyInt<W>, const W: usize>(bytes: &[u8; W]) -> T {
    T::from_key(*bytes)
}

/// Reads a descending value.
#[inline(always)]
pub fn decode_desc<T: KeyInt<W>, const W: usize>(bytes: &[u8; W]) -> T {
    let mut b = *bytes;
    super::invert(&mut b);
    T::from_key(b)
}

/// The bytes of a range bound (ascending or descending); every value has them.
#[inline]
pub fn edge<T: KeyInt<W>, const W: usize>(
    v: T,
    descending: bool,
) -> Result<crate::range::Edge<W>, crate::EncodeError> {
    let mut b = v.to_key();
    if descending {
        super::invert(&mut b);
    }
    Ok(crate::range::Edge::Bytes(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_bytes() {
        assert_eq!(0x0102u16.to_key(), [0x01, 0x02]);
        assert_eq!((-1i32).to_key(), [0x7F, 0xFF, 0xFF, 0xFF]);
        assert_eq!(0i32.to_key(), [0x80, 0, 0, 0]);
        assert_eq!(i8::MIN.to_key(), [0x00]);
        assert_eq!(i8::MAX.to_key(), [0xFF]);
        assert_eq!(1i64.to_key(), [0x80, 0, 0, 0, 0, 0, 0, 1]);
        let mut out = [0u8; 8];
        encode_desc(5u64, &mut out);
        assert_eq!(out, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFA]);
        assert_eq!(decode_desc::<u64, 8>(&out), 5);
    }

    #[test]
    fn signed_order_and_round_trip() {
        let values = [i16::MIN, -300, -1, 0, 1, 255, 256, i16::MAX];
        for w in values.windows(2) {
            assert!(w[0].to_key() < w[1].to_key());
        }
        for v in values {
            assert_eq!(i16::from_key(v.to_key()), v);
        }
    }
}
