//! Migrating stored keys to a new layout: decode each old key, map it, encode
//! the new one. For the changes that are not additive (a field's codec, the
//! field order, a salt), where old keys cannot simply be read as new ones.

use core::fmt;

use crate::{DecodeError, EncodeError, RowKey};

/// Rewrites keys of layout `Old` as keys of layout `New`: each item of
/// `old_keys` is decoded as `Old`, handed to `to_new`, and the result encoded.
/// Lazy, one key at a time, in the order given; no allocation of its own.
///
/// ```
/// use rowkey::RowKey;
///
/// // Version 1 wrote the user as 6 ASCII digits; version 2 as 4 bytes.
/// #[derive(RowKey, Debug, PartialEq)]
/// struct FileKeyV1 { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
/// #[derive(RowKey, Debug, PartialEq)]
/// struct FileKeyV2 { user_id: u32, #[pad(8)] create_date: u32 }
///
/// let old = [FileKeyV1 { user_id: 1, create_date: 20120902 }.encode()?];
/// let new: Vec<[u8; 12]> = rowkey::migrate::<FileKeyV1, FileKeyV2>(&old, |k| FileKeyV2 {
///     user_id: k.user_id,
///     create_date: k.create_date,
/// })
/// .collect::<Result<_, _>>()?;
/// assert_eq!(&new[0], b"\0\0\0\x0120120902");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Each item is [`MigrateError::Decode`] for an old key that is not a valid
/// `Old`, or [`MigrateError::Encode`] for a new key that does not encode;
/// both carry the old key's position, and the migration reads on after them.
pub fn migrate<Old: RowKey, New: RowKey>(
    old_keys: impl IntoIterator<Item = impl AsRef<[u8]>>,
    mut to_new: impl FnMut(Old::Decoded<'_>) -> New,
) -> impl Iterator<Item = Result<New::Bytes, MigrateError>> {
    old_keys.into_iter().enumerate().map(move |(index, old)| {
        let old =
            Old::decode(old.as_ref()).map_err(|error| MigrateError::Decode { index, error })?;
        to_new(old)
            .encode()
            .map_err(|error| MigrateError::Encode { index, error })
    })
}

/// A key [`migrate`] could not rewrite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MigrateError {
    /// The old key at `index` does not decode as the old layout.
    Decode {
        /// The key's position in the input.
        index: usize,
        /// Why it does not decode.
        error: DecodeError,
    },
    /// The new key made from the old key at `index` does not encode.
    Encode {
        /// The old key's position in the input.
        index: usize,
        /// Why it does not encode.
        error: EncodeError,
    },
}

impl fmt::Display for MigrateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MigrateError::Decode { index, error } => {
                write!(f, "old key #{index} does not decode: {error}")
            }
            MigrateError::Encode { index, error } => {
                write!(f, "new key for old key #{index} does not encode: {error}")
            }
        }
    }
}

impl core::error::Error for MigrateError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            MigrateError::Decode { error, .. } => Some(error),
            MigrateError::Encode { error, .. } => Some(error),
        }
    }
}

/// Checks that a migration kept the keys' relative order: given `(old, new)`
/// key pairs, every two old keys compare as their new keys do. Returns the
/// first two pairs (in old-key order) whose new keys do not, or `None`.
///
/// This holds when the mapping is monotone (a codec change, a widened field);
/// a mapping that adds a salt or moves a field forward does not keep it, and
/// then the check names two keys that show it. The property-test template:
///
/// ```
/// use proptest::prelude::*;
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct V1 { #[pad(6)] user_id: u32, #[pad(8)] day: u32 }
/// #[derive(RowKey)]
/// struct V2 { user_id: u32, #[pad(8)] day: u32 }
///
/// proptest!(|(keys in prop::collection::vec((0..1_000_000u32, 0..100_000_000u32), 1..50))| {
///     let old: Vec<[u8; 14]> = keys
///         .iter()
///         .map(|&(user_id, day)| V1 { user_id, day }.encode())
///         .collect::<Result<_, _>>()?;
///     let new: Vec<[u8; 12]> = rowkey::migrate::<V1, V2>(&old, |k| V2 { user_id: k.user_id, day: k.day })
///         .collect::<Result<_, _>>()?;
///     prop_assert_eq!(rowkey::order_break(old.iter().zip(&new)), None);
/// });
/// ```
#[cfg(feature = "alloc")]
pub fn order_break<A, B>(pairs: impl IntoIterator<Item = (A, B)>) -> Option<[(A, B); 2]>
where
    A: AsRef<[u8]>,
    B: AsRef<[u8]>,
{
    let mut pairs: alloc::vec::Vec<(A, B)> = pairs.into_iter().collect();
    pairs.sort_by(|x, y| x.0.as_ref().cmp(y.0.as_ref()));
    // Sorted by old key, the new keys must follow: equal where the old are
    // equal, ascending where they ascend. Neighbours suffice (transitivity).
    let at = pairs.windows(2).position(|w| {
        let old = w[0].0.as_ref().cmp(w[1].0.as_ref());
        let new = w[0].1.as_ref().cmp(w[1].1.as_ref());
        old != new
    })?;
    let mut rest = pairs.into_iter().skip(at);
    Some([rest.next()?, rest.next()?])
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    #[test]
    fn order_break_names_the_first_pair_out_of_order() {
        let kept = [(&b"a"[..], &b"1"[..]), (b"b", b"2"), (b"c", b"3")];
        assert_eq!(order_break(kept), None);
        let broken = [(&b"b"[..], &b"1"[..]), (b"a", b"0"), (b"c", b"0")];
        assert_eq!(
            order_break(broken),
            Some([(&b"b"[..], &b"1"[..]), (&b"c"[..], &b"0"[..])])
        );
        // Equal old keys must map to equal new keys.
        let split = [(&b"a"[..], &b"1"[..]), (b"a", b"2")];
        assert!(order_break(split).is_some());
        assert_eq!(order_break(core::iter::empty::<(&[u8], &[u8])>()), None);
    }
}
