//! A field whose type is itself a key (derives `RowKey`, or `Md5`): its
//! encoded bytes are embedded as they are, so an index key can end with the
//! main row's key (seed 003) and decode it back.

use crate::{DecodeError, EncodeError, RowKey};

/// Writes the embedded key into its slot.
///
/// # Errors
/// The embedded key's own encode errors.
#[inline(always)]
pub fn encode<K: RowKey>(v: &K, out: &mut [u8]) -> Result<(), EncodeError> {
    v.encode_into(out).map(|_| ())
}

/// Reads the embedded key from its slot.
///
/// # Errors
/// The embedded key's own decode errors, with offsets inside it.
#[inline(always)]
pub fn decode<K: RowKey>(bytes: &[u8]) -> Result<K::Decoded<'_>, DecodeError> {
    K::decode(bytes)
}
