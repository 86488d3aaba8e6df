//! Properties every key holds, against simple reference models: round trip,
//! byte order equals value order, uniqueness, total decode, range errors,
//! salt checks, borrowed decode, prefix helpers and mixed scans.
//! `core_codecs`: integers, `pad`, `be_uN`, `fixed` and salts;
//! `variable_and_composite`: escaped and trailing fields, floats, `Option`,
//! nested keys, tags, mirror; `case_count`: `PROPTEST_CASES` sets every
//! property's case count in the workspace.

#[path = "../support/keys.rs"]
mod keys;
#[path = "../support/cases.rs"]
mod support_cases;

mod case_count;
mod core_codecs;
mod variable_and_composite;
