//! `LAYOUT`: the key's segments as a constant.

use super::q as quote;
use proc_macro2::TokenStream;

use crate::model::{Codec, Key, SaltFormat};
use crate::symbol::unraw;

pub fn layout(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let name = key.ident.to_string();
    let width = &key.width;
    let variable = key.variable;
    let mut segments = Vec::new();
    if let Some(salt) = &key.salt {
        let hashed: Vec<String> = salt
            .fields
            .iter()
            .map(|&i| unraw(key.fields[i].ident))
            .collect();
        let codec = match salt.format {
            SaltFormat::Binary => format!("salt(mod = {}) of {}", salt.buckets, hashed.join(", ")),
            SaltFormat::Digits(d) => format!(
                "salt(mod = {}, pad = {d}) of {}",
                salt.buckets,
                hashed.join(", ")
            ),
            SaltFormat::Phoenix => format!("phoenix salt(buckets = {})", salt.buckets),
        };
        let w = super::lit(salt.width);
        segments.push(quote! {
            #krate::Segment { name: "salt", offset: 0, width: #w, codec: #codec, order: #krate::Order::Unordered }
        });
    }
    for f in &key.fields {
        let fname = unraw(f.ident);
        let (offset, w) = (&f.offset, &f.width);
        // A nested key reads as its type (`Md5`, `MainKey`).
        let mut codec = match f.codec {
            Codec::Nested => quote::ToTokens::to_token_stream(f.value_ty)
                .to_string()
                .replace(' ', ""),
            _ => f.codec.describe(),
        };
        if f.optional {
            codec = format!("Option<{codec}>");
        }
        if f.descending {
            codec.push_str(", reverse");
        }
        if f.mirror {
            codec.push_str(", mirror");
        }
        let order = if f.mirror {
            quote!(#krate::Order::Unordered)
        } else if f.descending {
            quote!(#krate::Order::Descending)
        } else if matches!(f.codec, Codec::Nested) {
            let ty = f.value_ty;
            quote! {
                if <#ty as __rk::RowKey>::ORDERED { #krate::Order::Ascending } else { #krate::Order::Unordered }
            }
        } else {
            quote!(#krate::Order::Ascending)
        };
        segments.push(quote! {
            #krate::Segment { name: #fname, offset: #offset, width: #w, codec: #codec, order: #order }
        });
    }
    quote! {
        #krate::Layout { name: #name, width: #width, variable: #variable, segments: &[#(#segments),*] }
    }
}
