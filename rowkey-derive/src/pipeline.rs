//! The derive in four stages, one direction: parse (`ast`, `attr`) ->
//! lower (`lower/`) -> check (`check`) -> expand (`expand/`), every error
//! collected on the way. With errors, `fallback` answers instead of expand.

use proc_macro2::TokenStream;

use crate::ast::{Data, Input};
use crate::ctxt::Ctxt;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let ast = Input::from_syn(&cx, input);
    let key = match &ast.data {
        Data::Struct(fields) => {
            let key = crate::lower::key(&cx, &ast, fields);
            crate::check::key(&cx, &ast, &key);
            Some(key)
        }
        Data::Enum(variants) => {
            crate::check::record(&cx, &ast, variants);
            None
        }
        Data::Unsupported => None,
    };
    if let Err(errors) = cx.finish() {
        return crate::fallback::expand(&ast, errors);
    }
    match (&ast.data, key.and_then(|k| k.complete())) {
        (Data::Enum(variants), _) => crate::expand::record::expand(&ast, variants),
        (_, Some(key)) => crate::expand::key(&key),
        // Without errors every field has a codec and the shape is supported.
        _ => TokenStream::new(),
    }
}
