//! `T::FINGERPRINT`: the documented hash, what changes it and what does not,
//! and the seed keys' fingerprints pinned, as users are told to pin theirs.

#![allow(clippy::duplicate_mod, dead_code)]

use rowkey::RowKey;

#[path = "../examples/colocated_index.rs"]
mod colocated_index;
#[path = "../examples/customer_orders.rs"]
mod customer_orders;
#[path = "../examples/general.rs"]
mod general;
#[path = "../examples/hashed.rs"]
mod hashed;
#[path = "../examples/quickstart.rs"]
mod quickstart;
#[path = "../examples/secondary_index.rs"]
mod secondary_index;
#[path = "../examples/statistics.rs"]
mod statistics;
#[path = "../examples/timeseries.rs"]
mod timeseries;
#[path = "../examples/transactions.rs"]
mod transactions;

/// FNV-1a 64, written out again from its definition.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn num(n: u64) -> [u8; 8] {
    n.to_be_bytes()
}

#[derive(RowKey)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

/// The canonical bytes of the module docs, built by hand for the file key.
#[test]
fn the_hash_is_the_documented_one() {
    let mut bytes = b"RK\x01\x00".to_vec();
    bytes.extend(num(20));
    bytes.push(0); // no salt
    bytes.extend(num(3));
    for (offset, width) in [(0, 6), (6, 8), (14, 6)] {
        bytes.extend(num(offset));
        bytes.extend(num(width));
        bytes.push(0x03); // pad
        bytes.extend(num(width)); // digits
        bytes.extend([0, 0]); // ascending, no flags
    }
    assert_eq!(FileKey::FINGERPRINT, fnv1a(&bytes));
    // Python: the same bytes through a two-line FNV-1a gives 0xf75c7814308be003.
    assert_eq!(FileKey::FINGERPRINT, 0xf75c_7814_308b_e003);
}

#[test]
fn names_and_byte_neutral_types_do_not_change_it() {
    #[derive(RowKey)]
    struct Renamed {
        #[pad(6)]
        user: u64,
        #[pad(8)]
        day: u64,
        #[pad(6)]
        file: u32,
    }
    assert_eq!(Renamed::FINGERPRINT, FileKey::FINGERPRINT);
}

#[test]
fn every_byte_decision_changes_it() {
    #[derive(RowKey)]
    struct WiderPad {
        #[pad(7)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(5)]
        file_id: u64,
    }
    #[derive(RowKey)]
    struct Reversed {
        #[pad(6)]
        user_id: u32,
        #[pad(8)]
        #[reverse]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
    #[derive(RowKey)]
    struct Salted {
        #[pad(6)]
        #[salt(mod = 16)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
    #[derive(RowKey)]
    struct MoreBuckets {
        #[pad(6)]
        #[salt(mod = 17)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
    #[derive(RowKey)]
    struct TagA {
        id: u32,
        #[tag(b"a")]
        kind: (),
    }
    #[derive(RowKey)]
    struct TagB {
        id: u32,
        #[tag(b"b")]
        kind: (),
    }
    #[derive(RowKey)]
    struct Binary {
        user_id: u32,
        create_date: u32,
        file_id: u32,
    }
    #[derive(RowKey)]
    struct Signed {
        user_id: i32,
        create_date: u32,
        file_id: u32,
    }
    let all = [
        FileKey::FINGERPRINT,
        WiderPad::FINGERPRINT,
        Reversed::FINGERPRINT,
        Salted::FINGERPRINT,
        MoreBuckets::FINGERPRINT,
        Binary::FINGERPRINT,
        Signed::FINGERPRINT,
    ];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_ne!(TagA::FINGERPRINT, TagB::FINGERPRINT);
}

#[test]
fn a_nested_key_is_hashed_through() {
    #[derive(RowKey)]
    struct InnerA {
        x: u16,
    }
    #[derive(RowKey)]
    struct InnerB {
        #[reverse]
        x: u16,
    }
    #[derive(RowKey)]
    struct OuterA {
        a: u8,
        inner: InnerA,
    }
    #[derive(RowKey)]
    struct OuterB {
        a: u8,
        inner: InnerB,
    }
    assert_ne!(OuterA::FINGERPRINT, OuterB::FINGERPRINT);
}

/// The seed keys, pinned the way the docs tell users to pin theirs: a change
/// to any of these formats must be deliberate, and shows up here.
#[test]
fn seed_keys_are_pinned() {
    let pins = [
        (
            "quickstart::FileKey",
            <quickstart::FileKey as RowKey>::FINGERPRINT,
            0xf75c_7814_308b_e003,
        ),
        (
            "transactions::TxKey",
            <transactions::TxKey as RowKey>::FINGERPRINT,
            0xb66c_7e38_282c_23af,
        ),
        (
            "statistics::StatKey",
            <statistics::StatKey as RowKey>::FINGERPRINT,
            0x198f_135c_8f79_d777,
        ),
        (
            "general::GeneralKey<'static>",
            <general::GeneralKey<'static> as RowKey>::FINGERPRINT,
            0x9582_d9cf_c854_3c68,
        ),
        (
            "timeseries::SaltedEvent<'static>",
            <timeseries::SaltedEvent<'static> as RowKey>::FINGERPRINT,
            0xcf91_cbd5_27cd_fbb1,
        ),
        (
            "timeseries::HostEvent<'static>",
            <timeseries::HostEvent<'static> as RowKey>::FINGERPRINT,
            0x3c00_361b_82eb_7691,
        ),
        (
            "timeseries::TimeEvent<'static>",
            <timeseries::TimeEvent<'static> as RowKey>::FINGERPRINT,
            0x05f2_de34_affd_5159,
        ),
        (
            "hashed::HashedKey",
            <hashed::HashedKey as RowKey>::FINGERPRINT,
            0x0fae_d089_96c5_791b,
        ),
        (
            "hashed::NumericKey",
            <hashed::NumericKey as RowKey>::FINGERPRINT,
            0xe1c1_afa1_6031_4465,
        ),
        (
            "customer_orders::CustomerKey",
            <customer_orders::CustomerKey as RowKey>::FINGERPRINT,
            0xa220_1b97_866b_674e,
        ),
        (
            "customer_orders::OrderKey",
            <customer_orders::OrderKey as RowKey>::FINGERPRINT,
            0x87b3_d21a_d527_7298,
        ),
        (
            "secondary_index::MsgKey",
            <secondary_index::MsgKey as RowKey>::FINGERPRINT,
            0x6d65_90ac_60c6_0371,
        ),
        (
            "secondary_index::BIndexKey",
            <secondary_index::BIndexKey as RowKey>::FINGERPRINT,
            0x4c77_d53e_e74e_be67,
        ),
        (
            "colocated_index::MainKey",
            <colocated_index::MainKey as RowKey>::FINGERPRINT,
            0x8b1a_e998_0ded_0589,
        ),
        (
            "colocated_index::IndexA",
            <colocated_index::IndexA as RowKey>::FINGERPRINT,
            0x4d48_f09b_e6e2_b623,
        ),
    ];
    for (key, fingerprint, pinned) in pins {
        assert_eq!(fingerprint, pinned, "{key}: its format changed");
    }
}

#[test]
fn java_formats_have_their_own_fingerprints() {
    #[derive(RowKey)]
    struct Native {
        id: i32,
    }
    #[derive(RowKey)]
    struct Java {
        #[java]
        id: i32,
    }
    #[derive(RowKey)]
    struct JavaFloat {
        #[java]
        id: f32,
    }
    #[derive(RowKey)]
    struct Ordered {
        #[ordered]
        id: i32,
    }
    #[derive(RowKey)]
    struct OrderedFloat {
        #[ordered]
        id: f32,
    }
    let all = [
        Native::FINGERPRINT,
        Java::FINGERPRINT,
        JavaFloat::FINGERPRINT,
        Ordered::FINGERPRINT,
        OrderedFloat::FINGERPRINT,
    ];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

/// `#[ordered]` strings, bytes and nulls, by the documented canonical bytes,
/// and each kind with a fingerprint of its own.
#[test]
fn ordered_strings_bytes_and_nulls_hash_as_documented() {
    #[derive(RowKey)]
    #[rowkey(hbase_struct)]
    struct Struct {
        #[ordered]
        name: String,
        #[ordered]
        tag: Option<String>,
    }
    let mut bytes = b"RK\x01\x01".to_vec(); // variable length
    bytes.extend(num(2)); // the shortest key: an empty name
    bytes.push(0);
    bytes.extend(num(2));
    bytes.extend(num(0));
    bytes.extend(num(2));
    bytes.extend([0x10, 0x34, 1]); // Text of a string
    bytes.extend([0, 0]);
    bytes.extend(num(2));
    bytes.extend(num(1));
    bytes.extend([0x11, 1, 0x10, 0x34, 1]); // an Option, left out when trailing
    bytes.extend([0, 0]); // no presence byte: not flagged optional
    assert_eq!(Struct::FINGERPRINT, fnv1a(&bytes));

    #[derive(RowKey)]
    struct Plain {
        #[ordered]
        name: String,
        #[ordered]
        tag: Option<String>,
    }
    #[derive(RowKey)]
    struct Blob {
        #[ordered]
        name: Vec<u8>,
        #[ordered]
        tag: Option<String>,
    }
    #[derive(RowKey)]
    struct Copy {
        #[ordered]
        name: String,
        #[ordered(copy)]
        tag: Option<Vec<u8>>,
    }
    #[derive(RowKey)]
    struct Escaped {
        #[escaped]
        name: String,
        #[ordered]
        tag: Option<String>,
    }
    let all = [
        Struct::FINGERPRINT,
        Plain::FINGERPRINT,
        Blob::FINGERPRINT,
        Copy::FINGERPRINT,
        Escaped::FINGERPRINT,
    ];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

/// A Phoenix `CHAR(n)` column hashes its type's code and its length, by the
/// documented canonical bytes: `0x12 type:u8 n:num`.
#[test]
fn a_phoenix_char_hashes_its_length() {
    /// `PRIMARY KEY (code CHAR(3))`
    #[derive(RowKey)]
    #[rowkey(phoenix)]
    struct Char3 {
        #[phoenix(char(3))]
        code: String,
    }
    let mut bytes = b"RK\x01\x00".to_vec(); // fixed length
    bytes.extend(num(3));
    bytes.push(0); // no salt
    bytes.extend(num(1));
    bytes.extend(num(0)); // offset
    bytes.extend(num(3)); // width
    bytes.extend([0x12, 8]); // Phoenix, CHAR (code 8: the types' order)
    bytes.extend(num(3)); // its length
    bytes.extend([0, 0]); // ascending, no flags
    assert_eq!(Char3::FINGERPRINT, fnv1a(&bytes));
}

/// Two numbers behind a bucket of the first.
#[derive(RowKey)]
struct Salted {
    #[salt(mod = 7)]
    a: u16,
    b: u16,
}

/// `Salted`'s layout with its salt said to hash `fields`: a schema edited
/// by hand.
const fn salted_on(fields: &'static [&'static str]) -> rowkey::Layout<'static> {
    rowkey::Layout {
        salt: match Salted::LAYOUT.salt {
            Some(s) => Some(rowkey::LayoutSalt { fields, ..s }),
            None => None,
        },
        ..Salted::LAYOUT
    }
}

/// A field the key does not have.
const GHOST: rowkey::Layout<'static> = salted_on(&["ghost"]);
/// `b`, a name as long as `a`.
const ON_B: rowkey::Layout<'static> = salted_on(&["b"]);

/// A salted field the key lacks has a fingerprint all the same (its
/// position hashed as `u32::MAX`), other than a real field's; which real
/// field the salt hashes is hashed by its position.
#[test]
fn a_salted_field_the_key_lacks_is_hashed_too() {
    assert_ne!(ON_B.fingerprint(), Salted::LAYOUT.fingerprint());
    assert_ne!(ON_B.fingerprint(), GHOST.fingerprint());
    assert_eq!(GHOST.salt.map(|s| s.fields), Some(&["ghost"][..]));
    assert_ne!(GHOST.fingerprint(), Salted::LAYOUT.fingerprint());
    assert_eq!(Salted::LAYOUT.fingerprint(), Salted::FINGERPRINT);
}
