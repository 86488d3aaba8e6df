//! Reading a key by its layout: [`decode`] (strict, exactly as `T::decode`)
//! and [`explain`] (every field it can, for partial and damaged keys too).
//! Each field is read by its codec; the walk adds what the layout decides:
//! the salt, `Option`'s presence byte, `#[mirror]`, fields a key may leave
//! out, and the key format's rules.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ops::{ControlFlow, Range};

use super::{Explained, ExplainedField, Reading};
use crate::codec::{self, option, Codec, Extent, FieldRef};
use crate::cursor::Reader;
use crate::value::{FieldValue, Value};
use crate::{
    DecodeError, DecodeErrorKind, FieldCodec, KeyFormat, Layout, LayoutSalt, Number, ReadError,
    Segment,
};

impl<'a> Layout<'a> {
    /// Takes `bytes` apart by the layout: every field with its byte span,
    /// codec and value, or why it does not decode (a non-digit at byte 9, a
    /// wrong salt bucket). Partial keys (a region start, a scan's start row)
    /// are explained as far as they go; nothing panics. `Display` prints a
    /// table, `{:#}` one line.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct FileKey { #[pad(6)] user_id: u32, #[pad(8)] create_date: u32 }
    ///
    /// assert_eq!(FileKey::LAYOUT.explain(b"00000120120902").to_string(), "\
    /// FileKey: 14 bytes
    /// | bytes | field       | codec  | value    |
    /// |-------|-------------|--------|----------|
    /// | 0..6  | user_id     | pad(6) | 1        |
    /// | 6..14 | create_date | pad(8) | 20120902 |
    /// ");
    /// ```
    pub fn explain(&'a self, bytes: &[u8]) -> Explained<'a> {
        explain(self, bytes)
    }

    /// How the key's fields follow one another.
    pub fn format(&self) -> KeyFormat {
        let kinds = || self.segments.iter().map(|s| s.kind);
        if kinds().any(|k| matches!(k, FieldCodec::Phoenix(_))) {
            KeyFormat::Phoenix
        } else if kinds().any(|k| k.codec().trailing()) {
            KeyFormat::HbaseStruct
        } else {
            KeyFormat::Plain
        }
    }
}

impl<'a> Segment<'a> {
    /// Whether a key may leave the field out at its end: added with
    /// `since`, or an HBase `Struct`'s trailing `Option`.
    pub(crate) fn omittable(&self) -> bool {
        self.since != 0 || self.kind.codec().trailing()
    }

    /// The field as its codec sees it.
    pub(crate) fn field_ref(&self) -> FieldRef<'a> {
        FieldRef {
            name: self.name,
            descending: self.reverse,
        }
    }
}

/// Decodes `bytes` by `layout`: the same values, or the same error, as
/// `T::decode` of the type whose `LAYOUT` this is. Never panics.
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
/// let fields = dynamic::decode(&FileKey::LAYOUT, b"00000120120902")?;
/// assert_eq!(fields[1].name, "create_date");
/// assert_eq!(fields[1].value.to_string(), "20120902");
/// # Ok::<(), rowkey::ReadError>(())
/// ```
///
/// # Errors
/// Exactly `T::decode`'s: wrong length, a non-digit in a `pad` field, a salt
/// bucket that does not match the fields, and so on.
pub fn decode<'a>(layout: &Layout<'a>, bytes: &[u8]) -> Result<Vec<FieldValue<'a>>, ReadError<'a>> {
    let mut values = Vec::with_capacity(layout.segments.len());
    read_strict(layout, bytes, |name, value| {
        values.push(FieldValue { name, value });
    })?;
    Ok(values)
}

/// The strict decode: every value handed to `keep` in key order (the salt's
/// bucket is not a value), or the error `T::decode` gives.
pub(super) fn read_strict<'a>(
    layout: &Layout<'a>,
    bytes: &[u8],
    keep: impl FnMut(&'a str, Value<'a>),
) -> Result<(), ReadError<'a>> {
    check_whole(layout, bytes)?;
    let mut strict = Strict { keep, error: None };
    let walked = walk(layout, bytes, &mut strict);
    match strict.error {
        Some(e) => Err(e),
        None => check_end(
            layout,
            bytes,
            walked.end,
            walked.expected_bucket(layout, bytes),
        ),
    }
}

/// What a strict decode checks of the key as a whole before its fields:
/// the length of a fixed key, a variable key's `max_width`, and that a
/// Phoenix key holds some column.
pub(super) fn check_whole<'a>(layout: &Layout<'a>, bytes: &[u8]) -> Result<(), ReadError<'a>> {
    if !layout.variable && bytes.len() != layout.width {
        let kind = DecodeErrorKind::Length {
            expected: layout.width,
            found: bytes.len(),
        };
        return Err(ReadError::new(layout.name, 0, kind));
    }
    check_max_width(layout, bytes)?;
    check_phoenix_not_empty(layout, bytes)
}

/// How a strict decode takes one segment's reading: the first segment that
/// is cut or does not decode, in key order, gives the key's error.
pub(super) fn strict_reading<'a>(
    seg: &Segment<'a>,
    reading: &Reading<'a>,
) -> Result<(), ReadError<'a>> {
    match reading {
        Reading::Cut { error, .. } => Err(*error),
        // The bucket is checked last, after every field, as derived code does.
        _ if matches!(seg.kind, FieldCodec::Salt) => Ok(()),
        Reading::Error(e) => Err(*e),
        // Only after a cut or an error, which gave the key's error.
        Reading::Value(_) | Reading::Absent => Ok(()),
    }
}

/// What a strict decode checks once the fields are read: the key ends
/// where they do, and its salt bucket is the one they hash to.
pub(super) fn check_end<'a>(
    layout: &Layout<'a>,
    bytes: &[u8],
    end: usize,
    expected_bucket: Option<u32>,
) -> Result<(), ReadError<'a>> {
    if end != bytes.len() {
        let kind = DecodeErrorKind::Length {
            expected: end,
            found: bytes.len(),
        };
        return Err(ReadError::new(layout.name, end, kind));
    }
    if let (Some(salt), Some(expected)) = (&layout.salt, expected_bucket) {
        salt.salt.check(bytes, expected).map_err(ReadError::from)?;
    }
    Ok(())
}

/// As derived decode ([`Reader::for_key`]): a variable-length key longer
/// than its `max_width` is one encode never writes.
fn check_max_width<'a>(layout: &Layout<'a>, bytes: &[u8]) -> Result<(), ReadError<'a>> {
    if layout.variable && bytes.len() > layout.max_width {
        let kind = DecodeErrorKind::TooLong {
            max: layout.max_width,
            found: bytes.len(),
        };
        return Err(ReadError::new(layout.name, layout.max_width, kind));
    }
    Ok(())
}

/// As derived decode: a Phoenix key with a `VARCHAR` holds some column
/// after its salt.
fn check_phoenix_not_empty<'a>(layout: &Layout<'a>, bytes: &[u8]) -> Result<(), ReadError<'a>> {
    if !layout.variable {
        return Ok(());
    }
    let sw = layout.salt.map_or(0, |s| s.salt.width());
    // The format last: it looks at every segment.
    if bytes.len() == sw && layout.format() == KeyFormat::Phoenix {
        return Err(ReadError::new(
            layout.name,
            sw,
            DecodeErrorKind::NonCanonical,
        ));
    }
    Ok(())
}

/// Explains `bytes` by `layout`: every field with its byte span and value,
/// or why it does not decode. Accepts partial keys (a region start, a scan's
/// start row): fields wholly present are decoded, a cut field is shown as
/// such. Never panics. One walk gives both the fields and the error a
/// strict [`decode`] gives.
pub fn explain<'a>(layout: &'a Layout<'a>, bytes: &[u8]) -> Explained<'a> {
    explain_into(layout, bytes, Vec::with_capacity(layout.segments.len()))
}

/// [`explain`] into `fields` (cleared first), whose allocation it reuses.
pub(super) fn explain_into<'a>(
    layout: &'a Layout<'a>,
    bytes: &[u8],
    mut fields: Vec<ExplainedField<'a>>,
) -> Explained<'a> {
    fields.clear();
    let mut read = Fields {
        fields,
        error: None,
    };
    let walked = walk(layout, bytes, &mut read);
    let Fields { mut fields, error } = read;
    let expected_bucket = walked.expected_bucket(layout, bytes);
    if let (Some(expected), Some(salt), Some(f)) =
        (expected_bucket, &layout.salt, fields.first_mut())
    {
        if let Reading::Value(_) = f.reading {
            if let Err(e) = salt.salt.check(bytes, expected) {
                f.reading = Reading::Error(ReadError::from(e));
            }
        }
    }
    // A segment the key ends right before is not in it at all.
    for f in &mut fields {
        if let Reading::Cut { present: 0, .. } = f.reading {
            f.reading = Reading::Absent;
        }
    }
    let error = check_whole(layout, bytes)
        .and(error.map_or(Ok(()), Err))
        .and_then(|()| check_end(layout, bytes, walked.end, expected_bucket))
        .err();
    Explained {
        layout,
        member: None,
        tag: &[],
        len: bytes.len(),
        fields,
        error,
    }
}

/// What a walk does with each segment as it reads it.
trait Visit<'a> {
    /// Takes one segment's bytes and reading; `Break` ends the walk there.
    fn segment(
        &mut self,
        seg: &Segment<'a>,
        span: Range<usize>,
        reading: Reading<'a>,
    ) -> ControlFlow<()>;
}

/// A strict decode: the values, handed on, until the first segment that
/// gives the key's error.
struct Strict<'a, K> {
    keep: K,
    error: Option<ReadError<'a>>,
}

impl<'a, K: FnMut(&'a str, Value<'a>)> Visit<'a> for Strict<'a, K> {
    fn segment(&mut self, seg: &Segment<'a>, _: Range<usize>, r: Reading<'a>) -> ControlFlow<()> {
        if let Err(e) = strict_reading(seg, &r) {
            self.error = Some(e);
            return ControlFlow::Break(());
        }
        match r {
            Reading::Value(v) if !matches!(seg.kind, FieldCodec::Salt) => (self.keep)(seg.name, v),
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

/// Every segment as `explain` shows it, and the error of the first a
/// strict decode stops at.
struct Fields<'a> {
    fields: Vec<ExplainedField<'a>>,
    error: Option<ReadError<'a>>,
}

impl<'a> Visit<'a> for Fields<'a> {
    fn segment(
        &mut self,
        seg: &Segment<'a>,
        span: Range<usize>,
        r: Reading<'a>,
    ) -> ControlFlow<()> {
        if self.error.is_none() {
            self.error = strict_reading(seg, &r).err();
        }
        self.fields.push(ExplainedField {
            name: seg.name,
            span,
            codec: seg.codec,
            kind: seg.kind,
            reading: r,
        });
        ControlFlow::Continue(())
    }
}

/// Where the walk ended, and what it saw of the salted fields.
struct Walked<'n> {
    end: usize,
    salted: SaltedSpans<'n>,
}

impl Walked<'_> {
    /// The bucket the salted fields hash to, when every one of them is
    /// present (for a Phoenix salt: the whole key).
    fn expected_bucket(&self, layout: &Layout<'_>, bytes: &[u8]) -> Option<u32> {
        let salt = layout.salt.as_ref()?;
        if salt.salt.format() == crate::SaltFormat::Phoenix {
            let sw = salt.salt.width();
            let whole = self.salted.whole;
            return whole.then(|| salt.salt.bucket_of(bytes.get(sw..).unwrap_or_default()));
        }
        self.salted.bucket(&salt.salt, bytes)
    }
}

/// Walks the segments of `layout` over `bytes`, handing each reading to
/// `visit` until it says stop.
fn walk<'l, 'a>(layout: &'l Layout<'a>, bytes: &[u8], visit: &mut impl Visit<'a>) -> Walked<'l> {
    let mut pos = 0;
    let mut stopped = false;
    // Why the key cannot end where it does, for the segment after the end.
    let mut ended: Option<ReadError<'a>> = None;
    let mut salted = SaltedSpans::new(layout.salt.map_or(&[], |s| s.fields));
    for (i, seg) in layout.segments.iter().enumerate() {
        let (reading, end) = if let Some(error) = ended.take() {
            (Reading::Cut { present: 0, error }, pos)
        } else if stopped {
            (Reading::Absent, pos)
        } else if seg.omittable() {
            read_added(layout, seg, bytes, pos)
        } else {
            read_segment(layout, seg, bytes, pos)
        };
        let (reading, early) = match i + 1 < layout.segments.len() {
            true => ended_early(layout, seg, reading, bytes, pos),
            false => (reading, None),
        };
        ended = early;
        // After a cut or a field whose end is unknown, later offsets are unknown.
        stopped |= matches!(reading, Reading::Cut { .. })
            || (matches!(reading, Reading::Error(_)) && !is_fixed(seg));
        salted.see(seg, &reading, pos, end);
        let span = pos..end;
        pos = end;
        if visit.segment(seg, span, reading).is_break() {
            break;
        }
    }
    Walked { end: pos, salted }
}

/// How many salted fields' spans a walk keeps without allocating.
const INLINE_SALTED: usize = 8;

/// What the walk saw of a salted field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Salted {
    /// No segment of that name yet.
    Unseen,
    /// Cut or absent: the bucket cannot be known.
    Missing,
    /// Its bytes.
    At(usize, usize),
}

/// The salted fields' spans, in the order the salt hashes them (inline for
/// up to [`INLINE_SALTED`] fields), and whether every segment read (what a
/// Phoenix salt, which hashes the whole key, needs).
struct SaltedSpans<'n> {
    names: &'n [&'n str],
    spans: [Salted; INLINE_SALTED],
    more: Vec<Salted>,
    whole: bool,
}

impl<'n> SaltedSpans<'n> {
    fn new(names: &'n [&'n str]) -> Self {
        let more = match names.len() > INLINE_SALTED {
            true => alloc::vec![Salted::Unseen; names.len()],
            false => Vec::new(),
        };
        SaltedSpans {
            names,
            spans: [Salted::Unseen; INLINE_SALTED],
            more,
            whole: true,
        }
    }

    fn spans(&self) -> &[Salted] {
        match self.more.is_empty() {
            true => &self.spans[..self.names.len().min(INLINE_SALTED)],
            false => &self.more,
        }
    }

    /// Notes a segment's reading at `start..end`; a name's first segment counts.
    fn see(&mut self, seg: &Segment<'_>, reading: &Reading<'_>, start: usize, end: usize) {
        self.whole &= matches!(reading, Reading::Value(_)) || matches!(seg.kind, FieldCodec::Salt);
        if matches!(seg.kind, FieldCodec::Salt) {
            // The bucket is no field the salt hashes, though a field may
            // share its name (`salt`).
            return;
        }
        let at = match reading {
            Reading::Cut { .. } | Reading::Absent => Salted::Missing,
            Reading::Value(_) | Reading::Error(_) => Salted::At(start, end),
        };
        let spans = match self.more.is_empty() {
            true => &mut self.spans[..],
            false => &mut self.more[..],
        };
        for (name, span) in self.names.iter().zip(spans) {
            if *name == seg.name && *span == Salted::Unseen {
                *span = at;
            }
        }
    }

    /// The bucket of the salted fields' bytes, when every one was read.
    fn bucket(&self, salt: &crate::Salt, bytes: &[u8]) -> Option<u32> {
        let part = |s: &Salted| match *s {
            Salted::At(start, end) => bytes.get(start..end),
            Salted::Unseen | Salted::Missing => None,
        };
        let spans = self.spans();
        if spans.len() > INLINE_SALTED {
            let parts: Option<Vec<&[u8]>> = spans.iter().map(part).collect();
            return Some(salt.bucket_of_parts(&parts?));
        }
        let mut parts: [&[u8]; INLINE_SALTED] = [&[]; INLINE_SALTED];
        for (p, s) in parts.iter_mut().zip(spans) {
            *p = part(s)?;
        }
        Some(salt.bucket_of_parts(&parts[..spans.len()]))
    }
}

/// A field read whole at the end of the key where no whole key ends (a
/// `None` written out, a Phoenix `VARCHAR` and its separator, a Phoenix
/// salt with no column after it): a key that
/// ends so is the start of a longer one, cut before the next segment. The
/// field's value, and the error the cut gives (a strict decode's).
fn ended_early<'a>(
    layout: &Layout<'a>,
    seg: &Segment<'a>,
    reading: Reading<'a>,
    bytes: &[u8],
    pos: usize,
) -> (Reading<'a>, Option<ReadError<'a>>) {
    if matches!(seg.kind, FieldCodec::Salt) {
        // A Phoenix key of its salt alone: a region start of a salted table.
        return (reading, check_phoenix_not_empty(layout, bytes).err());
    }
    let Reading::Error(e) = reading else {
        return (reading, None);
    };
    if e.kind() == DecodeErrorKind::AbsentWritten {
        return (Reading::Value(Value::None), Some(e));
    }
    let separator_last = e.kind() == DecodeErrorKind::NonCanonical
        && e.offset() + 1 == bytes.len()
        && bytes.last() == Some(&0)
        && seg.kind == FieldCodec::Phoenix(crate::PhoenixType::Varchar);
    if separator_last {
        if let Some(v) = read_segment_alone(seg, &bytes[..bytes.len() - 1], pos) {
            return (Reading::Value(v), Some(e));
        }
    }
    (Reading::Error(e), None)
}

/// A variable-length field that ends with the key.
fn read_segment_alone<'a>(seg: &Segment<'a>, bytes: &[u8], pos: usize) -> Option<Value<'a>> {
    let mut r = Reader::at(bytes, pos);
    let v = seg.kind.codec().read(&mut r, seg.field_ref()).ok()?;
    (r.position() == bytes.len()).then_some(v)
}

/// A field a key may leave out at its end: `None` where the key ends, and
/// never a `None` written at the very end (which derived decode rejects too).
fn read_added<'a>(
    layout: &Layout<'a>,
    seg: &Segment<'a>,
    bytes: &[u8],
    pos: usize,
) -> (Reading<'a>, usize) {
    if pos == bytes.len() {
        return (Reading::Value(Value::None), pos);
    }
    let (reading, end) = read_segment(layout, seg, bytes, pos);
    if matches!(reading, Reading::Value(Value::None)) && end == bytes.len() {
        let error = ReadError::new(seg.name, pos, DecodeErrorKind::AbsentWritten);
        return (Reading::Error(error), end);
    }
    (reading, end)
}

/// Whether the field's end is known without reading its bytes.
fn is_fixed(seg: &Segment<'_>) -> bool {
    matches!(seg.extent(), Extent::Fixed(_))
}

/// Reads one segment at `pos`; returns the reading and where the next one starts.
pub(super) fn read_segment<'a>(
    layout: &Layout<'a>,
    seg: &Segment<'a>,
    bytes: &[u8],
    pos: usize,
) -> (Reading<'a>, usize) {
    if let (FieldCodec::Salt, Some(salt)) = (seg.kind, &layout.salt) {
        return read_salt(layout, salt, bytes);
    }
    let codec = seg.kind.codec();
    match seg.extent() {
        Extent::Fixed(w) => read_fixed(layout, seg, codec, bytes, pos, w),
        Extent::Delimited { .. } | Extent::ToEnd { .. } => {
            let mut r = Reader::at(bytes, pos);
            match codec.read(&mut r, seg.field_ref()) {
                Ok(v) => (Reading::Value(v), r.position()),
                Err(error)
                    if matches!(
                        error.kind(),
                        DecodeErrorKind::Unterminated | DecodeErrorKind::TooShort { .. }
                    ) || cut_in_a_character(&error, &bytes[pos.min(bytes.len())..]) =>
                {
                    let present = bytes.len().saturating_sub(pos);
                    (Reading::Cut { present, error }, bytes.len())
                }
                Err(e) => (Reading::Error(e), bytes.len()),
            }
        }
    }
}

/// Whether a string field that reads to the end of the key is invalid
/// UTF-8 only because the key ends inside its last character: a key cut there.
fn cut_in_a_character(e: &ReadError<'_>, rest: &[u8]) -> bool {
    e.kind() == DecodeErrorKind::InvalidUtf8
        && core::str::from_utf8(rest).is_err_and(|u| u.error_len().is_none())
}

pub(super) fn read_salt<'a>(
    layout: &Layout<'a>,
    salt: &LayoutSalt<'_>,
    bytes: &[u8],
) -> (Reading<'a>, usize) {
    let w = salt.salt.width();
    if bytes.len() < w {
        let kind = DecodeErrorKind::TooShort {
            min: w,
            found: bytes.len(),
        };
        let error = ReadError::new(layout.name, 0, kind);
        let present = bytes.len();
        return (Reading::Cut { present, error }, w);
    }
    match salt.salt.read(bytes) {
        Ok(bucket) => (
            Reading::Value(Value::Int(Number::Unsigned(bucket as u128))),
            w,
        ),
        Err(e) => (Reading::Error(ReadError::from(e)), w),
    }
}

/// A fixed-width field of `width` bytes (presence byte included) at `pos`.
pub(super) fn read_fixed<'a>(
    layout: &Layout<'a>,
    seg: &Segment<'a>,
    codec: &dyn Codec<'a>,
    bytes: &[u8],
    pos: usize,
    width: usize,
) -> (Reading<'a>, usize) {
    let end = pos + width;
    if bytes.len() < end {
        let present = bytes.len().saturating_sub(pos);
        // As a variable-length key's cursor reports it; a fixed key
        // reports its length first, in `decode`.
        let name = if layout.variable {
            seg.name
        } else {
            layout.name
        };
        let kind = DecodeErrorKind::TooShort {
            min: end,
            found: bytes.len(),
        };
        let error = ReadError::new(name, pos, kind);
        return (Reading::Cut { present, error }, end);
    }
    let reading = if seg.mirror {
        // The bytes are read back in order; errors name their byte in the key.
        let mut key = bytes[..end].to_vec();
        codec::mirror(&mut key[pos..]);
        read_option(seg, codec, &key, pos).map_err(|e| mirrored(e, pos, width))
    } else {
        read_option(seg, codec, bytes, pos)
    };
    match reading {
        Ok(v) => (Reading::Value(v), end),
        Err(e) => (Reading::Error(e), end),
    }
}

/// `e` of a mirrored field's bytes, moved to where its byte is in the key.
fn mirrored<'a>(e: ReadError<'a>, start: usize, width: usize) -> ReadError<'a> {
    let moved = DecodeError::new("", e.offset(), e.kind()).mirrored(start, width);
    ReadError::new(e.field(), moved.offset(), moved.kind())
}

/// A fixed-width field at `pos`: an `Option`'s presence byte, then the value.
fn read_option<'a>(
    seg: &Segment<'a>,
    codec: &dyn Codec<'a>,
    bytes: &[u8],
    pos: usize,
) -> Result<Value<'a>, ReadError<'a>> {
    let f = seg.field_ref();
    let mut r = Reader::at(bytes, pos);
    if !seg.optional {
        return codec.read(&mut r, f);
    }
    let marker = r.take::<1>("").map_err(|e| f.error(e))?;
    if option::presence(marker, seg.reverse, "", pos).map_err(|e| f.error(e))? {
        return Ok(Value::Some(Box::new(codec.read(&mut r, f)?)));
    }
    let payload = r.take_n(seg.width - 1).map_err(|e| f.error(e))?;
    option::check_empty(payload, seg.reverse, "", pos + 1).map_err(|e| f.error(e))?;
    Ok(Value::None)
}

/// A nested key: the layout of a type that derives `RowKey`, read and
/// written as one field of the key that embeds it.
impl<'a> Codec<'a> for Layout<'a> {
    fn ordered(&self, _descending: bool) -> bool {
        false
    }

    fn read(&self, r: &mut Reader<'_>, f: FieldRef<'a>) -> Result<Value<'a>, ReadError<'a>> {
        let b = r.take_n(self.width).map_err(|e| f.error(e))?;
        // Errors keep the nested key's own offsets, as its `decode` gives them.
        let fields = decode(self, b)?;
        Ok(Value::Key(fields))
    }

    fn write(
        &self,
        value: &Value<'_>,
        f: FieldRef<'a>,
        out: &mut Vec<u8>,
    ) -> Result<(), crate::value::InputError> {
        super::write::nested(self, value, f, out)
    }

    fn parse(&self, text: &str, f: FieldRef<'a>) -> Result<Value<'a>, crate::value::InputError> {
        super::write::parse_nested(self, text, f)
    }

    fn to_json(&self, out: &mut alloc::string::String) {
        crate::json::Object::new(out)
            .str("kind", "nested")
            .raw("key", |s| crate::schema::write_layout(s, self, "", false))
            .end();
    }
}
