#!/usr/bin/env bash
# What a sweep pays for its platform (issue 40): small DLT points on SimGrid XML clusters-of-clusters of 1 000,
# 10 000 and 100 000 hosts (bench/make_cluster_platform.py), through isogrid (dlt-star on the platform file: c0-0
# serves the four hosts after it; the points share the platform through a fork server) against
# bench/bare_fork_sweep.cpp, the fork-per-point loop that loads the platform in each child and serves the same hosts,
# and, when BEFORE names it, an isogrid built before fork servers. Interleaved, --jobs 1.
#
# isogrid runs ISO_POINTS points and, to separate what it pays once per sweep (the platform check's load, the
# server's load and its huge pages) from what it pays per point, the same sweep with BASE_POINTS points: per point =
# (T(N) - T(base)) / (N - base), once per sweep = T(base) - base * per point. Both counts are above the 64 starts from
# which a server backs its memory with huge pages (simulator/process/fork_memory.hpp), so both sweeps prepare alike.
# The bare loop and BEFORE load the platform at every point, so they run BARE_POINTS points and their cost per point
# is T / N. Reported: median [min..max] over the rounds (wall time).
# Usage: bash bench/platform_sweep.sh [build-dir] [rounds]
#   ISO_POINTS="1000 1000 1000", BASE_POINTS=100, BARE_POINTS="200 100 4" (per size, each >= 2), BEFORE=binary,
#   SIZES="1000 10000 100000"
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 3 "$@"
BARE="$BUILD/bench/bench_bare_fork_sweep"
BEFORE=${BEFORE:-}
read -r -a ISO_POINTS <<< "${ISO_POINTS:-1000 1000 1000}"
BASE=${BASE_POINTS:-100}
read -r -a BARE_POINTS <<< "${BARE_POINTS:-200 100 4}"
read -r -a SIZES <<< "${SIZES:-1000 10000 100000}"
trap 'rm -rf "$OUT"' EXIT

measure() {  # prints "cpu_seconds wall_seconds" of a command (its children included)
  /usr/bin/time -f "%U %S %e" -o "$OUT/time" "$@" > "$OUT/stdout" 2> "$OUT/stderr" || { cat "$OUT/stderr" >&2; exit 1; }
  awk '{printf "%.3f %.3f\n", $1 + $2, $3}' "$OUT/time"
}

sweep() {  # sweep FILE POINTS PLATFORM: an experiment of POINTS small DLT points on PLATFORM
  cat > "$1" <<YAML
title: "bench: $2 DLT points on a platform file"
model: dlt-star
mode: simulate
parameters: {platform: $3, originator: c0-0, m: 4, unit_flops: 1}
sweep:
  V: {logspace: [7, 10, $2]}
plots: []
YAML
}

run_isogrid() {  # run_isogrid BINARY EXPERIMENT
  measure "$1" run "$2" --out "$OUT/run" --force --jobs 1 --no-plot --no-progress
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| hosts | isogrid once per sweep, s | isogrid per point, ms | bare per point, ms | before per point, ms | bare / isogrid per point | isogrid's $((ISO_POINTS[0])) points / bare's |"
echo "|---|---|---|---|---|---|---|"
for k in "${!SIZES[@]}"; do
  size=${SIZES[$k]}
  n=${ISO_POINTS[$k]}; nb=${BARE_POINTS[$k]}
  python3 bench/make_cluster_platform.py $((size / 1000 > 10 ? 100 : 10)) $((size / (size / 1000 > 10 ? 100 : 10))) \
    "$OUT/p$size.xml"
  sweep "$OUT/n-$size.yaml" "$n" "$OUT/p$size.xml"
  sweep "$OUT/base-$size.yaml" "$BASE" "$OUT/p$size.xml"
  sweep "$OUT/b-$size.yaml" "$nb" "$OUT/p$size.xml"
  rm -f "$OUT"/{once,per,bare,before,ratio,total}
  echo "== $size hosts: isogrid $n points (and $BASE), bare $nb points${BEFORE:+, before $nb points}" >&2
  for r in $(seq "$ROUNDS"); do
    read -r _ w1 < <(run_isogrid "$ISOGRID" "$OUT/base-$size.yaml")
    read -r _ wn < <(run_isogrid "$ISOGRID" "$OUT/n-$size.yaml")
    read -r _ wb < <(measure "$BARE" "$OUT/bare.csv" "$nb" 1 "$OUT/p$size.xml")
    per=$(awk -v a="$wn" -v b="$w1" -v n="$n" -v k="$BASE" 'BEGIN {print 1000 * (a - b) / (n - k)}')  # ms
    bare=$(awk -v a="$wb" -v n="$nb" 'BEGIN {print 1000 * a / n}')
    awk -v a="$w1" -v p="$per" -v k="$BASE" 'BEGIN {print a - k * p / 1000}' >> "$OUT/once"
    echo "$per" >> "$OUT/per"; echo "$bare" >> "$OUT/bare"
    awk -v a="$bare" -v b="$per" 'BEGIN {print a / b}' >> "$OUT/ratio"
    awk -v a="$wn" -v b="$bare" -v n="$n" 'BEGIN {print 1000 * a / (b * n)}' >> "$OUT/total"
    line="  round $r: isogrid $BASE points $w1 s, $n points $wn s; bare $nb points $wb s"
    if [ -n "$BEFORE" ]; then
      read -r _ wo < <(run_isogrid "$BEFORE" "$OUT/b-$size.yaml")
      awk -v a="$wo" -v n="$nb" 'BEGIN {print 1000 * a / n}' >> "$OUT/before"
      line="$line; before $nb points $wo s"
    fi
    echo "$line (load $(cut -d' ' -f1 /proc/loadavg))" >&2
  done
  before_cell="-"
  [ -n "$BEFORE" ] && before_cell=$(stat < "$OUT/before")
  echo "| $size | $(stat < "$OUT/once") | $(stat < "$OUT/per") | $(stat < "$OUT/bare") | $before_cell | $(stat < "$OUT/ratio") | $(stat < "$OUT/total") |"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
