#!/usr/bin/env bash
# What a sweep pays for its platform (issue 40): small DLT points on SimGrid XML clusters-of-clusters of 1 000,
# 10 000 and 100 000 hosts (bench/make_cluster_platform.py), through isogrid (dlt-star on the platform file: c0-0
# serves the four hosts after it) against bench/bare_fork_sweep.cpp, the fork-per-point loop that loads the platform
# in each child and serves the same hosts. Interleaved, --jobs 1; reports per-point wall and CPU seconds, median
# [min..max] over the rounds, and the ratio isogrid / bare per round.
# Usage: bash bench/platform_sweep.sh [build-dir] [rounds]   (POINTS="200 200 10": points per size; ISOGRID=binary)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 3 "$@"
BARE="$BUILD/bench/bench_bare_fork_sweep"
read -r -a POINTS <<< "${POINTS:-200 200 10}"
trap 'rm -rf "$OUT"' EXIT

measure() {  # prints "cpu_seconds wall_seconds" of a command (its children included)
  /usr/bin/time -f "%U %S %e" -o "$OUT/time" "$@" > "$OUT/stdout" 2> "$OUT/stderr" || { cat "$OUT/stderr" >&2; exit 1; }
  awk '{printf "%.3f %.3f\n", $1 + $2, $3}' "$OUT/time"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
k=0
for shape in "10 100" "10 1000" "100 1000"; do
  read -r clusters hosts <<< "$shape"
  n=${POINTS[$k]}; k=$((k + 1))
  size=$((clusters * hosts))
  python3 bench/make_cluster_platform.py "$clusters" "$hosts" "$OUT/p$size.xml"
  cat > "$OUT/sweep-$size.yaml" <<YAML
title: "bench: $n DLT points on a $size-host cluster of clusters"
model: dlt-star
mode: simulate
parameters: {platform: $OUT/p$size.xml, originator: c0-0, m: 4, unit_flops: 1}
sweep:
  V: {logspace: [7, 10, $n]}
plots: []
YAML
  rm -f "$OUT"/{ic,iw,bc,bw,rc,rw}
  echo "== $size hosts, $n points"
  for r in $(seq "$ROUNDS"); do
    read -r ic iw < <(measure "$ISOGRID" run "$OUT/sweep-$size.yaml" --out "$OUT/isogrid" --force --jobs 1 --no-plot \
      --no-progress)
    read -r bc bw < <(measure "$BARE" "$OUT/bare.csv" "$n" 1 "$OUT/p$size.xml")
    echo "$ic $n" | awk '{print $1 / $2}' >> "$OUT/ic"; echo "$iw $n" | awk '{print $1 / $2}' >> "$OUT/iw"
    echo "$bc $n" | awk '{print $1 / $2}' >> "$OUT/bc"; echo "$bw $n" | awk '{print $1 / $2}' >> "$OUT/bw"
    echo "$ic $bc" | awk '{print $1 / $2}' >> "$OUT/rc"; echo "$iw $bw" | awk '{print $1 / $2}' >> "$OUT/rw"
    echo "  round $r: isogrid $iw s wall ($ic s cpu), bare $bw s wall ($bc s cpu) (load $(cut -d' ' -f1 /proc/loadavg))"
  done
  echo "  per point, wall s: isogrid $(stat < "$OUT/iw")   bare $(stat < "$OUT/bw")   ratio $(stat < "$OUT/rw")"
  echo "  per point, cpu s:  isogrid $(stat < "$OUT/ic")   bare $(stat < "$OUT/bc")   ratio $(stat < "$OUT/rc")"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
