"""Contour maps: one metric over two swept parameters, with labelled iso-lines.

Reads summary.csv: each cell of the map is one combination's mean of z over its ok
repetitions (the other swept parameters held at their first value), and the hatched
infeasible region is where the mean of the `infeasible` metric is 0.  results.csv only
counts the failed runs for the subtitle.
"""

import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import colors as mcolors
from matplotlib import ticker
from matplotlib.patches import Patch

from .context import FACE_PREFIX, metric_column, require_parameter
from .errors import PlotError, label
from .levels import default_levels, format_level, infeasible_mask
from .points import summary_grid
from .selection import plotted_points
from .values import same_value
from .style import can_log, metric_label, positions, style_axis, subtitle, titles

INFEASIBLE_LABEL = "infeasible (E = 0)"
TRACED_COLOUR = "#c0392b"
LABEL_FRACTIONS = (0.5, 0.35, 0.65, 0.2, 0.8)


def draw_contour(ctx, spec, index):
    x = require_parameter(ctx, spec, index, "x")
    y = require_parameter(ctx, spec, index, "y")
    z = spec.z
    z_column = metric_column(ctx, spec, index, z, spec.face)
    infeasible_column = infeasible_metric_column(ctx, spec, index) if spec.infeasible else None

    points, held, failed = plotted_points(ctx, spec, index, {x, y})
    xs, ys = ctx.values_of(x, points), ctx.values_of(y, points)
    if len(xs) < 2 or len(ys) < 2:
        raise PlotError(
            f"{label(spec, index)}: a contour map needs at least two values of each axis "
            f"({x} has {len(xs)}, {y} has {len(ys)}); use a line plot"
        )
    grid = summary_grid(points, [(y, ys), (x, xs)], z_column)
    if not np.isfinite(grid.mean).any():
        raise PlotError(f"{label(spec, index)}: no ok row has a value of {z_column} on the {x} x {y} grid")

    px, x_categorical = positions(xs)
    py, y_categorical = positions(ys)
    log_x = spec.log_x and can_log(xs, f"x ({x})", spec, index)
    log_y = spec.log_y and can_log(ys, f"y ({y})", spec, index)
    X, Y = np.meshgrid(px, py)
    z_values = grid.mean.copy()
    mask = np.zeros(z_values.shape, dtype=bool)
    if infeasible_column:
        mask = infeasible_mask(summary_grid(points, [(y, ys), (x, xs)], infeasible_column).mean)
        # Where there is no solution z is a placeholder (E = 0): contouring it would stack
        # every low iso-line along the feasibility boundary. The hatching shows it instead.
        z_values[mask] = np.nan

    fig, ax = plt.subplots(figsize=(6.4, 4.8), constrained_layout=True)
    # Scales first: clabel cuts the gaps for its labels in screen space, so on an axis
    # made logarithmic afterwards it would remove the wrong stretches of line.
    style_axis(ax, "x", xs, log_x, x_categorical)
    style_axis(ax, "y", ys, log_y, y_categorical)
    if np.isfinite(z_values).any():
        levels = default_levels(z_values) if spec.levels is None else sorted(set(float(v) for v in spec.levels))
        fill_contour(fig, ax, X, Y, np.ma.masked_invalid(z_values), metric_label(ctx, z), levels)
    handles = [hatch_infeasible(ax, X, Y, mask)] if mask.any() else []
    if not (x_categorical or y_categorical):
        handles += draw_traced_lines(ctx, ax, x, y, z, spec.face, points)
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    if handles:
        # Below the axes: inside, any corner may hold the iso-lines being read.
        ax.legend(handles=handles, loc="upper right", bbox_to_anchor=(1.0, -0.11), frameon=False, fontsize=8)
    main = spec.title or ctx.title or f"{z} over ({x}, {y})"
    titles(fig, ax, main, subtitle(ctx, spec.face, held, failed))
    return fig


def draw_traced_lines(ctx, ax, x, y, z, face, points):
    """The lines isoefficiency.csv traced by search for this map's metric and face, over the
    contoured ones: per level, a line through the size found at each scale value, labelled
    with its level where it ends (the largest scale value that reaches it). A size where the
    level is passed at a step (the metric jumps, as DLT's efficiency does from 0 at the
    feasibility boundary) is a hollow marker; a second crossing of a metric that is not
    monotone, a lone marker. Drawn when the map's axes are the trace's scale and size; the
    trace's other parameters are held where the map holds them. Returns the legend handles."""
    table = ctx.isoefficiency
    if table is None or "crossing" not in table.header or "face" not in table.header:
        return []
    header = table.header
    size = header[header.index("crossing") + 1]
    groups = header[2 : header.index("face")]
    if y == size and x in groups:
        scale, flip = x, False
    elif x == size and y in groups:
        scale, flip = y, True
    else:
        return []
    held = {g: points[0][g] for g in groups if g != scale and points and g in points[0]}
    rows = [
        r
        for r in table.rows
        if r["metric"] == z
        and r["face"] == face
        and r["status"] in ("found", "step")
        and all(same_value(r[g], v) for g, v in held.items())
    ]
    if not rows:
        return []

    def xy(scales, sizes):
        return (sizes, scales) if flip else (scales, sizes)

    levels = sorted({float(r["level"]) for r in rows})
    handles = {}
    for level in levels:
        mine = sorted((float(r[scale]), float(r[size]), r) for r in rows if float(r["level"]) == level)
        first = [(s, w, r) for s, w, r in mine if r["on_line"] == "yes"]
        if len(first) > 1:
            (line,) = ax.plot(*xy([s for s, _, _ in first], [w for _, w, _ in first]), color=TRACED_COLOUR,
                              linewidth=1.3, zorder=5)
            handles.setdefault("line", line)
        for kind, fill in (("found", TRACED_COLOUR), ("step", "white")):
            chosen = [(s, w) for s, w, r in mine if r["status"] == kind]
            if chosen:
                (marks,) = ax.plot(*xy(*zip(*chosen)), linestyle="none", color=TRACED_COLOUR, marker="o",
                                   markersize=3.2, markerfacecolor=fill, markeredgewidth=0.9, zorder=6)
                handles.setdefault(kind, marks)
        s_end, w_end, _ = first[-1] if first else mine[-1]
        ax.annotate(format_level(level), xy(s_end, w_end), xytext=(4, -2) if not flip else (-2, 4),
                    textcoords="offset points", color=TRACED_COLOUR, fontsize=7, zorder=7)
    out = []
    if "found" in handles or "line" in handles:
        h = handles.get("found") or handles["line"]
        h.set_label(f"{z} = k found by search (isoefficiency.csv), k at each line's end")
        out.append(h)
    if "step" in handles:
        handles["step"].set_label(f"k passed where {z} jumps (a step, e.g. from infeasible)")
        out.append(handles["step"])
    return out


def infeasible_metric_column(ctx, spec, index):
    """Feasibility is the same whichever face computed it: prefer the plot's face, take
    the other one when only it has the column."""
    for face in (spec.face, "simulated" if spec.face == "predicted" else "predicted"):
        if ctx.has(FACE_PREFIX[face] + spec.infeasible):
            return FACE_PREFIX[face] + spec.infeasible
    return metric_column(ctx, spec, index, spec.infeasible, spec.face)  # raises, naming the column


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
