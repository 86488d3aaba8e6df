//! Lower: the parsed input to the typed model. Each field gets its codec
//! (`None` where it could not be understood) and width, the key its salt
//! and offsets. Rules about one field live here; rules across fields are
//! `check`'s.

mod codec;
mod phoenix;
mod salt;
pub mod ty;

use rowkey_format::limits;

use crate::ast::{self, Input};
use crate::attr::{CodecAttr, StructAttrs};
use crate::codec::Codec;
use crate::ctxt::{Ctxt, Scope};
use crate::messages as msg;
use crate::model::{Draft, Field, KeyFormat, Size};
use crate::symbol::unraw;

/// The key's model, from a struct's fields.
pub fn key<'a>(cx: &Ctxt, input: &'a Input<'a>, fields: &'a [ast::Field<'a>]) -> Draft<'a> {
    let sattrs = &input.attrs;
    let max = max_width(cx, sattrs);
    let last = fields.len() - 1;
    let mut lowered: Vec<_> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            cx.scope(Scope::Field(i));
            field(cx, f, i == last, max, sattrs)
        })
        .collect();
    cx.scope(Scope::Key);
    let names: Vec<_> = fields.iter().map(|f| f.ident).collect();
    // A tag is constant: its `#[salt]` was reported with the tag.
    let salted: Vec<_> = fields
        .iter()
        .zip(&lowered)
        .enumerate()
        .filter(|(_, (_, l))| !matches!(l.codec, Some(Codec::Tag(_))))
        .filter_map(|(i, (f, _))| Some((i, f.attrs.salt.as_ref()?)))
        .collect();
    let salt = salt::salt(cx, sattrs, &names, &salted);
    let layout_known = match &salt {
        Ok(_) => lowered.iter().take_while(|f| f.width.is_some()).count(),
        Err(()) => 0,
    };
    let salt = salt.ok().flatten();
    let full = place(&mut lowered, salt.as_ref().map_or(0, |s| s.width));
    // Added fields, and an HBase `Struct`'s trailing nullable fields, may be
    // absent: the key's shortest encoding ends before them.
    let format = match (sattrs.phoenix_key, sattrs.hbase_struct) {
        (Some(_), _) => KeyFormat::Phoenix,
        (None, Some(_)) => KeyFormat::HbaseStruct,
        (None, None) => KeyFormat::Plain,
    };
    let first_absent = lowered.iter().position(|f| f.since.is_some()).or_else(|| {
        let tail = crate::model::struct_tail(&lowered);
        (format == KeyFormat::HbaseStruct && tail < lowered.len()).then_some(tail)
    });
    let width = first_absent.map_or(full, |i| lowered[i].offset.clone());
    let variable = first_absent.is_some() || lowered.iter().any(|f| f.variable());
    Draft {
        ident: input.ident,
        vis: &input.original.vis,
        generics: &input.original.generics,
        krate: sattrs
            .krate
            .clone()
            .unwrap_or_else(|| syn::parse_quote!(::rowkey)),
        width,
        variable,
        max_width: max,
        declared_width: sattrs.width,
        salt,
        view: sattrs.view.as_ref(),
        select: sattrs.select.is_some(),
        fields: lowered,
        layout_known,
        format,
    }
}

/// Sets each field's offset after the salt; returns the key's width.
fn place(fields: &mut [Field<'_, Option<Codec>, Option<Size>>], salt: usize) -> Size {
    let mut offset = Size::bytes(salt);
    for f in fields {
        f.offset = offset.clone();
        if let Some(w) = &f.width {
            offset = offset.plus(w);
        }
    }
    offset
}

/// One field: its codec, then its width.
fn field<'a>(
    cx: &Ctxt,
    f: &ast::Field<'a>,
    last: bool,
    max: usize,
    sattrs: &StructAttrs,
) -> Field<'a, Option<Codec>, Option<Size>> {
    // A field over a generic parameter was reported with the parameter;
    // one whose codec attribute was unreadable, with the attribute.
    let skip = f.attrs.malformed || f.generic;
    let spec = if skip {
        codec::FieldCodec {
            codec: None,
            value_ty: f.ty,
            optional: false,
        }
    } else if sattrs.phoenix_key.is_some() {
        phoenix::field(cx, f)
    } else {
        phoenix_attr_outside(cx, f);
        codec::field(cx, f, last)
    };
    let tag = matches!(spec.codec, Some(Codec::Tag(_)));
    let width = width(f, &spec, skip);
    let width = width.filter(|w| within_max(cx, f, w, max, sattrs));
    Field {
        ident: f.ident,
        ty: f.ty,
        value_ty: spec.value_ty,
        codec: spec.codec,
        // Reported with the tag: a constant is not ordered.
        descending: f.attrs.reverse.is_some() && !tag,
        mirror: f.attrs.mirror.is_some() && !tag,
        optional: spec.optional,
        offset: Size::default(),
        width,
        at: f.attrs.at,
        since: f.attrs.since,
        runtime: std::cell::OnceCell::new(),
    }
}

/// `#[phoenix(..)]` on a field of a key that is not a Phoenix key.
fn phoenix_attr_outside(cx: &Ctxt, f: &ast::Field<'_>) {
    if let Some((_, span)) = f.attrs.phoenix_char {
        cx.error_at(span, msg::phoenix_attr_outside());
    }
}

/// The field's width. Without a codec, the width the one codec attribute
/// asks for, if just one does; else unknown, so no layout rule judges a guess.
fn width(f: &ast::Field<'_>, spec: &codec::FieldCodec<'_>, skip: bool) -> Option<Size> {
    let Some(codec) = &spec.codec else {
        let optional = matches!(ty::classify(f.ty), ty::TyClass::Option(_));
        return match f.attrs.codecs.as_slice() {
            [(c, _)] if !optional && !skip => Some(Size::bytes(c.width())),
            _ => None,
        };
    };
    if spec.optional && codec.ordered() {
        // OrderedBytes' null, one byte, is the shortest.
        return Some(Size::bytes(1));
    }
    let w = codec.width(spec.value_ty);
    Some(if spec.optional { w.plus_bytes(1) } else { w })
}

/// Whether the field alone fits `max_width` (reported if not).
fn within_max(cx: &Ctxt, f: &ast::Field<'_>, w: &Size, max: usize, sattrs: &StructAttrs) -> bool {
    let Some(w) = w.known().filter(|&w| w > max) else {
        return true;
    };
    let span = match f.attrs.codecs.first() {
        Some((CodecAttr::Pad(n) | CodecAttr::Fixed(n), _)) => n.span,
        _ => syn::spanned::Spanned::span(f.ty),
    };
    let declared = sattrs.max_width.is_some();
    let message = msg::field_over_max(
        &unraw(f.ident),
        w,
        &msg::limit(declared, max),
        msg::raise(declared),
    );
    cx.error_at(span, message);
    false
}

/// `max_width`, or HBase's limit; reports one no key could meet or no array could hold.
fn max_width(cx: &Ctxt, sattrs: &StructAttrs) -> usize {
    let Some(m) = sattrs.max_width else {
        return limits::DEFAULT_MAX_WIDTH;
    };
    if m.value == 0 {
        cx.error_at(m.span, msg::MAX_WIDTH_ZERO);
        limits::DEFAULT_MAX_WIDTH
    } else if m.value > limits::MAX_MAX_WIDTH {
        let message = msg::max_width_too_large(m.value, limits::MAX_MAX_WIDTH);
        cx.error_at(m.span, message);
        limits::MAX_MAX_WIDTH
    } else {
        m.value
    }
}
