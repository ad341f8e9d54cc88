#!/usr/bin/env python3
"""The pandas path (simulator/plot/isoplot/frames.py) on shipped studies' folders: cells typed column by column, list
cells as lists and their swept elements as columns, the seed exact, summary.csv read when points repeat, and the
labels and units the model declares.

usage: frames_test.py ISOGRID SOURCE_DIR
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ISOGRID, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
sys.path.insert(0, os.path.join(SOURCE, "simulator/plot"))
from isoplot import frames  # noqa: E402


def run(experiment, out, *sets):
    args = [ISOGRID, "run", os.path.join(SOURCE, experiment), "--out", out, "--no-plot", "--jobs", "2"]
    for s in sets:
        args += ["--set", s]
    r = subprocess.run(args, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise AssertionError(f"{experiment}: exit {r.returncode}\n{r.stdout}\n{r.stderr}")
    return out


class Frames(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="isogrid-frames-test-")
        # DLT across two clusters, each point twice (summary.csv), 2 orders x 5 m x 9 V.
        cls.dlt = run("experiments/examples/dlt-two-clusters.yaml", os.path.join(cls.root, "dlt"), "repetitions=2")
        # Argollo's farm over Spain's workers and Internet throughput: list parameters swept element by element.
        cls.farm = run("experiments/argollo/map-workers-throughput.yaml", os.path.join(cls.root, "farm"),
                       "workers[2]=[1, 2]", "inet_kib_s[2]=[5, 100]")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, True)

    def test_cells_are_typed_column_by_column(self):
        r = frames.load(self.dlt)
        self.assertEqual(len(r.results), 2 * 5 * 9 * 2)
        self.assertEqual(r.swept, ["sequence", "m", "V"])
        self.assertEqual(str(r.results["m"].dtype), "int64")
        self.assertEqual(str(r.results["V"].dtype), "float64")
        self.assertEqual(sorted(set(r.results["sequence"])), ["fastest-link-first", "given"])
        self.assertEqual(str(r.results["sim_makespan"].dtype), "float64")
        # Infeasible points have no makespan: NaN, not 0 and not text.
        infeasible = r.results[r.results["sim_feasible"] == 0]
        self.assertGreater(len(infeasible), 0)
        self.assertTrue(infeasible["sim_makespan"].isna().all())
        # The seed, an unsigned 64-bit number, stays exact.
        with open(os.path.join(self.dlt, "results.csv")) as f:
            header, first = f.readline().strip().split(","), f.readline().strip().split(",")
        self.assertEqual(r.results["seed"].iloc[0], int(first[header.index("seed")]))
        self.assertEqual(len(r.ok), len(r.results))
        # summary.csv: one row per combination, with the statistics of every metric column.
        self.assertEqual(len(r.summary), 2 * 5 * 9)
        self.assertIn("sim_makespan_mean", r.summary.columns)
        self.assertEqual(str(r.summary["repetitions_ok"].dtype), "int64")
        self.assertIsNone(r.crossings)

    def test_labels_and_units_come_from_the_declarations(self):
        r = frames.load(self.dlt)
        with open(os.path.join(self.dlt, "run.json")) as f:
            declared = {e["name"]: e for e in json.load(f)["metrics"]}
        efficiency = declared["efficiency"]
        self.assertTrue(efficiency["label"])
        self.assertEqual(r.label("sim_efficiency"), "simulated " + efficiency["label"])
        self.assertEqual(r.label("pred_efficiency_mean"), "predicted " + efficiency["label"])
        self.assertEqual(r.unit("sim_efficiency"), efficiency["unit"])
        self.assertEqual(r.axis_label("sim_efficiency"), "simulated " + efficiency["label"])  # unitless
        self.assertEqual(r.label("no_such_column"), "no_such_column")

    def test_list_cells_are_lists_and_swept_elements_columns(self):
        r = frames.load(self.farm)
        self.assertEqual(r.swept, ["workers[2]", "inet_kib_s[2]"])
        self.assertEqual(len(r.results), 4)
        for cell, element in zip(r.results["workers"], r.results["workers[2]"]):
            self.assertEqual(cell[:2], [3.0, 5.0])
            self.assertEqual(cell[2], element)
        self.assertEqual(sorted(set(r.results["workers[2]"])), [1.0, 2.0])
        self.assertEqual(sorted(set(r.results["inet_kib_s[2]"])), [5.0, 100.0])
        self.assertIsNone(r.summary)
        unit = r.unit("inet_kib_s[2]")
        self.assertEqual(unit, "KiB/s")
        self.assertTrue(r.axis_label("inet_kib_s[2]").endswith("[2] (KiB/s)"), r.axis_label("inet_kib_s[2]"))
        self.assertFalse(math.isnan(r.results["sim_efficiency"].iloc[0]))


class GettingStartedSnippet(unittest.TestCase):
    def test_the_pandas_recipe_runs_on_the_demo(self):
        # docs/getting-started.md's ```python block, on the demo's study (Fig. 3) run into a folder of the test's own.
        with open(os.path.join(SOURCE, "docs/getting-started.md"), encoding="utf-8") as f:
            page = f.read()
        block = page[page.index("## Your results in pandas"):].split("```python\n", 1)[1].split("```", 1)[0]
        root = tempfile.mkdtemp(prefix="isogrid-frames-demo-")
        self.addCleanup(shutil.rmtree, root, True)
        demo = run("experiments/drozdowski2003/fig3-isoefficiency-m-V.yaml", os.path.join(root, "demo"))
        code = block.replace('"results/demo"', repr(demo)).replace('"simulator/plot"',
                                                                      repr(os.path.join(SOURCE, "simulator/plot")))
        printed = subprocess.run([sys.executable, "-c", code + "\nprint(len(best))"], capture_output=True, text=True,
                                 timeout=120)
        self.assertEqual(printed.returncode, 0, printed.stderr)
        lines = printed.stdout.splitlines()
        self.assertEqual(lines[-1], "20")  # one row per m = 1..20: where each reaches its best efficiency
        self.assertEqual(lines[0], frames.load(demo).axis_label("sim_efficiency"))
        claimed = block.split('axis_label("sim_efficiency"))', 1)[1].split('"', 2)[1]
        self.assertEqual(lines[0], claimed)  # the comment in the page says what it prints


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
