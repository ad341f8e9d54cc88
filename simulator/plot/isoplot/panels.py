"""Figures of one or several panels, and the rows of each panel."""

import math

import matplotlib.pyplot as plt

from .errors import PlotError, label
from .style import titles
from .values import axis_index

# A grid of panels has at most this many columns.
MAX_PANEL_COLUMNS = 3


def split_panels(ctx, spec, index, rows, panels):
    """The panel values (in axis order) and the rows (or points) of each; one panel of
    every row without `panels`."""
    if not panels:
        return [None], [rows]
    values = ctx.values_of(panels, rows)
    if not values:
        raise PlotError(f"{label(spec, index)}: the ok rows have no values of the panels parameter {panels}")
    where = axis_index([r[panels] for r in rows], values)
    return values, [[r for r, k in zip(rows, where) if k == j] for j in range(len(values))]


def panel_figure(blocks, panel_values, square=False):
    """A figure with `blocks` stacked groups of axes (one per metric), each group one
    axes per panel value, laid out in rows of up to MAX_PANEL_COLUMNS.

    Returns (figure, holder, grid): grid[block][panel] are the axes; the holder is where
    the subtitle and a colorbar go (the figure itself, or a subfigure under the title when
    the panels have titles of their own).  Every axes shares x with the others, and y
    within its block (square figures share y across blocks too); tick labels are only
    written on the outer edges of the grid.  Without panels (a single None value) the
    figure is the single column of earlier versions.
    """
    if panel_values == [None]:
        if square:
            fig, ax = plt.subplots(figsize=(5.8, 5.0), constrained_layout=True)
            return fig, fig, [[ax]]
        fig, axes = plt.subplots(
            blocks, 1, figsize=(6.4, 1.2 + 2.8 * blocks), sharex=True, squeeze=False, constrained_layout=True
        )
        return fig, fig, [[ax] for ax in axes[:, 0]]
    n = len(panel_values)
    columns = min(MAX_PANEL_COLUMNS, n)
    rows = math.ceil(n / columns)
    width = 6.4 if columns == 1 else 1.8 + 3.3 * columns
    height = 1.3 + (3.3 if square else 2.5) * rows * blocks
    fig = plt.figure(figsize=(width, height), constrained_layout=True)
    holder = fig.subfigures(1, 1)
    spec = holder.add_gridspec(rows * blocks, columns)
    grid, first = [], None
    bottom = {c: max(k // columns for k in range(n) if k % columns == c) for c in range(columns)}
    for b in range(blocks):
        block, block_first = [], None
        for k in range(n):
            r, c = k // columns, k % columns
            ax = holder.add_subplot(spec[b * rows + r, c], sharex=first, sharey=first if square else block_first)
            first = first or ax
            block_first = block_first or ax
            ax.tick_params(labelbottom=(b == blocks - 1 and r == bottom[c]), labelleft=(c == 0))
            block.append(ax)
        grid.append(block)
    return fig, holder, grid


def left_axes(block):
    """The axes of a block in its first column (one per row of panels)."""
    columns = min(MAX_PANEL_COLUMNS, len(block))
    return block[::columns]


def bottom_axes(grid):
    """The lowest axes of every column of the last block, which carry the x label."""
    block = grid[-1]
    columns = min(MAX_PANEL_COLUMNS, len(block))
    return [block[max(k for k in range(len(block)) if k % columns == c)] for c in range(columns)]


def top_right_axes(grid):
    columns = min(MAX_PANEL_COLUMNS, len(grid[0]))
    return grid[0][columns - 1]


def mark_empty(ax):
    ax.text(0.5, 0.5, "no ok rows", transform=ax.transAxes, ha="center", va="center", color="0.5", fontsize=8)


def put_titles(fig, holder, grid, main, sub, panels):
    """Title and subtitle: above the single axes as before, or, when each panel has its
    own title, the subtitle under the figure title and above every panel."""
    if not panels:
        titles(fig, grid[0][0], main, sub)
        return
    fig.suptitle(main, fontsize=12)
    holder.suptitle(sub, fontsize=8.5, color="0.35")
