//! Migrating keys to a new layout: every old key becomes the new key its mapping names, bad
//! old keys and unencodable new keys are reported by position, and a monotone mapping keeps
//! the keys' relative order while one that adds a salt does not (`order_break` shows where).

use proptest::prelude::*;
use rowkey::{order_break, MigrateError, RowKey};

/// Version 1 of the article's file key: ASCII digits.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 20)]
struct FileKeyV1 {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

/// Version 2: binary fields, the date as days since 1970 (a monotone mapping of the date).
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(width = 14)]
struct FileKeyV2 {
    user_id: u32,
    #[be_u16]
    day: u32,
    file_id: u64,
}

/// Version 2 salted on the user: writes spread, order across users is given up.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct FileKeySalted {
    #[salt(mod = 16)]
    user_id: u32,
    create_date: u32,
    file_id: u64,
}

/// Days since 1970-01-01 of a `yyyymmdd` date (Howard Hinnant's days_from_civil), monotone.
fn day_of(date: u32) -> u32 {
    let (y, m, d) = (date / 10_000, date / 100 % 100, date % 100);
    let y = if m <= 2 { y - 1 } else { y } as i64;
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    (era * 146_097 + doe - 719_468) as u32
}

fn to_v2(k: FileKeyV1) -> FileKeyV2 {
    FileKeyV2 {
        user_id: k.user_id,
        day: day_of(k.create_date),
        file_id: k.file_id,
    }
}

fn v1_keys() -> impl Strategy<Value = Vec<FileKeyV1>> {
    let key = (
        0..1_000_000u32,
        1970..2100u32,
        1..=12u32,
        1..=28u32,
        0..1_000_000u64,
    )
        .prop_map(|(user_id, y, m, d, file_id)| FileKeyV1 {
            user_id,
            create_date: y * 10_000 + m * 100 + d,
            file_id,
        });
    prop::collection::vec(key, 0..60)
}

proptest! {
    /// The template of the migrate docs: a monotone mapping keeps the relative order.
    #[test]
    fn a_monotone_migration_keeps_the_order(keys in v1_keys()) {
        let old: Vec<[u8; 20]> = keys.iter().map(|k| k.encode()).collect::<Result<_, _>>()?;
        let new: Vec<[u8; 14]> = rowkey::migrate::<FileKeyV1, FileKeyV2>(&old, to_v2)
            .collect::<Result<_, _>>()?;
        prop_assert_eq!(new.len(), old.len());
        for (k, n) in keys.iter().zip(&new) {
            prop_assert_eq!(FileKeyV2::decode(n)?, to_v2(*k));
        }
        prop_assert_eq!(order_break(old.iter().zip(&new)), None);
    }
}

#[test]
fn adding_a_salt_breaks_the_order_and_the_check_says_where() {
    let old: Vec<[u8; 20]> = (1..=64u32)
        .map(|user_id| {
            FileKeyV1 {
                user_id,
                create_date: 20120902,
                file_id: 1,
            }
            .encode()
            .unwrap()
        })
        .collect();
    let new: Vec<[u8; 17]> = rowkey::migrate::<FileKeyV1, FileKeySalted>(&old, |k| FileKeySalted {
        user_id: k.user_id,
        create_date: k.create_date,
        file_id: k.file_id,
    })
    .collect::<Result<_, _>>()
    .unwrap();
    let [(a_old, a_new), (b_old, b_new)] = order_break(old.iter().zip(&new)).unwrap();
    assert!(
        a_old < b_old && a_new > b_new,
        "the named pair is out of order"
    );
}

#[test]
fn bad_keys_are_reported_by_position_and_the_rest_migrate() {
    let good = FileKeyV1 {
        user_id: 7,
        create_date: 20120902,
        file_id: 1,
    }
    .encode()
    .unwrap();
    let not_digits = *b"00000x20120902000001";
    // Day 70,000 does not fit `be_u16`: the new key does not encode.
    let far_future = FileKeyV1 {
        user_id: 7,
        create_date: 99991231,
        file_id: 1,
    }
    .encode()
    .unwrap();
    let out: Vec<_> = rowkey::migrate::<FileKeyV1, FileKeyV2>(
        [&good[..], &not_digits, &good[..5], &far_future],
        to_v2,
    )
    .collect();
    assert!(out[0].is_ok());
    assert!(matches!(out[1], Err(MigrateError::Decode { index: 1, .. })));
    assert!(matches!(out[2], Err(MigrateError::Decode { index: 2, .. })));
    assert!(matches!(out[3], Err(MigrateError::Encode { index: 3, .. })));
    let message = out[3].unwrap_err().to_string();
    assert!(
        message.starts_with("new key for old key #3 does not encode: field `day`"),
        "{message}"
    );
    // Each error's source is the key's own error, which the message ends with.
    for e in [out[1].unwrap_err(), out[3].unwrap_err()] {
        let source = std::error::Error::source(&e).expect("a source").to_string();
        assert!(e.to_string().ends_with(&format!(": {source}")), "{e}");
    }
}
