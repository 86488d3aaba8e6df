//! `compat`: whether a new schema still reads the keys an old one wrote,
//! as text for a reviewer or one JSON object for CI.

use rowkey_core::compat::{Level, Reading, Report, Shows, Witness, Writer};
use rowkey_core::schema::{self, Schema};
use serde_json::{json, Value};

use crate::json::FORMAT;
use crate::keytext::{hex, shell};

/// The report of `new` against `old`, and whether it is at least `level`.
pub fn check(old: Schema<'_>, new: Schema<'_>, level: Level) -> (Report, bool) {
    let report = schema::compare(old, new);
    let ok = report.allows(level);
    (report, ok)
}

/// The report for a reader, with the level asked for last.
pub fn print(report: &Report, level: Level) -> String {
    let verdict = if report.allows(level) {
        "compatible"
    } else {
        "not compatible"
    };
    format!(
        "{report}{verdict} at the level asked for, {level} (--level {})\n",
        level.name()
    )
}

/// The report as one JSON object (format 1): `verdict`, `level` and
/// `compatible`, the `changes`, the `witnesses`, the `migration` and the
/// keys `checked`.
pub fn print_json(report: &Report, level: Level) -> String {
    let changes: Vec<Value> = report
        .changes
        .iter()
        .map(|c| {
            json!({
                "rule": c.rule.name(),
                "field": c.field,
                "level": c.level.name(),
                "message": c.message,
            })
        })
        .collect();
    let witnesses: Vec<Value> = report.witnesses.iter().map(witness).collect();
    let doc = json!({
        "format": FORMAT,
        "old": report.old,
        "new": report.new,
        "verdict": report.verdict.name(),
        "level": level.name(),
        "compatible": report.allows(level),
        "changes": changes,
        "witnesses": witnesses,
        "migration": {
            "needed": report.migration.needed,
            "from_keys_alone": report.migration.from_keys_alone,
            "notes": report.migration.notes,
        },
        "checked": {
            "old_keys": report.checked.old_keys,
            "new_keys": report.checked.new_keys,
        },
    });
    format!("{doc}\n")
}

fn witness(w: &Witness) -> Value {
    json!({
        "rule": w.rule.name(),
        "field": w.field,
        "key": hex(&w.key),
        "shell": shell(&w.key),
        "writer": match w.writer {
            Writer::Old => "old",
            Writer::New => "new",
        },
        "old": reading(&w.old),
        "new": reading(&w.new),
        "shows": shows(w),
    })
}

fn reading(r: &Result<Reading, String>) -> Value {
    match r {
        Ok(r) => {
            let fields: Vec<Value> = r
                .fields
                .iter()
                .map(|(name, value)| json!({"name": name, "value": value}))
                .collect();
            json!({"key_type": r.key_type, "fields": fields, "error": null})
        }
        Err(e) => json!({"key_type": null, "fields": null, "error": e}),
    }
}

/// What goes wrong: its `kind`, the sentence, and the kind's own data.
fn shows(w: &Witness) -> Value {
    let mut v = match &w.shows {
        Shows::NoLongerDecodes => json!({"kind": "no_longer_decodes"}),
        Shows::ReadsNewFields { fields } => json!({"kind": "reads_new_fields", "fields": fields}),
        Shows::ReadsDifferently { fields } => {
            json!({"kind": "reads_differently", "fields": fields})
        }
        Shows::WrittenElsewhere { new_key } => {
            json!({"kind": "written_elsewhere", "new_key": hex(new_key)})
        }
        Shows::NoValue { field, value } => {
            json!({"kind": "no_value", "field": field, "value": value})
        }
        Shows::Unreachable { field, missing } => {
            json!({"kind": "unreachable", "field": field, "missing": missing})
        }
        Shows::ScanMisses { scan, start, end } => json!({
            "kind": "scan_misses",
            "scan": scan,
            "start": hex(start),
            "end": end.as_deref().map(hex),
        }),
        Shows::OutOfOrder {
            other,
            other_reading,
            field,
        } => json!({
            "kind": "out_of_order",
            "other": hex(other),
            "other_reading": reading(&Ok(other_reading.clone())),
            "field": field,
        }),
    };
    v["message"] = json!(w.shows_text());
    v
}
