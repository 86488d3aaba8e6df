//! Key ranges: what a scan reads. Start inclusive, end exclusive or unbounded,
//! bytes held inline so building one never allocates.

use core::fmt;
use core::ops::Bound;

use crate::{EncodeError, EncodeErrorKind};

/// The capacity of a plain [`KeyRange`]: keys of up to 63 bytes (one byte is
/// kept for [`KeyRange::after`]'s `0x00`).
pub const DEFAULT_RANGE_CAPACITY: usize = 64;

/// The capacity the scan helpers of a `key_width`-byte key use: the default
/// for keys of up to 63 bytes, so their helpers return a plain [`KeyRange`],
/// and `key_width + 1` above that.
pub const fn range_capacity(key_width: usize) -> usize {
    if key_width < DEFAULT_RANGE_CAPACITY {
        DEFAULT_RANGE_CAPACITY
    } else {
        key_width + 1
    }
}

/// A range of keys: every key `k` with `start <= k < end` (bytewise), or
/// `start <= k` when the end is unbounded.
///
/// The bytes live inline, in two `[u8; CAP]` arrays: building, copying and
/// fanning out ranges never touches the heap. `CAP` is 64 unless the key is
/// wider; the generated helpers pick it, so user code rarely names it.
///
/// An empty range has `end == start`, so [`KeyRange::bounds`] is still a
/// valid argument to `BTreeMap::range` (which panics when start > end).
///
/// ```
/// use std::collections::BTreeMap;
/// use rowkey::KeyRange;
///
/// let r = KeyRange::<64>::prefix(b"user1:")?;
/// assert_eq!(r.start(), b"user1:");
/// assert_eq!(r.end(), Some(&b"user1;"[..]));
/// assert!(r.contains(b"user1:2024"));
///
/// let map = BTreeMap::from([(b"user1:a".to_vec(), 1), (b"user2:a".to_vec(), 2)]);
/// let found: Vec<_> = map.range::<[u8], _>(r.bounds()).map(|(_, v)| *v).collect();
/// assert_eq!(found, [1]);
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
#[derive(Clone, Copy)]
pub struct KeyRange<const CAP: usize = DEFAULT_RANGE_CAPACITY> {
    start: [u8; CAP],
    start_len: usize,
    end: [u8; CAP],
    /// `None`: unbounded.
    end_len: Option<usize>,
}

/// One bound of a field's range, encoded; or which side of the field's codec
/// the value falls off (`pad(2)` given 100 is [`Edge::AboveMax`]), so the
/// range clamps exactly instead of failing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge<const W: usize> {
    /// The value's encoded bytes (already inverted for a descending field).
    Bytes([u8; W]),
    /// The value is below every value the field holds.
    BelowMin,
    /// The value is above every value the field holds.
    AboveMax,
    /// The value is none the field holds: it sorts after the value encoded
    /// as these bytes and before the next one (a `fixed(4)` bound `"abcde"`
    /// or `"ab\0"`, after `"abcd"` or `"ab"`), so the range clamps to the
    /// values between.
    Between([u8; W]),
}

fn capacity_error(len: usize, cap: usize) -> EncodeError {
    EncodeError::new("KeyRange", EncodeErrorKind::TooLong { len, max: cap })
}

/// Writes `head` then `tail` at the front of `dst` and returns their length.
fn join<const CAP: usize>(
    dst: &mut [u8; CAP],
    head: &[u8],
    tail: &[u8],
) -> Result<usize, EncodeError> {
    let n = head.len() + tail.len();
    let out = dst.get_mut(..n).ok_or_else(|| capacity_error(n, CAP))?;
    let (h, t) = out.split_at_mut(head.len());
    h.copy_from_slice(head);
    t.copy_from_slice(tail);
    Ok(n)
}

/// Turns `bytes[..len]` into its successor: the smallest byte string above
/// every string that starts with it. Returns the new length, or `None` when
/// every byte is 0xFF (nothing follows, the end is unbounded).
#[inline]
fn successor(bytes: &mut [u8], len: usize) -> Option<usize> {
    let i = bytes[..len].iter().rposition(|&b| b != 0xFF)?;
    bytes[i] += 1;
    Some(i + 1)
}

impl<const CAP: usize> KeyRange<CAP> {
    /// The whole key space.
    pub const fn all() -> Self {
        KeyRange {
            start: [0; CAP],
            start_len: 0,
            end: [0; CAP],
            end_len: None,
        }
    }

    /// Every key from `start` (inclusive) up to `end` (exclusive; `None`:
    /// unbounded). An `end` at or below `start` gives an empty range at `start`.
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when a bound is longer than `CAP`.
    pub fn new(start: &[u8], end: Option<&[u8]>) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(start)?;
        if let Some(end) = end {
            if end <= start {
                r.make_empty();
            } else {
                r.end
                    .get_mut(..end.len())
                    .ok_or_else(|| capacity_error(end.len(), CAP))?
                    .copy_from_slice(end);
                r.end_len = Some(end.len());
            }
        }
        Ok(r)
    }

    /// Every key that starts with `prefix`: `[prefix, successor(prefix))`,
    /// where the successor increments the last byte that is not 0xFF and drops
    /// what follows; a prefix of only 0xFF bytes (or none) has no end.
    ///
    /// ```
    /// use rowkey::KeyRange;
    /// let r = KeyRange::<64>::prefix(&[0x01, 0xFF])?;
    /// assert_eq!(r.end(), Some(&[0x02][..]));
    /// assert_eq!(KeyRange::<64>::prefix(&[0xFF, 0xFF])?.end(), None);
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when `prefix` is longer than `CAP`.
    pub fn prefix(prefix: &[u8]) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(prefix)?;
        r.end[..prefix.len()].copy_from_slice(prefix);
        r.end_len = successor(&mut r.end, prefix.len());
        Ok(r)
    }

    /// Exactly one key: `[key, key + 0x00)`. For a key that ends in a
    /// variable-length value, where a prefix range would also hold every
    /// longer value.
    ///
    /// ```
    /// use rowkey::KeyRange;
    /// let r = KeyRange::<64>::exact(b"/usr")?;
    /// assert!(r.contains(b"/usr"));
    /// assert!(!r.contains(b"/usr/bin"));
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when `key` is `CAP` bytes or longer.
    pub fn exact(key: &[u8]) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(key)?;
        let end = r
            .end
            .get_mut(..=key.len())
            .ok_or_else(|| capacity_error(key.len() + 1, CAP))?;
        end[..key.len()].copy_from_slice(key);
        end[key.len()] = 0;
        r.end_len = Some(key.len() + 1);
        Ok(r)
    }

    fn set_start(&mut self, start: &[u8]) -> Result<(), EncodeError> {
        self.start
            .get_mut(..start.len())
            .ok_or_else(|| capacity_error(start.len(), CAP))?
            .copy_from_slice(start);
        self.start_len = start.len();
        Ok(())
    }

    fn make_empty(&mut self) {
        self.end = self.start;
        self.end_len = Some(self.start_len);
    }

    /// The first key of the range (inclusive).
    pub fn start(&self) -> &[u8] {
        &self.start[..self.start_len]
    }

    /// The key the range stops before (exclusive); `None` when unbounded.
    pub fn end(&self) -> Option<&[u8]> {
        self.end_len.map(|n| &self.end[..n])
    }

    /// The bounds as `(Included(start), Excluded(end) or Unbounded)`, the shape
    /// `BTreeMap::range`, fjall and most store range APIs take.
    pub fn bounds(&self) -> (Bound<&[u8]>, Bound<&[u8]>) {
        (
            Bound::Included(self.start()),
            match self.end() {
                Some(e) => Bound::Excluded(e),
                None => Bound::Unbounded,
            },
        )
    }

    /// Whether `key` lies in the range.
    pub fn contains(&self, key: &[u8]) -> bool {
        key >= self.start() && self.end().is_none_or(|e| key < e)
    }

    /// Whether no key lies in the range.
    pub fn is_empty(&self) -> bool {
        self.end().is_some_and(|e| e <= self.start())
    }

    /// The rest of the range after `last`, the last key a page returned: its
    /// start becomes `last + 0x00`, the next possible key (the HBase paging
    /// idiom), and the end stays. Empty when nothing follows `last`.
    ///
    /// ```
    /// use rowkey::KeyRange;
    /// let r = KeyRange::<64>::prefix(b"a")?;
    /// let next = r.after(b"a42")?;
    /// assert_eq!(next.start(), b"a42\0");
    /// assert_eq!(next.end(), r.end());
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when `last` is `CAP` bytes or longer.
    pub fn after(&self, last: &[u8]) -> Result<Self, EncodeError> {
        let mut r = *self;
        if last < self.start() {
            return Ok(r);
        }
        let slot = r
            .start
            .get_mut(..=last.len())
            .ok_or_else(|| capacity_error(last.len() + 1, CAP))?;
        slot[..last.len()].copy_from_slice(last);
        slot[last.len()] = 0;
        r.start_len = last.len() + 1;
        if r.end().is_some_and(|e| e <= r.start()) {
            r.make_empty();
        }
        Ok(r)
    }

    /// The keys that start with `head` and continue with a key in `inner`
    /// that runs to the end of the key (an index key ending with the main
    /// row's key): a scan that stops inside the embedded key. For a nested
    /// key that other fields follow, see [`KeyRange::within_nested`].
    ///
    /// ```
    /// use rowkey::KeyRange;
    /// let inner = KeyRange::<64>::prefix(b"user7")?;
    /// let r = KeyRange::<64>::within(b"idx:", &inner)?;
    /// assert_eq!(r.start(), b"idx:user7");
    /// assert_eq!(r.end(), Some(&b"idx:user8"[..]));
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when the result does not fit `CAP`.
    pub fn within<const C: usize>(head: &[u8], inner: &KeyRange<C>) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        let n = head.len() + inner.start_len;
        let dst = r.start.get_mut(..n).ok_or_else(|| capacity_error(n, CAP))?;
        dst[..head.len()].copy_from_slice(head);
        dst[head.len()..].copy_from_slice(inner.start());
        r.start_len = n;
        match inner.end() {
            Some(end) => {
                let n = head.len() + end.len();
                let dst = r.end.get_mut(..n).ok_or_else(|| capacity_error(n, CAP))?;
                dst[..head.len()].copy_from_slice(head);
                dst[head.len()..].copy_from_slice(end);
                r.end_len = Some(n);
            }
            None => {
                r.end[..head.len()].copy_from_slice(head);
                r.end_len = successor(&mut r.end, head.len());
            }
        }
        if r.is_empty() {
            r.make_empty();
        }
        Ok(r)
    }

    /// The keys that start with `head`, continue with a nested key of
    /// `width` bytes that lies in `inner`, and then hold any other fields:
    /// the scan of `prefix_for_.._within`. Exact for any `inner`, also for
    /// bounds longer than the nested key (from [`KeyRange::after`] or
    /// [`KeyRange::exact`] of it): a nested key `k` is at least a longer
    /// start `s` only when it is above `s[..width]`, and below a longer end
    /// `e` when it is at most `e[..width]`.
    ///
    /// ```
    /// use rowkey::KeyRange;
    /// // Outer keys `[a: 1 byte][inner: 2 bytes][tail]`; the page after inner key `07 08`.
    /// let after = KeyRange::<64>::all().after(&[7, 8])?;
    /// let r = KeyRange::<64>::within_nested(&[1], 2, &after)?;
    /// assert!(!r.contains(&[1, 7, 8, 0]));
    /// assert!(r.contains(&[1, 7, 9, 0]));
    /// // Exactly inner key `07 08`, whatever follows.
    /// let r = KeyRange::<64>::within_nested(&[1], 2, &KeyRange::<64>::exact(&[7, 8])?)?;
    /// assert!(r.contains(&[1, 7, 8, 0xFF]));
    /// assert!(!r.contains(&[1, 7, 9, 0]));
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when the result does not fit `CAP`.
    pub fn within_nested<const C: usize>(
        head: &[u8],
        width: usize,
        inner: &KeyRange<C>,
    ) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        let s = inner.start();
        r.start_len = join(&mut r.start, head, &s[..s.len().min(width)])?;
        if s.len() > width {
            match successor(&mut r.start, r.start_len) {
                Some(n) => r.start_len = n,
                // No nested key is above `s[..width]`, all 0xFF.
                None => {
                    r.make_empty();
                    return Ok(r);
                }
            }
        }
        r.end_len = match inner.end() {
            None => {
                let n = join(&mut r.end, head, &[])?;
                successor(&mut r.end, n)
            }
            Some(e) => {
                let n = join(&mut r.end, head, &e[..e.len().min(width)])?;
                if e.len() > width {
                    successor(&mut r.end, n)
                } else {
                    Some(n)
                }
            }
        };
        if r.is_empty() {
            r.make_empty();
        }
        Ok(r)
    }

    /// For a range made by [`KeyRange::with_head`] from `inner`: the same
    /// range with another head of the same length (the next salt bucket),
    /// written over the old one instead of building the range again.
    #[inline]
    pub(crate) fn replace_head(&mut self, head: &[u8], inner: &Self) {
        let n = head.len();
        if let [b] = head {
            // One byte, the usual salt (up to 256 buckets): no copy call.
            self.start[0] = *b;
            self.end[0] = *b;
        } else {
            self.start[..n].copy_from_slice(head);
            self.end[..n].copy_from_slice(head);
        }
        if inner.end_len.is_none() {
            // The end is the successor of the head alone.
            self.end_len = successor(&mut self.end, n);
        }
    }

    /// Puts `head` (a salt bucket) in front of both bounds; an unbounded end
    /// becomes the successor of `head`, so the range stays inside the bucket.
    pub(crate) fn with_head(&self, head: &[u8]) -> Result<Self, EncodeError> {
        Self::within(head, self)
    }
}

impl<const CAP: usize> PartialEq for KeyRange<CAP> {
    fn eq(&self, other: &Self) -> bool {
        self.start() == other.start() && self.end() == other.end()
    }
}

impl<const CAP: usize> Eq for KeyRange<CAP> {}

impl<const CAP: usize> fmt::Debug for KeyRange<CAP> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyRange({self})")
    }
}

/// `[start, end)` in HBase shell text (`\xNN` for bytes that are not printable).
impl<const CAP: usize> fmt::Display for KeyRange<CAP> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::StringBinary;
        write!(f, "[\"{}\", ", StringBinary(self.start()))?;
        match self.end() {
            Some(e) => write!(f, "\"{}\")", StringBinary(e)),
            None => f.write_str("unbounded)"),
        }
    }
}

/// Encodes one bound of a range helper's argument with the field's `edge` function.
///
/// # Errors
/// What `edge` returns.
#[inline]
pub fn edge_bound<T: ?Sized, const W: usize>(
    bound: Bound<&T>,
    edge: impl FnOnce(&T) -> Result<Edge<W>, EncodeError>,
) -> Result<Bound<Edge<W>>, EncodeError> {
    Ok(match bound {
        Bound::Included(v) => Bound::Included(edge(v)?),
        Bound::Excluded(v) => Bound::Excluded(edge(v)?),
        Bound::Unbounded => Bound::Unbounded,
    })
}

/// One side of a range in the field's byte order.
/// A range bound's encoded bytes at any width: [`Edge`] for a width known
/// only at run time (a layout read from a schema).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SliceEdge<'a> {
    /// The value's encoded bytes (already inverted for a descending field).
    Bytes(&'a [u8]),
    /// The value is below every value the field holds.
    BelowMin,
    /// The value is above every value the field holds.
    AboveMax,
    /// The value is none the field holds: it sorts after the value encoded
    /// as these bytes and before the next one (see [`Edge::Between`]).
    Between(&'a [u8]),
}

impl<const W: usize> Edge<W> {
    /// The same edge, its bytes borrowed as a slice.
    pub fn as_slice(&self) -> SliceEdge<'_> {
        match self {
            Edge::Bytes(b) => SliceEdge::Bytes(b),
            Edge::BelowMin => SliceEdge::BelowMin,
            Edge::AboveMax => SliceEdge::AboveMax,
            Edge::Between(b) => SliceEdge::Between(b),
        }
    }
}

enum Side<'a> {
    Open,
    Included(&'a [u8]),
    Excluded(&'a [u8]),
    Nothing,
}

fn lower_side(b: Bound<SliceEdge<'_>>) -> Side<'_> {
    match b {
        Bound::Unbounded => Side::Open,
        Bound::Included(SliceEdge::Bytes(x)) => Side::Included(x),
        Bound::Excluded(SliceEdge::Bytes(x)) => Side::Excluded(x),
        Bound::Included(SliceEdge::BelowMin) | Bound::Excluded(SliceEdge::BelowMin) => Side::Open,
        Bound::Included(SliceEdge::AboveMax) | Bound::Excluded(SliceEdge::AboveMax) => {
            Side::Nothing
        }
        // Values from the one after `x` on.
        Bound::Included(SliceEdge::Between(x)) | Bound::Excluded(SliceEdge::Between(x)) => {
            Side::Excluded(x)
        }
    }
}

fn upper_side(b: Bound<SliceEdge<'_>>) -> Side<'_> {
    match b {
        Bound::Unbounded => Side::Open,
        Bound::Included(SliceEdge::Bytes(x)) => Side::Included(x),
        Bound::Excluded(SliceEdge::Bytes(x)) => Side::Excluded(x),
        Bound::Included(SliceEdge::AboveMax) | Bound::Excluded(SliceEdge::AboveMax) => Side::Open,
        Bound::Included(SliceEdge::BelowMin) | Bound::Excluded(SliceEdge::BelowMin) => {
            Side::Nothing
        }
        // Values up to `x`.
        Bound::Included(SliceEdge::Between(x)) | Bound::Excluded(SliceEdge::Between(x)) => {
            Side::Included(x)
        }
    }
}

/// The keys that start with `head` and continue with a `W`-byte field in
/// `lo..hi`: what `range_for_..` helpers return (before any salt fan-out).
/// Bounds outside the codec's range clamp; a descending field swaps them.
///
/// # Errors
/// [`EncodeErrorKind::TooLong`] when `head` plus the field exceeds `CAP`.
#[inline]
pub fn field_range<const CAP: usize, const W: usize>(
    head: &[u8],
    lo: Bound<Edge<W>>,
    hi: Bound<Edge<W>>,
    descending: bool,
) -> Result<KeyRange<CAP>, EncodeError> {
    if head.len() + W > CAP {
        return Err(capacity_error(head.len() + W, CAP));
    }
    field_range_slices(
        head,
        lo.as_ref().map(Edge::as_slice),
        hi.as_ref().map(Edge::as_slice),
        descending,
    )
}

/// [`field_range`] for a field whose width is known only at run time: both
/// bounds' bytes must have the field's width.
///
/// ```
/// use core::ops::Bound::{Excluded, Included};
/// use rowkey::range::{field_range_slices, SliceEdge};
/// let r = field_range_slices::<64>(b"u1", Included(SliceEdge::Bytes(b"05")), Excluded(SliceEdge::Bytes(b"09")), false)?;
/// assert_eq!((r.start(), r.end()), (&b"u105"[..], Some(&b"u109"[..])));
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
///
/// # Errors
/// [`EncodeErrorKind::TooLong`] when `head` plus the field exceeds `CAP`.
pub fn field_range_slices<const CAP: usize>(
    head: &[u8],
    lo: Bound<SliceEdge<'_>>,
    hi: Bound<SliceEdge<'_>>,
    descending: bool,
) -> Result<KeyRange<CAP>, EncodeError> {
    let (lo, hi) = if descending {
        (upper_side(hi), lower_side(lo))
    } else {
        (lower_side(lo), upper_side(hi))
    };
    let width = |s: &Side<'_>| match s {
        Side::Included(x) | Side::Excluded(x) => x.len(),
        Side::Open | Side::Nothing => 0,
    };
    let n = head.len() + width(&lo).max(width(&hi));
    if n > CAP {
        return Err(capacity_error(n, CAP));
    }
    let mut r = KeyRange::<CAP>::all();
    r.start[..head.len()].copy_from_slice(head);
    r.start_len = head.len();
    if matches!(lo, Side::Nothing) || matches!(hi, Side::Nothing) {
        r.make_empty();
        return Ok(r);
    }
    if let Side::Included(x) | Side::Excluded(x) = lo {
        let n = head.len() + x.len();
        r.start[head.len()..n].copy_from_slice(x);
        r.start_len = n;
        if let Side::Excluded(_) = lo {
            match successor(&mut r.start, n) {
                Some(len) => r.start_len = len,
                None => {
                    r.make_empty();
                    return Ok(r);
                }
            }
        }
    }
    r.end[..head.len()].copy_from_slice(head);
    r.end_len = match hi {
        Side::Open => successor(&mut r.end, head.len()),
        Side::Included(x) => {
            let n = head.len() + x.len();
            r.end[head.len()..n].copy_from_slice(x);
            successor(&mut r.end, n)
        }
        Side::Excluded(x) => {
            let n = head.len() + x.len();
            r.end[head.len()..n].copy_from_slice(x);
            Some(n)
        }
        Side::Nothing => None,
    };
    if r.is_empty() {
        r.make_empty();
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ops::Bound::*;

    type R = KeyRange<16>;

    #[test]
    fn prefix_successor_carries_over_ff() {
        let r = R::prefix(&[1, 0xFF, 0xFF]).unwrap();
        assert_eq!(r.end(), Some(&[2][..]));
        assert_eq!(R::prefix(&[]).unwrap().end(), None);
        assert_eq!(R::prefix(&[0xFF]).unwrap().end(), None);
    }

    #[test]
    fn inclusive_type_maximum_is_kept() {
        // head 0x01, field u8 with bounds 0x10..=0xFF: the end must pass 0x01FF.
        let r = field_range::<16, 1>(
            &[1],
            Included(Edge::Bytes([0x10])),
            Included(Edge::Bytes([0xFF])),
            false,
        )
        .unwrap();
        assert_eq!(r.start(), &[1, 0x10]);
        assert_eq!(r.end(), Some(&[2][..]));
        assert!(r.contains(&[1, 0xFF, 0xFF, 0xFF]));
        assert!(!r.contains(&[2]));
    }

    #[test]
    fn excluded_maximum_is_empty_and_safe_for_btreemap() {
        let r =
            field_range::<16, 1>(&[0xFF], Excluded(Edge::Bytes([0xFF])), Unbounded, false).unwrap();
        assert!(r.is_empty());
        let map = std::collections::BTreeMap::from([(std::vec![0xFFu8, 0xFF], ())]);
        assert_eq!(map.range::<[u8], _>(r.bounds()).count(), 0);
    }

    #[test]
    fn reversed_bounds_swap() {
        // descending u8: value v is stored as !v; values 2..5 are bytes !4..=!2
        let e = |v: u8| Edge::Bytes([!v]);
        let r = field_range::<16, 1>(&[], Included(e(2)), Excluded(e(5)), true).unwrap();
        for v in 0..=255u8 {
            assert_eq!(r.contains(&[!v, 7]), (2..5).contains(&v), "{v}");
        }
    }

    #[test]
    fn clamps_out_of_range_bounds() {
        let r = field_range::<16, 1>(
            &[9],
            Included(Edge::BelowMin),
            Included(Edge::AboveMax),
            false,
        )
        .unwrap();
        assert_eq!(r, R::prefix(&[9]).unwrap());
        let r = field_range::<16, 1>(&[9], Included(Edge::AboveMax), Unbounded, false).unwrap();
        assert!(r.is_empty());
        let r = field_range::<16, 1>(
            &[9],
            Included(Edge::Bytes([5])),
            Excluded(Edge::Bytes([3])),
            false,
        )
        .unwrap();
        assert!(r.is_empty());
    }

    #[test]
    fn after_resumes_and_ends() {
        let r = R::new(b"a", Some(b"b")).unwrap();
        assert_eq!(r.after(b"a1").unwrap().start(), b"a1\0");
        assert!(r.after(b"b").unwrap().is_empty());
        assert!(R::all().after(&[0; 16]).is_err());
    }
}
