"""Line plots: metrics against a swept parameter or against a metric.

What each reads:
  x_kind parameter   summary.csv: a curve's point at each x is one combination's mean over
                     its ok repetitions, its error bar the combination's standard deviation
                     (none where the std is empty: a single value); the swept parameters
                     the plot does not name fill its free panels, then series slot (one
                     left over is an error: never held silently at one value);
  x_kind metric      summary.csv: every combination is a point (mean x, mean y) with error
                     bars in both directions, whatever its other parameters;
    with bins        results.csv: every ok run is a sample of its own (its x differs between
                     repetitions), pooled into bins of equal counts.
results.csv also counts the failed runs for the subtitle.
"""

import math
import os

import numpy as np
from matplotlib.lines import Line2D

from .context import FACE_PREFIX, metric_column, require_parameter
from .contour import infeasible_metric_column
from .errors import PlotError, label
from .levels import infeasible_mask
from .panels import bottom_axes, left_axes, mark_empty, panel_figure, put_titles, split_panels, top_right_axes
from .points import (binned_curves, clipped_bars, metric_curves, series_grid, spread_note, spreads,
                     stacked_grid, statistic)
from .selection import facet_unshown, failed_rows, plotted_points, selection_notes
from .style import (can_log, can_log_numbers, declared_parameter, integer_colorbar, log_scale, metric_label, metric_text,
                    parameter_label, parameter_value, positions, series_colors,
                    style_axis, subtitle, with_unit, PAPER_KINDS, PAPER_LABELS, category_text, paper_kind, paper_style)
from .values import RELATIVE_TOLERANCE, has_values, index_of, same_value

# How each face is drawn when both exist: the model as a thin dashed line, the
# simulation as markers over it, so that agreement reads as markers sitting on the line.
BOTH_FACES_STYLE = {
    "predicted": dict(linestyle="--", linewidth=1.0, marker=None, zorder=2),
    "simulated": dict(linestyle="none", marker="o", markersize=4.5, zorder=3),
}
ONE_FACE_STYLE = dict(linestyle="-", linewidth=1.3, marker="o", markersize=4, zorder=2)
# Over categories nothing joins the points: the model a short bar, the simulation a marker.
CATEGORY_BOTH_FACES_STYLE = {
    "predicted": dict(linestyle="none", marker="_", markersize=11, markeredgewidth=1.6, zorder=2),
    "simulated": dict(linestyle="none", marker="o", markersize=4.5, zorder=3),
}
CATEGORY_ONE_FACE_STYLE = dict(linestyle="none", marker="o", markersize=4.5, zorder=2)
# Metric-x curves join many points, often close together: thin lines, small markers.
METRIC_X_ONE_FACE_STYLE = dict(linestyle="-", linewidth=0.8, marker="o", markersize=3.2, zorder=2)
METRIC_X_BOTH_FACES_STYLE = {
    "predicted": dict(linestyle="--", linewidth=0.9, marker=None, zorder=2),
    "simulated": dict(linestyle="none", marker="o", markersize=3.5, zorder=3),
}


def draw_line(ctx, spec, index):
    # series: metrics overlays every y metric in one panel (schedulers raced on the same points).
    overlay = spec.series == "metrics"
    series = None if overlay else (require_parameter(ctx, spec, index, "series") if spec.series else None)
    panels = require_parameter(ctx, spec, index, "panels") if spec.panels else None
    metrics = list(spec.y)
    by_parameter = spec.x_kind == "parameter"

    xs = px = categorical = None
    facet_notes = []
    if by_parameter:
        x = require_parameter(ctx, spec, index, "x")
        if panels == x:
            raise PlotError(f"{label(spec, index)}: panels must differ from x ({x})")
        faces = faces_to_draw(ctx, spec, index, metrics)
        # A swept parameter the plot does not name is drawn as panels, then as series: never held silently.
        slots = [("panels", panels)] + ([] if overlay else [("series", series)])
        filled, facet_notes = facet_unshown(ctx, spec, index, {x} | {name for name in (series, panels) if name}, slots)
        panels, series = filled["panels"], filled.get("series", series)
        shown = {x} | {name for name in (series, panels) if name}
        rows, notes, failed = plotted_points(ctx, spec, index, shown)
        notes = facet_notes + notes
        xs = ctx.values_of(x, rows)
        if not xs:
            raise PlotError(f"{label(spec, index)}: the ok rows have no values of {x}")
        px, categorical = positions(xs)
    else:
        x = spec.x
        faces = faces_to_draw(ctx, spec, index, metrics + [x])
        # With bins every run is a sample of its own: results.csv; else summary.csv's points.
        rows = ctx.ok_rows if spec.bins else ctx.ok_points
        failed = len(failed_rows(ctx))
        notes = selection_notes(ctx.selection)
        pooled = varying_parameters(ctx, rows, exclude={series, panels})
        if spec.bins:
            notes.append(f"every run on its own, in {spec.bins} bins of {x} (equal counts)")
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
    spread = None
    crossing_note = None
    paper_kinds = set()  # the kinds of the paper's values drawn (style.PAPER_KINDS)
    # Infeasible points (E = 0 where no schedule exists) are left out: a curve dropping to a placeholder 0 would
    # read as a value.
    infeasible_column = infeasible_metric_column(ctx, spec, index) if spec.infeasible and by_parameter else None
    infeasible_note = False
    unjoined_note = False
    metric_xs = []  # every x drawn, to choose the scale of a metric axis
    for block, metric in zip(grid, blocks):
        shown_here = set()
        for ax, value, subset in zip(block, panel_values, panel_rows):
            if by_parameter:
                if overlay:
                    grids = {f: stacked_grid(subset, x, xs, [FACE_PREFIX[f] + m for m in metric]) for f in faces}
                else:
                    grids = {f: series_grid(subset, series, ss, x, xs, FACE_PREFIX[f] + metric) for f in faces}
                if infeasible_column:
                    grids, masked = mask_infeasible(grids, subset, series, ss, x, xs, infeasible_column, overlay)
                    infeasible_note = infeasible_note or masked
                shown = draw_curves(ax, px, grids, colors, categorical)
                spread = spread or spread_note(grid.std for grid in grids.values())
                if not overlay:
                    offsets = [series_offset(i, len(ss), categorical) for i in range(len(ss))]
                    paper_kinds |= draw_paper(spec, ax, x, xs, px, offsets, metric, series, ss, colors, panels, value,
                                              subset)
            else:
                curves = {f: face_curves(ctx, spec, subset, f, metric, overlay, series, ss) for f in faces}
                shown, unjoined = draw_metric_curves(ax, curves, colors)
                unjoined_note = unjoined_note or unjoined
                if not overlay:
                    paper_kinds |= draw_paper_at_metric_x(spec, ax, FACE_PREFIX[faces[-1]] + spec.x, metric, series,
                                                          ss, colors, subset)
                spread = spread or spread_note(np.array([[p.x_std, p.y_std] for p in curve], dtype=float)
                                               for c in curves.values() for curve in c if curve)
                metric_xs += [p.x for c in curves.values() for curve in c for p in curve]
            if not overlay:
                marked = mark_crossings(ctx, ax, x, metric, faces, series, ss, colors, panels, value)
                crossing_note = crossing_note or marked
            if panels:
                ax.set_title(parameter_value(ctx, panels, value), fontsize=9)
                if not shown:
                    mark_empty(ax)
            shown_here |= shown
        if not shown_here:
            raise PlotError(f"{label(spec, index)}: no ok row has a value of {missing_columns(spec, faces, metric)}")
        drawn |= shown_here
        # The values a block's axes show, so that a log axis within a few decades is ticked in plain numbers.
        block_ys = [float(v) for ax in block for line in ax.get_lines() for v in np.asarray(line.get_ydata(), float)]
        for ax in block:
            if spec.log_y:
                log_scale(ax, "y", block_ys)
            ax.grid(True, which="major", color="0.9", linewidth=0.6)
            ax.set_axisbelow(True)
        for ax in left_axes(block):
            ax.set_ylabel(overlay_label(ctx, metric) if overlay else metric_label(ctx, metric))
    all_axes = [ax for block in grid for ax in block]
    if by_parameter:
        log_x = spec.log_x and not categorical and can_log(xs, f"x ({x})", spec, index)
        for ax in all_axes:
            style_axis(ax, "x", xs, log_x, categorical)
        x_text = parameter_label(ctx, x)
    else:
        if spec.log_x and can_log_numbers(metric_xs, f"x ({x})", spec, index):
            for ax in all_axes:
                log_scale(ax, "x", metric_xs)
        x_text = metric_label(ctx, x)
    for ax in bottom_axes(grid):
        ax.set_xlabel(x_text)
    x_title = declared_parameter(ctx, x)[0] if by_parameter else metric_text(ctx, x)

    if key is not None:
        integer_colorbar(holder.colorbar(key, ax=all_axes, label=parameter_label(ctx, series)), ss, key)
    else:
        legend_title = "metric" if overlay else parameter_label(ctx, series) if series else None
        # Overlaid metrics read by their declared labels ('turnaround, merita'), not their column names.
        names = [metric_text(ctx, m) for m in ss] if overlay else ss
        handles = legend_handles(legend_title, names, colors, sorted(drawn), faces,
                                 face_styles(len(faces), bool(by_parameter and categorical) or unjoined_note),
                                 joined=not (by_parameter and categorical) and not unjoined_note)
        handles += [Line2D([], [], **paper_style(k), markeredgecolor="0.3", label=PAPER_LABELS[k])
                    for k in PAPER_KINDS if k in paper_kinds]
        if handles:
            # Outside on the right: curves can be anywhere inside.
            top_right_axes(grid).legend(handles=handles, title=legend_title, loc="upper left",
                                        bbox_to_anchor=(1.02, 1.0), fontsize=8, title_fontsize=8)
    if len(faces) > 1:
        bars = (by_parameter and categorical) or unjoined_note
        face_text = f"predicted ({'bars' if bars else 'dashed'}) and simulated (markers)"
    else:
        face_text = spec.face
    if spread:
        notes = notes + [spread]
    if crossing_note:
        notes = notes + [crossing_note]
    if infeasible_note:
        notes = notes + [f"infeasible points ({spec.infeasible} = 0) left out"]
    if unjoined_note:
        notes = notes + ["points sharing an x not joined"]
    main = spec.title or f"{', '.join(metric_text(ctx, m) for m in metrics)} against {x_title}"
    put_titles(fig, holder, grid, main, subtitle(ctx, face_text, notes, failed), panels)
    return fig


def face_curves(ctx, spec, subset, face, metric, overlay, series, series_values):
    """The curves of one face in a panel against a metric: one per series value, or with
    overlay one per y metric (`metric` is then the list of them)."""
    x_column = FACE_PREFIX[face] + spec.x

    def curves(y_column, series, series_values):
        if spec.bins:
            return binned_curves(subset, x_column, y_column, series, series_values, spec.bins)
        return metric_curves(subset, x_column, y_column, ctx.parameters, series, series_values)

    if overlay:
        return [curves(FACE_PREFIX[face] + m, None, None)[0] for m in metric]
    return curves(FACE_PREFIX[face] + metric, series, series_values)


def missing_columns(spec, faces, metric):
    """The columns of a block of panels that had nothing to draw, for its error."""
    if spec.series == "metrics":
        return " or ".join(FACE_PREFIX[f] + m for f in faces for m in metric)
    if spec.x_kind == "parameter":
        return " or ".join(FACE_PREFIX[f] + metric for f in faces)
    return " or ".join(f"{FACE_PREFIX[f] + spec.x} and {FACE_PREFIX[f] + metric}" for f in faces)


def draw_metric_curves(ax, curves, colors):
    """One curve per series and face, through the points sorted by x; returns the
    indices of the series that had points, and whether a curve was left unjoined: one
    with several points at one x (configurations of equal processor counts) is drawn as
    markers alone, since a line through it would zigzag up and down that x."""
    shown, unjoined = set(), False
    for f, by_series in curves.items():
        style = METRIC_X_BOTH_FACES_STYLE[f] if len(curves) > 1 else METRIC_X_ONE_FACE_STYLE
        for i, (points, color) in enumerate(zip(by_series, colors)):
            if not points:
                continue
            shown.add(i)
            x = np.array([p.x for p in points])
            y = np.array([p.y for p in points])
            x_std, y_std = spreads(points)
            shared = len(x) > 1 and bool((np.abs(np.diff(x)) <= RELATIVE_TOLERANCE * np.abs(x[1:])).any())
            unjoined = unjoined or shared
            # Unjoined, a face drawn as a line alone (the predicted one) takes its marker over categories, a bar.
            unjoined_style = dict(style, linestyle="none") if style.get("marker") else CATEGORY_BOTH_FACES_STYLE[f]
            ax.errorbar(x, y, yerr=y_std, xerr=x_std, color=color, capsize=1.5, elinewidth=0.6,
                        **unjoined_style if shared else style)
    return shown, unjoined


def draw_paper_at_metric_x(spec, ax, x_column, metric, series, series_values, colors, points):
    """The paper's values of a metric on a plot against another metric: each at the x its
    point has (that point's mean of the x metric, for the face drawn), as hollow diamonds in
    their series' colour; the kinds drawn."""
    kinds = set()
    for p in spec.paper:
        if p["metric"] != metric:
            continue
        at = dict(p["at"])
        k = 0
        if series:
            k = index_of(series_values, at.get(series, ""))
            if k is None:
                continue
        match = [pt for pt in points if has_values(pt, at)]
        xs = [x for x in statistic(match, x_column, "mean") if math.isfinite(x)] if match else []
        if not xs:
            continue
        ax.plot([xs[0]], [float(p["value"])], color=colors[k], markeredgecolor=colors[k], **paper_style(paper_kind(p)))
        kinds.add(paper_kind(p))
    return kinds


def draw_curves(ax, px, grids, colors, categorical=False):
    """One curve per series and face; returns the indices of the series that had data.
    Over categories the points are not joined (there is nothing between two categories), and
    the series sit side by side within each category so that their error bars stay apart."""
    shown = set()
    styles = face_styles(len(grids), categorical)
    for f, grid in grids.items():
        for i, color in enumerate(colors):
            mean = grid.mean[i]
            if not np.isfinite(mean).any():
                continue
            shown.add(i)
            dodge = series_offset(i, len(colors), categorical)
            # Error bars where summary.csv has a standard deviation (none for a single value).
            ax.errorbar(px + dodge, mean, yerr=clipped_bars(mean, grid.std[i], grid.mean), color=color, capsize=2,
                        elinewidth=0.8, **styles[f])
    return shown


def draw_paper(spec, ax, x, xs, px, offsets, metric, series, series_values, colors, panels, panel_value, points):
    """The paper's values of a metric (the experiment's references) as hollow diamonds in their
    series' colour, at their x, where their point is one of this panel's; the kinds drawn."""
    kinds = set()
    for p in spec.paper:
        at = dict(p["at"])
        if p["metric"] != metric or x not in at:
            continue
        if panels and not same_value(at.get(panels, ""), panel_value):
            continue
        k = 0
        if series:
            k = index_of(series_values, at.get(series, ""))
            if k is None:
                continue
        others = {n: v for n, v in at.items() if n not in (x, series, panels)}
        if others and not any(has_values(pt, others) for pt in points):
            continue  # a point of another slice of the sweep
        where = index_of(xs, at[x])
        if where is None:
            continue
        if spec.infeasible and float(p["value"]) == 0:
            continue  # the paper's own infeasible point (E = 0): left out as the curves leave theirs out
        ax.plot([px[where] + offsets[k]], [float(p["value"])], color=colors[k], markeredgecolor=colors[k],
                **paper_style(paper_kind(p)))
        kinds.add(paper_kind(p))
    return kinds


def mark_crossings(ctx, ax, x, metric, faces, series, series_values, colors, panels, panel_value):
    """Where crossings.csv says the metric reaches a level along x, a cross on the curve of its
    group (series value, panel value), at (x found, level); the subtitle's note when any is drawn."""
    table = ctx.crossings
    if table is None:
        return None
    drawn = []
    for r in table.rows:
        if r["metric"] != metric or r["along"] != x:
            continue
        group = dict(part.split("=", 1) for part in r["group"].split(", ") if "=" in part)
        if panels and panels in group and not same_value(group[panels], panel_value):
            continue
        k = 0
        if series:
            if series not in group:
                continue
            k = index_of(series_values, group[series])
            if k is None:
                continue
        for f in faces:
            found = r.get(FACE_PREFIX[f] + "x", "")
            if found.strip():
                ax.plot([float(found)], [float(r["level"])], marker="X", markersize=7, markeredgecolor="black",
                        markeredgewidth=0.6, color=colors[k], linestyle="none", zorder=6)
                drawn.append(r["level"])
    if not drawn:
        return None
    levels = ", ".join(sorted(set(drawn), key=float))
    return f"✕: where {metric_text(ctx, metric)} reaches {levels} (crossings.csv)"


def mask_infeasible(grids, points, series, series_values, x, xs, column, overlay):
    """The grids with their infeasible cells (mean of `column` 0) made empty, and whether
    any was."""
    feasible = series_grid(points, None if overlay else series, series_values, x, xs, column).mean
    mask = infeasible_mask(feasible)
    if not mask.any():
        return grids, False
    out = {}
    for f, grid in grids.items():
        mean, std = grid.mean.copy(), grid.std.copy()
        full = np.broadcast_to(mask, mean.shape) if mask.shape[0] == 1 else mask
        mean[full], std[full] = np.nan, np.nan
        out[f] = grid._replace(mean=mean, std=std)
    return out, True


def series_offset(i, n, categorical):
    """Where series i of n sits within a category: side by side, so that error bars stay apart;
    0 over numbers."""
    if not categorical or n < 2:
        return 0.0
    return (i / (n - 1) - 0.5) * min(0.6, 0.15 * n)


def face_styles(faces, categorical):
    """How each face is drawn: joined by lines over numbers, as markers alone over categories."""
    if not categorical:
        return BOTH_FACES_STYLE if faces > 1 else {f: ONE_FACE_STYLE for f in FACE_PREFIX}
    if faces > 1:
        return CATEGORY_BOTH_FACES_STYLE
    return {f: CATEGORY_ONE_FACE_STYLE for f in FACE_PREFIX}


def faces_to_draw(ctx, spec, index, metrics):
    """Both faces when results.csv has both columns of every metric, else the plot's face
    (whose columns must exist)."""
    for m in metrics:
        metric_column(ctx, spec, index, m, spec.face)  # checks the name, raises if missing
    if all(ctx.has("pred_" + m) and ctx.has("sim_" + m) for m in metrics):
        return ["predicted", "simulated"]
    return [spec.face]


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


def overlay_label(ctx, metrics):
    """The axis label of metrics drawn together: what their labels (or, without labels,
    their names) have in common, whole words only and without a dangling 'of', with the
    first one's unit ('time of sa', 'time of dp' -> 'time (s)'; time_sa, time_dp -> time)."""
    texts = [metric_text(ctx, m) for m in metrics]
    if len(metrics) == 1:
        return with_unit(texts[0], ctx.units.get(metrics[0], ""))

    def shared(names):
        words = os.path.commonprefix([t.replace("_", " ").split() for t in names])
        while words and words[-1] in ("of", "by", "for", "on", "in", "with", "the"):
            words = words[:-1]
        return " ".join(words).rstrip(",;:-– ")

    # The labels' shared words, else the names' ('optimum time' and 'time of sa' share none; time_optimum and
    # time_sa share 'time').
    stem = shared(texts) or shared(list(metrics)) or texts[0]
    return with_unit(stem, ctx.units.get(metrics[0], ""))


def legend_handles(series, series_values, colors, drawn, faces, styles=BOTH_FACES_STYLE, joined=True):
    """The legend: a marker per series value (with a line through it where the curves are
    joined), then, with both faces, the key to their styles."""
    handles = []
    if series:
        for i in drawn:
            handles.append(Line2D([], [], color=colors[i], marker="o", markersize=4, linestyle="-" if joined else "none",
                                  label=category_text(series_values[i])))
    if len(faces) > 1:
        if handles:
            handles.append(Line2D([], [], linestyle="none", label=" "))  # a gap before the key to line styles
        handles.append(Line2D([], [], color="0.3", **styles["predicted"], label="predicted"))
        handles.append(Line2D([], [], color="0.3", **styles["simulated"], label="simulated"))
    return handles
