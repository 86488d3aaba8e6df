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
//!
//! `#[reverse]` (descending order) inverts every byte of a field (`!b`),
//! except for `pad`, whose digit `d` becomes `9 - d` so the key stays ASCII.

pub mod boolean;
pub mod bytes;
pub mod fixed;
pub mod int;
pub mod narrow;
pub mod pad;

/// Fixed-size windows into a key array, so generated code writes and reads
/// `[u8; W]` at a constant offset and the compiler drops every bounds check.
///
/// ```
/// use rowkey::codec::Slots;
/// let mut key = [0u8; 6];
/// *key.slot_mut::<2, 3>() = *b"abc";
/// assert_eq!(&key, b"\0\0abc\0");
/// assert_eq!(key.slot::<2, 3>(), b"abc");
/// ```
pub trait Slots {
    /// The `W` bytes at offset `O`; a window past the end fails to compile.
    fn slot<const O: usize, const W: usize>(&self) -> &[u8; W];
    /// The `W` bytes at offset `O`, writable; a window past the end fails to compile.
    fn slot_mut<const O: usize, const W: usize>(&mut self) -> &mut [u8; W];
}

impl<const N: usize> Slots for [u8; N] {
    #[inline(always)]
    fn slot<const O: usize, const W: usize>(&self) -> &[u8; W] {
        const { assert!(O + W <= N, "slot past the end of the key") };
        match self[O..].first_chunk::<W>() {
            Some(s) => s,
            // The const assertion above makes this arm unreachable.
            None => unreachable!(),
        }
    }

    #[inline(always)]
    fn slot_mut<const O: usize, const W: usize>(&mut self) -> &mut [u8; W] {
        const { assert!(O + W <= N, "slot past the end of the key") };
        match self[O..].first_chunk_mut::<W>() {
            Some(s) => s,
            None => unreachable!(),
        }
    }
}

/// Inverts every byte: the `#[reverse]` transform of binary codecs.
#[inline(always)]
pub fn invert<const W: usize>(bytes: &mut [u8; W]) {
    for b in bytes.iter_mut() {
        *b = !*b;
    }
}

/// Copies a fixed key into the front of `out`, for `encode_into`.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall) when `out` is shorter than the key.
#[inline]
pub fn write_key<const N: usize>(
    key: &[u8; N],
    out: &mut [u8],
    name: &'static str,
) -> Result<usize, crate::EncodeError> {
    match out.get_mut(..N) {
        Some(dst) => {
            dst.copy_from_slice(key);
            Ok(N)
        }
        None => Err(crate::EncodeError::new(
            name,
            crate::EncodeErrorKind::BufferTooSmall {
                needed: N,
                available: out.len(),
            },
        )),
    }
}

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
