//! FORMAT.md's examples, checked: every key declared in its `rust` blocks is
//! declared here the same way (compared token for token), and every row of
//! its example tables is run through the derived key.
//!
//! - `| key | value | bytes |`: the value encodes to exactly these bytes
//!   (`encode`, `encoded_len`), the bytes decode to the value, and the
//!   layout-driven reader (`rowkey::dynamic`, what the schema and the command
//!   line use) reads them too. `refused` in the bytes column: encode fails.
//! - `| key | bytes | decodes to |`: decode gives that value, which itself
//!   encodes to other bytes; `refused`: decode, typed and layout-driven, fails.
//!
//! Values are written as Rust literals: numbers, `NaN`, `inf`, `true`,
//! `"text"` and `b"bytes"` (with `\0`, `\xNN`, `\n`, `\\`, `\"` escapes),
//! `[1, 2]`, `None`, `Some(v)`, `()`, `Md5::of("text")`,
//! `Timestamp { millis: 1, nanos: 2 }`, `Date { millis: 1 }`, a nested key
//! as `Name { field: value, .. }`, a member of a key enum as
//! `Variant(Name { .. })`; a key of several fields as `a: 1, b: 2`.

use std::collections::BTreeMap;
use std::fmt::Debug;

use rowkey::codec::{Date, Timestamp};
use rowkey::{Md5, OwnedRowKey, RowKey};

const DOC: &str = include_str!("../FORMAT.md");

// ---- checking a row ----------------------------------------------------------

/// What the checks need of a key type, whatever its shape.
trait DocKey: OwnedRowKey + PartialEq + Debug + Lit {
    /// Whether the reader that knows the key only by its layout reads `bytes`.
    fn layout_reads(bytes: &[u8]) -> bool;
}

/// `| key | value | bytes |`.
fn check_encode<K: DocKey>(value: &str, bytes: &str) -> Result<(), String> {
    let v: K = parse_value(value)?;
    if bytes == "refused" {
        return match v.encode() {
            Err(_) => Ok(()),
            Ok(b) => Err(format!(
                "encode wrote {}, the document says refused",
                hex(b.as_ref())
            )),
        };
    }
    let expected = unhex(bytes)?;
    let written = v.encode().map_err(|e| format!("encode failed: {e}"))?;
    if written.as_ref() != expected.as_slice() {
        return Err(format!("encode wrote {}", hex(written.as_ref())));
    }
    if v.encoded_len() != expected.len() {
        return Err(format!("encoded_len is {}", v.encoded_len()));
    }
    let back = K::decode(&expected).map_err(|e| format!("decode failed: {e}"))?;
    same_value(&back, &v, &expected)?;
    if !K::layout_reads(&expected) {
        return Err("the layout-driven reader refuses the bytes".into());
    }
    Ok(())
}

/// `| key | bytes | decodes to |`.
fn check_decode<K: DocKey>(bytes: &str, value: &str) -> Result<(), String> {
    let bytes = unhex(bytes)?;
    if value == "refused" {
        if let Ok(k) = K::decode(&bytes) {
            return Err(format!("decode gave {k:?}, the document says refused"));
        }
        if K::layout_reads(&bytes) {
            return Err("the layout-driven reader reads the bytes, decode refuses them".into());
        }
        return Ok(());
    }
    let v: K = parse_value(value)?;
    let back = K::decode(&bytes).map_err(|e| format!("decode failed: {e}"))?;
    if back != v {
        return Err(format!("decode gave {back:?}"));
    }
    if v.encode().is_ok_and(|b| b.as_ref() == bytes.as_slice()) {
        return Err("the value encodes to these bytes: the row belongs in a `bytes` table".into());
    }
    if !K::layout_reads(&bytes) {
        return Err("the layout-driven reader refuses the bytes".into());
    }
    Ok(())
}

/// Equal values; a NaN, which is not equal to itself, as the same `Debug`
/// text that writes the same bytes.
fn same_value<K: DocKey>(back: &K, v: &K, bytes: &[u8]) -> Result<(), String> {
    let again = back.encode().map_err(|e| e.to_string())?;
    if back == v || (format!("{back:?}") == format!("{v:?}") && again.as_ref() == bytes) {
        Ok(())
    } else {
        Err(format!("decode gave {back:?}"))
    }
}

fn parse_value<K: Lit>(text: &str) -> Result<K, String> {
    let mut p = Parser::new(text);
    let v = K::top(&mut p)?;
    p.end()?;
    Ok(v)
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    s.split_whitespace()
        .map(|p| match p.len() {
            2 => u8::from_str_radix(p, 16).map_err(|_| format!("`{p}` is not a hex byte")),
            _ => Err(format!("`{p}` is not a hex byte")),
        })
        .collect()
}

// ---- the document --------------------------------------------------------------

/// One row of an example table.
struct Row {
    line: usize,
    kind: Table,
    cells: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Table {
    /// `| key | value | bytes |`
    Encode,
    /// `| key | bytes | decodes to |`
    Decode,
}

/// The rows of every example table: tables whose first column is `key`.
fn rows(doc: &str) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    // Outside a table: `None`; in a table that holds no examples: `Some(None)`.
    let mut table: Option<Option<Table>> = None;
    for (i, line) in doc.lines().enumerate() {
        let line_no = i + 1;
        let Some(cells) = cells(line) else {
            table = None;
            continue;
        };
        if cells
            .iter()
            .all(|c| c.chars().all(|c| c == '-' || c == ':'))
        {
            continue;
        }
        match table {
            None if cells[0] == "key" => {
                table = Some(Some(match cells.as_slice() {
                    [_, v, b] if v == "value" && b == "bytes" => Table::Encode,
                    [_, b, d] if b == "bytes" && d == "decodes to" => Table::Decode,
                    _ => return Err(format!("FORMAT.md:{line_no}: an example table's header is `| key | value | bytes |` or `| key | bytes | decodes to |`")),
                }));
            }
            None => table = Some(None),
            Some(None) => {}
            Some(Some(kind)) => {
                if cells.len() != 3 {
                    return Err(format!(
                        "FORMAT.md:{line_no}: an example row has three cells"
                    ));
                }
                rows.push(Row {
                    line: line_no,
                    kind,
                    cells,
                });
            }
        }
    }
    Ok(rows)
}

/// The cells of a table line, each without its backticks.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    Some(
        inner
            .split('|')
            .map(|c| {
                let c = c.trim();
                c.strip_prefix('`')
                    .and_then(|c| c.strip_suffix('`'))
                    .unwrap_or(c)
                    .to_string()
            })
            .collect(),
    )
}

/// The key declarations of the document's `rust` blocks, by name, without
/// whitespace or comments.
fn declarations(doc: &str) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    let mut in_rust = false;
    let mut item = String::new();
    let mut depth = 0i32;
    for line in doc.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_rust = t == "```rust";
            continue;
        }
        if !in_rust {
            continue;
        }
        let code = t.split("//").next().unwrap_or("");
        for c in code.chars().filter(|c| !c.is_whitespace()) {
            item.push(c);
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        let name = item_name(&item)?;
                        if out
                            .insert(name.clone(), std::mem::take(&mut item))
                            .is_some()
                        {
                            return Err(format!("FORMAT.md declares `{name}` twice"));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

/// The name after `struct`, `enum` or `fn` in a declaration without
/// whitespace, after its attributes.
fn item_name(item: &str) -> Result<String, String> {
    let mut body = item;
    while let Some(attr) = body.strip_prefix("#[") {
        let mut depth = 1;
        let end = attr
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '[' => 1,
                    ']' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .ok_or_else(|| format!("`{item}`: an attribute does not end"))?;
        body = &attr[end.0 + 1..];
    }
    let rest = ["struct", "enum", "fn"]
        .iter()
        .find_map(|k| body.strip_prefix(k))
        .ok_or_else(|| format!("`{item}` is not a struct, enum or fn declaration"))?;
    Ok(rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect())
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_example_in_format_md_is_what_the_derive_writes_and_reads() {
    let rows = rows(DOC).unwrap();
    let mut failures = Vec::new();
    let mut used = BTreeMap::new();
    for row in &rows {
        let [key, a, b] = &row.cells[..] else {
            unreachable!()
        };
        *used.entry(key.clone()).or_insert(0) += 1;
        let result = match row.kind {
            Table::Encode => check_row(key, |k| (k.encode)(a, b)),
            Table::Decode => check_row(key, |k| (k.decode)(a, b)),
        };
        if let Err(e) = result {
            failures.push(format!("FORMAT.md:{}: `{key}` `{a}` `{b}`: {e}", row.line));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // A key is used as a row's key, or inside a value (a nested key, an enum's member).
    let in_values = |name: &str| {
        let pattern = format!("{name} {{");
        rows.iter()
            .any(|r| r.cells[1..].iter().any(|c| c.contains(&pattern)))
    };
    for k in KEYS {
        assert!(
            used.contains_key(k.name) || in_values(k.name),
            "FORMAT.md declares `{}` but no example uses it",
            k.name
        );
    }
    assert!(
        rows.len() >= KEYS.len(),
        "FORMAT.md has {} example rows",
        rows.len()
    );
}

#[test]
fn format_md_declares_its_keys_as_the_test_does() {
    let doc = declarations(DOC).unwrap();
    let here: BTreeMap<String, String> = KEYS
        .iter()
        .map(|k| (k.name, k.declaration))
        .chain(FNS.iter().copied())
        .map(|(name, decl)| (name.to_string(), squeeze(decl)))
        .collect();
    for (name, decl) in &doc {
        match here.get(name) {
            Some(d) => assert_eq!(
                d, decl,
                "FORMAT.md's `{name}` differs from tests/format_doc.rs"
            ),
            None => panic!("FORMAT.md declares `{name}`, tests/format_doc.rs does not"),
        }
    }
    for name in here.keys() {
        assert!(
            doc.contains_key(name),
            "tests/format_doc.rs declares `{name}`, FORMAT.md does not"
        );
    }
}

fn check_row(key: &str, f: impl Fn(&Key) -> Result<(), String>) -> Result<(), String> {
    let k = KEYS
        .iter()
        .find(|k| k.name == key)
        .ok_or_else(|| format!("no key `{key}` is declared"))?;
    f(k)
}

/// A key type of the document, with its checks.
struct Key {
    name: &'static str,
    declaration: &'static str,
    encode: fn(&str, &str) -> Result<(), String>,
    decode: fn(&str, &str) -> Result<(), String>,
}

/// Declares the document's keys (each derives `RowKey`, parses its literals
/// and is listed in `KEYS`) and functions (listed in `FNS`), each with its
/// declaration's text. Declarations reach the derive as the tokens written,
/// never as `ty` or `meta` fragments, which a derive sees wrapped.
macro_rules! keys {
    (@each [$($done:ident)*] [$($f:ident $fd:expr),*]) => {
        const KEYS: &[Key] = &[$(Key {
            name: stringify!($done),
            declaration: $done::DECLARATION,
            encode: check_encode::<$done>,
            decode: check_decode::<$done>,
        }),*];
        /// The functions' names and declarations.
        const FNS: &[(&str, &str)] = &[$((stringify!($f), $fd)),*];
    };
    (@each [$($done:ident)*] [$($fns:tt)*]
        fn $name:ident ($($args:tt)*) -> $ret:ty $body:block
        $($rest:tt)*
    ) => {
        fn $name($($args)*) -> $ret $body
        keys!(@each [$($done)*] [$($fns)* $name stringify!(fn $name($($args)*) -> $ret $body)] $($rest)*);
    };
    (@each [$($done:ident)*] [$($fns:tt)*]
        $(#[$($sa:tt)*])* struct $name:ident { $($body:tt)* }
        $($rest:tt)*
    ) => {
        #[derive(RowKey, Debug, PartialEq)]
        $(#[$($sa)*])* struct $name { $($body)* }
        impl $name {
            const DECLARATION: &'static str = stringify!($(#[$($sa)*])* struct $name { $($body)* });
        }
        keys!(@struct $name $($body)*);
        impl DocKey for $name {
            fn layout_reads(bytes: &[u8]) -> bool {
                rowkey::dynamic::decode(&<$name as RowKey>::LAYOUT, bytes).is_ok()
            }
        }
        keys!(@each [$($done)* $name] [$($fns)*] $($rest)*);
    };
    (@each [$($done:ident)*] [$($fns:tt)*]
        $(#[$($ea:tt)*])* enum $name:ident { $($body:tt)* }
        $($rest:tt)*
    ) => {
        #[derive(RowKey, Debug, PartialEq)]
        $(#[$($ea)*])* enum $name { $($body)* }
        impl $name {
            const DECLARATION: &'static str = stringify!($(#[$($ea)*])* enum $name { $($body)* });
        }
        keys!(@enum $name $($body)*);
        impl DocKey for $name {
            fn layout_reads(bytes: &[u8]) -> bool {
                <$name>::KEY_TYPES.explain(bytes).is_valid()
            }
        }
        keys!(@each [$($done)* $name] [$($fns)*] $($rest)*);
    };
    (@struct $name:ident $($(#[$($fa:tt)*])* $f:ident : $t:ty),* $(,)?) => {
        impl $name {
            #[allow(unused_assignments)]
            fn fields(p: &mut Parser) -> Result<Self, String> {
                let mut first = true;
                Ok($name { $($f: {
                    if !first { p.expect(',')?; }
                    first = false;
                    p.word(stringify!($f))?;
                    p.expect(':')?;
                    <$t as Lit>::lit(p)?
                }),* })
            }
        }
        impl Lit for $name {
            fn lit(p: &mut Parser) -> Result<Self, String> {
                p.word(stringify!($name)).ok();
                p.expect('{')?;
                let v = Self::fields(p)?;
                p.expect('}')?;
                Ok(v)
            }
            fn top(p: &mut Parser) -> Result<Self, String> {
                if [$(stringify!($f)),*].len() == 1 && !p.looks_named() {
                    // One field: its value alone.
                    return Ok($name { $($f: <$t as Lit>::lit(p)?),* });
                }
                Self::fields(p)
            }
        }
    };
    (@enum $name:ident $($(#[$($va:tt)*])* $v:ident($vt:ty)),* $(,)?) => {
        impl Lit for $name {
            fn lit(p: &mut Parser) -> Result<Self, String> {
                $(if p.word(stringify!($v)).is_ok() {
                    p.expect('(')?;
                    let v = $name::$v(<$vt as Lit>::lit(p)?);
                    p.expect(')')?;
                    return Ok(v);
                })*
                Err(p.error("a member of the enum"))
            }
        }
    };
    ($($item:tt)*) => {
        keys!(@each [] [] $($item)*);
    };
}

// ---- the keys of FORMAT.md ---------------------------------------------------

keys! {
    #[rowkey(max_width = 4)]
    struct Capped { id: u8, name: String }
    struct CustomerRow { customer: u8, #[tag(1)] kind: () }
    struct OrderRow { customer: u8, #[tag(2)] kind: (), order: u8 }
    enum Rows { Customer(CustomerRow), Order(OrderRow) }
    struct UserId { id: u16 }
    struct GroupId { id: u16 }
    enum Principal { #[tag(b"u")] User(UserId), #[tag(b"g")] Group(GroupId) }
    struct U16 { v: u16 }
    struct I32 { v: i32 }
    struct U128 { v: u128 }
    struct BeU16 { #[be_u16] v: u64 }
    struct BeU32 { #[be_u32] v: i64 }
    struct BeU32Small { #[be_u32] v: i16 }
    struct Pad6 { #[pad(6)] v: u32 }
    struct Pad3 { #[pad(3)] v: u8 }
    struct Flag { v: bool }
    struct Bytes4 { v: [u8; 4] }
    struct F32 { v: f32 }
    struct F64 { v: f64 }
    struct Fixed4 { #[fixed(4)] v: String }
    struct Esc { #[escaped] v: String, n: u8 }
    struct Tail { id: u8, path: String }
    struct Index { #[tag(b"ix")] kind: (), id: u8 }
    struct OptU16 { v: Option<u16> }
    struct Inner { a: u8, b: u16 }
    struct Outer { x: u8, inner: Inner }
    struct Hashed { host: Md5, ts: u32 }
    struct I32Desc { #[reverse] v: i32 }
    struct Pad6Desc { #[pad(6)] #[reverse] v: u32 }
    struct FlagDesc { #[reverse] v: bool }
    struct Fixed4Desc { #[fixed(4)] #[reverse] v: String }
    struct EscDesc { #[escaped] #[reverse] v: String, n: u8 }
    struct OptU16Desc { #[reverse] v: Option<u16> }
    struct MirrorPad { #[mirror] #[pad(7)] id: u32 }
    struct MirrorU32 { #[mirror] id: u32 }
    struct Evolved { id: u16, #[rowkey(since = 2)] region: Option<u16>, #[rowkey(since = 3)] archived: Option<bool> }
    struct Salted { #[salt(mod = 16)] host: u32, ts: u8 }
    struct SaltedApart { #[salt(mod = 100)] a: u16, b: u8, #[salt] c: u16 }
    struct Salted300 { #[salt(mod = 300)] id: u32 }
    struct SaltDigits { #[salt(mod = 10000, pad = 4)] id: u32 }
    struct SaltModulo { #[salt(mod = 20, hash = modulo)] metric: u32, ts: u8 }
    fn low_byte(bytes: &[u8]) -> u32 { bytes.last().copied().unwrap_or(0).into() }
    struct SaltUser { #[salt(mod = 16, hash = low_byte)] host: u32, ts: u8 }
    #[rowkey(salt(buckets = 10, phoenix))]
    struct SaltPhoenix { a: u8, b: u8 }
    struct JavaKey { #[java] tenant: i32, #[java] user: i64 }
    struct JavaMix { #[java] s: i16, #[java] f: f32, #[java] b: bool }
    struct OrdI8 { #[ordered] v: i8 }
    struct OrdI32 { #[ordered] v: i32 }
    struct OrdI32Desc { #[ordered] #[reverse] v: i32 }
    struct OrdF32 { #[ordered] v: f32 }
    struct OrdF64 { #[ordered] v: f64 }
    struct OrdText { #[ordered] v: String }
    struct OrdTextDesc { #[ordered] #[reverse] v: String }
    struct OrdBlob { #[ordered] v: Vec<u8> }
    struct OrdCopy { #[ordered(copy)] v: Vec<u8> }
    struct OrdCopyDesc { #[ordered(copy)] #[reverse] v: Vec<u8> }
    struct OrdNull { #[ordered] a: Option<i32>, #[ordered] b: Option<String> }
    struct OrdNullDesc { #[ordered] #[reverse] a: Option<i32> }
    struct Num { #[ordered(numeric)] v: i64 }
    struct NumF { #[ordered(numeric)] v: f64 }
    struct NumOpt { #[ordered(numeric)] v: Option<i64> }
    #[rowkey(hbase_struct)]
    struct HStruct { #[ordered] host: String, #[ordered] kind: Option<String>, #[ordered(copy)] payload: Option<Vec<u8>> }
    #[rowkey(phoenix)]
    struct PhoenixKey { tenant: i32, #[reverse] host: String, ts: i64 }
    #[rowkey(phoenix)]
    struct PhoenixTail { id: i32, name: String }
    #[rowkey(phoenix)]
    struct PhoenixVarchar { name: String, id: i32 }
    #[rowkey(phoenix)]
    struct PhoenixTypes { #[phoenix(char(3))] code: String, d: f64, ok: bool, #[reverse] done: bool, at: Timestamp, day: Date }
    #[rowkey(phoenix)]
    struct PhoenixName { name: String }
    #[rowkey(phoenix, salt(buckets = 8, phoenix))]
    struct PhoenixSalted { name: String, id: i32 }
}

// ---- literals -------------------------------------------------------------------

/// A value written as a Rust literal in the document.
trait Lit: Sized {
    fn lit(p: &mut Parser) -> Result<Self, String>;
    /// The value of a whole row: for a key of one field, that field's value.
    fn top(p: &mut Parser) -> Result<Self, String> {
        Self::lit(p)
    }
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser { text, at: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    fn error(&self, what: &str) -> String {
        format!("expected {what} at `{}`", self.rest())
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        self.skip_space();
        if self.rest().starts_with(c) {
            self.at += c.len_utf8();
            Ok(())
        } else {
            Err(self.error(&format!("`{c}`")))
        }
    }

    fn peek(&mut self, c: char) -> bool {
        self.skip_space();
        self.rest().starts_with(c)
    }

    /// An identifier or path (`Some`, `Md5::of`), whole.
    fn ident(&mut self) -> &'a str {
        self.skip_space();
        let rest = self.rest();
        let word = |i: usize| {
            rest[i..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(rest.len(), |n| i + n)
        };
        let mut end = word(0);
        while end > 0 && rest[end..].starts_with("::") {
            end = word(end + 2);
        }
        &rest[..end]
    }

    /// Consumes the word `w` if it comes next.
    fn word(&mut self, w: &str) -> Result<(), String> {
        if self.ident() == w {
            self.at += w.len();
            Ok(())
        } else {
            Err(self.error(&format!("`{w}`")))
        }
    }

    /// Whether a `name:` comes next (a key's fields rather than a value).
    fn looks_named(&mut self) -> bool {
        let id = self.ident();
        !id.is_empty() && !id.contains(':') && self.rest()[id.len()..].trim_start().starts_with(':')
    }

    /// A number's text, up to the next delimiter.
    fn number(&mut self) -> &'a str {
        self.skip_space();
        let rest = self.rest();
        let n = rest.find([',', ')', '}', ']', ' ']).unwrap_or(rest.len());
        self.at += n;
        &rest[..n]
    }

    /// A quoted string's bytes, after the opening `"`.
    fn quoted(&mut self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += i + 1;
                    return Ok(out);
                }
                '\\' => {
                    let (_, e) = chars.next().ok_or("a string ends in `\\`")?;
                    match e {
                        '0' => out.push(0),
                        'n' => out.push(b'\n'),
                        't' => out.push(b'\t'),
                        '\\' | '"' => out.push(e as u8),
                        'x' => {
                            let h: String = (0..2)
                                .filter_map(|_| chars.next().map(|(_, c)| c))
                                .collect();
                            out.push(u8::from_str_radix(&h, 16).map_err(|_| format!("`\\x{h}`"))?);
                        }
                        other => return Err(format!("unknown escape `\\{other}`")),
                    }
                }
                c => out.extend(c.to_string().as_bytes()),
            }
        }
        Err("an unterminated string".into())
    }

    fn end(&mut self) -> Result<(), String> {
        self.skip_space();
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(self.error("the end of the value"))
        }
    }
}

macro_rules! number_lit {
    ($($t:ty),*) => {$(
        impl Lit for $t {
            fn lit(p: &mut Parser) -> Result<Self, String> {
                let n = p.number();
                let clean = n.replace('_', "");
                let parsed = match clean.strip_prefix("0x") {
                    Some(h) => <$t>::from_str_radix(h, 16).ok(),
                    None => clean.parse().ok(),
                };
                parsed.ok_or_else(|| format!("`{n}` is not a {}", stringify!($t)))
            }
        }
    )*};
}
number_lit!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);

macro_rules! float_lit {
    ($($t:ty),*) => {$(
        impl Lit for $t {
            fn lit(p: &mut Parser) -> Result<Self, String> {
                let n = p.number();
                n.parse().map_err(|_| format!("`{n}` is not a {}", stringify!($t)))
            }
        }
    )*};
}
float_lit!(f32, f64);

impl Lit for bool {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        match p.ident() {
            "true" => p.word("true").map(|_| true),
            "false" => p.word("false").map(|_| false),
            _ => Err(p.error("`true` or `false`")),
        }
    }
}

impl Lit for () {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        p.expect('(')?;
        p.expect(')')
    }
}

impl Lit for String {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        p.expect('"')?;
        String::from_utf8(p.quoted()?).map_err(|_| "a string that is not UTF-8".into())
    }
}

impl Lit for Vec<u8> {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        if p.peek('[') {
            p.expect('[')?;
            let mut out = Vec::new();
            while !p.peek(']') {
                if !out.is_empty() {
                    p.expect(',')?;
                }
                out.push(u8::lit(p)?);
            }
            p.expect(']')?;
            return Ok(out);
        }
        p.word("b")?;
        p.expect('"')?;
        p.quoted()
    }
}

impl<const N: usize> Lit for [u8; N] {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        let v = Vec::<u8>::lit(p)?;
        v.try_into()
            .map_err(|v: Vec<u8>| format!("{} bytes for a [u8; {N}]", v.len()))
    }
}

impl<T: Lit> Lit for Option<T> {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        if p.word("None").is_ok() {
            return Ok(None);
        }
        p.word("Some")?;
        p.expect('(')?;
        let v = T::lit(p)?;
        p.expect(')')?;
        Ok(Some(v))
    }
}

impl Lit for Md5 {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        p.word("Md5::of")?;
        p.expect('(')?;
        let s = String::lit(p)?;
        p.expect(')')?;
        Ok(Md5::of(s))
    }
}

impl Lit for Timestamp {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        p.word("Timestamp")?;
        p.expect('{')?;
        p.word("millis")?;
        p.expect(':')?;
        let millis = i64::lit(p)?;
        p.expect(',')?;
        p.word("nanos")?;
        p.expect(':')?;
        let nanos = u32::lit(p)?;
        p.expect('}')?;
        Ok(Timestamp { millis, nanos })
    }
}

impl Lit for Date {
    fn lit(p: &mut Parser) -> Result<Self, String> {
        p.word("Date")?;
        p.expect('{')?;
        p.word("millis")?;
        p.expect(':')?;
        let millis = i64::lit(p)?;
        p.expect('}')?;
        Ok(Date { millis })
    }
}

#[test]
fn literals_parse_as_rust_reads_them() {
    assert_eq!(
        parse_value::<String>(r#""a\0b\x7F中""#).unwrap(),
        "a\0b\x7F中"
    );
    assert_eq!(parse_value::<Vec<u8>>(r#"b"a\xFF""#).unwrap(), b"a\xFF");
    assert_eq!(parse_value::<Vec<u8>>("[1, 0xFF]").unwrap(), [1, 0xFF]);
    assert_eq!(parse_value::<Option<i64>>("Some(-5)").unwrap(), Some(-5));
    assert_eq!(
        parse_value::<u128>("340_282_366_920_938_463_463_374_607_431_768_211_455").unwrap(),
        u128::MAX
    );
    assert!(parse_value::<f64>("NaN").unwrap().is_nan());
    assert_eq!(parse_value::<f32>("-inf").unwrap(), f32::NEG_INFINITY);
    assert!(parse_value::<u8>("256").is_err());
    assert!(parse_value::<u8>("1 2").is_err());
    assert_eq!(unhex("00 ff").unwrap(), [0, 0xFF]);
    assert!(unhex("0").is_err());
}
