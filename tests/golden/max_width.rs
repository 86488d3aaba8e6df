//! `max_width`: the longest key a variable-length key type encodes.

use super::*;

/// `max_width` caps a variable-length key when it is encoded: a longer key
/// is an error, never a row the store would refuse.
#[test]
fn max_width_caps_variable_keys() {
    #[derive(RowKey)]
    #[rowkey(max_width = 16)]
    struct Capped {
        #[escaped]
        name: String,
    }
    // 14 bytes of value + the 2-byte terminator fit exactly.
    assert_eq!(
        Capped {
            name: "x".repeat(14)
        }
        .encode()
        .unwrap()
        .len(),
        16
    );
    let e = Capped {
        name: "x".repeat(15),
    }
    .encode()
    .unwrap_err();
    assert_eq!(
        e.kind(),
        rowkey::EncodeErrorKind::TooLong { len: 17, max: 16 }
    );
    let mut buf = [0u8; 64];
    assert!(Capped {
        name: "x".repeat(15)
    }
    .encode_into(&mut buf)
    .is_err());
}

/// `decode` refuses a variable-length key longer than `max_width`: encode
/// never writes one, so its value could not be written back.
#[test]
fn decode_refuses_keys_longer_than_max_width() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(max_width = 12)]
    struct Capped {
        id: u32,
        rest: Vec<u8>,
    }
    let twelve = [7u8; 12];
    let k = Capped::decode(&twelve).unwrap();
    assert_eq!(k.encode().unwrap(), twelve);
    let e = Capped::decode(&[7u8; 13]).unwrap_err();
    assert_eq!(e.kind(), DecodeErrorKind::TooLong { max: 12, found: 13 });
    assert_eq!(
        e.to_string(),
        "key `Capped`: 13 bytes given, longer than its max_width of 12"
    );
}

/// A buffer too short for a variable-length key reports what the whole key
/// needs, not the bytes up to the field that ran out.
#[test]
fn buffer_too_small_reports_the_whole_key() {
    #[derive(RowKey)]
    struct Path {
        #[salt(mod = 4)]
        id: u32,
        #[escaped]
        dir: String,
        name: String,
    }
    let k = Path {
        id: 7,
        dir: "a\0b".into(),
        name: "c".into(),
    };
    let len = k.encoded_len();
    assert_eq!(len, 1 + 4 + 6 + 1);
    let mut buf = [0u8; 32];
    for available in 0..len {
        assert_eq!(
            k.encode_into(&mut buf[..available]).unwrap_err().kind(),
            EncodeErrorKind::BufferTooSmall {
                needed: len,
                available
            },
            "buffer of {available}"
        );
    }
    assert_eq!(k.encode_into(&mut buf[..len]), Ok(len));
}
