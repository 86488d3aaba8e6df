//! The scan helpers of keys whose fields follow one another (the plain
//! and HBase `Struct` formats): `prefix_for_a_b(a, b)` and
//! `range_for_a_b(a, b_range)` for every leading run of fields, each one
//! call into the runtime's `scan` after `__Pinned::write`.

use proc_macro2::TokenStream;
use rowkey_format::names::Helper;

use super::field::{borrowed_text, edge_fn, param_type};
use super::names::{bytes_doc, helper_name, listed, params};
use super::pinned;
use crate::model::{Field, Key};
use crate::symbol::unraw;
use crate::tokens::q as quote;

/// The helpers, given what they return: one range, and one per bucket.
pub fn helpers(key: &Key<'_>, returns: &(TokenStream, TokenStream)) -> Vec<TokenStream> {
    let mut items = Vec::new();
    // Added fields and a `Struct`'s trailing `Option`s may be absent, so no
    // prefix runs into them.
    for k in 1..=key.always_written() {
        items.push(prefix_helper(key, k, returns));
        if key.fields[k - 1].nested() {
            items.push(within_helper(key, k, returns));
        }
        if key.fields[k - 1].ranged() {
            items.push(range_helper(key, k, returns));
        }
    }
    items
}

/// Whether field `f`'s bytes are all ASCII digits, its last never 0xFF
/// (an `Option`'s absent value is not).
fn digits(f: &Field<'_>) -> bool {
    f.codec.writes_digits() && !f.optional
}

/// Whether fixing fields `0..pinned` fixes the salt bucket.
fn salt_pinned(key: &Key<'_>, pinned: usize) -> bool {
    match &key.salt {
        None => true,
        Some(s) => s.fields.iter().all(|&i| i < pinned),
    }
}

/// The call that writes fields `0..pinned` from the helper's arguments,
/// and the span of their bytes in what it returns (after the bucket unless
/// they fix it).
fn pin_fields(key: &Key<'_>, pinned: usize) -> (TokenStream, TokenStream) {
    let call = pinned::write_call(key, pinned);
    (call, pinned::span(key, pinned, salt_pinned(key, pinned)))
}

fn prefix_helper(key: &Key<'_>, k: usize, returns: &(TokenStream, TokenStream)) -> TokenStream {
    let fields = &key.fields[..k];
    let fname = helper_name(Helper::Prefix, fields);
    let params = params(fields);
    let (pin, span) = pin_fields(key, k);
    let fields_doc = listed(fields);
    let last = &key.fields[k - 1];
    // A trailing value has no terminator: `[v, v 00)` holds exactly the key whose value is `v`.
    let range = if last.codec.to_end() {
        quote!(__rk::scan::exact(#pin, #span))
    } else if digits(last) {
        quote!(__rk::scan::digit_prefix(#pin, #span))
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
    let (ret, body) = per_bucket(key, k, returns, range);
    quote! {
        #[doc = #doc]
        #[inline(always)]
        pub fn #fname(#(#params)*) -> #ret {
            #body
        }
    }
}

fn range_helper(key: &Key<'_>, k: usize, returns: &(TokenStream, TokenStream)) -> TokenStream {
    let fname = helper_name(Helper::Range, &key.fields[..k]);
    let last = &key.fields[k - 1];
    // A lifetime only for a borrowed bound type (`impl RangeBounds<&'r str>`).
    let borrowed = borrowed_text(last).is_some();
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
    let desc = last.descending;
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
    let range = match edge_fn(last) {
        // A self-delimiting ordered value (OrderedBytes `Text`): its encodings are the edges.
        _ if last.runtime().cursor => quote!(__rk::scan::text(#pin, #span, &#last_ident, #desc)),
        (edge, true) if digits(last) => {
            // The pinned bytes end in a digit, or there are none (the bucket
            // left out when they do not fix it).
            let head_digit = key.fields[..k - 1].last().is_none_or(digits);
            quote!(__rk::scan::digits(#pin, #span, &#last_ident, #edge, #desc, #head_digit))
        }
        (edge, true) => {
            quote!(__rk::scan::value(#pin, #span, &#last_ident, #edge, #desc))
        }
        (edge, false) => {
            quote!(__rk::scan::field(#pin, #span, &#last_ident, #edge, #desc))
        }
    };
    let (ret, body) = per_bucket(key, k - 1, returns, range);
    // `#[inline(always)]` as the prefix helpers: a fixed key's range is then
    // built in registers where it is used, its bounds' cases folded.
    quote! {
        #[doc = #doc]
        #[inline(always)]
        pub fn #fname #generics(#(#params)* #last_ident: impl __rk::RangeBounds<#bound_ty>) -> #ret {
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
    (one, fan_out): &(TokenStream, TokenStream),
    range: TokenStream,
) -> (TokenStream, TokenStream) {
    if salt_pinned(key, pinned) {
        (one.clone(), range)
    } else {
        (
            fan_out.clone(),
            quote!(__rk::scan::buckets(&Self::SALT, #range)),
        )
    }
}

/// `prefix_for_a_main_within(a, &MainKey::prefix_for_id(7)?)`: a scan that
/// stops inside the nested key `main`, at any range of its own helpers.
fn within_helper(key: &Key<'_>, k: usize, returns: &(TokenStream, TokenStream)) -> TokenStream {
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
    let (ret, body) = per_bucket(key, k - 1, returns, range);
    quote! {
        #[doc = #doc]
        pub fn #fname<__B: #krate::RangeBytes>(#(#params)* #inner: &#krate::KeyRangeOf<__B>) -> #ret {
            #body
        }
    }
}
