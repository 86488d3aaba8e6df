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

use super::{field_range_slices, Aligned, Digits, Edge, KeyRangeOf};
use crate::EncodeError;

/// A big-endian field of `W` bytes held as an unsigned integer.
trait Word: Copy + Ord {
    const ZERO: Self;
    /// `bytes` as a big-endian integer (`W` at most the word's size).
    fn read<const W: usize>(bytes: &[u8; W]) -> Self;
    /// Writes the low `out.len()` bytes, big-endian.
    fn write(self, out: &mut [u8]);
    /// `bytes` as a little-endian integer.
    fn read_le<const W: usize>(bytes: &[u8; W]) -> Self;
    /// Writes the low `out.len()` bytes, little-endian.
    fn write_le(self, out: &mut [u8]);
    /// One in the last of `W` little-endian bytes: adding it is the
    /// successor of bytes whose last is below 0xFF.
    fn last_one<const W: usize>() -> Self;
    /// The largest value of `W` bytes.
    fn most<const W: usize>() -> Self;
    /// `self + 1`, and the bytes it keeps: `W` less those the carry zeroed.
    fn successor<const W: usize>(self) -> (Self, u32);
    /// `self + other`, wrapping.
    fn wrapping_add_word(self, other: Self) -> Self;
    /// The low `W` bytes as [`write_le`](Self::write_le) (`le`) or
    /// [`write`](Self::write) writes them, as the low bytes of a
    /// little-endian `u128`.
    fn le_u128<const W: usize>(self, le: bool) -> u128;
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
            fn read_le<const W: usize>(bytes: &[u8; W]) -> Self {
                let mut b = [0u8; size_of::<$t>()];
                b[..W].copy_from_slice(bytes);
                <$t>::from_le_bytes(b)
            }
            #[inline(always)]
            fn write_le(self, out: &mut [u8]) {
                let n = out.len();
                out.copy_from_slice(&self.to_le_bytes()[..n]);
            }
            #[inline(always)]
            fn last_one<const W: usize>() -> Self {
                1 << (8 * W - 8)
            }
            #[inline(always)]
            fn most<const W: usize>() -> Self {
                <$t>::MAX >> (<$t>::BITS - 8 * W as u32)
            }
            #[inline(always)]
            fn successor<const W: usize>(self) -> (Self, u32) {
                (self.wrapping_add(1), W as u32 - self.trailing_ones() / 8)
            }
            #[inline(always)]
            fn wrapping_add_word(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            #[inline(always)]
            fn le_u128<const W: usize>(self, le: bool) -> u128 {
                let low = self as u128 & (u128::MAX >> (128 - 8 * W as u32));
                match le {
                    true => low,
                    false => (low << (128 - 8 * W as u32)).swap_bytes(),
                }
            }
        }
    )*};
}
word!(u64, u128);

/// A range's start and end, relative to the head.
type Bounds<V> = (Rel<V>, Rel<V>);

/// One bound relative to the head: the key bytes `head ++ value[..len]`,
/// `value` the field's `W` bytes as a big-endian integer (to compare), and
/// `bytes` the same bytes as [`build`] writes them: big-endian, or for
/// digits little-endian, which is how they were read and needs no swap.
#[derive(Clone, Copy)]
struct Rel<V> {
    value: V,
    bytes: V,
    len: u32,
    /// The end is the successor of the head alone (an unbounded side
    /// behind a head that is empty or ends in a digit): `value` unused.
    after_head: bool,
}

/// A field's `W` bytes, read both ways (the unused one costs nothing).
#[derive(Clone, Copy)]
struct Val<V> {
    be: V,
    le: V,
}

impl<V: Word> Val<V> {
    #[inline(always)]
    fn of<const W: usize>(bytes: &[u8; W]) -> Self {
        Val {
            be: V::read(bytes),
            le: V::read_le(bytes),
        }
    }
}

/// One side of the range in byte order.
#[derive(Clone, Copy)]
enum Side<V> {
    Open,
    Included(Val<V>),
    Excluded(Val<V>),
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
        Edge::Bytes(x) if included => Side::Included(Val::of(&x)),
        Edge::Bytes(x) => Side::Excluded(Val::of(&x)),
        Edge::Between(x) if lower => Side::Excluded(Val::of(&x)),
        Edge::Between(x) => Side::Included(Val::of(&x)),
        Edge::BelowMin => below,
        Edge::AboveMax => above,
    })
}

/// The inline range `[head ++ start, head ++ end)`. Built once, in place:
/// the caller has checked that the head and the field fit `CAP` bytes.
/// `le`: the bounds' `bytes` are little-endian.
#[inline(always)]
fn build<V: Word, const CAP: usize, const W: usize>(
    head: &[u8],
    start: Rel<V>,
    end: Rel<V>,
    le: bool,
) -> KeyRangeOf<[u8; CAP]> {
    let h = head.len() as u32;
    let (end_bytes, end_len) = match (end.after_head, head.split_last()) {
        (false, _) => (bound::<V, CAP, W>(head, end.bytes, le), h + end.len),
        // The head's last byte, a digit, plus one.
        (true, Some((&last, front))) => {
            let mut b = [0u8; CAP];
            if let Some((a, rest)) = b.split_at_mut_checked(front.len()) {
                a.copy_from_slice(front);
                if let Some(l) = rest.first_mut() {
                    *l = last.wrapping_add(1);
                }
            }
            (b, h)
        }
        // The successor of no bytes: none.
        (true, None) => ([0; CAP], super::UNBOUNDED),
    };
    KeyRangeOf {
        start: Aligned(bound::<V, CAP, W>(head, start.bytes, le)),
        end: Aligned(end_bytes),
        start_len: h + start.len,
        end_len,
    }
}

/// [`build`] for a head and field of at most 16 bytes together: each bound
/// is built in one register, the end as the start is (the successor of the
/// head alone is the head plus one in its last byte, a digit), so the two
/// are stored whole, once, rather than chosen between as arrays.
#[inline(always)]
fn build_in_word<V: Word, const CAP: usize, const W: usize>(
    head: &[u8],
    start: Rel<V>,
    end: Rel<V>,
    le: bool,
) -> KeyRangeOf<[u8; CAP]> {
    let h = head.len();
    let mut word = [0u8; 16];
    if let Some(w) = word.get_mut(..h) {
        w.copy_from_slice(head);
    }
    let head_word = u128::from_le_bytes(word);
    let at = |r: Rel<V>| head_word | r.bytes.le_u128::<W>(le) << (8 * h as u32);
    let (end_word, end_len) = match (end.after_head, h) {
        (false, _) => (at(end), h as u32 + end.len),
        // The successor of no bytes: none.
        (true, 0) => (0, super::UNBOUNDED),
        (true, _) => (head_word.wrapping_add(1 << (8 * (h - 1))), h as u32),
    };
    KeyRangeOf {
        start: word_bytes(at(start)),
        end: word_bytes(end_word),
        start_len: h as u32 + start.len,
        end_len,
    }
}

/// A bound's bytes from the register that holds them (little-endian, zero
/// after the bound): its first 16 bytes, or `CAP` when fewer, stored as one
/// word, then zeros. Stored in pieces instead (the bound's bytes, then the
/// zeros after them), the zeros merge into a 16-byte store that straddles
/// the word boundary, and a cache line when the stack lies so.
#[inline(always)]
fn word_bytes<const CAP: usize>(w: u128) -> Aligned<[u8; CAP]> {
    let mut b = [0u8; CAP];
    let n = CAP.min(16);
    if let (Some(to), Some(from)) = (b.get_mut(..n), w.to_le_bytes().get(..n)) {
        to.copy_from_slice(from);
    }
    Aligned(b)
}

/// The bytes `head ++ value`, zero after.
#[inline(always)]
fn bound<V: Word, const CAP: usize, const W: usize>(head: &[u8], value: V, le: bool) -> [u8; CAP] {
    let mut bytes = [0u8; CAP];
    if let Some((head_bytes, rest)) = bytes.split_at_mut_checked(head.len()) {
        head_bytes.copy_from_slice(head);
        if let Some(field) = rest.get_mut(..W) {
            if le {
                value.write_le(field);
            } else {
                value.write(field);
            }
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
    digits: Digits,
) -> Result<KeyRangeOf<[u8; CAP]>, EncodeError> {
    // A field of no bytes (one value) takes the general path: the word
    // paths' masks would shift by the word's whole width.
    let fits = W > 0 && head.len() + W <= CAP;
    // The range's bytes in one register each (of which a `CAP` below 16
    // stores the first `CAP`).
    let in_word = head.len() + W <= 16;
    debug_assert!(!digits.head || head.last().is_none_or(u8::is_ascii_digit));
    if W <= 8 && fits {
        if let Some((s, e)) = plan::<u64, T, W>(lo, hi, edge, descending, digits)? {
            return Ok(match in_word {
                true => build_in_word::<u64, CAP, W>(head, s, e, digits.field),
                false => build::<u64, CAP, W>(head, s, e, digits.field),
            });
        }
    } else if W <= 16 && fits {
        if let Some((s, e)) = plan::<u128, T, W>(lo, hi, edge, descending, digits)? {
            return Ok(match in_word {
                true => build_in_word::<u128, CAP, W>(head, s, e, digits.field),
                false => build::<u128, CAP, W>(head, s, e, digits.field),
            });
        }
    }
    let mut copy = [0u8; CAP];
    let head = cold_copy(&mut copy, head);
    let r = general(
        head,
        super::edge_bound(lo, edge)?,
        super::edge_bound(hi, edge)?,
        descending,
    )?;
    rebuilt(r)
}

/// The start and end of [`field_range`] relative to the head, with the
/// field's bounds in `V`; `None` for the general path: an end past the
/// field's values (unbounded, or after its largest value) or a start after
/// its largest value, whose successors carry into the head. Digits never
/// end in 0xFF: their successor keeps every byte, a field's and a head's
/// (whose successor is an unbounded end's).
#[inline(always)]
fn plan<V: Word, T: ?Sized, const W: usize>(
    lo: Bound<&T>,
    hi: Bound<&T>,
    edge: &impl Fn(&T) -> Result<Edge<W>, EncodeError>,
    descending: bool,
    Digits {
        field: digits,
        head: head_digit,
        values,
    }: Digits,
) -> Result<Option<Bounds<V>>, EncodeError> {
    // A descending field's bounds swap; each keeps its own clamping.
    let lo = side::<V, T, W>(lo, edge, true)?;
    let hi = side::<V, T, W>(hi, edge, false)?;
    let (lo, hi) = if descending { (hi, lo) } else { (lo, hi) };
    // No value of `digits` is the largest of `W` bytes (all 0xFF).
    let max = V::most::<W>();
    let is_max = |x: Val<V>| !digits && x.be == max;
    let whole = |x: Val<V>| Rel {
        value: x.be,
        bytes: if digits { x.le } else { x.be },
        len: W as u32,
        after_head: false,
    };
    // `x + 1` without the bytes its carry zeroed; digits never carry, and
    // are added to where they lie, in the last byte of their little-endian form.
    let after = |x: Val<V>| {
        let (value, len) = x.be.successor::<W>();
        debug_assert!(!digits || len == W as u32);
        match digits {
            true => Rel {
                value,
                bytes: x.le.wrapping_add_word(V::last_one::<W>()),
                len: W as u32,
                after_head: false,
            },
            false => Rel {
                value,
                bytes: value,
                len,
                after_head: false,
            },
        }
    };
    let head_only = Rel {
        value: V::ZERO,
        bytes: V::ZERO,
        len: 0,
        after_head: false,
    };
    let start = match lo {
        Side::Nothing => return Ok(Some((head_only, head_only))),
        Side::Open => head_only,
        Side::Included(x) => whole(x),
        Side::Excluded(x) if is_max(x) => return Ok(None),
        Side::Excluded(x) => after(x),
    };
    let end = match hi {
        Side::Nothing => return Ok(Some((head_only, head_only))),
        Side::Open if head_digit => Rel {
            after_head: true,
            ..head_only
        },
        Side::Open => return Ok(None),
        Side::Excluded(y) => whole(y),
        Side::Included(y) if is_max(y) => return Ok(None),
        Side::Included(y) => after(y),
    };
    // Empty when the end is not above the start, decided on the field's
    // values (`x..=y` is empty when `y < x`), by length only where both
    // are successors.
    let empty = match (lo, hi, values) {
        // Past every key behind the head.
        (_, Side::Open, _) => false,
        // Values whose bytes sort as they do (either way: a descending
        // field's swap keeps the test): `a..=b` is empty when `a > b`, with
        // one end excluded when `a >= b`.
        (Side::Included(_), Side::Included(_), Some(order)) => order.is_gt(),
        (Side::Included(_), Side::Excluded(_), Some(order))
        | (Side::Excluded(_), Side::Included(_), Some(order)) => order.is_ge(),
        (Side::Included(x), Side::Excluded(y) | Side::Included(y), _) if y.be < x.be => true,
        (Side::Included(x), Side::Excluded(y), _) => y.be == x.be,
        (Side::Excluded(x), Side::Included(y), _) => y.be <= x.be,
        (Side::Excluded(_), _, _) => (end.value, end.len) <= (start.value, start.len),
        _ => false,
    };
    Ok(Some(if empty { (start, start) } else { (start, end) }))
}

/// `[head, successor(head))` in inline bytes: the successor is the head
/// with its last byte plus one, an addition to the head read as one
/// little-endian integer (of up to 16 bytes). A head that ends in 0xFF
/// (whose successor carries), is empty, longer or does not fit takes the
/// general path, out of line; one that ends in a `digit` never does.
#[inline(always)]
pub(super) fn prefix<const CAP: usize>(
    head: &[u8],
    digit: bool,
) -> Result<KeyRangeOf<[u8; CAP]>, EncodeError> {
    let h = head.len();
    if let (Some(&last), true) = (head.last(), h <= CAP.min(16)) {
        debug_assert!(!digit || last.is_ascii_digit(), "{last:#x} is no digit");
        if digit || last != 0xFF {
            let mut word = [0u8; 16];
            word[..h].copy_from_slice(head);
            let word = u128::from_le_bytes(word);
            // No carry out of the last byte: it is below 0xFF.
            let next = word.wrapping_add(1 << (8 * (h - 1)));
            return Ok(KeyRangeOf {
                start: word_bytes(word),
                end: word_bytes(next),
                start_len: h as u32,
                end_len: h as u32,
            });
        }
    }
    let mut copy = [0u8; CAP];
    let head = cold_copy(&mut copy, head);
    rebuilt(general_prefix(head)?)
}

/// `head` in `copy` when it fits: a cold path's own copy of bytes the
/// caller holds in registers, which passed to a call would have to live in
/// memory on the fast path too.
#[inline(always)]
fn cold_copy<'a, const CAP: usize>(copy: &'a mut [u8; CAP], head: &'a [u8]) -> &'a [u8] {
    match copy.get_mut(..head.len()) {
        Some(c) => {
            c.copy_from_slice(head);
            c
        }
        None => head,
    }
}

/// A range from a call, field by field: a plain move lets the call write
/// where the inline path builds its range, which then has to live in
/// memory and be copied out piece by piece. The lengths, at most `CAP`,
/// clamped so that the compiler knows it where they are read.
#[inline(always)]
fn rebuilt<const CAP: usize>(
    r: KeyRangeOf<[u8; CAP]>,
) -> Result<KeyRangeOf<[u8; CAP]>, EncodeError> {
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

/// [`prefix`] when the successor carries or the head does not fit.
#[cold]
#[inline(never)]
fn general_prefix<const CAP: usize>(head: &[u8]) -> Result<KeyRangeOf<[u8; CAP]>, EncodeError> {
    KeyRangeOf::prefix_of(head)
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

    /// The fast path of a range with capacity `CAP`, each edge its own bytes.
    fn fast_path<const CAP: usize, const W: usize>(
        head: &[u8],
        lo: &Bound<Edge<W>>,
        hi: &Bound<Edge<W>>,
        desc: bool,
    ) -> KeyRangeOf<[u8; CAP]> {
        let edge = |e: &Edge<W>| Ok(*e);
        field_range::<CAP, Edge<W>, W>(
            head,
            lo.as_ref(),
            hi.as_ref(),
            &edge,
            desc,
            Digits::default(),
        )
        .unwrap()
    }

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
                            let fast = fast_path::<20, W>(head, lo, hi, desc);
                            let slow = general::<20, W>(head, *lo, *hi, desc).unwrap();
                            assert_eq!(
                                (fast.start(), fast.end()),
                                (slow.start(), slow.end()),
                                "{head:?} {lo:?} {hi:?} desc={desc}"
                            );
                            // Ranges of fewer than 16 bytes, built in a register too.
                            if head.len() + W <= 10 {
                                let small = fast_path::<10, W>(head, lo, hi, desc);
                                assert_eq!(small, general::<10, W>(head, *lo, *hi, desc).unwrap());
                                assert_eq!(
                                    (small.start(), small.end()),
                                    (slow.start(), slow.end())
                                );
                            }
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

    /// Fields of digits (`digits = true`, successors without a carry) give
    /// the general path's bytes too, for every kind of bound.
    #[test]
    fn digits_same_as_the_general_path() {
        fn check<const W: usize>() {
            let digits = |fill: &dyn Fn(usize) -> u8| -> [u8; W] {
                core::array::from_fn(|i| b'0' + fill(i) % 10)
            };
            let values = [
                digits(&|_| 0),
                digits(&|_| 9),
                digits(&|i| if i + 1 == W { 9 } else { 0 }),
                digits(&|i| if i + 1 == W { 8 } else { 9 }),
                digits(&|i| i as u8 * 7),
                digits(&|i| i as u8 * 3 + 1),
            ];
            let edges = values
                .iter()
                .flat_map(|&v| [Edge::Bytes(v), Edge::Between(v)])
                .chain([Edge::BelowMin, Edge::AboveMax]);
            let bounds: std::vec::Vec<Bound<Edge<W>>> = edges
                .flat_map(|e| [Included(e), Excluded(e)])
                .chain([Unbounded])
                .collect();
            for head in [&[][..], &[7, 0xFF], b"19"] {
                for lo in &bounds {
                    for hi in &bounds {
                        for desc in [false, true] {
                            let fast = field_range::<24, Edge<W>, W>(
                                head,
                                lo.as_ref(),
                                hi.as_ref(),
                                &|e: &Edge<W>| Ok(*e),
                                desc,
                                Digits {
                                    field: true,
                                    head: head.last().is_none_or(u8::is_ascii_digit),
                                    values: None,
                                },
                            )
                            .unwrap();
                            let slow = general::<24, W>(head, *lo, *hi, desc).unwrap();
                            assert_eq!(
                                (fast.start(), fast.end()),
                                (slow.start(), slow.end()),
                                "{head:?} {lo:?} {hi:?} desc={desc}"
                            );
                        }
                    }
                }
                let prefix = [head, &values[0]].concat();
                assert_eq!(
                    super::prefix::<24>(&prefix, true).unwrap(),
                    general_prefix::<24>(&prefix).unwrap()
                );
            }
        }
        check::<1>();
        check::<2>();
        check::<6>();
        check::<8>();
        check::<9>();
        check::<16>();
    }

    /// A `pad` field's bounds as the helpers pass them, their values
    /// compared (`Digits::values`) to tell an empty range: every kind of
    /// bound, values inside and past the field, both orders, give the
    /// general path's bytes.
    #[test]
    fn compared_values_same_as_the_general_path() {
        fn check<const W: usize>() {
            let max = 10u64.pow(W as u32) - 1;
            let values = [0, 1, max / 2, max - 1, max, max + 1, u64::MAX];
            let bounds: std::vec::Vec<Bound<u64>> = values
                .iter()
                .flat_map(|&v| [Included(v), Excluded(v)])
                .chain([Unbounded])
                .collect();
            for head in [&[][..], b"19", b"7"] {
                for lo in &bounds {
                    for hi in &bounds {
                        for desc in [false, true] {
                            let edge = |v: &u64| crate::codec::pad::edge::<u64, W>(*v, desc);
                            let values = match (lo, hi) {
                                (Included(a) | Excluded(a), Included(b) | Excluded(b)) => {
                                    a.partial_cmp(b)
                                }
                                _ => None,
                            };
                            let digits = Digits {
                                field: true,
                                head: true,
                                values,
                            };
                            let fast = field_range::<24, u64, W>(
                                head,
                                lo.as_ref(),
                                hi.as_ref(),
                                &edge,
                                desc,
                                digits,
                            )
                            .unwrap();
                            let edge_of =
                                |b: &Bound<u64>| super::super::edge_bound(b.as_ref(), edge);
                            let slow = general::<24, W>(
                                head,
                                edge_of(lo).unwrap(),
                                edge_of(hi).unwrap(),
                                desc,
                            )
                            .unwrap();
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
        check::<3>();
        check::<8>();
        check::<14>();
    }

    /// Prefixes of every length up to past 16 bytes, ending below 0xFF or
    /// in 0xFF bytes, and empty: the general path's bytes.
    #[test]
    fn prefixes_same_as_the_general_path() {
        for len in 0..=20 {
            for tail in [0u8, 1, 0x7F, 0xFE, 0xFF] {
                for ff in 0..3 {
                    let mut p: std::vec::Vec<u8> = (0..len).map(|i| (i * 37) as u8).collect();
                    if let Some(last) = p.last_mut() {
                        *last = tail;
                    }
                    p.extend(core::iter::repeat_n(0xFF, ff.min(20 - len.min(20))));
                    let p = &p[..p.len().min(20)];
                    assert_eq!(
                        super::prefix::<21>(p, false),
                        general_prefix::<21>(p),
                        "{p:02x?}"
                    );
                }
            }
        }
        assert!(super::prefix::<4>(&[1; 5], false).is_err());
    }

    /// A head and field together longer than the capacity are refused
    /// (`TooLong`, as the general path refuses them), whatever the bounds,
    /// at every head length from empty to past the capacity; those that fit
    /// give the general path's bytes.
    #[test]
    fn past_the_capacity_is_too_long() {
        fn check<const CAP: usize, const W: usize>() {
            let v = Edge::Bytes([0x41; W]);
            let bounds = [
                (Included(v), Excluded(Edge::AboveMax)),
                (Included(v), Unbounded),
                (Unbounded, Included(v)),
                (Excluded(v), Included(v)),
                (Unbounded, Unbounded),
            ];
            for len in 0..=CAP + 1 {
                let head = std::vec![0x30; len];
                for (lo, hi) in &bounds {
                    for desc in [false, true] {
                        let fast = field_range::<CAP, Edge<W>, W>(
                            &head,
                            lo.as_ref(),
                            hi.as_ref(),
                            &|e: &Edge<W>| Ok(*e),
                            desc,
                            Digits::default(),
                        );
                        let case = std::format!("CAP {CAP} W {W} head {len} {lo:?} {hi:?} {desc}");
                        if len + W > CAP {
                            let kind = fast.map(|_| ()).map_err(|e| e.kind());
                            let max = CAP;
                            let too_long = crate::EncodeErrorKind::TooLong { len: len + W, max };
                            assert_eq!(kind, Err(too_long), "{case}");
                        } else {
                            let (fast, slow) = (
                                fast.unwrap(),
                                general::<CAP, W>(&head, *lo, *hi, desc).unwrap(),
                            );
                            assert_eq!(
                                (fast.start(), fast.end()),
                                (slow.start(), slow.end()),
                                "{case}"
                            );
                        }
                    }
                }
            }
        }
        check::<4, 1>();
        check::<4, 2>();
        check::<12, 8>();
        check::<20, 9>();
        check::<20, 16>();
        check::<24, 17>();
        check::<40, 20>();
    }
}
