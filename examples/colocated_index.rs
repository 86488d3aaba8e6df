//! A secondary index that lives in its data's region, seed 003.
//!
//! Main rows are `[4-digit hash prefix][|][id]`, the prefix `0000`..`9999`
//! hashed from the id (`#[salt(mod = 10000, pad = 4)]`), in 100 regions
//! pre-split at `0100`, `0200`, ... `9900` (`MainKey::SALT.region_split_points(100)`).
//! Index rows are `[region start][-a-][q1 q2][-][main key]`: the region start
//! (`SALT.region_start(bucket, 100)`) puts each index row in the same region as
//! its main row, ahead of the region's main rows (`-` sorts before `|`), and the
//! main key is a nested key, embedded whole and decoded back. The article's
//! row `0000-a-0102-0000|63af51b2` is exactly what `IndexA` encodes.
//!
//! `q1 = 01 and q2 = 02` is, in each region, one index scan
//! `[0000-a-0102, 0000-a-0103)` plus a get of each main row from the same
//! region: what a coprocessor runs region by region, never leaving the region.
//!
//! Run: `cargo run --example colocated_index`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::io::Write;

use common::{scan, scan_keys, Result, Store};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::{KeyRange, RowKey, SplitPoint};

/// A main row: `0000|63af51b2`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 13)]
pub struct MainKey {
    #[tag(b"|")]
    pub sep: (),
    /// Eight hex digits; the 4-digit prefix is hashed from them.
    #[salt(mod = 10000, pad = 4)]
    pub id: [u8; 8],
}

/// A row of index `a` over `(q1, q2)`: `0000-a-0102-0000|63af51b2`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 25)]
pub struct IndexA {
    /// The first bucket of the main row's region: its start key, `0000`..`9900`.
    #[pad(4)]
    pub region: u16,
    #[tag(b"-a-")]
    pub index: (),
    #[pad(2)]
    pub q1: u8,
    #[pad(2)]
    pub q2: u8,
    #[tag(b"-")]
    pub sep: (),
    pub main: MainKey,
}

/// Either kind of row, for scans that cross both areas of a region.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub enum Row {
    Index(IndexA),
    Main(MainKey),
}

/// Regions of the table.
pub const REGIONS: u32 = 100;

/// The settings of a run.
pub struct Config {
    pub rows: u32,
    /// `q1`, `q2`, `q3` take values `0..values`.
    pub values: u8,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rows: 100_000,
            values: 20,
        }
    }
}

/// What the query found, and the co-location check.
#[derive(Debug)]
pub struct Summary {
    pub rows: usize,
    /// Index scans issued (one per region) and main rows found.
    pub scans: usize,
    pub found: Vec<String>,
    pub expected: Vec<String>,
    /// Index rows whose main row sits in another region (must be 0), over every index row.
    pub misplaced: usize,
    pub index_rows: usize,
    /// Whether, in every region, all index rows come before all main rows.
    pub index_first: bool,
}

fn id_of(n: u32) -> [u8; 8] {
    let mut id = [0; 8];
    id.copy_from_slice(format!("{:08x}", n.wrapping_mul(0x9E37_79B1)).as_bytes());
    id
}

fn text(b: &[u8]) -> String {
    rowkey::text::StringBinary(b).to_string()
}

/// The start key of every region: bucket 0's prefix, then the split points.
fn region_starts() -> Vec<SplitPoint> {
    MainKey::SALT.region_starts(REGIONS).collect()
}

/// The index row of a main row.
fn index_row(main: MainKey, q1: u8, q2: u8) -> Result<IndexA> {
    let bucket = MainKey::SALT.read(&main.encode()?)?;
    // The region's first bucket fits u16: there are 10,000 buckets.
    let region = MainKey::SALT.region_start_bucket(bucket, REGIONS) as u16;
    Ok(IndexA {
        region,
        index: (),
        q1,
        q2,
        sep: (),
        main,
    })
}

/// Loads the rows with their index rows, answers `q1 = 01 and q2 = 02`, and checks co-location.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let table = store.table("sample")?;
    writeln!(out, "{}\n{}", MainKey::LAYOUT, IndexA::LAYOUT)?;
    let starts = region_starts();
    writeln!(
        out,
        "{} regions starting at {}, {}, {} ... {}",
        starts.len(),
        text(starts[0].as_bytes()),
        text(starts[1].as_bytes()),
        text(starts[2].as_bytes()),
        text(starts[starts.len() - 1].as_bytes())
    )?;

    let mut rng = SmallRng::seed_from_u64(3);
    let mut expected = Vec::new();
    let mut rows = 0;
    let mut example = None;
    for chunk in (0..cfg.rows).collect::<Vec<_>>().chunks(10_000) {
        let mut batch = store.db.batch();
        for &n in chunk {
            let main = MainKey {
                sep: (),
                id: id_of(n),
            };
            let q: [u8; 3] = std::array::from_fn(|_| rng.random_range(0..cfg.values));
            let key = main.encode()?;
            batch.insert(&table, key, format!("{:02}{:02}{:02}", q[0], q[1], q[2]));
            let index = index_row(main, q[0], q[1])?.encode()?;
            batch.insert(&table, index, []);
            if (q[0], q[1]) == (1, 2) {
                expected.push(text(&key));
                example.get_or_insert((index, key));
            }
            rows += 2;
        }
        batch.commit()?;
    }
    writeln!(out, "loaded {} main rows and as many index rows", cfg.rows)?;
    if let Some((index, key)) = example {
        writeln!(
            out,
            "  e.g. index row {} -> main row {}",
            text(&index),
            text(&key)
        )?;
    }

    // q1 = 01 and q2 = 02: per region, one index scan and local gets.
    writeln!(out, "\nq1 = 01 and q2 = 02:")?;
    let (mut found, mut shown) = (Vec::new(), 0);
    for (r, start) in starts.iter().enumerate() {
        let region = MainKey::SALT.read(start.as_bytes())? as u16;
        let range = IndexA::prefix_for_region_index_q1_q2(region, 1, 2)?;
        let before = found.len();
        for key in scan_keys(&table, &range) {
            let index = IndexA::decode(&key?)?;
            let main_key = index.main.encode()?;
            let value = table
                .get(main_key)?
                .ok_or("an index row without its main row")?;
            debug_assert_eq!(&value[..4], b"0102");
            found.push(text(&main_key));
        }
        // The article's region 0, and the first two regions with answers.
        if r == 0 || (found.len() > before && shown < 2) {
            shown += usize::from(found.len() > before);
            writeln!(out, "  region {r:>2}: scan {range}: {:?}", &found[before..])?;
        }
    }
    writeln!(
        out,
        "  ... {} regions, {} index scans, {} rows found",
        starts.len(),
        starts.len(),
        found.len()
    )?;

    // Co-location: scan each region and check where every index row's main row lives.
    let (mut misplaced, mut index_rows, mut index_first) = (0, 0, true);
    for (r, start) in starts.iter().enumerate() {
        let end = starts.get(r + 1).map(|s| s.as_bytes());
        let mut seen_main = false;
        for row in scan(&table, &KeyRange::<64>::new(start.as_bytes(), end)?) {
            match Row::decode(&row?.0)? {
                Row::Index(ix) => {
                    index_rows += 1;
                    index_first &= !seen_main;
                    let bucket = MainKey::SALT.read(&ix.main.encode()?)?;
                    misplaced +=
                        usize::from(MainKey::SALT.region_of(bucket, REGIONS) as usize != r);
                }
                Row::Main(_) => seen_main = true,
            }
        }
    }
    writeln!(
        out,
        "co-location: {index_rows} index rows, {misplaced} outside their main row's region; \
         index rows {} each region's main rows",
        if index_first {
            "precede"
        } else {
            "DO NOT precede"
        }
    )?;

    found.sort();
    expected.sort();
    Ok(Summary {
        rows,
        scans: starts.len(),
        found,
        expected,
        misplaced,
        index_rows,
        index_first,
    })
}

fn main() -> Result<()> {
    run(&Config::default(), &mut std::io::stdout())?;
    Ok(())
}
