//! Range helpers over a `#[fixed(N)]` field take any bound and clamp it
//! exactly, as other codecs' out-of-range bounds do: a bound longer than `N`
//! or ending in `0x00` is no value of the field, and selects the values it
//! sorts among. Checked against a brute-force filter of a `BTreeMap`, for an
//! ascending and a descending field.

#[path = "support/cases.rs"]
mod support_cases;
use std::collections::BTreeMap;
use std::ops::{Bound, RangeBounds};
use support_cases::cases;

use proptest::prelude::*;
use proptest::sample::select;
use rowkey::RowKey;

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Up {
    a: u8,
    #[fixed(3)]
    name: Vec<u8>,
    id: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Down {
    a: u8,
    #[reverse]
    #[fixed(3)]
    name: Vec<u8>,
    id: u8,
}

/// Bytes next to the padding and its inverse.
const ALPHABET: [u8; 5] = [0x00, 0x01, 0x61, 0xFE, 0xFF];

/// A value the field holds: at most 3 bytes, trailing 0x00 bytes dropped.
fn name() -> BoxedStrategy<Vec<u8>> {
    prop::collection::vec(select(ALPHABET.to_vec()), 0..=3)
        .prop_map(|mut v| {
            while v.last() == Some(&0) {
                v.pop();
            }
            v
        })
        .boxed()
}

/// Any bound: longer than the field, ending in 0x00, or a value.
fn bound() -> BoxedStrategy<Bound<Vec<u8>>> {
    let bytes = || prop::collection::vec(select(ALPHABET.to_vec()), 0..=5);
    prop_oneof![
        bytes().prop_map(Bound::Included),
        bytes().prop_map(Bound::Excluded),
        Just(Bound::Unbounded),
    ]
    .boxed()
}

fn as_slice(b: &Bound<Vec<u8>>) -> Bound<&[u8]> {
    match b {
        Bound::Included(v) => Bound::Included(v.as_slice()),
        Bound::Excluded(v) => Bound::Excluded(v.as_slice()),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// Whether `v` lies between the bounds, in bytewise order: the model.
fn between(v: &[u8], lo: &Bound<Vec<u8>>, hi: &Bound<Vec<u8>>) -> bool {
    RangeBounds::<&[u8]>::contains(&(as_slice(lo), as_slice(hi)), &v)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(2048), ..ProptestConfig::default() })]

    #[test]
    fn ascending_fixed_ranges_clamp_exactly(
        keys in prop::collection::vec((select(vec![4u8, 5]), name(), select(vec![0u8, 0xFF])), 0..40),
        lo in bound(),
        hi in bound(),
    ) {
        let table: BTreeMap<_, _> = keys
            .into_iter()
            .map(|(a, name, id)| Up { a, name, id })
            .map(|k| (k.encode().unwrap(), k))
            .collect();
        let r = Up::range_for_a_name(5, (as_slice(&lo), as_slice(&hi))).unwrap();
        let found: Vec<&Up> = table.range::<[u8], _>(r.bounds()).map(|(_, k)| k).collect();
        let expected: Vec<&Up> = table
            .values()
            .filter(|k| k.a == 5 && between(&k.name, &lo, &hi))
            .collect();
        prop_assert_eq!(found, expected, "{:?}", r);
    }

    #[test]
    fn descending_fixed_ranges_clamp_exactly(
        keys in prop::collection::vec((select(vec![4u8, 5]), name(), select(vec![0u8, 0xFF])), 0..40),
        lo in bound(),
        hi in bound(),
    ) {
        let table: BTreeMap<_, _> = keys
            .into_iter()
            .map(|(a, name, id)| Down { a, name, id })
            .map(|k| (k.encode().unwrap(), k))
            .collect();
        let r = Down::range_for_a_name(5, (as_slice(&lo), as_slice(&hi))).unwrap();
        let found: Vec<&Down> = table.range::<[u8], _>(r.bounds()).map(|(_, k)| k).collect();
        // Descending: the keys come largest name first.
        let mut expected: Vec<&Down> = table
            .values()
            .filter(|k| k.a == 5 && between(&k.name, &lo, &hi))
            .collect();
        expected.sort_by(|x, y| y.name.cmp(&x.name).then(x.id.cmp(&y.id)));
        prop_assert_eq!(found, expected, "{:?}", r);
    }
}

/// The README's promise for `fixed(N)`: bounds that are no value clamp.
#[test]
fn bounds_longer_than_the_field_or_ending_in_zero_clamp() {
    let keys = [&b"ab"[..], b"ab\x01", b"abc", b"abd", b"b"].map(|n| Up {
        a: 1,
        name: n.to_vec(),
        id: 0,
    });
    let table: BTreeMap<_, _> = keys
        .iter()
        .map(|k| (k.encode().unwrap(), k.name.as_slice()))
        .collect();
    let names = |lo: Bound<&[u8]>, hi: Bound<&[u8]>| -> Vec<&[u8]> {
        let r = Up::range_for_a_name(1, (lo, hi)).unwrap();
        table
            .range::<[u8], _>(r.bounds())
            .map(|(_, n)| *n)
            .collect()
    };
    use Bound::*;
    // "abcz" sorts after "abc" and before "abd"
    assert_eq!(names(Included(b"abcz"), Unbounded), [&b"abd"[..], b"b"]);
    assert_eq!(
        names(Unbounded, Excluded(b"abcz")),
        [&b"ab"[..], b"ab\x01", b"abc"]
    );
    // "ab\0" sorts after "ab" and before "ab\x01"
    assert_eq!(
        names(Included(b"ab\0"), Included(b"abc")),
        [&b"ab\x01"[..], b"abc"]
    );
    assert_eq!(names(Unbounded, Included(b"ab\0")), [&b"ab"[..]]);
}

/// A field of no bytes has one value, the empty one: the range up to it,
/// inclusive, holds the keys that start with the head, and the range after
/// it holds none (the general path's bytes, which `field_range_slices`
/// gives for any width).
#[test]
fn a_field_of_no_bytes_has_one_value() {
    use rowkey::range::{field_range, field_range_slices, Edge, SliceEdge};
    use Bound::{Excluded, Included, Unbounded};
    let up_to = field_range::<[u8; 8], 0>(b"ab", Unbounded, Included(Edge::Bytes([])), false);
    let up_to = up_to.unwrap();
    assert_eq!((up_to.start(), up_to.end()), (&b"ab"[..], Some(&b"ac"[..])));
    let slices =
        field_range_slices::<[u8; 8]>(b"ab", Unbounded, Included(SliceEdge::Bytes(&[])), false);
    assert_eq!(up_to, slices.unwrap());
    let after = field_range::<[u8; 8], 0>(
        b"ab",
        Excluded(Edge::Bytes([])),
        Included(Edge::Bytes([])),
        false,
    );
    assert!(after.unwrap().is_empty());
    // The same through a derived helper: a key's last field of no bytes.
    #[derive(RowKey)]
    struct Empty {
        a: u8,
        b: [u8; 0],
    }
    let r = Empty::range_for_a_b(5, ..=[]).unwrap();
    assert_eq!((r.start(), r.end()), (&[5][..], Some(&[6][..])));
}
