//! The `#[ordered]` fields that [`ordered`]'s fixed-width
//! numbers do not cover: strings (`Text`), bytes (`BlobVar`, and `BlobCopy`
//! with `#[ordered(copy)]`), and an `Option` of any of them or of a number,
//! whose `None` is OrderedBytes' null. What derived keys and
//! [`dynamic`](crate::dynamic) call, one value at a time through the cursor.
//!
//! ```
//! use rowkey::codec::ordered_field::{self, VarType};
//! use rowkey::codec::FieldBytes;
//! use rowkey::cursor::{Reader, Writer};
//!
//! let mut buf = [0u8; 8];
//! let mut w = Writer::new(&mut buf, "key");
//! ordered_field::write_var(&mut w, VarType::Text, Some(b"ab"), false, "name")?;
//! ordered_field::write_var(&mut w, VarType::BlobVar, None, false, "blob")?;
//! assert_eq!(w.written(), [0x34, b'a', b'b', 0x00, 0x05]);
//!
//! let key = [0x34, b'a', b'b', 0x00, 0x05];
//! let mut r = Reader::new(&key);
//! let name = ordered_field::read_var(&mut r, VarType::Text, false, "name")?;
//! assert_eq!(name.unwrap().borrowed_str()?, "ab");
//! assert!(ordered_field::read_var(&mut r, VarType::BlobVar, false, "blob")?.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "alloc")]
use core::ops::Bound;

use super::field_bytes::{FromField, KeyBytes};
#[cfg(feature = "alloc")]
use super::ordered::TEXT;
use super::ordered::{self, BlobVar, NULL};
use super::plain::Plain;
use super::FieldBytes;
use crate::cursor::{Reader, Writer};
use crate::{DecodeError, DecodeErrorKind, EncodeError};

pub use rowkey_format::ordered::VarType;

/// Bytes `v` (`None`: a null) takes as `ty`.
#[inline]
pub fn var_len(ty: VarType, v: Option<&[u8]>, descending: bool) -> usize {
    match (ty, v) {
        // Java ends a descending null `BlobCopy` with the terminator too.
        (VarType::BlobCopy, None) => 1 + descending as usize,
        (_, None) => 1,
        (VarType::Text, Some(v)) => v.len() + 2,
        (VarType::BlobVar, Some(v)) => ordered::blob_var_len(v.len()),
        (VarType::BlobCopy, Some(v)) => v.len() + 1 + descending as usize,
    }
}

/// Writes `v` as `ty`, or a null for `None`. A `Text` value is the string's
/// bytes (UTF-8 is the caller's type's promise).
///
/// # Errors
/// [`EncodeErrorKind::ZeroByte`](crate::EncodeErrorKind::ZeroByte) naming
/// `field` for a `0x00` in a `Text` or a descending `BlobCopy` (Java rejects
/// it too); [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall).
pub fn write_var(
    w: &mut Writer<'_>,
    ty: VarType,
    v: Option<&[u8]>,
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    match (ty, v) {
        (VarType::BlobCopy, None) => ordered::encode_blob_copy_null(w, descending),
        (_, None) => ordered::encode_null(w, descending),
        (VarType::Text, Some(v)) => ordered::encode_text_bytes(w, v, descending, field),
        (VarType::BlobVar, Some(v)) => ordered::encode_blob_var(w, v, descending),
        (VarType::BlobCopy, Some(v)) => ordered::encode_blob_copy(w, v, descending, field),
    }
}

/// A string or bytes value read from a key.
#[derive(Debug, Clone, Copy)]
pub struct VarValue<'a> {
    value: Stored<'a>,
    field: &'static str,
    offset: usize,
}

#[derive(Debug, Clone, Copy)]
enum Stored<'a> {
    /// `Text`, `BlobCopy`: the bytes as they are (inverted when descending).
    Plain(Plain<'a>),
    /// `BlobVar`: 7-bit groups, never the value's own bytes.
    Groups(BlobVar<'a>),
}

/// Reads a `ty` value, or a null (`None`).
///
/// # Errors
/// What [`ordered::decode_text`], [`ordered::decode_blob_var`] and
/// [`ordered::decode_blob_copy`] return.
pub fn read_var<'a>(
    r: &mut Reader<'a>,
    ty: VarType,
    descending: bool,
    field: &'static str,
) -> Result<Option<VarValue<'a>>, DecodeError> {
    let offset = r.position();
    let value = match ty {
        VarType::Text => ordered::decode_text(r, descending, field)?.map(Stored::Plain),
        VarType::BlobVar => ordered::decode_blob_var(r, descending, field)?.map(Stored::Groups),
        VarType::BlobCopy => ordered::decode_blob_copy(r, descending, field)?.map(Stored::Plain),
    };
    Ok(value.map(|value| VarValue {
        value,
        field,
        offset,
    }))
}

impl<'a> VarValue<'a> {
    /// The value's length in bytes.
    pub fn len(&self) -> usize {
        match self.value {
            Stored::Plain(p) => p.len(),
            Stored::Groups(g) => g.len(),
        }
    }

    /// Whether the value is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<'a> FieldBytes<'a> for VarValue<'a> {
    /// [`DecodeErrorKind::NeedsOwned`] for bytes that are not the value's
    /// own (descending, or `BlobVar`).
    fn borrowed(&self) -> Result<&'a [u8], DecodeError> {
        match self.value {
            Stored::Plain(p) => p.borrowed(),
            Stored::Groups(_) => Err(self.error(DecodeErrorKind::NeedsOwned)),
        }
    }

    #[cfg(feature = "alloc")]
    fn to_vec(&self) -> alloc::vec::Vec<u8> {
        match self.value {
            Stored::Plain(p) => p.to_vec(),
            Stored::Groups(g) => g.to_vec(),
        }
    }

    fn error(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(self.field, self.offset, kind)
    }
}

/// The value of a field that is not an `Option`: a null there is an error.
///
/// # Errors
/// [`DecodeErrorKind::BadHeader`] at `offset`, naming the header `header`
/// (ascending) that was expected and the null found.
#[inline]
pub fn required<T>(
    v: Option<T>,
    header: u8,
    descending: bool,
    field: &'static str,
    offset: usize,
) -> Result<T, DecodeError> {
    let x = if descending { 0xFF } else { 0 };
    v.ok_or(DecodeError::new(
        field,
        offset,
        DecodeErrorKind::BadHeader {
            expected: header ^ x,
            found: NULL ^ x,
        },
    ))
}

/// A string or bytes `#[ordered]` field's value as it is written: the
/// value, or for an `Option`, the value or a null.
pub trait VarBytes {
    /// The value's bytes, `None` for a null.
    fn var_bytes(&self) -> Option<&[u8]>;
}

impl<T: KeyBytes + ?Sized> VarBytes for T {
    #[inline(always)]
    fn var_bytes(&self) -> Option<&[u8]> {
        Some(self.key_bytes())
    }
}

impl<T: KeyBytes> VarBytes for Option<T> {
    #[inline(always)]
    fn var_bytes(&self) -> Option<&[u8]> {
        self.as_ref().map(KeyBytes::key_bytes)
    }
}

/// A string or bytes `#[ordered]` field's value as it is read: the field's
/// Rust type, or an `Option` of it whose `None` is a null.
pub trait VarField<'a>: Sized {
    /// The field's value from what was read (`None`: a null), of the `ty`
    /// whose value starts at `offset`.
    ///
    /// # Errors
    /// A null where the field is no `Option`; what the type gives.
    fn from_var(
        v: Option<VarValue<'a>>,
        ty: VarType,
        descending: bool,
        field: &'static str,
        offset: usize,
    ) -> Result<Self, DecodeError>;
}

impl<'a, T: FromField<'a> + KeyBytes> VarField<'a> for T {
    #[inline]
    fn from_var(
        v: Option<VarValue<'a>>,
        ty: VarType,
        descending: bool,
        field: &'static str,
        offset: usize,
    ) -> Result<Self, DecodeError> {
        T::from_field(&required(v, ty.header(), descending, field, offset)?)
    }
}

impl<'a, T: FromField<'a> + KeyBytes> VarField<'a> for Option<T> {
    #[inline]
    fn from_var(
        v: Option<VarValue<'a>>,
        _ty: VarType,
        _descending: bool,
        _field: &'static str,
        _offset: usize,
    ) -> Result<Self, DecodeError> {
        v.map(|v| T::from_field(&v)).transpose()
    }
}

/// Bytes `v` takes as `ty`: what derived code calls for a field.
#[inline]
pub fn len(ty: VarType, v: &(impl VarBytes + ?Sized), descending: bool) -> usize {
    var_len(ty, v.var_bytes(), descending)
}

/// Writes `v` as `ty`: what derived code calls for a field.
///
/// # Errors
/// As [`write_var`].
#[inline]
pub fn write(
    ty: VarType,
    w: &mut Writer<'_>,
    v: &(impl VarBytes + ?Sized),
    descending: bool,
    field: &'static str,
) -> Result<(), EncodeError> {
    write_var(w, ty, v.var_bytes(), descending, field)
}

/// Reads a `ty` field as its Rust type: what derived code calls.
///
/// # Errors
/// As [`read_var`], and [`VarField::from_var`]'s.
#[inline]
pub fn read<'a, T: VarField<'a>>(
    ty: VarType,
    r: &mut Reader<'a>,
    descending: bool,
    field: &'static str,
) -> Result<T, DecodeError> {
    let at = r.position();
    T::from_var(
        read_var(r, ty, descending, field)?,
        ty,
        descending,
        field,
        at,
    )
}

/// The keys that start with `head` and continue with a `Text` in `lo..hi`:
/// a `range_for_..` helper's range. `Text` keeps the strings' order and no
/// encoding is a prefix of another, so a bound's encoding is the range's
/// edge. A bound holding `0x00` is no value a `Text` holds: it clamps to the
/// values around it (`"ab\0c"` sorts after `"ab"` and before every longer
/// value that starts with `"ab"`). A descending field swaps the bounds.
///
/// ```
/// use core::ops::Bound::{Excluded, Included};
/// use rowkey::codec::ordered_field::text_range;
/// let r = text_range::<Vec<u8>>(b"k", Included("ab"), Excluded("b"), false)?;
/// assert_eq!(r.start(), b"k\x34ab\x00");
/// assert_eq!(r.end(), Some(&b"k\x34b\x00"[..]));
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
///
/// # Errors
/// [`EncodeErrorKind::TooLong`](crate::EncodeErrorKind::TooLong) beyond an
/// inline range's capacity.
#[cfg(feature = "alloc")]
pub fn text_range<B: crate::RangeBytes>(
    head: &[u8],
    lo: Bound<&str>,
    hi: Bound<&str>,
    descending: bool,
) -> Result<crate::KeyRangeOf<B>, EncodeError> {
    use crate::range::field_range_slices;
    let lo = text_bound(lo, true, descending);
    let hi = text_bound(hi, false, descending);
    field_range_slices(head, slice_edge(&lo), slice_edge(&hi), descending)
}

#[cfg(feature = "alloc")]
fn slice_edge(b: &Bound<alloc::vec::Vec<u8>>) -> Bound<crate::range::SliceEdge<'_>> {
    use crate::range::SliceEdge;
    match b {
        Bound::Included(v) => Bound::Included(SliceEdge::Bytes(v)),
        Bound::Excluded(v) => Bound::Excluded(SliceEdge::Bytes(v)),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// One bound's `Text` bytes; a bound with a `0x00` is clamped to the value
/// before its `0x00`: excluded below, included above.
#[cfg(feature = "alloc")]
fn text_bound(b: Bound<&str>, lower: bool, descending: bool) -> Bound<alloc::vec::Vec<u8>> {
    let (v, included) = match b {
        Bound::Included(v) => (v, true),
        Bound::Excluded(v) => (v, false),
        Bound::Unbounded => return Bound::Unbounded,
    };
    let (v, included) = match v.as_bytes().iter().position(|&b| b == 0) {
        Some(at) => (&v.as_bytes()[..at], !lower),
        None => (v.as_bytes(), included),
    };
    let mut out = alloc::vec::Vec::with_capacity(v.len() + 2);
    out.push(TEXT);
    out.extend_from_slice(v);
    out.push(0x00);
    if descending {
        super::invert(&mut out);
    }
    if included {
        Bound::Included(out)
    } else {
        Bound::Excluded(out)
    }
}

/// The `#[ordered]` codec of a string or bytes ([`FieldCodec::OrderedVar`](crate::FieldCodec::OrderedVar)):
/// `Text` (header `0x34`), `BlobVar` (`0x37`) or, with `#[ordered(copy)]`
/// on the last field, `BlobCopy` (`0x38`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderedVar {
    /// The ascending header byte.
    pub header: u8,
    /// What the value holds.
    pub text: super::TextType,
}

/// The value of an [`OrderedNull`]: a number or a string or bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderedValue {
    /// A fixed-width number.
    Number(super::ordered::Ordered),
    /// A string or bytes.
    Var(OrderedVar),
}

/// An `Option` of an `#[ordered]` value ([`FieldCodec::OrderedNull`](crate::FieldCodec::OrderedNull)):
/// `None` is OrderedBytes' null (`0x05`), with no presence byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderedNull {
    /// The value's codec.
    pub value: OrderedValue,
    /// In a `#[rowkey(hbase_struct)]` key, a field followed only by such
    /// fields: `None` at the end of the key writes nothing, as HBase's
    /// `Struct` leaves trailing nulls out, and a key that ends before the
    /// field reads it as `None`.
    pub trailing: bool,
}

impl OrderedVar {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        if self.header == super::ordered::BLOB_COPY {
            // The header, then the bytes to the end (ascending).
            crate::codec::Extent::ToEnd { min: 1 }
        } else {
            // The header, and a terminator or one group.
            crate::codec::Extent::Delimited { min: 2 }
        }
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x10).byte(self.header).flag(self.text.utf8)
    }

    /// The codec of a schema's `{"kind": "ordered", "header": 52, "text": "str", ..}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let header =
            u8::try_from(c.num("header")?).map_err(|e| alloc::string::ToString::to_string(&e))?;
        VarType::from_header(header).ok_or(alloc::format!("{header} is no OrderedBytes header"))?;
        Ok(OrderedVar {
            header,
            text: super::TextType::from_json(c)?,
        })
    }

    /// The OrderedBytes type.
    #[cfg(feature = "alloc")]
    fn ty(&self) -> VarType {
        VarType::from_header(self.header).unwrap_or(VarType::BlobVar)
    }
}

impl OrderedNull {
    /// Where its bytes end in the key.
    pub(crate) const fn extent(&self) -> crate::codec::Extent {
        crate::codec::Extent::Delimited { min: 1 }
    }

    /// Feeds the codec's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        let h = h.byte(0x11).flag(self.trailing);
        match &self.value {
            OrderedValue::Number(c) => c.fingerprint(h),
            OrderedValue::Var(c) => c.fingerprint(h),
        }
    }

    /// The codec of a schema's `{"kind": "ordered_null", "trailing": false, "value": {..}}`.
    #[cfg(feature = "schema")]
    pub(crate) fn from_json(
        c: &crate::json::Fields<'_, '_>,
    ) -> Result<Self, alloc::string::String> {
        let v = c
            .object("value")
            .map_err(|_| alloc::string::String::from("an ordered_null codec without \"value\""))?;
        let value = match (v.str("kind")?, v.has("text")) {
            ("ordered", true) => OrderedValue::Var(OrderedVar::from_json(&v)?),
            ("ordered", false) => OrderedValue::Number(super::ordered::Ordered::from_json(&v)?),
            _ => return Err("an ordered_null codec holds an ordered one".into()),
        };
        Ok(OrderedNull {
            value,
            trailing: c.bool("trailing")?,
        })
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::super::ordered::{encode_null, take_null, TEXT};
    use super::super::prelude::*;
    use super::{
        read_var, required, text_range, var_len, write_var, OrderedNull, OrderedValue, OrderedVar,
    };
    use crate::cursor::Writer;

    impl OrderedVar {
        /// The value at the cursor, `None` for a null.
        fn read_value<'a>(
            &self,
            r: &mut Reader<'_>,
            f: FieldRef<'a>,
        ) -> Result<Option<Value<'a>>, ReadError<'a>> {
            let v = read_var(r, self.ty(), f.descending, "").map_err(|e| f.error(e))?;
            v.map(|v| self.text.value(&v).map_err(|e| f.error(e)))
                .transpose()
        }

        /// Writes `v`, or a null for `None`.
        fn write_value(
            &self,
            v: Option<&Value<'_>>,
            f: FieldRef<'_>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let v = v.map(Value::as_bytes);
            let mut b = vec![0u8; var_len(self.ty(), v, f.descending)];
            write_var(&mut Writer::new(&mut b, ""), self.ty(), v, f.descending, "")
                .map_err(|e| f.input_error(e.kind()))?;
            out.extend(b);
            Ok(())
        }
    }

    impl<'a> Codec<'a> for OrderedVar {
        fn ordered(&self, _descending: bool) -> bool {
            self.header == TEXT
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let at = r.position();
            let v = self.read_value(r, f)?;
            required(v, self.header, f.descending, "", at).map_err(|e| f.error(e))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            self.write_value(Some(value), f, out)
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            self.text.parse(text, f.name)
        }

        fn range(
            &self,
            head: &[u8],
            lo: core::ops::Bound<&Value<'_>>,
            hi: core::ops::Bound<&Value<'_>>,
            f: FieldRef<'a>,
        ) -> Result<crate::KeyRangeBuf, InputError> {
            // `Field::ordered` lets only `Text` through: its encodings are the edges.
            let text = |v: &Value<'_>| match v {
                Value::Text(s) => s.clone(),
                other => String::from_utf8_lossy(other.as_bytes()).into_owned(),
            };
            let (lo, hi) = (lo.map(text), hi.map(text));
            Ok(text_range(
                head,
                lo.as_ref().map(String::as_str),
                hi.as_ref().map(String::as_str),
                f.descending,
            )?)
        }

        fn to_json(&self, out: &mut String) {
            let o = crate::json::Object::new(out)
                .str("kind", "ordered")
                .num("header", self.header);
            self.text.json(o).end();
        }
    }

    impl<'a> Codec<'a> for OrderedNull {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn trailing(&self) -> bool {
            self.trailing
        }

        fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            let value = match self.value {
                OrderedValue::Var(c) => c.read_value(r, f)?,
                OrderedValue::Number(_) if take_null(r, f.descending) => None,
                OrderedValue::Number(c) => Some(c.read(r, f)?),
            };
            Ok(value.map_or(Value::None, |v| Value::Some(alloc::boxed::Box::new(v))))
        }

        fn write(
            &self,
            value: &Value<'_>,
            f: FieldRef<'a>,
            out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            let v = match value {
                Value::None => None,
                Value::Some(v) => Some(&**v),
                v => Some(v),
            };
            match (self.value, v) {
                (OrderedValue::Var(c), v) => c.write_value(v, f, out),
                (OrderedValue::Number(c), Some(v)) => c.write(v, f, out),
                (OrderedValue::Number(_), None) => {
                    let mut b = [0u8];
                    encode_null(&mut Writer::new(&mut b, ""), f.descending)?;
                    out.extend(b);
                    Ok(())
                }
            }
        }

        fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            if matches!(text.trim(), "None" | "none") {
                return Ok(Value::None);
            }
            let v = match self.value {
                OrderedValue::Var(c) => c.parse(text, f)?,
                OrderedValue::Number(c) => c.parse(text, f)?,
            };
            Ok(Value::Some(alloc::boxed::Box::new(v)))
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out)
                .str("kind", "ordered_null")
                .bool("trailing", self.trailing)
                .raw("value", |s| match self.value {
                    OrderedValue::Var(c) => c.to_json(s),
                    OrderedValue::Number(c) => c.to_json(s),
                })
                .end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::ordered::TEXT;

    fn written(f: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>) -> std::vec::Vec<u8> {
        let mut buf = [0u8; 32];
        let mut w = Writer::new(&mut buf, "k");
        f(&mut w).unwrap();
        w.written().to_vec()
    }

    #[test]
    fn nulls_and_lengths() {
        for ty in [VarType::Text, VarType::BlobVar, VarType::BlobCopy] {
            for desc in [false, true] {
                for v in [None, Some(&b""[..]), Some(b"ab\xFF")] {
                    if ty == VarType::BlobCopy && desc && v.is_none() {
                        assert_eq!(written(|w| write_var(w, ty, v, desc, "f")), [0xFA, 0xFF]);
                    }
                    let bytes = written(|w| write_var(w, ty, v, desc, "f"));
                    assert_eq!(bytes.len(), var_len(ty, v, desc), "{ty:?} {desc} {v:?}");
                    let mut r = Reader::new(&bytes);
                    let back = read_var(&mut r, ty, desc, "f").unwrap();
                    assert_eq!(back.is_some(), v.is_some());
                    let lens = |b: &VarValue<'_>| (b.len(), b.is_empty());
                    assert_eq!(back.as_ref().map(lens), v.map(|v| (v.len(), v.is_empty())));
                    #[cfg(feature = "alloc")]
                    assert_eq!(back.map(|b| b.to_vec()), v.map(<[u8]>::to_vec));
                    assert!(r.remaining().is_empty());
                }
            }
        }
        assert_eq!(
            written(|w| ordered::write::<i32, 5>(w, &None, true, "f")),
            [0xFA]
        );
        let e = required(None::<()>, TEXT, true, "f", 3).unwrap_err();
        assert_eq!(
            e.kind(),
            DecodeErrorKind::BadHeader {
                expected: 0xCB,
                found: 0xFA
            }
        );
    }

    #[test]
    fn blob_var_never_borrows() {
        let bytes = written(|w| write_var(w, VarType::BlobVar, Some(b"a"), false, "f"));
        let v = read_var(&mut Reader::new(&bytes), VarType::BlobVar, false, "f")
            .unwrap()
            .unwrap();
        assert_eq!(
            v.borrowed().unwrap_err().kind(),
            DecodeErrorKind::NeedsOwned
        );
        #[cfg(feature = "alloc")]
        assert_eq!(v.to_cow().into_owned(), b"a");
    }

    // Ranges into a `Vec` need an allocator.
    #[cfg(feature = "alloc")]
    #[test]
    fn text_range_clamps_a_zero_byte() {
        use Bound::*;
        let r = text_range::<std::vec::Vec<u8>>(b"", Included("ab\0c"), Included("ab\0"), false)
            .unwrap();
        // After "ab", up to and including "ab": empty.
        assert!(r.is_empty());
        let r = text_range::<std::vec::Vec<u8>>(b"", Unbounded, Excluded("ab\0"), true).unwrap();
        // Descending, every value up to "ab": from "ab" (its bytes) to the end.
        assert_eq!(r.start(), [!TEXT, !b'a', !b'b', 0xFF]);
    }
}
