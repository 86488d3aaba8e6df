//! Keys several suites share, defined once: the design articles' file key
//! and its ten files (seed 000), the log keys and the customer and order rows
//! of one table (seed 002), a salted event, two members of the same layout
//! and a small nested key. Each suite includes this file with `#[path]` and
//! uses what it needs.

// A suite uses some of these keys, not all.
#![allow(dead_code)]

use std::borrow::Cow;

use rowkey::RowKey;

/// Seed 000's (and 004's) file table: `[userID pad 6][createTime pad 8][fileID pad 6]`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 20, select)]
pub struct FileKey {
    #[pad(6)]
    pub user_id: u32,
    #[pad(8)]
    pub create_date: u32,
    #[pad(6)]
    pub file_id: u64,
}

/// Seed 000's ten files, the table `find()` searches: id, create date, name,
/// category, user.
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

/// Events salted over 16 buckets on the user, newest first.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct Event {
    #[salt(mod = 16)]
    pub user: u32,
    #[reverse]
    pub ts: u64,
}

/// Seed 002's log key with readable host and event names, newest first.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct HostEventKey<'a> {
    #[escaped]
    pub host: &'a str,
    #[escaped]
    pub event: &'a str,
    #[reverse]
    pub ts: u64,
}

/// [`HostEventKey`] over `Cow` fields: borrowed when decoded, owned when built.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct CowHostEvent<'a> {
    #[escaped]
    pub host: Cow<'a, str>,
    #[escaped]
    pub event: Cow<'a, [u8]>,
    #[reverse]
    pub ts: u64,
}

/// A trailing field: the path runs to the end of the key.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct PathKey<'a> {
    pub bucket: u16,
    pub path: &'a str,
}

/// Seed 002's customer row: `[customer][1]`.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct CustomerKey {
    pub customer: u64,
    #[tag(1)]
    pub kind: (),
}

/// Seed 002's order rows, after their customer's row: `[customer][2][order]`.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct OrderKey {
    pub customer: u64,
    #[tag(2)]
    pub kind: (),
    pub order: u64,
}

/// Seed 002's one table of two record types: the members differ in a tag
/// field at the same offset.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub enum Row {
    Customer(CustomerKey),
    Order(OrderKey),
}

/// With [`GroupKey`], two members of the same layout (issue 10): only
/// variant tags tell them apart.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct UserKey {
    pub user: u64,
}

/// See [`UserKey`].
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct GroupKey {
    pub group: u64,
}

/// A small nested key: a padded id and a flag.
#[derive(RowKey, Debug, Clone, PartialEq)]
pub struct Inner {
    #[pad(4)]
    pub id: u16,
    pub flag: bool,
}
