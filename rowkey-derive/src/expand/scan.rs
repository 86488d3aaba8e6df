//! The scan helpers: `prefix_for_a_b(a, b)` and `range_for_a_b(a, b_range)`
//! for every leading run of fields, and for salted keys `SALT` and
//! `split_points()`.

use proc_macro2::{Ident, TokenStream};
use rowkey_format::limits::range_capacity;
use rowkey_format::limits::INLINE_RANGE_LIMIT;
use rowkey_format::names::{self, Helper};

use super::field::{edge, edge_fn, param_type};
use super::pinned;
use super::{lit, q as quote};
use crate::model::{Codec, Field, Key, SaltFormat, SaltHashAttr, VarType};
use crate::symbol::unraw;
use quote::ToTokens;

/// The types the helpers return: one range, and the bucket fan-out. Inline
/// and sized to the key (`WIDTH + 1` bytes) for fixed keys; on the heap for
/// variable-length keys and fixed keys of `INLINE_RANGE_LIMIT` bytes or more.
pub(super) fn range_types(key: &Key<'_>) -> (TokenStream, TokenStream) {
    let krate = &key.krate;
    let heap = (quote!(#krate::KeyRangeBuf), quote!(#krate::BucketRangesBuf));
    if key.variable {
        return heap;
    }
    let cap = match key.width.known() {
        Some(w) if w >= INLINE_RANGE_LIMIT => return heap,
        Some(w) => {
            let c = lit(range_capacity(w));
            quote!(#c)
        }
        None => {
            let w = &key.width;
            quote!({ __rk::range_capacity(#w) })
        }
    };
    (
        quote!(#krate::KeyRange<#cap>),
        quote!(#krate::BucketRanges<#cap>),
    )
}

/// The name of a helper over `fields`, as the runtime spells it.
pub fn helper_name(helper: Helper, fields: &[Field<'_>]) -> Ident {
    helper_ident(helper, fields.iter().map(|f| f.ident))
}

/// The name of a helper over the fields named `idents`.
pub fn helper_ident<'a>(helper: Helper, idents: impl Iterator<Item = &'a Ident>) -> Ident {
    let names: Vec<String> = idents.map(unraw).collect();
    let mut name = String::new();
    // Writing to a `String` cannot fail.
    let _ = names::write(&mut name, helper, names.iter().map(String::as_str));
    Ident::new(&name, proc_macro2::Span::call_site())
}

pub fn helpers(key: &Key<'_>) -> TokenStream {
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let cap = range_types(key);
    let mut items = vec![salt_items(key)];
    // Added fields and a `Struct`'s trailing `Option`s may be absent, so no
    // prefix runs into them.
    let known = key.always_written();
    if key.phoenix && key.variable {
        items.extend(super::phoenix::helpers(key));
    }
    for k in (1..=known).filter(|_| !(key.phoenix && key.variable)) {
        items.push(prefix_helper(key, k, &cap));
        if key.fields[k - 1].nested() {
            items.push(within_helper(key, k, &cap));
        }
        if key.fields[k - 1].ranged() {
            items.push(range_helper(key, k, &cap));
        }
    }
    quote! {
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

/// Whether fixing fields `0..pinned` fixes the salt bucket.
fn salt_pinned(key: &Key<'_>, pinned: usize) -> bool {
    match &key.salt {
        None => true,
        Some(s) => s.fields.iter().all(|&i| i < pinned),
    }
}

pub(super) fn listed(fields: &[Field<'_>]) -> String {
    fields
        .iter()
        .filter(|f| f.takes_value())
        .map(|f| format!("`{}`", unraw(f.ident)))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The bytes `fields` take in the key, for helper docs: `bytes 0..6
/// (`user_id`), 6..14 (`create_date`)`; a field after a nested key or a
/// variable-length one is named without numbers.
pub(super) fn bytes_doc(fields: &[Field<'_>]) -> String {
    let spans: Vec<String> = fields
        .iter()
        .map(|f| {
            let name = unraw(f.ident);
            let end = f.offset.plus(&f.width);
            match (f.offset.known(), end.known(), f.variable()) {
                (Some(a), Some(b), false) => format!("{a}..{b} (`{name}`)"),
                (Some(a), _, true) => format!("{a}.. (`{name}`, variable length)"),
                _ => format!("those of `{name}`"),
            }
        })
        .collect();
    format!("Selects the keys by their bytes {}.", spans.join(", "))
}

/// The parameters for fields `0..pinned` (tags take none).
pub(super) fn params<'a>(fields: &'a [Field<'a>]) -> impl Iterator<Item = TokenStream> + 'a {
    fields.iter().filter(|f| f.takes_value()).map(|f| {
        let ident = f.ident;
        let ty = param_type(f, &TokenStream::new());
        quote!(#ident: #ty,)
    })
}

/// The call that writes fields `0..pinned` from the helper's arguments,
/// and the span of their bytes in what it returns (after the bucket unless
/// they fix it).
fn pin_fields(key: &Key<'_>, pinned: usize) -> (TokenStream, TokenStream) {
    let call = pinned::write_call(key, pinned);
    (call, pinned::span(key, pinned, salt_pinned(key, pinned)))
}

fn prefix_helper(key: &Key<'_>, k: usize, cap: &(TokenStream, TokenStream)) -> TokenStream {
    let krate = &key.krate;
    let fields = &key.fields[..k];
    let fname = helper_name(Helper::Prefix, fields);
    let params = params(fields);
    let (pin, span) = pin_fields(key, k);
    let fields_doc = listed(fields);
    let last = &key.fields[k - 1];
    // A trailing value has no terminator: `[v, v 00)` holds exactly the key whose value is `v`.
    let to_end = matches!(
        last.codec,
        Codec::Rest(_)
            | Codec::OrderedVar {
                ty: VarType::BlobCopy,
                ..
            }
    );
    let range = if to_end {
        quote!(__rk::scan::exact(#pin, #span))
    } else {
        quote!(__rk::scan::prefix(#pin, #span))
    };
    // `#[inline(always)]`: called out of line, the range is built in the
    // helper's frame and copied through the `Result` with wide loads of bytes
    // just written a few at a time, which stalls; inlined, it is built where
    // it is used (W4 in BENCHMARKS.md: 2.3x the hand-written time, now 0.9x).
    let doc = if salt_pinned(key, k) {
        format!("Every key with the given {fields_doc}: one range.")
    } else {
        format!("Every key with the given {fields_doc}: one range per salt bucket, in bucket order, built without allocating.")
    };
    let bucket_note = if salt_pinned(key, k) {
        ""
    } else {
        " The bucket leads each range."
    };
    let doc = format!("{doc}\n\n{}{bucket_note}", bytes_doc(fields));
    let (ret, body) = per_bucket(key, k, cap, range);
    quote! {
        #[doc = #doc]
        #[inline(always)]
        pub fn #fname(#(#params)*) -> __rk::Result<#ret, #krate::EncodeError> {
            #body
        }
    }
}

fn range_helper(key: &Key<'_>, k: usize, cap: &(TokenStream, TokenStream)) -> TokenStream {
    let krate = &key.krate;
    let fname = helper_name(Helper::Range, &key.fields[..k]);
    let last = &key.fields[k - 1];
    // A lifetime only for a borrowed bound type (`impl RangeBounds<&'r str>`).
    let text = matches!(last.codec, Codec::OrderedVar { .. });
    let borrowed = text || matches!(last.codec, Codec::Fixed { .. });
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
    let (pin, span) = pin_fields(key, k - 1);
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
    let doc = format!("{doc}\n\n{}", bytes_doc(&key.fields[..k]));
    let range = if text {
        // `Field::ranged` lets only `Text` through: its encodings are the edges.
        quote!(__rk::scan::text(#pin, #span, &#last_ident, #desc))
    } else if let Some(edge) = edge_fn(last) {
        quote!(__rk::scan::value::<_, _, #w>(#pin, #span, &#last_ident, #edge, #desc))
    } else {
        quote!(__rk::scan::field::<_, _, #w>(#pin, #span, &#last_ident, |#v| #edge, #desc))
    };
    let (ret, body) = per_bucket(key, k - 1, cap, range);
    quote! {
        #[doc = #doc]
        pub fn #fname #generics(#(#params)* #last_ident: impl __rk::RangeBounds<#bound_ty>) -> __rk::Result<#ret, #krate::EncodeError> {
            #body
        }
    }
}

/// A helper's return type and body for `range`, the range over the pinned
/// fields' bytes: itself, or once per bucket when fields `0..pinned` do not
/// fix the bucket.
fn per_bucket(
    key: &Key<'_>,
    pinned: usize,
    (range_ty, buckets_ty): &(TokenStream, TokenStream),
    range: TokenStream,
) -> (TokenStream, TokenStream) {
    if salt_pinned(key, pinned) {
        (range_ty.clone(), range)
    } else {
        (
            buckets_ty.clone(),
            quote!(__rk::scan::buckets(&Self::SALT, #range)),
        )
    }
}

/// `prefix_for_a_main_within(a, &MainKey::prefix_for_id(7)?)`: a scan that
/// stops inside the nested key `main`, at any range of its own helpers.
fn within_helper(key: &Key<'_>, k: usize, cap: &(TokenStream, TokenStream)) -> TokenStream {
    let krate = &key.krate;
    let fields = &key.fields[..k];
    let fname = helper_name(Helper::Within, fields);
    let params = params(&key.fields[..k - 1]);
    let last = &key.fields[k - 1];
    let inner = last.ident;
    let width = &last.width;
    let (pin, span) = pin_fields(key, k - 1);
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
    let doc = format!("{doc}\n\n{}", bytes_doc(fields));
    let range = quote!(__rk::scan::within(#pin, #span, #width, #inner));
    let (ret, body) = per_bucket(key, k - 1, cap, range);
    quote! {
        #[doc = #doc]
        pub fn #fname<__B: #krate::RangeBytes>(#(#params)* #inner: &#krate::KeyRangeOf<__B>) -> __rk::Result<#ret, #krate::EncodeError> {
            #body
        }
    }
}
