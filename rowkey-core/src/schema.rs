//! The machine-readable schema of a layout: `T::LAYOUT.to_json()`, versioned
//! (`"format": 1`), for tools that read keys without the Rust type (the
//! `rowkey` command line reads it back).
//!
//! A document holds the key's `name`, `width` (for a variable-length key,
//! its shortest encoding), `variable`, `max_width`, `salt` (or `null`), and
//! `fields`: every segment in key order, the salt bucket first, each with its
//! `name`, `offset`, `width`, `codec` (an object: `kind` and its parameters),
//! `display` (the codec as the layout table prints it), `order`, `reverse`,
//! `mirror`, `optional` and `rust_type`. An enum of key types gives
//! `members`, each with its `member` name, `prefix`, `tag` and `key` document:
//! `prefix` is the variant's `#[tag(..)]` bytes, written before the member's
//! key (`[]` without one); `tag` is the first `#[tag]` field inside the key
//! (`{"field", "offset", "bytes"}`, the offset within the key, or `null`).

use alloc::format;
use alloc::string::String;
use core::fmt::Write;

use crate::{FieldCodec, KeyTypes, Layout, Order, PhoenixType, SaltFormat, Segment, TextType};

/// The schema format this crate writes.
pub const FORMAT: u32 = 1;

impl Layout {
    /// The layout as a JSON document, `"format": 1`.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Id { #[pad(6)] id: u32 }
    ///
    /// assert_eq!(Id::LAYOUT.to_json(), r#"{
    ///   "format": 1,
    ///   "name": "Id",
    ///   "width": 6,
    ///   "variable": false,
    ///   "max_width": 32767,
    ///   "salt": null,
    ///   "fields": [
    ///     {"name": "id", "offset": 0, "width": 6, "codec": {"kind": "pad", "digits": 6, "type": "u32"}, "display": "pad(6)", "order": "ascending", "reverse": false, "mirror": false, "optional": false, "rust_type": "u32"}
    ///   ]
    /// }
    /// "#);
    /// ```
    pub fn to_json(&self) -> String {
        let mut s = String::new();
        write_layout(&mut s, self, "  ", true);
        s.push('\n');
        s
    }
}

impl KeyTypes {
    /// The key types as a JSON document, `"format": 1`: each member's
    /// variant tag (`prefix`), the tag field inside its key (`tag`) and its key.
    pub fn to_json(&self) -> String {
        let mut s = format!(
            "{{\n  \"format\": {FORMAT},\n  \"name\": {},\n  \"members\": [\n",
            json_str(self.name)
        );
        for (i, m) in self.members.iter().enumerate() {
            let sep = if i + 1 < self.members.len() { "," } else { "" };
            let _ = write!(s, "    {{\"member\": {}, \"prefix\": ", json_str(m.name));
            write_bytes(&mut s, m.tag);
            s.push_str(", \"tag\": ");
            write_tag(&mut s, m.layout);
            s.push_str(", \"key\": ");
            write_layout(&mut s, m.layout, "", false);
            let _ = writeln!(s, "}}{sep}");
        }
        s.push_str("  ]\n}\n");
        s
    }
}

/// The first `#[tag]` of a key: what tells it apart in a mixed table.
fn write_tag(s: &mut String, layout: &Layout) {
    let tag = layout.segments.iter().find_map(|seg| match seg.kind {
        FieldCodec::Tag(t) => Some((seg, t)),
        _ => None,
    });
    match tag {
        Some((seg, t)) => {
            let _ = write!(
                s,
                "{{\"field\": {}, \"offset\": {}, \"bytes\": ",
                json_str(seg.name),
                seg.offset
            );
            write_bytes(s, t);
            s.push('}');
        }
        None => s.push_str("null"),
    }
}

/// A layout object; `indent` is empty for one line, and `top` adds the format.
fn write_layout(s: &mut String, l: &Layout, indent: &str, top: bool) {
    let nl = if indent.is_empty() { " " } else { "\n" };
    s.push('{');
    s.push_str(if indent.is_empty() { "" } else { "\n" });
    if top {
        let _ = write!(s, "{indent}\"format\": {FORMAT},{nl}");
    }
    let _ = write!(
        s,
        "{indent}\"name\": {},{nl}{indent}\"width\": {},{nl}{indent}\"variable\": {},{nl}{indent}\"max_width\": {},{nl}{indent}\"salt\": ",
        json_str(l.name),
        l.width,
        l.variable,
        l.max_width
    );
    write_salt(s, l);
    let _ = write!(s, ",{nl}{indent}\"fields\": [");
    for (i, seg) in l.segments.iter().enumerate() {
        if indent.is_empty() {
            s.push_str(if i == 0 { "" } else { ", " });
        } else {
            let sep = if i == 0 { "" } else { "," };
            let _ = write!(s, "{sep}\n{indent}{indent}");
        }
        write_segment(s, seg);
    }
    if indent.is_empty() {
        s.push_str("]}");
    } else {
        let _ = write!(s, "\n{indent}]\n}}");
    }
}

fn write_salt(s: &mut String, l: &Layout) {
    let Some(salt) = &l.salt else {
        s.push_str("null");
        return;
    };
    let (format, hash) = match salt.salt.format() {
        SaltFormat::Binary => ("binary", "xxh32"),
        SaltFormat::Digits(_) => ("digits", "xxh32"),
        SaltFormat::Phoenix => ("phoenix", "phoenix"),
    };
    let hash = match salt.salt.hash() {
        crate::SaltHash::Format => hash,
        crate::SaltHash::Modulo => "modulo",
        crate::SaltHash::Custom(_) => "custom",
    };
    let _ = write!(
        s,
        "{{\"buckets\": {}, \"format\": \"{format}\", \"hash\": \"{hash}\", \"width\": {}, \"fields\": [",
        salt.salt.buckets(),
        salt.salt.width()
    );
    for (i, f) in salt.fields.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(s, "{sep}{}", json_str(f));
    }
    s.push_str("]}");
}

fn write_segment(s: &mut String, seg: &Segment) {
    let _ = write!(
        s,
        "{{\"name\": {}, \"offset\": {}, \"width\": {}, \"codec\": ",
        json_str(seg.name),
        seg.offset,
        seg.width
    );
    write_codec(s, &seg.kind);
    let order = match seg.order {
        Order::Ascending => "ascending",
        Order::Descending => "descending",
        Order::Unordered => "unordered",
    };
    let _ = write!(
        s,
        ", \"display\": {}, \"order\": \"{order}\", \"reverse\": {}, \"mirror\": {}, \"optional\": {}, \"rust_type\": {}}}",
        json_str(seg.codec),
        seg.reverse,
        seg.mirror,
        seg.optional,
        json_str(seg.rust_type)
    );
    // Only added fields carry it, so the schemas of other keys do not change.
    if seg.since != 0 {
        s.pop();
        let _ = write!(s, ", \"since\": {}}}", seg.since);
    }
}

fn write_codec(s: &mut String, kind: &FieldCodec) {
    let text = |t: &TextType| {
        format!(
            "\"text\": \"{}\", \"borrowed\": {}",
            if t.utf8 { "str" } else { "bytes" },
            t.borrowed
        )
    };
    let _ = match kind {
        FieldCodec::Int(t) => write!(s, "{{\"kind\": \"int\", \"type\": \"{}\"}}", t.name()),
        FieldCodec::Narrow { bytes, from } => write!(
            s,
            "{{\"kind\": \"narrow\", \"bytes\": {bytes}, \"type\": \"{}\"}}",
            from.name()
        ),
        FieldCodec::Pad { digits, ty } => write!(
            s,
            "{{\"kind\": \"pad\", \"digits\": {digits}, \"type\": \"{}\"}}",
            ty.name()
        ),
        FieldCodec::Fixed { width, text: t } => {
            write!(
                s,
                "{{\"kind\": \"fixed\", \"width\": {width}, {}}}",
                text(t)
            )
        }
        FieldCodec::Bool => write!(s, "{{\"kind\": \"bool\"}}"),
        FieldCodec::Bytes(n) => write!(s, "{{\"kind\": \"bytes\", \"width\": {n}}}"),
        FieldCodec::Float { bytes } => {
            write!(
                s,
                "{{\"kind\": \"float\", \"type\": \"f{}\"}}",
                *bytes as u32 * 8
            )
        }
        FieldCodec::Nested { layout } => {
            s.push_str("{\"kind\": \"nested\", \"key\": ");
            write_layout(s, layout, "", false);
            write!(s, "}}")
        }
        FieldCodec::Md5Digest => write!(s, "{{\"kind\": \"md5\"}}"),
        FieldCodec::Tag(t) => {
            s.push_str("{\"kind\": \"tag\", \"bytes\": ");
            write_bytes(s, t);
            write!(s, "}}")
        }
        FieldCodec::Escaped(t) => write!(s, "{{\"kind\": \"escaped\", {}}}", text(t)),
        FieldCodec::Rest(t) => write!(s, "{{\"kind\": \"rest\", {}}}", text(t)),
        FieldCodec::Salt => write!(s, "{{\"kind\": \"salt\"}}"),
        FieldCodec::Java(t) => write!(s, "{{\"kind\": \"java\", \"type\": \"{}\"}}", t.name()),
        FieldCodec::Ordered { header } => {
            write!(s, "{{\"kind\": \"ordered\", \"header\": {header}}}")
        }
        FieldCodec::OrderedVar { header, text: t } => write!(
            s,
            "{{\"kind\": \"ordered\", \"header\": {header}, {}}}",
            text(t)
        ),
        FieldCodec::OrderedNull { value, trailing } => {
            let _ = write!(
                s,
                "{{\"kind\": \"ordered_null\", \"trailing\": {trailing}, \"value\": "
            );
            write_codec(s, value);
            write!(s, "}}")
        }
        FieldCodec::Phoenix(PhoenixType::Char(n)) => {
            write!(
                s,
                "{{\"kind\": \"phoenix\", \"type\": \"CHAR\", \"length\": {n}}}"
            )
        }
        FieldCodec::Phoenix(t) => {
            write!(s, "{{\"kind\": \"phoenix\", \"type\": \"{}\"}}", t.name())
        }
    };
}

fn write_bytes(s: &mut String, b: &[u8]) {
    s.push('[');
    for (i, x) in b.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(s, "{sep}{x}");
    }
    s.push(']');
}

/// A JSON string literal.
fn json_str(v: &str) -> String {
    let mut s = String::with_capacity(v.len() + 2);
    s.push('"');
    for c in v.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}
