//! Paging reads every row of a range exactly once, in key order, `size` rows a page, with one
//! read per page (plus one when the last page is exactly full); a store error ends the paging
//! with a resume point that skips nothing.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rowkey::{KeyRange, RowKey};

/// Seed 001's mapping-table key: `b + insertTime + id`, newest first within a `b`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq)]
struct BIndexKey {
    b: u8,
    #[reverse]
    insert_time: u16,
    id: u16,
}

fn table(keys: &[BIndexKey]) -> BTreeMap<Vec<u8>, ()> {
    keys.iter()
        .map(|k| (k.encode().unwrap().to_vec(), ()))
        .collect()
}

fn keys() -> impl Strategy<Value = Vec<BIndexKey>> {
    prop::collection::vec(
        (0..3u8, 0..300u16, 0..5u16).prop_map(|(b, insert_time, id)| BIndexKey {
            b,
            insert_time,
            id,
        }),
        0..200,
    )
}

proptest! {
    #[test]
    fn pages_partition_the_range(
        keys in keys(), b in 0..3u8, lo in 0..300u16, len in 0..300u16, size in 1..40usize,
    ) {
        let table = table(&keys);
        let range = BIndexKey::range_for_b_insert_time(b, lo..lo.saturating_add(len)).unwrap();
        let whole: Vec<&Vec<u8>> = table.range::<[u8], _>(range.bounds()).map(|(k, _)| k).collect();

        let mut reads = 0;
        let pages: Vec<Vec<&Vec<u8>>> = range
            .pages(size)
            .over(|r| {
                reads += 1;
                table.range::<[u8], _>(r.bounds()).map(|(k, _)| k)
            })
            .collect::<Result<_, _>>()
            .unwrap();
        prop_assert_eq!(pages.concat(), whole.clone(), "every row once, in key order");
        if let Some((last, full)) = pages.split_last() {
            prop_assert!(full.iter().all(|p| p.len() == size));
            prop_assert!((1..=size).contains(&last.len()));
        }
        prop_assert_eq!(pages.len(), whole.len().div_ceil(size));
        // An empty range is not read at all.
        let extra = usize::from(!range.is_empty() && whole.len() % size == 0);
        prop_assert_eq!(reads, pages.len() + extra, "one read per page, one more after a full last page");
    }

    #[test]
    fn advance_pages_like_a_store_that_caps_rows(
        keys in keys(), b in 0..3u8, size in 1..40usize,
    ) {
        // Bigtable's rows_limit, HBase's PageFilter: the store caps the page, the pager moves on.
        let table = table(&keys);
        let range = BIndexKey::prefix_for_b(b).unwrap();
        let mut pager = range.pages(size);
        let mut seen = Vec::new();
        while let Some(rest) = pager.rest() {
            let page: Vec<&Vec<u8>> = table
                .range::<[u8], _>(rest.bounds())
                .take(pager.size())
                .map(|(k, _)| k)
                .collect();
            pager.advance(page.len(), page.last().map(|k| k.as_slice())).unwrap();
            seen.extend(page);
        }
        let whole: Vec<&Vec<u8>> = table.range::<[u8], _>(range.bounds()).map(|(k, _)| k).collect();
        prop_assert_eq!(seen, whole);
    }

    #[test]
    fn a_store_error_stops_the_pages_where_a_retry_resumes(
        keys in keys(), size in 2..20usize, fail_at in 0..200usize,
    ) {
        let table = table(&keys);
        let whole: Vec<Vec<u8>> = table.keys().cloned().collect();
        let mut failed = false;
        let mut pages = KeyRange::<64>::all().pages(size).over(|r| {
            // The first read fails at row `fail_at`; a store's iterator of `Result`s.
            let fail_here = !failed;
            failed = true;
            table
                .range::<[u8], _>(r.bounds())
                .enumerate()
                .map(move |(i, (k, _))| if fail_here && i == fail_at { Err("disk") } else { Ok((k.clone(), ())) })
        });
        let first = pages.next();
        let Some(first) = first else {
            prop_assert!(whole.is_empty());
            return Ok(());
        };
        let first = first.unwrap();
        let read: Vec<Vec<u8>> = first.iter().filter_map(|r| r.as_ref().ok()).map(|r| r.0.clone()).collect();
        if first.last().is_some_and(|r| r.is_err()) {
            prop_assert_eq!(read.len(), fail_at);
            prop_assert!(pages.next().is_none(), "paging stops at the error");
            // The resume point skips nothing: a retry reads the rest.
            let rest = pages.pager().rest().unwrap();
            let retried: Vec<Vec<u8>> = table.range::<[u8], _>(rest.bounds()).map(|(k, _)| k.clone()).collect();
            prop_assert_eq!([read, retried].concat(), whole);
        } else {
            prop_assert!(fail_at >= read.len());
        }
    }
}

#[test]
fn a_last_key_too_long_for_the_range_is_an_error_after_its_page() {
    let table: BTreeMap<Vec<u8>, ()> = [(vec![1; 10], ()), (vec![2; 20], ())].into();
    let mut pages = KeyRange::<16>::all()
        .pages(2)
        .over(|r| table.range::<[u8], _>(r.bounds()));
    assert_eq!(
        pages.next().unwrap().unwrap().len(),
        2,
        "the page itself is read"
    );
    assert!(
        pages.next().unwrap().is_err(),
        "the page after it cannot start"
    );
    assert!(pages.next().is_none());
}
