//! `[u8; N]`: the bytes as they are (descending: every byte inverted).

use crate::range::Edge;

/// Writes `v`; every value has its bytes.
#[inline(always)]
pub fn put<const W: usize>(v: &[u8; W], out: &mut [u8; W], descending: bool) {
    *out = *v;
    if descending {
        super::invert(out);
    }
}

/// Reads the bytes back; every pattern is a value.
#[inline(always)]
pub fn get<const W: usize>(bytes: &[u8; W], descending: bool) -> [u8; W] {
    let mut v = *bytes;
    if descending {
        super::invert(&mut v);
    }
    v
}

/// The bytes of a range bound.
#[inline]
pub fn edge<const W: usize>(v: &[u8; W], descending: bool) -> Result<Edge<W>, crate::EncodeError> {
    let mut b = *v;
    if descending {
        super::invert(&mut b);
    }
    Ok(Edge::Bytes(b))
}

/// The `[u8; N]` codec ([`FieldCodec::Bytes`](crate::FieldCodec::Bytes)): `N` bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteArray(pub usize);

/// The 16 bytes of an MD5 digest ([`FieldCodec::Md5Digest`](crate::FieldCodec::Md5Digest)),
/// the one segment of `Md5`'s layout: as `[u8; 16]`, but unordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Md5Digest;

impl ByteArray {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(self.0)
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x06).num(self.0)
    }

    /// The codec of a schema's `{"kind": "bytes", "width": 4}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        c.num("width").map(ByteArray)
    }
}

impl Md5Digest {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Fixed(16)
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x09)
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::prelude::*;
    use super::{ByteArray, Md5Digest};

    /// Reads `n` bytes, inverted back when descending.
    fn read_n<'a>(
        r: &mut Reader<'_>,
        n: usize,
        f: FieldRef<'a>,
    ) -> Result<Value<'a>, ReadError<'a>> {
        let mut v = r.take_n(n).map_err(|e| f.error(e))?.to_vec();
        if f.descending {
            super::super::invert(&mut v);
        }
        Ok(Value::Bytes(v))
    }

    /// Writes exactly `n` bytes.
    fn write_n(
        value: &Value<'_>,
        n: usize,
        f: FieldRef<'_>,
        out: &mut Vec<u8>,
    ) -> Result<(), InputError> {
        match value {
            Value::Bytes(b) if b.len() == n => {
                let start = out.len();
                out.extend_from_slice(b);
                if f.descending {
                    super::super::invert(&mut out[start..]);
                }
                Ok(())
            }
            _ => Err(f.mismatch(&format!("[u8; {n}]"))),
        }
    }

    impl<'a> Codec<'a> for ByteArray {
        fn ordered(&self, _descending: bool) -> bool {
            true
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            read_n(r, self.0, f)
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            write_n(value, self.0, f, out)
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            crate::text::parse_exact(text, self.0, f.name).map(Value::Bytes)
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "bytes")
                .num("width", self.0)
                .end();
        }
    }

    impl<'a> Codec<'a> for Md5Digest {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            read_n(r, 16, f)
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            write_n(value, 16, f, out)
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            crate::text::parse_exact(text, 16, f.name).map(Value::Bytes)
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out).str("kind", "md5").end();
        }
    }
}
