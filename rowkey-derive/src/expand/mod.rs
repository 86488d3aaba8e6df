//! Expand: writes the code for a complete [`Key`], one file per generated
//! capability. Everything lands in `const _: () = { ... }` and reaches the
//! runtime through `__rk`, the one hidden path, so `cargo expand` reads short.
//!
//! Every token is spanned `Span::mixed_site()` (see [`q`]): the locals the
//! code creates (`__key`, `__w`, `bytes`, ...) get macro_rules hygiene, so a
//! field named like one of them cannot capture or shadow it, while items
//! and paths resolve where the derive is written. Tokens from the user's
//! input keep their own spans.

mod checks;
mod encode;
mod field;
mod layout;
mod ordered;
mod phoenix;
mod pinned;
pub mod record;
mod scan;
mod view;

use proc_macro2::{Literal, TokenStream};

use crate::model::Key;

/// `quote!` with every generated token spanned `Span::mixed_site()`.
macro_rules! q {
    ($($t:tt)*) => {
        ::quote::quote_spanned!(::proc_macro2::Span::mixed_site()=> $($t)*)
    };
}
pub(crate) use q;

/// A number as an unsuffixed literal: `6`, not `6usize`.
pub fn lit(n: usize) -> Literal {
    Literal::usize_unsuffixed(n)
}

pub fn key(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let checks = checks::checks(key);
    // A fixed key's fields are written inline (`pinned::fixed_statements`).
    let writers = key.variable.then(|| {
        let fns = key.fields.iter().map(|f| {
            if key.phoenix {
                phoenix::writer_fn(key, f)
            } else {
                field::writer_fn(key, f)
            }
        });
        q! {
            /// One function per field, writing it through the cursor.
            struct __Fields;
            impl __Fields {
                #(#fns)*
            }
        }
    });
    let row_key = encode::row_key_impl(key);
    let helpers = scan::helpers(key);
    let pins = pinned::items(key);
    let view = view::view(key);
    q! {
        #view
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use #krate::__private as __rk;
            #checks
            #pins
            #writers
            #row_key
            #helpers
        };
    }
}
