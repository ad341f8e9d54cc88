#!/usr/bin/env python3
"""Inputs that need more than an experiment file to be hostile (tests/bad_inputs holds the ones that do not): named
pipes, devices, loops of symbolic links, output folders that would overwrite the input or collide, results files
edited by hand, traces written outside the results folder, a sweep of a million literal values. Each must be
refused before the first point (exit 2, the file, line and column when there is one, the reason, nothing written)
or, for the last two, run as promised, and none may hang: every command has 60 s.

usage: hostile_inputs_test.py ISOGRID REPO_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile

ISOGRID, REPO = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
STAR = 'model: dlt-star\nmode: both\nparameters: {V: 100}\nsweep:\n  m: [1, 2]\nplots: []\n'


def isogrid(*args, cwd, timeout=60):
    try:
        r = subprocess.run([ISOGRID, *args], capture_output=True, text=True, cwd=cwd, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, '', f'still running after {timeout} s'
    return r.returncode, r.stdout, r.stderr


def write(folder, name, text):
    path = os.path.join(folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)
    return path


def refused(what, args, first_line_starts, fragment, cwd, left=None):
    """Exit 2, stderr's first line starting and holding what it should, and `left` (the folder's entries) as before."""
    before = sorted(os.listdir(cwd)) if left is None else left
    code, out, err = isogrid(*args, cwd=cwd)
    first = err.splitlines()[0] if err else ''
    if code != 2:
        failures.append(f'{what}: exit {code}, expected 2: {err[-300:]}')
    elif not first.startswith(first_line_starts) or fragment not in first:
        failures.append(f'{what}: "{first}" should start "{first_line_starts}" and say "{fragment}"')
    now = sorted(os.listdir(cwd))
    if now != before:
        failures.append(f'{what}: refused but left {sorted(set(now) - set(before))} behind')
    else:
        print(f'  refused: {what}')


with tempfile.TemporaryDirectory() as tmp:
    os.mkfifo(os.path.join(tmp, 'pipe.yaml'))
    os.mkfifo(os.path.join(tmp, 'pipe.txt'))
    os.symlink('loop-b.xml', os.path.join(tmp, 'loop-a.xml'))
    os.symlink('loop-a.xml', os.path.join(tmp, 'loop-b.xml'))
    write(tmp, 'star.yaml', STAR)

    # Named pipes and devices: reading them would block for ever or never end.
    refused('a named pipe as the experiment file', ['validate', 'pipe.yaml'], 'error: pipe.yaml: ',
            'pipe.yaml is a named pipe, not a file', tmp)
    refused('a named pipe as the experiment file (run)', ['run', 'pipe.yaml', '--out', 'out'], 'error: pipe.yaml: ',
            'pipe.yaml is a named pipe, not a file', tmp)
    refused('/dev/zero as the experiment file', ['validate', '/dev/zero'], 'error: /dev/zero',
            '/dev/zero is a device, not a file', tmp)
    for name, profile in (('pipe', 'pipe.txt'), ('device', '/dev/zero')):
        write(tmp, f'grid-{name}.yaml', 'clusters:\n  - name: c\n    hosts: 4\n    speed: 1Gf\n'
              f'    link: {{bandwidth: 100MBps}}\n    load: {{cpu_profile: {profile}}}\n')
        write(tmp, f'dlt-{name}.yaml', f'model: dlt-star\nparameters:\n  platform: grid-{name}.yaml\n  V: 100\n'
              'sweep:\n  m: [1, 2]\nplots: []\n')
        refused(f'a {name} as a grid spec\'s cpu_profile', ['run', f'dlt-{name}.yaml', '--out', 'out'],
                f'error: dlt-{name}.yaml:3:13: parameters.platform: ',
                'pipe.txt is a named pipe, not a file' if name == 'pipe' else '/dev/zero is a device, not a file', tmp)
    xml = open(os.path.join(REPO, 'tests/bad_inputs/files/star-4.xml')).read()
    write(tmp, 'speed-pipe.xml', xml.replace('speed="1Gf"/>', 'speed="1Gf" speed_file="pipe.txt"/>', 1))
    write(tmp, 'dlt-speed-pipe.yaml', 'model: dlt-star\nparameters:\n  platform: speed-pipe.xml\n  V: 100\n'
          'sweep:\n  m: [1, 2]\nplots: []\n')
    refused("a named pipe as an XML host's speed_file", ['validate', 'dlt-speed-pipe.yaml'],
            'error: dlt-speed-pipe.yaml:3:13: parameters.platform: ', 'speed_file: pipe.txt is a named pipe', tmp)
    write(tmp, 'dlt-loop.yaml', 'model: dlt-star\nparameters:\n  platform: loop-a.xml\n  V: 100\nsweep:\n  m: [1]\n'
          'plots: []\n')
    refused('a loop of symbolic links as the platform', ['run', 'dlt-loop.yaml', '--out', 'out'],
            'error: dlt-loop.yaml:3:13: parameters.platform: ', 'loop-a.xml is a loop of symbolic links', tmp)

    # Output folders: empty, the input's own, two studies in one.
    refused('--out ""', ['run', 'star.yaml', '--out', ''], '--out: an empty folder name', '', tmp)
    os.makedirs(os.path.join(tmp, 'x'))
    shutil.copy(os.path.join(tmp, 'star.yaml'), os.path.join(tmp, 'x', 'experiment.yaml'))
    refused('run X/experiment.yaml --out X (the resolved copy would overwrite it)',
            ['run', 'x/experiment.yaml', '--out', 'x'], 'error: x/experiment.yaml is a file the run writes', '', tmp)
    if open(os.path.join(tmp, 'x', 'experiment.yaml')).read() != STAR or os.listdir(os.path.join(tmp, 'x')) != [
            'experiment.yaml']:
        failures.append('run X/experiment.yaml --out X changed X')
    write(tmp, 'paper/a.yaml', STAR)
    write(tmp, 'paper/a.yml', STAR)
    for command in (['validate', 'paper'], ['reproduce', 'paper', '--out', 'papers']):
        refused(f'{command[0]} of a.yaml and a.yml (one results folder)', command, 'error: paper/a.yml: ',
                "paper/a.yaml and paper/a.yml are both study 'a'", tmp)

    # A collect that fails leaves no lock behind (the shards are all it found).
    code, _, err = isogrid('run', 'star.yaml', '--shard', '1/2', '--out', 'sharded', cwd=tmp)
    before = sorted(os.listdir(os.path.join(tmp, 'sharded')))
    code, _, err = isogrid('collect', 'sharded', cwd=tmp)
    after = sorted(os.listdir(os.path.join(tmp, 'sharded')))
    if code != 2 or after != before:
        failures.append(f'a collect missing a shard: exit {code}, left {sorted(set(after) - set(before))}: {err}')
    else:
        print('  refused: collect with a shard missing, nothing left behind')

    # A results.csv whose row index is no number: --resume says where, rather than "stoull".
    code, _, err = isogrid('run', 'star.yaml', '--out', 'edited', '--no-plot', cwd=tmp)
    csv = os.path.join(tmp, 'edited', 'results.csv')
    lines = open(csv).read().split('\n')
    lines[2] = 'one' + lines[2][1:]
    open(csv, 'w').write('\n'.join(lines))
    refused('--resume on a results.csv edited by hand', ['run', 'star.yaml', '--out', 'edited', '--resume'],
            f'error: edited/results.csv:3:1: index: ', "expected the point's index, a whole number, got 'one'", tmp)

    # A results.csv that became a named pipe: --resume refuses it rather than wait on it.
    os.remove(csv)
    os.mkfifo(csv)
    refused('--resume on a results.csv that is a named pipe', ['run', 'star.yaml', '--out', 'edited', '--resume'],
            'error: edited/results.csv is a named pipe, not a file', '--force', tmp)

    # Tracing: each point's trace in the results folder, nothing in the working folder.
    code, _, err = isogrid('run', 'star.yaml', '--out', 'traced', '--no-plot', '--set', 'simgrid.tracing=yes',
                           cwd=tmp)
    traces = sorted(os.listdir(os.path.join(tmp, 'traced', 'traces'))) if code == 0 else []
    stray = [f for f in os.listdir(tmp) if f.endswith('.trace')]
    sizes = [os.path.getsize(os.path.join(tmp, 'traced', 'traces', f)) for f in traces]
    if code != 0 or traces != ['point-0.trace', 'point-1.trace'] or stray or not all(sizes):
        failures.append(f'tracing: exit {code}, traces {traces} of {sizes} bytes, stray {stray}: {err[-300:]}')
    else:
        print('  tracing: one trace per point in OUT/traces, none in the working folder')

    # A million literal values is a sweep, not an alias bomb.
    values = ', '.join(str(i + 1) for i in range(1_000_000))
    write(tmp, 'million.yaml', 'model: dlt-star\nmode: predict\nmax_points: 1000000\nparameters: {m: 3}\n'
          f'sweep:\n  V: [{values}]\nplots: []\n')
    code, out, err = isogrid('validate', 'million.yaml', cwd=tmp, timeout=300)
    if code != 0 or '1000000 value(s)' not in out:
        failures.append(f'a million literal values: exit {code}: {err[-300:]}')
    else:
        print('  a sweep of a million literal values validates')

for f in failures:
    print('FAIL:', f)
print(f'{len(failures)} failure(s)')
sys.exit(1 if failures else 0)
