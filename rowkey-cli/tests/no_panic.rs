//! No input makes the command line's parsers panic: any key text, any
//! schema text, any field values; each gives a value or an error.

use proptest::prelude::*;
use rowkey::RowKey;
use rowkey_cli::commands::{encode, scan};
use rowkey_cli::keytext::parse_key;
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
    fn any_key_text(text in any::<String>(), n in 0usize..40) {
        let _ = parse_key(&text, &|len| len == n);
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
            let _ = rowkey::dynamic::explain(l, b"\x01007\x01\x80\0\0\x01ab\0x\0\x01tail").to_string();
        }
    }

    #[test]
    fn any_field_values(args in proptest::collection::vec("[a-e.]{1,3}=[-0-9a-z.=x\\\\]{0,6}", 0..6)) {
        let m = rowkey::Member { name: "Mixed", tag: b"m", layout: &Mixed::LAYOUT };
        let _ = encode(&m, &args, false, &mut Vec::new());
        let _ = scan(&m, &args, "t", &mut Vec::new());
    }
}
