#!/usr/bin/env bash
# cluster-up.sh DIR -- start a throwaway single-node Slurm cluster (munged,
# slurmctld, slurmd) whose config, state, logs, sockets and pid files all
# live under DIR.  Needs root and Debian 12's slurm-wlm + munge packages.
# Afterwards:  export SLURM_CONF=DIR/etc/slurm.conf   (nothing else needed)
# Stop with:   cluster-down.sh DIR
# Env overrides: ISOGRID_SLURM_CTLD_PORT (16817), ISOGRID_SLURM_SLURMD_PORT (16818),
#                ISOGRID_SLURM_MIN_JOB_AGE (300), ISOGRID_SLURM_CRED_EXPIRE (10),
#                ISOGRID_SLURM_TIMEOUT (60 s).
set -euo pipefail

STARTED=0
die() {
  echo "cluster-up: $*" >&2
  # don't leave half a cluster behind
  [ "$STARTED" = 1 ] && "$(dirname "$0")/cluster-down.sh" "$DIR" >/dev/null 2>&1
  exit 1
}
[ $# -eq 1 ] || die "usage: $0 DIR"
[ "$(id -u)" -eq 0 ] || die "must run as root"
for b in munged mungekey slurmctld slurmd sinfo; do
  command -v "$b" >/dev/null || die "$b not found (apt-get install -y --no-install-recommends slurm-wlm munge)"
done

mkdir -p "$1"
DIR=$(cd "$1" && pwd -P)
case $DIR in *[[:space:],=#]*) die "DIR must not contain blanks, ',', '=' or '#' (slurm.conf syntax)";; esac
CTLD_PORT=${ISOGRID_SLURM_CTLD_PORT:-16817}
SLURMD_PORT=${ISOGRID_SLURM_SLURMD_PORT:-16818}
MIN_JOB_AGE=${ISOGRID_SLURM_MIN_JOB_AGE:-300}
CRED_EXPIRE=${ISOGRID_SLURM_CRED_EXPIRE:-10}   # also the delay before a requeued job may restart (default 120)
TIMEOUT=${ISOGRID_SLURM_TIMEOUT:-60}
HOST=$(hostname -s)
NCPU=$(nproc)
SOCK=$DIR/munge/munge.socket
# Unix socket paths are limited to 107 chars (sun_path[108]).  The longest
# socket is slurmd's per-step one: SlurmdSpoolDir/<host>_<jobid>.<stepid>,
# stepid of a batch step = 4294967291; allow 8-digit job ids.
STEPSOCK=$DIR/spool/${HOST}_12345678.4294967291
[ ${#STEPSOCK} -le 107 ] || die "DIR path too long (${#DIR} chars; max $((${#DIR} + 107 - ${#STEPSOCK})) here): slurmd step socket '$STEPSOCK' would exceed 107 chars"
for f in munge/munged.pid slurmctld.pid slurmd.pid; do
  if [ -s "$DIR/$f" ] && kill -0 "$(cat "$DIR/$f")" 2>/dev/null; then
    die "$DIR/$f: process $(cat "$DIR/$f") still running; run cluster-down.sh first"
  fi
done
for p in "$CTLD_PORT" "$SLURMD_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then die "port $p already in use"; fi
done

mkdir -p "$DIR"/{etc,state,spool,log,munge}
# munged insists that every directory above its socket is searchable by all
# (mktemp -d gives 0700) and that the key's directory is not group/world-writable
chmod a+x "$DIR"
chmod 0755 "$DIR/munge"
d=$DIR
while d=$(dirname "$d"); [ "$d" != / ]; do
  [ "$(( 0$(stat -c %a "$d") & 01 ))" = 1 ] || die "$d is not searchable by others (chmod a+x it); munged refuses"
done

# --- munge -----------------------------------------------------------------
[ -s "$DIR/munge/munge.key" ] || mungekey --create --keyfile="$DIR/munge/munge.key"
chmod 0400 "$DIR/munge/munge.key"   # munged refuses a key readable by others
STARTED=1
munged --socket="$SOCK" \
       --key-file="$DIR/munge/munge.key" \
       --pid-file="$DIR/munge/munged.pid" \
       --log-file="$DIR/log/munged.log" \
       --seed-file="$DIR/munge/munged.seed" \
       --origin=127.0.0.1 \
  || die "munged failed; see $DIR/log/munged.log"
for _ in $(seq 50); do [ -S "$SOCK" ] && break; sleep 0.1; done
munge -n -S "$SOCK" | unmunge -S "$SOCK" >/dev/null || die "munge self-test failed"

# --- slurm.conf ------------------------------------------------------------
cat > "$DIR/etc/slurm.conf" <<EOF
# written by scripts/slurm/cluster-up.sh (isogrid tests)
ClusterName=isogridtest
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$SOCK,cred_expire=$CRED_EXPIRE
CredType=cred/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$DIR/etc/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# schedule at once on submit/completion, not every 60 s / 30 s (3x faster here)
SchedulerParameters=batch_sched_delay=0,sched_interval=2,bf_interval=1
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
MinJobAge=$MIN_JOB_AGE
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$NCPU RealMemory=1000 State=UNKNOWN
PartitionName=debug Default=YES Nodes=ALL MaxTime=INFINITE State=UP
EOF
: > "$DIR/etc/plugstack.conf"   # keep /etc/slurm/plugstack.conf out of the way
export SLURM_CONF=$DIR/etc/slurm.conf

# --- slurm daemons (they daemonise and write their own pid files) ----------
slurmctld -f "$SLURM_CONF" || die "slurmctld failed; see $DIR/log/slurmctld.log"
slurmd    -f "$SLURM_CONF" || die "slurmd failed; see $DIR/log/slurmd.log"

deadline=$((SECONDS + TIMEOUT))
until [ "$(sinfo -h -N -n "$HOST" -o '%T' 2>/dev/null)" = idle ]; do
  if [ $SECONDS -ge $deadline ]; then
    sinfo -N -l >&2 || true
    tail -n 20 "$DIR/log/slurmctld.log" "$DIR/log/slurmd.log" >&2 || true
    die "node $HOST not idle after ${TIMEOUT}s"
  fi
  sleep 0.5
done
echo "cluster-up: cluster ready; export SLURM_CONF=$SLURM_CONF"
