//! `f32` and `f64`: their IEEE 754 bits, big-endian, transformed so that the
//! bytes sort in `total_cmp` order: for a positive sign bit flip the sign bit,
//! for a negative one invert every bit.
//!
//! The order is: negative NaNs, `-inf`, negative numbers, `-0.0`, `+0.0`,
//! positive numbers, `+inf`, positive NaNs; that is `f64::total_cmp`. Every
//! value round-trips bit for bit (NaN payloads and the sign of zero included).
//! `1.0f32` is `BF 80 00 00`, `-1.0f32` is `40 7F FF FF`.

use super::int::KeyInt;

macro_rules! key_float {
    ($($f:ty => $u:ty),*) => {$(
        impl KeyInt<{ core::mem::size_of::<$f>() }> for $f {
            #[inline(always)]
            fn to_key(self) -> [u8; core::mem::size_of::<$f>()] {
                const SIGN: $u = 1 << (<$u>::BITS - 1);
                let b = self.to_bits();
                (if b & SIGN != 0 { !b } else { b | SIGN }).to_be_bytes()
            }
            #[inline(always)]
            fn from_key(bytes: [u8; core::mem::size_of::<$f>()]) -> Self {
                const SIGN: $u = 1 << (<$u>::BITS - 1);
                let k = <$u>::from_be_bytes(bytes);
                <$f>::from_bits(if k & SIGN != 0 { k & !SIGN } else { !k })
            }
        }
    )*};
}

key_float!(f32 => u32, f64 => u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden() {
        assert_eq!(1.0f32.to_key(), [0xBF, 0x80, 0, 0]);
        assert_eq!((-1.0f32).to_key(), [0x40, 0x7F, 0xFF, 0xFF]);
        assert_eq!(0.0f64.to_key(), [0x80, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            (-0.0f64).to_key(),
            [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        );
    }

    #[test]
    fn total_order_and_bit_exact_round_trip() {
        let values = [
            -f64::NAN,
            f64::NEG_INFINITY,
            f64::MIN,
            -1.0,
            -f64::MIN_POSITIVE,
            -0.0,
            0.0,
            f64::MIN_POSITIVE,
            1.0,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
        ];
        for w in values.windows(2) {
            assert_eq!(w[0].total_cmp(&w[1]), w[0].to_key().cmp(&w[1].to_key()));
        }
        for v in values {
            assert_eq!(f64::from_key(v.to_key()).to_bits(), v.to_bits());
        }
    }
}
