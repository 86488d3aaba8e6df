//! Keys that gain fields: `#[rowkey(since = N)]` on trailing `Option`
//! fields. An absent field at the end writes nothing, so every stored key
//! of the old struct is a valid key of the new one, with the field `None`,
//! and order is kept (absent sorts first).

use proptest::prelude::*;
use rowkey::{DecodeErrorKind, RowKey};

/// The key as first deployed.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct FileKeyV1 {
    #[pad(6)]
    user_id: u32,
    ts: u64,
}

/// A region added in version 2.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct FileKeyV2 {
    #[pad(6)]
    user_id: u32,
    ts: u64,
    #[rowkey(since = 2)]
    region: Option<u16>,
}

/// And a flag in version 3.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(width = 19)]
struct FileKeyV3 {
    #[pad(6)]
    user_id: u32,
    ts: u64,
    #[rowkey(since = 2)]
    region: Option<u16>,
    #[rowkey(since = 3)]
    archived: Option<bool>,
}

fn v3(user_id: u32, ts: u64, region: Option<u16>, archived: Option<bool>) -> FileKeyV3 {
    FileKeyV3 {
        user_id,
        ts,
        region,
        archived,
    }
}

#[test]
fn golden() -> Result<(), Box<dyn std::error::Error>> {
    let old = b"000007\x00\x00\x00\x00\x00\x00\x00\x09";
    assert_eq!(FileKeyV1 { user_id: 7, ts: 9 }.encode()?, *old);
    assert_eq!(v3(7, 9, None, None).encode()?, old.to_vec());
    let mut both = old.to_vec();
    both.extend([0x01, 0x01, 0x02, 0x01, 0x00]);
    assert_eq!(v3(7, 9, Some(0x0102), Some(false)).encode()?, both);
    // A `None` before a present field is written (presence byte 0, zeros).
    let mut gap = old.to_vec();
    gap.extend([0x00, 0x00, 0x00, 0x01, 0x01]);
    assert_eq!(v3(7, 9, None, Some(true)).encode()?, gap);
    let mut first = old.to_vec();
    first.extend([0x01, 0x00, 0x05]);
    assert_eq!(v3(7, 9, Some(5), None).encode()?, first);
    assert_eq!(v3(7, 9, Some(5), None).encoded_len(), 17);
    Ok(())
}

#[test]
fn old_keys_decode_as_new_keys() -> Result<(), Box<dyn std::error::Error>> {
    let old = FileKeyV1 { user_id: 7, ts: 9 }.encode()?;
    assert_eq!(
        FileKeyV2::decode(&old)?,
        FileKeyV2 {
            user_id: 7,
            ts: 9,
            region: None
        }
    );
    assert_eq!(FileKeyV3::decode(&old)?, v3(7, 9, None, None));
    let v2 = FileKeyV2 {
        user_id: 7,
        ts: 9,
        region: Some(3),
    }
    .encode()?;
    assert_eq!(FileKeyV3::decode(&v2)?, v3(7, 9, Some(3), None));
    Ok(())
}

#[test]
fn a_written_trailing_none_is_rejected() -> Result<(), Box<dyn std::error::Error>> {
    let mut key = FileKeyV1 { user_id: 7, ts: 9 }.encode()?.to_vec();
    key.extend([0x00, 0x00, 0x00]);
    let err = FileKeyV3::decode(&key).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::AbsentWritten);
    assert_eq!(err.offset(), 14);
    key.extend([0x00, 0x00]);
    assert_eq!(
        FileKeyV3::decode(&key).unwrap_err().kind(),
        DecodeErrorKind::AbsentWritten
    );
    Ok(())
}

#[test]
fn the_layout_and_fingerprint_change() {
    const { assert!(FileKeyV3::VARIABLE && !FileKeyV1::VARIABLE) };
    assert_eq!(FileKeyV3::WIDTH, 14);
    assert_ne!(FileKeyV1::FINGERPRINT, FileKeyV2::FINGERPRINT);
    assert_ne!(FileKeyV2::FINGERPRINT, FileKeyV3::FINGERPRINT);
}

#[test]
fn prefixes_stop_before_added_fields() -> Result<(), Box<dyn std::error::Error>> {
    let scan = FileKeyV3::prefix_for_user_id_ts(7, 9)?;
    assert!(scan.contains(&v3(7, 9, None, None).encode()?));
    assert!(scan.contains(&v3(7, 9, Some(1), Some(true)).encode()?));
    assert!(!scan.contains(&v3(7, 10, None, None).encode()?));
    Ok(())
}

fn any_v3() -> impl Strategy<Value = FileKeyV3> {
    (
        0..1_000_000u32,
        any::<u64>(),
        any::<Option<u16>>(),
        any::<Option<bool>>(),
    )
        .prop_map(|(u, t, r, a)| v3(u, t, r, a))
}

/// The reference order: the fields in declaration order, `None` first.
fn model(k: &FileKeyV3) -> (u32, u64, Option<u16>, Option<bool>) {
    (k.user_id, k.ts, k.region, k.archived)
}

proptest! {
    #[test]
    fn round_trip(k in any_v3()) {
        let bytes = k.encode().unwrap();
        prop_assert_eq!(bytes.len(), k.encoded_len());
        prop_assert_eq!(FileKeyV3::decode(&bytes).unwrap(), k);
    }

    #[test]
    fn byte_order_is_the_model_order(a in any_v3(), b in any_v3()) {
        let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
        prop_assert_eq!(ea.cmp(&eb), model(&a).cmp(&model(&b)));
    }

    #[test]
    fn same_prefix_order(u in 0..3u32, t in 0..3u64, a in any::<(Option<u16>, Option<bool>)>(), b in any::<(Option<u16>, Option<bool>)>()) {
        // Keys that differ only in added fields, where the order matters most.
        let (ka, kb) = (v3(u, t, a.0, a.1), v3(u, t, b.0, b.1));
        prop_assert_eq!(ka.encode().unwrap().cmp(&kb.encode().unwrap()), model(&ka).cmp(&model(&kb)));
    }

    #[test]
    fn old_keys_read_as_none(user_id in 0..1_000_000u32, ts: u64) {
        let old = FileKeyV1 { user_id, ts }.encode().unwrap();
        prop_assert_eq!(FileKeyV3::decode(&old).unwrap(), v3(user_id, ts, None, None));
        prop_assert_eq!(v3(user_id, ts, None, None).encode().unwrap(), old.to_vec());
    }

    #[test]
    fn any_bytes_decode_or_error(bytes in prop::collection::vec(any::<u8>(), 0..24)) {
        if let Ok(k) = FileKeyV3::decode(&bytes) {
            // Every key has one reading.
            prop_assert_eq!(k.encode().unwrap(), bytes);
        }
    }
}

#[test]
fn the_layout_records_since() {
    let since: Vec<u32> = FileKeyV3::LAYOUT.segments.iter().map(|s| s.since).collect();
    assert_eq!(since, [0, 0, 2, 3]);
    assert_eq!(
        FileKeyV3::LAYOUT.segments[2].codec,
        "Option<u16>, since = 2"
    );
    assert!(FileKeyV3::LAYOUT.to_json().contains("\"since\": 3}"));
    assert!(!FileKeyV1::LAYOUT.to_json().contains("since"));
}

/// FNV-1a 64, as the fingerprint module specifies it.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The documented canonical bytes, by hand: an added field sets flag 8 and
/// appends its version.
#[test]
fn the_fingerprint_hashes_since() {
    let mut b = b"RK\x01\x01".to_vec(); // variable
    b.extend(14u64.to_be_bytes()); // shortest width
    b.push(0); // no salt
    b.extend(3u64.to_be_bytes());
    b.extend(0u64.to_be_bytes());
    b.extend(6u64.to_be_bytes());
    b.push(0x03);
    b.extend(6u64.to_be_bytes());
    b.extend([0, 0]);
    b.extend(6u64.to_be_bytes());
    b.extend(8u64.to_be_bytes());
    b.extend([0x01, 8, 0, 0, 0]);
    b.extend(14u64.to_be_bytes());
    b.extend(3u64.to_be_bytes());
    b.extend([0x01, 2, 0, 0, 4 | 8]); // u16, ascending, optional | added
    b.extend(2u32.to_be_bytes());
    assert_eq!(FileKeyV2::FINGERPRINT, fnv1a(&b));
}

/// The text values `rowkey encode` takes for a key.
fn texts(k: &FileKeyV3) -> [(String, String); 4] {
    let opt = |v: Option<String>| v.unwrap_or_else(|| "None".to_string());
    [
        ("user_id".into(), k.user_id.to_string()),
        ("ts".into(), k.ts.to_string()),
        ("region".into(), opt(k.region.map(|r| r.to_string()))),
        ("archived".into(), opt(k.archived.map(|a| a.to_string()))),
    ]
}

proptest! {
    /// Tools that read keys by their layout alone agree with the derive.
    #[test]
    fn the_interpreter_reads_and_writes_added_fields(k in any_v3(), cut in 0..20usize) {
        let bytes = k.encode().unwrap();
        let decoded = rowkey::dynamic::decode(&FileKeyV3::LAYOUT, &bytes).unwrap();
        prop_assert_eq!(decoded.len(), 4);
        let texts = texts(&k);
        let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        prop_assert_eq!(rowkey::dynamic::encode(&FileKeyV3::LAYOUT, &pairs).unwrap(), bytes.clone());
        // Cut or extended with a written `None`: the same error, or both decode.
        let mut longer = bytes.clone();
        longer.extend([0, 0, 0]);
        for b in [&bytes[..cut.min(bytes.len())], &longer[..]] {
            prop_assert_eq!(
                FileKeyV3::decode(b).err().map(rowkey::ReadError::from),
                rowkey::dynamic::decode(&FileKeyV3::LAYOUT, b).err()
            );
        }
    }
}
