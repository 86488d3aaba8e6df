//! HBase `OrderedBytes` header bytes: each value's first byte names its type
//! (ascending; a descending value inverts it with the rest).

/// The header of a null.
pub const NULL: u8 = 0x05;
/// The header of `Int8` (`OrderedInt8`).
pub const INT8: u8 = 0x29;
/// The header of `Int16`.
pub const INT16: u8 = 0x2A;
/// The header of `Int32`.
pub const INT32: u8 = 0x2B;
/// The header of `Int64`.
pub const INT64: u8 = 0x2C;
/// The header of `Float32`.
pub const FLOAT32: u8 = 0x30;
/// The header of `Float64`.
pub const FLOAT64: u8 = 0x31;
/// The header of `Text`.
pub const TEXT: u8 = 0x34;
/// The header of `BlobVar`.
pub const BLOB_VAR: u8 = 0x37;
/// The header of `BlobCopy`.
pub const BLOB_COPY: u8 = 0x38;

/// The variable-length OrderedBytes type of a string or bytes field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarType {
    /// `Text` (`OrderedString`): terminated, no `0x00` inside; order kept.
    Text,
    /// `BlobVar` (`OrderedBlobVar`): any bytes in 7-bit groups; order kept
    /// only within one length.
    BlobVar,
    /// `BlobCopy` (`OrderedBlob`): the bytes as they are, to the end of the key.
    BlobCopy,
}

impl VarType {
    /// The ascending header byte.
    pub const fn header(self) -> u8 {
        match self {
            VarType::Text => TEXT,
            VarType::BlobVar => BLOB_VAR,
            VarType::BlobCopy => BLOB_COPY,
        }
    }

    /// The type whose ascending header is `header`.
    pub const fn from_header(header: u8) -> Option<VarType> {
        match header {
            TEXT => Some(VarType::Text),
            BLOB_VAR => Some(VarType::BlobVar),
            BLOB_COPY => Some(VarType::BlobCopy),
            _ => None,
        }
    }

    /// The HBase type's name, for messages and tables.
    pub const fn name(self) -> &'static str {
        match self {
            VarType::Text => "text",
            VarType::BlobVar => "blob_var",
            VarType::BlobCopy => "blob_copy",
        }
    }
}
