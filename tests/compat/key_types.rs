//! Enums of key types through realistic changes (a key type added, with a
//! tag of its own or one that overlaps; removed; its tag changed; its key
//! changed), checked as `properties` checks keys: what the new enum's
//! `decode` reads in random old keys agrees with the verdict, and every
//! change below "reads old keys" has a witness.

use proptest::prelude::*;
use rowkey::compat::{self, Level, Rule};
use rowkey::dynamic::{self, FieldValue};
use rowkey::schema::{self, Arena};
use rowkey::KeyTypes;

use super::cases::cases;
use super::model::{self, Key, Rng};
use super::oracle;

/// An enum's members: variant name, tag, key.
type Members = Vec<(String, Vec<u8>, Key)>;

fn json(name: &str, members: &Members) -> String {
    let m: Vec<String> = members
        .iter()
        .map(|(n, tag, key)| {
            format!(
                "{{\"member\": \"{n}\", \"prefix\": {tag:?}, \"tag\": null, \"key\": {}}}",
                key.json()
            )
        })
        .collect();
    format!(
        "{{\"format\": 1, \"name\": \"{name}\", \"members\": [{}]}}",
        m.join(", ")
    )
}

fn members(rng: &mut Rng) -> Members {
    (0..2 + rng.below(2))
        .map(|i| {
            let mut key = model::key(rng);
            key.name = format!("Key{i}");
            (format!("M{i}"), vec![b'a' + i as u8], key)
        })
        .collect()
}

/// Old field names to new ones, in a member whose key changed.
type Renamed = Vec<(String, String)>;

/// One change to an enum: members keep their names; a changed key's fields
/// map as its change says.
fn change(old: &Members, rng: &mut Rng) -> (Members, String, Option<(String, Renamed)>) {
    let mut new = old.clone();
    let mut renamed = None;
    let i = rng.below(new.len());
    let what = match rng.below(5) {
        0 => {
            // A new key type with its own tag, anywhere in decode order.
            let mut key = model::key(rng);
            key.name = "Extra".into();
            new.insert(
                rng.below(new.len() + 1),
                ("Extra".into(), b"x".to_vec(), key),
            );
            "add a key type".to_string()
        }
        1 => {
            // A new key type with another's tag and key, tried first.
            let (_, tag, key) = new[i].clone();
            new.insert(
                0,
                (
                    "Twin".into(),
                    tag,
                    Key {
                        name: "Twin".into(),
                        ..key
                    },
                ),
            );
            "add an overlapping key type".to_string()
        }
        2 if new.len() > 1 => {
            new.remove(i);
            "remove a key type".to_string()
        }
        3 => {
            new[i].1 = vec![b'a' + (new[i].1[0] - b'a' + 1) % 4];
            "change a tag".to_string()
        }
        _ => {
            let changed = model::change(new[i].2.clone(), rng);
            new[i].2 = Key {
                name: new[i].2.name.clone(),
                ..changed.new
            };
            renamed = Some((new[i].0.clone(), changed.shared));
            format!("change a key: {}", changed.what)
        }
    };
    (new, what, renamed)
}

/// What the enum's `decode` reads: the first member whose tag and key decode.
fn read<'a>(types: &KeyTypes<'a>, key: &[u8]) -> Option<(&'a str, Vec<FieldValue<'a>>)> {
    types.members.iter().find_map(|m| {
        let rest = key.strip_prefix(m.tag)?;
        dynamic::decode(m.layout, rest).ok().map(|v| (m.name, v))
    })
}

fn case(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let old_members = members(&mut rng);
    let (new_members, what, renamed) = change(&old_members, &mut rng);
    let arena = Arena::new();
    let (oj, nj) = (json("Row", &old_members), json("Row", &new_members));
    let load = |j: &str| match schema::read(j, &arena) {
        Ok(schema::Schema::KeyTypes(t)) => Ok(t),
        other => Err(format!("{other:?}")),
    };
    let (old, new) = (load(&oj)?, load(&nj)?);
    let report = compat::check_key_types(old, new);
    let fail =
        |why: String| format!("seed {seed:#x}: {what}: {why}\n{report}\nold: {oj}\nnew: {nj}");
    if report.changes.iter().any(|c| c.rule == Rule::Observed) {
        return Err(fail("the rules missed what keys show".into()));
    }
    for (name, tag, key) in &old_members {
        let m = old.members.iter().find(|m| m.name == name).unwrap();
        for _ in 0..20 {
            let texts: Vec<(String, String)> = key
                .fields
                .iter()
                .filter_map(|f| Some((f.name.clone(), model::value(f, &mut rng)?)))
                .collect();
            let pairs: Vec<(&str, &str)> = texts
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect();
            let Ok(bytes) = dynamic::encode(m.layout, &pairs) else {
                continue;
            };
            let full = [tag.as_slice(), &bytes].concat();
            // Keys the old enum itself reads as this member.
            let Some((was, values)) = read(old, &full) else {
                continue;
            };
            if was != name {
                continue;
            }
            let now = read(new, &full);
            let same_member = now.as_ref().is_some_and(|(n, _)| n == name);
            let new_name = |field: &str| match &renamed {
                Some((member, map)) if member == name => {
                    map.iter().find(|(o, _)| o == field).map(|(_, n)| n.clone())
                }
                _ => Some(field.to_string()),
            };
            let same_values = now.as_ref().is_some_and(|(_, v)| {
                values.iter().all(|o| {
                    let Some(n) = new_name(o.name) else {
                        return false;
                    };
                    v.iter()
                        .any(|x| x.name == n && oracle::same(&x.value, &o.value))
                })
            });
            if report.verdict >= Level::ReadsOld && !(same_member && same_values) {
                return Err(fail(format!("{} reads as {now:?}", model::hex(&full))));
            }
            // Order kept: an old key reads as its own key type or not at all.
            if report.verdict >= Level::OrderKept && now.as_ref().is_some_and(|(n, _)| n != name) {
                return Err(fail(format!("{} reads as {now:?}", model::hex(&full))));
            }
        }
    }
    for change in report.changes.iter().filter(|c| c.level < Level::ReadsOld) {
        if !report
            .witnesses
            .iter()
            .any(|w| w.rule == change.rule && w.field == change.field)
        {
            return Err(fail(format!("no witness of `{}`", change.message)));
        }
    }
    Ok(())
}

/// A mirrored last field narrowed below an old value (found at 100,000 cases).
#[test]
fn a_member_field_narrowed_below_old_values() {
    case(0x52b4edbaf499f3ef).unwrap();
}

/// NaNs of a float field compared as the key sorts them (found at 100,000 cases).
#[test]
fn nans_sort_as_their_keys() {
    case(0xbc070988ce47805d).unwrap();
}

/// A key type's longest key shortened by a byte: old keys of the old
/// longest width, the witness (found at 100,000 cases).
#[test]
fn a_member_max_width_lowered() {
    case(0x3750548b937d9088).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(128),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_verdict_on_key_types_agrees_with_their_decode(seed in any::<u64>()) {
        case(seed).map_err(TestCaseError::fail)?;
    }
}

mod narrowed {
    use rowkey::RowKey;

    #[derive(RowKey)]
    pub struct PairKey {
        #[pad(10)]
        pub first: u64,
        #[pad(10)]
        pub second: u64,
    }

    #[derive(RowKey)]
    pub enum Row {
        #[tag(b"p")]
        Pair(PairKey),
    }

    pub mod v2 {
        use rowkey::RowKey;

        /// Both fields narrowed: old keys may hold larger values in either.
        #[derive(RowKey)]
        pub struct PairKey {
            #[pad(10)]
            pub first: u32,
            #[pad(10)]
            pub second: u32,
        }

        #[derive(RowKey)]
        pub enum Row {
            #[tag(b"p")]
            Pair(PairKey),
        }
    }
}

/// The witness of a change to a key type's field is a key varied in that
/// field, not in another field the key type also changed.
#[test]
fn each_field_of_a_key_type_has_its_own_witness() {
    let r = compat::check_key_types(&narrowed::Row::KEY_TYPES, &narrowed::v2::Row::KEY_TYPES);
    assert_eq!(r.verdict, Level::Breaking, "{r}");
    for field in ["first", "second"] {
        let path = format!("Pair.{field}");
        let w = r
            .witnesses
            .iter()
            .find(|w| w.rule == Rule::FieldType && w.field.as_deref() == Some(path.as_str()))
            .unwrap_or_else(|| panic!("no witness of {path}\n{r}"));
        match &w.shows {
            compat::Shows::NoValue { field: f, .. } => assert_eq!(f, field, "{r}"),
            other => panic!("{path}: {other:?}\n{r}"),
        }
    }
}

mod renamed {
    use rowkey::RowKey;

    #[derive(RowKey)]
    pub struct UserKey {
        pub id: u64,
    }

    #[derive(RowKey)]
    pub struct GroupKey {
        pub id: u32,
    }

    /// The groups' key under another name: the same bytes.
    #[derive(RowKey)]
    pub struct TeamKey {
        pub id: u32,
    }

    #[derive(RowKey)]
    pub enum Row {
        #[tag(b"u")]
        User(UserKey),
        #[tag(b"g")]
        Group(GroupKey),
    }

    /// Every name changed: the enum's, the variants', a key's.
    #[derive(RowKey)]
    pub enum Table {
        #[tag(b"g")]
        Team(TeamKey),
        #[tag(b"u")]
        Person(UserKey),
    }

    /// The groups gone.
    #[derive(RowKey)]
    pub enum Users {
        #[tag(b"u")]
        User(UserKey),
    }
}

/// The change of `rule` about `field` in `r`: its level and message.
fn member_change(r: &compat::Report, rule: Rule, field: Option<&str>) -> (Level, String) {
    let c = r
        .changes
        .iter()
        .find(|c| c.rule == rule && c.field.as_deref() == field)
        .unwrap_or_else(|| panic!("no {} of {field:?}\n{r}", rule.name()));
    (c.level, c.message.clone())
}

/// Key types are paired by variant name, then by key type, then by bytes:
/// renaming all of them changes no key.
#[test]
fn key_types_renamed_are_paired_by_key_then_by_bytes() {
    let r = compat::check_key_types(&renamed::Row::KEY_TYPES, &renamed::Table::KEY_TYPES);
    assert_eq!(r.verdict, Level::Renamed, "{r}");
    let renamed = |rule, field| member_change(&r, rule, field);
    assert_eq!(
        renamed(Rule::KeyRenamed, None),
        (
            Level::Renamed,
            "key types `Row` → `Table`: names are not in the bytes".to_string()
        )
    );
    assert_eq!(
        renamed(Rule::MemberRenamed, Some("Person")),
        (
            Level::Renamed,
            "key type `Person`: renamed from `User`: names are not in the bytes".to_string()
        )
    );
    assert_eq!(
        renamed(Rule::MemberRenamed, Some("Team")),
        (
            Level::Renamed,
            "key type `Team`: renamed from `Group`: names are not in the bytes".to_string()
        )
    );
    assert_eq!(
        renamed(Rule::KeyRenamed, Some("Team")),
        (
            Level::Renamed,
            "`Team`: key `GroupKey` → `TeamKey`: names are not in the bytes".to_string()
        )
    );
    let rules: Vec<Rule> = r.changes.iter().map(|c| c.rule).collect();
    assert_eq!(rules.len(), 4, "{r}");
    assert!(!r.migration.needed, "{r}");
}

#[test]
fn a_key_type_removed() {
    let r = compat::check_key_types(&renamed::Row::KEY_TYPES, &renamed::Users::KEY_TYPES);
    assert_eq!(
        member_change(&r, Rule::MemberRemoved, Some("Group")),
        (
            Level::OrderKept,
            "key type `Group`: removed: its keys no longer decode".to_string()
        )
    );
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
    let note = "key type `Group` is gone: its keys need a decision of their own (delete them, or map them to another key type)";
    assert_eq!(r.migration.notes, [note], "{r}");
    assert!(r.migration.needed && r.migration.from_keys_alone, "{r}");
    let w = r
        .witnesses
        .iter()
        .find(|w| w.rule == Rule::MemberRemoved)
        .expect("a witness");
    assert_eq!(w.shows, compat::Shows::NoLongerDecodes, "{r}");
    assert_eq!(w.key[0], b'g', "{r}");
    // Why not: the enum's own `decode` error, as the table's reader sees it.
    let error = renamed::Users::decode(&w.key).err().expect("an error");
    assert_eq!(w.new, Err(error.to_string()), "{r}");
    // Back: the groups come as a key type of their own tag.
    let r = compat::check_key_types(&renamed::Users::KEY_TYPES, &renamed::Row::KEY_TYPES);
    assert_eq!(
        member_change(&r, Rule::MemberAdded, Some("Group")),
        (
            Level::ReadsOld,
            "key type `Group`: added: no old key is one of its keys".to_string()
        )
    );
    assert_eq!(r.verdict, Level::ReadsOld, "{r}");
}

mod grown {
    use rowkey::RowKey;

    #[derive(RowKey)]
    pub struct UserKey {
        pub id: u64,
        pub region: u16,
    }

    /// The users' key grows a field old keys lack.
    #[derive(RowKey)]
    pub enum Row {
        #[tag(b"u")]
        User(UserKey),
        #[tag(b"g")]
        Group(super::renamed::GroupKey),
    }
}

/// What a migration needs, named by key type and field.
#[test]
fn a_key_types_migration_names_the_key_type() {
    let r = compat::check_key_types(&renamed::Row::KEY_TYPES, &grown::Row::KEY_TYPES);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
    // The enum keeps its name.
    assert!(r.changes.iter().all(|c| c.rule != Rule::KeyRenamed), "{r}");
    let (level, message) = member_change(&r, Rule::FieldAppended, Some("User.region"));
    assert_eq!(level, Level::OrderKept);
    assert!(message.starts_with("field `User.region`: appended"), "{r}");
    let note = "`User.region` is not in the old keys: the mapping must give it a value (a constant, or one read from the row)";
    assert_eq!(r.migration.notes, [note], "{r}");
    assert!(r.migration.needed && !r.migration.from_keys_alone, "{r}");
    // Back: the field is dropped.
    let r = compat::check_key_types(&grown::Row::KEY_TYPES, &renamed::Row::KEY_TYPES);
    let note = "`User.region` is dropped: old keys that differ only there become one new key, and the later write overwrites the earlier";
    assert_eq!(r.migration.notes, [note], "{r}");
    assert!(r.migration.needed && r.migration.from_keys_alone, "{r}");
}

mod shared_tag {
    use rowkey::RowKey;

    /// A name to the end of the key.
    #[derive(RowKey)]
    pub struct UserKey {
        pub name: String,
    }

    /// An escaped name, then a byte: its keys end in a terminator `00 01`
    /// and a byte, which no user key generated here holds.
    #[derive(RowKey)]
    pub struct AdminKey {
        #[escaped]
        pub name: String,
        pub level: u8,
    }

    #[derive(RowKey)]
    pub enum Row {
        #[tag(b"u")]
        User(UserKey),
    }
}

/// `shared_tag`'s two key types with these tags, `Admin` tried first.
fn shared_tag_members(admin: &'static [u8], user: &'static [u8]) -> [rowkey::Member<'static>; 2] {
    use rowkey::{Member, RowKey};
    [
        Member {
            name: "Admin",
            tag: admin,
            layout: &shared_tag::AdminKey::LAYOUT,
        },
        Member {
            name: "User",
            tag: user,
            layout: &shared_tag::UserKey::LAYOUT,
        },
    ]
}

/// The enum `Row` of `members`.
fn row_of<'a>(members: &'a [rowkey::Member<'static>]) -> KeyTypes<'a> {
    KeyTypes {
        name: "Row",
        members,
    }
}

/// A key type that may decode another's bytes (the same tag, layouts the
/// derive could not tell apart), tried first: where no generated key reads
/// as both, old keys read as before.
#[test]
fn an_overlap_no_key_shows_leaves_reads_old() {
    let r = compat::check_key_types(
        &shared_tag::Row::KEY_TYPES,
        &row_of(&shared_tag_members(b"u", b"u")),
    );
    let (level, message) = member_change(&r, Rule::MemberOverlap, Some("User"));
    assert_eq!(level, Level::ReadsOld, "{r}");
    assert!(
        message.ends_with("; no generated key reads as both, so old keys read as before"),
        "{r}"
    );
    assert_eq!(r.verdict, Level::ReadsOld, "{r}");
    assert!(r.witnesses.is_empty(), "{r}");
}

/// An overlap is seen only in a witness of its own: a witness of another
/// change to the same key type (`User`'s tag, `u` → `w`) does not show it.
#[test]
fn an_overlap_is_shown_only_by_its_own_witness() {
    let r = compat::check_key_types(
        &shared_tag::Row::KEY_TYPES,
        &row_of(&shared_tag_members(b"w", b"w")),
    );
    assert!(
        r.witnesses
            .iter()
            .any(|w| w.rule == Rule::MemberTag && w.field.as_deref() == Some("User")),
        "{r}"
    );
    let (level, message) = member_change(&r, Rule::MemberOverlap, Some("User"));
    assert_eq!(level, Level::ReadsOld, "{r}");
    assert!(
        message.ends_with("; no generated key reads as both, so old keys read as before"),
        "{r}"
    );
}

/// Tags where one begins the other (`us` and `u`) do not keep two key
/// types' bytes apart: the second may decode the first's keys.
#[test]
fn a_tag_that_begins_another_may_overlap() {
    let r = compat::check_key_types(
        &shared_tag::Row::KEY_TYPES,
        &row_of(&shared_tag_members(b"us", b"u")),
    );
    let (_, message) = member_change(&r, Rule::MemberOverlap, Some("User"));
    assert!(
        message.contains("may decode the same bytes as `Admin`"),
        "{r}"
    );
}

mod replaced {
    use rowkey::RowKey;

    /// Any bytes are a name.
    #[derive(RowKey)]
    pub struct NoteKey {
        pub text: String,
    }

    /// The groups gone, their tag given to notes.
    #[derive(RowKey)]
    pub enum Row {
        #[tag(b"u")]
        User(super::renamed::UserKey),
        #[tag(b"g")]
        Note(NoteKey),
    }
}

/// A removed key type's keys read as the new key type given its tag: no
/// rule names that, the keys show it.
#[test]
fn a_removed_key_types_keys_read_as_its_successor() {
    let r = compat::check_key_types(&renamed::Row::KEY_TYPES, &replaced::Row::KEY_TYPES);
    assert_eq!(r.verdict, Level::Breaking, "{r}");
    let (level, message) = member_change(&r, Rule::Observed, None);
    assert_eq!(level, Level::Breaking, "{r}");
    assert_eq!(
        message,
        "a generated key shows what the rules above did not: a key reads differently: key type Note",
        "{r}"
    );
    let w = r
        .witnesses
        .iter()
        .find(|w| w.rule == Rule::Observed)
        .expect("a witness");
    assert_eq!(w.key[0], b'g', "{r}");
    assert_eq!(
        w.new.as_ref().map(|n| n.key_type.as_str()),
        Ok("Note"),
        "{r}"
    );
}

mod one_member {
    use rowkey::RowKey;

    #[derive(RowKey)]
    pub struct UserKey {
        pub id: u64,
    }

    #[derive(RowKey)]
    pub struct UserKeyV2 {
        pub id: u64,
        pub since: u32,
    }

    #[derive(RowKey)]
    pub enum Row {
        #[tag(b"u")]
        User(UserKey),
    }

    #[derive(RowKey)]
    pub enum RowV2 {
        #[tag(b"u")]
        User(UserKeyV2),
    }
}

/// An enum of one key type is still an enum: where a witness says the new
/// layout does not decode a key, the reason is the new enum's `decode`
/// error (the tag read first), not its one key's.
#[test]
fn a_one_member_enums_witness_gives_the_enums_decode_error() {
    let r = compat::check_key_types(&one_member::Row::KEY_TYPES, &one_member::RowV2::KEY_TYPES);
    let mut seen = 0;
    for w in &r.witnesses {
        if let Err(e) = &w.new {
            let Err(want) = one_member::RowV2::decode(&w.key) else {
                panic!(
                    "{:x?} decodes, yet the witness says it does not\n{r}",
                    w.key
                );
            };
            assert_eq!(*e, want.to_string(), "{r}");
            seen += 1;
        }
    }
    assert!(
        seen > 0,
        "no witness of a key the new enum does not decode\n{r}"
    );
}

// Keys the tests know by their layouts only.
#[allow(dead_code)]
mod lengths {
    use rowkey::RowKey;

    /// Two bytes.
    #[derive(RowKey)]
    pub struct Short {
        pub id: u16,
    }

    /// Four bytes and a name: five at the least.
    #[derive(RowKey)]
    pub struct Long {
        pub id: u32,
        #[escaped]
        pub name: String,
    }

    /// A name alone, which may be two bytes.
    #[derive(RowKey)]
    pub struct Name {
        pub name: String,
    }

    /// Two bytes and a name: two at the least, as long as `Short`.
    #[derive(RowKey)]
    pub struct Tail {
        pub id: u16,
        pub name: String,
    }

    /// Two bytes and a tag of their own: `1`.
    #[derive(RowKey)]
    pub struct One {
        pub id: u16,
        #[tag(1)]
        pub kind: (),
    }

    /// As `One`, tagged `2`: no bytes read as both.
    #[derive(RowKey)]
    pub struct Two {
        pub id: u16,
        #[tag(2)]
        pub kind: (),
    }
}

/// Untagged key types of a fixed length and of a variable one longer than
/// it at the least never decode the same bytes; a variable one that can be
/// as short may.
#[test]
fn untagged_key_types_are_kept_apart_by_their_lengths() {
    use rowkey::{Layout, Member, RowKey};
    const fn member(name: &'static str, layout: &'static Layout<'static>) -> Member<'static> {
        Member {
            name,
            tag: b"",
            layout,
        }
    }
    const OLD: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[member("Short", &lengths::Short::LAYOUT)],
    };
    const APART: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[
            member("Short", &lengths::Short::LAYOUT),
            member("Long", &lengths::Long::LAYOUT),
        ],
    };
    const MAY_MEET: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[
            member("Short", &lengths::Short::LAYOUT),
            member("Name", &lengths::Name::LAYOUT),
        ],
    };
    let r = compat::check_key_types(&OLD, &APART);
    assert!(
        r.changes.iter().all(|c| c.rule != Rule::MemberOverlap),
        "{r}"
    );
    let r = compat::check_key_types(&OLD, &MAY_MEET);
    let (_, message) = member_change(&r, Rule::MemberOverlap, Some("Name"));
    assert!(message.contains("as `Short`"), "{r}");
    // At least as long is not longer: a `Tail` with no name is two bytes.
    const AS_SHORT: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[
            member("Short", &lengths::Short::LAYOUT),
            member("Tail", &lengths::Tail::LAYOUT),
        ],
    };
    let r = compat::check_key_types(&OLD, &AS_SHORT);
    let (_, message) = member_change(&r, Rule::MemberOverlap, Some("Tail"));
    assert!(message.contains("as `Short`"), "{r}");
}

/// Key types of the same variant tag and length, told apart by tags inside
/// their layouts, never decode the same bytes.
#[test]
fn key_types_of_one_tag_are_kept_apart_by_their_own_tags() {
    use rowkey::{Member, RowKey};
    const OLD: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[Member {
            name: "One",
            tag: b"r",
            layout: &lengths::One::LAYOUT,
        }],
    };
    const NEW: KeyTypes<'static> = KeyTypes {
        name: "Row",
        members: &[
            Member {
                name: "One",
                tag: b"r",
                layout: &lengths::One::LAYOUT,
            },
            Member {
                name: "Two",
                tag: b"r",
                layout: &lengths::Two::LAYOUT,
            },
        ],
    };
    let r = compat::check_key_types(&OLD, &NEW);
    assert!(
        r.changes.iter().all(|c| c.rule != Rule::MemberOverlap),
        "{r}"
    );
    let (level, _) = member_change(&r, Rule::MemberAdded, Some("Two"));
    assert_eq!(level, Level::ReadsOld, "{r}");
}
