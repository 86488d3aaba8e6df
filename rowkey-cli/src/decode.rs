//! `decode`: keys explained field by field, as they stream in. A key that
//! does not decode is reported on stderr with its line, and the rest go on.

use std::io::{Read, Write};
use std::ops::Range;

use rowkey_core::codec::int::IntType;
use rowkey_core::dynamic::{Checker, ExplainedField, Explainer, Reading, Value};
use rowkey_core::Explained;
use rowkey_core::Number;
use rowkey_core::{FieldCodec, Layout, Salt, Segment};

use crate::input::{At, Lines};
use crate::keytext::{self, Form, Plain};
use crate::schema::Schema;
use crate::{cbt, hbase, json};

/// Where `decode` reads its keys from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// One key text per argument or line.
    Keys,
    /// The output of the HBase shell's `scan`: its rows.
    HbaseScan,
    /// The output of `cbt read`: its rows.
    CbtRead,
}

/// How keys are read and written.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// What the input holds.
    pub input: Input,
    /// How plain key text is read.
    pub plain: Plain,
    /// JSON Lines instead of tables.
    pub json: bool,
}

/// What a run decoded.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Keys read.
    pub keys: usize,
    /// Keys that could not be read or do not decode, each reported.
    pub bad: usize,
}

impl Tally {
    /// The run's verdict: an error when there was no key or a bad one.
    ///
    /// # Errors
    /// No key at all, or some that do not decode.
    pub fn verdict(&self, what: &str) -> Result<(), String> {
        match (self.keys, self.bad) {
            (0, 0) => Err(format!("no keys: {what} held none")),
            (_, 0) => Ok(()),
            (n, bad) => Err(format!(
                "{bad} of {n} keys do not decode (each reported above)"
            )),
        }
    }
}

/// Whether a key of `n` bytes can be one of the schema's (a member's
/// counting its tag).
pub fn fits<'a>(schema: Schema<'a>) -> impl Fn(usize) -> bool + 'a {
    let fit = |l: &Layout<'_>, n: usize| {
        if l.variable {
            n >= l.width
        } else {
            n == l.width
        }
    };
    move |n| match schema {
        Schema::Key(l) => fit(l, n),
        Schema::KeyTypes(k) => k.members.iter().any(|m| {
            n.checked_sub(m.tag.len())
                .is_some_and(|rest| fit(m.layout, rest))
        }),
    }
}

/// Explains a key by the schema: its key type, or the member of several that matches.
pub fn explain<'a>(schema: Schema<'a>, key: &[u8]) -> Explained<'a> {
    match schema {
        Schema::Key(l) => l.explain(key),
        Schema::KeyTypes(k) => k.explain(key),
    }
}

/// Whether an explained key is fine: it decodes, or it is the start of a
/// key (a region boundary, a scan's start row) whose fields all decode.
pub fn is_good(e: &Explained<'_>) -> bool {
    e.is_valid()
        || (e.is_partial()
            && e.len > 0
            && !e
                .fields
                .iter()
                .any(|f| matches!(f.reading, Reading::Error(_))))
}

/// Writes what `decode` prints, and counts.
pub struct Decoder<'a> {
    schema: Schema<'a>,
    opt: Options,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    tally: Tally,
    /// For a schema of one key type: its keys explained into one buffer.
    explainer: Option<Explainer<'a>>,
    /// Whole lines written and not yet handed to `out`, which takes them
    /// in blocks of about [`BLOCK`] bytes.
    pending: Vec<u8>,
    /// The JSON text each layout fixes (with `--json`).
    texts: Vec<LayoutText<'a>>,
    /// With `--json`, for a schema of one key type whose fields are
    /// numbers at their offsets: its keys that check, written from their bytes.
    direct: Option<Direct<'a>>,
}

/// The output handed to the writer at once.
const BLOCK: usize = 1 << 16;

/// The JSON text a layout fixes, escaped once: its name, each field's
/// name and codec, and what a key that decodes writes between its hex
/// and its first field's value.
struct LayoutText<'a> {
    layout: &'a Layout<'a>,
    name: Vec<u8>,
    fields: Vec<FieldText>,
    /// From `","type":` to `"fields":[`, for a key that decodes whole.
    valid: Vec<u8>,
}

/// A field's name and codec as JSON strings, and for the field at its
/// offset, its object up to its reading: `{"name":..,"bytes":[..],"codec":..`
/// (after a comma, but for the first field).
struct FieldText {
    name: Vec<u8>,
    codec: Vec<u8>,
    span: Range<usize>,
    head: Vec<u8>,
    /// `head` and `,"value":"`, for a field whose value is a number.
    head_value: Vec<u8>,
}

impl<'a> LayoutText<'a> {
    fn new(layout: &'a Layout<'a>) -> Self {
        let name = quoted(layout.name);
        let mut valid = b"\",\"type\":".to_vec();
        valid.extend_from_slice(&name);
        valid.extend_from_slice(
            b",\"member\":null,\"valid\":true,\"partial\":false,\"error\":null,\"fields\":[",
        );
        LayoutText {
            layout,
            name,
            fields: layout
                .segments
                .iter()
                .enumerate()
                .map(FieldText::new)
                .collect(),
            valid,
        }
    }

    /// Every layout of the schema's keys.
    fn of(schema: Schema<'a>) -> Vec<Self> {
        match schema {
            Schema::Key(l) => vec![LayoutText::new(l)],
            Schema::KeyTypes(k) => k
                .members
                .iter()
                .map(|m| LayoutText::new(m.layout))
                .collect(),
        }
    }

    /// The text of `e`'s layout, when its fields are the layout's segments.
    fn find<'t>(texts: &'t [Self], e: &Explained<'_>) -> Option<&'t Self> {
        texts
            .iter()
            .find(|t| std::ptr::eq(t.layout, e.layout) && t.fields.len() == e.fields.len())
    }
}

impl FieldText {
    fn new((i, seg): (usize, &Segment<'_>)) -> Self {
        let (name, codec) = (quoted(seg.name), quoted(seg.codec));
        let span = seg.offset..seg.offset + seg.width;
        let mut head = Vec::new();
        push_field_head(&mut head, i, &name, &span, &codec);
        let head_value = [&head[..], b",\"value\":\""].concat();
        FieldText {
            name,
            codec,
            span,
            head,
            head_value,
        }
    }
}

/// `s` as a JSON string.
fn quoted(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    json::push_str(&mut out, s);
    out
}

impl<'a> Decoder<'a> {
    /// A decoder writing keys to `out` and errors to `err`.
    pub fn new(
        schema: Schema<'a>,
        opt: Options,
        out: &'a mut dyn Write,
        err: &'a mut dyn Write,
    ) -> Self {
        Decoder {
            schema,
            opt,
            out,
            err,
            tally: Tally::default(),
            explainer: match schema {
                Schema::Key(l) => Some(Explainer::new(l)),
                Schema::KeyTypes(_) => None,
            },
            pending: Vec::with_capacity(BLOCK + 4096),
            texts: if opt.json {
                LayoutText::of(schema)
            } else {
                Vec::new()
            },
            direct: match schema {
                Schema::Key(l) if opt.json => Direct::new(l),
                _ => None,
            },
        }
    }

    /// Decodes every argument.
    ///
    /// # Errors
    /// Output that cannot be written.
    pub fn arguments(&mut self, keys: &[String]) -> Result<Tally, String> {
        let mut key = Vec::new();
        for (i, text) in keys.iter().enumerate() {
            self.text(text.as_bytes(), At::Argument(i + 1), &mut key)?;
        }
        self.hand_over()?;
        Ok(self.tally)
    }

    /// Decodes every key of `reader`, as the input kind says.
    ///
    /// # Errors
    /// Input that cannot be read, output that cannot be written.
    pub fn stream(&mut self, reader: impl Read, len: Option<u64>) -> Result<Tally, String> {
        // What was decoded before an error is written too.
        let read = self.each_key(reader, len);
        self.hand_over()?;
        read.map(|()| self.tally)
    }

    fn each_key(&mut self, reader: impl Read, len: Option<u64>) -> Result<(), String> {
        let mut lines = Lines::new(reader, len);
        let mut key = Vec::new();
        let mut rows = cbt::ReadOutput::new(fits(self.schema));
        // The shell prints a row once per cell: each row is explained once.
        let mut last_row = String::new();
        lines.for_each(|line, n| match self.opt.input {
            Input::Keys if line.trim_ascii().is_empty() => Ok(()),
            Input::Keys => self.text(line, At::Line(n), &mut key),
            Input::HbaseScan => {
                let row = std::str::from_utf8(line)
                    .ok()
                    .and_then(hbase::scan_output_row);
                if let Some(row) = row.filter(|r| *r != last_row) {
                    // The shell prints rows as `toStringBinary` text, never hex.
                    self.text(row.as_bytes(), At::Line(n), &mut key)?;
                    last_row = row.to_owned();
                }
                Ok(())
            }
            Input::CbtRead => match rows.line(line, n) {
                Some((row, at)) => self.key(&row, Form::Marked, At::Line(at)),
                None => Ok(()),
            },
        })?;
        if let Some((row, at)) = rows.finish() {
            self.key(&row, Form::Marked, At::Line(at))?;
        }
        Ok(())
    }

    fn text(&mut self, text: &[u8], at: At, key: &mut Vec<u8>) -> Result<(), String> {
        let read = match self.opt.input {
            // The shell's rows are `toStringBinary` text, whatever they start with.
            Input::HbaseScan => keytext::parse_shell_text_into(text, key).map(|()| Form::PlainText),
            _ => keytext::parse_key_into(text, self.opt.plain, key),
        };
        match read {
            Ok(form) => self.key(key, form, at),
            Err(e) => {
                self.tally.keys += 1;
                self.bad(at, &e)
            }
        }
    }

    /// Explains one key; a bad one is also reported on stderr.
    fn key(&mut self, key: &[u8], form: Form, at: At) -> Result<(), String> {
        self.tally.keys += 1;
        if let (Some(d), Some(t)) = (&self.direct, self.texts.first()) {
            if d.write(&mut self.pending, key, at, t) {
                return self.written();
            }
        }
        let explained;
        let e = match self.explainer.as_mut() {
            Some(x) => x.explain(key),
            None => {
                explained = explain(self.schema, key);
                &explained
            }
        };
        if self.opt.json {
            let text = LayoutText::find(&self.texts, e);
            json_line(&mut self.pending, key, e, at, text);
        } else {
            text_block(&mut self.pending, key, e, self.tally.keys == 1);
        }
        let why = (!is_good(e)).then(|| {
            e.error
                .map_or_else(|| "an empty key".to_owned(), |d| d.to_string())
        });
        self.written()?;
        let Some(why) = why else {
            return Ok(());
        };
        let hint = if form == Form::PlainHex {
            self.as_text_hint(key)
        } else {
            String::new()
        };
        self.bad(
            at,
            &format!("{} does not decode: {why}{hint}", keytext::hex(key)),
        )
    }

    /// Hands the lines written to `out` once they fill a block.
    fn written(&mut self) -> Result<(), String> {
        if self.pending.len() >= BLOCK {
            self.hand_over()?;
        }
        Ok(())
    }

    /// Hands every line written to `out`.
    fn hand_over(&mut self) -> Result<(), String> {
        self.out
            .write_all(&self.pending)
            .map_err(|e| format!("cannot write: {e}"))?;
        self.pending.clear();
        Ok(())
    }

    /// For plain hex that does not decode: whether the same characters read
    /// as text would.
    fn as_text_hint(&self, key: &[u8]) -> String {
        let text = keytext::hex(key);
        let Ok(as_text) = keytext::parse_key(&text[2..], Plain::Text) else {
            return String::new();
        };
        if is_good(&explain(self.schema, &as_text)) {
            " (read as hex; as text it decodes: pass --text)".into()
        } else {
            String::new()
        }
    }

    fn bad(&mut self, at: At, why: &str) -> Result<(), String> {
        self.tally.bad += 1;
        // On a terminal the error follows the key's table, not the buffer's end.
        self.hand_over()?;
        let flushed = self.out.flush();
        flushed
            .and_then(|()| writeln!(self.err, "error: {at}: {why}"))
            .map_err(|e| format!("cannot write: {e}"))
    }
}

/// The table of one key, after a blank line unless it is the first.
fn text_block(out: &mut Vec<u8>, key: &[u8], e: &Explained, first: bool) {
    use std::io::Write as _;
    if !first {
        out.push(b'\n');
    }
    out.extend_from_slice(b"0x");
    keytext::push_hex(out, key);
    out.extend_from_slice(b"  ");
    keytext::push_shell(out, key);
    // Writing to a vector does not fail.
    let _ = write!(out, "\n{e}");
}

/// One JSON line (format 1) for a key; `text` is its layout's JSON
/// strings, escaped before (else they are escaped here).
fn json_line(out: &mut Vec<u8>, key: &[u8], e: &Explained, at: At, text: Option<&LayoutText>) {
    push_line_start(out, key, at);
    match text {
        Some(t) if e.member.is_none() && e.is_valid() && !e.is_partial() => {
            out.extend_from_slice(&t.valid);
        }
        _ => push_verdict(out, e, text),
    }
    for (i, f) in e.fields.iter().enumerate() {
        push_field(out, i, f, text.map(|t| &t.fields[i]));
    }
    out.extend_from_slice(b"]}\n");
}

/// From the line's start to the key's hex.
fn push_line_start(out: &mut Vec<u8>, key: &[u8], at: At) {
    let (k, n): (&[u8], _) = match at {
        At::Line(n) | At::Key(n) => (b"{\"format\":1,\"line\":", n),
        At::Argument(n) => (b"{\"format\":1,\"argument\":", n),
    };
    out.extend_from_slice(k);
    json::push_int(out, n);
    out.extend_from_slice(b",\"key\":\"0x");
    keytext::push_hex(out, key);
}

/// The `i`th field's object; `known` is its layout's text for it.
fn push_field(out: &mut Vec<u8>, i: usize, f: &ExplainedField, known: Option<&FieldText>) {
    match (known, &f.reading) {
        (Some(k), Reading::Value(Value::Int(n))) if k.span == f.span => {
            return push_number_field(out, k, *n);
        }
        (Some(k), _) if k.span == f.span => out.extend_from_slice(&k.head),
        (Some(k), _) => push_field_head(out, i, &k.name, &f.span, &k.codec),
        (None, _) => push_field_head(out, i, &quoted(f.name), &f.span, &quoted(f.codec)),
    }
    push_reading(out, &f.reading);
    out.push(b'}');
}

/// The object of a field at its offset whose value is a number.
fn push_number_field(out: &mut Vec<u8>, known: &FieldText, n: Number) {
    out.extend_from_slice(&known.head_value);
    push_number(out, n);
    out.extend_from_slice(b"\"}");
}

/// From the key's type to its fields' opening bracket.
fn push_verdict(out: &mut Vec<u8>, e: &Explained, text: Option<&LayoutText>) {
    out.extend_from_slice(b"\",\"type\":");
    push_known(out, text.map(|t| &t.name[..]), e.layout.name);
    out.extend_from_slice(b",\"member\":");
    match e.member {
        Some(m) => json::push_str(out, m),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(if e.is_valid() {
        b",\"valid\":true"
    } else {
        b",\"valid\":false"
    });
    out.extend_from_slice(if e.is_partial() {
        b",\"partial\":true,\"error\":"
    } else {
        b",\"partial\":false,\"error\":"
    });
    match &e.error {
        Some(err) => json::push_display(out, err),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"fields\":[");
}

/// The `i`th field's object up to its reading; `name` and `codec` are JSON strings.
fn push_field_head(out: &mut Vec<u8>, i: usize, name: &[u8], span: &Range<usize>, codec: &[u8]) {
    out.extend_from_slice(if i == 0 {
        b"{\"name\":"
    } else {
        b",{\"name\":"
    });
    out.extend_from_slice(name);
    out.extend_from_slice(b",\"bytes\":[");
    json::push_int(out, span.start);
    out.push(b',');
    json::push_int(out, span.end);
    out.extend_from_slice(b"],\"codec\":");
    out.extend_from_slice(codec);
}

/// Appends `s` as a JSON string, or `escaped`, the same string escaped before.
fn push_known(out: &mut Vec<u8>, escaped: Option<&[u8]>, s: &str) {
    match escaped {
        Some(quoted) => out.extend_from_slice(quoted),
        None => json::push_str(out, s),
    }
}

/// A field's `"value"`, `"error"`, `"cut"` or `"absent"`.
fn push_reading(out: &mut Vec<u8>, reading: &Reading) {
    match reading {
        Reading::Value(Value::Int(n)) => {
            out.extend_from_slice(b",\"value\":\"");
            push_number(out, *n);
            out.push(b'"');
        }
        Reading::Value(v) => {
            out.extend_from_slice(b",\"value\":");
            json::push_display(out, v);
        }
        Reading::Error(err) => {
            out.extend_from_slice(b",\"error\":");
            json::push_display(out, err);
        }
        Reading::Cut { present, .. } => {
            out.extend_from_slice(b",\"cut\":{\"present\":");
            json::push_int(out, *present);
            out.push(b'}');
        }
        Reading::Absent => out.extend_from_slice(b",\"absent\":true"),
    }
}

/// Decimal, as `Display` writes a number, without the formatter.
#[inline]
fn push_number(out: &mut Vec<u8>, n: Number) {
    let mut digits = itoa::Buffer::new();
    let text = match n {
        Number::Unsigned(v) => match u64::try_from(v) {
            Ok(v) => digits.format(v),
            Err(_) => digits.format(v),
        },
        Number::Signed(v) => match i64::try_from(v) {
            Ok(v) => digits.format(v),
            Err(_) => digits.format(v),
        },
    };
    out.extend_from_slice(text.as_bytes());
}

/// JSON lines written from the bytes of keys that check, for a layout
/// whose fields all sit at their offsets and hold numbers (integers, and
/// the salt's bucket): each number is read where it sits, and the rest of
/// the line is the layout's text, as [`json_line`] writes it.
struct Direct<'a> {
    checker: Checker<'a, 'a>,
    numbers: Vec<NumberAt>,
}

/// How a field's number is read from a key that checks.
enum NumberAt {
    /// The salt's bucket.
    Bucket(Salt),
    /// An integer at its offset.
    Int {
        span: Range<usize>,
        ty: IntType,
        descending: bool,
    },
}

impl<'a> Direct<'a> {
    /// The direct way for `layout`'s keys, when every field is a number at its offset.
    fn new(layout: &'a Layout<'a>) -> Option<Self> {
        let checker = Checker::new(layout);
        if !checker.fields_at_offsets() {
            return None;
        }
        let numbers = layout.segments.iter().map(|s| NumberAt::of(layout, s));
        Some(Direct {
            numbers: numbers.collect::<Option<_>>()?,
            checker,
        })
    }

    /// Writes `key`'s line if it checks; else writes nothing and says so.
    fn write(&self, out: &mut Vec<u8>, key: &[u8], at: At, text: &LayoutText) -> bool {
        if self.checker.check(key).is_err() {
            return false;
        }
        let start = out.len();
        push_line_start(out, key, at);
        out.extend_from_slice(&text.valid);
        for (number, field) in self.numbers.iter().zip(&text.fields) {
            let Some(n) = number.read(key) else {
                out.truncate(start);
                return false;
            };
            push_number_field(out, field, n);
        }
        out.extend_from_slice(b"]}\n");
        true
    }
}

impl NumberAt {
    /// How `seg` reads as a number, if it is one the walk reads by its codec alone.
    fn of(layout: &Layout<'_>, seg: &Segment<'_>) -> Option<Self> {
        if seg.optional || seg.mirror {
            return None;
        }
        match seg.kind {
            FieldCodec::Salt => layout.salt.map(|s| NumberAt::Bucket(s.salt)),
            FieldCodec::Int(ty) => Some(NumberAt::Int {
                span: seg.offset..seg.offset + seg.width,
                ty,
                descending: seg.reverse,
            }),
            _ => None,
        }
    }

    /// The number of a key that checks.
    fn read(&self, key: &[u8]) -> Option<Number> {
        match self {
            NumberAt::Bucket(salt) => salt.read(key).ok().map(|b| Number::Unsigned(b.into())),
            NumberAt::Int {
                span,
                ty,
                descending,
            } => Some(ty.read_bytes(key.get(span.clone())?, *descending)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rowkey::RowKey;

    #[derive(RowKey)]
    struct SaltedLogEvent {
        #[salt(mod = 100)]
        ts: u64,
        host: u32,
        event: u16,
    }

    /// The text escaped once for a layout writes what each key's own
    /// explanation writes, whether the key decodes, is cut, too long, or
    /// has a wrong bucket or none at all.
    #[test]
    fn a_layouts_text_writes_what_the_explanation_writes() {
        let layout = &SaltedLogEvent::LAYOUT;
        let text = LayoutText::new(layout);
        let key = SaltedLogEvent {
            ts: 1_700_000_000_000,
            host: 1,
            event: 7,
        }
        .encode()
        .unwrap();
        let mut wrong_bucket = key;
        wrong_bucket[0] ^= 1;
        let longer = [&key[..], b"x"].concat();
        for bytes in [&key[..], &key[..5], &key[..1], &wrong_bucket, &longer, b""] {
            let e = layout.explain(bytes);
            let (mut known, mut fresh) = (Vec::new(), Vec::new());
            json_line(&mut known, bytes, &e, At::Line(3), Some(&text));
            json_line(&mut fresh, bytes, &e, At::Line(3), None);
            assert_eq!(known, fresh);
            let v: serde_json::Value = serde_json::from_slice(&known).unwrap();
            assert_eq!(v["valid"], e.is_valid());
        }
    }

    /// Numbers of every width and sign, in both orders.
    #[derive(RowKey)]
    struct Numbers {
        #[salt(mod = 300)]
        a: i32,
        #[reverse]
        b: i64,
        c: u128,
        #[reverse]
        d: i8,
        e: i128,
    }

    /// A key that checks is written from its bytes as its explanation
    /// writes it; any other key is left to the explanation.
    #[test]
    fn keys_written_from_their_bytes_are_their_explanations() {
        let salted = SaltedLogEvent {
            ts: u64::MAX,
            host: 0,
            event: u16::MAX,
        };
        let numbers = Numbers {
            a: i32::MIN,
            b: -5,
            c: u128::MAX,
            d: i8::MAX,
            e: i128::MIN,
        };
        let more = Numbers {
            a: 7,
            b: i64::MAX,
            c: 1,
            d: -1,
            e: -2,
        };
        for (layout, key) in [
            (&SaltedLogEvent::LAYOUT, salted.encode().unwrap().to_vec()),
            (&Numbers::LAYOUT, numbers.encode().unwrap().to_vec()),
            (&Numbers::LAYOUT, more.encode().unwrap().to_vec()),
        ] {
            let (direct, text) = (Direct::new(layout).unwrap(), LayoutText::new(layout));
            let mut wrong_bucket = key.clone();
            wrong_bucket[0] ^= 1;
            for bytes in [&key[..], &key[..3], &wrong_bucket, b""] {
                let (mut written, mut explained) = (b"x".to_vec(), b"x".to_vec());
                let checks = direct.write(&mut written, bytes, At::Line(9), &text);
                assert_eq!(checks, layout.explain(bytes).is_valid());
                if !checks {
                    assert_eq!(written, b"x");
                    continue;
                }
                let e = layout.explain(bytes);
                json_line(&mut explained, bytes, &e, At::Line(9), None);
                assert_eq!(String::from_utf8(written), String::from_utf8(explained));
            }
        }
    }
}
