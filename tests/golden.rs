//! Golden byte vectors: the on-disk format of every codec, `#[reverse]`, and every salt, through the derive.
//!
//! Every expected byte here was written by hand from the format (big-endian,
//! sign bit flipped, ASCII digits, zero padding, inverted bytes); salt buckets
//! were computed with Python's `xxhash` 4.1.0 package
//! (`xxhash.xxh32(data, seed=0).intdigest() % N`, the input and digest next to
//! each literal); Apache Phoenix salt bytes by hand, by Python emulating Java's
//! `int`, and by a ten-line implementation of Phoenix's formula in this file
//! that shares no code with rowkey.
//! A change to any of these bytes is a change to the on-disk format.

use core::fmt::Debug;

use rowkey::{EncodeErrorKind, OwnedRowKey, RowKey};

/// `key` encodes to exactly `expected` (through `encode` and `encode_into`),
/// and `expected` decodes back to `key`.
#[track_caller]
fn golden<K: OwnedRowKey + PartialEq + Debug>(key: &K, expected: &[u8]) {
    assert_eq!(K::WIDTH, expected.len(), "width of {key:?}");
    let bytes = key.encode().unwrap();
    assert_eq!(bytes.as_ref(), expected, "encode {key:?}");
    let mut buf = [0xA5u8; 96];
    let n = key.encode_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], expected, "encode_into {key:?}");
    assert!(
        buf[n..].iter().all(|&b| b == 0xA5),
        "encode_into wrote past the key"
    );
    assert_eq!(&K::decode(expected).unwrap(), key, "decode {expected:02X?}");
}

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

/// Every codec in one key: the bytes are the fields' bytes, in order, at the offsets the layout says.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(width = 27)]
struct Combo {
    #[pad(4)]
    shard: u16,
    #[reverse]
    ts: i64,
    #[be_u16]
    kind: u8,
    flag: bool,
    #[fixed(3)]
    tag: String,
    raw: [u8; 2],
    #[reverse]
    #[be_u32]
    seq: u64,
    #[at(24)]
    #[reverse]
    #[pad(3)]
    rank: u16,
}

#[test]
fn a_key_is_its_fields_bytes_in_declaration_order() {
    golden(
        &Combo {
            shard: 42,
            ts: 1,
            kind: 2,
            flag: true,
            tag: "ok".into(),
            raw: [0xAB, 0xCD],
            seq: 0x0102_0304,
            rank: 7,
        },
        &[
            b'0', b'0', b'4', b'2', // shard pad(4)
            0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, // ts: 80..01 inverted
            0x00, 0x02, // kind be_u16
            0x01, // flag
            b'o', b'k', 0x00, // tag fixed(3)
            0xAB, 0xCD, // raw
            0xFE, 0xFD, 0xFC, 0xFB, // seq be_u32 reversed
            b'9', b'9', b'2', // rank pad(3) reversed: 007 -> 992
        ],
    );
    let offsets: Vec<_> = Combo::LAYOUT
        .segments
        .iter()
        .map(|s| (s.name, s.offset, s.width))
        .collect();
    assert_eq!(
        offsets,
        [
            ("shard", 0, 4),
            ("ts", 4, 8),
            ("kind", 12, 2),
            ("flag", 14, 1),
            ("tag", 15, 3),
            ("raw", 18, 2),
            ("seq", 20, 4),
            ("rank", 24, 3),
        ]
    );
}

/// The README's and the article's key: `userID(6) + createTime(8) + fileID(6)`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(width = 20)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

#[test]
fn readme_file_key() {
    golden(
        &FileKey {
            user_id: 1,
            create_date: 20_120_902,
            file_id: 1,
        },
        b"00000120120902000001",
    );
    golden(
        &FileKey {
            user_id: 4,
            create_date: 20_120_920,
            file_id: 10,
        },
        b"00000420120920000010",
    );
}

// ---- salt buckets: xxh32(seed 0) of the salted fields' encoded bytes, mod N ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Event {
    #[salt(mod = 16)]
    user: u32,
    #[reverse]
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Salt256 {
    #[salt(mod = 256)]
    id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Salt300 {
    #[salt(mod = 300)]
    id: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Salt65536 {
    #[salt(mod = 65536)]
    id: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltDigits {
    #[salt(mod = 10000, pad = 4)]
    #[pad(8)]
    date: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltTwo {
    #[salt(mod = 100)]
    a: u16,
    #[salt]
    b: u16,
    c: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltApart {
    #[salt(mod = 100)]
    a: u16,
    b: u8,
    #[salt]
    #[pad(3)]
    c: u16,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltReversed {
    #[salt(mod = 100)]
    #[reverse]
    v: u32,
}

#[test]
fn xxh32_reference_values() {
    // python3 -c "import xxhash; print(hex(xxhash.xxh32(bytes.fromhex('00000007'), seed=0).intdigest()))"
    // -> 0x7ea0b2a8; 0x7ea0b2a8 % 100 = 12.
    assert_eq!(rowkey::Salt::new(100).bucket_of(&[0, 0, 0, 7]), 12);
    // xxh32(b"") = 0x02cc5d05 (% 100 = 89); xxh32(b"abc") = 0x32d153ff (% 100 = 27)
    assert_eq!(rowkey::Salt::new(100).bucket_of(b""), 89);
    assert_eq!(rowkey::Salt::new(100).bucket_of(b"abc"), 27);
}

#[test]
fn salt_one_byte_up_to_256_buckets() {
    // python3 -c "import xxhash; print(xxhash.xxh32(bytes.fromhex('0000002a'), seed=0).intdigest() % 16)"
    // xxh32(00 00 00 2A) = 0x7c9c82ec -> bucket 12
    golden(
        &Event { user: 42, ts: 1 },
        &[
            0x0C, 0x00, 0x00, 0x00, 0x2A, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
        ],
    );
    // xxh32(00 00 00 00 00 00 00 B4) = 0xad7ebbff -> bucket 255, the last one-byte bucket
    golden(&Salt256 { id: 180 }, &[0xFF, 0, 0, 0, 0, 0, 0, 0, 0xB4]);
    // xxh32(8 zero bytes) = 0xdeb39513 -> bucket 0x13
    golden(&Salt256 { id: 0 }, &[0x13, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn salt_two_bytes_big_endian_above_256_buckets() {
    // xxh32(00 00 00 00) = 0x08d6d969 -> 148297065 % 300 = 289 = 0x0121
    golden(&Salt300 { id: 0 }, &[0x01, 0x21, 0x00, 0x00, 0x00, 0x00]);
    // xxh32(00 00 00 01) = 0x0ec878fe -> 198 = 0x00C6
    golden(&Salt300 { id: 1 }, &[0x00, 0xC6, 0x00, 0x00, 0x00, 0x01]);
    // xxh32(00 01 E2 40) = 0x8ba8f90f -> % 65536 = 0xF90F
    golden(
        &Salt65536 { id: 123_456 },
        &[0xF9, 0x0F, 0x00, 0x01, 0xE2, 0x40],
    );
}

#[test]
fn salt_pad_writes_the_bucket_as_ascii_digits() {
    // python3 -c "import xxhash; print(xxhash.xxh32(b'20120902', seed=0).intdigest() % 10000)"
    // xxh32(b"20120902") = 0x61d95424 -> 2804: the hash covers the field's ASCII digits
    golden(&SaltDigits { date: 20_120_902 }, b"280420120902");
}

#[test]
fn several_salted_fields_hash_their_concatenated_bytes() {
    // xxh32(00 01 00 02) = 0x0e6d4439 -> 242041913 % 100 = 13
    golden(
        &SaltTwo { a: 1, b: 2, c: 3 },
        &[13, 0x00, 0x01, 0x00, 0x02, 0x03],
    );
    // not next to each other: xxh32(00 01 || "007") = 0xc7953bff -> 3348446207 % 100 = 7
    golden(
        &SaltApart { a: 1, b: 9, c: 7 },
        &[7, 0x00, 0x01, 0x09, b'0', b'0', b'7'],
    );
    // the salted field's bytes as stored, after #[reverse]: xxh32(FF FF FF FA) = 0xe8591273 -> 39
    golden(&SaltReversed { v: 5 }, &[39, 0xFF, 0xFF, 0xFF, 0xFA]);
}

#[test]
fn decode_checks_the_bucket() {
    let good = [
        0x0C, 0x00, 0x00, 0x00, 0x2A, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
    ];
    assert!(Event::decode(&good).is_ok());
    let mut bad = good;
    bad[0] = 0x0D;
    assert!(Event::decode(&bad).is_err(), "another bucket");
    bad[0] = 16;
    assert!(Event::decode(&bad).is_err(), "a bucket past mod");
    assert!(
        Salt300::decode(&[0x00, 0x21, 0, 0, 0, 0]).is_err(),
        "high byte dropped"
    );
    assert!(SaltDigits::decode(b"280520120902").is_err());
    assert!(SaltDigits::decode(b"28O420120902").is_err());
}

// ---- Apache Phoenix salt byte ----

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
