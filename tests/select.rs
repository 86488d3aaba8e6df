//! Skip scans against a `BTreeMap` model of encoded keys: for random keys
//! and random conditions on every field kind (ascending and descending,
//! `pad`, big-endian, escaped and trailing strings, `Option`, tags,
//! HBase's `Struct`, added fields, Phoenix keys, and salts of every hash),
//!
//! - `matches` holds for exactly the keys whose values meet the conditions;
//! - the ranges are sorted, disjoint and minimal (none touches the next),
//!   every matching key lies in one, and the keys in them are exactly those
//!   meeting the conditions up to and including the first range (when no
//!   salted field is left after it);
//! - `next_hint` moves forward and never skips a matching key, and `None`
//!   only when none follows;
//! - the skip scan over the model returns exactly the matching keys, in
//!   order, and so does one held to a small cap on its ranges.

#[path = "support/cases.rs"]
mod support_cases;

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::ops::Bound;

use proptest::collection::vec;
use proptest::prelude::*;
use rowkey::select::{Predicate, Select, SelectErrorKind};
use rowkey::RowKey;
use support_cases::cases;

/// A field's condition, in the field's Rust type.
#[derive(Debug, Clone)]
enum P<T> {
    Any,
    Values(Vec<T>),
    Range(Bound<T>, Bound<T>),
}

impl<T: Ord> P<T> {
    fn holds(&self, v: &T) -> bool {
        match self {
            P::Any => true,
            P::Values(vs) => vs.contains(v),
            P::Range(lo, hi) => range_contains(lo, hi, v),
        }
    }
}

/// `RangeBounds::contains`, for bounds that may be crossed (then nothing).
fn range_contains<T: Ord>(lo: &Bound<T>, hi: &Bound<T>, v: &T) -> bool {
    let above = match lo {
        Bound::Included(l) => v >= l,
        Bound::Excluded(l) => v > l,
        Bound::Unbounded => true,
    };
    let below = match hi {
        Bound::Included(h) => v <= h,
        Bound::Excluded(h) => v < h,
        Bound::Unbounded => true,
    };
    above && below
}

/// Both bounds given, the low one above the high one (or equal, an end
/// excluded): the select refuses the range.
fn crossed<T: Ord>(lo: &Bound<T>, hi: &Bound<T>) -> bool {
    match (lo, hi) {
        (Bound::Included(l), Bound::Included(h)) => l > h,
        (Bound::Included(l) | Bound::Excluded(l), Bound::Included(h) | Bound::Excluded(h)) => {
            l >= h
        }
        _ => false,
    }
}

/// Whether some value of the type lies between the bounds. A range with
/// none is refused when the field's bytes tell (`exact` fields: integers
/// written in their own width or as digits); elsewhere (`bool`, strings)
/// its bytes may still hold keys, so it may be refused or select nothing.
trait Between: Sized {
    fn between(lo: &Bound<Self>, hi: &Bound<Self>) -> bool;
}

macro_rules! between_ints {
    ($($t:ty),*) => {$(
        impl Between for $t {
            fn between(lo: &Bound<$t>, hi: &Bound<$t>) -> bool {
                let lo = match lo {
                    Bound::Included(l) => i128::from(*l),
                    Bound::Excluded(l) => i128::from(*l) + 1,
                    Bound::Unbounded => i128::from(<$t>::MIN),
                };
                let hi = match hi {
                    Bound::Included(h) => i128::from(*h),
                    Bound::Excluded(h) => i128::from(*h) - 1,
                    Bound::Unbounded => i128::from(<$t>::MAX),
                };
                lo <= hi
            }
        }
    )*};
}
between_ints!(u8, u16, u32, i8, i16, i32, i64);

impl Between for bool {
    fn between(lo: &Bound<bool>, hi: &Bound<bool>) -> bool {
        [false, true].iter().any(|v| range_contains(lo, hi, v))
    }
}

impl Between for String {
    /// Strings with no `0x00`: one lies strictly between any two that
    /// differ, and none below `""`; none between two neighbours of a
    /// field's width (`fixed(3)`: `"aba"` and `"abb"`).
    fn between(lo: &Bound<String>, hi: &Bound<String>) -> bool {
        match (lo, hi) {
            (_, Bound::Excluded(h)) if h.is_empty() => false,
            (Bound::Excluded(_), Bound::Excluded(_)) => false,
            (Bound::Unbounded, _) | (_, Bound::Unbounded) => true,
            (Bound::Included(l), Bound::Included(h)) => l <= h,
            (Bound::Included(l) | Bound::Excluded(l), Bound::Included(h) | Bound::Excluded(h)) => {
                l < h
            }
        }
    }
}

/// A condition on a field drawing values from `values`: values only, or
/// with ranges too.
fn cond<T: Clone + Debug + Ord + 'static>(
    values: impl Strategy<Value = T> + Clone + 'static,
    ranged: bool,
) -> BoxedStrategy<P<T>> {
    let bound = move |v: BoxedStrategy<T>| {
        prop_oneof![
            v.clone().prop_map(Bound::Included),
            v.prop_map(Bound::Excluded),
            Just(Bound::Unbounded),
        ]
    };
    let values_only = prop_oneof![
        2 => Just(P::Any),
        3 => vec(values.clone(), 1..4).prop_map(P::Values),
    ];
    if !ranged {
        return values_only.boxed();
    }
    let v = values.boxed();
    prop_oneof![
        5 => values_only,
        3 => (bound(v.clone()), bound(v)).prop_map(|(lo, hi)| match (&lo, &hi) {
            // Mostly the low end first, as users write them.
            (Bound::Included(a) | Bound::Excluded(a), Bound::Included(b) | Bound::Excluded(b)) if a > b => {
                P::Range(hi, lo)
            }
            _ => P::Range(lo, hi),
        }),
    ]
    .boxed()
}

/// A field value as the select method takes it: `&str` for a `String`.
trait Arg {
    type Arg<'a>
    where
        Self: 'a;
    fn arg(&self) -> Self::Arg<'_>;
}

macro_rules! arg_copy {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            type Arg<'a> = $t;
            fn arg(&self) -> $t { *self }
        }
    )*};
}
arg_copy!(
    u8,
    u16,
    u32,
    i8,
    i16,
    i32,
    i64,
    bool,
    Option<u8>,
    Option<u16>,
    Option<i16>,
    [u8; 2]
);

impl Arg for String {
    type Arg<'a> = &'a str;
    fn arg(&self) -> &str {
        self
    }
}

impl Arg for Option<String> {
    type Arg<'a> = Option<String>;
    fn arg(&self) -> Option<String> {
        self.clone()
    }
}

fn args<T: Arg>(vs: &[T]) -> Vec<T::Arg<'_>> {
    vs.iter().map(Arg::arg).collect()
}

fn bound_arg<T: Arg>(b: &Bound<T>) -> Bound<T::Arg<'_>> {
    b.as_ref().map(Arg::arg)
}

/// One case: a key type, a strategy for its keys, and a condition per field
/// (`ranged`: values and ranges; `exact`: the same, of a field whose values
/// fill its bytes; `values`: values only; `tag`: no argument).
macro_rules! case {
    ($test:ident, $cond:ident, $key:ident, salted_after: $salted:expr, { $($f:ident : $t:ty = $vals:expr, $kind:ident;)* }) => {
        #[derive(Debug, Clone)]
        #[allow(dead_code)]
        struct $cond { $($f: P<$t>,)* }

        impl $cond {
            fn strategy() -> impl Strategy<Value = $cond> {
                ($(case!(@cond $kind, $vals),)*).prop_map(|($($f,)*)| $cond { $($f,)* })
            }

            fn keys() -> impl Strategy<Value = $key> {
                ($($vals,)*).prop_map(|($($f,)*)| $key { $($f,)* })
            }

            /// The conditions of the first `n` fields hold.
            fn holds_upto(&self, k: &$key, n: usize) -> bool {
                let mut i = 0;
                $(
                    if i < n && !self.$f.holds(&k.$f) {
                        return false;
                    }
                    i += 1;
                )*
                let _ = i;
                true
            }

            /// The fields the ranges spell out: the leading run with values,
            /// and the field after it when it has a range.
            fn compiled_fields(&self) -> usize {
                let mut n = 0;
                $(
                    match &self.$f {
                        P::Values(_) => n += 1,
                        P::Range(..) => return n + 1,
                        P::Any => return n,
                    }
                )*
                n
            }

            /// Whether a range has crossed bounds (the select must refuse it).
            fn crossed(&self) -> bool {
                $(case!(@crossed $kind, self.$f) ||)* false
            }

            /// Whether a range holds no value of its type (the select may refuse it).
            fn empty_range(&self) -> bool {
                $(case!(@empty $kind, self.$f) ||)* false
            }

            /// Whether a range of an `exact` field holds no value (the
            /// select must refuse it).
            fn refused_range(&self) -> bool {
                $(case!(@refused $kind, self.$f) ||)* false
            }

            fn predicate(&self) -> Predicate<'static> {
                let b = $key::select();
                $(let b = case!(@apply $kind, b, $f, &self.$f);)*
                b.into()
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: cases(256), ..ProptestConfig::default() })]

            #[test]
            fn $test(keys in vec($cond::keys(), 0..48), c in $cond::strategy(), cap in 1usize..6) {
                let model: BTreeMap<Vec<u8>, $key> = keys
                    .into_iter()
                    .filter_map(|k| Some((AsRef::<[u8]>::as_ref(&k.encode().ok()?).to_vec(), k)))
                    .collect();
                let run = Run {
                    model: &model,
                    holds: &|k: &$key| c.holds_upto(k, usize::MAX),
                    compiled: &|k: &$key| c.holds_upto(k, c.compiled_fields()),
                    salted_after: ($salted)(c.compiled_fields()),
                };
                match c.predicate().build() {
                    Err(e) => {
                        prop_assert!(c.empty_range() && *e.kind() == SelectErrorKind::EmptyRange, "{e} for {c:?}");
                        return Ok(());
                    }
                    Ok(s) => {
                        prop_assert!(!c.crossed(), "crossed bounds are refused: {c:?}");
                        prop_assert!(!c.refused_range(), "a range with no value of a field filling its bytes is refused: {c:?}");
                        run.check(&s)?;
                    }
                }
                let mut capped = c.predicate();
                capped.max_ranges(cap);
                let capped = capped.build().unwrap();
                prop_assert!(capped.ranges().len() <= cap, "{} ranges, cap {cap}", capped.ranges().len());
                run.check_scan(&capped)?;
            }
        }
    };
    (@cond ranged, $vals:expr) => { cond($vals, true) };
    (@cond values, $vals:expr) => { cond($vals, false) };
    (@cond exact, $vals:expr) => { cond($vals, true) };
    (@cond tag, $vals:expr) => { Just(P::Values(vec![()])) };
    (@empty ranged, $p:expr) => { matches!(&$p, P::Range(lo, hi) if !Between::between(lo, hi)) };
    (@empty exact, $p:expr) => { case!(@empty ranged, $p) };
    (@empty $other:ident, $p:expr) => { false };
    (@refused exact, $p:expr) => { case!(@empty ranged, $p) };
    (@refused $other:ident, $p:expr) => { false };
    (@crossed ranged, $p:expr) => { matches!(&$p, P::Range(lo, hi) if crossed(lo, hi)) };
    (@crossed exact, $p:expr) => { case!(@crossed ranged, $p) };
    (@crossed $other:ident, $p:expr) => { false };
    (@apply ranged, $b:ident, $f:ident, $p:expr) => {
        match $p {
            P::Any => $b,
            P::Values(vs) => $b.$f(args(vs)),
            P::Range(lo, hi) => $b.$f((bound_arg(lo), bound_arg(hi))),
        }
    };
    (@apply exact, $b:ident, $f:ident, $p:expr) => { case!(@apply ranged, $b, $f, $p) };
    (@apply values, $b:ident, $f:ident, $p:expr) => {
        match $p {
            P::Any => $b,
            P::Values(vs) => $b.$f(args(vs)),
            P::Range(..) => unreachable!(),
        }
    };
    (@apply tag, $b:ident, $f:ident, $p:expr) => { $b };
}

/// The checks of one case.
struct Run<'m, K> {
    model: &'m BTreeMap<Vec<u8>, K>,
    /// Every condition holds.
    holds: &'m dyn Fn(&K) -> bool,
    /// The conditions the ranges spell out hold.
    compiled: &'m dyn Fn(&K) -> bool,
    /// A salted field with values lies after those fields: its buckets are
    /// in the ranges, not its values, so they hold other keys too.
    salted_after: bool,
}

impl<K: Debug> Run<'_, K> {
    fn expected(&self) -> Vec<&[u8]> {
        self.model
            .iter()
            .filter(|(_, k)| (self.holds)(k))
            .map(|(b, _)| b.as_slice())
            .collect()
    }

    fn check(&self, s: &Select<'_>) -> Result<(), TestCaseError> {
        for (bytes, k) in self.model {
            prop_assert_eq!(s.matches(bytes), (self.holds)(k), "matches {:?}", k);
        }
        self.check_ranges(s)?;
        self.check_hints(s)?;
        self.check_scan(s)
    }

    fn check_ranges(&self, s: &Select<'_>) -> Result<(), TestCaseError> {
        let rs = s.ranges();
        for w in rs.windows(2) {
            let end = w[0].end();
            prop_assert!(
                end.is_some_and(|e| e < w[1].start()),
                "ranges sorted, disjoint, not touching: {} then {}",
                w[0],
                w[1]
            );
        }
        for (bytes, k) in self.model {
            let inside = rs.iter().any(|r| r.contains(bytes));
            if (self.holds)(k) {
                prop_assert!(inside, "matching {:?} outside the ranges {:?}", k, rs);
            }
            if s.covering().is_none() && !self.salted_after {
                prop_assert_eq!(inside, (self.compiled)(k), "{:?} in the ranges {:?}", k, rs);
            }
            if s.ranges_are_exact() {
                prop_assert_eq!(inside, (self.holds)(k), "exact ranges {:?} and {:?}", rs, k);
            }
        }
        Ok(())
    }

    fn check_hints(&self, s: &Select<'_>) -> Result<(), TestCaseError> {
        let expected = self.expected();
        for (bytes, k) in self.model {
            let next = expected.iter().find(|e| **e > bytes.as_slice());
            match s.next_hint(bytes) {
                Some(h) => {
                    prop_assert!(
                        h.as_slice() > bytes.as_slice(),
                        "hint {h:?} not after {k:?}"
                    );
                    if let Some(n) = next {
                        prop_assert!(h.as_slice() <= *n, "hint {h:?} after {k:?} skips {n:?}");
                    }
                }
                None => prop_assert!(next.is_none(), "no hint after {k:?}, yet {next:?} matches"),
            }
        }
        Ok(())
    }

    fn check_scan(&self, s: &Select<'_>) -> Result<(), TestCaseError> {
        let mut scan = s.scan(|r| self.model.range::<[u8], _>(r.bounds()));
        let found: Vec<&[u8]> = scan.by_ref().map(|(b, _)| b.as_slice()).collect();
        prop_assert_eq!(found, self.expected());
        let stats = scan.stats();
        prop_assert!(stats.rows_read <= self.model.len() as u64);
        Ok(())
    }
}

// ---- the key types -----------------------------------------------------------

fn small() -> impl Strategy<Value = u8> + Clone {
    0u8..6
}

fn text() -> impl Strategy<Value = String> + Clone {
    "[ab]{0,3}"
}

fn nonempty_text() -> impl Strategy<Value = String> + Clone {
    "[ab]{1,3}"
}

/// Fixed widths: `pad`, descending, big-endian, signed, bool, bytes.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Plain {
    #[pad(2)]
    a: u8,
    #[reverse]
    b: u8,
    #[be_u16]
    c: u32,
    d: i8,
    #[reverse]
    #[pad(3)]
    e: u16,
    f: bool,
}
case!(plain, PlainCond, Plain, salted_after: |_| false, {
    a: u8 = small(), exact;
    b: u8 = small(), exact;
    c: u32 = 0u32..4, exact;
    d: i8 = -3i8..3, exact;
    e: u16 = 0u16..4, exact;
    f: bool = any::<bool>(), ranged;
});

/// A salt on the first field (xxh32), a tag, `Option`s, a mirrored field.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Salted {
    #[salt(mod = 5)]
    host: u8,
    #[tag(7)]
    kind: (),
    #[reverse]
    ts: u16,
    o: Option<u8>,
    #[reverse]
    p: Option<u16>,
    #[mirror]
    m: u16,
}
case!(salted, SaltedCond, Salted, salted_after: |n| n < 1, {
    host: u8 = small(), exact;
    kind: () = Just(()), tag;
    ts: u16 = 0u16..5, exact;
    o: Option<u8> = proptest::option::of(0u8..3), values;
    p: Option<u16> = proptest::option::of(0u16..3), values;
    m: u16 = 0u16..4, values;
});

/// A salt (modulo) on a field after the first one.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct SaltedLater {
    a: u8,
    #[salt(mod = 3, hash = modulo)]
    b: u8,
    #[reverse]
    c: u8,
}
case!(salted_later, SaltedLaterCond, SaltedLater, salted_after: |n| n < 2, {
    a: u8 = small(), exact;
    b: u8 = small(), exact;
    c: u8 = small(), exact;
});

fn low_byte(bytes: &[u8]) -> u32 {
    bytes.last().copied().unwrap_or(0).into()
}

/// A user's hash over two fields, and a salt written as digits.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct SaltedCustom {
    #[salt(mod = 4, hash = low_byte)]
    a: u8,
    #[salt]
    b: u16,
    c: u8,
}
case!(salted_custom, SaltedCustomCond, SaltedCustom, salted_after: |n| n < 2, {
    a: u8 = small(), exact;
    b: u16 = 0u16..5, exact;
    c: u8 = small(), exact;
});

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct SaltedDigits {
    #[pad(2)]
    a: u8,
    #[salt(mod = 10, pad = 2)]
    #[pad(2)]
    b: u8,
    #[reverse]
    c: u8,
}
case!(salted_digits, SaltedDigitsCond, SaltedDigits, salted_after: |n| n < 2, {
    a: u8 = small(), ranged;
    b: u8 = small(), ranged;
    c: u8 = small(), exact;
});

/// Strings: fixed, escaped both ways, and one to the end of the key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Strings {
    #[fixed(3)]
    f: String,
    #[escaped]
    a: String,
    #[reverse]
    #[escaped]
    b: String,
    n: u8,
    rest: String,
}
case!(strings, StringsCond, Strings, salted_after: |_| false, {
    f: String = nonempty_text(), ranged;
    a: String = text(), values;
    b: String = text(), values;
    n: u8 = small(), exact;
    rest: String = text(), values;
});

/// HBase's `Struct`: ordered numbers and `Text` both ways, trailing nulls left out.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
#[rowkey(hbase_struct)]
struct Struct {
    #[ordered]
    a: String,
    #[ordered]
    #[reverse]
    b: i32,
    #[ordered]
    #[reverse]
    t: String,
    #[ordered]
    c: Option<String>,
    #[ordered]
    #[reverse]
    d: Option<i16>,
}
case!(hbase_struct, StructCond, Struct, salted_after: |_| false, {
    a: String = text(), ranged;
    b: i32 = -2i32..3, exact;
    t: String = text(), ranged;
    c: Option<String> = proptest::option::of(text()), values;
    d: Option<i16> = proptest::option::of(-2i16..2), values;
});

/// Fields added with `since`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Added {
    a: u8,
    #[rowkey(since = 1)]
    b: Option<u8>,
    #[rowkey(since = 2)]
    c: Option<u16>,
}
case!(added, AddedCond, Added, salted_after: |_| false, {
    a: u8 = small(), exact;
    b: Option<u8> = proptest::option::of(0u8..3), values;
    c: Option<u16> = proptest::option::of(0u16..3), values;
});

/// Phoenix: `VARCHAR`s both ways with trailing nulls, numbers.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
#[rowkey(phoenix)]
struct Phoenix {
    id: i32,
    a: String,
    #[reverse]
    n: i16,
    #[reverse]
    d: String,
    b: String,
}
case!(phoenix, PhoenixCond, Phoenix, salted_after: |_| false, {
    id: i32 = -1i32..2, exact;
    a: String = text(), ranged;
    n: i16 = -1i16..2, exact;
    d: String = text(), values;
    b: String = text(), ranged;
});

/// Phoenix with its salt byte, which hashes the whole key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
#[rowkey(phoenix, salt(buckets = 4, phoenix))]
struct PhoenixSalted {
    a: String,
    #[reverse]
    n: i16,
    b: String,
}
case!(phoenix_salted, PhoenixSaltedCond, PhoenixSalted, salted_after: |_| false, {
    a: String = text(), ranged;
    n: i16 = -1i16..2, exact;
    b: String = text(), ranged;
});

#[test]
fn invalid_predicates_name_their_field() {
    let e = Plain::select().a(Vec::new()).build().unwrap_err();
    assert_eq!((e.field(), e.kind()), ("a", &SelectErrorKind::EmptySet));
    let (high, low) = (9, 3);
    let e = Plain::select().c(high..low).build().unwrap_err();
    assert_eq!((e.field(), e.kind()), ("c", &SelectErrorKind::EmptyRange));
    // `pad(2)` holds 0..=99: a range wholly above holds no value of the field.
    let e = Plain::select().a(100..200).build().unwrap_err();
    assert_eq!((e.field(), e.kind()), ("a", &SelectErrorKind::EmptyRange));
    let e = Plain::select().a([1, 100]).build().unwrap_err();
    assert_eq!(e.field(), "a");
    assert_eq!(
        e.to_string(),
        "field `a`: value 100 does not fit, allowed 0..=99"
    );
    let e = Plain::select().c(70_000).build().unwrap_err();
    assert_eq!(
        e.to_string(),
        "field `c`: value 70000 does not fit, allowed 0..=65535"
    );
    // The first error is the one reported.
    let e = Plain::select()
        .b(5..low as u8)
        .a(Vec::new())
        .build()
        .unwrap_err();
    assert_eq!(e.field(), "b");
}

/// A cap's covering counts the ranges the exact scan needed (the
/// combinations of values times the buckets each can be in) and says
/// which fields it checks per row and whether it joined ranges.
#[test]
fn a_caps_covering_counts_the_exact_ranges() {
    let s = Plain::select()
        .a([1, 3, 5])
        .b([1, 2])
        .c(0..3)
        .max_ranges(4)
        .build()
        .unwrap();
    let why = s.covering().expect("6 exact ranges, cap 4");
    assert_eq!(why.filtered, ["b"]);
    assert_eq!(s.ranges().len(), 3);
    assert_eq!((why.exact, why.max_ranges, why.joined), (6, 4, false));
    assert_eq!(
        why.to_string(),
        "the exact scan needs up to 6 ranges, more than the cap of 4: \
         the ranges cover every value of `b`, which each row read is checked for"
    );
    // A range on the salted field: every one of the 5 buckets.
    let s = Salted::select().host(0..4).max_ranges(2).build().unwrap();
    assert_eq!(s.ranges().len(), 2);
    let why = s.covering().unwrap();
    assert_eq!((why.exact, why.joined), (5, true));
    assert!(why.filtered.is_empty());
    assert_eq!(
        why.to_string(),
        "the exact scan needs up to 5 ranges, more than the cap of 2: \
         neighbouring ranges are joined, and the rows between them are read and skipped"
    );
    // Two hosts whose buckets are not neighbours; a cap of one leaves
    // `host` to the rows, then joins the two buckets' ranges.
    let bucket = |host| {
        let key = Salted {
            host,
            kind: (),
            ts: 0,
            o: None,
            p: None,
            m: 0,
        };
        Salted::SALT.read(&key.encode().unwrap()).unwrap()
    };
    let far = |b: u32, c: u32| b.abs_diff(c) >= 2;
    let (x, y) = (0..50u8)
        .flat_map(|x| (0..50u8).map(move |y| (x, y)))
        .find(|&(x, y)| far(bucket(x), bucket(y)))
        .unwrap();
    let s = Salted::select()
        .host([x, y])
        .ts(..7)
        .max_ranges(1)
        .build()
        .unwrap();
    let why = s.covering().unwrap();
    assert_eq!((why.exact, why.joined), (2, true));
    assert_eq!(why.filtered, ["host", "kind"]);
    assert_eq!(
        why.to_string(),
        "the exact scan needs up to 2 ranges, more than the cap of 1: \
         the ranges cover every value of `host`, `kind`, which each row read is checked for; \
         neighbouring ranges are joined, and the rows between them are read and skipped"
    );
    assert_eq!(s.ranges().len(), 1);
}

#[test]
fn values_pin_the_bucket_of_each_combination() {
    let s = Salted::select().host([1, 2]).ts(10..20).build().unwrap();
    assert_eq!(s.ranges().len(), 2);
    for host in [1u8, 2] {
        let key = Salted {
            host,
            kind: (),
            ts: 15,
            o: None,
            p: None,
            m: 0,
        }
        .encode()
        .unwrap();
        let bucket = Salted::SALT.read(&key).unwrap();
        let r = s
            .ranges()
            .iter()
            .find(|r| r.start()[0] as u32 == bucket)
            .unwrap();
        assert!(r.contains(&key), "{r}");
    }
    // A salted field after the range pins the buckets, not the combination.
    let s = SaltedLater::select().a(1..3).b([4]).build().unwrap();
    assert_eq!(s.ranges().len(), 1, "one bucket: 4 mod 3");
    let every = SaltedLater::select().a(1..3).build().unwrap();
    assert_eq!(every.ranges().len(), 3);
}

/// A select on the second field: the rows of other values of it are gaps.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Gaps {
    a: u8,
    b: u8,
}

/// `steps_before_seek(n)`: after a row that does not match, the scan steps
/// over up to `n` more rows towards the next possible match, then seeks; a
/// gap shorter than that it reads through without a seek.
#[test]
fn steps_before_seek_reads_up_to_n_rows_of_a_gap() {
    let store: BTreeMap<Vec<u8>, ()> = (0..20)
        .map(|b| (Gaps { a: 0, b }.encode().unwrap().to_vec(), ()))
        .collect();
    let s = Gaps::select().b([19]).build().unwrap();
    let last = Gaps { a: 0, b: 19 }.encode().unwrap().to_vec();
    for n in 0..25u64 {
        let mut scan = s
            .scan(|r| store.range::<[u8], _>(r.bounds()))
            .steps_before_seek(n as usize);
        let found: Vec<&Vec<u8>> = scan.by_ref().map(|(k, _)| k).collect();
        assert_eq!(found, [&last], "{n} steps");
        // The row at b = 0, the rows stepped over, the match; the gap
        // between holds 18 rows.
        let (rows_read, seeks) = if n < 19 { (2 + n, 2) } else { (20, 1) };
        let stats = scan.stats();
        assert_eq!(
            (stats.rows_read, stats.seeks),
            (rows_read, seeks),
            "{n} steps"
        );
        assert_eq!(stats.matches, 1);
    }
}

/// A table of `Gaps` keys: for each `a` in `dense`, every `b` in `0..4`;
/// for each `a` in `sparse`, only `b` = 0 and 2 (the matches of
/// `b in [0, 2]`, with no row between them).
fn gaps_table(
    dense: impl IntoIterator<Item = u8>,
    sparse: impl IntoIterator<Item = u8>,
) -> BTreeMap<Vec<u8>, ()> {
    let row = |a, b| (Gaps { a, b }.encode().unwrap().to_vec(), ());
    let dense = dense.into_iter().flat_map(|a| (0..4).map(move |b| (a, b)));
    let sparse = sparse.into_iter().flat_map(|a| [(a, 0), (a, 2)]);
    dense.chain(sparse).map(|(a, b)| row(a, b)).collect()
}

/// The skip scan of `s` over `table`: the rows found (checked against
/// `matches`) and the stats.
fn scan_stats(s: &Select<'_>, table: &BTreeMap<Vec<u8>, ()>) -> (usize, rowkey::select::ScanStats) {
    let mut scan = s.scan(|r| table.range::<[u8], _>(r.bounds()));
    let found: Vec<&Vec<u8>> = scan.by_ref().map(|(k, _)| k).collect();
    let expected: Vec<&Vec<u8>> = table.keys().filter(|k| s.matches(k)).collect();
    assert_eq!(found, expected);
    (found.len(), scan.stats())
}

/// The skip scan of `b in [0, 2]` over `table`.
fn scan_gaps(table: &BTreeMap<Vec<u8>, ()>) -> (usize, rowkey::select::ScanStats) {
    let s = Gaps::select().b([0, 2]).build().unwrap();
    let (found, stats) = scan_stats(&s, table);
    assert_eq!(
        found,
        table.keys().filter(|k| k[1] == 0 || k[1] == 2).count()
    );
    (found, stats)
}

/// A select whose ranges hold exactly its matches reads only them, and
/// counts each as read and as a match.
#[test]
fn an_exact_select_counts_every_row_as_a_match() {
    let s = Gaps::select().a([1, 3]).build().unwrap();
    assert!(s.ranges_are_exact());
    let (found, stats) = scan_stats(&s, &gaps_table(0..8, []));
    assert_eq!(found, 8);
    assert_eq!((stats.rows_read, stats.matches), (8, 8), "{stats:?}");
}

/// After a match whose next possible match is not the next key (each match
/// of `b in [0, 2]` here), the scan learns whether rows lie between: while
/// they do, it seeks at once and reads one of them only on the first jump
/// and every 16th; where none do, it reads on and never seeks; and after a
/// change it needs at most four probes (of 16 jumps each) to follow.
#[test]
fn a_skip_scan_learns_whether_rows_lie_between_matches() {
    // Rows between every two matches: one seek per jump, and a row of the
    // gap read on jumps 1, 16, 32, ... (the last jump's too: row (31, 3)).
    let (matches, stats) = scan_gaps(&gaps_table(0..32, []));
    let jumps = matches as u64;
    assert_eq!(stats.matches, jumps);
    assert_eq!(stats.seeks, 1 + jumps, "the range, then a seek per jump");
    assert_eq!(stats.rows_read, jumps + 1 + jumps / 16, "{stats:?}");

    // No row between matches: reading on costs no seek, and no row is read
    // that does not match.
    let (matches, stats) = scan_gaps(&gaps_table([], 0..100));
    assert_eq!(
        (stats.rows_read, stats.seeks),
        (matches as u64, 1),
        "{stats:?}"
    );

    // Rows between the first 16 matches, then none: seeks stop after at
    // most four probes.
    let (matches, stats) = scan_gaps(&gaps_table(0..8, 8..100));
    assert_eq!(matches, 200);
    assert!(stats.seeks <= 1 + 16 + 4 * 16, "{stats:?}");
    assert_eq!(
        stats.rows_read,
        200 + 1 + 1,
        "gap rows read on jumps 1 and 16"
    );

    // No row between the first 184 matches, then rows between: the scan
    // reads the gaps' rows until it has seen enough of them, then seeks.
    let (matches, stats) = scan_gaps(&gaps_table(92..100, 0..92));
    assert_eq!(matches, 200);
    // Four gap rows undo the four probes with none, a fifth turns the
    // scan to seeking, then one probe in the last 16 jumps.
    let gap_rows = stats.rows_read - 200;
    assert!(gap_rows <= 5 + 1, "{stats:?}");
    assert!(stats.seeks >= 16 - 5, "{stats:?}");

    // `b in [0, 1]`: after b = 0 the next possible match is the next key,
    // which is no jump (no seek, and no evidence either way); after b = 1
    // the rows of b = 2 and 3 lie between.
    let s = Gaps::select().b([0, 1]).build().unwrap();
    let (matches, stats) = scan_stats(&s, &gaps_table(0..32, []));
    assert_eq!(matches, 64);
    let jumps = 32;
    assert_eq!(stats.seeks, 1 + jumps, "{stats:?}");
    assert_eq!(stats.rows_read, 64 + 1 + jumps / 16, "{stats:?}");
}

/// A variable-length key whose words are each followed by every `b` in `0..4`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Words {
    #[escaped]
    word: String,
    b: u8,
}

/// In a variable-length key the next key after `k` is `k` and `0x00`: the
/// hint after `("w07", 0)` for `b in [0, 2]` jumps over the row of b = 1,
/// and the scan seeks past such gaps as it does in a fixed-width key.
#[test]
fn a_skip_scan_of_variable_keys_seeks_past_gaps() {
    let table: BTreeMap<Vec<u8>, ()> = (0..32)
        .flat_map(|w| (0..4).map(move |b| (format!("w{w:02}"), b)))
        .map(|(word, b)| (Words { word, b }.encode().unwrap(), ()))
        .collect();
    let s = Words::select().b([0, 2]).build().unwrap();
    let (matches, stats) = scan_stats(&s, &table);
    let jumps = matches as u64;
    assert_eq!(matches, 64);
    assert_eq!(stats.seeks, 1 + jumps, "{stats:?}");
    assert_eq!(stats.rows_read, jumps + 1 + jumps / 16, "{stats:?}");
}

/// A cap equal to the number of exact ranges keeps them exact: only more
/// ranges than the cap make them cover other keys.
#[test]
fn a_cap_met_exactly_leaves_the_ranges_exact() {
    let s = Plain::select().a([1, 3, 5]).max_ranges(3).build().unwrap();
    assert_eq!(s.ranges().len(), 3);
    assert_eq!(s.covering(), None);
    assert!(s.ranges_are_exact());
    let s = Plain::select().a([1, 3, 5]).max_ranges(2).build().unwrap();
    assert!(s.covering().is_some());
    // Five buckets for the five values of `host` (the salt's `mod`).
    let s = Salted::select().host(0..4).max_ranges(5).build().unwrap();
    assert_eq!(s.ranges().len(), 5);
    assert_eq!(s.covering(), None);
}

/// `Predicate::field` finds a field's index in the layout by name.
#[test]
fn a_predicate_finds_fields_by_name() {
    let p = Predicate::new(&Plain::LAYOUT);
    assert_eq!(p.field("a"), Some(0));
    assert_eq!(p.field("c"), Some(2));
    assert_eq!(p.field("f"), Some(5));
    assert_eq!(p.field("x"), None);
}

/// The salt bucket keeps no order of values: a range picked on its segment
/// by index (the one way to name it) is refused, and the bucket is no field.
#[test]
fn the_salt_bucket_takes_no_range() {
    let mut p = Predicate::new(&Salted::LAYOUT);
    assert_eq!(p.field("salt"), None);
    let whole = rowkey::select::Picked::Range(Bound::Included(1u8), Bound::Unbounded);
    p.pick(0, whole);
    let e = p.build().expect_err("a range on the bucket");
    assert_eq!(e.field(), "salt");
    let SelectErrorKind::Input(why) = e.kind() else {
        panic!("{e}");
    };
    assert!(why.contains("does not keep order"), "{e}");
}

/// A tag holds one value, its own bytes: a value picked for it by index
/// (the one way to name it) selects what no pick does, the tag's byte
/// after the host's.
#[test]
fn a_value_picked_for_a_tag_is_the_tag() {
    let ranges = |pick: bool| {
        let mut p = Predicate::new(&Salted::LAYOUT);
        p.pick(1, rowkey::select::Picked::Values(vec![3u8]));
        if pick {
            p.pick(2, rowkey::select::Picked::Values(vec![0u8]));
        }
        p.build().map(|s| s.ranges().to_vec())
    };
    assert_eq!(Salted::LAYOUT.segments[2].name, "kind");
    assert_eq!(ranges(true), ranges(false));
}

/// The fields a select checks key by key: those after its ranges' last
/// field, not the ranged field, whose range the scan's ranges hold exactly.
#[test]
fn the_ranged_field_is_not_filtered() {
    let s = Plain::select().a(1).b(2..=5).d([1, -1]).build().unwrap();
    assert_eq!(s.filtered(), ["d"]);
    let s = Plain::select().a(1).b(2..=5).build().unwrap();
    assert!(s.filtered().is_empty(), "{:?}", s.filtered());
    // Past the cap on ranges, `c` and `d` are checked key by key, not the
    // fields the ranges still hold.
    let s = Plain::select()
        .a(1)
        .b([2, 3])
        .c([4, 5])
        .d([1, -1])
        .max_ranges(2)
        .build()
        .unwrap();
    let capped = &s.covering().expect("capped").filtered;
    assert_eq!(capped, &["c", "d"]);
    assert_eq!(s.filtered(), ["c", "d"]);
}

/// A nested key of one field, whose value text gives.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Id {
    #[pad(2)]
    id: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Nests {
    a: u8,
    id: Id,
    c: u8,
}

/// A nested key's values, written by its own `encode`, select exactly the
/// keys that hold one of them.
#[test]
fn nested_key_values_select_the_keys_that_hold_them() {
    let key = |a, id, c| {
        Nests {
            a,
            id: Id { id },
            c,
        }
        .encode()
        .unwrap()
    };
    let s = Nests::select()
        .id([Id { id: 7 }, Id { id: 42 }])
        .build()
        .unwrap();
    for a in [0, 1, 255] {
        for id in [0, 6, 7, 8, 42, 99] {
            for c in [0, 9] {
                assert_eq!(
                    s.matches(&key(a, id, c)),
                    id == 7 || id == 42,
                    "{a} {id} {c}"
                );
            }
        }
    }
}

mod by_text {
    use super::*;
    use rowkey::dynamic::{self, TextCondition};
    use std::ops::Bound::{Excluded, Included, Unbounded};

    /// `dynamic::select` parses each value by its field's codec: the same
    /// ranges and checks as the typed builder's.
    #[test]
    fn a_select_by_text_is_the_typed_select() {
        let s = dynamic::select(
            &Plain::LAYOUT,
            &[
                ("b", TextCondition::Values(vec!["2", "4"])),
                ("a", TextCondition::Values(vec!["1", "3"])),
                ("c", TextCondition::Range(Included("1"), Excluded("3"))),
                ("e", TextCondition::Values(vec!["7"])),
            ],
            None,
        )
        .unwrap();
        let typed = Plain::select()
            .a([1, 3])
            .b([2, 4])
            .c(1..3)
            .e(7)
            .build()
            .unwrap();
        assert_eq!(s.ranges(), typed.ranges());
        assert_eq!(s.filtered(), typed.filtered());
        // Phoenix's ascending `VARCHAR` takes a range.
        let s = dynamic::select(
            &Phoenix::LAYOUT,
            &[
                ("id", TextCondition::Values(vec!["1"])),
                ("a", TextCondition::Range(Included("a"), Unbounded)),
            ],
            None,
        )
        .unwrap();
        let typed = Phoenix::select().id(1).a("a"..).build().unwrap();
        assert_eq!(s.ranges(), typed.ranges());
    }

    /// The cap given is the cap the ranges are held to.
    #[test]
    fn a_select_by_text_takes_a_cap() {
        let values = TextCondition::Values(vec!["1", "3", "5"]);
        let capped = dynamic::select(&Plain::LAYOUT, &[("a", values.clone())], Some(2)).unwrap();
        assert_eq!(capped.covering().unwrap().max_ranges, 2);
        let exact = dynamic::select(&Plain::LAYOUT, &[("a", values)], None).unwrap();
        assert_eq!((exact.ranges().len(), exact.covering()), (3, None));
    }

    fn refusal(
        layout: &'static rowkey::Layout<'static>,
        field: &str,
        c: TextCondition<'_>,
    ) -> String {
        let e = dynamic::select(layout, &[(field, c)], None).unwrap_err();
        assert_eq!(e.field(), field);
        e.to_string()
    }

    /// An unknown field, a tag (its value is fixed) or the salt bucket is
    /// refused, naming the fields the key has.
    #[test]
    fn only_the_keys_fields_are_selected_by_name() {
        let one = || TextCondition::Values(vec!["1"]);
        let fields = "Salted has host, kind, ts, o, p, m";
        for name in ["x", "kind", "salt"] {
            let e = refusal(&Salted::LAYOUT, name, one());
            assert!(e.ends_with(&format!("no such field; {fields}")), "{e}");
        }
        let s = dynamic::select(&Salted::LAYOUT, &[("ts", one())], None).unwrap();
        let typed = Salted::select().ts(1).build().unwrap();
        assert_eq!(s.ranges(), typed.ranges());
    }

    /// A field whose bytes do not keep its values' order takes values, not
    /// a range: a mirrored field, an `Option`, a nested key, a descending
    /// Phoenix `VARCHAR`.
    #[test]
    fn unordered_fields_take_values_not_ranges() {
        let range = || TextCondition::Range(Included("1"), Unbounded);
        for (layout, field) in [
            (&Salted::LAYOUT, "m"),
            (&Salted::LAYOUT, "o"),
            (&Nests::LAYOUT, "id"),
            (&Phoenix::LAYOUT, "d"),
        ] {
            let e = refusal(layout, field, range());
            assert!(
                e.contains("does not keep order in the key, so it takes values, not a range"),
                "{field}: {e}"
            );
        }
        // Ascending fixed-width fields do; a nested key takes values.
        dynamic::select(&Salted::LAYOUT, &[("ts", range())], None).unwrap();
        let one = TextCondition::Values(vec!["7"]);
        let s = dynamic::select(&Nests::LAYOUT, &[("id", one)], None).unwrap();
        let typed = Nests::select().id(Id { id: 7 }).build().unwrap();
        assert_eq!(s.ranges(), typed.ranges());
        dynamic::select(&Nests::LAYOUT, &[("c", range())], None).unwrap();
    }
}

/// Fields of the types the property cases leave out: floats, bytes in
/// every form, and Phoenix's date and time.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Kinds<'a> {
    f: f32,
    d: f64,
    a: [u8; 2],
    #[escaped]
    v: Vec<u8>,
    #[escaped]
    c: std::borrow::Cow<'a, str>,
    #[escaped]
    cb: std::borrow::Cow<'a, [u8]>,
    rest: &'a [u8],
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select, phoenix)]
struct Times {
    day: rowkey::codec::Date,
    at: rowkey::codec::Timestamp,
}

/// Each field's typed values select exactly the keys that hold them.
#[test]
fn every_field_type_selects_its_values() {
    use std::borrow::Cow;
    let key = |f: f32, d: f64, b: u8| Kinds {
        f,
        d,
        a: [b, b],
        v: vec![b],
        c: Cow::Owned(b.to_string()),
        cb: Cow::Owned(vec![b]),
        rest: if b == 1 { b"r1" } else { b"r2" },
    };
    let one = key(1.5, -2.5, 1).encode().unwrap();
    let two = key(2.5, 3.5, 2).encode().unwrap();
    let s = Kinds::select()
        .f([1.5f32])
        .d([-2.5f64])
        .a([[1u8, 1]])
        .v([&[1u8][..]])
        .c(["1"])
        .cb([&[1u8][..]])
        .rest([&b"r1"[..]])
        .build()
        .unwrap();
    assert!(s.matches(&one) && !s.matches(&two));
    let s = Kinds::select().f(2.0f32..).d(..0.0f64).build().unwrap();
    assert!(!s.matches(&one) && !s.matches(&two));
    let s = Kinds::select().f(..2.0f32).d(..0.0f64).build().unwrap();
    assert!(s.matches(&one) && !s.matches(&two));

    use rowkey::codec::{Date, Timestamp};
    let at = |millis, nanos| Timestamp { millis, nanos };
    let t = |day, (millis, nanos)| {
        Times {
            day: Date { millis: day },
            at: at(millis, nanos),
        }
        .encode()
        .unwrap()
    };
    let s = Times::select()
        .day([Date { millis: 86_400_000 }])
        .at([at(5, 7)])
        .build()
        .unwrap();
    assert!(s.matches(&t(86_400_000, (5, 7))));
    assert!(!s.matches(&t(86_400_000, (5, 8))) && !s.matches(&t(0, (5, 7))));
}

/// A range whose low end is above its high end holds no value: refused as
/// such by the values' order before the codec writes either bound, so a
/// bound the codec would refuse (a `TIMESTAMP` whose nanoseconds pass its
/// millisecond) does not decide the error; in order, the bound does.
#[test]
fn crossed_bounds_are_an_empty_range_whatever_the_bounds() {
    use rowkey::codec::Timestamp;
    let bad = Timestamp {
        millis: 5,
        nanos: 2_000_000,
    };
    let low = Timestamp {
        millis: 1,
        nanos: 0,
    };
    let e = Times::select().at(bad..=low).build().unwrap_err();
    assert_eq!((e.field(), e.kind()), ("at", &SelectErrorKind::EmptyRange));
    let e = Times::select().at(bad..bad).build().unwrap_err();
    assert_eq!((e.field(), e.kind()), ("at", &SelectErrorKind::EmptyRange));
    let e = Times::select().at(low..=bad).build().unwrap_err();
    assert!(matches!(e.kind(), SelectErrorKind::Input(_)), "{e}");
}

/// Each Rust type a select takes is the value its codec writes: the text,
/// the bytes, the number (a `Date` its milliseconds, a `Timestamp` its
/// two parts), in any form it is owned or borrowed.
#[test]
fn rust_values_are_the_codecs_values() {
    use rowkey::dynamic::{FieldValue, Value};
    use rowkey::select::IntoValue;
    use rowkey::Number;
    use std::borrow::Cow;
    let text = || Value::Text("ab".into());
    let bytes = || Value::Bytes(vec![1, 2]);
    assert_eq!(1.5f32.into_value(), Ok(Value::F32(1.5)));
    assert_eq!((-2.5f64).into_value(), Ok(Value::F64(-2.5)));
    assert_eq!(true.into_value(), Ok(Value::Bool(true)));
    assert_eq!("ab".into_value(), Ok(text()));
    assert_eq!(String::from("ab").into_value(), Ok(text()));
    assert_eq!(Cow::Borrowed("ab").into_value(), Ok(text()));
    assert_eq!((&[1u8, 2][..]).into_value(), Ok(bytes()));
    assert_eq!(vec![1u8, 2].into_value(), Ok(bytes()));
    assert_eq!(Cow::Borrowed(&[1u8, 2][..]).into_value(), Ok(bytes()));
    assert_eq!([1u8, 2].into_value(), Ok(bytes()));
    assert_eq!(
        Some(7u8).into_value(),
        Ok(Value::Some(Box::new(Value::Int(Number::Unsigned(7)))))
    );
    assert_eq!(None::<u8>.into_value(), Ok(Value::None));
    let date = rowkey::codec::Date { millis: -5 };
    assert_eq!(date.into_value(), Ok(Value::Int(Number::Signed(-5))));
    let at = rowkey::codec::Timestamp {
        millis: -5,
        nanos: 7,
    };
    let parts = vec![
        FieldValue {
            name: "millis",
            value: Value::Int(Number::Signed(-5)),
        },
        FieldValue {
            name: "nanos",
            value: Value::Int(Number::Unsigned(7)),
        },
    ];
    assert_eq!(at.into_value(), Ok(Value::Key(parts)));
    let inner = Id { id: 7 };
    let fields = vec![FieldValue {
        name: "id",
        value: Value::Int(Number::Unsigned(7)),
    }];
    assert_eq!(inner.into_value(), Ok(Value::Key(fields)));
}

/// A key that later keys may extend: a match whose field `c` is left out.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Extended {
    #[escaped]
    word: String,
    b: u8,
    #[rowkey(since = 1)]
    c: Option<u8>,
}

/// After a match that longer keys may extend (its `c` left out), the next
/// key that can match is the match and `0x00`: no jump, so no seek, even
/// where the scan has learnt to seek past gaps.
#[test]
fn a_match_that_longer_keys_extend_costs_no_seek() {
    let key = |w: u8, c: Option<u8>| Extended {
        word: format!("w{w:02}"),
        b: 0,
        c,
    };
    // Rows between the matches c = 0 and 2, then a run of matches with no
    // `c`, one after the other.
    let gaps = (0..8).flat_map(|w| (0..4).map(move |c| key(w, Some(c))));
    let table = |run: u8| -> BTreeMap<Vec<u8>, ()> {
        gaps.clone()
            .chain((8..8 + run).map(|w| key(w, None)))
            .map(|k| (k.encode().unwrap(), ()))
            .collect()
    };
    let s = Extended::select()
        .c([None, Some(0), Some(2)])
        .build()
        .unwrap();
    let (_, alone) = scan_stats(&s, &table(0));
    let (matches, with_run) = scan_stats(&s, &table(64));
    assert_eq!(matches, 16 + 64);
    assert_eq!(with_run.seeks, alone.seeks, "{alone:?} {with_run:?}");
}

/// Two one-byte fields: every two bytes are a key, so the smallest key
/// after any key that can match is found by counting.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Pairs {
    a: u8,
    #[reverse]
    b: u8,
}

/// The first two-byte key at or after `bytes`, as a seek finds it.
fn first_pair_from(bytes: &[u8]) -> Option<[u8; 2]> {
    let mut pair = [0u8; 2];
    let n = bytes.len().min(2);
    pair[..n].copy_from_slice(&bytes[..n]);
    if bytes.len() <= 2 {
        return Some(pair);
    }
    // Longer: past every key it starts with.
    let next = u16::from_be_bytes(pair).checked_add(1)?;
    Some(next.to_be_bytes())
}

/// Values near the ends and the middle of a byte, where the hint carries
/// into the field before.
fn edge_byte() -> impl Strategy<Value = u8> + Clone {
    prop_oneof![0u8..3, 126u8..130, 253u8..=255]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    /// `next_hint` is where the smallest key after the key read that can
    /// match lies: a seek there lands on it (not merely on some key that
    /// skips no match); `None` exactly when no key after it matches.
    #[test]
    fn the_hint_is_the_next_key_that_matches(
        a in cond(edge_byte(), true),
        b in cond(edge_byte(), true),
        probes in vec(any::<[u8; 2]>(), 64),
    ) {
        let mut p = Pairs::select();
        p = match &a {
            P::Any => p,
            P::Values(vs) => p.a(vs.clone()),
            P::Range(lo, hi) => p.a((*lo, *hi)),
        };
        p = match &b {
            P::Any => p,
            P::Values(vs) => p.b(vs.clone()),
            P::Range(lo, hi) => p.b((*lo, *hi)),
        };
        // A range that holds no value is refused one way and taken the
        // other (`ranges_outside_a_fields_values_are_refused_both_ways`).
        let empty = |c: &P<u8>| matches!(c, P::Range(lo, hi) if !Between::between(lo, hi));
        if empty(&a) || empty(&b) {
            return Ok(());
        }
        let s = p.build().unwrap();
        let holds = |k: [u8; 2]| a.holds(&k[0]) && b.holds(&(255 - k[1]));
        let matching: Vec<[u8; 2]> = (0..=0xFFFFu16).map(u16::to_be_bytes).filter(|&k| holds(k)).collect();
        for probe in probes {
            let next = matching.get(matching.partition_point(|k| *k <= probe)).copied();
            let hint = s.next_hint(&probe);
            if let Some(h) = &hint {
                prop_assert!(h.as_slice() > &probe[..], "hint {:?} after {:?}", h, probe);
            }
            prop_assert_eq!(hint.and_then(|h| first_pair_from(&h)), next, "after {:?}", probe);
        }
    }
}

/// A range wholly outside a field's values holds none: the select refuses
/// it (`build`'s contract: "a range that holds no value" is an error),
/// below the values as above them, for an ascending field as for a
/// descending one. Taken, its bytes would hold only keys shorter than the
/// field, and the seek hint would seek once per value of the fields before.
#[test]
fn ranges_outside_a_fields_values_are_refused_both_ways() {
    use std::ops::Bound::{Excluded, Included, Unbounded};
    let kind = |p: Predicate<'static>| p.build().map(|_| ()).map_err(|e| e.kind().clone());
    let refused: [Predicate<'static>; 10] = [
        // Above an ascending field's values, below a descending one's.
        Pairs::select().a((Excluded(255u8), Unbounded)).into(),
        Pairs::select().b((Unbounded, Excluded(0u8))).into(),
        // The mirror images: below an ascending field's values, above a descending one's.
        Pairs::select().a((Unbounded, Excluded(0u8))).into(),
        Pairs::select().b((Excluded(255u8), Unbounded)).into(),
        // A `pad` field's bytes are digits: below `0`, above `10^N - 1`, and
        // between two neighbours there is no value, ascending or descending.
        Plain::select().a((Unbounded, Excluded(0u8))).into(),
        Plain::select().a((Excluded(99u8), Unbounded)).into(),
        Plain::select().a((Excluded(9u8), Excluded(10u8))).into(),
        Plain::select().e((Unbounded, Excluded(0u16))).into(),
        Plain::select().e((Excluded(999u16), Unbounded)).into(),
        Plain::select()
            .e((Excluded(99u16), Excluded(100u16)))
            .into(),
    ];
    for (i, p) in refused.into_iter().enumerate() {
        assert_eq!(kind(p), Err(SelectErrorKind::EmptyRange), "range {i}");
    }
    let one = Plain::select().e((Included(99u16), Excluded(100u16)));
    assert_eq!(kind(one.into()), Ok(()));
}

/// Values picked by field position, as generated builders pick them but of
/// any type: one the field cannot hold is refused, never written cut to
/// the field's width (300 in a `u8`, three bytes in a `[u8; 2]`).
#[test]
fn a_picked_value_the_field_cannot_hold_is_refused() {
    use rowkey::select::Picked;
    let mut p = Predicate::new(&Pairs::LAYOUT);
    p.pick_values(0, Picked::Values(vec![300u32]));
    let e = p.build().unwrap_err();
    assert!(
        matches!((e.field(), e.kind()), ("a", SelectErrorKind::Input(_))),
        "{e}"
    );
    let mut p = Predicate::new(&Kinds::LAYOUT);
    let a = p.field("a").unwrap();
    p.pick_values(a, Picked::Values(vec![vec![1u8, 2, 3]]));
    let e = p.build().unwrap_err();
    assert!(
        matches!((e.field(), e.kind()), ("a", SelectErrorKind::Input(_))),
        "{e}"
    );
}

/// A key salted on its last field, after a field a select ranges.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct SaltedAfterRange {
    a: u8,
    c: u8,
    #[salt(mod = 100, hash = modulo)]
    b: u8,
}

/// A salted field past the compiled fields that is given values puts each
/// range in as many buckets as it has values, not in all 100: three ranges
/// fit a cap of three, each in the bucket of `b = 7`.
#[test]
fn a_salted_field_past_the_run_counts_the_buckets_of_its_values() {
    let mut p: Predicate<'static> = SaltedAfterRange::select()
        .a([1, 2, 3])
        .c(0..5)
        .b([7])
        .into();
    p.max_ranges(3);
    let s = p.build().unwrap();
    let key = |a, c| SaltedAfterRange { a, c, b: 7 }.encode().unwrap();
    let starts: Vec<&[u8]> = s.ranges().iter().map(|r| r.start()).collect();
    assert_eq!(starts, [&key(1, 0)[..3], &key(2, 0)[..3], &key(3, 0)[..3]]);
}

/// A Phoenix key that ends with a `DESC` `VARCHAR`, which keeps its `0xFF`
/// separator at the end of the key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select, phoenix)]
struct DescLast {
    id: i32,
    #[reverse]
    d: String,
}

/// After a match, the hint is the next combination the select allows: the
/// next `id` with the first value of `d` in key order ("b" before "ab",
/// descending), not a key just past the match.
#[test]
fn the_hint_after_a_desc_varchar_at_the_end_is_the_next_combination() {
    let key = |id, d: &str| DescLast { id, d: d.into() }.encode().unwrap();
    let s = DescLast::select().d(["ab", "b"]).build().unwrap();
    assert!(key(0, "b") < key(0, "ab"));
    assert_eq!(s.next_hint(&key(0, "b")), Some(key(0, "ab")));
    assert_eq!(s.next_hint(&key(0, "ab")), Some(key(1, "b")));
}

/// A value for every field of a salted Phoenix key fixes the key, and so
/// its bucket: one range (the module's "fewest exact key ranges"). The last `VARCHAR` is written without its
/// separator, so no key starts with "y" and a separator.
#[test]
fn a_value_for_every_field_of_a_salted_phoenix_key_is_one_range() {
    let s = PhoenixSalted::select()
        .a(["x"])
        .n([1])
        .b(["y"])
        .build()
        .unwrap();
    let key = PhoenixSalted {
        a: "x".into(),
        n: 1,
        b: "y".into(),
    }
    .encode()
    .unwrap();
    assert_eq!(s.ranges().len(), 1, "{:?}", s.ranges());
    assert!(s.ranges()[0].contains(&key));
    let capped = PhoenixSalted::select()
        .a(["x"])
        .n([1])
        .b(["y"])
        .max_ranges(1)
        .build()
        .unwrap();
    assert_eq!(capped.covering(), None);
}

/// A Phoenix key of two `VARCHAR`s: the first may end the key (the second
/// null), the last ends it without a separator.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select, phoenix)]
struct TwoTexts {
    a: String,
    b: String,
}

/// The exact scan's count (`Covering::exact`, its ranges before merging)
/// takes two forms for a value of a `VARCHAR` that may end the key, the key
/// ending after it and going on past its separator, and one for a value of
/// the last `VARCHAR`.
#[test]
fn a_varchar_that_may_end_the_key_counts_both_its_forms() {
    let exact = |p: Predicate<'static>, cap| {
        let mut p = p;
        p.max_ranges(cap);
        p.build().unwrap().covering().map(|c| c.exact)
    };
    assert_eq!(exact(TwoTexts::select().a(["x", "y"]).into(), 3), Some(4));
    assert_eq!(exact(TwoTexts::select().a(["x", "y"]).into(), 4), None);
    assert_eq!(
        exact(TwoTexts::select().a(["x"]).b(["p", "q", "r"]).into(), 5),
        Some(6)
    );
    assert_eq!(
        exact(TwoTexts::select().a(["x"]).b(["p", "q", "r"]).into(), 6),
        None
    );
}

/// Three fields, for a select whose ranges cover the first alone.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct Ends {
    a: u8,
    b: u8,
    c: u8,
}

/// A hint past a range's end opens the next range at the hint, not at its
/// start: with ranges on `a` alone (six combinations over a cap of two),
/// after the row `(1, 9, 3)` the next match can be `(3, 0, 2)` at the
/// earliest, so the rows of `a = 3` before it are never read.
#[test]
fn the_next_range_opens_at_a_hint_past_its_start() {
    let mut p: Predicate<'static> = Ends::select().a([1, 3]).b([0, 5, 9]).c([2]).into();
    p.max_ranges(2);
    let s = p.build().unwrap();
    assert_eq!(s.ranges().len(), 2);
    let row = |a, b, c| (Ends { a, b, c }.encode().unwrap().to_vec(), ());
    let table: BTreeMap<Vec<u8>, ()> = [(1, 9, 3), (3, 0, 0), (3, 0, 1), (3, 0, 2)]
        .into_iter()
        .map(|(a, b, c)| row(a, b, c))
        .collect();
    let (found, stats) = scan_stats(&s, &table);
    assert_eq!(found, 1);
    // (1, 9, 3), then the second range opened at the hint, and the match.
    assert_eq!((stats.rows_read, stats.seeks), (2, 2), "{stats:?}");
}
