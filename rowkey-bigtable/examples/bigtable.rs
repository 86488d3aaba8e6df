//! Salted time-series keys on Cloud Bigtable (or its emulator): a pre-split table, batched
//! writes, a fanned-out read as one request, a salt-pinned read as one range.
//!
//! ```text
//! cargo xtask emulator                       # terminal 1: prints BIGTABLE_EMULATOR_HOST=...
//! export BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT
//! cargo run --example bigtable               # terminal 2, from the repository root
//! ```
//!
//! Against a real instance, leave `BIGTABLE_EMULATOR_HOST` unset and set `BIGTABLE_PROJECT`,
//! `BIGTABLE_INSTANCE` and Application Default Credentials (the example creates a table named
//! `rowkey-example-<pid>` and deletes it at the end).

use std::cmp::Reverse;
use std::error::Error;
use std::time::Instant;

use rowkey::text::StringBinary;
use rowkey::RowKey;
use rowkey_bigtable::{
    merge_sorted_runs, row_set, Bigtable, Row, WriteOptions, EMULATOR_HOST_VAR, INSTANCE_VAR,
};

/// `[bucket(sensor)][site][sensor][ts, newest first]`: one sensor's readings are one range,
/// a site's sensors are spread over 16 buckets.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq)]
struct Reading {
    site: u16,
    #[salt(mod = 16)]
    sensor: u32,
    #[reverse]
    ts: u64,
}

const SITES: u16 = 8;
const SENSORS_PER_SITE: u32 = 50;
const READINGS_PER_SENSOR: u64 = 100;
const T0: u64 = 1_720_000_000_000;

/// The ranges of a fan-out (one per salt bucket, in bucket order) as a `Vec`.
fn bucket_ranges<R>(fan_out: impl IntoIterator<Item = R>) -> Vec<R> {
    fan_out.into_iter().collect()
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    if std::env::var_os(EMULATOR_HOST_VAR).is_none() && std::env::var_os(INSTANCE_VAR).is_none() {
        eprintln!(
            "{EMULATOR_HOST_VAR} is not set. Start the emulator in another terminal with\n\
             \n    cargo xtask emulator\n\n\
             and export the {EMULATOR_HOST_VAR}=127.0.0.1:PORT it prints, then run this again.\n\
             (For Cloud Bigtable set BIGTABLE_PROJECT and {INSTANCE_VAR} and provide \
             Application Default Credentials.)"
        );
        std::process::exit(2);
    }
    let bt = Bigtable::connect().await?;
    println!("connected: {bt:?}");
    println!("key layout:\n{}", Reading::LAYOUT);

    let table = format!("rowkey-example-{}", std::process::id());
    let splits: Vec<_> = Reading::split_points().collect();
    bt.create_table(&table, &["d"], &splits).await?;
    let shown: Vec<String> = splits
        .iter()
        .map(|s| StringBinary(s.as_ref()).to_string())
        .collect();
    println!(
        "created table {table}, pre-split at {} points: {}",
        splits.len(),
        shown.join(" ")
    );

    // Write every reading with batched MutateRows.
    let mut rows = Vec::new();
    for site in 0..SITES {
        for s in 0..SENSORS_PER_SITE {
            let sensor = u32::from(site) * 1_000 + s;
            for i in 0..READINGS_PER_SENSOR {
                let key = Reading {
                    site,
                    sensor,
                    ts: T0 + i * 1_000,
                };
                let value = format!("{:.1}", 20.0 + (i % 50) as f64 / 10.0);
                rows.push(Row::new(key.encode()?.as_ref()).with_cell("d", b"t".to_vec(), value));
            }
        }
    }
    let total = rows.len();
    let start = Instant::now();
    let written = bt
        .write_rows_with(
            &table,
            rows,
            WriteOptions {
                batch_rows: 2_000,
                in_flight: 4,
                ..WriteOptions::default()
            },
        )
        .await?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "wrote {total} rows in {secs:.2} s: {:.0} rows/s, {} MutateRows requests",
        total as f64 / secs,
        written.requests
    );

    // A site's sensors live in all 16 buckets: 16 ranges, ONE ReadRows request.
    let ranges = bucket_ranges(Reading::prefix_for_site(3)?);
    let before = bt.requests();
    let start = Instant::now();
    let found = bt.read_rows(&table, row_set(&ranges), None).await?;
    let secs = start.elapsed().as_secs_f64();
    let requests = (bt.requests() - before).read_rows;
    let readings: Vec<Reading> = found
        .iter()
        .map(|r| Reading::decode(&r.key))
        .collect::<Result<_, _>>()?;
    println!(
        "site 3, fanned out over {} bucket ranges: {} rows in {requests} ReadRows request, \
         {secs:.3} s ({:.0} rows/s)",
        ranges.len(),
        readings.len(),
        readings.len() as f64 / secs
    );
    // Rows arrive bucket by bucket; merge them back to newest first across the site.
    let newest = merge_sorted_runs(readings, |r| Reverse(r.ts));
    for r in newest.iter().take(3) {
        println!("  newest: sensor {} at {}", r.sensor, r.ts);
    }

    // The same fan-out in key order (sensor, then newest first): one stream per bucket,
    // merged as the rows arrive.
    let before = bt.requests();
    let in_order: Vec<Reading> = bt
        .read_buckets(&table, Reading::prefix_for_site(3)?)
        .await?
        .iter()
        .map(|row| Reading::decode(&row.key))
        .collect::<Result<_, _>>()?;
    let sorted = in_order
        .windows(2)
        .all(|w| (w[0].sensor, Reverse(w[0].ts)) < (w[1].sensor, Reverse(w[1].ts)));
    println!(
        "site 3 with read_buckets: {} rows in {} ReadRows requests, sensors {}..={}, \
         in key order: {sorted}",
        in_order.len(),
        (bt.requests() - before).read_rows,
        in_order.first().map_or(0, |r| r.sensor),
        in_order.last().map_or(0, |r| r.sensor),
    );

    // One sensor pins the salt: one range, one request, newest first.
    let range = Reading::prefix_for_site_sensor(3, 3_007)?;
    let before = bt.requests();
    let page = bt.read_rows(&table, row_set([&range]), Some(5)).await?;
    let requests = (bt.requests() - before).read_rows;
    println!(
        "sensor 3007, range {range}: latest {} readings in {requests} ReadRows request",
        page.len()
    );
    for row in &page {
        let r = Reading::decode(&row.key)?;
        let value = String::from_utf8_lossy(row.value("d", b"t").unwrap_or_default());
        println!("  {} -> {value}", r.ts);
    }

    bt.delete_table(&table).await?;
    println!(
        "deleted table {table}; requests in all: {:?}",
        bt.requests()
    );
    Ok(())
}
