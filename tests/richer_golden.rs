//! Golden byte vectors for the richer field kinds (floats, escaped and trailing strings, `Option`, tags, mirror, nested keys, `Md5`, record enums), through the derive.
//!
//! Every expected byte here was written by hand from the format each codec
//! module documents (IEEE 754 bits with the sign flipped or every bit
//! inverted; `00` escaped as `00 FF` and `00 01` as terminator; a presence
//! byte; constants; bytes back to front), or computed by an independent
//! reference whose command sits next to the literal: Python's `hashlib` for
//! MD5 (and the RFC 1321 test suite), Python's `xxhash` for salt buckets.
//! A change to any of these bytes is a change to the on-disk format.

use core::fmt::Debug;

use rowkey::{DecodeErrorKind, EncodeErrorKind, Md5, OwnedRowKey, RowKey};

/// `key` encodes to exactly `expected` through `encode`, `encode_into` and
/// `encoded_len`; `encode_into` writes nothing past the key and fails cleanly
/// into a buffer one byte short.
#[track_caller]
fn encodes_to<K: RowKey + Debug>(key: &K, expected: &[u8]) {
    let bytes = key.encode().unwrap();
    assert_eq!(bytes.as_ref(), expected, "encode {key:?}");
    assert_eq!(key.encoded_len(), expected.len(), "encoded_len {key:?}");
    if !K::VARIABLE {
        assert_eq!(K::WIDTH, expected.len(), "WIDTH of {key:?}");
    }
    let mut buf = [0xA5u8; 128];
    let n = key.encode_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], expected, "encode_into {key:?}");
    assert!(
        buf[n..].iter().all(|&b| b == 0xA5),
        "encode_into wrote past the key"
    );
    if !expected.is_empty() {
        let err = key.encode_into(&mut buf[..expected.len() - 1]).unwrap_err();
        assert!(
            matches!(err.kind(), EncodeErrorKind::BufferTooSmall { .. }),
            "{err}"
        );
    }
}

/// `encodes_to`, and `expected` decodes back to `key`.
#[track_caller]
fn golden<K: OwnedRowKey + PartialEq + Debug>(key: &K, expected: &[u8]) {
    encodes_to(key, expected);
    assert_eq!(&K::decode(expected).unwrap(), key, "decode {expected:02X?}");
}

/// Bytes from hex digits, for digests copied from a reference tool.
fn hex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0);
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

// ---- f32 / f64: IEEE bits, big-endian; positive: sign bit set; negative: every bit inverted ----

#[derive(RowKey, Debug, Clone, Copy)]
struct F32 {
    v: f32,
}

#[derive(RowKey, Debug, Clone, Copy)]
struct F64 {
    v: f64,
}

#[derive(RowKey, Debug, Clone, Copy)]
struct RevF64 {
    #[reverse]
    v: f64,
}

/// Encodes the float of these bits to `expected`, and decodes back bit for bit.
#[track_caller]
fn golden_f32(bits: u32, expected: [u8; 4]) {
    let key = F32 {
        v: f32::from_bits(bits),
    };
    encodes_to(&key, &expected);
    assert_eq!(F32::decode(&expected).unwrap().v.to_bits(), bits);
}

#[track_caller]
fn golden_f64(bits: u64, expected: [u8; 8]) {
    let key = F64 {
        v: f64::from_bits(bits),
    };
    encodes_to(&key, &expected);
    assert_eq!(F64::decode(&expected).unwrap().v.to_bits(), bits);
}

#[test]
fn f32_golden() {
    golden_f32(0x3F80_0000, [0xBF, 0x80, 0x00, 0x00]); // 1.0
    golden_f32(0xBF80_0000, [0x40, 0x7F, 0xFF, 0xFF]); // -1.0
    golden_f32(0x0000_0000, [0x80, 0x00, 0x00, 0x00]); // +0.0
    golden_f32(0x8000_0000, [0x7F, 0xFF, 0xFF, 0xFF]); // -0.0
    golden_f32(0x7F80_0000, [0xFF, 0x80, 0x00, 0x00]); // +inf
    golden_f32(0xFF80_0000, [0x00, 0x7F, 0xFF, 0xFF]); // -inf
    golden_f32(0x7FC0_0000, [0xFF, 0xC0, 0x00, 0x00]); // quiet NaN
    golden_f32(0xFFC0_0000, [0x00, 0x3F, 0xFF, 0xFF]); // negative quiet NaN
    golden_f32(0x7F80_0001, [0xFF, 0x80, 0x00, 0x01]); // signalling NaN, payload 1
    golden_f32(0x7FFF_FFFF, [0xFF, 0xFF, 0xFF, 0xFF]); // the largest NaN sorts last
    golden_f32(0xFFFF_FFFF, [0x00, 0x00, 0x00, 0x00]); // the smallest negative NaN sorts first
    golden_f32(0x0000_0001, [0x80, 0x00, 0x00, 0x01]); // smallest subnormal
    assert_eq!(f32::NAN.to_bits(), 0x7FC0_0000);
}

#[test]
fn f64_golden() {
    golden_f64(0x3FF0_0000_0000_0000, [0xBF, 0xF0, 0, 0, 0, 0, 0, 0]); // 1.0
    golden_f64(
        0xBFF0_0000_0000_0000,
        [0x40, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    ); // -1.0
    golden_f64(0, [0x80, 0, 0, 0, 0, 0, 0, 0]); // +0.0
    golden_f64(
        0x8000_0000_0000_0000,
        [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    ); // -0.0
    golden_f64(0x7FF0_0000_0000_0000, [0xFF, 0xF0, 0, 0, 0, 0, 0, 0]); // +inf
    golden_f64(
        0xFFF0_0000_0000_0000,
        [0x00, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    ); // -inf
    golden_f64(0x7FF8_0000_0000_0000, [0xFF, 0xF8, 0, 0, 0, 0, 0, 0]); // quiet NaN
    golden_f64(
        0xFFF8_0000_0000_0000,
        [0x00, 0x07, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    ); // negative quiet NaN
    golden_f64(
        0x7FF0_0000_DEAD_BEEF,
        [0xFF, 0xF0, 0x00, 0x00, 0xDE, 0xAD, 0xBE, 0xEF],
    ); // NaN with a payload
    golden_f64(
        0x4009_21FB_5444_2D18,
        [0xC0, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18],
    ); // pi
    assert_eq!(f64::NAN.to_bits(), 0x7FF8_0000_0000_0000);
}

#[test]
fn reversed_f64_inverts_every_byte() {
    let cases: [(u64, [u8; 8]); 4] = [
        (
            0x3FF0_0000_0000_0000,
            [0x40, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        ), // 1.0
        (0xBFF0_0000_0000_0000, [0xBF, 0xF0, 0, 0, 0, 0, 0, 0]), // -1.0
        (0, [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),   // +0.0
        (0x8000_0000_0000_0000, [0x80, 0, 0, 0, 0, 0, 0, 0]),    // -0.0
    ];
    for (bits, expected) in cases {
        let key = RevF64 {
            v: f64::from_bits(bits),
        };
        encodes_to(&key, &expected);
        assert_eq!(RevF64::decode(&expected).unwrap().v.to_bits(), bits);
    }
}

// ---- #[escaped]: 00 -> 00 FF, then the terminator 00 01; #[reverse] inverts all of it ----

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

/// Seed 002's log key with readable host and event names.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct HostEventKey<'a> {
    #[escaped]
    host: &'a str,
    #[escaped]
    event: &'a str,
    #[reverse]
    ts: u64,
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

// ---- trailing fields: the value to the end of the key ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct PathKey<'a> {
    bucket: u16,
    path: &'a str,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TailSlice<'a> {
    id: u8,
    rest: &'a [u8],
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TailString {
    id: u8,
    rest: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TailVec {
    id: u8,
    rest: Vec<u8>,
}

#[test]
fn trailing_fields_golden() {
    let key = PathKey {
        bucket: 3,
        path: "/usr",
    };
    let expected = [0x00, 0x03, b'/', b'u', b's', b'r'];
    encodes_to(&key, &expected);
    assert_eq!(PathKey::decode(&expected).unwrap(), key);
    encodes_to(
        &PathKey {
            bucket: 3,
            path: "",
        },
        &[0x00, 0x03],
    );
    assert_eq!(PathKey::WIDTH, 2);

    // zero bytes are stored as they are: nothing follows the value
    let slice = TailSlice {
        id: 9,
        rest: &[0x00, 0xFF, 0x00],
    };
    encodes_to(&slice, &[0x09, 0x00, 0xFF, 0x00]);
    assert_eq!(TailSlice::decode(&[0x09, 0x00, 0xFF, 0x00]).unwrap(), slice);
    golden(
        &TailString {
            id: 1,
            rest: "a\0b".into(),
        },
        &[0x01, 0x61, 0x00, 0x62],
    );
    golden(
        &TailVec {
            id: 1,
            rest: vec![],
        },
        &[0x01],
    );
    golden(
        &TailVec {
            id: 1,
            rest: vec![0xFF; 3],
        },
        &[0x01, 0xFF, 0xFF, 0xFF],
    );
}

#[test]
fn trailing_decode_checks_the_fixed_head_and_utf8() {
    assert!(matches!(
        PathKey::decode(&[0x00]).unwrap_err().kind(),
        DecodeErrorKind::TooShort { .. }
    ));
    assert_eq!(
        PathKey::decode(&[0x00, 0x03, 0xC3]).unwrap_err().kind(),
        DecodeErrorKind::InvalidUtf8
    );
    assert_eq!(
        TailString::decode(&[0x01, 0xFF]).unwrap_err().kind(),
        DecodeErrorKind::InvalidUtf8
    );
}

// ---- Option<T>: presence byte (00 None, 01 Some), then T (zeros for None) ----

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

// ---- #[tag]: constant bytes, anywhere ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Tagged {
    customer: u64,
    #[tag(2)]
    kind: (),
    order: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TaggedBytes {
    #[pad(4)]
    region: u16,
    #[tag(b"ix")]
    index: (),
    id: u32,
}

#[test]
fn tags_golden() {
    golden(
        &Tagged {
            customer: 7,
            kind: (),
            order: 9,
        },
        &[0, 0, 0, 0, 0, 0, 0, 7, 0x02, 0, 0, 0, 0, 0, 0, 0, 9],
    );
    golden(
        &TaggedBytes {
            region: 100,
            index: (),
            id: 7,
        },
        b"0100ix\x00\x00\x00\x07",
    );
}

#[test]
fn tag_decode_rejects_other_bytes() {
    let e = Tagged::decode(&[0, 0, 0, 0, 0, 0, 0, 7, 0x01, 0, 0, 0, 0, 0, 0, 0, 9]).unwrap_err();
    assert_eq!(
        e.kind(),
        DecodeErrorKind::BadTag {
            expected: 0x02,
            found: 0x01
        }
    );
    assert_eq!(e.offset(), 8);
    let e = TaggedBytes::decode(b"0100iy\x00\x00\x00\x07").unwrap_err();
    assert_eq!(
        e.kind(),
        DecodeErrorKind::BadTag {
            expected: b'x',
            found: b'y'
        }
    );
    assert_eq!(e.offset(), 5);
}

// ---- #[mirror]: the field's bytes (or pad digits) back to front, seed 004 ----

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

// ---- nested keys: the inner key's bytes, embedded as they are ----

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

/// Seed 003's index key: `[region][index name][qualifiers][main key]`.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct IndexKey {
    #[pad(4)]
    region: u16,
    #[tag(b"a")]
    index: (),
    #[pad(2)]
    q1: u8,
    #[pad(2)]
    q2: u8,
    main: FileKey,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltedInner {
    #[salt(mod = 16)]
    id: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct HoldsSalted {
    region: u16,
    inner: SaltedInner,
    ts: u8,
}

#[test]
fn nested_key_golden() {
    let main = FileKey {
        user_id: 1,
        create_date: 20_120_902,
        file_id: 1,
    };
    let key = IndexKey {
        region: 100,
        index: (),
        q1: 1,
        q2: 2,
        main,
    };
    golden(&key, b"0100a010200000120120902000001");
    assert_eq!(IndexKey::WIDTH, 4 + 1 + 2 + 2 + 20);

    // python3 -c "import xxhash; print(xxhash.xxh32(bytes.fromhex('00000007'), seed=0).intdigest() % 16)"
    // -> 8: the inner key carries its own salt byte
    golden(&SaltedInner { id: 7 }, &[0x08, 0x00, 0x00, 0x00, 0x07]);
    golden(
        &HoldsSalted {
            region: 1,
            inner: SaltedInner { id: 7 },
            ts: 9,
        },
        &[0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x07, 0x09],
    );
    // the inner key's salt is checked on decode
    let e = HoldsSalted::decode(&[0x00, 0x01, 0x09, 0x00, 0x00, 0x00, 0x07, 0x09]).unwrap_err();
    assert!(
        matches!(e.kind(), DecodeErrorKind::SaltMismatch { .. }),
        "{e}"
    );
    // and the inner key's codecs
    assert!(IndexKey::decode(b"0100a0102000001201209020000x1").is_err());
}

#[test]
fn nested_key_prefix_helper_golden() {
    let r = IndexKey::prefix_for_region_index_q1_q2(100, 1, 2).unwrap();
    assert_eq!(r.start(), b"0100a0102");
    assert_eq!(r.end(), Some(&b"0100a0103"[..]));
}

// ---- Md5: the 16 digest bytes ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Hashed {
    h: Md5,
}

#[test]
fn md5_rfc_1321_vectors() {
    // RFC 1321, appendix A.5; each checked with
    // python3 -c "import hashlib; print(hashlib.md5(b'abc').hexdigest())" (and so on)
    let vectors: [(&[u8], &str); 7] = [
        (b"", "d41d8cd98f00b204e9800998ecf8427e"),
        (b"a", "0cc175b9c0f1b6a831c399e269772661"),
        (b"abc", "900150983cd24fb0d6963f7d28e17f72"),
        (b"message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        (
            b"abcdefghijklmnopqrstuvwxyz",
            "c3fcd3d76192e4007dfb496cca67e13b",
        ),
        (
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
            "d174ab98d277d9f5a5611c2c9f419d9f",
        ),
        (
            b"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
            "57edf4a22be3c955ac49da2e2107b67a",
        ),
    ];
    for (input, digest) in vectors {
        let h = Md5::of(input);
        assert_eq!(h.as_bytes().as_slice(), hex(digest), "md5({input:?})");
        assert_eq!(h.to_string(), digest);
        golden(&Hashed { h }, &hex(digest));
    }
    assert_eq!(Md5::WIDTH, 16);
    assert!(Hashed::decode(&[0; 15]).is_err());
}

/// Seed 002: `[MD5 of host = 16 B][MD5 of event = 16 B][timestamp = 8 B]`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(width = 40)]
struct LogKey {
    host: Md5,
    event: Md5,
    ts: u64,
}

#[test]
fn seed_002_log_key_is_40_bytes() {
    let key = LogKey {
        host: Md5::of("web-17"),
        event: Md5::of("login"),
        ts: 1_700_000_000,
    };
    // python3 -c "import hashlib; print(hashlib.md5(b'web-17').hexdigest(), hashlib.md5(b'login').hexdigest())"
    // -> c24791a207d45ef80aa7089538581881 d56b699830e77ba53855679cb1d252da
    let mut expected = hex("c24791a207d45ef80aa7089538581881");
    expected.extend(hex("d56b699830e77ba53855679cb1d252da"));
    // 1_700_000_000 = 0x6553_F100
    expected.extend([0x00, 0x00, 0x00, 0x00, 0x65, 0x53, 0xF1, 0x00]);
    assert_eq!(expected.len(), 40);
    golden(&key, &expected);
    // an equality prefix on the hashed host: its 16 bytes
    let r = LogKey::prefix_for_host(Md5::of("web-17")).unwrap();
    assert_eq!(r.start(), &expected[..16]);
    assert!(r.contains(&expected));
    let r = LogKey::prefix_for_host_event(Md5::of("web-17"), Md5::of("login")).unwrap();
    assert_eq!(r.start(), &expected[..32]);
}

// ---- record enums: seed 002's customer and order rows in one table ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct CustomerKey {
    customer: u64,
    #[tag(1)]
    kind: (),
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct OrderKey {
    customer: u64,
    #[tag(2)]
    kind: (),
    order: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
enum Row {
    Customer(CustomerKey),
    Order(OrderKey),
}

#[test]
fn record_enum_decodes_each_variant() {
    let customer = CustomerKey {
        customer: 7,
        kind: (),
    };
    let order = OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    };
    let customer_bytes = [0, 0, 0, 0, 0, 0, 0, 7, 0x01];
    let order_bytes = [0, 0, 0, 0, 0, 0, 0, 7, 0x02, 0, 0, 0, 0, 0, 0, 0, 9];
    golden(&customer, &customer_bytes);
    golden(&order, &order_bytes);
    assert_eq!(
        Row::decode(&customer_bytes).unwrap(),
        Row::Customer(customer.clone())
    );
    assert_eq!(
        Row::decode(&order_bytes).unwrap(),
        Row::Order(order.clone())
    );
    // From, and the enum encodes the variant's key
    let row: Row = order.clone().into();
    assert_eq!(row, Row::Order(order));
    assert_eq!(row.encoded_len(), 17);
    let mut buf = [0u8; 32];
    let n = row.encode_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], &order_bytes);
    let row: Row = customer.into();
    let n = row.encode_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], &customer_bytes);
    // neither record type
    assert!(Row::decode(&[0, 0, 0, 0, 0, 0, 0, 7, 0x03]).is_err());
    assert!(Row::decode(&[0, 0, 0, 0, 0, 0, 0, 7, 0x01, 0]).is_err());
    assert!(Row::decode(&[]).is_err());
    // a customer tag with an order's length is neither
    let mut wrong = order_bytes;
    wrong[8] = 0x01;
    assert!(Row::decode(&wrong).is_err());
}

#[test]
fn tag_helpers_pin_the_record_type() {
    // `prefix_for_customer` holds the customer row and its orders; adding the tag holds only orders
    let both = OrderKey::prefix_for_customer(7).unwrap();
    assert_eq!(both.start(), &[0, 0, 0, 0, 0, 0, 0, 7]);
    let orders = OrderKey::prefix_for_customer_kind(7).unwrap();
    assert_eq!(orders.start(), &[0, 0, 0, 0, 0, 0, 0, 7, 0x02]);
    assert_eq!(orders.end(), Some(&[0, 0, 0, 0, 0, 0, 0, 7, 0x03][..]));
    let one = OrderKey::prefix_for_customer_kind_order(7, 9).unwrap();
    assert_eq!(
        one.start(),
        &[0, 0, 0, 0, 0, 0, 0, 7, 0x02, 0, 0, 0, 0, 0, 0, 0, 9]
    );
}

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

/// A nested key may borrow: its width does not depend on the lifetime.
#[test]
fn nested_keys_with_lifetimes() {
    #[derive(RowKey, Debug, PartialEq, Clone, Copy)]
    struct Named<'a> {
        #[fixed(8)]
        name: &'a str,
        id: u16,
    }
    #[derive(RowKey, Debug, PartialEq)]
    struct Outer<'a> {
        r: u16,
        inner: Named<'a>,
        o: Option<u8>,
    }
    let key = Outer {
        r: 1,
        inner: Named { name: "ab", id: 3 },
        o: Some(2),
    };
    let bytes = key.encode().unwrap();
    assert_eq!(bytes, [0, 1, b'a', b'b', 0, 0, 0, 0, 0, 0, 0, 3, 1, 2]);
    assert_eq!(Outer::decode(&bytes).unwrap(), key);
    let same = Named { name: "ab", id: 3 };
    assert!(Outer::prefix_for_r_inner(1, same).unwrap().contains(&bytes));
    let inner = Named::prefix_for_name("ab").unwrap();
    assert!(Outer::prefix_for_r_inner_within(1, &inner)
        .unwrap()
        .contains(&bytes));
    let other = Named::prefix_for_name("abc").unwrap();
    assert!(!Outer::prefix_for_r_inner_within(1, &other)
        .unwrap()
        .contains(&bytes));
}
