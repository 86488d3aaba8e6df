//! Apache Phoenix primary keys: the bytes of each primary-key column type,
//! and the separators between them, as Phoenix writes them (`PTableImpl.newKey`,
//! a table with row-key-order-optimizable keys, Phoenix's default since 4.7).
//!
//! | Phoenix type | Rust | bytes (ascending) |
//! |---|---|---|
//! | `TINYINT`, `SMALLINT`, `INTEGER`, `BIGINT` | `i8`, `i16`, `i32`, `i64` | big-endian, sign bit flipped: rowkey's native [`int`](super::int) codec |
//! | `DATE` | [`Date`]: milliseconds since the epoch | as `BIGINT` |
//! | `TIMESTAMP` | [`Timestamp`] | the milliseconds as `BIGINT`, then the nanoseconds within the millisecond as 4 bytes big-endian |
//! | `DOUBLE` | `f64` | IEEE bits, sign bit flipped (all bits for a negative value), plus one |
//! | `BOOLEAN` | `bool` | `01` true, `00` false |
//! | `CHAR(n)` | `str`, ASCII | the bytes, space (`20`) padded to `n` |
//! | `VARCHAR` | `str` | the UTF-8 bytes, then a separator unless last |
//!
//! A `DESC` column inverts its bytes (`CHAR` padding included), except
//! `BOOLEAN`, which Phoenix writes as `00` for true and `01` for false.
//!
//! After a `VARCHAR` comes a separator: `00`, or `FF` for a `DESC` column
//! whose value is not null. The last column written has none, except a `DESC`
//! `VARCHAR` with a value, which ends with `FF`. Phoenix reads an empty
//! `VARCHAR` as null and leaves trailing nulls out of the key altogether, so
//! the key ends after the last column that has a value ([`last_written`]).
//! `INTEGER 1, VARCHAR 'ab'` is `80 00 00 01 61 62`; `VARCHAR 'ab' DESC,
//! INTEGER 1` is `9E 9D FF 80 00 00 01`. A `0x00` inside a `VARCHAR` is an
//! error, as it would read as a separator.
//!
//! `#[rowkey(phoenix)]` on a struct writes its fields through these
//! functions; the derive refuses, where Phoenix would read back something
//! else, a NaN other than `f64::NAN` ([`encode_double_exact`]), an empty
//! `CHAR` ([`encode_char_column`]) and a key of nulls only ([`check_written`]).
//!
//! `DOUBLE` writes every NaN as Java's canonical NaN, so NaN payloads are not
//! kept. Decode rejects bytes Phoenix never writes (another NaN, a `BOOLEAN`
//! other than `00`/`01`, a `CHAR` with padding inside or a non-ASCII byte, a
//! key that ends with a `00` separator).

use super::ordered::reject_zero;
use super::plain::Plain;
use super::Slots;
use crate::cursor::{Reader, Writer};
use crate::range::{Edge, KeyRangeOf, RangeBytes};
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Number};
use core::ops::Bound;
use rowkey_format::PhoenixType;

/// The separator after an ascending (or null) `VARCHAR`.
pub const SEPARATOR: u8 = 0x00;
/// The separator after a descending `VARCHAR` that has a value.
pub const DESC_SEPARATOR: u8 = 0xFF;
/// The padding of a `CHAR`.
const SPACE: u8 = b' ';

/// A Phoenix `TIMESTAMP`: Java's `java.sql.Timestamp` as Phoenix stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    /// Milliseconds since 1970-01-01T00:00:00Z (`Timestamp.getTime()`).
    pub millis: i64,
    /// Nanoseconds within that millisecond, `0..1_000_000`
    /// (`Timestamp.getNanos() % 1_000_000`).
    pub nanos: u32,
}

impl Timestamp {
    /// Nanoseconds per millisecond: the bound of [`Timestamp::nanos`].
    pub const NANOS_PER_MILLI: u32 = 1_000_000;
}

/// A Phoenix `DATE`: Java's `java.sql.Date` as Phoenix stores it, the
/// milliseconds since the epoch written as a `BIGINT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Milliseconds since 1970-01-01T00:00:00Z (`Date.getTime()`).
    pub millis: i64,
}

/// Writes a `DATE`.
#[inline]
pub fn encode_date(v: Date, out: &mut [u8; 8], descending: bool) {
    let mut key = [0u8; 8];
    super::int::encode(v.millis, &mut key);
    *out = invert_if(key, descending);
}

/// Reads a `DATE`: every 8 bytes are one.
#[inline]
pub fn decode_date(bytes: &[u8; 8], descending: bool) -> Date {
    Date {
        millis: super::int::decode(&invert_if(*bytes, descending)),
    }
}

/// The bytes of a `DATE` range bound.
#[inline]
pub fn date_edge(v: Date, descending: bool) -> Result<Edge<8>, EncodeError> {
    let mut out = [0u8; 8];
    encode_date(v, &mut out, descending);
    Ok(Edge::Bytes(out))
}

/// Writes a `DOUBLE` of a primary key, which must read back as it was: as
/// [`encode_double`], but a NaN other than `f64::NAN` (Java's one canonical
/// NaN) is an error rather than written as that NaN.
///
/// # Errors
/// [`EncodeErrorKind::NanPayload`].
#[inline]
pub fn encode_double_exact(
    v: f64,
    out: &mut [u8; 8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    if v.is_nan() && v.to_bits() != f64::NAN.to_bits() {
        return Err(EncodeError::new(field, EncodeErrorKind::NanPayload));
    }
    encode_double(v, out, descending);
    Ok(())
}

/// The bytes of a `BOOLEAN` range bound.
#[inline]
pub fn boolean_edge(v: bool, descending: bool) -> Result<Edge<1>, EncodeError> {
    let mut out = [0u8; 1];
    encode_boolean(v, &mut out, descending);
    Ok(Edge::Bytes(out))
}

/// Writes a `CHAR(N)` primary-key column: as [`encode_char`], but an empty
/// value, which Phoenix reads back as null, is an error.
///
/// # Errors
/// What [`encode_char`] returns, and [`EncodeErrorKind::Null`].
#[inline]
pub fn encode_char_column<const N: usize>(
    v: &str,
    out: &mut [u8; N],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    encode_char_column_slice(v, out, descending, field)
}

/// [`encode_char_column`] for a width known at run time.
///
/// # Errors
/// As [`encode_char_column`].
pub fn encode_char_column_slice(
    v: &str,
    out: &mut [u8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    if v.is_empty() {
        return Err(EncodeError::new(field, EncodeErrorKind::Null));
    }
    encode_char_slice(v, out, descending, field)
}

/// Reads a `CHAR(N)` primary-key column: as [`decode_char`], but only
/// padding (a null, which [`encode_char_column`] never writes) is an error.
///
/// # Errors
/// What [`decode_char`] returns, and [`DecodeErrorKind::NonCanonical`].
#[inline]
pub fn decode_char_column<'a, const N: usize>(
    bytes: &'a [u8; N],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<Plain<'a>, DecodeError> {
    decode_char_column_slice(bytes, descending, field, offset)
}

/// [`decode_char_column`] for a width known at run time.
///
/// # Errors
/// As [`decode_char_column`].
pub fn decode_char_column_slice<'a>(
    bytes: &'a [u8],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<Plain<'a>, DecodeError> {
    let v = decode_char_slice(bytes, descending, field, offset)?;
    if v.is_empty() {
        return Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::NonCanonical,
        ));
    }
    Ok(v)
}

/// Checks that a key has a column with a value: Phoenix refuses a primary
/// key whose every column is null (`len`: the bytes written after the salt).
///
/// # Errors
/// [`EncodeErrorKind::Null`], on the key.
#[inline]
pub fn check_written(len: usize, key: &'static str) -> Result<(), EncodeError> {
    if len == 0 {
        return Err(EncodeError::new(key, EncodeErrorKind::Null));
    }
    Ok(())
}

/// Checks that a key to decode holds some column (`rest`: the bytes after
/// the salt); Phoenix never writes an empty one.
///
/// # Errors
/// [`DecodeErrorKind::NonCanonical`], on the key.
#[inline]
pub fn check_not_empty(rest: &[u8], key: &'static str, offset: usize) -> Result<(), DecodeError> {
    if rest.is_empty() {
        return Err(DecodeError::new(key, offset, DecodeErrorKind::NonCanonical));
    }
    Ok(())
}

#[inline(always)]
fn invert_if<const W: usize>(mut b: [u8; W], descending: bool) -> [u8; W] {
    if descending {
        super::invert(&mut b);
    }
    b
}

/// `DOUBLE`'s bytes, ascending.
fn double_key(v: f64) -> [u8; 8] {
    let l = if v.is_nan() { f64::NAN } else { v }.to_bits();
    let sign = ((l as i64) >> 63) as u64 | (1 << 63);
    ((l ^ sign).wrapping_add(1)).to_be_bytes()
}

/// Writes a `DOUBLE`.
#[inline]
pub fn encode_double(v: f64, out: &mut [u8; 8], descending: bool) {
    *out = invert_if(double_key(v), descending);
}

/// Reads a `DOUBLE`.
///
/// # Errors
/// [`DecodeErrorKind::NonCanonical`] for a NaN other than Java's canonical one.
pub fn decode_double(
    bytes: &[u8; 8],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<f64, DecodeError> {
    let l = u64::from_be_bytes(invert_if(*bytes, descending)).wrapping_sub(1);
    let v = f64::from_bits(l ^ ((!l as i64 >> 63) as u64 | (1 << 63)));
    if double_key(v) == invert_if(*bytes, descending) {
        Ok(v)
    } else {
        Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::NonCanonical,
        ))
    }
}

/// The bytes of a `DOUBLE` range bound.
#[inline]
pub fn double_edge(v: f64, descending: bool) -> Result<Edge<8>, EncodeError> {
    Ok(Edge::Bytes(invert_if(double_key(v), descending)))
}

/// Writes a `BOOLEAN`: `01`/`00`, and `DESC` `00`/`01` (`PBoolean.toBytes(Object, SortOrder)`).
#[inline]
pub fn encode_boolean(v: bool, out: &mut [u8; 1], descending: bool) {
    out[0] = (v ^ descending) as u8;
}

/// Reads a `BOOLEAN`.
///
/// # Errors
/// [`DecodeErrorKind::InvalidByte`] for a byte other than `00` and `01`.
pub fn decode_boolean(
    bytes: &[u8; 1],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<bool, DecodeError> {
    match bytes[0] {
        b @ (0 | 1) => Ok((b == 1) ^ descending),
        found => Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::InvalidByte {
                found,
                expected: "0x00 or 0x01 (a Phoenix BOOLEAN)",
            },
        )),
    }
}

/// Writes a `TIMESTAMP`.
///
/// # Errors
/// [`EncodeErrorKind::OutOfRange`] for nanoseconds of a millisecond or more.
pub fn encode_timestamp(
    v: Timestamp,
    out: &mut [u8; 12],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    if v.nanos >= Timestamp::NANOS_PER_MILLI {
        return Err(EncodeError::new(
            field,
            EncodeErrorKind::OutOfRange {
                value: Number::Unsigned(v.nanos.into()),
                min: Number::Unsigned(0),
                max: Number::Unsigned((Timestamp::NANOS_PER_MILLI - 1).into()),
            },
        ));
    }
    let mut key = [0u8; 12];
    super::int::encode(v.millis, key.at_mut(0));
    *key.at_mut(8) = v.nanos.to_be_bytes();
    *out = invert_if(key, descending);
    Ok(())
}

/// Reads a `TIMESTAMP`.
///
/// # Errors
/// [`DecodeErrorKind::OutOfRange`] for nanoseconds of a millisecond or more.
pub fn decode_timestamp(
    bytes: &[u8; 12],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<Timestamp, DecodeError> {
    let key = invert_if(*bytes, descending);
    let millis = super::int::decode(key.at(0));
    let nanos = u32::from_be_bytes(*key.at(8));
    if nanos >= Timestamp::NANOS_PER_MILLI {
        return Err(DecodeError::new(
            field,
            offset + 8,
            DecodeErrorKind::OutOfRange {
                value: Number::Unsigned(nanos.into()),
                max: Number::Unsigned((Timestamp::NANOS_PER_MILLI - 1).into()),
            },
        ));
    }
    Ok(Timestamp { millis, nanos })
}

/// The bytes of a `TIMESTAMP` range bound; nanoseconds past the millisecond clamp.
#[inline]
pub fn timestamp_edge(v: Timestamp, descending: bool) -> Result<Edge<12>, EncodeError> {
    let v = Timestamp {
        nanos: v.nanos.min(Timestamp::NANOS_PER_MILLI - 1),
        ..v
    };
    let mut out = [0u8; 12];
    encode_timestamp(v, &mut out, descending, "")?;
    Ok(Edge::Bytes(out))
}

/// Writes a `CHAR(N)`: ASCII, space padded.
///
/// # Errors
/// [`EncodeErrorKind::TooLong`] above `N` bytes, [`EncodeErrorKind::NotSingleByte`]
/// for a character that is not ASCII (Phoenix rejects it too), and
/// [`EncodeErrorKind::TrailingSpace`] for a value ending with a space, which
/// Phoenix would read back without it.
#[inline]
pub fn encode_char<const N: usize>(
    v: &str,
    out: &mut [u8; N],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    encode_char_slice(v, out, descending, field)
}

/// [`encode_char`] for a width known at run time: `out` is the whole column.
///
/// # Errors
/// As [`encode_char`].
pub fn encode_char_slice(
    v: &str,
    out: &mut [u8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    let b = v.as_bytes();
    let error = |kind| Err(EncodeError::new(field, kind));
    if let Some(at) = b.iter().position(|c| !c.is_ascii()) {
        return error(EncodeErrorKind::NotSingleByte { at });
    }
    if b.len() > out.len() {
        return error(EncodeErrorKind::TooLong {
            len: b.len(),
            max: out.len(),
        });
    }
    if b.last() == Some(&SPACE) {
        return error(EncodeErrorKind::TrailingSpace { len: b.len() });
    }
    out.fill(SPACE);
    out[..b.len()].copy_from_slice(b);
    if descending {
        super::invert(out);
    }
    Ok(())
}

/// Reads a `CHAR(N)`, padding removed.
///
/// # Errors
/// [`DecodeErrorKind::NonCanonical`] for a byte that is not ASCII.
#[inline]
pub fn decode_char<'a, const N: usize>(
    bytes: &'a [u8; N],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<Plain<'a>, DecodeError> {
    decode_char_slice(bytes, descending, field, offset)
}

/// [`decode_char`] for a width known at run time (a layout's): `bytes` are
/// the whole column.
///
/// # Errors
/// As [`decode_char`].
pub fn decode_char_slice<'a>(
    bytes: &'a [u8],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<Plain<'a>, DecodeError> {
    let space = if descending { !SPACE } else { SPACE };
    let len = bytes.iter().rposition(|&b| b != space).map_or(0, |p| p + 1);
    let x = if descending { 0xFF } else { 0x00 };
    if let Some(at) = bytes.iter().position(|&b| !(b ^ x).is_ascii()) {
        return Err(DecodeError::new(
            field,
            offset + at,
            DecodeErrorKind::NonCanonical,
        ));
    }
    Ok(Plain::new(&bytes[..len], descending, field, offset))
}

/// A range bound on an ascending `VARCHAR`, as a value the column holds: a
/// bound with a `0x00` at `p` (no `VARCHAR` value) selects what it sorts
/// among, the values after (`lower`) or up to (upper) its first `p` bytes.
fn varchar_bound(b: Bound<&str>, lower: bool) -> Bound<&[u8]> {
    fn cut(v: &str) -> Option<&[u8]> {
        let b = v.as_bytes();
        b.iter().position(|&c| c == SEPARATOR).map(|p| &b[..p])
    }
    match b {
        Bound::Included(v) | Bound::Excluded(v) => match (cut(v), lower) {
            (Some(p), true) => Bound::Excluded(p),
            (Some(p), false) => Bound::Included(p),
            (None, _) => b.map(str::as_bytes),
        },
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// The keys that start with `head` (the columns before, every separator
/// written) and continue with an ascending `VARCHAR` in `lo..hi`: what a
/// `range_for_..` helper over such a column returns. `shortest`: the key
/// the columns before make when this column and all after it are null,
/// which ends before `head` does (`None` when a column after it cannot be
/// null). The empty value, Phoenix's null, sorts first.
///
/// ```
/// use core::ops::Bound::{Excluded, Included, Unbounded};
/// use rowkey::codec::phoenix::varchar_range;
/// // PRIMARY KEY (a VARCHAR, b VARCHAR), a = 'x': keys `x`, `x 00 b..`.
/// let r = varchar_range::<[u8; 16]>(b"x\0", Some(b"x"), Included(""), Excluded("m"))?;
/// assert!(r.contains(b"x") && r.contains(b"x\0abc") && !r.contains(b"x\0m"));
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
///
/// # Errors
/// [`EncodeErrorKind::TooLong`] when a bound is longer than an inline capacity.
pub fn varchar_range<B: RangeBytes>(
    head: &[u8],
    shortest: Option<&[u8]>,
    lo: Bound<&str>,
    hi: Bound<&str>,
) -> Result<KeyRangeOf<B>, EncodeError> {
    const AFTER: &[u8] = &[SEPARATOR + 1];
    let mut r = KeyRangeOf::<B>::all();
    match varchar_bound(lo, true) {
        Bound::Included([]) | Bound::Unbounded => r.set_start(&[shortest.unwrap_or(head)])?,
        Bound::Included(v) => r.set_start(&[head, v])?,
        Bound::Excluded(v) => r.set_start(&[head, v, AFTER])?,
    }
    match varchar_bound(hi, false) {
        Bound::Unbounded => r.set_end_successor(&[head])?,
        Bound::Included(v) => r.set_end(&[head, v, AFTER])?,
        Bound::Excluded([]) => r.make_empty(),
        Bound::Excluded(v) => r.set_end(&[head, v])?,
    }
    if r.end().is_some_and(|end| end <= r.start()) {
        r.make_empty();
    }
    Ok(r)
}

/// The index of the last column a key holds: the last one that has a value,
/// given whether each column has one (a fixed-width column always does, a
/// `VARCHAR` when it is not empty). `None`: the key is empty.
///
/// ```
/// use rowkey::codec::phoenix::last_written;
/// assert_eq!(last_written(&[true, false, true, false, false]), Some(2));
/// ```
pub fn last_written(has_value: &[bool]) -> Option<usize> {
    has_value.iter().rposition(|&v| v)
}

/// The byte after a `VARCHAR`: the separator before the next column, or, for
/// the last column written, the end of the key (`None`: no byte).
#[inline]
pub fn varchar_end(value: &str, descending: bool, last: bool) -> Option<u8> {
    match (descending && !value.is_empty(), last) {
        (true, _) => Some(DESC_SEPARATOR),
        (false, false) => Some(SEPARATOR),
        (false, true) => None,
    }
}

/// Bytes a `VARCHAR` takes, its separator included.
#[inline]
pub fn varchar_len(value: &str, descending: bool, last: bool) -> usize {
    value.len() + varchar_end(value, descending, last).is_some() as usize
}

/// Writes a `VARCHAR` and the byte after it (`last`: no column is written after it).
///
/// # Errors
/// [`EncodeErrorKind::ZeroByte`] for a value holding `0x00`;
/// [`EncodeErrorKind::BufferTooSmall`].
pub fn encode_varchar(
    w: &mut Writer<'_>,
    value: &str,
    descending: bool,
    last: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    reject_zero(value.as_bytes(), field)?;
    w.rest(value.as_bytes(), descending)?;
    if let Some(end) = varchar_end(value, descending, last) {
        w.take(1)?[0] = end;
    }
    Ok(())
}

/// Reads a `VARCHAR` and the byte after it; an empty value (null) when the
/// key has ended.
///
/// # Errors
/// [`DecodeErrorKind::Unterminated`] for a `DESC` value without its `FF`,
/// [`DecodeErrorKind::NonCanonical`] for a separator Phoenix would not write
/// there (a `00` ending the key, a `00` after a `DESC` value).
pub fn decode_varchar<'a>(
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<Plain<'a>, DecodeError> {
    let offset = r.position();
    let rest = r.remaining();
    let non_canonical =
        |at: usize| DecodeError::new(field, offset + at, DecodeErrorKind::NonCanonical);
    let (len, end) = match rest
        .iter()
        .position(|&b| b == SEPARATOR || (descending && b == DESC_SEPARATOR))
    {
        // A DESC value with no FF, and a DESC FF after an empty value, are not Phoenix's.
        None if descending && !rest.is_empty() => {
            return Err(DecodeError::new(
                field,
                offset,
                DecodeErrorKind::Unterminated,
            ))
        }
        None => (rest.len(), 0),
        Some(0) if rest[0] == DESC_SEPARATOR => return Err(non_canonical(0)),
        Some(p) if descending && p > 0 && rest[p] == SEPARATOR => return Err(non_canonical(p)),
        // Phoenix leaves out trailing nulls, so no key ends with a 00 separator.
        Some(p) if rest[p] == SEPARATOR && p + 1 == rest.len() => return Err(non_canonical(p)),
        Some(p) => (p, 1),
    };
    r.skip(len + end);
    Ok(Plain::new(&rest[..len], descending, field, offset))
}

/// The columns derived code writes into their slots, one module each with
/// the functions every fixed-width codec has (`put`, `get`, `edge`).
/// `TINYINT`..`BIGINT` have the native integer codec's bytes
/// ([`int`](super::int)); a `VARCHAR` is written by the key's format.
pub mod column {
    /// `DOUBLE`.
    pub mod double {
        use crate::{DecodeError, EncodeError};

        /// Writes a `DOUBLE`.
        ///
        /// # Errors
        /// As [`encode_double_exact`](super::super::encode_double_exact).
        #[inline]
        pub fn put(
            v: f64,
            out: &mut [u8; 8],
            descending: bool,
            field: &'static str,
        ) -> Result<(), EncodeError> {
            super::super::encode_double_exact(v, out, descending, field)
        }

        /// Reads a `DOUBLE`.
        ///
        /// # Errors
        /// As [`decode_double`](super::super::decode_double).
        #[inline]
        pub fn get(
            b: &[u8; 8],
            descending: bool,
            field: &'static str,
            offset: usize,
        ) -> Result<f64, DecodeError> {
            super::super::decode_double(b, descending, field, offset)
        }

        pub use super::super::double_edge as edge;
    }

    /// `BOOLEAN`.
    pub mod boolean {
        use crate::{DecodeError, EncodeError};

        /// Writes a `BOOLEAN`.
        ///
        /// # Errors
        /// None: the `Result` is every codec's.
        #[inline]
        pub fn put(
            v: bool,
            out: &mut [u8; 1],
            descending: bool,
            _field: &'static str,
        ) -> Result<(), EncodeError> {
            super::super::encode_boolean(v, out, descending);
            Ok(())
        }

        /// Reads a `BOOLEAN`.
        ///
        /// # Errors
        /// As [`decode_boolean`](super::super::decode_boolean).
        #[inline]
        pub fn get(
            b: &[u8; 1],
            descending: bool,
            field: &'static str,
            offset: usize,
        ) -> Result<bool, DecodeError> {
            super::super::decode_boolean(b, descending, field, offset)
        }

        pub use super::super::boolean_edge as edge;
    }

    /// `DATE`.
    pub mod date {
        use super::super::Date;
        use crate::{DecodeError, EncodeError};

        /// Writes a `DATE`.
        ///
        /// # Errors
        /// None: the `Result` is every codec's.
        #[inline]
        pub fn put(
            v: Date,
            out: &mut [u8; 8],
            descending: bool,
            _field: &'static str,
        ) -> Result<(), EncodeError> {
            super::super::encode_date(v, out, descending);
            Ok(())
        }

        /// Reads a `DATE`.
        ///
        /// # Errors
        /// None: the `Result` is every codec's.
        #[inline]
        pub fn get(
            b: &[u8; 8],
            descending: bool,
            _field: &'static str,
            _offset: usize,
        ) -> Result<Date, DecodeError> {
            Ok(super::super::decode_date(b, descending))
        }

        pub use super::super::date_edge as edge;
    }

    /// `TIMESTAMP`.
    pub mod timestamp {
        pub use super::super::decode_timestamp as get;
        pub use super::super::encode_timestamp as put;
        pub use super::super::timestamp_edge as edge;
    }

    /// `VARCHAR`, as derived code reads it; the key's format writes it
    /// ([`encode_varchar`](crate::codec::phoenix::encode_varchar)), knowing the
    /// separators.
    pub mod varchar {
        use super::super::super::field_bytes::FromField;
        use crate::cursor::Reader;
        use crate::DecodeError;

        /// Reads a `VARCHAR` and its separator as the field's Rust type.
        ///
        /// # Errors
        /// As [`decode_varchar`](super::super::decode_varchar), and what `T` gives.
        #[inline]
        pub fn read<'a, T: FromField<'a>>(
            r: &mut Reader<'a>,
            descending: bool,
            field: &'static str,
        ) -> Result<T, DecodeError> {
            T::from_field(&super::super::decode_varchar(r, descending, field)?)
        }
    }

    /// `CHAR(N)`.
    pub mod char {
        use super::super::super::field_bytes::FromField;
        use crate::{DecodeError, EncodeError};

        /// Writes a `CHAR(N)`.
        ///
        /// # Errors
        /// As [`encode_char`](super::super::encode_char).
        #[inline]
        pub fn put<T: AsRef<str> + ?Sized, const N: usize>(
            v: &T,
            out: &mut [u8; N],
            descending: bool,
            field: &'static str,
        ) -> Result<(), EncodeError> {
            super::super::encode_char_column::<N>(v.as_ref(), out, descending, field)
        }

        /// Reads a `CHAR(N)` as the field's Rust type.
        ///
        /// # Errors
        /// As [`decode_char`](super::super::decode_char), and what `T` gives.
        #[inline]
        pub fn get<'a, T: FromField<'a>, const N: usize>(
            b: &'a [u8; N],
            descending: bool,
            field: &'static str,
            offset: usize,
        ) -> Result<T, DecodeError> {
            T::from_field(&super::super::decode_char_column::<N>(
                b, descending, field, offset,
            )?)
        }
    }
}

/// Where a column's bytes end in the key.
pub(crate) const fn extent(t: PhoenixType) -> super::Extent {
    match t.width() {
        Some(w) => super::Extent::Fixed(w),
        // A `VARCHAR` ends at its separator, or with the key.
        None => super::Extent::Delimited { min: 0 },
    }
}

/// Feeds a Phoenix column's fingerprint bytes.
pub(crate) const fn fingerprint(t: PhoenixType, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
    match t {
        PhoenixType::Char(n) => h.byte(0x12).byte(t.code()).num(n),
        _ => h.byte(0x12).byte(t.code()),
    }
}

/// A Phoenix column's type: `{"type": "INTEGER"}`, `{"type": "CHAR", "length": 3}`.
#[cfg(feature = "schema")]
pub(crate) fn from_json(
    c: &crate::json::Fields<'_, '_>,
) -> Result<PhoenixType, alloc::string::String> {
    use alloc::format;
    use PhoenixType as P;
    let t = c.str("type")?;
    if t == "CHAR" {
        return match c.num("length")? {
            0 => Err("`CHAR(0)` is not a Phoenix column".into()),
            n => Ok(P::Char(n)),
        };
    }
    [
        P::Tinyint,
        P::Smallint,
        P::Integer,
        P::Bigint,
        P::Double,
        P::Boolean,
        P::Date,
        P::Timestamp,
        P::Varchar,
    ]
    .into_iter()
    .find(|p| p.name() == t)
    .ok_or(format!("`{t}` is no Phoenix type rowkey writes"))
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::boolean::Bool;
    use super::super::float::Float;
    use super::super::int::IntType;
    use super::super::prelude::*;
    use super::super::FieldBytes;
    use super::*;
    use crate::value::FieldValue;

    /// The native integer codec whose bytes and values a column shares
    /// (`INTEGER` is an `i32`, `DATE` its milliseconds as an `i64`).
    fn int(t: PhoenixType) -> Option<IntType> {
        let bytes = match t {
            PhoenixType::Tinyint => 1,
            PhoenixType::Smallint => 2,
            PhoenixType::Integer => 4,
            PhoenixType::Bigint | PhoenixType::Date => 8,
            _ => return None,
        };
        Some(IntType {
            bytes,
            signed: true,
        })
    }

    /// A `TIMESTAMP` as a value: `{millis, nanos}`.
    fn timestamp<'a>(t: Timestamp) -> Value<'a> {
        Value::Key(vec![
            FieldValue {
                name: "millis",
                value: Value::Int(Number::Signed(t.millis.into())),
            },
            FieldValue {
                name: "nanos",
                value: Value::Int(Number::Unsigned(t.nanos.into())),
            },
        ])
    }

    /// A `TIMESTAMP` from `MILLIS:NANOS`, `MILLIS`, or `{millis: M, nanos: N}`
    /// as `explain` shows it.
    fn parse_timestamp<'a>(text: &str, name: &str) -> Result<Value<'a>, InputError> {
        let t = text.trim();
        let (millis, nanos) = match t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
            Some(inner) => {
                let part = |key: &str| {
                    inner.split(',').find_map(|p| {
                        let (k, v) = p.split_once(':')?;
                        (k.trim() == key).then_some(v)
                    })
                };
                (part("millis").unwrap_or(""), part("nanos").unwrap_or(""))
            }
            None => t.split_once(':').unwrap_or((t, "0")),
        };
        match (millis.trim().parse::<i64>(), nanos.trim().parse::<u32>()) {
            (Ok(millis), Ok(nanos)) => Ok(timestamp(Timestamp { millis, nanos })),
            _ => Err(InputError(format!(
                "field `{name}`: `{text}` is not a TIMESTAMP (MILLIS:NANOS, as 1700000000123:456789)"
            ))),
        }
    }

    /// A fixed-width column's value, read from `r`: each type takes its
    /// width, so a key that ends first is `TooShort` at the column.
    fn read_fixed<'a>(
        t: PhoenixType,
        r: &mut Reader<'_>,
        desc: bool,
    ) -> Result<Value<'a>, DecodeError> {
        let at = r.position();
        if let Some(i) = int(t) {
            let b = r.take_n(usize::from(i.bytes))?;
            return Ok(Value::Int(i.read_bytes(b, desc)));
        }
        Ok(match t {
            PhoenixType::Double => Value::F64(decode_double(r.take("")?, desc, "", at)?),
            PhoenixType::Boolean => Value::Bool(decode_boolean(r.take("")?, desc, "", at)?),
            PhoenixType::Timestamp => timestamp(decode_timestamp(r.take("")?, desc, "", at)?),
            _ => {
                let b = r.take_n(t.width().unwrap_or(0))?;
                Value::Text(decode_char_column_slice(b, desc, "", at)?.to_owned_string()?)
            }
        })
    }

    /// A fixed-width column's bytes (`None`: a value of another type).
    fn write_bytes(
        t: PhoenixType,
        v: &Value<'_>,
        desc: bool,
    ) -> Option<Result<Vec<u8>, EncodeError>> {
        let mut out = vec![0u8; t.width()?];
        if let Some(i) = int(t) {
            let n = i.of(v.int_number()?)?;
            return Some(Ok(i.bytes_of(n, desc)));
        }
        let written = match (t, v) {
            (PhoenixType::Double, Value::F64(d)) => {
                encode_double_exact(*d, (&mut out[..]).try_into().ok()?, desc, "")
            }
            (PhoenixType::Boolean, Value::Bool(b)) => {
                encode_boolean(*b, (&mut out[..]).try_into().ok()?, desc);
                Ok(())
            }
            (PhoenixType::Timestamp, Value::Key(f)) => {
                let (millis, nanos) = (f.first()?.value.int()?, f.get(1)?.value.int()?);
                encode_timestamp(
                    Timestamp { millis, nanos },
                    (&mut out[..]).try_into().ok()?,
                    desc,
                    "",
                )
            }
            (PhoenixType::Char(_), Value::Text(s)) => {
                encode_char_column_slice(s, &mut out, desc, "")
            }
            _ => return None,
        };
        Some(written.map(|()| out))
    }

    impl<'a> Codec<'a> for PhoenixType {
        fn ordered(&self, descending: bool) -> bool {
            match self {
                // Space padding sorts after control characters.
                PhoenixType::Char(_) => false,
                // Null (empty) sorts first even when descending.
                PhoenixType::Varchar => !descending,
                _ => true,
            }
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            if *self == PhoenixType::Varchar {
                let v = decode_varchar(r, f.descending, "").map_err(|e| f.error(e))?;
                return v.to_owned_string().map(Value::Text).map_err(|e| f.error(e));
            }
            read_fixed(*self, r, f.descending).map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            if *self == PhoenixType::Varchar {
                // The value's bytes; the key's format writes the separator.
                let v = value.as_bytes();
                super::super::ordered::reject_zero(v, "").map_err(|e| f.input_error(e.kind()))?;
                let start = out.len();
                out.extend_from_slice(v);
                if f.descending {
                    super::super::invert(&mut out[start..]);
                }
                return Ok(());
            }
            let bytes =
                write_bytes(*self, value, f.descending).ok_or_else(|| f.mismatch(self.name()))?;
            out.extend(bytes.map_err(|e| f.input_error(e.kind()))?);
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            if let Some(i) = int(*self) {
                return i.parse(text, f.name).map(Value::Int);
            }
            match self {
                PhoenixType::Double => Float { bytes: 8 }.parse(text, f.name),
                PhoenixType::Boolean => Bool::parse(text, f.name).map(Value::Bool),
                PhoenixType::Timestamp => parse_timestamp(text, f.name),
                _ => Ok(Value::Text(text.into())),
            }
        }

        fn to_json(&self, out: &mut String) {
            let o = crate::json::Object::new(out)
                .str("kind", "phoenix")
                .str("type", self.name());
            match self {
                PhoenixType::Char(n) => o.num("length", n).end(),
                _ => o.end(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(cols: &[(&str, bool)]) -> std::vec::Vec<u8> {
        let mut buf = [0u8; 64];
        let mut w = Writer::new(&mut buf, "k");
        let has: std::vec::Vec<bool> = cols.iter().map(|c| !c.0.is_empty()).collect();
        if let Some(last) = last_written(&has) {
            for (i, &(v, desc)) in cols[..=last].iter().enumerate() {
                encode_varchar(&mut w, v, desc, i == last, "f").unwrap();
            }
        }
        let n = w.position();
        buf[..n].to_vec()
    }

    #[test]
    fn separators_and_trailing_nulls() {
        assert_eq!(key(&[("ab", true)]), [!b'a', !b'b', 0xFF]);
        assert_eq!(key(&[("a", false), ("", false)]), b"a");
        assert_eq!(key(&[("", false), ("b", false)]), b"\0b");
        assert_eq!(key(&[("", true), ("b", false)]), b"\0b");
        assert_eq!(key(&[("a", true), ("", false)]), [!b'a', 0xFF]);
        assert_eq!(key(&[("a", false), ("b", true)]), [b'a', 0, !b'b', 0xFF]);
    }

    #[test]
    fn module_doc_examples() {
        let mut int = [0u8; 4];
        crate::codec::int::encode(1i32, &mut int);
        let mut buf = [0u8; 16];
        let mut w = Writer::new(&mut buf, "k");
        w.rest(&int, false).unwrap();
        encode_varchar(&mut w, "ab", false, true, "v").unwrap();
        assert_eq!(w.written(), [0x80, 0, 0, 1, 0x61, 0x62]);
        let mut w = Writer::new(&mut buf, "k");
        encode_varchar(&mut w, "ab", true, false, "v").unwrap();
        w.rest(&int, false).unwrap();
        assert_eq!(w.written(), [0x9E, 0x9D, 0xFF, 0x80, 0, 0, 1]);
    }

    #[test]
    fn decode_rejects_what_phoenix_never_writes() {
        let read = |k: &[u8], desc| decode_varchar(&mut Reader::new(k), desc, "f").map(|p| p.len());
        assert_eq!(read(b"ab\0c", false), Ok(2));
        assert_eq!(read(b"", false), Ok(0));
        assert!(read(b"ab\0", false).is_err());
        assert!(read(&[0x9E], true).is_err());
        assert!(read(&[0xFF], true).is_err());
        assert!(read(&[0x9E, 0x00], true).is_err());
        // A DESC value ends with FF, never with a 00 that another column follows.
        assert!(read(&[0x9E, 0x00, 0x61], true).is_err());
        assert_eq!(read(&[0x00, 0x9E, 0xFF], true), Ok(0));
    }

    #[test]
    fn boolean_and_double() {
        let mut b = [0];
        encode_boolean(true, &mut b, true);
        assert_eq!(b, [0]);
        assert_eq!(decode_boolean(&b, true, "f", 0), Ok(true));
        assert!(decode_boolean(&[0xFE], true, "f", 0).is_err());
        let mut d = [0u8; 8];
        encode_double(0.0, &mut d, false);
        assert_eq!(d, [0x80, 0, 0, 0, 0, 0, 0, 1]);
        assert!(decode_double(&[0; 8], false, "f", 0).is_err());
    }

    /// Nanoseconds take `0..1_000_000`: a whole millisecond of them is out
    /// of range, with the range in the error.
    #[test]
    fn a_timestamp_refuses_a_millisecond_of_nanos() {
        let mut out = [0u8; 12];
        let at = |nanos| Timestamp { millis: 1, nanos };
        assert!(encode_timestamp(at(999_999), &mut out, false, "at").is_ok());
        let e = encode_timestamp(at(1_000_000), &mut out, false, "at").unwrap_err();
        let range = EncodeErrorKind::OutOfRange {
            value: Number::Unsigned(1_000_000),
            min: Number::Unsigned(0),
            max: Number::Unsigned(999_999),
        };
        assert_eq!((e.field(), e.kind()), ("at", range));
        // Read back, the error names the nanoseconds' first byte in the key.
        let mut bytes = [0u8; 12];
        encode_timestamp(at(999_999), &mut bytes, false, "at").unwrap();
        bytes[8..].copy_from_slice(&1_000_000u32.to_be_bytes());
        let e = decode_timestamp(&bytes, false, "at", 5).unwrap_err();
        assert_eq!((e.field(), e.offset()), ("at", 13));
        let range = DecodeErrorKind::OutOfRange {
            value: Number::Unsigned(1_000_000),
            max: Number::Unsigned(999_999),
        };
        assert_eq!(e.kind(), range);
    }
}
