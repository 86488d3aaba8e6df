//! For random keys through one realistic change each, the verdict agrees
//! with what `dynamic` reads in random old keys: no "reads old keys" while
//! an old key decodes differently, no "order kept" while one reads other
//! values, falls outside its scan or sorts apart, and every change below
//! "reads old keys" shown by a witness that replays.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rowkey::compat::Level;

use super::cases::cases;
use super::model::{self, Rng};
use super::oracle;

fn config(usual: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(usual),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// One case: a key, its change, the verdict checked.
fn case(seed: u64) -> Result<rowkey::compat::Report, String> {
    let mut rng = Rng::new(seed);
    let changed = model::change(model::key(&mut rng), &mut rng);
    oracle::verify(&changed, &mut rng).map_err(|e| {
        format!(
            "seed {seed:#x}: {}\n{e}\nold: {}\nnew: {}",
            changed.what,
            changed.old.json(),
            changed.new.json()
        )
    })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn the_verdict_agrees_with_what_dynamic_reads(seed in any::<u64>()) {
        case(seed).map_err(TestCaseError::fail)?;
    }
}

/// The generator reaches every level, and the rules of every change it makes.
#[test]
fn the_changes_reach_every_level_and_rule() {
    let mut levels = BTreeMap::new();
    let mut rules = BTreeMap::new();
    for seed in 0..1500u64 {
        let report = case(seed).unwrap();
        *levels.entry(report.verdict).or_insert(0) += 1;
        for c in &report.changes {
            *rules.entry(c.rule.name()).or_insert(0) += 1;
        }
    }
    println!("{levels:?}\n{rules:?}");
    for level in Level::ALL {
        assert!(
            levels.contains_key(&level),
            "no case is {level}: {levels:?}"
        );
    }
    for rule in [
        "key-renamed",
        "max-width",
        "field-renamed",
        "field-type",
        "field-width",
        "field-codec",
        "field-order",
        "field-mirror",
        "field-optional",
        "field-tag",
        "field-since",
        "field-inserted",
        "field-removed",
        "field-moved",
        "field-appended",
        "field-dropped",
        "salt-added",
        "salt-removed",
        "salt-buckets",
        "salt-hash",
        "salt-fields",
    ] {
        assert!(rules.contains_key(rule), "no case breaks {rule}: {rules:?}");
    }
}

/// A mirrored last field narrowed keeps old keys in its scans: order kept,
/// with a witness that no longer decodes (found at 100,000 cases).
#[test]
fn a_mirrored_last_field_narrowed() {
    let report = case(0xa11a84919b14220c).unwrap();
    assert_eq!(report.verdict, Level::OrderKept);
    // Narrowed below an old value: breaking.
    let report = case(0x9c2eafeea39874ff).unwrap();
    assert_eq!(report.verdict, Level::Breaking);
    // Narrowed where the salt hashes it: its keys move to other buckets.
    let report = case(0x99a7abaa8522b6cf).unwrap();
    assert_eq!(report.verdict, Level::Breaking);
}

/// Bytes to a string in a one-byte field: old keys hold a byte that is not
/// UTF-8, the witness (found at 100,000 cases).
#[test]
fn one_byte_of_bytes_to_a_string() {
    let report = case(0x88307630c603a374).unwrap();
    assert_eq!(report.verdict, Level::Breaking);
}

/// A salt's bucket count changed: old keys whose bucket moves, the witness
/// (found at 100,000 cases).
#[test]
fn salt_buckets_changed() {
    let report = case(0xa5740a24930e5f23).unwrap();
    assert_eq!(report.verdict, Level::Breaking);
}
