//! Scans by text through `dynamic::scan`, the command line's `scan`: the
//! bytes of the derived helpers, and the refusals of what a range or a
//! prefix cannot express, each naming the field and the fix.

use std::ops::Bound::{self, Included, Unbounded};

use rowkey::dynamic::{scan, Scan, ScanRanges};
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
