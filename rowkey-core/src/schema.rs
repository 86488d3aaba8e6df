//! The machine-readable schema of a layout: `T::LAYOUT.to_json()`, versioned
//! (`"format": 1`), and `read` (feature `schema`), which gives the layout
//! back, for tools that read keys without the Rust type (the `rowkey`
//! command line).
//!
//! A document holds the key's `name`, `width` (for a variable-length key,
//! its shortest encoding), `variable`, `max_width`, `salt` (or `null`), and
//! `fields`: every segment in key order, the salt bucket first, each with its
//! `name`, `offset`, `width`, `codec` (an object: `kind` and its parameters,
//! which the codec's own module writes and reads), `display` (the codec as
//! the layout table prints it), `order`, `reverse`, `mirror`, `optional` and
//! `rust_type`. An enum of key types gives `members`, each with its `member`
//! name, `prefix`, `tag` and `key` document: `prefix` is the variant's
//! `#[tag(..)]` bytes, written before the member's key (`[]` without one);
//! `tag` is the first `#[tag]` field inside the key (`{"field", "offset",
//! "bytes"}`, the offset within the key, or `null`).
//!
//! With feature `schema`, `assert_compatible` keeps a key's schema file
//! in your repository, checked by a test: written the first time, and a
//! change fails the test with its `compat` report until it is accepted.

use alloc::format;
use alloc::string::String;
use core::fmt::Write;

use crate::json::{string, write_bytes};
use crate::{FieldCodec, KeyTypes, Layout, Order, SaltFormat, Segment};

#[cfg(feature = "schema")]
pub use crate::json::Arena;
#[cfg(feature = "schema")]
pub use read::{read, Schema};
#[cfg(feature = "schema")]
pub use snapshot::{
    assert_compatible, assert_key_types_compatible, compare, snapshot, Snapshot, SnapshotEnv,
    SnapshotError, Update, UPDATE_VAR,
};

#[cfg(feature = "schema")]
mod snapshot;

/// The schema format this crate writes.
pub const FORMAT: u32 = 1;

impl Layout<'_> {
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

impl KeyTypes<'_> {
    /// The key types as a JSON document, `"format": 1`: each member's
    /// variant tag (`prefix`), the tag field inside its key (`tag`) and its key.
    pub fn to_json(&self) -> String {
        let mut s = format!(
            "{{\n  \"format\": {FORMAT},\n  \"name\": {},\n  \"members\": [\n",
            string(self.name)
        );
        for (i, m) in self.members.iter().enumerate() {
            let sep = if i + 1 < self.members.len() { "," } else { "" };
            let _ = write!(s, "    {{\"member\": {}, \"prefix\": ", string(m.name));
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
fn write_tag(s: &mut String, layout: &Layout<'_>) {
    let tag = layout.segments.iter().find_map(|seg| match seg.kind {
        FieldCodec::Tag(t) => Some((seg, t.0)),
        _ => None,
    });
    match tag {
        Some((seg, t)) => {
            let _ = write!(
                s,
                "{{\"field\": {}, \"offset\": {}, \"bytes\": ",
                string(seg.name),
                seg.offset
            );
            write_bytes(s, t);
            s.push('}');
        }
        None => s.push_str("null"),
    }
}

/// A layout object; `indent` is empty for one line, and `top` adds the format.
pub(crate) fn write_layout(s: &mut String, l: &Layout<'_>, indent: &str, top: bool) {
    let nl = if indent.is_empty() { " " } else { "\n" };
    s.push('{');
    s.push_str(if indent.is_empty() { "" } else { "\n" });
    if top {
        let _ = write!(s, "{indent}\"format\": {FORMAT},{nl}");
    }
    let _ = write!(
        s,
        "{indent}\"name\": {},{nl}{indent}\"width\": {},{nl}{indent}\"variable\": {},{nl}{indent}\"max_width\": {},{nl}{indent}\"salt\": ",
        string(l.name),
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

fn write_salt(s: &mut String, l: &Layout<'_>) {
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
        let _ = write!(s, "{sep}{}", string(f));
    }
    s.push_str("]}");
}

fn write_segment(s: &mut String, seg: &Segment<'_>) {
    let _ = write!(
        s,
        "{{\"name\": {}, \"offset\": {}, \"width\": {}, \"codec\": ",
        string(seg.name),
        seg.offset,
        seg.width
    );
    seg.kind.codec().to_json(s);
    let order = match seg.order {
        Order::Ascending => "ascending",
        Order::Descending => "descending",
        Order::Unordered => "unordered",
    };
    let _ = write!(
        s,
        ", \"display\": {}, \"order\": \"{order}\", \"reverse\": {}, \"mirror\": {}, \"optional\": {}, \"rust_type\": {}}}",
        string(seg.codec),
        seg.reverse,
        seg.mirror,
        seg.optional,
        string(seg.rust_type)
    );
    // Only added fields carry it, so the schemas of other keys do not change.
    if seg.since != 0 {
        s.pop();
        let _ = write!(s, ", \"since\": {}}}", seg.since);
    }
}

#[cfg(feature = "schema")]
mod read {
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use serde_json::Value;

    use super::FORMAT;
    use crate::json::{Arena, Fields};
    use crate::{FieldCodec, KeyTypes, Layout, LayoutSalt, Member, Order, Salt, SaltHash, Segment};

    /// A schema read back: one key type, or several sharing a table.
    #[derive(Debug, Clone, Copy)]
    pub enum Schema<'a> {
        /// One key type.
        Key(&'a Layout<'a>),
        /// An enum of key types, told apart by their tags.
        KeyTypes(&'a KeyTypes<'a>),
    }

    impl<'a> Schema<'a> {
        /// The layout to encode and scan with: the key, or the member named `member`.
        ///
        /// # Errors
        /// No member of that name, or none named where the schema has several.
        pub fn layout(&self, member: Option<&str>) -> Result<&'a Layout<'a>, String> {
            self.member(member).map(|m| m.layout)
        }

        /// The key, or the member named `member` with the tag written before its key.
        ///
        /// # Errors
        /// As [`Schema::layout`].
        pub fn member(&self, member: Option<&str>) -> Result<Member<'a>, String> {
            match (self, member) {
                (Schema::Key(l), None) => Ok(whole(l)),
                (Schema::Key(l), Some(m)) if m == l.name => Ok(whole(l)),
                (Schema::Key(l), Some(m)) => Err(format!(
                    "`--key {m}`: the schema holds one key type, `{}`",
                    l.name
                )),
                (Schema::KeyTypes(k), Some(m)) => k
                    .members
                    .iter()
                    .find(|x| x.name == m || x.layout.name == m)
                    .copied()
                    .ok_or_else(|| format!("`--key {m}`: {} has {}", k.name, member_names(k))),
                (Schema::KeyTypes(k), None) => Err(format!(
                    "{} holds several key types: choose one with `--key`, one of {}",
                    k.name,
                    member_names(k)
                )),
            }
        }

        /// The schema narrowed to the member named `member`: its keys still
        /// start with its tag.
        ///
        /// # Errors
        /// As [`Schema::layout`].
        pub fn only(self, member: &str, arena: &'a Arena) -> Result<Schema<'a>, String> {
            let m = self.member(Some(member))?;
            Ok(match self {
                Schema::Key(l) => Schema::Key(l),
                Schema::KeyTypes(k) => Schema::KeyTypes(arena.value(KeyTypes {
                    name: k.name,
                    members: arena.slice(&[m]),
                })),
            })
        }
    }

    /// A key type on its own, as a member without a tag.
    fn whole<'a>(layout: &'a Layout<'a>) -> Member<'a> {
        Member {
            name: layout.name,
            tag: &[],
            layout,
        }
    }

    fn member_names(k: &KeyTypes<'_>) -> String {
        k.members
            .iter()
            .map(|m| m.name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Reads a schema document (`T::LAYOUT.to_json()` or an enum's
    /// `KEY_TYPES.to_json()`), keeping what it holds in `arena`, which it
    /// lives as long as.
    ///
    /// # Errors
    /// Text that is not such a document, one of another `format`, or a
    /// layout whose widths and offsets do not add up (one line, naming the
    /// key and field).
    pub fn read<'a>(text: &str, arena: &'a Arena) -> Result<Schema<'a>, String> {
        let doc: Value =
            serde_json::from_str(text).map_err(|e| format!("the schema is not JSON: {e}"))?;
        let obj = Fields::of(&doc, "the schema", arena)
            .map_err(|_| "the schema is not a JSON object".to_string())?;
        match obj.get("format").and_then(Value::as_u64) {
            Some(f) if f == FORMAT as u64 => {}
            Some(f) => {
                return Err(format!(
                    "schema format {f} is not supported: this rowkey reads format {FORMAT}"
                ))
            }
            None => return Err("the schema has no \"format\" number".into()),
        }
        let Some(members) = obj.get("members") else {
            return Ok(Schema::Key(layout(&obj)?));
        };
        let name = obj.kept_str("name")?;
        let members = members
            .as_array()
            .ok_or("\"members\" is not an array")?
            .iter()
            .map(|m| member(m, arena))
            .collect::<Result<Vec<_>, _>>()?;
        let members = arena.slice(&members);
        Ok(Schema::KeyTypes(arena.value(KeyTypes { name, members })))
    }

    fn member<'a>(v: &Value, arena: &'a Arena) -> Result<Member<'a>, String> {
        let obj = Fields::of(v, "a member", arena)?;
        let name = obj.kept_str("member")?;
        let key = obj
            .object("key")
            .map_err(|_| format!("member `{name}` has no \"key\" object"))?;
        let tag = obj
            .bytes("prefix")
            .map_err(|e| format!("member `{name}`: {e}"))?;
        Ok(Member {
            name,
            tag,
            layout: layout(&key)?,
        })
    }

    fn layout<'a>(obj: &Fields<'_, 'a>) -> Result<&'a Layout<'a>, String> {
        let name = obj.kept_str("name")?;
        let ctx = |e: String| format!("key `{name}`: {e}");
        let salt = match obj.get("salt") {
            None | Some(Value::Null) => None,
            Some(Value::Object(_)) => Some(salt(&obj.object("salt")?).map_err(ctx)?),
            Some(_) => return Err(ctx("\"salt\" is neither null nor an object".into())),
        };
        let segments = obj
            .array("fields")
            .map_err(ctx)?
            .iter()
            .map(|f| segment(f, obj.arena).map_err(ctx))
            .collect::<Result<Vec<_>, _>>()?;
        let l = Layout {
            name,
            width: obj.num("width").map_err(ctx)?,
            variable: obj.bool("variable").map_err(ctx)?,
            max_width: obj.num("max_width").map_err(ctx)?,
            salt,
            segments: obj.arena.slice(&segments),
        };
        check(&l).map_err(ctx)?;
        Ok(obj.arena.value(l))
    }

    fn salt<'a>(s: &Fields<'_, 'a>) -> Result<LayoutSalt<'a>, String> {
        let buckets = u32::try_from(s.num("buckets")?).map_err(|_| "too many buckets")?;
        let width = s.num("width")?;
        let salt = match s.str("format")? {
            "binary" => Salt::new(buckets),
            "digits" => Salt::digits(buckets, u8::try_from(width).map_err(|_| "salt too wide")?),
            "phoenix" => Salt::phoenix(buckets),
            other => return Err(format!("unknown salt format `{other}`")),
        };
        // A user function's code is not in the schema: its buckets cannot be checked.
        let salt = match s.get("hash").and_then(Value::as_str) {
            None | Some("xxh32" | "phoenix") => salt,
            Some("modulo") => salt.with_hash(SaltHash::Modulo),
            Some(other) => {
                return Err(format!(
                    "salt hash `{other}` cannot be computed from a schema"
                ))
            }
        };
        if salt.buckets() != buckets || salt.width() != width {
            return Err(format!(
                "a salt of {buckets} buckets in {width} bytes is not one rowkey writes"
            ));
        }
        let fields = s
            .array("fields")
            .map_err(|_| "the salt has no \"fields\" array")?
            .iter()
            .map(|f| {
                f.as_str()
                    .map(|f| s.arena.str(f))
                    .ok_or("a salt field is not a string")
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(LayoutSalt {
            salt,
            fields: s.arena.slice(&fields),
        })
    }

    fn segment<'a>(v: &Value, arena: &'a Arena) -> Result<Segment<'a>, String> {
        let obj = Fields::of(v, "a field", arena)?;
        let name = obj.kept_str("name")?;
        let ctx = |e: String| format!("field `{name}`: {e}");
        let codec = obj
            .object("codec")
            .map_err(|_| ctx("missing object \"codec\"".into()))?;
        let order = match obj.str("order").map_err(ctx)? {
            "ascending" => Order::Ascending,
            "descending" => Order::Descending,
            "unordered" => Order::Unordered,
            other => return Err(ctx(format!("unknown order `{other}`"))),
        };
        Ok(Segment {
            name,
            offset: obj.num("offset").map_err(ctx)?,
            width: obj.num("width").map_err(ctx)?,
            codec: obj.kept_str("display").map_err(ctx)?,
            kind: FieldCodec::from_json(&codec, &|k| layout(k)).map_err(ctx)?,
            order,
            reverse: obj.bool("reverse").map_err(ctx)?,
            mirror: obj.bool("mirror").map_err(ctx)?,
            optional: obj.bool("optional").map_err(ctx)?,
            rust_type: obj.kept_str("rust_type").map_err(ctx)?,
            // Written only for added fields, so older schemas read unchanged.
            since: match obj.get("since") {
                None => 0,
                Some(v) => v
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| ctx("\"since\" is not a version number".to_string()))?,
            },
        })
    }

    /// The widths and offsets must add up, so a hand-edited schema that does
    /// not is refused here rather than misread.
    fn check(l: &Layout<'_>) -> Result<(), String> {
        let mut offset = 0;
        // Where the fields that may be left out begin: the shortest key ends there.
        let mut shortest = None;
        for seg in l.segments {
            if seg.omittable() && shortest.is_none() {
                shortest = Some(offset);
            }
            let width = match seg.kind {
                FieldCodec::Salt => l
                    .salt
                    .map(|s| s.salt.width())
                    .ok_or("a salt field without a salt")?,
                k => k.extent().width() + seg.optional as usize,
            };
            if seg.width != width {
                return Err(format!(
                    "field `{}` is {} bytes wide, its codec takes {width}",
                    seg.name, seg.width
                ));
            }
            if !l.variable && seg.offset != offset {
                return Err(format!(
                    "field `{}` starts at byte {}, after the fields before it at {offset}",
                    seg.name, seg.offset
                ));
            }
            if let FieldCodec::Nested(layout) = seg.kind {
                if layout.variable {
                    return Err(format!(
                        "field `{}`: a nested key has a fixed width",
                        seg.name
                    ));
                }
            }
            offset += width;
        }
        let offset = shortest.unwrap_or(offset);
        if offset != l.width {
            return Err(format!(
                "the fields add up to {offset} bytes, the key says {}",
                l.width
            ));
        }
        Ok(())
    }
}
