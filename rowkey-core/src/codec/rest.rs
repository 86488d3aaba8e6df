//! The last field of a key, written as it is: a string or bytes with no
//! terminator, running to the end of the key (inverted when descending).
//! Only the last field can be one, as nothing after it could be found.

use super::field_bytes::{FromField, KeyBytes};
use super::plain::Plain;
use crate::cursor::{Reader, Writer};
use crate::{DecodeError, EncodeError};

/// Bytes `v` takes: its own.
#[inline(always)]
pub fn len(v: &(impl KeyBytes + ?Sized), _descending: bool) -> usize {
    v.key_bytes().len()
}

/// Writes `v` as it is (inverted when descending).
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall).
#[inline]
pub fn write(
    w: &mut Writer<'_>,
    v: &(impl KeyBytes + ?Sized),
    descending: bool,
    _field: &'static str,
) -> Result<(), EncodeError> {
    w.rest(v.key_bytes(), descending)
}

/// Reads the rest of the key as the field's Rust type.
///
/// # Errors
/// What `T` gives: [`DecodeErrorKind::InvalidUtf8`](crate::DecodeErrorKind::InvalidUtf8)
/// for a string.
#[inline]
pub fn read<'a, T: FromField<'a>>(
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<T, DecodeError> {
    let at = r.position();
    T::from_field(&Plain::new(r.rest(), descending, field, at))
}

/// The trailing codec ([`FieldCodec::Rest`](crate::FieldCodec::Rest)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rest(pub super::TextType);

impl Rest {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::ToEnd { min: 0 }
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x0C).flag(self.0.utf8)
    }

    /// The codec of a schema's `{"kind": "rest", "text": "str", ..}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        super::TextType::from_json(c).map(Rest)
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::plain::Plain;
    use super::super::prelude::*;
    use super::Rest;

    impl<'a> Codec<'a> for Rest {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let v = Plain::new(r.rest(), f.descending, "", at);
            // Read as an owned value: a trailing field's bytes are its own.
            TextType {
                borrowed: false,
                ..self.0
            }
            .value(&v)
            .map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let start = out.len();
            out.extend_from_slice(value.as_bytes());
            if f.descending {
                super::super::invert(&mut out[start..]);
            }
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            self.0.parse(text, f.name)
        }

        fn to_json(&self, out: &mut String) {
            self.0
                .json(crate::json::Object::new(out).str("kind", "rest"))
                .end();
        }
    }
}
