//! `#[fixed(N)]`: the value, then zero padding.

use super::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Fixed {
    #[fixed(4)]
    s: String,
    #[fixed(3)]
    v: Vec<u8>,
    #[fixed(2)]
    empty: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct FixedRev {
    #[fixed(4)]
    #[reverse]
    s: String,
    #[reverse]
    #[fixed(3)]
    v: Vec<u8>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct FixedBorrowed<'a> {
    #[fixed(4)]
    name: &'a str,
    #[fixed(2)]
    raw: &'a [u8],
}

#[test]
fn fixed_writes_the_value_then_zero_padding() {
    golden(
        &Fixed {
            s: "ab".into(),
            v: vec![0x00, 0x01],
            empty: String::new(),
        },
        &[0x61, 0x62, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00],
    );
    golden(
        &Fixed {
            s: "中".into(), // E4 B8 AD in UTF-8
            v: vec![0xFF, 0xFF, 0xFF],
            empty: "xy".into(),
        },
        &[0xE4, 0xB8, 0xAD, 0x00, 0xFF, 0xFF, 0xFF, 0x78, 0x79],
    );
    let k = FixedBorrowed {
        name: "abcd",
        raw: &[0xFF],
    };
    let bytes = k.encode().unwrap();
    assert_eq!(bytes, [0x61, 0x62, 0x63, 0x64, 0xFF, 0x00]);
    assert_eq!(FixedBorrowed::decode(&bytes).unwrap(), k);
}

#[test]
fn reverse_fixed_inverts_the_value_and_the_padding() {
    golden(
        &FixedRev {
            s: "ab".into(),
            v: vec![0x01, 0x02],
        },
        &[0x9E, 0x9D, 0xFF, 0xFF, 0xFE, 0xFD, 0xFF],
    );
    golden(
        &FixedRev {
            s: String::new(),
            v: vec![0xFF, 0x00, 0x01],
        },
        &[0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFE],
    );
}

#[test]
fn fixed_rejects_values_the_padding_cannot_tell_apart() {
    let too_long = Fixed {
        s: "abcde".into(),
        v: vec![],
        empty: String::new(),
    };
    assert_eq!(
        too_long.encode().unwrap_err().kind(),
        EncodeErrorKind::TooLong { len: 5, max: 4 }
    );
    let trailing_zero = Fixed {
        s: String::new(),
        v: vec![1, 0],
        empty: String::new(),
    };
    let e = trailing_zero.encode().unwrap_err();
    assert_eq!(e.field(), "v");
    assert_eq!(e.kind(), EncodeErrorKind::TrailingZero { len: 2 });
    // A zero inside the value is fine: only the end is ambiguous.
    golden(
        &Fixed {
            s: "a\0b".into(),
            v: vec![0, 0, 1],
            empty: String::new(),
        },
        &[0x61, 0x00, 0x62, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00],
    );
    assert!(
        Fixed::decode(&[0xFF, 0, 0, 0, 0, 0, 0, 0, 0]).is_err(),
        "not UTF-8"
    );
}
