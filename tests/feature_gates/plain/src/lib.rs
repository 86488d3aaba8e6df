//! A key as most users write it, with rowkey's default features: the derive,
//! its scan helpers, decoding by layout and merged scans compile. Checked,
//! not run: what it computes is tested with every feature on.

use std::collections::BTreeMap;
use std::error::Error;

use rowkey::{dynamic, RowKey};

/// A salted key with a text field.
#[derive(RowKey, Debug, PartialEq)]
pub struct FileKey {
    #[salt(mod = 4)]
    #[pad(6)]
    pub user_id: u32,
    #[fixed(8)]
    pub site: String,
    pub ts: u64,
}

/// The users of a range of user ids, across every bucket, in user order.
pub fn users(table: &BTreeMap<Vec<u8>, ()>) -> Result<Vec<u32>, Box<dyn Error>> {
    let rows = FileKey::range_for_user_id(1..9)?.merge(|r| table.range::<[u8], _>(r.bounds()));
    let mut users = Vec::new();
    for (key, ()) in rows {
        users.push(FileKey::decode(key)?.user_id);
    }
    Ok(users)
}

/// How many fields a key has, read by its layout alone as tools without
/// the type read it.
pub fn field_count(key: &[u8]) -> Result<usize, Box<dyn Error>> {
    Ok(dynamic::decode(&FileKey::LAYOUT, key)?.len())
}
