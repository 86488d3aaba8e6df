//! The numbers a key is checked against, owned here so the derive (which
//! reads them at compile time) and the runtime agree on each one.

/// HBase's row-key limit: the default `max_width`.
pub const DEFAULT_MAX_WIDTH: usize = 32_767;

/// The largest `max_width`: keys are stack arrays, and with every field at
/// most this wide no sum of widths can overflow.
pub const MAX_MAX_WIDTH: usize = u32::MAX as usize;

/// Buckets a binary salt can number: two bytes.
pub const MAX_BUCKETS: u64 = 65_536;

/// Buckets Apache Phoenix's one salt byte can number.
pub const MAX_PHOENIX_BUCKETS: u64 = 256;

/// Digits a `#[salt(pad = D)]` bucket may take: a split point holds 8 bytes.
pub const MAX_SALT_DIGITS: u64 = 8;

/// The shortest `#[escaped]` value: an empty string and its terminator.
pub const ESCAPED_MIN_WIDTH: usize = 2;

/// The most decimal digits a value of an unsigned integer `bytes` wide has
/// (`u32`, 4 bytes: 10), so a wider `#[pad(N)]` is refused.
///
/// ```
/// use rowkey_format::limits::max_digits;
/// assert_eq!([1, 2, 4, 8, 16].map(max_digits), [3, 5, 10, 20, 39]);
/// ```
pub const fn max_digits(bytes: usize) -> usize {
    let mut max = if bytes >= 16 {
        u128::MAX
    } else {
        (1u128 << (bytes * 8)) - 1
    };
    let mut digits = 1;
    while max >= 10 {
        max /= 10;
        digits += 1;
    }
    digits
}

/// The bytes a `#[salt(mod = N)]` bucket takes: one byte up to 256 buckets,
/// two (big-endian) above.
pub const fn salt_width(buckets: u32) -> usize {
    if buckets > 256 {
        2
    } else {
        1
    }
}

/// The capacity of a plain `KeyRange`: keys of up to 63 bytes (one byte is
/// kept for `KeyRangeOf::after`'s `0x00`).
pub const DEFAULT_RANGE_CAPACITY: usize = 64;

/// Fixed keys of this many bytes or more get heap-backed ranges
/// (`KeyRangeBuf`) from their helpers: an inline range holds two copies of
/// the key, and a fan-out two ranges.
pub const INLINE_RANGE_LIMIT: usize = 256;

/// The capacity the scan helpers of a fixed `key_width`-byte key use: the
/// key and `KeyRangeOf::after`'s `0x00`.
pub const fn range_capacity(key_width: usize) -> usize {
    key_width + 1
}
