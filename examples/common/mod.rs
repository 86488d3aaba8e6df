//! What every example shares: a fjall database in a temporary directory and
//! "scan a `KeyRange`". Included by each example with `#[path]`, so it is not
//! an example of its own.

use std::error::Error;

use fjall::{Database, Keyspace, KeyspaceCreateOptions, Slice};
use rowkey::{KeyRangeOf, RangeBytes};

/// What the examples return errors as.
pub type Result<T> = std::result::Result<T, Box<dyn Error + Send + Sync>>;

/// A fjall database that lives in a temporary directory, deleted on drop.
pub struct Store {
    // Field order matters: the database closes before its directory goes.
    pub db: Database,
    _dir: tempfile::TempDir,
}

impl Store {
    /// Opens an empty database in a new temporary directory.
    pub fn open() -> Result<Self> {
        let dir = tempfile::tempdir()?;
        let db = Database::builder(dir.path()).open()?;
        Ok(Store { db, _dir: dir })
    }

    /// The keyspace (fjall's column family; an HBase table here) of `name`, created if new.
    pub fn table(&self, name: &str) -> Result<Keyspace> {
        Ok(self.db.keyspace(name, KeyspaceCreateOptions::default)?)
    }
}

/// Every `(key, value)` of `table` inside `range`, in key order.
pub fn scan<B: RangeBytes>(
    table: &Keyspace,
    range: &KeyRangeOf<B>,
) -> impl Iterator<Item = Result<(Slice, Slice)>> {
    table
        .range::<&[u8], _>(range.bounds())
        .map(|guard| guard.into_inner().map_err(Into::into))
}

/// Every key of `table` inside `range`, in key order, without reading values.
pub fn scan_keys<B: RangeBytes>(
    table: &Keyspace,
    range: &KeyRangeOf<B>,
) -> impl Iterator<Item = Result<Slice>> {
    table
        .range::<&[u8], _>(range.bounds())
        .map(|guard| guard.key().map_err(Into::into))
}
