//! `#[pad(N)]`: zero-padded ASCII digits, and their `#[reverse]`.

use super::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Pads {
    #[pad(1)]
    one: u8,
    #[pad(3)]
    byte: u8,
    #[pad(5)]
    short: u16,
    #[pad(6)]
    user: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct PadsRev {
    #[pad(1)]
    #[reverse]
    one: u8,
    #[reverse]
    #[pad(3)]
    byte: u8,
    #[pad(8)]
    #[reverse]
    date: u32,
    #[pad(6)]
    #[reverse]
    user: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct PadWide {
    #[pad(20)]
    a: u64,
    #[pad(39)]
    b: u128,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct PadWideRev {
    #[pad(20)]
    #[reverse]
    a: u64,
    #[pad(39)]
    #[reverse]
    b: u128,
}

#[test]
fn pad_writes_zero_padded_ascii_digits() {
    golden(
        &Pads {
            one: 7,
            byte: 255,
            short: 0,
            user: 1,
        },
        b"725500000000001",
    );
    golden(
        &PadWide {
            a: u64::MAX,
            b: u128::MAX,
        },
        b"18446744073709551615340282366920938463463374607431768211455",
    );
    golden(
        &PadWide { a: 0, b: 1 },
        b"00000000000000000000000000000000000000000000000000000000001",
    );
}

#[test]
fn reverse_pad_writes_every_digit_d_as_9_minus_d_and_stays_ascii() {
    golden(
        &PadsRev {
            one: 7,
            byte: 255,
            date: 20_120_902,
            user: 1,
        },
        // 7 -> 2, 255 -> 744, 20120902 -> 79879097, 000001 -> 999998
        b"274479879097999998",
    );
    golden(
        &PadsRev {
            one: 0,
            byte: 0,
            date: 0,
            user: 0,
        },
        b"999999999999999999",
    );
    golden(
        &PadWideRev {
            a: u64::MAX,
            b: u128::MAX,
        },
        // 18446744073709551615 -> 81553255926290448384,
        // 340282366920938463463374607431768211455 -> 659717633079061536536625392568231788544
        b"81553255926290448384659717633079061536536625392568231788544",
    );
    golden(
        &PadWideRev { a: 0, b: 0 },
        b"99999999999999999999999999999999999999999999999999999999999",
    );
}

#[test]
fn pad_rejects_values_with_too_many_digits_and_non_digits() {
    let e = Pads {
        one: 10,
        byte: 0,
        short: 0,
        user: 0,
    }
    .encode()
    .unwrap_err();
    assert_eq!(e.field(), "one");
    assert!(matches!(e.kind(), EncodeErrorKind::OutOfRange { .. }));
    let e = Pads {
        one: 0,
        byte: 0,
        short: 0,
        user: 1_000_000,
    }
    .encode()
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "field `user`: value 1000000 does not fit, allowed 0..=999999"
    );
    // 256 is three digits but no u8.
    assert!(Pads::decode(b"025600000000001").is_err());
    assert!(Pads::decode(b"7255000000000 1").is_err());
    assert!(Pads::decode(b"72550000000000:").is_err());
    // 10^39 - 1 has 39 digits but exceeds u128::MAX.
    assert!(
        PadWide::decode(b"00000000000000000000999999999999999999999999999999999999999").is_err()
    );
    assert!(
        PadWide::decode(b"00000000000000000000340282366920938463463374607431768211456").is_err()
    );
    // Reversed: all zeros is 10^39 - 1, above u128::MAX.
    assert!(
        PadWideRev::decode(b"99999999999999999999000000000000000000000000000000000000000").is_err()
    );
}
