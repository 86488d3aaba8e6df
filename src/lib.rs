#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

pub use rowkey_core::*;

#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;
