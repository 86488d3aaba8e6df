#!/usr/bin/env bash
# The totals of one or more mutants.sh results: each argument is a directory
# with caught.txt, missed.txt, unviable.txt and timeout.txt, one mutant name
# per line (mutants.sh writes them under $MUTANTS_OUT/result), and maybe
# equivalent.txt: the missed ones shown equivalent (mutants-full.sh).
set -euo pipefail
# The names of one outcome over every result, each once.
names() {
  local d
  for d in "${dirs[@]}"; do cat "$d/$1.txt" 2>/dev/null || true; done | sort -u
}
dirs=("$@")
declare -A n
for kind in caught missed unviable timeout equivalent; do n[$kind]=$(names "$kind" | wc -l); done
echo "caught ${n[caught]}, missed ${n[missed]} (${n[equivalent]} shown equivalent), unviable ${n[unviable]}, timeout ${n[timeout]}"
viable=$((n[caught] + n[missed] + n[timeout]))
# Per mille of $2 as a percentage with one decimal.
percent() { echo "$((1000 * $1 / $2 / 10)).$((1000 * $1 / $2 % 10))%"; }
if [ "$viable" -gt 0 ]; then
  # A timeout is a loop the mutant made endless: a test run fails on it.
  hit=$((n[caught] + n[timeout]))
  echo "score: $(percent "$hit" "$viable") of $viable viable mutants caught or timed out ($(percent "${n[caught]}" "$viable") caught)"
  killable=$((viable - n[equivalent]))
  [ "${n[equivalent]}" -eq 0 ] || [ "$killable" -eq 0 ] ||
    echo "score without the equivalent ones: $(percent "$hit" "$killable") of $killable"
fi
if [ "$((n[missed] - n[equivalent]))" -gt 0 ]; then
  echo "missed, not shown equivalent:"
  names missed | grep -vxF -f <(names equivalent) || true
fi
