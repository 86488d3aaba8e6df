//! Statistics data, seed 000: one table per day, a 4-byte sequence field that
//! doubles as the hash field, then a 2-byte minute of the day (0..1439): 6 bytes.
//!
//! The sequence of a dimension is its number times the golden-ratio constant,
//! mod 2^32: a bijection, so every dimension keeps a unique sequence, and
//! neighbouring dimensions land far apart (the hash spread the article asks for).
//!
//! Pre-aggregated rows get recomputed. The article: "make sure invalidated
//! rows are deleted". A recomputation of the minutes `[from, to)` first scans
//! and deletes every row of that window (per dimension, `range_for_seq_minute`),
//! then writes the new aggregates: a row that the new run no longer produces
//! does not survive, which a plain overwrite would leave behind.
//!
//! Run: `cargo run --example statistics`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::io::Write;
use std::ops::Range;

use common::{scan, scan_keys, Result, Store};
use fjall::Keyspace;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::{KeyRange, RowKey};

/// The row key within a day's table.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[rowkey(width = 6)]
pub struct StatKey {
    /// The sequence (and hash) field of the dimension.
    pub seq: u32,
    /// Minute of the day, 0..1440.
    pub minute: u16,
}

/// The sequence field of dimension `dim`: Fibonacci hashing, a bijection on `u32`.
pub fn seq_of(dim: u32) -> u32 {
    dim.wrapping_mul(0x9E37_79B1)
}

/// The settings of a run.
pub struct Config {
    /// Dimensions (counters) in the catalog.
    pub dims: u32,
    /// Raw events of the day.
    pub events: usize,
    /// The minutes the first run got wrong and the recomputation redoes.
    pub window: Range<u16>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            dims: 2_000,
            events: 300_000,
            window: 600..660,
        }
    }
}

/// What the recomputation did.
#[derive(Debug)]
pub struct Summary {
    /// Rows after the first (wrong) run.
    pub rows_first: usize,
    /// Stale rows the recomputation scanned and deleted.
    pub deleted: usize,
    /// Rows it wrote back.
    pub rewritten: usize,
    /// Stale rows that only a delete removes: the new run does not produce them.
    pub orphans: usize,
    /// Rows at the end.
    pub rows_final: usize,
    /// Whether the table equals a fresh computation from the corrected input, row for row.
    pub matches_fresh: bool,
    /// Dimension 7's total over the window before and after.
    pub dim7_before: u64,
    pub dim7_after: u64,
}

type Counts = BTreeMap<StatKey, u64>;

/// Aggregates `(dim, minute)` events into per-minute counts.
fn aggregate<'a>(
    events: impl IntoIterator<Item = &'a (u32, u16)>,
    keep: impl Fn(u16) -> bool,
) -> Counts {
    let mut counts = Counts::new();
    for &(dim, minute) in events {
        if keep(minute) {
            *counts
                .entry(StatKey {
                    seq: seq_of(dim),
                    minute,
                })
                .or_default() += 1;
        }
    }
    counts
}

fn write(store: &Store, table: &Keyspace, counts: &Counts) -> Result<usize> {
    let mut batch = store.db.batch();
    for (key, n) in counts {
        batch.insert(table, key.encode()?, n.to_be_bytes());
    }
    let n = batch.len();
    batch.commit()?;
    Ok(n)
}

/// Deletes every row of `dims` whose minute lies in `window`: one range scan
/// per dimension, every key found removed in one batch. Returns the rows deleted.
pub fn delete_window(
    store: &Store,
    table: &Keyspace,
    dims: u32,
    window: Range<u16>,
) -> Result<usize> {
    let mut batch = store.db.batch();
    for dim in 0..dims {
        let range = StatKey::range_for_seq_minute(seq_of(dim), window.clone())?;
        for key in scan_keys(table, &range) {
            batch.remove(table, key?);
        }
    }
    let n = batch.len();
    batch.commit()?;
    Ok(n)
}

fn total(table: &Keyspace, dim: u32, window: Range<u16>) -> Result<u64> {
    let range = StatKey::range_for_seq_minute(seq_of(dim), window)?;
    let mut sum = 0;
    for row in scan(table, &range) {
        sum += u64::from_be_bytes(row?.1.as_ref().try_into()?);
    }
    Ok(sum)
}

/// The first run, then the recomputation of `cfg.window`.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let table = store.table("stats_day_01")?;
    writeln!(out, "{}", StatKey::LAYOUT)?;

    let mut rng = SmallRng::seed_from_u64(7);
    let events: Vec<(u32, u16)> = (0..cfg.events)
        .map(|_| (rng.random_range(0..cfg.dims), rng.random_range(0..1440)))
        .collect();
    // What went wrong the first time: one input file of the window was read
    // twice, and a test feed's events were counted (new (dim, minute) pairs).
    let w = cfg.window.clone();
    let in_window = |m: u16| w.contains(&m);
    let replayed = events.iter().filter(|e| in_window(e.1));
    let test_feed: Vec<(u32, u16)> = (0..cfg.events / 100)
        .map(|_| {
            (
                rng.random_range(0..cfg.dims),
                rng.random_range(cfg.window.clone()),
            )
        })
        .collect();
    let wrong = aggregate(events.iter().chain(replayed).chain(&test_feed), |_| true);
    let rows_first = write(&store, &table, &wrong)?;
    let dim7_before = total(&table, 7, cfg.window.clone())?;
    writeln!(
        out,
        "first run: {} events -> {rows_first} rows; minutes {}..{} counted wrong (a file read twice, a test feed included)",
        cfg.events, cfg.window.start, cfg.window.end
    )?;
    let r = StatKey::range_for_seq_minute(seq_of(7), cfg.window.clone())?;
    writeln!(
        out,
        "dimension 7 (seq {:#010x}) over the window: scan {r}: {dim7_before} events",
        seq_of(7)
    )?;

    // The recomputation: delete the window's stale rows, then write the new ones.
    let started = std::time::Instant::now();
    let deleted = delete_window(&store, &table, cfg.dims, cfg.window.clone())?;
    let fixed = aggregate(&events, in_window);
    let rewritten = write(&store, &table, &fixed)?;
    let orphans = wrong
        .keys()
        .filter(|k| in_window(k.minute) && !fixed.contains_key(k))
        .count();
    writeln!(
        out,
        "recomputed minutes {}..{} in {:.2?}: {} range scans, {deleted} stale rows deleted, {rewritten} rows written; \
         {orphans} of the stale rows have no new value (an overwrite would have kept them)",
        cfg.window.start,
        cfg.window.end,
        started.elapsed(),
        cfg.dims
    )?;

    let dim7_after = total(&table, 7, cfg.window.clone())?;
    writeln!(out, "dimension 7 over the window now: {dim7_after} events")?;

    // Check: the table equals a fresh computation from the corrected input.
    let fresh = aggregate(&events, |_| true);
    let mut rows_final = 0;
    let mut matches_fresh = true;
    let mut expected = fresh.iter();
    for row in scan(&table, &KeyRange::<64>::all()) {
        let (k, v) = row?;
        rows_final += 1;
        let got = (
            StatKey::decode(&k)?,
            u64::from_be_bytes(v.as_ref().try_into()?),
        );
        matches_fresh &= expected.next().map(|(k, v)| (*k, *v)) == Some(got);
    }
    matches_fresh &= expected.next().is_none();
    writeln!(
        out,
        "table now: {rows_final} rows, {} a fresh computation from the corrected input",
        if matches_fresh {
            "identical to"
        } else {
            "DIFFERENT from"
        }
    )?;
    Ok(Summary {
        rows_first,
        deleted,
        rewritten,
        orphans,
        rows_final,
        matches_fresh,
        dim7_before,
        dim7_after,
    })
}

fn main() -> Result<()> {
    run(&Config::default(), &mut std::io::stdout())?;
    Ok(())
}
