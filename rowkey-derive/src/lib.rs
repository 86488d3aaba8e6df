//! `#[derive(RowKey)]`: a struct becomes a typed, order-preserving row key.
//!
//! A small pipeline, one file per phase: `attr.rs` reads the attributes,
//! `check.rs` turns them and the field types into a `model.rs` while collecting
//! every layout error, and `expand/` writes the code, which calls the runtime
//! through `::rowkey::__private`. On errors, `fallback.rs` adds a bare impl so
//! one mistake gives one message. Use it through the `rowkey` crate.

mod attr;
mod check;
mod ctxt;
mod expand;
mod fallback;
mod model;
#[cfg(test)]
mod snapshot_test;
mod symbol;

use proc_macro::TokenStream;

/// Derives `rowkey::RowKey` and the scan helpers. See the `rowkey` crate.
#[proc_macro_derive(
    RowKey,
    attributes(
        rowkey, pad, be_u16, be_u32, be_u64, fixed, reverse, at, salt, tag, escaped, mirror
    )
)]
pub fn derive_row_key(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
