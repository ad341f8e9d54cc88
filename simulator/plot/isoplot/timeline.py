"""Timeline plots: what simulated points recorded over time, from the results folder's
timelines/point-N.csv (a tidy table the run writes for the points a timeline plot names:
kind, group, resource, state, label, start_s, end_s, value).

A panel per group (a MerITA stream's strategies, in the spec's `groups` order or as
recorded), a row per resource of its intervals (an application), each interval a bar from
its start to its end: a run coloured by its label (the cluster it ran on), a wait hatched in
the colour of where it waited, a killed run crossed, a move in black, any other state in its
own colour, the same in every model's figure.  Under each panel, the group's levels (a batch
queue's length) as steps, a line per resource.  Several points are drawn one above the other
on one time axis, each panel named by what sets its point apart.  Time in hours when the
timeline spans more than two hours, else in seconds.
"""

import csv
import math
import os
import re

import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from .errors import PlotError, label
from .style import titles

WAITS = ("wait", "queue wait")
COMPUTE = "compute"  # the state whose share of rows the utilisation curve under a group's panel follows
PLACED = ("run", "killed") + WAITS  # coloured by where: their label
# The states models share keep one colour in every figure; any other takes the next of OTHER_COLORS.
STATE_COLORS = {
    "compute": "#1f77b4",
    "execution": "#1f77b4",
    "send": "#ff7f0e",
    "receive": "#9467bd",
    "halo": "#e377c2",
    "wide-area halo": "#d62728",
    "blocked": "#8c564b",
    "fish": "#bcbd22",
}
OTHER_COLORS = ["#17becf", "#2ca02c", "#7f7f7f", "#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#c49c94"]


def read_timeline(ctx, spec, index, point):
    path = os.path.join(ctx.folder or ".", "timelines", f"point-{point}.csv")
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


def steps(intervals, rate):
    """The sum over the open intervals of rate(interval), over time from 0, as steps: (times, sums)."""
    changes = sorted([(r["start_s"], rate(r)) for r in intervals] + [(r["end_s"], -rate(r)) for r in intervals])
    xs, ys, total = [0.0], [0], 0
    for time, change in changes:
        total += change
        total = 0 if abs(total) < 1e-9 * max(1.0, abs(change)) else total  # sums that should cancel, cancelled
        if xs[-1] == time:
            ys[-1] = total
        else:
            xs.append(time)
            ys.append(total)
    return xs, ys


def at_once(intervals):
    """How many of the intervals are open over time, as steps: (times, counts)."""
    return steps(intervals, lambda r: 1)


def utilisation(computing):
    """The share (%) of the rows that ever compute that are computing, as steps: (times, shares, rows)."""
    rows = {r["resource"] for r in computing}
    xs, counts = at_once(computing)
    return xs, [100.0 * c / len(rows) for c in counts], len(rows)


def overlapping(intervals):
    """Whether some row's intervals overlap: bars would hide one another (a GpH PE's sparks, held together)."""
    by_row = {}
    for r in intervals:
        by_row.setdefault(r["resource"], []).append((r["start_s"], r["end_s"]))
    for spans in by_row.values():
        spans.sort()
        if any(later[0] < earlier[1] for earlier, later in zip(spans, spans[1:])):
            return True
    return False


def point_values(ctx, point):
    """The swept parameters and repetition of a point, as results.csv has them: [(label, value)]."""
    for r in ctx.rows:
        if str(r.get("index")) == str(point):
            values = [(ctx.parameter_labels.get(a) or a, r[a]) for a in ctx.axis_order if a in r]
            return values + [("repetition", r.get("repetition", "?"))]
    return []


def say(values):
    return ", ".join(f"{name} = {value}" if name != "repetition" else f"repetition {value}" for name, value in values)


def draw_timeline(ctx, spec, index):
    points = list(spec.point)
    tables = [read_timeline(ctx, spec, index, point) for point in points]
    if len({seconds for _, seconds in tables}) > 1:
        raise PlotError(f"{label(spec, index)}: the points' timelines do not share a time unit")
    values = [point_values(ctx, point) for point in points]
    try:
        if len(points) == 1:
            note = f"point {points[0]}: {say(values[0])}" if values[0] else f"point {points[0]}"
            return draw_rows(tables[0][0], tables[0][1], list(spec.groups), spec.title or ctx.title, note,
                             points[0])
        # A panel per point and group, named by what sets the point apart; what the points share goes in the note.
        shared = [v for v in values[0] if all(v in other for other in values[1:])]
        rows, groups = [], []
        for point, (table, _), own in zip(points, tables, values):
            apart = say([v for v in own if v not in shared]) or f"point {point}"
            recorded = list(dict.fromkeys(r["group"] for r in table))
            for g in list(spec.groups) or recorded:
                if g not in recorded:
                    raise ValueError(f"no group {g} in the timeline of point {point}; it has "
                                     f"{', '.join(recorded) or 'none'}")
                groups.append(f"{apart}:\n{g}")
            rows += [dict(r, group=f"{apart}:\n{r['group']}") for r in table]
        note = f"points {', '.join(str(p) for p in points)}" + (f": {say(shared)}" if shared else "")
        return draw_rows(rows, tables[0][1], groups, spec.title or ctx.title, note,
                         ", ".join(str(p) for p in points))
    except ValueError as e:
        raise PlotError(f"{label(spec, index)}: {e}")


def draw_crowd(ax, g, crowd, state_color, scale):
    """A group whose rows' intervals overlap: how many are open at once over all its rows, a line per state."""
    n = len({r["resource"] for r in crowd})
    for state in dict.fromkeys(r["state"] for r in crowd):
        xs, ys = at_once([r for r in crowd if r["state"] == state])
        ax.step([x / scale for x in xs], ys, where="post", linewidth=0.9, color=state_color.get(state, "0.3"))
    ax.set_ylabel(f"{g}: held at once\nover its {n} rows, by\nhow each ends", fontsize=7.5)
    ax.set_ylim(bottom=0)
    ax.grid(True, color="0.9", linewidth=0.6)


def draw_bars(ax, g, resources, intervals, color, state_color, scale, end, unit):
    """A row per resource, each interval a bar: placed states in their label's colour, waits hatched, moves black;
    for a group whose rows compute, its makespan and largest idle gaps marked."""
    position = {name: i for i, name in enumerate(resources)}
    for r in intervals:
        y = position[r["resource"]]
        start, width = r["start_s"] / scale, (r["end_s"] - r["start_s"]) / scale
        c = color.get(r["label"], "0.5") if r["state"] in PLACED else state_color.get(r["state"], "black")
        if r["state"] in WAITS:
            ax.barh(y, width, left=start, height=0.6, color=c, alpha=0.25, hatch="////", edgecolor=c, linewidth=0)
        elif r["state"] == "move":
            ax.barh(y, max(width, end / scale / 400), left=start, height=0.9, color="black")
        elif r["state"] == "killed":
            ax.barh(y, width, left=start, height=0.6, color=c, hatch="xx", edgecolor="black", linewidth=0.3)
        else:
            ax.barh(y, width, left=start, height=0.6, color=c)
    name = g
    if any(r["state"] == COMPUTE for r in intervals):
        name = f"{g}\n({mark_makespan_and_idle(ax, intervals, position, scale, unit, end)})"
    inches = max(1.0, min(0.2 * len(resources), MAX_PANEL_INCHES))
    every = max(1, math.ceil(ROW_LABEL_POINTS / (inches * 72 / max(1, len(resources)))))  # labels 7 points apart
    ax.set_yticks(range(0, len(resources), every))
    ax.set_yticklabels(resources[::every], fontsize=6.5)
    ax.set_ylim(len(resources) - 0.4, -0.6)
    ax.set_ylabel(name, fontsize=9)
    ax.grid(True, axis="x", color="0.9", linewidth=0.6)


MAX_PANEL_INCHES = 5.0  # a group of many rows (a ring of 200 processes) packs them thinner, not taller
ROW_LABEL_POINTS = 7  # rows closer than this are named every k-th, so that their names do not overlap
LABELLED_ROWS = 30  # past these, rows are too thin for an idle span's length in words
IDLE_MARKED = 3  # the largest idle gaps marked on a group whose rows compute
IDLE_COLOR = "#b2182b"


IDLE_STATES = ("fish", "blocked") + WAITS  # a row in these waits for work, a value or its turn: it is idle


def idle_gaps(intervals, finish):
    """The spans where a row does no work (holds no interval, or one of IDLE_STATES), between the group's first
    start and its finish (its makespan), the largest first: [(length, resource, start, end)]."""
    begin = min(r["start_s"] for r in intervals)
    by_row = {}
    for r in intervals:
        by_row.setdefault(r["resource"], [])
        if r["state"] not in IDLE_STATES:
            by_row[r["resource"]].append((r["start_s"], r["end_s"]))
    gaps = []
    for resource, spans in by_row.items():
        spans.sort()
        reached = begin
        for start, stop in spans + [(finish, finish)]:
            if start > reached:
                gaps.append((start - reached, resource, reached, start))
            reached = max(reached, stop)
    return sorted(gaps, key=lambda gap: (-gap[0], natural(gap[1]), gap[2]))


def duration(x, unit):
    """A duration as a reader takes it in: 3 significant digits, thousands apart (30 080, not 3.008e+04)."""
    text = f"{x:,.0f}".replace(",", "\u2009") if abs(x) >= 1000 else f"{x:.3g}"
    return f"{text} {unit}"


def mark_makespan_and_idle(ax, intervals, position, scale, unit, end):
    """The group's end as a dashed line, and its largest idle spans outlined, with their lengths where they are wide
    enough to hold them. Returns the makespan's words for the panel's name: from the group's first start to its end
    (a group that starts later, one of several runs in turn, says when it ends)."""
    begin = min(r["start_s"] for r in intervals)
    finish = max(r["end_s"] for r in intervals)
    ax.axvline(finish / scale, color="0.25", linestyle="--", linewidth=0.8)
    for length, resource, start, stop in idle_gaps(intervals, finish)[:IDLE_MARKED]:
        y = position[resource]
        ax.barh(y, (stop - start) / scale, left=start / scale, height=0.8, fill=False, edgecolor=IDLE_COLOR,
                linestyle=":", linewidth=0.9)
        if stop - start >= 0.08 * end and len(position) <= LABELLED_ROWS:  # room for the words
            ax.annotate(f"idle {duration(length / scale, unit)}", ((start + stop) / 2 / scale, y), ha="center",
                        va="center", fontsize=6, color=IDLE_COLOR)
    words = f"makespan {duration((finish - (begin if begin > 0.01 * finish else 0)) / scale, unit)}"
    return words if begin <= 0.01 * finish else f"{words},\nended at {duration(finish / scale, unit)}"


def draw_utilisation(ax, g, computing, zones, colour, scale):
    """The share of the group's computing rows that compute; a line per zone when they are in several."""
    named = sorted({z for z in zones.values() if z}, key=natural)
    if len(named) < 2:
        xs, ys, n = utilisation(computing)
        ax.step([x / scale for x in xs], ys, where="post", linewidth=0.9, color=colour)
        ax.set_ylabel(f"{g}: % of its {n}\nrows computing", fontsize=7.5)
    else:
        cmap = plt.get_cmap("tab10")
        for i, zone in enumerate(named):
            xs, ys, n = utilisation([r for r in computing if zones[r["resource"]] == zone])
            ax.step([x / scale for x in xs], ys, where="post", linewidth=1.1, color=cmap(i % 10),
                    linestyle=("-", "--", ":", "-.")[i % 4], label=f"{zone} ({n})")  # zones alike stay apart
        ax.set_ylabel(f"{g}: % of each\nzone's rows computing", fontsize=7.5)
        ax.legend(fontsize=6.5, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    ax.set_ylim(0, 105)
    ax.grid(True, color="0.9", linewidth=0.6)


def bandwidth(intervals):
    """The rate the intervals carry together over time (each its amount over its duration), as steps."""
    return steps(intervals, lambda r: r["value"] / (r["end_s"] - r["start_s"]))


def draw_bandwidth(ax, g, carried, seconds, scale):
    """Each link row's bandwidth in use: the bytes its intervals carry over their durations, a line per link, in
    the decimal unit (B/s, kB/s, MB/s, GB/s) its peak reads best in."""
    curves = {resource: bandwidth([r for r in carried if r["resource"] == resource])
              for resource in sorted({r["resource"] for r in carried}, key=natural)}
    peak = max(max(ys) for _, ys in curves.values())
    factor, unit = next(((f, u) for f, u in ((1e9, "GB"), (1e6, "MB"), (1e3, "kB")) if peak >= f), (1.0, "B"))
    for resource, (xs, ys) in curves.items():
        ax.step([x / scale for x in xs], [y / factor for y in ys], where="post", linewidth=0.9, label=resource)
    ax.set_ylabel(f"{g}: bandwidth\nin use " + (f"({unit}/s)" if seconds else f"({unit} per unit)"), fontsize=7.5)
    ax.set_ylim(bottom=0)
    ax.grid(True, color="0.9", linewidth=0.6)
    ax.legend(fontsize=6.5, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)


def draw_rows(rows, seconds, groups, title, note, point):
    """The figure of a timeline's rows (read_table), the groups drawn in this order (empty: every group recorded).
    Raises ValueError when a group is missing or nothing is recorded."""
    # Rows the model declared (kind row): their zone (label) and kind (state: host, link, actor).
    declared = {(r["group"], r["resource"]): (r["label"], r["state"]) for r in rows if r["kind"] == "row"}

    def declared_as(group, resource):
        """A row's (zone, kind) as the model declared them; ("", "") when it did not."""
        return declared.get((group, resource), ("", ""))

    rows = [r for r in rows if r["kind"] != "row"]
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
    unnamed = sorted((state for state in others if state not in STATE_COLORS), key=natural)
    if len(unnamed) <= len(OTHER_COLORS):
        spare = {state: OTHER_COLORS[k] for k, state in enumerate(unnamed)}
    else:  # more than the palette holds (a campaign's 30 phases): a colour each along viridis, none repeated
        spare = {state: plt.get_cmap("viridis")(k / (len(unnamed) - 1)) for k, state in enumerate(unnamed)}
    state_color = {state: STATE_COLORS.get(state) or spare[state] for state in others}

    # A group whose rows hold overlapping intervals (a PE's sparks) is drawn as how many it holds at once, by state,
    # over all its rows: bars would hide one another.
    # Under a group's rows: its levels, the share of its rows computing (per zone, when its rows are in several), and
    # the bandwidth its links carry (the intervals on rows declared links, of their amounts in bytes).
    layout = []
    for g in groups:
        intervals = [r for r in rows if r["group"] == g and r["kind"] == "interval"]
        crowded = overlapping(intervals)
        # Rows grouped by the zone the model placed them in (a cluster), in natural order within it.
        resources = [] if crowded else sorted({r["resource"] for r in intervals}, key=lambda name: (
            natural(declared_as(g, name)[0]), natural(name)))
        levels = [r for r in rows if r["group"] == g and r["kind"] == "level"]
        computing = [] if crowded else [r for r in intervals if r["state"] == COMPUTE]
        carried = [] if crowded else [r for r in intervals if r["value"] > 0 and r["end_s"] > r["start_s"]
                                      and declared_as(g, r["resource"])[1] == "link"]
        zones = {r["resource"]: declared_as(g, r["resource"])[0] for r in computing}
        layout.append((g, resources, levels, computing, intervals, crowded, carried, zones))
    heights = []
    for _, resources, levels, computing, _, crowded, carried, _ in layout:
        heights.append(1.6 if crowded else max(1.0, min(0.2 * len(resources), MAX_PANEL_INCHES)))
        heights += [1.1] * (bool(levels) + bool(computing) + bool(carried))
    total = sum(heights) + 1.4
    fig, axes = plt.subplots(len(heights), 1, figsize=(8.5, total), sharex=True,
                             gridspec_kw={"height_ratios": heights, "hspace": 0.5 * len(heights) / sum(heights)},
                             squeeze=False)  # half an inch between panels, whatever their heights
    fig.subplots_adjust(top=1 - 0.8 / total)  # room for the title above the first panel's subtitle
    axes = list(axes[:, 0])
    k = 0
    for g, resources, levels, computing, intervals, crowded, carried, zones in layout:
        ax = axes[k]
        k += 1
        if crowded:
            draw_crowd(ax, g, intervals, state_color, scale)
        else:
            draw_bars(ax, g, resources, intervals, color, state_color, scale, end,
                      "h" if hours else "s" if seconds else "units")
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
            draw_utilisation(axes[k], g, computing, zones, state_color[COMPUTE], scale)
            k += 1
        if carried:
            draw_bandwidth(axes[k], g, carried, seconds, scale)
            k += 1
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
    if COMPUTE in states:
        handles.append(Line2D([], [], color="0.25", linestyle="--", linewidth=0.8,
                              label="its end (the makespan\nunder the panel's name)"))
        handles.append(Patch(fill=False, edgecolor=IDLE_COLOR, linestyle=":", label=f"the {IDLE_MARKED} longest idle spans\n(no work, or waiting: " + ", ".join(IDLE_STATES[:2]) + ", ...)"))
    axes[0].legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0,
                   ncol=2 if len(handles) > 16 else 1)
    titles(fig, axes[0], title, note)
    fig.suptitle(title, fontsize=12, y=1 - 0.3 / total)  # a quarter inch from the top, however tall the figure
    return fig
