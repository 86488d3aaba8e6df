//! What a read has left to do: its row set as sorted, disjoint key ranges, trimmed as rows
//! arrive, and cut into requests that fit the service's size limit.
//!
//! Every bound is brought to one form, `[start, end)` with `start` inclusive and `end`
//! exclusive or absent: an open start `k` becomes the closed start `k\0` (the smallest key
//! after `k`), a closed end `k` the open end `k\0`, a row key `k` the range `[k, k\0)`. In
//! that form trimming is one comparison, and so is cutting.
//!
//! Trimming follows the official clients. After the last row delivered, Java's
//! `ReadRowsResumptionStrategy.getResumeRequest` erases every key and range at or before it
//! (`RowSetUtil.erase`) and lowers `rows_limit` by the rows already seen; Go's
//! `RowRange.retainRowsAfter` starts the resumed range at `lastRowKey + "\x00"` (before
//! `lastRowKey` for a reversed read). A range left empty is dropped; when nothing is left,
//! the read is complete (an empty row set would mean the whole table to Bigtable).

use std::collections::VecDeque;

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::row_range::{EndKey, StartKey};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::{RowRange, RowSet};
use prost::encoding;

/// One range of keys, `[start, end)`; `end == None` runs to the end of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Span {
    start: Vec<u8>,
    end: Option<Vec<u8>>,
}

/// The smallest key after `key`.
fn successor(key: &[u8]) -> Vec<u8> {
    let mut next = Vec::with_capacity(key.len() + 1);
    next.extend_from_slice(key);
    next.push(0);
    next
}

impl Span {
    fn of_range(range: &RowRange) -> Span {
        let start = match &range.start_key {
            Some(StartKey::StartKeyClosed(k)) => k.clone(),
            Some(StartKey::StartKeyOpen(k)) => successor(k),
            None => Vec::new(),
        };
        let end = match &range.end_key {
            Some(EndKey::EndKeyOpen(k)) => Some(k.clone()),
            Some(EndKey::EndKeyClosed(k)) => Some(successor(k)),
            None => None,
        };
        Span { start, end }
    }

    fn of_key(key: &[u8]) -> Span {
        Span {
            start: key.to_vec(),
            end: Some(successor(key)),
        }
    }

    fn is_empty(&self) -> bool {
        self.end.as_ref().is_some_and(|end| *end <= self.start)
    }

    /// A single key `[k, k\0)`, sent as a row key: half the bytes of a range.
    fn single_key(&self) -> Option<&[u8]> {
        let end = self.end.as_deref()?;
        (end.len() == self.start.len() + 1 && end.ends_with(&[0]) && end.starts_with(&self.start))
            .then_some(self.start.as_slice())
    }

    fn row_range(&self) -> RowRange {
        RowRange {
            start_key: (!self.start.is_empty())
                .then(|| StartKey::StartKeyClosed(self.start.clone())),
            end_key: self.end.clone().map(EndKey::EndKeyOpen),
        }
    }

    /// The bytes this span adds to a `RowSet` message.
    fn encoded_len(&self) -> usize {
        match self.single_key() {
            Some(key) => encoding::bytes::encoded_len(1, &key.to_vec()),
            None => encoding::message::encoded_len(2, &self.row_range()),
        }
    }

    fn add_to(&self, set: &mut RowSet) {
        match self.single_key() {
            Some(key) => set.row_keys.push(key.to_vec()),
            None => set.row_ranges.push(self.row_range()),
        }
    }
}

/// The part of a read a request covers: its row set, and the edge of the keys it covers
/// (its last span's end going forwards, its first span's start when reversed).
#[derive(Debug, Clone)]
pub(crate) struct Cut {
    pub(crate) rows: RowSet,
    edge: Edge,
}

/// Where a request's spans stop, in the read's direction.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Edge {
    /// Forwards: every key below this one (`None`: every key) is covered.
    Below(Option<Vec<u8>>),
    /// Reversed: every key at or above this one is covered.
    From(Vec<u8>),
}

/// The keys a read has still to deliver: disjoint spans in key order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Remaining {
    spans: VecDeque<Span>,
}

impl Remaining {
    /// The keys of `set`, its ranges and row keys merged where they overlap or touch.
    pub(crate) fn new(set: &RowSet) -> Remaining {
        let mut spans: Vec<Span> = set.row_ranges.iter().map(Span::of_range).collect();
        spans.extend(set.row_keys.iter().map(|k| Span::of_key(k)));
        spans.retain(|s| !s.is_empty());
        spans.sort_by(|a, b| a.start.cmp(&b.start));
        let mut merged: VecDeque<Span> = VecDeque::with_capacity(spans.len());
        for span in spans {
            match merged.back_mut() {
                Some(last) if last.end.as_ref().is_none_or(|end| *end >= span.start) => {
                    last.end = match (last.end.take(), span.end) {
                        (Some(a), Some(b)) => Some(a.max(b)),
                        _ => None,
                    };
                }
                _ => merged.push_back(span),
            }
        }
        Remaining { spans: merged }
    }

    /// Whether no key is left.
    pub(crate) fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The remaining keys as a row set (empty when nothing is left).
    pub(crate) fn row_set(&self) -> RowSet {
        let mut set = RowSet::default();
        self.spans.iter().for_each(|s| s.add_to(&mut set));
        set
    }

    /// Drops every key at or before `key` (forwards) or at or after it (`reversed`): the
    /// rows up to `key` have been delivered.
    pub(crate) fn delivered(&mut self, key: &[u8], reversed: bool) {
        if reversed {
            self.keep_below(key);
        } else {
            self.keep_from(&successor(key));
        }
    }

    /// Drops the keys a request covered, now that it finished without being cut short.
    pub(crate) fn covered(&mut self, cut: &Cut) {
        match &cut.edge {
            Edge::Below(Some(end)) => self.keep_from(end),
            Edge::Below(None) => self.spans.clear(),
            Edge::From(start) => self.keep_below(start),
        }
    }

    /// Keeps the keys at or after `start`.
    fn keep_from(&mut self, start: &[u8]) {
        while let Some(first) = self.spans.front_mut() {
            if first.start.as_slice() >= start {
                return;
            }
            first.start = start.to_vec();
            if !first.is_empty() {
                return;
            }
            self.spans.pop_front();
        }
    }

    /// Keeps the keys below `end`.
    fn keep_below(&mut self, end: &[u8]) {
        while let Some(last) = self.spans.back_mut() {
            if last.end.as_deref().is_some_and(|e| e <= end) {
                return;
            }
            last.end = Some(end.to_vec());
            if !last.is_empty() {
                return;
            }
            self.spans.pop_back();
        }
    }

    /// The encoded size of the largest span: no request can be smaller.
    pub(crate) fn largest_span(&self) -> usize {
        self.spans.iter().map(Span::encoded_len).max().unwrap_or(0)
    }

    /// The next request's share: spans from the front (the back when `reversed`) while their
    /// encoded row set stays within `max_bytes`, and always at least one. `None` when nothing
    /// is left.
    pub(crate) fn cut(&self, max_bytes: usize, reversed: bool) -> Option<Cut> {
        let mut rows = RowSet::default();
        let mut bytes = 0;
        let mut taken: Option<&Span> = None;
        let order: Box<dyn Iterator<Item = &Span>> = if reversed {
            Box::new(self.spans.iter().rev())
        } else {
            Box::new(self.spans.iter())
        };
        for span in order {
            let len = span.encoded_len();
            if taken.is_some() && bytes + len > max_bytes {
                break;
            }
            bytes += len;
            span.add_to(&mut rows);
            taken = Some(span);
        }
        let last = taken?;
        let edge = if reversed {
            Edge::From(last.start.clone())
        } else {
            Edge::Below(last.end.clone())
        };
        Some(Cut { rows, edge })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn closed_open(start: &[u8], end: Option<&[u8]>) -> RowRange {
        RowRange {
            start_key: Some(StartKey::StartKeyClosed(start.to_vec())),
            end_key: end.map(|e| EndKey::EndKeyOpen(e.to_vec())),
        }
    }

    /// Whether `key` is in `set` as Bigtable reads it.
    fn in_set(set: &RowSet, key: &[u8]) -> bool {
        set.row_keys.iter().any(|k| k == key)
            || set.row_ranges.iter().any(|r| {
                let above = match &r.start_key {
                    Some(StartKey::StartKeyClosed(s)) => key >= s.as_slice(),
                    Some(StartKey::StartKeyOpen(s)) => key > s.as_slice(),
                    None => true,
                };
                let below = match &r.end_key {
                    Some(EndKey::EndKeyOpen(e)) => key < e.as_slice(),
                    Some(EndKey::EndKeyClosed(e)) => key <= e.as_slice(),
                    None => true,
                };
                above && below
            })
    }

    #[test]
    fn overlapping_ranges_and_keys_merge() {
        let set = RowSet {
            row_keys: vec![b"b".to_vec(), b"z".to_vec()],
            row_ranges: vec![
                closed_open(b"c", Some(b"f")),
                closed_open(b"a", Some(b"d")),
                closed_open(b"x", Some(b"x")),
            ],
        };
        let left = Remaining::new(&set).row_set();
        assert_eq!(left.row_ranges, [closed_open(b"a", Some(b"f"))]);
        assert_eq!(left.row_keys, [b"z".to_vec()]);
    }

    #[test]
    fn delivered_trims_forwards_and_backwards() {
        let set = RowSet {
            row_keys: vec![],
            row_ranges: vec![closed_open(b"a", Some(b"c")), closed_open(b"m", None)],
        };
        let mut forwards = Remaining::new(&set);
        forwards.delivered(b"b", false);
        assert_eq!(
            forwards.row_set().row_ranges,
            [closed_open(b"b\0", Some(b"c")), closed_open(b"m", None)]
        );
        forwards.delivered(b"q", false);
        assert_eq!(forwards.row_set().row_ranges, [closed_open(b"q\0", None)]);
        let mut backwards = Remaining::new(&set);
        backwards.delivered(b"n", true);
        assert_eq!(
            backwards.row_set().row_ranges,
            [closed_open(b"a", Some(b"c")), closed_open(b"m", Some(b"n"))]
        );
        backwards.delivered(b"m", true);
        backwards.delivered(b"a", true);
        assert!(backwards.is_empty());
    }

    #[test]
    fn cut_keeps_requests_under_the_budget() {
        let set = RowSet {
            row_keys: (0..100u8).map(|k| vec![k, 1]).collect(),
            row_ranges: vec![],
        };
        let mut left = Remaining::new(&set);
        let per_key = encoding::bytes::encoded_len(1, &vec![0u8, 1]);
        let mut requests = 0;
        while let Some(cut) = left.cut(per_key * 30, false) {
            assert!(cut.rows.row_keys.len() <= 30);
            left.covered(&cut);
            requests += 1;
        }
        assert_eq!(requests, 4);
        // A span larger than the budget still goes, alone; `largest_span` says so first.
        let left = Remaining::new(&set);
        assert_eq!(left.cut(1, true).unwrap().rows.row_keys, [vec![99, 1]]);
        assert_eq!(left.largest_span(), per_key);
    }

    /// Keys over a small alphabet, so that ranges, keys and trims collide often.
    fn key() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(prop_oneof![Just(0u8), Just(1), Just(2), Just(255)], 0..4)
    }

    fn range() -> impl Strategy<Value = RowRange> {
        let start = prop_oneof![
            Just(None),
            key().prop_map(|k| Some(StartKey::StartKeyClosed(k))),
            key().prop_map(|k| Some(StartKey::StartKeyOpen(k))),
        ];
        let end = prop_oneof![
            Just(None),
            key().prop_map(|k| Some(EndKey::EndKeyOpen(k))),
            key().prop_map(|k| Some(EndKey::EndKeyClosed(k))),
        ];
        (start, end).prop_map(|(start_key, end_key)| RowRange { start_key, end_key })
    }

    /// Every key of up to 4 bytes over the alphabet, and a few longer ones.
    fn universe() -> BTreeSet<Vec<u8>> {
        let alphabet = [0u8, 1, 2, 255];
        let mut keys = BTreeSet::from([Vec::new()]);
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = keys
                .iter()
                .flat_map(|k| {
                    alphabet.iter().map(move |&b| {
                        let mut k = k.clone();
                        k.push(b);
                        k
                    })
                })
                .collect();
            keys.extend(longer);
        }
        keys.remove(&Vec::new()); // Bigtable keys are never empty
        keys
    }

    proptest! {
        /// Against a model (the set of keys a row set selects): normalizing keeps exactly the
        /// keys; trimming after delivered keys leaves exactly the keys past them; cutting into
        /// requests under any budget covers every key once, in order.
        #[test]
        fn remaining_matches_the_model(
            ranges in proptest::collection::vec(range(), 0..5),
            row_keys in proptest::collection::vec(key(), 0..4),
            delivered in proptest::collection::vec(key(), 0..3),
            reversed in any::<bool>(),
            budget in 1usize..40,
        ) {
            let set = RowSet { row_keys, row_ranges: ranges };
            let universe = universe();
            let mut model: BTreeSet<Vec<u8>> =
                universe.iter().filter(|k| in_set(&set, k)).cloned().collect();
            let mut left = Remaining::new(&set);
            let selected = |r: &Remaining| -> BTreeSet<Vec<u8>> {
                let s = r.row_set();
                universe.iter().filter(|k| in_set(&s, k)).cloned().collect()
            };
            prop_assert_eq!(selected(&left), model.clone());
            // Deliveries move one way: each trim takes keys past the last one.
            let mut delivered = delivered;
            delivered.sort();
            if reversed {
                delivered.reverse();
            }
            for key in &delivered {
                left.delivered(key, reversed);
                model.retain(|k| if reversed { k < key } else { k > key });
                prop_assert_eq!(selected(&left), model.clone());
            }
            prop_assert_eq!(left.is_empty(), left.row_set().row_keys.is_empty() && left.row_set().row_ranges.is_empty());
            // Cut into requests: together they select every remaining key, once, in order.
            let mut seen: Vec<Vec<u8>> = Vec::new();
            let mut requests = 0;
            while let Some(cut) = left.cut(budget, reversed) {
                requests += 1;
                prop_assert!(requests <= 64, "cutting does not end");
                let mut got: Vec<Vec<u8>> =
                    universe.iter().filter(|k| in_set(&cut.rows, k)).cloned().collect();
                if reversed {
                    got.reverse();
                }
                seen.extend(got);
                left.covered(&cut);
            }
            {
                let mut expected: Vec<Vec<u8>> = model.into_iter().collect();
                if reversed {
                    expected.reverse();
                }
                prop_assert_eq!(seen, expected);
            }
        }
    }
}
