//! Transaction data, seed 000: one table per day, so the key keeps only the
//! time of day: a 2-byte hash field (0..65535) and a 4-byte millisecond of the
//! day (0..86399999), 6 bytes in all.
//!
//! The article lets the hash field carry data "as long as the same hash value
//! is unique within one millisecond". Here it is the POS terminal, so "terminal
//! 42 between 09:30 and 10:00" is one range scan. The loader enforces the rule:
//! a second transaction of a terminal in a millisecond that is already taken
//! (in the store or earlier in the batch) is detected and re-stamped to the
//! next free millisecond, never written over the first.
//!
//! Run: `cargo run --example transactions`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::collections::HashSet;
use std::io::Write;

use common::{scan, Result, Store};
use fjall::Keyspace;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::RowKey;

/// The row key within a day's table.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 6)]
pub struct TxKey {
    /// The hash field: the terminal id, 0..=65535.
    #[be_u16]
    pub terminal: u32,
    /// Milliseconds since midnight, 0..86_400_000.
    #[be_u32]
    pub ms_of_day: u32,
}

/// Milliseconds in a day.
pub const DAY_MS: u32 = 86_400_000;

/// One transaction as it arrives: day, terminal, time of day, amount in cents.
#[derive(Debug, Clone, Copy)]
pub struct Tx {
    pub day: u32,
    pub terminal: u32,
    pub ms_of_day: u32,
    pub cents: u64,
}

/// The settings of a run.
pub struct Config {
    /// Days, one table each.
    pub days: u32,
    /// Transactions per day.
    pub per_day: usize,
    /// Terminals (the hash field takes `0..terminals`).
    pub terminals: u32,
    /// Every `double_every`-th transaction is followed by a second one of the
    /// same terminal in the same millisecond (a split bill).
    pub double_every: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            days: 3,
            per_day: 50_000,
            terminals: 200,
            double_every: 50,
        }
    }
}

/// What the loader did and what the queries found.
#[derive(Debug)]
pub struct Summary {
    /// Transactions offered to the loader.
    pub offered: usize,
    /// Rows stored over every day's table.
    pub stored: usize,
    /// Collisions the loader detected (same terminal, same millisecond).
    pub collisions: usize,
    /// Collisions re-stamped to a later millisecond.
    pub restamped: usize,
    /// Collisions rejected (no free millisecond left in the day).
    pub rejected: usize,
    /// `terminal 42, day 2, 09:30..10:00`: rows scanned (every one matches).
    pub window_rows: usize,
    /// The same count, by brute force over the loaded transactions.
    pub window_expected: usize,
    /// `terminal 42, day 1 23:00 .. day 2 01:00`: rows over two tables.
    pub midnight_rows: usize,
    /// The same count, by brute force.
    pub midnight_expected: usize,
}

/// The transactions of `day`, in arrival order, with the deliberate doubles.
pub fn generate(cfg: &Config, day: u32) -> Vec<Tx> {
    let mut rng = SmallRng::seed_from_u64(u64::from(day));
    let mut txs = Vec::with_capacity(cfg.per_day + cfg.per_day / cfg.double_every + 1);
    for i in 0..cfg.per_day {
        let tx = Tx {
            day,
            terminal: rng.random_range(0..cfg.terminals),
            ms_of_day: rng.random_range(0..DAY_MS),
            cents: rng.random_range(100..100_000),
        };
        txs.push(tx);
        if i % cfg.double_every == 0 {
            txs.push(Tx {
                cents: rng.random_range(100..100_000),
                ..tx
            });
        }
    }
    txs
}

/// The table of `day`.
fn table_name(day: u32) -> String {
    format!("tx_day_{day:02}")
}

/// Loads one day's transactions into its table in one batch, keeping the
/// uniqueness rule: a key already taken moves to the next free millisecond.
/// Returns the keys stored, per transaction (`None`: rejected), and the counts.
fn load_day(
    store: &Store,
    table: &Keyspace,
    txs: &[Tx],
) -> Result<(Vec<Option<u32>>, usize, usize, usize)> {
    let mut batch = store.db.batch();
    let mut taken: HashSet<[u8; 6]> = HashSet::new();
    let (mut collisions, mut restamped, mut rejected) = (0, 0, 0);
    let mut stamps = Vec::with_capacity(txs.len());
    for tx in txs {
        let mut key = TxKey {
            terminal: tx.terminal,
            ms_of_day: tx.ms_of_day,
        };
        let mut bytes = key.encode()?;
        let mut clashed = false;
        while taken.contains(&bytes) || table.contains_key(bytes)? {
            clashed = true;
            key.ms_of_day += 1;
            if key.ms_of_day >= DAY_MS {
                break;
            }
            bytes = key.encode()?;
        }
        collisions += usize::from(clashed);
        if key.ms_of_day >= DAY_MS {
            rejected += 1;
            stamps.push(None);
            continue;
        }
        restamped += usize::from(clashed);
        taken.insert(bytes);
        batch.insert(table, bytes, tx.cents.to_be_bytes());
        stamps.push(Some(key.ms_of_day));
    }
    batch.commit()?;
    Ok((stamps, collisions, restamped, rejected))
}

/// Every transaction of `terminal` from `(day, ms)` up to `(day, ms)`
/// (exclusive), over as many day tables as the window spans: one range scan per day.
pub fn query(
    store: &Store,
    terminal: u32,
    from: (u32, u32),
    to: (u32, u32),
    out: &mut dyn Write,
) -> Result<Vec<(u32, TxKey, u64)>> {
    let mut rows = Vec::new();
    for day in from.0..=to.0 {
        let lo = if day == from.0 { from.1 } else { 0 };
        let hi = if day == to.0 { to.1 } else { DAY_MS };
        let range = TxKey::range_for_terminal_ms_of_day(terminal, lo..hi)?;
        writeln!(out, "  {}: scan {range}", table_name(day))?;
        let table = store.table(&table_name(day))?;
        for row in scan(&table, &range) {
            let (k, v) = row?;
            let cents = u64::from_be_bytes(v.as_ref().try_into()?);
            rows.push((day, TxKey::decode(&k)?, cents));
        }
    }
    Ok(rows)
}

fn hms(ms: u32) -> String {
    let s = ms / 1000;
    format!(
        "{:02}:{:02}:{:02}.{:03}",
        s / 3600,
        s / 60 % 60,
        s % 60,
        ms % 1000
    )
}

/// Loads `cfg.days` days and runs the two queries.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    writeln!(out, "{}", TxKey::LAYOUT)?;
    let (mut offered, mut collisions, mut restamped, mut rejected) = (0, 0, 0, 0);
    // What was stored, for the brute-force check: (day, terminal, ms).
    let mut loaded = Vec::new();
    let started = std::time::Instant::now();
    for day in 1..=cfg.days {
        let txs = generate(cfg, day);
        let table = store.table(&table_name(day))?;
        let (stamps, c, r, x) = load_day(&store, &table, &txs)?;
        offered += txs.len();
        collisions += c;
        restamped += r;
        rejected += x;
        for (tx, ms) in txs.iter().zip(stamps) {
            if let Some(ms) = ms {
                loaded.push((day, tx.terminal, ms));
            }
        }
    }
    let mut stored = 0;
    for day in 1..=cfg.days {
        stored += store.table(&table_name(day))?.len()?;
    }
    writeln!(
        out,
        "loaded {offered} transactions into {} day tables in {:.2?}: {stored} rows; \
         {collisions} collisions (same terminal, same ms) detected, {restamped} re-stamped to the next free ms, {rejected} rejected",
        cfg.days,
        started.elapsed()
    )?;

    let count = |from: (u32, u32), to: (u32, u32)| {
        loaded
            .iter()
            .filter(|&&(d, t, ms)| t == 42 && (d, ms) >= from && (d, ms) < to)
            .count()
    };

    let (from, to) = ((2, 9 * 3_600_000 + 30 * 60_000), (2, 10 * 3_600_000));
    writeln!(out, "\nterminal 42, day 2, 09:30 to 10:00:")?;
    let rows = query(&store, 42, from, to, out)?;
    for (day, key, cents) in rows.iter().take(5) {
        writeln!(
            out,
            "    day {day} {} terminal {} {:>4}.{:02}",
            hms(key.ms_of_day),
            key.terminal,
            cents / 100,
            cents % 100
        )?;
    }
    writeln!(out, "  {} transactions", rows.len())?;
    let (window_rows, window_expected) = (rows.len(), count(from, to));

    let (from, to) = ((1, 23 * 3_600_000), (2, 3_600_000));
    writeln!(
        out,
        "\nterminal 42, day 1 23:00 to day 2 01:00 (two tables):"
    )?;
    let rows = query(&store, 42, from, to, out)?;
    writeln!(out, "  {} transactions", rows.len())?;
    Ok(Summary {
        offered,
        stored,
        collisions,
        restamped,
        rejected,
        window_rows,
        window_expected,
        midnight_rows: rows.len(),
        midnight_expected: count(from, to),
    })
}

fn main() -> Result<()> {
    run(&Config::default(), &mut std::io::stdout())?;
    Ok(())
}
