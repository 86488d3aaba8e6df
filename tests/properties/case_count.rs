//! `PROPTEST_CASES` sets the case count of every property in the workspace,
//! so a release check can run them all at 100,000 cases without editing a
//! suite: a property configured as the suites are runs as many cases as the
//! variable says, and no suite fixes its count past `cases(..)`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use super::support_cases::cases;

/// Runs a property configured as the suites are (`cases(7)`) and prints how
/// many cases it ran: as many as proptest's own reading of `PROPTEST_CASES`
/// when set, else 7.
#[test]
fn a_property_runs_the_cases_proptest_cases_asks_for() {
    let config = ProptestConfig {
        cases: cases(7),
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let ran = AtomicU32::new(0);
    TestRunner::new(config)
        .run(&any::<u8>(), |_| {
            ran.fetch_add(1, Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    let ran = ran.into_inner();
    let expected = match std::env::var_os("PROPTEST_CASES") {
        Some(_) => ProptestConfig::default().cases,
        None => 7,
    };
    assert_eq!(ran, expected);
    println!("ran {ran} cases");
}

/// The test above, in a child process with `PROPTEST_CASES=13`.
#[test]
fn proptest_cases_sets_the_count_of_a_property() {
    // A name filter, not `--exact`: it holds wherever the suite's module sits.
    let name = "case_count::a_property_runs_the_cases_proptest_cases_asks_for";
    let out = Command::new(std::env::current_exe().unwrap())
        .args([name, "--nocapture", "--test-threads=1"])
        .env("PROPTEST_CASES", "13")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("ran 13 cases"), "{stdout}");
}

/// Every proptest config in the workspace's sources that sets a case count
/// takes it from `cases(..)`: `with_cases(N)` and `cases: N` would fix the
/// count whatever `PROPTEST_CASES` says.
#[test]
fn no_suite_fixes_its_case_count() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let fixed: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with(file!()))
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            fixed_counts(&text)
                .into_iter()
                .map(|at| format!("{}: {at}", f.display()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(files.len() > 20, "found only {files:?}");
    assert!(fixed.is_empty(), "fixed case counts: {fixed:#?}");
}

/// The `.rs` files below `dir`, outside build output and hidden folders.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() && name != "target" && !name.starts_with('.') {
            rust_files(&path, out);
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The snippets of `text` that fix a proptest config's case count.
fn fixed_counts(text: &str) -> Vec<&str> {
    let mut found: Vec<&str> = text
        .match_indices("with_cases(")
        .map(|(i, _)| line_at(text, i))
        .collect();
    for (i, _) in text.match_indices("Config {") {
        let body = &text[i..];
        let body = &body[..body.find('}').unwrap_or(body.len())];
        if let Some(at) = body.find("cases:") {
            if !body[at + "cases:".len()..]
                .trim_start()
                .starts_with("cases(")
            {
                found.push(line_at(text, i + at));
            }
        }
    }
    found
}

/// The line of `text` that holds byte `i`.
fn line_at(text: &str, i: usize) -> &str {
    let start = text[..i].rfind('\n').map_or(0, |n| n + 1);
    let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
    text[start..end].trim()
}

#[test]
fn fixed_counts_finds_both_spellings() {
    let with = "#![proptest_config(ProptestConfig::with_cases(512))]";
    let field = "ProptestConfig {\n    cases: 400,\n    ..ProptestConfig::default()\n}";
    let helper = "ProptestConfig { cases: cases(400), ..ProptestConfig::default() }";
    assert_eq!(fixed_counts(with), [with]);
    assert_eq!(fixed_counts(field), ["cases: 400,"]);
    assert!(fixed_counts(helper).is_empty());
}
