//! `bool`: one byte, `0x00` for false and `0x01` for true (descending:
//! `0xFF` and `0xFE`). Decode rejects any other byte.

use crate::range::Edge;
use crate::{DecodeError, DecodeErrorKind, EncodeError};

/// Writes `v`; every value has its byte.
#[inline(always)]
pub fn put(v: bool, out: &mut [u8; 1], descending: bool) {
    out[0] = if descending { !(v as u8) } else { v as u8 };
}

/// Reads a bool.
///
/// # Errors
/// [`DecodeErrorKind::InvalidBool`] for a byte that is not one of the two.
#[inline(always)]
pub fn get(
    bytes: &[u8; 1],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<bool, DecodeError> {
    let b = if descending { !bytes[0] } else { bytes[0] };
    match b {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(DecodeError::new(
            field,
            offset,
            DecodeErrorKind::InvalidBool { found: bytes[0] },
        )),
    }
}

/// The byte of a range bound.
#[inline]
pub fn edge(v: bool, descending: bool) -> Result<Edge<1>, EncodeError> {
    let mut out = [0u8; 1];
    put(v, &mut out, descending);
    Ok(Edge::Bytes(out))
}

/// The `bool` codec ([`FieldCodec::Bool`](crate::FieldCodec::Bool)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bool;

impl Bool {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(1)
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x05)
    }

    /// `true` or `false`.
    #[cfg(feature = "alloc")]
    pub(crate) fn parse(text: &str, name: &str) -> Result<bool, crate::value::InputError> {
        match text.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(crate::value::InputError(alloc::format!(
                "field `{name}`: `{text}` is not a bool (true or false)"
            ))),
        }
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::prelude::*;
    use super::{get, put, Bool};

    impl<'a> Codec<'a> for Bool {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let b = r.take::<1>("").map_err(|e| f.error(e))?;
            get(b, f.descending, "", at)
                .map(Value::Bool)
                .map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let Value::Bool(v) = value else {
                return Err(f.mismatch("bool"));
            };
            let mut b = [0u8];
            put(*v, &mut b, f.descending);
            out.extend(b);
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            Bool::parse(text, f.name).map(Value::Bool)
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out).str("kind", "bool").end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_and_rejects() {
        let mut b = [9u8];
        put(true, &mut b, false);
        assert_eq!(b, [1]);
        put(true, &mut b, true);
        assert_eq!(b, [0xFE]);
        assert_eq!(get(&[0xFE], true, "f", 0), Ok(true));
        assert!(get(&[2], false, "f", 0).is_err());
    }
}
