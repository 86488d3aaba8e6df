//! `#[mirror]`: the field's bytes (or pad digits) back to front, seed 004.

use super::*;

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
