//! The Apache Phoenix salt byte.

use super::*;

/// Apache Phoenix's `SaltingUtil.getSaltingByte`, written from its definition:
/// `h = 1; for b in key: h = 31 * h + (byte) b` in Java `int` arithmetic,
/// then `(byte) Math.abs(h % buckets)`.
fn phoenix_reference(key_after_salt: &[u8], buckets: i32) -> u8 {
    let mut h: i32 = 1;
    for &b in key_after_salt {
        h = h.wrapping_mul(31).wrapping_add(b as i8 as i32);
    }
    // |h % buckets| < buckets <= 256.
    (h % buckets).unsigned_abs() as u8
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 16, phoenix))]
struct PhoenixSmall {
    a: u8,
    b: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 256, phoenix))]
struct PhoenixFile {
    id: u64,
    #[fixed(6)]
    name: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 37, phoenix))]
struct PhoenixOdd {
    id: u64,
    #[fixed(6)]
    name: String,
}

#[test]
fn phoenix_salt_byte_by_hand() {
    // h = 1; h = 31 * 1 + 1 = 32; h = 31 * 32 + (0xFF as i8 = -1) = 991; 991 % 16 = 15
    golden(&PhoenixSmall { a: 1, b: 0xFF }, &[15, 0x01, 0xFF]);
    // h = 31 + (0x80 as i8 = -128) = -97; h = 31 * -97 + 1 = -3006; |-3006 % 16| = |-14| = 14
    golden(&PhoenixSmall { a: 0x80, b: 0x01 }, &[14, 0x80, 0x01]);
    // h = 31 + 0 = 31; h = 961 + 0 = 961; 961 % 16 = 1
    golden(&PhoenixSmall { a: 0, b: 0 }, &[1, 0, 0]);
}

#[test]
fn phoenix_salt_byte_with_overflow() {
    // Fourteen bytes overflow i32 several times. Python emulating Java's int and `%`
    // (h = ((31 * h + (b - 256 if b > 127 else b) + 2**31) % 2**32) - 2**31; abs(h) % n):
    // h = -1344855760 -> |h % 256| = 208, |h % 37| = 36
    let body = [
        0x00, 0x00, 0x01, 0x1F, 0x71, 0xFB, 0x04, 0xCB, b'a', b'l', b'i', b'c', b'e', 0x00,
    ];
    assert_eq!(phoenix_reference(&body, 256), 208);
    assert_eq!(phoenix_reference(&body, 37), 36);
    let file = PhoenixFile {
        id: 1_234_567_890_123,
        name: "alice".into(),
    };
    let mut expected = vec![208];
    expected.extend_from_slice(&body);
    golden(&file, &expected);
    let odd = PhoenixOdd {
        id: 1_234_567_890_123,
        name: "alice".into(),
    };
    expected[0] = 36;
    golden(&odd, &expected);

    // h = -1817513656 -> |h % 256| = 184, |h % 37| = 26
    let body = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xE4, 0xB8, 0xAD, 0, 0, 0,
    ];
    assert_eq!(phoenix_reference(&body, 256), 184);
    assert_eq!(phoenix_reference(&body, 37), 26);
    let mut expected = vec![184];
    expected.extend_from_slice(&body);
    golden(
        &PhoenixFile {
            id: u64::MAX,
            name: "中".into(),
        },
        &expected,
    );
    expected[0] = 26;
    golden(
        &PhoenixOdd {
            id: u64::MAX,
            name: "中".into(),
        },
        &expected,
    );
}

#[test]
fn phoenix_salt_byte_matches_the_formula_for_many_keys() {
    for id in (0..2000u64).chain([u64::MAX - 1, u64::MAX, 1 << 63, (1 << 63) - 1]) {
        for name in ["", "a", "zz", "中国", "\u{7f}\u{80}"] {
            let k = PhoenixOdd {
                id,
                name: name.into(),
            };
            let bytes = k.encode().unwrap();
            assert_eq!(bytes[0], phoenix_reference(&bytes[1..], 37), "{k:?}");
            let k = PhoenixFile {
                id,
                name: name.into(),
            };
            let bytes = k.encode().unwrap();
            assert_eq!(bytes[0], phoenix_reference(&bytes[1..], 256), "{k:?}");
        }
    }
}

/// A Phoenix `CHAR(3)` after an `INTEGER`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct PhoenixChar {
    a: i32,
    #[phoenix(char(3))]
    c: String,
}

/// A `CHAR` byte that is no ASCII (which Phoenix never writes there) is
/// refused at its own offset in the key.
#[test]
fn a_char_byte_past_ascii_is_refused_where_it_lies() {
    let key = PhoenixChar {
        a: 7,
        c: "abc".into(),
    }
    .encode()
    .unwrap();
    assert_eq!(&key[4..], b"abc");
    for at in 0..3 {
        let mut bad = key;
        bad[4 + at] = 0xC3;
        let e = PhoenixChar::decode(&bad).unwrap_err();
        assert_eq!(
            (e.field(), e.offset(), e.kind()),
            ("c", 4 + at, DecodeErrorKind::NonCanonical)
        );
    }
}
