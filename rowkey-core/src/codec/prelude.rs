//! What a codec's [`Codec`] implementation uses, in one import.

pub(crate) use super::contract::{Codec, FieldRef, OwnedEdge};
pub(crate) use super::field_bytes::TextType;
pub(crate) use crate::cursor::Reader;
pub(crate) use crate::value::{InputError, Value};
pub(crate) use crate::{DecodeError, DecodeErrorKind, Number, ReadError};
pub(crate) use alloc::format;
pub(crate) use alloc::string::String;
pub(crate) use alloc::vec;
pub(crate) use alloc::vec::Vec;
