#!/usr/bin/env python3
"""isogrid installed into a temporary prefix, and examples/plugin-scheduler built against that prefix the way a user
builds it (a copy of the project outside the source tree, find_package(isogrid) through CMAKE_PREFIX_PATH only),
then its experiment run by the installed isogrid: the plugin's scheduler races BE and DP, and its rows are checked.

usage: plugin_install_test.py CMAKE BUILD_DIR SOURCE_DIR
"""
import csv
import os
import shutil
import subprocess
import sys
import tempfile

CMAKE, BUILD, SOURCE = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
failures = []


def run(*args, cwd=None):
    r = subprocess.run(list(args), capture_output=True, text=True, cwd=cwd, timeout=600)
    if r.returncode not in (0,):
        print(f'$ {" ".join(args)}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}')
    return r


def check(condition, what):
    if not condition:
        failures.append(what)


with tempfile.TemporaryDirectory() as tmp:
    prefix, project = os.path.join(tmp, 'prefix'), os.path.join(tmp, 'plugin-scheduler')
    r = run(CMAKE, '--install', BUILD, '--prefix', prefix)
    check(r.returncode == 0, 'cmake --install')
    isogrid = os.path.join(prefix, 'bin', 'isogrid')
    for installed in ('bin/isogrid', 'include/isogrid/plugin/plugin.hpp',
                      'include/isogrid/plugin/plugin_stamp.hpp', 'lib/cmake/isogrid/isogridConfig.cmake',
                      'share/isogrid/plot/isogrid_plot.py'):
        check(os.path.exists(os.path.join(prefix, installed)), f'installed: {installed}')

    shutil.copytree(os.path.join(SOURCE, 'examples', 'plugin-scheduler'), project,
                    ignore=shutil.ignore_patterns('build'))
    r = run(CMAKE, '-S', project, '-B', os.path.join(project, 'build'), f'-DCMAKE_PREFIX_PATH={prefix}',
            '-DCMAKE_BUILD_TYPE=Release')
    check(r.returncode == 0, 'configure the example against the prefix')
    r = run(CMAKE, '--build', os.path.join(project, 'build'))
    check(r.returncode == 0, 'build the example')

    out = os.path.join(tmp, 'out')
    r = run(isogrid, 'run', 'race.yaml', '--out', out, '--no-plot', '--no-progress', cwd=project)
    check(r.returncode == 0, f'the example runs and its comparison holds: exit {r.returncode}')
    if r.returncode == 0:
        with open(os.path.join(out, 'results.csv')) as f:
            rows = list(csv.DictReader(f))
        check(len(rows) == 20, f'20 rows (2 sizes x 10 clusters), got {len(rows)}')
        for row in rows:
            m, k = int(row['machines']), float(row['pred_processors_fastest_k'])
            check(row['status'] == 'ok', f'row {row["index"]}: {row["status"]} {row["message"]}')
            check(1 <= k <= m, f'row {row["index"]}: fastest_k picked {k} of {m} machines')
            check(float(row['pred_time_fastest_k']) > 0, f'row {row["index"]}: no time for fastest_k')
            # race.yaml's comparison holds for the means; with 256 machines it holds on every drawn cluster too
            # (a finding of this example with its seed, not a claim of the thesis).
            if m == 256:
                check(float(row['pred_time_fastest_k']) <= float(row['pred_time_be']),
                      f'row {row["index"]}: at 256 machines fastest_k should beat BE on every drawn cluster')
        with open(os.path.join(out, 'run.json')) as f:
            check('libfastest_k.so' in f.read(), 'run.json records the plugin')

    r = run(isogrid, 'list', 'policies', '--plugin', os.path.join(project, 'build', 'libfastest_k.so'))
    check(r.returncode == 0 and 'fastest_k' in r.stdout and 'from the plugin' in r.stdout, 'list --plugin')

for f in failures:
    print('FAIL:', f)
print(f'{len(failures)} failure(s)')
sys.exit(1 if failures else 0)
