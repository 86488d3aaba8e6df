//! What a string or bytes field's decoder gives: the value borrowed where
//! the key holds its own bytes, copied otherwise. Each codec's value type
//! says how to borrow and how to copy; the conversions the generated
//! `decode` picks from by the field's Rust type are written once, here.

use crate::{DecodeError, DecodeErrorKind};

#[doc(hidden)]
/// A string or bytes value read from a key ([`Plain`](super::plain::Plain),
/// [`Escaped`](super::escaped::Escaped),
/// [`VarValue`](super::ordered_field::VarValue)).
pub trait FieldBytes<'a> {
    /// The value borrowed from the key.
    ///
    /// # Errors
    /// [`DecodeErrorKind::NeedsOwned`] when the key's bytes are not the
    /// value's own (inverted, escaped or regrouped): decode into `String`,
    /// `Vec<u8>` or `Cow` instead.
    fn borrowed(&self) -> Result<&'a [u8], DecodeError>;

    /// The value in a new vector.
    #[cfg(feature = "alloc")]
    fn to_vec(&self) -> alloc::vec::Vec<u8>;

    /// An error of this kind at the field's offset.
    fn error(&self, kind: DecodeErrorKind) -> DecodeError;

    /// The value borrowed from the key, as UTF-8.
    ///
    /// # Errors
    /// As [`FieldBytes::borrowed`], and [`DecodeErrorKind::InvalidUtf8`].
    fn borrowed_str(&self) -> Result<&'a str, DecodeError> {
        core::str::from_utf8(self.borrowed()?).map_err(|_| self.error(DecodeErrorKind::InvalidUtf8))
    }

    /// The value as a new `String`.
    ///
    /// # Errors
    /// [`DecodeErrorKind::InvalidUtf8`].
    #[cfg(feature = "alloc")]
    fn to_owned_string(&self) -> Result<alloc::string::String, DecodeError> {
        alloc::string::String::from_utf8(self.to_vec())
            .map_err(|_| self.error(DecodeErrorKind::InvalidUtf8))
    }

    /// Borrowed when the key holds the value's own bytes, owned otherwise.
    #[cfg(feature = "alloc")]
    fn to_cow(&self) -> alloc::borrow::Cow<'a, [u8]> {
        match self.borrowed() {
            Ok(b) => alloc::borrow::Cow::Borrowed(b),
            Err(_) => alloc::borrow::Cow::Owned(self.to_vec()),
        }
    }

    /// As [`FieldBytes::to_cow`], as UTF-8.
    ///
    /// # Errors
    /// [`DecodeErrorKind::InvalidUtf8`].
    #[cfg(feature = "alloc")]
    fn to_cow_str(&self) -> Result<alloc::borrow::Cow<'a, str>, DecodeError> {
        match self.borrowed_str() {
            Ok(s) => Ok(alloc::borrow::Cow::Borrowed(s)),
            Err(e) if e.kind() == DecodeErrorKind::NeedsOwned => {
                self.to_owned_string().map(alloc::borrow::Cow::Owned)
            }
            Err(e) => Err(e),
        }
    }
}

/// What a string or bytes field holds, and whether decode borrows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextType {
    /// UTF-8 text (`String`, `&str`, `Cow<str>`) rather than bytes.
    pub utf8: bool,
    /// Decoded by borrowing from the key (`&str`, `&[u8]`), so a value that
    /// had to be unescaped cannot be read into it.
    pub borrowed: bool,
}

#[cfg(feature = "alloc")]
impl TextType {
    /// The value of `b`, as the field's type reads it: a borrowed type
    /// cannot hold a value whose bytes are not the key's own.
    pub(crate) fn value<'v>(
        &self,
        b: &impl FieldBytes<'v>,
    ) -> Result<crate::value::Value<'static>, DecodeError> {
        use crate::value::Value;
        match (self.utf8, self.borrowed) {
            (true, true) => b.borrowed_str().map(|s| Value::Text(s.into())),
            (true, false) => b.to_owned_string().map(Value::Text),
            (false, true) => b.borrowed().map(|v| Value::Bytes(v.to_vec())),
            (false, false) => Ok(Value::Bytes(b.to_vec())),
        }
    }

    /// A value from text: a string as it is, bytes as `0x` hex, `md5:TEXT`
    /// or HBase shell text.
    pub(crate) fn parse(
        &self,
        text: &str,
        name: &str,
    ) -> Result<crate::value::Value<'static>, crate::value::InputError> {
        use crate::value::Value;
        if self.utf8 {
            Ok(Value::Text(text.into()))
        } else {
            crate::text::parse_bytes(text, name).map(Value::Bytes)
        }
    }

    /// Adds `"text"` and `"borrowed"` to a schema object.
    pub(crate) fn json<'s>(&self, o: crate::json::Object<'s>) -> crate::json::Object<'s> {
        o.str("text", if self.utf8 { "str" } else { "bytes" })
            .bool("borrowed", self.borrowed)
    }

    /// `"text"` and `"borrowed"` of a schema object.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let utf8 = match c.str("text")? {
            "str" => true,
            "bytes" => false,
            other => return Err(alloc::format!("unknown text kind `{other}`")),
        };
        Ok(TextType {
            utf8,
            borrowed: c.bool("borrowed")?,
        })
    }
}

#[doc(hidden)]
/// A string or bytes field's value as generated code reads it: each Rust
/// type a text field may have takes the decoded value its way, borrowing
/// where it borrows. The derive never looks at which type it is.
pub trait FromField<'a>: Sized {
    /// The value of `v`.
    ///
    /// # Errors
    /// [`DecodeErrorKind::NeedsOwned`] for a borrowed type whose bytes are
    /// not the key's own; [`DecodeErrorKind::InvalidUtf8`] for a string.
    fn from_field(v: &impl FieldBytes<'a>) -> Result<Self, DecodeError>;
}

impl<'a> FromField<'a> for &'a str {
    #[inline]
    fn from_field(v: &impl FieldBytes<'a>) -> Result<Self, DecodeError> {
        v.borrowed_str()
    }
}

impl<'a> FromField<'a> for &'a [u8] {
    #[inline]
    fn from_field(v: &impl FieldBytes<'a>) -> Result<Self, DecodeError> {
        v.borrowed()
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::{FieldBytes, FromField};
    use crate::DecodeError;
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    impl<'a> FromField<'a> for String {
        #[inline]
        fn from_field(v: &impl FieldBytes<'a>) -> Result<Self, DecodeError> {
            v.to_owned_string()
        }
    }

    impl<'a> FromField<'a> for Vec<u8> {
        #[inline]
        fn from_field(v: &impl FieldBytes<'a>) -> Result<Self, DecodeError> {
            Ok(v.to_vec())
        }
    }

    impl<'a> FromField<'a> for Cow<'a, str> {
        #[inline]
        fn from_field(v: &impl FieldBytes<'a>) -> Result<Self, DecodeError> {
            v.to_cow_str()
        }
    }

    impl<'a> FromField<'a> for Cow<'a, [u8]> {
        #[inline]
        fn from_field(v: &impl FieldBytes<'a>) -> Result<Self, DecodeError> {
            Ok(v.to_cow())
        }
    }
}

#[doc(hidden)]
/// The bytes of a string or bytes field's value, whatever its Rust type
/// (`String`, `&str`, `Cow<str>`, `Vec<u8>`, `&[u8]`, `Cow<[u8]>`).
pub trait KeyBytes {
    /// The value's bytes (a string's UTF-8).
    fn key_bytes(&self) -> &[u8];
}

impl KeyBytes for str {
    #[inline(always)]
    fn key_bytes(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl KeyBytes for [u8] {
    #[inline(always)]
    fn key_bytes(&self) -> &[u8] {
        self
    }
}

impl<T: KeyBytes + ?Sized> KeyBytes for &T {
    #[inline(always)]
    fn key_bytes(&self) -> &[u8] {
        (**self).key_bytes()
    }
}

#[cfg(feature = "alloc")]
mod owned_bytes {
    use super::KeyBytes;
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    impl KeyBytes for String {
        #[inline(always)]
        fn key_bytes(&self) -> &[u8] {
            self.as_bytes()
        }
    }

    impl KeyBytes for Vec<u8> {
        #[inline(always)]
        fn key_bytes(&self) -> &[u8] {
            self
        }
    }

    impl<T: KeyBytes + alloc::borrow::ToOwned + ?Sized> KeyBytes for Cow<'_, T> {
        #[inline(always)]
        fn key_bytes(&self) -> &[u8] {
            (**self).key_bytes()
        }
    }
}
