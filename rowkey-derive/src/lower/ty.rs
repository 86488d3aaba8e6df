//! What a field's type is, as far as codecs care: read from the type's
//! structure (`Option<T>`, `&str`, `Cow<[u8]>`, `[u8; N]`), never from its text.

use quote::ToTokens;

use crate::codec::{FloatTy, IntTy, TextKind};
use crate::messages::{self as msg, NoCodecHint};

pub enum TyClass<'a> {
    Int(IntTy),
    Float(FloatTy),
    Bool,
    ByteArray(usize),
    Text(TextKind),
    /// `Option<T>`, with `T`.
    Option(&'a syn::Type),
    /// `()`, the marker type of a `#[tag]`.
    Unit,
    /// Any other named type: embedded as a nested key, which the compiler
    /// checks implements `RowKey`.
    Nested,
    Other,
}

pub fn classify(ty: &syn::Type) -> TyClass<'_> {
    match ty {
        syn::Type::Group(g) => classify(&g.elem),
        syn::Type::Paren(p) => classify(&p.elem),
        syn::Type::Tuple(t) if t.elems.is_empty() => TyClass::Unit,
        syn::Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
            Some(last) => classify_path(last),
            None => TyClass::Other,
        },
        syn::Type::Array(a) if is_u8(&a.elem) => match &a.len {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            }) => n
                .base10_parse()
                .map(TyClass::ByteArray)
                .unwrap_or(TyClass::Other),
            _ => TyClass::Other,
        },
        syn::Type::Reference(r) if r.mutability.is_none() => match &*r.elem {
            syn::Type::Path(p) if p.path.is_ident("str") => TyClass::Text(TextKind::Str),
            syn::Type::Slice(s) if is_u8(&s.elem) => TyClass::Text(TextKind::Slice),
            _ => TyClass::Other,
        },
        _ => TyClass::Other,
    }
}

/// The last segment of a path type: `u32`, `String`, `Option<T>`, `Cow<str>`.
fn classify_path(last: &syn::PathSegment) -> TyClass<'_> {
    let name = last.ident.to_string();
    match &last.arguments {
        syn::PathArguments::None => {
            if let Some(t) = IntTy::from_name(&name) {
                TyClass::Int(t)
            } else if let Some(t) = FloatTy::from_name(&name) {
                TyClass::Float(t)
            } else if name == "bool" {
                TyClass::Bool
            } else if name == "String" {
                TyClass::Text(TextKind::String)
            } else {
                TyClass::Nested
            }
        }
        syn::PathArguments::AngleBracketed(_) => match (name.as_str(), single_arg(last)) {
            ("Vec", Some(t)) if is_u8(t) => TyClass::Text(TextKind::Vec),
            ("Option", Some(t)) => TyClass::Option(t),
            ("Cow", Some(syn::Type::Path(t))) if t.path.is_ident("str") => {
                TyClass::Text(TextKind::CowStr)
            }
            ("Cow", Some(syn::Type::Slice(s))) if is_u8(&s.elem) => {
                TyClass::Text(TextKind::CowBytes)
            }
            // A nested key with lifetimes (`IndexKey<'a>`) is still a key.
            (_, None) => TyClass::Nested,
            _ => TyClass::Other,
        },
        syn::PathArguments::Parenthesized(_) => TyClass::Other,
    }
}

/// The single type argument of `Name<T>`, if the path's last segment is `Name<T>`.
fn single_arg(seg: &syn::PathSegment) -> Option<&syn::Type> {
    match &seg.arguments {
        syn::PathArguments::AngleBracketed(args) => {
            let mut types = args.args.iter().filter_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            });
            let t = types.next()?;
            types.next().is_none().then_some(t)
        }
        _ => None,
    }
}

/// `usize`, `isize` and `char` would pass for nested keys; say what to use instead.
pub fn platform_or_char(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(p) = ty else { return None };
    let name = p.path.get_ident()?.to_string();
    match name.as_str() {
        "usize" | "isize" => Some(msg::platform_width(&name)),
        "char" => Some(msg::CHAR.to_string()),
        _ => None,
    }
}

/// The message for a type no codec takes, with a hint where one helps.
pub fn no_codec(ty: &syn::Type) -> String {
    let hint = match ty {
        syn::Type::Array(a) if is_u8(&a.elem) => NoCodecHint::ArrayLength,
        syn::Type::Array(_) | syn::Type::Slice(_) => NoCodecHint::OtherArray,
        syn::Type::Tuple(_) => NoCodecHint::Tuple,
        syn::Type::Reference(r) if r.mutability.is_some() => NoCodecHint::MutRef(text(&r.elem)),
        _ => NoCodecHint::None,
    };
    msg::no_codec(&text(ty), hint)
}

/// `rowkey::Md5`, a nested key with no fields to put attributes on.
pub fn is_md5(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Md5"))
}

fn is_u8(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("u8"))
}

/// The type as messages show it: `&str`, `Option<u8>`, `[u8; 4]`.
pub fn text(ty: &syn::Type) -> String {
    ty.to_token_stream()
        .to_string()
        .replace(" ;", ";")
        .replace("& ", "&")
        .replace(" < ", "<")
        .replace(" >", ">")
}
