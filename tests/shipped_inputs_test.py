#!/usr/bin/env python3
"""Everything isogrid ships is valid as shipped: every platform under platforms/ passes `isogrid validate` and
`isogrid platform` (and `isogrid plan`, for a spec of clusters), every experiment under experiments/ passes
`isogrid validate`, and so does every paper folder.
(`validate` refused six of the thirteen shipped platforms once: every grid spec with load:.)

usage: shipped_inputs_test.py ISOGRID REPO_DIR
"""
import glob
import os
import subprocess
import sys

ISOGRID, REPO = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
checked = 0


def check(*args):
    global checked
    r = subprocess.run([ISOGRID, *args], capture_output=True, text=True, cwd=REPO, timeout=600)
    checked += 1
    if r.returncode != 0:
        failures.append(f'isogrid {" ".join(args)}: exit {r.returncode}: {r.stderr.strip()[-400:]}')


platforms = sorted(glob.glob(os.path.join(REPO, 'platforms', '**', '*.xml'), recursive=True) +
                   glob.glob(os.path.join(REPO, 'platforms', '**', '*.yaml'), recursive=True))
for p in platforms:
    check('validate', os.path.relpath(p, REPO))
    check('platform', os.path.relpath(p, REPO))
    if p.endswith('.yaml') and '\nclusters:' in '\n' + open(p).read():
        check('plan', os.path.relpath(p, REPO))  # Argollo's tuning plan reads a spec of clusters
papers = sorted(d for d in glob.glob(os.path.join(REPO, 'experiments', '*')) if os.path.isdir(d))
for folder in papers:
    check('validate', os.path.relpath(folder, REPO))
    for study in sorted(glob.glob(os.path.join(folder, '*.yaml'))):
        if os.path.basename(study) != 'paper.yaml':
            check('validate', os.path.relpath(study, REPO))
if len(platforms) < 13 or len(papers) < 8:
    failures.append(f'only {len(platforms)} platforms and {len(papers)} papers found under {REPO}')

for f in failures:
    print('FAIL:', f)
print(f'{checked} commands on {len(platforms)} platforms and {len(papers)} paper folders, {len(failures)} failure(s)')
sys.exit(1 if failures else 0)
