"""main(argv): draw every plot of a results folder, report what was written.

Each plot is drawn on its own: a plot that cannot be drawn (an invalid spec, an unknown
column, nothing to draw) is reported on stderr after the others, which are still written,
and makes the exit status 2.
"""

import os
import sys

import matplotlib.pyplot as plt

from .context import load_context
from .contour import draw_contour
from .errors import PlotError
from .isofunctions import draw_isoefficiency
from .line import draw_line
from .parity import draw_parity
from .sequence import draw_sequence
from .timeline import draw_timeline
from .selection import apply_selection
from .presentation import present
from .spec import read_spec, schema

DPI = 150
# No "Software: matplotlib x.y" chunk, so identical data give identical PNG bytes
# across matplotlib versions too (Agg writes no timestamp).
PNG_METADATA = {"Software": None}
DRAWERS = {"contour": draw_contour, "line": draw_line, "parity": draw_parity, "sequence": draw_sequence,
           "isoefficiency": draw_isoefficiency, "timeline": draw_timeline}


def draw(ctx, spec, index):
    """The figure of a PlotSpec; the selection comes first: the drawing function only
    sees the rows it keeps."""
    return DRAWERS[spec.kind](apply_selection(ctx, spec, index), spec, index)


def render(folder, raw, index, ctx, extra_formats=()):
    """Draws run.json's plot number `index` (a raw spec) into the folder; its file names (`file`,
    then the same name in each of `formats` and of `extra_formats`, `isogrid plot --formats`)."""
    spec = read_spec(raw, index)
    fig = draw(ctx, spec, index)
    files = [spec.file]
    stem = os.path.splitext(spec.file)[0]
    for f in list(spec.formats) + list(extra_formats):
        if f"{stem}.{f}" not in files:
            files.append(f"{stem}.{f}")
    try:
        present(fig, spec)
        for file in files:
            path = os.path.join(folder, file)
            # No creation date or producer in a PDF or SVG either: the same data give the same bytes.
            metadata = PNG_METADATA if file.endswith(".png") else {"Creator": None, "Producer": None,
                                                                   "CreationDate": None} if file.endswith(".pdf") else {
                "Date": None, "Creator": None}
            try:
                fig.savefig(path, dpi=DPI, bbox_inches="tight", metadata=metadata)
            except OSError as e:
                raise PlotError(f"cannot write {path}: {e}")
    finally:
        plt.close(fig)
    return files


def main(argv):
    extra_formats = []
    if len(argv) == 3 and argv[1] == "--formats":
        extra_formats = [f for f in argv[2].split(",") if f]
        argv = argv[:1]
    if len(argv) != 1 or any(f not in ("png", "svg", "pdf") for f in extra_formats):
        print("usage: isogrid_plot.py RESULTS_DIR [--formats png,svg,pdf]", file=sys.stderr)
        return 2
    folder = argv[0]
    try:
        if not os.path.isdir(folder):
            raise PlotError(f"{folder} is not a folder")
        ctx = load_context(folder)
        if ctx.run.get("plots"):
            schema()  # once, rather than the same error for every plot
    except PlotError as e:
        print(f"isogrid_plot: error: {e}", file=sys.stderr)
        return 2
    # Draw every plot that can be drawn, then report all that could not.
    errors = []
    for index, raw in enumerate(ctx.run.get("plots", [])):
        try:
            files = render(folder, raw, index, ctx, extra_formats)
        except PlotError as e:
            errors.append(str(e))
            continue
        for file in files:
            print(f"wrote {file}", flush=True)
    for e in errors:
        print(f"isogrid_plot: error: {e}", file=sys.stderr)
    return 2 if errors else 0
