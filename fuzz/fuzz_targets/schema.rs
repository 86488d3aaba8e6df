//! `rowkey::schema::read` of any text (then, after a `0xFF` byte, bytes
//! for the layout it gives): it reads a schema or gives an error, never
//! panics; a schema it reads writes back (`to_json`) to text that reads
//! to an equal layout; and its layouts decode, explain, encode and scan
//! any bytes without a panic, explain agreeing with decode.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use rowkey::dynamic::{self, Scan};
use rowkey::schema::{self, Arena, Schema};
use rowkey::{KeyTypes, Layout};
use rowkey_fuzz::{check, layouts};

fuzz_target!(|data: &[u8]| {
    let (text, rest) = match data.iter().position(|&b| b == 0xFF) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let arena = Arena::new();
    let Ok(read) = schema::read(text, &arena) else {
        return;
    };
    let again = Arena::new();
    match read {
        Schema::Key(l) => {
            let json = l.to_json();
            match schema::read(&json, &again) {
                Ok(Schema::Key(back)) => assert_eq!(back, l, "{json}"),
                other => panic!("{json} reads back as {other:?}"),
            }
            use_layout(l, rest);
        }
        Schema::KeyTypes(k) => {
            let json = k.to_json();
            match schema::read(&json, &again) {
                Ok(Schema::KeyTypes(back)) => assert_eq!(back, k, "{json}"),
                other => panic!("{json} reads back as {other:?}"),
            }
            use_members(k, rest);
        }
    }
});

/// Decode, explain, encode and scan by a layout read from a schema, which
/// may be one the derive never makes: no panic, and explain agrees with decode.
fn use_layout(l: &Layout<'_>, bytes: &[u8]) {
    let e = l.explain(bytes);
    assert_eq!(e.error, dynamic::decode(l, bytes).err(), "{e}");
    let _ = (e.to_string(), format!("{e:#}"), l.to_string());
    let mut u = Unstructured::new(bytes);
    let mut text = Vec::new();
    if layouts::values(&mut u, l, "", &mut text).is_ok() {
        let pairs = check::pairs(&text);
        if let Ok(key) = dynamic::encode(l, &pairs) {
            let _ = l.explain(&key).to_string();
        }
        for n in 0..=pairs.len() {
            let _ = dynamic::scan::<Vec<u8>>(
                l,
                &Scan {
                    pins: &pairs[..n],
                    range: None,
                },
            );
        }
    }
}

fn use_members(k: &KeyTypes<'_>, bytes: &[u8]) {
    let e = k.explain(bytes);
    let _ = (e.to_string(), format!("{e:#}"));
    for m in k.members {
        use_layout(m.layout, bytes);
    }
}
