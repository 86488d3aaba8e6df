//! Keys read and written from their [`Layout`](crate::Layout) alone, without
//! the Rust type: what [`RowKey::explain`](crate::RowKey::explain), the JSON
//! schema and command-line tools run on.
//!
//! Every function here calls the same codec functions as derived code, so a
//! layout read from a schema decodes exactly what `T::decode` decodes: the
//! same values, or the same [`DecodeError`](crate::DecodeError).
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
//! # Ok::<(), rowkey::DecodeError>(())
//! ```

mod dispatch;
mod explained;
mod java;
mod phoenix;
mod read;
mod value;
mod write;

pub use explained::{Explained, ExplainedField, Reading};
pub use read::{decode, explain, explain_members};
pub use value::{FieldValue, Value};
pub use write::{encode, parse_value, scan, InputError, Scan, ScanRanges};
