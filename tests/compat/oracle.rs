//! What `dynamic` observes, against what a verdict claims: random old keys
//! read by the new layout (reads old keys: the same values at the same
//! bytes; order kept: no other values, inside the new scan for their
//! values, in order with new keys), and every witness replayed.

use std::cmp::Ordering;

use rowkey::compat::{self, Level, Report, Shows, Witness, Writer};
use rowkey::dynamic::{self, FieldValue, Scan, ScanRanges, Value};
use rowkey::schema::{self, Arena};
use rowkey::{FieldCodec, Layout, Number, Order};

use super::model::{self, Changed, Rng};

/// Old keys and new keys generated per case.
const KEYS: usize = 40;

/// Keys of `k` with random values, as `layout` writes and reads them.
fn keys<'a>(
    k: &model::Key,
    layout: &Layout<'a>,
    rng: &mut Rng,
) -> Vec<(Vec<u8>, Vec<FieldValue<'a>>)> {
    let mut out = Vec::new();
    for _ in 0..KEYS * 4 {
        if out.len() == KEYS {
            break;
        }
        let texts: Vec<(String, String)> = k
            .fields
            .iter()
            .filter_map(|f| Some((f.name.clone(), model::value(f, rng)?)))
            .collect();
        let pairs: Vec<(&str, &str)> = texts
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        let Ok(key) = dynamic::encode(layout, &pairs) else {
            continue;
        };
        // A borrowing type writes what it cannot read back (`&str` holding
        // a 0x00 in an escaped field): not a key a table holds.
        let Ok(values) = dynamic::decode(layout, &key) else {
            continue;
        };
        out.push((key, values));
    }
    out
}

/// Checks the verdict of one changed key against the keys `dynamic` reads.
pub fn verify(c: &Changed, rng: &mut Rng) -> Result<Report, String> {
    let arena = Arena::new();
    let (oj, nj) = (c.old.json(), c.new.json());
    let old = schema::read(&oj, &arena)?.layout(None)?;
    let new = schema::read(&nj, &arena)?.layout(None)?;
    let report = compat::check(old, new);
    let fail = |why: String| format!("{why}\n{report}");
    if (report.verdict == Level::Identical) != (oj == nj) {
        return Err(fail("identical exactly when the schemas are".into()));
    }
    if let Some(o) = report
        .changes
        .iter()
        .find(|c| c.rule == compat::Rule::Observed)
    {
        return Err(fail(format!(
            "the rules missed what keys show: {}",
            o.message
        )));
    }
    let shared = |name: &str| {
        c.shared
            .iter()
            .find(|(o, _)| o == name)
            .map(|(_, n)| n.clone())
    };
    let old_keys = keys(&c.old, old, rng);
    let new_keys = keys(&c.new, new, rng);
    for (key, values) in &old_keys {
        if report.verdict >= Level::ReadsOld {
            reads_same(new, key, values, &shared).map_err(fail)?;
        }
        if report.verdict >= Level::OrderKept {
            no_misread(new, key, values, &shared).map_err(fail)?;
            in_scan(new, key, values, &shared).map_err(fail)?;
            for (other, other_values) in &new_keys {
                in_order(new, (key, values), (other, other_values), &shared).map_err(fail)?;
            }
        }
    }
    if report.verdict >= Level::Renamed {
        let back = |name: &str| {
            c.shared
                .iter()
                .find(|(_, n)| n == name)
                .map(|(o, _)| o.clone())
        };
        for (key, values) in &new_keys {
            reads_same(old, key, values, &back).map_err(fail)?;
        }
    }
    for change in report.changes.iter().filter(|x| x.level < Level::ReadsOld) {
        let shown = report
            .witnesses
            .iter()
            .any(|w| w.rule == change.rule && w.field == change.field && w.level() <= change.level);
        if !shown {
            return Err(fail(format!("no witness of `{}`", change.message)));
        }
    }
    for w in &report.witnesses {
        replay(old, new, w, &shared)
            .map_err(|e| fail(format!("witness of {}: {e}", w.rule.name())))?;
    }
    Ok(report)
}

type Names<'f> = &'f dyn Fn(&str) -> Option<String>;

fn value<'v, 'a>(values: &'v [FieldValue<'a>], name: &str) -> Option<&'v Value<'a>> {
    values.iter().find(|v| v.name == name).map(|v| &v.value)
}

/// `key` decodes under `reader` to `values` (by `names`), fields the key
/// lacks `None`, and `reader` writes those values as `key`.
fn reads_same(
    reader: &Layout<'_>,
    key: &[u8],
    values: &[FieldValue<'_>],
    names: Names<'_>,
) -> Result<(), String> {
    let hex = model::hex(key);
    let read = dynamic::decode(reader, key).map_err(|e| format!("{hex} does not decode: {e}"))?;
    for v in &read {
        let old = values
            .iter()
            .find(|o| names(o.name).as_deref() == Some(v.name))
            .map(|o| &o.value);
        match old {
            Some(o) if same(o, &v.value) => {}
            None if v.value == Value::None || v.value == Value::Unit => {}
            _ => {
                return Err(format!(
                    "{hex} reads {} as {}, was {old:?}",
                    v.name, v.value
                ))
            }
        }
    }
    let texts: Vec<(&str, String)> = read
        .iter()
        .filter(|v| v.value != Value::Unit)
        .map(|v| (v.name, v.value.to_input()))
        .collect();
    let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (*n, v.as_str())).collect();
    match dynamic::encode(reader, &pairs) {
        Ok(again) if again == key => Ok(()),
        other => Err(format!("{hex} is written as {other:?} by the new layout")),
    }
}

/// Where `key` decodes, its shared fields read as before.
fn no_misread(
    new: &Layout<'_>,
    key: &[u8],
    values: &[FieldValue<'_>],
    names: Names<'_>,
) -> Result<(), String> {
    let Ok(read) = dynamic::decode(new, key) else {
        return Ok(());
    };
    for o in values {
        let Some(n) = names(o.name) else { continue };
        match value(&read, &n) {
            Some(v) if !same(&o.value, v) => {
                return Err(format!(
                    "{} reads {n} as {v}, was {}",
                    model::hex(key),
                    o.value
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// The pins of the old values on the new layout's leading shared fields
/// (shared tags too); `Err` names a value the new field cannot hold (even
/// past the scan) or a field the key lacks before one it has.
fn pins(
    new: &Layout<'_>,
    values: &[FieldValue<'_>],
    names: Names<'_>,
) -> Result<Vec<(String, String)>, String> {
    let mut pins = Vec::new();
    let mut pinning = true;
    // Decoded values hold the tags too (as `()`).
    let has = |s: &rowkey::Segment<'_>| {
        values
            .iter()
            .any(|o| names(o.name).as_deref() == Some(s.name))
    };
    let fields: Vec<&rowkey::Segment<'_>> = new
        .segments
        .iter()
        .filter(|s| !matches!(s.kind, FieldCodec::Salt))
        .collect();
    for (i, seg) in fields.iter().enumerate() {
        if !has(seg) {
            if pinning && fields[i..].iter().any(|s| has(s)) {
                return Err(format!("the key lacks {} before a field it has", seg.name));
            }
            pinning = false;
            continue;
        }
        pinning &= seg.since == 0;
        if matches!(seg.kind, FieldCodec::Tag(_)) {
            if pinning {
                pins.push((seg.name.to_string(), String::new()));
            }
            continue;
        }
        let o = values
            .iter()
            .find(|o| names(o.name).as_deref() == Some(seg.name))
            .unwrap();
        let text =
            input(seg, &o.value).ok_or(format!("{} is no value of {}", o.value, seg.name))?;
        if pinning {
            pins.push((seg.name.to_string(), text));
        } else if !holds(seg, &text) {
            return Err(format!("{} cannot hold {text}", seg.name));
        }
    }
    Ok(pins)
}

/// Whether a field alone encodes the value of `text`.
fn holds(seg: &rowkey::Segment<'_>, text: &str) -> bool {
    let alone = [rowkey::Segment { offset: 0, ..*seg }];
    let l = Layout {
        name: "",
        width: 0,
        variable: true,
        max_width: usize::MAX,
        salt: None,
        segments: &alone,
    };
    dynamic::encode(&l, &[(seg.name, text)]).is_ok()
}

/// A value as text for `seg` (strings as UTF-8, bytes as hex), when the
/// field reads that text back as the same value.
fn input(seg: &rowkey::Segment<'_>, v: &Value<'_>) -> Option<String> {
    let utf8 = match seg.kind {
        FieldCodec::Fixed(f) => Some(f.text.utf8),
        FieldCodec::Escaped(e) => Some(e.0.utf8),
        FieldCodec::Rest(r) => Some(r.0.utf8),
        FieldCodec::Bytes(_) => Some(false),
        _ => None,
    };
    let bare = match v {
        Value::Some(x) => x,
        x => x,
    };
    let text = match (utf8, bare) {
        (Some(true), Value::Bytes(b)) => std::str::from_utf8(b).ok()?.to_string(),
        (Some(false), Value::Text(t)) => model::hex(t.as_bytes()),
        _ => v.to_input(),
    };
    let back = dynamic::parse_value(seg, &text).ok()?;
    same(v, &back).then_some(text)
}

/// The key's values are the new layout's, and its scan for them (on the
/// leading shared fields) contains the key.
fn in_scan(
    new: &Layout<'_>,
    key: &[u8],
    values: &[FieldValue<'_>],
    names: Names<'_>,
) -> Result<(), String> {
    let pins = pins(new, values, names)?;
    let refs: Vec<(&str, &str)> = pins.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    match dynamic::scan::<Vec<u8>>(
        new,
        &Scan {
            pins: &refs,
            range: None,
        },
    ) {
        Ok(r) if contains(r.clone(), key) => Ok(()),
        Ok(_) => Err(format!(
            "the new scan for {pins:?} misses {}",
            model::hex(key)
        )),
        Err(e) => Err(format!("the new layout cannot scan for {pins:?}: {e}")),
    }
}

fn contains(r: ScanRanges<Vec<u8>>, key: &[u8]) -> bool {
    match r {
        ScanRanges::One(r) => r.contains(key),
        ScanRanges::PerBucket(mut b) => b.any(|r| r.contains(key)),
    }
}

/// An old key and a new key sort as their shared fields' values do.
fn in_order(
    new: &Layout<'_>,
    (a, av): (&[u8], &[FieldValue<'_>]),
    (b, bv): (&[u8], &[FieldValue<'_>]),
    names: Names<'_>,
) -> Result<(), String> {
    let sw = new.salt.map_or(0, |s| s.salt.width());
    if sw > 0 && a.get(..sw) != b.get(..sw) {
        return Ok(());
    }
    let Some(by_values) = compare(new, av, bv, names) else {
        return Ok(());
    };
    if by_values != Ordering::Equal && a.cmp(b) != by_values {
        return Err(format!(
            "old {} and new {} sort against their values",
            model::hex(a),
            model::hex(b)
        ));
    }
    Ok(())
}

/// The old values `av` against the new `bv` on the shared fields, in the
/// new layout's order and directions; `None` where no order applies.
fn compare(
    new: &Layout<'_>,
    av: &[FieldValue<'_>],
    bv: &[FieldValue<'_>],
    names: Names<'_>,
) -> Option<Ordering> {
    for seg in new.segments {
        let Some(o) = av
            .iter()
            .find(|o| names(o.name).as_deref() == Some(seg.name))
        else {
            continue;
        };
        let y = value(bv, seg.name)?;
        // A descending rest of the key sorts a shorter value first.
        let rest_desc = matches!(seg.kind, FieldCodec::Rest(_)) && seg.reverse;
        if seg.order == Order::Unordered || rest_desc {
            if same(&o.value, y) {
                continue;
            }
            return None;
        }
        let ord = order(&o.value, y)?;
        let ord = if seg.order == Order::Descending {
            ord.reverse()
        } else {
            ord
        };
        if ord != Ordering::Equal {
            return Some(ord);
        }
    }
    Some(Ordering::Equal)
}

/// The witness, replayed with `dynamic`: each layout reads the key as it
/// says, and what it shows holds.
fn replay(old: &Layout<'_>, new: &Layout<'_>, w: &Witness, names: Names<'_>) -> Result<(), String> {
    let reading = |l: &Layout<'_>| -> Result<String, String> {
        if l.variable && w.key.len() > l.max_width {
            return Err("longer than max_width".into());
        }
        dynamic::decode(l, &w.key)
            .map(|vs| {
                let mut s = l.name.to_string();
                for v in vs {
                    s += &format!(" {}={}", v.name, v.value);
                }
                s
            })
            .map_err(|e| e.to_string())
    };
    let said =
        |r: &Result<compat::Reading, String>| r.as_ref().map(|r| r.to_string()).map_err(|_| ());
    if reading(old).map_err(|_| ()) != said(&w.old) || reading(new).map_err(|_| ()) != said(&w.new)
    {
        return Err(format!(
            "readings differ: {:?} {:?}",
            reading(old),
            reading(new)
        ));
    }
    if w.writer == Writer::New {
        return Ok(());
    }
    let ov = dynamic::decode(old, &w.key).map_err(|e| e.to_string())?;
    let nv = reading(new)
        .ok()
        .and_then(|_| dynamic::decode(new, &w.key).ok());
    match (&w.shows, nv) {
        (Shows::NoLongerDecodes, None) => Ok(()),
        (Shows::ReadsDifferently { .. }, Some(nv))
            if no_misread(new, &w.key, &ov, names).is_err() =>
        {
            let _ = nv;
            Ok(())
        }
        (Shows::ReadsNewFields { .. }, Some(nv)) => {
            let lacks =
                |v: &&FieldValue<'_>| !ov.iter().any(|o| names(o.name).as_deref() == Some(v.name));
            match nv
                .iter()
                .filter(lacks)
                .any(|v| v.value != Value::None && v.value != Value::Unit)
            {
                true => Ok(()),
                false => Err("no field the key lacks reads a value".into()),
            }
        }
        (Shows::WrittenElsewhere { new_key }, Some(_)) if new_key != &w.key => Ok(()),
        // The scan of the key's values, as this oracle pins them, misses it.
        (Shows::ScanMisses { start, .. }, _) => {
            let pins = pins(new, &ov, names)?;
            let pins: Vec<(&str, &str)> =
                pins.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
            let r = dynamic::scan::<Vec<u8>>(
                new,
                &Scan {
                    pins: &pins,
                    range: None,
                },
            )
            .map_err(|e| e.to_string())?;
            let first = match &r {
                ScanRanges::One(r) => r.start().to_vec(),
                ScanRanges::PerBucket(b) => b
                    .clone()
                    .next()
                    .map(|r| r.start().to_vec())
                    .unwrap_or_default(),
            };
            match (first == *start, contains(r, &w.key)) {
                (true, false) => Ok(()),
                _ => Err("the scan contains the key".into()),
            }
        }
        (Shows::NoValue { field, .. }, _) => match pins(new, &ov, names) {
            Err(_) => Ok(()),
            Ok(pins) => {
                let upto = pins
                    .iter()
                    .position(|(n, _)| n == field)
                    .ok_or("no such field")?;
                let refs: Vec<(&str, &str)> = pins[..=upto]
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .collect();
                match dynamic::scan::<Vec<u8>>(
                    new,
                    &Scan {
                        pins: &refs,
                        range: None,
                    },
                ) {
                    Err(_) => Ok(()),
                    Ok(_) => Err(format!("the new layout holds {field}")),
                }
            }
        },
        (Shows::Unreachable { field, missing }, _) => {
            let at = |n: &str| new.segments.iter().position(|s| s.name == n);
            let lacks = !ov
                .iter()
                .any(|o| names(o.name).as_deref() == Some(missing.as_str()));
            let has = ov
                .iter()
                .any(|o| names(o.name).as_deref() == Some(field.as_str()));
            match (lacks, has, at(missing) < at(field)) {
                (true, true, true) => Ok(()),
                _ => Err("the key is reachable".into()),
            }
        }
        (Shows::OutOfOrder { other, .. }, _) => {
            let bv = dynamic::decode(new, other).map_err(|e| e.to_string())?;
            match compare(new, &ov, &bv, names) {
                Some(o) if o != Ordering::Equal && w.key.as_slice().cmp(other) != o => Ok(()),
                _ => Err("the keys sort as their values".into()),
            }
        }
        (shows, _) => Err(format!("does not show {shows:?}")),
    }
}

/// The same value: numbers by value, text as its bytes, floats by their bits.
pub fn same(a: &Value<'_>, b: &Value<'_>) -> bool {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => num(*x) == num(*y),
        (Value::Text(_) | Value::Bytes(_), Value::Text(_) | Value::Bytes(_)) => {
            a.as_bytes() == b.as_bytes()
        }
        (Value::Some(x), Value::Some(y)) => same(x, y),
        (Value::F32(x), Value::F64(y)) | (Value::F64(y), Value::F32(x)) => {
            f64::from(*x).to_bits() == y.to_bits()
        }
        _ => a == b,
    }
}

/// A number as (sign, magnitude) that compares by value.
fn num(n: Number) -> (bool, u128) {
    match n {
        Number::Unsigned(u) => (true, u),
        Number::Signed(i) if i < 0 => (false, i.unsigned_abs()),
        Number::Signed(i) => (true, i as u128),
    }
}

fn order(a: &Value<'_>, b: &Value<'_>) -> Option<Ordering> {
    Some(match (a, b) {
        (Value::Int(x), Value::Int(y)) => match (num(*x), num(*y)) {
            ((true, x), (true, y)) => x.cmp(&y),
            ((false, x), (false, y)) => y.cmp(&x),
            ((true, _), (false, _)) => Ordering::Greater,
            ((false, _), (true, _)) => Ordering::Less,
        },
        (Value::F64(x), Value::F64(y)) => x.total_cmp(y),
        (Value::F32(x), Value::F32(y)) => x.total_cmp(y),
        (Value::F32(x), Value::F64(y)) => f64::from(*x).total_cmp(y),
        (Value::F64(x), Value::F32(y)) => x.total_cmp(&f64::from(*y)),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Text(_) | Value::Bytes(_), Value::Text(_) | Value::Bytes(_)) => {
            a.as_bytes().cmp(b.as_bytes())
        }
        (Value::None, Value::None) | (Value::Unit, Value::Unit) => Ordering::Equal,
        (Value::None, Value::Some(_)) => Ordering::Less,
        (Value::Some(_), Value::None) => Ordering::Greater,
        (Value::Some(x), Value::Some(y)) => order(x, y)?,
        _ => return None,
    })
}
