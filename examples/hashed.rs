//! Fixed-width keys for long names, seed 002: when host names and event types
//! are long and of any length, the article makes the key fixed-width either by
//! hashing, `[MD5(host)][MD5(event)][timestamp]` = 16 + 16 + 8 = 40 bytes, or by
//! substituting numbers, `[host id][event id][timestamp]` = 8 + 8 + 8 = 24
//! bytes, with the ids handed out by a counter (HBase's `incrementColumnValue`)
//! and kept in a dictionary table.
//!
//! Both answer "events of this host and type in a time window" with one range
//! scan. MD5 needs no dictionary but cannot be read back (the value has to
//! carry the names) and only supports equality on the hashed fields; the ids
//! are shorter and decode back through the dictionary.
//!
//! Run: `cargo run --example hashed`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::io::Write;

use common::{scan, Result, Store};
use fjall::Keyspace;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::{Md5, RowKey};

/// `[MD5(host)][MD5(event)][timestamp]`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 40)]
pub struct HashedKey {
    pub host: Md5,
    pub event: Md5,
    pub ts: u64,
}

/// `[host id][event id][timestamp]`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 24)]
pub struct NumericKey {
    pub host_id: u64,
    pub event_id: u64,
    pub ts: u64,
}

/// The numeric substitutes: names to ids from a counter, stored both ways in a dictionary table.
pub struct Dictionary {
    table: Keyspace,
    ids: [HashMap<String, u64>; 2],
    next: [u64; 2],
}

impl Dictionary {
    pub const HOST: u8 = 0;
    pub const EVENT: u8 = 1;

    /// The id of `name` of `kind`, allocating the next one (and writing both
    /// directions of the mapping into `batch`) for a new name.
    pub fn id(&mut self, batch: &mut fjall::OwnedWriteBatch, kind: u8, name: &str) -> u64 {
        if let Some(&id) = self.ids[kind as usize].get(name) {
            return id;
        }
        self.next[kind as usize] += 1;
        let id = self.next[kind as usize];
        let mut by_name = vec![b'n', kind];
        by_name.extend_from_slice(name.as_bytes());
        let mut by_id = vec![b'i', kind];
        by_id.extend_from_slice(&id.to_be_bytes());
        batch.insert(&self.table, by_name, id.to_be_bytes());
        batch.insert(&self.table, by_id, name);
        self.ids[kind as usize].insert(name.to_owned(), id);
        id
    }

    /// The id of a known name.
    pub fn lookup(&self, kind: u8, name: &str) -> Option<u64> {
        self.ids[kind as usize].get(name).copied()
    }

    /// The name of `id`, read back from the dictionary table.
    pub fn name(&self, kind: u8, id: u64) -> Result<String> {
        let mut by_id = vec![b'i', kind];
        by_id.extend_from_slice(&id.to_be_bytes());
        let v = self.table.get(by_id)?.ok_or("unknown id")?;
        Ok(String::from_utf8(v.to_vec())?)
    }
}

/// The settings of a run.
pub struct Config {
    pub events: usize,
    pub hosts: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            events: 100_000,
            hosts: 60,
        }
    }
}

/// What the example found.
#[derive(Debug)]
pub struct Summary {
    pub events: usize,
    /// Distinct hosts and event types in the dictionary.
    pub dictionary: (u64, u64),
    /// Timestamps found by the hashed and the numeric layout, and by brute force.
    pub hashed: Vec<u64>,
    pub numeric: Vec<u64>,
    pub expected: Vec<u64>,
    /// Rows of the host of any type (an equality prefix on the hash), and expected.
    pub host_rows: usize,
    pub host_expected: usize,
}

/// Long, varied event types.
pub const EVENT_TYPES: [&str; 12] = [
    "com.example.payments.SettlementTimeoutException",
    "com.example.payments.SettlementCompleted",
    "com.example.auth.LoginSucceeded",
    "com.example.auth.LoginFailed",
    "com.example.auth.TokenRefreshed",
    "com.example.http.RequestServed",
    "com.example.http.UpstreamUnavailable",
    "com.example.cache.EvictionStorm",
    "com.example.jvm.GcPauseExceeded",
    "com.example.deploy.RolloutStarted",
    "com.example.deploy.RolloutFinished",
    "com.example.storage.DiskAlmostFull",
];

fn host_name(i: usize) -> String {
    format!(
        "ip-10-{}-{}-{}.eu-west-1.compute.internal",
        i % 4,
        i / 4 % 16,
        10 + i * 7 % 240
    )
}

/// Loads both layouts and runs the query.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let hashed_t = store.table("log_md5")?;
    let numeric_t = store.table("log_ids")?;
    let mut dict = Dictionary {
        table: store.table("dictionary")?,
        ids: [HashMap::new(), HashMap::new()],
        next: [0; 2],
    };
    writeln!(out, "{}\n{}", HashedKey::LAYOUT, NumericKey::LAYOUT)?;

    let hosts: Vec<String> = (0..cfg.hosts).map(host_name).collect();
    let mut rng = SmallRng::seed_from_u64(3);
    let start = 1_709_251_200_000u64;
    let mut ts = start;
    // (ts, host, event), every timestamp distinct.
    let mut events = Vec::with_capacity(cfg.events);
    for _ in 0..cfg.events {
        ts += rng.random_range(1..=1_000);
        events.push((
            ts,
            rng.random_range(0..cfg.hosts),
            rng.random_range(0..EVENT_TYPES.len()),
        ));
    }

    let mut name_bytes = 0;
    for chunk in events.chunks(10_000) {
        let mut batch = store.db.batch();
        for &(ts, h, e) in chunk {
            let (host, event) = (hosts[h].as_str(), EVENT_TYPES[e]);
            name_bytes += host.len() + event.len() + 8;
            // MD5 cannot be reversed: the value keeps the names.
            let key = HashedKey {
                host: Md5::of(host),
                event: Md5::of(event),
                ts,
            };
            batch.insert(&hashed_t, key.encode()?, format!("{host}\t{event}"));
            let key = NumericKey {
                host_id: dict.id(&mut batch, Dictionary::HOST, host),
                event_id: dict.id(&mut batch, Dictionary::EVENT, event),
                ts,
            };
            batch.insert(&numeric_t, key.encode()?, []);
        }
        batch.commit()?;
    }
    writeln!(
        out,
        "loaded {} events: raw host + event + timestamp would average {:.0} bytes a key and vary; \
         hashed keys are {} bytes, numeric {} bytes ({} hosts, {} event types in the dictionary)",
        events.len(),
        name_bytes as f64 / events.len() as f64,
        HashedKey::WIDTH,
        NumericKey::WIDTH,
        dict.next[0],
        dict.next[1]
    )?;

    // The query: one host, one event type, four hours from the middle.
    let (h, e) = (7, 3);
    let (host, event) = (hosts[h].as_str(), EVENT_TYPES[e]);
    let window = start + (ts - start) / 2..start + (ts - start) / 2 + 4 * 3_600_000;
    writeln!(out, "\n{host} / {event}, four hours:")?;

    let range = HashedKey::range_for_host_event_ts(Md5::of(host), Md5::of(event), window.clone())?;
    writeln!(out, "  md5: scan {range}")?;
    let mut hashed = Vec::new();
    for row in scan(&hashed_t, &range) {
        let (k, v) = row?;
        let key = HashedKey::decode(&k)?;
        // The names come from the value; the key only proves they hash alike.
        let v = std::str::from_utf8(&v)?;
        if hashed.is_empty() {
            writeln!(
                out,
                "    first: host {} event {} ts {} value {v:?}",
                key.host, key.event, key.ts
            )?;
        }
        hashed.push(key.ts);
    }

    let (host_id, event_id) = (
        dict.lookup(Dictionary::HOST, host).ok_or("unknown host")?,
        dict.lookup(Dictionary::EVENT, event)
            .ok_or("unknown event")?,
    );
    let range = NumericKey::range_for_host_id_event_id_ts(host_id, event_id, window.clone())?;
    writeln!(
        out,
        "  ids (host {host_id}, event {event_id}): scan {range}"
    )?;
    let mut numeric = Vec::new();
    for row in scan(&numeric_t, &range) {
        let key = NumericKey::decode(&row?.0)?;
        if numeric.is_empty() {
            writeln!(
                out,
                "    first: {} / {} at {} (names from the dictionary)",
                dict.name(Dictionary::HOST, key.host_id)?,
                dict.name(Dictionary::EVENT, key.event_id)?,
                key.ts
            )?;
        }
        numeric.push(key.ts);
    }
    writeln!(out, "  {} events either way", hashed.len())?;

    // Every event type of the host: an equality prefix on the first hash.
    let range = HashedKey::prefix_for_host(Md5::of(host))?;
    let host_rows = scan(&hashed_t, &range).count();
    writeln!(
        out,
        "\nall of {host}: one prefix scan {range}: {host_rows} events"
    )?;

    let expected = events
        .iter()
        .filter(|x| x.1 == h && x.2 == e && window.contains(&x.0))
        .map(|x| x.0)
        .collect();
    Ok(Summary {
        events: events.len(),
        dictionary: (dict.next[0], dict.next[1]),
        hashed,
        numeric,
        expected,
        host_rows,
        host_expected: events.iter().filter(|x| x.1 == h).count(),
    })
}

fn main() -> Result<()> {
    run(&Config::default(), &mut std::io::stdout())?;
    Ok(())
}
