//! Scan helpers select exactly the keys their predicate names: prefixes, ranges of every bound kind, salt fan-out, split points, paging, HBase shell text.

#[path = "support/cases.rs"]
mod support_cases;
use support_cases::cases;
#[path = "support/keys.rs"]
mod keys;
use keys::{Event, FileKey, OrderKey};
#[path = "support/range_check.rs"]
mod range_check;
use range_check::{check, fail, table};

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::ops::{Bound, RangeBounds};

use proptest::prelude::*;
use proptest::sample::select;
use rowkey::text::{to_bytes_binary, StringBinary};
use rowkey::{BucketRangesOf, KeyRangeOf, RangeBytes, RowKey, Salt};

// ---- checking a range against a predicate ----

/// `ranges` are one per bucket of `salt`, in bucket order; each matching key
/// lies in exactly one of them (its bucket's), other keys in none.
fn check_fan_out<K: RowKey + Debug>(
    keys: &[K],
    ranges: BucketRangesOf<impl RangeBytes>,
    salt: Salt,
    pred: impl Fn(&K) -> bool,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(ranges.len(), salt.buckets() as usize);
    let ranges: Vec<_> = ranges.collect();
    prop_assert_eq!(ranges.len(), salt.buckets() as usize);
    for (b, r) in ranges.iter().enumerate() {
        let head = salt.prefix(b as u32);
        prop_assert!(
            r.start().starts_with(head.as_ref()),
            "range {} starts outside bucket {}",
            r,
            b
        );
        if let Some(next) = ranges.get(b + 1) {
            prop_assert!(r.start() < next.start(), "not in bucket order");
            prop_assert!(
                r.end().is_some_and(|e| e <= next.start()),
                "ranges {} and {} overlap",
                r,
                next
            );
        }
    }
    let map = table(keys);
    for (bytes, &i) in &map {
        let bucket = salt.read(bytes).unwrap();
        let holders: Vec<usize> = (0..ranges.len())
            .filter(|&b| ranges[b].contains(bytes))
            .collect();
        if pred(&keys[i]) {
            prop_assert_eq!(holders, vec![bucket as usize], "{:?}", keys[i]);
        } else {
            prop_assert!(holders.is_empty(), "{:?} in {:?}", keys[i], holders);
        }
    }
    let scanned: BTreeSet<usize> = ranges
        .iter()
        .flat_map(|r| map.range::<[u8], _>(r.bounds()).map(|(_, &i)| i))
        .collect();
    let expected: BTreeSet<usize> = map.values().copied().filter(|&i| pred(&keys[i])).collect();
    prop_assert_eq!(scanned, expected);
    Ok(())
}

/// A bound over values drawn from `pool`.
fn bound<T: Clone + Debug + 'static>(pool: Vec<T>) -> BoxedStrategy<Bound<T>> {
    prop_oneof![
        2 => select(pool.clone()).prop_map(Bound::Included),
        2 => select(pool).prop_map(Bound::Excluded),
        1 => Just(Bound::Unbounded),
    ]
    .boxed()
}

fn bounds<T: Clone + Debug + 'static>(pool: Vec<T>) -> BoxedStrategy<(Bound<T>, Bound<T>)> {
    (bound(pool.clone()), bound(pool)).boxed()
}

// ---- one key with every ordered codec, ascending and reversed ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Scan {
    a: u8,
    #[reverse]
    b: i16,
    #[pad(2)]
    c: u16,
    #[be_u16]
    d: i32,
    #[reverse]
    #[pad(3)]
    e: u32,
    #[reverse]
    #[be_u16]
    f: i64,
    g: bool,
    #[fixed(2)]
    h: String,
    i: u32,
}

// Key values: the edges of each codec. Bound values: those and values past the codec's range.
const A: [u8; 5] = [0, 1, 127, 254, 255];
const B: [i16; 6] = [i16::MIN, -256, -1, 0, 1, i16::MAX];
const C: [u16; 4] = [0, 1, 98, 99];
const C_BOUNDS: [u16; 8] = [0, 1, 98, 99, 100, 101, 500, u16::MAX];
const D: [i32; 5] = [0, 1, 255, 256, 65_535];
const D_BOUNDS: [i32; 9] = [i32::MIN, -1, 0, 1, 255, 256, 65_535, 65_536, i32::MAX];
const E: [u32; 4] = [0, 1, 998, 999];
const E_BOUNDS: [u32; 7] = [0, 1, 998, 999, 1000, 1001, u32::MAX];
const F: [i64; 4] = [0, 1, 65_534, 65_535];
const F_BOUNDS: [i64; 8] = [i64::MIN, -1, 0, 1, 65_534, 65_535, 65_536, i64::MAX];
const H: [&str; 6] = ["", "a", "a\u{1}", "b", "\u{7f}", "é"];
const I: [u32; 6] = [0, 1, 255, 256, u32::MAX - 1, u32::MAX];

fn scan_key() -> impl Strategy<Value = Scan> {
    (
        select(&A[..]),
        select(&B[..]),
        select(&C[..]),
        select(&D[..]),
        select(&E[..]),
        select(&F[..]),
        any::<bool>(),
        select(&H[..]),
        select(&I[..]),
    )
        .prop_map(|(a, b, c, d, e, f, g, h, i)| Scan {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h: h.to_string(),
            i,
        })
}

type Range<T> = (Bound<T>, Bound<T>);

#[derive(Debug, Clone)]
struct ScanBounds {
    a: Range<u8>,
    b: Range<i16>,
    c: Range<u16>,
    d: Range<i32>,
    e: Range<u32>,
    f: Range<i64>,
    g: Range<bool>,
    h: Range<String>,
    i: Range<u32>,
}

fn scan_bounds() -> impl Strategy<Value = ScanBounds> {
    (
        bounds(A.to_vec()),
        bounds(B.to_vec()),
        bounds(C_BOUNDS.to_vec()),
        bounds(D_BOUNDS.to_vec()),
        bounds(E_BOUNDS.to_vec()),
        bounds(F_BOUNDS.to_vec()),
        bounds(vec![false, true]),
        bounds(H.iter().map(|s| s.to_string()).collect()),
        bounds(I.to_vec()),
    )
        .prop_map(|(a, b, c, d, e, f, g, h, i)| ScanBounds {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
        })
}

/// Whether the first `n` fields of `k` equal those of `p`.
fn same_head(k: &Scan, p: &Scan, n: usize) -> bool {
    let eq = [
        k.a == p.a,
        k.b == p.b,
        k.c == p.c,
        k.d == p.d,
        k.e == p.e,
        k.f == p.f,
        k.g == p.g,
        k.h == p.h,
        k.i == p.i,
    ];
    eq[..n].iter().all(|&e| e)
}

fn str_range(r: &Range<String>) -> Range<&str> {
    (
        r.0.as_ref().map(String::as_str),
        r.1.as_ref().map(String::as_str),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(400), ..ProptestConfig::default() })]

    #[test]
    fn prefix_helpers_select_exactly_the_keys_with_those_fields(
        keys in prop::collection::vec(scan_key(), 1..50),
        pick in any::<prop::sample::Index>(),
        other in scan_key(),
        from_keys in any::<bool>(),
    ) {
        let p = if from_keys { pick.get(&keys).clone() } else { other };
        let p = &p;
        check(&keys, &Scan::prefix_for_a(p.a).map_err(fail)?, |k| same_head(k, p, 1))?;
        check(&keys, &Scan::prefix_for_a_b(p.a, p.b).map_err(fail)?, |k| same_head(k, p, 2))?;
        check(&keys, &Scan::prefix_for_a_b_c(p.a, p.b, p.c).map_err(fail)?, |k| same_head(k, p, 3))?;
        check(&keys, &Scan::prefix_for_a_b_c_d(p.a, p.b, p.c, p.d).map_err(fail)?, |k| same_head(k, p, 4))?;
        check(&keys, &Scan::prefix_for_a_b_c_d_e(p.a, p.b, p.c, p.d, p.e).map_err(fail)?, |k| same_head(k, p, 5))?;
        check(&keys, &Scan::prefix_for_a_b_c_d_e_f(p.a, p.b, p.c, p.d, p.e, p.f).map_err(fail)?, |k| same_head(k, p, 6))?;
        check(&keys, &Scan::prefix_for_a_b_c_d_e_f_g(p.a, p.b, p.c, p.d, p.e, p.f, p.g).map_err(fail)?, |k| same_head(k, p, 7))?;
        check(&keys, &Scan::prefix_for_a_b_c_d_e_f_g_h(p.a, p.b, p.c, p.d, p.e, p.f, p.g, &p.h).map_err(fail)?, |k| same_head(k, p, 8))?;
        check(&keys, &Scan::prefix_for_a_b_c_d_e_f_g_h_i(p.a, p.b, p.c, p.d, p.e, p.f, p.g, &p.h, p.i).map_err(fail)?, |k| same_head(k, p, 9))?;
    }

    #[test]
    fn range_helpers_select_exactly_the_keys_in_the_bounds(
        keys in prop::collection::vec(scan_key(), 1..50),
        pick in any::<prop::sample::Index>(),
        r in scan_bounds(),
    ) {
        let p = pick.get(&keys).clone();
        let p = &p;
        let h = str_range(&r.h);
        check(&keys, &Scan::range_for_a(r.a).map_err(fail)?, |k| r.a.contains(&k.a))?;
        check(&keys, &Scan::range_for_a_b(p.a, r.b).map_err(fail)?, |k| same_head(k, p, 1) && r.b.contains(&k.b))?;
        check(&keys, &Scan::range_for_a_b_c(p.a, p.b, r.c).map_err(fail)?, |k| same_head(k, p, 2) && r.c.contains(&k.c))?;
        check(&keys, &Scan::range_for_a_b_c_d(p.a, p.b, p.c, r.d).map_err(fail)?, |k| same_head(k, p, 3) && r.d.contains(&k.d))?;
        check(&keys, &Scan::range_for_a_b_c_d_e(p.a, p.b, p.c, p.d, r.e).map_err(fail)?, |k| same_head(k, p, 4) && r.e.contains(&k.e))?;
        check(&keys, &Scan::range_for_a_b_c_d_e_f(p.a, p.b, p.c, p.d, p.e, r.f).map_err(fail)?, |k| same_head(k, p, 5) && r.f.contains(&k.f))?;
        check(&keys, &Scan::range_for_a_b_c_d_e_f_g(p.a, p.b, p.c, p.d, p.e, p.f, r.g).map_err(fail)?, |k| same_head(k, p, 6) && r.g.contains(&k.g))?;
        check(&keys, &Scan::range_for_a_b_c_d_e_f_g_h(p.a, p.b, p.c, p.d, p.e, p.f, p.g, h).map_err(fail)?, |k| same_head(k, p, 7) && std::ops::RangeBounds::<&str>::contains(&h, &k.h.as_str()))?;
        check(&keys, &Scan::range_for_a_b_c_d_e_f_g_h_i(p.a, p.b, p.c, p.d, p.e, p.f, p.g, &p.h, r.i).map_err(fail)?, |k| same_head(k, p, 8) && r.i.contains(&k.i))?;
    }

    /// Resuming with `after(last key of the page)` visits every row of the range exactly once.
    #[test]
    fn paging_with_after_visits_every_row_once(
        keys in prop::collection::vec(scan_key(), 1..60),
        pick in any::<prop::sample::Index>(),
        r in scan_bounds(),
        page in 1..7usize,
        depth in 0..4usize,
    ) {
        let p = pick.get(&keys).clone();
        let range = match depth {
            0 => Scan::range_for_a(r.a),
            1 => Scan::range_for_a_b(p.a, r.b),
            2 => Scan::prefix_for_a_b_c(p.a, p.b, p.c),
            _ => Ok(KeyRangeOf::all()),
        }
        .map_err(fail)?;
        let map = table(&keys);
        let expected: Vec<usize> = map.range::<[u8], _>(range.bounds()).map(|(_, &i)| i).collect();
        let mut seen = Vec::new();
        let mut r = range;
        let mut pages = 0;
        loop {
            let rows: Vec<(&Vec<u8>, &usize)> = map.range::<[u8], _>(r.bounds()).take(page).collect();
            let Some((last, _)) = rows.last() else { break };
            seen.extend(rows.iter().map(|(_, &i)| i));
            r = r.after(last).map_err(fail)?;
            pages += 1;
            prop_assert!(pages <= keys.len() + 1, "paging does not end");
        }
        prop_assert_eq!(seen, expected);
        prop_assert!(r.is_empty() || map.range::<[u8], _>(r.bounds()).next().is_none());
    }
}

#[test]
fn a_prefix_value_too_large_for_its_field_is_an_error() {
    assert!(
        Scan::prefix_for_a_b_c(0, 0, 100).is_err(),
        "pad(2) holds 0..=99"
    );
    assert!(
        Scan::prefix_for_a_b_c_d(0, 0, 0, -1).is_err(),
        "be_u16 holds 0..=65535"
    );
    assert!(Scan::prefix_for_a_b_c_d(0, 0, 0, 65_536).is_err());
    assert!(
        Scan::prefix_for_a_b_c_d_e_f_g_h(0, 0, 0, 0, 0, 0, false, "abc").is_err(),
        "fixed(2) holds 2 bytes"
    );
}

#[test]
fn fixed_bounds_that_are_no_value_clamp() {
    // fixed(2): "abc" sorts after "ab" and before the next value, so `"abc"..`
    // starts after every key whose `h` is "ab"; "a\0" sorts right after "a".
    let range = |h: (Bound<&str>, Bound<&str>)| {
        Scan::range_for_a_b_c_d_e_f_g_h(0, 0, 0, 0, 0, 0, false, h).unwrap()
    };
    let key = |h: &str| {
        Scan {
            a: 0,
            b: 0,
            c: 0,
            d: 0,
            e: 0,
            f: 0,
            g: false,
            h: h.into(),
            i: 7,
        }
        .encode()
        .unwrap()
    };
    let after_ab = range((Bound::Included("abc"), Bound::Unbounded));
    assert!(!after_ab.contains(&key("ab")));
    assert!(after_ab.contains(&key("ac")));
    let up_to_a = range((Bound::Unbounded, Bound::Excluded("a\0")));
    assert!(up_to_a.contains(&key("a")));
    assert!(!up_to_a.contains(&key("a\u{1}")));
}

#[test]
fn pad_bounds_beyond_the_digits_clamp() {
    // pad(2): 100..=500 lies above every value; ..=500 and 0.. are the whole field.
    let head = |c: &[u8]| [&[0x00, 0x7F, 0xFF][..], c].concat();
    let r = Scan::range_for_a_b_c(0, 0, 100..=500).unwrap();
    assert!(r.is_empty());
    let all = Scan::prefix_for_a_b(0, 0).unwrap();
    assert_eq!(Scan::range_for_a_b_c(0, 0, ..=500).unwrap(), all);
    assert_eq!(Scan::range_for_a_b_c(0, 0, ..).unwrap(), all);
    let r = Scan::range_for_a_b_c(0, 0, 0..).unwrap();
    assert_eq!((r.start(), r.end()), (&head(b"00")[..], all.end()));
    let r = Scan::range_for_a_b_c(0, 0, 98..1000).unwrap();
    assert_eq!(r.start(), head(b"98"));
    assert_eq!(r.end(), all.end());
    // be_u16 on i32: negative bounds clamp to 0, bounds above 65535 to the end.
    let r = Scan::range_for_a_b_c_d(0, 0, 5, -10..=70_000).unwrap();
    assert_eq!(r, Scan::prefix_for_a_b_c(0, 0, 5).unwrap());
    let key = |d| {
        Scan {
            a: 0,
            b: 0,
            c: 5,
            d,
            e: 0,
            f: 0,
            g: false,
            h: String::new(),
            i: 0,
        }
        .encode()
        .unwrap()
    };
    for empty in [..0, ..-7] {
        let r = Scan::range_for_a_b_c_d(0, 0, 5, empty).unwrap();
        assert!(!r.contains(&key(0)) && !r.contains(&key(65_535)), "{r}");
    }
    assert!(Scan::range_for_a_b_c_d(0, 0, 5, 65_536..)
        .unwrap()
        .is_empty());
}

/// The codecs `Scan` has only ascending, reversed, and byte arrays both ways.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Reversed {
    a: [u8; 2],
    #[reverse]
    #[fixed(3)]
    s: String,
    #[reverse]
    arr: [u8; 2],
    #[reverse]
    flag: bool,
    #[reverse]
    #[fixed(2)]
    v: Vec<u8>,
}

const ARR: [[u8; 2]; 5] = [[0, 0], [0, 1], [0, 0xFF], [0xFF, 0], [0xFF, 0xFF]];
const S: [&str; 6] = ["", "a", "a\u{1}", "ab", "abc", "\u{7f}"];
const V: [&[u8]; 5] = [b"", b"\x01", b"\x00\x01", b"\xFF", b"\xFF\xFF"];

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    #[test]
    fn reversed_text_arrays_and_bools_select_exactly_the_bounds(
        keys in prop::collection::vec(
            (select(&ARR[..]), select(&S[..]), select(&ARR[..]), any::<bool>(), select(&V[..])),
            1..50,
        ),
        pick in any::<prop::sample::Index>(),
        a in bounds(ARR.to_vec()),
        s in bounds(S.to_vec()),
        arr in bounds(ARR.to_vec()),
        flag in bounds(vec![false, true]),
        v in bounds(V.to_vec()),
    ) {
        let keys: Vec<Reversed> = keys
            .into_iter()
            .map(|(a, s, arr, flag, v)| Reversed { a, s: s.to_string(), arr, flag, v: v.to_vec() })
            .collect();
        let p = pick.get(&keys).clone();
        check(&keys, &Reversed::range_for_a(a).map_err(fail)?, |k| a.contains(&k.a))?;
        check(&keys, &Reversed::range_for_a_s(p.a, s).map_err(fail)?, |k| k.a == p.a && std::ops::RangeBounds::<&str>::contains(&s, &k.s.as_str()))?;
        check(&keys, &Reversed::range_for_a_s_arr(p.a, &p.s, arr).map_err(fail)?, |k| {
            (k.a, &k.s) == (p.a, &p.s) && arr.contains(&k.arr)
        })?;
        check(&keys, &Reversed::range_for_a_s_arr_flag(p.a, &p.s, p.arr, flag).map_err(fail)?, |k| {
            (k.a, &k.s, k.arr) == (p.a, &p.s, p.arr) && flag.contains(&k.flag)
        })?;
        check(&keys, &Reversed::range_for_a_s_arr_flag_v(p.a, &p.s, p.arr, p.flag, v).map_err(fail)?, |k| {
            (k.a, &k.s, k.arr, k.flag) == (p.a, &p.s, p.arr, p.flag) && std::ops::RangeBounds::<&[u8]>::contains(&v, &k.v.as_slice())
        })?;
        check(&keys, &Reversed::prefix_for_a_s_arr_flag_v(p.a, &p.s, p.arr, p.flag, &p.v).map_err(fail)?, |k| *k == p)?;
    }
}

// ---- reversed fields: the helper takes value bounds and swaps them ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct HostEvent {
    host: u32,
    #[reverse]
    ts: u64,
}

#[test]
fn reverse_range_selects_exactly_the_values_newest_first() {
    let keys: Vec<HostEvent> = (1..=3)
        .flat_map(|host| {
            (0..300)
                .chain([u64::MAX - 1, u64::MAX])
                .map(move |ts| HostEvent { host, ts })
        })
        .collect();
    let map = table(&keys);
    let r = HostEvent::range_for_host_ts(2, 100..200).unwrap();
    let found: Vec<u64> = map
        .range::<[u8], _>(r.bounds())
        .map(|(_, &i)| keys[i].ts)
        .collect();
    assert_eq!(
        found,
        (100..200).rev().collect::<Vec<_>>(),
        "ts 199 down to 100"
    );
    for (bytes, &i) in &map {
        let k = &keys[i];
        assert_eq!(
            r.contains(bytes),
            k.host == 2 && (100..200).contains(&k.ts),
            "{k:?}"
        );
    }
    let newest = HostEvent::range_for_host_ts(2, 299..).unwrap();
    let found: Vec<u64> = map
        .range::<[u8], _>(newest.bounds())
        .map(|(_, &i)| keys[i].ts)
        .collect();
    assert_eq!(found, [u64::MAX, u64::MAX - 1, 299]);
    let r = HostEvent::range_for_host_ts(3, ..=1).unwrap();
    let found: Vec<u64> = map
        .range::<[u8], _>(r.bounds())
        .map(|(_, &i)| keys[i].ts)
        .collect();
    assert_eq!(found, [1, 0]);
}

// ---- prefixes that end in 0xFF ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Ff {
    a: u8,
    b: u32,
    c: u8,
}

#[test]
fn prefixes_ending_in_ff_carry_or_are_unbounded() {
    let r = Ff::prefix_for_a(255).unwrap();
    assert_eq!((r.start(), r.end()), (&[0xFF][..], None));
    let r = Ff::prefix_for_a_b(255, u32::MAX).unwrap();
    assert_eq!((r.start(), r.end()), (&[0xFF; 5][..], None));
    assert!(r.contains(&[0xFF; 6]));
    let r = Ff::prefix_for_a_b(254, u32::MAX).unwrap();
    assert_eq!(r.end(), Some(&[0xFF][..]));
    assert!(r.contains(&[0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]));
    assert!(!r.contains(&[0xFF, 0, 0, 0, 0, 0]));
    // Inclusive type maxima keep the last key (PHOENIX-7580 lost it).
    let r = Ff::range_for_a_b_c(7, u32::MAX, 200..=u8::MAX).unwrap();
    assert!(r.contains(&[7, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]));
    assert_eq!(r.end(), Some(&[8][..]));
    let r = Ff::range_for_a_b_c(255, u32::MAX, 200..=u8::MAX).unwrap();
    assert_eq!(r.end(), None);
    assert!(r.contains(&[0xFF; 6]));
    // Nothing follows the largest key: an empty range that BTreeMap accepts.
    let r =
        Ff::range_for_a_b_c(255, u32::MAX, (Bound::Excluded(u8::MAX), Bound::Unbounded)).unwrap();
    assert!(r.is_empty());
    let map = BTreeMap::from([(vec![0xFFu8; 6], ())]);
    assert_eq!(map.range::<[u8], _>(r.bounds()).count(), 0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    #[test]
    fn ff_prefixes_and_ranges_hold_for_random_keys(
        keys in prop::collection::vec((select(vec![0u8, 254, 255]), select(vec![0u32, 1, u32::MAX - 1, u32::MAX]), select(vec![0u8, 1, 254, 255])), 1..40),
        a in select(vec![0u8, 254, 255]),
        b in select(vec![0u32, 1, u32::MAX - 1, u32::MAX]),
        c in bounds(vec![0u8, 1, 254, 255]),
        bb in bounds(vec![0u32, 1, u32::MAX - 1, u32::MAX]),
    ) {
        let keys: Vec<Ff> = keys.into_iter().map(|(a, b, c)| Ff { a, b, c }).collect();
        check(&keys, &Ff::prefix_for_a(a).map_err(fail)?, |k| k.a == a)?;
        check(&keys, &Ff::prefix_for_a_b(a, b).map_err(fail)?, |k| k.a == a && k.b == b)?;
        check(&keys, &Ff::range_for_a_b(a, bb).map_err(fail)?, |k| k.a == a && bb.contains(&k.b))?;
        check(&keys, &Ff::range_for_a_b_c(a, b, c).map_err(fail)?, |k| k.a == a && k.b == b && c.contains(&k.c))?;
    }
}

// ---- salted keys: one range when the salt is pinned, else one per bucket ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Log {
    host: u32,
    #[salt(mod = 8)]
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Wide {
    #[salt(mod = 300)]
    id: u16,
    x: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Region {
    #[salt(mod = 100, pad = 2)]
    #[pad(4)]
    id: u16,
    #[reverse]
    kind: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Apart {
    #[salt(mod = 16)]
    a: u8,
    b: u8,
    #[salt]
    c: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 10, phoenix))]
struct Phoenix {
    a: u16,
    b: u8,
}

#[test]
fn pinned_salt_gives_one_range_otherwise_a_fan_out() {
    // The return types are the specification: these lines only compile if they hold.
    let _one: KeyRangeOf<_> = Event::prefix_for_user(42).unwrap();
    let _one: KeyRangeOf<_> = Event::range_for_user_ts(42, ..).unwrap();
    let _all: BucketRangesOf<_> = Event::range_for_user(..).unwrap();
    let _all: BucketRangesOf<_> = Log::prefix_for_host(7).unwrap();
    let _all: BucketRangesOf<_> = Log::range_for_host_ts(7, 10..20).unwrap();
    let _one: KeyRangeOf<_> = Log::prefix_for_host_ts(7, 15).unwrap();
    let _all: BucketRangesOf<_> = Apart::prefix_for_a_b(1, 2).unwrap();
    let _one: KeyRangeOf<_> = Apart::prefix_for_a_b_c(1, 2, 3).unwrap();
    let _all: BucketRangesOf<_> = Phoenix::prefix_for_a(1).unwrap();
    let _one: KeyRangeOf<_> = Phoenix::prefix_for_a_b(1, 2).unwrap();
    assert_eq!(Log::prefix_for_host(7).unwrap().count(), 8);
    assert_eq!(Wide::range_for_id(..).unwrap().len(), 300);
}

fn small<T: Clone + Debug + 'static>(v: Vec<T>) -> BoxedStrategy<T> {
    select(v).boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), ..ProptestConfig::default() })]

    #[test]
    fn event_prefix_pins_the_bucket(
        keys in prop::collection::vec((small(vec![0u32, 1, 42, u32::MAX]), small(vec![0u64, 1, 99, 100, u64::MAX])), 1..40),
        user in small(vec![0u32, 1, 42, u32::MAX]),
        users in bounds(vec![0u32, 1, 42, u32::MAX]),
        ts in bounds(vec![0u64, 1, 99, 100, u64::MAX]),
    ) {
        let keys: Vec<Event> = keys.into_iter().map(|(user, ts)| Event { user, ts }).collect();
        check(&keys, &Event::prefix_for_user(user).map_err(fail)?, |k| k.user == user)?;
        check(&keys, &Event::range_for_user_ts(user, ts).map_err(fail)?, |k| k.user == user && ts.contains(&k.ts))?;
        check_fan_out(&keys, Event::range_for_user(users).map_err(fail)?, Event::SALT, |k| users.contains(&k.user))?;
    }

    #[test]
    fn log_fan_out_covers_exactly_the_matching_keys(
        keys in prop::collection::vec((small(vec![0u32, 7, u32::MAX]), small(vec![0u64, 1, 255, 256, 1000, u64::MAX - 1, u64::MAX])), 1..60),
        host in small(vec![0u32, 7, u32::MAX]),
        ts in bounds(vec![0u64, 1, 255, 256, 1000, u64::MAX - 1, u64::MAX]),
        one_ts in small(vec![0u64, 1, 256, u64::MAX]),
    ) {
        let keys: Vec<Log> = keys.into_iter().map(|(host, ts)| Log { host, ts }).collect();
        check_fan_out(&keys, Log::prefix_for_host(host).map_err(fail)?, Log::SALT, |k| k.host == host)?;
        check_fan_out(&keys, Log::range_for_host(..).map_err(fail)?, Log::SALT, |_| true)?;
        check_fan_out(&keys, Log::range_for_host_ts(host, ts).map_err(fail)?, Log::SALT, |k| k.host == host && ts.contains(&k.ts))?;
        check(&keys, &Log::prefix_for_host_ts(host, one_ts).map_err(fail)?, |k| k.host == host && k.ts == one_ts)?;
    }

    #[test]
    fn two_byte_digit_apart_and_phoenix_salts_fan_out_exactly(
        wide in prop::collection::vec((any::<u16>(), small(vec![0u8, 1, 255])), 1..40),
        region in prop::collection::vec((small(vec![0u16, 1, 42, 9998, 9999]), small(vec![0u8, 1, 255])), 1..40),
        apart in prop::collection::vec((small(vec![0u8, 1, 255]), small(vec![0u8, 2, 255]), small(vec![0u8, 3, 255])), 1..40),
        phoenix in prop::collection::vec((small(vec![0u16, 1, 65535]), small(vec![0u8, 2, 255])), 1..40),
        ids in bounds(vec![0u16, 1, 255, 256, 300, 9999, 10_000, 65_535]),
        kinds in bounds(vec![0u8, 1, 255]),
        x in small(vec![0u8, 1, 255]),
        id in small(vec![0u16, 1, 42, 9998, 9999, 10_000, 65_535]),
        a in small(vec![0u8, 1, 255]),
        b in small(vec![0u8, 2, 255]),
        c in small(vec![0u8, 3, 255]),
        pa in small(vec![0u16, 1, 65535]),
    ) {
        let wide: Vec<Wide> = wide.into_iter().map(|(id, x)| Wide { id, x }).collect();
        check_fan_out(&wide, Wide::range_for_id(ids).map_err(fail)?, Wide::SALT, |k| ids.contains(&k.id))?;
        check(&wide, &Wide::prefix_for_id(wide[0].id).map_err(fail)?, |k| k.id == wide[0].id)?;
        check(&wide, &Wide::range_for_id_x(wide[0].id, ..=x).map_err(fail)?, |k| k.id == wide[0].id && k.x <= x)?;

        let region: Vec<Region> = region.into_iter().map(|(id, kind)| Region { id, kind }).collect();
        match Region::prefix_for_id(id) {
            Ok(r) => check(&region, &r, |k| k.id == id)?,
            Err(_) => prop_assert!(id > 9999, "pad(4) holds 0..=9999"),
        }
        if id <= 9999 {
            check(&region, &Region::range_for_id_kind(id, kinds).map_err(fail)?, |k| k.id == id && kinds.contains(&k.kind))?;
        }
        check_fan_out(&region, Region::range_for_id(ids).map_err(fail)?, Region::SALT, |k| ids.contains(&k.id))?;

        let apart: Vec<Apart> = apart.into_iter().map(|(a, b, c)| Apart { a, b, c }).collect();
        check_fan_out(&apart, Apart::prefix_for_a(a).map_err(fail)?, Apart::SALT, |k| k.a == a)?;
        check_fan_out(&apart, Apart::prefix_for_a_b(a, b).map_err(fail)?, Apart::SALT, |k| k.a == a && k.b == b)?;
        check_fan_out(&apart, Apart::range_for_a_b_c(a, b, kinds).map_err(fail)?, Apart::SALT, |k| k.a == a && k.b == b && kinds.contains(&k.c))?;
        check(&apart, &Apart::prefix_for_a_b_c(a, b, c).map_err(fail)?, |k| (k.a, k.b, k.c) == (a, b, c))?;

        let phoenix: Vec<Phoenix> = phoenix.into_iter().map(|(a, b)| Phoenix { a, b }).collect();
        check_fan_out(&phoenix, Phoenix::prefix_for_a(pa).map_err(fail)?, Phoenix::SALT, |k| k.a == pa)?;
        check_fan_out(&phoenix, Phoenix::range_for_a_b(pa, kinds).map_err(fail)?, Phoenix::SALT, |k| k.a == pa && kinds.contains(&k.b))?;
        check(&phoenix, &Phoenix::prefix_for_a_b(pa, b).map_err(fail)?, |k| k.a == pa && k.b == b)?;
    }
}

// ---- bucket spread and split points ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Seq16 {
    #[salt(mod = 16)]
    id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Seq100 {
    #[salt(mod = 100)]
    id: u64,
}

/// The largest distance of a bucket's count from the mean, as a fraction of the mean.
fn spread<K: RowKey>(n: usize, key: impl Fn(u64) -> K) -> f64 {
    let mut counts = vec![0u32; n];
    for id in 0..100_000 {
        counts[key(id).encode().unwrap().as_ref()[0] as usize] += 1;
    }
    let mean = 100_000.0 / n as f64;
    let worst = counts
        .iter()
        .map(|&c| (c as f64 - mean).abs() / mean)
        .fold(0.0, f64::max);
    println!(
        "{n} buckets: min {} max {} mean {mean}: max deviation {:.2}%",
        counts.iter().min().unwrap(),
        counts.iter().max().unwrap(),
        worst * 100.0
    );
    worst
}

#[test]
fn sequential_ids_spread_within_ten_percent_of_the_mean() {
    let worst = spread(16, |id| Seq16 { id });
    assert!(worst <= 0.10, "16 buckets: {:.2}%", worst * 100.0);
    let worst = spread(100, |id| Seq100 { id });
    assert!(worst <= 0.10, "100 buckets: {:.2}%", worst * 100.0);
}

#[test]
fn split_points_bound_every_bucket() {
    fn check_splits<K: RowKey>(splits: Vec<Vec<u8>>, salt: Salt, keys: impl Iterator<Item = K>) {
        let n = salt.buckets() as usize;
        assert_eq!(splits.len(), n - 1);
        assert!(
            splits.windows(2).all(|w| w[0] < w[1]),
            "strictly increasing"
        );
        for k in keys {
            let bytes = k.encode().unwrap();
            let bytes = bytes.as_ref();
            let b = salt.read(bytes).unwrap() as usize;
            if b > 0 {
                assert!(
                    splits[b - 1].as_slice() <= bytes,
                    "bucket {b} starts at its split point"
                );
            }
            if b < n - 1 {
                assert!(
                    bytes < splits[b].as_slice(),
                    "bucket {b} ends before the next split point"
                );
            }
        }
    }
    let splits = |s: rowkey::SplitPoints| s.map(|p| p.as_ref().to_vec()).collect::<Vec<_>>();
    check_splits(
        splits(Seq16::split_points()),
        Seq16::SALT,
        (0..5000).map(|id| Seq16 { id }),
    );
    check_splits(
        splits(Seq100::split_points()),
        Seq100::SALT,
        (0..5000).map(|id| Seq100 { id }),
    );
    check_splits(
        splits(Wide::split_points()),
        Wide::SALT,
        (0..=u16::MAX).map(|id| Wide { id, x: 0xFF }),
    );
    check_splits(
        splits(Region::split_points()),
        Region::SALT,
        (0..10_000).map(|id| Region { id, kind: 0 }),
    );
    check_splits(
        splits(Phoenix::split_points()),
        Phoenix::SALT,
        (0..5000).map(|a| Phoenix { a, b: 0xFF }),
    );
    assert_eq!(splits(Seq16::split_points())[0], [1]);
    assert_eq!(splits(Wide::split_points())[255], [0x01, 0x00]);
    assert_eq!(splits(Region::split_points())[98], b"99");
}

#[test]
fn region_split_points_group_buckets_into_regions() {
    // Seed 003: 10,000 digit prefixes in 100 regions, split at 0100, 0200, ... 9900.
    #[derive(RowKey, Debug)]
    struct Row {
        #[salt(mod = 10000, pad = 4)]
        id: u64,
    }
    let splits: Vec<Vec<u8>> = Row::SALT
        .region_split_points(100)
        .map(|p| p.as_ref().to_vec())
        .collect();
    let expected: Vec<Vec<u8>> = (1..100)
        .map(|r| format!("{:04}", r * 100).into_bytes())
        .collect();
    assert_eq!(splits, expected);
    for id in 0..3000u64 {
        let key = Row { id }.encode().unwrap();
        let bucket = Row::SALT.read(&key).unwrap();
        let start = Row::SALT.region_start(bucket, 100);
        assert_eq!(
            start.as_ref(),
            format!("{:04}", bucket / 100 * 100).as_bytes()
        );
        assert!(start.as_ref() <= &key[..]);
        assert_eq!(Row::SALT.region_of(bucket, 100), bucket / 100);
    }
}

#[test]
fn every_bucket_lies_in_the_region_its_split_points_say() {
    for n in [1u32, 2, 3, 7, 16, 100, 256, 300, 10_000] {
        let salt = if n == 10_000 {
            Salt::digits(n, 4)
        } else {
            Salt::new(n)
        };
        for regions in [1u32, 2, 3, 7, 10, 16, 99, 100, 255, 256, 1000, n] {
            let splits: Vec<Vec<u8>> = salt
                .region_split_points(regions)
                .map(|p| p.as_ref().to_vec())
                .collect();
            assert_eq!(
                splits.len() as u32,
                regions.clamp(1, n) - 1,
                "{n} buckets, {regions} regions"
            );
            assert!(splits.windows(2).all(|w| w[0] < w[1]));
            for bucket in 0..n {
                let prefix = salt.prefix(bucket);
                // The region of a bucket is the number of split points at or below its prefix.
                let region = splits.partition_point(|s| s.as_slice() <= prefix.as_ref()) as u32;
                assert_eq!(
                    salt.region_of(bucket, regions),
                    region,
                    "bucket {bucket} of {n}, {regions} regions"
                );
                let start = salt.region_start(bucket, regions);
                let expected = if region == 0 {
                    salt.prefix(0).as_ref().to_vec()
                } else {
                    splits[region as usize - 1].clone()
                };
                assert_eq!(start.as_ref(), &expected[..]);
            }
        }
    }
}

#[test]
fn paging_through_every_bucket_of_a_fan_out() {
    let keys: Vec<Log> = (0..500)
        .map(|i| Log {
            host: i % 3,
            ts: i as u64 * 7919,
        })
        .collect();
    let map = table(&keys);
    let mut seen = Vec::new();
    for range in Log::range_for_host_ts(1, 1000..2_000_000).unwrap() {
        let mut r = range;
        while let Some((last, &i)) = map.range::<[u8], _>(r.bounds()).take(4).last() {
            seen.extend(map.range::<[u8], _>(r.bounds()).take(4).map(|(_, &i)| i));
            assert!(range.contains(last), "{:?}", keys[i]);
            r = r.after(last).unwrap();
        }
    }
    seen.sort_unstable();
    let expected: Vec<usize> = (0..keys.len())
        .filter(|&i| keys[i].host == 1 && (1000..2_000_000).contains(&keys[i].ts))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(seen, expected);
}

// ---- HBase shell text ----

#[test]
fn string_binary_matches_hbase_bytes_to_string_binary() {
    // Bytes.toStringBinary keeps 0x20..=0x7E except '\', and writes every other byte as \xNN in upper case.
    // Bytes.toStringBinary(Bytes.toBytes(1)):
    assert_eq!(
        StringBinary(&1i32.to_be_bytes()).to_string(),
        r"\x00\x00\x00\x01"
    );
    // Bytes.toStringBinary(Bytes.toBytes(1234L)):
    assert_eq!(
        StringBinary(&1234i64.to_be_bytes()).to_string(),
        r"\x00\x00\x00\x00\x00\x00\x04\xD2"
    );
    assert_eq!(StringBinary(b"row-1 ~{}").to_string(), "row-1 ~{}");
    assert_eq!(StringBinary(b"a\\b").to_string(), r"a\x5Cb");
    assert_eq!(
        StringBinary(&[0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF]).to_string(),
        r"\x1F ~\x7F\x80\xFF"
    );
    assert_eq!(StringBinary("中".as_bytes()).to_string(), r"\xE4\xB8\xAD");
    // A salted key as the shell prints it: bucket 0x0C, user 42 ('*'), reversed ts 1.
    let key = Event { user: 42, ts: 1 }.encode().unwrap();
    assert_eq!(
        StringBinary(&key).to_string(),
        r"\x0C\x00\x00\x00*\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFE"
    );
    let split = Seq16::split_points().nth(9).unwrap();
    assert_eq!(StringBinary(split.as_ref()).to_string(), r"\x0A");
}

#[test]
fn to_bytes_binary_reads_shell_text_back() {
    assert_eq!(to_bytes_binary(r"\x00\x00\x00\x01").unwrap(), [0, 0, 0, 1]);
    assert_eq!(
        to_bytes_binary(r"\x0C\x00\x00\x00*\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFE").unwrap(),
        Event { user: 42, ts: 1 }.encode().unwrap()
    );
    let key = to_bytes_binary(r"\x0C\x00\x00\x00*\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFE").unwrap();
    assert_eq!(Event::decode(&key).unwrap(), Event { user: 42, ts: 1 });
    assert_eq!(
        to_bytes_binary("00000120120902000001").unwrap(),
        b"00000120120902000001"
    );
    // A backslash not starting \x is literal, as in HBase.
    assert_eq!(to_bytes_binary(r"a\b").unwrap(), b"a\\b");
    // HBase's toBytesBinary drops the backslash of a bogus \x escape ("bogus escape code, ignore").
    assert_eq!(to_bytes_binary(r"\xZZ").unwrap(), b"xZZ");
    // rowkey also reads lower-case hex (HBase reads only upper case).
    assert_eq!(to_bytes_binary(r"\xff\xAb").unwrap(), [0xFF, 0xAB]);
}

proptest! {
    #[test]
    fn shell_text_round_trips_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let text = StringBinary(&bytes).to_string();
        prop_assert!(text.bytes().all(|c| (0x20..=0x7E).contains(&c)), "{}", text);
        prop_assert_eq!(to_bytes_binary(&text).unwrap(), bytes);
    }
}

/// A range on the field after a tag: the interpreter writes the tag's bytes
/// with no value given for it, as `range_for_customer_kind_order` does.
#[test]
fn a_range_after_a_tag_needs_no_value_for_the_tag() {
    use rowkey::dynamic::{scan, Scan, ScanRanges};
    let pins = [("customer", "7")];
    let range = Some(("order", Bound::Included("1"), Bound::Excluded("5")));
    let ScanRanges::One(r) = scan::<Vec<u8>>(&OrderKey::LAYOUT, &Scan { pins: &pins, range })
        .expect("a range after a tag")
    else {
        panic!("an unsalted key's scan is one range")
    };
    let derived = OrderKey::range_for_customer_kind_order(7, 1..5).unwrap();
    assert_eq!((r.start(), r.end()), (derived.start(), derived.end()));
}

/// A range on a `pad` field by the interpreter: the digits of its bounds, as
/// the derived helper writes them, and a bound with more digits than the
/// field's lies above every key.
#[test]
fn a_range_on_a_pad_field_by_the_interpreter_is_the_derived_one() {
    use rowkey::dynamic::{scan, Scan, ScanRanges};
    let pins = [("user_id", "1")];
    let ranges = [
        (Bound::Included("20120901"), Bound::Included("20120914")),
        (Bound::Excluded("20120901"), Bound::Excluded("20120914")),
        (Bound::Included("7"), Bound::Included("123456789")),
    ];
    for (lo, hi) in ranges {
        let range = Some(("create_date", lo, hi));
        let ScanRanges::One(r) = scan::<Vec<u8>>(&FileKey::LAYOUT, &Scan { pins: &pins, range })
            .expect("a range on a pad field")
        else {
            panic!("an unsalted key's scan is one range")
        };
        let value = |b: Bound<&str>| b.map(|v| v.parse::<u32>().unwrap());
        let derived = FileKey::range_for_user_id_create_date(1, (value(lo), value(hi))).unwrap();
        assert_eq!(
            (r.start(), r.end()),
            (derived.start(), derived.end()),
            "{lo:?} {hi:?}"
        );
    }
    let r = FileKey::range_for_user_id_create_date(1, 20120901..=20120914).unwrap();
    assert_eq!(r.start(), b"00000120120901");
}

// ---- a range by text, over a layout, for every codec ----

mod by_layout {
    use std::ops::Bound::{self, Excluded, Included, Unbounded};

    use rowkey::{dynamic, Md5, RowKey};

    type Bytes = Result<(Vec<u8>, Option<Vec<u8>>), String>;

    /// The range a scan by layout gives for `v` between `lo` and `hi` as text.
    fn by_text<K: RowKey>(lo: Bound<&str>, hi: Bound<&str>) -> Bytes {
        after::<K>(&[], lo, hi)
    }

    /// [`by_text`], the fields before `v` pinned.
    fn after<K: RowKey>(pins: &[(&str, &str)], lo: Bound<&str>, hi: Bound<&str>) -> Bytes {
        let scan = dynamic::Scan {
            pins,
            range: Some(("v", lo, hi)),
        };
        match dynamic::scan::<Vec<u8>>(&K::LAYOUT, &scan).map_err(|e| e.to_string())? {
            dynamic::ScanRanges::One(r) => Ok((r.start().to_vec(), r.end().map(<[u8]>::to_vec))),
            dynamic::ScanRanges::PerBucket(_) => panic!("a fan-out without a salt"),
        }
    }

    /// Asserts that the range by layout of `$key` is the derived helper's, byte for byte.
    macro_rules! same_range {
        ($key:ty, $lo:expr, $hi:expr, $derived:expr) => {{
            let d = $derived.unwrap();
            let derived = (d.start().to_vec(), d.end().map(<[u8]>::to_vec));
            assert_eq!(
                by_text::<$key>($lo, $hi),
                Ok(derived),
                "{}",
                stringify!($key)
            );
        }};
    }

    /// A field whose codec keeps order takes a range by layout exactly when
    /// its derived key has a range helper, and both give the same bytes, in
    /// either order of the field; every other codec refuses the range, as
    /// the derive gives it no range helper (README: the codec table's order).
    #[test]
    fn a_range_by_layout_is_the_derived_helpers_range() {
        #[derive(RowKey)]
        struct Pad {
            #[pad(3)]
            v: u32,
        }
        #[derive(RowKey)]
        struct PadDesc {
            #[reverse]
            #[pad(3)]
            v: u32,
        }
        #[derive(RowKey)]
        struct Narrow {
            #[be_u16]
            v: u32,
        }
        #[derive(RowKey)]
        struct NarrowSigned {
            #[be_u16]
            v: i32,
        }
        #[derive(RowKey)]
        struct Int {
            v: i32,
        }
        #[derive(RowKey)]
        struct IntDesc {
            #[reverse]
            v: i16,
        }
        #[derive(RowKey)]
        struct Float {
            v: f64,
        }
        #[derive(RowKey)]
        struct Float32Desc {
            #[reverse]
            v: f32,
        }
        #[derive(RowKey)]
        struct Fixed {
            #[fixed(4)]
            v: String,
        }
        #[derive(RowKey)]
        struct Bool {
            v: bool,
        }
        #[derive(RowKey)]
        struct Bytes {
            v: [u8; 2],
        }
        #[derive(RowKey)]
        struct Ordered {
            #[ordered]
            v: i32,
        }
        #[derive(RowKey)]
        struct OrderedDesc {
            #[reverse]
            #[ordered]
            v: f64,
        }
        #[derive(RowKey)]
        struct OrderedText {
            #[ordered]
            v: String,
        }

        same_range!(Pad, Included("5"), Included("42"), Pad::range_for_v(5..=42));
        same_range!(
            PadDesc,
            Included("5"),
            Excluded("42"),
            PadDesc::range_for_v(5..42)
        );
        same_range!(
            Narrow,
            Excluded("7"),
            Unbounded,
            Narrow::range_for_v((Excluded(7), Unbounded))
        );
        // Bounds beyond the values a field holds clamp to its ends.
        same_range!(
            NarrowSigned,
            Included("-5"),
            Included("70000"),
            NarrowSigned::range_for_v(-5..=70_000)
        );
        same_range!(
            NarrowSigned,
            Excluded("-1"),
            Excluded("65536"),
            NarrowSigned::range_for_v((Excluded(-1), Excluded(65_536)))
        );
        same_range!(
            Pad,
            Excluded("999"),
            Unbounded,
            Pad::range_for_v((Excluded(999), Unbounded))
        );
        same_range!(
            Pad,
            Included("7"),
            Included("1000"),
            Pad::range_for_v(7..=1000)
        );
        same_range!(
            Fixed,
            Included("abcdef"),
            Unbounded,
            Fixed::range_for_v("abcdef"..)
        );
        same_range!(Int, Included("-5"), Included("7"), Int::range_for_v(-5..=7));
        same_range!(
            Float32Desc,
            Excluded("-0.5"),
            Included("3e9"),
            Float32Desc::range_for_v((Excluded(-0.5), Included(3e9)))
        );
        same_range!(
            IntDesc,
            Unbounded,
            Included("-3"),
            IntDesc::range_for_v(..=-3)
        );
        same_range!(
            Float,
            Included("-1.5"),
            Excluded("2.25"),
            Float::range_for_v(-1.5..2.25)
        );
        same_range!(
            Fixed,
            Included("ab"),
            Included("b"),
            Fixed::range_for_v("ab"..="b")
        );
        same_range!(
            Bool,
            Included("false"),
            Excluded("true"),
            Bool::range_for_v(false..true)
        );
        same_range!(
            Bytes,
            Included("0a0b"),
            Included("0c0d"),
            Bytes::range_for_v([10, 11]..=[12, 13])
        );
        same_range!(
            Ordered,
            Included("-3"),
            Included("300"),
            Ordered::range_for_v(-3..=300)
        );
        same_range!(
            OrderedDesc,
            Included("-1"),
            Unbounded,
            OrderedDesc::range_for_v(-1.0..)
        );
        same_range!(
            OrderedText,
            Included("ab"),
            Excluded("b"),
            OrderedText::range_for_v("ab".."b")
        );
    }

    #[test]
    fn a_codec_without_order_refuses_a_range_by_layout() {
        #[derive(RowKey)]
        struct Escaped {
            #[escaped]
            v: String,
            #[pad(1)]
            after: u8,
        }
        #[derive(RowKey)]
        struct Java {
            #[java]
            v: i32,
        }
        #[derive(RowKey)]
        struct Numeric {
            #[ordered(numeric)]
            v: i64,
        }
        #[derive(RowKey)]
        struct BlobVar {
            #[ordered]
            v: Vec<u8>,
        }
        #[derive(RowKey)]
        struct OrderedNull {
            #[ordered]
            v: Option<i32>,
        }
        #[derive(RowKey)]
        struct Trailing {
            #[pad(1)]
            a: u8,
            v: String,
        }
        #[derive(RowKey)]
        struct Digest {
            v: Md5,
        }
        // Built only by decoding: its fields are the layout's.
        #[allow(dead_code)]
        #[derive(RowKey)]
        struct Tag {
            #[tag(b"u")]
            v: (),
            #[pad(1)]
            n: u8,
        }
        #[derive(RowKey)]
        #[rowkey(phoenix)]
        struct Char {
            #[phoenix(char(3))]
            v: String,
        }
        #[derive(RowKey)]
        #[rowkey(phoenix)]
        struct VarcharDesc {
            #[reverse]
            v: String,
            n: i32,
        }

        // The digest inside `Md5`'s own layout, as the command line reads an `Md5` key.
        let scan = dynamic::Scan {
            pins: &[],
            range: Some(("md5", Included("0x00"), Unbounded)),
        };
        let digest = dynamic::scan::<Vec<u8>>(&Md5::LAYOUT, &scan).map(|_| ());
        assert_eq!(
            digest.map_err(|e| e.to_string()),
            Err("field `md5` (md5) does not keep order in the key, so it takes a value, not a range".into())
        );
        let refuses = |codec: &str, text: Bytes| {
            let want = format!("field `v` ({codec}) does not keep order in the key, so it takes a value, not a range");
            assert_eq!(text, Err(want), "{codec}");
        };
        for (codec, text) in [
            ("escaped", by_text::<Escaped>(Included("a"), Included("b"))),
            ("java int", by_text::<Java>(Included("-1"), Included("1"))),
            (
                "ordered numeric",
                by_text::<Numeric>(Included("-1"), Included("1")),
            ),
            (
                "ordered blob_var",
                by_text::<BlobVar>(Included("0x01"), Included("0x02")),
            ),
            (
                "Option<ordered i32>",
                by_text::<OrderedNull>(Included("1"), Included("2")),
            ),
            (
                "rest of key",
                after::<Trailing>(&[("a", "1")], Included("a"), Included("b")),
            ),
            (
                "Md5",
                by_text::<Digest>(Included("md5:a"), Included("md5:b")),
            ),
            ("tag(b\"u\")", by_text::<Tag>(Included(""), Included(""))),
            (
                "phoenix CHAR(3)",
                by_text::<Char>(Included("a"), Included("b")),
            ),
            (
                "phoenix VARCHAR, reverse",
                by_text::<VarcharDesc>(Included("a"), Included("b")),
            ),
        ] {
            refuses(codec, text);
        }
    }

    /// Phoenix's fixed types and an ascending VARCHAR keep order in the key,
    /// so they take a range by layout: it starts at the lower bound's key
    /// (Phoenix keys have no derived range helper to compare with).
    #[test]
    fn phoenix_fields_that_keep_order_take_a_range_by_layout() {
        #[derive(RowKey)]
        #[rowkey(phoenix)]
        struct Integer {
            v: i32,
        }
        #[derive(RowKey)]
        #[rowkey(phoenix)]
        struct Varchar {
            v: String,
        }
        let start = |r: Bytes| r.map(|(start, _)| start);
        assert_eq!(
            start(by_text::<Integer>(Included("-5"), Included("7"))),
            Ok(Integer { v: -5 }.encode().unwrap().as_ref().to_vec())
        );
        assert_eq!(
            start(by_text::<Varchar>(Included("ab"), Excluded("b"))),
            Ok(Varchar { v: "ab".into() }.encode().unwrap())
        );
    }
}
