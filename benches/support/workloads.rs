//! The workloads the benchmarks measure: the keys, the records and queries
//! (fixed seed), rowkey's calls, and the hand-written code each is held
//! against (`hand.rs`). [`each`] lists every workload once, for the
//! criterion run, the interleaved timing and the instruction counts.

use std::hint::black_box;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::RowKey;

#[path = "agree.rs"]
pub mod agree;
#[path = "hand.rs"]
pub mod hand;

/// Records per workload: each benchmark iteration handles all of them.
pub const RECORDS: usize = 10_000;
/// Queries of a fan-out workload (100 ranges each).
pub const FAN_OUTS: usize = 1_000;
pub const SEED: u64 = 0x0072_6f77_6b65_7921;
pub const BUCKETS: u32 = 100;

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

/// W4: a host's samples, `[bucket][host][ts]`: a host pins the bucket, a
/// range of hosts spans all 100.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 13)]
pub struct Sample {
    #[salt(mod = 100)]
    pub host: u32,
    pub ts: u64,
}

/// W4: logs salted on their timestamp, `[bucket][ts][host]`: a time range
/// spans all 100 buckets.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 13)]
pub struct Log {
    #[salt(mod = 100)]
    pub ts: u64,
    pub host: u32,
}

/// A range query: the value of the fields before the ranged one (`()` when
/// none), and the inclusive range `from..=to`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Query<P, T> {
    pub pinned: P,
    pub from: T,
    pub to: T,
}

/// Everything the workloads read, generated from [`SEED`].
pub struct Records {
    pub files: Vec<FileKey>,
    pub metrics: Vec<Metric>,
    pub events: Vec<Event>,
    pub file_keys: Vec<[u8; 20]>,
    pub metric_keys: Vec<[u8; 17]>,
    pub event_keys: Vec<[u8; 28]>,
    /// A user's files between two dates.
    pub dates: Vec<Query<u32, u32>>,
    /// A host's samples within a day.
    pub sample_times: Vec<Query<u32, u64>>,
    /// Samples of a run of hosts ([`FAN_OUTS`] queries).
    pub hosts: Vec<Query<(), u32>>,
    /// Logs within an hour ([`FAN_OUTS`] queries).
    pub log_times: Vec<Query<(), u64>>,
}

/// Milliseconds since the epoch, 2020 to 2027.
const TIMES: std::ops::Range<u64> = 1_600_000_000_000..1_800_000_000_000;

fn date(rng: &mut SmallRng) -> u32 {
    rng.random_range(2000..2026) * 10_000 + rng.random_range(1..13) * 100 + rng.random_range(1..29)
}

pub fn records() -> Records {
    let mut rng = SmallRng::seed_from_u64(SEED);
    let files: Vec<FileKey> = (0..RECORDS)
        .map(|_| FileKey {
            user_id: rng.random_range(0..1_000_000),
            create_date: date(&mut rng),
            file_id: rng.random_range(0..1_000_000),
        })
        .collect();
    let metrics: Vec<Metric> = (0..RECORDS)
        .map(|_| Metric {
            metric: rng.random_range(0..50_000),
            ts: rng.random_range(TIMES),
            host: rng.random(),
        })
        .collect();
    let events: Vec<Event> = (0..RECORDS)
        .map(|_| Event {
            account: rng.random(),
            seq: rng.random(),
            id: rng.random(),
        })
        .collect();
    let dates = (0..RECORDS)
        .map(|_| {
            let (a, b) = (date(&mut rng), date(&mut rng));
            Query {
                pinned: rng.random_range(0..1_000_000),
                from: a.min(b),
                to: a.max(b),
            }
        })
        .collect();
    let sample_times = (0..RECORDS)
        .map(|_| {
            let from = rng.random_range(TIMES);
            Query {
                pinned: rng.random(),
                from,
                to: from + rng.random_range(0..86_400_000),
            }
        })
        .collect();
    let hosts = (0..FAN_OUTS)
        .map(|_| {
            let from: u32 = rng.random();
            Query {
                pinned: (),
                from,
                to: from.saturating_add(rng.random_range(0..1_000)),
            }
        })
        .collect();
    let log_times = (0..FAN_OUTS)
        .map(|_| {
            let from = rng.random_range(TIMES);
            Query {
                pinned: (),
                from,
                to: from + rng.random_range(0..3_600_000),
            }
        })
        .collect();
    Records {
        file_keys: files
            .iter()
            .map(|r| r.encode().expect("in range"))
            .collect(),
        metric_keys: metrics
            .iter()
            .map(|r| r.encode().expect("in range"))
            .collect(),
        event_keys: events
            .iter()
            .map(|r| r.encode().expect("in range"))
            .collect(),
        files,
        metrics,
        events,
        dates,
        sample_times,
        hosts,
        log_times,
    }
}

/// rowkey's fan-outs in the shape of the hand-written ones: `f` gets each
/// bucket's bounds, each range lent in turn (`lend_each`). Inlined, the
/// loop is the one a caller writes.
pub mod fan_out {
    use super::{Log, Metric, Sample};
    use rowkey::{BucketRanges, EncodeError};

    /// Hands each range of `ranges` to `f`.
    #[inline(always)]
    fn each<const CAP: usize>(ranges: BucketRanges<CAP>, f: impl FnMut(&[u8], Option<&[u8]>)) {
        ranges.lend_each(f);
    }

    #[inline(always)]
    pub fn metric(metric: u32, f: impl FnMut(&[u8], Option<&[u8]>)) -> Result<(), EncodeError> {
        each(Metric::prefix_for_metric(metric)?, f);
        Ok(())
    }

    #[inline(always)]
    pub fn host(
        from: u32,
        to: u32,
        f: impl FnMut(&[u8], Option<&[u8]>),
    ) -> Result<(), EncodeError> {
        each(Sample::range_for_host(from..=to)?, f);
        Ok(())
    }

    #[inline(always)]
    pub fn time(
        from: u64,
        to: u64,
        f: impl FnMut(&[u8], Option<&[u8]>),
    ) -> Result<(), EncodeError> {
        each(Log::range_for_ts(from..=to)?, f);
        Ok(())
    }

    /// [`metric`] through the `Iterator`, each range a copy.
    #[inline(always)]
    pub fn metric_iter(
        metric: u32,
        mut f: impl FnMut(&[u8], Option<&[u8]>),
    ) -> Result<(), EncodeError> {
        for range in Metric::prefix_for_metric(metric)? {
            f(range.start(), range.end());
        }
        Ok(())
    }
}

/// What a scan hands its store: the bounds, into `black_box`.
#[inline(always)]
pub fn scan(start: &[u8], end: Option<&[u8]>) {
    black_box((start, end));
}

/// What a workload does, which sets its target against hand-written code.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// Encode or decode a key: within 1.05x.
    Codec,
    /// One scan range: within 1.3x.
    Range,
    /// One range per salt bucket, 100: within 1.3x.
    FanOut,
    /// One range per salt bucket through the `Iterator`, each range a copy:
    /// shown for comparison, no target.
    FanOutCopies,
}

impl Kind {
    /// The most rowkey may cost, as a multiple of hand-written code.
    pub fn target(self) -> Option<f64> {
        match self {
            Kind::Codec => Some(1.05),
            Kind::Range | Kind::FanOut => Some(1.3),
            Kind::FanOutCopies => None,
        }
    }

    /// Whether one operation is a fan-out over the buckets.
    #[allow(dead_code)] // `keys.rs` only.
    pub fn fans_out(self) -> bool {
        matches!(self, Kind::FanOut | Kind::FanOutCopies)
    }
}

/// One workload: rowkey's code and hand-written code for the same bytes.
#[derive(Debug, Clone, Copy)]
pub struct Workload {
    /// The name on the command line of `cargo xtask instructions`.
    pub id: &'static str,
    /// The operation, as the tables in BENCHMARKS.md name it.
    pub name: &'static str,
    pub kind: Kind,
}

/// Something that runs workloads: times them, counts them, checks them.
pub trait Runner {
    /// `rowkey` and `hand` do the same work on each of `recs`.
    fn run<R, A, B>(
        &mut self,
        w: Workload,
        recs: &[R],
        rowkey: impl Fn(&R) -> A,
        hand: impl Fn(&R) -> B,
    );
}

const fn workload(id: &'static str, name: &'static str, kind: Kind) -> Workload {
    Workload { id, name, kind }
}

/// Runs every workload with `runner`, in the order of the tables.
pub fn each(d: &Records, runner: &mut impl Runner) {
    use Kind::{Codec, FanOut, FanOutCopies, Range};
    runner.run(
        workload("W1-encode", "W1 encode", Codec),
        &d.files,
        |r| r.encode().expect("in range"),
        |r| hand::file_encode(r).expect("in range"),
    );
    runner.run(
        workload("W1-decode", "W1 decode", Codec),
        &d.file_keys,
        |k| FileKey::decode(k).expect("valid"),
        |k| hand::file_decode(k).expect("valid"),
    );
    runner.run(
        workload("W2-encode", "W2 encode", Codec),
        &d.metrics,
        |r| r.encode().expect("in range"),
        hand::metric_encode,
    );
    runner.run(
        workload("W2-decode", "W2 decode", Codec),
        &d.metric_keys,
        |k| Metric::decode(k).expect("valid"),
        |k| hand::metric_decode(k).expect("valid"),
    );
    runner.run(
        workload("W3-encode", "W3 encode", Codec),
        &d.events,
        |r| r.encode().expect("in range"),
        hand::event_encode,
    );
    runner.run(
        workload("W3-decode", "W3 decode", Codec),
        &d.event_keys,
        |k| Event::decode(k).expect("valid"),
        |k| hand::event_decode(k).expect("valid"),
    );
    runner.run(
        workload("W4-prefix-user", "`FileKey::prefix_for_user_id(u)`", Range),
        &d.files,
        |r| {
            let range = FileKey::prefix_for_user_id(r.user_id).expect("in range");
            scan(range.start(), range.end());
        },
        |r| hand::file_user_prefix(r.user_id, scan).expect("in range"),
    );
    runner.run(
        workload(
            "W4-prefix-user-date",
            "`FileKey::prefix_for_user_id_create_date(u, d)`",
            Range,
        ),
        &d.files,
        |r| {
            let range = FileKey::prefix_for_user_id_create_date(r.user_id, r.create_date)
                .expect("in range");
            scan(range.start(), range.end());
        },
        |r| hand::file_user_date_prefix(r.user_id, r.create_date, scan).expect("in range"),
    );
    runner.run(
        workload(
            "W4-range-user-date",
            "`FileKey::range_for_user_id_create_date(u, d1..=d2)`",
            Range,
        ),
        &d.dates,
        |q| {
            let range =
                FileKey::range_for_user_id_create_date(q.pinned, q.from..=q.to).expect("in range");
            scan(range.start(), range.end());
        },
        |q| hand::file_date_range(q.pinned, q.from, q.to, scan).expect("in range"),
    );
    runner.run(
        workload(
            "W4-range-host-ts",
            "`Sample::range_for_host_ts(h, t1..=t2)`, bucket pinned",
            Range,
        ),
        &d.sample_times,
        |q| {
            let range = Sample::range_for_host_ts(q.pinned, q.from..=q.to).expect("in range");
            scan(range.start(), range.end());
        },
        |q| hand::sample_range(q.pinned, q.from, q.to, scan),
    );
    runner.run(
        workload(
            "W4-fan-out-metric",
            "`Metric::prefix_for_metric(m)`, 100 buckets",
            FanOut,
        ),
        &d.metrics[..FAN_OUTS],
        |r| fan_out::metric(r.metric, scan).expect("in range"),
        |r| hand::metric_fan_out(r.metric, scan),
    );
    runner.run(
        workload(
            "W4-fan-out-metric-iter",
            "`Metric::prefix_for_metric(m)`, 100 buckets, through the `Iterator`",
            FanOutCopies,
        ),
        &d.metrics[..FAN_OUTS],
        |r| fan_out::metric_iter(r.metric, scan).expect("in range"),
        |r| hand::metric_fan_out(r.metric, scan),
    );
    runner.run(
        workload(
            "W4-fan-out-host",
            "`Sample::range_for_host(h1..=h2)`, 100 buckets",
            FanOut,
        ),
        &d.hosts,
        |q| fan_out::host(q.from, q.to, scan).expect("in range"),
        |q| hand::host_fan_out(q.from, q.to, scan),
    );
    runner.run(
        workload(
            "W4-fan-out-ts",
            "`Log::range_for_ts(t1..=t2)`, 100 buckets",
            FanOut,
        ),
        &d.log_times,
        |q| fan_out::time(q.from, q.to, scan).expect("in range"),
        |q| hand::time_fan_out(q.from, q.to, scan),
    );
}
