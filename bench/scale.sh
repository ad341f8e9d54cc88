#!/usr/bin/env bash
# Growth from 1 000 to 100 000 hosts: the hierarchical farm on 10 clusters of a sub-master and W workers
# (W = 100 ... 10 000, so 1 010 ... 100 010 hosts and about 2 W + 4 actors per cluster), 10 tasks per worker (a
# million at the top), links fast enough that the run stays computation-bound (1 GBps in the clusters, 100 MBps
# between them, S = 3). Each size runs through isogrid and through bench/bare_farm.cpp with the same settings
# (past 15 000 hosts isogrid chooses contexts/guard-size:0 and contexts/stack-size:64 itself; the bare program is
# given them), interleaved, each round starting with the other; both must give the same makespan. Writes bench/results/scale.csv (wall seconds, peak
# resident MiB, bytes per host and per actor) and bench/results/scale.png (log-log growth, isogrid and bare).
# Usage: bash bench/scale.sh [build-dir] [rounds]    (SIZES="100 1000" to choose W; another binary: ISOGRID=path)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 1 "$@"
BARE="$BUILD/bench/bench_bare_farm"
SIZES=${SIZES:-"100 300 1000 3000 10000"}
CLUSTERS=10
RESULTS=bench/results
mkdir -p "$RESULTS"
trap 'rm -rf "$OUT"' EXIT

measure() {  # prints "wall_seconds peak_MiB" of a command (its children included)
  /usr/bin/time -f "%e %M" -o "$OUT/time" "$@" > "$OUT/stdout" 2> "$OUT/stderr" || { cat "$OUT/stderr" >&2; exit 1; }
  awk '{printf "%.3f %.1f\n", $1, $2 / 1024}' "$OUT/time"
}

platform() {  # platform W: 10 clusters of 1 + W hosts
  echo "name: scale"
  echo "clusters:"
  for c in $(seq 0 $((CLUSTERS - 1))); do
    echo "  - {name: c$c, hosts: $(($1 + 1)), speed: 1Gf, link: {bandwidth: 1GBps, latency: 100us}}"
  done
  echo "inter_cluster: {bandwidth: 100MBps, latency: 50ms}"
}

echo "hosts,actors,tool,round,wall_s,peak_mib,makespan" > "$RESULTS/scale.csv"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for w in $SIZES; do
  hosts=$((CLUSTERS * (w + 1)))
  actors=$((2 * CLUSTERS * w + 4 * (CLUSTERS - 1) + 1))  # worker + relay each; 4 per sub-cluster; the master
  tasks=$((10 * CLUSTERS * w))
  platform "$w" > "$OUT/platform.yaml"
  printf 'model: hierarchical-farm\nmode: simulate\nparameters: {platform: platform.yaml, tasks: %s, aggregation: 3}\nplots: []\n' \
    "$tasks" > "$OUT/farm.yaml"
  cfg=()
  [ "$hosts" -gt 15000 ] && cfg=(--cfg=contexts/guard-size:0 --cfg=contexts/stack-size:64)
  for r in $(seq "$ROUNDS"); do
    # The first of two runs after a large process pays for the kernel reclaiming its memory (up to a fifth more
    # CPU at 30 000 hosts): odd rounds start with isogrid, even rounds with the bare program.
    if [ $((r % 2)) = 0 ]; then
      read -r bw bm < <(measure "$BARE" "$CLUSTERS" "$w" "$tasks" 3 1e9 1e8 "${cfg[@]}")
      bmk=$(python3 -c "import sys; print(repr(float(open(sys.argv[1]).read())))" "$OUT/stdout")
    fi
    read -r iw im < <(measure "$ISOGRID" run "$OUT/farm.yaml" --out "$OUT/isogrid" --force --no-plot --no-progress)
    imk=$(python3 -c "import csv,sys; print(repr(float(next(csv.DictReader(open(sys.argv[1])))['sim_makespan'])))" \
      "$OUT/isogrid/results.csv")
    if [ $((r % 2)) = 1 ]; then
      read -r bw bm < <(measure "$BARE" "$CLUSTERS" "$w" "$tasks" 3 1e9 1e8 "${cfg[@]}")
      bmk=$(python3 -c "import sys; print(repr(float(open(sys.argv[1]).read())))" "$OUT/stdout")
    fi
    [ "$imk" = "$bmk" ] || { echo "makespans differ at $hosts hosts: isogrid $imk, bare $bmk" >&2; exit 1; }
    echo "$hosts,$actors,isogrid,$r,$iw,$im,$imk" >> "$RESULTS/scale.csv"
    echo "$hosts,$actors,bare,$r,$bw,$bm,$bmk" >> "$RESULTS/scale.csv"
    echo "  $hosts hosts, $actors actors, $tasks tasks: isogrid $iw s $im MiB; bare $bw s $bm MiB;" \
      "makespan $imk s (load $(cut -d' ' -f1 /proc/loadavg))"
  done
done

/usr/bin/python3 - "$RESULTS/scale.csv" "$RESULTS/scale.png" << 'EOF'
import csv, statistics, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = list(csv.DictReader(open(sys.argv[1])))
fig, (wall, mem) = plt.subplots(1, 2, figsize=(10, 4))
for tool, style in (("isogrid", "o-"), ("bare", "s--")):
    sizes = sorted({int(r["hosts"]) for r in rows if r["tool"] == tool})
    med = lambda key, h: statistics.median(float(r[key]) for r in rows if r["tool"] == tool and int(r["hosts"]) == h)
    label = "isogrid" if tool == "isogrid" else "bare S4U program"
    wall.plot(sizes, [med("wall_s", h) for h in sizes], style, label=label)
    mem.plot(sizes, [med("peak_mib", h) for h in sizes], style, label=label)
    for h in sizes:
        actors = next(int(r["actors"]) for r in rows if int(r["hosts"]) == h)
        print(f"{tool:8} {h:7} hosts {actors:7} actors: {med('wall_s', h):8.2f} s {med('peak_mib', h):9.1f} MiB, "
              f"{med('peak_mib', h) * 2**20 / h / 1024:7.1f} KiB per host, "
              f"{med('peak_mib', h) * 2**20 / actors / 1024:6.1f} KiB per actor")
for ax, what in ((wall, "wall time (s)"), (mem, "peak resident memory (MiB)")):
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("hosts (10 clusters; 10 tasks per worker)")
    ax.set_ylabel(what)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
fig.suptitle("Hierarchical farm from 1 000 to 100 000 hosts")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=120)
print("plot:", sys.argv[2])
EOF
