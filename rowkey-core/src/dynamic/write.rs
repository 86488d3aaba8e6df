//! Writing keys by their layout from text values, for tools that take
//! `field=value` from a user: [`encode`], and the key heads a [`scan`](super::scan)
//! starts from. Each field is written by its codec; the key format adds
//! the separators and leaves out the fields a key may leave out.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::codec::phoenix::{self, varchar_end};
use crate::codec::{self, option, Extent, FieldRef};
use crate::value::{FieldValue, InputError, Value};
use crate::{FieldCodec, KeyFormat, Layout, PhoenixType, SaltFormat, Segment};

fn err<T>(msg: String) -> Result<T, InputError> {
    Err(InputError(msg))
}

/// Reads a field's value from text: integers in decimal, floats as Rust
/// writes them, `true`/`false`, strings as they are, bytes as `0x` hex (or
/// HBase shell text), `None` for an absent `Option`, `md5:TEXT` for the
/// digest of `TEXT`. The value must fit the field's Rust type.
///
/// # Errors
/// Text that is no value of the field's type.
pub fn parse_value<'a>(seg: &Segment<'a>, text: &str) -> Result<Value<'a>, InputError> {
    let codec = seg.kind.codec();
    if !seg.optional {
        return codec.parse(text, seg.field_ref());
    }
    if matches!(text, "None" | "none") {
        return Ok(Value::None);
    }
    let v = codec.parse(text, seg.field_ref())?;
    Ok(Value::Some(alloc::boxed::Box::new(v)))
}

/// Encodes a whole key from `field=value` pairs (a nested key's fields as
/// `field.inner=value`); tags take no value. The salt bucket is computed.
///
/// ```
/// use rowkey::{dynamic, RowKey};
///
/// #[derive(RowKey)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
///
/// let key = dynamic::encode(&FileKey::LAYOUT, &[("user_id", "1"), ("create_date", "20120902")])?;
/// assert_eq!(key, b"00000120120902");
/// # Ok::<(), rowkey::dynamic::InputError>(())
/// ```
///
/// # Errors
/// A missing or unknown field, or a value its field cannot hold.
pub fn encode(layout: &Layout<'_>, values: &[(&str, &str)]) -> Result<Vec<u8>, InputError> {
    check_names(layout, values, "")?;
    let n = fields_of(layout).count();
    let key = match layout.format() {
        KeyFormat::Phoenix if layout.variable => write_phoenix(layout, values, n, Ending::Key)?,
        _ => write_fields(layout, values, "", n)?,
    };
    if layout.variable {
        codec::check_max_width(key.len(), layout.max_width, "")
            .map_err(|e| InputError(format!("field `{}`: {}", layout.name, e.kind())))?;
    }
    Ok(key)
}

/// The field segments (every segment but the salt).
pub(super) fn fields_of<'l, 'a>(layout: &'l Layout<'a>) -> impl Iterator<Item = &'l Segment<'a>> {
    layout
        .segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt))
}

/// Every given name must be a field of `layout` (under `prefix`).
pub(super) fn check_names(
    layout: &Layout<'_>,
    values: &[(&str, &str)],
    prefix: &str,
) -> Result<(), InputError> {
    for (name, _) in values {
        if !is_field(layout, name) {
            let known: Vec<&str> = fields_of(layout).map(|s| s.name).collect();
            return err(format!(
                "unknown field `{prefix}{name}`; {} has {}",
                layout.name,
                known.join(", ")
            ));
        }
    }
    Ok(())
}

fn is_field(layout: &Layout<'_>, path: &str) -> bool {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    fields_of(layout).any(|s| {
        s.name == head
            && match (rest, s.kind) {
                (None, _) => true,
                (Some(r), FieldCodec::Nested(layout)) => is_field(layout, r),
                (Some(_), _) => false,
            }
    })
}

/// The text of `name` (the last given, if given twice).
pub(super) fn lookup<'v>(values: &[(&str, &'v str)], name: &str) -> Option<&'v str> {
    values
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
}

/// Whether `name` is given as `None`.
pub(super) fn is_none(values: &[(&str, &str)], name: &str) -> bool {
    matches!(lookup(values, name).map(str::trim), Some("None" | "none"))
}

/// Encodes the salt and the first `n` fields; with `n` short of every field,
/// a key prefix. The bucket is written when the fields it hashes are among them.
pub(super) fn write_fields(
    layout: &Layout<'_>,
    values: &[(&str, &str)],
    prefix: &str,
    n: usize,
) -> Result<Vec<u8>, InputError> {
    let sw = layout.salt.map_or(0, |s| s.salt.width());
    let mut key = vec![0u8; sw];
    let mut spans = Vec::new();
    // Where a trailing run of fields left out while `None` begins.
    let mut absent_from = None;
    for seg in fields_of(layout).take(n) {
        let start = key.len();
        write_segment(seg, values, prefix, &mut key)?;
        spans.push((seg.name, start..key.len()));
        if seg.omittable() {
            let none = is_none(values, &format!("{prefix}{}", seg.name));
            absent_from = if none {
                absent_from.or(Some(start))
            } else {
                None
            };
        }
    }
    // A trailing run of `None` writes nothing, as derived `encode` does.
    if let Some(end) = absent_from {
        key.truncate(end);
    }
    if let Some(salt) = layout.salt {
        let parts: Option<Vec<&[u8]>> = salt
            .fields
            .iter()
            .map(|f| {
                spans
                    .iter()
                    .find(|(n, _)| n == f)
                    .map(|(_, s)| &key[s.clone()])
            })
            .collect();
        let bucket = match (salt.salt.format(), parts) {
            (SaltFormat::Phoenix, _) if spans.len() == fields_of(layout).count() => {
                Some(salt.salt.bucket_of(&key[sw..]))
            }
            (SaltFormat::Phoenix, _) | (_, None) => None,
            (_, Some(parts)) => Some(salt.salt.bucket_of_parts(&parts)),
        };
        if let Some(b) = bucket {
            salt.salt.write(b, &mut key)?;
        }
    }
    Ok(key)
}

/// Appends one field's bytes from its text value.
fn write_segment(
    seg: &Segment<'_>,
    values: &[(&str, &str)],
    prefix: &str,
    out: &mut Vec<u8>,
) -> Result<(), InputError> {
    let path = format!("{prefix}{}", seg.name);
    if let FieldCodec::Tag(t) = seg.kind {
        out.extend_from_slice(t.0);
        return Ok(());
    }
    if let FieldCodec::Nested(layout) = seg.kind {
        let dotted = |n: &&str| {
            n.strip_prefix(path.as_str())
                .is_some_and(|r| r.starts_with('.'))
        };
        if lookup(values, &path).is_none() && values.iter().any(|(n, _)| dotted(n)) {
            let n = fields_of(layout).count();
            let inner = write_fields(layout, values, &format!("{path}."), n)?;
            return write_around(seg, out, true, |o| {
                o.extend(inner);
                Ok(())
            });
        }
    }
    let Some(text) = lookup(values, &path) else {
        return err(format!("missing field `{path}`"));
    };
    write_value(seg, &parse_value(seg, text)?, out)
}

/// Appends a field's bytes for `value`.
pub(crate) fn write_value(
    seg: &Segment<'_>,
    value: &Value<'_>,
    out: &mut Vec<u8>,
) -> Result<(), InputError> {
    let codec = seg.kind.codec();
    let f = seg.field_ref();
    if !matches!(seg.extent(), Extent::Fixed(_)) {
        return codec.write(value, f, out);
    }
    match (seg.optional, value) {
        (true, Value::None) => write_around(seg, out, false, |o| {
            let start = o.len();
            o.resize(start + seg.width - 1, 0);
            option::empty(&mut o[start..], seg.reverse);
            Ok(())
        }),
        (true, Value::Some(v)) => write_around(seg, out, true, |o| codec.write(v, f, o)),
        _ => write_around(seg, out, true, |o| codec.write(value, f, o)),
    }
}

/// A fixed-width field's bytes as `write` appends them: an `Option`'s
/// presence byte in front (`present`), and back to front if the field is
/// mirrored.
fn write_around(
    seg: &Segment<'_>,
    out: &mut Vec<u8>,
    present: bool,
    write: impl FnOnce(&mut Vec<u8>) -> Result<(), InputError>,
) -> Result<(), InputError> {
    let start = out.len();
    if seg.optional {
        out.push(option::marker(present, seg.reverse));
    }
    write(out)?;
    if seg.mirror {
        codec::mirror(&mut out[start..]);
    }
    Ok(())
}

/// A nested key's field bytes from its fields' values.
pub(super) fn nested(
    layout: &Layout<'_>,
    value: &Value<'_>,
    f: FieldRef<'_>,
    out: &mut Vec<u8>,
) -> Result<(), InputError> {
    let Value::Key(fields) = value else {
        return Err(f.mismatch(layout.name));
    };
    let texts: Vec<(&str, String)> = fields
        .iter()
        .map(|f| (f.name, f.value.to_input()))
        .collect();
    let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let inner = encode(layout, &pairs)?;
    if inner.len() != layout.width {
        return Err(f.mismatch(layout.name));
    }
    out.extend(inner);
    Ok(())
}

/// A nested key's value from text: a key of one field (`Md5`) takes that
/// field's value; others take their fields one by one.
pub(super) fn parse_nested<'a>(
    layout: &Layout<'a>,
    text: &str,
    f: FieldRef<'a>,
) -> Result<Value<'a>, InputError> {
    match layout.segments {
        [inner] => Ok(Value::Key(vec![FieldValue {
            name: inner.name,
            value: parse_value(inner, text)?,
        }])),
        _ => err(format!(
            "field `{}` is a nested key: give its fields as `{}.FIELD=VALUE`",
            f.name, f.name
        )),
    }
}

// ---- the Phoenix format ------------------------------------------------------

/// How [`write_phoenix`] ends a key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    /// A whole key, as `encode` writes it: trailing nulls left out, the
    /// bucket written, a key of nulls only refused. Missing fields are null.
    Key,
    /// As `Key`, for the shortest key a scan's values make: nulls allowed.
    Shortest,
    /// Every `VARCHAR` with its separator: the bytes every longer key with
    /// these values starts with. No bucket.
    Open,
}

fn varchar(s: &Segment<'_>) -> bool {
    s.kind == FieldCodec::Phoenix(PhoenixType::Varchar)
}

/// The first `n` columns of a Phoenix key with a `VARCHAR` from
/// `field=value` text, after the salt: each `VARCHAR` followed by its
/// separator unless it is the last column written.
pub(super) fn write_phoenix(
    layout: &Layout<'_>,
    values: &[(&str, &str)],
    n: usize,
    ending: Ending,
) -> Result<Vec<u8>, InputError> {
    let sw = layout.salt.map_or(0, |s| s.salt.width());
    let segs: Vec<&Segment<'_>> = fields_of(layout).collect();
    let all = ending != Ending::Open;
    let n = if all { segs.len() } else { n };
    // A VARCHAR's text ("" when missing from a whole key).
    let text = |s: &Segment<'_>| -> Result<&str, InputError> {
        match (lookup(values, s.name), all) {
            (Some(t), _) => Ok(t),
            (None, true) => Ok(""),
            (None, false) => err(format!("missing field `{}`", s.name)),
        }
    };
    let mut key = vec![0u8; sw];
    for (i, seg) in segs[..n].iter().enumerate() {
        if !varchar(seg) {
            write_segment(seg, values, "", &mut key)?;
            continue;
        }
        let rest_null = segs[i + 1..n].iter().try_fold(true, |null, s| {
            Ok::<_, InputError>(null && varchar(s) && text(s)?.is_empty())
        })?;
        let v = text(seg)?;
        write_value(seg, &Value::Text(v.into()), &mut key)?;
        key.extend(varchar_end(v, seg.reverse, all && rest_null));
    }
    if ending == Ending::Key {
        phoenix::check_written(key.len() - sw, "")
            .map_err(|e| InputError(format!("field `{}`: {}", layout.name, e.kind())))?;
    }
    // An open key of every column is a whole key when it ends in a fixed one.
    if let (Some(salt), true) = (layout.salt, all || n == segs.len()) {
        let bucket = salt.salt.bucket_of(&key[sw..]);
        salt.salt.write(bucket, &mut key)?;
    }
    Ok(key)
}
