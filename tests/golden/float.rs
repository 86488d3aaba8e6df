//! `f32` / `f64`: IEEE bits, big-endian; positive: sign bit set; negative: every bit inverted.

use super::*;

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
