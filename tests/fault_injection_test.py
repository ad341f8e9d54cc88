#!/usr/bin/env python3
"""Faults injected into real sweeps: whatever happens to a run, its results.csv is never corrupted.

A sweep of simulated points (dlt-star, heterogeneous workers drawn per repetition, both faces, two repetitions,
--jobs 2, about 4 s) is run once cleanly. Then:

  interruptions  SIGKILL, SIGINT, SIGTERM or SIGHUP, to the parent or to its whole process group (a terminal's
                 Ctrl-C, a closed ssh session), at random moments, one to three times per trial, each followed by
                 --resume. After every interruption the complete lines of results.csv must be the first lines of
                 the clean file (rows in sweep order, never past a hole); after the last --resume the file must be
                 byte-identical to the clean one but for wall_s.
  child killed   a worker killed with SIGKILL mid-point: the run ends with exit 3 and an error row; --resume
                 --retry-errors computes it again, to the clean file.
  concurrent     a second run, and a --resume, on the folder of a run in progress: refused (exit 2, naming the
                 process that holds it); the first run finishes to the clean file.
  read-only      the folder made read-only mid-run: the run fails without a lost or duplicated row, and --resume
                 once it is writable again finishes to the clean file. (As root, isogrid runs as `nobody` here,
                 since root writes through permissions.)
  disk full      the results folder on a small tmpfs that another file fills a quarter of the way through the run
                 and that is freed once the run has stopped: exit 4, "disk full while writing ...", run.json
                 `failed` with the reason, results.csv a clean prefix (no torn or spliced line), no temporary file
                 left; --resume once there is space finishes to the clean file. A disk full from the start: exit 4,
                 nothing left behind. (Mounting a tmpfs needs root, which CI has.)
  file limit     the same with a file-size limit (ulimit -f) that results.csv reaches: the kernel refuses the bytes
                 past it (EFBIG); exit 4, a clean prefix, --resume to the clean file.
  server killed  a sweep on a SimGrid XML platform, whose points start from a fork server that loaded it once: the
                 server killed with SIGKILL mid-sweep. The run says so and ends (exit 1, run.json `failed` with the
                 reason), results.csv a clean prefix of its own clean run; --resume finishes it to the same bytes.

usage: fault_injection_test.py ISOGRID [TRIALS]   (TRIALS defaults to $ISOGRID_FAULT_TRIALS or 8: the kinds of
interruption in turn, each at least once and most two or three times; the random moments come from $ISOGRID_FAULT_SEED, printed, so that a
failure can be replayed)
"""
import errno
import json
import os
import pwd
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

EXPERIMENT = """title: "fault injection: a star sweep of simulated points"
model: dlt-star
mode: both
repetitions: 2
parameters:
  V: 1e6
  S: 1e-4
  A_spread: 0.5
sweep:
  m: {range: [2, 400, 4]}
  C: [1e-6, 1e-5]
plots: []
"""

# The same kind of sweep on a platform file, shared by its points through a fork server (about 3 s).
PLATFORM = """<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="c0" prefix="c0-" suffix="" radical="0-15" speed="1Gf" bw="125MBps" lat="50us"/>
</platform>
"""
SHARED_EXPERIMENT = """title: "fault injection: DLT points that share a platform file"
model: dlt-star
mode: simulate
parameters: {platform: cluster.xml, originator: c0-0, unit_flops: 1}
sweep:
  m: [2, 4, 8]
  V: {logspace: [6, 9, 1500]}
plots: []
"""

FAULTS = [
    ('SIGKILL to the parent', signal.SIGKILL, False),
    ('SIGINT to the parent', signal.SIGINT, False),
    ('SIGTERM to the parent', signal.SIGTERM, False),
    ('SIGKILL to the group', signal.SIGKILL, True),
    ('SIGINT to the group (Ctrl-C)', signal.SIGINT, True),
    ('SIGHUP to the group (terminal closed)', signal.SIGHUP, True),
]


def without_wall(line):
    """A results.csv line without its last cell (wall_s, the only one that differs between runs)."""
    return line.rsplit(',', 1)[0]


def rows(path):
    with open(path, 'rb') as f:
        data = f.read().decode()
    complete = data.split('\n')
    torn = complete.pop()  # after a SIGKILL the last line may be cut short; --resume drops it
    return [without_wall(l) for l in complete], torn


class Harness:
    def __init__(self, isogrid, work, user=None):
        self.isogrid = isogrid
        self.work = work
        self.user = user  # run isogrid as this user (read-only checks as root)
        self.experiment = os.path.join(work, 'star.yaml')
        with open(self.experiment, 'w') as f:
            f.write(EXPERIMENT)

    def argv(self, out, *extra):
        argv = [self.isogrid, 'run', self.experiment, '--out', out, '--jobs', '2'] + list(extra)
        if self.user:
            argv = ['setpriv', f'--reuid={self.user.pw_uid}', f'--regid={self.user.pw_gid}', '--clear-groups'] + argv
        return argv

    def start(self, out, *extra):
        # A session of its own, as a terminal gives a command: the group signals stay within it.
        return subprocess.Popen(self.argv(out, *extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)

    def run(self, out, *extra):
        p = self.start(out, *extra)
        stdout, stderr = p.communicate(timeout=600)
        wait_for_group(p.pid)
        return p.returncode, stdout.decode(), stderr.decode()


def wait_for_group(pgid, timeout=60):
    """Until every process of the group has exited (workers orphaned by a SIGKILL'd parent finish their point)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)
    os.killpg(pgid, signal.SIGKILL)
    raise AssertionError(f'process group {pgid} still alive after {timeout} s')


def children_of(pid):
    try:
        with open(f'/proc/{pid}/task/{pid}/children') as f:
            return [int(c) for c in f.read().split()]
    except FileNotFoundError:
        return []


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def expect_prefix(out, clean, context):
    got, _torn = rows(os.path.join(out, 'results.csv'))
    if got != clean[:len(got)]:
        line = next((i for i, (a, b) in enumerate(zip(got, clean)) if a != b), len(clean)) + 1
        raise Failure(f'{context}: results.csv is not a prefix of the clean run; line {line} differs: '
                      f'{got[line - 1] if line <= len(got) else "(extra line)"}')


def expect_clean(out, clean, context):
    got, torn = rows(os.path.join(out, 'results.csv'))
    expect(torn == '', f'{context}: results.csv ends with a torn line')
    expect(got == clean, f'{context}: results.csv differs from the clean run ({len(got)} lines against {len(clean)})')


def interruptions(h, clean, clean_seconds, trials, rng):
    injected = turn = 0
    for trial in range(trials):
        out = os.path.join(h.work, f'trial-{trial}')
        history = []
        for _ in range(rng.randint(1, 3)):
            # Every kind in turn, at a random moment.
            name, sig, group = FAULTS[turn % len(FAULTS)]
            turn += 1
            # Somewhere in what is left to run (a resumed run is shorter), sometimes just past its end.
            done = len(rows(os.path.join(out, 'results.csv'))[0]) if os.path.exists(out) else 0
            delay = rng.uniform(0.05, 0.1 + 1.1 * clean_seconds * (1 - done / len(clean)))
            p = h.start(out, *(['--resume'] if os.path.exists(os.path.join(out, 'run.json')) else []))
            time.sleep(delay)
            if p.poll() is None:
                (os.killpg if group else os.kill)(p.pid, sig)
                injected += 1
                history.append(f'{name} after {delay:.2f} s')
            else:
                history.append(f'finished before {name} at {delay:.2f} s')
            p.communicate(timeout=600)
            wait_for_group(p.pid)
            if os.path.exists(os.path.join(out, 'results.csv')):
                expect_prefix(out, clean, f'trial {trial} ({"; ".join(history)})')
        rc, _, err = h.run(out, *(['--resume'] if os.path.exists(os.path.join(out, 'run.json')) else []))
        context = f'trial {trial} ({"; ".join(history)})'
        expect(rc == 0, f'{context}: final --resume exited {rc}: {err[-500:]}')
        expect_clean(out, clean, context)
        expect(not os.path.exists(os.path.join(out, 'results.csv.previous')), f'{context}: results.csv.previous left')
        print(f'  trial {trial:2d}: {"; ".join(history)} -> identical', flush=True)
        shutil.rmtree(out)
    return injected


def running_workers(pid):
    """Workers still computing (not those that reported and are exiting), newest first."""
    alive = []
    for kid in children_of(pid):
        try:
            with open(f'/proc/{kid}/stat') as f:
                state = f.read().rsplit(')', 1)[1].split()[0]
        except (FileNotFoundError, IndexError):
            continue
        if state in 'RS':
            alive.append(kid)
    return sorted(alive, reverse=True)


def child_killed(h, clean):
    # A worker may report in the instant before the signal lands; the point then simply finishes. Try again.
    for attempt in range(5):
        out = os.path.join(h.work, f'child-killed-{attempt}')
        p = h.start(out)
        time.sleep(1.0)  # well into the sweep, where points take tens of milliseconds
        kids = []
        deadline = time.monotonic() + 30
        while not kids and time.monotonic() < deadline:
            kids = running_workers(p.pid)
        expect(kids, 'no worker process to kill')
        os.kill(kids[0], signal.SIGKILL)
        _, stderr = p.communicate(timeout=600)
        wait_for_group(p.pid)
        if p.returncode != 0:
            break
    expect(p.returncode == 3, f'a run with a killed worker exited {p.returncode}, expected 3: {stderr.decode()[-400:]}')
    got, _ = rows(os.path.join(out, 'results.csv'))
    errors = [l for l in got if ',error,' in l]
    expect(len(errors) >= 1, 'the killed point left no error row')
    expect(len(got) == len(clean), f'{len(got)} lines after a killed worker, expected {len(clean)}')
    rc, _, err = h.run(out, '--resume')
    expect(rc == 3, f'--resume without --retry-errors exited {rc}, expected 3 (the error rows remain): {err[-300:]}')
    rc, _, err = h.run(out, '--resume', '--retry-errors')
    expect(rc == 0, f'--resume --retry-errors exited {rc}: {err[-400:]}')
    expect_clean(out, clean, 'child killed, then --resume --retry-errors')
    print(f'  child killed mid-point: {len(errors)} error row(s), exit 3; --retry-errors -> identical')


def concurrent(h, clean):
    out = os.path.join(h.work, 'concurrent')
    first = h.start(out)
    deadline = time.monotonic() + 30
    while not os.path.exists(os.path.join(out, 'results.csv')) and time.monotonic() < deadline:
        time.sleep(0.01)
    for extra in [(), ('--resume',), ('--force',)]:
        rc, _, err = h.run(out, *extra)
        expect(rc == 2, f'a second run {extra} on a folder in use exited {rc}, expected 2: {err[-300:]}')
        expect(f'in use by another isogrid run (pid {first.pid})' in err, f'the refusal does not name the holder: {err}')
    first.communicate(timeout=600)
    wait_for_group(first.pid)
    expect(first.returncode == 0, f'the first run exited {first.returncode}')
    expect_clean(out, clean, 'two runs on one folder')
    print('  concurrent: a second run, a --resume and a --force refused while the first ran; first run identical')


def read_only(isogrid, clean, clean_seconds):
    user = None
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam('nobody')
        except KeyError:
            print('  read-only: skipped (root without a `nobody` user)')
            return
    with tempfile.TemporaryDirectory() as work:
        os.chmod(work, 0o777)
        h = Harness(isogrid, work, user)
        os.chmod(h.experiment, 0o644)
        out = os.path.join(work, 'read-only')
        p = h.start(out)
        deadline = time.monotonic() + 30
        while not os.path.exists(os.path.join(out, 'results.csv')) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(clean_seconds / 3)
        os.chmod(out, 0o555)
        _, stderr = p.communicate(timeout=600)
        wait_for_group(p.pid)
        expect(p.returncode != 0, 'a run whose folder became read-only exited 0')
        expect_prefix(out, clean, 'read-only folder')
        os.chmod(out, 0o755)
        rc, _, err = h.run(out, '--resume')
        expect(rc == 0, f'--resume once writable again exited {rc}: {err[-400:]}')
        expect_clean(out, clean, 'read-only folder, then --resume')
        print(f'  read-only folder mid-run: exit {p.returncode} ({stderr.decode().strip().splitlines()[-1][:120]}); '
              f'--resume -> identical')


def expect_failed_cleanly(out, clean, rc, stderr, reason, context):
    """A run stopped by a write that failed: exit 4, the reason, run.json failed, a clean prefix, nothing temporary."""
    last = stderr.strip().splitlines()[-1] if stderr.strip() else ''
    expect(rc == 4, f'{context}: exit {rc}, expected 4; stderr: {stderr[-400:]}')
    expect(reason in last and 'run with --resume once there is space' in last,
           f'{context}: the last line does not say "{reason} ... run with --resume once there is space": {last}')
    with open(os.path.join(out, 'run.json')) as f:
        manifest = json.load(f)
    expect(manifest['status'] == 'failed' and reason in manifest.get('error', ''),
           f'{context}: run.json says {manifest["status"]} ({manifest.get("error")})')
    got, torn = rows(os.path.join(out, 'results.csv'))
    expect(torn == '', f'{context}: results.csv ends with a torn line')
    expect_prefix(out, clean, context)
    expect(len(got) > 1, f'{context}: no row was kept')
    left = [f for f in os.listdir(out) if f.endswith('.tmp') or f == '.isogrid.reserve']
    expect(not left, f'{context}: left {left} behind')
    return len(got) - 1


def fill(folder):
    """Writes a file into `folder` until the file system refuses more; returns its path."""
    path = os.path.join(folder, 'filler')
    chunk = b'x' * 4096
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        while True:
            os.write(fd, chunk)
    except OSError as e:
        expect(e.errno == errno.ENOSPC, f'filling the tmpfs failed with {e}')
    finally:
        os.close(fd)
    return path


def disk_full(h, clean):
    expect(os.geteuid() == 0, 'disk full: mounting a tmpfs needs root (CI runs as root; run this test with sudo)')
    with tempfile.TemporaryDirectory() as disk:
        subprocess.run(['mount', '-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk], check=True)
        try:
            out = os.path.join(disk, 'out')
            p = h.start(out)
            csv = os.path.join(out, 'results.csv')
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if os.path.exists(csv):
                    with open(csv, 'rb') as f:
                        if f.read().count(b'\n') > len(clean) // 4:
                            break
                time.sleep(0.01)
            filler = fill(disk)
            stdout, stderr = p.communicate(timeout=600)
            wait_for_group(p.pid)
            kept = expect_failed_cleanly(out, clean, p.returncode, stderr.decode(), 'disk full while writing',
                                         'disk filled mid-run')
            os.remove(filler)  # space again
            rc, _, err = h.run(out, '--resume')
            expect(rc == 0, f'--resume once there is space exited {rc}: {err[-400:]}')
            expect_clean(out, clean, 'disk filled mid-run, then --resume')
            print(f'  disk full a quarter of the way: exit 4 with {kept} of {len(clean) - 1} rows kept, run.json '
                  f'failed; --resume once freed -> identical')

            shutil.rmtree(out)
            filler = fill(disk)
            full = os.path.join(disk, 'never')
            rc, _, err = h.run(full)
            expect(rc == 4 and 'no room to start the run' in err,
                   f'a run on a full disk: exit {rc}, expected 4 and "no room to start the run": {err[-300:]}')
            expect(sorted(os.listdir(disk)) == ['filler'], f'a run on a full disk left {os.listdir(disk)}')
            os.remove(filler)
            print('  disk full from the start: exit 4, nothing left behind')
        finally:
            subprocess.run(['umount', disk], check=True)


def file_size_limit(h, clean):
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, 'out')
        clean_bytes = sum(len(line) for line in clean)  # without wall_s: the limit falls well inside the file
        limit_kib = max(1, clean_bytes // 3 // 1024)
        argv = ' '.join(shlex.quote(a) for a in h.argv(out))
        p = subprocess.run(['bash', '-c', f'ulimit -f {limit_kib}; exec {argv}'], capture_output=True,
                           timeout=600)
        kept = expect_failed_cleanly(out, clean, p.returncode, p.stderr.decode(), 'File too large while writing',
                                     f'a {limit_kib} KiB file-size limit')
        rc, _, err = h.run(out, '--resume')
        expect(rc == 0, f'--resume without the limit exited {rc}: {err[-400:]}')
        expect_clean(out, clean, 'file-size limit, then --resume')
        print(f'  results.csv past a {limit_kib} KiB file-size limit: exit 4 with {kept} rows kept; --resume -> '
              f'identical')


def server_killed(isogrid, work):
    with open(os.path.join(work, 'cluster.xml'), 'w') as f:
        f.write(PLATFORM)
    h = Harness(isogrid, work)
    h.experiment = os.path.join(work, 'shared.yaml')
    with open(h.experiment, 'w') as f:
        f.write(SHARED_EXPERIMENT)
    rc, _, err = h.run(os.path.join(work, 'shared-clean'))
    expect(rc == 0, f'the clean run on a shared platform exited {rc}: {err[-400:]}')
    clean, _ = rows(os.path.join(work, 'shared-clean', 'results.csv'))
    for attempt in range(5):
        out = os.path.join(work, f'server-killed-{attempt}')
        p = h.start(out)
        time.sleep(1.0)
        # The server is the parent's child that outlives points (which take milliseconds each).
        first = set(children_of(p.pid))
        time.sleep(0.3)
        lasting = sorted(first & set(children_of(p.pid)))
        if len(lasting) == 1:
            os.kill(lasting[0], signal.SIGKILL)
        _, stderr = p.communicate(timeout=600)
        wait_for_group(p.pid)
        if p.returncode != 0 or len(lasting) > 1:
            break
    stderr = stderr.decode()
    expect(len(lasting) == 1, f'no single fork server among the children: {lasting}')
    expect(p.returncode == 1, f'a run whose fork server was killed exited {p.returncode}, expected 1: {stderr[-400:]}')
    platform = os.path.join(work, 'cluster.xml')
    expect(f'the process holding the platform {platform} for the points stopped (killed by signal 9' in stderr and
           'rows kept; run with --resume to finish' in stderr, f'the run does not say what stopped: {stderr[-400:]}')
    with open(os.path.join(out, 'run.json')) as f:
        manifest = json.load(f)
    expect(manifest['status'] == 'failed' and 'killed by signal 9' in manifest.get('error', ''),
           f'run.json does not say the run failed and why: {manifest.get("status")}, {manifest.get("error")}')
    expect_prefix(out, clean, 'fork server killed')
    kept = len(rows(os.path.join(out, 'results.csv'))[0]) - 1
    expect(0 < kept < len(clean) - 1, f'the server was killed outside the sweep ({kept} rows kept)')
    rc, _, err = h.run(out, '--resume')
    expect(rc == 0, f'--resume after the fork server was killed exited {rc}: {err[-400:]}')
    expect_clean(out, clean, 'fork server killed, then --resume')
    print(f'  fork server killed mid-sweep: exit 1 with {kept} of {len(clean) - 1} rows kept; --resume -> identical')


def main():
    isogrid = os.path.abspath(sys.argv[1])
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ.get('ISOGRID_FAULT_TRIALS', '8'))
    seed = int(os.environ.get('ISOGRID_FAULT_SEED', str(random.randrange(1 << 32))))
    print(f'fault injection: {trials} trials, ISOGRID_FAULT_SEED={seed}', flush=True)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as work:
        h = Harness(isogrid, work)
        start = time.monotonic()
        rc, _, err = h.run(os.path.join(work, 'clean'))
        clean_seconds = time.monotonic() - start
        if rc != 0:
            print(f'the clean run failed ({rc}): {err}')
            return 1
        clean, torn = rows(os.path.join(work, 'clean', 'results.csv'))
        print(f'clean run: {len(clean) - 1} rows in {clean_seconds:.1f} s', flush=True)
        try:
            injected = interruptions(h, clean, clean_seconds, trials, rng)
            child_killed(h, clean)
            concurrent(h, clean)
            read_only(isogrid, clean, clean_seconds)
            disk_full(h, clean)
            file_size_limit(h, clean)
            server_killed(isogrid, work)
        except Failure as e:
            print(f'FAIL: {e}\n(replay with ISOGRID_FAULT_SEED={seed})')
            return 1
    print(f'\n| faults injected | results identical |\n|---|---|\n| {injected} interruptions in {trials} trials, '
          f'1 worker killed, 3 concurrent runs, 1 read-only folder, 2 full disks, 1 file-size limit, '
          f'1 fork server killed | all |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
