//! `cargo xtask build-cost`: what `#[derive(RowKey)]` costs a user's build, side by side
//! with serde's `#[derive(Serialize, Deserialize)]` on the same structs.
//!
//! In a temporary directory it generates two library crates with the same 20 key structs of
//! 3 to 5 fields (three of them salted, four ending in a `String`): `keys_rowkey` derives
//! `RowKey` (rowkey by path, default features) and `keys_serde` derives `Serialize,
//! Deserialize`. Both use the workspace's `Cargo.lock`, so
//! they build the same dependency versions as the repository, offline. For each it measures
//! a clean build with dependencies (a fresh target directory), a clean build of the crate
//! alone (dependencies built, `cargo clean -p`), and the rebuild after editing one struct.
//! With `--instructions` it also counts the compiler's instructions for the last two under
//! valgrind's cachegrind, which do not move with the machine's load: this program runs as
//! cargo's `RUSTC_WORKSPACE_WRAPPER` and puts `rustc` under cachegrind for the crate measured.
//!
//! Generated code is counted without `cargo expand` (nightly-only `-Zunpretty`): a harness
//! compiles each derive's own source as a plain library (its `#[proc_macro_derive]` entry
//! points turned into functions over `proc_macro2::TokenStream`), runs it on every struct,
//! pretty-prints the output with `prettyplease` and counts its non-blank lines and its
//! tokens. rowkey's `view!` wrapper, which passes its input through when the opt-in `view`
//! feature is on, is unwrapped; other macro calls and derives in the output (zerocopy's derives on
//! the view struct) are counted as written, not expanded: their cost shows in the build times.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::{say, workspace_root};

/// Key structs per crate.
const STRUCTS: usize = 20;
/// The struct whose edit the rebuild measures.
const EDITED: usize = 10;
/// Samples of the crate-only build and of the rebuild; the median is reported.
const SAMPLES: usize = 5;
/// Samples of the clean build with dependencies.
const CLEAN_SAMPLES: usize = 3;

/// Field pool: (rowkey attributes, name, type). Struct `i` takes 3 to 5 consecutive
/// entries, so names never repeat within a struct.
const FIELDS: &[(&str, &str, &str)] = &[
    ("#[pad(6)] ", "user_id", "u32"),
    ("", "tenant", "u16"),
    ("#[reverse] ", "ts", "u64"),
    ("", "kind", "u8"),
    ("", "amount", "i64"),
    ("", "active", "bool"),
    ("", "code", "[u8; 4]"),
    ("#[pad(8)] ", "date", "u32"),
    ("", "seq", "u32"),
];

/// The two derives compared.
#[derive(Clone, Copy, PartialEq)]
enum Derive {
    RowKey,
    Serde,
}

impl Derive {
    fn crate_name(self) -> &'static str {
        match self {
            Derive::RowKey => "keys_rowkey",
            Derive::Serde => "keys_serde",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Derive::RowKey => "rowkey `RowKey`",
            Derive::Serde => "serde `Serialize, Deserialize`",
        }
    }
}

/// The structs' source for `derive`; `edited` adds a field to struct [`EDITED`].
fn structs_source(derive: Derive, edited: bool) -> String {
    let mut s = String::new();
    if derive == Derive::Serde {
        s.push_str("use serde::{Deserialize, Serialize};\n");
    }
    for i in 0..STRUCTS {
        let count = 3 + i % 3;
        let (line, attrs) = match derive {
            Derive::RowKey => ("#[derive(rowkey::RowKey, Debug, Clone, PartialEq)]", true),
            Derive::Serde => (
                "#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]",
                false,
            ),
        };
        let _ = writeln!(s, "\n{line}\npub struct Key{i} {{");
        for j in 0..count {
            let (attr, name, ty) = FIELDS[(i + j) % FIELDS.len()];
            // Every fourth key is salted on its first plain field.
            let salt = attrs && j == 0 && i % 4 == 0 && attr.is_empty();
            let attr = if !attrs {
                ""
            } else if salt {
                "#[salt(mod = 16)] "
            } else {
                attr
            };
            let _ = writeln!(s, "    {attr}pub {name}: {ty},");
        }
        // Every fifth key, from the third, ends in a `String`: a variable-length key.
        if i % 5 == 2 {
            s.push_str("    pub label: String,\n");
        }
        if edited && i == EDITED {
            s.push_str("    pub extra: u8,\n");
        }
        s.push_str("}\n");
    }
    s
}

fn manifest(derive: Derive, root: &Path) -> String {
    let dep = match derive {
        Derive::RowKey => format!("rowkey = {{ path = {:?} }}", root.display().to_string()),
        Derive::Serde => "serde = { version = \"1\", features = [\"derive\"] }".to_string(),
    };
    // rowkey is a path dependency here, which cargo would compile incrementally;
    // a user gets it from a registry, compiled without, as serde is.
    format!(
        "[package]\nname = \"{}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\n{dep}\n\n[workspace]\n\n\
         [profile.dev.package.\"*\"]\nincremental = false\n",
        derive.crate_name()
    )
}

/// What one build cost: wall time, and the CPU time (user + system) of cargo
/// and every compiler it ran. On a shared machine the CPU time moves less with
/// the other load than the wall time does.
#[derive(Clone, Copy, Default)]
struct Cost {
    wall: Duration,
    cpu: Duration,
}

/// The CPU time of this process's waited-for children, from `/proc/self/stat`
/// (Linux; zero elsewhere): cargo waits for its compilers, so theirs is in it.
fn children_cpu() -> Duration {
    let Ok(stat) = fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // Fields after the parenthesised command name; cutime and cstime are the
    // 16th and 17th fields of the whole line, in clock ticks (100 per second
    // on Linux for every architecture cargo runs on).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: u64 = rest
        .split_whitespace()
        .skip(13)
        .take(2)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// Runs `cargo` with `args` in `dir` and returns what it cost.
fn cargo(dir: &Path, target: &Path, args: &[&str]) -> Result<Cost, String> {
    cargo_with(dir, target, args, &[])
}

/// [`cargo`] with more environment variables.
fn cargo_with(
    dir: &Path,
    target: &Path,
    args: &[&str],
    vars: &[(&str, &OsStr)],
) -> Result<Cost, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let (start, cpu_before) = (Instant::now(), children_cpu());
    let out = Command::new(cargo)
        .args(args)
        .arg("--offline")
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        // The crate measured stays incremental, as a user's own crate is.
        .env_remove("CARGO_INCREMENTAL")
        .envs(vars.iter().copied())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let cost = Cost {
        wall: start.elapsed(),
        cpu: children_cpu().saturating_sub(cpu_before),
    };
    if !out.status.success() {
        return Err(format!(
            "`cargo {}` failed in {}:\n{}",
            args.join(" "),
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(cost)
}

/// The median wall time and the median CPU time of `v`, each on its own.
fn median(v: &[Cost]) -> Cost {
    let mid = |mut d: Vec<Duration>| {
        d.sort();
        d[d.len() / 2]
    };
    Cost {
        wall: mid(v.iter().map(|c| c.wall).collect()),
        cpu: mid(v.iter().map(|c| c.cpu).collect()),
    }
}

/// Build costs of one generated crate.
#[derive(Default)]
struct Times {
    clean_with_deps: Vec<Cost>,
    clean_crate: Vec<Cost>,
    rebuild: Vec<Cost>,
}

/// One generated crate: its directory, target directory and `lib.rs`.
struct Krate {
    derive: Derive,
    dir: PathBuf,
    target: PathBuf,
    lib: PathBuf,
}

impl Krate {
    /// Writes the crate for `derive` under `dir`.
    fn write(derive: Derive, root: &Path, dir: &Path) -> Result<Krate, String> {
        let krate = dir.join(derive.crate_name());
        fs::create_dir_all(krate.join("src")).map_err(|e| e.to_string())?;
        let k = Krate {
            derive,
            target: krate.join("target"),
            lib: krate.join("src/lib.rs"),
            dir: krate,
        };
        write(&k.dir.join("Cargo.toml"), &manifest(derive, root))?;
        fs::copy(root.join("Cargo.lock"), k.dir.join("Cargo.lock")).map_err(|e| e.to_string())?;
        write(&k.lib, &structs_source(derive, false))?;
        Ok(k)
    }

    fn build(&self) -> Result<Cost, String> {
        cargo(&self.dir, &self.target, &["build"])
    }

    /// Everything, dependencies included, into an empty target directory.
    fn build_from_scratch(&self) -> Result<Cost, String> {
        if self.target.exists() {
            fs::remove_dir_all(&self.target).map_err(|e| e.to_string())?;
        }
        self.build()
    }

    /// The crate alone: dependencies stay built.
    fn clean_build(&self) -> Result<Cost, String> {
        cargo(
            &self.dir,
            &self.target,
            &["clean", "-p", self.derive.crate_name()],
        )?;
        self.build()
    }

    /// Adds a field to struct [`EDITED`] and builds, then takes it out and builds.
    fn rebuilds(&self) -> Result<[Cost; 2], String> {
        let mut costs = [Cost::default(); 2];
        for (cost, edited) in costs.iter_mut().zip([true, false]) {
            write(&self.lib, &structs_source(self.derive, edited))?;
            *cost = self.build()?;
        }
        Ok(costs)
    }
}

/// The variable that makes this program, run by cargo as
/// `RUSTC_WORKSPACE_WRAPPER`, count the instructions of the compiler it runs
/// for the crate it names; and the file it adds the counts to.
pub const COUNT_CRATE_VAR: &str = "ROWKEY_XTASK_COUNT_CRATE";
const COUNT_FILE_VAR: &str = "ROWKEY_XTASK_COUNT_FILE";

/// The compiler's instructions for one crate: a clean build of the crate
/// alone and the rebuild after editing one struct (the mean of the edit and
/// its revert). Counted by cachegrind on `rustc` itself, the derive's run
/// inside it included: they do not move with the machine's load.
#[derive(Clone, Copy)]
struct Instructions {
    clean: u64,
    rebuild: u64,
}

impl Krate {
    /// [`Instructions`] of this crate.
    fn instructions(&self) -> Result<Instructions, String> {
        let file = self.dir.join("rustc-instructions");
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let counted = |args: &[&str]| -> Result<u64, String> {
            let _ = fs::remove_file(&file);
            let vars = [
                ("RUSTC_WORKSPACE_WRAPPER", exe.as_os_str()),
                (COUNT_CRATE_VAR, OsStr::new(self.derive.crate_name())),
                (COUNT_FILE_VAR, file.as_os_str()),
            ];
            cargo_with(&self.dir, &self.target, args, &vars)?;
            let text = fs::read_to_string(&file)
                .map_err(|e| format!("no instruction count in {}: {e}", file.display()))?;
            Ok(text
                .lines()
                .filter_map(|l| l.trim().parse::<u64>().ok())
                .sum())
        };
        cargo(
            &self.dir,
            &self.target,
            &["clean", "-p", self.derive.crate_name()],
        )?;
        let clean = counted(&["build"])?;
        let mut rebuild = 0;
        for edited in [true, false] {
            write(&self.lib, &structs_source(self.derive, edited))?;
            rebuild += counted(&["build"])?;
        }
        Ok(Instructions {
            clean,
            rebuild: rebuild / 2,
        })
    }
}

/// Runs the compiler as cargo asked (`args`: the compiler, then its
/// arguments), under cachegrind when it compiles the crate `krate`, adding
/// the instruction count to the file `ROWKEY_XTASK_COUNT_FILE` names.
/// Cachegrind's report goes to a file of its own: cargo reads the
/// compiler's messages from its standard error.
pub fn count_rustc(krate: &str, args: Vec<OsString>) -> std::process::ExitCode {
    let code = |status: std::process::ExitStatus| {
        std::process::ExitCode::from(status.code().unwrap_or(1).clamp(0, 255) as u8)
    };
    let Some((rustc, rest)) = args.split_first() else {
        eprintln!("xtask: the compiler wrapper was run without a compiler");
        return std::process::ExitCode::FAILURE;
    };
    let ours = rest
        .windows(2)
        .any(|w| w[0] == "--crate-name" && w[1] == krate);
    let (Some(out), true) = (std::env::var_os(COUNT_FILE_VAR), ours) else {
        return match Command::new(rustc).args(rest).status() {
            Ok(status) => code(status),
            Err(e) => {
                eprintln!("xtask: cannot run {}: {e}", rustc.to_string_lossy());
                std::process::ExitCode::FAILURE
            }
        };
    };
    let log = PathBuf::from(&out).with_extension("log");
    let mut log_arg = OsString::from("--log-file=");
    log_arg.push(&log);
    let status = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(log_arg)
        .arg(rustc)
        .args(rest)
        .status();
    let status = match status {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xtask: cannot run valgrind: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    // `==PID== I   refs:      1,234,567`
    let refs = fs::read_to_string(&log).ok().and_then(|t| {
        t.lines().find_map(|l| {
            let n = l.split("I   refs:").nth(1)?.trim().replace(',', "");
            n.parse::<u64>().ok()
        })
    });
    match refs {
        Some(n) => {
            let mut text = fs::read_to_string(&out).unwrap_or_default();
            let _ = writeln!(text, "{n}");
            if let Err(e) = fs::write(&out, text) {
                eprintln!("xtask: {}: {e}", PathBuf::from(&out).display());
            }
        }
        None => eprintln!("xtask: no instruction count in {}", log.display()),
    }
    code(status)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Measures both crates, taking their samples in turn so that a change in the
/// machine's load falls on both alike.
fn measure(root: &Path, dir: &Path) -> Result<[Times; 2], String> {
    let krates = [Derive::RowKey, Derive::Serde].map(|d| Krate::write(d, root, dir));
    let [rowkey, serde] = krates;
    let krates = [rowkey?, serde?];
    let mut times = [Times::default(), Times::default()];
    say("clean builds with dependencies".to_string());
    for _ in 0..CLEAN_SAMPLES {
        for (k, t) in krates.iter().zip(&mut times) {
            t.clean_with_deps.push(k.build_from_scratch()?);
        }
    }
    say(format!(
        "clean builds of the crates alone, rebuilds after editing Key{EDITED}"
    ));
    for _ in 0..SAMPLES {
        for (k, t) in krates.iter().zip(&mut times) {
            t.clean_crate.push(k.clean_build()?);
            t.rebuild.extend(k.rebuilds()?);
        }
    }
    Ok(times)
}

/// A derive crate's `lib.rs` as a plain library: the `#[proc_macro_derive]` attributes
/// dropped and its entry points taking and returning `proc_macro2::TokenStream`.
fn as_plain_library(lib: &str) -> Result<String, String> {
    let mut out = lib.to_string();
    while let Some(at) = out.find("#[proc_macro_derive(") {
        let end = matching(&out, at + 1, '[', ']')
            .ok_or("unbalanced #[proc_macro_derive(..)] attribute")?;
        out.replace_range(at..=end, "");
    }
    out = out
        .replace(
            "use proc_macro::TokenStream;",
            "use proc_macro2::TokenStream;",
        )
        .replace("syn::parse_macro_input!", "parse_macro_input!");
    while let Some(at) = out.find("parse_macro_input!(") {
        let open = at + "parse_macro_input!".len();
        let close = matching(&out, open, '(', ')').ok_or("unbalanced parse_macro_input!")?;
        let inner = out[open + 1..close].to_string();
        let (tokens, ty) = inner
            .split_once(" as ")
            .ok_or("parse_macro_input! without `as`")?;
        let parse = format!(
            "match syn::parse2::<{ty}>({tokens}) {{ Ok(v) => v, Err(e) => return e.into_compile_error() }}"
        );
        out.replace_range(at..=close, &parse);
    }
    out = out.replace("use syn::parse_macro_input;", "");
    if out.contains("proc_macro::TokenStream") {
        return Err("an entry point still uses proc_macro::TokenStream".into());
    }
    Ok(out)
}

/// The index of the bracket closing the one at `open`.
fn matching(s: &str, open: usize, left: char, right: char) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s[open..].char_indices() {
        if c == left {
            depth += 1;
        } else if c == right {
            depth -= 1;
            if depth == 0 {
                return Some(open + i);
            }
        }
    }
    None
}

/// The `[dependencies]` and `[features]` sections of a derive's manifest, and its edition.
fn manifest_parts(toml: &str) -> (String, String) {
    let mut keep = String::new();
    let mut edition = "2021".to_string();
    let mut section = String::new();
    for line in toml.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            section = t.to_string();
        }
        let wanted = section.starts_with("[dependencies") || section == "[features]";
        if wanted {
            keep.push_str(line);
            keep.push('\n');
        }
        if section == "[package]" {
            if let Some(v) = t.strip_prefix("edition = ") {
                edition = v.trim_matches('"').to_string();
            }
        }
    }
    (keep, edition)
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for entry in fs::read_dir(from).map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        let dest = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &dest)?;
        } else {
            fs::copy(entry.path(), &dest).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Copies the derive crate at `src` into `dir/name` as a plain library.
fn plain_library(src: &Path, dir: &Path, name: &str) -> Result<(), String> {
    let dest = dir.join(name);
    copy_dir(&src.join("src"), &dest.join("src"))?;
    let lib = fs::read_to_string(src.join("src/lib.rs")).map_err(|e| e.to_string())?;
    fs::write(dest.join("src/lib.rs"), as_plain_library(&lib)?).map_err(|e| e.to_string())?;
    let toml = fs::read_to_string(src.join("Cargo.toml")).map_err(|e| e.to_string())?;
    let (deps, edition) = manifest_parts(&toml);
    // Path dependencies (rowkey-derive on rowkey-core) stay where they are.
    let deps = deps.replace("path = \"../", &format!("path = \"{}/../", src.display()));
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"{edition}\"\npublish = false\n\n\
         [lib]\ndoctest = false\n\n{deps}"
    );
    fs::write(dest.join("Cargo.toml"), manifest).map_err(|e| e.to_string())
}

/// The harness: for each struct of a source file, the derive's output, pretty-printed.
const HARNESS_MAIN: &str = r#"
use proc_macro2::TokenStream;
use quote::ToTokens;

fn count(name: &str, items: &[syn::ItemStruct], expand: &dyn Fn(TokenStream) -> TokenStream) {
    let (mut lines, mut tokens) = (0usize, 0usize);
    for item in items {
        let out = expand(item.to_token_stream());
        tokens += out.clone().into_iter().map(|t| flat(t)).sum::<usize>();
        let file: syn::File = syn::parse2(out).expect("the derive's output is Rust");
        lines += prettyplease::unparse(&file).lines().filter(|l| !l.trim().is_empty()).count();
    }
    println!("{name} {} {} {}", items.len(), lines, tokens);
}

/// rowkey's output with its `view! { .. }` calls replaced by their body: the macro passes
/// its input through when the opt-in `view` feature is on.
fn unwrap_view(ts: TokenStream) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let mut out: Vec<TokenTree> = Vec::new();
    let mut iter = ts.into_iter().peekable();
    while let Some(t) = iter.next() {
        match t {
            TokenTree::Ident(i) if i == "view" && matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '!') => {
                iter.next();
                if let Some(TokenTree::Group(g)) = iter.next() {
                    // Drop the macro's path (`__rk::`, `::rowkey::__private::`).
                    while matches!(out.last(), Some(TokenTree::Ident(_)) | Some(TokenTree::Punct(_)))
                        && !matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ';')
                    {
                        out.pop();
                    }
                    out.extend(unwrap_view(g.stream()));
                }
            }
            TokenTree::Group(g) => {
                let mut n = Group::new(g.delimiter(), unwrap_view(g.stream()));
                n.set_span(g.span());
                out.push(TokenTree::Group(n));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

fn flat(t: proc_macro2::TokenTree) -> usize {
    match t {
        proc_macro2::TokenTree::Group(g) => 2 + g.stream().into_iter().map(flat).sum::<usize>(),
        _ => 1,
    }
}

fn structs(path: &str) -> Vec<syn::ItemStruct> {
    let text = std::fs::read_to_string(path).expect("read the structs");
    let file = syn::parse_file(&text).expect("parse the structs");
    file.items.into_iter().filter_map(|i| match i { syn::Item::Struct(s) => Some(s), _ => None }).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    count("rowkey", &structs(&args[1]), &|t| unwrap_view(rowkey_plain::derive_row_key(t)));
    count("serde", &structs(&args[2]), &|t| {
        let mut out = serde_plain::derive_serialize(t.clone());
        out.extend(serde_plain::derive_deserialize(t));
        out
    });
}
"#;

/// Generated lines and tokens per struct, for each derive.
fn generated_code(
    root: &Path,
    dir: &Path,
    serde_src: &Path,
) -> Result<BTreeMap<String, (f64, f64)>, String> {
    let harness = dir.join("expand");
    plain_library(&root.join("rowkey-derive"), &harness, "rowkey_plain")?;
    plain_library(serde_src, &harness, "serde_plain")?;
    fs::create_dir_all(harness.join("src")).map_err(|e| e.to_string())?;
    fs::write(harness.join("src/main.rs"), HARNESS_MAIN).map_err(|e| e.to_string())?;
    fs::write(
        harness.join("Cargo.toml"),
        "[package]\nname = \"expand\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nrowkey_plain = { path = \"rowkey_plain\" }\nserde_plain = { path = \"serde_plain\" }\n\
         proc-macro2 = \"1\"\nquote = \"1\"\nsyn = { version = \"2\", features = [\"full\"] }\nprettyplease = \"0.2\"\n\n\
         [workspace]\nmembers = [\".\", \"rowkey_plain\", \"serde_plain\"]\n",
    )
    .map_err(|e| e.to_string())?;
    fs::copy(root.join("Cargo.lock"), harness.join("Cargo.lock")).map_err(|e| e.to_string())?;
    say("counting generated code".to_string());
    cargo(&harness, &harness.join("target"), &["build", "--quiet"])?;
    let out = Command::new(harness.join("target/debug/expand"))
        .arg(dir.join("keys_rowkey/src/lib.rs"))
        .arg(dir.join("keys_serde/src/lib.rs"))
        .output()
        .map_err(|e| format!("cannot run the expansion harness: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "the expansion harness failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut counts = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Vec<&str> = line.split_whitespace().collect();
        if let [name, n, lines, tokens] = v[..] {
            let n: f64 = n.parse().map_err(|_| "bad harness output")?;
            let lines: f64 = lines.parse().map_err(|_| "bad harness output")?;
            let tokens: f64 = tokens.parse().map_err(|_| "bad harness output")?;
            counts.insert(name.to_string(), (lines / n, tokens / n));
        }
    }
    Ok(counts)
}

/// The source directory of the `serde_derive` the workspace's lock file pins, from
/// `cargo metadata` of the generated serde crate.
fn serde_derive_dir(krate: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(krate)
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split("\"manifest_path\":\"")
        .filter_map(|s| s.split('"').next())
        .find(|p| p.contains("/serde_derive-") && p.ends_with("Cargo.toml"))
        .and_then(|p| Path::new(p).parent().map(Path::to_path_buf))
        .ok_or_else(|| "serde_derive not found in cargo metadata".to_string())
}

fn billions(n: u64) -> String {
    format!("{:.3} billion", n as f64 / 1e9)
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn ratio(a: f64, b: f64) -> String {
    format!("{:.2}x", a / b)
}

/// `cargo xtask build-cost [--keep]`: measures, prints a Markdown table.
pub fn cmd_build_cost(args: Vec<std::ffi::OsString>) -> Result<std::process::ExitCode, String> {
    let keep = args.iter().any(|a| a == "--keep");
    let count = args.iter().any(|a| a == "--instructions");
    let root = workspace_root();
    let dir = std::env::temp_dir().join(format!("rowkey-build-cost-{}", std::process::id()));
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    say(format!("working in {}", dir.display()));
    let result = run(&root, &dir, count);
    if keep {
        say(format!("kept {}", dir.display()));
    } else {
        let _ = fs::remove_dir_all(&dir);
    }
    println!("{}", result?);
    Ok(std::process::ExitCode::SUCCESS)
}

fn run(root: &Path, dir: &Path, count: bool) -> Result<String, String> {
    let [rowkey, serde] = measure(root, dir)?;
    let instructions = if count {
        say("the compiler's instructions, under cachegrind".to_string());
        let krates = [Derive::RowKey, Derive::Serde].map(|d| Krate::write(d, root, dir));
        let [r, s] = krates;
        Some([r?.instructions()?, s?.instructions()?])
    } else {
        None
    };
    let serde_src = serde_derive_dir(&dir.join(Derive::Serde.crate_name()))?;
    let code = generated_code(root, dir, &serde_src)?;
    let (rl, rt) = code.get("rowkey").copied().ok_or("no rowkey count")?;
    let (sl, st) = code.get("serde").copied().ok_or("no serde count")?;
    let mut t = String::new();
    let _ = writeln!(
        t,
        "\n{STRUCTS} key structs of 3-5 fields, debug profile, samples taken in turn; \
         medians of {CLEAN_SAMPLES} (clean with dependencies), {SAMPLES} (crate alone) \
         and {} (rebuild). Wall time, then CPU time (user + system \
         of cargo and the compilers):\n",
        SAMPLES * 2
    );
    let _ = writeln!(
        t,
        "| | {} | {} | rowkey ÷ serde |",
        Derive::RowKey.label(),
        Derive::Serde.label()
    );
    let _ = writeln!(t, "|---|---:|---:|---:|");
    let rows = [
        (
            "clean build, dependencies included",
            median(&rowkey.clean_with_deps),
            median(&serde.clean_with_deps),
        ),
        (
            "clean build of the crate alone",
            median(&rowkey.clean_crate),
            median(&serde.clean_crate),
        ),
        (
            "rebuild after editing one struct",
            median(&rowkey.rebuild),
            median(&serde.rebuild),
        ),
    ];
    for (what, r, s) in rows {
        for (clock, rd, sd) in [("wall", r.wall, s.wall), ("CPU", r.cpu, s.cpu)] {
            let _ = writeln!(
                t,
                "| {what}, {clock} | {} | {} | {} |",
                secs(rd),
                secs(sd),
                ratio(rd.as_secs_f64(), sd.as_secs_f64())
            );
        }
    }
    let _ = writeln!(
        t,
        "| generated lines per struct | {rl:.0} | {sl:.0} | {} |",
        ratio(rl, sl)
    );
    let _ = writeln!(
        t,
        "| generated tokens per struct | {rt:.0} | {st:.0} | {} |",
        ratio(rt, st)
    );
    if let Some([r, s]) = instructions {
        let _ = writeln!(
            t,
            "\nThe compiler's instructions for the crate alone (`rustc` under cachegrind, \
             the derive's run included; the rebuild: the mean of the edit and its revert):\n"
        );
        let _ = writeln!(
            t,
            "| | {} | {} | rowkey ÷ serde |",
            Derive::RowKey.label(),
            Derive::Serde.label()
        );
        let _ = writeln!(t, "|---|---:|---:|---:|");
        for (what, a, b) in [
            ("clean build of the crate", r.clean, s.clean),
            ("rebuild after editing one struct", r.rebuild, s.rebuild),
        ] {
            let _ = writeln!(
                t,
                "| {what} | {} | {} | {} |",
                billions(a),
                billions(b),
                ratio(a as f64, b as f64)
            );
        }
    }
    let _ = writeln!(t, "\nserde_derive source: {}", serde_src.display());
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_points_become_plain_functions() {
        let lib = "use proc_macro::TokenStream;\n\
            #[proc_macro_derive(\n    RowKey,\n    attributes(rowkey, pad)\n)]\n\
            pub fn derive_row_key(input: TokenStream) -> TokenStream {\n\
            let input = syn::parse_macro_input!(input as syn::DeriveInput);\n\
            expand::derive(&input).into()\n}\n";
        let plain = as_plain_library(lib).unwrap();
        assert!(!plain.contains("proc_macro_derive"), "{plain}");
        assert!(plain.contains("use proc_macro2::TokenStream;"));
        assert!(plain.contains(
            "let input = match syn::parse2::<syn::DeriveInput>(input) { Ok(v) => v, Err(e) => return e.into_compile_error() };"
        ));
        assert!(as_plain_library("#[proc_macro_derive(X").is_err());
    }

    #[test]
    fn dependencies_are_compiled_as_registry_crates_are() {
        for derive in [Derive::RowKey, Derive::Serde] {
            let toml = manifest(derive, Path::new("/r"));
            assert!(
                toml.ends_with("[profile.dev.package.\"*\"]\nincremental = false\n"),
                "{toml}"
            );
        }
    }

    #[test]
    fn manifest_keeps_dependencies_features_and_edition() {
        let toml = "[package]\nname = \"d\"\nedition = \"2018\"\n\n[lib]\nproc-macro = true\n\n\
            [dependencies.syn]\nversion = \"2\"\n\n[dependencies]\nquote = \"1\"\n\n\
            [dev-dependencies]\nserde = \"1\"\n\n[features]\nx = []\n";
        let (deps, edition) = manifest_parts(toml);
        assert_eq!(edition, "2018");
        assert_eq!(
            deps,
            "[dependencies.syn]\nversion = \"2\"\n\n[dependencies]\nquote = \"1\"\n\n[features]\nx = []\n"
        );
    }

    #[test]
    fn structs_have_three_to_five_fields_and_the_edit_adds_one() {
        let plain = structs_source(Derive::RowKey, false);
        assert_eq!(plain.matches("pub struct").count(), STRUCTS);
        let strings = plain.matches("pub label: String").count();
        assert_eq!(strings, 4);
        assert_eq!(
            plain.matches("pub ").count() - STRUCTS - strings,
            (0..STRUCTS).map(|i| 3 + i % 3).sum::<usize>()
        );
        assert_eq!(plain.matches("#[salt").count(), 3);
        let edited = structs_source(Derive::RowKey, true);
        assert_eq!(edited.matches("pub extra: u8").count(), 1);
        assert!(!structs_source(Derive::Serde, false).contains("#[pad"));
    }
}
