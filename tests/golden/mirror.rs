//! `#[mirror]`: the field's bytes (or pad digits) back to front, seed 004.

use super::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct MirrorPad {
    #[mirror]
    #[pad(7)]
    id: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct MirrorU32 {
    #[mirror]
    id: u32,
}

#[test]
fn mirror_golden() {
    // seed 004: 1231456 becomes 6541321
    golden(&MirrorPad { id: 1_231_456 }, b"6541321");
    golden(&MirrorPad { id: 42 }, b"2400000");
    golden(&MirrorPad { id: 0 }, b"0000000");
    golden(&MirrorU32 { id: 0x0102_0304 }, &[0x04, 0x03, 0x02, 0x01]);
    golden(&MirrorU32 { id: 1 }, &[0x01, 0x00, 0x00, 0x00]);
    // consecutive ids land far apart: their first byte differs
    let a = MirrorU32 { id: 1000 }.encode().unwrap();
    let b = MirrorU32 { id: 1001 }.encode().unwrap();
    assert_ne!(a[0], b[0]);
    assert!(MirrorPad::decode(b"654132x").is_err());
}

/// A decode error in a mirrored field names the byte where it stands in the
/// key, and `found` is that byte.
#[test]
fn mirror_decode_errors_name_their_byte() {
    #[derive(RowKey, Debug)]
    #[rowkey(view)]
    struct Pair {
        a: u8,
        #[mirror]
        #[pad(7)]
        b: u32,
    }
    let e = MirrorPad::decode(b"x000000").unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (0, DecodeErrorKind::NotDigit { found: b'x' })
    );
    let e = Pair::decode(b"\x01000x000").unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (4, DecodeErrorKind::NotDigit { found: b'x' })
    );
    assert_eq!(
        e.to_string(),
        "field `b` at byte 4: found 0x78 ('x'), expected an ASCII digit"
    );
    let e = Pair::view(b"\x01x000000").unwrap().b().unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (1, DecodeErrorKind::NotDigit { found: b'x' })
    );
}

/// An error about a mirrored `Option`'s whole value (a number out of range)
/// names the field's first byte, though the value is read after the
/// presence byte.
#[test]
fn mirror_optional_out_of_range_names_the_field() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    struct MirrorOptional {
        #[mirror]
        #[pad(3)]
        n: Option<u8>,
    }
    // the presence byte and the digits, back to front
    golden(&MirrorOptional { n: Some(42) }, b"240\x01");
    let e = MirrorOptional::decode(b"999\x01").unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            0,
            DecodeErrorKind::OutOfRange {
                value: rowkey::Number::Unsigned(999),
                max: rowkey::Number::Unsigned(255),
            }
        )
    );
}
