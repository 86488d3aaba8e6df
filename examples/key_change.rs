//! Changing a key safely, on the articles' file table: user ids outgrow
//! their six digits, so the key's `user_id` becomes `#[pad(8)]`.
//!
//! 1. The table holds files under the first key, and the repository holds
//!    its schema file, `schemas/file_key.json`, which a test checks.
//! 2. In review, the check fails: the change is breaking, and the report
//!    shows a stored key the new layout no longer finds.
//! 3. The author keeps the first key (as `v1::FileKey`) and writes the
//!    migration with `rowkey::migrate`.
//! 4. The table is rewritten in one batch: each new key written, each old
//!    key deleted; the article's query finds the same files.
//! 5. The change is accepted (`ROWKEY_UPDATE_SCHEMAS=breaking`): the check passes.
//!
//! Run: `cargo run --example key_change`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::io::Write;
use std::path::Path;

use common::{scan, Result, Store};
use rowkey::compat::Level;
use rowkey::schema::{self, Schema, Snapshot, SnapshotEnv, SnapshotError, Update};
use rowkey::{KeyRange, RowKey};

/// The key as first deployed: six digits of user id.
pub mod v1 {
    use rowkey::RowKey;

    /// `userID(6) + createTime(8) + fileID(6)`, 20 ASCII digits.
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
}

/// The key now: eight digits of user id.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 22)]
pub struct FileKey {
    #[pad(8)]
    pub user_id: u32,
    #[pad(8)]
    pub create_date: u32,
    #[pad(6)]
    pub file_id: u64,
}

/// Files of the articles' table: id, created, user.
pub const FILES: [(u64, u32, u32); 10] = [
    (1, 20120902, 1),
    (2, 20120904, 1),
    (3, 20120906, 1),
    (4, 20120908, 1),
    (5, 20120910, 1),
    (6, 20120912, 2),
    (7, 20120914, 1),
    (8, 20120916, 2),
    (9, 20120918, 3),
    (10, 20120920, 4),
];

/// What the example saw.
#[derive(Debug)]
pub struct Summary {
    /// The review's report, as the failing check printed it.
    pub review: String,
    /// Its verdict.
    pub verdict: Level,
    /// Keys rewritten.
    pub migrated: usize,
    /// Keys of the first layout left in the table after the rewrite.
    pub old_keys_left: usize,
    /// User 1's files of 20120901..=20120914, before and after.
    pub found_before: Vec<u64>,
    pub found_after: Vec<u64>,
    /// Whether the rewrite kept the keys' order.
    pub order_kept: bool,
    /// The check after the change was accepted.
    pub after_accepting: Snapshot,
}

/// The test that guards the key, as it runs in review (`CI` set) or when
/// the author accepts the change.
fn check(path: &Path, env: SnapshotEnv) -> std::result::Result<Snapshot, SnapshotError> {
    schema::snapshot(Schema::Key(&FileKey::LAYOUT), path, env)
}

/// User 1's files of 20120901..=20120914, by `range` over the table.
fn files_of_user_1<B: rowkey::RangeBytes>(
    table: &fjall::Keyspace,
    range: &rowkey::KeyRangeOf<B>,
    file_id: impl Fn(&[u8]) -> Result<u64>,
) -> Result<Vec<u64>> {
    scan(table, range).map(|row| file_id(&row?.0)).collect()
}

/// Loads the table under the first key, fails the review, migrates, accepts.
pub fn run(out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let files = store.table("files")?;
    let repo = tempfile::tempdir()?;
    let path = repo.path().join("schemas/file_key.json");

    // 1. The first key: its rows, and its schema file in the repository.
    let mut batch = store.db.batch();
    for (file_id, create_date, user_id) in FILES {
        let key = v1::FileKey {
            user_id,
            create_date,
            file_id,
        }
        .encode()?;
        batch.insert(&files, key, format!("file {file_id}"));
    }
    batch.commit()?;
    let first = schema::snapshot(
        Schema::Key(&v1::FileKey::LAYOUT),
        &path,
        SnapshotEnv {
            ci: false,
            update: Update::No,
        },
    )?;
    writeln!(out, "schemas/file_key.json: {first:?}")?;
    let too_big = v1::FileKey {
        user_id: 12_345_678,
        create_date: 20120921,
        file_id: 11,
    }
    .encode();
    writeln!(
        out,
        "user 12345678 under the first key: {}",
        too_big.unwrap_err()
    )?;
    let before = v1::FileKey::range_for_user_id_create_date(1, 20120901..=20120914)?;
    let found_before = files_of_user_1(&files, &before, |k| Ok(v1::FileKey::decode(k)?.file_id))?;

    // 2. Review: the key changed; the check fails with the report.
    let checked = check(
        &path,
        SnapshotEnv {
            ci: true,
            update: Update::No,
        },
    );
    let verdict = match &checked {
        Err(SnapshotError::Changed { report, .. }) => report.verdict,
        other => return Err(format!("the review passed a breaking change: {other:?}").into()),
    };
    // As a test in the repository prints it: the path relative to the crate.
    let shown = format!("{}/", repo.path().display());
    let review = checked.unwrap_err().to_string().replace(&shown, "");
    writeln!(out, "\n$ cargo test   # in review, CI=true\n{review}\n")?;

    // 3. The migration: each old key decoded as the first key, mapped, encoded.
    let old: Vec<(fjall::Slice, fjall::Slice)> =
        scan(&files, &KeyRange::<64>::all()).collect::<Result<_>>()?;
    let new: Vec<[u8; 22]> =
        rowkey::migrate::<v1::FileKey, FileKey>(old.iter().map(|(k, _)| k), |k| FileKey {
            user_id: k.user_id,
            create_date: k.create_date,
            file_id: k.file_id,
        })
        .collect::<std::result::Result<_, _>>()?;
    let order_kept = rowkey::order_break(old.iter().map(|(k, _)| k).zip(&new)).is_none();

    // 4. The rewrite: every new key written and every old key deleted, in one batch.
    let mut batch = store.db.batch();
    for ((old_key, value), new_key) in old.iter().zip(&new) {
        batch.insert(&files, *new_key, value.clone());
        batch.remove(&files, old_key.clone());
    }
    let migrated = new.len();
    batch.commit()?;
    let all: Vec<(fjall::Slice, fjall::Slice)> =
        scan(&files, &KeyRange::<64>::all()).collect::<Result<_>>()?;
    let old_keys_left = all
        .iter()
        .filter(|(k, _)| v1::FileKey::decode(k).is_ok())
        .count();
    let after = FileKey::range_for_user_id_create_date(1, 20120901..=20120914)?;
    let found_after = files_of_user_1(&files, &after, |k| Ok(FileKey::decode(k)?.file_id))?;
    writeln!(
        out,
        "rewrote {migrated} keys (order kept: {order_kept}); {old_keys_left} old keys left; user 1's files of 0901..=0914: {found_before:?} before, {found_after:?} after"
    )?;
    let big = FileKey {
        user_id: 12_345_678,
        create_date: 20120921,
        file_id: 11,
    }
    .encode()?;
    files.insert(big, "file 11")?;

    // 5. Accepted, as `ROWKEY_UPDATE_SCHEMAS=breaking cargo test` does; then the check passes.
    let accepted = check(
        &path,
        SnapshotEnv {
            ci: false,
            update: Update::Breaking,
        },
    )?;
    writeln!(
        out,
        "accepted: {}",
        matches!(accepted, Snapshot::Updated(_))
    )?;
    let after_accepting = check(
        &path,
        SnapshotEnv {
            ci: true,
            update: Update::No,
        },
    )?;
    writeln!(out, "$ cargo test   # CI=true: {after_accepting:?}")?;
    Ok(Summary {
        review,
        verdict,
        migrated,
        old_keys_left,
        found_before,
        found_after,
        order_kept,
        after_accepting,
    })
}

fn main() -> Result<()> {
    run(&mut std::io::stdout())?;
    Ok(())
}
