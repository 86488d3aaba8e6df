//! Properties every key holds: round trip, byte order equals value order, uniqueness, total decode, range errors, salt checks.

use super::keys::Event;
use super::support_cases::cases;
use std::cmp::{Ordering, Reverse};
use std::fmt::Debug;
use std::ops::RangeInclusive;

use proptest::prelude::*;
use proptest::sample::select;
use rowkey::{DecodeErrorKind, EncodeErrorKind, Number, OwnedRowKey, RowKey};

// ---- strategies: values biased to the byte boundaries where codecs break ----

/// The values where encodings change shape: byte and digit boundaries, signs, type limits.
const BOUNDARIES: [i128; 30] = [
    0,
    1,
    2,
    9,
    10,
    99,
    100,
    127,
    128,
    254,
    255,
    256,
    257,
    999,
    1000,
    65_534,
    65_535,
    65_536,
    65_537,
    99_999,
    100_000,
    999_999,
    1_000_000,
    u32::MAX as i128,
    u32::MAX as i128 + 1,
    u64::MAX as i128,
    u64::MAX as i128 + 1,
    -1,
    -2,
    -256,
];

macro_rules! boundary_strategy {
    ($($f:ident: $t:ty),*) => {$(
        /// Boundary values of the type (three in four draws), else any value.
        fn $f() -> BoxedStrategy<$t> {
            let mut special: Vec<$t> = BOUNDARIES.iter().filter_map(|&v| <$t>::try_from(v).ok()).collect();
            special.extend([<$t>::MIN, <$t>::MIN.wrapping_add(1), <$t>::MAX.wrapping_sub(1), <$t>::MAX]);
            prop_oneof![3 => select(special), 1 => any::<$t>()].boxed()
        }
    )*};
}

boundary_strategy!(
    b_u8: u8, b_u16: u16, b_u32: u32, b_u64: u64, b_u128: u128,
    b_i8: i8, b_i16: i16, b_i32: i32, b_i64: i64, b_i128: i128
);

/// Values in `lo..=hi`: the boundary values among them and the two ends (three
/// in four draws), else any value there.
fn within<T>(lo: T, hi: T) -> BoxedStrategy<T>
where
    T: PartialOrd + Copy + Debug + TryFrom<i128> + 'static,
    RangeInclusive<T>: Strategy<Value = T>,
{
    let mut special: Vec<T> = BOUNDARIES
        .iter()
        .filter_map(|&v| T::try_from(v).ok())
        .filter(|v| lo <= *v && *v <= hi)
        .collect();
    special.extend([lo, hi]);
    prop_oneof![3 => select(special), 1 => lo..=hi].boxed()
}

/// Strings of at most `n` UTF-8 bytes that do not end in NUL (the `fixed(n)` domain).
fn fixed_string(n: usize) -> BoxedStrategy<String> {
    prop::collection::vec(
        select(vec!['a', 'b', 'z', '\0', '\u{1}', '\u{7f}', 'é', '中']),
        0..=n,
    )
    .prop_map(move |chars| {
        let mut s = String::new();
        for c in chars {
            if s.len() + c.len_utf8() <= n {
                s.push(c);
            }
        }
        while s.ends_with('\0') {
            s.pop();
        }
        s
    })
    .boxed()
}

/// Byte strings of at most `n` bytes that do not end in 0x00.
fn fixed_bytes(n: usize) -> BoxedStrategy<Vec<u8>> {
    prop::collection::vec(select(vec![0x00u8, 0x01, 0x7F, 0x80, 0xFE, 0xFF]), 0..=n)
        .prop_map(|mut v| {
            while v.last() == Some(&0) {
                v.pop();
            }
            v
        })
        .boxed()
}

// ---- keys ----

/// Signed, unsigned, pad, be_uN, bool, fixed String and bytes, arrays, each ascending and reversed.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Mixed {
    a: i16,
    #[reverse]
    b: u32,
    #[pad(5)]
    c: u32,
    #[be_u16]
    d: i32,
    e: bool,
    #[fixed(4)]
    f: String,
    #[reverse]
    #[pad(3)]
    g: u16,
    #[reverse]
    h: i8,
    #[reverse]
    #[be_u32]
    i: u64,
    #[reverse]
    #[fixed(3)]
    j: Vec<u8>,
    k: [u8; 2],
    #[reverse]
    l: bool,
    m: u128,
    #[reverse]
    n: i64,
}

/// The order `Mixed` keys must have: field by field, reversed fields reversed.
#[allow(clippy::type_complexity)]
fn mixed_order(
    x: &Mixed,
) -> (
    (i16, Reverse<u32>, u32, i32, bool, &str, Reverse<u16>),
    (
        Reverse<i8>,
        Reverse<u64>,
        Reverse<&[u8]>,
        [u8; 2],
        Reverse<bool>,
        u128,
        Reverse<i64>,
    ),
) {
    (
        (x.a, Reverse(x.b), x.c, x.d, x.e, &x.f, Reverse(x.g)),
        (
            Reverse(x.h),
            Reverse(x.i),
            Reverse(&x.j),
            x.k,
            Reverse(x.l),
            x.m,
            Reverse(x.n),
        ),
    )
}

fn mixed() -> impl Strategy<Value = Mixed> {
    (
        (
            b_i16(),
            b_u32(),
            within(0, 99_999),
            within(0, 65_535),
            any::<bool>(),
            fixed_string(4),
            within(0, 999),
        ),
        (
            b_i8(),
            within(0, u32::MAX as u64),
            fixed_bytes(3),
            (b_u8(), b_u8()),
            any::<bool>(),
            b_u128(),
            b_i64(),
        ),
    )
        .prop_map(
            |((a, b, c, d, e, f, g), (h, i, j, (k0, k1), l, m, n))| Mixed {
                a,
                b,
                c,
                d,
                e,
                f,
                g,
                h,
                i,
                j,
                k: [k0, k1],
                l,
                m,
                n,
            },
        )
}

/// `y` with the fields of `x` whose bit is set in `mask`: pairs that tie on any subset of fields.
fn tie_mixed(x: &Mixed, y: &Mixed, mask: u16) -> Mixed {
    let pick = |bit: u16| mask & (1 << bit) != 0;
    Mixed {
        a: if pick(0) { x.a } else { y.a },
        b: if pick(1) { x.b } else { y.b },
        c: if pick(2) { x.c } else { y.c },
        d: if pick(3) { x.d } else { y.d },
        e: if pick(4) { x.e } else { y.e },
        f: if pick(5) { x.f.clone() } else { y.f.clone() },
        g: if pick(6) { x.g } else { y.g },
        h: if pick(7) { x.h } else { y.h },
        i: if pick(8) { x.i } else { y.i },
        j: if pick(9) { x.j.clone() } else { y.j.clone() },
        k: if pick(10) { x.k } else { y.k },
        l: if pick(11) { x.l } else { y.l },
        m: if pick(12) { x.m } else { y.m },
        n: if pick(13) { x.n } else { y.n },
    }
}

/// Every native integer width, the widest pads, and narrowing into wide types.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Widths {
    a: u8,
    #[reverse]
    b: i8,
    c: u16,
    d: i32,
    #[reverse]
    e: u64,
    f: i128,
    #[reverse]
    g: i128,
    #[pad(20)]
    h: u64,
    #[reverse]
    #[pad(39)]
    i: u128,
    #[pad(39)]
    j: u128,
    #[be_u64]
    k: u128,
    #[be_u16]
    #[reverse]
    l: i8,
}

#[allow(clippy::type_complexity)]
fn widths_order(
    x: &Widths,
) -> (
    (u8, Reverse<i8>, u16, i32, Reverse<u64>, i128),
    (Reverse<i128>, u64, Reverse<u128>, u128, u128, Reverse<i8>),
) {
    (
        (x.a, Reverse(x.b), x.c, x.d, Reverse(x.e), x.f),
        (Reverse(x.g), x.h, Reverse(x.i), x.j, x.k, Reverse(x.l)),
    )
}

fn widths() -> impl Strategy<Value = Widths> {
    (
        (b_u8(), b_i8(), b_u16(), b_i32(), b_u64(), b_i128()),
        (
            b_i128(),
            b_u64(),
            b_u128(),
            b_u128(),
            within(0, u64::MAX as u128),
            within(0, i8::MAX),
        ),
    )
        .prop_map(|((a, b, c, d, e, f), (g, h, i, j, k, l))| Widths {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
        })
}

fn tie_widths(x: &Widths, y: &Widths, mask: u16) -> Widths {
    let pick = |bit: u16| mask & (1 << bit) != 0;
    Widths {
        a: if pick(0) { x.a } else { y.a },
        b: if pick(1) { x.b } else { y.b },
        c: if pick(2) { x.c } else { y.c },
        d: if pick(3) { x.d } else { y.d },
        e: if pick(4) { x.e } else { y.e },
        f: if pick(5) { x.f } else { y.f },
        g: if pick(6) { x.g } else { y.g },
        h: if pick(7) { x.h } else { y.h },
        i: if pick(8) { x.i } else { y.i },
        j: if pick(9) { x.j } else { y.j },
        k: if pick(10) { x.k } else { y.k },
        l: if pick(11) { x.l } else { y.l },
    }
}

/// A key that borrows from its bytes on decode.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Borrowed<'a> {
    #[fixed(5)]
    name: &'a str,
    #[fixed(3)]
    raw: &'a [u8],
    n: u16,
}

// ---- salted keys ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Wide {
    #[salt(mod = 300)]
    id: u32,
    x: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Digits {
    #[salt(mod = 10000, pad = 4)]
    #[pad(8)]
    date: u32,
    #[pad(6)]
    id: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Apart {
    #[salt(mod = 100)]
    a: u16,
    b: i8,
    #[salt]
    #[reverse]
    #[pad(3)]
    c: u16,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 37, phoenix))]
struct Phoenix {
    id: i64,
    #[fixed(4)]
    name: String,
}

/// xxHash32 written from the specification
/// (<https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md>), sharing
/// no code with the `xxhash-rust` crate that rowkey uses; checked below
/// against values from Python's `xxhash` package.
fn xxh32_spec(input: &[u8], seed: u32) -> u32 {
    const P1: u32 = 0x9E37_79B1;
    const P2: u32 = 0x85EB_CA77;
    const P3: u32 = 0xC2B2_AE3D;
    const P4: u32 = 0x27D4_EB2F;
    const P5: u32 = 0x1656_67B1;
    let lane = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let round = |acc: u32, l: u32| {
        acc.wrapping_add(l.wrapping_mul(P2))
            .rotate_left(13)
            .wrapping_mul(P1)
    };
    let mut rest = input;
    let mut acc = if input.len() >= 16 {
        let mut v = [
            seed.wrapping_add(P1).wrapping_add(P2),
            seed.wrapping_add(P2),
            seed,
            seed.wrapping_sub(P1),
        ];
        while rest.len() >= 16 {
            for (i, v) in v.iter_mut().enumerate() {
                *v = round(*v, lane(&rest[4 * i..]));
            }
            rest = &rest[16..];
        }
        v[0].rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18))
    } else {
        seed.wrapping_add(P5)
    };
    acc = acc.wrapping_add(input.len() as u32);
    while rest.len() >= 4 {
        acc = acc
            .wrapping_add(lane(rest).wrapping_mul(P3))
            .rotate_left(17)
            .wrapping_mul(P4);
        rest = &rest[4..];
    }
    for &b in rest {
        acc = acc
            .wrapping_add((b as u32).wrapping_mul(P5))
            .rotate_left(11)
            .wrapping_mul(P1);
    }
    acc ^= acc >> 15;
    acc = acc.wrapping_mul(P2);
    acc ^= acc >> 13;
    acc = acc.wrapping_mul(P3);
    acc ^ (acc >> 16)
}

/// Apache Phoenix's salt byte from its definition (Java `int` arithmetic).
fn phoenix_spec(bytes: &[u8], buckets: i32) -> u32 {
    let mut h: i32 = 1;
    for &b in bytes {
        h = h.wrapping_mul(31).wrapping_add(b as i8 as i32);
    }
    (h % buckets).unsigned_abs()
}

#[test]
fn xxh32_spec_matches_python_xxhash() {
    // python3 -c "import xxhash; print(hex(xxhash.xxh32(b'...', seed=0).intdigest()))"
    assert_eq!(xxh32_spec(b"", 0), 0x02CC_5D05);
    assert_eq!(xxh32_spec(b"a", 0), 0x550D_7456);
    assert_eq!(xxh32_spec(b"abc", 0), 0x32D1_53FF);
    assert_eq!(xxh32_spec(b"0123456789abcdef", 0), 0xC2C4_5B69);
    let ramp: Vec<u8> = (0..37).collect();
    assert_eq!(xxh32_spec(&ramp, 0), 0x7786_32D9);
    assert_eq!(xxh32_spec(&[0xFF; 23], 0), 0xDA26_6699);
}

// ---- property helpers ----

/// Round trip through `encode`, `encode_into` and `decode`.
fn round_trip<K: OwnedRowKey + PartialEq + Debug>(k: &K) -> Result<(), TestCaseError> {
    let bytes = k.encode().map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(bytes.as_ref().len(), K::WIDTH);
    let mut buf = vec![0x5Au8; K::WIDTH + 3];
    prop_assert_eq!(k.encode_into(&mut buf), Ok(K::WIDTH));
    prop_assert_eq!(&buf[..K::WIDTH], bytes.as_ref());
    prop_assert!(
        k.encode_into(&mut buf[..K::WIDTH - 1]).is_err(),
        "short buffer"
    );
    prop_assert_eq!(&K::decode(bytes.as_ref()).unwrap(), k);
    Ok(())
}

/// Byte order is `expected`, the values' order; equal keys only for equal values.
fn same_order<K: RowKey + PartialEq + Debug>(
    x: &K,
    y: &K,
    expected: Ordering,
) -> Result<(), TestCaseError> {
    let (bx, by) = (x.encode().unwrap(), y.encode().unwrap());
    prop_assert_eq!(bx.as_ref().cmp(by.as_ref()), expected, "{:?} vs {:?}", x, y);
    prop_assert_eq!(
        x == y,
        bx == by,
        "distinct values share a key: {:?} {:?}",
        x,
        y
    );
    prop_assert_eq!(x == y, expected == Ordering::Equal);
    Ok(())
}

/// Bytes to feed `decode`: random of any length, or a valid key with a few bytes changed.
fn decode_input(valid: BoxedStrategy<Vec<u8>>, width: usize) -> BoxedStrategy<Vec<u8>> {
    let interesting = select(vec![
        0x00u8, 0x01, b'0', b'3', b'4', b'9', 0x7F, 0x80, 0xFE, 0xFF,
    ]);
    let mutated = (
        valid.clone(),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                prop_oneof![interesting, any::<u8>()],
            ),
            1..4,
        ),
    )
        .prop_map(|(mut bytes, edits)| {
            for (at, b) in edits {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
            bytes
        });
    let resized = (valid.clone(), 0..width * 2 + 2).prop_map(|(mut bytes, n)| {
        bytes.resize(n, 0);
        bytes
    });
    prop_oneof![
        2 => prop::collection::vec(any::<u8>(), 0..width * 2 + 2),
        1 => resized,
        1 => valid,
        4 => mutated,
    ]
    .boxed()
}

fn encoded<K: RowKey + 'static>(s: impl Strategy<Value = K> + 'static) -> BoxedStrategy<Vec<u8>> {
    s.prop_map(|k| k.encode().unwrap().as_ref().to_vec())
        .boxed()
}

/// Decode never panics, and what it accepts encodes to the same bytes.
fn total_decode<K: OwnedRowKey + Debug>(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(k) = K::decode(bytes) {
        let again = k.encode();
        prop_assert!(
            again.is_ok(),
            "decoded {:?} from {:02X?} but cannot encode it",
            k,
            bytes
        );
        let again = again.unwrap();
        prop_assert_eq!(again.as_ref(), bytes, "{:?}", k);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn mixed_round_trips(k in mixed()) {
        round_trip(&k)?;
    }

    #[test]
    fn widths_round_trip(k in widths()) {
        round_trip(&k)?;
    }

    #[test]
    fn mixed_bytes_sort_as_the_values(x in mixed(), y in mixed(), mask in any::<u16>()) {
        let y = tie_mixed(&x, &y, mask);
        same_order(&x, &y, mixed_order(&x).cmp(&mixed_order(&y)))?;
        same_order(&y, &x, mixed_order(&y).cmp(&mixed_order(&x)))?;
    }

    #[test]
    fn widths_bytes_sort_as_the_values(x in widths(), y in widths(), mask in any::<u16>()) {
        let y = tie_widths(&x, &y, mask);
        same_order(&x, &y, widths_order(&x).cmp(&widths_order(&y)))?;
    }

    #[test]
    fn borrowed_keys_round_trip_and_sort(
        n1 in fixed_string(5), r1 in fixed_bytes(3), x1 in b_u16(),
        n2 in fixed_string(5), r2 in fixed_bytes(3), x2 in b_u16(),
    ) {
        let a = Borrowed { name: &n1, raw: &r1, n: x1 };
        let b = Borrowed { name: &n2, raw: &r2, n: x2 };
        let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
        prop_assert_eq!(Borrowed::decode(&ea).unwrap(), a.clone());
        prop_assert_eq!(ea.cmp(&eb), (a.name, a.raw, a.n).cmp(&(b.name, b.raw, b.n)));
    }

    #[test]
    fn mixed_decode_is_total_and_exact(bytes in decode_input(encoded(mixed()), Mixed::WIDTH)) {
        total_decode::<Mixed>(&bytes)?;
    }

    #[test]
    fn widths_decode_is_total_and_exact(bytes in decode_input(encoded(widths()), Widths::WIDTH)) {
        total_decode::<Widths>(&bytes)?;
    }

    #[test]
    fn borrowed_decode_is_total_and_exact(bytes in prop::collection::vec(
        select(vec![0u8, 1, b'a', 0x7F, 0x80, 0xC3, 0xA9, 0xFF]), 0..24)
    ) {
        if let Ok(k) = Borrowed::decode(&bytes) {
            prop_assert_eq!(&k.encode().unwrap()[..], &bytes[..]);
        }
    }

    #[test]
    fn salted_decode_is_total_and_exact(
        event in decode_input(encoded(any::<(u32, u64)>().prop_map(|(user, ts)| Event { user, ts })), 13),
        wide in decode_input(encoded(any::<(u32, u8)>().prop_map(|(id, x)| Wide { id, x })), 7),
        digits in decode_input(encoded((0..100_000_000u32, 0..1_000_000u32).prop_map(|(date, id)| Digits { date, id })), 18),
        apart in decode_input(encoded((any::<u16>(), any::<i8>(), 0..1000u16).prop_map(|(a, b, c)| Apart { a, b, c })), 7),
        phoenix in decode_input(encoded((b_i64(), fixed_string(4)).prop_map(|(id, name)| Phoenix { id, name })), 13),
    ) {
        total_decode::<Event>(&event)?;
        total_decode::<Wide>(&wide)?;
        total_decode::<Digits>(&digits)?;
        total_decode::<Apart>(&apart)?;
        total_decode::<Phoenix>(&phoenix)?;
    }

    /// 39 digits reach 10^39 - 1 > u128::MAX: decode takes exactly the numbers a u128 holds.
    #[test]
    fn pad_39_decodes_exactly_the_numbers_of_u128(
        lead in select(vec![b'0', b'1', b'3', b'4', b'9']),
        digits in prop::collection::vec(select(vec![b'0', b'2', b'3', b'4', b'8', b'9']), 38),
    ) {
        #[derive(RowKey, Debug, PartialEq)]
        struct Asc { #[pad(39)] v: u128 }
        #[derive(RowKey, Debug, PartialEq)]
        struct Desc { #[reverse] #[pad(39)] v: u128 }

        let mut text = vec![lead];
        text.extend(digits);
        let text = String::from_utf8(text).unwrap();
        // Same length, so decimal order is string order.
        let fits = text.as_str() <= "340282366920938463463374607431768211455";
        match Asc::decode(text.as_bytes()) {
            Ok(k) => {
                prop_assert!(fits, "{} accepted as {}", text, k.v);
                prop_assert_eq!(format!("{:039}", k.v), text.clone());
            }
            Err(_) => prop_assert!(!fits, "{} rejected", text),
        }
        // Reversed: the complement of every digit.
        let complement: String = text.bytes().map(|d| (b'9' - d + b'0') as char).collect();
        match Desc::decode(complement.as_bytes()) {
            Ok(k) => {
                prop_assert!(fits);
                prop_assert_eq!(format!("{:039}", k.v), text);
            }
            Err(_) => prop_assert!(!fits),
        }
    }
}

// ---- out-of-range values are errors, never truncations ----

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Limits {
    #[pad(5)]
    p5: u32,
    #[pad(3)]
    #[reverse]
    p3: u64,
    #[be_u16]
    n16: i32,
    #[be_u32]
    #[reverse]
    n32: u64,
    #[be_u64]
    n64: i128,
}

fn limits_ok() -> Limits {
    Limits {
        p5: 0,
        p3: 0,
        n16: 0,
        n32: 0,
        n64: 0,
    }
}

#[track_caller]
fn check_limit(
    k: &Limits,
    field: &str,
    value: Number,
    min: Number,
    max: Number,
) -> Result<(), TestCaseError> {
    let fits = match (value, min, max) {
        (Number::Signed(v), Number::Unsigned(lo), Number::Unsigned(hi)) => {
            v >= lo as i128 && (v as u128) <= hi
        }
        (Number::Unsigned(v), Number::Unsigned(lo), Number::Unsigned(hi)) => v >= lo && v <= hi,
        _ => unreachable!(),
    };
    match k.encode() {
        Ok(bytes) => {
            prop_assert!(fits, "{:?} encoded though {} is out of range", k, field);
            prop_assert_eq!(&Limits::decode(&bytes).unwrap(), k, "truncated");
        }
        Err(e) => {
            prop_assert!(!fits, "{:?}: {}", k, e);
            prop_assert_eq!(e.field(), field);
            prop_assert_eq!(e.kind(), EncodeErrorKind::OutOfRange { value, min, max });
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn pad_out_of_range_is_an_error(p5 in b_u32(), p3 in b_u64()) {
        let u = Number::Unsigned;
        check_limit(&Limits { p5, ..limits_ok() }, "p5", u(p5 as u128), u(0), u(99_999))?;
        check_limit(&Limits { p3, ..limits_ok() }, "p3", u(p3 as u128), u(0), u(999))?;
    }

    #[test]
    fn be_un_out_of_range_is_an_error(n16 in b_i32(), n32 in b_u64(), n64 in b_i128()) {
        let u = Number::Unsigned;
        check_limit(&Limits { n16, ..limits_ok() }, "n16", Number::Signed(n16 as i128), u(0), u(65_535))?;
        check_limit(&Limits { n32, ..limits_ok() }, "n32", u(n32 as u128), u(0), u(u32::MAX as u128))?;
        check_limit(&Limits { n64, ..limits_ok() }, "n64", Number::Signed(n64), u(0), u(u64::MAX as u128))?;
    }

    #[test]
    fn fixed_too_long_or_trailing_zero_is_an_error(s in ".{0,6}", v in prop::collection::vec(any::<u8>(), 0..6)) {
        let k = Mixed { f: s.clone(), j: v.clone(), ..mixed_zero() };
        let result = k.encode();
        let s_ok = s.len() <= 4 && !s.ends_with('\0');
        let v_ok = v.len() <= 3 && v.last() != Some(&0);
        prop_assert_eq!(result.is_ok(), s_ok && v_ok, "{:?}", k);
        match result {
            Ok(bytes) => prop_assert_eq!(Mixed::decode(&bytes).unwrap(), k),
            Err(e) => prop_assert_eq!(e.field(), if s_ok { "j" } else { "f" }),
        }
    }
}

fn mixed_zero() -> Mixed {
    Mixed {
        a: 0,
        b: 0,
        c: 0,
        d: 0,
        e: false,
        f: String::new(),
        g: 0,
        h: 0,
        i: 0,
        j: Vec::new(),
        k: [0; 2],
        l: false,
        m: 0,
        n: 0,
    }
}

// ---- salted keys ----

/// Writes `bucket` as the key's salt prefix the way the format says, independently of rowkey.
fn with_bucket(key: &[u8], width: usize, bucket: u32, digits: bool) -> Vec<u8> {
    let mut out = key.to_vec();
    if digits {
        out[..width].copy_from_slice(format!("{bucket:0width$}").as_bytes());
    } else if width == 1 {
        out[0] = bucket as u8;
    } else {
        out[..2].copy_from_slice(&(bucket as u16).to_be_bytes());
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]

    #[test]
    fn salt_buckets_follow_the_spec(user in b_u32(), ts in b_u64(), id in b_u32(), x in b_u8(),
                                    date in 0..100_000_000u32, a in b_u16(), b in b_i8(), c in 0..1000u16,
                                    pid in b_i64(), name in fixed_string(4)) {
        let k = Event { user, ts }.encode().unwrap();
        prop_assert_eq!(k[0] as u32, xxh32_spec(&k[1..5], 0) % 16);
        let k = Wide { id, x }.encode().unwrap();
        prop_assert_eq!(u16::from_be_bytes([k[0], k[1]]) as u32, xxh32_spec(&k[2..6], 0) % 300);
        let k = Digits { date, id: 7 }.encode().unwrap();
        let bucket = xxh32_spec(format!("{date:08}").as_bytes(), 0) % 10_000;
        let text = format!("{bucket:04}");
        prop_assert_eq!(&k[..4], text.as_bytes());
        let k = Apart { a, b, c }.encode().unwrap();
        let mut hashed = a.to_be_bytes().to_vec();
        hashed.extend(format!("{:03}", 999 - c).bytes());
        prop_assert_eq!(k[0] as u32, xxh32_spec(&hashed, 0) % 100);
        let k = Phoenix { id: pid, name }.encode().unwrap();
        prop_assert_eq!(k[0] as u32, phoenix_spec(&k[1..], 37));
    }

    #[test]
    fn decode_rejects_a_changed_bucket(user in b_u32(), ts in b_u64(), id in b_u32(), x in b_u8(),
                                       date in 0..100_000_000u32, a in b_u16(), b in b_i8(), c in 0..1000u16,
                                       pid in b_i64(), name in fixed_string(4),
                                       one in any::<u8>(), two in any::<u16>(), four in 0..10_000u32) {
        fn check<K: OwnedRowKey + Debug>(k: &K, width: usize, other: u32, digits: bool) -> Result<(), TestCaseError> {
            let good = k.encode().unwrap();
            let good = good.as_ref();
            let bad = with_bucket(good, width, other, digits);
            if bad != good {
                let e = K::decode(&bad);
                prop_assert!(e.is_err(), "{:?} decoded with bucket {}", k, other);
                let kind = e.unwrap_err().kind();
                prop_assert!(
                    matches!(kind, DecodeErrorKind::SaltMismatch { .. } | DecodeErrorKind::BucketOutOfRange { .. }),
                    "{:?}", kind
                );
            }
            Ok(())
        }
        check(&Event { user, ts }, 1, one as u32, false)?;
        check(&Event { user, ts }, 1, one as u32 % 16, false)?;
        check(&Wide { id, x }, 2, two as u32, false)?;
        check(&Wide { id, x }, 2, two as u32 % 300, false)?;
        check(&Digits { date, id: 1 }, 4, four, true)?;
        check(&Apart { a, b, c }, 1, one as u32 % 100, false)?;
        check(&Phoenix { id: pid, name }, 1, one as u32 % 37, false)?;
    }
}
