//! One field's code: how its value is written and read, its range edge and
//! its helper argument type; and, for a variable key, the one function per
//! field that writes it through the cursor, which `encode_into` and the
//! helpers' `__Pinned::write` call.

use proc_macro2::TokenStream;
use quote::{format_ident, quote_spanned};
use syn::spanned::Spanned;

use super::{lit, ordered, q as quote};
use crate::model::{Codec, Field, Key, PhoenixCol, Size, TextKind};
use crate::symbol::unraw;

/// The value's bytes, for string and byte fields (`String`, `&str`, `Cow<str>`, ...).
pub fn bytes_of(kind: TextKind, value: &TokenStream) -> TokenStream {
    if kind.is_str() {
        quote!(__rk::codec::str_bytes(&#value))
    } else {
        quote!(__rk::codec::as_bytes(&#value))
    }
}

/// Writes a fixed-width value into `slot` (a `&mut [u8; W]`). May use `?`.
fn write_value(
    f: &Field<'_>,
    width: &Size,
    slot: &TokenStream,
    value: &TokenStream,
) -> TokenStream {
    let desc = f.descending;
    let w = width.arg();
    let name = unraw(f.ident);
    match &f.codec {
        Codec::Int(_) | Codec::Float(_) if desc => quote!(__rk::int::encode_desc(#value, #slot);),
        Codec::Int(_) | Codec::Float(_) => quote!(__rk::int::encode(#value, #slot);),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::encode::<#to, _, #w>(#value, #slot, #desc, #name)?;)
        }
        Codec::Pad { digits, .. } => {
            let digits = lit(*digits);
            quote!(__rk::pad::encode::<_, #digits>(#value, #slot, #desc, #name)?;)
        }
        Codec::Fixed { kind, .. } => {
            let bytes = bytes_of(*kind, value);
            quote!(__rk::fixed::encode::<#w>(#bytes, #slot, #desc, #name)?;)
        }
        Codec::Bool => quote!(__rk::boolean::encode(#value, #slot, #desc);),
        Codec::Java(rowkey_format::JavaType::Boolean) => {
            quote!(__rk::hbase::encode_bool(#value, #slot);)
        }
        Codec::Java(_) => quote!(__rk::hbase::encode(#value, #slot);),
        Codec::Ordered(_) => quote!(__rk::ordered::encode(#value, #slot, #desc);),
        Codec::Phoenix(col) => super::phoenix::write_value(f, *col, width, slot, value),
        Codec::ByteArray(_) => quote!(__rk::bytes::encode(&#value, #slot, #desc);),
        // Spanned on the field's type, so "not a row key" points there.
        // Through the trait, spanned on the type, like every other use of
        // a nested key: a type that is not a key gives one error there.
        Codec::Nested => {
            let ty = f.value_ty;
            quote_spanned!(ty.span()=> <#ty as __rk::RowKey>::encode_into(&#value, #slot)?;)
        }
        Codec::Tag(bytes) => quote!(*#slot = [#(#bytes),*];),
        // Variable-length codecs are written through the cursor, never into a slot.
        Codec::Escaped(_) | Codec::Rest(_) | Codec::OrderedVar { .. } => TokenStream::new(),
    }
}

/// Reads a fixed-width value from `slot` (a `&[u8; W]`). May use `?`.
fn read_value(
    f: &Field<'_>,
    width: &Size,
    slot: &TokenStream,
    offset: &TokenStream,
) -> TokenStream {
    let desc = f.descending;
    let w = width.arg();
    let name = unraw(f.ident);
    match &f.codec {
        Codec::Int(_) | Codec::Float(_) if desc => quote!(__rk::int::decode_desc(#slot)),
        Codec::Int(_) | Codec::Float(_) => quote!(__rk::int::decode(#slot)),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::decode::<#to, _, #w>(#slot, #desc, #name, #offset)?)
        }
        Codec::Pad { digits, .. } => {
            let digits = lit(*digits);
            quote!(__rk::pad::decode::<_, #digits>(#slot, #desc, #name, #offset)?)
        }
        Codec::Fixed { kind, .. } => match kind {
            TextKind::String | TextKind::CowStr => {
                quote!(::core::convert::Into::into(__rk::fixed::decode_string::<#w>(#slot, #desc, #name, #offset)?))
            }
            TextKind::Vec | TextKind::CowBytes => {
                quote!(::core::convert::Into::into(__rk::fixed::decode_vec::<#w>(#slot, #desc)))
            }
            TextKind::Str => quote!(__rk::fixed::decode_str::<#w>(#slot, #name, #offset)?),
            TextKind::Slice => quote!(__rk::fixed::decode_bytes::<#w>(#slot)),
        },
        Codec::Bool => quote!(__rk::boolean::decode(#slot, #desc, #name, #offset)?),
        Codec::Java(rowkey_format::JavaType::Boolean) => {
            quote!(__rk::hbase::decode_bool(#slot, #name, #offset)?)
        }
        Codec::Java(_) => quote!(__rk::hbase::decode(#slot)),
        Codec::Ordered(_) => quote!(__rk::ordered::decode(#slot, #desc, #name, #offset)?),
        Codec::Phoenix(col) => super::phoenix::read_value(f, *col, width, slot, offset),
        Codec::ByteArray(_) => quote!(__rk::bytes::decode(#slot, #desc)),
        Codec::Nested => {
            let ty = f.value_ty;
            quote_spanned!(ty.span()=> <#ty as __rk::RowKey>::decode(#slot)?)
        }
        Codec::Tag(bytes) => quote!({
            __rk::tag::check(#slot, &[#(#bytes),*], #name, #offset)?;
        }),
        Codec::Escaped(_) | Codec::Rest(_) | Codec::OrderedVar { .. } => TokenStream::new(),
    }
}

/// The encoded bytes of a range bound `v` (a reference to the helper's
/// argument type), as an `Edge`. Only for fields whose bytes keep order.
pub fn edge(f: &Field<'_>, v: &TokenStream) -> TokenStream {
    let desc = f.descending;
    let w = f.width.arg();
    let name = unraw(f.ident);
    if let Some(path) = edge_fn(f) {
        return quote!(#path(*#v, #desc));
    }
    match &f.codec {
        Codec::Fixed { kind, .. } => {
            let bytes = bytes_of(*kind, &quote!(**#v));
            quote!(__rk::fixed::edge::<#w>(#bytes, #desc, #name))
        }
        Codec::ByteArray(_) => quote!(__rk::bytes::edge(#v, #desc)),
        // `Field::ranged` keeps range helpers away from the rest; a `Text`
        // range is `ordered_field::text_range`'s.
        _ => TokenStream::new(),
    }
}

/// The function that encodes a range bound of `f` from its value and the
/// field's order, `fn(T, bool) -> Result<Edge<W>, _>`, for the codecs whose
/// values are `Copy`: a range helper passes it without a closure of its own.
pub fn edge_fn(f: &Field<'_>) -> Option<TokenStream> {
    let w = f.width.arg();
    Some(match &f.codec {
        Codec::Int(_) | Codec::Float(_) => quote!(__rk::int::edge::<_, #w>),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::edge::<#to, _, #w>)
        }
        Codec::Pad { digits, .. } => {
            let digits = lit(*digits);
            quote!(__rk::pad::edge::<_, #digits>)
        }
        Codec::Bool => quote!(__rk::boolean::edge),
        Codec::Ordered(_) => quote!(__rk::ordered::edge::<_, #w>),
        Codec::Phoenix(col) => return super::phoenix::edge_fn(f, *col),
        _ => return None,
    })
}

/// The kind of string or bytes a helper borrows for field `f`, `None` when
/// it takes the field's own type.
pub fn borrowed_text(f: &Field<'_>) -> Option<TextKind> {
    match &f.codec {
        Codec::Fixed { kind, .. }
        | Codec::Escaped(kind)
        | Codec::Rest(kind)
        | Codec::OrderedVar { kind, .. }
        | Codec::Phoenix(PhoenixCol::Char(_, kind) | PhoenixCol::Varchar(kind))
            if !f.optional =>
        {
            Some(*kind)
        }
        _ => None,
    }
}

/// The argument type a helper takes for field `f`: the field's type, or a
/// borrowed `&str` / `&[u8]` for strings and bytes. `lt` names the borrow.
pub fn param_type(f: &Field<'_>, lt: &TokenStream) -> TokenStream {
    match borrowed_text(f) {
        Some(kind) if kind.is_str() => quote!(&#lt str),
        Some(_) => quote!(&#lt [u8]),
        None => {
            let ty = f.ty;
            quote!(#ty)
        }
    }
}

/// Writes a fixed-width field (option and mirror included) into the slot
/// expression `slot` (a `&mut [u8; width]`). May use `?`.
fn write_fixed_field(f: &Field<'_>, slot: TokenStream, value: &TokenStream) -> TokenStream {
    let body = if f.optional {
        let inner = Size {
            bytes: f.width.bytes - 1,
            keys: f.width.keys.clone(),
        };
        let iw = inner.arg();
        let desc = f.descending;
        let some = write_value(
            f,
            &inner,
            &quote!(__rk::Slots::slot_mut::<1, #iw>(__s)),
            &quote!((*__v)),
        );
        quote! {
            match &#value {
                ::core::option::Option::Some(__v) => {
                    __s[0] = __rk::option::marker(true, #desc);
                    #some
                }
                ::core::option::Option::None => {
                    __s[0] = __rk::option::marker(false, #desc);
                    __rk::option::empty(__rk::Slots::slot_mut::<1, #iw>(__s), #desc);
                }
            }
        }
    } else {
        write_value(f, &f.width, &quote!(__s), value)
    };
    let mirror = f.mirror.then(|| quote!(__rk::codec::mirror(__s);));
    quote! {{
        let __s = #slot;
        #body
        #mirror
    }}
}

/// Reads a fixed-width field (option and mirror included) from the slot
/// expression `slot` (a `&[u8; width]`) whose first byte is at `offset`.
pub fn read_fixed_field(f: &Field<'_>, slot: TokenStream, offset: &TokenStream) -> TokenStream {
    let body = if f.optional {
        let inner = Size {
            bytes: f.width.bytes - 1,
            keys: f.width.keys.clone(),
        };
        let iw = inner.arg();
        let desc = f.descending;
        let name = unraw(f.ident);
        let some = read_value(
            f,
            &inner,
            &quote!(__rk::Slots::slot::<1, #iw>(__s)),
            &quote!(#offset + 1),
        );
        quote! {
            if __rk::option::presence(__rk::Slots::slot::<0, 1>(__s), #desc, #name, #offset)? {
                ::core::option::Option::Some(#some)
            } else {
                __rk::option::check_empty(__rk::Slots::slot::<1, #iw>(__s), #desc, #name, #offset + 1)?;
                ::core::option::Option::None
            }
        }
    } else {
        read_value(f, &f.width, &quote!(__s), offset)
    };
    if f.mirror {
        // The bytes are read back in order; errors name their byte in the key.
        return quote!(__rk::codec::read_mirrored(#slot, #offset, |__s| __rk::Ok(#body))?);
    }
    quote! {{
        let __s = #slot;
        #body
    }}
}

/// Writes field `f` (value: the expression `value`) into the `[u8; WIDTH]`
/// place `target` at the field's constant offset. May use `?`.
pub fn encode_field(f: &Field<'_>, target: &TokenStream, value: &TokenStream) -> TokenStream {
    let (o, w) = (f.offset.arg(), f.width.arg());
    write_fixed_field(
        f,
        quote!(__rk::Slots::slot_mut::<#o, #w>(&mut #target)),
        value,
    )
}

/// Writes field `f` through the cursor `__w`. May use `?`.
pub fn write_field(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    if ordered::through_cursor(f) {
        return ordered::write(f, value);
    }
    let desc = f.descending;
    match &f.codec {
        Codec::Escaped(kind) => {
            let bytes = bytes_of(*kind, value);
            quote!(__rk::escaped::encode(__w, #bytes, #desc)?;)
        }
        Codec::Rest(kind) => {
            let bytes = bytes_of(*kind, value);
            quote!(__w.rest(#bytes, #desc)?;)
        }
        _ => {
            let w = f.width.arg();
            write_fixed_field(f, quote!(__w.slot::<#w>()?), value)
        }
    }
}

/// A decoded string or bytes value (`value`, a `FieldBytes`) as the field's
/// Rust type: borrowed where the type borrows. May use `?`.
pub fn field_bytes_as(kind: TextKind, value: &TokenStream) -> TokenStream {
    let get = match kind {
        TextKind::String => quote!(to_owned_string(&#value)?),
        TextKind::Vec => quote!(to_vec(&#value)),
        TextKind::Str => quote!(borrowed_str(&#value)?),
        TextKind::Slice => quote!(borrowed(&#value)?),
        TextKind::CowStr => quote!(to_cow_str(&#value)?),
        TextKind::CowBytes => quote!(to_cow(&#value)),
    };
    quote!(__rk::FieldBytes::#get)
}

/// Reads field `f` through the cursor `__r`. May use `?`.
pub fn read_field(f: &Field<'_>) -> TokenStream {
    if ordered::through_cursor(f) {
        return ordered::read(f);
    }
    let desc = f.descending;
    let name = unraw(f.ident);
    match &f.codec {
        Codec::Escaped(kind) => {
            let get = field_bytes_as(*kind, &quote!(__e));
            quote!({
                let __e = __rk::escaped::decode(&mut __r, #desc, #name)?;
                #get
            })
        }
        Codec::Rest(kind) => {
            let get = match kind {
                TextKind::Str => quote!(__rk::codec::utf8(__rest, #name, __at)?),
                TextKind::Slice => quote!(__rest),
                TextKind::String => {
                    quote!(<__rk::String as ::core::convert::From<&str>>::from(__rk::codec::utf8(__rest, #name, __at)?))
                }
                TextKind::Vec => quote!(<__rk::Vec<u8> as ::core::convert::From<&[u8]>>::from(
                    __rest
                )),
                TextKind::CowStr => {
                    quote!(__rk::Cow::Borrowed(__rk::codec::utf8(__rest, #name, __at)?))
                }
                TextKind::CowBytes => quote!(__rk::Cow::Borrowed(__rest)),
            };
            quote!({
                let __at = __r.position();
                let __rest = __r.rest();
                #get
            })
        }
        _ => {
            let w = f.width.arg();
            let read = read_fixed_field(f, quote!(__t), &quote!(__at));
            quote!({
                let __at = __r.position();
                let __t = __r.take::<#w>(#name)?;
                #read
            })
        }
    }
}

/// The function that writes `f`: an associated function of `__Fields`, a
/// type of the derive's block, so no local of a helper (whose arguments are
/// named after the fields) can shadow it.
pub fn writer(f: &Field<'_>) -> TokenStream {
    let ident = f.ident;
    quote!(__Fields::#ident)
}

/// The argument a writer takes for `value`, an expression of the field's
/// type or of the helper's argument type (`&str` derefs from `String`).
/// A tag's writer takes `&()`: helpers have no argument for it.
pub fn writer_arg(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    match f.codec {
        Codec::Tag(_) => quote!(&()),
        _ => quote!(&#value),
    }
}

/// `fn user_id(__w, value)` of `__Fields`: writes the field of a variable
/// key through its cursor.
pub fn writer_fn(key: &Key<'_>, f: &Field<'_>) -> TokenStream {
    let krate = &key.krate;
    let (impl_generics, _, where_clause) = key.generics.split_for_impl();
    let name = f.ident;
    let ty = param_type(f, &TokenStream::new());
    let ty = match (&f.codec, borrowed_text(f)) {
        (_, Some(_)) => ty,
        (Codec::Tag(_), None) => quote!(&()),
        (_, None) => quote!(&#ty),
    };
    let body = write_field(f, &quote!((*__v)));
    let doc = format!("Writes `{}`.", unraw(f.ident));
    quote! {
        #[doc = #doc]
        #[inline(always)]
        fn #name #impl_generics (__w: &mut __rk::Writer<'_>, __v: #ty) -> __rk::Result<(), #krate::EncodeError> #where_clause {
            #body
            __rk::Ok(())
        }
    }
}
