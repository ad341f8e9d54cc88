#!/usr/bin/env python3
"""Every figure of every shipped study, drawn from a small made-up results folder of the study (figure_fixture: the
study's own sweep, repetitions and files, made-up metric values), and read as a reader of a paper would. A figure
fails when it:

- draws a line or a contour over a categorical axis (programs, policies, list values such as 2;2;2);
- leaves a parameter that takes several values in its rows neither on an axis, in a legend, in panel titles, nor
  named in its subtitle (held at one value in silence);
- draws an empty series, or a line through a single point;
- has an axis with tick labels but no label, or a colour bar without one;
- draws an error bar below 0 (every made-up value is at least 0, half of them spread as widely as their mean), or
  error bars without saying what they are (a standard deviation, a confidence interval).

usage: shipped_figures_test.py FIGURE_FIXTURE SOURCE_DIR [EXPERIMENT ...]
"""
import math
import os
import shutil
import sys
import tempfile
import unittest

FIXTURE, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ONLY = sys.argv[3:]
sys.path.insert(0, os.path.join(SOURCE, "simulator/plot"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("MPLBACKEND", "Agg")

import matplotlib.axes  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.container import ErrorbarContainer  # noqa: E402

from isoplot.cli import draw  # noqa: E402
from isoplot.context import load_context  # noqa: E402
from isoplot.presentation import present  # noqa: E402
from isoplot.selection import apply_selection  # noqa: E402
from isoplot.spec import read_spec  # noqa: E402
from study_fixtures import make_fixture, shipped_experiments  # noqa: E402

# Every contour drawn, by the axes it is drawn on: wrapped so that a figure can be asked whether it interpolated.
CONTOURED = []


def recording(method):
    def wrapper(ax, *args, **kwargs):
        CONTOURED.append(ax)
        return method(ax, *args, **kwargs)

    return wrapper


for _name in ("contour", "contourf", "tricontour", "tricontourf"):
    setattr(matplotlib.axes.Axes, _name, recording(getattr(matplotlib.axes.Axes, _name)))


def is_number(text):
    try:
        return math.isfinite(float(text))
    except (TypeError, ValueError):
        return False


def categorical(values):
    """A parameter's values are categories when one of them is not a number (a word, a list)."""
    return any(not is_number(v) for v in values)


def texts_of(fig):
    """Every piece of text a reader sees: titles, subtitles, axis labels, legends, panel titles, notes."""
    texts = [t.get_text() for t in fig.findobj(match=lambda a: hasattr(a, "get_text") and hasattr(a, "get_position"))]
    return " ".join(t for t in texts if t)


def data_axes(fig):
    return [ax for ax in fig.axes if ax.get_label() != "<colorbar>" and (ax.lines or ax.collections or ax.patches
                                                                           or ax.images)]


def in_data_coordinates(ax, line):
    return line.get_transform() == ax.transData


def drawn_line(line):
    return line.get_linestyle() not in ("None", "", " ", None)


def finite_points(line):
    xs, ys = line.get_xdata(orig=False), line.get_ydata(orig=False)
    n = 0
    for x, y in zip(xs, ys):
        try:
            if math.isfinite(float(x)) and math.isfinite(float(y)):
                n += 1
        except (TypeError, ValueError):
            n += 1  # a category: a drawn position
    return n


class ShippedFigures(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="isogrid-figures-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, True)

    def test_every_shipped_figure_reads_right(self):
        experiments = shipped_experiments(SOURCE, ONLY)
        self.assertGreater(len(experiments), 50 if not ONLY else 0)
        drawn, problems = 0, []
        for experiment in experiments:
            folder = make_fixture(FIXTURE, experiment, self.root)
            ctx = load_context(folder)
            for index, raw in enumerate(ctx.run.get("plots", [])):
                spec = read_spec(raw, index)
                where = f"{os.path.relpath(experiment, SOURCE)}: {spec.file}"
                CONTOURED.clear()
                try:
                    fig = draw(ctx, spec, index)
                except Exception as e:  # a shipped figure that cannot be drawn at all
                    problems.append(f"{where}: not drawn: {e}")
                    continue
                try:
                    present(fig, spec)
                    fig.canvas.draw()  # tick labels exist once drawn
                    problems += [f"{where}: {p}" for p in self.problems(fig, ctx, spec, index)]
                    drawn += 1
                finally:
                    plt.close(fig)
        print(f"{drawn} figures of {len(experiments)} shipped studies drawn and read")
        self.assertEqual(problems, [], "\n" + "\n".join(problems))

    def problems(self, fig, ctx, spec, index):
        view = apply_selection(ctx, spec, index)
        found = []
        axes = data_axes(fig)
        if not axes:
            return ["draws nothing"]
        # Categories are never interpolated or joined.
        if spec.kind == "contour":
            cats = [p for p in (spec.x, spec.y) if p and categorical(view.axes.get(p, []))]
            if cats and CONTOURED:
                found.append(f"contours over the categorical {' and '.join(cats)}")
        if spec.kind == "line" and spec.x_kind == "parameter" and categorical(view.axes.get(spec.x, [])):
            for ax in axes:
                for line in ax.lines:
                    if in_data_coordinates(ax, line) and drawn_line(line) and finite_points(line) > 1:
                        found.append(f"joins the categories of {spec.x} with a line ({line.get_label()})")
        # Every parameter the rows vary is on the figure, never held at one value in silence.
        text = texts_of(fig)
        for name in view.axis_order:
            if len(view.axes.get(name, [])) > 1:
                label = view.parameter_labels.get(name.split("[")[0], "")
                if name not in text and not (label and label in text):
                    found.append(f"{name} takes {len(view.axes[name])} values but the figure names it nowhere")
        # No empty series, no line through a single point.
        for ax in axes:
            for line in ax.lines:
                if not in_data_coordinates(ax, line) or line.get_label().startswith("_"):
                    continue
                n = finite_points(line)
                if n == 0:
                    found.append(f"series '{line.get_label()}' is empty")
                elif n == 1 and drawn_line(line):
                    found.append(f"series '{line.get_label()}' is a line through a single point")
        # Labelled axes: each axis showing tick labels says what it is.
        for ax in axes:
            for axis, getter in (("x", ax.get_xlabel), ("y", ax.get_ylabel)):
                ticks = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
                if any(t.get_visible() and t.get_text() for t in ticks) and not getter().strip():
                    found.append(f"the {axis} axis of '{ax.get_title()}' has tick labels but no label")
        for ax in fig.axes:
            if ax.get_label() == "<colorbar>" and not (ax.get_ylabel().strip() or ax.get_xlabel().strip()):
                found.append("a colour bar without a label")
        # Error bars say what they are.
        bars = [seg for ax in axes for c in ax.containers if isinstance(c, ErrorbarContainer) for b in c[2]
                for seg in b.get_segments() if len(seg) > 1 and (seg[0] != seg[-1]).any()]
        if bars and "standard deviation" not in text and "confidence interval" not in text:
            found.append("draws error bars without saying what they are")
        # Error bars stay within the metric's domain (the made-up values are never below 0).
        for ax in axes:
            if ax.get_yscale() == "log":
                continue
            for container in ax.containers:
                if not isinstance(container, ErrorbarContainer):
                    continue
                for bars in container[2]:
                    for segment in bars.get_segments():
                        (x0, y0), (x1, y1) = segment[0], segment[-1]
                        if x0 == x1 and min(y0, y1) < -1e-12:
                            found.append(f"an error bar of '{container.get_label()}' reaches {min(y0, y1):.3g} < 0")
                            break
        return found


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
