//! From a codec's run-time parameters to the const-generic codec function
//! that derived code calls for the same field.

/// Runs `$body` with `$T` the Rust integer type of `$t` (an [`IntType`](crate::IntType))
/// and `$W` its width; `$other` for a width no integer has.
macro_rules! with_int {
    ($t:expr, $T:ident, $W:ident => $body:expr, $other:expr) => {{
        let t: $crate::IntType = $t;
        match (t.signed, t.bytes) {
            (false, 1) => with_int!(@ u8, $T, $W, $body),
            (false, 2) => with_int!(@ u16, $T, $W, $body),
            (false, 4) => with_int!(@ u32, $T, $W, $body),
            (false, 8) => with_int!(@ u64, $T, $W, $body),
            (false, 16) => with_int!(@ u128, $T, $W, $body),
            (true, 1) => with_int!(@ i8, $T, $W, $body),
            (true, 2) => with_int!(@ i16, $T, $W, $body),
            (true, 4) => with_int!(@ i32, $T, $W, $body),
            (true, 8) => with_int!(@ i64, $T, $W, $body),
            (true, 16) => with_int!(@ i128, $T, $W, $body),
            _ => $other,
        }
    }};
    (@ $ty:ty, $T:ident, $W:ident, $body:expr) => {{
        #[allow(dead_code)]
        type $T = $ty;
        #[allow(dead_code)]
        const $W: usize = core::mem::size_of::<$ty>();
        $body
    }};
}

pub(crate) use with_int;
