//! Explaining bytes as one of several key types sharing a table (a derived
//! enum of key types): the member is picked as the enum's `decode` picks
//! it, by checking each member's tag and key, then explained as its layout.

use super::walk::explain;
use super::{check, Explained, Reading};
use crate::{KeyTypes, Layout, Member, ReadError};

impl<'a> KeyTypes<'a> {
    /// Takes `bytes` apart as the member the enum's `decode` would pick (the
    /// first whose tag and key decode; when none does, the one the bytes
    /// begin, else the one whose error came furthest). A member's tag leads
    /// the key; its fields' spans count from the key's first byte.
    pub fn explain(&self, bytes: &[u8]) -> Explained<'a> {
        explain_members(self, bytes)
    }
}

/// Explains `bytes` as one of several key types sharing a table (a derived
/// enum of key types), as the enum's `decode` reads them: a member's tag
/// leads its key, and the fields after it are explained with spans counted
/// from the key's first byte. The member is the first whose tag and key
/// decode; else the first that the bytes begin (a partial key: part of the
/// tag, or the tag and fields that all decode); else the one whose error came
/// furthest. The error is the enum's `decode` error.
fn explain_members<'a>(types: &KeyTypes<'a>, bytes: &[u8]) -> Explained<'a> {
    let mut best: Option<(ReadError<'a>, &Member<'a>)> = None;
    let mut begun: Option<&Member<'a>> = None;
    for m in types.members {
        let e = match member_decode(types.name, m, bytes) {
            Ok(()) => return with_member(m, bytes, None),
            Err(e) => e,
        };
        if begun.is_none() && begins(m, bytes) {
            begun = Some(m);
        }
        // As the enum's `decode`: a later error replaces one no further in.
        if best.is_none_or(|(b, _)| e.offset() >= b.offset()) {
            best = Some((e, m));
        }
    }
    match (begun, best) {
        (Some(m), Some((e, _))) | (None, Some((e, m))) => with_member(m, bytes, Some(e)),
        _ => explain(&EMPTY, bytes),
    }
}

/// The member's tag, then its key: what the enum's `decode` checks of it.
fn member_decode<'a>(name: &'a str, m: &Member<'a>, bytes: &[u8]) -> Result<(), ReadError<'a>> {
    let rest = strip_tag(bytes, m.tag, name)?;
    check(m.layout, rest)
}

/// As [`crate::record::strip_tag`], naming the enum.
fn strip_tag<'b, 'a>(
    bytes: &'b [u8],
    tag: &[u8],
    name: &'a str,
) -> Result<&'b [u8], ReadError<'a>> {
    crate::record::strip_tag(bytes, tag, "").map_err(|e| ReadError::of(name, e))
}

/// Whether `bytes` are the start of a key of member `m`: part of its tag, or
/// its tag and the start of its key.
fn begins(m: &Member<'_>, bytes: &[u8]) -> bool {
    match bytes.get(m.tag.len()..) {
        None => m.tag.starts_with(bytes),
        Some(rest) => bytes.starts_with(m.tag) && is_prefix(m.layout, rest),
    }
}

/// Whether `bytes` are the start of a key of `layout`: shorter than it, and
/// every field they hold decodes.
fn is_prefix<'a>(layout: &'a Layout<'a>, bytes: &[u8]) -> bool {
    let fields = explain(layout, bytes).fields;
    let short = fields
        .iter()
        .any(|f| matches!(f.reading, Reading::Cut { .. } | Reading::Absent));
    short
        && !fields
            .iter()
            .any(|f| matches!(f.reading, Reading::Error(_)))
}

/// What an enum without members explains bytes as: no field at all.
static EMPTY: Layout<'static> = Layout {
    name: "(no key type)",
    width: 0,
    variable: true,
    max_width: 0,
    salt: None,
    segments: &[],
};

/// `m`'s explanation of `bytes`: its key's fields after the tag, their
/// spans shifted by the tag's length (none when the bytes stop inside it).
fn with_member<'a>(m: &Member<'a>, bytes: &[u8], error: Option<ReadError<'a>>) -> Explained<'a> {
    let rest = bytes.get(m.tag.len()..).unwrap_or_default();
    let mut e = explain(m.layout, rest);
    for f in &mut e.fields {
        f.span = f.span.start + m.tag.len()..f.span.end + m.tag.len();
    }
    Explained {
        member: Some(m.name),
        tag: m.tag,
        len: bytes.len(),
        error,
        ..e
    }
}
