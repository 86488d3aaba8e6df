#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

pub use rowkey_core::*;

/// Derives [`RowKey`](trait@RowKey) for a struct (a key) or an enum of key
/// types, with the scan helpers.
///
/// # Scan helpers
///
/// For every leading run of fields `a, b, ..` the derive generates, as
/// associated functions of the key type:
///
/// - `prefix_for_a_b(a, b)`: every key whose fields `a` and `b` are these;
/// - `range_for_a_b(a, b_range)`: every key whose `a` is this and whose `b`
///   lies in `b_range`, any `RangeBounds` (`x..y`, `x..=y`, `..`,
///   `(Bound, Bound)`). Only for fields whose bytes sort as their values
///   (not hashes, mirrored, optional or nested fields, nor variable-length
///   ones);
/// - `prefix_for_a_b_within(a, &b_range)` when `b` is a nested key: every key
///   whose nested `b` lies in a range made by `b`'s own helpers.
///
/// Arguments take the field's type, except strings and bytes, which take
/// `&str` and `&[u8]` (so a `String` field takes `&str`), and `#[tag]`
/// fields, which take none: their bytes are constant. Each helper's doc
/// comment names the bytes it selects.
///
/// A helper returns a [`KeyRange`] sized to the key (`KeyRange<{ WIDTH + 1 }>`;
/// a [`KeyRangeBuf`] on the heap for variable-length keys and keys of 256
/// bytes or more) when its arguments pin the salt bucket
/// (every salted field is among them, or the key is not salted), and a
/// [`BucketRanges`], one range per bucket in bucket order, when they do not.
///
/// ```
/// use rowkey::{KeyRange, RowKey};
///
/// #[derive(RowKey)]
/// struct Page {
///     #[tag(b"p")] kind: (),
///     #[fixed(8)] site: String,
///     #[pad(4)] year: u16,
///     id: u32,
/// }
///
/// // The tag takes no argument; the `String` field takes a `&str`.
/// let site: KeyRange<{ Page::WIDTH + 1 }> = Page::prefix_for_kind_site("example")?;
/// let years: KeyRange<{ Page::WIDTH + 1 }> = Page::range_for_kind_site_year("example", 2020..=2024)?;
/// let key = Page { kind: (), site: "example".into(), year: 2022, id: 1 }.encode()?;
/// assert!(site.contains(&key) && years.contains(&key));
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
///
/// # Salted keys: `SALT`, `split_points`
///
/// A key with `#[salt(mod = N)]` fields (or `#[rowkey(salt(buckets = N,
/// phoenix))]`) also gets `SALT`, the [`Salt`] that computes its bucket,
/// and `split_points()`, the bucket boundaries to pre-split a table on.
///
/// ```
/// use rowkey::{BucketRanges, KeyRange, RowKey};
///
/// #[derive(RowKey)]
/// struct Log { #[salt(mod = 8)] ts: u64, host: u32 }
///
/// let each_bucket: BucketRanges<{ Log::WIDTH + 1 }> = Log::range_for_ts(1_000..2_000)?; // `ts` is salted
/// assert_eq!(each_bucket.len(), 8);
/// let one: KeyRange<{ Log::WIDTH + 1 }> = Log::prefix_for_ts(1_500)?; // `ts` pins the bucket
/// assert_eq!(Log::SALT.buckets(), 8);
/// assert_eq!(Log::split_points().count(), 7);
/// # let _ = one;
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
///
/// # Skip scans: `select()`
///
/// With the `select` feature (`rowkey = { version = "0.1", features =
/// ["select"] }`), on a key marked `#[rowkey(select)]` (opt-in: the builder
/// costs the key's crate about as much to compile as its scan helpers),
/// `T::select()` is a
/// builder with one method per field (tags have none),
/// taking a value, a set of values or, on a field whose bytes keep order, a
/// range, in the field's own type; `build()` compiles it to the fewest exact
/// key ranges and the check and seek hint for the fields past them
/// (`rowkey::select::Select`).
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[rowkey(select)]
/// struct Page { #[fixed(8)] site: String, #[pad(4)] year: u16, id: u32 }
///
/// let s = Page::select().site(["a.org", "b.org"]).year(2020..=2024).build()?;
/// assert_eq!(s.ranges().len(), 2);
/// let key = Page { site: "b.org".into(), year: 2022, id: 1 }.encode()?;
/// assert!(s.matches(&key));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Nested keys: `_within`
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct MainKey { user: u32, ts: u64 }
/// #[derive(RowKey)]
/// struct IndexKey { region: u16, main: MainKey }
///
/// let user_7 = MainKey::prefix_for_user(7)?;
/// let r = IndexKey::prefix_for_region_main_within(3, &user_7)?;
/// let key = IndexKey { region: 3, main: MainKey { user: 7, ts: 1 } }.encode()?;
/// assert!(r.contains(&key));
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
///
/// # The view
///
/// `#[rowkey(view)]` on a fixed-width key without lifetimes adds
/// `T::view(&bytes)`, a zerocopy view whose getters decode one field each,
/// without decoding the rest. Its type is `<T as HasView>::View`, or the
/// name given by `#[rowkey(view = Name)]`. It needs the `view` feature, which
/// is off by default (`rowkey = { version = "0.1", features = ["view"] }`);
/// keys that do not ask for a view get none.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[rowkey(view = MetricView)]
/// struct Metric { #[salt(mod = 100)] host: u32, #[reverse] ts: u64 }
///
/// let key = Metric { host: 3, ts: 9 }.encode()?;
/// let view: &MetricView = Metric::view(&key)?;
/// assert_eq!(view.ts()?, 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Enums of key types
///
/// `#[derive(RowKey)]` on an enum whose every variant wraps one key type
/// decodes a mixed scan into the right variant. The decoding rule:
///
/// - with `#[tag(..)]` on every variant, the variant's tag is written before
///   its member's key and decode picks the member whose tag leads the bytes.
///   Tags must be prefix-free (no tag starts another), or the derive names
///   the two variants;
/// - without tags, decode tries the members in order, and the derive proves
///   at compile time, from the members' `LAYOUT`s, that no bytes decode as
///   two of them: each pair must differ in a `#[tag]` field at the same
///   offset and of the same width (before any variable-length field), or
///   both have a fixed width and the widths differ. Otherwise compilation
///   fails naming the two members; add `#[tag]`s to the variants.
///
/// The enum implements `RowKey` (with the `alloc` feature: `encode` returns
/// a `Vec<u8>`) and `From` each member.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct UserKey { user: u64 }
/// #[derive(RowKey, Debug, PartialEq)]
/// struct GroupKey { group: u64 }
///
/// // Same layout: the variant tags tell them apart.
/// #[derive(RowKey, Debug, PartialEq)]
/// enum Row {
///     #[tag(b"u")] User(UserKey),
///     #[tag(b"g")] Group(GroupKey),
/// }
///
/// let bytes = Row::Group(GroupKey { group: 5 }).encode()?;
/// assert_eq!(bytes[0], b'g');
/// assert_eq!(Row::decode(&bytes)?, Row::Group(GroupKey { group: 5 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;
