//! Seed 000's `find(20120901..=20120914, "中国好声音", "综艺", user 1)` over its ten files returns files 1, 2, 3, 4, 5, 7.

#[path = "support/keys.rs"]
mod keys;
use keys::{FileKey, FILES};

use std::collections::BTreeMap;
use std::ops::RangeBounds;

use rowkey::{KeyRange, KeyRangeOf, RangeBytes, RowKey};

/// The columns the article filters with `SingleColumnValueFilter`.
#[derive(Debug)]
struct File {
    name: &'static str,
    category: &'static str,
}

fn table() -> BTreeMap<[u8; 20], File> {
    FILES
        .iter()
        .map(|&(file_id, create_date, name, category, user_id)| {
            let key = FileKey {
                user_id,
                create_date,
                file_id,
            }
            .encode()
            .unwrap();
            (key, File { name, category })
        })
        .collect()
}

/// The file ids a scan of `range` returns after the article's value filters
/// (prefix matches on name and category).
fn scan(
    table: &BTreeMap<[u8; 20], File>,
    range: &KeyRangeOf<impl RangeBytes>,
    name: &str,
    category: &str,
) -> Vec<u64> {
    table
        .range::<[u8], _>(range.bounds())
        .filter(|(_, f)| f.name.starts_with(name) && f.category.starts_with(category))
        .map(|(key, _)| FileKey::decode(key).unwrap().file_id)
        .collect()
}

/// `find(dates, name, category, user)`: one typed range over user and date, then the value filters.
fn find(
    table: &BTreeMap<[u8; 20], File>,
    dates: impl RangeBounds<u32>,
    name: &str,
    category: &str,
    user: u32,
) -> Vec<u64> {
    let range = FileKey::range_for_user_id_create_date(user, dates).unwrap();
    scan(table, &range, name, category)
}

#[test]
fn the_table_sorts_as_the_article_prints_it() {
    let keys: Vec<[u8; 20]> = table().into_keys().collect();
    let article: [&[u8; 20]; 10] = [
        b"00000120120902000001",
        b"00000120120904000002",
        b"00000120120906000003",
        b"00000120120908000004",
        b"00000120120910000005",
        b"00000120120914000007",
        b"00000220120912000006",
        b"00000220120916000008",
        b"00000320120918000009",
        b"00000420120920000010",
    ];
    assert_eq!(keys, article.map(|k| *k));
}

#[test]
fn find_returns_files_1_2_3_4_5_7() {
    let table = table();
    assert_eq!(
        find(&table, 20120901..=20120914, "中国好声音", "综艺", 1),
        [1, 2, 3, 4, 5, 7]
    );
    let range = FileKey::range_for_user_id_create_date(1, 20120901..=20120914).unwrap();
    assert_eq!(range.start(), b"00000120120901");
    assert_eq!(range.end(), Some(&b"00000120120915"[..]));
    // The article's own call, find(20120901, 20121001, ...), as a half-open range.
    assert_eq!(
        find(&table, 20120901..20121001, "中国好声音", "综艺", 1),
        [1, 2, 3, 4, 5, 7]
    );
    // File 6 matches name and category but belongs to user 2.
    assert_eq!(
        find(&table, 20120901..=20120914, "中国好声音", "综艺", 2),
        [6]
    );
    assert_eq!(find(&table, .., "", "", 2), [6, 8]);
    assert_eq!(find(&table, 20120915.., "", "", 1), [] as [u64; 0]);
}

#[test]
fn the_articles_hand_made_stop_row_drops_file_7() {
    let table = table();
    // setStartRow("00000120120901"), setEndRow("00000120120914"): the stop row is exclusive,
    // and file 7's key 00000120120914000007 sorts after it.
    let by_hand = KeyRange::<64>::new(b"00000120120901", Some(b"00000120120914")).unwrap();
    assert_eq!(
        scan(&table, &by_hand, "中国好声音", "综艺"),
        [1, 2, 3, 4, 5]
    );
    // The typed inclusive range ends after every key of 20120914.
    let typed = FileKey::range_for_user_id_create_date(1, 20120901..=20120914).unwrap();
    assert_eq!(
        scan(&table, &typed, "中国好声音", "综艺"),
        [1, 2, 3, 4, 5, 7]
    );
    let file_7 = FileKey {
        user_id: 1,
        create_date: 20120914,
        file_id: 7,
    }
    .encode()
    .unwrap();
    assert!(!by_hand.contains(&file_7));
    assert!(typed.contains(&file_7));
}

#[test]
fn all_of_a_users_files_is_one_prefix() {
    let table = table();
    let range = FileKey::prefix_for_user_id(1).unwrap();
    assert_eq!(range.start(), b"000001");
    assert_eq!(range.end(), Some(&b"000002"[..]));
    assert_eq!(scan(&table, &range, "", ""), [1, 2, 3, 4, 5, 7]);
    let range = FileKey::prefix_for_user_id(4).unwrap();
    assert_eq!(scan(&table, &range, "", ""), [10]);
}
