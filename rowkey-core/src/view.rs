//! `#[rowkey(view)]`: read one field of a key without decoding the rest.

use crate::{DecodeError, RowKey};

/// A key with a zerocopy view, derived with `#[rowkey(view)]`: `View` holds
/// the key's bytes as one array per field, and has a getter per field that
/// decodes that field alone.
///
/// ```
/// use rowkey::{HasView, RowKey};
///
/// #[derive(RowKey)]
/// #[rowkey(view)]
/// struct Metric { #[salt(mod = 100)] host: u32, #[reverse] ts: u64, metric: u32 }
///
/// let key = Metric { host: 3, ts: 9, metric: 4 }.encode()?;
/// let view: &<Metric as HasView>::View = Metric::view(&key)?;
/// assert_eq!(view.ts()?, 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait HasView: RowKey {
    /// The view type: the key's bytes, read in place.
    type View: ?Sized;

    /// Views `bytes` as the key's fields without decoding them. The salt is
    /// not checked.
    ///
    /// # Errors
    /// [`crate::DecodeErrorKind::Length`] unless `bytes` is exactly `WIDTH` long.
    fn view(bytes: &[u8]) -> Result<&Self::View, DecodeError>;
}
