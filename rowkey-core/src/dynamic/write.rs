//! Writing keys by their layout from text values: `encode` and `scan`, for
//! tools that take `field=value` from a user.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Bound;

use super::dispatch::with_int;
use super::Value;
use crate::codec::ordered_field::{self, VarType};
use crate::codec::{self, boolean, escaped, fixed, int, narrow, option, ordered, pad};
use crate::cursor::Writer;
use crate::range::{field_range_slices, SliceEdge};
use crate::{
    BucketRangesOf, EncodeError, FieldCodec, IntType, KeyRangeOf, Layout, Number, RangeBytes,
    SaltFormat, Segment,
};

/// A value or field name that does not fit the layout: one line that says
/// which field and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for InputError {}

impl From<EncodeError> for InputError {
    fn from(e: EncodeError) -> Self {
        InputError(e.to_string())
    }
}

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
pub fn parse_value(seg: &Segment, text: &str) -> Result<Value, InputError> {
    if seg.optional || matches!(seg.kind, FieldCodec::OrderedNull { .. }) {
        if text == "None" || text == "none" {
            return Ok(Value::None);
        }
        return Ok(Value::Some(Box::new(parse_plain(seg, text)?)));
    }
    parse_plain(seg, text)
}

fn parse_plain(seg: &Segment, text: &str) -> Result<Value, InputError> {
    let name = seg.name;
    let t = text.trim();
    match seg.kind {
        FieldCodec::Phoenix(t) => match super::phoenix::shape(t) {
            Some(kind) => parse_plain(&Segment { kind, ..*seg }, text),
            None => super::phoenix::parse_timestamp(text, name),
        },
        FieldCodec::Int(ty) | FieldCodec::Narrow { from: ty, .. } | FieldCodec::Pad { ty, .. } => {
            parse_int(ty, t, name)
        }
        FieldCodec::Float { bytes: 4 } => float_bits(t, 4)
            .map(|b| f32::from_bits(b as u32))
            .or_else(|| t.parse::<f32>().ok())
            .map(Value::F32)
            .ok_or_else(|| InputError(format!("field `{name}`: `{text}` is not an f32"))),
        FieldCodec::Float { .. } => float_bits(t, 8)
            .map(f64::from_bits)
            .or_else(|| t.parse::<f64>().ok())
            .map(Value::F64)
            .ok_or_else(|| InputError(format!("field `{name}`: `{text}` is not an f64"))),
        FieldCodec::Bool => match t {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => err(format!(
                "field `{name}`: `{text}` is not a bool (true or false)"
            )),
        },
        FieldCodec::Fixed { text: k, .. }
        | FieldCodec::Escaped(k)
        | FieldCodec::Rest(k)
        | FieldCodec::OrderedVar { text: k, .. } => {
            if k.utf8 {
                Ok(Value::Text(text.into()))
            } else {
                parse_bytes(text, name).map(Value::Bytes)
            }
        }
        FieldCodec::Bytes(n) => parse_exact(text, n, name),
        FieldCodec::Md5Digest => parse_exact(text, 16, name),
        FieldCodec::Tag(_) | FieldCodec::Salt => Ok(Value::Unit),
        // The Java formats take the values of the native codecs they stand for.
        FieldCodec::Java(_) | FieldCodec::Ordered { .. } => {
            let native = super::java::shape(seg.kind);
            if native == seg.kind {
                return err(format!("field `{name}`: an unknown OrderedBytes header"));
            }
            parse_plain(
                &Segment {
                    kind: native,
                    ..*seg
                },
                text,
            )
        }
        FieldCodec::OrderedNull { value, .. } => parse_plain(
            &Segment {
                kind: *value,
                ..*seg
            },
            text,
        ),
        // A nested key of one field (`Md5`) takes that field's value.
        FieldCodec::Nested { layout } => match layout.segments {
            [inner] => Ok(Value::Key(vec![super::FieldValue {
                name: inner.name,
                value: parse_value(inner, text)?,
            }])),
            _ => err(format!(
                "field `{name}` is a nested key: give its fields as `{name}.FIELD=VALUE`"
            )),
        },
    }
}

/// A float given as its IEEE bits, `0x` and `2 * bytes` hex digits.
fn float_bits(t: &str, bytes: usize) -> Option<u64> {
    let hex = t.strip_prefix("0x")?;
    if hex.len() != 2 * bytes {
        return None;
    }
    u64::from_str_radix(hex, 16).ok()
}

fn parse_int(ty: IntType, t: &str, name: &str) -> Result<Value, InputError> {
    let n = if ty.signed {
        t.parse::<i128>().ok().map(Number::Signed)
    } else {
        t.parse::<u128>().ok().map(Number::Unsigned)
    };
    let Some(n) = n else {
        return err(format!("field `{name}`: `{t}` is not a `{}`", ty.name()));
    };
    let fits = with_int!(ty, T, _W => int_as::<T>(n).is_some(), false);
    if fits {
        Ok(Value::Int(n))
    } else {
        let (lo, hi) =
            with_int!(ty, T, _W => (T::MIN.to_string(), T::MAX.to_string()), Default::default());
        err(format!(
            "field `{name}`: value {t} does not fit `{}`, allowed {lo}..={hi}",
            ty.name()
        ))
    }
}

/// `n` as a value of the field's integer type `ty` (a [`Number`] of that
/// type's sign), or `None` when the type cannot hold it.
fn of_type(n: Number, ty: IntType) -> Option<Number> {
    with_int!(ty, T, _W => int_as::<T>(n).map(int::ToNumber::to_number), None)
}

/// Whether a `be_uN` codec of `bytes` bytes (2, 4 or 8) fills `len` bytes.
fn narrow_fits(bytes: u8, len: usize) -> bool {
    matches!(bytes, 2 | 4 | 8) && usize::from(bytes) == len
}

fn int_as<T: TryFrom<u128> + TryFrom<i128>>(n: Number) -> Option<T> {
    match n {
        Number::Unsigned(u) => T::try_from(u).ok(),
        Number::Signed(i) => T::try_from(i).ok(),
    }
}

/// `0x` hex, `md5:TEXT`, or HBase shell text.
fn parse_bytes(text: &str, name: &str) -> Result<Vec<u8>, InputError> {
    if let Some(hex) = text.strip_prefix("0x") {
        return parse_hex(hex)
            .ok_or_else(|| InputError(format!("field `{name}`: `{text}` is not hex")));
    }
    #[cfg(feature = "md5")]
    if let Some(data) = text.strip_prefix("md5:") {
        return Ok(crate::Md5::of(data).as_bytes().to_vec());
    }
    crate::text::to_bytes_binary(text).map_err(|e| InputError(format!("field `{name}`: {e}")))
}

fn parse_exact(text: &str, n: usize, name: &str) -> Result<Value, InputError> {
    let b = match parse_hex(text) {
        Some(b) if !text.starts_with("0x") => b,
        _ => parse_bytes(text, name)?,
    };
    if b.len() != n {
        return err(format!(
            "field `{name}`: {} bytes given, the field holds exactly {n}",
            b.len()
        ));
    }
    Ok(Value::Bytes(b))
}

/// Bytes from hex digits (no prefix), or `None`.
pub(crate) fn parse_hex(hex: &str) -> Option<Vec<u8>> {
    let h = hex.as_bytes();
    if h.len() % 2 != 0 {
        return None;
    }
    h.chunks(2)
        .map(|p| {
            let s = core::str::from_utf8(p).ok()?;
            u8::from_str_radix(s, 16).ok()
        })
        .collect()
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
pub fn encode(layout: &Layout, values: &[(&str, &str)]) -> Result<Vec<u8>, InputError> {
    check_names(layout, values, "")?;
    let n = fields_of(layout).count();
    let key = if super::phoenix::variable_phoenix(layout) {
        super::phoenix::write_fields(layout, values, n, super::phoenix::Ending::Key)?
    } else {
        write_fields(layout, values, "", n)?
    };
    if layout.variable {
        codec::check_max_width(key.len(), layout.max_width, layout.name)?;
    }
    Ok(key)
}

/// The field segments (every segment but the salt).
fn fields_of(layout: &Layout) -> impl Iterator<Item = &Segment> {
    layout
        .segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt))
}

/// Every given name must be a field of `layout` (under `prefix`).
fn check_names(layout: &Layout, values: &[(&str, &str)], prefix: &str) -> Result<(), InputError> {
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

fn is_field(layout: &Layout, path: &str) -> bool {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    fields_of(layout).any(|s| {
        s.name == head
            && match (rest, s.kind) {
                (None, _) => true,
                (Some(r), FieldCodec::Nested { layout }) => is_field(layout, r),
                (Some(_), _) => false,
            }
    })
}

pub(super) fn lookup<'v>(values: &[(&str, &'v str)], name: &str) -> Option<&'v str> {
    values
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
}

/// Encodes the salt and the first `n` fields; with `n` short of every field,
/// a key prefix. The bucket is written when the fields it hashes are among them.
fn write_fields(
    layout: &Layout,
    values: &[(&str, &str)],
    prefix: &str,
    n: usize,
) -> Result<Vec<u8>, InputError> {
    let sw = layout.salt.map_or(0, |s| s.salt.width());
    let mut key = vec![0u8; sw];
    let mut spans = Vec::new();
    // Where a trailing run of absent added (`since`) fields, or of an HBase
    // `Struct`'s trailing nulls, begins.
    let mut absent_from = None;
    for seg in fields_of(layout).take(n) {
        let start = key.len();
        key.extend(write_segment(seg, values, prefix)?);
        spans.push((seg.name, start..key.len()));
        if seg.since != 0 || super::read::trailing(seg) {
            let path = format!("{prefix}{}", seg.name);
            let none = matches!(lookup(values, &path).map(str::trim), Some("None" | "none"));
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

/// One field's bytes from its text value.
pub(super) fn write_segment(
    seg: &Segment,
    values: &[(&str, &str)],
    prefix: &str,
) -> Result<Vec<u8>, InputError> {
    let path = format!("{prefix}{}", seg.name);
    if let FieldCodec::Tag(t) = seg.kind {
        return Ok(t.to_vec());
    }
    if let FieldCodec::Nested { layout } = seg.kind {
        let dotted = |n: &&str| {
            n.strip_prefix(path.as_str())
                .is_some_and(|r| r.starts_with('.'))
        };
        if lookup(values, &path).is_none() && values.iter().any(|(n, _)| dotted(n)) {
            let n = fields_of(layout).count();
            let inner = write_fields(layout, values, &format!("{path}."), n)?;
            return Ok(nested_field(seg, inner));
        }
    }
    let Some(text) = lookup(values, &path) else {
        return err(format!("missing field `{path}`"));
    };
    let value = parse_value(seg, text)?;
    match seg.kind {
        FieldCodec::Escaped(_) => {
            let bytes = value_bytes(&value);
            let mut out = vec![0u8; escaped::encoded_len(bytes)];
            let mut w = Writer::new(&mut out, seg.name);
            escaped::encode(&mut w, bytes, seg.reverse)?;
            Ok(out)
        }
        FieldCodec::Rest(_) => {
            let mut out = value_bytes(&value).to_vec();
            if seg.reverse {
                codec::invert(&mut out);
            }
            Ok(out)
        }
        FieldCodec::OrderedVar { .. } | FieldCodec::OrderedNull { .. } => {
            write_ordered(seg, &value)
        }
        _ => write_fixed(seg, &value),
    }
}

/// An `#[ordered]` string, bytes or `Option`: the value, or a null for `None`.
fn write_ordered(seg: &Segment, value: &Value) -> Result<Vec<u8>, InputError> {
    let (kind, value) = match (seg.kind, value) {
        (FieldCodec::OrderedNull { value: k, .. }, Value::None) => (*k, None),
        (FieldCodec::OrderedNull { value: k, .. }, Value::Some(v)) => (*k, Some(&**v)),
        (k, v) => (k, Some(v)),
    };
    let desc = seg.reverse;
    match (kind, value) {
        (FieldCodec::OrderedVar { header, .. }, v) => {
            let ty = VarType::from_header(header).ok_or_else(|| mismatch(seg))?;
            let v = v.map(value_bytes);
            let mut out = vec![0u8; ordered_field::var_len(ty, v, desc)];
            let mut w = Writer::new(&mut out, seg.name);
            ordered_field::write_var(&mut w, ty, v, desc, seg.name)?;
            Ok(out)
        }
        (FieldCodec::Ordered { header }, Some(v)) => {
            let n = ordered::fixed_width(header).ok_or_else(|| mismatch(seg))?;
            let mut out = vec![0u8; n];
            super::java::write(kind, v, &mut out, desc).ok_or_else(|| mismatch(seg))?;
            Ok(out)
        }
        (FieldCodec::Ordered { .. }, None) => {
            Ok(vec![if desc { !ordered::NULL } else { ordered::NULL }])
        }
        _ => Err(mismatch(seg)),
    }
}

/// A nested key's field bytes from its encoded key: the presence byte of an
/// `Option` in front, then mirrored if the field is.
fn nested_field(seg: &Segment, inner: Vec<u8>) -> Vec<u8> {
    let mut out = Vec::with_capacity(seg.width);
    if seg.optional {
        out.push(option::marker(true, seg.reverse));
    }
    out.extend(inner);
    if seg.mirror {
        codec::mirror(&mut out);
    }
    out
}

fn value_bytes(v: &Value) -> &[u8] {
    match v {
        Value::Text(s) => s.as_bytes(),
        Value::Bytes(b) => b,
        _ => &[],
    }
}

/// A fixed-width field's `seg.width` bytes: the codec, then option and mirror.
fn write_fixed(seg: &Segment, value: &Value) -> Result<Vec<u8>, InputError> {
    let mut out = vec![0u8; seg.width];
    match (seg.optional, value) {
        (true, Value::None) => {
            out[0] = option::marker(false, seg.reverse);
            option::empty(&mut out[1..], seg.reverse);
        }
        (true, Value::Some(v)) => {
            out[0] = option::marker(true, seg.reverse);
            write_value(seg, v, &mut out[1..])?;
        }
        _ => write_value(seg, value, &mut out)?,
    }
    if seg.mirror {
        codec::mirror(&mut out);
    }
    Ok(out)
}

fn mismatch(seg: &Segment) -> InputError {
    InputError(format!(
        "field `{}`: the value does not fit its codec {}",
        seg.name, seg.codec
    ))
}

/// Writes a fixed-width codec's bytes into `out` (exactly its width).
fn write_value(seg: &Segment, value: &Value, out: &mut [u8]) -> Result<(), InputError> {
    let (desc, name) = (seg.reverse, seg.name);
    let bad = || mismatch(seg);
    match (seg.kind, value) {
        (FieldCodec::Int(t), Value::Int(n)) => with_int!(t, T, W => {
            let v: T = int_as(*n).ok_or_else(bad)?;
            let a: &mut [u8; W] = out.try_into().map_err(|_| bad())?;
            if desc { int::encode_desc(v, a) } else { int::encode(v, a) }
            Ok(())
        }, Err(bad())),
        (FieldCodec::Narrow { bytes, from }, Value::Int(n)) if narrow_fits(bytes, out.len()) => {
            let v = of_type(*n, from).ok_or_else(bad)?;
            Ok(narrow::encode_width(v, out, desc, name)?)
        }
        (FieldCodec::Pad { digits, .. }, Value::Int(n)) if out.len() == digits => {
            let v: u128 = int_as(*n).ok_or_else(bad)?;
            Ok(pad::encode_digits(v, out, desc, name)?)
        }
        (FieldCodec::Fixed { .. }, v) => Ok(fixed::encode_to(value_bytes(v), out, desc, name)?),
        (FieldCodec::Bool, Value::Bool(b)) => {
            let a: &mut [u8; 1] = out.try_into().map_err(|_| bad())?;
            boolean::encode(*b, a, desc);
            Ok(())
        }
        (FieldCodec::Bytes(_) | FieldCodec::Md5Digest, Value::Bytes(b)) if b.len() == out.len() => {
            out.copy_from_slice(b);
            if desc {
                codec::invert(out);
            }
            Ok(())
        }
        (FieldCodec::Float { bytes: 4 }, Value::F32(v)) => {
            let a: &mut [u8; 4] = out.try_into().map_err(|_| bad())?;
            if desc {
                int::encode_desc(*v, a)
            } else {
                int::encode(*v, a)
            }
            Ok(())
        }
        (FieldCodec::Float { bytes: 8 }, Value::F64(v)) => {
            let a: &mut [u8; 8] = out.try_into().map_err(|_| bad())?;
            if desc {
                int::encode_desc(*v, a)
            } else {
                int::encode(*v, a)
            }
            Ok(())
        }
        (FieldCodec::Nested { layout }, Value::Key(fields)) => {
            let texts: Vec<(&str, String)> = fields
                .iter()
                .map(|f| (f.name, f.value.to_input()))
                .collect();
            let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (*n, v.as_str())).collect();
            let inner = encode(layout, &pairs)?;
            if inner.len() != out.len() {
                return Err(bad());
            }
            out.copy_from_slice(&inner);
            Ok(())
        }
        (FieldCodec::Java(_) | FieldCodec::Ordered { .. }, v) => {
            super::java::write(seg.kind, v, out, desc).ok_or_else(bad)
        }
        (FieldCodec::Phoenix(t), v) => {
            Ok(super::phoenix::write(t, v, out, desc, name).ok_or_else(bad)??)
        }
        (FieldCodec::Tag(t), _) if t.len() == out.len() => {
            out.copy_from_slice(t);
            Ok(())
        }
        _ => Err(bad()),
    }
}

/// The ranges of a scan: one, or one per salt bucket when the pinned fields
/// do not fix the bucket.
#[derive(Debug, Clone)]
pub enum ScanRanges<B: RangeBytes> {
    /// The pinned fields fix the bucket (or there is no salt): one range.
    One(KeyRangeOf<B>),
    /// One range per bucket, in bucket order.
    PerBucket(BucketRangesOf<B>),
}

/// A scan by fields: `pins` fix a leading run of fields (a prefix, as
/// `prefix_for_a_b`), and `range`, when given, bounds the next field (as
/// `range_for_a_b`). The same bytes as the derived helpers.
#[derive(Debug, Clone, Copy)]
pub struct Scan<'a> {
    /// `field=value` for a leading run of fields (tags between them need none).
    pub pins: &'a [(&'a str, &'a str)],
    /// The field after them, and its bounds as text.
    pub range: Option<(&'a str, Bound<&'a str>, Bound<&'a str>)>,
}

/// The key ranges of `scan` over `layout`.
///
/// ```
/// use core::ops::Bound::Included;
/// use rowkey::{dynamic, RowKey};
///
/// #[derive(RowKey)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }
///
/// let scan = dynamic::Scan {
///     pins: &[("user_id", "1")],
///     range: Some(("create_date", Included("20120901"), Included("20120914"))),
/// };
/// let dynamic::ScanRanges::One(r) = dynamic::scan::<[u8; FileKey::WIDTH + 1]>(&FileKey::LAYOUT, &scan)? else { panic!() };
/// assert_eq!(r, FileKey::range_for_user_id_create_date(1, 20120901..=20120914)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Unknown fields, fields that are not a leading run, a range on a field
/// whose bytes do not keep order, values that do not fit.
pub fn scan<B: RangeBytes>(layout: &Layout, scan: &Scan<'_>) -> Result<ScanRanges<B>, InputError> {
    check_names(layout, scan.pins, "")?;
    let fields: Vec<&Segment> = fields_of(layout).collect();
    let named = |s: &Segment| {
        scan.pins
            .iter()
            .any(|(n, _)| n.split('.').next() == Some(s.name))
    };
    let pinned = fields.iter().rposition(|s| named(s)).map_or(0, |i| i + 1);
    if let Some(s) = fields[..pinned]
        .iter()
        .find(|s| !named(s) && !matches!(s.kind, FieldCodec::Tag(_)))
    {
        return err(format!(
            "field `{}` comes before the pinned fields: a scan pins a leading run of fields, give `{}=VALUE` too",
            s.name, s.name
        ));
    }
    if let Some(s) = fields[..pinned].last() {
        check_pinned_present(s, scan.pins)?;
    }
    let ranged = match scan.range {
        Some((name, ..)) => Some(range_field(&fields, pinned, name)?),
        None => None,
    };
    let phoenix = super::phoenix::variable_phoenix(layout);
    let (head_key, shortest) = if phoenix {
        super::phoenix::scan_heads(layout, scan.pins, pinned, ranged)?
    } else {
        (write_fields(layout, scan.pins, "", pinned)?, None)
    };
    let salt_pinned = match layout.salt {
        None => true,
        Some(s) if s.salt.format() == SaltFormat::Phoenix => pinned == fields.len(),
        Some(s) => s
            .fields
            .iter()
            .all(|f| fields[..pinned].iter().any(|x| x.name == *f)),
    };
    let h = match (layout.salt, salt_pinned) {
        (Some(s), false) => s.salt.width(),
        _ => 0,
    };
    let head = &head_key[h..];
    // A Phoenix key with these values and nulls after them ends sooner.
    let shortest = shortest.as_deref().map(|w| &w[h..]);
    // `ranged` is the field of `scan.range`, looked up above.
    let range = match (ranged.zip(scan.range), shortest) {
        (None, Some(s)) => KeyRangeOf::prefix_from(s, head)?,
        (None, None) => match fields[..pinned].last() {
            Some(s) if runs_to_end(s) => KeyRangeOf::exact(head)?,
            _ => KeyRangeOf::prefix(head)?,
        },
        (Some((seg, (_, lo, hi))), _) if phoenix && super::phoenix::ranged_varchar(seg) => {
            crate::codec::phoenix::varchar_range(head, shortest, lo, hi)?
        }
        (Some((seg, (_, lo, hi))), _) => field_range(seg, head, lo, hi)?,
    };
    match layout.salt {
        Some(s) if !salt_pinned => Ok(ScanRanges::PerBucket(s.salt.fan_out(range)?)),
        _ => Ok(ScanRanges::One(range)),
    }
}

/// A field that may be left out of a key (added with `since`, an HBase
/// `Struct`'s trailing `Option`) writes nothing for a `None` at the end, so
/// a scan that ends pinning it to `None` would also select the keys where
/// it is `Some`.
fn check_pinned_present(seg: &Segment, pins: &[(&str, &str)]) -> Result<(), InputError> {
    let omittable = seg.since != 0 || super::read::trailing(seg);
    let none = matches!(lookup(pins, seg.name).map(str::trim), Some("None" | "none"));
    if omittable && none {
        return err(format!(
            "field `{}` may be left out of a key, and `None` at the end writes nothing: pin the fields before it alone",
            seg.name
        ));
    }
    Ok(())
}

/// Whether the field runs to the end of the key, with no terminator: a prefix
/// of its value is no prefix of the keys that hold the value.
fn runs_to_end(seg: &Segment) -> bool {
    matches!(seg.kind, FieldCodec::Rest(_))
        || matches!(seg.kind, FieldCodec::OrderedVar { header, .. } if header == ordered::BLOB_COPY)
}

/// The field a scan's range bounds: the one after the pinned fields.
fn range_field<'l>(
    fields: &[&'l Segment],
    pinned: usize,
    name: &str,
) -> Result<&'l Segment, InputError> {
    match fields.get(pinned) {
        Some(seg) if seg.name == name => Ok(seg),
        Some(next) => err(format!(
            "a range bounds the field after the pinned ones: `{}`, not `{name}`",
            next.name
        )),
        None => err(format!(
            "every field is pinned: no field left for the range on `{name}`"
        )),
    }
}

/// One bound's bytes, or where it falls off the codec's range.
enum OwnedEdge {
    Bytes(Vec<u8>),
    BelowMin,
    AboveMax,
}

impl OwnedEdge {
    fn as_slice(&self) -> SliceEdge<'_> {
        match self {
            OwnedEdge::Bytes(b) => SliceEdge::Bytes(b),
            OwnedEdge::BelowMin => SliceEdge::BelowMin,
            OwnedEdge::AboveMax => SliceEdge::AboveMax,
        }
    }
}

fn field_range<B: RangeBytes>(
    seg: &Segment,
    head: &[u8],
    lo: Bound<&str>,
    hi: Bound<&str>,
) -> Result<KeyRangeOf<B>, InputError> {
    let ordered = !seg.mirror
        && !seg.optional
        && !matches!(
            seg.kind,
            FieldCodec::Nested { .. }
                | FieldCodec::Tag(_)
                | FieldCodec::Escaped(_)
                | FieldCodec::Rest(_)
                | FieldCodec::Md5Digest
                | FieldCodec::Salt
                | FieldCodec::Java(_)
                | FieldCodec::OrderedNull { .. }
                | FieldCodec::Phoenix(crate::PhoenixType::Char(_) | crate::PhoenixType::Varchar)
        )
        && !matches!(seg.kind, FieldCodec::OrderedVar { header, .. } if header != ordered::TEXT);
    if !ordered {
        return err(format!(
            "field `{}` ({}) does not keep order in the key, so it takes a value, not a range",
            seg.name, seg.codec
        ));
    }
    if let FieldCodec::OrderedVar { .. } = seg.kind {
        return Ok(ordered_field::text_range(head, lo, hi, seg.reverse)?);
    }
    let lo = map_bound(lo, |t| edge(seg, t))?;
    let hi = map_bound(hi, |t| edge(seg, t))?;
    Ok(field_range_slices(
        head,
        lo.as_ref().map(OwnedEdge::as_slice),
        hi.as_ref().map(OwnedEdge::as_slice),
        seg.reverse,
    )?)
}

fn map_bound<T, U>(
    b: Bound<T>,
    f: impl Fn(T) -> Result<U, InputError>,
) -> Result<Bound<U>, InputError> {
    Ok(match b {
        Bound::Included(x) => Bound::Included(f(x)?),
        Bound::Excluded(x) => Bound::Excluded(f(x)?),
        Bound::Unbounded => Bound::Unbounded,
    })
}

/// A bound's bytes, as the derived helpers' `edge` functions compute them.
fn edge(seg: &Segment, text: &str) -> Result<OwnedEdge, InputError> {
    let value = parse_value(seg, text)?;
    let (desc, n) = match (&value, seg.kind) {
        (Value::Int(n), FieldCodec::Pad { .. } | FieldCodec::Narrow { .. }) => (seg.reverse, *n),
        _ => return write_fixed(seg, &value).map(OwnedEdge::Bytes),
    };
    let bad = || mismatch(seg);
    match seg.kind {
        FieldCodec::Pad { digits, .. } => {
            let v: u128 = int_as(n).ok_or_else(bad)?;
            let mut out = alloc::vec![0u8; digits];
            // A value with more digits than the field's lies above all of them.
            Ok(match pad::encode_digits(v, &mut out, desc, "") {
                Ok(()) => OwnedEdge::Bytes(out),
                Err(_) => OwnedEdge::AboveMax,
            })
        }
        FieldCodec::Narrow { bytes, from } if narrow_fits(bytes, usize::from(bytes)) => {
            let v = of_type(n, from).ok_or_else(bad)?;
            let mut out = alloc::vec![0u8; usize::from(bytes)];
            // A value the bytes cannot hold lies below (negative) or above them all.
            Ok(match (narrow::encode_width(v, &mut out, desc, ""), v) {
                (Ok(()), _) => OwnedEdge::Bytes(out),
                (Err(_), Number::Signed(i)) if i < 0 => OwnedEdge::BelowMin,
                (Err(_), _) => OwnedEdge::AboveMax,
            })
        }
        _ => Err(bad()),
    }
}
