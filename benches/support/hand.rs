//! Hand-written code for rowkey's bytes: the best we can write for each key
//! and each scan, with the checks rowkey makes (field ranges, digits, the
//! salt bucket), so both do the same work. Everything is on the stack.
//!
//! The techniques: digits written two at a time from a table of byte pairs,
//! assembled in a register and stored wide (never a wide load of narrow
//! stores); digits read eight at a time in a register; the salt's xxh32
//! specialised to the salted field's width and inlined; the successor of a
//! digit string as its last byte plus one (a digit is never 0xFF), of a
//! big-endian integer `x` below its maximum as `x + 1` with the bytes after
//! the incremented one dropped; a fan-out that builds the range without its
//! bucket once, patches the bucket byte in place for each bucket and lends
//! the bytes as borrowed slices.

use super::{Event, FileKey, Metric, BUCKETS};

// ---------------------------------------------------------------------------
// Digits.

/// `"00" .. "99"`: `PAIRS[n]` holds the two ASCII digits of `n` as a
/// little-endian `u16` (first digit in the low byte); padded to 128 entries
/// so that an index masked to 7 bits needs no bounds check.
const PAIRS: [u16; 128] = {
    let mut t = [0u16; 128];
    let mut n = 0;
    while n < 100 {
        t[n] = (b'0' + (n / 10) as u8) as u16 | ((b'0' + (n % 10) as u8) as u16) << 8;
        n += 1;
    }
    t
};

/// The `N` ASCII digits of `v` (`N` even, at most 8, `v < 10^N`) in the low
/// `N` bytes of a `u64`, first digit lowest, so that `to_le_bytes` spells
/// them. `v / 10^(N-2)` as a fixed-point number with 64 fraction bits: the
/// integer part is the first pair, and each further pair is the integer
/// part of the fraction times 100, which one 64 x 64 -> 128-bit
/// multiplication gives together with the next fraction (its high and low
/// words). Exact: the reciprocal rounded up errs by less than `v / 2^64`
/// (under 10^-11), and the exact fraction, times 100 at each step, stays at
/// least `1 / 10^(N-2)` below the next integer.
#[inline(always)]
fn ascii<const N: usize>(v: u32) -> u64 {
    let scale = 10u64.pow(N as u32 - 2);
    // `2^64 / scale` rounded up; no power of ten above 1 divides `2^64`.
    let t = v as u128 * (u64::MAX / scale + 1) as u128;
    let mut out = PAIRS[(t >> 64) as usize & 0x7F] as u64;
    let mut fraction = t as u64;
    let mut i = 1;
    while i < N / 2 {
        let t = fraction as u128 * 100;
        out |= (PAIRS[(t >> 64) as usize & 0x7F] as u64) << (16 * i);
        fraction = t as u64;
        i += 1;
    }
    out
}

/// Whether every byte of `chunk` (digits in ASCII) is `0`..`9`: XOR with
/// `"0"` leaves a digit's value, and a byte is below 10 when neither it nor
/// it plus 0x76 reaches 0x80. Returns the bytes' values and the flag bits
/// (zero when they are all digits).
#[inline(always)]
fn digit_values(chunk: u64) -> (u64, u64) {
    let v = chunk ^ 0x3030_3030_3030_3030;
    (v, v | v.wrapping_add(0x7676_7676_7676_7676))
}

/// The number spelled by the 8 digit values of `v` (first digit lowest):
/// pairs, then quads, then the two halves, one multiplication each.
#[inline(always)]
fn number8(v: u64) -> u32 {
    number_of_pairs(v, 0x00FF_00FF_00FF_00FF)
}

/// The number spelled by the last 6 of the 8 digit values of `v`: its
/// first pair is dropped where the pairs are masked anyway.
#[inline(always)]
fn number6_of_8(v: u64) -> u32 {
    number_of_pairs(v, 0x00FF_00FF_00FF_0000)
}

/// [`number8`], the pairs those of `pairs` (a mask of their low bytes).
#[inline(always)]
fn number_of_pairs(v: u64, pairs: u64) -> u32 {
    let v = (v.wrapping_mul(10).wrapping_add(v >> 8)) & pairs;
    let v = (v.wrapping_mul(1 + (100 << 16)) >> 16) & 0x0000_FFFF_0000_FFFF;
    (v.wrapping_mul(1 + (10_000 << 32)) >> 32) as u32
}

// ---------------------------------------------------------------------------
// The salt: xxh32 (seed 0) of the salted field's bytes, then mod 100.

const PRIME_2: u32 = 0x85EB_CA77;
const PRIME_3: u32 = 0xC2B2_AE3D;
const PRIME_4: u32 = 0x27D4_EB2F;
const PRIME_5: u32 = 0x1656_67B1;

/// xxh32 with seed 0 of 4 bytes, given as a little-endian word: the
/// algorithm's steps for that one length, no loop, no length dispatch.
#[inline(always)]
fn xxh32_4(word: u32) -> u32 {
    let mut h = PRIME_5.wrapping_add(4);
    h = h.wrapping_add(word.wrapping_mul(PRIME_3));
    h = h.rotate_left(17).wrapping_mul(PRIME_4);
    h ^= h >> 15;
    h = h.wrapping_mul(PRIME_2);
    h ^= h >> 13;
    h = h.wrapping_mul(PRIME_3);
    h ^ (h >> 16)
}

/// The bucket of a key salted on one `u32` (its big-endian bytes hashed).
#[inline(always)]
pub fn bucket_u32(v: u32) -> u8 {
    (xxh32_4(v.swap_bytes()) % BUCKETS) as u8
}

// ---------------------------------------------------------------------------
// W1-W3: encode and decode.

/// Each field's digits stored from its register into its place: the
/// optimizer merges the three into 8-, 8- and 4-byte stores and keeps each
/// multiplication's high word where the next pair's lookup reads it (built
/// as three words by hand, shifted and or-ed, it takes 4 more instructions
/// a key, moving registers around the multiplications).
#[inline(always)]
pub fn file_encode(r: &FileKey) -> Option<[u8; 20]> {
    if r.user_id > 999_999 || r.create_date > 99_999_999 || r.file_id > 999_999 {
        return None;
    }
    let mut k = [0u8; 20];
    k[..6].copy_from_slice(&ascii::<6>(r.user_id).to_le_bytes()[..6]);
    k[6..14].copy_from_slice(&ascii::<8>(r.create_date).to_le_bytes());
    k[14..].copy_from_slice(&ascii::<6>(r.file_id as u32).to_le_bytes()[..6]);
    Some(k)
}

#[inline(always)]
pub fn file_decode(k: &[u8]) -> Option<FileKey> {
    let k: &[u8; 20] = k.try_into().ok()?;
    // Three overlapping words: bytes 0..8, 6..14 (the date), 12..20.
    let word = |at: usize| u64::from_le_bytes(k[at..at + 8].try_into().expect("8 bytes"));
    let (a, a_flags) = digit_values(word(0));
    let (b, b_flags) = digit_values(word(6));
    let (c, c_flags) = digit_values(word(12));
    if (a_flags | b_flags | c_flags) & 0x8080_8080_8080_8080 != 0 {
        return None;
    }
    // Six digits as eight, two zeros in front: the user id is the first six
    // bytes of `a`, the file id the last six of `c`.
    Some(FileKey {
        user_id: number8(a << 16),
        create_date: number8(b),
        file_id: number6_of_8(c) as u64,
    })
}

#[inline(always)]
pub fn metric_encode(r: &Metric) -> [u8; 17] {
    let mut k = [0u8; 17];
    k[0] = bucket_u32(r.host);
    k[1..5].copy_from_slice(&r.metric.to_be_bytes());
    k[5..13].copy_from_slice(&(!r.ts).to_be_bytes());
    k[13..].copy_from_slice(&r.host.to_be_bytes());
    k
}

#[inline(always)]
pub fn metric_decode(k: &[u8]) -> Option<Metric> {
    let k: &[u8; 17] = k.try_into().ok()?;
    let host = u32::from_be_bytes(k[13..].try_into().expect("4 bytes"));
    if k[0] != bucket_u32(host) {
        return None;
    }
    Some(Metric {
        metric: u32::from_be_bytes(k[1..5].try_into().expect("4 bytes")),
        ts: !u64::from_be_bytes(k[5..13].try_into().expect("8 bytes")),
        host,
    })
}

#[inline(always)]
pub fn event_encode(r: &Event) -> [u8; 28] {
    let mut k = [0u8; 28];
    // The array first: written after the integers, it is staged on the stack.
    k[12..].copy_from_slice(&r.id);
    k[..8].copy_from_slice(&(r.account as u64 ^ 1 << 63).to_be_bytes());
    k[8..12].copy_from_slice(&(!(r.seq as u32 ^ 1 << 31)).to_be_bytes());
    k
}

#[inline(always)]
pub fn event_decode(k: &[u8]) -> Option<Event> {
    let k: &[u8; 28] = k.try_into().ok()?;
    Some(Event {
        account: (u64::from_be_bytes(k[..8].try_into().expect("8 bytes")) ^ 1 << 63) as i64,
        seq: (!u32::from_be_bytes(k[8..12].try_into().expect("4 bytes")) ^ 1 << 31) as i32,
        id: k[12..].try_into().expect("16 bytes"),
    })
}

/// W5: `ts` alone, the salt unchecked (as the view).
#[inline(always)]
#[allow(dead_code)] // W5 is in `keys.rs` only.
pub fn metric_ts(k: &[u8]) -> Option<u64> {
    let k: &[u8; 17] = k.try_into().ok()?;
    Some(!u64::from_be_bytes(k[5..13].try_into().expect("8 bytes")))
}

/// W5: `create_date` alone.
#[inline(always)]
#[allow(dead_code)] // W5 is in `keys.rs` only.
pub fn file_create_date(k: &[u8]) -> Option<u32> {
    let k: &[u8; 20] = k.try_into().ok()?;
    let (v, flags) = digit_values(u64::from_le_bytes(k[6..14].try_into().expect("8 bytes")));
    (flags & 0x8080_8080_8080_8080 == 0).then(|| number8(v))
}

// ---------------------------------------------------------------------------
// W4: one range, lent to `f` as it is to a store: the start, and the end
// (each scan here has one: a digit or a salt bucket below 0xFF always has a
// successor). Each bound of up to 16 bytes is built in a `u128` (little-endian:
// the first byte lowest) and stored whole.

/// What the scans below lend their bounds to (a store's range read).
pub trait TakeBounds<T>: FnOnce(&[u8], Option<&[u8]>) -> T {}
impl<T, F: FnOnce(&[u8], Option<&[u8]>) -> T> TakeBounds<T> for F {}

/// Lends the first `start_len` bytes of `start` and `end_len` of `end`.
#[inline(always)]
fn lend<T, const N: usize>(
    start: [u8; N],
    start_len: usize,
    end: [u8; N],
    end_len: usize,
    f: impl TakeBounds<T>,
) -> T {
    f(&start[..start_len], Some(&end[..end_len]))
}

/// [`lend`] for bounds of up to 16 bytes held in registers.
#[inline(always)]
fn lend16<T>(start: u128, start_len: usize, end: u128, end_len: usize, f: impl TakeBounds<T>) -> T {
    lend(
        start.to_le_bytes(),
        start_len,
        end.to_le_bytes(),
        end_len,
        f,
    )
}

/// Adds 1 to byte `i` of a bound held in a register (the last digit of a
/// digit string, never 0xFF: no carry).
#[inline(always)]
fn plus_one_at(bytes: u128, i: usize) -> u128 {
    bytes + (1 << (8 * i))
}

/// `FileKey::prefix_for_user_id`: 6 digits, the end their last plus one,
/// each stored as one 8-byte word.
#[inline(always)]
pub fn file_user_prefix<T>(user_id: u32, f: impl TakeBounds<T>) -> Option<T> {
    if user_id > 999_999 {
        return None;
    }
    let head = ascii::<6>(user_id);
    let end = head + (1 << 40);
    Some(lend(head.to_le_bytes(), 6, end.to_le_bytes(), 6, f))
}

/// `FileKey::prefix_for_user_id_create_date`: 14 digits.
#[inline(always)]
pub fn file_user_date_prefix<T>(
    user_id: u32,
    create_date: u32,
    f: impl TakeBounds<T>,
) -> Option<T> {
    if user_id > 999_999 || create_date > 99_999_999 {
        return None;
    }
    let start = ascii::<6>(user_id) as u128 | (ascii::<8>(create_date) as u128) << 48;
    Some(lend16(start, 14, plus_one_at(start, 13), 14, f))
}

/// `FileKey::range_for_user_id_create_date(user_id, from..=to)`.
#[inline(always)]
pub fn file_date_range<T>(user_id: u32, from: u32, to: u32, f: impl TakeBounds<T>) -> Option<T> {
    if user_id > 999_999 {
        return None;
    }
    let head = ascii::<6>(user_id) as u128;
    if from <= to && to <= 99_999_999 {
        let start = head | (ascii::<8>(from) as u128) << 48;
        let end = head | (ascii::<8>(to) as u128) << 48;
        return Some(lend16(start, 14, plus_one_at(end, 13), 14, f));
    }
    let (start, start_len, end, end_len) = clamped_date_range(head, from, to);
    Some(lend16(start, start_len, end, end_len, f))
}

/// [`file_date_range`] when the range is empty or `to` lies past 8 digits:
/// `from` past them selects nothing, `to` past them everything from `from`.
#[cold]
#[inline(never)]
fn clamped_date_range(head: u128, from: u32, to: u32) -> (u128, usize, u128, usize) {
    const MAX: u32 = 99_999_999;
    if from > MAX {
        return (head, 6, head, 6);
    }
    let start = head | (ascii::<8>(from) as u128) << 48;
    if to > MAX {
        (start, 14, plus_one_at(head, 5), 6)
    } else {
        (start, 14, start, 14)
    }
}

/// The successor of the big-endian bytes of `x < MAX` (`W` bytes wide) as a
/// little-endian register: `x + 1`, and its length with the trailing bytes
/// that the carry turned to zero dropped (`W - trailing_ones(x) / 8`).
#[inline(always)]
fn successor_u64<const W: usize>(x: u64) -> (u64, usize) {
    let next = (x + 1) << (64 - 8 * W);
    (next.swap_bytes(), W - x.trailing_ones() as usize / 8)
}

/// `Sample::range_for_host_ts(host, from..=to)`: the bucket fixed by the
/// host, `[bucket][host][ts]`, 13 bytes.
#[inline(always)]
pub fn sample_range<T>(host: u32, from: u64, to: u64, f: impl TakeBounds<T>) -> T {
    let head = bucket_u32(host) as u128 | (host.swap_bytes() as u128) << 8;
    let start = head | (from.swap_bytes() as u128) << 40;
    if from > to {
        return lend16(start, 13, start, 13, f);
    }
    let (end, end_len) = match to {
        u64::MAX => head_successor(head, host),
        _ => {
            let (next, len) = successor_u64::<8>(to);
            (head | (next as u128) << 40, 5 + len)
        }
    };
    lend16(start, 13, end, end_len, f)
}

/// The end of a [`sample_range`] up to the largest timestamp: the successor
/// of `[bucket][host]` (the bucket, below 100, takes a carry out of the host).
#[cold]
#[inline(never)]
fn head_successor(head: u128, host: u32) -> (u128, usize) {
    let bucket = head & 0xFF;
    match host {
        u32::MAX => (bucket + 1, 1),
        _ => {
            let (next, len) = successor_u64::<4>(host as u64);
            (bucket | (next as u128) << 8, 1 + len)
        }
    }
}

// ---------------------------------------------------------------------------
// W4: one range per bucket.

/// Calls `f` with every bucket's range, in bucket order: `start` (`N`
/// bytes, the bucket byte first) and the end (`N` bytes and how many of them
/// it has; `None`: the successor of the bucket alone), their bucket byte
/// patched in place, lent as slices.
#[inline(always)]
fn each_bucket<const N: usize>(
    start: [u8; N],
    end: Option<([u8; N], usize)>,
    mut f: impl FnMut(&[u8], Option<&[u8]>),
) {
    // Both bounds in one 64-byte line: patched and lent at the same cost
    // wherever the stack puts them.
    let mut line = CacheLine(start, [0; N]);
    let CacheLine(start, end_bytes) = &mut line;
    match end {
        Some((end, len)) => {
            *end_bytes = end;
            for b in 0..BUCKETS as u8 {
                start[0] = b;
                end_bytes[0] = b;
                f(&start[..], Some(&end_bytes[..len]));
            }
        }
        None => {
            for b in 0..BUCKETS as u8 {
                start[0] = b;
                f(&start[..], Some(&[b + 1]));
            }
        }
    }
}

/// Two bounds at the start of a 64-byte cache line.
#[repr(C, align(64))]
struct CacheLine<const N: usize>([u8; N], [u8; N]);

/// The bucketless range over one `W`-byte big-endian field from `from` to
/// `to` inclusive, behind a bucket byte: `(start, end)`, each `W + 1` =
/// `N` bytes; no end when `to` is the field's maximum.
#[inline(always)]
fn field_range<const N: usize, const W: usize>(
    from: u64,
    to: u64,
    max: u64,
) -> ([u8; N], Option<([u8; N], usize)>) {
    let mut start = [0u8; N];
    start[1..].copy_from_slice(&from.to_be_bytes()[8 - W..]);
    if from > to {
        return (start, Some((start, N)));
    }
    if to == max {
        return (start, None);
    }
    let (next, len) = successor_u64::<W>(to);
    let mut end = [0u8; N];
    end[1..].copy_from_slice(&next.to_le_bytes()[..W]);
    (start, Some((end, 1 + len)))
}

/// `Metric::prefix_for_metric(metric)`: the salt hashes the host, so every bucket.
#[inline(always)]
pub fn metric_fan_out(metric: u32, f: impl FnMut(&[u8], Option<&[u8]>)) {
    let (start, end) = field_range::<5, 4>(metric as u64, metric as u64, u32::MAX as u64);
    each_bucket(start, end, f);
}

/// `Sample::range_for_host(from..=to)`: the host salts the key, but a range
/// of hosts spans every bucket.
#[inline(always)]
pub fn host_fan_out(from: u32, to: u32, f: impl FnMut(&[u8], Option<&[u8]>)) {
    let (start, end) = field_range::<5, 4>(from as u64, to as u64, u32::MAX as u64);
    each_bucket(start, end, f);
}

/// `Log::range_for_ts(from..=to)`: salted on the timestamp, every bucket.
#[inline(always)]
pub fn time_fan_out(from: u64, to: u64, f: impl FnMut(&[u8], Option<&[u8]>)) {
    let (start, end) = field_range::<9, 8>(from, to, u64::MAX);
    each_bucket(start, end, f);
}
