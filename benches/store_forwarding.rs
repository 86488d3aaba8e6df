//! What a load costs that spans narrower stores still in flight, on the
//! machine at hand: the cost valgrind cannot see, which made W4 twice the
//! hand-written time with the same instructions (BENCHMARKS.md).
//!
//! `cargo bench --bench store_forwarding` writes 8 bytes as four 2-byte stores
//! and reads them back as one 8-byte load, against one 8-byte store and the
//! same load, best of 15 runs each, alternately. Under `cargo test` it runs once,
//! briefly.

use std::hint::black_box;
use std::time::Instant;

/// Four 2-byte stores, then one 8-byte load of the same bytes.
#[inline(never)]
fn narrow_stores(n: u64) -> u64 {
    let mut buf = [0u8; 8];
    let mut sum = 0u64;
    for i in 0..n {
        let b = black_box(&mut buf);
        b[0..2].copy_from_slice(&(i as u16).to_ne_bytes());
        b[2..4].copy_from_slice(&((i >> 3) as u16).to_ne_bytes());
        b[4..6].copy_from_slice(&((i >> 5) as u16).to_ne_bytes());
        b[6..8].copy_from_slice(&((i >> 7) as u16).to_ne_bytes());
        sum = sum.wrapping_add(u64::from_ne_bytes(*black_box(&*b)));
    }
    sum
}

/// The same bytes as one 8-byte store, then the same load.
#[inline(never)]
fn wide_store(n: u64) -> u64 {
    let mut buf = [0u8; 8];
    let mut sum = 0u64;
    for i in 0..n {
        let b = black_box(&mut buf);
        let pieces = [i, i >> 3, i >> 5, i >> 7].map(|p| p as u16 as u64);
        let word = pieces[0] | pieces[1] << 16 | pieces[2] << 32 | pieces[3] << 48;
        *b = word.to_le_bytes();
        sum = sum.wrapping_add(u64::from_ne_bytes(*black_box(&*b)));
    }
    sum
}

/// Nanoseconds per iteration of `f` over `n` iterations.
fn time(f: fn(u64) -> u64, n: u64) -> f64 {
    let t = Instant::now();
    black_box(f(black_box(n)));
    t.elapsed().as_nanos() as f64 / n as f64
}

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    let (n, runs) = if bench { (20_000_000, 15) } else { (10_000, 1) };
    // Both write the same bytes (little-endian machines: the probe's own check).
    if cfg!(target_endian = "little") {
        assert_eq!(narrow_stores(1_000), wide_store(1_000));
    }
    let (mut narrow, mut wide) = (f64::MAX, f64::MAX);
    for _ in 0..runs {
        narrow = narrow.min(time(narrow_stores, n));
        wide = wide.min(time(wide_store, n));
    }
    println!(
        "four 2-byte stores, then an 8-byte load: {narrow:.2} ns; one 8-byte store, then the load: {wide:.2} ns; {:.1}x",
        narrow / wide
    );
}
