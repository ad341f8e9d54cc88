#!/usr/bin/env python3
"""Every file under tests/bad_inputs/<group>/, and under a model's or policy folder's own bad_inputs/<group>/
(workloads/*/bad_inputs, policies/*/bad_inputs: a model's refusals live with it), is an input isogrid must refuse
before the first point.

A case is an experiment file whose header says what is wrong and how the refusal reads:

    # a negative V
    # set: V=-1                      (optional, repeatable: --set arguments; \\xNN stands for a byte)
    # refused: 9:11 sweep.V[1]: V must be > 0, got -100
    # refused: command line parameters.V: V must be > 0        (for an error in a --set argument)
    # refused: <cases>/files/t.swf:5:45 trace: an SWF record has 18 fields   (in a file the case names)

Both `isogrid validate` and `isogrid run --out DIR` must exit 2 with `error: FILE:LINE:COLUMN: KEY: MESSAGE` (or
`error: command line: KEY: MESSAGE`) as the first line of stderr, the message holding the fragment given, and the
run must leave nothing behind: no DIR, nothing else in its parent. Paths in messages read <cases> for the case's
bad_inputs folder and <repo> for the repository. Files under files/ are fixtures the cases name (platforms), not cases.

usage: bad_inputs_test.py ISOGRID CASES_DIR [REPO_DIR]
"""
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile


def decode_escapes(text):
    """'caf\\xe9' -> b'caf\\xe9': a header stays valid UTF-8 while standing for bytes that are not."""
    out = bytearray()
    i = 0
    while i < len(text):
        if text.startswith('\\x', i) and re.fullmatch(r'[0-9a-fA-F]{2}', text[i + 2:i + 4] or ''):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            out += text[i].encode()
            i += 1
    return bytes(out)


class Case:
    def __init__(self, path, cases_dir):
        self.path = path
        self.cases_dir = cases_dir  # the bad_inputs folder it is in: <cases> in its messages
        self.group = os.path.basename(os.path.dirname(path))
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.sets = []
        self.refused = None
        with open(path, 'rb') as f:
            for raw in f.read().split(b'\n'):
                line = raw.decode('utf-8', 'replace')
                if not line.startswith('#'):
                    break
                if line.startswith('# set: '):
                    self.sets.append(decode_escapes(line[len('# set: '):]))
                elif line.startswith('# refused: '):
                    self.refused = line[len('# refused: '):]
        if not self.refused:
            raise SystemExit(f'{path}: no "# refused:" line')
        m = re.fullmatch(r'(command line|\d+:\d+|<cases>/\S+:\d+:\d+) (\S*): (.*)', self.refused)
        if not m:
            raise SystemExit(f'{path}: cannot read "# refused: {self.refused}"')
        self.where, self.key, self.fragment = m.groups()

    def expected_prefix(self):
        if self.where == 'command line':
            where = 'command line'
        elif self.where.startswith('<cases>/'):  # in a file the case names (a job trace's own record)
            where = self.cases_dir + self.where[len('<cases>'):]
        else:
            where = f'{self.path}:{self.where}'
        return f'error: {where}: ' + (f'{self.key}: ' if self.key else '')


def check(isogrid, case, repo_dir):
    """Returns (case, [problems], crashed)."""
    problems = []
    crashed = False
    sets = sum(([b'--set', s] for s in case.sets), [])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'out')
        commands = {
            'validate': [isogrid.encode(), b'validate', case.path.encode()] + sets,
            'run': [isogrid.encode(), b'run', case.path.encode(), b'--out', out.encode(), b'--jobs', b'2'] + sets,
        }
        for what, argv in commands.items():
            try:
                r = subprocess.run(argv, capture_output=True, timeout=300, cwd=tmp)
            except subprocess.TimeoutExpired:
                problems.append(f'{what}: still running after 300 s')
                crashed = True
                continue
            err = r.stderr.decode('utf-8', 'replace')
            first = err.splitlines()[0] if err else ''
            shown = first.replace(case.cases_dir, '<cases>').replace(repo_dir, '<repo>')
            if r.returncode < 0 or r.returncode > 3:
                crashed = True
                problems.append(f'{what}: crashed with {r.returncode}: {err[-400:]}')
                continue
            if r.returncode != 2:
                problems.append(f'{what}: exit {r.returncode}, expected 2; stderr: {err[:300]}')
                continue
            if not first.startswith(case.expected_prefix()):
                problems.append(f'{what}: expected a line starting "{case.expected_prefix()}", got "{first}"')
            elif case.fragment not in shown:
                problems.append(f'{what}: "{shown}" does not say "{case.fragment}"')
        left = os.listdir(tmp)
        if left:
            problems.append(f'run: refused but left {left} behind')
    return case, problems, crashed


def main():
    isogrid = os.path.abspath(sys.argv[1])
    cases_dir = os.path.abspath(sys.argv[2])
    repo_dir = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else os.path.dirname(os.path.dirname(cases_dir))
    cases = []
    folders = [cases_dir] + sorted(glob.glob(os.path.join(repo_dir, 'workloads', '*', 'bad_inputs')) +
                                   glob.glob(os.path.join(repo_dir, 'policies', '*', 'bad_inputs')))
    for root in folders:
        for group in sorted(os.listdir(root)):
            folder = os.path.join(root, group)
            if group == 'files' or not os.path.isdir(folder):
                continue
            cases += [Case(os.path.join(folder, f), root) for f in sorted(os.listdir(folder)) if f.endswith('.yaml')]
    if len(cases) < 170:
        print(f'only {len(cases)} cases found in {cases_dir}', file=sys.stderr)
        return 1

    tally = collections.OrderedDict()
    failed = 0
    crashes = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for case, problems, crashed in pool.map(lambda c: check(isogrid, c, repo_dir), cases):
            t = tally.setdefault(case.group, [0, 0, 0])
            t[0] += 1
            t[1] += not problems
            t[2] += crashed
            crashes += crashed
            if problems:
                failed += 1
                print(f'FAIL {case.group}/{case.name}:')
                for p in problems:
                    print(f'    {p}')

    print(f'\n| group | inputs tried | refused correctly | crashes |\n|---|---|---|---|')
    for group, (n, ok, crash) in tally.items():
        print(f'| {group} | {n} | {ok} | {crash} |')
    print(f'| all | {len(cases)} | {len(cases) - failed} | {crashes} |')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
