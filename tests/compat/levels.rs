//! The levels and witnesses as users and the command line name them.

use rowkey::compat::{self, Level, Reading, Rule, Shows, Witness, Writer};
use rowkey::RowKey;

#[test]
fn level_names_are_the_command_line_words() {
    // `rowkey compat --level` and its JSON output use these words (README).
    let names = Level::ALL.map(Level::name);
    assert_eq!(
        names,
        ["breaking", "order", "reads-old", "renamed", "identical"]
    );
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
    }
    for unknown in ["", "reads old keys", "Breaking", "backward", "xyzzy"] {
        assert_eq!(Level::from_name(unknown), None, "{unknown}");
    }
}

#[test]
fn levels_as_reports_say_them() {
    let said = Level::ALL.map(|l| l.to_string());
    assert_eq!(
        said,
        [
            "breaking",
            "order kept",
            "reads old keys",
            "renamed only",
            "identical"
        ]
    );
}

#[test]
fn a_reading_is_the_key_type_then_each_field() {
    let reading = Reading {
        key_type: "FileKey".into(),
        fields: vec![
            ("user_id".into(), "1".into()),
            ("create_date".into(), "20120902".into()),
        ],
    };
    assert_eq!(
        reading.to_string(),
        "FileKey user_id=1 create_date=20120902"
    );
    let bare = Reading {
        key_type: "Empty".into(),
        fields: Vec::new(),
    };
    assert_eq!(bare.to_string(), "Empty");
}

#[test]
fn a_witness_leaves_order_kept_only_where_old_keys_merely_stop_decoding() {
    let witness = |shows| Witness {
        rule: Rule::FieldWidth,
        field: None,
        key: b"1".to_vec(),
        writer: Writer::Old,
        old: Err(String::new()),
        new: Err(String::new()),
        shows,
    };
    let order_kept = [
        Shows::NoLongerDecodes,
        Shows::ReadsNewFields {
            fields: vec!["region".into()],
        },
    ];
    for shows in order_kept {
        assert_eq!(witness(shows).level(), Level::OrderKept);
    }
    let breaking = [
        Shows::ReadsDifferently { fields: Vec::new() },
        Shows::WrittenElsewhere {
            new_key: Vec::new(),
        },
        Shows::NoValue {
            field: "a".into(),
            value: "1".into(),
        },
        Shows::Unreachable {
            field: "a".into(),
            missing: "b".into(),
        },
        Shows::ScanMisses {
            scan: "a=1".into(),
            start: Vec::new(),
            end: None,
        },
    ];
    for shows in breaking {
        assert_eq!(witness(shows).level(), Level::Breaking);
    }
}

#[derive(RowKey)]
struct Key {
    #[pad(6)]
    user_id: u32,
}

mod appended {
    use rowkey::RowKey;
    #[derive(RowKey)]
    pub struct Key {
        #[pad(6)]
        user_id: u32,
        #[rowkey(since = 2)]
        region: Option<u16>,
    }
}

#[test]
fn a_report_allows_its_verdict_and_every_weaker_level() {
    let report = compat::check(&Key::LAYOUT, &appended::Key::LAYOUT);
    assert_eq!(report.verdict, Level::ReadsOld);
    let allowed = Level::ALL.map(|l| report.allows(l));
    assert_eq!(allowed, [true, true, true, false, false]);
    let same = compat::check(&Key::LAYOUT, &Key::LAYOUT);
    assert!(Level::ALL.iter().all(|&l| same.allows(l)));
}

/// A witness of `shows` for key `key`, read the same by both layouts.
fn witness_of(key: &[u8], shows: Shows) -> Witness {
    let reading = Reading {
        key_type: "Key".into(),
        fields: vec![("id".into(), "1".into())],
    };
    Witness {
        rule: Rule::Observed,
        field: None,
        key: key.to_vec(),
        writer: Writer::Old,
        old: Ok(reading.clone()),
        new: Ok(reading),
        shows,
    }
}

#[test]
fn what_a_witness_shows_in_a_sentence() {
    let other = Reading {
        key_type: "Key".into(),
        fields: vec![("id".into(), "2".into())],
    };
    let out_of_order = |other_key: &[u8]| Shows::OutOfOrder {
        other: other_key.to_vec(),
        other_reading: other.clone(),
        field: "id".into(),
    };
    // Which side of the new key the old one sorts on, by their bytes.
    assert_eq!(
        witness_of(&[1], out_of_order(&[2])).shows_text(),
        "it sorts before the new key 0x02 (Key id=2), though their `id` values say the opposite"
    );
    assert_eq!(
        witness_of(&[3], out_of_order(&[2])).shows_text(),
        "it sorts after the new key 0x02 (Key id=2), though their `id` values say the opposite"
    );
    let new_fields = Shows::ReadsNewFields {
        fields: vec!["`region`".into(), "`zone`".into()],
    };
    assert_eq!(
        witness_of(&[1], new_fields).shows_text(),
        "it decodes, but `region`, `zone` read values where old keys hold none"
    );
    let elsewhere = Shows::WrittenElsewhere {
        new_key: vec![0, 0xAB],
    };
    assert_eq!(
        witness_of(&[1], elsewhere).shows_text(),
        "the new layout writes these values as 0x00ab: a second row for one key"
    );
    // A scan open at its end.
    let open = Shows::ScanMisses {
        scan: "id=1".into(),
        start: b"k\x01".to_vec(),
        end: None,
    };
    assert_eq!(
        witness_of(&[1], open).shows_text(),
        "the new layout's scan for id=1 covers [\"k\\x01\", the end), which misses it"
    );
    // A witness of the whole key names no field.
    let text = witness_of(b"a", Shows::NoLongerDecodes).to_string();
    assert_eq!(
        text,
        "witness of observed:\n  key   0x61 \"a\" (an old key)\n  old   Key id=1\n  new   Key id=1\n  so    the new layout does not decode it\n"
    );
}
