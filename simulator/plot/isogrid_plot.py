"""Draw the plots of an isogrid results folder with matplotlib.

Called by `isogrid plot DIR` (and at the end of `isogrid run`) as

    MPLBACKEND=Agg /usr/bin/python3 simulator/plot/isogrid_plot.py DIR

DIR holds the `run.json` manifest (which names the swept axes, the model's metrics and
the list of plots to draw) and `results.csv` (one row per point and repetition).  For
every plot in run.json the script writes DIR/<file> as a 150 dpi PNG and prints one line

    wrote <file>

on stdout; the C++ side collects those lines.  Three kinds of plot exist:

  contour  an isoefficiency-style map of one metric over two swept parameters: a light
           filled contour with a colorbar, black labelled iso-lines, and a hatched region
           where the `infeasible` metric is 0;
  line     metrics against one swept parameter (`x_kind: parameter`, the default), one
           curve per value of `series`; when the run both predicted and simulated, the
           prediction is a dashed line and the simulation markers on top of it, so their
           agreement can be seen.  With `x_kind: metric`, x is a metric instead: every ok
           point of the sweep is a point (x, y) read from the face's own columns, and the
           points of each series form one curve sorted by x, whatever the other parameters
           (execution time against grain size over many (N_x, p), say);
  parity   simulated against predicted values of one metric, one point per point of the
           sweep, with the line y = x and an optional band of relative tolerance; the
           subtitle gives the largest relative deviation and how many points leave the band.

Any plot may `select` values of parameters (only the rows with one of the listed values
are used), and line and parity plots may split into `panels`, one subplot per value of a
swept parameter.

An axis named `w[i]` sweeps element i of the list parameter w: its values are read from
the `;`-separated cells of column w ("25.3;5"), so it is a numeric axis like any other.

Repetitions of a point (rows with the same parameter values) are averaged (line plots show
their standard deviation as error bars); rows whose status is not "ok" count as missing
and leave holes, never zeros.  Swept parameters that a contour or a line against a
parameter does not show (nor pins with `select`) are held at their first value.

Exit status: 0 when every plot was drawn; 2, with a message on stderr, when run.json or
results.csv is missing or malformed, or when a plot cannot be drawn (an unknown column,
no usable rows).  Plots that could be drawn are still written and reported.

Uses only the standard library, numpy and matplotlib, so that Debian's python3-matplotlib
is enough.
"""

import collections
import copy
import csv
import json
import math
import os
import re
import sys

import numpy as np
import matplotlib

# Files only, never a window: do not depend on the caller remembering MPLBACKEND.
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (must follow matplotlib.use)
from matplotlib import cm  # noqa: E402
from matplotlib import colors as mcolors  # noqa: E402
from matplotlib import ticker  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

DPI = 150
# Values of a swept parameter are written shortest-round-trip, so two spellings of the
# same number agree to far better than this; it only absorbs parse noise.
RELATIVE_TOLERANCE = 1e-9
# Isoefficiency maps are read at these efficiencies (Drozdowski & Wielebski 2003).
EFFICIENCY_LEVELS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99]
FACE_PREFIX = {"predicted": "pred_", "simulated": "sim_"}
INFEASIBLE_LABEL = "infeasible (E = 0)"
# An axis over one element of a list parameter: `delta[1]`.
ELEMENT_AXIS = re.compile(r"^(.+)\[(\d+)\]$")
# No "Software: matplotlib x.y" chunk, so identical data give identical PNG bytes
# across matplotlib versions too (Agg writes no timestamp).
PNG_METADATA = {"Software": None}


class PlotError(Exception):
    """A problem with the inputs, reported on stderr with exit status 2."""


# ---------------------------------------------------------------------------------------
# Reading the results folder
# ---------------------------------------------------------------------------------------

Results = collections.namedtuple("Results", "header rows")


def load_run(folder):
    """run.json as a dict, checked for the keys this script relies on."""
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
    if not isinstance(axes, list) or not all(
        isinstance(a, dict) and isinstance(a.get("name"), str) and isinstance(a.get("values"), list) for a in axes
    ):
        raise PlotError(f"{path}: 'experiment.axes' must be a list of {{name, values}} objects")
    return run


def load_results(folder):
    """results.csv as its header and a list of rows (dicts of column name -> text)."""
    path = os.path.join(folder, "results.csv")
    try:
        with open(path, newline="", encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise PlotError(f"{path} not found: has the run written any results yet?")
    except (OSError, UnicodeDecodeError) as e:
        raise PlotError(f"cannot read {path}: {e}")
    lines = list(csv.reader(text.splitlines()))
    if not lines or not lines[0]:
        raise PlotError(f"{path} is empty: expected a header line")
    header = lines[0]
    for needed in ("status",):
        if needed not in header:
            raise PlotError(f"{path}: the header has no '{needed}' column (header: {','.join(header)})")
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


def warn(message):
    print(f"isogrid_plot: warning: {message}", file=sys.stderr)


# ---------------------------------------------------------------------------------------
# Pure helpers: values, grids, levels, masks
# ---------------------------------------------------------------------------------------


def parse_float(text):
    """The number a CSV/JSON field spells: NaN for an empty field ("not computed"),
    None when it is not a number (a word such as a policy name, or a list "1;2")."""
    text = text.strip()
    if text == "":
        return math.nan
    try:
        return float(text)
    except ValueError:
        return None


def is_numeric(values):
    """True when every value of an axis is a finite number, so it can be a real axis."""
    parsed = [parse_float(str(v)) for v in values]
    return bool(parsed) and all(p is not None and math.isfinite(p) for p in parsed)


def same_value(a, b):
    """Whether two field texts name the same parameter value (numbers to 1e-9 relative)."""
    x, y = parse_float(str(a)), parse_float(str(b))
    if x is None or y is None or math.isnan(x) or math.isnan(y):
        return str(a).strip() == str(b).strip()
    return x == y or abs(x - y) <= RELATIVE_TOLERANCE * max(abs(x), abs(y))


def axis_index(texts, values):
    """For each field text, the index of the axis value it matches, or -1."""
    index = np.full(len(texts), -1, dtype=np.int64)
    if is_numeric(values):
        parsed = np.array([_float_or_nan(t) for t in texts], dtype=float)
        for j, v in enumerate(float(v) for v in values):
            with np.errstate(invalid="ignore"):
                close = np.abs(parsed - v) <= RELATIVE_TOLERANCE * np.maximum(np.abs(parsed), abs(v))
            hit = ((parsed == v) | close) & (index < 0)
            index[hit] = j
    else:
        where = {}
        for j, v in enumerate(values):
            where.setdefault(str(v).strip(), j)
        for i, t in enumerate(texts):
            index[i] = where.get(t.strip(), -1)
    return index


def _float_or_nan(text):
    x = parse_float(text)
    return math.nan if x is None else x


def metric_values(rows, column):
    """A metric column as floats; infinities and non-numbers become NaN (not drawable)."""
    out = np.array([_float_or_nan(r[column]) for r in rows], dtype=float)
    out[~np.isfinite(out)] = np.nan
    return out


Aggregate = collections.namedtuple("Aggregate", "mean std count")


def aggregate(rows, axes, column):
    """Averages `column` over the rows that share a cell of the grid spanned by `axes`.

    axes: a list of (parameter name, [value texts]); the result arrays have one dimension
    per axis, in that order.  Rows whose parameters match no grid value are ignored; so are
    missing (NaN) values, which is how failed repetitions drop out of a mean.  `std` is the
    sample standard deviation (0 where a cell has a single value), `count` the number of
    values averaged; cells without any value have mean and std NaN and count 0.
    """
    shape = tuple(len(values) for _, values in axes)
    size = int(np.prod(shape)) if shape else 1
    values = metric_values(rows, column)
    indices = [axis_index([r[name] for r in rows], vals) for name, vals in axes]
    usable = np.isfinite(values)
    for idx in indices:
        usable &= idx >= 0
    flat = np.ravel_multi_index([idx[usable] for idx in indices], shape) if shape else np.zeros(usable.sum(), int)
    v = values[usable]
    count = np.bincount(flat, minlength=size).astype(float)
    total = np.bincount(flat, weights=v, minlength=size)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / count
        # Two passes (mean, then squared deviations) stay accurate for large values.
        squares = np.bincount(flat, weights=(v - mean[flat]) ** 2, minlength=size)
        std = np.where(count > 1, np.sqrt(squares / (count - 1)), 0.0)
    std[count == 0] = np.nan
    return Aggregate(mean.reshape(shape), std.reshape(shape), count.astype(int).reshape(shape))


def infeasible_mask(feasible):
    """Cells whose averaged feasibility metric is 0 (no repetition had a solution).
    Missing cells (NaN) are unknown, not infeasible."""
    feasible = np.asarray(feasible, dtype=float)
    with np.errstate(invalid="ignore"):
        return np.isfinite(feasible) & (np.abs(feasible) <= 1e-12)


def default_levels(z):
    """Iso-line levels when the plot names none.

    Efficiencies (everything in [0, 1]) get the levels an isoefficiency map is read at;
    otherwise about eight round numbers, log-spaced when z spans more than two decades.
    """
    z = np.asarray(z, dtype=float)
    z = z[np.isfinite(z)]
    if z.size == 0:
        return []
    lo, hi = float(z.min()), float(z.max())
    if lo >= 0 and hi <= 1:
        return list(EFFICIENCY_LEVELS)
    if lo == hi:
        return [lo]
    if lo > 0 and hi / lo > 100:
        return nice_log_levels(lo, hi)
    return nice_linear_levels(lo, hi)


def nice_linear_levels(lo, hi, n=8):
    """About n round-numbered levels strictly inside (lo, hi)."""
    ticks = ticker.MaxNLocator(nbins=n + 1, steps=[1, 2, 2.5, 5, 10]).tick_values(lo, hi)
    inside = [float(t) for t in ticks if lo < t < hi]
    return inside or [0.5 * (lo + hi)]


def nice_log_levels(lo, hi, n=8):
    """About n levels 1, 2, 5 x 10^k inside [lo, hi]; only powers of ten (every k-th
    decade if need be) when the range is too wide for that."""
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    for mantissas in ([1, 2, 5], [1, 3], [1]):
        levels = [m * 10.0**e for e in range(first, last + 1) for m in mantissas]
        levels = [v for v in levels if lo <= v <= hi]
        if len(levels) <= n + 2:
            return levels
    step = math.ceil((last - first) / n)
    return [10.0**e for e in range(first, last + 1, step) if lo <= 10.0**e <= hi]


def format_level(value):
    """Short labels for iso-lines and legends: 0.9, 100, 1e+06."""
    return f"{value:g}"


# ---------------------------------------------------------------------------------------
# What a plot draws: columns, axis values, the slice of the sweep
# ---------------------------------------------------------------------------------------


class Context:
    """What the drawing functions need to know about the run and its results."""

    def __init__(self, run, results):
        experiment = run.get("experiment", {})
        self.axes = {a["name"]: [str(v) for v in a["values"]] for a in experiment.get("axes", [])}
        self.axis_order = [a["name"] for a in experiment.get("axes", [])]
        results = add_element_columns(results, self.axis_order)
        self.run = run
        self.header = results.header
        self.rows = results.rows
        self.ok_rows = [r for r in results.rows if r["status"].strip() == "ok"]
        self.title = str(experiment.get("title") or "")
        self.units = {}
        for m in run.get("metrics", []):
            if isinstance(m, dict) and "name" in m:
                self.units[m["name"]] = str(m.get("unit") or "")
        self.status = str(run.get("status") or "")
        self.parameters = parameter_columns(self.header, self.axis_order)
        # (parameter, [value texts]) pairs of the plot's `select`, once restricted to it.
        self.selection = []

    def restricted(self, selection):
        """A view of the results with only the rows (and axis values) that `selection`
        keeps; the drawing functions then see nothing else."""
        view = copy.copy(self)
        view.rows = select_rows(self.rows, selection)
        view.ok_rows = select_rows(self.ok_rows, selection)
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


def parameter_columns(header, axis_order):
    """The columns of results.csv that hold the model's parameters: those between
    `repetition` and `seed` as the runner writes them, else the swept ones.  A list
    parameter swept element by element is known by its element columns (`w[0]`, `w[2]`),
    which are what varies."""
    columns = [name for name in axis_order if name in header]
    if "repetition" in header and "seed" in header:
        first, last = header.index("repetition"), header.index("seed")
        if first < last:
            columns = header[first + 1 : last]
    out = []
    for column in columns:
        elements = [a for a in axis_order if a in header and element_parameter(a) == column]
        out.extend(elements or [column])
    return out


def element_parameter(name):
    """The list parameter an axis `w[i]` is an element of (None for other names)."""
    match = ELEMENT_AXIS.match(name)
    return match.group(1) if match else None


# ---------------------------------------------------------------------------------------
# select: which rows a plot uses
# ---------------------------------------------------------------------------------------


def matches_any(text, wanted):
    """Whether a field text is one of the wanted values (numbers to 1e-9 relative,
    words exactly)."""
    return any(same_value(text, w) for w in wanted)


def select_rows(rows, selection):
    """The rows whose value of every selected parameter is one of its wanted values.

    selection: a list of (parameter, [value texts]).  A parameter takes few distinct
    values, so each distinct text is matched once."""
    for name, wanted in selection:
        verdict = {}
        kept = []
        for r in rows:
            text = r[name]
            if text not in verdict:
                verdict[text] = matches_any(text, wanted)
            if verdict[text]:
                kept.append(r)
        rows = kept
    return rows


def selection_notes(selection):
    """How a subtitle says what was selected: ['N_y = 50', 'C ∈ {1, 4}']."""
    return [
        f"{name} = {wanted[0]}" if len(wanted) == 1 else f"{name} ∈ {{{', '.join(wanted)}}}"
        for name, wanted in selection
    ]


def read_selection(ctx, spec, index):
    """The plot's `select` as a list of (parameter, [value texts]), checked."""
    select = spec.get("select")
    if select is None:
        return []
    if not isinstance(select, dict):
        raise PlotError(f"{label(spec, index)}: 'select' must map parameter names to lists of values")
    selection = []
    for name, values in select.items():
        if name not in ctx.header or name not in ctx.parameters:
            raise PlotError(
                f"{label(spec, index)}: select names '{name}', which is not a parameter column of results.csv "
                f"(parameters: {', '.join(ctx.parameters) or 'none'})"
            )
        if isinstance(values, (str, int, float)) and not isinstance(values, bool):
            values = [values]
        if (
            not isinstance(values, list)
            or not values
            or not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in values)
        ):
            raise PlotError(f"{label(spec, index)}: select {name} must be a non-empty list of values")
        selection.append((name, [str(v) for v in values]))
    return selection


def apply_selection(ctx, spec, index):
    """The view of ctx that the plot's `select` leaves; an error naming the selection
    when that leaves no ok row."""
    selection = read_selection(ctx, spec, index)
    if not selection:
        return ctx
    view = ctx.restricted(selection)
    if view.ok_rows:
        return view
    what = f"{label(spec, index)}: select {', '.join(selection_notes(selection))}"
    if view.rows:
        raise PlotError(
            f"{what} leaves only failed rows ({len(view.rows)} without status 'ok'), nothing to draw"
        )
    hints = []
    for name, wanted in selection:
        values = ctx.axes.get(name)
        if values is not None and not any(matches_any(v, wanted) for v in values):
            hints.append(f"{name} takes {', '.join(values)}")
    hint = f" ({'; '.join(hints)})" if hints else ""
    raise PlotError(f"{what} matches no row of results.csv{hint}, nothing to draw")


def label(spec, index):
    """How messages name a plot: 'plot 2 (fig3.png)'."""
    return f"plot {index + 1} ({spec.get('file', '?')})"


def require_parameter(ctx, spec, index, key):
    name = spec.get(key)
    if not isinstance(name, str) or not name:
        raise PlotError(f"{label(spec, index)}: '{key}' must name a swept parameter")
    if not ctx.has(name):
        raise PlotError(
            f"{label(spec, index)}: {key} parameter '{name}' is not a column of results.csv "
            f"(columns: {', '.join(ctx.header)})"
        )
    return name


def metric_column(ctx, spec, index, metric, face):
    """The results.csv column of a metric for a face, with a message naming what exists."""
    if not isinstance(metric, str) or not metric:
        raise PlotError(f"{label(spec, index)}: a metric name must be a non-empty string")
    column = FACE_PREFIX[face] + metric
    if ctx.has(column):
        return column
    others = [c for c in ctx.header if c.startswith(("pred_", "sim_"))]
    hint = f"; metric columns: {', '.join(others)}" if others else "; results.csv has no metric columns"
    raise PlotError(f"{label(spec, index)}: column '{column}' ({face} {metric}) does not exist in results.csv{hint}")


def plot_face(spec, index):
    face = spec.get("face", "simulated")
    if face not in FACE_PREFIX:
        raise PlotError(f"{label(spec, index)}: face '{face}' is neither 'predicted' nor 'simulated'")
    return face


def hold_fixed(ctx, rows, shown):
    """The rows at the first value of every swept parameter the plot does not show, so
    that a cell only averages repetitions, never different points; and the (parameter,
    value) pairs held.  After a `select`, the first value is the first one selected; a
    parameter selected at a single value is pinned already."""
    held = []
    for name in ctx.axis_order:
        values = ctx.axes[name]
        if name in shown or len(values) < 2 or name not in ctx.header:
            continue
        rows = [r for r in rows if same_value(r[name], values[0])]
        held.append((name, values[0]))
    return rows, held


def plotted_rows(ctx, spec, index, shown):
    """The ok rows a plot draws, the notes on the held parameters, and how many failed
    rows its slice has; an error when there is nothing to draw."""
    rows, held = hold_fixed(ctx, ctx.ok_rows, shown)
    failed, _ = hold_fixed(ctx, failed_rows(ctx), shown)
    notes = [f"{name} = {value}" for name, value in held]
    if not rows:
        at = selection_notes(ctx.selection) + notes
        where = f" at {', '.join(at)}" if at else ""
        raise PlotError(
            f"{label(spec, index)}: no rows with status 'ok'{where} in results.csv "
            f"({len(ctx.rows)} rows, {len(failed)} failed), nothing to draw"
        )
    # A parameter both selected (at several values) and held is named once, as held.
    held_names = {name for name, _ in held}
    chosen = selection_notes([(n, w) for n, w in ctx.selection if n not in held_names])
    return rows, chosen + notes, len(failed)


def failed_rows(ctx):
    return [r for r in ctx.rows if r["status"].strip() != "ok"]


def subtitle(ctx, face_text, held, failed):
    """The grey line under the title: the face, what the plot was restricted to (`held`:
    notes such as 'N_y = 50'), failed runs, an unfinished run."""
    parts = [face_text] if face_text else []
    if held:
        parts.append(", ".join(held))
    if failed:
        parts.append(f"{failed} failed run{'s' if failed != 1 else ''} left out")
    if ctx.status and ctx.status != "complete":
        parts.append(f"incomplete run ({ctx.status})")
    return " · ".join(parts)


def metric_label(ctx, metric):
    unit = ctx.units.get(metric, "")
    return f"{metric} [{unit}]" if unit else metric


# ---------------------------------------------------------------------------------------
# Axes styling shared by both kinds of plot
# ---------------------------------------------------------------------------------------


def positions(values):
    """Where axis values go: the numbers themselves, or 0..n-1 for categories."""
    if is_numeric(values):
        return np.array([float(v) for v in values]), False
    return np.arange(len(values), dtype=float), True


def style_axis(ax, which, values, log, categorical):
    """Scale and ticks of one axis: categories by name, log when asked and possible,
    integer ticks when every value is an integer (processor counts, sizes)."""
    axis = ax.xaxis if which == "x" else ax.yaxis
    set_scale = ax.set_xscale if which == "x" else ax.set_yscale
    if categorical:
        axis.set_major_locator(ticker.FixedLocator(np.arange(len(values))))
        axis.set_major_formatter(ticker.FixedFormatter([str(v) for v in values]))
        if which == "x" and max((len(str(v)) for v in values), default=0) > 6:
            for t in ax.get_xticklabels():
                t.set_rotation(30)
                t.set_horizontalalignment("right")
        return
    numbers = [float(v) for v in values]
    integers = all(float(v).is_integer() for v in numbers)
    if log:
        set_scale("log")
        # Few integer values within two decades (m = 1, 2, 4, ..., 64): tick them all,
        # since a log axis would otherwise only label 1 and 10.
        if integers and len(numbers) >= 2 and max(numbers) / min(numbers) < 100:
            shown = numbers[:: max(1, math.ceil(len(numbers) / 10))]
            axis.set_major_locator(ticker.FixedLocator(shown))
            axis.set_major_formatter(ticker.FormatStrFormatter("%g"))
            axis.set_minor_formatter(ticker.NullFormatter())
    elif integers:
        axis.set_major_locator(ticker.MaxNLocator(integer=True))


def can_log(values, what, spec, index):
    """A log axis needs positive numbers; say so and fall back to linear otherwise."""
    if not is_numeric(values):
        return False
    if min(float(v) for v in values) <= 0:
        warn(f"{label(spec, index)}: {what} has values <= 0, drawing it on a linear scale")
        return False
    return True


def titles(fig, ax, main, sub):
    fig.suptitle(main, fontsize=12)
    ax.set_title(sub, fontsize=8.5, color="0.35")


# ---------------------------------------------------------------------------------------
# Contour maps
# ---------------------------------------------------------------------------------------


def draw_contour(ctx, spec, index):
    x = require_parameter(ctx, spec, index, "x")
    y = require_parameter(ctx, spec, index, "y")
    z = spec.get("z") or ctx.run.get("primary_metric")
    face = plot_face(spec, index)
    z_column = metric_column(ctx, spec, index, z, face)
    infeasible = spec.get("infeasible")
    infeasible_column = infeasible_metric_column(ctx, spec, index, infeasible, face) if infeasible else None

    rows, held, failed = plotted_rows(ctx, spec, index, {x, y})
    xs, ys = ctx.values_of(x, rows), ctx.values_of(y, rows)
    if len(xs) < 2 or len(ys) < 2:
        raise PlotError(
            f"{label(spec, index)}: a contour map needs at least two values of each axis "
            f"({x} has {len(xs)}, {y} has {len(ys)}); use a line plot"
        )
    grid = aggregate(rows, [(y, ys), (x, xs)], z_column)
    if not np.isfinite(grid.mean).any():
        raise PlotError(f"{label(spec, index)}: no ok row has a value of {z_column} on the {x} x {y} grid")

    px, x_categorical = positions(xs)
    py, y_categorical = positions(ys)
    log_x = bool(spec.get("log_x")) and can_log(xs, f"x ({x})", spec, index)
    log_y = bool(spec.get("log_y")) and can_log(ys, f"y ({y})", spec, index)
    X, Y = np.meshgrid(px, py)
    z_values = grid.mean.copy()
    mask = np.zeros(z_values.shape, dtype=bool)
    if infeasible_column:
        mask = infeasible_mask(aggregate(rows, [(y, ys), (x, xs)], infeasible_column).mean)
        # Where there is no solution z is a placeholder (E = 0): contouring it would stack
        # every low iso-line along the feasibility boundary. The hatching shows it instead.
        z_values[mask] = np.nan

    fig, ax = plt.subplots(figsize=(6.4, 4.8), constrained_layout=True)
    # Scales first: clabel cuts the gaps for its labels in screen space, so on an axis
    # made logarithmic afterwards it would remove the wrong stretches of line.
    style_axis(ax, "x", xs, log_x, x_categorical)
    style_axis(ax, "y", ys, log_y, y_categorical)
    if np.isfinite(z_values).any():
        levels = iso_levels(spec, z_values, index)
        fill_contour(fig, ax, X, Y, np.ma.masked_invalid(z_values), metric_label(ctx, z), levels)
    handles = [hatch_infeasible(ax, X, Y, mask)] if mask.any() else []
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    if handles:
        # Below the axes: inside, any corner may hold the iso-lines being read.
        ax.legend(handles=handles, loc="upper right", bbox_to_anchor=(1.0, -0.11), frameon=False, fontsize=8)
    main = spec.get("title") or ctx.title or f"{z} over ({x}, {y})"
    titles(fig, ax, main, subtitle(ctx, face, held, failed))
    return fig


def infeasible_metric_column(ctx, spec, index, metric, face):
    """Feasibility is the same whichever face computed it: prefer the plot's face, take
    the other one when only it has the column."""
    for f in (face, "simulated" if face == "predicted" else "predicted"):
        if ctx.has(FACE_PREFIX[f] + metric):
            return FACE_PREFIX[f] + metric
    return metric_column(ctx, spec, index, metric, face)  # raises, naming the column


def iso_levels(spec, z, index):
    levels = spec.get("levels")
    if levels is None:
        return default_levels(z)
    if not isinstance(levels, list) or not all(isinstance(v, (int, float)) for v in levels):
        raise PlotError(f"{label(spec, index)}: 'levels' must be a list of numbers")
    return sorted(set(float(v) for v in levels))


def fill_contour(fig, ax, X, Y, Z, colorbar_label, levels):
    """A light filled map with a colorbar, then black iso-lines labelled in place."""
    lo, hi = float(Z.min()), float(Z.max())
    log_fill = lo > 0 and hi / lo > 100
    if lo >= 0 and hi <= 1:
        # Efficiencies: the same colours mean the same value on every map.
        fill, norm = np.linspace(0.0, 1.0, 21), None
    elif lo == hi:
        pad = abs(lo) * 0.05 or 0.5
        fill, norm = np.linspace(lo - pad, hi + pad, 3), None
    elif log_fill:
        fill, norm = np.geomspace(lo, hi, 21), mcolors.LogNorm(lo, hi)
    else:
        fill, norm = np.linspace(lo, hi, 21), None
    filled = ax.contourf(X, Y, Z, levels=fill, cmap="viridis", norm=norm, alpha=0.45, antialiased=True)
    colorbar = fig.colorbar(filled, ax=ax)
    colorbar.set_label(colorbar_label)
    # Only levels the data reach: others would draw nothing and make matplotlib warn.
    drawn = [v for v in levels if lo <= v <= hi]
    # The colorbar would otherwise tick the 21 fill boundaries (0.15, 0.45, ...), or
    # label nothing at all on a log scale; round numbers read better.
    if log_fill and len(drawn) >= 2:
        colorbar.set_ticks(drawn, labels=[format_level(v) for v in drawn])
        colorbar.ax.minorticks_off()
    elif not log_fill:
        colorbar.locator = ticker.MaxNLocator(nbins=6)
        colorbar.update_ticks()
    if drawn and lo < hi:
        lines = ax.contour(X, Y, Z, levels=drawn, colors="black", linewidths=0.9)
        ax.clabel(lines, inline=True, fontsize=7.5, fmt=format_level, manual=label_positions(ax, lines))
        colorbar.add_lines(lines)


def label_positions(ax, lines):
    """Where to label the iso-lines: near the middle of each long piece of a level.

    matplotlib's own choice often lands at the border of the map, where the label is cut
    in half; the middle of a line is also where a reader looks for its value.  Each level
    is labelled on its longest piece, and on any other piece a quarter of the map long
    (a level can cross the map twice); short pieces are left unlabelled.  Neighbouring
    lines would get their labels side by side, so a label slides along its line away
    from the ones already placed.
    """
    box = ax.get_window_extent()
    diagonal = math.hypot(box.width, box.height)
    placed = []  # screen coordinates
    for collection in lines.collections:
        pieces = [p for path in collection.get_paths() for p in path.to_polygons(closed_only=False) if len(p) >= 2]
        pieces = [ax.transData.transform(p) for p in pieces]
        lengths = [float(np.hypot(*np.diff(p, axis=0).T).sum()) for p in pieces]
        if not lengths or max(lengths) < 0.08 * diagonal:
            continue
        for piece, length in zip(pieces, lengths):
            if length == max(lengths) or length >= 0.25 * diagonal:
                placed.append(free_spot(piece, placed, 0.07 * diagonal))
    return [tuple(ax.transData.inverted().transform(p)) for p in placed]


LABEL_FRACTIONS = (0.5, 0.35, 0.65, 0.2, 0.8)


def free_spot(screen, placed, gap):
    """A point along a polyline (screen coordinates): the middle if no placed label is
    within `gap`, else the candidate farthest from them."""
    steps = np.hypot(*np.diff(screen, axis=0).T)
    along = np.concatenate([[0.0], np.cumsum(steps)])
    best, best_clearance = None, -1.0
    for fraction in LABEL_FRACTIONS:
        point = np.array([np.interp(fraction * along[-1], along, screen[:, k]) for k in (0, 1)])
        clearance = min((float(np.hypot(*(point - q))) for q in placed), default=math.inf)
        if clearance >= gap:
            return point
        if clearance > best_clearance:
            best, best_clearance = point, clearance
    return best


def hatch_infeasible(ax, X, Y, mask):
    """Grey hatching over the cells where the instance has no solution; returns the
    legend handle."""
    face = (0.55, 0.55, 0.55, 0.35)
    with plt.rc_context({"hatch.color": "0.35", "hatch.linewidth": 0.8}):
        # The boundary runs close to the feasible points (level 0.02, not half-way), so
        # the hatching meets the filled map, whose masked cells stop at those points.
        ax.contourf(X, Y, mask.astype(float), levels=[0.02, 1.5], colors=[face], hatches=["///"])
    return Patch(facecolor=face, edgecolor="0.35", hatch="///", label=INFEASIBLE_LABEL)


# ---------------------------------------------------------------------------------------
# Line plots
# ---------------------------------------------------------------------------------------

# How each face is drawn when both exist: the model as a thin dashed line, the
# simulation as markers over it, so that agreement reads as markers sitting on the line.
BOTH_FACES_STYLE = {
    "predicted": dict(linestyle="--", linewidth=1.0, marker=None, zorder=2),
    "simulated": dict(linestyle="none", marker="o", markersize=4.5, zorder=3),
}
ONE_FACE_STYLE = dict(linestyle="-", linewidth=1.3, marker="o", markersize=4, zorder=2)


# More series than this get a colorbar keyed by value instead of a legend entry each.
MAX_LEGEND_SERIES = 10


# A grid of panels has at most this many columns.
MAX_PANEL_COLUMNS = 3
# Metric-x curves join many points, often close together: thin lines, small markers.
METRIC_X_ONE_FACE_STYLE = dict(linestyle="-", linewidth=0.8, marker="o", markersize=3.2, zorder=2)
METRIC_X_BOTH_FACES_STYLE = {
    "predicted": dict(linestyle="--", linewidth=0.9, marker=None, zorder=2),
    "simulated": dict(linestyle="none", marker="o", markersize=3.5, zorder=3),
}


def x_kind_of(spec, index):
    kind = spec.get("x_kind")
    if kind is None:
        return "parameter"
    if kind not in ("parameter", "metric"):
        raise PlotError(f"{label(spec, index)}: x_kind '{kind}' is neither 'parameter' nor 'metric'")
    return kind


def draw_line(ctx, spec, index):
    x_kind = x_kind_of(spec, index)
    # series: metrics overlays every y metric in one panel (schedulers raced on the same points).
    overlay = spec.get("series") == "metrics"
    series = None if overlay else (require_parameter(ctx, spec, index, "series") if spec.get("series") else None)
    panels = require_parameter(ctx, spec, index, "panels") if spec.get("panels") else None
    metrics = spec.get("y") or [ctx.run.get("primary_metric")]
    if isinstance(metrics, str):
        metrics = [metrics]
    face = plot_face(spec, index)

    if x_kind == "parameter":
        x = require_parameter(ctx, spec, index, "x")
        if panels == x:
            raise PlotError(f"{label(spec, index)}: panels must differ from x ({x})")
        faces = faces_to_draw(ctx, spec, index, metrics, face)
        shown = {x} | {name for name in (series, panels) if name}
        rows, notes, failed = plotted_rows(ctx, spec, index, shown)
        xs = ctx.values_of(x, rows)
        if not xs:
            raise PlotError(f"{label(spec, index)}: the ok rows have no values of {x}")
        px, categorical = positions(xs)
    else:
        x = spec.get("x")
        if not isinstance(x, str) or not x:
            raise PlotError(f"{label(spec, index)}: 'x' must name a metric (x_kind: metric)")
        faces = faces_to_draw(ctx, spec, index, list(metrics) + [x], face)
        rows, failed = ctx.ok_rows, len(failed_rows(ctx))
        notes = selection_notes(ctx.selection)
        pooled = varying_parameters(ctx, rows, exclude={series, panels})
        if spec.get("bins"):
            notes.append(f"every run on its own, in {spec['bins']} bins of {x} (equal counts)")
        elif pooled:
            notes.append(f"one point per ({', '.join(pooled)})" if len(pooled) > 1 else f"one point per {pooled[0]}")
    ss = list(metrics) if overlay else (ctx.values_of(series, rows) if series else [None])
    if not ss:
        raise PlotError(f"{label(spec, index)}: the ok rows have no values of {series}")
    colors, key = series_colors(ss)
    panel_values, panel_rows = split_panels(ctx, spec, index, rows, panels)

    # With overlay, one block of panels holds every metric.
    blocks = [metrics] if overlay else metrics
    fig, holder, grid = panel_figure(len(blocks), panel_values)
    drawn = set()
    metric_xs = []  # every x drawn, to choose the scale of a metric axis
    for block, metric in zip(grid, blocks):
        shown_here = set()
        for ax, value, subset in zip(block, panel_values, panel_rows):
            if overlay and x_kind == "metric":
                curves = {
                    f: [metric_curves(subset, FACE_PREFIX[f] + x, FACE_PREFIX[f] + m, ctx.parameters,
                                      bins=spec.get("bins"))[0] for m in metric]
                    for f in faces
                }
                shown = draw_metric_curves(ax, curves, colors)
                metric_xs += [p.x for c in curves.values() for curve in c for p in curve]
            elif overlay:
                grids = {f: stacked_grid(subset, x, xs, [FACE_PREFIX[f] + m for m in metric]) for f in faces}
                shown = draw_curves(ax, px, grids, colors)
            elif x_kind == "parameter":
                grids = {f: series_grid(subset, series, ss, x, xs, FACE_PREFIX[f] + metric) for f in faces}
                shown = draw_curves(ax, px, grids, colors)
            else:
                curves = {
                    f: metric_curves(subset, FACE_PREFIX[f] + x, FACE_PREFIX[f] + metric, ctx.parameters, series, ss,
                                     spec.get("bins"))
                    for f in faces
                }
                shown = draw_metric_curves(ax, curves, colors)
                metric_xs += [p.x for c in curves.values() for curve in c for p in curve]
            if panels:
                ax.set_title(f"{panels} = {value}", fontsize=9)
                if not shown:
                    mark_empty(ax)
            shown_here |= shown
        if not shown_here:
            if overlay:
                columns = " or ".join(FACE_PREFIX[f] + m for f in faces for m in metric)
            elif x_kind == "parameter":
                columns = " or ".join(FACE_PREFIX[f] + metric for f in faces)
            else:
                columns = " or ".join(f"{FACE_PREFIX[f] + x} and {FACE_PREFIX[f] + metric}" for f in faces)
            raise PlotError(f"{label(spec, index)}: no ok row has a value of {columns}")
        drawn |= shown_here
        for ax in block:
            if spec.get("log_y"):
                ax.set_yscale("log")
            ax.grid(True, which="major", color="0.9", linewidth=0.6)
            ax.set_axisbelow(True)
        for ax in left_axes(block):
            ax.set_ylabel(overlay_label(ctx, metric) if overlay else metric_label(ctx, metric))
    all_axes = [ax for block in grid for ax in block]
    if x_kind == "parameter":
        log_x = bool(spec.get("log_x")) and not categorical and can_log(xs, f"x ({x})", spec, index)
        for ax in all_axes:
            style_axis(ax, "x", xs, log_x, categorical)
        x_text = x
    else:
        if spec.get("log_x") and can_log_numbers(metric_xs, f"x ({x})", spec, index):
            for ax in all_axes:
                log_scale(ax, "x", metric_xs)
        x_text = metric_label(ctx, x)
    for ax in bottom_axes(grid):
        ax.set_xlabel(x_text)

    if key is not None:
        colorbar = holder.colorbar(key, ax=all_axes, label=series)
        if all(float(v).is_integer() for v in ss) and not isinstance(key.norm, mcolors.LogNorm):
            colorbar.locator = ticker.MaxNLocator(integer=True)
            colorbar.update_ticks()
    else:
        legend_title = "metric" if overlay else series
        handles = legend_handles(legend_title, ss, colors, sorted(drawn), faces)
        if handles:
            # Outside on the right: curves can be anywhere inside.
            top_right_axes(grid).legend(handles=handles, title=legend_title, loc="upper left",
                                        bbox_to_anchor=(1.02, 1.0), fontsize=8, title_fontsize=8)
    face_text = "predicted (dashed) and simulated (markers)" if len(faces) > 1 else face
    main = spec.get("title") or ctx.title or f"{', '.join(metrics)} against {x}"
    put_titles(fig, holder, grid, main, subtitle(ctx, face_text, notes, failed), panels)
    return fig


def varying_parameters(ctx, rows, exclude):
    """The parameters (in column order) that take more than one value among the rows,
    other than those excluded: what a metric-x curve pools its points over."""
    out = []
    for name in ctx.parameters:
        if name in exclude:
            continue
        distinct = []
        for text in {r[name] for r in rows}:
            if not any(same_value(text, d) for d in distinct):
                distinct.append(text)
            if len(distinct) > 1:
                out.append(name)
                break
    return out


def split_panels(ctx, spec, index, rows, panels):
    """The panel values (in axis order) and the rows of each; one panel of every row
    without `panels`."""
    if not panels:
        return [None], [rows]
    values = ctx.values_of(panels, rows)
    if not values:
        raise PlotError(f"{label(spec, index)}: the ok rows have no values of the panels parameter {panels}")
    where = axis_index([r[panels] for r in rows], values)
    return values, [[r for r, k in zip(rows, where) if k == j] for j in range(len(values))]


# ---------------------------------------------------------------------------------------
# Figures of panels
# ---------------------------------------------------------------------------------------


def panel_figure(blocks, panel_values, square=False):
    """A figure with `blocks` stacked groups of axes (one per metric), each group one
    axes per panel value, laid out in rows of up to MAX_PANEL_COLUMNS.

    Returns (figure, holder, grid): grid[block][panel] are the axes; the holder is where
    the subtitle and a colorbar go (the figure itself, or a subfigure under the title when
    the panels have titles of their own).  Every axes shares x with the others, and y
    within its block (square figures share y across blocks too); tick labels are only
    written on the outer edges of the grid.  Without panels (a single None value) the
    figure is the single column of earlier versions.
    """
    if panel_values == [None]:
        if square:
            fig, ax = plt.subplots(figsize=(5.8, 5.0), constrained_layout=True)
            return fig, fig, [[ax]]
        fig, axes = plt.subplots(
            blocks, 1, figsize=(6.4, 1.2 + 2.8 * blocks), sharex=True, squeeze=False, constrained_layout=True
        )
        return fig, fig, [[ax] for ax in axes[:, 0]]
    n = len(panel_values)
    columns = min(MAX_PANEL_COLUMNS, n)
    rows = math.ceil(n / columns)
    width = 6.4 if columns == 1 else 1.8 + 3.3 * columns
    height = 1.3 + (3.3 if square else 2.5) * rows * blocks
    fig = plt.figure(figsize=(width, height), constrained_layout=True)
    holder = fig.subfigures(1, 1)
    spec = holder.add_gridspec(rows * blocks, columns)
    grid, first = [], None
    bottom = {c: max(k // columns for k in range(n) if k % columns == c) for c in range(columns)}
    for b in range(blocks):
        block, block_first = [], None
        for k in range(n):
            r, c = k // columns, k % columns
            ax = holder.add_subplot(spec[b * rows + r, c], sharex=first, sharey=first if square else block_first)
            first = first or ax
            block_first = block_first or ax
            ax.tick_params(labelbottom=(b == blocks - 1 and r == bottom[c]), labelleft=(c == 0))
            block.append(ax)
        grid.append(block)
    return fig, holder, grid


def left_axes(block):
    """The axes of a block in its first column (one per row of panels)."""
    columns = min(MAX_PANEL_COLUMNS, len(block))
    return block[::columns]


def bottom_axes(grid):
    """The lowest axes of every column of the last block, which carry the x label."""
    block = grid[-1]
    columns = min(MAX_PANEL_COLUMNS, len(block))
    return [block[max(k for k in range(len(block)) if k % columns == c)] for c in range(columns)]


def top_right_axes(grid):
    columns = min(MAX_PANEL_COLUMNS, len(grid[0]))
    return grid[0][columns - 1]


def mark_empty(ax):
    ax.text(0.5, 0.5, "no ok rows", transform=ax.transAxes, ha="center", va="center", color="0.5", fontsize=8)


def put_titles(fig, holder, grid, main, sub, panels):
    """Title and subtitle: above the single axes as before, or, when each panel has its
    own title, the subtitle under the figure title and above every panel."""
    if not panels:
        titles(fig, grid[0][0], main, sub)
        return
    fig.suptitle(main, fontsize=12)
    holder.suptitle(sub, fontsize=8.5, color="0.35")


def can_log_numbers(values, what, spec, index):
    """can_log for numbers already parsed (a metric axis)."""
    values = [v for v in values if math.isfinite(v)]
    if values and min(values) <= 0:
        warn(f"{label(spec, index)}: {what} has values <= 0, drawing it on a linear scale")
        return False
    return bool(values)


# ---------------------------------------------------------------------------------------
# Points of a metric against a metric (metric-x lines, parity plots)
# ---------------------------------------------------------------------------------------

# One point of the sweep: (x, y) averaged over its repetitions, their sample standard
# deviations (0 for a single repetition), how many repetitions had both values, and the
# sort key of its parameter values.
Point = collections.namedtuple("Point", "x y x_std y_std count key")


def parameter_key(text):
    """A parameter value as a sort key: numbers before words, numbers by value."""
    x = parse_float(text)
    if x is None or math.isnan(x):
        return (1, 0.0, text.strip())
    return (0, x, "")


def metric_curves(rows, x_column, y_column, parameters, series=None, series_values=None, bins=None):
    """The points (x, y) of the rows, one curve per series value (a single curve without
    a series), each a list of Points sorted by x.

    Rows with the same value of every parameter are repetitions of one point and are
    averaged; rows missing x or y (NaN, infinite) drop out.  Nothing else is held fixed:
    the points of different values of the other parameters all join the curve of their
    series.  Points whose x agree to RELATIVE_TOLERANCE are ordered by their parameter
    values (in `parameters` order), so that a curve through many points at nearly the
    same x always runs the same way.

    With `bins`, every row counts on its own, whatever its parameters: each curve's rows,
    sorted by x, are split into that many bins of (nearly) equal counts, and each bin is
    one Point.  That is how a metric that varies between repetitions (Sanjay's grid
    heterogeneity, drawn anew for every grid) is plotted against another.
    """
    if bins:
        return binned_curves(rows, x_column, y_column, series, series_values, bins)
    count = len(series_values) if series else 1
    if not rows:
        return [[] for _ in range(count)]
    xs, ys = metric_values(rows, x_column), metric_values(rows, y_column)
    which = axis_index([r[series] for r in rows], series_values) if series else np.zeros(len(rows), np.int64)
    groups = collections.OrderedDict()
    for r, x, y, s in zip(rows, xs, ys, which):
        if s < 0 or not (math.isfinite(x) and math.isfinite(y)):
            continue
        key = tuple(parameter_key(r[name]) for name in parameters)
        groups.setdefault((int(s), key), []).append((x, y))
    curves = [[] for _ in range(count)]
    for (s, key), pairs in groups.items():
        values = np.array(pairs, dtype=float)
        n = len(values)
        std = values.std(axis=0, ddof=1) if n > 1 else np.zeros(2)
        mean = values.mean(axis=0)
        curves[s].append(Point(float(mean[0]), float(mean[1]), float(std[0]), float(std[1]), n, key))
    return [sort_points(c) for c in curves]


def binned_curves(rows, x_column, y_column, series, series_values, bins):
    """metric_curves with bins: per curve, its rows sorted by x (then y) and split into
    `bins` bins of nearly equal counts (fewer when there are fewer rows)."""
    count = len(series_values) if series else 1
    pools = [[] for _ in range(count)]
    if rows:
        xs, ys = metric_values(rows, x_column), metric_values(rows, y_column)
        which = axis_index([r[series] for r in rows], series_values) if series else np.zeros(len(rows), np.int64)
        for x, y, s in zip(xs, ys, which):
            if s >= 0 and math.isfinite(x) and math.isfinite(y):
                pools[int(s)].append((x, y))
    curves = []
    for pairs in pools:
        curve = []
        if pairs:
            pairs.sort()
            for b, chunk in enumerate(np.array_split(np.array(pairs, dtype=float), min(bins, len(pairs)))):
                n = len(chunk)
                std = chunk.std(axis=0, ddof=1) if n > 1 else np.zeros(2)
                mean = chunk.mean(axis=0)
                curve.append(Point(float(mean[0]), float(mean[1]), float(std[0]), float(std[1]), n, ((0, float(b), ""),)))
        curves.append(curve)
    return curves


def sort_points(points):
    """By x; points whose x agree to RELATIVE_TOLERANCE by their parameter key."""
    points = sorted(points, key=lambda p: (p.x, p.key))
    out, i = [], 0
    while i < len(points):
        j = i + 1
        while j < len(points) and same_number(points[j].x, points[i].x):
            j += 1
        out.extend(sorted(points[i:j], key=lambda p: p.key))
        i = j
    return out


def same_number(a, b):
    return a == b or abs(a - b) <= RELATIVE_TOLERANCE * max(abs(a), abs(b))


def spreads(points):
    """The x and y error bars of points: their standard deviations over repetitions, or
    None where no point spreads (a prediction is the same in every repetition; zero-long
    bars would still draw their caps)."""
    x_std = np.array([p.x_std for p in points])
    y_std = np.array([p.y_std for p in points])
    return (x_std if x_std.any() else None), (y_std if y_std.any() else None)


def log_scale(ax, which, values):
    """A log axis for metric values; within a few decades ticked at 1, 2, 5 x 10^k and
    labelled in plain numbers, which a reader can read values off."""
    (ax.set_xscale if which == "x" else ax.set_yscale)("log")
    values = [v for v in values if math.isfinite(v) and v > 0]
    if values and max(values) / min(values) <= 10**2.5:
        axis = ax.xaxis if which == "x" else ax.yaxis
        axis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        axis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
        axis.set_minor_formatter(ticker.NullFormatter())


def draw_metric_curves(ax, curves, colors):
    """One curve per series and face, through the points sorted by x; returns the
    indices of the series that had points."""
    shown = set()
    for f, by_series in curves.items():
        style = METRIC_X_BOTH_FACES_STYLE[f] if len(curves) > 1 else METRIC_X_ONE_FACE_STYLE
        for i, (points, color) in enumerate(zip(by_series, colors)):
            if not points:
                continue
            shown.add(i)
            x = np.array([p.x for p in points])
            y = np.array([p.y for p in points])
            x_std, y_std = spreads(points)
            ax.errorbar(x, y, yerr=y_std, xerr=x_std, color=color, capsize=1.5, elinewidth=0.6, **style)
    return shown


def draw_curves(ax, px, grids, colors):
    """One curve per series and face; returns the indices of the series that had data."""
    shown = set()
    for f, grid in grids.items():
        style = BOTH_FACES_STYLE[f] if len(grids) > 1 else ONE_FACE_STYLE
        for i, color in enumerate(colors):
            mean, std, count = grid.mean[i], grid.std[i], grid.count[i]
            if not np.isfinite(mean).any():
                continue
            shown.add(i)
            # Error bars only mean something with repetitions to spread.
            yerr = std if count.max() > 1 else None
            ax.errorbar(px, mean, yerr=yerr, color=color, capsize=2, elinewidth=0.8, **style)
    return shown


def faces_to_draw(ctx, spec, index, metrics, face):
    """Both faces when results.csv has both columns of every metric, else the plot's face
    (whose columns must exist)."""
    for m in metrics:
        metric_column(ctx, spec, index, m, face)  # checks the name, raises if missing
    if all(ctx.has("pred_" + m) and ctx.has("sim_" + m) for m in metrics):
        return ["predicted", "simulated"]
    return [face]


def series_grid(rows, series, series_values, x, xs, column):
    """Aggregate of a column over (series, x); a single row of cells without a series."""
    if series:
        return aggregate(rows, [(series, series_values), (x, xs)], column)
    one = aggregate(rows, [(x, xs)], column)
    return Aggregate(one.mean[None, :], one.std[None, :], one.count[None, :])


def overlay_label(ctx, metrics):
    """The axis label of metrics drawn together: their common stem (time_sa, time_dp -> time) with the first
    one's unit."""
    stem = os.path.commonprefix(list(metrics)).rstrip("_")
    first = metric_label(ctx, metrics[0])
    return first.replace(metrics[0], stem, 1) if stem else first


def stacked_grid(rows, x, xs, columns):
    """One row of cells per column, each aggregated over x: metrics drawn as series."""
    ones = [aggregate(rows, [(x, xs)], column) for column in columns]
    return Aggregate(np.vstack([a.mean for a in ones]), np.vstack([a.std for a in ones]),
                     np.vstack([a.count for a in ones]))


def series_colors(values):
    """A colour per series value, and the mappable of a colorbar when there are too many
    series for a legend: then the colour encodes the (numeric) value itself."""
    n = len(values)
    if n <= MAX_LEGEND_SERIES or not is_numeric(values):
        cmap = plt.get_cmap("tab10" if n <= 10 else "viridis")
        return [cmap(i if n <= 10 else i / (n - 1)) for i in range(n)], None
    numbers = np.array([float(v) for v in values])
    lo, hi = numbers.min(), numbers.max()
    norm = mcolors.LogNorm(lo, hi) if lo > 0 and hi / lo > 100 else mcolors.Normalize(lo, hi)
    key = cm.ScalarMappable(norm=norm, cmap="viridis")
    return [key.to_rgba(v) for v in numbers], key


def legend_handles(series, series_values, colors, drawn, faces):
    handles = []
    if series:
        for i in drawn:
            handles.append(Line2D([], [], color=colors[i], marker="o", markersize=4, label=str(series_values[i])))
    if len(faces) > 1:
        if handles:
            handles.append(Line2D([], [], linestyle="none", label=" "))  # a gap before the key to line styles
        handles.append(Line2D([], [], color="0.3", **BOTH_FACES_STYLE["predicted"], label="predicted"))
        handles.append(Line2D([], [], color="0.3", **BOTH_FACES_STYLE["simulated"], label="simulated"))
    return handles


# ---------------------------------------------------------------------------------------
# Parity plots: simulated against predicted
# ---------------------------------------------------------------------------------------

ParityStats = collections.namedtuple("ParityStats", "points largest outside")
PARITY_LINE_STYLE = dict(color="0.25", linewidth=0.9, zorder=1)
PARITY_BAND_COLOR = (0.3, 0.55, 0.85, 0.18)
PARITY_BAND_EDGE = dict(color=(0.3, 0.55, 0.85), linewidth=0.7, linestyle=":", zorder=1)


def relative_deviations(predicted, simulated):
    """|sim - pred| / |pred| per point: 0 where both are 0, infinite where only the
    prediction is."""
    predicted = np.asarray(predicted, dtype=float)
    simulated = np.asarray(simulated, dtype=float)
    gap = np.abs(simulated - predicted)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = gap / np.abs(predicted)
    out[(predicted == 0) & (gap == 0)] = 0.0
    return out


def parity_statistics(predicted, simulated, band=None):
    """How many points, their largest relative deviation (NaN without points), and how
    many lie outside the band of relative tolerance `band` (None without a band)."""
    deviations = relative_deviations(predicted, simulated)
    largest = float(deviations.max()) if deviations.size else math.nan
    outside = None
    if band is not None:
        outside = int(np.count_nonzero(deviations > band * (1 + RELATIVE_TOLERANCE)))
    return ParityStats(int(deviations.size), largest, outside)


def format_percent(fraction):
    if math.isinf(fraction):
        return "∞"
    return f"{100 * fraction:.3g} %"


def parity_band(spec, index):
    band = spec.get("band")
    if band is None:
        return None
    if isinstance(band, bool) or not isinstance(band, (int, float)) or not 0 < band < 1:
        raise PlotError(f"{label(spec, index)}: 'band' must be a relative tolerance between 0 and 1 (0.05 for ±5 %)")
    return float(band)


def band_label(band):
    return f"±{100 * band:g} %"


def draw_parity(ctx, spec, index):
    metric = spec.get("metric") or ctx.run.get("primary_metric")
    if not isinstance(metric, str) or not metric:
        raise PlotError(f"{label(spec, index)}: 'metric' must name a metric")
    pred, sim = "pred_" + metric, "sim_" + metric
    missing = [c for c in (pred, sim) if not ctx.has(c)]
    if missing:
        raise PlotError(
            f"{label(spec, index)}: a parity plot compares {pred} with {sim}, but results.csv has no "
            f"{' or '.join(missing)}: the experiment must run with mode: both"
        )
    series = require_parameter(ctx, spec, index, "series") if spec.get("series") else None
    panels = require_parameter(ctx, spec, index, "panels") if spec.get("panels") else None
    band = parity_band(spec, index)
    rows, failed = ctx.ok_rows, len(failed_rows(ctx))
    ss = ctx.values_of(series, rows) if series else [None]
    if not ss:
        raise PlotError(f"{label(spec, index)}: the ok rows have no values of {series}")
    colors, key = series_colors(ss)
    panel_values, panel_rows = split_panels(ctx, spec, index, rows, panels)
    curves = [metric_curves(subset, pred, sim, ctx.parameters, series, ss) for subset in panel_rows]
    points = [p for by_series in curves for curve in by_series for p in curve]
    if not points:
        raise PlotError(f"{label(spec, index)}: no ok row has values of both {pred} and {sim}")
    stats = parity_statistics([p.x for p in points], [p.y for p in points], band)
    values = [v for p in points for v in (p.x, p.y)]
    log = spec.get("log", True) is not False and can_log_numbers(values, f"{metric}", spec, index)
    lo, hi = parity_limits(values, log)

    fig, holder, grid = panel_figure(1, panel_values, square=True)
    drawn = set()
    for ax, value, by_series in zip(grid[0], panel_values, curves):
        if log:
            log_scale(ax, "x", [lo, hi])
            log_scale(ax, "y", [lo, hi])
        line = np.geomspace(lo, hi, 50) if log else np.linspace(lo, hi, 50)
        if band is not None:
            edges = np.sort(np.stack([line * (1 - band), line * (1 + band)]), axis=0)
            ax.fill_between(line, edges[0], edges[1], color=PARITY_BAND_COLOR, linewidth=0, zorder=0)
            for edge in edges:
                ax.plot(line, edge, **PARITY_BAND_EDGE)
        ax.plot(line, line, **PARITY_LINE_STYLE)
        for i, (curve, color) in enumerate(zip(by_series, colors)):
            if not curve:
                continue
            drawn.add(i)
            x_std, y_std = spreads(curve)
            ax.errorbar([p.x for p in curve], [p.y for p in curve], yerr=y_std, xerr=x_std,
                        color=color, linestyle="none", marker="o", markersize=4, alpha=0.85,
                        capsize=1.5, elinewidth=0.6, zorder=3)
        if panels:
            ax.set_title(f"{panels} = {value}", fontsize=9)
            if not any(by_series):
                mark_empty(ax)
        ax.set_xlim(lo, hi)
        ax.set_ylim(lo, hi)
        ax.set_aspect("equal", adjustable="box")
        ax.grid(True, which="major", color="0.9", linewidth=0.6)
        ax.set_axisbelow(True)
    for ax in left_axes(grid[0]):
        ax.set_ylabel(f"simulated {metric_label(ctx, metric)}")
    for ax in bottom_axes(grid):
        ax.set_xlabel(f"predicted {metric_label(ctx, metric)}")

    key_handles = [Line2D([], [], **PARITY_LINE_STYLE, label="y = x")]
    if band is not None:
        key_handles.append(Patch(facecolor=PARITY_BAND_COLOR, edgecolor=PARITY_BAND_EDGE["color"], linestyle=":",
                                 linewidth=0.7, label=band_label(band)))
    if key is not None:
        colorbar = holder.colorbar(key, ax=[ax for block in grid for ax in block], label=series)
        if all(float(v).is_integer() for v in ss) and not isinstance(key.norm, mcolors.LogNorm):
            colorbar.locator = ticker.MaxNLocator(integer=True)
            colorbar.update_ticks()
    if series and key is None:
        # Markers alone: the points of a series are not joined.
        handles = [Line2D([], [], color=colors[i], linestyle="none", marker="o", markersize=4, label=str(ss[i]))
                   for i in sorted(drawn)]
        handles += [Line2D([], [], linestyle="none", label=" ")] + key_handles
        top_right_axes(grid).legend(handles=handles, title=series, loc="upper left", bbox_to_anchor=(1.02, 1.0),
                                    fontsize=8, title_fontsize=8)
    else:
        # Points gather along the diagonal: the upper left corner (sim >> pred) is free.
        grid[0][0].legend(handles=key_handles, loc="upper left", fontsize=8)

    notes = selection_notes(ctx.selection)
    deviation = f"largest deviation |sim − pred| / |pred| = {format_percent(stats.largest)}"
    if band is not None:
        deviation += f" · {stats.outside} of {stats.points} points outside {band_label(band)}"
    else:
        deviation += f" over {stats.points} points"
    main = spec.get("title") or ctx.title or f"simulated against predicted {metric}"
    put_titles(fig, holder, grid, main, subtitle(ctx, deviation, notes, failed), panels)
    return fig


def parity_limits(values, log):
    """Common limits of both axes, a little wider than the values."""
    values = np.array([v for v in values if math.isfinite(v) and (v > 0 or not log)], dtype=float)
    lo, hi = float(values.min()), float(values.max())
    if log:
        pad = (hi / lo) ** 0.06 if hi > lo else 1.5
        return lo / pad, hi * pad
    pad = 0.06 * (hi - lo) if hi > lo else (abs(lo) * 0.1 or 1.0)
    return lo - pad, hi + pad


# ---------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------

DRAWERS = {"contour": draw_contour, "line": draw_line, "parity": draw_parity}


def plot_file(spec, index):
    file = spec.get("file") or f"plot-{index + 1}.png"
    if not isinstance(file, str) or "/" in file or "\\" in file or ".." in file:
        raise PlotError(f"{label(spec, index)}: 'file' must be a plain file name inside the results folder")
    return file


def render(folder, spec, index, ctx):
    kind = spec.get("kind")
    if kind not in DRAWERS:
        raise PlotError(f"{label(spec, index)}: unknown kind '{kind}' (expected contour, line or parity)")
    file = plot_file(spec, index)
    if kind == "contour" and spec.get("panels"):
        raise PlotError(f"{label(spec, index)}: panels are for line and parity plots, not contour maps")
    # The selection comes first: everything else only sees the rows it keeps.
    fig = DRAWERS[kind](apply_selection(ctx, spec, index), spec, index)
    try:
        fig.savefig(os.path.join(folder, file), dpi=DPI, bbox_inches="tight", metadata=PNG_METADATA)
    finally:
        plt.close(fig)
    return file


def main(argv):
    if len(argv) != 1:
        print("usage: isogrid_plot.py RESULTS_DIR", file=sys.stderr)
        return 2
    folder = argv[0]
    try:
        if not os.path.isdir(folder):
            raise PlotError(f"{folder} is not a folder")
        run = load_run(folder)
        ctx = Context(run, load_results(folder))
    except PlotError as e:
        print(f"isogrid_plot: error: {e}", file=sys.stderr)
        return 2
    # Draw every plot that can be drawn, then report all that could not.
    errors = []
    for index, spec in enumerate(run.get("plots", [])):
        try:
            file = render(folder, spec, index, ctx)
        except PlotError as e:
            errors.append(str(e))
            continue
        print(f"wrote {file}", flush=True)
    for e in errors:
        print(f"isogrid_plot: error: {e}", file=sys.stderr)
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
