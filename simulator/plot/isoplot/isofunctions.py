"""Isoefficiency functions, W(p): the size at which each traced line holds its metric at
level k, against the scale, on log-log axes (Grama, Gupta & Kumar's W = f(p); Drozdowski &
Wielebski's f(k, m)).

What it reads:
  isoefficiency.csv       each line's crossing per scale value (on_line: the first, or the
                          one from which the level holds): found (a filled
                          marker) or passed at a step (hollow); the simulated face as
                          markers, the predicted one as a dashed line, as line plots draw
                          both faces;
  isoefficiency-laws.csv  the growth law fitted to each line (a dotted curve, its growth in
                          the legend), where a line reaches its level at 3 or more scale
                          values; a law that fits poorly (its note says so) is named in the
                          legend as such and not drawn.
A straight line on these axes is a power law; its slope is the exponent of p.
"""

import os
import re

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import ticker
from matplotlib.lines import Line2D

from .errors import PlotError, label
from .levels import format_level
from .results import read_table
from .selection import matches_any
from .style import metric_text, parameter_label, series_colors, style_axis, subtitle, titles

FACES = ("predicted", "simulated")


def load_laws(folder):
    """isoefficiency-laws.csv, or None without one (no line had enough points for a law)."""
    path = os.path.join(folder, "isoefficiency-laws.csv")
    return read_table(path, "") if os.path.exists(path) else None


def percent(value):
    """A SMAPE for the legend: whole numbers from 10 % up (150, not 1.5e+02), two digits below (7.7, 2.3e-09)."""
    return f"{value:.0f}" if value >= 10 else f"{value:.2g}"


def law_values(law, scale, xs):
    """A fitted law evaluated at xs: its terms ("1;m * log2(m)") times its coefficients."""
    terms = law["terms"].split(";")
    coefficients = [float(c) for c in law["coefficients"].split(";")]
    total = np.zeros_like(xs)
    for term, c in zip(terms, coefficients):
        # Only what growth_law.cpp writes: the scale's name, powers ^(a/b) and log2(), products.
        expression = re.sub(rf"\b{re.escape(scale)}\b", "x", term).replace("^", "**")
        with np.errstate(all="ignore"):
            total = total + c * eval(expression, {"__builtins__": {}}, {"x": xs, "log2": np.log2})  # noqa: S307
    return total


def draw_isoefficiency(ctx, spec, index):
    table = ctx.isoefficiency
    if table is None:
        raise PlotError(f"{label(spec, index)}: the folder has no isoefficiency.csv; the run traced no lines yet")
    scale, size, metric = spec.x, spec.y, spec.z
    header = table.header
    if scale not in header or size not in header:
        raise PlotError(f"{label(spec, index)}: isoefficiency.csv has no column {scale} or {size}")
    others = [g for g in header[2 : header.index("face")] if g != scale]
    selection = [(name, wanted) for name, wanted in ctx.selection if name in others]

    def kept(r):
        return r["metric"] == metric and all(matches_any(r[n], w) for n, w in selection)

    rows = [r for r in table.rows if kept(r)]
    points = [r for r in rows if r["on_line"] == "yes" and r["status"] in ("found", "step")]
    if not points:
        raise PlotError(f"{label(spec, index)}: no traced line of {metric} reaches its level anywhere in its range")
    groups = list(dict.fromkeys(tuple(r[g] for g in others) for r in points))
    levels = sorted({float(r["level"]) for r in points})
    faces = [f for f in FACES if any(r["face"] == f for r in points)]
    laws = load_laws(ctx.folder) if getattr(ctx, "folder", None) else None
    law_rows = [r for r in laws.rows if kept(r)] if laws else []

    keys = [(k, g) for k in levels for g in groups]
    colors, _ = series_colors([str(k) for k in keys]) if len(keys) <= 10 else (plt.get_cmap("viridis")(
        np.linspace(0, 0.9, len(keys))), None)
    fig, ax = plt.subplots(figsize=(7.2, 4.8), constrained_layout=True)
    handles, xs_all, unreached = [], [], []
    any_step = any(r["status"] == "step" for r in points)
    any_law = False
    for (level, group), color in zip(keys, colors):
        mine = [r for r in points if float(r["level"]) == level and tuple(r[g] for g in others) == group]
        if not mine:
            unreached.append(format_level(level))
            continue
        name = f"k = {format_level(level)}" + "".join(f", {g} = {v}" for g, v in zip(others, group))
        for face in faces:
            pts = sorted((float(r[scale]), float(r[size]), r["status"]) for r in mine if r["face"] == face)
            if not pts:
                continue
            xs_all += [p[0] for p in pts]
            if face == "predicted" and len(faces) > 1:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle="--", linewidth=1.0, color=color,
                        zorder=2)
                continue
            if len(faces) == 1:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle="-", linewidth=1.0, color=color, zorder=2)
            for status, fill in (("found", color), ("step", "white")):
                chosen = [(s, w) for s, w, st in pts if st == status]
                if chosen:
                    ax.plot(*zip(*chosen), linestyle="none", marker="o", markersize=4.5, color=color,
                            markerfacecolor=fill, markeredgewidth=1.0, zorder=3)
        # The law of the face drawn as markers (the simulated one when the run has both).
        face = faces[-1]
        law = next((r for r in law_rows if float(r["level"]) == level and r["face"] == face
                    and tuple(r[g] for g in others) == group and r["law"]), None)
        text = name
        if law and law["note"]:  # fits poorly: a curve would mislead
            text += f": no law fits (best SMAPE {percent(float(law['smape_percent']))} %)"
        elif law:
            xs = np.array(sorted(float(r[scale]) for r in mine if r["face"] == face))
            dense = np.geomspace(xs.min(), xs.max(), 200)
            values = law_values(law, scale, dense)
            values[values <= 0] = np.nan  # not on a log axis
            ax.plot(dense, values, linestyle=":", linewidth=1.4, color=color, zorder=1)
            text += f": {size} ~ {law['growth']} (SMAPE {percent(float(law['smape_percent']))} %)"
            any_law = True
        else:
            text += f": no law ({len(mine) // len(faces)} value(s) of {scale})"
        handles.append(Line2D([], [], color=color, marker="o", linestyle="-", label=text))

    ax.set_xscale("log")
    ax.set_yscale("log")
    xs_distinct = sorted(set(xs_all))
    style_axis(ax, "x", [f"{x:g}" for x in xs_distinct], True, False)
    if len(xs_distinct) <= 12:  # every scale value traced, labelled (m = 2, 4, ..., 1024), not just 10 and 100
        ax.xaxis.set_major_locator(ticker.FixedLocator(xs_distinct))
        ax.xaxis.set_major_formatter(ticker.FormatStrFormatter("%g"))
        ax.xaxis.set_minor_formatter(ticker.NullFormatter())
    ax.set_xlabel(parameter_label(ctx, scale))
    ax.set_ylabel(f"{parameter_label(ctx, size)} holding {metric_text(ctx, metric)} at k")
    ax.grid(True, which="major", color="0.9", linewidth=0.6)
    ax.set_axisbelow(True)
    styles = []
    if len(faces) > 1:
        styles += [Line2D([], [], color="0.3", linestyle="--", label="predicted"),
                   Line2D([], [], color="0.3", marker="o", linestyle="none", label="simulated")]
    if any_step:
        styles.append(Line2D([], [], color="0.3", marker="o", markerfacecolor="white", linestyle="none",
                             label="k passed at a step"))
    if any_law:
        styles.append(Line2D([], [], color="0.3", linestyle=":", linewidth=1.4, label="fitted growth law"))
    ax.legend(handles=handles + styles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=7.5)
    notes = []
    if unreached:
        notes.append(f"k = {', '.join(dict.fromkeys(unreached))} reached nowhere in range")
    # A face with no line because it holds every level over the whole range (a steady-state model with no size in
    # it) is said, not left out silently.
    for face in FACES:
        mine = [r for r in rows if r["face"] == face]
        if mine and face not in faces and all(r["status"] == "always-above" for r in mine):
            notes.append(f"{face}: at or above every k over the whole range of {size}")
    face_text = "predicted (dashed) and simulated (markers)" if len(faces) > 1 else faces[0]
    main = spec.title or ctx.title or f"isoefficiency functions of {metric}"
    titles(fig, ax, main, subtitle(ctx, face_text, notes, 0))
    return fig
