//! `impl RowKey`: encode and decode. Fixed layouts write a `[u8; WIDTH]`
//! through constant-offset slots (the statements `pinned` makes), in
//! `__Fields::write`, which `encode` calls once its `pad` checks pass and
//! its cold path calls when one fails after a field that can refuse its
//! value; keys with a variable-length field
//! walk the bytes with a cursor, each field through its writer function.
//! Either way fields are written in key order, so an error names the first
//! bad field.

use proc_macro2::TokenStream;

use super::field::{
    encoded_len, read_field, read_fixed_field, read_in_key, reads_in_key, window, write_through,
    writer_arg,
};
use super::pinned::{fixed_checks, fixed_writes, Values};
use super::salt::{bucket_expr, fixed_bucket, read_bucket, skip_bucket};
use crate::model::{Key, Size};
use crate::tokens::{lit, q as quote};

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

/// `impl RowKey`, with `body` the key format's `encode` and `decode`.
pub fn row_key_impl(key: &Key<'_>, body: TokenStream) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let layout = super::layout::layout(key);
    let decoded = decoded_type(key);
    // `WIDTH` and `VARIABLE` default to the layout's; a fixed key's
    // `encode_into` copies its `encode`.
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
            const LAYOUT: #krate::Layout<'static> = #layout;
            type Decoded<'de> = #decoded;
            #body
        }
    }
}

/// Fixed keys of up to this many fields get an always-inlined `encode` and `decode`.
const INLINE_DECODE_FIELDS: usize = 8;

/// `encode` and `decode` of a fixed key: constant-offset slots.
pub fn fixed_body(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let name = ident.to_string();
    let (checks, cold) = fixed_checks(key, Values::Key, &quote!(__Fields::first_error(__k)?;));
    // With no cold path the writes need no function of their own.
    let write = match cold {
        true => quote!(__Fields::write(self, &mut __bytes)?;),
        false => {
            let writes = fixed_writes(key, Values::Key);
            quote! {
                let __key = &mut __bytes;
                #writes
            }
        }
    };
    let decodes = fixed_reads(key);
    let check_salt = key.salt.as_ref().map(|_| {
        let bucket = fixed_bucket(key, &quote!(Self::SALT), &quote!((*__key)));
        quote!(Self::SALT.check(__key, #bucket)?;)
    });
    let names = key.fields.iter().map(|f| f.ident);
    // The error paths (one per field that can fail) make the inliner give up on
    // an `encode` or `decode` of a few straight-line fields, which then costs a
    // call and a `Result` through memory, read back with wide loads of bytes
    // just written a few at a time: a stall (W1 encode in BENCHMARKS.md).
    let fixed_inline = if key.fields.len() <= INLINE_DECODE_FIELDS {
        quote!(#[inline(always)])
    } else {
        quote!(#[inline])
    };
    quote! {
        type Bytes = __Bytes;

        #fixed_inline
        fn encode(&self) -> __rk::Result<__Bytes, #krate::EncodeError> {
            let __k = self;
            #(#checks)*
            let mut __bytes = __rk::zeroed();
            #write
            __rk::Ok(__bytes)
        }

        #fixed_inline
        fn decode(bytes: &[u8]) -> __rk::Result<Self::Decoded<'_>, #krate::DecodeError> {
            let __key: &__Bytes = __rk::codec::read_key(bytes, #name)?;
            #(#decodes)*
            #check_salt
            __rk::Ok(#ident { #(#names),* })
        }
    }
}

/// `struct __Fields` of a fixed key with a cold path (a field checked
/// before any byte is written follows one that can refuse its value):
/// `write`, which writes every field of a key into its bytes in key order,
/// and `first_error`, `encode`'s cold path when that check fails, through
/// the same `write`, so the error names the first bad field. Other keys
/// write their fields in `encode`.
pub fn fixed_fields(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let writes = fixed_writes(key, Values::Key);
    let (_, cold) = fixed_checks(key, Values::Key, &TokenStream::new());
    if !cold {
        // `encode` writes the fields itself.
        return TokenStream::new();
    }
    quote! {
        /// The fields of a key, written into its bytes in key order.
        struct __Fields;
        impl __Fields {
            /// Writes every field of `__k`, then the bucket, into `__key`.
            #[inline(always)]
            fn write #impl_generics (__k: &#ident #ty_generics, __key: &mut __Bytes) -> __rk::Result<(), #krate::EncodeError> #where_clause {
                #writes
                __rk::Ok(())
            }

            /// When a check made before writing fails, the error of the
            /// first bad field: the fields written in key order, into
            /// bytes of its own, each checked as it is written.
            #[cold]
            #[inline(never)]
            fn first_error #impl_generics (__k: &#ident #ty_generics) -> __rk::Result<(), #krate::EncodeError> #where_clause {
                Self::write(__k, &mut __rk::zeroed())
            }
        }
    }
}

/// `let field = ..;` for every field of a fixed key `__key`, in order. A
/// run of fields read out of the whole key is read first and tested with
/// one branch; only on that cold path is each read again with its check:
/// the first field's error, as reading them one by one gives (W1 decode in
/// BENCHMARKS.md).
fn fixed_reads(key: &Key<'_>) -> Vec<TokenStream> {
    let mut out = Vec::new();
    let mut fields = key.fields.iter().peekable();
    while let Some(f) = fields.next() {
        if !reads_in_key(f) {
            let off = &f.offset;
            let read = read_fixed_field(f, window(f, quote!(at), quote!(__key)), &quote!(#off));
            let ident = f.ident;
            out.push(quote!(let #ident = #read;));
            continue;
        }
        let mut run = vec![f];
        while let Some(next) = fields.next_if(|f| reads_in_key(f)) {
            run.push(next);
        }
        out.push(read_run(&run));
    }
    out
}

/// The reads of a run of fields read out of the whole key.
fn read_run(run: &[&crate::model::Field<'_>]) -> TokenStream {
    let (first, last) = (run[0], run[run.len() - 1]);
    let (start, end) = (&first.offset, last.offset.plus(&last.width));
    let span = quote!(#start..#end);
    let idents: Vec<_> = run.iter().map(|f| f.ident).collect();
    let reads = run.iter().map(|f| read_in_key(f, &quote!(__key), &span));
    quote! {
        #(let #idents = #reads;)*
        let (#(#idents,)*) = if (#(#idents.bad())|*) == 0 {
            (#(#idents.value(),)*)
        } else {
            (#(#idents.get()?,)*)
        };
    }
}

/// For a field that may be left out (field `i`: added with `since`, or an
/// HBase `Struct`'s trailing `Option`), whether it is written: when it or a
/// field after it is `Some`, so a trailing run of `None` writes nothing.
/// `None` for other fields, which are always written.
fn added_present(key: &Key<'_>, i: usize) -> Option<TokenStream> {
    if !key.omittable(i) {
        return None;
    }
    let later = key.fields[i..].iter().map(|f| {
        let ident = f.ident;
        quote!(::core::option::Option::is_some(&self.#ident))
    });
    Some(quote!((false #(|| #later)*)))
}

/// Reads a field that may be left out: absent (`None`) where the key ends.
fn read_added(f: &crate::model::Field<'_>) -> TokenStream {
    let name = crate::symbol::unraw(f.ident);
    let read = read_field(f);
    quote!(if __r.remaining().is_empty() {
        ::core::option::Option::None
    } else {
        let __at = __r.position();
        let __v: ::core::option::Option<_> = #read;
        __rk::option::check_added(__v.is_none(), __r.remaining().is_empty(), #name, __at)?;
        __v
    })
}

/// `encode` and `decode` of a key with variable-length fields: the cursor.
pub fn variable_body(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let max = key.max_width;
    let ident = key.ident;
    let name = ident.to_string();
    let max = lit(max);
    let writes = key.fields.iter().enumerate().map(|(i, f)| {
        let ident = f.ident;
        let write = write_through(f, &writer_arg(f, &quote!(self.#ident)));
        match added_present(key, i) {
            Some(present) => quote!(if #present { #write }),
            None => write,
        }
    });
    let stamp = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &quote!(__w.written()));
        quote! {
            let __bucket = #bucket;
            Self::SALT.write(__bucket, __w.written_mut())?;
        }
    });
    // The widths always written are added here, the others in the code.
    let mut fixed = Size::bytes(key.salt.as_ref().map_or(0, |s| s.width));
    let mut lens = Vec::new();
    for (i, f) in key.fields.iter().enumerate() {
        let ident = f.ident;
        let present = added_present(key, i);
        if present.is_none() && !f.runtime().cursor {
            fixed = fixed.plus(&f.width);
            continue;
        }
        let len = encoded_len(f, &quote!(self.#ident));
        lens.push(match present {
            Some(present) => quote!(+ if #present { #len } else { 0 }),
            None => quote!(+ #len),
        });
    }
    let reads = key.fields.iter().enumerate().map(|(i, f)| {
        let ident = f.ident;
        let read = if key.omittable(i) {
            read_added(f)
        } else {
            read_field(f)
        };
        quote!(let #ident = #read;)
    });
    let check_salt = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &quote!(bytes));
        quote!(Self::SALT.check(bytes, #bucket)?;)
    });
    let names = key.fields.iter().map(|f| f.ident);
    let skip_bucket = skip_bucket(key, &quote!(__w));
    let read_bucket = read_bucket(key);
    quote! {
        type Bytes = __rk::Vec<u8>;

        /// Allocates the exact length; [`RowKey::encode_into`] does not allocate.
        #[inline]
        fn encode(&self) -> __rk::Result<__rk::Vec<u8>, #krate::EncodeError> {
            __rk::codec::encode_vec(self)
        }

        #[inline]
        fn encoded_len(&self) -> usize {
            #fixed #(#lens)*
        }

        #[inline]
        fn encode_into(&self, out: &mut [u8]) -> __rk::Result<usize, #krate::EncodeError> {
            let mut __w = __rk::Writer::for_key(out, self, #name);
            #skip_bucket
            #(#writes)*
            #stamp
            __rk::codec::check_max_width(__w.position(), #max, #name)
        }

        #[inline]
        fn decode(bytes: &[u8]) -> __rk::Result<Self::Decoded<'_>, #krate::DecodeError> {
            let mut __r = __rk::Reader::for_key(bytes, #max, #name)?;
            #read_bucket
            #(#reads)*
            __r.finish(#name)?;
            #check_salt
            __rk::Ok(#ident { #(#names),* })
        }
    }
}
