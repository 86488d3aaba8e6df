//! The report put together and printed: changes weakest first, a witness
//! per change, and what a migration takes.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use super::set::{singles, Pairing, Set};
use super::{Change, Checked, Level, Migration, Report, Rule, Shows, Witness, Writer};
use crate::text::StringBinary;
use crate::FieldCodec;

/// The report of a verdict, its changes sorted weakest first.
pub(crate) fn finish(
    (old, new): (String, String),
    verdict: Level,
    mut changes: Vec<Change>,
    witnesses: Vec<Witness>,
    checked: Checked,
    migration: Migration,
) -> Report {
    changes.sort_by_key(|c| c.level);
    Report {
        old,
        new,
        verdict,
        changes,
        witnesses,
        migration,
        checked,
    }
}

/// `0x0102`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let mut s = String::from("0x");
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// What rewriting the keys takes, from the aligned fields of each key type.
pub(crate) fn migration(
    old: &Set<'_, '_>,
    new: &Set<'_, '_>,
    pairings: &[Pairing<'_, '_>],
    changes: &[Change],
    verdict: Level,
) -> Migration {
    let mut notes = Vec::new();
    let mut from_keys_alone = true;
    let single = singles(old, new);
    for p in pairings {
        let prefix = if single {
            String::new()
        } else {
            format!("{}.", new.member_name(p.new))
        };
        let shared = p.align.shared();
        for (j, seg) in p.align.new.iter().enumerate() {
            let supplied = matches!(seg.kind, FieldCodec::Tag(_)) || seg.omittable();
            if !supplied && !shared.iter().any(|&(_, n)| n == j) {
                from_keys_alone = false;
                notes.push(format!(
                    "`{prefix}{}` is not in the old keys: the mapping must give it a value (a constant, or one read from the row)",
                    seg.name
                ));
            }
        }
        for (i, seg) in p.align.old.iter().enumerate() {
            let kept = shared.iter().any(|&(o, _)| o == i);
            if !kept && !matches!(seg.kind, FieldCodec::Tag(_)) {
                notes.push(format!(
                    "`{prefix}{}` is dropped: old keys that differ only there become one new key, and the later write overwrites the earlier",
                    seg.name
                ));
            }
        }
    }
    for c in changes {
        let field = c.field.as_deref().unwrap_or_default();
        match (c.rule, c.level) {
            (Rule::FieldType, Level::Breaking) => notes.push(format!(
                "`{field}`: old values the new type cannot hold do not encode; `rowkey::migrate` reports each with its position"
            )),
            (Rule::MemberRemoved, _) => notes.push(format!(
                "key type `{field}` is gone: its keys need a decision of their own (delete them, or map them to another key type)"
            )),
            _ => {}
        }
    }
    let moves = changes
        .iter()
        .any(|c| c.level == Level::Breaking && moves_keys(c.rule));
    if moves {
        notes.push("the new keys are other bytes than the old ones: write each beside its old key (or into a new table), then delete the old keys; `rowkey::order_break` tells in a test whether the rewrite keeps the keys' order".to_string());
    }
    Migration {
        needed: verdict < Level::ReadsOld,
        from_keys_alone,
        notes,
    }
}

/// Whether a breaking change of this rule writes a key's values as other
/// bytes, so a new key does not overwrite its old one.
fn moves_keys(rule: Rule) -> bool {
    !matches!(
        rule,
        Rule::FieldType | Rule::MemberOverlap | Rule::MemberRemoved | Rule::Observed
    )
}

impl fmt::Display for super::Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.old == self.new {
            writeln!(f, "{}: {}", self.new, self.verdict)?;
        } else {
            writeln!(f, "{} → {}: {}", self.old, self.new, self.verdict)?;
        }
        for c in &self.changes {
            writeln!(
                f,
                "  {:<15} {:<15} {}",
                c.level.to_string(),
                c.rule.name(),
                c.message
            )?;
        }
        for w in &self.witnesses {
            write!(f, "{w}")?;
        }
        write_migration(f, &self.migration)?;
        if self.checked.old_keys + self.checked.new_keys > 0 {
            writeln!(
                f,
                "checked with rowkey::dynamic on {} old keys and {} new keys",
                self.checked.old_keys, self.checked.new_keys
            )?;
        }
        Ok(())
    }
}

fn write_migration(f: &mut fmt::Formatter<'_>, m: &Migration) -> fmt::Result {
    if !m.needed {
        return writeln!(
            f,
            "migration: none needed, the new layout reads every old key"
        );
    }
    if m.from_keys_alone {
        writeln!(f, "migration: `rowkey::migrate::<Old, New>(old_keys, |old| New {{ .. }})` rewrites the keys one by one, keeping the old key type (renamed) to decode them")?;
    } else {
        writeln!(f, "migration: `rowkey::migrate` alone does not rewrite the keys, a new key needs more than the old key holds")?;
    }
    for n in &m.notes {
        writeln!(f, "  - {n}")?;
    }
    Ok(())
}

impl fmt::Display for Witness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => writeln!(f, "witness of {} (`{field}`):", self.rule.name())?,
            None => writeln!(f, "witness of {}:", self.rule.name())?,
        }
        let who = match self.writer {
            Writer::Old => "an old key",
            Writer::New => "a new key",
        };
        writeln!(
            f,
            "  key   {} \"{}\" ({who})",
            hex(&self.key),
            StringBinary(&self.key)
        )?;
        writeln!(f, "  old   {}", reading(&self.old))?;
        writeln!(f, "  new   {}", reading(&self.new))?;
        writeln!(f, "  so    {}", self.shows_text())
    }
}

fn reading(r: &Result<super::Reading, String>) -> String {
    match r {
        Ok(r) => r.to_string(),
        Err(e) => format!("does not decode: {e}"),
    }
}

impl Witness {
    /// What goes wrong, in a sentence.
    pub fn shows_text(&self) -> String {
        match &self.shows {
            Shows::NoLongerDecodes => "the new layout does not decode it".into(),
            Shows::ReadsNewFields { fields } => format!(
                "it decodes, but {} read values where old keys hold none",
                fields.join(", ")
            ),
            Shows::ReadsDifferently { fields } => {
                format!("it reads as other values: {}", fields.join(", "))
            }
            Shows::WrittenElsewhere { new_key } => format!(
                "the new layout writes these values as {}: a second row for one key",
                hex(new_key)
            ),
            Shows::NoValue { field, value } => format!(
                "its `{field}` is {value}, which the new field cannot hold: no scan of the new layout finds it"
            ),
            Shows::Unreachable { field, missing } => format!(
                "the new layout scans by `{field}` only after `{missing}`, which old keys lack: no scan of it by `{field}` finds this key"
            ),
            Shows::ScanMisses { scan, start, end } => format!(
                "the new layout's scan for {scan} covers [\"{}\", {}), which misses it",
                StringBinary(start),
                end.as_deref().map_or("the end".to_string(), |e| format!(
                    "\"{}\"",
                    StringBinary(e)
                ))
            ),
            Shows::OutOfOrder {
                other,
                other_reading,
                field,
            } => {
                let side = if self.key < *other { "before" } else { "after" };
                format!(
                    "it sorts {side} the new key {} ({other_reading}), though their `{field}` values say the opposite",
                    hex(other)
                )
            }
        }
    }
}
