#!/usr/bin/env python3
"""A model lives in its own folder and nowhere else: the token-ring example model is named (token-ring, token_ring,
TokenRing) only by the files of workloads/examples/, its experiment experiments/examples/token-ring.yaml and the
docs. Its folder holds its registration (ISOGRID_MODEL), its build (isogrid_add_model, its sources and tests) and its
refusals (bad_inputs/), so that adding a model like it edits no file outside its folder.

usage: check_model_locality.py [REPO]"""
import os
import re
import subprocess
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..'))
FOLDER = 'workloads/examples/'
# simulator/run/measured_costs.cpp is data, not code: a table of measured run times that
# bench/measure-point-costs.py writes from runs of the shipped studies. A new model needs no row in it (it has no
# run-time estimate until the table is measured again), so adding one still edits nothing outside its folder.
ALLOWED = (FOLDER, 'docs/', 'experiments/examples/token-ring.yaml', 'tests/check_model_locality.py',  # and this check
           'simulator/run/measured_costs.cpp')
NAME = re.compile(rb'token[-_]ring|TokenRing', re.I)


def tracked_files():
    try:
        out = subprocess.run(['git', 'ls-files', '-z'], cwd=root, capture_output=True, check=True).stdout
        return [p for p in out.decode().split('\0') if p]
    except (OSError, subprocess.CalledProcessError):  # not a clone: every file but build trees
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(('build', '.'))]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


problems = []
for path in tracked_files():
    if path.startswith(ALLOWED):
        continue
    full = os.path.join(root, path)
    if not os.path.isfile(full):
        continue
    with open(full, 'rb') as f:
        if NAME.search(f.read()):
            problems.append(f'{path} names the token ring, outside its folder')

def read(rel):
    with open(os.path.join(root, rel), encoding='utf-8') as f:
        return f.read()

cmake = read(FOLDER + 'CMakeLists.txt')
if 'isogrid_add_model(' not in cmake or 'token_ring_model.cpp' not in cmake or 'token_ring_test.cpp' not in cmake:
    problems.append(f'{FOLDER}CMakeLists.txt does not add the model and its test with isogrid_add_model')
if not re.search(r'ISOGRID_MODEL\("token-ring", make_token_ring_model\)', read(FOLDER + 'token_ring_model.cpp')):
    problems.append(f'{FOLDER}token_ring_model.cpp does not register the model (ISOGRID_MODEL)')
if not os.path.isdir(os.path.join(root, FOLDER, 'bad_inputs')):
    problems.append(f'{FOLDER} has no bad_inputs/ of its own')

for p in problems:
    print('FAIL:', p)
print(f'{len(problems)} problem(s)')
sys.exit(1 if problems else 0)
