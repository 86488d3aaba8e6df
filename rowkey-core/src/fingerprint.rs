//! A key format's fingerprint: a stable hash of everything that decides its
//! bytes, so that a change to the format fails a test before it reaches a table.
//!
//! # The hash (a stable format)
//!
//! `T::FINGERPRINT` is [FNV-1a 64](http://www.isthe.com/chongo/tech/comp/fnv/)
//! (offset basis `0xcbf29ce484222325`, prime `0x100000001b3`) over this byte
//! string, where every number is big-endian and `u64` unless said otherwise:
//!
//! ```text
//! layout  = "RK" 0x01 variable:u8 width salt count segment*
//! salt    = 0x00                                  no salt
//!         | 0x01 format:u8 digits:u8 hash:u8 buckets:u32 n:u32 index:u32*n
//!             format: 0 binary, 1 digits (digits = D, else 0), 2 Phoenix;
//!             hash: 0, the format's own (xxh32, or Phoenix's); 1, modulo;
//!                   2, a user function (its code is not hashed);
//!             index: the position in `segments` of each hashed field
//! segment = offset width codec order:u8 flags:u8
//!             order: 0 ascending, 1 descending, 2 unordered
//!             flags: 1 reverse | 2 mirror | 4 optional | 8 added
//!           [since:u32]                 only with flag 8: `#[rowkey(since = N)]`
//! codec   = 0x01 bytes:u8 signed:u8     native integer
//!         | 0x02 bytes:u8               be_u16 / be_u32 / be_u64
//!         | 0x03 digits                 pad
//!         | 0x04 width utf8:u8          fixed
//!         | 0x05                        bool
//!         | 0x06 n                      [u8; n]
//!         | 0x07 bytes:u8               f32 / f64
//!         | 0x08 layout                 a nested key, recursively
//!         | 0x09                        an MD5 digest
//!         | 0x0A n byte*n               tag
//!         | 0x0B utf8:u8                escaped
//!         | 0x0C utf8:u8                rest of the key
//!         | 0x0D                        the salt bucket
//!         | 0x0E java:u8                #[java]: 0 short, 1 int, 2 long, 3 float, 4 double, 5 boolean
//!         | 0x0F header:u8              #[ordered]: the OrderedBytes header
//!         | 0x10 header:u8 utf8:u8      #[ordered] Text / BlobVar / BlobCopy
//!         | 0x11 trailing:u8 codec      #[ordered] Option: null for None;
//!                                       trailing 1: left out at the end (hbase_struct)
//!         | 0x12 type:u8 [n:num]        #[rowkey(phoenix)]: PhoenixType::code, then CHAR's n
//! ```
//!
//! Names are left out, so renaming a field or the key keeps the fingerprint;
//! so is the Rust type where it does not change the bytes (`#[pad(6)]` on a
//! `u32` or a `u64`, `String` or `&str`), and `max_width`, which bounds keys
//! without changing any. Everything else, a codec, a width, an order, the
//! salt or a tag, changes it.
//!
//! Pin it in a test next to the key:
//!
//! ```
//! use rowkey::RowKey;
//!
//! #[derive(RowKey)]
//! struct FileKey {
//!     #[pad(6)] user_id: u32,
//!     #[pad(8)] create_date: u32,
//!     #[pad(6)] file_id: u64,
//! }
//!
//! // Fails the build's tests if anyone changes the bytes FileKey writes.
//! assert_eq!(FileKey::FINGERPRINT, 0xf75c_7814_308b_e003);
//! ```

use crate::layout::{FieldCodec, Layout, Order, PhoenixType, Segment};
use crate::{SaltFormat, SaltHash};

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// An FNV-1a 64 state, fed the canonical bytes of a layout.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    const fn bytes(self, bytes: &[u8]) -> Fnv {
        let mut h = self.0;
        let mut i = 0;
        while i < bytes.len() {
            h ^= bytes[i] as u64;
            h = h.wrapping_mul(PRIME);
            i += 1;
        }
        Fnv(h)
    }

    const fn byte(self, b: u8) -> Fnv {
        self.bytes(&[b])
    }

    const fn flag(self, b: bool) -> Fnv {
        self.byte(b as u8)
    }

    const fn num(self, n: usize) -> Fnv {
        self.bytes(&(n as u64).to_be_bytes())
    }

    const fn u32(self, n: u32) -> Fnv {
        self.bytes(&n.to_be_bytes())
    }
}

/// The fingerprint of `layout`, as specified in the [module docs](self).
pub const fn of(layout: &Layout) -> u64 {
    layout_bytes(Fnv(OFFSET_BASIS), layout).0
}

const fn layout_bytes(h: Fnv, layout: &Layout) -> Fnv {
    let h = h
        .bytes(b"RK")
        .byte(1)
        .flag(layout.variable)
        .num(layout.width);
    let mut h = salt_bytes(h, layout);
    h = h.num(layout.segments.len());
    let mut i = 0;
    while i < layout.segments.len() {
        h = segment_bytes(h, &layout.segments[i]);
        i += 1;
    }
    h
}

const fn salt_bytes(h: Fnv, layout: &Layout) -> Fnv {
    let Some(salt) = &layout.salt else {
        return h.byte(0);
    };
    let (format, digits) = match salt.salt.format() {
        SaltFormat::Binary => (0, 0),
        SaltFormat::Digits(d) => (1, d),
        SaltFormat::Phoenix => (2, 0),
    };
    let hash = match salt.salt.hash() {
        SaltHash::Format => 0,
        SaltHash::Modulo => 1,
        SaltHash::Custom(_) => 2,
    };
    let mut h = h.byte(1).byte(format).byte(digits).byte(hash);
    h = h.u32(salt.salt.buckets());
    h = h.u32(salt.fields.len() as u32);
    let mut i = 0;
    while i < salt.fields.len() {
        h = h.u32(segment_index(layout, salt.fields[i]));
        i += 1;
    }
    h
}

/// The position of the segment named `name`; `u32::MAX` if there is none,
/// which a derived layout never gives.
const fn segment_index(layout: &Layout, name: &str) -> u32 {
    let mut i = 0;
    while i < layout.segments.len() {
        if str_eq(layout.segments[i].name, name) {
            return i as u32;
        }
        i += 1;
    }
    u32::MAX
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn segment_bytes(h: Fnv, s: &Segment) -> Fnv {
    let h = codec_bytes(h.num(s.offset).num(s.width), &s.kind);
    let order = match s.order {
        Order::Ascending => 0,
        Order::Descending => 1,
        Order::Unordered => 2,
    };
    let added = s.since != 0;
    let flags =
        s.reverse as u8 | (s.mirror as u8) << 1 | (s.optional as u8) << 2 | (added as u8) << 3;
    let h = h.byte(order).byte(flags);
    // Appended only for added fields, so other keys keep their fingerprints.
    if added {
        h.u32(s.since)
    } else {
        h
    }
}

const fn codec_bytes(h: Fnv, codec: &FieldCodec) -> Fnv {
    match *codec {
        FieldCodec::Int(t) => h.byte(0x01).byte(t.bytes).flag(t.signed),
        FieldCodec::Narrow { bytes, .. } => h.byte(0x02).byte(bytes),
        FieldCodec::Pad { digits, .. } => h.byte(0x03).num(digits),
        FieldCodec::Fixed { width, text } => h.byte(0x04).num(width).flag(text.utf8),
        FieldCodec::Bool => h.byte(0x05),
        FieldCodec::Bytes(n) => h.byte(0x06).num(n),
        FieldCodec::Float { bytes } => h.byte(0x07).byte(bytes),
        FieldCodec::Nested { layout } => layout_bytes(h.byte(0x08), layout),
        FieldCodec::Md5Digest => h.byte(0x09),
        FieldCodec::Tag(bytes) => h.byte(0x0A).num(bytes.len()).bytes(bytes),
        FieldCodec::Escaped(text) => h.byte(0x0B).flag(text.utf8),
        FieldCodec::Rest(text) => h.byte(0x0C).flag(text.utf8),
        FieldCodec::Java(t) => h.byte(0x0E).byte(t as u8),
        FieldCodec::Ordered { header } => h.byte(0x0F).byte(header),
        FieldCodec::OrderedVar { header, text } => h.byte(0x10).byte(header).flag(text.utf8),
        FieldCodec::OrderedNull { value, trailing } => {
            codec_bytes(h.byte(0x11).flag(trailing), value)
        }
        FieldCodec::Phoenix(t) => match t {
            PhoenixType::Char(n) => h.byte(0x12).byte(t.code()).num(n),
            _ => h.byte(0x12).byte(t.code()),
        },
        FieldCodec::Salt => h.byte(0x0D),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_1a_64_reference_values() {
        // From the FNV reference test suite.
        assert_eq!(Fnv(OFFSET_BASIS).0, 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fnv(OFFSET_BASIS).bytes(b"a").0, 0xaf63_dc4c_8601_ec8c);
        assert_eq!(Fnv(OFFSET_BASIS).bytes(b"foobar").0, 0x8594_4171_f739_67e8);
    }
}
