#!/usr/bin/env bash
# The 100-cluster x 100-worker hierarchical farm (bench/farm-large.yaml: 10 100 hosts, 10 000 workers, 100 000 tasks)
# through isogrid against bench/bare_farm.cpp, the same farm written straight against S4U. Interleaved (isogrid,
# bare, isogrid, ...); reports wall seconds, CPU seconds (user + system, children included: on a virtual machine whose
# host takes CPU away, they vary less than wall time) and peak resident memory (the largest process: isogrid's point
# runs in a forked child), median [min..max], the ratios isogrid / bare per round, and checks that both give the
# same makespan.
# Usage: bash bench/farm_large.sh [build-dir] [rounds]    (another isogrid binary: ISOGRID=path)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 5 "$@"
BARE="$BUILD/bench/bench_bare_farm"
trap 'rm -rf "$OUT"' EXIT

measure() {  # prints "wall_seconds cpu_seconds peak_MiB" of a command (its children included)
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/time" "$@" > "$OUT/stdout" 2> "$OUT/stderr" || { cat "$OUT/stderr" >&2; exit 1; }
  awk '{printf "%.3f %.3f %.1f\n", $1, $2 + $3, $4 / 1024}' "$OUT/time"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$ROUNDS"); do
  read -r iw ic im < <(measure "$ISOGRID" run bench/farm-large.yaml --out "$OUT/isogrid" --force --no-plot --no-progress)
  imk=$(python3 -c "import csv,sys; print(repr(float(next(csv.DictReader(open(sys.argv[1])))['sim_makespan'])))" \
    "$OUT/isogrid/results.csv")
  read -r bw bc bm < <(measure "$BARE")
  bmk=$(python3 -c "import sys; print(repr(float(open(sys.argv[1]).read())))" "$OUT/stdout")
  [ "$imk" = "$bmk" ] || { echo "makespans differ: isogrid $imk, bare $bmk" >&2; exit 1; }
  echo "$iw" >> "$OUT/iw"; echo "$bw" >> "$OUT/bw"; echo "$im" >> "$OUT/im"; echo "$bm" >> "$OUT/bm"
  echo "$ic" >> "$OUT/ic"; echo "$bc" >> "$OUT/bc"
  echo "$iw $bw" | awk '{print $1 / $2}' >> "$OUT/rw"
  echo "$ic $bc" | awk '{print $1 / $2}' >> "$OUT/rc"
  echo "$im $bm" | awk '{print $1 / $2}' >> "$OUT/rm"
  echo "  round $r: isogrid $iw s (cpu $ic) $im MiB; bare $bw s (cpu $bc) $bm MiB; makespan $imk s (load $(cut -d' ' -f1 /proc/loadavg))"
done
echo "wall s:   isogrid $(stat < "$OUT/iw")   bare $(stat < "$OUT/bw")   ratio $(stat < "$OUT/rw")"
echo "cpu s:    isogrid $(stat < "$OUT/ic")   bare $(stat < "$OUT/bc")   ratio $(stat < "$OUT/rc")"
echo "peak MiB: isogrid $(stat < "$OUT/im")   bare $(stat < "$OUT/bm")   ratio $(stat < "$OUT/rm")"
