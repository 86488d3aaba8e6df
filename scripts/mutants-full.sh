#!/usr/bin/env bash
# Every mutant of rowkey-core, through scripts/mutants.sh in shards: shard K
# of N takes every N-th mutant of each group from the K-th. Two lanes run the
# shards side by side, each in a build tree of its own, so the incremental
# rebuilds (mostly one crate after another) use both cores. Whatever finished
# (a shard's group, a stage) is kept: a stopped run goes on where it stopped.
#
#   scripts/mutants-full.sh              # N = 80, two lanes
#   MUTANTS_SHARDS=40 MUTANTS_LANES=1 scripts/mutants-full.sh
#
# The shards run their groups' first passes only. A second pass costs one to
# three minutes a mutant (every suite, rebuilt and run), so it runs once, at
# the end, on what every shard missed, with the tests of that day. What it
# misses runs once more on rowkey-core without an allocator, where the code
# behind cfg(not(feature = "alloc")) is compiled, and counts as caught there
# only if it is caught there.
#
# Results: target/mutants/full/<K>/ (one mutants.sh output each, its log in
# <K>.log), then recheck/ and noalloc/, the totals in total/ and on the last
# lines of output.
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
    if MUTANTS_SECOND_PASS=no MUTANTS_TREE=target/mutants/tree-$l MUTANTS_OUT=$full/$k \
      scripts/mutants.sh --shard "$k/$shards" >>"$full/$k.log" 2>&1; then
      touch "$full/$k/result/done"
    else
      echo "lane $l: shard $k failed, see $full/$k.log"
    fi
  done
}
for ((l = 0; l < lanes; l++)); do lane "$l" & done
wait
for ((k = 0; k < shards; k++)); do
  [ -f "$full/$k/result/done" ] || { echo "shard $k did not finish"; exit 1; }
done

# The names of one outcome over the shards.
of_shards() { cat "$full"/[0-9]*/result/"$1".txt | sort -u; }
of_shards missed >"$full/first-missed.txt"

# The second pass over every shard's misses, then the no-allocator build
# over what that misses.
echo "$(date -u +%H:%M:%S) recheck: $(wc -l <"$full/first-missed.txt") mutants"
MUTANTS_GROUPS=none MUTANTS_MISSED=$full/first-missed.txt MUTANTS_TREE=target/mutants/tree-0 \
  MUTANTS_OUT=$full/recheck scripts/mutants.sh >>"$full/recheck.log" 2>&1
recheck=$full/recheck/result
if [ -s "$recheck/missed.txt" ]; then
  mapfile -t f < <(sed 's/[][\.*^$(){}?+|]/\\&/g; s/.*/^&$/' "$recheck/missed.txt" |
    while IFS= read -r re; do printf '%s\n' -F "$re"; done)
  mapfile -t files < <(cut -d: -f1 "$recheck/missed.txt" | sort -u |
    while IFS= read -r file; do printf '%s\n' -f "$file"; done)
  MUTANTS_GROUPS=noalloc MUTANTS_SECOND_PASS=no MUTANTS_TREE=target/mutants/tree-0 \
    MUTANTS_OUT=$full/noalloc scripts/mutants.sh "${f[@]}" "${files[@]}" >>"$full/noalloc.log" 2>&1
fi

# Each mutant's last outcome: a stage decides only the misses it was given
# (its "delete field" mutants come through the name filters).
final=$full/total
mkdir -p "$final"
given() { grep -xFf "$1" "$2" 2>/dev/null || true; }
of_shards unviable >"$final/unviable.txt"
for kind in caught timeout; do
  { of_shards "$kind"; given "$full/first-missed.txt" "$recheck/$kind.txt"
    given "$recheck/missed.txt" "$full/noalloc/result/$kind.txt"; } | sort -u >"$final/$kind.txt"
done
grep -vxFf <(cat "$final/caught.txt" "$final/timeout.txt") "$full/first-missed.txt" >"$final/missed.txt" || true
scripts/mutants-total.sh "$final"
