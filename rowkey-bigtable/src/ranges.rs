//! Key ranges as Bigtable row ranges, and many ranges (a fan-out) as one row set.

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::row_range::{EndKey, StartKey};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::{RowRange, RowSet};
// `KeyRange`: named by the docs and the tests.
#[cfg(any(doc, test))]
use rowkey::KeyRange;
use rowkey::{KeyRangeOf, RangeBytes};

/// A range of row keys that can be sent to Bigtable: implemented for [`KeyRange`] of any
/// capacity and for references to it, so [`row_set`] takes owned ranges (a fan-out iterator)
/// and borrowed ones alike.
pub trait ToRowRange {
    /// The range as Bigtable's [`RowRange`]: start key closed, end key open, no end key
    /// when the range is unbounded. See [`row_range`].
    fn to_row_range(&self) -> RowRange;

    /// Whether the range holds no key at all. [`row_set`] leaves such ranges out.
    fn is_empty_range(&self) -> bool;
}

impl<B: RangeBytes> ToRowRange for KeyRangeOf<B> {
    fn to_row_range(&self) -> RowRange {
        row_range(self)
    }

    fn is_empty_range(&self) -> bool {
        self.is_empty()
    }
}

impl<T: ToRowRange + ?Sized> ToRowRange for &T {
    fn to_row_range(&self) -> RowRange {
        (**self).to_row_range()
    }

    fn is_empty_range(&self) -> bool {
        (**self).is_empty_range()
    }
}

/// Converts a [`KeyRange`] into Bigtable's [`RowRange`].
///
/// | `KeyRange` | `RowRange` |
/// |---|---|
/// | `start()` (inclusive) | `start_key_closed`; no start key when `start()` is empty (Bigtable reads that as `""` inclusive, the same thing) |
/// | `end() == Some(e)` (exclusive) | `end_key_open = e` |
/// | `end() == None` (unbounded) | no end key: to the end of the table |
///
/// Both sides use the same bytewise order, so the rows Bigtable returns are exactly the
/// keys for which [`KeyRange::contains`] is true. An empty `KeyRange` (end at or before
/// start) gives a range Bigtable may reject; [`row_set`] drops those.
///
/// ```
/// use rowkey::KeyRange;
/// use rowkey_bigtable::proto::row_range::{EndKey, StartKey};
///
/// let r = rowkey_bigtable::row_range(&KeyRange::<64>::prefix(b"user1:")?);
/// assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(b"user1:".to_vec())));
/// assert_eq!(r.end_key, Some(EndKey::EndKeyOpen(b"user1;".to_vec())));
///
/// // A prefix of 0xFF bytes has no successor: the row range is open-ended.
/// let r = rowkey_bigtable::row_range(&KeyRange::<64>::prefix(&[0xFF, 0xFF])?);
/// assert_eq!(r.end_key, None);
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
pub fn row_range<B: RangeBytes>(range: &KeyRangeOf<B>) -> RowRange {
    let start = range.start();
    RowRange {
        start_key: (!start.is_empty()).then(|| StartKey::StartKeyClosed(start.to_vec())),
        end_key: range.end().map(|end| EndKey::EndKeyOpen(end.to_vec())),
    }
}

/// Puts every non-empty range into one [`RowSet`], in the order given: one `ReadRows`
/// request reads them all, and Bigtable returns the rows in key order across the set.
///
/// Empty ranges are left out. **An empty `RowSet` means the whole table to Bigtable**, so
/// check [`row_set_is_empty`] before sending one built from ranges that may all be empty;
/// [`Bigtable::read_rows`](crate::Bigtable::read_rows) does, and sends no request then.
///
/// ```
/// use rowkey::KeyRange;
///
/// let buckets = (0u8..4).map(|b| KeyRange::<64>::prefix(&[b, 7]).unwrap());
/// let set = rowkey_bigtable::row_set(buckets);
/// assert_eq!(set.row_ranges.len(), 4);
/// assert!(set.row_keys.is_empty());
/// ```
pub fn row_set<I>(ranges: I) -> RowSet
where
    I: IntoIterator,
    I::Item: ToRowRange,
{
    RowSet {
        row_keys: Vec::new(),
        row_ranges: ranges
            .into_iter()
            .filter(|r| !r.is_empty_range())
            .map(|r| r.to_row_range())
            .collect(),
    }
}

/// Whether `set` names no row and no range, which Bigtable would read as the whole table.
pub fn row_set_is_empty(set: &RowSet) -> bool {
    set.row_keys.is_empty() && set.row_ranges.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kr(start: &[u8], end: Option<&[u8]>) -> KeyRange {
        KeyRange::new(start, end).unwrap()
    }

    #[test]
    fn bounded_range_is_closed_open() {
        let r = row_range(&kr(b"a", Some(b"b")));
        assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(b"a".to_vec())));
        assert_eq!(r.end_key, Some(EndKey::EndKeyOpen(b"b".to_vec())));
    }

    #[test]
    fn unbounded_end_has_no_end_key() {
        let r = row_range(&kr(&[0x10, 0xFF], None));
        assert_eq!(
            r.start_key,
            Some(StartKey::StartKeyClosed(vec![0x10, 0xFF]))
        );
        assert_eq!(r.end_key, None);
        // A prefix of 0xFF bytes is open-ended too.
        let r = row_range(&KeyRange::<64>::prefix(&[0xFF]).unwrap());
        assert_eq!(r.end_key, None);
    }

    #[test]
    fn whole_key_space_has_no_keys() {
        let r = row_range(&KeyRange::<64>::all());
        assert_eq!(r.start_key, None);
        assert_eq!(r.end_key, None);
    }

    #[test]
    fn capacity_is_generic() {
        let wide = KeyRange::<130>::new(&[7; 129], None).unwrap();
        let r = row_range(&wide);
        assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(vec![7; 129])));
    }

    #[test]
    fn row_set_keeps_order_and_drops_empty_ranges() {
        let ranges = [
            kr(b"a", Some(b"b")),
            kr(b"c", Some(b"c")), // empty
            kr(b"x", None),
        ];
        let set = row_set(ranges.iter());
        assert_eq!(set.row_ranges.len(), 2);
        assert_eq!(set.row_ranges[0], row_range(&ranges[0]));
        assert_eq!(set.row_ranges[1], row_range(&ranges[2]));
        assert!(!row_set_is_empty(&set));
        // Owned ranges (a fan-out iterator) work the same.
        let owned = row_set(ranges.iter().copied());
        assert_eq!(owned, set);
        // All empty: an empty set, which callers must not send.
        assert!(row_set_is_empty(&row_set([kr(b"q", Some(b"a"))])));
    }
}
