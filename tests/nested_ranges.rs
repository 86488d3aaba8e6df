//! `prefix_for_.._within` over a nested key that other fields follow selects
//! exactly the keys whose nested key lies in the range, for any range: the
//! helpers' own, a page after one nested key (`after`), exactly one nested
//! key (`exact`), and raw bounds of any length. Checked against a brute-force
//! scan of a `BTreeMap`.

#[path = "support/cases.rs"]
mod support_cases;
use std::collections::BTreeMap;
use support_cases::cases;

use proptest::prelude::*;
use proptest::sample::select;
use rowkey::{KeyRange, KeyRangeOf, RangeBytes, RowKey};

#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Inner {
    x: u16,
    y: u16,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Outer {
    a: u8,
    inner: Inner,
    tail: u8,
}

/// Values crowded at the edges, where carries and `0x00` successors happen.
fn edge_u16() -> BoxedStrategy<u16> {
    prop_oneof![
        select(vec![0u16, 1, 2, 0xFF, 0x100, 0xFFFE, 0xFFFF]),
        any::<u16>()
    ]
    .boxed()
}

fn edge_u8() -> BoxedStrategy<u8> {
    select(vec![0u8, 1, 0xFE, 0xFF]).boxed()
}

fn inner() -> BoxedStrategy<Inner> {
    (edge_u16(), edge_u16())
        .prop_map(|(x, y)| Inner { x, y })
        .boxed()
}

fn outer() -> BoxedStrategy<Outer> {
    (edge_u8(), inner(), edge_u8())
        .prop_map(|(a, inner, tail)| Outer { a, inner, tail })
        .boxed()
}

/// Bytes of any length around the nested key's 4, crowded at 0x00 and 0xFF.
fn raw_bound() -> BoxedStrategy<Vec<u8>> {
    prop::collection::vec(select(vec![0u8, 1, 0xFE, 0xFF]), 0..7).boxed()
}

/// A helper's range (sized to `Inner`) as a plain `KeyRange`, so raw bounds
/// longer than the nested key fit next to it.
fn wide<B: RangeBytes>(r: KeyRangeOf<B>) -> KeyRange {
    KeyRange::new(r.start(), r.end()).unwrap()
}

/// An inner range of every kind a caller can hand to the helper.
fn inner_range() -> BoxedStrategy<KeyRange> {
    let key = |k: Inner| k.encode().unwrap();
    prop_oneof![
        inner().prop_map(|k| wide(Inner::prefix_for_x(k.x).unwrap())),
        inner().prop_map(|k| wide(Inner::prefix_for_x_y(k.x, k.y).unwrap())),
        (edge_u16(), edge_u16()).prop_map(|(lo, hi)| wide(Inner::range_for_x(lo..=hi).unwrap())),
        (inner(), edge_u16()).prop_map(|(k, hi)| wide(Inner::range_for_x_y(k.x, k.y..hi).unwrap())),
        // the page after one nested key, within a helper's range or the whole space
        (inner(), inner()).prop_map(move |(p, last)| wide(
            Inner::prefix_for_x(p.x).unwrap().after(&key(last)).unwrap()
        )),
        inner().prop_map(move |last| KeyRange::all().after(&key(last)).unwrap()),
        // exactly one nested key
        inner().prop_map(move |k| KeyRange::exact(&key(k)).unwrap()),
        (raw_bound(), prop::option::of(raw_bound())).prop_map(|(s, e)| KeyRange::new(
            &s,
            e.as_deref()
        )
        .unwrap()),
    ]
    .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(2048), ..ProptestConfig::default() })]

    #[test]
    fn within_selects_exactly_the_keys_whose_nested_key_is_in_the_range(
        keys in prop::collection::btree_set(outer(), 0..48),
        a in edge_u8(),
        range in inner_range(),
    ) {
        let table: BTreeMap<[u8; 6], Outer> = keys.iter().map(|k| (k.encode().unwrap(), *k)).collect();
        let r = Outer::prefix_for_a_inner_within(a, &range).unwrap();
        let found: Vec<Outer> = table.range::<[u8], _>(r.bounds()).map(|(_, k)| *k).collect();
        let expected: Vec<Outer> = table
            .values()
            .filter(|k| k.a == a && range.contains(&k.inner.encode().unwrap()))
            .copied()
            .collect();
        prop_assert_eq!(found, expected, "inner {:?}, outer {:?}", range, r);
    }
}

/// The case: the page after `Inner { x: 1, y: 2 }` holds none of the
/// keys whose inner key is that one, and `exact` of it holds all of them.
#[test]
fn a_page_after_a_nested_key_and_exactly_one_nested_key() {
    let seen = Inner { x: 1, y: 2 };
    let keys: Vec<Outer> = [0u8, 1, 0xFF]
        .iter()
        .flat_map(|&tail| {
            [seen, Inner { x: 1, y: 3 }, Inner { x: 2, y: 0 }].map(|inner| Outer {
                a: 9,
                inner,
                tail,
            })
        })
        .collect();
    let table: BTreeMap<_, _> = keys.iter().map(|k| (k.encode().unwrap(), *k)).collect();
    let scan = |r: KeyRange<{ Outer::WIDTH + 1 }>| -> Vec<Inner> {
        table
            .range::<[u8], _>(r.bounds())
            .map(|(_, k)| k.inner)
            .collect()
    };

    let page = Inner::prefix_for_x(1)
        .unwrap()
        .after(&seen.encode().unwrap())
        .unwrap();
    let next = scan(Outer::prefix_for_a_inner_within(9, &page).unwrap());
    assert_eq!(next, [Inner { x: 1, y: 3 }; 3]);

    let exact: KeyRange = KeyRange::exact(&seen.encode().unwrap()).unwrap();
    assert_eq!(
        scan(Outer::prefix_for_a_inner_within(9, &exact).unwrap()),
        [seen; 3]
    );

    // Bounds the nested key cannot reach: a start above the last nested key is empty,
    // an end past it is the end of the head.
    let above: KeyRange = KeyRange::new(&[0xFF, 0xFF, 0xFF, 0xFF, 0], None).unwrap();
    assert!(Outer::prefix_for_a_inner_within(9, &above)
        .unwrap()
        .is_empty());
    let to_the_top: KeyRange =
        KeyRange::new(&[0x00, 0x02], Some(&[0xFF, 0xFF, 0xFF, 0xFF, 1])).unwrap();
    let r = Outer::prefix_for_a_inner_within(9, &to_the_top).unwrap();
    assert_eq!((r.start(), r.end()), (&[9, 0, 2][..], Some(&[10][..])));
}
