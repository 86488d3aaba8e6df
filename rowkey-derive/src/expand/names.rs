//! The names, documentation and signatures of the scan helpers.

use proc_macro2::{Ident, TokenStream};
use rowkey_format::limits::range_capacity;
use rowkey_format::limits::INLINE_RANGE_LIMIT;
use rowkey_format::names::{self, Helper};

use super::field::param_type;
use crate::model::{Field, Key};
use crate::symbol::unraw;
use crate::tokens::{lit, q as quote};

/// The types the helpers return: one range, and the bucket fan-out. Inline
/// and sized to the key (`WIDTH + 1` bytes) for fixed keys; on the heap for
/// variable-length keys and fixed keys of `INLINE_RANGE_LIMIT` bytes or more.
pub fn range_types(key: &Key<'_>) -> (TokenStream, TokenStream) {
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

/// `__Scan`, `__Scans` (what a helper returns: the [`range_types`] in a
/// `Result`) and, for a fixed key, `__Bytes` (its `[u8; WIDTH]`): written
/// once per key rather than in every signature, so the key's crate
/// evaluates each width once and parses each type once. Documentation shows
/// the types they stand for.
pub fn type_aliases(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let (range, ranges) = range_types(key);
    let bytes = (!key.variable).then(|| {
        let w = key.width.arg();
        quote!(type __Bytes = [u8; #w];)
    });
    // Only a salted key's helpers fan out over its buckets.
    let ranges = key.salt.is_some().then(|| {
        quote! {
            #[allow(dead_code)]
            type __Scans = __rk::Result<#ranges, #krate::EncodeError>;
        }
    });
    quote! {
        #[allow(dead_code)]
        type __Scan = __rk::Result<#range, #krate::EncodeError>;
        #ranges
        #bytes
    }
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

pub fn listed(fields: &[Field<'_>]) -> String {
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
pub fn bytes_doc(fields: &[Field<'_>]) -> String {
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
pub fn params<'a>(fields: &'a [Field<'a>]) -> impl Iterator<Item = TokenStream> + 'a {
    fields.iter().filter(|f| f.takes_value()).map(|f| {
        let ident = f.ident;
        let ty = param_type(f, &TokenStream::new());
        quote!(#ident: #ty,)
    })
}
