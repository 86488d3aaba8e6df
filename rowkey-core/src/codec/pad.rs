//! `#[pad(N)]`: an unsigned integer as exactly `N` ASCII digits, zero padded
//! on the left (`pad(6)` of 1 is `b"000001"`): readable keys that sort as
//! the numbers do.
//!
//! A value of `10^N` or more is an [`EncodeError`], never
//! truncated. Descending (`#[reverse]`) writes `10^N - 1 - v`, that is every
//! digit `d` as `9 - d`, so the key stays ASCII. Decode accepts only `0`..`9`.

use core::ops::{Range, RangeInclusive};

use super::int::ToNumber;
use crate::range::Edge;
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Number};

/// Unsigned integer types a `pad` field can have.
pub trait Unsigned: ToNumber {
    /// The type's largest value.
    const MAX_U128: u128;
    /// The value as a `u128`.
    fn widen(self) -> u128;
    /// A `u128` back as this type, if it fits.
    fn narrow(v: u128) -> Option<Self>;
    /// Whether the value is at most `max`, compared in the type itself
    /// (`u32 <= 999_999`, never in `u128`); a `max` above the type's range holds every value.
    fn at_most(self, max: u128) -> bool;
    /// The low 64 bits (the caller has checked that the value fits).
    fn low_u64(self) -> u64;
    /// A `u64` as this type, if it fits.
    fn from_u64(v: u64) -> Option<Self>;
    /// A `u64` as this type, its high bits dropped (the caller has checked that it fits).
    fn truncate_u64(v: u64) -> Self;
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Unsigned for $t {
            const MAX_U128: u128 = <$t>::MAX as u128;
            #[inline(always)]
            fn widen(self) -> u128 { self as u128 }
            #[inline(always)]
            fn narrow(v: u128) -> Option<Self> { <$t>::try_from(v).ok() }
            #[inline(always)]
            fn at_most(self, max: u128) -> bool {
                max >= <$t>::MAX as u128 || self <= max as $t
            }
            #[inline(always)]
            fn low_u64(self) -> u64 { self as u64 }
            #[inline(always)]
            fn from_u64(v: u64) -> Option<Self> { <$t>::try_from(v).ok() }
            #[inline(always)]
            fn truncate_u64(v: u64) -> Self { v as $t }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, u128);

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

/// Constants of an `N`-digit field, evaluated at compile time.
struct Digits<const N: usize>;

impl<const N: usize> Digits<N> {
    /// `10^N - 1`.
    const MAX: u128 = max_value(N);
    /// Whether every value fits a `u32` (written through the pair table in one register).
    const IN_U32: bool = N <= 9;
    /// Whether every value fits a `u64`.
    const IN_U64: bool = N <= 19;
}

/// `"00" .. "99"`: `PAIRS[n]` holds the two ASCII digits of `n` as a
/// little-endian `u16` (first digit in the low byte); padded to 128 entries
/// so that an index masked to 7 bits needs no bounds check.
const PAIRS: [u16; 128] = {
    let mut t = [0u16; 128];
    let mut n = 0;
    while n < 100 {
        t[n] = (b'0' + (n / 10) as u8) as u16 | ((b'0' + (n % 10) as u8) as u16) << 8;
        n += 1;
    }
    t
};

/// The `N` ASCII digits of `v` (`1 <= N <= 8`, `v < 10^N`) in the low `N`
/// bytes of a `u64`, first digit lowest, so that `to_le_bytes` spells them:
/// built in a register, stored in one go (a wide load of bytes stored one
/// or two at a time stalls the processor).
///
/// How: `v / 10^(N - lead)` as a fixed-point number with 64 fraction bits
/// (one 64 x 64 -> 128-bit multiplication), whose integer part is the
/// leading digit (odd `N`) or pair (even `N`); each further pair is the
/// integer part of the fraction times 100, which one more multiplication
/// gives together with the next fraction (its high and low words). Exact:
/// the reciprocal rounded up errs by less than `v / 2^64`, which the
/// `(N - lead) / 2` steps multiply by at most `10^(N - lead)`, still below
/// the `10^-(N - lead)` that separates each step's exact value from the
/// next integer (`10^(2N) < 2^64`). `every_value_up_to_nine_digits` checks
/// every value with `ROWKEY_PAD_STEP=1`.
#[inline(always)]
fn ascii<const N: usize>(v: u32) -> u64 {
    let lead = 2 - N % 2;
    if N <= 2 {
        // No fraction: the digit or pair itself.
        let v = v as usize & 0x7F;
        return if N == 1 {
            b'0' as u64 + v as u64
        } else {
            PAIRS[v] as u64
        };
    }
    let scale = pow10(N - lead) as u64;
    // `2^64 / scale` rounded up; no power of ten above 1 divides `2^64`.
    let t = v as u128 * (u64::MAX / scale + 1) as u128;
    // Below 100; the mask tells the compiler so.
    let first = (t >> 64) as usize & 0x7F;
    let mut out = if lead == 1 {
        b'0' as u64 + first as u64
    } else {
        PAIRS[first] as u64
    };
    let mut fraction = t as u64;
    let mut at = lead;
    while at < N {
        let t = fraction as u128 * 100;
        out |= (PAIRS[(t >> 64) as usize & 0x7F] as u64) << (8 * at);
        fraction = t as u64;
        at += 2;
    }
    out
}

/// Writes `v` (below `10^N`, `N <= 9`) as `N` digits, without a division:
/// up to 8 built in one register ([`ascii`]) and stored whole; 9 as the
/// leading digit and 8.
#[inline(always)]
fn pairs<const N: usize>(v: u32, out: &mut [u8; N]) {
    if N <= 8 {
        out.copy_from_slice(&ascii::<N>(v).to_le_bytes()[..N]);
    } else if let Some((first, rest)) = out.split_first_mut() {
        let lead = v / 100_000_000;
        *first = b'0' + lead as u8;
        let n = rest.len();
        rest.copy_from_slice(&ascii::<8>(v - lead * 100_000_000).to_le_bytes()[..n]);
    }
}

/// Writes `v` (below `10^N`, `N <= 19`) as `N` digits: the low 8 at a time
/// (`v % 10^8` through the pair table), the rest in front.
#[inline(always)]
fn digits_u64<const N: usize>(mut v: u64, out: &mut [u8; N]) {
    let mut end = N;
    while end > 8 {
        let mut chunk = [0u8; 8];
        pairs::<8>((v % 100_000_000) as u32, &mut chunk);
        v /= 100_000_000;
        out[end - 8..end].copy_from_slice(&chunk);
        end -= 8;
    }
    let mut head = [0u8; 8];
    pairs::<8>(v as u32, &mut head);
    out[..end].copy_from_slice(&head[8 - end..]);
}

/// Writes `v` (below `10^N`) as exactly `N` digits, in the narrowest register
/// that holds every `N`-digit number; descending writes `10^N - 1 - v`, every
/// digit `d` as `9 - d` (for 39 digits digit by digit, as `10^39 - 1` exceeds `u128`).
#[inline(always)]
fn write_digits<T: Unsigned, const N: usize>(v: T, out: &mut [u8; N], descending: bool) {
    if Digits::<N>::IN_U32 {
        let v = v.low_u64() as u32;
        let max = Digits::<N>::MAX as u32;
        pairs(if descending { max - v } else { v }, out);
    } else if Digits::<N>::IN_U64 {
        let v = v.low_u64();
        let max = Digits::<N>::MAX as u64;
        digits_u64(if descending { max - v } else { v }, out);
    } else {
        let mut v = v.widen();
        for b in out.iter_mut().rev() {
            let d = (v % 10) as u8;
            *b = b'0' + if descending { 9 - d } else { d };
            v /= 10;
        }
    }
}

/// Writes `v` as `N` digits (descending: `10^N - 1 - v`). The range check is
/// made in `T` itself (`u32 <= 999_999`) and the digits in a `u32` for up to
/// 9 digits, a `u64` up to 19: `N` is a constant, so each field gets its own
/// straight-line writer.
///
/// # Errors
/// [`EncodeErrorKind::OutOfRange`] when `v` has more than `N` digits.
#[inline(always)]
pub fn put<T: Unsigned, const N: usize>(
    v: T,
    out: &mut [u8; N],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    check::<T, N>(v, field)?;
    write_digits(v, out, descending);
    Ok(())
}

/// The range check of [`put`] alone. Generated `encode`s of fixed keys
/// make it for every `pad` field before writing any byte, so no digit is
/// held across a branch, and the check inside [`put`] folds away; when it
/// fails, they write the fields in key order, so that the error names the
/// first bad field.
///
/// # Errors
/// [`EncodeErrorKind::OutOfRange`] when `v` has more than `N` digits.
#[inline(always)]
pub fn check<T: Unsigned, const N: usize>(v: T, field: &'static str) -> Result<(), EncodeError> {
    if fits::<T, N>(v) {
        Ok(())
    } else {
        Err(too_many_digits(field, v.to_number(), Digits::<N>::MAX))
    }
}

/// Whether `v` has at most `N` digits: [`check`] without its error, for
/// generated code whose cold path, when it fails, writes the fields in key
/// order and returns the first bad field's error.
#[inline(always)]
pub fn fits<T: Unsigned, const N: usize>(v: T) -> bool {
    v.at_most(Digits::<N>::MAX)
}

/// Marks the path that calls it as unlikely.
#[cold]
#[inline(never)]
fn cold() {}

/// Inlined, so a caller sees which variant the error is: a `Result` whose
/// `Ok` sits in the error's niche (a range helper's) then needs no check of
/// which it holds after the branch, and the range is not copied through it.
#[inline(always)]
fn too_many_digits(field: &'static str, value: Number, max: u128) -> EncodeError {
    cold();
    EncodeError::new(
        field,
        EncodeErrorKind::OutOfRange {
            value,
            min: Number::Unsigned(0),
            max: Number::Unsigned(max),
        },
    )
}

/// The digit values of `n` ASCII bytes (`n <= 8`) in the high `n` bytes
/// of a `u64` (first digit lowest, the bytes in front read as digit 0;
/// descending: every digit `d` read as `9 - d`), and flag bits that are
/// zero when every byte is a digit.
#[inline(always)]
fn digit_values(bytes: &[u8], descending: bool) -> (u64, u64) {
    let n = bytes.len();
    let mut word = [0u8; 8];
    word[8 - n..].copy_from_slice(bytes);
    values_in_word(u64::from_le_bytes(word), n, descending)
}

/// [`digit_values`] of the `n` digits in the high bytes of `word` (read
/// little-endian), whatever its low bytes hold: they are cleared.
#[inline(always)]
fn values_in_word(word: u64, n: usize, descending: bool) -> (u64, u64) {
    values_masked(
        word,
        u64::MAX.checked_shl(8 * (8 - n as u32)).unwrap_or(0),
        descending,
    )
}

/// The digit values of the bytes of `word` (read little-endian) that
/// `keep` keeps, the others cleared to zero (a mask the compiler drops when
/// it keeps all), and their flag bits. XOR with `"0"` leaves a digit's
/// value, and a byte is below 10 when neither it nor it plus 0x76 reaches
/// 0x80 (a carry out of a byte only follows a byte already flagged; a
/// cleared byte reads as 0, which carries nothing).
#[inline(always)]
fn values_masked(word: u64, keep: u64, descending: bool) -> (u64, u64) {
    let v = (word ^ 0x3030_3030_3030_3030) & keep;
    let flags = v | v.wrapping_add(0x7676_7676_7676_7676);
    let v = if descending {
        (0x0909_0909_0909_0909 & keep).wrapping_sub(v)
    } else {
        v
    };
    (v, flags)
}

/// The number spelled by 8 digit values (first digit lowest): pairs, then
/// pairs of pairs, then the two halves, one multiplication each.
#[inline(always)]
fn number8(v: u64) -> u32 {
    number_of_pairs(v, PAIRS_MASK)
}

/// The low byte of each pair of bytes, where [`number_of_pairs`] leaves a
/// pair's number.
const PAIRS_MASK: u64 = 0x00FF_00FF_00FF_00FF;

/// [`number8`] of the pairs that `pairs` keeps (a mask of their low bytes),
/// the others read as `00`: a pair dropped here needs no clearing before.
#[inline(always)]
fn number_of_pairs(v: u64, pairs: u64) -> u32 {
    let v = (v.wrapping_mul(10).wrapping_add(v >> 8)) & pairs;
    let v = (v.wrapping_mul(1 + (100 << 16)) >> 16) & 0x0000_FFFF_0000_FFFF;
    (v.wrapping_mul(1 + (10_000 << 32)) >> 32) as u32
}

/// Reads `N` digits.
///
/// # Errors
/// [`DecodeErrorKind::NotDigit`] at the first byte that is not `0`..`9`;
/// [`DecodeErrorKind::OutOfRange`] when the number does not fit the field's type.
#[inline(always)]
pub fn get<T: Unsigned, const N: usize>(
    bytes: &[u8; N],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    if !Digits::<N>::IN_U64 {
        return decode_wide(bytes, descending, field, offset);
    }
    let (s, flags) = number_of(bytes, descending);
    checked(s, flags, bytes, field, offset)
}

/// The number spelled by `N` (at most 19) digits and the flag bits of
/// their values, zero when they are all digits: 8 digits at a time from
/// the left, the first chunk padded in front with digits that read as 0;
/// one test per field, not per digit. Wrapping: a non-digit makes a
/// chunk's number meaningless until the test.
#[inline(always)]
fn number_of<const N: usize>(bytes: &[u8; N], descending: bool) -> (u64, u64) {
    let mut s: u64 = 0;
    let mut flags = 0;
    let mut start = 0;
    let mut n = (N - 1) % 8 + 1;
    while start < N {
        let (v, f) = digit_values(&bytes[start..start + n], descending);
        s = s.wrapping_mul(100_000_000).wrapping_add(number8(v) as u64);
        flags |= f;
        start += n;
        n = 8;
    }
    (s, flags)
}

/// The number `s` read from the `N` digits `bytes`, as a `T`, once the
/// flags of their digit values say they are all digits.
#[inline(always)]
fn checked<T: Unsigned, const N: usize>(
    s: u64,
    flags: u64,
    bytes: &[u8; N],
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    if flags & 0x8080_8080_8080_8080 != 0 {
        return Err(first_not_digit(bytes, field, offset));
    }
    if Digits::<N>::MAX <= T::MAX_U128 {
        // Every N-digit number fits the type: nothing to check.
        Ok(T::truncate_u64(s))
    } else {
        T::from_u64(s).ok_or_else(|| out_of_range::<T>(field, offset, s as u128))
    }
}

/// A field of `N` digits read out of a fixed key with its check left to
/// the caller ([`read_in`]): a generated `decode` reads a run of `pad`
/// fields, tests what they found with one branch (the [`bad`](Self::bad)
/// of each, or-ed), and only on that cold path reads each again in turn
/// with its check ([`get`](Self::get)), so the error is the first field's,
/// as reading them one by one gives. A field that is not bad has no error.
#[derive(Debug, Clone, Copy)]
pub struct InKey<'k, T, const N: usize> {
    value: T,
    bad: u64,
    key: &'k [u8],
    offset: usize,
    descending: bool,
    field: &'static str,
}

impl<T: Unsigned, const N: usize> InKey<'_, T, N> {
    /// Zero when the bytes read are all digits and their number fits `T`.
    #[inline(always)]
    pub fn bad(&self) -> u64 {
        self.bad
    }

    /// The field's number: exact when no field of the run is [`bad`](Self::bad).
    #[inline(always)]
    pub fn value(&self) -> T {
        self.value
    }

    /// The field read again from its own bytes, with their check: the path
    /// taken when a field of the run is [`bad`](Self::bad). Its values then
    /// come from here, not from registers kept across the calls.
    ///
    /// # Errors
    /// As [`get`]'s; [`DecodeErrorKind::TooShort`] when the key ends before the field.
    #[inline(always)]
    pub fn get(&self) -> Result<T, DecodeError> {
        // By value: a reference would keep the read in memory on the hot path too.
        reread::<T, N>(self.key, self.offset, self.descending, self.field)
    }
}

/// [`InKey::get`]: [`get`] on the field's own bytes.
#[cold]
#[inline(never)]
fn reread<T: Unsigned, const N: usize>(
    key: &[u8],
    offset: usize,
    descending: bool,
    field: &'static str,
) -> Result<T, DecodeError> {
    match key.get(offset..).and_then(|k| k.first_chunk::<N>()) {
        Some(slot) => get::<T, N>(slot, descending, field, offset),
        None => Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::TooShort {
                min: offset + N,
                found: key.len(),
            },
        )),
    }
}

/// Reads the `N` digits at `offset` of a fixed key, given the whole key,
/// with no branch: see [`InKey`]. Fewer than 8 digits are read with one
/// 8-byte load (the field's bytes and its neighbours'), where the field
/// alone takes two loads and a merge. `run` is the span of the key whose
/// bytes the caller checks as digits too (the run of `pad` fields the
/// field belongs to): a neighbour inside it is tested with the field's own
/// bytes, one outside it is cleared first.
#[inline(always)]
pub fn read_in<'k, T: Unsigned, const N: usize>(
    key: &'k [u8],
    offset: usize,
    run: Range<usize>,
    descending: bool,
    field: &'static str,
) -> InKey<'k, T, N> {
    let (value, bad) = match key.get(offset..).and_then(|k| k.first_chunk::<N>()) {
        Some(slot) => number_in(key, offset, slot, run, descending),
        None => (T::truncate_u64(0), 1),
    };
    InKey {
        value,
        bad,
        key,
        offset,
        descending,
        field,
    }
}

/// The number and bad bits of [`read_in`], the field's bytes being `slot`.
#[inline(always)]
fn number_in<T: Unsigned, const N: usize>(
    key: &[u8],
    offset: usize,
    slot: &[u8; N],
    run: Range<usize>,
    descending: bool,
) -> (T, u64) {
    if !Digits::<N>::IN_U64 {
        return match decode_wide::<T>(slot, descending, "", offset) {
            Ok(v) => (v, 0),
            Err(_) => (T::truncate_u64(0), 1),
        };
    }
    // The 8 bytes from the field's first, or else the 8 bytes up to its last.
    let from_first = offset + 8 <= key.len();
    let at = if from_first {
        Some(offset)
    } else {
        (offset + N).checked_sub(8)
    };
    let window = at.and_then(|at| key.get(at..)?.first_chunk::<8>());
    let (s, flags) = match (window, at, N < 8) {
        (Some(window), Some(at), true) => {
            let word = u64::from_le_bytes(*window);
            // The bytes of the window that are the field's or the run's.
            let (lo, hi) = (run.start.min(offset), run.end.max(offset + N));
            let keep = low_bytes(hi.saturating_sub(at)) & !low_bytes(lo.saturating_sub(at));
            let (v, flags) = values_masked(word, keep, descending);
            // The field's digits as the high bytes of a word, zeros below
            // (a shift the multiplications of `number8` absorb; even
            // neighbours below drop with their pairs).
            let front = 8 - N as u32;
            let number = if from_first {
                number8(v << (8 * front))
            } else if front % 2 == 0 {
                number_of_pairs(v, PAIRS_MASK & (u64::MAX << (8 * front)))
            } else {
                number8(v & (u64::MAX << (8 * front)))
            };
            (number as u64, flags)
        }
        _ => number_of(slot, descending),
    };
    // Kept as bits, not a flag: the bits of a run's fields or-ed are tested once.
    let not_digits = flags & 0x8080_8080_8080_8080;
    if Digits::<N>::MAX <= T::MAX_U128 {
        // Every N-digit number fits the type: nothing to check.
        (T::truncate_u64(s), not_digits)
    } else {
        match T::from_u64(s) {
            Some(v) => (v, not_digits),
            None => (T::truncate_u64(0), 1),
        }
    }
}

/// A mask of the low `n` bytes of a `u64` (all of them from 8).
#[inline(always)]
fn low_bytes(n: usize) -> u64 {
    match n {
        0 => 0,
        1..=7 => u64::MAX >> (64 - 8 * n as u32),
        _ => u64::MAX,
    }
}

/// [`decode`] for 20 digits and more, digit by digit in a `u128`.
fn decode_wide<T: Unsigned>(
    bytes: &[u8],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    // 39 digits reach 10^39 - 1, above u128::MAX: such a number is no
    // value of any field type, never a wrapped one.
    let mut v: u128 = 0;
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

/// The error for the first byte of `bytes` that is not a digit.
#[cold]
#[inline(never)]
fn first_not_digit(bytes: &[u8], field: &'static str, offset: usize) -> DecodeError {
    let (i, &c) = bytes
        .iter()
        .enumerate()
        .find(|(_, c)| !Pad::BYTES.contains(c))
        .unwrap_or((0, &0));
    not_digit(field, offset + i, c)
}

#[cold]
fn not_digit(field: &'static str, offset: usize, found: u8) -> DecodeError {
    DecodeError::new(field, offset, DecodeErrorKind::NotDigit { found })
}

/// [`put`] for a digit count known only at run time (a layout read from
/// a schema): `v` as `out.len()` digits, the same bytes and errors. One
/// function for every width, digit by digit: the interpreter does not
/// instantiate a writer per width.
///
/// # Errors
/// [`EncodeErrorKind::OutOfRange`] when `v` has more than `out.len()` digits.
pub fn encode_digits(
    v: u128,
    out: &mut [u8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    let max = max_value(out.len());
    if v > max {
        return Err(too_many_digits(field, Number::Unsigned(v), max));
    }
    let mut v = v;
    for b in out.iter_mut().rev() {
        let d = (v % 10) as u8;
        *b = b'0' + if descending { 9 - d } else { d };
        v /= 10;
    }
    Ok(())
}

/// [`get`] into a `u128` for a digit count known only at run time:
/// the same value and errors.
///
/// # Errors
/// As [`get`]'s.
pub fn decode_digits(
    bytes: &[u8],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<u128, DecodeError> {
    decode_wide::<u128>(bytes, descending, field, offset)
}

/// The digits of a range bound, or [`Edge::AboveMax`] when `v` has more than `N` digits.
#[inline]
pub fn edge<T: Unsigned, const N: usize>(v: T, descending: bool) -> Result<Edge<N>, EncodeError> {
    if !v.at_most(Digits::<N>::MAX) {
        return Ok(Edge::AboveMax);
    }
    let mut out = [0u8; N];
    write_digits(v, &mut out, descending);
    Ok(Edge::Bytes(out))
}

/// The `#[pad(N)]` codec ([`FieldCodec::Pad`](crate::FieldCodec::Pad)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pad {
    /// The number of digits.
    pub digits: usize,
    /// The field's unsigned type, which bounds the decoded value.
    pub ty: super::int::IntType,
}

impl Pad {
    /// Every byte of a `pad` field: an ASCII digit, ascending or descending.
    pub(crate) const BYTES: RangeInclusive<u8> = b'0'..=b'9';

    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(self.digits)
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x03).num(self.digits)
    }

    /// The codec of a schema's `{"kind": "pad", "digits": 6, "type": "u32"}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let ty = super::int::IntType::from_json(c)?;
        let digits = c.num("digits")?;
        if ty.signed || !(1..=39).contains(&digits) {
            return Err(alloc::format!(
                "`pad({digits})` on `{}` is not a codec",
                ty.name()
            ));
        }
        Ok(Pad { digits, ty })
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::prelude::*;
    use super::{decode_digits, encode_digits, Pad};

    impl Pad {
        /// `v`'s digits, or `None` when it has more than the field's.
        fn digits_of(&self, v: &Value<'_>, f: FieldRef<'_>) -> Result<Option<Vec<u8>>, InputError> {
            let n: u128 = v
                .int()
                .ok_or_else(|| f.mismatch(&format!("pad({})", self.digits)))?;
            let mut out = vec![0u8; self.digits];
            Ok(encode_digits(n, &mut out, f.descending, "")
                .ok()
                .map(|()| out))
        }
    }

    impl<'a> Codec<'a> for Pad {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let b = r.take_n(self.digits).map_err(|e| f.error(e))?;
            let v = decode_digits(b, f.descending, "", at).map_err(|e| f.error(e))?;
            let n = Number::Unsigned(v);
            if !self.ty.holds(n) {
                let kind = DecodeErrorKind::OutOfRange {
                    value: n,
                    max: self.ty.range().1,
                };
                return Err(ReadError::new(f.name, at, kind));
            }
            Ok(Value::Int(n))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let n: u128 = value
                .int()
                .ok_or_else(|| f.mismatch(&format!("pad({})", self.digits)))?;
            let mut b = vec![0u8; self.digits];
            encode_digits(n, &mut b, f.descending, "").map_err(|e| f.input_error(e.kind()))?;
            out.extend(b);
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            self.ty.parse(text, f.name).map(Value::Int)
        }

        fn edge(&self, value: &Value<'_>, f: FieldRef<'a>) -> Result<OwnedEdge, InputError> {
            // A value with more digits than the field's lies above all of them.
            Ok(self
                .digits_of(value, f)?
                .map_or(OwnedEdge::AboveMax, OwnedEdge::Bytes))
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "pad")
                .num("digits", self.digits)
                .str("type", self.ty.name())
                .end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run-time-width functions give the const-width ones' bytes,
    /// values and errors, at every width they serve.
    fn same_as_const_width<const N: usize>() {
        let max = max_value(N);
        let values = [0, 1, 9, 10, 99, 12_345, max / 2, max.saturating_sub(1), max]
            .into_iter()
            .chain([max.saturating_add(1), u128::MAX]);
        for v in values {
            for desc in [false, true] {
                let (mut a, mut b) = ([0u8; N], [0u8; N]);
                let ra = put::<u128, N>(v, &mut a, desc, "f");
                let rb = encode_digits(v, &mut b, desc, "f");
                assert_eq!(ra, rb, "{N} digits, {v}");
                assert_eq!(a, b, "{N} digits, {v}");
                assert_eq!(
                    get::<u128, N>(&a, desc, "f", 3),
                    decode_digits(&a, desc, "f", 3)
                );
            }
        }
        for bad in [b'/', b':', b'x', 0x00, 0xFF] {
            for at in [0, N / 2, N - 1] {
                let mut a = [b'5'; N];
                a[at] = bad;
                for desc in [false, true] {
                    assert_eq!(
                        get::<u128, N>(&a, desc, "f", 3),
                        decode_digits(&a, desc, "f", 3)
                    );
                }
            }
        }
    }

    #[test]
    fn run_time_widths_match_const_widths() {
        same_as_const_width::<1>();
        same_as_const_width::<2>();
        same_as_const_width::<6>();
        same_as_const_width::<8>();
        same_as_const_width::<9>();
        same_as_const_width::<10>();
        same_as_const_width::<16>();
        same_as_const_width::<19>();
        same_as_const_width::<20>();
        same_as_const_width::<38>();
        same_as_const_width::<39>();
    }

    fn enc<const N: usize>(v: u64, desc: bool) -> [u8; N] {
        let mut out = [0u8; N];
        put(v, &mut out, desc, "f").unwrap();
        out
    }

    /// Reading a field out of the whole key gives what reading its slot
    /// gives, whatever its neighbours hold, at every offset of keys shorter
    /// and longer than the 8-byte window, with runs of every extent around
    /// the field: its check is its slot's error; a field that is not bad
    /// has its slot's value, and so does every field of a run of digits.
    #[test]
    fn reads_in_the_key_as_in_the_slot() {
        fn same<T: Unsigned + core::fmt::Debug + PartialEq, const N: usize>(
            key: &[u8],
            offset: usize,
            run: Range<usize>,
            desc: bool,
        ) {
            let slot: &[u8; N] = key[offset..offset + N].try_into().unwrap();
            let want = get::<T, N>(slot, desc, "f", offset);
            let read = read_in::<T, N>(key, offset, run.clone(), desc, "f");
            let at = format!("{key:02x?} at {offset}, run {run:?}, desc {desc}");
            assert_eq!(read.get(), want, "{at}");
            if read.bad() == 0 {
                assert_eq!(Ok(read.value()), want, "{at}");
            }
            if want.is_err() {
                assert_ne!(read.bad(), 0, "{at}");
            }
            if key[run].iter().all(u8::is_ascii_digit) {
                assert_eq!(read.bad() == 0, want.is_ok(), "{at}");
            }
        }
        fn check<const N: usize>() {
            let mut x = 0x2545_F491_4F6C_DD1Du64 ^ N as u64;
            let mut next = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            for len in [N, N + 1, 7, 8, 9, 12, 20].into_iter().filter(|&l| l >= N) {
                for offset in 0..=len - N {
                    for round in 0..200 {
                        let mut key = [0u8; 24];
                        for b in key.iter_mut() {
                            // Mostly digits, sometimes anything.
                            let r = next();
                            *b = if r % 5 == 0 {
                                r as u8
                            } else {
                                b'0' + (r >> 8) as u8 % 10
                            };
                        }
                        if round % 2 == 0 {
                            let v = next() % (max_value(N) as u64 + 1);
                            let mut slot = [0u8; N];
                            put(v, &mut slot, round % 4 == 0, "f").unwrap();
                            key[offset..offset + N].copy_from_slice(&slot);
                        }
                        let key = &key[..len];
                        let (lo, hi) = (
                            next() as usize % (offset + 1),
                            next() as usize % (len - offset - N + 1),
                        );
                        for run in [offset..offset + N, 0..len, lo..offset + N + hi] {
                            for desc in [false, true] {
                                same::<u64, N>(key, offset, run.clone(), desc);
                                same::<u8, N>(key, offset, run.clone(), desc);
                            }
                        }
                    }
                }
            }
        }
        check::<1>();
        check::<2>();
        check::<3>();
        check::<5>();
        check::<6>();
        check::<7>();
        check::<8>();
        check::<9>();
        check::<16>();
        check::<19>();
        check::<20>();
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
        put(u128::MAX, &mut big, false, "f").unwrap();
        assert_eq!(&big, b"340282366920938463463374607431768211455");
        assert_eq!(get::<u128, 39>(&big, false, "f", 0), Ok(u128::MAX));
    }

    /// The 8-at-a-time digits against `format!`, for every width of the u64
    /// path, both directions, and a non-digit at every position.
    #[test]
    fn every_width_matches_the_plain_digits() {
        fn check<const N: usize>() {
            let max = max_value(N) as u64;
            let mut x = 0x9E37_79B9_7F4A_7C15u64;
            let samples = (0..2000u64).map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            });
            let edges = [
                0,
                1,
                9,
                10,
                99,
                100,
                99_999_999,
                100_000_000,
                max / 2,
                max - 1,
                max,
            ];
            for v in edges.into_iter().chain(samples).map(|v| v % (max + 1)) {
                for desc in [false, true] {
                    let mut out = [0u8; N];
                    put(v, &mut out, desc, "f").unwrap();
                    let want = if desc { max - v } else { v };
                    assert_eq!(
                        out[..],
                        format!("{want:0N$}").as_bytes()[..],
                        "{v} desc={desc}"
                    );
                    assert_eq!(get::<u64, N>(&out, desc, "f", 3), Ok(v));
                    for (i, bad) in [(0, b'/'), (N - 1, b':'), (N / 2, 0xFF)] {
                        let mut b = out;
                        b[i] = bad;
                        assert_eq!(
                            get::<u64, N>(&b, desc, "f", 3),
                            Err(DecodeError::new(
                                "f",
                                3 + i,
                                DecodeErrorKind::NotDigit { found: bad }
                            ))
                        );
                    }
                }
            }
        }
        check::<1>();
        check::<2>();
        check::<3>();
        check::<5>();
        check::<6>();
        check::<7>();
        check::<8>();
        check::<9>();
        check::<12>();
        check::<15>();
        check::<16>();
        check::<17>();
        check::<19>();
    }

    /// Every value of every width the fixed-point writer handles up to 6
    /// digits, both directions; for 7 to 9 digits every 997th value and the
    /// first and last thousand. `ROWKEY_PAD_STEP=1 cargo test -p rowkey-core
    /// --release every_value` checks all 1.1 billion values.
    #[test]
    fn every_value_up_to_nine_digits() {
        fn check<const N: usize>() {
            let max = max_value(N) as u32;
            let step = match std::env::var("ROWKEY_PAD_STEP") {
                Ok(s) => s.parse().expect("ROWKEY_PAD_STEP is a number"),
                Err(_) if N <= 6 => 1,
                Err(_) => 997,
            };
            let edges = (0..=max.min(999)).chain(max.saturating_sub(999)..=max);
            for v in (0..=max).step_by(step).chain(edges) {
                for desc in [false, true] {
                    let mut out = [0u8; N];
                    put(v, &mut out, desc, "f").unwrap();
                    let mut want = if desc { max - v } else { v };
                    for b in out.iter().rev() {
                        assert_eq!(*b, b'0' + (want % 10) as u8, "{v} desc={desc}");
                        want /= 10;
                    }
                }
            }
        }
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<5>();
        check::<6>();
        check::<7>();
        check::<8>();
        check::<9>();
    }

    #[test]
    fn overflow_and_garbage() {
        let mut out = [0u8; 6];
        let e = put(1_000_000u32, &mut out, false, "user_id").unwrap_err();
        assert_eq!(
            e.to_string(),
            "field `user_id`: value 1000000 does not fit, allowed 0..=999999"
        );
        assert_eq!(
            get::<u32, 3>(b"1a3", false, "f", 4),
            Err(DecodeError::new(
                "f",
                5,
                DecodeErrorKind::NotDigit { found: b'a' }
            ))
        );
        assert!(get::<u8, 3>(b"256", false, "f", 0).is_err());
        assert_eq!(get::<u8, 3>(b"255", false, "f", 0), Ok(255));
        assert_eq!(get::<u32, 6>(b"999998", true, "f", 0), Ok(1));
        assert_eq!(edge::<u32, 2>(100, false), Ok(Edge::AboveMax));
    }
}
