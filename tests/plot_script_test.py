"""Tests of the matplotlib front end: simulator/plot/isogrid_plot.py and its package isoplot.

Run as (ctest does this as the `plot_script` test):

    MPLBACKEND=Agg /usr/bin/python3 tests/plot_script_test.py simulator/plot/isogrid_plot.py

It fabricates results folders (run.json + results.csv + summary.csv, as `isogrid run`
writes them) in temporary folders, runs the script on them as a subprocess and checks exit
codes, the `wrote` lines, the PNG files and the error messages; and it imports the script
(which puts the package isoplot on sys.path) and the package's modules to test their pure
helpers and what the drawing functions put into a figure.  Set ISOGRID_PLOT_TEST_OUT=DIR to
keep the fabricated folders (and their images) in DIR for a look.
"""

import collections
import contextlib
import csv
import dataclasses
import importlib
import importlib.util
import io
import json
import math
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import unittest
import warnings

import numpy as np
from matplotlib import colors as mcolors

SCRIPT = None  # path of isogrid_plot.py, from argv
entry = None  # the script imported as a module
isoplot = None  # the package beside it, every module imported
plt = None  # matplotlib.pyplot, once isoplot chose its backend

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MODULES = ("cli", "context", "contour", "errors", "levels", "line", "panels", "parity", "points", "presentation", "results",
           "selection", "sequence", "spec", "style", "timeline", "values")


def load_script(path):
    spec = importlib.util.spec_from_file_location("isogrid_plot", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_package(path):
    """The entry script, and the package isoplot that it put on sys.path, with every module."""
    script = load_script(path)
    for name in MODULES:
        importlib.import_module(f"isoplot.{name}")
    return script, sys.modules["isoplot"]


# ---------------------------------------------------------------------------------------
# Fabricating results folders
# ---------------------------------------------------------------------------------------

METRICS = [
    {"name": "makespan", "doc": "time until the last result arrives", "unit": "time"},
    {"name": "efficiency", "doc": "speedup / m", "unit": ""},
    {"name": "speedup", "doc": "single-processor time / makespan", "unit": ""},
    {"name": "feasible", "doc": "1 when the instance has a solution", "unit": ""},
]
METRIC_NAMES = [m["name"] for m in METRICS]


def number(x):
    """Shortest round-trip spelling as the C++ side writes it; NaN as an empty field."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e16:
        return str(int(x))
    return repr(x)


STATISTICS = ("mean", "std", "median", "cv")


def statistics_of(values):
    """mean, sample std, median and cv of a list of floats, None where undefined (no
    value; std and cv of a single value; cv of a zero mean), as summary.csv has them."""
    if not values:
        return None, None, None, None
    mean = sum(values) / len(values)
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else None
    cv = std / mean if std is not None and mean != 0 else None
    return mean, std, statistics.median(values), cv


def summarise(rows, parameters, columns, combination=None):
    """summary.csv's rows for results.csv's `rows` (dicts of field texts), computed as the
    C++ side does: one row per combination in order, its parameter texts, the number of
    its ok rows (status 'ok'; rows without a status are ok), and per column the
    statistics of its ok rows' values.  combination(i, row) -> its index; by default the
    rows with the same parameter texts are one combination."""
    groups = collections.OrderedDict()
    for i, r in enumerate(rows):
        key = combination(i, r) if combination else tuple(r[p] for p in parameters)
        groups.setdefault(key, []).append(r)
    out = []
    for k, (key, members) in enumerate(groups.items()):
        ok = [r for r in members if r.get("status", "ok") == "ok"]
        row = {"combination": str(key if combination else k)}
        row.update({p: members[0][p] for p in parameters})
        row["repetitions_ok"] = str(len(ok))
        for c in columns:
            values = [float(r[c]) for r in ok if r[c].strip() != ""]
            for name, value in zip(STATISTICS, statistics_of(values)):
                row[f"{c}_{name}"] = number(value)
        out.append(row)
    return out


def results_table(rows, params, faces, metric_names):
    """results.csv's header and lines (lists of fields) for `rows` (see write_folder)."""
    header = ["index", "repetition"] + params + ["seed", "status"]
    for face in faces:
        header += [f"{face}_{m}" for m in metric_names]
    if len(faces) == 2:
        header.append("rel_dev")
    header += ["message", "wall_s"]
    lines = []
    for i, row in enumerate(rows):
        fields = [str(i), str(row.get("repetition", 0))]
        fields += [row[p] if isinstance(row[p], str) else number(row[p]) for p in params]
        fields += [str(1000 + i), row.get("status", "ok")]
        ok = row.get("status", "ok") == "ok"
        for face in faces:
            values = row.get(face, {})
            fields += [number(values.get(m)) if ok else "" for m in metric_names]
        if len(faces) == 2:
            fields.append("0" if ok else "")
        fields += ["failed, on purpose" if not ok else "", "0.001000"]
        lines.append(fields)
    return header, lines


def csv_text(lines):
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(lines)
    return out.getvalue()


def write_summary(folder, header, lines):
    """summary.csv of results.csv's header and lines: a combination is results.csv's
    index divided by the number of repetitions (the fabricated index is the row number)."""
    params = header[header.index("repetition") + 1 : header.index("seed")]
    columns = [c for c in header[header.index("status") + 1 :] if c.startswith(("pred_", "sim_"))]
    rows = [dict(zip(header, fields)) for fields in lines]
    repetitions = 1 + max((int(r["repetition"]) for r in rows), default=0)
    summary = summarise(rows, params, columns, combination=lambda i, r: int(r["index"]) // repetitions)
    out = [["combination"] + params + ["repetitions_ok"] + [f"{c}_{s}" for c in columns for s in STATISTICS]]
    out += [[r[c] for c in out[0]] for r in summary]
    with open(os.path.join(folder, "summary.csv"), "w") as f:
        f.write(csv_text(out))


def write_folder(folder, axes, plots, rows, params, faces=("pred", "sim"), title="Test experiment", status="complete",
                 metrics=None, summary_rows=None):
    """run.json, results.csv and summary.csv for `rows`: dicts with the parameters,
    'status', and per face a dict of metric values ('pred', 'sim'); `metrics` as in
    run.json (METRICS by default).  summary.csv is computed from `summary_rows` when given
    (a summary that differs from results.csv shows which file a plot reads), else from
    `rows`."""
    metrics = METRICS if metrics is None else metrics
    metric_names = [m["name"] for m in metrics]
    os.makedirs(folder, exist_ok=True)
    run = {
        "isogrid_version": "test",
        "experiment": {
            "title": title,
            "model": "dlt-star",
            "mode": "both" if len(faces) == 2 else ("predict" if faces == ("pred",) else "simulate"),
            "axes": [{"name": name, "values": [number(v) if not isinstance(v, str) else v for v in values]}
                     for name, values in axes],
            "repetitions": 1 + max((row.get("repetition", 0) for row in rows), default=0),
        },
        "metrics": metrics,
        "primary_metric": metric_names[0],
        "plots": plots,
        "status": status,
    }
    with open(os.path.join(folder, "run.json"), "w") as f:
        json.dump(run, f, indent=2)
    header, lines = results_table(rows, params, faces, metric_names)
    with open(os.path.join(folder, "results.csv"), "w") as f:
        f.write(csv_text([header] + lines))
    if summary_rows is not None:
        lines = results_table(summary_rows, params, faces, metric_names)[1]
    write_summary(folder, header, lines)
    return folder


def policy_folder(folder):
    """An m x V contour (held.png) over results that also sweep a policy the plot does not show."""
    rows = []
    for policy, scale in (("fifo", 1.0), ("lifo", 0.5)):
        for m in (1, 2, 3):
            for V in (1.0, 10.0, 100.0):
                e = efficiency(m, V) * scale
                rows.append({"m": m, "V": V, "policy": policy,
                             "sim": {"makespan": 1, "efficiency": e, "speedup": e * m, "feasible": 1}})
    plots = [{"kind": "contour", "x": "m", "y": "V", "z": "efficiency", "face": "simulated",
              "log_x": False, "log_y": True, "file": "held.png"}]
    write_folder(folder, [("m", [1, 2, 3]), ("V", [1.0, 10.0, 100.0]), ("policy", ["fifo", "lifo"])], plots,
                 rows, params=["m", "V", "policy"], faces=("sim",))
    return folder


def efficiency(m, V):
    """A plausible isoefficiency surface: E falls with m, rises with the load V."""
    return 1.0 / (1.0 + 0.4 * (m - 1) * 10.0 / (10.0 + V))


def contour_folder(folder):
    """m x V grid (V log-spaced) with an infeasible corner (large m, small V), one failed
    point, and two repetitions of every point."""
    ms = [1, 2, 3, 4, 5, 6, 7, 8]
    Vs = [10.0 ** (k / 2) for k in range(0, 9)]  # 1 .. 1e4
    rows = []
    for m in ms:
        for V in Vs:
            for rep in range(2):
                e = efficiency(m, V) * (1 + 0.01 * (rep - 0.5))
                feasible = 0.0 if (m >= 6 and V <= 3.2) else 1.0
                if not feasible:
                    e = 0.0
                row = {"m": m, "V": V, "policy": "fifo", "repetition": rep}
                values = {"makespan": V / max(e, 1e-3) / m, "efficiency": e, "speedup": e * m, "feasible": feasible}
                row["pred"] = dict(values, efficiency=efficiency(m, V) if feasible else 0.0)
                row["sim"] = values
                if m == 3 and V == 100.0:
                    row["status"] = "error"  # every repetition of this point failed
                rows.append(row)
    plots = [
        {"kind": "contour", "x": "m", "y": "V", "z": "efficiency", "face": "simulated", "log_x": False,
         "log_y": True, "levels": [0.1, 0.2, 0.3, 0.5, 0.7, 0.9], "infeasible": "feasible", "file": "fig3.png"},
        # default levels, log-spanning z, predicted face, a title of its own
        {"kind": "contour", "x": "m", "y": "V", "z": "makespan", "face": "predicted", "log_x": False,
         "log_y": True, "title": "Makespan map", "file": "makespan.png"},
    ]
    return write_folder(folder, [("m", ms), ("V", Vs)], plots, rows, params=["m", "V", "policy"])


def line_folder(folder):
    """efficiency and speedup against m, one curve per V, three repetitions, both faces."""
    ms = [1, 2, 4, 8, 16, 32]
    Vs = [1.0, 10.0, 100.0]
    rows = []
    for V in Vs:
        for m in ms:
            for rep in range(3):
                noise = 1 + 0.03 * (rep - 1)
                e = efficiency(m, V)
                rows.append({"m": m, "V": V, "repetition": rep,
                             "pred": {"makespan": 1 / e, "efficiency": e, "speedup": e * m, "feasible": 1.0},
                             "sim": {"makespan": noise / e, "efficiency": e / noise, "speedup": e * m / noise,
                                     "feasible": 1.0}})
    rows[4]["status"] = "timeout"
    plots = [
        {"kind": "line", "x": "m", "y": ["efficiency", "speedup"], "series": "V", "face": "simulated",
         "log_x": True, "log_y": False, "file": "plot-1.png"},
        {"kind": "line", "x": "m", "y": ["makespan"], "face": "simulated", "log_x": True, "log_y": True,
         "file": "plot-2.png"},
    ]
    return write_folder(folder, [("m", ms), ("V", Vs)], plots, rows, params=["m", "V"], title="Efficiency against m")


def categorical_folder(folder):
    """makespan per scheduling policy (words on the x axis), simulated only."""
    policies = ["fifo", "round-robin", "largest-first"]
    rows = []
    for k, p in enumerate(policies):
        for rep in range(2):
            rows.append({"policy": p, "m": 4, "repetition": rep,
                         "sim": {"makespan": 10.0 + k + 0.5 * rep, "efficiency": 0.5, "speedup": 2, "feasible": 1}})
    plots = [{"kind": "line", "x": "policy", "y": ["makespan"], "face": "simulated", "log_x": False,
              "log_y": False, "file": "policies.png"}]
    return write_folder(folder, [("policy", policies)], plots, rows, params=["policy", "m"], faces=("sim",))


ELEMENT_DELTAS = [1.0, 2.0, 5.0, 10.0, 20.0]


def element_folder(folder):
    """A sweep over one element of a list parameter: delta[1], the speed of the second of
    three clusters, against N_x.  results.csv holds the whole list in the delta column
    ("1;5;3"), as the runner writes it."""
    Nxs = [100, 200, 400]
    rows = []
    for d in ELEMENT_DELTAS:
        for N_x in Nxs:
            e = (1 + d + 3) / 3 / (1 + 1000.0 / N_x)
            values = {"makespan": N_x / e, "efficiency": e, "speedup": 3 * e, "feasible": 1}
            rows.append({"delta": f"1;{number(d)};3", "N_x": N_x, "pred": values, "sim": values})
    plots = [
        {"kind": "contour", "x": "delta[1]", "y": "N_x", "z": "efficiency", "face": "simulated", "log_x": True,
         "log_y": False, "file": "element-contour.png"},
        {"kind": "line", "x": "delta[1]", "y": ["efficiency"], "series": "N_x", "select": {"N_x": ["200", "400"]},
         "face": "simulated", "log_x": True, "file": "element-line.png"},
    ]
    return write_folder(folder, [("delta[1]", ELEMENT_DELTAS), ("N_x", Nxs)], plots, rows, params=["delta", "N_x"])


# A grid experiment in the manner of Korkhov (2009), ch. 4: an N_x x N_y mesh split over
# C clusters of p processors each.  Many (N_x, p) give the same grain size.
GRID_METRICS = [
    {"name": "time", "doc": "execution time", "unit": "s"},
    {"name": "grain_size", "doc": "mesh cells per processor", "unit": "cells"},
    {"name": "beta", "doc": "communication / computation", "unit": ""},
    {"name": "grid_efficiency", "doc": "speedup / (C p)", "unit": ""},
    {"name": "grid_speedup", "doc": "single-processor time / time", "unit": ""},
]
GRID_AXES = [("C", [1, 2, 4]), ("N_x", [100, 200, 400]), ("N_y", [50, 100]), ("p", [1, 2, 4, 8])]


def grid_values(C, N_x, N_y, p, deviation=0.0):
    grain = N_x * N_y / (C * p)
    compute = 1e-3 * grain
    communicate = 0.02 * C * math.sqrt(p) * N_y / 50
    time = (compute + communicate) * (1 + deviation)
    beta = communicate / compute
    e = 1 / (1 + beta)
    return {"time": time, "grain_size": grain, "beta": beta, "grid_efficiency": e, "grid_speedup": e * C * p}


def grid_folder(folder, plots, faces=("pred", "sim"), repetitions=2):
    """The full C x N_x x N_y x p sweep with `repetitions` repetitions; the simulation
    deviates from the prediction by up to 7 % (so some points leave a 5 % band), and
    one point fails in every repetition."""
    rows = []
    k = 0
    for C in GRID_AXES[0][1]:
        for N_x in GRID_AXES[1][1]:
            for N_y in GRID_AXES[2][1]:
                for p in GRID_AXES[3][1]:
                    k += 1
                    deviation = 0.07 * math.sin(1.7 * k)  # deterministic, in [-7 %, 7 %]
                    for rep in range(repetitions):
                        row = {"C": C, "N_x": N_x, "N_y": N_y, "p": p, "policy": "static", "repetition": rep,
                               "pred": grid_values(C, N_x, N_y, p),
                               "sim": grid_values(C, N_x, N_y, p, deviation + 0.01 * rep)}
                        if (C, N_x, N_y, p) == (2, 200, 100, 4):
                            row["status"] = "timeout"
                        rows.append(row)
    return write_folder(folder, GRID_AXES, plots, rows, params=["C", "N_x", "N_y", "p", "policy"], faces=faces,
                        title="Grid experiment", metrics=GRID_METRICS)


# The plots of the brief (Korkhov 2009, figs. 4.3, 4.4, 4.6, 4.9).
FIG_4_4 = {"kind": "line", "x": "grain_size", "x_kind": "metric", "y": ["time"], "series": "C", "panels": "N_y",
           "log_x": False, "log_y": False, "face": "simulated", "file": "fig4-4.png"}
FIG_4_9 = {"kind": "line", "x": "beta", "x_kind": "metric", "y": ["grid_efficiency"], "series": "C", "log_x": True,
           "log_y": False, "face": "simulated", "select": {"N_y": ["50"]}, "file": "fig4-9.png"}
FIG_4_3 = {"kind": "parity", "metric": "time", "series": "C", "band": 0.05, "log": True, "face": "simulated",
           "file": "fig4-3.png"}
FIG_4_6 = {"kind": "line", "x": "p", "y": ["grid_speedup"], "series": "C", "panels": "N_x", "select": {"N_y": ["50"]},
           "log_x": True, "log_y": False, "face": "simulated", "file": "fig4-6.png"}


# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------


def run_script(folder, *options):
    """The script on `folder`, as `isogrid plot` runs it, but in this process: its main, its exit code and what it
    prints, every warning shown (a subprocess shows each warning anew). Starting Python and matplotlib 58 times took
    most of this suite's minute; test_entry_script_is_the_package runs the script as a real process. `options`:
    what `isogrid plot` passes after the folder (--formats pdf,svg)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("always")
        try:
            code = entry.main([folder, *options])
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        finally:
            plt.close("all")
    return subprocess.CompletedProcess([sys.executable, SCRIPT, folder], code, out.getvalue(), err.getvalue())


def png_size(path):
    """(width, height) from the IHDR chunk; asserts the PNG signature."""
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == PNG_SIGNATURE, f"{path} is not a PNG"
    assert head[12:16] == b"IHDR", f"{path} has no IHDR chunk first"
    return struct.unpack(">II", head[16:24])


class FolderTestCase(unittest.TestCase):
    def setUp(self):
        keep = os.environ.get("ISOGRID_PLOT_TEST_OUT")
        if keep:
            self.root = os.path.join(keep, self.id().split(".")[-1])
            shutil.rmtree(self.root, ignore_errors=True)
            os.makedirs(self.root)
        else:
            self.root = tempfile.mkdtemp(prefix="isogrid-plot-test-")
            self.addCleanup(shutil.rmtree, self.root, True)

    def folder(self, name="results"):
        return os.path.join(self.root, name)

    def assert_wrote(self, result, folder, files):
        self.assertEqual(result.returncode, 0, f"stderr:\n{result.stderr}")
        self.assertEqual(result.stdout.splitlines(), [f"wrote {f}" for f in files])
        for f in files:
            path = os.path.join(folder, f)
            self.assertTrue(os.path.isfile(path), path)
            width, height = png_size(path)
            # 150 dpi figures of about 6.4 x 4.8 in, cropped to their content.
            self.assertGreater(width, 500, f)
            self.assertGreater(height, 400, f)
            self.assertLess(width * height, 4000 * 4000, f)
            self.assertGreater(os.path.getsize(path), 10_000, f)

    def assert_clean(self, result):
        # Layout trouble (a legend too tall for the figure, say) shows up as warnings.
        self.assertNotIn("Warning", result.stderr)

    def assert_fails(self, result, *fragments):
        self.assertEqual(result.returncode, 2, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
        for fragment in fragments:
            self.assertIn(fragment, result.stderr)
        self.assertNotIn("Traceback", result.stderr)


class DrawsPlots(FolderTestCase):
    def test_contour_with_infeasible_corner_and_failed_point(self):
        folder = contour_folder(self.folder())
        result = run_script(folder)
        self.assert_wrote(result, folder, ["fig3.png", "makespan.png"])
        self.assert_clean(result)

    def test_infeasible_points_are_left_out_of_a_line(self):
        # E = 0 where no schedule exists (m >= 6 at V <= 3.2): a curve must not drop to that placeholder.
        folder = contour_folder(self.folder())
        ctx = isoplot.context.load_context(folder)
        spec = {"kind": "line", "x": "V", "y": ["efficiency"], "series": "m", "log_x": True, "infeasible": "feasible",
                "file": "masked.png"}
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(spec, 0), 0)
        self.addCleanup(plt.close, fig)
        ax = fig.axes[0]
        self.assertIn("infeasible points (feasible = 0) left out", ax.get_title())
        # Per m, the simulated markers and the predicted dashes: at m = 6, 7, 8 the first two V (1, 3.16) are gaps.
        ys = [np.asarray(l.get_ydata(), dtype=float) for l in data_lines(ax)]
        gapped = [y for y in ys if np.isnan(y[:2]).all() and np.isfinite(y[2:]).all()]
        self.assertEqual(len(gapped), 6)  # m = 6, 7, 8, each face
        self.assertFalse(any((y == 0).any() for y in ys))

    def test_labels_size_formats_reference_lines_and_crossings(self):
        # Every kind takes axis labels, a size, more image formats and reference lines; a line plot marks where
        # crossings.csv says a curve reaches a level.
        folder = contour_folder(self.folder())
        with open(os.path.join(folder, "crossings.csv"), "w") as f:
            f.write("crossing,metric,level,along,group,pred_x,sim_x,note\n"
                    "e_half,efficiency,0.5,V,m=8,10,12,\n"
                    "e_half,efficiency,0.5,m,V=100,7,7,\n")
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["plots"] = [{"kind": "line", "x": "V", "y": ["efficiency"], "series": "m", "log_x": True,
                         "file": "dressed.png", "formats": ["pdf", "svg"], "size": [8, 5], "x_label": "load",
                         "reference_lines": [{"axis": "y", "value": 0.5, "label": "half"},
                                             {"axis": "x", "value": 100, "label": "V = 100"}]}]
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        result = run_script(folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.splitlines(), ["wrote dressed.png", "wrote dressed.pdf", "wrote dressed.svg"])
        with open(os.path.join(folder, "dressed.pdf"), "rb") as f:
            self.assertEqual(f.read(5), b"%PDF-")
        with open(os.path.join(folder, "dressed.svg")) as f:
            self.assertIn("<svg", f.read())
        # `isogrid plot --formats`: more images of every figure, whatever its spec asks; an unknown one refused.
        result = run_script(folder, "--formats", "svg,png")
        self.assertEqual(result.stdout.splitlines(), ["wrote dressed.png", "wrote dressed.pdf", "wrote dressed.svg"])
        self.assertEqual(run_script(folder, "--formats", "eps").returncode, 2)
        ctx = isoplot.context.load_context(folder)
        spec = isoplot.spec.read_spec(run["plots"][0], 0)
        fig = isoplot.cli.draw(ctx, spec, 0)
        isoplot.presentation.present(fig, spec)
        self.addCleanup(plt.close, fig)
        ax = fig.axes[0]
        self.assertEqual(ax.get_xlabel(), "load")
        self.assertEqual(tuple(fig.get_size_inches()), (8.0, 5.0))
        texts = [t.get_text() for t in ax.texts]
        self.assertIn("half", texts)
        self.assertIn("V = 100", texts)
        # The crossing along V at m = 8 (both faces: 10 and 12 at 0.5); the one along m is not on this plot.
        marks = [l for l in ax.get_lines() if l.get_marker() == "X"]
        self.assertEqual(sorted(float(l.get_xdata()[0]) for l in marks), [10.0, 12.0])
        self.assertTrue(all(float(l.get_ydata()[0]) == 0.5 for l in marks))
        self.assertIn("where efficiency reaches 0.5 (crossings.csv)", ax.get_title())

    def test_the_papers_values_sit_beside_the_curves(self):
        # A line plot's references: hollow diamonds in their series' colour at their x; a reference of another
        # slice (V = 10 here, where the plot shows V = 100 only) or of another metric is not drawn.
        folder = contour_folder(self.folder())
        ctx = isoplot.context.load_context(folder)
        paper = [{"metric": "efficiency", "at": {"m": "4", "V": "100"}, "value": 0.61, "statistic": "mean",
                  "derived": False},
                 {"metric": "efficiency", "at": {"m": "8", "V": "100"}, "value": 0.33, "statistic": "mean",
                  "derived": True},
                 {"metric": "efficiency", "at": {"m": "4", "V": "10"}, "value": 0.4, "statistic": "mean",
                  "derived": False},
                 {"metric": "speedup", "at": {"m": "4", "V": "100"}, "value": 3, "statistic": "mean",
                  "derived": False}]
        spec = {"kind": "line", "x": "m", "y": ["efficiency"], "select": {"V": ["100"]}, "paper": paper,
                "file": "paper.png"}
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(spec, 0), 0)
        self.addCleanup(plt.close, fig)
        ax = fig.axes[0]
        diamonds = [l for l in ax.get_lines() if l.get_marker() == "D"]
        self.assertEqual(sorted((float(l.get_xdata()[0]), float(l.get_ydata()[0])) for l in diamonds),
                         [(4.0, 0.61), (8.0, 0.33)])
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        self.assertIn("paper", legend)
        self.assertIn("paper's equations (derived)", legend)

    def test_the_papers_values_sit_on_the_map_in_their_colour(self):
        # A contour map's references: diamonds at their (x, y), filled with their value's colour on the map's scale
        # (washed out as the map is), their values written beside them; another metric's is not drawn.
        folder = contour_folder(self.folder())
        ctx = isoplot.context.load_context(folder)
        paper = [{"metric": "efficiency", "at": {"m": "4", "V": "100"}, "value": 0.61, "statistic": "mean",
                  "derived": True},
                 {"metric": "speedup", "at": {"m": "4", "V": "100"}, "value": 3, "statistic": "mean",
                  "derived": False}]
        spec = {"kind": "contour", "x": "m", "y": "V", "z": "efficiency", "paper": paper, "file": "map.png"}
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(spec, 0), 0)
        self.addCleanup(plt.close, fig)
        ax = fig.axes[0]
        (diamond,) = [l for l in ax.get_lines() if l.get_marker() == "D"]
        self.assertEqual((float(diamond.get_xdata()[0]), float(diamond.get_ydata()[0])), (4.0, 100.0))
        # The map's own mappable, as its colour bar holds it.
        (bar,) = [a for a in fig.axes if a.get_label() == "<colorbar>"]
        filled = bar._colorbar.mappable
        r, g, b, _ = filled.cmap(filled.norm(0.61))
        a = filled.get_alpha()
        np.testing.assert_allclose(mcolors.to_rgb(diamond.get_markerfacecolor()),
                                   [1 - a + a * r, 1 - a + a * g, 1 - a + a * b])
        self.assertIn("0.61", [t.get_text() for t in ax.texts])
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        self.assertIn("paper's equations (derived): filled with its value's colour, the value beside", legend)

    def test_line_with_series_repetitions_and_both_faces(self):
        folder = line_folder(self.folder())
        result = run_script(folder)
        self.assert_wrote(result, folder, ["plot-1.png", "plot-2.png"])
        self.assert_clean(result)

    def test_categorical_x(self):
        folder = categorical_folder(self.folder())
        result = run_script(folder)
        self.assert_wrote(result, folder, ["policies.png"])
        self.assert_clean(result)
        # Policies are categories: their means are markers, never joined by a line.
        ctx = isoplot.context.load_context(folder)
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(ctx.run["plots"][0], 0), 0)
        self.addCleanup(plt.close, fig)
        curves = data_lines(fig.axes[0])
        self.assertEqual(len(curves), 1)
        self.assertEqual(curves[0].get_linestyle(), "None")
        np.testing.assert_array_equal(curves[0].get_ydata(), [10.25, 11.25, 12.25])
        self.assertIn("error bars: ±1 standard deviation of the repetitions", fig.axes[0].get_title())
        # The lower error bar stops at 0 for a metric that is never negative.
        mean, std = np.array([0.1, 2.0]), np.array([0.3, 0.5])
        bars = isoplot.points.clipped_bars(mean, std, mean)
        np.testing.assert_array_equal(bars, [[0.1, 0.5], [0.3, 0.5]])
        np.testing.assert_array_equal(isoplot.points.clipped_bars(mean - 1, std, mean - 1), std)

    def test_many_series_get_a_colorbar(self):
        # 30 curves would make a legend taller than the figure.
        folder = self.folder()
        ms, Vs = list(range(1, 31)), [1.0, 10.0, 100.0, 1000.0]
        rows = [{"m": m, "V": V, "sim": {"makespan": 1, "efficiency": efficiency(m, V), "speedup": 1, "feasible": 1}}
                for m in ms for V in Vs]
        plots = [{"kind": "line", "x": "V", "y": ["efficiency"], "series": "m", "face": "simulated",
                  "log_x": True, "file": "many.png"}]
        write_folder(folder, [("m", ms), ("V", Vs)], plots, rows, params=["m", "V"], faces=("sim",))
        result = run_script(folder)
        self.assert_wrote(result, folder, ["many.png"])
        self.assert_clean(result)

    def test_metrics_as_series_share_one_panel(self):
        # Schedulers raced on the same points: makespan and speedup drawn as two curves of one panel.
        folder = self.folder()
        rows = [{"m": m, "V": V, "sim": {"makespan": V / m, "efficiency": efficiency(m, V), "speedup": m,
                                          "feasible": 1}}
                for m in (1, 2, 4) for V in (1.0, 10.0)]
        plots = [{"kind": "line", "x": "m", "y": ["makespan", "speedup"], "series": "metrics",
                  "face": "simulated", "file": "overlay.png"}]
        write_folder(folder, [("m", [1, 2, 4]), ("V", [1.0, 10.0])], plots, rows, params=["m", "V"], faces=("sim",))
        result = run_script(folder)
        self.assert_wrote(result, folder, ["overlay.png"])
        self.assert_clean(result)
        bad = self.folder("bad")
        plots[0]["y"] = ["makespan", "nonsense"]
        write_folder(bad, [("m", [1, 2, 4]), ("V", [1.0, 10.0])], plots, rows, params=["m", "V"], faces=("sim",))
        self.assert_fails(run_script(bad), "nonsense")

    def test_contour_over_words(self):
        # Non-numeric axes are matched as strings and drawn as categories: one coloured cell per combination with its
        # value written in it, no iso-line interpolated between two policies.
        folder = self.folder()
        policies = ["fifo", "lifo", "round-robin"]
        rows = [{"policy": p, "m": m, "sim": {"makespan": m * (k + 1), "efficiency": 1 / m, "speedup": 1,
                                               "feasible": 1}}
                for k, p in enumerate(policies) for m in (1, 2, 4)]
        plots = [{"kind": "contour", "x": "policy", "y": "m", "z": "makespan", "face": "simulated", "log_x": True,
                  "file": "words.png"}]
        write_folder(folder, [("policy", policies), ("m", [1, 2, 4])], plots, rows, params=["policy", "m"],
                     faces=("sim",))
        result = run_script(folder)
        self.assert_wrote(result, folder, ["words.png"])
        self.assert_clean(result)
        ctx = isoplot.context.load_context(folder)
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(plots[0], 0), 0)
        self.addCleanup(plt.close, fig)
        ax = fig.axes[0]
        kinds = {type(c).__name__ for c in ax.collections}
        self.assertIn("QuadMesh", kinds)
        self.assertFalse(any("Contour" in k for k in kinds), kinds)
        self.assertEqual(sorted(t.get_text() for t in ax.texts), sorted(["1", "2", "3", "2", "4", "6", "4", "8", "12"]))
        self.assertEqual(ax.get_xscale(), "linear")  # log_x asked for, but categories have no scale

    def test_entry_script_is_the_package(self):
        # The script finds the package beside it from any folder and calls its main;
        # `python3 -m isoplot DIR` in simulator/plot is the same.
        self.assertIs(entry.main, isoplot.cli.main)
        self.assertEqual(os.path.dirname(os.path.abspath(isoplot.__file__)),
                         os.path.join(os.path.dirname(SCRIPT), "isoplot"))
        folder = categorical_folder(self.folder())
        env = dict(os.environ, MPLBACKEND="Agg")
        for command, cwd in (([sys.executable, SCRIPT, folder], self.root),
                             ([sys.executable, "-m", "isoplot", folder], os.path.dirname(SCRIPT))):
            result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, timeout=240)
            self.assert_wrote(result, folder, ["policies.png"])

    def test_output_is_deterministic(self):
        folder = contour_folder(self.folder())
        self.assertEqual(run_script(folder).returncode, 0)
        with open(os.path.join(folder, "fig3.png"), "rb") as f:
            first = f.read()
        self.assertEqual(run_script(folder).returncode, 0)
        with open(os.path.join(folder, "fig3.png"), "rb") as f:
            self.assertEqual(f.read(), first)

    def test_no_plots_writes_nothing(self):
        folder = line_folder(self.folder())
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["plots"] = []
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        result = run_script(folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "")

    def test_extra_swept_parameter_is_faceted(self):
        # A third swept axis (policy) that the contour does not name: one map per policy, on one colour scale, never
        # the map at policy = fifo alone.
        folder = self.folder()
        policy_folder(folder)
        self.assert_wrote(run_script(folder), folder, ["held.png"])
        ctx = isoplot.context.load_context(folder)
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(ctx.run["plots"][0], 0), 0)
        self.addCleanup(plt.close, fig)
        self.assertEqual([ax.get_title() for ax in fig.axes if ax.get_title() in ("policy = fifo", "policy = lifo")],
                         ["policy = fifo", "policy = lifo"])
        self.assertEqual(len([ax for ax in fig.axes if ax.get_label() == "<colorbar>"]), 1)

    def test_an_axis_given_by_its_count_takes_its_values_from_results_csv(self):
        # run.json lists an axis of more than 10 000 values by its count only: the plot is the same, and the axis's
        # values are results.csv's in their order of first appearance (the held value is the first one, fifo).
        folder = self.folder()
        policy_folder(folder)
        self.assert_wrote(run_script(folder), folder, ["held.png"])
        with open(os.path.join(folder, "held.png"), "rb") as f:
            listed = f.read()
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["experiment"]["axes"] = [{"name": "m", "count": 3}, {"name": "V", "count": 3},
                                     {"name": "policy", "count": 2}]
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        ctx = isoplot.context.load_context(folder)
        self.assertEqual(ctx.axes["policy"], ["fifo", "lifo"])
        self.assertEqual(ctx.axes["m"], ["1", "2", "3"])
        self.assert_wrote(run_script(folder), folder, ["held.png"])
        with open(os.path.join(folder, "held.png"), "rb") as f:
            self.assertEqual(f.read(), listed)

    def test_axis_over_one_element_of_a_list(self):
        # delta[1] reads element 1 of the delta cells, as numbers: a contour and lines over it.
        folder = element_folder(self.folder())
        result = run_script(folder)
        self.assert_wrote(result, folder, ["element-contour.png", "element-line.png"])
        self.assert_clean(result)
        ctx = isoplot.context.load_context(folder)
        self.assertEqual(ctx.parameters, ["delta[1]", "N_x"])
        self.assertEqual(ctx.values_of("delta[1]", ctx.ok_rows), ["1", "2", "5", "10", "20"])
        spec = isoplot.spec.read_spec(isoplot.results.load_run(folder)["plots"][1], 1)
        fig = isoplot.line.draw_line(isoplot.selection.apply_selection(ctx, spec, 1), spec, 1)
        self.addCleanup(plt.close, fig)
        lines = data_lines(fig.axes[0])
        self.assertEqual(len(lines), 4)  # N_x = 200, 400; predicted and simulated
        for line in lines:
            np.testing.assert_allclose(line.get_xdata(), ELEMENT_DELTAS)  # at the numbers, not categories


class TracedLines(FolderTestCase):
    """A contour map draws isoefficiency.csv's lines of its own metric and face over its
    contoured ones (the exact lines an `isoefficiency:` block traced)."""

    def test_contour_draws_the_traced_lines_of_its_metric_and_face_only(self):
        folder = contour_folder(self.folder())
        # efficiency(m, V) = k where 0.4 (m - 1) 10 / (10 + V) = 1/k - 1.
        def root(m, k):
            return 4.0 * (m - 1) / (1 / k - 1) - 10.0

        lines = ["metric,level,m,face,crossing,V,status,probes,bracket_low,bracket_high,value_low,value_high,note,on_line"]
        for k in (0.7, 0.9):
            for m in (3, 4, 5, 6, 7, 8):
                for face in ("predicted", "simulated"):
                    lines.append(f"efficiency,{k},{m},{face},1,{root(m, k)!r},found,20,,,,,,yes")
            lines.append(f"efficiency,{k},2,simulated,,,always-above,9,,,0.9,,,no")
        lines.append("makespan,5,4,simulated,1,123,found,20,,,,,,yes")  # another metric: not drawn
        with open(os.path.join(folder, "isoefficiency.csv"), "w") as f:
            f.write("\n".join(lines) + "\n")
        ctx = isoplot.context.load_context(folder)
        raw = json.load(open(os.path.join(folder, "run.json")))["plots"][0]
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(raw, 0), 0)
        self.addCleanup(plt.close, fig)
        mine = [l for l in fig.axes[0].get_lines() if l.get_color() == isoplot.contour.TRACED_COLOUR]
        traced = [l for l in mine if l.get_linestyle() != "None"]
        self.assertEqual(len(traced), 2)  # one line per level, the simulated face only
        self.assertEqual(len(mine), 4)  # and its markers (every size found by crossing: filled)
        self.assertTrue(all(l.get_markerfacecolor() != "white" for l in mine if l.get_linestyle() == "None"))
        for line, k in zip(traced, (0.7, 0.9)):
            self.assertEqual(list(line.get_xdata()), [3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
            np.testing.assert_allclose(line.get_ydata(), [root(m, k) for m in (3, 4, 5, 6, 7, 8)], rtol=1e-12)
        texts = figure_texts(fig)
        self.assertIn("efficiency = k found by search (isoefficiency.csv), k at each line's end", texts)
        # Each line labelled with its level where it ends (m = 8), in the lines' colour.
        labels = [t for t in fig.axes[0].texts if t.get_color() == isoplot.contour.TRACED_COLOUR]
        self.assertEqual([t.get_text() for t in labels], ["0.7", "0.9"])
        self.assertEqual([t.xy for t in labels], [(8.0, root(8, 0.7)), (8.0, root(8, 0.9))])
        # The makespan map has no traced line of its own.
        raw = json.load(open(os.path.join(folder, "run.json")))["plots"][1]
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(raw, 1), 1)
        self.addCleanup(plt.close, fig)
        self.assertFalse([l for l in fig.axes[0].get_lines() if l.get_color() == isoplot.contour.TRACED_COLOUR])


class IsoefficiencyFunctions(FolderTestCase):
    """An isoefficiency plot draws W(p): each traced line's size against its scale on
    log-log axes, the simulated face as markers over the predicted one dashed, and the law
    fitted to each line as a dotted curve named in the legend; a law that fits poorly is
    named as such and not drawn."""

    def test_lines_faces_and_laws(self):
        folder = contour_folder(self.folder())
        run_path = os.path.join(folder, "run.json")
        with open(run_path) as f:
            run = json.load(f)
        run["plots"] = [{"kind": "isoefficiency", "x": "m", "y": "V", "z": "efficiency", "log_x": True,
                         "log_y": True, "file": "w.png"}]
        run["parameters"] = [{"name": "m", "doc": "number of workers", "unit": "unitless", "label": "workers m"},
                             {"name": "V", "doc": "load", "unit": "B", "label": "load size V"}]
        with open(run_path, "w") as f:
            json.dump(run, f)

        def w(m):  # the k = 0.5 line: V = 10 m log2 m
            return 10 * m * math.log2(m)

        lines = ["metric,level,m,face,crossing,V,status,probes,bracket_low,bracket_high,value_low,value_high,note,on_line"]
        for m in (2, 3, 4, 5, 6):
            for face in ("predicted", "simulated"):
                if m == 4:  # crossing: hold: the line takes the last of three crossings
                    lines.append(f"efficiency,0.5,{m},{face},1,{w(m) / 3!r},found,20,,,,,,no")
                    lines.append(f"efficiency,0.5,{m},{face},2,{w(m) / 2!r},found,20,,,,,,no")
                lines.append(f"efficiency,0.5,{m},{face},{3 if m == 4 else 1},{w(m)!r},found,20,,,,,,yes")
                lines.append(f"efficiency,0.7,{m},{face},1,{2.0 ** (3 * m)!r},found,20,,,,,,yes")
        for face in ("predicted", "simulated"):
            lines.append(f"efficiency,0.9,2,{face},1,50,step,20,,,0,0.95,,yes")
            lines.append(f"efficiency,0.9,3,{face},1,80,found,20,,,,,,yes")
        with open(os.path.join(folder, "isoefficiency.csv"), "w") as f:
            f.write("\n".join(lines) + "\n")
        head = ("metric,level,face,of,by,law,growth,terms,coefficients,half_widths_95,smape_percent,"
                "cv_smape_percent,adjusted_r2,rows,hypotheses,note")
        laws = [head,
                "efficiency,0.5,simulated,V,m,10 * m * log2(m),m log m,1;m * log2(m),0;10,0;0,0,0,1,5,57,",
                "efficiency,0.7,simulated,V,m,x,m^3,1;m^(3),-1e5;900,1;1,45,50,0.9,5,57,fits poorly (SMAPE 45 %)",
                "efficiency,0.9,simulated,V,m,,,,,,,,,,,m takes 2 distinct value(s); a law needs 3 or more"]
        with open(os.path.join(folder, "isoefficiency-laws.csv"), "w") as f:
            f.write("\n".join(laws) + "\n")
        ctx = isoplot.context.load_context(folder)
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(run["plots"][0], 0), 0)
        self.addCleanup(plt.close, fig)
        ax = fig.axes[0]
        self.assertEqual((ax.get_xscale(), ax.get_yscale()), ("log", "log"))
        # The declared labels and units (run.json's parameters): a unitless count shows its label alone.
        self.assertEqual(ax.get_xlabel(), "workers m")
        self.assertEqual(ax.get_ylabel(), "load size V (B) holding efficiency at k")
        drawn = ax.get_lines()
        markers = [l for l in drawn if l.get_linestyle() == "None"]
        dashed = [l for l in drawn if l.get_linestyle() == "--"]
        dotted = [l for l in drawn if l.get_linestyle() == ":"]
        self.assertEqual(len(dashed), 3)  # the predicted face of each level
        self.assertEqual(len(dotted), 1)  # the one law that fits: k = 0.5
        np.testing.assert_allclose(dotted[0].get_ydata(), [w(m) for m in dotted[0].get_xdata()], rtol=1e-12)
        self.assertEqual((dotted[0].get_xdata()[0], dotted[0].get_xdata()[-1]), (2.0, 6.0))
        found = [l for l in markers if list(l.get_xdata()) == [2.0, 3.0, 4.0, 5.0, 6.0]]
        np.testing.assert_allclose(found[0].get_ydata(), [w(m) for m in (2, 3, 4, 5, 6)], rtol=1e-12)
        steps = [l for l in markers if l.get_markerfacecolor() == "white"]
        self.assertEqual([(list(l.get_xdata()), list(l.get_ydata())) for l in steps], [([2.0], [50.0])])
        texts = figure_texts(fig)
        self.assertIn("k = 0.5: V ~ m log m (SMAPE 0 %)", texts)
        self.assertIn("k = 0.7: no law fits (best SMAPE 45 %)", texts)
        self.assertIn("k = 0.9: no law (2 value(s) of m)", texts)
        self.assertIn("k passed at a step", texts)
        self.assertIn("fitted growth law", texts)

    def test_a_face_that_holds_every_level_everywhere_is_said(self):
        folder = contour_folder(self.folder())
        run_path = os.path.join(folder, "run.json")
        with open(run_path) as f:
            run = json.load(f)
        run["plots"] = [{"kind": "isoefficiency", "x": "m", "y": "V", "z": "efficiency", "file": "w.png"}]
        with open(run_path, "w") as f:
            json.dump(run, f)
        lines = ["metric,level,m,face,crossing,V,status,probes,bracket_low,bracket_high,value_low,value_high,note,on_line"]
        for m in (2, 3, 4):
            lines.append(f"efficiency,0.8,{m},simulated,1,{10.0 * m!r},found,20,,,,,,yes")
            lines.append(f"efficiency,0.8,{m},predicted,,,always-above,9,,,1,,,no")
        with open(os.path.join(folder, "isoefficiency.csv"), "w") as f:
            f.write("\n".join(lines) + "\n")
        ctx = isoplot.context.load_context(folder)
        fig = isoplot.cli.draw(ctx, isoplot.spec.read_spec(run["plots"][0], 0), 0)
        self.addCleanup(plt.close, fig)
        self.assertFalse([l for l in fig.axes[0].get_lines() if l.get_linestyle() == "--"])  # no predicted line
        self.assertIn("predicted: at or above every k over the whole range of V", " ".join(figure_texts(fig)))

    def test_a_folder_without_traced_lines_is_refused(self):
        folder = contour_folder(self.folder())
        ctx = isoplot.context.load_context(folder)
        spec = isoplot.spec.read_spec({"kind": "isoefficiency", "x": "m", "y": "V", "z": "efficiency",
                                       "file": "w.png"}, 0)
        with self.assertRaisesRegex(isoplot.errors.PlotError, "no isoefficiency.csv"):
            isoplot.cli.draw(ctx, spec, 0)


class ReportsProblems(FolderTestCase):
    def test_missing_run_json(self):
        folder = contour_folder(self.folder())
        os.remove(os.path.join(folder, "run.json"))
        self.assert_fails(run_script(folder), "run.json", "not found")

    def test_malformed_run_json(self):
        folder = contour_folder(self.folder())
        with open(os.path.join(folder, "run.json"), "w") as f:
            f.write('{"experiment": {"title": "x"}, "plots": [')
        self.assert_fails(run_script(folder), "run.json", "not valid JSON")

    def test_plots_not_a_list(self):
        folder = contour_folder(self.folder())
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump({"plots": {"kind": "line"}}, f)
        self.assert_fails(run_script(folder), "'plots' must be a list")

    def test_missing_results_csv(self):
        folder = contour_folder(self.folder())
        os.remove(os.path.join(folder, "results.csv"))
        self.assert_fails(run_script(folder), "results.csv", "not found")

    def test_empty_results_csv(self):
        folder = contour_folder(self.folder())
        open(os.path.join(folder, "results.csv"), "w").close()
        self.assert_fails(run_script(folder), "results.csv is empty")

    def test_row_with_wrong_field_count(self):
        folder = line_folder(self.folder())
        path = os.path.join(folder, "results.csv")
        with open(path) as f:
            lines = f.read().splitlines()
        lines[2] += ",extra"
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        self.assert_fails(run_script(folder), "results.csv line 3", "fields where the header has")

    def test_torn_last_line_is_skipped(self):
        # An interrupted run leaves half a line without its newline: still plottable.
        folder = line_folder(self.folder())
        path = os.path.join(folder, "results.csv")
        with open(path, "a") as f:
            f.write("99,0,4,1")
        result = run_script(folder)
        self.assert_wrote(result, folder, ["plot-1.png", "plot-2.png"])
        self.assertIn("incomplete last line", result.stderr)

    def test_not_a_folder(self):
        self.assert_fails(run_script(os.path.join(self.root, "nowhere")), "is not a folder")

    def test_face_without_columns(self):
        # A simulate-only run has no pred_ columns.
        folder = categorical_folder(self.folder())
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["plots"][0]["face"] = "predicted"
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        self.assert_fails(run_script(folder), "plot 1 (policies.png)", "'pred_makespan'", "does not exist")

    def test_unknown_metric_and_parameter(self):
        folder = contour_folder(self.folder())
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["plots"][0]["z"] = "throughput"
        run["plots"][1]["y"] = "bandwidth"
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        self.assert_fails(run_script(folder), "'sim_throughput'", "plot 2 (makespan.png)", "'bandwidth'")

    def test_missing_infeasible_column(self):
        folder = contour_folder(self.folder())
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["plots"][0]["infeasible"] = "solvable"
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        self.assert_fails(run_script(folder), "'sim_solvable'")

    def test_no_ok_rows(self):
        folder = self.folder()
        rows = [{"m": m, "status": "error"} for m in (1, 2, 3)]
        plots = [{"kind": "line", "x": "m", "y": ["makespan"], "face": "simulated", "file": "nothing.png"}]
        write_folder(folder, [("m", [1, 2, 3])], plots, rows, params=["m"], faces=("sim",))
        result = run_script(folder)
        self.assert_fails(result, "plot 1 (nothing.png)", "no rows with status 'ok'")
        self.assertFalse(os.path.exists(os.path.join(folder, "nothing.png")))

    def test_good_plots_are_still_written_when_another_fails(self):
        folder = contour_folder(self.folder())
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["plots"][0]["kind"] = "pie"
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        result = run_script(folder)
        self.assert_fails(result, "plot 1 (fig3.png): kind: 'pie' is not one of ['contour', 'line', 'parity', 'sequence', 'isoefficiency', 'timeline']")
        self.assertEqual(result.stdout.splitlines(), ["wrote makespan.png"])

    def test_contour_needs_two_values_per_axis(self):
        folder = self.folder()
        rows = [{"m": m, "V": 10.0, "sim": {"efficiency": 1 / m}} for m in (1, 2, 3)]
        plots = [{"kind": "contour", "x": "m", "y": "V", "z": "efficiency", "face": "simulated", "file": "c.png"}]
        write_folder(folder, [("m", [1, 2, 3]), ("V", [10.0])], plots, rows, params=["m", "V"], faces=("sim",))
        self.assert_fails(run_script(folder), "at least two values", "V has 1")

    def test_file_must_stay_in_the_folder(self):
        folder = categorical_folder(self.folder())
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        run["plots"][0]["file"] = "../escape.png"
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        self.assert_fails(run_script(folder), "plot 1 (../escape.png): file: '../escape.png' does not match",
                          "plain file name")
        self.assertFalse(os.path.exists(os.path.join(self.root, "escape.png")))


class TimelinePlots(FolderTestCase):
    """What one simulated point recorded over time (timelines/point-N.csv): a panel per group, a row per resource."""

    TIMELINE = ("kind,group,resource,state,label,start_s,end_s,value\n"
                "level,merita,batch,jobs queued,,100,100,1\n"
                "interval,merita,run 1,queue wait,batch,100,5000,0\n"
                "level,merita,batch,jobs queued,,5000,5000,0\n"
                "interval,merita,run 1,killed,batch,5000,6000,0\n"
                "interval,merita,run 2,run,interactive,0,9000,0\n"
                "interval,merita,run 10,move,interactive > batch,9000,9131.6,0\n"
                "interval,oracle,run 1,run,interactive,100,600,0\n")

    def timeline_folder(self, plots, timeline=TIMELINE):
        rows = [{"L": L, "repetition": 0, "sim": {"time": 1.0}} for L in (1, 2)]
        folder = write_folder(self.folder(), [("L", [1, 2])], plots, rows, params=["L"], faces=("sim",))
        if timeline is not None:
            os.makedirs(os.path.join(folder, "timelines"))
            with open(os.path.join(folder, "timelines", "point-1.csv"), "w") as f:
                f.write(timeline)
        return folder

    def drawn(self, table):
        """The figure of one point's timeline table, drawn in-process."""
        plots = [{"kind": "timeline", "point": [1], "file": "t.png"}]
        ctx = isoplot.context.load_context(self.timeline_folder(plots, timeline=table))
        return isoplot.timeline.draw_timeline(ctx, isoplot.spec.read_spec(plots[0], 0), 0)

    def test_a_panel_per_group_and_a_row_per_resource(self):
        plots = [{"kind": "timeline", "point": [1], "groups": ["merita"], "file": "stream.png"},
                 {"kind": "timeline", "point": [1], "file": "all.png"}]
        folder = self.timeline_folder(plots)
        result = run_script(folder)
        self.assert_wrote(result, folder, ["stream.png", "all.png"])
        self.assert_clean(result)
        ctx = isoplot.context.load_context(folder)
        fig = isoplot.timeline.draw_timeline(ctx, isoplot.spec.read_spec(plots[0], 0), 0)
        gantt, levels = fig.axes[0], fig.axes[1]
        # Rows in their natural order (run 2 before run 10), in hours past two hours.
        self.assertEqual([t.get_text() for t in gantt.get_yticklabels()], ["run 1", "run 2", "run 10"])
        self.assertEqual(levels.get_xlabel(), "time (h)")
        bars = sorted((round(p.get_x(), 4), round(p.get_width(), 4)) for p in gantt.patches)
        self.assertIn((round(100 / 3600, 4), round(4900 / 3600, 4)), bars)  # the queue wait
        self.assertIn((0.0, 2.5), bars)  # run 2: 9 000 s
        legend = [t.get_text() for t in gantt.get_legend().get_texts()]
        self.assertIn("ran on interactive", legend)
        self.assertIn("killed at its requested time", legend)
        self.assertIn("stopped: checkpoint, restart", legend)
        plt.close(fig)

    def test_two_points_one_above_the_other(self):
        # Point 0 (L = 1) and point 1 (L = 2), the same table: each group a panel per point, named by what sets the
        # point apart; the shared time axis; compute in its colour whatever the figure.
        table = ("kind,group,resource,state,label,start_s,end_s,value\n"
                 "interval,PEs,pe 0,compute,,0,4,0\n"
                 "interval,PEs,pe 1,compute,,2,6,0\n"
                 "interval,PEs,pe 1,fish,,0,2,0\n")
        plots = [{"kind": "timeline", "point": [0, 1], "file": "two.png"}]
        folder = self.timeline_folder(plots, timeline=table)
        with open(os.path.join(folder, "timelines", "point-0.csv"), "w") as f:
            f.write(table)
        result = run_script(folder)
        self.assert_wrote(result, folder, ["two.png"])
        ctx = isoplot.context.load_context(folder)
        fig = isoplot.timeline.draw_timeline(ctx, isoplot.spec.read_spec(plots[0], 0), 0)
        labels = [ax.get_ylabel() for ax in fig.axes]
        self.assertEqual(labels[0], "L = 1:\nPEs\n(makespan 6 s)")  # its end marked, its length named
        self.assertTrue(labels[1].startswith("L = 1:\nPEs: % of its 2"), labels[1])
        self.assertEqual(labels[2], "L = 2:\nPEs\n(makespan 6 s)")
        colours = {mcolors.to_hex(p.get_facecolor()) for p in fig.axes[0].patches if p.get_fill()}  # not idle marks
        self.assertEqual(colours, {"#1f77b4", "#bcbd22"})  # compute blue, fish olive, as in every figure
        plt.close(fig)

    def test_a_group_of_overlapping_intervals_is_drawn_as_counts(self):
        # One PE holds three sparks at once over [1, 2): bars would hide each other; a count of 3 is drawn.
        table = ("kind,group,resource,state,label,start_s,end_s,value\n"
                 "interval,sparks,pe 0,shipped,0.1,0,3,0\n"
                 "interval,sparks,pe 0,shipped,0.2,1,2,0\n"
                 "interval,sparks,pe 0,shipped,0.3,1,4,0\n")
        fig = self.drawn(table)
        line = fig.axes[0].get_lines()[0]
        self.assertEqual(list(line.get_ydata()), [1, 3, 2, 1, 0])
        self.assertEqual(list(line.get_xdata()), [0.0, 1.0, 2.0, 3.0, 4.0])
        self.assertEqual(len(fig.axes[0].patches), 0)
        plt.close(fig)

    def test_zones_and_links_the_model_declared(self):
        # Two hosts in zone x, one in y; a link carrying 3 MB over [0, 2) then 1 MB over [2, 3): the share computing
        # per zone, and the bandwidth in use, 1.5 then 1 MB/s.
        table = ("kind,group,resource,state,label,start_s,end_s,value\n"
                 "row,farm,a,host,x,0,0,0\n"
                 "row,farm,b,host,x,0,0,0\n"
                 "row,farm,c,host,y,0,0,0\n"
                 "row,farm,up,link,y,0,0,0\n"
                 "interval,farm,a,compute,,0,4,0\n"
                 "interval,farm,c,compute,,1,3,0\n"
                 "interval,farm,up,send,,0,2,3e6\n"
                 "interval,farm,up,send,,2,3,1e6\n")
        fig = self.drawn(table)
        gantt, share, carried = fig.axes
        self.assertEqual([t.get_text() for t in gantt.get_yticklabels()], ["a", "c", "up"])  # b has no interval
        self.assertEqual([t.get_text() for t in share.get_legend().get_texts()], ["x (1)", "y (1)"])
        x, y = share.get_lines()
        self.assertEqual(list(x.get_ydata()), [100.0, 0.0])
        self.assertEqual(list(y.get_xdata()), [0.0, 1.0, 3.0])
        self.assertEqual(list(y.get_ydata()), [0.0, 100.0, 0.0])
        self.assertEqual(carried.get_ylabel(), "farm: bandwidth\nin use (MB/s)")
        (up,) = carried.get_lines()
        self.assertEqual(list(up.get_xdata()), [0.0, 2.0, 3.0])
        self.assertEqual(list(up.get_ydata()), [1.5, 1.0, 0.0])
        plt.close(fig)

    def test_the_longest_idle_spans(self):
        # Row a works [0, 2) and [5, 6), fishes [2, 4): idle [2, 5), 3 s; row b works [1, 3): idle [0, 1) and [3, 6)
        # up to the makespan, 6 s.
        rows = [{"resource": "a", "state": "compute", "start_s": 0.0, "end_s": 2.0},
                {"resource": "a", "state": "fish", "start_s": 2.0, "end_s": 4.0},
                {"resource": "a", "state": "compute", "start_s": 5.0, "end_s": 6.0},
                {"resource": "b", "state": "send", "start_s": 1.0, "end_s": 3.0}]
        self.assertEqual(isoplot.timeline.idle_gaps(rows, 6.0),
                         [(3.0, "a", 2.0, 5.0), (3.0, "b", 3.0, 6.0), (1.0, "b", 0.0, 1.0)])
        self.assertEqual(isoplot.timeline.duration(30079.4, "units"), "30\u2009079 units")
        self.assertEqual(isoplot.timeline.duration(36.137, "s"), "36.1 s")

    def test_the_share_of_rows_computing(self):
        # Two rows: a computes over [0, 4), b over [2, 6): 50 % from 0, 100 % from 2, 50 % from 4, 0 from 6.
        computing = [{"resource": "a", "start_s": 0.0, "end_s": 4.0}, {"resource": "b", "start_s": 2.0, "end_s": 6.0}]
        self.assertEqual(isoplot.timeline.utilisation(computing), ([0.0, 2.0, 4.0, 6.0], [50.0, 100.0, 50.0, 0.0], 2))

    def test_a_missing_timeline_or_group_is_said(self):
        folder = self.timeline_folder([{"kind": "timeline", "point": [1], "groups": ["static"], "file": "t.png"}])
        self.assert_fails(run_script(folder), "no group static in the timeline of point 1", "merita, oracle")
        shutil.rmtree(folder)
        folder = self.timeline_folder([{"kind": "timeline", "point": [1], "file": "t.png"}], timeline=None)
        self.assert_fails(run_script(folder), "timelines/point-1.csv")


class SequencePlots(FolderTestCase):
    """Metric families (stem1, stem2, ...) against their index: a campaign's PPE by tenth of its runs."""

    METRICS = [{"name": f"{stem}{k}", "unit": "%"} for stem in ("ppe_a_w", "ppe_s_w") for k in (1, 2, 3)]

    def sequence_folder(self, plots):
        rows = [{"L": L, "repetition": r,
                 "sim": {f"{stem}{k}": 30 / k + (5 if stem == "ppe_s_w" else 0) + r + L
                         for stem in ("ppe_a_w", "ppe_s_w") for k in (1, 2, 3)}}
                for L in (1, 2) for r in (0, 1)]
        return write_folder(self.folder(), [("L", [1, 2])], plots, rows, params=["L"], faces=("sim",),
                            metrics=self.METRICS)

    def test_families_against_their_index_with_series(self):
        plots = [{"kind": "sequence", "y": ["ppe_a_w", "ppe_s_w"], "series": "L", "face": "simulated",
                  "file": "by-tenth.png"},
                 {"kind": "sequence", "y": ["ppe_a_w"], "face": "simulated", "file": "one.png"}]
        folder = self.sequence_folder(plots)
        result = run_script(folder)
        self.assert_wrote(result, folder, ["by-tenth.png", "one.png"])
        self.assert_clean(result)
        # The curves are summary.csv's means at positions 1, 2, 3: 30 / k + 0.5 + L for ppe_a_w.
        ctx = isoplot.context.load_context(folder)
        spec = isoplot.spec.read_spec(plots[0], 0)
        positions, columns = isoplot.sequence.family_columns(ctx, spec, 0, "ppe_a_w")
        self.assertEqual(positions, [1, 2, 3])
        self.assertEqual(columns, ["sim_ppe_a_w1", "sim_ppe_a_w2", "sim_ppe_a_w3"])
        fig = isoplot.sequence.draw_sequence(ctx, spec, 0)
        lines = [container.lines[0] for container in fig.axes[0].containers]  # each curve's data line
        self.assertEqual(len(lines), 4)
        np.testing.assert_allclose(lines[0].get_ydata(), [30 + 1.5, 15 + 1.5, 10 + 1.5])
        plt.close(fig)

    def test_a_stem_without_a_family_fails(self):
        plots = [{"kind": "sequence", "y": ["ppe_x_w"], "face": "simulated", "file": "none.png"}]
        self.assert_fails(run_script(self.sequence_folder(plots)), "plot 1 (none.png)", "y stem 'ppe_x_w'",
                          "two or more")


class NewPlotFeatures(FolderTestCase):
    """x_kind: metric, select, panels and parity plots, run as the C++ side runs them."""

    def test_korkhov_figures(self):
        folder = grid_folder(self.folder(), [FIG_4_4, FIG_4_9, FIG_4_3, FIG_4_6])
        result = run_script(folder)
        self.assert_wrote(result, folder, ["fig4-4.png", "fig4-9.png", "fig4-3.png", "fig4-6.png"])
        self.assert_clean(result)
        # Panels (subfigures) and parity plots are as reproducible as the rest.
        images = {}
        for name in ("fig4-4.png", "fig4-3.png"):
            with open(os.path.join(folder, name), "rb") as f:
                images[name] = f.read()
        self.assertEqual(run_script(folder).returncode, 0)
        for name, first in images.items():
            with open(os.path.join(folder, name), "rb") as f:
                self.assertEqual(f.read(), first, name)

    def test_metric_x_predicted_and_simulated_with_several_metrics(self):
        plots = [dict(FIG_4_4, y=["time", "grid_efficiency"], file="two-metrics.png"),
                 dict({k: v for k, v in FIG_4_9.items() if k != "select"}, file="no-select.png"),
                 dict(FIG_4_4, panels=None, series=None, file="one-curve.png")]
        folder = grid_folder(self.folder(), plots)
        result = run_script(folder)
        self.assert_wrote(result, folder, ["two-metrics.png", "no-select.png", "one-curve.png"])
        self.assert_clean(result)

    def test_metric_x_simulated_only_with_many_series(self):
        # 12 values of C: a colorbar instead of a legend, also with panels.
        folder = self.folder()
        Cs = list(range(1, 13))
        rows = [{"C": C, "N_x": N_x, "p": p, "sim": grid_values(C, N_x, 50, p)}
                for C in Cs for N_x in (100, 200) for p in (1, 2, 4)]
        plots = [dict(FIG_4_4, panels="N_x", file="many.png")]
        write_folder(folder, [("C", Cs), ("N_x", [100, 200]), ("p", [1, 2, 4])], plots, rows,
                     params=["C", "N_x", "p"], faces=("sim",), metrics=GRID_METRICS)
        result = run_script(folder)
        self.assert_wrote(result, folder, ["many.png"])
        self.assert_clean(result)

    def test_select_on_contour_and_multiple_values(self):
        plots = [{"kind": "contour", "x": "N_x", "y": "p", "z": "grid_efficiency", "face": "simulated",
                  "select": {"N_y": ["100"], "C": ["2", "4"]}, "file": "contour.png"},
                 dict(FIG_4_6, panels=None, select={"N_y": ["100", "50"], "N_x": ["100"]}, file="faceted.png")]
        folder = grid_folder(self.folder(), plots)
        result = run_script(folder)
        self.assert_wrote(result, folder, ["contour.png", "faceted.png"])
        self.assert_clean(result)

    def test_panels_on_parity_without_band_and_without_series(self):
        plots = [{"kind": "parity", "metric": "grid_efficiency", "panels": "N_x", "series": "C", "log": False,
                  "file": "panels.png"},
                 {"kind": "parity", "metric": "time", "panels": "p", "band": 0.05, "file": "four-panels.png"},
                 {"kind": "parity", "metric": "time", "file": "primary.png"}]
        folder = grid_folder(self.folder(), plots)
        result = run_script(folder)
        self.assert_wrote(result, folder, ["panels.png", "four-panels.png", "primary.png"])
        self.assert_clean(result)

    def test_select_leaving_no_rows(self):
        plots = [dict(FIG_4_9, select={"N_y": ["51"]}), dict(FIG_4_3)]
        folder = grid_folder(self.folder(), plots)
        result = run_script(folder)
        self.assert_fails(result, "plot 1 (fig4-9.png)", "select N_y = 51", "matches no row",
                          "N_y takes 50, 100")
        self.assertEqual(result.stdout.splitlines(), ["wrote fig4-3.png"])  # the other plot is still drawn
        self.assertFalse(os.path.exists(os.path.join(folder, "fig4-9.png")))

    def test_select_leaving_only_failed_rows(self):
        plots = [dict(FIG_4_3, select={"C": ["2"], "N_x": ["200"], "N_y": ["100"], "p": ["4"]})]
        folder = grid_folder(self.folder(), plots)
        self.assert_fails(run_script(folder), "select C = 2, N_x = 200, N_y = 100, p = 4", "leaves only failed rows")

    def test_select_of_an_unknown_parameter(self):
        plots = [dict(FIG_4_3, select={"M": ["2"]}), dict(FIG_4_3, select={"C": []}, file="empty.png"),
                 dict(FIG_4_3, select={"sim_time": ["2"]}, file="metric.png")]
        folder = grid_folder(self.folder(), plots)
        self.assert_fails(run_script(folder), "select names 'M'", "plot 2 (empty.png): select.C: [] is too short",
                          "select names 'sim_time'")

    def test_parity_needs_both_faces(self):
        plots = [dict(FIG_4_3), dict(FIG_4_4, face="predicted")]
        folder = grid_folder(self.folder(), plots, faces=("pred",))
        result = run_script(folder)
        self.assert_fails(result, "plot 1 (fig4-3.png)", "no sim_time", "mode: both")
        self.assertEqual(result.stdout.splitlines(), ["wrote fig4-4.png"])

    def test_unknown_panels_parameter(self):
        plots = [dict(FIG_4_4, panels="N_z"), dict(FIG_4_3, panels="N_z", file="parity.png"),
                 dict(FIG_4_6, panels="p", file="same.png"),
                 {"kind": "contour", "x": "N_x", "y": "p", "z": "time", "panels": "C", "file": "contour.png"}]
        folder = grid_folder(self.folder(), plots)
        result = run_script(folder)
        self.assert_fails(result, "plot 1 (fig4-4.png): panels parameter 'N_z' is not a column",
                          "plot 2 (parity.png): panels parameter 'N_z'", "plot 3 (same.png): panels must differ",
                          "plot 4 (contour.png): panels: 'C' is not of type 'null' (in a contour plot)")
        self.assertEqual(result.stdout, "")

    def test_bad_new_keys(self):
        plots = [dict(FIG_4_4, x_kind="grain"), dict(FIG_4_4, x="grains", file="x.png"),
                 dict(FIG_4_3, band=5, file="band.png"), dict(FIG_4_3, metric="energy", file="energy.png")]
        folder = grid_folder(self.folder(), plots)
        self.assert_fails(run_script(folder), "plot 1 (fig4-4.png): x_kind: 'grain' is not one of ['parameter', 'metric']",
                          "'sim_grains'", "plot 3 (band.png): band: 5 is greater than or equal to the maximum of 1",
                          "no pred_energy or sim_energy")


def figure_texts(fig):
    """Every text of a figure (titles, subtitle, labels, legend), as a list."""
    import matplotlib.text
    return [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_text()]


def data_lines(ax):
    """The curves of an axes, without the caps of error bars."""
    return [l for l in ax.get_lines() if l.get_marker() not in ("_", "|") and len(l.get_xdata()) > 1]


class DrawnFigures(unittest.TestCase):
    """What the drawing functions put into a figure, read back from matplotlib."""

    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="isogrid-plot-test-")
        grid_folder(cls.root, [])
        cls.ctx = isoplot.context.load_context(cls.root)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, True)

    def draw(self, raw):
        raw = dict(raw)
        raw.setdefault("file", "drawn.png")
        fig = isoplot.cli.draw(self.ctx, isoplot.spec.read_spec(raw, 0), 0)
        self.addCleanup(plt.close, fig)
        return fig

    def test_metric_x_curves_pool_every_point(self):
        fig = self.draw(dict(FIG_4_4, panels=None))
        ax = fig.axes[0]
        texts = figure_texts(fig)
        self.assertIn("grain_size (cells)", texts)  # no label declared: the name, with its unit
        subtitle = ax.get_title()
        # Several (N_x, p) share a grain size: a line through them would zigzag, so nothing is joined, and the
        # predicted face is drawn as bars.
        self.assertIn("predicted (bars) and simulated (markers)", subtitle)
        self.assertIn("points sharing an x not joined", subtitle)
        self.assertIn("one point per (N_x, N_y, p)", subtitle)
        self.assertIn("2 failed runs left out", subtitle)  # both repetitions of the timed-out point
        # Per C: 3 N_x x 2 N_y x 4 p = 24 points (one missing for C = 2), on both faces.
        curves = [c.lines[0] for c in ax.containers if c.lines[0] is not None]  # each errorbar's own data line
        self.assertEqual(sorted(len(l.get_xdata()) for l in curves), [23, 23, 24, 24, 24, 24])
        self.assertEqual(sorted(l.get_marker() for l in curves), ["_", "_", "_", "o", "o", "o"])
        for l in curves:
            self.assertEqual(l.get_linestyle(), "None")
            x = np.asarray(l.get_xdata())
            self.assertTrue((np.diff(x) >= 0).all())  # sorted by x

    def test_metric_x_in_bins_with_metrics_as_series(self):
        # Every ok run its own sample, in 3 bins of grain size: one panel, one curve per y
        # metric and face (simulated markers, predicted dashes), 3 points each.
        spec = dict(FIG_4_4, y=["time", "grid_efficiency"], series="metrics", panels=None, bins=3)
        fig = self.draw(spec)
        lines = data_lines(fig.axes[0])
        self.assertEqual(len(lines), 4)
        self.assertTrue(all(len(l.get_xdata()) == 3 for l in lines))
        texts = figure_texts(fig)
        self.assertIn("every run on its own, in 3 bins of grain_size (equal counts)", fig.axes[0].get_title())
        self.assertIn("metric", texts)  # the legend's title: the series are the metrics

    def test_metric_x_reads_each_face_from_its_own_column(self):
        folder = tempfile.mkdtemp(prefix="isogrid-plot-test-")
        self.addCleanup(shutil.rmtree, folder, True)
        rows = [{"N_x": n, "pred": {"grain_size": n, "time": n}, "sim": {"grain_size": 2 * n, "time": n + 1}}
                for n in (300, 100, 200)]
        write_folder(folder, [("N_x", [100, 200, 300])], [], rows, params=["N_x"], metrics=GRID_METRICS)
        ctx = isoplot.context.load_context(folder)
        spec = dict(FIG_4_4, panels=None, series=None)
        fig = isoplot.line.draw_line(ctx, isoplot.spec.read_spec(spec, 0), 0)
        self.addCleanup(plt.close, fig)
        lines = {l.get_linestyle(): l for l in data_lines(fig.axes[0])}
        np.testing.assert_array_equal(lines["--"].get_xdata(), [100, 200, 300])  # predicted
        np.testing.assert_array_equal(lines["--"].get_ydata(), [100, 200, 300])
        np.testing.assert_array_equal(lines["None"].get_xdata(), [200, 400, 600])  # simulated
        np.testing.assert_array_equal(lines["None"].get_ydata(), [101, 201, 301])

    def test_select_is_in_the_subtitle(self):
        fig = self.draw(FIG_4_9)
        subtitle = fig.axes[0].get_title()
        self.assertIn("N_y = 50", subtitle)
        self.assertIn("one point per (N_x, p)", subtitle)
        self.assertEqual(fig.axes[0].get_xscale(), "log")

    def test_a_swept_parameter_the_plot_does_not_name_is_faceted_never_held(self):
        # Two values of N_y selected, N_x pinned: N_y takes the free panels slot.
        fig = self.draw(dict(FIG_4_6, panels=None, select={"N_y": ["100", "50"], "N_x": ["100"]}))
        titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
        self.assertEqual(titles, ["N_y = 50", "N_y = 100"])
        texts = figure_texts(fig)
        self.assertTrue(any("one panel per N_y" in t for t in texts), texts)
        self.assertFalse(any("N_y = 50 ·" in t or "· N_y = 50" in t for t in texts), texts)  # not held
        # N_x and N_y both swept, one slot free (series is C): refused, naming the one left and the way out.
        with self.assertRaises(isoplot.errors.PlotError) as refused:
            self.draw(dict(FIG_4_6, panels=None, select={"N_y": ["100", "50"]}))
        self.assertIn("N_y is swept but not shown by this plot", str(refused.exception))
        self.assertIn("`select`", str(refused.exception))

    def test_panels_titles_in_axis_order(self):
        fig = self.draw(FIG_4_6)
        titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
        self.assertEqual(titles, ["N_x = 100", "N_x = 200", "N_x = 400"])
        texts = figure_texts(fig)
        self.assertTrue(any("N_y = 50" in t for t in texts), texts)  # the subtitle
        self.assertFalse(any("N_x = 100 ·" in t or "· N_x" in t for t in texts), texts)  # N_x is not held

    def test_panels_grid_has_three_columns(self):
        fig = self.draw(dict(FIG_4_4, panels="p"))
        axes = [ax for ax in fig.axes if ax.get_title()]
        self.assertEqual([ax.get_title() for ax in axes], ["p = 1", "p = 2", "p = 4", "p = 8"])
        lefts = sorted({round(ax.get_position().x0, 3) for ax in axes})
        self.assertEqual(len(lefts), 3)
        self.assertEqual(axes[0].get_shared_x_axes().get_siblings(axes[0]).__len__(), 4)

    def test_panel_without_ok_rows_is_marked(self):
        # Only the failed point has N_x = 200 at C = 2, N_y = 100, p = 4.
        fig = self.draw(dict(FIG_4_3, panels="N_x", select={"C": ["2"], "N_y": ["100"], "p": ["4"]}))
        titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
        self.assertEqual(titles, ["N_x = 100", "N_x = 200", "N_x = 400"])
        empty = [ax for ax in fig.axes if ax.get_title() == "N_x = 200"][0]
        self.assertIn("no ok rows", [t.get_text() for t in empty.texts])
        texts = figure_texts(fig)
        self.assertTrue(any("of 2 points outside ±5 %" in t for t in texts), texts)  # N_x = 100, 400

    def test_parity_statistics_in_the_subtitle(self):
        fig = self.draw(FIG_4_3)
        ax = fig.axes[0]
        subtitle = ax.get_title()
        # 71 points (72 less the failed one); the deviations of fabricated data, by hand:
        points = []
        k = 0
        for C in GRID_AXES[0][1]:
            for N_x in GRID_AXES[1][1]:
                for N_y in GRID_AXES[2][1]:
                    for p in GRID_AXES[3][1]:
                        k += 1
                        if (C, N_x, N_y, p) != (2, 200, 100, 4):
                            points.append(abs(0.07 * math.sin(1.7 * k) + 0.005))
        outside = sum(d > 0.05 for d in points)
        self.assertIn(f"= {100 * max(points):.3g} %", subtitle)
        self.assertIn(f"{outside} of 71 points outside ±5 %", subtitle)
        self.assertGreater(outside, 0)
        self.assertEqual(ax.get_xscale(), "log")
        self.assertEqual(ax.get_xlim(), ax.get_ylim())
        texts = figure_texts(fig)
        for t in ("y = x", "±5 %", "predicted time (s)", "simulated time (s)"):
            self.assertIn(t, texts)

    def test_parity_without_band(self):
        fig = self.draw({"kind": "parity", "metric": "time", "log": False, "select": {"C": ["4"]}})
        subtitle = fig.axes[0].get_title()
        self.assertIn("over 24 points", subtitle)
        self.assertIn("C = 4", subtitle)
        self.assertNotIn("outside", subtitle)
        self.assertEqual(fig.axes[0].get_xscale(), "linear")


class PlotSpecs(FolderTestCase):
    """run.json's specs against simulator/plot/plot_spec.schema.json."""

    def test_invalid_specs_are_reported_and_the_others_drawn(self):
        folder = contour_folder(self.folder())
        with open(os.path.join(folder, "run.json")) as f:
            run = json.load(f)
        good = run["plots"][0]
        run["plots"] = [
            dict(good, colour="red", file="colour.png"),  # no such property
            dict(good, log_x="yes", file="yes.png"),  # not a boolean
            dict({k: v for k, v in good.items() if k != "z"}, file="no-z.png"),
            good,
            {"kind": "parity", "file": "no-metric.png"},
            {"kind": "line", "x": "m", "y": ["efficiency"], "log_y": 1, "file": "../up.png"},
            {"kind": "line", "x": "m", "y": ["efficiency", ""], "series": 5, "select": {"V": ["1"], "m": 2},
             "file": "many.png"},
            {"x": "m"},  # neither kind nor file: only that is said, not every kind's requirements
        ]
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(run, f)
        result = run_script(folder)
        self.assert_fails(
            result,
            "plot 1 (colour.png): Additional properties are not allowed ('colour' was unexpected)\n",
            "plot 2 (yes.png): log_x: 'yes' is not of type 'boolean'\n",
            "plot 3 (no-z.png): 'z' is a required property (in a contour plot)\n",
            "plot 5 (no-metric.png): 'metric' is a required property (in a parity plot)\n",
            "plot 6 (../up.png): file: '../up.png' does not match",
            "written into the results folder: a plain file name, without a folder, ending in .png, .svg or .pdf); "
            "log_y: 1 is not of type 'boolean'\n",
            "plot 7 (many.png): select.m: 2 is not of type 'array'; series: 5 is not of type 'string', 'null'; "
            "y[1]: '' is too short\n",
            "plot 8 (?): 'file' is a required property; 'kind' is a required property\n",
        )
        self.assertEqual(result.stderr.count("isogrid_plot: error:"), 7)
        self.assertEqual(result.stdout.splitlines(), ["wrote fig3.png"])  # the valid plot is still drawn
        for name in ("colour.png", "yes.png", "no-z.png", "no-metric.png", "many.png"):
            self.assertFalse(os.path.exists(os.path.join(folder, name)), name)

    def test_file_is_an_image_and_no_other_file_of_the_run(self):
        for file in (".", "..", ".png", "results.csv", "run.json", ".isogrid.lock", "plot.jpg"):
            with self.assertRaises(isoplot.errors.PlotError) as caught:
                isoplot.spec.read_spec({"kind": "parity", "metric": "t", "file": file}, 1)
            self.assertIn(f"plot 2 ({file}): file: '{file}' does not match", str(caught.exception))
        for file in ("a.png", "fig 3.svg", "map.pdf"):
            self.assertEqual(isoplot.spec.read_spec({"kind": "parity", "metric": "t", "file": file}, 0).file, file)

    def test_defaults_come_from_the_schema(self):
        spec = isoplot.spec.read_spec({"kind": "line", "file": "a.png", "x": "m", "y": ["efficiency"]}, 0)
        self.assertEqual((spec.kind, spec.file, spec.x, spec.y), ("line", "a.png", "m", ("efficiency",)))
        self.assertEqual((spec.face, spec.x_kind, spec.log_x, spec.log_y, spec.log),
                         ("simulated", "parameter", False, False, True))
        self.assertEqual(dict(spec.select), {})
        for name in ("title", "z", "metric", "series", "panels", "levels", "infeasible", "band", "bins"):
            self.assertIsNone(getattr(spec, name), name)
        self.assertFalse(spec.runs)
        self.assertFalse(spec.residuals)
        # One attribute per property of the schema beside the script, each default the schema's.
        with open(os.path.join(os.path.dirname(SCRIPT), "plot_spec.schema.json"), encoding="utf-8") as f:
            schema = json.load(f)
        self.assertEqual(os.path.realpath(isoplot.spec.SCHEMA_PATH),
                         os.path.realpath(os.path.join(os.path.dirname(SCRIPT), "plot_spec.schema.json")))
        self.assertEqual(sorted(f.name for f in dataclasses.fields(isoplot.spec.PlotSpec)),
                         sorted(schema["properties"]))
        defaults = {name: p["default"] for name, p in schema["properties"].items() if "default" in p}
        self.assertEqual(len(defaults), 22)
        for name, default in defaults.items():
            value = getattr(spec, name)
            value = dict(value) if name == "select" else list(value) if isinstance(value, tuple) else value
            self.assertEqual(value, default, name)
        with self.assertRaises(dataclasses.FrozenInstanceError):
            spec.face = "predicted"

    def test_given_values_are_kept_and_frozen(self):
        raw = {"kind": "contour", "file": "c.png", "x": "m", "y": "V", "z": "efficiency", "face": "predicted",
               "levels": [0.5, 0.1], "select": {"policy": ["fifo", "lifo"]}, "log_y": True, "title": None}
        spec = isoplot.spec.read_spec(raw, 0)
        self.assertEqual((spec.y, spec.face, spec.levels, spec.log_y), ("V", "predicted", (0.5, 0.1), True))
        self.assertEqual(dict(spec.select), {"policy": ("fifo", "lifo")})
        with self.assertRaises(TypeError):
            spec.select["m"] = ("1",)
        self.assertEqual(raw["levels"], [0.5, 0.1])  # the raw spec is left as it was


def twin_rows(scale, failed=()):
    """m x V, two repetitions, both faces; makespan proportional to `scale`, so that a
    summary.csv of twin_rows(3) beside a results.csv of twin_rows(1) shows which file a
    plot reads.  `failed`: (m, repetition) pairs whose run failed."""
    rows = []
    for m in (1, 2, 4):
        for V in (10.0, 100.0):
            for rep in range(2):
                makespan = scale * m * V * (1 + 0.1 * rep)
                values = {"makespan": makespan, "efficiency": 0.5, "speedup": m * (1 + 0.05 * rep), "feasible": 1}
                row = {"m": m, "V": V, "repetition": rep, "pred": dict(values, makespan=0.9 * makespan),
                       "sim": values}
                if (m, rep) in failed:
                    row["status"] = "error"
                rows.append(row)
    return rows


TWIN_AXES = [("m", [1, 2, 4]), ("V", [10.0, 100.0])]


class ReadsSummary(FolderTestCase):
    """The plots draw summary.csv's means and spreads; only a line plot with bins reads
    results.csv's runs."""

    def twin_folder(self, plots, results_scale=1, summary_scale=3, failed=()):
        return write_folder(self.folder(), TWIN_AXES, plots, twin_rows(results_scale, failed), params=["m", "V"],
                            summary_rows=twin_rows(summary_scale, failed))

    def draw(self, folder, raw):
        fig = isoplot.cli.draw(isoplot.context.load_context(folder), isoplot.spec.read_spec(raw, 0), 0)
        self.addCleanup(plt.close, fig)
        return fig

    def test_line_against_a_parameter(self):
        plot = {"kind": "line", "x": "m", "y": ["makespan"], "series": "V", "file": "line.png"}
        folder = self.twin_folder([plot])
        self.assert_wrote(run_script(folder), folder, ["line.png"])
        ax = self.draw(folder, plot).axes[0]
        simulated = [l for l in data_lines(ax) if l.get_linestyle() == "None"]
        self.assertEqual(len(simulated), 2)  # V = 10, 100
        for line, V in zip(simulated, (10.0, 100.0)):
            means = [statistics_of([3 * m * V, 3 * m * V * 1.1])[0] for m in (1, 2, 4)]
            np.testing.assert_allclose(line.get_ydata(), means)  # summary.csv's, three times results.csv's
        # Error bars: summary.csv's std, as long as twice that.
        bars = [c for c in ax.containers if c.lines[0].get_linestyle() == "None"][0].lines[2][0]
        heights = [segment[1][1] - segment[0][1] for segment in bars.get_segments()]
        np.testing.assert_allclose(heights, [2 * statistics_of([3 * m * 10, 3 * m * 10 * 1.1])[1] for m in (1, 2, 4)])

    def test_error_bars_only_where_there_is_a_std(self):
        plot = {"kind": "line", "x": "m", "y": ["makespan"], "face": "simulated", "select": {"V": ["10"]},
                "file": "bars.png"}
        # m = 1 and 4 keep one ok repetition: an empty std, no bar; m = 2 has two.
        folder = self.twin_folder([plot], summary_scale=1, failed=((1, 1), (4, 1)))
        self.assert_wrote(run_script(folder), folder, ["bars.png"])
        ax = self.draw(folder, plot).axes[0]
        simulated = [c for c in ax.containers if c.lines[0].get_linestyle() == "None"][0]
        segments = [s for s in simulated.lines[2][0].get_segments() if len(s) and np.isfinite(s).all()]
        self.assertEqual(len(segments), 1)
        self.assertEqual(segments[0][0][0], 2)
        self.assertAlmostEqual(segments[0][1][1] - segments[0][0][1], 2 * statistics_of([20.0, 22.0])[1])
        # One repetition everywhere: no error bar at all.
        folder = write_folder(self.folder("one"), TWIN_AXES, [plot],
                              [r for r in twin_rows(1) if r["repetition"] == 0], params=["m", "V"])
        self.assert_wrote(run_script(folder), folder, ["bars.png"])
        ax = self.draw(folder, plot).axes[0]
        self.assertTrue(ax.containers)
        self.assertFalse(any(c.has_yerr or c.has_xerr for c in ax.containers))

    def test_contour(self):
        plot = {"kind": "contour", "x": "m", "y": "V", "z": "makespan", "file": "map.png"}
        folder = self.twin_folder([plot])
        self.assert_wrote(run_script(folder), folder, ["map.png"])
        fig = self.draw(folder, plot)
        # A linear fill from the least to the largest mean: the colorbar spans summary.csv's.
        lo, hi = statistics_of([3 * 10.0, 33.0])[0], statistics_of([3 * 4 * 100.0, 3 * 4 * 110.0])[0]
        np.testing.assert_allclose(fig.axes[1].get_ylim(), (lo, hi))

    def test_parity(self):
        plot = {"kind": "parity", "metric": "makespan", "log": False, "file": "parity.png"}
        folder = self.twin_folder([plot])
        self.assert_wrote(run_script(folder), folder, ["parity.png"])
        ax = self.draw(folder, plot).axes[0]
        (points,) = [l for l in ax.get_lines() if l.get_marker() == "o"]
        expected = sorted(statistics_of([3 * m * V, 3 * m * V * 1.1])[0] for m in (1, 2, 4) for V in (10.0, 100.0))
        np.testing.assert_allclose(np.asarray(points.get_ydata(), dtype=float), expected)
        np.testing.assert_allclose(np.asarray(points.get_xdata(), dtype=float), 0.9 * np.array(expected))

    def test_parity_residuals_are_the_relative_deviations_in_percent(self):
        # Every simulated value is 1/0.9 of its prediction: each residual is +11.1 %, at the predicted value, on an
        # axes under the parity axes that carries the predicted label.
        plot = {"kind": "parity", "metric": "makespan", "log": False, "band": 0.05, "residuals": True,
                "file": "residuals.png"}
        folder = self.twin_folder([plot])
        self.assert_wrote(run_script(folder), folder, ["residuals.png"])
        ax = self.draw(folder, plot).axes[0]
        (res,) = ax.child_axes
        (points,) = [l for l in res.get_lines() if l.get_marker() == "o"]
        (parity,) = [l for l in ax.get_lines() if l.get_marker() == "o"]
        np.testing.assert_allclose(np.asarray(points.get_xdata(), dtype=float),
                                   np.asarray(parity.get_xdata(), dtype=float))
        np.testing.assert_allclose(np.asarray(points.get_ydata(), dtype=float), 100 * (1 / 0.9 - 1))
        levels = sorted(l.get_ydata()[0] for l in res.get_lines() if l.get_marker() != "o")
        self.assertEqual(levels, [-5.0, 0.0, 5.0])
        self.assertEqual(ax.get_xlabel(), "")
        self.assertIn("predicted", res.get_xlabel())
        self.assertIn("% of pred", res.get_ylabel())

    def test_parity_of_every_run_reads_results(self):
        # runs: one point per ok run of results.csv (scale 1, not summary.csv's 3), the failed one left out.
        plot = {"kind": "parity", "metric": "makespan", "log": False, "runs": True, "series": "V", "file": "runs.png"}
        folder = self.twin_folder([plot], failed=((2, 1),))
        self.assert_wrote(run_script(folder), folder, ["runs.png"])
        ax = self.draw(folder, plot).axes[0]
        lines = [l for l in ax.get_lines() if l.get_marker() == "o"]
        self.assertEqual(len(lines), 2)  # V = 10 and 100
        for line, V in zip(lines, (10.0, 100.0)):
            runs = sorted(m * V * (1 + 0.1 * rep) for m in (1, 2, 4) for rep in range(2) if (m, rep) != (2, 1))
            np.testing.assert_allclose(sorted(np.asarray(line.get_ydata(), dtype=float)), runs)
            np.testing.assert_allclose(sorted(np.asarray(line.get_xdata(), dtype=float)), 0.9 * np.array(runs))
        # Every run 0.9 of its prediction: 11.1 % off, over 10 points (12 runs less m = 2, repetition 1, at both V).
        self.assertIn("= 11.1 % over 10 points", ax.get_title())

    def test_line_against_a_metric_reads_summary_and_with_bins_results(self):
        plot = {"kind": "line", "x": "speedup", "x_kind": "metric", "y": ["makespan"], "face": "simulated",
                "select": {"V": ["10"]}, "file": "metric.png"}
        binned = dict(plot, bins=2, file="binned.png")
        folder = self.twin_folder([plot, binned])
        self.assert_wrote(run_script(folder), folder, ["metric.png", "binned.png"])
        # One point per m: summary.csv's means of both columns.
        (line,) = [l for l in data_lines(self.draw(folder, plot).axes[0]) if l.get_linestyle() == "None"]
        np.testing.assert_allclose(line.get_xdata(), [statistics_of([m, m * 1.05])[0] for m in (1, 2, 4)])
        np.testing.assert_allclose(line.get_ydata(), [statistics_of([30.0 * m, 33.0 * m])[0] for m in (1, 2, 4)])
        # Every run its own sample from results.csv (scale 1), sorted by x, in two bins of three.
        runs = sorted((m * (1 + 0.05 * rep), 10.0 * m * (1 + 0.1 * rep)) for m in (1, 2, 4) for rep in range(2))
        (line,) = [l for l in data_lines(self.draw(folder, binned).axes[0]) if l.get_linestyle() == "None"]
        np.testing.assert_allclose(line.get_xdata(), [np.mean([x for x, _ in runs[:3]]), np.mean([x for x, _ in runs[3:]])])
        np.testing.assert_allclose(line.get_ydata(), [np.mean([y for _, y in runs[:3]]), np.mean([y for _, y in runs[3:]])])

    def test_folder_without_summary(self):
        folder = self.twin_folder([{"kind": "parity", "metric": "makespan", "file": "parity.png"}])
        os.remove(os.path.join(folder, "summary.csv"))
        result = run_script(folder)
        self.assert_fails(result, "summary.csv not found", "written by an older isogrid",
                          f"isogrid run EXPERIMENT --out {folder} --resume")
        self.assertEqual(result.stdout, "")

    def test_without_repetitions_results_are_the_summary(self):
        # isogrid writes no summary.csv when no point repeats: each row is its point, drawn as it is.
        rows = [{"m": m, "V": 10.0, "status": "ok", "pred": {"makespan": 3.0 * m}, "sim": {"makespan": 3.3 * m}}
                for m in (1, 2, 4)]
        plot = {"kind": "line", "x": "m", "y": ["makespan"], "face": "simulated", "file": "single.png"}
        folder = write_folder(self.folder(), [("m", [1, 2, 4])], [plot], rows, ["m", "V"])
        os.remove(os.path.join(folder, "summary.csv"))
        self.assert_wrote(run_script(folder), folder, ["single.png"])
        drawn = [l for l in data_lines(self.draw(folder, plot).axes[0]) if len(l.get_xdata()) == 3]
        self.assertTrue(any(np.allclose(l.get_ydata(), [3.3, 6.6, 13.2]) for l in drawn), [l.get_ydata() for l in drawn])

    def test_summary_that_does_not_match_results(self):
        folder = self.twin_folder([{"kind": "parity", "metric": "makespan", "file": "parity.png"}])
        path = os.path.join(folder, "summary.csv")
        with open(path) as f:
            lines = list(csv.reader(f))
        with open(path, "w") as f:
            f.write(csv_text([line[:1] + line[2:] for line in lines]))  # without column m
        self.assert_fails(run_script(folder), "summary.csv does not match results.csv: it has no column 'm'",
                          "--resume")
        with open(path, "w") as f:
            f.write(csv_text([line[:-4] for line in lines]))  # without the last metric column's statistics
        self.assert_fails(run_script(folder), "it has no column 'sim_feasible_mean'")
        lines[3][lines[0].index("repetitions_ok")] = "two"
        with open(path, "w") as f:
            f.write(csv_text(lines))
        self.assert_fails(run_script(folder), "summary.csv line 4: repetitions_ok 'two' is not a count")

    def test_summary_out_of_date_is_drawn_with_a_warning(self):
        plot = {"kind": "line", "x": "m", "y": ["makespan"], "series": "V", "file": "line.png"}
        folder = self.twin_folder([plot])
        with open(os.path.join(folder, "results.csv")) as f:
            lines = f.read().splitlines()
        lines.append(lines[-1].replace("11,1,4,100,1011,", "12,0,8,100,1012,", 1))
        with open(os.path.join(folder, "results.csv"), "w") as f:
            f.write("\n".join(lines) + "\n")
        result = run_script(folder)
        self.assert_wrote(result, folder, ["line.png"])
        self.assertIn("summary.csv counts 12 ok runs where results.csv has 13: it is out of date", result.stderr)


# ---------------------------------------------------------------------------------------
# Pure helpers, imported
# ---------------------------------------------------------------------------------------


def rows_of(*triples, name="m", other="V"):
    return [{name: a, other: b, "z": c} for a, b, c in triples]


class Helpers(unittest.TestCase):
    def test_parse_float(self):
        self.assertEqual(isoplot.values.parse_float("1e+08"), 1e8)
        self.assertEqual(isoplot.values.parse_float("20"), 20.0)
        self.assertTrue(math.isnan(isoplot.values.parse_float("")))
        self.assertEqual(isoplot.values.parse_float("inf"), math.inf)
        self.assertIsNone(isoplot.values.parse_float("fifo"))
        self.assertIsNone(isoplot.values.parse_float("1;2;3"))

    def test_same_value(self):
        self.assertTrue(isoplot.values.same_value("1e+08", "100000000"))
        self.assertTrue(isoplot.values.same_value("0.1", "0.10000000000000002"))
        self.assertFalse(isoplot.values.same_value("0.1", "0.1001"))
        self.assertTrue(isoplot.values.same_value("fifo", "fifo"))
        self.assertFalse(isoplot.values.same_value("fifo", "lifo"))
        self.assertTrue(isoplot.values.same_value("1;2", "1;2"))

    def test_summary_grid_places_each_combination(self):
        # Four combinations (one spelled "1e+02", one "100.00000000000001"), each in its cell
        # with its mean, its std (none for a single value) and its ok repetitions.
        rows = rows_of(("1", "10", "1"), ("1", "10", "3"), ("2", "10", "5"), ("1", "1e+02", "7"),
                       ("2", "100.00000000000001", "8"), ("2", "100", "10"), ("2", "100", "12"))
        combination = [0, 0, 1, 2, 3, 3, 3]
        points = summarise(rows, ["m", "V"], ["z"], combination=lambda i, r: combination[i])
        self.assertEqual([p["V"] for p in points], ["10", "10", "1e+02", "100.00000000000001"])
        g = isoplot.points.summary_grid(points, [("V", ["10", "100"]), ("m", ["1", "2"])], "z")
        np.testing.assert_allclose(g.mean, [[2, 5], [7, 10]])
        np.testing.assert_array_equal(g.count, [[2, 1], [1, 3]])
        np.testing.assert_allclose(g.std, [[math.sqrt(2), np.nan], [np.nan, 2]])

    def test_summary_grid_reads_the_statistics_as_written(self):
        # The grid takes summary.csv's cells, whatever results.csv's rows would average to.
        points = [{"m": "1", "repetitions_ok": "3", "z_mean": "2.5", "z_std": "0.25"},
                  {"m": "2", "repetitions_ok": "1", "z_mean": "7", "z_std": ""}]
        g = isoplot.points.summary_grid(points, [("m", ["1", "2", "4"])], "z")
        np.testing.assert_array_equal(g.mean, [2.5, 7, np.nan])
        np.testing.assert_array_equal(g.std, [0.25, np.nan, np.nan])
        np.testing.assert_array_equal(g.count, [3, 1, 0])

    def test_summary_grid_leaves_missing_cells_nan(self):
        # Empty (not computed) and infinite values drop out; a cell without any value is
        # NaN, never 0; rows off the grid are ignored.  count: the ok repetitions drawn.
        rows = rows_of(("1", "10", ""), ("1", "10", "4"), ("2", "10", ""), ("2", "100", "inf"),
                       ("1", "100", "2"), ("3", "100", "99"))
        points = summarise(rows, ["m", "V"], ["z"])
        g = isoplot.points.summary_grid(points, [("V", ["10", "100"]), ("m", ["1", "2"])], "z")
        self.assertEqual(g.mean[0, 0], 4)
        self.assertEqual(g.mean[1, 0], 2)
        self.assertTrue(math.isnan(g.mean[0, 1]) and math.isnan(g.mean[1, 1]))
        np.testing.assert_array_equal(g.count, [[2, 0], [1, 0]])

    def test_summary_grid_on_words(self):
        rows = [{"policy": p, "z": z} for p, z in (("fifo", "1"), ("lifo", "2"), ("fifo", "3"))]
        points = summarise(rows, ["policy"], ["z"])
        g = isoplot.points.summary_grid(points, [("policy", ["lifo", "fifo", "random"])], "z")
        np.testing.assert_allclose(g.mean[:2], [2, 2])
        self.assertTrue(math.isnan(g.mean[2]))

    def test_failed_rows_are_not_averaged(self):
        folder = tempfile.mkdtemp(prefix="isogrid-plot-test-")
        self.addCleanup(shutil.rmtree, folder, True)
        rows = [{"m": 1, "repetition": 0, "sim": {"efficiency": 0.8}},
                {"m": 1, "repetition": 1, "status": "error"},
                {"m": 2, "repetition": 0, "status": "timeout"}]
        write_folder(folder, [("m", [1, 2])], [], rows, params=["m"], faces=("sim",))
        ctx = isoplot.context.load_context(folder)
        self.assertEqual(len(ctx.ok_rows), 1)
        self.assertEqual([(p["m"], p["repetitions_ok"]) for p in ctx.points], [("1", "1"), ("2", "0")])
        self.assertEqual(ctx.ok_points, ctx.points[:1])
        g = isoplot.points.summary_grid(ctx.points, [("m", ctx.values_of("m", ctx.ok_rows))], "sim_efficiency")
        self.assertEqual(g.mean[0], 0.8)
        self.assertTrue(math.isnan(g.mean[1]))

    def test_axis_values_sorted_and_deduplicated(self):
        folder = tempfile.mkdtemp(prefix="isogrid-plot-test-")
        self.addCleanup(shutil.rmtree, folder, True)
        write_folder(folder, [("m", [8, 2, 4, 2]), ("policy", ["lifo", "fifo"])], [], [], params=["m", "policy"])
        ctx = isoplot.context.load_context(folder)
        self.assertEqual(ctx.values_of("m", []), ["2", "4", "8"])
        self.assertEqual(ctx.values_of("policy", []), ["lifo", "fifo"])  # words keep their order

    def test_default_levels_for_efficiencies(self):
        z = np.array([[0.05, 0.5], [np.nan, 1.0]])
        self.assertEqual(isoplot.levels.default_levels(z), [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99])

    def test_default_levels_linear(self):
        levels = isoplot.levels.default_levels(np.array([3.0, 47.0, 20.0]))
        self.assertTrue(5 <= len(levels) <= 11, levels)
        self.assertTrue(all(3 < v < 47 for v in levels), levels)
        steps = np.diff(levels)
        np.testing.assert_allclose(steps, steps[0])  # evenly spaced
        self.assertTrue(all(float(v).is_integer() for v in levels), levels)  # round numbers

    def test_default_levels_log(self):
        levels = isoplot.levels.default_levels(np.array([2.0, 3e4, 50.0]))  # over four decades
        self.assertTrue(5 <= len(levels) <= 11, levels)
        self.assertTrue(all(2 <= v <= 3e4 for v in levels), levels)
        ratios = np.array(levels[1:]) / np.array(levels[:-1])
        self.assertTrue((ratios >= 1.5).all(), levels)  # spaced by factors, not steps
        for v in levels:  # 1, 2, 3 or 5 times a power of ten
            mantissa = v / 10 ** math.floor(math.log10(v))
            self.assertIn(round(mantissa, 9), (1, 2, 3, 5), levels)

    def test_default_levels_wide_log(self):
        levels = isoplot.levels.default_levels(np.array([1e-8, 1e12]))
        self.assertTrue(3 <= len(levels) <= 11, levels)

    def test_default_levels_degenerate(self):
        self.assertEqual(isoplot.levels.default_levels(np.array([np.nan])), [])
        self.assertEqual(isoplot.levels.default_levels(np.array([5.0, 5.0])), [5.0])
        levels = isoplot.levels.default_levels(np.array([-3.0, 2.0]))  # negatives: linear
        self.assertTrue(all(-3 < v < 2 for v in levels) and len(levels) >= 3, levels)

    def test_infeasible_mask(self):
        mask = isoplot.levels.infeasible_mask(np.array([[0.0, 1.0], [np.nan, 0.5]]))
        np.testing.assert_array_equal(mask, [[True, False], [False, False]])

    # --- x_kind: metric ---

    @staticmethod
    def grain_rows():
        """time against grain size G = N_x / p for C = 1, 2: several (N_x, p) give the
        same G, and (N_x, p) = (100, 1) has two repetitions."""
        rows = []
        for C in ("1", "2"):
            for N_x, p in (("100", "1"), ("200", "2"), ("400", "4"), ("100", "2"), ("400", "1"), ("200", "4")):
                G = float(N_x) / float(p)
                rows.append({"C": C, "N_x": N_x, "p": p, "G": repr(G), "T": repr(G * float(C) + float(p))})
        rows.append({"C": "1", "N_x": "100", "p": "1", "G": "100", "T": "103"})  # 2nd repetition: T 101, 103
        rows.append({"C": "1", "N_x": "800", "p": "8", "G": "", "T": "5"})  # no x: dropped
        rows.append({"C": "1", "N_x": "800", "p": "4", "G": "200", "T": "inf"})  # no y: dropped
        return rows

    @staticmethod
    def grain_points():
        """grain_rows as summary.csv has them: one point per (C, N_x, p)."""
        return summarise(Helpers.grain_rows(), ["C", "N_x", "p"], ["G", "T"])

    def test_metric_curves_interleave_parameters(self):
        curves = isoplot.points.metric_curves(self.grain_points(), "G", "T", ["C", "N_x", "p"], "C", ["1", "2"])
        self.assertEqual(len(curves), 2)
        one = curves[0]
        # Sorted by G, ties (G = 50: (100, 2), (200, 4); G = 100: (100, 1), (200, 2),
        # (400, 4)) by N_x then p: the (N_x, p) interleave into one curve.
        self.assertEqual([p.x for p in one], [50, 50, 100, 100, 100, 400])
        self.assertEqual([(p.key[1][1], p.key[2][1]) for p in one],
                         [(100, 2), (200, 4), (100, 1), (200, 2), (400, 4), (400, 1)])
        first = one[2]
        self.assertEqual((first.y, first.count), (102, 2))
        self.assertAlmostEqual(first.y_std, math.sqrt(2))
        self.assertEqual(first.x_std, 0)
        self.assertTrue(math.isnan(one[0].y_std))  # a single repetition: no spread
        self.assertEqual([p.y for p in one], [52, 54, 102, 102, 104, 401])
        self.assertEqual([p.y for p in curves[1]], [102, 104, 201, 202, 204, 801])

    def test_metric_curves_without_series(self):
        curves = isoplot.points.metric_curves(self.grain_points(), "G", "T", ["C", "N_x", "p"])
        self.assertEqual(len(curves), 1)
        self.assertEqual(len(curves[0]), 12)
        # Ties across series are ordered by C first (the first parameter).
        ties = [(p.key[0][1], p.key[1][1]) for p in curves[0] if p.x == 100]
        self.assertEqual(ties, [(1, 100), (1, 200), (1, 400), (2, 100), (2, 200), (2, 400)])

    def test_metric_curves_nearly_equal_x_are_ties(self):
        # Grain sizes computed along different paths differ in the last bits: the order
        # must follow the parameters, not that noise.
        rows = [{"N_x": "400", "x": repr(100 * (1 - 1e-14)), "y": "3"},
                {"N_x": "100", "x": repr(100 * (1 + 1e-14)), "y": "1"},
                {"N_x": "200", "x": "100", "y": "2"},
                {"N_x": "300", "x": "100.001", "y": "9"}]
        (curve,) = isoplot.points.metric_curves(summarise(rows, ["N_x"], ["x", "y"]), "x", "y", ["N_x"])
        self.assertEqual([p.y for p in curve], [1, 2, 3, 9])

    def test_metric_curves_in_bins_take_every_row_on_its_own(self):
        # 10 valid rows (x = 1..10, y = 2x) of one parameter value: 4 bins of 3, 3, 2, 2 rows
        # in x order; the row without an x drops out; with fewer rows than bins, one row each.
        rows = [{"N_x": "100", "x": repr(float(x)), "y": repr(2.0 * x)} for x in (7, 3, 1, 10, 5, 2, 9, 4, 8, 6)]
        rows.append({"N_x": "100", "x": "", "y": "1"})
        (curve,) = isoplot.points.binned_curves(rows, "x", "y", None, None, 4)
        self.assertEqual([p.count for p in curve], [3, 3, 2, 2])
        self.assertEqual([p.x for p in curve], [2, 5, 7.5, 9.5])
        self.assertEqual([p.y for p in curve], [4, 10, 15, 19])
        self.assertAlmostEqual(curve[0].y_std, 2.0)
        self.assertEqual(len(isoplot.points.binned_curves(rows[:2], "x", "y", None, None, 4)[0]), 2)
        # Per series, and an empty series stays empty.
        rows = [{"C": c, "x": repr(float(x)), "y": "1"} for c in ("1", "2") for x in range(6)]
        one, two, three = isoplot.points.binned_curves(rows, "x", "y", "C", ["1", "2", "3"], 3)
        self.assertEqual(([p.x for p in one], [p.count for p in two], three), ([0.5, 2.5, 4.5], [2, 2, 2], []))

    def test_metric_curves_on_words_and_empty(self):
        rows = [{"policy": "lifo", "x": "2", "y": "1"}, {"policy": "fifo", "x": "2", "y": "2"},
                {"policy": "10", "x": "2", "y": "3"}]
        (curve,) = isoplot.points.metric_curves(summarise(rows, ["policy"], ["x", "y"]), "x", "y", ["policy"])
        self.assertEqual([p.y for p in curve], [3, 2, 1])  # numbers before words, words by name
        self.assertEqual(isoplot.points.metric_curves([], "x", "y", ["C"], "C", ["1", "2"]), [[], []])
        self.assertEqual(isoplot.points.binned_curves([], "x", "y", "C", ["1", "2"], 3), [[], []])

    # --- select ---

    def test_selection_matching(self):
        self.assertTrue(isoplot.selection.matches_any("50", ["50"]))
        self.assertTrue(isoplot.selection.matches_any("5e+01", ["50.0"]))
        self.assertTrue(isoplot.selection.matches_any("0.30000000000000004", ["0.3"]))
        self.assertFalse(isoplot.selection.matches_any("50.001", ["50"]))
        self.assertTrue(isoplot.selection.matches_any("fifo", ["lifo", "fifo"]))
        self.assertFalse(isoplot.selection.matches_any("fifo", ["FIFO"]))
        self.assertFalse(isoplot.selection.matches_any("", ["0"]))

    def test_select_rows(self):
        rows = [{"N_y": ny, "policy": pol, "i": i}
                for i, (ny, pol) in enumerate([("50", "fifo"), ("100", "fifo"), ("5e+01", "lifo"), ("50", "lifo")])]
        kept = isoplot.selection.select_rows(rows, [("N_y", ["50"])])
        self.assertEqual([r["i"] for r in kept], [0, 2, 3])
        kept = isoplot.selection.select_rows(rows, [("N_y", ["50"]), ("policy", ["lifo"])])
        self.assertEqual([r["i"] for r in kept], [2, 3])
        self.assertEqual(isoplot.selection.select_rows(rows, [("N_y", ["51"])]), [])
        self.assertEqual(isoplot.selection.select_rows(rows, []), rows)
        self.assertEqual(isoplot.selection.selection_notes([("N_y", ["50"]), ("C", ["1", "4"])]), ["N_y = 50", "C ∈ {1, 4}"])

    def test_restricted_context(self):
        folder = tempfile.mkdtemp(prefix="isogrid-plot-test-")
        self.addCleanup(shutil.rmtree, folder, True)
        grid_folder(folder, [])
        ctx = isoplot.context.load_context(folder)
        self.assertEqual(ctx.parameters, ["C", "N_x", "N_y", "p", "policy"])
        view = ctx.restricted([("N_y", ["100"]), ("C", ["4", "2"])])
        self.assertEqual(view.axes["C"], ["2", "4"])
        self.assertEqual(view.axes["N_y"], ["100"])
        self.assertEqual(len(view.rows), 2 * 3 * 4 * 2)
        self.assertEqual(len(view.ok_rows), len(view.rows) - 2)  # the failed point
        self.assertEqual(len(ctx.rows), 3 * 3 * 2 * 4 * 2)  # the context itself is untouched
        self.assertEqual(len(view.points), 2 * 3 * 4)  # summary.csv's combinations, restricted alike
        self.assertEqual(len(view.ok_points), len(view.points) - 1)
        self.assertEqual(len(ctx.points), 3 * 3 * 2 * 4)
        self.assertEqual(isoplot.line.varying_parameters(view, view.ok_rows, exclude={"C"}), ["N_x", "p"])

    # --- parity ---

    def test_relative_deviations(self):
        d = isoplot.parity.relative_deviations([100, 10, 0, 0, -4], [104, 9, 0, 1, -5])
        np.testing.assert_allclose(d[:3], [0.04, 0.1, 0.0])
        self.assertEqual(d[3], math.inf)
        self.assertAlmostEqual(d[4], 0.25)

    def test_parity_statistics(self):
        stats = isoplot.parity.parity_statistics([100, 100, 100, 100], [104, 95, 106, 90], band=0.05)
        self.assertEqual(stats.points, 4)
        self.assertAlmostEqual(stats.largest, 0.10)
        self.assertEqual(stats.outside, 2)  # exactly on the edge (95) is inside
        stats = isoplot.parity.parity_statistics([1.0, 2.0], [1.01, 1.99])
        self.assertIsNone(stats.outside)
        self.assertAlmostEqual(stats.largest, 0.01)
        empty = isoplot.parity.parity_statistics([], [], band=0.05)
        self.assertEqual((empty.points, empty.outside), (0, 0))
        self.assertTrue(math.isnan(empty.largest))
        self.assertEqual(isoplot.parity.band_label(0.05), "±5 %")
        self.assertEqual(isoplot.parity.band_label(0.025), "±2.5 %")
        self.assertEqual(isoplot.parity.format_percent(0.0712345), "7.12 %")


def main():
    global SCRIPT, entry, isoplot, plt
    if len(sys.argv) < 2:
        print("usage: plot_script_test.py PATH/TO/isogrid_plot.py [unittest options]", file=sys.stderr)
        return 2
    SCRIPT = os.path.abspath(sys.argv[1])
    entry, isoplot = load_package(SCRIPT)
    import matplotlib.pyplot as plt
    program = unittest.main(argv=[sys.argv[0]] + sys.argv[2:], exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
