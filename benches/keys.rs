//! Benchmarks: see BENCHMARKS.md.
fn main() {}
