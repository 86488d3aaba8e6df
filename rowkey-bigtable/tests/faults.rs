//! Reads under faults, against emulators the tests start themselves (from the binary
//! `cargo xtask test` found) and then kill (SIGKILL), restart with the data loaded again, and
//! stop (SIGSTOP) past the idle timeout before continuing them (SIGCONT). Each read must
//! either complete with every row exactly once and in key order, or fail within its deadline
//! with an error that says how many rows were delivered and where to resume; resuming from
//! there must then give exactly the rest.
//!
//! Loopback only. Every wait is bounded: the reads by their policy's deadline, the tests'
//! own loops by a row count, and the whole of each test by `TEST_LIMIT`.

#[path = "support/own_emulator.rs"]
mod own_emulator;
use own_emulator::OwnEmulator;

use std::error::Error;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rowkey::{KeyRange, RowKey};
use rowkey_bigtable::{
    row_set, Bigtable, CallPolicy, Code, Config, ReadProgress, Row, RowSet, WriteOptions,
};
use tokio::sync::Mutex;

type TestResult = Result<(), Box<dyn Error>>;

const FAMILY: &str = "d";
const TABLE: &str = "ticks";
const SERIES: u32 = 20;
const POINTS: u64 = 1_000;
const ROWS: usize = SERIES as usize * POINTS as usize;
/// Rows the test takes before it breaks the server.
const BEFORE_FAULT: usize = 5_000;
/// No test runs longer than this, whatever the read does.
const TEST_LIMIT: Duration = Duration::from_secs(60);

/// A time series, its writes spread over 8 buckets by series.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Tick {
    #[salt(mod = 8)]
    series: u32,
    ts: u64,
}

fn ticks() -> impl Iterator<Item = Tick> {
    (0..SERIES).flat_map(|series| (0..POINTS).map(move |ts| Tick { series, ts }))
}

fn tick_row(t: Tick) -> Row {
    let key = t.encode().expect("a tick encodes");
    Row::new(key.as_ref()).with_cell(FAMILY, b"v".to_vec(), t.ts.to_be_bytes().to_vec())
}

/// Every key of the table in key order (bucket first).
fn keys_in_order() -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = ticks().map(|t| t.encode().unwrap().to_vec()).collect();
    keys.sort();
    keys
}

/// Writes a line to stderr directly, past the test harness's capture.
fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// One fault test at a time: each runs its own emulator, and the timings are measured.
static SERIAL: Mutex<()> = Mutex::const_new(());

/// A short-fused read policy: a stalled server is noticed after 1 s without a message.
fn policy(deadline: Duration) -> CallPolicy {
    CallPolicy {
        deadline: Some(deadline),
        attempt_timeout: Duration::from_secs(30),
        idle_timeout: Duration::from_secs(1),
        max_attempts: 30,
        initial_backoff: Duration::from_millis(20),
        max_backoff: Duration::from_millis(500),
        backoff_multiplier: 2.0,
    }
}

/// A client of `emulator` with one connection.
async fn client(emulator: &OwnEmulator, read: CallPolicy) -> Result<Bigtable, Box<dyn Error>> {
    let config = Config {
        channels: 1,
        read,
        ..Config::emulator(emulator.host())
    };
    Ok(Bigtable::connect_with(config).await?)
}

/// Creates the table (pre-split at the salt's split points) and writes every tick.
async fn load(bt: &Bigtable) -> TestResult {
    let splits: Vec<_> = Tick::split_points().collect();
    bt.create_table(TABLE, &[FAMILY], &splits).await?;
    let options = WriteOptions {
        batch_rows: 5_000,
        ..WriteOptions::default()
    };
    let written = bt
        .write_rows_with(TABLE, ticks().map(tick_row), options)
        .await?;
    assert_eq!(written.rows, ROWS as u64);
    Ok(())
}

/// The whole table as one range.
fn whole_table() -> RowSet {
    row_set([KeyRange::<64>::all()])
}

/// Takes up to `n` rows of `rows`, checking each row's value against its key.
async fn take(rows: &mut rowkey_bigtable::RowStream, n: usize, into: &mut Vec<Vec<u8>>) {
    for _ in 0..n {
        match rows.next().await {
            Some(Ok(row)) => into.push(checked(row)),
            Some(Err(e)) => panic!("the read failed after {} rows: {e}", into.len()),
            None => return,
        }
    }
}

/// The row's key, after checking its value is the one written for it.
fn checked(row: Row) -> Vec<u8> {
    let tick = Tick::decode(&row.key).expect("a tick key");
    assert_eq!(
        row.value(FAMILY, b"v"),
        Some(&tick.ts.to_be_bytes()[..]),
        "value of {tick:?}"
    );
    row.key
}

/// Takes rows until the read ends; its error, if it failed.
async fn drain(
    rows: &mut rowkey_bigtable::RowStream,
    into: &mut Vec<Vec<u8>>,
) -> Option<rowkey_bigtable::Error> {
    for _ in 0..=ROWS {
        match rows.next().await {
            Some(Ok(row)) => into.push(checked(row)),
            Some(Err(e)) => return Some(e),
            None => return None,
        }
    }
    panic!("the read gave more rows than the table has");
}

/// Checks a failed read's progress against the rows it delivered.
fn check_progress(progress: &ReadProgress, got: &[Vec<u8>]) {
    assert_eq!(progress.rows_delivered, got.len() as u64);
    assert_eq!(progress.last_key.as_ref(), got.last());
    assert!(
        !progress.remaining.row_ranges.is_empty(),
        "rows remain, so a range remains"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn killed_server_restarted_with_its_data_read_resumes_exactly_once() -> TestResult {
    let _turn = SERIAL.lock().await;
    tokio::time::timeout(TEST_LIMIT, async {
        let mut emulator = OwnEmulator::start();
        let bt = client(&emulator, policy(Duration::from_secs(30))).await?;
        load(&bt).await?;
        let mut rows = bt.stream_rows(TABLE, whole_table(), None)?;
        let mut got = Vec::new();
        take(&mut rows, BEFORE_FAULT, &mut got).await;

        emulator.kill();
        let killed = Instant::now();
        emulator.restart();
        load(&bt).await?;
        note(&format!(
            "faults: SIGKILL after {BEFORE_FAULT} rows; restarted and reloaded in {:.2} s",
            killed.elapsed().as_secs_f64()
        ));
        let error = drain(&mut rows, &mut got).await;
        assert!(error.is_none(), "the read completes: {error:?}");
        note(&format!(
            "faults: the read went on across the kill: {} rows, {} ReadRows attempts",
            got.len(),
            rows.attempts()
        ));
        assert!(rows.attempts() >= 2, "the broken request was retried");
        assert_eq!(got, keys_in_order(), "every row exactly once, in key order");
        Ok(())
    })
    .await?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn killed_server_merged_fan_out_resumes_every_bucket() -> TestResult {
    let _turn = SERIAL.lock().await;
    tokio::time::timeout(TEST_LIMIT, async {
        let mut emulator = OwnEmulator::start();
        let bt = client(&emulator, policy(Duration::from_secs(30))).await?;
        load(&bt).await?;
        let mut merged = bt.stream_buckets(TABLE, Tick::range_for_series(0..SERIES)?)?;
        let mut got: Vec<Tick> = Vec::new();
        for _ in 0..BEFORE_FAULT {
            let row = merged.next().await.expect("rows remain")?;
            got.push(Tick::decode(&row.key)?);
        }
        emulator.kill();
        emulator.restart();
        load(&bt).await?;
        for _ in 0..=ROWS {
            match merged.next().await {
                Some(row) => got.push(Tick::decode(&row?.key)?),
                None => break,
            }
        }
        // Merged: series, then time, across the 8 buckets.
        let expected: Vec<Tick> = ticks().collect();
        assert_eq!(got.len(), expected.len());
        assert_eq!(got, expected, "every row exactly once, in merged order");
        Ok(())
    })
    .await?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn killed_server_that_stays_down_fails_in_time_with_a_resume_point() -> TestResult {
    let _turn = SERIAL.lock().await;
    tokio::time::timeout(TEST_LIMIT, async {
        let mut emulator = OwnEmulator::start();
        let deadline = Duration::from_secs(4);
        let bt = client(&emulator, policy(deadline)).await?;
        load(&bt).await?;
        let started = Instant::now();
        let mut rows = bt.stream_rows(TABLE, whole_table(), None)?;
        let mut got = Vec::new();
        take(&mut rows, BEFORE_FAULT, &mut got).await;
        emulator.kill();

        let error = drain(&mut rows, &mut got).await.expect("the read fails");
        let took = started.elapsed();
        note(&format!(
            "faults: server killed and not restarted: {error} after {:.2} s (deadline {:.0} s)",
            took.as_secs_f64(),
            deadline.as_secs_f64()
        ));
        assert!(
            matches!(
                error.code(),
                Some(Code::Unavailable | Code::DeadlineExceeded)
            ),
            "{error}"
        );
        assert!(
            took < deadline + Duration::from_millis(500),
            "within the deadline"
        );
        let progress = error.progress().expect("a read error says where it stands");
        check_progress(progress, &got);
        let failure = std::error::Error::source(&error).expect("the failure");
        assert!(failure.to_string().contains("attempt"), "{failure}");

        // Back up with its data: the rest of the read, from the resume point.
        emulator.restart();
        load(&bt).await?;
        let mut rest = bt.stream_rows(TABLE, progress.remaining.clone(), None)?;
        assert!(drain(&mut rest, &mut got).await.is_none());
        assert_eq!(got, keys_in_order(), "every row exactly once, in key order");
        Ok(())
    })
    .await?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn stopped_server_is_retried_after_the_idle_timeout_and_the_read_completes() -> TestResult {
    let _turn = SERIAL.lock().await;
    tokio::time::timeout(TEST_LIMIT, async {
        let emulator = OwnEmulator::start();
        let bt = client(&emulator, policy(Duration::from_secs(30))).await?;
        load(&bt).await?;
        let mut rows = bt.stream_rows(TABLE, whole_table(), None)?;
        let mut got = Vec::new();
        take(&mut rows, BEFORE_FAULT, &mut got).await;

        // Stopped for 3 s, three times the idle timeout; a watcher notes when the client
        // sends its next request.
        let requests = bt.requests().read_rows;
        emulator.stop();
        let stopped = Instant::now();
        let retried = Arc::new(std::sync::Mutex::new(None));
        let done = Arc::new(AtomicBool::new(false));
        let watcher = {
            let (bt, retried, done) = (bt.clone(), retried.clone(), done.clone());
            tokio::spawn(async move {
                // 5 ms polls, for at most 20 s.
                for _ in 0..4_000 {
                    if bt.requests().read_rows > requests {
                        *retried.lock().unwrap() = Some(stopped.elapsed());
                        return;
                    }
                    if done.load(Ordering::Relaxed) {
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            })
        };
        let cont = emulator.continuer();
        let stall = Duration::from_secs(3);
        let waker = tokio::spawn(async move {
            tokio::time::sleep(stall).await;
            cont();
        });

        let error = drain(&mut rows, &mut got).await;
        done.store(true, Ordering::Relaxed);
        waker.await?;
        watcher.await?;
        assert!(error.is_none(), "the read completes: {error:?}");
        let retried = retried.lock().unwrap().expect("a retry was sent");
        note(&format!(
            "faults: SIGSTOP for {:.0} s after {BEFORE_FAULT} rows: first retry {:.2} s after \
             the stop (idle timeout 1 s); read complete after {:.2} s, {} attempts",
            stall.as_secs_f64(),
            retried.as_secs_f64(),
            stopped.elapsed().as_secs_f64(),
            rows.attempts()
        ));
        assert!(
            retried >= Duration::from_secs(1),
            "not before the idle timeout"
        );
        assert!(
            retried < Duration::from_secs(3),
            "well before the server came back"
        );
        assert_eq!(got, keys_in_order(), "every row exactly once, in key order");
        Ok(())
    })
    .await?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn server_stopped_past_the_deadline_fails_in_time_and_resumes() -> TestResult {
    let _turn = SERIAL.lock().await;
    tokio::time::timeout(TEST_LIMIT, async {
        let emulator = OwnEmulator::start();
        let deadline = Duration::from_secs(4);
        let bt = client(&emulator, policy(deadline)).await?;
        load(&bt).await?;
        let started = Instant::now();
        let mut rows = bt.stream_rows(TABLE, whole_table(), None)?;
        let mut got = Vec::new();
        take(&mut rows, BEFORE_FAULT, &mut got).await;
        emulator.stop();

        let error = drain(&mut rows, &mut got).await.expect("the read fails");
        let took = started.elapsed();
        emulator.cont();
        note(&format!(
            "faults: server stopped for good: {error} after {:.2} s (deadline {:.0} s)",
            took.as_secs_f64(),
            deadline.as_secs_f64()
        ));
        assert_eq!(error.code(), Some(Code::DeadlineExceeded), "{error}");
        assert!(
            took >= deadline - Duration::from_millis(100),
            "not before the deadline"
        );
        assert!(
            took < deadline + Duration::from_millis(500),
            "within the deadline"
        );
        let progress = error.progress().expect("a read error says where it stands");
        check_progress(progress, &got);

        let mut rest = bt.stream_rows(TABLE, progress.remaining.clone(), None)?;
        assert!(drain(&mut rest, &mut got).await.is_none());
        assert_eq!(got, keys_in_order(), "every row exactly once, in key order");
        Ok(())
    })
    .await?
}

/// A short-fused write policy: an attempt with no answer for 500 ms is retried.
fn write_policy() -> CallPolicy {
    CallPolicy {
        idle_timeout: Duration::from_millis(500),
        ..policy(Duration::from_secs(20))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn writes_to_a_stopped_server_are_retried_whole_and_land_once() -> TestResult {
    let _turn = SERIAL.lock().await;
    tokio::time::timeout(TEST_LIMIT, async {
        let emulator = OwnEmulator::start();
        let bt = client(&emulator, policy(Duration::from_secs(30)))
            .await?
            .with_write_policy(write_policy());
        let splits: Vec<_> = Tick::split_points().collect();
        bt.create_table(TABLE, &[FAMILY], &splits).await?;

        // Stopped for 1.5 s while 4 requests of 5,000 rows are in flight: each times out,
        // is sent again, and lands when the server runs again.
        emulator.stop();
        let cont = emulator.continuer();
        let waker = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(1_500)).await;
            cont();
        });
        let options = WriteOptions {
            batch_rows: 5_000,
            ..WriteOptions::default()
        };
        let written = bt
            .write_rows_with(TABLE, ticks().map(tick_row), options)
            .await?;
        waker.await?;
        note(&format!(
            "faults: {} rows written across a 1.5 s SIGSTOP in {} MutateRows requests (4 batches)",
            written.rows, written.requests
        ));
        assert_eq!(written.rows, ROWS as u64);
        assert!(written.requests > 4, "the stalled requests were sent again");
        let mut rows = bt.stream_rows(TABLE, whole_table(), None)?;
        let mut got = Vec::new();
        assert!(drain(&mut rows, &mut got).await.is_none());
        assert_eq!(got, keys_in_order(), "every row once");
        Ok(())
    })
    .await?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Bigtable emulator: cargo xtask test"]
async fn server_timestamped_writes_are_never_sent_twice() -> TestResult {
    let _turn = SERIAL.lock().await;
    tokio::time::timeout(TEST_LIMIT, async {
        let emulator = OwnEmulator::start();
        let bt = client(&emulator, policy(Duration::from_secs(30)))
            .await?
            .with_write_policy(write_policy());
        bt.create_table(TABLE, &[FAMILY], std::iter::empty::<&[u8]>())
            .await?;
        emulator.stop();
        let options = WriteOptions {
            time: rowkey_bigtable::CellTime::Server,
            ..WriteOptions::default()
        };
        let before = bt.requests().mutate_rows;
        let started = Instant::now();
        let error = bt
            .write_rows_with(TABLE, ticks().take(10).map(tick_row), options)
            .await
            .expect_err("a write the server stamps is not retried");
        emulator.cont();
        note(&format!(
            "faults: server-timestamped write to a stopped server: {error}"
        ));
        assert_eq!(error.code(), Some(Code::DeadlineExceeded), "{error}");
        assert_eq!(bt.requests().mutate_rows - before, 1, "sent once");
        assert!(started.elapsed() < Duration::from_secs(2));
        Ok(())
    })
    .await?
}
