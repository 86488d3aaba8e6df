//! What rowkey's default features leave out is really left out, and using it
//! says which feature to turn on. The tests here build with every feature
//! (the dev-dependencies turn them on, and trybuild's cases with them), so
//! this checks two crates of `tests/feature_gates/` that depend on `rowkey`
//! with its default features, with cargo itself: `plain`, a key and its
//! helpers, must compile without a warning; `gated` must fail with exactly
//! the errors that name `select`, `view` and `compat`.
//!
//! `cargo check --offline`: the crates they need are the workspace's own,
//! already downloaded; in a target directory of their own under `target/tmp`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `gated`'s errors, by place, in `cargo --message-format short` form.
const GATED: &[&str] = &[
    "gated/src/lib.rs:7:10: error: `#[rowkey(select)]` needs rowkey's `select` feature: `rowkey = { version = \"0.1\", features = [\"select\"] }`",
    "gated/src/lib.rs:14:10: error: `#[rowkey(view)]` needs rowkey's `view` feature: `rowkey = { version = \"0.1\", features = [\"view\"] }`",
    "gated/src/lib.rs:20:9: error[E0432]: unresolved import `rowkey::compat`: no `compat` in the root",
    "gated/src/lib.rs:21:9: error[E0432]: unresolved import `rowkey::dynamic::select`: no `select` in `dynamic`",
    "gated/src/lib.rs:22:17: error[E0432]: unresolved import `rowkey::select`: could not find `select` in `rowkey`",
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/feature_gates")
}

/// `cargo check` of one fixture crate: whether it passed, and the lines of
/// its diagnostics (`path:line:col: level: message`).
fn check(package: &str) -> (bool, Vec<String>) {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("feature-gates");
    let out = Command::new(option_env!("CARGO").unwrap_or("cargo"))
        .args([
            "check",
            "--offline",
            "--message-format",
            "short",
            "-p",
            package,
        ])
        .arg("--target-dir")
        .arg(&target)
        .current_dir(fixtures())
        .env("CARGO_INCREMENTAL", "0")
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let diagnostics = stderr
        .lines()
        .filter(|l| l.contains(".rs:"))
        .map(str::to_string)
        .collect();
    (out.status.success(), diagnostics)
}

#[test]
fn a_key_compiles_with_the_default_features() {
    let (passed, diagnostics) = check("feature-gates-plain");
    assert!(passed && diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn opt_in_tools_name_their_features() {
    let (passed, mut diagnostics) = check("feature-gates-gated");
    assert!(!passed);
    diagnostics.sort_by_key(|l| place(l));
    assert_eq!(diagnostics, GATED);
}

/// A diagnostic's line and column, to compare them in file order.
fn place(line: &str) -> (u32, u32) {
    let mut numbers = line.split(':').skip(1).map(|n| n.parse().unwrap_or(0));
    (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0))
}
