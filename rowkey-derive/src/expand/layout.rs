//! `LAYOUT`: the key's segments as a constant, each with its display codec
//! and its typed `rowkey::FieldCodec`.

use proc_macro2::TokenStream;
use quote::{quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::{lit, q as quote};
use crate::model::{Codec, Field, IntTy, Key, Salt, SaltFormat, SaltHashAttr, TextKind, VarType};
use crate::symbol::unraw;

pub fn layout(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
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
        let trailing = key.hbase_struct && key.omittable(i) && f.since.is_none();
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
    let krate = &key.krate;
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
        #krate::Segment {
            name: "salt", offset: 0, width: #w, codec: #codec, kind: #krate::FieldCodec::Salt,
            order: #krate::Order::Unordered, reverse: false, mirror: false, optional: false, rust_type: "", since: 0,
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
    let blob_var = matches!(
        f.codec,
        Codec::OrderedVar {
            ty: VarType::BlobVar,
            ..
        }
    );
    let order = if f.mirror || blob_var || matches!(f.codec, Codec::Java(_)) {
        quote!(#krate::Order::Unordered)
    } else if f.descending {
        quote!(#krate::Order::Descending)
    } else if matches!(f.codec, Codec::Nested) {
        let ty = f.value_ty;
        let ordered = quote_spanned!(ty.span()=> <#ty as __rk::RowKey>::ORDERED);
        quote! {
            if #ordered { #krate::Order::Ascending } else { #krate::Order::Unordered }
        }
    } else {
        quote!(#krate::Order::Ascending)
    };
    let kind = if f.nullable() {
        ordered_null(krate, f, trailing)
    } else {
        field_codec(krate, f)
    };
    // An `#[ordered]` `Option` has no presence byte.
    let (reverse, mirror, optional) = (f.descending, f.mirror, f.optional && !f.nullable());
    let rust_type = type_text(f.ty);
    let since = f
        .since
        .map_or(0, |s| u32::try_from(s.value).unwrap_or(u32::MAX));
    quote! {
        #krate::Segment {
            name: #fname, offset: #offset, width: #w, codec: #codec, kind: #kind, order: #order,
            reverse: #reverse, mirror: #mirror, optional: #optional, rust_type: #rust_type, since: #since,
        }
    }
}

/// The `FieldCodec` of a field's codec: the variant, and its codec module's parameters.
fn field_codec(krate: &syn::Path, f: &Field<'_>) -> TokenStream {
    let fc = quote!(#krate::FieldCodec);
    let c = quote!(#krate::codec);
    match &f.codec {
        Codec::Int(t) => {
            let t = int_type(krate, *t);
            quote!(#fc::Int(#t))
        }
        Codec::Narrow { to, from } => {
            let (bytes, from) = (byte_count(to.width()), int_type(krate, *from));
            quote!(#fc::Narrow(#c::narrow::Narrow { bytes: #bytes, from: #from }))
        }
        Codec::Pad { digits, ty } => {
            let (digits, ty) = (lit(*digits), int_type(krate, *ty));
            quote!(#fc::Pad(#c::pad::Pad { digits: #digits, ty: #ty }))
        }
        Codec::Fixed { width, kind } => {
            let (width, text) = (lit(*width), text_type(krate, *kind));
            quote!(#fc::Fixed(#c::fixed::Fixed { width: #width, text: #text }))
        }
        Codec::Bool => quote!(#fc::Bool),
        Codec::ByteArray(n) => {
            let n = lit(*n);
            quote!(#fc::Bytes(#c::bytes::ByteArray(#n)))
        }
        Codec::Float(t) => {
            let bytes = byte_count(t.width());
            quote!(#fc::Float(#c::float::Float { bytes: #bytes }))
        }
        Codec::Nested => {
            let ty = f.value_ty;
            quote_spanned!(ty.span()=> #fc::Nested(&<#ty as __rk::RowKey>::LAYOUT))
        }
        Codec::Tag(bytes) => quote!(#fc::Tag(#c::tag::Tag(&[#(#bytes),*]))),
        Codec::Escaped(kind) => {
            let text = text_type(krate, *kind);
            quote!(#fc::Escaped(#c::escaped::Escaped(#text)))
        }
        Codec::Rest(kind) => {
            let text = text_type(krate, *kind);
            quote!(#fc::Rest(#c::rest::Rest(#text)))
        }
        Codec::Ordered(t) => {
            let header = t.header_and_width().0;
            quote!(#fc::Ordered(#c::ordered::Ordered { header: #header }))
        }
        Codec::Phoenix(c) => {
            let t = match c.core() {
                rowkey_format::PhoenixType::Char(n) => quote!(Char(#n)),
                t => {
                    let t =
                        proc_macro2::Ident::new(&format!("{t:?}"), proc_macro2::Span::call_site());
                    quote!(#t)
                }
            };
            quote!(#fc::Phoenix(#krate::PhoenixType::#t))
        }
        Codec::Java(t) => {
            let t = proc_macro2::Ident::new(&format!("{t:?}"), proc_macro2::Span::call_site());
            quote!(#fc::Java(#krate::JavaType::#t))
        }
        Codec::OrderedVar { ty, kind } => {
            let var = ordered_var(krate, *ty, *kind);
            quote!(#fc::OrderedVar(#var))
        }
    }
}

/// An `OrderedVar` codec's parameters.
fn ordered_var(krate: &syn::Path, ty: VarType, kind: TextKind) -> TokenStream {
    let (header, text) = (ty.header(), text_type(krate, kind));
    quote!(#krate::codec::ordered_field::OrderedVar { header: #header, text: #text })
}

/// An `Option` of an `#[ordered]` value: `OrderedNull` of its codec.
fn ordered_null(krate: &syn::Path, f: &Field<'_>, trailing: bool) -> TokenStream {
    let c = quote!(#krate::codec);
    let value = match &f.codec {
        Codec::OrderedVar { ty, kind } => {
            let var = ordered_var(krate, *ty, *kind);
            quote!(#c::ordered_field::OrderedValue::Var(#var))
        }
        Codec::Ordered(t) => {
            let header = t.header_and_width().0;
            quote!(#c::ordered_field::OrderedValue::Number(#c::ordered::Ordered { header: #header }))
        }
        _ => TokenStream::new(),
    };
    quote!(#krate::FieldCodec::OrderedNull(#c::ordered_field::OrderedNull { value: #value, trailing: #trailing }))
}

fn int_type(krate: &syn::Path, t: IntTy) -> TokenStream {
    let (bytes, signed) = (byte_count(t.width()), t.signed());
    quote!(#krate::codec::int::IntType { bytes: #bytes, signed: #signed })
}

/// A width of at most 16 bytes as an unsuffixed literal, for `IntType::bytes`.
fn byte_count(n: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::u8_unsuffixed(n as u8)
}

fn text_type(krate: &syn::Path, kind: TextKind) -> TokenStream {
    let (utf8, borrowed) = (kind.is_str(), kind.borrows());
    quote!(#krate::codec::TextType { utf8: #utf8, borrowed: #borrowed })
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
