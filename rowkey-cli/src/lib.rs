//! The library behind the `rowkey` command line: schemas read back into
//! layouts, key texts, the commands (`compat` among them: a schema change
//! checked against the keys stored), and the tools they print for (the
//! HBase shell and `cbt`). The binary is `src/main.rs`; what `--json`
//! prints is described in [`json`].

pub mod args;
pub mod cbt;
pub mod compat;
pub mod decode;
pub mod encode;
pub mod hbase;
pub mod heatmap;
pub mod input;
pub mod json;
pub mod keytext;
pub mod scan;
pub mod schema;
pub mod splits;
pub mod spread;

/// Which tools' commands to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tools {
    /// HBase shell lines.
    pub hbase: bool,
    /// `cbt` lines.
    pub cbt: bool,
}

/// Commands printed, and why `cbt`'s were not, when they were asked for
/// and cannot carry the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// The lines to print.
    pub text: String,
    /// The error to report after them.
    pub refused: Option<String>,
}

// The README's schema example compiles as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
