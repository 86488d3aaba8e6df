//! Parse: the derive's input as data. Borrows the syn nodes (kept for spans)
//! and holds each field's attributes, read once by `attr`. The item's shape
//! (a struct with named fields, or an enum of key types) is judged here; a
//! shape the derive cannot take leaves no fields to lower.

use quote::ToTokens;
use syn::{DeriveInput, Ident};

use crate::attr::{self, At, FieldAttrs, StructAttrs};
use crate::ctxt::{Ctxt, Scope};
use crate::messages as msg;

pub struct Input<'a> {
    pub original: &'a DeriveInput,
    pub ident: &'a Ident,
    pub attrs: StructAttrs,
    pub data: Data<'a>,
}

pub enum Data<'a> {
    /// A struct with at least one named field.
    Struct(Vec<Field<'a>>),
    /// An enum whose every variant is `Name(KeyType)`.
    Enum(Vec<Variant<'a>>),
    /// A shape the derive cannot take (reported).
    Unsupported,
}

pub struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a syn::Type,
    pub attrs: FieldAttrs,
    /// The type names a generic parameter (reported with the parameter).
    pub generic: bool,
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    /// The key type it wraps.
    pub ty: &'a syn::Type,
    /// `#[tag(..)]`: the bytes that lead the member's key.
    pub tag: Option<At<Vec<u8>>>,
}

impl<'a> Input<'a> {
    pub fn from_syn(cx: &Ctxt, input: &'a DeriveInput) -> Input<'a> {
        cx.scope(Scope::Struct);
        let attrs = attr::struct_attrs(cx, &input.attrs);
        let params = generic_params(cx, &input.generics);
        let data = data(cx, input, &params);
        Input {
            original: input,
            ident: &input.ident,
            attrs,
            data,
        }
    }

    pub fn fields(&self) -> &[Field<'a>] {
        match &self.data {
            Data::Struct(fields) => fields,
            _ => &[],
        }
    }
}

fn data<'a>(cx: &Ctxt, input: &'a DeriveInput, params: &[String]) -> Data<'a> {
    match &input.data {
        syn::Data::Struct(s) => match &s.fields {
            syn::Fields::Named(n) if !n.named.is_empty() => {
                Data::Struct(fields(cx, &n.named, params))
            }
            syn::Fields::Named(n) => unsupported(cx, n, msg::NO_FIELDS),
            syn::Fields::Unnamed(u) => unsupported(cx, u, msg::TUPLE_STRUCT),
            syn::Fields::Unit => unsupported(cx, &input.ident, msg::NO_FIELDS),
        },
        syn::Data::Enum(e) => {
            if e.variants.is_empty() {
                return unsupported(cx, e.enum_token, msg::EMPTY_ENUM);
            }
            let variants: Vec<_> = e.variants.iter().filter_map(|v| variant(cx, v)).collect();
            if variants.len() == e.variants.len() {
                Data::Enum(variants)
            } else {
                Data::Unsupported
            }
        }
        syn::Data::Union(u) => unsupported(cx, u.union_token, msg::UNION),
    }
}

fn unsupported<'a>(cx: &Ctxt, tokens: impl ToTokens, message: &str) -> Data<'a> {
    cx.error_spanned_by(tokens, message);
    Data::Unsupported
}

fn fields<'a>(
    cx: &Ctxt,
    named: &'a syn::punctuated::Punctuated<syn::Field, syn::Token![,]>,
    params: &[String],
) -> Vec<Field<'a>> {
    let fields = named.iter().enumerate().filter_map(|(i, f)| {
        cx.scope(Scope::Field(i));
        Some(Field {
            ident: f.ident.as_ref()?,
            ty: &f.ty,
            attrs: attr::field_attrs(cx, &f.attrs),
            generic: mentions(&f.ty, params),
        })
    });
    let fields = fields.collect();
    cx.scope(Scope::Struct);
    fields
}

/// One variant of an enum of key types, which must be `Name(KeyType)`.
fn variant<'a>(cx: &Ctxt, v: &'a syn::Variant) -> Option<Variant<'a>> {
    let name = v.ident.to_string();
    let ty = match &v.fields {
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => Some(&f.unnamed[0].ty),
        syn::Fields::Unit => {
            cx.error_spanned_by(v, msg::unit_variant(&name));
            None
        }
        syn::Fields::Named(_) => {
            cx.error_spanned_by(v, msg::named_variant(&name));
            None
        }
        syn::Fields::Unnamed(f) => {
            cx.error_spanned_by(f, msg::tuple_variant(&name, f.unnamed.len()));
            None
        }
    };
    if let Some((_, d)) = &v.discriminant {
        let value = d.to_token_stream().to_string();
        cx.error_spanned_by(d, msg::discriminant(&name, &value));
        return None;
    }
    let tag = attr::variant_tag(cx, &v.attrs);
    Some(Variant {
        ident: &v.ident,
        ty: ty?,
        tag,
    })
}

/// Reports type and const parameters; returns their names.
fn generic_params(cx: &Ctxt, generics: &syn::Generics) -> Vec<String> {
    let mut names = Vec::new();
    for p in &generics.params {
        match p {
            syn::GenericParam::Type(t) => {
                cx.error_spanned_by(t, msg::type_parameter(&t.ident.to_string()));
                names.push(t.ident.to_string());
            }
            syn::GenericParam::Const(c) => {
                cx.error_spanned_by(c, msg::const_parameter(&c.ident.to_string()));
                names.push(c.ident.to_string());
            }
            syn::GenericParam::Lifetime(_) => {}
        }
    }
    names
}

/// Whether `ty` names one of `params`.
fn mentions(ty: &syn::Type, params: &[String]) -> bool {
    fn walk(tokens: proc_macro2::TokenStream, params: &[String]) -> bool {
        tokens.into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Ident(i) => params.iter().any(|p| i == p),
            proc_macro2::TokenTree::Group(g) => walk(g.stream(), params),
            _ => false,
        })
    }
    !params.is_empty() && walk(ty.to_token_stream(), params)
}
