//! The library behind the `rowkey` command line: schemas read back into
//! layouts, key texts, and the commands. The binary is `src/main.rs`.

pub mod commands;
pub mod keytext;
pub mod schema;
pub mod spread;
