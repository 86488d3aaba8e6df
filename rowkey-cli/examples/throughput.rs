//! Keys per second and peak memory of `rowkey decode` and `rowkey spread`
//! on a dump of salted log-event keys, beside the least a program can do
//! with the same input (BENCHMARKS.md, "The command line on a dump").
//!
//! ```text
//! cargo build --release -p rowkey-cli --bin rowkey --example throughput
//! target/release/examples/throughput [KEYS]      # default 10,000,000
//! ```
//!
//! It writes KEYS keys of `[#[salt(mod = 100)] ts: u64][host: u32][event: u16]`
//! as `0x` hex lines to a temporary file, then runs each program on it as a
//! child process, stdin from the file and stdout to `/dev/null`, three times,
//! and reports the least wall and CPU time (user and system) of the three,
//! keys per CPU second and peak resident memory (`wait4`'s `rusage`). On a
//! shared machine the CPU time is the fairer figure. The floors are this
//! program again, in another mode:
//!
//! - `floor-spread`: read the lines, hex-decode them, count keys by first
//!   byte (the salt bucket), print the counts;
//! - `floor-decode`: read the lines, hex-decode them, read the fields and
//!   check the bucket (xxh32 of `ts`, as rowkey's salt computes it), and
//!   write the very JSON line `rowkey decode --json` writes, which is
//!   checked byte for byte against rowkey's output on the first 100,000
//!   keys before anything is timed.

use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use rowkey::RowKey;

/// The articles' salted log event.
#[derive(RowKey)]
struct SaltedLogEvent {
    #[salt(mod = 100)]
    ts: u64,
    host: u32,
    event: u16,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("floor-spread") => floor_spread(),
        Some("floor-decode") => floor_decode(),
        n => run(n.map_or(Ok(10_000_000), str::parse)?),
    }
}

fn run(n: u64) -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let (input, schema) = (dir.path().join("keys.txt"), dir.path().join("schema.json"));
    std::fs::write(&schema, SaltedLogEvent::LAYOUT.to_json())?;
    write_keys(&input, n)?;
    let me = std::env::current_exe()?;
    let rowkey = me
        .parent()
        .and_then(Path::parent)
        .map(|d| d.join("rowkey"))
        .ok_or("no rowkey")?;
    let schema_arg = schema.to_str().ok_or("path")?;
    check_floor_decode(&me, &rowkey, schema_arg, dir.path())?;
    let svg = dir.path().join("heat.svg");
    let runs: Vec<(&str, PathBuf, Vec<&str>)> = vec![
        (
            "floor: hex, count by first byte",
            me.clone(),
            vec!["floor-spread"],
        ),
        (
            "rowkey spread",
            rowkey.clone(),
            vec!["spread", "--schema", schema_arg],
        ),
        (
            "rowkey spread --svg",
            rowkey.clone(),
            vec![
                "spread",
                "--schema",
                schema_arg,
                "--svg",
                svg.to_str().ok_or("path")?,
            ],
        ),
        (
            "floor: hex, fields, bucket, JSON",
            me.clone(),
            vec!["floor-decode"],
        ),
        (
            "rowkey decode --json",
            rowkey.clone(),
            vec!["decode", "--schema", schema_arg, "--json"],
        ),
        (
            "rowkey decode",
            rowkey,
            vec!["decode", "--schema", schema_arg],
        ),
    ];
    println!(
        "{n} keys, {} bytes of hex lines",
        std::fs::metadata(&input)?.len()
    );
    println!("| program | wall s | CPU s | keys/s (CPU) | peak RSS |");
    println!("|---|---:|---:|---:|---:|");
    for (name, program, args) in runs {
        // The least of three runs: what the program needs, less what the load added.
        let mut best = Run {
            wall: f64::MAX,
            cpu: f64::MAX,
            rss_kb: 0,
        };
        for _ in 0..3 {
            let r = measure(&program, &args, &input)?;
            best = Run {
                wall: best.wall.min(r.wall),
                cpu: best.cpu.min(r.cpu),
                rss_kb: best.rss_kb.max(r.rss_kb),
            };
        }
        println!(
            "| {name} | {:.2} | {:.2} | {:.2} M | {:.1} MB |",
            best.wall,
            best.cpu,
            n as f64 / best.cpu / 1e6,
            best.rss_kb as f64 / 1024.0
        );
    }
    Ok(())
}

/// One event per millisecond, host 1..=4 in turn, as `articles keys salted` writes them.
fn write_keys(path: &Path, n: u64) -> Result<(), Box<dyn std::error::Error>> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    let mut line = String::with_capacity(40);
    for i in 0..n {
        let key = SaltedLogEvent {
            ts: 1_700_000_000_000 + i,
            host: (i % 4) as u32 + 1,
            event: 7,
        }
        .encode()?;
        line.clear();
        line.push_str("0x");
        for b in key {
            line.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
            line.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

/// The floor writes rowkey's bytes: compared on the first 100,000 keys,
/// line by line as both stream, so this process stays small (a child's
/// peak memory counts its parent's image before `exec`).
fn check_floor_decode(
    me: &Path,
    rowkey: &Path,
    schema: &str,
    dir: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let sample = dir.join("sample.txt");
    write_keys(&sample, 100_000)?;
    let spawn = |program: &Path,
                 args: &[&str]|
     -> Result<std::process::Child, Box<dyn std::error::Error>> {
        Ok(Command::new(program)
            .args(args)
            .stdin(std::fs::File::open(&sample)?)
            .stdout(Stdio::piped())
            .spawn()?)
    };
    let mut floor = spawn(me, &["floor-decode"])?;
    let mut ours = spawn(rowkey, &["decode", "--schema", schema, "--json"])?;
    let mut a = std::io::BufReader::new(floor.stdout.take().ok_or("stdout")?).lines();
    let mut b = std::io::BufReader::new(ours.stdout.take().ok_or("stdout")?).lines();
    let mut n = 0;
    loop {
        match (a.next().transpose()?, b.next().transpose()?) {
            (None, None) => break,
            (x, y) if x == y => n += 1,
            (x, y) => {
                return Err(format!("line {}: the floor wrote {x:?}, rowkey {y:?}", n + 1).into())
            }
        }
    }
    if n != 100_000 || !floor.wait()?.success() || !ours.wait()?.success() {
        return Err(format!("{n} lines compared, not 100000").into());
    }
    Ok(())
}

/// One run: wall seconds, CPU seconds (user and system) and peak RSS (KiB).
struct Run {
    wall: f64,
    cpu: f64,
    rss_kb: i64,
}

fn measure(program: &Path, args: &[&str], input: &Path) -> Result<Run, Box<dyn std::error::Error>> {
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(std::fs::File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()?;
    let mut status = 0;
    // SAFETY: `rusage` is plain data that `wait4` fills; the pid is our child's.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let secs = start.elapsed().as_secs_f64();
    if pid < 0 || !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(format!("{} {args:?} failed", program.display()).into());
    }
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Ok(Run {
        wall: secs,
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        rss_kb: usage.ru_maxrss,
    })
}

fn unhex(line: &[u8], key: &mut Vec<u8>) -> bool {
    let Some(h) = line.strip_prefix(b"0x") else {
        return false;
    };
    key.clear();
    for p in h.chunks_exact(2) {
        let d = |c: u8| (c as char).to_digit(16);
        match (d(p[0]), d(p[1])) {
            (Some(a), Some(b)) => key.push((a * 16 + b) as u8),
            _ => return false,
        }
    }
    h.len() % 2 == 0
}

/// Read, hex-decode, count by first byte.
fn floor_spread() -> Result<(), Box<dyn std::error::Error>> {
    let mut input = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let (mut line, mut key) = (Vec::new(), Vec::new());
    let mut counts = [0u64; 256];
    while input.read_until(b'\n', &mut line)? > 0 {
        if unhex(line.trim_ascii_end(), &mut key) {
            if let Some(&b) = key.first() {
                counts[usize::from(b)] += 1;
            }
        }
        line.clear();
    }
    println!("{counts:?}");
    Ok(())
}

/// Read, hex-decode, decode the fields, check the bucket, write rowkey's JSON line.
fn floor_decode() -> Result<(), Box<dyn std::error::Error>> {
    use std::fmt::Write as _;
    let mut input = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let (mut line, mut key, mut json) = (Vec::new(), Vec::new(), String::new());
    let mut n = 0u64;
    while input.read_until(b'\n', &mut line)? > 0 {
        n += 1;
        if !unhex(line.trim_ascii_end(), &mut key) || key.len() != 15 {
            return Err(format!("line {n}: not a key").into());
        }
        let ts = u64::from_be_bytes(key[1..9].try_into()?);
        let host = u32::from_be_bytes(key[9..13].try_into()?);
        let event = u16::from_be_bytes(key[13..15].try_into()?);
        let bucket = xxhash_rust::xxh32::xxh32(&key[1..9], 0) % 100;
        if u32::from(key[0]) != bucket {
            return Err(format!("line {n}: wrong bucket").into());
        }
        json.clear();
        json.push_str("{\"format\":1,\"line\":");
        write!(json, "{n}")?;
        json.push_str(",\"key\":\"0x");
        for &b in &key {
            json.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
            json.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
        }
        writeln!(
            json,
            "\",\"type\":\"SaltedLogEvent\",\"member\":null,\"valid\":true,\"partial\":false,\"error\":null,\"fields\":[\
{{\"name\":\"salt\",\"bytes\":[0,1],\"codec\":\"salt(mod = 100) of ts\",\"value\":\"{bucket}\"}},\
{{\"name\":\"ts\",\"bytes\":[1,9],\"codec\":\"u64\",\"value\":\"{ts}\"}},\
{{\"name\":\"host\",\"bytes\":[9,13],\"codec\":\"u32\",\"value\":\"{host}\"}},\
{{\"name\":\"event\",\"bytes\":[13,15],\"codec\":\"u16\",\"value\":\"{event}\"}}]}}"
        )?;
        out.write_all(json.as_bytes())?;
        line.clear();
    }
    out.flush()?;
    Ok(())
}
