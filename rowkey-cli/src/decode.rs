//! `decode`: keys explained field by field, as they stream in. A key that
//! does not decode is reported on stderr with its line, and the rest go on.

use std::io::{BufRead, Write};
use std::ops::Range;

use rowkey_core::dynamic::{ExplainedField, Explainer, Reading, Value};
use rowkey_core::Explained;
use rowkey_core::Number;
use rowkey_core::{Layout, Segment};

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
    line: String,
    /// The JSON text each layout fixes (with `--json`).
    texts: Vec<LayoutText<'a>>,
}

/// The JSON text a layout fixes, escaped once: its name, each field's
/// name and codec, and what a key that decodes writes between its hex
/// and its first field's value.
struct LayoutText<'a> {
    layout: &'a Layout<'a>,
    name: String,
    fields: Vec<FieldText>,
    /// From `","type":` to `"fields":[`, for a key that decodes whole.
    valid: String,
}

/// A field's name and codec as JSON strings, and for the field at its
/// offset, its object up to its reading: `{"name":..,"bytes":[..],"codec":..`
/// (after a comma, but for the first field).
struct FieldText {
    name: String,
    codec: String,
    span: Range<usize>,
    head: String,
    /// `head` and `,"value":"`, for a field whose value is an unsigned integer.
    head_value: String,
}

impl<'a> LayoutText<'a> {
    fn new(layout: &'a Layout<'a>) -> Self {
        let name = quoted(layout.name);
        let mut valid = String::from("\",\"type\":");
        valid.push_str(&name);
        valid.push_str(
            ",\"member\":null,\"valid\":true,\"partial\":false,\"error\":null,\"fields\":[",
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
        let mut head = String::new();
        push_field_head(&mut head, i, &name, &span, &codec);
        let head_value = format!("{head},\"value\":\"");
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
fn quoted(s: &str) -> String {
    let mut out = String::new();
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
            line: String::with_capacity(512),
            texts: if opt.json {
                LayoutText::of(schema)
            } else {
                Vec::new()
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
        Ok(self.tally)
    }

    /// Decodes every key of `reader`, as the input kind says.
    ///
    /// # Errors
    /// Input that cannot be read, output that cannot be written.
    pub fn stream(&mut self, reader: impl BufRead, len: Option<u64>) -> Result<Tally, String> {
        let mut lines = Lines::new(reader, len);
        let mut key = Vec::new();
        let mut rows = cbt::ReadOutput::new(fits(self.schema));
        // The shell prints a row once per cell: each row is explained once.
        let mut last_row = String::new();
        while let Some((line, n)) = lines.next_line()? {
            match self.opt.input {
                Input::Keys if line.trim_ascii().is_empty() => {}
                Input::Keys => self.text(line, At::Line(n), &mut key)?,
                Input::HbaseScan => {
                    let row = std::str::from_utf8(line)
                        .ok()
                        .and_then(hbase::scan_output_row);
                    if let Some(row) = row.filter(|r| *r != last_row) {
                        // The shell prints rows as `toStringBinary` text, never hex.
                        self.text(row.as_bytes(), At::Line(n), &mut key)?;
                        last_row = row.to_owned();
                    }
                }
                Input::CbtRead => {
                    if let Some((row, at)) = rows.line(line, n) {
                        self.key(&row, Form::Marked, At::Line(at))?;
                    }
                }
            }
        }
        if let Some((row, at)) = rows.finish() {
            self.key(&row, Form::Marked, At::Line(at))?;
        }
        Ok(self.tally)
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
        let explained;
        let e = match self.explainer.as_mut() {
            Some(x) => x.explain(key),
            None => {
                explained = explain(self.schema, key);
                &explained
            }
        };
        self.line.clear();
        if self.opt.json {
            let text = LayoutText::find(&self.texts, e);
            json_line(&mut self.line, key, e, at, text);
        } else {
            text_block(&mut self.line, key, e, self.tally.keys == 1);
        }
        self.out
            .write_all(self.line.as_bytes())
            .map_err(|e| format!("cannot write: {e}"))?;
        if is_good(e) {
            return Ok(());
        }
        let why = e
            .error
            .map_or_else(|| "an empty key".to_owned(), |d| d.to_string());
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
        let flushed = self.out.flush();
        flushed
            .and_then(|()| writeln!(self.err, "error: {at}: {why}"))
            .map_err(|e| format!("cannot write: {e}"))
    }
}

/// The table of one key, after a blank line unless it is the first.
fn text_block(out: &mut String, key: &[u8], e: &Explained, first: bool) {
    use std::fmt::Write as _;
    if !first {
        out.push('\n');
    }
    out.push_str("0x");
    keytext::push_hex(out, key);
    out.push_str("  ");
    keytext::push_shell(out, key);
    out.push('\n');
    let _ = write!(out, "{e}");
}

/// One JSON line (format 1) for a key; `text` is its layout's JSON
/// strings, escaped before (else they are escaped here).
fn json_line(out: &mut String, key: &[u8], e: &Explained, at: At, text: Option<&LayoutText>) {
    let (k, n) = match at {
        At::Line(n) | At::Key(n) => ("{\"format\":1,\"line\":", n),
        At::Argument(n) => ("{\"format\":1,\"argument\":", n),
    };
    out.push_str(k);
    json::push_int(out, n);
    out.push_str(",\"key\":\"0x");
    keytext::push_hex(out, key);
    match text {
        Some(t) if e.member.is_none() && e.is_valid() && !e.is_partial() => out.push_str(&t.valid),
        _ => push_verdict(out, e, text),
    }
    for (i, f) in e.fields.iter().enumerate() {
        push_field(out, i, f, text.map(|t| &t.fields[i]));
    }
    out.push_str("]}\n");
}

/// The `i`th field's object; `known` is its layout's text for it.
fn push_field(out: &mut String, i: usize, f: &ExplainedField, known: Option<&FieldText>) {
    match (known, &f.reading) {
        (Some(k), Reading::Value(Value::Int(Number::Unsigned(v)))) if k.span == f.span => {
            out.push_str(&k.head_value);
            push_unsigned(out, *v);
            return out.push_str("\"}");
        }
        (Some(k), _) if k.span == f.span => out.push_str(&k.head),
        (Some(k), _) => push_field_head(out, i, &k.name, &f.span, &k.codec),
        (None, _) => push_field_head(out, i, &quoted(f.name), &f.span, &quoted(f.codec)),
    }
    push_reading(out, &f.reading);
    out.push('}');
}

/// From the key's type to its fields' opening bracket.
fn push_verdict(out: &mut String, e: &Explained, text: Option<&LayoutText>) {
    out.push_str("\",\"type\":");
    push_known(out, text.map(|t| &t.name), e.layout.name);
    out.push_str(",\"member\":");
    match e.member {
        Some(m) => json::push_str(out, m),
        None => out.push_str("null"),
    }
    out.push_str(if e.is_valid() {
        ",\"valid\":true"
    } else {
        ",\"valid\":false"
    });
    out.push_str(if e.is_partial() {
        ",\"partial\":true,\"error\":"
    } else {
        ",\"partial\":false,\"error\":"
    });
    match &e.error {
        Some(err) => json::push_display(out, err),
        None => out.push_str("null"),
    }
    out.push_str(",\"fields\":[");
}

/// The `i`th field's object up to its reading; `name` and `codec` are JSON strings.
fn push_field_head(out: &mut String, i: usize, name: &str, span: &Range<usize>, codec: &str) {
    out.push_str(if i == 0 { "{\"name\":" } else { ",{\"name\":" });
    out.push_str(name);
    out.push_str(",\"bytes\":[");
    json::push_int(out, span.start);
    out.push(',');
    json::push_int(out, span.end);
    out.push_str("],\"codec\":");
    out.push_str(codec);
}

/// Appends `s` as a JSON string, or `escaped`, the same string escaped before.
fn push_known(out: &mut String, escaped: Option<&String>, s: &str) {
    match escaped {
        Some(quoted) => out.push_str(quoted),
        None => json::push_str(out, s),
    }
}

/// A field's `"value"`, `"error"`, `"cut"` or `"absent"`.
fn push_reading(out: &mut String, reading: &Reading) {
    match reading {
        Reading::Value(Value::Int(Number::Unsigned(v))) => {
            out.push_str(",\"value\":\"");
            push_unsigned(out, *v);
            out.push('"');
        }
        Reading::Value(v) => {
            out.push_str(",\"value\":");
            json::push_display(out, v);
        }
        Reading::Error(err) => {
            out.push_str(",\"error\":");
            json::push_display(out, err);
        }
        Reading::Cut { present, .. } => {
            out.push_str(",\"cut\":{\"present\":");
            json::push_int(out, *present);
            out.push('}');
        }
        Reading::Absent => out.push_str(",\"absent\":true"),
    }
}

/// Decimal, as `Display` writes a number, without the formatter.
fn push_unsigned(out: &mut String, v: u128) {
    match u64::try_from(v) {
        Ok(v) => out.push_str(itoa::Buffer::new().format(v)),
        Err(_) => out.push_str(itoa::Buffer::new().format(v)),
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
            let (mut known, mut fresh) = (String::new(), String::new());
            json_line(&mut known, bytes, &e, At::Line(3), Some(&text));
            json_line(&mut fresh, bytes, &e, At::Line(3), None);
            assert_eq!(known, fresh);
            let v: serde_json::Value = serde_json::from_str(&known).unwrap();
            assert_eq!(v["valid"], e.is_valid());
        }
    }
}
