//! Enums of key types: tags on the variants, the decoding rule, the proof
//! that no bytes decode as two members, and the `RowKey` impl.

#[path = "support/keys.rs"]
mod keys;
use keys::{CustomerKey, GroupKey, OrderKey, Row, UserKey};

use rowkey::{OwnedRowKey, RowKey};

/// Issue 10's two members of the same layout: told apart by variant tags.
#[derive(RowKey, Debug, Clone, PartialEq)]
enum Tagged {
    #[tag(b"u")]
    User(UserKey),
    #[tag(2)]
    Group(GroupKey),
}

fn round_trip<K: OwnedRowKey + PartialEq + core::fmt::Debug>(k: &K) -> Vec<u8> {
    let bytes = k.encode().unwrap();
    assert_eq!(bytes.as_ref().len(), k.encoded_len());
    assert_eq!(&K::decode(bytes.as_ref()).unwrap(), k);
    bytes.as_ref().to_vec()
}

#[test]
fn a_variant_tag_leads_the_key_and_picks_the_member() {
    let group = GroupKey { group: 5 };
    let bytes = round_trip(&Tagged::Group(group.clone()));
    assert_eq!(bytes[0], 2);
    assert_eq!(&bytes[1..], &group.encode().unwrap());
    // The reported bug: a group key's bytes never decode as a user.
    let mut as_user = b"u".to_vec();
    as_user.extend_from_slice(&group.encode().unwrap());
    assert_eq!(
        Tagged::decode(&as_user).unwrap(),
        Tagged::User(UserKey { user: 5 })
    );
    assert!(Tagged::decode(&group.encode().unwrap()).is_err());
    assert!(Tagged::decode(b"").is_err());
}

#[test]
fn untagged_members_decode_by_their_layout() {
    let order = Row::Order(OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    });
    let customer = Row::Customer(CustomerKey {
        customer: 7,
        kind: (),
    });
    assert_eq!(round_trip(&order).len(), 17);
    assert_eq!(round_trip(&customer).len(), 9);
    assert_eq!(<Row as RowKey>::WIDTH, 9);
    const { assert!(<Row as RowKey>::VARIABLE) };
}

#[test]
fn disjointness_follows_the_layouts() {
    use rowkey::__private::checks::disjoint;
    assert!(disjoint(&CustomerKey::LAYOUT, &OrderKey::LAYOUT));
    assert!(!disjoint(&UserKey::LAYOUT, &GroupKey::LAYOUT));
    assert!(!disjoint(&CustomerKey::LAYOUT, &CustomerKey::LAYOUT));
}

/// A buffer short of the tag and key is refused for the whole: the bytes
/// both need, not the key's alone.
#[test]
fn encode_into_a_short_buffer_is_an_error() {
    let k = Tagged::User(UserKey { user: 1 });
    let mut buf = [0u8; 8];
    let e = k.encode_into(&mut buf).unwrap_err();
    let short = rowkey::EncodeErrorKind::BufferTooSmall {
        needed: 9,
        available: 8,
    };
    assert_eq!(e.kind(), short, "{e}");
    let mut buf = [0u8; 9];
    assert_eq!(k.encode_into(&mut buf), Ok(9));
}

/// `KEY_TYPES.explain` on an enum of key types takes the bytes apart as the
/// member `decode` picks: its tag, then its fields at their place in the key.
#[test]
fn explain_names_the_member_and_skips_its_tag() {
    let bytes = Tagged::Group(GroupKey { group: 5 }).encode().unwrap();
    let explained = Tagged::KEY_TYPES.explain(&bytes);
    assert_eq!(explained.member, Some("Group"));
    assert!(explained.is_valid());
    assert_eq!(explained.fields.len(), 1);
    assert_eq!(explained.fields[0].span, 1..9);
    let order = Row::Order(OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    });
    let explained = Row::KEY_TYPES.explain(&order.encode().unwrap());
    assert_eq!(explained.member, Some("Order"));
    assert!(explained.is_valid());
}

/// A key of one string that runs to the end of the key: the empty string
/// writes no bytes.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct NoteKey {
    text: String,
}

/// A member whose key may be empty.
#[derive(RowKey, Debug, Clone, PartialEq)]
enum Notes {
    #[tag(b"n")]
    Note(NoteKey),
}

/// A key that is its tag alone is the member's empty key, read by the
/// derived `decode` and by the layout.
#[test]
fn a_key_of_the_tag_alone_is_its_members_empty_key() {
    let empty = Notes::Note(NoteKey {
        text: String::new(),
    });
    assert_eq!(round_trip(&empty), b"n");
    assert!(Notes::KEY_TYPES.explain(b"n").is_valid());
    assert!(Notes::decode(b"").is_err());
}
