//! Layouts built from fuzzed data, as the derive would build them: every
//! codec with the attributes it allows (`#[reverse]`, `#[mirror]`,
//! `Option`, `since`), the salts, nested keys, and the three key formats.
//! A layout the derive would refuse is never built, so what holds for
//! derived keys (a decoded key encodes to the same bytes) holds for these.

use arbitrary::{Result, Unstructured};
use rowkey::codec::bytes::ByteArray;
use rowkey::codec::escaped::Escaped;
use rowkey::codec::fixed::Fixed;
use rowkey::codec::float::Float;
use rowkey::codec::int::IntType;
use rowkey::codec::narrow::Narrow;
use rowkey::codec::numeric::Numeric;
use rowkey::codec::ordered::Ordered;
use rowkey::codec::ordered_field::{OrderedNull, OrderedValue, OrderedVar};
use rowkey::codec::pad::Pad;
use rowkey::codec::rest::Rest;
use rowkey::codec::tag::Tag;
use rowkey::codec::{Extent, TextType};
use rowkey::schema::Arena;
use rowkey::{
    FieldCodec, JavaType, Layout, LayoutSalt, Md5, Order, PhoenixType, RowKey, Salt, SaltHash,
    Segment,
};

/// OrderedBytes headers (HBase's `OrderedBytes`).
const ORDERED_NUMBERS: [u8; 6] = [0x29, 0x2A, 0x2B, 0x2C, 0x30, 0x31];
const TEXT: u8 = 0x34;
const BLOB_VAR: u8 = 0x37;
const BLOB_COPY: u8 = 0x38;

/// A layout of any format, kept in `arena`.
///
/// # Errors
/// The fuzzer's data ran out.
pub fn layout<'a>(u: &mut Unstructured<'_>, arena: &'a Arena) -> Result<&'a Layout<'a>> {
    match u.int_in_range(0..=3)? {
        0 | 1 => plain(u, arena, 0),
        2 => hbase_struct(u, arena),
        _ => phoenix(u, arena),
    }
}

/// One field before its place in the key is known.
#[derive(Clone, Copy)]
struct Draft<'a> {
    kind: FieldCodec<'a>,
    reverse: bool,
    mirror: bool,
    optional: bool,
    since: u32,
}

impl<'a> Draft<'a> {
    fn new(kind: FieldCodec<'a>) -> Self {
        Draft {
            kind,
            reverse: false,
            mirror: false,
            optional: false,
            since: 0,
        }
    }
}

fn width(kind: &FieldCodec<'_>) -> usize {
    kind.extent().width()
}

fn fixed_width(kind: &FieldCodec<'_>) -> bool {
    matches!(kind.extent(), Extent::Fixed(_))
}

fn choose<T: Copy>(u: &mut Unstructured<'_>, of: &[T]) -> Result<T> {
    Ok(*u.choose(of)?)
}

fn int_type(u: &mut Unstructured<'_>) -> Result<IntType> {
    Ok(IntType {
        bytes: choose(u, &[1, 2, 4, 8, 16])?,
        signed: u.arbitrary()?,
    })
}

fn max_digits(ty: IntType) -> usize {
    match ty.bytes {
        1 => 3,
        2 => 5,
        4 => 10,
        8 => 20,
        _ => 39,
    }
}

fn text_type(u: &mut Unstructured<'_>) -> Result<TextType> {
    Ok(TextType {
        utf8: u.arbitrary()?,
        borrowed: u.arbitrary()?,
    })
}

/// A key of rowkey's own codecs (a nested key's at `depth > 0`: fixed width).
fn plain<'a>(u: &mut Unstructured<'_>, arena: &'a Arena, depth: u8) -> Result<&'a Layout<'a>> {
    let n = u.int_in_range(1..=if depth == 0 { 6 } else { 3 })?;
    let added = if depth == 0 {
        u.int_in_range(0..=2)?
    } else {
        0
    };
    let mut fields = Vec::with_capacity(n + added);
    for i in 0..n {
        // Fields added with `since` come after the last field.
        let last = i + 1 == n && added == 0;
        fields.push(plain_field(u, arena, depth, last)?);
    }
    added_fields(u, added, &mut fields)?;
    let salt = plain_salt(u, arena, &fields)?;
    Ok(finish(u, arena, &fields, salt))
}

/// One field of a plain key, with the attributes its codec allows.
fn plain_field<'a>(
    u: &mut Unstructured<'_>,
    arena: &'a Arena,
    depth: u8,
    last: bool,
) -> Result<Draft<'a>> {
    let variable_ok = depth == 0;
    let text = text_type(u)?;
    let kind = match u.int_in_range(0..=16)? {
        0 => FieldCodec::Int(int_type(u)?),
        1 => FieldCodec::Narrow(Narrow {
            bytes: choose(u, &[2, 4, 8])?,
            from: int_type(u)?,
        }),
        2 => {
            let ty = IntType {
                signed: false,
                ..int_type(u)?
            };
            FieldCodec::Pad(Pad {
                digits: u.int_in_range(1..=max_digits(ty))?,
                ty,
            })
        }
        3 => FieldCodec::Fixed(Fixed {
            width: u.int_in_range(1..=6)?,
            text,
        }),
        4 => FieldCodec::Bool,
        5 => FieldCodec::Bytes(ByteArray(u.int_in_range(1..=4)?)),
        6 => FieldCodec::Float(Float {
            bytes: choose(u, &[4, 8])?,
        }),
        7 if depth < 2 => FieldCodec::Nested(plain(u, arena, depth + 1)?),
        7 => FieldCodec::Nested(&Md5::LAYOUT),
        8 => {
            let n = u.int_in_range(1..=3)?;
            FieldCodec::Tag(Tag(arena.slice(u.bytes(n)?)))
        }
        9 => FieldCodec::Java(choose(
            u,
            &[
                JavaType::Short,
                JavaType::Int,
                JavaType::Long,
                JavaType::Float,
                JavaType::Double,
                JavaType::Boolean,
            ],
        )?),
        10 => FieldCodec::Ordered(Ordered {
            header: choose(u, &ORDERED_NUMBERS)?,
        }),
        11 if variable_ok => FieldCodec::Escaped(Escaped(text)),
        12 if variable_ok => FieldCodec::OrderedVar(ordered_var(u, text, last)?),
        13 if variable_ok => FieldCodec::OrderedNull(OrderedNull {
            value: ordered_value(u, text, last)?,
            trailing: false,
        }),
        14 | 15 if variable_ok && last => FieldCodec::Rest(Rest(text)),
        16 if variable_ok => FieldCodec::Numeric(numeric(u)?),
        _ => FieldCodec::Int(int_type(u)?),
    };
    let mut d = Draft::new(kind);
    d.optional = option_allowed(&kind) && u.ratio(1, 4)?;
    d.reverse = reverse_allowed(&kind) && u.ratio(1, 3)?;
    d.mirror = !d.reverse && mirror_allowed(&kind) && u.ratio(1, 5)?;
    Ok(d)
}

fn ordered_var(u: &mut Unstructured<'_>, text: TextType, last: bool) -> Result<OrderedVar> {
    let header = if last {
        choose(u, &[TEXT, BLOB_VAR, BLOB_COPY])?
    } else {
        choose(u, &[TEXT, BLOB_VAR])?
    };
    // `BlobVar` is always read into owned bytes; `Text` reads text.
    let text = match header {
        BLOB_VAR => TextType {
            utf8: false,
            borrowed: false,
        },
        TEXT => TextType { utf8: true, ..text },
        _ => TextType {
            utf8: false,
            ..text
        },
    };
    Ok(OrderedVar { header, text })
}

/// `#[ordered(numeric)]` on an `i64` or an `f64`, or an `Option` of one.
fn numeric(u: &mut Unstructured<'_>) -> Result<Numeric> {
    Ok(Numeric {
        float: u.arbitrary()?,
        nullable: u.arbitrary()?,
        trailing: false,
    })
}

fn ordered_value(u: &mut Unstructured<'_>, text: TextType, last: bool) -> Result<OrderedValue> {
    Ok(if u.arbitrary()? {
        OrderedValue::Number(Ordered {
            header: choose(u, &ORDERED_NUMBERS)?,
        })
    } else {
        OrderedValue::Var(ordered_var(u, text, last)?)
    })
}

/// `Option<T>` needs `T` of a fixed width (an `#[ordered]` `Option` is
/// [`FieldCodec::OrderedNull`] instead), and a tag is constant.
fn option_allowed(kind: &FieldCodec<'_>) -> bool {
    fixed_width(kind) && !matches!(kind, FieldCodec::Tag(_) | FieldCodec::Ordered(_))
}

fn borrowed(kind: &FieldCodec<'_>) -> bool {
    match kind {
        FieldCodec::Fixed(f) => f.text.borrowed,
        FieldCodec::Escaped(e) => e.0.borrowed,
        FieldCodec::OrderedVar(v) => v.text.borrowed,
        FieldCodec::OrderedNull(OrderedNull {
            value: OrderedValue::Var(v),
            ..
        }) => v.text.borrowed,
        _ => false,
    }
}

/// `#[reverse]` inverts bytes that decode can read back: not a borrowed
/// value's, a nested key's, Java's, a tag's or the rest of the key.
fn reverse_allowed(kind: &FieldCodec<'_>) -> bool {
    !borrowed(kind)
        && !matches!(
            kind,
            FieldCodec::Nested(_) | FieldCodec::Java(_) | FieldCodec::Tag(_) | FieldCodec::Rest(_)
        )
}

/// `#[mirror]` copies fixed bytes of the field's own.
fn mirror_allowed(kind: &FieldCodec<'_>) -> bool {
    fixed_width(kind)
        && !borrowed(kind)
        && !matches!(kind, FieldCodec::Nested(_) | FieldCodec::Tag(_))
}

/// Optional fields added at the end with `since`, ascending and unsalted.
fn added_fields(u: &mut Unstructured<'_>, n: usize, fields: &mut Vec<Draft<'_>>) -> Result<()> {
    let mut since = 0;
    for _ in 0..n {
        since += u.int_in_range(0..=1)? + u32::from(since == 0);
        let kind = match u.int_in_range(0..=3)? {
            0 => FieldCodec::Int(int_type(u)?),
            1 => FieldCodec::Bool,
            2 => FieldCodec::Fixed(Fixed {
                width: u.int_in_range(1..=3)?,
                text: text_type(u)?,
            }),
            _ => FieldCodec::Pad(Pad {
                digits: 2,
                ty: IntType {
                    bytes: 1,
                    signed: false,
                },
            }),
        };
        fields.push(Draft {
            optional: true,
            since,
            mirror: mirror_allowed(&kind) && u.ratio(1, 5)?,
            ..Draft::new(kind)
        });
    }
    Ok(())
}

/// A salt over some fields before the first variable-length one.
fn plain_salt<'a>(
    u: &mut Unstructured<'_>,
    arena: &'a Arena,
    fields: &[Draft<'_>],
) -> Result<Option<(Salt, &'a [&'a str])>> {
    if !u.ratio(1, 3)? {
        return Ok(None);
    }
    let fixed = fields
        .iter()
        .take_while(|d| fixed_width(&d.kind))
        .enumerate()
        .filter(|(_, d)| d.since == 0 && !matches!(d.kind, FieldCodec::Tag(_)));
    let mut names = Vec::new();
    let mut all_unsigned = true;
    for (i, d) in fixed {
        if u.arbitrary()? {
            names.push(arena.str(&field_name(i)));
            all_unsigned &= matches!(d.kind, FieldCodec::Int(t) if !t.signed)
                && !d.reverse
                && !d.mirror
                && !d.optional;
        }
    }
    if names.is_empty() {
        return Ok(None);
    }
    let buckets = match u.int_in_range(0..=3)? {
        0 => u.int_in_range(1..=16)?,
        1 => u.int_in_range(1..=256)?,
        2 => u.int_in_range(257..=65_536)?,
        _ => 1000,
    };
    let mut salt = if u.ratio(1, 3)? {
        // The fewest digits that write every bucket, or one more.
        let digits = (1..=5).find(|&d| buckets <= 10u32.pow(d)).unwrap_or(5) as u8;
        Salt::digits(buckets, digits + u.int_in_range(0..=1)?)
    } else {
        Salt::new(buckets)
    };
    if all_unsigned && u.arbitrary()? {
        salt = salt.with_hash(SaltHash::Modulo);
    }
    Ok(Some((salt, arena.slice(&names))))
}

/// HBase's `Struct`: `#[ordered]` fields only, trailing `Option`s left out.
fn hbase_struct<'a>(u: &mut Unstructured<'_>, arena: &'a Arena) -> Result<&'a Layout<'a>> {
    let n = u.int_in_range(1..=5)?;
    let mut fields = Vec::with_capacity(n);
    for i in 0..n {
        let last = i + 1 == n;
        let text = text_type(u)?;
        let kind = match u.int_in_range(0..=3)? {
            3 => FieldCodec::Numeric(numeric(u)?),
            0 => FieldCodec::Ordered(Ordered {
                header: choose(u, &ORDERED_NUMBERS)?,
            }),
            1 => FieldCodec::OrderedVar(ordered_var(u, text, last)?),
            _ => FieldCodec::OrderedNull(OrderedNull {
                value: ordered_value(u, text, last)?,
                trailing: false,
            }),
        };
        let reverse = reverse_allowed(&kind) && u.arbitrary()?;
        fields.push(Draft {
            reverse,
            ..Draft::new(kind)
        });
    }
    // The run of `Option`s at the end may be left out.
    for d in fields.iter_mut().rev() {
        match &mut d.kind {
            FieldCodec::OrderedNull(n) => n.trailing = true,
            FieldCodec::Numeric(n) if n.nullable => n.trailing = true,
            _ => break,
        }
    }
    Ok(finish(u, arena, &fields, None))
}

/// An Apache Phoenix primary key, salted or not.
fn phoenix<'a>(u: &mut Unstructured<'_>, arena: &'a Arena) -> Result<&'a Layout<'a>> {
    let n = u.int_in_range(1..=5)?;
    let mut fields = Vec::with_capacity(n);
    for _ in 0..n {
        let ty = match u.int_in_range(0..=9)? {
            0 => PhoenixType::Tinyint,
            1 => PhoenixType::Smallint,
            2 => PhoenixType::Integer,
            3 => PhoenixType::Bigint,
            4 => PhoenixType::Double,
            5 => PhoenixType::Boolean,
            6 => PhoenixType::Date,
            7 => PhoenixType::Timestamp,
            8 => PhoenixType::Char(u.int_in_range(1..=4)?),
            _ => PhoenixType::Varchar,
        };
        fields.push(Draft {
            reverse: u.arbitrary()?,
            ..Draft::new(FieldCodec::Phoenix(ty))
        });
    }
    let salt = if u.arbitrary()? {
        let names: Vec<&str> = (0..n).map(|i| arena.str(&field_name(i))).collect();
        Some((Salt::phoenix(u.int_in_range(1..=256)?), arena.slice(&names)))
    } else {
        None
    };
    Ok(finish(u, arena, &fields, salt))
}

fn field_name(i: usize) -> String {
    format!("f{i}")
}

/// The layout of `fields` after the salt: offsets, widths, the shortest
/// key, and whether its length varies, as the derive computes them.
fn finish<'a>(
    u: &mut Unstructured<'_>,
    arena: &'a Arena,
    fields: &[Draft<'a>],
    salt: Option<(Salt, &'a [&'a str])>,
) -> &'a Layout<'a> {
    let mut segments = Vec::with_capacity(fields.len() + 1);
    let mut offset = 0;
    if let Some((salt, _)) = salt {
        segments.push(Segment {
            name: "salt",
            offset: 0,
            width: salt.width(),
            codec: "salt",
            kind: FieldCodec::Salt,
            order: Order::Unordered,
            reverse: false,
            mirror: false,
            optional: false,
            rust_type: "",
            since: 0,
        });
        offset = salt.width();
    }
    let mut shortest = None;
    let mut variable = false;
    for (i, d) in fields.iter().enumerate() {
        let omittable = d.since != 0
            || matches!(d.kind, FieldCodec::OrderedNull(n) if n.trailing)
            || matches!(d.kind, FieldCodec::Numeric(n) if n.trailing);
        if omittable && shortest.is_none() {
            shortest = Some(offset);
        }
        variable |= omittable || !fixed_width(&d.kind);
        let w = width(&d.kind) + usize::from(d.optional);
        segments.push(Segment {
            name: arena.str(&field_name(i)),
            offset,
            width: w,
            codec: arena.str(&format!("{:?}", d.kind)),
            kind: d.kind,
            order: if d.mirror {
                Order::Unordered
            } else if d.reverse {
                Order::Descending
            } else {
                Order::Ascending
            },
            reverse: d.reverse,
            mirror: d.mirror,
            optional: d.optional,
            rust_type: "",
            since: d.since,
        });
        offset += w;
    }
    let max_width = match u.int_in_range(0..=3).unwrap_or(0) {
        0 => offset + u.int_in_range(0..=8).unwrap_or(0),
        _ => 32_767,
    };
    arena.value(Layout {
        name: "Fuzzed",
        width: shortest.unwrap_or(offset),
        variable,
        max_width: if variable { max_width } else { 32_767 },
        salt: salt.map(|(salt, fields)| LayoutSalt { salt, fields }),
        segments: arena.slice(&segments),
    })
}

/// The layouts of the derived keys of [`crate::keys`], for targets that
/// run on layouts alone.
pub fn derived() -> [&'static Layout<'static>; 31] {
    use crate::keys as k;
    [
        &k::Inner::LAYOUT,
        &k::SaltedInner::LAYOUT,
        &k::Ints::LAYOUT,
        &k::Numbers::LAYOUT,
        &k::Fixed::LAYOUT,
        &k::Viewed::LAYOUT,
        &k::FixedBorrowed::LAYOUT,
        &k::Variable::LAYOUT,
        &k::Borrowed::LAYOUT,
        &k::Trailing::LAYOUT,
        &k::TrailingBytes::LAYOUT,
        &k::Modulo::LAYOUT,
        &k::WideModulo::LAYOUT,
        &k::Custom::LAYOUT,
        &k::Java::LAYOUT,
        &k::OrderedNumbers::LAYOUT,
        &k::OrderedVar::LAYOUT,
        &k::OrderedCopyDesc::LAYOUT,
        &k::StructFirst::LAYOUT,
        &k::StructSecond::LAYOUT,
        &k::StructNullable::LAYOUT,
        &k::PhoenixMixed::LAYOUT,
        &k::PhoenixVarchars::LAYOUT,
        &k::PhoenixAllVarchar::LAYOUT,
        &k::PhoenixSalted::LAYOUT,
        &k::PhoenixFixed::LAYOUT,
        &k::Evolved::LAYOUT,
        &k::EvolvedVariable::LAYOUT,
        &k::CustomerKey::LAYOUT,
        &k::OrderKey::LAYOUT,
        &k::StructNumeric::LAYOUT,
    ]
}

/// `field=value` text for the fields of `layout` (a nested key's dotted),
/// each of a kind the fuzzer picks; the encoder refuses what does not fit.
///
/// # Errors
/// The fuzzer's data ran out.
pub fn values(
    u: &mut Unstructured<'_>,
    layout: &Layout<'_>,
    prefix: &str,
    out: &mut Vec<(String, String)>,
) -> Result<()> {
    for seg in layout.segments {
        let name = format!("{prefix}{}", seg.name);
        match seg.kind {
            FieldCodec::Salt | FieldCodec::Tag(_) => continue,
            FieldCodec::Nested(inner) if !u.ratio(1, 4)? => {
                values(u, inner, &format!("{name}."), out)?;
            }
            _ => out.push((name, value_text(u)?)),
        }
    }
    Ok(())
}

/// A value as a user types it: a number, a float, a flag, `None`, `0x`
/// hex, text, or a Phoenix `TIMESTAMP`.
pub fn value_text(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match u.int_in_range(0..=8)? {
        0 => u.arbitrary::<i64>()?.to_string(),
        1 => u.arbitrary::<u128>()?.to_string(),
        2 => u.int_in_range(0..=999u16)?.to_string(),
        3 => format!("{:?}", f64::from_bits(u.arbitrary()?)),
        4 => choose(u, &["true", "false", "None", "-1", "0", "-0.0", "NaN"])?.to_string(),
        5 => {
            let n = u.int_in_range(0..=6)?;
            let hex: String = u.bytes(n)?.iter().map(|b| format!("{b:02x}")).collect();
            format!("0x{hex}")
        }
        6 | 7 => {
            let n = u.int_in_range(0..=6)?;
            String::from_utf8_lossy(u.bytes(n)?).into_owned()
        }
        _ => format!(
            "{}:{}",
            u.arbitrary::<i64>()?,
            u.int_in_range(0..=1_000_000u32)?
        ),
    })
}
