//! Layout rules only the compiler can judge, because they involve a nested
//! key's width: calls whose trait bounds (in `rowkey-core`'s `checks`) hold
//! exactly when the rule does. A broken rule reads as rustc's "trait not
//! implemented" error with the runtime's message, spanned here on the
//! attribute or type to blame.

use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::spanned::Spanned;

use crate::model::{Codec, Key};
use crate::size::static_lifetimes;
use crate::tokens::lit;

pub fn checks(key: &Key<'_>) -> TokenStream {
    let mut out = TokenStream::new();
    out.extend(key.fields.iter().filter_map(|f| {
        let Codec::Nested = f.codec else { return None };
        // A nested key gets a slot of its `WIDTH`, only the shortest
        // encoding of a variable-length key.
        let ty = static_lifetimes(f.value_ty);
        Some(quote_spanned! {f.value_ty.span()=>
            const _: () = __rk::checks::fixed_width::<#ty, { <#ty as __rk::RowKey>::VARIABLE }>();
        })
    }));
    out.extend(key.fields.iter().filter_map(|f| {
        let at = f.at?;
        f.offset.known().is_none().then(|| {
            let (actual, asserted) = (&f.offset, lit(at.value));
            quote_spanned! {at.span=>
                const _: () = __rk::checks::offset_is::<{ #actual }, #asserted>();
            }
        })
    }));
    if let Some(declared) = key.declared_width.filter(|_| key.width.known().is_none()) {
        let (actual, declared_n) = (&key.width, lit(declared.value));
        out.extend(quote_spanned! {declared.span=>
            const _: () = __rk::checks::width_is::<{ #actual }, #declared_n>();
        });
    }
    out
}
