#!/usr/bin/env bash
# Replays every kept regression case and every seed input (fuzz/seeds.sh) through each fuzz target's reader, built
# by the ordinary build without libFuzzer (replay_<target>), then mutates them blindly for SECONDS per target. The
# ctest `fuzz_replay` (part of `make test`, and of the sanitizer run in CI); long, coverage-guided fuzzing with clang
# and libFuzzer is `make fuzz` (fuzz/run.sh). An input that crashes is kept in fuzz/regressions/<target>/.
#
#   bash fuzz/replay.sh BIN_DIR [SECONDS]      (default 10 s per target; ctest gives 5)
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
bin_dir="$1"
seconds="${2:-10}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source "$here/seeds.sh"

status=0
for target in fuzz_experiment_reader fuzz_grid_spec fuzz_where; do
  gather_seeds "$target" "$work/$target"
  "$bin_dir/replay_$target" "$here/regressions/$target" "$work/$target" --mutate "$seconds" >"$work/$target.log" 2>&1 &
  pid=$!
  if wait "$pid"; then
    echo "$target: $(tr '\n' ' ' <"$work/$target.log")"
  else
    status=1
    for input in /tmp/isogrid-fuzz-"$pid".*; do
      [ -f "$input" ] || continue
      kept="$here/regressions/$target/replay-$(sha1sum <"$input" | cut -c1-16).${input##*.}"
      cp "$input" "$kept"
      echo "$target: crashed on an input, kept as ${kept#"$repo"/}" >&2
    done
    tail -30 "$work/$target.log" >&2
  fi
  rm -f /tmp/isogrid-fuzz-"$pid".*
done
exit $status
