//! FNV-1a 64, the hash of a key format's fingerprint
//! ([`RowKey::FINGERPRINT`](crate::RowKey::FINGERPRINT)): each codec feeds
//! it its own bytes, in `const` code.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// An FNV-1a 64 state, fed the canonical bytes of a layout.
#[derive(Clone, Copy)]
pub struct Fnv(pub(crate) u64);

impl Fnv {
    /// The empty state.
    pub const fn new() -> Fnv {
        Fnv(OFFSET_BASIS)
    }

    /// Fed `bytes`.
    pub const fn bytes(self, bytes: &[u8]) -> Fnv {
        let mut h = self.0;
        let mut i = 0;
        while i < bytes.len() {
            h ^= bytes[i] as u64;
            h = h.wrapping_mul(PRIME);
            i += 1;
        }
        Fnv(h)
    }

    /// Fed one byte.
    pub const fn byte(self, b: u8) -> Fnv {
        self.bytes(&[b])
    }

    /// Fed `0` or `1`.
    pub const fn flag(self, b: bool) -> Fnv {
        self.byte(b as u8)
    }

    /// Fed `n` as a big-endian `u64`.
    pub const fn num(self, n: usize) -> Fnv {
        self.bytes(&(n as u64).to_be_bytes())
    }

    /// Fed `n` as a big-endian `u32`.
    pub const fn u32(self, n: u32) -> Fnv {
        self.bytes(&n.to_be_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_1a_64_reference_values() {
        // From the FNV reference test suite.
        assert_eq!(Fnv::new().0, 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fnv::new().bytes(b"a").0, 0xaf63_dc4c_8601_ec8c);
        assert_eq!(Fnv::new().bytes(b"foobar").0, 0x8594_4171_f739_67e8);
    }
}
