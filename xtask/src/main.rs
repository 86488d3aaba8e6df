//! Project automation for rowkey, run as `cargo xtask <command>` (the alias is in
//! `.cargo/config.toml`).
//!
//! * `cargo xtask test [ARGS..]`: the project's one test command. Finds Google's Cloud
//!   Bigtable emulator, starts it on 127.0.0.1 on a free port, waits until the port answers,
//!   exports `BIGTABLE_EMULATOR_HOST` (and `BIGTABLE_EMULATOR_BIN`, the binary it found, for
//!   the fault tests that start, stop and kill emulators of their own), runs
//!   `cargo test --workspace --all-targets --
//!   --include-ignored` (the Bigtable tests are `#[ignore]`d, so that a plain `cargo test`
//!   without the emulator does not report them as passed) and then
//!   `cargo test --workspace --doc`, and stops the emulator by its PID (also when a test run
//!   fails or this program panics). `ARGS` are passed to both cargo runs, e.g.
//!   `cargo xtask test -- -p rowkey-bigtable -- --nocapture`.
//! * `cargo xtask emulator [--port N]`: runs the emulator in the foreground and prints the
//!   `BIGTABLE_EMULATOR_HOST` value to export in another terminal (for
//!   `cargo run --example bigtable`). Stop it with Ctrl-C.
//! * `cargo xtask bigtable-bench`: runs `rowkey-bigtable`'s `bigtable_bench` example in
//!   release mode with `BIGTABLE_EMULATOR_BIN` set; it starts, stops and kills an emulator
//!   of its own (see BENCHMARKS.md).
//! * `cargo xtask build-cost [--keep] [--instructions]`: the build time and generated code
//!   of `#[derive(RowKey)]` against serde's derives on the same 20 structs, and with
//!   `--instructions` the compiler's instructions under cachegrind (see `build_cost.rs`).
//!
//! * `cargo xtask instructions [--passes N] [WORKLOAD..]`: instructions per operation of
//!   rowkey and of the hand-written baselines, against each workload's target, per
//!   workload of `benches/instructions.rs`, under valgrind's cachegrind (installed with
//!   apt-get when missing); see `instructions.rs`.
//! * `cargo xtask package`: `cargo package --workspace`, which builds each packaged crate
//!   alone, then checks what each package holds and its manifest; see `package.rs`.
//!
//! The emulator is found through `$BIGTABLE_EMULATOR_BIN`, else the Cloud SDK root that
//! `gcloud info` reports, else a few well-known install paths. std only, on purpose.

mod build_cost;
mod instructions;
mod package;

use std::env;
use std::ffi::OsString;
use std::fs::File;
use std::io::Read;
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long the emulator may take to open its port.
const READY_TIMEOUT: Duration = Duration::from_secs(20);
/// Attempts at starting the emulator (another process can take the port we picked).
const START_ATTEMPTS: u32 = 3;
/// The variable naming the emulator binary: read to find it, and set for the tests.
const EMULATOR_BIN_VAR: &str = "BIGTABLE_EMULATOR_BIN";
/// Where the emulator lives below the Cloud SDK root.
const SDK_EMULATOR: &str = "platform/bigtable-emulator/cbtemulator";
/// Cloud SDK roots of the Debian/RPM packages, the snap and the tarball installs.
const WELL_KNOWN_SDK_ROOTS: &[&str] = &[
    "/usr/lib/google-cloud-sdk",
    "/usr/share/google-cloud-sdk",
    "/usr/lib64/google-cloud-sdk",
    "/opt/google-cloud-sdk",
    "/snap/google-cloud-cli/current",
    "/snap/google-cloud-sdk/current",
    "/usr/local/google-cloud-sdk",
];

const INSTALL_HELP: &str = "\
The Cloud Bigtable emulator (cbtemulator) is needed to run the Bigtable integration tests.
Install it with one of:
  * Debian/Ubuntu, from Google's Cloud SDK apt repository
    (https://cloud.google.com/sdk/docs/install#deb):
        sudo apt-get install google-cloud-cli-bigtable-emulator
  * a gcloud installed from Google's tarball:
        gcloud components install bigtable
or point BIGTABLE_EMULATOR_BIN at an existing cbtemulator binary.";

const USAGE: &str = "\
usage: cargo xtask <command> [args]

commands:
  test [ARGS..]       start the Bigtable emulator, run `cargo test --workspace --all-targets
                      -- --include-ignored` and `cargo test --workspace --doc` against it
                      (ARGS passed to both; a `--` before them is optional), then stop it
  emulator [--port N] run the Bigtable emulator in the foreground (Ctrl-C stops it)
  bigtable-bench      the Bigtable client's throughput, memory and stall recovery, against
                      an emulator it starts (`--example bigtable_bench`, release mode)
  build-cost [--keep] [--instructions]
                      build time and generated lines of 20 key structs deriving RowKey,
                      against the same structs deriving serde's Serialize, Deserialize
                      (in a temporary directory; --keep leaves it; --instructions also
                      counts the compiler's instructions under valgrind)
  instructions [--passes N] [WORKLOAD..]
                      instructions per operation, rowkey and hand-written, under valgrind
  package             `cargo package --workspace` (each crate built alone from its .crate),
                      then the packages' files and manifests checked (in target/package-check)
  help                this text

environment:
  BIGTABLE_EMULATOR_BIN  path of the cbtemulator binary (else found through gcloud)";

fn main() -> ExitCode {
    // Run by cargo as the compiler's wrapper for `build-cost --instructions`.
    if let Some(krate) = env::var_os(build_cost::COUNT_CRATE_VAR) {
        let krate = krate.to_string_lossy().into_owned();
        return build_cost::count_rustc(&krate, env::args_os().skip(1).collect());
    }
    let mut args = env::args_os().skip(1);
    let command = args.next().map(|c| c.to_string_lossy().into_owned());
    let rest: Vec<OsString> = args.collect();
    let result = match command.as_deref() {
        Some("test") => cmd_test(rest),
        Some("emulator") => cmd_emulator(rest),
        Some("bigtable-bench") => cmd_bigtable_bench(),
        Some("build-cost") => build_cost::cmd_build_cost(rest),
        Some("instructions") => instructions::cmd_instructions(&workspace_root(), rest),
        Some("package") => package::cmd_package(&workspace_root(), rest),
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!("{USAGE}");
            Ok(ExitCode::from(2))
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask test`: emulator up, both cargo test runs, emulator down.
fn cmd_test(mut extra: Vec<OsString>) -> Result<ExitCode, String> {
    if extra.first().is_some_and(|a| a == "--") {
        extra.remove(0);
    }
    let root = workspace_root();
    let bin = find_emulator()?;
    say(format!("emulator binary: {}", bin.display()));
    let log = target_dir(&root).join("xtask").join("cbtemulator.log");
    let mut emulator = Emulator::start(&bin, None, Some(&log))?;
    let host = emulator.host();
    say(format!("export BIGTABLE_EMULATOR_HOST={host}"));

    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut failed = Vec::new();
    for run in test_runs(&extra) {
        let shown = run
            .iter()
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ");
        say(format!("running: cargo {shown}"));
        let status = Command::new(&cargo)
            .args(&run)
            .current_dir(&root)
            .env("BIGTABLE_EMULATOR_HOST", &host)
            .env(EMULATOR_BIN_VAR, &bin)
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            say(format!("failed ({status}): cargo {shown}"));
            failed.push(status);
        }
    }
    emulator.stop();
    if failed.is_empty() {
        say("all test runs passed".to_string());
        Ok(ExitCode::SUCCESS)
    } else {
        say(format!("{} test run(s) failed", failed.len()));
        Ok(ExitCode::FAILURE)
    }
}

/// The cargo invocations of `cargo xtask test`, each without the leading `cargo`.
///
/// Without arguments: `test --workspace --all-targets -- --include-ignored`, then
/// `test --workspace --doc` (cargo refuses `--doc` together with other target selections;
/// doc tests keep their `ignore`, which marks examples that are not meant to run). When the
/// caller selects targets itself (`--test emulator`, `--lib`, ...) there is one run with
/// those. `--workspace` is left out when the caller names packages with `-p`.
fn test_runs(extra: &[OsString]) -> Vec<Vec<OsString>> {
    let cargo_part = extra.split(|a| a == "--").next().unwrap_or(&[]);
    let has = |names: &[&str]| {
        cargo_part.iter().any(|a| {
            let a = a.to_string_lossy();
            names
                .iter()
                .any(|n| a == *n || a.starts_with(&format!("{n}=")))
        })
    };
    let selects_targets = has(&[
        "--lib",
        "--bin",
        "--bins",
        "--example",
        "--examples",
        "--test",
        "--tests",
        "--bench",
        "--benches",
        "--all-targets",
        "--doc",
    ]);
    let selects_packages = cargo_part.iter().any(|a| {
        let a = a.to_string_lossy();
        a == "-p"
            || a == "--package"
            || a.starts_with("--package=")
            || (a.starts_with("-p") && a.len() > 2)
    });
    let base = |target: Option<&str>| {
        let mut run: Vec<OsString> = vec!["test".into()];
        if !selects_packages {
            run.push("--workspace".into());
        }
        run.extend(target.map(OsString::from));
        run.extend(extra.iter().cloned());
        run
    };
    if has(&["--doc"]) {
        vec![base(None)]
    } else if selects_targets {
        vec![include_ignored(base(None))]
    } else {
        vec![
            include_ignored(base(Some("--all-targets"))),
            base(Some("--doc")),
        ]
    }
}

/// Adds `--include-ignored` to a run's test-binary arguments: the tests that need the
/// emulator this command started are `#[ignore]`d for a plain `cargo test`.
fn include_ignored(mut run: Vec<OsString>) -> Vec<OsString> {
    if !run.iter().any(|a| a == "--") {
        run.push("--".into());
    }
    run.push("--include-ignored".into());
    run
}

/// `cargo xtask emulator`: the emulator in the foreground until Ctrl-C.
fn cmd_emulator(args: Vec<OsString>) -> Result<ExitCode, String> {
    let mut port = None;
    let mut args = args.into_iter().map(|a| a.to_string_lossy().into_owned());
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "--port" => args.next(),
            other => other.strip_prefix("--port=").map(str::to_owned),
        };
        match value.map(|v| v.parse::<u16>()) {
            Some(Ok(p)) => port = Some(p),
            _ => {
                return Err(format!(
                    "bad argument `{arg}`; usage: cargo xtask emulator [--port N]"
                ))
            }
        }
    }
    let bin = find_emulator()?;
    say(format!("emulator binary: {}", bin.display()));
    let mut emulator = Emulator::start(&bin, port, None)?;
    let host = emulator.host();
    say(format!("BIGTABLE_EMULATOR_HOST={host}"));
    say(format!(
        "in another terminal: export BIGTABLE_EMULATOR_HOST={host} && cargo run --example bigtable"
    ));
    say("Ctrl-C stops the emulator".to_string());
    let status = emulator.wait();
    say(format!("emulator exited ({status})"));
    Ok(ExitCode::SUCCESS)
}

/// `cargo xtask bigtable-bench`: the Bigtable benchmark example, with the emulator binary.
fn cmd_bigtable_bench() -> Result<ExitCode, String> {
    let bin = find_emulator()?;
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let args = [
        "run",
        "--release",
        "-p",
        "rowkey-bigtable",
        "--example",
        "bigtable_bench",
    ];
    say(format!("running: cargo {}", args.join(" ")));
    let status = Command::new(cargo)
        .args(args)
        .current_dir(workspace_root())
        .env(EMULATOR_BIN_VAR, &bin)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(if status.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Prints one step of what xtask does.
fn say(line: String) {
    println!("xtask: {line}");
}

/// The workspace root: the parent of this crate's manifest directory.
fn workspace_root() -> PathBuf {
    // `cargo run` names this crate's directory at run time; the path compiled
    // in is another tree's when a target directory is shared between trees
    // and cargo finds this binary fresh.
    let manifest = env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// Cargo's target directory (`$CARGO_TARGET_DIR`, else `<root>/target`).
fn target_dir(root: &Path) -> PathBuf {
    match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root.join(dir),
        _ => root.join("target"),
    }
}

/// Finds `cbtemulator`: `$BIGTABLE_EMULATOR_BIN`, else `gcloud`'s SDK root, else well-known
/// install paths, else `cbtemulator` on `PATH`. The error says how to install it.
fn find_emulator() -> Result<PathBuf, String> {
    if let Some(bin) = env::var_os(EMULATOR_BIN_VAR).filter(|b| !b.is_empty()) {
        let bin = PathBuf::from(bin);
        return if bin.is_file() {
            Ok(bin)
        } else {
            Err(format!(
                "BIGTABLE_EMULATOR_BIN={} is not a file.\n{INSTALL_HELP}",
                bin.display()
            ))
        };
    }
    let mut tried = Vec::new();
    if let Some(root) = gcloud_sdk_root() {
        tried.push(root.join(SDK_EMULATOR));
    }
    tried.extend(
        WELL_KNOWN_SDK_ROOTS
            .iter()
            .map(|r| Path::new(r).join(SDK_EMULATOR)),
    );
    if let Some(home) = env::var_os("HOME") {
        tried.push(Path::new(&home).join("google-cloud-sdk").join(SDK_EMULATOR));
    }
    if let Some(path) = env::var_os("PATH") {
        tried.extend(env::split_paths(&path).map(|dir| dir.join("cbtemulator")));
    }
    if let Some(found) = tried.iter().find(|p| p.is_file()) {
        return Ok(found.clone());
    }
    let list: Vec<String> = tried
        .iter()
        .take(WELL_KNOWN_SDK_ROOTS.len() + 2)
        .map(|p| format!("  {}", p.display()))
        .collect();
    Err(format!(
        "the Bigtable emulator was not found; looked at $BIGTABLE_EMULATOR_BIN, `gcloud info`, \
         $PATH and:\n{}\n{INSTALL_HELP}",
        list.join("\n")
    ))
}

/// `gcloud info --format='value(installation.sdk_root)'`, if gcloud runs.
fn gcloud_sdk_root() -> Option<PathBuf> {
    let out = Command::new("gcloud")
        .args(["info", "--format=value(installation.sdk_root)"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let root = String::from_utf8(out.stdout).ok()?;
    let root = root.trim();
    (out.status.success() && !root.is_empty()).then(|| PathBuf::from(root))
}

/// A running emulator. Dropping it kills the process by its PID, so the emulator goes away
/// on every exit path of this program that unwinds (errors, failed runs, panics). Ctrl-C in a
/// terminal reaches the emulator directly: it is in our process group and exits on SIGINT.
/// If this program is killed outright (SIGTERM, SIGKILL), a watchdog shell notices within a
/// second and kills the emulator by its PID.
struct Emulator {
    child: Option<Child>,
    watchdog: Option<Child>,
    addr: SocketAddr,
}

impl Emulator {
    /// Starts the emulator on 127.0.0.1 (`port`, or a free one) and waits until it answers.
    /// Output goes to `log` if given, else to this terminal.
    fn start(bin: &Path, port: Option<u16>, log: Option<&Path>) -> Result<Emulator, String> {
        let attempts = if port.is_some() { 1 } else { START_ATTEMPTS };
        let mut last_error = String::new();
        for _ in 0..attempts {
            let port = match port {
                Some(p) => p,
                None => free_port()?,
            };
            let addr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, port));
            let mut command = Command::new(bin);
            command
                .args(["-host", "127.0.0.1", "-port", &port.to_string()])
                .stdin(Stdio::null());
            if let Some(log) = log {
                if let Some(dir) = log.parent() {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                }
                let file = File::create(log)
                    .map_err(|e| format!("cannot create {}: {e}", log.display()))?;
                let file2 = file.try_clone().map_err(|e| e.to_string())?;
                command.stdout(file).stderr(file2);
            }
            let child = command
                .spawn()
                .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
            say(format!("started emulator on {addr} (pid {})", child.id()));
            let watchdog = spawn_watchdog(child.id());
            let mut emulator = Emulator {
                child: Some(child),
                watchdog,
                addr,
            };
            match emulator.wait_ready() {
                Ok(took) => {
                    say(format!(
                        "emulator answers on {addr} after {:.1} s",
                        took.as_secs_f64()
                    ));
                    return Ok(emulator);
                }
                Err(e) => {
                    emulator.stop();
                    last_error = e;
                    if let Some(log) = log {
                        let mut text = String::new();
                        if File::open(log)
                            .and_then(|mut f| f.read_to_string(&mut text))
                            .is_ok()
                            && !text.trim().is_empty()
                        {
                            last_error
                                .push_str(&format!("\nemulator output:\n{}", text.trim_end()));
                        }
                    }
                    say(format!("emulator did not start: {last_error}"));
                }
            }
        }
        Err(format!("the Bigtable emulator did not start: {last_error}"))
    }

    /// `host:port` for `BIGTABLE_EMULATOR_HOST`.
    fn host(&self) -> String {
        self.addr.to_string()
    }

    /// Polls the port until it accepts a connection, the process exits, or the timeout.
    fn wait_ready(&mut self) -> Result<Duration, String> {
        let start = Instant::now();
        loop {
            if let Some(child) = self.child.as_mut() {
                if let Ok(Some(status)) = child.try_wait() {
                    return Err(format!("it exited early ({status})"));
                }
            }
            if TcpStream::connect_timeout(&self.addr, Duration::from_millis(200)).is_ok() {
                return Ok(start.elapsed());
            }
            if start.elapsed() > READY_TIMEOUT {
                return Err(format!(
                    "port {} did not answer within {} s",
                    self.addr.port(),
                    READY_TIMEOUT.as_secs()
                ));
            }
            sleep(Duration::from_millis(100));
        }
    }

    /// Waits for the emulator to exit on its own (foreground mode).
    fn wait(&mut self) -> String {
        match self.child.take().map(|mut c| c.wait()) {
            Some(Ok(status)) => status.to_string(),
            Some(Err(e)) => e.to_string(),
            None => "not running".to_string(),
        }
    }

    /// Kills the emulator by its PID and reaps it. Idempotent.
    fn stop(&mut self) {
        if let Some(mut watchdog) = self.watchdog.take() {
            let _ = watchdog.kill();
            let _ = watchdog.wait();
        }
        if let Some(mut child) = self.child.take() {
            if let Ok(None) = child.try_wait() {
                say(format!("stopping emulator (pid {})", child.id()));
                let _ = child.kill();
            }
            let _ = child.wait();
        }
    }
}

impl Drop for Emulator {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A shell that waits for this process to end and then kills the emulator `pid`: cleanup for
/// when this process is killed without unwinding. `None` where there is no `sh`.
fn spawn_watchdog(pid: u32) -> Option<Child> {
    if !cfg!(unix) {
        return None;
    }
    Command::new("sh")
        .args([
            "-c",
            r#"while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill "$2" 2>/dev/null"#,
            "xtask-emulator-watchdog",
            &std::process::id().to_string(),
            &pid.to_string(),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()
}

/// A port that was free a moment ago: bind port 0 on loopback, read it, release it.
fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .map_err(|e| format!("cannot bind 127.0.0.1:0 to find a free port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    fn runs(args: &[&str]) -> Vec<String> {
        test_runs(&os(args))
            .into_iter()
            .map(|r| {
                r.iter()
                    .map(|a| a.to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn default_runs_are_all_targets_then_doc() {
        assert_eq!(
            runs(&[]),
            [
                "test --workspace --all-targets -- --include-ignored",
                "test --workspace --doc"
            ]
        );
    }

    #[test]
    fn package_selection_drops_workspace_and_passes_args() {
        assert_eq!(
            runs(&["-p", "rowkey-bigtable", "--", "--nocapture"]),
            [
                "test --all-targets -p rowkey-bigtable -- --nocapture --include-ignored",
                "test --doc -p rowkey-bigtable -- --nocapture"
            ]
        );
    }

    #[test]
    fn target_selection_means_one_run() {
        assert_eq!(
            runs(&["--test", "emulator"]),
            ["test --workspace --test emulator -- --include-ignored"]
        );
        assert_eq!(runs(&["--doc"]), ["test --workspace --doc"]);
        // `--test` after `--` is a test-binary argument, not a target selection.
        assert_eq!(runs(&["--", "--test"]).len(), 2);
    }

    #[test]
    fn free_port_is_nonzero() {
        assert_ne!(free_port().unwrap(), 0);
    }
}
