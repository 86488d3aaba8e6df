//! Properties every key holds, against simple reference models: round trip,
//! byte order equals value order, uniqueness, total decode, range errors,
//! salt checks, borrowed decode, prefix helpers and mixed scans.
//! `core_codecs`: integers, `pad`, `be_uN`, `fixed` and salts;
//! `variable_and_composite`: escaped and trailing fields, floats, `Option`,
//! nested keys, tags, mirror.

#[path = "../support/cases.rs"]
mod support_cases;

mod core_codecs;
mod variable_and_composite;
