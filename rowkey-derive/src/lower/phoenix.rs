//! A field of a `#[rowkey(phoenix)]` key: its Rust type picks the Phoenix
//! column type (`i32` is `INTEGER`, `String` is `VARCHAR`,
//! `#[phoenix(char(3))]` makes it `CHAR(3)`); the attributes of rowkey's own
//! codecs do not apply. Each rule a function, reporting through the `Ctxt`.

use proc_macro2::Span;

use super::codec::FieldCodec;
use super::ty::{self, classify, TyClass};
use crate::ast;
use crate::codec::{Codec, FloatTy, IntTy, PhoenixCol, TextKind};
use crate::ctxt::Ctxt;
use crate::messages as msg;
use crate::symbol::unraw;

/// The field's column, or `None` (reported) when Phoenix has none for it.
pub fn field<'a>(cx: &Ctxt, f: &ast::Field<'a>) -> FieldCodec<'a> {
    let name = unraw(f.ident);
    foreign_attrs(cx, f, &name);
    let col = column(cx, f);
    if let (Some(col), Some(r)) = (col, f.attrs.reverse) {
        reverse_applies(cx, f.ty, col, r);
    }
    FieldCodec {
        codec: col.map(Codec::Phoenix),
        value_ty: f.ty,
        optional: false,
    }
}

/// The attributes of rowkey's own codecs and layouts, which a Phoenix
/// column cannot take: each reported where it is written.
fn foreign_attrs(cx: &Ctxt, f: &ast::Field<'_>, name: &str) {
    let a = &f.attrs;
    let others = a
        .codecs
        .iter()
        .map(|(c, span)| (super::codec::attr_name(c), *span))
        .chain(a.escaped.map(|s| ("`#[escaped]`".to_string(), s)))
        .chain(a.mirror.map(|s| ("`#[mirror]`".to_string(), s)))
        .chain(a.tag.as_ref().map(|t| ("`#[tag]`".to_string(), t.span)))
        .chain(a.since.map(|s| ("`#[rowkey(since)]`".to_string(), s.span)));
    for (attr, span) in others {
        cx.error_at(span, msg::phoenix_with_attr(name, &attr));
    }
    if let Some(salt) = &a.salt {
        cx.error_at(salt.span, msg::PHOENIX_FIELD_SALT);
    }
}

/// The Phoenix column the field's type (and `#[phoenix(char(n))]`) asks for.
fn column(cx: &Ctxt, f: &ast::Field<'_>) -> Option<PhoenixCol> {
    let tyname = ty::text(f.ty);
    if let Some(col) = time_column(f.ty) {
        return char_applies(cx, f, &tyname).then_some(col);
    }
    let col = match classify(f.ty) {
        TyClass::Text(kind @ (TextKind::String | TextKind::Str)) => {
            return text_column(cx, f, kind)
        }
        TyClass::Int(t) if t.signed() && t.width() <= 8 => PhoenixCol::Int(t),
        TyClass::Float(FloatTy::F64) => PhoenixCol::Double,
        TyClass::Bool => PhoenixCol::Boolean,
        TyClass::Int(t) if !t.signed() => {
            cx.error_spanned_by(f.ty, msg::phoenix_unsigned(t.name(), signed_of(t)));
            return None;
        }
        TyClass::Option(_) => {
            cx.error_spanned_by(f.ty, msg::phoenix_option(&tyname));
            return None;
        }
        _ => {
            cx.error_spanned_by(f.ty, msg::phoenix_type(&tyname));
            return None;
        }
    };
    char_applies(cx, f, &tyname).then_some(col)
}

/// `phoenix::Date` and `phoenix::Timestamp`, by the last segment of their path.
/// A type passed through a macro's `$t:ty` arrives in a group: looked through.
fn time_column(ty: &syn::Type) -> Option<PhoenixCol> {
    let p = match ty {
        syn::Type::Group(g) => return time_column(&g.elem),
        syn::Type::Path(p) => p,
        _ => return None,
    };
    let last = p.path.segments.last()?;
    if !last.arguments.is_none() {
        return None;
    }
    match last.ident.to_string().as_str() {
        "Date" => Some(PhoenixCol::Date),
        "Timestamp" => Some(PhoenixCol::Timestamp),
        _ => None,
    }
}

/// A string: `VARCHAR`, or `CHAR(n)` with `#[phoenix(char(n))]`.
fn text_column(cx: &Ctxt, f: &ast::Field<'_>, kind: TextKind) -> Option<PhoenixCol> {
    match f.attrs.phoenix_char {
        None => Some(PhoenixCol::Varchar(kind)),
        Some((n, _)) if n.value == 0 => {
            cx.error_at(n.span, msg::PHOENIX_CHAR_ZERO);
            None
        }
        Some((n, _)) => Some(PhoenixCol::Char(n.value, kind)),
    }
}

/// `#[phoenix(char(n))]` is for strings only; true when it is absent.
fn char_applies(cx: &Ctxt, f: &ast::Field<'_>, tyname: &str) -> bool {
    let Some((n, span)) = f.attrs.phoenix_char else {
        return true;
    };
    cx.error_at(span, msg::phoenix_char_not_text(n.value, tyname));
    false
}

/// A `DESC` string's bytes are inverted, so decode cannot borrow them.
fn reverse_applies(cx: &Ctxt, ty: &syn::Type, col: PhoenixCol, span: Span) {
    if let PhoenixCol::Char(_, kind) | PhoenixCol::Varchar(kind) = col {
        if kind.borrows() {
            cx.error_at(span, msg::phoenix_reverse_borrowed(&ty::text(ty)));
        }
    }
}

/// The signed type of an unsigned one's width, for the fix; `None` beyond 64 bits.
fn signed_of(t: IntTy) -> Option<&'static str> {
    match t.width() {
        1 => Some("i8"),
        2 => Some("i16"),
        4 => Some("i32"),
        8 => Some("i64"),
        _ => None,
    }
}
