//! `LAYOUT`: the key's segments as a constant, each with its display codec
//! and its typed `rowkey::FieldCodec`, through `__rk` (much of a key's
//! expansion is its layout: the shorter paths cost the compiler less).

use proc_macro2::TokenStream;
use quote::{quote_spanned, ToTokens};
use syn::spanned::Spanned;

use crate::codec::{Codec, VarType};
use crate::model::{Field, Key, KeyFormat, Salt, SaltFormat, SaltHashAttr};
use crate::symbol::unraw;
use crate::tokens::{lit, q as quote};

pub fn layout(key: &Key<'_>) -> TokenStream {
    let krate: syn::Path = syn::parse_quote!(__rk);
    let krate = &krate;
    let name = key.ident.to_string();
    let width = &key.width;
    let variable = key.variable;
    let max_width = lit(key.max_width);
    let mut segments = Vec::new();
    let salt = match &key.salt {
        Some(salt) => {
            segments.push(salt_segment(key, salt));
            let fields = salt.fields.iter().map(|&i| unraw(key.fields[i].ident));
            // `SALT`, generated with the scan helpers, holds the bucket count and format.
            quote!(::core::option::Option::Some(#krate::LayoutSalt { salt: Self::SALT, fields: &[#(#fields),*] }))
        }
        None => quote!(::core::option::Option::None),
    };
    segments.extend(key.fields.iter().enumerate().map(|(i, f)| {
        // An HBase `Struct`'s trailing `Option`s (an added field says `since`).
        let trailing =
            key.format == KeyFormat::HbaseStruct && key.omittable(i) && f.since.is_none();
        field_segment(krate, f, trailing)
    }));
    quote! {
        #krate::Layout {
            name: #name, width: #width, variable: #variable, max_width: #max_width,
            salt: #salt, segments: &[#(#segments),*],
        }
    }
}

fn salt_segment(key: &Key<'_>, salt: &Salt) -> TokenStream {
    let hashed: Vec<String> = salt
        .fields
        .iter()
        .map(|&i| unraw(key.fields[i].ident))
        .collect();
    let hash = match &salt.hash {
        None => String::new(),
        Some((SaltHashAttr::Modulo, _)) => ", hash = modulo".to_string(),
        Some((SaltHashAttr::Custom(p), _)) => {
            format!(
                ", hash = {}",
                p.to_token_stream().to_string().replace(' ', "")
            )
        }
    };
    let codec = match salt.format {
        SaltFormat::Binary => format!(
            "salt(mod = {}{hash}) of {}",
            salt.buckets,
            hashed.join(", ")
        ),
        SaltFormat::Digits(d) => format!(
            "salt(mod = {}, pad = {d}{hash}) of {}",
            salt.buckets,
            hashed.join(", ")
        ),
        SaltFormat::Phoenix => format!("phoenix salt(buckets = {})", salt.buckets),
    };
    let w = lit(salt.width);
    quote! {
        __rk::Segment {
            name: "salt", offset: 0, width: #w, codec: #codec, kind: __rk::FieldCodec::Salt,
            order: __rk::Order::Unordered, reverse: false, mirror: false, optional: false, rust_type: "", since: 0,
        }
    }
}

fn field_segment(krate: &syn::Path, f: &Field<'_>, trailing: bool) -> TokenStream {
    let fname = unraw(f.ident);
    let (offset, w) = (&f.offset, &f.width);
    // A nested key reads as its type (`Md5`, `MainKey`).
    let mut codec = match f.codec {
        Codec::Nested => type_text(f.value_ty),
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
    if let Some(since) = f.since {
        codec.push_str(&format!(", since = {}", since.value));
    }
    let kind = if f.nullable() {
        f.codec.nullable_descriptor(krate, trailing)
    } else {
        f.codec.descriptor(krate, f.value_ty)
    };
    let rust_type = type_text(f.ty);
    let flags = flags(f);
    quote! {
        __rk::Segment {
            name: #fname, offset: #offset, width: #w, codec: #codec, kind: #kind,
            rust_type: #rust_type, #flags
        }
    }
}

/// The segment's order and flags, each with its comma.
fn flags(f: &Field<'_>) -> TokenStream {
    let blob_var = matches!(
        f.codec,
        Codec::OrderedVar {
            ty: VarType::BlobVar,
            ..
        }
    );
    let order = if f.mirror || blob_var || matches!(f.codec, Codec::Java(_)) {
        quote!(__rk::Order::Unordered)
    } else if f.descending {
        quote!(__rk::Order::Descending)
    } else if matches!(f.codec, Codec::Nested) {
        let ty = f.value_ty;
        let ordered = quote_spanned!(ty.span()=> <#ty as __rk::RowKey>::ORDERED);
        quote! {
            if #ordered { __rk::Order::Ascending } else { __rk::Order::Unordered }
        }
    } else {
        quote!(__rk::Order::Ascending)
    };
    // An `#[ordered]` `Option` has no presence byte.
    let (reverse, mirror, optional) = (f.descending, f.mirror, f.optional && !f.nullable());
    let since = f
        .since
        .map_or(0, |s| u32::try_from(s.value).unwrap_or(u32::MAX));
    quote!(order: #order, reverse: #reverse, mirror: #mirror, optional: #optional, since: #since,)
}

/// A type as it reads in source: `Option<u64>`, `&'a str`, `[u8; 16]`.
fn type_text(ty: &syn::Type) -> String {
    let mut s = ty.to_token_stream().to_string();
    for (from, to) in [
        (" < ", "<"),
        ("< ", "<"),
        (" <", "<"),
        (" >", ">"),
        (" ,", ","),
        (" ;", ";"),
        (" :: ", "::"),
        (":: ", "::"),
        ("& ", "&"),
        ("' ", "'"),
    ] {
        s = s.replace(from, to);
    }
    s
}
