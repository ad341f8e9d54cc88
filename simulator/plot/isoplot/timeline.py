"""Timeline plots: what one simulated point recorded over time, from the results folder's
timelines/point-N.csv (a tidy table the run writes for the points a timeline plot names:
kind, group, resource, state, label, start_s, end_s, value).

A panel per group (a MerITA stream's strategies, in the spec's `groups` order or as
recorded), a row per resource of its intervals (an application), each interval a bar from
its start to its end: a run coloured by its label (the cluster it ran on), a wait hatched in
the colour of where it waited, a killed run crossed, a move in black.  Under each panel, the
group's levels (a batch queue's length) as steps, a line per resource.  Time in hours when
the timeline spans more than two hours, else in seconds.
"""

import csv
import os
import re

import matplotlib.pyplot as plt
from matplotlib.patches import Patch

from .errors import PlotError, label
from .style import titles

WAITS = ("wait", "queue wait")
COMPUTE = "compute"  # the state whose share of rows the utilisation curve under a group's panel follows
PLACED = ("run", "killed") + WAITS  # coloured by where: their label


def read_timeline(ctx, spec, index):
    path = os.path.join(ctx.folder or ".", "timelines", f"point-{spec.point}.csv")
    try:
        return read_table(path)
    except OSError as e:
        raise PlotError(f"{label(spec, index)}: cannot read {path} ({e.strerror}): the run writes it for the point "
                        f"a timeline plot names; run it again with --force, or with --resume once the point is "
                        f"computed again")
    except ValueError as e:
        raise PlotError(f"{label(spec, index)}: {e}")


def read_table(path):
    """The rows of a timeline table, their times as start_s and end_s whatever their unit, and whether the times
    are seconds (start_s, end_s) rather than a model's normalised units (start, end)."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    seconds = not rows or "start_s" in rows[0]
    needed = {"kind", "group", "resource", "state", "label", "value"} | (
        {"start_s", "end_s"} if seconds else {"start", "end"})
    if rows and not needed <= set(rows[0]):
        raise ValueError(f"{path} lacks the columns {', '.join(sorted(needed - set(rows[0])))}")
    for r in rows:
        r["start_s"], r["end_s"] = (float(r["start_s"]), float(r["end_s"])) if seconds else (float(r["start"]),
                                                                                           float(r["end"]))
        r["value"] = float(r["value"])
    return rows, seconds


def natural(text):
    """'run 2' before 'run 10'."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text)]


def utilisation(computing):
    """The share (%) of the rows that ever compute that are computing, as steps: (times, shares, rows)."""
    rows = {r["resource"] for r in computing}
    changes = sorted([(r["start_s"], 1) for r in computing] + [(r["end_s"], -1) for r in computing])
    xs, ys, active = [0.0], [0.0], 0
    for time, change in changes:
        active += change
        if xs[-1] == time:
            ys[-1] = 100.0 * active / len(rows)
        else:
            xs.append(time)
            ys.append(100.0 * active / len(rows))
    return xs, ys, len(rows)


def point_note(ctx, point):
    """The swept parameters and repetition of the point drawn, as results.csv has them."""
    for r in ctx.rows:
        if str(r.get("index")) == str(point):
            parts = [f"{ctx.parameter_labels.get(a) or a} = {r[a]}" for a in ctx.axis_order if a in r]
            parts.append(f"repetition {r.get('repetition', '?')}")
            return f"point {point}: " + ", ".join(parts)
    return f"point {point}"


def draw_timeline(ctx, spec, index):
    rows, seconds = read_timeline(ctx, spec, index)
    try:
        return draw_rows(rows, seconds, list(spec.groups), spec.title or ctx.title, point_note(ctx, spec.point),
                         spec.point)
    except ValueError as e:
        raise PlotError(f"{label(spec, index)}: {e}")


def draw_rows(rows, seconds, groups, title, note, point):
    """The figure of a timeline's rows (read_table), the groups drawn in this order (empty: every group recorded).
    Raises ValueError when a group is missing or nothing is recorded."""
    recorded = list(dict.fromkeys(r["group"] for r in rows))
    groups = groups or recorded
    missing = [g for g in groups if g not in recorded]
    if missing:
        raise ValueError(f"no group {', '.join(missing)} in the timeline of point {point}; "
                         f"it has {', '.join(recorded) or 'none'}")
    if not rows:
        raise ValueError(f"the timeline of point {point} is empty")
    rows = [r for r in rows if r["group"] in groups]
    end = max(max(r["end_s"], r["start_s"]) for r in rows if r["kind"] == "interval")
    hours = seconds and end > 7200
    scale = 3600.0 if hours else 1.0
    # A run (where it ran), and a wait or a killed run, are coloured by their label (a cluster); every other state
    # (a send, a computation) by the state itself.
    placed = [r for r in rows if r["kind"] == "interval" and r["state"] in PLACED and r["label"]]
    labels = sorted({r["label"] for r in placed}, key=natural)
    cmap = plt.get_cmap("tab10")
    color = {name: cmap(k % 10) for k, name in enumerate(labels)}
    others = list(dict.fromkeys(r["state"] for r in rows if r["kind"] == "interval"
                                and r["state"] not in PLACED and r["state"] != "move"))
    palette = plt.get_cmap("Dark2")
    state_color = {state: palette(k % 8) for k, state in enumerate(others)}

    layout = []
    for g in groups:
        resources = sorted({r["resource"] for r in rows if r["group"] == g and r["kind"] == "interval"}, key=natural)
        levels = [r for r in rows if r["group"] == g and r["kind"] == "level"]
        computing = [r for r in rows if r["group"] == g and r["kind"] == "interval" and r["state"] == COMPUTE]
        layout.append((g, resources, levels, computing))
    heights = []
    for _, resources, levels, computing in layout:
        heights.append(max(1.0, 0.2 * len(resources)))
        heights += [1.1] * (bool(levels) + bool(computing))
    total = sum(heights) + 1.4
    fig, axes = plt.subplots(len(heights), 1, figsize=(8.5, total), sharex=True,
                             gridspec_kw={"height_ratios": heights, "hspace": 0.5 * len(heights) / sum(heights)},
                             squeeze=False)  # half an inch between panels, whatever their heights
    fig.subplots_adjust(top=1 - 0.8 / total)  # room for the title above the first panel's subtitle
    axes = list(axes[:, 0])
    k = 0
    for g, resources, levels, computing in layout:
        ax = axes[k]
        k += 1
        position = {name: i for i, name in enumerate(resources)}
        for r in rows:
            if r["group"] != g or r["kind"] != "interval":
                continue
            y = position[r["resource"]]
            start, width = r["start_s"] / scale, (r["end_s"] - r["start_s"]) / scale
            c = color.get(r["label"], "0.5") if r["state"] in PLACED else state_color.get(r["state"], "black")
            if r["state"] in WAITS:
                ax.barh(y, width, left=start, height=0.6, color=c, alpha=0.25, hatch="////", edgecolor=c,
                        linewidth=0)
            elif r["state"] == "move":
                ax.barh(y, max(width, end / scale / 400), left=start, height=0.9, color="black")
            elif r["state"] == "killed":
                ax.barh(y, width, left=start, height=0.6, color=c, hatch="xx", edgecolor="black", linewidth=0.3)
            else:
                ax.barh(y, width, left=start, height=0.6, color=c)
        ax.set_yticks(range(len(resources)))
        ax.set_yticklabels(resources, fontsize=6.5)
        ax.set_ylim(len(resources) - 0.4, -0.6)
        ax.set_ylabel(g, fontsize=9)
        ax.grid(True, axis="x", color="0.9", linewidth=0.6)
        ax.set_axisbelow(True)
        if levels:
            lax = axes[k]
            k += 1
            for resource in sorted({r["resource"] for r in levels}, key=natural):
                points = [r for r in levels if r["resource"] == resource and r["start_s"] <= end]
                xs = [r["start_s"] / scale for r in points] + [end / scale]
                ys = [r["value"] for r in points] + [points[-1]["value"]]
                lax.step(xs, ys, where="post", linewidth=0.9, label=resource, color=color.get(resource, None))
            quantity = sorted({r["state"] for r in levels})
            lax.set_ylabel(f"{g}:\n" + ", ".join(quantity), fontsize=7.5)
            lax.set_ylim(bottom=0)
            lax.grid(True, color="0.9", linewidth=0.6)
            lax.legend(fontsize=6.5, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
        if computing:
            uax = axes[k]
            k += 1
            xs, ys, n = utilisation(computing)
            uax.step([x / scale for x in xs], ys, where="post", linewidth=0.9, color=state_color[COMPUTE])
            uax.set_ylabel(f"{g}: % of its {n}\nrows computing", fontsize=7.5)
            uax.set_ylim(0, 105)
            uax.grid(True, color="0.9", linewidth=0.6)
    axes[-1].set_xlabel("time (h)" if hours else "time (s)" if seconds else "time (the model's normalised units)")
    axes[-1].set_xlim(0, end / scale * 1.01)
    states = {r["state"] for r in rows if r["kind"] == "interval"}
    handles = [Patch(color=color[name], label=f"ran on {name}") for name in labels
               if any(r["label"] == name and r["state"] in ("run", "killed") for r in rows)]
    handles += [Patch(color=state_color[state], label=state) for state in others]
    if states & set(WAITS):
        handles.append(Patch(facecolor="white", hatch="////", edgecolor="0.4", label="waiting (its cluster's colour)"))
    if "killed" in states:
        handles.append(Patch(facecolor="white", hatch="xx", edgecolor="black", label="killed at its requested time"))
    if "move" in states:
        handles.append(Patch(color="black", label="stopped: checkpoint, restart"))
    axes[0].legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    titles(fig, axes[0], title, note)
    return fig
