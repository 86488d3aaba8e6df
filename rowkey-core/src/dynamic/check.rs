//! [`check`] and [`Checker`]: a strict decode's verdict without the values.
//! A fixed-width key, whose fields all sit at their offsets, is checked
//! field by field without the walk: a codec that reads every byte string
//! of its width (an integer) is not read at all, and the salt's bucket is
//! hashed from the salted fields' spans. Any other key is walked as
//! [`decode`] walks it.

use alloc::vec::Vec;
use core::ops::Range;

#[cfg(doc)]
use super::walk::decode;
use super::walk::{check_end, check_whole, read_fixed, read_strict, strict_reading};
use crate::codec::Extent;
use crate::{FieldCodec, Layout, ReadError, Salt, SaltFormat, Segment};

/// Whether `bytes` decode by `layout`: [`decode`]'s verdict, the same error
/// for the same bytes, without keeping the fields' values. For many keys
/// of one layout, a [`Checker`] does the same with what the layout decides
/// worked out once.
///
/// ```
/// use rowkey::{dynamic, RowKey};
///
/// #[derive(RowKey)]
/// struct FileKey {
///     #[pad(6)] user_id: u32,
///     #[pad(8)] create_date: u32,
/// }
///
/// assert!(dynamic::check(&FileKey::LAYOUT, b"00000120120902").is_ok());
/// let e = dynamic::check(&FileKey::LAYOUT, b"0000012012A902").unwrap_err();
/// assert_eq!(e.to_string(), "field `create_date` at byte 10: found 0x41 ('A'), expected an ASCII digit");
/// ```
///
/// # Errors
/// The error [`decode`] gives.
pub fn check<'a>(layout: &Layout<'a>, bytes: &[u8]) -> Result<(), ReadError<'a>> {
    // One key: the walk, which allocates nothing for keys of numbers, digits
    // and salts; a [`Checker`] pays its plan back over many keys.
    read_strict(layout, bytes, |_, _| {})
}

/// [`check`] for a stream of keys of one layout: which fields must be read
/// and where the salted fields are, found once.
///
/// ```
/// use rowkey::{dynamic::Checker, RowKey};
///
/// #[derive(RowKey)]
/// struct Event {
///     #[salt(mod = 100)]
///     ts: u64,
///     host: u32,
/// }
///
/// let checker = Checker::new(&Event::LAYOUT);
/// let key = Event { ts: 7, host: 1 }.encode()?;
/// assert!(checker.check(&key).is_ok());
/// assert!(checker.check(&key[..5]).is_err());
/// # Ok::<(), rowkey::EncodeError>(())
/// ```
pub struct Checker<'l, 'a> {
    layout: &'l Layout<'a>,
    /// `None`: the key is walked.
    at_offsets: Option<AtOffsets<'l, 'a>>,
}

/// What a key whose fields sit at their offsets needs checked.
struct AtOffsets<'l, 'a> {
    /// The fields whose codec can refuse bytes, in key order.
    reads: Vec<&'l Segment<'a>>,
    bucket: Bucket,
}

/// Which bytes the salt hashes.
enum Bucket {
    /// No salt, or a salted field that is no segment of the key: nothing to check.
    Unchecked,
    /// A Phoenix salt: the whole key after the salt.
    Rest(usize),
    /// One salted field's span, as most salts have.
    Field(Range<usize>),
    /// Several salted fields' spans, in the order the salt hashes them.
    Spans(Vec<Range<usize>>),
}

impl<'l, 'a> Checker<'l, 'a> {
    /// The check of `layout`'s keys.
    pub fn new(layout: &'l Layout<'a>) -> Self {
        let at_offsets = at_offsets(layout).then(|| AtOffsets {
            reads: layout.segments.iter().filter(|s| must_read(s)).collect(),
            bucket: bucket(layout),
        });
        Checker { layout, at_offsets }
    }

    /// Whether every field sits at its offset in every key of the layout
    /// (a fixed-width key that leaves no field out): then a key that checks
    /// holds each field at `offset..offset + width`.
    pub fn fields_at_offsets(&self) -> bool {
        self.at_offsets.is_some()
    }

    /// Whether `bytes` decode: [`check`]'s verdict.
    ///
    /// # Errors
    /// The error [`decode`] gives.
    #[inline]
    pub fn check(&self, bytes: &[u8]) -> Result<(), ReadError<'a>> {
        // Inline, so that the verdict of most keys is a flag in a register
        // rather than a `Result` written to memory and read back.
        if self.decodes_at_offsets(bytes) {
            return Ok(());
        }
        self.check_any(bytes)
    }

    /// The verdict alone for the keys most streams hold: at the layout's
    /// width, every field at its offset read by a codec that refuses no
    /// bytes, and the salt's bucket the one the salted fields hash to.
    /// False for any other key, which [`Checker::check_any`] checks in full.
    fn decodes_at_offsets(&self, bytes: &[u8]) -> bool {
        let Some(plan) = &self.at_offsets else {
            return false;
        };
        if bytes.len() != self.layout.width || !plan.reads.is_empty() {
            return false;
        }
        match (&self.layout.salt, &plan.bucket) {
            (None, _) | (_, Bucket::Unchecked) => true,
            (Some(salt), bucket) => self
                .expected_bucket(bucket, bytes)
                .is_some_and(|expected| salt.salt.holds(bytes, expected)),
        }
    }

    /// [`Checker::check`] of any key.
    fn check_any(&self, bytes: &[u8]) -> Result<(), ReadError<'a>> {
        let Some(plan) = &self.at_offsets else {
            return read_strict(self.layout, bytes, |_, _| {});
        };
        // A key whose fields sit at their offsets is whole at its width.
        if bytes.len() != self.layout.width {
            return check_whole(self.layout, bytes);
        }
        // The salt is checked last, after every field, as derived code does.
        if !plan.reads.is_empty() {
            self.read_fields(&plan.reads, bytes)?;
        }
        let expected = self.expected_bucket(&plan.bucket, bytes);
        check_end(self.layout, bytes, bytes.len(), expected)
    }

    /// Reads the fields at their offsets whose codec can refuse bytes.
    fn read_fields(&self, reads: &[&'l Segment<'a>], bytes: &[u8]) -> Result<(), ReadError<'a>> {
        for seg in reads {
            let (reading, _) = read_fixed(
                self.layout,
                seg,
                seg.kind.codec(),
                bytes,
                seg.offset,
                seg.width,
            );
            strict_reading(seg, &reading)?;
        }
        Ok(())
    }

    /// The bucket the salted bytes of a key of the layout's width hash to.
    fn expected_bucket(&self, bucket: &Bucket, bytes: &[u8]) -> Option<u32> {
        let salt = &self.layout.salt.as_ref()?.salt;
        match bucket {
            Bucket::Unchecked => None,
            Bucket::Rest(from) => Some(salt.bucket_of(bytes.get(*from..)?)),
            Bucket::Field(span) => Some(bucket_of_field(salt, bytes.get(span.clone())?)),
            Bucket::Spans(spans) => {
                let parts: Option<Vec<&[u8]>> =
                    spans.iter().map(|s| bytes.get(s.clone())).collect();
                Some(salt.bucket_of_parts(&parts?))
            }
        }
    }
}

/// The bucket of one salted field's bytes: a field of a machine integer's
/// width is hashed by the xxh32 unrolled for that width.
fn bucket_of_field(salt: &Salt, bytes: &[u8]) -> u32 {
    if let Ok(b) = <&[u8; 8]>::try_from(bytes) {
        return salt.bucket_of_fixed(b);
    }
    if let Ok(b) = <&[u8; 4]>::try_from(bytes) {
        return salt.bucket_of_fixed(b);
    }
    salt.bucket_of(bytes)
}

/// Whether every field of `layout` sits at its offset in every key: a
/// fixed-width key that leaves no field out.
fn at_offsets(layout: &Layout<'_>) -> bool {
    !layout.variable
        && layout
            .segments
            .iter()
            .all(|s| matches!(s.extent(), Extent::Fixed(_)) && !s.omittable())
}

/// Whether a field at its offset can refuse its bytes: the salt is checked
/// apart, and a codec that reads any bytes refuses none, unless an
/// `Option`'s presence byte comes first.
fn must_read(seg: &Segment<'_>) -> bool {
    !matches!(seg.kind, FieldCodec::Salt) && (seg.optional || !seg.kind.codec().reads_any_bytes())
}

/// The salted bytes of a key whose fields sit at their offsets.
fn bucket(layout: &Layout<'_>) -> Bucket {
    let Some(salt) = &layout.salt else {
        return Bucket::Unchecked;
    };
    if salt.salt.format() == SaltFormat::Phoenix {
        return Bucket::Rest(salt.salt.width());
    }
    let span = |name: &&str| {
        let s = layout.segment(name)?;
        Some(s.offset..s.offset + s.width)
    };
    match salt.fields.iter().map(span).collect::<Option<Vec<_>>>() {
        Some(mut spans) if spans.len() == 1 => Bucket::Field(spans.remove(0)),
        Some(spans) => Bucket::Spans(spans),
        None => Bucket::Unchecked,
    }
}
