//! `#[fixed(N)]`: a string or byte value in exactly `N` bytes: its bytes,
//! then `0x00` up to `N`. `"ab"` in `fixed(4)` is `61 62 00 00`.
//!
//! Zero padding keeps bytewise order (`"ab" < "ab\x01" < "abc"`). Two values
//! could only share a key if one ended in `0x00`, so such a value is an
//! [`EncodeError`], as is one longer than `N`. Decode
//! strips the trailing zeros. Descending inverts every byte (padding is then `0xFF`).

use super::field_bytes::{FromField, KeyBytes};
use super::plain::Plain;
use crate::range::Edge;
use crate::{DecodeError, EncodeError, EncodeErrorKind};

/// Writes `v` padded to `N`.
///
/// # Errors
/// [`EncodeErrorKind::TooLong`] past `N` bytes; [`EncodeErrorKind::TrailingZero`]
/// when `v` ends with `0x00`.
#[inline]
pub fn put<T: KeyBytes + ?Sized, const N: usize>(
    v: &T,
    out: &mut [u8; N],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    encode_to(v.key_bytes(), out, descending, field)
}

/// [`put`] into a field of any width: `v` padded to `out.len()`.
///
/// # Errors
/// As [`put`].
#[inline]
pub fn encode_to(
    v: &[u8],
    out: &mut [u8],
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    if v.len() > out.len() {
        return Err(EncodeError::new(
            field,
            EncodeErrorKind::TooLong {
                len: v.len(),
                max: out.len(),
            },
        ));
    }
    if v.last() == Some(&0) {
        return Err(EncodeError::new(
            field,
            EncodeErrorKind::TrailingZero { len: v.len() },
        ));
    }
    let (head, tail) = out.split_at_mut(v.len());
    head.copy_from_slice(v);
    tail.fill(0);
    if descending {
        super::invert(out);
    }
    Ok(())
}

/// The value's length: the field without its trailing padding.
#[inline]
fn value_len(bytes: &[u8], pad: u8) -> usize {
    bytes.iter().rposition(|&b| b != pad).map_or(0, |i| i + 1)
}

/// Reads a field as its Rust type (`String`, `&str`, `Vec<u8>`, `Cow`, ..):
/// the value without its padding.
///
/// # Errors
/// What `T` gives: [`DecodeErrorKind::InvalidUtf8`](crate::DecodeErrorKind::InvalidUtf8) for a string, and
/// [`DecodeErrorKind::NeedsOwned`](crate::DecodeErrorKind::NeedsOwned) for a borrowed descending one.
#[inline]
pub fn get<'a, T: FromFixed<'a>, const N: usize>(
    bytes: &'a [u8; N],
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    let pad = if descending { 0xFF } else { 0 };
    let value = &bytes[..value_len(bytes, pad)];
    T::from_fixed(&Plain::new(value, descending, field, offset))
}

/// The Rust types of a `#[fixed(N)]` field, as its value is read: `&str`
/// and `&[u8]` borrow it from the key, a `Cow` of any lifetime owns it.
pub trait FromFixed<'a>: Sized {
    /// The value of `v`.
    ///
    /// # Errors
    /// As [`FromField::from_field`].
    fn from_fixed(v: &Plain<'a>) -> Result<Self, DecodeError>;
}

impl<'a> FromFixed<'a> for &'a str {
    #[inline]
    fn from_fixed(v: &Plain<'a>) -> Result<Self, DecodeError> {
        FromField::from_field(v)
    }
}

impl<'a> FromFixed<'a> for &'a [u8] {
    #[inline]
    fn from_fixed(v: &Plain<'a>) -> Result<Self, DecodeError> {
        FromField::from_field(v)
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::{FromFixed, Plain};
    use crate::codec::FieldBytes;
    use crate::DecodeError;
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    impl<'a> FromFixed<'a> for String {
        #[inline]
        fn from_fixed(v: &Plain<'a>) -> Result<Self, DecodeError> {
            v.to_owned_string()
        }
    }

    impl<'a> FromFixed<'a> for Vec<u8> {
        #[inline]
        fn from_fixed(v: &Plain<'a>) -> Result<Self, DecodeError> {
            Ok(v.to_vec())
        }
    }

    impl<'a> FromFixed<'a> for Cow<'_, str> {
        #[inline]
        fn from_fixed(v: &Plain<'a>) -> Result<Self, DecodeError> {
            v.to_owned_string().map(Cow::Owned)
        }
    }

    impl<'a> FromFixed<'a> for Cow<'_, [u8]> {
        #[inline]
        fn from_fixed(v: &Plain<'a>) -> Result<Self, DecodeError> {
            Ok(Cow::Owned(v.to_vec()))
        }
    }
}

/// The bytes of a range bound. A bound that is no value of the field, longer
/// than `N` or ending in `0x00`, clamps exactly: it sorts after the value its
/// first `N` bytes without trailing zeros spell, and before the next value,
/// which is [`Edge::Between`] the encoding of those `N` bytes.
///
/// ```
/// use rowkey::__private::{fixed, range::Edge};
/// assert_eq!(fixed::edge::<_, 4>(&b"ab"[..], false), Ok(Edge::Bytes(*b"ab\0\0")));
/// assert_eq!(fixed::edge::<_, 4>(&b"ab\0"[..], false), Ok(Edge::Between(*b"ab\0\0")));
/// assert_eq!(fixed::edge::<_, 4>(&b"abcde"[..], false), Ok(Edge::Between(*b"abcd")));
/// ```
///
/// # Errors
/// None: every bound clamps. The `Result` keeps the shape of the other
/// codecs' edges, which the generated range helpers call alike.
#[inline]
pub fn edge<T: KeyBytes + ?Sized, const N: usize>(
    v: &T,
    descending: bool,
) -> Result<Edge<N>, EncodeError> {
    let v = v.key_bytes();
    let mut out = [0u8; N];
    let n = v.len().min(N);
    out[..n].copy_from_slice(&v[..n]);
    if descending {
        super::invert(&mut out);
    }
    let is_value = v.len() <= N && v.last() != Some(&0);
    Ok(if is_value {
        Edge::Bytes(out)
    } else {
        Edge::Between(out)
    })
}

/// The `#[fixed(N)]` codec ([`FieldCodec::Fixed`](crate::FieldCodec::Fixed)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fixed {
    /// The field's width.
    pub width: usize,
    /// What the value holds.
    pub text: super::TextType,
}

impl Fixed {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(self.width)
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x04).num(self.width).flag(self.text.utf8)
    }

    /// The codec of a schema's `{"kind": "fixed", "width": 8, "text": "str", ..}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        Ok(Fixed {
            width: c.num("width")?,
            text: super::TextType::from_json(c)?,
        })
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::plain::Plain;
    use super::super::prelude::*;
    use super::{encode_to, value_len, Fixed};

    impl<'a> Codec<'a> for Fixed {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let b = r.take_n(self.width).map_err(|e| f.error(e))?;
            let pad = if f.descending { 0xFF } else { 0 };
            let v = Plain::new(&b[..value_len(b, pad)], f.descending, "", at);
            self.text.value(&v).map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let mut b = vec![0u8; self.width];
            encode_to(value.as_bytes(), &mut b, f.descending, "")
                .map_err(|e| f.input_error(e.kind()))?;
            out.extend(b);
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            self.text.parse(text, f.name)
        }

        fn edge(&self, value: &Value<'_>, f: FieldRef<'a>) -> Result<OwnedEdge, InputError> {
            // As the derived helpers' `fixed::edge`: a bound that is no value clamps.
            let v = value.as_bytes();
            let mut out = vec![0u8; self.width];
            let n = v.len().min(self.width);
            out[..n].copy_from_slice(&v[..n]);
            if f.descending {
                super::super::invert(&mut out);
            }
            let is_value = v.len() <= self.width && v.last() != Some(&0);
            Ok(if is_value {
                OwnedEdge::Bytes(out)
            } else {
                OwnedEdge::Between(out)
            })
        }

        fn to_json(&self, out: &mut String) {
            let o = crate::json::Object::new(out)
                .str("kind", "fixed")
                .num("width", self.width);
            self.text.json(o).end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_and_errors() {
        let mut out = [9u8; 4];
        put(&b"ab"[..], &mut out, false, "f").unwrap();
        assert_eq!(out, [0x61, 0x62, 0, 0]);
        put(&b"ab"[..], &mut out, true, "f").unwrap();
        assert_eq!(out, [!0x61, !0x62, 0xFF, 0xFF]);
        assert!(put(&b"abcde"[..], &mut out, false, "f").is_err());
        assert!(put(&b"a\0"[..], &mut out, false, "f").is_err());
        put(&b"a\0b"[..], &mut out, false, "f").unwrap();
        assert_eq!(get::<&[u8], 4>(&out, false, "f", 0), Ok(&b"a\0b"[..]));
        assert_eq!(get::<&str, 4>(&[0x61, 0, 0, 0], false, "f", 0), Ok("a"));
        assert!(get::<&str, 4>(&[0xFF, 0, 0, 0], false, "f", 0).is_err());
    }

    #[test]
    fn bounds_that_are_no_value_clamp_between_values() {
        assert_eq!(edge::<_, 4>(&b""[..], false), Ok(Edge::Bytes([0; 4])));
        assert_eq!(edge::<_, 4>(&b"\0"[..], false), Ok(Edge::Between([0; 4])));
        assert_eq!(
            edge::<_, 4>(&b"abcd\0"[..], false),
            Ok(Edge::Between(*b"abcd"))
        );
        assert_eq!(
            edge::<_, 2>(&b"ab"[..], true),
            Ok(Edge::Bytes([!b'a', !b'b']))
        );
        assert_eq!(
            edge::<_, 2>(&b"a\0"[..], true),
            Ok(Edge::Between([!b'a', 0xFF]))
        );
    }

    /// The owning types read the value without its padding, in both
    /// orders (descending, only they can: the bytes are inverted).
    #[cfg(feature = "alloc")]
    #[test]
    fn owned_types_read_the_value() {
        use alloc::borrow::Cow;
        use alloc::string::String;
        use alloc::vec::Vec;
        for descending in [false, true] {
            let mut out = [0u8; 4];
            put(&b"ab"[..], &mut out, descending, "f").unwrap();
            let s: String = get(&out, descending, "f", 0).unwrap();
            let v: Vec<u8> = get(&out, descending, "f", 0).unwrap();
            let cs: Cow<'_, str> = get(&out, descending, "f", 0).unwrap();
            let cb: Cow<'_, [u8]> = get(&out, descending, "f", 0).unwrap();
            assert_eq!((s.as_str(), &v[..]), ("ab", &b"ab"[..]));
            assert_eq!((&*cs, &*cb), ("ab", &b"ab"[..]));
        }
    }
}
