//! No input makes the command line's parsers panic: any key text, any
//! schema text, any field values, any `cbt read` output; each gives a value
//! or an error. And every key the tool prints reads back to its bytes.

use proptest::prelude::*;
use rowkey::RowKey;
use rowkey_cli::cbt::ReadOutput;
use rowkey_cli::encode::encode;
use rowkey_cli::keytext::{b64, hex, parse_key, shell, Plain};
use rowkey_cli::scan::ranges;
use rowkey_cli::schema::{read, Arena, Schema};

#[derive(RowKey)]
#[rowkey(salt(buckets = 4, phoenix))]
#[allow(dead_code)] // only its layout is read
struct Mixed<'a> {
    #[pad(3)]
    a: u16,
    b: Option<i32>,
    #[fixed(3)]
    c: String,
    #[escaped]
    d: &'a str,
    e: Vec<u8>,
}

proptest! {
    #[test]
    fn any_key_text(text in any::<String>()) {
        let _ = parse_key(&text, Plain::HexFirst);
        let _ = parse_key(&text, Plain::Text);
    }

    /// Hex, base64 and the quoted shell form all read back to the key,
    /// whatever its bytes (a printable key that looks like hex included).
    #[test]
    fn printed_keys_read_back(key in prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..40),
        r##"(0x|b64:|\\x|")?[0-9a-fA-F\\x"#]{0,12}"##.prop_map(String::into_bytes),
    ]) {
        for text in [hex(&key), b64(&key), shell(&key)] {
            prop_assert_eq!(parse_key(&text, Plain::HexFirst).unwrap(), key.clone(), "{}", text);
            prop_assert_eq!(parse_key(&text, Plain::Text).unwrap(), key.clone(), "{}", text);
        }
    }

    #[test]
    fn any_cbt_output(out in proptest::collection::vec(any::<u8>(), 0..300), n in 0usize..20) {
        let mut r = ReadOutput::new(|len| len == n);
        for (i, line) in out.split(|&c| c == b'\n').enumerate() {
            let _ = r.line(line, i + 1);
        }
        let _ = r.finish();
    }

    /// A valid schema with any one character replaced: read, or refused.
    #[test]
    fn any_schema_text(at in any::<prop::sample::Index>(), c in any::<char>()) {
        let json = Mixed::LAYOUT.to_json();
        let i = at.index(json.len());
        let mut broken: String = json.chars().take(i).collect();
        broken.push(c);
        broken.extend(json.chars().skip(i + 1));
        let arena = Arena::new();
        if let Ok(Schema::Key(l)) = read(&broken, &arena) {
            let _ = l.explain(b"\x01007\x01\x80\0\0\x01ab\0x\0\x01tail").to_string();
        }
    }

    #[test]
    fn any_field_values(args in proptest::collection::vec("[a-e.]{1,3}=[-0-9a-z.=x\\\\]{0,6}", 0..6)) {
        let m = rowkey::Member { name: "Mixed", tag: b"m", layout: &Mixed::LAYOUT };
        let _ = encode(&m, &args, false);
        let _ = ranges(&m, &args);
    }
}
