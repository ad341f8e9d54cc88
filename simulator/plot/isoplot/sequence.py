"""Sequence plots: metrics that are positions along one axis, drawn against their index (a
colour per value of `series`, a line style per stem).

A model may declare a family of metrics that are one quantity at successive positions
(performance-modelling's ppe_adaptive_w1 .. ppe_adaptive_w10: the prediction error over each
tenth of a campaign's runs, in execution order, Fig. 3.9 of Sanjay's thesis).  Each stem of
`y` names such a family: the columns <stem>1, <stem>2, ... that exist, in that order.  One
curve per stem, and per value of `series`, from summary.csv's means with their standard
deviations as error bars; swept parameters other than `series` are held at their first
value, as on a line plot.
"""

import re

import matplotlib.pyplot as plt
import numpy as np

from .context import FACE_PREFIX, require_parameter
from .errors import PlotError, label
from .points import clipped_bars, spread_note, summary_grid
from .selection import plotted_points
from .style import series_colors, subtitle, titles
from .values import same_value


LINE_STYLES = ["-", "--", ":", "-."]
MARKERS = ["o", "s", "^", "D"]


def family_columns(ctx, spec, index, stem):
    """The columns of a stem's family for the plot's face, ordered by their index."""
    prefix = FACE_PREFIX[spec.face] + stem
    pattern = re.compile(re.escape(prefix) + r"([0-9]+)$")
    found = sorted((int(m.group(1)), c) for c in ctx.header for m in [pattern.match(c)] if m)
    if len(found) < 2:
        raise PlotError(
            f"{label(spec, index)}: y stem '{stem}' names {len(found)} column(s) {prefix}1, {prefix}2, ... in "
            f"results.csv; a sequence needs two or more"
        )
    return [k for k, _ in found], [c for _, c in found]


def draw_sequence(ctx, spec, index):
    series = require_parameter(ctx, spec, index, "series") if spec.series else None
    points, notes, failed = plotted_points(ctx, spec, index, {series} if series else set())
    values = ctx.values_of(series, points) if series else [None]
    colors, _ = series_colors([str(v) for v in values])  # a colour per series value, a line style per stem
    fig, ax = plt.subplots(figsize=(7.2, 4.4))
    drawn, spreads = 0, []
    families = [family_columns(ctx, spec, index, stem) for stem in spec.y]
    for k, (stem, (positions, columns)) in enumerate(zip(spec.y, families)):
        for value, color in zip(values, colors):
            subset = points if value is None else [p for p in points if same_value(p[series], value)]
            grids = [summary_grid(subset, [], column) for column in columns]
            means = np.array([float(g.mean) for g in grids])
            stds = np.array([float(g.std) for g in grids])
            if not np.isfinite(means).any():
                continue
            name = stem.rstrip("_") if value is None else f"{stem.rstrip('_')}, {series} = {value}"
            spreads.append(stds)
            ax.errorbar(positions, means, yerr=clipped_bars(means, stds, means), color=color,
                        linestyle=LINE_STYLES[k % len(LINE_STYLES)], marker=MARKERS[k % len(MARKERS)], markersize=4,
                        linewidth=1.3, capsize=2.5, elinewidth=0.7, label=name)
            drawn += 1
        ax.set_xticks(positions)
    if not drawn:
        raise PlotError(f"{label(spec, index)}: no ok point has a value of {', '.join(spec.y)}")
    ax.set_xlabel("position in the sequence (the number ending each metric's name)")
    prefix = len(FACE_PREFIX[spec.face])
    units = {ctx.units.get(column[prefix:], "") for _, columns in families for column in columns}
    ax.set_ylabel(f"value [{units.pop()}]" if len(units) == 1 and "" not in units else "value")
    if spec.log_y:
        ax.set_yscale("log")
    ax.grid(True, which="major", color="0.9", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.legend(fontsize=7.5, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    spread = spread_note(spreads)
    titles(fig, ax, spec.title or ctx.title, subtitle(ctx, spec.face, notes + ([spread] if spread else []), failed))
    return fig
