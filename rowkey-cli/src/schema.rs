//! The schema files the command line reads: `T::LAYOUT.to_json()`, read
//! back by `rowkey::schema::read`, which keeps each layout in an [`Arena`]
//! that lives as long as the command.

pub use rowkey_core::schema::{read, Arena, Schema};
