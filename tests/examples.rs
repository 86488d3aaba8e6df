//! Runs every example with small inputs and checks its answer, not just that it ran.

// Each example includes `examples/common/mod.rs` for itself, so it stands alone.
#![allow(clippy::duplicate_mod)]

#[allow(dead_code)]
#[path = "../examples/quickstart.rs"]
mod quickstart;

#[allow(dead_code)]
#[path = "../examples/transactions.rs"]
mod transactions;

#[allow(dead_code)]
#[path = "../examples/statistics.rs"]
mod statistics;

#[allow(dead_code)]
#[path = "../examples/general.rs"]
mod general;

#[allow(dead_code)]
#[path = "../examples/timeseries.rs"]
mod timeseries;

#[allow(dead_code)]
#[path = "../examples/hashed.rs"]
mod hashed;

#[allow(dead_code)]
#[path = "../examples/customer_orders.rs"]
mod customer_orders;

#[allow(dead_code)]
#[path = "../examples/secondary_index.rs"]
mod secondary_index;

#[allow(dead_code)]
#[path = "../examples/colocated_index.rs"]
mod colocated_index;

#[allow(dead_code)]
#[path = "../examples/key_change.rs"]
mod key_change;

#[allow(dead_code)]
#[path = "../examples/skip_scan.rs"]
mod skip_scan;

use std::io::sink;

#[test]
fn quickstart_finds_files_1_2_3_4_5_7() {
    let mut out = Vec::new();
    let s = quickstart::run(&mut out).unwrap();
    assert_eq!(s.stored, 10);
    assert_eq!(
        s.scanned, 6,
        "the scan reads user 1's files of 0901..=0914 only"
    );
    assert_eq!(s.found, [1, 2, 3, 4, 5, 7]);
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("| 0..6   | user_id     | pad(6) | ascending |"),
        "{text}"
    );
    assert!(text.contains("00000120120914000007"), "{text}");
    assert!(
        text.contains(r#"scan ["00000120120901", "00000120120915")"#),
        "{text}"
    );
}

#[test]
fn transactions_keep_one_row_per_terminal_and_millisecond() {
    let cfg = transactions::Config {
        days: 2,
        per_day: 5_000,
        terminals: 100,
        double_every: 50,
    };
    let s = transactions::run(&cfg, &mut sink()).unwrap();
    assert_eq!(s.offered, 2 * (5_000 + 100));
    // Every transaction is stored, the doubles under a later millisecond.
    assert_eq!(s.stored, s.offered);
    assert!(
        s.collisions >= 200,
        "at least the 200 deliberate doubles: {s:?}"
    );
    assert_eq!(s.restamped, s.collisions);
    assert_eq!(s.rejected, 0);
    assert_eq!(s.window_rows, s.window_expected);
    assert_eq!(s.midnight_rows, s.midnight_expected);
    assert!(s.window_rows > 0 && s.midnight_rows > 0, "{s:?}");
}

#[test]
fn statistics_recomputation_leaves_no_stale_row() {
    let cfg = statistics::Config {
        dims: 300,
        events: 30_000,
        window: 600..660,
    };
    let s = statistics::run(&cfg, &mut sink()).unwrap();
    assert!(s.matches_fresh, "{s:?}");
    assert!(
        s.orphans > 0,
        "the test feed must leave rows only a delete removes: {s:?}"
    );
    assert_eq!(s.rows_final, s.rows_first - s.deleted + s.rewritten);
    assert!(s.dim7_after < s.dim7_before, "{s:?}");
}

#[test]
fn general_loaders_with_factors_never_overwrite() {
    let cfg = general::Config {
        loaders: 4,
        rows_per_loader: 3_000,
    };
    let s = general::run(&cfg, &mut sink()).unwrap();
    assert_eq!(s.naive_written, 12_000);
    assert_eq!(
        s.naive_stored, 3_000,
        "without factors the loaders' rows land on the same keys"
    );
    assert_eq!(s.factored_written, 12_000);
    assert_eq!(s.factored_stored, s.factored_written);
    let loaders: Vec<u32> = s.lookups.iter().map(|l| l.1).collect();
    assert_eq!(loaders, [0, 1, 2, 3, 1]);
    assert_eq!(s.lookups[4].2, "loader 1 row 1000");
}

#[test]
fn timeseries_fans_out_and_salting_spreads_the_writes() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("spread.svg");
    let cfg = timeseries::Config {
        events: 20_000,
        hosts: 40,
        progress: false,
        svg: Some(svg.clone()),
    };
    let s = timeseries::run(&cfg, &mut sink()).unwrap();
    assert_eq!((s.salted_rows, s.host_rows), (20_000, 20_000));
    assert_eq!(s.range_scans, 100);
    assert_eq!(s.range_rows, s.range_expected);
    assert!(s.range_rows > 100, "{s:?}");
    assert!(s.range_in_order);
    assert_eq!(s.latest.len(), 10);
    assert_eq!(s.latest, s.latest_expected);
    // Unsalted: the last region takes every write.
    assert_eq!(s.unsalted.rows[99], 20_000);
    assert_eq!(s.unsalted.regions_written(), 1);
    assert!((s.unsalted.max_over_mean() - 100.0).abs() < 1e-9);
    // Salted: every region, evenly.
    assert_eq!(s.salted.rows.iter().sum::<u64>(), 20_000);
    assert_eq!(s.salted.regions_written(), 100);
    assert!(s.salted.max_over_mean() < 1.5, "{:?}", s.salted);
    assert!(
        s.regions_per_window.0 <= 2.0 && s.regions_per_window.1 > 50.0,
        "{:?}",
        s.regions_per_window
    );
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("max/mean 100.00"),
        "{}",
        &svg[..200.min(svg.len())]
    );
}

#[test]
fn hashed_and_numeric_keys_find_the_same_events() {
    let cfg = hashed::Config {
        events: 5_000,
        hosts: 20,
    };
    let s = hashed::run(&cfg, &mut sink()).unwrap();
    assert_eq!(s.dictionary, (20, 12));
    assert!(!s.expected.is_empty(), "{s:?}");
    assert_eq!(s.hashed, s.expected);
    assert_eq!(s.numeric, s.expected);
    assert_eq!(s.host_rows, s.host_expected);
}

#[test]
fn customer_orders_one_scan_returns_the_customer_and_its_orders() {
    let cfg = customer_orders::Config {
        customers: 500,
        max_orders: 20,
    };
    let s = customer_orders::run(&cfg, &mut sink()).unwrap();
    assert_eq!(s.customer, s.expected);
    assert!(!s.customer.orders.is_empty());
    assert_eq!(s.scanned, 1 + s.expected.orders.len());
    assert_eq!(s.all_customers, 500);
    assert_eq!(s.full_scan_rows, s.rows);
}

#[test]
fn secondary_index_pages_through_the_mapping_table() {
    let cfg = secondary_index::Config {
        messages: 30_000,
        sparsity: 10,
        page: 50,
    };
    let s = secondary_index::run(&cfg, &mut sink()).unwrap();
    assert_eq!(s.found, s.expected, "every match, newest first, none twice");
    assert!(s.rows_match);
    assert!(s.pages.len() >= 3, "{:?}", s.pages);
    let (last, full) = s.pages.split_last().unwrap();
    assert!(
        full.iter().all(|&n| n == 50) && (1..=50).contains(last),
        "{:?}",
        s.pages
    );
}

#[test]
fn colocated_index_answers_inside_each_region() {
    let cfg = colocated_index::Config {
        rows: 20_000,
        values: 10,
    };
    let s = colocated_index::run(&cfg, &mut sink()).unwrap();
    assert_eq!(s.scans, 100);
    assert_eq!(s.found, s.expected);
    assert!(s.found.len() > 100, "{}", s.found.len());
    assert_eq!(s.index_rows, 20_000);
    assert_eq!(s.misplaced, 0);
    assert!(s.index_first);
}

#[test]
fn key_change_fails_review_is_migrated_and_then_passes() {
    let mut out = Vec::new();
    let s = key_change::run(&mut out).unwrap();
    assert_eq!(s.verdict, rowkey::compat::Level::Breaking);
    assert!(
        s.review.contains("witness of field-width (`user_id`)"),
        "{}",
        s.review
    );
    assert!(s.review.contains("ROWKEY_UPDATE_SCHEMAS=breaking"));
    assert_eq!((s.migrated, s.old_keys_left), (10, 0));
    assert!(s.order_kept, "widening the user id keeps the keys' order");
    assert_eq!(s.found_before, [1, 2, 3, 4, 5, 7]);
    assert_eq!(s.found_after, s.found_before);
    assert_eq!(s.after_accepting, rowkey::schema::Snapshot::Unchanged);
    // The README shows the review's report as the example prints it.
    let readme = include_str!("../README.md");
    assert!(
        readme.contains(&s.review),
        "the README's report differs from the example's:\n{}",
        s.review
    );
    // And its migration, line for line from the example.
    let source = include_str!("../examples/key_change.rs");
    let shown = readme
        .split("(from `examples/key_change.rs`):")
        .nth(1)
        .and_then(|rest| rest.split("```rust,ignore\n").nth(1))
        .and_then(|block| block.split("\n```").next())
        .expect("the README shows the migration");
    for line in shown.lines() {
        assert!(source.contains(line.trim()), "not in the example: {line}");
    }
}

#[test]
fn skip_scans_find_what_the_hand_written_scans_find_reading_fewer_rows() {
    let mut out = Vec::new();
    let s = skip_scan::run(30_000, &mut out).unwrap();
    assert_eq!(s.file_rows, 30_000);
    assert!(s.log_rows > 25_000, "{}", s.log_rows);
    for q in &s.queries {
        assert!(q.agree, "{}: every way finds the same rows", q.title);
        let (skip, wide) = (&q.ways[0], q.ways.last().unwrap());
        assert!(skip.matches > 0, "{}", q.title);
        assert!(
            skip.rows_read < wide.rows_read,
            "{}: {skip:?} against {wide:?}",
            q.title
        );
    }
    // Users 1, 5 and 9: three exact ranges, only matching rows read.
    let users = &s.queries[0].ways[0];
    assert_eq!((users.scans, users.rows_read), (3, users.matches));
    // Files 3 and 7 of each day: about one row read per match.
    let files = &s.queries[1].ways[0];
    assert!(files.rows_read <= 2 * files.matches, "{files:?}");
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("every way found the same rows"), "{text}");
}
