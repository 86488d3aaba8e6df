//! The trait every key type implements.

use crate::{DecodeError, EncodeError, Layout};

/// A struct that encodes to, and decodes from, an order-preserving row key.
///
/// Implement it with `#[derive(RowKey)]`; the derive computes the layout at
/// compile time, so [`RowKey::WIDTH`] and [`RowKey::LAYOUT`] are constants and
/// `encode` writes a stack array without allocating.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[rowkey(width = 20)]
/// struct FileKey {
///     #[pad(6)] user_id: u32,
///     #[pad(8)] create_date: u32,
///     #[pad(6)] file_id: u64,
/// }
///
/// let key = FileKey { user_id: 1, create_date: 20120902, file_id: 1 }.encode()?;
/// assert_eq!(&key, b"00000120120902000001");
/// assert_eq!(FileKey::decode(&key)?, FileKey { user_id: 1, create_date: 20120902, file_id: 1 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a row key",
    label = "a field of this type is embedded as a nested key, so it must implement `RowKey`",
    note = "derive `RowKey` on `{Self}`, or use a field type rowkey encodes: integers, floats, `bool`, `[u8; N]`, `Option<T>`, strings with `#[fixed(N)]` or `#[escaped]`"
)]
pub trait RowKey: Sized {
    /// The key's width in bytes; for a key with variable-length fields
    /// ([`RowKey::VARIABLE`]), the width of its shortest encoding. The
    /// layout's width unless the impl says otherwise.
    const WIDTH: usize = Self::LAYOUT.width;

    /// Whether the key has variable-length fields (`#[escaped]` strings, a
    /// trailing `&str`). Such a key has no fixed width: use
    /// [`RowKey::encoded_len`] and [`RowKey::encode_into`] to write it without
    /// allocating, or [`RowKey::encode`], which returns a `Vec<u8>`. The
    /// layout's unless the impl says otherwise.
    const VARIABLE: bool = Self::LAYOUT.variable;

    /// Whether the key's bytes sort as its fields do (false for hashes such as `Md5`),
    /// so range helpers over an embedded key of this type make sense.
    const ORDERED: bool = true;

    /// The key's layout: every segment's name, offset, width and codec.
    /// Its `Display` prints the byte table.
    const LAYOUT: Layout<'static>;

    /// A stable hash of the key's format: its codecs, widths, orders, salt
    /// and tags, but not its names. Pin it in a test (`assert_eq!(FileKey::FINGERPRINT, 0x..)`)
    /// so that a change to the bytes the key writes fails before it reaches a
    /// table. [`Layout::fingerprint`] specifies the hash.
    const FINGERPRINT: u64 = Self::LAYOUT.fingerprint();

    /// The encoded key: `[u8; WIDTH]`, or `Vec<u8>` for a variable-length key.
    type Bytes: AsRef<[u8]> + AsMut<[u8]> + Clone + Ord + core::hash::Hash + core::fmt::Debug;

    /// Encodes the key into a stack array.
    ///
    /// # Errors
    /// A field value that its codec cannot hold (`pad(6)` given 1,000,000, a
    /// `be_u16` given 70,000, a `fixed(8)` string of 9 bytes). When several
    /// fields are bad, the error names the first of them in key order; an
    /// error about the whole key (longer than its `max_width`) comes after.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct FileKey { #[fixed(4)] name: String, #[pad(6)] user_id: u32 }
    ///
    /// let e = FileKey { name: "too long".into(), user_id: 1_000_000 }.encode().unwrap_err();
    /// assert_eq!(e.field(), "name");
    /// ```
    fn encode(&self) -> Result<Self::Bytes, EncodeError>;

    /// Encodes the key into the front of `out` and returns the number of bytes written.
    /// Unless the impl says otherwise, copies [`RowKey::encode`]'s bytes:
    /// right for a fixed key, whose `encode` does not allocate.
    ///
    /// # Errors
    /// As [`RowKey::encode`], the same error whatever the length of `out`;
    /// when `encode` would succeed, [`EncodeErrorKind::BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall)
    /// if `out` is shorter than the key. An impl of its own keeps this rule.
    #[inline]
    fn encode_into(&self, out: &mut [u8]) -> Result<usize, EncodeError> {
        crate::codec::write_key(self.encode()?.as_ref(), out, Self::LAYOUT.name)
    }

    /// The length of this key's encoding: [`RowKey::WIDTH`] for fixed keys.
    fn encoded_len(&self) -> usize {
        Self::WIDTH
    }

    /// What [`RowKey::decode`] returns: `Self` for owned keys; for a key with a
    /// lifetime (`HostKey<'a>` holding `&'a str`), the same struct borrowing
    /// from the decoded bytes.
    type Decoded<'de>;

    /// Decodes a key. Never panics: any bytes give either the key or an error
    /// that names the field, the offset and what was expected.
    ///
    /// # Errors
    /// Wrong length (for a variable-length key: longer than its `max_width`,
    /// which encode never writes), a non-digit in a `pad` field, a salt bucket
    /// that does not match the fields, invalid UTF-8, a number too large for
    /// its field's type.
    fn decode(bytes: &[u8]) -> Result<Self::Decoded<'_>, DecodeError>;

    /// Stands in for the `select()` of a key without `#[rowkey(select)]`,
    /// so that calling it is an error that names the attribute. A key with
    /// the attribute has its own `select()`, which a call finds first.
    #[doc(hidden)]
    fn select() -> NoSelect
    where
        Self: Selectable,
    {
        // Only `NoSelect` is `Selectable`, and it is no key.
        unreachable!("no key is Selectable")
    }
}

/// Only [`NoSelect`], which is no key, is `Selectable`: the bound of
/// [`RowKey::select`] that a key without `#[rowkey(select)]` fails, with
/// this message.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no skip-scan builder: add `#[rowkey(select)]` to its derive",
    label = "no `select()` without `#[rowkey(select)]`",
    note = "the builder is opt-in: `#[derive(RowKey)] #[rowkey(select)] struct {Self} {{ .. }}`"
)]
pub trait Selectable {}

/// What the stand-in `select()` would return: no value.
#[doc(hidden)]
#[derive(Debug)]
pub enum NoSelect {}

impl Selectable for NoSelect {}

/// A key that decodes into itself, owning its data: what generic code over
/// keys usually wants (`fn load<K: OwnedRowKey>(bytes: &[u8]) -> K`).
///
/// ```
/// use rowkey::{OwnedRowKey, RowKey};
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct Id { id: u32 }
///
/// fn load<K: OwnedRowKey>(bytes: &[u8]) -> Result<K, rowkey::DecodeError> {
///     K::decode(bytes)
/// }
/// assert_eq!(load::<Id>(&[0, 0, 0, 7])?, Id { id: 7 });
/// # Ok::<(), rowkey::DecodeError>(())
/// ```
pub trait OwnedRowKey: for<'de> RowKey<Decoded<'de> = Self> {}

impl<K: for<'de> RowKey<Decoded<'de> = K>> OwnedRowKey for K {}
