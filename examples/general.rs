//! General data, seed 000: a 4-byte sequence as the unique key, followed by
//! extension fields, all within 12 bytes (`#[rowkey(width = 12)]` checks it).
//!
//! "When several loaders run at once, the sequence field must stay unique:
//! give each loader its own factor." Here loader `k` of `L` numbers its rows
//! `n * L + k`, so no two loaders ever produce the same sequence, and the
//! sequence is `#[mirror]`ed (seed 004's reversal: bytes back to front), so
//! consecutive numbers spread over the key space instead of piling up at its end.
//!
//! The example runs the loaders as threads into one table twice: every loader
//! counting from 0 (rows silently overwrite each other: fewer stored than
//! written), then with factors (every row written is stored).
//!
//! Run: `cargo run --example general`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::io::Write;

use common::{scan, Result, Store};
use fjall::Keyspace;
use rowkey::RowKey;

/// `[sequence 4][shop 2][sku 6]`: 12 bytes.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 12)]
pub struct GeneralKey<'a> {
    /// The sequence (and hash) field, bytes reversed.
    #[mirror]
    pub seq: u32,
    #[be_u16]
    pub shop: u32,
    #[fixed(6)]
    pub sku: &'a str,
}

/// The settings of a run.
pub struct Config {
    pub loaders: u32,
    pub rows_per_loader: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            loaders: 4,
            rows_per_loader: 50_000,
        }
    }
}

/// Rows written and stored with and without loader factors.
#[derive(Debug)]
pub struct Summary {
    pub naive_written: usize,
    pub naive_stored: usize,
    pub factored_written: usize,
    pub factored_stored: usize,
    /// `prefix_for_seq` of a few sequences: the loader (`seq % loaders`) and the row found.
    pub lookups: Vec<(u32, u32, String)>,
}

/// One loader: `rows` rows, numbered `n * step + factor`, written in batches. Returns rows written.
fn load(store: &Store, table: &Keyspace, factor: u32, step: u32, rows: u32) -> Result<usize> {
    let mut written = 0;
    let skus: Vec<String> = (0..1000).map(|i| format!("SKU{i:03}")).collect();
    for chunk in (0..rows).collect::<Vec<_>>().chunks(5_000) {
        let mut batch = store.db.batch();
        for &n in chunk {
            // The extension fields come from the loader's input; the loaders
            // read similar feeds, so they repeat across loaders.
            let key = GeneralKey {
                seq: n * step + factor,
                shop: n % 50,
                sku: &skus[n as usize % 1000],
            };
            batch.insert(table, key.encode()?, format!("loader {factor} row {n}"));
            written += 1;
        }
        batch.commit()?;
    }
    Ok(written)
}

/// Runs every loader on its own thread into `table`; returns rows written.
fn load_all(store: &Store, table: &Keyspace, cfg: &Config, factors: bool) -> Result<usize> {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..cfg.loaders)
            .map(|k| {
                let (factor, step) = if factors { (k, cfg.loaders) } else { (0, 1) };
                s.spawn(move || load(store, table, factor, step, cfg.rows_per_loader))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| "a loader panicked")?)
            .sum()
    })
}

/// Loads twice, without and with factors, and looks rows up by sequence.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    writeln!(out, "{}", GeneralKey::LAYOUT)?;

    let naive = store.table("general_naive")?;
    let naive_written = load_all(&store, &naive, cfg, false)?;
    let naive_stored = naive.len()?;
    writeln!(
        out,
        "{} loaders each counting from 0: {naive_written} rows written, {naive_stored} stored, {} overwritten",
        cfg.loaders,
        naive_written - naive_stored
    )?;

    let table = store.table("general")?;
    let started = std::time::Instant::now();
    let factored_written = load_all(&store, &table, cfg, true)?;
    let factored_stored = table.len()?;
    writeln!(
        out,
        "{} loaders with factors 0..{} (seq = n * {} + factor): {factored_written} rows written, {factored_stored} stored in {:.2?}",
        cfg.loaders,
        cfg.loaders,
        cfg.loaders,
        started.elapsed()
    )?;

    let mut lookups = Vec::new();
    for seq in [0, 1, 2, 3, 4_001] {
        let range = GeneralKey::prefix_for_seq(seq)?;
        for row in scan(&table, &range) {
            let (k, v) = row?;
            let key = GeneralKey::decode(&k)?;
            let v = String::from_utf8(v.to_vec())?;
            writeln!(out, "  seq {seq}: scan {range}: {key:?} = {v:?}")?;
            lookups.push((seq, key.seq % cfg.loaders, v));
        }
    }
    let first: Vec<String> = scan(&table, &rowkey::KeyRange::<64>::all())
        .take(4)
        .map(|r| Ok(GeneralKey::decode(&r?.0)?.seq.to_string()))
        .collect::<Result<_>>()?;
    writeln!(
        out,
        "  the table starts with sequences {} (mirrored: consecutive numbers far apart)",
        first.join(", ")
    )?;
    Ok(Summary {
        naive_written,
        naive_stored,
        factored_written,
        factored_stored,
        lookups,
    })
}

fn main() -> Result<()> {
    run(&Config::default(), &mut std::io::stdout())?;
    Ok(())
}
