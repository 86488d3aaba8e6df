//! [`Explainer`]: [`Layout::explain`] for a stream of keys of one layout,
//! into one explanation whose fields are reused from key to key. A key
//! whose fields sit at their offsets and that decodes is read field by
//! field where each one is, without the walk.

use alloc::vec::Vec;

use super::check::Checker;
use super::walk::{explain_into, read_segment};
use super::{Explained, ExplainedField, Reading};
use crate::cursor::Reader;
use crate::{FieldCodec, Layout, Segment};

/// [`Layout::explain`] for many keys of one layout: the same explanation,
/// written over the last one.
///
/// ```
/// use rowkey::{dynamic::Explainer, RowKey};
///
/// #[derive(RowKey)]
/// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
///
/// let mut explainer = Explainer::new(&FileKey::LAYOUT);
/// for key in [&b"00000120120902"[..], b"0000012012A902", b"0000012"] {
///     assert_eq!(*explainer.explain(key), FileKey::LAYOUT.explain(key));
/// }
/// ```
pub struct Explainer<'a> {
    layout: &'a Layout<'a>,
    checker: Checker<'a, 'a>,
    explained: Explained<'a>,
    /// Whether `explained` holds a key read at its fields' offsets, whose
    /// fields differ from the next such key's in their readings alone.
    at_offsets: bool,
}

impl<'a> Explainer<'a> {
    /// The explainer of `layout`'s keys.
    pub fn new(layout: &'a Layout<'a>) -> Self {
        Explainer {
            layout,
            checker: Checker::new(layout),
            explained: explain_into(layout, &[], Vec::new()),
            at_offsets: false,
        }
    }

    /// What [`Layout::explain`] gives for `bytes`.
    pub fn explain(&mut self, bytes: &[u8]) -> &Explained<'a> {
        if self.checker.fields_at_offsets() && self.checker.check(bytes).is_ok() {
            self.read_at_offsets(bytes);
        } else {
            let fields = core::mem::take(&mut self.explained.fields);
            self.explained = explain_into(self.layout, bytes, fields);
            self.at_offsets = false;
        }
        &self.explained
    }

    /// A key that decodes, every field at its offset: each field's value.
    fn read_at_offsets(&mut self, bytes: &[u8]) {
        if !self.at_offsets {
            self.explained.fields = self.layout.segments.iter().map(at_offset).collect();
            self.explained.error = None;
            self.at_offsets = true;
        }
        self.explained.len = bytes.len();
        let segments = self.layout.segments.iter();
        for (f, seg) in self.explained.fields.iter_mut().zip(segments) {
            f.reading = read_at_offset(self.layout, seg, bytes);
        }
    }
}

/// A field of a key that decodes, read where it sits: by its codec alone,
/// unless the walk adds to it (the salt, a presence byte, `#[mirror]`).
fn read_at_offset<'a>(layout: &Layout<'a>, seg: &Segment<'a>, bytes: &[u8]) -> Reading<'a> {
    if seg.optional || seg.mirror || matches!(seg.kind, FieldCodec::Salt) {
        return read_segment(layout, seg, bytes, seg.offset).0;
    }
    let mut r = Reader::at(bytes, seg.offset);
    match seg.kind.codec().read(&mut r, seg.field_ref()) {
        Ok(v) => Reading::Value(v),
        Err(e) => Reading::Error(e),
    }
}

/// A field at its offset, its reading to come.
fn at_offset<'a>(seg: &Segment<'a>) -> ExplainedField<'a> {
    ExplainedField {
        name: seg.name,
        span: seg.offset..seg.offset + seg.width,
        codec: seg.codec,
        kind: seg.kind,
        reading: Reading::Absent,
    }
}
