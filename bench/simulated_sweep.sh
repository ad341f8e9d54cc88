#!/usr/bin/env bash
# A simulated sweep of 2 000 DLT points through isogrid (bench/sweep-dlt-m10-2000.yaml: one forked SimGrid child per
# point) against bench/bare_fork_sweep.cpp, the fork-per-point loop a researcher would write by hand, building the
# same 10-worker star. Interleaved (isogrid, bare, isogrid, ...) with --jobs 1 and 2, on a quiet machine and on one
# kept busy by two CPU hogs (`yes`, at the same priority). Reports the CPU seconds (user + system, children
# included) and the wall seconds, median [min..max], and the ratio isogrid / bare per round.
# Usage: bash bench/simulated_sweep.sh [build-dir] [rounds]    (another isogrid binary: ISOGRID=path)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 5 "$@"
BARE="$BUILD/bench/bench_bare_fork_sweep"
HOGS=()
cleanup() {
  for pid in "${HOGS[@]}"; do kill "$pid" 2> /dev/null || true; done
  rm -rf "$OUT"
}
trap cleanup EXIT

measure() {  # prints "cpu_seconds wall_seconds" of a command (its children included)
  /usr/bin/time -f "%U %S %e" -o "$OUT/time" "$@" > /dev/null 2>&1
  awk '{printf "%.3f %.3f\n", $1 + $2, $3}' "$OUT/time"
}

for machine in quiet busy; do
  if [ "$machine" = busy ]; then
    for _ in 1 2; do yes > /dev/null & HOGS+=($!); done
  fi
  for jobs in 1 2; do
    : > "$OUT/i" ; : > "$OUT/b"
    echo "== $machine machine, --jobs $jobs (load $(cut -d' ' -f1 /proc/loadavg))"
    for r in $(seq "$ROUNDS"); do
      read -r ic iw < <(measure "$ISOGRID" run bench/sweep-dlt-m10-2000.yaml --out "$OUT/isogrid" --force --jobs "$jobs" \
        --no-plot --no-progress)
      read -r bc bw < <(measure "$BARE" "$OUT/bare.csv" 2000 "$jobs")
      echo "$ic $iw $bc $bw" >> "$OUT/rounds"
      echo "$ic $bc" | awk '{print $1 / $2}' >> "$OUT/ratio"
      echo "$ic" >> "$OUT/i"; echo "$bc" >> "$OUT/b"
      echo "  round $r: isogrid cpu $ic s wall $iw s; bare cpu $bc s wall $bw s"
    done
    echo "  isogrid cpu: $(stat < "$OUT/i") s   bare cpu: $(stat < "$OUT/b") s   ratio: $(stat < "$OUT/ratio")"
    rm -f "$OUT/ratio"
  done
  for pid in "${HOGS[@]}"; do kill "$pid" 2> /dev/null || true; done
  HOGS=()
done
