//! `[u8; N]`: the bytes as they are (descending: every byte inverted).

use crate::range::Edge;

/// Writes `v`.
#[inline(always)]
pub fn encode<const W: usize>(v: &[u8; W], out: &mut [u8; W], descending: bool) {
    *out = *v;
    if descending {
        super::invert(out);
    }
}

/// Reads the bytes back; every pattern is a value.
#[inline(always)]
pub fn decode<const W: usize>(bytes: &[u8; W], descending: bool) -> [u8; W] {
    let mut v = *bytes;
    if descending {
        super::invert(&mut v);
    }
    v
}

/// The bytes of a range bound.
#[inline]
pub fn edge<const W: usize>(v: &[u8; W], descending: bool) -> Result<Edge<W>, crate::EncodeError> {
    Ok(Edge::Bytes(decode(v, descending)))
}
