//! Trailing fields: the value to the end of the key.

use super::keys::PathKey;
use super::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TailSlice<'a> {
    id: u8,
    rest: &'a [u8],
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TailString {
    id: u8,
    rest: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TailVec {
    id: u8,
    rest: Vec<u8>,
}

#[test]
fn trailing_fields_golden() {
    let key = PathKey {
        bucket: 3,
        path: "/usr",
    };
    let expected = [0x00, 0x03, b'/', b'u', b's', b'r'];
    encodes_to(&key, &expected);
    assert_eq!(PathKey::decode(&expected).unwrap(), key);
    encodes_to(
        &PathKey {
            bucket: 3,
            path: "",
        },
        &[0x00, 0x03],
    );
    assert_eq!(PathKey::WIDTH, 2);

    // zero bytes are stored as they are: nothing follows the value
    let slice = TailSlice {
        id: 9,
        rest: &[0x00, 0xFF, 0x00],
    };
    encodes_to(&slice, &[0x09, 0x00, 0xFF, 0x00]);
    assert_eq!(TailSlice::decode(&[0x09, 0x00, 0xFF, 0x00]).unwrap(), slice);
    golden(
        &TailString {
            id: 1,
            rest: "a\0b".into(),
        },
        &[0x01, 0x61, 0x00, 0x62],
    );
    golden(
        &TailVec {
            id: 1,
            rest: vec![],
        },
        &[0x01],
    );
    golden(
        &TailVec {
            id: 1,
            rest: vec![0xFF; 3],
        },
        &[0x01, 0xFF, 0xFF, 0xFF],
    );
}

#[test]
fn trailing_decode_checks_the_fixed_head_and_utf8() {
    assert!(matches!(
        PathKey::decode(&[0x00]).unwrap_err().kind(),
        DecodeErrorKind::TooShort { .. }
    ));
    assert_eq!(
        PathKey::decode(&[0x00, 0x03, 0xC3]).unwrap_err().kind(),
        DecodeErrorKind::InvalidUtf8
    );
    assert_eq!(
        TailString::decode(&[0x01, 0xFF]).unwrap_err().kind(),
        DecodeErrorKind::InvalidUtf8
    );
}
