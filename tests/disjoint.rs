//! The proof an enum of key types rests on: when `disjoint` says two
//! members' layouts share no key, no bytes decode as both. Tested against
//! `decode` itself, over every short byte string of a small alphabet and
//! random longer ones, for members whose tags follow fixed, variable and
//! optional fields of every kind of codec.

#![allow(dead_code)] // the members are read by `decode` only

use proptest::prelude::*;
use rowkey::__private::checks::disjoint;
use rowkey::{Layout, RowKey};

#[derive(RowKey, Debug)]
struct NamedAccount {
    #[ordered]
    name: String,
    #[tag(1)]
    kind: (),
}

#[derive(RowKey, Debug)]
struct AccountOrder {
    account: u16,
    #[tag(2)]
    kind: (),
    order: u16,
}

/// An `#[ordered]` string's end is its terminator, so a tag after it has no
/// fixed offset: its minimum offset (2) says nothing about these bytes.
#[test]
fn a_tag_after_a_variable_field_proves_nothing() {
    let bytes = [0x34, b'A', 0x02, 0x00, 0x01];
    let named = NamedAccount::decode(&bytes).unwrap();
    let order = AccountOrder::decode(&bytes).unwrap();
    assert_eq!(named.name, "A\u{2}");
    assert_eq!((order.account, order.order), (0x3441, 1));
    assert!(!disjoint(&NamedAccount::LAYOUT, &AccountOrder::LAYOUT));
}

#[derive(RowKey)]
struct U16Tag1 {
    a: u16,
    #[tag(1)]
    kind: (),
}

#[derive(RowKey)]
struct U8Tag2Rest {
    a: u8,
    #[tag(2)]
    kind: (),
    rest: String,
}

#[derive(RowKey)]
struct OrderedTag2 {
    #[ordered]
    name: String,
    #[tag(2)]
    kind: (),
}

#[derive(RowKey)]
struct NumericTag1 {
    #[ordered(numeric)]
    n: i64,
    #[tag(1)]
    kind: (),
}

#[derive(RowKey)]
struct EscapedTag1 {
    #[escaped]
    name: String,
    #[tag(1)]
    kind: (),
    b: u8,
}

#[derive(RowKey)]
struct OrderedOptionTag2 {
    #[ordered]
    n: Option<i32>,
    #[tag(2)]
    kind: (),
}

#[derive(RowKey)]
struct PadTag1 {
    #[pad(2)]
    n: u8,
    #[tag(1)]
    kind: (),
}

#[derive(RowKey)]
struct OptionTag2 {
    a: Option<u8>,
    #[tag(2)]
    kind: (),
}

#[derive(RowKey)]
struct Tag1Lead {
    #[tag(1)]
    kind: (),
    a: u16,
}

#[derive(RowKey)]
struct Tag2LeadOrdered {
    #[tag(2)]
    kind: (),
    #[ordered]
    name: String,
}

/// A member: its layout and whether `decode` takes the bytes.
struct Member {
    layout: &'static Layout<'static>,
    decodes: fn(&[u8]) -> bool,
}

macro_rules! members {
    ($($t:ty),* $(,)?) => {
        [$(Member { layout: &<$t>::LAYOUT, decodes: |b| <$t>::decode(b).is_ok() }),*]
    };
}

const MEMBERS: [Member; 12] = members![
    NamedAccount,
    AccountOrder,
    U16Tag1,
    U8Tag2Rest,
    OrderedTag2,
    NumericTag1,
    EscapedTag1,
    OrderedOptionTag2,
    PadTag1,
    OptionTag2,
    Tag1Lead,
    Tag2LeadOrdered,
];

/// Fails when two members said to be disjoint both decode `bytes`.
fn check(bytes: &[u8]) -> Result<(), String> {
    let taken: Vec<&Member> = MEMBERS.iter().filter(|m| (m.decodes)(bytes)).collect();
    for a in &taken {
        for b in &taken {
            if disjoint(a.layout, b.layout) {
                return Err(format!(
                    "{} and {} both decode {bytes:02x?}, yet are called disjoint",
                    a.layout.name, b.layout.name
                ));
            }
        }
    }
    Ok(())
}

/// The bytes the members' codecs turn on: nulls and terminators, the two
/// tags, an ordered string's header, a letter, a numeric's header.
const ALPHABET: [u8; 6] = [0x00, 0x01, 0x02, 0x34, 0x41, 0x2b];

#[test]
fn no_two_disjoint_members_decode_a_short_key() {
    let mut keys: Vec<Vec<u8>> = vec![vec![]];
    let mut checked = 0;
    for _ in 0..6 {
        keys = keys
            .iter()
            .flat_map(|k| ALPHABET.iter().map(move |&b| [k.as_slice(), &[b]].concat()))
            .collect();
        for k in &keys {
            check(k).unwrap();
            checked += 1;
        }
    }
    assert_eq!(checked, 6 + 36 + 216 + 1296 + 7776 + 46656);
}

/// The proof finds some members disjoint, so the tests above test it.
#[test]
fn tags_at_fixed_offsets_are_proved_disjoint() {
    assert!(disjoint(&U16Tag1::LAYOUT, &OptionTag2::LAYOUT));
    assert!(disjoint(&Tag1Lead::LAYOUT, &Tag2LeadOrdered::LAYOUT));
    assert!(disjoint(&PadTag1::LAYOUT, &AccountOrder::LAYOUT));
    assert!(!disjoint(&NumericTag1::LAYOUT, &U8Tag2Rest::LAYOUT));
    assert!(!disjoint(&EscapedTag1::LAYOUT, &U16Tag1::LAYOUT));
}

proptest! {
    #[test]
    fn no_two_disjoint_members_decode_a_key(
        bytes in prop::collection::vec(
            prop_oneof![prop::sample::select(ALPHABET.to_vec()), any::<u8>()],
            0..14,
        ),
    ) {
        check(&bytes).map_err(TestCaseError::fail)?;
    }
}
