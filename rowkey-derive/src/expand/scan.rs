//! The scan helpers: `prefix_for_a_b(a, b)` and `range_for_a_b(a, b_range)`
//! for every leading run of fields, and for salted keys `SALT` and
//! `split_points()`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::codec::{bucket_expr, edge, encode_field, param_type};
use crate::check::unraw;
use crate::model::{Key, SaltFormat};

pub fn helpers(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let cap = range_capacity(key.width);
    let range_ty = if cap == DEFAULT_CAPACITY {
        quote!(#krate::KeyRange)
    } else {
        quote!(#krate::KeyRange<#cap>)
    };
    let mut items = vec![salt_items(key)];
    for k in 1..=key.fields.len() {
        items.push(prefix_helper(key, k, cap, &range_ty));
        items.push(range_helper(key, k, cap, &range_ty));
    }
    quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #where_clause {
            #(#items)*
        }
    }
}

/// Mirrors `rowkey_core::range_capacity`.
const DEFAULT_CAPACITY: usize = 64;
fn range_capacity(width: usize) -> usize {
    if width < DEFAULT_CAPACITY {
        DEFAULT_CAPACITY
    } else {
        width + 1
    }
}

fn salt_items(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let Some(salt) = &key.salt else {
        return TokenStream::new();
    };
    let n = salt.buckets;
    let (ctor, doc) = match salt.format {
        SaltFormat::Binary => (
            quote!(#krate::Salt::new(#n)),
            format!("The salt: {n} buckets, xxh32 of the salted fields' bytes mod {n}."),
        ),
        SaltFormat::Digits(d) => (
            quote!(#krate::Salt::digits(#n, #d)),
            format!("The salt: {n} buckets written as {d} digits, xxh32 of the salted fields' bytes mod {n}."),
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
        pub fn split_points() -> #krate::SplitPoints {
            Self::SALT.split_points()
        }
    }
}

/// Whether fixing fields `0..pinned` fixes the salt bucket.
fn salt_pinned(key: &Key<'_>, pinned: usize) -> bool {
    match &key.salt {
        None => true,
        Some(s) => s.fields.iter().all(|&i| i < pinned),
    }
}

fn names(key: &Key<'_>, k: usize) -> String {
    key.fields[..k]
        .iter()
        .map(|f| unraw(f.ident))
        .collect::<Vec<_>>()
        .join("_")
}

/// Encodes the arguments for fields `0..pinned` into `__key`, and the bucket if pinned.
fn pin_fields(key: &Key<'_>, pinned: usize) -> TokenStream {
    let target = quote!(__key);
    let encodes = key.fields[..pinned].iter().map(|f| {
        let ident = f.ident;
        encode_field(f, &target, &quote!(#ident))
    });
    let stamp = if key.salt.is_some() && salt_pinned(key, pinned) {
        let bucket = bucket_expr(key, &target);
        quote!(Self::SALT.write(#bucket, &mut __key);)
    } else {
        TokenStream::new()
    };
    let w = key.width;
    quote! {
        let mut __key = [0u8; #w];
        #(#encodes)*
        #stamp
    }
}

/// Where the pinned part of `__key` starts: after the bucket unless the bucket is pinned.
fn head_start(key: &Key<'_>, pinned: usize) -> usize {
    match &key.salt {
        Some(s) if !salt_pinned(key, pinned) => s.width,
        _ => 0,
    }
}

fn prefix_helper(key: &Key<'_>, k: usize, cap: usize, range_ty: &TokenStream) -> TokenStream {
    let krate = &key.krate;
    let fname = format_ident!("prefix_for_{}", names(key, k));
    let params = key.fields[..k].iter().map(|f| {
        let ident = f.ident;
        let ty = param_type(f, &TokenStream::new());
        quote!(#ident: #ty)
    });
    let pin = pin_fields(key, k);
    let last = &key.fields[k - 1];
    let (start, end) = (head_start(key, k), last.offset + last.width);
    let fields_doc = key.fields[..k]
        .iter()
        .map(|f| format!("`{}`", unraw(f.ident)))
        .collect::<Vec<_>>()
        .join(", ");
    if salt_pinned(key, k) {
        let doc = format!("Every key with these {fields_doc}: one range.");
        quote! {
            #[doc = #doc]
            pub fn #fname(#(#params),*) -> __rk::Result<#range_ty, #krate::EncodeError> {
                #pin
                #krate::KeyRange::<#cap>::prefix(&__key[#start..#end])
            }
        }
    } else {
        let doc = format!(
            "Every key with these {fields_doc}: one range per salt bucket, in bucket order, built without allocating."
        );
        quote! {
            #[doc = #doc]
            pub fn #fname(#(#params),*) -> __rk::Result<#krate::BucketRanges<#cap>, #krate::EncodeError> {
                #pin
                Self::SALT.fan_out(#krate::KeyRange::<#cap>::prefix(&__key[#start..#end])?)
            }
        }
    }
}

fn range_helper(key: &Key<'_>, k: usize, cap: usize, range_ty: &TokenStream) -> TokenStream {
    let krate = &key.krate;
    let fname = format_ident!("range_for_{}", names(key, k));
    let lt = quote!('r);
    let params = key.fields[..k - 1].iter().map(|f| {
        let ident = f.ident;
        let ty = param_type(f, &TokenStream::new());
        quote!(#ident: #ty)
    });
    let last = &key.fields[k - 1];
    let last_ident = last.ident;
    let bound_ty = param_type(last, &lt);
    let pin = pin_fields(key, k - 1);
    let (start, end) = (head_start(key, k - 1), last.offset);
    let w = last.width;
    let desc = last.descending;
    let v = quote!(__v);
    let edge = edge(last, &v);
    let doc = format!(
        "Every key {}whose `{}` lies in `{}` (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`){}.",
        if k > 1 {
            let pinned = key.fields[..k - 1]
                .iter()
                .map(|f| format!("`{}`", unraw(f.ident)))
                .collect::<Vec<_>>()
                .join(", ");
            format!("with these {pinned} and ")
        } else {
            String::new()
        },
        unraw(last_ident),
        unraw(last_ident),
        if last.descending {
            "; the field is descending, so the keys come newest (largest) first"
        } else {
            ""
        }
    );
    let build = quote! {
        let __lo = __rk::range::edge_bound(__rk::RangeBounds::start_bound(&#last_ident), |#v| #edge)?;
        let __hi = __rk::range::edge_bound(__rk::RangeBounds::end_bound(&#last_ident), |#v| #edge)?;
        let __range = __rk::range::field_range::<#cap, #w>(&__key[#start..#end], __lo, __hi, #desc)?;
    };
    let (ret, tail) = if salt_pinned(key, k - 1) {
        (quote!(#range_ty), quote!(__rk::Ok(__range)))
    } else {
        (
            quote!(#krate::BucketRanges<#cap>),
            quote!(Self::SALT.fan_out(__range)),
        )
    };
    quote! {
        #[doc = #doc]
        pub fn #fname<#lt>(#(#params,)* #last_ident: impl __rk::RangeBounds<#bound_ty>) -> __rk::Result<#ret, #krate::EncodeError> {
            #pin
            #build
            #tail
        }
    }
}
