//! Expand: writes the code for a complete [`Key`], one file per generated
//! capability. Everything lands in `const _: () = { ... }` and reaches the
//! runtime through `__rk`, the one hidden path, so `cargo expand` reads short.
//!
//! Every token is spanned `Span::mixed_site()` (see [`crate::tokens::q`]):
//! the locals the code creates (`__key`, `__w`, `bytes`, ...) get
//! macro_rules hygiene, so a field named like one of them cannot capture or
//! shadow it, while items and paths resolve where the derive is written.
//! Tokens from the user's input keep their own spans.
//!
//! The key's format decides how its fields follow one another, and so the
//! bodies of `encode` and `decode` and the scan helpers; [`Walk`] is that
//! choice, made once here.

mod checks;
mod encode;
mod field;
mod layout;
mod names;
mod phoenix;
mod pinned;
pub mod record;
mod salt;
mod scan;
mod select;
mod view;

use proc_macro2::TokenStream;
use rowkey_format::KeyFormat;

use crate::model::Key;
use crate::tokens::q;

/// How generated code walks a key's bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Every field at a constant offset of a `[u8; WIDTH]`.
    Fixed,
    /// Field after field through a cursor (plain and HBase `Struct` keys
    /// with a variable-length field).
    Cursor,
    /// A Phoenix key with a `VARCHAR`: a cursor, and separators that depend
    /// on the columns after each `VARCHAR`.
    Phoenix,
}

impl Walk {
    fn of(key: &Key<'_>) -> Walk {
        match (key.format, key.variable) {
            (_, false) => Walk::Fixed,
            (KeyFormat::Phoenix, true) => Walk::Phoenix,
            (_, true) => Walk::Cursor,
        }
    }
}

pub fn key(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let types = names::type_aliases(key);
    // What the helpers return, by the aliases `names::type_aliases` writes.
    let returns = (q!(__Scan), q!(__Scans));
    let (body, helpers, pins, writers) = match Walk::of(key) {
        Walk::Fixed => (
            encode::fixed_body(key),
            scan::helpers(key, &returns),
            pinned::items(key),
            encode::fixed_fields(key),
        ),
        Walk::Cursor => (
            encode::variable_body(key),
            scan::helpers(key, &returns),
            pinned::items(key),
            field::writers(key, |f| {
                (!field::writes_inline(f)).then(|| field::writer_fn(key, f))
            }),
        ),
        Walk::Phoenix => (
            phoenix::variable_body(key),
            phoenix::helpers(key, &names::range_types(key)),
            TokenStream::new(),
            field::writers(key, |f| Some(phoenix::writer_fn(key, f))),
        ),
    };
    let checks = checks::checks(key);
    let row_key = encode::row_key_impl(key, body);
    let salt = salt::items(key);
    let view = view::view(key);
    // Opt-in: a builder costs its crate about as much to compile as the key's helpers.
    let (select, select_fn) = match key.select {
        true => (select::items(key), select::entry(key)),
        false => (TokenStream::new(), TokenStream::new()),
    };
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    q! {
        #view
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use #krate::__private as __rk;
            #types
            #checks
            #pins
            #writers
            #row_key
            #select
            impl #impl_generics #ident #ty_generics #where_clause {
                #salt
                #(#helpers)*
                #select_fn
            }
        };
    }
}
