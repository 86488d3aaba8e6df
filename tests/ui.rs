//! What must not compile: one mistake per `tests/ui/*.rs`, with the exact
//! message pinned in its `.stderr`. Bless new cases with
//! `TRYBUILD=overwrite cargo test --test ui`, then read every changed line.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
