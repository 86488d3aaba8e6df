//! Salt buckets: a short prefix, computed from the key's own fields, that
//! spreads sequential keys over regions while every key stays findable.
//!
//! # The hash (a stable format)
//!
//! For `#[salt(mod = N)]` the bucket is
//!
//! ```text
//! bucket = xxh32(seed = 0, bytes) mod N
//! ```
//!
//! where `bytes` is the concatenation, in declaration order, of the *encoded*
//! bytes of every field marked `#[salt]` (exactly as they appear in the key,
//! so `#[reverse]` and `#[pad]` apply first), and `xxh32` is xxHash32 as
//! specified at <https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md>
//! (Python: `xxhash.xxh32(bytes, seed=0).intdigest() % N`). The bucket is
//! written first in the key: one byte when `N <= 256`, two bytes big-endian
//! when `N <= 65536`, or, with `#[salt(mod = N, pad = D)]`, `D` zero-padded
//! ASCII digits.
//!
//! With `#[rowkey(salt(buckets = N, phoenix))]` the bucket is Apache Phoenix's
//! salt byte instead: over every key byte after the salt, `h = 1; h = 31 * h +
//! (byte as i8)` in wrapping `i32` arithmetic, then `|h % N|` (`N <= 256`),
//! so Rust can write rows into a Phoenix `SALT_BUCKETS = N` table.
//!
//! `#[salt(mod = N, hash = modulo)]` keeps the byte layout and replaces the
//! hash: the salted bytes read as one big-endian unsigned integer, mod `N`.
//! The derive allows it on unsigned integers in their native or `be_u*`
//! codec, whose bytes are exactly that integer, so the bucket is the field's
//! value mod `N` (`hash(ts) % servers` as often written by hand, OpenTSDB's metric-id salt).
//! `#[salt(mod = N, hash = path::to::f)]` calls the user's
//! `fn(&[u8]) -> u32` on the same bytes and takes the result mod `N`; that
//! function is then part of the key's format, and must never change.
//!
//! ```
//! use rowkey::Salt;
//! // xxh32(00 00 00 07, seed 0) = 0x7EA0B2A8 (Python: xxhash.xxh32(bytes([0, 0, 0, 7])))
//! assert_eq!(Salt::new(100).bucket_of(&[0, 0, 0, 7]), 0x7EA0_B2A8 % 100);
//! assert_eq!(Salt::new(100).bucket_of(&[0, 0, 0, 7]), 12);
//! ```

use crate::range::{KeyRangeOf, RangeBytes};
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};
use rowkey_format::limits::{MAX_BUCKETS, MAX_PHOENIX_BUCKETS, MAX_SALT_DIGITS};

/// How the bucket is computed and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaltFormat {
    /// xxh32 of the salted fields, one byte (N <= 256) or two bytes big-endian.
    Binary,
    /// xxh32 of the salted fields, as this many zero-padded ASCII digits.
    Digits(u8),
    /// Apache Phoenix's salt byte over the rest of the key.
    Phoenix,
}

/// How the salted fields' bytes become a bucket (before `mod N`).
///
/// ```
/// use rowkey::{Salt, SaltHash};
/// let by_value = Salt::new(100).with_hash(SaltHash::Modulo);
/// assert_eq!(by_value.bucket_of(&1234u32.to_be_bytes()), 34);
/// fn first_byte(b: &[u8]) -> u32 { b.first().copied().unwrap_or(0).into() }
/// let custom = Salt::new(10).with_hash(SaltHash::Custom(first_byte));
/// assert_eq!(custom.bucket_of(&[57, 1]), 7);
/// ```
#[derive(Debug, Clone, Copy, Eq)]
pub enum SaltHash {
    /// The format's own: xxh32, or for [`SaltFormat::Phoenix`] Phoenix's hash.
    Format,
    /// The bytes as one big-endian unsigned integer (`#[salt(hash = modulo)]`).
    Modulo,
    /// The user's function (`#[salt(hash = path::to::f)]`), a format contract.
    Custom(fn(&[u8]) -> u32),
}

/// Two user hashes are equal when they are the same function pointer.
impl PartialEq for SaltHash {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (SaltHash::Custom(a), SaltHash::Custom(b)) => core::ptr::fn_addr_eq(*a, *b),
            (SaltHash::Format, SaltHash::Format) | (SaltHash::Modulo, SaltHash::Modulo) => true,
            _ => false,
        }
    }
}

/// A key's salt: the bucket count, how the bucket is written and how it is hashed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Salt {
    buckets: u32,
    format: SaltFormat,
    hash: SaltHash,
}

/// The bytes of one bucket prefix or split point, inline.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SplitPoint {
    bytes: [u8; 8],
    len: u8,
}

impl SplitPoint {
    /// The bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }
}

impl AsRef<[u8]> for SplitPoint {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl core::fmt::Debug for SplitPoint {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "\"{}\"", crate::text::StringBinary(self.as_bytes()))
    }
}

impl Salt {
    /// `N` buckets, written as one byte (N <= 256) or two (N <= 65536).
    /// The derive rejects other counts at compile time; here they are clamped to 1..=65536.
    pub const fn new(buckets: u32) -> Self {
        Salt {
            buckets: clamp(buckets, MAX_BUCKETS as u32),
            format: SaltFormat::Binary,
            hash: SaltHash::Format,
        }
    }

    /// `N` buckets written as `digits` zero-padded ASCII digits (`0000`..`9999` for 10,000 buckets).
    /// The derive rejects other counts at compile time; here `digits` is clamped
    /// to 1..=8 (a [`SplitPoint`] holds 8 bytes) and `N` to what they can write.
    pub const fn digits(buckets: u32, digits: u8) -> Self {
        let digits = if digits == 0 {
            1
        } else if digits as u64 > MAX_SALT_DIGITS {
            MAX_SALT_DIGITS as u8
        } else {
            digits
        };
        Salt {
            buckets: clamp(buckets, clamp(10u32.pow(digits as u32), MAX_BUCKETS as u32)),
            format: SaltFormat::Digits(digits),
            hash: SaltHash::Format,
        }
    }

    /// Apache Phoenix's salt byte with `N` buckets (N <= 256).
    pub const fn phoenix(buckets: u32) -> Self {
        Salt {
            buckets: clamp(buckets, MAX_PHOENIX_BUCKETS as u32),
            format: SaltFormat::Phoenix,
            hash: SaltHash::Format,
        }
    }

    /// The same salt with another hash; a Phoenix salt keeps Phoenix's.
    pub const fn with_hash(self, hash: SaltHash) -> Self {
        let hash = match self.format {
            SaltFormat::Phoenix => SaltHash::Format,
            _ => hash,
        };
        Salt { hash, ..self }
    }

    /// How the bucket is hashed.
    pub const fn hash(&self) -> SaltHash {
        self.hash
    }

    /// The bucket count.
    pub const fn buckets(&self) -> u32 {
        self.buckets
    }

    /// How the bucket is written.
    pub const fn format(&self) -> SaltFormat {
        self.format
    }

    /// Bytes the bucket takes at the front of the key.
    pub const fn width(&self) -> usize {
        match self.format {
            SaltFormat::Binary => rowkey_format::limits::salt_width(self.buckets),
            SaltFormat::Phoenix => 1,
            SaltFormat::Digits(d) => d as usize,
        }
    }

    /// The bucket of a key whose salted bytes are `bytes` (for Phoenix: every
    /// key byte after the salt).
    #[inline]
    pub fn bucket_of(&self, bytes: &[u8]) -> u32 {
        match (self.format, self.hash) {
            (SaltFormat::Phoenix, _) => phoenix_bucket(bytes, self.buckets),
            (_, SaltHash::Format) => xxh32(bytes) % self.buckets,
            (_, SaltHash::Modulo) => modulo_step(0, bytes, self.buckets),
            (_, SaltHash::Custom(f)) => f(bytes) % self.buckets,
        }
    }

    /// [`Salt::bucket_of`] for salted bytes of a width known at compile time
    /// (a fixed key's): the same bucket, with xxh32 inlined for that width.
    #[doc(hidden)]
    #[inline(always)]
    pub fn bucket_of_fixed<const N: usize>(&self, bytes: &[u8; N]) -> u32 {
        match (self.format, self.hash) {
            (SaltFormat::Binary | SaltFormat::Digits(_), SaltHash::Format) => {
                crate::xxh32::fixed(bytes) % self.buckets
            }
            _ => self.bucket_of(bytes),
        }
    }

    /// The bucket when the salted fields are not next to each other in the key:
    /// the hash of their concatenation.
    #[inline]
    pub fn bucket_of_parts(&self, parts: &[&[u8]]) -> u32 {
        match (self.format, self.hash) {
            (_, SaltHash::Modulo) => parts.iter().fold(0, |r, p| modulo_step(r, p, self.buckets)),
            (_, SaltHash::Custom(f)) => custom_of_parts(f, parts) % self.buckets,
            (SaltFormat::Phoenix, _) => {
                let mut h = 1i32;
                for p in parts {
                    h = phoenix_step(h, p);
                }
                phoenix_finish(h, self.buckets)
            }
            // One field: the one-shot hash, without the streaming state.
            (_, SaltHash::Format) if parts.len() == 1 => self.bucket_of(parts[0]),
            (_, SaltHash::Format) => {
                let mut x = xxhash_rust::xxh32::Xxh32::new(0);
                for p in parts {
                    x.update(p);
                }
                x.digest() % self.buckets
            }
        }
    }

    /// Writes `bucket` into the first [`Salt::width`] bytes of `out`.
    ///
    /// ```
    /// use rowkey::{EncodeErrorKind, Salt};
    /// let mut key = [0u8; 6];
    /// Salt::digits(10_000, 4).write(42, &mut key)?;
    /// assert_eq!(&key[..4], b"0042");
    /// let short = Salt::digits(10_000, 4).write(42, &mut key[..3]).unwrap_err();
    /// assert_eq!(short.kind(), EncodeErrorKind::BufferTooSmall { needed: 4, available: 3 });
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::BufferTooSmall`] when `out` is shorter than the bucket.
    #[inline]
    pub fn write(&self, bucket: u32, out: &mut [u8]) -> Result<(), EncodeError> {
        let available = out.len();
        match out.get_mut(..self.width()) {
            Some(out) => {
                self.fill(bucket, out);
                Ok(())
            }
            None => Err(EncodeError::new(
                "salt",
                EncodeErrorKind::BufferTooSmall {
                    needed: self.width(),
                    available,
                },
            )),
        }
    }

    /// Writes `bucket` into `out`, exactly [`Salt::width`] bytes long.
    #[inline]
    fn fill(&self, bucket: u32, out: &mut [u8]) {
        match (self.format, out) {
            (SaltFormat::Binary, [hi, lo]) => [*hi, *lo] = (bucket as u16).to_be_bytes(),
            (SaltFormat::Binary | SaltFormat::Phoenix, [b]) => *b = bucket as u8,
            (_, out) => {
                let mut v = bucket;
                for b in out.iter_mut().rev() {
                    *b = b'0' + (v % 10) as u8;
                    v /= 10;
                }
            }
        }
    }

    /// Reads the bucket at the front of `key`.
    ///
    /// # Errors
    /// A short key, a non-digit in a digits bucket, or a bucket at or above the count.
    #[inline]
    pub fn read(&self, key: &[u8]) -> Result<u32, DecodeError> {
        let bucket = self.read_any(key)?;
        if bucket >= self.buckets {
            return Err(self.out_of_range(bucket));
        }
        Ok(bucket)
    }

    /// The number the bucket bytes at the front of `key` spell, whether or
    /// not it is a bucket.
    #[inline]
    fn read_any(&self, key: &[u8]) -> Result<u32, DecodeError> {
        let w = self.width();
        let Some(bytes) = key.get(..w) else {
            return Err(DecodeError::new(
                "salt",
                0,
                DecodeErrorKind::TooShort {
                    min: w,
                    found: key.len(),
                },
            ));
        };
        Ok(match self.format {
            SaltFormat::Binary if self.buckets > 256 => {
                u16::from_be_bytes([bytes[0], bytes[1]]) as u32
            }
            SaltFormat::Binary | SaltFormat::Phoenix => bytes[0] as u32,
            SaltFormat::Digits(_) => {
                let mut v = 0u32;
                for (i, &c) in bytes.iter().enumerate() {
                    let d = c.wrapping_sub(b'0');
                    if d > 9 {
                        return Err(DecodeError::new(
                            "salt",
                            i,
                            DecodeErrorKind::NotDigit { found: c },
                        ));
                    }
                    v = v.saturating_mul(10).saturating_add(d as u32);
                }
                v
            }
        })
    }

    #[cold]
    fn out_of_range(&self, found: u32) -> DecodeError {
        DecodeError::new(
            "salt",
            0,
            DecodeErrorKind::BucketOutOfRange {
                found,
                buckets: self.buckets,
            },
        )
    }

    /// Checks that the bucket at the front of `key` is `expected`, for decode.
    ///
    /// # Errors
    /// As [`Salt::read`], and [`DecodeErrorKind::SaltMismatch`].
    #[inline]
    pub fn check(&self, key: &[u8], expected: u32) -> Result<(), DecodeError> {
        let found = self.read_any(key)?;
        if self.is_expected(found, expected) {
            return Ok(());
        }
        Err(self.mismatch(found, expected))
    }

    /// [`Salt::check`]'s verdict alone, without an error to build.
    #[inline]
    #[cfg(feature = "alloc")]
    pub(crate) fn holds(&self, key: &[u8], expected: u32) -> bool {
        self.read_any(key)
            .is_ok_and(|found| self.is_expected(found, expected))
    }

    /// Whether the bucket `found` is the `expected` one, which is a bucket.
    #[inline]
    fn is_expected(&self, found: u32, expected: u32) -> bool {
        // A bucket equal to the expected one is in range when that one is,
        // which a caller's `hash % buckets` shows the compiler: one compare.
        found == expected && expected < self.buckets
    }

    /// The error of [`Salt::check`] when the bucket read is not `expected`.
    #[cold]
    fn mismatch(&self, found: u32, expected: u32) -> DecodeError {
        if found >= self.buckets {
            return self.out_of_range(found);
        }
        DecodeError::new("salt", 0, DecodeErrorKind::SaltMismatch { expected, found })
    }

    /// The key prefix of `bucket`.
    #[inline]
    pub fn prefix(&self, bucket: u32) -> SplitPoint {
        let mut p = SplitPoint {
            bytes: [0; 8],
            len: self.width() as u8,
        };
        self.fill(bucket, &mut p.bytes[..self.width()]);
        p
    }

    /// The `N - 1` bucket boundaries (the prefixes of buckets `1..N`), to
    /// pre-split a table into one region per bucket.
    ///
    /// ```
    /// use rowkey::Salt;
    /// let splits: Vec<_> = Salt::new(4).split_points().map(|p| p.as_bytes().to_vec()).collect();
    /// assert_eq!(splits, [[1], [2], [3]]);
    /// ```
    pub fn split_points(&self) -> SplitPoints {
        self.region_split_points(self.buckets)
    }

    /// The `regions - 1` split points of `regions` regions over the buckets:
    /// region `i` starts at bucket `floor(i * N / regions)`: 10,000
    /// digit prefixes in 100 regions split at `0100`, `0200`, ... `9900`.
    /// `regions` is clamped to `1..=N`.
    ///
    /// ```
    /// use rowkey::Salt;
    /// let salt = Salt::digits(10_000, 4);
    /// let splits: Vec<_> = salt.region_split_points(100).collect();
    /// assert_eq!(splits.len(), 99);
    /// assert_eq!(splits[0].as_bytes(), b"0100");
    /// assert_eq!(splits[98].as_bytes(), b"9900");
    /// assert_eq!(salt.region_start(150, 100).as_bytes(), b"0100");
    /// ```
    pub fn region_split_points(&self, regions: u32) -> SplitPoints {
        SplitPoints {
            salt: *self,
            regions: regions.clamp(1, self.buckets),
            next: 1,
        }
    }

    /// The region (`0..regions`) that holds `bucket`.
    pub fn region_of(&self, bucket: u32, regions: u32) -> u32 {
        let regions = regions.clamp(1, self.buckets) as u64;
        (((bucket as u64 + 1) * regions - 1) / self.buckets as u64) as u32
    }

    /// The first bucket's prefix of the region that holds `bucket`: the
    /// region start key that co-located index rows begin with.
    pub fn region_start(&self, bucket: u32, regions: u32) -> SplitPoint {
        self.prefix(self.region_start_bucket(bucket, regions))
    }

    /// The first bucket of the region that holds `bucket`, as a number: for
    /// an index key whose region field is typed (`#[pad(4)] region: u16`).
    ///
    /// ```
    /// use rowkey::Salt;
    /// assert_eq!(Salt::digits(10_000, 4).region_start_bucket(4563, 100), 4500);
    /// ```
    pub fn region_start_bucket(&self, bucket: u32, regions: u32) -> u32 {
        self.region_first_bucket(self.region_of(bucket, regions), regions)
    }

    /// The start key of every one of `regions` regions, region 0 (the first
    /// bucket) included: the split points with the table's first key in front.
    ///
    /// ```
    /// use rowkey::Salt;
    /// let starts: Vec<_> = Salt::new(8).region_starts(4).map(|p| p.as_bytes()[0]).collect();
    /// assert_eq!(starts, [0, 2, 4, 6]);
    /// ```
    pub fn region_starts(&self, regions: u32) -> SplitPoints {
        SplitPoints {
            salt: *self,
            regions: regions.clamp(1, self.buckets),
            next: 0,
        }
    }

    fn region_first_bucket(&self, region: u32, regions: u32) -> u32 {
        let regions = regions.clamp(1, self.buckets) as u64;
        (region as u64 * self.buckets as u64 / regions) as u32
    }

    /// One range per bucket: `template` (a range of keys without their
    /// bucket) with each bucket's prefix in front, in bucket order.
    ///
    /// # Errors
    /// When the template plus the bucket does not fit `CAP`.
    #[inline(always)]
    pub fn fan_out<B: RangeBytes>(
        &self,
        template: KeyRangeOf<B>,
    ) -> Result<BucketRangesOf<B>, EncodeError> {
        // Built once here, which also checks that every bucket's range fits
        // (all prefixes have the same width); `next` only patches the bucket
        // bytes of a copy's start and end.
        let first = template.with_head(self.prefix(0).as_bytes())?;
        Ok(BucketRangesOf {
            salt: *self,
            bounded: template.end().is_some(),
            template,
            first,
            next: 0,
        })
    }
}

const fn clamp(n: u32, max: u32) -> u32 {
    if n == 0 {
        1
    } else if n > max {
        max
    } else {
        n
    }
}

/// xxh32 (seed 0) of `bytes`; the widths of `u32` and `u64` fields take
/// the steps for that length alone, as a fixed key's decode does.
#[inline]
fn xxh32(bytes: &[u8]) -> u32 {
    if let Ok(b) = <&[u8; 8]>::try_from(bytes) {
        return crate::xxh32::fixed(b);
    }
    if let Ok(b) = <&[u8; 4]>::try_from(bytes) {
        return crate::xxh32::fixed(b);
    }
    xxhash_rust::xxh32::xxh32(bytes, 0)
}

/// `(r * 256^len + bytes as a big-endian integer) mod n`, one byte at a time,
/// so the integer may be any width.
fn modulo_step(r: u32, bytes: &[u8], n: u32) -> u32 {
    let n = u64::from(n);
    let r = bytes
        .iter()
        .fold(u64::from(r), |r, &b| (r * 256 + u64::from(b)) % n);
    r as u32
}

/// A user hash over the concatenation of `parts`. The derive hashes one run
/// of bytes (it requires the salted fields to be adjacent); this serves
/// layouts read at run time. Up to 256 bytes are joined on the stack, in
/// every build; longer parts need an allocator.
fn custom_of_parts(f: fn(&[u8]) -> u32, parts: &[&[u8]]) -> u32 {
    let mut buf = [0u8; 256];
    match join(&mut buf, parts) {
        Some(n) => f(&buf[..n]),
        None => custom_of_long_parts(f, parts),
    }
}

/// Copies `parts` one after another into `buf`; their total length, or
/// `None` when they do not fit.
fn join(buf: &mut [u8], parts: &[&[u8]]) -> Option<usize> {
    let mut n = 0;
    for p in parts {
        buf.get_mut(n..n + p.len())?.copy_from_slice(p);
        n += p.len();
    }
    Some(n)
}

#[cfg(feature = "alloc")]
fn custom_of_long_parts(f: fn(&[u8]) -> u32, parts: &[&[u8]]) -> u32 {
    f(&parts.concat())
}

/// Without an allocator (and so without run-time layouts, only derived keys,
/// which never get here) the hash of more than 256 bytes of parts is
/// `u32::MAX`, never a hash of some of the bytes.
#[cfg(not(feature = "alloc"))]
fn custom_of_long_parts(_f: fn(&[u8]) -> u32, _parts: &[&[u8]]) -> u32 {
    u32::MAX
}

fn phoenix_step(mut h: i32, bytes: &[u8]) -> i32 {
    for &b in bytes {
        h = h.wrapping_mul(31).wrapping_add(b as i8 as i32);
    }
    h
}

fn phoenix_finish(h: i32, buckets: u32) -> u32 {
    (h % buckets as i32).unsigned_abs()
}

/// Apache Phoenix's salt byte for the key bytes after the salt.
///
/// ```
/// // h = 31 * 1 + 'a' = 128; 128 % 16 = 0
/// assert_eq!(rowkey::salt::phoenix_bucket(b"a", 16), 0);
/// ```
pub fn phoenix_bucket(bytes: &[u8], buckets: u32) -> u32 {
    phoenix_finish(phoenix_step(1, bytes), buckets.clamp(1, 256))
}

/// Split points of a salted key: see [`Salt::region_split_points`].
#[derive(Debug, Clone)]
pub struct SplitPoints {
    salt: Salt,
    regions: u32,
    next: u32,
}

impl Iterator for SplitPoints {
    type Item = SplitPoint;

    fn next(&mut self) -> Option<SplitPoint> {
        if self.next >= self.regions {
            return None;
        }
        let b = self.salt.region_first_bucket(self.next, self.regions);
        self.next += 1;
        Some(self.salt.prefix(b))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.regions.saturating_sub(self.next) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SplitPoints {}

/// One range per salt bucket, in bucket order, each the first one with its
/// bucket bytes patched: for inline ranges ([`BucketRanges`]) no allocation,
/// whatever the bucket count; heap-backed ones ([`BucketRangesBuf`]) clone
/// each range.
#[derive(Debug, Clone)]
pub struct BucketRangesOf<B: RangeBytes> {
    salt: Salt,
    template: KeyRangeOf<B>,
    /// Whether the template's end is bounded (else each end is its bucket's successor).
    bounded: bool,
    /// The range of bucket 0; the others are copies with their bucket patched.
    first: KeyRangeOf<B>,
    next: u32,
}

/// The bucket ranges of a fixed key's helpers, inline: no allocation.
pub type BucketRanges<const CAP: usize = 64> = BucketRangesOf<[u8; CAP]>;

/// The bucket ranges of a variable-length (or very wide) key's helpers, on
/// the heap: each range yielded allocates.
#[cfg(feature = "alloc")]
pub type BucketRangesBuf = BucketRangesOf<alloc::vec::Vec<u8>>;

impl<B: RangeBytes> BucketRangesOf<B> {
    /// The range within every bucket, without the bucket prefix.
    pub fn template(&self) -> &KeyRangeOf<B> {
        &self.template
    }

    /// Calls `f` with the bounds of each remaining bucket's range in bucket
    /// order, as [`KeyRangeOf::start`] and [`KeyRangeOf::end`] give them
    /// (the shapes store range reads take), lent rather than copied: one
    /// range, with each bucket's bytes written over the previous one's (one
    /// or two for a binary salt). What a loop that hands each range to a
    /// store needs: no range is copied, so a fan-out costs what
    /// hand-written code costs (BENCHMARKS.md, W4). The [`Iterator`] gives
    /// each range by value instead, for loops that await or return early.
    ///
    /// ```
    /// use rowkey::Salt;
    /// let ranges = Salt::new(4).fan_out(rowkey::KeyRange::<8>::prefix(b"ab")?)?;
    /// let mut starts = Vec::new();
    /// ranges.lend_each(|start, end| starts.push((start.to_vec(), end.map(<[u8]>::to_vec))));
    /// assert_eq!(starts[1], (b"\x01ab".to_vec(), Some(b"\x01ac".to_vec())));
    /// assert_eq!(starts.len(), 4);
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    #[inline(always)]
    pub fn lend_each(self, mut f: impl FnMut(&[u8], Option<&[u8]>)) {
        // The count, the salt and the lengths stay in registers while `f`
        // is handed the range's bytes.
        let (salt, bounded) = (self.salt, self.bounded);
        let mut line = CacheLine(self.first);
        let range = &mut line.0;
        let (start_len, mut end_len) = range.lens();
        for bucket in self.next..salt.buckets {
            if bucket > 0 {
                if let Some(n) = salt.patch(range, bucket, bounded) {
                    end_len = n;
                }
            }
            let (start, end) = range.bounds_of(start_len, end_len);
            f(start, end);
        }
    }

    /// The next bucket to yield, counted as yielded.
    #[inline(always)]
    fn take_bucket(&mut self) -> Option<u32> {
        let bucket = self.next;
        if bucket >= self.salt.buckets {
            return None;
        }
        self.next += 1;
        Some(bucket)
    }
}

/// A value at the start of a 64-byte cache line: where [`BucketRangesOf::lend_each`]
/// patches and lends each bucket's range, so that its time does not depend
/// on where the stack puts it (up to 1.6x from run to run at 16 bytes).
#[repr(align(64))]
struct CacheLine<T>(T);

impl Salt {
    /// Writes `bucket`'s prefix over the one `range` starts with (a range of
    /// [`Salt::fan_out`], from a template whose end is `bounded` or not);
    /// returns the end's new length when it changes.
    #[inline(always)]
    fn patch<B: RangeBytes>(
        &self,
        range: &mut KeyRangeOf<B>,
        bucket: u32,
        bounded: bool,
    ) -> Option<u32> {
        if self.width() == 1 && self.format != SaltFormat::Digits(1) {
            // The usual salt, one binary byte: patch it, no prefix built.
            range.replace_head_byte(bucket as u8, bounded)
        } else {
            let head = self.prefix(bucket);
            range.replace_head(head.as_bytes(), bounded)
        }
    }
}

impl<B: RangeBytes> Iterator for BucketRangesOf<B> {
    type Item = KeyRangeOf<B>;

    #[inline(always)]
    fn next(&mut self) -> Option<KeyRangeOf<B>> {
        let bucket = self.take_bucket()?;
        // A copy of the range held, with the bucket patched in the copy.
        let mut range = self.first.clone();
        if bucket > 0 {
            self.salt.patch(&mut range, bucket, self.bounded);
        }
        Some(range)
    }

    /// Skips to bucket `n` from here without copying the ranges passed
    /// over: one clone, not `n + 1`, for a scan that wants one bucket.
    fn nth(&mut self, n: usize) -> Option<KeyRangeOf<B>> {
        let skip = u32::try_from(n).unwrap_or(u32::MAX);
        self.next = self.next.saturating_add(skip).min(self.salt.buckets);
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.salt.buckets - self.next.min(self.salt.buckets)) as usize;
        (n, Some(n))
    }
}

impl<B: RangeBytes> ExactSizeIterator for BucketRangesOf<B> {}

/// The salt bucket's segment ([`FieldCodec::Salt`](crate::FieldCodec::Salt)):
/// its bytes are the [`Salt`]'s, which the key's layout holds, so code that
/// reads a key by its layout reads the bucket through the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket;

impl Bucket {
    /// Feeds the segment's fingerprint bytes.
    pub(crate) const fn fingerprint(&self, h: crate::fnv::Fnv) -> crate::fnv::Fnv {
        h.byte(0x0D)
    }
}

#[cfg(feature = "alloc")]
mod layout_codec {
    use super::Bucket;
    use crate::codec::prelude::*;

    impl<'a> Codec<'a> for Bucket {
        fn ordered(&self, _descending: bool) -> bool {
            false
        }

        fn read(&self, _r: &mut Reader<'_>, _f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
            Ok(Value::Unit)
        }

        fn write(
            &self,
            _v: &Value<'_>,
            _f: FieldRef<'a>,
            _out: &mut Vec<u8>,
        ) -> Result<(), InputError> {
            Ok(())
        }

        fn parse(&self, _text: &str, _f: FieldRef<'a>) -> Result<Value<'a>, InputError> {
            Ok(Value::Unit)
        }

        fn to_json(&self, out: &mut String) {
            crate::json::Object::new(out).str("kind", "salt").end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xxh32_golden() {
        // Reference values of xxHash32 with seed 0.
        assert_eq!(xxhash_rust::xxh32::xxh32(b"", 0), 0x02CC_5D05);
        assert_eq!(xxhash_rust::xxh32::xxh32(b"a", 0), 0x550D_7456);
        let s = Salt::new(100);
        assert_eq!(s.bucket_of(b"a"), 0x550D_7456 % 100);
        assert_eq!(
            s.bucket_of_parts(&[b"ab", b"c"]),
            s.bucket_of(b"abc"),
            "parts hash as their concatenation"
        );
    }

    /// A user hash that every byte and its position change (FNV-1a, 32 bits).
    fn fnv1a(bytes: &[u8]) -> u32 {
        bytes.iter().fold(0x811C_9DC5, |h, &b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        })
    }

    #[test]
    fn parts_hash_as_their_concatenation() {
        let long: std::vec::Vec<u8> = (0..300u32).map(|i| (i * 7 + i / 5) as u8).collect();
        // 256 bytes are joined on the stack, 257 and more on the heap.
        let keys: [&[u8]; 5] = [
            b"",
            b"tenant-7\0order-42",
            &long[..256],
            &long[..257],
            &long,
        ];
        let salts = [
            Salt::new(100),
            Salt::new(1000),
            Salt::digits(10_000, 4),
            Salt::new(97).with_hash(SaltHash::Modulo),
            Salt::new(97).with_hash(SaltHash::Custom(fnv1a)),
            Salt::phoenix(16),
        ];
        for key in keys {
            let n = key.len();
            for (i, j) in [(0, 0), (0, n), (1, 2), (n / 3, n / 2), (n / 2, n), (n, n)] {
                let (i, j) = (i.min(n), j.min(n));
                let parts = [&key[..i], &key[i..j], &key[j..]];
                for salt in salts {
                    if n > 256 && !HEAP && matches!(salt.hash(), SaltHash::Custom(_)) {
                        continue;
                    }
                    assert_eq!(
                        salt.bucket_of_parts(&parts),
                        salt.bucket_of(key),
                        "{salt:?} {n} bytes split at {i}, {j}"
                    );
                }
                let user = Salt::new(97).with_hash(SaltHash::Custom(fnv1a));
                if n <= 256 || HEAP {
                    assert_eq!(user.bucket_of_parts(&parts), fnv1a(key) % 97);
                }
            }
        }
    }

    /// Whether this build has an allocator to join long parts on.
    const HEAP: bool = cfg!(feature = "alloc");

    /// Without an allocator (`cargo test -p rowkey-core --lib
    /// --no-default-features`), a user hash over more than 256 bytes of parts
    /// is `u32::MAX` whatever the bytes, and 256 bytes still hash.
    #[cfg(not(feature = "alloc"))]
    #[test]
    fn long_parts_without_an_allocator_hash_to_u32_max() {
        let long: [u8; 300] = core::array::from_fn(|i| i as u8);
        let other = [0xA5u8; 300];
        let user = Salt::new(97).with_hash(SaltHash::Custom(fnv1a));
        for key in [&long, &other] {
            let (a, b) = key.split_at(100);
            assert_eq!(user.bucket_of_parts(&[a, b]), u32::MAX % 97);
            assert_eq!(
                user.bucket_of_parts(&[a, &b[..156]]),
                fnv1a(&key[..256]) % 97
            );
        }
    }

    #[test]
    fn check_refuses_the_bucket_count_itself() {
        let s = Salt::new(100);
        assert_eq!(s.check(&[99], 99), Ok(()));
        assert_eq!(
            s.check(&[100], 100).unwrap_err().kind(),
            DecodeErrorKind::BucketOutOfRange {
                found: 100,
                buckets: 100
            }
        );
    }

    /// The salts whose bucket prefixes differ in shape: one byte, two bytes,
    /// one digit, two digits, Phoenix's byte.
    fn shapes() -> [Salt; 5] {
        [
            Salt::new(4),
            Salt::new(300),
            Salt::digits(10, 1),
            Salt::digits(100, 2),
            Salt::phoenix(3),
        ]
    }

    #[test]
    fn iterators_know_how_many_items_are_left() {
        for salt in shapes() {
            let mut splits = salt.region_split_points(3);
            let mut ranges = salt.fan_out(crate::KeyRange::<16>::all()).unwrap();
            loop {
                assert_eq!(splits.len(), splits.clone().count(), "{salt:?}");
                assert_eq!(ranges.len(), ranges.clone().count(), "{salt:?}");
                if splits.next().is_none() & ranges.next().is_none() {
                    break;
                }
            }
        }
    }

    #[test]
    fn nth_range_is_the_one_iteration_reaches() {
        let template = crate::KeyRange::<16>::prefix(b"ab").unwrap();
        for salt in shapes().into_iter().chain([Salt::new(65_536)]) {
            let n = salt.buckets() as usize;
            for (from, skip) in [
                (0, 0),
                (0, 1),
                (1, 2),
                (0, n - 1),
                (2, n - 3),
                (0, n),
                (1, usize::MAX),
            ] {
                let mut ranges = salt.fan_out(template).unwrap();
                let mut walked = salt.fan_out(template).unwrap();
                for _ in 0..from {
                    ranges.next();
                    walked.next();
                }
                let expected = (0..skip)
                    .try_fold((), |(), _| walked.next().map(drop))
                    .and_then(|()| walked.next());
                assert_eq!(ranges.nth(skip), expected, "{salt:?} {from}+{skip}");
                assert_eq!(ranges.len(), walked.len(), "{salt:?} {from}+{skip}");
            }
        }
    }

    #[test]
    fn fan_out_puts_each_bucket_prefix_in_front_of_the_template() {
        type R = crate::KeyRange<16>;
        let templates = [
            R::prefix(b"ab").unwrap(),
            R::prefix(&[0xFF]).unwrap(),
            R::new(b"a", Some(b"c")).unwrap(),
            R::all(),
        ];
        for salt in shapes() {
            for template in templates {
                let ranges: std::vec::Vec<_> = salt.fan_out(template).unwrap().collect();
                let mut lent = std::vec::Vec::new();
                salt.fan_out(template)
                    .unwrap()
                    .lend_each(|s, e| lent.push((s.to_vec(), e.map(<[u8]>::to_vec))));
                assert_eq!(ranges.len(), salt.buckets() as usize);
                for (b, range) in ranges.iter().enumerate() {
                    // The same range built from the prefix's bytes joined to the template's.
                    let p = salt.prefix(b as u32);
                    let join = |t: &[u8]| [p.as_bytes(), t].concat();
                    let expected = match template.end() {
                        Some(end) => R::new(&join(template.start()), Some(&join(end))).unwrap(),
                        None => R::prefix_from(&join(template.start()), p.as_bytes()).unwrap(),
                    };
                    assert_eq!(*range, expected, "{salt:?} bucket {b} of {template:?}");
                    let bounds = (range.start().to_vec(), range.end().map(<[u8]>::to_vec));
                    assert_eq!(lent[b], bounds);
                }
            }
        }
    }

    #[test]
    fn split_points_debug_as_shell_text() {
        use std::format;
        assert_eq!(
            format!("{:?}", Salt::digits(10_000, 4).prefix(42)),
            "\"0042\""
        );
        assert_eq!(format!("{:?}", Salt::new(300).prefix(258)), r#""\x01\x02""#);
    }

    #[test]
    fn hashes_are_equal_only_to_themselves() {
        fn zero(_: &[u8]) -> u32 {
            0
        }
        fn first_byte(b: &[u8]) -> u32 {
            b.first().copied().unwrap_or(0).into()
        }
        let hashes = [
            SaltHash::Format,
            SaltHash::Modulo,
            SaltHash::Custom(zero),
            SaltHash::Custom(first_byte),
        ];
        for (i, a) in hashes.iter().enumerate() {
            for (j, b) in hashes.iter().enumerate() {
                assert_eq!(a == b, i == j, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn fixed_width_buckets_are_the_slice_buckets() {
        fn first_byte(b: &[u8]) -> u32 {
            b.first().copied().unwrap_or(0).into()
        }
        let salts = [
            Salt::new(100),
            Salt::new(1000),
            Salt::digits(10_000, 4),
            Salt::new(7).with_hash(SaltHash::Modulo),
            Salt::new(10).with_hash(SaltHash::Custom(first_byte)),
            Salt::phoenix(16),
        ];
        for salt in salts {
            for v in [0u64, 1, 7, 255, 0xDEAD_BEEF, u64::MAX] {
                let b = v.to_be_bytes();
                assert_eq!(salt.bucket_of_fixed(&b), salt.bucket_of(&b), "{salt:?} {v}");
                let four = *b.last_chunk::<4>().unwrap();
                assert_eq!(salt.bucket_of_fixed(&four), salt.bucket_of(&four));
            }
        }
    }

    #[test]
    fn check_tells_a_bucket_out_of_range_from_a_mismatch() {
        let s = Salt::new(100);
        assert_eq!(s.check(&[7, 1], 7), Ok(()));
        let kind = |r: Result<(), DecodeError>| r.unwrap_err().kind();
        assert_eq!(
            kind(s.check(&[7], 8)),
            DecodeErrorKind::SaltMismatch {
                expected: 8,
                found: 7
            }
        );
        for expected in [7, 200] {
            assert_eq!(
                kind(s.check(&[200], expected)),
                DecodeErrorKind::BucketOutOfRange {
                    found: 200,
                    buckets: 100
                }
            );
        }
        assert_eq!(
            kind(s.check(&[], 0)),
            DecodeErrorKind::TooShort { min: 1, found: 0 }
        );
    }

    #[test]
    fn phoenix_golden() {
        // h = 1; h = 31*1 + 1 = 32; h = 31*32 + (-1) = 991; 991 % 10 = 1
        assert_eq!(phoenix_bucket(&[0x01, 0xFF], 10), 1);
        // 0x80 is -128 as i8: h = 31 - 128 = -97; |-97 % 10| = 7
        assert_eq!(phoenix_bucket(&[0x80], 10), 7);
        let s = Salt::phoenix(10);
        assert_eq!(s.bucket_of_parts(&[&[0x01], &[0xFF]]), 1);
    }

    #[test]
    fn widths_and_prefixes() {
        assert_eq!(Salt::new(256).width(), 1);
        assert_eq!(Salt::new(257).width(), 2);
        assert_eq!(Salt::new(300).prefix(258).as_bytes(), &[1, 2]);
        assert_eq!(Salt::digits(10_000, 4).prefix(42).as_bytes(), b"0042");
        assert_eq!(Salt::digits(10_000, 4).read(b"0042xyz"), Ok(42));
        assert!(Salt::digits(100, 4).read(b"0100").is_err());
        // Counts the derive would reject clamp instead of panicking or truncating.
        assert_eq!(Salt::digits(100, 9).prefix(1).as_bytes(), b"00000001");
        assert_eq!(Salt::digits(10_000, 2).buckets(), 100);
        assert_eq!(Salt::digits(5, 0).width(), 1);
        assert!(Salt::new(100).read(&[100]).is_err());
        assert!(Salt::new(100).check(&[3], 4).is_err());
    }

    #[test]
    fn write_refuses_a_short_slice() {
        for (salt, width) in [
            (Salt::new(100), 1),
            (Salt::new(300), 2),
            (Salt::digits(10_000, 4), 4),
            (Salt::phoenix(16), 1),
        ] {
            let mut out = [0xA5u8; 8];
            assert_eq!(
                salt.write(7, &mut out[..width - 1]).unwrap_err().kind(),
                EncodeErrorKind::BufferTooSmall {
                    needed: width,
                    available: width - 1
                }
            );
            assert_eq!(out, [0xA5; 8], "nothing written");
            salt.write(7, &mut out).unwrap();
            assert_eq!(&out[..width], salt.prefix(7).as_bytes());
            assert_eq!(out[width..], [0xA5; 8][width..], "only the bucket written");
        }
    }

    #[test]
    fn fan_out_covers_every_bucket_and_the_last_is_unbounded() {
        let t = crate::KeyRange::<16>::all();
        let ranges: std::vec::Vec<_> = Salt::new(256).fan_out(t).unwrap().collect();
        assert_eq!(ranges.len(), 256);
        assert_eq!(ranges[0].start(), &[0]);
        assert_eq!(ranges[0].end(), Some(&[1][..]));
        assert_eq!(ranges[255].start(), &[255]);
        assert_eq!(ranges[255].end(), None);
    }

    #[test]
    fn regions() {
        let s = Salt::new(8);
        let splits: std::vec::Vec<_> = s.region_split_points(3).map(|p| p.as_bytes()[0]).collect();
        assert_eq!(splits, [2, 5]);
        for b in 0..8 {
            let start = s.region_start(b, 3).as_bytes()[0];
            let expected = if b < 2 {
                0
            } else if b < 5 {
                2
            } else {
                5
            };
            assert_eq!(start, expected, "bucket {b}");
        }
    }

    /// `with_hash` sets the hash of a binary or digits salt, and a Phoenix
    /// salt keeps Phoenix's (its doc): the bucket of the same bytes too.
    #[test]
    fn a_phoenix_salt_keeps_its_hash() {
        let modulo = SaltHash::Modulo;
        assert_eq!(Salt::new(8).with_hash(modulo).hash(), modulo);
        assert_eq!(Salt::digits(100, 2).with_hash(modulo).hash(), modulo);
        let phoenix = Salt::phoenix(8);
        let other = phoenix.with_hash(modulo);
        assert_eq!(other.hash(), SaltHash::Format);
        assert_eq!(other, phoenix);
    }
}
