//! A skip scan against the scans a user writes by hand, on fjall: a query
//! that selects 0.1% of a million rows with a set on the field after a range.
//!
//! The table is the articles' file index `[user pad 6][date pad 8][file pad 6]`,
//! 10 users × 100 days × 1,000 files. The query: user 3, 50 of the days,
//! 20 of the files (every 50th): 1,000 rows. Its ways:
//!
//! - `skip`: `FileKey::select()`, one range and a seek past each gap;
//! - `prefix_per_date_and_file`: 1,000 prefix scans written by hand, one per
//!   date and file, each reading its one row;
//! - `prefix_per_date_filtered`: 50 prefix scans, one per date, each reading
//!   the date's 1,000 files and keeping the 20;
//! - `wide_filtered`: one range scan over the 50 days (50,000 rows), filtered;
//! - `get_per_date_and_file`: 1,000 point lookups (`get`), not a scan.
//!
//! Before timing, every way is checked to return the same keys, and the
//! rows the skip scan reads are checked against the 2x budget. `cargo bench
//! --bench skip_scan`; under `cargo test` it runs each once, on a table a
//! tenth the size.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use fjall::{Database, Keyspace, KeyspaceCreateOptions};
use rowkey::select::Select;
use rowkey::{KeyRangeOf, RangeBytes, RowKey};

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(select)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

const USERS: u32 = 10;
const DAYS: u32 = 100;
const USER: u32 = 3;
/// The query's days: the 50 from day 25 on.
const FIRST_DAY: u32 = 25;
const QUERY_DAYS: u32 = 50;
/// The query's files: every 50th.
const FILE_STEP: u64 = 50;

/// A day as a `pad(8)` number: `20120000 + day` keeps the order and the digits.
fn day(d: u32) -> u32 {
    20_120_000 + d
}

struct Table {
    keyspace: Keyspace,
    files_per_day: u64,
    // Dropped after the keyspace: the database closes before its directory goes.
    _db: Database,
    _dir: tempfile::TempDir,
}

/// `USERS × DAYS × files_per_day` rows, bulk-loaded in key order.
fn table(files_per_day: u64) -> Table {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = Database::builder(dir.path()).open().expect("open fjall");
    let keyspace = db
        .keyspace("files", KeyspaceCreateOptions::default)
        .expect("a keyspace");
    let mut ingest = keyspace.start_ingestion().expect("bulk load");
    for user_id in 1..=USERS {
        for d in 0..DAYS {
            for file_id in 0..files_per_day {
                let k = FileKey {
                    user_id,
                    create_date: day(d),
                    file_id,
                };
                ingest
                    .write(k.encode().expect("encodes").to_vec(), b"f".to_vec())
                    .expect("write");
            }
        }
    }
    ingest.finish().expect("finish the load");
    Table {
        keyspace,
        files_per_day,
        _db: db,
        _dir: dir,
    }
}

impl Table {
    fn files(&self) -> Vec<u64> {
        (0..self.files_per_day / FILE_STEP)
            .map(|i| 7 + i * FILE_STEP)
            .collect()
    }

    fn days(&self) -> std::ops::Range<u32> {
        day(FIRST_DAY)..day(FIRST_DAY + QUERY_DAYS)
    }

    fn select(&self) -> Select<'static> {
        FileKey::select()
            .user_id(USER)
            .create_date(self.days())
            .file_id(self.files())
            .build()
            .expect("a valid select")
    }

    /// The keys of one scan, and how many rows it read.
    fn scan<B: RangeBytes>(
        &self,
        r: &KeyRangeOf<B>,
        keep: impl Fn(&[u8]) -> bool,
        out: &mut Vec<Vec<u8>>,
    ) -> u64 {
        let mut read = 0;
        for guard in self.keyspace.range::<&[u8], _>(r.bounds()) {
            let key = guard.key().expect("read");
            read += 1;
            if keep(&key) {
                out.push(key.to_vec());
            }
        }
        read
    }

    fn skip(&self, s: &Select<'_>) -> (Vec<Vec<u8>>, u64) {
        let mut scan = s.scan(|r| {
            self.keyspace
                .range::<&[u8], _>(r.bounds())
                .map(|g| g.key().map(|k| (k, ())))
        });
        let keys = scan
            .by_ref()
            .map(|row| row.expect("read").0.to_vec())
            .collect();
        (keys, scan.stats().rows_read)
    }

    fn prefix_per_date_and_file(&self) -> (Vec<Vec<u8>>, u64) {
        let (mut out, mut read) = (Vec::new(), 0);
        for d in self.days() {
            for f in self.files() {
                let r = FileKey::prefix_for_user_id_create_date_file_id(USER, d, f).expect("range");
                read += self.scan(&r, |_| true, &mut out);
            }
        }
        (out, read)
    }

    fn prefix_per_date_filtered(&self) -> (Vec<Vec<u8>>, u64) {
        let (mut out, mut read) = (Vec::new(), 0);
        let files = self.files();
        let keep = |k: &[u8]| FileKey::decode(k).is_ok_and(|f| files.contains(&f.file_id));
        for d in self.days() {
            let r = FileKey::prefix_for_user_id_create_date(USER, d).expect("range");
            read += self.scan(&r, keep, &mut out);
        }
        (out, read)
    }

    fn wide_filtered(&self) -> (Vec<Vec<u8>>, u64) {
        let mut out = Vec::new();
        let files = self.files();
        let keep = |k: &[u8]| FileKey::decode(k).is_ok_and(|f| files.contains(&f.file_id));
        let r = FileKey::range_for_user_id_create_date(USER, self.days()).expect("range");
        let read = self.scan(&r, keep, &mut out);
        (out, read)
    }

    fn get_per_date_and_file(&self) -> (Vec<Vec<u8>>, u64) {
        let mut out = Vec::new();
        for d in self.days() {
            for f in self.files() {
                let k = FileKey {
                    user_id: USER,
                    create_date: d,
                    file_id: f,
                }
                .encode()
                .expect("encodes");
                if self.keyspace.get(k).expect("read").is_some() {
                    out.push(k.to_vec());
                }
            }
        }
        let read = out.len() as u64;
        (out, read)
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test` runs each way once, on fewer rows.
    let bench = std::env::args().any(|a| a == "--bench");
    let t = table(if bench { 1_000 } else { 100 });
    let rows = u64::from(USERS * DAYS) * t.files_per_day;
    let s = t.select();

    let (skip, skip_read) = t.skip(&s);
    let matches = skip.len() as u64;
    assert_eq!(matches * 1000, rows, "the query selects 0.1% of the rows");
    let ways = [
        ("prefix_per_date_and_file", t.prefix_per_date_and_file()),
        ("prefix_per_date_filtered", t.prefix_per_date_filtered()),
        ("wide_filtered", t.wide_filtered()),
        ("get_per_date_and_file", t.get_per_date_and_file()),
    ];
    for (name, (keys, _)) in &ways {
        assert_eq!(keys, &skip, "{name} returns the skip scan's rows");
    }
    let wide_read = ways[2].1 .1;
    println!(
        "skip_scan: {rows} rows, {matches} match; the skip scan reads {skip_read} rows ({:.2}x the matches), the wide scan {wide_read} ({:.1}x)",
        skip_read as f64 / matches as f64,
        wide_read as f64 / matches as f64,
    );
    assert!(
        skip_read <= 2 * matches,
        "the skip scan reads at most twice the rows that match"
    );

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(30)
        .configure_from_args();
    let mut g = c.benchmark_group("skip_scan");
    g.bench_function("skip", |b| b.iter(|| black_box(t.skip(&s))));
    g.bench_function("prefix_per_date_and_file", |b| {
        b.iter(|| black_box(t.prefix_per_date_and_file()))
    });
    g.bench_function("prefix_per_date_filtered", |b| {
        b.iter(|| black_box(t.prefix_per_date_filtered()))
    });
    g.bench_function("wide_filtered", |b| b.iter(|| black_box(t.wide_filtered())));
    g.bench_function("get_per_date_and_file", |b| {
        b.iter(|| black_box(t.get_per_date_and_file()))
    });
    g.finish();
    c.final_summary();
    if bench {
        interleaved(&t, &s);
    }
}

/// The skip scan against the fastest hand-written set of scans, timed
/// alternately (best of 40 each): on a shared machine a steadier ratio than
/// two criterion benchmarks measured seconds apart.
fn interleaved(t: &Table, s: &Select<'_>) {
    let best = |f: &dyn Fn() -> (Vec<Vec<u8>>, u64), best: &mut Duration| {
        let start = std::time::Instant::now();
        black_box(f());
        *best = (*best).min(start.elapsed());
    };
    let (mut skip, mut hand, mut get) = (Duration::MAX, Duration::MAX, Duration::MAX);
    for _ in 0..40 {
        best(&|| t.skip(s), &mut skip);
        best(&|| t.prefix_per_date_and_file(), &mut hand);
        best(&|| t.get_per_date_and_file(), &mut get);
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "skip_scan, interleaved best of 40: skip {:.2} ms, a prefix scan per date and file {:.2} ms ({:.2}x), a get per date and file {:.2} ms",
        ms(skip),
        ms(hand),
        ms(skip) / ms(hand),
        ms(get)
    );
}
