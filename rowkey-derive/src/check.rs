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
fn single_arg<'a>(seg: &'a syn::PathSegment) -> Option<&'a syn::Type> {
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
    let named = struct_fields(cx, input)?;
    check_generics(cx, &input.generics);
    let sattrs = attr::struct_attrs(cx, &input.attrs);

    // Codecs first: offsets and the salt depend on every field's width.
    let mut fields = Vec::new();
    let mut fattrs = Vec::new();
    let count = named.len();
    for (i, f) in named.iter().enumerate() {
        let attrs = attr::field_attrs(cx, &f.attrs);
        let ident = f.ident.as_ref()?;
        let spec = field_codec(cx, f, &attrs, i + 1 == count);
        let mut width = codec_width(&spec.codec, spec.value_ty);
        if spec.optional {
            width = width.plus_bytes(1);
        }
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

    let salt = salt(cx, &sattrs, &fields, &fattrs);
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
            for &i in s.fields.iter().filter(|&&i| i > v) {
                cx.error_spanned_by(
                    fields[i].ident,
                    format!(
                        "the salted field `{}` comes after the variable-length `{}`, so its bytes have no fixed place to hash. Move it before `{}`",
                        unraw(fields[i].ident),
                        unraw(fields[v].ident),
                        unraw(fields[v].ident)
                    ),
                );
            }
        }
    }
    for (i, (f, a)) in fields.iter().zip(&fattrs).enumerate() {
        let Some(at) = a.at else { continue };
        if first_variable.is_some_and(|v| i > v) {
            cx.error_at(
                at.span,
                format!(
                    "`{}` comes after a variable-length field, so it has no fixed offset to assert",
                    unraw(f.ident)
                ),
            );
            continue;
        }
        let message = format!(
            "`{}` starts at byte {}, not {}: the layout is {}. Move the field or fix `#[at]`",
            unraw(f.ident),
            f.offset,
            at.value,
            breakdown(salt.as_ref(), &fields)
        );
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
    if let Some(declared) = sattrs.width {
        let message = format!(
            "declared width {} but the fields add up to {} bytes: {}. Fix `width` or the fields",
            declared.value,
            width,
            breakdown(salt.as_ref(), &fields)
        );
        if variable {
            cx.error_at(
                declared.span,
                "a key with a variable-length field has no fixed width; remove `width` (use `max_width` to cap it)",
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
    let max = sattrs.max_width.map_or(DEFAULT_MAX_WIDTH, |m| m.value);
    if let Some(w) = width.known().filter(|&w| w > max) {
        let span = sattrs.max_width.map_or(input.ident.span(), |m| m.span);
        cx.error_at(
            span,
            format!(
                "the key is {w} bytes, above max_width {max}{}: {}",
                if sattrs.max_width.is_none() {
                    " (HBase's row-key limit)"
                } else {
                    ""
                },
                breakdown(salt.as_ref(), &fields)
            ),
        );
    }

    let krate = sattrs.krate.unwrap_or_else(|| syn::parse_quote!(::rowkey));
    Some(Key {
        ident: &input.ident,
        vis: &input.vis,
        generics: &input.generics,
        krate,
        width,
        variable,
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
                cx.error_spanned_by(n, "a row key needs at least one field");
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
                cx.error_spanned_by(&input.ident, "a row key needs at least one field");
                None
            }
        },
        syn::Data::Enum(e) => {
            cx.error_spanned_by(
                e.enum_token,
                "`#[derive(RowKey)]` works on structs; an enum has no single layout. Derive it on one struct per record type",
            );
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

fn check_generics(cx: &Ctxt, generics: &syn::Generics) {
    for p in &generics.params {
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
}

fn attr_name(c: CodecAttr) -> String {
    match c {
        CodecAttr::Pad(n) => format!("#[pad({})]", n.value),
        CodecAttr::Narrow(t) => format!("#[be_{}]", t.name()),
        CodecAttr::Fixed(n) => format!("#[fixed({})]", n.value),
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
            .map(|c| c.1)
            .chain(attrs.reverse)
            .chain(attrs.mirror)
            .chain(attrs.escaped)
            .chain(attrs.salt.as_ref().map(|s| s.span));
        for span in others {
            cx.error_at(span, format!("`{name}` is a constant `#[tag]`; no other attribute applies to it. Remove this one"));
        }
        return FieldSpec {
            codec: Codec::Tag(tag.value.clone()),
            value_ty: &f.ty,
            optional: false,
        };
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
    if optional {
        let bad = match class {
            TyClass::Option(_) => Some("an `Option` inside an `Option`"),
            TyClass::Text(_) if attrs.codecs.is_empty() => Some("a variable-length value"),
            TyClass::Unit => Some("`()`"),
            _ => None,
        };
        if let Some(bad) = bad {
            cx.error_spanned_by(
                &f.ty,
                format!("`Option<T>` needs a fixed-width `T`, not {bad}: give `{tyname_inner}` a fixed width (`#[fixed(N)]` for strings)"),
            );
            return fallback();
        }
        if let Some(span) = attrs.escaped {
            cx.error_at(
                span,
                "`#[escaped]` cannot apply inside an `Option`; use `#[fixed(N)]`",
            );
        }
    }

    // #[escaped]: variable-length strings and bytes, anywhere.
    if let Some(span) = attrs.escaped {
        let TyClass::Text(kind) = class else {
            cx.error_spanned_by(
                ty,
                format!("`#[escaped]` is for strings and bytes (`String`, `&str`, `Vec<u8>`, `&[u8]`, `Cow`); `{tyname}` has its own codec. Remove it"),
            );
            return fallback();
        };
        for (c, cspan) in &attrs.codecs {
            cx.error_at(
                *cspan,
                format!(
                    "`#[escaped]` and {} are two codecs for `{name}`; keep one",
                    attr_name(*c)
                ),
            );
        }
        if let Some(m) = attrs.mirror {
            cx.error_at(
                m,
                "`#[mirror]` needs a fixed-width field; `#[escaped]` values vary in length",
            );
        }
        if let (Some(r), true) = (attrs.reverse, kind.borrows()) {
            cx.error_at(
                r,
                format!("`#[reverse]` inverts the bytes, so `{tyname}` could not borrow them on decode. Use `{}`", if kind.is_str() { "String` or `Cow<str>" } else { "Vec<u8>` or `Cow<[u8]>" }),
            );
        }
        let _ = span;
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
            cx.error_at(
                r,
                format!("`#[reverse]` on the trailing `{name}` would not sort descending (a shorter value still sorts first); add `#[escaped]`, which ends each value"),
            );
        }
        if let Some(m) = attrs.mirror {
            cx.error_at(
                m,
                "`#[mirror]` needs a fixed-width field; add `#[fixed(N)]`",
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
                    "two codecs on `{name}`: {} and {}; a field has one codec, keep one",
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
        (Some(CodecAttr::Narrow(to)), _) => {
            cx.error_spanned_by(
                ty,
                format!(
                    "`#[be_{}]` stores an integer in {} big-endian bytes; `{tyname}` is not an integer. Remove it, or use `#[fixed(N)]` for strings and bytes",
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
        (Some(CodecAttr::Fixed(n)), _) => {
            cx.error_spanned_by(
                ty,
                format!(
                    "`#[fixed({})]` is for `String`, `Vec<u8>`, `&str` and `&[u8]`; `{tyname}` has its own codec. Remove the attribute",
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
            cx.error_spanned_by(
                ty,
                format!(
                    "rowkey cannot encode `{tyname}`: a key field is an integer (`u8`..`u128`, `i8`..`i128`), `bool`, `[u8; N]`, or `String`/`Vec<u8>`/`&str`/`&[u8]` with `#[fixed(N)]`"
                ),
            );
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
            cx.error_at(
                span,
                format!("`#[reverse]` cannot apply to the nested key `{tyname}`: reverse the fields inside it instead"),
            );
        }
    }
    if let Some(span) = attrs.mirror {
        if let Some(r) = attrs.reverse {
            cx.error_at(r, format!("`#[mirror]` and `#[reverse]` on `{name}`: a mirrored field is not ordered, so descending means nothing; keep one"));
        }
        let why = match codec {
            Codec::Fixed { kind, .. } if kind.borrows() => Some(
                "its bytes are moved in the key, so decode cannot borrow them; use an owned type",
            ),
            Codec::Nested => Some("a nested key keeps its own layout"),
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
        Codec::Nested => return Size::key(value_ty.clone()),
        Codec::Tag(ref b) => b.len(),
        // The shortest value: an empty string and its terminator.
        Codec::Escaped(_) => 2,
        Codec::Rest(_) => 0,
    })
}

fn salt(
    cx: &Ctxt,
    sattrs: &attr::StructAttrs,
    fields: &[Field<'_>],
    fattrs: &[FieldAttrs],
) -> Option<Salt> {
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
        if buckets.value == 0 || buckets.value > 256 {
            cx.error_at(
                buckets.span,
                format!(
                    "Phoenix salts with 1..=256 buckets (one byte), not {}",
                    buckets.value
                ),
            );
            return None;
        }
        return Some(Salt {
            buckets: buckets.value as u32,
            format: SaltFormat::Phoenix,
            width: 1,
            fields: (0..fields.len()).collect(),
        });
    }
    let (_, first) = salted.first()?;
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
        cx.error_at(
            first.span,
            "`#[salt]` needs the bucket count on one salted field: `#[salt(mod = 100)]`",
        );
        return None;
    };
    if m.value == 0 || m.value > MAX_BUCKETS {
        cx.error_at(
            m.span,
            format!(
                "`mod = {}` is not a bucket count: use 1..=65536 (one byte up to 256 buckets, two bytes above)",
                m.value
            ),
        );
        return None;
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
                return None;
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
                return None;
            }
            (SaltFormat::Digits(d.value as u8), d.value as usize)
        }
    };
    Some(Salt {
        buckets,
        format,
        width,
        fields: salted.iter().map(|(i, _)| *i).collect(),
    })
}

/// `salt 0..1 (1), user_id 1..7 (6), ...`: the computed layout, for messages.
fn breakdown(salt: Option<&Salt>, fields: &[Field<'_>]) -> String {
    let mut parts = Vec::new();
    if let Some(s) = salt {
        parts.push(format!("salt 0..{} ({})", s.width, s.width));
    }
    for f in fields {
        parts.push(format!(
            "{} {}..{} ({})",
            unraw(f.ident),
            f.offset,
            f.offset.plus(&f.width),
            f.width
        ));
    }
    parts.join(", ")
}

/// A field's name without `r#`.
pub fn unraw(ident: &proc_macro2::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}
