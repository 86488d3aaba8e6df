//! A mapping (index) table for a sparse column, seed 001.
//!
//! The main table `BigMsg` is keyed by user and insert time. Column `b` is
//! sparse; "every message with `b = b0` in a time window" would filter the
//! whole table. So each message that has a `b` also gets a row in a mapping
//! table keyed `b + insertTime + id` (the id keeps two messages of one
//! millisecond apart) whose value is the main row key. The query scans the
//! mapping table page by page (100 rows a page, the next page starting right
//! after the last key: `KeyRange::after`, HBase's `lastRow + 0x00`), and reads
//! each page's main rows with one batched multi-get from a snapshot.
//!
//! The insert time is `#[reverse]`: the article scans from `(b, end)` to
//! `(b, start)`, newest first; the range helper takes the window as written.
//!
//! Run: `cargo run --example secondary_index`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::io::Write;

use common::{scan, Result, Store};
use fjall::{Readable, Slice};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::RowKey;

/// The main table's key: a user's messages in time order.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 20)]
pub struct MsgKey {
    pub user_id: u32,
    pub insert_time: u64,
    pub id: u64,
}

/// The mapping table's key: `b + insertTime + id`, newest first within a `b`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 24)]
pub struct BIndexKey {
    pub b: u64,
    #[reverse]
    pub insert_time: u64,
    pub id: u64,
}

/// A message: the main table's value is `b` (0 = absent) and `c`.
#[derive(Debug, Clone, PartialEq)]
pub struct BigMsg {
    pub id: u64,
    pub user_id: u32,
    pub insert_time: u64,
    pub b: Option<u64>,
    pub c: String,
}

impl BigMsg {
    fn key(&self) -> MsgKey {
        MsgKey {
            user_id: self.user_id,
            insert_time: self.insert_time,
            id: self.id,
        }
    }

    fn value(&self) -> Vec<u8> {
        let mut v = self.b.unwrap_or(0).to_be_bytes().to_vec();
        v.extend_from_slice(self.c.as_bytes());
        v
    }

    fn from_row(key: &[u8], value: &[u8]) -> Result<Self> {
        let k = MsgKey::decode(key)?;
        let (b, c) = value.split_at_checked(8).ok_or("short value")?;
        let b = u64::from_be_bytes(b.try_into()?);
        Ok(BigMsg {
            id: k.id,
            user_id: k.user_id,
            insert_time: k.insert_time,
            b: (b != 0).then_some(b),
            c: String::from_utf8(c.to_vec())?,
        })
    }
}

/// The settings of a run.
pub struct Config {
    /// Messages in the main table.
    pub messages: usize,
    /// One message in this many has `b`; of those, one in four has `b = b0`.
    pub sparsity: usize,
    /// Rows per page.
    pub page: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            messages: 200_000,
            sparsity: 50,
            page: 100,
        }
    }
}

/// What the query did.
#[derive(Debug)]
pub struct Summary {
    pub messages: usize,
    pub index_rows: usize,
    /// Rows per page, in order.
    pub pages: Vec<usize>,
    /// Message ids found, newest first.
    pub found: Vec<u64>,
    /// The same, by brute force over the generated messages.
    pub expected: Vec<u64>,
    /// Whether every fetched main row has `b = b0` and lies in the window.
    pub rows_match: bool,
}

pub const B0: u64 = 123;
/// 2024-03-01T00:00:00Z in milliseconds.
const T0: u64 = 1_709_251_200_000;

fn generate(cfg: &Config) -> Vec<BigMsg> {
    let mut rng = SmallRng::seed_from_u64(1);
    (0..cfg.messages as u64)
        .map(|id| {
            let has_b = rng.random_range(0..cfg.sparsity) == 0;
            BigMsg {
                id,
                user_id: rng.random_range(1..1_000),
                // about a week
                insert_time: T0 + id * 3_000 + rng.random_range(0..3_000),
                b: has_b.then(|| {
                    if rng.random_range(0..4) == 0 {
                        B0
                    } else {
                        rng.random_range(1..1_000)
                    }
                }),
                c: format!("message {id}"),
            }
        })
        .collect()
}

/// Loads the messages and the mapping rows, then pages through `b = B0` in the window.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let main_t = store.table("big_msg")?;
    let index_t = store.table("big_msg_by_b")?;
    writeln!(out, "{}\n{}", MsgKey::LAYOUT, BIndexKey::LAYOUT)?;

    let msgs = generate(cfg);
    let mut index_rows = 0;
    for chunk in msgs.chunks(10_000) {
        let mut batch = store.db.batch();
        for m in chunk {
            let key = m.key().encode()?;
            batch.insert(&main_t, key, m.value());
            // saveMapInfo: the mapping row's value is the main row key.
            if let Some(b) = m.b {
                batch.insert(
                    &index_t,
                    BIndexKey {
                        b,
                        insert_time: m.insert_time,
                        id: m.id,
                    }
                    .encode()?,
                    key,
                );
                index_rows += 1;
            }
        }
        batch.commit()?;
    }
    writeln!(
        out,
        "loaded {} messages, {index_rows} of them with a b (mapping rows)",
        msgs.len()
    )?;

    // getDetailMsgs(b0) over the middle of the week.
    let span = msgs.last().ok_or("no messages")?.insert_time - T0;
    let window = T0 + span / 4..T0 + span / 2;
    let full = BIndexKey::range_for_b_insert_time(B0, window.clone())?;
    writeln!(
        out,
        "\nb = {B0}, insert time in [{}, {}): scan {full}",
        window.start, window.end
    )?;
    let (mut pages, mut found, mut rows_match) = (Vec::new(), Vec::new(), true);
    // The pager holds the resume point: each page starts right after the last key of the
    // one before (`lastRow + 0x00`).
    for page in full.pages(cfg.page).over(|range| scan(&index_t, range)) {
        let main_keys: Vec<Slice> = page?
            .into_iter()
            .map(|row| Ok(row?.1))
            .collect::<Result<_>>()?;
        // multiGet: the page's main rows, read from one snapshot.
        let snapshot = store.db.snapshot();
        let mut rows = Vec::with_capacity(main_keys.len());
        for key in &main_keys {
            let value = snapshot
                .get(&main_t, key)?
                .ok_or("a mapping row without its main row")?;
            let msg = BigMsg::from_row(key, &value)?;
            rows_match &= msg.b == Some(B0) && window.contains(&msg.insert_time);
            found.push(msg.id);
            rows.push(msg);
        }
        if pages.len() < 3 {
            writeln!(
                out,
                "  page {}: {} rows, the newest {:?}",
                pages.len() + 1,
                rows.len(),
                rows[0]
            )?;
        }
        pages.push(rows.len());
    }
    writeln!(
        out,
        "  ... {} pages, {} messages: {:?}",
        pages.len(),
        found.len(),
        pages
    )?;

    let mut expected: Vec<&BigMsg> = msgs
        .iter()
        .filter(|m| m.b == Some(B0) && window.contains(&m.insert_time))
        .collect();
    expected.sort_by_key(|m| std::cmp::Reverse((m.insert_time, std::cmp::Reverse(m.id))));
    Ok(Summary {
        messages: msgs.len(),
        index_rows,
        pages,
        found,
        expected: expected.iter().map(|m| m.id).collect(),
        rows_match,
    })
}

fn main() -> Result<()> {
    run(&Config::default(), &mut std::io::stdout())?;
    Ok(())
}
