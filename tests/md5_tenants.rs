//! A hashed field does not keep apart the values users choose: the first
//! published MD5 collision gives two tenants one `Md5` key prefix, and one
//! key, where `#[escaped]` keeps them apart.

use rowkey::{Md5, RowKey};

/// Two different 128-byte inputs with one MD5 digest: the collision of Wang,
/// Feng, Lai and Yu (2004; Wang and Yu, EUROCRYPT 2005), in the byte order
/// it is usually reproduced in. The digest is computed below, not taken
/// from the literature.
const ALICE: &str = "d131dd02c5e6eec4693d9a0698aff95c2fcab58712467eab4004583eb8fb7f89\
                     55ad340609f4b30283e488832571415a085125e8f7cdc99fd91dbdf280373c5b\
                     d8823e3156348f5bae6dacd436c919c6dd53e2b487da03fd02396306d248cda0\
                     e99f33420f577ee8ce54b67080a80d1ec69821bcb6a8839396f9652b6ff72a70";
const MALLORY: &str = "d131dd02c5e6eec4693d9a0698aff95c2fcab50712467eab4004583eb8fb7f89\
                       55ad340609f4b30283e4888325f1415a085125e8f7cdc99fd91dbd7280373c5b\
                       d8823e3156348f5bae6dacd436c919c6dd53e23487da03fd02396306d248cda0\
                       e99f33420f577ee8ce54b67080280d1ec69821bcb6a8839396f965ab6ff72a70";

/// Tenants hashed: spread, but not kept apart.
#[derive(RowKey, Debug, PartialEq)]
struct HashedTenant {
    tenant: Md5,
    doc: u32,
}

/// Tenants as their own bytes, ended by the escape's terminator.
#[derive(RowKey, Debug, PartialEq)]
struct EscapedTenant {
    #[escaped]
    tenant: Vec<u8>,
    doc: u32,
}

fn bytes(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn the_pair_is_two_inputs_with_one_digest() {
    let (alice, mallory) = (bytes(ALICE), bytes(MALLORY));
    assert_eq!((alice.len(), mallory.len()), (128, 128));
    assert_ne!(alice, mallory);
    assert_eq!(Md5::of(&alice), Md5::of(&mallory));
    // The digest as Python's hashlib.md5 gives it for either input.
    assert_eq!(
        Md5::of(&alice).to_string(),
        "79054025255fb1a26e4bc422aef54eb4"
    );
}

#[test]
fn two_tenants_with_one_digest_share_their_prefix_and_their_keys() {
    let (alice, mallory) = (bytes(ALICE), bytes(MALLORY));
    let alice_doc = HashedTenant {
        tenant: Md5::of(&alice),
        doc: 1,
    }
    .encode()
    .unwrap();
    let mallory_doc = HashedTenant {
        tenant: Md5::of(&mallory),
        doc: 1,
    }
    .encode()
    .unwrap();
    assert_eq!(alice_doc[..16], mallory_doc[..16], "one key prefix");
    assert_eq!(alice_doc, mallory_doc, "one row: each overwrites the other");
    let alices_scan = HashedTenant::prefix_for_tenant(Md5::of(&alice)).unwrap();
    assert!(
        alices_scan.contains(&mallory_doc),
        "Alice's scan reads Mallory's rows"
    );
}

#[test]
fn escaped_tenants_stay_apart() {
    let (alice, mallory) = (bytes(ALICE), bytes(MALLORY));
    let alice_doc = EscapedTenant {
        tenant: alice.clone(),
        doc: 1,
    }
    .encode()
    .unwrap();
    let mallory_doc = EscapedTenant {
        tenant: mallory.clone(),
        doc: 1,
    }
    .encode()
    .unwrap();
    assert_ne!(alice_doc, mallory_doc);
    let alices_scan = EscapedTenant::prefix_for_tenant(&alice).unwrap();
    assert!(alices_scan.contains(&alice_doc));
    assert!(!alices_scan.contains(&mallory_doc));
    let mallorys_scan = EscapedTenant::prefix_for_tenant(&mallory).unwrap();
    assert!(!mallorys_scan.contains(&alice_doc));
}
