//! `cargo xtask instructions`: instructions per key, rowkey and hand-written,
//! for every workload of `benches/instructions.rs`, under valgrind's
//! cachegrind (`--cache-sim=no`: it only counts). Counts do not move with the
//! load of a shared machine, so they settle what wall-clock ratios cannot.
//!
//! Per workload and variant: `(I(passes = P) - I(passes = 0)) / (P * records)`,
//! where `I` is the whole program's instruction count; the run with no pass
//! cancels start-up and record generation.

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// Passes over the records per measured run (the fan-out: over its 1,000 metrics).
const DEFAULT_PASSES: u32 = 10;
/// The workloads of `benches/instructions.rs`, in table order.
const WORKLOADS: &[&str] = &[
    "W1-encode",
    "W1-decode",
    "W2-encode",
    "W2-decode",
    "W3-encode",
    "W3-decode",
    "W4-prefix",
    "W4-fan-out",
];
const VARIANTS: [&str; 2] = ["rowkey", "hand-written"];

/// Runs the table; `args`: `[--passes N] [WORKLOAD..]`.
pub fn cmd_instructions(root: &Path, args: Vec<OsString>) -> Result<ExitCode, String> {
    let mut passes = DEFAULT_PASSES;
    let mut only = Vec::new();
    let mut args = args.into_iter().map(|a| a.to_string_lossy().into_owned());
    while let Some(arg) = args.next() {
        if arg == "--passes" {
            passes = args
                .next()
                .and_then(|p| p.parse().ok())
                .filter(|&p| p > 0)
                .ok_or("--passes needs a positive number")?;
        } else if WORKLOADS.contains(&arg.as_str()) {
            only.push(arg);
        } else {
            return Err(format!(
                "unknown argument `{arg}`; workloads: {}",
                WORKLOADS.join(", ")
            ));
        }
    }
    ensure_valgrind()?;
    let exe = build_bench(root)?;
    println!("instructions per key, (I(P={passes}) - I(P=0)) / (P * records), cachegrind --cache-sim=no\n");
    println!("| workload | rowkey | hand-written | rowkey ÷ hand-written |");
    println!("|---|---:|---:|---:|");
    for w in WORKLOADS
        .iter()
        .filter(|w| only.is_empty() || only.iter().any(|o| o == *w))
    {
        let mut per_key = [0.0; 2];
        for (i, variant) in VARIANTS.iter().enumerate() {
            let (base, _) = count(&exe, w, variant, 0)?;
            let (total, records) = count(&exe, w, variant, passes)?;
            per_key[i] = total.saturating_sub(base) as f64 / (passes as f64 * records as f64);
        }
        println!(
            "| {w} | {:.1} | {:.1} | {:.2}x |",
            per_key[0],
            per_key[1],
            per_key[0] / per_key[1]
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Installs valgrind from Debian's packages when it is missing.
fn ensure_valgrind() -> Result<(), String> {
    let found = |cmd: &str| {
        Command::new(cmd)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if found("valgrind") {
        return Ok(());
    }
    eprintln!("xtask: valgrind is missing; installing it with apt-get");
    // As root directly, else through sudo.
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0"));
    let apt = |args: &[&str]| {
        let mut c = if root {
            Command::new("apt-get")
        } else {
            let mut c = Command::new("sudo");
            c.arg("apt-get");
            c
        };
        c.args(args).status().is_ok_and(|s| s.success())
    };
    if apt(&["update", "-qq"]) && apt(&["install", "-y", "-qq", "valgrind"]) && found("valgrind") {
        Ok(())
    } else {
        Err("valgrind is not installed and apt-get could not install it".into())
    }
}

/// Builds `benches/instructions.rs` with the bench profile and returns its path.
fn build_bench(root: &Path) -> Result<PathBuf, String> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "bench",
            "--bench",
            "instructions",
            "--no-run",
            "--message-format=json",
        ])
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err("cargo bench --bench instructions --no-run failed".into());
    }
    // One JSON message per line; the bench's carries `"executable":"<path>"`.
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains("\"name\":\"instructions\""))
        .find_map(|l| {
            let rest = &l[l.find("\"executable\":\"")? + 14..];
            Some(PathBuf::from(&rest[..rest.find('"')?]))
        })
        .ok_or_else(|| "cargo did not report the bench executable".into())
}

/// The program's instruction count and the records of one pass.
fn count(exe: &Path, workload: &str, variant: &str, passes: u32) -> Result<(u64, u64), String> {
    let out = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(exe)
        .args([workload, variant, &passes.to_string()])
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("{workload} {variant} failed:\n{stderr}"));
    }
    let records = stdout
        .lines()
        .find_map(|l| l.strip_prefix("records ")?.trim().parse().ok())
        .ok_or_else(|| format!("{workload} {variant}: no record count in {stdout:?}"))?;
    // `==PID== I   refs:      1,234,567` (cachegrind's summary, on stderr).
    let refs = stderr
        .lines()
        .find_map(|l| {
            let n = l.split("I   refs:").nth(1)?.trim().replace(',', "");
            n.parse().ok()
        })
        .ok_or_else(|| format!("{workload} {variant}: no `I refs` in valgrind's output"))?;
    Ok((refs, records))
}
