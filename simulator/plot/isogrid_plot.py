"""Draw the plots of an isogrid results folder with matplotlib.

Called by `isogrid plot DIR` (and at the end of `isogrid run`) as

    MPLBACKEND=Agg /usr/bin/python3 simulator/plot/isogrid_plot.py DIR

DIR holds the `run.json` manifest (which names the swept axes, the model's metrics and
the list of plots to draw), `results.csv` (one row per point and repetition) and
`summary.csv` when points repeat (one row per point: the mean and spread of every metric
over its ok repetitions; without repetitions, results.csv's rows are the points).  For every plot in run.json the script writes DIR/<file> as a 150 dpi PNG
and prints one line

    wrote <file>

on stdout; the C++ side collects those lines.  Each plot spec is checked against
simulator/plot/plot_spec.schema.json, whose defaults fill what a spec leaves out.  Kinds of
plot:

  contour  an isoefficiency-style map of one metric over two swept parameters: a light
           filled contour with a colorbar, black labelled iso-lines, and a hatched region
           where the `infeasible` metric is 0;
  line     metrics against one swept parameter (`x_kind: parameter`, the default), one
           curve per value of `series`; when the run both predicted and simulated, the
           prediction is a dashed line and the simulation markers on top of it, so their
           agreement can be seen.  With `x_kind: metric`, x is a metric instead: every
           point of the sweep with ok runs is a point (x, y) read from the face's own
           columns, and the points of each series form one curve sorted by x, whatever the
           other parameters (execution time against grain size over many (N_x, p), say);
           with `bins`, every run is a sample of its own, pooled into bins of x;
  sequence families of metrics (stem1, stem2, ...) against their index, one curve per
           stem and per value of `series` (a campaign's PPE by tenth of its runs);
  parity   simulated against predicted values of one metric, one point per point of the
           sweep, with the line y = x and an optional band of relative tolerance; the
           subtitle gives the largest relative deviation and how many points leave the band.
  timeline what one simulated point recorded over time (DIR/timelines/point-N.csv, written
           by the run for the point the plot names): a panel per group, a row per resource,
           its intervals as bars coloured by state and label, its levels as steps under it.

Any plot may `select` values of parameters (only the rows with one of the listed values
are used), and line and parity plots may split into `panels`, one subplot per value of a
swept parameter.

An axis named `w[i]` sweeps element i of the list parameter w: its values are read from
the `;`-separated cells of column w ("25.3;5"), so it is a numeric axis like any other.

Repetitions of a point are averaged by isogrid itself, into summary.csv: the plots draw
its means, and its standard deviations as error bars (none where a point has a single
value); only a line plot with `bins` reads results.csv's runs one by one.  Failed runs
(status not "ok") count as missing and leave holes, never zeros.  Swept parameters that a
contour or a line against a parameter does not show (nor pins with `select`) are held at
their first value.

Exit status: 0 when every plot was drawn; 2, with a message on stderr, when run.json,
results.csv or a needed summary.csv is missing or malformed (a folder of an older isogrid
with repetitions has none: `isogrid run ... --resume` writes it), or when a plot cannot be drawn (an
invalid spec, an unknown column, no usable rows).  Plots that could be drawn are still
written and reported.

The drawing is the package isoplot beside this script (see its __init__ for the modules).
Uses only the standard library, numpy, matplotlib and jsonschema, so that Debian's
python3-matplotlib and python3-jsonschema are enough.
"""

import os
import sys

# The package lives beside this script, wherever it is called from.
HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from isoplot.cli import main  # noqa: E402  (needs the path above)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
