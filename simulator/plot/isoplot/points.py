"""The numbers a plot draws: summary.csv's points in grids and curves, results.csv's runs in bins.

Averaging over repetitions is the C++ side's: summary.csv has, per combination, the mean and
standard deviation of every metric column over its ok repetitions (`<column>_mean`,
`<column>_std`, the std empty for a single value).  Here they are only placed:

  summary_grid   the points indexed into a grid of swept parameters (contour maps, line
                 plots against a parameter);
  metric_curves  the points as (mean x, mean y) pairs with their spreads (line plots
                 against a metric, parity plots);
  binned_curves  results.csv's runs, each on its own, pooled into bins of x (line plots
                 with `bins`, which want every repetition's own x).

A column's statistic in summary.csv is read as a number, NaN where empty or not finite.
"""

import collections
import math

import numpy as np

from .results import repetitions_ok
from .values import axis_index, metric_values, parameter_key, same_number

# mean and std: the cell's statistics (NaN where there is none; std NaN for a single value);
# count: the ok repetitions of the point drawn (0 where the cell is empty).
Grid = collections.namedtuple("Grid", "mean std count")

# One point of the sweep: (x, y) the means over its repetitions, their sample standard
# deviations (NaN for a single value), the ok repetitions of the point, and the sort key of
# its parameter values.  A bin of runs is a Point too (count: the runs in it).
Point = collections.namedtuple("Point", "x y x_std y_std count key")


def statistic(points, column, name):
    """A statistic ('mean', 'std') of a results.csv column over the points (summary rows)."""
    return metric_values(points, f"{column}_{name}")


def summary_grid(points, axes, column):
    """The mean and std of `column` at every cell of the grid spanned by `axes`.

    axes: a list of (parameter name, [value texts]); the arrays have one dimension per
    axis, in that order.  Each point (a summary.csv row) goes to the cell its parameter
    values match; points off the grid are ignored, and so are points without a mean, so
    that a cell whose every repetition failed stays NaN, never 0.  Should several points
    fall into one cell (a sweep listing a value twice), the first with a mean is drawn.
    """
    shape = tuple(len(values) for _, values in axes)
    mean, std = np.full(shape, np.nan), np.full(shape, np.nan)
    count = np.zeros(shape, dtype=int)
    if not points:
        return Grid(mean, std, count)
    means, stds = statistic(points, column, "mean"), statistic(points, column, "std")
    indices = [axis_index([p[name] for p in points], values) for name, values in axes]
    for k in np.flatnonzero(np.isfinite(means)):
        cell = tuple(int(idx[k]) for idx in indices)
        if min(cell, default=0) < 0 or count[cell] > 0:
            continue
        mean[cell], std[cell], count[cell] = means[k], stds[k], repetitions_ok(points[k])
    return Grid(mean, std, count)


def series_grid(points, series, series_values, x, xs, column):
    """The grid of a column over (series, x); a single row of cells without a series."""
    if series:
        return summary_grid(points, [(series, series_values), (x, xs)], column)
    one = summary_grid(points, [(x, xs)], column)
    return Grid(one.mean[None, :], one.std[None, :], one.count[None, :])


def stacked_grid(points, x, xs, columns):
    """One row of cells per column, each over x: metrics drawn as series."""
    ones = [summary_grid(points, [(x, xs)], column) for column in columns]
    return Grid(np.vstack([g.mean for g in ones]), np.vstack([g.std for g in ones]),
                np.vstack([g.count for g in ones]))


def metric_curves(points, x_column, y_column, parameters, series=None, series_values=None):
    """The points (x, y) of summary.csv rows, one curve per series value (a single curve
    without a series), each a list of Points sorted by x.

    x and y are the columns' means over the point's repetitions, their spreads the
    columns' standard deviations; points missing either mean drop out.  Nothing is held
    fixed: the points of different values of the other parameters all join the curve of
    their series.  Points whose x agree to RELATIVE_TOLERANCE are ordered by their
    parameter values (in `parameters` order), so that a curve through many points at
    nearly the same x always runs the same way.
    """
    count = len(series_values) if series else 1
    curves = [[] for _ in range(count)]
    if not points:
        return curves
    xs, ys = statistic(points, x_column, "mean"), statistic(points, y_column, "mean")
    x_stds, y_stds = statistic(points, x_column, "std"), statistic(points, y_column, "std")
    which = axis_index([p[series] for p in points], series_values) if series else np.zeros(len(points), np.int64)
    for p, x, y, x_std, y_std, s in zip(points, xs, ys, x_stds, y_stds, which):
        if s < 0 or not (math.isfinite(x) and math.isfinite(y)):
            continue
        key = tuple(parameter_key(p[name]) for name in parameters)
        curves[s].append(Point(float(x), float(y), float(x_std), float(y_std), repetitions_ok(p), key))
    return [sort_points(c) for c in curves]


def run_curves(rows, x_column, y_column, parameters, series=None, series_values=None):
    """As metric_curves, but every results.csv row its own Point (no spread): for set-ups
    drawn anew in every repetition, whose means would hide how each one fares."""
    count = len(series_values) if series else 1
    curves = [[] for _ in range(count)]
    if not rows:
        return curves
    xs, ys = metric_values(rows, x_column), metric_values(rows, y_column)
    which = axis_index([r[series] for r in rows], series_values) if series else np.zeros(len(rows), np.int64)
    for r, x, y, s in zip(rows, xs, ys, which):
        if s < 0 or not (math.isfinite(x) and math.isfinite(y)):
            continue
        key = tuple(parameter_key(r[name]) for name in parameters) + (parameter_key(r["index"]),)
        curves[s].append(Point(float(x), float(y), 0.0, 0.0, 1, key))
    return [sort_points(c) for c in curves]


def binned_curves(rows, x_column, y_column, series, series_values, bins):
    """Every run its own sample, whatever its parameters: per curve (series value), the
    results.csv rows with both values, sorted by x (then y) and split into `bins` bins of
    nearly equal counts (fewer when there are fewer rows); each bin is one Point.  That is
    how a metric that varies between repetitions (Sanjay's grid heterogeneity, drawn anew
    for every grid) is plotted against another."""
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
                std = chunk.std(axis=0, ddof=1) if n > 1 else np.full(2, np.nan)
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


def spreads(points):
    """The x and y error bars of points: their standard deviations, NaN (no bar) where a
    point has a single value; or None where no point spreads (a prediction is the same in
    every repetition; zero-long bars would still draw their caps).  Bars are clipped at 0
    along an axis whose values are never negative (clipped_bars)."""
    out = []
    for which in ("x", "y"):
        values = np.array([getattr(p, which) for p in points], dtype=float)
        std = np.array([getattr(p, which + "_std") for p in points], dtype=float)
        out.append(clipped_bars(values, std, values))
    return tuple(out)


def error_bars(std):
    """Standard deviations as matplotlib's error bars: None when none is a positive number."""
    with np.errstate(invalid="ignore"):
        return std if (np.isfinite(std) & (std > 0)).any() else None


def clipped_bars(mean, std, everything):
    """±1 standard deviation, the lower bar cut at 0 when the metric is never negative
    (`everything`, all its values, is at least 0: an efficiency, a time): a bar reaching
    below 0 would show values the metric cannot take.  None when no bar is drawn."""
    bars = error_bars(std)
    if bars is None:
        return None
    with np.errstate(invalid="ignore"):
        if np.nanmin(everything) >= 0:
            return np.vstack([np.minimum(bars, np.where(np.isfinite(mean), mean, 0.0)), bars])
    return bars


SPREAD_NOTE = "error bars: ±1 standard deviation of the repetitions"


def spread_note(stds):
    """The subtitle's word on the error bars (SPREAD_NOTE) when some are drawn: some of
    the standard deviations `stds` (arrays) is a positive number; None otherwise."""
    for std in stds:
        std = np.asarray(std, dtype=float)
        with np.errstate(invalid="ignore"):
            if (np.isfinite(std) & (std > 0)).any():
                return SPREAD_NOTE
    return None
