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
pub fn put<U, T, const W: usize>(
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
pub fn get<U, T, const W: usize>(
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

/// The largest value of a `be_uN` codec of `bytes` bytes (at most 8).
fn width_max(bytes: usize) -> u128 {
    (1u128 << (8 * bytes)) - 1
}

/// [`put`] for a width known only at run time (a layout read from a
/// schema): `v`, a value of the field's type, as `out.len()` (2, 4 or 8)
/// big-endian bytes; the same bytes and errors. One function for every pair
/// of widths and types: the interpreter instantiates no writer per pair.
///
/// # Errors
/// [`EncodeErrorKind::OutOfRange`] when `v` is negative or needs more bytes.
pub fn encode_width(
    v: Number,
    out: &mut [u8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    let max = width_max(out.len());
    let fits = match v {
        Number::Unsigned(u) => Some(u),
        Number::Signed(i) => u128::try_from(i).ok(),
    };
    match fits.filter(|&u| u <= max) {
        Some(u) => {
            out.copy_from_slice(&u.to_be_bytes()[16 - out.len()..]);
            if descending {
                super::invert(out);
            }
            Ok(())
        }
        None => Err(EncodeError::new(
            field,
            EncodeErrorKind::OutOfRange {
                value: v,
                min: Number::Unsigned(0),
                max: Number::Unsigned(max),
            },
        )),
    }
}

/// [`get`] for a width and a field type known only at run time: the
/// number `bytes` hold, checked against the field type's `max` and given as
/// a [`Number`] of that type's sign; the same values and errors.
///
/// # Errors
/// [`DecodeErrorKind::OutOfRange`] when the number exceeds `max`.
pub fn decode_width(
    bytes: &[u8],
    descending: bool,
    field: &'static str,
    offset: usize,
    max: Number,
) -> Result<Number, DecodeError> {
    let u = bytes.iter().fold(0u128, |n, &b| {
        n << 8 | u128::from(if descending { !b } else { b })
    });
    let (limit, number) = match max {
        Number::Unsigned(m) => (m, Number::Unsigned(u)),
        Number::Signed(m) => (m as u128, Number::Signed(u as i128)),
    };
    if u > limit {
        return Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::OutOfRange {
                value: Number::Unsigned(u),
                max,
            },
        ));
    }
    Ok(number)
}

/// The `#[be_u16]`, `#[be_u32]`, `#[be_u64]` codec ([`FieldCodec::Narrow`](crate::FieldCodec::Narrow)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Narrow {
    /// Bytes written: 2, 4 or 8.
    pub bytes: u8,
    /// The field's integer type, which bounds the decoded value.
    pub from: super::int::IntType,
}

impl Narrow {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(self.bytes as usize)
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x02).byte(self.bytes)
    }

    /// The codec of a schema's `{"kind": "narrow", "bytes": 4, "type": "u64"}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let bytes = match c.num("bytes")? {
            n @ (2 | 4 | 8) => n as u8,
            n => return Err(alloc::format!("`be_u{}` is not a codec", n * 8)),
        };
        Ok(Narrow {
            bytes,
            from: super::int::IntType::from_json(c)?,
        })
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::prelude::*;
    use super::{decode_width, encode_width, Narrow};

    impl Narrow {
        fn name(&self) -> String {
            format!("be_u{}", self.bytes * 8)
        }

        /// `v` as the field's bytes, or the error of a value they cannot hold.
        fn encode(
            &self,
            v: &Value<'_>,
            f: FieldRef<'_>,
        ) -> Result<Result<Vec<u8>, crate::EncodeErrorKind>, InputError> {
            let n = v
                .int_number()
                .and_then(|n| self.from.of(n))
                .ok_or_else(|| f.mismatch(&self.name()))?;
            let mut out = vec![0u8; self.bytes as usize];
            Ok(encode_width(n, &mut out, f.descending, "")
                .map(|()| out)
                .map_err(|e| e.kind()))
        }
    }

    impl<'a> Codec<'a> for Narrow {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let b = r.take_n(self.bytes as usize).map_err(|e| f.error(e))?;
            let max = self.from.range().1;
            decode_width(b, f.descending, "", at, max)
                .map(Value::Int)
                .map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            out.extend(self.encode(value, f)?.map_err(|e| f.input_error(e))?);
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            self.from.parse(text, f.name).map(Value::Int)
        }

        fn edge(&self, value: &Value<'_>, f: FieldRef<'a>) -> Result<OwnedEdge, InputError> {
            // A value the bytes cannot hold lies below (negative) or above them all.
            Ok(match self.encode(value, f)? {
                Ok(b) => OwnedEdge::Bytes(b),
                Err(_) if matches!(value, Value::Int(Number::Signed(i)) if *i < 0) => {
                    OwnedEdge::BelowMin
                }
                Err(_) => OwnedEdge::AboveMax,
            })
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "narrow")
                .num("bytes", self.bytes)
                .str("type", self.from.name())
                .end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run-time-width functions give the const-width ones' bytes,
    /// values and errors.
    fn same_as_const_width<U, T, const W: usize>(values: &[T])
    where
        T: ToNumber + Copy + TryFrom<U>,
        U: KeyInt<W> + ToNumber + TryFrom<T>,
    {
        for &v in values {
            for desc in [false, true] {
                let (mut a, mut b) = ([0u8; W], [0u8; W]);
                let r = put::<U, T, W>(v, &mut a, desc, "f");
                assert_eq!(r, encode_width(v.to_number(), &mut b, desc, "f"));
                assert_eq!(a, b);
            }
        }
        let patterns = [
            0,
            1,
            0x7F,
            0x80,
            0xFF,
            0x7FFF_FFFF,
            0x8000_0000,
            u64::MAX,
            0x0123_4567_89AB_CDEF,
        ];
        for p in patterns {
            let bytes: [u8; W] = p.to_be_bytes()[8 - W..].try_into().unwrap();
            for desc in [false, true] {
                let a = get::<U, T, W>(&bytes, desc, "f", 2).map(|v| v.to_number());
                assert_eq!(a, decode_width(&bytes, desc, "f", 2, T::MAX_NUMBER));
            }
        }
    }

    #[test]
    fn run_time_widths_match_const_widths() {
        same_as_const_width::<u16, u32, 2>(&[0, 1, 65_535, 65_536, u32::MAX]);
        same_as_const_width::<u16, i16, 2>(&[i16::MIN, -1, 0, 1, i16::MAX]);
        same_as_const_width::<u32, i64, 4>(&[i64::MIN, -1, 0, 86_399_999, 1 << 32, i64::MAX]);
        same_as_const_width::<u32, u8, 4>(&[0, 7, u8::MAX]);
        same_as_const_width::<u64, u128, 8>(&[0, 1, u64::MAX as u128, u128::MAX]);
        same_as_const_width::<u64, i8, 8>(&[i8::MIN, 0, i8::MAX]);
    }

    #[test]
    fn golden_and_range_checks() {
        let mut out = [0u8; 4];
        put::<u32, u64, 4>(86_399_999, &mut out, false, "ms").unwrap();
        assert_eq!(out, [0x05, 0x26, 0x5B, 0xFF]);
        let e = put::<u32, u64, 4>(1 << 32, &mut out, false, "ms").unwrap_err();
        assert_eq!(
            e.to_string(),
            "field `ms`: value 4294967296 does not fit, allowed 0..=4294967295"
        );
        let mut two = [0u8; 2];
        assert!(put::<u16, i32, 2>(-1, &mut two, false, "m").is_err());
        put::<u16, i32, 2>(1439, &mut two, true, "m").unwrap();
        assert_eq!(two, [!0x05, !0x9F]);
        assert_eq!(get::<u16, i32, 2>(&two, true, "m", 0), Ok(1439));
        let big = [0xFF, 0xFF];
        let e = get::<u16, i8, 2>(&big, false, "m", 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "field `m` at byte 3: value 65535 does not fit the field's type, largest is 127"
        );
        assert_eq!(edge::<u16, i32, 2>(-5, false), Ok(Edge::BelowMin));
        assert_eq!(edge::<u16, i32, 2>(70_000, false), Ok(Edge::AboveMax));
    }
    /// A value the codec cannot write (of another type, or a number the
    /// field's Rust type does not hold) is an input error naming the field
    /// and the codec as the attribute spells it.
    #[cfg(feature = "alloc")]
    #[test]
    fn a_value_it_cannot_write_names_the_codec() {
        use crate::codec::int::IntType;
        use crate::codec::prelude::{Codec, FieldRef, Value};
        let f = FieldRef {
            name: "ms",
            descending: false,
        };
        let from = IntType {
            bytes: 8,
            signed: false,
        };
        for (bytes, name) in [(2, "be_u16"), (4, "be_u32"), (8, "be_u64")] {
            let codec = Narrow { bytes, from };
            let mut out = std::vec::Vec::new();
            for v in [Value::Bool(true), Value::Int(Number::Signed(-1))] {
                let e = codec.write(&v, f, &mut out).unwrap_err();
                assert_eq!(
                    e.0,
                    std::format!("field `ms`: the value does not fit its codec {name}")
                );
            }
            assert!(out.is_empty());
        }
    }
}
