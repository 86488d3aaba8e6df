//! `#[derive(RowKey)]`: a struct becomes a typed, order-preserving row key.
//!
//! A pipeline, one stage per file, in one direction: parse (`ast.rs`, with
//! `attr.rs` reading the attributes) -> lower (`lower/`: the typed
//! `model.rs`) -> check (`check.rs`: the rules across fields) -> expand
//! (`expand/`), which calls the runtime through `::rowkey::__private`.
//! `pipeline.rs` runs them; errors are collected in `ctxt.rs` and worded in
//! `messages.rs`; with errors, `fallback.rs` answers with the errors and a
//! stub impl, so one mistake gives one message. Use it through `rowkey`.

mod ast;
mod attr;
mod check;
mod codec;
mod ctxt;
mod expand;
mod fallback;
mod lower;
mod messages;
mod model;
mod pipeline;
mod size;
mod symbol;
mod tokens;

use proc_macro::TokenStream;

/// Derives `rowkey::RowKey` and the scan helpers. See the `rowkey` crate.
#[proc_macro_derive(
    RowKey,
    attributes(
        rowkey, pad, be_u16, be_u32, be_u64, fixed, reverse, at, salt, tag, escaped, mirror, java,
        ordered, phoenix
    )
)]
pub fn derive_row_key(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    pipeline::derive(&input).into()
}
