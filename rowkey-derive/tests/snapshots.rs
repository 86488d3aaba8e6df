//! Expansion snapshots, so reviewers see what the derive generates: each
//! input is expanded, pretty-printed and compared with
//! `snapshots/<name>.expanded.rs`. After a deliberate change, rewrite them
//! with `ROWKEY_BLESS=1 cargo test -p rowkey-derive --test snapshots` and
//! read the diff.

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

use std::path::PathBuf;

/// The input's expansion, pretty-printed.
fn expand(input: &syn::DeriveInput) -> String {
    let tokens = pipeline::derive(input);
    match syn2::parse2::<syn2::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => panic!("the expansion is not Rust: {e}\n{tokens}"),
    }
}

fn check(name: &str, input: syn::DeriveInput) {
    let actual = expand(&input);
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "snapshots",
        &format!("{name}.expanded.rs"),
    ]
    .iter()
    .collect();
    if std::env::var_os("ROWKEY_BLESS").is_some() {
        std::fs::write(&path, &actual).expect("write the snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "the expansion of {name} differs from {} from line {}:\n\
             expected: {:?}\n  actual: {:?}\n\
             If the change is intended, run `ROWKEY_BLESS=1 cargo test -p rowkey-derive --test snapshots` and review the diff.\n\
             The whole expansion:\n{actual}",
            path.display(),
            line + 1,
            expected.lines().nth(line).unwrap_or("<end of file>"),
            actual.lines().nth(line).unwrap_or("<end of file>"),
        );
    }
}

/// The README's key: three `pad` fields, a declared width and the view.
#[test]
fn snapshot_file_key() {
    check(
        "file_key",
        syn::parse_quote! {
            #[rowkey(width = 20, view, select)]
            struct FileKey {
                #[pad(6)]
                user_id: u32,
                #[pad(8)]
                create_date: u32,
                #[pad(6)]
                file_id: u64,
            }
        },
    );
}

/// A salted key: the bucket leads, `user` pins it, `ts` sorts newest first;
/// its view has the name the user gives.
#[test]
fn snapshot_event() {
    check(
        "event",
        syn::parse_quote! {
            #[rowkey(view = EventView)]
            struct Event {
                #[salt(mod = 16)]
                user: u32,
                #[reverse]
                ts: u64,
            }
        },
    );
}

/// A variable-length key: escaped and trailing strings through a cursor.
#[test]
fn snapshot_host_event() {
    check(
        "host_event",
        syn::parse_quote! {
            struct HostEventKey<'a> {
                #[escaped]
                host: &'a str,
                #[reverse]
                ts: u64,
                rest: &'a [u8],
            }
        },
    );
}

/// An enum of key types: decodes a mixed scan.
#[test]
fn snapshot_record_enum() {
    check(
        "record_enum",
        syn::parse_quote! {
            enum Row {
                Customer(CustomerKey),
                Order(OrderKey),
            }
        },
    );
}

/// An enum of key types with variant tags: the tag leads each member's key.
#[test]
fn snapshot_record_enum_tagged() {
    check(
        "record_enum_tagged",
        syn::parse_quote! {
            enum Row {
                #[tag(b"u")]
                User(UserKey),
                #[tag(2)]
                Group(GroupKey),
            }
        },
    );
}

/// A key with a mistake: the error, a stub impl and stub helpers.
#[test]
fn snapshot_fallback() {
    check(
        "fallback",
        syn::parse_quote! {
            #[rowkey(width = 20)]
            struct FileKey {
                #[pad(6)]
                user_id: i32,
                #[salt(mod = 4)]
                create_date: u32,
            }
        },
    );
}

/// Generated code is linear in the fields: each field's write is emitted
/// once and the helpers call it, so 8 fields expand to at most 3 times
/// the lines of 3 fields.
#[test]
fn expansion_is_linear_in_fields() {
    for attr in ["", "#[rowkey(view)]"] {
        let lines = |n: usize| {
            let fields: Vec<String> = (0..n).map(|i| format!("#[pad(6)] f{i}: u32")).collect();
            let text = format!("{attr} struct K {{ {} }}", fields.join(", "));
            expand(&syn::parse_str(&text).unwrap()).lines().count()
        };
        let (one, three, eight) = (lines(1), lines(3), lines(8));
        println!("generated lines {attr}: 1 field {one}, 3 fields {three}, 8 fields {eight}");
        assert!(eight <= 3 * three, "8 fields: {eight}, 3 fields: {three}");
    }
}
