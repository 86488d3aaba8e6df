//! The number of cases a property runs: its usual count, or `PROPTEST_CASES`
//! when set, so a release check can run every property at 100,000 cases
//! (`PROPTEST_CASES=100000 cargo test --release --test ..`) without editing
//! the suites. An explicit `cases` in a proptest config would ignore it.

/// `PROPTEST_CASES` when set, else `usual`.
pub fn cases(usual: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usual)
}
