//! The two token helpers every stage that writes code shares.

use proc_macro2::Literal;

/// `quote!` with every generated token spanned `Span::mixed_site()`: the
/// locals generated code creates (`__key`, `__w`, `bytes`, ...) get
/// macro_rules hygiene, so a field named like one of them cannot capture or
/// shadow it, while items and paths resolve where the derive is written.
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
