//! Writes the seed corpus of every target into `seeds/` (what is checked
//! in): a valid key of each derived key type, schemas of a few of them with
//! a key, key texts and command outputs. `cargo +nightly run --example seeds`.

use std::borrow::Cow;
use std::path::Path;

use rowkey::codec::phoenix::{Date, Timestamp};
use rowkey::{Md5, RowKey};
use rowkey_fuzz::keys::*;

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    let keys = derived_keys();
    for (i, key) in keys.iter().enumerate() {
        let mut seed = vec![i as u8];
        seed.extend_from_slice(key);
        write(&root, "decode", &format!("key-{i:02}"), &seed)?;
    }
    let layouts = rowkey_fuzz::layouts::derived();
    for i in [3, 7, 18, 24, 26] {
        let mut seed = layouts[i].to_json().into_bytes();
        seed.push(0xFF);
        seed.extend_from_slice(&keys[i]);
        write(&root, "schema", layouts[i].name, &seed)?;
    }
    write(
        &root,
        "schema",
        "Tagged",
        Tagged::KEY_TYPES.to_json().as_bytes(),
    )?;
    for (name, text) in [
        ("hex", &b"0x0001ff"[..]),
        ("b64", b"b64:AAH/"),
        ("quoted", br#""\x00\x01ab#{x}""#),
        ("shell", br"\x00user\xFF"),
        ("digits", b"00000120120902000001"),
        ("plain-hex", b"0a0000018b"),
    ] {
        write(&root, "keytext", name, text)?;
    }
    let file_key = 28; // CustomerKey: 9 bytes
    let hbase = format!(
        "ROW                          COLUMN+CELL\n {:<25} column=f:name, timestamp=1, value=a\n1 row(s)\n",
        rowkey::text::StringBinary(&keys[file_key])
    );
    let mut seed = vec![64 + file_key as u8];
    seed.extend_from_slice(hbase.as_bytes());
    write(&root, "cli_input", "hbase-scan", &seed)?;
    let mut seed = vec![128 + file_key as u8];
    seed.extend_from_slice(b"----------------------------------------\n");
    seed.extend_from_slice(&keys[file_key]);
    seed.extend_from_slice(
        b"\n  cf:c                                     @ 2026/11/25-16:36:14.022000\n    \"v\"\n\n",
    );
    write(&root, "cli_input", "cbt-read", &seed)?;
    let mut seed = vec![file_key as u8];
    for k in &keys[file_key..=file_key + 1] {
        seed.extend_from_slice(rowkey_cli::keytext::hex(k).as_bytes());
        seed.push(b'\n');
    }
    write(&root, "cli_input", "key-lines", &seed)?;
    // The generator's choices: one input of each key format.
    for (name, seed) in [
        (
            "plain",
            &[0u8, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12][..],
        ),
        ("struct", &[2, 3, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]),
        ("phoenix", &[3, 2, 9, 0, 2, 1, 8, 0, 1, 1, 0, 0, 0, 0]),
    ] {
        write(&root, "dynamic", name, seed)?;
    }
    Ok(())
}

fn write(root: &Path, target: &str, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let dir = root.join(target);
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(name), bytes)
}

/// A key of every type the `decode` target numbers, in its order.
fn derived_keys() -> Vec<Vec<u8>> {
    let inner = Inner { id: 42, flag: true };
    vec![
        a(inner.encode()),
        a(SaltedInner { id: 7, seq: 3 }.encode()),
        a(Ints {
            a: 1,
            b: 2,
            c: 3,
            d: 4,
            e: 5,
            f: -1,
            g: -2,
            h: 3,
            i: -4,
            j: 5,
        }
        .encode()),
        a(Numbers {
            a: 9,
            b: 1,
            c: 1 << 40,
            d: 255,
            e: 12345,
            f: 1_234_567,
            g: 20_120_902,
            h: u128::MAX,
            i: 7,
            j: -7,
        }
        .encode()),
        a(Fixed {
            a: 1,
            c: 1.5,
            d: -0.0,
            e: true,
            e2: false,
            f: *b"abc",
            g: Some(5),
            g2: None,
            i: "h\u{e9}".into(),
            i2: vec![1, 2],
            t: (),
            t2: (),
            inner: inner.clone(),
            salted: SaltedInner { id: 1, seq: 2 },
            md5: Md5::of("x"),
            oi: Some(inner.clone()),
            m: *b"wxyz",
        }
        .encode()),
        a(Viewed {
            host: 3,
            ts: 9,
            id: 123,
            level: Some(4),
        }
        .encode()),
        a(FixedBorrowed {
            s: "ab",
            b: b"\x01",
            c: Cow::Borrowed("z"),
        }
        .encode()),
        a(Variable {
            id: 3,
            host: "a\0b".into(),
            raw: vec![0, 1],
            rest: "tail".into(),
        }
        .encode()),
        a(Borrowed {
            host: "h",
            event: Cow::Borrowed(b"ev"),
            raw: b"r",
            ts: 5,
            path: b"/p",
        }
        .encode()),
        a(Trailing {
            kind: (),
            inner: inner.clone(),
            path: "a/b",
        }
        .encode()),
        a(TrailingBytes {
            n: 7,
            body: vec![0, 0xFF],
        }
        .encode()),
        a(Modulo { ts: 1234, host: 1 }.encode()),
        a(WideModulo {
            id: 70_000,
            name: "n".into(),
        }
        .encode()),
        a(Custom { a: 1, b: 2, c: 3 }.encode()),
        a(Java {
            shard: 1,
            day: -2,
            user: 3,
            score: 0.5,
            weight: -1.0,
            active: true,
            name: "joe".into(),
        }
        .encode()),
        a(OrderedNumbers {
            a: -1,
            b: 2,
            c: -3,
            d: 4,
            e: 0.5,
            f: -0.25,
            g: Some(7),
            h: None,
        }
        .encode()),
        a(OrderedVar {
            name: "n",
            host: "h".into(),
            tag: Some("t"),
            blob: vec![0, 0xFF],
            blob2: None,
            body: b"body",
        }
        .encode()),
        a(OrderedCopyDesc {
            id: 1,
            body: Some(vec![1, 2]),
        }
        .encode()),
        a(StructFirst {
            id: 1,
            name: Some("a".into()),
            blob: None,
            tag: Some("t".into()),
        }
        .encode()),
        a(StructSecond {
            ts: 5,
            score: 1.0,
            host: None,
            n: Some(3),
            body: None,
        }
        .encode()),
        a(StructNullable {
            name: Some("x"),
            blob: Some(vec![9]),
            body: None,
        }
        .encode()),
        a(PhoenixMixed {
            t: 1,
            s: -2,
            i: 3,
            l: -4,
            d: 0.5,
            flag: true,
            on: false,
            day: Date { millis: 86_400_000 },
            at: Timestamp {
                millis: 1_700_000_000_123,
                nanos: 456_789,
            },
            code: "abc".into(),
            name: "name".into(),
        }
        .encode()),
        a(PhoenixVarchars {
            a: "a",
            n: 1,
            b: "b".into(),
        }
        .encode()),
        a(PhoenixAllVarchar {
            a: "a".into(),
            b: "".into(),
            c: "c".into(),
        }
        .encode()),
        a(PhoenixSalted {
            host: "h1".into(),
            ts: 9,
        }
        .encode()),
        a(PhoenixFixed {
            code: "ab".into(),
            id: 1,
        }
        .encode()),
        a(Evolved {
            user_id: 1,
            ts: 2,
            region: None,
            archived: Some(true),
            inner: None,
        }
        .encode()),
        a(EvolvedVariable {
            host: "h".into(),
            port: Some(80),
        }
        .encode()),
        a(CustomerKey {
            customer: 7,
            kind: (),
        }
        .encode()),
        a(OrderKey {
            customer: 7,
            kind: (),
            order: 9,
        }
        .encode()),
        a(Tagged::User(UserKey { user: 5 }).encode()),
        a(Untagged::Order(OrderKey {
            customer: 1,
            kind: (),
            order: 2,
        })
        .encode()),
        a(StructNumeric {
            id: -12,
            score: 0.125,
            n: None,
        }
        .encode()),
    ]
}

fn a<B: AsRef<[u8]>>(key: Result<B, rowkey::EncodeError>) -> Vec<u8> {
    key.expect("a seed key encodes").as_ref().to_vec()
}
