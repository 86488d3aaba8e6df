//! rowkey against the Cloud Bigtable emulator: pre-split tables, 100,000 salted rows written
//! with batched mutations, one-range and fanned-out reads, ranges up to type maxima, paging,
//! and the article's `find()`.
//!
//! Run with `cargo xtask test` (it starts the emulator, sets `BIGTABLE_EMULATOR_HOST` and
//! runs these tests with `--include-ignored`). A plain `cargo test` lists them as ignored.
//!
//! Every key and every range below comes from `#[derive(RowKey)]`'s helpers; no test builds
//! key bytes by hand. Figures (rows/s, requests per query) go straight to stderr so they show
//! without `--nocapture`.

#[path = "../../tests/support/keys.rs"]
mod keys;
use keys::{FileKey, FILES};

use std::cmp::Reverse;
use std::collections::{BTreeSet, HashSet};
use std::error::Error;
use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use rowkey::{KeyRange, KeyRangeOf, RangeBytes, RowKey};
use rowkey_bigtable::{
    merge_sorted_runs, row_range, row_set, Bigtable, Config, Row, WriteOptions, EMULATOR_HOST_VAR,
};
use tokio::sync::{Mutex, MutexGuard, OnceCell};

type TestResult = Result<(), Box<dyn Error>>;

const FAMILY: &str = "d";

/// A time-series key: `[bucket(host)][region][host][ts, descending]`.
///
/// The salt hashes `host`, so one host's samples stay together (a salt-pinned prefix is one
/// range) while the hosts of a region spread over all 16 buckets (a region prefix fans out).
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Sample {
    region: u8,
    #[salt(mod = 16)]
    host: u32,
    #[reverse]
    ts: u64,
}

const REGIONS: u8 = 4;
const HOSTS_PER_REGION: u32 = 25;
const POINTS_PER_HOST: u64 = 1_000;
const TOTAL_ROWS: usize = REGIONS as usize * HOSTS_PER_REGION as usize * POINTS_PER_HOST as usize;
const T0: u64 = 1_700_000_000_000;
const STEP_MS: u64 = 60_000;

fn ts(i: u64) -> u64 {
    T0 + i * STEP_MS
}

fn hosts_of(region: u8) -> std::ops::Range<u32> {
    let first = u32::from(region) * HOSTS_PER_REGION;
    first..first + HOSTS_PER_REGION
}

/// Every sample of the data set, in no particular order.
fn all_samples() -> impl Iterator<Item = Sample> {
    (0..REGIONS).flat_map(|region| {
        hosts_of(region).flat_map(move |host| {
            (0..POINTS_PER_HOST).map(move |i| Sample {
                region,
                host,
                ts: ts(i),
            })
        })
    })
}

/// The value stored with a sample, so reads can check they got the right row.
fn value_of(s: &Sample) -> Vec<u8> {
    format!("{}:{}:{}", s.region, s.host, s.ts).into_bytes()
}

fn sample_row(s: &Sample) -> Row {
    Row::new(s.encode().expect("sample encodes").as_ref()).with_cell(
        FAMILY,
        b"v".to_vec(),
        value_of(s),
    )
}

/// Decodes the rows of a read and checks every value against its key.
fn decode_samples(rows: &[Row]) -> Vec<Sample> {
    rows.iter()
        .map(|row| {
            let s = Sample::decode(&row.key).expect("row key decodes as a Sample");
            assert_eq!(
                row.value(FAMILY, b"v"),
                Some(value_of(&s).as_slice()),
                "value of {s:?}"
            );
            s
        })
        .collect()
}

/// The ranges of a fan-out (one per salt bucket, in bucket order) as a `Vec`.
fn bucket_ranges<R>(fan_out: impl IntoIterator<Item = R>) -> Vec<R> {
    fan_out.into_iter().collect()
}

/// Writes a line to stderr directly, past the test harness's capture.
fn note(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
}

/// One test at a time against the emulator, so the measured figures are not shared with
/// other tests' traffic (the machine may have two cores for the emulator and the tests).
static SERIAL: Mutex<()> = Mutex::const_new(());

/// The emulator client and the turn to use it. These tests are `#[ignore]`d so that a
/// plain `cargo test` cannot report them passed; run without the emulator they fail
/// rather than pass untested.
async fn connect(test: &str) -> Option<(Bigtable, MutexGuard<'static, ()>)> {
    if std::env::var_os(EMULATOR_HOST_VAR).is_none() {
        panic!("bigtable emulator test `{test}` needs {EMULATOR_HOST_VAR}: run `cargo xtask test`");
    }
    let turn = SERIAL.lock().await;
    let bt = Bigtable::connect()
        .await
        .unwrap_or_else(|e| panic!("cannot reach the emulator at ${EMULATOR_HOST_VAR}: {e}"));
    Some((bt, turn))
}

/// A table name no other test or run on the same emulator uses.
fn table_id(name: &str) -> String {
    static SEQ: AtomicU32 = AtomicU32::new(0);
    format!(
        "{name}-{}-{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    )
}

/// The shared 100,000-row time-series table, written once by whichever test needs it first.
struct Dataset {
    table: String,
    write_secs: f64,
    write_requests: u64,
}

static DATASET: OnceCell<Dataset> = OnceCell::const_new();

async fn dataset(bt: &mut Bigtable) -> &'static Dataset {
    DATASET
        .get_or_init(|| async {
            let table = table_id("samples");
            let splits: Vec<_> = Sample::split_points().collect();
            bt.create_table(&table, &[FAMILY], &splits)
                .await
                .expect("create the pre-split table");
            let rows: Vec<Row> = all_samples().map(|s| sample_row(&s)).collect();
            let options = WriteOptions {
                batch_rows: 5_000,
                in_flight: 4,
                ..WriteOptions::default()
            };
            let start = Instant::now();
            let summary = bt
                .write_rows_with(&table, rows, options)
                .await
                .expect("write 100,000 rows");
            let write_secs = start.elapsed().as_secs_f64();
            assert_eq!(summary.rows, TOTAL_ROWS as u64);
            note(&format!(
                "bigtable: wrote {TOTAL_ROWS} salted rows into a table pre-split at {} points in \
                 {:.2} s ({:.0} rows/s, {} MutateRows requests of {} rows, {} in flight)",
                splits.len(),
                write_secs,
                TOTAL_ROWS as f64 / write_secs,
                summary.requests,
                options.batch_rows,
                options.in_flight
            ));
            Dataset {
                table,
                write_secs,
                write_requests: summary.requests,
            }
        })
        .await
}

/// Reads one query as one request and reports how many requests it took.
async fn query<B: RangeBytes>(
    bt: &mut Bigtable,
    table: &str,
    what: &str,
    ranges: Vec<KeyRangeOf<B>>,
) -> Vec<Row> {
    let before = bt.requests();
    let set = row_set(&ranges);
    let rows = bt.read_rows(table, set, None).await.expect("ReadRows");
    let requests = (bt.requests() - before).read_rows;
    note(&format!(
        "bigtable: {what}: {} range(s), {} ReadRows request(s), {} rows",
        ranges.len(),
        requests,
        rows.len()
    ));
    assert_eq!(requests, 1, "{what} must be one request");
    rows
}

// (a) ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn a_presplit_table_keeps_each_bucket_between_consecutive_split_points() -> TestResult {
    let Some((mut bt, _turn)) = connect("a_presplit_table").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;
    let splits: Vec<Vec<u8>> = Sample::split_points()
        .map(|p| p.as_ref().to_vec())
        .collect();
    assert_eq!(splits.len(), 15, "16 buckets need 15 split points");
    assert!(
        splits.windows(2).all(|w| w[0] < w[1]),
        "split points ascend"
    );

    let mut per_tablet = [0usize; 16];
    for region in 0..REGIONS {
        let buckets = bucket_ranges(Sample::prefix_for_region(region)?);
        assert_eq!(buckets.len(), 16);
        let rows = query(
            &mut bt,
            &ds.table,
            &format!("region {region}, all buckets"),
            buckets.clone(),
        )
        .await;
        assert_eq!(
            rows.len(),
            (HOSTS_PER_REGION as u64 * POINTS_PER_HOST) as usize
        );
        for row in &rows {
            // The tablet a pre-split table puts the row in: the number of split points at or
            // below its key.
            let tablet = splits.partition_point(|s| s.as_slice() <= row.key.as_slice());
            // Its salt bucket: the one fan-out range that holds it.
            let holding: Vec<usize> = (0..buckets.len())
                .filter(|&b| buckets[b].contains(&row.key))
                .collect();
            assert_eq!(
                holding.len(),
                1,
                "each row lies in exactly one bucket range"
            );
            let bucket = holding[0];
            assert_eq!(
                tablet,
                bucket,
                "bucket {bucket}'s rows lie between split points {} and {}",
                bucket.wrapping_sub(1),
                bucket
            );
            assert_eq!(Sample::SALT.read(&row.key)? as usize, bucket);
            if bucket > 0 {
                assert!(splits[bucket - 1].as_slice() <= row.key.as_slice());
            }
            if bucket < splits.len() {
                assert!(row.key.as_slice() < splits[bucket].as_slice());
            }
            per_tablet[tablet] += 1;
        }
    }
    note(&format!(
        "bigtable: rows per pre-split tablet (bucket): {per_tablet:?}"
    ));
    assert!(per_tablet.iter().all(|&n| n > 0), "every bucket holds rows");
    Ok(())
}

// (b) ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn b_hundred_thousand_salted_rows_write_and_read_back() -> TestResult {
    let Some((mut bt, _turn)) = connect("b_hundred_thousand_salted_rows").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;
    let before = bt.requests();
    let start = Instant::now();
    let rows = bt
        .read_rows(&ds.table, row_set([KeyRange::<64>::all()]), None)
        .await?;
    let read_secs = start.elapsed().as_secs_f64();
    let requests = (bt.requests() - before).read_rows;
    note(&format!(
        "bigtable: write {TOTAL_ROWS} rows: {:.0} rows/s ({} MutateRows requests); read them back: \
         {:.2} s, {:.0} rows/s ({requests} ReadRows request)",
        TOTAL_ROWS as f64 / ds.write_secs,
        ds.write_requests,
        read_secs,
        rows.len() as f64 / read_secs
    ));
    assert_eq!(requests, 1);
    assert_eq!(rows.len(), TOTAL_ROWS);
    assert!(
        rows.windows(2).all(|w| w[0].key < w[1].key),
        "Bigtable returns rows in key order"
    );
    let got: HashSet<Sample> = decode_samples(&rows).into_iter().collect();
    let expected: HashSet<Sample> = all_samples().collect();
    assert_eq!(got, expected);
    Ok(())
}

// (c) ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn c_prefix_that_pins_the_salt_is_one_row_range() -> TestResult {
    let Some((mut bt, _turn)) = connect("c_prefix_that_pins_the_salt").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;

    // region + host pin the salt: one KeyRange, one row range.
    let r = Sample::prefix_for_region_host(2, 57)?;
    let rows = query(&mut bt, &ds.table, "prefix_for_region_host(2, 57)", vec![r]).await;
    let got = decode_samples(&rows);
    // #[reverse] ts: newest first.
    let expected: Vec<Sample> = (0..POINTS_PER_HOST)
        .rev()
        .map(|i| Sample {
            region: 2,
            host: 57,
            ts: ts(i),
        })
        .collect();
    assert_eq!(got, expected);

    // A time window of that host, still one range; the descending field swaps the bounds.
    let window = ts(100)..ts(200);
    let r = Sample::range_for_region_host_ts(2, 57, window.clone())?;
    let rows = query(
        &mut bt,
        &ds.table,
        "range_for_region_host_ts(2, 57, t100..t200)",
        vec![r],
    )
    .await;
    let got = decode_samples(&rows);
    let expected: Vec<Sample> = (100..200)
        .rev()
        .map(|i| Sample {
            region: 2,
            host: 57,
            ts: ts(i),
        })
        .collect();
    assert_eq!(got, expected);
    assert!(got.iter().all(|s| window.contains(&s.ts)));
    Ok(())
}

// (d) ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn d_unpinned_salt_is_one_request_over_all_bucket_ranges() -> TestResult {
    let Some((mut bt, _turn)) = connect("d_unpinned_salt_fan_out").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;

    // region alone does not pin the salt (it hashes host): 16 ranges, one per bucket.
    let ranges = bucket_ranges(Sample::prefix_for_region(1)?);
    assert_eq!(ranges.len(), 16);
    let set = row_set(&ranges);
    assert_eq!(
        set.row_ranges.len(),
        16,
        "one RowSet holds every bucket range"
    );
    let rows = query(
        &mut bt,
        &ds.table,
        "prefix_for_region(1) fanned out",
        ranges,
    )
    .await;
    let got = decode_samples(&rows);

    let mut expected: Vec<Sample> = all_samples().filter(|s| s.region == 1).collect();
    assert_eq!(got.len(), expected.len());
    assert_eq!(
        got.iter().copied().collect::<BTreeSet<_>>(),
        expected.iter().copied().collect::<BTreeSet<_>>()
    );
    // As read, rows come bucket by bucket, so host order is lost...
    assert!(got.windows(2).any(|w| w[0].host > w[1].host));

    // ...and merging the per-bucket runs gives back the unsalted key order: host ascending,
    // newest sample first.
    let by_key = merge_sorted_runs(got.clone(), |s| (s.host, Reverse(s.ts)));
    expected.sort_by_key(|s| (s.host, Reverse(s.ts)));
    assert_eq!(by_key, expected);

    // Or a time-ordered view over the whole region: newest first, across hosts.
    let newest_first = merge_sorted_runs(got, |s| Reverse(s.ts));
    assert!(newest_first.windows(2).all(|w| w[0].ts >= w[1].ts));
    assert_eq!(newest_first[0].ts, ts(POINTS_PER_HOST - 1));
    Ok(())
}

// (e) ----------------------------------------------------------------------------------

/// An unsalted key whose fields reach their type maxima, so prefixes can end in 0xFF.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Edge {
    a: u8,
    b: u16,
    c: u32,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn e_inclusive_range_to_type_max_and_open_ended_0xff_prefix() -> TestResult {
    let Some((mut bt, _turn)) = connect("e_inclusive_range_to_type_max").await else {
        return Ok(());
    };
    let table = table_id("edges");
    bt.create_table(&table, &[FAMILY], std::iter::empty::<&[u8]>())
        .await?;
    let all: Vec<Edge> = [0u8, 1, 254, u8::MAX]
        .into_iter()
        .flat_map(|a| {
            [0u16, 1, u16::MAX - 1, u16::MAX]
                .into_iter()
                .flat_map(move |b| {
                    [0u32, 7, u32::MAX]
                        .into_iter()
                        .map(move |c| Edge { a, b, c })
                })
        })
        .collect();
    let rows: Vec<Row> = all
        .iter()
        .map(|e| {
            Row::new(e.encode().unwrap().as_ref()).with_cell(FAMILY, b"v".to_vec(), b"-".to_vec())
        })
        .collect();
    bt.write_rows(&table, rows).await?;

    type Pred = fn(&Edge) -> bool;
    let cases: Vec<(&str, KeyRange<{ Edge::WIDTH + 1 }>, bool, Pred)> = vec![
        (
            "range_for_a_b(1, 1..=u16::MAX)",
            Edge::range_for_a_b(1, 1..=u16::MAX)?,
            false,
            |e| e.a == 1 && e.b >= 1,
        ),
        (
            "range_for_a_b(255, u16::MAX - 1..=u16::MAX)",
            Edge::range_for_a_b(u8::MAX, u16::MAX - 1..=u16::MAX)?,
            true,
            |e| e.a == u8::MAX && e.b >= u16::MAX - 1,
        ),
        (
            "range_for_a_b_c(255, 65535, 7..=u32::MAX)",
            Edge::range_for_a_b_c(u8::MAX, u16::MAX, 7..=u32::MAX)?,
            true,
            |e| e.a == u8::MAX && e.b == u16::MAX && e.c >= 7,
        ),
        (
            "range_for_a_b_c(254, 65535, ..=u32::MAX)",
            Edge::range_for_a_b_c(254, u16::MAX, ..=u32::MAX)?,
            false,
            |e| e.a == 254 && e.b == u16::MAX,
        ),
        (
            "range_for_a(254..=u8::MAX)",
            Edge::range_for_a(254..=u8::MAX)?,
            true,
            |e| e.a >= 254,
        ),
        (
            "prefix_for_a(255)",
            Edge::prefix_for_a(u8::MAX)?,
            true,
            |e| e.a == u8::MAX,
        ),
        (
            "prefix_for_a_b(255, 65535)",
            Edge::prefix_for_a_b(u8::MAX, u16::MAX)?,
            true,
            |e| e.a == u8::MAX && e.b == u16::MAX,
        ),
        (
            "prefix_for_a_b(254, 65535)",
            Edge::prefix_for_a_b(254, u16::MAX)?,
            false,
            |e| e.a == 254 && e.b == u16::MAX,
        ),
    ];
    for (what, range, open_ended, pred) in cases {
        assert_eq!(
            row_range(&range).end_key.is_none(),
            open_ended,
            "{what}: open-ended row range expected: {open_ended}"
        );
        let rows = query(&mut bt, &table, what, vec![range]).await;
        let got: Vec<Edge> = rows
            .iter()
            .map(|r| Edge::decode(&r.key))
            .collect::<Result<_, _>>()?;
        let mut expected: Vec<Edge> = all.iter().copied().filter(pred).collect();
        expected.sort();
        assert!(!expected.is_empty());
        assert_eq!(got, expected, "{what}");
    }
    bt.delete_table(&table).await?;
    Ok(())
}

// (f) ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn f_paged_read_returns_every_row_exactly_once() -> TestResult {
    let Some((mut bt, _turn)) = connect("f_paged_read").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;

    // One host, 64 rows per request, resuming after the last key of each page.
    const PAGE: u64 = 64;
    let whole = Sample::prefix_for_region_host(3, 80)?;
    let mut next = Some(whole);
    let mut seen = Vec::new();
    let mut requests = 0;
    while let Some(range) = next {
        let rows = bt
            .read_rows(&ds.table, row_set([&range]), Some(PAGE))
            .await?;
        requests += 1;
        assert!(rows.len() as u64 <= PAGE);
        next = match rows.last() {
            Some(last) if rows.len() as u64 == PAGE => Some(range.after(&last.key)?),
            _ => None,
        };
        seen.extend(rows);
    }
    note(&format!(
        "bigtable: paged read of prefix_for_region_host(3, 80), {PAGE} rows per page: \
         {requests} ReadRows requests, {} rows",
        seen.len()
    ));
    let got = decode_samples(&seen);
    let expected: Vec<Sample> = (0..POINTS_PER_HOST)
        .rev()
        .map(|i| Sample {
            region: 3,
            host: 80,
            ts: ts(i),
        })
        .collect();
    assert_eq!(got, expected, "every row exactly once, in key order");
    assert_eq!(requests, POINTS_PER_HOST.div_ceil(PAGE));

    // A whole region, bucket range by bucket range, 1,000 rows per page.
    let before = bt.requests();
    let mut seen = Vec::new();
    for range in Sample::prefix_for_region(0)? {
        let (rows, _) = bt.read_all_paged(&ds.table, &range, 1_000).await?;
        seen.extend(rows);
    }
    let requests = (bt.requests() - before).read_rows;
    note(&format!(
        "bigtable: paged read of prefix_for_region(0) over 16 bucket ranges, 1000 rows per page: \
         {requests} ReadRows requests, {} rows",
        seen.len()
    ));
    let got = decode_samples(&seen);
    let unique: HashSet<Sample> = got.iter().copied().collect();
    assert_eq!(unique.len(), got.len(), "no row twice");
    assert_eq!(
        unique,
        all_samples()
            .filter(|s| s.region == 0)
            .collect::<HashSet<_>>()
    );
    Ok(())
}

// (g) ----------------------------------------------------------------------------------

/// The article's `find()`: one range scan over `user` and the dates, then the name and
/// category conditions (the article's SingleColumnValueFilters) on the rows it returns.
async fn find(
    bt: &mut Bigtable,
    table: &str,
    dates: std::ops::RangeInclusive<u32>,
    name_prefix: &str,
    category: &str,
    user: u32,
) -> Result<(Vec<u64>, u64), Box<dyn Error>> {
    let range = FileKey::range_for_user_id_create_date(user, dates)?;
    let before = bt.requests();
    let rows = bt.read_rows(table, row_set([&range]), None).await?;
    let requests = (bt.requests() - before).read_rows;
    let mut ids = Vec::new();
    for row in rows {
        let key = FileKey::decode(&row.key)?;
        let name = std::str::from_utf8(row.value(FAMILY, b"name").unwrap_or_default())?;
        let cat = std::str::from_utf8(row.value(FAMILY, b"category").unwrap_or_default())?;
        if name.starts_with(name_prefix) && cat == category {
            ids.push(key.file_id);
        }
    }
    Ok((ids, requests))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn g_article_find_on_the_ten_files() -> TestResult {
    let Some((mut bt, _turn)) = connect("g_article_find").await else {
        return Ok(());
    };
    let table = table_id("files");
    bt.create_table(&table, &[FAMILY], std::iter::empty::<&[u8]>())
        .await?;
    let mut rows = Vec::new();
    for (file_id, create_date, name, category, user_id) in FILES {
        let key = FileKey {
            user_id,
            create_date,
            file_id,
        }
        .encode()?;
        rows.push(
            Row::new(key.as_ref())
                .with_cell(FAMILY, b"name".to_vec(), name.as_bytes().to_vec())
                .with_cell(FAMILY, b"category".to_vec(), category.as_bytes().to_vec()),
        );
    }
    bt.write_rows(&table, rows).await?;

    let (ids, requests) = find(
        &mut bt,
        &table,
        20120901..=20120914,
        "中国好声音",
        "综艺",
        1,
    )
    .await?;
    note(&format!(
        "bigtable: find(20120901..=20120914, \"中国好声音\", \"综艺\", user 1) = {ids:?}: {requests} ReadRows request"
    ));
    assert_eq!(
        ids,
        [1, 2, 3, 4, 5, 7],
        "file 7, dated on the inclusive end, is found"
    );
    assert_eq!(requests, 1);

    // The article's own call, find(20120901, 20121001, ...), gives the same files.
    let (ids, requests) = find(
        &mut bt,
        &table,
        20120901..=20121001,
        "中国好声音",
        "综艺",
        1,
    )
    .await?;
    assert_eq!(ids, [1, 2, 3, 4, 5, 7]);
    assert_eq!(requests, 1);

    // User 2 has two 好声音 files, both in category 综艺花絮.
    let (ids, _) = find(
        &mut bt,
        &table,
        20120901..=20121001,
        "中国好声音",
        "综艺花絮",
        2,
    )
    .await?;
    assert_eq!(ids, [6, 8]);
    bt.delete_table(&table).await?;
    Ok(())
}

// (h) ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn h_fanned_out_read_is_merged_into_the_unsalted_key_order() -> TestResult {
    let Some((mut bt, _turn)) = connect("h_fanned_out_read_merged").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;
    let before = bt.requests();
    let merged: Vec<Row> = bt
        .read_buckets(&ds.table, Sample::prefix_for_region(1)?)
        .await?;
    let requests = (bt.requests() - before).read_rows;
    let got = decode_samples(&merged);
    note(&format!(
        "bigtable: read_buckets(prefix_for_region(1)): 16 bucket ranges, {requests} ReadRows \
         requests, {} rows merged into host order",
        got.len()
    ));
    // The key without its bucket: region, host ascending, then the newest sample first.
    let mut expected: Vec<Sample> = all_samples().filter(|s| s.region == 1).collect();
    // One stream per bucket, each read in requests of at most `bucket_request_rows` rows:
    // a bucket of n rows takes n / page + 1 requests (the last one short, or empty).
    let page = Config::from_env()?.bucket_request_rows;
    let mut per_bucket = [0u64; 16];
    for s in &expected {
        per_bucket[Sample::SALT.read(&s.encode()?)? as usize] += 1;
    }
    assert_eq!(
        requests,
        per_bucket.iter().map(|n| n / page + 1).sum::<u64>()
    );
    expected.sort_by_key(|s| (s.host, Reverse(s.ts)));
    assert_eq!(got, expected);
    Ok(())
}

// (i) ----------------------------------------------------------------------------------

/// A reading whose time ascends: "the latest N before t" is a reversed read.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Reading {
    #[salt(mod = 8)]
    sensor: u32,
    ts: u64,
}

/// A log salted on its time: "the latest N before t" across every bucket.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct LogLine {
    #[salt(mod = 8)]
    ts: u64,
    host: u32,
}

const SENSORS: u32 = 10;
const READINGS: u64 = 300;

/// A table of `rows` keys (value `-`), pre-split at `splits`.
async fn key_table(
    bt: &mut Bigtable,
    name: &str,
    splits: Vec<rowkey::SplitPoint>,
    keys: Vec<Vec<u8>>,
) -> Result<String, Box<dyn Error>> {
    let table = table_id(name);
    bt.create_table(&table, &[FAMILY], &splits).await?;
    let rows = keys
        .into_iter()
        .map(|k| Row::new(k).with_cell(FAMILY, b"v".to_vec(), b"-".to_vec()));
    bt.write_rows(&table, rows).await?;
    Ok(table)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn i_reversed_reads_give_the_latest_rows_before_a_key() -> TestResult {
    let Some((mut bt, _turn)) = connect("i_reversed_reads").await else {
        return Ok(());
    };
    let readings: Vec<Reading> = (0..SENSORS)
        .flat_map(|sensor| (0..READINGS).map(move |i| Reading { sensor, ts: ts(i) }))
        .collect();
    let keys = readings.iter().map(|r| r.encode().map(|k| k.to_vec()));
    let table = key_table(
        &mut bt,
        "readings",
        Reading::split_points().collect(),
        keys.collect::<Result<_, _>>()?,
    )
    .await?;

    // Sensor 4's latest 5 readings before t200: one range, one reversed request of 5 rows.
    let range = Reading::range_for_sensor_ts(4, ..ts(200))?;
    let before = bt.requests();
    let rows = bt.read_latest(&table, &range, 5).await?;
    let requests = (bt.requests() - before).read_rows;
    let got: Vec<u64> = rows
        .iter()
        .map(|r| Reading::decode(&r.key).map(|k| k.ts))
        .collect::<Result<_, _>>()?;
    note(&format!(
        "bigtable: read_latest(range_for_sensor_ts(4, ..t200), 5): {requests} reversed ReadRows \
         request, {} rows",
        got.len()
    ));
    assert_eq!(requests, 1);
    assert_eq!(got, (195..200).rev().map(ts).collect::<Vec<_>>());

    // Fewer rows than asked: all of them, last first.
    let rows = bt
        .read_latest(&table, &Reading::range_for_sensor_ts(4, ..ts(3))?, 10)
        .await?;
    assert_eq!(rows.len(), 3);
    assert_eq!(Reading::decode(&rows[0].key)?.ts, ts(2));
    bt.delete_table(&table).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn j_latest_rows_across_buckets_merge_the_reversed_reads() -> TestResult {
    let Some((mut bt, _turn)) = connect("j_latest_across_buckets").await else {
        return Ok(());
    };
    let lines: Vec<LogLine> = (0..READINGS)
        .flat_map(|i| (0..3).map(move |host| LogLine { ts: ts(i), host }))
        .collect();
    let keys = lines.iter().map(|l| l.encode().map(|k| k.to_vec()));
    let table = key_table(
        &mut bt,
        "loglines",
        LogLine::split_points().collect(),
        keys.collect::<Result<_, _>>()?,
    )
    .await?;

    // The latest 10 lines before t250, whatever their bucket.
    let before = bt.requests();
    let rows = bt
        .read_latest_buckets(&table, LogLine::range_for_ts(..ts(250))?, 10)
        .await?;
    let requests = (bt.requests() - before).read_rows;
    let got: Vec<LogLine> = rows
        .iter()
        .map(|r| LogLine::decode(&r.key))
        .collect::<Result<_, _>>()?;
    note(&format!(
        "bigtable: read_latest_buckets(range_for_ts(..t250), 10): {requests} reversed ReadRows \
         requests (one per bucket, at most 10 rows each), merged: {} rows",
        got.len()
    ));
    assert_eq!(requests, 8);
    let mut expected: Vec<LogLine> = lines.iter().copied().filter(|l| l.ts < ts(250)).collect();
    expected.sort_by_key(|l| Reverse((l.ts, l.host)));
    expected.truncate(10);
    assert_eq!(got, expected);
    bt.delete_table(&table).await?;
    Ok(())
}

// (k) ----------------------------------------------------------------------------------

/// A field of `/proc/self/status` in kB (`VmRSS`, `VmHWM`).
fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn k_merged_fan_out_streams_in_bounded_memory() -> TestResult {
    let Some((mut bt, _turn)) = connect("k_merged_fan_out_memory").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;
    // Freed memory goes back to the system, so the read cannot hide in it, and the peak
    // resident size starts again from the current one (Linux `clear_refs` 5).
    // SAFETY: `malloc_trim` only releases free heap pages; no pointer is involved.
    unsafe { libc::malloc_trim(0) };
    std::fs::write("/proc/self/clear_refs", "5")?;
    let before = status_kb("VmRSS");
    let start = Instant::now();
    let mut merged = bt.stream_buckets(&ds.table, Sample::range_for_region(0..REGIONS)?)?;
    let mut count = 0usize;
    let mut last: Option<Vec<u8>> = None;
    while let Some(row) = merged.next().await {
        let row = row?;
        // Merged order: the key without its bucket byte ascends.
        let tail = row.key[1..].to_vec();
        assert!(last.as_ref().is_none_or(|l| *l < tail), "merged order");
        last = Some(tail);
        count += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let growth_mb = (status_kb("VmHWM").saturating_sub(before)) as f64 / 1024.0;
    note(&format!(
        "bigtable: merged fan-out over 16 buckets, {count} rows streamed in {secs:.2} s \
         ({:.0} rows/s): peak resident size grew {growth_mb:.1} MB",
        count as f64 / secs
    ));
    assert_eq!(count, TOTAL_ROWS);
    // Holding the rows would take 25 MB or more (250 bytes a row at the least).
    assert!(growth_mb < 16.0, "peak grew {growth_mb:.1} MB");
    Ok(())
}

// (l) ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn l_a_row_set_over_the_request_limit_is_split_and_read_in_order() -> TestResult {
    let Some((mut bt, _turn)) = connect("l_row_set_split").await else {
        return Ok(());
    };
    let ds = dataset(&mut bt).await;
    const LIMIT: usize = 4096;
    let small = Bigtable::connect_with(Config {
        max_request_bytes: LIMIT,
        ..Config::from_env()?
    })
    .await?;
    // 2,000 single rows, every 50th sample, named in no particular order.
    let mut wanted: Vec<Sample> = all_samples().step_by(50).collect();
    let keys: Vec<Vec<u8>> = wanted
        .iter()
        .rev()
        .map(|s| s.encode().map(|k| k.to_vec()))
        .collect::<Result<_, _>>()?;
    let set = rowkey_bigtable::RowSet {
        row_keys: keys,
        row_ranges: Vec::new(),
    };
    let before = small.requests();
    let rows = small.read_rows(&ds.table, set, None).await?;
    let requests = (small.requests() - before).read_rows;
    // A 14-byte key is 16 bytes of a RowSet: 256 keys per 4 KiB request.
    let expected_requests = wanted.len().div_ceil(LIMIT / 16) as u64;
    note(&format!(
        "bigtable: {} row keys with requests of at most {LIMIT} bytes: {requests} ReadRows \
         requests, {} rows in key order",
        wanted.len(),
        rows.len()
    ));
    assert_eq!(requests, expected_requests);
    wanted.sort_by_key(|s| s.encode().unwrap());
    assert_eq!(decode_samples(&rows), wanted);

    // A single range larger than a request may be is refused before anything is sent.
    let tiny = Bigtable::connect_with(Config {
        max_request_bytes: 8,
        ..Config::from_env()?
    })
    .await?;
    let range = Sample::prefix_for_region_host(2, 57)?;
    let err = tiny
        .read_rows(&ds.table, row_set([&range]), None)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            rowkey_bigtable::Error::RequestTooLarge { limit: 8, .. }
        ),
        "{err}"
    );
    assert_eq!(tiny.requests().read_rows, 0);
    Ok(())
}
