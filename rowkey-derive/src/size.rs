//! Widths and offsets as generated code computes them: numbers, plus the
//! widths of nested keys, which only the compiler knows.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

/// A width or offset: a number, plus the widths of nested keys, which are
/// known only to the compiler (`<Inner as RowKey>::WIDTH`).
#[derive(Clone, Default)]
pub struct Size {
    pub bytes: usize,
    pub keys: Vec<syn::Type>,
}

impl Size {
    pub fn bytes(n: usize) -> Size {
        Size {
            bytes: n,
            keys: Vec::new(),
        }
    }

    /// The width of the nested key `ty`, whatever its lifetimes.
    pub fn key(ty: &syn::Type) -> Size {
        Size {
            bytes: 0,
            keys: vec![static_lifetimes(ty)],
        }
    }

    /// The number, when no nested key is involved.
    pub fn known(&self) -> Option<usize> {
        self.keys.is_empty().then_some(self.bytes)
    }

    pub fn plus(&self, other: &Size) -> Size {
        let mut keys = self.keys.clone();
        keys.extend(other.keys.iter().cloned());
        Size {
            bytes: self.bytes + other.bytes,
            keys,
        }
    }

    pub fn plus_bytes(&self, n: usize) -> Size {
        self.plus(&Size::bytes(n))
    }

    /// As an expression outside the derive's `const _` block, where `__rk`
    /// is not in scope.
    pub fn expr_at(&self, krate: &syn::Path) -> TokenStream {
        let n = proc_macro2::Literal::usize_unsuffixed(self.bytes);
        let keys = &self.keys;
        if keys.is_empty() {
            quote!(#n)
        } else {
            let keys = keys
                .iter()
                .map(|k| quote_spanned!(k.span()=> <#k as #krate::RowKey>::WIDTH));
            quote!((#n #(+ #keys)*))
        }
    }

    /// As a const generic argument: a bare literal, or a braced expression.
    pub fn arg(&self) -> TokenStream {
        match self.known() {
            Some(n) => {
                proc_macro2::TokenTree::from(proc_macro2::Literal::usize_unsuffixed(n)).into()
            }
            None => quote!({ #self }),
        }
    }
}

/// `6`, or `(4 + <Md5 as __rk::RowKey>::WIDTH)`.
impl ToTokens for Size {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let n = proc_macro2::Literal::usize_unsuffixed(self.bytes);
        if self.keys.is_empty() {
            // One token, appended: the derive writes many sizes.
            quote::TokenStreamExt::append(tokens, n);
        } else {
            // Spanned on each nested type, so "not a row key" points at the field.
            let keys = self
                .keys
                .iter()
                .map(|k| quote_spanned!(k.span()=> <#k as __rk::RowKey>::WIDTH));
            tokens.extend(quote!((#n #(+ #keys)*)));
        }
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.bytes)?;
        for k in &self.keys {
            write!(f, " + {}::WIDTH", k.to_token_stream())?;
        }
        Ok(())
    }
}

/// `ty` with every lifetime made `'static`. A nested key's width is read in
/// `const` items and const arguments, where the key's own lifetimes are not
/// in scope; a key's width does not depend on its lifetimes.
pub fn static_lifetimes(ty: &syn::Type) -> syn::Type {
    let tokens = static_lifetime_tokens(ty.to_token_stream());
    // Renaming lifetimes keeps a type a type; the original is the fallback.
    syn::parse2(tokens).unwrap_or_else(|_| ty.clone())
}

/// `tokens` with the name of every lifetime (a `'` joined to an identifier)
/// replaced by `static`, in groups too.
fn static_lifetime_tokens(tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    use proc_macro2::{Group, Ident, TokenTree};
    let mut after_quote = false;
    tokens
        .into_iter()
        .map(|tree| {
            let tree = match tree {
                TokenTree::Ident(i) if after_quote => {
                    TokenTree::Ident(Ident::new("static", i.span()))
                }
                TokenTree::Group(g) => {
                    let mut inner = Group::new(g.delimiter(), static_lifetime_tokens(g.stream()));
                    inner.set_span(g.span());
                    TokenTree::Group(inner)
                }
                other => other,
            };
            after_quote = matches!(&tree, TokenTree::Punct(p) if p.as_char() == '\'');
            tree
        })
        .collect()
}
