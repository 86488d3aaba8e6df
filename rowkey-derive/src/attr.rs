//! Reads the attributes into plain data with their spans. Only syntax is
//! judged here; whether a combination makes sense is `check`'s business.
//! A malformed attribute is reported and skipped, and parsing goes on with
//! the next key or attribute, so one build shows every mistake.

use proc_macro2::{Span, TokenTree};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, Meta};

use crate::codec::{IntTy, ORDERED_FORMS};
use crate::ctxt::Ctxt;
use crate::messages as msg;
use crate::symbol::*;

/// A value and where it was written.
#[derive(Clone, Copy)]
pub struct At<T> {
    pub value: T,
    pub span: Span,
}

/// `#[rowkey(...)]` on the struct.
#[derive(Default)]
pub struct StructAttrs {
    /// `width = N`
    pub width: Option<At<usize>>,
    /// `max_width = N`
    pub max_width: Option<At<usize>>,
    /// `crate = "path"`
    pub krate: Option<syn::Path>,
    /// `salt(buckets = N, phoenix)`
    pub phoenix: Option<At<u64>>,
    /// `view`, or `view = Name`: the zerocopy view, and the name it asks for.
    pub view: Option<At<Option<syn::Ident>>>,
    /// `hbase_struct`: the key is HBase's `Struct` of its `#[ordered]` fields.
    pub hbase_struct: Option<Span>,
    /// `phoenix`: an Apache Phoenix primary key.
    pub phoenix_key: Option<Span>,
    /// `select`: the key's typed skip-scan builder.
    pub select: Option<Span>,
}

/// A codec attribute on a field.
#[derive(Clone)]
pub enum CodecAttr {
    /// `#[pad(N)]`, with the span of `N`.
    Pad(At<usize>),
    /// `#[be_u16]`, `#[be_u32]`, `#[be_u64]`.
    Narrow(IntTy),
    /// `#[fixed(N)]`, with the span of `N`.
    Fixed(At<usize>),
    /// `#[java]`: Java's `Bytes.toBytes`, as wide as the field's type.
    Java,
    /// `#[ordered]`: HBase's `OrderedBytes`; with a form, `#[ordered(copy)]`,
    /// one of [`ORDERED_FORMS`](crate::codec::ORDERED_FORMS), which lowering reads.
    Ordered(Option<syn::Ident>),
}

impl CodecAttr {
    /// The bytes the attribute itself asks for, whatever the field's type.
    pub fn width(&self) -> usize {
        match self {
            CodecAttr::Pad(n) | CodecAttr::Fixed(n) => n.value,
            CodecAttr::Narrow(to) => to.width(),
            CodecAttr::Java | CodecAttr::Ordered(_) => 0,
        }
    }
}

/// `#[salt(...)]` on a field.
pub struct SaltAttr {
    pub span: Span,
    /// `mod = N`
    pub modulo: Option<At<u64>>,
    /// `pad = D`
    pub pad: Option<At<u64>>,
    /// `hash = modulo` or `hash = path::to::f`, with the span of the value.
    pub hash: Option<(SaltHashAttr, Span)>,
    /// A key could not be read (already reported).
    pub malformed: bool,
}

/// `hash = ..` in `#[salt(..)]`.
#[derive(Clone)]
pub enum SaltHashAttr {
    /// `hash = modulo`
    Modulo,
    /// `hash = path::to::f`, a `fn(&[u8]) -> u32`.
    Custom(syn::Path),
}

/// The attributes of one field.
#[derive(Default)]
pub struct FieldAttrs {
    /// Every codec attribute, in order, with the span of its name.
    pub codecs: Vec<(CodecAttr, Span)>,
    pub reverse: Option<Span>,
    pub at: Option<At<usize>>,
    pub salt: Option<SaltAttr>,
    /// `#[tag(..)]`: the constant bytes.
    pub tag: Option<At<Vec<u8>>>,
    pub escaped: Option<Span>,
    pub mirror: Option<Span>,
    /// `#[rowkey(since = N)]`: a trailing optional field added in version N.
    pub since: Option<At<u64>>,
    /// `#[phoenix(char(N))]`: a Phoenix `CHAR(N)` column, with the span of
    /// the attribute's name.
    pub phoenix_char: Option<(At<usize>, Span)>,
    /// Some attribute of this field could not be read (already reported):
    /// `check` then judges nothing that depends on what it would have said.
    pub malformed: bool,
    /// The attributes seen so far, with the span of their names, to report duplicates.
    seen: Vec<(&'static str, Span)>,
}

impl FieldAttrs {
    /// Whether this is the first `#[name]` on the field; reports a duplicate at both places.
    fn first(&mut self, cx: &Ctxt, name: &'static str, span: Span) -> bool {
        if let Some(&(_, first)) = self.seen.iter().find(|(n, _)| *n == name) {
            cx.error_at(span, msg::duplicate_attr(name));
            cx.error_at(first, msg::first_attr(name));
            return false;
        }
        self.seen.push((name, span));
        true
    }
}

/// Reports a malformed attribute and returns `None`: `.ok_or_else`-friendly.
fn bad<T>(cx: &Ctxt, err: syn::Error) -> Option<T> {
    cx.push(err);
    None
}

/// An unsigned integer literal, `what` naming it for messages: `-1`, `"6"`
/// or a number beyond `u64` are reported here.
fn uint(lit: &syn::Lit, what: &str, example: &str) -> syn::Result<At<u64>> {
    let syn::Lit::Int(int) = lit else {
        return Err(syn::Error::new(
            lit.span(),
            msg::not_int_literal(what, example),
        ));
    };
    if int.base10_digits().starts_with('-') {
        return Err(syn::Error::new(int.span(), msg::negative(what, example)));
    }
    match int.base10_parse::<u64>() {
        Ok(value) => Ok(At {
            value,
            span: int.span(),
        }),
        Err(_) => Err(syn::Error::new(
            int.span(),
            msg::too_large(what, int.base10_digits()),
        )),
    }
}

fn to_usize(v: At<u64>) -> At<usize> {
    At {
        value: usize::try_from(v.value).unwrap_or(usize::MAX),
        span: v.span,
    }
}

/// The one number of `#[pad(6)]`, `#[fixed(16)]`, `#[at(4)]`.
fn int_arg(attr: &Attribute, name: &str, what: &str, example: &str) -> syn::Result<At<u64>> {
    match &attr.meta {
        Meta::List(list) => list.parse_args_with(|input: syn::parse::ParseStream<'_>| {
            if input.is_empty() {
                return Err(syn::Error::new(
                    list.delimiter.span().join(),
                    msg::needs_arg(name, what, example),
                ));
            }
            let lit: syn::Lit = input
                .parse()
                .map_err(|e| syn::Error::new(e.span(), msg::not_int_literal(what, example)))?;
            let value = uint(&lit, what, example)?;
            if !input.is_empty() {
                let rest: proc_macro2::TokenStream = input.parse()?;
                return Err(syn::Error::new_spanned(
                    rest,
                    msg::one_number(name, what, example),
                ));
            }
            Ok(value)
        }),
        Meta::Path(path) => Err(syn::Error::new_spanned(
            path,
            msg::needs_arg_bare(name, what, example),
        )),
        Meta::NameValue(nv) => Err(syn::Error::new_spanned(
            nv,
            msg::in_parentheses(what, example),
        )),
    }
}

/// A flag attribute: `#[reverse]`, `#[be_u32]`, `#[escaped]`, `#[mirror]`.
fn no_args(attr: &Attribute, name: &str) -> syn::Result<()> {
    let message = msg::no_args(name);
    match &attr.meta {
        Meta::Path(_) => Ok(()),
        Meta::List(list) => Err(syn::Error::new(list.delimiter.span().join(), message)),
        Meta::NameValue(nv) => Err(syn::Error::new_spanned(&nv.value, message)),
    }
}

/// Skips what follows a key up to the next `,`: the value of an unknown or
/// malformed key, so the keys after it are still read.
fn skip_value(meta: &ParseNestedMeta<'_>) {
    let _ = meta.input.step(|cursor| {
        let mut rest = *cursor;
        while let Some((tt, next)) = rest.token_tree() {
            if matches!(&tt, TokenTree::Punct(p) if p.as_char() == ',') {
                break;
            }
            rest = next;
        }
        Ok(((), rest))
    });
}

/// The number after `key =`; reports a missing or malformed one.
fn key_int(cx: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str, example: &str) -> Option<At<u64>> {
    let what = format!("`{key}`");
    if !meta.input.peek(syn::Token![=]) {
        cx.error_spanned_by(&meta.path, msg::key_needs_value(&what, example));
        skip_value(meta);
        return None;
    }
    let value = meta
        .value()
        .and_then(|v| v.parse::<syn::Lit>())
        .and_then(|lit| uint(&lit, &what, example))
        .map_err(|e| syn::Error::new(e.span(), msg::key_takes_number(&what, example)));
    match value {
        Ok(v) => Some(v),
        Err(e) => {
            skip_value(meta);
            bad(cx, e)
        }
    }
}

/// The keys of `#[rowkey(...)]`, and field attributes put on the struct by mistake.
pub fn struct_attrs(cx: &Ctxt, attrs: &[Attribute]) -> StructAttrs {
    let mut out = StructAttrs::default();
    // The keys seen so far, with the span of their names, to report duplicates.
    let mut seen: Vec<(String, Span)> = Vec::new();
    for attr in attrs {
        let path = attr.path();
        if let Some(name) = FIELD_ATTRS.iter().find(|n| path.is_ident(n)) {
            cx.error_spanned_by(path, msg::field_attr_on_struct(name, *name == SALT));
            continue;
        }
        if !path.is_ident(ROWKEY) {
            continue;
        }
        if !matches!(attr.meta, Meta::List(_)) {
            cx.error_spanned_by(path, msg::ROWKEY_NEEDS_KEYS);
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            struct_key(cx, &meta, &mut seen, &mut out);
            Ok(())
        });
        if let Err(e) = result {
            cx.push(e);
        }
    }
    out
}

/// One key of `#[rowkey(...)]`; a repeated key is reported and the first kept.
fn struct_key(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    seen: &mut Vec<(String, Span)>,
    out: &mut StructAttrs,
) {
    let key = &meta.path;
    let name = key.get_ident().map(|i| i.to_string()).unwrap_or_default();
    let first = match seen.iter().find(|(n, _)| *n == name) {
        Some(&(_, first)) if STRUCT_KEYS.contains(&name.as_str()) => {
            duplicate_key(cx, &name, first, key.span());
            false
        }
        _ => {
            seen.push((name.clone(), key.span()));
            true
        }
    };
    match name.as_str() {
        // width = 20
        KEY_WIDTH => {
            if let Some(v) = key_int(cx, meta, KEY_WIDTH, "width = 20") {
                out.width = out.width.or(Some(to_usize(v)));
            }
        }
        // max_width = 4096
        KEY_MAX_WIDTH => {
            if let Some(v) = key_int(cx, meta, KEY_MAX_WIDTH, "max_width = 4096") {
                out.max_width = out.max_width.or(Some(to_usize(v)));
            }
        }
        // crate = "::my_rowkey"
        KEY_CRATE => {
            let path = meta
                .value()
                .and_then(|v| v.parse::<syn::LitStr>())
                .and_then(|lit| lit.parse::<syn::Path>());
            match path {
                Ok(p) => out.krate = out.krate.take().or(Some(p)),
                Err(e) => {
                    skip_value(meta);
                    cx.push(syn::Error::new(e.span(), msg::CRATE_PATH));
                }
            }
        }
        // salt(buckets = 16, phoenix)
        // view, view = FileKeyView
        KEY_VIEW => {
            if let (Some(name), true) = (view_name(cx, meta), first) {
                out.view = Some(At {
                    value: name,
                    span: key.span(),
                });
            }
        }
        // hbase_struct
        KEY_HBASE_STRUCT => {
            flag(cx, meta, msg::HBASE_STRUCT_FLAG);
            if first {
                out.hbase_struct = Some(key.span());
            }
        }
        // select
        KEY_SELECT => {
            flag(cx, meta, msg::SELECT_FLAG);
            if first {
                out.select = Some(key.span());
            }
        }
        // phoenix
        KEY_PHOENIX => {
            flag(cx, meta, msg::PHOENIX_KEY_FLAG);
            if first {
                out.phoenix_key = Some(key.span());
            }
        }
        KEY_SALT => {
            let mut salt = StructAttrs::default();
            phoenix_salt(cx, meta, key.span(), &mut salt);
            if first {
                out.phoenix = salt.phoenix;
            }
        }
        _ => {
            cx.error_spanned_by(key, msg::unknown_key("#[rowkey(..)]", &name, STRUCT_KEYS));
            skip_value(meta);
        }
    }
}

/// `view` or `view = Name`: the name, if any; `None` (reported) when the
/// value is not a name.
fn view_name(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> Option<Option<syn::Ident>> {
    if !meta.input.peek(syn::Token![=]) {
        return Some(None);
    }
    match meta.value().and_then(|v| v.parse::<syn::Ident>()) {
        Ok(name) => Some(Some(name)),
        Err(e) => {
            skip_value(meta);
            cx.push(syn::Error::new(e.span(), msg::VIEW_NAME));
            None
        }
    }
}

/// A key that takes no value (`hbase_struct`, `phoenix`): `message` when
/// one follows it.
fn flag(cx: &Ctxt, meta: &ParseNestedMeta<'_>, message: &str) {
    if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
        cx.error_spanned_by(&meta.path, message);
        skip_value(meta);
    }
}

/// `salt(buckets = 16, phoenix)` inside `#[rowkey(..)]`.
fn phoenix_salt(cx: &Ctxt, meta: &ParseNestedMeta<'_>, span: Span, out: &mut StructAttrs) {
    if !meta.input.peek(syn::token::Paren) {
        cx.error_at(span, msg::phoenix_needs_buckets());
        skip_value(meta);
        return;
    }
    let mut buckets = None;
    let mut phoenix = false;
    let mut malformed = false;
    let result = meta.parse_nested_meta(|inner| {
        let n = inner
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_default();
        match n.as_str() {
            SALT_BUCKETS => match key_int(cx, &inner, SALT_BUCKETS, "buckets = 16") {
                Some(b) => buckets = Some(b),
                None => malformed = true,
            },
            SALT_PHOENIX => {
                if !inner.input.is_empty() && !inner.input.peek(syn::Token![,]) {
                    cx.error_spanned_by(&inner.path, msg::PHOENIX_FLAG);
                    skip_value(&inner);
                }
                phoenix = true;
            }
            _ => {
                cx.error_spanned_by(
                    &inner.path,
                    msg::unknown_key("#[rowkey(salt(..))]", &n, STRUCT_SALT_KEYS),
                );
                skip_value(&inner);
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        cx.push(e);
        return;
    }
    match (buckets, phoenix) {
        (Some(b), true) => out.phoenix = Some(b),
        (None, _) if malformed => {}
        (None, _) => cx.error_at(span, msg::phoenix_needs_count()),
        (Some(_), false) => cx.error_at(span, msg::STRUCT_SALT_NOT_PHOENIX),
    }
}

fn duplicate_key(cx: &Ctxt, name: &str, first: Span, second: Span) {
    cx.error_at(second, msg::duplicate_key(name));
    cx.error_at(first, msg::first_key(name));
}

/// `#[tag(2)]`, `#[tag(b'x')]`, `#[tag(b"ix")]` or `#[tag("ix")]`.
pub fn tag_bytes(attr: &Attribute) -> syn::Result<At<Vec<u8>>> {
    const SYNTAX: &str = msg::TAG_SYNTAX;
    let list = match &attr.meta {
        Meta::List(list) => list,
        Meta::Path(path) => return Err(syn::Error::new_spanned(path, SYNTAX)),
        Meta::NameValue(nv) => return Err(syn::Error::new_spanned(nv, SYNTAX)),
    };
    let lit = list.parse_args_with(|input: syn::parse::ParseStream<'_>| {
        if input.is_empty() {
            return Err(syn::Error::new(list.delimiter.span().join(), SYNTAX));
        }
        let lit: syn::Lit = input
            .parse()
            .map_err(|e| syn::Error::new(e.span(), msg::tag_not_literal()))?;
        if !input.is_empty() {
            let rest: proc_macro2::TokenStream = input.parse()?;
            return Err(syn::Error::new_spanned(rest, msg::TAG_ONE_LITERAL));
        }
        Ok(lit)
    })?;
    let span = lit.span();
    let bytes = match &lit {
        syn::Lit::Int(i) => match i.base10_parse::<u8>() {
            Ok(b) => vec![b],
            Err(_) => return Err(syn::Error::new(span, msg::tag_too_large(i.base10_digits()))),
        },
        syn::Lit::ByteStr(b) => b.value(),
        syn::Lit::Str(s) => s.value().into_bytes(),
        syn::Lit::Byte(b) => vec![b.value()],
        other => {
            return Err(syn::Error::new(
                span,
                msg::tag_neither(&other.to_token_stream().to_string()),
            ))
        }
    };
    if bytes.is_empty() {
        return Err(syn::Error::new(span, msg::TAG_EMPTY));
    }
    Ok(At { value: bytes, span })
}

/// `#[salt]`, `#[salt(mod = 100)]`, `#[salt(mod = 10000, pad = 4)]`.
fn salt_attr(cx: &Ctxt, attr: &Attribute, span: Span) -> SaltAttr {
    let mut salt = SaltAttr {
        span,
        modulo: None,
        pad: None,
        hash: None,
        malformed: false,
    };
    let mut malformed = false;
    match &attr.meta {
        Meta::Path(_) => {}
        Meta::NameValue(nv) => {
            malformed = true;
            cx.error_spanned_by(nv, msg::SALT_IN_PARENTHESES);
        }
        Meta::List(_) => {
            let result = attr.parse_nested_meta(|meta| {
                let n = meta
                    .path
                    .get_ident()
                    .map(|i| i.to_string())
                    .unwrap_or_default();
                if n == SALT_HASH {
                    malformed |= !salt_hash(cx, &meta, &mut salt.hash);
                    return Ok(());
                }
                let slot = match n.as_str() {
                    SALT_MOD => Some((&mut salt.modulo, "mod = 16")),
                    SALT_PAD => Some((&mut salt.pad, "mod = 10000, pad = 4")),
                    _ => None,
                };
                match slot {
                    Some((slot, example)) => {
                        let key = if n == SALT_MOD { SALT_MOD } else { SALT_PAD };
                        match key_int(cx, &meta, key, example) {
                            Some(v) if slot.is_none() => *slot = Some(v),
                            Some(v) => {
                                let first = slot.map_or(v.span, |f| f.span);
                                duplicate_key(cx, key, first, meta.path.span());
                            }
                            None => malformed = true,
                        }
                    }
                    None => {
                        cx.error_spanned_by(
                            &meta.path,
                            msg::unknown_key("#[salt(..)]", &n, FIELD_SALT_KEYS),
                        );
                        skip_value(&meta);
                    }
                }
                Ok(())
            });
            if let Err(e) = result {
                malformed = true;
                cx.push(e);
            }
        }
    }
    salt.malformed = malformed;
    salt
}

/// `#[rowkey(since = N)]` on a field; any other key belongs on the struct
/// or is a codec written the wrong way.
fn field_rowkey(cx: &Ctxt, attr: &Attribute, span: Span, out: &mut FieldAttrs) {
    let mut since = None;
    let mut other = false;
    let result = attr.parse_nested_meta(|meta| {
        if meta.path.is_ident(KEY_SINCE) {
            since = key_int(cx, &meta, KEY_SINCE, "since = 2").or(since);
        } else {
            other = true;
            skip_value(&meta);
        }
        Ok(())
    });
    if result.is_err() || other {
        cx.error_at(span, msg::ROWKEY_ON_FIELD);
        return;
    }
    if let Some(v) = since {
        if out.first(cx, KEY_SINCE, v.span) {
            out.since = Some(v);
        }
    }
}

/// `hash = modulo` or `hash = path::to::f`; false if it could not be read.
fn salt_hash(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    slot: &mut Option<(SaltHashAttr, Span)>,
) -> bool {
    let path = meta.value().and_then(|v| v.parse::<syn::Path>());
    let path = match path {
        Ok(p) => p,
        Err(e) => {
            skip_value(meta);
            cx.push(syn::Error::new(e.span(), msg::SALT_HASH_SYNTAX));
            return false;
        }
    };
    let span = path.span();
    if let Some((_, first)) = slot {
        duplicate_key(cx, SALT_HASH, *first, meta.path.span());
        return true;
    }
    let hash = if path.is_ident(HASH_MODULO) {
        SaltHashAttr::Modulo
    } else {
        SaltHashAttr::Custom(path)
    };
    *slot = Some((hash, span));
    true
}

pub fn field_attrs(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for attr in attrs {
        let path = attr.path();
        let Some(ident) = path.get_ident() else {
            continue;
        };
        let name = ident.to_string();
        if let Err(e) = field_attr(cx, attr, &name, path.span(), &mut out) {
            // Without its codec, nothing about the field's type can be judged.
            out.malformed |= matches!(
                name.as_str(),
                PAD | FIXED | BE_U16 | BE_U32 | BE_U64 | TAG | ESCAPED | PHOENIX
            );
            cx.push(e);
        }
    }
    out
}

/// One attribute of a field, into `out`.
fn field_attr(
    cx: &Ctxt,
    attr: &Attribute,
    name: &str,
    span: Span,
    out: &mut FieldAttrs,
) -> syn::Result<()> {
    if let Some(codec) = codec_attr(attr, name)? {
        out.codecs.push((codec, span));
        return Ok(());
    }
    match name {
        // #[reverse]
        REVERSE => {
            no_args(attr, REVERSE)?;
            if out.first(cx, REVERSE, span) {
                out.reverse = Some(span);
            }
        }
        // #[at(6)]
        AT => {
            let n = int_arg(attr, AT, "the byte offset", "#[at(6)]")?;
            if out.first(cx, AT, span) {
                out.at = Some(to_usize(n));
            }
        }
        // #[salt], #[salt(mod = 100)], #[salt(mod = 10000, pad = 4)]
        SALT => {
            let salt = salt_attr(cx, attr, span);
            if out.first(cx, SALT, span) {
                out.salt = Some(salt);
            }
        }
        // #[tag(2)], #[tag(b"ix")]
        TAG => {
            let t = tag_bytes(attr)?;
            if out.first(cx, TAG, span) {
                out.tag = Some(t);
            }
        }
        // #[phoenix(char(3))]
        PHOENIX => {
            let n = phoenix_char(attr)?;
            if out.first(cx, PHOENIX, span) {
                out.phoenix_char = Some((n, span));
            }
        }
        // #[escaped]
        ESCAPED => {
            no_args(attr, ESCAPED)?;
            if out.first(cx, ESCAPED, span) {
                out.escaped = Some(span);
            }
        }
        // #[mirror]
        MIRROR => {
            no_args(attr, MIRROR)?;
            if out.first(cx, MIRROR, span) {
                out.mirror = Some(span);
            }
        }
        // #[rowkey(since = 2)]
        ROWKEY => field_rowkey(cx, attr, span, out),
        _ => {}
    }
    Ok(())
}

/// A codec attribute (`#[pad(6)]`, `#[be_u32]`, `#[fixed(16)]`, `#[java]`,
/// `#[ordered]`); `None` for any other attribute. A field may name several:
/// the check reports that.
fn codec_attr(attr: &Attribute, name: &str) -> syn::Result<Option<CodecAttr>> {
    Ok(Some(match name {
        // #[pad(6)]
        PAD => {
            let n = int_arg(attr, PAD, "the number of digits", "#[pad(6)]")?;
            CodecAttr::Pad(to_usize(n))
        }
        // #[be_u32]
        BE_U16 | BE_U32 | BE_U64 => {
            no_args(attr, name)?;
            CodecAttr::Narrow(match name {
                BE_U16 => IntTy::U16,
                BE_U32 => IntTy::U32,
                _ => IntTy::U64,
            })
        }
        // #[fixed(16)]
        FIXED => {
            let n = int_arg(attr, FIXED, "the width in bytes", "#[fixed(16)]")?;
            CodecAttr::Fixed(to_usize(n))
        }
        // #[java]
        JAVA => {
            no_args(attr, JAVA)?;
            CodecAttr::Java
        }
        // #[ordered], #[ordered(copy)]
        ORDERED => ordered_attr(attr)?,
        _ => return Ok(None),
    }))
}

/// `#[ordered]`, or `#[ordered(form)]` (`copy` for `BlobCopy`): which
/// forms there are, lowering says.
fn ordered_attr(attr: &Attribute) -> syn::Result<CodecAttr> {
    let forms = || msg::ordered_forms(ORDERED_FORMS);
    match &attr.meta {
        Meta::Path(_) => Ok(CodecAttr::Ordered(None)),
        Meta::List(list) => {
            let form: syn::Ident = list
                .parse_args()
                .map_err(|e| syn::Error::new(e.span(), forms()))?;
            Ok(CodecAttr::Ordered(Some(form)))
        }
        Meta::NameValue(nv) => Err(syn::Error::new_spanned(&nv.value, forms())),
    }
}

/// `#[phoenix(char(3))]`: the length of a Phoenix `CHAR` column.
fn phoenix_char(attr: &Attribute) -> syn::Result<At<usize>> {
    let mut n = None;
    attr.parse_nested_meta(|meta| {
        if !meta.path.is_ident(PHOENIX_CHAR) {
            return Err(meta.error(msg::PHOENIX_ATTR_SYNTAX));
        }
        let content;
        syn::parenthesized!(content in meta.input);
        let lit: syn::Lit = content.parse()?;
        n = Some(uint(&lit, "the length in bytes", "#[phoenix(char(3))]")?);
        Ok(())
    })
    .map_err(|e| syn::Error::new(e.span(), msg::PHOENIX_ATTR_SYNTAX))?;
    n.map(to_usize)
        .ok_or_else(|| syn::Error::new_spanned(attr, msg::PHOENIX_ATTR_SYNTAX))
}

/// The attributes of an enum's variant: `#[tag(..)]`, the bytes that lead
/// the member's key. Field attributes put here by mistake are reported.
pub fn variant_tag(cx: &Ctxt, attrs: &[Attribute]) -> Option<At<Vec<u8>>> {
    let mut tag: Option<At<Vec<u8>>> = None;
    for attr in attrs {
        let path = attr.path();
        if path.is_ident(TAG) {
            match (tag_bytes(attr), &tag) {
                (Ok(t), None) => tag = Some(t),
                (Ok(t), Some(first)) => {
                    cx.error_at(t.span, msg::duplicate_attr(TAG));
                    cx.error_at(first.span, msg::first_attr(TAG));
                }
                (Err(e), _) => cx.push(e),
            }
        } else if let Some(name) = FIELD_ATTRS.iter().find(|n| path.is_ident(n)) {
            cx.error_spanned_by(path, msg::field_attr_on_variant(name));
        }
    }
    tag
}
