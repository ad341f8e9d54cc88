"""The one error of the plotting package, warnings, and how messages name a plot."""

import sys


class PlotError(Exception):
    """A problem with the inputs, reported on stderr with exit status 2."""


def warn(message):
    print(f"isogrid_plot: warning: {message}", file=sys.stderr)


def label(spec, index):
    """How messages name a plot: 'plot 2 (fig3.png)'.  spec: a PlotSpec, or the raw JSON
    object of a spec that failed validation (whose file may be missing)."""
    file = spec.get("file", "?") if isinstance(spec, dict) else spec.file
    return f"plot {index + 1} ({file})"
