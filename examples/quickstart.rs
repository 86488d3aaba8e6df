//! The multi-condition file table of seed 000 (and 004): `userID(6) +
//! createTime(8) + fileID(6)`, 20 zero-padded ASCII bytes.
//!
//! `find(20120901, 20120914, "中国好声音", "综艺", user 1)` is one range scan
//! over `user 1, 20120901..=20120914` (the key does the user and the dates)
//! plus two value filters (name and category prefixes): files 1, 2, 3, 4, 5, 7.
//! The article's stop row `00000120120914` is exclusive and would miss file 7,
//! created on the 14th; the generated helper takes an inclusive range.
//!
//! Run: `cargo run --example quickstart`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::io::Write;

use common::{scan, Result, Store};
use rowkey::RowKey;

/// The row key: user, creation date, file id; 20 ASCII digits.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 20)]
pub struct FileKey {
    #[pad(6)]
    pub user_id: u32,
    #[pad(8)]
    pub create_date: u32,
    #[pad(6)]
    pub file_id: u64,
}

/// The article's ten files: id, created, name, category, user.
pub const FILES: [(u64, u32, &str, &str, u32); 10] = [
    (1, 20120902, "中国好声音第1期", "综艺", 1),
    (2, 20120904, "中国好声音第2期", "综艺", 1),
    (3, 20120906, "中国好声音外卡赛", "综艺", 1),
    (4, 20120908, "中国好声音第3期", "综艺", 1),
    (5, 20120910, "中国好声音第4期", "综艺", 1),
    (6, 20120912, "中国好声音选手采访", "综艺花絮", 2),
    (7, 20120914, "中国好声音第5期", "综艺", 1),
    (8, 20120916, "中国好声音录制花絮", "综艺花絮", 2),
    (9, 20120918, "张玮独家专访", "花絮", 3),
    (10, 20120920, "加多宝凉茶广告", "综艺广告", 4),
];

/// What the example found.
#[derive(Debug)]
pub struct Summary {
    /// Rows in the table.
    pub stored: usize,
    /// Rows the range scan read.
    pub scanned: usize,
    /// File ids that passed the value filters, in key order.
    pub found: Vec<u64>,
}

/// The value column: `name \t category`.
fn value(name: &str, category: &str) -> String {
    format!("{name}\t{category}")
}

/// `find(from, to, name, category, user)`: one scan over the user's dates,
/// then the name and category prefix filters (the article's four
/// `SingleColumnValueFilter`s). Returns the files found and the rows scanned.
pub fn find(
    table: &fjall::Keyspace,
    dates: std::ops::RangeInclusive<u32>,
    name: &str,
    category: &str,
    user: u32,
    out: &mut dyn Write,
) -> Result<(Vec<FileKey>, usize)> {
    let range = FileKey::range_for_user_id_create_date(user, dates)?;
    writeln!(out, "scan {range}")?;
    let (mut found, mut scanned) = (Vec::new(), 0);
    for row in scan(table, &range) {
        let (k, v) = row?;
        scanned += 1;
        let v = std::str::from_utf8(&v)?;
        let (n, c) = v.split_once('\t').ok_or("value without a tab")?;
        if n.starts_with(name) && c.starts_with(category) {
            found.push(FileKey::decode(&k)?);
        }
    }
    Ok((found, scanned))
}

/// Loads the ten files, prints the layout and the stored keys, and answers the article's query.
pub fn run(out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let files = store.table("files")?;

    writeln!(out, "{}", FileKey::LAYOUT)?;

    let mut batch = store.db.batch();
    for (id, date, name, category, user) in FILES {
        let key = FileKey {
            user_id: user,
            create_date: date,
            file_id: id,
        }
        .encode()?;
        batch.insert(&files, key, value(name, category));
    }
    batch.commit()?;

    writeln!(out, "stored, in key order (key, decoded, value):")?;
    let mut stored = 0;
    for row in scan(&files, &rowkey::KeyRange::<64>::all()) {
        let (k, v) = row?;
        let key = FileKey::decode(&k)?;
        let v = std::str::from_utf8(&v)?.replace('\t', " / ");
        writeln!(out, "  {}  {key:?}  {v}", std::str::from_utf8(&k)?)?;
        stored += 1;
    }

    writeln!(
        out,
        "\nfind(20120901..=20120914, \"中国好声音\", \"综艺\", user 1):"
    )?;
    let (found, scanned) = find(&files, 20120901..=20120914, "中国好声音", "综艺", 1, out)?;
    let ids: Vec<u64> = found.iter().map(|k| k.file_id).collect();
    writeln!(
        out,
        "{scanned} rows scanned, {} matched: files {ids:?}",
        found.len()
    )?;
    Ok(Summary {
        stored,
        scanned,
        found: ids,
    })
}

fn main() -> Result<()> {
    run(&mut std::io::stdout())?;
    Ok(())
}
