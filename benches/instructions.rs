//! The program `cargo xtask instructions` runs under cachegrind: one workload,
//! rowkey or the hand-written code, `passes` times over the records of
//! `benches/keys.rs` (same seed, same keys, same hand-written baselines).
//!
//! ```text
//! instructions <workload> <rowkey|hand-written> <passes>
//! ```
//!
//! prints `records N` (what one pass handles) and exits. Instructions per key
//! are `(I(passes = P) - I(passes = 0)) / (P * N)`: the difference removes
//! start-up and record generation. Without arguments (as under `cargo test`),
//! every workload runs once in both variants, and their results are checked
//! to be the same, so both do the same work.

use std::hint::black_box;
use std::process::ExitCode;

use rowkey::RowKey;

#[path = "support/workloads.rs"]
mod workloads;
use workloads::{hand, records, Event, FileKey, Metric};

/// The workloads, in the order of the tables in BENCHMARKS.md.
const WORKLOADS: &[&str] = &[
    "W1-encode",
    "W1-decode",
    "W2-encode",
    "W2-decode",
    "W3-encode",
    "W3-decode",
    "W4-prefix",
    "W4-fan-out",
];
/// W4 fan-out: metrics per pass (100 ranges each); one "key" is one fan-out.
const FAN_OUTS: usize = 1_000;

/// `f` on every record, `passes` times; every result through `black_box`.
#[inline(never)]
fn run<R, K>(passes: usize, recs: &[R], f: impl Fn(&R) -> K) -> usize {
    for _ in 0..passes {
        for r in black_box(recs) {
            black_box(f(r));
        }
    }
    recs.len()
}

struct Data {
    files: Vec<FileKey>,
    metrics: Vec<Metric>,
    events: Vec<Event>,
    file_keys: Vec<[u8; 20]>,
    metric_keys: Vec<[u8; 17]>,
    event_keys: Vec<[u8; 28]>,
}

fn data() -> Data {
    let (files, metrics, events) = records();
    let file_keys = files
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let metric_keys = metrics
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    let event_keys = events
        .iter()
        .map(|r| r.encode().expect("in range"))
        .collect();
    Data {
        files,
        metrics,
        events,
        file_keys,
        metric_keys,
        event_keys,
    }
}

/// Runs one workload; returns the records of one pass, or `None` for an unknown name.
fn workload(d: &Data, name: &str, rowkey: bool, passes: usize) -> Option<usize> {
    let fan_out = &d.metrics[..FAN_OUTS];
    Some(match (name, rowkey) {
        ("W1-encode", true) => run(passes, &d.files, |r| r.encode().expect("in range")),
        ("W1-encode", false) => run(passes, &d.files, |r| {
            hand::file_encode(r).expect("in range")
        }),
        ("W1-decode", true) => run(passes, &d.file_keys, |k| FileKey::decode(k).expect("valid")),
        ("W1-decode", false) => run(passes, &d.file_keys, |k| {
            hand::file_decode(k).expect("valid")
        }),
        ("W2-encode", true) => run(passes, &d.metrics, |r| r.encode().expect("in range")),
        ("W2-encode", false) => run(passes, &d.metrics, hand::metric_encode),
        ("W2-decode", true) => run(passes, &d.metric_keys, |k| {
            Metric::decode(k).expect("valid")
        }),
        ("W2-decode", false) => run(passes, &d.metric_keys, |k| {
            hand::metric_decode(k).expect("valid")
        }),
        ("W3-encode", true) => run(passes, &d.events, |r| r.encode().expect("in range")),
        ("W3-encode", false) => run(passes, &d.events, hand::event_encode),
        ("W3-decode", true) => run(passes, &d.event_keys, |k| Event::decode(k).expect("valid")),
        ("W3-decode", false) => run(passes, &d.event_keys, |k| {
            hand::event_decode(k).expect("valid")
        }),
        ("W4-prefix", true) => run(passes, &d.files, |r| {
            let range = FileKey::prefix_for_user_id_create_date(r.user_id, r.create_date)
                .expect("in range");
            black_box((range.start(), range.end()));
        }),
        ("W4-prefix", false) => run(passes, &d.files, |r| {
            let range = hand::file_prefix(r.user_id, r.create_date).expect("in range");
            black_box((range.start(), range.end()));
        }),
        ("W4-fan-out", true) => run(passes, fan_out, |r| {
            for range in Metric::prefix_for_metric(r.metric).expect("in range") {
                black_box((range.start(), range.end()));
            }
        }),
        ("W4-fan-out", false) => run(passes, fan_out, |r| {
            hand::metric_fan_out(r.metric, |range| {
                black_box((range.start(), range.end()));
            })
        }),
        _ => return None,
    })
}

/// Under `cargo test`: both variants of every workload compute the same thing.
fn check(d: &Data) {
    for (r, k) in d.files.iter().zip(&d.file_keys) {
        assert_eq!(hand::file_encode(r).as_ref(), Some(k));
        assert_eq!(FileKey::decode(k).ok(), hand::file_decode(k));
        let a = FileKey::prefix_for_user_id_create_date(r.user_id, r.create_date).expect("ok");
        let b = hand::file_prefix(r.user_id, r.create_date).expect("ok");
        assert_eq!((a.start(), a.end()), (b.start(), b.end()));
    }
    for (r, k) in d.metrics.iter().zip(&d.metric_keys) {
        assert_eq!(&hand::metric_encode(r), k);
        assert_eq!(Metric::decode(k).ok(), hand::metric_decode(k));
    }
    for r in &d.metrics[..FAN_OUTS] {
        let mut hand_ranges = Vec::new();
        hand::metric_fan_out(r.metric, |h| {
            hand_ranges.push((h.start().to_vec(), h.end().map(<[u8]>::to_vec)))
        });
        let ranges: Vec<_> = Metric::prefix_for_metric(r.metric)
            .expect("ok")
            .map(|g| (g.start().to_vec(), g.end().map(<[u8]>::to_vec)))
            .collect();
        assert_eq!(ranges, hand_ranges);
    }
    for (r, k) in d.events.iter().zip(&d.event_keys) {
        assert_eq!(&hand::event_encode(r), k);
        assert_eq!(Event::decode(k).ok(), hand::event_decode(k));
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let d = data();
    match args.as_slice() {
        [name, variant, passes] if !name.starts_with('-') => {
            let rowkey = match variant.as_str() {
                "rowkey" => true,
                "hand-written" => false,
                _ => {
                    eprintln!("variant: `rowkey` or `hand-written`, not `{variant}`");
                    return ExitCode::from(2);
                }
            };
            let Ok(passes) = passes.parse() else {
                eprintln!("passes: a number, not `{passes}`");
                return ExitCode::from(2);
            };
            match workload(&d, name, rowkey, passes) {
                Some(n) => {
                    println!("records {n}");
                    ExitCode::SUCCESS
                }
                None => {
                    eprintln!("workloads: {}", WORKLOADS.join(", "));
                    ExitCode::from(2)
                }
            }
        }
        // `cargo test` / `cargo bench` without a workload: check, and run each once.
        _ => {
            check(&d);
            for name in WORKLOADS {
                for rowkey in [true, false] {
                    workload(&d, name, rowkey, 1).expect("a known workload");
                }
            }
            ExitCode::SUCCESS
        }
    }
}
