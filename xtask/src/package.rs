//! `cargo xtask package`: the crates as the registry gets them.
//!
//! Runs `cargo package --workspace`, which builds every packaged crate alone from its
//! `.crate` (the workspace's unpublished crates resolve through a local registry of the
//! packages just made), then unpacks each `.crate` and checks what a user downloads:
//!
//! * the files: cargo's own (`Cargo.toml`, `Cargo.lock`, ...), the README, license texts
//!   and the Rust sources under `src/`, none over [`MAX_FILE`] bytes. Tests, examples and
//!   benchmarks need the workspace (path-only dev-dependencies, the Bigtable emulator,
//!   trybuild's `.stderr` files, Java's vectors), so they and their data stay out;
//! * the manifest: the fields of [`REQUIRED_FIELDS`], and the README it names is in the
//!   package;
//! * every dependency on another crate of the workspace is pinned with `=` to that crate's
//!   version: generated code calls the runtime through paths that are not public API, so
//!   the crates are released together.
//!
//! Crates with `publish = false` are packaged and verified with the others but not checked.
//! The builds go to `target/package-check`, apart from the tests' target directory, without
//! debug information: verifying only needs the crates to compile.

use std::collections::BTreeMap;
use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use crate::{say, target_dir};

/// The largest file a package may hold (the main README is about half of it).
const MAX_FILE: u64 = 128 * 1024;
/// The manifest fields every published crate sets.
const REQUIRED_FIELDS: &[&str] = &[
    "description",
    "license",
    "repository",
    "readme",
    "rust-version",
    "keywords",
    "categories",
];
/// The files cargo writes into every package.
const CARGO_FILES: &[&str] = &[
    "Cargo.toml",
    "Cargo.toml.orig",
    "Cargo.lock",
    ".cargo_vcs_info.json",
];

/// One unpacked `.crate`.
struct Package {
    manifest: Manifest,
    /// Paths relative to the package root, `/`-separated, with their sizes.
    files: Vec<(String, u64)>,
    /// The size of the `.crate` file.
    compressed: u64,
}

/// What the checks read of a normalized (packaged) `Cargo.toml`.
#[derive(Debug, Default, PartialEq)]
struct Manifest {
    /// `[package]` keys and their values as written (strings unquoted).
    package: BTreeMap<String, String>,
    dependencies: Vec<Dependency>,
}

/// One dependency of a normalized manifest.
#[derive(Debug, PartialEq)]
struct Dependency {
    /// `dependency`, `dev-dependency` or `build-dependency`.
    kind: &'static str,
    /// The crate depended on (its `package` when renamed).
    krate: String,
    /// The version requirement; `None` when there is none.
    version: Option<String>,
}

/// Packages the workspace, then checks every package meant for the registry.
pub fn cmd_package(root: &Path, args: Vec<OsString>) -> Result<ExitCode, String> {
    if let Some(arg) = args.first() {
        return Err(format!(
            "unexpected argument `{}`; usage: cargo xtask package",
            arg.to_string_lossy()
        ));
    }
    let dir = target_dir(root).join("package-check");
    let out = dir.join("package");
    // `.crate` files of other versions or removed crates would be checked as if current.
    remove_dir(&out)?;
    forget_extracted_packages()?;
    let start = Instant::now();
    if !cargo_package(root, &dir)? {
        return Ok(ExitCode::FAILURE);
    }
    say(format!(
        "cargo package --workspace took {:.0} s",
        start.elapsed().as_secs_f64()
    ));
    let contents = dir.join("contents");
    remove_dir(&contents)?;
    let packages = crate_files(&out)?
        .iter()
        .map(|file| unpack(file, &contents))
        .collect::<Result<Vec<_>, _>>()?;
    print_table(&packages);
    let problems = problems(&packages);
    for problem in &problems {
        eprintln!("xtask: {problem}");
    }
    Ok(if problems.is_empty() {
        say("every package holds what a user needs".to_string());
        ExitCode::SUCCESS
    } else {
        say(format!("{} problem(s) in the packages", problems.len()));
        ExitCode::FAILURE
    })
}

/// Removes the sources cargo extracted from an earlier run's packages.
/// `cargo package --workspace` verifies each crate against the others'
/// packages through a local registry at the same path every run, and cargo
/// reuses what it extracted from there for the same name and version, so a
/// second run would build against the first run's sources.
fn forget_extracted_packages() -> Result<(), String> {
    let home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")));
    let Some(src) = home.map(|h| h.join("registry").join("src")) else {
        return Ok(());
    };
    let Ok(registries) = fs::read_dir(&src) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        // crates.io's sources are named after its index; local registries are not.
        if registry.file_name().to_string_lossy().starts_with("index.") {
            continue;
        }
        for entry in fs::read_dir(registry.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if entry.file_name().to_string_lossy().starts_with("rowkey") {
                remove_dir(&entry.path())?;
            }
        }
    }
    Ok(())
}

/// `cargo package --workspace` into `dir`; whether it succeeded (cargo prints why not).
fn cargo_package(root: &Path, dir: &Path) -> Result<bool, String> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    say(format!(
        "running: cargo package --workspace --allow-dirty --target-dir {}",
        dir.display()
    ));
    // `--allow-dirty`: the check is of the files as they are, committed or not.
    let mut child = Command::new(cargo)
        .args(["package", "--workspace", "--allow-dirty", "--target-dir"])
        .arg(dir)
        .env("CARGO_PROFILE_DEV_DEBUG", "0")
        .current_dir(root)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stderr = child.stderr.take().expect("piped");
    let mut left_out = 0;
    for line in BufReader::new(stderr).lines() {
        let line = line.map_err(|e| format!("cannot read cargo's output: {e}"))?;
        if is_left_out_target(&line) {
            left_out += 1;
        } else {
            eprintln!("{line}");
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    say(format!(
        "{left_out} test, example and benchmark targets are not in the packages, as their \
         `include` says"
    ));
    Ok(status.success())
}

/// cargo's warning for each target whose file `include` leaves out: one line per test,
/// example and benchmark, which would bury the rest of the output.
fn is_left_out_target(line: &str) -> bool {
    line.starts_with("warning: ignoring ")
        && line.ends_with(" is not included in the published package")
}

/// The `.crate` files in `out`, sorted.
fn crate_files(out: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(out).map_err(|e| format!("cannot read {}: {e}", out.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "crate") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Unpacks `file` into `contents` with `tar` and reads it.
fn unpack(file: &Path, contents: &Path) -> Result<Package, String> {
    fs::create_dir_all(contents)
        .map_err(|e| format!("cannot create {}: {e}", contents.display()))?;
    let status = Command::new("tar")
        .arg("-xzf")
        .arg(file)
        .arg("-C")
        .arg(contents)
        .status()
        .map_err(|e| format!("cannot run tar to unpack {}: {e}", file.display()))?;
    if !status.success() {
        return Err(format!(
            "tar could not unpack {} ({status})",
            file.display()
        ));
    }
    // A `.crate` holds one directory, named as the file is.
    let stem = file.file_stem().unwrap_or_default();
    let root = contents.join(stem);
    let text = fs::read_to_string(root.join("Cargo.toml"))
        .map_err(|e| format!("{}: no Cargo.toml: {e}", file.display()))?;
    let mut files = Vec::new();
    list_files(&root, "", &mut files)?;
    files.sort();
    let compressed = fs::metadata(file).map_err(|e| e.to_string())?.len();
    Ok(Package {
        manifest: Manifest::read(&text),
        files,
        compressed,
    })
}

/// Every file below `dir`, as `prefix`-relative paths with their sizes.
fn list_files(dir: &Path, prefix: &str, files: &mut Vec<(String, u64)>) -> Result<(), String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        let meta = entry.metadata().map_err(|e| e.to_string())?;
        if meta.is_dir() {
            list_files(&entry.path(), &format!("{name}/"), files)?;
        } else {
            files.push((name, meta.len()));
        }
    }
    Ok(())
}

/// Removes `dir` if it exists.
fn remove_dir(dir: &Path) -> Result<(), String> {
    match fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(format!("cannot remove {}: {e}", dir.display()))
        }
        _ => Ok(()),
    }
}

/// Files, unpacked and packed sizes of each package.
fn print_table(packages: &[Package]) {
    println!("\n| crate | version | files | unpacked | .crate | published |");
    println!("|---|---|---:|---:|---:|---|");
    for p in packages {
        let unpacked: u64 = p.files.iter().map(|(_, size)| size).sum();
        println!(
            "| {} | {} | {} | {:.1} KiB | {:.1} KiB | {} |",
            p.manifest.name(),
            p.manifest.version(),
            p.files.len(),
            kib(unpacked),
            kib(p.compressed),
            if p.manifest.published() { "yes" } else { "no" },
        );
    }
    println!();
}

fn kib(bytes: u64) -> f64 {
    bytes as f64 / 1024.0
}

/// Every rule broken by a package meant for the registry, one line each.
fn problems(packages: &[Package]) -> Vec<String> {
    let workspace: BTreeMap<&str, &str> = packages
        .iter()
        .map(|p| (p.manifest.name(), p.manifest.version()))
        .collect();
    let mut problems = Vec::new();
    for p in packages.iter().filter(|p| p.manifest.published()) {
        problems.extend(missing_fields(&p.manifest));
        problems.extend(missing_readme(p));
        problems.extend(unwanted_files(p));
        problems.extend(large_files(p));
        problems.extend(unpinned(&p.manifest, &workspace));
    }
    problems
}

/// The fields of [`REQUIRED_FIELDS`] the manifest leaves out (`license-file` stands for
/// `license`).
fn missing_fields(manifest: &Manifest) -> Vec<String> {
    REQUIRED_FIELDS
        .iter()
        .filter(|&&field| {
            let set = |key: &str| manifest.package.get(key).is_some_and(|v| !v.is_empty());
            !(set(field) || field == "license" && set("license-file"))
        })
        .map(|field| {
            format!(
                "{}: the manifest has no `{field}`; the registry shows it to users",
                manifest.name()
            )
        })
        .collect()
}

/// The README the manifest names, if it is not in the package or is empty.
fn missing_readme(p: &Package) -> Option<String> {
    let readme = p.manifest.package.get("readme")?;
    let present = p
        .files
        .iter()
        .any(|(path, size)| path == readme && *size > 0);
    (!present).then(|| {
        format!(
            "{}: the manifest names the README `{readme}`, which the package lacks or is empty",
            p.manifest.name()
        )
    })
}

/// Files other than cargo's own, the README, license texts and Rust sources under `src/`.
fn unwanted_files(p: &Package) -> Vec<String> {
    let readme = p.manifest.package.get("readme");
    p.files
        .iter()
        .filter(|(path, _)| {
            let top_level = !path.contains('/');
            let wanted = CARGO_FILES.contains(&path.as_str())
                || Some(path) == readme
                || top_level && (path.starts_with("LICENSE") || path.starts_with("COPYING"))
                || path.starts_with("src/") && path.ends_with(".rs");
            !wanted
        })
        .map(|(path, _)| {
            format!(
                "{}: ships `{path}`: a package holds its sources under src/, its README and \
                 license texts; tests, examples, benchmarks and their data need the workspace \
                 (narrow `include` in its Cargo.toml)",
                p.manifest.name()
            )
        })
        .collect()
}

/// Files over [`MAX_FILE`] bytes.
fn large_files(p: &Package) -> Vec<String> {
    p.files
        .iter()
        .filter(|(_, size)| *size > MAX_FILE)
        .map(|(path, size)| {
            format!(
                "{}: `{path}` is {:.0} KiB, over the {} KiB a packaged file may take",
                p.manifest.name(),
                kib(*size),
                MAX_FILE / 1024
            )
        })
        .collect()
}

/// Dependencies on crates of the workspace that are not pinned to their version with `=`.
fn unpinned(manifest: &Manifest, workspace: &BTreeMap<&str, &str>) -> Vec<String> {
    manifest
        .dependencies
        .iter()
        .filter_map(|dep| {
            let version = workspace.get(dep.krate.as_str())?;
            let pinned = format!("={version}");
            (dep.version.as_deref() != Some(&pinned)).then(|| {
                format!(
                    "{}: its {} on {} is `{}`, not `{pinned}`: the workspace's crates are \
                     released together, so each pins the others' version exactly",
                    manifest.name(),
                    dep.kind,
                    dep.krate,
                    dep.version.as_deref().unwrap_or("without a version"),
                )
            })
        })
        .collect()
}

impl Manifest {
    /// Reads a manifest as `cargo package` normalizes it: `[package]` keys one per line
    /// (arrays may span lines), each dependency its own `[kind.name]` table, or, in a plain
    /// `[kind]` table, a `name = "req"` or inline-table line.
    fn read(text: &str) -> Manifest {
        let mut manifest = Manifest::default();
        let mut section = String::new();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let line = line.trim();
            if line.starts_with('[') {
                section = line.trim_matches(['[', ']']).to_string();
                if let Some((kind, name)) = dependency_table(&section) {
                    manifest.dependencies.push(Dependency {
                        kind,
                        krate: name,
                        version: None,
                    });
                }
                continue;
            }
            let Some((key, value)) = line.split_once(" = ") else {
                continue;
            };
            let mut value = value.trim().to_string();
            if value == "[" {
                // A multi-line array, closed by a line of its own.
                for item in lines.by_ref() {
                    if item.trim() == "]" {
                        break;
                    }
                    value.push_str(item.trim());
                }
                value.push(']');
            }
            manifest.assign(&section, key.trim(), &value);
        }
        manifest
    }

    /// Files `key = value` of `section` where the checks read it.
    fn assign(&mut self, section: &str, key: &str, value: &str) {
        if section == "package" {
            let value = unquote(value);
            let empty = value.is_empty() || value == "[]";
            self.package
                .insert(key.to_string(), if empty { String::new() } else { value });
        } else if dependency_table(section).is_some() {
            let dep = self.dependencies.last_mut().expect("pushed with its table");
            match key {
                "version" => dep.version = Some(unquote(value)),
                "package" => dep.krate = unquote(value),
                _ => {}
            }
        } else if let Some(kind) = dependency_kind(section) {
            let inline = |field: &str| inline_field(value, field);
            self.dependencies.push(Dependency {
                kind,
                krate: inline("package").unwrap_or_else(|| key.to_string()),
                version: if value.starts_with('"') {
                    Some(unquote(value))
                } else {
                    inline("version")
                },
            });
        }
    }

    fn name(&self) -> &str {
        self.package.get("name").map_or("?", String::as_str)
    }

    fn version(&self) -> &str {
        self.package.get("version").map_or("?", String::as_str)
    }

    /// Whether the crate is meant for the registry (no `publish = false`).
    fn published(&self) -> bool {
        self.package.get("publish").is_none_or(|p| p != "false")
    }
}

/// `dependencies.name`, `target.'cfg(..)'.dev-dependencies.name`, ...: (kind, name).
fn dependency_table(section: &str) -> Option<(&'static str, String)> {
    let (head, name) = section.rsplit_once('.')?;
    Some((dependency_kind(head)?, unquote(name)))
}

/// `dependencies`, `target.'cfg(unix)'.build-dependencies`, ...: the kind of dependency
/// the table holds.
fn dependency_kind(section: &str) -> Option<&'static str> {
    let last = section.rsplit('.').next()?;
    [
        ("dependencies", "dependency"),
        ("dev-dependencies", "dev-dependency"),
        ("build-dependencies", "build-dependency"),
    ]
    .into_iter()
    .find_map(|(table, kind)| (table == last).then_some(kind))
}

/// `field = "value"` of an inline table `{ .. }`.
fn inline_field(table: &str, field: &str) -> Option<String> {
    let inner = table.trim().strip_prefix('{')?.strip_suffix('}')?;
    inner.split(',').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key.trim() == field).then(|| unquote(value))
    })
}

/// A TOML string's text (the manifests' values hold no escapes), else the value as written.
fn unquote(value: &str) -> String {
    let value = value.trim();
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
        .unwrap_or(value)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A manifest as `cargo package` writes it.
    const NORMALIZED: &str = r#"
[package]
edition = "2021"
rust-version = "1.85"
name = "rowkey-cli"
version = "0.1.0"
include = [
    "/src/",
    "/README.md",
]
description = "The `rowkey` command line."
readme = "README.md"
keywords = [
    "hbase",
    "cli",
]
categories = ["command-line-utilities"]
license = "MIT OR Apache-2.0"
repository = "https://github.com/rowkey-rs/rowkey"

[[bin]]
name = "rowkey"
path = "src/main.rs"

[dependencies.clap]
version = "4.5"
features = ["derive"]

[dependencies.rowkey-core]
version = "=0.1.0"
features = ["schema"]

[dev-dependencies.proptest]
version = "1.5"

[target.'cfg(unix)'.dependencies.core2]
version = "0.2"
package = "rowkey-format"
"#;

    fn package(manifest: &str, files: &[(&str, u64)]) -> Package {
        Package {
            manifest: Manifest::read(manifest),
            files: files.iter().map(|(p, s)| (p.to_string(), *s)).collect(),
            compressed: 0,
        }
    }

    const GOOD_FILES: &[(&str, u64)] = &[
        (".cargo_vcs_info.json", 100),
        ("Cargo.lock", 100),
        ("Cargo.toml", 100),
        ("Cargo.toml.orig", 100),
        ("README.md", 100),
        ("src/lib.rs", 100),
        ("src/codec/mod.rs", 100),
    ];

    #[test]
    fn reads_package_fields_and_dependencies() {
        let m = Manifest::read(NORMALIZED);
        assert_eq!(m.name(), "rowkey-cli");
        assert_eq!(m.version(), "0.1.0");
        assert_eq!(m.package["keywords"], r#"["hbase","cli",]"#);
        assert_eq!(m.package["readme"], "README.md");
        assert!(m.published());
        let deps: Vec<(&str, &str, Option<&str>)> = m
            .dependencies
            .iter()
            .map(|d| (d.kind, d.krate.as_str(), d.version.as_deref()))
            .collect();
        assert_eq!(
            deps,
            [
                ("dependency", "clap", Some("4.5")),
                ("dependency", "rowkey-core", Some("=0.1.0")),
                ("dev-dependency", "proptest", Some("1.5")),
                ("dependency", "rowkey-format", Some("0.2")),
            ]
        );
    }

    #[test]
    fn reads_plain_dependency_tables() {
        let m = Manifest::read(
            "[package]\nname = \"a\"\npublish = false\n\n[dependencies]\n\
             b = \"1\"\nc = { path = \"../c\", version = \"=0.1.0\" }\nd = { path = \"../d\" }\n",
        );
        assert!(!m.published());
        let versions: Vec<(&str, Option<&str>)> = m
            .dependencies
            .iter()
            .map(|d| (d.krate.as_str(), d.version.as_deref()))
            .collect();
        assert_eq!(
            versions,
            [("b", Some("1")), ("c", Some("=0.1.0")), ("d", None)]
        );
    }

    #[test]
    fn a_good_package_has_no_problems() {
        assert_eq!(
            problems(&[package(NORMALIZED, GOOD_FILES)]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn tests_data_and_pictures_are_unwanted() {
        let mut files = GOOD_FILES.to_vec();
        files.extend([
            ("tests/cli.rs", 10),
            ("tests/data/java-vectors.tsv", 10),
            ("docs/spread.svg", 10),
            ("src/table.bin", 10),
            ("examples/articles.rs", 10),
            ("LICENSE-MIT", 10),
        ]);
        let found = problems(&[package(NORMALIZED, &files)]);
        assert_eq!(found.len(), 5, "{found:#?}");
        assert!(found[0].contains("ships `tests/cli.rs`"), "{found:#?}");
    }

    #[test]
    fn large_files_are_named() {
        let mut files = GOOD_FILES.to_vec();
        files.push(("src/big.rs", MAX_FILE + 1));
        let found = problems(&[package(NORMALIZED, &files)]);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].contains("`src/big.rs` is 128 KiB, over"),
            "{found:?}"
        );
    }

    #[test]
    fn missing_fields_and_readme_are_named() {
        let manifest = NORMALIZED
            .replace("repository = \"https://github.com/rowkey-rs/rowkey\"\n", "")
            .replace(
                "categories = [\"command-line-utilities\"]",
                "categories = []",
            );
        let files: Vec<_> = GOOD_FILES
            .iter()
            .copied()
            .filter(|(p, _)| *p != "README.md")
            .collect();
        let found = problems(&[package(&manifest, &files)]);
        assert_eq!(found.len(), 3, "{found:#?}");
        assert!(found[0].contains("no `repository`"));
        assert!(found[1].contains("no `categories`"));
        assert!(found[2].contains("README `README.md`"));
    }

    #[test]
    fn workspace_dependencies_are_pinned_exactly() {
        let core = "[package]\nname = \"rowkey-core\"\nversion = \"0.1.0\"\npublish = false\n";
        let loose = NORMALIZED.replace("version = \"=0.1.0\"", "version = \"0.1.0\"");
        let found = problems(&[package(&loose, GOOD_FILES), package(core, &[])]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains("its dependency on rowkey-core is `0.1.0`, not `=0.1.0`"));
        // Pinned to another version than the workspace's is wrong too; a renamed one counts.
        let format = "[package]\nname = \"rowkey-format\"\nversion = \"0.1.0\"\npublish = false\n";
        let found = problems(&[
            package(NORMALIZED, GOOD_FILES),
            package(core, &[]),
            package(format, &[]),
        ]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains("on rowkey-format is `0.2`"));
    }

    #[test]
    fn unpublished_crates_are_not_checked() {
        let xtask = "[package]\nname = \"xtask\"\nversion = \"0.0.0\"\npublish = false\n";
        assert!(problems(&[package(xtask, &[("tests/x.rs", 1)])]).is_empty());
    }
}
