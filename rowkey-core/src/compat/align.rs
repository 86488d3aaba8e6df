//! Which field of the old layout is which field of the new one: matched by
//! name where the names keep their order, a name found elsewhere is a
//! moved field, and the rest, between matched fields, are renamed in
//! place when both sides have one there, else removed or inserted.

use alloc::vec;
use alloc::vec::Vec;

use crate::{FieldCodec, Layout, Segment};

/// One step of the alignment, by position among the fields (the salt
/// bucket left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Old field `.0` is new field `.1` (same name, or renamed in place).
    Pair(usize, usize),
    /// Old field `.0` is new field `.1`, moved out of the fields' order.
    Moved(usize, usize),
    /// Old field `.0` is gone.
    Removed(usize),
    /// New field `.0` is new.
    Inserted(usize),
}

/// Both layouts' fields, and how they align.
pub(crate) struct Alignment<'l, 'a> {
    pub old: Vec<&'l Segment<'a>>,
    pub new: Vec<&'l Segment<'a>>,
    pub steps: Vec<Step>,
}

/// A layout's fields: every segment but the salt bucket.
pub(crate) fn fields<'l, 'a>(l: &'l Layout<'a>) -> Vec<&'l Segment<'a>> {
    l.segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt))
        .collect()
}

impl<'l, 'a> Alignment<'l, 'a> {
    /// Aligns the fields of `old` and `new`.
    pub fn of(old: &'l Layout<'a>, new: &'l Layout<'a>) -> Self {
        let (o, n) = (fields(old), fields(new));
        let steps = steps(&names(&o), &names(&n));
        Alignment {
            old: o,
            new: n,
            steps,
        }
    }

    /// The shared fields, as (old, new) positions, in the new layout's order.
    pub fn shared(&self) -> Vec<(usize, usize)> {
        let mut s: Vec<(usize, usize)> = self
            .steps
            .iter()
            .filter_map(|s| match *s {
                Step::Pair(i, j) | Step::Moved(i, j) => Some((i, j)),
                _ => None,
            })
            .collect();
        s.sort_by_key(|&(_, j)| j);
        s
    }

    /// The new name of old field `name`, when it is shared.
    pub fn new_name(&self, name: &str) -> Option<&'a str> {
        let i = self.old.iter().position(|s| s.name == name)?;
        self.shared()
            .into_iter()
            .find(|&(o, _)| o == i)
            .map(|(_, j)| self.new[j].name)
    }

    /// Whether old field `i` comes after every shared old field.
    pub fn old_at_end(&self, i: usize) -> bool {
        self.shared().iter().all(|&(o, _)| o < i)
    }

    /// Whether new field `j` comes after every shared new field.
    pub fn new_at_end(&self, j: usize) -> bool {
        self.shared().iter().all(|&(_, n)| n < j)
    }
}

fn names<'a>(fields: &[&Segment<'a>]) -> Vec<&'a str> {
    fields.iter().map(|s| s.name).collect()
}

/// The alignment of two name lists.
fn steps(old: &[&str], new: &[&str]) -> Vec<Step> {
    let kept = common(old, new);
    let mut in_order = vec![false; old.len()];
    let mut placed = vec![false; new.len()];
    for &(i, j) in &kept {
        in_order[i] = true;
        placed[j] = true;
    }
    let mut steps: Vec<Step> = kept.iter().map(|&(i, j)| Step::Pair(i, j)).collect();
    // A name on both sides, but out of the common order: moved.
    for (i, name) in old.iter().enumerate() {
        if in_order[i] {
            continue;
        }
        if let Some(j) = (0..new.len()).find(|&j| !placed[j] && new[j] == *name) {
            steps.push(Step::Moved(i, j));
            in_order[i] = true;
            placed[j] = true;
        }
    }
    // Between two kept names, fields on both sides are renamed in place.
    let mut bounds: Vec<(usize, usize)> = kept.clone();
    bounds.push((old.len(), new.len()));
    let (mut oi, mut nj) = (0, 0);
    for (ko, kn) in bounds {
        let gap_old: Vec<usize> = (oi..ko).filter(|&i| !in_order[i]).collect();
        let gap_new: Vec<usize> = (nj..kn).filter(|&j| !placed[j]).collect();
        for k in 0..gap_old.len().max(gap_new.len()) {
            steps.push(match (gap_old.get(k), gap_new.get(k)) {
                (Some(&i), Some(&j)) => Step::Pair(i, j),
                (Some(&i), None) => Step::Removed(i),
                (None, Some(&j)) => Step::Inserted(j),
                (None, None) => continue,
            });
        }
        (oi, nj) = (ko + 1, kn + 1);
    }
    steps
}

/// The longest common subsequence of names, as position pairs.
fn common(old: &[&str], new: &[&str]) -> Vec<(usize, usize)> {
    let (m, n) = (old.len(), new.len());
    // len[i][j]: the longest common subsequence of old[i..] and new[j..].
    let mut len = vec![vec![0usize; n + 1]; m + 1];
    for i in (0..m).rev() {
        for j in (0..n).rev() {
            len[i][j] = if old[i] == new[j] {
                len[i + 1][j + 1] + 1
            } else {
                len[i + 1][j].max(len[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < m && j < n {
        if old[i] == new[j] {
            out.push((i, j));
            i += 1;
            j += 1;
        } else if len[i + 1][j] >= len[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy;

    fn sorted(mut s: Vec<Step>) -> Vec<Step> {
        s.sort_by_key(|s| match *s {
            Step::Pair(i, j) | Step::Moved(i, j) => (i, j),
            Step::Removed(i) => (i, usize::MAX),
            Step::Inserted(j) => (usize::MAX, j),
        });
        s
    }

    #[test]
    fn renames_in_place_moves_and_gaps() {
        use Step::*;
        let same = steps(&["a", "b"], &["a", "b"]);
        assert_eq!(sorted(same), [Pair(0, 0), Pair(1, 1)]);
        let renamed = steps(&["a", "b", "c"], &["a", "x", "c"]);
        assert_eq!(sorted(renamed), [Pair(0, 0), Pair(1, 1), Pair(2, 2)]);
        let inserted = steps(&["a", "c"], &["a", "b", "c"]);
        assert_eq!(sorted(inserted), [Pair(0, 0), Pair(1, 2), Inserted(1)]);
        let removed = steps(&["a", "b", "c"], &["a", "c"]);
        assert_eq!(sorted(removed), [Pair(0, 0), Removed(1), Pair(2, 1)]);
        let swapped = steps(&["a", "b"], &["b", "a"]);
        assert_eq!(sorted(swapped), [Moved(0, 1), Pair(1, 0)]);
        // The longest run in order stays in place: the first field moved to
        // the end and the second dropped leave the last two where they were.
        let rotated = steps(&["a", "b", "c", "d"], &["c", "d", "a"]);
        assert_eq!(
            sorted(rotated),
            [Moved(0, 2), Removed(1), Pair(2, 0), Pair(3, 1)]
        );
        let appended = steps(&["a"], &["a", "b"]);
        assert_eq!(sorted(appended), [Pair(0, 0), Inserted(1)]);
    }

    /// The longest common subsequence's length, by trying every
    /// subsequence of `old`.
    fn lcs_len(old: &[&str], new: &[&str]) -> usize {
        let is_sub = |sub: &[&str]| {
            let mut rest = new.iter();
            sub.iter().all(|x| rest.any(|y| y == x))
        };
        (0u32..1 << old.len())
            .filter_map(|mask| {
                let sub: Vec<&str> = (0..old.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| old[i])
                    .collect();
                is_sub(&sub).then_some(sub.len())
            })
            .max()
            .unwrap_or(0)
    }

    fn list(letters: &[u8]) -> Vec<&'static str> {
        const NAMES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
        letters.iter().map(|&l| NAMES[usize::from(l)]).collect()
    }

    proptest::proptest! {
        /// `common` is a longest common subsequence, names repeated or not.
        #[test]
        fn common_is_a_longest_common_subsequence(
            old in proptest::collection::vec(0u8..3, 0..8),
            new in proptest::collection::vec(0u8..3, 0..8),
        ) {
            let (old, new) = (list(&old), list(&new));
            let pairs = common(&old, &new);
            for w in pairs.windows(2) {
                proptest::prop_assert!(w[0].0 < w[1].0 && w[0].1 < w[1].1, "{pairs:?}");
            }
            for &(i, j) in &pairs {
                proptest::prop_assert_eq!(old[i], new[j]);
            }
            proptest::prop_assert_eq!(pairs.len(), lcs_len(&old, &new));
        }

        /// Fields of distinct names: each on one side is in one step; a
        /// name on both sides is paired with itself, in the longest run in
        /// order or else moved; a renamed pair stands between the same two
        /// kept fields on both sides, as many as both sides' gaps allow.
        #[test]
        fn steps_pair_every_field_once(
            old in proptest::sample::subsequence((0u8..8).collect::<Vec<_>>(), 0..8)
                .prop_shuffle(),
            new in proptest::sample::subsequence((0u8..8).collect::<Vec<_>>(), 0..8)
                .prop_shuffle(),
        ) {
            use proptest::prelude::*;
            let (old, new) = (list(&old), list(&new));
            let steps = steps(&old, &new);
            let mut old_seen = vec![0; old.len()];
            let mut new_seen = vec![0; new.len()];
            let mut kept = Vec::new();
            let mut renamed = Vec::new();
            for s in &steps {
                match *s {
                    Step::Pair(i, j) | Step::Moved(i, j) => {
                        old_seen[i] += 1;
                        new_seen[j] += 1;
                        if old[i] == new[j] {
                            if matches!(s, Step::Pair(..)) {
                                kept.push((i, j));
                            }
                        } else {
                            prop_assert!(matches!(s, Step::Pair(..)), "{steps:?}");
                            prop_assert!(!new.contains(&old[i]) && !old.contains(&new[j]));
                            renamed.push((i, j));
                        }
                    }
                    Step::Removed(i) => {
                        old_seen[i] += 1;
                        prop_assert!(!new.contains(&old[i]));
                    }
                    Step::Inserted(j) => {
                        new_seen[j] += 1;
                        prop_assert!(!old.contains(&new[j]));
                    }
                }
            }
            prop_assert!(old_seen.iter().chain(&new_seen).all(|&n| n == 1), "{steps:?}");
            kept.sort_unstable();
            for w in kept.windows(2) {
                prop_assert!(w[0].1 < w[1].1, "{steps:?}");
            }
            prop_assert_eq!(kept.len(), lcs_len(&old, &new));
            // The gaps between kept fields, and what each side has free there.
            let mut bounds = kept.clone();
            bounds.push((old.len(), new.len()));
            let (mut oi, mut nj) = (0, 0);
            for (ko, kn) in bounds {
                let free_old = (oi..ko).filter(|&i| !new.contains(&old[i])).count();
                let free_new = (nj..kn).filter(|&j| !old.contains(&new[j])).count();
                let here = renamed
                    .iter()
                    .filter(|&&(i, j)| (oi..ko).contains(&i) && (nj..kn).contains(&j))
                    .count();
                prop_assert_eq!(here, free_old.min(free_new), "{:?}", steps);
                (oi, nj) = (ko + 1, kn + 1);
            }
        }
    }

    /// A layout of fields with these names (a `bool` each), a salt bucket
    /// first when `salted`.
    fn layout(names: &[&'static str], salted: bool) -> Layout<'static> {
        use crate::layout::Order;
        let field = |name, kind| Segment {
            name,
            offset: 0,
            width: 1,
            codec: "bool",
            kind,
            order: Order::Ascending,
            reverse: false,
            mirror: false,
            optional: false,
            since: 0,
            rust_type: "bool",
        };
        let mut segments: Vec<Segment<'static>> = Vec::new();
        if salted {
            segments.push(field("salt", FieldCodec::Salt));
        }
        segments.extend(names.iter().map(|n| field(n, FieldCodec::Bool)));
        Layout {
            name: "Key",
            width: segments.len(),
            variable: false,
            max_width: segments.len(),
            salt: None,
            segments: alloc::boxed::Box::leak(segments.into_boxed_slice()),
        }
    }

    #[test]
    fn the_salt_bucket_is_no_field() {
        let salted = layout(&["a", "b"], true);
        let names: Vec<&str> = fields(&salted).iter().map(|s| s.name).collect();
        assert_eq!(names, ["a", "b"]);
        let plain = layout(&["a", "b"], false);
        let a = Alignment::of(&salted, &plain);
        assert_eq!(a.steps, [Step::Pair(0, 0), Step::Pair(1, 1)]);
        assert_eq!(a.old.len(), 2);
    }

    #[test]
    fn shared_fields_in_the_new_order_and_their_new_names() {
        // `c` kept, `a` moved after it, `b` removed, `x` inserted.
        let (old, new) = (
            layout(&["a", "b", "c"], false),
            layout(&["c", "a", "x"], false),
        );
        let a = Alignment::of(&old, &new);
        assert_eq!(a.shared(), [(2, 0), (0, 1)]);
        assert_eq!(a.new_name("a"), Some("a"));
        assert_eq!(a.new_name("c"), Some("c"));
        assert_eq!(a.new_name("b"), None);
        assert_eq!(a.new_name("x"), None);
        // Renamed in place: the new name.
        let (old, new) = (
            layout(&["a", "b", "c"], false),
            layout(&["a", "y", "c"], false),
        );
        let a = Alignment::of(&old, &new);
        assert_eq!(a.new_name("b"), Some("y"));
        assert_eq!(a.new_name("y"), None);
    }

    #[test]
    fn fields_after_every_shared_one() {
        // Old `c` dropped from the end: after every shared old field.
        let (old, new) = (layout(&["a", "b", "c"], false), layout(&["a", "b"], false));
        let a = Alignment::of(&old, &new);
        assert_eq!(
            (0..3).map(|i| a.old_at_end(i)).collect::<Vec<_>>(),
            [false, false, true]
        );
        let b = Alignment::of(&new, &old);
        assert_eq!(
            (0..3).map(|j| b.new_at_end(j)).collect::<Vec<_>>(),
            [false, false, true]
        );
        // A field removed between two kept ones is not at the end.
        let (old, new) = (layout(&["a", "b", "c"], false), layout(&["a", "c"], false));
        let a = Alignment::of(&old, &new);
        assert!(!a.old_at_end(1));
        let b = Alignment::of(&new, &old);
        assert!(!b.new_at_end(1));
        // Other names in one place: renamed there, the rest inserted.
        let (old, new) = (layout(&["a"], false), layout(&["b", "c"], false));
        let a = Alignment::of(&old, &new);
        assert_eq!(a.steps, [Step::Pair(0, 0), Step::Inserted(1)]);
        let (none, new) = (layout(&[], false), layout(&["b"], false));
        let a = Alignment::of(&none, &new);
        assert!(a.new_at_end(0) && a.shared().is_empty());
    }
}
