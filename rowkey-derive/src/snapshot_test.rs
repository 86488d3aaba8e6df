//! Expansion snapshots, so reviewers see what the derive generates: each
//! input is expanded, pretty-printed and compared with
//! `snapshots/<name>.expanded.rs`. After a deliberate change, rewrite them
//! with `ROWKEY_BLESS=1 cargo test -p rowkey-derive snapshot` and read the diff.

use std::path::PathBuf;

fn check(name: &str, input: syn::DeriveInput) {
    let tokens = crate::expand::derive(&input);
    let file: syn::File = match syn::parse2(tokens.clone()) {
        Ok(file) => file,
        Err(e) => panic!("the expansion of {name} is not Rust: {e}\n{tokens}"),
    };
    let actual = prettyplease::unparse(&file);
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
             If the change is intended, run `ROWKEY_BLESS=1 cargo test -p rowkey-derive snapshot` and review the diff.\n\
             The whole expansion:\n{actual}",
            path.display(),
            line + 1,
            expected.lines().nth(line).unwrap_or("<end of file>"),
            actual.lines().nth(line).unwrap_or("<end of file>"),
        );
    }
}

/// The README's key: three `pad` fields and a declared width.
#[test]
fn snapshot_file_key() {
    check(
        "file_key",
        syn::parse_quote! {
            #[rowkey(width = 20)]
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

/// A salted key: the bucket leads, `user` pins it, `ts` sorts newest first.
#[test]
fn snapshot_event() {
    check(
        "event",
        syn::parse_quote! {
            struct Event {
                #[salt(mod = 16)]
                user: u32,
                #[reverse]
                ts: u64,
            }
        },
    );
}
