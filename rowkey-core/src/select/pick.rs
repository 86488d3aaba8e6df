//! What a field's method of a typed select takes: one value, a set of
//! values, or (on a field whose bytes keep order) a range, in the field's
//! own Rust type.

use alloc::vec::Vec;
use core::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo, RangeToInclusive};

/// A field's condition as the user gave it: values, or a range of values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked<T> {
    /// Any of these values (one, for a single value).
    Values(Vec<T>),
    /// Every value between these bounds.
    Range(Bound<T>, Bound<T>),
}

/// One value or a set of values of a field: `7`, `[1, 5, 9]`, a `Vec`, a
/// slice. What the select method of a field whose bytes do not keep order
/// takes (a hash, an `Option`, a mirrored or nested field).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value or a set of values of type `{T}`",
    label = "give one `{T}`, an array, a `Vec` or a slice of them",
    note = "this field's bytes do not sort as its values, so it takes values, not a range"
)]
pub trait Values<T> {
    /// The values.
    fn values(self) -> Picked<T>;
}

/// One value, a set of values, or a range of values of a field: `7`,
/// `[1, 5, 9]`, `1..=9`, `3..`, `(Bound, Bound)`. What the select method of
/// a field whose bytes keep order takes.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value, a set or a range of values of type `{T}`",
    label = "give one `{T}`, an array, `Vec` or slice of them, or a range (`a..b`, `a..=b`, `a..`, `..b`, `..=b`, `(Bound, Bound)`)"
)]
pub trait Pick<T> {
    /// The condition.
    fn pick(self) -> Picked<T>;
}

impl<T> Values<T> for T {
    fn values(self) -> Picked<T> {
        Picked::Values(alloc::vec![self])
    }
}

impl<T, const N: usize> Values<T> for [T; N] {
    fn values(self) -> Picked<T> {
        Picked::Values(Vec::from(self))
    }
}

impl<T> Values<T> for Vec<T> {
    fn values(self) -> Picked<T> {
        Picked::Values(self)
    }
}

impl<T: Clone> Values<T> for &[T] {
    fn values(self) -> Picked<T> {
        Picked::Values(self.to_vec())
    }
}

impl<T> Pick<T> for T {
    fn pick(self) -> Picked<T> {
        Picked::Values(alloc::vec![self])
    }
}

impl<T, const N: usize> Pick<T> for [T; N] {
    fn pick(self) -> Picked<T> {
        Picked::Values(Vec::from(self))
    }
}

impl<T> Pick<T> for Vec<T> {
    fn pick(self) -> Picked<T> {
        Picked::Values(self)
    }
}

impl<T: Clone> Pick<T> for &[T] {
    fn pick(self) -> Picked<T> {
        Picked::Values(self.to_vec())
    }
}

/// Implements `Pick` for a range type from its two bounds.
macro_rules! ranges {
    ($(impl for $ty:ty => |$r:ident| $bounds:expr;)*) => {$(
        impl<T> Pick<T> for $ty {
            fn pick(self) -> Picked<T> {
                let $r = self;
                let (lo, hi) = $bounds;
                Picked::Range(lo, hi)
            }
        }
    )*};
}

ranges! {
    impl for Range<T> => |r| (Bound::Included(r.start), Bound::Excluded(r.end));
    impl for RangeInclusive<T> => |r| {
        let (lo, hi) = r.into_inner();
        (Bound::Included(lo), Bound::Included(hi))
    };
    impl for RangeFrom<T> => |r| (Bound::Included(r.start), Bound::Unbounded);
    impl for RangeTo<T> => |r| (Bound::Unbounded, Bound::Excluded(r.end));
    impl for RangeToInclusive<T> => |r| (Bound::Unbounded, Bound::Included(r.end));
    impl for (Bound<T>, Bound<T>) => |r| r;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick<T>(p: impl Pick<T>) -> Picked<T> {
        p.pick()
    }

    #[test]
    fn shapes() {
        assert_eq!(pick::<u32>(7), Picked::Values(alloc::vec![7]));
        assert_eq!(pick::<u32>([1, 5]), Picked::Values(alloc::vec![1, 5]));
        assert_eq!(
            pick::<&str>(&["a", "b"][..]),
            Picked::Values(alloc::vec!["a", "b"])
        );
        assert_eq!(
            pick::<u32>(3..=9),
            Picked::Range(Bound::Included(3), Bound::Included(9))
        );
        assert_eq!(
            pick::<u32>(..9),
            Picked::Range(Bound::Unbounded, Bound::Excluded(9))
        );
        assert_eq!(
            pick::<Option<u8>>([None, Some(2)]),
            Picked::Values(alloc::vec![None, Some(2)])
        );
    }
}
