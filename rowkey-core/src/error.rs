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

impl Number {
    /// The number as `T`, when `T` holds it.
    pub fn to<T: TryFrom<u128> + TryFrom<i128>>(self) -> Option<T> {
        match self {
            Number::Unsigned(u) => T::try_from(u).ok(),
            Number::Signed(i) => T::try_from(i).ok(),
        }
    }
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
    /// The value holds a `0x00` byte, which its codec writes as a terminator or
    /// separator (OrderedBytes `Text`, descending `BlobCopy`, a Phoenix `VARCHAR`).
    ZeroByte {
        /// Index of the first `0x00` in the value.
        at: usize,
    },
    /// A Phoenix `CHAR` value holds a character that is not one byte (not ASCII).
    NotSingleByte {
        /// Byte index of the first such character.
        at: usize,
    },
    /// A Phoenix `CHAR` value ends with a space, which its space padding could not tell apart.
    TrailingSpace {
        /// The value's length in bytes.
        len: usize,
    },
    /// A Phoenix column value that Phoenix reads back as null (an empty
    /// `CHAR`, or a key whose every `VARCHAR` is empty), where the column or
    /// the key may not be null.
    Null,
    /// A `DOUBLE` NaN other than `f64::NAN`: Phoenix writes every NaN as
    /// Java's one canonical NaN, so another would not read back.
    NanPayload,
    /// A range bound outside the values whose bytes keep their order (Java's
    /// `Bytes` encoding sorts negative numbers after positive ones).
    Unordered,
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
        write!(f, "field `{}`: {}", self.field, self.kind)
    }
}

/// What is wrong, without the field: the part of an [`EncodeError`]'s
/// message after "field `name`: ".
impl fmt::Display for EncodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
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
            EncodeErrorKind::ZeroByte { at } => write!(
                f,
                "value holds a 0x00 byte at index {at}, which this codec writes as its terminator; remove it or use a blob codec"
            ),
            EncodeErrorKind::NotSingleByte { at } => write!(
                f,
                "value holds a character that is not ASCII at byte {at}; Phoenix CHAR holds single-byte characters only, use VARCHAR"
            ),
            EncodeErrorKind::TrailingSpace { len } => write!(
                f,
                "value of {len} bytes ends with a space, which CHAR's space padding cannot tell apart; strip it or use VARCHAR"
            ),
            EncodeErrorKind::Null => f.write_str(
                "value is empty, which Phoenix reads as null, and this column (or the whole key) may not be null; give it a value",
            ),
            EncodeErrorKind::NanPayload => f.write_str(
                "value is a NaN other than f64::NAN, and Phoenix writes every NaN as the one canonical NaN; use f64::NAN",
            ),
            EncodeErrorKind::Unordered => f.write_str(
                "range bound is negative, and Java's Bytes encoding does not sort negative numbers below positive ones; use non-negative bounds or an ordered codec",
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
    /// A variable-length key is longer than its `max_width`, so it could not
    /// have been encoded.
    TooLong {
        /// The key's `max_width`.
        max: usize,
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
    /// A borrowed field (`&str`, `&[u8]`) whose bytes had to be unescaped,
    /// inverted or regrouped (an `OrderedBlobVar`'s 7-bit groups).
    NeedsOwned,
    /// A byte that is none of the values a one-byte field allows (a Java
    /// `boolean`, a Phoenix `BOOLEAN`).
    InvalidByte {
        /// The byte found.
        found: u8,
        /// What was allowed, for the message.
        expected: &'static str,
    },
    /// An OrderedBytes value starts with the header of another type or order.
    BadHeader {
        /// The header byte this field's type and order write.
        expected: u8,
        /// The byte found.
        found: u8,
    },
    /// Bytes that the Java code never writes for any value (a non-canonical
    /// form), so decoding them would not give back these bytes.
    NonCanonical,
    /// A number the field's type cannot hold exactly (a fraction, an infinity
    /// or NaN for an integer, or a number beyond the type's range).
    Unrepresentable,
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

    /// The error read from the `width` bytes at `start` put back to front
    /// (a `#[mirror]` field), at the place its byte has in the key. An error
    /// about the whole field (a number out of range, invalid UTF-8) is at
    /// the field's start.
    pub(crate) fn mirrored(self, start: usize, width: usize) -> Self {
        let names_a_byte = matches!(
            self.kind,
            DecodeErrorKind::NotDigit { .. }
                | DecodeErrorKind::InvalidBool { .. }
                | DecodeErrorKind::BadPadding { .. }
                | DecodeErrorKind::BadTag { .. }
        );
        let offset = match self.offset.checked_sub(start) {
            Some(i) if i < width && names_a_byte => start + (width - 1 - i),
            Some(i) if i < width => start,
            _ => self.offset,
        };
        DecodeError { offset, ..self }
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
        describe(self.field, self.offset, self.kind, f)
    }
}

/// The one wording of a decode error, for [`DecodeError`] and [`ReadError`].
fn describe(
    field: &str,
    offset: usize,
    kind: DecodeErrorKind,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    {
        match kind {
            DecodeErrorKind::Length { expected, found } => {
                return write!(
                    f,
                    "key `{}`: {found} bytes given, the layout has exactly {expected}",
                    field
                )
            }
            DecodeErrorKind::TooShort { min, found } => {
                return write!(
                    f,
                    "key `{}`: {found} bytes given, the layout needs at least {min}",
                    field
                )
            }
            DecodeErrorKind::TooLong { max, found } => {
                return write!(
                    f,
                    "key `{}`: {found} bytes given, longer than its max_width of {max}",
                    field
                )
            }
            _ => {}
        }
        write!(f, "field `{}` at byte {}: ", field, offset)?;
        match kind {
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
                "the key does not hold the value's own bytes (an escaped 0x00, a descending value, an OrderedBlobVar's 7-bit groups), so it cannot be borrowed from the key; use String, Vec<u8> or Cow",
            ),
            DecodeErrorKind::InvalidByte { found, expected } => {
                write!(f, "found {}, expected {expected}", ByteText(found))
            }
            DecodeErrorKind::BadHeader { expected, found } => write!(
                f,
                "found {}, expected the OrderedBytes header {}: a value of another type or order",
                ByteText(found),
                ByteText(expected)
            ),
            DecodeErrorKind::NonCanonical => f.write_str(
                "bytes that Java never writes for any value (not the canonical form): a corrupt or foreign key",
            ),
            DecodeErrorKind::Unrepresentable => f.write_str(
                "the number is a fraction, an infinity, NaN or beyond the field's type, which cannot hold it exactly",
            ),
            DecodeErrorKind::AbsentWritten => f.write_str(
                "an added (`since`) field is written as None at the end of the key, where None writes nothing",
            ),
            DecodeErrorKind::BucketOutOfRange { found, buckets } => write!(
                f,
                "salt bucket is {found}, expected one of 0..{buckets}"
            ),
            DecodeErrorKind::Length { .. }
            | DecodeErrorKind::TooShort { .. }
            | DecodeErrorKind::TooLong { .. } => Ok(()),
        }
    }
}

impl core::error::Error for DecodeError {}

/// A [`DecodeError`] of a key read by a layout known only at run time (a
/// schema file): the same offset, kind and wording, with a field name that
/// borrows from the layout rather than the program.
///
/// ```
/// use rowkey::{DecodeError, DecodeErrorKind, ReadError};
/// let e = ReadError::new("create_date", 9, DecodeErrorKind::NotDigit { found: b'A' });
/// assert_eq!(e, DecodeError::new("create_date", 9, DecodeErrorKind::NotDigit { found: b'A' }));
/// assert_eq!(e.to_string(), "field `create_date` at byte 9: found 0x41 ('A'), expected an ASCII digit");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadError<'a> {
    field: &'a str,
    offset: usize,
    kind: DecodeErrorKind,
}

impl<'a> ReadError<'a> {
    /// An error on `field`, whose bytes start at `offset` in the key.
    pub const fn new(field: &'a str, offset: usize, kind: DecodeErrorKind) -> Self {
        ReadError {
            field,
            offset,
            kind,
        }
    }

    /// `e`, about the field named `field` (a codec's error names no field).
    pub const fn of(field: &'a str, e: DecodeError) -> Self {
        ReadError::new(field, e.offset, e.kind)
    }

    /// The field (or key type) the error is about.
    pub const fn field(&self) -> &'a str {
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

impl From<DecodeError> for ReadError<'static> {
    fn from(e: DecodeError) -> Self {
        ReadError::new(e.field, e.offset, e.kind)
    }
}

impl PartialEq<DecodeError> for ReadError<'_> {
    fn eq(&self, other: &DecodeError) -> bool {
        (self.field, self.offset, self.kind) == (other.field, other.offset, other.kind)
    }
}

impl PartialEq<ReadError<'_>> for DecodeError {
    fn eq(&self, other: &ReadError<'_>) -> bool {
        other == self
    }
}

impl fmt::Display for ReadError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        describe(self.field, self.offset, self.kind, f)
    }
}

impl core::error::Error for ReadError<'_> {}
