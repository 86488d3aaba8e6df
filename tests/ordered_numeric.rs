//! `#[ordered(numeric)]`: HBase's `OrderedNumeric` of an `i64` or an `f64`
//! as a derived field, byte for byte what Java's `OrderedBytes.encodeNumeric`
//! wrote, sorting as the numbers do, and read alike by the interpreter.

use std::cmp::Ordering;

use proptest::prelude::*;
use rowkey::codec::Numeric;
use rowkey::{dynamic, FieldCodec, ReadError, RowKey};

const JAVA_VECTORS: &str = include_str!("data/java-vectors.tsv");

/// The Java vectors of one numeric type: (descending, value text, bytes).
fn vectors(kind: &str) -> Vec<(bool, String, Vec<u8>)> {
    JAVA_VECTORS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|c| c.len() == 5 && c[0] == "ordered" && c[1] == kind)
        .map(|c| {
            let bytes = (0..c[4].len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&c[4][i..i + 2], 16).unwrap())
                .collect();
            (c[2] == "desc", c[3].to_string(), bytes)
        })
        .collect()
}

#[derive(RowKey, Debug, PartialEq)]
struct Asc {
    #[ordered(numeric)]
    n: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Desc {
    #[ordered(numeric)]
    #[reverse]
    n: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct AscF {
    #[ordered(numeric)]
    x: f64,
}

#[derive(RowKey, Debug, PartialEq)]
struct DescF {
    #[ordered(numeric)]
    #[reverse]
    x: f64,
}

#[test]
fn integers_are_the_bytes_java_wrote() {
    let rows = vectors("numeric_i64");
    assert!(rows.len() >= 20, "{} vectors", rows.len());
    for (desc, text, bytes) in rows {
        let n: i64 = text.parse().unwrap();
        let (key, back) = if desc {
            (
                Desc { n }.encode().unwrap(),
                Desc::decode(&bytes).unwrap().n,
            )
        } else {
            (Asc { n }.encode().unwrap(), Asc::decode(&bytes).unwrap().n)
        };
        assert_eq!(key, bytes, "{n} desc={desc}");
        assert_eq!(back, n);
    }
}

#[test]
fn floats_are_the_bytes_java_wrote() {
    let rows = vectors("numeric_f64");
    assert!(rows.len() >= 20, "{} vectors", rows.len());
    for (desc, text, bytes) in rows {
        let x = f64::from_bits(u64::from_str_radix(text.trim_start_matches('x'), 16).unwrap());
        let key = if desc {
            DescF { x }.encode().unwrap()
        } else {
            AscF { x }.encode().unwrap()
        };
        assert_eq!(key, bytes, "{x} desc={desc}");
    }
}

/// A key of every place `#[ordered(numeric)]` may take: between other
/// fields, descending, and an `Option` whose `None` is a null.
#[derive(RowKey, Debug, PartialEq, Clone)]
struct Mixed {
    #[ordered(numeric)]
    id: i64,
    #[ordered(numeric)]
    #[reverse]
    score: f64,
    #[ordered(numeric)]
    note: Option<i64>,
    tail: u16,
}

/// HBase's `Struct` of numerics: a trailing `None` is left out of the key.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(hbase_struct)]
struct Struct {
    #[ordered(numeric)]
    id: i64,
    #[ordered(numeric)]
    rate: Option<f64>,
}

#[test]
fn layouts_say_numeric_and_a_null_or_a_trailing_none() {
    let seg = Mixed::LAYOUT.segment("note").unwrap();
    assert_eq!(
        seg.kind,
        FieldCodec::Numeric(Numeric {
            float: false,
            nullable: true,
            trailing: false
        })
    );
    assert!(!seg.optional);
    assert_eq!(seg.codec, "Option<ordered numeric>");
    let Some(FieldCodec::Numeric(rate)) = Struct::LAYOUT.segment("rate").map(|s| s.kind) else {
        panic!("rate is numeric")
    };
    assert!(rate.trailing && rate.float);
    // The trailing `None` writes nothing; a written null at the end is refused.
    let key = Struct { id: 7, rate: None }.encode().unwrap();
    assert_eq!(key, [0x18, 0x0E]);
    assert_eq!(Struct::decode(&key).unwrap(), Struct { id: 7, rate: None });
    assert!(Struct::decode(&[0x18, 0x0E, 0x05]).is_err());
    // The layout knows the trailing field: its key is an HBase `Struct`, and
    // the interpreter reads the short key as the derived decode does.
    assert_eq!(Struct::LAYOUT.format(), rowkey::KeyFormat::HbaseStruct);
    let fields = dynamic::decode(&Struct::LAYOUT, &key).unwrap();
    assert_eq!(fields.len(), 2, "{fields:?}");
    // A null where the field is no `Option` is no value of it.
    let e = Asc::decode(&[0x05]).unwrap_err();
    assert_eq!(e.kind(), rowkey::DecodeErrorKind::Unrepresentable);
}

fn mixed() -> impl Strategy<Value = Mixed> {
    (
        any::<i64>(),
        any::<f64>(),
        any::<Option<i64>>(),
        any::<u16>(),
    )
        .prop_map(|(id, score, note, tail)| Mixed {
            id,
            score,
            note,
            tail,
        })
}

/// The order the key's bytes must follow: `id` up, `score` down (as
/// `total_cmp`, NaN apart), a `None` note before every number.
fn model(a: &Mixed, b: &Mixed) -> Ordering {
    a.id.cmp(&b.id)
        .then(b.score.total_cmp(&a.score))
        .then(a.note.cmp(&b.note))
        .then(a.tail.cmp(&b.tail))
}

proptest! {
    #[test]
    fn round_trip_and_interpreter(k in mixed()) {
        prop_assume!(!k.score.is_nan());
        let key = k.encode().unwrap();
        let back = Mixed::decode(&key).unwrap();
        // Zero has one form: `-0.0` reads back as `+0.0`.
        prop_assert_eq!(back.score.to_bits(), (k.score + 0.0).to_bits());
        prop_assert_eq!((back.id, back.note, back.tail), (k.id, k.note, k.tail));
        let fields = dynamic::decode(&Mixed::LAYOUT, &key).unwrap();
        let texts: Vec<(&str, String)> = fields.iter().map(|f| (f.name, f.value.to_input())).collect();
        let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (*n, v.as_str())).collect();
        prop_assert_eq!(dynamic::encode(&Mixed::LAYOUT, &pairs).unwrap(), key);
    }

    #[test]
    fn keys_sort_as_the_numbers(a in mixed(), b in mixed()) {
        prop_assume!(!a.score.is_nan() && !b.score.is_nan());
        // Zero's one form makes `-0.0` and `+0.0` the same key.
        let z = |k: &Mixed| Mixed { score: k.score + 0.0, ..k.clone() };
        let (a, b) = (z(&a), z(&b));
        prop_assert_eq!(a.encode().unwrap().cmp(&b.encode().unwrap()), model(&a, &b));
    }

    #[test]
    fn any_bytes_decode_as_the_interpreter_reads_them(bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
        let typed = Mixed::decode(&bytes).err().map(ReadError::from);
        prop_assert_eq!(typed, dynamic::decode(&Mixed::LAYOUT, &bytes).err());
        if let Ok(k) = Mixed::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes);
        }
    }
}

#[test]
fn the_schema_reads_numeric_back() {
    let arena = rowkey::schema::Arena::new();
    let json = Mixed::LAYOUT.to_json();
    assert!(json.contains(
        r#""codec": {"kind": "numeric", "type": "i64", "nullable": true, "trailing": false}"#
    ));
    let rowkey::schema::Schema::Key(l) = rowkey::schema::read(&json, &arena).unwrap() else {
        panic!("one key")
    };
    assert_eq!(*l, Mixed::LAYOUT);
    assert_ne!(Asc::FINGERPRINT, AscF::FINGERPRINT);
}

/// A number beyond `f64` (or with more digits than a float's shortest form)
/// would read as a float that writes other bytes: decode refuses it (found
/// by fuzzing: `F7 E9 6C`, descending, read as `-inf`).
#[test]
fn a_float_decodes_only_from_the_bytes_it_writes() {
    let id = Mixed {
        id: -96,
        score: 0.0,
        note: None,
        tail: 0,
    }
    .encode()
    .unwrap();
    let mut bytes = id[..2].to_vec();
    bytes.extend([0xF7, 0xE9, 0x6C, 0x05, 0x00, 0x00]);
    let e = Mixed::decode(&bytes).unwrap_err();
    assert_eq!(e.kind(), rowkey::DecodeErrorKind::Unrepresentable);
    assert_eq!((e.field(), e.offset()), ("score", 2));
    assert!(dynamic::decode(&Mixed::LAYOUT, &bytes).is_err());
    let inf = Mixed {
        id: -96,
        score: f64::NEG_INFINITY,
        note: None,
        tail: 0,
    };
    assert_eq!(Mixed::decode(&inf.encode().unwrap()).unwrap(), inf);
}

/// SQLite4's varint of an exponent, as OrderedBytes writes it: one byte up
/// to 240, two up to 2287, three up to 67,823.
fn varint(e: u32) -> Vec<u8> {
    match e {
        0..=240 => vec![e as u8],
        241..=2287 => vec![((e - 240) / 256 + 241) as u8, ((e - 240) % 256) as u8],
        _ => vec![249, ((e - 2288) / 256) as u8, ((e - 2288) % 256) as u8],
    }
}

/// `±0.01 × 100^±e` (the one centimal digit 01) as `encodeNumeric` writes
/// it: the header, the varint `exponent` of `e` (inverted for a positive
/// value below one and a negative one above), the digit (inverted when
/// negative).
fn numeric(negative: bool, small: bool, exponent: &[u8]) -> Vec<u8> {
    let (header, invert_e) = match (negative, small) {
        (false, false) => (0x22, false),
        (false, true) => (0x16, true),
        (true, true) => (0x14, false),
        (true, false) => (0x08, true),
    };
    let x = |b: u8, inv: bool| if inv { !b } else { b };
    let mut bytes = vec![header];
    bytes.extend(exponent.iter().map(|&b| x(b, invert_e)));
    bytes.push(x(0x02, negative));
    bytes
}

/// A number beyond `i64` and `f64` is refused at the field's first byte
/// however many bytes its exponent's varint takes (one, two or three):
/// the varint is read whole, by the typed decode and the interpreter alike.
/// `F1 00`, SQLite4's two-byte form of 240 (Java writes `F0`), is refused
/// too: no value of either type writes it.
#[test]
fn numbers_with_long_exponents_are_unrepresentable_at_the_field() {
    let exponents = [200, 241, 1000, 2287, 2288, 40_000, 67_823]
        .map(varint)
        .into_iter()
        .chain([vec![0xF1, 0x00]]);
    for exponent in exponents {
        let java_writes = exponent != [0xF1, 0x00];
        for (negative, small) in [(false, false), (false, true), (true, false), (true, true)] {
            let asc = numeric(negative, small, &exponent);
            let desc: Vec<u8> = asc.iter().map(|b| !b).collect();
            let case = format!("negative={negative} small={small}: {asc:02X?}");
            let errors = [
                (AscF::decode(&asc).unwrap_err(), AscF::LAYOUT),
                (DescF::decode(&desc).unwrap_err(), DescF::LAYOUT),
                (Asc::decode(&asc).unwrap_err(), Asc::LAYOUT),
                (Desc::decode(&desc).unwrap_err(), Desc::LAYOUT),
            ];
            for (i, (e, layout)) in errors.into_iter().enumerate() {
                if java_writes {
                    assert_eq!(
                        (e.offset(), e.kind()),
                        (0, rowkey::DecodeErrorKind::Unrepresentable),
                        "{} {case}",
                        layout.name
                    );
                }
                let bytes = if i % 2 == 0 { &asc } else { &desc };
                assert_eq!(
                    dynamic::decode(&layout, bytes).unwrap_err(),
                    ReadError::from(e),
                    "{case}"
                );
            }
        }
    }
}

/// A large header (`08`, `22`) holds exponents above 10 only: Java writes
/// 0 to 10 with a medium header, so those bytes are refused where they
/// start, by the typed decode and the interpreter; 11 is the first large one.
#[test]
fn a_large_header_with_a_medium_exponent_is_not_javas() {
    for e in 0..=11u32 {
        for negative in [false, true] {
            let asc = numeric(negative, false, &varint(e));
            let case = format!("e={e} negative={negative}: {asc:02X?}");
            let typed = AscF::decode(&asc);
            let read = dynamic::decode(&AscF::LAYOUT, &asc);
            if e <= 10 {
                let err = typed.expect_err(&case);
                assert_eq!(
                    (err.offset(), err.kind()),
                    (0, rowkey::DecodeErrorKind::NonCanonical),
                    "{case}"
                );
                assert_eq!(read.unwrap_err(), ReadError::from(err), "{case}");
            } else {
                let x = typed.expect(&case).x;
                assert_eq!(x, if negative { -1e20 } else { 1e20 }, "{case}");
                assert!(read.is_ok(), "{case}");
            }
        }
    }
}

/// A byte that is no Numeric header is reported as the key holds it,
/// ascending or descending (whose bytes are inverted).
#[test]
fn a_bad_header_is_reported_as_the_key_holds_it() {
    let mut seen = 0;
    for b in 0..=255u8 {
        for (e, layout) in [
            (Asc::decode(&[b]).err(), Asc::LAYOUT),
            (Desc::decode(&[b]).err(), Desc::LAYOUT),
        ] {
            if let Some(rowkey::DecodeErrorKind::InvalidByte { found, .. }) = e.map(|e| e.kind()) {
                assert_eq!(found, b, "{}", layout.name);
                seen += 1;
            }
        }
    }
    assert!(seen > 100, "{seen}");
}
