//! The Apache Phoenix key format (`#[rowkey(phoenix)]`) for keys with a
//! `VARCHAR`: their encode, decode and scan helpers. A `VARCHAR`'s bytes
//! depend on the columns after it: Phoenix leaves out trailing nulls (empty
//! `VARCHAR`s) and the separator after the last column written, so each
//! `VARCHAR` is written knowing whether every column after it is null. Keys
//! of fixed columns take the common fixed-layout code; every column's value
//! is written by its codec, as any field's.

use proc_macro2::TokenStream;
use quote::ToTokens;
use rowkey_format::names::Helper;

use super::field::{edge_fn, read_field, writer, writer_arg};
use super::names::{bytes_doc, helper_name, listed, params};
use super::salt::{bucket_expr, read_bucket, skip_bucket};
use crate::codec::{Codec, PhoenixCol};
use crate::model::{Field, Key};
use crate::symbol::unraw;
use crate::tokens::{lit, q as quote};

/// Whether `f` is a `VARCHAR` column.
fn varchar(f: &Field<'_>) -> bool {
    matches!(f.codec, Codec::Phoenix(PhoenixCol::Varchar(_)))
}

/// Whether every column after `i` is null, given each
/// column's value as `value(j)`: `false` when a fixed column follows, which
/// always has a value.
fn rest_null(fields: &[Field<'_>], i: usize, value: impl Fn(usize) -> TokenStream) -> TokenStream {
    if !fields[i + 1..].iter().all(varchar) {
        return quote!(false);
    }
    let empty = (i + 1..fields.len()).map(|j| {
        let v = value(j);
        quote!(&& ::core::primitive::str::is_empty(&#v))
    });
    quote!((true #(#empty)*))
}

/// `fn name(__w, value[, last])` of `__Fields`: a `VARCHAR` also takes
/// whether it is the last column written.
pub fn writer_fn(key: &Key<'_>, f: &Field<'_>) -> TokenStream {
    if !varchar(f) {
        return super::field::writer_fn(key, f);
    }
    let krate = &key.krate;
    let (impl_generics, _, where_clause) = key.generics.split_for_impl();
    let (ident, desc, name) = (f.ident, f.descending, unraw(f.ident));
    let doc = format!("Writes `{name}` and the byte after it (`__last`: no column follows).");
    quote! {
        #[doc = #doc]
        #[inline(always)]
        fn #ident #impl_generics (__w: &mut __rk::Writer<'_>, __v: &str, __last: bool) -> __rk::Result<(), #krate::EncodeError> #where_clause {
            __rk::phoenix::encode_varchar(__w, __v, #desc, __last, #name)
        }
    }
}

/// Writes fields `0..fields.len()` through the cursor `w`, each value
/// `value(j)`; a `VARCHAR` is last when every later column is null, or,
/// with `open`, never (the bytes every longer key starts with).
fn writes<'a>(
    fields: &'a [Field<'a>],
    w: &'a TokenStream,
    open: bool,
    value: &'a dyn Fn(usize) -> TokenStream,
) -> impl Iterator<Item = TokenStream> + 'a {
    fields.iter().enumerate().map(move |(i, f)| {
        let (writer, arg) = (writer(f), writer_arg(f, &value(i)));
        if !varchar(f) {
            return quote!(#writer(&mut #w, #arg)?;);
        }
        let last = if open {
            quote!(false)
        } else {
            rest_null(fields, i, value)
        };
        quote!(#writer(&mut #w, #arg, #last)?;)
    })
}

/// The bytes `fields` take with values `value(j)` (`open`: as in [`writes`]).
fn lens(fields: &[Field<'_>], open: bool, value: &dyn Fn(usize) -> TokenStream) -> TokenStream {
    let parts = fields.iter().enumerate().map(|(i, f)| {
        if !varchar(f) {
            let w = &f.width;
            return quote!(+ #w);
        }
        let (v, desc) = (value(i), f.descending);
        let last = if open {
            quote!(false)
        } else {
            rest_null(fields, i, value)
        };
        quote!(+ __rk::phoenix::varchar_len(&#v, #desc, #last))
    });
    quote!(0 #(#parts)*)
}

/// `encoded_len`, `encode_into` and `decode` of a key with a `VARCHAR`.
pub fn variable_body(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let name = key.ident.to_string();
    let (sw, max) = (
        lit(key.salt.as_ref().map_or(0, |s| s.width)),
        lit(key.max_width),
    );
    let own = |j: usize| {
        let ident = key.fields[j].ident;
        quote!(self.#ident)
    };
    let w = quote!(__w);
    let writes = writes(&key.fields, &w, false, &own);
    let len = lens(&key.fields, false, &own);
    let stamp = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &quote!(__w.written()));
        quote!(Self::SALT.write(#bucket, __w.written_mut())?;)
    });
    let reads = key.fields.iter().map(|f| {
        let ident = f.ident;
        let read = read_field(f);
        quote!(let #ident = #read;)
    });
    let check_salt = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &quote!(bytes));
        quote!(Self::SALT.check(bytes, #bucket)?;)
    });
    let names = key.fields.iter().map(|f| f.ident);
    let ident = key.ident;
    let (skip_bucket, read_bucket) = (skip_bucket(key, &w), read_bucket(key));
    quote! {
        type Bytes = __rk::Vec<u8>;

        /// Allocates the exact length; [`RowKey::encode_into`] does not allocate.
        fn encode(&self) -> __rk::Result<__rk::Vec<u8>, #krate::EncodeError> {
            __rk::codec::encode_vec(self)
        }

        fn encoded_len(&self) -> usize {
            #sw + #len
        }

        fn encode_into(&self, out: &mut [u8]) -> __rk::Result<usize, #krate::EncodeError> {
            let mut __w = __rk::Writer::for_key(out, self, #name);
            #skip_bucket
            #(#writes)*
            __rk::phoenix::check_written(__w.position() - #sw, #name)?;
            #stamp
            __rk::codec::check_max_width(__w.position(), #max, #name)
        }

        fn decode(bytes: &[u8]) -> __rk::Result<Self::Decoded<'_>, #krate::DecodeError> {
            let mut __r = __rk::Reader::for_key(bytes, #max, #name)?;
            #read_bucket
            __rk::phoenix::check_not_empty(__r.remaining(), #name, #sw)?;
            #(#reads)*
            __r.finish(#name)?;
            #check_salt
            __rk::Ok(#ident { #(#names),* })
        }
    }
}

/// The scan helpers of a key with a `VARCHAR`: a prefix helper for every
/// leading run of columns, a range helper where the run ends in an ordered
/// (fixed-width) column.
pub fn helpers(key: &Key<'_>, cap: &(TokenStream, TokenStream)) -> Vec<TokenStream> {
    let mut items = Vec::new();
    for k in 1..=key.fields.len() {
        items.push(prefix_helper(key, k, cap));
        if key.fields[k - 1].ranged() {
            items.push(range_helper(key, k, cap));
        }
    }
    items
}

/// Writes the arguments for fields `0..k` into `__buf` (`open`: every
/// separator written) or `__whole` (the key those values alone make,
/// trailing nulls left out), without the salt.
fn pin(key: &Key<'_>, k: usize, open: bool) -> TokenStream {
    let fields = &key.fields[..k];
    let arg = |j: usize| key.fields[j].ident.to_token_stream();
    let (buf, w) = if open {
        (quote!(__buf), quote!(__w))
    } else {
        (quote!(__whole), quote!(__ww))
    };
    let len = lens(fields, open, &arg);
    let writes: Vec<_> = writes(fields, &w, open, &arg).collect();
    let sw = lit(key.salt.as_ref().map_or(0, |s| s.width));
    let name = key.ident.to_string();
    let skip = skip_bucket(key, &w);
    quote! {
        let mut #buf = __rk::vec![0u8; #sw + #len];
        let mut #w = __rk::Writer::new(&mut #buf, #name);
        #skip
        #(#writes)*
        let #buf = #w.written();
    }
}

/// Whether the salt bucket is fixed by fields `0..k`: a Phoenix salt hashes
/// every column.
fn pinned(key: &Key<'_>, k: usize) -> bool {
    key.salt.is_none() || k == key.fields.len()
}

fn prefix_helper(key: &Key<'_>, k: usize, cap: &(TokenStream, TokenStream)) -> TokenStream {
    let (range_ty, buckets_ty) = cap;
    let krate = &key.krate;
    let fields = &key.fields[..k];
    let fname = helper_name(Helper::Prefix, fields);
    let params = params(fields);
    let sw = lit(key.salt.as_ref().map_or(0, |s| s.width));
    let open = pin(key, k, true);
    // The keys with these values and null after them end sooner than `__buf`.
    let shorter = varchar(&fields[k - 1]) && key.fields[k..].iter().all(varchar);
    let whole = shorter.then(|| pin(key, k, false));
    let head = if pinned(key, k) { lit(0) } else { sw.clone() };
    let start = if shorter {
        quote!(__whole)
    } else {
        quote!(__buf)
    };
    let stamp = (key.salt.is_some() && pinned(key, k)).then(|| {
        let bucket = bucket_expr(key, &start);
        let whole = shorter.then(|| {
            quote! {
                let mut __start = <[u8]>::to_vec(__whole);
                Self::SALT.write(__bucket, &mut __start)?;
                let __whole = &__start[..];
            }
        });
        quote! {
            let __bucket = #bucket;
            let mut __prefix = <[u8]>::to_vec(__buf);
            Self::SALT.write(__bucket, &mut __prefix)?;
            #whole
            let __buf = &__prefix[..];
        }
    });
    let range = quote!(<#range_ty>::prefix_from(&#start[#head..], &__buf[#head..])?);
    let fields_doc = listed(fields);
    let (ret, tail, doc) = if pinned(key, k) {
        (
            quote!(#range_ty),
            quote!(__rk::Ok(#range)),
            format!("Every key with the given {fields_doc}: one range."),
        )
    } else {
        (quote!(#buckets_ty), quote!(Self::SALT.fan_out(#range)), format!("Every key with the given {fields_doc}: one range per salt bucket, in bucket order."))
    };
    let doc = format!("{doc}\n\n{}", bytes_doc(fields));
    quote! {
        #[doc = #doc]
        pub fn #fname(#(#params)*) -> __rk::Result<#ret, #krate::EncodeError> {
            #open
            #whole
            #stamp
            #tail
        }
    }
}

fn range_helper(key: &Key<'_>, k: usize, cap: &(TokenStream, TokenStream)) -> TokenStream {
    let (range_ty, buckets_ty) = cap;
    let krate = &key.krate;
    let fname = helper_name(Helper::Range, &key.fields[..k]);
    let last = &key.fields[k - 1];
    let params = params(&key.fields[..k - 1]);
    let last_ident = last.ident;
    let open = pin(key, k - 1, true);
    let head = lit(key.salt.as_ref().map_or(0, |s| s.width)).to_token_stream();
    let (generics, bound_ty, build) = if varchar(last) {
        varchar_range(key, k, &head, range_ty)
    } else {
        (
            TokenStream::new(),
            last.ty.to_token_stream(),
            fixed_range(last, &head, range_ty),
        )
    };
    let pinned_doc = listed(&key.fields[..k - 1]);
    let with = if pinned_doc.is_empty() {
        String::new()
    } else {
        format!("with the given {pinned_doc} and ")
    };
    let doc = format!(
        "Every key {with}whose `{}` lies in the given range: one range per salt bucket when the key is salted.\n\n{}",
        unraw(last_ident),
        bytes_doc(&key.fields[..k])
    );
    let (ret, tail) = if key.salt.is_some() {
        (quote!(#buckets_ty), quote!(Self::SALT.fan_out(__range)))
    } else {
        (quote!(#range_ty), quote!(__rk::Ok(__range)))
    };
    quote! {
        #[doc = #doc]
        pub fn #fname #generics(#(#params)* #last_ident: impl __rk::RangeBounds<#bound_ty>) -> __rk::Result<#ret, #krate::EncodeError> {
            #open
            #build
            #tail
        }
    }
}

/// `__range` of a fixed-width column's bounds, after the open bytes `__buf`.
fn fixed_range(last: &Field<'_>, head: &TokenStream, range_ty: &TokenStream) -> TokenStream {
    let (ident, desc, w) = (last.ident, last.descending, last.width.arg());
    let edge = match edge_fn(last) {
        (edge, true) => quote!(|__v: &_| #edge(*__v, #desc)),
        (edge, false) => edge,
    };
    quote! {
        let __range: #range_ty = __rk::range::field::<_, _, #w>(&__buf[#head..], &#ident, #edge, #desc)?;
    }
}

/// The generics, bound type and `__range` of an ascending `VARCHAR`'s
/// bounds: with the shortest key of the columns before when it and every
/// column after it may be null.
fn varchar_range(
    key: &Key<'_>,
    k: usize,
    head: &TokenStream,
    range_ty: &TokenStream,
) -> (TokenStream, TokenStream, TokenStream) {
    let ident = key.fields[k - 1].ident;
    let nullable = key.fields[k - 1..].iter().all(varchar);
    let whole = nullable.then(|| pin(key, k - 1, false));
    let shortest = if nullable {
        quote!(::core::option::Option::Some(&__whole[#head..]))
    } else {
        quote!(::core::option::Option::None)
    };
    let build = quote! {
        #whole
        let __lo = __rk::Bound::map(__rk::RangeBounds::start_bound(&#ident), |__v| *__v);
        let __hi = __rk::Bound::map(__rk::RangeBounds::end_bound(&#ident), |__v| *__v);
        let __range: #range_ty = __rk::phoenix::varchar_range(&__buf[#head..], #shortest, __lo, __hi)?;
    };
    (quote!(<'r>), quote!(&'r str), build)
}
