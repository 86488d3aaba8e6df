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
//! The workloads that hold rowkey against hand-written code are listed once,
//! in `support/workloads.rs`; this file adds the other baselines to their
//! groups. Before timing, `main` checks that every baseline writes the same
//! bytes as rowkey for every record (where the format is the same) and that
//! none of rowkey's workloads allocates. Under `cargo test` those checks run
//! and each benchmark runs once.
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
use workloads::{
    agree, each, hand, records, Event, FileKey, Metric, Records, Runner, Workload, BUCKETS, SEED,
};

/// The salt bucket as a user of a key library without salts computes it:
/// xxh32 from the `xxhash-rust` crate, mod 100.
#[inline]
fn bucket(host: u32) -> u8 {
    (xxhash_rust::xxh32::xxh32(&host.to_be_bytes(), 0) % BUCKETS) as u8
}

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
            &[super::bucket(r.host)][..],
            &r.metric.to_be_bytes(),
            &(!r.ts).to_be_bytes(),
            &host,
        ]
        .concat()
    }

    #[inline]
    pub fn metric_decode(k: &[u8]) -> Option<Metric> {
        if k.len() != 17 || k[0] != super::bucket(u32::from_be_bytes(k[13..17].try_into().ok()?)) {
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
        (super::bucket(r.host), r.metric, !r.ts, r.host)
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
        (t.0 == super::bucket(t.3)).then_some(Metric {
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

/// The other baselines write rowkey's bytes where their format is the same,
/// and read them back (the hand-written ones are checked by `agree`).
fn check_others(d: &Records) {
    for (r, k) in d.files.iter().zip(&d.file_keys) {
        assert_eq!(k.to_vec(), text::file_encode(r), "{r:?}");
        assert_eq!(text::file_decode(k), Some(*r));
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
        let (s, e) = text::file_prefix(r.user_id, r.create_date);
        assert_eq!((range.start(), range.end()), (&s[..], Some(&e[..])));
        assert!(range.contains(k));
    }
    for (r, k) in d.metrics.iter().zip(&d.metric_keys) {
        assert_eq!(k.to_vec(), text::metric_encode(r));
        let t = peer::metric(r);
        assert_eq!(k.to_vec(), storekey::encode_vec(&t).expect("vec"));
        assert_eq!(*k, peer::storekey_into(&t));
        assert_eq!(k.to_vec(), memcomparable::to_vec(&t).expect("vec"));
        assert_eq!(*k, peer::memcomparable_into(&t));
        assert_eq!(text::metric_decode(k), Some(*r));
        assert_eq!(
            peer::from_metric(storekey::decode_borrow(k).expect("sk")),
            Some(*r)
        );
        assert_eq!(
            peer::from_metric(memcomparable::from_slice(k).expect("mc")),
            Some(*r)
        );
    }
    for r in &d.metrics[..workloads::FAN_OUTS] {
        let ranges: Vec<_> = Metric::prefix_for_metric(r.metric)
            .expect("in range")
            .map(|g| (g.start().to_vec(), g.end().map(<[u8]>::to_vec)))
            .collect();
        assert_eq!(ranges, text::metric_fan_out(r.metric));
    }
    for (r, k) in d.events.iter().zip(&d.event_keys) {
        assert_eq!(k.to_vec(), text::event_encode(r));
        let t = peer::event(r);
        assert_eq!(k.to_vec(), storekey::encode_vec(&t).expect("vec"));
        assert_eq!(*k, peer::storekey_into(&t));
        assert_eq!(k.to_vec(), memcomparable::to_vec(&t).expect("vec"));
        assert_eq!(*k, peer::memcomparable_into(&t));
        assert_eq!(text::event_decode(k), Some(*r));
        assert_eq!(
            peer::from_event(storekey::decode_borrow(k).expect("sk")),
            *r
        );
        assert_eq!(
            peer::from_event(memcomparable::from_slice(k).expect("mc")),
            *r
        );
    }
}

/// Asserts that rowkey's side of every workload makes no heap allocation.
struct NoAllocation;

impl Runner for NoAllocation {
    fn run<R, A, B>(
        &mut self,
        w: Workload,
        recs: &[R],
        rowkey: impl Fn(&R) -> A,
        _: impl Fn(&R) -> B,
    ) {
        let n = allocations(|| {
            for r in recs {
                black_box(rowkey(r));
            }
        });
        assert_eq!(n, 0, "rowkey allocated in {}", w.id);
    }
}

// ---------------------------------------------------------------------------
// The benchmarks.

type Group<'a> = BenchmarkGroup<'a, WallTime>;

/// One benchmark: `f` on every record, each result through `black_box`.
fn bench<R, K>(g: &mut Group<'_>, name: &str, recs: &[R], f: impl Fn(&R) -> K) {
    g.bench_function(name, |b| {
        b.iter(|| {
            for r in black_box(recs) {
                black_box(f(r));
            }
        })
    });
}

/// One criterion group per workload: rowkey, hand-written code, and the
/// other baselines of that workload ([`others`]).
struct Groups<'c, 'd> {
    c: &'c mut Criterion,
    d: &'d Records,
}

impl Runner for Groups<'_, '_> {
    fn run<R, A, B>(
        &mut self,
        w: Workload,
        recs: &[R],
        rowkey: impl Fn(&R) -> A,
        hand: impl Fn(&R) -> B,
    ) {
        let mut g = self.c.benchmark_group(w.id);
        g.throughput(Throughput::Elements(recs.len() as u64));
        if w.kind.fans_out() {
            // Iterations of milliseconds: 20 samples of equal size.
            g.sampling_mode(SamplingMode::Flat);
            g.sample_size(20);
        }
        bench(&mut g, "rowkey", recs, rowkey);
        bench(&mut g, "hand-written", recs, hand);
        others(&mut g, w.id, self.d);
        g.finish();
    }
}

/// A length-checked copy out of the key: the floor of any decode.
#[inline(always)]
fn copy_out<const N: usize>(k: &[u8]) -> [u8; N] {
    k.try_into().expect("key length")
}

/// The baselines other than hand-written code that workload `id` has.
fn others(g: &mut Group<'_>, id: &str, d: &Records) {
    match id {
        "W1-encode" => {
            bench(g, "copy", &d.file_keys, |k| *k);
            bench(g, "format!", &d.files, text::file_encode);
            bench(g, "storekey (binary)", &d.files, |r| {
                storekey::encode_vec(&peer::file(r)).expect("vec")
            });
            bench(g, "storekey into [u8; 16] (binary)", &d.files, |r| {
                peer::storekey_into::<_, 16>(&peer::file(r))
            });
            bench(g, "memcomparable (binary)", &d.files, |r| {
                memcomparable::to_vec(&peer::file(r)).expect("vec")
            });
            bench(g, "memcomparable into [u8; 16] (binary)", &d.files, |r| {
                peer::memcomparable_into::<_, 16>(&peer::file(r))
            });
        }
        "W1-decode" => {
            let sk: Vec<Vec<u8>> = d
                .files
                .iter()
                .map(|r| storekey::encode_vec(&peer::file(r)).expect("vec"))
                .collect();
            let mc: Vec<Vec<u8>> = d
                .files
                .iter()
                .map(|r| memcomparable::to_vec(&peer::file(r)).expect("vec"))
                .collect();
            bench(g, "copy", &d.file_keys, |k| copy_out::<20>(k));
            bench(g, "str::parse", &d.file_keys, |k| {
                text::file_decode(k).expect("valid")
            });
            bench(g, "storekey (binary)", &sk, |k| {
                peer::from_file(storekey::decode_borrow(k).expect("valid"))
            });
            bench(g, "memcomparable (binary)", &mc, |k| {
                peer::from_file(memcomparable::from_slice(k).expect("valid"))
            });
        }
        "W2-encode" => {
            bench(g, "copy", &d.metric_keys, |k| *k);
            bench(g, "Vec concat", &d.metrics, text::metric_encode);
            bench(g, "storekey", &d.metrics, |r| {
                storekey::encode_vec(&peer::metric(r)).expect("vec")
            });
            bench(g, "storekey into [u8; 17]", &d.metrics, |r| {
                peer::storekey_into::<_, 17>(&peer::metric(r))
            });
            bench(g, "memcomparable", &d.metrics, |r| {
                memcomparable::to_vec(&peer::metric(r)).expect("vec")
            });
            bench(g, "memcomparable into [u8; 17]", &d.metrics, |r| {
                peer::memcomparable_into::<_, 17>(&peer::metric(r))
            });
        }
        "W2-decode" => {
            let keys = &d.metric_keys;
            bench(g, "copy", keys, |k| copy_out::<17>(k));
            bench(g, "slices", keys, |k| {
                text::metric_decode(k).expect("valid")
            });
            bench(g, "storekey", keys, |k| {
                peer::from_metric(storekey::decode_borrow(k).expect("valid")).expect("salt")
            });
            bench(g, "memcomparable", keys, |k| {
                peer::from_metric(memcomparable::from_slice(k).expect("valid")).expect("salt")
            });
        }
        "W3-encode" => {
            bench(g, "copy", &d.event_keys, |k| *k);
            bench(g, "Vec concat", &d.events, text::event_encode);
            bench(g, "storekey", &d.events, |r| {
                storekey::encode_vec(&peer::event(r)).expect("vec")
            });
            bench(g, "storekey into [u8; 28]", &d.events, |r| {
                peer::storekey_into::<_, 28>(&peer::event(r))
            });
            bench(g, "memcomparable", &d.events, |r| {
                memcomparable::to_vec(&peer::event(r)).expect("vec")
            });
            bench(g, "memcomparable into [u8; 28]", &d.events, |r| {
                peer::memcomparable_into::<_, 28>(&peer::event(r))
            });
        }
        "W3-decode" => {
            let keys = &d.event_keys;
            bench(g, "copy", keys, |k| copy_out::<28>(k));
            bench(g, "slices", keys, |k| text::event_decode(k).expect("valid"));
            bench(g, "storekey", keys, |k| {
                peer::from_event(storekey::decode_borrow(k).expect("valid"))
            });
            bench(g, "memcomparable", keys, |k| {
                peer::from_event(memcomparable::from_slice(k).expect("valid"))
            });
        }
        "W4-prefix-user-date" => bench(g, "format!", &d.files, |r| {
            text::file_prefix(r.user_id, r.create_date)
        }),
        "W4-fan-out-metric" => bench(g, "Vec", &d.metrics[..workloads::FAN_OUTS], |r| {
            text::metric_fan_out(r.metric)
        }),
        _ => {}
    }
}

/// A group whose iterations take milliseconds: 20 samples of equal size.
fn slow_group<'a>(c: &'a mut Criterion, name: &str, keys: usize) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(keys as u64));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(20);
    g
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
/// drift by 2x. Prints a row with the target, if there is one.
fn pair<R, A, B>(
    name: &str,
    target: Option<f64>,
    recs: &[R],
    rowkey: impl Fn(&R) -> A,
    hand: impl Fn(&R) -> B,
) {
    let (mut a, mut b) = (f64::MAX, f64::MAX);
    for _ in 0..400 {
        a = a.min(pass(recs, &rowkey));
        b = b.min(pass(recs, &hand));
    }
    let target = target.map_or(String::new(), |t| format!("{t:.2}x"));
    println!("| {name} | {a:.2} | {b:.2} | {:.2}x | {target} |", a / b);
}

/// [`pair`] for every workload; a fan-out over its first 100 queries, so
/// that a pass holds as many ranges as the other workloads' passes do keys.
struct Interleaved;

impl Runner for Interleaved {
    fn run<R, A, B>(
        &mut self,
        w: Workload,
        recs: &[R],
        rowkey: impl Fn(&R) -> A,
        hand: impl Fn(&R) -> B,
    ) {
        let recs = if w.kind.fans_out() {
            &recs[..100]
        } else {
            recs
        };
        pair(w.name, w.kind.target(), recs, rowkey, hand);
    }
}

fn interleaved(d: &Records) {
    println!("\nrowkey and hand-written, interleaved, best of 400 passes, ns per operation:\n");
    println!("| operation | rowkey | hand-written | rowkey ÷ hand-written | target |");
    println!("|---|---:|---:|---:|---:|");
    each(d, &mut Interleaved);
    pair(
        "W5 `Metric.ts` (view)",
        None,
        &d.metric_keys,
        |k| Metric::view(k).expect("17 bytes").ts().expect("valid"),
        |k| hand::metric_ts(k).expect("17 bytes"),
    );
    pair(
        "W5 `FileKey.create_date` (view)",
        None,
        &d.file_keys,
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
    let d = records();
    agree::all(&d);
    check_others(&d);
    each(&d, &mut NoAllocation);
    // The counter counts: the `format!` baseline allocates.
    assert!(allocations(|| drop(black_box(text::file_encode(&d.files[0])))) > 0);
    // `cargo bench` passes `--bench`; `cargo test` runs each benchmark once, on fewer keys.
    let bench = std::env::args().any(|a| a == "--bench");
    let view_keys = if bench { 1_000_000 } else { workloads::RECORDS };

    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
        .configure_from_args();
    each(&d, &mut Groups { c: &mut c, d: &d });
    view_benches(&mut c, view_keys);
    c.final_summary();
    if bench {
        interleaved(&d);
    }
}
