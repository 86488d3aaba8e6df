//! One field's codec, from its type and attributes: each rule a function,
//! each reporting through the `Ctxt` and leaving the codec `None` when the
//! field cannot be understood.

use proc_macro2::Span;

use super::ty::{self, classify, TyClass};
use crate::ast;
use crate::attr::{At, CodecAttr};
use crate::codec::{
    Codec, FloatTy, IntTy, OrderedForm, OrderedTy, TextKind, VarType, ORDERED_FORMS,
};
use crate::ctxt::Ctxt;
use crate::messages as msg;
use crate::symbol::unraw;

/// A field's codec as lowering resolved it.
pub struct FieldCodec<'a> {
    /// `None` when an error left it open.
    pub codec: Option<Codec>,
    /// The value's type: `T` for `Option<T>`.
    pub value_ty: &'a syn::Type,
    pub optional: bool,
}

impl<'a> FieldCodec<'a> {
    fn unknown(f: &ast::Field<'a>) -> FieldCodec<'a> {
        FieldCodec {
            codec: None,
            value_ty: f.ty,
            optional: false,
        }
    }
}

pub fn field<'a>(cx: &Ctxt, f: &ast::Field<'a>, last: bool) -> FieldCodec<'a> {
    let name = unraw(f.ident);
    if let Some(tag) = &f.attrs.tag {
        return tag_field(cx, f, &name, tag);
    }
    if let (Some(_), Some(r)) = (f.attrs.mirror, f.attrs.reverse) {
        cx.error_at(r, msg::mirror_with_reverse(&name));
    }
    let (ty, optional) = match classify(f.ty) {
        TyClass::Option(inner) => (inner, true),
        TyClass::Unit => {
            cx.error_spanned_by(f.ty, msg::unit_without_tag(&name));
            return FieldCodec::unknown(f);
        }
        _ => (f.ty, false),
    };
    if let Some(message) = ty::platform_or_char(ty) {
        cx.error_spanned_by(ty, message);
        return FieldCodec::unknown(f);
    }
    if optional && !option_allowed(cx, f, ty, &name) {
        return FieldCodec::unknown(f);
    }
    let codec = value_codec(cx, f, ty, &name, last, optional);
    FieldCodec {
        codec,
        value_ty: ty,
        optional,
    }
}

/// The codec of the value (inside any `Option`).
fn value_codec(
    cx: &Ctxt,
    f: &ast::Field<'_>,
    ty: &syn::Type,
    name: &str,
    last: bool,
    optional: bool,
) -> Option<Codec> {
    let class = classify(ty);
    if let Some(span) = f.attrs.escaped {
        return escaped(cx, f, ty, class, name, span);
    }
    if let (TyClass::Text(kind), true) = (&class, f.attrs.codecs.is_empty() && !optional) {
        return rest(cx, f, ty, *kind, name, last);
    }
    two_codecs(cx, f, name);
    let codec = attr_codec(cx, f, ty, class, name)?;
    reverse_applies(cx, f, ty, &codec);
    mirror_applies(cx, f, ty, &codec, optional);
    ordered_copy_last(cx, f, &codec, name, last);
    Some(codec)
}

/// `#[tag(..)]` on `()`: a constant, no other attribute applies.
fn tag_field<'a>(cx: &Ctxt, f: &ast::Field<'a>, name: &str, tag: &At<Vec<u8>>) -> FieldCodec<'a> {
    if !matches!(classify(f.ty), TyClass::Unit) {
        cx.error_spanned_by(f.ty, msg::tag_needs_unit(name));
    }
    let a = &f.attrs;
    let others = a
        .codecs
        .iter()
        .map(|(c, span)| (attr_name(c), *span))
        .chain(a.reverse.map(|s| ("`#[reverse]`".to_string(), s)))
        .chain(a.mirror.map(|s| ("`#[mirror]`".to_string(), s)))
        .chain(a.escaped.map(|s| ("`#[escaped]`".to_string(), s)))
        .chain(a.salt.as_ref().map(|s| ("`#[salt]`".to_string(), s.span)));
    for (attr, span) in others {
        cx.error_at(span, msg::tag_with(name, &attr));
    }
    FieldCodec {
        codec: Some(Codec::Tag(tag.value.clone())),
        value_ty: f.ty,
        optional: false,
    }
}

/// `Option<T>`: a presence byte, then `T` in the same bytes whether `Some`
/// or `None`, so `T` needs a fixed width of its own.
fn option_allowed(cx: &Ctxt, f: &ast::Field<'_>, ty: &syn::Type, name: &str) -> bool {
    let tyname = ty::text(f.ty);
    if let Some(span) = f.attrs.escaped {
        cx.error_at(span, msg::escaped_in_option(&tyname));
        return false;
    }
    let message = match classify(ty) {
        TyClass::Option(_) => {
            // The innermost value, for the fix: `Option<u8>` of `Option<Option<u8>>`.
            let mut value = ty;
            while let TyClass::Option(inner) = classify(value) {
                value = inner;
            }
            msg::option_of_option(&tyname, &ty::text(value))
        }
        TyClass::Text(_) if f.attrs.codecs.is_empty() => msg::option_text_without_fixed(&tyname),
        TyClass::Unit => msg::option_of_unit(&tyname, name),
        _ => return true,
    };
    cx.error_spanned_by(ty, message);
    false
}

/// `#[escaped]`: variable-length strings and bytes, anywhere.
fn escaped(
    cx: &Ctxt,
    f: &ast::Field<'_>,
    ty: &syn::Type,
    class: TyClass<'_>,
    name: &str,
    span: Span,
) -> Option<Codec> {
    let TyClass::Text(kind) = class else {
        cx.error_at(span, msg::escaped_not_text(&ty::text(f.ty)));
        return None;
    };
    for (c, cspan) in &f.attrs.codecs {
        cx.error_at(*cspan, msg::escaped_with(name, &attr_name(c)));
    }
    if let Some(m) = f.attrs.mirror {
        cx.error_at(m, msg::mirror_on_escaped(name));
    }
    if let (Some(r), true) = (f.attrs.reverse, kind.borrows()) {
        let message = msg::reverse_escaped_borrowed(&ty::text(ty), msg::owned(kind.is_str()));
        cx.error_at(r, message);
    }
    Some(Codec::Escaped(kind))
}

/// A string or bytes without a codec: the rest of the key, if last.
fn rest(
    cx: &Ctxt,
    f: &ast::Field<'_>,
    ty: &syn::Type,
    kind: TextKind,
    name: &str,
    last: bool,
) -> Option<Codec> {
    if !last {
        cx.error_spanned_by(ty, msg::text_not_last(name, &ty::text(ty)));
        return None;
    }
    let owned = kind.borrows().then(|| msg::owned(kind.is_str()));
    if let Some(r) = f.attrs.reverse {
        cx.error_at(r, msg::reverse_on_trailing(name, owned));
    }
    if let Some(m) = f.attrs.mirror {
        cx.error_at(m, msg::mirror_on_trailing(name, owned));
    }
    Some(Codec::Rest(kind))
}

/// A field has one codec: every codec attribute after the first is reported.
fn two_codecs(cx: &Ctxt, f: &ast::Field<'_>, name: &str) {
    if let [(first, _), rest @ ..] = f.attrs.codecs.as_slice() {
        for (other, span) in rest {
            cx.error_at(
                *span,
                msg::two_codecs(name, &attr_name(first), &attr_name(other)),
            );
        }
    }
}

/// The codec the first codec attribute asks for, or the type's default.
fn attr_codec(
    cx: &Ctxt,
    f: &ast::Field<'_>,
    ty: &syn::Type,
    class: TyClass<'_>,
    name: &str,
) -> Option<Codec> {
    match f.attrs.codecs.first() {
        Some(&(CodecAttr::Pad(n), _)) => pad(cx, ty, class, n),
        Some(&(CodecAttr::Narrow(to), span)) => narrow(cx, ty, class, to, span),
        Some(&(CodecAttr::Fixed(n), span)) => fixed(cx, ty, class, n, span),
        Some(&(CodecAttr::Java, span)) => java(cx, ty, class, span),
        Some((CodecAttr::Ordered(form), span)) => ordered_form(cx, ty, class, form, *span),
        None => default_codec(cx, ty, class, name),
    }
}

/// `#[pad(N)]`: an unsigned integer as N digits, N no more than it can need.
fn pad(cx: &Ctxt, ty: &syn::Type, class: TyClass<'_>, n: At<usize>) -> Option<Codec> {
    match class {
        TyClass::Int(t) if !t.signed() => {
            if n.value == 0 {
                cx.error_at(n.span, msg::PAD_ZERO);
            } else if n.value > t.max_digits() {
                cx.error_at(n.span, msg::pad_too_wide(n.value, t.name(), t.max_digits()));
            }
            Some(Codec::Pad {
                digits: n.value,
                ty: t,
            })
        }
        TyClass::Int(t) => {
            cx.error_spanned_by(ty, msg::pad_signed(n.value, t.name()));
            None
        }
        _ => {
            cx.error_spanned_by(ty, msg::pad_not_int(n.value, &ty::text(ty)));
            None
        }
    }
}

/// `#[be_u16]`, `#[be_u32]`, `#[be_u64]`: any integer, range checked on encode.
fn narrow(cx: &Ctxt, ty: &syn::Type, class: TyClass<'_>, to: IntTy, span: Span) -> Option<Codec> {
    if let TyClass::Int(from) = class {
        return Some(Codec::Narrow { to, from });
    }
    let text = matches!(class, TyClass::Text(_));
    let message = msg::narrow_not_int(to.name(), to.width(), &ty::text(ty), text);
    cx.error_at(span, message);
    None
}

/// `#[fixed(N)]`: strings and bytes in N bytes, zero padded.
fn fixed(cx: &Ctxt, ty: &syn::Type, class: TyClass<'_>, n: At<usize>, span: Span) -> Option<Codec> {
    if let TyClass::Text(kind) = class {
        if n.value == 0 {
            cx.error_at(n.span, msg::FIXED_ZERO);
        }
        return Some(Codec::Fixed {
            width: n.value,
            kind,
        });
    }
    let unsigned = matches!(class, TyClass::Int(t) if !t.signed());
    cx.error_at(span, msg::fixed_not_text(n.value, &ty::text(ty), unsigned));
    None
}

/// `#[java]`: the Rust types of Java's `short`, `int`, `long`, `float`,
/// `double` and `boolean`; Java has no unsigned types.
fn java(cx: &Ctxt, ty: &syn::Type, class: TyClass<'_>, span: Span) -> Option<Codec> {
    use rowkey_format::JavaType as J;
    let java = match class {
        TyClass::Int(IntTy::I16) => J::Short,
        TyClass::Int(IntTy::I32) => J::Int,
        TyClass::Int(IntTy::I64) => J::Long,
        TyClass::Float(FloatTy::F32) => J::Float,
        TyClass::Float(FloatTy::F64) => J::Double,
        TyClass::Bool => J::Boolean,
        TyClass::Int(t) if !t.signed() => {
            cx.error_at(span, msg::java_unsigned(t.name(), t.width()));
            return None;
        }
        _ => {
            cx.error_at(span, msg::java_not_primitive(&ty::text(ty)));
            return None;
        }
    };
    Some(Codec::Java(java))
}

/// `#[ordered]`: HBase's `OrderedBytes` numbers (signed integers up to 64
/// bits, floats), strings (`Text`) and bytes (`BlobVar`, which no borrowed
/// type can read: its bytes are regrouped).
fn ordered(cx: &Ctxt, ty: &syn::Type, class: TyClass<'_>, span: Span) -> Option<Codec> {
    match class {
        TyClass::Int(t) if t.signed() && t.width() <= 8 => Some(Codec::Ordered(OrderedTy::Int(t))),
        TyClass::Float(t) => Some(Codec::Ordered(OrderedTy::Float(t))),
        TyClass::Text(kind) if kind.is_str() => Some(Codec::OrderedVar {
            ty: VarType::Text,
            kind,
        }),
        TyClass::Text(kind) => {
            if kind.borrows() {
                cx.error_at(span, msg::blob_var_borrowed(&ty::text(ty)));
            }
            Some(Codec::OrderedVar {
                ty: VarType::BlobVar,
                kind,
            })
        }
        _ => {
            cx.error_at(span, msg::ordered_not_number(&ty::text(ty)));
            None
        }
    }
}

/// `#[ordered]` or one of its forms ([`ORDERED_FORMS`]).
fn ordered_form(
    cx: &Ctxt,
    ty: &syn::Type,
    class: TyClass<'_>,
    form: &Option<syn::Ident>,
    span: Span,
) -> Option<Codec> {
    let Some(form) = form else {
        return ordered(cx, ty, class, span);
    };
    match ORDERED_FORMS.iter().find(|(word, ..)| form == word) {
        Some((_, OrderedForm::Copy, _)) => ordered_copy(cx, ty, class, span),
        // The runtime's `NumericField` bound says which types it holds.
        Some((_, OrderedForm::Numeric, _)) => Some(Codec::Numeric {
            float: matches!(class, TyClass::Float(_)),
        }),
        None => {
            cx.error_at(form.span(), msg::ordered_forms(ORDERED_FORMS));
            None
        }
    }
}

/// `#[ordered(copy)]`: HBase's `BlobCopy` of bytes.
fn ordered_copy(cx: &Ctxt, ty: &syn::Type, class: TyClass<'_>, span: Span) -> Option<Codec> {
    match class {
        TyClass::Text(kind) if !kind.is_str() => Some(Codec::OrderedVar {
            ty: VarType::BlobCopy,
            kind,
        }),
        _ => {
            cx.error_at(span, msg::ordered_copy_not_bytes(&ty::text(ty)));
            None
        }
    }
}

/// `BlobCopy` has no terminator: it runs to the end of the key.
fn ordered_copy_last(cx: &Ctxt, f: &ast::Field<'_>, codec: &Codec, name: &str, last: bool) {
    let copy = matches!(
        codec,
        Codec::OrderedVar {
            ty: VarType::BlobCopy,
            ..
        }
    );
    if let (true, false, Some(&(_, span))) = (copy, last, f.attrs.codecs.first()) {
        cx.error_at(span, msg::ordered_copy_not_last(name));
    }
}

/// No codec attribute: the type's own codec.
fn default_codec(cx: &Ctxt, ty: &syn::Type, class: TyClass<'_>, name: &str) -> Option<Codec> {
    match class {
        TyClass::Int(t) => Some(Codec::Int(t)),
        TyClass::Bool => Some(Codec::Bool),
        TyClass::ByteArray(n) => Some(Codec::ByteArray(n)),
        TyClass::Float(t) => Some(Codec::Float(t)),
        TyClass::Nested => Some(Codec::Nested),
        TyClass::Text(_) => {
            cx.error_spanned_by(ty, msg::text_without_fixed(name, &ty::text(ty)));
            None
        }
        // Reported by `option_allowed` and `field`.
        TyClass::Option(_) | TyClass::Unit => None,
        TyClass::Other => {
            cx.error_spanned_by(ty, ty::no_codec(ty));
            None
        }
    }
}

/// `#[reverse]` needs bytes it can invert and decode still read.
fn reverse_applies(cx: &Ctxt, f: &ast::Field<'_>, ty: &syn::Type, codec: &Codec) {
    let Some(span) = f.attrs.reverse else { return };
    let tyname = ty::text(ty);
    match codec {
        Codec::Fixed { kind, .. } if kind.borrows() => {
            let owned = if kind.is_str() { "String" } else { "Vec<u8>" };
            cx.error_at(span, msg::reverse_borrowed(&tyname, owned));
        }
        Codec::Nested if ty::is_md5(ty) => cx.error_at(span, msg::reverse_on_hash(&tyname)),
        Codec::Nested => cx.error_at(span, msg::reverse_on_nested(&tyname)),
        Codec::Java(_) => cx.error_at(span, msg::JAVA_REVERSE),
        // `BlobVar` never borrows: reported with `#[ordered]`.
        Codec::OrderedVar { ty, kind } if kind.borrows() && *ty != VarType::BlobVar => {
            let message = msg::reverse_escaped_borrowed(&tyname, msg::owned(kind.is_str()));
            cx.error_at(span, message);
        }
        _ => {}
    }
}

/// `#[mirror]` needs fixed bytes of its own that decode can copy.
fn mirror_applies(cx: &Ctxt, f: &ast::Field<'_>, ty: &syn::Type, codec: &Codec, optional: bool) {
    let Some(span) = f.attrs.mirror else { return };
    let tyname = ty::text(ty);
    let why = match codec {
        c if c.ordered() && c.variable(optional) => msg::MIRROR_ORDERED.to_string(),
        Codec::Fixed { kind, .. } if kind.borrows() => {
            msg::mirror_borrowed(msg::owned(kind.is_str()))
        }
        Codec::Nested if ty::is_md5(ty) => msg::MIRROR_HASH.to_string(),
        Codec::Nested => msg::mirror_nested(&tyname),
        _ => return,
    };
    cx.error_at(span, msg::mirror_cannot(&tyname, &why));
}

/// A codec attribute as written: `` `#[pad(6)]` ``.
pub(super) fn attr_name(c: &CodecAttr) -> String {
    match c {
        CodecAttr::Pad(n) => format!("`#[pad({})]`", n.value),
        CodecAttr::Narrow(t) => format!("`#[be_{}]`", t.name()),
        CodecAttr::Fixed(n) => format!("`#[fixed({})]`", n.value),
        CodecAttr::Java => "`#[java]`".to_string(),
        CodecAttr::Ordered(None) => "`#[ordered]`".to_string(),
        CodecAttr::Ordered(Some(form)) => format!("`#[ordered({form})]`"),
    }
}
