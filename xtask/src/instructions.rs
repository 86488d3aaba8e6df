//! `cargo xtask instructions`: instructions per operation, rowkey and
//! hand-written code for the same bytes, for every workload of
//! `benches/instructions.rs`, under valgrind's cachegrind (`--cache-sim=no`:
//! it only counts). Counts do not move with the load of a shared machine, so
//! they settle what wall-clock ratios cannot.
//!
//! Per workload and variant: `(I(passes = P) - I(passes = 0)) / (P * records)`,
//! where `I` is the whole program's instruction count; the run with no pass
//! cancels start-up and record generation. The workloads, and the most
//! rowkey may cost against hand-written code for each, come from the bench
//! program itself (`--list`).

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// Passes over the records per measured run (a fan-out: over its 1,000 queries).
const DEFAULT_PASSES: u32 = 10;

/// One workload of the bench program, as `--list` prints it.
struct Workload {
    id: String,
    /// The most rowkey may cost, as a multiple of hand-written code; `None`:
    /// shown for comparison.
    target: Option<f64>,
    name: String,
}

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
        } else {
            only.push(arg);
        }
    }
    ensure_valgrind()?;
    let exe = build_bench(root)?;
    let workloads = list(&exe)?;
    if let Some(unknown) = only.iter().find(|o| !workloads.iter().any(|w| &w.id == *o)) {
        let ids: Vec<&str> = workloads.iter().map(|w| w.id.as_str()).collect();
        return Err(format!(
            "unknown workload `{unknown}`; workloads: {}",
            ids.join(", ")
        ));
    }
    println!("instructions per operation, (I(P={passes}) - I(P=0)) / (P * records), cachegrind --cache-sim=no\n");
    println!("| workload | operation | hand-written | rowkey | rowkey ÷ hand-written | target | |");
    println!("|---|---|---:|---:|---:|---:|---|");
    let mut over = 0;
    for w in workloads
        .iter()
        .filter(|w| only.is_empty() || only.contains(&w.id))
    {
        let hand = per_op(&exe, &w.id, "hand-written", passes)?;
        let rowkey = per_op(&exe, &w.id, "rowkey", passes)?;
        let ratio = rowkey / hand;
        let (target, verdict) = match w.target {
            Some(t) if ratio <= t => (format!("{t:.2}x"), "met"),
            Some(t) => {
                over += 1;
                (format!("{t:.2}x"), "over")
            }
            None => ("none".to_string(), ""),
        };
        println!(
            "| {} | {} | {hand:.1} | {rowkey:.1} | {ratio:.2}x | {target} | {verdict} |",
            w.id, w.name,
        );
    }
    println!("\n{over} over target");
    Ok(ExitCode::SUCCESS)
}

/// The bench program's workloads.
fn list(exe: &Path) -> Result<Vec<Workload>, String> {
    let out = Command::new(exe)
        .arg("--list")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !out.status.success() {
        return Err(format!("{} --list failed", exe.display()));
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| {
            let mut parts = line.splitn(3, '\t');
            let (Some(id), Some(target), Some(name)) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(format!("`--list` printed `{line}`"));
            };
            let target = match target {
                "none" => None,
                t => Some(
                    t.parse()
                        .map_err(|_| format!("`--list` printed the target `{t}`"))?,
                ),
            };
            Ok(Workload {
                id: id.to_string(),
                target,
                name: name.to_string(),
            })
        })
        .collect()
}

/// Instructions per operation of one workload in one variant.
fn per_op(exe: &Path, workload: &str, variant: &str, passes: u32) -> Result<f64, String> {
    let (base, _) = count(exe, workload, variant, 0)?;
    let (total, records) = count(exe, workload, variant, passes)?;
    Ok(total.saturating_sub(base) as f64 / (passes as f64 * records as f64))
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
