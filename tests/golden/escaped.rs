//! `#[escaped]`: `00` written `00 FF`, then the terminator `00 01`; `#[reverse]` inverts all of it.

use super::keys::HostEventKey;
use super::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Esc {
    #[escaped]
    v: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct RevEsc {
    #[reverse]
    #[escaped]
    v: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct EscBytes {
    #[escaped]
    v: Vec<u8>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct EscSlice<'a> {
    #[escaped]
    v: &'a [u8],
}

fn inverted(bytes: &[u8]) -> Vec<u8> {
    bytes.iter().map(|b| !b).collect()
}

#[test]
fn escaped_golden() {
    golden(&Esc { v: "ab".into() }, &[0x61, 0x62, 0x00, 0x01]);
    golden(
        &Esc { v: "a\0b".into() },
        &[0x61, 0x00, 0xFF, 0x62, 0x00, 0x01],
    );
    golden(&Esc { v: String::new() }, &[0x00, 0x01]);
    golden(&Esc { v: "\0".into() }, &[0x00, 0xFF, 0x00, 0x01]);
    golden(
        &Esc { v: "\0\0".into() },
        &[0x00, 0xFF, 0x00, 0xFF, 0x00, 0x01],
    );
    // 0x01 and 0xFF in the value are written as they are
    golden(
        &EscBytes {
            v: vec![0x01, 0xFF, 0x00],
        },
        &[0x01, 0xFF, 0x00, 0xFF, 0x00, 0x01],
    );
    encodes_to(&EscSlice { v: b"x" }, &[0x78, 0x00, 0x01]);
    assert_eq!(
        EscSlice::decode(&[0x78, 0x00, 0x01]).unwrap(),
        EscSlice { v: b"x" }
    );
    // UTF-8 bytes pass through: "é" is C3 A9
    golden(&Esc { v: "é".into() }, &[0xC3, 0xA9, 0x00, 0x01]);
}

#[test]
fn reversed_escaped_inverts_every_byte_terminator_included() {
    golden(&RevEsc { v: "ab".into() }, &[0x9E, 0x9D, 0xFF, 0xFE]);
    golden(
        &RevEsc { v: "a\0b".into() },
        &[0x9E, 0xFF, 0x00, 0x9D, 0xFF, 0xFE],
    );
    golden(&RevEsc { v: String::new() }, &[0xFF, 0xFE]);
    for v in ["", "ab", "abc", "a\0b", "\0", "web-17"] {
        let asc = Esc { v: v.into() }.encode().unwrap();
        let desc = RevEsc { v: v.into() }.encode().unwrap();
        assert_eq!(desc, inverted(&asc), "{v:?}");
    }
}

#[test]
fn escaped_fields_in_the_middle_of_a_key() {
    let key = HostEventKey {
        host: "web",
        event: "login",
        ts: 1,
    };
    let expected = [
        0x77, 0x65, 0x62, 0x00, 0x01, // "web", terminator
        0x6C, 0x6F, 0x67, 0x69, 0x6E, 0x00, 0x01, // "login", terminator
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, // !1
    ];
    encodes_to(&key, &expected);
    assert_eq!(HostEventKey::decode(&expected).unwrap(), key);
    const { assert!(HostEventKey::VARIABLE) };
    // the shortest key: two empty strings and the timestamp
    assert_eq!(HostEventKey::WIDTH, 2 + 2 + 8);
    let empty = HostEventKey {
        host: "",
        event: "",
        ts: u64::MAX,
    };
    encodes_to(&empty, &[0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn escaped_decode_rejects_malformed_values() {
    // 00 followed by anything but FF (escape) or 01 (terminator)
    let e = Esc::decode(&[0x61, 0x00, 0x07, 0x00, 0x01]).unwrap_err();
    assert_eq!(e.kind(), DecodeErrorKind::BadEscape { found: 0x07 });
    assert_eq!(e.offset(), 2);
    assert!(Esc::decode(&[0x00, 0x00, 0x01]).is_err());
    // no terminator, or a key cut inside it
    assert_eq!(
        Esc::decode(b"ab").unwrap_err().kind(),
        DecodeErrorKind::Unterminated
    );
    assert_eq!(
        Esc::decode(&[0x61, 0x00]).unwrap_err().kind(),
        DecodeErrorKind::Unterminated
    );
    assert!(Esc::decode(&[]).is_err());
    // bytes after the last field
    assert!(matches!(
        Esc::decode(&[0x61, 0x00, 0x01, 0x62]).unwrap_err().kind(),
        DecodeErrorKind::Length { .. }
    ));
    // not UTF-8
    assert_eq!(
        Esc::decode(&[0xFF, 0x00, 0x01]).unwrap_err().kind(),
        DecodeErrorKind::InvalidUtf8
    );
    // descending: the inverted forms
    assert!(RevEsc::decode(&[0x9E, 0xFF, 0xF8, 0xFF, 0xFE]).is_err());
    assert!(RevEsc::decode(&[0x9E, 0x9D]).is_err());
    // an ascending terminator in a descending field is not one
    assert!(RevEsc::decode(&[0x9E, 0x00, 0x01]).is_err());
}

#[test]
fn borrowed_escaped_fields_need_an_owned_type_for_escapes() {
    let bytes = [0x61, 0x00, 0xFF, 0x00, 0x01];
    assert_eq!(
        EscSlice::decode(&bytes).unwrap_err().kind(),
        DecodeErrorKind::NeedsOwned
    );
    assert_eq!(EscBytes::decode(&bytes).unwrap().v, b"a\0");
}
