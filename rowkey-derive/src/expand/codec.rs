//! `impl RowKey`: encode into a `[u8; WIDTH]`, decode from bytes. Also the
//! per-field snippets the scan helpers reuse.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::check::unraw;
use crate::model::{Codec, Field, Key, SaltFormat, TextKind};

/// Writes field `f`, whose value is the expression `value`, into `target`
/// (a `[u8; WIDTH]` place) at the field's offset. May use `?`.
pub fn encode_field(f: &Field<'_>, target: &TokenStream, value: &TokenStream) -> TokenStream {
    let (o, w, desc) = (f.offset, f.width, f.descending);
    let name = unraw(f.ident);
    let slot = quote!(__rk::Slots::slot_mut::<#o, #w>(&mut #target));
    match f.codec {
        Codec::Int(_) if desc => quote!(__rk::int::encode_desc(#value, #slot);),
        Codec::Int(_) => quote!(__rk::int::encode(#value, #slot);),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::encode::<#to, _, #w>(#value, #slot, #desc, #name)?;)
        }
        Codec::Pad { digits } => {
            quote!(__rk::pad::encode::<_, #digits>(#value, #slot, #desc, #name)?;)
        }
        Codec::Fixed { .. } => quote! {
            __rk::fixed::encode::<#w>(::core::convert::AsRef::<[u8]>::as_ref(&#value), #slot, #desc, #name)?;
        },
        Codec::Bool => quote!(__rk::boolean::encode(#value, #slot, #desc);),
        Codec::ByteArray(_) => quote!(__rk::bytes::encode(&#value, #slot, #desc);),
    }
}

/// Reads field `f` from `key` (a `&[u8; WIDTH]`). May use `?`.
fn decode_field(f: &Field<'_>, key: &TokenStream) -> TokenStream {
    let (o, w, desc) = (f.offset, f.width, f.descending);
    let name = unraw(f.ident);
    let slot = quote!(__rk::Slots::slot::<#o, #w>(#key));
    match f.codec {
        Codec::Int(_) if desc => quote!(__rk::int::decode_desc(#slot)),
        Codec::Int(_) => quote!(__rk::int::decode(#slot)),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::decode::<#to, _, #w>(#slot, #desc, #name, #o)?)
        }
        Codec::Pad { digits } => quote!(__rk::pad::decode::<_, #digits>(#slot, #desc, #name, #o)?),
        Codec::Fixed { kind, .. } => match kind {
            TextKind::String => quote!(__rk::fixed::decode_string::<#w>(#slot, #desc, #name, #o)?),
            TextKind::Vec => quote!(__rk::fixed::decode_vec::<#w>(#slot, #desc)),
            TextKind::Str => quote!(__rk::fixed::decode_str::<#w>(#slot, #name, #o)?),
            TextKind::Slice => quote!(__rk::fixed::decode_bytes::<#w>(#slot)),
        },
        Codec::Bool => quote!(__rk::boolean::decode(#slot, #desc, #name, #o)?),
        Codec::ByteArray(_) => quote!(__rk::bytes::decode(#slot, #desc)),
    }
}

/// The encoded bytes of a range bound `v` (a reference to the helper's
/// argument type), as an `Edge`. May use `?`.
pub fn edge(f: &Field<'_>, v: &TokenStream) -> TokenStream {
    let (w, desc) = (f.width, f.descending);
    let name = unraw(f.ident);
    match f.codec {
        Codec::Int(_) => quote!(__rk::int::edge::<_, #w>(*#v, #desc)),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::edge::<#to, _, #w>(*#v, #desc))
        }
        Codec::Pad { digits } => quote!(__rk::pad::edge::<_, #digits>(*#v, #desc)),
        Codec::Fixed { .. } => quote! {
            __rk::fixed::edge::<#w>(::core::convert::AsRef::<[u8]>::as_ref(*#v), #desc, #name)
        },
        Codec::Bool => quote!(__rk::boolean::edge(*#v, #desc)),
        Codec::ByteArray(_) => quote!(__rk::bytes::edge(#v, #desc)),
    }
}

/// The argument type a helper takes for field `f`: the field's type, or a
/// borrowed `&str` / `&[u8]` for strings and bytes. `lt` names the borrow.
pub fn param_type(f: &Field<'_>, lt: &TokenStream) -> TokenStream {
    match f.codec {
        Codec::Fixed { kind, .. } if kind.is_str() => quote!(&#lt str),
        Codec::Fixed { .. } => quote!(&#lt [u8]),
        _ => {
            let ty = f.ty;
            quote!(#ty)
        }
    }
}

/// Computes the salt bucket from the salted fields' bytes in `target` and
/// writes it at offset 0.
pub fn stamp_salt(key: &Key<'_>, target: &TokenStream) -> TokenStream {
    if key.salt.is_none() {
        return TokenStream::new();
    }
    let bucket = bucket_expr(key, target);
    quote! {
        let __bucket = #bucket;
        Self::SALT.write(__bucket, &mut #target);
    }
}

/// The bucket the salted fields in `target` hash to.
pub fn bucket_expr(key: &Key<'_>, target: &TokenStream) -> TokenStream {
    let Some(salt) = &key.salt else {
        return quote!(0u32);
    };
    if salt.format == SaltFormat::Phoenix {
        let (sw, w) = (salt.width, key.width);
        return quote!(Self::SALT.bucket_of(&#target[#sw..#w]));
    }
    let contiguous = salt.fields.windows(2).all(|p| p[1] == p[0] + 1);
    if contiguous {
        let first = &key.fields[salt.fields[0]];
        let last = &key.fields[*salt.fields.last().unwrap_or(&salt.fields[0])];
        let (a, b) = (first.offset, last.offset + last.width);
        quote!(Self::SALT.bucket_of(&#target[#a..#b]))
    } else {
        let parts = salt.fields.iter().map(|&i| {
            let f = &key.fields[i];
            let (a, b) = (f.offset, f.offset + f.width);
            quote!(&#target[#a..#b])
        });
        quote!(Self::SALT.bucket_of_parts(&[#(#parts),*]))
    }
}

/// `type Decoded<'de> = Key<'de, ..>`: the struct with every lifetime set to `'de`.
fn decoded_type(key: &Key<'_>) -> TokenStream {
    let ident = key.ident;
    let lifetimes = key.generics.lifetimes().count();
    if lifetimes == 0 {
        return quote!(#ident);
    }
    let de = (0..lifetimes).map(|_| quote!('de));
    quote!(#ident<#(#de),*>)
}

pub fn row_key_impl(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let name = ident.to_string();
    let w = key.width;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let layout = super::layout::layout(key);
    let decoded = decoded_type(key);

    let target = quote!(__key);
    let encodes = key.fields.iter().map(|f| {
        let ident = f.ident;
        encode_field(f, &target, &quote!(self.#ident))
    });
    let stamp = stamp_salt(key, &target);

    let keyref = quote!(__key);
    let decodes = key.fields.iter().map(|f| {
        let ident = f.ident;
        let read = decode_field(f, &keyref);
        quote!(let #ident = #read;)
    });
    let check_salt = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &keyref);
        quote!(Self::SALT.check(__key, #bucket)?;)
    });
    let names = key.fields.iter().map(|f| f.ident);

    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
            const WIDTH: usize = #w;
            const LAYOUT: #krate::Layout = #layout;
            type Bytes = [u8; #w];
            type Decoded<'de> = #decoded;

            #[inline]
            fn encode(&self) -> __rk::Result<[u8; #w], #krate::EncodeError> {
                let mut __key = [0u8; #w];
                #(#encodes)*
                #stamp
                __rk::Ok(__key)
            }

            #[inline]
            fn encode_into(&self, out: &mut [u8]) -> __rk::Result<usize, #krate::EncodeError> {
                __rk::codec::write_key(&#krate::RowKey::encode(self)?, out, #name)
            }

            #[inline]
            fn decode(bytes: &[u8]) -> __rk::Result<Self::Decoded<'_>, #krate::DecodeError> {
                let __key = __rk::codec::read_key::<#w>(bytes, #name)?;
                #(#decodes)*
                #check_salt
                __rk::Ok(#ident { #(#names),* })
            }
        }
    }
}
