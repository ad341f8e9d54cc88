#!/usr/bin/env bash
# `isogrid submit` against a real Slurm: a single-node cluster (munged, slurmctld, slurmd from Debian's slurm-wlm
# and munge) started in a temporary folder by scripts/slurm/cluster-up.sh and stopped by pid when the test ends.
#   1. submit --wait: a 4-task job array and its collect job; the collected results.csv is the one-machine run's
#      (but for wall_s), and status says every shard is complete;
#   2. an array task cancelled mid-way (scancel, as a preemption does) keeps its finished rows, collect refuses to
#      merge and writes nothing, and submit --resume runs that shard alone and gives the same results.csv.
# Exit 77 (ctest: skipped) with the reason when Slurm cannot run here: not root, or the packages are missing.
# usage: slurm_test.sh ISOGRID_BINARY SOURCE_DIR
set -euo pipefail

isogrid=$1
source_dir=$2
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || skip "the single-node Slurm cluster needs root (munged and slurmd run as root here)"
for b in munged mungekey slurmctld slurmd sbatch squeue scancel sinfo; do
  command -v "$b" >/dev/null || skip "$b is not installed (scripts/install-deps.sh --test installs slurm-wlm and munge)"
done

# A short path: Slurm's per-step Unix sockets live under it (107 characters at most).
work=$(mktemp -d /tmp/isg-slurm.XXXX)
chmod 755 "$work"  # munged wants every folder above its socket searchable by all
cluster=$work/c
cleanup() {
  local rc=$?
  "$source_dir/scripts/slurm/cluster-down.sh" "$cluster" >/dev/null 2>&1 || true
  if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
    echo "--- slurmctld log (tail)"; tail -n 30 "$cluster/log/slurmctld.log" 2>/dev/null || true
    echo "--- job logs"; tail -n 20 "$work"/out*/slurm/*.log 2>/dev/null || true
  fi
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT

# Two free ports for slurmctld and slurmd, so that a Slurm already running here is left alone.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
ports = []
socks = []
for _ in range(2):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); socks.append(s); ports.append(s.getsockname()[1])
print(*ports)')
ISOGRID_SLURM_CTLD_PORT=$ctld_port ISOGRID_SLURM_SLURMD_PORT=$slurmd_port \
  "$source_dir/scripts/slurm/cluster-up.sh" "$cluster" >"$work/cluster-up.log" 2>&1 ||
  { cat "$work/cluster-up.log"; fail "the single-node Slurm cluster did not start"; }
export SLURM_CONF=$cluster/etc/slurm.conf

# 24 points of a 20 000-worker star: about 0.7 s each, 6 per shard.
exp=$work/star.yaml
cat > "$exp" <<'EOF'
title: "Slurm test: a 20 000-worker star over 24 volumes"
model: dlt-star
parameters: {m: 20000, C: 0.001}
sweep:
  V: {logspace: [11, 12, 24]}
EOF
without_wall() { sed 's/,[^,]*$//' "$1"; }

"$isogrid" run "$exp" --out "$work/local" --jobs 2 --no-plot --no-progress >/dev/null
rows=$(($(wc -l < "$work/local/results.csv") - 1))
[ "$rows" -eq 24 ] || fail "the local run wrote $rows rows, not 24"

echo "== 1. submit --wait"
"$isogrid" submit "$exp" --out "$work/out1" --shards 4 --wait --poll 0.5 > "$work/submit1.log" 2>&1 ||
  { cat "$work/submit1.log"; fail "submit --wait failed"; }
cat "$work/submit1.log"
grep -q "submitted shards 1-4 of 4 as job array" "$work/submit1.log" || fail "no job array was submitted"
grep -q "collected: $work/out1/results.csv" "$work/submit1.log" || fail "submit --wait did not see collect merge"
diff <(without_wall "$work/local/results.csv") <(without_wall "$work/out1/results.csv") ||
  fail "the collected results.csv differs from the one-machine run"
"$isogrid" status "$work/out1" > "$work/status1.log" || { cat "$work/status1.log"; fail "status: not complete"; }
grep -q "4 shards: 4 complete; 24 points done of 24" "$work/status1.log" || { cat "$work/status1.log"; fail "status"; }
for k in 1 2 3 4; do
  [ -s "$work/out1/slurm/shard-$k.log" ] || fail "no log for array task $k"
done

echo "== 2. a task cancelled mid-way, then submit --resume"
"$isogrid" submit "$exp" --out "$work/out2" --shards 4 > "$work/submit2.log" 2>&1 ||
  { cat "$work/submit2.log"; fail "submit failed"; }
array=$(sed -n 's/.*as job array \([0-9]*\).*/\1/p' "$work/submit2.log")
[ -n "$array" ] || { cat "$work/submit2.log"; fail "no array job id in submit's output"; }
shard2=$work/out2/shards/2-of-4/results.csv
deadline=$((SECONDS + 120))
until [ -f "$shard2" ] && [ "$(($(wc -l < "$shard2") - 1))" -ge 1 ]; do
  [ $SECONDS -lt $deadline ] || fail "shard 2 wrote no row within 120 s"
  sleep 0.1
done
done_before=$(($(wc -l < "$shard2") - 1))
[ "$done_before" -lt 6 ] || fail "shard 2 finished before it could be cancelled; make its points slower"
scancel "${array}_2"
deadline=$((SECONDS + 120))
while [ -n "$(squeue -h -o %i)" ]; do
  [ $SECONDS -lt $deadline ] || fail "jobs still queued 120 s after the cancel"
  sleep 0.5
done
kept=$(($(wc -l < "$shard2") - 1))
echo "shard 2 was cancelled after $kept of its 6 points"
[ "$kept" -ge 1 ] && [ "$kept" -lt 6 ] || fail "shard 2 kept $kept rows"
[ ! -e "$work/out2/results.csv" ] || fail "collect merged although shard 2 did not finish"
grep -q "not complete" "$work/out2/slurm/collect.log" || { cat "$work/out2/slurm/collect.log"; fail "collect's refusal"; }
if "$isogrid" status "$work/out2" > "$work/status2.log"; then fail "status says complete with shard 2 cancelled"; fi
grep -q "2/4" "$work/status2.log" && grep -q "3 complete" "$work/status2.log" ||
  { cat "$work/status2.log"; fail "status does not show shard 2 unfinished"; }

"$isogrid" submit --resume "$work/out2" --wait --poll 0.5 > "$work/resume.log" 2>&1 ||
  { cat "$work/resume.log"; fail "submit --resume --wait failed"; }
cat "$work/resume.log"
grep -q "submitted shards 2 of 4 as job array" "$work/resume.log" || fail "--resume did not submit shard 2 alone"
grep -q "($kept already done, $((6 - kept)) run, 0 errors)" "$work/out2/slurm/shard-2.log" ||
  { cat "$work/out2/slurm/shard-2.log"; fail "the resumed task ran points it had already finished"; }
diff <(without_wall "$work/local/results.csv") <(without_wall "$work/out2/results.csv") ||
  fail "the collected results.csv after --resume differs from the one-machine run"
echo "PASS: submit, collect, cancel and resume on a real Slurm"
