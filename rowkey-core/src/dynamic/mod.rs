//! Keys read and written from their [`Layout`](crate::Layout) alone, without
//! the Rust type: what [`Layout::explain`](crate::Layout::explain), the JSON
//! schema and command-line tools run on.
//!
//! Each field is read and written by its codec's own module (through the
//! [`Codec`](crate::codec::Codec) contract), the same code whose functions
//! derived keys call, so a layout read from a schema decodes exactly what
//! `T::decode` decodes: the same values, or the same error.
//!
//! ```
//! use rowkey::{dynamic, RowKey};
//!
//! #[derive(RowKey)]
//! struct FileKey {
//!     #[pad(6)] user_id: u32,
//!     #[pad(8)] create_date: u32,
//! }
//!
//! let fields = dynamic::decode(&FileKey::LAYOUT, b"00000120120902")?;
//! assert_eq!(fields[1].name, "create_date");
//! assert_eq!(fields[1].value.to_string(), "20120902");
//! # Ok::<(), rowkey::ReadError>(())
//! ```

mod check;
pub(crate) mod explained;
mod explainer;
mod members;
mod scan;
#[cfg(any(feature = "select", test))]
mod select;
mod walk;
mod write;

pub use crate::value::{FieldValue, InputError, Value};
pub use check::{check, Checker};
pub(crate) use explained::Explained;
pub use explained::{ExplainedField, Reading};
pub use explainer::Explainer;
pub use scan::{scan, Scan, ScanRanges};
#[cfg(any(feature = "select", test))]
pub use select::{select, TextCondition};
pub use walk::decode;
#[cfg(any(feature = "select", test))]
pub(crate) use write::write_value;
pub use write::{encode, parse_value};
