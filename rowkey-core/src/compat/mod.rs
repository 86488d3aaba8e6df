//! Whether a changed key still reads the keys a table holds: the verdict of
//! a stored layout against the current one, field by field, with a witness
//! key for every change that breaks something.
//!
//! Feature `compat`, which `schema` turns on (`schema::assert_compatible`
//! reports with it): `rowkey = { version = "0.1", features = ["compat"] }`.
//!
//! A row key is an on-disk format. [`check`] compares two layouts (`T::LAYOUT`,
//! or layouts read back with `rowkey::schema::read`) and says which of these
//! holds, strongest first ([`Level`]):
//!
//! | level | what holds | what it allows |
//! |---|---|---|
//! | identical | the same schema | nothing to do |
//! | renamed only | the same keys both ways; only names (of the key or its fields), Rust types that hold the same values, or `since` versions differ | deploy in any order |
//! | reads old keys | every key the old layout writes decodes under the new one to the same values (fields appended with `#[rowkey(since = N)]` read `None`), and the new layout writes that same key for them | deploy readers first |
//! | order kept | no old key reads as other values, every old value is one the new layout holds, and old keys sit where the new layout's scans for their values look, in one order with new keys; but some old keys no longer decode (a field appended or dropped at the end, a lower `max_width`, a borrowing type) | read old keys with the old layout meanwhile, or migrate |
//! | breaking | an old key reads as other values, holds a value the new layout cannot, or a scan of the new layout misses it, or old and new keys sort apart | migrate the table |
//!
//! The verdict is reasoned from the two layouts ([`Rule`]: a width, a codec,
//! an order, a tag, the salt, a field inserted, removed or moved, a key type
//! whose tag overlaps another), then confirmed with [`dynamic`](crate::dynamic)
//! on keys generated from the layouts: every change below "reads old keys"
//! comes with a [`Witness`], a concrete old key, what each layout reads in
//! it, and what goes wrong.
//!
//! ```
//! use rowkey::compat::{self, Level};
//! use rowkey::RowKey;
//!
//! #[derive(RowKey)]
//! struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
//!
//! // Version 2 appends a field old keys lack: they read it as `None`.
//! #[derive(RowKey)]
//! struct FileKeyV2 {
//!     #[pad(6)] user_id: u32,
//!     #[pad(8)] create_date: u32,
//!     #[rowkey(since = 2)] region: Option<u16>,
//! }
//! let report = compat::check(&FileKey::LAYOUT, &FileKeyV2::LAYOUT);
//! assert_eq!(report.verdict, Level::ReadsOld);
//!
//! // Version 3 widens the user id: every field after it moves.
//! #[derive(RowKey)]
//! struct FileKeyV3 { #[pad(8)] user_id: u32, #[pad(8)] create_date: u32 }
//! let report = compat::check(&FileKey::LAYOUT, &FileKeyV3::LAYOUT);
//! assert_eq!(report.verdict, Level::Breaking);
//! let witness = &report.witnesses[0];
//! assert_eq!(witness.key, b"00000100000001");
//! assert_eq!(witness.old.as_ref().unwrap().to_string(), "FileKey user_id=1 create_date=1");
//! println!("{report}");
//! ```

mod align;
mod fields;
mod keys;
mod layouts;
mod members;
mod observe;
mod report;
mod samples;
mod scans;
mod set;
mod values;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::{KeyTypes, Layout, Member};

/// How compatible a new layout is with an old one, weakest first, so that
/// `verdict >= Level::ReadsOld` reads as "at least reads old keys".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Some old key reads as other values under the new layout, holds a
    /// value the new layout cannot, or a scan of the new layout misses it,
    /// or old and new keys sort apart.
    Breaking,
    /// No old key reads as other values, and old keys sit where the new
    /// layout's scans for their values look, in one order with new keys;
    /// but some old keys no longer decode.
    OrderKept,
    /// Every old key decodes under the new layout to the same values, and
    /// the new layout writes the same bytes for them.
    ReadsOld,
    /// The same keys both ways: only names, Rust types holding the same
    /// values, or `since` versions changed.
    Renamed,
    /// The same schema.
    Identical,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Breaking,
        Level::OrderKept,
        Level::ReadsOld,
        Level::Renamed,
        Level::Identical,
    ];

    /// The level's name on the command line: `breaking`, `order`,
    /// `reads-old`, `renamed`, `identical`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Breaking => "breaking",
            Level::OrderKept => "order",
            Level::ReadsOld => "reads-old",
            Level::Renamed => "renamed",
            Level::Identical => "identical",
        }
    }

    /// The level of a [`Level::name`].
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// The level as a report says it: "reads old keys", "order kept".
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Breaking => "breaking",
            Level::OrderKept => "order kept",
            Level::ReadsOld => "reads old keys",
            Level::Renamed => "renamed only",
            Level::Identical => "identical",
        })
    }
}

/// What changed between two layouts: one rule each, as `buf breaking`
/// names its checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The key type's name changed.
    KeyRenamed,
    /// How fields follow one another: plain, HBase's `Struct`, Phoenix.
    KeyFormat,
    /// The longest key decode accepts.
    MaxWidth,
    /// A field's name changed, at the same place.
    FieldRenamed,
    /// A field's Rust type or value range changed, its bytes did not.
    FieldType,
    /// A field's width changed within its codec (`pad(6)` to `pad(8)`, `u32` to `u64`).
    FieldWidth,
    /// A field's codec changed.
    FieldCodec,
    /// A field's order changed (`#[reverse]`).
    FieldOrder,
    /// `#[mirror]` was added or removed.
    FieldMirror,
    /// A field became an `Option` (a presence byte) or stopped being one.
    FieldOptional,
    /// A `#[tag]` field's bytes changed.
    FieldTag,
    /// Whether a key may end before the field (`#[rowkey(since = N)]`), or its version.
    FieldSince,
    /// A field was inserted before fields old keys have.
    FieldInserted,
    /// A field was removed from before fields the new layout keeps.
    FieldRemoved,
    /// A field moved to another place among the fields.
    FieldMoved,
    /// A field was appended after every field old keys have.
    FieldAppended,
    /// A field was dropped from the end of the key.
    FieldDropped,
    /// A salt bucket was added in front of the key.
    SaltAdded,
    /// The salt bucket was removed.
    SaltRemoved,
    /// The salt's bucket count changed.
    SaltBuckets,
    /// How the salt's bucket is written (its width, digits, Phoenix).
    SaltFormat,
    /// The salt's hash changed.
    SaltHash,
    /// The fields the salt hashes changed.
    SaltFields,
    /// A key type of an enum of key types was renamed.
    MemberRenamed,
    /// A key type's tag (the bytes before its key) changed.
    MemberTag,
    /// A key type was added.
    MemberAdded,
    /// A key type was removed.
    MemberRemoved,
    /// Two key types may now decode the same bytes (their layouts do not
    /// tell them apart, as the derive requires): breaking where a generated
    /// key reads as the wrong one, else it leaves "reads old keys".
    MemberOverlap,
    /// What keys generated from the layouts showed, beyond the rules above.
    Observed,
}

impl Rule {
    /// The rule's name in reports: `field-width`, `salt-buckets`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::KeyRenamed => "key-renamed",
            Rule::KeyFormat => "key-format",
            Rule::MaxWidth => "max-width",
            Rule::FieldRenamed => "field-renamed",
            Rule::FieldType => "field-type",
            Rule::FieldWidth => "field-width",
            Rule::FieldCodec => "field-codec",
            Rule::FieldOrder => "field-order",
            Rule::FieldMirror => "field-mirror",
            Rule::FieldOptional => "field-optional",
            Rule::FieldTag => "field-tag",
            Rule::FieldSince => "field-since",
            Rule::FieldInserted => "field-inserted",
            Rule::FieldRemoved => "field-removed",
            Rule::FieldMoved => "field-moved",
            Rule::FieldAppended => "field-appended",
            Rule::FieldDropped => "field-dropped",
            Rule::SaltAdded => "salt-added",
            Rule::SaltRemoved => "salt-removed",
            Rule::SaltBuckets => "salt-buckets",
            Rule::SaltFormat => "salt-format",
            Rule::SaltHash => "salt-hash",
            Rule::SaltFields => "salt-fields",
            Rule::MemberRenamed => "member-renamed",
            Rule::MemberTag => "member-tag",
            Rule::MemberAdded => "member-added",
            Rule::MemberRemoved => "member-removed",
            Rule::MemberOverlap => "member-overlap",
            Rule::Observed => "observed",
        }
    }
}

/// One change between the layouts, and the most it allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// What changed.
    pub rule: Rule,
    /// The field (`user_id`; a nested key's field as `main.user`; a key
    /// type's as `Order.customer`) or key type it is about; `None` for the key.
    pub field: Option<String>,
    /// The strongest level the change leaves possible.
    pub level: Level,
    /// What changed and what it does to stored keys, in a sentence.
    pub message: String,
}

/// A key as a layout reads it: the key type (or, for an enum of key types,
/// the member) and each field's value as `explain` prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The key type, or the member of an enum of key types.
    pub key_type: String,
    /// Each field's name and value (the salt bucket included).
    pub fields: Vec<(String, String)>,
}

/// `FileKey user_id=1 create_date=20120902`.
impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key_type)?;
        for (name, value) in &self.fields {
            write!(f, " {name}={value}")?;
        }
        Ok(())
    }
}

/// Which layout wrote a witness key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    /// The old layout: a key the table already holds.
    Old,
    /// The new layout: a key the new code will write.
    New,
}

/// What goes wrong with a witness key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shows {
    /// The new layout does not decode it.
    NoLongerDecodes,
    /// It decodes, but fields the old key lacks read values, not `None`.
    ReadsNewFields {
        /// Those fields.
        fields: Vec<String>,
    },
    /// It decodes as other values (or as another key type).
    ReadsDifferently {
        /// The fields whose values differ (or the key type).
        fields: Vec<String>,
    },
    /// It decodes to the same values, but the new layout writes them as
    /// other bytes: a second row for the same key.
    WrittenElsewhere {
        /// The bytes the new layout writes for those values.
        new_key: Vec<u8>,
    },
    /// A field holds a value the new field cannot hold, so no scan of the
    /// new layout selects it (and no new key has it).
    NoValue {
        /// The field, as the new layout names it.
        field: String,
        /// The old value.
        value: String,
    },
    /// A field of the new layout the key lacks comes before a field it
    /// has: no scan of the new layout by that field finds it.
    Unreachable {
        /// The field it has, as the new layout names it.
        field: String,
        /// The field before it the key lacks.
        missing: String,
    },
    /// The new layout's scan for its values does not contain it.
    ScanMisses {
        /// The scan, as `field=value` pins.
        scan: String,
        /// The scan's first key.
        start: Vec<u8>,
        /// Its end (exclusive), `None` when open.
        end: Option<Vec<u8>>,
    },
    /// It sorts on the wrong side of a key the new layout writes.
    OutOfOrder {
        /// The new layout's key.
        other: Vec<u8>,
        /// What that key holds.
        other_reading: Reading,
        /// The field whose values the byte order contradicts.
        field: String,
    },
}

/// A concrete key that shows a change: its bytes, what each layout reads
/// in it, and what goes wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    /// The change it shows.
    pub rule: Rule,
    /// The change's field or key type, as in [`Change::field`].
    pub field: Option<String>,
    /// The key.
    pub key: Vec<u8>,
    /// Which layout wrote it.
    pub writer: Writer,
    /// How the old layout reads it, or why it does not.
    pub old: Result<Reading, String>,
    /// How the new layout reads it, or why it does not.
    pub new: Result<Reading, String>,
    /// What goes wrong.
    pub shows: Shows,
}

impl Witness {
    /// The strongest level this witness leaves possible.
    pub fn level(&self) -> Level {
        match self.shows {
            Shows::NoLongerDecodes | Shows::ReadsNewFields { .. } => Level::OrderKept,
            _ => Level::Breaking,
        }
    }
}

/// Whether `rowkey::migrate` rewrites the old keys into new ones, and what
/// the mapping must take care of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migration {
    /// Old keys must be rewritten (or read with the old layout) before the
    /// new layout can read them: the verdict is below "reads old keys".
    pub needed: bool,
    /// Every field of the new key comes from the old key (or is a constant
    /// tag, or `None` for a `since` field), so `rowkey::migrate::<Old,
    /// New>(keys, |old| New { .. })` rewrites the keys one by one.
    pub from_keys_alone: bool,
    /// What the mapping must supply or may lose, one sentence each.
    pub notes: Vec<String>,
}

/// How many generated keys confirmed the verdict with `rowkey::dynamic`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Checked {
    /// Keys written by the old layout and read by the new one.
    pub old_keys: usize,
    /// Keys written by the new layout, compared with the old keys' order
    /// (and read by the old layout when the verdict claims the same keys).
    pub new_keys: usize,
}

/// The verdict of a new layout against an old one: what [`check`] returns.
/// `Display` prints it for a person, one change a line, then the witnesses
/// and the migration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The old key type's name.
    pub old: String,
    /// The new key type's name.
    pub new: String,
    /// The strongest level that holds.
    pub verdict: Level,
    /// Every change, weakest level first.
    pub changes: Vec<Change>,
    /// A witness for each change below "reads old keys" that one was found for.
    pub witnesses: Vec<Witness>,
    /// Whether the keys need a migration, and what it takes.
    pub migration: Migration,
    /// The generated keys that confirmed the verdict.
    pub checked: Checked,
}

impl Report {
    /// Whether the verdict is at least `level`.
    pub fn allows(&self, level: Level) -> bool {
        self.verdict >= level
    }
}

/// Compares a key's new layout with its old one (both `T::LAYOUT`, or read
/// back from schema files): the verdict, every change with its rule, a
/// witness key for each change that old keys do not survive, and whether
/// `rowkey::migrate` applies. Never panics.
///
/// See the [module documentation](self) for the levels.
pub fn check(old: &Layout<'_>, new: &Layout<'_>) -> Report {
    let old_m = [Member {
        name: old.name,
        tag: &[],
        layout: old,
    }];
    let new_m = [Member {
        name: new.name,
        tag: &[],
        layout: new,
    }];
    let old_set = set::Set::single(old, &old_m);
    let new_set = set::Set::single(new, &new_m);
    members::check(&old_set, &new_set)
}

/// Compares two versions of an enum of key types (`Row::KEY_TYPES`, or read
/// back from a schema file): each key type as [`check`] compares a key,
/// paired by name, and the key types themselves: their tags, the ones added
/// or removed, and any two that can now decode the same bytes.
///
/// ```
/// use rowkey::compat::{self, Level, Rule};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct UserKey { id: u64 }
/// #[derive(RowKey)]
/// struct GroupKey { id: u64 }
/// #[derive(RowKey)]
/// struct ExtraKey { id: u64 }
///
/// #[derive(RowKey)]
/// enum Row { #[tag(b"u")] User(UserKey), #[tag(b"g")] Group(GroupKey) }
///
/// // A third key type with a tag of its own: old keys read as before.
/// #[derive(RowKey)]
/// enum RowV2 { #[tag(b"u")] User(UserKey), #[tag(b"g")] Group(GroupKey), #[tag(b"x")] Extra(ExtraKey) }
/// let report = compat::check_key_types(&Row::KEY_TYPES, &RowV2::KEY_TYPES);
/// assert_eq!(report.verdict, Level::ReadsOld);
///
/// // The groups' tag given to the users: old group keys read as users.
/// #[derive(RowKey)]
/// enum RowV3 { #[tag(b"g")] User(UserKey), #[tag(b"h")] Group(GroupKey) }
/// let report = compat::check_key_types(&Row::KEY_TYPES, &RowV3::KEY_TYPES);
/// assert_eq!(report.verdict, Level::Breaking);
/// assert!(report.changes.iter().any(|c| c.rule == Rule::MemberTag));
/// ```
pub fn check_key_types(old: &KeyTypes<'_>, new: &KeyTypes<'_>) -> Report {
    let old_set = set::Set::types(old);
    let new_set = set::Set::types(new);
    members::check(&old_set, &new_set)
}
