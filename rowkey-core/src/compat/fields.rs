//! One field against its old self: whether it writes the same bytes for the
//! same values (its encoding), and whether it holds the same values (its
//! domain), from the codecs' parameters alone.

use alloc::vec::Vec;

use crate::codec::ordered_field::OrderedValue;
use crate::codec::TextType;
use crate::{FieldCodec, JavaType, Number, PhoenixType, Segment};
use rowkey_format::ordered::VarType;

/// How a field's values become bytes, without its name or Rust type: two
/// fields of equal encodings write the same bytes for the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding<'a> {
    Unsigned(u8),
    Signed(u8),
    Pad(usize),
    Fixed(usize),
    Bool,
    Array(usize),
    Float(u8),
    Md5,
    Tag(&'a [u8]),
    Escaped,
    Rest,
    Java(JavaType),
    Ordered(u8),
    OrderedVar(u8),
    OrderedNull { trailing: bool, header: u8 },
    Phoenix(PhoenixType),
    // An i64 and an f64 read each other's bytes but not each other's values
    // exactly, so the Rust type is part of the encoding here.
    Numeric(crate::codec::Numeric),
    Nested,
    Salt,
}

fn encoding<'a>(kind: &FieldCodec<'a>) -> Encoding<'a> {
    match *kind {
        FieldCodec::Int(t) if t.signed => Encoding::Signed(t.bytes),
        FieldCodec::Int(t) => Encoding::Unsigned(t.bytes),
        // `be_uN` writes an unsigned big-endian number, as the native codec does.
        FieldCodec::Narrow(n) => Encoding::Unsigned(n.bytes),
        FieldCodec::Pad(p) => Encoding::Pad(p.digits),
        FieldCodec::Fixed(f) => Encoding::Fixed(f.width),
        FieldCodec::Bool => Encoding::Bool,
        FieldCodec::Bytes(b) => Encoding::Array(b.0),
        FieldCodec::Float(f) => Encoding::Float(f.bytes),
        FieldCodec::Nested(_) => Encoding::Nested,
        FieldCodec::Md5Digest => Encoding::Md5,
        FieldCodec::Tag(t) => Encoding::Tag(t.0),
        FieldCodec::Escaped(_) => Encoding::Escaped,
        FieldCodec::Rest(_) => Encoding::Rest,
        FieldCodec::Java(j) => Encoding::Java(j),
        FieldCodec::Ordered(o) => Encoding::Ordered(o.header),
        FieldCodec::OrderedVar(v) => Encoding::OrderedVar(v.header),
        FieldCodec::OrderedNull(n) => Encoding::OrderedNull {
            trailing: n.trailing,
            header: match n.value {
                OrderedValue::Number(o) => o.header,
                OrderedValue::Var(v) => v.header,
            },
        },
        FieldCodec::Phoenix(p) => Encoding::Phoenix(p),
        FieldCodec::Numeric(n) => Encoding::Numeric(n),
        FieldCodec::Salt => Encoding::Salt,
    }
}

/// A way the new field writes other bytes than the old one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Difference {
    /// `#[reverse]` added or removed.
    Order,
    /// `#[mirror]` added or removed.
    Mirror,
    /// An `Option`'s presence byte added or removed.
    Optional,
    /// A `#[tag]`'s bytes.
    Tag,
    /// The same codec at another width.
    Width,
    /// Another codec.
    Codec,
}

/// What the new field is to the old one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Relation {
    /// The same bytes for the same values; the new field holds `Values`.
    SameBytes(Values),
    /// Other bytes, in these ways.
    Differs(Vec<Difference>),
}

/// The new field's values against the old field's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Values {
    /// The same values.
    Same,
    /// Every old value and more.
    Wider,
    /// Every old value, but a borrowing Rust type cannot read some of them
    /// (`&str` for an escaped string holding a `0x00`).
    Unreadable,
    /// Not every old value.
    Fewer,
}

/// How the new segment relates to the old one (neither a nested key).
pub(crate) fn relation(old: &Segment<'_>, new: &Segment<'_>) -> Relation {
    let (eo, en) = (encoding(&old.kind), encoding(&new.kind));
    let mut diffs = Vec::new();
    if old.reverse != new.reverse {
        diffs.push(Difference::Order);
    }
    // One byte back to front is itself.
    if old.mirror != new.mirror && old.kind.extent().width() > 1 {
        diffs.push(Difference::Mirror);
    }
    if old.optional != new.optional {
        diffs.push(Difference::Optional);
    }
    let across = across(old, new);
    if eo != en && across.is_none() {
        diffs.push(match (eo, en) {
            (Encoding::Tag(_), Encoding::Tag(_)) => Difference::Tag,
            _ if same_family(eo, en) => Difference::Width,
            _ => Difference::Codec,
        });
    }
    if !diffs.is_empty() {
        return Relation::Differs(diffs);
    }
    if let Some(values) = across {
        return Relation::SameBytes(values);
    }
    let (o, n) = (domain(old), domain(new));
    Relation::SameBytes(match (contains(n, o), contains(o, n)) {
        (true, true) => Values::Same,
        (true, false) => Values::Wider,
        _ if contains(n.values(), o.values()) => Values::Unreadable,
        _ => Values::Fewer,
    })
}

/// Two codecs that write an old value's bytes alike: a byte array, then
/// the rest of the key as bytes (the last field), or an MD5 digest and a
/// 16-byte array.
fn across(old: &Segment<'_>, new: &Segment<'_>) -> Option<Values> {
    match (old.kind, new.kind) {
        (FieldCodec::Bytes(_), FieldCodec::Rest(r)) if !r.0.utf8 => {
            Some(match (r.0.borrowed, new.reverse) {
                (true, true) => Values::Unreadable,
                _ => Values::Wider,
            })
        }
        // Not every byte array is UTF-8 text.
        (FieldCodec::Bytes(_), FieldCodec::Rest(_)) => Some(Values::Fewer),
        (FieldCodec::Md5Digest, FieldCodec::Bytes(b))
        | (FieldCodec::Bytes(b), FieldCodec::Md5Digest)
            if b.0 == 16 =>
        {
            Some(Values::Same)
        }
        _ => None,
    }
}

/// The same codec with another size parameter.
fn same_family(a: Encoding<'_>, b: Encoding<'_>) -> bool {
    use Encoding::*;
    matches!(
        (a, b),
        (Unsigned(_), Unsigned(_))
            | (Signed(_), Signed(_))
            | (Pad(_), Pad(_))
            | (Fixed(_), Fixed(_))
            | (Array(_), Array(_))
            | (Float(_), Float(_))
            | (Phoenix(PhoenixType::Char(_)), Phoenix(PhoenixType::Char(_)))
    )
}

/// The values a field holds, where fields of one encoding may differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Domain {
    /// Integers from `.0` to `.1`.
    Ints(Number, Number),
    /// Text or bytes, as its Rust type reads them.
    Text { utf8: bool, borrows: Borrows },
    /// Whatever the encoding holds.
    All,
}

/// Which values a field's Rust type can read, for a type that borrows
/// from the key (`&str`, `&[u8]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Borrows {
    /// None: its bytes are always transformed (descending, `BlobVar`).
    Nothing,
    /// Those without a `0x00` byte, which `#[escaped]` must unescape.
    NoZero,
    /// Every value (or the type owns its value).
    Every,
}

fn domain(seg: &Segment<'_>) -> Domain {
    match seg.kind {
        FieldCodec::Int(_) | FieldCodec::Narrow(_) | FieldCodec::Pad(_) => {
            match super::samples::int_range(&seg.kind) {
                Some((lo, hi)) => Domain::Ints(lo, hi),
                None => Domain::All,
            }
        }
        FieldCodec::Fixed(f) => text(f.text, seg.reverse, Borrows::Every),
        FieldCodec::Rest(r) => text(r.0, seg.reverse, Borrows::Every),
        FieldCodec::Escaped(e) => text(e.0, seg.reverse, Borrows::NoZero),
        FieldCodec::OrderedVar(v) => ordered_text(v.header, v.text, seg.reverse),
        FieldCodec::OrderedNull(n) => match n.value {
            OrderedValue::Var(v) => ordered_text(v.header, v.text, seg.reverse),
            OrderedValue::Number(_) => Domain::All,
        },
        _ => Domain::All,
    }
}

fn ordered_text(header: u8, t: TextType, reverse: bool) -> Domain {
    let borrows = match VarType::from_header(header) {
        Some(VarType::BlobVar) => Borrows::Nothing,
        _ => Borrows::Every,
    };
    text(t, reverse, borrows)
}

/// A text field's domain: a borrowing type reads only the values whose
/// bytes stand as they are in the key (`ascending`: what `borrowed` allows).
fn text(t: TextType, reverse: bool, ascending: Borrows) -> Domain {
    let borrows = match (t.borrowed, reverse) {
        (false, _) => Borrows::Every,
        (true, true) => Borrows::Nothing,
        (true, false) => ascending,
    };
    Domain::Text {
        utf8: t.utf8,
        borrows,
    }
}

impl Domain {
    /// The values, whatever the Rust type can borrow.
    fn values(self) -> Domain {
        match self {
            Domain::Text { utf8, .. } => Domain::Text {
                utf8,
                borrows: Borrows::Every,
            },
            other => other,
        }
    }
}

/// Whether every value of `inner` is one of `outer`.
fn contains(outer: Domain, inner: Domain) -> bool {
    match (outer, inner) {
        (Domain::Ints(lo, hi), Domain::Ints(ilo, ihi)) => {
            super::values::numbers(lo, ilo).is_le() && super::values::numbers(ihi, hi).is_le()
        }
        (
            Domain::Text { utf8, borrows },
            Domain::Text {
                utf8: iutf8,
                borrows: iborrows,
            },
        ) => (!utf8 || iutf8) && borrows >= iborrows,
        _ => true,
    }
}
