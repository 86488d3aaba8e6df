//! Properties of the Java formats against simple reference models: every value
//! round-trips, decoding any bytes returns a value or an error (never a
//! panic), bytes a decoder accepts are exactly the bytes the encoder writes for
//! what it read (one key per value), and order holds where it is promised.
//! `PROPTEST_CASES` sets the number of cases.

mod support {
    pub mod java;
}

use std::cmp::Ordering;

use proptest::prelude::*;
use rowkey_core::codec::ordered::{self, OrderedFixed};
use rowkey_core::codec::phoenix::{self, Timestamp};
use rowkey_core::codec::{hbase, int, numeric, FieldBytes};
use rowkey_core::cursor::Reader;
use support::java::*;

/// Java's order of floats in OrderedBytes and Phoenix: `total_cmp`, every NaN the canonical one.
fn java_float_cmp(a: f64, b: f64) -> Ordering {
    let canon = |v: f64| if v.is_nan() { f64::NAN } else { v };
    canon(a).total_cmp(&canon(b))
}

fn reverse_if(o: Ordering, desc: bool) -> Ordering {
    if desc {
        o.reverse()
    } else {
        o
    }
}

fn ordered_key<T: OrderedFixed<N>, const N: usize>(v: T, desc: bool) -> [u8; N] {
    let mut out = [0u8; N];
    ordered::put(v, &mut out, desc, "f").unwrap();
    out
}

fn text_key(s: &str, desc: bool) -> Vec<u8> {
    written(|w| ordered::encode_text(w, s, desc, "f")).unwrap()
}

fn blob_var_key(b: &[u8], desc: bool) -> Vec<u8> {
    written(|w| ordered::encode_blob_var(w, b, desc)).unwrap()
}

/// A Phoenix key of two VARCHAR columns and an INTEGER, with their sort orders.
#[derive(Debug, Clone)]
struct PhoenixKey {
    a: String,
    b: String,
    n: i32,
    desc: [bool; 3],
}

fn phoenix_key(k: &PhoenixKey) -> Vec<u8> {
    let [da, db, dn] = k.desc;
    // The INTEGER always has a value, so both VARCHARs are followed by a column.
    written(|w| {
        phoenix::encode_varchar(w, &k.a, da, false, "a")?;
        phoenix::encode_varchar(w, &k.b, db, false, "b")?;
        let out = w.slot::<4>()?;
        if dn {
            int::encode_desc(k.n, out)
        } else {
            int::encode(k.n, out)
        }
        Ok(())
    })
    .unwrap()
}

fn decode_phoenix_key(bytes: &[u8], desc: [bool; 3]) -> Option<PhoenixKey> {
    let mut r = Reader::new(bytes);
    let a = phoenix::decode_varchar(&mut r, desc[0], "a").ok()?;
    let b = phoenix::decode_varchar(&mut r, desc[1], "b").ok()?;
    let n = r.take::<4>("n").ok()?;
    let n = if desc[2] {
        int::decode_desc(n)
    } else {
        int::decode(n)
    };
    r.finish("k").ok()?;
    Some(PhoenixKey {
        a: a.to_owned_string().ok()?,
        b: b.to_owned_string().ok()?,
        n,
        desc,
    })
}

/// Phoenix's order of a VARCHAR: null (empty) first, then the bytes, reversed when DESC.
fn varchar_cmp(a: &str, b: &str, desc: bool) -> Ordering {
    (!a.is_empty())
        .cmp(&!b.is_empty())
        .then_with(|| reverse_if(a.cmp(b), desc))
}

fn phoenix_cmp(x: &PhoenixKey, y: &PhoenixKey) -> Ordering {
    varchar_cmp(&x.a, &y.a, x.desc[0])
        .then_with(|| varchar_cmp(&x.b, &y.b, x.desc[1]))
        .then_with(|| reverse_if(x.n.cmp(&y.n), x.desc[2]))
}

fn no_nul() -> impl Strategy<Value = String> {
    "[^\u{0}]{0,4}"
}

prop_compose! {
    fn phoenix_keys(desc: [bool; 3])(a in no_nul(), b in no_nul(), n in any::<i32>()) -> PhoenixKey {
        PhoenixKey { a, b, n, desc }
    }
}

fn s1() -> impl Strategy<Value = S1> {
    (
        any::<i32>(),
        proptest::option::of(no_nul()),
        proptest::option::of(proptest::collection::vec(any::<u8>(), 0..12)),
        proptest::option::of(no_nul()),
    )
        .prop_map(|(a, b, c, d)| S1 { a, b, c, d })
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..24),
        // Bytes near the encodings' own, so decoders get past their headers.
        proptest::collection::vec(
            prop_oneof![
                Just(0x00u8),
                Just(0xFF),
                Just(0x05),
                Just(0x2B),
                Just(0x34),
                Just(0x37),
                Just(0x38),
                Just(0xCB),
                Just(0xC8),
                Just(0xC7),
                Just(0x80),
                Just(0x7F),
                any::<u8>()
            ],
            0..24
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn hbase_round_trips_and_orders_non_negative_values(a in any::<i64>(), b in any::<i64>(),
            fa in any::<u64>(), fb in any::<u64>()) {
        let key = |v: i64| { let mut o = [0u8; 8]; hbase::encode(v, &mut o); o };
        prop_assert_eq!(hbase::decode::<i64, 8>(&key(a)), a);
        if a >= 0 && b >= 0 {
            prop_assert_eq!(a.cmp(&b), key(a).cmp(&key(b)));
        }
        prop_assert_eq!(hbase::edge(a, "f").is_ok(), a >= 0);
        let (fa, fb) = (f64::from_bits(fa), f64::from_bits(fb));
        let fkey = |v: f64| { let mut o = [0u8; 8]; hbase::encode(v, &mut o); o };
        prop_assert_eq!(hbase::decode::<f64, 8>(&fkey(fa)).to_bits(), fa.to_bits());
        if hbase::edge(fa, "f").is_ok() && hbase::edge(fb, "f").is_ok() {
            prop_assert_eq!(fa.total_cmp(&fb), fkey(fa).cmp(&fkey(fb)));
        }
    }

    #[test]
    fn ordered_numbers_sort_as_numbers(a in any::<i64>(), b in any::<i64>(), x in any::<i16>(),
            y in any::<i16>(), fa in any::<u64>(), fb in any::<u64>(), desc in any::<bool>()) {
        prop_assert_eq!(reverse_if(a.cmp(&b), desc), ordered_key(a, desc).cmp(&ordered_key(b, desc)));
        prop_assert_eq!(reverse_if(x.cmp(&y), desc), ordered_key(x, desc).cmp(&ordered_key(y, desc)));
        prop_assert_eq!(ordered::get::<i64, 9>(&ordered_key(a, desc), desc, "f", 0), Ok(a));
        let (fa, fb) = (f64::from_bits(fa), f64::from_bits(fb));
        prop_assert_eq!(reverse_if(java_float_cmp(fa, fb), desc),
            ordered_key(fa, desc).cmp(&ordered_key(fb, desc)));
        let back = ordered::get::<f64, 9>(&ordered_key(fa, desc), desc, "f", 0).unwrap();
        prop_assert_eq!(java_float_cmp(back, fa), Ordering::Equal);
        let (ga, gb) = (fa as f32, fb as f32);
        prop_assert_eq!(reverse_if(java_float_cmp(ga.into(), gb.into()), desc),
            ordered_key(ga, desc).cmp(&ordered_key(gb, desc)));
    }

    #[test]
    fn ordered_text_and_blob_var_sort_as_bytes_whatever_follows(a in no_nul(), b in no_nul(),
            x in proptest::collection::vec(any::<u8>(), 0..10),
            y in proptest::collection::vec(any::<u8>(), 0..10),
            tail_a in bytes(), tail_b in bytes(), desc in any::<bool>()) {
        let with = |mut k: Vec<u8>, t: &[u8]| { k.extend_from_slice(t); k };
        let order = reverse_if(a.cmp(&b), desc);
        if order != Ordering::Equal {
            prop_assert_eq!(order, with(text_key(&a, desc), &tail_a).cmp(&with(text_key(&b, desc), &tail_b)));
        }
        // BlobVar keeps order among values of one length, and for extensions.
        let order = reverse_if(x.cmp(&y), desc);
        if order != Ordering::Equal && (x.len() == y.len() || x.starts_with(&y) || y.starts_with(&x)) {
            prop_assert_eq!(order, with(blob_var_key(&x, desc), &tail_a).cmp(&with(blob_var_key(&y, desc), &tail_b)));
        }
        let key = with(blob_var_key(&x, desc), &tail_a);
        let mut r = Reader::new(&key);
        let back = ordered::decode_blob_var(&mut r, desc, "f").unwrap().unwrap();
        prop_assert_eq!(back.to_vec(), x);
        prop_assert_eq!(r.remaining(), &tail_a[..]);
    }

    #[test]
    fn ordered_numeric_sorts_as_numbers(a in any::<i64>(), b in any::<i64>(), fa in any::<u64>(),
            fb in any::<u64>(), desc in any::<bool>()) {
        let ikey = |v| written(|w| numeric::encode_i64(w, v, desc)).unwrap();
        prop_assert_eq!(reverse_if(a.cmp(&b), desc), ikey(a).cmp(&ikey(b)));
        prop_assert_eq!(numeric::decode_i64(&mut Reader::new(&ikey(a)), desc, "f"), Ok(Some(a)));
        let (fa, fb) = (f64::from_bits(fa), f64::from_bits(fb));
        let fkey = |v| written(|w| numeric::encode_f64(w, v, desc)).unwrap();
        // NaN sorts last, and -0.0 is zero.
        let order = fa.is_nan().cmp(&fb.is_nan()).then(fa.partial_cmp(&fb).unwrap_or(Ordering::Equal));
        prop_assert_eq!(reverse_if(order, desc), fkey(fa).cmp(&fkey(fb)));
        let back = numeric::decode_f64(&mut Reader::new(&fkey(fa)), desc, "f").unwrap().unwrap();
        prop_assert!(back == fa || (back.is_nan() && fa.is_nan()), "{} != {}", back, fa);
        // Integers and floats share one order.
        let (i, f) = (a >> 12, (b >> 12) as f64 / 4.0);
        prop_assert_eq!(reverse_if((i as f64).partial_cmp(&f).unwrap(), desc), ikey(i).cmp(&fkey(f)));
    }

    #[test]
    fn numeric_decoders_never_panic_and_accept_only_what_they_write(k in bytes(), desc in any::<bool>()) {
        let mut r = Reader::new(&k);
        if let Ok(Some(v)) = numeric::decode_i64(&mut r, desc, "f") {
            let again = written(|w| numeric::encode_i64(w, v, desc)).unwrap();
            prop_assert_eq!(again, &k[..r.position()]);
        }
        let _ = numeric::decode_f64(&mut Reader::new(&k), desc, "f");
    }

    #[test]
    fn hbase_struct_round_trips(s in s1()) {
        let key = encode_s1(&s).unwrap();
        prop_assert_eq!(decode_s1(&key).unwrap(), s);
    }

    #[test]
    fn ordered_decoders_never_panic_and_accept_only_what_they_write(k in bytes(), desc in any::<bool>()) {
        if let Ok(s) = decode_s1(&k) {
            prop_assert_eq!(encode_s1(&s).unwrap(), k.clone());
        }
        if let Ok(s) = decode_s2(&k) {
            prop_assert_eq!(encode_s2(&s).unwrap(), k.clone());
        }
        if let Some(a) = k.first_chunk::<9>() {
            if let Ok(v) = ordered::get::<f64, 9>(a, desc, "f", 0) {
                prop_assert_eq!(&ordered_key(v, desc), a);
            }
        }
        let mut r = Reader::new(&k);
        if let Ok(Some(t)) = ordered::decode_text(&mut r, desc, "f") {
            if let Ok(s) = t.to_owned_string() {
                prop_assert_eq!(text_key(&s, desc), &k[..r.position()]);
            }
        }
        let mut r = Reader::new(&k);
        if let Ok(Some(b)) = ordered::decode_blob_var(&mut r, desc, "f") {
            prop_assert_eq!(blob_var_key(&b.to_vec(), desc), &k[..r.position()]);
        }
        if let Ok(Some(b)) = ordered::decode_blob_copy(&mut Reader::new(&k), desc, "f") {
            let again = written(|w| ordered::encode_blob_copy(w, &b.to_vec(), desc, "f")).unwrap();
            prop_assert_eq!(again, k.clone());
        }
    }

    #[test]
    fn phoenix_keys_round_trip_and_sort_as_phoenix_does(
            (x, y) in any::<[bool; 3]>().prop_flat_map(|d| (phoenix_keys(d), phoenix_keys(d)))) {
        let (kx, ky) = (phoenix_key(&x), phoenix_key(&y));
        let back = decode_phoenix_key(&kx, x.desc).unwrap();
        prop_assert_eq!((&back.a, &back.b, back.n), (&x.a, &x.b, x.n));
        prop_assert_eq!(phoenix_cmp(&x, &y), kx.cmp(&ky), "{:?} {:?}", x, y);
    }

    #[test]
    fn phoenix_decoders_never_panic_and_accept_only_what_they_write(k in bytes(), desc in any::<[bool; 3]>()) {
        if let Some(v) = decode_phoenix_key(&k, desc) {
            prop_assert_eq!(phoenix_key(&v), k.clone());
        }
        if let Some(a) = k.first_chunk::<8>() {
            if let Ok(v) = phoenix::decode_double(a, desc[0], "f", 0) {
                let mut out = [0u8; 8];
                phoenix::encode_double(v, &mut out, desc[0]);
                prop_assert_eq!(&out, a);
            }
        }
        if let Some(a) = k.first_chunk::<12>() {
            if let Ok(t) = phoenix::decode_timestamp(a, desc[0], "f", 0) {
                let mut out = [0u8; 12];
                phoenix::encode_timestamp(t, &mut out, desc[0], "f").unwrap();
                prop_assert_eq!(&out, a);
            }
        }
        if let Some(a) = k.first_chunk::<6>() {
            if let Ok(s) = phoenix::decode_char(a, desc[0], "f", 0) {
                let mut out = [0u8; 6];
                phoenix::encode_char(&s.to_owned_string().unwrap(), &mut out, desc[0], "f").unwrap();
                prop_assert_eq!(&out, a);
            }
        }
        if let Some(a) = k.first_chunk::<1>() {
            let _ = phoenix::decode_boolean(a, desc[0], "f", 0);
            let _ = hbase::decode_bool(a, "f", 0);
        }
    }

    #[test]
    fn phoenix_fixed_columns_sort_and_round_trip(a in any::<u64>(), b in any::<u64>(),
            ta in (any::<i64>(), 0..Timestamp::NANOS_PER_MILLI),
            tb in (any::<i64>(), 0..Timestamp::NANOS_PER_MILLI),
            ca in "[ -~]{0,5}[!-~]", cb in "[ -~]{0,5}[!-~]", desc in any::<bool>()) {
        let dkey = |v: f64| { let mut o = [0u8; 8]; phoenix::encode_double(v, &mut o, desc); o };
        let (fa, fb) = (f64::from_bits(a), f64::from_bits(b));
        prop_assert_eq!(reverse_if(java_float_cmp(fa, fb), desc), dkey(fa).cmp(&dkey(fb)));
        let back = phoenix::decode_double(&dkey(fa), desc, "f", 0).unwrap();
        prop_assert_eq!(java_float_cmp(back, fa), Ordering::Equal);
        let (ta, tb) = (Timestamp { millis: ta.0, nanos: ta.1 }, Timestamp { millis: tb.0, nanos: tb.1 });
        let tkey = |t| { let mut o = [0u8; 12]; phoenix::encode_timestamp(t, &mut o, desc, "f").unwrap(); o };
        prop_assert_eq!(reverse_if(ta.cmp(&tb), desc), tkey(ta).cmp(&tkey(tb)));
        prop_assert_eq!(phoenix::decode_timestamp(&tkey(ta), desc, "f", 0), Ok(ta));
        let ckey = |s: &str| { let mut o = [0u8; 6]; phoenix::encode_char(s, &mut o, desc, "f").unwrap(); o };
        prop_assert_eq!(reverse_if(ca.cmp(&cb), desc), ckey(&ca).cmp(&ckey(&cb)));
        prop_assert_eq!(phoenix::decode_char(&ckey(&ca), desc, "f", 0).unwrap().to_owned_string().unwrap(), ca);
    }
}
