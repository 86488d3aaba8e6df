//! Keys generated from a layout alone, to confirm a verdict with
//! `dynamic`: each field's values as text (typical first, then the edges
//! of its range), random values, and whole keys written by `dynamic::encode`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use crate::codec::int::IntType;
use crate::codec::ordered_field::OrderedValue;
use crate::codec::TextType;
use crate::{dynamic, FieldCodec, JavaType, Layout, Number, PhoenixType, Segment};
use rowkey_format::ordered::{FLOAT32, INT16, INT32, INT64, INT8, TEXT};

/// A small, seeded generator (SplitMix64): the same keys on every run, so
/// a report does not change between runs.
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
}

/// The integers a field holds, for codecs of integers.
pub(crate) fn int_range(kind: &FieldCodec<'_>) -> Option<(Number, Number)> {
    use super::values::numbers;
    let of = |bytes: u8, signed: bool| IntType { bytes, signed }.range();
    Some(match *kind {
        FieldCodec::Int(t) => t.range(),
        FieldCodec::Narrow(n) => {
            let (lo, hi) = n.from.range();
            let top = Number::Unsigned(u128::MAX >> (128 - 8 * u32::from(n.bytes)));
            let lo = if numbers(lo, Number::Unsigned(0)).is_lt() {
                Number::Unsigned(0)
            } else {
                lo
            };
            (lo, if numbers(hi, top).is_gt() { top } else { hi })
        }
        FieldCodec::Pad(p) => {
            let top = 10u128
                .checked_pow(p.digits as u32)
                .map_or(u128::MAX, |n| n - 1);
            let hi = p.ty.range().1;
            let hi = if numbers(hi, Number::Unsigned(top)).is_gt() {
                Number::Unsigned(top)
            } else {
                hi
            };
            (Number::Unsigned(0), hi)
        }
        FieldCodec::Java(JavaType::Short) => of(2, true),
        FieldCodec::Java(JavaType::Int) => of(4, true),
        FieldCodec::Java(JavaType::Long) => of(8, true),
        FieldCodec::Ordered(o) => ordered_range(o.header)?,
        FieldCodec::OrderedNull(n) => match n.value {
            OrderedValue::Number(o) => ordered_range(o.header)?,
            OrderedValue::Var(_) => return None,
        },
        FieldCodec::Phoenix(PhoenixType::Tinyint) => of(1, true),
        FieldCodec::Phoenix(PhoenixType::Smallint) => of(2, true),
        FieldCodec::Phoenix(PhoenixType::Integer) => of(4, true),
        FieldCodec::Phoenix(PhoenixType::Bigint | PhoenixType::Date) => of(8, true),
        _ => return None,
    })
}

fn ordered_range(header: u8) -> Option<(Number, Number)> {
    let bytes = match header {
        INT8 => 1,
        INT16 => 2,
        INT32 => 4,
        INT64 => 8,
        _ => return None,
    };
    Some(
        IntType {
            bytes,
            signed: true,
        }
        .range(),
    )
}

/// What kind of value a field holds, for generating one.
enum Kind {
    Int(Number, Number),
    Float(u8),
    Bool,
    /// Text or bytes, at most `max` bytes; `zero`: may hold a `0x00`;
    /// `empty`: may be empty.
    Text {
        utf8: bool,
        max: usize,
        zero: bool,
        empty: bool,
    },
    /// Exactly this many bytes.
    Exact(usize),
    Timestamp,
    /// A field without a value (a tag, the salt, a nested key's own fields).
    None,
}

/// The longest value generated for an unbounded field.
const LONG: usize = 12;

fn kind(seg: &Segment<'_>) -> Kind {
    if let Some((lo, hi)) = int_range(&seg.kind) {
        return Kind::Int(lo, hi);
    }
    let text = |t: TextType, max: usize, zero: bool| Kind::Text {
        utf8: t.utf8,
        max,
        zero,
        empty: true,
    };
    match seg.kind {
        FieldCodec::Float(f) => Kind::Float(f.bytes),
        FieldCodec::Java(JavaType::Float) => Kind::Float(4),
        FieldCodec::Java(JavaType::Double) | FieldCodec::Phoenix(PhoenixType::Double) => {
            Kind::Float(8)
        }
        FieldCodec::Ordered(o)
        | FieldCodec::OrderedNull(crate::codec::ordered_field::OrderedNull {
            value: OrderedValue::Number(o),
            ..
        }) => Kind::Float(if o.header == FLOAT32 { 4 } else { 8 }),
        FieldCodec::Bool | FieldCodec::Java(JavaType::Boolean) => Kind::Bool,
        FieldCodec::Phoenix(PhoenixType::Boolean) => Kind::Bool,
        FieldCodec::Fixed(f) => text(f.text, f.width, true),
        FieldCodec::Escaped(e) => text(e.0, LONG, true),
        FieldCodec::Rest(r) => text(r.0, LONG, true),
        FieldCodec::OrderedVar(v) => text(v.text, LONG, v.header != TEXT),
        FieldCodec::OrderedNull(n) => match n.value {
            OrderedValue::Var(v) => text(v.text, LONG, v.header != TEXT),
            OrderedValue::Number(_) => Kind::None,
        },
        FieldCodec::Bytes(b) => Kind::Exact(b.0),
        FieldCodec::Md5Digest => Kind::Exact(16),
        FieldCodec::Phoenix(PhoenixType::Char(n)) => Kind::Text {
            utf8: true,
            max: n,
            zero: false,
            empty: false,
        },
        FieldCodec::Phoenix(PhoenixType::Varchar) => Kind::Text {
            utf8: true,
            max: LONG,
            zero: false,
            empty: true,
        },
        FieldCodec::Phoenix(PhoenixType::Timestamp) => Kind::Timestamp,
        _ => Kind::None,
    }
}

/// Whether the field may hold `None`.
fn nullable(seg: &Segment<'_>) -> bool {
    seg.optional || matches!(seg.kind, FieldCodec::OrderedNull(_))
}

/// The values to try for a field, as `dynamic::encode` reads them: a typical
/// one first, then the edges of its range and values codecs treat apart
/// (`0x00` inside text, the empty value). A field a key may leave out tries
/// `None` first.
pub(crate) fn values(seg: &Segment<'_>) -> Vec<String> {
    let mut v = match kind(seg) {
        Kind::Int(lo, hi) => ints(lo, hi),
        Kind::Float(bytes) => floats(bytes),
        Kind::Bool => vec!["true".into(), "false".into()],
        Kind::Text {
            utf8,
            max,
            zero,
            empty,
        } => texts(utf8, max, zero, empty),
        Kind::Exact(n) => exact(n),
        Kind::Timestamp => vec!["1:0".into(), "0:0".into(), "-1:999999".into()],
        Kind::None => Vec::new(),
    };
    if nullable(seg) {
        let at = if seg.omittable() { 0 } else { v.len().min(1) };
        v.insert(at, "None".into());
    }
    v
}

fn ints(lo: Number, hi: Number) -> Vec<String> {
    let step = |n: Number, d: i128| match n {
        Number::Unsigned(u) => u.checked_add_signed(d).map(Number::Unsigned),
        Number::Signed(s) => s.checked_add(d).map(Number::Signed),
    };
    let half = match hi {
        Number::Unsigned(u) => Number::Unsigned(u / 2),
        Number::Signed(s) => Number::Signed(s / 2),
    };
    let mut out: Vec<String> = Vec::new();
    let wanted = [
        Some(Number::Unsigned(1)),
        Some(Number::Unsigned(0)),
        Some(hi),
        Some(lo),
        Some(Number::Signed(-1)),
        Some(Number::Unsigned(2)),
        step(hi, -1),
        step(lo, 1),
        Some(half),
        Some(Number::Unsigned(10)),
    ];
    for n in wanted.into_iter().flatten() {
        let inside = super::values::numbers(lo, n).is_le() && super::values::numbers(n, hi).is_le();
        let text = n.to_string();
        if inside && !out.contains(&text) {
            out.push(text);
        }
    }
    out
}

fn floats(bytes: u8) -> Vec<String> {
    let max = if bytes == 4 {
        f32::MAX.to_string()
    } else {
        f64::MAX.to_string()
    };
    ["1.5", "0", "-0", "-1.5", "inf", "-inf", "NaN", "2.5"]
        .into_iter()
        .map(String::from)
        .chain([max])
        .collect()
}

fn texts(utf8: bool, max: usize, zero: bool, empty: bool) -> Vec<String> {
    let mut raw: Vec<Vec<u8>> = vec![b"ab".to_vec(), b"a".to_vec(), b"b".to_vec()];
    if empty {
        raw.insert(1, Vec::new());
    }
    raw.push(vec![b'z'; max.min(LONG)]);
    if zero {
        raw.push(b"a\0b".to_vec());
        raw.push(b"a\0".to_vec());
    }
    if !utf8 {
        // Bytes that are not UTF-8, as short as the field may need.
        raw.push([0xFF, 0x01][..max.clamp(1, 2)].to_vec());
    }
    raw.push("é".as_bytes().to_vec());
    raw.into_iter()
        .filter(|r| r.len() <= max)
        .map(|r| text(&r, utf8))
        .collect()
}

/// Bytes as a field's text: a string as it is, bytes as `0x` hex.
fn text(raw: &[u8], utf8: bool) -> String {
    match (utf8, core::str::from_utf8(raw)) {
        (true, Ok(s)) => s.into(),
        _ => hex(raw),
    }
}

fn hex(raw: &[u8]) -> String {
    let mut s = String::from("0x");
    for b in raw {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

fn exact(n: usize) -> Vec<String> {
    let mut one = vec![0u8; n];
    if let Some(last) = one.last_mut() {
        *last = 1;
    }
    [one, vec![0; n], vec![0xFF; n], vec![0x61; n]]
        .iter()
        .map(|b| hex(b))
        .collect()
}

/// A random value for a field, as text; small values and edges often, as
/// they are where codecs differ.
pub(crate) fn random(seg: &Segment<'_>, rng: &mut Rng) -> Option<String> {
    if nullable(seg) && rng.chance(4) {
        return Some("None".into());
    }
    let typical = values(seg);
    if !typical.is_empty() && rng.chance(3) {
        return typical
            .get(rng.below(typical.len() as u64) as usize)
            .cloned();
    }
    Some(match kind(seg) {
        Kind::Int(lo, hi) => random_int(lo, hi, rng).to_string(),
        Kind::Float(4) => format!("0x{:08x}", rng.next() as u32),
        Kind::Float(_) => format!("0x{:016x}", rng.next()),
        Kind::Bool => (rng.next() & 1 == 1).to_string(),
        Kind::Text {
            utf8,
            max,
            zero,
            empty,
        } => random_text(utf8, max.min(LONG), zero, empty, rng),
        Kind::Exact(n) => hex(&(0..n).map(|_| rng.next() as u8).collect::<Vec<_>>()),
        Kind::Timestamp => format!(
            "{}:{}",
            rng.next() as i64 >> rng.below(64),
            rng.below(1_000_000)
        ),
        Kind::None => return None,
    })
}

/// Values to search for a key with some property (one the new salt puts in
/// another bucket): this many different values of the field, the lowest
/// integers or shortest texts in order, so a field of few values is tried
/// whole; random values for the rest.
pub(crate) fn many(seg: &Segment<'_>, count: usize, rng: &mut Rng) -> Vec<String> {
    match kind(seg) {
        Kind::Int(lo, hi) => {
            let zero = Number::Unsigned(0);
            let from = if super::values::numbers(lo, zero).is_lt() {
                zero
            } else {
                lo
            };
            consecutive(from, hi, count)
        }
        Kind::Text { utf8, max, .. } if max > 0 => {
            (0..count).map(|i| text(&letters(i, max), utf8)).collect()
        }
        _ => (0..count).filter_map(|_| random(seg, rng)).collect(),
    }
}

/// Up to `count` integers from `from` on, none above `hi`.
fn consecutive(from: Number, hi: Number, count: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut n = Some(from);
    while let Some(x) = n.filter(|x| super::values::numbers(*x, hi).is_le()) {
        if out.len() == count {
            break;
        }
        out.push(x.to_string());
        n = match x {
            Number::Unsigned(u) => u.checked_add(1).map(Number::Unsigned),
            Number::Signed(s) => s.checked_add(1).map(Number::Signed),
        };
    }
    out
}

/// The `i`th text of lowercase letters (`a`, ..., `z`, `ba`, ...), its
/// last letters kept when it is longer than `max`.
fn letters(mut i: usize, max: usize) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        out.insert(0, b'a' + (i % 26) as u8);
        i /= 26;
        if i == 0 || out.len() == max {
            return out;
        }
    }
}

fn random_int(lo: Number, hi: Number, rng: &mut Rng) -> Number {
    let wide = (u128::from(rng.next()) << 64) | u128::from(rng.next());
    // Small magnitudes half the time: most keys hold small numbers.
    let r = if rng.chance(2) { wide % 1000 } else { wide };
    match (lo, hi) {
        (Number::Signed(l), Number::Signed(h)) => {
            let span = h.abs_diff(l);
            let off = if span == u128::MAX { r } else { r % (span + 1) };
            Number::Signed(l.wrapping_add_unsigned(off))
        }
        _ => {
            let l = lo.to::<u128>().unwrap_or(0);
            let h = hi.to::<u128>().unwrap_or(u128::MAX);
            let span = h - l;
            let off = if span == u128::MAX { r } else { r % (span + 1) };
            Number::Unsigned(l + off)
        }
    }
}

fn random_text(utf8: bool, max: usize, zero: bool, empty: bool, rng: &mut Rng) -> String {
    let min = usize::from(!empty);
    let len = min + rng.below((max + 1 - min.min(max)) as u64) as usize;
    let alphabet: &[u8] = match (utf8, zero) {
        (true, true) => b"ab\0z~",
        (true, false) => b"abz~",
        (false, true) => b"ab\0\x01\x7f\xfe\xff",
        (false, false) => b"ab\x01\x7f\xfe\xff",
    };
    let raw: Vec<u8> = (0..len.min(max))
        .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
        .collect();
    text(&raw, utf8)
}

/// A key of `layout` whose fields take the values `pick` gives (by dotted
/// path: a nested key's fields as `main.user`); `None` when a field has no
/// value or the key does not encode.
pub(crate) fn key(
    layout: &Layout<'_>,
    pick: &mut dyn FnMut(&str, &Segment<'_>) -> Option<String>,
) -> Option<Vec<u8>> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    texts_of(layout, "", pick, &mut pairs)?;
    let refs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    dynamic::encode(layout, &refs).ok()
}

fn texts_of(
    layout: &Layout<'_>,
    prefix: &str,
    pick: &mut dyn FnMut(&str, &Segment<'_>) -> Option<String>,
    out: &mut Vec<(String, String)>,
) -> Option<()> {
    for seg in layout.segments {
        let path = format!("{prefix}{}", seg.name);
        match seg.kind {
            FieldCodec::Salt | FieldCodec::Tag(_) => {}
            FieldCodec::Nested(inner) => texts_of(inner, &format!("{path}."), pick, out)?,
            _ => out.push((path.clone(), pick(&path, seg)?)),
        }
    }
    Some(())
}

/// The value as text `seg` reads back as that same value (text for a
/// string field, hex for bytes); `None` when the field has no such value
/// (bytes that are not UTF-8 for a string, a number for a flag, an `f64`
/// an `f32` rounds).
pub(crate) fn input(seg: &Segment<'_>, v: &crate::value::Value<'_>) -> Option<String> {
    use crate::value::Value;
    let utf8 = match kind(seg) {
        Kind::Text { utf8, .. } => Some(utf8),
        Kind::Exact(_) => Some(false),
        _ => None,
    };
    let bare = match v {
        Value::Some(inner) => inner,
        other => other,
    };
    let text = match (utf8, bare) {
        (Some(true), Value::Bytes(b)) => String::from(core::str::from_utf8(b).ok()?),
        (Some(false), Value::Text(t)) => hex(t.as_bytes()),
        _ => v.to_input(),
    };
    let back = dynamic::parse_value(seg, &text).ok()?;
    super::values::same(v, &back).then_some(text)
}

/// Whether `seg` holds the value of `text`: a key of that field alone encodes.
pub(crate) fn holds(seg: &Segment<'_>, text: &str) -> bool {
    let alone = Segment { offset: 0, ..*seg };
    let layout = Layout {
        name: "",
        width: 0,
        variable: true,
        max_width: usize::MAX,
        salt: None,
        segments: &[alone],
    };
    dynamic::encode(&layout, &[(seg.name, text)]).is_ok()
}

/// Every field's path (a nested key's fields as `main.user`), with its
/// segment: tags and the salt bucket left out.
pub(crate) fn paths<'a>(layout: &Layout<'a>) -> Vec<(String, Segment<'a>)> {
    let mut out = Vec::new();
    paths_into(layout, "", &mut out);
    out
}

fn paths_into<'a>(layout: &Layout<'a>, prefix: &str, out: &mut Vec<(String, Segment<'a>)>) {
    for seg in layout.segments {
        let path = format!("{prefix}{}", seg.name);
        match seg.kind {
            FieldCodec::Salt | FieldCodec::Tag(_) => {}
            FieldCodec::Nested(inner) => paths_into(inner, &format!("{path}."), out),
            _ => out.push((path, *seg)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Order;

    /// A `bool` field at the front of a key.
    const FLAG: Segment<'static> = Segment {
        name: "flag",
        offset: 0,
        width: 1,
        codec: "bool",
        kind: FieldCodec::Bool,
        order: Order::Ascending,
        reverse: false,
        mirror: false,
        optional: false,
        since: 0,
        rust_type: "bool",
    };

    #[test]
    fn random_bools_are_true_about_half_the_time() {
        let mut rng = Rng::new(7);
        let trues = (0..1000)
            .filter(|_| random(&FLAG, &mut rng).as_deref() == Some("true"))
            .count();
        assert!((400..=600).contains(&trues), "{trues} of 1000");
    }
}
