//! The schema round trip: `T::LAYOUT.to_json()`, read back by
//! `rowkey::schema::read`, is the same layout, and decodes exactly what `T::decode` decodes,
//! over the property-test inputs of every codec.

#[path = "support/keys.rs"]
mod keys;
use keys::{GroupKey, Inner, Row, UserKey};

use proptest::prelude::*;
use rowkey::dynamic;
use rowkey::schema::{Arena, Schema};
use rowkey::{Layout, Md5, ReadError, RowKey};

/// Every fixed-width codec, reverse, mirror and `Option`.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Fixed {
    #[salt(mod = 1000, pad = 3)]
    a: i16,
    #[be_u32]
    #[reverse]
    b: i64,
    c: f64,
    #[reverse]
    d: f32,
    e: bool,
    f: [u8; 3],
    g: Option<u32>,
    #[mirror]
    h: u32,
    #[fixed(5)]
    i: String,
    #[tag(b"ix")]
    t: (),
    inner: Inner,
    md5: Md5,
    #[pad(3)]
    #[reverse]
    p: u8,
}

/// The variable-length codecs, with a Phoenix salt.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 7, phoenix), max_width = 300)]
struct Variable<'a> {
    id: u8,
    #[escaped]
    host: String,
    #[escaped]
    #[reverse]
    raw: Vec<u8>,
    #[escaped]
    name: &'a str,
    rest: &'a [u8],
}

/// HBase's `Struct` of `OrderedBytes` values, trailing nulls left out.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
struct Hbase {
    #[ordered]
    id: i32,
    #[ordered]
    #[reverse]
    name: String,
    #[ordered]
    score: Option<f64>,
    #[ordered]
    #[reverse]
    blob: Option<Vec<u8>>,
    #[ordered(copy)]
    body: Option<Vec<u8>>,
}

/// Members behind variant tags, two of them of the same layout.
#[derive(RowKey, Debug, Clone, PartialEq)]
enum Tagged {
    #[tag(b"fx")]
    Fixed(Fixed),
    #[tag(b"u")]
    User(UserKey),
    #[tag(b"g")]
    Group(GroupKey),
}

/// Every Phoenix column type, salted.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 5, phoenix))]
struct Phoenix {
    a: i8,
    #[reverse]
    b: i16,
    c: i32,
    d: i64,
    e: f64,
    f: bool,
    g: rowkey::codec::phoenix::Date,
    #[reverse]
    h: rowkey::codec::phoenix::Timestamp,
    #[phoenix(char(3))]
    i: String,
    #[reverse]
    j: String,
    k: String,
}

/// Reads a schema; each test reads a few, so their arenas may live as long as the test.
fn parse(json: &str) -> Result<Schema<'static>, String> {
    rowkey::schema::read(json, Box::leak(Box::new(Arena::new())))
}

/// What the command line's `decode` reads a key as: the key type, or the
/// member of key types that `KEY_TYPES.explain` picks.
fn explain<'a>(schema: Schema<'a>, key: &[u8]) -> rowkey::Explained<'a> {
    match schema {
        Schema::Key(l) => l.explain(key),
        Schema::KeyTypes(k) => k.explain(key),
    }
}

fn read_back(json: &str) -> &'static Layout<'static> {
    match parse(json) {
        Ok(Schema::Key(l)) => l,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_schema_reads_back_as_the_same_layout() {
    assert_eq!(*read_back(&Fixed::LAYOUT.to_json()), Fixed::LAYOUT);
    assert_eq!(*read_back(&Variable::LAYOUT.to_json()), Variable::LAYOUT);
    assert_eq!(*read_back(&Hbase::LAYOUT.to_json()), Hbase::LAYOUT);
    assert_eq!(*read_back(&Phoenix::LAYOUT.to_json()), Phoenix::LAYOUT);
    let Ok(Schema::KeyTypes(k)) = parse(&Row::KEY_TYPES.to_json()) else {
        panic!("an enum's schema reads back as key types")
    };
    assert_eq!(*k, Row::KEY_TYPES);
    let Ok(Schema::KeyTypes(k)) = parse(&Tagged::KEY_TYPES.to_json()) else {
        panic!("an enum's schema reads back as key types")
    };
    assert_eq!(*k, Tagged::KEY_TYPES);
    assert_eq!(k.members[0].tag, b"fx");
    let untagged = Tagged::KEY_TYPES
        .to_json()
        .replacen("\"prefix\": [117], ", "", 1);
    assert_eq!(
        parse(&untagged).unwrap_err(),
        "member `User`: missing byte array \"prefix\""
    );
}

#[test]
fn unknown_versions_and_broken_schemas_are_refused() {
    let json = Fixed::LAYOUT.to_json();
    let v2 = json.replacen("\"format\": 1", "\"format\": 2", 1);
    assert_eq!(
        parse(&v2).unwrap_err(),
        "schema format 2 is not supported: this rowkey reads format 1"
    );
    let wide = json.replacen(
        "\"width\": 4, \"codec\": {\"kind\": \"narrow\"",
        "\"width\": 5, \"codec\": {\"kind\": \"narrow\"",
        1,
    );
    assert!(parse(&wide)
        .unwrap_err()
        .contains("field `b` is 5 bytes wide, its codec takes 4"));
    assert!(parse("{")
        .unwrap_err()
        .starts_with("the schema is not JSON"));
}

/// A salt is read back only as one rowkey writes: a bucket count its
/// format cannot write, or a width other than its format's, is refused
/// (either alone), not read as some other salt.
#[test]
fn salts_rowkey_does_not_write_are_refused() {
    let phoenix = Variable::LAYOUT.to_json();
    let salt = "\"buckets\": 7, \"format\": \"phoenix\", \"hash\": \"phoenix\", \"width\": 1,";
    assert!(phoenix.contains(salt), "{phoenix}");
    let wide = phoenix.replacen(salt, &salt.replace("\"width\": 1", "\"width\": 2"), 1);
    assert_eq!(
        parse(&wide).unwrap_err(),
        "key `Variable`: a salt of 7 buckets in 2 bytes is not one rowkey writes"
    );
    let digits = Fixed::LAYOUT.to_json();
    let salt = "\"buckets\": 1000, \"format\": \"digits\", \"hash\": \"xxh32\", \"width\": 3,";
    assert!(digits.contains(salt), "{digits}");
    // Three digits write at most 1,000 buckets.
    let more = digits.replacen(salt, &salt.replace("1000", "1001"), 1);
    assert_eq!(
        parse(&more).unwrap_err(),
        "key `Fixed`: a salt of 1001 buckets in 3 bytes is not one rowkey writes"
    );
}

prop_compose! {
    fn fixed_key()(
        a in any::<i16>(), b in 0i64..=u32::MAX as i64, c in any::<f64>(), d in any::<f32>(),
        e in any::<bool>(), f in any::<[u8; 3]>(), g in any::<Option<u32>>(), h in any::<u32>(),
        i in "[a-z\u{e9}]{0,2}", id in 0u16..10_000, flag in any::<bool>(), md5 in any::<[u8; 16]>(),
        p in any::<u8>(),
    ) -> Fixed {
        Fixed { a, b, c, d, e, f, g, h, i, t: (), inner: Inner { id, flag }, md5: Md5(md5), p }
    }
}

proptest! {
    #[test]
    fn the_schema_decodes_hbase_structs_as_decode(
        id in any::<i32>(), name in "[a-z\u{e9}]{0,3}", score in any::<Option<f64>>(),
        blob in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..4)),
        body in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..4)),
        at in any::<prop::sample::Index>(), byte in any::<u8>(),
    ) {
        let layout = read_back(&Hbase::LAYOUT.to_json());
        let key = Hbase { id, name, score, blob, body }.encode().unwrap();
        let mut tampered = key.clone();
        let i = at.index(tampered.len());
        tampered[i] = byte;
        for bytes in [&key[..], &tampered[..], &key[..i]] {
            let by_schema = dynamic::decode(layout, bytes);
            prop_assert_eq!(by_schema.as_ref().err().copied(), Hbase::decode(bytes).err().map(ReadError::from));
            prop_assert_eq!(&by_schema, &dynamic::decode(&Hbase::LAYOUT, bytes));
        }
    }

    #[test]
    fn the_schema_decodes_what_decode_decodes(
        k in fixed_key(),
        host in "[a-z\0\u{e9}]{0,6}", raw in proptest::collection::vec(any::<u8>(), 0..6),
        name in "[a-z]{0,4}", rest in proptest::collection::vec(any::<u8>(), 0..4), id in any::<u8>(),
        at in any::<prop::sample::Index>(), byte in any::<u8>(),
    ) {
        let fixed = read_back(&Fixed::LAYOUT.to_json());
        let variable = read_back(&Variable::LAYOUT.to_json());
        let v = Variable { id, host, raw, name: &name, rest: &rest };
        for (layout, key) in [(fixed, k.encode().unwrap().to_vec()), (variable, v.encode().unwrap())] {
            let mut tampered = key.clone();
            let i = at.index(tampered.len());
            tampered[i] = byte;
            for bytes in [&key[..], &tampered[..], &key[..i]] {
                let by_schema = dynamic::decode(layout, bytes);
                if layout.variable {
                    prop_assert_eq!(by_schema.as_ref().err().copied(), Variable::decode(bytes).err().map(ReadError::from));
                    prop_assert_eq!(&by_schema, &dynamic::decode(&Variable::LAYOUT, bytes));
                } else {
                    prop_assert_eq!(by_schema.as_ref().err().copied(), Fixed::decode(bytes).err().map(ReadError::from));
                    prop_assert_eq!(&by_schema, &dynamic::decode(&Fixed::LAYOUT, bytes));
                }
            }
        }
    }
}

proptest! {
    #[test]
    fn the_schema_decodes_phoenix_keys_as_decode_does(
        j in "[a-z\u{e9}]{0,3}", k in "[a-z]{0,3}", n in any::<i64>(),
        at in any::<prop::sample::Index>(), byte in any::<u8>(),
    ) {
        let layout = read_back(&Phoenix::LAYOUT.to_json());
        let h = rowkey::codec::phoenix::Timestamp { millis: n, nanos: 7 };
        let key = Phoenix {
            a: n as i8, b: n as i16, c: n as i32, d: n, e: n as f64, f: n < 0,
            g: rowkey::codec::phoenix::Date { millis: n }, h, i: "ab".into(), j, k,
        }.encode().unwrap();
        let mut tampered = key.clone();
        let i = at.index(tampered.len());
        tampered[i] = byte;
        for bytes in [&key[..], &tampered[..], &key[..i]] {
            let by_schema = dynamic::decode(layout, bytes);
            prop_assert_eq!(by_schema.as_ref().err().copied(), Phoenix::decode(bytes).err().map(ReadError::from));
            prop_assert_eq!(&by_schema, &dynamic::decode(&Phoenix::LAYOUT, bytes));
        }
    }
}

prop_compose! {
    fn tagged_key()(k in fixed_key(), id in any::<u64>(), which in 0..3u8) -> Tagged {
        match which {
            0 => Tagged::Fixed(k),
            1 => Tagged::User(UserKey { user: id }),
            _ => Tagged::Group(GroupKey { group: id }),
        }
    }
}

proptest! {
    /// The command line's `decode` of an enum with variant tags, by its
    /// schema: `KEY_TYPES.explain`'s member, spans and values, valid exactly
    /// when `Tagged::decode` accepts the key and failing with its error.
    #[test]
    fn the_schema_decodes_tagged_members_as_decode(
        k in tagged_key(), at in any::<prop::sample::Index>(), byte in any::<u8>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let Ok(schema @ Schema::KeyTypes(_)) = parse(&Tagged::KEY_TYPES.to_json()) else {
            panic!("an enum's schema reads back as key types")
        };
        let key = k.encode().unwrap();
        let mut tampered = key.clone();
        tampered[at.index(key.len())] = byte;
        for bytes in [&key[..], &tampered[..], &key[..cut.index(key.len() + 1)]] {
            let e = explain(schema, bytes);
            prop_assert_eq!(&e, &Tagged::KEY_TYPES.explain(bytes));
            let typed = Tagged::decode(bytes);
            prop_assert_eq!(e.error, typed.as_ref().err().copied().map(ReadError::from));
            if let Ok(t) = typed {
                let member = match t {
                    Tagged::Fixed(_) => "Fixed",
                    Tagged::User(_) => "User",
                    Tagged::Group(_) => "Group",
                };
                prop_assert_eq!(e.member, Some(member));
            }
        }
    }
}

/// The command line's `--key`: a member by its variant's name or its key
/// type's name; no name where there are several members, or a name the
/// schema lacks, is refused with the names it holds.
#[test]
fn members_are_chosen_by_name() {
    let Ok(schema @ Schema::KeyTypes(_)) = parse(&Tagged::KEY_TYPES.to_json()) else {
        panic!("an enum's schema reads back as key types")
    };
    assert_eq!(*schema.layout(Some("User")).unwrap(), UserKey::LAYOUT);
    assert_eq!(*schema.layout(Some("Group")).unwrap(), GroupKey::LAYOUT);
    let m = schema.member(Some("GroupKey")).unwrap();
    assert_eq!((m.name, m.tag), ("Group", &b"g"[..]));
    assert_eq!(
        schema.layout(None).unwrap_err(),
        "Tagged holds several key types: choose one with `--key`, one of Fixed, User, Group"
    );
    assert_eq!(
        schema.layout(Some("Other")).unwrap_err(),
        "`--key Other`: Tagged has Fixed, User, Group"
    );
    // Narrowed to one member, whose keys still start with its tag.
    let arena = Box::leak(Box::new(Arena::new()));
    let Schema::KeyTypes(only) = schema.only("User", arena).unwrap() else {
        panic!("a member of key types stays a member")
    };
    assert_eq!(only.name, "Tagged");
    assert_eq!(only.members, [schema.member(Some("User")).unwrap()]);
    assert!(schema.only("Other", arena).is_err());

    let one = parse(&UserKey::LAYOUT.to_json()).unwrap();
    assert_eq!(*one.layout(None).unwrap(), UserKey::LAYOUT);
    assert_eq!(*one.layout(Some("UserKey")).unwrap(), UserKey::LAYOUT);
    let m = one.member(None).unwrap();
    assert_eq!((m.name, m.tag), ("UserKey", &[][..]));
    assert_eq!(
        one.layout(Some("User")).unwrap_err(),
        "`--key User`: the schema holds one key type, `UserKey`"
    );
    assert!(matches!(one.only("UserKey", arena), Ok(Schema::Key(l)) if *l == UserKey::LAYOUT));
}

/// A hand-edited schema whose offsets or total width do not add up is
/// refused, naming the field or the key's width.
#[test]
fn schemas_whose_offsets_do_not_add_up_are_refused() {
    let json = Fixed::LAYOUT.to_json();
    // `b` follows the salt (3 digits) and `a` (2 bytes).
    let moved = json.replacen(
        "{\"name\": \"b\", \"offset\": 5,",
        "{\"name\": \"b\", \"offset\": 6,",
        1,
    );
    assert_ne!(moved, json);
    assert_eq!(
        parse(&moved).unwrap_err(),
        "key `Fixed`: field `b` starts at byte 6, after the fields before it at 5"
    );
    let width = Fixed::WIDTH;
    let longer = json.replacen(
        &format!("\"width\": {width},"),
        &format!("\"width\": {},", width + 1),
        1,
    );
    assert_eq!(
        parse(&longer).unwrap_err(),
        format!(
            "key `Fixed`: the fields add up to {width} bytes, the key says {}",
            width + 1
        )
    );
}

/// Names are JSON string literals: a quote, a backslash and control
/// characters are escaped (`\u00XX`), other characters, a space among
/// them, are written as they are; each reads back as it was.
#[test]
fn names_are_escaped_json_strings() {
    let name = "a \"b\"\\c\n\u{1f}\u{e9}";
    let layout = Layout {
        name,
        ..UserKey::LAYOUT
    };
    let json = layout.to_json();
    assert!(
        json.contains(r#""name": "a \"b\"\\c\u000a\u001fé","#),
        "{json}"
    );
    assert_eq!(*read_back(&json), layout);
}

/// Fields added in later versions.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Added {
    #[pad(3)]
    id: u16,
    #[rowkey(since = 2)]
    port: Option<u16>,
    #[rowkey(since = 3)]
    flag: Option<bool>,
}

/// An added field's version reads back; one that is no version is refused.
#[test]
fn added_fields_read_back_with_their_version() {
    let json = Added::LAYOUT.to_json();
    assert_eq!(*read_back(&json), Added::LAYOUT);
    let broken = json.replacen("\"since\": 3}", "\"since\": -3}", 1);
    assert_ne!(broken, json);
    assert!(
        parse(&broken)
            .unwrap_err()
            .ends_with("\"since\" is not a version number"),
        "{broken}"
    );
}

/// Fixed-width Phoenix columns.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 4, phoenix))]
struct PhoenixFixed {
    a: i32,
    b: i64,
}

/// A schema's salt is computed as the schema says whatever the fields'
/// codecs: Phoenix columns under a binary salt of one of them (which no
/// derive writes, but a schema may say) get that salt's bucket, and the
/// key the interpreter writes decodes by the same layout.
#[test]
fn a_binary_salt_over_phoenix_columns_hashes_its_field() {
    let json = PhoenixFixed::LAYOUT.to_json();
    let phoenix =
        "{\"buckets\": 4, \"format\": \"phoenix\", \"hash\": \"phoenix\", \"width\": 1, \"fields\": [\"a\", \"b\"]}";
    assert!(json.contains(phoenix), "{json}");
    let binary =
        "{\"buckets\": 4, \"format\": \"binary\", \"hash\": \"xxh32\", \"width\": 1, \"fields\": [\"a\"]}";
    let layout = read_back(&json.replacen(phoenix, binary, 1));
    let salt = rowkey::Salt::new(4);
    for (a, b) in [(1, 2), (-7, 0), (40_000, -1), (i32::MAX, i64::MIN)] {
        let (a, b) = (a.to_string(), b.to_string());
        let key = dynamic::encode(layout, &[("a", &a), ("b", &b)]).unwrap();
        assert_eq!(u32::from(key[0]), salt.bucket_of(&key[1..5]), "{a} {b}");
        let fields = dynamic::decode(layout, &key).unwrap();
        let values: Vec<String> = fields.iter().map(|f| f.value.to_input()).collect();
        assert_eq!(values, [a, b]);
    }
}

/// A `pad` codec is read back only as the derive allows it: an unsigned
/// type and 1 to 39 digits; a signed type, or digits outside, is refused.
#[test]
fn pad_codecs_the_derive_refuses_are_refused() {
    let json = Fixed::LAYOUT.to_json();
    let pad = "{\"kind\": \"pad\", \"digits\": 3, \"type\": \"u8\"}";
    assert!(json.contains(pad), "{json}");
    let with = |digits: u32, ty: &str| {
        let codec = format!("{{\"kind\": \"pad\", \"digits\": {digits}, \"type\": \"{ty}\"}}");
        parse(&json.replacen(pad, &codec, 1))
    };
    assert!(with(3, "u8").is_ok());
    for (digits, ty) in [(3, "i8"), (0, "u8"), (40, "u128"), (1, "i128")] {
        let e = with(digits, ty).unwrap_err();
        let refused = format!("`pad({digits})` on `{ty}` is not a codec");
        assert!(e.contains(&refused), "{e}");
    }
}
