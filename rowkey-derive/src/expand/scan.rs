//! The scan helpers: `prefix_for_a_b(a, b)` and `range_for_a_b(a, b_range)`
//! for every leading run of fields, and for salted keys `SALT` and
//! `split_points()`.

use proc_macro2::{Ident, TokenStream};
use rowkey_format::limits::range_capacity;
use rowkey_format::limits::INLINE_RANGE_LIMIT;
use rowkey_format::names::{self, Helper};

use super::encode::{bucket_of, encoded_len, pad_check};
use super::field::{edge, edge_fn, param_type, writer};
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

/// Whether `__Fields::pinned` takes the count of pinned fields: it writes a
/// tag or the bucket only once the fields before them are pinned.
fn counts_pinned(key: &Key<'_>) -> bool {
    key.salt.is_some()
        || key.fields[..key.always_written()]
            .iter()
            .any(|f| !f.takes_value())
}

/// Whether `__Fields::pinned` exists: the key has helpers that call it.
fn has_pinned(key: &Key<'_>) -> bool {
    key.always_written() > 0 && !(key.phoenix && key.variable)
}

/// The position of field `j` among the fields that take a value.
fn slot(fields: &[Field<'_>], j: usize) -> usize {
    fields[..j].iter().filter(|f| f.takes_value()).count()
}

/// The key's generics with the lifetime `'__p` of a helper's arguments first.
fn pinned_generics(key: &Key<'_>) -> syn::Generics {
    let mut g = key.generics.clone();
    g.params.insert(0, syn::parse_quote!('__p));
    g
}

/// `__Pinned`, a helper's arguments for the leading fields (`None` for the
/// fields it does not pin), and `__Fields::pinned`, which writes them: the
/// key with the fields whose arguments are `Some` written (pad checks first,
/// as `encode` makes them), and the bucket once they fix it. Every helper
/// starts from it, so the writing is generated once per key, not once per
/// helper, and each helper names only its own fields. Fixed keys return
/// `[u8; WIDTH]`, variable ones exactly the pinned bytes, on the heap (a key
/// may be 32,767 bytes long).
pub(super) fn pinned_fn(key: &Key<'_>) -> (TokenStream, TokenStream) {
    if !has_pinned(key) {
        return (TokenStream::new(), TokenStream::new());
    }
    let krate = &key.krate;
    let (ident, fields) = (key.ident, &key.fields[..key.always_written()]);
    let (_, key_ty, _) = key.generics.split_for_impl();
    let generics = pinned_generics(key);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let count = counts_pinned(key).then(|| quote!(__pinned: usize,));
    // Positional, so that no field's name can clash with the marker's.
    let values: Vec<_> = fields.iter().filter(|f| f.takes_value()).collect();
    let slots = values.iter().map(|f| param_type(f, &quote!('__p)));
    let nones = values.iter().map(|_| quote!(__rk::None,));
    let pins = quote! {
        /// A helper's arguments for the leading fields that take one, in order.
        struct __Pinned #impl_generics (
            #(__rk::Option<#slots>,)*
            ::core::marker::PhantomData<&'__p #ident #key_ty>,
        ) #where_clause;
        impl #impl_generics __Pinned #ty_generics #where_clause {
            const NONE: Self = Self(#(#nones)* ::core::marker::PhantomData);
        }
    };
    // Runs `then(field's value)` for each field the arguments pin.
    let each = |then: &dyn Fn(&Field<'_>, TokenStream) -> Option<TokenStream>| {
        let items: Vec<_> = fields
            .iter()
            .enumerate()
            .filter_map(|(j, f)| {
                let id = f.ident;
                Some(if f.takes_value() {
                    let body = then(f, quote!(#id))?;
                    let slot = syn::Index::from(slot(fields, j));
                    quote!(if let __rk::Some(#id) = &__p.#slot { #body })
                } else {
                    let body = then(f, quote!(&()))?;
                    quote!(if __pinned > #j { #body })
                })
            })
            .collect();
        items
    };
    let target = if key.variable { quote!(__w) } else { quote!(*__key) };
    let writes = each(&|f, v| {
        let writer = writer(f);
        Some(quote!(#writer(&mut #target, #v)?;))
    });
    let salt = quote!(<#ident #key_ty>::SALT);
    let sw = key.salt.as_ref().map_or(0, |s| s.width);
    let stamp = key.salt.as_ref().map(|s| {
        let n = lit(s.fields.iter().max().map_or(0, |&i| i + 1));
        let (bytes, out) = if key.variable {
            (quote!(__w.written()), quote!(__w.written_mut()))
        } else {
            (quote!(__key), quote!(&mut *__key))
        };
        let bucket = bucket_of(key, &salt, &bytes);
        quote!(if __pinned >= #n { #salt.write(#bucket, #out)?; })
    });
    let (ret, body) = if key.variable {
        let name = key.ident.to_string();
        let lens = each(&|f, v| {
            let len = encoded_len(f, &quote!((*#v)));
            Some(quote!(__len += #len;))
        });
        let sw = lit(sw);
        let body = quote! {
            let mut __len = #sw;
            #(#lens)*
            let mut __buf = __rk::vec![0u8; __len];
            let mut __w = __rk::Writer::new(&mut __buf, #name);
            __w.take(#sw)?;
            #(#writes)*
            #stamp
            __rk::Ok(__buf)
        };
        (quote!(__rk::Vec<u8>), body)
    } else {
        let checks = each(&|f, v| pad_check(f, &quote!((*#v))));
        let w = key.width.arg();
        let body = quote! {
            #(#checks)*
            #(#writes)*
            #stamp
            __rk::Ok(__key)
        };
        (quote!(&'__k [u8; #w]), body)
    };
    // A fixed key is written into the caller's zeroed array: built where the
    // range is, not moved through a `Result` (W4 in BENCHMARKS.md).
    let buffer = (!key.variable).then(|| {
        let w = key.width.arg();
        quote!(__key: &'__k mut [u8; #w],)
    });
    let mut fn_generics = generics.clone();
    fn_generics.params.insert(0, syn::parse_quote!('__k));
    let (fn_generics, _, _) = fn_generics.split_for_impl();
    let pinned = quote! {
        /// The key with the given leading fields written: what every helper starts from.
        #[inline(always)]
        // A fixed-width field's length does not read its value.
        #[allow(unused_variables)]
        fn pinned #fn_generics (#buffer #count __p: __Pinned #ty_generics) -> __rk::Result<#ret, #krate::EncodeError> #where_clause {
            #body
        }
    };
    (pins, pinned)
}

/// The call of `__Fields::pinned` for fields `0..pinned` of the helper's
/// arguments, and the span of their bytes in what it returns (after the
/// bucket unless they fix it).
fn pin_fields(key: &Key<'_>, pinned: usize) -> (TokenStream, TokenStream) {
    let count = counts_pinned(key).then(|| {
        let n = lit(pinned);
        quote!(#n,)
    });
    let args = key.fields[..pinned]
        .iter()
        .filter(|f| f.takes_value())
        .enumerate()
        .map(|(slot, f)| {
            let (id, slot) = (f.ident, syn::Index::from(slot));
            quote!(#slot: __rk::Some(#id),)
        });
    let buffer = (!key.variable).then(|| {
        let w = key.width.arg();
        quote!(&mut [0u8; #w],)
    });
    let call = quote!(__Fields::pinned(#buffer #count __Pinned { #(#args)* ..__Pinned::NONE }));
    let sw = key.salt.as_ref().map_or(0, |s| s.width);
    let head = lit(if salt_pinned(key, pinned) { 0 } else { sw });
    let span = if key.variable {
        quote!(#head..)
    } else {
        let end = match key.fields[..pinned].last() {
            Some(f) => f.offset.plus(&f.width),
            None => crate::model::Size::bytes(sw),
        };
        quote!(#head..#end)
    };
    (call, span)
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
    let bucket_note = if salt_pinned(key, k) { "" } else { " The bucket leads each range." };
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
