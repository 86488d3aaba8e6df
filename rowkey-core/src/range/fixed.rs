//! The range over one field of up to 16 bytes behind a head of known
//! length, in inline bytes: what the range helpers of fixed keys build.
//!
//! The general [`field_range_slices`](super::field_range_slices) works on
//! slices of any length: it copies through `memcpy`, finds a successor by
//! scanning for the last byte that is not 0xFF and decides emptiness with a
//! bytewise compare, out of line. Here the field's bounds are big-endian
//! integers in registers: the successor of `x` is `x + 1` without the bytes
//! the carry zeroed (`W - trailing_ones(x) / 8` of them remain), and the
//! range is empty when its end, as an integer and a length, is at most its
//! start. Everything is inlined with the head's length and the field's width
//! constant, so a helper's range is built in place. Only bounds whose
//! successor carries into the head (an inclusive end at the field's
//! maximum, an unbounded end) take the general path, out of line.
//!
//! Both paths give the same bytes: `same_as_the_general_path` checks every
//! kind of bound at the edges of the field.

use core::ops::Bound;

use super::{field_range_slices, Aligned, Edge, KeyRangeOf};
use crate::EncodeError;

/// A big-endian field of `W` bytes held as an unsigned integer.
trait Word: Copy + Ord {
    const ZERO: Self;
    /// `bytes` as a big-endian integer (`W` at most the word's size).
    fn read<const W: usize>(bytes: &[u8; W]) -> Self;
    /// Writes the low `out.len()` bytes, big-endian.
    fn write(self, out: &mut [u8]);
    /// The largest value of `W` bytes.
    fn most<const W: usize>() -> Self;
    /// `self + 1`, and the bytes it keeps: `W` less those the carry zeroed.
    fn successor<const W: usize>(self) -> (Self, u32);
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn read<const W: usize>(bytes: &[u8; W]) -> Self {
                let mut b = [0u8; size_of::<$t>()];
                b[size_of::<$t>() - W..].copy_from_slice(bytes);
                <$t>::from_be_bytes(b)
            }
            #[inline(always)]
            fn write(self, out: &mut [u8]) {
                let b = self.to_be_bytes();
                out.copy_from_slice(&b[b.len() - out.len()..]);
            }
            #[inline(always)]
            fn most<const W: usize>() -> Self {
                <$t>::MAX >> (<$t>::BITS - 8 * W as u32)
            }
            #[inline(always)]
            fn successor<const W: usize>(self) -> (Self, u32) {
                (self + 1, W as u32 - self.trailing_ones() / 8)
            }
        }
    )*};
}
word!(u64, u128);

/// One bound relative to the head: the key bytes `head ++ value[..len]`,
/// `value` the field's `W` bytes as an integer.
#[derive(Clone, Copy)]
struct Rel<V> {
    value: V,
    len: u32,
}

/// One side of the range in byte order, its bytes as an integer.
#[derive(Clone, Copy)]
enum Side<V> {
    Open,
    Included(V),
    Excluded(V),
    Nothing,
}

/// A bound as a side of the range, its value encoded by `edge` right here
/// (an `Edge` moved whole is copied in pieces that hide its variant from
/// the optimizer): clamped as the range's lower bound when `lower`, else as
/// its upper one (before a descending field's swap). A value below or above every value clamps to an open side or
/// none; one between two values keeps those after or before it (as the
/// general path's `lower_side` and `upper_side`).
#[inline(always)]
fn side<V: Word, T: ?Sized, const W: usize>(
    b: Bound<&T>,
    edge: &impl Fn(&T) -> Result<Edge<W>, EncodeError>,
    lower: bool,
) -> Result<Side<V>, EncodeError> {
    let (below, above) = match lower {
        true => (Side::Open, Side::Nothing),
        false => (Side::Nothing, Side::Open),
    };
    let (v, included) = match b {
        Bound::Unbounded => return Ok(Side::Open),
        Bound::Included(v) => (v, true),
        Bound::Excluded(v) => (v, false),
    };
    Ok(match edge(v)? {
        Edge::Bytes(x) if included => Side::Included(V::read(&x)),
        Edge::Bytes(x) => Side::Excluded(V::read(&x)),
        Edge::Between(x) if lower => Side::Excluded(V::read(&x)),
        Edge::Between(x) => Side::Included(V::read(&x)),
        Edge::BelowMin => below,
        Edge::AboveMax => above,
    })
}

/// The inline range `[head ++ start, head ++ end)`. Built once, in place:
/// the caller has checked that the head and the field fit `CAP` bytes.
#[inline(always)]
fn build<V: Word, const CAP: usize, const W: usize>(
    head: &[u8],
    start: Rel<V>,
    end: Rel<V>,
) -> KeyRangeOf<[u8; CAP]> {
    let h = head.len() as u32;
    KeyRangeOf {
        start: Aligned(bound::<V, CAP, W>(head, start.value)),
        end: Aligned(bound::<V, CAP, W>(head, end.value)),
        start_len: h + start.len,
        end_len: h + end.len,
    }
}

/// The bytes `head ++ value`, zero after.
#[inline(always)]
fn bound<V: Word, const CAP: usize, const W: usize>(head: &[u8], value: V) -> [u8; CAP] {
    let mut bytes = [0u8; CAP];
    if let Some((head_bytes, rest)) = bytes.split_at_mut_checked(head.len()) {
        head_bytes.copy_from_slice(head);
        if let Some(field) = rest.get_mut(..W) {
            value.write(field);
        }
    }
    bytes
}

/// The range at `head` of a field of `W` bytes whose values lie in
/// `lo..hi`, each bound encoded by `edge`: see [`field_range_slices`].
#[inline(always)]
pub(super) fn field_range<const CAP: usize, T: ?Sized, const W: usize>(
    head: &[u8],
    lo: Bound<&T>,
    hi: Bound<&T>,
    edge: &impl Fn(&T) -> Result<Edge<W>, EncodeError>,
    descending: bool,
) -> Result<KeyRangeOf<[u8; CAP]>, EncodeError> {
    let fits = head.len() + W <= CAP;
    if W <= 8 && fits {
        if let Some((s, e)) = plan::<u64, T, W>(lo, hi, edge, descending)? {
            return Ok(build::<u64, CAP, W>(head, s, e));
        }
    } else if W <= 16 && fits {
        if let Some((s, e)) = plan::<u128, T, W>(lo, hi, edge, descending)? {
            return Ok(build::<u128, CAP, W>(head, s, e));
        }
    }
    // The head copied on this cold path only: passing the caller's bytes
    // to a call would make them live in memory on the fast path too.
    let mut copy = [0u8; CAP];
    let head = match copy.get_mut(..head.len()) {
        Some(c) => {
            c.copy_from_slice(head);
            &*c
        }
        None => head,
    };
    let r = general(
        head,
        super::edge_bound(lo, edge)?,
        super::edge_bound(hi, edge)?,
        descending,
    )?;
    // Field by field: a plain move lets the call write where the inline
    // path builds its range, which then has to live in memory and be
    // copied out piece by piece. The lengths, at most `CAP`, clamped so
    // that the compiler knows it where they are read.
    let cap = CAP as u32;
    Ok(KeyRangeOf {
        start: r.start,
        end: r.end,
        start_len: r.start_len.min(cap),
        end_len: if r.end_len == super::UNBOUNDED {
            r.end_len
        } else {
            r.end_len.min(cap)
        },
    })
}

/// The start and end of [`field_range`] relative to the head, with the
/// field's bounds in `V`; `None` for the general path: an end past the
/// field's values (unbounded, or after its largest value) or a start after
/// its largest value, whose successors carry into the head.
#[inline(always)]
fn plan<V: Word, T: ?Sized, const W: usize>(
    lo: Bound<&T>,
    hi: Bound<&T>,
    edge: &impl Fn(&T) -> Result<Edge<W>, EncodeError>,
    descending: bool,
) -> Result<Option<(Rel<V>, Rel<V>)>, EncodeError> {
    // A descending field's bounds swap; each keeps its own clamping.
    let lo = side::<V, T, W>(lo, edge, true)?;
    let hi = side::<V, T, W>(hi, edge, false)?;
    let (lo, hi) = if descending { (hi, lo) } else { (lo, hi) };
    let max = V::most::<W>();
    let whole = |value| Rel {
        value,
        len: W as u32,
    };
    // `x + 1` without the bytes its carry zeroed.
    let after = |x: V| {
        let (value, len) = x.successor::<W>();
        Rel { value, len }
    };
    let head_only = Rel {
        value: V::ZERO,
        len: 0,
    };
    let start = match lo {
        Side::Nothing => return Ok(Some((head_only, head_only))),
        Side::Open => head_only,
        Side::Included(x) => whole(x),
        Side::Excluded(x) if x == max => return Ok(None),
        Side::Excluded(x) => after(x),
    };
    let end = match hi {
        Side::Nothing => return Ok(Some((head_only, head_only))),
        Side::Open => return Ok(None),
        Side::Excluded(y) => whole(y),
        Side::Included(y) if y == max => return Ok(None),
        Side::Included(y) => after(y),
    };
    // Empty when the end is not above the start, decided on the field's
    // values (`x..=y` is empty when `y < x`), by length only where both
    // are successors.
    let empty = match (lo, hi) {
        (Side::Included(x), Side::Excluded(y) | Side::Included(y)) if y < x => true,
        (Side::Included(x), Side::Excluded(y)) => y == x,
        (Side::Excluded(x), Side::Included(y)) => y <= x,
        (Side::Excluded(_), _) => (end.value, end.len) <= (start.value, start.len),
        _ => false,
    };
    Ok(Some(if empty { (start, start) } else { (start, end) }))
}

/// The general path, out of line: a successor that carries into the head,
/// a field wider than 16 bytes, or a range that does not fit.
#[cold]
#[inline(never)]
fn general<const CAP: usize, const W: usize>(
    head: &[u8],
    lo: Bound<Edge<W>>,
    hi: Bound<Edge<W>>,
    descending: bool,
) -> Result<KeyRangeOf<[u8; CAP]>, EncodeError> {
    super::stored_len::<[u8; CAP]>(head.len() + W)?;
    field_range_slices(
        head,
        lo.as_ref().map(Edge::as_slice),
        hi.as_ref().map(Edge::as_slice),
        descending,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ops::Bound::{Excluded, Included, Unbounded};

    /// Every kind of bound on fields of 1, 2, 4, 8, 9 and 16 bytes, at the
    /// edges where successors carry, behind heads that are empty, plain and
    /// all 0xFF: the bytes of the general path.
    #[test]
    fn same_as_the_general_path() {
        fn check<const W: usize>() {
            let values: [u128; 10] = [
                0,
                1,
                0xFE,
                0xFF,
                0x100,
                0x01FF,
                0xFFFF,
                u128::MAX >> 1,
                u128::MAX - 1,
                u128::MAX,
            ];
            let bytes = |v: u128| -> [u8; W] {
                let b = v.to_be_bytes();
                b[16 - W..].try_into().unwrap()
            };
            let edges = values.iter().flat_map(|&v| {
                [
                    Edge::Bytes(bytes(v)),
                    Edge::Between(bytes(v)),
                    Edge::BelowMin,
                    Edge::AboveMax,
                ]
            });
            let bounds: std::vec::Vec<Bound<Edge<W>>> = edges
                .flat_map(|e| [Included(e), Excluded(e)])
                .chain([Unbounded])
                .collect();
            for head in [&[][..], &[7, 0xFF], &[0xFF, 0xFF]] {
                for lo in &bounds {
                    for hi in &bounds {
                        for desc in [false, true] {
                            let fast = field_range::<20, Edge<W>, W>(
                                head,
                                lo.as_ref(),
                                hi.as_ref(),
                                &|e: &Edge<W>| Ok(*e),
                                desc,
                            )
                            .unwrap();
                            let slow =
                                general::<20, W>(head, lo.clone(), hi.clone(), desc).unwrap();
                            assert_eq!(
                                (fast.start(), fast.end()),
                                (slow.start(), slow.end()),
                                "{head:?} {lo:?} {hi:?} desc={desc}"
                            );
                        }
                    }
                }
            }
        }
        check::<1>();
        check::<2>();
        check::<4>();
        check::<8>();
        check::<9>();
        check::<16>();
    }
}
