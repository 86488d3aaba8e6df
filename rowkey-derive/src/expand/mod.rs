//! Writes the code for a checked [`Key`]: one file per generated capability.
//! Everything lands in `const _: () = { ... }` and reaches the runtime
//! through `__rk`, the one hidden path, so `cargo expand` reads short.

mod codec;
mod layout;
mod record;
mod scan;
mod view;

use proc_macro2::{Span, TokenStream, TokenTree};
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
        (Ok(()), Some(key)) => local_hygiene(expand(&key)),
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

/// Gives the generated local variables (`__key`, `__w`, ...) macro_rules
/// hygiene, so a field named like one of them cannot capture or shadow it,
/// and drops the `usize` suffix from literals.
/// `quote!` spans every generated token at the call site; idents from the
/// user's input carry their own spans and are left alone. Items and paths
/// (`__rk`, `__private`) still resolve at the call site under mixed-site.
fn local_hygiene(tokens: TokenStream) -> TokenStream {
    let call_site = format!("{:?}", Span::call_site());
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Ident(mut i) => {
                if i.to_string().starts_with("__") && format!("{:?}", i.span()) == call_site {
                    i.set_span(Span::mixed_site());
                }
                TokenTree::Ident(i)
            }
            // `quote!` writes a `usize` as `6usize`; `6` reads better under
            // `cargo expand`, and every place it lands infers `usize`.
            TokenTree::Literal(l) => {
                match l.to_string().strip_suffix("usize").map(str::parse::<usize>) {
                    Some(Ok(n)) => {
                        let mut u = proc_macro2::Literal::usize_unsuffixed(n);
                        u.set_span(l.span());
                        TokenTree::Literal(u)
                    }
                    _ => TokenTree::Literal(l),
                }
            }
            TokenTree::Group(g) => {
                let mut ng = proc_macro2::Group::new(g.delimiter(), local_hygiene(g.stream()));
                ng.set_span(g.span());
                TokenTree::Group(ng)
            }
            other => other,
        })
        .collect()
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
