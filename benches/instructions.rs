//! The program `cargo xtask instructions` runs under cachegrind: one workload
//! of `support/workloads.rs`, rowkey or the hand-written code, `passes` times
//! over its records (the same records, seed and baselines as `benches/keys.rs`).
//!
//! ```text
//! instructions <workload> <rowkey|hand-written> <passes>
//! instructions --list
//! ```
//!
//! The first prints `records N` (what one pass handles) and exits:
//! instructions per operation are `(I(passes = P) - I(passes = 0)) / (P * N)`,
//! the difference removing start-up and record generation. The second prints
//! one line per workload, `id<TAB>target<TAB>name` (`none`: no target). Without arguments (as
//! under `cargo test`), it checks that every baseline gives rowkey's bytes on
//! every record, then runs every workload once in both variants.

use std::hint::black_box;
use std::process::ExitCode;

#[path = "support/workloads.rs"]
mod workloads;
use workloads::{agree, each, records, Records, Runner, Workload};

/// `f` on every record, `passes` times; every result through `black_box`.
#[inline(never)]
fn run<R, K>(passes: usize, recs: &[R], f: impl Fn(&R) -> K) -> usize {
    for _ in 0..passes {
        for r in black_box(recs) {
            black_box(f(r));
        }
    }
    recs.len()
}

/// Runs the one workload named `id`, in one variant.
struct Count<'a> {
    id: &'a str,
    rowkey: bool,
    passes: usize,
    /// The records of one pass, once the workload has run.
    records: Option<usize>,
}

impl Runner for Count<'_> {
    fn run<R, A, B>(
        &mut self,
        w: Workload,
        recs: &[R],
        rowkey: impl Fn(&R) -> A,
        hand: impl Fn(&R) -> B,
    ) {
        if w.id == self.id {
            self.records = Some(if self.rowkey {
                run(self.passes, recs, rowkey)
            } else {
                run(self.passes, recs, hand)
            });
        }
    }
}

/// Prints each workload: `id<TAB>target<TAB>name`.
struct List;

impl Runner for List {
    fn run<R, A, B>(&mut self, w: Workload, _: &[R], _: impl Fn(&R) -> A, _: impl Fn(&R) -> B) {
        let target = w
            .kind
            .target()
            .map_or("none".to_string(), |t| t.to_string());
        println!("{}\t{target}\t{}", w.id, w.name);
    }
}

/// Runs every workload once in both variants.
struct Once;

impl Runner for Once {
    fn run<R, A, B>(
        &mut self,
        _: Workload,
        recs: &[R],
        rowkey: impl Fn(&R) -> A,
        hand: impl Fn(&R) -> B,
    ) {
        run(1, recs, rowkey);
        run(1, recs, hand);
    }
}

fn count(d: &Records, id: &str, variant: &str, passes: &str) -> ExitCode {
    let rowkey = match variant {
        "rowkey" => true,
        "hand-written" => false,
        _ => {
            eprintln!("variant: `rowkey` or `hand-written`, not `{variant}`");
            return ExitCode::from(2);
        }
    };
    let Ok(passes) = passes.parse() else {
        eprintln!("passes: a number, not `{passes}`");
        return ExitCode::from(2);
    };
    let mut c = Count {
        id,
        rowkey,
        passes,
        records: None,
    };
    each(d, &mut c);
    match c.records {
        Some(n) => {
            println!("records {n}");
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("no workload `{id}`; `--list` lists them");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [list] if list == "--list" => {
            each(&records(), &mut List);
            ExitCode::SUCCESS
        }
        [id, variant, passes] if !id.starts_with('-') => count(&records(), id, variant, passes),
        // `cargo test` / `cargo bench` without a workload: check, and run each once.
        _ => {
            let d = records();
            agree::all(&d);
            each(&d, &mut Once);
            ExitCode::SUCCESS
        }
    }
}
