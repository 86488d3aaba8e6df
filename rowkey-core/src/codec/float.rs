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

/// The `f32` / `f64` codec ([`FieldCodec::Float`](crate::FieldCodec::Float)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Float {
    /// 4 or 8.
    pub bytes: u8,
}

impl Float {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(self.bytes as usize)
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x07).byte(self.bytes)
    }

    /// The type's name, `f32` or `f64`.
    pub const fn name(&self) -> &'static str {
        if self.bytes == 4 {
            "f32"
        } else {
            "f64"
        }
    }

    /// The codec of a schema's `{"kind": "float", "type": "f64"}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        match c.str("type")? {
            "f32" => Ok(Float { bytes: 4 }),
            "f64" => Ok(Float { bytes: 8 }),
            other => Err(alloc::format!("unknown float type `{other}`")),
        }
    }

    /// A float from text, as Rust writes it, or its IEEE bits as `0x` and
    /// hex digits (so a NaN's payload survives).
    #[cfg(feature = "alloc")]
    pub(crate) fn parse(
        &self,
        text: &str,
        name: &str,
    ) -> Result<crate::value::Value<'static>, crate::value::InputError> {
        use crate::value::Value;
        let t = text.trim();
        let bits = t
            .strip_prefix("0x")
            .filter(|h| h.len() == 2 * self.bytes as usize)
            .and_then(|h| u64::from_str_radix(h, 16).ok());
        let v = if self.bytes == 4 {
            bits.map(|b| f32::from_bits(b as u32))
                .or_else(|| t.parse::<f32>().ok())
                .map(Value::F32)
        } else {
            bits.map(f64::from_bits)
                .or_else(|| t.parse::<f64>().ok())
                .map(Value::F64)
        };
        v.ok_or_else(|| {
            crate::value::InputError(alloc::format!(
                "field `{name}`: `{text}` is not an {}",
                self.name()
            ))
        })
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::int::{decode, decode_desc, encode, encode_desc};
    use super::super::prelude::*;
    use super::Float;

    impl<'a> Codec<'a> for Float {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let d = f.descending;
            if self.bytes == 4 {
                let b = r.take::<4>("").map_err(|e| f.error(e))?;
                Ok(Value::F32(if d { decode_desc(b) } else { decode(b) }))
            } else {
                let b = r.take::<8>("").map_err(|e| f.error(e))?;
                Ok(Value::F64(if d { decode_desc(b) } else { decode(b) }))
            }
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let d = f.descending;
            match (self.bytes, value) {
                (4, Value::F32(v)) => {
                    let mut b = [0u8; 4];
                    if d {
                        encode_desc(*v, &mut b)
                    } else {
                        encode(*v, &mut b)
                    }
                    out.extend(b);
                }
                (8, Value::F64(v)) => {
                    let mut b = [0u8; 8];
                    if d {
                        encode_desc(*v, &mut b)
                    } else {
                        encode(*v, &mut b)
                    }
                    out.extend(b);
                }
                _ => return Err(f.mismatch(self.name())),
            }
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            Float::parse(self, text, f.name)
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "float")
                .str("type", self.name())
                .end();
        }
    }
}

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
