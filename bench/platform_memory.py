#!/usr/bin/env python3
"""Memory of a sweep whose points share a platform file (issue 40): the fork server holding a SimGrid XML platform,
and what each point's child makes its own of it (the copy-on-write pages it touches).

Runs `isogrid run` on POINTS small DLT points (dlt-star, m workers served from c0-0) on the platform and samples its
children's /proc/PID/smaps_rollup every millisecond: the child that lasts the whole run is the server; the others
are points. Reports the server's resident and proportional set, and over the points sampled, the largest and the
median private memory (Private_Clean + Private_Dirty: pages the child wrote or only it maps), against the bare
loop's child, which holds a platform of its own (its whole resident set is private).

usage: platform_memory.py ISOGRID PLATFORM.xml [POINTS] [M]"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def rollup(pid):
    fields = {}
    try:
        with open(f'/proc/{pid}/smaps_rollup') as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and parts[2] == 'kB':
                    fields[parts[0].rstrip(':')] = int(parts[1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return fields


def children_of(pid):
    try:
        with open(f'/proc/{pid}/task/{pid}/children') as f:
            return [int(c) for c in f.read().split()]
    except FileNotFoundError:
        return []


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    isogrid, platform = argv[0], os.path.abspath(argv[1])
    points = int(argv[2]) if len(argv) > 2 else 300
    m = int(argv[3]) if len(argv) > 3 else 200
    with tempfile.TemporaryDirectory() as work:
        exp = os.path.join(work, 'sweep.yaml')
        with open(exp, 'w') as f:
            f.write(f'title: memory\nmodel: dlt-star\nmode: simulate\nparameters: {{platform: {platform}, '
                    f'originator: c0-0, m: {m}, unit_flops: 1}}\nsweep:\n  V: {{logspace: [7, 10, {points}]}}\n'
                    f'plots: []\n')
        p = subprocess.Popen([isogrid, 'run', exp, '--out', os.path.join(work, 'out'), '--jobs', '1', '--no-plot',
                              '--no-progress'], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seen = {}  # pid -> (first seen, last seen, largest private kB, rss kB, pss kB)
        while p.poll() is None:
            now = time.monotonic()
            for kid in children_of(p.pid):
                r = rollup(kid)
                if not r or 'Rss' not in r:
                    continue
                private = r.get('Private_Clean', 0) + r.get('Private_Dirty', 0)
                first, _, largest, rss, pss = seen.get(kid, (now, now, 0, 0, 0))
                seen[kid] = (first, now, max(largest, private), max(rss, r['Rss']), max(pss, r.get('Pss', 0)))
            time.sleep(0.001)
        if p.returncode != 0:
            print(p.stderr.read().decode(), file=sys.stderr)
            return 1
    server = max(seen, key=lambda k: seen[k][1] - seen[k][0])
    # Points start once the server is up; a child seen before it is the platform check's worker, which loads the
    # platform itself.
    points_seen = [v for k, v in seen.items() if k != server and v[0] > seen[server][0]]
    if not points_seen:
        print('no point child was sampled: give more workers (M) so that points last longer', file=sys.stderr)
        return 1
    private = sorted(v[2] for v in points_seen)
    print(f'platform {platform}, {points} points of m = {m}')
    print(f'server: RSS {seen[server][3] / 1024:.0f} MiB, PSS {seen[server][4] / 1024:.0f} MiB '
          f'(alive {seen[server][1] - seen[server][0]:.1f} s)')
    print(f'point children sampled: {len(private)}; private memory median {statistics.median(private) / 1024:.1f} MiB, '
          f'largest {private[-1] / 1024:.1f} MiB; their RSS median {statistics.median(v[3] for v in points_seen) / 1024:.0f} MiB')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
