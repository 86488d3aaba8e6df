//! `impl RowKey`: encode and decode. Fixed layouts write a `[u8; WIDTH]`
//! through constant-offset slots; keys with a variable-length field walk the
//! bytes with a cursor. Also the per-field snippets the scan helpers reuse.

use proc_macro2::{Group, Ident, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::check::unraw;
use crate::model::{Codec, Field, Key, SaltFormat, Size, TextKind};

/// The value's bytes, for string and byte fields (`String`, `&str`, `Cow<str>`, ...).
fn bytes_of(kind: TextKind, value: &TokenStream) -> TokenStream {
    if kind.is_str() {
        quote!(__rk::codec::str_bytes(&#value))
    } else {
        quote!(__rk::codec::as_bytes(&#value))
    }
}

/// Writes a fixed-width value into `slot` (a `&mut [u8; W]`). May use `?`.
fn write_value(
    f: &Field<'_>,
    width: &Size,
    slot: &TokenStream,
    value: &TokenStream,
) -> TokenStream {
    let desc = f.descending;
    let w = width.arg();
    let name = unraw(f.ident);
    match &f.codec {
        Codec::Int(_) | Codec::Float(_) if desc => quote!(__rk::int::encode_desc(#value, #slot);),
        Codec::Int(_) | Codec::Float(_) => quote!(__rk::int::encode(#value, #slot);),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::encode::<#to, _, #w>(#value, #slot, #desc, #name)?;)
        }
        Codec::Pad { digits } => {
            quote!(__rk::pad::encode::<_, #digits>(#value, #slot, #desc, #name)?;)
        }
        Codec::Fixed { kind, .. } => {
            let bytes = bytes_of(*kind, value);
            quote!(__rk::fixed::encode::<#w>(#bytes, #slot, #desc, #name)?;)
        }
        Codec::Bool => quote!(__rk::boolean::encode(#value, #slot, #desc);),
        Codec::ByteArray(_) => quote!(__rk::bytes::encode(&#value, #slot, #desc);),
        // Spanned on the field's type, so "not a row key" points there.
        Codec::Nested => quote_spanned!(f.value_ty.span()=> __rk::nested::encode(&#value, #slot)?;),
        Codec::Tag(bytes) => quote!(*#slot = [#(#bytes),*];),
        // Variable-length codecs are written through the cursor, never into a slot.
        Codec::Escaped(_) | Codec::Rest(_) => TokenStream::new(),
    }
}

/// Reads a fixed-width value from `slot` (a `&[u8; W]`). May use `?`.
fn read_value(
    f: &Field<'_>,
    width: &Size,
    slot: &TokenStream,
    offset: &TokenStream,
) -> TokenStream {
    let desc = f.descending;
    let w = width.arg();
    let name = unraw(f.ident);
    match &f.codec {
        Codec::Int(_) | Codec::Float(_) if desc => quote!(__rk::int::decode_desc(#slot)),
        Codec::Int(_) | Codec::Float(_) => quote!(__rk::int::decode(#slot)),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::decode::<#to, _, #w>(#slot, #desc, #name, #offset)?)
        }
        Codec::Pad { digits } => {
            quote!(__rk::pad::decode::<_, #digits>(#slot, #desc, #name, #offset)?)
        }
        Codec::Fixed { kind, .. } => match kind {
            TextKind::String | TextKind::CowStr => {
                quote!(::core::convert::Into::into(__rk::fixed::decode_string::<#w>(#slot, #desc, #name, #offset)?))
            }
            TextKind::Vec | TextKind::CowBytes => {
                quote!(::core::convert::Into::into(__rk::fixed::decode_vec::<#w>(#slot, #desc)))
            }
            TextKind::Str => quote!(__rk::fixed::decode_str::<#w>(#slot, #name, #offset)?),
            TextKind::Slice => quote!(__rk::fixed::decode_bytes::<#w>(#slot)),
        },
        Codec::Bool => quote!(__rk::boolean::decode(#slot, #desc, #name, #offset)?),
        Codec::ByteArray(_) => quote!(__rk::bytes::decode(#slot, #desc)),
        Codec::Nested => {
            let ty = f.value_ty;
            quote_spanned!(ty.span()=> __rk::nested::decode::<#ty>(#slot)?)
        }
        Codec::Tag(bytes) => quote!({
            __rk::tag::check(#slot, &[#(#bytes),*], #name, #offset)?;
        }),
        Codec::Escaped(_) | Codec::Rest(_) => TokenStream::new(),
    }
}

/// The encoded bytes of a range bound `v` (a reference to the helper's
/// argument type), as an `Edge`. Only for fields whose bytes keep order.
pub fn edge(f: &Field<'_>, v: &TokenStream) -> TokenStream {
    let desc = f.descending;
    let w = f.width.arg();
    let name = unraw(f.ident);
    match &f.codec {
        Codec::Int(_) | Codec::Float(_) => quote!(__rk::int::edge::<_, #w>(*#v, #desc)),
        Codec::Narrow { to, .. } => {
            let to = format_ident!("{}", to.name());
            quote!(__rk::narrow::edge::<#to, _, #w>(*#v, #desc))
        }
        Codec::Pad { digits } => quote!(__rk::pad::edge::<_, #digits>(*#v, #desc)),
        Codec::Fixed { kind, .. } => {
            let bytes = bytes_of(*kind, &quote!(**#v));
            quote!(__rk::fixed::edge::<#w>(#bytes, #desc, #name))
        }
        Codec::Bool => quote!(__rk::boolean::edge(*#v, #desc)),
        Codec::ByteArray(_) => quote!(__rk::bytes::edge(#v, #desc)),
        // `Field::ranged` keeps range helpers away from these.
        Codec::Nested | Codec::Tag(_) | Codec::Escaped(_) | Codec::Rest(_) => TokenStream::new(),
    }
}

/// The argument type a helper takes for field `f`: the field's type, or a
/// borrowed `&str` / `&[u8]` for strings and bytes. `lt` names the borrow.
pub fn param_type(f: &Field<'_>, lt: &TokenStream) -> TokenStream {
    let text = match &f.codec {
        Codec::Fixed { kind, .. } | Codec::Escaped(kind) | Codec::Rest(kind) if !f.optional => {
            Some(*kind)
        }
        _ => None,
    };
    match text {
        Some(kind) if kind.is_str() => quote!(&#lt str),
        Some(_) => quote!(&#lt [u8]),
        None => {
            let ty = f.ty;
            quote!(#ty)
        }
    }
}

/// Writes a fixed-width field (option and mirror included) into the slot
/// expression `slot` (a `&mut [u8; width]`). May use `?`.
fn write_fixed_field(f: &Field<'_>, slot: TokenStream, value: &TokenStream) -> TokenStream {
    let body = if f.optional {
        let inner = Size {
            bytes: f.width.bytes - 1,
            keys: f.width.keys.clone(),
        };
        let iw = inner.arg();
        let desc = f.descending;
        let some = write_value(
            f,
            &inner,
            &quote!(__rk::Slots::slot_mut::<1, #iw>(__s)),
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
                    __rk::option::empty(__rk::Slots::slot_mut::<1, #iw>(__s), #desc);
                }
            }
        }
    } else {
        write_value(f, &f.width, &quote!(__s), value)
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
    let mirror = f
        .mirror
        .then(|| quote!(let __m = __rk::codec::mirrored(__s); let __s = &__m;));
    let body = if f.optional {
        let inner = Size {
            bytes: f.width.bytes - 1,
            keys: f.width.keys.clone(),
        };
        let iw = inner.arg();
        let desc = f.descending;
        let name = unraw(f.ident);
        let some = read_value(
            f,
            &inner,
            &quote!(__rk::Slots::slot::<1, #iw>(__s)),
            &quote!(#offset + 1),
        );
        quote! {
            if __rk::option::presence(__rk::Slots::slot::<0, 1>(__s), #desc, #name, #offset)? {
                ::core::option::Option::Some(#some)
            } else {
                __rk::option::check_empty(__rk::Slots::slot::<1, #iw>(__s), #desc, #name, #offset + 1)?;
                ::core::option::Option::None
            }
        }
    } else {
        read_value(f, &f.width, &quote!(__s), offset)
    };
    quote! {{
        let __s = #slot;
        #mirror
        #body
    }}
}

/// Writes field `f` (value: the expression `value`) into the `[u8; WIDTH]`
/// place `target` at the field's constant offset. May use `?`.
pub fn encode_field(f: &Field<'_>, target: &TokenStream, value: &TokenStream) -> TokenStream {
    let (o, w) = (f.offset.arg(), f.width.arg());
    write_fixed_field(
        f,
        quote!(__rk::Slots::slot_mut::<#o, #w>(&mut #target)),
        value,
    )
}

/// Writes field `f` through the cursor `__w`. May use `?`.
pub fn write_field(f: &Field<'_>, value: &TokenStream) -> TokenStream {
    let desc = f.descending;
    match &f.codec {
        Codec::Escaped(kind) => {
            let bytes = bytes_of(*kind, value);
            quote!(__rk::escaped::encode(&mut __w, #bytes, #desc)?;)
        }
        Codec::Rest(kind) => {
            let bytes = bytes_of(*kind, value);
            quote!(__w.rest(#bytes, #desc)?;)
        }
        _ => {
            let w = f.width.arg();
            write_fixed_field(f, quote!(__w.slot::<#w>()?), value)
        }
    }
}

/// Reads field `f` through the cursor `__r`. May use `?`.
fn read_field(f: &Field<'_>) -> TokenStream {
    let desc = f.descending;
    let name = unraw(f.ident);
    match &f.codec {
        Codec::Escaped(kind) => {
            let get = match kind {
                TextKind::String => quote!(__e.to_owned_string()?),
                TextKind::Vec => quote!(__e.to_vec()),
                TextKind::Str => quote!(__e.borrowed_str()?),
                TextKind::Slice => quote!(__e.borrowed()?),
                TextKind::CowStr => quote!(__e.to_cow_str()?),
                TextKind::CowBytes => quote!(__e.to_cow()),
            };
            quote!({
                let __e = __rk::escaped::decode(&mut __r, #desc, #name)?;
                #get
            })
        }
        Codec::Rest(kind) => {
            let get = match kind {
                TextKind::Str => quote!(__rk::codec::utf8(__rest, #name, __at)?),
                TextKind::Slice => quote!(__rest),
                TextKind::String => {
                    quote!(<__rk::String as ::core::convert::From<&str>>::from(__rk::codec::utf8(__rest, #name, __at)?))
                }
                TextKind::Vec => quote!(<__rk::Vec<u8> as ::core::convert::From<&[u8]>>::from(
                    __rest
                )),
                TextKind::CowStr => {
                    quote!(__rk::Cow::Borrowed(__rk::codec::utf8(__rest, #name, __at)?))
                }
                TextKind::CowBytes => quote!(__rk::Cow::Borrowed(__rest)),
            };
            quote!({
                let __at = __r.position();
                let __rest = __r.rest();
                #get
            })
        }
        _ => {
            let w = f.width.arg();
            let read = read_fixed_field(f, quote!(__t), &quote!(__at));
            quote!({
                let __at = __r.position();
                let __t = __r.take::<#w>(#name)?;
                #read
            })
        }
    }
}

/// The bucket the salted fields in `key_bytes` (a slice or array of the key) hash to.
pub fn bucket_expr(key: &Key<'_>, key_bytes: &TokenStream) -> TokenStream {
    let Some(salt) = &key.salt else {
        return quote!(0u32);
    };
    if salt.format == SaltFormat::Phoenix {
        let sw = salt.width;
        return quote!(Self::SALT.bucket_of(&#key_bytes[#sw..]));
    }
    let contiguous = salt.fields.windows(2).all(|p| p[1] == p[0] + 1);
    let span = |i: usize| {
        let f = &key.fields[i];
        (f.offset.clone(), f.offset.plus(&f.width))
    };
    if contiguous {
        let (a, _) = span(salt.fields[0]);
        let (_, b) = span(salt.fields[salt.fields.len() - 1]);
        quote!(Self::SALT.bucket_of(&#key_bytes[#a..#b]))
    } else {
        let parts = salt.fields.iter().map(|&i| {
            let (a, b) = span(i);
            quote!(&#key_bytes[#a..#b])
        });
        quote!(Self::SALT.bucket_of_parts(&[#(#parts),*]))
    }
}

/// [`bucket_expr`] for a fixed key being written into the array `key_array`:
/// hashes a copy of the salted bytes, so the array's address never reaches
/// the (not inlined) hash function and the compiler can build the key in
/// place, without a copy per encode.
fn fixed_bucket_expr(key: &Key<'_>, key_array: &TokenStream) -> TokenStream {
    let Some(salt) = &key.salt else {
        return quote!(0u32);
    };
    let contiguous = salt.fields.windows(2).all(|p| p[1] == p[0] + 1);
    if salt.format == SaltFormat::Phoenix || !contiguous {
        return bucket_expr(key, key_array);
    }
    let first = &key.fields[salt.fields[0]];
    let len = salt
        .fields
        .iter()
        .fold(Size::bytes(0), |n, &i| n.plus(&key.fields[i].width));
    let (a, len) = (first.offset.arg(), len.arg());
    quote!(Self::SALT.bucket_of(&{ *__rk::Slots::slot::<#a, #len>(&#key_array) }))
}

/// The type with every lifetime written `'_`, for a `const` outside the
/// impl, where the struct's lifetimes are not in scope.
fn erase_lifetimes(ty: TokenStream) -> TokenStream {
    let mut after_quote = false;
    ty.into_iter()
        .map(|tt| {
            let tt = match tt {
                TokenTree::Ident(i) if after_quote => TokenTree::Ident(Ident::new("_", i.span())),
                TokenTree::Group(g) => {
                    let mut ng = Group::new(g.delimiter(), erase_lifetimes(g.stream()));
                    ng.set_span(g.span());
                    TokenTree::Group(ng)
                }
                other => other,
            };
            after_quote = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '\'');
            tt
        })
        .collect()
}

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

pub fn row_key_impl(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let (impl_generics, ty_generics, where_clause) = key.generics.split_for_impl();
    let layout = super::layout::layout(key);
    let decoded = decoded_type(key);
    let w = &key.width;
    let body = if key.variable {
        variable_body(key)
    } else {
        fixed_body(key)
    };
    let variable = key.variable;
    // A nested key gets a slot of its `WIDTH`, the shortest encoding of a
    // variable-length key: refuse those at compile time, at the field's type.
    let fixed_nested = key
        .fields
        .iter()
        .filter(|f| matches!(f.codec, Codec::Nested))
        .map(|f| {
            let ty = f.value_ty;
            let inferred = erase_lifetimes(quote!(#ty));
            quote_spanned!(ty.span()=> const _: () = __rk::nested::assert_fixed::<#inferred>();)
        });
    quote! {
        #(#fixed_nested)*
        #[automatically_derived]
        impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
            const WIDTH: usize = #w;
            const VARIABLE: bool = #variable;
            const LAYOUT: #krate::Layout = #layout;
            type Decoded<'de> = #decoded;
            #body
        }
    }
}

fn fixed_body(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let ident = key.ident;
    let name = ident.to_string();
    let w = key.width.arg();
    let target = quote!(__key);
    let encodes = key.fields.iter().map(|f| {
        let ident = f.ident;
        encode_field(f, &target, &quote!(self.#ident))
    });
    let stamp = key.salt.as_ref().map(|_| {
        let bucket = fixed_bucket_expr(key, &target);
        quote!(Self::SALT.write(#bucket, &mut __key);)
    });
    let decodes = key.fields.iter().map(|f| {
        let ident = f.ident;
        let (o, fw) = (f.offset.arg(), f.width.arg());
        let off = &f.offset;
        let read = read_fixed_field(
            f,
            quote!(__rk::Slots::slot::<#o, #fw>(__key)),
            &quote!(#off),
        );
        quote!(let #ident = #read;)
    });
    let check_salt = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &quote!(__key));
        quote!(Self::SALT.check(__key, #bucket)?;)
    });
    let names = key.fields.iter().map(|f| f.ident);
    quote! {
        type Bytes = [u8; #w];

        #[inline]
        fn encode(&self) -> __rk::Result<[u8; #w], #krate::EncodeError> {
            let mut __key = [0u8; #w];
            #(#encodes)*
            #stamp
            __rk::Ok(__key)
        }

        #[inline]
        fn encode_into(&self, out: &mut [u8]) -> __rk::Result<usize, #krate::EncodeError> {
            __rk::codec::write_key(&#krate::RowKey::encode(self)?, out, #name)
        }

        #[inline]
        fn decode(bytes: &[u8]) -> __rk::Result<Self::Decoded<'_>, #krate::DecodeError> {
            let __key = __rk::codec::read_key::<#w>(bytes, #name)?;
            #(#decodes)*
            #check_salt
            __rk::Ok(#ident { #(#names),* })
        }
    }
}

fn variable_body(key: &Key<'_>) -> TokenStream {
    let krate = &key.krate;
    let max = key.max_width;
    let ident = key.ident;
    let name = ident.to_string();
    let sw = key.salt.as_ref().map_or(0, |s| s.width);
    let writes = key.fields.iter().map(|f| {
        let ident = f.ident;
        write_field(f, &quote!(self.#ident))
    });
    let stamp = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &quote!(__w.written()));
        quote! {
            let __bucket = #bucket;
            Self::SALT.write(__bucket, __w.written_mut());
        }
    });
    let lens = key.fields.iter().map(|f| {
        let ident = f.ident;
        match &f.codec {
            Codec::Escaped(kind) => {
                let b = bytes_of(*kind, &quote!(self.#ident));
                quote!(+ __rk::escaped::encoded_len(#b))
            }
            Codec::Rest(kind) => {
                let b = bytes_of(*kind, &quote!(self.#ident));
                quote!(+ #b.len())
            }
            _ => {
                let w = &f.width;
                quote!(+ #w)
            }
        }
    });
    let reads = key.fields.iter().map(|f| {
        let ident = f.ident;
        let read = read_field(f);
        quote!(let #ident = #read;)
    });
    let check_salt = key.salt.as_ref().map(|_| {
        let bucket = bucket_expr(key, &quote!(bytes));
        quote!(Self::SALT.check(bytes, #bucket)?;)
    });
    let names = key.fields.iter().map(|f| f.ident);
    quote! {
        type Bytes = __rk::Vec<u8>;

        /// Allocates the exact length; [`RowKey::encode_into`] does not allocate.
        fn encode(&self) -> __rk::Result<__rk::Vec<u8>, #krate::EncodeError> {
            let mut __out = __rk::vec![0u8; #krate::RowKey::encoded_len(self)];
            let __n = #krate::RowKey::encode_into(self, &mut __out)?;
            __out.truncate(__n);
            __rk::Ok(__out)
        }

        fn encoded_len(&self) -> usize {
            #sw #(#lens)*
        }

        fn encode_into(&self, out: &mut [u8]) -> __rk::Result<usize, #krate::EncodeError> {
            let mut __w = __rk::Writer::new(out, #name);
            __w.take(#sw)?;
            #(#writes)*
            #stamp
            __rk::codec::check_max_width(__w.position(), #max, #name)
        }

        fn decode(bytes: &[u8]) -> __rk::Result<Self::Decoded<'_>, #krate::DecodeError> {
            let mut __r = __rk::Reader::new(bytes);
            __r.take::<#sw>(#name)?;
            #(#reads)*
            __r.finish(#name)?;
            #check_salt
            __rk::Ok(#ident { #(#names),* })
        }
    }
}
