//! OrderedBytes' `Numeric` (HBase's `OrderedNumeric`): any number, integer or
//! floating point, in one variable-length, order-preserving encoding, so that
//! `i64` and `f64` values written to the same field sort together.
//!
//! A finite non-zero value is `0.M × 100^E` with `M` base-100 digits ("centimal
//! digits", each in `[0, 99]`, the first and last non-zero). Each digit `x` is a
//! byte `2x + 1`, the last one `2x`, so the mantissa ends itself. The header
//! byte says the sign and size of `E`:
//!
//! | value | bytes |
//! |---|---|
//! | null | `05` |
//! | `-inf` | `07` |
//! | negative, `E > 10` | `08`, `E` as a varint inverted, `M` inverted |
//! | negative, `1 <= E <= 10` | `13 - E`, `M` inverted |
//! | negative, `abs < 1` (`-E >= 0`) | `14`, `-E` as a varint, `M` inverted |
//! | zero (and `-0.0`) | `15` |
//! | positive, `abs < 1` | `16`, `-E` as a varint inverted, `M` |
//! | positive, `1 <= E <= 10` | `17 + E`, `M` |
//! | positive, `E > 10` | `22`, `E` as a varint, `M` |
//! | `+inf` | `23` |
//! | NaN | `26` |
//!
//! The varint is SQLite4's (one byte below 241). Descending inverts every
//! byte. `1` is `18 02`, `-1` is `12 FD`, `100` is `19 02`, `0.5` is `16 FF 64`.
//!
//! A float is written from its shortest decimal form (what Java 19 and later
//! print for `Double.toString`; Java 17 prints a longer form for a few values,
//! whose bytes then differ). Decoding is exact or an error, so that a key
//! decodes only to the value that encodes to it: to `f64`, a number that is
//! not a float's shortest form is refused (Java's `decodeNumericAsDouble`
//! rounds it); to `i64`, a fraction or a number out of range is refused
//! (Java's `decodeNumericAsLong` truncates).

use super::ordered::NULL;
use crate::cursor::{Reader, Writer};
use crate::{DecodeError, DecodeErrorKind, EncodeError};

const NEG_INF: u8 = 0x07;
const NEG_LARGE: u8 = 0x08;
const NEG_MED_MAX: u8 = 0x13;
const NEG_SMALL: u8 = 0x14;
const ZERO: u8 = 0x15;
const POS_SMALL: u8 = 0x16;
const POS_MED_MIN: u8 = 0x17;
const POS_LARGE: u8 = 0x22;
const POS_INF: u8 = 0x23;
const NAN: u8 = 0x26;
/// Java writes at most 31 significant digits (and one leading zero): 16 bytes.
const MAX_MANTISSA: usize = 16;
/// The largest `E` written in the header itself.
const MAX_MEDIUM: u32 = 10;

/// A finite non-zero decimal: `0.digits × 10^exp10`, digits ASCII without
/// leading or trailing zeros.
struct Decimal<'d> {
    negative: bool,
    digits: &'d [u8],
    exp10: i32,
}

/// Writes the bytes of `d` (ascending) into `out`, returning their count.
fn encode_decimal(d: &Decimal<'_>, out: &mut [u8; 2 + MAX_MANTISSA + 1]) -> usize {
    // `0.d × 10^x` as `0.M × 100^E`: a leading zero digit when x is odd.
    let large = d.exp10 >= 1;
    let (e, pad) = if large {
        ((d.exp10 + 1) / 2, d.exp10 % 2 != 0)
    } else {
        (-d.exp10 / 2, -d.exp10 % 2 != 0)
    };
    let e = e.unsigned_abs();
    let mut n = 1;
    out[0] = match (large, d.negative) {
        (true, _) if e > MAX_MEDIUM => {
            out[1] = varint(e) ^ if d.negative { 0xFF } else { 0 };
            n = 2;
            if d.negative {
                NEG_LARGE
            } else {
                POS_LARGE
            }
        }
        (true, true) => NEG_MED_MAX - e as u8,
        (true, false) => POS_MED_MIN + e as u8,
        (false, negative) => {
            out[1] = varint(e) ^ if negative { 0 } else { 0xFF };
            n = 2;
            if negative {
                NEG_SMALL
            } else {
                POS_SMALL
            }
        }
    };
    let digit = |i: usize| -> u8 {
        let i = i.wrapping_sub(pad as usize);
        d.digits.get(i).map_or(0, |c| c - b'0')
    };
    let pairs = (d.digits.len() + pad as usize).div_ceil(2);
    for p in 0..pairs {
        let x = digit(2 * p) * 10 + digit(2 * p + 1);
        let last = p + 1 == pairs;
        out[n] = (2 * x + !last as u8) ^ if d.negative { 0xFF } else { 0 };
        n += 1;
    }
    n
}

/// SQLite4's varint of an exponent; a decimal from an `i64` or `f64` has `E < 241`.
fn varint(e: u32) -> u8 {
    e.min(240) as u8
}

/// A short ASCII buffer, to format a float without allocating.
struct Text {
    bytes: [u8; 48],
    len: usize,
}

impl core::fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let dst = self
            .bytes
            .get_mut(self.len..self.len + s.len())
            .ok_or(core::fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len += s.len();
        Ok(())
    }
}

impl Text {
    fn new() -> Self {
        Text {
            bytes: [0; 48],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

/// Writes `header` alone (null, zero, the infinities, NaN).
fn encode_special(w: &mut Writer<'_>, header: u8, descending: bool) -> Result<(), EncodeError> {
    w.rest(&[header], descending)
}

fn encode_finite(w: &mut Writer<'_>, d: &Decimal<'_>, descending: bool) -> Result<(), EncodeError> {
    let mut out = [0u8; 2 + MAX_MANTISSA + 1];
    let n = encode_decimal(d, &mut out);
    w.rest(&out[..n], descending)
}

fn trim_zeros(d: &[u8]) -> &[u8] {
    let end = d.iter().rposition(|&c| c != b'0').map_or(0, |p| p + 1);
    &d[..end]
}

/// Writes a null.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall).
pub fn encode_null(w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError> {
    encode_special(w, NULL, descending)
}

/// Writes an integer (`OrderedBytes.encodeNumeric(dst, long, ord)`).
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall).
pub fn encode_i64(w: &mut Writer<'_>, v: i64, descending: bool) -> Result<(), EncodeError> {
    if v == 0 {
        return encode_special(w, ZERO, descending);
    }
    let mut t = Text::new();
    // Writing at most 20 digits into 48 bytes cannot fail.
    let _ = core::fmt::write(&mut t, format_args!("{}", v.unsigned_abs()));
    let all = &t.bytes[..t.len];
    let d = Decimal {
        negative: v < 0,
        digits: trim_zeros(all),
        exp10: all.len() as i32,
    };
    encode_finite(w, &d, descending)
}

/// Writes a float (`OrderedBytes.encodeNumeric(dst, double, ord)`), from its
/// shortest decimal form; `-0.0` is written as zero.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall).
pub fn encode_f64(w: &mut Writer<'_>, v: f64, descending: bool) -> Result<(), EncodeError> {
    let special = match v {
        _ if v.is_nan() => NAN,
        0.0 => ZERO,
        f64::INFINITY => POS_INF,
        f64::NEG_INFINITY => NEG_INF,
        _ => 0,
    };
    if special != 0 {
        return encode_special(w, special, descending);
    }
    let mut digits = [0u8; 24];
    let (n, exp10) = shortest(v, &mut digits);
    let d = Decimal {
        negative: v < 0.0,
        digits: &digits[..n],
        exp10,
    };
    encode_finite(w, &d, descending)
}

/// The digits and exponent of finite, non-zero `v` as `0.digits × 10^exp10`
/// in its shortest form that reads back as `v` (what a float is written as):
/// the count of digits written into `digits`, and `exp10`.
fn shortest(v: f64, digits: &mut [u8; 24]) -> (usize, i32) {
    // `{:e}` is the shortest form that reads back as `v`: `1.2345e-7`.
    let mut t = Text::new();
    let _ = core::fmt::write(&mut t, format_args!("{:e}", v.abs()));
    let (mantissa, exp) = t.as_str().split_once('e').unwrap_or(("0", "0"));
    let mut n = 0;
    for c in mantissa.bytes().filter(u8::is_ascii_digit) {
        digits[n] = c;
        n += 1;
    }
    let n = trim_zeros(&digits[..n]).len();
    (n, exp.parse::<i32>().unwrap_or(0) + 1)
}

/// A value read from a key.
enum Value {
    Null,
    Zero,
    NegInf,
    PosInf,
    NaN,
    /// Digits in `digits[..len]`.
    Finite {
        negative: bool,
        digits: [u8; 2 * MAX_MANTISSA],
        len: usize,
        exp10: i32,
    },
}

/// Reads the exponent varint (one to three bytes: every exponent up to 67,823).
fn read_varint(r: &mut Reader<'_>, x: u8, field: &'static str) -> Result<u32, DecodeError> {
    let offset = r.position();
    let a0 = (r.take::<1>(field)?[0] ^ x) as u32;
    let mut next = || r.take::<1>(field).map(|b| (b[0] ^ x) as u32);
    match a0 {
        0..=240 => Ok(a0),
        241..=248 => Ok((a0 - 241) * 256 + next()? + 240),
        249 => Ok(2288 + 256 * next()? + next()?),
        _ => Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::Unrepresentable,
        )),
    }
}

/// The header's sign, exponent and whether the value is below one.
fn read_header(
    r: &mut Reader<'_>,
    x: u8,
    field: &'static str,
) -> Result<Result<(bool, u32, bool), Value>, DecodeError> {
    let offset = r.position();
    let h = r.take::<1>(field)?[0] ^ x;
    let non_canonical = DecodeError::new(field, offset, DecodeErrorKind::NonCanonical);
    let large = |e: u32| {
        if e > MAX_MEDIUM {
            Ok(e)
        } else {
            Err(non_canonical)
        }
    };
    Ok(Ok(match h {
        NULL => return Ok(Err(Value::Null)),
        ZERO => return Ok(Err(Value::Zero)),
        NEG_INF => return Ok(Err(Value::NegInf)),
        POS_INF => return Ok(Err(Value::PosInf)),
        NAN => return Ok(Err(Value::NaN)),
        NEG_LARGE => (true, large(read_varint(r, !x, field)?)?, false),
        0x09..=0x12 => (true, (NEG_MED_MAX - h) as u32, false),
        NEG_SMALL => (true, read_varint(r, x, field)?, true),
        POS_SMALL => (false, read_varint(r, !x, field)?, true),
        0x18..=0x21 => (false, (h - POS_MED_MIN) as u32, false),
        POS_LARGE => (false, large(read_varint(r, x, field)?)?, false),
        0x13 | 0x17 => return Err(non_canonical),
        found => {
            return Err(DecodeError::new(
                field,
                offset,
                DecodeErrorKind::InvalidByte {
                    found: found ^ x,
                    expected: "an OrderedBytes Numeric header",
                },
            ))
        }
    }))
}

/// Reads the centimal digits as decimal digits; `digits[0]` may be a leading zero.
fn read_mantissa(
    r: &mut Reader<'_>,
    x: u8,
    digits: &mut [u8; 2 * MAX_MANTISSA],
    field: &'static str,
) -> Result<usize, DecodeError> {
    let offset = r.position();
    let error = |kind| DecodeError::new(field, offset, kind);
    let mut n = 0;
    loop {
        let b = r
            .take::<1>(field)
            .map_err(|_| error(DecodeErrorKind::Unterminated))?[0]
            ^ x;
        let pair = b / 2;
        let first_or_last = n == 0 || b & 1 == 0;
        if n == digits.len() || pair > 99 || (first_or_last && pair == 0) {
            return Err(error(DecodeErrorKind::NonCanonical));
        }
        digits[n] = b'0' + pair / 10;
        digits[n + 1] = b'0' + pair % 10;
        n += 2;
        if b & 1 == 0 {
            return Ok(n);
        }
    }
}

fn read_number(
    r: &mut Reader<'_>,
    descending: bool,
    field: &'static str,
) -> Result<Value, DecodeError> {
    let x = if descending { 0xFF } else { 0x00 };
    let (negative, e, small) = match read_header(r, x, field)? {
        Ok(h) => h,
        Err(special) => return Ok(special),
    };
    let mut digits = [0u8; 2 * MAX_MANTISSA];
    let len = read_mantissa(r, x ^ if negative { 0xFF } else { 0 }, &mut digits, field)?;
    let e = e as i32 * if small { -2 } else { 2 };
    Ok(Value::Finite {
        negative,
        digits,
        len,
        exp10: e,
    })
}

/// Reads an integer, or a null.
///
/// # Errors
/// [`DecodeErrorKind::Unrepresentable`] for a fraction, an infinity, NaN, or a
/// number outside `i64`; [`DecodeErrorKind::NonCanonical`] for bytes Java never
/// writes; [`DecodeErrorKind::Unterminated`].
pub fn decode_i64(
    r: &mut Reader<'_>,
    descending: bool,
    field: &'static str,
) -> Result<Option<i64>, DecodeError> {
    let offset = r.position();
    let unrepresentable = DecodeError::new(field, offset, DecodeErrorKind::Unrepresentable);
    let (negative, digits, len, exp10) = match read_number(r, descending, field)? {
        Value::Null => return Ok(None),
        Value::Zero => return Ok(Some(0)),
        Value::Finite {
            negative,
            digits,
            len,
            exp10,
        } => (negative, digits, len, exp10),
        _ => return Err(unrepresentable),
    };
    // `0.T × 10^exp10`: an integer when every digit of T stands before the point.
    let t = trim_zeros(&digits[..len]);
    if t.len() as i32 > exp10 {
        return Err(unrepresentable);
    }
    let mut m = t.iter().fold(0i128, |m, &c| m * 10 + (c - b'0') as i128);
    for _ in t.len() as i32..exp10 {
        m = m
            .checked_mul(10)
            .filter(|m| *m <= 1 << 63)
            .ok_or(unrepresentable)?;
    }
    i64::try_from(if negative { -m } else { m })
        .map(Some)
        .map_err(|_| unrepresentable)
}

/// Reads a float, or a null. Zero reads as `+0.0`.
///
/// # Errors
/// [`DecodeErrorKind::Unrepresentable`] for a number that is not exactly an
/// `f64` as a float is written (more digits than its shortest form, or
/// beyond `f64`'s range: Java's `decodeNumericAsDouble` would round it, and
/// the key would not be the one the value encodes to);
/// [`DecodeErrorKind::NonCanonical`] for bytes Java never writes;
/// [`DecodeErrorKind::Unterminated`].
pub fn decode_f64(
    r: &mut Reader<'_>,
    descending: bool,
    field: &'static str,
) -> Result<Option<f64>, DecodeError> {
    let offset = r.position();
    Ok(Some(match read_number(r, descending, field)? {
        Value::Null => return Ok(None),
        Value::Zero => 0.0,
        Value::NegInf => f64::NEG_INFINITY,
        Value::PosInf => f64::INFINITY,
        Value::NaN => f64::NAN,
        Value::Finite {
            negative,
            digits,
            len,
            exp10,
        } => exact_f64(negative, &digits[..len], exp10)
            .ok_or_else(|| DecodeError::new(field, offset, DecodeErrorKind::Unrepresentable))?,
    }))
}

/// The `f64` that is exactly `±0.digits × 10^exp10` as a float is written
/// (its shortest form), or `None`. `digits` are as read: a leading zero when
/// the exponent is odd, and perhaps a trailing one.
fn exact_f64(negative: bool, digits: &[u8], exp10: i32) -> Option<f64> {
    let lead = usize::from(digits.first() == Some(&b'0'));
    let (digits, exp10) = (trim_zeros(&digits[lead..]), exp10 - lead as i32);
    let mut t = Text::new();
    let sign = if negative { "-" } else { "" };
    let text = core::str::from_utf8(digits).ok()?;
    // At most 32 digits and a 7-character exponent: within the 48 bytes.
    let _ = core::fmt::write(&mut t, format_args!("{sign}0.{text}e{exp10}"));
    let v: f64 = t.as_str().parse().ok()?;
    let mut again = [0u8; 24];
    let exact = v.is_finite()
        && v != 0.0
        && shortest(v, &mut again) == (digits.len(), exp10)
        && again[..digits.len()] == *digits;
    exact.then_some(v)
}

/// The `#[ordered(numeric)]` codec ([`FieldCodec::Numeric`](crate::FieldCodec::Numeric)):
/// HBase's `OrderedNumeric` of an `i64` or an `f64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numeric {
    /// The field holds an `f64` (else an `i64`).
    pub float: bool,
    /// The field is an `Option`, whose `None` is OrderedBytes' null (`05`).
    pub nullable: bool,
    /// In a `#[rowkey(hbase_struct)]` key, a `None` followed only by such
    /// fields is left out of the key, as HBase's `Struct` leaves trailing nulls out.
    pub trailing: bool,
}

impl Numeric {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Delimited { min: 1 }
    }

    /// Feeds the codec's fingerprint bytes: `0x13 float:u8 nullable:u8 trailing:u8`.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x13)
            .flag(self.float)
            .flag(self.nullable)
            .flag(self.trailing)
    }

    /// The codec of a schema's `{"kind": "numeric", "type": "i64", "nullable": false, "trailing": false}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let float = match c.str("type")? {
            "i64" => false,
            "f64" => true,
            other => return Err(alloc::format!("`{other}` is no type OrderedNumeric holds")),
        };
        Ok(Numeric {
            float,
            nullable: c.bool("nullable")?,
            trailing: c.bool("trailing")?,
        })
    }
}

/// A field `#[ordered(numeric)]` writes: an `i64`, an `f64`, or an `Option`
/// of one, whose `None` is a null.
#[diagnostic::on_unimplemented(
    message = "`#[ordered(numeric)]` writes HBase's `OrderedNumeric` of an `i64` or an `f64` (or an `Option` of one), not of `{Self}`",
    label = "make this field an `i64` or an `f64`, or use `#[ordered]` for HBase's fixed-width numbers"
)]
pub trait NumericField: Sized {
    /// Writes the value, or a null.
    ///
    /// # Errors
    /// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall).
    fn write_to(&self, w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError>;

    /// Reads the value (`field`'s, for errors).
    ///
    /// # Errors
    /// As [`decode_i64`] and [`decode_f64`]; a null where the field is no
    /// `Option` is [`DecodeErrorKind::Unrepresentable`].
    fn read_from(
        r: &mut Reader<'_>,
        descending: bool,
        field: &'static str,
    ) -> Result<Self, DecodeError>;

    /// Bytes `v` takes: what derived code calls for a field, through the
    /// trait, so that a type that is none gives one error on the field.
    fn len(v: &Self, descending: bool) -> usize {
        const CAP: usize = 2 + MAX_MANTISSA + 1;
        let mut buf = [0u8; CAP];
        let mut w = Writer::new(&mut buf, "");
        v.write_to(&mut w, descending)
            .map_or(CAP, |()| w.position())
    }

    /// Writes `v`: what derived code calls for a field.
    ///
    /// # Errors
    /// As [`NumericField::write_to`].
    fn write(
        w: &mut Writer<'_>,
        v: &Self,
        descending: bool,
        _field: &'static str,
    ) -> Result<(), EncodeError> {
        v.write_to(w, descending)
    }

    /// Reads a field of this type: what derived code calls.
    ///
    /// # Errors
    /// As [`NumericField::read_from`].
    fn read(
        r: &mut Reader<'_>,
        descending: bool,
        field: &'static str,
    ) -> Result<Self, DecodeError> {
        Self::read_from(r, descending, field)
    }
}

/// A value a non-`Option` field must have.
fn required<T>(v: Option<T>, field: &'static str, offset: usize) -> Result<T, DecodeError> {
    v.ok_or(DecodeError::new(
        field,
        offset,
        DecodeErrorKind::Unrepresentable,
    ))
}

impl NumericField for i64 {
    fn write_to(&self, w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError> {
        encode_i64(w, *self, descending)
    }
    fn read_from(
        r: &mut Reader<'_>,
        descending: bool,
        field: &'static str,
    ) -> Result<Self, DecodeError> {
        let at = r.position();
        required(decode_i64(r, descending, field)?, field, at)
    }
}

impl NumericField for f64 {
    fn write_to(&self, w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError> {
        encode_f64(w, *self, descending)
    }
    fn read_from(
        r: &mut Reader<'_>,
        descending: bool,
        field: &'static str,
    ) -> Result<Self, DecodeError> {
        let at = r.position();
        required(decode_f64(r, descending, field)?, field, at)
    }
}

impl NumericField for Option<i64> {
    fn write_to(&self, w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError> {
        match self {
            Some(v) => encode_i64(w, *v, descending),
            None => encode_null(w, descending),
        }
    }
    fn read_from(
        r: &mut Reader<'_>,
        descending: bool,
        field: &'static str,
    ) -> Result<Self, DecodeError> {
        decode_i64(r, descending, field)
    }
}

impl NumericField for Option<f64> {
    fn write_to(&self, w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError> {
        match self {
            Some(v) => encode_f64(w, *v, descending),
            None => encode_null(w, descending),
        }
    }
    fn read_from(
        r: &mut Reader<'_>,
        descending: bool,
        field: &'static str,
    ) -> Result<Self, DecodeError> {
        decode_f64(r, descending, field)
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::float::Float;
    use super::super::int::IntType;
    use super::super::prelude::*;
    use super::{decode_f64, decode_i64, encode_f64, encode_i64, encode_null, Numeric};
    use crate::cursor::Writer;

    impl Numeric {
        fn name(&self) -> &'static str {
            if self.float {
                "f64"
            } else {
                "i64"
            }
        }
    }

    impl<'a> Codec<'a> for Numeric {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn trailing(&self) -> bool {
            self.trailing
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let (at, desc) = (r.position(), f.descending);
            let v = if self.float {
                decode_f64(r, desc, "").map(|v| v.map(Value::F64))
            } else {
                decode_i64(r, desc, "").map(|v| v.map(|n| Value::Int(Number::Signed(n.into()))))
            };
            match (v.map_err(|e| f.error(e))?, self.nullable) {
                (Some(v), true) => Ok(Value::Some(alloc::boxed::Box::new(v))),
                (Some(v), false) => Ok(v),
                (None, true) => Ok(Value::None),
                (None, false) => Err(ReadError::new(f.name, at, DecodeErrorKind::Unrepresentable)),
            }
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let value = match value {
                Value::Some(v) if self.nullable => Some(&**v),
                Value::None if self.nullable => None,
                v => Some(v),
            };
            let mut buf = [0u8; 24];
            let mut w = Writer::new(&mut buf, "");
            let written = match (value, self.float) {
                (None, _) => encode_null(&mut w, f.descending),
                (Some(Value::F64(v)), true) => encode_f64(&mut w, *v, f.descending),
                (Some(v), false) => match v.int::<i64>() {
                    Some(n) => encode_i64(&mut w, n, f.descending),
                    None => return Err(f.mismatch(self.name())),
                },
                _ => return Err(f.mismatch(self.name())),
            };
            written.map_err(|e| f.input_error(e.kind()))?;
            out.extend_from_slice(w.written());
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            if self.nullable && matches!(text.trim(), "None" | "none") {
                return Ok(Value::None);
            }
            let v = if self.float {
                Float { bytes: 8 }.parse(text, f.name)?
            } else {
                Value::Int(
                    IntType {
                        bytes: 8,
                        signed: true,
                    }
                    .parse(text, f.name)?,
                )
            };
            Ok(match self.nullable {
                true => Value::Some(alloc::boxed::Box::new(v)),
                false => v,
            })
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "numeric")
                .str("type", self.name())
                .bool("nullable", self.nullable)
                .bool("trailing", self.trailing)
                .end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(f: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>) -> std::vec::Vec<u8> {
        let mut buf = [0u8; 32];
        let mut w = Writer::new(&mut buf, "k");
        f(&mut w).unwrap();
        w.written().to_vec()
    }

    #[test]
    fn golden_from_the_module_docs() {
        assert_eq!(enc(|w| encode_i64(w, 1, false)), [0x18, 0x02]);
        assert_eq!(enc(|w| encode_i64(w, -1, false)), [0x12, 0xFD]);
        assert_eq!(enc(|w| encode_i64(w, 100, false)), [0x19, 0x02]);
        assert_eq!(enc(|w| encode_f64(w, 0.5, false)), [0x16, 0xFF, 0x64]);
        assert_eq!(enc(|w| encode_f64(w, 100.0, false)), [0x19, 0x02]);
    }

    /// Each field type writes through the trait what its value's encoder
    /// writes (an `Option`'s `None` the null), and reads it back.
    #[test]
    fn the_field_types_write_their_values() {
        fn check<T: NumericField + PartialEq + Copy + core::fmt::Debug>(v: T, bytes: &[u8]) {
            for descending in [false, true] {
                let want: std::vec::Vec<u8> = bytes
                    .iter()
                    .map(|b| if descending { !b } else { *b })
                    .collect();
                assert_eq!(enc(|w| T::write(w, &v, descending, "n")), want, "{v:?}");
                assert_eq!(T::len(&v, descending), want.len(), "{v:?}");
                let back = T::read(&mut Reader::new(&want), descending, "n");
                assert_eq!(back, Ok(v), "{want:?}");
            }
        }
        let half = enc(|w| encode_f64(w, 0.5, false));
        let one = enc(|w| encode_i64(w, 1, false));
        check(0.5f64, &half);
        check(Some(0.5f64), &half);
        check(None::<f64>, &[NULL]);
        check(1i64, &one);
        check(Some(1i64), &one);
        check(None::<i64>, &[NULL]);
    }

    #[test]
    fn floats_read_exactly_or_not_at_all() {
        let read = |b: &[u8], desc| decode_f64(&mut Reader::new(b), desc, "f");
        for v in [
            0.5,
            -0.25,
            100.0,
            1e300,
            -1e-300,
            0.1,
            f64::MAX,
            f64::MIN_POSITIVE,
        ] {
            for desc in [false, true] {
                let b = enc(|w| encode_f64(w, v, desc));
                assert_eq!(read(&b, desc), Ok(Some(v)), "{v} {b:02x?}");
            }
        }
        // 0.12345678901234567890123 has more digits than any f64's shortest
        // form, 100^200 overflows to +inf, 100^-200 underflows to zero:
        // each would read as a float that writes other bytes.
        let mut long = enc(|w| encode_f64(w, 0.1, false));
        long.pop();
        long.extend([
            0x19, 0x45, 0x69, 0x8B, 0xAF, 0xB3, 0x45, 0x69, 0x8B, 0xAF, 0x2E,
        ]);
        let huge = [0x22, 200, 0x02];
        let tiny = [0x16, !200u8, 0x02];
        for b in [&long[..], &huge, &tiny] {
            let e = read(b, false).unwrap_err();
            assert_eq!(e.kind(), DecodeErrorKind::Unrepresentable, "{b:02x?}");
        }
    }

    #[test]
    fn integers_read_exactly_or_not_at_all() {
        let read = |b: &[u8]| decode_i64(&mut Reader::new(b), false, "f");
        assert_eq!(read(&[0x19, 0x02]), Ok(Some(100)));
        assert_eq!(read(&[0x05]), Ok(None));
        // 0.5, +inf, and 100^11 do not fit an i64.
        for b in [&[0x16, 0xFF, 0x64][..], &[0x23], &[0x22, 11, 0x02]] {
            let e = read(b).unwrap_err();
            assert_eq!(e.kind(), DecodeErrorKind::Unrepresentable, "{b:02x?}");
        }
        // A medium exponent written as a large one, and a trailing zero digit.
        assert!(read(&[0x22, 5, 0x02]).is_err());
        assert!(read(&[0x18, 0x03, 0x00]).is_err());
    }
}

#[cfg(all(test, feature = "alloc"))]
mod by_layout {
    use super::Numeric;
    use crate::codec::prelude::{Codec, FieldRef, Value};
    use crate::Number;

    const F: FieldRef<'static> = FieldRef {
        name: "n",
        descending: false,
    };

    fn numeric(nullable: bool) -> Numeric {
        Numeric {
            float: false,
            nullable,
            trailing: false,
        }
    }

    /// Only an `Option` field takes `None` and `Some`: a plain field given
    /// either is an input error naming the codec, and writes nothing.
    #[test]
    fn only_an_option_field_takes_none_and_some() {
        let one = Value::Int(Number::Signed(1));
        let some = Value::Some(std::boxed::Box::new(one.clone()));
        for v in [Value::None, some.clone()] {
            let mut out = std::vec::Vec::new();
            let e = numeric(false).write(&v, F, &mut out).unwrap_err();
            assert_eq!(e.0, "field `n`: the value does not fit its codec i64");
            assert!(out.is_empty());
        }
        // The Option field writes `Some(1)` as the plain field writes 1, `None` as null (05).
        let (mut plain, mut opt, mut none) = Default::default();
        numeric(false).write(&one, F, &mut plain).unwrap();
        numeric(true).write(&some, F, &mut opt).unwrap();
        numeric(true).write(&Value::None, F, &mut none).unwrap();
        assert_eq!((plain.clone(), opt), (std::vec![0x18, 0x02], plain));
        assert_eq!(none, [0x05]);
    }

    /// `None` as text is an Option field's null; a plain field refuses it,
    /// and an Option field reads a number as `Some`.
    #[test]
    fn none_as_text_is_only_an_option_fields() {
        assert_eq!(numeric(true).parse("None", F), Ok(Value::None));
        assert!(numeric(false).parse("None", F).is_err());
        let seven = Value::Int(Number::Signed(7));
        assert_eq!(numeric(false).parse("7", F), Ok(seven.clone()));
        assert_eq!(
            numeric(true).parse("7", F),
            Ok(Value::Some(std::boxed::Box::new(seven)))
        );
    }
}
