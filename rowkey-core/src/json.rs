//! The pieces of the JSON schema that every codec writes and reads its own
//! object with: a writer of one-line objects, and (feature `schema`) a
//! reader over a parsed object that allocates what it keeps in the
//! caller's [`Arena`].

use alloc::string::String;
use core::fmt::Write;

/// Writes one JSON object on one line: `{"kind": "pad", "digits": 6}`.
pub struct Object<'s> {
    out: &'s mut String,
    first: bool,
}

impl<'s> Object<'s> {
    /// Starts an object at the end of `out`; [`Object::end`] closes it.
    pub fn new(out: &'s mut String) -> Self {
        out.push('{');
        Object { out, first: true }
    }

    fn key(&mut self, key: &str) -> &mut String {
        if !self.first {
            self.out.push_str(", ");
        }
        self.first = false;
        self.out.push_str(&string(key));
        self.out.push_str(": ");
        self.out
    }

    /// `"key": "value"`.
    pub fn str(mut self, key: &str, value: &str) -> Self {
        let s = string(value);
        self.key(key).push_str(&s);
        self
    }

    /// `"key": 42`.
    pub fn num(mut self, key: &str, value: impl core::fmt::Display) -> Self {
        let _ = write!(self.key(key), "{value}");
        self
    }

    /// `"key": true`.
    pub fn bool(self, key: &str, value: bool) -> Self {
        self.num(key, value)
    }

    /// `"key": [1, 2]`.
    pub fn bytes(mut self, key: &str, value: &[u8]) -> Self {
        let out = self.key(key);
        write_bytes(out, value);
        self
    }

    /// `"key": ...`, the value written by `value`.
    pub fn raw(mut self, key: &str, value: impl FnOnce(&mut String)) -> Self {
        value(self.key(key));
        self
    }

    /// Closes the object.
    pub fn end(self) {
        self.out.push('}');
    }
}

/// `[1, 2, 3]`.
pub(crate) fn write_bytes(s: &mut String, b: &[u8]) {
    s.push('[');
    for (i, x) in b.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(s, "{sep}{x}");
    }
    s.push(']');
}

/// A JSON string literal.
pub(crate) fn string(v: &str) -> String {
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

#[cfg(feature = "schema")]
pub use read::{Arena, Fields};

#[cfg(feature = "schema")]
mod read {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;
    use serde_json::{Map, Value};

    /// Where the layouts read from a schema keep their names, tags and
    /// segments: they live as long as the arena, and go with it.
    ///
    /// ```
    /// use rowkey::schema::{self, Arena};
    /// let arena = Arena::new();
    /// let schema = schema::read(r#"{"format": 1, "name": "Id", "width": 1, "variable": false,
    ///     "max_width": 1, "salt": null, "fields": [{"name": "id", "offset": 0, "width": 1,
    ///     "codec": {"kind": "int", "type": "u8"}, "display": "u8", "order": "ascending",
    ///     "reverse": false, "mirror": false, "optional": false, "rust_type": "u8"}]}"#, &arena)?;
    /// assert_eq!(schema.layout(None)?.name, "Id");
    /// # Ok::<(), String>(())
    /// ```
    #[derive(Default)]
    pub struct Arena(bumpalo::Bump);

    impl Arena {
        /// An empty arena.
        pub fn new() -> Self {
            Arena::default()
        }

        /// `s`, kept in the arena.
        pub fn str(&self, s: &str) -> &str {
            self.0.alloc_str(s)
        }

        /// `v`, kept in the arena.
        pub fn slice<T: Copy>(&self, v: &[T]) -> &[T] {
            self.0.alloc_slice_copy(v)
        }

        /// `v`, kept in the arena.
        pub fn value<T: Copy>(&self, v: T) -> &T {
            self.0.alloc(v)
        }
    }

    /// A JSON object of a schema, read field by field; each error names
    /// the key that is missing or malformed.
    #[derive(Clone, Copy)]
    pub struct Fields<'j, 'a> {
        map: &'j Map<String, Value>,
        /// Where what is read is kept.
        pub arena: &'a Arena,
    }

    impl<'j, 'a> Fields<'j, 'a> {
        /// `value` as an object, or `what` is not one.
        pub fn of(value: &'j Value, what: &str, arena: &'a Arena) -> Result<Self, String> {
            match value.as_object() {
                Some(map) => Ok(Fields { map, arena }),
                None => Err(format!("{what} is not an object")),
            }
        }

        /// Whether the object has `key`.
        pub fn has(&self, key: &str) -> bool {
            self.map.contains_key(key)
        }

        /// The value of `key`, if any.
        pub fn get(&self, key: &str) -> Option<&'j Value> {
            self.map.get(key)
        }

        /// The string `key`, borrowed from the document.
        pub fn str(&self, key: &str) -> Result<&'j str, String> {
            self.map
                .get(key)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("missing string \"{key}\""))
        }

        /// The string `key`, kept in the arena.
        pub fn kept_str(&self, key: &str) -> Result<&'a str, String> {
            self.str(key).map(|s| self.arena.str(s))
        }

        /// The number `key`.
        pub fn num(&self, key: &str) -> Result<usize, String> {
            self.map
                .get(key)
                .and_then(Value::as_u64)
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| format!("missing number \"{key}\""))
        }

        /// The boolean `key`.
        pub fn bool(&self, key: &str) -> Result<bool, String> {
            self.map
                .get(key)
                .and_then(Value::as_bool)
                .ok_or_else(|| format!("missing boolean \"{key}\""))
        }

        /// The byte array `key`, kept in the arena.
        pub fn bytes(&self, key: &str) -> Result<&'a [u8], String> {
            let bytes = self
                .map
                .get(key)
                .and_then(Value::as_array)
                .ok_or_else(|| format!("missing byte array \"{key}\""))?
                .iter()
                .map(|b| {
                    b.as_u64()
                        .and_then(|b| u8::try_from(b).ok())
                        .ok_or_else(|| format!("a byte of \"{key}\" is not 0..=255"))
                })
                .collect::<Result<Vec<u8>, _>>()?;
            Ok(self.arena.slice(&bytes))
        }

        /// The object `key`.
        pub fn object(&self, key: &str) -> Result<Fields<'j, 'a>, String> {
            match self.map.get(key) {
                Some(v) => Fields::of(v, &format!("\"{key}\""), self.arena),
                None => Err(format!("missing object \"{key}\"")),
            }
        }

        /// The array `key`.
        pub fn array(&self, key: &str) -> Result<&'j [Value], String> {
            self.map
                .get(key)
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .ok_or_else(|| format!("missing array \"{key}\""))
        }
    }
}
