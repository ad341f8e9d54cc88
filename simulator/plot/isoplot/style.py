"""Axes styling shared by every kind of plot: scales and ticks, colours, titles."""

import math
import os

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import cm
from matplotlib import colors as mcolors
from matplotlib import ticker

from .errors import label, warn
from .results import ELEMENT_AXIS
from .values import is_numeric

# More series than this get a colorbar keyed by value instead of a legend entry each.
MAX_LEGEND_SERIES = 10


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
        # Half a slot of room on each side: the first and last categories are not pressed against the frame.
        (ax.set_xlim if which == "x" else ax.set_ylim)(-0.5, len(values) - 0.5)
        axis.set_major_locator(ticker.FixedLocator(np.arange(len(values))))
        names = [category_text(v) for v in values]
        axis.set_major_formatter(ticker.FixedFormatter(names))
        if which == "x" and max((len(n) for n in names), default=0) > 6:
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


def can_log(values, what, spec, index):
    """A log axis needs positive numbers; say so and fall back to linear otherwise."""
    if not is_numeric(values):
        return False
    if min(float(v) for v in values) <= 0:
        warn(f"{label(spec, index)}: {what} has values <= 0, drawing it on a linear scale")
        return False
    return True


def can_log_numbers(values, what, spec, index):
    """can_log for numbers already parsed (a metric axis)."""
    values = [v for v in values if math.isfinite(v)]
    if values and min(values) <= 0:
        warn(f"{label(spec, index)}: {what} has values <= 0, drawing it on a linear scale")
        return False
    return bool(values)


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


def integer_colorbar(colorbar, values, key):
    """Integer ticks on a colorbar keyed by integer series values (not on a log scale)."""
    if all(float(v).is_integer() for v in values) and not isinstance(key.norm, mcolors.LogNorm):
        colorbar.locator = ticker.MaxNLocator(integer=True)
        colorbar.update_ticks()


UNITLESS = "unitless"


def with_unit(text, unit):
    """'Internet throughput (KiB/s)'; the text alone for a quantity without a unit."""
    return f"{text} ({unit})" if unit and unit != UNITLESS else text


def declared_parameter(ctx, name):
    """A parameter's label and unit as its model declares them (run.json's parameters); the
    name where there is no label. An element of a list parameter ('inet_kib_s[2]') is its
    list's label with the element's index: 'Internet throughput [2]'."""
    base, element = name, None
    match = ELEMENT_AXIS.match(name)
    if match:
        base, element = match.group(1), match.group(2)
    label = getattr(ctx, "parameter_labels", {}).get(base) or base
    unit = getattr(ctx, "parameter_units", {}).get(base, "")
    return (f"{label} [{element}]" if element is not None else label), unit


def parameter_label(ctx, name):
    """A parameter's axis label: its declared label and unit ('Internet throughput [2] (KiB/s)',
    'load size V')."""
    return with_unit(*declared_parameter(ctx, name))


def category_text(value):
    """A category as a tick label, legend entry or panel title: a platform file's path
    ('../../platforms/sanjay/intel-8.yaml') by its name alone ('intel-8'), anything else as
    written."""
    text = str(value)
    if "/" in text and os.path.splitext(text)[1] in (".yaml", ".yml", ".xml"):
        return os.path.splitext(os.path.basename(text))[0]
    return text


def parameter_value(ctx, name, value):
    """A panel's title: 'workers m = 4', 'Internet throughput [2] = 21 KiB/s'."""
    label, unit = declared_parameter(ctx, name)
    return f"{label} = {category_text(value)}" + (f" {unit}" if unit and unit != UNITLESS else "")


def metric_text(ctx, metric):
    """A metric's declared label, or its name."""
    return getattr(ctx, "metric_labels", {}).get(metric) or metric


def metric_label(ctx, metric):
    """A metric's axis label: 'makespan (s)', 'efficiency E'."""
    return with_unit(metric_text(ctx, metric), ctx.units.get(metric, ""))


def titles(fig, ax, main, sub):
    fig.suptitle(main, fontsize=12)
    ax.set_title(sub, fontsize=8.5, color="0.35")


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


# The paper's values (an experiment's references) on a figure: hollow diamonds, and their legend entries by kind:
# printed in the paper (a measurement, or held against both faces), the paper's own estimate (held against the
# predicted face: a square, so that it stands apart from a measurement at the same point), or derived from its
# equations.
PAPER_STYLE = dict(linestyle="none", marker="D", markersize=6.5, markerfacecolor="none", markeredgewidth=1.3, zorder=7)
PAPER_LABELS = {"printed": "paper", "estimate": "paper's estimate", "derived": "paper's equations (derived)"}
PAPER_KINDS = ("printed", "estimate", "derived")


def paper_kind(value):
    """Which of PAPER_KINDS a paper's value (a spec's `paper` entry) is."""
    if value.get("derived"):
        return "derived"
    return "estimate" if value.get("face") == "predicted" else "printed"


def paper_style(kind):
    """PAPER_STYLE for a kind: a square for the paper's estimates, a diamond otherwise."""
    return dict(PAPER_STYLE, marker="s") if kind == "estimate" else PAPER_STYLE
