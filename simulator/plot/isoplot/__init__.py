"""isoplot: the plots of an isogrid results folder, drawn with matplotlib.

`simulator/plot/isogrid_plot.py DIR` (or `python3 -m isoplot DIR` from simulator/plot) draws
them; its docstring says what is drawn.  The modules, in the order a plot passes through them:

  cli        main(argv): reads the folder, draws every plot, reports what it wrote
  spec       run.json's plot specs validated against plot_spec.schema.json: PlotSpec
  results    run.json, results.csv (one row per run) and summary.csv (one per combination)
  context    what the drawing functions know about the run; the columns a plot names
  selection  `select`, and the swept parameters a plot does not name (faceted, never held)
  values     parsing and matching field texts (numbers to 1e-9, words exactly)
  points     the numbers drawn: summary.csv rows indexed into grids, curves of points
  levels     iso-line levels of a contour map
  style      axes scales and ticks, colours, titles and subtitles
  panels     figures of one or several panels
  contour, line, parity, sequence, isofunctions   the five kinds of plot (isofunctions draws
             `kind: isoefficiency`, W(p) of the traced lines)
  frames     a results folder as pandas DataFrames with the model's labels and units, for analyses
             of one's own (needs python3-pandas; nothing else here does)

Importing the package selects matplotlib's Agg backend (files only, never a window) unless
MPLBACKEND chooses one: a notebook's kernel sets it, and keeps its inline figures.
"""

import os

import matplotlib

# Before any submodule imports pyplot: do not depend on the caller remembering MPLBACKEND.
if not os.environ.get("MPLBACKEND"):
    matplotlib.use("Agg")
