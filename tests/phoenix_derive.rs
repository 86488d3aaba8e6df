//! `#[rowkey(phoenix)]`: derived keys are exactly the primary keys Apache
//! Phoenix writes. The `phoenixkey` rows of tests/data/java-vectors.tsv are
//! whole keys made by Phoenix's own `PTableImpl.newKey` (separators,
//! trailing nulls, the salt byte) over its own column codecs
//! (scripts/java-vectors/run.sh); the CHAR and DESC VARCHAR rows of
//! tests/data/phoenix-literals.tsv are keys from Phoenix's unit tests.

use rowkey::codec::{Date, Timestamp};
use rowkey::{
    dynamic, DecodeErrorKind, EncodeErrorKind, FieldCodec, Layout, Order, PhoenixType, RowKey,
};

/// The rows of one table: each value's text, and the key (`None`: Phoenix refused it).
fn vectors(table: &str) -> Vec<(Vec<String>, Option<Vec<u8>>)> {
    let rows: Vec<_> = include_str!("data/java-vectors.tsv")
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|c| c.len() == 5 && c[0] == "phoenixkey" && c[1] == table)
        .map(|c| {
            let values = c[3].split(',').map(str::to_string).collect();
            (values, (c[4] != "!error").then(|| hex(c[4])))
        })
        .collect();
    assert!(!rows.is_empty(), "no vectors for {table}");
    rows
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// A string value: `x` and its UTF-8 bytes in hex.
fn text(v: &str) -> String {
    String::from_utf8(hex(&v[1..])).unwrap()
}

fn int<T: std::str::FromStr>(v: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    v.parse().unwrap()
}

fn double(v: &str) -> f64 {
    f64::from_bits(u64::from_str_radix(&v[1..], 16).unwrap())
}

fn timestamp(v: &str) -> Timestamp {
    let (millis, nanos) = v.split_once(':').unwrap();
    Timestamp {
        millis: int(millis),
        nanos: int(nanos),
    }
}

/// The interpreter reads Phoenix's key `bytes` by the layout alone, and
/// writes the same bytes back from the values' text.
fn interpreted(layout: &Layout<'_>, bytes: &[u8], table: &str) {
    let values =
        dynamic::decode(layout, bytes).unwrap_or_else(|e| panic!("{table} {bytes:02x?}: {e}"));
    let text: Vec<(String, String)> = values
        .iter()
        .map(|v| (v.name.to_string(), v.value.to_input()))
        .collect();
    let pairs: Vec<(&str, &str)> = text.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    let again = dynamic::encode(layout, &pairs);
    assert_eq!(again.as_deref(), Ok(bytes), "{table} {pairs:?}");
}

/// Every row of `table`: the key `make` builds from the values encodes to
/// Phoenix's bytes and decodes back, or fails where Phoenix failed; the
/// interpreter reads and writes the same bytes.
fn check<K>(table: &str, make: impl Fn(&[String]) -> K) -> usize
where
    K: RowKey<Bytes = Vec<u8>> + std::fmt::Debug + PartialEq,
    for<'de> K::Decoded<'de>: std::fmt::Debug + PartialEq<K>,
{
    let rows = vectors(table);
    for (values, bytes) in &rows {
        let key = make(values);
        match bytes {
            Some(bytes) => {
                assert_eq!(key.encode().as_ref(), Ok(bytes), "{table} {values:?}");
                assert_eq!(key.encoded_len(), bytes.len(), "{table} {values:?}");
                // NaN is not equal to itself: compare what Debug shows then.
                let d = K::decode(bytes).unwrap();
                assert!(
                    d == key || format!("{d:?}") == format!("{key:?}"),
                    "{table} {values:?}"
                );
                interpreted(&K::LAYOUT, bytes, table);
            }
            None => assert!(
                key.encode().is_err(),
                "{table} {values:?}: Phoenix refused it"
            ),
        }
    }
    rows.len()
}

/// As [`check`], for keys of fixed columns only, which encode into arrays.
fn check_fixed<K, const N: usize>(table: &str, make: impl Fn(&[String]) -> K) -> usize
where
    K: RowKey<Bytes = [u8; N]> + std::fmt::Debug + PartialEq,
    for<'de> K::Decoded<'de>: std::fmt::Debug + PartialEq<K>,
{
    let rows = vectors(table);
    for (values, bytes) in &rows {
        let key = make(values);
        let bytes = bytes.as_ref().expect("Phoenix wrote every fixed key");
        assert_eq!(&key.encode().unwrap()[..], &bytes[..], "{table} {values:?}");
        assert_eq!(K::decode(bytes).unwrap(), key, "{table} {values:?}");
        interpreted(&K::LAYOUT, bytes, table);
    }
    rows.len()
}

/// `PRIMARY KEY (id INTEGER, name VARCHAR)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct IntegerVarchar {
    id: i32,
    name: String,
}

/// `PRIMARY KEY (host VARCHAR DESC, ts BIGINT)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct VarcharDescBigint {
    #[reverse]
    host: String,
    ts: i64,
}

/// `PRIMARY KEY (code CHAR(3), n INTEGER DESC)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Char3IntegerDesc {
    #[phoenix(char(3))]
    code: String,
    #[reverse]
    n: i32,
}

/// `PRIMARY KEY (id BIGINT, code CHAR(4) DESC)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct BigintChar4Desc {
    id: i64,
    #[phoenix(char(4))]
    #[reverse]
    code: String,
}

/// `PRIMARY KEY (day DATE, at TIMESTAMP DESC)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct DateTimestampDesc {
    day: Date,
    #[reverse]
    at: Timestamp,
}

/// `PRIMARY KEY (a VARCHAR, b VARCHAR, c VARCHAR)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Varchar3 {
    a: String,
    b: String,
    c: String,
}

/// `PRIMARY KEY (a VARCHAR DESC, b VARCHAR DESC)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct VarcharDesc2 {
    #[reverse]
    a: String,
    #[reverse]
    b: String,
}

/// `PRIMARY KEY (a VARCHAR, n INTEGER, b VARCHAR DESC)`, `a` borrowed on decode.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct VarcharIntegerVarcharDesc<'a> {
    a: &'a str,
    n: i32,
    #[reverse]
    b: String,
}

/// `PRIMARY KEY (t TINYINT, s SMALLINT DESC, d DOUBLE, flag BOOLEAN DESC, on BOOLEAN, name VARCHAR)`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Mixed {
    t: i8,
    #[reverse]
    s: i16,
    d: f64,
    #[reverse]
    flag: bool,
    on: bool,
    name: String,
}

/// `PRIMARY KEY (id INTEGER, name VARCHAR) SALT_BUCKETS = 16`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 16, phoenix))]
struct Salted16IntegerVarchar {
    id: i32,
    name: String,
}

/// `PRIMARY KEY (host VARCHAR DESC, ts BIGINT) SALT_BUCKETS = 37`
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 37, phoenix))]
struct Salted37VarcharDescBigint {
    #[reverse]
    host: String,
    ts: i64,
}

#[test]
fn keys_are_the_bytes_phoenix_wrote() {
    let mut n = 0;
    n += check("integer_varchar", |v| IntegerVarchar {
        id: int(&v[0]),
        name: text(&v[1]),
    });
    n += check("varchar_desc_bigint", |v| VarcharDescBigint {
        host: text(&v[0]),
        ts: int(&v[1]),
    });
    n += check_fixed("char3_integer_desc", |v| Char3IntegerDesc {
        code: text(&v[0]),
        n: int(&v[1]),
    });
    n += check_fixed("bigint_char4_desc", |v| BigintChar4Desc {
        id: int(&v[0]),
        code: text(&v[1]),
    });
    n += check_fixed("date_timestamp_desc", |v| DateTimestampDesc {
        day: Date { millis: int(&v[0]) },
        at: timestamp(&v[1]),
    });
    n += check("varchar3", |v| Varchar3 {
        a: text(&v[0]),
        b: text(&v[1]),
        c: text(&v[2]),
    });
    n += check("varchar_desc2", |v| VarcharDesc2 {
        a: text(&v[0]),
        b: text(&v[1]),
    });
    n += check("mixed", |v| Mixed {
        t: int(&v[0]),
        s: int(&v[1]),
        d: double(&v[2]),
        flag: int(&v[3]),
        on: int(&v[4]),
        name: text(&v[5]),
    });
    n += check("salted16_integer_varchar", |v| Salted16IntegerVarchar {
        id: int(&v[0]),
        name: text(&v[1]),
    });
    n += check("salted37_varchar_desc_bigint", |v| {
        Salted37VarcharDescBigint {
            host: text(&v[0]),
            ts: int(&v[1]),
        }
    });
    assert_eq!(n, 38);
}

/// Every table of whole Phoenix keys in the data file is checked above.
#[test]
fn every_phoenix_key_table_is_checked() {
    let mut tables: Vec<&str> = include_str!("data/java-vectors.tsv")
        .lines()
        .filter_map(|l| l.strip_prefix("phoenixkey\t")?.split('\t').next())
        .collect();
    tables.dedup();
    let checked = [
        "integer_varchar",
        "varchar_desc_bigint",
        "char3_integer_desc",
        "bigint_char4_desc",
        "date_timestamp_desc",
        "varchar3",
        "varchar_desc2",
        "varchar_integer_varchar_desc",
        "mixed",
        "salted16_integer_varchar",
        "salted37_varchar_desc_bigint",
    ];
    assert_eq!(tables, checked);
}

#[test]
fn borrowed_varchar_keys_are_the_bytes_phoenix_wrote() {
    for (v, bytes) in vectors("varchar_integer_varchar_desc") {
        let a = text(&v[0]);
        let key = VarcharIntegerVarcharDesc {
            a: &a,
            n: int(&v[1]),
            b: text(&v[2]),
        };
        let bytes = bytes.unwrap();
        assert_eq!(key.encode().unwrap(), bytes, "{v:?}");
        assert_eq!(VarcharIntegerVarcharDesc::decode(&bytes).unwrap(), key);
    }
}

/// One-column keys from Phoenix's unit tests: `CHAR(n)` padding, and a
/// `VARCHAR DESC` key, which ends with its `FF`.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix)]
struct OnlyVarcharDesc {
    #[reverse]
    k: String,
}

macro_rules! only_char {
    ($name:ident, $n:literal) => {
        #[derive(RowKey, Debug, PartialEq)]
        #[rowkey(phoenix)]
        struct $name {
            #[phoenix(char($n))]
            k: String,
            #[reverse]
            #[phoenix(char($n))]
            d: String,
        }
    };
}
only_char!(Char7, 7);
only_char!(Char10, 10);
only_char!(Char14, 14);
only_char!(Char15, 15);
only_char!(Char16, 16);

fn char_key(n: usize, v: &str, desc: bool) -> Vec<u8> {
    let pair = |k: &str| -> Vec<u8> {
        let (k, d) = (k.to_string(), k.to_string());
        match n {
            7 => Char7 { k, d }.encode().unwrap().to_vec(),
            10 => Char10 { k, d }.encode().unwrap().to_vec(),
            14 => Char14 { k, d }.encode().unwrap().to_vec(),
            15 => Char15 { k, d }.encode().unwrap().to_vec(),
            16 => Char16 { k, d }.encode().unwrap().to_vec(),
            _ => unreachable!("no key of CHAR({n})"),
        }
    };
    let both = pair(v);
    if desc {
        both[n..].to_vec()
    } else {
        both[..n].to_vec()
    }
}

#[test]
fn phoenix_unit_test_literals() {
    let mut seen = 0;
    for line in include_str!("data/phoenix-literals.tsv").lines() {
        let c: Vec<_> = line.split('\t').collect();
        if line.starts_with('#') || c.len() < 4 {
            continue;
        }
        let (desc, expected) = (c[1] == "desc", hex(c[3]));
        let got = if let Some(n) = c[0].strip_prefix("CHAR(") {
            char_key(n.trim_end_matches(')').parse().unwrap(), c[2], desc)
        } else {
            assert_eq!((c[0], desc), ("VARCHAR", true));
            OnlyVarcharDesc { k: c[2].into() }.encode().unwrap()
        };
        assert_eq!(got, expected, "{line}");
        seen += 1;
    }
    assert_eq!(seen, 10);
}

#[test]
fn what_phoenix_would_misread_is_an_error() {
    // A 0x00 inside a VARCHAR would read back as a separator.
    let zero = IntegerVarchar {
        id: 1,
        name: "a\0b".into(),
    };
    assert_eq!(
        zero.encode().unwrap_err().kind(),
        EncodeErrorKind::ZeroByte { at: 1 }
    );
    let zero = VarcharDescBigint {
        host: "\0".into(),
        ts: 1,
    };
    assert!(zero.encode().is_err());
    // An empty CHAR is null, which a fixed-width column cannot hold.
    let empty = Char3IntegerDesc {
        code: String::new(),
        n: 1,
    };
    assert_eq!(empty.encode().unwrap_err().kind(), EncodeErrorKind::Null);
    // Phoenix keeps one NaN.
    let nan = Mixed {
        t: 0,
        s: 0,
        d: -f64::NAN,
        flag: false,
        on: false,
        name: String::new(),
    };
    assert_eq!(
        nan.encode().unwrap_err().kind(),
        EncodeErrorKind::NanPayload
    );
    assert!(Mixed { d: f64::NAN, ..nan }.encode().is_ok());
    // A key of nothing but nulls.
    let nothing = Varchar3 {
        a: String::new(),
        b: String::new(),
        c: String::new(),
    };
    assert_eq!(nothing.encode().unwrap_err().kind(), EncodeErrorKind::Null);
}

#[test]
fn decode_refuses_bytes_phoenix_never_writes() {
    let kind = |b: &[u8]| Varchar3::decode(b).unwrap_err().kind();
    assert_eq!(kind(b""), DecodeErrorKind::NonCanonical);
    assert_eq!(kind(b"a\0"), DecodeErrorKind::NonCanonical);
    assert_eq!(kind(b"a\0b\0"), DecodeErrorKind::NonCanonical);
    assert!(VarcharDesc2::decode(&[!b'a']).is_err());
    // CHAR padding only: a null.
    assert!(Char3IntegerDesc::decode(&[b' ', b' ', b' ', 0x7F, 0xFF, 0xFF, 0xFF]).is_err());
    assert!(IntegerVarchar::decode(&[0x80, 0, 0]).is_err());
}

#[test]
fn layout_names_the_phoenix_columns() {
    let l = &Mixed::LAYOUT;
    let kinds: Vec<_> = l.segments.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            FieldCodec::Phoenix(PhoenixType::Tinyint),
            FieldCodec::Phoenix(PhoenixType::Smallint),
            FieldCodec::Phoenix(PhoenixType::Double),
            FieldCodec::Phoenix(PhoenixType::Boolean),
            FieldCodec::Phoenix(PhoenixType::Boolean),
            FieldCodec::Phoenix(PhoenixType::Varchar),
        ]
    );
    assert_eq!(l.segments[1].order, Order::Descending);
    let c = &Char3IntegerDesc::LAYOUT.segments[0];
    assert_eq!(c.kind, FieldCodec::Phoenix(PhoenixType::Char(3)));
    assert_eq!(c.codec, "phoenix CHAR(3)");
    let text = Salted16IntegerVarchar::LAYOUT.to_string();
    assert!(text.contains("phoenix INTEGER"), "{text}");
    assert!(text.contains("phoenix VARCHAR"), "{text}");
}

/// The same bytes as `IntegerVarchar` for most values, but another format.
#[derive(RowKey)]
struct NativeIntegerRest {
    id: i32,
    name: String,
}

#[derive(RowKey)]
#[rowkey(phoenix)]
struct CharInsteadOfVarchar {
    id: i32,
    #[phoenix(char(2))]
    name: String,
}

#[test]
fn fingerprints_tell_phoenix_keys_apart() {
    let prints = [
        IntegerVarchar::FINGERPRINT,
        NativeIntegerRest::FINGERPRINT,
        CharInsteadOfVarchar::FINGERPRINT,
        Char3IntegerDesc::FINGERPRINT,
        BigintChar4Desc::FINGERPRINT,
    ];
    for (i, a) in prints.iter().enumerate() {
        for b in &prints[i + 1..] {
            assert_ne!(a, b);
        }
    }
    let schema = Char3IntegerDesc::LAYOUT.to_json();
    assert!(
        schema.contains(r#"{"kind": "phoenix", "type": "CHAR", "length": 3}"#),
        "{schema}"
    );
}

#[test]
fn explain_reads_phoenix_keys() {
    let key = DateTimestampDesc {
        day: Date { millis: 5 },
        at: Timestamp {
            millis: 1,
            nanos: 2,
        },
    }
    .encode()
    .unwrap();
    let text = DateTimestampDesc::LAYOUT.explain(&key).to_string();
    assert!(
        text.contains("| 8..20 | at    | phoenix TIMESTAMP, reverse | {millis: 1, nanos: 2} |"),
        "{text}"
    );
    let key = Salted37VarcharDescBigint {
        host: "web".into(),
        ts: 7,
    }
    .encode()
    .unwrap();
    let text = Salted37VarcharDescBigint::LAYOUT.explain(&key).to_string();
    assert!(
        text.contains("| 1..5  | host  | phoenix VARCHAR, reverse   | \"web\" |"),
        "{text}"
    );
    assert!(
        text.contains("| 5..13 | ts    | phoenix BIGINT             | 7     |"),
        "{text}"
    );
}

/// A key declared by a macro: its types arrive as `$t:ty` groups, and a
/// `Timestamp` among them is still Phoenix's `TIMESTAMP`.
macro_rules! event_key {
    ($name:ident, $at:ty) => {
        #[derive(RowKey, Debug, PartialEq)]
        #[rowkey(phoenix)]
        struct $name {
            id: i32,
            at: $at,
        }
    };
}

event_key!(MacroEvent, rowkey::codec::Timestamp);

#[test]
fn a_timestamp_through_a_macro_is_a_timestamp_column() {
    let at = rowkey::codec::Timestamp {
        millis: 1,
        nanos: 2,
    };
    let key = MacroEvent { id: 1, at }.encode().unwrap();
    assert_eq!(MacroEvent::decode(&key).unwrap(), MacroEvent { id: 1, at });
    assert_eq!(MacroEvent::LAYOUT.segments[1].codec, "phoenix TIMESTAMP");
}
