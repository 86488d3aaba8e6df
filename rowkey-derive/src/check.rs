//! Turns the parsed input into a [`Key`], applying every layout rule. Each
//! rule reports through the [`Ctxt`] and goes on, so one build shows every
//! mistake; each message says what is wrong and what to write instead.

use quote::ToTokens;

use crate::attr::{self, At, CodecAttr, FieldAttrs};
use crate::ctxt::Ctxt;
use crate::model::{Codec, Field, IntTy, Key, Salt, SaltFormat, TextKind};

/// HBase's row-key limit, the default `max_width`.
const DEFAULT_MAX_WIDTH: usize = 32_767;
/// Buckets two salt bytes can number.
const MAX_BUCKETS: u64 = 65_536;
/// Digits a `#[salt(pad = D)]` bucket may take (split points hold 8 bytes).
const MAX_SALT_DIGITS: u64 = 8;

/// What a field's type is, as far as codecs care.
enum TyClass {
    Int(IntTy),
    Bool,
    ByteArray(usize),
    Text(TextKind),
    Other,
}

fn classify(ty: &syn::Type) -> TyClass {
    match ty {
        syn::Type::Group(g) => classify(&g.elem),
        syn::Type::Paren(p) => classify(&p.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return TyClass::Other;
            };
            let name = last.ident.to_string();
            match &last.arguments {
                syn::PathArguments::None => {
                    if let Some(t) = IntTy::from_name(&name) {
                        TyClass::Int(t)
                    } else if name == "bool" {
                        TyClass::Bool
                    } else if name == "String" {
                        TyClass::Text(TextKind::String)
                    } else {
                        TyClass::Other
                    }
                }
                syn::PathArguments::AngleBracketed(args) if name == "Vec" => {
                    match args.args.first() {
                        Some(syn::GenericArgument::Type(t)) if is_u8(t) && args.args.len() == 1 => {
                            TyClass::Text(TextKind::Vec)
                        }
                        _ => TyClass::Other,
                    }
                }
                _ => TyClass::Other,
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
    ty.to_token_stream().to_string().replace(" ;", ";").replace("& ", "&").replace(" < ", "<").replace(" >", ">")
}

/// Builds the key, or reports why it cannot; errors go to `cx`.
pub fn key<'a>(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Key<'a>> {
    let named = struct_fields(cx, input)?;
    check_generics(cx, &input.generics);
    let sattrs = attr::struct_attrs(cx, &input.attrs);

    // Codecs first: offsets and the salt depend on every field's width.
    let mut fields = Vec::new();
    let mut fattrs = Vec::new();
    for f in named {
        let attrs = attr::field_attrs(cx, &f.attrs);
        let ident = f.ident.as_ref()?;
        let (codec, descending) = field_codec(cx, f, &attrs);
        let width = codec_width(codec);
        fields.push(Field {
            ident,
            ty: &f.ty,
            codec,
            descending,
            offset: 0,
            width,
        });
        fattrs.push(attrs);
    }

    let salt = salt(cx, &sattrs, &fields, &fattrs);
    let mut offset = salt.as_ref().map_or(0, |s| s.width);
    for f in &mut fields {
        f.offset = offset;
        offset += f.width;
    }
    let width = offset;

    for (f, a) in fields.iter().zip(&fattrs) {
        if let Some(at) = a.at {
            if at.value != f.offset {
                cx.error_at(
                    at.span,
                    format!(
                        "`{}` starts at byte {}, not {}: the layout is {}. Move the field or fix `#[at]`",
                        unraw(f.ident),
                        f.offset,
                        at.value,
                        breakdown(salt.as_ref(), &fields)
                    ),
                );
            }
        }
    }
    if let Some(declared) = sattrs.width {
        if declared.value != width {
            cx.error_at(
                declared.span,
                format!(
                    "declared width {} but the fields add up to {} bytes: {}. Fix `width` or the fields",
                    declared.value,
                    width,
                    breakdown(salt.as_ref(), &fields)
                ),
            );
        }
    }
    let max = sattrs.max_width.map_or(DEFAULT_MAX_WIDTH, |m| m.value);
    if width > max {
        let span = sattrs.max_width.map_or(input.ident.span(), |m| m.span);
        cx.error_at(
            span,
            format!(
                "the key is {width} bytes, above max_width {max}{}: {}",
                if sattrs.max_width.is_none() { " (HBase's row-key limit)" } else { "" },
                breakdown(salt.as_ref(), &fields)
            ),
        );
    }

    let krate = sattrs.krate.unwrap_or_else(|| syn::parse_quote!(::rowkey));
    Some(Key {
        ident: &input.ident,
        generics: &input.generics,
        krate,
        width,
        salt,
        fields,
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

fn field_codec(cx: &Ctxt, f: &syn::Field, attrs: &FieldAttrs) -> (Codec, bool) {
    let name = f.ident.as_ref().map(unraw).unwrap_or_default();
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
    let class = classify(&f.ty);
    let ty = &f.ty;
    let tyname = ty_text(ty);
    // A placeholder codec keeps checking going after an error; nothing is expanded then.
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
                cx.error_at(n.span, "`fixed(0)` holds nothing; give the field's width in bytes, `fixed(16)`");
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
    if let (Some(span), Codec::Fixed { kind: TextKind::Str | TextKind::Slice, .. }) =
        (attrs.reverse, codec)
    {
        cx.error_at(
            span,
            format!(
                "`#[reverse]` cannot apply to the borrowed `{tyname}`: its bytes are inverted in the key, so decode cannot borrow them. Use `{}`",
                if tyname.contains("str") { "String" } else { "Vec<u8>" }
            ),
        );
    }
    (codec, attrs.reverse.is_some())
}

fn codec_width(c: Codec) -> usize {
    match c {
        Codec::Int(t) => t.width(),
        Codec::Narrow { to, .. } => to.width(),
        Codec::Pad { digits } => digits,
        Codec::Fixed { width, .. } => width,
        Codec::Bool => 1,
        Codec::ByteArray(n) => n,
    }
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
                cx.error_at(d.span, format!("`pad = {}`: a bucket takes 1..=8 digits", d.value));
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
            f.offset + f.width,
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

