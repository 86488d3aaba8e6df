//! Several codecs in one key: the fields' bytes in declaration order; the README's key.

use super::keys::FileKey;
use super::*;

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
