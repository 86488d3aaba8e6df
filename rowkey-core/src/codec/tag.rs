//! `#[tag(..)]`: constant bytes in the key (a record type, an index name),
//! on a marker field of type `()`. `#[tag(2)]` is the byte `02`; `#[tag(b"ix")]`
//! is `69 78`. Decode rejects any other bytes, so a scan over a table that
//! mixes record types tells them apart.

use crate::{DecodeError, DecodeErrorKind};

/// Writes the tag `tag` (the field's `()` holds nothing).
#[inline(always)]
pub fn put<const W: usize>(tag: &[u8; W], _value: &(), out: &mut [u8; W], _descending: bool) {
    *out = *tag;
}

/// Reads the tag `tag`: the field's `()`, or the error of other bytes.
///
/// # Errors
/// [`DecodeErrorKind::BadTag`] at the first byte that differs.
#[inline]
pub fn get<const W: usize>(
    tag: &[u8; W],
    bytes: &[u8; W],
    _descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<(), DecodeError> {
    check(bytes, tag, field, offset)
}

/// Checks that the field holds the tag.
///
/// # Errors
/// [`DecodeErrorKind::BadTag`] at the first byte that differs.
#[inline]
pub fn check(
    bytes: &[u8],
    tag: &[u8],
    field: &'static str,
    offset: usize,
) -> Result<(), DecodeError> {
    match bytes.iter().zip(tag).position(|(a, b)| a != b) {
        None => Ok(()),
        Some(i) => Err(DecodeError::new(
            field,
            offset + i,
            DecodeErrorKind::BadTag {
                expected: tag[i],
                found: bytes[i],
            },
        )),
    }
}

/// The `#[tag(..)]` codec ([`FieldCodec::Tag`](crate::FieldCodec::Tag)): these bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag<'a>(pub &'a [u8]);

impl Tag<'_> {
    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x0A).num(self.0.len()).bytes(self.0)
    }
}

impl<'a> Tag<'a> {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(self.0.len())
    }

    /// The codec of a schema's `{"kind": "tag", "bytes": [1]}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, 'a>,
    ) -> Result<Self, alloc::string::String> {
        c.bytes("bytes").map(Tag)
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::prelude::*;
    use super::{check, Tag};

    impl<'a> Codec<'a> for Tag<'_> {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let b = r.take_n(self.0.len()).map_err(|e| f.error(e))?;
            check(b, self.0, "", at).map_err(|e| f.error(e))?;
            Ok(Value::Unit)
        }

        fn write(
            &self,
            _value: &Value<'_>,
            _f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            out.extend_from_slice(self.0);
            Ok(())
        }

        fn parse(&self, _text: &str, _f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            Ok(Value::Unit)
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "tag")
                .bytes("bytes", self.0)
                .end();
        }
    }
}
