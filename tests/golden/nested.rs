//! Nested keys: the inner key's bytes, embedded as they are.

use super::keys::FileKey;
use super::*;

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
