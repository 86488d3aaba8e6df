//! `rowkey::dynamic` on a layout built from the input (any codec, salt and
//! key format the derive allows): a layout's schema reads back to the same
//! layout; a key encoded from values decodes; decode, explain, encode and
//! scan of any bytes never panic; explain agrees with decode; and a decoded
//! key encodes to the same bytes and lies in the scans of its own values.
#![no_main]

use std::ops::Bound;

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use rowkey::dynamic::{self, Scan};
use rowkey::schema::{self, Arena, Schema};
use rowkey::{DecodeErrorKind, Layout};
use rowkey_fuzz::{check, layouts};

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let arena = Arena::new();
    let Ok(layout) = layouts::layout(&mut u, &arena) else {
        return;
    };
    // One input in four: the round trip costs what the rest does together.
    if u.ratio(1, 4).unwrap_or(false) {
        let json = layout.to_json();
        match schema::read(&json, &arena) {
            Ok(Schema::Key(back)) => assert_eq!(back, layout, "{json}"),
            other => panic!("{json} reads back as {other:?}"),
        }
    }
    let Ok(bytes) = key(&mut u, layout) else {
        return;
    };
    check::explained(layout, &bytes);
    check::decoded(layout, &bytes);
    let _ = any_scan(&mut u, layout);
});

/// A key encoded from values the fuzzer picks, perhaps with one byte
/// changed or cut short; or the input's bytes as they are.
fn key(u: &mut Unstructured<'_>, layout: &Layout<'_>) -> Result<Vec<u8>> {
    if u.ratio(1, 4)? {
        let n = u.len();
        return Ok(u.bytes(n)?.to_vec());
    }
    let mut text = Vec::new();
    layouts::values(u, layout, "", &mut text)?;
    let Ok(mut key) = dynamic::encode(layout, &check::pairs(&text)) else {
        return Err(arbitrary::Error::IncorrectFormat);
    };
    match dynamic::decode(layout, &key) {
        Ok(_) => {}
        // Documented: a borrowed `&str`/`&[u8]` reads only the key's own
        // bytes, not a value unescaped or inverted; `Cow` reads both.
        Err(e) if e.kind() == DecodeErrorKind::NeedsOwned => {}
        Err(e) => panic!("{text:?} encodes to {key:02x?}, which does not decode: {e}"),
    }
    match u.int_in_range(0..=3)? {
        0 if !key.is_empty() => {
            let at = u.choose_index(key.len())?;
            key[at] = u.arbitrary()?;
        }
        1 => key.truncate(u.choose_index(key.len() + 1)?),
        2 => {
            let n = u.int_in_range(1..=3)?;
            key.extend_from_slice(u.bytes(n)?);
        }
        _ => {}
    }
    Ok(key)
}

/// A scan of values and a range the fuzzer picks: ranges or an error, never a panic.
fn any_scan(u: &mut Unstructured<'_>, layout: &Layout<'_>) -> Result<()> {
    let mut text = Vec::new();
    layouts::values(u, layout, "", &mut text)?;
    let pinned = u.choose_index(text.len() + 1)?;
    let bound = |u: &mut Unstructured<'_>, t: String| -> Result<Bound<String>> {
        Ok(match u.int_in_range(0..=2)? {
            0 => Bound::Included(t),
            1 => Bound::Excluded(t),
            _ => Bound::Unbounded,
        })
    };
    let lo = layouts::value_text(u)?;
    let lo = bound(u, lo)?;
    let hi = layouts::value_text(u)?;
    let hi = bound(u, hi)?;
    let pins = check::pairs(&text[..pinned]);
    let range = text
        .get(pinned)
        .filter(|_| u.arbitrary().unwrap_or(false))
        .map(|(name, _)| {
            (
                name.as_str(),
                lo.as_ref().map(String::as_str),
                hi.as_ref().map(String::as_str),
            )
        });
    let _ = dynamic::scan::<Vec<u8>>(layout, &Scan { pins: &pins, range });
    Ok(())
}
