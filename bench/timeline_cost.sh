#!/usr/bin/env bash
# What recording a timeline costs on the largest shipped points: the hierarchical farm of 100 clusters x 100 workers
# with 100 000 tasks (bench/farm-large.yaml) and GpH's 1.3 million sparks on 1 000 PEs (bench/gph-1m-sparks.yaml).
# Per point, interleaved rounds of three runs:
#   before  the binary ISOGRID_BEFORE names, built from before timelines existed (f2df3b7^), `isogrid run`;
#   off     this build, `isogrid run`: recording off, what every point pays for it (a null check per event);
#   on      this build, `isogrid timeline --point 0 --no-plot`: the point recorded and its table written.
# Reports wall seconds, CPU seconds (user + system, children included) and peak resident memory (the largest
# process: the point runs in a forked child), median [min..max]; the ratios off / before and on / off per round; the
# table's rows and bytes. Checks that off and before give the same results.csv but for wall_s.
# Usage: ISOGRID_BEFORE=path bash bench/timeline_cost.sh [build-dir] [rounds]   (no ISOGRID_BEFORE: no "before" runs)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 3 "$@"
BEFORE=${ISOGRID_BEFORE:-}
trap 'rm -rf "$OUT"' EXIT

measure() {  # prints "wall_seconds cpu_seconds peak_MiB" of a command (its children included)
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/time" "$@" > "$OUT/stdout" 2> "$OUT/stderr" || { cat "$OUT/stderr" >&2; exit 1; }
  awk '{printf "%.3f %.3f %.1f\n", $1, $2 + $3, $4 / 1024}' "$OUT/time"
}

rows_but_wall() {  # results.csv without its wall_s column
  python3 -c "
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
keep = [i for i, name in enumerate(rows[0]) if name != 'wall_s']
print('\n'.join(','.join(r[i] for i in keep) for r in rows))" "$1"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for experiment in bench/farm-large.yaml bench/gph-1m-sparks.yaml; do
  name=$(basename "$experiment" .yaml)
  rm -f "$OUT"/{bw,bc,bm,fw,fc,fm,nw,nc,nm,r_off,r_on,r_mem}
  echo "== $name"
  for r in $(seq "$ROUNDS"); do
    line="  round $r:"
    if [ -n "$BEFORE" ]; then
      read -r w c m < <(measure "$BEFORE" run "$experiment" --out "$OUT/before" --force --no-plot --no-progress)
      echo "$w" >> "$OUT/bw"; echo "$c" >> "$OUT/bc"; echo "$m" >> "$OUT/bm"
      line="$line before $w s (cpu $c) $m MiB;"
    fi
    read -r w c m < <(measure "$ISOGRID" run "$experiment" --out "$OUT/off" --force --no-plot --no-progress)
    echo "$w" >> "$OUT/fw"; echo "$c" >> "$OUT/fc"; echo "$m" >> "$OUT/fm"
    line="$line off $w s (cpu $c) $m MiB;"
    if [ -n "$BEFORE" ]; then
      [ "$(rows_but_wall "$OUT/before/results.csv")" = "$(rows_but_wall "$OUT/off/results.csv")" ] ||
        { echo "results differ between before and off" >&2; exit 1; }
      echo "$(tail -1 "$OUT/fc") $(tail -1 "$OUT/bc")" | awk '{print $1 / $2}' >> "$OUT/r_off"
    fi
    read -r w c m < <(measure "$ISOGRID" timeline "$experiment" --point 0 --no-plot -o "$OUT/on")
    echo "$w" >> "$OUT/nw"; echo "$c" >> "$OUT/nc"; echo "$m" >> "$OUT/nm"
    echo "$(tail -1 "$OUT/nc") $(tail -1 "$OUT/fc")" | awk '{print $1 / $2}' >> "$OUT/r_on"
    echo "$(tail -1 "$OUT/nm") $(tail -1 "$OUT/fm")" | awk '{print $1 / $2}' >> "$OUT/r_mem"
    echo "$line on $w s (cpu $c) $m MiB (load $(cut -d' ' -f1 /proc/loadavg))"
  done
  table="$OUT/on/timelines/point-0.csv"
  [ -n "$BEFORE" ] && echo "  before: wall $(stat < "$OUT/bw") s, cpu $(stat < "$OUT/bc") s, peak $(stat < "$OUT/bm") MiB"
  echo "  off:    wall $(stat < "$OUT/fw") s, cpu $(stat < "$OUT/fc") s, peak $(stat < "$OUT/fm") MiB"
  echo "  on:     wall $(stat < "$OUT/nw") s, cpu $(stat < "$OUT/nc") s, peak $(stat < "$OUT/nm") MiB"
  [ -n "$BEFORE" ] && echo "  cpu off / before: $(stat < "$OUT/r_off")"
  echo "  cpu on / off: $(stat < "$OUT/r_on"); peak on / off: $(stat < "$OUT/r_mem")"
  echo "  table: $(($(wc -l < "$table") - 1)) rows, $(wc -c < "$table") bytes; Pajé trace: $(wc -l < "${table%.csv}.paje") lines, $(wc -c < "${table%.csv}.paje") bytes"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
