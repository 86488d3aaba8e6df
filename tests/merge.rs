//! The ordered merge across salt buckets returns exactly the rows a brute-force filter finds,
//! in the order of the key without its bucket (ascending, and descending over reverse scans),
//! over a `BTreeMap` and over fjall, a real LSM store.

#[path = "support/cases.rs"]
mod support_cases;
use support_cases::cases;

use std::collections::BTreeMap;
use std::ops::{Bound, RangeBounds};

use fjall::{Database, Keyspace, KeyspaceCreateOptions};
use proptest::prelude::*;
use rowkey::{KeyRange, RowKey, Salt};

/// Logs salted on their timestamp: a time range fans out over every bucket.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Log {
    #[salt(mod = 8)]
    ts: u16,
    host: u8,
}

/// Newest first, salted on the host: a time range fans out, and the merge of the buckets
/// comes newest first across hosts (the order the `#[reverse]` bytes give).
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Latest {
    #[reverse]
    ts: u16,
    #[salt(mod = 5)]
    host: u8,
}

/// Three-digit bucket prefixes: the merge skips every byte of the bucket.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Region {
    #[pad(2)]
    region: u8,
    #[salt(mod = 300, pad = 3)]
    id: u16,
}

/// The rows of a merged scan, as `(key, value)` pairs.
type Rows = Vec<(Vec<u8>, u32)>;

/// Every key of `table` that `keep` selects, in the order of its bytes after the bucket,
/// descending when `reversed`: what a merge must return, computed by brute force.
fn brute_force(
    table: &BTreeMap<Vec<u8>, u32>,
    salt: Salt,
    keep: impl Fn(&[u8]) -> bool,
    reversed: bool,
) -> Rows {
    let mut rows: Rows = table
        .iter()
        .filter(|(k, _)| keep(k))
        .map(|(k, v)| (k.clone(), *v))
        .collect();
    rows.sort_by(|a, b| a.0[salt.width()..].cmp(&b.0[salt.width()..]));
    if reversed {
        rows.reverse();
    }
    rows
}

fn map_of<K: RowKey>(keys: &[K]) -> BTreeMap<Vec<u8>, u32> {
    keys.iter()
        .enumerate()
        .map(|(i, k)| (k.encode().unwrap().as_ref().to_vec(), i as u32))
        .collect()
}

fn btree_merge(
    table: &BTreeMap<Vec<u8>, u32>,
    ranges: rowkey::BucketRangesOf<impl rowkey::RangeBytes>,
    reversed: bool,
) -> Rows {
    let pair = |(k, v): (&Vec<u8>, &u32)| (k.clone(), *v);
    if reversed {
        ranges
            .merge_reversed(|r| table.range::<[u8], _>(r.bounds()).rev())
            .map(pair)
            .collect()
    } else {
        ranges
            .merge(|r| table.range::<[u8], _>(r.bounds()))
            .map(pair)
            .collect()
    }
}

fn window(lo: u16, len: u16) -> (Bound<u16>, Bound<u16>) {
    (Bound::Included(lo), Bound::Excluded(lo.saturating_add(len)))
}

/// Keys from a small value space, so that ranges hold many of them and buckets collide.
fn logs() -> impl Strategy<Value = Vec<Log>> {
    prop::collection::vec(
        (0..600u16, 0..4u8).prop_map(|(ts, host)| Log { ts, host }),
        0..120,
    )
}

fn latests() -> impl Strategy<Value = Vec<Latest>> {
    prop::collection::vec(
        (0..600u16, 0..6u8).prop_map(|(ts, host)| Latest { ts, host }),
        0..120,
    )
}

proptest! {
    #[test]
    fn merge_of_a_salted_time_range_is_the_brute_force_order(
        keys in logs(), lo in 0..650u16, len in 0..400u16, reversed in any::<bool>(),
    ) {
        let table = map_of(&keys);
        let (a, b) = window(lo, len);
        let ranges = Log::range_for_ts((a, b)).unwrap();
        prop_assert_eq!(ranges.len(), 8);
        let inside = |k: &[u8]| (a, b).contains(&Log::decode(k).unwrap().ts);
        let expected = brute_force(&table, Log::SALT, inside, reversed);
        prop_assert_eq!(btree_merge(&table, ranges, reversed), expected);
    }

    #[test]
    fn merge_over_a_reverse_field_comes_newest_first(
        keys in latests(), lo in 0..650u16, len in 0..400u16, reversed in any::<bool>(),
    ) {
        let table = map_of(&keys);
        let (a, b) = window(lo, len);
        let ranges = Latest::range_for_ts((a, b)).unwrap();
        let inside = |k: &[u8]| (a, b).contains(&Latest::decode(k).unwrap().ts);
        let expected = brute_force(&table, Latest::SALT, inside, reversed);
        let got = btree_merge(&table, ranges, reversed);
        // The bytes' order is the fields' order: newest first, then host (reversed: the opposite).
        let fields: Vec<(u16, u8)> = got
            .iter()
            .map(|(k, _)| Latest::decode(k).map(|l| (l.ts, l.host)).unwrap())
            .collect();
        let mut by_fields = fields.clone();
        by_fields.sort_by_key(|&(ts, host)| (std::cmp::Reverse(ts), host));
        if reversed {
            by_fields.reverse();
        }
        prop_assert_eq!(fields, by_fields);
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn merge_skips_a_digit_bucket_of_three_bytes(
        keys in prop::collection::vec((0..100u8, any::<u16>()).prop_map(|(region, id)| Region { region, id }), 0..120),
        region in 0..100u8,
    ) {
        let table = map_of(&keys);
        let ranges = Region::prefix_for_region(region).unwrap();
        prop_assert_eq!(ranges.len(), 300);
        let inside = |k: &[u8]| Region::decode(k).unwrap().region == region;
        let expected = brute_force(&table, Region::SALT, inside, false);
        prop_assert_eq!(btree_merge(&table, ranges, false), expected);
    }
}

// ---- fjall ----

/// One fjall database for every case; each case writes its keys, checks, and clears them.
struct Fjall {
    table: Keyspace,
    _db: Database,
    _dir: tempfile::TempDir,
}

impl Fjall {
    fn open() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::builder(dir.path()).open().unwrap();
        let table = db
            .keyspace("merge", KeyspaceCreateOptions::default)
            .unwrap();
        Fjall {
            table,
            _db: db,
            _dir: dir,
        }
    }

    fn merge(
        &self,
        ranges: rowkey::BucketRangesOf<impl rowkey::RangeBytes>,
        reversed: bool,
    ) -> Rows {
        let read = |guard: fjall::Guard| -> fjall::Result<(Vec<u8>, u32)> {
            let (k, v) = guard.into_inner()?;
            Ok((k.to_vec(), u32::from_be_bytes((*v).try_into().unwrap())))
        };
        let t = &self.table;
        let rows: fjall::Result<Rows> = if reversed {
            ranges
                .merge_reversed(|r| t.range::<&[u8], _>(r.bounds()).rev().map(read))
                .collect()
        } else {
            ranges
                .merge(|r| t.range::<&[u8], _>(r.bounds()).map(read))
                .collect()
        };
        rows.unwrap()
    }
}

thread_local! {
    static FJALL: Fjall = Fjall::open();
}

proptest! {
    // Each case writes to disk (a clear costs a journal write): fewer usual cases than the
    // BTreeMap properties above, but PROPTEST_CASES still sets the count for a long run.
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn merge_over_fjall_scans_is_the_brute_force_order(
        keys in logs(), lo in 0..650u16, len in 0..400u16, reversed in any::<bool>(),
    ) {
        let table = map_of(&keys);
        let (a, b) = window(lo, len);
        let inside = |k: &[u8]| (a, b).contains(&Log::decode(k).unwrap().ts);
        let expected = brute_force(&table, Log::SALT, inside, reversed);
        let got = FJALL.with(|store| {
            for (k, v) in &table {
                store.table.insert(k, v.to_be_bytes()).unwrap();
            }
            let got = store.merge(Log::range_for_ts((a, b)).unwrap(), reversed);
            // Clear rather than delete key by key: no tombstones pile up over the cases.
            store.table.clear().unwrap();
            got
        });
        prop_assert_eq!(got, expected);
    }
}

#[test]
fn merge_reads_one_row_ahead_per_bucket() {
    // Every bucket scan is open at once and the merge holds one row of each: taking three
    // rows of a 200-row window over 8 buckets reads at most 8 + 3 rows from the store.
    let table: BTreeMap<Vec<u8>, u32> = (0..1_000u16)
        .map(|ts| {
            (
                Log { ts, host: 1 }.encode().unwrap().to_vec(),
                u32::from(ts),
            )
        })
        .collect();
    let read = std::cell::Cell::new(0);
    let first: Vec<u32> = Log::range_for_ts(100..300)
        .unwrap()
        .merge(|r| {
            table
                .range::<[u8], _>(r.bounds())
                .inspect(|_| read.set(read.get() + 1))
        })
        .take(3)
        .map(|(_, v)| *v)
        .collect();
    assert_eq!(first, [100, 101, 102]);
    assert!(read.get() <= 8 + 3, "read {} rows", read.get());
    let all = KeyRange::<64>::all();
    let everything = Log::SALT
        .fan_out(all)
        .unwrap()
        .merge(|r| table.range::<[u8], _>(r.bounds()));
    assert_eq!(
        everything.map(|(_, v)| *v).collect::<Vec<_>>(),
        (0..1_000).collect::<Vec<_>>()
    );
}

/// Bare key slices (`&[u8]`, what a scan of keys alone yields) are rows
/// with keys, as pairs are: they merge in the order of their bytes after
/// the bucket, none handed on ahead as a keyless item.
#[test]
fn bare_key_slices_merge_in_key_order() {
    let logs: Vec<Log> = (0..200u16)
        .map(|ts| Log {
            ts,
            host: (ts % 3) as u8,
        })
        .collect();
    let table = map_of(&logs);
    let expected: Vec<Vec<u8>> = brute_force(&table, Log::SALT, |_| true, false)
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    let merged: Vec<Vec<u8>> = Log::SALT
        .fan_out(KeyRange::<64>::all())
        .unwrap()
        .merge(|r| {
            table
                .range::<[u8], _>(r.bounds())
                .map(|(k, _)| k.as_slice())
        })
        .map(<[u8]>::to_vec)
        .collect();
    assert_eq!(merged, expected);
}
