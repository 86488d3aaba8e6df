//! `rowkey`: row keys in operation. Decode a key copied from the HBase shell,
//! `cbt` or a log by its schema; encode one from field values; print the
//! start and stop rows of a typed scan, the pre-split points of a table, and
//! where a stream of keys lands, with a heat map.
//!
//! The schema is what `T::LAYOUT.to_json()` writes (format 1).

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use rowkey_cli::commands::{self, Input};
use rowkey_cli::schema::{self, Arena, Schema};
use rowkey_cli::{keytext, spread};

/// Row keys in operation: decode, encode, scan, split and spread keys by their schema.
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

#[derive(Subcommand)]
enum Command {
    /// Explains keys field by field. Keys as arguments or one per line on
    /// stdin: hex (`0x..` or plain), base64 (`b64:..`) or HBase shell text (`\x00..`).
    Decode {
        #[command(flatten)]
        schema: SchemaArg,
        /// Read the output of the HBase shell's `scan` from stdin and explain every row.
        #[arg(long, conflicts_with = "from_cbt")]
        from_hbase_scan: bool,
        /// Read the output of `cbt read` from stdin and explain every row.
        #[arg(long)]
        from_cbt: bool,
        /// One JSON object per key.
        #[arg(long)]
        json: bool,
        keys: Vec<String>,
    },
    /// Encodes a key from `field=value` arguments (a nested key's fields as `field.inner=value`).
    Encode {
        #[command(flatten)]
        schema: SchemaArg,
        #[arg(long)]
        json: bool,
        #[arg(required = true, value_name = "FIELD=VALUE")]
        fields: Vec<String>,
    },
    /// Start and stop rows of a scan: `field=value` for leading fields, then
    /// optionally `field=lo..hi` (or `lo..=hi`, `lo..`, `..hi`) for the next.
    Scan {
        #[command(flatten)]
        schema: SchemaArg,
        /// The table name in the printed commands.
        #[arg(long, default_value = "TABLE")]
        table: String,
        #[arg(value_name = "FIELD=VALUE")]
        fields: Vec<String>,
    },
    /// Pre-split points as HBase shell `create` and `cbt createtable` lines.
    Splits {
        #[command(flatten)]
        schema: SchemaArg,
        /// Regions (default: one per salt bucket).
        #[arg(long)]
        regions: Option<u32>,
        #[arg(long, default_value = "TABLE")]
        table: String,
        /// The column family of the printed commands.
        #[arg(long, default_value = "cf")]
        family: String,
    },
    /// Where keys read from stdin land: per salt bucket, per field value, per region; a heat map.
    Spread {
        #[command(flatten)]
        schema: SchemaArg,
        /// Count keys per value of this field.
        #[arg(long, value_name = "FIELD")]
        by: Option<String>,
        /// Regions: the salt's region boundaries, or the first byte split evenly.
        #[arg(long, default_value_t = 100)]
        regions: u32,
        /// Split points instead, one key per line (any accepted key text).
        #[arg(long, value_name = "FILE", conflicts_with = "regions")]
        split_points: Option<PathBuf>,
        /// Write the heat map of key order against arrival order here.
        #[arg(long, value_name = "OUT")]
        svg: Option<PathBuf>,
        /// Heat-map rows and columns.
        #[arg(long, default_value_t = 40)]
        cells: usize,
        /// Stdin holds raw fixed-width keys back to back.
        #[arg(long)]
        binary: bool,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn read_schema<'a>(arg: &SchemaArg, arena: &'a Arena) -> Result<Schema<'a>, String> {
    let text = std::fs::read_to_string(&arg.schema)
        .map_err(|e| format!("cannot read the schema {}: {e}", arg.schema.display()))?;
    schema::read(&text, arena).map_err(|e| format!("{}: {e}", arg.schema.display()))
}

fn stdin_bytes() -> Result<Vec<u8>, String> {
    let mut buf = Vec::new();
    std::io::stdin()
        .read_to_end(&mut buf)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    Ok(buf)
}

fn stdin_text() -> Result<String, String> {
    String::from_utf8(stdin_bytes()?)
        .map_err(|_| "stdin is not UTF-8 text; raw keys need --binary".to_owned())
}

fn run(cli: Cli) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    let arena = &Arena::new();
    match cli.command {
        Command::Decode {
            schema,
            from_hbase_scan,
            from_cbt,
            json,
            keys,
        } => {
            let input = match (from_hbase_scan, from_cbt) {
                (true, _) => Input::HbaseScan,
                (_, true) => Input::CbtRead,
                _ => Input::Keys,
            };
            decode(&schema, arena, input, json, keys, &mut out)
        }
        Command::Encode {
            schema,
            json,
            fields,
        } => {
            let member = read_schema(&schema, arena)?.member(schema.key.as_deref())?;
            commands::encode(&member, &fields, json, &mut out)
        }
        Command::Scan {
            schema,
            table,
            fields,
        } => {
            let member = read_schema(&schema, arena)?.member(schema.key.as_deref())?;
            commands::scan(&member, &fields, &table, &mut out)
        }
        Command::Splits {
            schema,
            regions,
            table,
            family,
        } => {
            let layout = read_schema(&schema, arena)?.layout(schema.key.as_deref())?;
            commands::splits(layout, regions, &table, &family, &mut out)
        }
        Command::Spread {
            schema,
            by,
            regions,
            split_points,
            svg,
            cells,
            binary,
        } => {
            let layout = read_schema(&schema, arena)?.layout(schema.key.as_deref())?;
            let split_points = split_points.as_deref().map(read_split_points).transpose()?;
            let opt = spread::Options {
                by: by.as_deref(),
                regions,
                split_points,
            };
            let text = spread(layout, &opt, svg.as_deref(), cells, binary)?;
            out.write_all(text.as_bytes()).map_err(|e| e.to_string())
        }
    }
}

/// `decode`: keys from the arguments, or stdin when there are none or it
/// holds the output of a scan.
fn decode(
    arg: &SchemaArg,
    arena: &Arena,
    input: Input,
    json: bool,
    keys: Vec<String>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let s = read_schema(arg, arena)?;
    let s = match arg.key.as_deref() {
        Some(k) => s.only(k, arena)?,
        None => s,
    };
    let texts = if keys.is_empty() || input != Input::Keys {
        stdin_text()?.lines().map(str::to_owned).collect()
    } else {
        keys
    };
    commands::decode(s, &texts, input, json, out)
}

/// `spread`: the report, and the heat map written to `svg`.
fn spread(
    layout: &rowkey_core::Layout<'_>,
    opt: &spread::Options<'_>,
    svg: Option<&Path>,
    cells: usize,
    binary: bool,
) -> Result<String, String> {
    let keys = read_keys(layout, binary)?;
    let mut text = spread::count(layout, &keys, opt)?.text();
    if let Some(path) = svg {
        std::fs::write(path, spread::heat_map(layout.name, &keys, cells))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        text.push_str(&format!(
            "heat map         {} (rows: key order, columns: arrival order)\n",
            path.display()
        ));
    }
    Ok(text)
}

/// The keys of stdin, in arrival order, with a progress spinner on a terminal.
fn read_keys(layout: &rowkey_core::Layout<'_>, binary: bool) -> Result<Vec<Vec<u8>>, String> {
    let progress = indicatif::ProgressBar::new_spinner();
    if !std::io::stderr().is_terminal() {
        progress.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    progress.set_message("keys read");
    let keys = if binary {
        if layout.variable || layout.width == 0 {
            return Err(format!(
                "--binary needs fixed-width keys; {} has a variable length",
                layout.name
            ));
        }
        let bytes = stdin_bytes()?;
        if bytes.len() % layout.width != 0 {
            return Err(format!(
                "stdin has {} bytes, not a whole number of {}-byte keys",
                bytes.len(),
                layout.width
            ));
        }
        bytes.chunks(layout.width).map(<[u8]>::to_vec).collect()
    } else {
        let fits = commands::fits(Schema::Key(layout));
        let mut keys = Vec::new();
        for (i, line) in stdin_text()?.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            keys.push(
                keytext::parse_key(line.trim(), &fits)
                    .map_err(|e| format!("line {}: {e}", i + 1))?,
            );
            if keys.len() % 4096 == 0 {
                progress.set_position(keys.len() as u64);
            }
        }
        keys
    };
    progress.finish_and_clear();
    Ok(keys)
}

/// Split points, one key text per line; plain text is read as text, not hex.
fn read_split_points(path: &Path) -> Result<Vec<Vec<u8>>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let any = |_: usize| false;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| keytext::parse_key(l.trim(), &any))
        .collect()
}
