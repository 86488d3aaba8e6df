//! The macro must answer every input with code or errors, never a panic:
//! malformed attributes, absurd numbers, odd types, every kind of item.

// The derive's stages, compiled here as plain modules (a proc-macro crate
// exports only its macro), so tests can call the pipeline on any input.
#![allow(dead_code)]
#[path = "../src/ast.rs"]
mod ast;
#[path = "../src/attr.rs"]
mod attr;
#[path = "../src/check.rs"]
mod check;
#[path = "../src/codec/mod.rs"]
mod codec;
#[path = "../src/ctxt.rs"]
mod ctxt;
#[path = "../src/expand/mod.rs"]
mod expand;
#[path = "../src/fallback.rs"]
mod fallback;
#[path = "../src/lower/mod.rs"]
mod lower;
#[path = "../src/messages.rs"]
mod messages;
#[path = "../src/model.rs"]
mod model;
#[path = "../src/pipeline.rs"]
mod pipeline;
#[path = "../src/size.rs"]
mod size;
#[path = "../src/symbol.rs"]
mod symbol;
#[path = "../src/tokens.rs"]
mod tokens;

#[test]
fn no_input_panics() {
    let inputs = [
            // Malformed attribute arguments.
            "struct K { #[pad] a: u32 }",
            "struct K { #[pad()] a: u32 }",
            "struct K { #[pad(\"6\")] a: u32 }",
            "struct K { #[pad(6, 7)] a: u32 }",
            "struct K { #[pad = 6] a: u32 }",
            "struct K { #[pad(x)] a: u32 }",
            "struct K { #[pad(6.5)] a: u32 }",
            "struct K { #[at(-1)] a: u32 }",
            "struct K { #[at] a: u32 }",
            "struct K { #[fixed(-3)] a: String }",
            "struct K { #[be_u32(4)] a: u64 }",
            "struct K { #[be_u32 = 4] a: u64 }",
            "struct K { #[reverse(desc)] a: u64 }",
            "struct K { #[reverse = true] a: u64 }",
            "struct K { #[reverse()] a: u64 }",
            "struct K { #[salt(mod)] a: u32 }",
            "struct K { #[salt(mod = )] a: u32 }",
            "struct K { #[salt(mod = \"8\")] a: u32 }",
            "struct K { #[salt(mod = 8, mod = 8)] a: u32 }",
            "struct K { #[salt = 8] a: u32 }",
            "struct K { #[salt()] a: u32 }",
            "struct K { #[salt(mood = 8)] a: u32 }",
            "struct K { #[salt(pad = 3)] a: u32 }",
            "struct K { #[salt(mod = 65536, pad = 9)] a: u32 }",
            "struct K { #[salt(mod = 18446744073709551615, pad = 18446744073709551615)] a: u32 }",
            "struct K { #[tag] t: (), a: u32 }",
            "struct K { #[tag()] t: (), a: u32 }",
            "struct K { #[tag(300)] t: (), a: u32 }",
            "struct K { #[tag(b\"\")] t: (), a: u32 }",
            "struct K { #[tag(1)] #[tag(2)] t: (), a: u32 }",
            "struct K { #[tag(1)] t: u32 }",
            "struct K { #[escaped(1)] a: String }",
            "struct K { #[mirror] #[mirror] a: u32 }",
            "struct K { #[rowkey(width = 4)] a: u32 }",
            "#[rowkey] struct K { a: u32 }",
            "#[rowkey = \"x\"] struct K { a: u32 }",
            "#[rowkey()] struct K { a: u32 }",
            "#[rowkey(width)] struct K { a: u32 }",
            "#[rowkey(width = \"x\")] struct K { a: u32 }",
            "#[rowkey(width = -1)] struct K { a: u32 }",
            "#[rowkey(width = 99999999999999999999999)] struct K { a: u32 }",
            "#[rowkey(width(4))] struct K { a: u32 }",
            "#[rowkey(widht = 4, max_widht = 5, krate = \"x\")] struct K { a: u32 }",
            "#[rowkey(a::b = 4)] struct K { a: u32 }",
            "#[rowkey(crate = 5)] struct K { a: u32 }",
            "#[rowkey(crate = \"not a path\")] struct K { a: u32 }",
            "#[rowkey(crate = \"x\", crate = \"y\")] struct K { a: u32 }",
            "#[rowkey(salt)] struct K { a: u32 }",
            "#[rowkey(salt = 3)] struct K { a: u32 }",
            "#[rowkey(salt())] struct K { a: u32 }",
            "#[rowkey(salt(buckets))] struct K { a: u32 }",
            "#[rowkey(salt(buckets = 0, phoenix))] struct K { a: u32 }",
            "#[rowkey(salt(buckets = 18446744073709551615, phoenix))] struct K { a: u32 }",
            "#[rowkey(salt(phoenix = 1, buckets = 8))] struct K { a: u32 }",
            "#[rowkey(salt(buckets = 8, phoenix), salt(buckets = 8, phoenix))] struct K { a: u32 }",
            "#[pad(6)] #[salt(mod = 4)] struct K { a: u32 }",
            // Absurd widths: no arithmetic may overflow.
            "struct K { #[fixed(18446744073709551615)] a: String, b: u64 }",
            "struct K { #[pad(18446744073709551615)] a: u64, #[at(18446744073709551615)] b: u8 }",
            "struct K { a: [u8; 18446744073709551615], b: [u8; 18446744073709551615] }",
            "#[rowkey(max_width = 18446744073709551615)] struct K { a: [u8; 18446744073709551615], b: [u8; 18446744073709551615] }",
            "#[rowkey(max_width = 0)] struct K { a: [u8; 0] }",
            "#[rowkey(width = 18446744073709551615)] struct K { a: u8 }",
            "struct K { a: [u8; 99999999999999999999999] }",
            // Odd types.
            "struct K { a: () }",
            "struct K { a: (u8, u16) }",
            "struct K { a: &mut str }",
            "struct K { a: &'static mut [u8] }",
            "struct K { a: [u16; 4] }",
            "struct K { a: [u8] }",
            "struct K { a: str }",
            "struct K { a: Self }",
            "struct K { a: <u8 as Tr>::X }",
            "struct K { a: fn() }",
            "struct K { a: dyn Tr }",
            "struct K { a: impl Tr }",
            "struct K { a: _ }",
            "struct K { a: ! }",
            "struct K { a: m!() }",
            "struct K { a: *const u8 }",
            "struct K { a: Option<Option<u8>> }",
            "struct K { a: Option<String>, b: u8 }",
            "struct K { #[fixed(4)] a: Option<String>, b: u8 }",
            "struct K { a: Option<()> }",
            "struct K { a: Option }",
            "struct K { a: Option<u8, u16> }",
            "struct K { a: Vec<u16> }",
            "struct K { a: Vec }",
            "struct K { a: Box<dyn Fn(u8) -> u8> }",
            "struct K { a: usize, b: isize, c: char, d: f32, e: f64 }",
            "struct K { #[pad(3)] a: usize, #[be_u16] b: char }",
            "struct K { a: std::string::String }",
            "struct K { a: Cow<'static, str>, b: u8 }",
            "struct K { #[fixed(4)] #[reverse] a: &'static [u8], b: u8 }",
            "struct K { #[escaped] #[reverse] a: &'static str, b: u8 }",
            "struct K { #[escaped] #[fixed(4)] #[mirror] a: String, b: u8 }",
            "struct K { #[reverse] #[mirror] a: u32 }",
            "struct K { #[reverse] a: Inner, b: u8 }",
            "struct K { #[salt(mod = 4)] a: String }",
            "struct K { a: String, #[salt(mod = 4)] #[at(3)] b: u32 }",
            // Issue 4's attributes, misused.
            "struct K { #[tag(1, 2)] t: (), a: u8 }",
            "struct K { #[tag = 1] t: (), a: u8 }",
            "struct K { #[tag(-1)] t: (), a: u8 }",
            "struct K { #[tag(x)] t: (), a: u8 }",
            "struct K { #[tag(1.5)] t: (), a: u8 }",
            "struct K { #[tag(b'x')] t: (), a: u8 }",
            "struct K { #[tag(1)] #[salt] #[reverse] #[mirror] #[escaped] #[pad(2)] t: (), a: u8 }",
            "struct K { #[tag(1)] t: Option<()> }",
            "struct K { #[escaped] a: Option<u32>, b: u8 }",
            "struct K { #[escaped] #[escaped] a: String, b: u8 }",
            "struct K { #[escaped] #[pad(3)] a: u32, b: u8 }",
            "struct K { #[escaped] a: Md5, #[reverse] b: Md5, #[mirror] c: Md5 }",
            "struct K { #[mirror] a: String }",
            "struct K { #[mirror] #[reverse] a: &'static str }",
            "struct K { a: Option<Option<Option<u8>>> }",
            "struct K { #[fixed(3)] a: Option<Option<String>> }",
            "struct K { a: Option<usize> }",
            "struct K { #[reverse] a: Inner<'static>, b: a::b::Inner, #[at(9)] c: u8 }",
            "#[rowkey(width = 9)] struct K<'a> { a: Inner<'a>, b: Option<Inner<'a>>, #[at(1)] c: u8 }",
            "#[rowkey(width = 4)] struct K { #[escaped] a: String, b: u8, #[at(9)] c: u8 }",
            "struct K { #[escaped] a: String, #[salt(mod = 4)] b: u8 }",
            "enum K { A(M) = 1 }",
            "enum K { A(M, M), B(), C, D { x: u8 } }",
            // Items the derive does not take.
            "struct K;",
            "struct K {}",
            "struct K(u8);",
            "struct K();",
            "enum K {}",
            "enum K { A, B }",
            "enum K { A(u8), B(u16) }",
            "enum K { A { a: u8 } }",
            "union K { a: u8 }",
            "struct K<T> { a: T }",
            "struct K<T: Copy, const N: usize> where T: Copy { a: [T; N], b: u8 }",
            "struct K<'a, T> { a: &'a T }",
            // Names.
            "struct K { r#type: u8, #[at(9)] r#match: u32 }",
            "struct K { 名前: u8, 値: u16 }",
            "struct K { __key: u8, __v: u16, bytes: u32 }",
            // Good keys: they expand.
            "#[rowkey(width = 20)] struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }",
            "struct Event { #[salt(mod = 16)] user: u32, #[reverse] ts: u64 }",
            "struct Log { host: u32, #[salt(mod = 10000, pad = 4)] ts: u64 }",
            "#[rowkey(salt(buckets = 8, phoenix))] struct P { a: u32, b: i64 }",
            "struct H<'a> { #[fixed(8)] host: &'a str, #[reverse] ts: u64, rest: &'a [u8] }",
        ];

    for text in inputs {
        let input: syn::DeriveInput = match syn::parse_str(text) {
            Ok(input) => input,
            Err(e) => panic!("test input `{text}` does not parse: {e}"),
        };
        let output = pipeline::derive(&input);
        if let Err(e) = syn2::parse2::<syn2::File>(output.clone()) {
            panic!("the output for `{text}` is not Rust: {e}\n{output}");
        }
    }
}
