//! Field codecs: how one field's value becomes bytes of the key, and back.
//!
//! Every codec here is a stable on-disk format, pinned by golden byte vectors
//! in the tests. Each module says its bytes precisely enough to reproduce
//! them in another language.
//!
//! | module | attribute | bytes | order |
//! |---|---|---|---|
//! | [`int`] | none (`u8`..`u128`, `i8`..`i128`) | native width, big-endian, sign bit flipped for signed types | numeric |
//! | [`narrow`] | `#[be_u16]`, `#[be_u32]`, `#[be_u64]` | 2, 4, 8 bytes big-endian, value range checked | numeric |
//! | [`pad`] | `#[pad(N)]` | N ASCII digits, zero padded | numeric |
//! | [`fixed`] | `#[fixed(N)]` | the value's bytes, then 0x00 up to N | bytewise |
//! | [`boolean`] | none (`bool`) | one byte, 0x00 or 0x01 | false first |
//! | [`bytes`] | none (`[u8; N]`) | the N bytes as they are | bytewise |
//! | [`float`] | none (`f32`, `f64`) | IEEE bits, transformed | `total_cmp` |
//! | [`option`] | none (`Option<T>`) | presence byte, then `T` | `None` first |
//! | [`nested`] | none (a type that derives `RowKey`, `Md5`) | that key's bytes | that key's |
//! | [`tag`] | `#[tag(2)]`, `#[tag(b"ix")]` on `()` | the constant | fixed |
//! | [`escaped`] | `#[escaped]` | value, `00` as `00 FF`, then `00 01` | bytewise |
//! | [`hbase`] | `#[java]`: Java's `Bytes.toBytes` (`i16`..`i64`, `f32`, `f64`, `bool`) | two's complement / IEEE bits, big-endian; `bool` `0xFF`/`0x00` | non-negative values only |
//! | [`ordered`] | HBase `OrderedBytes` (`#[ordered]`: ints, floats; and `Text`, `BlobVar`, `BlobCopy`, null) | a header byte, then the value | as the values, both orders (`BlobVar`: within one length) |
//! | [`ordered_field`] | `#[ordered]` on strings, bytes and `Option`: `Text`, `BlobVar`, `BlobCopy` (`#[ordered(copy)]`), null | a header byte, then the value; null `05` | as the values, `None` first (`BlobVar`: within one length) |
//! | [`numeric`] | HBase `OrderedBytes` `Numeric` (`i64`, `f64`) | base-100 digits after a sign and exponent header | numeric, integers and floats together |
//! | [`phoenix`] | Apache Phoenix primary-key columns | Phoenix's column bytes and separators | as Phoenix sorts |
//! | trailing | none (last `&str`, `&[u8]`, `String`, `Vec<u8>`) | the value, to the end of the key | bytewise |
//!
//! `#[reverse]` (descending order) inverts every byte of a field (`!b`),
//! except for `pad`, whose digit `d` becomes `9 - d` so the key stays ASCII.
//! `#[mirror]` writes a field's bytes (or `pad` digits) back to front, for
//! sequential ids: `1231456` becomes `6541321`, so consecutive ids land far
//! apart. It keeps uniqueness, not order.
//!
//! Each module owns everything about its codec's bytes: the functions
//! derived keys call, and its [`Codec`] (what code that knows a key only by
//! its layout reads, writes, explains, scans and puts in the schema), its
//! parameters (the data of its [`FieldCodec`](crate::FieldCodec) variant) and its
//! fingerprint bytes.

// Each codec's module holds the functions derived code calls, which are not
// public API; its parameters type, which the layout names, is re-exported here.
#[doc(hidden)]
pub mod boolean;
#[doc(hidden)]
pub mod bytes;
#[cfg(feature = "alloc")]
mod contract;
#[doc(hidden)]
pub mod escaped;
pub(crate) mod field_bytes;
#[doc(hidden)]
pub mod fixed;
#[doc(hidden)]
pub mod float;
#[doc(hidden)]
pub mod hbase;
#[doc(hidden)]
pub mod int;
#[doc(hidden)]
pub mod narrow;
#[doc(hidden)]
pub mod nested;
#[doc(hidden)]
pub mod numeric;
#[doc(hidden)]
pub mod option;
#[doc(hidden)]
pub mod ordered;
#[doc(hidden)]
pub mod ordered_field;
#[doc(hidden)]
pub mod pad;
#[doc(hidden)]
pub mod phoenix;
#[doc(hidden)]
pub mod plain;
#[cfg(feature = "alloc")]
pub(crate) mod prelude;
#[doc(hidden)]
pub mod rest;
#[doc(hidden)]
pub mod tag;

pub use crate::layout::parameters::*;
// The contract the layout-driven tools call; users call the tools.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub use contract::{Codec, FieldRef, OwnedEdge};
#[doc(hidden)]
pub use field_bytes::{FieldBytes, FromField, KeyBytes};

#[doc(hidden)]
/// Where a codec's bytes end in the key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// Always this many bytes.
    Fixed(usize),
    /// Its own terminator or length says where it ends; at least `min` bytes.
    Delimited {
        /// The shortest encoding.
        min: usize,
    },
    /// The rest of the key, at least `min` bytes.
    ToEnd {
        /// The shortest encoding.
        min: usize,
    },
}

impl Extent {
    /// The bytes it takes: exactly, or at least for a variable-length codec.
    pub const fn width(self) -> usize {
        match self {
            Extent::Fixed(w) | Extent::Delimited { min: w } | Extent::ToEnd { min: w } => w,
        }
    }
}

/// Fixed-size windows into a key array, so generated code writes and reads
/// `[u8; W]` at a constant offset and the compiler drops every bounds check.
/// The offset is an argument, not a const parameter, and `W` is most often
/// inferred from the codec call the window is passed to: a key's crate then
/// evaluates no constant for either.
///
/// ```
/// use rowkey::codec::Slots;
/// let mut key = [0u8; 6];
/// *key.at_mut(2) = *b"abc";
/// assert_eq!(&key, b"\0\0abc\0");
/// assert_eq!(key.at::<3>(2), b"abc");
/// ```
#[doc(hidden)]
pub trait Slots {
    /// The `W` bytes at `offset`.
    fn at<const W: usize>(&self, offset: usize) -> &[u8; W];
    /// The `W` bytes at `offset`, writable.
    fn at_mut<const W: usize>(&mut self, offset: usize) -> &mut [u8; W];
}

impl<const N: usize> Slots for [u8; N] {
    #[inline(always)]
    fn at<const W: usize>(&self, offset: usize) -> &[u8; W] {
        // Offsets are constants inside the key where this is called, so the
        // optimiser removes this branch.
        match self[offset..].first_chunk::<W>() {
            Some(s) => s,
            None => unreachable!("slot past the end of the key"),
        }
    }

    #[inline(always)]
    fn at_mut<const W: usize>(&mut self, offset: usize) -> &mut [u8; W] {
        match self[offset..].first_chunk_mut::<W>() {
            Some(s) => s,
            None => unreachable!("slot past the end of the key"),
        }
    }
}

#[doc(hidden)]
/// A key's zeroed bytes, their count inferred from where they go: generated
/// code names no constant for it.
#[inline(always)]
pub const fn zeroed<const N: usize>() -> [u8; N] {
    [0; N]
}

#[doc(hidden)]
/// Inverts every byte: the `#[reverse]` transform of binary codecs.
#[inline(always)]
pub fn invert(bytes: &mut [u8]) {
    for b in bytes.iter_mut() {
        *b = !*b;
    }
}

#[doc(hidden)]
/// A string field's bytes; the argument coerces from `&String`, `&&str`, `&Cow<str>`.
#[inline(always)]
pub fn str_bytes(s: &str) -> &[u8] {
    s.as_bytes()
}

#[doc(hidden)]
/// A byte field's bytes; the argument coerces from `&Vec<u8>`, `&&[u8]`, `&Cow<[u8]>`.
#[inline(always)]
pub fn as_bytes(b: &[u8]) -> &[u8] {
    b
}

#[doc(hidden)]
/// Bytes as UTF-8, for a trailing string field.
///
/// # Errors
/// [`DecodeErrorKind::InvalidUtf8`](crate::DecodeErrorKind::InvalidUtf8).
#[inline]
pub fn utf8<'a>(
    bytes: &'a [u8],
    field: &'static str,
    offset: usize,
) -> Result<&'a str, crate::DecodeError> {
    core::str::from_utf8(bytes)
        .map_err(|_| crate::DecodeError::new(field, offset, crate::DecodeErrorKind::InvalidUtf8))
}

#[doc(hidden)]
/// Writes a field's bytes back to front: the `#[mirror]` transform.
#[inline(always)]
pub fn mirror(bytes: &mut [u8]) {
    bytes.reverse();
}

#[doc(hidden)]
/// A field's bytes back to front, for decoding a `#[mirror]` field.
#[inline(always)]
pub fn mirrored<const W: usize>(bytes: &[u8; W]) -> [u8; W] {
    let mut b = *bytes;
    b.reverse();
    b
}

#[doc(hidden)]
/// Decodes a `#[mirror]` field whose `W` bytes start at `offset` in the key:
/// `read` gets the bytes back in order, and an error about one byte (a
/// non-digit, a bad padding or tag byte) is moved to where that byte stands
/// in the key, so `found` is the byte at the reported offset.
///
/// ```
/// use rowkey::__private::{codec, pad};
/// // `#[mirror] #[pad(4)]` at byte 2: the key holds "x100", the digits of 1 back to front.
/// let e = codec::read_mirrored(b"x100", 2, |b| pad::get::<u32, 4>(b, false, "id", 2)).unwrap_err();
/// assert_eq!((e.offset(), e.kind()), (2, rowkey::DecodeErrorKind::NotDigit { found: b'x' }));
/// ```
///
/// # Errors
/// What `read` returns.
#[inline(always)]
pub fn read_mirrored<T, const W: usize>(
    bytes: &[u8; W],
    offset: usize,
    read: impl FnOnce(&[u8; W]) -> Result<T, crate::DecodeError>,
) -> Result<T, crate::DecodeError> {
    read(&mirrored(bytes)).map_err(|e| e.mirrored(offset, W))
}

#[doc(hidden)]
/// Copies an encoded key into the front of `out`, for `encode_into`.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall) when `out` is shorter than the key.
#[inline]
pub fn write_key(
    key: &[u8],
    out: &mut [u8],
    name: &'static str,
) -> Result<usize, crate::EncodeError> {
    let n = key.len();
    match out.get_mut(..n) {
        Some(dst) => {
            dst.copy_from_slice(key);
            Ok(n)
        }
        None => Err(crate::EncodeError::new(
            name,
            crate::EncodeErrorKind::BufferTooSmall {
                needed: n,
                available: out.len(),
            },
        )),
    }
}

#[doc(hidden)]
/// Checks a variable-length key against its `max_width` and returns its length.
///
/// # Errors
/// [`EncodeErrorKind::TooLong`](crate::EncodeErrorKind::TooLong) above `max`.
#[inline]
pub fn check_max_width(
    len: usize,
    max: usize,
    name: &'static str,
) -> Result<usize, crate::EncodeError> {
    if len <= max {
        Ok(len)
    } else {
        Err(crate::EncodeError::new(
            name,
            crate::EncodeErrorKind::TooLong { len, max },
        ))
    }
}

#[doc(hidden)]
/// `encode` of a variable-length key: its exact length allocated, then
/// written by `encode_into`.
///
/// # Errors
/// The first field `encode_into` cannot write.
#[cfg(feature = "alloc")]
#[inline]
pub fn encode_vec<K: crate::RowKey>(key: &K) -> Result<alloc::vec::Vec<u8>, crate::EncodeError> {
    let mut out = alloc::vec![0u8; key.encoded_len()];
    let n = key.encode_into(&mut out)?;
    out.truncate(n);
    Ok(out)
}

#[doc(hidden)]
/// Checks a fixed key's length and gives it as an array, for `decode`.
///
/// # Errors
/// [`DecodeErrorKind::Length`](crate::DecodeErrorKind::Length) when `bytes` is not exactly `N` long.
#[inline]
pub fn read_key<'a, const N: usize>(
    bytes: &'a [u8],
    name: &'static str,
) -> Result<&'a [u8; N], crate::DecodeError> {
    bytes.try_into().map_err(|_| {
        crate::DecodeError::new(
            name,
            0,
            crate::DecodeErrorKind::Length {
                expected: N,
                found: bytes.len(),
            },
        )
    })
}
