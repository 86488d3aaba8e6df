//! The heat map as a person in an incident channel sees it: rendered to a
//! 1000-pixel PNG by librsvg (`rsvg-convert`, Debian's `librsvg2-bin`, as
//! `.ci/run` installs it), with its labels drawn as text, not hover tips.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use rowkey::RowKey;

#[derive(RowKey)]
#[allow(dead_code)] // only its layout and encode are used
struct LogEvent {
    ts: u64,
    host: u32,
    event: u16,
}

fn spread(schema: &Path, svg: &Path, stdin: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args([
            "spread",
            "--schema",
            schema.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
            "--cells",
            "30",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// Renders `svg` at 1000 pixels wide; the PNG's width and height.
fn render(svg: &Path, png: &Path) -> (u32, u32) {
    let status = Command::new("rsvg-convert")
        .args([
            "-w",
            "1000",
            "-o",
            png.to_str().unwrap(),
            svg.to_str().unwrap(),
        ])
        .status()
        .unwrap_or_else(|e| panic!("cannot run rsvg-convert ({e}): apt-get install librsvg2-bin"));
    assert!(status.success());
    let bytes = std::fs::read(png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

fn keys(n: u64) -> Vec<u8> {
    let mut text = Vec::new();
    for i in 0..n {
        let k = LogEvent {
            ts: 1_700_000_000_000 + i,
            host: (i % 4) as u32,
            event: 7,
        }
        .encode()
        .unwrap();
        text.extend_from_slice(b"0x");
        for b in k {
            write!(text, "{b:02x}").unwrap();
        }
        text.push(b'\n');
    }
    text
}

#[test]
fn renders_at_1000_pixels_with_its_labels() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("log_event.json");
    std::fs::write(&schema, LogEvent::LAYOUT.to_json()).unwrap();
    let (svg, png) = (dir.path().join("seq.svg"), dir.path().join("seq.png"));
    spread(&schema, &svg, &keys(30_000));
    let (w, h) = render(&svg, &png);
    assert_eq!(w, 1000);
    assert!((600..900).contains(&h), "{h}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(!text.contains("<script"));
    // The key axis: decoded leading fields; the arrival axis; the scale; the hottest ranges.
    assert!(
        text.contains(">ts=1700000000000 host=0</text>"),
        "first band"
    );
    assert!(text.contains(">last: ts=1700000029999 host=3</text>"));
    assert!(text.contains(">30,000</text>"));
    assert!(
        text.contains(">1,000</text>"),
        "the scale's top: 1,000 keys in a cell"
    );
    assert!(text.contains("1. 1,000 keys, 100.0% of keys 1..1,000: ts=1700000000000 host=0 .. ts=1700000001000 host=0"), "{text}");
    assert!(text.contains("every key drawn"));
}

#[test]
fn a_long_input_is_drawn_from_a_bounded_sample_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("log_event.json");
    std::fs::write(&schema, LogEvent::LAYOUT.to_json()).unwrap();
    let svg = dir.path().join("long.svg");
    // More keys than the sample holds (2^18).
    let report = spread(&schema, &svg, &keys(300_000));
    assert!(report.starts_with("keys             300000\n"));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("counts estimated from a uniform sample of 262,144 of 300,000 keys"),
        "{text}"
    );
    assert!(text.contains("keys per cell (est.)"));
    assert_eq!(render(&svg, &dir.path().join("long.png")).0, 1000);
}
