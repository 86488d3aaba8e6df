//! `T::view(&bytes) -> &TView`: a zerocopy view over a fixed key's bytes,
//! with one getter per field that decodes that field alone.

use proc_macro2::TokenStream;
use quote::format_ident;

use super::q as quote;

use super::field::read_fixed_field;
use crate::model::{Codec, Key};
use crate::symbol::unraw;

/// The view struct (at the user's module level, so it can be named) and the
/// impls (inside the derive's `const _` block). Empty for keys it cannot
/// cover: variable-length keys and keys with lifetimes.
pub fn view(key: &Key<'_>) -> (TokenStream, TokenStream) {
    if key.variable || !key.generics.params.is_empty() {
        return (TokenStream::new(), TokenStream::new());
    }
    let krate = &key.krate;
    let ident = key.ident;
    let view = format_ident!("{}View", ident);
    let vis = key.vis;
    let zc = quote!(#krate::__private::zerocopy);
    let zc_path = format!("{}::__private::zerocopy", path_text(krate));
    let salt = key.salt.as_ref().map(|s| {
        let (name, w) = (salt_slot(key), super::lit(s.width));
        quote!(#name: [u8; #w],)
    });
    let slots = key.fields.iter().map(|f| {
        let name = f.ident;
        let w = f.width.expr_at(krate);
        quote!(#name: [u8; #w],)
    });
    let doc = format!(
        "The bytes of a [`{ident}`] key, read in place: each getter decodes its field alone. Made by [`{ident}::view`]."
    );
    let def = quote! {
        #[doc = #doc]
        #[repr(C)]
        #[derive(#zc::FromBytes, #zc::KnownLayout, #zc::Immutable, #zc::Unaligned)]
        #[zerocopy(crate = #zc_path)]
        #vis struct #view {
            #salt
            #(#slots)*
        }
    };
    let getters = key
        .fields
        .iter()
        .filter(|f| !matches!(f.codec, Codec::Tag(_)))
        .map(|f| {
            let name = f.ident;
            let ty = f.ty;
            let off = &f.offset;
            let read = read_fixed_field(f, quote!(&self.#name), &quote!(#off));
            let doc = format!("Decodes `{}` alone.", crate::symbol::unraw(name));
            quote! {
                #[doc = #doc]
                #[inline]
                pub fn #name(&self) -> __rk::Result<#ty, #krate::DecodeError> {
                    __rk::Ok(#read)
                }
            }
        });
    let name = ident.to_string();
    let w = &key.width;
    let imp = quote! {
        __rk::view! {
            #[automatically_derived]
            impl #view {
                #(#getters)*
            }

            #[automatically_derived]
            impl #ident {
                /// Views `bytes` as this key's fields without decoding them;
                /// read one with its getter. The salt is not checked.
                pub fn view(bytes: &[u8]) -> __rk::Result<&#view, #krate::DecodeError> {
                    <#view as #zc::FromBytes>::ref_from_bytes(bytes).map_err(|_| {
                        #krate::DecodeError::new(#name, 0, #krate::DecodeErrorKind::Length {
                            expected: #w,
                            found: bytes.len(),
                        })
                    })
                }
            }
        }
    };
    (quote!(#krate::__private::view! { #def }), imp)
}

/// `::rowkey`, `my_rowkey`: a path as zerocopy's `crate = ".."` reads it.
fn path_text(path: &syn::Path) -> String {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let root = if path.leading_colon.is_some() {
        "::"
    } else {
        ""
    };
    format!("{root}{}", segments.join("::"))
}

/// The view's slot for the salt bucket: `salt`, or with as many `_` after
/// it as it takes to differ from every field's name.
fn salt_slot(key: &Key<'_>) -> proc_macro2::Ident {
    let mut name = "salt".to_string();
    while key.fields.iter().any(|f| unraw(f.ident) == name) {
        name.push('_');
    }
    proc_macro2::Ident::new(&name, proc_macro2::Span::call_site())
}
