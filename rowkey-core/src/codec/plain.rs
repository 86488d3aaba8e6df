//! A value stored as its own bytes (inverted when descending), read from a key:
//! OrderedBytes `Text` and `BlobCopy`, a Phoenix `VARCHAR`.

use super::FieldBytes;
use crate::{DecodeError, DecodeErrorKind};

/// A value's bytes as they stand in the key: the value itself when ascending,
/// every byte inverted when descending.
#[derive(Debug, Clone, Copy)]
pub struct Plain<'a> {
    raw: &'a [u8],
    descending: bool,
    field: &'static str,
    offset: usize,
}

impl<'a> Plain<'a> {
    /// The value whose key bytes are `raw`, found at `offset` for `field`.
    pub fn new(raw: &'a [u8], descending: bool, field: &'static str, offset: usize) -> Self {
        Plain {
            raw,
            descending,
            field,
            offset,
        }
    }

    /// The value's length in bytes.
    pub fn len(&self) -> usize {
        self.raw.len()
    }

    /// Whether the value is empty.
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// Copies the value into the front of `out` and returns its length, or
    /// `None` when `out` is too short: decoding without allocating.
    pub fn copy_to(&self, out: &mut [u8]) -> Option<usize> {
        let dst = out.get_mut(..self.raw.len())?;
        let x = if self.descending { 0xFF } else { 0x00 };
        for (d, &b) in dst.iter_mut().zip(self.raw) {
            *d = b ^ x;
        }
        Some(self.raw.len())
    }
}

impl<'a> FieldBytes<'a> for Plain<'a> {
    /// [`DecodeErrorKind::NeedsOwned`] when descending: the bytes must be inverted.
    fn borrowed(&self) -> Result<&'a [u8], DecodeError> {
        if self.descending {
            Err(self.error(DecodeErrorKind::NeedsOwned))
        } else {
            Ok(self.raw)
        }
    }

    #[cfg(feature = "alloc")]
    fn to_vec(&self) -> alloc::vec::Vec<u8> {
        let x = if self.descending { 0xFF } else { 0x00 };
        self.raw.iter().map(|b| b ^ x).collect()
    }

    fn error(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(self.field, self.offset, kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascending_borrows_descending_inverts() {
        let asc = Plain::new(b"ab", false, "f", 0);
        assert_eq!(asc.borrowed_str(), Ok("ab"));
        let desc = Plain::new(&[!b'a', !b'b'], true, "f", 3);
        assert_eq!(
            desc.borrowed().unwrap_err().kind(),
            DecodeErrorKind::NeedsOwned
        );
        #[cfg(feature = "alloc")]
        assert_eq!(desc.to_owned_string().unwrap(), "ab");
        let mut out = [0u8; 2];
        assert_eq!(desc.copy_to(&mut out), Some(2));
        assert_eq!(&out, b"ab");
        assert_eq!(desc.copy_to(&mut [0u8; 1]), None);
        #[cfg(feature = "alloc")]
        assert!(Plain::new(&[0xFF], false, "f", 0).to_cow_str().is_err());
    }
}
