//! `T::LAYOUT` as typed data: every codec's parameters, as the derive emits
//! them, for code that reads keys without their Rust types (`explain`, schemas).

#[path = "support/keys.rs"]
mod keys;
use keys::{FileKey, OrderKey, Row};

use std::borrow::Cow;

use rowkey::codec::{
    bytes::ByteArray, escaped::Escaped, fixed::Fixed, float::Float, int::IntType, narrow::Narrow,
    pad::Pad, rest::Rest, tag::Tag, TextType,
};
use rowkey::{FieldCodec, Layout, Md5, Order, RowKey, Salt};

#[derive(RowKey)]
struct Inner {
    #[pad(4)]
    id: u16,
}

#[derive(RowKey)]
#[rowkey(max_width = 200)]
#[allow(dead_code)] // only its layout is read
struct Every<'a> {
    #[salt(mod = 1000, pad = 3)]
    #[be_u32]
    a: i64,
    b: i16,
    #[pad(6)]
    #[reverse]
    c: u32,
    #[fixed(5)]
    d: &'a str,
    e: bool,
    f: [u8; 3],
    g: f32,
    #[salt]
    h: Option<u64>,
    #[mirror]
    i: u32,
    inner: Inner,
    md5: Md5,
    #[tag(b"ix")]
    t: (),
    #[escaped]
    s: Cow<'a, str>,
    rest: &'a [u8],
}

const fn int(bytes: u8, signed: bool) -> IntType {
    IntType { bytes, signed }
}

#[test]
fn every_codec_with_its_parameters() {
    let l = Every::LAYOUT;
    assert_eq!(l.max_width, 200);
    assert!(l.variable);
    let salt = l.salt.unwrap();
    assert_eq!(salt.salt, Salt::digits(1000, 3));
    assert_eq!(salt.fields, ["a", "h"]);
    let kinds: Vec<(&str, FieldCodec, &str)> = l
        .segments
        .iter()
        .map(|s| (s.name, s.kind, s.rust_type))
        .collect();
    let utf8_owned = TextType {
        utf8: true,
        borrowed: false,
    };
    let bytes_borrowed = TextType {
        utf8: false,
        borrowed: true,
    };
    let expected: Vec<(&str, FieldCodec, &str)> = vec![
        ("salt", FieldCodec::Salt, ""),
        (
            "a",
            FieldCodec::Narrow(Narrow {
                bytes: 4,
                from: int(8, true),
            }),
            "i64",
        ),
        ("b", FieldCodec::Int(int(2, true)), "i16"),
        (
            "c",
            FieldCodec::Pad(Pad {
                digits: 6,
                ty: int(4, false),
            }),
            "u32",
        ),
        (
            "d",
            FieldCodec::Fixed(Fixed {
                width: 5,
                text: TextType {
                    utf8: true,
                    borrowed: true,
                },
            }),
            "&'a str",
        ),
        ("e", FieldCodec::Bool, "bool"),
        ("f", FieldCodec::Bytes(ByteArray(3)), "[u8; 3]"),
        ("g", FieldCodec::Float(Float { bytes: 4 }), "f32"),
        ("h", FieldCodec::Int(int(8, false)), "Option<u64>"),
        ("i", FieldCodec::Int(int(4, false)), "u32"),
        ("inner", FieldCodec::Nested(&Inner::LAYOUT), "Inner"),
        ("md5", FieldCodec::Nested(&Md5::LAYOUT), "Md5"),
        ("t", FieldCodec::Tag(Tag(b"ix")), "()"),
        (
            "s",
            FieldCodec::Escaped(Escaped(utf8_owned)),
            "Cow<'a, str>",
        ),
        ("rest", FieldCodec::Rest(Rest(bytes_borrowed)), "&'a [u8]"),
    ];
    assert_eq!(kinds, expected);
    let flags: Vec<(bool, bool, bool)> = l
        .segments
        .iter()
        .map(|s| (s.reverse, s.mirror, s.optional))
        .collect();
    let mut want = vec![(false, false, false); l.segments.len()];
    want[3] = (true, false, false);
    want[8] = (false, false, true);
    want[9] = (false, true, false);
    assert_eq!(flags, want);
    assert_eq!(l.segment("h").map(|s| s.width), Some(9));
    assert_eq!(l.segment("inner").map(|s| s.order), Some(Order::Ascending));
    assert_eq!(l.segment("md5").map(|s| s.order), Some(Order::Unordered));
}

#[test]
fn nested_layouts_lead_to_the_inner_codecs() {
    let Some(FieldCodec::Nested(layout)) = Every::LAYOUT.segment("md5").map(|s| s.kind) else {
        panic!("md5 is a nested key");
    };
    assert_eq!(layout.segments[0].kind, FieldCodec::Md5Digest);
    let inner: &Layout<'_> = &Inner::LAYOUT;
    assert_eq!(inner.salt, None);
    assert_eq!(inner.max_width, 32_767);
}

#[derive(RowKey)]
#[rowkey(salt(buckets = 8, phoenix))]
struct Phoenix {
    a: u32,
    #[be_u16]
    b: u8,
}

#[test]
fn phoenix_salt_hashes_every_field() {
    let salt = Phoenix::LAYOUT.salt.unwrap();
    assert_eq!(salt.salt, Salt::phoenix(8));
    assert_eq!(salt.fields, ["a", "b"]);
    assert_eq!(Phoenix::LAYOUT.segments[0].kind, FieldCodec::Salt);
}

#[test]
fn an_enum_of_key_types_lists_its_members() {
    let names: Vec<&str> = Row::KEY_TYPES.members.iter().map(|m| m.name).collect();
    assert_eq!(names, ["Customer", "Order"]);
    assert_eq!(Row::KEY_TYPES.members[1].layout, &OrderKey::LAYOUT);
    let order = OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    }
    .encode()
    .unwrap();
    let e = Row::KEY_TYPES.explain(&order);
    assert_eq!(e.member, Some("Order"));
    assert_eq!(
        format!("{e:#}"),
        "Order (OrderKey) customer=7 kind=() order=9"
    );
}

/// A layout prints as the table the README shows for `FileKey`: each
/// column as wide as its widest cell (`14..20` takes six places).
#[test]
fn a_layout_prints_as_the_readmes_table() {
    let readme = include_str!("../README.md");
    let start = readme
        .find("FileKey: 20 bytes\n")
        .expect("the README's table");
    let table = &readme[start..start + readme[start..].find("```").unwrap()];
    assert_eq!(FileKey::LAYOUT.to_string(), table);
}

/// Fields whose spans print in two, three and four places.
#[derive(RowKey)]
#[allow(dead_code)] // only its layout is read
struct Spans {
    #[fixed(12)]
    name: String,
    a: u8,
    #[fixed(90)]
    long: Vec<u8>,
    #[fixed(900)]
    longer: Vec<u8>,
    b: u8,
}

/// Every row of a layout's table has its `|`s where the header has them,
/// and its first cell is the field's `offset..offset + width`, however
/// many places the spans take.
#[test]
fn a_tables_columns_line_up_whatever_the_spans() {
    for layout in [&Spans::LAYOUT, &FileKey::LAYOUT, &Every::LAYOUT] {
        let table = layout.to_string();
        let lines: Vec<&str> = table.lines().skip(1).collect();
        let bars = |line: &str| -> Vec<usize> {
            line.char_indices()
                .filter(|&(_, c)| c == '|')
                .map(|(i, _)| line[..i].chars().count())
                .collect()
        };
        let header = bars(lines[0]);
        assert_eq!(header.len(), 5, "{table}");
        let rows = &lines[2..];
        assert_eq!(rows.len(), layout.segments.len(), "{table}");
        for (row, seg) in rows.iter().zip(layout.segments) {
            assert_eq!(bars(row), header, "{table}");
            let cell = row.split('|').nth(1).unwrap().trim();
            assert_eq!(
                cell,
                format!("{}..{}", seg.offset, seg.offset + seg.width),
                "{table}"
            );
        }
    }
}
