//! The Java-side types a key's fields take: Apache Phoenix column types
//! and the Java primitives of HBase's `Bytes`.

/// The Phoenix type of a `#[rowkey(phoenix)]` key's column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhoenixType {
    /// `TINYINT`, from `i8`.
    Tinyint,
    /// `SMALLINT`, from `i16`.
    Smallint,
    /// `INTEGER`, from `i32`.
    Integer,
    /// `BIGINT`, from `i64`.
    Bigint,
    /// `DOUBLE`, from `f64`.
    Double,
    /// `BOOLEAN`, from `bool`.
    Boolean,
    /// `DATE`, from `rowkey::codec::Date`.
    Date,
    /// `TIMESTAMP`, from `rowkey::codec::Timestamp`.
    Timestamp,
    /// `CHAR(n)`, from a string: `n` bytes, space padded.
    Char(usize),
    /// `VARCHAR`, from a string: its bytes, then a separator unless last.
    Varchar,
}

impl PhoenixType {
    /// Bytes the column takes; `None` for `VARCHAR`, whose length varies.
    pub const fn width(self) -> Option<usize> {
        Some(match self {
            PhoenixType::Tinyint | PhoenixType::Boolean => 1,
            PhoenixType::Smallint => 2,
            PhoenixType::Integer => 4,
            PhoenixType::Bigint | PhoenixType::Double | PhoenixType::Date => 8,
            PhoenixType::Timestamp => 12,
            PhoenixType::Char(n) => n,
            PhoenixType::Varchar => return None,
        })
    }

    /// The type's SQL name, without a `CHAR`'s length.
    pub const fn name(self) -> &'static str {
        match self {
            PhoenixType::Tinyint => "TINYINT",
            PhoenixType::Smallint => "SMALLINT",
            PhoenixType::Integer => "INTEGER",
            PhoenixType::Bigint => "BIGINT",
            PhoenixType::Double => "DOUBLE",
            PhoenixType::Boolean => "BOOLEAN",
            PhoenixType::Date => "DATE",
            PhoenixType::Timestamp => "TIMESTAMP",
            PhoenixType::Char(_) => "CHAR",
            PhoenixType::Varchar => "VARCHAR",
        }
    }

    /// A number per type, for fingerprints: the order of the variants.
    pub const fn code(self) -> u8 {
        match self {
            PhoenixType::Tinyint => 0,
            PhoenixType::Smallint => 1,
            PhoenixType::Integer => 2,
            PhoenixType::Bigint => 3,
            PhoenixType::Double => 4,
            PhoenixType::Boolean => 5,
            PhoenixType::Date => 6,
            PhoenixType::Timestamp => 7,
            PhoenixType::Char(_) => 8,
            PhoenixType::Varchar => 9,
        }
    }
}

/// The Java primitive a `#[java]` field holds, as `Bytes.toBytes` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JavaType {
    /// `short`, from `i16`: 2 bytes.
    Short,
    /// `int`, from `i32`: 4 bytes.
    Int,
    /// `long`, from `i64`: 8 bytes.
    Long,
    /// `float`, from `f32`: 4 bytes.
    Float,
    /// `double`, from `f64`: 8 bytes.
    Double,
    /// `boolean`, from `bool`: 1 byte.
    Boolean,
}

impl JavaType {
    /// Bytes the value takes.
    pub const fn width(self) -> usize {
        match self {
            JavaType::Boolean => 1,
            JavaType::Short => 2,
            JavaType::Int | JavaType::Float => 4,
            JavaType::Long | JavaType::Double => 8,
        }
    }

    /// The type of a name [`JavaType::name`] gives.
    pub fn from_name(name: &str) -> Option<JavaType> {
        [
            JavaType::Short,
            JavaType::Int,
            JavaType::Long,
            JavaType::Float,
            JavaType::Double,
            JavaType::Boolean,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }

    /// The Java type's name.
    pub const fn name(self) -> &'static str {
        match self {
            JavaType::Short => "short",
            JavaType::Int => "int",
            JavaType::Long => "long",
            JavaType::Float => "float",
            JavaType::Double => "double",
            JavaType::Boolean => "boolean",
        }
    }
}

/// How a key's fields follow one another: what the derive writes and the
/// runtime reads by, beyond each field's own codec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyFormat {
    /// Fields one after the other; trailing fields added with
    /// `#[rowkey(since = N)]` are left out while `None`.
    Plain,
    /// HBase's `Struct` of `#[ordered]` fields (`#[rowkey(hbase_struct)]`):
    /// as `Plain`, and a trailing run of `None` `Option`s is left out too.
    HbaseStruct,
    /// An Apache Phoenix primary key (`#[rowkey(phoenix)]`): a separator
    /// after each `VARCHAR` but the last column written, trailing nulls
    /// left out, and never a key of nulls only.
    Phoenix,
}
