//! Salt buckets: xxh32 (seed 0) of the salted fields' encoded bytes, mod N.

use super::keys::Event;
use super::*;

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
