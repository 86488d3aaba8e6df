#!/usr/bin/env bash
# Mutation testing of rowkey-core with cargo-mutants. Not run by CI: the
# whole crate (about 4,450 mutants) takes hours; scripts/mutants-full.sh runs
# it in shards that survive an interruption. CONTRIBUTING.md has the figures.
#
#   cargo install cargo-mutants --locked
#   scripts/mutants.sh                          # every mutant of rowkey-core
#   scripts/mutants.sh --shard 5/50             # a 1-in-50 sample of every group
#   MUTANTS_GROUPS='codec select' scripts/mutants.sh    # some groups only
#   scripts/mutants.sh -F '^rowkey-core/src/salt\.rs:' -F 'Debug for KeyRangeOf'
#   MUTANTS_GROUPS=noalloc scripts/mutants.sh -F 'custom_of_long_parts'
#
# Arguments go to every `cargo mutants` run: -F/--re picks mutants by the
# names `cargo mutants --list -p rowkey-core` prints (file:line:col: what);
# --shard K/N takes every N-th mutant of each group (round-robin). cargo-mutants
# 27.1 lets its "delete field ... from struct ... expression" mutants through
# every -F and -E: a run filtered by name runs those of its files too.
# MUTANTS_SECOND_PASS=no leaves out the second pass (below).
# Results: target/mutants/out/<group>/mutants.out (or under $MUTANTS_OUT), the
# second pass in .../second/mutants.out, the totals on the last lines of
# output and each mutant's final outcome in .../result/{caught,missed,
# unviable,timeout}.txt. One run at a time per tree: MUTANTS_TREE names
# another (default target/mutants/tree) for a second run beside the first.
#
# A mutant costs a rebuild of rowkey-core, of its unit tests and of every
# test binary that links it (each integration suite is a crate of its own),
# then the test run, which is seconds (the compat suite's slowest two tests
# are left to the second pass, below). What keeps that down:
# - The files are split into groups, each with the suites that exercise it
#   (below): a mutant in compat/ rebuilds the unit tests and the compat suite,
#   not the golden vectors or the property suites. A shard is taken in each
#   group, so a sample is stratified by group.
# - A mutant the group's suites miss gets a second pass against every suite of
#   rowkey-core and rowkey but trybuild's and the examples' (a few minutes per
#   mutant). It is reported missed only when the second pass misses it too,
#   so the grouping changes the cost, not the score.
# - Mutants build in place in target/mutants/tree, a copy of the worktree's
#   files (tracked and untracked, not ignored) kept between runs, with its own
#   target directory (about 2 GB): the dependencies stay built, where
#   cargo-mutants' scratch copies rebuild all of them (3 minutes) for each run.
#   Only files whose content differs are copied again; the worktree itself is
#   never mutated.
# - Incremental builds (CARGO_INCREMENTAL=1): a codec mutant rebuilds its 17
#   test targets in about 5 s and 6 CPU-seconds, against 18 s and 33
#   CPU-seconds from scratch; only the mutated function and what inlines it
#   are compiled again.
# - The suites of a run (the root package's and rowkey-core's) build as one
#   test crate in the tree (one_crate, below): one rebuild and one link, not
#   seventeen; about a third less CPU for a codec mutant's test build (3.3 s
#   against 4.9 s).
# - The suites' check on the unmutated tree runs once per version of the
#   sources, not at the start of every shard's every group.
# - No debug info in the test binaries (CARGO_PROFILE_TEST_DEBUG=false):
#   about 12% less CPU per rebuild than the line tables of the dev profile.
#   Neither the derive nor any doc is rebuilt: rowkey-derive does not depend
#   on rowkey-core, and doc tests are left out (about 70 binaries).
# - One mutant at a time per tree (no --jobs), under nice. An incremental
#   rebuild is mostly one crate after another, so two runs in two trees
#   (MUTANTS_TREE) use both cores; mutants-full.sh does that.
# PROPTEST_CASES defaults to 64 here; set PROPTEST_CASES=256 to check a miss.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_INCREMENTAL=1
export CARGO_PROFILE_TEST_DEBUG=false
export PROPTEST_CASES="${PROPTEST_CASES:-64}"

# The groups: the files they mutate, and the test targets each mutant runs
# (--lib is the unit tests of rowkey-core and of the facade).
compat_files=('rowkey-core/src/compat/*')
compat_tests=(--lib --test=compat)
# Left out of a group's first pass (the second runs them): the compat suite's
# test that builds a user's crate with cargo (11 s), and the one that walks
# 1,500 seeds for every rule the generator reaches (6 s). The rest of the
# suite takes 2 s.
compat_skip=(snapshot::the_documented_line_in_a_users_crate
  properties::the_changes_reach_every_level_and_rule)
select_files=('rowkey-core/src/select/*')
select_tests=(--lib --test=select --test=scans --test=nested_ranges --test=fixed_bounds --test=merge)
dynamic_files=('rowkey-core/src/dynamic/*' rowkey-core/src/schema.rs 'rowkey-core/src/schema/*'
  'rowkey-core/src/layout/*' rowkey-core/src/json.rs rowkey-core/src/checks.rs rowkey-core/src/value.rs)
dynamic_tests=(--lib --test=explain --test=schema_round_trip --test=typed_layout --test=phoenix_properties
  --test=java_derive --test=ordered_fields --test=ordered_numeric --test=disjoint --test=evolution
  --test=fingerprint --test=compat --test=select --test=dynamic_scan)
dynamic_skip=("${compat_skip[@]}")
store_files=(rowkey-core/src/merge.rs rowkey-core/src/page.rs rowkey-core/src/migrate.rs
  rowkey-core/src/record.rs rowkey-core/src/scan.rs rowkey-core/src/view.rs rowkey-core/src/key.rs)
store_tests=(--lib --test=merge --test=pages --test=migrate --test=record --test=view --test=scans
  --test=long_keys --test=find --test=golden)
# Everything else: the codecs, cursor, text, errors, ranges, salts and hashes
# (schema_round_trip for the codecs' own JSON, nested_ranges for the ranges
# within a nested key).
codec_tests=(--lib --test=properties --test=scans --test=salt_hashes --test=golden --test=fixed_bounds
  --test=no_alloc --test=phoenix_properties --test=ordered_fields --test=ordered_numeric
  --test=error_order --test=md5_tenants --test=long_keys --test=java_formats --test=java_properties
  --test=explain --test=java_derive --test=error_text --test=schema_round_trip --test=phoenix_derive
  --test=nested_ranges)
all_groups=(compat select dynamic store codec)
# Not a group of files but a build: rowkey-core without an allocator, whose
# unit tests run the code behind `cfg(not(feature = "alloc"))` (no default
# groups; name it, e.g. MUTANTS_GROUPS=noalloc scripts/mutants.sh -F ...).
# rowkey-core alone: the facade's tests would turn the allocator back on.
noalloc_tests=(--lib --no-default-features)
read -r -a groups <<<"${MUTANTS_GROUPS:-${all_groups[*]}}"
# MUTANTS_GROUPS=none runs no group: only the second pass, on the names in
# the file MUTANTS_MISSED (mutants-full.sh checks every shard's misses so).
[ "${groups[*]}" != none ] || groups=()

root=$PWD
tree=${MUTANTS_TREE:-target/mutants/tree}
out=${MUTANTS_OUT:-target/mutants/out}

# Brings the build tree to the worktree's files: copies what differs (with a
# new mtime, so cargo rebuilds it) and removes what the worktree no longer has.
sync_tree() {
  mkdir -p "$tree"
  git ls-files -co --exclude-standard -z | while IFS= read -r -d '' f; do
    [ -f "$f" ] || continue
    if ! cmp -s "$f" "$tree/$f"; then
      mkdir -p "$tree/$(dirname "$f")"
      cp "$f" "$tree/$f"
    fi
  done
  (cd "$tree" && find . -path ./target -prune -o -type f -print) | sed 's,^\./,,' |
    while IFS= read -r f; do [ -e "$f" ] || rm "$tree/$f"; done
}

# The file filter of a group: its own files; the codec group is every file
# that no other group takes.
filters() {
  local g=$1 other f
  if [ "$g" = noalloc ]; then
    return
  elif [ "$g" = codec ]; then
    for other in "${all_groups[@]}"; do
      [ "$other" = codec ] && continue
      local -n of="${other}_files"
      for f in "${of[@]}"; do printf '%s\n' -e "$f"; done
    done
  else
    local -n gf="${g}_files"
    for f in "${gf[@]}"; do printf '%s\n' -f "$f"; done
  fi
}

# The suites among a list of test arguments, compiled as one
# test crate in the tree (tests/mutants_<name>.rs, each suite a module): a
# mutant then rebuilds and links one test binary for them, not one each,
# about a third less build time. Prints the arguments to test with instead.
one_crate() {
  local name=$1 t suite file
  file=$tree/tests/mutants_$name.rs
  shift
  {
    echo "//! The suites one mutants.sh run tests with, as one crate."
    echo "#![allow(dead_code, unused_imports, clippy::duplicate_mod)]"
  } >"$file"
  for t in "$@"; do
    suite=${t#--test=}
    if [ "$t" != "$suite" ] && [ -f "$tree/tests/$suite.rs" ]; then
      echo "#[path = \"$suite.rs\"] mod $suite;" >>"$file"
    elif [ "$t" != "$suite" ] && [ -f "$tree/tests/$suite/main.rs" ]; then
      echo "#[path = \"$suite/main.rs\"] mod $suite;" >>"$file"
    elif [ "$t" != "$suite" ] && [ -f "$tree/rowkey-core/tests/$suite.rs" ]; then
      # rowkey-core's own suites too: the root package has it as a
      # dev-dependency with every feature they use.
      echo "#[path = \"../rowkey-core/tests/$suite.rs\"] mod $suite;" >>"$file"
    else
      echo "$t"
    fi
  done
  echo "--test=mutants_$name"
}

# The tests named, on the unmutated tree: they must pass. Tests that passed
# on the same sources (a shard's groups run the same suites over and over)
# are not run again: the check costs half a minute.
baseline() {
  local stamp
  stamp=$tree/target/mutants-baseline/$(
    { printf '%s\n' "$@"; git ls-files -co --exclude-standard -z | xargs -0 sha1sum 2>/dev/null || true; } | sha1sum | cut -c1-40
  )
  [ -f "$stamp" ] && return
  (cd "$tree" && nice -n 19 cargo test "$@" -q >/dev/null)
  mkdir -p "$(dirname "$stamp")"
  touch "$stamp"
}

# A shard takes every N-th mutant of a group's list, not a slice of it.
sharding=()
case " $* " in *" --shard "* | *" --shard="*) sharding=(--sharding round-robin) ;; esac

# One cargo-mutants run in the tree, its tests stopped after a timeout in
# seconds; cargo-mutants exits 2 on misses and 3 on timeouts, which the
# totals report.
run() {
  local dir=$1 timeout=$2
  shift 2
  rm -rf "${out:?}/$dir"
  (cd "$tree" && nice -n 19 cargo mutants --in-place --package rowkey-core \
    --test-package "$packages" --baseline skip --timeout "$timeout" --build-timeout 900 \
    --output "$root/$out/$dir" "$@") || true
}

# The names in a result file as -F regexes matching exactly them, with -f
# for their files, which keeps out the "delete field" mutants of the others.
as_filters() {
  [ -f "$1" ] || return 0
  sed 's/[][\.*^$(){}?+|]/\\&/g' "$1" | while IFS= read -r name; do
    printf '%s\n' -F "^$name\$"
  done
  cut -d: -f1 "$1" | sort -u | while IFS= read -r file; do
    printf '%s\n' -f "$file"
  done
}

sync_tree
mkdir -p "$out"
# A group (or the second pass) that finished in $out is not run again, so a
# stopped run goes on where it stopped.
cp "${MUTANTS_MISSED:-/dev/null}" "$out/first-missed.txt"
for g in "${groups[@]}"; do
  if [ -f "$out/$g/done" ]; then
    cat "$out/$g/mutants.out/missed.txt" >>"$out/first-missed.txt" 2>/dev/null || true
    continue
  fi
  group_tests="${g}_tests[@]"
  mapfile -t tests < <(one_crate "$g" "${!group_tests}")
  # The group's tests on the unmutated tree: they must pass.
  packages=rowkey-core,rowkey
  selected=(-p rowkey-core -p rowkey)
  if [ "$g" = noalloc ]; then
    packages=rowkey-core
    selected=(-p rowkey-core)
  fi
  baseline "${selected[@]}" "${tests[@]}"
  mapfile -t f < <(filters "$g")
  group_skip="${g}_skip[@]"
  skip=()
  for name in ${!group_skip+"${!group_skip}"}; do skip+=(--cargo-test-arg=--skip="$name"); done
  [ ${#skip[@]} -eq 0 ] || skip=(--cargo-test-arg=-- "${skip[@]}")
  # A group's suites take 2-10 s unmutated, up to 30 s beside other builds.
  run "$g" 60 "${sharding[@]}" "${f[@]}" "${tests[@]/#/--cargo-arg=}" "${skip[@]}" "$@"
  cat "$out/$g/mutants.out/missed.txt" >>"$out/first-missed.txt" 2>/dev/null || true
  touch "$out/$g/done"
done

# Every integration suite of rowkey and rowkey-core but `ui` (trybuild: the
# derive's compile errors, minutes per run) and `examples` (runs the example
# programs), with the unit tests.
every_test() {
  local t
  echo --lib
  for t in tests/*.rs tests/*/main.rs rowkey-core/tests/*.rs; do
    t=${t%/main.rs}
    t=${t%.rs}
    t=${t##*/}
    case $t in ui | examples) ;; *) echo "--test=$t" ;; esac
  done
}

# The second pass: what the groups' tests missed, against every suite.
packages=rowkey-core,rowkey
if [ "${MUTANTS_SECOND_PASS:-yes}" = no ]; then
  rm -rf "${out:?}/second"
elif [ -s "$out/first-missed.txt" ] && [ ! -f "$out/second/done" ]; then
  mapfile -t f < <(as_filters "$out/first-missed.txt")
  mapfile -t every < <(every_test)
  mapfile -t every < <(one_crate every "${every[@]}")
  # Every suite takes 40 s unmutated, twice that beside other builds.
  run second 300 "${f[@]}" "${every[@]/#/--cargo-arg=}"
  touch "$out/second/done"
fi

# Each mutant's outcome: the first pass's, or the second's for what the first
# missed. Only the first pass's misses count from the second: its "delete
# field" mutants came through the filters whether a group took them or not.
first_lists() { local g; for g in "${groups[@]}"; do cat "$out/$g/mutants.out/$1.txt" 2>/dev/null || true; done; }
second_of() {
  if [ -f "$out/second/mutants.out/$1.txt" ]; then
    grep -Fxf "$out/first-missed.txt" "$out/second/mutants.out/$1.txt" || true
  fi
}
result=$out/result
mkdir -p "$result"
first_lists unviable >"$result/unviable.txt"
{ first_lists caught; second_of caught; } >"$result/caught.txt"
{ first_lists timeout; second_of timeout; } >"$result/timeout.txt"
cat "$result/caught.txt" "$result/timeout.txt" | grep -vFxf - "$out/first-missed.txt" >"$result/missed.txt" || true
scripts/mutants-total.sh "$result"
