//! Reads a schema written by `T::LAYOUT.to_json()` (or an enum's
//! `KEY_TYPES.to_json()`) back into a [`Layout`] the interpreter runs on.
//!
//! The layout's strings and slices are leaked: a schema is read once and
//! lives as long as the process, as `T::LAYOUT` does in a program.

use rowkey_core::codec::ordered;
use rowkey_core::codec::ordered_field::VarType;
use rowkey_core::schema::FORMAT;
use rowkey_core::{
    FieldCodec, IntType, JavaType, KeyTypes, Layout, LayoutSalt, Member, Order, PhoenixType, Salt,
    Segment, TextType,
};
use serde_json::{Map, Value};

/// A parsed schema: one key type, or several sharing a table.
#[derive(Debug, Clone, Copy)]
pub enum Schema {
    /// One key type.
    Key(&'static Layout),
    /// An enum of key types, told apart by their tags.
    KeyTypes(&'static KeyTypes),
}

impl Schema {
    /// The layout to encode and scan with: the key, or the member named `member`.
    pub fn layout(&self, member: Option<&str>) -> Result<&'static Layout, String> {
        self.member(member).map(|m| m.layout)
    }

    /// The key, or the member named `member` with the tag written before its key.
    pub fn member(&self, member: Option<&str>) -> Result<Member, String> {
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
    pub fn only(self, member: &str) -> Result<Schema, String> {
        let m = self.member(Some(member))?;
        Ok(match self {
            Schema::Key(l) => Schema::Key(l),
            Schema::KeyTypes(k) => Schema::KeyTypes(Box::leak(Box::new(KeyTypes {
                name: k.name,
                members: Vec::leak(vec![m]),
            }))),
        })
    }
}

/// A key type on its own, as a member without a tag.
fn whole(layout: &'static Layout) -> Member {
    Member {
        name: layout.name,
        tag: &[],
        layout,
    }
}

fn member_names(k: &KeyTypes) -> String {
    k.members
        .iter()
        .map(|m| m.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses a schema document.
pub fn parse(text: &str) -> Result<Schema, String> {
    let doc: Value =
        serde_json::from_str(text).map_err(|e| format!("the schema is not JSON: {e}"))?;
    let obj = doc.as_object().ok_or("the schema is not a JSON object")?;
    match obj.get("format").and_then(Value::as_u64) {
        Some(f) if f == FORMAT as u64 => {}
        Some(f) => {
            return Err(format!(
                "schema format {f} is not supported: this rowkey reads format {FORMAT}"
            ))
        }
        None => return Err("the schema has no \"format\" number".into()),
    }
    if let Some(members) = obj.get("members") {
        let name = leak(str_field(obj, "name")?);
        let members = members
            .as_array()
            .ok_or("\"members\" is not an array")?
            .iter()
            .map(member)
            .collect::<Result<Vec<_>, _>>()?;
        let members = Vec::leak(members);
        return Ok(Schema::KeyTypes(Box::leak(Box::new(KeyTypes {
            name,
            members,
        }))));
    }
    Ok(Schema::Key(layout(obj)?))
}

fn member(v: &Value) -> Result<Member, String> {
    let obj = v.as_object().ok_or("a member is not an object")?;
    let name = leak(str_field(obj, "member")?);
    let key = obj
        .get("key")
        .and_then(Value::as_object)
        .ok_or_else(|| format!("member `{name}` has no \"key\" object"))?;
    let tag = bytes_field(obj, "prefix").map_err(|e| format!("member `{name}`: {e}"))?;
    Ok(Member {
        name,
        tag: Vec::leak(tag),
        layout: layout(key)?,
    })
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

fn str_field<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    obj.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("missing string \"{key}\""))
}

fn num_field(obj: &Map<String, Value>, key: &str) -> Result<usize, String> {
    obj.get(key)
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| format!("missing number \"{key}\""))
}

/// An array of bytes, as a tag's.
fn bytes_field(obj: &Map<String, Value>, key: &str) -> Result<Vec<u8>, String> {
    obj.get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("missing byte array \"{key}\""))?
        .iter()
        .map(|b| {
            b.as_u64()
                .and_then(|b| u8::try_from(b).ok())
                .ok_or_else(|| format!("a byte of \"{key}\" is not 0..=255"))
        })
        .collect()
}

fn bool_field(obj: &Map<String, Value>, key: &str) -> Result<bool, String> {
    obj.get(key)
        .and_then(Value::as_bool)
        .ok_or_else(|| format!("missing boolean \"{key}\""))
}

fn layout(obj: &Map<String, Value>) -> Result<&'static Layout, String> {
    let name = leak(str_field(obj, "name")?);
    let ctx = |e: String| format!("key `{name}`: {e}");
    let salt = match obj.get("salt") {
        None | Some(Value::Null) => None,
        Some(Value::Object(s)) => Some(salt(s).map_err(ctx)?),
        Some(_) => return Err(ctx("\"salt\" is neither null nor an object".into())),
    };
    let segments = obj
        .get("fields")
        .and_then(Value::as_array)
        .ok_or_else(|| ctx("missing array \"fields\"".into()))?
        .iter()
        .map(|f| segment(f).map_err(ctx))
        .collect::<Result<Vec<_>, _>>()?;
    let l = Layout {
        name,
        width: num_field(obj, "width").map_err(ctx)?,
        variable: bool_field(obj, "variable").map_err(ctx)?,
        max_width: num_field(obj, "max_width").map_err(ctx)?,
        salt,
        segments: Vec::leak(segments),
    };
    check(&l).map_err(ctx)?;
    Ok(Box::leak(Box::new(l)))
}

fn salt(s: &Map<String, Value>) -> Result<LayoutSalt, String> {
    let buckets = u32::try_from(num_field(s, "buckets")?).map_err(|_| "too many buckets")?;
    let width = num_field(s, "width")?;
    let salt = match str_field(s, "format")? {
        "binary" => Salt::new(buckets),
        "digits" => Salt::digits(buckets, u8::try_from(width).map_err(|_| "salt too wide")?),
        "phoenix" => Salt::phoenix(buckets),
        other => return Err(format!("unknown salt format `{other}`")),
    };
    // A user function's code is not in the schema: its buckets cannot be checked.
    let salt = match s.get("hash").and_then(Value::as_str) {
        None | Some("xxh32" | "phoenix") => salt,
        Some("modulo") => salt.with_hash(rowkey_core::SaltHash::Modulo),
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
        .get("fields")
        .and_then(Value::as_array)
        .ok_or("the salt has no \"fields\" array")?
        .iter()
        .map(|f| f.as_str().map(leak).ok_or("a salt field is not a string"))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(LayoutSalt {
        salt,
        fields: Vec::leak(fields),
    })
}

fn segment(v: &Value) -> Result<Segment, String> {
    let obj = v.as_object().ok_or("a field is not an object")?;
    let name = leak(str_field(obj, "name")?);
    let ctx = |e: String| format!("field `{name}`: {e}");
    let codec = obj
        .get("codec")
        .and_then(Value::as_object)
        .ok_or_else(|| ctx("missing object \"codec\"".into()))?;
    let order = match str_field(obj, "order").map_err(ctx)? {
        "ascending" => Order::Ascending,
        "descending" => Order::Descending,
        "unordered" => Order::Unordered,
        other => return Err(ctx(format!("unknown order `{other}`"))),
    };
    Ok(Segment {
        name,
        offset: num_field(obj, "offset").map_err(ctx)?,
        width: num_field(obj, "width").map_err(ctx)?,
        codec: leak(str_field(obj, "display").map_err(ctx)?),
        kind: field_codec(codec).map_err(ctx)?,
        order,
        reverse: bool_field(obj, "reverse").map_err(ctx)?,
        mirror: bool_field(obj, "mirror").map_err(ctx)?,
        optional: bool_field(obj, "optional").map_err(ctx)?,
        rust_type: leak(str_field(obj, "rust_type").map_err(ctx)?),
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

fn int_type(name: &str) -> Result<IntType, String> {
    let (signed, bits) = match name.split_at_checked(1) {
        Some(("u", b)) => (false, b),
        Some(("i", b)) => (true, b),
        _ => return Err(format!("unknown integer type `{name}`")),
    };
    let bytes = match bits {
        "8" => 1,
        "16" => 2,
        "32" => 4,
        "64" => 8,
        "128" => 16,
        _ => return Err(format!("unknown integer type `{name}`")),
    };
    Ok(IntType { bytes, signed })
}

fn text_type(c: &Map<String, Value>) -> Result<TextType, String> {
    let utf8 = match str_field(c, "text")? {
        "str" => true,
        "bytes" => false,
        other => return Err(format!("unknown text kind `{other}`")),
    };
    Ok(TextType {
        utf8,
        borrowed: bool_field(c, "borrowed")?,
    })
}

fn field_codec(c: &Map<String, Value>) -> Result<FieldCodec, String> {
    Ok(match str_field(c, "kind")? {
        "int" => FieldCodec::Int(int_type(str_field(c, "type")?)?),
        "narrow" => FieldCodec::Narrow {
            bytes: match num_field(c, "bytes")? {
                n @ (2 | 4 | 8) => n as u8,
                n => return Err(format!("`be_u{}` is not a codec", n * 8)),
            },
            from: int_type(str_field(c, "type")?)?,
        },
        "pad" => {
            let ty = int_type(str_field(c, "type")?)?;
            let digits = num_field(c, "digits")?;
            if ty.signed || !(1..=39).contains(&digits) {
                return Err(format!("`pad({digits})` on `{}` is not a codec", ty.name()));
            }
            FieldCodec::Pad { digits, ty }
        }
        "fixed" => FieldCodec::Fixed {
            width: num_field(c, "width")?,
            text: text_type(c)?,
        },
        "bool" => FieldCodec::Bool,
        "bytes" => FieldCodec::Bytes(num_field(c, "width")?),
        "float" => FieldCodec::Float {
            bytes: match str_field(c, "type")? {
                "f32" => 4,
                "f64" => 8,
                other => return Err(format!("unknown float type `{other}`")),
            },
        },
        "nested" => FieldCodec::Nested {
            layout: layout(
                c.get("key")
                    .and_then(Value::as_object)
                    .ok_or("a nested key without \"key\"")?,
            )?,
        },
        "md5" => FieldCodec::Md5Digest,
        "tag" => FieldCodec::Tag(Vec::leak(bytes_field(c, "bytes")?)),
        "escaped" => FieldCodec::Escaped(text_type(c)?),
        "rest" => FieldCodec::Rest(text_type(c)?),
        "salt" => FieldCodec::Salt,
        "java" => {
            let t = str_field(c, "type")?;
            FieldCodec::Java(JavaType::from_name(t).ok_or(format!("`{t}` is no Java type"))?)
        }
        "ordered" => {
            let header = u8::try_from(num_field(c, "header")?).map_err(|e| e.to_string())?;
            if c.contains_key("text") {
                VarType::from_header(header)
                    .ok_or(format!("{header} is no OrderedBytes header"))?;
                FieldCodec::OrderedVar {
                    header,
                    text: text_type(c)?,
                }
            } else {
                ordered::fixed_width(header)
                    .ok_or(format!("{header} is no OrderedBytes header"))?;
                FieldCodec::Ordered { header }
            }
        }
        "ordered_null" => {
            let value = c
                .get("value")
                .and_then(Value::as_object)
                .ok_or("an ordered_null codec without \"value\"")?;
            let value = field_codec(value)?;
            if !matches!(
                value,
                FieldCodec::Ordered { .. } | FieldCodec::OrderedVar { .. }
            ) {
                return Err("an ordered_null codec holds an ordered one".to_string());
            }
            FieldCodec::OrderedNull {
                value: Box::leak(Box::new(value)),
                trailing: bool_field(c, "trailing")?,
            }
        }
        "phoenix" => FieldCodec::Phoenix(phoenix_type(c)?),
        other => return Err(format!("unknown codec `{other}`")),
    })
}

/// A Phoenix column's type: `{"type": "INTEGER"}`, `{"type": "CHAR", "length": 3}`.
fn phoenix_type(c: &Map<String, Value>) -> Result<PhoenixType, String> {
    use PhoenixType as P;
    let t = str_field(c, "type")?;
    if t == "CHAR" {
        return match num_field(c, "length")? {
            0 => Err("`CHAR(0)` is not a Phoenix column".to_string()),
            n => Ok(P::Char(n)),
        };
    }
    [
        P::Tinyint,
        P::Smallint,
        P::Integer,
        P::Bigint,
        P::Double,
        P::Boolean,
        P::Date,
        P::Timestamp,
        P::Varchar,
    ]
    .into_iter()
    .find(|p| p.name() == t)
    .ok_or(format!("`{t}` is no Phoenix type rowkey writes"))
}

/// The width every fixed codec takes, so a hand-edited schema that does not
/// add up is refused here rather than misread.
fn codec_width(kind: &FieldCodec) -> Option<usize> {
    Some(match *kind {
        FieldCodec::Int(t) => t.bytes as usize,
        FieldCodec::Narrow { bytes, .. } => bytes as usize,
        FieldCodec::Pad { digits, .. } => digits,
        FieldCodec::Fixed { width, .. } => width,
        FieldCodec::Bool => 1,
        FieldCodec::Bytes(n) => n,
        FieldCodec::Float { bytes } => bytes as usize,
        FieldCodec::Nested { layout } => layout.width,
        FieldCodec::Md5Digest => 16,
        FieldCodec::Tag(t) => t.len(),
        FieldCodec::Escaped(_) => 2,
        FieldCodec::Rest(_) => 0,
        FieldCodec::Java(t) => t.width(),
        FieldCodec::Ordered { header } => return ordered::fixed_width(header),
        // The shortest value: the header, and a terminator or one group.
        FieldCodec::OrderedVar { header, .. } => 1 + (header != ordered::BLOB_COPY) as usize,
        // The null.
        FieldCodec::OrderedNull { .. } => 1,
        FieldCodec::Phoenix(t) => t.width().unwrap_or(0),
        FieldCodec::Salt => return None,
    })
}

fn check(l: &Layout) -> Result<(), String> {
    let mut offset = 0;
    // Where the fields that may be left out begin: the shortest key ends there.
    let mut shortest = None;
    for seg in l.segments {
        let absent =
            seg.since != 0 || matches!(seg.kind, FieldCodec::OrderedNull { trailing: true, .. });
        if absent && shortest.is_none() {
            shortest = Some(offset);
        }
        let width = match seg.kind {
            FieldCodec::Salt => l
                .salt
                .map(|s| s.salt.width())
                .ok_or("a salt field without a salt")?,
            ref k => codec_width(k).unwrap_or(0) + seg.optional as usize,
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
        if let FieldCodec::Nested { layout } = seg.kind {
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
