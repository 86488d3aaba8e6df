//! Derived keys that between them use every codec, every key format
//! (plain, HBase `Struct`, Phoenix), the salts, `Option`, `#[mirror]`,
//! `#[reverse]`, nested keys, fields added with `since`, borrowed fields and
//! enums of key types. The targets decode fuzzed bytes with each, and
//! encode fuzzed values of each (`Arbitrary`).

use std::borrow::Cow;

use arbitrary::{Arbitrary, Unstructured};
use rowkey::codec::phoenix::{Date, Timestamp};
use rowkey::{Md5, RowKey};

fn md5(u: &mut Unstructured<'_>) -> arbitrary::Result<Md5> {
    Ok(Md5(u.arbitrary()?))
}

fn date(u: &mut Unstructured<'_>) -> arbitrary::Result<Date> {
    Ok(Date {
        millis: u.arbitrary()?,
    })
}

fn timestamp(u: &mut Unstructured<'_>) -> arbitrary::Result<Timestamp> {
    Ok(Timestamp {
        millis: u.arbitrary()?,
        nanos: u.arbitrary()?,
    })
}

/// A small nested key.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Inner {
    #[pad(4)]
    pub id: u16,
    pub flag: bool,
}

/// A nested key with a salt of its own.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct SaltedInner {
    #[salt(mod = 5)]
    pub id: u16,
    #[reverse]
    pub seq: u8,
}

/// Every native integer, both orders.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Ints {
    pub a: u8,
    pub b: u16,
    #[reverse]
    pub c: u32,
    pub d: u64,
    #[reverse]
    pub e: u128,
    pub f: i8,
    #[reverse]
    pub g: i16,
    pub h: i32,
    #[reverse]
    pub i: i64,
    pub j: i128,
}

/// `be_uN`, `pad`, mirrored and reversed, and a one-byte salt of digits.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Numbers {
    #[salt(mod = 1000, pad = 3)]
    #[be_u16]
    pub a: u8,
    #[be_u32]
    #[reverse]
    pub b: i64,
    #[be_u64]
    pub c: u128,
    #[pad(3)]
    pub d: u8,
    #[pad(5)]
    #[reverse]
    pub e: u16,
    #[pad(10)]
    #[mirror]
    pub f: u32,
    #[pad(20)]
    pub g: u64,
    #[pad(39)]
    #[reverse]
    pub h: u128,
    #[mirror]
    pub i: u32,
    #[mirror]
    pub j: i16,
}

/// Every other fixed-width codec: floats, `bool`, arrays, `fixed`, tags,
/// `Option`, nested keys and `Md5`, with a two-byte salt over two fields.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Fixed {
    #[salt(mod = 300)]
    pub a: u16,
    pub c: f64,
    #[reverse]
    pub d: f32,
    #[salt]
    pub e: bool,
    #[reverse]
    pub e2: bool,
    pub f: [u8; 3],
    pub g: Option<u32>,
    #[reverse]
    pub g2: Option<i8>,
    #[fixed(5)]
    pub i: String,
    #[fixed(3)]
    #[reverse]
    pub i2: Vec<u8>,
    #[tag(b"ix")]
    pub t: (),
    #[tag(7)]
    pub t2: (),
    pub inner: Inner,
    pub salted: SaltedInner,
    #[arbitrary(with = md5)]
    pub md5: Md5,
    pub oi: Option<Inner>,
    #[mirror]
    pub m: [u8; 4],
}

/// Fixed fields read by borrowing from the key.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(view)]
pub struct Viewed {
    #[salt(mod = 16)]
    pub host: u32,
    #[reverse]
    pub ts: u64,
    #[pad(6)]
    #[mirror]
    pub id: u32,
    pub level: Option<u8>,
}

/// Borrowed `fixed` fields.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct FixedBorrowed<'a> {
    #[fixed(4)]
    pub s: &'a str,
    #[fixed(3)]
    pub b: &'a [u8],
    #[fixed(2)]
    pub c: Cow<'a, str>,
}

/// The variable-length codecs, owned; a binary salt over the first field.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Variable {
    #[salt(mod = 7)]
    pub id: u8,
    #[escaped]
    pub host: String,
    #[escaped]
    #[reverse]
    pub raw: Vec<u8>,
    pub rest: String,
}

/// Escaped and trailing fields, borrowed, with a small `max_width`.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(max_width = 24)]
pub struct Borrowed<'a> {
    #[escaped]
    pub host: &'a str,
    #[escaped]
    #[reverse]
    pub event: Cow<'a, [u8]>,
    #[escaped]
    pub raw: &'a [u8],
    #[reverse]
    pub ts: u64,
    pub path: &'a [u8],
}

/// A trailing string after a nested key.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Trailing<'a> {
    #[tag(b"t")]
    pub kind: (),
    pub inner: Inner,
    pub path: &'a str,
}

/// Trailing bytes, owned.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct TrailingBytes {
    #[pad(2)]
    pub n: u8,
    pub body: Vec<u8>,
}

/// Salt of `hash = modulo`, written as digits.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Modulo {
    #[salt(mod = 8, pad = 2, hash = modulo)]
    #[be_u32]
    pub ts: u64,
    pub host: u16,
}

/// Salt of `hash = modulo` over 70,000 buckets: two bytes.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct WideModulo {
    #[salt(mod = 65536, hash = modulo)]
    pub id: u32,
    #[escaped]
    pub name: String,
}

/// The sum of the salted bytes: a user's hash.
pub fn byte_sum(bytes: &[u8]) -> u32 {
    bytes.iter().map(|&b| u32::from(b)).sum()
}

/// Salt of a user's hash over two adjacent fields.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Custom {
    #[salt(mod = 16, hash = byte_sum)]
    pub a: u16,
    #[salt]
    pub b: u8,
    pub c: u8,
}

/// Java's `Bytes.toBytes` of every type it has, then a raw string.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Java {
    #[java]
    pub shard: i16,
    #[java]
    pub day: i32,
    #[java]
    pub user: i64,
    #[java]
    pub score: f32,
    #[java]
    pub weight: f64,
    #[java]
    pub active: bool,
    pub name: String,
}

/// HBase's `OrderedBytes` numbers, both orders, and an `Option` of one.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct OrderedNumbers {
    #[ordered]
    pub a: i8,
    #[ordered]
    #[reverse]
    pub b: i16,
    #[ordered]
    pub c: i32,
    #[ordered]
    #[reverse]
    pub d: i64,
    #[ordered]
    pub e: f32,
    #[ordered]
    #[reverse]
    pub f: f64,
    #[ordered]
    pub g: Option<i32>,
    #[ordered]
    #[reverse]
    pub h: Option<f64>,
}

/// `OrderedBytes` `Text`, `BlobVar` and `BlobCopy`, outside a `Struct`.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct OrderedVar<'a> {
    #[ordered]
    pub name: &'a str,
    #[ordered]
    #[reverse]
    pub host: String,
    #[ordered]
    pub tag: Option<&'a str>,
    #[ordered]
    pub blob: Vec<u8>,
    #[ordered]
    #[reverse]
    pub blob2: Option<Vec<u8>>,
    #[ordered(copy)]
    pub body: &'a [u8],
}

/// A descending `BlobCopy` last.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct OrderedCopyDesc {
    #[ordered]
    pub id: i32,
    #[ordered(copy)]
    #[reverse]
    pub body: Option<Vec<u8>>,
}

/// HBase's `Struct`: trailing nulls left out.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
pub struct StructFirst {
    #[ordered]
    pub id: i32,
    #[ordered]
    pub name: Option<String>,
    #[ordered]
    #[reverse]
    pub blob: Option<Vec<u8>>,
    #[ordered]
    #[reverse]
    pub tag: Option<String>,
}

/// HBase's `Struct` with numbers and a `BlobCopy` last.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
pub struct StructSecond {
    #[ordered]
    #[reverse]
    pub ts: i64,
    #[ordered]
    pub score: f64,
    #[ordered]
    #[reverse]
    pub host: Option<String>,
    #[ordered]
    pub n: Option<i16>,
    #[ordered(copy)]
    pub body: Option<Vec<u8>>,
}

/// HBase's `OrderedNumeric` (`#[ordered(numeric)]`) in a `Struct`, both
/// orders, a trailing null left out.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
pub struct StructNumeric {
    #[ordered(numeric)]
    pub id: i64,
    #[ordered(numeric)]
    #[reverse]
    pub score: f64,
    #[ordered(numeric)]
    pub n: Option<i64>,
}

/// HBase's `Struct` of nullable fields only.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(hbase_struct)]
pub struct StructNullable<'a> {
    #[ordered]
    pub name: Option<&'a str>,
    #[ordered]
    pub blob: Option<Vec<u8>>,
    #[ordered(copy)]
    #[reverse]
    pub body: Option<Vec<u8>>,
}

/// Phoenix: every fixed column type, both orders, and a `VARCHAR` last.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
pub struct PhoenixMixed {
    pub t: i8,
    #[reverse]
    pub s: i16,
    pub i: i32,
    #[reverse]
    pub l: i64,
    pub d: f64,
    #[reverse]
    pub flag: bool,
    pub on: bool,
    #[arbitrary(with = date)]
    pub day: Date,
    #[reverse]
    #[arbitrary(with = timestamp)]
    pub at: Timestamp,
    #[phoenix(char(3))]
    pub code: String,
    pub name: String,
}

/// Phoenix: `VARCHAR`s around a fixed column, one descending, borrowed.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
pub struct PhoenixVarchars<'a> {
    pub a: &'a str,
    pub n: i32,
    #[reverse]
    pub b: String,
}

/// Phoenix: `VARCHAR`s only, so that trailing nulls are left out.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
pub struct PhoenixAllVarchar {
    pub a: String,
    #[reverse]
    pub b: String,
    pub c: String,
}

/// Phoenix with its salt byte.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 37, phoenix))]
pub struct PhoenixSalted {
    #[reverse]
    pub host: String,
    pub ts: i64,
}

/// Phoenix of fixed columns only, salted: a fixed width.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(buckets = 4, phoenix))]
pub struct PhoenixFixed {
    #[phoenix(char(4))]
    #[reverse]
    pub code: String,
    pub id: i64,
}

/// Fields added in later versions.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct Evolved {
    #[pad(6)]
    pub user_id: u32,
    pub ts: u64,
    #[rowkey(since = 2)]
    pub region: Option<u16>,
    #[rowkey(since = 3)]
    pub archived: Option<bool>,
    #[rowkey(since = 3)]
    pub inner: Option<Inner>,
}

/// A field added after a variable-length one.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct EvolvedVariable {
    #[escaped]
    pub host: String,
    #[rowkey(since = 2)]
    pub port: Option<u16>,
}

/// Members told apart by a `#[tag]` field at the same offset.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct CustomerKey {
    pub customer: u64,
    #[tag(1)]
    pub kind: (),
}

/// See [`CustomerKey`].
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct OrderKey {
    pub customer: u64,
    #[tag(2)]
    pub kind: (),
    pub order: u64,
}

/// Members of one table without variant tags.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub enum Untagged {
    /// A customer's row.
    Customer(CustomerKey),
    /// One of its orders.
    Order(OrderKey),
}

/// A one-field key.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub struct UserKey {
    pub user: u64,
}

/// Members behind variant tags, of every kind of key.
#[derive(RowKey, Arbitrary, Debug, Clone, PartialEq)]
pub enum Tagged {
    /// Fixed codecs.
    #[tag(b"fx")]
    Fixed(Fixed),
    /// Variable codecs.
    #[tag(b"v")]
    Variable(Variable),
    /// One field.
    #[tag(b"u")]
    User(UserKey),
    /// HBase's `Struct`.
    #[tag(b"s")]
    Struct(StructFirst),
    /// Phoenix.
    #[tag(b"p")]
    Phoenix(PhoenixSalted),
    /// Added fields.
    #[tag(b"e")]
    Evolved(Evolved),
}

/// The values a key reads back as once written: its own, but for what a
/// codec documents it writes in one form. `#[ordered(numeric)]` writes
/// `-0.0` as zero, as HBase's `OrderedBytes` does.
pub trait AsWritten: Clone {
    /// The key as its bytes hold it.
    fn as_written(&self) -> Self {
        self.clone()
    }
}

/// Keys whose every value reads back as it was given.
macro_rules! written_as_given {
    ($($key:ident $(<$l:lifetime>)?),* $(,)?) => {
        $(impl $(<$l>)? AsWritten for $key $(<$l>)? {})*
    };
}

written_as_given!(
    Inner,
    SaltedInner,
    Ints,
    Numbers,
    Fixed,
    Viewed,
    FixedBorrowed<'a>,
    Variable,
    Borrowed<'a>,
    Trailing<'a>,
    TrailingBytes,
    Modulo,
    WideModulo,
    Custom,
    Java,
    OrderedNumbers,
    OrderedVar<'a>,
    OrderedCopyDesc,
    StructFirst,
    StructSecond,
    StructNullable<'a>,
    PhoenixMixed,
    PhoenixVarchars<'a>,
    PhoenixAllVarchar,
    PhoenixSalted,
    PhoenixFixed,
    Evolved,
    EvolvedVariable,
    CustomerKey,
    OrderKey,
    Untagged,
    Tagged,
);

impl AsWritten for StructNumeric {
    fn as_written(&self) -> Self {
        // `-0.0 + 0.0` is `+0.0`; every other value is itself.
        StructNumeric {
            score: self.score + 0.0,
            ..self.clone()
        }
    }
}
