//! `#[tag]`: constant bytes, anywhere.

use super::*;

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
