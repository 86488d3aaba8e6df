//! Keys several suites share, defined once: the design articles' file and
//! log keys (seeds 000 and 002), seed 002's customer and order rows in one
//! table, and two members of the same layout. Each suite includes this file
//! with `#[path]` and uses the keys it needs.

// A suite uses some of these keys, not all.
#![allow(dead_code)]

use std::borrow::Cow;

use rowkey::RowKey;

/// Seed 000's (and 004's) file table: `[userID pad 6][createTime pad 8][fileID pad 6]`.
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
