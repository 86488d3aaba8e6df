//! Keys per second, instructions per key and peak memory of `rowkey
//! decode` and `rowkey spread` on a dump of salted log-event keys, beside
//! the least a program can do with the same input (BENCHMARKS.md, "The
//! command line on a dump").
//!
//! ```text
//! cargo build --release -p rowkey-cli --bin rowkey --example throughput
//! target/release/examples/throughput [KEYS]      # default 10,000,000
//! ROWKEY=path/to/rowkey target/release/examples/throughput   # another build of the command line
//! ```
//!
//! It writes KEYS keys of `[#[salt(mod = 100)] ts: u64][host: u32][event: u16]`
//! as `0x` hex lines to a temporary file, then runs each program on it as a
//! child process, stdin from the file and stdout to `/dev/null`, three times,
//! and reports the least wall and CPU time (user and system) of the three,
//! keys per CPU second and peak resident memory (`wait4`'s `rusage`). On a
//! shared machine the CPU time is the fairer figure. When `valgrind` is
//! installed, each program also runs under cachegrind on 50,000 and on
//! 100,000 keys: the difference of the two counts over 50,000 is its
//! instructions per key, without what it does once (arguments, schema), and
//! it does not depend on the machine's load.
//!
//! The floors are this program again, in another mode, each written as the
//! best code for its output: stdin read in place in 64 KiB blocks, lines
//! found with `memchr`, hex read through a table, the xxh32 of the 8 bytes
//! of `ts` unrolled, numbers written with `itoa`, output in 64 KiB blocks.
//!
//! - `floor-spread`: read the lines, hex-decode them, count keys by first
//!   byte (the salt bucket) and lines that are no key, print the counts;
//! - `floor-decode`: read the lines, hex-decode them, read the fields and
//!   check the bucket (xxh32 of `ts`, as rowkey's salt computes it), and
//!   write the very JSON line `rowkey decode --json` writes, which is
//!   checked byte for byte against rowkey's output on the first 100,000
//!   keys before anything is timed.

use std::error::Error;
use std::io::{BufRead, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use rowkey::RowKey;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// The articles' salted log event.
#[derive(RowKey)]
struct SaltedLogEvent {
    #[salt(mod = 100)]
    ts: u64,
    host: u32,
    event: u16,
}

/// Keys of the smaller cachegrind run; the larger has twice as many.
const COUNTED: u64 = 50_000;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("floor-spread") => floor_spread(),
        Some("floor-decode") => floor_decode(),
        n => run(n.map_or(Ok(10_000_000), str::parse)?),
    }
}

/// A program measured, and the index of the floor it is held against.
struct Program {
    name: &'static str,
    path: PathBuf,
    args: Vec<String>,
    floor: usize,
}

/// What one program measured: the best of three runs, and its
/// instructions per key when cachegrind counted them.
struct Measured {
    run: Run,
    instructions: Option<f64>,
}

fn run(n: u64) -> Result<()> {
    let dir = tempfile::tempdir()?;
    let (input, schema) = (dir.path().join("keys.txt"), dir.path().join("schema.json"));
    std::fs::write(&schema, SaltedLogEvent::LAYOUT.to_json())?;
    write_keys(&input, n)?;
    let me = std::env::current_exe()?;
    let rowkey = rowkey_binary(&me)?;
    check_floor_decode(&me, &rowkey, &schema, dir.path())?;
    let programs = programs(&me, &rowkey, &schema, &dir.path().join("heat.svg"));
    let counted = instructions_per_key(&programs, dir.path())?;
    let mut measured = Vec::new();
    for (p, instructions) in programs.iter().zip(counted) {
        let run = best_of_three(p, &input)?;
        measured.push(Measured { run, instructions });
    }
    println!(
        "{n} keys, {} bytes of hex lines; {} by {}",
        std::fs::metadata(&input)?.len(),
        rowkey.display(),
        me.display()
    );
    print_table(&programs, &measured, n);
    Ok(())
}

/// `$ROWKEY`, else the `rowkey` built beside this example.
fn rowkey_binary(me: &Path) -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("ROWKEY") {
        return Ok(PathBuf::from(p));
    }
    Ok(me
        .parent()
        .and_then(Path::parent)
        .map(|d| d.join("rowkey"))
        .ok_or("no rowkey beside this program")?)
}

fn programs(me: &Path, rowkey: &Path, schema: &Path, svg: &Path) -> Vec<Program> {
    let (schema, svg) = (schema.display().to_string(), svg.display().to_string());
    let program = |name, path: &Path, args: &[&str], floor| Program {
        name,
        path: path.to_owned(),
        args: args.iter().map(|a| a.to_string()).collect(),
        floor,
    };
    vec![
        program("floor: hex, count by first byte", me, &["floor-spread"], 0),
        program(
            "`rowkey spread`",
            rowkey,
            &["spread", "--schema", &schema],
            0,
        ),
        program(
            "`rowkey spread --svg`",
            rowkey,
            &["spread", "--schema", &schema, "--svg", &svg],
            0,
        ),
        program("floor: hex, fields, bucket, JSON", me, &["floor-decode"], 3),
        program(
            "`rowkey decode --json`",
            rowkey,
            &["decode", "--schema", &schema, "--json"],
            3,
        ),
        program(
            "`rowkey decode` (tables)",
            rowkey,
            &["decode", "--schema", &schema],
            3,
        ),
    ]
}

fn print_table(programs: &[Program], measured: &[Measured], n: u64) {
    println!("| program | wall s | CPU s | keys/s (CPU) | instructions/key | peak RSS | CPU ÷ its floor | instructions ÷ its floor |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (p, m) in programs.iter().zip(measured) {
        let floor = &measured[p.floor];
        let (ins, ins_ratio) = match (m.instructions, floor.instructions) {
            (Some(i), Some(f)) => (thousands(i), format!("{:.2}x", i / f)),
            _ => ("-".into(), "-".into()),
        };
        println!(
            "| {} | {:.2} | {:.2} | {:.2} M | {ins} | {:.1} MB | {:.2}x | {ins_ratio} |",
            p.name,
            m.run.wall,
            m.run.cpu,
            n as f64 / m.run.cpu / 1e6,
            m.run.rss_kb as f64 / 1024.0,
            m.run.cpu / floor.run.cpu,
        );
    }
}

/// `27856` as `27,856`.
fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One event per millisecond, host 1..=4 in turn, as `articles keys salted` writes them.
fn write_keys(path: &Path, n: u64) -> Result<()> {
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
fn check_floor_decode(me: &Path, rowkey: &Path, schema: &Path, dir: &Path) -> Result<()> {
    let sample = dir.join("sample.txt");
    write_keys(&sample, 100_000)?;
    let spawn = |program: &Path, args: &[&str]| -> Result<std::process::Child> {
        Ok(Command::new(program)
            .args(args)
            .stdin(std::fs::File::open(&sample)?)
            .stdout(Stdio::piped())
            .spawn()?)
    };
    let schema = schema.to_str().ok_or("path")?;
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

/// The least wall and CPU time of three runs (what the program needs, less
/// what the load added) and the most memory.
fn best_of_three(p: &Program, input: &Path) -> Result<Run> {
    let mut best = Run {
        wall: f64::MAX,
        cpu: f64::MAX,
        rss_kb: 0,
    };
    for _ in 0..3 {
        let r = measure(p, input)?;
        best = Run {
            wall: best.wall.min(r.wall),
            cpu: best.cpu.min(r.cpu),
            rss_kb: best.rss_kb.max(r.rss_kb),
        };
    }
    Ok(best)
}

fn measure(p: &Program, input: &Path) -> Result<Run> {
    let start = Instant::now();
    let child = Command::new(&p.path)
        .args(&p.args)
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
        return Err(format!("{} {:?} failed", p.path.display(), p.args).into());
    }
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Ok(Run {
        wall: secs,
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        rss_kb: usage.ru_maxrss,
    })
}

/// Each program's instructions per key, or `None` for all without valgrind.
fn instructions_per_key(programs: &[Program], dir: &Path) -> Result<Vec<Option<f64>>> {
    let found = Command::new("valgrind")
        .arg("--version")
        .stdout(Stdio::null())
        .status();
    if !found.is_ok_and(|s| s.success()) {
        eprintln!("valgrind not found: no instruction counts");
        return Ok(programs.iter().map(|_| None).collect());
    }
    let (small, large) = (dir.join("counted-1.txt"), dir.join("counted-2.txt"));
    write_keys(&small, COUNTED)?;
    write_keys(&large, 2 * COUNTED)?;
    programs
        .iter()
        .map(|p| {
            let (a, b) = (cachegrind(p, &small, dir)?, cachegrind(p, &large, dir)?);
            Ok(Some(b.saturating_sub(a) as f64 / COUNTED as f64))
        })
        .collect()
}

/// The instructions `p` runs on `input`, as cachegrind counts them.
fn cachegrind(p: &Program, input: &Path, dir: &Path) -> Result<u64> {
    let out = dir.join("cachegrind.out");
    let status = Command::new("valgrind")
        .args(["--tool=cachegrind", "--cache-sim=no"])
        .arg(format!("--cachegrind-out-file={}", out.display()))
        .arg(&p.path)
        .args(&p.args)
        .stdin(std::fs::File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()?;
    if !status.success() {
        return Err(format!("{} {:?} failed under cachegrind", p.path.display(), p.args).into());
    }
    let text = std::fs::read_to_string(&out)?;
    let summary = text
        .lines()
        .find_map(|l| l.strip_prefix("summary:"))
        .ok_or("no summary in cachegrind's output")?;
    Ok(summary.trim().parse()?)
}

// ---------------------------------------------------------------------------
// The floors.

/// Each line of stdin without its `\n`, read in place: stdin is read in
/// 64 KiB blocks, and only a line cut by a block's end is moved (to the
/// front, before the next read).
fn each_line(mut line: impl FnMut(&[u8]) -> Result<()>) -> Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut buf = vec![0u8; 1 << 16];
    let mut kept = 0;
    loop {
        if kept == buf.len() {
            buf.resize(2 * buf.len(), 0);
        }
        let read = stdin.read(&mut buf[kept..])?;
        if read == 0 {
            break;
        }
        let filled = kept + read;
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', &buf[kept..filled]) {
            line(&buf[start..kept + end])?;
            start = kept + end + 1;
        }
        buf.copy_within(start..filled, 0);
        kept = filled - start;
    }
    match kept {
        0 => Ok(()),
        _ => line(&buf[..kept]),
    }
}

/// Each byte's value as a hex digit, or 0xff.
const HEX: [u8; 256] = {
    let mut t = [0xff; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// The key of a `0x` hex line into `key`, or `None` when the line is not one.
fn unhex<'k>(line: &[u8], key: &'k mut [u8; 64]) -> Option<&'k [u8]> {
    let hex = line.trim_ascii_end().strip_prefix(b"0x")?;
    let out = key.get_mut(..hex.len() / 2)?;
    // One test for the whole key: a byte that is no digit is 0xff.
    let mut bad = (hex.len() % 2) as u8;
    for (o, pair) in out.iter_mut().zip(hex.chunks_exact(2)) {
        let (hi, lo) = (HEX[usize::from(pair[0])], HEX[usize::from(pair[1])]);
        bad |= (hi | lo) & 0xf0;
        *o = hi << 4 | lo;
    }
    (bad == 0).then_some(&*out)
}

/// Read, hex-decode, count by first byte.
fn floor_spread() -> Result<()> {
    let mut counts = [0u64; 256];
    let mut not_keys = 0u64;
    let mut key = [0u8; 64];
    each_line(|line| {
        match unhex(line, &mut key).and_then(|k| k.first()) {
            Some(&b) => counts[usize::from(b)] += 1,
            None => not_keys += 1,
        }
        Ok(())
    })?;
    println!("{counts:?} {not_keys}");
    Ok(())
}

const PRIME_2: u32 = 0x85EB_CA77;
const PRIME_3: u32 = 0xC2B2_AE3D;
const PRIME_4: u32 = 0x27D4_EB2F;
const PRIME_5: u32 = 0x1656_67B1;

/// xxh32 (seed 0) of 8 bytes: the algorithm's steps for that one length.
fn xxh32_8(b: &[u8; 8]) -> u32 {
    let mut h = PRIME_5.wrapping_add(8);
    for word in [&b[..4], &b[4..]] {
        let w = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
        h = h.wrapping_add(w.wrapping_mul(PRIME_3));
        h = h.rotate_left(17).wrapping_mul(PRIME_4);
    }
    h ^= h >> 15;
    h = h.wrapping_mul(PRIME_2);
    h ^= h >> 13;
    h = h.wrapping_mul(PRIME_3);
    h ^ (h >> 16)
}

/// Each byte as two lower-case hex digits.
const HEX_PAIRS: [[u8; 2]; 256] = {
    let digits = b"0123456789abcdef";
    let mut t = [[0; 2]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = [digits[i >> 4], digits[i & 15]];
        i += 1;
    }
    t
};

/// Read, hex-decode, decode the fields, check the bucket, write rowkey's JSON line.
fn floor_decode() -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    let mut out = Vec::with_capacity(1 << 17);
    let mut key = [0u8; 64];
    let mut n = 0u64;
    each_line(|line| {
        n += 1;
        let key: &[u8; 15] = unhex(line, &mut key)
            .and_then(|k| k.try_into().ok())
            .ok_or_else(|| format!("line {n}: not a key"))?;
        let fields = decode_key(key).ok_or_else(|| format!("line {n}: wrong bucket"))?;
        json_line(&mut out, n, key, fields);
        if out.len() >= 1 << 16 {
            stdout.write_all(&out)?;
            out.clear();
        }
        Ok(())
    })?;
    stdout.write_all(&out)?;
    Ok(stdout.flush()?)
}

/// The bucket, `ts`, `host` and `event` of a key, or `None` when the bucket is wrong.
fn decode_key(key: &[u8; 15]) -> Option<(u8, u64, u32, u16)> {
    let ts: [u8; 8] = key[1..9].try_into().ok()?;
    let host = u32::from_be_bytes(key[9..13].try_into().ok()?);
    let event = u16::from_be_bytes([key[13], key[14]]);
    (xxh32_8(&ts) % 100 == u32::from(key[0])).then_some((
        key[0],
        u64::from_be_bytes(ts),
        host,
        event,
    ))
}

fn json_line(
    out: &mut Vec<u8>,
    n: u64,
    key: &[u8; 15],
    (bucket, ts, host, event): (u8, u64, u32, u16),
) {
    let mut num = itoa::Buffer::new();
    out.extend_from_slice(b"{\"format\":1,\"line\":");
    out.extend_from_slice(num.format(n).as_bytes());
    out.extend_from_slice(b",\"key\":\"0x");
    for &b in key {
        out.extend_from_slice(&HEX_PAIRS[usize::from(b)]);
    }
    out.extend_from_slice(b"\",\"type\":\"SaltedLogEvent\",\"member\":null,\"valid\":true,\"partial\":false,\"error\":null,\"fields\":[{\"name\":\"salt\",\"bytes\":[0,1],\"codec\":\"salt(mod = 100) of ts\",\"value\":\"");
    out.extend_from_slice(num.format(bucket).as_bytes());
    out.extend_from_slice(b"\"},{\"name\":\"ts\",\"bytes\":[1,9],\"codec\":\"u64\",\"value\":\"");
    out.extend_from_slice(num.format(ts).as_bytes());
    out.extend_from_slice(
        b"\"},{\"name\":\"host\",\"bytes\":[9,13],\"codec\":\"u32\",\"value\":\"",
    );
    out.extend_from_slice(num.format(host).as_bytes());
    out.extend_from_slice(
        b"\"},{\"name\":\"event\",\"bytes\":[13,15],\"codec\":\"u16\",\"value\":\"",
    );
    out.extend_from_slice(num.format(event).as_bytes());
    out.extend_from_slice(b"\"}]}\n");
}
