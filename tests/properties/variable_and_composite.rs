//! Properties of the richer field kinds (escaped, trailing, float, `Option`, nested, tag, mirror): round trip, byte order equals value order, uniqueness, total decode, borrowed decode, prefix helpers and mixed scans.

use super::keys::{CowHostEvent, CustomerKey, HostEventKey, OrderKey, PathKey, Row};
use super::support_cases::cases;
use std::borrow::Cow;
use std::cmp::{Ordering, Reverse};
use std::collections::BTreeMap;
use std::fmt::Debug;

use proptest::prelude::*;
use proptest::sample::{select, Index};
use rowkey::{DecodeErrorKind, EncodeErrorKind, KeyRange, OwnedRowKey, RowKey};

// ---- the order each key must have, as an ordinary Rust value ----

/// A key type and the value its bytes must sort as: field by field, reversed
/// fields wrapped in `Reverse`, floats in `total_cmp` order. Two keys share
/// bytes exactly when their models are equal.
trait Spec: OwnedRowKey + Clone + Debug {
    type Model: Ord + Debug;
    fn model(&self) -> Self::Model;
}

/// An `f64` ordered by `total_cmp`, equal only bit for bit.
#[derive(Debug, Clone, Copy)]
struct Total64(f64);

impl PartialEq for Total64 {
    fn eq(&self, o: &Self) -> bool {
        self.0.to_bits() == o.0.to_bits()
    }
}
impl Eq for Total64 {}
impl PartialOrd for Total64 {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Total64 {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0)
    }
}

/// An `f32` ordered by `total_cmp`, equal only bit for bit.
#[derive(Debug, Clone, Copy)]
struct Total32(f32);

impl PartialEq for Total32 {
    fn eq(&self, o: &Self) -> bool {
        self.0.to_bits() == o.0.to_bits()
    }
}
impl Eq for Total32 {}
impl PartialOrd for Total32 {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Total32 {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0)
    }
}

// ---- strategies: values crowded around the bytes where escaping and order break ----

/// Characters whose UTF-8 holds 0x00, 0x01, 0x7F, 0xC3 0xBF, 0xF4 .. 0xBF, and plain letters.
const CHARS: [char; 8] = ['\0', '\u{1}', 'a', 'b', 'c', '\u{7f}', 'ÿ', '\u{10FFFF}'];
/// Bytes next to the escape, the terminator and their inverses.
const BYTES: [u8; 8] = [0x00, 0x01, 0x02, 0x61, 0x62, 0x7F, 0xFE, 0xFF];

fn text() -> BoxedStrategy<String> {
    prop::collection::vec(select(CHARS.to_vec()), 0..6)
        .prop_map(|c| c.into_iter().collect())
        .boxed()
}

fn bytes() -> BoxedStrategy<Vec<u8>> {
    prop::collection::vec(
        prop_oneof![3 => select(BYTES.to_vec()), 1 => any::<u8>()],
        0..6,
    )
    .boxed()
}

/// Two values, often one a prefix of the other, in either order.
fn pair<T: Clone + Debug + 'static>(
    s: fn() -> BoxedStrategy<T>,
    join: fn(&T, &T) -> T,
) -> BoxedStrategy<(T, T)> {
    prop_oneof![
        (s(), s()),
        (s(), s()).prop_map(move |(a, x)| {
            let b = join(&a, &x);
            (a, b)
        }),
        (s(), s()).prop_map(move |(a, x)| {
            let b = join(&a, &x);
            (b, a)
        }),
        s().prop_map(|a| (a.clone(), a)),
    ]
    .boxed()
}

fn text_pair() -> BoxedStrategy<(String, String)> {
    pair(text, |a, x| format!("{a}{x}"))
}

fn bytes_pair() -> BoxedStrategy<(Vec<u8>, Vec<u8>)> {
    pair(bytes, |a, x| [a.as_slice(), x].concat())
}

/// A small integer, so that later fields decide the order often.
fn small() -> BoxedStrategy<u8> {
    select(vec![0u8, 1, 0xFE, 0xFF]).boxed()
}

/// Floats from every class: zeros of both signs, infinities, NaNs with payloads, subnormals.
fn f64s() -> BoxedStrategy<f64> {
    let special = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        f64::from_bits(0x7FF0_0000_0000_0001),
        f64::from_bits(0xFFF0_0000_DEAD_BEEF),
        f64::from_bits(1),
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::MIN,
    ];
    prop_oneof![
        2 => select(special),
        1 => any::<u64>().prop_map(f64::from_bits),
        1 => any::<f64>(),
    ]
    .boxed()
}

fn f32s() -> BoxedStrategy<f32> {
    let special = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7F80_0001),
        f32::from_bits(0xFFFF_FFFF),
        f32::from_bits(1),
    ];
    prop_oneof![
        2 => select(special),
        1 => any::<u32>().prop_map(f32::from_bits),
    ]
    .boxed()
}

/// A key's bytes after a few random edits (a byte changed, inserted or
/// removed; the key cut short; a byte appended): mostly invalid keys that
/// look like valid ones, where a lax decoder would accept garbage.
fn damaged<K: RowKey + Debug + 'static>(keys: BoxedStrategy<K>) -> BoxedStrategy<Vec<u8>> {
    let edits = prop::collection::vec(
        (
            0..5u8,
            any::<Index>(),
            prop_oneof![select(BYTES.to_vec()), any::<u8>()],
        ),
        0..4,
    );
    (keys, edits)
        .prop_map(|(k, edits)| {
            let mut b = k.encode().unwrap().as_ref().to_vec();
            for (op, i, v) in edits {
                match op {
                    0 if !b.is_empty() => {
                        let i = i.index(b.len());
                        b[i] = v;
                    }
                    1 => b.insert(i.index(b.len() + 1), v),
                    2 if !b.is_empty() => {
                        b.remove(i.index(b.len()));
                    }
                    3 => b.truncate(i.index(b.len() + 1)),
                    _ => b.push(v),
                }
            }
            b
        })
        .boxed()
}

/// Arbitrary bytes from the interesting alphabet, and damaged keys.
fn noise<K: RowKey + Debug + 'static>(keys: BoxedStrategy<K>) -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        1 => prop::collection::vec(prop_oneof![select(BYTES.to_vec()), any::<u8>()], 0..40),
        3 => damaged(keys),
    ]
    .boxed()
}

// ---- the checks every key type gets ----

/// `encode`, `encoded_len` and `encode_into` agree; `decode` gives the key back.
fn round_trip<K: Spec>(k: &K) -> Result<(), TestCaseError> {
    let bytes = k.encode().unwrap();
    let bytes = bytes.as_ref();
    prop_assert_eq!(k.encoded_len(), bytes.len());
    if !K::VARIABLE {
        prop_assert_eq!(K::WIDTH, bytes.len());
    } else {
        prop_assert!(bytes.len() >= K::WIDTH, "WIDTH is the shortest encoding");
    }
    let mut buf = vec![0xA5u8; bytes.len() + 3];
    let n = k.encode_into(&mut buf).unwrap();
    prop_assert_eq!(&buf[..n], bytes);
    prop_assert!(buf[n..].iter().all(|&b| b == 0xA5));
    // A short buffer reports what the whole key needs, wherever it runs out.
    for available in [0, bytes.len() / 2, bytes.len().saturating_sub(1)] {
        if available < bytes.len() {
            let e = k.encode_into(&mut buf[..available]).unwrap_err();
            prop_assert_eq!(
                e.kind(),
                EncodeErrorKind::BufferTooSmall {
                    needed: bytes.len(),
                    available
                }
            );
        }
    }
    let back = K::decode(bytes).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    prop_assert_eq!(back.model(), k.model());
    Ok(())
}

/// Byte order is model order, and equal bytes mean equal models.
fn order<K: Spec>(a: &K, b: &K) -> Result<(), TestCaseError> {
    let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
    prop_assert_eq!(
        ea.as_ref().cmp(eb.as_ref()),
        a.model().cmp(&b.model()),
        "{:?} vs {:?}: {:02X?} vs {:02X?}",
        a,
        b,
        ea.as_ref(),
        eb.as_ref()
    );
    Ok(())
}

/// Distinct values never share a key (for keys whose bytes do not keep order).
fn unique<K: Spec>(a: &K, b: &K) -> Result<(), TestCaseError> {
    let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
    prop_assert_eq!(ea.as_ref() == eb.as_ref(), a.model() == b.model());
    Ok(())
}

/// `decode` never panics, and what it accepts re-encodes to the same bytes.
fn total_decode<K: Spec>(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(k) = K::decode(bytes) {
        let again = k.encode().unwrap();
        prop_assert_eq!(
            again.as_ref(),
            bytes,
            "{:02X?} decoded to {:?}, which encodes differently",
            bytes,
            k
        );
    }
    Ok(())
}

// ---- escaped strings and bytes ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct EscKey {
    #[escaped]
    a: String,
    #[escaped]
    b: Vec<u8>,
    c: u8,
}

impl Spec for EscKey {
    type Model = (String, Vec<u8>, u8);
    fn model(&self) -> Self::Model {
        (self.a.clone(), self.b.clone(), self.c)
    }
}

/// Descending escaped values: the PHOENIX-2067 case, where a value that is a
/// prefix of another must sort after it.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct RevEscKey {
    #[reverse]
    #[escaped]
    a: String,
    b: u8,
}

impl Spec for RevEscKey {
    type Model = (Reverse<String>, u8);
    fn model(&self) -> Self::Model {
        (Reverse(self.a.clone()), self.b)
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct BothEscKey {
    #[escaped]
    a: Vec<u8>,
    #[reverse]
    #[escaped]
    b: Vec<u8>,
    #[reverse]
    c: u8,
}

impl Spec for BothEscKey {
    type Model = (Vec<u8>, Reverse<Vec<u8>>, Reverse<u8>);
    fn model(&self) -> Self::Model {
        (self.a.clone(), Reverse(self.b.clone()), Reverse(self.c))
    }
}

fn esc_pair() -> BoxedStrategy<(EscKey, EscKey)> {
    (text_pair(), bytes_pair(), small(), small())
        .prop_map(|((a1, a2), (b1, b2), c1, c2)| {
            (
                EscKey {
                    a: a1,
                    b: b1,
                    c: c1,
                },
                EscKey {
                    a: a2,
                    b: b2,
                    c: c2,
                },
            )
        })
        .boxed()
}

fn rev_esc_pair() -> BoxedStrategy<(RevEscKey, RevEscKey)> {
    (text_pair(), small(), small())
        .prop_map(|((a1, a2), b1, b2)| (RevEscKey { a: a1, b: b1 }, RevEscKey { a: a2, b: b2 }))
        .boxed()
}

fn both_esc_pair() -> BoxedStrategy<(BothEscKey, BothEscKey)> {
    (bytes_pair(), bytes_pair(), small(), small())
        .prop_map(|((a1, a2), (b1, b2), c1, c2)| {
            (
                BothEscKey {
                    a: a1,
                    b: b1,
                    c: c1,
                },
                BothEscKey {
                    a: a2,
                    b: b2,
                    c: c2,
                },
            )
        })
        .boxed()
}

/// Every pair of these, each way round, with following bytes that would
/// break a naive separator (0x00 and 0xFF).
#[test]
fn escaped_prefix_pairs_sort_both_ways() {
    let values = [
        "", "\0", "\0\0", "\u{1}", "a", "a\0", "a\0b", "a\u{1}", "ab", "ab\0", "ab\0\0", "abc",
        "b", "ÿ",
    ];
    for x in values {
        for y in values {
            for (bx, by) in [(0, 0xFF), (0xFF, 0), (0, 0), (0xFF, 0xFF)] {
                let (ax, ay) = (
                    EscKey {
                        a: x.into(),
                        b: x.as_bytes().to_vec(),
                        c: bx,
                    },
                    EscKey {
                        a: y.into(),
                        b: y.as_bytes().to_vec(),
                        c: by,
                    },
                );
                order(&ax, &ay).unwrap();
                let (dx, dy) = (
                    RevEscKey { a: x.into(), b: bx },
                    RevEscKey { a: y.into(), b: by },
                );
                order(&dx, &dy).unwrap();
            }
        }
    }
    // PHOENIX-2067, spelled out: descending, "abc" comes before "ab" whatever follows
    let abc = RevEscKey {
        a: "abc".into(),
        b: 0xFF,
    };
    let ab = RevEscKey {
        a: "ab".into(),
        b: 0x00,
    };
    assert!(abc.encode().unwrap() < ab.encode().unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn escaped_keys_round_trip_and_keep_order((a, b) in esc_pair()) {
        round_trip(&a)?;
        round_trip(&b)?;
        order(&a, &b)?;
    }

    #[test]
    fn reversed_escaped_keys_sort_descending_even_for_prefixes((a, b) in rev_esc_pair()) {
        round_trip(&a)?;
        round_trip(&b)?;
        order(&a, &b)?;
    }

    #[test]
    fn mixed_escaped_keys_keep_order((a, b) in both_esc_pair()) {
        round_trip(&a)?;
        order(&a, &b)?;
    }

    #[test]
    fn escaped_decode_is_total(bytes in noise(esc_pair().prop_map(|p| p.0).boxed())) {
        total_decode::<EscKey>(&bytes)?;
    }

    #[test]
    fn reversed_escaped_decode_is_total(bytes in noise(rev_esc_pair().prop_map(|p| p.0).boxed())) {
        total_decode::<RevEscKey>(&bytes)?;
    }

    #[test]
    fn mixed_escaped_decode_is_total(bytes in noise(both_esc_pair().prop_map(|p| p.0).boxed())) {
        total_decode::<BothEscKey>(&bytes)?;
    }

    /// `prefix_for_a(v)` holds exactly the keys whose `a` is `v`, not those
    /// whose `a` merely starts with `v`; likewise for two fields.
    #[test]
    fn escaped_prefix_helpers_hold_exactly_that_value(
        (k, _) in esc_pair(), (probe, _) in text_pair(), (bprobe, _) in bytes_pair(),
    ) {
        let key = k.encode().unwrap();
        for v in [&probe, &k.a] {
            prop_assert_eq!(EscKey::prefix_for_a(v).unwrap().contains(&key), k.a == *v, "{:?}", v);
            for w in [&bprobe, &k.b] {
                prop_assert_eq!(
                    EscKey::prefix_for_a_b(v, w).unwrap().contains(&key),
                    k.a == *v && k.b == *w
                );
            }
        }
        let rk = RevEscKey { a: k.a.clone(), b: k.c };
        let rkey = rk.encode().unwrap();
        for v in [&probe, &k.a] {
            prop_assert_eq!(RevEscKey::prefix_for_a(v).unwrap().contains(&rkey), rk.a == *v);
        }
    }
}

#[test]
fn escaped_decode_rejects_what_encode_never_writes() {
    // 00 07: neither an escape nor the terminator
    assert!(matches!(
        EscKey::decode(&[0x61, 0x00, 0x07, 0x00, 0x01, 0x00, 0x01, 0x05])
            .unwrap_err()
            .kind(),
        DecodeErrorKind::BadEscape { found: 0x07 }
    ));
    // the key ends before a terminator
    assert_eq!(
        EscKey::decode(&[0x61, 0x00, 0x01, 0x62])
            .unwrap_err()
            .kind(),
        DecodeErrorKind::Unterminated
    );
    // trailing garbage
    assert!(EscKey::decode(&[0x00, 0x01, 0x00, 0x01, 0x05, 0x00]).is_err());
    // escape-free decode, then a truncated fixed field
    assert!(EscKey::decode(&[0x00, 0x01, 0x00, 0x01]).is_err());
    // an ascending terminator inside a descending value
    assert!(RevEscKey::decode(&[0x9E, 0x00, 0x01, 0x05]).is_err());
}

// ---- borrowed decode: HostEventKey<'a> ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct OwnedHostEvent {
    #[escaped]
    host: String,
    #[escaped]
    event: String,
    #[reverse]
    ts: u64,
}

impl Spec for OwnedHostEvent {
    type Model = (String, String, Reverse<u64>);
    fn model(&self) -> Self::Model {
        (self.host.clone(), self.event.clone(), Reverse(self.ts))
    }
}

/// Whether `part` lies inside `whole`'s memory.
fn points_into(part: &[u8], whole: &[u8]) -> bool {
    let (p, w) = (part.as_ptr() as usize, whole.as_ptr() as usize);
    p >= w && p + part.len() <= w + whole.len()
}

fn ts() -> BoxedStrategy<u64> {
    prop_oneof![select(vec![0, 1, u64::MAX - 1, u64::MAX]), any::<u64>()].boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    /// The three spellings write the same bytes; `&str` fields borrow
    /// escape-free values straight out of the key and refuse the others;
    /// `String` and `Cow` fields decode both.
    #[test]
    fn borrowed_decode_borrows_escape_free_values((host, event) in text_pair(), ts in ts()) {
        let borrowed = HostEventKey { host: &host, event: &event, ts };
        let owned = OwnedHostEvent { host: host.clone(), event: event.clone(), ts };
        let cow = CowHostEvent { host: Cow::Borrowed(&host), event: Cow::Borrowed(event.as_bytes()), ts };
        let bytes = borrowed.encode().unwrap();
        prop_assert_eq!(&owned.encode().unwrap(), &bytes);
        prop_assert_eq!(&cow.encode().unwrap(), &bytes);
        prop_assert_eq!(borrowed.encoded_len(), bytes.len());
        round_trip(&owned)?;

        let escape_free = !host.contains('\0') && !event.contains('\0');
        match HostEventKey::decode(&bytes) {
            Ok(back) => {
                prop_assert!(escape_free);
                prop_assert_eq!(&back, &borrowed);
                prop_assert!(points_into(back.host.as_bytes(), &bytes), "host was copied");
                prop_assert!(points_into(back.event.as_bytes(), &bytes), "event was copied");
            }
            Err(e) => {
                prop_assert!(!escape_free, "{}", e);
                prop_assert_eq!(e.kind(), DecodeErrorKind::NeedsOwned);
                let field = if host.contains('\0') { "host" } else { "event" };
                prop_assert_eq!(e.field(), field);
            }
        }
        let back = CowHostEvent::decode(&bytes).unwrap();
        prop_assert_eq!(&back, &cow);
        prop_assert_eq!(matches!(back.host, Cow::Borrowed(_)), !host.contains('\0'));
        prop_assert_eq!(matches!(back.event, Cow::Borrowed(_)), !event.contains('\0'));
        if let Cow::Borrowed(h) = back.host {
            prop_assert!(points_into(h.as_bytes(), &bytes));
        }
    }

    #[test]
    fn host_event_order_and_prefixes(
        (h1, h2) in text_pair(), (e1, e2) in text_pair(), t1 in ts(), t2 in ts(),
    ) {
        let a = OwnedHostEvent { host: h1, event: e1, ts: t1 };
        let b = OwnedHostEvent { host: h2, event: e2, ts: t2 };
        order(&a, &b)?;
        let key = a.encode().unwrap();
        prop_assert_eq!(HostEventKey::prefix_for_host(&b.host).unwrap().contains(&key), a.host == b.host);
        prop_assert_eq!(
            HostEventKey::prefix_for_host_event(&b.host, &b.event).unwrap().contains(&key),
            a.host == b.host && a.event == b.event
        );
        prop_assert_eq!(
            HostEventKey::prefix_for_host_event_ts(&b.host, &b.event, b.ts).unwrap().contains(&key),
            a == b
        );
        // a range on the fixed field after two escaped ones; `ts` is descending
        let (lo, hi) = (a.ts.min(b.ts), a.ts.max(b.ts));
        prop_assert_eq!(
            HostEventKey::range_for_host_event_ts(&b.host, &b.event, lo..hi).unwrap().contains(&key),
            a.host == b.host && a.event == b.event && (lo..hi).contains(&a.ts)
        );
        prop_assert_eq!(
            HostEventKey::range_for_host_event_ts(&b.host, &b.event, b.ts..).unwrap().contains(&key),
            a.host == b.host && a.event == b.event && a.ts >= b.ts
        );
        // the owned spelling's helpers build the same ranges
        prop_assert_eq!(
            OwnedHostEvent::prefix_for_host_event(&b.host, &b.event).unwrap(),
            HostEventKey::prefix_for_host_event(&b.host, &b.event).unwrap()
        );
    }

    #[test]
    fn host_event_decode_is_total(bytes in noise(text_pair().prop_map(|(host, event)| OwnedHostEvent { host, event, ts: 7 }).boxed())) {
        total_decode::<OwnedHostEvent>(&bytes)?;
        if let Ok(k) = HostEventKey::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        if let Ok(k) = CowHostEvent::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
    }
}

// ---- trailing fields: the rest of the key ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TrailKey {
    a: u16,
    #[escaped]
    b: String,
    rest: Vec<u8>,
}

impl Spec for TrailKey {
    type Model = (u16, String, Vec<u8>);
    fn model(&self) -> Self::Model {
        (self.a, self.b.clone(), self.rest.clone())
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct TrailString {
    #[reverse]
    a: u8,
    rest: String,
}

impl Spec for TrailString {
    type Model = (Reverse<u8>, String);
    fn model(&self) -> Self::Model {
        (Reverse(self.a), self.rest.clone())
    }
}

fn bucket() -> BoxedStrategy<u16> {
    select(vec![0u16, 3, 0xFF, 0xFFFF]).boxed()
}

fn trail_pair() -> BoxedStrategy<(TrailKey, TrailKey)> {
    (bucket(), bucket(), text_pair(), bytes_pair())
        .prop_map(|(a1, a2, (b1, b2), (r1, r2))| {
            (
                TrailKey {
                    a: a1,
                    b: b1,
                    rest: r1,
                },
                TrailKey {
                    a: a2,
                    b: b2,
                    rest: r2,
                },
            )
        })
        .boxed()
}

fn trail_string_pair() -> BoxedStrategy<(TrailString, TrailString)> {
    (small(), small(), text_pair())
        .prop_map(|(a1, a2, (r1, r2))| {
            (
                TrailString { a: a1, rest: r1 },
                TrailString { a: a2, rest: r2 },
            )
        })
        .boxed()
}

#[test]
fn trailing_prefix_helper_is_exact() {
    let r = PathKey::prefix_for_bucket_path(3, "/usr").unwrap();
    let enc = |bucket, path| PathKey { bucket, path }.encode().unwrap();
    assert!(r.contains(&enc(3, "/usr")));
    assert!(!r.contains(&enc(3, "/usr/bin")));
    assert!(!r.contains(&enc(3, "/usr\0")));
    assert!(!r.contains(&enc(3, "/us")));
    assert!(!r.contains(&enc(4, "/usr")));
    let all = PathKey::prefix_for_bucket(3).unwrap();
    assert!(all.contains(&enc(3, "/usr/bin")) && all.contains(&enc(3, "")));
    assert!(!all.contains(&enc(2, "/usr")) && !all.contains(&enc(4, "")));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn trailing_keys_round_trip_and_keep_order((a, b) in trail_pair()) {
        round_trip(&a)?;
        round_trip(&b)?;
        order(&a, &b)?;
    }

    #[test]
    fn trailing_string_keys_keep_order((a, b) in trail_string_pair()) {
        round_trip(&a)?;
        order(&a, &b)?;
    }

    #[test]
    fn trailing_decode_is_total(bytes in noise(trail_pair().prop_map(|p| p.0).boxed())) {
        total_decode::<TrailKey>(&bytes)?;
    }

    #[test]
    fn trailing_string_decode_is_total(bytes in noise(trail_string_pair().prop_map(|p| p.0).boxed())) {
        total_decode::<TrailString>(&bytes)?;
    }

    /// A borrowed trailing `&str` is the key's own bytes; the prefix helper
    /// holds exactly one path, and a BTreeMap scan over its bounds finds it.
    #[test]
    fn path_keys_borrow_and_scan_exactly(
        paths in prop::collection::vec((bucket(), text()), 1..12), probe in (bucket(), text()),
    ) {
        let mut table = BTreeMap::new();
        for (b, p) in &paths {
            let key = PathKey { bucket: *b, path: p };
            let bytes = key.encode().unwrap();
            let back = PathKey::decode(&bytes).unwrap();
            prop_assert_eq!(&back, &key);
            prop_assert!(points_into(back.path.as_bytes(), &bytes));
            table.insert(bytes, (*b, p.clone()));
        }
        for (b, p) in paths.iter().cloned().chain([probe]) {
            let r = PathKey::prefix_for_bucket_path(b, &p).unwrap();
            let found: Vec<_> = table.range::<[u8], _>(r.bounds()).map(|(_, v)| v.clone()).collect();
            let expected: Vec<_> = table.values().filter(|v| **v == (b, p.clone())).cloned().collect();
            prop_assert_eq!(found, expected);
            let r = PathKey::prefix_for_bucket(b).unwrap();
            let found = table.range::<[u8], _>(r.bounds()).count();
            prop_assert_eq!(found, table.values().filter(|v| v.0 == b).count());
        }
    }

    #[test]
    fn path_decode_is_total(bytes in prop::collection::vec(select(BYTES.to_vec()), 0..10)) {
        if let Ok(k) = PathKey::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
    }
}

// ---- floats ----

#[derive(RowKey, Debug, Clone, Copy)]
struct FloatKey {
    a: f64,
    #[reverse]
    b: f32,
    c: u8,
}

impl Spec for FloatKey {
    type Model = (Total64, Reverse<Total32>, u8);
    fn model(&self) -> Self::Model {
        (Total64(self.a), Reverse(Total32(self.b)), self.c)
    }
}

fn float_key() -> BoxedStrategy<FloatKey> {
    (f64s(), f32s(), small())
        .prop_map(|(a, b, c)| FloatKey { a, b, c })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1024), ..ProptestConfig::default() })]

    /// Order is `total_cmp`; the round trip is bit-exact (NaN payloads, -0.0).
    #[test]
    fn floats_round_trip_bit_exact_in_total_order(a in float_key(), b in float_key()) {
        round_trip(&a)?;
        order(&a, &b)?;
        let back = FloatKey::decode(&a.encode().unwrap()).unwrap();
        prop_assert_eq!(back.a.to_bits(), a.a.to_bits());
        prop_assert_eq!(back.b.to_bits(), a.b.to_bits());
    }

    /// Every 13 bytes are some key: floats use every bit pattern.
    #[test]
    fn float_decode_is_total(bytes in noise(float_key())) {
        total_decode::<FloatKey>(&bytes)?;
        prop_assert_eq!(FloatKey::decode(&bytes).is_ok(), bytes.len() == 13);
    }

    /// A float range helper holds `lo <= a < hi` in `total_cmp` order: `0.0..`
    /// leaves out `-0.0`, and NaNs sit at the ends.
    #[test]
    fn float_range_helper_follows_total_order(k in float_key(), lo in f64s(), hi in f64s(), b in f32s()) {
        let key = k.encode().unwrap();
        let inside = lo.total_cmp(&k.a).is_le() && k.a.total_cmp(&hi).is_lt();
        prop_assert_eq!(FloatKey::range_for_a(lo..hi).unwrap().contains(&key), inside);
        let inside = lo.total_cmp(&k.a).is_le();
        prop_assert_eq!(FloatKey::range_for_a(lo..).unwrap().contains(&key), inside);
        // the reversed field: `..=b` on a descending field
        let inside = k.a.to_bits() == lo.to_bits() && k.b.total_cmp(&b).is_le();
        prop_assert_eq!(FloatKey::range_for_a_b(lo, ..=b).unwrap().contains(&key), inside);
        let exact = KeyRange::<64>::exact(&key).unwrap();
        prop_assert!(FloatKey::prefix_for_a_b_c(k.a, k.b, k.c).unwrap().start() == exact.start());
    }
}

// ---- Option ----

#[derive(RowKey, Debug, Clone)]
#[rowkey(view)]
struct OptKey {
    a: Option<u16>,
    #[reverse]
    b: Option<i32>,
    c: Option<f64>,
    #[pad(3)]
    d: Option<u16>,
}

impl Spec for OptKey {
    type Model = (
        Option<u16>,
        Reverse<Option<i32>>,
        Option<Total64>,
        Option<u16>,
    );
    fn model(&self) -> Self::Model {
        (self.a, Reverse(self.b), self.c.map(Total64), self.d)
    }
}

fn opt_key() -> BoxedStrategy<OptKey> {
    (
        prop::option::of(select(vec![0u16, 1, 0xFFFF])),
        prop::option::of(select(vec![i32::MIN, -1, 0, 1, i32::MAX])),
        prop::option::of(f64s()),
        prop::option::of(select(vec![0u16, 7, 999])),
    )
        .prop_map(|(a, b, c, d)| OptKey { a, b, c, d })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    /// `None` sorts first (last when reversed), `Some(0)` is not `None`.
    #[test]
    fn options_round_trip_none_first(a in opt_key(), b in opt_key()) {
        round_trip(&a)?;
        order(&a, &b)?;
    }

    #[test]
    fn option_decode_is_total(bytes in noise(opt_key())) {
        total_decode::<OptKey>(&bytes)?;
    }

    /// Option fields get prefix helpers, holding exactly that value (`None` included).
    #[test]
    fn option_prefix_helpers_hold_exactly_that_value(k in opt_key(), p in opt_key()) {
        let key = k.encode().unwrap();
        prop_assert_eq!(OptKey::prefix_for_a(p.a).unwrap().contains(&key), k.a == p.a);
        prop_assert_eq!(OptKey::prefix_for_a_b(p.a, p.b).unwrap().contains(&key), k.a == p.a && k.b == p.b);
        prop_assert_eq!(OptKey::prefix_for_a_b(k.a, k.b).unwrap().contains(&key), true);
    }

    /// The view reads each optional field alone, as `decode` does.
    #[test]
    fn option_view_agrees_with_decode(bytes in damaged(opt_key())) {
        let view = OptKey::view(&bytes);
        prop_assert_eq!(view.is_ok(), bytes.len() == OptKey::WIDTH);
        let (Ok(view), Ok(k)) = (view, OptKey::decode(&bytes)) else { return Ok(()) };
        prop_assert_eq!(view.a().unwrap(), k.a);
        prop_assert_eq!(view.b().unwrap(), k.b);
        prop_assert_eq!(view.c().unwrap().map(Total64), k.c.map(Total64));
        prop_assert_eq!(view.d().unwrap(), k.d);
    }
}

// ---- nested keys and tags ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Inner {
    x: u16,
    #[reverse]
    y: i8,
}

impl Inner {
    fn model(&self) -> (u16, Reverse<i8>) {
        (self.x, Reverse(self.y))
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(view)]
struct Outer {
    a: u8,
    inner: Inner,
    #[tag(b"ix")]
    t: (),
    maybe: Option<Inner>,
    tail: u16,
}

impl Spec for Outer {
    type Model = (u8, (u16, Reverse<i8>), Option<(u16, Reverse<i8>)>, u16);
    fn model(&self) -> Self::Model {
        (
            self.a,
            self.inner.model(),
            self.maybe.as_ref().map(Inner::model),
            self.tail,
        )
    }
}

/// A nested key inside a variable-length key.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct VarNested {
    #[escaped]
    name: String,
    inner: Inner,
    #[tag(7)]
    t: (),
    rest: String,
}

impl Spec for VarNested {
    type Model = (String, (u16, Reverse<i8>), String);
    fn model(&self) -> Self::Model {
        (self.name.clone(), self.inner.model(), self.rest.clone())
    }
}

fn inner() -> BoxedStrategy<Inner> {
    (
        select(vec![0u16, 1, 0xFF, 0xFFFF]),
        select(vec![i8::MIN, -1, 0, 1, i8::MAX]),
    )
        .prop_map(|(x, y)| Inner { x, y })
        .boxed()
}

fn outer() -> BoxedStrategy<Outer> {
    (
        select(vec![0u8, 1, 0xFF]),
        inner(),
        prop::option::of(inner()),
        select(vec![0u16, 0xFFFF]),
    )
        .prop_map(|(a, inner, maybe, tail)| Outer {
            a,
            inner,
            t: (),
            maybe,
            tail,
        })
        .boxed()
}

fn var_nested() -> BoxedStrategy<VarNested> {
    (text(), inner(), text())
        .prop_map(|(name, inner, rest)| VarNested {
            name,
            inner,
            t: (),
            rest,
        })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn nested_keys_round_trip_and_keep_order(a in outer(), b in outer()) {
        round_trip(&a)?;
        order(&a, &b)?;
    }

    #[test]
    fn nested_in_variable_keys_round_trip_and_keep_order(a in var_nested(), b in var_nested()) {
        round_trip(&a)?;
        order(&a, &b)?;
    }

    #[test]
    fn nested_decode_is_total(bytes in noise(outer())) {
        total_decode::<Outer>(&bytes)?;
    }

    #[test]
    fn nested_in_variable_decode_is_total(bytes in noise(var_nested())) {
        total_decode::<VarNested>(&bytes)?;
    }

    /// `prefix_for_a_inner_within(a, &Inner::helper(..))` holds exactly the
    /// keys with that `a` whose inner key lies in the inner range.
    #[test]
    fn within_helpers_hold_exactly_the_inner_range(k in outer(), p in outer(), lo in any::<u16>(), hi in any::<u16>()) {
        let key = k.encode().unwrap();
        let r = Outer::prefix_for_a_inner_within(p.a, &Inner::prefix_for_x(p.inner.x).unwrap()).unwrap();
        prop_assert_eq!(r.contains(&key), k.a == p.a && k.inner.x == p.inner.x);
        let r = Outer::prefix_for_a_inner_within(p.a, &Inner::prefix_for_x_y(p.inner.x, p.inner.y).unwrap()).unwrap();
        prop_assert_eq!(r.contains(&key), k.a == p.a && k.inner == p.inner);
        let r = Outer::prefix_for_a_inner_within(p.a, &Inner::range_for_x(lo..=hi).unwrap()).unwrap();
        prop_assert_eq!(r.contains(&key), k.a == p.a && (lo..=hi).contains(&k.inner.x));
        let r = Outer::prefix_for_a_inner_within(p.a, &Inner::range_for_x_y(p.inner.x, ..=p.inner.y).unwrap()).unwrap();
        // `y` is descending: `..=y` holds y and everything larger, which sorts first
        prop_assert_eq!(r.contains(&key), k.a == p.a && k.inner.x == p.inner.x && k.inner.y <= p.inner.y);
        let r = Outer::prefix_for_a_inner_within(p.a, &KeyRange::<64>::all()).unwrap();
        prop_assert_eq!(r.contains(&key), k.a == p.a);
        // the helpers that stop after the nested key, and after the tag
        prop_assert_eq!(Outer::prefix_for_a_inner(p.a, p.inner.clone()).unwrap().contains(&key), k.a == p.a && k.inner == p.inner);
        prop_assert_eq!(
            Outer::prefix_for_a_inner_t_maybe(p.a, p.inner.clone(), p.maybe.clone()).unwrap().contains(&key),
            k.a == p.a && k.inner == p.inner && k.maybe == p.maybe
        );
    }

    #[test]
    fn nested_view_agrees_with_decode(bytes in damaged(outer())) {
        let view = Outer::view(&bytes);
        prop_assert_eq!(view.is_ok(), bytes.len() == Outer::WIDTH);
        let (Ok(view), Ok(k)) = (view, Outer::decode(&bytes)) else { return Ok(()) };
        prop_assert_eq!(view.a().unwrap(), k.a);
        prop_assert_eq!(view.inner().unwrap(), k.inner);
        prop_assert_eq!(view.maybe().unwrap(), k.maybe);
        prop_assert_eq!(view.tail().unwrap(), k.tail);
    }
}

// ---- max_width: a key decodes only if it could have been encoded ----

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(max_width = 12)]
struct Capped {
    id: u32,
    rest: Vec<u8>,
}

impl Spec for Capped {
    type Model = (u32, Vec<u8>);
    fn model(&self) -> Self::Model {
        (self.id, self.rest.clone())
    }
}

fn capped() -> BoxedStrategy<Capped> {
    (any::<u32>(), prop::collection::vec(any::<u8>(), 0..=8))
        .prop_map(|(id, rest)| Capped { id, rest })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn keys_up_to_max_width_round_trip(k in capped()) {
        round_trip(&k)?;
    }

    /// Whatever decodes encodes back to the same bytes, so nothing longer than `max_width` decodes.
    #[test]
    fn capped_decode_is_total(bytes in noise(capped()), long in prop::collection::vec(any::<u8>(), 13..40)) {
        total_decode::<Capped>(&bytes)?;
        prop_assert_eq!(
            Capped::decode(&long).unwrap_err().kind(),
            DecodeErrorKind::TooLong { max: 12, found: long.len() }
        );
    }
}

/// A decode error that names a byte it found names the byte at its offset.
fn found_at_offset(bytes: &[u8], e: rowkey::DecodeError) -> Result<(), TestCaseError> {
    let found = match e.kind() {
        DecodeErrorKind::NotDigit { found }
        | DecodeErrorKind::InvalidBool { found }
        | DecodeErrorKind::BadPadding { found }
        | DecodeErrorKind::BadTag { found, .. }
        | DecodeErrorKind::BadEscape { found } => found,
        _ => return Ok(()),
    };
    prop_assert_eq!(bytes.get(e.offset()), Some(&found), "{:02X?}: {}", bytes, e);
    Ok(())
}

// ---- mirror: unique, not ordered ----

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(view)]
struct MirrorKey {
    #[mirror]
    #[pad(7)]
    id: u32,
    #[mirror]
    seq: u64,
    region: u8,
}

impl Spec for MirrorKey {
    type Model = (u32, u64, u8);
    fn model(&self) -> Self::Model {
        (self.id, self.seq, self.region)
    }
}

fn mirror_key() -> BoxedStrategy<MirrorKey> {
    (
        prop_oneof![
            select(vec![0u32, 1, 10, 1_231_456, 9_999_999]),
            0..10_000_000u32
        ],
        prop_oneof![select(vec![0u64, 1, 256, u64::MAX]), any::<u64>()],
        small(),
    )
        .prop_map(|(id, seq, region)| MirrorKey { id, seq, region })
        .boxed()
}

/// Mirrored codecs whose decode can name a byte (presence, padding, digit), after other fields.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(view)]
struct MirrorMixed {
    lead: u8,
    #[tag(b"ix")]
    t: (),
    #[mirror]
    o: Option<u16>,
    #[mirror]
    #[pad(3)]
    n: u16,
    #[mirror]
    #[fixed(3)]
    name: String,
}

impl Spec for MirrorMixed {
    type Model = (u8, Option<u16>, u16, String);
    fn model(&self) -> Self::Model {
        (self.lead, self.o, self.n, self.name.clone())
    }
}

fn mirror_mixed() -> BoxedStrategy<MirrorMixed> {
    (small(), any::<Option<u16>>(), 0..1000u16, "[a-c]{0,3}")
        .prop_map(|(lead, o, n, name)| MirrorMixed {
            lead,
            t: (),
            o,
            n,
            name,
        })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn mirrored_codecs_round_trip_and_name_the_byte_they_found(k in mirror_mixed(), bytes in noise(mirror_mixed())) {
        round_trip(&k)?;
        total_decode::<MirrorMixed>(&bytes)?;
        if let Err(e) = MirrorMixed::decode(&bytes) {
            found_at_offset(&bytes, e)?;
        }
        if let Ok(view) = MirrorMixed::view(&bytes) {
            for e in [view.o().err(), view.n().err(), view.name().err()].into_iter().flatten() {
                found_at_offset(&bytes, e)?;
            }
        }
    }

    #[test]
    fn mirrored_keys_round_trip_and_never_collide(a in mirror_key(), b in mirror_key()) {
        round_trip(&a)?;
        unique(&a, &b)?;
        let bytes = a.encode().unwrap();
        let mut digits = format!("{:07}", a.id).into_bytes();
        digits.reverse();
        prop_assert_eq!(&bytes[..7], &digits[..]);
        let mut seq = a.seq.to_be_bytes();
        seq.reverse();
        prop_assert_eq!(&bytes[7..15], &seq[..]);
        let view = MirrorKey::view(&bytes).unwrap();
        prop_assert_eq!(view.id().unwrap(), a.id);
        prop_assert_eq!(view.seq().unwrap(), a.seq);
    }

    #[test]
    fn mirror_decode_is_total(bytes in noise(mirror_key())) {
        total_decode::<MirrorKey>(&bytes)?;
    }

    #[test]
    fn mirror_decode_errors_name_the_byte_they_found(bytes in noise(mirror_key())) {
        if let Err(e) = MirrorKey::decode(&bytes) {
            found_at_offset(&bytes, e)?;
        }
        if let Ok(view) = MirrorKey::view(&bytes) {
            for e in [view.id().err(), view.seq().err(), view.region().err()].into_iter().flatten() {
                found_at_offset(&bytes, e)?;
            }
        }
    }

    #[test]
    fn mirror_pad_rejects_eight_digit_ids(id in 10_000_000u32..) {
        let k = MirrorKey { id, seq: 0, region: 0 };
        prop_assert!(k.encode().is_err());
    }
}

// ---- salted variable-length keys ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltedVar {
    #[salt(mod = 8)]
    user: u32,
    #[escaped]
    name: String,
    #[reverse]
    ts: u64,
}

impl Spec for SaltedVar {
    type Model = (u32, String, Reverse<u64>);
    fn model(&self) -> Self::Model {
        (self.user, self.name.clone(), Reverse(self.ts))
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 8, phoenix))]
struct PhoenixVar {
    #[escaped]
    name: Vec<u8>,
    ts: u16,
}

impl Spec for PhoenixVar {
    type Model = (Vec<u8>, u16);
    fn model(&self) -> Self::Model {
        (self.name.clone(), self.ts)
    }
}

fn salted_var() -> BoxedStrategy<SaltedVar> {
    (select(vec![0u32, 7, 42]), text(), ts())
        .prop_map(|(user, name, ts)| SaltedVar { user, name, ts })
        .boxed()
}

fn phoenix_var() -> BoxedStrategy<PhoenixVar> {
    (bytes(), any::<u16>())
        .prop_map(|(name, ts)| PhoenixVar { name, ts })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    /// Salted variable keys round trip, stay unique, keep order inside a
    /// bucket, and their helpers hold exactly the matching keys.
    #[test]
    fn salted_variable_keys(a in salted_var(), b in salted_var()) {
        round_trip(&a)?;
        unique(&a, &b)?;
        if a.user == b.user {
            order(&a, &b)?;
        }
        let key = a.encode().unwrap();
        prop_assert_eq!(SaltedVar::prefix_for_user(b.user).unwrap().contains(&key), a.user == b.user);
        prop_assert_eq!(
            SaltedVar::prefix_for_user_name(b.user, &b.name).unwrap().contains(&key),
            a.user == b.user && a.name == b.name
        );
        prop_assert_eq!(SaltedVar::SALT.read(&key).unwrap(), SaltedVar::SALT.bucket_of(&a.user.to_be_bytes()));
    }

    #[test]
    fn salted_variable_decode_is_total(bytes in noise(salted_var())) {
        total_decode::<SaltedVar>(&bytes)?;
    }

    #[test]
    fn phoenix_variable_keys(a in phoenix_var(), b in phoenix_var()) {
        round_trip(&a)?;
        unique(&a, &b)?;
        let key = a.encode().unwrap();
        let hits = PhoenixVar::prefix_for_name(&b.name).unwrap().filter(|r| r.contains(&key)).count();
        prop_assert_eq!(hits, usize::from(a.name == b.name));
    }

    #[test]
    fn phoenix_variable_decode_is_total(bytes in noise(phoenix_var())) {
        total_decode::<PhoenixVar>(&bytes)?;
    }
}

// ---- record enums: a mixed scan over customer and order rows ----

fn customer_ids() -> BoxedStrategy<u64> {
    select(vec![0u64, 1, 2, 7, 0xFF, u64::MAX - 1, u64::MAX]).boxed()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), ..ProptestConfig::default() })]

    /// One table holds both record types; a customer's scan sees its row
    /// first (tag 1 < tag 2), then its orders in order, each decoded into the
    /// right variant; the tag-pinned helpers see one type only.
    #[test]
    fn mixed_scans_decode_each_row_into_its_variant(
        customers in prop::collection::btree_set(customer_ids(), 0..5),
        orders in prop::collection::btree_set((customer_ids(), select(vec![0u64, 1, 9, u64::MAX])), 0..12),
        probe in customer_ids(),
    ) {
        let mut table = BTreeMap::new();
        for &customer in &customers {
            let row = Row::from(CustomerKey { customer, kind: () });
            let mut buf = [0u8; 32];
            let n = row.encode_into(&mut buf).unwrap();
            prop_assert_eq!(n, row.encoded_len());
            table.insert(buf[..n].to_vec(), row);
        }
        for &(customer, order) in &orders {
            let key = OrderKey { customer, kind: (), order };
            table.insert(key.encode().unwrap().to_vec(), Row::from(key));
        }
        for (bytes, row) in &table {
            prop_assert_eq!(&Row::decode(bytes).unwrap(), row);
        }
        for c in customers.iter().copied().chain([probe]) {
            // Bounds, not a range: the two keys' ranges are sized to each key.
            let scan = |r: (std::ops::Bound<&[u8]>, std::ops::Bound<&[u8]>)| -> Vec<Row> {
                table.range::<[u8], _>(r).map(|(k, _)| Row::decode(k).unwrap()).collect()
            };
            let mut expected: Vec<Row> = Vec::new();
            if customers.contains(&c) {
                expected.push(CustomerKey { customer: c, kind: () }.into());
            }
            let its_orders: Vec<Row> = orders
                .iter()
                .filter(|o| o.0 == c)
                .map(|&(customer, order)| OrderKey { customer, kind: (), order }.into())
                .collect();
            expected.extend(its_orders.iter().cloned());
            prop_assert_eq!(scan(OrderKey::prefix_for_customer(c).unwrap().bounds()), expected.clone());
            prop_assert_eq!(scan(CustomerKey::prefix_for_customer(c).unwrap().bounds()), expected);
            prop_assert_eq!(scan(OrderKey::prefix_for_customer_kind(c).unwrap().bounds()), its_orders);
            let only_customer: Vec<Row> = customers
                .contains(&c)
                .then(|| CustomerKey { customer: c, kind: () }.into())
                .into_iter()
                .collect();
            prop_assert_eq!(scan(CustomerKey::prefix_for_customer_kind(c).unwrap().bounds()), only_customer);
        }
    }

    #[test]
    fn record_decode_is_total(bytes in prop::collection::vec(select(vec![0u8, 1, 2, 3, 0xFF]), 0..20)) {
        match Row::decode(&bytes) {
            Ok(Row::Customer(k)) => prop_assert_eq!(k.encode().unwrap().to_vec(), bytes),
            Ok(Row::Order(k)) => prop_assert_eq!(k.encode().unwrap().to_vec(), bytes),
            Err(_) => prop_assert!(CustomerKey::decode(&bytes).is_err() && OrderKey::decode(&bytes).is_err()),
        }
    }
}
