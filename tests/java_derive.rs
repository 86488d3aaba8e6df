//! `#[java]` fields write exactly what Java's `Bytes.toBytes` wrote in
//! tests/data/java-vectors.tsv (made by the real HBase code), and read it back.

use rowkey::{FieldCodec, JavaType, Order, RowKey};

/// A key a Java service builds with `Bytes.add(Bytes.toBytes(user), ...)`.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Legacy {
    #[java]
    shard: i16,
    #[java]
    day: i32,
    #[java]
    user: i64,
    #[java]
    score: f32,
    #[java]
    weight: f64,
    #[java]
    active: bool,
    /// `Bytes.toBytes(String)`: raw UTF-8, as the last field writes it.
    name: String,
}

/// `Bytes.toBytes` of `value` for `ty`, from the Java vectors.
fn java(ty: &str, value: &str) -> Vec<u8> {
    let data = include_str!("data/java-vectors.tsv");
    let row = data
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|c| c.len() == 5 && c[0] == "hbase" && c[1] == ty && c[3] == value)
        .unwrap_or_else(|| panic!("no Java vector for {ty} {value}"));
    (0..row[4].len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&row[4][i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn keys_are_the_bytes_java_wrote() {
    let cases = [
        (
            -32768i16,
            -1i32,
            i64::MIN,
            0x8000_0000u32,
            0x7ff8_0000_0000_0000u64,
            true,
            "日本語",
        ),
        (
            256,
            i32::MAX,
            1234567890123456789,
            0x3f80_0000,
            0x4009_21fb_5444_2d18,
            false,
            "",
        ),
    ];
    for (shard, day, user, score, weight, active, name) in cases {
        let key = Legacy {
            shard,
            day,
            user,
            score: f32::from_bits(score),
            weight: f64::from_bits(weight),
            active,
            name: name.to_string(),
        };
        let expected = [
            java("i16", &shard.to_string()),
            java("i32", &day.to_string()),
            java("i64", &user.to_string()),
            java("f32", &format!("x{score:08x}")),
            java("f64", &format!("x{weight:016x}")),
            java("bool", &active.to_string()),
            name.as_bytes().to_vec(),
        ]
        .concat();
        let bytes = key.encode().unwrap();
        assert_eq!(bytes, expected);
        let back = Legacy::decode(&bytes).unwrap();
        assert_eq!(back.score.to_bits(), score);
        assert_eq!(back.weight.to_bits(), weight);
        assert_eq!(
            (back.shard, back.day, back.user, back.active),
            (shard, day, user, active)
        );
        assert_eq!(back.name, name);
    }
}

#[test]
fn layout_says_unordered_and_prefix_helpers_match_java() {
    let seg = &Legacy::LAYOUT.segments[2];
    assert_eq!((seg.name, seg.order), ("user", Order::Unordered));
    assert_eq!(seg.kind, FieldCodec::Java(JavaType::Long));
    let p = Legacy::prefix_for_shard_day_user(1, -1, -5).unwrap();
    let expected = [
        java("i16", "1"),
        java("i32", "-1"),
        vec![0xFF; 7],
        vec![0xFB],
    ]
    .concat();
    assert_eq!(p.start(), &expected[..]);
    // A Java boolean byte other than 0x00 and 0xFF is refused.
    let mut bytes = Legacy {
        shard: 0,
        day: 0,
        user: 0,
        score: 0.0,
        weight: 0.0,
        active: true,
        name: "n".into(),
    }
    .encode()
    .unwrap();
    bytes[26] = 0x01;
    assert!(Legacy::decode(&bytes).is_err());
}

/// A key HBase's `Struct(OrderedInt32, OrderedInt64 DESCENDING, OrderedFloat64)` writes.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(view)]
struct Ordered {
    #[ordered]
    tenant: i32,
    #[ordered]
    #[reverse]
    ts: i64,
    #[ordered]
    score: f64,
}

/// OrderedBytes' bytes of `value` for `ty` and order, from the Java vectors.
fn java_ordered(ty: &str, desc: bool, value: &str) -> Vec<u8> {
    let data = include_str!("data/java-vectors.tsv");
    let order = if desc { "desc" } else { "asc" };
    let row = data
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|c| c.len() == 5 && c[0] == "ordered" && c[1] == ty && c[2] == order && c[3] == value)
        .unwrap_or_else(|| panic!("no Java vector for {ty} {order} {value}"));
    (0..row[4].len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&row[4][i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn ordered_keys_are_the_bytes_hbase_wrote() {
    for (tenant, ts, score) in [
        (-1i32, i64::MAX, 0x3fb9_9999_9999_999au64),
        (65535, -4294967296, 0x8000_0000_0000_0000),
    ] {
        let key = Ordered {
            tenant,
            ts,
            score: f64::from_bits(score),
        };
        let expected = [
            java_ordered("i32", false, &tenant.to_string()),
            java_ordered("i64", true, &ts.to_string()),
            java_ordered("f64", false, &format!("x{score:016x}")),
        ]
        .concat();
        let bytes = key.encode().unwrap();
        assert_eq!(&bytes[..], &expected[..]);
        let back = Ordered::decode(&bytes).unwrap();
        assert_eq!(
            (back.tenant, back.ts, back.score.to_bits()),
            (tenant, ts, score)
        );
        // The zerocopy view reads one field alone.
        assert_eq!(Ordered::view(&bytes).unwrap().ts().unwrap(), ts);
    }
    assert_eq!(Ordered::LAYOUT.segments[1].order, Order::Descending);
    assert_eq!(
        Ordered::LAYOUT.segments[0].kind,
        FieldCodec::Ordered(rowkey::codec::ordered::Ordered { header: 0x2B })
    );
}

#[test]
fn ordered_fields_get_range_helpers() {
    let keys: Vec<Ordered> = (-3..3)
        .flat_map(|tenant| {
            (-2..2).map(move |ts| Ordered {
                tenant,
                ts,
                score: 0.5,
            })
        })
        .collect();
    let mut sorted: Vec<_> = keys
        .iter()
        .map(|k| (k.encode().unwrap(), k.clone()))
        .collect();
    sorted.sort_by_key(|(bytes, _)| *bytes);
    // Ascending tenant, then descending ts: the key order HBase scans in.
    let order: Vec<(i32, i64)> = sorted.iter().map(|(_, k)| (k.tenant, k.ts)).collect();
    let mut expected: Vec<(i32, i64)> = keys.iter().map(|k| (k.tenant, k.ts)).collect();
    expected.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    assert_eq!(order, expected);
    let r = Ordered::range_for_tenant(-2..=0).unwrap();
    let found = sorted.iter().filter(|(k, _)| r.contains(k)).count();
    assert_eq!(found, 12);
    let r = Ordered::range_for_tenant_ts(-1, -1..=0).unwrap();
    let found: Vec<i64> = sorted
        .iter()
        .filter(|(k, _)| r.contains(k))
        .map(|(_, k)| k.ts)
        .collect();
    assert_eq!(found, [0, -1]);
}

#[test]
fn layouts_read_and_write_java_keys_alone() {
    let legacy = Legacy {
        shard: -2,
        day: 20240101,
        user: -7,
        score: 1.5,
        weight: -0.25,
        active: true,
        name: "web-17".into(),
    };
    let ordered = Ordered {
        tenant: -3,
        ts: 99,
        score: 2.5,
    };
    let keys: [(&rowkey::Layout, Vec<u8>); 2] = [
        (&Legacy::LAYOUT, legacy.encode().unwrap()),
        (&Ordered::LAYOUT, ordered.encode().unwrap().to_vec()),
    ];
    for (layout, bytes) in keys {
        let fields = rowkey::dynamic::decode(layout, &bytes).unwrap();
        let texts: Vec<(&str, String)> = fields
            .iter()
            .map(|f| (f.name, f.value.to_input()))
            .collect();
        let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (*n, v.as_str())).collect();
        assert_eq!(rowkey::dynamic::encode(layout, &pairs).unwrap(), bytes);
    }
    let json = Legacy::LAYOUT.to_json();
    assert!(
        json.contains(r#"{"kind": "java", "type": "long"}"#),
        "{json}"
    );
    let json = Ordered::LAYOUT.to_json();
    assert!(
        json.contains(r#"{"kind": "ordered", "header": 44}"#),
        "{json}"
    );
}
