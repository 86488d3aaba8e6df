//! One rule at a time, for the changes the pinned reports do not show:
//! each change's level, field and sentence as the module documents them.

use rowkey::compat::{self, Change, Level, Report, Rule};
use rowkey::{Layout, RowKey};

/// The one change of `rule` about `field` in `report`: its level and message.
fn expect(report: &Report, rule: Rule, level: Level, field: Option<&str>, message: &str) {
    let found: Vec<&Change> = report
        .changes
        .iter()
        .filter(|c| c.rule == rule && c.field.as_deref() == field)
        .collect();
    let [c] = found[..] else {
        panic!(
            "{} changes of {} about {field:?}\n{report}",
            found.len(),
            rule.name()
        );
    };
    assert_eq!(c.level, level, "{report}");
    assert_eq!(c.message, message, "{report}");
}

/// The codec of field `name` as a layout names it.
fn codec(layout: &Layout<'_>, name: &str) -> String {
    let seg = layout.segments.iter().find(|s| s.name == name).unwrap();
    format!("`{}`", seg.codec)
}

#[derive(RowKey)]
struct Event {
    #[ordered]
    host: String,
    #[ordered]
    ts: i64,
    #[ordered]
    kind: Option<String>,
}

mod hbase {
    use rowkey::RowKey;
    #[derive(RowKey)]
    #[rowkey(hbase_struct)]
    pub struct Event {
        #[ordered]
        host: String,
        #[ordered]
        ts: i64,
        /// A trailing `None` is left out.
        #[ordered]
        kind: Option<String>,
    }
}

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Metric {
    tenant: i32,
}

mod phoenix_host {
    use rowkey::RowKey;
    /// A `VARCHAR` column appended: Phoenix leaves a trailing null out.
    #[derive(RowKey)]
    #[rowkey(phoenix)]
    pub struct Metric {
        tenant: i32,
        host: String,
    }
}

mod phoenix_ts {
    use rowkey::RowKey;
    /// A `BIGINT` appended: always written.
    #[derive(RowKey)]
    #[rowkey(phoenix)]
    pub struct Metric {
        tenant: i32,
        ts: i64,
    }
}

#[test]
fn key_format() {
    let r = compat::check(&Event::LAYOUT, &hbase::Event::LAYOUT);
    let m = "the key format plain → HBase Struct: fields are delimited another way";
    expect(&r, Rule::KeyFormat, Level::Breaking, None, m);
    assert_eq!(r.verdict, Level::Breaking);
    let r = compat::check(&hbase::Event::LAYOUT, &phoenix_host::Metric::LAYOUT);
    let m = "the key format HBase Struct → Phoenix: fields are delimited another way";
    expect(&r, Rule::KeyFormat, Level::Breaking, None, m);
}

#[test]
fn a_phoenix_varchar_appended_is_a_trailing_null() {
    let r = compat::check(&Metric::LAYOUT, &phoenix_host::Metric::LAYOUT);
    let m = "field `host`: appended, and left out of keys that lack it: old keys read it as absent";
    expect(&r, Rule::FieldAppended, Level::ReadsOld, Some("host"), m);
    assert_eq!(r.verdict, Level::ReadsOld, "{r}");
    let r = compat::check(&Metric::LAYOUT, &phoenix_ts::Metric::LAYOUT);
    let m = "field `ts`: appended: old keys lack it, so they no longer decode; they sort before the new keys with the same fields before it";
    expect(&r, Rule::FieldAppended, Level::OrderKept, Some("ts"), m);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
}

#[derive(RowKey)]
struct Log {
    #[salt(mod = 8)]
    ts: u64,
    host: u32,
}

mod unsalted {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Log {
        ts: u64,
        host: u32,
    }
}

mod digits {
    use rowkey::RowKey;
    /// The bucket as two ASCII digits.
    #[derive(RowKey)]
    pub struct Log {
        #[salt(mod = 8, pad = 2)]
        ts: u64,
        host: u32,
    }
}

/// Our format's bucket: the low byte.
fn low_byte(bytes: &[u8]) -> u32 {
    bytes.last().copied().unwrap_or(0).into()
}

mod custom {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Log {
        #[salt(mod = 8, hash = super::low_byte)]
        ts: u64,
        host: u32,
    }
}

#[test]
fn salt_removed_and_written_another_way() {
    let r = compat::check(&Log::LAYOUT, &unsalted::Log::LAYOUT);
    let m =
        "the salt bucket was removed: old keys start with a bucket the new layout reads as a field";
    expect(&r, Rule::SaltRemoved, Level::Breaking, None, m);
    let r = compat::check(&Log::LAYOUT, &digits::Log::LAYOUT);
    let (from, to) = (Log::LAYOUT.salt.unwrap(), digits::Log::LAYOUT.salt.unwrap());
    let m = format!(
        "the salt bucket is written {:?} → {:?}: old keys hold it as other bytes",
        from.salt.format(),
        to.salt.format()
    );
    expect(&r, Rule::SaltFormat, Level::Breaking, None, &m);
    assert_eq!(r.verdict, Level::Breaking);
}

#[test]
fn salt_hashes_by_name() {
    let r = compat::check(&Log::LAYOUT, &custom::Log::LAYOUT);
    let m = "the salt's hash xxh32 → a function of yours: keys hash to other buckets";
    expect(&r, Rule::SaltHash, Level::Breaking, None, m);
}

#[derive(RowKey)]
struct Doc {
    id: u32,
    name: String,
}

mod capped {
    use rowkey::RowKey;
    #[derive(RowKey)]
    #[rowkey(max_width = 100)]
    pub struct Doc {
        id: u32,
        name: String,
    }
}

#[derive(RowKey)]
#[rowkey(max_width = 10)]
struct Fixed {
    id: u32,
}

mod uncapped {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Fixed {
        id: u32,
    }
}

/// A `max_width` of 0, as a schema edited by hand may say: every old key
/// is too long, and the check aims its long keys from length 1 on.
#[test]
fn max_width_lowered_to_nothing() {
    const NONE: Layout<'static> = Layout {
        max_width: 0,
        ..capped::Doc::LAYOUT
    };
    let r = compat::check(&capped::Doc::LAYOUT, &NONE);
    let m = "max_width 100 → 0: old keys longer than 0 bytes no longer decode";
    expect(&r, Rule::MaxWidth, Level::OrderKept, None, m);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
    assert_eq!(r.witnesses.len(), 1, "{r}");
}

/// A lowered `max_width` is shown by old keys of the four lengths just
/// above it and of the old maximum: one key fewer where those meet.
#[test]
fn long_keys_are_aimed_just_above_the_new_max_width() {
    let checked = |max_width| {
        let new = Layout {
            max_width,
            ..capped::Doc::LAYOUT
        };
        compat::check(&capped::Doc::LAYOUT, &new).checked.old_keys
    };
    // 95: 96..=99 and 100; 96: 97..=100, the old maximum among them.
    assert_eq!(checked(95), checked(96) + 1);
}

#[test]
fn max_width_lowered_raised_and_out_of_reach() {
    let r = compat::check(&Doc::LAYOUT, &capped::Doc::LAYOUT);
    let m = "max_width 32767 → 100: old keys longer than 100 bytes no longer decode";
    expect(&r, Rule::MaxWidth, Level::OrderKept, None, m);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
    let r = compat::check(&capped::Doc::LAYOUT, &Doc::LAYOUT);
    let m = "max_width 100 → 32767: new keys may be longer than the old layout reads";
    expect(&r, Rule::MaxWidth, Level::ReadsOld, None, m);
    assert_eq!(r.verdict, Level::ReadsOld, "{r}");
    // A key of 4 bytes either way.
    let r = compat::check(&Fixed::LAYOUT, &uncapped::Fixed::LAYOUT);
    let m = "max_width 10 → 32767: no key is that long";
    expect(&r, Rule::MaxWidth, Level::Renamed, None, m);
    assert_eq!(r.verdict, Level::Renamed, "{r}");
    let r = compat::check(&uncapped::Fixed::LAYOUT, &Fixed::LAYOUT);
    let m = "max_width 32767 → 10: no key is that long";
    expect(&r, Rule::MaxWidth, Level::Renamed, None, m);
}

#[derive(RowKey)]
struct Visit {
    user: u32,
    #[rowkey(since = 2)]
    region: Option<u16>,
}

mod always {
    use rowkey::RowKey;
    /// The region in every key.
    #[derive(RowKey)]
    pub struct Visit {
        user: u32,
        region: Option<u16>,
    }
}

mod later {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Visit {
        user: u32,
        #[rowkey(since = 3)]
        region: Option<u16>,
    }
}

#[test]
fn since_added_removed_and_renumbered() {
    let r = compat::check(&Visit::LAYOUT, &always::Visit::LAYOUT);
    let m = "field `region`: old keys may end before it, but the new layout writes it in every key: its scans miss those keys";
    expect(&r, Rule::FieldSince, Level::Breaking, Some("region"), m);
    assert_eq!(r.verdict, Level::Breaking, "{r}");
    let r = compat::check(&always::Visit::LAYOUT, &Visit::LAYOUT);
    let m = "field `region`: old keys write its `None` at the end, which the new layout refuses (it leaves it out)";
    expect(&r, Rule::FieldSince, Level::OrderKept, Some("region"), m);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
    let r = compat::check(&Visit::LAYOUT, &later::Visit::LAYOUT);
    let m = "field `region`: since = 2 → since = 3: versions are not in the bytes";
    expect(&r, Rule::FieldSince, Level::Renamed, Some("region"), m);
    assert_eq!(r.verdict, Level::Renamed, "{r}");
}

#[derive(RowKey)]
struct Pair {
    a: u32,
    b: u32,
}

mod first {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Pair {
        a: u32,
    }
}

#[derive(RowKey)]
struct Named {
    #[escaped]
    name: String,
    b: u32,
}

mod rest {
    use rowkey::RowKey;
    /// The name reads to the end of the key.
    #[derive(RowKey)]
    pub struct Named {
        name: String,
    }
}

#[test]
fn dropped_from_the_end() {
    let r = compat::check(&Pair::LAYOUT, &first::Pair::LAYOUT);
    let m = "field `b`: dropped from the end: old keys that hold it no longer decode, and sort right after the new keys with the same fields";
    expect(&r, Rule::FieldDropped, Level::OrderKept, Some("b"), m);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
    assert!(r.migration.needed && r.migration.from_keys_alone, "{r}");
    let r = compat::check(&Named::LAYOUT, &rest::Named::LAYOUT);
    let m = "field `b`: dropped from the end, but the new last field `name` reads to the end of the key, so it reads the dropped bytes";
    expect(&r, Rule::FieldDropped, Level::Breaking, Some("b"), m);
}

#[derive(RowKey)]
struct Seq {
    kind: u8,
    #[pad(10)]
    #[mirror]
    id: u32,
}

mod seq {
    use rowkey::RowKey;
    /// Eight digits hold fewer values, and are other bytes.
    #[derive(RowKey)]
    pub struct Short {
        kind: u8,
        #[pad(8)]
        #[mirror]
        id: u32,
    }
    /// Mirrored no more, and an `Option` at the front.
    #[derive(RowKey)]
    pub struct Plain {
        kind: Option<u8>,
        #[pad(10)]
        id: u32,
    }
    /// A `u16` in eight mirrored bytes: its two low bytes first.
    #[derive(RowKey)]
    pub struct Wide {
        kind: u8,
        #[be_u64]
        #[mirror]
        id: u16,
    }
    /// The same `u16` in two mirrored bytes: the old keys' first two.
    #[derive(RowKey)]
    pub struct Narrow {
        kind: u8,
        #[mirror]
        id: u16,
    }
}

#[test]
fn mirrored_fields_narrowed_mirrored_and_optional() {
    let from = codec(&Seq::LAYOUT, "id");
    let r = compat::check(&Seq::LAYOUT, &seq::Short::LAYOUT);
    let to = codec(&seq::Short::LAYOUT, "id");
    let m = format!("field `id`: {from} → {to}, 10 → 8 bytes");
    expect(&r, Rule::FieldWidth, Level::Breaking, Some("id"), &m);
    let r = compat::check(&Seq::LAYOUT, &seq::Plain::LAYOUT);
    let to = codec(&seq::Plain::LAYOUT, "id");
    let m = format!("field `id`: {from} → {to}: the bytes are written in another order");
    expect(&r, Rule::FieldMirror, Level::Breaking, Some("id"), &m);
    let (from, to) = (
        codec(&Seq::LAYOUT, "kind"),
        codec(&seq::Plain::LAYOUT, "kind"),
    );
    let m = format!("field `kind`: {from} → {to}: a presence byte is added or removed");
    expect(&r, Rule::FieldOptional, Level::Breaking, Some("kind"), &m);
    let r = compat::check(&seq::Wide::LAYOUT, &seq::Narrow::LAYOUT);
    let (from, to) = (
        codec(&seq::Wide::LAYOUT, "id"),
        codec(&seq::Narrow::LAYOUT, "id"),
    );
    let m = format!("field `id`: {from} → {to}, 8 → 2 bytes: old keys no longer decode, but their bytes begin with the new ones for the same value, so they stay in its scans");
    expect(&r, Rule::FieldWidth, Level::OrderKept, Some("id"), &m);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
}

#[derive(RowKey)]
struct Counter {
    #[pad(5)]
    id: u16,
    #[escaped]
    name: String,
}

mod counter {
    use rowkey::RowKey;
    /// Five digits hold more than a `u16`; bytes more than text.
    #[derive(RowKey)]
    pub struct Counter {
        #[pad(5)]
        id: u32,
        #[escaped]
        name: Vec<u8>,
    }
}

#[test]
fn the_same_bytes_for_more_values_or_fewer() {
    let r = compat::check(&Counter::LAYOUT, &counter::Counter::LAYOUT);
    let wider =
        "the same bytes, and values old keys cannot hold; the old layout does not read those";
    let ids: Vec<&Change> = r
        .changes
        .iter()
        .filter(|c| c.rule == Rule::FieldType)
        .collect();
    let expected = [
        (
            "id",
            format!("field `id`: `u16` `pad(5)` → `u32` `pad(5)`: {wider}"),
        ),
        (
            "name",
            format!("field `name`: `String` `escaped` → `Vec<u8>` `escaped`: {wider}"),
        ),
    ];
    assert_eq!(ids.len(), 2, "{r}");
    for (c, (field, message)) in ids.iter().zip(&expected) {
        assert_eq!(c.field.as_deref(), Some(*field), "{r}");
        assert_eq!(c.level, Level::ReadsOld, "{r}");
        assert_eq!(&c.message, message, "{r}");
    }
    assert_eq!(r.verdict, Level::ReadsOld, "{r}");
    // New keys the old layout cannot read break nothing that reads old
    // keys: no witness is sought for them.
    assert!(r.witnesses.is_empty(), "{r}");
    // Back again: old keys may hold values the new fields cannot.
    let r = compat::check(&counter::Counter::LAYOUT, &Counter::LAYOUT);
    assert!(
        r.changes
            .iter()
            .all(|c| c.rule != Rule::FieldType || c.level == Level::Breaking),
        "{r}"
    );
    assert_eq!(r.verdict, Level::Breaking, "{r}");
}

#[derive(RowKey)]
struct Inner {
    a: u16,
}

#[derive(RowKey)]
struct Outer {
    kind: u8,
    inner: Inner,
}

mod outer {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Inner {
        a: u32,
    }
    /// The nested key, last, grows by two bytes.
    #[derive(RowKey)]
    pub struct Outer {
        kind: u8,
        inner: Inner,
    }
}

#[test]
fn a_nested_key_widened_at_the_end() {
    let r = compat::check(&Outer::LAYOUT, &outer::Outer::LAYOUT);
    let m = "field `inner`: the nested key `Inner` is 2 → 4 bytes";
    expect(&r, Rule::FieldWidth, Level::Breaking, Some("inner"), m);
    let m = "field `inner.a`: `u16` → `u32`, 2 → 4 bytes";
    expect(&r, Rule::FieldWidth, Level::Breaking, Some("inner.a"), m);
}

#[derive(RowKey)]
struct Flags {
    #[mirror]
    kind: u8,
    id: u32,
}

mod flags {
    use rowkey::RowKey;
    /// One byte back to front is itself; a signed id is other bytes.
    #[derive(RowKey)]
    pub struct Flags {
        kind: u8,
        id: i32,
    }
}

#[test]
fn one_byte_mirrored_is_itself_and_a_sign_is_another_codec() {
    let r = compat::check(&Flags::LAYOUT, &flags::Flags::LAYOUT);
    let m = "field `id`: `u32` → `i32`: the value is written as other bytes";
    expect(&r, Rule::FieldCodec, Level::Breaking, Some("id"), m);
    // Only the codec's name says `mirror`.
    let from = codec(&Flags::LAYOUT, "kind");
    let m = format!("field `kind`: {from} → `u8`: the same bytes and values");
    expect(&r, Rule::FieldType, Level::Renamed, Some("kind"), &m);
    assert_eq!(r.changes.len(), 2, "{r}");
}

/// A hash that puts one id alone in bucket 2, every other in bucket 0.
fn rare(bytes: &[u8]) -> u32 {
    if bytes == [0, 0, 0, 3] {
        2
    } else {
        0
    }
}

#[derive(RowKey)]
struct Rare {
    #[salt(mod = 2, hash = rare)]
    id: u32,
}

mod rare {
    use rowkey::RowKey;
    /// Four buckets: only id 3 changes bucket.
    #[derive(RowKey)]
    pub struct Rare {
        #[salt(mod = 4, hash = super::rare)]
        id: u32,
    }
}

/// Old keys are searched for one the new bucket count moves, beyond the
/// typical values: here only id 3 moves, and it is the witness.
#[test]
fn the_key_a_new_bucket_count_moves_is_searched_for() {
    let r = compat::check(&Rare::LAYOUT, &rare::Rare::LAYOUT);
    expect(
        &r,
        Rule::SaltBuckets,
        Level::Breaking,
        None,
        "the salt's buckets 2 → 4: most keys belong in another bucket",
    );
    let w = r
        .witnesses
        .iter()
        .find(|w| w.rule == Rule::SaltBuckets)
        .unwrap_or_else(|| panic!("no witness\n{r}"));
    let old = w.old.as_ref().unwrap();
    assert!(old.fields.contains(&("id".into(), "3".into())), "{r}");
    assert_eq!(w.key, [0, 0, 0, 0, 3], "{r}");
}

#[derive(RowKey)]
struct Maybe {
    kind: u8,
    #[mirror]
    id: Option<u8>,
}

mod maybe {
    use rowkey::RowKey;
    /// As wide as before with its presence byte, but another width of integer.
    #[derive(RowKey)]
    pub struct Maybe {
        kind: u8,
        #[mirror]
        id: u16,
    }
}

/// Old bytes begin with the new ones only where the field narrowed.
#[test]
fn a_field_as_wide_as_before_keeps_no_prefix() {
    let r = compat::check(&Maybe::LAYOUT, &maybe::Maybe::LAYOUT);
    let (from, to) = (
        codec(&Maybe::LAYOUT, "id"),
        codec(&maybe::Maybe::LAYOUT, "id"),
    );
    let m = format!("field `id`: {from} → {to}, 2 → 2 bytes");
    expect(&r, Rule::FieldWidth, Level::Breaking, Some("id"), &m);
}

mod tagged {
    use rowkey::RowKey;
    /// A record type's tag in front of the pair.
    #[derive(RowKey)]
    pub struct Pair {
        #[tag(1)]
        kind: (),
        a: u32,
        b: u32,
    }
    /// A field appended in version 2.
    #[derive(RowKey)]
    pub struct Later {
        a: u32,
        b: u32,
        #[rowkey(since = 2)]
        c: Option<u8>,
    }
}

/// A migration needs no value for a tag (a constant) or a `since` field
/// (`None`), and loses nothing when a tag goes.
#[test]
fn what_a_migration_supplies_itself() {
    let moved = "the new keys are other bytes than the old ones: write each beside its old key (or into a new table), then delete the old keys; `rowkey::order_break` tells in a test whether the rewrite keeps the keys' order";
    let r = compat::check(&Pair::LAYOUT, &tagged::Pair::LAYOUT);
    assert_eq!(r.verdict, Level::Breaking, "{r}");
    assert!(r.migration.needed && r.migration.from_keys_alone, "{r}");
    assert_eq!(r.migration.notes, [moved], "{r}");
    let r = compat::check(&tagged::Pair::LAYOUT, &Pair::LAYOUT);
    assert!(r.migration.needed && r.migration.from_keys_alone, "{r}");
    assert_eq!(r.migration.notes, [moved], "{r}");
    // Appended with `since`: nothing to do, nothing to supply.
    let r = compat::check(&Pair::LAYOUT, &tagged::Later::LAYOUT);
    assert_eq!(r.verdict, Level::ReadsOld, "{r}");
    assert!(!r.migration.needed && r.migration.from_keys_alone, "{r}");
    assert_eq!(r.migration.notes, Vec::<String>::new(), "{r}");
    let r = compat::check(&first::Pair::LAYOUT, &Pair::LAYOUT);
    let note = "`b` is not in the old keys: the mapping must give it a value (a constant, or one read from the row)";
    assert_eq!(r.migration.notes, [note], "{r}");
    assert!(!r.migration.from_keys_alone, "{r}");
}

/// A hash that puts one id, hashed with the field after it, alone in
/// bucket 2; every other key (and every id hashed alone) in bucket 0.
fn rare_pair(bytes: &[u8]) -> u32 {
    if bytes.len() == 8 && bytes[..4] == [0, 0, 0, 3] {
        2
    } else {
        0
    }
}

#[derive(RowKey)]
struct RarePair {
    #[salt(mod = 4, hash = rare_pair)]
    id: u32,
    b: u32,
}

mod rare_pair {
    use rowkey::RowKey;
    /// The salt hashes `b` too: only id 3 changes bucket.
    #[derive(RowKey)]
    pub struct RarePair {
        #[salt(mod = 4, hash = super::rare_pair)]
        id: u32,
        #[salt]
        b: u32,
    }
}

/// The same search where the salt hashes other fields.
#[test]
fn the_key_new_salted_fields_move_is_searched_for() {
    let r = compat::check(&RarePair::LAYOUT, &rare_pair::RarePair::LAYOUT);
    expect(
        &r,
        Rule::SaltFields,
        Level::Breaking,
        None,
        "the salt hashes [`id`] → [`id`, `b`]: keys hash to other buckets",
    );
    let w = r
        .witnesses
        .iter()
        .find(|w| w.rule == Rule::SaltFields)
        .unwrap_or_else(|| panic!("no witness\n{r}"));
    let old = w.old.as_ref().unwrap();
    assert!(old.fields.contains(&("id".into(), "3".into())), "{r}");
    assert_eq!(w.key[..5], [0, 0, 0, 0, 3], "{r}");
}

/// A hash that puts the keys whose second field is 3, hashed with the
/// field before it, alone in bucket 2; every other key (and every field
/// hashed alone) in bucket 0.
fn rare_second(bytes: &[u8]) -> u32 {
    if bytes.len() == 8 && bytes[4..] == [0, 0, 0, 3] {
        2
    } else {
        0
    }
}

#[derive(RowKey)]
struct RareSecond {
    #[salt(mod = 4, hash = rare_second)]
    id: u32,
    b: u32,
}

mod rare_second {
    use rowkey::RowKey;
    /// The salt hashes `b` too: only keys of b 3 change bucket.
    #[derive(RowKey)]
    pub struct RareSecond {
        #[salt(mod = 4, hash = super::rare_second)]
        id: u32,
        #[salt]
        b: u32,
    }
}

/// The search varies a field only one of the salts hashes, too: here only
/// `b` moves a key, whether the new salt hashes it or the old one did, and
/// b 3 is the witness.
#[test]
fn the_key_a_field_salted_on_one_side_moves_is_searched_for() {
    for r in [
        compat::check(&RareSecond::LAYOUT, &rare_second::RareSecond::LAYOUT),
        compat::check(&rare_second::RareSecond::LAYOUT, &RareSecond::LAYOUT),
    ] {
        let w = r
            .witnesses
            .iter()
            .find(|w| w.rule == Rule::SaltFields)
            .unwrap_or_else(|| panic!("no witness\n{r}"));
        let old = w.old.as_ref().unwrap();
        assert!(old.fields.contains(&("b".into(), "3".into())), "{r}");
        assert_eq!(w.key[5..], [0, 0, 0, 3], "{r}");
    }
}

/// The report on `old` to `new` where the rules see nothing and generated
/// keys show a change at `level`, the one witness of it, `what` they show.
fn observed(old: &Layout<'_>, new: &Layout<'_>, level: Level, what: &str) -> Report {
    let r = compat::check(old, new);
    assert_eq!(r.verdict, level, "{r}");
    let m = format!("a generated key shows what the rules above did not: {what}");
    expect(&r, Rule::Observed, level, None, &m);
    assert_eq!(r.witnesses.len(), 1, "{r}");
    r
}

/// `base` with these segments: a layout as a schema edited by hand states it.
const fn with_segments(
    base: Layout<'static>,
    segments: &'static [rowkey::Segment<'static>],
) -> Layout<'static> {
    Layout { segments, ..base }
}

/// The fields of `uncapped::Fixed`, its id said to be descending though
/// its bytes are not: a schema edited by hand, which no rule reads.
const MISLABELLED: [rowkey::Segment<'static>; 1] = [rowkey::Segment {
    order: rowkey::Order::Descending,
    ..uncapped::Fixed::LAYOUT.segments[0]
}];

/// What generated keys show beyond the rules is a change of its own, with
/// its witness: here old keys sort against new ones as the values do not.
#[test]
fn keys_show_what_no_rule_names() {
    const NEW: Layout<'static> = with_segments(uncapped::Fixed::LAYOUT, &MISLABELLED);
    let what = "old and new keys sort apart on `id`";
    let r = observed(&uncapped::Fixed::LAYOUT, &NEW, Level::Breaking, what);
    assert_eq!(r.changes.len(), 1, "{r}");
    let [w] = &r.witnesses[..] else { panic!("{r}") };
    assert_eq!(
        (w.rule, w.writer),
        (Rule::Observed, compat::Writer::Old),
        "{r}"
    );
    // The typical key, id 1, after the new key of id 0, which the
    // descending id puts first.
    assert_eq!(w.key, [0, 0, 0, 1], "{r}");
    match &w.shows {
        compat::Shows::OutOfOrder {
            other,
            other_reading,
            field,
        } => {
            assert_eq!(other, &[0, 0, 0, 0]);
            assert_eq!(other_reading.to_string(), "Fixed id=0");
            assert_eq!(field, "id");
        }
        other => panic!("{other:?}\n{r}"),
    }
    assert_eq!(
        w.shows_text(),
        "it sorts after the new key 0x00000000 (Fixed id=0), though their `id` values say the opposite"
    );
    // Nothing moves: the keys are the same bytes.
    assert!(r.migration.needed && r.migration.from_keys_alone, "{r}");
    assert!(r.migration.notes.is_empty(), "{r}");
}

mod reversed {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Fixed {
        #[reverse]
        pub id: u32,
    }
}

/// `reversed::Fixed`'s id said to sort ascending though its bytes are
/// inverted: a hand-edited schema, which no rule reads.
const ASCENDING: [rowkey::Segment<'static>; 1] = [rowkey::Segment {
    order: rowkey::Order::Ascending,
    ..reversed::Fixed::LAYOUT.segments[0]
}];

const APART_ON_ID: &str = "old and new keys sort apart on `id`";

/// The one witness of `r`, keys out of order on `id`, and the other key.
fn out_of_order_on_id(r: &Report) -> (&compat::Witness, &[u8]) {
    let [w] = &r.witnesses[..] else { panic!("{r}") };
    let compat::Shows::OutOfOrder { other, field, .. } = &w.shows else {
        panic!("{:?}\n{r}", w.shows)
    };
    assert_eq!(field, "id", "{r}");
    (w, other)
}

/// A reversed fixed-width field sorts by its value as its order says (only
/// one that runs to the key's end does not), so the keys compare on it: an
/// order label that contradicts its bytes shows as keys out of order.
#[test]
fn keys_show_a_reversed_field_said_ascending() {
    const NEW: Layout<'static> = with_segments(reversed::Fixed::LAYOUT, &ASCENDING);
    let r = observed(&reversed::Fixed::LAYOUT, &NEW, Level::Breaking, APART_ON_ID);
    let (w, other) = out_of_order_on_id(&r);
    // Each key's bytes are its id inverted: the smaller id sorts last,
    // which the ascending label says it must not.
    let id = |k: &[u8]| !u32::from_be_bytes(k.try_into().unwrap());
    assert_eq!(
        w.key[..].cmp(other),
        id(&w.key).cmp(&id(other)).reverse(),
        "{r}"
    );
}

mod salted_reversed {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Fixed {
        #[salt(mod = 2)]
        #[reverse]
        pub id: u32,
    }
}

/// `salted_reversed::Fixed`'s id said to sort ascending, as `ASCENDING`
/// says of `reversed::Fixed`'s.
const SALTED_ASCENDING: [rowkey::Segment<'static>; 2] = [
    salted_reversed::Fixed::LAYOUT.segments[0],
    rowkey::Segment {
        order: rowkey::Order::Ascending,
        ..salted_reversed::Fixed::LAYOUT.segments[1]
    },
];

/// In a salted key, keys of one bucket compare on their values too: the
/// mislabelled order shows between two keys in the same bucket.
#[test]
fn keys_of_one_bucket_show_a_reversed_field_said_ascending() {
    const NEW: Layout<'static> = with_segments(salted_reversed::Fixed::LAYOUT, &SALTED_ASCENDING);
    let r = observed(
        &salted_reversed::Fixed::LAYOUT,
        &NEW,
        Level::Breaking,
        APART_ON_ID,
    );
    let (w, other) = out_of_order_on_id(&r);
    assert_eq!(w.key[0], other[0], "{r}");
}

/// A key said to be a byte wider than its fields: no old key decodes.
#[test]
fn keys_show_a_width_no_field_has() {
    const NEW: Layout<'static> = Layout {
        width: 5,
        ..uncapped::Fixed::LAYOUT
    };
    let what = "an old key no longer decodes";
    let r = observed(&uncapped::Fixed::LAYOUT, &NEW, Level::OrderKept, what);
    let [w] = &r.witnesses[..] else { panic!("{r}") };
    assert_eq!(w.shows, compat::Shows::NoLongerDecodes, "{r}");
    assert_eq!(w.level(), Level::OrderKept);
    assert_eq!(w.shows_text(), "the new layout does not decode it");
}

/// `Seq`'s id in twelve mirrored digits, more than a `u32` needs (a schema
/// edited by hand: the derive refuses it).
const TWELVE: [rowkey::Segment<'static>; 2] = [
    Seq::LAYOUT.segments[0],
    rowkey::Segment {
        width: 12,
        codec: "pad(12), mirror",
        kind: rowkey::FieldCodec::Pad(rowkey::codec::pad::Pad {
            digits: 12,
            ty: rowkey::codec::int::IntType {
                bytes: 4,
                signed: false,
            },
        }),
        ..Seq::LAYOUT.segments[1]
    },
];

/// Mirrored digits narrowed to what still holds every value: old keys
/// begin with the new bytes.
#[test]
fn mirrored_digits_narrowed_keep_a_prefix() {
    const OLD: Layout<'static> = Layout {
        width: 13,
        segments: &TWELVE,
        ..Seq::LAYOUT
    };
    let r = compat::check(&OLD, &Seq::LAYOUT);
    let to = codec(&Seq::LAYOUT, "id");
    let m = format!("field `id`: `pad(12), mirror` → {to}, 12 → 10 bytes: old keys no longer decode, but their bytes begin with the new ones for the same value, so they stay in its scans");
    expect(&r, Rule::FieldWidth, Level::OrderKept, Some("id"), &m);
    assert_eq!(r.verdict, Level::OrderKept, "{r}");
}

/// A key of fixed-width fields, the last added with `since`: its keys
/// vary in length, but none is longer than 7 bytes.
#[derive(RowKey)]
struct Bounded {
    a: u32,
    #[rowkey(since = 2)]
    b: Option<u16>,
}

mod bounded {
    use rowkey::RowKey;
    #[derive(RowKey)]
    #[rowkey(max_width = 100)]
    pub struct Bounded {
        a: u32,
        #[rowkey(since = 2)]
        b: Option<u16>,
    }
    #[derive(RowKey)]
    #[rowkey(max_width = 5)]
    pub struct Short {
        a: u32,
        #[rowkey(since = 2)]
        b: Option<u16>,
    }
    /// Up to 11 bytes.
    #[derive(RowKey)]
    pub struct Wide {
        a: u64,
        #[rowkey(since = 2)]
        b: Option<u16>,
    }
}

/// The longest key a layout writes, not its `max_width`, is what a
/// `max_width` change is weighed against.
#[test]
fn max_width_against_the_longest_key() {
    // Raised from 100: no key was ever longer than 7 bytes.
    let r = compat::check(&bounded::Bounded::LAYOUT, &Bounded::LAYOUT);
    let m = "max_width 100 → 32767: no key is that long";
    expect(&r, Rule::MaxWidth, Level::Renamed, None, m);
    assert_eq!(r.verdict, Level::Renamed, "{r}");
    // Lowered below the longest key.
    let r = compat::check(&Bounded::LAYOUT, &bounded::Short::LAYOUT);
    let m = "max_width 32767 → 5: old keys longer than 5 bytes no longer decode";
    expect(&r, Rule::MaxWidth, Level::OrderKept, None, m);
    // Longer keys, the same `max_width`: no change of it.
    let r = compat::check(&Bounded::LAYOUT, &bounded::Wide::LAYOUT);
    assert!(r.changes.iter().all(|c| c.rule != Rule::MaxWidth), "{r}");
}

#[derive(RowKey)]
#[rowkey(salt(buckets = 8, phoenix))]
struct Salted {
    id: u32,
}

mod salted {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Salted {
        #[salt(mod = 8, hash = modulo)]
        id: u32,
    }
}

#[test]
fn salt_hash_names_phoenix() {
    let r = compat::check(&Salted::LAYOUT, &salted::Salted::LAYOUT);
    let m = "the salt's hash Phoenix's → modulo: keys hash to other buckets";
    expect(&r, Rule::SaltHash, Level::Breaking, None, m);
}

mod escaped_host {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Log {
        #[escaped]
        pub host: String,
        pub ts: u64,
    }
}

mod fixed_host {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Log {
        #[fixed(3)]
        pub host: String,
        pub ts: u64,
    }
}

mod fixed_host_extra {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Log {
        #[fixed(3)]
        pub host: String,
        pub ts: u64,
        pub extra: u32,
    }
}

mod late_digits {
    use rowkey::RowKey;
    /// A field added with `since`, three digits.
    #[derive(RowKey)]
    pub struct Wide {
        pub a: u32,
        #[rowkey(since = 2)]
        #[pad(3)]
        pub b: Option<u16>,
    }
    /// Two digits: the type holds 999, the field only up to 99.
    #[derive(RowKey)]
    pub struct Narrow {
        pub a: u32,
        #[rowkey(since = 2)]
        #[pad(2)]
        pub b: Option<u16>,
    }
}

/// A field a key may leave out is past the new layout's scan, yet an old
/// value there that the new field cannot hold (999 in two digits, though
/// its type holds it) still loses the key.
#[test]
fn a_value_past_the_scan_the_new_field_cannot_hold_loses_the_key() {
    let r = compat::check(&late_digits::Wide::LAYOUT, &late_digits::Narrow::LAYOUT);
    assert_eq!(r.verdict, Level::Breaking, "{r}");
    let w = witness_of(&r, Rule::FieldWidth);
    let lost = compat::Shows::NoValue {
        field: "b".into(),
        value: "Some(999)".into(),
    };
    assert_eq!(w.shows, lost, "{r}");
}

/// The witness of `rule` in `report`.
fn witness_of(report: &Report, rule: Rule) -> &compat::Witness {
    let found = report.witnesses.iter().find(|w| w.rule == rule);
    found.unwrap_or_else(|| panic!("no witness of {}\n{report}", rule.name()))
}

/// Of the keys that show a change, the most telling is its witness: the
/// escaped `a` (`61 00 01`) read as a `fixed(3)` field is `"a\0\x01"`, a
/// misread, which tells more than the scan miss of the typical key `ab`.
#[test]
fn a_misread_is_the_witness_before_a_scan_miss() {
    let r = compat::check(&escaped_host::Log::LAYOUT, &fixed_host::Log::LAYOUT);
    let w = witness_of(&r, Rule::FieldCodec);
    let misread = compat::Shows::ReadsDifferently {
        fields: vec!["`host`".into()],
    };
    assert_eq!(w.shows, misread, "{r}");
}

/// A change's witness shows the change's own level, not a worse one that
/// another change causes: the appended field's witness is an old key the
/// new layout does not decode, though the codec change makes scans miss.
#[test]
fn a_witness_shows_its_own_changes_level() {
    let r = compat::check(&escaped_host::Log::LAYOUT, &fixed_host_extra::Log::LAYOUT);
    let w = witness_of(&r, Rule::FieldAppended);
    assert_eq!(w.shows, compat::Shows::NoLongerDecodes, "{r}");
    // Why it does not decode: the new key type's own `decode` error.
    let why = fixed_host_extra::Log::decode(&w.key)
        .err()
        .map(|e| e.to_string());
    assert_eq!(w.new.as_ref().err(), why.as_ref(), "{r}");
    assert_eq!(
        witness_of(&r, Rule::FieldCodec).level(),
        Level::Breaking,
        "{r}"
    );
}

mod desc_host {
    use rowkey::RowKey;
    /// Phoenix: PRIMARY KEY (id INTEGER, host VARCHAR DESC, ts BIGINT).
    #[derive(RowKey)]
    #[rowkey(phoenix)]
    pub struct Metric {
        pub id: i32,
        #[reverse]
        pub host: String,
        pub ts: i64,
    }
    /// The same key, renamed.
    #[derive(RowKey)]
    #[rowkey(phoenix)]
    pub struct Sample {
        pub id: i32,
        #[reverse]
        pub host: String,
        pub ts: i64,
    }
}

/// A Phoenix `DESC` `VARCHAR` sorts its null (`""`) first, against the
/// descending order of values, so its keys set no order of values to keep:
/// a key renamed shows no other change.
#[test]
fn a_desc_varchar_keeps_no_order_of_values() {
    let r = compat::check(&desc_host::Metric::LAYOUT, &desc_host::Sample::LAYOUT);
    assert_eq!(r.verdict, Level::Renamed, "{r}");
    assert!(r.changes.iter().all(|c| c.rule != Rule::Observed), "{r}");
    assert!(r.witnesses.is_empty(), "{r}");
}

mod moved_up {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Old {
        pub a: u8,
        pub x: u8,
        pub b: u8,
    }
    /// `x` removed, `y` appended: `b` now reads `x`'s byte, `y` reads `b`'s.
    #[derive(RowKey)]
    pub struct New {
        pub a: u8,
        pub b: u8,
        pub y: u8,
    }
}

/// An old key where `x` and `b` hold the same value reads the same `b`, and
/// a value for the appended `y` out of the bytes that were `b`'s: the
/// appended field's witness says so, not that the key reads the same.
#[test]
fn an_appended_field_reads_a_value_from_an_old_keys_bytes() {
    let r = compat::check(&moved_up::Old::LAYOUT, &moved_up::New::LAYOUT);
    let w = witness_of(&r, Rule::FieldAppended);
    let reads_y = compat::Shows::ReadsNewFields {
        fields: vec!["`y`".into()],
    };
    assert_eq!(w.shows, reads_y, "{r}");
    assert_eq!(w.key, [1, 1, 1], "{r}");
    assert_eq!(w.level(), Level::OrderKept, "{r}");
}

mod phoenix_then_text {
    use rowkey::RowKey;
    /// Phoenix: PRIMARY KEY (id INTEGER).
    #[derive(RowKey)]
    #[rowkey(phoenix)]
    pub struct Old {
        pub id: i32,
    }
    /// Lends its last field, a string to the end of the key, to `MIXED`.
    #[derive(RowKey)]
    pub struct Note {
        pub id: u8,
        pub note: String,
    }
}

/// `phoenix_then_text::Old` with that string appended: a Phoenix column and
/// a field of rowkey's own in one layout, as a schema edited by hand has them.
const MIXED_FIELDS: [rowkey::Segment<'static>; 2] = [
    phoenix_then_text::Old::LAYOUT.segments[0],
    rowkey::Segment {
        offset: 4,
        ..phoenix_then_text::Note::LAYOUT.segments[1]
    },
];
const MIXED: Layout<'static> = with_segments(phoenix_then_text::Note::LAYOUT, &MIXED_FIELDS);

/// In a Phoenix key only a `VARCHAR`'s empty value is null: the empty
/// string an old key leaves for a field of another codec is a value read
/// where old keys hold none.
#[test]
fn only_a_phoenix_varchar_reads_empty_as_null() {
    let r = compat::check(&phoenix_then_text::Old::LAYOUT, &MIXED);
    let w = witness_of(&r, Rule::FieldAppended);
    let reads_note = compat::Shows::ReadsNewFields {
        fields: vec!["`note`".into()],
    };
    assert_eq!(w.shows, reads_note, "{r}");
    assert_eq!(w.key, [0x80, 0, 0, 1], "{r}");
}

mod array_to_text {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Blob {
        pub id: u8,
        pub data: [u8; 4],
    }
    /// The four bytes become the rest of the key, as text.
    #[derive(RowKey)]
    pub struct Text {
        pub id: u8,
        pub data: String,
    }
    /// The four bytes become the rest of the key, as bytes.
    #[derive(RowKey)]
    pub struct Bytes {
        pub id: u8,
        pub data: Vec<u8>,
    }
    /// `Blob` with its bytes inverted.
    #[derive(RowKey)]
    pub struct Reversed {
        pub id: u8,
        #[reverse]
        pub data: [u8; 4],
    }
    /// The same, borrowed from the key.
    #[derive(RowKey)]
    pub struct Borrowed<'a> {
        pub id: u8,
        pub data: &'a [u8],
    }
}

/// `array_to_text::Borrowed` with its last field said to be reversed: a
/// schema edited by hand (the derive refuses `#[reverse]` on a field that
/// runs to the end of the key).
const BORROWED_REVERSED_FIELDS: [rowkey::Segment<'static>; 2] = [
    array_to_text::Borrowed::LAYOUT.segments[0],
    rowkey::Segment {
        reverse: true,
        ..array_to_text::Borrowed::LAYOUT.segments[1]
    },
];
const BORROWED_REVERSED: Layout<'static> =
    with_segments(array_to_text::Borrowed::LAYOUT, &BORROWED_REVERSED_FIELDS);

/// A reversed byte array read as a borrowed slice to the end of the key:
/// the same bytes, but a slice borrowed from the key cannot hold them
/// inverted back, so those keys no longer decode.
#[test]
fn a_reversed_array_as_a_borrowed_slice_is_unreadable() {
    let r = compat::check(&array_to_text::Reversed::LAYOUT, &BORROWED_REVERSED);
    let m = "field `data`: `[u8; 4], reverse` → `&'a [u8]` `rest of key`: the same bytes, but the new type does not borrow some old values, so those keys no longer decode";
    expect(&r, Rule::FieldType, Level::OrderKept, Some("data"), m);
}

/// A byte array that becomes the rest of the key as text writes the same
/// bytes, for fewer values: not every four bytes are UTF-8; as bytes, for
/// more.
#[test]
fn a_byte_array_as_text_to_the_end_is_the_same_bytes_for_fewer_values() {
    let r = compat::check(&array_to_text::Blob::LAYOUT, &array_to_text::Text::LAYOUT);
    let m = "field `data`: `[u8; 4]` → `String` `rest of key`: the same bytes, but old keys may hold values the new field cannot, which no scan of the new layout finds";
    expect(&r, Rule::FieldType, Level::Breaking, Some("data"), m);
    assert!(r.changes.iter().all(|c| c.rule != Rule::FieldCodec), "{r}");
    // As bytes, for more values: every old key reads.
    let r = compat::check(&array_to_text::Blob::LAYOUT, &array_to_text::Bytes::LAYOUT);
    let m = "field `data`: `[u8; 4]` → `Vec<u8>` `rest of key`: the same bytes, and values old keys cannot hold; the old layout does not read those";
    expect(&r, Rule::FieldType, Level::ReadsOld, Some("data"), m);
}

mod widened_and_appended {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Old {
        #[pad(5)]
        pub id: u16,
    }
    /// `id` holds more values in the same digits; `extra` is appended.
    #[derive(RowKey)]
    pub struct New {
        #[pad(5)]
        pub id: u32,
        pub extra: u8,
    }
}

/// A witness is sought for each change below "reads old keys" only: the
/// widened field, which reads every old key, gets none, though keys show
/// the appended field's change.
#[test]
fn no_witness_for_a_change_that_reads_old_keys() {
    let r = compat::check(
        &widened_and_appended::Old::LAYOUT,
        &widened_and_appended::New::LAYOUT,
    );
    let (widened, appended) = (Rule::FieldType, Rule::FieldAppended);
    assert!(
        r.changes
            .iter()
            .any(|c| c.rule == widened && c.level == Level::ReadsOld),
        "{r}"
    );
    let rules: Vec<Rule> = r.witnesses.iter().map(|w| w.rule).collect();
    assert_eq!(rules, [appended], "{r}");
}

mod ordered_optional {
    use rowkey::RowKey;
    /// An `#[ordered]` text, inverted, owned.
    #[derive(RowKey)]
    pub struct Note {
        pub id: u8,
        #[ordered]
        #[reverse]
        pub name: Option<String>,
    }
}

/// `ordered_optional::Note` with its text said to be borrowed from the key:
/// a schema edited by hand (the derive refuses a borrowed inverted text).
const BORROWED_NOTE_FIELDS: [rowkey::Segment<'static>; 2] = [
    ordered_optional::Note::LAYOUT.segments[0],
    match ordered_optional::Note::LAYOUT.segments[1].kind {
        rowkey::FieldCodec::OrderedNull(rowkey::codec::ordered_field::OrderedNull {
            value: rowkey::codec::ordered_field::OrderedValue::Var(v),
            trailing,
        }) => rowkey::Segment {
            kind: rowkey::FieldCodec::OrderedNull(rowkey::codec::ordered_field::OrderedNull {
                value: rowkey::codec::ordered_field::OrderedValue::Var(
                    rowkey::codec::ordered_field::OrderedVar {
                        text: rowkey::codec::TextType {
                            borrowed: true,
                            ..v.text
                        },
                        ..v
                    },
                ),
                trailing,
            }),
            ..ordered_optional::Note::LAYOUT.segments[1]
        },
        _ => panic!("an ordered optional text"),
    },
];
const BORROWED_NOTE: Layout<'static> =
    with_segments(ordered_optional::Note::LAYOUT, &BORROWED_NOTE_FIELDS);

/// An `#[ordered]` `Option` of text is text to the check: read borrowed
/// and inverted, no old value can be held, though the bytes are the same.
#[test]
fn an_ordered_optional_text_borrowed_inverted_holds_no_old_value() {
    let r = compat::check(&ordered_optional::Note::LAYOUT, &BORROWED_NOTE);
    let codec = "`Option<String>` `Option<ordered text>, reverse`";
    let m = format!("field `name`: {codec} → {codec}: the same bytes, but the new type does not borrow some old values, so those keys no longer decode");
    expect(&r, Rule::FieldType, Level::OrderKept, Some("name"), &m);
}

mod ordered_blob {
    use rowkey::RowKey;
    /// An `#[ordered]` byte string (`BlobVar`), owned.
    #[derive(RowKey)]
    pub struct Blob {
        pub id: u8,
        #[ordered]
        pub data: Vec<u8>,
    }
}

/// `ordered_blob::Blob` with its bytes said to be borrowed from the key: a
/// schema edited by hand (a `BlobVar`'s bytes are 7-bit groups, never the
/// value's own, so the derive borrows none).
const BORROWED_BLOB_FIELDS: [rowkey::Segment<'static>; 2] = [
    ordered_blob::Blob::LAYOUT.segments[0],
    match ordered_blob::Blob::LAYOUT.segments[1].kind {
        rowkey::FieldCodec::OrderedVar(v) => rowkey::Segment {
            kind: rowkey::FieldCodec::OrderedVar(rowkey::codec::ordered_field::OrderedVar {
                text: rowkey::codec::TextType {
                    borrowed: true,
                    ..v.text
                },
                ..v
            }),
            ..ordered_blob::Blob::LAYOUT.segments[1]
        },
        _ => panic!("an ordered byte string"),
    },
];

/// An `#[ordered]` byte string is text to the check, and a `BlobVar` is
/// never its value's own bytes: read borrowed, even ascending, no old value
/// can be held.
#[test]
fn an_ordered_blob_read_borrowed_holds_no_old_value() {
    const NEW: Layout<'static> = with_segments(ordered_blob::Blob::LAYOUT, &BORROWED_BLOB_FIELDS);
    let r = compat::check(&ordered_blob::Blob::LAYOUT, &NEW);
    let codec = "`Vec<u8>` `ordered blob_var`";
    let m = format!("field `data`: {codec} → {codec}: the same bytes, but the new type does not borrow some old values, so those keys no longer decode");
    expect(&r, Rule::FieldType, Level::OrderKept, Some("data"), &m);
    // No new key was compared; the report still counts the old keys read.
    assert_eq!(r.checked.new_keys, 0, "{r}");
    let n = r.checked.old_keys;
    let line = format!("checked with rowkey::dynamic on {n} old keys and 0 new keys\n");
    assert!(n > 0 && r.to_string().ends_with(&line), "{r}");
}

mod appended_extra {
    use rowkey::RowKey;
    /// `uncapped::Fixed` with a byte appended.
    #[derive(RowKey)]
    pub struct Fixed {
        id: u32,
        extra: u8,
    }
}

/// `appended_extra::Fixed` with its id said to be descending though its
/// bytes are not, as `MISLABELLED` says of `uncapped::Fixed`.
const MISLABELLED_EXTRA: [rowkey::Segment<'static>; 2] = [
    rowkey::Segment {
        order: rowkey::Order::Descending,
        ..appended_extra::Fixed::LAYOUT.segments[0]
    },
    appended_extra::Fixed::LAYOUT.segments[1],
];

/// An old key that no longer decodes is still checked for its order: the
/// appended field leaves old keys unread, and the id mislabelled
/// descending puts them out of order with the new keys.
#[test]
fn keys_that_no_longer_decode_still_show_their_order() {
    const NEW: Layout<'static> = with_segments(appended_extra::Fixed::LAYOUT, &MISLABELLED_EXTRA);
    let r = compat::check(&uncapped::Fixed::LAYOUT, &NEW);
    let m =
        "a generated key shows what the rules above did not: old and new keys sort apart on `id`";
    expect(&r, Rule::Observed, Level::Breaking, None, m);
    assert_eq!(r.verdict, Level::Breaking, "{r}");
}

mod salted_more {
    use rowkey::RowKey;

    /// A bucket of `a`.
    #[derive(RowKey)]
    pub struct Old {
        #[salt(mod = 4)]
        pub a: u32,
    }

    /// A bucket of `a` and an appended `b`.
    #[derive(RowKey)]
    pub struct New {
        #[salt(mod = 4)]
        pub a: u32,
        #[salt(mod = 4)]
        pub b: u32,
    }
}

/// The new layout salts a field old keys lack, so its scan for an old key's
/// `a` spans every bucket; the old key lies in one of them, in whichever
/// bucket the scan lists first or later: no scan misses it.
#[test]
fn a_scan_over_every_bucket_holds_the_old_key() {
    let r = compat::check(&salted_more::Old::LAYOUT, &salted_more::New::LAYOUT);
    let m = "the salt hashes [`a`] → [`a`, `b`]: keys hash to other buckets";
    expect(&r, Rule::SaltFields, Level::Breaking, None, m);
    let misses = |w: &compat::Witness| matches!(w.shows, compat::Shows::ScanMisses { .. });
    assert!(!r.witnesses.iter().any(misses), "{r}");
}
