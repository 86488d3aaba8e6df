//! When the input has errors: the errors, plus a stub `RowKey` impl and stub
//! scan helpers with the names the real ones would have, so code that uses
//! the key reports nothing more and one mistake gives one message.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::attr;
use crate::check::unraw;
use crate::ctxt::Ctxt;

pub fn expand(input: &syn::DeriveInput, errors: syn::Error) -> TokenStream {
    let errors = errors.to_compile_error();
    // Only a struct of lifetimes can take an impl; other inputs get just the errors.
    let plain = input.generics.type_params().next().is_none()
        && input.generics.const_params().next().is_none();
    if !plain {
        return errors;
    }
    // The attributes again, quietly: their errors are already in `errors`.
    let quiet = Ctxt::default();
    let sattrs = attr::struct_attrs(&quiet, &input.attrs);
    let fields = match &input.data {
        syn::Data::Struct(syn::DataStruct {
            fields: syn::Fields::Named(named),
            ..
        }) => named
            .named
            .iter()
            .filter_map(|f| {
                let salted = attr::field_attrs(&quiet, &f.attrs).salt.is_some();
                Some((f.ident.as_ref()?, salted))
            })
            .collect(),
        _ => Vec::new(),
    };
    let _ = quiet.finish();

    let krate = sattrs
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::rowkey));
    // The declared width is the one user code relies on (`let k: [u8; 20] = ..`);
    // one beyond the limit would only add errors about huge arrays.
    let max = sattrs.max_width.map_or(32_767, |m| m.value);
    let width = sattrs.width.map_or(0, |w| w.value).min(max);
    let row_key = row_key_impl(input, &krate, width);
    let helpers = helpers(input, &krate, width, sattrs.phoenix.is_some(), &fields);
    quote! {
        #errors
        #[doc(hidden)]
        #[allow(dead_code, unused, clippy::all)]
        const _: () = {
            #row_key
            #helpers
        };
    }
}

fn row_key_impl(input: &syn::DeriveInput, krate: &syn::Path, width: usize) -> TokenStream {
    let ident = &input.ident;
    let name = ident.to_string();
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // As the real impl: the struct with every lifetime set to `'de`.
    let lifetimes = input.generics.lifetimes().map(|_| quote!('de));
    let decoded = quote!(#ident<#(#lifetimes),*>);
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
            const WIDTH: usize = #width;
            const LAYOUT: #krate::Layout = #krate::Layout {
                name: #name,
                width: #width,
                variable: false,
                max_width: #width,
                salt: ::core::option::Option::None,
                segments: &[],
            };
            type Bytes = [u8; #width];
            type Decoded<'de> = #decoded;
            fn encode(&self) -> ::core::result::Result<[u8; #width], #krate::EncodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
            fn encode_into(&self, _: &mut [u8]) -> ::core::result::Result<usize, #krate::EncodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
            fn decode(_: &[u8]) -> ::core::result::Result<Self::Decoded<'_>, #krate::DecodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
        }
    }
}

/// `prefix_for_..` and `range_for_..` for every leading run of fields, taking
/// any arguments and returning what the real helper would (one range, or one
/// per bucket when the run leaves a salted field free), plus `SALT` and
/// `split_points()` for salted keys.
fn helpers(
    input: &syn::DeriveInput,
    krate: &syn::Path,
    width: usize,
    phoenix: bool,
    fields: &[(&syn::Ident, bool)],
) -> TokenStream {
    if fields.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // As `rowkey::range_capacity`.
    let cap = if width < 64 {
        64
    } else {
        width.saturating_add(1)
    };
    let salted = phoenix || fields.iter().any(|f| f.1);
    let mut items = Vec::new();
    if salted {
        items.push(quote! {
            pub const SALT: #krate::Salt = #krate::Salt::new(1);
            pub fn split_points() -> #krate::SplitPoints {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
        });
    }
    let mut names = Vec::new();
    for (k, (field, _)) in fields.iter().enumerate() {
        names.push(unraw(field));
        let joined = names.join("_");
        let (prefix, range, within) = (
            format_ident!("prefix_for_{}", joined),
            format_ident!("range_for_{}", joined),
            // Any field could be a nested key: a `_within` stub for each.
            format_ident!("prefix_for_{}_within", joined),
        );
        let pins_salt = |n: usize| {
            if phoenix {
                n == fields.len()
            } else {
                fields.iter().skip(n).all(|f| !f.1)
            }
        };
        let ret = |n: usize| {
            if pins_salt(n) {
                quote!(#krate::KeyRange<#cap>)
            } else {
                quote!(#krate::BucketRanges<#cap>)
            }
        };
        let (prefix_ret, range_ret) = (ret(k + 1), ret(k));
        let args = (0..=k).map(|_| quote!(_: impl ::core::marker::Sized));
        let args2 = args.clone();
        let args3 = args.clone();
        items.push(quote! {
            pub fn #within(#(#args3),*) -> ::core::result::Result<#range_ret, #krate::EncodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
            pub fn #prefix(#(#args),*) -> ::core::result::Result<#prefix_ret, #krate::EncodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
            pub fn #range(#(#args2),*) -> ::core::result::Result<#range_ret, #krate::EncodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
        });
    }
    quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #where_clause {
            #(#items)*
        }
    }
}
