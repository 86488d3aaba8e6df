//! Skip scans on the articles' tables, in a real store (fjall), each query
//! answered three ways and measured:
//!
//! - the **skip scan**: `select()` compiles the query to the fewest exact
//!   key ranges, and seeks past the rows a later field rules out
//!   (`Select::next_hint`), as Apache Phoenix's skip scan does;
//! - **separate scans written by hand** with the generated helpers, one per
//!   combination the query names (what an HBase user writes without a skip scan);
//! - **one wide scan with a filter**: the smallest single range that holds
//!   every answer, each row decoded and tested.
//!
//! Seed 000's file index `[userID pad 6][createTime pad 8][fileID pad 6]`:
//! "users 1, 5 and 9, September 1 to 14" and "user 1, all of September,
//! files 3 and 7". Seed 002's salted log table `[bucket][ts][host][event]`,
//! salted on the timestamp over 100 buckets: "hosts 3 and 17, the last hour".
//! Each table holds a million rows, bulk-loaded in key order.
//!
//! Run: `cargo run --release --example skip_scan` (`-- --rows N` for another size).

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::collections::BTreeSet;
use std::io::Write;
use std::time::{Duration, Instant};

use common::{Result, Store};
use fjall::Keyspace;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::select::Select;
use rowkey::{KeyRangeOf, RangeBytes, RowKey};

/// Seed 000's file index: userID(6) + createTime(8) + fileID(6).
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(select)]
pub struct FileKey {
    #[pad(6)]
    pub user_id: u32,
    #[pad(8)]
    pub create_date: u32,
    #[pad(6)]
    pub file_id: u64,
}

/// Seed 002's log table, salted on the timestamp (seconds): `[bucket][ts][host][event]`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(select)]
pub struct LogEvent {
    #[salt(mod = 100)]
    pub ts: u64,
    pub host: u32,
    pub event: u16,
}

/// Days of files per user, from 2012-09-01.
pub const DAYS: u32 = 50;
/// Files per user and day.
pub const FILES: u64 = 20;
/// Hosts writing logs, and the seconds the logs span.
pub const HOSTS: u32 = 100;
pub const SPAN: u64 = 3 * 3600;
/// 2012-09-01T00:00:00Z.
pub const LOG_START: u64 = 1_346_457_600;

/// One way of answering a query, measured (the fastest of three runs).
#[derive(Debug, Clone)]
pub struct Way {
    pub name: String,
    /// Range scans opened: ranges and seeks.
    pub scans: u64,
    pub rows_read: u64,
    pub matches: u64,
    pub time: Duration,
}

/// A query and its three answers, which must be the same rows.
#[derive(Debug, Clone)]
pub struct Query {
    pub title: String,
    pub ways: Vec<Way>,
    /// Whether every way returned the same keys, in the same order.
    pub agree: bool,
}

/// What the example measured.
#[derive(Debug)]
pub struct Summary {
    pub file_rows: usize,
    pub log_rows: usize,
    pub queries: Vec<Query>,
}

/// The date `day` days after 2012-09-01, as `yyyymmdd`.
pub fn date(day: u32) -> u32 {
    match day {
        0..30 => 20_120_901 + day,
        30..61 => 20_121_001 + (day - 30),
        _ => 20_121_101 + (day - 61),
    }
}

/// Counts what a hand-written scan reads.
#[derive(Default)]
struct Counter {
    scans: u64,
    rows: u64,
}

impl Counter {
    /// The keys in `range` for which `keep` holds.
    fn scan<B: RangeBytes>(
        &mut self,
        table: &Keyspace,
        range: &KeyRangeOf<B>,
        keep: impl Fn(&[u8]) -> bool,
        out: &mut Vec<Vec<u8>>,
    ) -> Result<()> {
        self.scans += 1;
        for guard in table.range::<&[u8], _>(range.bounds()) {
            let key = guard.key()?;
            self.rows += 1;
            if keep(&key) {
                out.push(key.to_vec());
            }
        }
        Ok(())
    }
}

/// The fastest of three runs of `way`, which returns its keys and counts.
fn measure(
    name: &str,
    mut way: impl FnMut() -> Result<(Vec<Vec<u8>>, u64, u64)>,
) -> Result<(Way, Vec<Vec<u8>>)> {
    let mut best = None;
    let mut result = None;
    for _ in 0..3 {
        let t = Instant::now();
        let (keys, scans, rows) = way()?;
        let time = t.elapsed();
        if best.as_ref().is_none_or(|b: &Way| time < b.time) {
            best = Some(Way {
                name: name.to_owned(),
                scans,
                rows_read: rows,
                matches: keys.len() as u64,
                time,
            });
        }
        result = Some(keys);
    }
    Ok((best.ok_or("no run")?, result.ok_or("no run")?))
}

/// The keys of `table` in `range`, without their values, as rows a skip scan reads.
fn keys_in<B: RangeBytes>(
    table: &Keyspace,
    range: &KeyRangeOf<B>,
) -> impl Iterator<Item = fjall::Result<(fjall::Slice, ())>> {
    table
        .range::<&[u8], _>(range.bounds())
        .map(|g| g.key().map(|k| (k, ())))
}

/// The skip scan of `select` over `table`.
fn skip(table: &Keyspace, select: &Select<'_>) -> Result<(Vec<Vec<u8>>, u64, u64)> {
    let mut scan = select.scan(|r| keys_in(table, r));
    let keys = scan
        .by_ref()
        .map(|k| k.map(|(k, ())| k.to_vec()))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let stats = scan.stats();
    Ok((keys, stats.seeks, stats.rows_read))
}

/// Files of `users` users, `DAYS` days each, `FILES` a day, in key order.
fn load_files(table: &Keyspace, users: u32) -> Result<usize> {
    let mut ingest = table.start_ingestion()?;
    let mut n = 0;
    for user_id in 1..=users {
        for day in 0..DAYS {
            for file_id in 0..FILES {
                let key = FileKey {
                    user_id,
                    create_date: date(day),
                    file_id,
                };
                ingest.write(key.encode()?.to_vec(), b"f".to_vec())?;
                n += 1;
            }
        }
    }
    ingest.finish()?;
    Ok(n)
}

/// About `rows` log events over `SPAN` seconds from random hosts, in key order.
fn load_logs(table: &Keyspace, rows: usize) -> Result<usize> {
    let mut rng = SmallRng::seed_from_u64(2);
    let per_second = (rows as u64).div_ceil(SPAN);
    let mut keys = BTreeSet::new();
    for s in 0..SPAN {
        for _ in 0..per_second {
            let e = LogEvent {
                ts: LOG_START + s,
                host: rng.random_range(1..=HOSTS),
                event: rng.random_range(0..8),
            };
            keys.insert(e.encode()?);
        }
    }
    let mut ingest = table.start_ingestion()?;
    for k in &keys {
        ingest.write(k.to_vec(), b"e".to_vec())?;
    }
    ingest.finish()?;
    Ok(keys.len())
}

/// The ways of one query, checked to find the same keys.
fn compare(title: &str, ways: Vec<(Way, Vec<Vec<u8>>)>) -> Query {
    let agree = ways.windows(2).all(|w| w[0].1 == w[1].1);
    Query {
        title: title.to_owned(),
        ways: ways.into_iter().map(|(w, _)| w).collect(),
        agree,
    }
}

/// Users 1, 5 and 9, September 1 to 14.
fn users_and_dates(files: &Keyspace) -> Result<Query> {
    let dates = 20_120_901..=20_120_914;
    let users = [1, 5, 9];
    let select = FileKey::select()
        .user_id(users)
        .create_date(dates.clone())
        .build()?;
    let name = format!("skip scan ({} ranges)", select.ranges().len());
    let skip = measure(&name, || skip(files, &select))?;
    let hand = measure("a range scan per user", || {
        let (mut c, mut out) = (Counter::default(), Vec::new());
        for u in users {
            let r = FileKey::range_for_user_id_create_date(u, dates.clone())?;
            c.scan(files, &r, |_| true, &mut out)?;
        }
        Ok((out, c.scans, c.rows))
    })?;
    let wide = measure("one scan of users 1..=9, filtered", || {
        let (mut c, mut out) = (Counter::default(), Vec::new());
        let r = FileKey::range_for_user_id(1..=9)?;
        let keep = |k: &[u8]| {
            FileKey::decode(k)
                .is_ok_and(|f| users.contains(&f.user_id) && dates.contains(&f.create_date))
        };
        c.scan(files, &r, keep, &mut out)?;
        Ok((out, c.scans, c.rows))
    })?;
    Ok(compare(
        "users 1, 5 and 9; dates 20120901..=20120914",
        vec![skip, hand, wide],
    ))
}

/// User 1, all of September, files 3 and 7.
fn files_of_september(files: &Keyspace) -> Result<Query> {
    let september = 20_120_901..=20_120_930;
    let select = FileKey::select()
        .user_id(1)
        .create_date(september.clone())
        .file_id([3, 7])
        .build()?;
    let skip = measure("skip scan (1 range, seeks)", || skip(files, &select))?;
    let hand = measure("a prefix scan per date and file", || {
        let (mut c, mut out) = (Counter::default(), Vec::new());
        for d in september.clone() {
            for f in [3, 7] {
                let r = FileKey::prefix_for_user_id_create_date_file_id(1, d, f)?;
                c.scan(files, &r, |_| true, &mut out)?;
            }
        }
        Ok((out, c.scans, c.rows))
    })?;
    let wide = measure("one scan of September, filtered", || {
        let (mut c, mut out) = (Counter::default(), Vec::new());
        let r = FileKey::range_for_user_id_create_date(1, september.clone())?;
        let keep = |k: &[u8]| FileKey::decode(k).is_ok_and(|f| [3, 7].contains(&f.file_id));
        c.scan(files, &r, keep, &mut out)?;
        Ok((out, c.scans, c.rows))
    })?;
    Ok(compare(
        "user 1; dates 20120901..=20120930; files 3 and 7",
        vec![skip, hand, wide],
    ))
}

/// Hosts 3 and 17, the last hour, over the table salted on the timestamp.
fn hosts_last_hour(logs: &Keyspace) -> Result<Query> {
    let hour = LOG_START + SPAN - 3600..LOG_START + SPAN;
    let hosts = [3, 17];
    let select = LogEvent::select().ts(hour.clone()).host(hosts).build()?;
    let name = format!("skip scan ({} ranges, seeks)", select.ranges().len());
    let skip_way = measure(&name, || skip(logs, &select))?;
    let stepping = measure("skip scan, 8 rows stepped before a seek", || {
        let mut scan = select.scan(|r| keys_in(logs, r)).steps_before_seek(8);
        let keys = scan
            .by_ref()
            .map(|k| k.map(|(k, ())| k.to_vec()))
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let stats = scan.stats();
        Ok((keys, stats.seeks, stats.rows_read))
    })?;
    let keep = |k: &[u8]| {
        LogEvent::decode(k).is_ok_and(|e| hosts.contains(&e.host) && hour.contains(&e.ts))
    };
    let hand = measure("a range scan per bucket (range_for_ts), filtered", || {
        let (mut c, mut out) = (Counter::default(), Vec::new());
        for r in LogEvent::range_for_ts(hour.clone())? {
            c.scan(logs, &r, keep, &mut out)?;
        }
        Ok((out, c.scans, c.rows))
    })?;
    let wide = measure("one scan of the table, filtered", || {
        let (mut c, mut out) = (Counter::default(), Vec::new());
        c.scan(logs, &rowkey::KeyRange::<64>::all(), keep, &mut out)?;
        Ok((out, c.scans, c.rows))
    })?;
    Ok(compare(
        "hosts 3 and 17; the last hour (ts salted over 100 buckets)",
        vec![skip_way, stepping, hand, wide],
    ))
}

fn print(out: &mut impl Write, q: &Query) -> Result<()> {
    writeln!(out, "\n{}", q.title)?;
    writeln!(
        out,
        "  {:<50} {:>7} {:>10} {:>8} {:>10}",
        "way", "scans", "rows read", "matches", "time"
    )?;
    for w in &q.ways {
        writeln!(
            out,
            "  {:<50} {:>7} {:>10} {:>8} {:>7.2} ms",
            w.name,
            w.scans,
            w.rows_read,
            w.matches,
            w.time.as_secs_f64() * 1e3
        )?;
    }
    writeln!(
        out,
        "  {}",
        if q.agree {
            "every way found the same rows"
        } else {
            "THE WAYS DISAGREE"
        }
    )?;
    Ok(())
}

/// Loads both tables with about `rows` rows each and runs the queries.
pub fn run(rows: usize, out: &mut impl Write) -> Result<Summary> {
    let store = Store::open()?;
    let (files, logs) = (store.table("files")?, store.table("logs")?);
    let users = (rows / (DAYS as usize * FILES as usize)).max(10) as u32;
    let t = Instant::now();
    let file_rows = load_files(&files, users)?;
    let log_rows = load_logs(&logs, rows)?;
    writeln!(
        out,
        "loaded {file_rows} file rows ({users} users) and {log_rows} log rows in {:.1} s",
        t.elapsed().as_secs_f64()
    )?;
    let queries = vec![
        users_and_dates(&files)?,
        files_of_september(&files)?,
        hosts_last_hour(&logs)?,
    ];
    for q in &queries {
        print(out, q)?;
    }
    Ok(Summary {
        file_rows,
        log_rows,
        queries,
    })
}

fn main() -> Result<()> {
    let mut rows = 1_000_000;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rows" => rows = args.next().ok_or("--rows N")?.replace('_', "").parse()?,
            other => return Err(format!("unknown argument {other}; use --rows N").into()),
        }
    }
    if cfg!(debug_assertions) && rows >= 500_000 {
        eprintln!("a debug build is slow: `cargo run --release --example skip_scan`");
    }
    run(rows, &mut std::io::stdout())?;
    Ok(())
}
