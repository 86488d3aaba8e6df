//! One field's code: how its value is written and read, its length, its
//! range bound and its helper argument type; and, for a variable key, the
//! one function per field that writes it through the cursor. Every codec is
//! called the same way, through its runtime module ([`Field::runtime`]):
//! `put`/`get`/`edge` on a slot of fixed width, `write`/`read`/`len`
//! through the cursor. `Option`'s presence byte and `#[mirror]` wrap them.

use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::spanned::Spanned;

use crate::codec::TextKind;
use crate::model::{Field, Key, Size};
use crate::symbol::unraw;
use crate::tokens::q as quote;

/// The value as the codec's module takes it: a copy, or a reference.
fn arg(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    if f.runtime().by_ref {
        quote!(&#value)
    } else {
        quote!(#value)
    }
}

/// Writes a value (not an `Option`'s) into `slot`, a `&mut [u8; W]`. May use `?`.
fn put(f: &Field<'_>, slot: &TokenStream, value: &TokenStream) -> TokenStream {
    let rt = f.runtime();
    let (m, g, args) = (&rt.module, &rt.generics, &rt.args);
    let (v, desc, name) = (arg(f, value), f.descending, unraw(f.ident));
    if let Some(ty) = &rt.key {
        return quote_spanned!(ty.span()=> <#ty as __rk::RowKey>::encode_into(#v, #slot)?;);
    }
    if !rt.put_fails {
        return quote!(#m::put #g (#args #v, #slot, #desc););
    }
    quote!(#m::put #g (#args #v, #slot, #desc, #name)?;)
}

/// Reads a value (not an `Option`'s) from `slot`, a `&[u8; W]` whose first
/// byte is at `offset`: an expression. May use `?`.
fn get(f: &Field<'_>, slot: &TokenStream, offset: &TokenStream) -> TokenStream {
    let rt = f.runtime();
    let (m, g, args) = (&rt.module, &rt.generics, &rt.args);
    let (desc, name) = (f.descending, unraw(f.ident));
    if let Some(ty) = &rt.key {
        return quote_spanned!(ty.span()=> <#ty as __rk::RowKey>::decode(#slot)?);
    }
    if !rt.get_fails {
        return quote!(#m::get #g (#args #slot, #desc));
    }
    quote!(#m::get #g (#args #slot, #desc, #name, #offset)?)
}

/// The width of an `Option`'s value, after its presence byte.
fn inner_width(f: &Field<'_>) -> Size {
    Size {
        bytes: f.width.bytes - 1,
        keys: f.width.keys.clone(),
    }
}

/// Writes a fixed-width field (option and mirror included) into the slot
/// expression `slot` (a `&mut [u8; width]`). May use `?`.
fn write_fixed_field(f: &Field<'_>, slot: TokenStream, value: &TokenStream) -> TokenStream {
    let body = if f.optional {
        let iw = inner_width(f).arg();
        let desc = f.descending;
        let some = put(
            f,
            &quote!(__rk::Slots::at_mut::<#iw>(__s, 1)),
            &quote!((*__v)),
        );
        quote! {
            match &#value {
                ::core::option::Option::Some(__v) => {
                    __s[0] = __rk::option::marker(true, #desc);
                    #some
                }
                ::core::option::Option::None => {
                    __s[0] = __rk::option::marker(false, #desc);
                    __rk::option::empty(__rk::Slots::at_mut::<#iw>(__s, 1), #desc);
                }
            }
        }
    } else {
        put(f, &quote!(__s), value)
    };
    let mirror = f.mirror.then(|| quote!(__rk::codec::mirror(__s);));
    quote! {{
        let __s = #slot;
        #body
        #mirror
    }}
}

/// Reads a fixed-width field (option and mirror included) from the slot
/// expression `slot` (a `&[u8; width]`) whose first byte is at `offset`.
pub fn read_fixed_field(f: &Field<'_>, slot: TokenStream, offset: &TokenStream) -> TokenStream {
    let body = if f.optional {
        let iw = inner_width(f).arg();
        let desc = f.descending;
        let name = unraw(f.ident);
        let some = get(
            f,
            &quote!(__rk::Slots::at::<#iw>(__s, 1)),
            &quote!(#offset + 1),
        );
        quote! {
            if __rk::option::presence(__rk::Slots::at::<1>(__s, 0), #desc, #name, #offset)? {
                ::core::option::Option::Some(#some)
            } else {
                __rk::option::check_empty(__rk::Slots::at::<#iw>(__s, 1), #desc, #name, #offset + 1)?;
                ::core::option::Option::None
            }
        }
    } else {
        get(f, &quote!(__s), offset)
    };
    if f.mirror {
        // The bytes are read back in order; errors name their byte in the key.
        return quote!(__rk::codec::read_mirrored(#slot, #offset, |__s| __rk::Ok(#body))?);
    }
    quote! {{
        let __s = #slot;
        #body
    }}
}

/// Whether field `f` of a fixed key is read out of the whole key, its
/// check left for later (see `Codec::reads_in_key`): its codec does so and
/// the field is plain (no `Option`, no mirror).
pub fn reads_in_key(f: &Field<'_>) -> bool {
    f.codec.reads_in_key() && !f.optional && !f.mirror
}

/// Reads field `f` (one that [`reads_in_key`]) of the fixed key `key` (a
/// `&[u8; WIDTH]`), `run` the span of the key that the fields read with it
/// cover: an expression of the codec's unchecked read (`bad`, `check`, `value`).
pub fn read_in_key(f: &Field<'_>, key: &TokenStream, run: &TokenStream) -> TokenStream {
    let rt = f.runtime();
    let (m, g, args) = (&rt.module, &rt.generics, &rt.args);
    let (desc, name, off) = (f.descending, unraw(f.ident), &f.offset);
    quote!(#m::read_in #g (#args #key, #off, #run, #desc, #name))
}

/// Writes field `f` (value: the expression `value`) into the `[u8; WIDTH]`
/// place `target` at the field's constant offset. May use `?`.
pub fn encode_field(f: &Field<'_>, target: &TokenStream, value: &TokenStream) -> TokenStream {
    let slot = window(f, quote!(at_mut), quote!(&mut #target));
    write_fixed_field(f, slot, value)
}

/// Field `f`'s bytes in the key `key` (`&[u8; WIDTH]`, or `&mut` with
/// `method` `at_mut`): `Slots::at` at the field's offset, which takes its
/// width from the codec call when that names it, so the key's crate
/// evaluates no constant for it.
pub fn window(f: &Field<'_>, method: TokenStream, key: TokenStream) -> TokenStream {
    let o = f.offset.arg();
    let rt = f.runtime();
    if rt.sized && !f.optional && !f.mirror {
        return quote!(__rk::Slots::#method(#key, #o));
    }
    let w = f.width.arg();
    quote!(__rk::Slots::#method::<#w>(#key, #o))
}

/// Writes field `f` through the cursor `__w`. May use `?`.
pub fn write_field(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    let rt = f.runtime();
    if !rt.cursor {
        let w = f.width.arg();
        return write_fixed_field(f, quote!(__w.slot::<#w>()?), value);
    }
    let (m, g, args) = (&rt.module, &rt.generics, &rt.args);
    let (desc, name) = (f.descending, unraw(f.ident));
    quote!(#m::write #g (#args __w, &#value, #desc, #name)?;)
}

/// Reads field `f` through the cursor `__r`: an expression. May use `?`.
pub fn read_field(f: &Field<'_>) -> TokenStream {
    let rt = f.runtime();
    let name = unraw(f.ident);
    if !rt.cursor {
        let w = f.width.arg();
        if !rt.get_fails && !f.optional && !f.mirror {
            // No error to place at an offset: the bytes go straight to the codec.
            return get(f, &quote!(__r.take::<#w>(#name)?), &TokenStream::new());
        }
        let read = read_fixed_field(f, quote!(__t), &quote!(__at));
        return quote!({
            let __at = __r.position();
            let __t = __r.take::<#w>(#name)?;
            #read
        });
    }
    let (m, g, args) = (&rt.module, &rt.generics, &rt.args);
    let desc = f.descending;
    quote!(#m::read #g (#args &mut __r, #desc, #name)?)
}

/// The number of bytes field `f` holding `value` encodes to.
pub fn encoded_len(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    let rt = f.runtime();
    if !rt.cursor {
        let w = &f.width;
        return quote!(#w);
    }
    let (m, g, args) = (&rt.module, &rt.generics, &rt.args);
    let desc = f.descending;
    quote!(#m::len #g (#args &#value, #desc))
}

/// For a field whose codec checks its range first (`pad`), that check
/// alone, made before any byte is written: no digit is then held across a
/// branch, and the same check inside `put` folds away. Without `in_order`
/// the check returns its own error (no field before it can fail); with it,
/// a value out of range first runs `in_order`, which returns the error of
/// a bad field before it, if any.
pub fn check_first(
    f: &Field<'_>,
    value: &TokenStream,
    in_order: Option<&TokenStream>,
) -> Option<TokenStream> {
    if !f.codec.checked_first() || f.optional {
        return None;
    }
    let rt = f.runtime();
    let (m, g, name) = (&rt.module, &rt.generics, unraw(f.ident));
    let check = quote!(#m::check #g (#value, #name)?;);
    Some(match in_order {
        Some(in_order) => quote!(if !#m::fits #g (#value) { #in_order #check }),
        None => check,
    })
}

/// The function that encodes a range bound of `f` (a reference to the
/// helper's bound) and the field's order into an `Edge`, and whether it
/// takes the value itself (a `fn(T, bool)`, passed without a closure of
/// its own) rather than a reference to it. Only for fields whose bytes
/// keep order.
pub fn edge_fn(f: &Field<'_>) -> (TokenStream, bool) {
    let rt = f.runtime();
    let (m, g, desc) = (&rt.module, &rt.generics, f.descending);
    if rt.by_ref {
        (quote!(|__v| #m::edge #g (__v, #desc)), false)
    } else {
        (quote!(#m::edge #g), true)
    }
}

/// The kind of string or bytes a helper borrows for field `f`, `None` when
/// it takes the field's own type.
pub fn borrowed_text(f: &Field<'_>) -> Option<TextKind> {
    f.codec.text_kind().filter(|_| !f.optional)
}

/// The argument type a helper takes for field `f`: the field's type, or a
/// borrowed `&str` / `&[u8]` for strings and bytes. `lt` names the borrow.
pub fn param_type(f: &Field<'_>, lt: &TokenStream) -> TokenStream {
    match borrowed_text(f) {
        Some(kind) if kind.is_str() => quote!(&#lt str),
        Some(_) => quote!(&#lt [u8]),
        None => {
            let ty = f.ty;
            quote!(#ty)
        }
    }
}

/// The function that writes `f`: an associated function of `__Fields`, a
/// type of the derive's block, so no local of a helper (whose arguments are
/// named after the fields) can shadow it.
pub fn writer(f: &Field<'_>) -> TokenStream {
    let ident = f.ident;
    quote!(__Fields::#ident)
}

/// The argument a writer takes for `value`, an expression of the field's
/// type or of the helper's argument type (`&str` derefs from `String`).
/// A tag's writer takes `&()`: helpers have no argument for it.
pub fn writer_arg(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    if f.takes_value() {
        quote!(&#value)
    } else {
        quote!(&())
    }
}

/// `fn user_id(__w, value)` of `__Fields`: writes the field of a variable
/// key through its cursor.
pub fn writer_fn(key: &Key<'_>, f: &Field<'_>) -> TokenStream {
    let krate = &key.krate;
    let (impl_generics, _, where_clause) = key.generics.split_for_impl();
    let name = f.ident;
    let ty = param_type(f, &TokenStream::new());
    let ty = match (f.takes_value(), borrowed_text(f)) {
        (_, Some(_)) => ty,
        (false, None) => quote!(&()),
        (true, None) => quote!(&#ty),
    };
    let body = write_field(f, &quote!((*__v)));
    let doc = format!("Writes `{}`.", unraw(f.ident));
    quote! {
        #[doc = #doc]
        #[inline(always)]
        fn #name #impl_generics (__w: &mut __rk::Writer<'_>, __v: #ty) -> __rk::Result<(), #krate::EncodeError> #where_clause {
            #body
            __rk::Ok(())
        }
    }
}

/// `struct __Fields` with the writer functions `writer_fn` gives, for a
/// variable key; nothing when it gives none.
pub fn writers(
    key: &Key<'_>,
    writer_fn: impl Fn(&Field<'_>) -> Option<TokenStream>,
) -> TokenStream {
    let fns: Vec<_> = key.fields.iter().filter_map(writer_fn).collect();
    if fns.is_empty() {
        return TokenStream::new();
    }
    quote! {
        /// One function per field written through the cursor.
        struct __Fields;
        impl __Fields {
            #(#fns)*
        }
    }
}

/// Whether field `f` of a variable key is written in place rather than by
/// a function of `__Fields`: a value of fixed width in its own type, whose
/// statements are as short as the call would be and cost the compiler no
/// function of their own.
pub fn writes_inline(f: &Field<'_>) -> bool {
    !f.runtime().cursor && f.takes_value() && borrowed_text(f).is_none()
}

/// Writes field `f` of a variable key through the cursor `__w`, `value` a
/// reference to its value ([`writer_arg`]): in place or through its writer
/// ([`writes_inline`]). May use `?`.
pub fn write_through(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    if writes_inline(f) {
        return write_field(f, &quote!((*#value)));
    }
    let writer = writer(f);
    quote!(#writer(&mut __w, #value)?;)
}
