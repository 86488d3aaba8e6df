//! Layout rules that involve a nested key's width, which only the compiler
//! knows: trait bounds that hold exactly when the rule does, so a broken
//! rule is an ordinary "trait not implemented" error whose message (from
//! `#[diagnostic::on_unimplemented]`) names the numbers, at the attribute or
//! field the derive spans the call on.

use crate::codec::Extent;
use crate::{FieldCodec, Layout, Segment};

/// Holds when the nested key `K` has a fixed width.
#[diagnostic::on_unimplemented(
    message = "the nested key `{K}` has a variable length, so it cannot be embedded",
    label = "a nested key must have a fixed width",
    note = "`{K}` has an `#[escaped]` field, or a string or bytes field last without `#[fixed(N)]`: embed its fields in this key instead, or give them `#[fixed(N)]`"
)]
pub trait FixedWidth<K: ?Sized, const VARIABLE: bool> {}
impl<K: ?Sized> FixedWidth<K, false> for () {}

/// Holds when the fields add up to the declared `width = DECLARED`.
#[diagnostic::on_unimplemented(
    message = "declared `width = {DECLARED}`, but the fields add up to {ACTUAL} bytes",
    label = "write `width = {ACTUAL}`, or change the fields"
)]
pub trait WidthIs<const ACTUAL: usize, const DECLARED: usize> {}
impl<const N: usize> WidthIs<N, N> for () {}

/// Holds when the field starts at the asserted `#[at(ASSERTED)]`.
#[diagnostic::on_unimplemented(
    message = "the field starts at byte {ACTUAL}, not {ASSERTED}",
    label = "write `#[at({ACTUAL})]`, or move the field"
)]
pub trait OffsetIs<const ACTUAL: usize, const ASSERTED: usize> {}
impl<const N: usize> OffsetIs<N, N> for () {}

/// Compiles when `K` is a fixed-width key (call with `VARIABLE = K::VARIABLE`).
pub const fn fixed_width<K: ?Sized, const VARIABLE: bool>()
where
    (): FixedWidth<K, VARIABLE>,
{
}

/// Compiles when `ACTUAL == DECLARED`.
pub const fn width_is<const ACTUAL: usize, const DECLARED: usize>()
where
    (): WidthIs<ACTUAL, DECLARED>,
{
}

/// Compiles when `ACTUAL == ASSERTED`.
pub const fn offset_is<const ACTUAL: usize, const ASSERTED: usize>()
where
    (): OffsetIs<ACTUAL, ASSERTED>,
{
}

/// Holds when no byte string decodes as both `A` and `B`.
#[diagnostic::on_unimplemented(
    message = "`{A}` and `{B}` can decode the same bytes, so an enum of both could not tell which member a key is",
    label = "give every variant a `#[tag(..)]` (its bytes lead the key), or give `{A}` and `{B}` `#[tag]` fields with different bytes at the same offset",
    note = "two members are told apart when both have a `#[tag]` field at the same offset and of the same width with different bytes (before any variable-length field), or both have a fixed width and the widths differ"
)]
pub trait Disjoint<A: ?Sized, B: ?Sized, const DISJOINT: bool> {}
impl<A: ?Sized, B: ?Sized> Disjoint<A, B, true> for () {}

/// Compiles when `DISJOINT` (call with [`disjoint`] of the members' layouts).
pub const fn disjoint_members<A: ?Sized, B: ?Sized, const DISJOINT: bool>()
where
    (): Disjoint<A, B, DISJOINT>,
{
}

/// Whether no byte string can decode as both layouts: both are fixed and
/// their widths differ, or both have a tag at the same offset and of the
/// same width, before any variable-length segment, with different bytes.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_core::__private::checks::disjoint;
///
/// #[derive(RowKey)]
/// struct User { id: u64, #[tag(1)] kind: () }
/// #[derive(RowKey)]
/// struct Group { id: u64, #[tag(2)] kind: () }
/// #[derive(RowKey)]
/// struct Other { id: u64 }
///
/// assert!(disjoint(&User::LAYOUT, &Group::LAYOUT)); // tags differ at byte 8
/// assert!(!disjoint(&User::LAYOUT, &User::LAYOUT));
/// assert!(disjoint(&User::LAYOUT, &Other::LAYOUT)); // 9 bytes against 8
/// ```
pub const fn disjoint(a: &Layout<'_>, b: &Layout<'_>) -> bool {
    if !a.variable && !b.variable && a.width != b.width {
        return true;
    }
    let mut i = 0;
    while i < a.segments.len() && !variable(&a.segments[i]) {
        if let FieldCodec::Tag(tag) = a.segments[i].kind {
            if tag_differs(a.segments[i].offset, tag.0, b) {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// Whether `b` has a tag at `offset`, before any variable-length segment,
/// as wide as `tag` and with other bytes.
const fn tag_differs(offset: usize, tag: &[u8], b: &Layout<'_>) -> bool {
    let mut j = 0;
    while j < b.segments.len() && !variable(&b.segments[j]) {
        if let FieldCodec::Tag(other) = b.segments[j].kind {
            if b.segments[j].offset == offset && other.0.len() == tag.len() && !same(tag, other.0) {
                return true;
            }
        }
        j += 1;
    }
    false
}

/// Segments after this one have no fixed offset: its codec's bytes end
/// where its terminator, its length or the key says.
const fn variable(segment: &Segment<'_>) -> bool {
    !matches!(segment.extent(), Extent::Fixed(_))
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
