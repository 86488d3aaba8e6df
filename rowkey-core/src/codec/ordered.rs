//! HBase's `org.apache.hadoop.hbase.util.OrderedBytes`: what HBase's typed API
//! (`OrderedInt32`, `OrderedString`, `OrderedBlobVar`, `Struct`, ...) writes.
//!
//! Every value starts with a header byte naming its type; descending order
//! inverts the whole encoding, header included.
//!
//! | type | Rust | ascending bytes |
//! |---|---|---|
//! | null | `None` | `05` |
//! | `Int8` .. `Int64` | `i8` .. `i64` | `29`, `2A`, `2B`, `2C`, then the value big-endian with the sign bit flipped |
//! | `Float32`, `Float64` | `f32`, `f64` | `30`, `31`, then the IEEE bits: sign bit flipped, and for a negative value every other bit too |
//! | `Text` | `str` | `34`, the UTF-8 bytes, `00`; a `0x00` in the value is an error |
//! | `BlobVar` | `[u8]` | `37`, the bits in groups of 7 from the most significant, each group a byte with the high bit set but the last one's clear; empty is `37 00` |
//! | `BlobCopy` | `[u8]`, last field only | `38`, the bytes as they are (descending: inverted, then `FF`; a `0x00` in the value is an error) |
//!
//! `OrderedInt32` `1` is `2B 80 00 00 01`, descending `D4 7F FF FF FE`;
//! `OrderedString` `"ab"` is `34 61 62 00`. The numbers, `Text` and `BlobCopy`
//! sort as their values do, in either order: floats as
//! `-inf < .. < -0.0 < +0.0 < .. < +inf < NaN`. `BlobVar` does only among
//! values of one length and between a value and its extensions: across
//! lengths the continuation bit decides before the data does, so Java writes
//! `D0 00` as `37 E8 80 00`, after `D1` as `37 E8 40`, although HBase declares
//! `OrderedBlobVar` order-preserving.
//! Java writes every NaN as the canonical NaN (`Float.floatToIntBits`), so
//! NaN payloads are not kept, and decode rejects any other NaN.
//!
//! An HBase `Struct` writes its fields one after another and leaves out the
//! trailing fields that are null (when their type is nullable: `Text`,
//! `BlobVar`, `BlobCopy`, not the fixed-width numbers); reading it, a nullable
//! field at the end of the key is null. A descending null (`FA`) sorts after
//! the descending values, but a null left out sorts first: Java's order, kept.
//! [`Writer::truncate`], [`Reader::peek`]
//! and [`check_struct_end`] are what an encoder and decoder of a struct need
//! for that.

use super::int::KeyInt;
use super::plain::Plain;
use crate::cursor::{Reader, Writer};
use crate::range::Edge;
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};

pub use rowkey_format::ordered::{BLOB_COPY, BLOB_VAR, NULL, TEXT};
use rowkey_format::ordered::{FLOAT32, FLOAT64, INT16, INT32, INT64, INT8};
/// The byte that ends a `Text` (and a descending `BlobCopy`).
const TERM: u8 = 0x00;

/// A byte as it stands in a key of the given order.
#[inline(always)]
fn ord(b: u8, descending: bool) -> u8 {
    if descending {
        !b
    } else {
        b
    }
}

/// A fixed-width OrderedBytes type: `N` bytes, header included.
pub trait OrderedFixed<const N: usize>: Copy {
    /// The ascending header byte.
    const HEADER: u8;
    /// The ascending bytes, header included.
    fn to_ordered(self) -> [u8; N];
    /// The value of ascending bytes whose header was checked; `None` for bytes
    /// Java never writes (a NaN other than the canonical one).
    fn from_ordered(bytes: &[u8; N]) -> Option<Self>;
}

macro_rules! ordered_fixed {
    ($($t:ty => $n:literal, $header:expr, $canonical:expr;)*) => {$(
        impl OrderedFixed<$n> for $t {
            const HEADER: u8 = $header;
            #[inline]
            fn to_ordered(self) -> [u8; $n] {
                let mut out = [$header; $n];
                out[1..].copy_from_slice(&$canonical(self).to_key());
                out
            }
            #[inline]
            fn from_ordered(bytes: &[u8; $n]) -> Option<Self> {
                let mut body = [0u8; $n - 1];
                body.copy_from_slice(&bytes[1..]);
                let v = <$t>::from_key(body);
                ($canonical(v).to_key() == body).then_some(v)
            }
        }
    )*};
}

/// Java's `floatToIntBits`/`doubleToLongBits`: every NaN becomes the canonical one.
macro_rules! canonical_nan {
    ($t:ty) => {
        |v: $t| if v.is_nan() { <$t>::NAN } else { v }
    };
}

ordered_fixed! {
    i8 => 2, INT8, core::convert::identity;
    i16 => 3, INT16, core::convert::identity;
    i32 => 5, INT32, core::convert::identity;
    i64 => 9, INT64, core::convert::identity;
    f32 => 5, FLOAT32, canonical_nan!(f32);
    f64 => 9, FLOAT64, canonical_nan!(f64);
}

/// Bytes a fixed-width value with this ascending header takes, header
/// included; `None` for a header of no fixed-width type.
pub const fn fixed_width(header: u8) -> Option<usize> {
    const WIDTHS: [(u8, usize); 6] = [
        (<i8 as OrderedFixed<2>>::HEADER, 2),
        (<i16 as OrderedFixed<3>>::HEADER, 3),
        (<i32 as OrderedFixed<5>>::HEADER, 5),
        (<i64 as OrderedFixed<9>>::HEADER, 9),
        (<f32 as OrderedFixed<5>>::HEADER, 5),
        (<f64 as OrderedFixed<9>>::HEADER, 9),
    ];
    let mut i = 0;
    while i < WIDTHS.len() {
        if WIDTHS[i].0 == header {
            return Some(WIDTHS[i].1);
        }
        i += 1;
    }
    None
}

/// Writes a fixed-width value.
///
/// # Errors
/// None: the `Result` is every codec's.
#[inline]
pub fn put<T: OrderedFixed<N>, const N: usize>(
    v: T,
    out: &mut [u8; N],
    descending: bool,
    _field: &'static str,
) -> Result<(), EncodeError> {
    *out = v.to_ordered();
    if descending {
        super::invert(out);
    }
    Ok(())
}

/// Bytes an `Option` of a number takes: its width, or 1 for a null.
#[inline]
pub fn len<T: OrderedFixed<N>, const N: usize>(v: &Option<T>, _descending: bool) -> usize {
    if v.is_some() {
        N
    } else {
        1
    }
}

/// Writes an `Option` of a number: the number, or a null for `None`.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`].
#[inline]
pub fn write<T: OrderedFixed<N>, const N: usize>(
    w: &mut Writer<'_>,
    v: &Option<T>,
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    match *v {
        Some(v) => put(v, w.slot::<N>()?, descending, field),
        None => encode_null(w, descending),
    }
}

/// Reads an `Option` of a number: a null is `None`.
///
/// # Errors
/// What [`get`] returns, and a key that ends inside the number.
#[inline]
pub fn read<T: OrderedFixed<N>, const N: usize>(
    r: &mut Reader<'_>,
    descending: bool,
    field: &'static str,
) -> Result<Option<T>, DecodeError> {
    if take_null(r, descending) {
        return Ok(None);
    }
    let offset = r.position();
    let bytes = r.take::<N>(field)?;
    get(bytes, descending, field, offset).map(Some)
}

/// Reads a fixed-width value.
///
/// # Errors
/// [`DecodeErrorKind::BadHeader`] for the header of another type or order,
/// [`DecodeErrorKind::NonCanonical`] for a NaN Java never writes.
#[inline]
pub fn get<T: OrderedFixed<N>, const N: usize>(
    bytes: &[u8; N],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    check_header(bytes[0], T::HEADER, descending, field, offset)?;
    let mut b = *bytes;
    if descending {
        super::invert(&mut b);
    }
    T::from_ordered(&b).ok_or(DecodeError::new(
        field,
        offset,
        DecodeErrorKind::NonCanonical,
    ))
}

/// The bytes of a range bound; every value has them, in either order.
#[inline]
pub fn edge<T: OrderedFixed<N>, const N: usize>(
    v: T,
    descending: bool,
) -> Result<Edge<N>, EncodeError> {
    let mut out = [0u8; N];
    let _ = put(v, &mut out, descending, "");
    Ok(Edge::Bytes(out))
}

pub(crate) fn check_header(
    found: u8,
    header: u8,
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<(), DecodeError> {
    let expected = ord(header, descending);
    if found == expected {
        Ok(())
    } else {
        Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::BadHeader { expected, found },
        ))
    }
}

/// Writes a null (`OrderedBytes.encodeNull`).
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`].
pub fn encode_null(w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError> {
    w.take(1)?[0] = ord(NULL, descending);
    Ok(())
}

/// Reads a null if one comes next, and says whether it did.
pub fn take_null(r: &mut Reader<'_>, descending: bool) -> bool {
    let null = r.peek() == Some(ord(NULL, descending));
    if null {
        r.skip(1);
    }
    null
}

/// Checks that a `Struct` key ends with a value: a null there is one Java
/// leaves out, so a key ending with it is not one Java writes. `last_value_end`
/// is where the last field that was not null (or not nullable) ended.
///
/// # Errors
/// [`DecodeErrorKind::NonCanonical`] when nulls follow it.
pub fn check_struct_end(
    r: &Reader<'_>,
    last_value_end: usize,
    name: &'static str,
) -> Result<(), DecodeError> {
    if r.position() == last_value_end {
        Ok(())
    } else {
        Err(DecodeError::new(
            name,
            last_value_end,
            DecodeErrorKind::NonCanonical,
        ))
    }
}

/// Bytes a `Text` of `v` takes.
#[inline]
pub fn text_len(v: &str) -> usize {
    v.len() + 2
}

/// The index of the first `0x00` in `v`, as an encode error on `field`.
pub(crate) fn reject_zero(v: &[u8], field: &'static str) -> Result<(), EncodeError> {
    match v.iter().position(|&b| b == 0) {
        Some(at) => Err(EncodeError::new(field, EncodeErrorKind::ZeroByte { at })),
        None => Ok(()),
    }
}

/// Writes `v` as `Text`, null-terminated.
///
/// # Errors
/// [`EncodeErrorKind::ZeroByte`] when `v` holds a `0x00` (Java rejects it
/// too); [`EncodeErrorKind::BufferTooSmall`].
pub fn encode_text(
    w: &mut Writer<'_>,
    v: &str,
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    encode_text_bytes(w, v.as_bytes(), descending, field)
}

/// [`encode_text`] of a string's bytes.
pub(crate) fn encode_text_bytes(
    w: &mut Writer<'_>,
    v: &[u8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    reject_zero(v, field)?;
    let out = w.take(v.len() + 2)?;
    out[0] = TEXT;
    out[1..=v.len()].copy_from_slice(v);
    out[v.len() + 1] = TERM;
    if descending {
        out.iter_mut().for_each(|b| *b = !*b);
    }
    Ok(())
}

/// Reads a `Text` (UTF-8 is checked by the accessor that gives the string),
/// or a null.
///
/// # Errors
/// [`DecodeErrorKind::BadHeader`], [`DecodeErrorKind::Unterminated`].
pub fn decode_text<'a>(
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<Option<Plain<'a>>, DecodeError> {
    if take_null(r, descending) {
        return Ok(None);
    }
    header(r, TEXT, descending, field)?;
    let offset = r.position();
    let rest = r.remaining();
    let term = ord(TERM, descending);
    let end = rest
        .iter()
        .position(|&b| b == term)
        .ok_or(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::Unterminated,
        ))?;
    r.skip(end + 1);
    Ok(Some(Plain::new(&rest[..end], descending, field, offset)))
}

/// Reads the header byte and checks it.
fn header(
    r: &mut Reader<'_>,
    header: u8,
    descending: bool,
    field: &'static str,
) -> Result<(), DecodeError> {
    let offset = r.position();
    let found = r.take::<1>(field)?[0];
    check_header(found, header, descending, field, offset)
}

/// Bytes a `BlobVar` of `len` bytes takes (`OrderedBytes.blobVarEncodedLength`).
#[inline]
pub fn blob_var_len(len: usize) -> usize {
    if len == 0 {
        2
    } else {
        (len * 8).div_ceil(7) + 1
    }
}

/// Writes `v` as `BlobVar`: any bytes, self-terminating.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`].
pub fn encode_blob_var(w: &mut Writer<'_>, v: &[u8], descending: bool) -> Result<(), EncodeError> {
    let out = w.take(blob_var_len(v.len()))?;
    out[0] = BLOB_VAR;
    let groups = &mut out[1..];
    groups.fill(0);
    for (i, bit) in bits(v).enumerate() {
        groups[i / 7] |= bit << (6 - i % 7);
    }
    let last = groups.len() - 1;
    for g in &mut groups[..last] {
        *g |= 0x80;
    }
    if descending {
        out.iter_mut().for_each(|b| *b = !*b);
    }
    Ok(())
}

/// The bits of `v`, most significant first.
fn bits(v: &[u8]) -> impl Iterator<Item = u8> + '_ {
    v.iter()
        .flat_map(|&b| (0..8).rev().map(move |i| (b >> i) & 1))
}

/// A `BlobVar` read from a key: its 7-bit groups, checked.
#[derive(Debug, Clone, Copy)]
pub struct BlobVar<'a> {
    groups: &'a [u8],
    len: usize,
    descending: bool,
}

impl BlobVar<'_> {
    /// The value's length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the value is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value's bytes.
    pub fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let bits = self.groups.iter().flat_map(move |&g| {
            (0..7)
                .rev()
                .map(move |i| (ord(g, self.descending) >> i) & 1)
        });
        let mut bits = bits.take(self.len * 8);
        (0..self.len).map(move |_| (0..8).fold(0u8, |acc, _| acc << 1 | bits.next().unwrap_or(0)))
    }

    /// The value in a new vector.
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> alloc::vec::Vec<u8> {
        self.bytes().collect()
    }
}

/// Reads a `BlobVar`, or a null.
///
/// # Errors
/// [`DecodeErrorKind::BadHeader`], [`DecodeErrorKind::Unterminated`], and
/// [`DecodeErrorKind::NonCanonical`] for groups Java never writes (a length no
/// value has, or padding bits that are not zero).
pub fn decode_blob_var<'a>(
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<Option<BlobVar<'a>>, DecodeError> {
    if take_null(r, descending) {
        return Ok(None);
    }
    header(r, BLOB_VAR, descending, field)?;
    let offset = r.position();
    let rest = r.remaining();
    let end = rest
        .iter()
        .position(|&b| ord(b, descending) & 0x80 == 0)
        .ok_or(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::Unterminated,
        ))?;
    let groups = &rest[..=end];
    // Java writes `blob_var_len(len) - 1` groups for `len` bytes, the bits
    // after the value zero (the empty value: one group, `0x00`).
    let len = groups.len() * 7 / 8;
    let padding = groups.len() * 7 - len * 8;
    let last = ord(groups[end], descending);
    if blob_var_len(len) != groups.len() + 1 || last & ((1 << padding) - 1) != 0 {
        return Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::NonCanonical,
        ));
    }
    r.skip(end + 1);
    Ok(Some(BlobVar {
        groups,
        len,
        descending,
    }))
}

/// Writes `v` as `BlobCopy`, which only the last field of a key may be.
///
/// # Errors
/// [`EncodeErrorKind::ZeroByte`] when descending and `v` holds a `0x00`
/// (Java rejects it too); [`EncodeErrorKind::BufferTooSmall`].
pub fn encode_blob_copy(
    w: &mut Writer<'_>,
    v: &[u8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    if descending {
        reject_zero(v, field)?;
    }
    let out = w.take(v.len() + 1 + descending as usize)?;
    out[0] = BLOB_COPY;
    out[1..=v.len()].copy_from_slice(v);
    if descending {
        out[v.len() + 1] = TERM;
        out.iter_mut().for_each(|b| *b = !*b);
    }
    Ok(())
}

/// Writes a null `BlobCopy`: the null byte, and when descending the
/// terminator after it, as Java does.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`].
pub fn encode_blob_copy_null(w: &mut Writer<'_>, descending: bool) -> Result<(), EncodeError> {
    encode_null(w, descending)?;
    if descending {
        w.take(1)?[0] = !TERM;
    }
    Ok(())
}

/// Reads a `BlobCopy` (the rest of the key), or a null.
///
/// # Errors
/// [`DecodeErrorKind::BadHeader`]; when descending,
/// [`DecodeErrorKind::Unterminated`] without the final terminator and
/// [`DecodeErrorKind::NonCanonical`] for a terminator before it.
pub fn decode_blob_copy<'a>(
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<Option<Plain<'a>>, DecodeError> {
    let null = take_null(r, descending);
    if !null {
        header(r, BLOB_COPY, descending, field)?;
    }
    let offset = r.position();
    let rest = r.rest();
    let body = if descending {
        match rest.split_last() {
            Some((&t, body)) if t == !TERM => body,
            _ => {
                return Err(DecodeError::new(
                    field,
                    offset,
                    DecodeErrorKind::Unterminated,
                ))
            }
        }
    } else {
        rest
    };
    if (descending && body.contains(&!TERM)) || (null && !body.is_empty()) {
        return Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::NonCanonical,
        ));
    }
    Ok((!null).then(|| Plain::new(body, descending, field, offset)))
}

/// The `#[ordered]` codec of a fixed-width number ([`FieldCodec::Ordered`](crate::FieldCodec::Ordered)),
/// named by its header byte (`0x29`..`0x2C` `Int8`..`Int64`, `0x30`
/// `Float32`, `0x31` `Float64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ordered {
    /// The ascending header byte.
    pub header: u8,
}

impl Ordered {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        match fixed_width(self.header) {
            Some(w) => crate::codec::Extent::Fixed(w),
            // Not reached: the schema and the derive give only fixed headers.
            None => crate::codec::Extent::Fixed(1),
        }
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x0F).byte(self.header)
    }

    /// The codec of a schema's `{"kind": "ordered", "header": 43}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let header =
            u8::try_from(c.num("header")?).map_err(|e| alloc::string::ToString::to_string(&e))?;
        fixed_width(header).ok_or(alloc::format!("{header} is no OrderedBytes header"))?;
        Ok(Ordered { header })
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::float::Float;
    use super::super::int::{IntType, ToNumber};
    use super::super::prelude::*;
    use super::{get, put, Ordered, OrderedFixed};
    use rowkey_format::ordered::{FLOAT32, FLOAT64, INT16, INT32, INT64, INT8};

    /// Decodes exactly `N` bytes as `T`.
    fn de<T: OrderedFixed<N>, const N: usize>(
        b: &[u8],
        desc: bool,
        at: usize,
    ) -> Result<T, DecodeError> {
        let a: &[u8; N] = b
            .try_into()
            .map_err(|_| DecodeError::new("", at, DecodeErrorKind::NonCanonical))?;
        get(a, desc, "", at)
    }

    /// Encodes `v` (`None`: of another type).
    fn en<T: OrderedFixed<N>, const N: usize>(v: Option<T>, desc: bool) -> Option<Vec<u8>> {
        let mut out = [0u8; N];
        put(v?, &mut out, desc, "").ok()?;
        Some(out.to_vec())
    }

    impl Ordered {
        /// The native codec whose values the number takes.
        pub(crate) fn native(&self) -> Result<IntType, Float> {
            let int = |bytes| {
                Ok(IntType {
                    bytes,
                    signed: true,
                })
            };
            match self.header {
                INT8 => int(1),
                INT16 => int(2),
                INT32 => int(4),
                INT64 => int(8),
                FLOAT32 => Err(Float { bytes: 4 }),
                _ => Err(Float { bytes: 8 }),
            }
        }

        /// The value of exactly the number's bytes.
        pub(crate) fn read_bytes<'a>(
            &self,
            b: &[u8],
            desc: bool,
            at: usize,
        ) -> Result<Value<'a>, DecodeError> {
            let int = |n: Number| Value::Int(n);
            Ok(match self.header {
                INT8 => int(de::<i8, 2>(b, desc, at)?.to_number()),
                INT16 => int(de::<i16, 3>(b, desc, at)?.to_number()),
                INT32 => int(de::<i32, 5>(b, desc, at)?.to_number()),
                INT64 => int(de::<i64, 9>(b, desc, at)?.to_number()),
                FLOAT32 => Value::F32(de::<f32, 5>(b, desc, at)?),
                _ => Value::F64(de::<f64, 9>(b, desc, at)?),
            })
        }

        /// The number's bytes, or `None` for a value of another type.
        pub(crate) fn bytes_of(&self, v: &Value<'_>, desc: bool) -> Option<Vec<u8>> {
            let f32_of = || {
                if let Value::F32(f) = v {
                    Some(*f)
                } else {
                    None
                }
            };
            let f64_of = || {
                if let Value::F64(f) = v {
                    Some(*f)
                } else {
                    None
                }
            };
            match self.header {
                INT8 => en::<i8, 2>(v.int(), desc),
                INT16 => en::<i16, 3>(v.int(), desc),
                INT32 => en::<i32, 5>(v.int(), desc),
                INT64 => en::<i64, 9>(v.int(), desc),
                FLOAT32 => en::<f32, 5>(f32_of(), desc),
                FLOAT64 => en::<f64, 9>(f64_of(), desc),
                _ => None,
            }
        }

        fn name(&self) -> String {
            let t = match self.native() {
                Ok(t) => t.name(),
                Err(f) => f.name(),
            };
            format!("ordered {t}")
        }
    }

    impl<'a> Codec<'a> for Ordered {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let b = r.take_n(self.extent().width()).map_err(|e| f.error(e))?;
            self.read_bytes(b, f.descending, at).map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            out.extend(
                self.bytes_of(value, f.descending)
                    .ok_or_else(|| f.mismatch(&self.name()))?,
            );
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            match self.native() {
                Ok(t) => t.parse(text, f.name).map(Value::Int),
                Err(float) => float.parse(text, f.name),
            }
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "ordered")
                .num("header", self.header)
                .end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(f: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>) -> std::vec::Vec<u8> {
        let mut buf = [0u8; 64];
        let mut w = Writer::new(&mut buf, "k");
        f(&mut w).unwrap();
        let n = w.position();
        buf[..n].to_vec()
    }

    #[test]
    fn golden_from_the_module_docs() {
        assert_eq!(1i32.to_ordered(), [0x2B, 0x80, 0, 0, 1]);
        let mut out = [0u8; 5];
        put(1i32, &mut out, true, "f").unwrap();
        assert_eq!(out, [0xD4, 0x7F, 0xFF, 0xFF, 0xFE]);
        assert_eq!(get::<i32, 5>(&out, true, "f", 0), Ok(1));
        assert!(get::<i32, 5>(&out, false, "f", 0).is_err());
        assert_eq!(
            write(|w| encode_text(w, "ab", false, "f")),
            [0x34, 0x61, 0x62, 0x00]
        );
        assert_eq!(write(|w| encode_blob_var(w, &[], false)), [0x37, 0x00]);
        assert_eq!(
            write(|w| encode_blob_var(w, &[0xFF], false)),
            [0x37, 0xFF, 0x40]
        );
    }

    #[test]
    fn non_canonical_nan_and_blob_var_are_rejected() {
        let mut nan = f32::NAN.to_ordered();
        nan[4] = 1;
        assert_eq!(
            get::<f32, 5>(&nan, false, "f", 0).unwrap_err().kind(),
            DecodeErrorKind::NonCanonical
        );
        // One group can hold no byte; padding bits must be zero.
        // Nine groups: 63 bits hold 7 bytes, which Java writes in eight.
        let nine = [0x37, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
        for bad in [&[0x37, 0x01][..], &[0x37, 0xFF, 0x41], &nine] {
            let e = decode_blob_var(&mut Reader::new(bad), false, "f").unwrap_err();
            assert_eq!(e.kind(), DecodeErrorKind::NonCanonical, "{bad:?}");
        }
    }
    /// A value of another type than the field's is an input error naming
    /// the field and the codec with its Rust type.
    #[cfg(feature = "alloc")]
    #[test]
    fn a_value_of_another_type_names_the_codec() {
        use crate::codec::prelude::{Codec, FieldRef, Value};
        let f = FieldRef {
            name: "temp",
            descending: true,
        };
        for (header, name) in [(INT32, "ordered i32"), (FLOAT64, "ordered f64")] {
            let mut out = std::vec::Vec::new();
            let e = Ordered { header }
                .write(&Value::Bool(true), f, &mut out)
                .unwrap_err();
            assert_eq!(
                e.0,
                std::format!("field `temp`: the value does not fit its codec {name}")
            );
        }
    }

    /// The fixed-width headers the type's doc names (`0x29`..`0x2C`
    /// `Int8`..`Int64`, `0x30` `Float32`, `0x31` `Float64`), each with its
    /// header byte counted; every other byte is no fixed-width header.
    #[test]
    fn fixed_width_of_every_header_byte() {
        let widths = [
            (0x29, 2),
            (0x2A, 3),
            (0x2B, 5),
            (0x2C, 9),
            (0x30, 5),
            (0x31, 9),
        ];
        for header in 0..=u8::MAX {
            let width = widths.iter().find(|w| w.0 == header).map(|w| w.1);
            assert_eq!(fixed_width(header), width, "{header:#x}");
        }
    }

    /// `text_len` is what `encode_text` writes: the header, the bytes and
    /// the terminator.
    #[test]
    fn text_len_is_the_bytes_written() {
        for v in ["", "a", "abc", "é"] {
            let written = write(|w| encode_text(w, v, false, "k"));
            assert_eq!(text_len(v), written.len(), "{v:?}");
        }
    }

    /// A struct's key ends where its last value did: a null read after it
    /// (one Java leaves out) is refused there.
    #[test]
    fn a_struct_ends_with_its_last_value() {
        let mut r = Reader::new(&[0x2B, 0x80, 0, 0, 1, NULL]);
        r.take::<5>("a").unwrap();
        assert_eq!(check_struct_end(&r, 5, "S"), Ok(()));
        r.take::<1>("b").unwrap();
        let e = check_struct_end(&r, 5, "S").unwrap_err();
        assert_eq!((e.offset(), e.kind()), (5, DecodeErrorKind::NonCanonical));
    }

    /// A descending `BlobCopy` holds no terminator before its own, and a
    /// null is followed by nothing (but that terminator, descending).
    #[test]
    fn blob_copy_refuses_what_java_never_writes() {
        let read =
            |b: &[u8], desc| decode_blob_copy(&mut Reader::new(b), desc, "f").map(|v| v.is_some());
        let ab = write(|w| encode_blob_copy(w, b"ab", true, "f"));
        assert_eq!(read(&ab, true), Ok(true));
        let mut inner = ab.clone();
        inner.insert(2, !TERM);
        assert_eq!(
            read(&inner, true).map_err(|e| e.kind()),
            Err(DecodeErrorKind::NonCanonical)
        );
        let mut null = write(|w| encode_blob_copy_null(w, false));
        assert_eq!(read(&null, false), Ok(false));
        null.push(b'a');
        assert_eq!(
            read(&null, false).map_err(|e| e.kind()),
            Err(DecodeErrorKind::NonCanonical)
        );
    }
}
