#!/usr/bin/env bash
# Measures isogrid's throughput and memory on this machine and writes bench/results/latest.md.
# Usage: bash bench/run.sh [build-dir]       (make bench builds first, then calls this)
# Each timing is repeated (REPEAT, default 5) and reported as median [min..max]: on shared or virtual machines
# single runs vary by a third or more.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
REPEAT=${REPEAT:-5}
ISOGRID="$BUILD/isogrid"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
mkdir -p bench/results
REPORT=bench/results/latest.md

stat() {  # median [min..max] of the numbers on stdin
  sort -g | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.0f [%.0f..%.0f]", m, a[1], a[NR]}'
}
wall() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['wall_s'])" "$1/run.json"; }

{
  echo "# isogrid benchmark results"
  echo
  echo "Measured $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)),"
  echo "isogrid $("$ISOGRID" --version | awk '{print $2}'), SimGrid $(pkg-config --modversion simgrid); median [min..max] of $REPEAT runs."
  echo
} > "$REPORT"

echo "== DLT solver (Google Benchmark)"
"$BUILD/bench/bench_dlt_solver" --benchmark_min_time=0.5 | tee "$OUT/solver.txt"
{
  echo "## Analytic solver (bench_dlt_solver)"
  echo
  echo '```'
  grep -E "^Solve" "$OUT/solver.txt"
  echo '```'
  echo
} >> "$REPORT"

echo "== analytic sweep through the harness (1e6 points, in-process)"
for i in $(seq "$REPEAT"); do
  "$ISOGRID" run bench/sweep-dlt-predict.yaml --out "$OUT/predict" --force --no-plot --no-progress > /dev/null
  python3 -c "print(1e6 / $(wall "$OUT/predict"))"
done | stat > "$OUT/predict.rate"
echo "points/s: $(cat "$OUT/predict.rate")"

echo "== simulated sweep throughput (dlt-star, m = 10, 6000 points)"
for jobs in 1 2; do
  for i in $(seq "$REPEAT"); do
    "$ISOGRID" run bench/sweep-dlt-m10.yaml --out "$OUT/sim$jobs" --force --jobs "$jobs" --no-plot --no-progress > /dev/null
    python3 -c "print(6000 / $(wall "$OUT/sim$jobs"))"
  done | stat > "$OUT/sim$jobs.rate"
  echo "jobs $jobs: $(cat "$OUT/sim$jobs.rate") points/s"
done
{
  echo "## Sweep throughput"
  echo
  echo "| sweep | points/s |"
  echo "|---|---|"
  echo "| analytic dlt-star (m = 10), 1e6 points, in-process, rows written | $(cat "$OUT/predict.rate") |"
  echo "| simulated dlt-star (m = 10), 6000 points, --jobs 1 | $(cat "$OUT/sim1.rate") |"
  echo "| simulated dlt-star (m = 10), 6000 points, --jobs 2 | $(cat "$OUT/sim2.rate") |"
  echo
} >> "$REPORT"

echo "== harness overhead on a 1000-worker star (20 points vs 20 runs of a bare S4U program)"
for i in $(seq "$REPEAT"); do
  "$ISOGRID" run bench/star-1000.yaml --out "$OUT/star" --force --jobs 1 --no-plot --no-progress > /dev/null
  python3 -c "print(1000 * $(wall "$OUT/star") / 20)"
done | stat > "$OUT/star.isogrid"
for i in $(seq "$REPEAT"); do
  start=$(date +%s.%N)
  for k in $(seq 20); do "$BUILD/bench/bench_bare_star" 1000 > /dev/null; done
  python3 -c "import time; print(1000 * (time.time() - $start) / 20)"
done | stat > "$OUT/star.bare"
echo "ms per point: isogrid $(cat "$OUT/star.isogrid"), bare S4U $(cat "$OUT/star.bare")"
{
  echo "## Harness overhead, 1000-worker star"
  echo
  echo "| | ms per simulated point |"
  echo "|---|---|"
  echo "| isogrid sweep (fork per point, both phases, row written) | $(cat "$OUT/star.isogrid") |"
  echo "| bare S4U program (exec per run, same schedule) | $(cat "$OUT/star.bare") |"
  echo
} >> "$REPORT"

echo "== parent memory over a 100 000-point simulated sweep (--jobs 2)"
"$ISOGRID" run bench/sweep-dlt-m10.yaml --out "$OUT/mem" --force --jobs 2 --no-plot --no-progress \
  --set 'V={logspace: [4, 10, 100000]}' > /dev/null &
pid=$!
: > "$OUT/rss"
while kill -0 "$pid" 2> /dev/null; do
  # The pid is the re-exec'd isogrid itself (exec keeps the pid); children are separate processes.
  rows=$( (wc -l < "$OUT/mem/results.csv") 2> /dev/null || echo 0)
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null || true)
  [ -n "$rss" ] && echo "$rows $rss" >> "$OUT/rss"
  sleep 2
done
wait "$pid"
python3 - "$OUT/rss" >> "$REPORT" << 'PY'
import sys
samples = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
samples = [s for s in samples if s[0] > 1]
first, last = samples[0], samples[-1]
peak = max(s[1] for s in samples)
print("## Parent memory over a 100 000-point simulated sweep (--jobs 2)\n")
print("| rows written | parent RSS (MiB) |\n|---|---|")
step = max(1, len(samples) // 8)
for rows, rss in samples[::step] + [last]:
    print(f"| {rows - 1} | {rss / 1024:.1f} |")
print(f"\nPeak {peak / 1024:.1f} MiB; growth from the first to the last sample {(last[1] - first[1]) / 1024:+.1f} MiB.\n")
PY
tail -n 16 "$REPORT"
echo "written: $REPORT"
