//! `select()`: a typed builder of a skip scan, one method per field that
//! takes a value, a set of values or (on a field whose bytes keep order) a
//! range of the field's own type, and hands it to the runtime's `select`,
//! which writes each value and range by the field's codec (through the
//! layout), compiles the ranges and checks keys. Each method is one call,
//! so a key's select costs its crate little to compile. The builder is
//! `<Key>Select`, defined inside the derive's block, so it can clash with
//! nothing. Only for a key marked `#[rowkey(select)]`: the builder costs
//! its crate about as much to compile as the key's scan helpers.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote_spanned};
use syn::spanned::Spanned;

use super::field::{borrowed_text, param_type};
use crate::model::{Field, Key};
use crate::symbol::unraw;
use crate::tokens::{lit, q as quote};

/// The methods every builder has besides the fields'; a field of the same
/// name takes the name, and the step is then reached through `Predicate`.
const BUILD: &str = "build";
const MAX_RANGES: &str = "max_ranges";

/// The builder's name.
fn builder(key: &Key<'_>) -> Ident {
    format_ident!("{}Select", key.ident)
}

/// `select()`, in the key's impl.
pub fn entry(key: &Key<'_>) -> TokenStream {
    let name = builder(key);
    let (_, ty_generics, _) = key.generics.split_for_impl();
    let ident = key.ident;
    let doc = format!(
        "A skip scan over `{ident}` keys: one method per field takes a value, a set of values \
         or, on a field whose bytes keep order, a range; `build()` compiles it to the fewest \
         exact key ranges (`Select::ranges`), and the check and seek hint for the fields after \
         them (`Select::matches`, `Select::next_hint`)."
    );
    let static_key = static_type(key);
    quote! {
        __rk::with_select! {
            #[doc = #doc]
            #[inline]
            pub fn select() -> #name #ty_generics {
                #name(
                    __rk::select::Predicate::new(&<#static_key as __rk::RowKey>::LAYOUT),
                    ::core::marker::PhantomData,
                )
            }
        }
    }
}

/// The key's type with `'static` for its lifetimes, whose `LAYOUT` is a
/// `'static` constant.
fn static_type(key: &Key<'_>) -> syn::Type {
    let ident = key.ident;
    let (_, ty_generics, _) = key.generics.split_for_impl();
    let ty: syn::Type = syn::parse_quote!(#ident #ty_generics);
    crate::size::static_lifetimes(&ty)
}

/// The builder and its methods, in the derive's block.
pub fn items(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let name = builder(key);
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let sw = usize::from(key.salt.is_some());
    let methods = key
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.takes_value())
        .map(|(i, f)| method(key, f, i + sw));
    let taken = |n: &str| key.fields.iter().any(|f| unraw(f.ident) == n);
    let max_ranges = (!taken(MAX_RANGES)).then(|| {
        quote! {
            /// Caps the key ranges at `n` (by default `select::DEFAULT_MAX_RANGES`):
            /// past it they cover more keys than match, and `Select::covering` says so.
            #[inline]
            pub fn max_ranges(mut self, n: usize) -> Self {
                self.0.max_ranges(n);
                self
            }
        }
    });
    let build = (!taken(BUILD)).then(|| {
        quote! {
            /// Compiles the select.
            ///
            /// # Errors
            /// A field's empty set, a range that holds no value, a value the
            /// field cannot hold: the error names the field.
            #[inline]
            pub fn build(self) -> __rk::Result<#krate::select::Select<'static>, #krate::select::SelectError> {
                self.0.build()
            }
        }
    });
    let doc = format!(
        "The skip scan being built by `{ident}::select()`: a condition per field, then `build()`."
    );
    // `#[inline]` on the methods that are not generic: none is then compiled
    // in the key's crate unless called there.
    quote! {
        __rk::select_builder! {
        #[doc = #doc]
        #[must_use = "a select does nothing until `build()` compiles it"]
        pub struct #name #impl_generics (
            #krate::select::Predicate<'static>,
            ::core::marker::PhantomData<fn() -> #ident #ty_generics>,
        ) #where_clause;

        impl #impl_generics #name #ty_generics #where_clause {
            #(#methods)*
            #max_ranges
            #build
        }

        impl #impl_generics ::core::convert::From<#name #ty_generics> for #krate::select::Predicate<'static> #where_clause {
            #[inline]
            fn from(select: #name #ty_generics) -> Self {
                select.0
            }
        }
        }
    }
}

/// The method of field `f`, segment `i` of the layout: the values or
/// range, handed to the runtime, which writes them by the field's codec.
fn method(key: &Key<'_>, f: &Field<'_>, i: usize) -> TokenStream {
    let ident = f.ident;
    let ty = param_type(f, &quote!('__v));
    let generics = borrowed_text(f).map(|_| quote!(<'__v>));
    let index = lit(i);
    let doc = doc(key, f);
    let (bound, call) = if f.ranged() {
        (
            quote!(Pick),
            quote!(pick(#index, __rk::select::Pick::pick(#ident))),
        )
    } else if f.nested() {
        // Written by the key's own `encode_into`, as `encode` writes it: a
        // type that is no key gives the one error `encode` gives.
        let (w, ty, k, b) = (f.width.arg(), f.value_ty, quote!(__k), quote!(__b));
        let put = quote_spanned!(ty.span()=> <#ty as __rk::RowKey>::encode_into(#k, &mut #b)?;);
        (
            quote!(Values),
            quote!(pick_bytes(#index, __rk::select::Values::values(#ident), |__k: &#ty| {
                let mut __b = [0u8; #w];
                #put
                __rk::Ok(<[u8]>::to_vec(&__b))
            })),
        )
    } else {
        (
            quote!(Values),
            quote!(pick_values(#index, __rk::select::Values::values(#ident))),
        )
    };
    quote! {
        #[doc = #doc]
        pub fn #ident #generics(mut self, #ident: impl __rk::select::#bound<#ty>) -> Self {
            self.0.#call;
            self
        }
    }
}

fn doc(key: &Key<'_>, f: &Field<'_>) -> String {
    let name = unraw(f.ident);
    let takes = if f.ranged() {
        "one value, a set of values (an array, a `Vec`, a slice) or a range (`a..b`, `a..=b`, `a..`, `..b`, `..=b`, `(Bound, Bound)`)"
    } else {
        "one value or a set of values (an array, a `Vec`, a slice); its bytes do not sort as its values, so no range"
    };
    let salted = key
        .salt
        .as_ref()
        .is_some_and(|s| s.fields.iter().any(|&j| key.fields[j].ident == f.ident));
    let mut doc =
        format!("Selects the keys whose `{name}` is {takes}. A later call replaces the condition.");
    if f.descending {
        doc.push_str(" The field is descending: its keys come largest value first.");
    }
    if salted {
        doc.push_str(" The field is salted: values here pin the salt bucket of each combination.");
    }
    doc
}
