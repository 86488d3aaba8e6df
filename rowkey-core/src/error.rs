//! Errors of encoding and decoding. Each one names the field, says what was
//! wrong and what was allowed, so a log line is enough to find the bad value.

use core::fmt;

/// A number carried by an error, signed or not, so `-5` and `u128::MAX` both print exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Number {
    /// A value of an unsigned type.
    Unsigned(u128),
    /// A value of a signed type.
    Signed(i128),
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Unsigned(v) => write!(f, "{v}"),
            Number::Signed(v) => write!(f, "{v}"),
        }
    }
}

/// A value could not be written into its key.
///
/// ```
/// use rowkey::{EncodeError, EncodeErrorKind, Number};
/// let e = EncodeError::new("user_id", EncodeErrorKind::OutOfRange {
///     value: Number::Unsigned(1_000_000),
///     min: Number::Unsigned(0),
///     max: Number::Unsigned(999_999),
/// });
/// assert_eq!(e.to_string(), "field `user_id`: value 1000000 does not fit, allowed 0..=999999");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EncodeError {
    field: &'static str,
    kind: EncodeErrorKind,
}

/// What went wrong while encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeErrorKind {
    /// The value is outside what the field's codec can hold (`pad(6)` given 1,000,000).
    OutOfRange {
        /// The value given.
        value: Number,
        /// The smallest value the field holds.
        min: Number,
        /// The largest value the field holds.
        max: Number,
    },
    /// A string or byte value is longer than its fixed width.
    TooLong {
        /// The value's length in bytes.
        len: usize,
        /// The field's width.
        max: usize,
    },
    /// A `fixed(N)` value ends with a 0x00 byte, which the padding could not tell apart.
    TrailingZero {
        /// The value's length in bytes.
        len: usize,
    },
    /// The output buffer is shorter than the key.
    BufferTooSmall {
        /// Bytes the key needs.
        needed: usize,
        /// Bytes the buffer has.
        available: usize,
    },
}

impl EncodeError {
    /// An error on `field`.
    pub const fn new(field: &'static str, kind: EncodeErrorKind) -> Self {
        EncodeError { field, kind }
    }

    /// The field (or key) the error is about.
    pub const fn field(&self) -> &'static str {
        self.field
    }

    /// What went wrong.
    pub const fn kind(&self) -> EncodeErrorKind {
        self.kind
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field `{}`: ", self.field)?;
        match self.kind {
            EncodeErrorKind::OutOfRange { value, min, max } => {
                write!(f, "value {value} does not fit, allowed {min}..={max}")
            }
            EncodeErrorKind::TooLong { len, max } => {
                write!(f, "value is {len} bytes long, the field holds at most {max}")
            }
            EncodeErrorKind::TrailingZero { len } => write!(
                f,
                "value of {len} bytes ends with a 0x00 byte, which fixed-width padding cannot tell apart; strip it or use another codec"
            ),
            EncodeErrorKind::BufferTooSmall { needed, available } => write!(
                f,
                "output buffer has {available} bytes, the key needs {needed}"
            ),
        }
    }
}

impl core::error::Error for EncodeError {}

/// Bytes could not be read back as a key.
///
/// ```
/// use rowkey::{DecodeError, DecodeErrorKind};
/// let e = DecodeError::new("create_date", 9, DecodeErrorKind::NotDigit { found: b'A' });
/// assert_eq!(e.to_string(), "field `create_date` at byte 9: found 0x41 ('A'), expected an ASCII digit");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeError {
    field: &'static str,
    offset: usize,
    kind: DecodeErrorKind,
}

/// What was wrong with the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The key has the wrong length.
    Length {
        /// Bytes the layout has.
        expected: usize,
        /// Bytes given.
        found: usize,
    },
    /// The key is shorter than the layout's smallest key.
    TooShort {
        /// Smallest length the layout allows.
        min: usize,
        /// Bytes given.
        found: usize,
    },
    /// A `pad` field holds a byte that is not an ASCII digit.
    NotDigit {
        /// The byte found.
        found: u8,
    },
    /// A decoded number does not fit the field's Rust type.
    OutOfRange {
        /// The number read.
        value: Number,
        /// The largest value the field's type holds.
        max: Number,
    },
    /// A `bool` byte is neither 0 nor 1.
    InvalidBool {
        /// The byte found.
        found: u8,
    },
    /// A string field is not valid UTF-8.
    InvalidUtf8,
    /// A `fixed(N)` field has a non-zero byte after its zero padding started.
    BadPadding {
        /// The byte found.
        found: u8,
    },
    /// The salt bucket does not match the one the fields hash to: a corrupt or foreign key.
    SaltMismatch {
        /// The bucket the fields hash to.
        expected: u32,
        /// The bucket in the key.
        found: u32,
    },
    /// A `#[tag]` segment holds other bytes: a key of another record type.
    BadTag {
        /// The tag byte expected.
        expected: u8,
        /// The byte found.
        found: u8,
    },
    /// An `#[escaped]` value has `0x00` followed by something other than `0xFF` or `0x01`.
    BadEscape {
        /// The byte after `0x00`.
        found: u8,
    },
    /// An `#[escaped]` value has no terminator.
    Unterminated,
    /// A borrowed field (`&str`, `&[u8]`) whose bytes had to be unescaped or inverted.
    NeedsOwned,
    /// A field added with `since` is written as `None` at the end of the key,
    /// where `None` writes nothing: no encoder writes these bytes.
    AbsentWritten,
    /// A bucket number at or above the bucket count.
    BucketOutOfRange {
        /// The bucket in the key.
        found: u32,
        /// The bucket count.
        buckets: u32,
    },
}

impl DecodeError {
    /// An error on `field`, whose bytes start at `offset` in the key.
    pub const fn new(field: &'static str, offset: usize, kind: DecodeErrorKind) -> Self {
        DecodeError {
            field,
            offset,
            kind,
        }
    }

    /// The field (or key type) the error is about.
    pub const fn field(&self) -> &'static str {
        self.field
    }

    /// The byte offset in the key where the problem is.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// What was wrong.
    pub const fn kind(&self) -> DecodeErrorKind {
        self.kind
    }
}

/// Prints a byte as hex, with its character when printable.
struct ByteText(u8);

impl fmt::Display for ByteText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() || self.0 == b' ' {
            write!(f, "0x{:02X} ('{}')", self.0, self.0 as char)
        } else {
            write!(f, "0x{:02X}", self.0)
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            DecodeErrorKind::Length { expected, found } => {
                return write!(
                    f,
                    "key `{}`: {found} bytes given, the layout has exactly {expected}",
                    self.field
                )
            }
            DecodeErrorKind::TooShort { min, found } => {
                return write!(
                    f,
                    "key `{}`: {found} bytes given, the layout needs at least {min}",
                    self.field
                )
            }
            _ => {}
        }
        write!(f, "field `{}` at byte {}: ", self.field, self.offset)?;
        match self.kind {
            DecodeErrorKind::NotDigit { found } => {
                write!(f, "found {}, expected an ASCII digit", ByteText(found))
            }
            DecodeErrorKind::OutOfRange { value, max } => {
                write!(f, "value {value} does not fit the field's type, largest is {max}")
            }
            DecodeErrorKind::InvalidBool { found } => {
                write!(f, "found {}, expected 0x00 or 0x01", ByteText(found))
            }
            DecodeErrorKind::InvalidUtf8 => f.write_str("bytes are not valid UTF-8"),
            DecodeErrorKind::BadPadding { found } => write!(
                f,
                "found {} after the padding started, expected 0x00 padding to the end",
                ByteText(found)
            ),
            DecodeErrorKind::SaltMismatch { expected, found } => write!(
                f,
                "salt bucket is {found}, but the fields hash to bucket {expected}: a corrupt or foreign key"
            ),
            DecodeErrorKind::BadTag { expected, found } => write!(
                f,
                "found {}, expected the tag byte {}: a key of another record type",
                ByteText(found),
                ByteText(expected)
            ),
            DecodeErrorKind::BadEscape { found } => write!(
                f,
                "found {} after 0x00, expected 0xFF (an escaped 0x00) or 0x01 (the end)",
                ByteText(found)
            ),
            DecodeErrorKind::Unterminated => {
                f.write_str("the escaped value has no 0x00 0x01 terminator")
            }
            DecodeErrorKind::NeedsOwned => f.write_str(
                "the value contains an escaped 0x00 or is descending, so it cannot be borrowed from the key; use String, Vec<u8> or Cow",
            ),
            DecodeErrorKind::AbsentWritten => f.write_str(
                "an added (`since`) field is written as None at the end of the key, where None writes nothing",
            ),
            DecodeErrorKind::BucketOutOfRange { found, buckets } => write!(
                f,
                "salt bucket is {found}, expected one of 0..{buckets}"
            ),
            DecodeErrorKind::Length { .. } | DecodeErrorKind::TooShort { .. } => Ok(()),
        }
    }
}

impl core::error::Error for DecodeError {}
