"""Tests of the matplotlib front end, simulator/plot/isogrid_plot.py.

Run as (ctest does this as the `plot_script` test):

    MPLBACKEND=Agg /usr/bin/python3 tests/plot_script_test.py simulator/plot/isogrid_plot.py

It fabricates results folders (run.json + results.csv, as `isogrid run` writes them) in
temporary folders, runs the script on them as a subprocess and checks exit codes, the
`wrote` lines, the PNG files and the error messages; and it imports the script as a
module to test its pure helpers.  Set ISOGRID_PLOT_TEST_OUT=DIR to keep the fabricated
folders (and their images) in DIR for a look.
"""

import importlib.util
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

import numpy as np

SCRIPT = None  # path of isogrid_plot.py, from argv
plot = None  # the script imported as a module

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load_script(path):
    spec = importlib.util.spec_from_file_location("isogrid_plot", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


def write_folder(folder, axes, plots, rows, params, faces=("pred", "sim"), title="Test experiment", status="complete"):
    """run.json and results.csv for `rows`: dicts with the parameters, 'status', and per
    face a dict of metric values ('pred', 'sim')."""
    os.makedirs(folder, exist_ok=True)
    run = {
        "isogrid_version": "test",
        "experiment": {
            "title": title,
            "model": "dlt-star",
            "mode": "both" if len(faces) == 2 else ("predict" if faces == ("pred",) else "simulate"),
            "axes": [{"name": name, "values": [number(v) if not isinstance(v, str) else v for v in values]}
                     for name, values in axes],
        },
        "metrics": METRICS,
        "primary_metric": "makespan",
        "plots": plots,
        "status": status,
    }
    with open(os.path.join(folder, "run.json"), "w") as f:
        json.dump(run, f, indent=2)
    header = ["index", "repetition"] + params + ["seed", "status"]
    for face in faces:
        header += [f"{face}_{m}" for m in METRIC_NAMES]
    if len(faces) == 2:
        header.append("rel_dev")
    header += ["message", "wall_s"]
    lines = [",".join(header)]
    for i, row in enumerate(rows):
        fields = [str(i), str(row.get("repetition", 0))]
        fields += [row[p] if isinstance(row[p], str) else number(row[p]) for p in params]
        fields += [str(1000 + i), row.get("status", "ok")]
        ok = row.get("status", "ok") == "ok"
        for face in faces:
            values = row.get(face, {})
            fields += [number(values.get(m)) if ok else "" for m in METRIC_NAMES]
        if len(faces) == 2:
            fields.append("0" if ok else "")
        fields += ['"failed, on purpose"' if not ok else "", "0.001000"]
        lines.append(",".join(fields))
    with open(os.path.join(folder, "results.csv"), "w") as f:
        f.write("\n".join(lines) + "\n")
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


# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------


def run_script(folder):
    env = dict(os.environ, MPLBACKEND="Agg")
    return subprocess.run([sys.executable, SCRIPT, folder], capture_output=True, text=True, env=env, timeout=240)


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

    def test_contour_over_words(self):
        # Non-numeric axes are matched as strings and drawn as categories.
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

    def test_extra_swept_parameter_is_held_at_its_first_value(self):
        # A third swept axis (policy) that the contour does not show: the map is drawn at
        # policy = fifo, not an average over policies.
        folder = self.folder()
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
        self.assert_wrote(run_script(folder), folder, ["held.png"])


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
        self.assert_fails(result, "plot 1 (fig3.png)", "unknown kind 'pie'")
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
        self.assert_fails(run_script(folder), "plain file name")
        self.assertFalse(os.path.exists(os.path.join(self.root, "escape.png")))


# ---------------------------------------------------------------------------------------
# Pure helpers, imported
# ---------------------------------------------------------------------------------------


def rows_of(*triples, name="m", other="V"):
    return [{name: a, other: b, "z": c} for a, b, c in triples]


class Helpers(unittest.TestCase):
    def test_parse_float(self):
        self.assertEqual(plot.parse_float("1e+08"), 1e8)
        self.assertEqual(plot.parse_float("20"), 20.0)
        self.assertTrue(math.isnan(plot.parse_float("")))
        self.assertEqual(plot.parse_float("inf"), math.inf)
        self.assertIsNone(plot.parse_float("fifo"))
        self.assertIsNone(plot.parse_float("1;2;3"))

    def test_same_value(self):
        self.assertTrue(plot.same_value("1e+08", "100000000"))
        self.assertTrue(plot.same_value("0.1", "0.10000000000000002"))
        self.assertFalse(plot.same_value("0.1", "0.1001"))
        self.assertTrue(plot.same_value("fifo", "fifo"))
        self.assertFalse(plot.same_value("fifo", "lifo"))
        self.assertTrue(plot.same_value("1;2", "1;2"))

    def test_aggregate_averages_repetitions(self):
        rows = rows_of(("1", "10", "1"), ("1", "10", "3"), ("2", "10", "5"), ("1", "1e+02", "7"),
                       ("2", "100.00000000000001", "8"), ("2", "100", "10"), ("2", "100", "12"))
        g = plot.aggregate(rows, [("V", ["10", "100"]), ("m", ["1", "2"])], "z")
        np.testing.assert_allclose(g.mean, [[2, 5], [7, 10]])
        np.testing.assert_array_equal(g.count, [[2, 1], [1, 3]])
        np.testing.assert_allclose(g.std, [[math.sqrt(2), 0], [0, 2]])

    def test_aggregate_leaves_missing_cells_nan(self):
        # Empty (not computed) and infinite values drop out; a cell without any value is
        # NaN, never 0; rows off the grid are ignored.
        rows = rows_of(("1", "10", ""), ("1", "10", "4"), ("2", "10", ""), ("2", "100", "inf"),
                       ("1", "100", "2"), ("3", "100", "99"))
        g = plot.aggregate(rows, [("V", ["10", "100"]), ("m", ["1", "2"])], "z")
        self.assertEqual(g.mean[0, 0], 4)
        self.assertEqual(g.mean[1, 0], 2)
        self.assertTrue(math.isnan(g.mean[0, 1]) and math.isnan(g.mean[1, 1]))
        np.testing.assert_array_equal(g.count, [[1, 0], [1, 0]])

    def test_aggregate_on_words(self):
        rows = [{"policy": p, "z": z} for p, z in (("fifo", "1"), ("lifo", "2"), ("fifo", "3"))]
        g = plot.aggregate(rows, [("policy", ["lifo", "fifo", "random"])], "z")
        np.testing.assert_allclose(g.mean[:2], [2, 2])
        self.assertTrue(math.isnan(g.mean[2]))

    def test_failed_rows_are_not_averaged(self):
        folder = tempfile.mkdtemp(prefix="isogrid-plot-test-")
        self.addCleanup(shutil.rmtree, folder, True)
        rows = [{"m": 1, "repetition": 0, "sim": {"efficiency": 0.8}},
                {"m": 1, "repetition": 1, "status": "error"},
                {"m": 2, "repetition": 0, "status": "timeout"}]
        write_folder(folder, [("m", [1, 2])], [], rows, params=["m"], faces=("sim",))
        ctx = plot.Context(plot.load_run(folder), plot.load_results(folder))
        self.assertEqual(len(ctx.ok_rows), 1)
        g = plot.aggregate(ctx.ok_rows, [("m", ctx.values_of("m", ctx.ok_rows))], "sim_efficiency")
        self.assertEqual(g.mean[0], 0.8)
        self.assertTrue(math.isnan(g.mean[1]))

    def test_axis_values_sorted_and_deduplicated(self):
        folder = tempfile.mkdtemp(prefix="isogrid-plot-test-")
        self.addCleanup(shutil.rmtree, folder, True)
        write_folder(folder, [("m", [8, 2, 4, 2]), ("policy", ["lifo", "fifo"])], [], [], params=["m", "policy"])
        ctx = plot.Context(plot.load_run(folder), plot.load_results(folder))
        self.assertEqual(ctx.values_of("m", []), ["2", "4", "8"])
        self.assertEqual(ctx.values_of("policy", []), ["lifo", "fifo"])  # words keep their order

    def test_default_levels_for_efficiencies(self):
        z = np.array([[0.05, 0.5], [np.nan, 1.0]])
        self.assertEqual(plot.default_levels(z), [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99])

    def test_default_levels_linear(self):
        levels = plot.default_levels(np.array([3.0, 47.0, 20.0]))
        self.assertTrue(5 <= len(levels) <= 11, levels)
        self.assertTrue(all(3 < v < 47 for v in levels), levels)
        steps = np.diff(levels)
        np.testing.assert_allclose(steps, steps[0])  # evenly spaced
        self.assertTrue(all(float(v).is_integer() for v in levels), levels)  # round numbers

    def test_default_levels_log(self):
        levels = plot.default_levels(np.array([2.0, 3e4, 50.0]))  # over four decades
        self.assertTrue(5 <= len(levels) <= 11, levels)
        self.assertTrue(all(2 <= v <= 3e4 for v in levels), levels)
        ratios = np.array(levels[1:]) / np.array(levels[:-1])
        self.assertTrue((ratios >= 1.5).all(), levels)  # spaced by factors, not steps
        for v in levels:  # 1, 2, 3 or 5 times a power of ten
            mantissa = v / 10 ** math.floor(math.log10(v))
            self.assertIn(round(mantissa, 9), (1, 2, 3, 5), levels)

    def test_default_levels_wide_log(self):
        levels = plot.default_levels(np.array([1e-8, 1e12]))
        self.assertTrue(3 <= len(levels) <= 11, levels)

    def test_default_levels_degenerate(self):
        self.assertEqual(plot.default_levels(np.array([np.nan])), [])
        self.assertEqual(plot.default_levels(np.array([5.0, 5.0])), [5.0])
        levels = plot.default_levels(np.array([-3.0, 2.0]))  # negatives: linear
        self.assertTrue(all(-3 < v < 2 for v in levels) and len(levels) >= 3, levels)

    def test_infeasible_mask(self):
        mask = plot.infeasible_mask(np.array([[0.0, 1.0], [np.nan, 0.5]]))
        np.testing.assert_array_equal(mask, [[True, False], [False, False]])


def main():
    global SCRIPT, plot
    if len(sys.argv) < 2:
        print("usage: plot_script_test.py PATH/TO/isogrid_plot.py [unittest options]", file=sys.stderr)
        return 2
    SCRIPT = os.path.abspath(sys.argv[1])
    plot = load_script(SCRIPT)
    program = unittest.main(argv=[sys.argv[0]] + sys.argv[2:], exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
