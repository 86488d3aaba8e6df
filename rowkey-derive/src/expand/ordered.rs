//! The `#[ordered]` fields written through the cursor: strings and bytes
//! (`Text`, `BlobVar`, `BlobCopy`) and any `Option` of an ordered value,
//! whose `None` is OrderedBytes' null. Fixed-width numbers are written in
//! their slot with the other fixed-width codecs.

use proc_macro2::TokenStream;

use super::field::{bytes_of, field_bytes_as};
use super::{lit, q as quote};
use crate::model::{Codec, Field, VarType};
use crate::symbol::unraw;

/// Whether `f` is written here rather than in a fixed slot.
pub fn through_cursor(f: &Field<'_>) -> bool {
    f.codec.ordered() && f.variable()
}

fn var_type(ty: VarType) -> TokenStream {
    match ty {
        VarType::Text => quote!(__rk::ordered_field::VarType::Text),
        VarType::BlobVar => quote!(__rk::ordered_field::VarType::BlobVar),
        VarType::BlobCopy => quote!(__rk::ordered_field::VarType::BlobCopy),
    }
}

/// The value as the runtime takes it: `Option<&[u8]>` for strings and
/// bytes, `Option<T>` for numbers; a field that is no `Option` is `Some`.
fn optional_value(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    let bytes = match &f.codec {
        Codec::OrderedVar { kind, .. } => Some(*kind),
        _ => None,
    };
    match (f.optional, bytes) {
        (false, Some(kind)) => {
            let b = bytes_of(kind, value);
            quote!(::core::option::Option::Some(#b))
        }
        (true, Some(kind)) => {
            let b = bytes_of(kind, &quote!((*__x)));
            quote!(::core::option::Option::map(::core::option::Option::as_ref(&#value), |__x| #b))
        }
        (_, None) => {
            quote!(::core::option::Option::map(::core::option::Option::as_ref(&#value), |__x| *__x))
        }
    }
}

/// The width of a number's encoding, header included.
fn number_width(f: &Field<'_>) -> TokenStream {
    match &f.codec {
        Codec::Ordered(t) => {
            let n = lit(t.width());
            quote!(#n)
        }
        _ => TokenStream::new(),
    }
}

/// Writes `f` (value: the expression `value`) through the cursor `__w`. May use `?`.
pub fn write(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    let (desc, name) = (f.descending, unraw(f.ident));
    let v = optional_value(f, value);
    match &f.codec {
        Codec::OrderedVar { ty, .. } => {
            let ty = var_type(*ty);
            quote!(__rk::ordered_field::write_var(__w, #ty, #v, #desc, #name)?;)
        }
        _ => {
            let n = number_width(f);
            quote!(__rk::ordered_field::write_number::<_, #n>(__w, #v, #desc)?;)
        }
    }
}

/// The bytes `f` holding `value` encodes to.
pub fn len(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    let desc = f.descending;
    let v = optional_value(f, value);
    match &f.codec {
        Codec::OrderedVar { ty, .. } => {
            let ty = var_type(*ty);
            quote!(__rk::ordered_field::var_len(#ty, #v, #desc))
        }
        _ => {
            let n = number_width(f);
            quote!(__rk::ordered_field::number_len::<_, #n>(#v))
        }
    }
}

/// Reads `f` through the cursor `__r`: an expression. May use `?`.
pub fn read(f: &Field<'_>) -> TokenStream {
    let (desc, name) = (f.descending, unraw(f.ident));
    let Codec::OrderedVar { ty, kind } = &f.codec else {
        let n = number_width(f);
        return quote!(__rk::ordered_field::read_number::<_, #n>(&mut __r, #desc, #name)?);
    };
    let (vt, get) = (var_type(*ty), field_bytes_as(*kind, &quote!(__e)));
    let read = quote!(__rk::ordered_field::read_var(&mut __r, #vt, #desc, #name)?);
    if f.optional {
        return quote!(match #read {
            ::core::option::Option::Some(__e) => ::core::option::Option::Some(#get),
            ::core::option::Option::None => ::core::option::Option::None,
        });
    }
    quote!({
        let __at = __r.position();
        let __e = __rk::ordered_field::required(#read, #vt.header(), #desc, #name, __at)?;
        #get
    })
}
