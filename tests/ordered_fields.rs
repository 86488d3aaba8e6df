//! `#[ordered]` strings, bytes and `Option`s, and `#[rowkey(hbase_struct)]`
//! keys: the bytes HBase's `OrderedBytes` and `Struct` wrote in
//! tests/data/java-vectors.tsv (made by the real HBase code), read back; and
//! round trip, decode of any bytes, key order and scan helpers against
//! simple models.

use std::collections::BTreeMap;
use std::ops::Bound;

use proptest::prelude::*;
use rowkey::codec::ordered_field::{OrderedNull, OrderedValue, OrderedVar};
use rowkey::{DecodeErrorKind, EncodeErrorKind, FieldCodec, Order, ReadError, RowKey};

/// The rows of the Java vectors with this format and type: (order, value, bytes or `None` for `!error`).
fn vectors(format: &str, ty: &str) -> Vec<(String, String, Option<Vec<u8>>)> {
    include_str!("data/java-vectors.tsv")
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|c| c.len() == 5 && c[0] == format && c[1] == ty)
        .map(|c| {
            let bytes = (c[4] != "!error").then(|| hex(c[4]));
            (c[2].to_string(), c[3].to_string(), bytes)
        })
        .collect()
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// A vector's value: `null`, or `x` and hex bytes.
fn value(v: &str) -> Option<Vec<u8>> {
    (v != "null").then(|| hex(v.strip_prefix('x').unwrap()))
}

#[derive(RowKey, Debug, PartialEq)]
struct Text {
    #[ordered]
    v: Option<String>,
}

#[derive(RowKey, Debug, PartialEq)]
struct TextDesc {
    #[ordered]
    #[reverse]
    v: Option<String>,
}

#[derive(RowKey, Debug, PartialEq)]
struct BlobVar {
    #[ordered]
    v: Option<Vec<u8>>,
}

#[derive(RowKey, Debug, PartialEq)]
struct BlobVarDesc {
    #[ordered]
    #[reverse]
    v: Option<Vec<u8>>,
}

#[derive(RowKey, Debug, PartialEq)]
struct BlobCopy {
    #[ordered(copy)]
    v: Option<Vec<u8>>,
}

#[derive(RowKey, Debug, PartialEq)]
struct BlobCopyDesc {
    #[ordered(copy)]
    #[reverse]
    v: Option<Vec<u8>>,
}

/// Every Java vector of `ty`: `make` builds the key of an order and value.
fn check_vectors<K, F>(ty: &str, desc: bool, make: F)
where
    K: for<'de> RowKey<Bytes = Vec<u8>, Decoded<'de> = K> + PartialEq + std::fmt::Debug,
    F: Fn(Option<Vec<u8>>) -> Option<K>,
{
    let order = if desc { "desc" } else { "asc" };
    let rows: Vec<_> = vectors("ordered", ty)
        .into_iter()
        .filter(|(o, _, _)| o == order)
        .collect();
    assert!(rows.len() > 10, "{ty} {order}");
    for (_, v, bytes) in rows {
        let Some(key) = make(value(&v)) else { continue };
        match bytes {
            Some(bytes) => {
                assert_eq!(key.encode().unwrap(), bytes, "{ty} {order} {v}");
                assert_eq!(K::decode(&bytes).unwrap(), key, "{ty} {order} {v}");
            }
            None => {
                let e = key.encode().unwrap_err();
                assert!(matches!(e.kind(), EncodeErrorKind::ZeroByte { .. }), "{e}");
                assert!(e.to_string().contains("`v`"), "{e}");
            }
        }
    }
}

fn utf8(v: Option<Vec<u8>>) -> Option<Option<String>> {
    match v {
        None => Some(None),
        Some(b) => String::from_utf8(b).ok().map(Some),
    }
}

#[test]
fn fields_are_the_bytes_hbase_wrote() {
    check_vectors("text", false, |v| Some(Text { v: utf8(v)? }));
    check_vectors("text", true, |v| Some(TextDesc { v: utf8(v)? }));
    check_vectors("blobvar", false, |v| Some(BlobVar { v }));
    check_vectors("blobvar", true, |v| Some(BlobVarDesc { v }));
    check_vectors("blobcopy", false, |v| Some(BlobCopy { v }));
    check_vectors("blobcopy", true, |v| Some(BlobCopyDesc { v }));
}

/// Borrowed where the key holds the value's own bytes.
#[derive(RowKey, Debug, PartialEq)]
struct Borrowed<'a> {
    #[ordered]
    name: &'a str,
    #[ordered]
    tag: Option<&'a str>,
    #[ordered(copy)]
    body: &'a [u8],
}

#[test]
fn ascending_text_and_blob_copy_borrow() {
    let key = Borrowed {
        name: "ab",
        tag: None,
        body: b"\x00\xFF",
    };
    let bytes = key.encode().unwrap();
    assert_eq!(bytes, b"\x34ab\x00\x05\x38\x00\xFF");
    assert_eq!(Borrowed::decode(&bytes).unwrap(), key);
    // A null where a value is required names the header it expected.
    let e = Borrowed::decode(b"\x05\x05\x38").unwrap_err();
    assert_eq!(e.field(), "name");
    assert_eq!(
        e.kind(),
        DecodeErrorKind::BadHeader {
            expected: 0x34,
            found: 0x05
        }
    );
    let e = Borrowed {
        name: "a\0",
        tag: None,
        body: b"",
    }
    .encode()
    .unwrap_err();
    assert_eq!(e.kind(), EncodeErrorKind::ZeroByte { at: 1 });
    assert!(e.to_string().contains("`name`"), "{e}");
}

/// HBase: `Struct(OrderedInt32 ASC, OrderedString ASC, OrderedBlobVar DESC, OrderedString DESC)`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
struct First {
    #[ordered]
    id: i32,
    #[ordered]
    name: Option<String>,
    #[ordered]
    #[reverse]
    blob: Option<Vec<u8>>,
    #[ordered]
    #[reverse]
    tag: Option<String>,
}

/// HBase: `Struct(OrderedInt64 DESC, OrderedFloat64 ASC, OrderedString DESC, OrderedBlob ASC)`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
struct Second {
    #[ordered]
    #[reverse]
    ts: i64,
    #[ordered]
    score: f64,
    #[ordered]
    #[reverse]
    host: Option<String>,
    #[ordered(copy)]
    body: Option<Vec<u8>>,
}

/// A struct vector's fields, padded with nulls to `n`.
fn fields(v: &str, n: usize) -> Vec<String> {
    let mut f: Vec<String> = v
        .split(',')
        .filter(|f| !f.is_empty())
        .map(str::to_string)
        .collect();
    f.resize(n, "null".to_string());
    f
}

fn text(v: &str) -> Option<String> {
    value(v).map(|b| String::from_utf8(b).unwrap())
}

#[test]
fn structs_are_the_bytes_hbase_wrote() {
    let rows = vectors("struct", "i32a_texta_blobvard_textd");
    assert_eq!(rows.len(), 8);
    for (_, v, bytes) in rows {
        let f = fields(&v, 4);
        let key = First {
            id: f[0].parse().unwrap(),
            name: text(&f[1]),
            blob: value(&f[2]),
            tag: text(&f[3]),
        };
        let bytes = bytes.unwrap();
        assert_eq!(key.encode().unwrap(), bytes, "{v}");
        assert_eq!(key.encoded_len(), bytes.len(), "{v}");
        assert_eq!(First::decode(&bytes).unwrap(), key, "{v}");
    }
    let rows = vectors("struct", "i64d_f64a_textd_blobcopya");
    assert_eq!(rows.len(), 5);
    for (_, v, bytes) in rows {
        let f = fields(&v, 4);
        let bits = u64::from_str_radix(f[1].strip_prefix('x').unwrap(), 16).unwrap();
        let key = Second {
            ts: f[0].parse().unwrap(),
            score: f64::from_bits(bits),
            host: text(&f[2]),
            body: value(&f[3]),
        };
        let bytes = bytes.unwrap();
        assert_eq!(key.encode().unwrap(), bytes, "{v}");
        let back = Second::decode(&bytes).unwrap();
        assert_eq!(back.score.to_bits(), bits, "{v}");
        assert_eq!(
            (back.ts, &back.host, &back.body),
            (key.ts, &key.host, &key.body)
        );
    }
}

/// HBase: `Struct(OrderedString ASC, OrderedBlobVar ASC, OrderedBlob DESC)`:
/// every field nullable.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
struct Third {
    #[ordered]
    name: Option<String>,
    #[ordered]
    blob: Option<Vec<u8>>,
    #[ordered(copy)]
    #[reverse]
    body: Option<Vec<u8>>,
}

#[test]
fn a_struct_of_nulls_is_no_bytes_and_zero_bytes_are_refused() {
    let rows = vectors("struct", "texta_blobvara_blobcopyd");
    assert_eq!(rows.len(), 9);
    for (_, v, bytes) in rows {
        let f = fields(&v, 3);
        let key = Third {
            name: text(&f[0]),
            blob: value(&f[1]),
            body: value(&f[2]),
        };
        match bytes {
            Some(bytes) => {
                assert_eq!(key.encode().unwrap(), bytes, "{v}");
                assert_eq!(Third::decode(&bytes).unwrap(), key, "{v}");
                dynamic_round_trip(&Third::LAYOUT, &bytes).unwrap();
            }
            None => {
                let e = key.encode().unwrap_err();
                assert_eq!(e.kind(), EncodeErrorKind::ZeroByte { at: 1 }, "{v}");
                assert!(e.to_string().contains("`body`"), "{e}");
            }
        }
    }
    assert_eq!(Third::WIDTH, 0);
}

#[test]
fn trailing_nulls_are_left_out_and_read_back_as_none() {
    let short = First {
        id: 7,
        name: None,
        blob: None,
        tag: None,
    };
    assert_eq!(short.encode().unwrap(), [0x2B, 0x80, 0, 0, 7]);
    assert_eq!(First::WIDTH, 5);
    const { assert!(First::VARIABLE) };
    // A key that ends with a null is none HBase writes: one reading per key.
    let e = First::decode(&[0x2B, 0x80, 0, 0, 7, 0x05]).unwrap_err();
    assert_eq!(e.kind(), DecodeErrorKind::AbsentWritten);
    // The layout says which fields may be left out, and the fingerprint counts it.
    let name = First::LAYOUT.segment("name").unwrap();
    let FieldCodec::OrderedNull(OrderedNull { value, trailing }) = name.kind else {
        panic!("{:?}", name.kind)
    };
    assert!(trailing && !name.optional);
    assert_eq!(
        value,
        OrderedValue::Var(OrderedVar {
            header: 0x34,
            text: rowkey::codec::TextType {
                utf8: true,
                borrowed: false
            }
        })
    );
    assert_eq!(
        First::LAYOUT.segment("blob").unwrap().order,
        Order::Unordered
    );
    assert_ne!(First::FINGERPRINT, NotStruct::FINGERPRINT);
}

/// `First` without `hbase_struct`: every null is written.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct NotStruct {
    #[ordered]
    id: i32,
    #[ordered]
    name: Option<String>,
    #[ordered]
    #[reverse]
    blob: Option<Vec<u8>>,
    #[ordered]
    #[reverse]
    tag: Option<String>,
}

#[test]
fn outside_a_struct_every_null_is_written() {
    let key = NotStruct {
        id: 7,
        name: None,
        blob: None,
        tag: None,
    };
    assert_eq!(
        key.encode().unwrap(),
        [0x2B, 0x80, 0, 0, 7, 0x05, 0xFA, 0xFA]
    );
    assert!(NotStruct::decode(&[0x2B, 0x80, 0, 0, 7]).is_err());
}

/// A key for order and helpers: a `Text`, an `i32` newest first, and a trailing `Option`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
struct Scan {
    #[ordered]
    host: String,
    #[ordered]
    #[reverse]
    ts: i32,
    #[ordered]
    note: Option<String>,
}

/// A descending `Text` first.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Newest {
    #[ordered]
    #[reverse]
    host: String,
    #[ordered]
    ts: i32,
}

fn host() -> impl Strategy<Value = String> {
    // Few letters, so values share prefixes; no `0x00`, which `Text` rejects.
    "[ab\u{1}\u{7f}é]{0,4}"
}

fn scan_key() -> impl Strategy<Value = Scan> {
    (host(), -3i32..3, proptest::option::of(host())).prop_map(|(host, ts, note)| Scan {
        host,
        ts,
        note,
    })
}

/// The model's order: host ascending, ts descending, then `None` first.
fn model_cmp(a: &Scan, b: &Scan) -> std::cmp::Ordering {
    a.host
        .cmp(&b.host)
        .then(b.ts.cmp(&a.ts))
        .then(a.note.cmp(&b.note))
}

fn bound(b: Bound<&String>) -> Bound<&str> {
    b.map(String::as_str)
}

proptest! {
    #[test]
    fn structs_round_trip(
        id in any::<i32>(),
        name in proptest::option::of("[^\u{0}]{0,6}"),
        blob in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..9)),
        tag in proptest::option::of("[^\u{0}]{0,6}"),
        ts in any::<i64>(),
        body in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..9)),
    ) {
        let first = First { id, name: name.clone(), blob, tag: tag.clone() };
        let bytes = first.encode().unwrap();
        prop_assert_eq!(bytes.len(), first.encoded_len());
        prop_assert_eq!(First::decode(&bytes).unwrap(), first);
        let second = Second { ts, score: ts as f64, host: tag, body };
        let bytes = second.encode().unwrap();
        prop_assert_eq!(Second::decode(&bytes).unwrap(), second);
    }

    #[test]
    fn any_bytes_decode_without_panic_and_to_one_reading(
        bytes in proptest::collection::vec(
            prop_oneof![Just(0x00u8), Just(0x05), Just(0x34), Just(0x37), Just(0x2B), Just(0x80), Just(0xFA), Just(0xFF), any::<u8>()],
            0..16,
        )
    ) {
        if let Ok(k) = First::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        // The layout alone accepts exactly the keys the derived code does.
        for (layout, derived) in [
            (&First::LAYOUT, First::decode(&bytes).map(|_| ())),
            (&Second::LAYOUT, Second::decode(&bytes).map(|_| ())),
            (&Scan::LAYOUT, Scan::decode(&bytes).map(|_| ())),
            (&Borrowed::LAYOUT, Borrowed::decode(&bytes).map(|_| ())),
        ] {
            prop_assert_eq!(rowkey::dynamic::decode(layout, &bytes).map(|_| ()), derived.map_err(ReadError::from));
        }
        if let Ok(k) = Second::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        if let Ok(k) = Scan::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        if let Ok(k) = BlobVarDesc::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        let _ = Borrowed::decode(&bytes);
    }

    #[test]
    fn bytes_sort_as_the_model(a in scan_key(), b in scan_key()) {
        let (ka, kb) = (a.encode().unwrap(), b.encode().unwrap());
        prop_assert_eq!(ka.cmp(&kb), model_cmp(&a, &b));
    }

    #[test]
    fn helpers_select_what_the_model_selects(
        keys in proptest::collection::vec(scan_key(), 1..40),
        probe in scan_key(),
        lo in host(),
        hi in host(),
        lo_in in any::<bool>(),
        hi_in in any::<bool>(),
    ) {
        let table: BTreeMap<Vec<u8>, Scan> =
            keys.iter().map(|k| (k.encode().unwrap(), k.clone())).collect();
        let found = |r: &rowkey::KeyRangeBuf| -> Vec<Scan> {
            table.range::<[u8], _>(r.bounds()).map(|(_, k)| k.clone()).collect()
        };
        let model = |f: &dyn Fn(&Scan) -> bool| -> Vec<Scan> {
            table.values().filter(|k| f(k)).cloned().collect()
        };
        let host = &probe.host;
        let r = Scan::prefix_for_host(host).unwrap();
        prop_assert_eq!(found(&r), model(&|k| &k.host == host));
        let r = Scan::prefix_for_host_ts(host, probe.ts).unwrap();
        prop_assert_eq!(found(&r), model(&|k| &k.host == host && k.ts == probe.ts));
        let lo_b = if lo_in { Bound::Included(&lo) } else { Bound::Excluded(&lo) };
        let hi_b = if hi_in { Bound::Included(&hi) } else { Bound::Excluded(&hi) };
        let r = Scan::range_for_host((bound(lo_b), bound(hi_b))).unwrap();
        prop_assert_eq!(
            found(&r),
            model(&|k| (lo_b, hi_b).contains(&k.host))
        );
        let r = Scan::range_for_host_ts(host, probe.ts..).unwrap();
        prop_assert_eq!(found(&r), model(&|k| &k.host == host && k.ts >= probe.ts));
        // A descending `Text`: the range's keys come largest first.
        let desc: BTreeMap<Vec<u8>, String> = keys
            .iter()
            .map(|k| (Newest { host: k.host.clone(), ts: k.ts }.encode().unwrap(), k.host.clone()))
            .collect();
        let r = Newest::range_for_host((bound(lo_b), bound(hi_b))).unwrap();
        let got: Vec<&String> = desc.range::<[u8], _>(r.bounds()).map(|(_, h)| h).collect();
        let mut want: Vec<&String> = desc.values().filter(|h| (lo_b, hi_b).contains(h)).collect();
        want.sort_by(|a, b| b.cmp(a));
        prop_assert_eq!(got, want);
    }
}

use std::ops::RangeBounds;

/// The layout alone reads and writes the same bytes as the derived code.
fn dynamic_round_trip(layout: &rowkey::Layout, bytes: &[u8]) -> Result<(), TestCaseError> {
    let fields = rowkey::dynamic::decode(layout, bytes).unwrap();
    let texts: Vec<(&str, String)> = fields
        .iter()
        .map(|f| (f.name, f.value.to_input()))
        .collect();
    let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (*n, v.as_str())).collect();
    prop_assert_eq!(rowkey::dynamic::encode(layout, &pairs).unwrap(), bytes);
    Ok(())
}

#[test]
fn layouts_read_and_write_the_struct_vectors() {
    for ty in ["i32a_texta_blobvard_textd", "i64d_f64a_textd_blobcopya"] {
        let layout = if ty.starts_with("i32") {
            &First::LAYOUT
        } else {
            &Second::LAYOUT
        };
        for (_, v, bytes) in vectors("struct", ty) {
            let bytes = bytes.unwrap();
            dynamic_round_trip(layout, &bytes).unwrap_or_else(|e| panic!("{ty} {v}: {e}"));
        }
    }
    let key = First {
        id: -1,
        name: Some("ab".into()),
        blob: None,
        tag: Some("z".into()),
    }
    .encode()
    .unwrap();
    let e = First::LAYOUT.explain(&key[..7]);
    assert_eq!(
        format!("{e:#}"),
        "First id=-1 name=<cut: 2 bytes, unterminated> (partial key: 7 bytes)",
    );
    let json = First::LAYOUT.to_json();
    assert!(
        json.contains(r#"{"kind": "ordered_null", "trailing": true, "value": {"kind": "ordered", "header": 52, "text": "str", "borrowed": false}}"#),
        "{json}"
    );
}

proptest! {
    #[test]
    fn layouts_agree_with_derived_code(key in scan_key(), lo in host(), hi in host()) {
        let bytes = key.encode().unwrap();
        dynamic_round_trip(&Scan::LAYOUT, &bytes)?;
        let scan = rowkey::dynamic::Scan {
            pins: &[],
            range: Some(("host", Bound::Included(&lo), Bound::Excluded(&hi))),
        };
        let rowkey::dynamic::ScanRanges::One(r) =
            rowkey::dynamic::scan::<Vec<u8>>(&Scan::LAYOUT, &scan).unwrap()
        else {
            panic!()
        };
        prop_assert_eq!(r, Scan::range_for_host(lo.as_str()..hi.as_str()).unwrap());
        let ts = key.ts.to_string();
        let pins = [("host", key.host.as_str()), ("ts", ts.as_str())];
        let scan = rowkey::dynamic::Scan { pins: &pins, range: None };
        let rowkey::dynamic::ScanRanges::One(r) =
            rowkey::dynamic::scan::<Vec<u8>>(&Scan::LAYOUT, &scan).unwrap()
        else {
            panic!()
        };
        prop_assert_eq!(r, Scan::prefix_for_host_ts(&key.host, key.ts).unwrap());
        // `note` may be left out: pinned to `None` it would select every note.
        let pins = [("host", key.host.as_str()), ("ts", ts.as_str()), ("note", "None")];
        let scan = rowkey::dynamic::Scan { pins: &pins, range: None };
        prop_assert!(rowkey::dynamic::scan::<Vec<u8>>(&Scan::LAYOUT, &scan).is_err());
    }
}

/// Optional numbers: the number's OrderedBytes, or a null.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Numbers {
    #[ordered]
    a: Option<i8>,
    #[ordered]
    #[reverse]
    b: Option<i64>,
    #[ordered]
    c: Option<f32>,
    #[ordered]
    d: i16,
}

/// The same in an HBase `Struct`: `c` is left out when `None`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
struct NumbersStruct {
    #[ordered]
    a: Option<i8>,
    #[ordered]
    #[reverse]
    b: Option<i64>,
    #[ordered]
    d: i16,
    #[ordered]
    c: Option<f32>,
}

/// A Java vector of a number, by type, order and value.
fn number(ty: &str, desc: bool, v: &str) -> Vec<u8> {
    let order = if desc { "desc" } else { "asc" };
    vectors("ordered", ty)
        .into_iter()
        .find(|(o, value, _)| o == order && value == v)
        .and_then(|(_, _, b)| b)
        .unwrap_or_else(|| panic!("no vector {ty} {order} {v}"))
}

#[test]
fn optional_numbers_are_hbase_numbers_or_nulls() {
    let null = |desc: bool| {
        vectors("ordered", "null")
            .into_iter()
            .find(|(o, _, _)| o == if desc { "desc" } else { "asc" })
            .unwrap()
            .2
            .unwrap()
    };
    let key = Numbers {
        a: Some(-128),
        b: None,
        c: Some(f32::from_bits(0x3f80_0000)),
        d: 256,
    };
    let expected = [
        number("i8", false, "-128"),
        null(true),
        number("f32", false, "x3f800000"),
        number("i16", false, "256"),
    ]
    .concat();
    assert_eq!(key.encode().unwrap(), expected);
    assert_eq!(Numbers::decode(&expected).unwrap(), key);
    let short = NumbersStruct {
        a: None,
        b: Some(-1),
        d: 1,
        c: None,
    };
    let expected = [
        null(false),
        number("i64", true, "-1"),
        number("i16", false, "1"),
    ]
    .concat();
    assert_eq!(short.encode().unwrap(), expected);
    assert_eq!(NumbersStruct::decode(&expected).unwrap(), short);
}

fn numbers() -> impl Strategy<Value = Numbers> {
    (
        any::<Option<i8>>(),
        any::<Option<i64>>(),
        proptest::option::of(any::<f32>().prop_filter("Java keeps one NaN", |f| !f.is_nan())),
        any::<i16>(),
    )
        .prop_map(|(a, b, c, d)| Numbers { a, b, c, d })
}

proptest! {
    #[test]
    fn optional_numbers_round_trip_and_sort_none_first(x in numbers(), y in numbers()) {
        let (kx, ky) = (x.encode().unwrap(), y.encode().unwrap());
        prop_assert_eq!(Numbers::decode(&kx).unwrap(), x.clone());
        prop_assert_eq!(kx.len(), x.encoded_len());
        dynamic_round_trip(&Numbers::LAYOUT, &kx)?;
        // Ascending: `None` first; descending: `None` last, as HBase's null sorts.
        let model = x.a.cmp(&y.a)
            .then_with(|| match (x.b, y.b) {
                (None, None) => std::cmp::Ordering::Equal,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (Some(_), None) => std::cmp::Ordering::Less,
                (Some(p), Some(q)) => q.cmp(&p),
            })
            .then_with(|| match (x.c, y.c) {
                (Some(p), Some(q)) => p.total_cmp(&q),
                (p, q) => p.is_some().cmp(&q.is_some()),
            })
            .then(x.d.cmp(&y.d));
        prop_assert_eq!(kx.cmp(&ky), model);
        let s = NumbersStruct { a: x.a, b: x.b, d: x.d, c: x.c };
        let bytes = s.encode().unwrap();
        prop_assert_eq!(NumbersStruct::decode(&bytes).unwrap(), s);
        dynamic_round_trip(&NumbersStruct::LAYOUT, &bytes)?;
    }
}

/// The JSON schema of an `Option` of each ordered codec (a number, a text,
/// a blob, either order) reads back as the same layout.
#[test]
fn optional_ordered_fields_read_back_from_their_schema() {
    use rowkey::schema::{Arena, Schema};
    #[derive(RowKey)]
    struct Number {
        #[ordered]
        v: Option<i32>,
    }
    #[derive(RowKey)]
    struct NumberDesc {
        #[ordered]
        #[reverse]
        v: Option<f64>,
    }
    for layout in [
        Number::LAYOUT,
        NumberDesc::LAYOUT,
        Text::LAYOUT,
        TextDesc::LAYOUT,
        BlobVar::LAYOUT,
        BlobCopyDesc::LAYOUT,
    ] {
        let arena = Arena::new();
        match rowkey::schema::read(&layout.to_json(), &arena) {
            Ok(Schema::Key(read)) => assert_eq!(*read, layout),
            other => panic!("{other:?}"),
        }
    }
}
