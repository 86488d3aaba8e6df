//! Checking a scan range against a predicate over a set of keys, for the
//! property suites: the `BTreeMap` model of a sorted store.

use std::collections::BTreeMap;
use std::fmt::Debug;

use proptest::prelude::*;
use rowkey::{EncodeError, KeyRangeOf, RangeBytes, RowKey};

/// A helper's error as a failed case.
pub fn fail(e: EncodeError) -> TestCaseError {
    TestCaseError::fail(e.to_string())
}

/// The encoded keys, each mapped to its index in `keys` (the last of equal keys).
pub fn table<K: RowKey>(keys: &[K]) -> BTreeMap<Vec<u8>, usize> {
    keys.iter()
        .enumerate()
        .map(|(i, k)| (k.encode().unwrap().as_ref().to_vec(), i))
        .collect()
}

/// `r` contains a key exactly when `pred` holds, and a `BTreeMap` scan of
/// `r.bounds()` returns exactly those keys, in key order.
pub fn check<K: RowKey + Debug>(
    keys: &[K],
    r: &KeyRangeOf<impl RangeBytes>,
    pred: impl Fn(&K) -> bool,
) -> Result<(), TestCaseError> {
    let map = table(keys);
    let expected: Vec<usize> = map.values().copied().filter(|&i| pred(&keys[i])).collect();
    for (bytes, &i) in &map {
        prop_assert_eq!(r.contains(bytes), pred(&keys[i]), "{} on {:?}", r, keys[i]);
    }
    let scanned: Vec<usize> = map.range::<[u8], _>(r.bounds()).map(|(_, &i)| i).collect();
    prop_assert_eq!(scanned, expected, "{}", r);
    if r.is_empty() {
        prop_assert_eq!(r.end(), Some(r.start()), "an empty range ends at its start");
    }
    Ok(())
}
