//! `#[derive(RowKey)]` on an enum of key types, one per record type sharing
//! a table (a customer row `[customer][1]` and order rows
//! `[customer][2][order]`): decode a mixed scan into the right variant.
//!
//! With `#[tag(..)]` on the variants, the tag's bytes lead each member's key
//! and decode picks the member by them (the tags are prefix-free, checked by
//! `check`). Without, decode tries the members in order, and one const check
//! per pair proves from their `LAYOUT`s that no bytes decode as both.

use proc_macro2::TokenStream;
use syn::spanned::Spanned;

use crate::ast::{Input, Variant};
use crate::tokens::q as quote;

pub fn expand(ast: &Input<'_>, variants: &[Variant<'_>]) -> TokenStream {
    let krate = ast
        .attrs
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::rowkey));
    let inherent = inherent(ast, &krate, variants);
    let row_key = row_key(ast, &krate, variants);
    let froms = froms(ast, variants);
    let disjoint = disjoint_checks(&krate, variants);
    quote! {
        #[doc(hidden)]
        #[allow(unused_qualifications, clippy::all)]
        const _: () = {
            use #krate::__private as __rk;
            #(#disjoint)*
            #inherent
            #row_key
            #(#froms)*
        };
    }
}

/// The tag's bytes, as a `&[u8]` expression (empty for an untagged member).
fn tag(v: &Variant<'_>) -> TokenStream {
    let bytes = v.tag.as_ref().map_or(&[][..], |t| &t.value[..]);
    quote!((&[#(#bytes),*] as &[u8]))
}

fn inherent(ast: &Input<'_>, krate: &syn::Path, variants: &[Variant<'_>]) -> TokenStream {
    let ident = ast.ident;
    let name = ident.to_string();
    let (impl_generics, ty_generics, where_clause) = ast.original.generics.split_for_impl();
    let bytes_lt = ast.original.generics.lifetimes().next().map(|l| {
        let l = &l.lifetime;
        quote!(#l)
    });
    // The first member's error starts the search; each later one replaces
    // it if it got at least as far into the key: the most telling error.
    let tries = variants.iter().enumerate().map(|(i, v)| {
        let (ty, var, tag) = (v.ty, v.ident, tag(v));
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
            let __err = match __rk::record::strip_tag(bytes, #tag, #name)
                .and_then(<#ty as #krate::RowKey>::decode)
            {
                ::core::result::Result::Ok(k) => return ::core::result::Result::Ok(Self::#var(k)),
                ::core::result::Result::Err(e) => #keep,
            };
        }
    });
    let arms_into = variants.iter().map(|v| {
        let (var, tag) = (v.ident, tag(v));
        quote! {
            Self::#var(k) => {
                let __n = __rk::record::write_tag(#tag, out, k, #name)?;
                ::core::result::Result::Ok(__n + #krate::RowKey::encode_into(k, &mut out[__n..])?)
            }
        }
    });
    let members = variants.iter().map(|v| {
        let (member, ty, tag) = (v.ident.to_string(), v.ty, tag(v));
        quote!(#krate::Member { name: #member, tag: #tag, layout: &<#ty as #krate::RowKey>::LAYOUT })
    });
    let arms_len = variants.iter().map(|v| {
        let (var, tag) = (v.ident, tag(v));
        quote!(Self::#var(k) => #tag.len() + #krate::RowKey::encoded_len(k),)
    });
    quote! {
        impl #impl_generics #ident #ty_generics #where_clause {
            /// The record types of this table, in the order `decode` tries them,
            /// each with its key's layout: `KEY_TYPES.explain(bytes)` takes a key
            /// apart as the one that matches, `KEY_TYPES.to_json()` is the schema.
            pub const KEY_TYPES: #krate::KeyTypes<'static> = #krate::KeyTypes {
                name: #name,
                members: &[#(#members),*],
            };

            /// Decodes the key of whichever record type these bytes hold:
            /// the member whose `#[tag]` leads them, or, without tags, the
            /// one member whose layout they fit (the derive proves there is
            /// at most one). On failure, the error of the member that read furthest.
            #[inline]
            pub fn decode(bytes: &#bytes_lt [u8]) -> ::core::result::Result<Self, #krate::DecodeError> {
                #(#tries)*
                ::core::result::Result::Err(__err)
            }

            /// Encodes the variant's tag and key into the front of `out`.
            #[inline]
            pub fn encode_into(&self, out: &mut [u8]) -> ::core::result::Result<usize, #krate::EncodeError> {
                match self { #(#arms_into)* }
            }

            /// The length of the variant's tag and key.
            #[inline]
            pub fn encoded_len(&self) -> usize {
                match self { #(#arms_len)* }
            }
        }
    }
}

/// `impl RowKey`: a variable-length key (members differ in length), so
/// `encode` returns a `Vec<u8>`; only with an allocator.
fn row_key(ast: &Input<'_>, krate: &syn::Path, variants: &[Variant<'_>]) -> TokenStream {
    let ident = ast.ident;
    let name = ident.to_string();
    let generics = &ast.original.generics;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let de = generics.lifetimes().map(|_| quote!('de));
    let decoded = quote!(#ident<#(#de),*>);
    let widths = variants.iter().map(|v| {
        let (ty, tag) = (crate::size::static_lifetimes(v.ty), tag(v));
        quote!(#tag.len() + <#ty as #krate::RowKey>::WIDTH)
    });
    let width = widths.reduce(|a, b| quote!(__rk::record::min(#a, #b)));
    quote! {
        __rk::with_alloc! {
            #[automatically_derived]
            impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
                /// The shortest member's tag and key.
                const WIDTH: usize = #width;
                const VARIABLE: bool = true;
                /// Keys of different members do not sort by any one value.
                const ORDERED: bool = false;
                /// Each member has its own layout; the enum's lists no segments.
                const LAYOUT: #krate::Layout<'static> = #krate::Layout {
                    name: #name,
                    width: <Self as #krate::RowKey>::WIDTH,
                    variable: true,
                    max_width: __rk::limits::DEFAULT_MAX_WIDTH,
                    salt: ::core::option::Option::None,
                    segments: &[],
                };
                type Bytes = __rk::Vec<u8>;
                type Decoded<'de> = #decoded;

                #[inline]
                fn encode(&self) -> ::core::result::Result<__rk::Vec<u8>, #krate::EncodeError> {
                    let mut __out = __rk::vec![0u8; #ident::encoded_len(self)];
                    let __n = #ident::encode_into(self, &mut __out)?;
                    __out.truncate(__n);
                    ::core::result::Result::Ok(__out)
                }

                #[inline]
                fn encode_into(&self, out: &mut [u8]) -> ::core::result::Result<usize, #krate::EncodeError> {
                    #ident::encode_into(self, out)
                }

                #[inline]
                fn encoded_len(&self) -> usize {
                    #ident::encoded_len(self)
                }

                #[inline]
                fn decode(bytes: &[u8]) -> ::core::result::Result<Self::Decoded<'_>, #krate::DecodeError> {
                    #ident::decode(bytes)
                }
            }
        }
    }
}

fn froms<'a>(
    ast: &'a Input<'_>,
    variants: &'a [Variant<'_>],
) -> impl Iterator<Item = TokenStream> + 'a {
    let ident = ast.ident;
    let (impl_generics, ty_generics, where_clause) = ast.original.generics.split_for_impl();
    variants.iter().map(move |v| {
        let (var, ty) = (v.ident, v.ty);
        quote! {
            #[automatically_derived]
            impl #impl_generics ::core::convert::From<#ty> for #ident #ty_generics #where_clause {
                #[inline]
                fn from(k: #ty) -> Self {
                    Self::#var(k)
                }
            }
        }
    })
}

/// Untagged members: one check per pair that no bytes decode as both,
/// spanned on the later variant, failing with the runtime's message.
fn disjoint_checks<'a>(krate: &'a syn::Path, variants: &'a [Variant<'_>]) -> Vec<TokenStream> {
    let untagged: Vec<_> = variants.iter().filter(|v| v.tag.is_none()).collect();
    let mut checks = Vec::new();
    for (i, b) in untagged.iter().enumerate() {
        for a in &untagged[..i] {
            // The later member first: rustc points at the first type argument.
            let (ta, tb) = (
                crate::size::static_lifetimes(b.ty),
                crate::size::static_lifetimes(a.ty),
            );
            checks.push(quote::quote_spanned! {b.ty.span()=>
                const _: () = __rk::checks::disjoint_members::<#ta, #tb, {
                    __rk::checks::disjoint(&<#ta as #krate::RowKey>::LAYOUT, &<#tb as #krate::RowKey>::LAYOUT)
                }>();
            });
        }
    }
    checks
}
