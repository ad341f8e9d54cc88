#!/usr/bin/env python3
"""Plugins loaded into isogrid (plugin/): a plugin that adds a model is listed, validated and run like a
built-in one, and every plugin isogrid must refuse is refused before the first point: exit 2, the reason on the
first line of stderr at the `plugins:` entry's file, line and column (or `command line: --plugin:`), nothing written.
Hostile plugins too (a registration that throws an int, a null stamp, a stamp that is data, a constructor that aborts,
exit() in the registration): each is tried in a worker first, so isogrid refuses it instead of dying with it.

usage: plugins_test.py ISOGRID PLUGIN_DIR
  PLUGIN_DIR holds the test plugins tests/CMakeLists.txt builds from tests/plugins/.
"""
import csv
import os
import subprocess
import sys
import tempfile

ISOGRID, PLUGINS = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def plugin(name):
    return os.path.join(PLUGINS, f'libtest_plugin_{name}.so')


def isogrid(*args, cwd=None):
    r = subprocess.run([ISOGRID, *args], capture_output=True, text=True, cwd=cwd, timeout=300)
    return r.returncode, r.stdout, r.stderr


def check(condition, what):
    if not condition:
        failures.append(what)


def experiment(folder, name, plugins_line, body='model: plugin-square\nmode: predict\nsweep:\n  x: [0, 1.5, 3, 1e3]\n'
               'plots: []\n'):
    path = os.path.join(folder, name)
    with open(path, 'w') as f:
        f.write(plugins_line + body)
    return path


with tempfile.TemporaryDirectory() as tmp:
    # A model from a plugin, named by the experiment file, its path relative to the file.
    os.symlink(plugin('square_model'), os.path.join(tmp, 'libsquare.so'))
    good = experiment(tmp, 'square.yaml', 'plugins: [libsquare.so]\n')
    code, out, err = isogrid('run', good, '--out', os.path.join(tmp, 'out'), '--no-plot', '--no-progress')
    check(code == 0, f'the plugin model runs: exit {code}, {err}')
    if code == 0:
        with open(os.path.join(tmp, 'out', 'results.csv')) as f:
            rows = list(csv.DictReader(f))
        ys = [(float(r['x']), float(r['pred_y'])) for r in rows]
        check(ys == [(0, 0), (1.5, 2.25), (3, 9), (1000, 1e6)], f'y = x^2 for every point: {ys}')
        with open(os.path.join(tmp, 'out', 'run.json')) as f:
            run = f.read()
        check(os.path.realpath(plugin('square_model')) in run and '"sha256"' in run, 'run.json records the plugin')
    # The same model with --plugin instead of `plugins:`; validate and list see it too.
    bare = experiment(tmp, 'bare.yaml', '')
    code, out, err = isogrid('validate', bare, '--plugin', plugin('square_model'))
    check(code == 0 and '4 point' in out, f'validate --plugin: exit {code}, {out} {err}')
    code, out, err = isogrid('list', 'models', '--plugin', plugin('square_model'))
    check(code == 0 and 'plugin-square' in out and 'from the plugin' in out, f'list --plugin: {out[-300:]} {err}')
    # A bad value of the plugin model's parameter is refused like a built-in one's, with its bound.
    code, out, err = isogrid('validate', bare, '--plugin', plugin('square_model'), '--set', 'x=-1')
    check(code == 2 and 'x' in err and '>= 0' in err, f'a bad plugin parameter: exit {code}, {err}')
    # An unknown model name suggests the plugin's.
    typo = experiment(tmp, 'typo.yaml', 'plugins: [libsquare.so]\n', 'model: plugin-squar\nplots: []\n')
    code, out, err = isogrid('validate', typo)
    check(code == 2 and 'plugin-square' in err, f'closest name: exit {code}, {err}')

    # A policy from a plugin in a built-in model: dlt-star serving three unequal workers last first (the plugin's
    # `reverse`) gives, face by face, what serving the same workers listed in reverse gives in the given order.
    def dlt(name, order, a, c):
        return experiment(tmp, name, f'plugins: [{plugin("reverse_sequence")}]\n',
                          f'model: dlt-star\nmode: both\nparameters: {{m: 3, V: 1e6, A: {a}, C: {c}, S: 0.5, '
                          f'sequence: {order}}}\nplots: []\n')
    columns = ('pred_makespan', 'sim_makespan', 'pred_alpha_first', 'pred_alpha_last')
    made = {}
    for name, order, a, c in (('reversed.yaml', 'reverse', '[1, 2, 4]', '[0.01, 0.05, 0.2]'),
                              ('listed-backwards.yaml', 'given', '[4, 2, 1]', '[0.2, 0.05, 0.01]')):
        out_dir = os.path.join(tmp, 'out-' + name)
        code, out, err = isogrid('run', dlt(name, order, a, c), '--out', out_dir, '--no-plot', '--no-progress')
        check(code == 0, f'{name}: exit {code}, {err}')
        if code == 0:
            with open(os.path.join(out_dir, 'results.csv')) as f:
                row = next(csv.DictReader(f))
            made[name] = [float(row[k]) for k in columns]
    if len(made) == 2:
        check(made['reversed.yaml'] == made['listed-backwards.yaml'],
              f'reverse = given on the reversed list: {made}')
        check(abs(made['reversed.yaml'][1] / made['reversed.yaml'][0] - 1) < 1e-6,
              f'reverse: simulated makespan = Eqs. 1-3 to 1e-6: {made["reversed.yaml"]}')

    # A family with no entry point of its own, added to through the generic add_policy: lbm-grid on unequal clusters
    # with the plugin's `by-capacity` gives, face by face, what the built-in `capacity-weighted` gives.
    def lbm(name, decomposition):
        return experiment(tmp, name, f'plugins: [{plugin("weighted_decomposition")}]\n',
                          f'model: lbm-grid\nmode: both\nparameters: {{N_x: 400, N_y: 20, C: 2, p: [2, 4], '
                          f'delta: [1e5, 2e5], decomposition: {decomposition}}}\nplots: []\n')
    lbm_rows = {}
    for name, decomposition in (('by-capacity.yaml', 'by-capacity'), ('capacity-weighted.yaml', 'capacity-weighted')):
        out_dir = os.path.join(tmp, 'out-' + name)
        code, out, err = isogrid('run', lbm(name, decomposition), '--out', out_dir, '--no-plot', '--no-progress')
        check(code == 0, f'{name}: exit {code}, {err}')
        if code == 0:
            with open(os.path.join(out_dir, 'results.csv')) as f:
                row = next(csv.DictReader(f))
            lbm_rows[name] = {k: v for k, v in row.items() if k.startswith(('pred_', 'sim_'))}
    if len(lbm_rows) == 2:
        check(lbm_rows['by-capacity.yaml'] == lbm_rows['capacity-weighted.yaml'] and
              lbm_rows['by-capacity.yaml']['sim_speedup'] != '',
              f'by-capacity = capacity-weighted, face by face: {lbm_rows}')
    code, out, err = isogrid('list', 'policies', '--plugin', plugin('weighted_decomposition'))
    check(code == 0 and 'by-capacity' in out, f'list policies --plugin: {out[-300:]} {err}')

    # Refusals: (plugins: entry, fragment of the message).
    refusals = [
        ('no-such-plugin.so', 'no plugin file'),
        (plugin('not_a_plugin'), 'is not an isogrid plugin'),
        (plugin('wrong_stamp'), 'was built for "isogrid 0.0.1'),
        (plugin('taken_name'), "resource-selection policy 'dp' is built into isogrid"),
        (os.path.join(tmp, 'square.yaml'), 'cannot load'),  # not a shared library
        # Hostile plugins, tried in a worker first: whatever their code does, isogrid refuses them and goes on.
        (plugin('throws_int'), 'its registration threw something that is no std::exception'),
        (plugin('null_stamp'), 'no stamp: isogrid_plugin_stamp returned null'),
        (plugin('data_stamp'), 'loading it crashed: signal 11'),
        (plugin('aborting_constructor'), 'loading it crashed: signal 6'),
        (plugin('exits_in_registration'), 'loading it exited with code 0 before reporting a result'),
    ]
    for i, (entry, fragment) in enumerate(refusals):
        path = experiment(tmp, f'refused-{i}.yaml', f'plugins:\n  - {entry}\n')
        for command in (['validate', path], ['run', path, '--out', os.path.join(tmp, f'never-{i}')]):
            code, out, err = isogrid(*command)
            first = err.splitlines()[0] if err else ''
            check(code == 2, f'{entry}: {command[0]} exits {code}, not 2: {err}')
            check(first.startswith(f'error: {path}:2:5: plugins[0]: ') and fragment in first,
                  f'{entry}: {command[0]}: {first!r} should read "{path}:2:5: plugins[0]: ...{fragment}"')
        check(not os.path.exists(os.path.join(tmp, f'never-{i}')), f'{entry}: run wrote its folder')
        # The same plugin from the command line.
        code, out, err = isogrid('validate', bare, '--plugin', entry)
        check(code == 2 and err.startswith('error: command line: --plugin: ') and fragment in err,
              f'{entry} by --plugin: exit {code}, {err}')
    # A refused plugin leaves nothing: the fresh name it registered before the taken one is unknown.
    code, out, err = isogrid('list', 'policies', '--plugin', plugin('taken_name'))
    check(code == 2 and 'first_machine' not in out, f'taken_name refused as a whole: {code} {out[-200:]}')
    # A plugins: key that is not a list.
    path = experiment(tmp, 'not-a-list.yaml', 'plugins: libsquare.so\n')
    code, out, err = isogrid('validate', path)
    check(code == 2 and f'{path}:1:10: plugins: expected a list' in err, f'plugins not a list: {err}')

for f in failures:
    print('FAIL:', f)
print(f'{len(failures)} failure(s)')
sys.exit(1 if failures else 0)
