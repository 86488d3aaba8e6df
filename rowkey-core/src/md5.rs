//! `Md5`: a 16-byte MD5 digest as a key field ("the MD5 of the host name"),
//! which spreads keys evenly and gives every value one width, but keeps
//! neither order nor values chosen by users apart. Built on RustCrypto's
//! `md-5`.

use crate::{DecodeError, EncodeError, FieldCodec, Layout, Order, RowKey, Segment};

/// The MD5 digest of a value, stored as its 16 bytes.
///
/// Hashing spreads keys evenly and gives every value the same width, but it
/// does not keep order, so a hashed field supports equality prefixes
/// (`prefix_for_host(Md5::of("web-17"))`) and no range helper.
///
/// # Not a boundary between users
///
/// A digest does not keep apart the values it hashes when users choose
/// them. MD5 collisions are published: Wang and Yu (2005) gave two different
/// 128-byte inputs with one digest, `79054025255fb1a26e4bc422aef54eb4`, and
/// tools now make such pairs in seconds. Two tenants whose names hash to one
/// digest share their key prefix: one's prefix scan returns the other's rows,
/// and keys that agree after the digest overwrite each other.
///
/// A tenant's prefix scan stays within that tenant when the tenant is
/// written by a codec that gives different values different bytes (it is
/// injective) and that ends itself (no value's bytes begin another's): an
/// integer id (given out by a counter or a dictionary table, as the `hashed`
/// example does), `#[be_u16]`..`#[be_u64]`, `#[pad(N)]`, `#[fixed(N)]`,
/// `[u8; N]`, `#[escaped]` (a name of any length), or `#[ordered]`
/// strings and bytes. The last field's plain
/// bytes are injective but do not end themselves (`"ab"` begins `"abc"`),
/// which is why nothing may follow them. An `Md5` after such a field still
/// spreads a tenant's keys.
///
/// ```
/// use rowkey::{Md5, RowKey};
///
/// #[derive(RowKey)]
/// #[rowkey(width = 40)]
/// struct LogKey { host: Md5, event: Md5, ts: u64 }
///
/// let key = LogKey { host: Md5::of("web-17"), event: Md5::of("login"), ts: 7 }.encode()?;
/// assert_eq!(&key[..16], Md5::of("web-17").as_bytes());
/// assert_eq!(Md5::of("").to_string(), "d41d8cd98f00b204e9800998ecf8427e");
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Md5(pub [u8; 16]);

impl Md5 {
    /// The digest of `data`.
    pub fn of(data: impl AsRef<[u8]>) -> Md5 {
        use md5::Digest;
        Md5(md5::Md5::digest(data.as_ref()).into())
    }

    /// The 16 bytes.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }
}

impl core::fmt::Display for Md5 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl core::fmt::Debug for Md5 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Md5({self})")
    }
}

impl RowKey for Md5 {
    const WIDTH: usize = 16;
    const LAYOUT: Layout<'static> = Layout {
        name: "Md5",
        width: 16,
        variable: false,
        max_width: 16,
        salt: None,
        segments: &[Segment {
            name: "md5",
            offset: 0,
            width: 16,
            codec: "md5",
            kind: FieldCodec::Md5Digest,
            order: Order::Unordered,
            reverse: false,
            mirror: false,
            optional: false,
            since: 0,
            rust_type: "[u8; 16]",
        }],
    };
    type Bytes = [u8; 16];
    type Decoded<'de> = Md5;
    const ORDERED: bool = false;

    fn encode(&self) -> Result<[u8; 16], EncodeError> {
        Ok(self.0)
    }

    fn encode_into(&self, out: &mut [u8]) -> Result<usize, EncodeError> {
        crate::codec::write_key(&self.0, out, "Md5")
    }

    fn decode(bytes: &[u8]) -> Result<Md5, DecodeError> {
        crate::codec::read_key::<16>(bytes, "Md5").map(|b| Md5(*b))
    }
}
