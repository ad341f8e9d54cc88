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
# CPU time the hypervisor gave to other guests (the 'steal' column of /proc/stat, in 1/100 s): on a virtual machine,
# a slow run with much steal says more about the neighbours than about isogrid.
steal_ticks() { awk '/^cpu / {print $9}' /proc/stat; }
STEAL_START=$(steal_ticks)
WALL_START=$(date +%s)

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
  python3 -c "print(1000 * $(wall "$OUT/star") / 20)" >> "$OUT/star.isogrid.sweep"
  # wall_s of a row: from fork to result, i.e. the point's whole cost inside the sweep.
  python3 -c "import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); print(1000*sum(float(x['wall_s']) for x in r)/len(r))" \
    "$OUT/star/results.csv" >> "$OUT/star.isogrid.point"
  start=$(date +%s.%N)
  for k in $(seq 20); do "$BUILD/bench/bench_bare_star" 1000 | sed 's/.*elapsed_ms=//' >> "$OUT/star.bare.inside"; done
  python3 -c "import time; print(1000 * (time.time() - $start) / 20)" >> "$OUT/star.bare.process"
done
for f in isogrid.sweep isogrid.point bare.process bare.inside; do stat < "$OUT/star.$f" > "$OUT/star.$f.stat"; done
echo "ms per point: isogrid $(cat "$OUT/star.isogrid.point.stat") (sweep $(cat "$OUT/star.isogrid.sweep.stat")), bare S4U $(cat "$OUT/star.bare.inside.stat") (process $(cat "$OUT/star.bare.process.stat"))"
{
  echo "## Harness overhead, 1000-worker star"
  echo
  echo "| | ms per simulated point |"
  echo "|---|---|"
  echo "| isogrid, one point inside a sweep (fork to result: engine, platform, partition, both schedules, result) | $(cat "$OUT/star.isogrid.point.stat") |"
  echo "| bare S4U program, inside the process (engine, platform, both schedules) | $(cat "$OUT/star.bare.inside.stat") |"
  echo "| isogrid sweep wall time / points (rows written, run.json, start-up amortised) | $(cat "$OUT/star.isogrid.sweep.stat") |"
  echo "| bare S4U program as a process (exec, start-up, simulation) | $(cat "$OUT/star.bare.process.stat") |"
  echo
} >> "$REPORT"

echo "== LBM (Korkhov): the largest point and the whole DAS-2 sweep"
peak() { python3 -c "import json,sys; d=json.load(open(sys.argv[1]+'/run.json')); print(d['peak_rss_mib'][sys.argv[2]])" "$1" "$2"; }
# timed_run NAME PEAK FILE [ARGS...]: one run of FILE into $OUT/NAME; appends its wall time to NAME.wall and the peak
# memory of PEAK ("harness" or "largest_simulation") to NAME.rss.
timed_run() {
  local name=$1 which=$2 file=$3
  shift 3
  "$ISOGRID" run "$file" --out "$OUT/$name" --force --no-plot --no-progress "$@" > /dev/null
  wall "$OUT/$name" >> "$OUT/$name.wall"
  peak "$OUT/$name" "$which" >> "$OUT/$name.rss"
}
# table_head TITLE: a section of the report with a wall time / peak memory table.
table_head() { printf '## %s\n\n| run | wall time | peak memory |\n|---|---|---|\n' "$1"; }
for i in $(seq "$REPEAT"); do
  timed_run lbm-largest largest_simulation bench/lbm-largest.yaml
  timed_run lbm-sweep harness experiments/korkhov2009/das2-sweep.yaml --jobs 2
done
ms() { awk '{print 1000 * $1}'; }
{
  table_head "LBM grid speedup (Korkhov)"
  echo "| largest point: C = 5, p = 32, N_x = 512, N_y = 50, K = 100 on DAS-2, with its 5 references and one-processor run | $(ms < "$OUT/lbm-largest.wall" | stat) ms | child $(stat < "$OUT/lbm-largest.rss") MiB |"
  echo "| whole DAS-2 sweep, 560 points, --jobs 2 | $(ms < "$OUT/lbm-sweep.wall" | stat) ms | parent $(stat < "$OUT/lbm-sweep.rss") MiB |"
  echo
} >> "$REPORT"
tail -n 6 "$REPORT"

echo "== hierarchical farm (Argollo): the whole Table 2 study and a 100-cluster x 100-worker farm"
for i in $(seq "$REPEAT"); do
  timed_run farm-t2 largest_simulation experiments/argollo/table2-all-resources.yaml --jobs 1
done
# One run of the large farm is half a minute: three are enough for a median.
for i in $(seq "$(( REPEAT < 3 ? REPEAT : 3 ))"); do
  timed_run farm-large largest_simulation bench/farm-large.yaml
done
{
  table_head "Hierarchical master-worker farm (Argollo)"
  echo "| Table 2 study: 8 points (2 Internet throughputs x 4 rows), each simulating the 500-task farm on the testbed, --jobs 1 | $(ms < "$OUT/farm-t2.wall" | stat) ms | child $(stat < "$OUT/farm-t2.rss") MiB |"
  echo "| 100 clusters x 100 workers, 100 000 tasks, S = 3 (bench/farm-large.yaml), one point | $(stat < "$OUT/farm-large.wall") s | child $(stat < "$OUT/farm-large.rss") MiB |"
  echo
} >> "$REPORT"
tail -n 6 "$REPORT"

echo "== GpH runtime (Al Zain): parFib on 16 PEs and 1.3 million sparks on 1 000 PEs"
for i in $(seq "$REPEAT"); do
  timed_run gph-16 largest_simulation bench/gph-parfib-16.yaml
done
for i in $(seq "$(( REPEAT < 3 ? REPEAT : 3 ))"); do
  timed_run gph-1m largest_simulation bench/gph-1m-sparks.yaml
done
{
  table_head "GpH runtime (Al Zain)"
  echo "| parFib(41), threshold 19 (75 024 sparks), GRID-GUM1 on 16 Edin1 PEs (bench/gph-parfib-16.yaml), one point | $(ms < "$OUT/gph-16.wall" | stat) ms | child $(stat < "$OUT/gph-16.rss") MiB |"
  echo "| parFib(47), threshold 19 (1 346 268 sparks), GRID-GUM2 on 1 000 PEs in 10 clusters (bench/gph-1m-sparks.yaml), one point | $(stat < "$OUT/gph-1m.wall") s | child $(stat < "$OUT/gph-1m.rss") MiB |"
  echo
} >> "$REPORT"
tail -n 5 "$REPORT"

echo "== resource selection (Sanjay): Eq. 4.1 evaluations and each scheduler's rate on 1 024 machines"
"$BUILD/bench/bench_resource_selection" --benchmark_min_time=0.3 | tee "$OUT/selection.txt"
{
  echo "## Resource selection (bench_resource_selection)"
  echo
  echo '```'
  grep -E "^(Evaluate|Scheduler)" "$OUT/selection.txt"
  echo '```'
  echo
} >> "$REPORT"

echo "== rescheduling planners (Sanjay ch. 5): interval schedules, plans per second, the DAG optimum against brute force"
"$BUILD/bench/bench_rescheduling" --benchmark_min_time=0.3 | tee "$OUT/rescheduling.txt"
{
  echo "## Rescheduling planners (bench_rescheduling)"
  echo
  echo '```'
  grep -E "^(every_interval|planner)" "$OUT/rescheduling.txt"
  echo '```'
  echo
} >> "$REPORT"

echo "== performance-model construction (Sanjay ch. 3): the staged search on 60 runs, a refit, an adaptive forecast"
"$BUILD/bench/bench_modelling" --benchmark_min_time=0.5 | tee "$OUT/modelling.txt"
{
  echo "## Performance-model construction (bench_modelling)"
  echo
  echo '```'
  grep -E "^(staged_search|refit_after|adaptive_forecast)" "$OUT/modelling.txt"
  echo '```'
  echo
} >> "$REPORT"

echo "== batch queue: the NASA iPSC/860 log under each policy, and a bare EASY loop, interleaved"
"$BUILD/bench/bench_batch_queue" --benchmark_enable_random_interleaving=true --benchmark_repetitions="$REPEAT" \
  --benchmark_report_aggregates_only=true | tee "$OUT/batch.txt"
{
  echo "## Batch queue on the NASA log (bench_batch_queue; load $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo '```'
  grep -E "_median" "$OUT/batch.txt"
  echo '```'
  echo
} >> "$REPORT"

echo "== one simulated week of a MerITA stream on the Sec. 6.7 grid (five strategies, predicted face)"
bash bench/merita_week.sh "$BUILD" "$REPEAT" | tee "$OUT/merita.txt"
{
  echo "## One simulated week of MerITA (bench/merita_week.sh)"
  echo
  echo '```'
  grep -E "^(wall|cpu|peak)" "$OUT/merita.txt"
  echo '```'
  echo
} >> "$REPORT"

echo "== isoefficiency lines traced against a fixed grid (points per line for the same precision); laws fitted to 10 000 rows"
"$BUILD/bench/bench_isoefficiency" --benchmark_min_time=0.3 --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  | tee "$OUT/isoefficiency.txt"
{
  echo "## Isoefficiency lines and growth laws (bench_isoefficiency)"
  echo
  echo '```'
  grep -E "^(traced_line|fit_10000)" "$OUT/isoefficiency.txt"
  echo '```'
  echo
} >> "$REPORT"

echo "== one executed multi-cluster rescheduling run of Athena's 100 phases, against planning it alone (interleaved)"
for i in $(seq "$(( REPEAT < 3 ? REPEAT : 3 ))"); do
  timed_run resched-plan largest_simulation bench/rescheduling-executed-100.yaml --set mode=predict
  timed_run resched-exec largest_simulation bench/rescheduling-executed-100.yaml
done
{
  table_head "Executed rescheduling plans (Sanjay ch. 5)"
  echo "| Athena-100 on one drawn grid, four plans planned (mode: predict) | $(stat < "$OUT/resched-plan.wall") s | child $(stat < "$OUT/resched-plan.rss") MiB |"
  echo "| the same, planned and every plan executed on SimGrid (mode: both) | $(stat < "$OUT/resched-exec.wall") s | child $(stat < "$OUT/resched-exec.rss") MiB |"
  echo
} >> "$REPORT"
tail -n 5 "$REPORT"

echo "== a chapter 3 campaign on 48 hosts under random loading, against the same campaign dedicated (interleaved)"
sim_hours() { python3 -c "import csv,sys; print(next(csv.DictReader(open(sys.argv[1] + '/results.csv')))['sim_campaign_hours'])" "$1"; }
for i in $(seq "$(( REPEAT < 3 ? REPEAT : 3 ))"); do
  timed_run pm-dedicated largest_simulation bench/loaded-cluster-48.yaml --set cpu_load=dedicated \
    --set bandwidth_load=dedicated
  timed_run pm-loaded largest_simulation bench/loaded-cluster-48.yaml
  sim_hours "$OUT/pm-loaded" >> "$OUT/pm-loaded.hours"
  python3 -c "import sys; print(3600 * float(sys.argv[1]) / float(sys.argv[2]))" "$(sim_hours "$OUT/pm-loaded")" \
    "$(wall "$OUT/pm-loaded")" >> "$OUT/pm-loaded.rate"
done
{
  table_head "Loaded cluster (Sanjay ch. 3 campaign, MD on AMD-48)"
  echo "| 160 runs, dedicated | $(stat < "$OUT/pm-dedicated.wall") s | child $(stat < "$OUT/pm-dedicated.rss") MiB |"
  echo "| the same under random CPU and bandwidth loading, $(stat < "$OUT/pm-loaded.hours") simulated hours | $(stat < "$OUT/pm-loaded.wall") s | child $(stat < "$OUT/pm-loaded.rss") MiB |"
  echo
  echo "Simulated seconds per wall second under load: $(stat < "$OUT/pm-loaded.rate")."
  echo
} >> "$REPORT"
tail -n 6 "$REPORT"

echo "== harness overhead in instructions (callgrind; deterministic, unlike timings on a shared machine)"
if command -v valgrind > /dev/null && command -v callgrind_annotate > /dev/null; then
  cg="$OUT/callgrind"
  mkdir -p "$cg"
  # --dump-before=_Fork zeroes the parent's counters at each fork, so the child's file holds only its own work:
  # engine adoption, platform, partition, both schedules, the result written back.
  ISOGRID_LAZY_BINDING=1 valgrind --tool=callgrind --dump-before=_Fork --callgrind-out-file="$cg/iso.%p" \
    "$ISOGRID" run bench/star-1000.yaml --out "$OUT/cg-run" --force --jobs 1 --no-plot --no-progress --set V=1e11 \
    > /dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$cg/bare.out" "$BUILD/bench/bench_bare_star" 1000 > /dev/null 2>&1
  python3 - "$cg" >> "$REPORT" << 'PY'
import glob, os, re, subprocess, sys
cg = sys.argv[1]
def total(path):
    for line in open(path):
        if line.startswith("totals:"):
            return int(line.split()[1])
files = sorted(glob.glob(os.path.join(cg, "iso.*")))
parents = {f.rsplit(".", 1)[0] for f in files if re.search(r"iso\.\d+\.\d+$", f)}
child = [f for f in files if re.search(r"iso\.\d+$", f) and f not in parents][0]
parent_after = [f for f in files if f in parents][0]
annotate = subprocess.run(["callgrind_annotate", "--inclusive=yes", os.path.join(cg, "bare.out")],
                          capture_output=True, text=True).stdout
bare_main = int(re.search(r"([\d,]+) \([ \d.]+%\)\s+\?\?\?:main ", annotate).group(1).replace(",", ""))
bare_all = total(os.path.join(cg, "bare.out"))
point = total(child)
after = total(parent_after)
print("## Harness overhead, 1000-worker star, in instructions (callgrind)\n")
print("| | instructions |\n|---|---|")
print(f"| isogrid child for one point (fork to result) | {point / 1e6:.1f} M |")
print(f"| isogrid parent after the fork (row, run.json, reference check: an upper bound on per-point work) | {after / 1e6:.1f} M |")
print(f"| bare S4U program, main (engine, platform, both schedules) | {bare_main / 1e6:.1f} M |")
print(f"| bare S4U program, whole process (with dynamic loading and static initialisers) | {bare_all / 1e6:.1f} M |")
print(f"\nOverhead of the harness against the bare program's simulation: {100 * ((point + after) / bare_main - 1):+.1f} % "
      f"(at most; the parent's share is one-off work here). Against a bare process per point: "
      f"{100 * (point / bare_all - 1):+.1f} %.\n")
PY
  tail -n 10 "$REPORT"
else
  echo "valgrind not found: skipped" | tee -a "$REPORT"
fi

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
STOLEN=$(( $(steal_ticks) - STEAL_START ))
ELAPSED=$(( $(date +%s) - WALL_START ))
python3 -c "import sys; print(f'CPU time stolen by the hypervisor during the benchmark: {int(sys.argv[1]) / 100:.1f} s over {sys.argv[2]} s of wall time on {sys.argv[3]} cores.')" \
  "$STOLEN" "$ELAPSED" "$(nproc)" >> "$REPORT"
tail -n 16 "$REPORT"
echo "written: $REPORT"
