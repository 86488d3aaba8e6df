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
}
