#!/usr/bin/env bash
# Coverage-guided fuzzing of the decoders, `explain`, `rowkey::dynamic`, the
# schema reader and the command line's key readers (fuzz/, cargo-fuzz and
# libFuzzer on the nightly toolchain). Not part of CI: a run of every target
# at 10 million executions takes a few hours.
#
#   scripts/fuzz.sh [-n RUNS] [TARGET...]
#
# Each target runs RUNS executions (default 10,000,000) from its seed corpus
# (fuzz/seeds, checked in) and the corpus earlier runs grew (fuzz/corpus),
# then the script prints, per target, the executions, the coverage libFuzzer
# reached (edges `cov` and features `ft`), the corpus size and the findings:
# inputs that crashed or failed a check, kept in fuzz/artifacts/TARGET/.
# Reproduce one with `fuzz/target/*/release/TARGET fuzz/artifacts/TARGET/crash-..`.
# The full log of a target's run is fuzz/logs/TARGET.log.
#
# Targets run one after another, one process each, under `nice`; to use two
# cores, run the script twice with different targets. The builds use no
# sanitizer (the crates forbid `unsafe`) and keep debug assertions, so an
# integer overflow is a finding too.
set -euo pipefail

runs=10000000
while getopts "n:" opt; do
    case $opt in
        n) runs=$OPTARG ;;
        *) echo "usage: $0 [-n RUNS] [TARGET...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

cd "$(dirname "$0")/../fuzz"
all=(decode explain dynamic schema keytext cli_input)
targets=("${@:-${all[@]}}")

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is missing: cargo install cargo-fuzz (it needs the nightly toolchain)" >&2
    exit 1
fi
export CARGO_INCREMENTAL=0
nice cargo +nightly fuzz build --sanitizer none --debug-assertions
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
bin=target/$host/release

summary=()
for t in "${targets[@]}"; do
    # `explain` reads the same inputs as `decode`: a key type, then its bytes.
    seeds=seeds/$t
    [[ $t == explain ]] && seeds=seeds/decode
    dict=()
    [[ -f dict/$t.dict ]] && dict=(-dict="dict/$t.dict")
    # The command line's readers go a character or a line at a time, and
    # none looks further back than a `\xNN` escape, a `scan` row's
    # 25-column pad or a `cbt` cell line: 512 bytes hold many lines and
    # every form, and longer inputs only repeat them, more slowly.
    limit=()
    [[ $t == keytext || $t == cli_input ]] && limit=(-max_len=512)
    mkdir -p "corpus/$t" "artifacts/$t" logs
    log=logs/$t.log
    echo "== $t: $runs executions" >&2
    touch "logs/$t.start"
    start=$(date +%s)
    nice "$bin/$t" "corpus/$t" "$seeds" "${dict[@]}" "${limit[@]}" -runs="$runs" \
        -timeout=10 -print_final_stats=1 -artifact_prefix="artifacts/$t/" >"$log" 2>&1 || true
    secs=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    # The last status line: `#N DONE cov: E ft: F corp: C/..`.
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corpus=$(find "corpus/$t" -type f | wc -l)
    # Inputs this run found: crashes and failed checks, leaks, timeouts, memory.
    findings=$(find "artifacts/$t" -type f -newer "logs/$t.start" | wc -l)
    summary+=("$(printf '%-10s %12s %7s %8s %7s %9s %6ss' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$corpus" "$findings" "$secs")")
    if grep -q 'panicked at\|ERROR: libFuzzer' "$log"; then
        grep -m1 -A3 'panicked at\|ERROR: libFuzzer' "$log" >&2
    fi
done

printf '%-10s %12s %7s %8s %7s %9s %7s\n' target executions edges features corpus findings time
printf '%s\n' "${summary[@]}"
