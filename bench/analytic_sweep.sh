#!/usr/bin/env bash
# An analytic sweep of a million DLT points through isogrid (bench/sweep-dlt-predict.yaml, the whole command:
# load and validate every point, decode, solve, format, write results.csv and run.json) against the hand-written
# loop of bench/bare_analytic_sweep.cpp, run interleaved (isogrid, bare, isogrid, ...) so that both see the same
# machine. Prints each run and the medians [min..max] of the wall times and the points per second, with the load
# average before and after.
# Usage: bash bench/analytic_sweep.sh [build-dir] [rounds]
#   ISOGRID=path: another isogrid binary; BEFORE=path: an older one, run in the same rounds for a before/after ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 7 "$@"
BARE="$BUILD/bench/bench_bare_analytic_sweep"
trap 'rm -rf "$OUT"' EXIT

seconds() {  # wall seconds of a command
  local t0 t1
  t0=$(date +%s.%N)
  "$@" > /dev/null
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$ROUNDS"); do
  if [ -n "${BEFORE:-}" ]; then
    z=$(seconds "$BEFORE" run bench/sweep-dlt-predict.yaml --out "$OUT/before" --force --no-plot --no-progress)
    echo "$z" >> "$OUT/before.s"
    echo "round $i: before $z s"
  fi
  a=$(seconds "$ISOGRID" run bench/sweep-dlt-predict.yaml --out "$OUT/isogrid" --force --no-plot --no-progress)
  b=$(seconds "$BARE" "$OUT/bare.csv" 1000000)
  echo "$a" >> "$OUT/isogrid.s"
  echo "$b" >> "$OUT/bare.s"
  echo "round $i: isogrid $a s, bare $b s"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -n "${BEFORE:-}" ] && echo "before:  $(stat < "$OUT/before.s") s for 1e6 points"
echo "isogrid: $(stat < "$OUT/isogrid.s") s for 1e6 points"
echo "bare:    $(stat < "$OUT/bare.s") s for 1e6 points"
paste "$OUT/isogrid.s" "$OUT/bare.s" | awk '{print $1 / $2}' | stat | sed 's/^/ratio isogrid\/bare: /'
echo
[ -n "${BEFORE:-}" ] && paste "$OUT/isogrid.s" "$OUT/before.s" | awk '{print $1 / $2}' | stat | sed 's/^/ratio isogrid\/before: /'
echo
