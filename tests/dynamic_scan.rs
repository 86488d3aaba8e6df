//! Scans by text through `dynamic::scan`, the command line's `scan`: the
//! bytes of the derived helpers, and the refusals of what a range or a
//! prefix cannot express, each naming the field and the fix.

use std::ops::Bound::{self, Included, Unbounded};

use rowkey::dynamic::{self, scan, Scan, ScanRanges};
use rowkey::{Layout, RowKey};

/// A nested key of one field, whose value text gives.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Id {
    #[pad(2)]
    id: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Mixed {
    a: u8,
    id: Id,
    #[mirror]
    m: u16,
    o: Option<u8>,
    c: u8,
}

type Range<'a> = Option<(&'a str, Bound<&'a str>, Bound<&'a str>)>;
type Pins<'a> = &'a [(&'a str, &'a str)];

/// The one range of an unsalted key's scan, or the error's text.
fn one(
    layout: &Layout<'_>,
    pins: &[(&str, &str)],
    range: Range<'_>,
) -> Result<rowkey::KeyRangeBuf, String> {
    match scan::<Vec<u8>>(layout, &Scan { pins, range }) {
        Ok(ScanRanges::One(r)) => Ok(rowkey::KeyRangeBuf::new(r.start(), r.end()).unwrap()),
        Ok(ScanRanges::PerBucket(_)) => panic!("an unsalted key's scan is one range"),
        Err(e) => Err(e.to_string()),
    }
}

/// A field whose bytes do not keep its values' order takes a value, not a
/// range: a nested key, a mirrored field, an `Option`.
#[test]
fn unordered_fields_take_a_value_not_a_range() {
    let cases: [(Pins<'_>, &str, &str); 3] = [
        (
            &[("a", "1")],
            "id",
            "field `id` (Id) does not keep order in the key",
        ),
        (
            &[("a", "1"), ("id", "2")],
            "m",
            "field `m` (u16, mirror) does not keep order in the key",
        ),
        (
            &[("a", "1"), ("id", "2"), ("m", "3")],
            "o",
            "field `o` (Option<u8>) does not keep order in the key",
        ),
    ];
    for (pins, field, why) in cases {
        let e = one(
            &Mixed::LAYOUT,
            pins,
            Some((field, Included("1"), Unbounded)),
        )
        .unwrap_err();
        assert!(e.starts_with(why), "{e}");
        assert!(e.ends_with("so it takes a value, not a range"), "{e}");
    }
    // Pinned to a value, each is a prefix, as the derived helper's.
    let pins = [("a", "1"), ("id", "2"), ("m", "3"), ("o", "4")];
    let r = one(&Mixed::LAYOUT, &pins, Some(("c", Included("5"), Unbounded))).unwrap();
    let start = Mixed {
        a: 1,
        id: Id { id: 2 },
        m: 3,
        o: Some(4),
        c: 5,
    }
    .encode()
    .unwrap();
    assert_eq!(r.start(), start.as_slice());
}

/// A range's start and end.
type Bounds = (Vec<u8>, Option<Vec<u8>>);

/// The ranges of a scan as (start, end) pairs.
fn ranges(
    layout: &Layout<'_>,
    pins: &[(&str, &str)],
    range: Range<'_>,
) -> Result<Vec<Bounds>, String> {
    let pair = |s: &[u8], e: Option<&[u8]>| (s.to_vec(), e.map(<[u8]>::to_vec));
    match scan::<Vec<u8>>(layout, &Scan { pins, range }).map_err(|e| e.to_string())? {
        ScanRanges::One(r) => Ok(vec![pair(r.start(), r.end())]),
        ScanRanges::PerBucket(rs) => Ok(rs.map(|r| pair(r.start(), r.end())).collect()),
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Event {
    #[salt(mod = 4)]
    user: u32,
    #[reverse]
    ts: u64,
}

/// A salted key: pinning the salted field fixes the bucket (one range, the
/// derived prefix's); a range on it spans every bucket, one range each.
#[test]
fn a_scan_fans_out_over_the_buckets_its_pins_do_not_fix() {
    let one = ranges(&Event::LAYOUT, &[("user", "7")], None).unwrap();
    let derived = Event::prefix_for_user(7).unwrap();
    assert_eq!(
        one,
        [(derived.start().to_vec(), derived.end().map(<[u8]>::to_vec))]
    );
    let pinned = ranges(
        &Event::LAYOUT,
        &[("user", "7")],
        Some(("ts", Included("5"), Unbounded)),
    )
    .unwrap();
    let derived = Event::range_for_user_ts(7, 5..).unwrap();
    assert_eq!(
        pinned,
        [(derived.start().to_vec(), derived.end().map(<[u8]>::to_vec))]
    );
    let every = ranges(
        &Event::LAYOUT,
        &[],
        Some(("user", Included("3"), Unbounded)),
    )
    .unwrap();
    let derived: Vec<_> = Event::range_for_user(3..)
        .unwrap()
        .map(|r| (r.start().to_vec(), r.end().map(<[u8]>::to_vec)))
        .collect();
    assert_eq!(every.len(), 4);
    assert_eq!(every, derived);
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Tail {
    a: u8,
    #[tag(b"t")]
    kind: (),
    rest: String,
}

/// A field that runs to the end of the key, pinned, selects exactly the
/// key with that value: "ab" is no prefix of the keys holding "ab".
#[test]
fn a_pinned_field_to_the_end_of_the_key_is_one_key() {
    let r = one(&Tail::LAYOUT, &[("a", "1"), ("rest", "ab")], None).unwrap();
    let key = Tail {
        a: 1,
        kind: (),
        rest: "ab".into(),
    }
    .encode()
    .unwrap();
    assert!(r.contains(&key));
    let longer = Tail {
        a: 1,
        kind: (),
        rest: "abc".into(),
    }
    .encode()
    .unwrap();
    assert!(!r.contains(&longer), "{r}");
    // Pinned short of it, a prefix of every key with those values.
    let r = one(&Tail::LAYOUT, &[("a", "1")], None).unwrap();
    assert!(r.contains(&key) && r.contains(&longer));
    let derived = Tail::prefix_for_a(1).unwrap();
    assert_eq!((r.start(), r.end()), (derived.start(), derived.end()));
}

/// A nested key given neither whole nor by its fields is one missing
/// field, named as the key names it.
#[test]
fn a_nested_key_left_out_is_missing_whole() {
    let values = [("a", "1"), ("m", "2"), ("o", "None"), ("c", "3")];
    let e = dynamic::encode(&Mixed::LAYOUT, &values).unwrap_err();
    assert_eq!(e.to_string(), "missing field `id`");
    let values = [
        ("a", "1"),
        ("id.id", "4"),
        ("m", "2"),
        ("o", "None"),
        ("c", "3"),
    ];
    let key = dynamic::encode(&Mixed::LAYOUT, &values).unwrap();
    let typed = Mixed {
        a: 1,
        id: Id { id: 4 },
        m: 2,
        o: None,
        c: 3,
    };
    assert_eq!(key, typed.encode().unwrap().to_vec());
}

/// `PRIMARY KEY (id INTEGER, ts BIGINT) SALT_BUCKETS = 8`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 8, phoenix))]
struct PhoenixPair {
    id: i32,
    ts: i64,
}

/// `PhoenixPair`'s layout with its salt naming no field, as a schema edited
/// by hand may: Phoenix's salt hashes every column whatever the list says.
const PHOENIX_UNNAMED: Layout<'static> = Layout {
    salt: match PhoenixPair::LAYOUT.salt {
        Some(s) => Some(rowkey::LayoutSalt { fields: &[], ..s }),
        None => None,
    },
    ..PhoenixPair::LAYOUT
};

/// A Phoenix key's bucket is known only when every column is pinned: short
/// of that, a scan is one range per bucket.
#[test]
fn a_phoenix_salt_is_pinned_by_every_column() {
    for layout in [&PhoenixPair::LAYOUT, &PHOENIX_UNNAMED] {
        let some = scan::<Vec<u8>>(
            layout,
            &Scan {
                pins: &[("id", "5")],
                range: None,
            },
        );
        assert!(matches!(some, Ok(ScanRanges::PerBucket(_))), "{some:?}");
        let all = [("id", "5"), ("ts", "7")];
        let every = scan::<Vec<u8>>(
            layout,
            &Scan {
                pins: &all,
                range: None,
            },
        );
        let key = PhoenixPair { id: 5, ts: 7 }.encode().unwrap();
        assert!(
            matches!(&every, Ok(ScanRanges::One(r)) if r.contains(&key)),
            "{every:?}"
        );
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TagThenNumber {
    a: u8,
    #[tag(b"t")]
    kind: (),
    b: u16,
}

/// A range on the field after a tag that follows the pinned fields: the
/// tag is pinned too, as the derived helper writes it. A range on a later
/// field names the one after the tag, which a range can bound; a range on
/// the tag itself is refused as on any field without order.
#[test]
fn a_tag_between_the_pins_and_the_range_is_pinned() {
    let range = Some(("b", Included("5"), Included("9")));
    let r = one(&TagThenNumber::LAYOUT, &[("a", "1")], range).unwrap();
    let derived = TagThenNumber::range_for_a_kind_b(1, 5..=9).unwrap();
    assert_eq!((r.start(), r.end()), (derived.start(), derived.end()));
    assert_eq!(r.start(), [1, b't', 0, 5], "{r}");
    let refusal = |name| {
        let range = Some((name, Included("5"), Unbounded));
        one(&TagThenNumberThenByte::LAYOUT, &[("a", "1")], range).unwrap_err()
    };
    assert_eq!(
        refusal("c"),
        "a range bounds the field after the pinned ones: `b`, not `c`"
    );
    assert_eq!(
        refusal("kind"),
        "field `kind` (tag(b\"t\")) does not keep order in the key, so it takes a value, not a range"
    );
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TagThenNumberThenByte {
    a: u8,
    #[tag(b"t")]
    kind: (),
    b: u16,
    c: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Added {
    a: u8,
    b: u8,
    #[rowkey(since = 1)]
    c: Option<u8>,
}

/// What a scan cannot express is refused, naming the field and the fix.
#[test]
fn scans_that_pin_no_leading_run_are_refused() {
    let refusal =
        |pins: &[(&str, &str)], range: Range<'_>| one(&Added::LAYOUT, pins, range).unwrap_err();
    assert_eq!(
        refusal(&[("b", "1")], None),
        "field `a` comes before the pinned fields: a scan pins a leading run of fields, give `a=VALUE` too"
    );
    assert_eq!(
        refusal(&[("a", "1")], Some(("c", Included("1"), Unbounded))),
        "a range bounds the field after the pinned ones: `b`, not `c`"
    );
    assert_eq!(
        refusal(
            &[("a", "1"), ("b", "2"), ("c", "3")],
            Some(("c", Included("1"), Unbounded))
        ),
        "every field is pinned: no field left for the range on `c`"
    );
    assert!(refusal(&[("a", "1"), ("b", "2"), ("c", "None")], None)
        .starts_with("field `c` may be left out of a key, and `None` at the end writes nothing"),);
    assert!(refusal(&[("x", "1")], None).starts_with("unknown field `x`; Added has a, b, c"));
    // Pinned to a value, the added field is a prefix like any other.
    let r = one(&Added::LAYOUT, &[("a", "1"), ("b", "2"), ("c", "3")], None).unwrap();
    let key = |c| Added { a: 1, b: 2, c }.encode().unwrap();
    assert!(r.contains(&key(Some(3))));
    assert!(!r.contains(&key(Some(4))) && !r.contains(&key(None)));
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Named {
    name: String,
    id: i32,
}

/// A scan that pins no field and bounds none holds every key, Phoenix's
/// too.
#[test]
fn a_scan_of_nothing_is_every_key() {
    for layout in [&Named::LAYOUT, &Added::LAYOUT, &Tail::LAYOUT] {
        let r = one(layout, &[], None).unwrap();
        assert_eq!((r.start(), r.end()), (&[][..], None), "{}", layout.name);
    }
    // Pinned, Phoenix's shortest key ends with the `VARCHAR`'s value.
    let r = one(&Named::LAYOUT, &[("name", "ab")], None).unwrap();
    let key = Named {
        name: "ab".into(),
        id: 7,
    }
    .encode()
    .unwrap();
    assert!(r.contains(&key));
    let derived = Named::prefix_for_name("ab").unwrap();
    assert_eq!((r.start(), r.end()), (derived.start(), derived.end()));
}

/// `PRIMARY KEY (name VARCHAR, ts BIGINT) SALT_BUCKETS = 8`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 8, phoenix))]
struct PhoenixTextPair {
    name: String,
    ts: i64,
}

/// Every column of a salted Phoenix key with a `VARCHAR` pinned, a fixed
/// one last: the key's own bucket heads the one range, which holds the key.
#[test]
fn a_phoenix_key_with_a_varchar_pinned_whole_is_in_its_bucket() {
    for (name, ts) in [("a", 7), ("host-1", -3), ("", 0)] {
        let text = ts.to_string();
        let pins = [("name", name), ("ts", text.as_str())];
        let r = scan::<Vec<u8>>(
            &PhoenixTextPair::LAYOUT,
            &Scan {
                pins: &pins,
                range: None,
            },
        );
        let key = PhoenixTextPair {
            name: name.into(),
            ts,
        }
        .encode()
        .unwrap()
        .to_vec();
        assert!(
            matches!(&r, Ok(ScanRanges::One(r)) if r.contains(&key)),
            "{name} {ts}: {r:?}"
        );
    }
}
