//! The hand-written code the benchmarks hold rowkey against
//! (`benches/support/hand.rs`) gives rowkey's bytes: for random records and
//! queries, and for the edges where hand-written shortcuts go wrong (type
//! maxima, bounds past a field's digits, empty ranges, successors that carry
//! over 0xFF bytes, bytes that are not digits).

#[path = "support/cases.rs"]
mod support_cases;
#[allow(dead_code)] // The benchmarks' runners are not used here.
#[path = "../benches/support/workloads.rs"]
mod workloads;

use proptest::prelude::*;
use rowkey::RowKey;
use support_cases::cases;
use workloads::{agree, Event, FileKey, Metric};

/// `x` with its low `n` bytes set to 0xFF: the carries of a successor.
fn ones_below<T: Into<u64>>(x: T, n: u32) -> u64 {
    let low = if n >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * n)) - 1
    };
    x.into() | low
}

/// Any `u32`, half of them ending in 0 to 4 bytes of 0xFF.
fn u32_edgy() -> impl Strategy<Value = u32> {
    prop_oneof![
        any::<u32>(),
        (any::<u32>(), 0..=4u32).prop_map(|(x, n)| ones_below(x, n) as u32),
    ]
}

/// Any `u64`, half of them ending in 0 to 8 bytes of 0xFF.
fn u64_edgy() -> impl Strategy<Value = u64> {
    prop_oneof![
        any::<u64>(),
        (any::<u64>(), 0..=8u32).prop_map(|(x, n)| ones_below(x, n)),
    ]
}

/// A value of `digits` digits, or one just past them, or any.
fn padded(digits: u32) -> impl Strategy<Value = u32> {
    let max = 10u32.pow(digits) - 1;
    prop_oneof![0..=max, max - 10..=max + 10, any::<u32>()]
}

/// 20 bytes that are mostly digits: one byte, anywhere, may be anything.
fn file_bytes() -> impl Strategy<Value = Vec<u8>> {
    (
        proptest::collection::vec(b'0'..=b'9', 20),
        0..20usize,
        any::<u8>(),
    )
        .prop_map(|(mut k, at, b)| {
            k[at] = b;
            k
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000), ..ProptestConfig::default() })]

    #[test]
    fn file_key(user_id in padded(6), create_date in padded(8), file_id in padded(6)) {
        agree::file_key(&FileKey { user_id, create_date, file_id: file_id.into() });
    }

    #[test]
    fn file_key_from_any_bytes(k in file_bytes()) {
        agree::file_bytes(&k);
    }

    #[test]
    fn metric(metric in any::<u32>(), ts in u64_edgy(), host in any::<u32>()) {
        agree::metric(&Metric { metric, ts, host });
    }

    #[test]
    fn metric_from_any_bytes(k in proptest::collection::vec(any::<u8>(), 17)) {
        agree::metric_bytes(&k);
    }

    #[test]
    fn event(account in any::<i64>(), seq in any::<i32>(), id in any::<[u8; 16]>()) {
        agree::event(&Event { account, seq, id });
    }

    #[test]
    fn file_prefixes(user_id in padded(6), create_date in padded(8)) {
        agree::user_prefix(user_id);
        agree::user_date_prefix(user_id, create_date);
    }

    #[test]
    fn date_range(user_id in padded(6), from in padded(8), to in padded(8)) {
        agree::date_range(user_id, from, to);
    }

    #[test]
    fn sample_range(host in u32_edgy(), from in u64_edgy(), to in u64_edgy()) {
        agree::sample_range(host, from, to);
    }

    #[test]
    fn fan_outs(a in u32_edgy(), b in u32_edgy(), t in u64_edgy(), u in u64_edgy()) {
        agree::metric_fan_out(a);
        agree::host_fan_out(a, b);
        agree::time_fan_out(t, u);
    }
}

const DATES: [u32; 8] = [
    0,
    1,
    20_120_902,
    99_999_998,
    99_999_999,
    100_000_000,
    u32::MAX - 1,
    u32::MAX,
];
const U32S: [u32; 9] = [
    0,
    1,
    0xFE,
    0xFF,
    0x1FF,
    0xFFFF,
    0x00FF_FFFF,
    u32::MAX - 1,
    u32::MAX,
];
const U64S: [u64; 10] = [
    0,
    1,
    0xFF,
    0x1FF,
    0xFFFF_FFFF,
    0x00FF_FFFF_FFFF_FFFF,
    0x0100_0000_0000_0000,
    u64::MAX - 0x100,
    u64::MAX - 1,
    u64::MAX,
];

#[test]
fn file_key_edges() {
    for user_id in [0, 1, 999_999, 1_000_000, u32::MAX] {
        for create_date in DATES {
            for file_id in [0, 999_999, 1_000_000, u64::MAX] {
                agree::file_key(&FileKey {
                    user_id,
                    create_date,
                    file_id,
                });
            }
            agree::user_prefix(user_id);
            agree::user_date_prefix(user_id, create_date);
            for to in DATES {
                agree::date_range(user_id, create_date, to);
            }
        }
    }
    // Every byte value at every position of a key of digits.
    for at in 0..20 {
        for b in 0..=255u8 {
            let mut k = *b"00000120120902000001";
            k[at] = b;
            agree::file_bytes(&k);
        }
    }
    for len in [0, 19, 21] {
        agree::file_bytes(&vec![b'0'; len]);
    }
}

/// Every 8-digit value as a date, and its last 6 digits as the user and file
/// ids: with `ROWKEY_PAD_STEP=1` all of them (a release build takes
/// seconds), by default every 997th and the last ten.
#[test]
fn every_digit_value() {
    let step = std::env::var("ROWKEY_PAD_STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(997);
    for v in (0..100_000_000)
        .step_by(step)
        .chain(99_999_990..100_000_000)
    {
        let id = v % 1_000_000;
        agree::file_key(&FileKey {
            user_id: id,
            create_date: v,
            file_id: id.into(),
        });
    }
}

#[test]
fn binary_key_edges() {
    for (metric, host) in U32S.into_iter().zip(U32S.into_iter().rev()) {
        for ts in U64S {
            agree::metric(&Metric { metric, ts, host });
        }
    }
    for seq in [i32::MIN, -1, 0, 1, i32::MAX] {
        for account in [i64::MIN, -1, 0, 1, i64::MAX] {
            let id = [0xFF; 16];
            agree::event(&Event { account, seq, id });
        }
    }
    // A key whose salt bucket is wrong, and wrong lengths.
    let mut k = Metric {
        metric: 1,
        ts: 2,
        host: 3,
    }
    .encode()
    .expect("every metric encodes");
    k[0] = k[0].wrapping_add(1);
    agree::metric_bytes(&k);
    agree::metric_bytes(&k[..16]);
    agree::event_bytes(&[0; 27]);
}

#[test]
fn range_edges() {
    for host in U32S {
        for from in U64S {
            for to in U64S {
                agree::sample_range(host, from, to);
            }
        }
    }
    for from in U32S {
        agree::metric_fan_out(from);
        for to in U32S {
            agree::host_fan_out(from, to);
        }
    }
    for from in U64S {
        for to in U64S {
            agree::time_fan_out(from, to);
        }
    }
}
