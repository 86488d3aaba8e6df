//! The two things every check passes around: the key types a table holds
//! (one key, or an enum's members) and an old key type paired with its new
//! self.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::align::Alignment;
use super::Reading;
use crate::value::FieldValue;
use crate::{dynamic, KeyTypes, Layout, Member};

/// The key types a table holds: one key, or an enum's members in the order
/// its `decode` tries them.
pub(crate) struct Set<'s, 'a> {
    pub name: &'a str,
    pub members: &'s [Member<'a>],
    /// One key type, not an enum of them.
    pub single: bool,
}

impl<'s, 'a> Set<'s, 'a> {
    pub fn single(layout: &Layout<'a>, members: &'s [Member<'a>]) -> Self {
        Set {
            name: layout.name,
            members,
            single: true,
        }
    }

    pub fn types(t: &'s KeyTypes<'a>) -> Self {
        Set {
            name: t.name,
            members: t.members,
            single: false,
        }
    }

    /// Whether the two sets are the same schema: every name, codec, width
    /// and attribute alike (what their schema documents hold).
    pub fn same_as(&self, other: &Set<'_, '_>) -> bool {
        self.name == other.name && self.single == other.single && self.members == other.members
    }

    /// What member `i` is called in a report: the key's name, or the variant's.
    pub fn member_name(&self, i: usize) -> &'a str {
        let m = &self.members[i];
        if self.single {
            m.layout.name
        } else {
            m.name
        }
    }

    /// The member `bytes` decode as and its fields' values, as the key's (or
    /// the enum's) `decode` reads them: the first member whose tag and key
    /// decode.
    pub fn read(&self, bytes: &[u8]) -> Result<(usize, Vec<FieldValue<'a>>), String> {
        for (i, m) in self.members.iter().enumerate() {
            let Some(rest) = bytes.strip_prefix(m.tag) else {
                continue;
            };
            if let Ok(values) = dynamic::decode(m.layout, rest) {
                return Ok((i, values));
            }
        }
        // One member's error is its key's own `decode` error.
        let types = KeyTypes {
            name: self.name,
            members: self.members,
        };
        Err(types
            .explain(bytes)
            .error
            .map(|e| e.to_string())
            .unwrap_or_default())
    }

    /// [`Set::read`] for a report.
    pub fn reading(&self, bytes: &[u8]) -> Result<Reading, String> {
        let (i, values) = self.read(bytes)?;
        Ok(Reading {
            key_type: self.member_name(i).to_string(),
            fields: values
                .iter()
                .map(|v| (v.name.to_string(), v.value.to_string()))
                .collect(),
        })
    }
}

/// An old key type and its new self, and how their fields align.
pub(crate) struct Pairing<'l, 'a> {
    pub old: usize,
    pub new: usize,
    pub align: Alignment<'l, 'a>,
}

/// Whether a check compares one key type with one (`compat::check`), not
/// enums of them (`compat::check_key_types`): its two sets are always of
/// one kind.
pub(crate) fn singles(old: &Set<'_, '_>, new: &Set<'_, '_>) -> bool {
    debug_assert_eq!(old.single, new.single, "a check's sets are of one kind");
    old.single
}
