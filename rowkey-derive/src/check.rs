//! Turns the parsed input into a [`Key`], applying every layout rule. Each
//! rule reports through the [`Ctxt`] and goes on, so one build shows every
//! mistake; each message says what is wrong and what to write instead.

use quote::ToTokens;

use crate::attr::{self, At, CodecAttr, FieldAttrs};
use crate::ctxt::Ctxt;
use crate::model::{Codec, ConstCheck, Field, IntTy, Key, Salt, SaltFormat, Size, TextKind};

/// HBase's row-key limit, the default `max_width`.
const DEFAULT_MAX_WIDTH: usize = 32_767;
/// Buckets two salt bytes can number.
const MAX_BUCKETS: u64 = 65_536;
/// Digits a `#[salt(pad = D)]` bucket may take (split points hold 8 bytes).
const MAX_SALT_DIGITS: u64 = 8;
/// The largest `max_width`: keys are stack arrays, and with every field at
/// most this wide, no sum of widths can overflow.
const MAX_MAX_WIDTH: usize = u32::MAX as usize;

/// What a field's type is, as far as codecs care.
enum TyClass<'a> {
    Int(IntTy),
    Float(&'static str),
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

fn classify(ty: &syn::Type) -> TyClass<'_> {
    match ty {
        syn::Type::Group(g) => classify(&g.elem),
        syn::Type::Paren(p) => classify(&p.elem),
        syn::Type::Tuple(t) if t.elems.is_empty() => TyClass::Unit,
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return TyClass::Other;
            };
            let name = last.ident.to_string();
            match &last.arguments {
                syn::PathArguments::None => {
                    if let Some(t) = IntTy::from_name(&name) {
                        TyClass::Int(t)
                    } else if name == "f32" || name == "f64" {
                        TyClass::Float(if name == "f32" { "f32" } else { "f64" })
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
                    _ if single_arg(last).is_none() => TyClass::Nested,
                    _ => TyClass::Other,
                },
                syn::PathArguments::Parenthesized(_) => TyClass::Other,
            }
        }
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

/// `usize`, `isize` and `char` would pass for nested keys; say what to use instead.
fn platform_or_char(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(p) = ty else { return None };
    let name = p.path.get_ident()?.to_string();
    Some(match name.as_str() {
        "usize" | "isize" => format!(
            "`{name}` has a different width on different machines, so its keys would too. Use `{}64` (or a narrower fixed-width integer)",
            &name[..1]
        ),
        "char" => "rowkey has no codec for `char`: store it as a `u32` (`c as u32`, which keeps the order), or as a `#[fixed(4)]` `String`".to_string(),
        _ => return None,
    })
}

/// The message for a type no codec takes, with a hint where one helps.
fn no_codec(ty: &syn::Type, tyname: &str) -> String {
    let hint = match ty {
        syn::Type::Array(a) if is_u8(&a.elem) => {
            " An array's length must be an integer literal (`[u8; 16]`), so the derive can count its bytes.".to_string()
        }
        syn::Type::Array(_) | syn::Type::Slice(_) => {
            " Of arrays, only bytes `[u8; N]` are a codec; list other values as fields.".to_string()
        }
        syn::Type::Tuple(_) => " Write each part of the tuple as its own field.".to_string(),
        syn::Type::Reference(r) if r.mutability.is_some() => {
            format!(" A key does not hold `&mut`; use `{}`.", ty_text(&r.elem))
        }
        _ => String::new(),
    };
    format!(
        "rowkey cannot encode `{tyname}`: a key field is an integer, a float, `bool`, `[u8; N]`, a string or bytes with `#[fixed(N)]` or `#[escaped]`, an `Option` of these, or a type that implements `RowKey`.{hint}"
    )
}

/// `rowkey::Md5`, a nested key with no fields to put attributes on.
fn is_md5(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Md5"))
}

fn is_u8(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("u8"))
}

fn ty_text(ty: &syn::Type) -> String {
    ty.to_token_stream()
        .to_string()
        .replace(" ;", ";")
        .replace("& ", "&")
        .replace(" < ", "<")
        .replace(" >", ">")
}

/// Builds the key, or reports why it cannot; errors go to `cx`.
pub fn key<'a>(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Key<'a>> {
    // The struct's attributes and generics are judged even when it has no fields.
    let sattrs = attr::struct_attrs(cx, &input.attrs);
    let params = check_generics(cx, &input.generics);
    let named = struct_fields(cx, input)?;
    let max = max_width(cx, &sattrs);

    // Codecs first: offsets and the salt depend on every field's width.
    let mut fields = Vec::new();
    let mut fattrs = Vec::new();
    let count = named.len();
    // Whether each field's width is known: not after an error that left its
    // codec open. Layout checks stop at the first unknown width, so a wrong
    // guess never shows up as a second, misleading error.
    let mut known = Vec::new();
    for (i, f) in named.iter().enumerate() {
        let mut attrs = attr::field_attrs(cx, &f.attrs);
        let ident = f.ident.as_ref()?;
        let before = cx.error_count();
        // A field over a generic parameter was reported with the parameter;
        // one whose codec attribute was unreadable, with the attribute.
        let skip = attrs.malformed || mentions(&f.ty, &params);
        let spec = if skip {
            FieldSpec {
                codec: Codec::Bool,
                value_ty: &f.ty,
                optional: false,
            }
        } else {
            field_codec(cx, f, &attrs, i + 1 == count)
        };
        if matches!(spec.codec, Codec::Tag(_)) {
            // Reported with the tag; a constant is neither salted nor ordered.
            attrs.salt = None;
            attrs.reverse = None;
            attrs.mirror = None;
        }
        let mut width = codec_width(&spec.codec, spec.value_ty);
        if spec.optional {
            width = width.plus_bytes(1);
        }
        // After an error, `field_codec` leaves the placeholder `Codec::Bool`:
        // the width is then the one the codec attribute asks for, if just one
        // does, else unknown.
        let placeholder = skip
            || (cx.error_count() > before
                && spec.codec == Codec::Bool
                && !matches!(classify(&f.ty), TyClass::Bool));
        let mut width_known = true;
        if placeholder {
            match attrs.codecs.as_slice() {
                [(c, _)] if !matches!(classify(&f.ty), TyClass::Option(_)) && !skip => {
                    width = Size::bytes(c.width());
                }
                _ => width_known = false,
            }
        }
        if let Some(w) = width.known().filter(|&w| w > max && width_known) {
            let span = match attrs.codecs.first() {
                Some((CodecAttr::Pad(n) | CodecAttr::Fixed(n), _)) => n.span,
                _ => syn::spanned::Spanned::span(&f.ty),
            };
            cx.error_at(
                span,
                format!(
                    "`{}` alone takes {w} bytes, above {}. Make it narrower, or {}",
                    unraw(ident),
                    limit(&sattrs, max),
                    raise(&sattrs)
                ),
            );
            width_known = false;
        }
        if !width_known {
            width = Size::default();
        }
        known.push(width_known);
        fields.push(Field {
            ident,
            ty: &f.ty,
            value_ty: spec.value_ty,
            codec: spec.codec,
            descending: attrs.reverse.is_some(),
            mirror: attrs.mirror.is_some(),
            optional: spec.optional,
            offset: Size::default(),
            width,
        });
        fattrs.push(attrs);
    }

    let (salt, salt_known) = match salt(cx, &sattrs, &fields, &fattrs) {
        Ok(salt) => (salt, true),
        Err(()) => (None, false),
    };
    // Fields `..layout_known` have known offsets; all do when it is `fields.len()`.
    let layout_known = if salt_known {
        known.iter().position(|k| !k).unwrap_or(known.len())
    } else {
        0
    };
    let all_known = layout_known == fields.len();
    let mut offset = Size::bytes(salt.as_ref().map_or(0, |s| s.width));
    for f in &mut fields {
        f.offset = offset.clone();
        offset = offset.plus(&f.width);
    }
    let width = offset;
    let variable = fields.iter().any(|f| f.variable());
    let first_variable = fields.iter().position(|f| f.variable());
    let mut const_checks = Vec::new();

    if let (Some(v), Some(s)) = (first_variable, salt.as_ref()) {
        if s.format != SaltFormat::Phoenix {
            for &i in s.fields.iter().filter(|&&i| i >= v) {
                let span = fattrs[i]
                    .salt
                    .as_ref()
                    .map_or_else(|| fields[i].ident.span(), |s| s.span);
                if i == v {
                    cx.error_at(
                        span,
                        format!(
                            "`{}` has a variable length, so the bucket could not hash a fixed place in the key. Salt a fixed-width field instead",
                            unraw(fields[i].ident)
                        ),
                    );
                    continue;
                }
                cx.error_at(
                    span,
                    format!(
                        "the salted field `{}` comes after the variable-length `{}`, so its bytes have no fixed place in the key for the salt to hash. Move `{}` before `{}`, or remove this `#[salt]`",
                        unraw(fields[i].ident),
                        unraw(fields[v].ident),
                        unraw(fields[i].ident),
                        unraw(fields[v].ident)
                    ),
                );
            }
        }
    }
    for (i, (f, a)) in fields.iter().zip(&fattrs).enumerate() {
        let Some(at) = a.at else { continue };
        if i > layout_known {
            continue;
        }
        if let Some(v) = first_variable.filter(|&v| i > v) {
            cx.error_at(
                at.span,
                format!(
                    "`{}` comes after the variable-length `{}`, so it has no fixed offset to assert. Remove `#[at({})]`, or move `{}` before `{}`",
                    unraw(f.ident),
                    unraw(fields[v].ident),
                    at.value,
                    unraw(f.ident),
                    unraw(fields[v].ident)
                ),
            );
            continue;
        }
        let layout = breakdown(salt.as_ref(), &fields, layout_known);
        let message = match f.offset.known() {
            Some(o) => format!(
                "`{}` starts at byte {o}, not {}; the layout is {layout}. Move the field back, or write `#[at({o})]`",
                unraw(f.ident),
                at.value,
            ),
            // Only the compiler knows a nested key's width: name the sum.
            None => format!(
                "`{}` starts at byte {}, not {}; the layout is {layout}. Write that sum in `#[at(N)]` ({}), or move the field",
                unraw(f.ident),
                size_text(&f.offset),
                at.value,
                widths_note(&f.offset),
            ),
        };
        match f.offset.known() {
            Some(o) if o != at.value => cx.error_at(at.span, message),
            Some(_) => {}
            None => const_checks.push(ConstCheck {
                actual: f.offset.clone(),
                expected: at.value,
                span: at.span,
                message,
            }),
        }
    }
    if let Some(declared) = sattrs.width.filter(|_| all_known) {
        let layout = breakdown(salt.as_ref(), &fields, layout_known);
        let message = match width.known() {
            Some(w) => format!(
                "declared `width = {}`, but the fields add up to {w} bytes: {layout}. Write `width = {w}`, or change the fields",
                declared.value,
            ),
            None => format!(
                "declared `width = {}`, but the fields add up to {} bytes: {layout}. Write that sum in `width = N` ({}), or change the fields",
                declared.value,
                size_text(&width),
                widths_note(&width),
            ),
        };
        if let Some(v) = first_variable {
            cx.error_at(
                declared.span,
                format!(
                    "`{}` has a variable length, so this key has no fixed width to declare. Remove `width = {}`, or write `max_width = {}` to cap the length of every key",
                    unraw(fields[v].ident),
                    declared.value,
                    declared.value
                ),
            );
        } else {
            match width.known() {
                Some(w) if w != declared.value => cx.error_at(declared.span, message),
                Some(_) => {}
                None => const_checks.push(ConstCheck {
                    actual: width.clone(),
                    expected: declared.value,
                    span: declared.span,
                    message,
                }),
            }
        }
    }
    if let Some(w) = width.known().filter(|&w| w > max && all_known) {
        // Blame the field that crosses the limit.
        let over = fields
            .iter()
            .find(|f| f.offset.plus(&f.width).known().is_some_and(|end| end > max));
        let message = format!(
            "the key is {w} bytes, above {}: {}. Make the fields narrower, or {}",
            limit(&sattrs, max),
            breakdown(salt.as_ref(), &fields, layout_known),
            raise(&sattrs)
        );
        match over {
            Some(f) => cx.error_spanned_by(f.ty, message),
            None => cx.error_spanned_by(&input.ident, message),
        }
    }

    let krate = sattrs.krate.unwrap_or_else(|| syn::parse_quote!(::rowkey));
    Some(Key {
        ident: &input.ident,
        vis: &input.vis,
        generics: &input.generics,
        krate,
        width,
        variable,
        max_width: max,
        salt,
        fields,
        const_checks,
    })
}

fn struct_fields<'a>(
    cx: &Ctxt,
    input: &'a syn::DeriveInput,
) -> Option<&'a syn::punctuated::Punctuated<syn::Field, syn::Token![,]>> {
    match &input.data {
        syn::Data::Struct(s) => match &s.fields {
            syn::Fields::Named(n) if !n.named.is_empty() => Some(&n.named),
            syn::Fields::Named(n) => {
                cx.error_spanned_by(
                    n,
                    "a row key needs at least one field: write the fields it is made of, `struct Key { user_id: u32 }`",
                );
                None
            }
            syn::Fields::Unnamed(u) => {
                cx.error_spanned_by(
                    u,
                    "`#[derive(RowKey)]` needs named fields: the scan helpers are named after them (`prefix_for_user_id`). Write `struct Key { user_id: u32, .. }`",
                );
                None
            }
            syn::Fields::Unit => {
                cx.error_spanned_by(
                    &input.ident,
                    "a row key needs at least one field: write the fields it is made of, `struct Key { user_id: u32 }`",
                );
                None
            }
        },
        // Enums of key types (`Name(KeyType)` variants) are expanded before `check`.
        syn::Data::Enum(e) => {
            if e.variants.is_empty() {
                cx.error_spanned_by(
                    e.enum_token,
                    "an enum of key types needs at least one variant: `enum Row { Customer(CustomerKey), Order(OrderKey) }`",
                );
            }
            for v in &e.variants {
                record_variant(cx, v);
            }
            None
        }
        syn::Data::Union(u) => {
            cx.error_spanned_by(
                u.union_token,
                "`#[derive(RowKey)]` works on structs, not unions: a key must know which field it holds",
            );
            None
        }
    }
}

/// One variant of an enum of key types, which must be `Name(KeyType)`.
fn record_variant(cx: &Ctxt, v: &syn::Variant) {
    // What the enum is for, said once per message so each stands alone.
    const FORM: &str = "`#[derive(RowKey)]` on an enum decodes a mixed scan into the record type whose key matches: every variant wraps one key type, as in `enum Row { Customer(CustomerKey), Order(OrderKey) }`, and a `#[tag(..)]` field in each key tells them apart";
    let name = &v.ident;
    match &v.fields {
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => {}
        syn::Fields::Unit => cx.error_spanned_by(
            v,
            format!(
                "`{name}` holds no key. {FORM}. Write `{name}({name}Key)` with a `#[derive(RowKey)] struct {name}Key`"
            ),
        ),
        syn::Fields::Named(_) => cx.error_spanned_by(
            v,
            format!(
                "`#[derive(RowKey)]` on an enum needs every variant to wrap one key type, as in `{name}({name}Key)`: it decodes a mixed scan into the variant whose key matches. Move this variant's fields into a `#[derive(RowKey)] struct {name}Key` and write `{name}({name}Key)`"
            ),
        ),
        syn::Fields::Unnamed(f) => cx.error_spanned_by(
            f,
            format!(
                "`{name}` wraps {} types; a variant wraps exactly one key type. {FORM}. Put the parts in one `#[derive(RowKey)] struct {name}Key` and write `{name}({name}Key)`",
                f.unnamed.len()
            ),
        ),
    }
    if let Some((_, d)) = &v.discriminant {
        cx.error_spanned_by(
            d,
            format!(
                "a discriminant is not written in the key, so it cannot tell the record types apart. Remove `= {}`, and give `{name}`'s key type a `#[tag(..)]` field instead",
                d.to_token_stream()
            ),
        );
    }
}

/// Reports type and const parameters; returns their names, so the fields
/// that use them are not reported again.
fn check_generics(cx: &Ctxt, generics: &syn::Generics) -> Vec<String> {
    let mut names = Vec::new();
    for p in &generics.params {
        match p {
            syn::GenericParam::Type(t) => names.push(t.ident.to_string()),
            syn::GenericParam::Const(c) => names.push(c.ident.to_string()),
            syn::GenericParam::Lifetime(_) => {}
        }
        match p {
            syn::GenericParam::Type(t) => cx.error_spanned_by(
                t,
                format!(
                    "a row key cannot be generic over `{}`: its layout must be known at compile time. Use a concrete type",
                    t.ident
                ),
            ),
            syn::GenericParam::Const(c) => cx.error_spanned_by(
                c,
                format!(
                    "a row key cannot be generic over `{}`: its width must be known at compile time. Use a literal",
                    c.ident
                ),
            ),
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

/// The width limit, as messages name it.
fn limit(sattrs: &attr::StructAttrs, max: usize) -> String {
    match sattrs.max_width {
        Some(_) => format!("`max_width = {max}`"),
        None => format!("max_width {max}, HBase's row-key limit"),
    }
}

/// How to allow a wider key.
fn raise(sattrs: &attr::StructAttrs) -> &'static str {
    match sattrs.max_width {
        Some(_) => "raise `max_width`",
        None => "set `#[rowkey(max_width = N)]` if your store takes longer keys",
    }
}

/// `max_width`, or HBase's limit; reports one no key could meet or no array could hold.
fn max_width(cx: &Ctxt, sattrs: &attr::StructAttrs) -> usize {
    let Some(m) = sattrs.max_width else {
        return DEFAULT_MAX_WIDTH;
    };
    if m.value == 0 {
        cx.error_at(
            m.span,
            "`max_width = 0` admits no key; give the store's row-key limit, `max_width = 4096`",
        );
        DEFAULT_MAX_WIDTH
    } else if m.value > MAX_MAX_WIDTH {
        cx.error_at(
            m.span,
            format!("`max_width = {}` is beyond any store's row-key limit; a key is a stack array, at most {MAX_MAX_WIDTH} bytes here", m.value),
        );
        MAX_MAX_WIDTH
    } else {
        m.value
    }
}

/// The owned types a borrowed string or bytes field can use instead.
fn owned(kind: TextKind) -> &'static str {
    if kind.is_str() {
        "`String` or `Cow<str>`"
    } else {
        "`Vec<u8>` or `Cow<[u8]>`"
    }
}

fn attr_name(c: CodecAttr) -> String {
    match c {
        CodecAttr::Pad(n) => format!("`#[pad({})]`", n.value),
        CodecAttr::Narrow(t) => format!("`#[be_{}]`", t.name()),
        CodecAttr::Fixed(n) => format!("`#[fixed({})]`", n.value),
    }
}

/// A field's codec as `check` resolved it.
struct FieldSpec<'a> {
    codec: Codec,
    value_ty: &'a syn::Type,
    optional: bool,
}

fn field_codec<'a>(cx: &Ctxt, f: &'a syn::Field, attrs: &FieldAttrs, last: bool) -> FieldSpec<'a> {
    let name = f.ident.as_ref().map(unraw).unwrap_or_default();
    let tyname = ty_text(&f.ty);
    // A placeholder codec keeps checking going after an error; nothing is expanded then.
    let fallback = || FieldSpec {
        codec: Codec::Bool,
        value_ty: &f.ty,
        optional: false,
    };

    // #[tag(..)] on `()`: a constant, no other attribute applies.
    if let Some(tag) = &attrs.tag {
        if !matches!(classify(&f.ty), TyClass::Unit) {
            cx.error_spanned_by(
                &f.ty,
                format!("`#[tag(..)]` marks a constant segment; give `{name}` the type `()` (it holds no value)"),
            );
        }
        let others = attrs
            .codecs
            .iter()
            .map(|&(c, span)| (attr_name(c), span))
            .chain(attrs.reverse.map(|s| ("`#[reverse]`".to_string(), s)))
            .chain(attrs.mirror.map(|s| ("`#[mirror]`".to_string(), s)))
            .chain(attrs.escaped.map(|s| ("`#[escaped]`".to_string(), s)))
            .chain(
                attrs
                    .salt
                    .as_ref()
                    .map(|s| ("`#[salt]`".to_string(), s.span)),
            );
        for (attr, span) in others {
            cx.error_at(span, format!("`{name}` is a constant `#[tag]`, the same bytes in every key, so {attr} has nothing to apply to. Remove {attr}"));
        }
        return FieldSpec {
            codec: Codec::Tag(tag.value.clone()),
            value_ty: &f.ty,
            optional: false,
        };
    }

    if let (Some(_), Some(r)) = (attrs.mirror, attrs.reverse) {
        cx.error_at(r, format!("`#[mirror]` and `#[reverse]` on `{name}`: a mirrored field is not ordered, so descending means nothing; keep one"));
    }

    let (ty, optional) = match classify(&f.ty) {
        TyClass::Option(inner) => (inner, true),
        TyClass::Unit => {
            cx.error_spanned_by(
                &f.ty,
                format!("`{name}: ()` holds nothing; to write a constant record type here, add `#[tag(1)]` (or `#[tag(b\"..\")]`)"),
            );
            return fallback();
        }
        _ => (&f.ty, false),
    };
    let class = classify(ty);
    let tyname_inner = ty_text(ty);
    if let Some(message) = platform_or_char(ty) {
        cx.error_spanned_by(ty, message);
        return fallback();
    }
    // Option<T>: a presence byte, then T in the same bytes whether `Some` or `None`.
    if optional {
        if let Some(span) = attrs.escaped {
            cx.error_at(
                span,
                format!("`#[escaped]` cannot apply inside an `Option`: `{tyname}` is a presence byte, then a value of fixed width, and escaped values vary in length. Write `#[fixed(N)]` to store the value in N bytes, or drop the `Option`"),
            );
            return fallback();
        }
        let message = match class {
            TyClass::Option(_) => {
                // The innermost value, for the fix: `Option<u8>` of `Option<Option<u8>>`.
                let mut value = ty;
                while let TyClass::Option(inner) = classify(value) {
                    value = inner;
                }
                Some(format!(
                    "`{tyname}` nests an `Option` in an `Option`, which rowkey cannot encode: a key field has one presence byte. Use `Option<{}>`, or add a `bool` field for the outer level",
                    ty_text(value)
                ))
            }
            TyClass::Text(_) if attrs.codecs.is_empty() => Some(format!(
                "`{tyname}` needs a fixed width: `None` and `Some` take the same bytes, a presence byte and then the value. Add `#[fixed(N)]` to store the value in N bytes, zero padded"
            )),
            TyClass::Unit => Some(format!(
                "`{tyname}` holds nothing to encode. For a constant segment write `#[tag(1)] {name}: ()`; for a yes/no flag use `bool`"
            )),
            _ => None,
        };
        if let Some(message) = message {
            cx.error_spanned_by(ty, message);
            return fallback();
        }
    }

    // #[escaped]: variable-length strings and bytes, anywhere.
    if let Some(span) = attrs.escaped {
        let TyClass::Text(kind) = class else {
            cx.error_at(
                span,
                format!("`#[escaped]` stores a string or bytes (`String`, `&str`, `Vec<u8>`, `&[u8]`, `Cow`) of any length; `{tyname}` is not one and has its own codec. Remove `#[escaped]`"),
            );
            return fallback();
        };
        for (c, cspan) in &attrs.codecs {
            cx.error_at(
                *cspan,
                format!(
                    "`#[escaped]` and {} are two codecs for `{name}`: `#[escaped]` stores any length, {} exactly that many bytes. Keep one",
                    attr_name(*c),
                    attr_name(*c)
                ),
            );
        }
        if let Some(m) = attrs.mirror {
            cx.error_at(
                m,
                format!("`#[mirror]` reverses the bytes of a fixed-width field, but `{name}` is `#[escaped]`, of any length. Remove `#[mirror]`, or store the value in N bytes with `#[fixed(N)]` instead of `#[escaped]`"),
            );
        }
        if let (Some(r), true) = (attrs.reverse, kind.borrows()) {
            cx.error_at(
                r,
                format!("`#[reverse]` inverts the bytes, so `{tyname}` could not borrow them on decode. Use {}", owned(kind)),
            );
        }
        return FieldSpec {
            codec: Codec::Escaped(kind),
            value_ty: ty,
            optional,
        };
    }

    // A string or bytes without a codec: the rest of the key, if last.
    if let (TyClass::Text(kind), true) = (&class, attrs.codecs.is_empty() && !optional) {
        if !last {
            cx.error_spanned_by(
                ty,
                format!(
                    "`{name}: {tyname}` has no fixed width, so the fields after it could not be found. Add `#[fixed(N)]` to store it in N bytes, zero padded, or `#[escaped]` to store any length"
                ),
            );
            return fallback();
        }
        if let Some(r) = attrs.reverse {
            let also = if kind.borrows() {
                format!(
                    ", and use {} (inverted bytes cannot be borrowed)",
                    owned(*kind)
                )
            } else {
                String::new()
            };
            cx.error_at(
                r,
                format!("`#[reverse]` on the trailing `{name}` would not sort descending (a shorter value still sorts first); add `#[escaped]`, which ends each value{also}"),
            );
        }
        if let Some(m) = attrs.mirror {
            let store = if kind.borrows() {
                format!("store it as {} with `#[fixed(N)]`", owned(*kind))
            } else {
                "store it in N bytes with `#[fixed(N)]`".to_string()
            };
            cx.error_at(
                m,
                format!("`#[mirror]` reverses the bytes of a fixed-width field, but `{name}` is the rest of the key, of any length. Remove `#[mirror]`, or {store}"),
            );
        }
        return FieldSpec {
            codec: Codec::Rest(*kind),
            value_ty: ty,
            optional,
        };
    }
    if let [(first, _), rest @ ..] = attrs.codecs.as_slice() {
        for (other, span) in rest {
            cx.error_at(
                *span,
                format!(
                    "two codecs on `{name}`: {} and {}; a field has one codec. Keep one",
                    attr_name(*first),
                    attr_name(*other)
                ),
            );
        }
    }
    let tyname = tyname_inner.clone();
    let fallback = Codec::Bool;
    let codec = match (attrs.codecs.first().map(|c| c.0), class) {
        (Some(CodecAttr::Pad(n)), TyClass::Int(t)) if !t.signed() => {
            if n.value == 0 {
                cx.error_at(n.span, "`pad(0)` writes no digits; use at least `pad(1)`");
            } else if n.value > t.max_digits() {
                cx.error_at(
                    n.span,
                    format!(
                        "`pad({})` is wider than any `{}` needs: its largest value has {} digits. Use `pad({})`",
                        n.value,
                        t.name(),
                        t.max_digits(),
                        t.max_digits()
                    ),
                );
            }
            Codec::Pad { digits: n.value }
        }
        (Some(CodecAttr::Pad(n)), TyClass::Int(t)) => {
            cx.error_spanned_by(
                ty,
                format!(
                    "`#[pad({})]` needs an unsigned integer; `{}` can be negative. Use the default big-endian codec, which orders negatives first, or an unsigned type",
                    n.value,
                    t.name()
                ),
            );
            fallback
        }
        (Some(CodecAttr::Pad(n)), _) => {
            cx.error_spanned_by(
                ty,
                format!(
                    "`#[pad({})]` writes an unsigned integer as digits; `{tyname}` is not one. Use `u8`..`u128`",
                    n.value
                ),
            );
            fallback
        }
        (Some(CodecAttr::Narrow(to)), TyClass::Int(from)) => Codec::Narrow { to, from },
        (Some(CodecAttr::Narrow(to)), class) => {
            let fix = match class {
                TyClass::Text(_) => "Remove it, or use `#[fixed(N)]` for strings and bytes",
                _ => "Remove it",
            };
            cx.error_at(
                attrs.codecs[0].1,
                format!(
                    "`#[be_{}]` stores an integer in {} big-endian bytes; `{tyname}` is not an integer. {fix}",
                    to.name(),
                    to.width()
                ),
            );
            fallback
        }
        (Some(CodecAttr::Fixed(n)), TyClass::Text(kind)) => {
            if n.value == 0 {
                cx.error_at(
                    n.span,
                    "`fixed(0)` holds nothing; give the field's width in bytes, `fixed(16)`",
                );
            }
            Codec::Fixed {
                width: n.value,
                kind,
            }
        }
        (Some(CodecAttr::Fixed(n)), class) => {
            let pad = match class {
                TyClass::Int(t) if !t.signed() => format!(
                    ", or write `#[pad({})]` for {} ASCII digits",
                    n.value, n.value
                ),
                _ => String::new(),
            };
            cx.error_at(
                attrs.codecs[0].1,
                format!(
                    "`#[fixed({})]` is for strings and bytes (`String`, `Vec<u8>`, `&str`, `&[u8]`, `Cow`); `{tyname}` has its own codec. Remove the attribute{pad}",
                    n.value
                ),
            );
            fallback
        }
        (None, TyClass::Int(t)) => Codec::Int(t),
        (None, TyClass::Bool) => Codec::Bool,
        (None, TyClass::ByteArray(n)) => Codec::ByteArray(n),
        (None, TyClass::Text(_)) => {
            cx.error_spanned_by(
                ty,
                format!(
                    "`{name}: {tyname}` has no fixed width, so the fields after it could not be found. Add `#[fixed(N)]` to store it in N bytes, zero padded"
                ),
            );
            fallback
        }
        (None, TyClass::Float(t)) => Codec::Float(t),
        (None, TyClass::Nested) => Codec::Nested,
        (None, TyClass::Option(_) | TyClass::Unit) => fallback,
        (None, TyClass::Other) => {
            cx.error_spanned_by(ty, no_codec(ty, &tyname));
            fallback
        }
    };
    if let Some(span) = attrs.reverse {
        let borrowed = matches!(codec, Codec::Fixed { kind, .. } if kind.borrows());
        if borrowed {
            cx.error_at(
                span,
                format!(
                    "`#[reverse]` cannot apply to the borrowed `{tyname}`: its bytes are inverted in the key, so decode cannot borrow them. Use `{}`",
                    if tyname.contains("str") { "String" } else { "Vec<u8>" }
                ),
            );
        }
        if matches!(codec, Codec::Nested) {
            let message = if is_md5(ty) {
                format!("`#[reverse]` cannot apply to `{tyname}`: a hash keeps no order, so descending means nothing. Remove it")
            } else {
                format!("`#[reverse]` cannot apply to the nested key `{tyname}`, which is embedded with its own layout. Remove it, and put `#[reverse]` on the fields inside `{tyname}` instead")
            };
            cx.error_at(span, message);
        }
    }
    if let Some(span) = attrs.mirror {
        let why = match codec {
            Codec::Fixed { kind, .. } if kind.borrows() => Some(format!(
                "its bytes are stored back to front, so decode cannot borrow them. Use {}",
                owned(kind)
            )),
            Codec::Nested if is_md5(ty) => Some(
                "a hash already spreads consecutive values across the key space. Remove it".to_string(),
            ),
            Codec::Nested => Some(format!(
                "a nested key is embedded with its own layout. Remove it, and put `#[mirror]` on a field inside `{tyname}` instead"
            )),
            _ => None,
        };
        if let Some(why) = why {
            cx.error_at(
                span,
                format!("`#[mirror]` cannot apply to `{tyname}`: {why}"),
            );
        }
    }
    FieldSpec {
        codec,
        value_ty: ty,
        optional,
    }
}

fn codec_width(c: &Codec, value_ty: &syn::Type) -> Size {
    Size::bytes(match *c {
        Codec::Int(t) => t.width(),
        Codec::Narrow { to, .. } => to.width(),
        Codec::Pad { digits } => digits,
        Codec::Fixed { width, .. } => width,
        Codec::Bool => 1,
        Codec::ByteArray(n) => n,
        Codec::Float(t) => {
            if t == "f32" {
                4
            } else {
                8
            }
        }
        Codec::Nested => return Size::key(static_lifetimes(value_ty)),
        Codec::Tag(ref b) => b.len(),
        // The shortest value: an empty string and its terminator.
        Codec::Escaped(_) => 2,
        Codec::Rest(_) => 0,
    })
}

/// `ty` with every lifetime made `'static`. A nested key's width is read in
/// `const` items and const arguments, where the key's own lifetimes are not
/// in scope; a key's width does not depend on its lifetimes.
fn static_lifetimes(ty: &syn::Type) -> syn::Type {
    fn walk(tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
        use proc_macro2::TokenTree;
        let mut out = Vec::new();
        let mut after_quote = false;
        for tt in tokens {
            let tt = match tt {
                TokenTree::Ident(i) if after_quote => {
                    TokenTree::Ident(proc_macro2::Ident::new("static", i.span()))
                }
                TokenTree::Group(g) => {
                    let mut ng = proc_macro2::Group::new(g.delimiter(), walk(g.stream()));
                    ng.set_span(g.span());
                    TokenTree::Group(ng)
                }
                other => other,
            };
            after_quote = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '\'');
            out.push(tt);
        }
        out.into_iter().collect()
    }
    syn::parse2(walk(ty.to_token_stream())).unwrap_or_else(|_| ty.clone())
}

fn salt(
    cx: &Ctxt,
    sattrs: &attr::StructAttrs,
    fields: &[Field<'_>],
    fattrs: &[FieldAttrs],
) -> Result<Option<Salt>, ()> {
    let salted: Vec<(usize, &attr::SaltAttr)> = fattrs
        .iter()
        .enumerate()
        .filter_map(|(i, a)| a.salt.as_ref().map(|s| (i, s)))
        .collect();
    if let Some(buckets) = sattrs.phoenix {
        for (_, s) in &salted {
            cx.error_at(
                s.span,
                "this key already has Apache Phoenix's salt from `#[rowkey(salt(..))]`, which hashes every field; remove this `#[salt]`",
            );
        }
        // The salt byte is there whatever the count, so the layout stays known.
        let mut n = buckets.value;
        if n == 0 || n > 256 {
            cx.error_at(
                buckets.span,
                format!(
                    "Apache Phoenix's SALT_BUCKETS is 1..=256 (one salt byte), so `buckets = {n}` cannot be written. Use at most 256",
                ),
            );
            n = 1;
        }
        return Ok(Some(Salt {
            buckets: n as u32,
            format: SaltFormat::Phoenix,
            width: 1,
            fields: (0..fields.len()).collect(),
        }));
    }
    let Some((_, first)) = salted.first() else {
        return Ok(None);
    };
    let mut modulo: Option<(At<u64>, usize)> = None;
    let mut pad: Option<(At<u64>, usize)> = None;
    for (i, s) in &salted {
        for (new, slot, key) in [(s.modulo, &mut modulo, "mod"), (s.pad, &mut pad, "pad")] {
            let Some(new) = new else { continue };
            match slot {
                Some((old, j)) if old.value != new.value => cx.error_at(
                    new.span,
                    format!(
                        "salted fields share one bucket: `{key} = {}` here but `{key} = {}` on `{}`. Give it once",
                        new.value,
                        old.value,
                        unraw(fields[*j].ident)
                    ),
                ),
                Some(_) => {}
                None => *slot = Some((new, *i)),
            }
        }
    }
    let Some((m, _)) = modulo else {
        // An unreadable `mod` was reported where it was written.
        if !salted.iter().any(|(_, s)| s.malformed) {
            cx.error_at(
                first.span,
                "`#[salt]` needs the bucket count, on one of the salted fields: `#[salt(mod = 100)]`",
            );
        }
        return Err(());
    };
    if m.value == 0 || m.value > MAX_BUCKETS {
        cx.error_at(
            m.span,
            format!(
                "`mod = {}` is not a bucket count: use 1..=65536 (one byte up to 256 buckets, two bytes above)",
                m.value
            ),
        );
        return Err(());
    }
    let buckets = m.value as u32;
    let (format, width) = match pad {
        None => (SaltFormat::Binary, if buckets <= 256 { 1 } else { 2 }),
        Some((d, _)) => {
            if d.value == 0 || d.value > MAX_SALT_DIGITS {
                cx.error_at(
                    d.span,
                    format!("`pad = {}`: a bucket takes 1..=8 digits", d.value),
                );
                return Err(());
            }
            if (buckets as u64) > 10u64.pow(d.value as u32) {
                cx.error_at(
                    d.span,
                    format!(
                        "`pad = {}` holds buckets 0..={}, but `mod = {buckets}`. Use `pad = {}`",
                        d.value,
                        10u64.pow(d.value as u32) - 1,
                        (buckets - 1).to_string().len()
                    ),
                );
                return Err(());
            }
            (SaltFormat::Digits(d.value as u8), d.value as usize)
        }
    };
    Ok(Some(Salt {
        buckets,
        format,
        width,
        fields: salted.iter().map(|(i, _)| *i).collect(),
    }))
}

/// `salt 0..1 (1), user_id 1..7 (6), ...`: the computed layout, for messages.
/// Only `fields[..known]` have known widths; the next one is shown by its start.
fn breakdown(salt: Option<&Salt>, fields: &[Field<'_>], known: usize) -> String {
    let mut parts = Vec::new();
    if let Some(s) = salt {
        parts.push(format!("salt 0..{} ({})", s.width, s.width));
    }
    for (i, f) in fields.iter().enumerate() {
        let name = unraw(f.ident);
        if i == known {
            parts.push(format!("{name} {}..", size_text(&f.offset)));
            break;
        }
        let end = f.offset.plus(&f.width);
        match (f.offset.known(), end.known()) {
            (Some(start), Some(end)) => {
                parts.push(format!("{name} {start}..{end} ({})", end - start))
            }
            // After a nested key, offsets are sums; the widths tell the layout.
            _ => parts.push(format!("{name} ({})", size_text(&f.width))),
        }
    }
    parts.join(", ")
}

/// A nested key's type as messages name it: `MainKey`, `keys::MainKey`,
/// `Inner<3>`. Without braces: a `const` assertion's message is a format
/// string, where `{ 3 }` would not compile.
fn key_text(ty: &syn::Type) -> String {
    ty_text(ty)
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace("<'static>", "")
        .replace("'static, ", "")
        .replace(['{', '}'], "")
        .replace("< ", "<")
        .replace(" >", ">")
}

/// `6`, `2 + MainKey::WIDTH`, `MainKey::WIDTH`: a size, for messages.
fn size_text(size: &Size) -> String {
    let mut parts = Vec::new();
    if size.bytes > 0 || size.keys.is_empty() {
        parts.push(size.bytes.to_string());
    }
    parts.extend(size.keys.iter().map(|k| format!("{}::WIDTH", key_text(k))));
    parts.join(" + ")
}

/// "`MainKey::WIDTH` is the width of the nested key `MainKey`", for each key in `size`.
fn widths_note(size: &Size) -> String {
    let mut seen: Vec<String> = Vec::new();
    for k in &size.keys {
        let k = key_text(k);
        if !seen.contains(&k) {
            seen.push(k);
        }
    }
    let notes: Vec<String> = seen
        .iter()
        .map(|k| format!("`{k}::WIDTH` is the width in bytes of the nested key `{k}`"))
        .collect();
    notes.join("; ")
}

/// A field's name without `r#`.
pub fn unraw(ident: &proc_macro2::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    /// The macro must answer every input with code or errors, never a panic:
    /// malformed attributes, absurd numbers, odd types, every kind of item.
    #[test]
    fn no_input_panics() {
        let inputs = [
            // Malformed attribute arguments.
            "struct K { #[pad] a: u32 }",
            "struct K { #[pad()] a: u32 }",
            "struct K { #[pad(\"6\")] a: u32 }",
            "struct K { #[pad(6, 7)] a: u32 }",
            "struct K { #[pad = 6] a: u32 }",
            "struct K { #[pad(x)] a: u32 }",
            "struct K { #[pad(6.5)] a: u32 }",
            "struct K { #[at(-1)] a: u32 }",
            "struct K { #[at] a: u32 }",
            "struct K { #[fixed(-3)] a: String }",
            "struct K { #[be_u32(4)] a: u64 }",
            "struct K { #[be_u32 = 4] a: u64 }",
            "struct K { #[reverse(desc)] a: u64 }",
            "struct K { #[reverse = true] a: u64 }",
            "struct K { #[reverse()] a: u64 }",
            "struct K { #[salt(mod)] a: u32 }",
            "struct K { #[salt(mod = )] a: u32 }",
            "struct K { #[salt(mod = \"8\")] a: u32 }",
            "struct K { #[salt(mod = 8, mod = 8)] a: u32 }",
            "struct K { #[salt = 8] a: u32 }",
            "struct K { #[salt()] a: u32 }",
            "struct K { #[salt(mood = 8)] a: u32 }",
            "struct K { #[salt(pad = 3)] a: u32 }",
            "struct K { #[salt(mod = 65536, pad = 9)] a: u32 }",
            "struct K { #[salt(mod = 18446744073709551615, pad = 18446744073709551615)] a: u32 }",
            "struct K { #[tag] t: (), a: u32 }",
            "struct K { #[tag()] t: (), a: u32 }",
            "struct K { #[tag(300)] t: (), a: u32 }",
            "struct K { #[tag(b\"\")] t: (), a: u32 }",
            "struct K { #[tag(1)] #[tag(2)] t: (), a: u32 }",
            "struct K { #[tag(1)] t: u32 }",
            "struct K { #[escaped(1)] a: String }",
            "struct K { #[mirror] #[mirror] a: u32 }",
            "struct K { #[rowkey(width = 4)] a: u32 }",
            "#[rowkey] struct K { a: u32 }",
            "#[rowkey = \"x\"] struct K { a: u32 }",
            "#[rowkey()] struct K { a: u32 }",
            "#[rowkey(width)] struct K { a: u32 }",
            "#[rowkey(width = \"x\")] struct K { a: u32 }",
            "#[rowkey(width = -1)] struct K { a: u32 }",
            "#[rowkey(width = 99999999999999999999999)] struct K { a: u32 }",
            "#[rowkey(width(4))] struct K { a: u32 }",
            "#[rowkey(widht = 4, max_widht = 5, krate = \"x\")] struct K { a: u32 }",
            "#[rowkey(a::b = 4)] struct K { a: u32 }",
            "#[rowkey(crate = 5)] struct K { a: u32 }",
            "#[rowkey(crate = \"not a path\")] struct K { a: u32 }",
            "#[rowkey(crate = \"x\", crate = \"y\")] struct K { a: u32 }",
            "#[rowkey(salt)] struct K { a: u32 }",
            "#[rowkey(salt = 3)] struct K { a: u32 }",
            "#[rowkey(salt())] struct K { a: u32 }",
            "#[rowkey(salt(buckets))] struct K { a: u32 }",
            "#[rowkey(salt(buckets = 0, phoenix))] struct K { a: u32 }",
            "#[rowkey(salt(buckets = 18446744073709551615, phoenix))] struct K { a: u32 }",
            "#[rowkey(salt(phoenix = 1, buckets = 8))] struct K { a: u32 }",
            "#[rowkey(salt(buckets = 8, phoenix), salt(buckets = 8, phoenix))] struct K { a: u32 }",
            "#[pad(6)] #[salt(mod = 4)] struct K { a: u32 }",
            // Absurd widths: no arithmetic may overflow.
            "struct K { #[fixed(18446744073709551615)] a: String, b: u64 }",
            "struct K { #[pad(18446744073709551615)] a: u64, #[at(18446744073709551615)] b: u8 }",
            "struct K { a: [u8; 18446744073709551615], b: [u8; 18446744073709551615] }",
            "#[rowkey(max_width = 18446744073709551615)] struct K { a: [u8; 18446744073709551615], b: [u8; 18446744073709551615] }",
            "#[rowkey(max_width = 0)] struct K { a: [u8; 0] }",
            "#[rowkey(width = 18446744073709551615)] struct K { a: u8 }",
            "struct K { a: [u8; 99999999999999999999999] }",
            // Odd types.
            "struct K { a: () }",
            "struct K { a: (u8, u16) }",
            "struct K { a: &mut str }",
            "struct K { a: &'static mut [u8] }",
            "struct K { a: [u16; 4] }",
            "struct K { a: [u8] }",
            "struct K { a: str }",
            "struct K { a: Self }",
            "struct K { a: <u8 as Tr>::X }",
            "struct K { a: fn() }",
            "struct K { a: dyn Tr }",
            "struct K { a: impl Tr }",
            "struct K { a: _ }",
            "struct K { a: ! }",
            "struct K { a: m!() }",
            "struct K { a: *const u8 }",
            "struct K { a: Option<Option<u8>> }",
            "struct K { a: Option<String>, b: u8 }",
            "struct K { #[fixed(4)] a: Option<String>, b: u8 }",
            "struct K { a: Option<()> }",
            "struct K { a: Option }",
            "struct K { a: Option<u8, u16> }",
            "struct K { a: Vec<u16> }",
            "struct K { a: Vec }",
            "struct K { a: Box<dyn Fn(u8) -> u8> }",
            "struct K { a: usize, b: isize, c: char, d: f32, e: f64 }",
            "struct K { #[pad(3)] a: usize, #[be_u16] b: char }",
            "struct K { a: std::string::String }",
            "struct K { a: Cow<'static, str>, b: u8 }",
            "struct K { #[fixed(4)] #[reverse] a: &'static [u8], b: u8 }",
            "struct K { #[escaped] #[reverse] a: &'static str, b: u8 }",
            "struct K { #[escaped] #[fixed(4)] #[mirror] a: String, b: u8 }",
            "struct K { #[reverse] #[mirror] a: u32 }",
            "struct K { #[reverse] a: Inner, b: u8 }",
            "struct K { #[salt(mod = 4)] a: String }",
            "struct K { a: String, #[salt(mod = 4)] #[at(3)] b: u32 }",
            // Issue 4's attributes, misused.
            "struct K { #[tag(1, 2)] t: (), a: u8 }",
            "struct K { #[tag = 1] t: (), a: u8 }",
            "struct K { #[tag(-1)] t: (), a: u8 }",
            "struct K { #[tag(x)] t: (), a: u8 }",
            "struct K { #[tag(1.5)] t: (), a: u8 }",
            "struct K { #[tag(b'x')] t: (), a: u8 }",
            "struct K { #[tag(1)] #[salt] #[reverse] #[mirror] #[escaped] #[pad(2)] t: (), a: u8 }",
            "struct K { #[tag(1)] t: Option<()> }",
            "struct K { #[escaped] a: Option<u32>, b: u8 }",
            "struct K { #[escaped] #[escaped] a: String, b: u8 }",
            "struct K { #[escaped] #[pad(3)] a: u32, b: u8 }",
            "struct K { #[escaped] a: Md5, #[reverse] b: Md5, #[mirror] c: Md5 }",
            "struct K { #[mirror] a: String }",
            "struct K { #[mirror] #[reverse] a: &'static str }",
            "struct K { a: Option<Option<Option<u8>>> }",
            "struct K { #[fixed(3)] a: Option<Option<String>> }",
            "struct K { a: Option<usize> }",
            "struct K { #[reverse] a: Inner<'static>, b: a::b::Inner, #[at(9)] c: u8 }",
            "#[rowkey(width = 9)] struct K<'a> { a: Inner<'a>, b: Option<Inner<'a>>, #[at(1)] c: u8 }",
            "#[rowkey(width = 4)] struct K { #[escaped] a: String, b: u8, #[at(9)] c: u8 }",
            "struct K { #[escaped] a: String, #[salt(mod = 4)] b: u8 }",
            "enum K { A(M) = 1 }",
            "enum K { A(M, M), B(), C, D { x: u8 } }",
            // Items the derive does not take.
            "struct K;",
            "struct K {}",
            "struct K(u8);",
            "struct K();",
            "enum K {}",
            "enum K { A, B }",
            "enum K { A(u8), B(u16) }",
            "enum K { A { a: u8 } }",
            "union K { a: u8 }",
            "struct K<T> { a: T }",
            "struct K<T: Copy, const N: usize> where T: Copy { a: [T; N], b: u8 }",
            "struct K<'a, T> { a: &'a T }",
            // Names.
            "struct K { r#type: u8, #[at(9)] r#match: u32 }",
            "struct K { 名前: u8, 値: u16 }",
            "struct K { __key: u8, __v: u16, bytes: u32 }",
            // Good keys: they expand.
            "#[rowkey(width = 20)] struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32, #[pad(6)] file_id: u64 }",
            "struct Event { #[salt(mod = 16)] user: u32, #[reverse] ts: u64 }",
            "struct Log { host: u32, #[salt(mod = 10000, pad = 4)] ts: u64 }",
            "#[rowkey(salt(buckets = 8, phoenix))] struct P { a: u32, b: i64 }",
            "struct H<'a> { #[fixed(8)] host: &'a str, #[reverse] ts: u64, rest: &'a [u8] }",
        ];
        for text in inputs {
            let input: syn::DeriveInput = match syn::parse_str(text) {
                Ok(input) => input,
                Err(e) => panic!("test input `{text}` does not parse: {e}"),
            };
            let output = crate::expand::derive(&input);
            if let Err(e) = syn::parse2::<syn::File>(output.clone()) {
                panic!("the output for `{text}` is not Rust: {e}\n{output}");
            }
        }
    }
}
