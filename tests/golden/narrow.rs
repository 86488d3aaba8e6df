//! `#[be_u16]`, `#[be_u32]`, `#[be_u64]`: an integer stored narrower, never truncated.

use super::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Narrow {
    #[be_u16]
    m16_from_u32: u32,
    #[be_u16]
    m16_from_i32: i32,
    #[be_u16]
    m16_from_u8: u8,
    #[be_u32]
    m32_from_u64: u64,
    #[be_u32]
    m32_from_i16: i16,
    #[be_u64]
    m64_from_u128: u128,
    #[be_u64]
    m64_from_i8: i8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct NarrowRev {
    #[be_u16]
    #[reverse]
    a: u32,
    #[be_u32]
    #[reverse]
    b: i64,
    #[reverse]
    #[be_u64]
    c: u128,
}

#[test]
fn be_un_stores_any_integer_unsigned_big_endian_in_2_4_8_bytes() {
    golden(
        &Narrow {
            m16_from_u32: 1439,
            m16_from_i32: 1,
            m16_from_u8: 255,
            m32_from_u64: 86_399_999,
            m32_from_i16: i16::MAX,
            m64_from_u128: u64::MAX as u128,
            m64_from_i8: 127,
        },
        &[
            0x05, 0x9F, // 1439 (minute of day 23:59)
            0x00, 0x01, // 1 from i32: no sign flip, the value is unsigned
            0x00, 0xFF, // 255 from u8, zero extended
            0x05, 0x26, 0x5B, 0xFF, // 86,399,999 (the last ms of a day)
            0x00, 0x00, 0x7F, 0xFF, // i16::MAX
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // u64::MAX from u128
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x7F, // 127 from i8
        ],
    );
    golden(
        &NarrowRev {
            a: 1439,
            b: 86_399_999,
            c: 0,
        },
        &[
            0xFA, 0x60, 0xFA, 0xD9, 0xA4, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        ],
    );
}

#[test]
fn be_un_out_of_range_is_an_error_naming_the_field_never_a_truncation() {
    let mut k = NarrowRev {
        a: 65_536,
        b: 0,
        c: 0,
    };
    let e = k.encode().unwrap_err();
    assert_eq!(e.field(), "a");
    assert_eq!(
        e.to_string(),
        "field `a`: value 65536 does not fit, allowed 0..=65535"
    );
    k.a = 0;
    k.b = -1;
    let e = k.encode().unwrap_err();
    assert_eq!(e.field(), "b");
    assert_eq!(
        e.to_string(),
        "field `b`: value -1 does not fit, allowed 0..=4294967295"
    );
    k.b = 0;
    k.c = 1 << 64;
    assert_eq!(k.encode().unwrap_err().field(), "c");
}
