//! xxHash32 with seed 0 of bytes whose length is known at compile time,
//! always inlined: the salt bucket of a fixed key. The length is a
//! constant, so the stripe loop, the word loop and the byte loop unroll
//! to exactly the steps of that length, with no length dispatch, where a
//! call into `xxhash_rust` costs about 40 instructions for 4 bytes
//! (BENCHMARKS.md, W2). Bit for bit the specification's function
//! (<https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md>),
//! checked against `xxhash_rust` at every length up to 64.

const PRIME_1: u32 = 0x9E37_79B1;
const PRIME_2: u32 = 0x85EB_CA77;
const PRIME_3: u32 = 0xC2B2_AE3D;
const PRIME_4: u32 = 0x27D4_EB2F;
const PRIME_5: u32 = 0x1656_67B1;

/// The little-endian word at `at` (the caller keeps `at + 4 <= N`).
#[inline(always)]
fn word<const N: usize>(bytes: &[u8; N], at: usize) -> u32 {
    match bytes.get(at..at + 4) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => 0,
    }
}

/// One accumulator step over a stripe's word.
#[inline(always)]
fn round(acc: u32, input: u32) -> u32 {
    acc.wrapping_add(input.wrapping_mul(PRIME_2))
        .rotate_left(13)
        .wrapping_mul(PRIME_1)
}

/// xxh32 (seed 0) of `bytes`.
#[inline(always)]
pub fn fixed<const N: usize>(bytes: &[u8; N]) -> u32 {
    let mut at = 0;
    let mut h = if N >= 16 {
        let mut v = [
            PRIME_1.wrapping_add(PRIME_2),
            PRIME_2,
            0,
            0u32.wrapping_sub(PRIME_1),
        ];
        while at + 16 <= N {
            for (i, acc) in v.iter_mut().enumerate() {
                *acc = round(*acc, word(bytes, at + 4 * i));
            }
            at += 16;
        }
        v[0].rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18))
    } else {
        PRIME_5
    };
    h = h.wrapping_add(N as u32);
    while at + 4 <= N {
        h = h.wrapping_add(word(bytes, at).wrapping_mul(PRIME_3));
        h = h.rotate_left(17).wrapping_mul(PRIME_4);
        at += 4;
    }
    while at < N {
        h = h.wrapping_add((bytes[at] as u32).wrapping_mul(PRIME_5));
        h = h.rotate_left(11).wrapping_mul(PRIME_1);
        at += 1;
    }
    h ^= h >> 15;
    h = h.wrapping_mul(PRIME_2);
    h ^= h >> 13;
    h = h.wrapping_mul(PRIME_3);
    h ^ (h >> 16)
}

#[cfg(test)]
mod tests {
    use super::fixed;

    /// Every length up to 64, each byte position varied, against `xxhash_rust`.
    #[test]
    fn same_as_xxhash_rust() {
        fn check<const N: usize>() {
            let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ N as u64;
            for _ in 0..200 {
                let mut b = [0u8; N];
                for byte in b.iter_mut() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    *byte = x as u8;
                }
                assert_eq!(fixed(&b), xxhash_rust::xxh32::xxh32(&b, 0), "{b:02x?}");
            }
            for edge in [[0u8; N], [0xFF; N]] {
                assert_eq!(fixed(&edge), xxhash_rust::xxh32::xxh32(&edge, 0));
            }
        }
        macro_rules! lengths {
            ($($n:literal)*) => { $(check::<$n>();)* };
        }
        lengths!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26
            27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52
            53 54 55 56 57 58 59 60 61 62 63 64);
    }

    #[test]
    fn golden() {
        // Reference values of xxHash32, seed 0.
        assert_eq!(fixed(b""), 0x02CC_5D05);
        assert_eq!(fixed(b"a"), 0x550D_7456);
        assert_eq!(fixed(&[0, 0, 0, 7]), 0x7EA0_B2A8);
    }
}
