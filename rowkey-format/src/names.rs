//! The names of the generated scan helpers, built here so that the derive
//! and its fallback (and any tool) spell them the same way.

use core::fmt::{self, Write};

/// A generated scan helper.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Helper {
    /// `prefix_for_a_b`: every key whose leading fields are these.
    Prefix,
    /// `range_for_a_b`: the last field in a range.
    Range,
    /// `prefix_for_a_b_within`: the nested key `b` in one of its own ranges.
    Within,
}

/// Writes the helper's name for the leading `fields` (without `r#`):
/// `prefix_for_user_id_ts`, `range_for_user_id_ts`, `prefix_for_a_main_within`.
///
/// ```
/// use rowkey_format::names::{write, Helper};
/// let mut s = String::new();
/// write(&mut s, Helper::Within, ["a", "main"]).unwrap();
/// assert_eq!(s, "prefix_for_a_main_within");
/// ```
pub fn write<'a>(
    out: &mut impl Write,
    helper: Helper,
    fields: impl IntoIterator<Item = &'a str>,
) -> fmt::Result {
    out.write_str(match helper {
        Helper::Prefix | Helper::Within => "prefix_for",
        Helper::Range => "range_for",
    })?;
    for f in fields {
        out.write_char('_')?;
        out.write_str(f)?;
    }
    if helper == Helper::Within {
        out.write_str("_within")?;
    }
    Ok(())
}
