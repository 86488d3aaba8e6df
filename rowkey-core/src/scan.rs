//! What a generated scan helper calls: one function per kind of helper.
//!
//! A key type's helpers all start from the same thing, the key with its
//! leading fields written (`pinned`, from the one generated function that
//! writes them), and differ only in what they make of those bytes. So each
//! helper is one call here, and the code that builds ranges is compiled once
//! per use, not once per helper (compiling a derived key's helpers took half
//! as many instructions once their bodies became these calls).
//!
//! `span` is where the pinned fields' bytes lie in `pinned`: after the salt
//! bucket unless those fields fix the bucket.

use core::ops::{Bound, RangeBounds};
use core::slice::SliceIndex;

use crate::range::{self, Edge, KeyRangeOf, RangeBytes};
use crate::salt::{BucketRangesOf, Salt};
use crate::EncodeError;

/// The bytes of `pinned` at `span`.
#[inline(always)]
fn bytes(pinned: &impl AsRef<[u8]>, span: impl SliceIndex<[u8], Output = [u8]>) -> &[u8] {
    &pinned.as_ref()[span]
}

/// `prefix_for_*`: every key that starts with the pinned bytes.
///
/// # Errors
/// A pinned field's error, or a range too long for `B`.
#[inline(always)]
pub fn prefix<B: RangeBytes>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
) -> Result<KeyRangeOf<B>, EncodeError> {
    KeyRangeOf::prefix(bytes(&pinned?, span))
}

/// [`prefix`] when the last pinned field is digits (`pad`): the end is the
/// last digit plus one, with no carry to test for.
///
/// # Errors
/// As [`prefix`].
#[inline(always)]
pub fn digit_prefix<B: RangeBytes>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
) -> Result<KeyRangeOf<B>, EncodeError> {
    KeyRangeOf::digit_prefix(bytes(&pinned?, span))
}

/// `prefix_for_*` over every field of a key that ends in a value without a
/// terminator: exactly the key of the pinned bytes.
///
/// # Errors
/// As [`prefix`].
#[inline(always)]
pub fn exact<B: RangeBytes>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
) -> Result<KeyRangeOf<B>, EncodeError> {
    KeyRangeOf::exact(bytes(&pinned?, span))
}

/// `range_for_*`: the keys that start with the pinned bytes and whose next
/// field (`W` bytes) lies in `bounds`, each bound encoded by `edge`.
///
/// # Errors
/// A pinned field's or a bound's error, or a range too long for `B`.
#[inline(always)]
pub fn field<B: RangeBytes, T: ?Sized, const W: usize>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
    bounds: &impl RangeBounds<T>,
    edge: impl Fn(&T) -> Result<Edge<W>, EncodeError>,
    descending: bool,
) -> Result<KeyRangeOf<B>, EncodeError> {
    range::field(bytes(&pinned?, span), bounds, edge, descending)
}

/// [`field`] for a field whose values are `Copy`, `edge` the codec's own
/// function of the value and the field's order.
///
/// # Errors
/// As [`field`].
#[inline(always)]
pub fn value<B: RangeBytes, T: Copy, const W: usize>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
    bounds: &impl RangeBounds<T>,
    edge: fn(T, bool) -> Result<Edge<W>, EncodeError>,
    descending: bool,
) -> Result<KeyRangeOf<B>, EncodeError> {
    field(
        pinned,
        span,
        bounds,
        |v: &T| edge(*v, descending),
        descending,
    )
}

/// [`value`] over a field of digits (`pad`): a bound's successor is its
/// last digit plus one, with no carry to test for; so is the successor of
/// the pinned bytes (an unbounded end) when they end in a digit
/// (`head_digit`, also when there are none). Whether the range is empty
/// is told by the bounds' values, which sort as their digits do.
///
/// # Errors
/// As [`field`].
#[inline(always)]
pub fn digits<B: RangeBytes, T: Copy + PartialOrd, const W: usize>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
    bounds: &impl RangeBounds<T>,
    edge: fn(T, bool) -> Result<Edge<W>, EncodeError>,
    descending: bool,
    head_digit: bool,
) -> Result<KeyRangeOf<B>, EncodeError> {
    let edge = |v: &T| edge(*v, descending);
    let values = match (bounds.start_bound(), bounds.end_bound()) {
        (Bound::Included(a) | Bound::Excluded(a), Bound::Included(b) | Bound::Excluded(b)) => {
            a.partial_cmp(b)
        }
        _ => None,
    };
    let digits = range::Digits {
        field: true,
        head: head_digit,
        values,
    };
    range::field_in(bytes(&pinned?, span), bounds, edge, descending, digits)
}

/// `range_for_*` over an `#[ordered]` string: its bounds are their own edges.
///
/// # Errors
/// As [`field`].
#[cfg(feature = "alloc")]
#[inline(always)]
pub fn text<'r, B: RangeBytes>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
    bounds: &impl RangeBounds<&'r str>,
    descending: bool,
) -> Result<KeyRangeOf<B>, EncodeError> {
    let lo = Bound::cloned(bounds.start_bound());
    let hi = Bound::cloned(bounds.end_bound());
    crate::codec::ordered_field::text_range(bytes(&pinned?, span), lo, hi, descending)
}

/// `prefix_for_*_within`: the keys that start with the pinned bytes and
/// whose nested key (`width` bytes) lies in `inner`.
///
/// # Errors
/// As [`prefix`].
#[inline(always)]
pub fn within<B: RangeBytes, C: RangeBytes>(
    pinned: Result<impl AsRef<[u8]>, EncodeError>,
    span: impl SliceIndex<[u8], Output = [u8]>,
    width: usize,
    inner: &KeyRangeOf<C>,
) -> Result<KeyRangeOf<B>, EncodeError> {
    KeyRangeOf::within_nested(bytes(&pinned?, span), width, inner)
}

/// A helper whose pinned fields do not fix the salt bucket: `range` once
/// per bucket.
///
/// # Errors
/// `range`'s error, or a range too long for `B` with the bucket.
#[inline(always)]
pub fn buckets<B: RangeBytes>(
    salt: &Salt,
    range: Result<KeyRangeOf<B>, EncodeError>,
) -> Result<BucketRangesOf<B>, EncodeError> {
    salt.fan_out(range?)
}
