//! Properties of `#[rowkey(phoenix)]` keys against simple models: round
//! trip, decode of any bytes (an error or the one value that encodes to
//! them, never a panic), key order equal to the order Phoenix promises for
//! the values, and prefix and range helpers selecting exactly the keys a
//! filter over the values selects, in a sorted `BTreeMap`.

#[path = "support/range_check.rs"]
mod range_check;
#[path = "support/cases.rs"]
mod support_cases;
use range_check::{check, fail, table};

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::ops::Bound;

use proptest::prelude::*;
use proptest::sample::select;
use rowkey::codec::phoenix::{Date, Timestamp};
use rowkey::dynamic::{self, FieldValue, Value};
use rowkey::{BucketRangesOf, KeyRangeOf, Number, RangeBytes, RowKey};
use support_cases::cases;

/// `PRIMARY KEY (host VARCHAR, ts BIGINT DESC, tag VARCHAR DESC, name VARCHAR)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Host {
    host: String,
    #[reverse]
    ts: i64,
    #[reverse]
    tag: String,
    name: String,
}

/// `PRIMARY KEY (a VARCHAR, b VARCHAR, c VARCHAR DESC)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Triple {
    a: String,
    b: String,
    #[reverse]
    c: String,
}

/// `PRIMARY KEY (d DOUBLE, at TIMESTAMP DESC, on BOOLEAN, code CHAR(2), day DATE, b BOOLEAN DESC)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Fixed {
    d: f64,
    #[reverse]
    at: Timestamp,
    on: bool,
    #[phoenix(char(2))]
    code: String,
    day: Date,
    #[reverse]
    b: bool,
}

/// `PRIMARY KEY (host VARCHAR DESC, ts BIGINT, name VARCHAR) SALT_BUCKETS = 8`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 8, phoenix))]
struct Salted {
    #[reverse]
    host: String,
    ts: i64,
    name: String,
}

/// `PRIMARY KEY (id INTEGER, ts BIGINT) SALT_BUCKETS = 8`: fixed columns
/// behind Phoenix's salt byte.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 8, phoenix))]
struct FixedSalted {
    id: i32,
    ts: i64,
}

/// The interpreter writes a fixed salted key's bucket as the derived code
/// does, from every column's bytes.
#[test]
fn a_fixed_salted_key_by_layout_is_the_derived_one() {
    for id in -20..20 {
        let k = FixedSalted {
            id,
            ts: 7 * i64::from(id),
        };
        let (id, ts) = (id.to_string(), k.ts.to_string());
        let values = [("id", id.as_str()), ("ts", ts.as_str())];
        let key = dynamic::encode(&FixedSalted::LAYOUT, &values).unwrap();
        assert_eq!(key, k.encode().unwrap().to_vec(), "{k:?}");
    }
}

/// `PRIMARY KEY (a VARCHAR, b VARCHAR) SALT_BUCKETS = 8`: every column may
/// be null.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 8, phoenix))]
struct SaltedNames {
    a: String,
    b: String,
}

/// A salted key whose every column is null is refused by layout as the
/// derived code refuses it: the salt byte is no column.
#[test]
fn a_salted_key_of_nulls_is_refused_by_layout_too() {
    let nulls = SaltedNames {
        a: String::new(),
        b: String::new(),
    };
    let derived = nulls.encode().unwrap_err().kind();
    assert_eq!(derived, rowkey::EncodeErrorKind::Null);
    let by_layout = dynamic::encode(&SaltedNames::LAYOUT, &[("a", ""), ("b", "")]).unwrap_err();
    assert_eq!(
        by_layout.to_string(),
        format!("field `SaltedNames`: {derived}")
    );
    let one = dynamic::encode(&SaltedNames::LAYOUT, &[("a", "x"), ("b", "")]).unwrap();
    let a = SaltedNames {
        a: "x".into(),
        ..nulls
    };
    assert_eq!(one, a.encode().unwrap());
}

// ---- the models ----

/// A `VARCHAR`'s order: bytewise ascending; descending, the empty value
/// (Phoenix's null) still first.
fn varchar_cmp(a: &str, b: &str, desc: bool) -> Ordering {
    match (a.is_empty(), b.is_empty(), desc) {
        (true, true, _) => Ordering::Equal,
        (true, false, _) => Ordering::Less,
        (false, true, _) => Ordering::Greater,
        (false, false, false) => a.cmp(b),
        (false, false, true) => b.cmp(a),
    }
}

fn host_cmp(a: &Host, b: &Host) -> Ordering {
    varchar_cmp(&a.host, &b.host, false)
        .then(b.ts.cmp(&a.ts))
        .then(varchar_cmp(&a.tag, &b.tag, true))
        .then(varchar_cmp(&a.name, &b.name, false))
}

/// `DOUBLE` sorts as `total_cmp` (Phoenix keeps one NaN, above infinity).
fn fixed_cmp(a: &Fixed, b: &Fixed) -> Ordering {
    a.d.total_cmp(&b.d)
        .then(b.at.cmp(&a.at))
        .then(a.on.cmp(&b.on))
        .then(a.code.cmp(&b.code))
        .then(a.day.cmp(&b.day))
        .then(b.b.cmp(&a.b))
}

fn within<T>(r: &(Bound<T>, Bound<T>), v: &T, cmp: impl Fn(&T, &T) -> Ordering) -> bool {
    let lo = match &r.0 {
        Bound::Included(x) => cmp(v, x).is_ge(),
        Bound::Excluded(x) => cmp(v, x).is_gt(),
        Bound::Unbounded => true,
    };
    let hi = match &r.1 {
        Bound::Included(x) => cmp(v, x).is_le(),
        Bound::Excluded(x) => cmp(v, x).is_lt(),
        Bound::Unbounded => true,
    };
    lo && hi
}

// ---- checking a helper's range ----

/// The scans of every bucket's range together return exactly the keys `pred` holds for.
fn check_fan_out<K: RowKey + Debug>(
    keys: &[K],
    ranges: BucketRangesOf<impl RangeBytes>,
    pred: impl Fn(&K) -> bool,
) -> Result<(), TestCaseError> {
    let map = table(keys);
    let ranges: Vec<_> = ranges.collect();
    prop_assert_eq!(ranges.len(), 8);
    let scanned: BTreeSet<usize> = ranges
        .iter()
        .flat_map(|r| map.range::<[u8], _>(r.bounds()).map(|(_, &i)| i))
        .collect();
    let expected: BTreeSet<usize> = map.values().copied().filter(|&i| pred(&keys[i])).collect();
    prop_assert_eq!(scanned, expected);
    Ok(())
}

// ---- values ----

/// Strings that are prefixes of each other, empty (null), and non-ASCII.
const TEXT: &[&str] = &["", "a", "ab", "a\u{1}", "abc", "b", "\u{7f}", "é", "日本"];
const LONGS: &[i64] = &[i64::MIN, -1, 0, 1, 2, i64::MAX];
const DOUBLES: &[f64] = &[
    f64::NEG_INFINITY,
    -1.5,
    -0.0,
    0.0,
    1e-300,
    2.5,
    f64::INFINITY,
    f64::NAN,
];
const CODES: &[&str] = &["a", "ab", "b", "ba", "z"];

fn text() -> impl Strategy<Value = String> {
    select(TEXT).prop_map(str::to_string)
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![text(), "[^\u{0}]{0,6}"]
}

fn stamps() -> Vec<Timestamp> {
    [
        (-1, 999_999),
        (0, 0),
        (0, 1),
        (1, 0),
        (i64::MAX, 999_999),
        (i64::MIN, 0),
    ]
    .map(|(millis, nanos)| Timestamp { millis, nanos })
    .to_vec()
}

/// Range bounds on a `VARCHAR`: values, and strings with a `0x00`, which
/// are none but sort among them.
fn text_bounds() -> BoxedStrategy<(Bound<String>, Bound<String>)> {
    let mut pool: Vec<String> = TEXT.iter().map(|s| s.to_string()).collect();
    pool.extend(["\u{0}", "a\u{0}", "ab\u{0}c"].map(String::from));
    bounds(pool)
}

fn as_str(b: &(Bound<String>, Bound<String>)) -> (Bound<&str>, Bound<&str>) {
    (
        b.0.as_ref().map(String::as_str),
        b.1.as_ref().map(String::as_str),
    )
}

fn triple() -> impl Strategy<Value = Triple> {
    (text(), text(), text()).prop_map(|(a, b, c)| Triple { a, b, c })
}

fn host() -> impl Strategy<Value = Host> {
    (text(), select(LONGS), text(), text()).prop_map(|(host, ts, tag, name)| Host {
        host,
        ts,
        tag,
        name,
    })
}

fn fixed() -> impl Strategy<Value = Fixed> {
    (
        select(DOUBLES),
        select(stamps()),
        any::<bool>(),
        select(CODES),
        select(LONGS),
        any::<bool>(),
    )
        .prop_map(|(d, at, on, code, day, b)| Fixed {
            d,
            at,
            on,
            code: code.into(),
            day: Date { millis: day },
            b,
        })
}

fn salted() -> impl Strategy<Value = Salted> {
    (text(), select(LONGS), text()).prop_map(|(host, ts, name)| Salted { host, ts, name })
}

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

/// The values the layout interpreter reads from a `Host` key.
fn host_values(k: &Host) -> Vec<FieldValue<'static>> {
    let text = |name, v: &str| FieldValue {
        name,
        value: Value::Text(v.into()),
    };
    let int = Value::Int(Number::Signed(k.ts.into()));
    vec![
        text("host", &k.host),
        FieldValue {
            name: "ts",
            value: int,
        },
        text("tag", &k.tag),
        text("name", &k.name),
    ]
}

/// `field=value` text of a key's fields, as the command line takes them.
fn pairs<'a>(fields: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    fields.iter().map(|(n, v)| (*n, v.as_str())).collect()
}

fn host_text(k: &Host) -> Vec<(&'static str, String)> {
    vec![
        ("host", k.host.clone()),
        ("ts", k.ts.to_string()),
        ("tag", k.tag.clone()),
        ("name", k.name.clone()),
    ]
}

fn fixed_text(k: &Fixed) -> Vec<(&'static str, String)> {
    vec![
        ("d", format!("{:?}", k.d)),
        ("at", format!("{}:{}", k.at.millis, k.at.nanos)),
        ("on", k.on.to_string()),
        ("code", k.code.clone()),
        ("day", k.day.millis.to_string()),
        ("b", k.b.to_string()),
    ]
}

fn salted_text(k: &Salted) -> Vec<(&'static str, String)> {
    vec![
        ("host", k.host.clone()),
        ("ts", k.ts.to_string()),
        ("name", k.name.clone()),
    ]
}

/// The one range of a scan the pins fix the bucket of.
fn one<B: RangeBytes>(s: dynamic::ScanRanges<B>) -> KeyRangeOf<B> {
    match s {
        dynamic::ScanRanges::One(r) => r,
        dynamic::ScanRanges::PerBucket(_) => panic!("a fan-out where one range was due"),
    }
}

fn fan<B: RangeBytes>(s: dynamic::ScanRanges<B>) -> Vec<KeyRangeOf<B>> {
    match s {
        dynamic::ScanRanges::PerBucket(r) => r.collect(),
        dynamic::ScanRanges::One(_) => panic!("one range where a fan-out was due"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    #[test]
    fn the_layout_interpreter_writes_and_scans_as_the_derive_does(
        k in host(), f in fixed(), s in salted(), ts in bounds(LONGS.to_vec()),
    ) {
        type B = Vec<u8>;
        let kt = host_text(&k);
        let kp = pairs(&kt);
        prop_assert_eq!(dynamic::encode(&Host::LAYOUT, &kp).ok(), k.encode().ok());
        prop_assert_eq!(dynamic::encode(&Fixed::LAYOUT, &pairs(&fixed_text(&f))).unwrap(), f.encode().unwrap().to_vec());
        // What decode reads, as text, writes the key again.
        let fk = f.encode().unwrap();
        let read: Vec<(&str, String)> = dynamic::decode(&Fixed::LAYOUT, &fk).unwrap().into_iter().map(|v| (v.name, v.value.to_input())).collect();
        prop_assert_eq!(dynamic::encode(&Fixed::LAYOUT, &pairs(&read)).unwrap(), fk.to_vec());
        let st = salted_text(&s);
        let sp = pairs(&st);
        prop_assert_eq!(dynamic::encode(&Salted::LAYOUT, &sp).ok(), s.encode().ok());
        for n in 1..=4 {
            let scan = dynamic::Scan { pins: &kp[..n], range: None };
            let derived = match n {
                1 => Host::prefix_for_host(&k.host),
                2 => Host::prefix_for_host_ts(&k.host, k.ts),
                3 => Host::prefix_for_host_ts_tag(&k.host, k.ts, &k.tag),
                _ => Host::prefix_for_host_ts_tag_name(&k.host, k.ts, &k.tag, &k.name),
            };
            prop_assert_eq!(one(dynamic::scan::<B>(&Host::LAYOUT, &scan).unwrap()), derived.unwrap());
        }
        let text = |b: Bound<i64>| b.map(|v| v.to_string());
        let (lo, hi) = (text(ts.0), text(ts.1));
        let range = Some(("ts", lo.as_ref().map(String::as_str), hi.as_ref().map(String::as_str)));
        let scan = dynamic::Scan { pins: &kp[..1], range };
        prop_assert_eq!(one(dynamic::scan::<B>(&Host::LAYOUT, &scan).unwrap()), Host::range_for_host_ts(&k.host, ts).unwrap());
        let scan = dynamic::Scan { pins: &sp[..1], range };
        let derived: Vec<_> = Salted::range_for_host_ts(&s.host, ts).unwrap().collect();
        prop_assert_eq!(fan(dynamic::scan::<B>(&Salted::LAYOUT, &scan).unwrap()), derived);
        let scan = dynamic::Scan { pins: &sp[..1], range: None };
        let derived: Vec<_> = Salted::prefix_for_host(&s.host).unwrap().collect();
        prop_assert_eq!(fan(dynamic::scan::<B>(&Salted::LAYOUT, &scan).unwrap()), derived);
        let scan = dynamic::Scan { pins: &sp, range: None };
        prop_assert_eq!(one(dynamic::scan::<B>(&Salted::LAYOUT, &scan).unwrap()), Salted::prefix_for_host_ts_name(&s.host, s.ts, &s.name).unwrap());
    }

    #[test]
    fn the_layout_interpreter_reads_what_decode_reads(
        k in host(), f in fixed(), s in salted(),
        at in any::<prop::sample::Index>(), byte in any::<u8>(), cut in any::<prop::sample::Index>(),
    ) {
        if let Ok(key) = k.encode() {
            prop_assert_eq!(dynamic::decode(&Host::LAYOUT, &key), Ok(host_values(&k)));
        }
        let keys = [
            k.encode().unwrap_or_default(),
            f.encode().unwrap().to_vec(),
            s.encode().unwrap_or_default(),
        ];
        for mut key in keys {
            if !key.is_empty() {
                let i = at.index(key.len());
                key[i] = byte;
            }
            for b in [&key[..], &key[..cut.index(key.len() + 1)]] {
                prop_assert_eq!(Host::decode(b).err().map(rowkey::ReadError::from), dynamic::decode(&Host::LAYOUT, b).err());
                prop_assert_eq!(Fixed::decode(b).err().map(rowkey::ReadError::from), dynamic::decode(&Fixed::LAYOUT, b).err());
                prop_assert_eq!(Salted::decode(b).err().map(rowkey::ReadError::from), dynamic::decode(&Salted::LAYOUT, b).err());
                let _ = (Host::LAYOUT.explain(b).to_string(), Fixed::LAYOUT.explain(b).to_string(), Salted::LAYOUT.explain(b).to_string());
            }
        }
    }

    #[test]
    fn keys_round_trip(
        host in any_text(), ts in any::<i64>(), tag in any_text(), name in any_text(),
        d in any::<f64>(), millis in any::<i64>(), nanos in 0..1_000_000u32,
        on in any::<bool>(), code in "[!-~]{1,2}", day in any::<i64>(), b in any::<bool>(),
    ) {
        let h = Host { host, ts, tag, name };
        let bytes = h.encode().unwrap();
        prop_assert_eq!(bytes.len(), h.encoded_len());
        prop_assert_eq!(Host::decode(&bytes).unwrap(), h);
        // Any NaN but Java's one is refused rather than changed.
        let d = if d.is_nan() { f64::NAN } else { d };
        let f = Fixed { d, at: Timestamp { millis, nanos }, on, code, day: Date { millis: day }, b };
        let bytes = f.encode().unwrap();
        let back = Fixed::decode(&bytes).unwrap();
        prop_assert_eq!(back.encode().unwrap(), bytes);
        prop_assert!(back.d.total_cmp(&f.d).is_eq());
        let (back, f) = (Fixed { d: 0.0, ..back }, Fixed { d: 0.0, ..f });
        prop_assert_eq!(back, f);
    }

    #[test]
    fn decode_of_any_bytes_is_an_error_or_the_value_of_those_bytes(
        bytes in prop::collection::vec(prop_oneof![Just(0u8), Just(0xFF), any::<u8>(), 0x60..0x64u8], 0..40),
    ) {
        if let Ok(k) = Host::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        if let Ok(k) = Salted::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        if let Ok(k) = Fixed::decode(&bytes) {
            prop_assert_eq!(&k.encode().unwrap()[..], &bytes[..]);
        }
    }

    #[test]
    fn key_order_is_the_order_phoenix_promises(a in host(), b in host(), c in fixed(), d in fixed()) {
        if let (Ok(x), Ok(y)) = (a.encode(), b.encode()) {
            prop_assert_eq!(x.cmp(&y), host_cmp(&a, &b), "{:?} {:?}", a, b);
        }
        let (x, y) = (c.encode().unwrap(), d.encode().unwrap());
        prop_assert_eq!(x.cmp(&y), fixed_cmp(&c, &d), "{:?} {:?}", c, d);
    }

    #[test]
    fn helpers_select_exactly_the_keys_with_those_values(
        keys in prop::collection::vec(host(), 1..40),
        probe in host(),
        pick in any::<prop::sample::Index>(),
        from_keys in any::<bool>(),
        ts in bounds(LONGS.to_vec()),
    ) {
        // Phoenix writes no key of nulls only.
        let keys: Vec<Host> = keys.into_iter().filter(|k| k.encode().is_ok()).collect();
        prop_assume!(!keys.is_empty());
        let p = if from_keys { pick.get(&keys).clone() } else { probe };
        check(&keys, &Host::prefix_for_host(&p.host).map_err(fail)?, |k| k.host == p.host)?;
        check(&keys, &Host::prefix_for_host_ts(&p.host, p.ts).map_err(fail)?, |k| k.host == p.host && k.ts == p.ts)?;
        check(&keys, &Host::prefix_for_host_ts_tag(&p.host, p.ts, &p.tag).map_err(fail)?, |k| {
            (&k.host, k.ts, &k.tag) == (&p.host, p.ts, &p.tag)
        })?;
        check(&keys, &Host::prefix_for_host_ts_tag_name(&p.host, p.ts, &p.tag, &p.name).map_err(fail)?, |k| k == &p)?;
        check(&keys, &Host::range_for_host_ts(&p.host, ts).map_err(fail)?, |k| {
            k.host == p.host && within(&ts, &k.ts, Ord::cmp)
        })?;
    }

    #[test]
    fn varchar_ranges_select_exactly_their_values(
        hosts in prop::collection::vec(host(), 1..40),
        triples in prop::collection::vec(triple(), 1..40),
        p in host(), t in triple(), r in text_bounds(),
    ) {
        let triples: Vec<Triple> = triples.into_iter().filter(|k| k.encode().is_ok()).collect();
        prop_assume!(!triples.is_empty());
        let model = |v: &String| within(&r, v, Ord::cmp);
        check(&hosts, &Host::range_for_host(as_str(&r)).map_err(fail)?, |k| model(&k.host))?;
        check(&hosts, &Host::range_for_host_ts_tag_name(&p.host, p.ts, &p.tag, as_str(&r)).map_err(fail)?, |k| {
            (&k.host, k.ts, &k.tag) == (&p.host, p.ts, &p.tag) && model(&k.name)
        })?;
        check(&triples, &Triple::range_for_a(as_str(&r)).map_err(fail)?, |k| model(&k.a))?;
        check(&triples, &Triple::range_for_a_b(&t.a, as_str(&r)).map_err(fail)?, |k| k.a == t.a && model(&k.b))?;
        check(&triples, &Triple::prefix_for_a_b_c(&t.a, &t.b, &t.c).map_err(fail)?, |k| k == &t)?;
        // The layout interpreter's scans are the same ranges.
        let range = Some(("b", as_str(&r).0, as_str(&r).1));
        let scan = dynamic::Scan { pins: &[("a", &t.a)], range };
        prop_assert_eq!(one(dynamic::scan::<Vec<u8>>(&Triple::LAYOUT, &scan).unwrap()), Triple::range_for_a_b(&t.a, as_str(&r)).unwrap());
        let scan = dynamic::Scan { pins: &[], range: Some(("host", as_str(&r).0, as_str(&r).1)) };
        prop_assert_eq!(one(dynamic::scan::<Vec<u8>>(&Host::LAYOUT, &scan).unwrap()), Host::range_for_host(as_str(&r)).unwrap());
    }

    #[test]
    fn fixed_column_ranges_select_exactly_their_values(
        keys in prop::collection::vec(fixed(), 1..40),
        p in fixed(),
        d in bounds(DOUBLES.to_vec()),
        at in bounds(stamps()),
        on in bounds(vec![false, true]),
        day in bounds(LONGS.iter().map(|&millis| Date { millis }).collect()),
    ) {
        check(&keys, &Fixed::range_for_d(d).map_err(fail)?, |k| within(&d, &k.d, f64::total_cmp))?;
        check(&keys, &Fixed::range_for_d_at(p.d, at).map_err(fail)?, |k| {
            k.d.total_cmp(&p.d).is_eq() && within(&at, &k.at, Ord::cmp)
        })?;
        check(&keys, &Fixed::range_for_d_at_on(p.d, p.at, on).map_err(fail)?, |k| {
            k.d.total_cmp(&p.d).is_eq() && k.at == p.at && within(&on, &k.on, Ord::cmp)
        })?;
        check(&keys, &Fixed::range_for_d_at_on_code_day(p.d, p.at, p.on, &p.code, day).map_err(fail)?, |k| {
            k.d.total_cmp(&p.d).is_eq() && (k.at, k.on, &k.code) == (p.at, p.on, &p.code) && within(&day, &k.day, Ord::cmp)
        })?;
        check(&keys, &Fixed::prefix_for_d_at_on_code(p.d, p.at, p.on, &p.code).map_err(fail)?, |k| {
            k.d.total_cmp(&p.d).is_eq() && (k.at, k.on, &k.code) == (p.at, p.on, &p.code)
        })?;
    }

    #[test]
    fn salted_helpers_fan_out_or_pin_the_bucket(
        keys in prop::collection::vec(salted(), 1..40),
        p in salted(),
        ts in bounds(LONGS.to_vec()),
    ) {
        let keys: Vec<Salted> = keys.into_iter().filter(|k| k.encode().is_ok()).collect();
        prop_assume!(!keys.is_empty());
        check_fan_out(&keys, Salted::prefix_for_host(&p.host).map_err(fail)?, |k| k.host == p.host)?;
        check_fan_out(&keys, Salted::range_for_host_ts(&p.host, ts).map_err(fail)?, |k| {
            k.host == p.host && within(&ts, &k.ts, Ord::cmp)
        })?;
        check(&keys, &Salted::prefix_for_host_ts_name(&p.host, p.ts, &p.name).map_err(fail)?, |k| k == &p)?;
    }
}

/// A range on an ascending `VARCHAR` by the interpreter is the derived
/// helper's; a descending one takes a value, not a range (its empty string,
/// null, sorts first in both orders).
#[test]
fn the_interpreter_ranges_an_ascending_varchar_only() {
    let range = Some(("host", Bound::Included("a"), Bound::Excluded("c")));
    let scan = dynamic::Scan { pins: &[], range };
    assert_eq!(
        one(dynamic::scan::<Vec<u8>>(&Host::LAYOUT, &scan).unwrap()),
        Host::range_for_host("a".."c").unwrap()
    );
    let pins = [("a", "x"), ("b", "y")];
    let range = Some(("c", Bound::Included("a"), Bound::Excluded("c")));
    let scan = dynamic::Scan { pins: &pins, range };
    let e = dynamic::scan::<Vec<u8>>(&Triple::LAYOUT, &scan).unwrap_err();
    assert!(e.to_string().contains("takes a value, not a range"), "{e}");
}

/// A `TIMESTAMP` bound with nanoseconds past the millisecond, which no key
/// holds, clamps to the last nanosecond of it.
#[test]
fn a_timestamp_bound_past_its_millisecond_clamps() {
    let over = Timestamp {
        millis: 5,
        nanos: 1_500_000,
    };
    let last = Timestamp {
        millis: 5,
        nanos: 999_999,
    };
    assert_eq!(
        Fixed::range_for_d_at(1.0, ..=over).unwrap(),
        Fixed::range_for_d_at(1.0, ..=last).unwrap()
    );
    assert_eq!(
        Fixed::range_for_d_at(1.0, over..).unwrap(),
        Fixed::range_for_d_at(1.0, last..).unwrap()
    );
}
