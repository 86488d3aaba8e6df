//! The wording of every encode and decode error: what a log line says. Each
//! message names the field (or the key, for a wrong length), the offset of
//! a decode error, the numbers it carries, and a byte as hex with its
//! character when that is printable. A `ReadError` (a layout read at run
//! time) says exactly what the `DecodeError` with the same parts says, and
//! compares equal to it.

use rowkey::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Number, ReadError};

#[test]
fn encode_errors_name_the_field_and_the_value() {
    let cases: [(EncodeErrorKind, &str); 10] = [
        (
            EncodeErrorKind::OutOfRange {
                value: Number::Signed(-5),
                min: Number::Signed(i128::MIN),
                max: Number::Unsigned(u128::MAX),
            },
            "value -5 does not fit, allowed -170141183460469231731687303715884105728..=340282366920938463463374607431768211455",
        ),
        (
            EncodeErrorKind::TooLong { len: 9, max: 8 },
            "value is 9 bytes long, the field holds at most 8",
        ),
        (
            EncodeErrorKind::TrailingZero { len: 3 },
            "value of 3 bytes ends with a 0x00 byte, which fixed-width padding cannot tell apart; strip it or use another codec",
        ),
        (
            EncodeErrorKind::ZeroByte { at: 4 },
            "value holds a 0x00 byte at index 4, which this codec writes as its terminator; remove it or use a blob codec",
        ),
        (
            EncodeErrorKind::NotSingleByte { at: 2 },
            "value holds a character that is not ASCII at byte 2; Phoenix CHAR holds single-byte characters only, use VARCHAR",
        ),
        (
            EncodeErrorKind::TrailingSpace { len: 6 },
            "value of 6 bytes ends with a space, which CHAR's space padding cannot tell apart; strip it or use VARCHAR",
        ),
        (
            EncodeErrorKind::Null,
            "value is empty, which Phoenix reads as null, and this column (or the whole key) may not be null; give it a value",
        ),
        (
            EncodeErrorKind::NanPayload,
            "value is a NaN other than f64::NAN, and Phoenix writes every NaN as the one canonical NaN; use f64::NAN",
        ),
        (
            EncodeErrorKind::Unordered,
            "range bound is negative, and Java's Bytes encoding does not sort negative numbers below positive ones; use non-negative bounds or an ordered codec",
        ),
        (
            EncodeErrorKind::BufferTooSmall {
                needed: 12,
                available: 11,
            },
            "output buffer has 11 bytes, the key needs 12",
        ),
    ];
    for (kind, text) in cases {
        let e = EncodeError::new("user_id", kind);
        assert_eq!((e.field(), e.kind()), ("user_id", kind));
        assert_eq!(kind.to_string(), text);
        assert_eq!(e.to_string(), format!("field `user_id`: {text}"));
    }
}

/// A wrong length is about the whole key: the message names the key, not a byte.
#[test]
fn length_errors_name_the_key() {
    let cases = [
        (
            DecodeErrorKind::Length {
                expected: 8,
                found: 7,
            },
            "key `Event`: 7 bytes given, the layout has exactly 8",
        ),
        (
            DecodeErrorKind::TooShort { min: 5, found: 2 },
            "key `Event`: 2 bytes given, the layout needs at least 5",
        ),
        (
            DecodeErrorKind::TooLong { max: 40, found: 41 },
            "key `Event`: 41 bytes given, longer than its max_width of 40",
        ),
    ];
    for (kind, text) in cases {
        decode_error_says(DecodeError::new("Event", 0, kind), text);
    }
}

#[test]
fn decode_errors_name_the_field_and_the_byte() {
    let cases = [
        (
            DecodeErrorKind::NotDigit { found: b'A' },
            "found 0x41 ('A'), expected an ASCII digit",
        ),
        (
            DecodeErrorKind::OutOfRange {
                value: Number::Unsigned(300),
                max: Number::Unsigned(255),
            },
            "value 300 does not fit the field's type, largest is 255",
        ),
        (
            DecodeErrorKind::InvalidBool { found: 0x02 },
            "found 0x02, expected 0x00 or 0x01",
        ),
        (DecodeErrorKind::InvalidUtf8, "bytes are not valid UTF-8"),
        (
            DecodeErrorKind::BadPadding { found: b' ' },
            "found 0x20 (' ') after the padding started, expected 0x00 padding to the end",
        ),
        (
            DecodeErrorKind::SaltMismatch {
                expected: 3,
                found: 5,
            },
            "salt bucket is 5, but the fields hash to bucket 3: a corrupt or foreign key",
        ),
        (
            DecodeErrorKind::BadTag {
                expected: b'U',
                found: 0x7F,
            },
            "found 0x7F, expected the tag byte 0x55 ('U'): a key of another record type",
        ),
        (
            DecodeErrorKind::BadEscape { found: 0x02 },
            "found 0x02 after 0x00, expected 0xFF (an escaped 0x00) or 0x01 (the end)",
        ),
        (
            DecodeErrorKind::Unterminated,
            "the escaped value has no 0x00 0x01 terminator",
        ),
        (
            DecodeErrorKind::NeedsOwned,
            "the key does not hold the value's own bytes (an escaped 0x00, a descending value, an OrderedBlobVar's 7-bit groups), so it cannot be borrowed from the key; use String, Vec<u8> or Cow",
        ),
        (
            DecodeErrorKind::InvalidByte {
                found: 0x80,
                expected: "0x00 or 0xFF",
            },
            "found 0x80, expected 0x00 or 0xFF",
        ),
        (
            DecodeErrorKind::BadHeader {
                expected: 0x34,
                found: b'~',
            },
            "found 0x7E ('~'), expected the OrderedBytes header 0x34 ('4'): a value of another type or order",
        ),
        (
            DecodeErrorKind::NonCanonical,
            "bytes that Java never writes for any value (not the canonical form): a corrupt or foreign key",
        ),
        (
            DecodeErrorKind::Unrepresentable,
            "the number is a fraction, an infinity, NaN or beyond the field's type, which cannot hold it exactly",
        ),
        (
            DecodeErrorKind::AbsentWritten,
            "an added (`since`) field is written as None at the end of the key, where None writes nothing",
        ),
        (
            DecodeErrorKind::BucketOutOfRange {
                found: 9,
                buckets: 8,
            },
            "salt bucket is 9, expected one of 0..8",
        ),
    ];
    for (kind, text) in cases {
        decode_error_says(
            DecodeError::new("created", 17, kind),
            &format!("field `created` at byte 17: {text}"),
        );
    }
}

/// A byte prints as two upper-case hex digits, followed by the character in
/// quotes only for the printable ASCII characters and the space.
#[test]
fn bytes_print_as_hex_with_their_printable_character() {
    for b in 0..=255u8 {
        let shown = if b == b' ' || b.is_ascii_graphic() {
            format!("0x{b:02X} ('{}')", b as char)
        } else {
            format!("0x{b:02X}")
        };
        let e = DecodeError::new("f", 0, DecodeErrorKind::InvalidBool { found: b });
        assert_eq!(
            e.to_string(),
            format!("field `f` at byte 0: found {shown}, expected 0x00 or 0x01")
        );
    }
}

/// `e`'s accessors give back its parts, it prints `text`, and a `ReadError`
/// of the same parts (built, converted, or renamed from a field-less error)
/// prints the same and compares equal to it both ways.
#[track_caller]
fn decode_error_says(e: DecodeError, text: &str) {
    assert_eq!(e.to_string(), text);
    let name = String::from(e.field());
    let read = ReadError::new(&name, e.offset(), e.kind());
    assert_eq!(
        (read.field(), read.offset(), read.kind()),
        (e.field(), e.offset(), e.kind())
    );
    assert_eq!(read.to_string(), text);
    // Both impls: `ReadError == DecodeError` and `DecodeError == ReadError`.
    assert_eq!(read, e);
    assert_eq!(e, read);
    assert_eq!(ReadError::from(e), read);
    let nameless = DecodeError::new("", e.offset(), e.kind());
    assert_eq!(ReadError::of(&name, nameless), read);
    assert_ne!(read, nameless);
    assert_ne!(nameless, read);
    let elsewhere = DecodeError::new(e.field(), e.offset() + 1, e.kind());
    assert_ne!(read, elsewhere);
    assert_ne!(elsewhere, read);
}

/// `Number::to` gives the number as a type that holds it, `None` otherwise,
/// and a number prints in full whatever its sign and size.
#[test]
fn numbers_convert_only_into_types_that_hold_them() {
    assert_eq!(Number::Unsigned(255).to::<u8>(), Some(255u8));
    assert_eq!(Number::Unsigned(256).to::<u8>(), None);
    assert_eq!(Number::Unsigned(7).to::<i8>(), Some(7i8));
    assert_eq!(Number::Signed(-1).to::<i8>(), Some(-1i8));
    assert_eq!(Number::Signed(-1).to::<u64>(), None);
    assert_eq!(Number::Signed(200).to::<u8>(), Some(200u8));
    assert_eq!(Number::Signed(-129).to::<i8>(), None);
    assert_eq!(
        Number::Unsigned(u128::MAX).to_string(),
        u128::MAX.to_string()
    );
    assert_eq!(Number::Signed(i128::MIN).to_string(), i128::MIN.to_string());
}
