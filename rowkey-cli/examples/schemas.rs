//! Writes the schemas of the design articles' keys, as `T::LAYOUT.to_json()`
//! gives them, into a directory (default `docs/schemas`): what the `rowkey`
//! command line reads.
//!
//! `cargo run -p rowkey-cli --example schemas -- docs/schemas`

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
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/schemas".into());
    std::fs::create_dir_all(&dir)?;
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
