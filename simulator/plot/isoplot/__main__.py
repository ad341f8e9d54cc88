"""`python3 -m isoplot DIR`, run from simulator/plot: the same as isogrid_plot.py DIR."""

import sys

from isoplot.cli import main

sys.exit(main(sys.argv[1:]))
