"""What tests/shipped_figures_test.py and tests/report_tables_test.py share: the shipped experiment files, and a
small made-up results folder of one of them, made by the figure_fixture program (tests/figure_fixture.cpp)."""
import glob
import os
import subprocess


def shipped_experiments(source, only=()):
    """Every experiment file of experiments/ (paper.yaml files left out), or those whose path contains one of `only`."""
    files = sorted(glob.glob(os.path.join(source, "experiments", "*", "*.yaml")))
    files = [f for f in files if os.path.basename(f) != "paper.yaml"]
    return [f for f in files if any(o in f for o in only)] if only else files


def make_fixture(fixture, experiment, root):
    """The made-up results folder of `experiment` under `root` (named <paper>-<study>); raises AssertionError with
    the program's output when it fails."""
    name = os.path.basename(os.path.dirname(experiment)) + "-" + os.path.splitext(os.path.basename(experiment))[0]
    out = os.path.join(root, name)
    r = subprocess.run([fixture, experiment, out], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise AssertionError(f"{experiment}: figure_fixture exit {r.returncode}\n{r.stdout}{r.stderr}")
    return out
