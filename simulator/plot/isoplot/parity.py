"""Parity plots: simulated against predicted values of one metric, point by point.

Reads summary.csv: every combination is one point (mean predicted, mean simulated) over its
ok repetitions, with their standard deviations as error bars; the subtitle's largest
deviation and the count outside the band are over those points.  results.csv only counts
the failed runs for the subtitle, unless the spec asks for `runs`: then every ok run of
results.csv is a point of its own (set-ups drawn anew in each repetition).
"""

import collections
import math

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from .context import require_parameter
from .errors import PlotError, label
from .panels import bottom_axes, left_axes, mark_empty, panel_figure, put_titles, split_panels, top_right_axes
from .points import metric_curves, run_curves, spread_note, spreads
from .selection import failed_rows, selection_notes
from .style import (can_log_numbers, category_text, integer_colorbar, log_scale, metric_label, parameter_label, parameter_value,
                    series_colors, subtitle)
from .values import RELATIVE_TOLERANCE

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


def band_label(band):
    return f"±{100 * band:g} %"


def draw_parity(ctx, spec, index):
    metric = spec.metric
    pred, sim = "pred_" + metric, "sim_" + metric
    missing = [c for c in (pred, sim) if not ctx.has(c)]
    if missing:
        raise PlotError(
            f"{label(spec, index)}: a parity plot compares {pred} with {sim}, but results.csv has no "
            f"{' or '.join(missing)}: the experiment must run with mode: both"
        )
    series = require_parameter(ctx, spec, index, "series") if spec.series else None
    panels = require_parameter(ctx, spec, index, "panels") if spec.panels else None
    band = None if spec.band is None else float(spec.band)
    # Each combination's mean, or (runs) every ok run of results.csv.
    points, failed = (ctx.ok_rows if spec.runs else ctx.ok_points), len(failed_rows(ctx))
    ss = ctx.values_of(series, points) if series else [None]
    if not ss:
        raise PlotError(f"{label(spec, index)}: the ok rows have no values of {series}")
    colors, key = series_colors(ss)
    panel_values, panel_points = split_panels(ctx, spec, index, points, panels)
    curve_of = run_curves if spec.runs else metric_curves
    curves = [curve_of(subset, pred, sim, ctx.parameters, series, ss) for subset in panel_points]
    drawn_points = [p for by_series in curves for curve in by_series for p in curve]
    if not drawn_points:
        raise PlotError(f"{label(spec, index)}: no ok row has values of both {pred} and {sim}")
    stats = parity_statistics([p.x for p in drawn_points], [p.y for p in drawn_points], band)
    values = [v for p in drawn_points for v in (p.x, p.y)]
    # Log axes where the values span a decade or more; within less, a log axis is a linear one whose ticks crowd
    # into unreadable powers of ten.
    finite = [v for v in values if math.isfinite(v) and v > 0]
    log = (spec.log and can_log_numbers(values, f"{metric}", spec, index) and bool(finite)
           and max(finite) / min(finite) >= 10)
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
            ax.set_title(parameter_value(ctx, panels, value), fontsize=9)
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
    if spec.residuals:
        for ax, by_series in zip(grid[0], curves):
            draw_residuals(ax, by_series, colors, band, log, (lo, hi), ax in left_axes(grid[0]))

    key_handles = [Line2D([], [], **PARITY_LINE_STYLE, label="y = x")]
    if band is not None:
        key_handles.append(Patch(facecolor=PARITY_BAND_COLOR, edgecolor=PARITY_BAND_EDGE["color"], linestyle=":",
                                 linewidth=0.7, label=band_label(band)))
    if key is not None:
        integer_colorbar(holder.colorbar(key, ax=[ax for block in grid for ax in block], label=parameter_label(ctx, series)), ss, key)
    if series and key is None:
        # Markers alone: the points of a series are not joined.
        handles = [Line2D([], [], color=colors[i], linestyle="none", marker="o", markersize=4, label=category_text(ss[i]))
                   for i in sorted(drawn)]
        handles += [Line2D([], [], linestyle="none", label=" ")] + key_handles
        top_right_axes(grid).legend(handles=handles, title=parameter_label(ctx, series) if series else None, loc="upper left", bbox_to_anchor=(1.02, 1.0),
                                    fontsize=8, title_fontsize=8)
    else:
        # Outside, on the right: a point far above the diagonal (sim >> pred) sits in the upper left corner.
        top_right_axes(grid).legend(handles=key_handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)

    # What a point is: a run, or the mean of a combination's repetitions (named by the swept parameters it varies).
    varied = [n for n in ctx.axis_order if len(ctx.axes.get(n, [])) > 1 and n != series and n != panels]
    notes = selection_notes(ctx.selection)
    if spec.runs:
        notes.append("a point per run")
    elif varied:
        repeated = int(ctx.run.get("experiment", {}).get("repetitions", 1) or 1) > 1
        notes.append(f"a point per {', '.join(varied)}" + (" (the mean of its repetitions)" if repeated else ""))
    spread = spread_note(np.array([[p.x_std, p.y_std] for p in drawn_points], dtype=float))
    if spread and not spec.runs:
        notes.append(spread)
    deviation = f"largest deviation |sim − pred| / |pred| = {format_percent(stats.largest)}"
    if band is not None:
        deviation += f" · {stats.outside} of {stats.points} points outside {band_label(band)}"
    else:
        deviation += f" over {stats.points} points"
    main = spec.title or ctx.title or f"simulated against predicted {metric}"
    put_titles(fig, holder, grid, main, subtitle(ctx, deviation, notes, failed), panels)
    return fig


def draw_residuals(ax, by_series, colors, band, log, limits, left):
    """Under the parity axes, on the same predicted axis: each point's relative deviation (sim - pred) / |pred| in %,
    the band's edges and 0. What a log-log parity plot squeezes near the diagonal is read here at its true size.
    The x label moves down to the residual axes."""
    res = ax.inset_axes([0.0, -0.52, 1.0, 0.34], sharex=ax)
    for curve, color in zip(by_series, colors):
        if not curve:
            continue
        pred = np.array([p.x for p in curve], dtype=float)
        dev = 100 * (np.array([p.y for p in curve], dtype=float) - pred) / np.abs(pred)
        res.plot(pred, dev, linestyle="none", marker="o", markersize=3.5, color=color, alpha=0.85, zorder=3)
    res.axhline(0, **PARITY_LINE_STYLE)
    if band is not None:
        for edge in (-100 * band, 100 * band):
            res.axhline(edge, **PARITY_BAND_EDGE)
    if log:
        res.set_xscale("log")
    res.set_xlim(*limits)
    res.grid(True, which="major", color="0.9", linewidth=0.6)
    res.set_axisbelow(True)
    res.set_xlabel(ax.get_xlabel() or "")
    ax.set_xlabel("")
    if left:
        res.set_ylabel("sim − pred\n(% of pred)", fontsize=8)
    ax.tick_params(labelbottom=False)
    return res


def parity_limits(values, log):
    """Common limits of both axes, a little wider than the values."""
    values = np.array([v for v in values if math.isfinite(v) and (v > 0 or not log)], dtype=float)
    lo, hi = float(values.min()), float(values.max())
    if log:
        pad = (hi / lo) ** 0.06 if hi > lo else 1.5
        return lo / pad, hi * pad
    pad = 0.06 * (hi - lo) if hi > lo else (abs(lo) * 0.1 or 1.0)
    return lo - pad, hi + pad
