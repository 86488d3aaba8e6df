//! Log data, seed 002: `[timestamp][host][event]` keys grow monotonically, so
//! every new write lands in the table's last region (the hot spot). The
//! article's cure, `[bucket][timestamp][host][event]`, is here
//! `#[salt(mod = 100)]` on the timestamp: 100 buckets, one per region, and a
//! time-range read becomes 100 scans (`range_for_ts` returns all 100 ranges).
//! The alternative layout `[host][event][reverse timestamp]` keeps a host's
//! events together, newest first, so "the latest N" is the start of one scan.
//!
//! Both queries read several scans at once and merge them (`BucketRanges::merge`,
//! `Merge::new`): the rows come in key order without being collected and sorted.
//!
//! The example ingests the events into both layouts (fjall, batches of 10,000,
//! a progress bar), answers both queries, and shows how writes spread over 100
//! regions: the salted table split at its bucket boundaries
//! (`SaltedEvent::split_points()`) against the unsalted `[timestamp][host][event]`
//! table split the way auto-splitting leaves a monotonic key: evenly over the
//! time range it has seen, here the previous period of the same length.
//!
//! Run: `cargo run --release --example timeseries` (`-- --events N`, and
//! `-- --svg` to write `docs/region-spread.svg`).

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use common::{scan, scan_keys, Result, Store};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::{KeyRange, Merge, RowKey};

/// `[bucket][timestamp][host][event]`: the bucket is xxh32 of the timestamp's bytes mod 100.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub struct SaltedEvent<'a> {
    #[salt(mod = 100)]
    pub ts: u64,
    #[fixed(12)]
    pub host: &'a str,
    #[fixed(10)]
    pub event: &'a str,
}

/// `[host][event][reverse timestamp]`: a host's events of a type, newest first.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub struct HostEvent<'a> {
    #[fixed(12)]
    pub host: &'a str,
    #[fixed(10)]
    pub event: &'a str,
    #[reverse]
    pub ts: u64,
}

/// `[timestamp][host][event]`, unsalted: only its keys are computed, to show where they would go.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub struct TimeEvent<'a> {
    pub ts: u64,
    #[fixed(12)]
    pub host: &'a str,
    #[fixed(10)]
    pub event: &'a str,
}

/// The event types.
pub const EVENTS: [&str; 8] = [
    "request",
    "login",
    "logout",
    "error",
    "timeout",
    "deploy",
    "cache-miss",
    "gc-pause",
];

/// 2024-03-01T00:00:00Z in milliseconds.
pub const START: u64 = 1_709_251_200_000;

/// Regions of both tables.
pub const REGIONS: usize = 100;

/// The settings of a run.
pub struct Config {
    /// Events to ingest.
    pub events: usize,
    /// Hosts (`web-001` ...).
    pub hosts: usize,
    /// Show the progress bar.
    pub progress: bool,
    /// Where to write the SVG chart, if anywhere.
    pub svg: Option<PathBuf>,
}

/// One event in memory: timestamp, host index, event index, value.
#[derive(Debug, Clone, Copy)]
pub struct Event {
    pub ts: u64,
    pub host: u16,
    pub event: u8,
    pub value: u32,
}

/// Rows per region of one layout.
#[derive(Debug, Clone)]
pub struct Spread {
    pub rows: Vec<u64>,
}

impl Spread {
    pub fn max(&self) -> u64 {
        self.rows.iter().copied().max().unwrap_or(0)
    }
    pub fn mean(&self) -> f64 {
        self.rows.iter().sum::<u64>() as f64 / self.rows.len() as f64
    }
    /// The hot-spot figure: the fullest region against the average (1.0 is perfectly even).
    pub fn max_over_mean(&self) -> f64 {
        self.max() as f64 / self.mean()
    }
    /// Regions that took at least one write.
    pub fn regions_written(&self) -> usize {
        self.rows.iter().filter(|&&n| n > 0).count()
    }
}

/// What the example measured and found.
#[derive(Debug)]
pub struct Summary {
    pub events: usize,
    /// Rows in the salted and in the host-first table.
    pub salted_rows: usize,
    pub host_rows: usize,
    /// Events per second (each event written to both tables).
    pub ingest_rate: f64,
    /// Time-range query: scans issued, rows found, rows expected (brute force).
    pub range_scans: usize,
    pub range_rows: usize,
    pub range_expected: usize,
    /// Whether the fanned-out rows, merged, come back in key order (timestamp, host, event)
    /// with every timestamp in the window.
    pub range_in_order: bool,
    /// "Latest N of a host": timestamps found, and expected by brute force.
    pub latest: Vec<u64>,
    pub latest_expected: Vec<u64>,
    /// Writes per region: unsalted `[ts][host][event]`, salted (counted in the store).
    pub unsalted: Spread,
    pub salted: Spread,
    /// Regions one window of `events / 100` consecutive writes touches, on
    /// average, even with the unsalted table pre-split over the ingest's own
    /// time range: unsalted, salted.
    pub regions_per_window: (f64, f64),
}

fn host_name(i: u16) -> String {
    format!("web-{:03}", i + 1)
}

/// `n` events, timestamps strictly increasing from [`START`] with gaps of 1..=5 ms.
pub fn generate(n: usize, hosts: usize) -> Vec<Event> {
    let mut rng = SmallRng::seed_from_u64(2);
    let mut ts = START;
    (0..n)
        .map(|_| {
            let e = Event {
                ts,
                host: rng.random_range(0..hosts as u16),
                event: rng.random_range(0..EVENTS.len() as u8),
                value: rng.random_range(1..2_000),
            };
            ts += rng.random_range(1..=5);
            e
        })
        .collect()
}

fn region_of(splits: &[Vec<u8>], key: &[u8]) -> usize {
    splits.partition_point(|s| s.as_slice() <= key)
}

/// `REGIONS - 1` split points of the unsalted table, evenly over `[from, to)`.
fn time_splits(from: u64, to: u64) -> Result<Vec<Vec<u8>>> {
    let step = (to - from) / REGIONS as u64;
    (1..REGIONS as u64)
        .map(|i| Ok(TimeEvent::prefix_for_ts(from + i * step)?.start().to_vec()))
        .collect()
}

/// A row of block characters, one per region, heights relative to `scale`.
fn bars(rows: &[u64], scale: u64) -> String {
    const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    rows.iter()
        .map(|&n| {
            if n == 0 {
                ' '
            } else {
                BLOCKS[((n * 8).div_ceil(scale.max(1)) as usize).clamp(1, 8) - 1]
            }
        })
        .collect()
}

/// Ingests, queries, and measures the spread.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let salted_t = store.table("log_salted")?;
    let host_t = store.table("log_by_host")?;
    writeln!(
        out,
        "{}\n{}\n{}",
        SaltedEvent::LAYOUT,
        HostEvent::LAYOUT,
        TimeEvent::LAYOUT
    )?;

    let hosts: Vec<String> = (0..cfg.hosts as u16).map(host_name).collect();
    let events = generate(cfg.events, cfg.hosts);
    let (first, last) = match (events.first(), events.last()) {
        (Some(a), Some(b)) => (a.ts, b.ts),
        _ => return Err("no events to ingest".into()),
    };
    let span = last + 1 - first;

    // Where the unsalted keys go: regions split evenly over the previous period.
    let unsalted_splits = time_splits(first - span, first)?;
    // ... and, for the per-window figure, over the ingest's own range.
    let own_splits = time_splits(first, last + 1)?;
    let salted_splits: Vec<Vec<u8>> = SaltedEvent::split_points()
        .map(|p| p.as_ref().to_vec())
        .collect();
    assert_eq!(salted_splits.len(), REGIONS - 1);

    let bar = if cfg.progress {
        ProgressBar::new(events.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template(
        "{msg} [{bar:40}] {human_pos}/{human_len} events, {per_sec}, eta {eta}",
    )?);
    bar.set_message("ingest");
    let mut unsalted_rows = vec![0u64; REGIONS];
    let window = (events.len() / REGIONS).max(1);
    let (mut touched_unsalted, mut touched_salted) = (HashSet::new(), HashSet::new());
    let (mut sum_unsalted, mut sum_salted, mut windows) = (0usize, 0usize, 0usize);

    let started = Instant::now();
    for (n, chunk) in events.chunks(10_000).enumerate() {
        let mut batch = store.db.batch();
        for (i, e) in chunk.iter().enumerate() {
            let (host, event) = (hosts[e.host as usize].as_str(), EVENTS[e.event as usize]);
            let value = e.value.to_be_bytes();
            let salted = SaltedEvent {
                ts: e.ts,
                host,
                event,
            }
            .encode()?;
            batch.insert(&salted_t, salted, value);
            batch.insert(
                &host_t,
                HostEvent {
                    host,
                    event,
                    ts: e.ts,
                }
                .encode()?,
                value,
            );

            let unsalted = TimeEvent {
                ts: e.ts,
                host,
                event,
            }
            .encode()?;
            unsalted_rows[region_of(&unsalted_splits, &unsalted)] += 1;
            touched_unsalted.insert(region_of(&own_splits, &unsalted));
            touched_salted.insert(region_of(&salted_splits, &salted));
            if (n * 10_000 + i + 1) % window == 0 {
                sum_unsalted += touched_unsalted.len();
                sum_salted += touched_salted.len();
                windows += 1;
                touched_unsalted.clear();
                touched_salted.clear();
            }
        }
        batch.commit()?;
        bar.inc(chunk.len() as u64);
    }
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    let ingest_rate = events.len() as f64 / elapsed.as_secs_f64();
    let (salted_rows, host_rows) = (salted_t.len()?, host_t.len()?);
    writeln!(
        out,
        "ingested {} events ({} hosts, {:.1} minutes of logs) into both layouts in {elapsed:.2?}: {:.0} events/s; \
         {salted_rows} salted rows, {host_rows} host-first rows",
        events.len(),
        cfg.hosts,
        span as f64 / 60_000.0,
        ingest_rate
    )?;

    // The time-range query: one second from the middle, 100 scans.
    let (t0, t1) = (first + span / 2, first + span / 2 + 1_000);
    let ranges = SaltedEvent::range_for_ts(t0..t1)?;
    let range_scans = ranges.len();
    let mut found: Vec<(u64, String, String)> = Vec::new();
    let mut per_scan = vec![0usize; range_scans];
    // Salting gives up global order: the merge reads the 100 scans at once and hands
    // the rows on in timestamp order (the key without its bucket).
    for row in ranges.merge(|range| scan(&salted_t, range)) {
        let (k, _) = row?;
        per_scan[SaltedEvent::SALT.read(&k)? as usize] += 1;
        let key = SaltedEvent::decode(&k)?;
        found.push((key.ts, key.host.to_owned(), key.event.to_owned()));
    }
    let range_in_order =
        found.iter().all(|r| (t0..t1).contains(&r.0)) && found.windows(2).all(|w| w[0] < w[1]);
    let range_expected = events.iter().filter(|e| (t0..t1).contains(&e.ts)).count();
    writeln!(
        out,
        "\ntime range [{t0}, {t1}) (one second): range_for_ts gave {range_scans} ranges, the first {}; \
         {} rows ({}..={} per scan), merged by timestamp:",
        SaltedEvent::range_for_ts(t0..t1)?.next().ok_or("no range")?,
        found.len(),
        per_scan.iter().min().unwrap_or(&0),
        per_scan.iter().max().unwrap_or(&0),
    )?;
    for (ts, host, event) in found.iter().take(3) {
        writeln!(out, "  {ts} {host} {event}")?;
    }

    // Latest N of a host: one scan per event type, each newest first; merged on the
    // timestamp's bytes (after host and event), they stay newest first.
    let (host_ix, n) = (6u16, 10);
    let host = hosts[host_ix as usize].as_str();
    let by_event: Vec<_> = EVENTS
        .iter()
        .map(|event| HostEvent::prefix_for_host_event(host, event))
        .collect::<std::result::Result<_, _>>()?;
    let ts_offset = HostEvent::LAYOUT.segment("ts").ok_or("no ts field")?.offset;
    let mut latest: Vec<(u64, &str)> = Vec::with_capacity(n);
    for row in Merge::new(by_event.iter().map(|r| scan(&host_t, r)), ts_offset).take(n) {
        let (k, _) = row?;
        let key = HostEvent::decode(&k)?;
        let event = EVENTS
            .iter()
            .find(|e| **e == key.event)
            .ok_or("unknown event")?;
        latest.push((key.ts, event));
    }
    let errors: Vec<u64> = scan_keys(&host_t, &HostEvent::prefix_for_host_event(host, "error")?)
        .take(3)
        .map(|k| Ok(HostEvent::decode(&k?)?.ts))
        .collect::<Result<_>>()?;
    let mut mine: Vec<u64> = events
        .iter()
        .filter(|e| e.host == host_ix)
        .map(|e| e.ts)
        .collect();
    mine.reverse();
    mine.truncate(n);
    writeln!(
        out,
        "\nlatest {n} events of {host} ({} prefix scans, one per event type, merged newest first):",
        EVENTS.len()
    )?;
    for (ts, event) in &latest {
        writeln!(out, "  {ts} {event}")?;
    }
    writeln!(
        out,
        "latest 3 errors of {host}: one scan of {}: {errors:?}",
        HostEvent::prefix_for_host_event(host, "error")?
    )?;

    // Spread: the salted table counted in the store, region by region.
    let mut salted_rows_per = Vec::with_capacity(REGIONS);
    for i in 0..REGIONS {
        let start = if i == 0 {
            &[][..]
        } else {
            salted_splits[i - 1].as_slice()
        };
        let end = salted_splits.get(i).map(Vec::as_slice);
        salted_rows_per
            .push(scan_keys(&salted_t, &KeyRange::<64>::new(start, end)?).count() as u64);
    }
    let unsalted = Spread {
        rows: unsalted_rows,
    };
    let salted = Spread {
        rows: salted_rows_per,
    };
    let scale = unsalted.max().max(salted.max());
    writeln!(out, "\nwrites per region, {REGIONS} regions (one column each, height relative to the fullest region):")?;
    for (name, s) in [
        ("unsalted [ts][host][event]", &unsalted),
        ("salted   [bucket][ts]...  ", &salted),
    ] {
        writeln!(
            out,
            "{name} |{}| max {} mean {:.0} max/mean {:.2}, {} regions written",
            bars(&s.rows, scale),
            s.max(),
            s.mean(),
            s.max_over_mean(),
            s.regions_written()
        )?;
    }
    writeln!(
        out,
        "salted regions hold {}..={} rows each",
        salted.rows.iter().min().unwrap_or(&0),
        salted.max()
    )?;
    let regions_per_window = (
        sum_unsalted as f64 / windows as f64,
        sum_salted as f64 / windows as f64,
    );
    writeln!(
        out,
        "every {window} consecutive writes (1% of the ingest) went to {:.2} region(s) unsalted, even pre-split \
         over its own time range, and to {:.2} salted",
        regions_per_window.0, regions_per_window.1
    )?;
    if let Some(path) = &cfg.svg {
        chart(path, &unsalted, &salted)?;
        writeln!(out, "wrote {}", path.display())?;
    }

    Ok(Summary {
        events: events.len(),
        salted_rows,
        host_rows,
        ingest_rate,
        range_scans,
        range_rows: found.len(),
        range_expected,
        range_in_order,
        latest: latest.iter().map(|l| l.0).collect(),
        latest_expected: mine,
        unsalted,
        salted,
        regions_per_window,
    })
}

/// The two spreads as bar charts, one above the other, each on its own scale.
pub fn chart(path: &Path, unsalted: &Spread, salted: &Spread) -> Result<()> {
    use plotters::prelude::*;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let root = SVGBackend::new(path, (960, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let panels = root.split_evenly((2, 1));
    let series = [
        (
            "[timestamp][host][event]: every new write in the last region",
            unsalted,
            RED,
        ),
        (
            "[bucket][timestamp][host][event], #[salt(mod = 100)]",
            salted,
            BLUE,
        ),
    ];
    for (area, (title, s, color)) in panels.iter().zip(series) {
        let caption = format!("{title} (max/mean {:.2})", s.max_over_mean());
        let mut chart = ChartBuilder::on(area)
            .caption(caption, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(35)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..REGIONS as f64, 0u64..s.max() + s.max() / 10 + 1)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("region")
            .y_desc("rows written")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()?;
        // One rectangle per region, in region order, so the file is the same on every run.
        chart.draw_series(s.rows.iter().enumerate().map(|(i, &n)| {
            let x = i as f64;
            Rectangle::new([(x + 0.15, 0), (x + 0.85, n)], color.filled())
        }))?;
    }
    root.present()?;
    Ok(())
}

fn main() -> Result<()> {
    let mut cfg = Config {
        events: 1_000_000,
        hosts: 40,
        progress: true,
        svg: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--events" => cfg.events = args.next().ok_or("--events N")?.replace('_', "").parse()?,
            "--svg" => {
                cfg.svg = Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/region-spread.svg"))
            }
            other => return Err(format!("unknown argument {other}; use --events N, --svg").into()),
        }
    }
    if cfg!(debug_assertions) && cfg.events >= 500_000 {
        eprintln!("a debug build ingests slowly: `cargo run --release --example timeseries` is several times faster");
    }
    run(&cfg, &mut std::io::stdout())?;
    Ok(())
}
