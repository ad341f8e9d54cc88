"""What the drawing functions know about a run, and the columns a plot names.

A Context holds both files of a results folder: results.csv's runs (`rows`, `ok_rows`: one
per repetition, what failures are counted on and what a line plot with `bins` pools) and
summary.csv's combinations (`points`, `ok_points`: one per point of the sweep, with the
mean and spread of every metric over its ok repetitions, what everything else draws).
"""

import copy

from .errors import PlotError, label
from .results import (
    METRIC_PREFIXES,
    add_element_columns,
    load_crossings,
    load_isoefficiency,
    load_results,
    load_run,
    load_summary,
    parameter_columns,
    repetitions_ok,
)
from .selection import matches_any, select_rows
from .values import is_numeric, same_value

FACE_PREFIX = {"predicted": "pred_", "simulated": "sim_"}


class Context:
    """The run and its results as the drawing functions see them."""

    def __init__(self, run, results, summary, isoefficiency=None, folder=None):
        experiment = run.get("experiment", {})
        self.axes = {}
        for a in experiment.get("axes", []):
            if "values" in a:
                self.axes[a["name"]] = [str(v) for v in a["values"]]
            else:  # too long to list in run.json: results.csv's values, in the order they first appear
                self.axes[a["name"]] = list(dict.fromkeys(r[a["name"]] for r in results.rows if a["name"] in r))
        self.axis_order = [a["name"] for a in experiment.get("axes", [])]
        results = add_element_columns(results, self.axis_order)
        summary = add_element_columns(summary, self.axis_order)
        self.run = run
        self.header = results.header
        self.rows = results.rows
        self.ok_rows = [r for r in results.rows if r["status"].strip() == "ok"]
        self.points = summary.rows
        self.ok_points = [p for p in summary.rows if repetitions_ok(p) > 0]
        self.title = str(experiment.get("title") or "")
        # The declarations of the model (run.json): units and labels of metrics and parameters.
        self.units, self.metric_labels = {}, {}
        for m in run.get("metrics", []):
            if isinstance(m, dict) and "name" in m:
                self.units[m["name"]] = str(m.get("unit") or "")
                self.metric_labels[m["name"]] = str(m.get("label") or "")
        self.parameter_units, self.parameter_labels = {}, {}
        for p in run.get("parameters", []):
            if isinstance(p, dict) and "name" in p:
                self.parameter_units[p["name"]] = str(p.get("unit") or "")
                self.parameter_labels[p["name"]] = str(p.get("label") or "")
        self.status = str(run.get("status") or "")
        self.parameters = parameter_columns(self.header, self.axis_order)
        # (parameter, [value texts]) pairs of the plot's `select`, once restricted to it.
        self.selection = []
        # isoefficiency.csv's lines, traced by search, when the run has them (contour maps draw them).
        self.isoefficiency = isoefficiency
        # The results folder, for the files only one kind of plot reads (isoefficiency-laws.csv).
        self.folder = folder
        # crossings.csv's rows, when the run has crossings (line plots mark them on their curves).
        self.crossings = load_crossings(folder) if folder else None

    def restricted(self, selection):
        """A view of the results with only the rows, points (and axis values) that
        `selection` keeps; the drawing functions then see nothing else."""
        view = copy.copy(self)
        view.rows = select_rows(self.rows, selection)
        view.ok_rows = select_rows(self.ok_rows, selection)
        view.points = select_rows(self.points, selection)
        view.ok_points = select_rows(self.ok_points, selection)
        view.axes = dict(self.axes)
        for name, wanted in selection:
            if name in view.axes:
                view.axes[name] = [v for v in view.axes[name] if matches_any(v, wanted)]
        view.selection = list(self.selection) + list(selection)
        return view

    def has(self, column):
        return column in self.header

    def values_of(self, parameter, rows):
        """The grid of a swept parameter: its values in run.json (numbers ascending, so
        lines and contours run left to right), else the distinct values in the rows."""
        values = self.axes.get(parameter)
        if values is None:
            values = [r[parameter] for r in rows]
        distinct = []
        for v in values:
            if str(v).strip() != "" and not any(same_value(v, d) for d in distinct):
                distinct.append(v)
        if is_numeric(distinct):
            distinct.sort(key=float)
        return distinct


def load_context(folder):
    """The Context of a results folder: run.json, results.csv and summary.csv."""
    run = load_run(folder)
    results = load_results(folder)
    return Context(run, results, load_summary(folder, results, run), load_isoefficiency(folder), folder)


def require_parameter(ctx, spec, index, key):
    """The parameter a spec's property (x, y, series, panels) names, which must be a
    column of results.csv."""
    name = getattr(spec, key)
    if not ctx.has(name):
        raise PlotError(
            f"{label(spec, index)}: {key} parameter '{name}' is not a column of results.csv "
            f"(columns: {', '.join(ctx.header)})"
        )
    return name


def metric_column(ctx, spec, index, metric, face):
    """The results.csv column of a metric for a face, with a message naming what exists."""
    column = FACE_PREFIX[face] + metric
    if ctx.has(column):
        return column
    others = [c for c in ctx.header if c.startswith(METRIC_PREFIXES)]
    hint = f"; metric columns: {', '.join(others)}" if others else "; results.csv has no metric columns"
    raise PlotError(f"{label(spec, index)}: column '{column}' ({face} {metric}) does not exist in results.csv{hint}")
