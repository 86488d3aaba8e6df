//! Key ranges: what a scan reads. Start inclusive, end exclusive or unbounded.
//!
//! A fixed-width key's helpers return a [`KeyRange<{ WIDTH + 1 }>`](KeyRange),
//! its bytes inline, so building, copying and fanning out ranges never touches
//! the heap and costs what the key's bytes cost. Keys whose ranges do not fit
//! inline (variable-length keys, up to 32,767 bytes, and fixed keys of
//! [`INLINE_RANGE_LIMIT`] bytes or more) get a [`KeyRangeBuf`] (feature
//! `alloc`), whose bytes are on the heap: building one allocates.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::fmt;
use core::ops::{Bound, RangeBounds};

use crate::{EncodeError, EncodeErrorKind};

mod fixed;

pub use rowkey_format::limits::{range_capacity, DEFAULT_RANGE_CAPACITY, INLINE_RANGE_LIMIT};

/// Where a range keeps its bytes: `[u8; CAP]` inline, or `Vec<u8>` on the
/// heap (feature `alloc`). Sealed: only these two.
pub trait RangeBytes: Clone + Send + Sync + 'static + sealed::Sealed {
    /// No bytes yet.
    fn empty() -> Self;
    /// The first `n` bytes, writable; `None` past an inline capacity (a heap
    /// buffer grows).
    fn first_mut(&mut self, n: usize) -> Option<&mut [u8]>;
    /// The first `n` bytes (`n` at most what was written).
    fn first(&self, n: usize) -> &[u8];
    /// The most bytes one bound holds, for errors.
    fn capacity() -> usize;
    /// Turns the first `len` bytes (`len` at most what was written) into
    /// their successor; returns its length, `None` when every byte is 0xFF.
    fn successor(&mut self, len: usize) -> Option<usize>;
    /// `head` followed by the first `len` of these bytes; `None` past an
    /// inline capacity.
    #[doc(hidden)]
    fn behind(&self, head: &[u8], len: usize) -> Option<Self>;
    /// [`KeyRangeOf::prefix`] in these bytes; `digit`: the prefix ends in
    /// an ASCII digit, whose successor never carries.
    #[doc(hidden)]
    fn prefix_range(prefix: &[u8], digit: bool) -> Result<KeyRangeOf<Self>, EncodeError>;
    /// [`field`] in these bytes; `digits`: which of them are ASCII digits,
    /// whose successors never carry.
    #[doc(hidden)]
    fn field_range<T: ?Sized, const W: usize>(
        head: &[u8],
        lo: Bound<&T>,
        hi: Bound<&T>,
        edge: &impl Fn(&T) -> Result<Edge<W>, EncodeError>,
        descending: bool,
        digits: Digits,
    ) -> Result<KeyRangeOf<Self>, EncodeError>;
}

mod sealed {
    pub trait Sealed {}
    impl<const CAP: usize> Sealed for [u8; CAP] {}
    #[cfg(feature = "alloc")]
    impl Sealed for alloc::vec::Vec<u8> {}
}

impl<const CAP: usize> RangeBytes for [u8; CAP] {
    #[inline(always)]
    fn empty() -> Self {
        [0; CAP]
    }
    #[inline(always)]
    fn first_mut(&mut self, n: usize) -> Option<&mut [u8]> {
        self.get_mut(..n)
    }
    #[inline(always)]
    fn first(&self, n: usize) -> &[u8] {
        &self[..n]
    }
    fn capacity() -> usize {
        CAP
    }
    /// The carry over a trailing 0xFF works on a copy, out of line: the array
    /// itself is only ever read and written whole or at constant indexes, so
    /// the compiler can keep a range of a key of known width in registers
    /// instead of building it in memory and copying it (wide loads of bytes
    /// just written one or two at a time stall the processor).
    #[inline(always)]
    fn successor(&mut self, len: usize) -> Option<usize> {
        let last = len.checked_sub(1)?;
        match self.get_mut(last) {
            Some(b) if *b != 0xFF => {
                *b += 1;
                Some(len)
            }
            _ => {
                let mut copy = *self;
                let n = carried_successor(&mut copy, len);
                *self = copy;
                n
            }
        }
    }
    /// All `CAP - head.len()` bytes are moved, whatever `len`: a copy of
    /// constant length, the bytes past `len` unread.
    #[inline(always)]
    fn behind(&self, head: &[u8], len: usize) -> Option<Self> {
        if head.len() + len > CAP {
            return None;
        }
        if let ([h], true) = (head, CAP <= 16) {
            return Some(behind_one(self, *h));
        }
        let mut out = [0u8; CAP];
        let (front, back) = out.split_at_mut_checked(head.len())?;
        front.copy_from_slice(head);
        back.copy_from_slice(self.get(..back.len())?);
        Some(out)
    }
    /// Inline bytes take the fixed-width path: the end is the last byte plus
    /// one, unless it is 0xFF.
    #[inline(always)]
    fn prefix_range(prefix: &[u8], digit: bool) -> Result<KeyRangeOf<Self>, EncodeError> {
        fixed::prefix(prefix, digit)
    }
    /// Inline bytes take the fixed-width path: bounds as integers, in registers.
    #[inline(always)]
    fn field_range<T: ?Sized, const W: usize>(
        head: &[u8],
        lo: Bound<&T>,
        hi: Bound<&T>,
        edge: &impl Fn(&T) -> Result<Edge<W>, EncodeError>,
        descending: bool,
        digits: Digits,
    ) -> Result<KeyRangeOf<Self>, EncodeError> {
        fixed::field_range(head, lo, hi, edge, descending, digits)
    }
}

#[cfg(feature = "alloc")]
impl RangeBytes for Vec<u8> {
    #[inline]
    fn empty() -> Self {
        Vec::new()
    }
    #[inline]
    fn first_mut(&mut self, n: usize) -> Option<&mut [u8]> {
        if self.len() < n {
            self.resize(n, 0);
        }
        Some(&mut self[..n])
    }
    #[inline]
    fn first(&self, n: usize) -> &[u8] {
        &self[..n]
    }
    fn capacity() -> usize {
        u32::MAX as usize - 1
    }
    #[inline]
    fn successor(&mut self, len: usize) -> Option<usize> {
        successor(self, len)
    }
    #[inline]
    fn prefix_range(prefix: &[u8], _digit: bool) -> Result<KeyRangeOf<Self>, EncodeError> {
        KeyRangeOf::prefix_of(prefix)
    }
    #[inline]
    fn behind(&self, head: &[u8], len: usize) -> Option<Self> {
        let mut out = Vec::with_capacity(head.len() + len);
        out.extend_from_slice(head);
        out.extend_from_slice(self.get(..len)?);
        Some(out)
    }
    #[inline]
    fn field_range<T: ?Sized, const W: usize>(
        head: &[u8],
        lo: Bound<&T>,
        hi: Bound<&T>,
        edge: &impl Fn(&T) -> Result<Edge<W>, EncodeError>,
        descending: bool,
        _digits: Digits,
    ) -> Result<KeyRangeOf<Self>, EncodeError> {
        let lo = edge_bound(lo, edge)?;
        let hi = edge_bound(hi, edge)?;
        field_range_slices(
            head,
            lo.as_ref().map(Edge::as_slice),
            hi.as_ref().map(Edge::as_slice),
            descending,
        )
    }
}

/// A range of keys: every key `k` with `start <= k < end` (bytewise), or
/// `start <= k` when the end is unbounded; its bytes held in `B`
/// ([`RangeBytes`]). User code names it through [`KeyRange`] (inline) or
/// [`KeyRangeBuf`] (heap).
///
/// An empty range has `end == start`, so [`KeyRangeOf::bounds`] is still a
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
// The lengths lie between the bounds (`repr(C)`): a `KeyRange<21>`'s end
// then starts 32 bytes after its start, on a 16-byte field of the error in
// a `Result` holding the range, so the end built in a register is stored
// whole, not in pieces cut where the error's fields divide the bytes, and
// no register keeps the padding after it (W4 `range_for_user_id_create_date`
// in BENCHMARKS.md: 99 to 86 instructions). Aligned to 32, each bound's
// first 16 bytes are one aligned store, a copy of the range (the bucket
// `Iterator`'s) moves whole 16-byte words, and a range of up to 32 bytes
// never straddles a cache line: at 16, the time of the same helper moved
// by up to 1.6x with where the stack put it, from run to run.
#[repr(C, align(32))]
pub struct KeyRangeOf<B> {
    start: Aligned<B>,
    start_len: u32,
    /// [`UNBOUNDED`]: no end.
    end_len: u32,
    end: Aligned<B>,
}

/// A bound's bytes at an 8-byte boundary, so that a range built in registers
/// is stored as whole words: the second array of a `KeyRange<21>` would
/// otherwise begin at an odd offset, and its bytes be shifted into place.
#[derive(Clone, Copy)]
#[repr(C, align(8))]
struct Aligned<B>(B);

/// A range with its bytes inline, in two `[u8; CAP]` arrays: building,
/// copying and fanning out ranges never touches the heap. The helpers of a
/// fixed key use `CAP = WIDTH + 1`; 64 when not named.
pub type KeyRange<const CAP: usize = 64> = KeyRangeOf<[u8; CAP]>;

/// A range with its bytes on the heap: what the helpers of variable-length
/// keys and of fixed keys of [`INLINE_RANGE_LIMIT`] bytes or more return.
/// Building, copying and paging ([`KeyRangeOf::after`]) allocate.
///
/// ```
/// use rowkey::KeyRangeBuf;
/// let r = KeyRangeBuf::prefix(&[7; 300])?;
/// assert_eq!(r.after(&[7; 400])?.start().len(), 401);
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
#[cfg(feature = "alloc")]
pub type KeyRangeBuf = KeyRangeOf<Vec<u8>>;

/// `end_len` of an unbounded range.
const UNBOUNDED: u32 = u32::MAX;

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

#[cold]
fn capacity_error<B: RangeBytes>(len: usize) -> EncodeError {
    EncodeError::new(
        "KeyRange",
        EncodeErrorKind::TooLong {
            len,
            max: B::capacity(),
        },
    )
}

/// A length as stored, or the capacity error.
#[inline(always)]
fn stored_len<B: RangeBytes>(len: usize) -> Result<u32, EncodeError> {
    if len <= B::capacity() {
        Ok(len as u32)
    } else {
        Err(capacity_error::<B>(len))
    }
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

/// [`successor`] out of line, for bytes whose last byte is 0xFF (the carry),
/// or fewer than `len` bytes (`None`).
#[cold]
#[inline(never)]
fn carried_successor(bytes: &mut [u8], len: usize) -> Option<usize> {
    bytes.get_mut(..len).and_then(|b| successor(b, len))
}

impl<B: RangeBytes> KeyRangeOf<B> {
    /// The whole key space.
    #[inline]
    pub fn all() -> Self {
        KeyRangeOf {
            start: Aligned(B::empty()),
            end: Aligned(B::empty()),
            start_len: 0,
            end_len: UNBOUNDED,
        }
    }

    /// Every key from `start` (inclusive) up to `end` (exclusive; `None`:
    /// unbounded). An `end` at or below `start` gives an empty range at `start`.
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when a bound is longer than an inline capacity.
    pub fn new(start: &[u8], end: Option<&[u8]>) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(&[start])?;
        if let Some(end) = end {
            if end <= start {
                r.make_empty();
            } else {
                r.set_end(&[end])?;
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
    /// [`EncodeErrorKind::TooLong`] when `prefix` is longer than an inline capacity.
    #[inline(always)]
    pub fn prefix(prefix: &[u8]) -> Result<Self, EncodeError> {
        B::prefix_range(prefix, false)
    }

    /// [`KeyRangeOf::prefix`] of bytes that end in an ASCII digit (a `pad`
    /// field's): the end is the last digit plus one.
    #[inline(always)]
    pub(crate) fn digit_prefix(prefix: &[u8]) -> Result<Self, EncodeError> {
        B::prefix_range(prefix, true)
    }

    /// [`KeyRangeOf::prefix`] in any bytes: the successor's carry over
    /// trailing 0xFF bytes, and the capacity's error.
    pub(crate) fn prefix_of(prefix: &[u8]) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(&[prefix])?;
        r.set_end_successor(&[prefix])?;
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
    /// [`EncodeErrorKind::TooLong`] when `key` fills an inline capacity.
    pub fn exact(key: &[u8]) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(&[key])?;
        r.set_end(&[key, &[0]])?;
        Ok(r)
    }

    /// Every key from `start` (inclusive) through every key that starts with
    /// `prefix`: `[start, successor(prefix))`. For keys whose shortest form
    /// (`start`, a Phoenix key ending after its last value) is a prefix of
    /// the bytes every longer form starts with.
    ///
    /// ```
    /// use rowkey::KeyRange;
    /// let r = KeyRange::<64>::prefix_from(b"ab", b"ab\0")?;
    /// assert!(r.contains(b"ab") && r.contains(b"ab\0c"));
    /// assert!(!r.contains(b"ab\x01") && !r.contains(b"abc"));
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`] when a bound is longer than an inline capacity.
    pub fn prefix_from(start: &[u8], prefix: &[u8]) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(&[start])?;
        r.set_end_successor(&[prefix])?;
        Ok(r)
    }

    /// Writes the concatenation of `parts` as the start.
    #[inline(always)]
    pub(crate) fn set_start(&mut self, parts: &[&[u8]]) -> Result<(), EncodeError> {
        self.start_len = write_parts(&mut self.start.0, parts)?;
        Ok(())
    }

    /// Writes the concatenation of `parts` as the end.
    #[inline(always)]
    pub(crate) fn set_end(&mut self, parts: &[&[u8]]) -> Result<(), EncodeError> {
        self.end_len = write_parts(&mut self.end.0, parts)?;
        Ok(())
    }

    /// Sets the end to the successor of the concatenation of `parts` (unbounded
    /// when every byte is 0xFF).
    #[inline(always)]
    pub(crate) fn set_end_successor(&mut self, parts: &[&[u8]]) -> Result<(), EncodeError> {
        self.end_len = successor_of(&mut self.end.0, parts)?.unwrap_or(UNBOUNDED);
        Ok(())
    }

    pub(crate) fn make_empty(&mut self) {
        self.end = self.start.clone();
        self.end_len = self.start_len;
    }

    /// The first key of the range (inclusive).
    #[inline]
    pub fn start(&self) -> &[u8] {
        self.start.0.first(self.start_len as usize)
    }

    /// The key the range stops before (exclusive); `None` when unbounded.
    #[inline]
    pub fn end(&self) -> Option<&[u8]> {
        (self.end_len != UNBOUNDED).then(|| self.end.0.first(self.end_len as usize))
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
    #[inline]
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
    /// [`EncodeErrorKind::TooLong`] when `last` fills an inline capacity
    /// (never for a key of the type whose helper made the range).
    pub fn after(&self, last: &[u8]) -> Result<Self, EncodeError> {
        let mut r = self.clone();
        if last < self.start() {
            return Ok(r);
        }
        r.set_start(&[last, &[0]])?;
        if r.end().is_some_and(|e| e <= r.start()) {
            r.make_empty();
        }
        Ok(r)
    }

    /// The keys that start with `head` and continue with a key in `inner`
    /// that runs to the end of the key (an index key ending with the main
    /// row's key): a scan that stops inside the embedded key. For a nested
    /// key that other fields follow, see [`KeyRangeOf::within_nested`].
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
    /// [`EncodeErrorKind::TooLong`] when the result does not fit an inline capacity.
    pub fn within<C: RangeBytes>(head: &[u8], inner: &KeyRangeOf<C>) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        r.set_start(&[head, inner.start()])?;
        match inner.end() {
            Some(end) => r.set_end(&[head, end])?,
            None => r.set_end_successor(&[head])?,
        }
        if r.is_empty() {
            r.make_empty();
        }
        Ok(r)
    }

    /// The keys that start with `head`, continue with a nested key of
    /// `width` bytes that lies in `inner`, and then hold any other fields:
    /// the scan of `prefix_for_.._within`. Exact for any `inner`, also for
    /// bounds longer than the nested key (from [`KeyRangeOf::after`] or
    /// [`KeyRangeOf::exact`] of it): a nested key `k` is at least a longer
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
    /// [`EncodeErrorKind::TooLong`] when the result does not fit an inline capacity.
    pub fn within_nested<C: RangeBytes>(
        head: &[u8],
        width: usize,
        inner: &KeyRangeOf<C>,
    ) -> Result<Self, EncodeError> {
        let mut r = Self::all();
        let s = inner.start();
        let s_head = &s[..s.len().min(width)];
        if s.len() > width {
            match successor_of(&mut r.start.0, &[head, s_head])? {
                Some(n) => r.start_len = n,
                // No nested key is above `s[..width]`, all 0xFF.
                None => {
                    r.set_start(&[head, s_head])?;
                    r.make_empty();
                    return Ok(r);
                }
            }
        } else {
            r.set_start(&[head, s_head])?;
        }
        match inner.end() {
            None => r.set_end_successor(&[head])?,
            Some(e) if e.len() > width => r.set_end_successor(&[head, &e[..width]])?,
            Some(e) => r.set_end(&[head, e])?,
        }
        if r.is_empty() {
            r.make_empty();
        }
        Ok(r)
    }

    /// For a range made by [`KeyRangeOf::within`] from a template whose end is
    /// bounded or not (`bounded_template`): the same range with another head of
    /// the same length (the next salt bucket), written over the old one instead
    /// of building the range again. Returns the new end length when it
    /// changes (an unbounded template's: the successor of the head alone).
    #[inline(always)]
    pub(crate) fn replace_head(&mut self, head: &[u8], bounded_template: bool) -> Option<u32> {
        let n = head.len();
        let (s, e) = (self.start.0.first_mut(n)?, self.end.0.first_mut(n)?);
        s.copy_from_slice(head);
        e.copy_from_slice(head);
        if bounded_template {
            return None;
        }
        self.end_len = successor(e, n).map_or(UNBOUNDED, |n| n as u32);
        Some(self.end_len)
    }

    /// [`KeyRangeOf::replace_head`] for a one-byte head.
    #[inline(always)]
    pub(crate) fn replace_head_byte(&mut self, head: u8, bounded_template: bool) -> Option<u32> {
        let (Some([s, ..]), Some([e, ..])) = (self.start.0.first_mut(1), self.end.0.first_mut(1))
        else {
            return None;
        };
        *s = head;
        if bounded_template {
            *e = head;
            return None;
        }
        // The successor of the head alone; of 0xFF, none.
        (*e, self.end_len) = match head {
            0xFF => (head, UNBOUNDED),
            _ => (head + 1, 1),
        };
        Some(self.end_len)
    }

    /// The lengths of the start and the end ([`UNBOUNDED`]: none).
    #[inline(always)]
    pub(crate) fn lens(&self) -> (u32, u32) {
        (self.start_len, self.end_len)
    }

    /// The bounds as [`KeyRangeOf::start`] and [`KeyRangeOf::end`] give
    /// them, for lengths the caller holds.
    #[inline(always)]
    pub(crate) fn bounds_of(&self, start_len: u32, end_len: u32) -> (&[u8], Option<&[u8]>) {
        let start = self.start.0.first(start_len as usize);
        let end = (end_len != UNBOUNDED).then(|| self.end.0.first(end_len as usize));
        (start, end)
    }

    /// Puts `head` (a salt bucket) in front of both bounds; an unbounded end
    /// becomes the successor of `head`, so the range stays inside the bucket:
    /// [`KeyRangeOf::within`], with each bound moved behind the head whole.
    #[inline(always)]
    pub(crate) fn with_head(&self, head: &[u8]) -> Result<Self, EncodeError> {
        let h = head.len();
        let start = self.start.0.behind(head, self.start_len as usize);
        let (end, end_len) = match self.end() {
            Some(e) => (self.end.0.behind(head, e.len()), self.end_len as usize + h),
            None => {
                let mut end = B::empty().behind(head, 0);
                let n = end.as_mut().and_then(|e| e.successor(h));
                (end, n.unwrap_or(UNBOUNDED as usize))
            }
        };
        let (Some(start), Some(end)) = (start, end) else {
            return Self::within(head, self);
        };
        let mut r = KeyRangeOf {
            start: Aligned(start),
            end: Aligned(end),
            start_len: (self.start_len as usize + h) as u32,
            end_len: end_len as u32,
        };
        if r.is_empty() {
            r.make_empty();
        }
        Ok(r)
    }
}

/// `head` followed by `bytes` (at most 16 of them, the last dropped), shifted
/// in a register: the result is then stored whole, and a fan-out that copies
/// it reads back one wide store rather than a byte and a run of narrower
/// ones, which the processor cannot forward to a wide load.
#[inline(always)]
fn behind_one<const CAP: usize>(bytes: &[u8; CAP], head: u8) -> [u8; CAP] {
    let mut word = [0u8; 16];
    word[..CAP].copy_from_slice(bytes);
    let word = (u128::from_le_bytes(word) << 8 | u128::from(head)).to_le_bytes();
    let mut out = [0u8; CAP];
    out.copy_from_slice(&word[..CAP]);
    out
}

/// Writes the concatenation of `parts` at the front of `bytes`; returns its length.
#[inline(always)]
fn write_parts<B: RangeBytes>(bytes: &mut B, parts: &[&[u8]]) -> Result<u32, EncodeError> {
    let n: usize = parts.iter().map(|p| p.len()).sum();
    let stored = stored_len::<B>(n)?;
    let dst = bytes.first_mut(n).ok_or_else(|| capacity_error::<B>(n))?;
    let mut at = 0;
    for p in parts {
        dst[at..at + p.len()].copy_from_slice(p);
        at += p.len();
    }
    Ok(stored)
}

/// Writes the successor of the concatenation of `parts` at the front of
/// `bytes`; returns its length, `None` when every byte is 0xFF.
#[inline(always)]
fn successor_of<B: RangeBytes>(bytes: &mut B, parts: &[&[u8]]) -> Result<Option<u32>, EncodeError> {
    let n = write_parts(bytes, parts)? as usize;
    Ok(bytes.successor(n).map(|n| n as u32))
}

impl<B: RangeBytes> PartialEq for KeyRangeOf<B> {
    fn eq(&self, other: &Self) -> bool {
        self.start() == other.start() && self.end() == other.end()
    }
}

impl<B: RangeBytes> Eq for KeyRangeOf<B> {}

impl<B: RangeBytes> fmt::Debug for KeyRangeOf<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyRange({self})")
    }
}

/// `[start, end)` in HBase shell text (`\xNN` for bytes that are not printable).
impl<B: RangeBytes> fmt::Display for KeyRangeOf<B> {
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
#[inline(always)]
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

/// The range of keys that start with `head` and whose next field (`W` bytes
/// wide) lies in `bounds`, each bound encoded by `edge`: what a generated
/// `range_for_*` helper returns, in one call so that each helper holds one
/// closure.
#[inline(always)]
pub fn field<B: RangeBytes, T: ?Sized, const W: usize>(
    head: &[u8],
    bounds: &impl RangeBounds<T>,
    edge: impl Fn(&T) -> Result<Edge<W>, EncodeError>,
    descending: bool,
) -> Result<KeyRangeOf<B>, EncodeError> {
    field_in(head, bounds, edge, descending, Digits::default())
}

/// What generated code knows of the bytes a range is built from: which are
/// ASCII digits (a `pad` field's), whose successor is the last digit plus
/// one, never a carry, so that none is tested for.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Digits {
    /// The field's bytes are digits.
    pub field: bool,
    /// The head is empty or ends in a digit.
    pub head: bool,
    /// How the range's lower bound compares with its upper one, when both
    /// are values of the field and its bytes sort as its values, one value
    /// to one encoding (`pad`'s digits): the range is then empty or not by
    /// the values, which are at hand, rather than by their bytes.
    pub values: Option<core::cmp::Ordering>,
}

/// [`field`]; `digits`: which bytes are ASCII digits (`pad`), whose
/// successor is the last digit plus one.
#[inline(always)]
pub(crate) fn field_in<B: RangeBytes, T: ?Sized, const W: usize>(
    head: &[u8],
    bounds: &impl RangeBounds<T>,
    edge: impl Fn(&T) -> Result<Edge<W>, EncodeError>,
    descending: bool,
    digits: Digits,
) -> Result<KeyRangeOf<B>, EncodeError> {
    B::field_range(
        head,
        bounds.start_bound(),
        bounds.end_bound(),
        &edge,
        descending,
        digits,
    )
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
    #[inline(always)]
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

#[inline(always)]
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

#[inline(always)]
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

/// The range's lower and upper side in byte order: a descending field's
/// bounds swap.
#[inline(always)]
fn sides<'a>(
    lo: Bound<SliceEdge<'a>>,
    hi: Bound<SliceEdge<'a>>,
    descending: bool,
) -> (Side<'a>, Side<'a>) {
    if descending {
        (upper_side(hi), lower_side(lo))
    } else {
        (lower_side(lo), upper_side(hi))
    }
}

/// The keys that start with `head` and continue with a `W`-byte field in
/// `lo..hi`: what `range_for_..` helpers return (before any salt fan-out).
/// Bounds outside the codec's range clamp; a descending field swaps them.
///
/// # Errors
/// [`EncodeErrorKind::TooLong`] when `head` plus the field exceeds an inline capacity.
#[inline(always)]
pub fn field_range<B: RangeBytes, const W: usize>(
    head: &[u8],
    lo: Bound<Edge<W>>,
    hi: Bound<Edge<W>>,
    descending: bool,
) -> Result<KeyRangeOf<B>, EncodeError> {
    B::field_range(
        head,
        lo.as_ref(),
        hi.as_ref(),
        &|e: &Edge<W>| Ok(*e),
        descending,
        Digits::default(),
    )
}

/// [`field_range`] for a field whose width is known only at run time: both
/// bounds' bytes must have the field's width.
///
/// ```
/// use core::ops::Bound::{Excluded, Included};
/// use rowkey::range::{field_range_slices, SliceEdge};
/// let r = field_range_slices::<[u8; 64]>(b"u1", Included(SliceEdge::Bytes(b"05")), Excluded(SliceEdge::Bytes(b"09")), false)?;
/// assert_eq!((r.start(), r.end()), (&b"u105"[..], Some(&b"u109"[..])));
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
///
/// # Errors
/// [`EncodeErrorKind::TooLong`] when `head` plus the field exceeds an inline capacity.
pub fn field_range_slices<B: RangeBytes>(
    head: &[u8],
    lo: Bound<SliceEdge<'_>>,
    hi: Bound<SliceEdge<'_>>,
    descending: bool,
) -> Result<KeyRangeOf<B>, EncodeError> {
    let (lo, hi) = sides(lo, hi, descending);
    let width = |s: &Side<'_>| match s {
        Side::Included(x) | Side::Excluded(x) => x.len(),
        Side::Open | Side::Nothing => 0,
    };
    stored_len::<B>(head.len() + width(&lo).max(width(&hi)))?;
    let mut r = KeyRangeOf::<B>::all();
    r.set_start(&[head])?;
    if matches!(lo, Side::Nothing) || matches!(hi, Side::Nothing) {
        r.make_empty();
        return Ok(r);
    }
    match lo {
        Side::Included(x) => r.set_start(&[head, x])?,
        Side::Excluded(x) => match successor_of(&mut r.start.0, &[head, x])? {
            Some(n) => r.start_len = n,
            None => {
                // Nothing sorts after an all-0xFF key with this prefix.
                r.make_empty();
                return Ok(r);
            }
        },
        Side::Open | Side::Nothing => {}
    }
    match hi {
        Side::Open | Side::Nothing => r.set_end_successor(&[head])?,
        Side::Included(x) => r.set_end_successor(&[head, x])?,
        Side::Excluded(x) => r.set_end(&[head, x])?,
    }
    if r.is_empty() {
        r.make_empty();
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ops::Bound::*;

    /// `head` then the first `len` of `bytes`, zeros after: what `behind` gives.
    fn concat<const CAP: usize>(head: &[u8], bytes: &[u8; CAP], len: usize) -> [u8; CAP] {
        let mut out = [0u8; CAP];
        out[..head.len()].copy_from_slice(head);
        out[head.len()..].copy_from_slice(&bytes[..CAP - head.len()]);
        assert!(head.len() + len <= CAP);
        out
    }

    fn behind_agrees<const CAP: usize>() {
        let bytes: [u8; CAP] = core::array::from_fn(|i| 0xF0 ^ (i as u8).wrapping_mul(37));
        for head in [&[0x00][..], &[0x63], &[0xFF], &[7, 9]] {
            for len in 0..=CAP - head.len() {
                assert_eq!(
                    bytes.behind(head, len),
                    Some(concat(head, &bytes, len)),
                    "CAP {CAP}, head {head:?}, len {len}"
                );
            }
        }
        assert_eq!(bytes.behind(&[1], CAP), None);
    }

    #[test]
    fn a_bucket_byte_shifted_in_a_register_gives_the_same_bytes() {
        behind_agrees::<2>();
        behind_agrees::<5>();
        behind_agrees::<14>();
        behind_agrees::<16>();
        behind_agrees::<17>();
        behind_agrees::<21>();
    }

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
        let r = field_range::<[u8; 16], 1>(
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
            field_range::<[u8; 16], 1>(&[0xFF], Excluded(Edge::Bytes([0xFF])), Unbounded, false)
                .unwrap();
        assert!(r.is_empty());
        let map = std::collections::BTreeMap::from([(std::vec![0xFFu8, 0xFF], ())]);
        assert_eq!(map.range::<[u8], _>(r.bounds()).count(), 0);
    }

    #[test]
    fn reversed_bounds_swap() {
        // descending u8: value v is stored as !v; values 2..5 are bytes !4..=!2
        let e = |v: u8| Edge::Bytes([!v]);
        let r = field_range::<[u8; 16], 1>(&[], Included(e(2)), Excluded(e(5)), true).unwrap();
        for v in 0..=255u8 {
            assert_eq!(r.contains(&[!v, 7]), (2..5).contains(&v), "{v}");
        }
    }

    #[test]
    fn clamps_out_of_range_bounds() {
        let r = field_range::<[u8; 16], 1>(
            &[9],
            Included(Edge::BelowMin),
            Included(Edge::AboveMax),
            false,
        )
        .unwrap();
        assert_eq!(r, R::prefix(&[9]).unwrap());
        let r =
            field_range::<[u8; 16], 1>(&[9], Included(Edge::AboveMax), Unbounded, false).unwrap();
        assert!(r.is_empty());
        let r = field_range::<[u8; 16], 1>(
            &[9],
            Included(Edge::Bytes([5])),
            Excluded(Edge::Bytes([3])),
            false,
        )
        .unwrap();
        assert!(r.is_empty());
    }

    #[test]
    fn debug_and_display_write_the_bounds_as_shell_text() {
        use std::format;
        let r = R::prefix(b"user\x001").unwrap();
        assert_eq!(format!("{r}"), r#"["user\x001", "user\x002")"#);
        assert_eq!(format!("{r:?}"), r#"KeyRange(["user\x001", "user\x002"))"#);
        // A backslash is escaped too; an end that nothing follows is unbounded.
        let r = R::new(&[0xFF, b'\\'], None).unwrap();
        assert_eq!(format!("{r:?}"), r#"KeyRange(["\xFF\x5C", unbounded))"#);
        #[cfg(feature = "alloc")]
        {
            let r = KeyRangeBuf::exact(b"k").unwrap();
            assert_eq!(format!("{r:?}"), r#"KeyRange(["k", "k\x00"))"#);
        }
    }

    #[test]
    fn after_resumes_and_ends() {
        let r = R::new(b"a", Some(b"b")).unwrap();
        assert_eq!(r.after(b"a1").unwrap().start(), b"a1\0");
        assert!(r.after(b"b").unwrap().is_empty());
        assert!(R::all().after(&[0; 16]).is_err());
    }

    /// Two ranges are equal when their bounds are.
    #[test]
    fn ranges_are_equal_by_their_bounds() {
        let r = R::new(b"a", Some(b"b")).unwrap();
        assert_eq!(r, R::new(b"a", Some(b"b")).unwrap());
        assert_ne!(r, R::new(b"a", Some(b"c")).unwrap());
        assert_ne!(r, R::new(b"a", None).unwrap());
        assert_ne!(r, R::new(b"", Some(b"b")).unwrap());
        assert_eq!(r.after(b"a").unwrap(), R::new(b"a\0", Some(b"b")).unwrap());
    }

    /// A heap bound's length is stored as a `u32`: every length up to the
    /// capacity fits one, and the first past it is refused, not truncated.
    #[cfg(feature = "alloc")]
    #[test]
    fn a_heap_bounds_length_fits_its_u32() {
        use alloc::vec::Vec;
        let max = <Vec<u8> as RangeBytes>::capacity();
        assert_eq!(stored_len::<Vec<u8>>(max), Ok(max as u32));
        assert_eq!(max as u32 as usize, max);
        let e = stored_len::<Vec<u8>>(u32::MAX as usize).unwrap_err();
        let too_long = EncodeErrorKind::TooLong {
            len: u32::MAX as usize,
            max,
        };
        assert_eq!(e.kind(), too_long);
    }
}
