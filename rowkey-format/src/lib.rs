//! What `rowkey`'s derive and its runtime (`rowkey-core`) must agree on,
//! kept in one place: the limits a key is checked against, the names of the
//! generated scan helpers, HBase `OrderedBytes` headers and the Java-side
//! types of fields. `rowkey-core` re-exports all of it; the derive depends
//! on this crate alone, so a build compiles the runtime once, not also for
//! the compiler.
//!
//! ```
//! assert_eq!(rowkey_format::limits::salt_width(100), 1);
//! assert_eq!(rowkey_format::JavaType::Long.width(), 8);
//! ```

#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod limits;
pub mod names;
pub mod ordered;
mod types;

pub use types::{JavaType, KeyFormat, PhoenixType};
