//! What the derive knows of each codec, in one place: the codec an
//! attribute chose, its width, whether it is variable or ordered, how the
//! layout table names it, its descriptor in `LAYOUT`, and the runtime
//! module generated code calls for it. Generated code calls every codec the
//! same way (`put`/`get`/`edge` on a slot, `write`/`read`/`len` through the
//! cursor); a codec's row here says which module, with which arguments.

mod types;

use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::spanned::Spanned;

use crate::size::Size;
use crate::tokens::{lit, q as quote};
pub use types::{FloatTy, IntTy, OrderedTy, PhoenixCol, TextKind, VarType};

/// A form of `#[ordered(..)]` beyond `#[ordered]`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OrderedForm {
    /// `#[ordered(copy)]`: HBase's `BlobCopy`.
    Copy,
    /// `#[ordered(numeric)]`: HBase's `Numeric`.
    Numeric,
}

/// The forms `#[ordered(..)]` takes beyond `#[ordered]`: each one's word,
/// and what it writes (for messages).
pub const ORDERED_FORMS: &[(&str, OrderedForm, &str)] = &[
    (
        "copy",
        OrderedForm::Copy,
        "a last bytes field written as HBase's `BlobCopy`",
    ),
    (
        "numeric",
        OrderedForm::Numeric,
        "an `i64` or `f64` written as HBase's `Numeric`",
    ),
];

/// How a field is written. Every variant is legal for its field's type.
#[derive(Clone, PartialEq, Eq)]
pub enum Codec {
    /// Native-width big-endian integer (sign bit flipped for signed).
    Int(IntTy),
    /// `#[be_u16]` / `#[be_u32]` / `#[be_u64]` on an integer of type `from`.
    Narrow {
        to: IntTy,
        from: IntTy,
    },
    /// `#[pad(N)]` on an unsigned integer of type `ty`.
    Pad {
        digits: usize,
        ty: IntTy,
    },
    /// `#[fixed(N)]` on a string or bytes.
    Fixed {
        width: usize,
        kind: TextKind,
    },
    Bool,
    /// `[u8; N]`
    ByteArray(usize),
    /// `f32` / `f64`, in `total_cmp` order.
    Float(FloatTy),
    /// A type that implements `RowKey` (a derived key, `Md5`), embedded.
    Nested,
    /// `#[tag(..)]` on `()`: these constant bytes.
    Tag(Vec<u8>),
    /// `#[escaped]`: order-preserving, self-delimiting, any position.
    Escaped(TextKind),
    /// The last field, unescaped: the rest of the key.
    Rest(TextKind),
    /// `#[java]`: Java's `Bytes.toBytes`, which keeps no order for negative values.
    Java(rowkey_format::JavaType),
    /// `#[ordered]`: HBase's `OrderedBytes` fixed-width `i8`..`i64`, `f32`, `f64`.
    Ordered(OrderedTy),
    /// `#[ordered]` on a string (`Text`) or bytes (`BlobVar`), or
    /// `#[ordered(copy)]` on the last field's bytes (`BlobCopy`).
    OrderedVar {
        ty: VarType,
        kind: TextKind,
    },
    /// A column of a `#[rowkey(phoenix)]` key.
    Phoenix(PhoenixCol),
    /// `#[ordered(numeric)]`: HBase's `OrderedNumeric` of an `f64` (`float`)
    /// or an `i64`, whose type rule is the runtime's `NumericField` bound.
    Numeric {
        float: bool,
    },
}

impl Codec {
    /// Whether the codec is one of HBase's `OrderedBytes` (`#[ordered]`).
    pub fn ordered(&self) -> bool {
        matches!(
            self,
            Codec::Ordered(_) | Codec::OrderedVar { .. } | Codec::Numeric { .. }
        )
    }

    /// Whether the field has no fixed width: an `#[ordered]` `Option` is a
    /// one-byte null or the value.
    pub fn variable(&self, optional: bool) -> bool {
        matches!(
            self,
            Codec::Escaped(_)
                | Codec::Rest(_)
                | Codec::OrderedVar { .. }
                | Codec::Numeric { .. }
                | Codec::Phoenix(PhoenixCol::Varchar(_))
        ) || (optional && self.ordered())
    }

    /// The codec as its attribute reads, for the layout table.
    pub fn describe(&self) -> String {
        match *self {
            Codec::Int(t) => t.name().to_string(),
            Codec::Narrow { to, .. } => format!("be_{}", to.name()),
            Codec::Pad { digits, .. } => format!("pad({digits})"),
            Codec::Fixed { width, .. } => format!("fixed({width})"),
            Codec::Bool => "bool".to_string(),
            Codec::ByteArray(n) => format!("[u8; {n}]"),
            Codec::Float(t) => t.name().to_string(),
            Codec::Nested => "nested key".to_string(),
            Codec::Tag(ref b) if b.iter().all(|c| c.is_ascii_graphic()) => {
                format!("tag(b\"{}\")", String::from_utf8_lossy(b))
            }
            Codec::Tag(ref b) => format!(
                "tag({})",
                b.iter()
                    .map(|b| b.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Codec::Escaped(_) => "escaped".to_string(),
            Codec::Rest(_) => "rest of key".to_string(),
            Codec::Java(t) => format!("java {}", t.name()),
            Codec::Ordered(t) => format!("ordered {}", t.name()),
            Codec::OrderedVar { ty, .. } => format!("ordered {}", ty.name()),
            Codec::Phoenix(c) => format!("phoenix {}", c.describe()),
            Codec::Numeric { .. } => "ordered numeric".to_string(),
        }
    }

    /// Bytes it takes; for a variable-length codec, its shortest value.
    pub fn width(&self, value_ty: &syn::Type) -> Size {
        Size::bytes(match *self {
            Codec::Int(t) => t.width(),
            Codec::Narrow { to, .. } => to.width(),
            Codec::Pad { digits, .. } => digits,
            Codec::Fixed { width, .. } => width,
            Codec::Bool => 1,
            Codec::ByteArray(n) => n,
            Codec::Float(t) => t.width(),
            Codec::Nested => return Size::key(value_ty),
            Codec::Tag(ref b) => b.len(),
            Codec::Escaped(_) => rowkey_format::limits::ESCAPED_MIN_WIDTH,
            Codec::Rest(_) => 0,
            Codec::Java(t) => t.width(),
            Codec::Ordered(t) => t.width(),
            // The header and, for `Text` and `BlobVar`, the terminator or one group.
            Codec::OrderedVar { ty, .. } => 1 + (ty != VarType::BlobCopy) as usize,
            // A `VARCHAR`'s shortest form: empty, and no separator at the end.
            Codec::Phoenix(c) => c.core().width().unwrap_or(0),
            // Zero, or a null: one header byte.
            Codec::Numeric { .. } => 1,
        })
    }

    /// Whether its bytes sort as its values with a fixed width (or, for an
    /// OrderedBytes `Text`, as a self-delimiting string), so a range of
    /// values is a range of keys: what range helpers need.
    pub fn ranged(&self, descending: bool) -> bool {
        match self {
            Codec::Nested
            | Codec::Tag(_)
            | Codec::Rest(_)
            | Codec::Escaped(_)
            | Codec::Java(_)
            | Codec::Numeric { .. }
            | Codec::OrderedVar {
                ty: VarType::BlobVar | VarType::BlobCopy,
                ..
            } => false,
            Codec::Phoenix(c) => c.ordered(descending),
            _ => true,
        }
    }

    /// The string or bytes type a helper borrows for the field (`&str` for
    /// a `String`), `None` when it takes the field's own type.
    pub fn text_kind(&self) -> Option<TextKind> {
        match self {
            Codec::Fixed { kind, .. }
            | Codec::Escaped(kind)
            | Codec::Rest(kind)
            | Codec::OrderedVar { kind, .. }
            | Codec::Phoenix(PhoenixCol::Char(_, kind) | PhoenixCol::Varchar(kind)) => Some(*kind),
            _ => None,
        }
    }

    /// Whether the value runs to the end of the key, with no terminator: a
    /// prefix of its bytes is no prefix of the keys that hold the value.
    pub fn to_end(&self) -> bool {
        matches!(
            self,
            Codec::Rest(_)
                | Codec::OrderedVar {
                    ty: VarType::BlobCopy,
                    ..
                }
        )
    }

    /// Whether generated code checks a value's range before writing any
    /// byte of the key (`pad`: no digit is then held across a branch).
    pub fn checked_first(&self) -> bool {
        matches!(self, Codec::Pad { .. })
    }

    /// Whether writing a value can fail (a value outside the codec's range,
    /// a string too long): only those fields, written before a `pad` field,
    /// can hold an error that comes before a failed check in key order.
    /// The runtime's integer, float, bool, byte-array, tag, Java and
    /// fixed-width `#[ordered]` writers accept every value.
    pub fn refuses(&self) -> bool {
        !matches!(
            self,
            Codec::Int(_)
                | Codec::Float(_)
                | Codec::Bool
                | Codec::ByteArray(_)
                | Codec::Tag(_)
                | Codec::Java(_)
                | Codec::Ordered(_)
        )
    }

    /// Whether every byte the codec writes is an ASCII digit (`pad`, either
    /// order): bytes that end with such a field's never end in 0xFF, so
    /// their successor, a range's end, is the last byte plus one.
    pub fn writes_digits(&self) -> bool {
        matches!(self, Codec::Pad { .. })
    }

    /// Whether the codec's module reads a field of a fixed key out of the
    /// whole key (`read_in(key, offset, ..)`: `pad`, whose short fields are
    /// then one load of the key's bytes around them).
    pub fn reads_in_key(&self) -> bool {
        matches!(self, Codec::Pad { .. })
    }

    /// The runtime module generated code calls for a field of this codec
    /// (`optional`: an `Option`), of `width` bytes, holding `value_ty`.
    pub fn runtime(&self, optional: bool, width: &Size, value_ty: &syn::Type) -> Runtime {
        let w = width.arg();
        let (slot, sized, cursor) = (Runtime::slot, Runtime::sized, Runtime::cursor);
        match self {
            Codec::Ordered(t) if optional => {
                let n = lit(t.width());
                cursor(quote!(__rk::ordered), quote!(::<_, #n>), TokenStream::new())
            }
            // The value's type named rather than inferred: the compiler then
            // knows it at each call, not only at the struct built last.
            Codec::Int(_) | Codec::Float(_) => Runtime {
                put_fails: false,
                get_fails: false,
                ..sized(
                    quote!(__rk::int::Int::<#value_ty>),
                    TokenStream::new(),
                    false,
                )
            },
            Codec::Narrow { to, .. } => {
                let to = syn::Ident::new(to.name(), proc_macro2::Span::call_site());
                sized(quote!(__rk::narrow), quote!(::<#to, _, #w>), false)
            }
            Codec::Pad { digits, .. } => {
                let digits = lit(*digits);
                sized(quote!(__rk::pad), quote!(::<#value_ty, #digits>), false)
            }
            Codec::Fixed { .. } => sized(quote!(__rk::fixed), quote!(::<_, #w>), true),
            Codec::Bool => Runtime {
                put_fails: false,
                ..slot(quote!(__rk::boolean), TokenStream::new(), false)
            },
            Codec::ByteArray(_) => Runtime {
                put_fails: false,
                get_fails: false,
                ..slot(quote!(__rk::bytes), TokenStream::new(), true)
            },
            Codec::Java(_) => slot(quote!(__rk::hbase), TokenStream::new(), false),
            Codec::Ordered(t) => {
                let n = lit(t.width());
                sized(quote!(__rk::ordered), quote!(::<_, #n>), false)
            }
            // Spanned on the field's type, so "not a row key" points there.
            Codec::Nested => Runtime {
                key: Some(value_ty.clone()),
                ..slot(quote!(__rk::nested), TokenStream::new(), true)
            },
            Codec::Tag(bytes) => Runtime {
                args: quote!(&[#(#bytes),*],),
                put_fails: false,
                ..slot(quote!(__rk::tag), TokenStream::new(), true)
            },
            Codec::Escaped(_) => cursor(
                quote!(__rk::escaped),
                TokenStream::new(),
                TokenStream::new(),
            ),
            Codec::Rest(_) => cursor(quote!(__rk::rest), TokenStream::new(), TokenStream::new()),
            // Through the trait, spanned on the field's type: a type it does not
            // hold gives the runtime's one message there.
            Codec::Numeric { .. } => {
                let ty = match optional {
                    true => quote_spanned!(value_ty.span()=> ::core::option::Option<#value_ty>),
                    false => quote_spanned!(value_ty.span()=> #value_ty),
                };
                let module =
                    quote_spanned!(value_ty.span()=> <#ty as __rk::codec::numeric::NumericField>);
                cursor(module, TokenStream::new(), TokenStream::new())
            }
            Codec::OrderedVar { ty, .. } => {
                let ty = syn::Ident::new(&format!("{ty:?}"), proc_macro2::Span::call_site());
                cursor(
                    quote!(__rk::ordered_field),
                    TokenStream::new(),
                    quote!(__rk::VarType::#ty,),
                )
            }
            Codec::Phoenix(col) => Runtime::phoenix(col, w),
        }
    }

    /// The codec's descriptor in `LAYOUT`: its `FieldCodec` variant, with its
    /// parameters as its runtime module defines them.
    pub fn descriptor(&self, krate: &syn::Path, value_ty: &syn::Type) -> TokenStream {
        let fc = quote!(#krate::FieldCodec);
        let c = quote!(#krate::codec);
        match self {
            Codec::Int(t) => {
                let t = int_type(krate, *t);
                quote!(#fc::Int(#t))
            }
            Codec::Narrow { to, from } => {
                let (bytes, from) = (byte_count(to.width()), int_type(krate, *from));
                quote!(#fc::Narrow(#c::narrow::Narrow { bytes: #bytes, from: #from }))
            }
            Codec::Pad { digits, ty } => {
                let (digits, ty) = (lit(*digits), int_type(krate, *ty));
                quote!(#fc::Pad(#c::pad::Pad { digits: #digits, ty: #ty }))
            }
            Codec::Fixed { width, kind } => {
                let (width, text) = (lit(*width), text_type(krate, *kind));
                quote!(#fc::Fixed(#c::fixed::Fixed { width: #width, text: #text }))
            }
            Codec::Bool => quote!(#fc::Bool),
            Codec::ByteArray(n) => {
                let n = lit(*n);
                quote!(#fc::Bytes(#c::bytes::ByteArray(#n)))
            }
            Codec::Float(t) => {
                let bytes = byte_count(t.width());
                quote!(#fc::Float(#c::float::Float { bytes: #bytes }))
            }
            Codec::Nested => {
                quote_spanned!(value_ty.span()=> #fc::Nested(&<#value_ty as __rk::RowKey>::LAYOUT))
            }
            Codec::Tag(bytes) => quote!(#fc::Tag(#c::tag::Tag(&[#(#bytes),*]))),
            Codec::Escaped(kind) => {
                let text = text_type(krate, *kind);
                quote!(#fc::Escaped(#c::escaped::Escaped(#text)))
            }
            Codec::Rest(kind) => {
                let text = text_type(krate, *kind);
                quote!(#fc::Rest(#c::rest::Rest(#text)))
            }
            Codec::Ordered(t) => {
                let header = t.header_and_width().0;
                quote!(#fc::Ordered(#c::ordered::Ordered { header: #header }))
            }
            Codec::OrderedVar { ty, kind } => {
                let var = ordered_var(krate, *ty, *kind);
                quote!(#fc::OrderedVar(#var))
            }
            Codec::Phoenix(col) => {
                let t = match col.core() {
                    rowkey_format::PhoenixType::Char(n) => quote!(Char(#n)),
                    t => {
                        let t = proc_macro2::Ident::new(
                            &format!("{t:?}"),
                            proc_macro2::Span::call_site(),
                        );
                        quote!(#t)
                    }
                };
                quote!(#fc::Phoenix(#krate::PhoenixType::#t))
            }
            Codec::Java(t) => {
                let t = proc_macro2::Ident::new(&format!("{t:?}"), proc_macro2::Span::call_site());
                quote!(#fc::Java(#krate::JavaType::#t))
            }
            Codec::Numeric { float } => numeric(krate, *float, false, false),
        }
    }

    /// The descriptor of an `Option` of this `#[ordered]` codec: OrderedBytes'
    /// null for `None` (`trailing`: left out at the end of an HBase `Struct`).
    pub fn nullable_descriptor(&self, krate: &syn::Path, trailing: bool) -> TokenStream {
        let c = quote!(#krate::codec);
        let value = match self {
            Codec::OrderedVar { ty, kind } => {
                let var = ordered_var(krate, *ty, *kind);
                quote!(#c::ordered_field::OrderedValue::Var(#var))
            }
            Codec::Ordered(t) => {
                let header = t.header_and_width().0;
                quote!(#c::ordered_field::OrderedValue::Number(#c::ordered::Ordered { header: #header }))
            }
            Codec::Numeric { float } => return numeric(krate, *float, true, trailing),
            _ => TokenStream::new(),
        };
        quote!(#krate::FieldCodec::OrderedNull(#c::ordered_field::OrderedNull { value: #value, trailing: #trailing }))
    }
}

/// How generated code reaches a codec's runtime module: the same six
/// functions in every module, `put`/`get`/`edge` on a fixed slot or
/// `write`/`read`/`len` through the cursor.
pub struct Runtime {
    /// `__rk::pad`.
    pub module: TokenStream,
    /// `::<_, 6>`: the functions' generic arguments.
    pub generics: TokenStream,
    /// Arguments before the value (a tag's bytes, an OrderedBytes type), each with its comma.
    pub args: TokenStream,
    /// Whether the value is passed by reference (strings, arrays, keys)
    /// rather than copied (numbers).
    pub by_ref: bool,
    /// Whether the field is written through the cursor.
    pub cursor: bool,
    /// Whether the calls name the width of the field's slot, which the
    /// slot then takes from them.
    pub sized: bool,
    /// Whether `put` can refuse a value: when it cannot, it takes no field
    /// name and returns no `Result` for generated code to test.
    pub put_fails: bool,
    /// Whether `get` can refuse bytes: when it cannot, it takes no field
    /// name or offset and returns no `Result`.
    pub get_fails: bool,
    /// For a nested key, its type: generated code calls its `RowKey`
    /// directly, so a type that is no key gives the one error that the
    /// key's width gives too, rather than one more through a module's bound.
    pub key: Option<syn::Type>,
}

impl Runtime {
    /// A codec read and written in a fixed slot.
    fn slot(module: TokenStream, generics: TokenStream, by_ref: bool) -> Runtime {
        Runtime {
            module,
            generics,
            args: TokenStream::new(),
            by_ref,
            cursor: false,
            sized: false,
            put_fails: true,
            get_fails: true,
            key: None,
        }
    }

    /// A codec read and written in a fixed slot whose width `generics` name last.
    fn sized(module: TokenStream, generics: TokenStream, by_ref: bool) -> Runtime {
        Runtime {
            sized: true,
            ..Runtime::slot(module, generics, by_ref)
        }
    }

    /// A codec read and written through the cursor.
    fn cursor(module: TokenStream, generics: TokenStream, args: TokenStream) -> Runtime {
        Runtime {
            module,
            generics,
            args,
            by_ref: true,
            cursor: true,
            sized: false,
            put_fails: true,
            get_fails: true,
            key: None,
        }
    }

    /// A Phoenix column's module, in `phoenix::column` unless it is rowkey's own.
    fn phoenix(col: &PhoenixCol, w: TokenStream) -> Runtime {
        let column = |c: &str| {
            let c = syn::Ident::new(c, proc_macro2::Span::call_site());
            quote!(__rk::phoenix::column::#c)
        };
        let none = TokenStream::new;
        match col {
            PhoenixCol::Int(_) => Runtime::sized(quote!(__rk::int), quote!(::<_, #w>), false),
            PhoenixCol::Char(..) => Runtime::sized(column("char"), quote!(::<_, #w>), true),
            PhoenixCol::Double => Runtime::slot(column("double"), none(), false),
            PhoenixCol::Boolean => Runtime::slot(column("boolean"), none(), false),
            PhoenixCol::Date => Runtime::slot(column("date"), none(), false),
            PhoenixCol::Timestamp => Runtime::slot(column("timestamp"), none(), false),
            // Read here; written by the Phoenix key format, which knows the separators.
            PhoenixCol::Varchar(_) => Runtime::cursor(column("varchar"), none(), none()),
        }
    }
}

/// A `Numeric` codec's descriptor.
fn numeric(krate: &syn::Path, float: bool, nullable: bool, trailing: bool) -> TokenStream {
    quote!(#krate::FieldCodec::Numeric(#krate::codec::Numeric { float: #float, nullable: #nullable, trailing: #trailing }))
}

/// An `OrderedVar` codec's parameters.
fn ordered_var(krate: &syn::Path, ty: VarType, kind: TextKind) -> TokenStream {
    let (header, text) = (ty.header(), text_type(krate, kind));
    quote!(#krate::codec::ordered_field::OrderedVar { header: #header, text: #text })
}

fn int_type(krate: &syn::Path, t: IntTy) -> TokenStream {
    let (bytes, signed) = (byte_count(t.width()), t.signed());
    quote!(#krate::codec::int::IntType { bytes: #bytes, signed: #signed })
}

/// A width of at most 16 bytes as an unsuffixed literal, for `IntType::bytes`.
fn byte_count(n: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::u8_unsuffixed(n as u8)
}

fn text_type(krate: &syn::Path, kind: TextKind) -> TokenStream {
    let (utf8, borrowed) = (kind.is_str(), kind.borrows());
    quote!(#krate::codec::TextType { utf8: #utf8, borrowed: #borrowed })
}
