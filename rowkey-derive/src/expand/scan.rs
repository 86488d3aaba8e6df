//! The scan helpers: `prefix_for_a_b(a, b)` and `range_for_a_b(a, b_range)`
//! for every leading run of fields, and for salted keys `SALT` and
//! `split_points()`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::codec::{bucket_expr, edge, encode_field, param_type, write_field};
use crate::check::unraw;
use crate::model::{Codec, Field, Key, SaltFormat};

/// Mirrors `rowkey_core::range_capacity`.
const DEFAULT_CAPACITY: usize = 64;
/// The range capacity of keys with a variable-length field: prefixes up to 255 bytes.
const VARIABLE_CAPACITY: usize = 256;

/// The capacity of the helpers' ranges, as a const expression.
fn capacity(key: &Key<'_>) -> TokenStream {
    if key.variable {
        return quote!(#VARIABLE_CAPACITY);
    }
    match key.width.known() {
        Some(w) if w < DEFAULT_CAPACITY => quote!(#DEFAULT_CAPACITY),
        Some(w) => {
            let c = w + 1;
            quote!(#c)
        }
        None => {
            let w = &key.width;
            quote!({ __rk::range_capacity(#w) })
        }
    }
}

pub fn helpers(key: &Key<'_>) -> TokenStream {
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let cap = capacity(key);
    let mut items = vec![salt_items(key)];
    for k in 1..=key.fields.len() {
        items.push(prefix_helper(key, k, &cap));
        if matches!(key.fields[k - 1].codec, Codec::Nested)
            && !key.fields[k - 1].optional
            && !key.fields[k - 1].mirror
        {
            items.push(within_helper(key, k, &cap));
        }
        if key.fields[k - 1].ranged() {
            items.push(range_helper(key, k, &cap));
        }
    }
    quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #where_clause {
            #(#items)*
        }
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

fn names(fields: &[Field<'_>]) -> String {
    fields
        .iter()
        .map(|f| unraw(f.ident))
        .collect::<Vec<_>>()
        .join("_")
}

fn listed(fields: &[Field<'_>]) -> String {
    fields
        .iter()
        .filter(|f| f.takes_value())
        .map(|f| format!("`{}`", unraw(f.ident)))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The parameters for fields `0..pinned` (tags take none).
fn params<'a>(fields: &'a [Field<'a>]) -> impl Iterator<Item = TokenStream> + 'a {
    fields.iter().filter(|f| f.takes_value()).map(|f| {
        let ident = f.ident;
        let ty = param_type(f, &TokenStream::new());
        quote!(#ident: #ty,)
    })
}

/// Encodes fields `0..pinned` from the arguments, and the bucket when they pin
/// it. Fixed layouts fill `__key: [u8; WIDTH]`; variable ones write `__buf`
/// through a cursor and leave its length in `__len`. Then `__head` is where
/// the pinned bytes start (after the bucket unless it is pinned).
fn pin_fields(key: &Key<'_>, pinned: usize) -> TokenStream {
    let sw = key.salt.as_ref().map_or(0, |s| s.width);
    let head = if salt_pinned(key, pinned) { 0 } else { sw };
    let fields = &key.fields[..pinned];
    if key.variable {
        let name = key.ident.to_string();
        let writes = fields.iter().map(|f| {
            let ident = f.ident;
            write_field(f, &quote!(#ident))
        });
        let stamp = (key.salt.is_some() && salt_pinned(key, pinned)).then(|| {
            let bucket = bucket_expr(key, &quote!(__w.written()));
            quote! {
                let __bucket = #bucket;
                Self::SALT.write(__bucket, __w.written_mut());
            }
        });
        quote! {
            let mut __buf = [0u8; #VARIABLE_CAPACITY];
            let mut __w = __rk::Writer::new(&mut __buf, #name);
            __w.take(#sw)?;
            #(#writes)*
            #stamp
            let __len = __w.position();
            let __head = #head;
        }
    } else {
        let target = quote!(__key);
        let encodes = fields.iter().map(|f| {
            let ident = f.ident;
            encode_field(f, &target, &quote!(#ident))
        });
        let stamp = (key.salt.is_some() && salt_pinned(key, pinned)).then(|| {
            let bucket = bucket_expr(key, &target);
            quote!(Self::SALT.write(#bucket, &mut __key);)
        });
        let w = key.width.arg();
        let len = match fields.last() {
            Some(f) => f.offset.plus(&f.width),
            None => crate::model::Size::bytes(sw),
        };
        quote! {
            let mut __key = [0u8; #w];
            #(#encodes)*
            #stamp
            let __buf = &__key;
            let __len = #len;
            let __head = #head;
        }
    }
}

fn prefix_helper(key: &Key<'_>, k: usize, cap: &TokenStream) -> TokenStream {
    let krate = &key.krate;
    let fields = &key.fields[..k];
    let fname = format_ident!("prefix_for_{}", names(fields));
    let params = params(fields);
    let pin = pin_fields(key, k);
    let fields_doc = listed(fields);
    let last = &key.fields[k - 1];
    // A trailing value has no terminator: `[v, v 00)` holds exactly the key whose value is `v`.
    let range = if matches!(last.codec, Codec::Rest(_)) {
        quote!(#krate::KeyRange::<#cap>::exact(&__buf[__head..__len])?)
    } else {
        quote!(#krate::KeyRange::<#cap>::prefix(&__buf[__head..__len])?)
    };
    if salt_pinned(key, k) {
        let doc = format!("Every key with the given {fields_doc}: one range.");
        quote! {
            #[doc = #doc]
            pub fn #fname(#(#params)*) -> __rk::Result<#krate::KeyRange<#cap>, #krate::EncodeError> {
                #pin
                __rk::Ok(#range)
            }
        }
    } else {
        let doc = format!(
            "Every key with the given {fields_doc}: one range per salt bucket, in bucket order, built without allocating."
        );
        quote! {
            #[doc = #doc]
            pub fn #fname(#(#params)*) -> __rk::Result<#krate::BucketRanges<#cap>, #krate::EncodeError> {
                #pin
                Self::SALT.fan_out(#range)
            }
        }
    }
}

fn range_helper(key: &Key<'_>, k: usize, cap: &TokenStream) -> TokenStream {
    let krate = &key.krate;
    let fname = format_ident!("range_for_{}", names(&key.fields[..k]));
    let last = &key.fields[k - 1];
    // A lifetime only for a borrowed bound type (`impl RangeBounds<&'r str>`).
    let borrowed = matches!(last.codec, Codec::Fixed { .. });
    let lt = if borrowed {
        quote!('r)
    } else {
        TokenStream::new()
    };
    let generics = if borrowed {
        quote!(<'r>)
    } else {
        TokenStream::new()
    };
    let params = params(&key.fields[..k - 1]);
    let last_ident = last.ident;
    let bound_ty = param_type(last, &lt);
    let pin = pin_fields(key, k - 1);
    let w = last.width.arg();
    let desc = last.descending;
    let v = quote!(__v);
    let edge = edge(last, &v);
    let pinned = listed(&key.fields[..k - 1]);
    let doc = format!(
        "Every key {}whose `{}` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`){}.",
        if pinned.is_empty() {
            String::new()
        } else {
            format!("with the given {pinned} and ")
        },
        unraw(last_ident),
        if desc {
            "; the field is descending, so the keys come largest first"
        } else {
            ""
        }
    );
    let build = quote! {
        let __lo = __rk::range::edge_bound(__rk::RangeBounds::start_bound(&#last_ident), |#v| #edge)?;
        let __hi = __rk::range::edge_bound(__rk::RangeBounds::end_bound(&#last_ident), |#v| #edge)?;
        let __range = __rk::range::field_range::<#cap, #w>(&__buf[__head..__len], __lo, __hi, #desc)?;
    };
    let (ret, tail) = if salt_pinned(key, k - 1) {
        (quote!(#krate::KeyRange<#cap>), quote!(__rk::Ok(__range)))
    } else {
        (
            quote!(#krate::BucketRanges<#cap>),
            quote!(Self::SALT.fan_out(__range)),
        )
    };
    quote! {
        #[doc = #doc]
        pub fn #fname #generics(#(#params)* #last_ident: impl __rk::RangeBounds<#bound_ty>) -> __rk::Result<#ret, #krate::EncodeError> {
            #pin
            #build
            #tail
        }
    }
}

/// `prefix_for_a_main_within(a, &MainKey::prefix_for_id(7)?)`: a scan that
/// stops inside the nested key `main`, at any range of its own helpers.
fn within_helper(key: &Key<'_>, k: usize, cap: &TokenStream) -> TokenStream {
    let krate = &key.krate;
    let fields = &key.fields[..k];
    let fname = format_ident!("prefix_for_{}_within", names(fields));
    let params = params(&key.fields[..k - 1]);
    let last = &key.fields[k - 1];
    let inner = last.ident;
    let pin = pin_fields(key, k - 1);
    let doc = format!(
        "Every key {}whose nested `{}` lies in `{}`, a range from that key's own helpers.",
        {
            let pinned = listed(&key.fields[..k - 1]);
            if pinned.is_empty() {
                String::new()
            } else {
                format!("with these {pinned} and ")
            }
        },
        unraw(inner),
        unraw(inner),
    );
    let (ret, tail) = if salt_pinned(key, k - 1) {
        (quote!(#krate::KeyRange<#cap>), quote!(__rk::Ok(__range)))
    } else {
        (
            quote!(#krate::BucketRanges<#cap>),
            quote!(Self::SALT.fan_out(__range)),
        )
    };
    quote! {
        #[doc = #doc]
        pub fn #fname<const C: usize>(#(#params)* #inner: &#krate::KeyRange<C>) -> __rk::Result<#ret, #krate::EncodeError> {
            #pin
            let __range = #krate::KeyRange::<#cap>::within(&__buf[__head..__len], #inner)?;
            #tail
        }
    }
}
