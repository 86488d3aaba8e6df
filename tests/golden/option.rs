//! `Option<T>`: a presence byte (`00` None, `01` Some), then `T` (zeros for None).

use super::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Opt {
    v: Option<u32>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct RevOpt {
    #[reverse]
    v: Option<u32>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct OptPad {
    #[pad(3)]
    v: Option<u16>,
    after: u8,
}

#[test]
fn option_golden() {
    golden(&Opt { v: None }, &[0x00, 0x00, 0x00, 0x00, 0x00]);
    golden(&Opt { v: Some(5) }, &[0x01, 0x00, 0x00, 0x00, 0x05]);
    golden(&Opt { v: Some(0) }, &[0x01, 0x00, 0x00, 0x00, 0x00]);
    golden(&Opt { v: Some(u32::MAX) }, &[0x01, 0xFF, 0xFF, 0xFF, 0xFF]);
    golden(&RevOpt { v: None }, &[0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
    golden(&RevOpt { v: Some(5) }, &[0xFE, 0xFF, 0xFF, 0xFF, 0xFA]);
    // a codec inside: pad digits after the presence byte
    golden(
        &OptPad {
            v: Some(42),
            after: 7,
        },
        &[0x01, b'0', b'4', b'2', 0x07],
    );
    golden(
        &OptPad { v: None, after: 7 },
        &[0x00, 0x00, 0x00, 0x00, 0x07],
    );
}

#[test]
fn option_decode_has_one_reading_per_key() {
    // a None with a payload
    assert!(matches!(
        Opt::decode(&[0x00, 0x00, 0x00, 0x00, 0x05])
            .unwrap_err()
            .kind(),
        DecodeErrorKind::BadPadding { found: 0x05 }
    ));
    // a presence byte that is neither marker
    assert!(matches!(
        Opt::decode(&[0x02, 0x00, 0x00, 0x00, 0x05])
            .unwrap_err()
            .kind(),
        DecodeErrorKind::InvalidBool { found: 0x02 }
    ));
    assert!(RevOpt::decode(&[0xFF, 0xFF, 0xFF, 0xFF, 0xFE]).is_err());
    assert!(RevOpt::decode(&[0x00, 0xFF, 0xFF, 0xFF, 0xFF]).is_err());
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct After {
    a: u16,
    #[reverse]
    v: Option<u32>,
}

/// A `None` whose payload is not all padding is refused at the first byte
/// that is not, wherever the field lies and whichever its order.
#[test]
fn a_none_with_a_payload_names_its_first_byte() {
    for at in 0..4 {
        for found in [0x01, 0x05, 0xFF] {
            let mut key = [0u8; 5];
            key[1 + at] = found;
            let e = Opt::decode(&key).unwrap_err();
            let bad = DecodeErrorKind::BadPadding { found };
            assert_eq!((e.field(), e.offset(), e.kind()), ("v", 1 + at, bad));
            // Behind a `u16`, descending: the padding is 0xFF.
            let mut key = [0u8, 7, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
            key[3 + at] = !found;
            let e = After::decode(&key).unwrap_err();
            let bad = DecodeErrorKind::BadPadding { found: !found };
            assert_eq!((e.field(), e.offset(), e.kind()), ("v", 3 + at, bad));
        }
    }
}
