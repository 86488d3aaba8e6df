//! Integers at their native width, `bool`, byte arrays, and `#[reverse]` of the binary codecs.

use super::*;

macro_rules! single_field_keys {
    ($($name:ident: $t:ty;)*) => {$(
        #[derive(RowKey, Debug, Clone, PartialEq)]
        struct $name {
            v: $t,
        }
    )*};
}

macro_rules! reversed_keys {
    ($($name:ident: $t:ty;)*) => {$(
        #[derive(RowKey, Debug, Clone, PartialEq)]
        struct $name {
            #[reverse]
            v: $t,
        }
    )*};
}

single_field_keys! {
    U8: u8; U16: u16; U32: u32; U64: u64; U128: u128;
    I8: i8; I16: i16; I32: i32; I64: i64; I128: i128;
    Bool: bool; Arr3: [u8; 3];
}

reversed_keys! {
    RevU8: u8; RevU16: u16; RevU32: u32; RevU64: u64; RevU128: u128;
    RevI8: i8; RevI16: i16; RevI32: i32; RevI64: i64; RevI128: i128;
    RevBool: bool; RevArr3: [u8; 3];
}

#[test]
fn unsigned_integers_are_big_endian_at_native_width() {
    golden(&U8 { v: 0 }, &[0x00]);
    golden(&U8 { v: 1 }, &[0x01]);
    golden(&U8 { v: 255 }, &[0xFF]);
    golden(&U16 { v: 0 }, &[0x00, 0x00]);
    golden(&U16 { v: 258 }, &[0x01, 0x02]);
    golden(&U16 { v: 256 }, &[0x01, 0x00]);
    golden(&U16 { v: u16::MAX }, &[0xFF, 0xFF]);
    golden(&U32 { v: 65_536 }, &[0x00, 0x01, 0x00, 0x00]);
    golden(&U32 { v: 0x0102_0304 }, &[0x01, 0x02, 0x03, 0x04]);
    golden(&U32 { v: u32::MAX }, &[0xFF; 4]);
    golden(&U64 { v: 1 }, &[0, 0, 0, 0, 0, 0, 0, 1]);
    golden(
        &U64 {
            v: 0x0102_0304_0506_0708,
        },
        &[0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08],
    );
    golden(&U64 { v: u64::MAX }, &[0xFF; 8]);
    golden(
        &U128 {
            v: 0x0102_0304_0506_0708_090A_0B0C_0D0E_0F10,
        },
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    );
    golden(&U128 { v: 0 }, &[0; 16]);
    golden(&U128 { v: u128::MAX }, &[0xFF; 16]);
}

#[test]
fn signed_integers_flip_the_sign_bit_so_negatives_sort_first() {
    golden(&I8 { v: i8::MIN }, &[0x00]);
    golden(&I8 { v: -1 }, &[0x7F]);
    golden(&I8 { v: 0 }, &[0x80]);
    golden(&I8 { v: 1 }, &[0x81]);
    golden(&I8 { v: i8::MAX }, &[0xFF]);
    golden(&I16 { v: i16::MIN }, &[0x00, 0x00]);
    golden(&I16 { v: -256 }, &[0x7F, 0x00]);
    golden(&I16 { v: -1 }, &[0x7F, 0xFF]);
    golden(&I16 { v: 0 }, &[0x80, 0x00]);
    golden(&I16 { v: 256 }, &[0x81, 0x00]);
    golden(&I16 { v: i16::MAX }, &[0xFF, 0xFF]);
    golden(&I32 { v: i32::MIN }, &[0x00, 0x00, 0x00, 0x00]);
    golden(&I32 { v: -1 }, &[0x7F, 0xFF, 0xFF, 0xFF]);
    golden(&I32 { v: 0 }, &[0x80, 0x00, 0x00, 0x00]);
    golden(&I32 { v: 1 }, &[0x80, 0x00, 0x00, 0x01]);
    golden(&I32 { v: 65_536 }, &[0x80, 0x01, 0x00, 0x00]);
    golden(&I32 { v: i32::MAX }, &[0xFF, 0xFF, 0xFF, 0xFF]);
    golden(&I64 { v: i64::MIN }, &[0; 8]);
    golden(
        &I64 { v: -2 },
        &[0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE],
    );
    golden(&I64 { v: 0 }, &[0x80, 0, 0, 0, 0, 0, 0, 0]);
    golden(&I64 { v: i64::MAX }, &[0xFF; 8]);
    golden(&I128 { v: i128::MIN }, &[0; 16]);
    golden(
        &I128 { v: -1 },
        &[
            0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFF,
        ],
    );
    golden(
        &I128 { v: 1 },
        &[0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01],
    );
    golden(&I128 { v: i128::MAX }, &[0xFF; 16]);
}

#[test]
fn bool_is_one_byte_and_byte_arrays_are_raw() {
    golden(&Bool { v: false }, &[0x00]);
    golden(&Bool { v: true }, &[0x01]);
    golden(
        &Arr3 {
            v: [0x00, 0x7F, 0xFF],
        },
        &[0x00, 0x7F, 0xFF],
    );
    assert!(
        Bool::decode(&[0x02]).is_err(),
        "only 0x00 and 0x01 are bools"
    );
    assert!(Bool::decode(&[0xFF]).is_err());
}

#[test]
fn reverse_inverts_every_byte_of_binary_codecs() {
    golden(&RevU8 { v: 0 }, &[0xFF]);
    golden(&RevU8 { v: 255 }, &[0x00]);
    golden(&RevU16 { v: 258 }, &[0xFE, 0xFD]);
    golden(&RevU32 { v: 1 }, &[0xFF, 0xFF, 0xFF, 0xFE]);
    golden(
        &RevU64 { v: 5 },
        &[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFA],
    );
    golden(&RevU128 { v: u128::MAX }, &[0x00; 16]);
    golden(&RevI8 { v: -1 }, &[0x80]);
    golden(&RevI8 { v: i8::MIN }, &[0xFF]);
    golden(&RevI16 { v: 0 }, &[0x7F, 0xFF]);
    golden(&RevI32 { v: 0 }, &[0x7F, 0xFF, 0xFF, 0xFF]);
    golden(&RevI32 { v: -1 }, &[0x80, 0x00, 0x00, 0x00]);
    golden(&RevI64 { v: i64::MAX }, &[0x00; 8]);
    golden(
        &RevI128 { v: 1 },
        &[
            0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFE,
        ],
    );
    golden(&RevBool { v: false }, &[0xFF]);
    golden(&RevBool { v: true }, &[0xFE]);
    assert!(
        RevBool::decode(&[0x00]).is_err(),
        "a reversed bool is 0xFF or 0xFE"
    );
    golden(
        &RevArr3 {
            v: [0x00, 0x7F, 0xFF],
        },
        &[0xFF, 0x80, 0x00],
    );
}
