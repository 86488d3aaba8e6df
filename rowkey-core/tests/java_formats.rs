//! Golden vectors written by the real Java code of HBase and Phoenix
//! (tests/data/java-vectors.tsv, made by scripts/java-vectors/run.sh), checked
//! in both directions: Rust writes exactly those bytes, and reads them back.

mod support {
    pub mod java;
}

use std::collections::BTreeMap;

use rowkey_core::codec::ordered::{self, OrderedFixed};
use rowkey_core::codec::phoenix::{self, Timestamp};
use rowkey_core::codec::{hbase, int, numeric, utf8, FieldBytes};
use rowkey_core::cursor::Reader;
use rowkey_core::{DecodeErrorKind, EncodeErrorKind};
use support::java::*;

/// One vector: what Java wrote for a value (`None`: Java refused it).
struct Vector {
    value: &'static str,
    bytes: Option<Vec<u8>>,
    desc: bool,
}

impl Vector {
    fn expect(&self) -> &[u8] {
        self.bytes
            .as_deref()
            .expect("Java wrote bytes for this value")
    }
}

/// The Java vectors by (format, type).
fn vectors() -> BTreeMap<(&'static str, &'static str), Vec<Vector>> {
    let mut all: BTreeMap<_, Vec<Vector>> = BTreeMap::new();
    for row in rows(JAVA_VECTORS) {
        let [format, ty, order, value, bytes] = row[..] else {
            panic!("a row of five columns: {row:?}")
        };
        all.entry((format, ty)).or_default().push(Vector {
            value,
            bytes: (bytes != "!error").then(|| unhex(bytes)),
            desc: order == "desc",
        });
    }
    all
}

/// Every (format, type) of the data file, checked by the test named beside it.
const COVERED: &[(&str, &str)] = &[
    ("hbase", "i16"),
    ("hbase", "i32"),
    ("hbase", "i64"),
    ("hbase", "f32"),
    ("hbase", "f64"),
    ("hbase", "bool"),
    ("hbase", "string"),
    ("ordered", "i8"),
    ("ordered", "i16"),
    ("ordered", "i32"),
    ("ordered", "i64"),
    ("ordered", "f32"),
    ("ordered", "f64"),
    ("ordered", "text"),
    ("ordered", "blobvar"),
    ("ordered", "blobcopy"),
    ("ordered", "null"),
    ("ordered", "numeric_i64"),
    ("ordered", "numeric_f64"),
    ("struct", "i32a_texta_blobvard_textd"),
    ("struct", "i64d_f64a_textd_blobcopya"),
    ("struct", "texta_blobvara_blobcopyd"),
    ("phoenix", "TINYINT"),
    ("phoenix", "SMALLINT"),
    ("phoenix", "INTEGER"),
    ("phoenix", "BIGINT"),
    ("phoenix", "DATE"),
    ("phoenix", "DOUBLE"),
    ("phoenix", "TIMESTAMP"),
];

#[test]
fn every_vector_kind_is_checked() {
    let all = vectors();
    // Whole Phoenix keys are checked through the derive, by the rowkey
    // crate's tests/phoenix_derive.rs, which checks it covers every table.
    let kinds: Vec<_> = all
        .keys()
        .copied()
        .filter(|(format, _)| *format != "phoenixkey")
        .collect();
    let mut expected = COVERED.to_vec();
    expected.sort();
    assert_eq!(kinds, expected);
}

/// Every kind's rows as Java wrote them: their number and a hash of their
/// lines, so that a row deleted or edited by hand fails here even when the
/// tests of its kind still pass on the rest. After regenerating the file
/// (scripts/java-vectors/run.sh), replace the table with the one this
/// test prints.
#[rustfmt::skip]
const PINNED: &[(&str, &str, usize, u64)] = &[
    ("hbase", "bool", 2, 0x926a845d4a3e4b24),
    ("hbase", "f32", 17, 0xd30b25f750343830),
    ("hbase", "f64", 18, 0x41710f5f185346b5),
    ("hbase", "i16", 13, 0x880a30d9ef8c4307),
    ("hbase", "i32", 15, 0x077bd087c1e46a53),
    ("hbase", "i64", 13, 0x793feed594cb39cd),
    ("hbase", "string", 15, 0xf13aec552633a4a4),
    ("ordered", "blobcopy", 32, 0x437b7bfd6d91dd8c),
    ("ordered", "blobvar", 32, 0x2ecbe7bca40efea6),
    ("ordered", "f32", 34, 0x8013e5fbb2347cd5),
    ("ordered", "f64", 36, 0x6b6633be0f9a6ed6),
    ("ordered", "i16", 26, 0x9061c2411ef70f8c),
    ("ordered", "i32", 30, 0x749e01fbdf65ed4e),
    ("ordered", "i64", 26, 0x2a9188cdd3930dd5),
    ("ordered", "i8", 14, 0xdc9fbbb34dc568d5),
    ("ordered", "null", 2, 0x9f63465b0af3037d),
    ("ordered", "numeric_f64", 28, 0x5a45d3079b3f6fa6),
    ("ordered", "numeric_i64", 36, 0x3cd8580edcecff78),
    ("ordered", "text", 32, 0x6e268627eb17438a),
    ("phoenix", "BIGINT", 26, 0xbcfe7fbfc1eb6fdb),
    ("phoenix", "DATE", 26, 0xf14b7929c9850b89),
    ("phoenix", "DOUBLE", 36, 0x6a4fb5f8bf91d0a7),
    ("phoenix", "INTEGER", 30, 0x9cf64cbdc0cdb8a6),
    ("phoenix", "SMALLINT", 26, 0x43c37d86d4a8fa30),
    ("phoenix", "TIMESTAMP", 12, 0x8fc0e8cdad9ab32f),
    ("phoenix", "TINYINT", 14, 0xa85e322f7c79042c),
    ("phoenixkey", "bigint_char4_desc", 2, 0x56ab77f488bc2fae),
    ("phoenixkey", "char3_integer_desc", 3, 0x467c6489b36b6bde),
    ("phoenixkey", "date_timestamp_desc", 3, 0xc5cbeac8dee2aec7),
    ("phoenixkey", "integer_varchar", 5, 0x674b7e2d8518ac07),
    ("phoenixkey", "mixed", 3, 0x676f92a9b646913a),
    ("phoenixkey", "salted16_integer_varchar", 4, 0x9b2dbae0f0ff0572),
    ("phoenixkey", "salted37_varchar_desc_bigint", 3, 0xbbea38735ea91ec0),
    ("phoenixkey", "varchar3", 6, 0xa450a14eb226f9f8),
    ("phoenixkey", "varchar_desc2", 5, 0x267a9fe168b76580),
    ("phoenixkey", "varchar_desc_bigint", 4, 0xae75aaa94fa8bec2),
    ("phoenixkey", "varchar_integer_varchar_desc", 4, 0xbb3ebfd19e1f2212),
    ("struct", "i32a_texta_blobvard_textd", 8, 0x31942cb46af69506),
    ("struct", "i64d_f64a_textd_blobcopya", 5, 0x16836b8ac6e94ddd),
    ("struct", "texta_blobvara_blobcopyd", 9, 0x345508e56004f810),
];

/// The Phoenix unit tests' literals: their rows and hash, as [`PINNED`].
const PINNED_LITERALS: (usize, u64) = (10, 0x8cb629918d7923d8);

/// FNV-1a 64 of each row's line and a line feed, in file order.
fn rows_hash<'a>(rows: impl IntoIterator<Item = &'a [&'a str]>) -> (usize, u64) {
    let (mut n, mut h) = (0, 0xcbf2_9ce4_8422_2325_u64);
    for row in rows {
        n += 1;
        for b in row.join("\t").bytes().chain([b'\n']) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    (n, h)
}

#[test]
fn no_vector_row_is_lost_or_edited() {
    let mut kinds: BTreeMap<(&str, &str), Vec<Vec<&str>>> = BTreeMap::new();
    for row in rows(JAVA_VECTORS) {
        kinds.entry((row[0], row[1])).or_default().push(row);
    }
    let found: Vec<(&str, &str, usize, u64)> = kinds
        .iter()
        .map(|(&(format, ty), rows)| {
            let (n, h) = rows_hash(rows.iter().map(Vec::as_slice));
            (format, ty, n, h)
        })
        .collect();
    let table: String = found
        .iter()
        .map(|(f, t, n, h)| format!("    (\"{f}\", \"{t}\", {n}, 0x{h:016x}),\n"))
        .collect();
    assert_eq!(found, PINNED, "the vector rows changed; now:\n{table}");
    let literals: Vec<Vec<&str>> = rows(PHOENIX_LITERALS).collect();
    assert_eq!(
        rows_hash(literals.iter().map(Vec::as_slice)),
        PINNED_LITERALS
    );
}

fn of(format: &'static str, ty: &'static str) -> Vec<Vector> {
    vectors()
        .remove(&(format, ty))
        .expect("vectors of this kind")
}

macro_rules! hbase_ints {
    ($($name:ident: $t:ty, $w:literal, $ty:literal;)*) => {$(
        #[test]
        fn $name() {
            for v in of("hbase", $ty) {
                let n: $t = v.value.parse().unwrap();
                let mut out = [0u8; $w];
                hbase::encode(n, &mut out);
                assert_eq!(out, v.expect(), "{n}");
                assert_eq!(hbase::decode::<$t, $w>(&out), n);
            }
        }
    )*};
}

hbase_ints! {
    hbase_i16: i16, 2, "i16";
    hbase_i32: i32, 4, "i32";
    hbase_i64: i64, 8, "i64";
}

#[test]
fn hbase_floats_keep_every_bit() {
    for v in of("hbase", "f32") {
        let bits = xbits(v.value) as u32;
        let mut out = [0u8; 4];
        hbase::encode(f32::from_bits(bits), &mut out);
        assert_eq!(out, v.expect(), "{bits:08x}");
        assert_eq!(hbase::decode::<f32, 4>(&out).to_bits(), bits);
    }
    for v in of("hbase", "f64") {
        let bits = xbits(v.value);
        let mut out = [0u8; 8];
        hbase::encode(f64::from_bits(bits), &mut out);
        assert_eq!(out, v.expect(), "{bits:016x}");
        assert_eq!(hbase::decode::<f64, 8>(&out).to_bits(), bits);
    }
}

#[test]
fn hbase_bool_and_string() {
    for v in of("hbase", "bool") {
        let b: bool = v.value.parse().unwrap();
        let mut out = [0u8; 1];
        hbase::encode_bool(b, &mut out);
        assert_eq!(out, v.expect());
        assert_eq!(hbase::decode_bool(&out, "f", 0), Ok(b));
        // The generic functions a `#[java] bool` field calls write the same byte.
        let mut put = [0xA5u8; 1];
        hbase::encode(b, &mut put);
        assert_eq!(put, out);
        hbase::put(b, &mut put, false, "f").unwrap();
        assert_eq!(put, out);
        assert_eq!(hbase::get::<bool, 1>(&out, false, "f", 0), Ok(b));
        assert_eq!(hbase::decode::<bool, 1>(&out), b);
        assert_eq!(
            hbase::edge(b, "f"),
            Ok(rowkey_core::__private::Edge::Bytes(out))
        );
    }
    // Java's `Bytes.toBoolean` reads any byte but 0x00 as true; a key
    // holds only the two bytes Java writes.
    for byte in [0x01, 0x7F, 0x80, 0xFE] {
        assert!(hbase::decode::<bool, 1>(&[byte]));
        let e = hbase::get::<bool, 1>(&[byte], false, "f", 3).unwrap_err();
        let expected = "0x00 (false) or 0xFF (true)";
        assert_eq!(e.offset(), 3);
        assert_eq!(
            e.kind(),
            DecodeErrorKind::InvalidByte {
                found: byte,
                expected
            }
        );
    }
    assert!(!hbase::decode::<bool, 1>(&[0x00]));
    for v in of("hbase", "string") {
        let s = xstr(v.value);
        assert_eq!(s.as_bytes(), v.expect(), "{s:?}");
        assert_eq!(utf8(v.expect(), "f", 0), Ok(s.as_str()));
    }
}

/// Checks an OrderedBytes fixed-width type against its vectors.
fn ordered_fixed<T: OrderedFixed<N> + PartialEq + std::fmt::Debug, const N: usize>(
    ty: &'static str,
    parse: impl Fn(&str) -> T,
    same: impl Fn(T, T) -> bool,
) {
    let vs = of("ordered", ty);
    assert!(vs.iter().any(|v| v.desc) && vs.iter().any(|v| !v.desc));
    for v in vs {
        let n = parse(v.value);
        let mut out = [0u8; N];
        ordered::put(n, &mut out, v.desc, "f").unwrap();
        assert_eq!(out, v.expect(), "{ty} {n:?} desc={}", v.desc);
        let back = ordered::get::<T, N>(&out, v.desc, "f", 0).unwrap();
        assert!(same(back, n), "{back:?} != {n:?}");
        // The other order's header is refused.
        let e = ordered::get::<T, N>(&out, !v.desc, "f", 0).unwrap_err();
        assert!(matches!(e.kind(), DecodeErrorKind::BadHeader { .. }));
    }
}

#[test]
fn ordered_integers() {
    ordered_fixed::<i8, 2>("i8", |s| s.parse().unwrap(), |a, b| a == b);
    ordered_fixed::<i16, 3>("i16", |s| s.parse().unwrap(), |a, b| a == b);
    ordered_fixed::<i32, 5>("i32", |s| s.parse().unwrap(), |a, b| a == b);
    ordered_fixed::<i64, 9>("i64", |s| s.parse().unwrap(), |a, b| a == b);
}

#[test]
fn ordered_floats_and_the_canonical_nan() {
    // Java writes every NaN as the canonical one: a NaN reads back as NaN.
    let f32_same = |a: f32, b: f32| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
    let f64_same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
    ordered_fixed::<f32, 5>("f32", |s| f32::from_bits(xbits(s) as u32), f32_same);
    ordered_fixed::<f64, 9>("f64", |s| f64::from_bits(xbits(s)), f64_same);
}

#[test]
fn ordered_text() {
    for v in of("ordered", "text") {
        if v.value == "null" {
            assert_eq!(
                written(|w| ordered::encode_null(w, v.desc)).unwrap(),
                v.expect()
            );
            let mut r = Reader::new(v.expect());
            assert!(ordered::decode_text(&mut r, v.desc, "f").unwrap().is_none());
            continue;
        }
        let s = xstr(v.value);
        let enc = written(|w| ordered::encode_text(w, &s, v.desc, "f"));
        let Some(bytes) = &v.bytes else {
            // Java refuses a 0x00 inside text; so does Rust, naming where it is.
            let at = s.bytes().position(|b| b == 0).unwrap();
            assert_eq!(enc.unwrap_err().kind(), EncodeErrorKind::ZeroByte { at });
            continue;
        };
        assert_eq!(&enc.unwrap(), bytes, "{s:?} desc={}", v.desc);
        let mut r = Reader::new(bytes);
        let back = ordered::decode_text(&mut r, v.desc, "f").unwrap().unwrap();
        assert_eq!(back.to_owned_string().unwrap(), s);
        assert!(r.remaining().is_empty());
    }
}

#[test]
fn ordered_blob_var() {
    for v in of("ordered", "blobvar") {
        let mut r = Reader::new(v.expect());
        if v.value == "null" {
            assert!(ordered::decode_blob_var(&mut r, v.desc, "f")
                .unwrap()
                .is_none());
            continue;
        }
        let b = xbytes(v.value);
        let enc = written(|w| ordered::encode_blob_var(w, &b, v.desc)).unwrap();
        assert_eq!(enc, v.expect(), "{b:02x?} desc={}", v.desc);
        assert_eq!(enc.len(), ordered::blob_var_len(b.len()));
        let back = ordered::decode_blob_var(&mut r, v.desc, "f")
            .unwrap()
            .unwrap();
        assert_eq!(back.to_vec(), b);
        assert_eq!((back.len(), back.is_empty()), (b.len(), b.is_empty()));
        assert!(r.remaining().is_empty());
    }
}

/// Java's BlobVar bytes do not sort as the values across lengths.
#[test]
fn ordered_blob_var_order_across_lengths_is_javas() {
    let vs = of("ordered", "blobvar");
    let key = |value: &str, desc: bool| {
        let v = vs
            .iter()
            .find(|v| v.value == value && v.desc == desc)
            .unwrap();
        let b = xbytes(value);
        let ours = written(|w| ordered::encode_blob_var(w, &b, desc)).unwrap();
        assert_eq!(ours, v.expect());
        ours
    };
    assert!(xbytes("xd000") < xbytes("xd1"));
    assert!(key("xd000", false) > key("xd1", false));
    assert!(key("xd000", true) < key("xd1", true));
}

#[test]
fn ordered_blob_copy_and_null() {
    for v in of("ordered", "blobcopy") {
        if v.value == "null" {
            let enc = written(|w| ordered::encode_blob_copy_null(w, v.desc)).unwrap();
            assert_eq!(enc, v.expect());
            let mut r = Reader::new(&enc);
            assert!(ordered::decode_blob_copy(&mut r, v.desc, "f")
                .unwrap()
                .is_none());
            continue;
        }
        let b = xbytes(v.value);
        let enc = written(|w| ordered::encode_blob_copy(w, &b, v.desc, "f"));
        let Some(bytes) = &v.bytes else {
            assert!(v.desc, "Java refuses 0x00 only in a descending BlobCopy");
            let at = b.iter().position(|&b| b == 0).unwrap();
            assert_eq!(enc.unwrap_err().kind(), EncodeErrorKind::ZeroByte { at });
            continue;
        };
        assert_eq!(&enc.unwrap(), bytes, "{b:02x?} desc={}", v.desc);
        let back = ordered::decode_blob_copy(&mut Reader::new(bytes), v.desc, "f");
        assert_eq!(back.unwrap().unwrap().to_vec(), b);
    }
    for v in of("ordered", "null") {
        assert_eq!(
            written(|w| ordered::encode_null(w, v.desc)).unwrap(),
            v.expect()
        );
        assert!(ordered::take_null(&mut Reader::new(v.expect()), v.desc));
    }
}

#[test]
fn ordered_numeric() {
    for v in of("ordered", "numeric_i64") {
        let n: i64 = v.value.parse().unwrap();
        let enc = written(|w| numeric::encode_i64(w, n, v.desc)).unwrap();
        assert_eq!(enc, v.expect(), "{n} desc={}", v.desc);
        let mut r = Reader::new(&enc);
        assert_eq!(numeric::decode_i64(&mut r, v.desc, "f"), Ok(Some(n)));
        assert!(r.remaining().is_empty());
        // An f64 field reads the integer when the float writes these bytes.
        let back = numeric::decode_f64(&mut Reader::new(&enc), v.desc, "f");
        let f = n as f64;
        match written(|w| numeric::encode_f64(w, f, v.desc)).unwrap() == enc {
            true => assert_eq!(back, Ok(Some(f)), "{n}"),
            false => assert_eq!(
                back.unwrap_err().kind(),
                DecodeErrorKind::Unrepresentable,
                "{n}"
            ),
        }
    }
    for v in of("ordered", "numeric_f64") {
        let f = f64::from_bits(xbits(v.value));
        let enc = written(|w| numeric::encode_f64(w, f, v.desc)).unwrap();
        assert_eq!(enc, v.expect(), "{f:e} desc={}", v.desc);
        let back = numeric::decode_f64(&mut Reader::new(&enc), v.desc, "f")
            .unwrap()
            .unwrap();
        assert!(back == f || (back.is_nan() && f.is_nan()), "{back} != {f}");
    }
}

fn opt<T>(s: &str, f: impl Fn(&str) -> T) -> Option<T> {
    (s != "null").then(|| f(s))
}

#[test]
fn hbase_struct_with_trailing_nulls_left_out() {
    for v in of("struct", "i32a_texta_blobvard_textd") {
        let f: Vec<&str> = v
            .value
            .split(',')
            .chain(std::iter::repeat("null"))
            .take(4)
            .collect();
        let s = S1 {
            a: f[0].parse().unwrap(),
            b: opt(f[1], xstr),
            c: opt(f[2], xbytes),
            d: opt(f[3], xstr),
        };
        assert_eq!(encode_s1(&s).unwrap(), v.expect(), "{s:?}");
        assert_eq!(decode_s1(v.expect()).unwrap(), s);
    }
    for v in of("struct", "i64d_f64a_textd_blobcopya") {
        let f: Vec<&str> = v.value.split(',').collect();
        let s = S2 {
            a: f[0].parse().unwrap(),
            b: f64::from_bits(xbits(f[1])),
            c: opt(f[2], xstr),
            d: opt(f[3], xbytes),
        };
        assert_eq!(encode_s2(&s).unwrap(), v.expect(), "{s:?}");
        let back = decode_s2(v.expect()).unwrap();
        assert_eq!((back.a, &back.c, &back.d), (s.a, &s.c, &s.d));
        assert!(back.b.to_bits() == s.b.to_bits() || (back.b.is_nan() && s.b.is_nan()));
    }
}

/// A `Struct` of nullable fields through `ordered_field`, one value at a time,
/// as a derived `#[rowkey(hbase_struct)]` key writes it: nulls at the end left
/// out, so a struct of nulls is no bytes.
#[test]
fn hbase_struct_of_nullable_fields() {
    use rowkey_core::codec::ordered_field::{read_var, write_var, VarType};
    let fields = [
        (VarType::Text, false),
        (VarType::BlobVar, false),
        (VarType::BlobCopy, true),
    ];
    for v in of("struct", "texta_blobvara_blobcopyd") {
        let values: Vec<Option<Vec<u8>>> = v
            .value
            .split(',')
            .filter(|f| !f.is_empty())
            .chain(std::iter::repeat("null"))
            .take(3)
            .map(|f| opt(f, xbytes))
            .collect();
        let end = values
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1);
        let enc = written(|w| {
            for ((ty, desc), value) in fields.iter().zip(&values).take(end) {
                write_var(w, *ty, value.as_deref(), *desc, "f")?;
            }
            Ok(())
        });
        let Some(expect) = &v.bytes else {
            assert!(enc.is_err(), "{}", v.value);
            continue;
        };
        assert_eq!(&enc.unwrap(), expect, "{}", v.value);
        let mut r = Reader::new(expect);
        for ((ty, desc), value) in fields.iter().zip(&values) {
            let back = if r.remaining().is_empty() {
                None
            } else {
                read_var(&mut r, *ty, *desc, "f")
                    .unwrap()
                    .map(|b| b.to_vec())
            };
            assert_eq!(&back, value, "{}", v.value);
        }
    }
}

macro_rules! phoenix_ints {
    ($($name:ident: $t:ty, $w:literal, $($ty:literal),+;)*) => {$(
        #[test]
        fn $name() {
            for ty in [$($ty),+] {
                for v in of("phoenix", ty) {
                    let n: $t = v.value.parse().unwrap();
                    let mut out = [0u8; $w];
                    if v.desc { int::encode_desc(n, &mut out) } else { int::encode(n, &mut out) }
                    assert_eq!(out, v.expect(), "{ty} {n} desc={}", v.desc);
                    let back: $t = if v.desc { int::decode_desc(&out) } else { int::decode(&out) };
                    assert_eq!(back, n);
                }
            }
        }
    )*};
}

phoenix_ints! {
    phoenix_tinyint: i8, 1, "TINYINT";
    phoenix_smallint: i16, 2, "SMALLINT";
    phoenix_integer: i32, 4, "INTEGER";
    phoenix_bigint_and_date: i64, 8, "BIGINT", "DATE";
}

#[test]
fn phoenix_double() {
    for v in of("phoenix", "DOUBLE") {
        let bits = xbits(v.value);
        let mut out = [0u8; 8];
        phoenix::encode_double(f64::from_bits(bits), &mut out, v.desc);
        assert_eq!(out, v.expect(), "{bits:016x} desc={}", v.desc);
        let back = phoenix::decode_double(&out, v.desc, "f", 0).unwrap();
        assert!(back.to_bits() == bits || (back.is_nan() && f64::from_bits(bits).is_nan()));
    }
}

#[test]
fn phoenix_timestamp() {
    for v in of("phoenix", "TIMESTAMP") {
        let (ms, ns) = v.value.split_once(':').unwrap();
        let t = Timestamp {
            millis: ms.parse().unwrap(),
            nanos: ns.parse().unwrap(),
        };
        let mut out = [0u8; 12];
        phoenix::encode_timestamp(t, &mut out, v.desc, "f").unwrap();
        assert_eq!(out, v.expect(), "{t:?} desc={}", v.desc);
        assert_eq!(phoenix::decode_timestamp(&out, v.desc, "f", 0), Ok(t));
    }
}

/// CHAR padding and a DESC VARCHAR key, from Phoenix's own unit tests.
#[test]
fn phoenix_test_literals() {
    let mut seen = 0;
    for row in rows(PHOENIX_LITERALS) {
        let [ty, order, value, bytes, _source] = row[..] else {
            panic!("a row of five columns: {row:?}")
        };
        let (desc, expect) = (order == "desc", unhex(bytes));
        if let Some(n) = ty.strip_prefix("CHAR(").and_then(|t| t.strip_suffix(')')) {
            let n: usize = n.parse().unwrap();
            assert_eq!(n, expect.len());
            let mut out = [0u8; 16];
            phoenix_char(value, &mut out[..n], desc);
            assert_eq!(&out[..n], expect, "{ty} {value:?} desc={desc}");
        } else {
            assert_eq!(ty, "VARCHAR");
            let key = written(|w| phoenix::encode_varchar(w, value, desc, true, "k")).unwrap();
            assert_eq!(key, expect, "{value:?} desc={desc}");
            let back = phoenix::decode_varchar(&mut Reader::new(&key), desc, "k").unwrap();
            assert_eq!(back.to_owned_string().unwrap(), value);
        }
        seen += 1;
    }
    assert_eq!(seen, 10);
}

/// A `CHAR(n)` of a width known only at run time, through the const-generic codec.
fn phoenix_char(value: &str, out: &mut [u8], desc: bool) {
    macro_rules! widths {
        ($($n:literal)*) => {
            match out.len() {
                $($n => {
                    let out: &mut [u8; $n] = out.try_into().unwrap();
                    phoenix::encode_char(value, out, desc, "f").unwrap();
                    let back = phoenix::decode_char(out, desc, "f", 0).unwrap();
                    assert_eq!(back.to_owned_string().unwrap(), value);
                })*
                n => panic!("no CHAR({n}) in the vectors"),
            }
        };
    }
    widths!(7 10 14 15 16)
}
