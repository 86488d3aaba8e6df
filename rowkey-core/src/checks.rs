//! Layout rules that involve a nested key's width, which only the compiler
//! knows: trait bounds that hold exactly when the rule does, so a broken
//! rule is an ordinary "trait not implemented" error whose message (from
//! `#[diagnostic::on_unimplemented]`) names the numbers, at the attribute or
//! field the derive spans the call on.

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
