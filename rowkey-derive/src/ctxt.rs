//! Collects every error of one derive, so the user sees them all at once.
//!
//! The stages run one after the other over the whole struct (parse, lower,
//! check), but errors are shown in source order: each carries the scope it
//! was found in (the struct, one field, or the key as a whole) and `finish`
//! orders them by scope, stably.

use std::cell::{Cell, RefCell};
use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// Where an error belongs, in the order the user reads them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    /// The struct's attributes, generics and shape.
    Struct,
    /// The field at this index.
    Field(usize),
    /// A rule across fields.
    Key,
}

pub struct Ctxt {
    errors: RefCell<Vec<(Scope, syn::Error)>>,
    scope: Cell<Scope>,
}

impl Ctxt {
    pub fn new() -> Ctxt {
        Ctxt {
            errors: RefCell::default(),
            scope: Cell::new(Scope::Struct),
        }
    }

    /// Files the errors reported from now on under `scope`.
    pub fn scope(&self, scope: Scope) {
        self.scope.set(scope);
    }

    /// An error spanned on `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.push(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// An error at `span`.
    pub fn error_at<M: Display>(&self, span: Span, message: M) {
        self.push(syn::Error::new(span, message));
    }

    pub fn push(&self, err: syn::Error) {
        self.errors.borrow_mut().push((self.scope.get(), err));
    }

    /// All errors combined in source order, if there were any.
    pub fn finish(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_inner();
        errors.sort_by_key(|(scope, _)| *scope);
        let mut errors = errors.into_iter().map(|(_, e)| e);
        let Some(mut first) = errors.next() else {
            return Ok(());
        };
        for e in errors {
            first.combine(e);
        }
        Err(first)
    }
}
