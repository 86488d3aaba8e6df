//! `Md5`: the 16 digest bytes.

use super::*;

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
        // A digest is a key of its own too: its bytes, and `Md5(hex)` to debug.
        assert_eq!(h.encode().unwrap().as_slice(), hex(digest));
        assert_eq!(Md5::decode(&hex(digest)).unwrap(), h);
        assert_eq!(format!("{h:?}"), format!("Md5({digest})"));
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
