//! The contract every codec keeps with the code that reads and writes keys
//! by their layout alone: [`Layout::explain`](crate::Layout::explain),
//! [`dynamic`](crate::dynamic), the JSON schema and the command line. Each
//! codec's module implements [`Codec`] for its descriptor (the data of its
//! [`FieldCodec`](crate::FieldCodec) variant), next to the typed functions
//! derived keys call, so what a codec's bytes are is written once.

use alloc::string::String;
use alloc::vec::Vec;

use core::ops::Bound;

use crate::cursor::Reader;
use crate::range::{field_range_slices, SliceEdge};
use crate::value::{InputError, Value};
use crate::KeyRangeBuf;
use crate::ReadError;

/// A field as its codec sees it: the name errors give, and its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct FieldRef<'a> {
    /// The field's name.
    pub name: &'a str,
    /// `#[reverse]`: the codec's descending bytes.
    pub descending: bool,
}

impl<'a> FieldRef<'a> {
    /// A decode error of a codec (which names no field) about this field.
    pub fn error(&self, e: crate::DecodeError) -> ReadError<'a> {
        ReadError::of(self.name, e)
    }

    /// "field `name`: {why}", as an [`InputError`].
    pub fn input_error(&self, why: impl core::fmt::Display) -> InputError {
        InputError(alloc::format!("field `{}`: {why}", self.name))
    }

    /// The error for a value of another type than the codec's.
    pub fn mismatch(&self, codec: &str) -> InputError {
        self.input_error(alloc::format!("the value does not fit its codec {codec}"))
    }
}

/// One bound of a range of a field's values, as the field's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[doc(hidden)]
pub enum OwnedEdge {
    /// The bound's encoded bytes (inverted for a descending field).
    Bytes(Vec<u8>),
    /// Below every value the field holds.
    BelowMin,
    /// Above every value the field holds.
    AboveMax,
    /// No value of the field: between the one these bytes encode and the next.
    Between(Vec<u8>),
}

impl OwnedEdge {
    /// The same edge, its bytes borrowed.
    pub fn as_slice(&self) -> SliceEdge<'_> {
        match self {
            OwnedEdge::Bytes(b) => SliceEdge::Bytes(b),
            OwnedEdge::BelowMin => SliceEdge::BelowMin,
            OwnedEdge::AboveMax => SliceEdge::AboveMax,
            OwnedEdge::Between(b) => SliceEdge::Between(b),
        }
    }
}

/// What a codec does for code that knows a key only by its layout.
#[doc(hidden)]
pub trait Codec<'a> {
    /// Whether its bytes sort as its values in this order, so that a range
    /// of values is a range of keys.
    fn ordered(&self, descending: bool) -> bool;

    /// Whether a null of this field, with only such fields after it, is
    /// left out of the key (an HBase `Struct`'s trailing nulls).
    fn trailing(&self) -> bool {
        false
    }

    /// Whether every byte string of the codec's width reads as a value (a
    /// fixed-width integer), so that a strict check need not read it.
    fn reads_any_bytes(&self) -> bool {
        false
    }

    /// Reads one value at the cursor (a fixed codec reads exactly its width).
    ///
    /// # Errors
    /// The codec's decode errors, about field `f`.
    fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>>;

    /// Appends the bytes of `value` (a fixed codec: exactly its width).
    ///
    /// # Errors
    /// A value of another type, or one the codec cannot hold.
    fn write(
        &self,
        value: &Value<'_>,
        f: FieldRef<'a>,
        out: &mut Vec<u8>,
    ) -> Result<(), InputError>;

    /// A value from text, as a user types it (`1`, `-2.5`, `true`, `0x0a0b`).
    ///
    /// # Errors
    /// Text that is no value the field holds.
    fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, InputError>;

    /// The bytes of a range bound (only asked of an [`ordered`](Codec::ordered) codec).
    ///
    /// # Errors
    /// A value of another type.
    fn edge(&self, value: &Value<'_>, f: FieldRef<'a>) -> Result<OwnedEdge, InputError> {
        let mut out = Vec::new();
        self.write(value, f, &mut out)?;
        Ok(OwnedEdge::Bytes(out))
    }

    /// The keys that start with `head` and continue with a value of this
    /// field in `lo..hi` (only asked of an [`ordered`](Codec::ordered)
    /// codec). Bounds that fall off the codec's values clamp; a descending
    /// field swaps them.
    ///
    /// # Errors
    /// A bound of another type.
    fn range(
        &self,
        head: &[u8],
        lo: Bound<&Value<'_>>,
        hi: Bound<&Value<'_>>,
        f: FieldRef<'a>,
    ) -> Result<KeyRangeBuf, InputError> {
        let edge = |b: Bound<&Value<'_>>| -> Result<Bound<OwnedEdge>, InputError> {
            Ok(match b {
                Bound::Included(v) => Bound::Included(self.edge(v, f)?),
                Bound::Excluded(v) => Bound::Excluded(self.edge(v, f)?),
                Bound::Unbounded => Bound::Unbounded,
            })
        };
        let (lo, hi) = (edge(lo)?, edge(hi)?);
        let (lo, hi) = (
            lo.as_ref().map(OwnedEdge::as_slice),
            hi.as_ref().map(OwnedEdge::as_slice),
        );
        Ok(field_range_slices(head, lo, hi, f.descending)?)
    }

    /// Appends the schema's `codec` object: `{"kind": .., parameters}`.
    fn to_json(&self, out: &mut String);
}
