//! The salt bucket in generated code: `SALT` and `split_points()`, the
//! bucket of a key's salted fields, and its writing into the key.

use proc_macro2::TokenStream;
use quote::ToTokens;

use crate::model::{Key, SaltFormat, SaltHashAttr, Size};
use crate::tokens::{lit, q as quote};

/// The bucket the salted fields in `key_bytes` (a slice or array of the key) hash to.
pub fn bucket_expr(key: &Key<'_>, key_bytes: &TokenStream) -> TokenStream {
    bucket_of(key, &quote!(Self::SALT), key_bytes)
}

/// [`bucket_expr`] with the key's `SALT` spelled `salt`, for code outside its impl.
pub fn bucket_of(key: &Key<'_>, salt: &TokenStream, key_bytes: &TokenStream) -> TokenStream {
    let Some(s) = &key.salt else {
        return quote!(0u32);
    };
    if s.format == SaltFormat::Phoenix {
        let sw = lit(s.width);
        return quote!(#salt.bucket_of(&#key_bytes[#sw..]));
    }
    let contiguous = s.fields.windows(2).all(|p| p[1] == p[0] + 1);
    let span = |i: usize| {
        let f = &key.fields[i];
        (f.offset.clone(), f.offset.plus(&f.width))
    };
    if contiguous {
        let (a, _) = span(s.fields[0]);
        let (_, b) = span(s.fields[s.fields.len() - 1]);
        quote!(#salt.bucket_of(&#key_bytes[#a..#b]))
    } else {
        let parts = s.fields.iter().map(|&i| {
            let (a, b) = span(i);
            quote!(&#key_bytes[#a..#b])
        });
        quote!(#salt.bucket_of_parts(&[#(#parts),*]))
    }
}

/// Writes the bucket of the key in `bytes` into `out`; with
/// `counted`, once the count `__pinned` of fields written reaches the
/// salted ones.
pub fn stamp(
    key: &Key<'_>,
    counted: bool,
    bytes: &TokenStream,
    out: &TokenStream,
) -> Option<TokenStream> {
    let s = key.salt.as_ref()?;
    let ident = key.ident;
    let (_, key_ty, _) = key.generics.split_for_impl();
    let salt = quote!(<#ident #key_ty>::SALT);
    let n = lit(s.fields.iter().max().map_or(0, |&i| i + 1));
    let bucket = if key.variable {
        bucket_of(key, &salt, bytes)
    } else {
        fixed_bucket(key, &salt, bytes)
    };
    let write = quote!(#salt.write(#bucket, #out)?;);
    Some(match counted {
        true => quote!(if __pinned >= #n { #write }),
        false => write,
    })
}

/// Steps the writer `w` over the bucket's bytes, which [`stamp`] fills
/// once the fields are written; nothing for a key without a salt.
pub fn skip_bucket(key: &Key<'_>, w: &TokenStream) -> Option<TokenStream> {
    let sw = lit(key.salt.as_ref()?.width);
    Some(quote!(#w.take(#sw)?;))
}

/// Steps the reader `__r` over the bucket's bytes, which the salt's check
/// reads from the whole key; nothing for a key without a salt.
pub fn read_bucket(key: &Key<'_>) -> Option<TokenStream> {
    let sw = lit(key.salt.as_ref()?.width);
    let name = key.ident.to_string();
    Some(quote!(__r.take::<#sw>(#name)?;))
}

/// The bucket of a fixed key in the array `key_array`: the salted bytes
/// as an array, so that the hash of their constant width is inlined.
pub fn fixed_bucket(key: &Key<'_>, salt: &TokenStream, key_array: &TokenStream) -> TokenStream {
    let Some(s) = &key.salt else {
        return quote!(0u32);
    };
    let contiguous = s.fields.windows(2).all(|p| p[1] == p[0] + 1);
    if s.format == SaltFormat::Phoenix || !contiguous {
        return bucket_of(key, salt, key_array);
    }
    let first = &key.fields[s.fields[0]];
    let len = s
        .fields
        .iter()
        .fold(Size::bytes(0), |n, &i| n.plus(&key.fields[i].width));
    let (a, len) = (first.offset.arg(), len.arg());
    quote!(#salt.bucket_of_fixed(__rk::Slots::at::<#len>(&#key_array, #a)))
}

/// `SALT` and `split_points()`, for a salted key.
pub fn items(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let Some(salt) = &key.salt else {
        return TokenStream::new();
    };
    let n = salt.buckets;
    let (hash, hash_doc) = match &salt.hash {
        None => (
            TokenStream::new(),
            "xxh32 of the salted fields' bytes".to_string(),
        ),
        Some((SaltHashAttr::Modulo, _)) => (
            quote!(.with_hash(#krate::SaltHash::Modulo)),
            "the salted value".to_string(),
        ),
        Some((SaltHashAttr::Custom(path), _)) => (
            quote!(.with_hash(#krate::SaltHash::Custom(#path))),
            format!(
                "`{}` of the salted fields' bytes",
                path.to_token_stream().to_string().replace(' ', "")
            ),
        ),
    };
    let (ctor, doc) = match salt.format {
        SaltFormat::Binary => (
            quote!(#krate::Salt::new(#n)#hash),
            format!("The salt: {n} buckets, {hash_doc} mod {n}."),
        ),
        SaltFormat::Digits(d) => (
            quote!(#krate::Salt::digits(#n, #d)#hash),
            format!("The salt: {n} buckets written as {d} digits, {hash_doc} mod {n}."),
        ),
        SaltFormat::Phoenix => (
            quote!(#krate::Salt::phoenix(#n)),
            format!("The salt: Apache Phoenix's salt byte over {n} buckets."),
        ),
    };
    quote! {
        #[doc = #doc]
        pub const SALT: #krate::Salt = #ctor;

        /// The bucket boundaries, to pre-split a table into one region per bucket.
        #[inline]
        pub fn split_points() -> #krate::SplitPoints {
            Self::SALT.split_points()
        }
    }
}
