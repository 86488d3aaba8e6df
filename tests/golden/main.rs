//! Golden byte vectors: the on-disk format of every codec, `#[reverse]`,
//! every salt, and keys of several codecs, through the derive; one module per codec.
//!
//! Every expected byte here was written by hand from the format (big-endian,
//! sign bit flipped, ASCII digits, zero padding, inverted bytes; IEEE 754
//! bits with the sign flipped or every bit inverted; `00` escaped as `00 FF`
//! and `00 01` as terminator; a presence byte; constants; bytes back to
//! front), or computed by an independent reference whose command sits next
//! to the literal: Python's `xxhash` 4.1.0 package for salt buckets
//! (`xxhash.xxh32(data, seed=0).intdigest() % N`, the input and digest next
//! to each literal), Python's `hashlib` for MD5 (and the RFC 1321 test
//! suite); Apache Phoenix salt bytes by hand, by Python emulating Java's
//! `int`, and by a ten-line implementation of Phoenix's formula that shares
//! no code with rowkey.
//! A change to any of these bytes is a change to the on-disk format.

#[path = "../support/keys.rs"]
mod keys;

mod escaped;
mod fixed;
mod float;
mod int;
mod max_width;
mod md5;
mod mirror;
mod narrow;
mod nested;
mod option;
mod pad;
mod phoenix;
mod record;
mod salt;
mod tag;
mod trailing;
mod whole_key;

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
