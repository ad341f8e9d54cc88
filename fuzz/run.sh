#!/usr/bin/env bash
# Builds the fuzz targets with clang (everything instrumented with libFuzzer, AddressSanitizer and UBSan) into
# BUILD_DIR, replays every regression case kept in fuzz/regressions/, then fuzzes each target for SECONDS.
#
#   bash fuzz/run.sh [BUILD_DIR] [SECONDS]      (defaults: build-fuzz, 60 per target)
#
# Seeds: the shipped experiments, platforms and bad inputs, and fuzz/seeds/. What a run learns (its corpus) stays in
# BUILD_DIR/corpus and grows run after run. An input that crashes, hangs or blows up is copied to
# fuzz/regressions/<target>/ and the script fails: fix the reader, and commit the file, which every later run
# replays first.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
build="${1:-$repo/build-fuzz}"
seconds="${2:-60}"

if ! command -v clang++ >/dev/null; then
  echo "fuzz/run.sh: clang++ not found (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
CC=clang CXX=clang++ cmake -S "$repo" -B "$build" -DISOGRID_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$(nproc)" --target fuzz_experiment_reader fuzz_grid_spec fuzz_where >/dev/null

source "$here/seeds.sh"

status=0
for target in fuzz_experiment_reader fuzz_grid_spec fuzz_where; do
  bin="$build/fuzz/$target"
  regressions="$here/regressions/$target"
  corpus="$build/corpus/$target"
  seeds="$build/seeds/$target"
  artifacts="$build/artifacts/$target"
  mkdir -p "$regressions" "$corpus" "$artifacts"
  gather_seeds "$target" "$seeds"

  kept=$(find "$regressions" -type f | wc -l)
  if [ "$kept" -gt 0 ]; then
    echo "$target: replaying $kept regression case(s)"
    find "$regressions" -type f -print0 | xargs -0 "$bin" -rss_limit_mb=4096 -timeout=30 >"$build/$target.replay.log" 2>&1 || {
      echo "$target: a regression case fails again; see $build/$target.replay.log" >&2
      status=1
      continue
    }
  fi

  echo "$target: fuzzing for $seconds s"
  if ! "$bin" "$corpus" "$seeds" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
       -artifact_prefix="$artifacts/" >"$build/$target.log" 2>&1; then
    for a in "$artifacts"/*; do
      [ -f "$a" ] && cp "$a" "$regressions/" && echo "$target: found $(basename "$a"), kept in fuzz/regressions/$target/" >&2
    done
    tail -40 "$build/$target.log" >&2
    status=1
    continue
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/$target.log" | grep -o '[0-9]*$' || echo '?')
  cov=$(grep -o 'cov: [0-9]*' "$build/$target.log" | tail -1 | grep -o '[0-9]*' || echo '?')
  echo "$target: $runs inputs, $cov coverage edges, no crash (corpus: $(find "$corpus" -type f | wc -l) files)"
done
exit $status
