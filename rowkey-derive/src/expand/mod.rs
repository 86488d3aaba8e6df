//! Writes the code for a checked [`Key`]: one file per generated capability.
//! Everything lands in `const _: () = { ... }` and reaches the runtime
//! through `__rk`, the one hidden path, so `cargo expand` reads short.

mod codec;
mod layout;
mod record;
mod scan;
mod view;

use proc_macro2::TokenStream;
use quote::quote;

use crate::check;
use crate::ctxt::Ctxt;
use crate::model::Key;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    // An enum of key types decodes mixed scans; any other enum is `check`'s error.
    if let syn::Data::Enum(data) = &input.data {
        if let Some(variants) = record::variants(data) {
            return record::expand(input, &variants);
        }
    }
    let cx = Ctxt::default();
    let key = check::key(&cx, input);
    match (cx.finish(), key) {
        (Ok(()), Some(key)) => expand(&key),
        (Err(errors), _) => crate::fallback::expand(input, errors),
        // `check` returns no key only after reporting why.
        (Ok(()), None) => TokenStream::new(),
    }
}

fn expand(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let row_key = codec::row_key_impl(key);
    let helpers = scan::helpers(key);
    let checks = const_checks(key);
    let (view_struct, view_impl) = view::view(key);
    quote! {
        #view_struct
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use #krate::__private as __rk;
            #checks
            #row_key
            #helpers
            #view_impl
        };
    }
}

/// Layout rules that need a nested key's width: `const` assertions, spanned
/// on the attribute they check, so rustc reports them where `check` would.
fn const_checks(key: &Key<'_>) -> TokenStream {
    key.const_checks
        .iter()
        .map(|c| {
            let (actual, expected, message) = (&c.actual, c.expected, &c.message);
            quote::quote_spanned! {c.span=>
                const _: () = ::core::assert!(#actual == #expected, #message);
            }
        })
        .collect()
}
