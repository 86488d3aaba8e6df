//! Skip scans: a condition on each field of a key (nothing, one value, a
//! set of values, or a range), compiled to the fewest exact key ranges, and
//! seek hints for the conditions ranges cannot express, as Apache Phoenix's
//! skip scan does for HBase. Feature `select`, which also gives
//! `#[rowkey(select)]` and [`dynamic::select`](crate::dynamic::select):
//! `rowkey = { version = "0.1", features = ["select"] }`.
//!
//! A derived key has a typed builder, `select()`, with one method per field
//! that takes the field's own type (`&str` for strings; tags take none):
//!
//! ```
//! use std::collections::BTreeMap;
//! use rowkey::RowKey;
//!
//! #[derive(RowKey)]
//! #[rowkey(select)]
//! struct FileKey {
//!     #[pad(6)] user_id: u32,
//!     #[pad(8)] create_date: u32,
//!     #[pad(6)] file_id: u64,
//! }
//!
//! // Users 1, 5 and 9, the first two weeks of September: three ranges, not one
//! // scan over users 1 to 9.
//! let s = FileKey::select().user_id([1, 5, 9]).create_date(20120901..=20120914).build()?;
//! assert_eq!(s.ranges().len(), 3);
//! assert_eq!(s.ranges()[1].start(), b"00000520120901");
//! assert_eq!(s.ranges()[1].end(), Some(&b"00000520120915"[..]));
//!
//! // User 1, all of September, files 3 and 7: one range for the dates, and
//! // the files by seeking (`next_hint`) instead of reading every file.
//! let s = FileKey::select().user_id(1).create_date(20120901..=20120930).file_id([3, 7]).build()?;
//! let mut table = BTreeMap::new();
//! for day in 20120901..=20120930 {
//!     for file in 0..100 {
//!         table.insert(FileKey { user_id: 1, create_date: day, file_id: file }.encode()?.to_vec(), ());
//!     }
//! }
//! let mut scan = s.scan(|r| table.range::<[u8], _>(r.bounds()));
//! let found = scan.by_ref().count();
//! assert_eq!(found, 60);
//! let stats = scan.stats();
//! assert_eq!(stats.matches, 60);
//! assert!(stats.rows_read <= 2 * stats.matches); // a full scan reads 3,000
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! How the ranges are made: the fields are taken in key order. While a
//! field has one value or a set, each value continues every combination so
//! far (the cartesian product, each value's bytes by its codec). The first
//! field with a range or no condition ends the ranges: each combination's
//! keys whose field lies in that range, or all of them. A salt bucket leads
//! each range: the bucket of the combination when its values fix the salted
//! fields, else one range per bucket. The ranges are sorted and merged where
//! they touch. The fields after that one are checked on each row read
//! ([`Select::matches`]), and skipped by seeking ([`Select::next_hint`]).
//!
//! The number of ranges is capped ([`DEFAULT_MAX_RANGES`], or
//! [`Predicate::max_ranges`]): past it the product stops at an earlier field,
//! whose values are then checked per row, and [`Select::covering`] says so.

mod encode;
mod error;
mod field;
mod hint;
mod pick;
mod ranges;
mod scan;
mod value;

use alloc::vec::Vec;
use core::ops::Bound;

use crate::value::{InputError, Value};
use crate::{FieldCodec, KeyRangeBuf, Layout, Segment};
use field::{intervals, Condition, Field, Point, Shape};

pub use error::{SelectError, SelectErrorKind};
pub use pick::{Pick, Picked, Values};
pub use ranges::Covering;
pub use scan::{ScanStats, SkipScan};
pub use value::IntoValue;

/// The most ranges a select compiles to unless told otherwise. Each range
/// is a seek in a store and a `RowRange` of about twice the key's bytes in
/// a Bigtable request, so 10,000 ranges of 20-byte keys make a row set of
/// about 500 KB: under the 1 MB that Bigtable's engineers gave as the
/// limit of a request's row set (googleapis/google-cloud-go#732) and at the
/// 512 KiB at which a request was seen refused
/// (googleapis/google-cloud-python#6836).
pub const DEFAULT_MAX_RANGES: usize = 10_000;

/// A select being built: a condition per field, as the key's bytes. The
/// typed `select()` builder of a derived key fills one in; code that knows a
/// key only by its layout (the command line) fills it in by field index.
#[derive(Debug, Clone)]
pub struct Predicate<'a> {
    layout: &'a Layout<'a>,
    conditions: Vec<Condition>,
    max_ranges: usize,
    error: Option<SelectError>,
}

impl<'a> Predicate<'a> {
    /// No condition on any field of `layout` (a tag is its own value).
    pub fn new(layout: &'a Layout<'a>) -> Self {
        let conditions = layout
            .segments
            .iter()
            .map(|s| match s.kind {
                FieldCodec::Tag(t) => Condition::Points(alloc::vec![Point {
                    bytes: t.0.to_vec(),
                    last: None,
                }]),
                _ => Condition::Any,
            })
            .collect();
        Predicate {
            layout,
            conditions,
            max_ranges: DEFAULT_MAX_RANGES,
            error: None,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &'a Layout<'a> {
        self.layout
    }

    /// The index in `layout.segments` of field `name` (never the salt bucket's).
    pub fn field(&self, name: &str) -> Option<usize> {
        self.layout.field_index(name)
    }

    /// Caps the ranges at `n` (at least 1); past it they cover more keys
    /// than match ([`Select::covering`]).
    pub fn max_ranges(&mut self, n: usize) {
        self.max_ranges = n.max(1);
    }

    /// Records the first error; [`Predicate::build`] returns it.
    pub fn fail(&mut self, e: SelectError) {
        self.error.get_or_insert(e);
    }

    /// Field `i` holds one of these values, each given as the bytes the key
    /// holds when a field follows it (a Phoenix `VARCHAR` with its
    /// separator). A later call replaces the condition.
    pub fn set_values(&mut self, i: usize, values: Vec<Vec<u8>>) {
        if values.is_empty() {
            return self.fail(SelectError::new(
                self.layout.segments[i].name,
                SelectErrorKind::EmptySet,
            ));
        }
        let shape = Shape::of(self.layout, i);
        let mut points: Vec<Point> = values.into_iter().map(|b| Point::new(&shape, b)).collect();
        points.sort_by(|a, b| a.bytes.cmp(&b.bytes));
        points.dedup_by(|a, b| a.bytes == b.bytes);
        self.conditions[i] = Condition::Points(points);
    }

    /// Field `i` lies in `range`: the keys whose bytes from the field on
    /// lie in it, as the field's codec writes a range with no head.
    pub fn set_range(&mut self, i: usize, range: KeyRangeBuf) {
        if !Shape::of(self.layout, i).holds_a_value(&range) {
            return self.fail(SelectError::new(
                self.layout.segments[i].name,
                SelectErrorKind::EmptyRange,
            ));
        }
        self.conditions[i] = Condition::Range(range);
    }

    /// Field `i`'s condition from what the user picked: each value written
    /// by the field's codec, a range by its `range`. What a typed builder
    /// calls; a value or bound the codec refuses is kept for
    /// [`Predicate::build`].
    pub fn pick<T: IntoValue + PartialOrd>(&mut self, i: usize, picked: Picked<T>) {
        match picked {
            Picked::Values(vs) => self.typed_values(i, vs),
            Picked::Range(lo, hi) if crossed(&lo, &hi) => self.fail(SelectError::new(
                self.layout.segments[i].name,
                SelectErrorKind::EmptyRange,
            )),
            Picked::Range(lo, hi) => {
                let seg = &self.layout.segments[i];
                let bound = |b: Bound<T>| -> Result<Bound<Value<'static>>, SelectError> {
                    Ok(match b {
                        Bound::Included(v) => Bound::Included(typed(seg, v)?),
                        Bound::Excluded(v) => Bound::Excluded(typed(seg, v)?),
                        Bound::Unbounded => Bound::Unbounded,
                    })
                };
                match bound(lo).and_then(|lo| Ok((lo, bound(hi)?))) {
                    Ok((lo, hi)) => self.range_of(i, lo.as_ref(), hi.as_ref()),
                    Err(e) => self.fail(e),
                }
            }
        }
    }

    /// [`Predicate::pick`] for a field whose bytes do not keep order: a
    /// range is refused ([`SelectErrorKind::Unordered`]).
    pub fn pick_values<T: IntoValue>(&mut self, i: usize, picked: Picked<T>) {
        match picked {
            Picked::Values(vs) => self.typed_values(i, vs),
            Picked::Range(..) => self.fail(SelectError::new(
                self.layout.segments[i].name,
                SelectErrorKind::Unordered,
            )),
        }
    }

    /// [`Predicate::pick_values`] for a field whose values `encode` writes
    /// (a nested key, by its own `encode_into`).
    pub fn pick_bytes<T>(
        &mut self,
        i: usize,
        picked: Picked<T>,
        encode: impl Fn(&T) -> Result<Vec<u8>, crate::EncodeError>,
    ) {
        let name = self.layout.segments[i].name;
        match picked {
            Picked::Values(vs) => match vs.iter().map(encode).collect() {
                Ok(bytes) => self.set_values(i, bytes),
                Err(e) => self.fail(SelectError::encode(name, e)),
            },
            Picked::Range(..) => self.fail(SelectError::new(name, SelectErrorKind::Unordered)),
        }
    }

    fn typed_values<T: IntoValue>(&mut self, i: usize, values: Vec<T>) {
        let seg = &self.layout.segments[i];
        match values
            .into_iter()
            .map(|v| typed(seg, v))
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(values) => self.values_of(i, &values),
            Err(e) => self.fail(e),
        }
    }

    /// Field `i` holds one of `values`, written by its codec.
    pub(crate) fn values_of(&mut self, i: usize, values: &[Value<'_>]) {
        let seg = &self.layout.segments[i];
        match values.iter().map(|v| encode::value_bytes(seg, v)).collect() {
            Ok(bytes) => self.set_values(i, bytes),
            Err(e) => self.fail(input(seg, e)),
        }
    }

    /// Field `i` lies between the bounds, written by its codec's `range`.
    pub(crate) fn range_of(&mut self, i: usize, lo: Bound<&Value<'_>>, hi: Bound<&Value<'_>>) {
        match encode::range(self.layout, i, lo, hi) {
            Ok(r) => self.set_range(i, r),
            Err(e) => self.fail(input(&self.layout.segments[i], e)),
        }
    }

    /// The select: its ranges compiled, its conditions ready to check keys.
    ///
    /// # Errors
    /// The first field error recorded: an empty set, a range that holds no
    /// value, a value the field cannot hold.
    pub fn build(self) -> Result<Select<'a>, SelectError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let layout = self.layout;
        let fields: Vec<Field<'a>> = self
            .conditions
            .into_iter()
            .enumerate()
            .map(|(i, condition)| {
                let shape = Shape::of(layout, i);
                Field {
                    name: layout.segments[i].name,
                    intervals: intervals(&shape, &condition),
                    shape,
                    condition,
                }
            })
            .collect();
        let compiled = ranges::compile(layout, &fields, self.max_ranges)
            .map_err(|e| SelectError::encode(layout.name, e))?;
        let checked = (0..fields.len())
            .filter(|&i| !matches!(fields[i].condition, Condition::Any))
            .collect();
        Ok(Select {
            layout,
            fields,
            checked,
            ranges: compiled.ranges,
            covering: compiled.covering,
        })
    }
}

/// A typed value as the codecs' [`Value`], its error naming the field.
fn typed<T: IntoValue>(seg: &Segment<'_>, v: T) -> Result<Value<'static>, SelectError> {
    v.into_value().map_err(|e| SelectError::encode(seg.name, e))
}

/// A codec's refusal of a value as the select's error: "field `name`: "
/// once, from the select error.
pub(crate) fn input(seg: &Segment<'_>, e: InputError) -> SelectError {
    let head = alloc::format!("field `{}`: ", seg.name);
    let why = e.0.strip_prefix(&head).map(Into::into).unwrap_or(e.0);
    SelectError::new(seg.name, SelectErrorKind::Input(why))
}

/// Whether both bounds are given and admit no value between them: the low
/// end above the high one, or equal to it with either end excluded.
fn crossed<T: PartialOrd>(lo: &Bound<T>, hi: &Bound<T>) -> bool {
    match (lo, hi) {
        (Bound::Included(l), Bound::Included(h)) => l > h,
        (Bound::Included(l) | Bound::Excluded(l), Bound::Included(h) | Bound::Excluded(h)) => {
            l >= h
        }
        _ => false,
    }
}

/// A compiled select: its key ranges, and the check and seek hint for every
/// key read from them. Build one with a derived key's `select()`.
#[derive(Debug, Clone)]
pub struct Select<'a> {
    layout: &'a Layout<'a>,
    fields: Vec<Field<'a>>,
    /// The fields with a condition.
    checked: Vec<usize>,
    ranges: Vec<KeyRangeBuf>,
    covering: Option<Covering>,
}

impl<'a> Select<'a> {
    /// The key ranges to scan: sorted, disjoint, none touching the next.
    /// Every matching key lies in one; those of a key whose conditions end
    /// with a range (or whose last conditions are values) hold nothing else,
    /// unless [`Select::covering`] says otherwise.
    pub fn ranges(&self) -> &[KeyRangeBuf] {
        &self.ranges
    }

    /// `Some` when the cap made the ranges cover more keys than the exact
    /// ones would, and why.
    pub fn covering(&self) -> Option<&Covering> {
        self.covering.as_ref()
    }

    /// Whether every key in the ranges matches, so a scan needs no check
    /// per row: no condition is left after the field the ranges end with,
    /// and the cap did not widen them.
    pub fn ranges_are_exact(&self) -> bool {
        self.covering.is_none() && self.filtered().is_empty()
    }

    /// The fields whose conditions the ranges do not spell out, which
    /// [`Select::matches`] checks on each row read: those after the field
    /// the ranges end with, and those the cap left out.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// #[rowkey(select)]
    /// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }
    ///
    /// let s = FileKey::select().user_id(1).create_date(20120901..=20120930).file_id([3, 7]).build()?;
    /// assert_eq!(s.filtered(), ["file_id"]);
    /// # Ok::<(), rowkey::select::SelectError>(())
    /// ```
    pub fn filtered(&self) -> Vec<&'a str> {
        let first = usize::from(self.layout.salt.is_some());
        let last = (first..self.fields.len())
            .find(|&i| !matches!(self.fields[i].condition, Condition::Points(_)))
            .unwrap_or(self.fields.len());
        let open = match self.fields.get(last).map(|f| &f.condition) {
            Some(Condition::Range(_)) => last + 1,
            _ => last,
        };
        let capped = self.covering.as_ref().map_or(&[][..], |c| &c.filtered[..]);
        self.checked
            .iter()
            .map(|&i| (i, self.fields[i].name))
            .filter(|(i, name)| *i >= open || capped.iter().any(|c| c == name))
            .map(|(_, name)| name)
            .collect()
    }

    /// The key's layout.
    pub fn layout(&self) -> &'a Layout<'a> {
        self.layout
    }
}
