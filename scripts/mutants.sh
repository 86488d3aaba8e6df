#!/usr/bin/env bash
# Mutation testing of rowkey-core with cargo-mutants (not run by CI: one
# mutant costs a rebuild of rowkey-core and of every test binary below).
#
#   cargo install cargo-mutants --locked
#   scripts/mutants.sh                                  # the default files
#   scripts/mutants.sh -f rowkey-core/src/salt.rs       # one file
#   scripts/mutants.sh -f rowkey-core/src/salt.rs --shard 0/4 --sharding round-robin
#   scripts/mutants.sh -f rowkey-core/src/range.rs -F 'Debug for KeyRangeOf'
#
# Arguments go to `cargo mutants` before its `--`; without `-f`/`--file` the
# codec, range and salt modules below are mutated. Results are in
# target/mutants/mutants.out (the tree is copied without target/ and built there).
#
# The tests each mutant runs: the whole workspace suite (trybuild, the
# examples on fjall, the command line, the Bigtable emulator) takes minutes per
# mutant, so a mutant runs what exercises rowkey-core's runtime directly:
#   rowkey-core   --lib          its unit tests
#   rowkey        --lib          (the facade's own, none today)
#   --test properties            round trip, order, ranges and salts against reference models
#   --test scans                 prefixes, ranges of every bound kind, salt fan-out, split points
#   --test salt_hashes           the modulo and user salt hashes
#   --test golden                golden bytes of every codec and salt
#   --test fixed_bounds          range bounds of fixed-width fields
#   --test no_alloc              the paths that must not allocate
# Doc tests are left out: each is its own binary, and rebuilding ~70 of them
# per mutant costs more than the rest together.
# PROPTEST_CASES defaults to 64 here (the suites' own default is higher), so a
# mutant's property tests take about a second; a mutant a property misses at
# 64 cases is one it would rarely catch at 256 either, but set
# PROPTEST_CASES=256 to check one.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_INCREMENTAL=0
export PROPTEST_CASES="${PROPTEST_CASES:-64}"

files=()
case " $* " in
  *" -f "* | *" --file "* | *" --file="*) ;;
  *)
    for f in rowkey-core/src/salt.rs rowkey-core/src/codec/pad.rs \
      rowkey-core/src/codec/escaped.rs rowkey-core/src/range.rs 'rowkey-core/src/range/*.rs'; do
      files+=(-f "$f")
    done
    ;;
esac

tests=(--lib --test=properties --test=scans --test=salt_hashes --test=golden
  --test=fixed_bounds --test=no_alloc)

# The baseline: the same tests on the unmutated tree, here (cargo-mutants'
# own baseline would run rowkey-core's tests only, not --test-package's).
nice -n 10 cargo test -p rowkey-core -p rowkey "${tests[@]}" -q >/dev/null

out=target/mutants
rm -rf "$out/mutants.out"
mkdir -p "$out"
# One mutant at a time (cargo-mutants' default), under nice: the machine has
# two cores and other work.
# 120 s per cargo command bounds a mutant that makes a test loop forever.
# The tests go in as --cargo-arg, not after `--`: cargo-mutants passes what
# follows `--` to the test run only, and would build every test target of
# both packages for each mutant.
status=0
nice -n 10 cargo mutants \
  --package rowkey-core \
  --test-package rowkey-core,rowkey \
  --timeout 120 \
  --baseline skip \
  --output "$out" \
  "${files[@]}" "${tests[@]/#/--cargo-arg=}" "$@" || status=$?

# cargo-mutants exits 2 when mutants were missed and 3 on timeouts: report the counts either way.
count() { if [ -f "$out/mutants.out/$1.txt" ]; then wc -l <"$out/mutants.out/$1.txt"; else echo 0; fi; }
caught=$(count caught) missed=$(count missed) unviable=$(count unviable) timeout=$(count timeout)
echo "caught $caught, missed $missed, unviable $unviable, timeout $timeout"
viable=$((caught + missed + timeout))
if [ "$viable" -gt 0 ]; then
  echo "score: $((100 * caught / viable))% of $viable viable mutants caught"
fi
if [ "$missed" -gt 0 ]; then
  echo "missed:"
  cat "$out/mutants.out/missed.txt"
fi
exit "$status"
