//! `#[derive(RowKey)]` on an enum of key types, one per record type sharing
//! a table (seed 002's customer row `[customer][1]` and order rows
//! `[customer][2][order]`): decode a mixed scan into the right variant.

use super::q as quote;
use proc_macro2::TokenStream;

use crate::ast::{Input, Variant};

pub fn expand(ast: &Input<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let input = ast.original;
    let variants: Vec<_> = variants.iter().map(|v| (v.ident, v.ty)).collect();
    let krate: syn::Path = syn::parse_quote!(::rowkey);
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let bytes_lt = input.generics.lifetimes().next().map(|l| {
        let l = &l.lifetime;
        quote!(#l)
    });
    // The first variant's error starts the search; each later one replaces
    // it if it got at least as far into the key: the most telling error.
    let tries = variants.iter().enumerate().map(|(i, (v, ty))| {
        let keep = if i == 0 {
            quote!(e)
        } else {
            quote!(if e.offset() >= __err.offset() {
                e
            } else {
                __err
            })
        };
        quote! {
            let __err = match <#ty as #krate::RowKey>::decode(bytes) {
                ::core::result::Result::Ok(k) => return ::core::result::Result::Ok(Self::#v(k)),
                ::core::result::Result::Err(e) => #keep,
            };
        }
    });
    let arms_into = variants
        .iter()
        .map(|(v, _)| quote!(Self::#v(k) => #krate::RowKey::encode_into(k, out),));
    let arms_len = variants
        .iter()
        .map(|(v, _)| quote!(Self::#v(k) => #krate::RowKey::encoded_len(k),));
    let froms = variants.iter().map(|(v, ty)| {
        quote! {
            #[automatically_derived]
            impl #impl_generics ::core::convert::From<#ty> for #ident #ty_generics #where_clause {
                fn from(k: #ty) -> Self {
                    Self::#v(k)
                }
            }
        }
    });
    let name = ident.to_string();
    let members = variants.iter().map(|(v, ty)| {
        let member = v.to_string();
        quote!(#krate::Member { name: #member, layout: &<#ty as #krate::RowKey>::LAYOUT })
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #where_clause {
            /// The record types of this table, in the order `decode` tries them,
            /// each with its key's layout: `KEY_TYPES.explain(bytes)` takes a key
            /// apart as the one that matches, `KEY_TYPES.to_json()` is the schema.
            pub const KEY_TYPES: #krate::KeyTypes = #krate::KeyTypes {
                name: #name,
                members: &[#(#members),*],
            };

            /// Decodes the key of whichever record type these bytes hold, trying
            /// the variants in order; give each a `#[tag]` so exactly one fits.
            /// On failure, the error of the variant that read furthest.
            pub fn decode(bytes: &#bytes_lt [u8]) -> ::core::result::Result<Self, #krate::DecodeError> {
                #(#tries)*
                ::core::result::Result::Err(__err)
            }

            /// Encodes the variant's key into the front of `out`.
            pub fn encode_into(&self, out: &mut [u8]) -> ::core::result::Result<usize, #krate::EncodeError> {
                match self { #(#arms_into)* }
            }

            /// The length of the variant's key.
            pub fn encoded_len(&self) -> usize {
                match self { #(#arms_len)* }
            }
        }
        #(#froms)*
    }
}
