//! The workloads both benchmarks measure: the keys, the records (fixed
//! seed) and the hand-written code rowkey is held against.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::RowKey;

/// Records per workload: each benchmark iteration handles all of them.
pub const RECORDS: usize = 10_000;
pub const SEED: u64 = 0x0072_6f77_6b65_7921;

/// W1: the article's 20-byte file key, three zero-padded decimal fields.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 20)]
#[rowkey(view)]
pub struct FileKey {
    #[pad(6)]
    pub user_id: u32,
    #[pad(8)]
    pub create_date: u32,
    #[pad(6)]
    pub file_id: u64,
}

/// W2: a salted binary time-series key. The bucket hashes the host, the last
/// field, so a metric's writes spread over 100 buckets and `prefix_for_metric`
/// fans out over all of them (W4).
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 17)]
#[rowkey(view)]
pub struct Metric {
    pub metric: u32,
    #[reverse]
    pub ts: u64,
    #[salt(mod = 100)]
    pub host: u32,
}

/// W3: signed and descending fields.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 28)]
pub struct Event {
    pub account: i64,
    #[reverse]
    pub seq: i32,
    pub id: [u8; 16],
}

pub const BUCKETS: u32 = 100;

pub fn records() -> (Vec<FileKey>, Vec<Metric>, Vec<Event>) {
    let mut rng = SmallRng::seed_from_u64(SEED);
    let files = (0..RECORDS)
        .map(|_| FileKey {
            user_id: rng.random_range(0..1_000_000),
            create_date: rng.random_range(2000..2026) * 10_000
                + rng.random_range(1..13) * 100
                + rng.random_range(1..29),
            file_id: rng.random_range(0..1_000_000),
        })
        .collect();
    let metrics = (0..RECORDS)
        .map(|_| Metric {
            metric: rng.random_range(0..50_000),
            ts: rng.random_range(1_600_000_000_000..1_800_000_000_000),
            host: rng.random(),
        })
        .collect();
    let events = (0..RECORDS)
        .map(|_| Event {
            account: rng.random(),
            seq: rng.random(),
            id: rng.random(),
        })
        .collect();
    (files, metrics, events)
}

// ---------------------------------------------------------------------------
// Hand-written: stack arrays, `to_be_bytes`, digits two at a time. Every
// function checks what rowkey checks (field ranges, digits, the salt), so the
// two do the same work.

pub mod hand {
    use super::{Event, FileKey, Metric, BUCKETS};
    use xxhash_rust::xxh32::xxh32;

    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";

    /// `v` as `N` digits; the caller checked `v < 10^N`.
    #[inline(always)]
    fn digits<const N: usize>(mut v: u32) -> [u8; N] {
        let mut out = [b'0'; N];
        let mut i = N;
        while i >= 2 {
            let p = (v % 100) as usize * 2;
            v /= 100;
            out[i - 2..i].copy_from_slice(&PAIRS[p..p + 2]);
            i -= 2;
        }
        if i == 1 {
            out[0] = b'0' + v as u8;
        }
        out
    }

    /// [`digits`] a byte at a time: fewer instructions where the digits are
    /// copied on into a range (W4), more where they form the key itself (W1).
    #[inline(always)]
    fn digits_bytewise<const N: usize>(mut v: u32) -> [u8; N] {
        let mut out = [b'0'; N];
        let mut i = N;
        while i >= 2 {
            let p = (v % 100) as usize * 2;
            v /= 100;
            out[i - 2] = PAIRS[p];
            out[i - 1] = PAIRS[p + 1];
            i -= 2;
        }
        if i == 1 {
            out[0] = b'0' + v as u8;
        }
        out
    }

    #[inline(always)]
    fn parse(digits: &[u8]) -> Option<u32> {
        let mut v = 0u32;
        for &c in digits {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            v = v * 10 + d as u32;
        }
        Some(v)
    }

    #[inline]
    pub fn file_encode(r: &FileKey) -> Option<[u8; 20]> {
        if r.user_id > 999_999 || r.create_date > 99_999_999 || r.file_id > 999_999 {
            return None;
        }
        let mut k = [0u8; 20];
        k[..6].copy_from_slice(&digits::<6>(r.user_id));
        k[6..14].copy_from_slice(&digits::<8>(r.create_date));
        k[14..].copy_from_slice(&digits::<6>(r.file_id as u32));
        Some(k)
    }

    #[inline]
    pub fn file_decode(k: &[u8]) -> Option<FileKey> {
        let k: &[u8; 20] = k.try_into().ok()?;
        Some(FileKey {
            user_id: parse(&k[..6])?,
            create_date: parse(&k[6..14])?,
            file_id: parse(&k[14..])? as u64,
        })
    }

    #[inline(always)]
    pub fn bucket(host: [u8; 4]) -> u8 {
        (xxh32(&host, 0) % BUCKETS) as u8
    }

    #[inline]
    pub fn metric_encode(r: &Metric) -> [u8; 17] {
        let host = r.host.to_be_bytes();
        let mut k = [0u8; 17];
        k[0] = bucket(host);
        k[1..5].copy_from_slice(&r.metric.to_be_bytes());
        k[5..13].copy_from_slice(&(!r.ts).to_be_bytes());
        k[13..].copy_from_slice(&host);
        k
    }

    #[inline]
    pub fn metric_decode(k: &[u8]) -> Option<Metric> {
        let k: &[u8; 17] = k.try_into().ok()?;
        let host: [u8; 4] = k[13..].try_into().ok()?;
        if k[0] != bucket(host) {
            return None;
        }
        Some(Metric {
            metric: u32::from_be_bytes(k[1..5].try_into().ok()?),
            ts: !u64::from_be_bytes(k[5..13].try_into().ok()?),
            host: u32::from_be_bytes(host),
        })
    }

    #[inline]
    pub fn event_encode(r: &Event) -> [u8; 28] {
        let mut k = [0u8; 28];
        k[..8].copy_from_slice(&(r.account as u64 ^ 1 << 63).to_be_bytes());
        k[8..12].copy_from_slice(&(!(r.seq as u32 ^ 1 << 31)).to_be_bytes());
        k[12..].copy_from_slice(&r.id);
        k
    }

    #[inline]
    pub fn event_decode(k: &[u8]) -> Option<Event> {
        let k: &[u8; 28] = k.try_into().ok()?;
        Some(Event {
            account: (u64::from_be_bytes(k[..8].try_into().ok()?) ^ 1 << 63) as i64,
            seq: (!u32::from_be_bytes(k[8..12].try_into().ok()?) ^ 1 << 31) as i32,
            id: k[12..].try_into().ok()?,
        })
    }

    /// W5: `ts` alone, the salt unchecked (as the view).
    #[inline]
    #[allow(dead_code)] // W5 is in `keys.rs` only.
    pub fn metric_ts(k: &[u8]) -> Option<u64> {
        let k: &[u8; 17] = k.try_into().ok()?;
        Some(!u64::from_be_bytes(k[5..13].try_into().ok()?))
    }

    /// W5: `create_date` alone.
    #[inline]
    #[allow(dead_code)] // W5 is in `keys.rs` only.
    pub fn file_create_date(k: &[u8]) -> Option<u32> {
        let k: &[u8; 20] = k.try_into().ok()?;
        parse(&k[6..14])
    }

    /// The shortest string above every string starting with `b[..len]`.
    #[inline(always)]
    fn successor(b: &mut [u8], len: usize) -> Option<usize> {
        let i = b[..len].iter().rposition(|&x| x != 0xFF)?;
        b[i] += 1;
        Some(i + 1)
    }

    /// A range over keys of up to `N` bytes, in two stack arrays.
    pub struct Range<const N: usize> {
        pub start: [u8; N],
        pub start_len: usize,
        pub end: [u8; N],
        pub end_len: Option<usize>,
    }

    impl<const N: usize> Range<N> {
        #[inline(always)]
        pub fn start(&self) -> &[u8] {
            &self.start[..self.start_len]
        }
        #[inline(always)]
        pub fn end(&self) -> Option<&[u8]> {
            self.end_len.map(|n| &self.end[..n])
        }
    }

    /// Every file key of `user_id` on `create_date`.
    #[inline]
    pub fn file_prefix(user_id: u32, create_date: u32) -> Option<Range<14>> {
        if user_id > 999_999 || create_date > 99_999_999 {
            return None;
        }
        let mut start = [0u8; 14];
        start[..6].copy_from_slice(&digits_bytewise::<6>(user_id));
        start[6..].copy_from_slice(&digits_bytewise::<8>(create_date));
        let mut end = start;
        let end_len = successor(&mut end, 14);
        Some(Range {
            start,
            start_len: 14,
            end,
            end_len,
        })
    }

    /// Calls `f` with the range of every bucket holding `metric`, in bucket order.
    #[inline]
    pub fn metric_fan_out(metric: u32, mut f: impl FnMut(&Range<5>)) {
        let m = metric.to_be_bytes();
        let mut tail = m;
        let tail_len = successor(&mut tail, 4);
        for b in 0..BUCKETS as u8 {
            let mut r = Range {
                start: [b, m[0], m[1], m[2], m[3]],
                start_len: 5,
                end: [b, 0, 0, 0, 0],
                end_len: None,
            };
            r.end_len = match tail_len {
                Some(n) => {
                    r.end[1..1 + n].copy_from_slice(&tail[..n]);
                    Some(1 + n)
                }
                None => successor(&mut r.end, 1),
            };
            f(&r);
        }
    }
}
