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
# the end: what every shard missed, and what no shard tested (the source
# changed since), run again with the tests of that day, the second pass on
# what that misses. What is still missed runs on rowkey-core without an
# allocator, where the code behind cfg(not(feature = "alloc")) is compiled,
# and counts as caught only if it is caught there. The source may change
# between shards: the totals count the mutants of the tree at the end.
#
# Results: target/mutants/full/<K>/ (one mutants.sh output each, its log in
# <K>.log), then again/ and noalloc/, the totals in total/ and on the last
# lines of output.
set -euo pipefail
cd "$(dirname "$0")/.."
shards=${MUTANTS_SHARDS:-80}
lanes=${MUTANTS_LANES:-2}
full=${MUTANTS_FULL:-target/mutants/full}
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

# The mutants of the tree as it is now. A shard's outcome counts only for a
# name still on the list: where the source changed after a shard ran, lines
# moved and mutants came and went.
list=$full/list.txt
cargo mutants --list -p rowkey-core >"$list"
of_shards() { cat "$full"/[0-9]*/result/"$1".txt | grep -xFf "$list" | sort -u || true; }
tested=$full/tested.txt
for kind in caught missed unviable timeout; do of_shards "$kind"; done | sort -u >"$tested"

# The mutants shown equivalent (scripts/mutants-equivalent.md, each with its
# proof). One a shard missed is not run again: it is reported missed and
# shown equivalent. A name no shard tested runs as any other, and counts as
# shown equivalent if it is missed. A listed name that is no mutant of the
# tree is an entry whose line moved: it is named here, to be moved too.
listed=$full/listed.txt
grep -o '^- `[^`]*`' scripts/mutants-equivalent.md | sed 's/^- `//; s/`$//' | sort -u >"$listed"
grep -vxFf "$list" "$listed" | sed 's/^/listed as equivalent, but no mutant of the tree: /' || true
equivalent=$full/equivalent.txt
grep -xFf <(of_shards missed) "$listed" >"$equivalent" || true

# One more run, with the tests of today, of what every shard missed and of
# what no shard tested: each group's first pass, then the second pass
# (every suite, one to three minutes a mutant) on what that misses, the
# list dealt out to the lanes. Then the no-allocator build on what both miss.
again=$full/again.txt
{ of_shards missed; grep -vxFf "$tested" "$list" || true; } | sort -u |
  grep -vxFf "$equivalent" >"$again" || true
as_names() {
  sed 's/[][\.*^$(){}?+|]/\\&/g; s/.*/^&$/' "$1" | while IFS= read -r re; do printf '%s\n' -F "$re"; done
}
as_files() { cut -d: -f1 "$1" | sort -u | while IFS= read -r file; do printf '%s\n' -f "$file"; done; }
echo "$(date -u +%H:%M:%S) again: $(wc -l <"$again") mutants, $(wc -l <"$equivalent") shown equivalent"
again_lane() {
  local l=$1 part=$full/again-$1.txt
  awk -v l="$l" -v n="$lanes" 'NR % n == l' "$again" >"$part"
  [ -s "$part" ] && [ ! -f "$full/again-$l/result/done" ] || return 0
  mapfile -t f < <(as_names "$part")
  MUTANTS_TREE=target/mutants/tree-$l MUTANTS_OUT=$full/again-$l \
    scripts/mutants.sh "${f[@]}" >>"$full/again-$l.log" 2>&1
  touch "$full/again-$l/result/done"
}
for ((l = 0; l < lanes; l++)); do again_lane "$l" & done
wait
last=$full/again/result
mkdir -p "$last"
for kind in caught missed unviable timeout; do
  cat "$full"/again-*/result/"$kind".txt 2>/dev/null | sort -u >"$last/$kind.txt" || true
done
if [ -s "$last/missed.txt" ]; then
  mapfile -t f < <(as_names "$last/missed.txt")
  mapfile -t files < <(as_files "$last/missed.txt")
  MUTANTS_GROUPS=noalloc MUTANTS_SECOND_PASS=no MUTANTS_TREE=target/mutants/tree-0 \
    MUTANTS_OUT=$full/noalloc scripts/mutants.sh "${f[@]}" "${files[@]}" >>"$full/noalloc.log" 2>&1
fi

# Each mutant's last outcome: the shards', then the second run's for what it
# was given, then the no-allocator build's for what that missed (a stage
# decides only the names it was given: "delete field" mutants come through
# the name filters).
final=$full/total
mkdir -p "$final"
given() { grep -xFf "$1" "$2" 2>/dev/null || true; }
for kind in caught missed unviable timeout; do
  { of_shards "$kind" | grep -vxFf "$again" || true; given "$again" "$last/$kind.txt"; } | sort -u >"$final/$kind.txt"
done
: >"$final/rescued.txt"
for kind in caught timeout; do
  given "$final/missed.txt" "$full/noalloc/result/$kind.txt" | tee -a "$final/rescued.txt" >>"$final/$kind.txt"
done
grep -vxFf "$final/rescued.txt" "$final/missed.txt" >"$final/missed.left" || true
mv "$final/missed.left" "$final/missed.txt"
grep -xFf "$final/missed.txt" "$listed" >"$final/equivalent.txt" || true
scripts/mutants-total.sh "$final"
