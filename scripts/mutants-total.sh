#!/usr/bin/env bash
# The totals of one or more mutants.sh results: each argument is a directory
# with caught.txt, missed.txt, unviable.txt and timeout.txt, one mutant name
# per line (mutants.sh writes them under $MUTANTS_OUT/result).
set -euo pipefail
# The names of one outcome over every result, each once.
names() {
  local d
  for d in "${dirs[@]}"; do cat "$d/$1.txt" 2>/dev/null || true; done | sort -u
}
dirs=("$@")
declare -A n
for kind in caught missed unviable timeout; do n[$kind]=$(names "$kind" | wc -l); done
echo "caught ${n[caught]}, missed ${n[missed]}, unviable ${n[unviable]}, timeout ${n[timeout]}"
viable=$((n[caught] + n[missed] + n[timeout]))
percent() { echo "$((1000 * $1 / viable / 10)).$((1000 * $1 / viable % 10))%"; }
if [ "$viable" -gt 0 ]; then
  # A timeout is a loop the mutant made endless: a test run fails on it.
  echo "score: $(percent $((n[caught] + n[timeout]))) of $viable viable mutants caught or timed out ($(percent "${n[caught]}") caught)"
fi
if [ "${n[missed]}" -gt 0 ]; then
  echo "missed:"
  names missed
fi
