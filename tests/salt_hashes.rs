//! The articles' own salts: `hash = modulo` (the salted value mod N, seed
//! 003's `hash(ts) % servers`, OpenTSDB's metric-id salt) and a user's
//! `hash = path::to::fn`. Golden bytes, decode verification, fan-out and
//! split points, as for the xxh32 salt.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rowkey::{DecodeErrorKind, RowKey, SaltHash};

/// OpenTSDB-style: the metric id picks the bucket.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Metric {
    #[salt(mod = 20, hash = modulo)]
    metric_id: u32,
    ts: u64,
}

/// Seed 003: the timestamp mod the server count, written as digits.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Log {
    #[salt(mod = 8, pad = 2, hash = modulo)]
    #[be_u32]
    ts: u64,
    host: u16,
}

/// The user's hash: the sum of the salted bytes.
fn byte_sum(bytes: &[u8]) -> u32 {
    bytes.iter().map(|&b| u32::from(b)).sum()
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Custom {
    #[salt(mod = 16, hash = byte_sum)]
    a: u16,
    #[salt]
    b: u8,
    c: u8,
}

/// The same key with the format's own hash, to compare fingerprints.
#[derive(RowKey)]
struct MetricXxh32 {
    #[salt(mod = 20)]
    metric_id: u32,
    ts: u64,
}

#[test]
fn modulo_golden() -> Result<(), Box<dyn std::error::Error>> {
    // 1234 = 0x04D2; 1234 mod 20 = 14.
    let key = Metric {
        metric_id: 1234,
        ts: 5,
    }
    .encode()?;
    assert_eq!(key, [14, 0x00, 0x00, 0x04, 0xD2, 0, 0, 0, 0, 0, 0, 0, 5]);
    // 123_456 = 0x0001_E240 in 4 bytes; 123_456 mod 8 = 0, written "00".
    let key = Log {
        ts: 123_456,
        host: 7,
    }
    .encode()?;
    assert_eq!(key, *b"00\x00\x01\xE2\x40\x00\x07");
    let key = Log {
        ts: 123_461,
        host: 7,
    }
    .encode()?;
    assert_eq!(&key[..2], b"05");
    Ok(())
}

#[test]
fn custom_golden() -> Result<(), Box<dyn std::error::Error>> {
    // byte_sum(01 02 03) = 6; 6 mod 16 = 6. `c` is not hashed.
    let key = Custom {
        a: 0x0102,
        b: 3,
        c: 200,
    }
    .encode()?;
    assert_eq!(key, [6, 0x01, 0x02, 3, 200]);
    // byte_sum(FF FF FF) = 765; 765 mod 16 = 13.
    let key = Custom {
        a: 0xFFFF,
        b: 0xFF,
        c: 0,
    }
    .encode()?;
    assert_eq!(key, [13, 0xFF, 0xFF, 0xFF, 0]);
    Ok(())
}

#[test]
fn decode_checks_the_bucket() -> Result<(), Box<dyn std::error::Error>> {
    let mut key = Metric {
        metric_id: 1234,
        ts: 5,
    }
    .encode()?;
    key[0] = 15;
    let err = Metric::decode(&key).unwrap_err();
    assert_eq!(
        err.kind(),
        DecodeErrorKind::SaltMismatch {
            expected: 14,
            found: 15
        }
    );
    let mut key = Custom { a: 1, b: 2, c: 3 }.encode()?;
    key[3] = 9;
    assert!(matches!(
        Custom::decode(&key).unwrap_err().kind(),
        DecodeErrorKind::SaltMismatch { .. }
    ));
    Ok(())
}

#[test]
fn layout_records_the_hash() {
    let salt = |l: rowkey::Layout| l.salt.map(|s| s.salt.hash());
    assert_eq!(salt(Metric::LAYOUT), Some(SaltHash::Modulo));
    assert_eq!(salt(Custom::LAYOUT), Some(SaltHash::Custom(byte_sum)));
    assert_eq!(salt(MetricXxh32::LAYOUT), Some(SaltHash::Format));
    assert_eq!(
        Metric::LAYOUT.segments[0].codec,
        "salt(mod = 20, hash = modulo) of metric_id"
    );
    assert_eq!(
        Custom::LAYOUT.segments[0].codec,
        "salt(mod = 16, hash = byte_sum) of a, b"
    );
}

#[test]
fn the_hash_changes_the_fingerprint() {
    let prints = [Metric::FINGERPRINT, MetricXxh32::FINGERPRINT];
    assert_ne!(prints[0], prints[1]);
    // The documented bytes differ only in the hash byte: 1 for modulo.
    let hashed = |hash: u8| {
        let mut b = b"RK\x01\x00".to_vec();
        b.extend(13u64.to_be_bytes());
        b.extend([1, 0, 0, hash]);
        b.extend(20u32.to_be_bytes());
        b.extend(1u32.to_be_bytes());
        b.extend(1u32.to_be_bytes());
        b.extend(3u64.to_be_bytes());
        b.extend(0u64.to_be_bytes());
        b.extend(1u64.to_be_bytes());
        b.extend([0x0D, 2, 0]);
        for (offset, width) in [(1u64, 4u64), (5, 8)] {
            b.extend(offset.to_be_bytes());
            b.extend(width.to_be_bytes());
            b.extend([0x01, width as u8, 0, 0, 0]);
        }
        b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
            (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3)
        })
    };
    assert_eq!(MetricXxh32::FINGERPRINT, hashed(0));
    assert_eq!(Metric::FINGERPRINT, hashed(1));
}

#[test]
fn split_points_and_region_starts() {
    assert_eq!(Metric::split_points().count(), 19);
    let splits: Vec<_> = Log::split_points().map(|p| p.as_bytes().to_vec()).collect();
    assert_eq!(splits, [b"01", b"02", b"03", b"04", b"05", b"06", b"07"]);
}

/// Every key of a time window, found by the fan-out, checked against brute force.
fn fan_out_finds(keys: &[Log], lo: u64, hi: u64) -> Result<(), TestCaseError> {
    let fail = |e: &dyn std::fmt::Display| TestCaseError::fail(e.to_string());
    let mut table = BTreeMap::new();
    for k in keys {
        table.insert(k.encode().map_err(|e| fail(&e))?.to_vec(), k.clone());
    }
    let ranges = Log::range_for_ts(lo..hi).map_err(|e| fail(&e))?;
    prop_assert_eq!(ranges.len(), 8);
    let mut found: Vec<_> = ranges
        .flat_map(|r| {
            table
                .range::<[u8], _>(r.bounds())
                .map(|(_, k)| k.clone())
                .collect::<Vec<_>>()
        })
        .collect();
    let mut expected: Vec<_> = table
        .values()
        .filter(|k| (lo..hi).contains(&k.ts))
        .cloned()
        .collect();
    let order = |k: &Log| (k.ts, k.host);
    found.sort_by_key(order);
    expected.sort_by_key(order);
    prop_assert_eq!(found, expected);
    Ok(())
}

proptest! {
    #[test]
    fn modulo_bucket_is_the_value_mod_n(metric_id: u32, ts: u64) {
        let key = Metric { metric_id, ts }.encode().unwrap();
        prop_assert_eq!(u32::from(key[0]), metric_id % 20);
        prop_assert_eq!(Metric::decode(&key).unwrap(), Metric { metric_id, ts });
    }

    #[test]
    fn digits_modulo_round_trips(ts in 0..=u64::from(u32::MAX), host: u16) {
        let key = Log { ts, host }.encode().unwrap();
        let bucket = format!("{:02}", ts % 8);
        prop_assert_eq!(&key[..2], bucket.as_bytes());
        prop_assert_eq!(Log::decode(&key).unwrap(), Log { ts, host });
    }

    #[test]
    fn custom_bucket_is_the_function_mod_n(a: u16, b: u8, c: u8) {
        let key = Custom { a, b, c }.encode().unwrap();
        prop_assert_eq!(u32::from(key[0]), byte_sum(&key[1..4]) % 16);
        prop_assert_eq!(Custom::decode(&key).unwrap(), Custom { a, b, c });
    }

    #[test]
    fn modulo_fan_out_covers_the_window(
        keys in prop::collection::vec((0..2_000u64, any::<u16>()), 0..200),
        lo in 0..2_000u64,
        len in 0..500u64,
    ) {
        let keys: Vec<_> = keys.into_iter().map(|(ts, host)| Log { ts, host }).collect();
        fan_out_finds(&keys, lo, lo + len)?;
    }

    #[test]
    fn any_bytes_decode_or_error(bytes in prop::collection::vec(any::<u8>(), 0..16)) {
        let _ = Metric::decode(&bytes);
        let _ = Log::decode(&bytes);
        let _ = Custom::decode(&bytes);
    }
}
