//! The `cbt` lines `rowkey` prints, run as printed (by bash) by the real
//! `cbt` against Google's Bigtable emulator, which `cargo xtask test` starts
//! and names in `BIGTABLE_EMULATOR_HOST` (these tests are ignored without
//! it). A table is created with the printed split points, rows are written
//! with `cbt import`, the printed `cbt read` runs, its output goes through
//! `rowkey decode --from-cbt`, and the rows must be the typed scan's over the
//! same rows: for the articles' ASCII file key (whose `find()` gives files
//! 1, 2, 3, 4, 5, 7) and for a binary salted key.
//!
//! The emulator ignores split points, so `cbt`'s connection to it goes
//! through a recording relay here, and the split points are read back from
//! the `CreateTable` request `cbt` sent: the bytes `cbt` made of the printed
//! `splits=` argument, compared with the points `rowkey` computed.

#[path = "../../tests/support/keys.rs"]
mod keys;
use keys::{FileKey, FILES};

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};

use rowkey::RowKey;
use serde_json::Value;

/// A binary key salted over its first field.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct HostEvent {
    #[salt(mod = 100)]
    host: u32,
    ts: u64,
    event: u16,
}

/// Where `cbt` finds the emulator, and its configuration.
struct Cbt {
    home: tempfile::TempDir,
    emulator: String,
    schemas: tempfile::TempDir,
}

impl Cbt {
    fn new() -> Cbt {
        let emulator = std::env::var("BIGTABLE_EMULATOR_HOST")
            .expect("BIGTABLE_EMULATOR_HOST is not set: run these tests with `cargo xtask test`");
        let found = Command::new("bash")
            .args(["-c", "command -v cbt"])
            .output()
            .unwrap();
        assert!(
            found.status.success(),
            "`cbt` is not on the PATH: install it (Debian: apt-get install google-cloud-cli-cbt)"
        );
        let home = tempfile::tempdir().unwrap();
        // `creds` names a file so that `cbt` does not ask gcloud for a token,
        // which the emulator does not need.
        std::fs::write(
            home.path().join(".cbtrc"),
            "project = rowkey-test\ninstance = rowkey-test\ncreds = /dev/null\n",
        )
        .unwrap();
        let schemas = tempfile::tempdir().unwrap();
        for (name, json) in [
            ("file_key", FileKey::LAYOUT.to_json()),
            ("host_event", HostEvent::LAYOUT.to_json()),
        ] {
            std::fs::write(schemas.path().join(format!("{name}.json")), json).unwrap();
        }
        Cbt {
            home,
            emulator,
            schemas,
        }
    }

    fn schema(&self, name: &str) -> PathBuf {
        self.schemas.path().join(format!("{name}.json"))
    }

    /// Runs a printed line with bash, `cbt` talking to `emulator`.
    fn bash(&self, line: &str, emulator: &str) -> Output {
        let out = Command::new("bash")
            .args(["-c", line])
            .env("HOME", self.home.path())
            .env("BIGTABLE_EMULATOR_HOST", emulator)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Writes rows with `cbt import`: one CSV line per key, column `c` of family `cf`.
    fn import(&self, table: &str, keys: &[Vec<u8>]) {
        let mut csv = b",c\n".to_vec();
        for key in keys {
            csv.push(b'"');
            for &b in key {
                if b == b'"' {
                    csv.push(b'"');
                }
                csv.push(b);
            }
            csv.extend_from_slice(b"\",v\n");
        }
        let file = self.home.path().join(format!("{table}.csv"));
        std::fs::write(&file, csv).unwrap();
        let line = format!("cbt import {table} {} column-family=cf", file.display());
        self.bash(&line, &self.emulator);
    }
}

fn rowkey(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn unhex(h: &str) -> Vec<u8> {
    let h = h.strip_prefix("0x").unwrap_or(h);
    (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap())
        .collect()
}

/// The rows of `cbt read` output, through `rowkey decode --from-cbt --json`;
/// every one must decode.
fn decoded_rows(schema: &Path, cbt_output: &[u8]) -> Vec<Vec<u8>> {
    let out = rowkey(
        &["decode", "--schema", p(schema), "--from-cbt", "--json"],
        cbt_output,
    );
    stdout(out)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["valid"], true, "{l}");
            unhex(v["key"].as_str().unwrap())
        })
        .collect()
}

/// A unique table name per run.
fn table(name: &str) -> String {
    format!("{name}-{}", std::process::id())
}

#[test]
#[ignore = "needs the Bigtable emulator and cbt: run with `cargo xtask test`"]
fn the_find_scan_runs_through_cbt() {
    let cbt = Cbt::new();
    let schema = cbt.schema("file_key");
    let t = table("files");
    let relay = Relay::start(&cbt.emulator);
    let create = stdout(rowkey(
        &[
            "splits",
            "--schema",
            p(&schema),
            "--regions",
            "4",
            "--table",
            &t,
            "--cbt",
        ],
        b"",
    ));
    cbt.bash(&create, &relay.host());
    assert_eq!(
        relay.split_points(&t),
        [b"250000".to_vec(), b"500000".to_vec(), b"750000".to_vec()]
    );
    let rows: BTreeMap<Vec<u8>, u64> = FILES
        .iter()
        .map(|&(file_id, create_date, _, _, user_id)| {
            let key = FileKey {
                user_id,
                create_date,
                file_id,
            }
            .encode()
            .unwrap();
            (key.to_vec(), file_id)
        })
        .collect();
    cbt.import(&t, &rows.keys().cloned().collect::<Vec<_>>());
    let read = stdout(rowkey(
        &[
            "scan",
            "--schema",
            p(&schema),
            "--table",
            &t,
            "--cbt",
            "user_id=1",
            "create_date=20120901..=20120914",
        ],
        b"",
    ));
    let found = decoded_rows(&schema, &cbt.bash(&read, &cbt.emulator).stdout);
    let range = FileKey::range_for_user_id_create_date(1, 20120901..=20120914).unwrap();
    let typed: Vec<Vec<u8>> = rows
        .range::<[u8], _>(range.bounds())
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(found, typed);
    // The article's value filters (name and category) on the rows found.
    let answer: Vec<u64> = found
        .iter()
        .map(|k| rows[k])
        .filter(|id| {
            let f = FILES.iter().find(|f| f.0 == *id).unwrap();
            f.2.starts_with("中国好声音") && f.3.starts_with("综艺")
        })
        .collect();
    assert_eq!(answer, [1, 2, 3, 4, 5, 7]);
}

#[test]
#[ignore = "needs the Bigtable emulator and cbt: run with `cargo xtask test`"]
fn a_set_scan_runs_through_cbt() {
    let cbt = Cbt::new();
    let schema = cbt.schema("file_key");
    let t = table("file-sets");
    let rows: BTreeMap<Vec<u8>, u64> = FILES
        .iter()
        .map(|&(file_id, create_date, _, _, user_id)| {
            let key = FileKey {
                user_id,
                create_date,
                file_id,
            };
            (key.encode().unwrap().to_vec(), file_id)
        })
        .collect();
    cbt.bash(&format!("cbt createtable {t} families=cf"), &cbt.emulator);
    cbt.import(&t, &rows.keys().cloned().collect::<Vec<_>>());
    let read = stdout(rowkey(
        &[
            "scan",
            "--schema",
            p(&schema),
            "--table",
            &t,
            "--cbt",
            "user_id=1",
            "user_id=2",
            "user_id=4",
            "create_date=20120904..=20120920",
        ],
        b"",
    ));
    assert_eq!(
        read.lines().filter(|l| l.starts_with("cbt read")).count(),
        3
    );
    let found = decoded_rows(&schema, &cbt.bash(&read, &cbt.emulator).stdout);
    let select = FileKey::select()
        .user_id([1, 2, 4])
        .create_date(20120904..=20120920)
        .build()
        .unwrap();
    let typed: Vec<Vec<u8>> = rows.keys().filter(|k| select.matches(k)).cloned().collect();
    assert_eq!(found, typed);
    let ids: Vec<u64> = found.iter().map(|k| rows[k]).collect();
    assert_eq!(ids, [2, 3, 4, 5, 7, 6, 8, 10]);
}

/// Hosts whose bytes include `,`, `"`, a line break and a carriage return.
fn hosts() -> Vec<u32> {
    (1..=60u8)
        .map(|i| u32::from_be_bytes([b',', b'"', 0x0a, i]))
        .collect()
}

#[test]
#[ignore = "needs the Bigtable emulator and cbt: run with `cargo xtask test`"]
fn a_salted_binary_key_runs_through_cbt() {
    let cbt = Cbt::new();
    let schema = cbt.schema("host_event");
    let t = table("events");
    let relay = Relay::start(&cbt.emulator);
    // One region per bucket: the points include `\n`, `\r`, `,` and `"`.
    let create = stdout(rowkey(
        &["splits", "--schema", p(&schema), "--table", &t, "--cbt"],
        b"",
    ));
    cbt.bash(&create, &relay.host());
    let points: Vec<Vec<u8>> = HostEvent::SALT
        .split_points()
        .map(|p| p.as_bytes().to_vec())
        .collect();
    assert_eq!(relay.split_points(&t), points);
    let mut rows: Vec<Vec<u8>> = Vec::new();
    for host in hosts() {
        for i in 0..40u64 {
            // Timestamps with 0x00 and 0x0A bytes.
            let ts = 0x0b00_0a0a_0000_0000 + i * 0x0101;
            rows.push(
                HostEvent {
                    host,
                    ts,
                    event: 10,
                }
                .encode()
                .unwrap()
                .to_vec(),
            );
        }
    }
    // `cbt import` reads CSV, which turns `\r\n` into `\n`: no key holds it.
    assert!(!rows.iter().any(|k| k.windows(2).any(|w| w == b"\r\n")));
    rows.sort();
    cbt.import(&t, &rows);
    let (mut read, mut refused) = (0, 0);
    for host in hosts() {
        let r = HostEvent::prefix_for_host(host).unwrap();
        let typed: Vec<Vec<u8>> = rows.iter().filter(|k| r.contains(k)).cloned().collect();
        let arg = format!("host={host}");
        let out = rowkey(
            &["scan", "--schema", p(&schema), "--table", &t, "--cbt", &arg],
            b"",
        );
        if r.start().contains(&0) || r.end().is_some_and(|e| e.contains(&0)) {
            // Bucket 0: the start row begins with 0x00, which no argument holds.
            assert_eq!(out.status.code(), Some(1));
            assert!(String::from_utf8_lossy(&out.stderr).contains("holds a 0x00 byte at byte 0"));
            refused += 1;
            continue;
        }
        let line = stdout(out);
        let found = decoded_rows(&schema, &cbt.bash(&line, &cbt.emulator).stdout);
        assert_eq!(found, typed, "host {host:#x}: {line}");
        read += 1;
    }
    assert!(read >= 50 && refused <= 2, "{read} read, {refused} refused");
}

#[test]
#[ignore = "needs the Bigtable emulator and cbt: run with `cargo xtask test`"]
fn split_points_of_sampled_keys_reach_cbt_byte_for_byte() {
    let cbt = Cbt::new();
    let schema = cbt.schema("host_event");
    let t = table("sampled");
    // A sample whose quantile points hold every byte but 0x00 (no bucket 0).
    let mut keys: Vec<Vec<u8>> = (1..=255u8)
        .map(|b| {
            let host = u32::from_be_bytes([b, b'"', b',', b'\n']);
            HostEvent {
                host,
                ts: 7,
                event: 1,
            }
            .encode()
            .unwrap()
            .to_vec()
        })
        .filter(|k| k[0] != 0)
        .collect();
    keys.sort();
    assert!(keys.len() > 2, "{}", keys.len());
    let dir = tempfile::tempdir().unwrap();
    let sample = dir.path().join("sample.txt");
    let text: String = keys
        .iter()
        .map(|k| {
            format!(
                "0x{}\n",
                k.iter().map(|b| format!("{b:02x}")).collect::<String>()
            )
        })
        .collect();
    std::fs::write(&sample, text).unwrap();
    let regions = keys.len().min(50).to_string();
    let args = [
        "splits",
        "--schema",
        p(&schema),
        "--from-keys",
        p(&sample),
        "--regions",
        &regions,
        "--table",
        &t,
    ];
    let json: Value =
        serde_json::from_str(&stdout(rowkey(&[&args[..], &["--json"]].concat(), b""))).unwrap();
    let points: Vec<Vec<u8>> = json["split_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| unhex(p.as_str().unwrap()))
        .collect();
    let relay = Relay::start(&cbt.emulator);
    let create = stdout(rowkey(&[&args[..], &["--cbt"]].concat(), b""));
    cbt.bash(&create, &relay.host());
    assert_eq!(relay.split_points(&t), points);
}

/// The bytes one client sent, as it sends them.
type Log = Arc<Mutex<Vec<u8>>>;

/// A TCP relay to the emulator that keeps what each client sent.
struct Relay {
    port: u16,
    sent: Arc<Mutex<Vec<Log>>>,
}

impl Relay {
    fn start(upstream: &str) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let sent: Arc<Mutex<Vec<Log>>> = Arc::default();
        let (upstream, all) = (upstream.to_owned(), Arc::clone(&sent));
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let server = TcpStream::connect(&upstream).unwrap();
                let log: Log = Arc::default();
                all.lock().unwrap().push(Arc::clone(&log));
                pipe(
                    client.try_clone().unwrap(),
                    server.try_clone().unwrap(),
                    Some(log),
                );
                pipe(server, client, None);
            }
        });
        Relay { port, sent }
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// The split points of the `CreateTable` request for table `id`.
    fn split_points(&self, id: &str) -> Vec<Vec<u8>> {
        let sent = self.sent.lock().unwrap();
        let requests: Vec<Vec<u8>> = sent
            .iter()
            .flat_map(|log| grpc_messages(&log.lock().unwrap()))
            .collect();
        requests
            .iter()
            .map(|m| fields(m))
            .find(|f| f.iter().any(|(n, v)| *n == 2 && v == id.as_bytes()))
            .unwrap_or_else(|| panic!("no CreateTable request for {id}"))
            .into_iter()
            // `initial_splits` (4) are `Split { key (1) }` messages.
            .filter(|(n, _)| *n == 4)
            .map(|(_, split)| {
                fields(&split)
                    .into_iter()
                    .find(|(n, _)| *n == 1)
                    .map(|(_, k)| k)
                    .unwrap_or_default()
            })
            .collect()
    }
}

fn pipe(mut from: TcpStream, mut to: TcpStream, log: Option<Log>) {
    std::thread::spawn(move || {
        let mut buf = [0u8; 16384];
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 || to.write_all(&buf[..n]).is_err() {
                break;
            }
            if let Some(log) = &log {
                log.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        }
        let _ = to.shutdown(std::net::Shutdown::Write);
    });
}

/// The gRPC messages a client sent on one HTTP/2 connection: its DATA
/// frames by stream, each stream's bytes cut into length-prefixed messages.
fn grpc_messages(conn: &[u8]) -> Vec<Vec<u8>> {
    let Some(mut b) = conn.strip_prefix(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") else {
        return Vec::new();
    };
    let mut streams: BTreeMap<u32, Vec<u8>> = BTreeMap::new();
    while b.len() >= 9 {
        let len = usize::from(b[0]) << 16 | usize::from(b[1]) << 8 | usize::from(b[2]);
        let (kind, flags) = (b[3], b[4]);
        let stream = u32::from_be_bytes([b[5], b[6], b[7], b[8]]) & 0x7fff_ffff;
        let Some(payload) = b.get(9..9 + len) else {
            break;
        };
        if kind == 0 {
            let data = if flags & 0x8 != 0 {
                &payload[1..payload.len() - usize::from(payload[0])]
            } else {
                payload
            };
            streams.entry(stream).or_default().extend_from_slice(data);
        }
        b = &b[9 + len..];
    }
    let mut messages = Vec::new();
    for data in streams.values() {
        let mut d = &data[..];
        while d.len() >= 5 {
            let n = u32::from_be_bytes([d[1], d[2], d[3], d[4]]) as usize;
            let Some(m) = d.get(5..5 + n) else { break };
            messages.push(m.to_vec());
            d = &d[5 + n..];
        }
    }
    messages
}

/// A protobuf message's length-delimited fields, (number, bytes), in order.
fn fields(mut m: &[u8]) -> Vec<(u64, Vec<u8>)> {
    fn varint(m: &mut &[u8]) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let (&b, rest) = m.split_first()?;
            *m = rest;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }
    let mut out = Vec::new();
    while let Some(key) = varint(&mut m) {
        let skip = match key & 7 {
            0 => varint(&mut m).map(|_| 0),
            1 => Some(8),
            5 => Some(4),
            2 => varint(&mut m).map(|n| n as usize),
            _ => None,
        };
        let Some(n) = skip.filter(|&n| n <= m.len()) else {
            break;
        };
        if key & 7 == 2 {
            out.push((key >> 3, m[..n].to_vec()));
        }
        m = &m[n..];
    }
    out
}
