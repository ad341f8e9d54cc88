"""Draw one timeline table as `isogrid timeline` asks (a results folder's plots draw theirs through
isogrid_plot.py and the timeline plot kind):

    MPLBACKEND=Agg /usr/bin/python3 simulator/plot/isogrid_timeline_plot.py CSV PNG TITLE NOTE

CSV is a timeline table (timelines/point-N.csv), PNG the image written (and the same as a PDF beside it), TITLE and
NOTE the figure's title and the grey line under it. Every recorded group is a panel. Prints "wrote PNG and PDF";
exit 2 with a message on stderr when the table cannot be read or drawn.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import matplotlib.pyplot as plt  # noqa: E402

from isoplot.cli import DPI, PNG_METADATA  # noqa: E402
from isoplot.timeline import draw_rows, read_table  # noqa: E402


def main(argv):
    if len(argv) != 4:
        print("usage: isogrid_timeline_plot.py CSV PNG TITLE NOTE", file=sys.stderr)
        return 2
    table, png, title, note = argv
    try:
        rows, seconds = read_table(table)
        fig = draw_rows(rows, seconds, [], title, note, os.path.basename(table))
        fig.savefig(png, dpi=DPI, bbox_inches="tight", metadata=PNG_METADATA)
        pdf = os.path.splitext(png)[0] + ".pdf"  # for a paper: the same chart, drawn as vectors
        fig.savefig(pdf, bbox_inches="tight", metadata={"Creator": None, "Producer": None, "CreationDate": None})
        plt.close(fig)
    except (OSError, ValueError) as e:
        print(f"isogrid_timeline_plot: error: {e}", file=sys.stderr)
        return 2
    print(f"wrote {png} and {pdf}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
