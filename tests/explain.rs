//! `T::explain` and the layout interpreter: full, partial, tampered and
//! garbage keys of every codec; and the interpreter decodes exactly what
//! `T::decode` decodes (property tests against the derived code).

#[path = "support/keys.rs"]
mod keys;
use keys::{Event, FileKey, GroupKey, Inner, UserKey};

use proptest::prelude::*;
use rowkey::dynamic::{self, FieldValue, Reading, Value};
use rowkey::{DecodeErrorKind, FieldCodec, Md5, Number, ReadError, RowKey};

/// Every fixed-width codec, reverse, mirror and `Option`.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Fixed {
    #[salt(mod = 1000, pad = 3)]
    a: i16,
    #[be_u32]
    #[reverse]
    b: i64,
    c: f64,
    #[reverse]
    d: f32,
    e: bool,
    f: [u8; 3],
    g: Option<u32>,
    #[mirror]
    h: u32,
    #[fixed(5)]
    i: String,
    #[tag(b"ix")]
    t: (),
    inner: Inner,
    md5: Md5,
    #[pad(3)]
    #[reverse]
    p: u8,
    oi: Option<Inner>,
}

/// The variable-length codecs.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Variable {
    #[salt(mod = 7)]
    id: u8,
    #[escaped]
    host: String,
    #[escaped]
    #[reverse]
    raw: Vec<u8>,
    rest: String,
}

/// Runs of digit fields read together, of every width class, both orders,
/// narrower types than their digits, behind and before binary fields.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Digits {
    a: u8,
    #[pad(3)]
    b: u8,
    #[pad(5)]
    #[reverse]
    c: u32,
    #[pad(2)]
    d: u16,
    #[pad(9)]
    e: u64,
    #[pad(20)]
    #[reverse]
    f: u64,
    #[pad(1)]
    g: u8,
    h: bool,
    #[pad(7)]
    i: u32,
}

fn digits_key() -> impl Strategy<Value = Digits> {
    (
        (any::<u8>(), 0..=255u8, 0..100_000u32, 0..100u16),
        (
            0..1_000_000_000u64,
            any::<u64>(),
            0..10u8,
            any::<bool>(),
            0..10_000_000u32,
        ),
    )
        .prop_map(|((a, b, c, d), (e, f, g, h, i))| Digits {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
        })
}

/// Members behind variant tags: two of the same layout, one of a tag's
/// length that the others are not.
#[derive(RowKey, Debug, Clone, PartialEq)]
enum Tagged {
    #[tag(b"fx")]
    Fixed(Fixed),
    #[tag(b"v")]
    Variable(Variable),
    #[tag(b"u")]
    User(UserKey),
    #[tag(b"g")]
    Group(GroupKey),
}

fn int(v: impl Into<i128>) -> Value<'static> {
    Value::Int(Number::Signed(v.into()))
}

fn uint(v: impl Into<u128>) -> Value<'static> {
    Value::Int(Number::Unsigned(v.into()))
}

fn fv(name: &'static str, value: Value<'static>) -> FieldValue<'static> {
    FieldValue { name, value }
}

/// What `T::decode` gave, as the interpreter writes values.
fn fixed_values(k: &Fixed) -> Vec<FieldValue<'static>> {
    vec![
        fv("a", int(k.a)),
        fv("b", int(k.b)),
        fv("c", Value::F64(k.c)),
        fv("d", Value::F32(k.d)),
        fv("e", Value::Bool(k.e)),
        fv("f", Value::Bytes(k.f.to_vec())),
        fv(
            "g",
            k.g.map_or(Value::None, |g| Value::Some(Box::new(uint(g)))),
        ),
        fv("h", uint(k.h)),
        fv("i", Value::Text(k.i.clone())),
        fv("t", Value::Unit),
        fv(
            "inner",
            Value::Key(vec![
                fv("id", uint(k.inner.id)),
                fv("flag", Value::Bool(k.inner.flag)),
            ]),
        ),
        fv(
            "md5",
            Value::Key(vec![fv("md5", Value::Bytes(k.md5.as_bytes().to_vec()))]),
        ),
        fv("p", uint(k.p)),
        fv(
            "oi",
            k.oi.as_ref().map_or(Value::None, |i| {
                Value::Some(Box::new(Value::Key(vec![
                    fv("id", uint(i.id)),
                    fv("flag", Value::Bool(i.flag)),
                ])))
            }),
        ),
    ]
}

fn variable_values(k: &Variable) -> Vec<FieldValue<'static>> {
    vec![
        fv("id", uint(k.id)),
        fv("host", Value::Text(k.host.clone())),
        fv("raw", Value::Bytes(k.raw.clone())),
        fv("rest", Value::Text(k.rest.clone())),
    ]
}

prop_compose! {
    fn fixed_key()(
        a in any::<i16>(), b in 0i64..=u32::MAX as i64, c in any::<f64>(), d in any::<f32>(),
        e in any::<bool>(), f in any::<[u8; 3]>(), g in any::<Option<u32>>(), h in any::<u32>(),
        i in "[a-z\u{e9}]{0,2}", id in 0u16..10_000, flag in any::<bool>(), md5 in any::<[u8; 16]>(),
        p in any::<u8>(), oi in any::<Option<(bool, u16)>>(),
    ) -> Fixed {
        let oi = oi.map(|(flag, id)| Inner { id: id % 10_000, flag });
        Fixed { a, b, c, d, e, f, g, h, i, t: (), inner: Inner { id, flag }, md5: Md5(md5), p, oi }
    }
}

prop_compose! {
    fn variable_key()(
        id in any::<u8>(), host in "[a-z\0\u{e9}]{0,6}",
        raw in proptest::collection::vec(any::<u8>(), 0..6), rest in "[a-z\0]{0,6}",
    ) -> Variable {
        Variable { id, host, raw, rest }
    }
}

/// What `Tagged::decode` gave: the member and its values, as the interpreter writes them.
fn tagged_values(
    bytes: &[u8],
) -> Result<(&'static str, Vec<FieldValue<'static>>), ReadError<'static>> {
    Ok(match Tagged::decode(bytes)? {
        Tagged::Fixed(k) => ("Fixed", fixed_values(&k)),
        Tagged::Variable(k) => ("Variable", variable_values(&k)),
        Tagged::User(k) => ("User", vec![fv("user", uint(k.user))]),
        Tagged::Group(k) => ("Group", vec![fv("group", uint(k.group))]),
    })
}

/// What `KEY_TYPES.explain` read, in the same terms; and the spans are the
/// member's own, after its tag.
fn explained_values(
    bytes: &[u8],
) -> Result<(&'static str, Vec<FieldValue<'static>>), ReadError<'static>> {
    let e = Tagged::KEY_TYPES.explain(bytes);
    if let Some(m) = Tagged::KEY_TYPES
        .members
        .iter()
        .find(|m| Some(m.name) == e.member)
    {
        assert_eq!(e.tag, m.tag);
        if let Some(rest) = bytes.get(m.tag.len()..) {
            let own = m.layout.explain(rest);
            let shifted: Vec<_> = own
                .fields
                .iter()
                .map(|f| f.span.start + m.tag.len()..f.span.end + m.tag.len())
                .collect();
            let spans: Vec<_> = e.fields.iter().map(|f| f.span.clone()).collect();
            assert_eq!(spans, shifted);
        }
    }
    if let Some(err) = e.error {
        return Err(err);
    }
    let values = e
        .fields
        .into_iter()
        .filter(|f| !matches!(f.kind, FieldCodec::Salt))
        .map(|f| match f.reading {
            Reading::Value(value) => fv(f.name, value),
            other => panic!("a valid key's field `{}` reads {other:?}", f.name),
        })
        .collect();
    Ok((e.member.expect("a valid key has a member"), values))
}

prop_compose! {
    fn tagged_key()(
        k in fixed_key(), v in variable_key(), id in any::<u64>(), which in 0..4u8,
    ) -> Tagged {
        match which {
            0 => Tagged::Fixed(k),
            1 => Tagged::Variable(v),
            2 => Tagged::User(UserKey { user: id }),
            _ => Tagged::Group(GroupKey { group: id }),
        }
    }
}

proptest! {
    /// Whole, tampered and cut keys of an enum with variant tags: `explain`
    /// gives `decode`'s member, values and error.
    #[test]
    fn explain_of_tagged_members_is_decode(
        k in tagged_key(), at in any::<prop::sample::Index>(), byte in any::<u8>(),
        cut in any::<prop::sample::Index>(),
        garbage in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let key = k.encode().unwrap();
        prop_assert_eq!(explained_values(&key), Ok(tagged_values(&key).unwrap()));
        let mut tampered = key.clone();
        tampered[at.index(key.len())] = byte;
        let part = &key[..cut.index(key.len() + 1)];
        for bytes in [&tampered[..], part, &garbage[..]] {
            prop_assert_eq!(explained_values(bytes), tagged_values(bytes));
            let _ = format!("{} {:#}", Tagged::KEY_TYPES.explain(bytes), Tagged::KEY_TYPES.explain(bytes));
        }
    }
}

#[test]
fn a_key_cut_in_or_after_its_tag_is_that_member_partial() {
    let e = Tagged::KEY_TYPES.explain(b"f");
    assert_eq!(e.member, Some("Fixed"));
    assert!(e.is_partial() && !e.is_valid());
    assert!(e.fields.iter().all(|f| f.reading == Reading::Absent));
    let e = Tagged::KEY_TYPES.explain(b"g\x00\x00\x01");
    assert_eq!(
        format!("{e:#}"),
        "Group (GroupKey) group=<cut: 3 of 8 bytes> (partial key: 4 of 9 bytes)"
    );
    assert_eq!(e.fields[0].span, 1..9);
    let group = Tagged::Group(GroupKey { group: 5 }).encode().unwrap();
    assert_eq!(
        Tagged::KEY_TYPES.explain(&group).to_string(),
        "Group (GroupKey): 9 bytes\n\
         | bytes | field | codec | value |\n\
         |-------|-------|-------|-------|\n\
         | 1..9  | group | u64   | 5     |\n"
    );
}

proptest! {
    #[test]
    fn the_interpreter_decodes_what_decode_decodes(k in fixed_key(), v in variable_key()) {
        let key = k.encode().unwrap();
        prop_assert_eq!(dynamic::decode(&Fixed::LAYOUT, &key), Ok(fixed_values(&k)));
        let key = v.encode().unwrap();
        prop_assert_eq!(dynamic::decode(&Variable::LAYOUT, &key), Ok(variable_values(&v)));
    }

    /// Tampered and cut keys: the same error as `decode`, and `explain` never panics.
    #[test]
    fn the_same_errors_on_tampered_keys(
        k in fixed_key(), v in variable_key(), at in any::<prop::sample::Index>(),
        byte in any::<u8>(), cut in any::<prop::sample::Index>(),
    ) {
        for mut key in [k.encode().unwrap().to_vec(), v.encode().unwrap()] {
            let i = at.index(key.len());
            key[i] = byte;
            let variable = key.len() != Fixed::WIDTH;
            let (typed, dynamic) = if variable {
                (Variable::decode(&key).map(|k| variable_values(&k)).map_err(ReadError::from), dynamic::decode(&Variable::LAYOUT, &key))
            } else {
                (Fixed::decode(&key).map(|k| fixed_values(&k)).map_err(ReadError::from), dynamic::decode(&Fixed::LAYOUT, &key))
            };
            prop_assert_eq!(typed, dynamic);
            let part = &key[..cut.index(key.len() + 1)];
            let _ = Fixed::LAYOUT.explain(part).to_string();
            let _ = Variable::LAYOUT.explain(part).to_string();
            prop_assert_eq!(
                Variable::decode(part).err().map(ReadError::from),
                dynamic::decode(&Variable::LAYOUT, part).err()
            );
            prop_assert_eq!(Fixed::decode(part).err().map(ReadError::from), dynamic::decode(&Fixed::LAYOUT, part).err());
        }
    }

    /// Digit fields read in runs: the values written, and with bytes
    /// replaced (often by other digits, or a number too large for the
    /// field's type) the error the interpreter finds first.
    #[test]
    fn runs_of_digits_give_the_first_error(
        k in digits_key(),
        changes in proptest::collection::vec((any::<prop::sample::Index>(), prop_oneof![b'0'..=b'9', any::<u8>()]), 0..3),
    ) {
        let mut key = k.encode().unwrap();
        prop_assert_eq!(Digits::decode(&key), Ok(k));
        for (at, byte) in changes {
            key[at.index(key.len())] = byte;
        }
        let typed = Digits::decode(&key).map(|d| d.encode().unwrap()).map_err(ReadError::from);
        let dynamic = dynamic::decode(&Digits::LAYOUT, &key).map(|_| key);
        prop_assert_eq!(typed, dynamic);
    }

    #[test]
    fn the_same_errors_on_garbage(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        prop_assert_eq!(Fixed::decode(&bytes).err().map(ReadError::from), dynamic::decode(&Fixed::LAYOUT, &bytes).err());
        prop_assert_eq!(Variable::decode(&bytes).err().map(ReadError::from), dynamic::decode(&Variable::LAYOUT, &bytes).err());
        prop_assert_eq!(Event::decode(&bytes).err().map(ReadError::from), dynamic::decode(&Event::LAYOUT, &bytes).err());
        prop_assert_eq!(FileKey::decode(&bytes).err().map(ReadError::from), dynamic::decode(&FileKey::LAYOUT, &bytes).err());
        let _ = format!("{} {:#}", Fixed::LAYOUT.explain(&bytes), Variable::LAYOUT.explain(&bytes));
    }
}

/// A key cut between two fields of a variable-length key (a region
/// boundary) is partial, with nothing wrong in it.
#[test]
fn a_key_cut_between_fields_is_partial() {
    let v = Variable {
        id: 3,
        host: "ab".into(),
        raw: vec![1],
        rest: "x".into(),
    };
    let key = v.encode().unwrap();
    // The salt, `id`, and `host` with its terminator.
    let start = &key[..6];
    let e = Variable::LAYOUT.explain(start);
    assert!(e.is_partial(), "{e}");
    assert!(
        e.fields
            .iter()
            .all(|f| !matches!(f.reading, Reading::Error(_))),
        "{e}"
    );
    assert_eq!(e.error, Variable::decode(start).err().map(ReadError::from));
    // Cut inside the last character of the trailing string.
    let key = Variable {
        rest: "\u{e9}".into(),
        ..v
    }
    .encode()
    .unwrap();
    let start = &key[..key.len() - 1];
    let e = Variable::LAYOUT.explain(start);
    assert!(e.is_partial(), "{e}");
    assert!(
        matches!(e.fields[4].reading, Reading::Cut { present: 1, .. }),
        "{e}"
    );
    assert_eq!(e.error, Variable::decode(start).err().map(ReadError::from));
}

/// Fields added later, both optional.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Added {
    id: u8,
    #[rowkey(since = 2)]
    a: Option<u8>,
    #[rowkey(since = 2)]
    b: Option<u8>,
}

/// A Phoenix key of two `VARCHAR`s.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Varchars {
    a: String,
    b: String,
}

/// A key that ends where no whole key ends (after a `None` written out,
/// after a `VARCHAR`'s separator) is the start of a longer one: its fields
/// read, and it is partial; a strict decode still refuses it.
#[test]
fn a_key_that_ends_where_no_whole_key_does_is_the_start_of_one() {
    let key = Added {
        id: 1,
        a: None,
        b: Some(2),
    }
    .encode()
    .unwrap();
    let start = &key[..3];
    let e = Added::LAYOUT.explain(start);
    assert_eq!(e.fields[1].reading, Reading::Value(Value::None), "{e}");
    assert!(e.is_partial(), "{e}");
    let kind = e.error.map(|e| e.kind());
    assert_eq!(kind, Some(DecodeErrorKind::AbsentWritten));
    assert_eq!(e.error, Added::decode(start).err().map(ReadError::from));
    let key = Varchars {
        a: "a".into(),
        b: "b".into(),
    }
    .encode()
    .unwrap();
    assert_eq!(key, b"a\0b");
    let start = &key[..2];
    let e = Varchars::LAYOUT.explain(start);
    assert_eq!(e.fields[0].reading, Reading::Value(Value::Text("a".into())));
    assert!(e.is_partial(), "{e}");
    assert_eq!(e.error, Varchars::decode(start).err().map(ReadError::from));
}

/// Only a `VARCHAR` cut right after its separator reads as a value: one
/// the key ends in, whose last byte is no UTF-8, is an error on that field,
/// not the value before that byte.
#[test]
fn a_varchar_ending_in_a_bad_byte_is_no_value() {
    let key = b"a\xFF";
    let e = Varchars::LAYOUT.explain(key);
    assert!(matches!(e.fields[0].reading, Reading::Error(_)), "{e}");
    assert_eq!(e.error, Varchars::decode(key).err().map(ReadError::from));
    assert!(!e.is_partial(), "{e}");
}

/// `PRIMARY KEY (host VARCHAR DESC, ts BIGINT)`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct DescHost {
    #[reverse]
    host: String,
    ts: i64,
}

/// A `DESC` `VARCHAR`'s `FF` with no value before it is no separator
/// Phoenix writes (an empty value is null, and a null takes `00`): an
/// error on the field, not an empty value.
#[test]
fn a_desc_separator_after_no_value_is_no_value() {
    let e = DescHost::LAYOUT.explain(&[0xFF]);
    assert!(matches!(e.fields[0].reading, Reading::Error(_)), "{e}");
    assert_eq!(
        e.error,
        DescHost::decode(&[0xFF]).err().map(ReadError::from)
    );
    assert_eq!(
        e.error.map(|e| e.kind()),
        Some(DecodeErrorKind::NonCanonical)
    );
}

/// A salted Phoenix key of one `VARCHAR`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 4, phoenix))]
struct SaltedName {
    name: String,
}

/// The region starts of a salted Phoenix table, a salt byte each, are the
/// starts of keys: partial, the bucket read and no field in error.
#[test]
fn a_phoenix_salt_alone_is_the_start_of_a_key() {
    for bucket in 0..4u8 {
        let e = SaltedName::LAYOUT.explain(&[bucket]);
        assert!(e.is_partial(), "{e}");
        assert_eq!(e.fields[0].reading, Reading::Value(uint(bucket)), "{e}");
        assert_eq!(e.fields[1].reading, Reading::Absent, "{e}");
        assert_eq!(
            e.error,
            SaltedName::decode(&[bucket]).err().map(ReadError::from)
        );
    }
}

/// A variable-length key with a small `max_width`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(max_width = 8)]
struct Short {
    id: u8,
    rest: Vec<u8>,
}

/// A key longer than `max_width`, which encode never writes, does not
/// decode by the layout either: the same error as `decode`.
#[test]
fn a_key_over_max_width_is_refused_as_decode_refuses_it() {
    let long = [1u8; 12];
    let typed = Short::decode(&long).unwrap_err();
    assert_eq!(typed.kind(), DecodeErrorKind::TooLong { max: 8, found: 12 });
    assert_eq!(
        dynamic::decode(&Short::LAYOUT, &long),
        Err(ReadError::from(typed))
    );
    assert_eq!(
        Short::LAYOUT.explain(&long).error,
        Some(ReadError::from(typed))
    );
}

/// A layout's error says which field, where in the key and what is wrong,
/// by the layout's own name for the field.
#[test]
fn a_read_error_names_its_field_offset_and_kind() {
    let mut key = *b"00000120120902000001";
    key[9] = b'A';
    let e = dynamic::decode(&FileKey::LAYOUT, &key).unwrap_err();
    let not_digit = DecodeErrorKind::NotDigit { found: b'A' };
    assert_eq!(
        (e.field(), e.offset(), e.kind()),
        ("create_date", 9, not_digit)
    );
}

#[test]
fn a_full_key_as_a_table_and_a_line() {
    let e = FileKey::LAYOUT.explain(b"00000120120902000001");
    assert!(e.is_valid() && !e.is_partial());
    assert_eq!(
        e.to_string(),
        "\
FileKey: 20 bytes
| bytes  | field       | codec  | value    |
|--------|-------------|--------|----------|
| 0..6   | user_id     | pad(6) | 1        |
| 6..14  | create_date | pad(8) | 20120902 |
| 14..20 | file_id     | pad(6) | 1        |
"
    );
    assert_eq!(
        format!("{e:#}"),
        "FileKey user_id=1 create_date=20120902 file_id=1"
    );
}

#[test]
fn a_partial_key_decodes_what_is_there() {
    // A region start or a scan's start row: user 1, then 4 of the date's 8 digits.
    let e = FileKey::LAYOUT.explain(b"0000012012");
    assert!(e.is_partial());
    assert_eq!(e.fields[0].reading, Reading::Value(uint(1u8)));
    assert!(matches!(
        e.fields[1].reading,
        Reading::Cut { present: 4, .. }
    ));
    assert_eq!(e.fields[2].reading, Reading::Absent);
    assert_eq!(
        e.to_string(),
        "\
FileKey: 10 bytes
| bytes | field       | codec  | value             |
|-------|-------------|--------|-------------------|
| 0..6  | user_id     | pad(6) | 1                 |
| 6..14 | create_date | pad(8) | cut: 4 of 8 bytes |
| -     | file_id     | pad(6) | absent            |
partial key: 10 of 20 bytes
"
    );
    // A salted prefix: the bucket alone.
    let e = Event::LAYOUT.explain(&[5]);
    assert_eq!(e.fields[0].reading, Reading::Value(uint(5u8)));
    assert_eq!(e.fields[1].reading, Reading::Absent);
}

#[test]
fn a_tampered_key_names_the_byte() {
    let e = FileKey::LAYOUT.explain(b"00000120120X02000001");
    let Reading::Error(err) = e.fields[1].reading else {
        panic!("{e}")
    };
    assert_eq!(err.offset(), 11);
    assert_eq!(err.kind(), DecodeErrorKind::NotDigit { found: b'X' });
    // The fields around it still decode.
    assert_eq!(e.fields[2].reading, Reading::Value(uint(1u8)));
    assert!(e
        .to_string()
        .contains("found 0x58 ('X'), expected an ASCII digit"));
}

#[test]
fn a_wrong_salt_bucket_is_shown_on_the_salt() {
    let mut key = Event { user: 7, ts: 9 }.encode().unwrap();
    let good = key[0];
    key[0] = (good + 1) % 16;
    let e = Event::LAYOUT.explain(&key);
    let Reading::Error(err) = e.fields[0].reading else {
        panic!("{e}")
    };
    assert_eq!(
        err.kind(),
        DecodeErrorKind::SaltMismatch {
            expected: good as u32,
            found: key[0] as u32
        }
    );
    assert_eq!(e.fields[1].reading, Reading::Value(uint(7u8)));
    assert_eq!(e.fields[2].reading, Reading::Value(uint(9u8)));
    assert_eq!(e.error, Event::decode(&key).err().map(ReadError::from));
}

/// A field that reads to the end of the key, after a delimited one.
#[derive(RowKey)]
struct EscapedThenRest {
    #[escaped]
    host: String,
    rest: String,
}

/// After a field whose error leaves its end unknown, no later field is
/// read: the field that takes the rest of the key is absent, not the empty
/// text a read at the key's end would give.
#[test]
fn no_field_is_read_after_a_delimited_fields_error() {
    let e = EscapedThenRest::LAYOUT.explain(&[b'a', 0, 7]);
    assert!(matches!(e.fields[0].reading, Reading::Error(_)), "{e}");
    assert_eq!(e.fields[1].reading, Reading::Absent, "{e}");
}

#[test]
fn garbage_and_extra_bytes() {
    let e = FileKey::LAYOUT.explain(b"00000120120902000001xyz");
    assert!(!e.is_valid());
    let length = "key `FileKey`: 23 bytes given, the layout has exactly 20";
    assert!(e.to_string().ends_with(&format!("|\n{length}\n")), "{e}");
    assert!(format!("{e:#}").ends_with(&format!(" ({length})")), "{e:#}");
    let e = Variable::LAYOUT.explain(&[0, b'a', 0, 7]);
    assert!(matches!(e.fields[2].reading, Reading::Error(_)), "{e}");
    assert_eq!(e.fields[3].reading, Reading::Absent);
    // A field's error in a whole key is no note on the key: the table says
    // the key does not decode.
    let e = FileKey::LAYOUT.explain(b"00000x20120902000001");
    let error = e.error.expect("an error");
    assert!(
        e.to_string()
            .ends_with(&format!("|\ndoes not decode: {error}\n")),
        "{e}"
    );
    let e = Fixed::LAYOUT.explain(&[]);
    assert!(e.is_partial());
    assert_eq!(format!("{e:#}"), "Fixed (partial key: 0 of 71 bytes)");
}

#[test]
fn every_codec_in_the_table() {
    let k = Fixed {
        a: -2,
        b: 7,
        c: 1.5,
        d: -0.0,
        e: true,
        f: *b"abc",
        g: None,
        h: 1234,
        i: "h\u{e9}".into(),
        t: (),
        inner: Inner {
            id: 42,
            flag: false,
        },
        md5: Md5::of(""),
        p: 7,
        oi: Some(Inner { id: 3, flag: true }),
    };
    let e = Fixed::LAYOUT.explain(&k.encode().unwrap());
    assert!(e.is_valid(), "{e}");
    assert_eq!(
        format!("{e:#}"),
        format!(
            "Fixed salt={} a=-2 b=7 c=1.5 d=-0.0 e=true f=0x616263 g=None h=1234 i=\"h\u{e9}\" t=() inner={{id: 42, flag: false}} md5={{md5: 0xd41d8cd98f00b204e9800998ecf8427e}} p=7 oi=Some({{id: 3, flag: true}})",
            e.fields[0].value_text()
        )
    );
    let v = Variable {
        id: 3,
        host: "a\0b".into(),
        raw: vec![0, 1],
        rest: "tail".into(),
    };
    let e = Variable::LAYOUT.explain(&v.encode().unwrap());
    assert!(e.is_valid(), "{e}");
    assert!(
        format!("{e:#}").ends_with("id=3 host=\"a\\0b\" raw=0x0001 rest=\"tail\""),
        "{e:#}"
    );
}

/// A decoded key's fields as `field=value` text, nested fields dotted.
fn inputs(prefix: &str, values: &[FieldValue], out: &mut Vec<(String, String)>) {
    for f in values {
        let name = format!("{prefix}{}", f.name);
        match &f.value {
            Value::Key(inner) => inputs(&format!("{name}."), inner, out),
            Value::Some(v) if matches!(**v, Value::Key(_)) => {
                let inner = [FieldValue {
                    name: f.name,
                    value: (**v).clone(),
                }];
                inputs(prefix, &inner, out)
            }
            v => out.push((name, v.to_input())),
        }
    }
}

fn re_encode(layout: &rowkey::Layout, key: &[u8]) -> Vec<u8> {
    let mut text = Vec::new();
    inputs("", &dynamic::decode(layout, key).unwrap(), &mut text);
    let pairs: Vec<(&str, &str)> = text.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    dynamic::encode(layout, &pairs).unwrap()
}

proptest! {
    /// Every key, decoded to text and encoded again by its layout, is the same key:
    /// the write path of every codec against the derived `encode`.
    #[test]
    fn the_interpreter_encodes_what_encode_encodes(k in fixed_key(), v in variable_key()) {
        let key = k.encode().unwrap();
        prop_assert_eq!(re_encode(&Fixed::LAYOUT, &key), key.to_vec());
        let key = v.encode().unwrap();
        prop_assert_eq!(re_encode(&Variable::LAYOUT, &key), key);
    }
}

// ---- `dynamic::check` and `explain`'s error: `decode`'s verdict ----

/// A Phoenix key with its salt, which hashes the whole key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 37, phoenix))]
struct PhoenixSalted {
    #[reverse]
    host: String,
    ts: i64,
}

/// An HBase `Struct` of nullable fields, whose trailing nulls are left out.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
struct StructNullable {
    #[ordered]
    name: Option<String>,
    #[ordered(copy)]
    #[reverse]
    body: Option<Vec<u8>>,
}

/// Fields added in later versions, after a variable-length one.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Evolved {
    #[escaped]
    host: String,
    #[rowkey(since = 2)]
    port: Option<u16>,
    #[rowkey(since = 3)]
    inner: Option<Inner>,
}

/// A salt over two fields that are not next to each other.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltedApart {
    #[salt(mod = 5)]
    #[pad(3)]
    a: u16,
    b: u8,
    #[salt]
    c: u16,
}

/// A fixed key without `Option`: checked at its fields' offsets, its
/// integers not read, its salt over two fields apart.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct AtOffsets {
    #[salt(mod = 50)]
    #[pad(4)]
    a: u16,
    #[reverse]
    b: i64,
    c: f64,
    e: bool,
    #[mirror]
    h: u32,
    #[fixed(3)]
    i: String,
    #[salt]
    d: u16,
}

/// A salt over one 8-byte field, as a log of events has.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltedTs {
    #[salt(mod = 100)]
    ts: u64,
    host: u32,
}

/// Keys of every layout below that decode, each encoded from its values.
fn valid_keys() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        fixed_key().prop_map(|k| k.encode().unwrap().to_vec()),
        variable_key().prop_map(|k| k.encode().unwrap()),
        ("[a-z\u{e9}]{0,4}", any::<i64>())
            .prop_map(|(host, ts)| PhoenixSalted { host, ts }.encode().unwrap()),
        (
            proptest::option::of("[a-z]{0,3}"),
            proptest::option::of(proptest::collection::vec(1u8.., 0..4))
        )
            .prop_map(|(name, body)| StructNullable { name, body }.encode().unwrap()),
        ("[a-z\0]{0,3}", any::<Option<u16>>(), any::<Option<bool>>()).prop_map(
            |(host, port, flag)| {
                let inner = flag.map(|flag| Inner { id: 7, flag });
                Evolved { host, port, inner }.encode().unwrap()
            }
        ),
        (0u16..1000, any::<u8>(), any::<u16>())
            .prop_map(|(a, b, c)| SaltedApart { a, b, c }.encode().unwrap().to_vec()),
        any::<(u32, u64)>().prop_map(|(user, ts)| Event { user, ts }.encode().unwrap().to_vec()),
        any::<(u64, u32)>().prop_map(|(ts, host)| SaltedTs { ts, host }.encode().unwrap().to_vec()),
        (
            (0u16..10_000, any::<i64>(), -1e9f64..1e9, any::<bool>()),
            (any::<u32>(), "[a-z]{3}", any::<u16>())
        )
            .prop_map(|((a, b, c, e), (h, i, d))| {
                let key = AtOffsets {
                    a,
                    b,
                    c,
                    e,
                    h,
                    i,
                    d,
                };
                key.encode().unwrap().to_vec()
            }),
    ]
}

/// Bytes near a valid key: itself, one byte changed, cut, or one byte longer;
/// or bytes of no key at all.
fn near_keys() -> impl Strategy<Value = Vec<u8>> {
    let changed = (
        valid_keys(),
        any::<prop::sample::Index>(),
        any::<u8>(),
        0..4u8,
    );
    prop_oneof![
        changed.prop_map(|(mut key, at, byte, how)| {
            match how {
                0 => {}
                1 if !key.is_empty() => {
                    let i = at.index(key.len());
                    key[i] = byte;
                }
                2 => key.truncate(at.index(key.len() + 1)),
                _ => key.push(byte),
            }
            key
        }),
        proptest::collection::vec(any::<u8>(), 0..40),
    ]
}

/// `check` and a `Checker` give `decode`'s verdict and error, and so does
/// `explain`, by `layout`; and all are the derived `decode`'s.
fn same_verdict<T: RowKey>(
    bytes: &[u8],
    typed: Result<(), rowkey::DecodeError>,
) -> Result<(), TestCaseError> {
    let layout = &T::LAYOUT;
    let decoded = dynamic::decode(layout, bytes).map(drop);
    prop_assert_eq!(dynamic::check(layout, bytes), decoded, "{}", layout.name);
    let checked = dynamic::Checker::new(layout).check(bytes);
    prop_assert_eq!(checked, decoded, "{}", layout.name);
    prop_assert_eq!(
        layout.explain(bytes).error,
        decoded.err(),
        "{}",
        layout.name
    );
    prop_assert_eq!(typed.map_err(ReadError::from), decoded, "{}", layout.name);
    Ok(())
}

proptest! {
    /// Every layout's check of bytes at and near its keys and others'.
    #[test]
    fn check_and_explain_give_decodes_verdict(bytes in near_keys()) {
        let b = &bytes[..];
        same_verdict::<Fixed>(b, Fixed::decode(b).map(drop))?;
        same_verdict::<Variable>(b, Variable::decode(b).map(drop))?;
        same_verdict::<PhoenixSalted>(b, PhoenixSalted::decode(b).map(drop))?;
        same_verdict::<StructNullable>(b, StructNullable::decode(b).map(drop))?;
        same_verdict::<Evolved>(b, Evolved::decode(b).map(drop))?;
        same_verdict::<SaltedApart>(b, SaltedApart::decode(b).map(drop))?;
        same_verdict::<Event>(b, Event::decode(b).map(drop))?;
        same_verdict::<FileKey>(b, FileKey::decode(b).map(drop))?;
        same_verdict::<Inner>(b, Inner::decode(b).map(drop))?;
        same_verdict::<AtOffsets>(b, AtOffsets::decode(b).map(drop))?;
        same_verdict::<SaltedTs>(b, SaltedTs::decode(b).map(drop))?;
    }
}

/// One explainer's explanation of each key in turn is `explain`'s,
/// whatever keys it explained before.
fn same_explanations<T: RowKey>(keys: &[Vec<u8>]) -> Result<(), TestCaseError> {
    let layout = &T::LAYOUT;
    let mut explainer = dynamic::Explainer::new(layout);
    for key in keys {
        prop_assert_eq!(
            explainer.explain(key),
            &layout.explain(key),
            "{}",
            layout.name
        );
    }
    Ok(())
}

proptest! {
    /// Every layout's explainer over runs of keys at and near its keys and others'.
    #[test]
    fn an_explainer_explains_as_explain(keys in proptest::collection::vec(near_keys(), 1..6)) {
        same_explanations::<Fixed>(&keys)?;
        same_explanations::<Variable>(&keys)?;
        same_explanations::<PhoenixSalted>(&keys)?;
        same_explanations::<StructNullable>(&keys)?;
        same_explanations::<Evolved>(&keys)?;
        same_explanations::<SaltedApart>(&keys)?;
        same_explanations::<Event>(&keys)?;
        same_explanations::<FileKey>(&keys)?;
        same_explanations::<Inner>(&keys)?;
        same_explanations::<AtOffsets>(&keys)?;
        same_explanations::<SaltedTs>(&keys)?;
    }
}

/// Values compare by the bytes they came from: every two of these differ
/// (a NaN's payload and the sign of zero included), and each equals itself
/// and its copy.
#[test]
fn values_are_equal_when_their_bytes_are() {
    let values = [
        int(1),
        int(2),
        uint(1u8),
        Value::F32(1.5),
        Value::F32(0.0),
        Value::F32(-0.0),
        Value::F32(f32::NAN),
        Value::F32(f32::from_bits(0x7fc0_0001)),
        Value::F64(1.5),
        Value::F64(-0.0),
        Value::F64(f64::NAN),
        Value::Bool(false),
        Value::Bool(true),
        Value::Text("a".into()),
        Value::Text("b".into()),
        Value::Bytes(vec![1]),
        Value::Bytes(vec![2]),
        Value::Unit,
        Value::None,
        Value::Some(Box::new(int(1))),
        Value::Some(Box::new(int(2))),
        Value::Key(vec![fv("a", int(1))]),
        Value::Key(vec![fv("a", int(2))]),
    ];
    for (i, a) in values.iter().enumerate() {
        for (j, b) in values.iter().enumerate() {
            assert_eq!(a == b, i == j, "{a:?} and {b:?}");
        }
        assert_eq!(*a, a.clone());
    }
}

/// `Display` for reading, `to_input` as `parse_value` reads it back (a
/// NaN as its bits), and the accessors of a value's bytes and number.
#[test]
fn values_as_text_bytes_and_numbers() {
    let key = Value::Key(vec![fv("a", int(-1)), fv("b", Value::Text("x".into()))]);
    assert_eq!(key.to_string(), "{a: -1, b: \"x\"}");
    assert_eq!(
        Value::Some(Box::new(Value::Bytes(vec![0, 0xab]))).to_string(),
        "Some(0x00ab)"
    );
    assert_eq!(Value::Text("x y".into()).to_input(), "x y");
    assert_eq!(
        Value::Some(Box::new(Value::Text("x".into()))).to_input(),
        "x"
    );
    assert_eq!(Value::F32(1.5).to_input(), "1.5");
    assert_eq!(Value::F64(-0.0).to_input(), "-0.0");
    assert_eq!(
        Value::F32(f32::from_bits(0x7fc0_0001)).to_input(),
        "0x7fc00001"
    );
    assert_eq!(
        Value::F64(f64::from_bits(0xfff8_0000_0000_0002)).to_input(),
        "0xfff8000000000002"
    );
    assert_eq!(int(-3).to_input(), "-3");

    assert_eq!(Value::Text("ab".into()).as_bytes(), b"ab");
    assert_eq!(Value::Bytes(vec![7]).as_bytes(), [7]);
    assert_eq!(int(7).as_bytes(), b"");
    assert_eq!(uint(7u8).int_number(), Some(Number::Unsigned(7)));
    assert_eq!(Value::Bool(true).int_number(), None);
    assert_eq!(int(-7).int::<i8>(), Some(-7));
    assert_eq!(int(-7).int::<u8>(), None);
    assert_eq!(uint(300u16).int::<u8>(), None);
    assert_eq!(Value::Text("7".into()).int::<u8>(), None);
}

/// A `Checker` reads fields at their offsets exactly when every key of the
/// layout holds them there: a fixed-width key that leaves no field out.
#[test]
fn fields_sit_at_their_offsets_in_fixed_keys_that_leave_none_out() {
    let at_offsets = |l| dynamic::Checker::new(l).fields_at_offsets();
    assert!(at_offsets(&AtOffsets::LAYOUT));
    assert!(
        at_offsets(&Fixed::LAYOUT),
        "an `Option` of a fixed width is always written"
    );
    assert!(!at_offsets(&Variable::LAYOUT));
    assert!(
        !at_offsets(&Added::LAYOUT),
        "fields added later may be left out"
    );
    // Each condition on its own: a layout that calls itself fixed-width
    // (a hand-made one, or a schema that says so) still leaves its added
    // fields out of some keys.
    let fixed_but_added = rowkey::Layout {
        variable: false,
        ..Added::LAYOUT
    };
    assert!(!at_offsets(&fixed_but_added));
}

/// Bytes no member decodes are explained as the first member they begin,
/// else as the one whose error comes furthest in: never merely the first
/// member, nor the last one begun.
#[test]
fn bytes_no_member_decodes_are_the_member_they_begin_or_the_furthest() {
    // Every member's tag starts with no bytes: the first member.
    assert_eq!(Tagged::KEY_TYPES.explain(b"").member, Some("Fixed"));
    // `g` and nine bytes: one byte past a `GroupKey`, the only member
    // whose tag matches; it begins none (its key is whole).
    let mut long = b"g".to_vec();
    long.extend([0; 9]);
    let e = Tagged::KEY_TYPES.explain(&long);
    assert_eq!(e.member, Some("Group"));
    assert!(!e.is_valid() && !e.is_partial());
}

/// A trailing `&str` field, as the derive writes it: ascending.
#[derive(RowKey, Debug, PartialEq)]
struct Path<'a> {
    id: u8,
    path: &'a str,
}

/// `Path`'s fields, the path said to be reversed: a layout the derive
/// refuses to write, but a schema may describe.
const REVERSED_PATH: [rowkey::Segment<'static>; 2] = [
    Path::LAYOUT.segments[0],
    rowkey::Segment {
        reverse: true,
        order: rowkey::Order::Descending,
        ..Path::LAYOUT.segments[1]
    },
];

/// By layout, a trailing field reads its bytes as its own whatever Rust
/// type it names: a descending `&str` is inverted back into its text, not
/// refused as one that a borrow could not hold.
#[test]
fn a_reversed_trailing_str_reads_by_layout() {
    const LAYOUT: rowkey::Layout<'static> = rowkey::Layout {
        segments: &REVERSED_PATH,
        ..Path::LAYOUT
    };
    let key = dynamic::encode(&LAYOUT, &[("id", "7"), ("path", "a/b")]).unwrap();
    assert_eq!(key, [7, !b'a', !b'/', !b'b']);
    let fields = dynamic::decode(&LAYOUT, &key).unwrap();
    let values: Vec<(&str, String)> = fields
        .iter()
        .map(|f| (f.name, f.value.to_input()))
        .collect();
    assert_eq!(
        values,
        [("id", "7".to_string()), ("path", "a/b".to_string())]
    );
    // Ascending, the same bytes are the derived key's.
    let plain = [7, b'a', b'/', b'b'];
    assert_eq!(Path::decode(&plain).unwrap(), Path { id: 7, path: "a/b" });
}

/// Three bytes: two digits and a byte.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Digits3 {
    #[pad(2)]
    a: u8,
    b: u8,
}

/// Four bytes: two numbers.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Words4 {
    a: u16,
    b: u16,
}

/// Members without tags, told apart by their lengths.
#[derive(RowKey, Debug, Clone, PartialEq)]
enum Untagged {
    Digits(Digits3),
    Words(Words4),
}

/// Bytes that no member decodes are explained as the first member they
/// begin (shorter than its key, every field they hold decoding), whatever
/// the others' errors: `12` begins both and is the first's; `AB` is no
/// digit, so it begins only the second.
#[test]
fn a_cut_key_of_untagged_members_is_the_first_it_begins() {
    for (bytes, member) in [(&b"12"[..], "Digits"), (b"AB", "Words"), (b"1", "Digits")] {
        let e = Untagged::KEY_TYPES.explain(bytes);
        assert_eq!(e.member, Some(member), "{bytes:?}: {e:#}");
        assert!(e.is_partial() && !e.is_valid(), "{bytes:?}: {e:#}");
        assert!(Untagged::decode(bytes).is_err());
    }
}

/// A salted field may be named `salt`, like the bucket's segment.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltNamedField {
    #[salt(mod = 7)]
    salt: u32,
    id: u8,
}

/// The bucket hashes the field `salt`, not the bucket byte that shares its
/// name: the interpreter decodes every key the derived code writes.
#[test]
fn a_salted_field_named_salt_is_hashed_by_its_own_bytes() {
    for salt in 0..40u32 {
        let k = SaltNamedField { salt, id: 9 };
        let key = k.encode().unwrap();
        assert_eq!(SaltNamedField::decode(&key), Ok(k.clone()));
        let values = dynamic::decode(&SaltNamedField::LAYOUT, &key);
        assert!(values.is_ok(), "{k:?} {key:?}: {values:?}");
        assert!(SaltNamedField::LAYOUT.explain(&key).is_valid());
    }
}

/// Two numbers behind a one-byte bucket of seven.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltedWords {
    #[salt(mod = 7)]
    a: u16,
    b: u16,
}

/// `SaltedWords`' layout with its salt said to hash a field the key does not
/// have: a hand-made layout, or a schema edited by hand.
const GHOST_SALTED: rowkey::Layout<'static> = rowkey::Layout {
    salt: match SaltedWords::LAYOUT.salt {
        Some(s) => Some(rowkey::LayoutSalt {
            fields: &["ghost"],
            ..s
        }),
        None => None,
    },
    ..SaltedWords::LAYOUT
};

/// A salted field that is no segment of the key leaves the bucket
/// unchecked: the walk of `decode` and the `Checker`, which reads a fixed
/// key's fields at their offsets, give the same verdict on every bucket.
#[test]
fn a_salted_name_the_key_lacks_leaves_the_bucket_unchecked() {
    let checker = dynamic::Checker::new(&GHOST_SALTED);
    assert!(checker.fields_at_offsets());
    for bucket in 0..=u8::MAX {
        for a in [0u16, 1, 0x1234, u16::MAX] {
            let mut key = vec![bucket];
            key.extend(a.to_be_bytes());
            key.extend(9u16.to_be_bytes());
            let decoded = dynamic::decode(&GHOST_SALTED, &key).map(drop);
            assert_eq!(checker.check(&key), decoded, "{key:?}");
            assert_eq!(dynamic::check(&GHOST_SALTED, &key), decoded, "{key:?}");
        }
    }
}

/// A salt over nine fields, more than a walk keeps inline.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct NineSalted {
    #[salt(mod = 97)]
    a: u8,
    #[salt]
    b: u8,
    #[salt]
    c: u8,
    #[salt]
    d: u8,
    #[salt]
    e: u8,
    #[salt]
    f: u8,
    #[salt]
    g: u8,
    #[salt]
    h: u8,
    #[salt]
    i: u8,
}

/// The interpreter hashes every salted field, the ninth too: it decodes
/// each key the derived code writes.
#[test]
fn nine_salted_fields_are_all_hashed() {
    for i in 0..=u8::MAX {
        let k = NineSalted {
            a: 1,
            b: 2,
            c: 3,
            d: 4,
            e: 5,
            f: 6,
            g: 7,
            h: 8,
            i,
        };
        let key = k.encode().unwrap();
        assert!(dynamic::decode(&NineSalted::LAYOUT, &key).is_ok(), "{k:?}");
        assert!(dynamic::check(&NineSalted::LAYOUT, &key).is_ok(), "{k:?}");
    }
}

/// A salted field named `salt`, with a skip scan.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(select)]
struct SaltNamedSelect {
    #[salt(mod = 7)]
    salt: u32,
    id: u8,
}

/// The strict check and the skip scan hash a field named `salt` by its own
/// bytes too, as `encode` does: every key checks, and the scan for one
/// value finds its key in one range.
#[test]
fn a_salted_field_named_salt_is_checked_and_selected_by_its_bytes() {
    let checker = dynamic::Checker::new(&SaltNamedField::LAYOUT);
    for salt in 0..40u32 {
        let key = SaltNamedField { salt, id: 9 }.encode().unwrap();
        assert_eq!(
            dynamic::check(&SaltNamedField::LAYOUT, &key),
            Ok(()),
            "{key:?}"
        );
        assert_eq!(checker.check(&key), Ok(()), "{key:?}");
        let key = SaltNamedSelect { salt, id: 9 }.encode().unwrap();
        let s = SaltNamedSelect::select().salt(salt).build().unwrap();
        assert!(s.matches(&key), "{key:?}");
        let [r] = s.ranges() else {
            panic!("{:?}", s.ranges());
        };
        assert!(r.contains(&key), "{r:?} {key:?}");
    }
}

/// A field named `salt` is found by its name, not the bucket's segment
/// that shares it: by the layout, and by a skip scan's predicate.
#[test]
fn a_field_named_salt_is_found_by_its_name() {
    let l = &SaltNamedField::LAYOUT;
    let field = l.segment("salt").expect("the field `salt`");
    assert_eq!((field.offset, field.rust_type), (1, "u32"));
    assert_eq!(rowkey::select::Predicate::new(l).field("salt"), Some(1));
    assert_eq!(l.segments[0].kind, rowkey::FieldCodec::Salt);
    assert_eq!(SaltedWords::LAYOUT.segment("salt"), None);
}
