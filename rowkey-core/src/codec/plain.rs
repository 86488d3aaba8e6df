//! A value stored as its own bytes (inverted when descending), read from a key:
//! OrderedBytes `Text` and `BlobCopy`, a Phoenix `VARCHAR`.

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

    /// The value borrowed from the key.
    ///
    /// # Errors
    /// [`DecodeErrorKind::NeedsOwned`] when descending: the bytes must be
    /// inverted, so decode into `String`, `Vec<u8>` or `Cow` instead.
    pub fn borrowed(&self) -> Result<&'a [u8], DecodeError> {
        if self.descending {
            Err(self.error(DecodeErrorKind::NeedsOwned))
        } else {
            Ok(self.raw)
        }
    }

    /// The value borrowed from the key, as UTF-8.
    ///
    /// # Errors
    /// As [`Plain::borrowed`], and [`DecodeErrorKind::InvalidUtf8`].
    pub fn borrowed_str(&self) -> Result<&'a str, DecodeError> {
        core::str::from_utf8(self.borrowed()?).map_err(|_| self.error(DecodeErrorKind::InvalidUtf8))
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

    fn error(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(self.field, self.offset, kind)
    }

    /// The value in a new vector.
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> alloc::vec::Vec<u8> {
        let x = if self.descending { 0xFF } else { 0x00 };
        self.raw.iter().map(|b| b ^ x).collect()
    }

    /// The value as a new `String`.
    ///
    /// # Errors
    /// [`DecodeErrorKind::InvalidUtf8`].
    #[cfg(feature = "alloc")]
    pub fn to_owned_string(&self) -> Result<alloc::string::String, DecodeError> {
        alloc::string::String::from_utf8(self.to_vec())
            .map_err(|_| self.error(DecodeErrorKind::InvalidUtf8))
    }

    /// Borrowed when ascending, owned otherwise.
    #[cfg(feature = "alloc")]
    pub fn to_cow(&self) -> alloc::borrow::Cow<'a, [u8]> {
        match self.borrowed() {
            Ok(b) => alloc::borrow::Cow::Borrowed(b),
            Err(_) => alloc::borrow::Cow::Owned(self.to_vec()),
        }
    }

    /// Borrowed when ascending, owned otherwise, as UTF-8.
    ///
    /// # Errors
    /// [`DecodeErrorKind::InvalidUtf8`].
    #[cfg(feature = "alloc")]
    pub fn to_cow_str(&self) -> Result<alloc::borrow::Cow<'a, str>, DecodeError> {
        match self.borrowed_str() {
            Ok(s) => Ok(alloc::borrow::Cow::Borrowed(s)),
            Err(e) if e.kind() == DecodeErrorKind::NeedsOwned => {
                self.to_owned_string().map(alloc::borrow::Cow::Owned)
            }
            Err(e) => Err(e),
        }
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
        assert_eq!(desc.to_owned_string().unwrap(), "ab");
        let mut out = [0u8; 2];
        assert_eq!(desc.copy_to(&mut out), Some(2));
        assert_eq!(&out, b"ab");
        assert_eq!(desc.copy_to(&mut [0u8; 1]), None);
        assert!(Plain::new(&[0xFF], false, "f", 0).to_cow_str().is_err());
    }
}
