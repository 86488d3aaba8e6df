//! `#[escaped]`: a variable-length string or byte value that keeps its order
//! and ends itself, so other fields can follow it.
//!
//! Each `0x00` byte of the value is written `0x00 0xFF`; the value ends with
//! `0x00 0x01`. `"ab"` is `61 62 00 01`; `"a\0b"` is `61 00 FF 62 00 01`. The
//! terminator sorts below every escaped or plain byte, so a value sorts before
//! every longer value it is a prefix of (`"ab" < "ab\0" < "abc"`), whatever
//! fields follow. Descending inverts every byte, terminator included, so
//! `"abc"` sorts before `"ab"` as descending order requires (Apache Phoenix
//! kept an uninverted separator there and got it wrong, PHOENIX-2067).
//!
//! Decode borrows the value from the key when it has no escapes and is
//! ascending; otherwise an owned type (`String`, `Vec<u8>`, or `Cow`) is needed.

use super::field_bytes::{FromField, KeyBytes};
use super::FieldBytes;
use crate::cursor::{Reader, Writer};
use crate::{DecodeError, DecodeErrorKind, EncodeError};

/// Bytes `v` takes when escaped, terminator included.
#[inline]
pub fn encoded_len(v: &[u8]) -> usize {
    v.len() + v.iter().filter(|&&b| b == 0).count() + 2
}

/// Writes `v` escaped and terminated.
///
/// # Errors
/// [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall).
pub fn encode(w: &mut Writer<'_>, v: &[u8], descending: bool) -> Result<(), EncodeError> {
    let x = if descending { 0xFF } else { 0x00 };
    let out = w.take(encoded_len(v))?;
    let mut i = 0;
    for &b in v {
        out[i] = b ^ x;
        i += 1;
        if b == 0 {
            out[i] = 0xFF ^ x;
            i += 1;
        }
    }
    out[i] = x;
    out[i + 1] = 0x01 ^ x;
    Ok(())
}

/// Bytes `v` takes: what derived code calls for a field.
#[inline]
pub fn len(v: &(impl KeyBytes + ?Sized), _descending: bool) -> usize {
    encoded_len(v.key_bytes())
}

/// Writes `v` escaped and terminated: what derived code calls for a field.
///
/// # Errors
/// As [`encode`].
#[inline]
pub fn write(
    w: &mut Writer<'_>,
    v: &(impl KeyBytes + ?Sized),
    descending: bool,
    _field: &'static str,
) -> Result<(), EncodeError> {
    encode(w, v.key_bytes(), descending)
}

/// Reads a value as the field's Rust type: what derived code calls.
///
/// # Errors
/// As [`decode`], and what `T` gives ([`DecodeErrorKind::NeedsOwned`] for
/// a borrowed type whose value had to be unescaped).
#[inline]
pub fn read<'a, T: FromField<'a>>(
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<T, DecodeError> {
    T::from_field(&decode(r, descending, field)?)
}

/// An escaped value read from a key: its encoded bytes, terminator excluded.
#[derive(Debug, Clone, Copy)]
pub struct EscapedValue<'a> {
    raw: &'a [u8],
    escapes: usize,
    descending: bool,
    field: &'static str,
    offset: usize,
}

/// Reads an escaped value.
///
/// # Errors
/// [`DecodeErrorKind::BadEscape`] for a `0x00` followed by anything but
/// `0xFF` or `0x01`; [`DecodeErrorKind::Unterminated`] when the key ends first.
pub fn decode<'a>(
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<EscapedValue<'a>, DecodeError> {
    let x = if descending { 0xFF } else { 0x00 };
    let offset = r.position();
    let rest = r.remaining();
    let mut i = 0;
    let mut escapes = 0;
    loop {
        let Some(p) = rest[i..].iter().position(|&b| b == x) else {
            return Err(DecodeError::new(
                field,
                offset,
                DecodeErrorKind::Unterminated,
            ));
        };
        let at = i + p;
        match rest.get(at + 1).map(|b| b ^ x) {
            Some(0xFF) => {
                escapes += 1;
                i = at + 2;
            }
            Some(0x01) => {
                r.skip(at + 2);
                return Ok(EscapedValue {
                    raw: &rest[..at],
                    escapes,
                    descending,
                    field,
                    offset,
                });
            }
            Some(_) => {
                return Err(DecodeError::new(
                    field,
                    offset + at + 1,
                    DecodeErrorKind::BadEscape {
                        found: rest[at + 1],
                    },
                ))
            }
            None => {
                return Err(DecodeError::new(
                    field,
                    offset,
                    DecodeErrorKind::Unterminated,
                ))
            }
        }
    }
}

impl<'a> FieldBytes<'a> for EscapedValue<'a> {
    /// [`DecodeErrorKind::NeedsOwned`] when the value had to be unescaped or
    /// inverted.
    fn borrowed(&self) -> Result<&'a [u8], DecodeError> {
        if self.escapes == 0 && !self.descending {
            Ok(self.raw)
        } else {
            Err(self.error(DecodeErrorKind::NeedsOwned))
        }
    }

    /// The value, unescaped into a new vector.
    #[cfg(feature = "alloc")]
    fn to_vec(&self) -> alloc::vec::Vec<u8> {
        let x = if self.descending { 0xFF } else { 0x00 };
        let mut v = alloc::vec::Vec::with_capacity(self.raw.len() - self.escapes);
        let mut skip = false;
        for &b in self.raw {
            if skip {
                skip = false;
                continue;
            }
            v.push(b ^ x);
            skip = b ^ x == 0;
        }
        v
    }

    fn error(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(self.field, self.offset, kind)
    }
}

/// The `#[escaped]` codec ([`FieldCodec::Escaped`](crate::FieldCodec::Escaped)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Escaped(pub super::TextType);

impl Escaped {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Delimited {
            min: rowkey_format::limits::ESCAPED_MIN_WIDTH,
        }
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x0B).flag(self.0.utf8)
    }

    /// The codec of a schema's `{"kind": "escaped", "text": "str", ..}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        super::TextType::from_json(c).map(Escaped)
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::prelude::*;
    use super::{decode, encode, encoded_len, Escaped};
    use crate::cursor::Writer;

    impl<'a> Codec<'a> for Escaped {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let v = decode(r, f.descending, "").map_err(|e| f.error(e))?;
            self.0.value(&v).map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let v = value.as_bytes();
            let mut b = vec![0u8; encoded_len(v)];
            encode(&mut Writer::new(&mut b, ""), v, f.descending)?;
            out.extend(b);
            Ok(())
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            self.0.parse(text, f.name)
        }

        fn to_json(&self, out: &mut String) {
            self.0
                .json(crate::json::Object::new(out).str("kind", "escaped"))
                .end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(v: &[u8], desc: bool) -> std::vec::Vec<u8> {
        let mut buf = [0u8; 64];
        let mut w = Writer::new(&mut buf, "k");
        encode(&mut w, v, desc).unwrap();
        let n = w.position();
        buf[..n].to_vec()
    }

    #[test]
    fn golden() {
        assert_eq!(enc(b"ab", false), [0x61, 0x62, 0x00, 0x01]);
        assert_eq!(enc(b"a\0b", false), [0x61, 0x00, 0xFF, 0x62, 0x00, 0x01]);
        assert_eq!(enc(b"", false), [0x00, 0x01]);
        assert_eq!(enc(b"ab", true), [!0x61, !0x62, 0xFF, 0xFE]);
    }

    #[test]
    fn prefix_pairs_sort_both_ways() {
        let vals: [&[u8]; 5] = [b"", b"ab", b"ab\0", b"ab\0\0", b"abc"];
        for w in vals.windows(2) {
            assert!(enc(w[0], false) < enc(w[1], false));
            assert!(enc(w[0], true) > enc(w[1], true));
            // with a following field of 0xFF bytes, order still holds
            let mut a = enc(w[0], false);
            a.extend([0xFF; 4]);
            assert!(a < enc(w[1], false));
        }
    }

    #[test]
    fn decode_round_trip_and_errors() {
        for desc in [false, true] {
            let key = enc(b"a\0\xFFb", desc);
            let mut r = Reader::new(&key);
            let e = decode(&mut r, desc, "f").unwrap();
            #[cfg(feature = "alloc")]
            assert_eq!(e.to_vec(), b"a\0\xFFb");
            assert!(e.borrowed().is_err());
            assert!(r.remaining().is_empty());
        }
        let key = enc(b"plain", false);
        let mut r = Reader::new(&key);
        assert_eq!(
            decode(&mut r, false, "f").unwrap().borrowed_str(),
            Ok("plain")
        );
        assert!(decode(&mut Reader::new(b"ab\0"), false, "f").is_err());
        assert!(decode(&mut Reader::new(b"ab"), false, "f").is_err());
        assert!(decode(&mut Reader::new(b"a\0\x07"), false, "f").is_err());
    }

    #[test]
    fn errors_say_where_the_field_goes_wrong() {
        for desc in [false, true] {
            let x = if desc { 0xFF } else { 0x00 };
            // The field starts at key byte 2; its `00` at byte 4 is followed
            // by 07 (byte 5), which is neither an escape nor the terminator.
            let key = [9, 9, b'a' ^ x, b'b' ^ x, x, 0x07 ^ x, x, 0x01 ^ x];
            let mut r = Reader::new(&key);
            r.skip(2);
            let e = decode(&mut r, desc, "f").unwrap_err();
            assert_eq!(e.kind(), DecodeErrorKind::BadEscape { found: key[5] });
            assert_eq!((e.field(), e.offset()), ("f", 5));
            // A key that ends before the terminator: the error points at the field.
            for end in [3, 5] {
                let mut r = Reader::new(&key[..end]);
                r.skip(2);
                let e = decode(&mut r, desc, "f").unwrap_err();
                assert_eq!((e.kind(), e.offset()), (DecodeErrorKind::Unterminated, 2));
            }
        }
    }
}
