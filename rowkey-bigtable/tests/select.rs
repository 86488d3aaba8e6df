//! Skip-scan selects against the Cloud Bigtable emulator: every range of a select in one
//! `ReadRows` request, the rows past what the ranges spell out filtered as they arrive,
//! and exactly the rows a filter over the values selects.
//!
//! Run with `cargo xtask test` (it starts the emulator and runs these with
//! `--include-ignored`); a plain `cargo test` lists them as ignored.

use std::error::Error;
use std::io::Write;

use rowkey::select::Select;
use rowkey::RowKey;
use rowkey_bigtable::{Bigtable, Config, Row, WriteOptions, EMULATOR_HOST_VAR};
use tokio::sync::{Mutex, MutexGuard};

type TestResult = Result<(), Box<dyn Error>>;

const FAMILY: &str = "d";

/// `[bucket(host)][region][host][ts, descending]`: the salt hashes the host.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[rowkey(select)]
struct Sample {
    region: u8,
    #[salt(mod = 16)]
    host: u32,
    #[reverse]
    ts: u64,
}

const REGIONS: u8 = 4;
const HOSTS_PER_REGION: u32 = 25;
const POINTS: u64 = 200;

fn samples() -> impl Iterator<Item = Sample> {
    (0..REGIONS).flat_map(|region| {
        let hosts = u32::from(region) * HOSTS_PER_REGION..u32::from(region + 1) * HOSTS_PER_REGION;
        hosts.flat_map(move |host| (0..POINTS).map(move |ts| Sample { region, host, ts }))
    })
}

fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

static SERIAL: Mutex<()> = Mutex::const_new(());

async fn connect(test: &str) -> (Bigtable, MutexGuard<'static, ()>) {
    if std::env::var_os(EMULATOR_HOST_VAR).is_none() {
        panic!("bigtable emulator test `{test}` needs {EMULATOR_HOST_VAR}: run `cargo xtask test`");
    }
    let turn = SERIAL.lock().await;
    let bt = Bigtable::connect()
        .await
        .unwrap_or_else(|e| panic!("cannot reach the emulator at ${EMULATOR_HOST_VAR}: {e}"));
    (bt, turn)
}

/// A table of every sample, pre-split at the salt's buckets.
async fn table(bt: &Bigtable, name: &str) -> Result<String, Box<dyn Error>> {
    let table = format!("{name}-{}", std::process::id());
    let splits: Vec<_> = Sample::split_points().collect();
    bt.create_table(&table, &[FAMILY], &splits).await?;
    let rows: Vec<Row> = samples()
        .map(|s| Ok(Row::new(s.encode()?.to_vec()).with_cell(FAMILY, b"v".to_vec(), b"1".to_vec())))
        .collect::<Result<_, rowkey::EncodeError>>()?;
    let options = WriteOptions {
        batch_rows: 5_000,
        ..WriteOptions::default()
    };
    bt.write_rows_with(&table, rows, options).await?;
    Ok(table)
}

/// Reads `select` and checks it is one request returning exactly the samples `keep`
/// selects, in key order; returns the rows Bigtable sent.
async fn check(
    bt: &Bigtable,
    table: &str,
    what: &str,
    select: &Select<'_>,
    keep: impl Fn(&Sample) -> bool,
) -> Result<u64, Box<dyn Error>> {
    let before = bt.requests();
    let mut rows = bt.stream_select(table, select)?;
    let mut found = Vec::new();
    while let Some(row) = rows.next().await {
        found.push(Sample::decode(&row?.key)?);
    }
    let requests = (bt.requests() - before).read_rows;
    let mut expected: Vec<Sample> = samples().filter(|s| keep(s)).collect();
    expected.sort_by_key(|s| s.encode().unwrap());
    note(&format!(
        "bigtable select: {what}: {} ranges, {requests} ReadRows request, {} rows sent, {} match",
        select.ranges().len(),
        rows.rows_read(),
        found.len()
    ));
    assert_eq!(requests, 1, "{what}: one request");
    assert_eq!(found, expected, "{what}");
    Ok(rows.rows_read())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn a_select_is_one_request_with_the_rest_filtered() -> TestResult {
    let (bt, _turn) = connect("a_select_is_one_request").await;
    let table = table(&bt, "select").await?;

    // Three hosts of region 2, a time window: one range per host, each in its bucket.
    let hosts = [53, 61, 70];
    let s = Sample::select().region(2).host(hosts).ts(50..150).build()?;
    assert_eq!(s.ranges().len(), 3);
    assert!(s.ranges_are_exact());
    let read = check(
        &bt,
        &table,
        "region 2, hosts 53, 61, 70, ts 50..150",
        &s,
        |x| x.region == 2 && hosts.contains(&x.host) && (50..150).contains(&x.ts),
    )
    .await?;
    assert_eq!(read, 300, "exact ranges send only matching rows");

    // Regions 1 and 3, any host, a time window: the salt is not pinned, so each
    // region's range is in every bucket, and the window is checked on each row.
    let s = Sample::select().region([1, 3]).ts(190..).build()?;
    assert_eq!(s.ranges().len(), 32);
    assert!(!s.ranges_are_exact());
    let read = check(&bt, &table, "regions 1 and 3, ts 190..", &s, |x| {
        [1, 3].contains(&x.region) && x.ts >= 190
    })
    .await?;
    assert_eq!(read, 2 * u64::from(HOSTS_PER_REGION) * POINTS);

    // A region with no rows: one request, nothing found.
    let s = Sample::select().region(9).build()?;
    let before = bt.requests();
    assert!(bt.read_select(&table, &s).await?.is_empty());
    assert_eq!((bt.requests() - before).read_rows, 1);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn b_a_select_over_the_request_limit_is_read_in_several() -> TestResult {
    let (bt, _turn) = connect("b_select_over_the_limit").await;
    let table = table(&bt, "select-split").await?;
    // 1,000 single samples: region 0, every host, five timestamps each.
    let hosts: Vec<u32> = (0..HOSTS_PER_REGION).collect();
    let times: Vec<u64> = (0..POINTS).step_by(40).collect();
    let s = Sample::select()
        .region(0)
        .host(hosts)
        .ts(times.clone())
        .build()?;
    assert_eq!(s.ranges().len(), 125);
    const LIMIT: usize = 2048;
    let small = Bigtable::connect_with(Config {
        max_request_bytes: LIMIT,
        ..Config::from_env()?
    })
    .await?;
    let before = small.requests();
    let rows = small.read_select(&table, &s).await?;
    let requests = (small.requests() - before).read_rows;
    note(&format!(
        "bigtable select: {} ranges in requests of at most {LIMIT} bytes: {requests} requests",
        s.ranges().len()
    ));
    assert!(requests > 1, "{requests}");
    let found: Vec<Sample> = rows
        .iter()
        .map(|r| Sample::decode(&r.key))
        .collect::<Result<_, _>>()?;
    let mut expected: Vec<Sample> = samples()
        .filter(|x| x.region == 0 && times.contains(&x.ts))
        .collect();
    expected.sort_by_key(|x| x.encode().unwrap());
    assert_eq!(found, expected);
    Ok(())
}
