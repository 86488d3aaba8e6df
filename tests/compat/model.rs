//! Keys as data for the properties: a small model of a key's fields, its
//! schema document (read back with `rowkey::schema::read`, which checks it),
//! random values for it, and the realistic changes a key goes through,
//! each with the true correspondence of old fields to new ones.

use std::fmt::Write;

/// A seeded generator (SplitMix64), so a failing case reproduces from its seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    pub fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())].clone()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Codec {
    Int {
        bytes: u8,
        signed: bool,
    },
    Narrow {
        bytes: u8,
        ty: &'static str,
    },
    Pad {
        digits: usize,
        ty: &'static str,
    },
    Fixed {
        width: usize,
        utf8: bool,
        borrowed: bool,
    },
    Bool,
    Bytes(usize),
    Float(u8),
    Tag(Vec<u8>),
    Escaped {
        utf8: bool,
        borrowed: bool,
    },
    Rest {
        utf8: bool,
        borrowed: bool,
    },
    Java(&'static str),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub codec: Codec,
    pub reverse: bool,
    pub mirror: bool,
    pub optional: bool,
    pub since: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Salt {
    pub buckets: u32,
    pub modulo: bool,
    pub fields: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    pub name: String,
    pub salt: Option<Salt>,
    pub fields: Vec<Field>,
    pub max_width: usize,
}

fn int_name(bytes: u8, signed: bool) -> String {
    format!("{}{}", if signed { 'i' } else { 'u' }, bytes as u32 * 8)
}

impl Codec {
    /// The shortest encoding.
    pub fn width(&self) -> usize {
        match self {
            Codec::Int { bytes, .. } | Codec::Narrow { bytes, .. } => *bytes as usize,
            Codec::Pad { digits, .. } => *digits,
            Codec::Fixed { width, .. } => *width,
            Codec::Bool => 1,
            Codec::Bytes(n) => *n,
            Codec::Float(b) => *b as usize,
            Codec::Tag(t) => t.len(),
            Codec::Escaped { .. } => 2,
            Codec::Rest { .. } => 0,
            Codec::Java(t) => match *t {
                "short" => 2,
                "int" => 4,
                _ => 8,
            },
        }
    }

    pub fn variable(&self) -> bool {
        matches!(self, Codec::Escaped { .. } | Codec::Rest { .. })
    }

    /// Whether its bytes sort as its values.
    fn ordered(&self) -> bool {
        !matches!(self, Codec::Java(_))
    }

    fn json(&self) -> String {
        let text = |utf8: bool, borrowed: bool| {
            format!(
                "\"text\": \"{}\", \"borrowed\": {borrowed}",
                if utf8 { "str" } else { "bytes" }
            )
        };
        match self {
            Codec::Int { bytes, signed } => {
                format!(
                    "{{\"kind\": \"int\", \"type\": \"{}\"}}",
                    int_name(*bytes, *signed)
                )
            }
            Codec::Narrow { bytes, ty } => {
                format!("{{\"kind\": \"narrow\", \"bytes\": {bytes}, \"type\": \"{ty}\"}}")
            }
            Codec::Pad { digits, ty } => {
                format!("{{\"kind\": \"pad\", \"digits\": {digits}, \"type\": \"{ty}\"}}")
            }
            Codec::Fixed {
                width,
                utf8,
                borrowed,
            } => format!(
                "{{\"kind\": \"fixed\", \"width\": {width}, {}}}",
                text(*utf8, *borrowed)
            ),
            Codec::Bool => "{\"kind\": \"bool\"}".into(),
            Codec::Bytes(n) => format!("{{\"kind\": \"bytes\", \"width\": {n}}}"),
            Codec::Float(b) => format!("{{\"kind\": \"float\", \"type\": \"f{}\"}}", b * 8),
            Codec::Tag(t) => format!("{{\"kind\": \"tag\", \"bytes\": {t:?}}}"),
            Codec::Escaped { utf8, borrowed } => {
                format!("{{\"kind\": \"escaped\", {}}}", text(*utf8, *borrowed))
            }
            Codec::Rest { utf8, borrowed } => {
                format!("{{\"kind\": \"rest\", {}}}", text(*utf8, *borrowed))
            }
            Codec::Java(t) => format!("{{\"kind\": \"java\", \"type\": \"{t}\"}}"),
        }
    }

    fn rust_type(&self) -> String {
        let text = |utf8: bool, borrowed: bool| match (utf8, borrowed) {
            (true, true) => "&'a str",
            (true, false) => "String",
            (false, true) => "&'a [u8]",
            (false, false) => "Vec<u8>",
        };
        match self {
            Codec::Int { bytes, signed } => int_name(*bytes, *signed),
            Codec::Narrow { ty, .. } | Codec::Pad { ty, .. } => ty.to_string(),
            Codec::Fixed { utf8, borrowed, .. }
            | Codec::Escaped { utf8, borrowed }
            | Codec::Rest { utf8, borrowed } => text(*utf8, *borrowed).into(),
            Codec::Bool => "bool".into(),
            Codec::Bytes(n) => format!("[u8; {n}]"),
            Codec::Float(b) => format!("f{}", b * 8),
            Codec::Tag(_) => "()".into(),
            Codec::Java(t) => match *t {
                "short" => "i16",
                "int" => "i32",
                _ => "i64",
            }
            .into(),
        }
    }

    fn display(&self) -> String {
        match self {
            Codec::Narrow { bytes, .. } => format!("be_u{}", bytes * 8),
            Codec::Pad { digits, .. } => format!("pad({digits})"),
            Codec::Fixed { width, .. } => format!("fixed({width})"),
            Codec::Tag(t) => format!("tag({t:?})"),
            Codec::Escaped { .. } => "escaped".into(),
            Codec::Java(t) => format!("java {t}"),
            other => other.rust_type(),
        }
    }
}

impl Field {
    pub fn width(&self) -> usize {
        self.codec.width() + self.optional as usize
    }

    pub fn omittable(&self) -> bool {
        self.since != 0
    }

    fn order(&self) -> &'static str {
        if self.mirror || !self.codec.ordered() {
            "unordered"
        } else if self.reverse {
            "descending"
        } else {
            "ascending"
        }
    }

    fn json(&self, offset: usize) -> String {
        let ty = self.codec.rust_type();
        let ty = if self.optional {
            format!("Option<{ty}>")
        } else {
            ty
        };
        let mut s = format!(
            "{{\"name\": \"{}\", \"offset\": {offset}, \"width\": {}, \"codec\": {}, \"display\": \"{}\", \"order\": \"{}\", \"reverse\": {}, \"mirror\": {}, \"optional\": {}, \"rust_type\": \"{ty}\"",
            self.name,
            self.width(),
            self.codec.json(),
            self.codec.display(),
            self.order(),
            self.reverse,
            self.mirror,
            self.optional,
        );
        if self.since != 0 {
            let _ = write!(s, ", \"since\": {}", self.since);
        }
        s.push('}');
        s
    }
}

impl Key {
    pub fn variable(&self) -> bool {
        self.fields
            .iter()
            .any(|f| f.codec.variable() || f.omittable())
    }

    fn salt_width(&self) -> usize {
        match &self.salt {
            Some(s) if s.buckets > 256 => 2,
            Some(_) => 1,
            None => 0,
        }
    }

    /// The schema document, as `T::LAYOUT.to_json()` writes it.
    pub fn json(&self) -> String {
        let sw = self.salt_width();
        let mut fields = Vec::new();
        if let Some(s) = &self.salt {
            fields.push(format!(
                "{{\"name\": \"salt\", \"offset\": 0, \"width\": {sw}, \"codec\": {{\"kind\": \"salt\"}}, \"display\": \"salt(mod = {})\", \"order\": \"unordered\", \"reverse\": false, \"mirror\": false, \"optional\": false, \"rust_type\": \"\"}}",
                s.buckets
            ));
        }
        let (mut offset, mut width) = (sw, None);
        for f in &self.fields {
            if f.omittable() && width.is_none() {
                width = Some(offset);
            }
            fields.push(f.json(offset));
            offset += f.width();
        }
        let salt = match &self.salt {
            None => "null".to_string(),
            Some(s) => format!(
                "{{\"buckets\": {}, \"format\": \"binary\", \"hash\": \"{}\", \"width\": {sw}, \"fields\": {:?}}}",
                s.buckets,
                if s.modulo { "modulo" } else { "xxh32" },
                s.fields
            ),
        };
        format!(
            "{{\n  \"format\": 1,\n  \"name\": \"{}\",\n  \"width\": {},\n  \"variable\": {},\n  \"max_width\": {},\n  \"salt\": {salt},\n  \"fields\": [\n    {}\n  ]\n}}\n",
            self.name,
            width.unwrap_or(offset),
            self.variable(),
            self.max_width,
            fields.join(",\n    ")
        )
    }
}

// ---- random keys --------------------------------------------------------------

fn name(i: usize) -> String {
    [
        "user", "day", "host", "kind", "file", "region", "ts", "seq", "code", "part",
    ][i % 10]
        .to_string()
        + &if i >= 10 {
            i.to_string()
        } else {
            String::new()
        }
}

fn codec(rng: &mut Rng, last: bool) -> Codec {
    let text = |rng: &mut Rng| (rng.chance(3), rng.chance(4));
    match rng.below(if last { 13 } else { 12 }) {
        0 | 1 => Codec::Int {
            bytes: rng.pick(&[1, 2, 4, 8]),
            signed: rng.chance(3),
        },
        2 => Codec::Narrow {
            bytes: rng.pick(&[2, 4]),
            ty: rng.pick(&["u32", "u64", "i64"]),
        },
        3 | 4 => Codec::Pad {
            digits: 1 + rng.below(10),
            ty: rng.pick(&["u16", "u32", "u64"]),
        },
        5 => {
            let (utf8, borrowed) = text(rng);
            Codec::Fixed {
                width: 1 + rng.below(6),
                utf8,
                borrowed,
            }
        }
        6 => Codec::Bool,
        7 => Codec::Bytes(1 + rng.below(4)),
        8 => Codec::Float(rng.pick(&[4, 8])),
        9 => {
            let (utf8, borrowed) = text(rng);
            Codec::Escaped { utf8, borrowed }
        }
        10 => Codec::Tag(vec![1 + rng.below(3) as u8]),
        11 => Codec::Java(rng.pick(&["short", "int", "long"])),
        _ => {
            let (utf8, borrowed) = text(rng);
            Codec::Rest { utf8, borrowed }
        }
    }
}

fn plain_field(name: String, codec: Codec) -> Field {
    Field {
        name,
        codec,
        reverse: false,
        mirror: false,
        optional: false,
        since: 0,
    }
}

/// Whether `#[reverse]`, `#[mirror]` and `Option` fit the field, as the derive allows them.
fn can_reverse(f: &Field) -> bool {
    !matches!(f.codec, Codec::Tag(_) | Codec::Java(_)) && !f.mirror
}

fn can_mirror(f: &Field) -> bool {
    matches!(
        f.codec,
        Codec::Int { .. } | Codec::Narrow { .. } | Codec::Pad { .. } | Codec::Bytes(_)
    ) && !f.optional
        && !f.reverse
}

fn can_be_optional(f: &Field) -> bool {
    matches!(
        f.codec,
        Codec::Int { .. } | Codec::Pad { .. } | Codec::Bool | Codec::Bytes(_) | Codec::Float(_)
    ) && !f.mirror
}

fn decorate(f: &mut Field, rng: &mut Rng) {
    if can_reverse(f) && rng.chance(6) {
        f.reverse = true;
    }
    if can_mirror(f) && rng.chance(8) {
        f.mirror = true;
    }
    if can_be_optional(f) && rng.chance(8) {
        f.optional = true;
    }
    // Borrowed text is not read descending: as the derive refuses it.
    if f.reverse {
        f.codec = owned(f.codec.clone());
    }
}

fn owned(c: Codec) -> Codec {
    match c {
        Codec::Fixed { width, utf8, .. } => Codec::Fixed {
            width,
            utf8,
            borrowed: false,
        },
        Codec::Escaped { utf8, .. } => Codec::Escaped {
            utf8,
            borrowed: false,
        },
        Codec::Rest { utf8, .. } => Codec::Rest {
            utf8,
            borrowed: false,
        },
        other => other,
    }
}

/// A random key of 1 to 5 fields, perhaps salted, perhaps with an added field.
pub fn key(rng: &mut Rng) -> Key {
    loop {
        let k = any_key(rng);
        if valid(&k) {
            return k;
        }
    }
}

fn any_key(rng: &mut Rng) -> Key {
    let n = 1 + rng.below(5);
    let mut fields = Vec::new();
    for i in 0..n {
        let mut f = plain_field(name(i), codec(rng, i + 1 == n));
        decorate(&mut f, rng);
        fields.push(f);
    }
    if !fields.iter().any(|f| !matches!(f.codec, Codec::Tag(_))) {
        fields.push(plain_field(
            name(n),
            Codec::Int {
                bytes: 4,
                signed: false,
            },
        ));
    }
    let mut k = Key {
        name: "Key".into(),
        salt: None,
        fields,
        max_width: 32767,
    };
    if rng.chance(5) {
        append_since(&mut k, rng, 2);
    }
    if rng.chance(4) {
        k.salt = random_salt(&k, rng);
    }
    if k.variable() && rng.chance(6) {
        k.max_width = 20 + rng.below(20);
    }
    if !valid(&k) {
        k.max_width = 32767;
    }
    k
}

fn unused_name(k: &Key, rng: &mut Rng) -> String {
    loop {
        let n = name(rng.below(30));
        if !k.fields.iter().any(|f| f.name == n) {
            return n;
        }
    }
}

/// Appends a `since` field, when the key's last field lets one follow.
fn append_since(k: &mut Key, rng: &mut Rng, version: u32) -> bool {
    if k.fields
        .last()
        .is_some_and(|f| matches!(f.codec, Codec::Rest { .. }))
    {
        return false;
    }
    let name = unused_name(k, rng);
    k.fields.push(Field {
        name,
        codec: Codec::Int {
            bytes: rng.pick(&[1, 2, 4]),
            signed: false,
        },
        reverse: false,
        mirror: false,
        optional: true,
        since: version,
    });
    true
}

/// Salts of fixed-width fields before any variable one.
fn saltable(k: &Key) -> Vec<String> {
    k.fields
        .iter()
        .take_while(|f| !f.codec.variable() && !f.omittable())
        .filter(|f| !matches!(f.codec, Codec::Tag(_)) && !f.optional)
        .map(|f| f.name.clone())
        .collect()
}

fn random_salt(k: &Key, rng: &mut Rng) -> Option<Salt> {
    let candidates = saltable(k);
    if candidates.is_empty() {
        return None;
    }
    let first = rng.below(candidates.len());
    let mut fields = vec![candidates[first].clone()];
    if first + 1 < candidates.len() && rng.chance(3) {
        fields.push(candidates[first + 1].clone());
    }
    // `modulo` takes one unsigned integer in its native or `be_uN` codec.
    let f = k.fields.iter().find(|f| f.name == fields[0]).unwrap();
    let unsigned = matches!(
        f.codec,
        Codec::Int { signed: false, .. }
            | Codec::Narrow {
                ty: "u32" | "u64",
                ..
            }
    ) && !f.mirror
        && !f.reverse;
    Some(Salt {
        buckets: rng.pick(&[4, 8, 16, 300]),
        modulo: unsigned && fields.len() == 1 && rng.chance(3),
        fields,
    })
}

// ---- changes ------------------------------------------------------------------

/// A changed key, and which old field is which new one: the truth the
/// verdict is checked against, made by the change itself.
pub struct Changed {
    pub old: Key,
    pub new: Key,
    /// (old name, new name) of every field both keys have.
    pub shared: Vec<(String, String)>,
    /// What was changed, for the failure message.
    pub what: String,
}

/// `key` through one realistic change (or none), the key's name perhaps too.
pub fn change(old: Key, rng: &mut Rng) -> Changed {
    let mut new = old.clone();
    let what = loop {
        if let Some(what) = mutate(&mut new, rng) {
            if valid(&new) {
                break what;
            }
        }
        new = old.clone();
    };
    if rng.chance(5) {
        new.name = "KeyV2".into();
    }
    let shared = truth(&old, &new, &what);
    Changed {
        old,
        new,
        shared,
        what,
    }
}

/// The old-to-new names: by name, but a rename names its two names.
fn truth(old: &Key, new: &Key, what: &str) -> Vec<(String, String)> {
    let renamed = what
        .strip_prefix("rename ")
        .and_then(|r| r.split_once(" -> "));
    old.fields
        .iter()
        .filter_map(|f| {
            let to = match renamed {
                Some((from, to)) if from == f.name => to.to_string(),
                _ => f.name.clone(),
            };
            new.fields
                .iter()
                .any(|g| g.name == to)
                .then(|| (f.name.clone(), to))
        })
        .collect()
}

/// What the derive allows: a rest field last, added fields last and
/// optional, a salt over fields that exist, at least one field with a value.
fn valid(k: &Key) -> bool {
    let n = k.fields.len();
    let rest_last = k
        .fields
        .iter()
        .enumerate()
        .all(|(i, f)| !matches!(f.codec, Codec::Rest { .. }) || i + 1 == n);
    let since_last = k
        .fields
        .windows(2)
        .all(|w| !w[0].omittable() || w[1].omittable());
    let since_optional = k.fields.iter().all(|f| !f.omittable() || f.optional);
    let salt_ok = k.salt.as_ref().is_none_or(|s| {
        let ok = saltable(k);
        s.fields.iter().all(|f| ok.contains(f))
    });
    let names_unique = k
        .fields
        .iter()
        .enumerate()
        .all(|(i, f)| k.fields[..i].iter().all(|g| g.name != f.name));
    let some_value = k.fields.iter().any(|f| !matches!(f.codec, Codec::Tag(_)));
    // Two tags of one key mark different things: they differ.
    let tags: Vec<&Codec> = k
        .fields
        .iter()
        .map(|f| &f.codec)
        .filter(|c| matches!(c, Codec::Tag(_)))
        .collect();
    let tags_differ = tags.iter().enumerate().all(|(i, t)| !tags[..i].contains(t));
    let width_ok = !k.variable()
        || k.salt_width() + k.fields.iter().map(Field::width).sum::<usize>() + 8 <= k.max_width;
    let fields_ok = k.fields.iter().all(|f| {
        (!f.optional || can_be_optional(f))
            && (!f.mirror || can_mirror(f))
            && (!f.reverse || can_reverse(f))
    });
    let modulo_ok = k.salt.as_ref().is_none_or(|s| {
        !s.modulo
            || (s.fields.len() == 1
                && k.fields.iter().any(|f| {
                    f.name == s.fields[0]
                        && !f.mirror
                        && !f.reverse
                        && matches!(
                            f.codec,
                            Codec::Int { signed: false, .. }
                                | Codec::Narrow {
                                    ty: "u32" | "u64",
                                    ..
                                }
                        )
                }))
    });
    rest_last
        && since_last
        && since_optional
        && salt_ok
        && names_unique
        && some_value
        && width_ok
        && fields_ok
        && modulo_ok
        && tags_differ
}

/// One change; `None` when it does not apply to this key.
fn mutate(k: &mut Key, rng: &mut Rng) -> Option<String> {
    let n = k.fields.len();
    let i = rng.below(n);
    let can_optional =
        (can_be_optional(&k.fields[i]) || k.fields[i].optional) && !k.fields[i].omittable();
    let variable = k.variable();
    let f = &mut k.fields[i];
    // The rarer kinds of change get a second chance to be drawn.
    let kind = match rng.below(25) {
        19 => 8,
        20 => 12,
        21 => 15,
        22 => 14,
        23 => 12,
        24 => 8,
        k => k,
    };
    Some(match kind {
        0 => "nothing".into(),
        1 => {
            let from = f.name.clone();
            let to = format!("{from}_id");
            f.name = to.clone();
            if let Some(s) = &mut k.salt {
                s.fields
                    .iter_mut()
                    .filter(|x| **x == from)
                    .for_each(|x| *x = to.clone());
            }
            format!("rename {from} -> {to}")
        }
        2 => {
            f.codec = match f.codec.clone() {
                Codec::Pad { digits, .. } => Codec::Pad {
                    digits,
                    ty: rng.pick(&["u16", "u32", "u64"]),
                },
                Codec::Narrow { bytes, ty } => Codec::Narrow {
                    bytes,
                    ty: if ty == "u32" { "u64" } else { "u32" },
                },
                Codec::Fixed {
                    width,
                    utf8,
                    borrowed,
                } => Codec::Fixed {
                    width,
                    utf8: if rng.chance(2) { !utf8 } else { utf8 },
                    borrowed: if f.reverse { false } else { !borrowed },
                },
                Codec::Escaped { utf8, borrowed } => Codec::Escaped {
                    utf8: if rng.chance(2) { !utf8 } else { utf8 },
                    borrowed: if f.reverse { false } else { !borrowed },
                },
                Codec::Rest { utf8, borrowed } => Codec::Rest {
                    utf8: if rng.chance(2) { !utf8 } else { utf8 },
                    borrowed: if f.reverse { false } else { !borrowed },
                },
                _ => return None,
            };
            format!("type of {}", f.name)
        }
        3 => {
            f.codec = match f.codec.clone() {
                Codec::Pad { ty, .. } => Codec::Pad {
                    digits: 1 + rng.below(if ty == "u16" { 5 } else { 10 }),
                    ty,
                },
                Codec::Narrow { ty, .. } => Codec::Narrow {
                    bytes: rng.pick(&[2, 4]),
                    ty,
                },
                Codec::Int { signed, .. } => Codec::Int {
                    bytes: rng.pick(&[1, 2, 4, 8]),
                    signed,
                },
                Codec::Fixed { utf8, borrowed, .. } => Codec::Fixed {
                    width: 1 + rng.below(8),
                    utf8,
                    borrowed,
                },
                Codec::Bytes(_) => Codec::Bytes(1 + rng.below(5)),
                Codec::Float(b) => Codec::Float(12 - b),
                _ => return None,
            };
            format!("width of {}", f.name)
        }
        4 => {
            let last = i + 1 == n;
            let mut c = codec(rng, last);
            if c == f.codec || matches!(c, Codec::Tag(_)) {
                return None;
            }
            if f.reverse {
                c = owned(c);
            }
            f.codec = c;
            f.mirror &= can_mirror(f);
            f.optional &= can_be_optional(f) || f.omittable();
            format!("codec of {}", f.name)
        }
        5 if can_reverse(f) || f.reverse => {
            f.reverse = !f.reverse;
            f.codec = owned(f.codec.clone());
            format!("order of {}", f.name)
        }
        6 if can_mirror(f) || f.mirror => {
            f.mirror = !f.mirror;
            format!("mirror of {}", f.name)
        }
        7 if can_optional => {
            f.optional = !f.optional;
            format!("optional {}", f.name)
        }
        8 => match &mut f.codec {
            Codec::Tag(t) => {
                t[0] = t[0] % 3 + 1;
                format!("tag of {}", f.name)
            }
            _ => return None,
        },
        9 => {
            let at = rng.below(n + 1);
            let name = unused_name(k, rng);
            let mut g = plain_field(name.clone(), codec(rng, at == n));
            decorate(&mut g, rng);
            k.fields.insert(at, g);
            format!("insert {name} at {at}")
        }
        10 if n > 1 => {
            let gone = k.fields.remove(i);
            if let Some(s) = &k.salt {
                if s.fields.contains(&gone.name) {
                    return None;
                }
            }
            format!("remove {}", gone.name)
        }
        11 if n > 1 => {
            let j = (i + 1 + rng.below(n - 1)) % n;
            k.fields.swap(i, j);
            format!("swap {i} and {j}")
        }
        12 => {
            k.salt = match k.salt.take() {
                None => random_salt(k, rng),
                Some(mut s) => {
                    match rng.below(5) {
                        0 => return Some("remove salt".into()),
                        1 => s.buckets = rng.pick(&[4, 8, 16, 300]),
                        2 => s.modulo = !s.modulo,
                        _ => {
                            let other = random_salt(k, rng)?;
                            if other.fields == s.fields {
                                return None;
                            }
                            s.fields = other.fields;
                            s.modulo &= s.fields.len() == 1;
                        }
                    }
                    Some(s)
                }
            };
            "salt".into()
        }
        13 if variable => {
            k.max_width = rng.pick(&[16, 24, 40, 32767]);
            "max_width".into()
        }
        14 => {
            let version = k.fields.iter().map(|f| f.since).max().unwrap_or(0) + 1;
            if !append_since(k, rng, version.max(2)) {
                return None;
            }
            "append since".into()
        }
        15 if f.omittable() => {
            f.since += 1;
            format!("since of {}", f.name)
        }
        16 if i + 1 == n && !f.omittable() => {
            let name = unused_name(k, rng);
            let mut g = plain_field(name.clone(), codec(rng, true));
            decorate(&mut g, rng);
            k.fields.push(g);
            format!("append {name}")
        }
        17 if n > 1 && !k.fields[n - 1].omittable() => {
            let gone = k.fields.pop().unwrap();
            if k.salt
                .as_ref()
                .is_some_and(|s| s.fields.contains(&gone.name))
            {
                return None;
            }
            format!("drop {}", gone.name)
        }
        18 => {
            let j = rng.below(n);
            match (&k.fields[j].codec, k.fields[j].reverse) {
                (Codec::Fixed { .. }, _) => {}
                _ => return None,
            }
            let Codec::Fixed { width, .. } = &mut k.fields[j].codec else {
                return None;
            };
            *width = 1 + rng.below(8);
            format!("fixed width of {}", k.fields[j].name)
        }
        _ => return None,
    })
}

// ---- values -----------------------------------------------------------------------

/// A random value of a field, as text `dynamic::encode` reads; `None` for a tag.
pub fn value(f: &Field, rng: &mut Rng) -> Option<String> {
    if matches!(f.codec, Codec::Tag(_)) {
        return None;
    }
    if (f.optional || f.omittable()) && rng.chance(3) {
        return Some("None".into());
    }
    let small = rng.chance(2);
    let mut int = |lo: i128, hi: u128| -> String {
        let r = ((rng.next() as u128) << 64) | rng.next() as u128;
        let r = if small { r % 300 } else { r };
        if lo < 0 {
            let span = (hi as i128).abs_diff(lo);
            (lo + (r % (span + 1)) as i128).to_string()
        } else {
            let span = hi - lo as u128;
            let off = if span == u128::MAX { r } else { r % (span + 1) };
            (lo as u128 + off).to_string()
        }
    };
    Some(match &f.codec {
        Codec::Int {
            bytes,
            signed: false,
        } => int(0, u128::MAX >> (128 - 8 * *bytes as u32)),
        Codec::Int {
            bytes,
            signed: true,
        } => {
            let bits = 8 * *bytes as u32;
            int(-(1i128 << (bits - 1)), (1u128 << (bits - 1)) - 1)
        }
        Codec::Narrow { bytes, ty } => {
            let top = u128::MAX >> (128 - 8 * *bytes as u32);
            int(0, top.min(type_max(ty)))
        }
        Codec::Pad { digits, ty } => int(0, (10u128.pow(*digits as u32) - 1).min(type_max(ty))),
        Codec::Java(t) => {
            let bits = match *t {
                "short" => 16,
                "int" => 32,
                _ => 64,
            };
            int(-(1i128 << (bits - 1)), (1u128 << (bits - 1)) - 1)
        }
        Codec::Bool => rng.chance(2).to_string(),
        Codec::Bytes(n) => hex(&(0..*n).map(|_| rng.next() as u8).collect::<Vec<_>>()),
        Codec::Float(4) => format!("0x{:08x}", rng.next() as u32),
        Codec::Float(_) => format!("0x{:016x}", rng.next()),
        Codec::Fixed { width, utf8, .. } => text(*utf8, *width, rng),
        Codec::Escaped { utf8, .. } | Codec::Rest { utf8, .. } => text(*utf8, 6, rng),
        Codec::Tag(_) => unreachable!(),
    })
}

fn type_max(ty: &str) -> u128 {
    match ty {
        "u16" => u16::MAX as u128,
        "u32" => u32::MAX as u128,
        "i64" => i64::MAX as u128,
        _ => u64::MAX as u128,
    }
}

fn text(utf8: bool, max: usize, rng: &mut Rng) -> String {
    let len = rng.below(max + 1);
    let alphabet: &[u8] = if utf8 { b"ab\0z" } else { b"ab\0\x01\xfe\xff" };
    let raw: Vec<u8> = (0..len).map(|_| rng.pick(alphabet)).collect();
    match (utf8, std::str::from_utf8(&raw)) {
        (true, Ok(s)) => s.to_string(),
        _ => hex(&raw),
    }
}

pub fn hex(b: &[u8]) -> String {
    let mut s = String::from("0x");
    for x in b {
        let _ = write!(s, "{x:02x}");
    }
    s
}
