//! The key as data: what `check` builds and `expand` reads. A codec is an
//! enum whose variants hold only legal combinations, so the expander never
//! meets an impossible case.

use proc_macro2::Ident;

pub use crate::attr::{At, SaltHashAttr};
pub use crate::codec::Codec;
pub use crate::size::Size;
pub use rowkey_format::KeyFormat;

/// A key struct. `lower` builds it with `C = Option<Codec>` and
/// `W = Option<Size>` (`None` where a field could not be understood, so no
/// rule judges a guess); `expand` reads the complete `Key`.
pub struct Key<'a, C = Codec, W = Size> {
    pub ident: &'a Ident,
    pub vis: &'a syn::Visibility,
    pub generics: &'a syn::Generics,
    /// The path to the `rowkey` crate (`::rowkey` unless `#[rowkey(crate = "..")]`).
    pub krate: syn::Path,
    /// Total width in bytes, salt included; for a variable-length key, the
    /// width of its shortest encoding.
    pub width: Size,
    /// Whether some field has a variable length.
    pub variable: bool,
    /// `max_width`: checked at compile time for fixed keys, by `encode` for variable ones.
    pub max_width: usize,
    /// `width = N`, as declared.
    pub declared_width: Option<At<usize>>,
    pub salt: Option<Salt>,
    /// `#[rowkey(view)]` or `#[rowkey(view = Name)]`: a zerocopy view.
    pub view: Option<&'a At<Option<Ident>>>,
    /// `#[rowkey(select)]`: the typed skip-scan builder `select()`.
    pub select: bool,
    pub fields: Vec<Field<'a, C, W>>,
    /// Fields `..layout_known` have known offsets (all, once complete).
    pub layout_known: usize,
    /// How the fields follow one another: plain, `#[rowkey(hbase_struct)]`
    /// (trailing nulls left out) or `#[rowkey(phoenix)]` (every field a
    /// [`Codec::Phoenix`] column).
    pub format: KeyFormat,
}

impl<C, W> Key<'_, C, W> {
    /// Whether field `i` may be left out of a key: added with `since`, or an
    /// `Option` at the end of an HBase `Struct`, where a trailing run of
    /// `None` writes nothing.
    pub fn omittable(&self, i: usize) -> bool {
        self.fields[i].since.is_some()
            || (self.format == KeyFormat::HbaseStruct && i >= self.struct_tail())
    }

    /// The fields every key writes: those before the first that may be left out.
    pub fn always_written(&self) -> usize {
        (0..self.fields.len())
            .find(|&i| self.omittable(i))
            .unwrap_or(self.fields.len())
    }

    /// Where the trailing `Option` fields start (`fields.len()` if the last
    /// field is no `Option`).
    fn struct_tail(&self) -> usize {
        struct_tail(&self.fields)
    }
}

/// Where the trailing `Option` fields of `fields` start: an HBase `Struct`
/// leaves them out when they, and every field after them, are `None`.
pub fn struct_tail<C, W>(fields: &[Field<'_, C, W>]) -> usize {
    fields
        .iter()
        .rposition(|f| !f.optional)
        .map_or(0, |i| i + 1)
}

/// A lowered key whose fields may lack a codec or width.
pub type Draft<'a> = Key<'a, Option<Codec>, Option<Size>>;

impl<'a> Draft<'a> {
    /// The key, when every field has its codec and width.
    pub fn complete(self) -> Option<Key<'a>> {
        let fields = self
            .fields
            .into_iter()
            .map(|f| {
                Some(Field {
                    codec: f.codec?,
                    width: f.width?,
                    ident: f.ident,
                    ty: f.ty,
                    value_ty: f.value_ty,
                    descending: f.descending,
                    mirror: f.mirror,
                    optional: f.optional,
                    offset: f.offset,
                    at: f.at,
                    since: f.since,
                    runtime: std::cell::OnceCell::new(),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Key {
            fields,
            ident: self.ident,
            vis: self.vis,
            generics: self.generics,
            krate: self.krate,
            width: self.width,
            variable: self.variable,
            max_width: self.max_width,
            declared_width: self.declared_width,
            salt: self.salt,
            view: self.view,
            select: self.select,
            layout_known: self.layout_known,
            format: self.format,
        })
    }
}

/// The salt bucket at the front of the key.
pub struct Salt {
    pub buckets: u32,
    pub format: SaltFormat,
    /// Bytes the bucket takes (it starts at offset 0).
    pub width: usize,
    /// Indices into `Key::fields` of the fields the bucket hashes, in order.
    /// Phoenix salts hash every field.
    pub fields: Vec<usize>,
    /// `hash = ..`, with the span of its value; `None` for the format's own.
    pub hash: Option<(SaltHashAttr, proc_macro2::Span)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SaltFormat {
    Binary,
    Digits(u8),
    Phoenix,
}

pub struct Field<'a, C = Codec, W = Size> {
    pub ident: &'a Ident,
    pub ty: &'a syn::Type,
    /// The value's type: `T` for `Option<T>`, else `ty`.
    pub value_ty: &'a syn::Type,
    pub codec: C,
    pub descending: bool,
    /// `#[mirror]`: bytes written back to front.
    pub mirror: bool,
    /// `Option<T>`: a presence byte, then `codec` for `T`; for an
    /// `#[ordered]` codec, OrderedBytes' null or the value (`nullable`).
    pub optional: bool,
    /// Where the field starts; meaningful up to the first variable-length field.
    pub offset: Size,
    /// Bytes taken; for a variable-length field, its smallest encoding.
    pub width: W,
    /// `#[at(N)]`: where the field is declared to start.
    pub at: Option<At<usize>>,
    /// `#[rowkey(since = N)]`: an optional field added to stored keys; at the
    /// end of the key, absent (`None`) writes nothing.
    pub since: Option<At<u64>>,
    /// The runtime module's calls, made once: every statement that writes
    /// or reads the field asks for them.
    pub runtime: std::cell::OnceCell<crate::codec::Runtime>,
}

impl<W> Field<'_, Codec, W> {
    /// Whether the field gets a range helper: its bytes sort as its values do
    /// and have a fixed width, or are an OrderedBytes `Text`. (Optional fields
    /// sort too, `None` first, but take prefix helpers only; Java's bytes sort
    /// negative numbers last; `BlobVar` sorts only within one length.)
    pub fn ranged(&self) -> bool {
        !self.mirror && !self.optional && self.codec.ranged(self.descending)
    }

    /// An `Option` of an `#[ordered]` value: `None` is OrderedBytes' null,
    /// written through the cursor, with no presence byte.
    pub fn nullable(&self) -> bool {
        self.optional && self.codec.ordered()
    }

    /// Whether the field gets a `_within` helper: a nested key in its own bytes.
    pub fn nested(&self) -> bool {
        matches!(self.codec, Codec::Nested) && !self.optional && !self.mirror
    }

    /// Whether a helper takes a value for this field (a tag is constant).
    pub fn takes_value(&self) -> bool {
        !matches!(self.codec, Codec::Tag(_))
    }
}

impl Field<'_> {
    /// The runtime module generated code calls for the field's value.
    pub fn runtime(&self) -> &crate::codec::Runtime {
        self.runtime.get_or_init(|| {
            let width = match self.optional {
                true => Size {
                    bytes: self.width.bytes.saturating_sub(1),
                    keys: self.width.keys.clone(),
                },
                false => self.width.clone(),
            };
            self.codec.runtime(self.optional, &width, self.value_ty)
        })
    }
}

impl<W> Field<'_, Codec, W> {
    /// Whether the field has no fixed width.
    pub fn variable(&self) -> bool {
        self.codec.variable(self.optional)
    }
}

impl<W> Field<'_, Option<Codec>, W> {
    /// Whether the field has no fixed width.
    pub fn variable(&self) -> bool {
        self.codec
            .as_ref()
            .is_some_and(|c| c.variable(self.optional))
    }
}
