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

/// A Rust integer type: its width and signedness. As a codec: the integer
/// at its native width ([`FieldCodec::Int`](crate::FieldCodec::Int)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntType {
    /// Bytes: 1, 2, 4, 8 or 16.
    pub bytes: u8,
    /// Whether the type is signed (`i32`) or not (`u32`).
    pub signed: bool,
}

impl IntType {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(self.bytes as usize)
    }

    /// The type's name: `u8`..`u128`, `i8`..`i128`.
    pub const fn name(&self) -> &'static str {
        match (self.signed, self.bytes) {
            (false, 1) => "u8",
            (false, 2) => "u16",
            (false, 4) => "u32",
            (false, 8) => "u64",
            (false, _) => "u128",
            (true, 1) => "i8",
            (true, 2) => "i16",
            (true, 4) => "i32",
            (true, 8) => "i64",
            (true, _) => "i128",
        }
    }

    /// The type of `name` (`u8`..`i128`).
    pub fn from_name(name: &str) -> Option<IntType> {
        let (signed, bits) = match name.split_at_checked(1) {
            Some(("u", b)) => (false, b),
            Some(("i", b)) => (true, b),
            _ => return None,
        };
        let bytes = match bits {
            "8" => 1,
            "16" => 2,
            "32" => 4,
            "64" => 8,
            "128" => 16,
            _ => return None,
        };
        Some(IntType { bytes, signed })
    }

    /// The smallest and largest values of the type.
    pub const fn range(&self) -> (Number, Number) {
        let bits = self.bytes as u32 * 8;
        if self.signed {
            let max = (u128::MAX >> (129 - bits)) as i128;
            (Number::Signed(-max - 1), Number::Signed(max))
        } else {
            (
                Number::Unsigned(0),
                Number::Unsigned(u128::MAX >> (128 - bits)),
            )
        }
    }

    /// Whether `n` is a value of the type.
    pub fn holds(&self, n: Number) -> bool {
        let (min, max) = self.range();
        match (n, min, max) {
            (Number::Unsigned(u), _, Number::Unsigned(m)) => u <= m,
            (Number::Unsigned(u), _, Number::Signed(m)) => u <= m as u128,
            (Number::Signed(i), Number::Signed(lo), Number::Signed(hi)) => lo <= i && i <= hi,
            (Number::Signed(i), _, Number::Unsigned(m)) => i >= 0 && i as u128 <= m,
            (Number::Signed(_), Number::Unsigned(_), Number::Signed(_)) => false,
        }
    }

    /// `n` as a number of the type's sign, when the type holds it.
    pub fn of(&self, n: Number) -> Option<Number> {
        if !self.holds(n) {
            return None;
        }
        Some(match n {
            Number::Unsigned(u) if self.signed => Number::Signed(u as i128),
            Number::Signed(i) if !self.signed => Number::Unsigned(i as u128),
            n => n,
        })
    }

    /// A value of the type from text, in decimal.
    ///
    /// # Errors
    /// Text that is no number, or one the type does not hold.
    #[cfg(feature = "alloc")]
    pub(crate) fn parse(&self, t: &str, name: &str) -> Result<Number, crate::value::InputError> {
        use alloc::format;
        let t = t.trim();
        let n = if self.signed {
            t.parse::<i128>().ok().map(Number::Signed)
        } else {
            t.parse::<u128>().ok().map(Number::Unsigned)
        };
        let err = |msg| Err(crate::value::InputError(msg));
        let Some(n) = n else {
            return err(format!("field `{name}`: `{t}` is not a `{}`", self.name()));
        };
        if self.holds(n) {
            return Ok(n);
        }
        let (lo, hi) = self.range();
        err(format!(
            "field `{name}`: value {t} does not fit `{}`, allowed {lo}..={hi}",
            self.name()
        ))
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x01).byte(self.bytes).flag(self.signed)
    }

    /// The codec of a schema's `{"kind": "int", "type": "u32"}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let t = c.str("type")?;
        IntType::from_name(t).ok_or_else(|| alloc::format!("unknown integer type `{t}`"))
    }

    /// Reads `b` (exactly the type's width) as its value: what the codec
    /// reads from a field's bytes, for code that finds them itself.
    ///
    /// ```
    /// use rowkey::{codec::int::IntType, Number};
    ///
    /// let i16_ = IntType { bytes: 2, signed: true };
    /// assert_eq!(i16_.read_bytes(&[0x7f, 0xff], false), Number::Signed(-1));
    /// assert_eq!(i16_.read_bytes(&[0x7f, 0xfe], true), Number::Signed(1));
    /// ```
    pub fn read_bytes(&self, b: &[u8], descending: bool) -> Number {
        let mut u = big_endian(b);
        if descending {
            // Every byte inverted: the low `8 * len` bits.
            u ^= u128::MAX
                .checked_shr(128 - 8 * b.len().min(16) as u32)
                .unwrap_or(0);
        }
        let bits = self.bytes as u32 * 8;
        if !self.signed {
            return Number::Unsigned(u);
        }
        // The sign bit was flipped: flip it back and sign-extend.
        let v = u ^ (1 << (bits - 1));
        let shift = 128 - bits;
        Number::Signed(((v << shift) as i128) >> shift)
    }

    /// The bytes of `n`, a value of the type.
    #[cfg(feature = "alloc")]
    pub(crate) fn bytes_of(&self, n: Number, descending: bool) -> alloc::vec::Vec<u8> {
        let bits = self.bytes as u32 * 8;
        let raw = match n {
            Number::Unsigned(u) => u,
            Number::Signed(i) => i as u128,
        };
        let mut v = if self.signed {
            raw ^ (1 << (bits - 1))
        } else {
            raw
        };
        if descending {
            v = !v;
        }
        v.to_be_bytes()[16 - self.bytes as usize..].to_vec()
    }
}

/// The big-endian number of `b` (its last 16 bytes): an integer type's
/// width is one load.
fn big_endian(b: &[u8]) -> u128 {
    if let Ok(w) = <[u8; 8]>::try_from(b) {
        return u64::from_be_bytes(w).into();
    }
    if let Ok(w) = <[u8; 4]>::try_from(b) {
        return u32::from_be_bytes(w).into();
    }
    if let Ok(w) = <[u8; 2]>::try_from(b) {
        return u16::from_be_bytes(w).into();
    }
    if let Ok(w) = <[u8; 16]>::try_from(b) {
        return u128::from_be_bytes(w);
    }
    b.iter().fold(0u128, |n, &b| n << 8 | u128::from(b))
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::prelude::*;
    use super::IntType;

    impl<'a> Codec<'a> for IntType {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn reads_any_bytes(&self) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let b = r.take_n(self.bytes as usize).map_err(|e| f.error(e))?;
            Ok(Value::Int(self.read_bytes(b, f.descending)))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            match value {
                Value::Int(n) if self.holds(*n) => {
                    out.extend(self.bytes_of(*n, f.descending));
                    Ok(())
                }
                _ => Err(f.mismatch(self.name())),
            }
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            IntType::parse(self, text, f.name).map(Value::Int)
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "int")
                .str("type", self.name())
                .end();
        }
    }
}

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

/// Writes `v` in its order: what derived code calls for a field.
///
/// # Errors
/// None: every value has its bytes (the `Result` is every codec's).
#[inline(always)]
pub fn put<T: KeyInt<W>, const W: usize>(
    v: T,
    out: &mut [u8; W],
    descending: bool,
    _field: &'static str,
) -> Result<(), crate::EncodeError> {
    if descending {
        encode_desc(v, out)
    } else {
        encode(v, out)
    }
    Ok(())
}

/// Reads a value in its order: what derived code calls for a field.
///
/// # Errors
/// None: every byte pattern is a value (the `Result` is every codec's).
#[inline(always)]
pub fn get<T: KeyInt<W>, const W: usize>(
    bytes: &[u8; W],
    descending: bool,
    _field: &'static str,
    _offset: usize,
) -> Result<T, crate::DecodeError> {
    Ok(if descending {
        decode_desc(bytes)
    } else {
        decode(bytes)
    })
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

/// The calls generated code makes for an integer field of type `T`, the
/// width taken from `T`'s one [`KeyInt`] implementation: generated code
/// names the type (`Int::<u16>::put`) and no width, so the key's crate
/// evaluates no constant for it. Every value has its bytes and every byte
/// pattern is a value, so these return no `Result` for the caller to test.
pub struct Int<T>(core::marker::PhantomData<T>);

impl<T> Int<T> {
    /// Writes `v` in its order.
    #[inline(always)]
    pub fn put<const W: usize>(v: T, out: &mut [u8; W], descending: bool)
    where
        T: KeyInt<W>,
    {
        if descending {
            encode_desc(v, out)
        } else {
            encode(v, out)
        }
    }

    /// Reads a value in its order.
    #[inline(always)]
    pub fn get<const W: usize>(bytes: &[u8; W], descending: bool) -> T
    where
        T: KeyInt<W>,
    {
        if descending {
            decode_desc(bytes)
        } else {
            decode(bytes)
        }
    }

    /// [`edge`].
    ///
    /// # Errors
    /// None (see [`edge`]).
    #[inline]
    pub fn edge<const W: usize>(
        v: T,
        descending: bool,
    ) -> Result<crate::range::Edge<W>, crate::EncodeError>
    where
        T: KeyInt<W>,
    {
        edge(v, descending)
    }
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

    /// `big_endian` of any length is the number its last 16 bytes spell,
    /// as a 16-byte big-endian load of them, zeros in front, reads it.
    #[test]
    fn big_endian_is_the_last_16_bytes() {
        let bytes: [u8; 20] = core::array::from_fn(|i| 0xF1 - 7 * i as u8);
        for n in 0..=20 {
            let b = &bytes[..n];
            let last = &b[n.saturating_sub(16)..];
            let mut word = [0u8; 16];
            word[16 - last.len()..].copy_from_slice(last);
            assert_eq!(big_endian(b), u128::from_be_bytes(word), "{n} bytes");
        }
    }

    /// Every type's bytes read back as the typed decode reads them, in both orders.
    #[test]
    fn read_bytes_is_the_typed_decode() {
        let (u8_, u32_, i64_, i128_) = (
            IntType {
                bytes: 1,
                signed: false,
            },
            IntType {
                bytes: 4,
                signed: false,
            },
            IntType {
                bytes: 8,
                signed: true,
            },
            IntType {
                bytes: 16,
                signed: true,
            },
        );
        for v in [i64::MIN, -70_000, -1, 0, 1, 0x0102_0304, i64::MAX] {
            let (u, w) = (v as u32, v as i128 * 3);
            assert_eq!(u32_.read_bytes(&u.to_key(), false), u.to_number());
            assert_eq!(i64_.read_bytes(&v.to_key(), false), v.to_number());
            assert_eq!(i128_.read_bytes(&w.to_key(), false), w.to_number());
            let (mut ud, mut vd, mut wd) = ([0; 4], [0; 8], [0; 16]);
            encode_desc(u, &mut ud);
            encode_desc(v, &mut vd);
            encode_desc(w, &mut wd);
            assert_eq!(u32_.read_bytes(&ud, true), u.to_number());
            assert_eq!(i64_.read_bytes(&vd, true), v.to_number());
            assert_eq!(i128_.read_bytes(&wd, true), w.to_number());
            let b = v as u8;
            assert_eq!(u8_.read_bytes(&[!b], true), b.to_number());
        }
    }
    /// `holds` and `of` against Rust's own conversions (`TryFrom`, through
    /// `Number::to`) for every type, at and around each type's ends: a type
    /// holds a number exactly when the conversion succeeds, and `of` gives
    /// it in the type's sign.
    #[test]
    fn holds_what_the_rust_type_holds() {
        let around = |v: i128| [v.saturating_sub(1), v, v.saturating_add(1)];
        let mut numbers = std::vec![Number::Unsigned(u128::MAX), Number::Unsigned(u128::MAX - 1)];
        for end in [
            0,
            i8::MIN.into(),
            i8::MAX.into(),
            u8::MAX.into(),
            i16::MIN.into(),
            u16::MAX.into(),
            i32::MIN.into(),
            u32::MAX.into(),
            i64::MIN.into(),
            u64::MAX.into(),
            i128::MIN,
            i128::MAX,
        ] {
            for v in around(end) {
                numbers.push(Number::Signed(v));
                if let Ok(u) = u128::try_from(v) {
                    numbers.push(Number::Unsigned(u));
                }
            }
        }
        fn check<T>(t: IntType, numbers: &[Number])
        where
            T: TryFrom<u128> + TryFrom<i128> + Into<i128> + Copy,
        {
            for &n in numbers {
                let model = n.to::<T>();
                assert_eq!(t.holds(n), model.is_some(), "{} {n:?}", t.name());
                let sign = |v: T| match t.signed {
                    true => Number::Signed(v.into()),
                    false => Number::Unsigned(v.into() as u128),
                };
                assert_eq!(t.of(n), model.map(sign), "{} {n:?}", t.name());
            }
        }
        let t = |bytes, signed| IntType { bytes, signed };
        check::<u8>(t(1, false), &numbers);
        check::<u16>(t(2, false), &numbers);
        check::<u32>(t(4, false), &numbers);
        check::<u64>(t(8, false), &numbers);
        check::<i8>(t(1, true), &numbers);
        check::<i16>(t(2, true), &numbers);
        check::<i32>(t(4, true), &numbers);
        check::<i64>(t(8, true), &numbers);
        check::<i128>(t(16, true), &numbers);
        // u128 is no `Into<i128>`: its numbers by hand.
        let u128_ = t(16, false);
        for &n in &numbers {
            let model = n.to::<u128>().map(Number::Unsigned);
            assert_eq!(
                (u128_.holds(n), u128_.of(n)),
                (model.is_some(), model),
                "{n:?}"
            );
        }
    }
    /// Each type's name reads back as the type, its range is Rust's, and
    /// its text is a decimal number the type holds.
    #[test]
    fn names_ranges_and_text() {
        let types = [
            (
                "u8",
                1,
                false,
                Number::Unsigned(0),
                Number::Unsigned(u8::MAX.into()),
            ),
            (
                "u16",
                2,
                false,
                Number::Unsigned(0),
                Number::Unsigned(u16::MAX.into()),
            ),
            (
                "u32",
                4,
                false,
                Number::Unsigned(0),
                Number::Unsigned(u32::MAX.into()),
            ),
            (
                "u64",
                8,
                false,
                Number::Unsigned(0),
                Number::Unsigned(u64::MAX.into()),
            ),
            (
                "u128",
                16,
                false,
                Number::Unsigned(0),
                Number::Unsigned(u128::MAX),
            ),
            (
                "i8",
                1,
                true,
                Number::Signed(i8::MIN.into()),
                Number::Signed(i8::MAX.into()),
            ),
            (
                "i16",
                2,
                true,
                Number::Signed(i16::MIN.into()),
                Number::Signed(i16::MAX.into()),
            ),
            (
                "i32",
                4,
                true,
                Number::Signed(i32::MIN.into()),
                Number::Signed(i32::MAX.into()),
            ),
            (
                "i64",
                8,
                true,
                Number::Signed(i64::MIN.into()),
                Number::Signed(i64::MAX.into()),
            ),
            (
                "i128",
                16,
                true,
                Number::Signed(i128::MIN),
                Number::Signed(i128::MAX),
            ),
        ];
        for (name, bytes, signed, lo, hi) in types {
            let t = IntType { bytes, signed };
            assert_eq!((t.name(), IntType::from_name(name)), (name, Some(t)));
            assert_eq!(t.range(), (lo, hi), "{name}");
        }
        for bad in ["", "u", "i", "u7", "x8", "i256", "u08", "f32"] {
            assert_eq!(IntType::from_name(bad), None, "{bad}");
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn text_is_a_number_the_type_holds() {
        let u8_ = IntType {
            bytes: 1,
            signed: false,
        };
        let i16_ = IntType {
            bytes: 2,
            signed: true,
        };
        assert_eq!(u8_.parse(" 255 ", "f"), Ok(Number::Unsigned(255)));
        assert_eq!(i16_.parse("-32768", "f"), Ok(Number::Signed(-32768)));
        let e = |r: Result<Number, crate::value::InputError>| r.unwrap_err().0;
        assert_eq!(
            e(u8_.parse("256", "f")),
            "field `f`: value 256 does not fit `u8`, allowed 0..=255"
        );
        assert_eq!(e(u8_.parse("-1", "f")), "field `f`: `-1` is not a `u8`");
        assert_eq!(
            e(i16_.parse("40000", "g")),
            "field `g`: value 40000 does not fit `i16`, allowed -32768..=32767"
        );
        assert_eq!(e(i16_.parse("1.5", "g")), "field `g`: `1.5` is not a `i16`");
    }
}
