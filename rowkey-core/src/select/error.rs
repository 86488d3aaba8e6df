//! Why a predicate is refused: each error names its field.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt;

use crate::{EncodeError, EncodeErrorKind};

/// A predicate that selects nothing or cannot be written, about one field.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[rowkey(select)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
///
/// let e = FileKey::select().user_id(Vec::new()).build().unwrap_err();
/// assert_eq!(e.to_string(), "field `user_id`: the set of values is empty, so nothing can match: give at least one value, or no condition on the field");
/// let e = FileKey::select().create_date(20120914..20120901).build().unwrap_err();
/// assert_eq!(e.field(), "create_date");
/// let e = FileKey::select().user_id([1, 1_000_000]).build().unwrap_err();
/// assert_eq!(e.to_string(), "field `user_id`: value 1000000 does not fit, allowed 0..=999999");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectError(Box<Inner>);

/// The error, boxed: `Result`s of selects stay one pointer wide.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    field: String,
    kind: SelectErrorKind,
}

/// What is wrong with a field's condition.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectErrorKind {
    /// A set of no values: no key can match.
    EmptySet,
    /// A range that holds no value of the field: its low end above its high
    /// end, an empty `a..a`, or wholly outside the values the codec holds.
    EmptyRange,
    /// A range on a field whose bytes do not sort as its values (a hash, an
    /// `Option`, a mirrored or nested field): only values can be selected.
    Unordered,
    /// A value the field cannot hold, or a range too long to write.
    Encode(EncodeErrorKind),
    /// A value given as text that is no value of the field (the command line).
    Input(String),
}

impl SelectError {
    /// An error about `field`.
    pub fn new(field: &str, kind: SelectErrorKind) -> Self {
        SelectError(Box::new(Inner {
            field: field.to_string(),
            kind,
        }))
    }

    /// The field the error is about.
    pub fn field(&self) -> &str {
        &self.0.field
    }

    /// What is wrong.
    pub fn kind(&self) -> &SelectErrorKind {
        &self.0.kind
    }

    /// An encode error of `field`'s values or bounds.
    pub(crate) fn encode(field: &str, e: EncodeError) -> Self {
        SelectError::new(field, SelectErrorKind::Encode(e.kind()))
    }
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field `{}`: ", self.0.field)?;
        match &self.0.kind {
            SelectErrorKind::EmptySet => f.write_str(
                "the set of values is empty, so nothing can match: give at least one value, or no condition on the field",
            ),
            SelectErrorKind::EmptyRange => f.write_str(
                "the range holds no value of the field (its low end is not below its high end, or it lies outside the values the field holds): give the low end first",
            ),
            SelectErrorKind::Unordered => f.write_str(
                "the field's bytes do not sort as its values, so it takes values, not a range",
            ),
            SelectErrorKind::Encode(kind) => write!(f, "{kind}"),
            SelectErrorKind::Input(why) => f.write_str(why),
        }
    }
}

impl core::error::Error for SelectError {}
