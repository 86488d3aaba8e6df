//! Attribute names and keys, in one place so parse and check agree.

pub const ROWKEY: &str = "rowkey";
pub const PAD: &str = "pad";
pub const BE_U16: &str = "be_u16";
pub const BE_U32: &str = "be_u32";
pub const BE_U64: &str = "be_u64";
pub const FIXED: &str = "fixed";
pub const REVERSE: &str = "reverse";
pub const AT: &str = "at";
pub const SALT: &str = "salt";
pub const TAG: &str = "tag";
pub const ESCAPED: &str = "escaped";
pub const MIRROR: &str = "mirror";
pub const JAVA: &str = "java";
pub const ORDERED: &str = "ordered";
/// `#[phoenix(char(3))]` on a field of a `#[rowkey(phoenix)]` key.
pub const PHOENIX: &str = "phoenix";
/// `char(N)` in `#[phoenix(..)]`.
pub const PHOENIX_CHAR: &str = "char";
/// The attributes that go on a field, not on the struct.
pub const FIELD_ATTRS: &[&str] = &[
    PAD, BE_U16, BE_U32, BE_U64, FIXED, REVERSE, AT, SALT, TAG, ESCAPED, MIRROR, JAVA, ORDERED,
    PHOENIX,
];

/// Keys of `#[rowkey(...)]` on the struct.
pub const KEY_WIDTH: &str = "width";
pub const KEY_MAX_WIDTH: &str = "max_width";
pub const KEY_CRATE: &str = "crate";
pub const KEY_SALT: &str = "salt";
pub const KEY_VIEW: &str = "view";
pub const KEY_HBASE_STRUCT: &str = "hbase_struct";
/// `#[rowkey(select)]`: the typed skip-scan builder, `select()`.
pub const KEY_SELECT: &str = "select";
/// `#[rowkey(phoenix)]`: an Apache Phoenix primary key.
pub const KEY_PHOENIX: &str = "phoenix";
pub const STRUCT_KEYS: &[&str] = &[
    KEY_WIDTH,
    KEY_MAX_WIDTH,
    KEY_CRATE,
    KEY_SALT,
    KEY_VIEW,
    KEY_HBASE_STRUCT,
    KEY_PHOENIX,
    KEY_SELECT,
];

/// Keys of `#[rowkey(...)]` on a field.
pub const KEY_SINCE: &str = "since";

/// Keys of `#[salt(...)]` on a field.
pub const SALT_MOD: &str = "mod";
pub const SALT_PAD: &str = "pad";
pub const SALT_HASH: &str = "hash";
pub const FIELD_SALT_KEYS: &[&str] = &[SALT_MOD, SALT_PAD, SALT_HASH];
/// `hash = modulo`: the salted integer's value mod N.
pub const HASH_MODULO: &str = "modulo";

/// Keys of `#[rowkey(salt(...))]` on the struct.
pub const SALT_BUCKETS: &str = "buckets";
pub const SALT_PHOENIX: &str = "phoenix";
pub const STRUCT_SALT_KEYS: &[&str] = &[SALT_BUCKETS, SALT_PHOENIX];

/// The closest known key to a misspelt one, if any is close.
pub fn suggest(unknown: &str, known: &[&'static str]) -> Option<&'static str> {
    known
        .iter()
        .map(|k| (strsim::damerau_levenshtein(unknown, k), *k))
        .filter(|(d, k)| *d <= 2 && *d < k.len())
        .min()
        .map(|(_, k)| k)
}

/// A field's name without `r#`, as messages and helper names spell it.
pub fn unraw(ident: &proc_macro2::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}
