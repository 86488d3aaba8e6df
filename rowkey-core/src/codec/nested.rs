//! A field whose type is itself a key (derives `RowKey`, or `Md5`): its
//! encoded bytes are embedded as they are, so an index key can end with the
//! main row's key and decode it back.

use crate::{DecodeError, EncodeError, RowKey};

/// Writes the embedded key into its slot.
///
/// # Errors
/// The embedded key's own encode errors.
#[inline(always)]
pub fn put<K: RowKey, const W: usize>(
    v: &K,
    out: &mut [u8; W],
    _descending: bool,
    _field: &'static str,
) -> Result<(), EncodeError> {
    v.encode_into(out).map(|_| ())
}

/// Reads the embedded key from its slot.
///
/// # Errors
/// The embedded key's own decode errors, with offsets inside it.
#[inline(always)]
pub fn get<'a, K: RowKey, const W: usize>(
    bytes: &'a [u8; W],
    _descending: bool,
    _field: &'static str,
    _offset: usize,
) -> Result<K::Decoded<'a>, DecodeError> {
    K::decode(bytes)
}

#[cfg(all(test, feature = "md5"))]
mod tests {
    use super::*;
    use crate::Md5;

    /// The slot holds the embedded key's own bytes, and reads back to it.
    #[test]
    fn the_slot_holds_the_embedded_keys_bytes() {
        let host = Md5::of("web-17");
        let mut slot = [0u8; 16];
        put(&host, &mut slot, false, "host").unwrap();
        assert_eq!(&slot, host.as_bytes());
        assert_eq!(get::<Md5, 16>(&slot, false, "host", 0).unwrap(), host);
    }
}
