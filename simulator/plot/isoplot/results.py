"""Reading a results folder: run.json, results.csv and summary.csv.

results.csv has one row per run (a point of the sweep and one repetition of it): `index,
repetition, <parameters>, seed, status, pred_<metric>..., sim_<metric>..., ...`.  summary.csv,
which `isogrid run` writes next to it when points repeat (interrupted runs too), has one row per
combination of parameter values that has a row in results.csv: `combination, <parameters>,
repetitions_ok`, then per metric column `<column>_mean, _std, _median, _cv` over its ok
repetitions, a statistic that is undefined (the std of one value) an empty cell.  Parameter
cells are written alike in both files.

Rows are dicts of column name -> field text.  An axis over one element of a list parameter
(`w[1]`) gets a column of its own in both files (add_element_columns).
"""

import collections
import csv
import json
import os
import re

from .errors import PlotError, warn
from .values import float_or_nan

Results = collections.namedtuple("Results", "header rows")

# An axis over one element of a list parameter: `delta[1]`.
ELEMENT_AXIS = re.compile(r"^(.+)\[(\d+)\]$")
METRIC_PREFIXES = ("pred_", "sim_")
# The statistics of summary.csv that the plots read.
SUMMARY_STATISTICS = ("mean", "std")


def load_run(folder):
    """run.json as a dict, checked for the keys this package relies on (each plot spec is
    checked on its own, when it is drawn)."""
    path = os.path.join(folder, "run.json")
    try:
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
    except FileNotFoundError:
        raise PlotError(f"{path} not found: is {folder} a folder written by `isogrid run`?")
    except (OSError, ValueError) as e:
        raise PlotError(f"{path} is not valid JSON: {e}")
    if not isinstance(run, dict):
        raise PlotError(f"{path}: expected a JSON object at the top level")
    plots = run.get("plots", [])
    if not isinstance(plots, list) or not all(isinstance(p, dict) for p in plots):
        raise PlotError(f"{path}: 'plots' must be a list of objects")
    experiment = run.get("experiment", {})
    if not isinstance(experiment, dict):
        raise PlotError(f"{path}: 'experiment' must be an object")
    axes = experiment.get("axes", [])
    # An axis gives its values, or only their count when it has too many to list (they are then results.csv's).
    if not isinstance(axes, list) or not all(
        isinstance(a, dict)
        and isinstance(a.get("name"), str)
        and (isinstance(a.get("values"), list) or isinstance(a.get("count"), int))
        for a in axes
    ):
        raise PlotError(f"{path}: 'experiment.axes' must be a list of {{name, values}} or {{name, count}} objects")
    return run


def read_table(path, missing):
    """A CSV file as its header and rows; `missing`: what a PlotError says when the file
    does not exist."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise PlotError(f"{path} not found: {missing}")
    except (OSError, UnicodeDecodeError) as e:
        raise PlotError(f"cannot read {path}: {e}")
    lines = list(csv.reader(text.splitlines()))
    if not lines or not lines[0]:
        raise PlotError(f"{path} is empty: expected a header line")
    header = lines[0]
    rows = []
    for number, fields in enumerate(lines[1:], start=2):
        if not fields:
            continue
        if len(fields) != len(header):
            # A run killed mid-write leaves a torn last line without its newline; the
            # runner drops it on resume, so a plot of the partial run may skip it too.
            if number == len(lines) and not text.endswith("\n"):
                warn(f"{path}: ignoring the incomplete last line {number}")
                continue
            raise PlotError(f"{path} line {number}: {len(fields)} fields where the header has {len(header)}")
        rows.append(dict(zip(header, fields)))
    return Results(header, rows)


def load_results(folder):
    """results.csv: one row per run."""
    path = os.path.join(folder, "results.csv")
    results = read_table(path, "has the run written any results yet?")
    if "status" not in results.header:
        raise PlotError(f"{path}: the header has no 'status' column (header: {','.join(results.header)})")
    return results


def load_isoefficiency(folder):
    """isoefficiency.csv (the lines an `isoefficiency:` block traced), or None without one."""
    path = os.path.join(folder, "isoefficiency.csv")
    if not os.path.exists(path):
        return None
    return read_table(path, "")


def load_crossings(folder):
    """crossings.csv (where a metric reaches a level along a parameter, per group), or None without one."""
    path = os.path.join(folder, "crossings.csv")
    if not os.path.exists(path):
        return None
    return read_table(path, "")


def rerun_hint(folder):
    return f"re-run the experiment with `isogrid run EXPERIMENT --out {folder} --resume` (no point runs again)"


def single_run_summary(results):
    """The summary of a sweep that repeats no point: results.csv's rows are its combinations,
    each ok row's value its own mean and median, with no spread (the C++ side writes
    summary.csv only when points repeat, so that a million-point map costs no second file)."""
    parameters = model_parameter_columns(results.header) or []
    metrics = metric_columns(results.header)
    header = ["combination"] + parameters + ["repetitions_ok"]
    header += [f"{c}_{s}" for c in metrics for s in ("mean", "std", "median", "cv")]
    rows = []
    for r in results.rows:
        ok = r["status"].strip() == "ok"
        row = {"combination": r["index"], "repetitions_ok": "1" if ok else "0"}
        row.update({p: r[p] for p in parameters})
        for c in metrics:
            value = r[c] if ok else ""
            row.update({f"{c}_mean": value, f"{c}_std": "", f"{c}_median": value, f"{c}_cv": ""})
        rows.append(row)
    return Results(header, rows)


def load_summary(folder, results, run):
    """summary.csv: one row per combination, checked against results.csv's columns; with one
    repetition per point, results.csv itself (single_run_summary)."""
    path = os.path.join(folder, "summary.csv")
    repetitions = run.get("experiment", {}).get("repetitions", 1)
    if repetitions == 1 and not os.path.exists(path):
        return single_run_summary(results)
    summary = read_table(
        path, f"{folder} was written by an older isogrid, whose plots averaged results.csv themselves; to write it, "
        + rerun_hint(folder)
    )
    needed = ["combination"] + (model_parameter_columns(results.header) or []) + ["repetitions_ok"]
    needed += [f"{c}_{s}" for c in metric_columns(results.header) for s in SUMMARY_STATISTICS]
    for column in needed:
        if column not in summary.header:
            raise PlotError(
                f"{path} does not match results.csv: it has no column '{column}'; to write it anew, "
                + rerun_hint(folder)
            )
    counted = 0
    for number, row in enumerate(summary.rows, start=2):
        count = float_or_nan(row["repetitions_ok"])
        if not (count >= 0 and count.is_integer()):
            raise PlotError(f"{path} line {number}: repetitions_ok '{row['repetitions_ok']}' is not a count")
        counted += int(count)
    ok = sum(1 for r in results.rows if r["status"].strip() == "ok")
    if counted != ok:
        warn(f"{path} counts {counted} ok runs where results.csv has {ok}: it is out of date (the plots draw it); "
             f"to write it anew, {rerun_hint(folder)}")
    return summary


def repetitions_ok(row):
    """How many ok runs a summary row's statistics are over."""
    return int(float(row["repetitions_ok"]))


def model_parameter_columns(header):
    """The columns of results.csv between `repetition` and `seed`: the model's parameters
    (None in a file without those columns)."""
    if "repetition" in header and "seed" in header:
        first, last = header.index("repetition"), header.index("seed")
        if first < last:
            return header[first + 1 : last]
    return None


def metric_columns(header):
    """The metric columns of results.csv: pred_<metric>, sim_<metric> after `status`."""
    start = header.index("status") + 1 if "status" in header else 0
    return [c for c in header[start:] if c.startswith(METRIC_PREFIXES)]


def add_element_columns(results, axis_names):
    """The results with a column for every axis over one element of a list parameter
    (`w[1]`): element i of the `;`-separated cell of column w ("" when the list is
    shorter), so that such an axis is read, matched and selected like any other."""
    header = list(results.header)
    for name in axis_names:
        match = ELEMENT_AXIS.match(name)
        if not match or name in header or match.group(1) not in header:
            continue
        column, i = match.group(1), int(match.group(2))
        for r in results.rows:
            items = r[column].split(";")
            r[name] = items[i].strip() if i < len(items) else ""
        header.append(name)
    return Results(header, results.rows)


def parameter_columns(header, axis_order):
    """The columns that hold the model's parameters: those between `repetition` and `seed`
    as the runner writes them, else the swept ones.  A list parameter swept element by
    element is known by its element columns (`w[0]`, `w[2]`), which are what varies."""
    columns = model_parameter_columns(header)
    if columns is None:
        columns = [name for name in axis_order if name in header]
    out = []
    for column in columns:
        elements = [a for a in axis_order if a in header and element_parameter(a) == column]
        out.extend(elements or [column])
    return out


def element_parameter(name):
    """The list parameter an axis `w[i]` is an element of (None for other names)."""
    match = ELEMENT_AXIS.match(name)
    return match.group(1) if match else None
