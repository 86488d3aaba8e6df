//! The benchmarks behind BENCHMARKS.md: rowkey against hand-written code (the
//! practical limit), a plain copy of the key's bytes (the floor), `format!` /
//! `Vec<u8>` building (what HBase users write today), and the Rust peers
//! storekey and memcomparable, per workload, in one criterion run.
//!
//! `cargo bench --bench keys` runs everything; while developing, add
//! `-- --warm-up-time 1 --measurement-time 2`, or a filter such as `-- W2`.
//! Every benchmark iterates over 10,000 pre-generated records (fixed seed; W4
//! fan-out: 1,000 metrics, W5: 1,000,000 keys), so the time per key is
//! criterion's time divided by that count, or 10^9 / criterion's `thrpt`.
//!
//! Before timing, `main` checks that every baseline writes the same bytes as
//! rowkey for every record (where the format is the same) and that rowkey's
//! encode, decode, prefix ranges and bucket fan-out never allocate. Under
//! `cargo test` those checks run and each benchmark runs once.
//!
//! After criterion, `cargo bench` prints rowkey against hand-written code
//! timed alternately (best of 400 passes each): on a shared machine that ratio
//! is steadier than two criterion benchmarks measured seconds apart.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::RowKey;

#[path = "support/workloads.rs"]
mod workloads;
use workloads::{hand, records, Event, FileKey, Metric, BUCKETS, RECORDS, SEED};
/// W4: metrics fanned out per iteration (100 ranges each).
const FAN_OUTS: usize = 1_000;

// ---------------------------------------------------------------------------
// `format!` and `Vec<u8>`: what HBase users write today.

mod text {
    use super::{Event, FileKey, Metric};

    #[inline]
    pub fn file_encode(r: &FileKey) -> Vec<u8> {
        format!("{:06}{:08}{:06}", r.user_id, r.create_date, r.file_id).into_bytes()
    }

    #[inline]
    pub fn file_decode(k: &[u8]) -> Option<FileKey> {
        let s = std::str::from_utf8(k).ok()?;
        if s.len() != 20 {
            return None;
        }
        Some(FileKey {
            user_id: s[..6].parse().ok()?,
            create_date: s[6..14].parse().ok()?,
            file_id: s[14..].parse().ok()?,
        })
    }

    #[inline]
    pub fn metric_encode(r: &Metric) -> Vec<u8> {
        let host = r.host.to_be_bytes();
        [
            &[super::hand::bucket(host)][..],
            &r.metric.to_be_bytes(),
            &(!r.ts).to_be_bytes(),
            &host,
        ]
        .concat()
    }

    #[inline]
    pub fn metric_decode(k: &[u8]) -> Option<Metric> {
        if k.len() != 17 || k[0] != super::hand::bucket(k[13..17].try_into().ok()?) {
            return None;
        }
        Some(Metric {
            metric: u32::from_be_bytes(k[1..5].try_into().ok()?),
            ts: !u64::from_be_bytes(k[5..13].try_into().ok()?),
            host: u32::from_be_bytes(k[13..17].try_into().ok()?),
        })
    }

    #[inline]
    pub fn event_encode(r: &Event) -> Vec<u8> {
        [
            &(r.account as u64 ^ 1 << 63).to_be_bytes()[..],
            &(!(r.seq as u32 ^ 1 << 31)).to_be_bytes(),
            &r.id,
        ]
        .concat()
    }

    #[inline]
    pub fn event_decode(k: &[u8]) -> Option<Event> {
        if k.len() != 28 {
            return None;
        }
        Some(Event {
            account: (u64::from_be_bytes(k[..8].try_into().ok()?) ^ 1 << 63) as i64,
            seq: (!u32::from_be_bytes(k[8..12].try_into().ok()?) ^ 1 << 31) as i32,
            id: k[12..28].try_into().ok()?,
        })
    }

    /// Every file key of `user_id` on `create_date`, as owned byte strings.
    #[inline]
    pub fn file_prefix(user_id: u32, create_date: u32) -> (Vec<u8>, Vec<u8>) {
        let start = format!("{user_id:06}{create_date:08}").into_bytes();
        let mut end = start.clone();
        *end.last_mut().expect("14 digits") += 1;
        (start, end)
    }

    /// The range of every bucket holding `metric`, as owned byte strings.
    #[inline]
    pub fn metric_fan_out(metric: u32) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
        let m = metric.to_be_bytes();
        (0..super::BUCKETS as u8)
            .map(|b| {
                let mut start = vec![b];
                start.extend_from_slice(&m);
                let mut end = start.clone();
                while end.last() == Some(&0xFF) {
                    end.pop();
                }
                match end.last_mut() {
                    Some(last) => *last += 1,
                    None => return (start, None),
                }
                (start, Some(end))
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------
// The peers. Neither has pad digits, salt or a descending attribute: the
// caller computes the bucket and inverts descending fields, and then both
// write exactly rowkey's bytes for W2 and W3. For W1 they write the binary
// (u32, u32, u64), 16 bytes: not the same key, shown for scale.

mod peer {
    use super::{Event, FileKey, Metric};

    pub type FileTuple = (u32, u32, u64);
    pub type MetricTuple = (u8, u32, u64, u32);
    pub type EventTuple = (i64, i32, [u8; 16]);

    #[inline(always)]
    pub fn file(r: &FileKey) -> FileTuple {
        (r.user_id, r.create_date, r.file_id)
    }

    #[inline(always)]
    pub fn metric(r: &Metric) -> MetricTuple {
        (
            super::hand::bucket(r.host.to_be_bytes()),
            r.metric,
            !r.ts,
            r.host,
        )
    }

    #[inline(always)]
    pub fn event(r: &Event) -> EventTuple {
        (r.account, !r.seq, r.id)
    }

    #[inline(always)]
    pub fn from_file(t: FileTuple) -> FileKey {
        FileKey {
            user_id: t.0,
            create_date: t.1,
            file_id: t.2,
        }
    }

    #[inline(always)]
    pub fn from_metric(t: MetricTuple) -> Option<Metric> {
        (t.0 == super::hand::bucket(t.3.to_be_bytes())).then_some(Metric {
            metric: t.1,
            ts: !t.2,
            host: t.3,
        })
    }

    #[inline(always)]
    pub fn from_event(t: EventTuple) -> Event {
        Event {
            account: t.0,
            seq: !t.1,
            id: t.2,
        }
    }

    /// storekey into a stack array, no `Vec`.
    #[inline(always)]
    pub fn storekey_into<E: storekey::Encode, const N: usize>(e: &E) -> [u8; N] {
        let mut k = [0u8; N];
        storekey::encode(&mut k[..], e).expect("fits");
        k
    }

    /// memcomparable into a stack array, no `Vec`.
    #[inline(always)]
    pub fn memcomparable_into<E: serde::Serialize, const N: usize>(e: &E) -> [u8; N] {
        let mut k = [0u8; N];
        let mut s = memcomparable::Serializer::new(&mut k[..]);
        e.serialize(&mut s).expect("fits");
        k
    }
}

// ---------------------------------------------------------------------------
// Checks before timing.

struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator; only counts.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

/// How many heap allocations `f` makes (relaxed load per allocation while timing).
fn allocations(f: impl FnOnce()) -> usize {
    ALLOCATIONS.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
    f();
    COUNTING.store(false, Ordering::Relaxed);
    ALLOCATIONS.load(Ordering::Relaxed)
}

fn check(files: &[FileKey], metrics: &[Metric], events: &[Event]) {
    for r in files {
        let k = r.encode().expect("in range");
        assert_eq!(Some(k), hand::file_encode(r), "{r:?}");
        assert_eq!(k.to_vec(), text::file_encode(r), "{r:?}");
        assert_eq!(FileKey::decode(&k), Ok(*r));
        assert_eq!(hand::file_decode(&k), Some(*r));
        assert_eq!(text::file_decode(&k), Some(*r));
        let t = peer::file(r);
        let sk = storekey::encode_vec(&t).expect("vec");
        assert_eq!(
            peer::from_file(storekey::decode_borrow(&sk).expect("sk")),
            *r
        );
        let mc = memcomparable::to_vec(&t).expect("vec");
        assert_eq!(
            peer::from_file(memcomparable::from_slice(&mc).expect("mc")),
            *r
        );

        let range =
            FileKey::prefix_for_user_id_create_date(r.user_id, r.create_date).expect("in range");
        let h = hand::file_prefix(r.user_id, r.create_date).expect("in range");
        let (s, e) = text::file_prefix(r.user_id, r.create_date);
        assert_eq!((range.start(), range.end()), (h.start(), h.end()));
        assert_eq!((range.start(), range.end()), (&s[..], Some(&e[..])));
        assert!(range.contains(&k));
    }
    for r in metrics {
        let k = r.encode().expect("in range");
        assert_eq!(k, hand::metric_encode(r), "{r:?}");
        assert_eq!(k.to_vec(), text::metric_encode(r));
        let t = peer::metric(r);
        assert_eq!(k.to_vec(), storekey::encode_vec(&t).expect("vec"));
        assert_eq!(k, peer::storekey_into(&t));
        assert_eq!(k.to_vec(), memcomparable::to_vec(&t).expect("vec"));
        assert_eq!(k, peer::memcomparable_into(&t));
        assert_eq!(Metric::decode(&k), Ok(*r));
        assert_eq!(hand::metric_decode(&k), Some(*r));
        assert_eq!(text::metric_decode(&k), Some(*r));
        assert_eq!(
            peer::from_metric(storekey::decode_borrow(&k).expect("sk")),
            Some(*r)
        );
        assert_eq!(
            peer::from_metric(memcomparable::from_slice(&k).expect("mc")),
            Some(*r)
        );

        let mut hand_ranges = Vec::new();
        hand::metric_fan_out(r.metric, |h| {
            hand_ranges.push((h.start().to_vec(), h.end().map(<[u8]>::to_vec)))
        });
        let ranges: Vec<_> = Metric::prefix_for_metric(r.metric)
            .expect("in range")
            .map(|g| (g.start().to_vec(), g.end().map(<[u8]>::to_vec)))
            .collect();
        assert_eq!(ranges.len(), BUCKETS as usize);
        assert_eq!(ranges, hand_ranges);
        assert_eq!(ranges, text::metric_fan_out(r.metric));
        // The key lies in its own bucket's range.
        let (start, end) = &ranges[k[0] as usize];
        assert!(k[..] >= start[..] && end.as_ref().is_none_or(|e| k[..] < e[..]));
    }
    for r in events {
        let k = r.encode().expect("in range");
        assert_eq!(k, hand::event_encode(r), "{r:?}");
        assert_eq!(k.to_vec(), text::event_encode(r));
        let t = peer::event(r);
        assert_eq!(k.to_vec(), storekey::encode_vec(&t).expect("vec"));
        assert_eq!(k, peer::storekey_into(&t));
        assert_eq!(k.to_vec(), memcomparable::to_vec(&t).expect("vec"));
        assert_eq!(k, peer::memcomparable_into(&t));
        assert_eq!(Event::decode(&k), Ok(*r));
        assert_eq!(hand::event_decode(&k), Some(*r));
        assert_eq!(text::event_decode(&k), Some(*r));
        assert_eq!(
            peer::from_event(storekey::decode_borrow(&k).expect("sk")),
            *r
        );
        assert_eq!(
            peer::from_event(memcomparable::from_slice(&k).expect("mc")),
            *r
        );
    }

    // rowkey never touches the heap: encode, decode, prefix ranges, fan-out.
    let n = allocations(|| {
        for r in files {
            let k = black_box(r.encode().expect("in range"));
            black_box(FileKey::decode(&k).expect("valid"));
            black_box(
                FileKey::prefix_for_user_id_create_date(r.user_id, r.create_date)
                    .expect("in range"),
            );
        }
        for r in metrics {
            let k = black_box(r.encode().expect("in range"));
            black_box(Metric::decode(&k).expect("valid"));
            for range in Metric::prefix_for_metric(r.metric).expect("in range") {
                black_box(range);
            }
        }
        for r in events {
            let k = black_box(r.encode().expect("in range"));
            black_box(Event::decode(&k).expect("valid"));
        }
    });
    assert_eq!(n, 0, "rowkey allocated");
    // The counter counts: the `format!` baseline allocates.
    assert!(allocations(|| drop(black_box(text::file_encode(&files[0])))) > 0);
}

// ---------------------------------------------------------------------------
// The benchmarks.

/// One group per workload: every variant iterates over all the records.
fn group<'a>(c: &'a mut Criterion, name: &str) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(RECORDS as u64));
    g
}

/// A group whose iterations take milliseconds: 20 samples of equal size.
fn slow_group<'a>(c: &'a mut Criterion, name: &str, keys: usize) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(keys as u64));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(20);
    g
}

type Group<'a> = BenchmarkGroup<'a, WallTime>;

/// One benchmark: `f` on every record, each result through `black_box`.
fn each<R, K>(g: &mut Group<'_>, name: &str, recs: &[R], f: impl Fn(&R) -> K) {
    g.bench_function(name, |b| {
        b.iter(|| {
            for r in black_box(recs) {
                black_box(f(r));
            }
        })
    });
}

fn encode_benches(c: &mut Criterion, files: &[FileKey], metrics: &[Metric], events: &[Event]) {
    let file_keys: Vec<[u8; 20]> = files
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let mut g = group(c, "W1 encode");
    each(&mut g, "rowkey", files, |r| r.encode().expect("in range"));
    each(&mut g, "hand-written", files, |r| {
        hand::file_encode(r).expect("in range")
    });
    each(&mut g, "copy", &file_keys, |k| *k);
    each(&mut g, "format!", files, text::file_encode);
    each(&mut g, "storekey (binary)", files, |r| {
        storekey::encode_vec(&peer::file(r)).expect("vec")
    });
    each(&mut g, "storekey into [u8; 16] (binary)", files, |r| {
        peer::storekey_into::<_, 16>(&peer::file(r))
    });
    each(&mut g, "memcomparable (binary)", files, |r| {
        memcomparable::to_vec(&peer::file(r)).expect("vec")
    });
    each(&mut g, "memcomparable into [u8; 16] (binary)", files, |r| {
        peer::memcomparable_into::<_, 16>(&peer::file(r))
    });
    g.finish();

    let metric_keys: Vec<[u8; 17]> = metrics
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let mut g = group(c, "W2 encode");
    each(&mut g, "rowkey", metrics, |r| r.encode().expect("in range"));
    each(&mut g, "hand-written", metrics, hand::metric_encode);
    each(&mut g, "copy", &metric_keys, |k| *k);
    each(&mut g, "Vec concat", metrics, text::metric_encode);
    each(&mut g, "storekey", metrics, |r| {
        storekey::encode_vec(&peer::metric(r)).expect("vec")
    });
    each(&mut g, "storekey into [u8; 17]", metrics, |r| {
        peer::storekey_into::<_, 17>(&peer::metric(r))
    });
    each(&mut g, "memcomparable", metrics, |r| {
        memcomparable::to_vec(&peer::metric(r)).expect("vec")
    });
    each(&mut g, "memcomparable into [u8; 17]", metrics, |r| {
        peer::memcomparable_into::<_, 17>(&peer::metric(r))
    });
    g.finish();

    let event_keys: Vec<[u8; 28]> = events
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let mut g = group(c, "W3 encode");
    each(&mut g, "rowkey", events, |r| r.encode().expect("in range"));
    each(&mut g, "hand-written", events, hand::event_encode);
    each(&mut g, "copy", &event_keys, |k| *k);
    each(&mut g, "Vec concat", events, text::event_encode);
    each(&mut g, "storekey", events, |r| {
        storekey::encode_vec(&peer::event(r)).expect("vec")
    });
    each(&mut g, "storekey into [u8; 28]", events, |r| {
        peer::storekey_into::<_, 28>(&peer::event(r))
    });
    each(&mut g, "memcomparable", events, |r| {
        memcomparable::to_vec(&peer::event(r)).expect("vec")
    });
    each(&mut g, "memcomparable into [u8; 28]", events, |r| {
        peer::memcomparable_into::<_, 28>(&peer::event(r))
    });
    g.finish();
}

/// A length-checked copy out of the key: the floor of any decode.
#[inline(always)]
fn copy_out<const N: usize>(k: &[u8]) -> [u8; N] {
    k.try_into().expect("key length")
}

fn decode_benches(c: &mut Criterion, files: &[FileKey], metrics: &[Metric], events: &[Event]) {
    let keys: Vec<[u8; 20]> = files
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let sk: Vec<Vec<u8>> = files
        .iter()
        .map(|r| storekey::encode_vec(&peer::file(r)).expect("vec"))
        .collect();
    let mc: Vec<Vec<u8>> = files
        .iter()
        .map(|r| memcomparable::to_vec(&peer::file(r)).expect("vec"))
        .collect();
    let mut g = group(c, "W1 decode");
    each(&mut g, "rowkey", &keys, |k| {
        FileKey::decode(k).expect("valid")
    });
    each(&mut g, "hand-written", &keys, |k| {
        hand::file_decode(k).expect("valid")
    });
    each(&mut g, "copy", &keys, |k| copy_out::<20>(k));
    each(&mut g, "str::parse", &keys, |k| {
        text::file_decode(k).expect("valid")
    });
    each(&mut g, "storekey (binary)", &sk, |k| {
        peer::from_file(storekey::decode_borrow(k).expect("valid"))
    });
    each(&mut g, "memcomparable (binary)", &mc, |k| {
        peer::from_file(memcomparable::from_slice(k).expect("valid"))
    });
    g.finish();

    let keys: Vec<[u8; 17]> = metrics
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let mut g = group(c, "W2 decode");
    each(&mut g, "rowkey", &keys, |k| {
        Metric::decode(k).expect("valid")
    });
    each(&mut g, "hand-written", &keys, |k| {
        hand::metric_decode(k).expect("valid")
    });
    each(&mut g, "copy", &keys, |k| copy_out::<17>(k));
    each(&mut g, "slices", &keys, |k| {
        text::metric_decode(k).expect("valid")
    });
    each(&mut g, "storekey", &keys, |k| {
        peer::from_metric(storekey::decode_borrow(k).expect("valid")).expect("salt")
    });
    each(&mut g, "memcomparable", &keys, |k| {
        peer::from_metric(memcomparable::from_slice(k).expect("valid")).expect("salt")
    });
    g.finish();

    let keys: Vec<[u8; 28]> = events
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let mut g = group(c, "W3 decode");
    each(&mut g, "rowkey", &keys, |k| {
        Event::decode(k).expect("valid")
    });
    each(&mut g, "hand-written", &keys, |k| {
        hand::event_decode(k).expect("valid")
    });
    each(&mut g, "copy", &keys, |k| copy_out::<28>(k));
    each(&mut g, "slices", &keys, |k| {
        text::event_decode(k).expect("valid")
    });
    each(&mut g, "storekey", &keys, |k| {
        peer::from_event(storekey::decode_borrow(k).expect("valid"))
    });
    each(&mut g, "memcomparable", &keys, |k| {
        peer::from_event(memcomparable::from_slice(k).expect("valid"))
    });
    g.finish();
}

fn range_benches(c: &mut Criterion, files: &[FileKey], metrics: &[Metric]) {
    let mut g = group(c, "W4 prefix range");
    each(&mut g, "rowkey", files, |r| {
        let range =
            FileKey::prefix_for_user_id_create_date(r.user_id, r.create_date).expect("in range");
        black_box((range.start(), range.end()));
    });
    each(&mut g, "hand-written", files, |r| {
        let range = hand::file_prefix(r.user_id, r.create_date).expect("in range");
        black_box((range.start(), range.end()));
    });
    each(&mut g, "format!", files, |r| {
        text::file_prefix(r.user_id, r.create_date)
    });
    g.finish();

    // Per key: all 100 bucket ranges of one metric; 1,000 metrics an iteration.
    let metrics = &metrics[..FAN_OUTS];
    let mut g = slow_group(c, "W4 fan-out 100 buckets", FAN_OUTS);
    each(&mut g, "rowkey", metrics, |r| {
        for range in Metric::prefix_for_metric(r.metric).expect("in range") {
            black_box((range.start(), range.end()));
        }
    });
    each(&mut g, "hand-written", metrics, |r| {
        hand::metric_fan_out(r.metric, |range| {
            black_box((range.start(), range.end()));
        });
    });
    each(&mut g, "Vec", metrics, |r| text::metric_fan_out(r.metric));
    g.finish();
}

/// W5: one field of many keys, through the zerocopy view or a full decode.
fn view_benches(c: &mut Criterion, keys: usize) {
    let mut rng = SmallRng::seed_from_u64(SEED + 5);
    let metrics: Vec<[u8; 17]> = (0..keys)
        .map(|_| {
            let r = Metric {
                metric: rng.random_range(0..50_000),
                ts: rng.random_range(1_600_000_000_000..1_800_000_000_000),
                host: rng.random(),
            };
            r.encode().expect("in range")
        })
        .collect();
    let files: Vec<[u8; 20]> = (0..keys)
        .map(|_| {
            let r = FileKey {
                user_id: rng.random_range(0..1_000_000),
                create_date: rng.random_range(20_000_101..20_251_231),
                file_id: rng.random_range(0..1_000_000),
            };
            r.encode().expect("in range")
        })
        .collect();
    for k in metrics.iter().take(1000) {
        let ts = Metric::decode(k).expect("valid").ts;
        assert_eq!(Metric::view(k).expect("17 bytes").ts(), Ok(ts));
        assert_eq!(hand::metric_ts(k), Some(ts));
    }
    for k in files.iter().take(1000) {
        let date = FileKey::decode(k).expect("valid").create_date;
        assert_eq!(FileKey::view(k).expect("20 bytes").create_date(), Ok(date));
        assert_eq!(hand::file_create_date(k), Some(date));
    }

    let mut g = slow_group(c, &format!("W5 Metric.ts of {keys} keys"), keys);
    let sum = |g: &mut Group<'_>, name: &str, f: &dyn Fn(&[u8]) -> u64| {
        g.bench_function(name, |b| {
            b.iter(|| {
                black_box(&metrics)
                    .iter()
                    .fold(0u64, |a, k| a.wrapping_add(f(k)))
            })
        });
    };
    sum(&mut g, "rowkey view", &|k| {
        Metric::view(k).expect("17 bytes").ts().expect("valid")
    });
    sum(&mut g, "rowkey decode", &|k| {
        Metric::decode(k).expect("valid").ts
    });
    sum(&mut g, "hand-written", &|k| {
        hand::metric_ts(k).expect("17 bytes")
    });
    g.finish();

    let mut g = slow_group(c, &format!("W5 FileKey.create_date of {keys} keys"), keys);
    let sum = |g: &mut Group<'_>, name: &str, f: &dyn Fn(&[u8]) -> u32| {
        g.bench_function(name, |b| {
            b.iter(|| {
                black_box(&files)
                    .iter()
                    .fold(0u32, |a, k| a.wrapping_add(f(k)))
            })
        });
    };
    sum(&mut g, "rowkey view", &|k| {
        FileKey::view(k)
            .expect("20 bytes")
            .create_date()
            .expect("valid")
    });
    sum(&mut g, "rowkey decode", &|k| {
        FileKey::decode(k).expect("valid").create_date
    });
    sum(&mut g, "hand-written", &|k| {
        hand::file_create_date(k).expect("valid")
    });
    g.finish();
}

/// One pass over `recs`, in ns per record.
#[inline(never)]
fn pass<R, K>(recs: &[R], f: &impl Fn(&R) -> K) -> f64 {
    let t = Instant::now();
    for r in black_box(recs) {
        black_box(f(r));
    }
    t.elapsed().as_nanos() as f64 / recs.len() as f64
}

/// rowkey against hand-written code, timed alternately pass after pass, the
/// best of 400 passes each. Other processes slow both alike, so the ratio
/// holds on a busy machine, where one criterion benchmark after another can
/// drift by 2x.
fn interleaved(files: &[FileKey], metrics: &[Metric], events: &[Event]) {
    fn pair<R, A, B>(name: &str, recs: &[R], rowkey: impl Fn(&R) -> A, hand: impl Fn(&R) -> B) {
        let (mut a, mut b) = (f64::MAX, f64::MAX);
        for _ in 0..400 {
            a = a.min(pass(recs, &rowkey));
            b = b.min(pass(recs, &hand));
        }
        println!("| {name} | {a:.2} | {b:.2} | {:.2}x |", a / b);
    }
    let file_keys: Vec<[u8; 20]> = files
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let metric_keys: Vec<[u8; 17]> = metrics
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let event_keys: Vec<[u8; 28]> = events
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    println!("\nrowkey and hand-written, interleaved, best of 400 passes, ns per key:\n");
    println!("| workload | rowkey | hand-written | rowkey ÷ hand-written |");
    println!("|---|---:|---:|---:|");
    pair(
        "W1 encode",
        files,
        |r| r.encode().expect("in range"),
        |r| hand::file_encode(r).expect("in range"),
    );
    pair(
        "W1 decode",
        &file_keys,
        |k| FileKey::decode(k).expect("valid"),
        |k| hand::file_decode(k).expect("valid"),
    );
    pair(
        "W2 encode",
        metrics,
        |r| r.encode().expect("in range"),
        hand::metric_encode,
    );
    pair(
        "W2 decode",
        &metric_keys,
        |k| Metric::decode(k).expect("valid"),
        |k| hand::metric_decode(k).expect("valid"),
    );
    pair(
        "W3 encode",
        events,
        |r| r.encode().expect("in range"),
        hand::event_encode,
    );
    pair(
        "W3 decode",
        &event_keys,
        |k| Event::decode(k).expect("valid"),
        |k| hand::event_decode(k).expect("valid"),
    );
    pair(
        "W4 prefix range",
        files,
        |r| {
            let range = FileKey::prefix_for_user_id_create_date(r.user_id, r.create_date)
                .expect("in range");
            black_box((range.start(), range.end()));
        },
        |r| {
            let range = hand::file_prefix(r.user_id, r.create_date).expect("in range");
            black_box((range.start(), range.end()));
        },
    );
    pair(
        "W4 fan-out, 100 ranges",
        &metrics[..100],
        |r| {
            for range in Metric::prefix_for_metric(r.metric).expect("in range") {
                black_box((range.start(), range.end()));
            }
        },
        |r| {
            hand::metric_fan_out(r.metric, |range| {
                black_box((range.start(), range.end()));
            })
        },
    );
    pair(
        "W5 `Metric.ts` (view)",
        &metric_keys,
        |k| Metric::view(k).expect("17 bytes").ts().expect("valid"),
        |k| hand::metric_ts(k).expect("17 bytes"),
    );
    pair(
        "W5 `FileKey.create_date` (view)",
        &file_keys,
        |k| {
            FileKey::view(k)
                .expect("20 bytes")
                .create_date()
                .expect("valid")
        },
        |k| hand::file_create_date(k).expect("valid"),
    );
}

fn main() {
    let (files, metrics, events) = records();
    check(&files, &metrics, &events);
    // `cargo bench` passes `--bench`; `cargo test` runs each benchmark once, on fewer keys.
    let bench = std::env::args().any(|a| a == "--bench");
    let view_keys = if bench { 1_000_000 } else { RECORDS };

    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
        .configure_from_args();
    encode_benches(&mut c, &files, &metrics, &events);
    decode_benches(&mut c, &files, &metrics, &events);
    range_benches(&mut c, &files, &metrics);
    view_benches(&mut c, view_keys);
    c.final_summary();
    if bench {
        interleaved(&files, &metrics, &events);
    }
}
