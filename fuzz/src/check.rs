//! The checks of a decoded or explained key. Each panics, with the key and
//! what disagreed, when a check fails.

use std::fmt::Debug;

use arbitrary::{Arbitrary, Unstructured};
use std::ops::Bound;

use crate::keys::AsWritten;
use rowkey::dynamic::{self, FieldValue, Reading, Scan, ScanRanges, Value};
use rowkey::{
    DecodeErrorKind, Explained, FieldCodec, KeyTypes, Layout, ReadError, RowKey, SaltFormat,
    Segment,
};

/// A decoded key's fields as `field=value` text, as `dynamic::encode`
/// reads them: a nested key's fields dotted (`inner.id=7`).
pub fn inputs(
    layout: &Layout<'_>,
    prefix: &str,
    values: &[FieldValue<'_>],
    out: &mut Vec<(String, String)>,
) {
    for f in values {
        let name = format!("{prefix}{}", f.name);
        let nested = match layout.segment(f.name).map(|s| s.kind) {
            Some(FieldCodec::Nested(inner)) => Some(inner),
            _ => None,
        };
        let value = match &f.value {
            Value::Some(v) => v,
            v => v,
        };
        match (nested, value) {
            (Some(inner), Value::Key(fields)) => inputs(inner, &format!("{name}."), fields, out),
            _ => out.push((name, f.value.to_input())),
        }
    }
}

/// `(name, value)` pairs borrowed from `text`.
pub fn pairs(text: &[(String, String)]) -> Vec<(&str, &str)> {
    text.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect()
}

/// `T::decode` of `bytes`: a key that encodes to the same bytes, or the
/// error the layout's interpreter gives; then the layout's checks.
pub fn derived<T>(bytes: &[u8])
where
    T: RowKey,
    for<'de> T::Decoded<'de>: RowKey + Debug,
{
    let dynamic = dynamic::decode(&T::LAYOUT, bytes);
    match (T::decode(bytes), &dynamic) {
        (Ok(key), Ok(_)) => {
            let again = key
                .encode()
                .unwrap_or_else(|e| panic!("{key:?} from {bytes:02x?} does not encode: {e}"));
            assert_eq!(again.as_ref(), bytes, "{key:?} encodes to other bytes");
        }
        (Err(e), Err(d)) => assert_eq!(ReadError::from(e), *d, "{bytes:02x?}"),
        (typed, d) => panic!(
            "{} of {bytes:02x?}: decode gives {typed:?}, the layout gives {d:?}",
            T::LAYOUT.name
        ),
    }
    decoded(&T::LAYOUT, bytes);
}

/// A key of fuzzed values of `T` that encodes decodes to the same values
/// (as `Debug` shows them, and as [`AsWritten`] says they are written) and
/// the same bytes, and passes [`derived`].
pub fn encoded<'u, T>(data: &'u [u8])
where
    T: RowKey + Arbitrary<'u> + Debug + AsWritten,
    for<'de> T::Decoded<'de>: RowKey + Debug,
{
    let Ok(key) = Unstructured::new(data).arbitrary::<T>() else {
        return;
    };
    let Ok(bytes) = key.encode() else { return };
    let bytes = bytes.as_ref();
    match T::decode(bytes) {
        Ok(back) => assert_eq!(
            format!("{back:?}"),
            format!("{:?}", key.as_written()),
            "{bytes:02x?}"
        ),
        // Documented: a borrowed `&str`/`&[u8]` reads only the key's own
        // bytes, not a value unescaped or inverted; `Cow` reads both.
        Err(e) if e.kind() == DecodeErrorKind::NeedsOwned => return,
        Err(e) => panic!("{key:?} encodes to {bytes:02x?}, which does not decode: {e}"),
    }
    derived::<T>(bytes);
}

/// [`encoded`] for an enum of key types.
pub fn encoded_members<'u, T>(types: &KeyTypes<'_>, data: &'u [u8])
where
    T: RowKey + Arbitrary<'u> + Debug + AsWritten,
    for<'de> T::Decoded<'de>: RowKey + Debug,
{
    let Ok(key) = Unstructured::new(data).arbitrary::<T>() else {
        return;
    };
    let Ok(bytes) = key.encode() else { return };
    let bytes = bytes.as_ref();
    match T::decode(bytes) {
        Ok(back) => assert_eq!(
            format!("{back:?}"),
            format!("{:?}", key.as_written()),
            "{bytes:02x?}"
        ),
        Err(e) if e.kind() == DecodeErrorKind::NeedsOwned => return,
        Err(e) => panic!("{key:?} encodes to {bytes:02x?}, which does not decode: {e}"),
    }
    derived_members::<T>(types, bytes);
}

/// An enum of key types: its `decode` against `types.explain` (its
/// `KEY_TYPES`), and a decoded key encodes to the same bytes, by its type
/// and by its member's layout.
pub fn derived_members<T>(types: &KeyTypes<'_>, bytes: &[u8])
where
    T: RowKey,
    for<'de> T::Decoded<'de>: RowKey + Debug,
{
    let typed = T::decode(bytes);
    let e = types.explain(bytes);
    assert_eq!(
        e.error,
        typed.as_ref().err().map(|e| ReadError::from(*e)),
        "{bytes:02x?}: {e}"
    );
    if let Ok(key) = typed {
        let again = key.encode().expect("a decoded key encodes");
        assert_eq!(again.as_ref(), bytes, "{key:?}");
        let member = types
            .members
            .iter()
            .find(|m| Some(m.name) == e.member)
            .expect("a valid key's member");
        let rest = &bytes[member.tag.len()..];
        assert_eq!(
            re_encode(member.layout, rest),
            rest,
            "{}: {bytes:02x?}",
            member.name
        );
    }
}

/// The fields of a key decoded by `layout`, encoded again by it.
pub fn re_encode(layout: &Layout<'_>, bytes: &[u8]) -> Vec<u8> {
    let values = dynamic::decode(layout, bytes).expect("a key that decodes");
    let mut text = Vec::new();
    inputs(layout, "", &values, &mut text);
    dynamic::encode(layout, &pairs(&text)).unwrap_or_else(|e| {
        panic!(
            "{}: {bytes:02x?} decodes to {text:?}, which does not encode: {e}",
            layout.name
        )
    })
}

/// A key `layout` decodes encodes to the same bytes, and lies in the scan
/// of its leading fields' values and in a range of its next field's.
pub fn decoded(layout: &Layout<'_>, bytes: &[u8]) {
    let Ok(values) = dynamic::decode(layout, bytes) else {
        return;
    };
    let mut text = Vec::new();
    inputs(layout, "", &values, &mut text);
    let again = dynamic::encode(layout, &pairs(&text)).unwrap_or_else(|e| {
        panic!(
            "{}: {bytes:02x?} decodes to {text:?}, which does not encode: {e}",
            layout.name
        )
    });
    assert_eq!(again, bytes, "{}: {text:?}", layout.name);
    scans_hold(layout, bytes, &text);
}

/// The fields of `layout` (not the salt).
fn fields<'l, 'a>(layout: &'l Layout<'a>) -> Vec<&'l Segment<'a>> {
    layout
        .segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt))
        .collect()
}

/// The field a `name=value` pair belongs to (`inner` of `inner.id`).
fn head(name: &str) -> &str {
    name.split('.').next().unwrap_or(name)
}

/// Scans a key's values select must hold the key: every leading run of
/// pinned fields, then each range on the next field that its value is in.
fn scans_hold(layout: &Layout<'_>, key: &[u8], text: &[(String, String)]) {
    let fields = fields(layout);
    for k in 0..=fields.len() {
        let pinned: Vec<&str> = fields[..k]
            .iter()
            .filter(|s| !matches!(s.kind, FieldCodec::Tag(_)))
            .map(|s| s.name)
            .collect();
        let pins: Vec<(&str, &str)> = pairs(text)
            .into_iter()
            .filter(|(n, _)| pinned.contains(&head(n)))
            .collect();
        scan_holds(layout, key, &pins, None);
        // A tag is constant: no value, no range.
        let Some(next) = fields
            .get(k)
            .filter(|s| !matches!(s.kind, FieldCodec::Tag(_)))
        else {
            continue;
        };
        let Some((_, v)) = text.iter().find(|(n, _)| n == next.name) else {
            continue;
        };
        let v = v.as_str();
        for (lo, hi) in [
            (Bound::Included(v), Bound::Included(v)),
            (Bound::Included(v), Bound::Unbounded),
            (Bound::Unbounded, Bound::Included(v)),
            (Bound::Unbounded, Bound::Unbounded),
        ] {
            scan_holds(layout, key, &pins, Some((next.name, lo, hi)));
        }
    }
}

/// The scan holds the key, or refuses for a reason it gives.
fn scan_holds<'s>(
    layout: &Layout<'_>,
    key: &[u8],
    pins: &'s [(&'s str, &'s str)],
    range: Option<(&'s str, Bound<&'s str>, Bound<&'s str>)>,
) {
    let scan = Scan { pins, range };
    match dynamic::scan::<Vec<u8>>(layout, &scan) {
        Ok(ScanRanges::One(r)) => assert!(
            r.contains(key),
            "{}: {key:02x?} is outside the scan {pins:?} {range:?}: {r:?}",
            layout.name
        ),
        Ok(ScanRanges::PerBucket(mut each)) => {
            // One range per bucket, in bucket order: the key's bucket's holds it.
            let salt = layout.salt.expect("a salted key").salt;
            assert_eq!(each.len(), salt.buckets() as usize);
            let bucket = salt.read(key).expect("a valid key's bucket");
            let r = each.nth(bucket as usize).expect("a range per bucket");
            assert!(
                r.contains(key),
                "{}: {key:02x?} is outside the scan {pins:?} {range:?}: bucket {bucket}'s {r:?}",
                layout.name
            );
        }
        // Ranges on fields whose bytes do not keep order, and pins that
        // end on a `None` a key may leave out, are refused by design.
        Err(e) if e.0.contains("does not keep order") || e.0.contains("may be left out") => {}
        Err(e) => panic!(
            "{}: the scan {pins:?} {range:?} of {key:02x?} fails: {e}",
            layout.name
        ),
    }
}

/// `layout.explain(bytes)` agrees with `decode`: valid exactly when decode
/// succeeds, with the same error and, for a valid key, the same values; its
/// tables print; and a valid key's prefixes explain as the starts of keys.
pub fn explained(layout: &Layout<'_>, bytes: &[u8]) {
    let e = layout.explain(bytes);
    let d = dynamic::decode(layout, bytes);
    assert_eq!(e.error, d.as_ref().err().copied(), "{bytes:02x?}: {e}");
    assert_eq!(e.is_valid(), d.is_ok());
    let _ = (e.to_string(), format!("{e:#}"));
    for f in &e.fields {
        assert!(f.span.start <= f.span.end, "{e}");
    }
    let Ok(values) = d else { return };
    let read: Vec<FieldValue<'_>> = e
        .fields
        .iter()
        .filter(|f| !matches!(f.kind, FieldCodec::Salt))
        .map(|f| match &f.reading {
            Reading::Value(v) => FieldValue {
                name: f.name,
                value: v.clone(),
            },
            other => panic!("{bytes:02x?}: a valid key's `{}` reads {other:?}", f.name),
        })
        .collect();
    assert_eq!(read, values, "{bytes:02x?}");
    prefixes_start_a_key(layout, bytes);
}

/// A proper prefix of a valid key (a region boundary, a scan's start row)
/// is a key or the start of one: nothing in it is an error.
fn prefixes_start_a_key(layout: &Layout<'_>, bytes: &[u8]) {
    // A Phoenix salt hashes the whole key: a prefix that reads as a whole
    // key (ending in a `VARCHAR`) has another bucket, as a corrupt key would.
    let phoenix_salt = layout
        .salt
        .is_some_and(|s| s.salt.format() == SaltFormat::Phoenix);
    for n in cut_points(&layout.explain(bytes), bytes.len()) {
        let e = layout.explain(&bytes[..n]);
        let mismatch = e
            .error
            .is_some_and(|e| matches!(e.kind(), DecodeErrorKind::SaltMismatch { .. }));
        if phoenix_salt && mismatch {
            continue;
        }
        assert!(
            rowkey_cli::decode::is_good(&e),
            "{:02x?}, a prefix of the valid {bytes:02x?}, explains as bad: {e}",
            &bytes[..n]
        );
    }
}

/// Where to cut a valid key for its prefixes: every byte of a short key; in
/// a long one, at and next to each field's first and last byte.
fn cut_points(e: &Explained<'_>, len: usize) -> Vec<usize> {
    let mut at: Vec<usize> = (1..len.min(32)).collect();
    for f in &e.fields {
        let (s, t) = (f.span.start, f.span.end);
        at.extend([s.saturating_sub(1), s, s + 1, t.saturating_sub(1), t, t + 1]);
    }
    at.retain(|&n| n > 0 && n < len);
    at.sort_unstable();
    at.dedup();
    at
}

/// `KEY_TYPES.explain(bytes)`: its tables print, and a valid key's
/// prefixes explain as the start of a key.
pub fn members_explained(types: &KeyTypes<'_>, bytes: &[u8]) {
    let e = types.explain(bytes);
    let _ = (e.to_string(), format!("{e:#}"));
    if !e.is_valid() {
        return;
    }
    for n in cut_points(&e, bytes.len()) {
        let p = types.explain(&bytes[..n]);
        assert!(
            rowkey_cli::decode::is_good(&p),
            "{:02x?}, a prefix of the valid {bytes:02x?}, explains as bad: {p}",
            &bytes[..n]
        );
    }
}

/// [`explained`] by a derived key's layout.
pub fn explained_derived<T: RowKey>(bytes: &[u8]) {
    explained(&T::LAYOUT, bytes);
}

/// [`members_explained`] of an enum of key types.
pub fn members_explained_derived<T: RowKey>(types: &KeyTypes<'_>, bytes: &[u8]) {
    members_explained(types, bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::StructNumeric;

    /// `-0.0` in an `#[ordered(numeric)]` field is written as zero, as
    /// documented, and reads back as `0.0`: not a failed check.
    #[test]
    fn numeric_negative_zero_reads_back_as_zero() {
        let mut data = [0u8; 47];
        data[0] = 0xd7;
        data[15] = 0x80;
        data[36..].copy_from_slice(&[
            0x30, 0, 0x1a, 0x04, 0xff, 0x22, 0xfe, 0xff, 0xff, 0xd3, 0xff,
        ]);
        let key: StructNumeric = Unstructured::new(&data).arbitrary().unwrap();
        assert!(key.score == 0.0 && key.score.is_sign_negative(), "{key:?}");
        assert!(key.as_written().score.is_sign_positive());
        encoded::<StructNumeric>(&data);
    }
}
