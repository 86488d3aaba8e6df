//! Throughput, memory and stall recovery against the Bigtable emulator, run by hand:
//!
//! ```sh
//! cargo xtask bigtable-bench        # finds the emulator, runs this in release mode
//! ```
//!
//! It starts an emulator of its own on a loopback port (`BIGTABLE_EMULATOR_BIN`), writes
//! 1,000,000 rows salted over 100 buckets into a table pre-split at the buckets, and
//! measures: rows/s written; rows/s read by one range (one stream); rows/s of the merged
//! 100-bucket fan-out; rows/s of 16 fan-out readers at once; the peak resident size of a
//! process that reads the whole fan-out, and of one that runs the 16 readers (each in a
//! fresh child process, so nothing else is in its memory); and the time from a stalled
//! server (SIGSTOP) to the client's retry, with a 1 s idle timeout.
//!
//! `BENCH_ROWS` sets the table's size (default 1,000,000; a multiple of 160).

#[path = "../tests/support/own_emulator.rs"]
mod own_emulator;

use std::error::Error;
use std::time::{Duration, Instant};

use rowkey::{KeyRange, RowKey};
use rowkey_bigtable::{row_set, Bigtable, CallPolicy, Config, Row, WriteOptions};

const TABLE: &str = "bench";
const DEFAULT_ROWS: u64 = 1_000_000;

/// The table's size: `BENCH_ROWS`, else 1,000,000.
fn rows() -> u64 {
    std::env::var("BENCH_ROWS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_ROWS)
}
const HOSTS: u64 = 10;
const READERS: u64 = 16;

/// Log lines by time, spread over 100 buckets by their timestamp.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct LogLine {
    #[salt(mod = 100)]
    ts: u64,
    host: u32,
}

fn line(i: u64) -> LogLine {
    LogLine {
        ts: 1_700_000_000_000 + i / HOSTS,
        host: (i % HOSTS) as u32,
    }
}

fn row(l: LogLine) -> Row {
    let key = l.encode().expect("a log line encodes");
    Row::new(key.as_ref()).with_cell("d", b"m".to_vec(), format!("GET /{} 200", l.host))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    if let [_, mode, host, readers] = args.as_slice() {
        if mode == "--read-in-child" {
            return read_in_child(host, readers.parse()?).await;
        }
    }
    let mut emulator = own_emulator::OwnEmulator::start();
    let host = emulator.host();
    let bt = Bigtable::connect_with(Config::emulator(&host)).await?;
    let splits: Vec<_> = LogLine::split_points().collect();
    bt.create_table(TABLE, &["d"], &splits).await?;

    let start = Instant::now();
    let options = WriteOptions {
        batch_rows: 5_000,
        in_flight: 4,
        ..WriteOptions::default()
    };
    let written = bt
        .write_rows_with(TABLE, (0..rows()).map(|i| row(line(i))), options)
        .await?;
    report(
        "write, 5,000-row MutateRows, 4 in flight",
        written.rows,
        start,
    );

    let start = Instant::now();
    let mut rows = bt.stream_rows(TABLE, row_set([KeyRange::<64>::all()]), None)?;
    let mut n = 0;
    while let Some(row) = rows.next().await {
        row?;
        n += 1;
    }
    report("read, one range (one stream)", n, start);

    let start = Instant::now();
    let n = fan_out(&bt, 0, 1).await?;
    report("read, 100-bucket fan-out merged", n, start);

    let start = Instant::now();
    let n = concurrent(&bt, READERS).await?;
    report("read, 16 fan-out readers at once", n, start);

    for readers in [1, READERS] {
        let child = std::process::Command::new(std::env::current_exe()?)
            .args(["--read-in-child", &host, &readers.to_string()])
            .output()?;
        print!("{}", String::from_utf8_lossy(&child.stdout));
        if !child.status.success() {
            return Err(String::from_utf8_lossy(&child.stderr).into_owned().into());
        }
    }

    stall_to_retry(&mut emulator, &host).await?;
    Ok(())
}

fn report(what: &str, rows: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{what}: {rows} rows in {secs:.2} s, {:.0} rows/s",
        rows as f64 / secs
    );
}

/// Reads part `part` of `parts` of the time range as a merged fan-out; the rows read.
async fn fan_out(bt: &Bigtable, part: u64, parts: u64) -> Result<u64, Box<dyn Error>> {
    let span = rows() / HOSTS / parts;
    let from = line(part * span * HOSTS).ts;
    let mut merged = bt.stream_buckets(TABLE, LogLine::range_for_ts(from..from + span)?)?;
    let mut n = 0;
    let mut last = None;
    while let Some(row) = merged.next().await {
        let l = LogLine::decode(&row?.key)?;
        assert!(last.is_none_or(|t| t <= l.ts), "merged in time order");
        last = Some(l.ts);
        n += 1;
    }
    assert_eq!(n, rows() / parts);
    Ok(n)
}

/// `readers` fan-out reads at once, each over its share of the time range.
async fn concurrent(bt: &Bigtable, readers: u64) -> Result<u64, Box<dyn Error>> {
    let mut tasks = tokio::task::JoinSet::new();
    for part in 0..readers {
        let bt = bt.clone();
        tasks.spawn(async move { fan_out(&bt, part, readers).await.map_err(|e| chain(&*e)) });
    }
    let mut total = 0;
    while let Some(done) = tasks.join_next().await {
        total += done??;
    }
    Ok(total)
}

/// An error and its causes, on one line.
fn chain(e: &dyn Error) -> String {
    let mut text = e.to_string();
    let mut next = e.source();
    while let Some(cause) = next {
        text.push_str(&format!(": {cause}"));
        next = cause.source();
    }
    text
}

/// In a fresh process: `readers` fan-out reads over the whole table, then the peak
/// resident size of the process.
async fn read_in_child(host: &str, readers: u64) -> Result<(), Box<dyn Error>> {
    let bt = Bigtable::connect_with(Config::emulator(host)).await?;
    let start = Instant::now();
    let n = if readers == 1 {
        fan_out(&bt, 0, 1).await?
    } else {
        concurrent(&bt, readers).await?
    };
    let status = std::fs::read_to_string("/proc/self/status")?;
    let peak = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .unwrap_or("VmHWM: ?");
    println!(
        "peak resident size of a process reading {n} rows as {readers} merged fan-out read(s) \
         of 100 buckets in {:.2} s: {}",
        start.elapsed().as_secs_f64(),
        peak.trim_start_matches("VmHWM:").trim()
    );
    Ok(())
}

/// Stops the server 5 times in the middle of a read and measures how long the client
/// takes to send its retry (idle timeout 1 s).
async fn stall_to_retry(
    emulator: &mut own_emulator::OwnEmulator,
    host: &str,
) -> Result<(), Box<dyn Error>> {
    let policy = CallPolicy {
        idle_timeout: Duration::from_secs(1),
        ..CallPolicy::reads()
    };
    let bt = Bigtable::connect_with(Config {
        read: policy,
        ..Config::emulator(host)
    })
    .await?;
    let mut times = Vec::new();
    // One bucket (10,000 rows of 1,000,000): the emulator gathers a range before it sends
    // its first row, and a whole-table range takes it longer than the idle timeout.
    let bucket = KeyRange::<64>::prefix(&[0])?;
    let half = rows() / 100 / 2;
    for _ in 0..5 {
        let mut rows = bt.stream_rows(TABLE, row_set([&bucket]), None)?;
        for _ in 0..half {
            rows.next().await.ok_or("rows")??;
        }
        let before = bt.requests().read_rows;
        emulator.stop();
        let stopped = Instant::now();
        let watcher = {
            let bt = bt.clone();
            tokio::spawn(async move {
                for _ in 0..2_000 {
                    if bt.requests().read_rows > before {
                        return Some(stopped.elapsed());
                    }
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
                None
            })
        };
        // Read on, through the rows already buffered, until the stream stalls and retries.
        let reader = tokio::spawn(async move {
            for _ in 0..half * 2 {
                if rows.next().await.is_none() {
                    break;
                }
            }
        });
        let took = watcher.await?.ok_or("no retry within 2 s")?;
        emulator.cont();
        reader.abort();
        times.push(took);
    }
    times.sort();
    println!(
        "stalled server (SIGSTOP) to the client's retry, idle timeout 1 s, 5 runs: min {:.3} s, \
         median {:.3} s, max {:.3} s",
        times[0].as_secs_f64(),
        times[2].as_secs_f64(),
        times[4].as_secs_f64()
    );
    Ok(())
}
