//! Key changes caught before they ship: the verdict of `rowkey::compat`
//! against what `dynamic` observes on random keys of randomly changed
//! layouts (`properties`), one change of each kind with its report pinned
//! (`reports`), each remaining rule's level, field and sentence (`rules`),
//! the levels' names and witnesses' levels (`levels`), enums of key types
//! through changes (`key_types`), and schema files checked by a test
//! (`snapshot`).

#[path = "../support/cases.rs"]
mod cases;

mod key_types;
// Key fields the tests only write.
#[allow(dead_code)]
mod levels;
mod model;
mod oracle;
mod properties;
// Key fields the tests only write.
#[allow(dead_code)]
mod reports;
// Key fields the tests only write.
#[allow(dead_code)]
mod rules;
mod snapshot;
