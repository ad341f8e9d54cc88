#!/usr/bin/env bash
# One simulated week of a MerITA stream on the Sec. 6.7 grid (bench/merita-week.yaml: 21 MD runs, every strategy on
# the same stream, the batch clusters' other users included), priced by the predicted face and executed on SimGrid,
# run interleaved round by round: wall seconds, CPU seconds and peak resident memory of the whole `isogrid run` (its
# point runs in a forked worker: the largest process counts), median [min..max].
# Usage: bash bench/merita_week.sh [build-dir] [rounds]    (another isogrid binary: ISOGRID=path)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
bench_setup 5 "$@"
trap 'rm -rf "$OUT"' EXIT
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$ROUNDS"); do
  for mode in predict simulate; do
    /usr/bin/time -f "%e %U %S %M" -o "$OUT/time" "$ISOGRID" run bench/merita-week.yaml --set "mode=$mode" \
      --out "$OUT/run" --force --no-plot --no-progress > /dev/null
    read -r wall user system kib < "$OUT/time"
    echo "$wall" >> "$OUT/wall-$mode"
    echo "$user $system" | awk '{print $1 + $2}' >> "$OUT/cpu-$mode"
    echo "$kib" | awk '{print $1 / 1024}' >> "$OUT/mib-$mode"
    echo "  round $r, $mode: $wall s, cpu $(tail -1 "$OUT/cpu-$mode") s, $(tail -1 "$OUT/mib-$mode") MiB" \
      "(load $(cut -d' ' -f1 /proc/loadavg))"
  done
done
for mode in predict simulate; do
  echo "$mode: wall s $(stat < "$OUT/wall-$mode"), cpu s $(stat < "$OUT/cpu-$mode"), peak MiB $(stat < "$OUT/mib-$mode")"
done
