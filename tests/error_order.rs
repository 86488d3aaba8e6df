//! When several fields of a key are bad, the error names the first of them
//! in key order, whichever entry point writes the key: `encode`,
//! `encode_into` (into a buffer long enough or not), the scan helpers, an
//! enum of key types. Each key below mixes the codecs that can refuse a
//! value; a reference model says which values each refuses, and valid keys
//! encode to the bytes the model spells.

use proptest::prelude::*;
use rowkey::{EncodeError, RowKey};

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Inner {
    #[pad(2)]
    ia: u32,
    #[fixed(2)]
    ib: String,
}

/// A fixed key: `pad` fields (checked before any byte is written) after
/// and among fields of other codecs, in an `Option`, reversed, mirrored.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Fixed {
    #[fixed(4)]
    name: String,
    #[pad(3)]
    a: u32,
    #[be_u16]
    b: u32,
    #[pad(2)]
    opt: Option<u32>,
    inner: Inner,
    #[reverse]
    #[pad(2)]
    c: u64,
    #[mirror]
    #[pad(4)]
    d: u32,
}

/// A fixed key with a salt bucket hashed from a checked field.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Salted {
    #[fixed(3)]
    s: String,
    #[salt(mod = 7)]
    #[pad(3)]
    a: u32,
    #[pad(2)]
    b: u32,
}

/// A key with variable-length fields, written through the cursor.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Var {
    #[pad(3)]
    a: u32,
    #[escaped]
    e: String,
    #[fixed(2)]
    t: String,
    #[pad(2)]
    b: u32,
    #[be_u16]
    c: u32,
}

/// A Phoenix key with a `VARCHAR` between two `CHAR`s.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Phoenix {
    #[phoenix(char(3))]
    code: String,
    name: String,
    #[phoenix(char(2))]
    tail: String,
}

/// An enum of key types.
#[derive(RowKey, Debug, Clone, PartialEq)]
enum Row {
    #[tag(1)]
    F(Fixed),
    #[tag(2)]
    V(Var),
}

// The reference model: which values each codec refuses.

fn pad_bad(v: u64, digits: u32) -> bool {
    v >= 10u64.pow(digits)
}

fn fixed_bad(s: &str, n: usize) -> bool {
    s.len() > n || s.ends_with('\0')
}

fn char_bad(s: &str, n: usize) -> bool {
    s.is_empty() || s.len() > n || !s.is_ascii() || s.ends_with(' ')
}

/// The first field in `fields` (name, refused) that is refused.
fn first_bad(fields: &[(&'static str, bool)]) -> Option<&'static str> {
    fields.iter().find(|(_, bad)| *bad).map(|(name, _)| *name)
}

fn fixed_fields(k: &Fixed) -> Vec<(&'static str, bool)> {
    vec![
        ("name", fixed_bad(&k.name, 4)),
        ("a", pad_bad(k.a.into(), 3)),
        ("b", k.b > u32::from(u16::MAX)),
        ("opt", k.opt.is_some_and(|v| pad_bad(v.into(), 2))),
        ("ia", pad_bad(k.inner.ia.into(), 2)),
        ("ib", fixed_bad(&k.inner.ib, 2)),
        ("c", pad_bad(k.c, 2)),
        ("d", pad_bad(k.d.into(), 4)),
    ]
}

fn salted_fields(k: &Salted) -> Vec<(&'static str, bool)> {
    vec![
        ("s", fixed_bad(&k.s, 3)),
        ("a", pad_bad(k.a.into(), 3)),
        ("b", pad_bad(k.b.into(), 2)),
    ]
}

fn var_fields(k: &Var) -> Vec<(&'static str, bool)> {
    vec![
        ("a", pad_bad(k.a.into(), 3)),
        ("e", false),
        ("t", fixed_bad(&k.t, 2)),
        ("b", pad_bad(k.b.into(), 2)),
        ("c", k.c > u32::from(u16::MAX)),
    ]
}

fn phoenix_fields(k: &Phoenix) -> Vec<(&'static str, bool)> {
    vec![
        ("code", char_bad(&k.code, 3)),
        ("name", k.name.contains('\0')),
        ("tail", char_bad(&k.tail, 2)),
    ]
}

/// The model's bytes of a valid `Fixed`.
fn fixed_bytes(k: &Fixed) -> Vec<u8> {
    let fixed = |s: &str, n: usize| {
        let mut b = s.as_bytes().to_vec();
        b.resize(n, 0);
        b
    };
    let mut out = fixed(&k.name, 4);
    out.extend(format!("{:03}", k.a).bytes());
    out.extend((k.b as u16).to_be_bytes());
    match k.opt {
        Some(v) => out.extend(format!("\x01{v:02}").bytes()),
        None => out.extend([0, 0, 0]),
    }
    out.extend(format!("{:02}", k.inner.ia).bytes());
    out.extend(fixed(&k.inner.ib, 2));
    out.extend(format!("{:02}", 99 - k.c).bytes());
    out.extend(format!("{:04}", k.d).bytes().rev());
    out
}

/// The model's bytes of a valid `Var`.
fn var_bytes(k: &Var) -> Vec<u8> {
    let mut out = format!("{:03}", k.a).into_bytes();
    for &b in k.e.as_bytes() {
        match b {
            0 => out.extend([0, 0xFF]),
            b => out.push(b),
        }
    }
    out.extend([0, 1]);
    let mut t = k.t.as_bytes().to_vec();
    t.resize(2, 0);
    out.extend(t);
    out.extend(format!("{:02}", k.b).bytes());
    out.extend((k.c as u16).to_be_bytes());
    out
}

/// `key`'s error through every entry point that writes it whole, each
/// checked against `encode`'s; `encode`'s bytes when it succeeds.
fn entry_points<K: RowKey>(key: &K) -> Result<Vec<u8>, EncodeError> {
    let encoded = key.encode().map(|b| b.as_ref().to_vec());
    let len = key.encoded_len();
    let mut big = vec![0u8; len + 8];
    let into = key.encode_into(&mut big).map(|n| big[..n].to_vec());
    assert_eq!(into, encoded, "encode_into a longer buffer");
    if len > 0 {
        let mut short = vec![0u8; len - 1];
        let short = key.encode_into(&mut short);
        match &encoded {
            Err(e) => assert_eq!(short, Err(*e), "encode_into a short buffer"),
            Ok(_) => assert!(short.is_err(), "encode_into a short buffer"),
        }
    }
    encoded
}

/// The field the error names, `None` when the key encodes.
fn named(r: &Result<impl Sized, EncodeError>) -> Option<&'static str> {
    r.as_ref().err().map(EncodeError::field)
}

fn pad_value(digits: u32) -> BoxedStrategy<u32> {
    let max = 10u32.pow(digits) - 1;
    prop_oneof![3 => 0..=max, 1 => max..=max + 2, 1 => any::<u32>()].boxed()
}

/// Strings of up to 5 bytes, often ending in `0x00` or a space, some not ASCII.
fn text() -> BoxedStrategy<String> {
    "[ab\0 é]{0,5}".boxed()
}

prop_compose! {
    fn inner()(ia in pad_value(2), ib in text()) -> Inner { Inner { ia, ib } }
}

prop_compose! {
    fn fixed()(
        name in text(), a in pad_value(3), b in prop_oneof![0..=70_000u32, any::<u32>()],
        opt in proptest::option::of(pad_value(2)), inner in inner(),
        c in pad_value(2), d in pad_value(4),
    ) -> Fixed {
        Fixed { name, a, b, opt, inner, c: c.into(), d }
    }
}

prop_compose! {
    fn var()(
        a in pad_value(3), e in text(), t in text(), b in pad_value(2),
        c in prop_oneof![0..=70_000u32, any::<u32>()],
    ) -> Var {
        Var { a, e, t, b, c }
    }
}

proptest! {
    #[test]
    fn fixed_names_the_first_bad_field(k in fixed()) {
        let expected = first_bad(&fixed_fields(&k));
        let encoded = entry_points(&k);
        prop_assert_eq!(named(&encoded), expected);
        if let Ok(bytes) = &encoded {
            prop_assert_eq!(bytes, &fixed_bytes(&k));
        }
        let helper = Fixed::prefix_for_name_a_b(&k.name, k.a, k.b);
        prop_assert_eq!(named(&helper), first_bad(&fixed_fields(&k)[..3]));
        let row = Row::F(k);
        prop_assert_eq!(named(&entry_points(&row)), expected);
    }

    #[test]
    fn salted_names_the_first_bad_field(s in text(), a in pad_value(3), b in pad_value(2)) {
        let k = Salted { s, a, b };
        prop_assert_eq!(named(&entry_points(&k)), first_bad(&salted_fields(&k)));
        let helper = Salted::prefix_for_s_a(&k.s, k.a);
        prop_assert_eq!(named(&helper), first_bad(&salted_fields(&k)[..2]));
    }

    #[test]
    fn variable_names_the_first_bad_field(k in var()) {
        let expected = first_bad(&var_fields(&k));
        let encoded = entry_points(&k);
        prop_assert_eq!(named(&encoded), expected);
        if let Ok(bytes) = &encoded {
            prop_assert_eq!(bytes, &var_bytes(&k));
        }
        let helper = Var::prefix_for_a_e_t(k.a, &k.e, &k.t);
        prop_assert_eq!(named(&helper), first_bad(&var_fields(&k)[..3]));
        let row = Row::V(k);
        prop_assert_eq!(named(&entry_points(&row)), expected);
    }

    #[test]
    fn phoenix_names_the_first_bad_field(code in text(), name in text(), tail in text()) {
        let k = Phoenix { code, name, tail };
        prop_assert_eq!(named(&entry_points(&k)), first_bad(&phoenix_fields(&k)));
    }
}

/// A `fixed(4)` string too long, then a `pad(3)` value too large: the
/// string is named, though the `pad` field is checked first.
#[test]
fn string_then_pad_names_the_string() {
    let key = Fixed {
        name: "too long".into(),
        a: 1000,
        b: 0,
        opt: None,
        inner: Inner {
            ia: 0,
            ib: String::new(),
        },
        c: 0,
        d: 0,
    };
    let e = key.encode().unwrap_err();
    assert_eq!(e.field(), "name");
    assert_eq!(
        e.kind(),
        rowkey::EncodeErrorKind::TooLong { len: 8, max: 4 }
    );
    let helper = Fixed::prefix_for_name_a(&key.name, key.a).unwrap_err();
    assert_eq!(helper, e);
}
