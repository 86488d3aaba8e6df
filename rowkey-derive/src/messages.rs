//! Every message the derive shows, in one place: each says what is wrong and
//! what to write instead. The stages pick a message and a span; the wording
//! lives here.

use crate::symbol::suggest;

// ---- attribute syntax -------------------------------------------------------

pub fn duplicate_attr(name: &str) -> String {
    format!("duplicate `#[{name}]` on this field; remove one")
}

pub fn first_attr(name: &str) -> String {
    format!("the first `#[{name}]` is here")
}

pub fn duplicate_key(name: &str) -> String {
    format!("duplicate key `{name}`; remove one")
}

pub fn first_key(name: &str) -> String {
    format!("the first `{name}` is here")
}

pub fn not_int_literal(what: &str, example: &str) -> String {
    format!("{what} must be an integer literal, as in `{example}`")
}

pub fn negative(what: &str, example: &str) -> String {
    format!("{what} cannot be negative: `{example}`")
}

pub fn too_large(what: &str, digits: &str) -> String {
    format!("{what} {digits} is too large")
}

pub fn needs_arg(name: &str, what: &str, example: &str) -> String {
    format!("`#[{name}(..)]` needs {what}: `{example}`")
}

pub fn needs_arg_bare(name: &str, what: &str, example: &str) -> String {
    format!("`#[{name}]` needs {what}: `{example}`")
}

pub fn one_number(name: &str, what: &str, example: &str) -> String {
    format!("`#[{name}(..)]` takes one number, {what}: `{example}`")
}

pub fn in_parentheses(what: &str, example: &str) -> String {
    format!("write {what} in parentheses: `{example}`")
}

pub fn no_args(name: &str) -> String {
    format!("`#[{name}]` takes no arguments; write `#[{name}]`")
}

pub fn key_needs_value(what: &str, example: &str) -> String {
    format!("{what} needs a value: `{example}`")
}

pub fn key_takes_number(what: &str, example: &str) -> String {
    format!("{what} takes a number: `{example}`")
}

/// "unknown key `x`", with "; did you mean `y`?" and the list of keys.
pub fn unknown_key(what: &str, unknown: &str, known: &[&'static str]) -> String {
    let list = known
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match suggest(unknown, known) {
        Some(s) => {
            format!("unknown key `{unknown}` in `{what}`; did you mean `{s}`? The keys are {list}")
        }
        None => format!("unknown key `{unknown}` in `{what}`; the keys are {list}"),
    }
}

pub fn field_attr_on_struct(name: &str, is_salt: bool) -> String {
    let fix = if is_salt {
        "; to salt the whole key as Apache Phoenix does, write `#[rowkey(salt(buckets = N, phoenix))]`"
    } else {
        ""
    };
    format!("`#[{name}]` goes on a field, not on the struct{fix}")
}

pub const ROWKEY_NEEDS_KEYS: &str = "`#[rowkey]` needs keys: `#[rowkey(width = 20)]`, `max_width = N`, `crate = \"path\"`, `salt(buckets = N, phoenix)`, `hbase_struct`";
pub const CRATE_PATH: &str = "`crate` takes the path to rowkey as a string: `crate = \"::rowkey\"`";
pub const VIEW_NAME: &str =
    "`view` takes the view type's name, if any: `#[rowkey(view)]` or `#[rowkey(view = FileKeyView)]`";
pub fn view_variable(variable: &str) -> String {
    format!("`view` reads each field at a fixed offset, but `{variable}` has a variable length. Remove `view`, or give `{variable}` a fixed width with `#[fixed(N)]`")
}
pub const VIEW_LIFETIMES: &str = "`view` covers keys without lifetimes: the view holds the bytes of owned fields only. Remove `view`, or use owned field types";
pub const ROWKEY_ON_FIELD: &str = "`#[rowkey(..)]` goes on the struct (on a field it takes only `since = N`); on a field, write the codec directly: `#[pad(6)]`, `#[be_u32]`, `#[fixed(8)]`, `#[reverse]`, `#[at(N)]`, `#[salt(mod = N)]`";

pub const PHOENIX_EXAMPLE: &str = "#[rowkey(salt(buckets = 16, phoenix))]";
pub fn phoenix_needs_buckets() -> String {
    format!("`salt` needs its buckets: `{PHOENIX_EXAMPLE}`")
}
pub const PHOENIX_FLAG: &str = "`phoenix` is a flag: write `salt(buckets = 16, phoenix)`";
pub fn phoenix_needs_count() -> String {
    format!("`salt(..)` needs the bucket count: `{PHOENIX_EXAMPLE}`")
}
pub const STRUCT_SALT_NOT_PHOENIX: &str = "`#[rowkey(salt(..))]` on the struct is Apache Phoenix's salt: write `salt(buckets = N, phoenix)`, or put `#[salt(mod = N)]` on the fields to hash";
pub const SALT_IN_PARENTHESES: &str = "write the salt's keys in parentheses: `#[salt(mod = 16)]`";

pub const TAG_SYNTAX: &str = "`#[tag(..)]` takes the constant bytes: a byte, `#[tag(2)]`, or a byte string, `#[tag(b\"ix\")]`";
pub fn tag_not_literal() -> String {
    format!("{TAG_SYNTAX}. The derive reads the bytes from the attribute, so write them as a literal, not a name or an expression")
}
pub const TAG_ONE_LITERAL: &str = "`#[tag(..)]` takes one literal; for several bytes write one byte string, `#[tag(b\"ix\")]` or `#[tag(b\"\\x01\\x02\")]`";
pub fn tag_too_large(digits: &str) -> String {
    format!("`#[tag({digits})]` does not fit in a byte: an integer tag is one byte, 0..=255. For more bytes write a byte string, `#[tag(b\"ix\")]`")
}
pub fn tag_neither(lit: &str) -> String {
    format!("{TAG_SYNTAX}; `{lit}` is neither")
}
pub const TAG_EMPTY: &str = "an empty tag writes nothing and tells no record types apart: give it at least one byte, `#[tag(b\"ix\")]`, or remove the field";

// ---- the item's shape -------------------------------------------------------

pub const NO_FIELDS: &str = "a row key needs at least one field: write the fields it is made of, `struct Key { user_id: u32 }`";
pub const TUPLE_STRUCT: &str = "`#[derive(RowKey)]` needs named fields: the scan helpers are named after them (`prefix_for_user_id`). Write `struct Key { user_id: u32, .. }`";
pub const UNION: &str =
    "`#[derive(RowKey)]` works on structs, not unions: a key must know which field it holds";
pub const EMPTY_ENUM: &str = "an enum of key types needs at least one variant: `enum Row { Customer(CustomerKey), Order(OrderKey) }`";

/// What the enum is for, said once per message so each stands alone.
const ENUM_FORM: &str = "`#[derive(RowKey)]` on an enum decodes a mixed scan into the record type whose key matches: every variant wraps one key type, as in `enum Row { Customer(CustomerKey), Order(OrderKey) }`, and a `#[tag(..)]` field in each key tells them apart";

pub fn unit_variant(name: &str) -> String {
    format!("`{name}` holds no key. {ENUM_FORM}. Write `{name}({name}Key)` with a `#[derive(RowKey)] struct {name}Key`")
}
pub fn named_variant(name: &str) -> String {
    format!("`#[derive(RowKey)]` on an enum needs every variant to wrap one key type, as in `{name}({name}Key)`: it decodes a mixed scan into the variant whose key matches. Move this variant's fields into a `#[derive(RowKey)] struct {name}Key` and write `{name}({name}Key)`")
}
pub fn tuple_variant(name: &str, count: usize) -> String {
    format!("`{name}` wraps {count} types; a variant wraps exactly one key type. {ENUM_FORM}. Put the parts in one `#[derive(RowKey)] struct {name}Key` and write `{name}({name}Key)`")
}
pub fn discriminant(name: &str, value: &str) -> String {
    format!("a discriminant is not written in the key, so it cannot tell the record types apart. Remove `= {value}`, and give `{name}`'s key type a `#[tag(..)]` field instead")
}
pub fn type_parameter(name: &str) -> String {
    format!("a row key cannot be generic over `{name}`: its layout must be known at compile time. Use a concrete type")
}
pub fn const_parameter(name: &str) -> String {
    format!("a row key cannot be generic over `{name}`: its width must be known at compile time. Use a literal")
}

// ---- one field's type and codec ---------------------------------------------

pub fn platform_width(name: &str) -> String {
    format!(
        "`{name}` has a different width on different machines, so its keys would too. Use `{}64` (or a narrower fixed-width integer)",
        &name[..1]
    )
}
pub const CHAR: &str = "rowkey has no codec for `char`: store it as a `u32` (`c as u32`, which keeps the order), or as a `#[fixed(4)]` `String`";

/// Why a type has no codec, said after the general rule.
pub enum NoCodecHint {
    ArrayLength,
    OtherArray,
    Tuple,
    MutRef(String),
    None,
}

pub fn no_codec(ty: &str, hint: NoCodecHint) -> String {
    let hint = match hint {
        NoCodecHint::ArrayLength => " An array's length must be an integer literal (`[u8; 16]`), so the derive can count its bytes.".to_string(),
        NoCodecHint::OtherArray => " Of arrays, only bytes `[u8; N]` are a codec; list other values as fields.".to_string(),
        NoCodecHint::Tuple => " Write each part of the tuple as its own field.".to_string(),
        NoCodecHint::MutRef(inner) => format!(" A key does not hold `&mut`; use `{inner}`."),
        NoCodecHint::None => String::new(),
    };
    format!(
        "rowkey cannot encode `{ty}`: a key field is an integer, a float, `bool`, `[u8; N]`, a string or bytes with `#[fixed(N)]` or `#[escaped]`, an `Option` of these, or a type that implements `RowKey`.{hint}"
    )
}

pub fn tag_needs_unit(name: &str) -> String {
    format!(
        "`#[tag(..)]` marks a constant segment; give `{name}` the type `()` (it holds no value)"
    )
}
pub fn tag_with(name: &str, attr: &str) -> String {
    format!("`{name}` is a constant `#[tag]`, the same bytes in every key, so {attr} has nothing to apply to. Remove {attr}")
}
pub fn mirror_with_reverse(name: &str) -> String {
    format!("`#[mirror]` and `#[reverse]` on `{name}`: a mirrored field is not ordered, so descending means nothing; keep one")
}
pub fn unit_without_tag(name: &str) -> String {
    format!("`{name}: ()` holds nothing; to write a constant record type here, add `#[tag(1)]` (or `#[tag(b\"..\")]`)")
}
pub fn escaped_in_option(ty: &str) -> String {
    format!("`#[escaped]` cannot apply inside an `Option`: `{ty}` is a presence byte, then a value of fixed width, and escaped values vary in length. Write `#[fixed(N)]` to store the value in N bytes, or drop the `Option`")
}
pub fn option_of_option(ty: &str, value: &str) -> String {
    format!("`{ty}` nests an `Option` in an `Option`, which rowkey cannot encode: a key field has one presence byte. Use `Option<{value}>`, or add a `bool` field for the outer level")
}
pub fn option_text_without_fixed(ty: &str) -> String {
    format!("`{ty}` needs a fixed width: `None` and `Some` take the same bytes, a presence byte and then the value. Add `#[fixed(N)]` to store the value in N bytes, zero padded")
}
pub fn option_of_unit(ty: &str, name: &str) -> String {
    format!("`{ty}` holds nothing to encode. For a constant segment write `#[tag(1)] {name}: ()`; for a yes/no flag use `bool`")
}
pub fn escaped_not_text(ty: &str) -> String {
    format!("`#[escaped]` stores a string or bytes (`String`, `&str`, `Vec<u8>`, `&[u8]`, `Cow`) of any length; `{ty}` is not one and has its own codec. Remove `#[escaped]`")
}
pub fn escaped_with(name: &str, attr: &str) -> String {
    format!("`#[escaped]` and {attr} are two codecs for `{name}`: `#[escaped]` stores any length, {attr} exactly that many bytes. Keep one")
}
pub fn mirror_on_escaped(name: &str) -> String {
    format!("`#[mirror]` reverses the bytes of a fixed-width field, but `{name}` is `#[escaped]`, of any length. Remove `#[mirror]`, or store the value in N bytes with `#[fixed(N)]` instead of `#[escaped]`")
}
pub fn reverse_escaped_borrowed(ty: &str, owned: &str) -> String {
    format!(
        "`#[reverse]` inverts the bytes, so `{ty}` could not borrow them on decode. Use {owned}"
    )
}
pub fn text_not_last(name: &str, ty: &str) -> String {
    format!("`{name}: {ty}` has no fixed width, so the fields after it could not be found. Add `#[fixed(N)]` to store it in N bytes, zero padded, or `#[escaped]` to store any length")
}
pub fn reverse_on_trailing(name: &str, borrowed_owned: Option<&str>) -> String {
    let also = match borrowed_owned {
        Some(owned) => format!(", and use {owned} (inverted bytes cannot be borrowed)"),
        None => String::new(),
    };
    format!("`#[reverse]` on the trailing `{name}` would not sort descending (a shorter value still sorts first); add `#[escaped]`, which ends each value{also}")
}
pub fn mirror_on_trailing(name: &str, borrowed_owned: Option<&str>) -> String {
    let store = match borrowed_owned {
        Some(owned) => format!("store it as {owned} with `#[fixed(N)]`"),
        None => "store it in N bytes with `#[fixed(N)]`".to_string(),
    };
    format!("`#[mirror]` reverses the bytes of a fixed-width field, but `{name}` is the rest of the key, of any length. Remove `#[mirror]`, or {store}")
}
pub fn two_codecs(name: &str, first: &str, other: &str) -> String {
    format!("two codecs on `{name}`: {first} and {other}; a field has one codec. Keep one")
}
pub const PAD_ZERO: &str = "`pad(0)` writes no digits; use at least `pad(1)`";
pub fn pad_too_wide(n: usize, ty: &str, max: usize) -> String {
    format!("`pad({n})` is wider than any `{ty}` needs: its largest value has {max} digits. Use `pad({max})`")
}
pub fn pad_signed(n: usize, ty: &str) -> String {
    format!("`#[pad({n})]` needs an unsigned integer; `{ty}` can be negative. Use the default big-endian codec, which orders negatives first, or an unsigned type")
}
pub fn pad_not_int(n: usize, ty: &str) -> String {
    format!(
        "`#[pad({n})]` writes an unsigned integer as digits; `{ty}` is not one. Use `u8`..`u128`"
    )
}
pub fn narrow_not_int(to: &str, width: usize, ty: &str, text: bool) -> String {
    let fix = if text {
        "Remove it, or use `#[fixed(N)]` for strings and bytes"
    } else {
        "Remove it"
    };
    format!("`#[be_{to}]` stores an integer in {width} big-endian bytes; `{ty}` is not an integer. {fix}")
}
pub fn java_unsigned(ty: &str, width: usize) -> String {
    let signed = match width {
        1 | 2 => "i16",
        4 => "i32",
        _ => "i64",
    };
    format!("`#[java]` writes Java's `Bytes.toBytes`, and Java has no unsigned types, so `{ty}` has no Java form; use `{signed}` (or drop `#[java]` for rowkey's own order-preserving bytes)")
}
pub fn java_not_primitive(ty: &str) -> String {
    format!("`#[java]` writes Java's `Bytes.toBytes` of a `short`, `int`, `long`, `float`, `double` or `boolean`: `i16`, `i32`, `i64`, `f32`, `f64` or `bool`, not `{ty}`; a Java `String` is raw UTF-8, which a last `String` or `&str` field without attribute already writes")
}
pub fn ordered_not_number(ty: &str) -> String {
    format!("`#[ordered]` writes HBase's `OrderedBytes` types: numbers (`OrderedInt8`..`OrderedInt64`, `OrderedFloat32`, `OrderedFloat64`: `i8`, `i16`, `i32`, `i64`, `f32`, `f64`), strings (`OrderedString`: `String`, `&str`, `Cow<str>`) and bytes (`OrderedBlobVar`: `Vec<u8>`, `&[u8]`, `Cow<[u8]>`), or an `Option` of one; not `{ty}`: HBase has no unsigned, 128-bit or boolean ordered type")
}
/// `#[ordered]`'s forms (each a word and what it writes) said in one line.
pub fn ordered_forms<F>(forms: &[(&str, F, &str)]) -> String {
    let words: Vec<String> = forms.iter().map(|(w, ..)| format!("`{w}`")).collect();
    let uses: Vec<String> = forms
        .iter()
        .map(|(w, _, what)| format!("`#[ordered({w})]` for {what}"))
        .collect();
    format!(
        "`#[ordered]` takes no argument but {}: `#[ordered]`, or {}",
        words.join(" or "),
        uses.join(", or ")
    )
}
pub const SELECT_FLAG: &str = "`select` is a flag and takes no value: `#[rowkey(select)]`";
pub const HBASE_STRUCT_FLAG: &str =
    "`hbase_struct` is a flag and takes no value: `#[rowkey(hbase_struct)]`";
pub fn ordered_copy_not_bytes(ty: &str) -> String {
    format!("`#[ordered(copy)]` writes HBase's `BlobCopy` (`OrderedBlob`) of bytes: `Vec<u8>`, `&[u8]` or `Cow<[u8]>`, not `{ty}`; a string is `#[ordered]` (`OrderedString`)")
}
pub fn ordered_copy_not_last(name: &str) -> String {
    format!("`#[ordered(copy)]` writes HBase's `BlobCopy`, which runs to the end of the key with no terminator, so only the last field can be one, and `{name}` is not last. Use `#[ordered]` (`BlobVar`, self-terminating) here, or move `{name}` to the end")
}
pub fn blob_var_borrowed(ty: &str) -> String {
    format!("`#[ordered]` writes bytes as HBase's `BlobVar`, in 7-bit groups, so `{ty}` could not borrow them on decode. Use `Vec<u8>` or `Cow<[u8]>`, or `#[ordered(copy)]` (`BlobCopy`, the bytes as they are) on the last field")
}
pub const MIRROR_ORDERED: &str =
    "an `#[ordered]` string, bytes or `Option` has no fixed width to turn around";
pub fn hbase_struct_not_ordered(name: &str) -> String {
    format!("`#[rowkey(hbase_struct)]` makes the key HBase's `Struct` of `OrderedBytes` fields, and `{name}` is not one; mark it `#[ordered]` (with the type HBase's `Ordered*` field has), or remove `hbase_struct`")
}
pub const JAVA_REVERSE: &str = "`#[reverse]` cannot apply to `#[java]`: Java's `Bytes.toBytes` has no descending form, and its bytes do not sort negative numbers first anyway; remove one of them";
pub const FIXED_ZERO: &str =
    "`fixed(0)` holds nothing; give the field's width in bytes, `fixed(16)`";
pub fn fixed_not_text(n: usize, ty: &str, unsigned: bool) -> String {
    let pad = if unsigned {
        format!(", or write `#[pad({n})]` for {n} ASCII digits")
    } else {
        String::new()
    };
    format!("`#[fixed({n})]` is for strings and bytes (`String`, `Vec<u8>`, `&str`, `&[u8]`, `Cow`); `{ty}` has its own codec. Remove the attribute{pad}")
}
pub fn text_without_fixed(name: &str, ty: &str) -> String {
    format!("`{name}: {ty}` has no fixed width, so the fields after it could not be found. Add `#[fixed(N)]` to store it in N bytes, zero padded")
}
pub fn reverse_borrowed(ty: &str, owned_one: &str) -> String {
    format!("`#[reverse]` cannot apply to the borrowed `{ty}`: its bytes are inverted in the key, so decode cannot borrow them. Use `{owned_one}`")
}
pub fn reverse_on_hash(ty: &str) -> String {
    format!("`#[reverse]` cannot apply to `{ty}`: a hash keeps no order, so descending means nothing. Remove it")
}
pub fn reverse_on_nested(ty: &str) -> String {
    format!("`#[reverse]` cannot apply to the nested key `{ty}`, which is embedded with its own layout. Remove it, and put `#[reverse]` on the fields inside `{ty}` instead")
}
pub fn mirror_borrowed(owned: &str) -> String {
    format!("its bytes are stored back to front, so decode cannot borrow them. Use {owned}")
}
pub const MIRROR_HASH: &str =
    "a hash already spreads consecutive values across the key space. Remove it";
pub fn mirror_nested(ty: &str) -> String {
    format!("a nested key is embedded with its own layout. Remove it, and put `#[mirror]` on a field inside `{ty}` instead")
}
pub fn mirror_cannot(ty: &str, why: &str) -> String {
    format!("`#[mirror]` cannot apply to `{ty}`: {why}")
}

/// The owned types a borrowed string or bytes field can use instead.
pub fn owned(is_str: bool) -> &'static str {
    if is_str {
        "`String` or `Cow<str>`"
    } else {
        "`Vec<u8>` or `Cow<[u8]>`"
    }
}

// ---- widths and layout ------------------------------------------------------

/// The width limit, as messages name it.
pub fn limit(declared: bool, max: usize) -> String {
    if declared {
        format!("`max_width = {max}`")
    } else {
        format!("max_width {max}, HBase's row-key limit")
    }
}

/// How to allow a wider key.
pub fn raise(declared: bool) -> &'static str {
    if declared {
        "raise `max_width`"
    } else {
        "set `#[rowkey(max_width = N)]` if your store takes longer keys"
    }
}

pub fn field_over_max(name: &str, w: usize, limit: &str, raise: &str) -> String {
    format!("`{name}` alone takes {w} bytes, above {limit}. Make it narrower, or {raise}")
}
pub fn key_over_max(w: usize, limit: &str, layout: &str, raise: &str) -> String {
    format!("the key is {w} bytes, above {limit}: {layout}. Make the fields narrower, or {raise}")
}
pub const MAX_WIDTH_ZERO: &str =
    "`max_width = 0` admits no key; give the store's row-key limit, `max_width = 4096`";
pub fn max_width_too_large(n: usize, max: usize) -> String {
    format!("`max_width = {n}` is beyond any store's row-key limit; a key is a stack array, at most {max} bytes here")
}
pub fn salted_variable(name: &str) -> String {
    format!("`{name}` has a variable length, so the bucket could not hash a fixed place in the key. Salt a fixed-width field instead")
}
pub fn salted_after_variable(name: &str, variable: &str) -> String {
    format!("the salted field `{name}` comes after the variable-length `{variable}`, so its bytes have no fixed place in the key for the salt to hash. Move `{name}` before `{variable}`, or remove this `#[salt]`")
}
pub fn at_after_variable(name: &str, variable: &str, at: usize) -> String {
    format!("`{name}` comes after the variable-length `{variable}`, so it has no fixed offset to assert. Remove `#[at({at})]`, or move `{name}` before `{variable}`")
}
pub fn at_mismatch(name: &str, offset: usize, at: usize, layout: &str) -> String {
    format!("`{name}` starts at byte {offset}, not {at}; the layout is {layout}. Move the field back, or write `#[at({offset})]`")
}
pub fn width_mismatch(declared: usize, w: usize, layout: &str) -> String {
    format!("declared `width = {declared}`, but the fields add up to {w} bytes: {layout}. Write `width = {w}`, or change the fields")
}
pub fn since_not_option(name: &str, ty: &str) -> String {
    format!("`since` marks a field added to stored keys, which old keys do not have, so it must be optional: `{name}` is `{ty}`. Make it `Option<{ty}>` (old keys decode as `None`)")
}
pub fn since_out_of_range(version: u64, max: u32) -> String {
    format!("`since = {version}` is not a version: versions are 1..={max}, the first key being version 1. Write the version that added this field, `since = 2` for the first addition")
}
pub fn since_not_trailing(name: &str, later: &str) -> String {
    format!("`{name}` has `since`, but `{later}` after it has not: old keys end where the added fields begin, so added fields go last. Move `{name}` after `{later}`, or give `{later}` a `since` too")
}
pub fn since_decreases(name: &str, version: u64, earlier: &str, before: u64) -> String {
    format!("`since = {version}` on `{name}` is older than `since = {before}` on `{earlier}` before it: fields are added at the end, so versions only grow. Write `since = {before}` or more, or reorder the fields")
}
pub fn since_reversed(name: &str) -> String {
    format!("`{name}` has `since` and `#[reverse]`: an absent field writes no bytes and sorts first, which a reversed `Option` (`None` last) cannot match. Remove `#[reverse]`")
}
pub fn since_salted(name: &str) -> String {
    format!("`{name}` has `since` and `#[salt]`: an added field may be absent from the key, so the bucket cannot hash it. Remove this `#[salt]`")
}
pub fn width_without_since(declared: usize, shortest: usize, full: usize, first: &str) -> String {
    format!("declared `width = {declared}`, but with its `since` fields from `{first}` on this key is {shortest} to {full} bytes. Write `width = {full}`, the width with every added field present")
}
pub fn width_on_variable(variable: &str, declared: usize) -> String {
    format!("`{variable}` has a variable length, so this key has no fixed width to declare. Remove `width = {declared}`, or write `max_width = {declared}` to cap the length of every key")
}

// ---- salt -------------------------------------------------------------------

pub const SALT_WITH_PHOENIX: &str = "this key already has Apache Phoenix's salt from `#[rowkey(salt(..))]`, which hashes every field; remove this `#[salt]`";
pub fn phoenix_too_many(n: u64, max: u64) -> String {
    format!("Apache Phoenix's SALT_BUCKETS is 1..={max} (one salt byte), so `buckets = {n}` cannot be written. Use at most {max}")
}
pub fn salts_differ(key: &str, new: u64, old: u64, field: &str) -> String {
    format!("salted fields share one bucket: `{key} = {new}` here but `{key} = {old}` on `{field}`. Give it once")
}
pub const SALT_HASH_SYNTAX: &str = "`hash` takes `modulo` or the path of a `fn(&[u8]) -> u32`: `#[salt(mod = 16, hash = modulo)]`, `#[salt(mod = 16, hash = my_hash)]`";
pub fn hashes_differ(field: &str) -> String {
    format!("salted fields share one bucket, but this `hash` differs from the one on `{field}`. Give it once")
}
pub fn modulo_needs_unsigned(name: &str, ty: &str) -> String {
    format!("`hash = modulo` takes the bucket from the value of `{name}`, so it needs an unsigned integer in its default or `#[be_u*]` codec, neither reversed, mirrored nor optional; `{name}` is `{ty}`. Use the default xxh32 salt (remove `hash = modulo`), or a `hash = path::to::fn` over its bytes")
}
pub fn custom_hash_apart(name: &str, other: &str) -> String {
    format!("a `hash = path::to::fn` salt hashes one run of bytes, but the salted `{name}` is not next to the salted `{other}`. Move the salted fields together")
}
pub const SALT_WITHOUT_MOD: &str =
    "`#[salt]` needs the bucket count, on one of the salted fields: `#[salt(mod = 100)]`";
pub fn bad_bucket_count(n: u64, max: u64) -> String {
    format!("`mod = {n}` is not a bucket count: use 1..={max} (one byte up to 256 buckets, two bytes above)")
}
pub fn bad_salt_digits(d: u64, max: u64) -> String {
    format!("`pad = {d}`: a bucket takes 1..={max} digits")
}
pub fn salt_digits_too_few(d: u64, top: u64, buckets: u64, need: usize) -> String {
    format!("`pad = {d}` holds buckets 0..={top}, but `mod = {buckets}`. Use `pad = {need}`")
}

// ---- generated names --------------------------------------------------------

pub fn helper_name_twice(name: &str, nested: &str, field: &str) -> String {
    format!("the scan helper `{name}` would be generated twice: as the `_within` helper of the nested key `{nested}`, and as the prefix helper ending at `{field}`. Rename `{field}` (or `{nested}`)")
}

// ---- enums of key types -----------------------------------------------------

pub fn field_attr_on_variant(name: &str) -> String {
    format!("`#[{name}]` goes on a field of the key type, not on a variant; a variant takes `#[tag(..)]`, the bytes that lead its key")
}
pub fn struct_key_on_enum(key: &str) -> String {
    format!("`{key}` applies to a key struct; each member of an enum of key types has its own. Remove `{key}`, or put it on the member types")
}
pub fn tag_missing(variant: &str, tagged: &str) -> String {
    format!("`{variant}` has no `#[tag(..)]` but `{tagged}` has one: a tag tells the members apart only when every variant has one. Add `#[tag(..)]` to `{variant}`")
}
pub fn tags_not_prefix_free(variant: &str, other: &str) -> String {
    format!("the tag of `{variant}` starts with the tag of `{other}` (or equals it), so a key of `{variant}` could decode as `{other}`. Give them tags of which neither starts the other, as `#[tag(1)]` and `#[tag(2)]`")
}

// ---- Apache Phoenix keys ----------------------------------------------------

/// The Rust types of the Phoenix columns, for the fixes.
const PHOENIX_TYPES: &str = "`i8`, `i16`, `i32`, `i64` (`TINYINT`..`BIGINT`), `f64` (`DOUBLE`), `bool` (`BOOLEAN`), `rowkey::codec::Date` (`DATE`), `rowkey::codec::Timestamp` (`TIMESTAMP`), `String` or `&str` (`VARCHAR`, or `CHAR(n)` with `#[phoenix(char(n))]`)";
pub const PHOENIX_KEY_FLAG: &str = "`phoenix` takes no value; write `#[rowkey(phoenix)]`";
pub const PHOENIX_ATTR_SYNTAX: &str = "write a Phoenix `CHAR` column as `#[phoenix(char(3))]`, its length in bytes; every other column takes its Phoenix type from the field's Rust type";
pub fn phoenix_attr_outside() -> String {
    "`#[phoenix(..)]` describes a column of an Apache Phoenix primary key; add `#[rowkey(phoenix)]` to the struct, or remove it".to_string()
}
pub fn phoenix_with_attr(name: &str, attr: &str) -> String {
    format!("{attr} cannot apply to `{name}` in a `#[rowkey(phoenix)]` key, whose columns Phoenix writes by their type; remove it (the Rust type picks the Phoenix type: {PHOENIX_TYPES})")
}
pub const PHOENIX_FIELD_SALT: &str = "a Phoenix key is salted as a whole: remove `#[salt]` here and write `#[rowkey(phoenix, salt(buckets = N, phoenix))]` on the struct, Phoenix's `SALT_BUCKETS = N`";
pub fn phoenix_unsigned(ty: &str, signed: Option<&str>) -> String {
    let fix = match signed {
        Some(s) => format!("use `{s}`, the signed type of that width"),
        None => "use `i64`".to_string(),
    };
    format!("a Phoenix key has no column for `{ty}`: Phoenix's `UNSIGNED_*` types are not supported; {fix}")
}
pub fn phoenix_option(ty: &str) -> String {
    format!("`{ty}`: nullable Phoenix columns are not supported; an empty `String` is Phoenix's null `VARCHAR`, and every other column needs a value, so use the type without `Option`")
}
pub fn phoenix_type(ty: &str) -> String {
    format!("`{ty}` is no Phoenix primary-key column that rowkey writes; use {PHOENIX_TYPES}")
}
pub const PHOENIX_CHAR_ZERO: &str =
    "`char(0)` holds nothing; give the column's length in bytes, `#[phoenix(char(3))]`";
pub fn phoenix_char_not_text(n: usize, ty: &str) -> String {
    format!("`#[phoenix(char({n}))]` makes a `CHAR({n})` column, which holds a `String` or `&str`, not `{ty}`; remove it or change the type")
}
pub fn phoenix_reverse_borrowed(ty: &str) -> String {
    format!("`#[reverse]` on `{ty}`: a `DESC` column's bytes are inverted, so decode cannot borrow them; use `String`")
}
pub const PHOENIX_HBASE_STRUCT: &str = "a key is either an Apache Phoenix primary key or an HBase `Struct`, whose bytes differ: remove `hbase_struct` (or `phoenix`)";
pub const PHOENIX_VIEW: &str = "a `#[rowkey(phoenix)]` key has no zerocopy view; remove `view`";
