//! The runtime of [rowkey](https://docs.rs/rowkey): the [`RowKey`] trait, the
//! field codecs, key ranges, salt buckets and the layout table.
//!
//! Users depend on the `rowkey` facade crate, which re-exports everything here
//! and adds `#[derive(RowKey)]`. Everything the derive generates calls plain,
//! tested functions of this crate, so the generated code stays short and the
//! logic lives where it can be read and tested.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

#[doc(hidden)]
pub mod checks;
pub mod codec;
// The unit tests build `compat` and `select` whenever there is an allocator,
// as the dev-dependency on the facade turns on `md5` and `view`: a
// dev-dependency turning these two on would turn on `alloc` in the tests
// without an allocator (`--no-default-features`) as well.
#[cfg(any(feature = "compat", all(test, feature = "alloc")))]
pub mod compat;
#[doc(hidden)]
pub mod cursor;
#[cfg(feature = "alloc")]
pub mod dynamic;
mod error;
mod fnv;
#[cfg(feature = "alloc")]
mod json;
mod key;
mod layout;
#[cfg(feature = "md5")]
mod md5;
#[cfg(feature = "alloc")]
mod merge;
mod migrate;
#[cfg(feature = "alloc")]
mod page;
#[doc(hidden)]
pub mod range;
#[doc(hidden)]
pub mod record;
#[doc(hidden)]
pub mod salt;
#[doc(hidden)]
pub mod scan;
#[cfg(feature = "alloc")]
pub mod schema;
#[cfg(any(feature = "select", all(test, feature = "alloc")))]
pub mod select;
pub mod text;
#[cfg(feature = "alloc")]
mod value;
#[cfg(feature = "view")]
mod view;
mod xxh32;

#[cfg(feature = "alloc")]
pub use dynamic::explained::Explained;
pub use error::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Number, ReadError};
pub use key::{OwnedRowKey, RowKey};
pub use layout::{
    FieldCodec, JavaType, KeyTypes, Layout, LayoutSalt, Member, Order, PhoenixType, Segment,
};
#[cfg(feature = "md5")]
pub use md5::Md5;
#[cfg(feature = "alloc")]
pub use merge::{Merge, ScanRow};
#[cfg(feature = "alloc")]
pub use migrate::order_break;
pub use migrate::{migrate, MigrateError};
#[cfg(feature = "alloc")]
pub use page::{Pager, Pages};
#[cfg(feature = "alloc")]
pub use range::KeyRangeBuf;
pub use range::{KeyRange, KeyRangeOf, RangeBytes};
pub use rowkey_format::KeyFormat;
#[cfg(feature = "alloc")]
pub use salt::BucketRangesBuf;
pub use salt::{BucketRanges, BucketRangesOf, Salt, SaltFormat, SaltHash, SplitPoint, SplitPoints};
#[cfg(feature = "view")]
pub use view::HasView;

/// What generated code calls. Not public API: it may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use crate::__select_builder as select_builder;
    pub use crate::__view as view;
    pub use crate::__with_alloc as with_alloc;
    pub use crate::__with_select as with_select;
    pub use crate::codec::ordered_field::VarType;
    pub use crate::codec::{
        self, boolean, bytes, escaped, fixed, hbase, int, narrow, nested, option, ordered,
        ordered_field, pad, phoenix, rest, tag, zeroed, FieldBytes, Slots,
    };
    pub use crate::cursor::{Reader, Writer};
    pub use crate::range::{self, range_capacity, Edge};
    pub use crate::salt;
    pub use crate::scan;
    #[cfg(feature = "select")]
    pub use crate::select;
    pub use crate::RowKey;
    pub use crate::{checks, record};
    pub use crate::{FieldCodec, JavaType, Layout, LayoutSalt, Order, PhoenixType, Segment};
    #[cfg(feature = "alloc")]
    pub use alloc::{borrow::Cow, string::String, vec, vec::Vec};
    pub use core::ops::{Bound, RangeBounds};
    pub use core::option::Option::{self, None, Some};
    pub use core::result::Result::{self, Err, Ok};
    pub use rowkey_format::{limits, names};
    #[cfg(feature = "view")]
    pub use zerocopy;
}

/// Expands its input when the `view` feature is on; otherwise says to turn
/// it on: the derive wraps the zerocopy view of `#[rowkey(view)]` in it,
/// since it cannot see features.
#[cfg(feature = "view")]
#[doc(hidden)]
#[macro_export]
macro_rules! __view {
    ($($item:tt)*) => { $($item)* };
}

#[cfg(not(feature = "view"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __view {
    ($($item:tt)*) => {
        ::core::compile_error!(
            "`#[rowkey(view)]` needs rowkey's `view` feature: `rowkey = { version = \"0.1\", features = [\"view\"] }`"
        );
    };
}

/// Expands its input when the `select` feature is on; otherwise says to turn
/// it on: the derive wraps the builder of `#[rowkey(select)]` in it.
#[cfg(feature = "select")]
#[doc(hidden)]
#[macro_export]
macro_rules! __select_builder {
    ($($item:tt)*) => { $($item)* };
}

#[cfg(not(feature = "select"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __select_builder {
    ($($item:tt)*) => {
        ::core::compile_error!(
            "`#[rowkey(select)]` needs rowkey's `select` feature: `rowkey = { version = \"0.1\", features = [\"select\"] }`"
        );
    };
}

/// Expands its input when the `select` feature is on, to nothing otherwise:
/// the `select()` of a key with `#[rowkey(select)]`, whose builder
/// `__select_builder!` turns into the error that names the feature.
#[cfg(feature = "select")]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_select {
    ($($item:tt)*) => { $($item)* };
}

#[cfg(not(feature = "select"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_select {
    ($($item:tt)*) => {};
}

/// Expands its input when the `alloc` feature is on, to nothing otherwise:
/// the `RowKey` impl of an enum of key types encodes into a `Vec<u8>`.
#[cfg(feature = "alloc")]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_alloc {
    ($($item:tt)*) => { $($item)* };
}

#[cfg(not(feature = "alloc"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_alloc {
    ($($item:tt)*) => {};
}
