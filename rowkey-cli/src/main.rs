//! `rowkey`: row keys in operation. Decode a key copied from the HBase shell,
//! `cbt` or a log by its schema; encode one from field values; print the
//! start and stop rows of a typed scan, the pre-split points of a table, and
//! where a stream of keys lands, with a heat map; check that a changed
//! schema still reads the keys stored.
//!
//! The schema is what `T::LAYOUT.to_json()` writes (format 1). Every error
//! is one line on stderr and a non-zero exit.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use rowkey_cli::decode::{self, Decoder, Input};
use rowkey_cli::input::{self, At, Lines};
use rowkey_cli::keytext::{self, Plain};
use rowkey_cli::schema::{self, Arena, Schema};
use rowkey_cli::splits;
use rowkey_cli::spread::Spread;
use rowkey_cli::{args, compat, encode, heatmap, scan, Printed, Tools};
use rowkey_core::compat::Level;

/// Row keys in operation: decode, encode, scan, split and spread keys by
/// their schema, and check a schema's change against the keys stored.
///
/// A key is read as `0x` hex, `b64:` base64, a double-quoted HBase shell
/// string (`"\x00user"`), plain hex when it is an even number of hex
/// digits, else HBase shell text (`\x00user`); `--text` reads plain text as
/// shell text. `--json` prints format 1 (see the crate's `json` module).
#[derive(Parser)]
#[command(name = "rowkey", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Args)]
struct SchemaArg {
    /// The key's schema: the JSON of `T::LAYOUT.to_json()`.
    #[arg(long, value_name = "FILE")]
    schema: PathBuf,
    /// For a schema of several key types: the one to use (variant or type name).
    #[arg(long, value_name = "NAME")]
    key: Option<String>,
}

#[derive(Args)]
struct ToolsArg {
    /// Print the HBase shell lines only.
    #[arg(long, conflicts_with = "cbt")]
    hbase: bool,
    /// Print the `cbt` lines only.
    #[arg(long)]
    cbt: bool,
    /// One JSON object: the bytes, and each tool's command (`null` where it cannot carry them).
    #[arg(long, conflicts_with_all = ["hbase", "cbt"])]
    json: bool,
}

impl ToolsArg {
    fn tools(&self) -> Tools {
        Tools {
            hbase: !self.cbt,
            cbt: !self.hbase,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Explains keys field by field: the arguments, or one key per line on
    /// stdin. Exits non-zero when a key does not decode, after reporting
    /// each with its line.
    Decode {
        #[command(flatten)]
        schema: SchemaArg,
        /// Stdin is the output of the HBase shell's `scan`: explain its rows.
        #[arg(long, conflicts_with = "from_cbt")]
        from_hbase_scan: bool,
        /// Stdin is the output of `cbt read`: explain its rows.
        #[arg(long)]
        from_cbt: bool,
        /// Read plain key text as HBase shell text, never as hex.
        #[arg(long)]
        text: bool,
        /// One JSON object per key, one per line.
        #[arg(long)]
        json: bool,
        keys: Vec<String>,
    },
    /// Encodes a key from `field=value` arguments (a nested key's fields as `field.inner=value`).
    Encode {
        #[command(flatten)]
        schema: SchemaArg,
        /// One JSON object: `hex`, `b64`, `shell`.
        #[arg(long)]
        json: bool,
        #[arg(required = true, value_name = "FIELD=VALUE")]
        fields: Vec<String>,
    },
    /// Start and stop rows of a scan, as HBase shell and `cbt read` lines:
    /// `field=value` for leading fields, then optionally `field=lo..hi`
    /// (or `lo..=hi`, `lo..`, `..hi`) for the next. A field given again
    /// takes a set of values (`user_id=1 user_id=5`, bash: `user_id={1,5}`):
    /// one range per combination. Where `cbt` cannot be given the bytes,
    /// says so and exits non-zero.
    Scan {
        #[command(flatten)]
        schema: SchemaArg,
        /// The table name in the printed commands.
        #[arg(long, default_value = "TABLE")]
        table: String,
        #[command(flatten)]
        tools: ToolsArg,
        #[arg(value_name = "FIELD=VALUE")]
        fields: Vec<String>,
    },
    /// Pre-split points, as HBase shell `create` and `cbt createtable` lines:
    /// a salt's bucket boundaries, a digits field's digit space, a number's
    /// values, or the quantiles of sampled keys.
    Splits {
        #[command(flatten)]
        schema: SchemaArg,
        /// Regions (a salted key: one per bucket unless given).
        #[arg(long)]
        regions: Option<u32>,
        /// Split at the quantiles of these keys, one per line (a sample of real keys).
        #[arg(long, value_name = "FILE")]
        from_keys: Option<PathBuf>,
        /// Read plain key text in --from-keys as HBase shell text, never as hex.
        #[arg(long)]
        text: bool,
        #[arg(long, default_value = "TABLE")]
        table: String,
        /// The column family of the printed commands.
        #[arg(long, default_value = "cf")]
        family: String,
        #[command(flatten)]
        tools: ToolsArg,
    },
    /// Where keys read from stdin land: per region, salt bucket and field
    /// value, and a heat map. Exits non-zero when keys do not match the schema.
    Spread {
        #[command(flatten)]
        schema: SchemaArg,
        /// Count keys per value of this field.
        #[arg(long, value_name = "FIELD")]
        by: Option<String>,
        /// Regions, split as `rowkey splits --regions` splits them.
        #[arg(long, default_value_t = 100)]
        regions: u32,
        /// Split points instead, one key per line.
        #[arg(long, value_name = "FILE", conflicts_with = "regions")]
        split_points: Option<PathBuf>,
        /// Write the heat map of key order against arrival order here (SVG).
        #[arg(long, value_name = "OUT")]
        svg: Option<PathBuf>,
        /// Heat-map rows and columns (1..=200).
        #[arg(long, default_value_t = 40)]
        cells: usize,
        /// Stdin holds raw fixed-width keys back to back.
        #[arg(long)]
        binary: bool,
        /// Read plain key text as HBase shell text, never as hex.
        #[arg(long)]
        text: bool,
        /// The share of keys (percent) that may fail to decode before the exit is non-zero.
        #[arg(long, value_name = "PERCENT", default_value_t = 0.0)]
        allow_bad: f64,
        /// The report as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Whether NEW still reads the keys OLD wrote: the verdict, every
    /// change with its rule, a witness key for each that breaks, and what
    /// a migration takes. Exits non-zero when the verdict is below --level.
    Compat {
        /// The schema the stored keys were written with.
        #[arg(value_name = "OLD.json")]
        old: PathBuf,
        /// The schema of the new code.
        #[arg(value_name = "NEW.json")]
        new: PathBuf,
        /// The least that must hold: reads-old (every old key reads the
        /// same), order (old keys no longer decode but stay where scans
        /// look), renamed (only names changed) or identical.
        #[arg(long, default_value = "reads-old", value_parser = args::level)]
        level: Level,
        /// The report as one JSON object.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let arena = Arena::new();
    let result = run(Cli::parse(), &arena, &mut out);
    let flushed = out.flush().map_err(|e| format!("cannot write: {e}"));
    match result.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The schema file of `arg`, its layouts kept in `arena`.
fn read_schema<'a>(arg: &SchemaArg, arena: &'a Arena) -> Result<Schema<'a>, String> {
    read_schema_file(&arg.schema, arena)
}

/// The schema file at `path`, its layouts kept in `arena`.
fn read_schema_file<'a>(path: &Path, arena: &'a Arena) -> Result<Schema<'a>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the schema {}: {e}", path.display()))?;
    schema::read(&text, arena).map_err(|e| format!("{}: {e}", path.display()))
}

fn plain(text: bool) -> Plain {
    if text {
        Plain::Text
    } else {
        Plain::HexFirst
    }
}

fn write(out: &mut dyn Write, text: &str) -> Result<(), String> {
    out.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write: {e}"))
}

/// Prints commands, then reports why `cbt`'s were not printed.
fn printed(out: &mut dyn Write, p: Printed) -> Result<(), String> {
    write(out, &p.text)?;
    p.refused.map_or(Ok(()), Err)
}

fn run(cli: Cli, arena: &Arena, out: &mut dyn Write) -> Result<(), String> {
    match cli.command {
        Command::Decode {
            schema,
            from_hbase_scan,
            from_cbt,
            text,
            json,
            keys,
        } => {
            let input = match (from_hbase_scan, from_cbt) {
                (true, _) => Input::HbaseScan,
                (_, true) => Input::CbtRead,
                _ => Input::Keys,
            };
            let opt = decode::Options {
                input,
                plain: plain(text),
                json,
            };
            run_decode(&schema, arena, opt, &keys, out)
        }
        Command::Encode {
            schema,
            json,
            fields,
        } => {
            let member = read_schema(&schema, arena)?.member(schema.key.as_deref())?;
            write(out, &encode::encode(&member, &fields, json)?)
        }
        Command::Scan {
            schema,
            table,
            tools,
            fields,
        } => {
            let member = read_schema(&schema, arena)?.member(schema.key.as_deref())?;
            let ranges = scan::ranges(&member, &fields)?;
            if tools.json {
                return write(out, &scan::print_json(&ranges, &table));
            }
            printed(out, scan::print(&ranges, &table, tools.tools()))
        }
        Command::Splits {
            schema,
            regions,
            from_keys,
            text,
            table,
            family,
            tools,
        } => {
            let s = read_schema(&schema, arena)?;
            let splits = match from_keys {
                Some(path) => {
                    let regions =
                        regions.ok_or("--from-keys needs --regions N: how many regions")?;
                    let sample = match schema.key.as_deref() {
                        Some(k) => s.only(k, arena)?,
                        None => s,
                    };
                    let keys = read_sample(sample, &path, plain(text))?;
                    splits::of_keys(keys, regions)?
                }
                None => splits::of_member(&s.member(schema.key.as_deref())?, regions, 2)?,
            };
            if tools.json {
                return write(out, &splits::print_json(&splits, &table, &family));
            }
            printed(out, splits::print(&splits, &table, &family, tools.tools()))
        }
        Command::Spread {
            schema,
            by,
            regions,
            split_points,
            svg,
            cells,
            binary,
            text,
            allow_bad,
            json,
        } => {
            if !(1..=200).contains(&cells) {
                return Err(format!("--cells {cells}: give 1..=200"));
            }
            if !(0.0..=100.0).contains(&allow_bad) {
                return Err(format!(
                    "--allow-bad {allow_bad}: give a percentage, 0..=100"
                ));
            }
            let member = read_schema(&schema, arena)?.member(schema.key.as_deref())?;
            let points = match split_points {
                Some(path) => read_split_points(&path)?,
                None => splits::of_member(&member, Some(regions), 1)?.points,
            };
            let sample = svg.is_some().then_some(heatmap::SAMPLE);
            let mut spread = Spread::new(member, points, by.as_deref(), sample)?;
            if binary {
                read_binary(&mut spread, member.layout)?;
            } else {
                read_lines(&mut spread, plain(text))?;
            }
            if spread.tally().0 == 0 {
                return Err("no keys: stdin held none".into());
            }
            report_spread(&spread, svg.as_deref(), cells, json, out)?;
            spread_verdict(&spread, allow_bad)
        }
        Command::Compat {
            old,
            new,
            level,
            json,
        } => {
            let (old_s, new_s) = (
                read_schema_file(&old, arena)?,
                read_schema_file(&new, arena)?,
            );
            let (report, ok) = compat::check(old_s, new_s, level);
            let text = if json {
                compat::print_json(&report, level)
            } else {
                compat::print(&report, level)
            };
            write(out, &text)?;
            match ok {
                true => Ok(()),
                false => Err(format!(
                    "{} against {}: {}, below the level asked for ({})",
                    new.display(),
                    old.display(),
                    report.verdict,
                    level
                )),
            }
        }
    }
}

fn run_decode(
    arg: &SchemaArg,
    arena: &Arena,
    opt: decode::Options,
    keys: &[String],
    out: &mut dyn Write,
) -> Result<(), String> {
    let s = read_schema(arg, arena)?;
    let s = match arg.key.as_deref() {
        Some(k) => s.only(k, arena)?,
        None => s,
    };
    let mut err = std::io::stderr().lock();
    let mut decoder = Decoder::new(s, opt, out, &mut err);
    let from_stdin = keys.is_empty() || opt.input != Input::Keys;
    let tally = if from_stdin {
        let (reader, len) = input::stdin();
        decoder.stream(reader, len)?
    } else {
        decoder.arguments(keys)?
    };
    tally.verdict(if from_stdin { "stdin" } else { "the arguments" })
}

/// Keys of a file, one per line, each checked against the schema; a bad
/// line is reported with its number.
fn read_sample(schema: Schema, path: &Path, plain: Plain) -> Result<Vec<Vec<u8>>, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut lines = Lines::new(file, None);
    let (mut keys, mut bad) = (Vec::new(), Vec::new());
    while let Some((line, n)) = lines.next_line()? {
        if line.trim_ascii().is_empty() {
            continue;
        }
        let at = format!("{}: line {n}", path.display());
        match keytext::parse_key(&String::from_utf8_lossy(line), plain) {
            Ok(k) if decode::explain(schema, &k).is_valid() => keys.push(k),
            Ok(k) => bad.push(format!(
                "{at}: {} does not decode: {}",
                keytext::hex(&k),
                decode::explain(schema, &k)
                    .error
                    .map(|e| e.to_string())
                    .unwrap_or_default()
            )),
            Err(e) => bad.push(format!("{at}: {e}")),
        }
    }
    for b in bad.iter().take(10) {
        eprintln!("error: {b}");
    }
    match (keys.len(), bad.len()) {
        (_, b) if b > 0 => Err(format!(
            "{b} keys of {} do not decode: a sample must hold the table's keys",
            path.display()
        )),
        (0, _) => Err(format!("no keys: {} holds none", path.display())),
        _ => Ok(keys),
    }
}

/// Split points, one key per line.
fn read_split_points(path: &Path) -> Result<Vec<Vec<u8>>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            keytext::parse_key(l, Plain::HexFirst)
                .map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Key texts from stdin, one per line.
fn read_lines(spread: &mut Spread, plain: Plain) -> Result<(), String> {
    let (reader, len) = input::stdin();
    let mut lines = Lines::new(reader, len);
    let mut key = Vec::with_capacity(64);
    lines.for_each(|line, n| {
        if line.trim_ascii().is_empty() {
            return Ok(());
        }
        match keytext::parse_key_into(line, plain, &mut key) {
            Ok(_) => spread.add(&key, At::Line(n)),
            Err(e) => spread.add_unreadable(At::Line(n), e),
        }
        Ok(())
    })
}

/// Raw fixed-width keys from stdin, back to back.
fn read_binary(spread: &mut Spread, layout: &rowkey_core::Layout) -> Result<(), String> {
    if layout.variable || layout.width == 0 {
        return Err(format!(
            "--binary needs fixed-width keys; {} has a variable length",
            layout.name
        ));
    }
    let mut reader = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let mut key = vec![0u8; layout.width];
    let mut n = 0;
    loop {
        let got = read_full(&mut reader, &mut key)?;
        if got == 0 {
            return Ok(());
        }
        n += 1;
        if got < key.len() {
            return Err(format!(
                "stdin ends {got} bytes into key {n}: not a whole number of {}-byte keys",
                layout.width
            ));
        }
        spread.add(&key, At::Key(n));
    }
}

/// Fills `buf` unless the input ends first; returns the bytes read.
fn read_full(r: &mut impl BufRead, buf: &mut [u8]) -> Result<usize, String> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("cannot read stdin: {e}")),
        }
    }
    Ok(got)
}

fn report_spread(
    spread: &Spread,
    svg: Option<&Path>,
    cells: usize,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), String> {
    let grid = spread.grid(cells);
    if let (Some(path), Some(grid)) = (svg, &grid) {
        std::fs::write(path, spread.svg(grid))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if json {
        let heat = grid
            .as_ref()
            .zip(svg)
            .map(|(g, p)| (g, p.to_str().unwrap_or_default()));
        return write(out, &spread.json(heat));
    }
    let mut text = spread.text();
    if let Some(path) = svg {
        text.push_str(&format!(
            "heat map         {} (rows: key order, columns: arrival order)\n",
            path.display()
        ));
    }
    write(out, &text)
}

/// Non-zero when more keys do not decode than allowed.
fn spread_verdict(spread: &Spread, allow_bad: f64) -> Result<(), String> {
    for (at, why) in spread.first_bad() {
        eprintln!("error: {at}: {why}");
    }
    let (keys, bad) = spread.tally();
    let share = 100.0 * bad as f64 / keys.max(1) as f64;
    match keys {
        _ if bad > 0 && share > allow_bad => Err(format!(
            "{bad} of {keys} keys ({share:.2}%) do not match the schema (the first {} reported above); --allow-bad {:.2} lets that share pass",
            spread.first_bad().len(),
            share.max(0.01)
        )),
        _ => Ok(()),
    }
}
