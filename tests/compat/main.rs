//! Key changes caught before they ship: the verdict of `rowkey::compat`
//! against what `dynamic` observes on random keys of randomly changed
//! layouts (`properties`).

#[path = "../support/cases.rs"]
mod cases;

mod model;
mod oracle;
mod properties;
