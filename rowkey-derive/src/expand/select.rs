//! `select()`: a typed builder of a skip scan, one method per field that
//! takes a value, a set of values or (on a field whose bytes keep order) a
//! range of the field's own type. Each value is written by the field's
//! codec, each range by the same runtime call as the field's `range_for_..`
//! helper with no head; the runtime's `select` compiles the ranges and
//! checks keys. The builder is `<Key>Select`, defined inside the derive's
//! block, so it can clash with nothing.

use proc_macro2::{Ident, TokenStream};
use quote::format_ident;

use super::field::{borrowed_text, edge_fn, encoded_len, param_type, write_field};
use crate::codec::{Codec, PhoenixCol};
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
        __rk::with_alloc! {
            #[doc = #doc]
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
    crate::lower::ty::static_lifetimes(&ty)
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
            pub fn build(self) -> __rk::Result<#krate::select::Select<'static>, #krate::select::SelectError> {
                self.0.build()
            }
        }
    });
    let doc = format!(
        "The skip scan being built by `{ident}::select()`: a condition per field, then `build()`."
    );
    quote! {
        __rk::with_alloc! {
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
            fn from(select: #name #ty_generics) -> Self {
                select.0
            }
        }
        }
    }
}

/// The method of field `f`, segment `i` of the layout.
fn method(key: &Key<'_>, f: &Field<'_>, i: usize) -> TokenStream {
    let ident = f.ident;
    let ty = param_type(f, &quote!('__v));
    let generics = borrowed_text(f).map(|_| quote!(<'__v>));
    let index = lit(i);
    let encode = encode(key, f);
    let doc = doc(key, f);
    let (bound, call) = if f.ranged() {
        let range = range(key, f, i);
        (
            quote!(Pick),
            quote!(self.0.pick(#index, __rk::select::Pick::pick(#ident), #encode, #range)),
        )
    } else {
        (
            quote!(Values),
            quote!(self.0.pick_values(#index, __rk::select::Values::values(#ident), #encode)),
        )
    };
    quote! {
        #[doc = #doc]
        pub fn #ident #generics(mut self, #ident: impl __rk::select::#bound<#ty>) -> Self {
            #call;
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

/// The value expression of the closure argument `__v` (a `&T`), as the
/// field's writer takes it: the `str` of a `&&str`, else the `T`.
fn value(f: &Field<'_>) -> TokenStream {
    match borrowed_text(f) {
        Some(_) => quote!((**__v)),
        None => quote!((*__v)),
    }
}

fn is_varchar(f: &Field<'_>) -> bool {
    matches!(f.codec, Codec::Phoenix(PhoenixCol::Varchar(_)))
}

/// `|__v| -> Result<Vec<u8>, EncodeError>`: a value's bytes as the key
/// holds them when a field follows (a `VARCHAR` with its separator).
fn encode(key: &Key<'_>, f: &Field<'_>) -> TokenStream {
    let krate = &key.krate;
    let ty = param_type(f, &quote!('__v));
    let v = value(f);
    let (desc, name) = (f.descending, unraw(f.ident));
    let (len, write) = if is_varchar(f) {
        (
            quote!(__rk::phoenix::varchar_len(&#v, #desc, false)),
            quote!(__rk::phoenix::encode_varchar(__w, &#v, #desc, false, #name)?;),
        )
    } else {
        (encoded_len(f, &v), write_field(f, &v))
    };
    quote! {
        |__v: &#ty| __rk::select::value_bytes(#len, #name, |__w| {
            #write
            __rk::Ok::<(), #krate::EncodeError>(())
        })
    }
}

/// `|lo, hi| -> Result<KeyRangeBuf, EncodeError>`: the keys whose bytes
/// from the field on hold a value in the bounds, by the field's codec, as
/// its `range_for_..` helper builds them after the fields before.
fn range(key: &Key<'_>, f: &Field<'_>, i: usize) -> TokenStream {
    let krate = &key.krate;
    let ty = param_type(f, &quote!('__v));
    let desc = f.descending;
    let bounds = quote!(__lo: __rk::Bound<&#ty>, __hi: __rk::Bound<&#ty>);
    let ret = quote!(__rk::Result<#krate::KeyRangeBuf, #krate::EncodeError>);
    if is_varchar(f) {
        // Null (empty) sorts first; with only `VARCHAR`s from here on, a key may end before it.
        let nullable = key.fields[i - usize::from(key.salt.is_some())..]
            .iter()
            .all(is_varchar);
        let shortest = if nullable {
            quote!(__rk::Some(&[][..]))
        } else {
            quote!(__rk::None)
        };
        return quote! {
            |#bounds| -> #ret {
                __rk::phoenix::varchar_range(&[], #shortest, __lo.map(|__v| *__v), __hi.map(|__v| *__v))
            }
        };
    }
    if f.runtime().cursor {
        // An OrderedBytes `Text`: its encodings are the edges.
        return quote! {
            |#bounds| -> #ret {
                __rk::codec::ordered_field::text_range(&[], __lo.map(|__v| *__v), __hi.map(|__v| *__v), #desc)
            }
        };
    }
    let w = f.width.arg();
    let edge = match edge_fn(f) {
        (edge, true) => quote!(|__e: &#ty| #edge(*__e, #desc)),
        (edge, false) => edge,
    };
    quote! {
        |#bounds| -> #ret {
            __rk::range::field::<__rk::Vec<u8>, #ty, #w>(&[], &(__lo, __hi), #edge, #desc)
        }
    }
}
