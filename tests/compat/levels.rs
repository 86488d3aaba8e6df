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
