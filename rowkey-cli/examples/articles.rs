//! The design articles' keys for the `rowkey` command line: their schemas,
//! as `T::LAYOUT.to_json()` gives them, and streams of log keys to spread.
//!
//! `cargo run -p rowkey-cli --example articles -- schemas docs/schemas`
//! writes one JSON file per key; `.. -- keys sequential 100000` (or
//! `salted`) prints one log key per millisecond, as hex, in arrival order.

// The keys are only described here, never built.
#![allow(dead_code)]

use rowkey::RowKey;

/// Seed 000/004: the file index, `[userID pad 6][createTime pad 8][fileID pad 6]`.
#[derive(RowKey)]
#[rowkey(width = 20)]
pub struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

/// Seed 002: log events by time, unsalted: every write lands after the last.
#[derive(RowKey)]
pub struct LogEvent {
    ts: u64,
    host: u32,
    event: u16,
}

/// Seed 002: the same, salted over 100 buckets.
#[derive(RowKey)]
pub struct SaltedLogEvent {
    #[salt(mod = 100)]
    ts: u64,
    host: u32,
    event: u16,
}

/// Seed 002: one table, two record types.
#[derive(RowKey)]
pub struct CustomerKey {
    customer: u64,
    #[tag(1)]
    kind: (),
}

/// An order row of the same table.
#[derive(RowKey)]
pub struct OrderKey {
    customer: u64,
    #[tag(2)]
    kind: (),
    order: u64,
}

/// Either record type.
#[derive(RowKey)]
pub enum Row {
    Customer(CustomerKey),
    Order(OrderKey),
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["schemas", dir] => schemas(dir),
        ["keys", kind @ ("sequential" | "salted"), n] => {
            let n: u64 = n.parse().map_err(std::io::Error::other)?;
            keys(kind == "salted", n)
        }
        _ => Err(std::io::Error::other(
            "usage: articles schemas DIR | articles keys sequential|salted N",
        )),
    }
}

fn schemas(dir: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, json) in [
        ("file_key", FileKey::LAYOUT.to_json()),
        ("log_event", LogEvent::LAYOUT.to_json()),
        ("salted_log_event", SaltedLogEvent::LAYOUT.to_json()),
        ("row", Row::KEY_TYPES.to_json()),
    ] {
        std::fs::write(format!("{dir}/{name}.json"), json)?;
    }
    println!("schemas written to {dir}");
    Ok(())
}

/// One event per millisecond from 2023-11-14, host 1..=4 in turn.
fn keys(salted: bool, n: u64) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in 0..n {
        let (ts, host, event) = (1_700_000_000_000 + i, (i % 4) as u32 + 1, 7);
        let key = if salted {
            SaltedLogEvent { ts, host, event }
                .encode()
                .map(|k| k.to_vec())
        } else {
            LogEvent { ts, host, event }.encode().map(|k| k.to_vec())
        }
        .map_err(std::io::Error::other)?;
        let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
        writeln!(out, "0x{hex}")?;
    }
    out.flush()
}
