//! Reads the attributes into plain data with their spans. Only syntax is
//! judged here; whether a combination makes sense is `check`'s business.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, LitInt};

use crate::ctxt::Ctxt;
use crate::model::IntTy;
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
}

/// A codec attribute on a field.
#[derive(Clone, Copy)]
pub enum CodecAttr {
    /// `#[pad(N)]`, with the span of `N`.
    Pad(At<usize>),
    /// `#[be_u16]`, `#[be_u32]`, `#[be_u64]`.
    Narrow(IntTy),
    /// `#[fixed(N)]`, with the span of `N`.
    Fixed(At<usize>),
}

/// `#[salt(...)]` on a field.
pub struct SaltAttr {
    pub span: Span,
    /// `mod = N`
    pub modulo: Option<At<u64>>,
    /// `pad = D`
    pub pad: Option<At<u64>>,
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
}

/// `#[tag(2)]`, `#[tag(b"ix")]` or `#[tag("ix")]`.
fn tag_bytes(attr: &Attribute) -> syn::Result<At<Vec<u8>>> {
    let lit: syn::Lit = attr.parse_args()?;
    let span = lit.span();
    let bytes = match &lit {
        syn::Lit::Int(i) => match i.base10_parse::<u8>() {
            Ok(b) => vec![b],
            Err(_) => {
                return Err(syn::Error::new(
                    span,
                    "`#[tag(N)]` is one byte, 0..=255; for more bytes write `#[tag(b\"...\")]`",
                ))
            }
        },
        syn::Lit::ByteStr(b) => b.value(),
        syn::Lit::Str(s) => s.value().into_bytes(),
        _ => {
            return Err(syn::Error::new(
                span,
                "`#[tag(..)]` takes a byte `#[tag(2)]` or a byte string `#[tag(b\"ix\")]`",
            ))
        }
    };
    if bytes.is_empty() {
        return Err(syn::Error::new(
            span,
            "an empty tag writes nothing; give it at least one byte",
        ));
    }
    Ok(At { value: bytes, span })
}

fn flag(
    cx: &Ctxt,
    attr: &Attribute,
    slot: &mut Option<Span>,
    name: &str,
    span: Span,
) -> syn::Result<()> {
    attr.meta.require_path_only()?;
    match *slot {
        Some(first) => duplicate(cx, name, first, span),
        None => *slot = Some(span),
    }
    Ok(())
}

fn int<T: std::str::FromStr>(lit: &LitInt) -> syn::Result<At<T>>
where
    T::Err: std::fmt::Display,
{
    Ok(At {
        value: lit.base10_parse()?,
        span: lit.span(),
    })
}

fn duplicate(cx: &Ctxt, name: &str, first: Span, second: Span) {
    cx.error_at(
        second,
        format!("duplicate `#[{name}]` on this field; remove one"),
    );
    cx.error_at(first, format!("first `#[{name}]` is here"));
}

pub fn struct_attrs(cx: &Ctxt, attrs: &[Attribute]) -> StructAttrs {
    let mut out = StructAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident(ROWKEY)) {
        let result = attr.parse_nested_meta(|meta| {
            let key = meta.path.clone();
            let name = key.get_ident().map(|i| i.to_string()).unwrap_or_default();
            match name.as_str() {
                // width = 20
                KEY_WIDTH => set_once(cx, &mut out.width, int(&meta.value()?.parse()?)?, &key),
                // max_width = 4096
                KEY_MAX_WIDTH => {
                    set_once(cx, &mut out.max_width, int(&meta.value()?.parse()?)?, &key)
                }
                // crate = "::my_rowkey"
                KEY_CRATE => {
                    let lit: syn::LitStr = meta.value()?.parse()?;
                    out.krate = Some(lit.parse()?);
                }
                // salt(buckets = 16, phoenix)
                KEY_SALT => {
                    let span = key.span();
                    let mut buckets = None;
                    let mut phoenix = false;
                    meta.parse_nested_meta(|inner| {
                        let n = inner.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
                        match n.as_str() {
                            SALT_BUCKETS => buckets = Some(int::<u64>(&inner.value()?.parse()?)?),
                            SALT_PHOENIX => phoenix = true,
                            _ => cx.error_spanned_by(
                                &inner.path,
                                unknown_key("#[rowkey(salt(...))]", &n, STRUCT_SALT_KEYS),
                            ),
                        }
                        Ok(())
                    })?;
                    match (buckets, phoenix) {
                        (Some(b), true) => out.phoenix = Some(b),
                        (None, _) => cx.error_at(
                            span,
                            "`#[rowkey(salt(...))]` needs `buckets = N`: `#[rowkey(salt(buckets = 16, phoenix))]`",
                        ),
                        (Some(_), false) => cx.error_at(
                            span,
                            "`#[rowkey(salt(...))]` on the struct is Apache Phoenix's salt: write `salt(buckets = N, phoenix)`, or put `#[salt(mod = N)]` on the fields to hash",
                        ),
                    }
                }
                _ => cx.error_spanned_by(&key, unknown_key("#[rowkey(...)]", &name, STRUCT_KEYS)),
            }
            Ok(())
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    out
}

fn set_once<T>(cx: &Ctxt, slot: &mut Option<At<T>>, value: At<T>, key: &syn::Path) {
    if let Some(first) = slot {
        let name = key.get_ident().map(|i| i.to_string()).unwrap_or_default();
        cx.error_spanned_by(key, format!("duplicate key `{name}`; remove one"));
        cx.error_at(first.span, format!("first `{name}` is here"));
    } else {
        *slot = Some(value);
    }
}

pub fn field_attrs(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for attr in attrs {
        let path = attr.path();
        let Some(ident) = path.get_ident() else {
            continue;
        };
        let name = ident.to_string();
        let span = path.span();
        let result: syn::Result<()> = (|| {
            match name.as_str() {
                // #[pad(6)]
                PAD => out.codecs.push((CodecAttr::Pad(int(&attr.parse_args()?)?), span)),
                // #[be_u32]
                BE_U16 | BE_U32 | BE_U64 => {
                    attr.meta.require_path_only()?;
                    let to = match name.as_str() {
                        BE_U16 => IntTy::U16,
                        BE_U32 => IntTy::U32,
                        _ => IntTy::U64,
                    };
                    out.codecs.push((CodecAttr::Narrow(to), span));
                }
                // #[fixed(16)]
                FIXED => out.codecs.push((CodecAttr::Fixed(int(&attr.parse_args()?)?), span)),
                // #[reverse]
                REVERSE => {
                    attr.meta.require_path_only()?;
                    match out.reverse {
                        Some(first) => duplicate(cx, REVERSE, first, span),
                        None => out.reverse = Some(span),
                    }
                }
                // #[at(6)]
                AT => {
                    let v = int(&attr.parse_args()?)?;
                    match out.at {
                        Some(first) => duplicate(cx, AT, first.span, span),
                        None => out.at = Some(v),
                    }
                }
                // #[salt], #[salt(mod = 100)], #[salt(mod = 10000, pad = 4)]
                SALT => {
                    let mut salt = SaltAttr {
                        span,
                        modulo: None,
                        pad: None,
                    };
                    if !matches!(attr.meta, syn::Meta::Path(_)) {
                        attr.parse_nested_meta(|meta| {
                            let n = meta.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
                            match n.as_str() {
                                SALT_MOD => salt.modulo = Some(int(&meta.value()?.parse()?)?),
                                SALT_PAD => salt.pad = Some(int(&meta.value()?.parse()?)?),
                                _ => cx.error_spanned_by(
                                    &meta.path,
                                    unknown_key("#[salt(...)]", &n, FIELD_SALT_KEYS),
                                ),
                            }
                            Ok(())
                        })?;
                    }
                    match &out.salt {
                        Some(first) => duplicate(cx, SALT, first.span, span),
                        None => out.salt = Some(salt),
                    }
                }
                // #[tag(2)], #[tag(b"ix")]
                TAG => {
                    let t = tag_bytes(attr)?;
                    match &out.tag {
                        Some(first) => duplicate(cx, TAG, first.span, span),
                        None => out.tag = Some(t),
                    }
                }
                // #[escaped]
                ESCAPED => flag(cx, attr, &mut out.escaped, ESCAPED, span)?,
                // #[mirror]
                MIRROR => flag(cx, attr, &mut out.mirror, MIRROR, span)?,
                ROWKEY => cx.error_at(
                    span,
                    "`#[rowkey(...)]` goes on the struct; on a field, write the codec directly: `#[pad(6)]`, `#[be_u32]`, `#[fixed(8)]`, `#[reverse]`, `#[at(N)]`, `#[salt(mod = N)]`",
                ),
                _ => {}
            }
            Ok(())
        })();
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    out
}
