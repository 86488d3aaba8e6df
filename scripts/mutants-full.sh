#!/usr/bin/env bash
# Every mutant of rowkey-core, through scripts/mutants.sh in shards: shard K
# of N takes every N-th mutant of each group from the K-th. Two lanes run the
# shards side by side, each in a build tree of its own, so the incremental
# rebuilds (mostly one crate after another) use both cores. A finished shard
# is not run again: an interrupted run goes on where it stopped.
#
#   scripts/mutants-full.sh              # N = 80, two lanes
#   MUTANTS_SHARDS=80 MUTANTS_LANES=1 scripts/mutants-full.sh
#
# Results: target/mutants/full/<K>/ (one mutants.sh output each, its log in
# <K>.log), the totals over every finished shard on the last lines. Code
# compiled only without an allocator is compiled out of the groups' builds:
# what every shard missed runs once more without the allocator (noalloc),
# and counts as caught there only if it is caught there.
set -euo pipefail
cd "$(dirname "$0")/.."
shards=${MUTANTS_SHARDS:-80}
lanes=${MUTANTS_LANES:-2}
full=target/mutants/full
mkdir -p "$full"

# The shards of one lane: lane L takes L, L + lanes, ...
lane() {
  local l=$1 k
  for ((k = l; k < shards; k += lanes)); do
    [ -f "$full/$k/result/done" ] && continue
    echo "$(date -u +%H:%M:%S) lane $l: shard $k/$shards"
    if MUTANTS_TREE=target/mutants/tree-$l MUTANTS_OUT=$full/$k \
      scripts/mutants.sh --shard "$k/$shards" >"$full/$k.log" 2>&1; then
      touch "$full/$k/result/done"
    else
      echo "lane $l: shard $k failed, see $full/$k.log"
    fi
  done
}
for ((l = 0; l < lanes; l++)); do lane "$l" & done
wait

results=("$full"/[0-9]*/result)
[ -d "${results[0]}" ] || exit 0
missed=$full/noalloc-candidates.txt
cat "${results[@]/%//missed.txt}" | sort -u >"$missed"
if [ -s "$missed" ] && [ ! -f "$full/noalloc/result/done" ]; then
  mapfile -t f < <(sed 's/[][\.*^$(){}?+|]/\\&/g; s/.*/^&$/' "$missed" | while IFS= read -r re; do printf '%s\n' -F "$re"; done)
  mapfile -t files < <(cut -d: -f1 "$missed" | sort -u | while IFS= read -r file; do printf '%s\n' -f "$file"; done)
  MUTANTS_GROUPS=noalloc MUTANTS_SECOND_PASS=no MUTANTS_TREE=target/mutants/tree-0 MUTANTS_OUT=$full/noalloc \
    scripts/mutants.sh "${f[@]}" "${files[@]}" >"$full/noalloc.log" 2>&1
  touch "$full/noalloc/result/done"
fi
# The shards' outcomes, where the no-allocator build turns a miss into a
# catch or a timeout (only for the shards' misses: its "delete field"
# mutants come through the name filters).
final=$full/total
mkdir -p "$final"
from_noalloc() { grep -xFf "$missed" "$full/noalloc/result/$1.txt" 2>/dev/null || true; }
cat "${results[@]/%//unviable.txt}" | sort -u >"$final/unviable.txt"
for kind in caught timeout; do
  { cat "${results[@]/%//$kind.txt}"; from_noalloc "$kind"; } | sort -u >"$final/$kind.txt"
done
grep -vxFf <(cat "$final/caught.txt" "$final/timeout.txt") "$missed" >"$final/missed.txt" || true
scripts/mutants-total.sh "$final"
