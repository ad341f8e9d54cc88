"""Contour maps: one metric over two swept parameters, with labelled iso-lines.

Reads summary.csv: each cell of the map is one combination's mean of z over its ok
repetitions, and the hatched infeasible region is where the mean of the `infeasible` metric
is 0.  A third swept parameter is faceted (one map per value, on one colour scale); over a
categorical axis (words, lists) the map is one coloured cell per combination with its value
written in it, never interpolated.  results.csv only counts the failed runs for the subtitle.
"""

import collections
import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.lines import Line2D
from matplotlib import colors as mcolors
from matplotlib import ticker
from matplotlib.patches import Patch, Rectangle

from .context import FACE_PREFIX, metric_column, require_parameter
from .errors import PlotError, label
from .levels import default_levels, format_level, infeasible_mask
from .panels import bottom_axes, left_axes, mark_empty, panel_figure, put_titles, split_panels
from .points import summary_grid
from .results import repetitions_ok
from .selection import facet_unshown, plotted_points
from .style import (can_log, declared_parameter, metric_label, metric_text, parameter_label, parameter_value, positions,
                    style_axis, subtitle, PAPER_KINDS, PAPER_LABELS, paper_kind, paper_style)
from .values import has_values, index_of, same_value

INFEASIBLE_LABEL = "infeasible (E = 0)"
# The infeasible hatching's grey on white, for the paper's own infeasible points drawn on it.
INFEASIBLE_FILL = (0.84, 0.84, 0.84)
# Past this many paper's values on a map, their values are not written beside them (their colour says them).
MAX_PAPER_VALUES_WRITTEN = 12
TRACED_COLOUR = "#c0392b"
LABEL_FRACTIONS = (0.5, 0.35, 0.65, 0.2, 0.8)


def draw_contour(ctx, spec, index):
    x = require_parameter(ctx, spec, index, "x")
    y = require_parameter(ctx, spec, index, "y")
    z = spec.z
    z_column = metric_column(ctx, spec, index, z, spec.face)
    infeasible_column = infeasible_metric_column(ctx, spec, index) if spec.infeasible else None

    # A swept parameter the map does not show is faceted: one map per value, on one colour scale.
    slots, facet_notes = facet_unshown(ctx, spec, index, {x, y}, [("panels", None)])
    panels = slots["panels"]
    points, held, failed = plotted_points(ctx, spec, index, {x, y} | ({panels} if panels else set()))
    xs, ys = ctx.values_of(x, points), ctx.values_of(y, points)
    if len(xs) < 2 or len(ys) < 2:
        raise PlotError(
            f"{label(spec, index)}: a contour map needs at least two values of each axis "
            f"({x} has {len(xs)}, {y} has {len(ys)}); use a line plot"
        )
    panel_values, panel_points = split_panels(ctx, spec, index, points, panels)
    cells = [(y, ys), (x, xs)]
    maps = []
    for subset in panel_points:
        z_values = summary_grid(subset, cells, z_column).mean.copy()
        mask = np.zeros(z_values.shape, dtype=bool)
        if infeasible_column:
            mask = infeasible_mask(summary_grid(subset, cells, infeasible_column).mean)
            # Where there is no solution z is a placeholder (E = 0): contouring it would stack
            # every low iso-line along the feasibility boundary. The hatching shows it instead.
            z_values[mask] = np.nan
        maps.append((z_values, mask))
    if not any(np.isfinite(m).any() or mask.any() for m, mask in maps):
        raise PlotError(f"{label(spec, index)}: no ok row has a value of {z_column} on the {x} x {y} grid")

    px, x_categorical = positions(xs)
    py, y_categorical = positions(ys)
    # Categories (words, lists, choices) have no order or distance to interpolate over: a map
    # of cells, each its own value, instead of iso-lines.
    cells_only = x_categorical or y_categorical
    if cells_only:
        px, py = np.arange(len(xs), dtype=float), np.arange(len(ys), dtype=float)
    log_x = spec.log_x and not cells_only and can_log(xs, f"x ({x})", spec, index)
    log_y = spec.log_y and not cells_only and can_log(ys, f"y ({y})", spec, index)
    X, Y = np.meshgrid(px, py)
    everything = np.concatenate([m[np.isfinite(m)] for m, _ in maps])
    scale = colour_scale(everything) if everything.size else None
    levels = [] if everything.size == 0 else (
        default_levels(everything) if spec.levels is None else sorted(set(float(v) for v in spec.levels)))

    if panels:
        fig, holder, grid = panel_figure(1, panel_values, square=True)
    else:
        fig, ax = plt.subplots(figsize=(6.4, 4.8), constrained_layout=True)
        holder, grid = fig, [[ax]]
    axes = grid[0]
    handles, mappable, drawn_lines = [], None, None
    paper_kinds = set()  # the kinds of the paper's values drawn (style.PAPER_KINDS)
    written = len(spec.paper) <= MAX_PAPER_VALUES_WRITTEN  # few enough to write each value beside its diamond
    for ax, value, subset, (z_values, mask) in zip(axes, panel_values, panel_points, maps):
        # Scales first: clabel cuts the gaps for its labels in screen space, so on an axis
        # made logarithmic afterwards it would remove the wrong stretches of line.
        style_axis(ax, "x", xs, log_x, cells_only)
        style_axis(ax, "y", ys, log_y, cells_only)
        if panels:
            ax.set_title(parameter_value(ctx, panels, value), fontsize=9)
        if not np.isfinite(z_values).any() and not mask.any():
            mark_empty(ax)
            continue
        if scale is not None and np.isfinite(z_values).any():
            if cells_only:
                mappable = draw_cells(ax, z_values, scale, mask)
            else:
                mappable, lines = fill_contour(ax, X, Y, np.ma.masked_invalid(z_values), scale, levels)
                drawn_lines = drawn_lines or lines
        if mask.any():
            hatch = hatch_cells(ax, mask) if cells_only else hatch_infeasible(ax, X, Y, mask)
            handles = handles or [hatch]
        if not cells_only:
            traced = draw_traced_lines(ctx, ax, x, y, z, spec.face, subset)
            handles += [h for h in traced if h.get_label() not in {g.get_label() for g in handles}]
        paper_kinds |= draw_paper_on_map(spec, ax, (x, xs, px), (y, ys, py), z, panels, value, subset, mappable,
                                         cells_only, written)
    if mappable is not None:
        colour_bar(holder, axes, mappable, metric_label(ctx, z), scale, levels, drawn_lines)
    for ax in left_axes(axes):
        ax.set_ylabel(parameter_label(ctx, y))
    for ax in bottom_axes(grid):
        ax.set_xlabel(parameter_label(ctx, x))
    handles += [Line2D([], [], **dict(paper_style(k), markerfacecolor="0.85"), markeredgecolor="black",
                       label=f"{PAPER_LABELS[k]}: filled with its value's colour" +
                             (", the value beside" if written else ""))
                for k in PAPER_KINDS if k in paper_kinds]
    if handles:
        # Below the axes: inside, any corner may hold the iso-lines being read.
        axes[-1].legend(handles=handles, loc="upper right", bbox_to_anchor=(1.0, -0.11), frameon=False, fontsize=8)
    main = spec.title or (f"{metric_text(ctx, z)} over {declared_parameter(ctx, x)[0]} and "
                          f"{declared_parameter(ctx, y)[0]}")
    most = max((repetitions_ok(p) for p in points), default=1)
    notes = facet_notes + held + ([f"each cell the mean of its repetitions (up to {most})"] if most > 1 else []) + (
        ["categories: one cell per value, nothing interpolated"] if cells_only else [])
    put_titles(fig, holder, grid, main, subtitle(ctx, spec.face, notes, failed), panels)
    return fig


def draw_paper_on_map(spec, ax, x_axis, y_axis, z, panels, panel_value, points, mappable, cells=False, written=True):
    """The paper's values of the map's metric (the experiment's references, attached to the spec as `paper`) as
    diamonds at their (x, y), filled with their value's colour on the map's scale (a diamond that melts into the map
    agrees with it), and, when they are few, each with its value written beside it; only where their point is one of
    this panel's (`written`: with its value beside it). On a map of cells, whose centre holds the cell's own value,
    the diamond sits in the cell's upper right corner. The kinds drawn (style.PAPER_KINDS)."""
    (x, xs, px), (y, ys, py) = x_axis, y_axis
    kinds = set()
    for p in spec.paper:
        at = dict(p["at"])
        if p["metric"] != z or x not in at or y not in at:
            continue
        if panels and not same_value(at.get(panels, ""), panel_value):
            continue
        others = {n: v for n, v in at.items() if n not in (x, y, panels)}
        if others and not any(has_values(pt, others) for pt in points):
            continue  # a point of another slice of the sweep
        i, j = index_of(xs, at[x]), index_of(ys, at[y])
        if i is None or j is None:
            continue
        value = float(p["value"])
        # The map's own colour for the value, as washed out as the map is drawn (alpha), on white.
        fill = "white"
        if spec.infeasible and value == 0:
            fill = INFEASIBLE_FILL  # the paper's own infeasible point: the hatching's grey, as the map shows it
        elif mappable is not None:
            r, g, b, _ = mappable.cmap(mappable.norm(value))
            a = mappable.get_alpha() if mappable.get_alpha() is not None else 1.0
            fill = (1 - a + a * r, 1 - a + a * g, 1 - a + a * b)
        at_x, at_y = (px[i] + 0.32, py[j] + 0.3) if cells else (px[i], py[j])
        ax.plot([at_x], [at_y], **dict(paper_style(paper_kind(p)), markerfacecolor=fill), markeredgecolor="black",
                clip_on=False)
        if written:
            ax.annotate(f"{value:.3g}", (at_x, at_y), xytext=(-6, 0) if cells else (5, 4), textcoords="offset points",
                        fontsize=6.5, zorder=8, ha="right" if cells else "left", va="center" if cells else "baseline",
                        bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))
        kinds.add(paper_kind(p))
    return kinds


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


ColourScale = collections.namedtuple("ColourScale", "fill norm log")


def colour_scale(z):
    """The filled colours' boundaries and norm for the values of every panel: efficiencies on
    0..1 (the same colours mean the same value on every map), a log scale past two decades."""
    lo, hi = float(np.min(z)), float(np.max(z))
    if lo >= 0 and hi <= 1:
        return ColourScale(np.linspace(0.0, 1.0, 21), None, False)
    if lo == hi:
        pad = abs(lo) * 0.05 or 0.5
        return ColourScale(np.linspace(lo - pad, hi + pad, 3), None, False)
    if lo > 0 and hi / lo > 100:
        return ColourScale(np.geomspace(lo, hi, 21), mcolors.LogNorm(lo, hi), True)
    return ColourScale(np.linspace(lo, hi, 21), None, False)


def fill_contour(ax, X, Y, Z, scale, levels):
    """A light filled map, then black iso-lines labelled in place; returns the filled map (for
    the colorbar) and the iso-lines (None when none is drawn)."""
    filled = ax.contourf(X, Y, Z, levels=scale.fill, cmap="viridis", norm=scale.norm, alpha=0.45, antialiased=True)
    lo, hi = float(Z.min()), float(Z.max())
    # Only levels the data reach: others would draw nothing and make matplotlib warn.
    drawn = [v for v in levels if lo <= v <= hi]
    if not drawn or lo >= hi:
        return filled, None
    lines = ax.contour(X, Y, Z, levels=drawn, colors="black", linewidths=0.9)
    ax.clabel(lines, inline=True, fontsize=7.5, fmt=format_level, manual=label_positions(ax, lines))
    return filled, lines


def draw_cells(ax, Z, scale, mask):
    """A map over categories: one coloured cell per (x, y) value, its value written in it;
    empty where there is no value. Returns the mappable of the colorbar."""
    ny, nx = Z.shape
    edges_x, edges_y = np.arange(nx + 1) - 0.5, np.arange(ny + 1) - 0.5
    norm = scale.norm or mcolors.BoundaryNorm(scale.fill, 256)
    mesh = ax.pcolormesh(edges_x, edges_y, np.ma.masked_invalid(Z), cmap="viridis", norm=norm, shading="flat")
    ax.set_xlim(-0.5, nx - 0.5)
    ax.set_ylim(-0.5, ny - 0.5)
    if nx * ny <= 120:
        for (j, i), v in np.ndenumerate(Z):
            if np.isfinite(v) and not mask[j, i]:
                shade = mesh.cmap(mesh.norm(v))
                dark = 0.299 * shade[0] + 0.587 * shade[1] + 0.114 * shade[2] < 0.5
                ax.text(i, j, f"{v:.3g}", ha="center", va="center", fontsize=7, color="white" if dark else "black")
    return mesh


def hatch_cells(ax, mask):
    """Grey hatching over the infeasible cells of a map of categories; the legend handle."""
    face = (0.55, 0.55, 0.55, 0.35)
    for (j, i), bad in np.ndenumerate(mask):
        if bad:
            ax.add_patch(Rectangle((i - 0.5, j - 0.5), 1, 1, facecolor=face, edgecolor="0.35", hatch="///",
                                   linewidth=0))
    return Patch(facecolor=face, edgecolor="0.35", hatch="///", label=INFEASIBLE_LABEL)


def colour_bar(holder, axes, mappable, text, scale, levels, lines):
    """One colorbar for every panel, ticked at round numbers, with the iso-lines on it."""
    colorbar = holder.colorbar(mappable, ax=axes)
    colorbar.set_label(text)
    lo, hi = mappable.norm.vmin, mappable.norm.vmax
    drawn = [v for v in levels if lo <= v <= hi]
    # The colorbar would otherwise tick the 21 fill boundaries (0.15, 0.45, ...), or
    # label nothing at all on a log scale; round numbers read better.
    if scale.log and len(drawn) >= 2:
        colorbar.set_ticks(drawn, labels=[format_level(v) for v in drawn])
        colorbar.ax.minorticks_off()
    elif not scale.log:
        colorbar.locator = ticker.MaxNLocator(nbins=6)
        colorbar.update_ticks()
    if lines is not None:
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
    face = (0.55, 0.55, 0.55, 0.35)  # INFEASIBLE_FILL once on white
    with plt.rc_context({"hatch.color": "0.35", "hatch.linewidth": 0.8}):
        # The boundary runs close to the feasible points (level 0.02, not half-way), so
        # the hatching meets the filled map, whose masked cells stop at those points.
        ax.contourf(X, Y, mask.astype(float), levels=[0.02, 1.5], colors=[face], hatches=["///"])
    return Patch(facecolor=face, edgecolor="0.35", hatch="///", label=INFEASIBLE_LABEL)
