//! `__Pinned`: the values of a key's leading fields, and `__Pinned::write`,
//! which writes them. Every scan helper writes its own leading fields with
//! it before one call into the runtime's `scan`, so the writing is generated
//! once per key, however many helpers it has, and each helper names only
//! its own fields. A fixed key's `encode` is made of the same statements,
//! reading the key's own fields.
//!
//! A fixed key's `pad` fields are checked before any byte is written (see
//! [`check_first`]); when a check fails after a field that can refuse its
//! value, the cold path `first_error` writes the fields in key order
//! through the same statements, so the error names the first bad field.

use std::cell::Cell;

use proc_macro2::TokenStream;

use super::field::{
    borrowed_text, check_first, encode_field, encoded_len, param_type, write_through,
};
use super::salt::{skip_bucket, stamp};
use crate::model::{Field, Key, Size};
use crate::tokens::{lit, q as quote};

/// Whether `write` takes the count of fields pinned: it writes a tag or the
/// bucket only once the fields before them are.
fn counts(key: &Key<'_>) -> bool {
    key.salt.is_some() || key.fields.iter().any(|f| !f.takes_value())
}

/// Where the statements that write a key find the fields' values.
#[derive(Clone, Copy, PartialEq)]
pub enum Values {
    /// In `__Pinned::write`: the `Some`s of `self`, tags and bucket under
    /// the count `__pinned`. No helper pins a field that may be left out,
    /// nor one after it.
    Pinned,
    /// In a fixed key's `encode`: every field of the key `__k`.
    Key,
}

/// The fields the statements write.
fn fields<'k>(key: &'k Key<'k>, values: Values) -> &'k [Field<'k>] {
    match values {
        Values::Pinned => &key.fields[..key.always_written()],
        Values::Key => &key.fields,
    }
}

/// The type a value is held as: the borrowed `&str` / `&[u8]` a helper
/// takes for strings and bytes, a reference to the field's type otherwise.
fn slot_type(f: &Field<'_>) -> TokenStream {
    let ty = param_type(f, &quote!('__p));
    match borrowed_text(f) {
        Some(_) => ty,
        None => quote!(&'__p #ty),
    }
}

/// `struct __Pinned` (positional, so that no field's name can clash with
/// the marker's), its `NONE` and its `write`.
pub fn items(key: &Key<'_>) -> TokenStream {
    if key.always_written() == 0 {
        return TokenStream::new();
    }
    let ident = key.ident;
    let (_, key_ty, _) = key.generics.split_for_impl();
    let mut generics = key.generics.clone();
    generics.params.insert(0, syn::parse_quote!('__p));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let values: Vec<_> = fields(key, Values::Pinned)
        .iter()
        .filter(|f| f.takes_value())
        .collect();
    let slots = values.iter().map(|f| slot_type(f));
    let nones = values.iter().map(|_| quote!(__rk::None,));
    let write = write_fn(key);
    quote! {
        /// The values of the fields a key is written with, in order; `None` for the others.
        struct __Pinned #impl_generics (
            #(__rk::Option<#slots>,)*
            ::core::marker::PhantomData<&'__p #ident #key_ty>,
        ) #where_clause;
        impl #impl_generics __Pinned #ty_generics #where_clause {
            const NONE: Self = Self(#(#nones)* ::core::marker::PhantomData);
            #write
        }
    }
}

/// `body(field, value)` for each field the values pin, `value` a reference:
/// under `if let Some(..)` for a value and under the count for a tag when
/// the values are `Pinned`, always for a `Key`'s.
fn each(
    key: &Key<'_>,
    values: Values,
    body: &dyn Fn(&Field<'_>, TokenStream) -> Option<TokenStream>,
) -> Vec<TokenStream> {
    let mut slot = 0;
    let mut out = Vec::new();
    for (j, f) in fields(key, values).iter().enumerate() {
        let id = f.ident;
        if !f.takes_value() {
            let b = body(f, quote!(&()));
            out.extend(match values {
                Values::Pinned => b.map(|b| quote!(if __pinned > #j { #b })),
                Values::Key => b,
            });
            continue;
        }
        let index = syn::Index::from(slot);
        slot += 1;
        out.extend(match values {
            Values::Pinned => {
                body(f, quote!(#id)).map(|b| quote!(if let __rk::Some(#id) = self.#index { #b }))
            }
            Values::Key => body(f, quote!((&__k.#id))),
        });
    }
    out
}

/// `__Pinned::write`: the key with the fields whose values are `Some`
/// written, pad checks first (no digit is then held across a branch), and
/// the bucket once they fix it. A fixed key is written into the caller's
/// zeroed array, so that it is built where it is used rather than moved
/// through a `Result` (W4 in BENCHMARKS.md); a variable key into exactly
/// the pinned bytes, on the heap (a key may be 32,767 bytes long).
fn write_fn(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let count = counts(key).then(|| quote!(__pinned: usize,));
    if key.variable {
        let body = variable_body(key);
        return quote! {
            /// The key with these values written.
            #[inline(always)]
            // A fixed-width field's length does not read its value.
            #[allow(unused_variables)]
            fn write(self, #count) -> __rk::Result<__rk::Vec<u8>, #krate::EncodeError> {
                #body
            }
        };
    }
    let pinned = counts(key).then(|| quote!(__pinned));
    let (checks, cold) = fixed_checks(key, Values::Pinned, &quote!(self.first_error(#pinned)?;));
    let writes = fixed_writes(key, Values::Pinned);
    if !cold {
        // No cold path: the writes need no function of their own.
        return quote! {
            /// The key with these values written.
            #[inline(always)]
            fn write<'__k>(self, __key: &'__k mut __Bytes, #count) -> __rk::Result<&'__k __Bytes, #krate::EncodeError> {
                #(#checks)*
                #writes
                __rk::Ok(__key)
            }
        };
    }
    quote! {
        /// The key with these values written.
        #[inline(always)]
        fn write<'__k>(self, __key: &'__k mut __Bytes, #count) -> __rk::Result<&'__k __Bytes, #krate::EncodeError> {
            #(#checks)*
            self.fields(__key, #pinned)?;
            __rk::Ok(__key)
        }

        /// Writes the fields whose values are `Some`, in key order, and the bucket.
        #[inline(always)]
        fn fields(&self, __key: &mut __Bytes, #count) -> __rk::Result<(), #krate::EncodeError> {
            #writes
            __rk::Ok(())
        }

        /// When a check made before writing fails, the error of the
        /// first bad field: the fields written in key order, into
        /// bytes of its own, each checked as it is written.
        #[cold]
        #[inline(never)]
        fn first_error(&self, #count) -> __rk::Result<(), #krate::EncodeError> {
            self.fields(&mut __rk::zeroed(), #pinned)
        }
    }
}

/// A fixed key's checks made before any byte is written, and whether one
/// of them runs `in_order` (the cold path) when it fails: a check after a
/// field that is not checked first and can refuse its value, which may be
/// the first bad field. Any other check returns its own error, then the
/// first in key order, as plainly as a `?`.
pub fn fixed_checks(
    key: &Key<'_>,
    values: Values,
    in_order: &TokenStream,
) -> (Vec<TokenStream>, bool) {
    let (after_refusing, cold) = (Cell::new(false), Cell::new(false));
    let checks = each(key, values, &|f, v| {
        let in_order = after_refusing.get().then_some(in_order);
        let check = check_first(f, &quote!((*#v)), in_order);
        cold.set(cold.get() || (check.is_some() && in_order.is_some()));
        after_refusing.set(after_refusing.get() || (check.is_none() && f.codec.refuses()));
        check
    });
    (checks, cold.get())
}

/// A fixed key's writes into `__key` (a `&mut [u8; WIDTH]`), in key order,
/// and its bucket. `encode` writes its fields straight from the key: built
/// from `__Pinned`, the bytes of a salted key come out of the optimizer
/// worse (W2 encode in BENCHMARKS.md, 66 instructions against 100).
pub fn fixed_writes(key: &Key<'_>, values: Values) -> TokenStream {
    let writes = each(key, values, &|f, v| {
        Some(encode_field(f, &quote!(*__key), &quote!((*#v))))
    });
    let stamp = stamp(
        key,
        values == Values::Pinned,
        &quote!((*__key)),
        &quote!(&mut *__key),
    );
    quote! {
        #(#writes)*
        #stamp
    }
}

fn variable_body(key: &Key<'_>) -> TokenStream {
    let name = key.ident.to_string();
    let sw = lit(key.salt.as_ref().map_or(0, |s| s.width));
    let lens = each(key, Values::Pinned, &|f, v| {
        let len = encoded_len(f, &quote!((*#v)));
        Some(quote!(__len += #len;))
    });
    let writes = each(key, Values::Pinned, &|f, v| Some(write_through(f, &v)));
    let stamp = stamp(
        key,
        true,
        &quote!(__w.written()),
        &quote!(__w.written_mut()),
    );
    let skip_bucket = skip_bucket(key, &quote!(__w));
    quote! {
        let mut __len = #sw;
        #(#lens)*
        let mut __buf = __rk::vec![0u8; __len];
        let mut __w = __rk::Writer::new(&mut __buf, #name);
        #skip_bucket
        #(#writes)*
        #stamp
        __rk::Ok(__buf)
    }
}

/// The call of `__Pinned::write` for fields `0..pinned`, from the helper's
/// arguments of the same names; a fixed key is written into a zeroed array.
pub fn write_call(key: &Key<'_>, pinned: usize) -> TokenStream {
    let values = key.fields[..pinned]
        .iter()
        .filter(|f| f.takes_value())
        .enumerate()
        .map(|(slot, f)| {
            let (v, slot) = (f.ident, syn::Index::from(slot));
            let held = match borrowed_text(f) {
                Some(_) => quote!(#v),
                None => quote!(&#v),
            };
            quote!(#slot: __rk::Some(#held),)
        });
    let buffer = (!key.variable).then(|| quote!(&mut __rk::zeroed()));
    let count = counts(key).then(|| lit(pinned));
    let args = buffer.into_iter().chain(count.map(|n| quote!(#n)));
    quote!(__Pinned { #(#values)* ..__Pinned::NONE }.write(#(#args),*))
}

/// Where fields `0..pinned` lie in what `write` returns, the bucket left out
/// when `with_bucket` is false.
pub fn span(key: &Key<'_>, pinned: usize, with_bucket: bool) -> TokenStream {
    let sw = key.salt.as_ref().map_or(0, |s| s.width);
    let head = lit(if with_bucket { 0 } else { sw });
    if key.variable {
        return quote!(#head..);
    }
    let end = match key.fields[..pinned].last() {
        Some(f) => f.offset.plus(&f.width),
        None => Size::bytes(sw),
    };
    quote!(#head..#end)
}
