//! When the input has errors: the errors, plus a stub `RowKey` impl and stub
//! scan helpers with the names the real ones would have, so code that uses
//! the key reports nothing more and one mistake gives one message.

use proc_macro2::{Ident, TokenStream};
use quote::quote;
use rowkey_format::limits::{self, range_capacity};
use rowkey_format::names::{self, Helper};

use crate::ast::Input;
use crate::symbol::unraw;

pub fn expand(ast: &Input<'_>, errors: syn::Error) -> TokenStream {
    let input = ast.original;
    let errors = errors.to_compile_error();
    // Only a struct of lifetimes can take an impl; other inputs get just the errors.
    let plain = input.generics.type_params().next().is_none()
        && input.generics.const_params().next().is_none();
    if !plain {
        return errors;
    }
    let sattrs = &ast.attrs;
    let fields: Vec<(&Ident, bool)> = ast
        .fields()
        .iter()
        .map(|f| (f.ident, f.attrs.salt.is_some()))
        .collect();

    let krate = sattrs
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::rowkey));
    // The declared width is the one user code relies on (`let k: [u8; 20] = ..`);
    // one beyond the limit would only add errors about huge arrays.
    let max = sattrs
        .max_width
        .map_or(limits::DEFAULT_MAX_WIDTH, |m| m.value);
    let width = sattrs.width.map_or(0, |w| w.value).min(max);
    let row_key = row_key_impl(input, &krate, width);
    let helpers = helpers(input, &krate, width, sattrs.phoenix.is_some(), &fields);
    let (view_outside, view_inside) = view(ast, &krate);
    quote! {
        #errors
        #view_outside
        #[doc(hidden)]
        #[allow(dead_code, unused, clippy::all)]
        const _: () = {
            #row_key
            #helpers
            #view_inside
        };
    }
}

/// For `#[rowkey(view)]`: a view type with a getter per field and
/// `T::view`, so code reading the view reports nothing more. A named view
/// is defined next to the key, where the user names it.
fn view(ast: &Input<'_>, krate: &syn::Path) -> (TokenStream, TokenStream) {
    let Some(view) = &ast.attrs.view else {
        return (TokenStream::new(), TokenStream::new());
    };
    let name = view
        .value
        .clone()
        .unwrap_or_else(|| Ident::new("__RowKeyView", proc_macro2::Span::call_site()));
    let vis = &ast.original.vis;
    let def = quote!(#[allow(dead_code)] #vis struct #name;);
    let getters = ast.fields().iter().map(|f| {
        let (field, ty) = (f.ident, f.ty);
        quote! {
            pub fn #field(&self) -> ::core::result::Result<#ty, #krate::DecodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
        }
    });
    let ident = ast.ident;
    let impls = quote! {
        impl #name {
            #(#getters)*
        }
        impl #ident {
            pub fn view(_: &[u8]) -> ::core::result::Result<&#name, #krate::DecodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
        }
    };
    match view.value {
        Some(_) => (def, impls),
        None => (TokenStream::new(), quote!(#def #impls)),
    }
}

fn row_key_impl(input: &syn::DeriveInput, krate: &syn::Path, width: usize) -> TokenStream {
    let width = proc_macro2::Literal::usize_unsuffixed(width);
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
            const LAYOUT: #krate::Layout<'static> = #krate::Layout {
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
    // The types the derive's helpers return for a key this wide.
    let (range_ty, buckets_ty) = if width >= rowkey_format::limits::INLINE_RANGE_LIMIT {
        (quote!(#krate::KeyRangeBuf), quote!(#krate::BucketRangesBuf))
    } else {
        let cap = proc_macro2::Literal::usize_unsuffixed(range_capacity(width));
        (
            quote!(#krate::KeyRange<#cap>),
            quote!(#krate::BucketRanges<#cap>),
        )
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
    let pins_salt = |n: usize| {
        if phoenix {
            n == fields.len()
        } else {
            fields.iter().skip(n).all(|f| !f.1)
        }
    };
    let ret = |n: usize| {
        if pins_salt(n) {
            range_ty.clone()
        } else {
            buckets_ty.clone()
        }
    };
    let mut leading = Vec::new();
    // Names already stubbed: a name made twice was reported, not stubbed twice.
    let mut seen = Vec::new();
    for (k, (field, _)) in fields.iter().enumerate() {
        leading.push(unraw(field));
        // Any field could be a nested key: a `_within` stub for each.
        let helpers = [
            (Helper::Within, ret(k)),
            (Helper::Prefix, ret(k + 1)),
            (Helper::Range, ret(k)),
        ];
        for (helper, ret) in helpers {
            let name = name(helper, &leading);
            if !seen.contains(&name) {
                items.push(stub(&name, k + 1, &ret, krate));
                seen.push(name);
            }
        }
    }
    quote! {
        impl #impl_generics #ident #ty_generics #where_clause {
            #(#items)*
        }
    }
}

/// A helper's name, as the runtime spells it.
fn name(helper: Helper, fields: &[String]) -> Ident {
    let mut name = String::new();
    // Writing to a `String` cannot fail.
    let _ = names::write(&mut name, helper, fields.iter().map(String::as_str));
    Ident::new(&name, proc_macro2::Span::call_site())
}

/// A helper taking `args` arguments of any type and returning `ret`.
fn stub(name: &Ident, args: usize, ret: &TokenStream, krate: &syn::Path) -> TokenStream {
    let args = (0..args).map(|_| quote!(_: impl ::core::marker::Sized));
    quote! {
        pub fn #name(#(#args),*) -> ::core::result::Result<#ret, #krate::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
    }
}
