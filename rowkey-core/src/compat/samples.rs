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

    /// A field of `kind` at the front of a key, with the flags `FLAG` has.
    const fn field(kind: FieldCodec<'static>) -> Segment<'static> {
        Segment { kind, ..FLAG }
    }

    const fn int(bytes: u8, signed: bool) -> IntType {
        IntType { bytes, signed }
    }

    const fn utf8(utf8: bool) -> TextType {
        TextType {
            utf8,
            borrowed: false,
        }
    }

    fn strings(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|x| String::from(*x)).collect()
    }

    fn u(n: u128) -> Number {
        Number::Unsigned(n)
    }

    fn s(n: i128) -> Number {
        Number::Signed(n)
    }

    #[test]
    fn the_generator_is_splitmix64() {
        // SplitMix64's published outputs from seed 0.
        let mut rng = Rng::new(0);
        let first: Vec<u64> = (0..4).map(|_| rng.next()).collect();
        assert_eq!(
            first,
            [
                0xE220_A839_7B1D_CDAF,
                0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F,
                0xF88B_B8A8_724C_81EC
            ]
        );
        // `below(n)` is the next output modulo `n`.
        let (mut a, mut b) = (Rng::new(9), Rng::new(9));
        for n in [1u64, 2, 7, 1000, u64::MAX] {
            assert_eq!(a.below(n), b.next() % n);
        }
        // `chance(n)` holds one time in `n`.
        let hits = (0..4000).filter(|_| a.chance(4)).count();
        assert!((850..=1150).contains(&hits), "{hits} of 4000");
    }

    #[test]
    fn the_integers_each_codec_holds() {
        use crate::codec::narrow::Narrow;
        use crate::codec::ordered::Ordered;
        use crate::codec::ordered_field::{OrderedNull, OrderedVar};
        use crate::codec::pad::Pad;
        use rowkey_format::ordered::{BLOB_VAR, FLOAT64};
        let range = |k: FieldCodec<'static>| int_range(&k);
        let signed = |bytes: u32| {
            let max = (1i128 << (8 * bytes - 1)) - 1;
            Some((s(-max - 1), s(max)))
        };
        assert_eq!(range(FieldCodec::Int(int(1, false))), Some((u(0), u(255))));
        assert_eq!(range(FieldCodec::Int(int(2, true))), signed(2));
        // A narrowed integer: the source type's values that fit the bytes.
        let narrow = |bytes, from| FieldCodec::Narrow(Narrow { bytes, from });
        assert_eq!(range(narrow(2, int(4, false))), Some((u(0), u(65_535))));
        assert_eq!(range(narrow(2, int(4, true))), Some((u(0), u(65_535))));
        assert_eq!(range(narrow(4, int(2, false))), Some((u(0), u(65_535))));
        assert_eq!(
            range(narrow(8, int(8, true))),
            Some((u(0), s(i64::MAX.into())))
        );
        // Padded digits: as many nines as digits, within the type.
        let pad = |digits, ty| FieldCodec::Pad(Pad { digits, ty });
        assert_eq!(range(pad(3, int(4, false))), Some((u(0), u(999))));
        assert_eq!(range(pad(1, int(1, false))), Some((u(0), u(9))));
        assert_eq!(range(pad(6, int(1, false))), Some((u(0), u(255))));
        assert_eq!(
            range(pad(38, int(16, false))),
            Some((u(0), u(10u128.pow(38) - 1)))
        );
        assert_eq!(range(pad(39, int(16, false))), Some((u(0), u(u128::MAX))));
        assert_eq!(range(FieldCodec::Java(JavaType::Short)), signed(2));
        assert_eq!(range(FieldCodec::Java(JavaType::Int)), signed(4));
        assert_eq!(range(FieldCodec::Java(JavaType::Long)), signed(8));
        assert_eq!(range(FieldCodec::Java(JavaType::Double)), None);
        for (header, bytes) in [(INT8, 1), (INT16, 2), (INT32, 4), (INT64, 8)] {
            assert_eq!(
                range(FieldCodec::Ordered(Ordered { header })),
                signed(bytes)
            );
            let null = OrderedNull {
                value: OrderedValue::Number(Ordered { header }),
                trailing: false,
            };
            assert_eq!(range(FieldCodec::OrderedNull(null)), signed(bytes));
        }
        assert_eq!(
            range(FieldCodec::Ordered(Ordered { header: FLOAT64 })),
            None
        );
        let var = OrderedVar {
            header: BLOB_VAR,
            text: utf8(false),
        };
        let null = OrderedNull {
            value: OrderedValue::Var(var),
            trailing: false,
        };
        assert_eq!(range(FieldCodec::OrderedNull(null)), None);
        assert_eq!(range(FieldCodec::Phoenix(PhoenixType::Tinyint)), signed(1));
        assert_eq!(range(FieldCodec::Phoenix(PhoenixType::Smallint)), signed(2));
        assert_eq!(range(FieldCodec::Phoenix(PhoenixType::Integer)), signed(4));
        assert_eq!(range(FieldCodec::Phoenix(PhoenixType::Bigint)), signed(8));
        assert_eq!(range(FieldCodec::Phoenix(PhoenixType::Date)), signed(8));
        assert_eq!(range(FieldCodec::Phoenix(PhoenixType::Varchar)), None);
        assert_eq!(range(FieldCodec::Bool), None);
    }

    #[test]
    fn integer_values_are_typical_first_then_the_edges() {
        // In the documented order: 1, 0, the top, the bottom, -1, 2, one
        // inside each edge, half the top, 10; each once, and only those
        // the field holds.
        let values_of = |k| values(&field(k));
        assert_eq!(
            values_of(FieldCodec::Int(int(1, false))),
            strings(&["1", "0", "255", "2", "254", "127", "10"])
        );
        assert_eq!(
            values_of(FieldCodec::Int(int(1, true))),
            strings(&["1", "0", "127", "-128", "-1", "2", "126", "-127", "63", "10"])
        );
        let digit = FieldCodec::Pad(crate::codec::pad::Pad {
            digits: 1,
            ty: int(4, false),
        });
        assert_eq!(values_of(digit), strings(&["1", "0", "9", "2", "8", "4"]));
        // The whole range of a type: no step past its ends.
        let wide = values_of(FieldCodec::Int(int(16, false)));
        let max = u128::MAX;
        let expected = [1, 0, max, 2, max - 1, max / 2, 10].map(|n| n.to_string());
        assert_eq!(wide, expected);
        let wide = values_of(FieldCodec::Int(int(16, true)));
        let (lo, hi) = (i128::MIN, i128::MAX);
        let expected = [1, 0, hi, lo, -1, 2, hi - 1, lo + 1, hi / 2, 10].map(|n| n.to_string());
        assert_eq!(wide, expected);
    }

    #[test]
    fn values_of_each_kind_of_field() {
        use crate::codec::bytes::ByteArray;
        use crate::codec::escaped::Escaped;
        use crate::codec::fixed::Fixed;
        use crate::codec::float::Float;
        use crate::codec::ordered_field::OrderedVar;
        let values_of = |k| values(&field(k));
        let float = |max: String| {
            let mut v = strings(&["1.5", "0", "-0", "-1.5", "inf", "-inf", "NaN", "2.5"]);
            v.push(max);
            v
        };
        assert_eq!(
            values_of(FieldCodec::Float(Float { bytes: 4 })),
            float(f32::MAX.to_string())
        );
        assert_eq!(
            values_of(FieldCodec::Float(Float { bytes: 8 })),
            float(f64::MAX.to_string())
        );
        assert_eq!(
            values_of(FieldCodec::Java(JavaType::Float)),
            float(f32::MAX.to_string())
        );
        assert_eq!(
            values_of(FieldCodec::Java(JavaType::Double)),
            float(f64::MAX.to_string())
        );
        assert_eq!(
            values_of(FieldCodec::Phoenix(PhoenixType::Double)),
            float(f64::MAX.to_string())
        );
        let ordered = |header| FieldCodec::Ordered(crate::codec::ordered::Ordered { header });
        assert_eq!(values_of(ordered(FLOAT32)), float(f32::MAX.to_string()));
        assert_eq!(
            values_of(ordered(rowkey_format::ordered::FLOAT64)),
            float(f64::MAX.to_string())
        );
        assert_eq!(values_of(FieldCodec::Bool), strings(&["true", "false"]));
        assert_eq!(
            values_of(FieldCodec::Java(JavaType::Boolean)),
            strings(&["true", "false"])
        );
        assert_eq!(
            values_of(FieldCodec::Phoenix(PhoenixType::Boolean)),
            strings(&["true", "false"])
        );
        // Unbounded text: the short ones, the empty one, a long one, `0x00`
        // inside and at the end, a character of two bytes.
        let long = "z".repeat(LONG);
        let text = strings(&["ab", "", "a", "b", &long, "a\0b", "a\0", "é"]);
        assert_eq!(values_of(FieldCodec::Escaped(Escaped(utf8(true)))), text);
        assert_eq!(
            values_of(FieldCodec::Rest(crate::codec::rest::Rest(utf8(true)))),
            text
        );
        let var = |header, text| FieldCodec::OrderedVar(OrderedVar { header, text });
        // OrderedBytes' `Text` holds no `0x00`.
        let no_zero = strings(&["ab", "", "a", "b", &long, "é"]);
        assert_eq!(values_of(var(TEXT, utf8(true))), no_zero);
        assert_eq!(
            values_of(var(rowkey_format::ordered::BLOB_VAR, utf8(true))),
            text
        );
        // An `Option` of them: `None` second.
        let null = |header| {
            FieldCodec::OrderedNull(crate::codec::ordered_field::OrderedNull {
                value: OrderedValue::Var(OrderedVar {
                    header,
                    text: utf8(true),
                }),
                trailing: false,
            })
        };
        let with_none = |mut v: Vec<String>| {
            v.insert(1, "None".into());
            v
        };
        assert_eq!(values_of(null(TEXT)), with_none(no_zero.clone()));
        let blob = null(rowkey_format::ordered::BLOB_VAR);
        assert_eq!(values_of(blob), with_none(text.clone()));
        // Bytes as hex, cut to the width: what is longer is left out.
        let fixed = |width, utf| {
            FieldCodec::Fixed(Fixed {
                width,
                text: utf8(utf),
            })
        };
        assert_eq!(
            values_of(fixed(2, false)),
            strings(&["0x6162", "0x", "0x61", "0x62", "0x7a7a", "0x6100", "0xff01", "0xc3a9"])
        );
        assert_eq!(
            values_of(fixed(1, false)),
            strings(&["0x", "0x61", "0x62", "0x7a", "0xff"])
        );
        assert_eq!(values_of(fixed(1, true)), strings(&["", "a", "b", "z"]));
        // A Phoenix `CHAR` is never empty and holds no `0x00`.
        assert_eq!(
            values_of(FieldCodec::Phoenix(PhoenixType::Char(3))),
            strings(&["ab", "a", "b", "zzz", "é"])
        );
        assert_eq!(
            values_of(FieldCodec::Phoenix(PhoenixType::Varchar)),
            no_zero
        );
        assert_eq!(
            values_of(FieldCodec::Bytes(ByteArray(3))),
            strings(&["0x000001", "0x000000", "0xffffff", "0x616161"])
        );
        let md5 = values_of(FieldCodec::Md5Digest);
        assert_eq!(md5.len(), 4);
        assert_eq!(md5[0], format!("0x{}01", "00".repeat(15)));
        assert_eq!(
            values_of(FieldCodec::Phoenix(PhoenixType::Timestamp)),
            strings(&["1:0", "0:0", "-1:999999"])
        );
        assert!(values_of(FieldCodec::Salt).is_empty());
    }

    #[test]
    fn none_comes_first_where_a_key_may_leave_the_field_out() {
        let optional = Segment {
            optional: true,
            ..FLAG
        };
        // `None` second: the typical key holds a value.
        assert_eq!(values(&optional), strings(&["true", "None", "false"]));
        let since = Segment {
            since: 2,
            ..optional
        };
        assert_eq!(values(&since), strings(&["None", "true", "false"]));
        // OrderedBytes' null needs no presence byte.
        let null = crate::codec::ordered_field::OrderedNull {
            value: OrderedValue::Number(crate::codec::ordered::Ordered { header: INT8 }),
            trailing: false,
        };
        let v = values(&field(FieldCodec::OrderedNull(null)));
        assert_eq!(v[..3], strings(&["1", "None", "0"]));
        let trailing = crate::codec::ordered_field::OrderedNull {
            trailing: true,
            ..null
        };
        let v = values(&field(FieldCodec::OrderedNull(trailing)));
        assert_eq!(v[..3], strings(&["None", "1", "0"]));
        // A field of no values but `None`.
        let tag = Segment {
            optional: true,
            ..field(FieldCodec::Salt)
        };
        assert_eq!(values(&tag), strings(&["None"]));
    }

    #[test]
    fn every_value_tried_is_one_the_field_holds() {
        use crate::codec::escaped::Escaped;
        use crate::codec::fixed::Fixed;
        use crate::codec::float::Float;
        let fields = [
            field(FieldCodec::Int(int(1, true))),
            field(FieldCodec::Int(int(8, false))),
            field(FieldCodec::Float(Float { bytes: 4 })),
            field(FieldCodec::Escaped(Escaped(utf8(false)))),
            Segment {
                optional: true,
                ..FLAG
            },
        ];
        let mut rng = Rng::new(3);
        for f in &fields {
            for v in values(f) {
                assert!(holds(f, &v), "{}: {v}", f.codec);
            }
            for _ in 0..200 {
                let v = random(f, &mut rng).unwrap();
                assert!(holds(f, &v), "{:?}: {v}", f.kind);
            }
        }
        assert!(!holds(&fields[0], "128"));
        // Wherever the field sits in its own key.
        let later = Segment {
            offset: 7,
            ..fields[1]
        };
        assert!(holds(&later, "5") && !holds(&later, "-5"));
        let fixed = field(FieldCodec::Fixed(Fixed {
            width: 3,
            text: utf8(true),
        }));
        assert!(holds(&fixed, "abc") && !holds(&fixed, "abcd"));
        assert_eq!(random(&field(FieldCodec::Salt), &mut rng), None);
    }

    #[test]
    fn random_integers_span_the_range_and_favour_small_ones() {
        let mut rng = Rng::new(11);
        let draws: Vec<Number> = (0..2000)
            .map(|_| random_int(u(5), u(u128::MAX), &mut rng))
            .collect();
        assert!(draws.iter().all(|n| n.to::<u128>().unwrap() >= 5));
        let small = draws
            .iter()
            .filter(|n| n.to::<u128>().unwrap() < 1005)
            .count();
        // Half small by choice, the rest almost never.
        assert!((850..=1150).contains(&small), "{small} of 2000");
        assert!(draws
            .iter()
            .any(|n| n.to::<u128>().unwrap() > u128::MAX / 2));
        let draws: Vec<i128> = (0..2000)
            .map(|_| match random_int(s(-3), s(3), &mut rng) {
                Number::Signed(n) => n,
                n => panic!("{n:?}"),
            })
            .collect();
        for n in -3..=3 {
            let seen = draws.iter().filter(|&&d| d == n).count();
            assert!((200..=380).contains(&seen), "{n}: {seen} of 2000");
        }
        let full: Vec<Number> = (0..200)
            .map(|_| random_int(s(i128::MIN), s(i128::MAX), &mut rng))
            .collect();
        assert!(full
            .iter()
            .any(|n| matches!(n, Number::Signed(x) if *x < 0)));
        assert!(full
            .iter()
            .any(|n| matches!(n, Number::Signed(x) if *x > 1000)));
        let small: Vec<u128> = (0..500)
            .map(|_| random_int(u(10), u(12), &mut rng).to::<u128>().unwrap())
            .collect();
        for n in 10..=12 {
            assert!(small.contains(&n));
        }
        assert!(small.iter().all(|n| (10..=12).contains(n)));
    }

    /// The lengths of random texts, counted.
    fn lengths(utf8: bool, max: usize, zero: bool, empty: bool) -> Vec<usize> {
        let mut rng = Rng::new(5);
        let mut count = vec![0; max + 2];
        for _ in 0..3000 {
            let t = random_text(utf8, max, zero, empty, &mut rng);
            let len = if utf8 { t.len() } else { (t.len() - 2) / 2 };
            count[len] += 1;
        }
        count
    }

    #[test]
    fn random_texts_take_every_length_alike() {
        // Every length from the shortest allowed to `max`, as often.
        let alike = |count: &[usize], from: usize, to: usize| {
            let each = 3000 / (to - from + 1);
            for (len, &n) in count.iter().enumerate() {
                if (from..=to).contains(&len) {
                    assert!(n * 10 > each * 8 && n * 10 < each * 12, "{count:?}");
                } else {
                    assert_eq!(n, 0, "{count:?}");
                }
            }
        };
        alike(&lengths(true, 2, false, false), 1, 2);
        alike(&lengths(true, 3, true, true), 0, 3);
        alike(&lengths(false, 2, false, false), 1, 2);
        alike(&lengths(false, 1, true, true), 0, 1);
        alike(&lengths(true, 0, true, true), 0, 0);
    }

    #[test]
    fn random_texts_hold_zero_bytes_only_where_allowed() {
        let mut rng = Rng::new(6);
        let draw = |utf8, zero, rng: &mut Rng| -> Vec<String> {
            (0..300)
                .map(|_| random_text(utf8, 4, zero, true, rng))
                .collect()
        };
        let with = draw(true, true, &mut rng);
        assert!(with.iter().any(|t| t.contains('\0')));
        assert!(with
            .iter()
            .all(|t| t.bytes().all(|b| b"ab\0z~".contains(&b))));
        let without = draw(true, false, &mut rng);
        assert!(without
            .iter()
            .all(|t| t.bytes().all(|b| b"abz~".contains(&b))));
        for t in ["a", "b", "z", "~"] {
            assert!(without.iter().any(|x| x.contains(t)));
        }
        // Bytes as hex, with bytes that are not UTF-8.
        let bytes = draw(false, true, &mut rng);
        assert!(bytes.iter().all(|t| t.starts_with("0x")));
        assert!(bytes.iter().any(|t| t.contains("00")));
        assert!(bytes.iter().any(|t| t.contains("ff")));
        let bytes = draw(false, false, &mut rng);
        for t in &bytes {
            let raw: Vec<&str> = (2..t.len()).step_by(2).map(|i| &t[i..i + 2]).collect();
            assert!(
                raw.iter()
                    .all(|b| ["61", "62", "01", "7f", "fe", "ff"].contains(b)),
                "{t}"
            );
        }
        assert!(bytes.iter().any(|t| t.contains("fe")));
    }

    #[test]
    fn random_values_of_each_kind() {
        use crate::codec::bytes::ByteArray;
        use crate::codec::float::Float;
        let mut rng = Rng::new(8);
        let draws = |f: &Segment<'_>, rng: &mut Rng| -> Vec<String> {
            (0..600).filter_map(|_| random(f, rng)).collect()
        };
        // Floats: the typical values, or any bits as hex.
        let f32s = draws(&field(FieldCodec::Float(Float { bytes: 4 })), &mut rng);
        let hex32 = f32s.iter().filter(|v| v.starts_with("0x")).count();
        assert!(hex32 > 300, "{hex32}");
        assert!(f32s
            .iter()
            .filter(|v| v.starts_with("0x"))
            .all(|v| v.len() == 10));
        let f64s = draws(&field(FieldCodec::Float(Float { bytes: 8 })), &mut rng);
        assert!(f64s
            .iter()
            .filter(|v| v.starts_with("0x"))
            .all(|v| v.len() == 18));
        assert!(f64s.iter().any(|v| v == "NaN"));
        let bytes = draws(&field(FieldCodec::Bytes(ByteArray(3))), &mut rng);
        assert!(bytes.iter().all(|v| v.len() == 8 && v.starts_with("0x")));
        let typical = values(&field(FieldCodec::Bytes(ByteArray(3))));
        let other = bytes.iter().filter(|v| !typical.contains(v)).count();
        assert!(other > 300, "{other}");
        // Timestamps: milliseconds (any magnitude) and nanoseconds below a million.
        let times = draws(
            &field(FieldCodec::Phoenix(PhoenixType::Timestamp)),
            &mut rng,
        );
        let parsed: Vec<(i64, u64)> = times
            .iter()
            .map(|t| {
                let (ms, ns) = t.split_once(':').unwrap();
                (ms.parse().unwrap(), ns.parse().unwrap())
            })
            .collect();
        assert!(parsed.iter().all(|&(_, ns)| ns < 1_000_000));
        assert!(parsed.iter().any(|&(_, ns)| ns > 1000));
        assert!(parsed.iter().any(|&(ms, _)| ms < -1));
        assert!(parsed.iter().any(|&(ms, _)| ms > 1 && ms < 1 << 40));
        assert!(parsed.iter().any(|&(ms, _)| ms > 1 << 60));
        // A nullable field is `None` a quarter of the time or more.
        let optional = Segment {
            optional: true,
            ..field(FieldCodec::Int(int(8, false)))
        };
        let nones = draws(&optional, &mut rng)
            .iter()
            .filter(|v| *v == "None")
            .count();
        assert!((140..=260).contains(&nones), "{nones} of 600");
        let plain = draws(&field(FieldCodec::Int(int(8, false))), &mut rng);
        assert!(!plain.iter().any(|v| v == "None"));
        // Typical values a third of the time, random ones otherwise.
        let wide = plain.iter().filter(|v| v.len() > 4).count();
        assert!((200..=340).contains(&wide), "{wide} of 600");
    }

    #[test]
    fn many_values_are_the_lowest_first() {
        use crate::codec::escaped::Escaped;
        use crate::codec::fixed::Fixed;
        let mut rng = Rng::new(1);
        let signed = field(FieldCodec::Int(int(1, true)));
        assert_eq!(many(&signed, 3, &mut rng), strings(&["0", "1", "2"]));
        let byte = field(FieldCodec::Int(int(1, false)));
        let all = many(&byte, 300, &mut rng);
        assert_eq!(all.len(), 256);
        assert_eq!(all[255], "255");
        let pad = field(FieldCodec::Pad(crate::codec::pad::Pad {
            digits: 2,
            ty: int(4, false),
        }));
        assert_eq!(many(&pad, 200, &mut rng).len(), 100);
        let text = field(FieldCodec::Escaped(Escaped(utf8(true))));
        let t = many(&text, 28, &mut rng);
        assert_eq!(t[..3], strings(&["a", "b", "c"]));
        assert_eq!(t[25..], strings(&["z", "ba", "bb"]));
        let one = field(FieldCodec::Fixed(Fixed {
            width: 1,
            text: utf8(false),
        }));
        assert_eq!(many(&one, 27, &mut rng)[25..], strings(&["0x7a", "0x61"]));
        // A field of no order among its values: random ones.
        let flags = many(&FLAG, 20, &mut rng);
        assert_eq!(flags.len(), 20);
        assert!(flags.iter().any(|f| f == "true") && flags.iter().any(|f| f == "false"));
        let none = Segment {
            kind: FieldCodec::Phoenix(PhoenixType::Char(0)),
            ..FLAG
        };
        // A text of no bytes has only the empty value: no letters.
        assert_eq!(many(&none, 3, &mut rng), strings(&["", "", ""]));
    }

    #[test]
    fn consecutive_integers_stop_at_the_top() {
        assert_eq!(
            consecutive(u(250), u(255), 10),
            strings(&["250", "251", "252", "253", "254", "255"])
        );
        assert_eq!(consecutive(u(0), u(100), 3), strings(&["0", "1", "2"]));
        assert_eq!(consecutive(s(-2), s(0), 9), strings(&["-2", "-1", "0"]));
        assert_eq!(consecutive(u(3), u(2), 9), strings(&[]));
        assert_eq!(consecutive(u(5), u(5), 0), strings(&[]));
        let top = u128::MAX;
        assert_eq!(
            consecutive(u(top - 1), u(top), 5),
            [top - 1, top].map(|n| n.to_string())
        );
        let top = i128::MAX;
        assert_eq!(consecutive(s(top), s(top), 5), [top.to_string()]);
    }

    #[test]
    fn letters_count_in_base_26() {
        assert_eq!(letters(0, 3), b"a");
        assert_eq!(letters(25, 3), b"z");
        assert_eq!(letters(26, 3), b"ba");
        assert_eq!(letters(27, 3), b"bb");
        assert_eq!(letters(26 * 26 + 2, 3), b"bac");
        // Longer than `max`: the last letters.
        assert_eq!(letters(26 * 26 + 2, 2), b"ac");
        assert_eq!(letters(27, 1), b"b");
    }

    #[test]
    fn bytes_as_text_and_hex() {
        assert_eq!(text(b"ab", true), "ab");
        assert_eq!(text(b"ab", false), "0x6162");
        assert_eq!(text(&[0xFF], true), "0xff");
        assert_eq!(hex(&[0, 0x0A, 0xFF]), "0x000aff");
        assert_eq!(hex(&[]), "0x");
        assert_eq!(exact(1), strings(&["0x01", "0x00", "0xff", "0x61"]));
        assert_eq!(exact(0), strings(&["0x", "0x", "0x", "0x"]));
    }

    #[test]
    fn input_is_text_the_field_reads_back() {
        use crate::codec::escaped::Escaped;
        use crate::codec::float::Float;
        use crate::value::Value;
        let text = field(FieldCodec::Escaped(Escaped(utf8(true))));
        let bytes = field(FieldCodec::Escaped(Escaped(utf8(false))));
        let int8 = field(FieldCodec::Int(int(1, false)));
        let f32 = field(FieldCodec::Float(Float { bytes: 4 }));
        let some = |v| Value::Some(alloc::boxed::Box::new(v));
        assert_eq!(
            input(&text, &Value::Bytes(b"ab".to_vec())).as_deref(),
            Some("ab")
        );
        assert_eq!(input(&text, &Value::Bytes(vec![0xFF])), None);
        assert_eq!(input(&text, &Value::Text("é".into())).as_deref(), Some("é"));
        assert_eq!(
            input(&bytes, &Value::Text("ab".into())).as_deref(),
            Some("0x6162")
        );
        assert_eq!(
            input(&bytes, &Value::Bytes(vec![0xFF])).as_deref(),
            Some("0xff")
        );
        // A byte array reads text as its bytes, in hex.
        let array = field(FieldCodec::Bytes(crate::codec::bytes::ByteArray(2)));
        assert_eq!(
            input(&array, &Value::Text("ab".into())).as_deref(),
            Some("0x6162")
        );
        assert_eq!(input(&int8, &Value::Int(u(7))).as_deref(), Some("7"));
        assert_eq!(input(&int8, &Value::Int(s(-1))), None);
        assert_eq!(input(&int8, &Value::Int(u(256))), None);
        assert_eq!(input(&FLAG, &Value::Int(u(1))), None);
        assert_eq!(input(&f32, &Value::F64(1.5)).as_deref(), Some("1.5"));
        assert_eq!(input(&f32, &Value::F64(0.1)), None);
        let optional = Segment {
            optional: true,
            ..text
        };
        assert_eq!(
            input(&optional, &some(Value::Bytes(b"a".to_vec()))).as_deref(),
            Some("a")
        );
        assert_eq!(input(&optional, &some(Value::Bytes(vec![0xFE]))), None);
        assert_eq!(input(&optional, &Value::None).as_deref(), Some("None"));
    }

    /// A key of a salt bucket, a tag, a flag, and a nested key of two fields.
    const INNER: Layout<'static> = Layout {
        name: "Inner",
        width: 2,
        variable: false,
        max_width: 2,
        salt: None,
        segments: &[
            Segment { name: "x", ..FLAG },
            Segment {
                name: "y",
                offset: 1,
                ..FLAG
            },
        ],
    };

    const OUTER: Layout<'static> = Layout {
        name: "Outer",
        width: 4,
        variable: false,
        max_width: 4,
        salt: None,
        segments: &[
            Segment {
                name: "kind",
                codec: "tag",
                kind: FieldCodec::Tag(crate::codec::tag::Tag(b"t")),
                ..FLAG
            },
            Segment {
                name: "flag",
                offset: 1,
                ..FLAG
            },
            Segment {
                name: "inner",
                offset: 2,
                width: 2,
                codec: "nested",
                kind: FieldCodec::Nested(&INNER),
                ..FLAG
            },
        ],
    };

    #[test]
    fn paths_name_nested_fields_and_leave_out_tags() {
        let names: Vec<String> = paths(&OUTER).into_iter().map(|(p, _)| p).collect();
        assert_eq!(names, strings(&["flag", "inner.x", "inner.y"]));
        let segs: Vec<&str> = paths(&OUTER).iter().map(|(_, s)| s.name).collect();
        assert_eq!(segs, ["flag", "x", "y"]);
        // The values picked by path make the key, the tag written as it is.
        let mut asked = Vec::new();
        let k = key(&OUTER, &mut |path, _| {
            asked.push(String::from(path));
            Some(String::from(if path == "inner.x" {
                "true"
            } else {
                "false"
            }))
        });
        assert_eq!(k, Some(vec![b't', 0, 1, 0]));
        assert_eq!(asked, strings(&["flag", "inner.x", "inner.y"]));
        // A field without a value, or a value the field does not hold: no key.
        assert_eq!(
            key(&OUTER, &mut |p, _| (p != "inner.y").then(|| "true".into())),
            None
        );
        assert_eq!(key(&OUTER, &mut |_, _| Some("2".into())), None);
    }

    #[test]
    fn random_bools_are_true_about_half_the_time() {
        let mut rng = Rng::new(7);
        let trues = (0..1000)
            .filter(|_| random(&FLAG, &mut rng).as_deref() == Some("true"))
            .count();
        assert!((400..=600).contains(&trues), "{trues} of 1000");
    }
}
