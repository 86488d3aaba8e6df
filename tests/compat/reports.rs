//! One key change of each kind, compiled and checked: its verdict, its
//! rule, a witness for every breaking change, and the whole report pinned
//! in `tests/compat/reports/<name>.txt`. After a deliberate change to the
//! reports, rewrite them with `ROWKEY_BLESS=1 cargo test --test compat
//! reports` and read the diff.

use std::path::PathBuf;

use rowkey::compat::{self, Level, Report, Rule};
use rowkey::{KeyTypes, Member, RowKey};

/// Checks `report` against `tests/compat/reports/<name>.txt`, its verdict,
/// and that `rule` is among its changes with a witness when it breaks.
fn pinned(name: &str, report: Report, verdict: Level, rule: Option<Rule>) {
    let text = report.to_string();
    assert_eq!(report.verdict, verdict, "{name}:\n{text}");
    if let Some(rule) = rule {
        let change = report
            .changes
            .iter()
            .find(|c| c.rule == rule)
            .unwrap_or_else(|| panic!("{name}: no {}\n{text}", rule.name()));
        if change.level < Level::ReadsOld {
            assert!(
                report.witnesses.iter().any(|w| w.rule == rule),
                "{name}: no witness\n{text}"
            );
        }
    }
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "compat",
        "reports",
        &format!("{name}.txt"),
    ]
    .iter()
    .collect();
    if std::env::var_os("ROWKEY_BLESS").is_some() {
        std::fs::write(&path, &text).expect("write the report");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == text,
        "the report of {name} differs from {}; if the change is intended, run \
         `ROWKEY_BLESS=1 cargo test --test compat reports` and review the diff.\n\
         expected:\n{expected}\nactual:\n{text}",
        path.display()
    );
}

/// The articles' file key, as first deployed.
#[derive(RowKey)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

mod width {
    use super::*;
    /// The user id grows a digit: every field after it moves.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(7)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn width() {
    let r = compat::check(&FileKey::LAYOUT, &width::FileKey::LAYOUT);
    pinned("width", r, Level::Breaking, Some(Rule::FieldWidth));
}

mod codec {
    use super::*;
    /// The user id as 4 binary bytes instead of 6 digits.
    #[derive(RowKey)]
    pub struct FileKey {
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn codec() {
    let r = compat::check(&FileKey::LAYOUT, &codec::FileKey::LAYOUT);
    pinned("codec", r, Level::Breaking, Some(Rule::FieldCodec));
}

mod order {
    use super::*;
    /// Newest first.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u32,
        #[pad(8)]
        #[reverse]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn order() {
    let r = compat::check(&FileKey::LAYOUT, &order::FileKey::LAYOUT);
    pinned("order", r, Level::Breaking, Some(Rule::FieldOrder));
}

/// Ids as ten digits, of a `u64`.
#[derive(RowKey)]
struct CounterKey {
    #[pad(10)]
    id: u64,
}

mod narrowed {
    use super::*;
    /// The id's type narrowed: ten digits hold more than a `u32`.
    #[derive(RowKey)]
    pub struct CounterKey {
        #[pad(10)]
        id: u32,
    }
}

#[test]
fn narrowed() {
    let r = compat::check(&CounterKey::LAYOUT, &narrowed::CounterKey::LAYOUT);
    pinned("narrowed", r, Level::Breaking, Some(Rule::FieldType));
}

mod inserted {
    use super::*;
    /// A category between the user and the date.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u32,
        category: u8,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn inserted() {
    let r = compat::check(&FileKey::LAYOUT, &inserted::FileKey::LAYOUT);
    pinned("inserted", r, Level::Breaking, Some(Rule::FieldInserted));
}

mod removed {
    use super::*;
    /// The date dropped from the middle.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn removed() {
    let r = compat::check(&FileKey::LAYOUT, &removed::FileKey::LAYOUT);
    pinned("removed", r, Level::Breaking, Some(Rule::FieldRemoved));
}

mod moved {
    use super::*;
    /// Dates first.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        user_id: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn moved() {
    let r = compat::check(&FileKey::LAYOUT, &moved::FileKey::LAYOUT);
    pinned("moved", r, Level::Breaking, Some(Rule::FieldMoved));
}

/// A record of a mixed table: a customer's order, tagged 2.
#[derive(RowKey)]
struct OrderKey {
    customer: u64,
    #[tag(2)]
    kind: (),
    order: u64,
}

mod tag {
    use super::*;
    /// The orders' tag renumbered.
    #[derive(RowKey)]
    pub struct OrderKey {
        customer: u64,
        #[tag(3)]
        kind: (),
        order: u64,
    }
}

#[test]
fn tag() {
    let r = compat::check(&OrderKey::LAYOUT, &tag::OrderKey::LAYOUT);
    pinned("tag", r, Level::Breaking, Some(Rule::FieldTag));
}

/// Log events salted over 8 buckets by their time.
#[derive(RowKey)]
struct Log {
    #[salt(mod = 8)]
    ts: u64,
    host: u32,
}

mod salt_buckets {
    use super::*;
    /// Twice the buckets.
    #[derive(RowKey)]
    pub struct Log {
        #[salt(mod = 16)]
        ts: u64,
        host: u32,
    }
}

#[test]
fn salt_buckets() {
    let r = compat::check(&Log::LAYOUT, &salt_buckets::Log::LAYOUT);
    pinned("salt_buckets", r, Level::Breaking, Some(Rule::SaltBuckets));
}

mod salt_hash {
    use super::*;
    /// The bucket as the time modulo 8, OpenTSDB's way.
    #[derive(RowKey)]
    pub struct Log {
        #[salt(mod = 8, hash = modulo)]
        ts: u64,
        host: u32,
    }
}

#[test]
fn salt_hash() {
    let r = compat::check(&Log::LAYOUT, &salt_hash::Log::LAYOUT);
    pinned("salt_hash", r, Level::Breaking, Some(Rule::SaltHash));
}

mod salt_fields {
    use super::*;
    /// Salted by time and host.
    #[derive(RowKey)]
    pub struct Log {
        #[salt(mod = 8)]
        ts: u64,
        #[salt]
        host: u32,
    }
}

#[test]
fn salt_fields() {
    let r = compat::check(&Log::LAYOUT, &salt_fields::Log::LAYOUT);
    pinned("salt_fields", r, Level::Breaking, Some(Rule::SaltFields));
}

mod salt_added {
    use super::*;
    /// The file key spread over 10 buckets by its user.
    #[derive(RowKey)]
    pub struct FileKey {
        #[salt(mod = 10)]
        #[pad(6)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn salt_added() {
    let r = compat::check(&FileKey::LAYOUT, &salt_added::FileKey::LAYOUT);
    pinned("salt_added", r, Level::Breaking, Some(Rule::SaltAdded));
}

#[derive(RowKey)]
struct UserKey {
    id: u64,
}

#[derive(RowKey)]
struct GroupKey {
    id: u64,
}

/// Users and groups of one table, told apart by a tag before their keys.
#[derive(RowKey)]
enum Row {
    #[tag(b"u")]
    User(UserKey),
    #[tag(b"g")]
    Group(GroupKey),
}

#[test]
fn member_tag() {
    /// The groups' tag given to the users, the groups' tag a new one.
    #[derive(RowKey)]
    enum Row2 {
        #[tag(b"g")]
        User(UserKey),
        #[tag(b"h")]
        Group(GroupKey),
    }
    let r = compat::check_key_types(&Row::KEY_TYPES, &Row2::KEY_TYPES);
    pinned("member_tag", r, Level::Breaking, Some(Rule::MemberTag));
}

#[test]
fn member_overlap() {
    #[derive(RowKey)]
    struct AdminKey {
        id: u64,
    }
    // A schema edited by hand (the derive refuses two key types it cannot
    // tell apart): a new key type with the users' tag, tried first.
    const ADMIN: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[
            Member {
                name: "Admin",
                tag: b"u",
                layout: &AdminKey::LAYOUT,
            },
            Member {
                name: "User",
                tag: b"u",
                layout: &UserKey::LAYOUT,
            },
            Member {
                name: "Group",
                tag: b"g",
                layout: &GroupKey::LAYOUT,
            },
        ],
    };
    let r = compat::check_key_types(&Row::KEY_TYPES, &ADMIN);
    pinned(
        "member_overlap",
        r,
        Level::Breaking,
        Some(Rule::MemberOverlap),
    );
}

/// The rules a report names for key types that may decode the same bytes.
fn overlaps(report: &Report) -> Vec<Option<String>> {
    report
        .changes
        .iter()
        .filter(|c| c.rule == Rule::MemberOverlap)
        .map(|c| c.field.clone())
        .collect()
}

/// Two key types that were told apart by their tags and no longer are: the
/// later one's keys read as the earlier. Two that already overlapped raise
/// nothing new.
#[test]
fn member_overlap_of_two_old_key_types() {
    const ONE_TAG: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[
            Member {
                name: "User",
                tag: b"u",
                layout: &UserKey::LAYOUT,
            },
            Member {
                name: "Group",
                tag: b"u",
                layout: &GroupKey::LAYOUT,
            },
        ],
    };
    let r = compat::check_key_types(&Row::KEY_TYPES, &ONE_TAG);
    assert_eq!(overlaps(&r), [Some("Group".to_string())], "{r}");
    assert_eq!(r.verdict, Level::Breaking, "{r}");
    let r = compat::check_key_types(&ONE_TAG, &ONE_TAG);
    assert_eq!(overlaps(&r), [], "{r}");
}

mod since {
    use super::*;
    /// A region, added in version 2: old keys read it as `None`.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
        #[rowkey(since = 2)]
        region: Option<u16>,
    }
}

#[test]
fn since() {
    let r = compat::check(&FileKey::LAYOUT, &since::FileKey::LAYOUT);
    pinned("since", r, Level::ReadsOld, Some(Rule::FieldAppended));
}

mod appended {
    use super::*;
    /// A version byte appended to every key: old keys lack it.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u32,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
        version: u8,
    }
}

#[test]
fn appended() {
    let r = compat::check(&FileKey::LAYOUT, &appended::FileKey::LAYOUT);
    pinned("appended", r, Level::OrderKept, Some(Rule::FieldAppended));
}

mod renamed {
    use super::*;
    /// Names are not in the bytes.
    #[derive(RowKey)]
    pub struct FileKeyV2 {
        #[pad(6)]
        owner: u32,
        #[pad(8)]
        created: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn renamed() {
    let r = compat::check(&FileKey::LAYOUT, &renamed::FileKeyV2::LAYOUT);
    pinned("renamed", r, Level::Renamed, Some(Rule::FieldRenamed));
}

mod retyped {
    use super::*;
    /// The user id as a `u64`: six digits hold the same values either way.
    #[derive(RowKey)]
    pub struct FileKey {
        #[pad(6)]
        user_id: u64,
        #[pad(8)]
        create_date: u32,
        #[pad(6)]
        file_id: u64,
    }
}

#[test]
fn retyped() {
    let r = compat::check(&FileKey::LAYOUT, &retyped::FileKey::LAYOUT);
    pinned("retyped", r, Level::Renamed, Some(Rule::FieldType));
}

/// A tenant, the first field of the documents' key.
#[derive(RowKey)]
struct Tenant {
    #[pad(4)]
    region: u16,
    id: u32,
}

/// Documents by tenant: a nested key, then the document's number.
#[derive(RowKey)]
struct DocKey {
    tenant: Tenant,
    #[pad(6)]
    doc: u32,
}

mod nested {
    use super::*;
    /// The region grows a digit inside the nested key.
    #[derive(RowKey)]
    pub struct Tenant {
        #[pad(5)]
        region: u16,
        id: u32,
    }

    #[derive(RowKey)]
    pub struct DocKey {
        tenant: Tenant,
        #[pad(6)]
        doc: u32,
    }
}

/// A change inside a nested key is reported under the field's path
/// (`tenant.region`), with keys made of each nested field's values.
#[test]
fn nested() {
    let r = compat::check(&DocKey::LAYOUT, &nested::DocKey::LAYOUT);
    pinned("nested", r, Level::Breaking, Some(Rule::FieldWidth));
}

/// Hosts, escaped so that any string sorts in its place.
#[derive(RowKey)]
struct HostKey {
    #[escaped]
    host: String,
    ts: u64,
}

mod borrowed {
    use super::*;
    /// The host borrowed from the key: one holding a 0x00 is escaped in the
    /// key, and a `&str` cannot borrow it.
    #[derive(RowKey)]
    pub struct HostKey<'a> {
        #[escaped]
        host: &'a str,
        ts: u64,
    }
}

#[test]
fn borrowed() {
    let r = compat::check(&HostKey::LAYOUT, &borrowed::HostKey::LAYOUT);
    pinned("borrowed", r, Level::OrderKept, Some(Rule::FieldType));
}

#[test]
fn identical() {
    let r = compat::check(&FileKey::LAYOUT, &FileKey::LAYOUT);
    pinned("identical", r, Level::Identical, None);
}

mod hashed {
    use super::*;
    /// Documents by the digest of their tenant.
    #[derive(RowKey)]
    pub struct Doc {
        pub tenant: rowkey::Md5,
        pub id: u32,
    }

    /// The same, with a region appended since version 2.
    #[derive(RowKey)]
    pub struct DocV2 {
        pub tenant: rowkey::Md5,
        pub id: u32,
        #[rowkey(since = 2)]
        pub region: Option<u16>,
    }
}

/// A hashed field gets digests in the keys the check writes: a key with one
/// is checked like any other, not left out.
#[test]
fn md5_fields_are_in_the_checked_keys() {
    let r = compat::check(&hashed::Doc::LAYOUT, &hashed::DocV2::LAYOUT);
    assert_eq!(r.verdict, Level::ReadsOld, "{r}");
    assert!(r.checked.old_keys >= 4, "{r}");
}

mod digest_bytes {
    use super::*;
    /// The tenant's digest in a key type of its own, its 16 bytes in a
    /// field named as `Md5`'s.
    #[derive(RowKey)]
    pub struct Digest {
        pub md5: [u8; 16],
    }

    /// Half the digest.
    #[derive(RowKey)]
    pub struct ShortDigest {
        pub md5: [u8; 8],
    }

    #[derive(RowKey)]
    pub struct Doc {
        pub tenant: Digest,
        pub id: u32,
    }

    #[derive(RowKey)]
    pub struct DocShort {
        pub tenant: ShortDigest,
        pub id: u32,
    }
}

/// `Md5` replaced by a key type of the user's that holds the digest: its
/// 16 bytes read every old key; 8 bytes are another codec, and the keys
/// break.
#[test]
fn md5_as_bytes() {
    let r = compat::check(&hashed::Doc::LAYOUT, &digest_bytes::Doc::LAYOUT);
    assert_eq!(r.verdict, Level::Renamed, "{r}");
    let r = compat::check(&hashed::Doc::LAYOUT, &digest_bytes::DocShort::LAYOUT);
    assert_eq!(r.verdict, Level::Breaking, "{r}");
    let digest = r
        .changes
        .iter()
        .find(|c| c.field.as_deref() == Some("tenant.md5"))
        .unwrap_or_else(|| panic!("no change of `tenant.md5`\n{r}"));
    assert_eq!(
        (digest.rule, digest.level),
        (Rule::FieldCodec, Level::Breaking),
        "{r}"
    );
}
