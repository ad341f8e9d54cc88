#!/usr/bin/env bash
# cluster-down.sh DIR -- stop the cluster started by cluster-up.sh DIR.
# Cancels its jobs, then stops slurmd, slurmctld and munged by their pid files
# under DIR, waiting for each to exit (SIGKILL after ISOGRID_SLURM_TIMEOUT, 20 s).
# Leftover slurmstepd processes of this cluster (those holding DIR/spool or
# DIR/log/slurmd.log open) are killed too.  DIR is kept (logs); rm it if wanted.
set -uo pipefail

[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 1; }
[ -d "$1" ] || { echo "cluster-down: $1: no such directory" >&2; exit 1; }
DIR=$(cd "$1" && pwd -P)
TIMEOUT=${ISOGRID_SLURM_TIMEOUT:-20}
export SLURM_CONF=$DIR/etc/slurm.conf

# alive: exists and is not a zombie (an unreaped zombie still passes kill -0)
alive() { [ -r "/proc/$1/stat" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }

pid_of() {  # pid from file, only if that process is still the expected program
  local f=$1 comm=$2 pid
  [ -s "$f" ] || return 1
  pid=$(tr -dc 0-9 < "$f")
  [ -n "$pid" ] && alive "$pid" && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$comm" ] || return 1
  echo "$pid"
}

stop() {  # stop PID NAME: SIGTERM, wait, SIGKILL
  local pid=$1 name=$2 end=$((SECONDS + TIMEOUT))
  kill -TERM "$pid" 2>/dev/null
  while alive "$pid"; do
    if [ $SECONDS -ge $end ]; then
      echo "cluster-down: $name ($pid) ignored SIGTERM, sending SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null; sleep 0.2
    fi
    sleep 0.1
  done
  STOPPED="$STOPPED $pid"
}
STOPPED=

# 1. cancel this cluster's jobs while the controller is still up
if [ -f "$SLURM_CONF" ] && pid_of "$DIR/slurmctld.pid" slurmctld >/dev/null; then
  # %F = array job id (= job id for plain jobs).  Don't use %A: scancel of the
  # raw job id of an array task is silently ignored by Slurm 22.05 (rc 0).
  jobs=$(squeue -h -o %F 2>/dev/null | sort -u)
  if [ -n "$jobs" ]; then
    scancel $jobs 2>/dev/null
    end=$((SECONDS + TIMEOUT))
    while [ -n "$(squeue -h -o %A 2>/dev/null)" ] && [ $SECONDS -lt $end ]; do sleep 0.5; done
  fi
fi

# 2. daemons, in reverse start order
p=$(pid_of "$DIR/slurmd.pid" slurmd) && stop "$p" slurmd
p=$(pid_of "$DIR/slurmctld.pid" slurmctld) && stop "$p" slurmctld

# 3. stray slurmstepd of this cluster (they hold DIR/log/slurmd.log or DIR/spool open)
#    and their job processes.  A slurmstepd whose slurmd is gone ignores
#    SIGTERM (it keeps retrying to report to slurmd), so SIGKILL it.
descendants() { local c; for c in $(ps -o pid= --ppid "$1"); do echo "$c"; descendants "$c"; done; }
for d in /proc/[0-9]*; do
  [ "$(cat "$d/comm" 2>/dev/null)" = slurmstepd ] && alive "${d#/proc/}" || continue
  # The listing is taken whole first: under pipefail, `ls | grep -q` would read as no match when grep's early exit
  # ends ls by SIGPIPE, or when a descriptor closes while ls lists it.
  open_files=$(ls -l "$d/fd/" "$d/cwd" 2>/dev/null)
  if grep -qF -e "$DIR/log/slurmd.log" -e "$DIR/spool/" <<<"$open_files"; then
    pid=${d#/proc/}; kids=$(descendants "$pid")
    echo "cluster-down: killing stray slurmstepd $pid and its processes $kids" >&2
    kill -KILL "$pid" $kids 2>/dev/null
    STOPPED="$STOPPED $pid $kids"
  fi
done

p=$(pid_of "$DIR/munge/munged.pid" munged) && stop "$p" munged
# The daemons were orphaned to PID 1, which has to reap them; on some hosts
# (e.g. this firecracker VM) it does so lazily, so wait a little so that
# pgrep no longer lists them as <defunct>.
end=$((SECONDS + 10))
for p in $STOPPED; do
  while [ -e "/proc/$p" ] && [ $SECONDS -lt $end ]; do sleep 0.1; done
done
rm -f "$DIR/slurmd.pid" "$DIR/slurmctld.pid" "$DIR/munge/munged.pid"
echo "cluster-down: stopped cluster in $DIR"
