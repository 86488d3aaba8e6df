//! `#[rowkey(view)]`: `T::view(&bytes)`, a zerocopy view over a fixed key's
//! bytes with one getter per field that decodes that field alone. Only for
//! keys that ask for it. The view type is `<T as rowkey::HasView>::View`,
//! defined inside the derive's block so it can clash with nothing, or the
//! name given by `#[rowkey(view = Name)]`, defined next to the key.

use proc_macro2::{Ident, Span, TokenStream};
use quote::ToTokens;

use super::field::read_fixed_field;
use crate::model::{Codec, Key};
use crate::symbol::unraw;
use crate::tokens::{lit, q as quote};

/// The view, in `__view!`: compiled with rowkey's `view` feature, a
/// compile error saying to turn it on without.
pub fn view(key: &Key<'_>) -> TokenStream {
    let Some(view) = key.view else {
        return TokenStream::new();
    };
    let krate = &key.krate;
    let (name, vis) = match &view.value {
        Some(name) => (name.clone(), key.vis.to_token_stream()),
        None => (Ident::new("__RowKeyView", Span::call_site()), quote!(pub)),
    };
    let def = definition(key, &name, &vis);
    let (outside, inside) = match &view.value {
        Some(_) => (def, TokenStream::new()),
        None => (TokenStream::new(), def),
    };
    let getters = getters(key, &name);
    let entry = entry(key, &name);
    quote! {
        #krate::__private::view! {
            #outside
            #[doc(hidden)]
            #[allow(unused_qualifications, clippy::all)]
            const _: () = {
                use #krate::__private as __rk;
                #inside
                #getters
                #entry
            };
        }
    }
}

/// The view struct: one byte array per segment, in key order.
fn definition(key: &Key<'_>, name: &Ident, vis: &TokenStream) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let zc = quote!(#krate::__private::zerocopy);
    let zc_path = format!("{}::__private::zerocopy", path_text(krate));
    let salt = key.salt.as_ref().map(|s| {
        let (slot, w) = (salt_slot(key), lit(s.width));
        quote!(#slot: [u8; #w],)
    });
    let slots = key.fields.iter().map(|f| {
        let name = f.ident;
        let w = f.width.expr_at(krate);
        quote!(#name: [u8; #w],)
    });
    let doc = format!(
        "The bytes of a [`{ident}`] key, read in place: each getter decodes its field alone. Made by `{ident}::view`."
    );
    quote! {
        #[doc = #doc]
        #[repr(C)]
        #[derive(#zc::FromBytes, #zc::KnownLayout, #zc::Immutable, #zc::Unaligned)]
        #[zerocopy(crate = #zc_path)]
        #vis struct #name {
            #salt
            #(#slots)*
        }
    }
}

/// One getter per field (tags hold nothing to get).
fn getters(key: &Key<'_>, name: &Ident) -> TokenStream {
    let krate = &key.krate;
    let getters = key
        .fields
        .iter()
        .filter(|f| !matches!(f.codec, Codec::Tag(_)))
        .map(|f| {
            let (field, ty, off) = (f.ident, f.ty, &f.offset);
            let read = read_fixed_field(f, quote!(&self.#field), &quote!(#off));
            let doc = format!("Decodes `{}` alone.", unraw(field));
            quote! {
                #[doc = #doc]
                #[inline]
                pub fn #field(&self) -> __rk::Result<#ty, #krate::DecodeError> {
                    __rk::Ok(#read)
                }
            }
        });
    quote! {
        impl #name {
            #(#getters)*
        }
    }
}

/// `T::view(bytes)` and `impl HasView for T`.
fn entry(key: &Key<'_>, name: &Ident) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let zc = quote!(#krate::__private::zerocopy);
    let (key_name, w) = (ident.to_string(), &key.width);
    quote! {
        impl #ident {
            /// Views `bytes` as this key's fields without decoding them;
            /// read one with its getter. The salt is not checked.
            #[inline]
            pub fn view(bytes: &[u8]) -> __rk::Result<&<Self as #krate::HasView>::View, #krate::DecodeError> {
                <#name as #zc::FromBytes>::ref_from_bytes(bytes).map_err(|_| {
                    #krate::DecodeError::new(#key_name, 0, #krate::DecodeErrorKind::Length {
                        expected: #w,
                        found: bytes.len(),
                    })
                })
            }
        }

        #[automatically_derived]
        impl #krate::HasView for #ident {
            type View = #name;

            #[inline]
            fn view(bytes: &[u8]) -> __rk::Result<&#name, #krate::DecodeError> {
                #ident::view(bytes)
            }
        }
    }
}

/// The view's slot for the salt bucket: `salt`, or with as many `_` after
/// it as it takes to differ from every field's name.
fn salt_slot(key: &Key<'_>) -> Ident {
    let mut name = "salt".to_string();
    while key.fields.iter().any(|f| unraw(f.ident) == name) {
        name.push('_');
    }
    Ident::new(&name, Span::call_site())
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
