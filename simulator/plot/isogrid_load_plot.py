"""Draw the traces `isogrid load` wrote: one step curve per resource, stacked.

    MPLBACKEND=Agg python3 simulator/plot/isogrid_load_plot.py DIR GENERATOR HORIZON

reads DIR/load.csv (resource, time, available: one row per step, each value holding until
the resource's next step) and writes DIR/load.png, printing "wrote load.png".
"""

import csv
import os
import sys

import matplotlib.pyplot as plt

MAX_PANELS = 8


def read_steps(path):
    steps = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            steps.setdefault(int(row["resource"]), []).append((float(row["time"]), float(row["available"])))
    return steps


def main(folder, generator, horizon):
    steps = read_steps(os.path.join(folder, "load.csv"))
    shown = sorted(steps)[:MAX_PANELS]
    fig, axes = plt.subplots(len(shown), 1, sharex=True, squeeze=False,
                             figsize=(8, 1.1 + 1.0 * len(shown)))
    for ax, resource in zip(axes[:, 0], shown):
        times = [t / 60 for t, _ in steps[resource]] + [horizon / 60]
        values = [v for _, v in steps[resource]]
        values.append(values[-1])
        ax.step(times, [100 * v for v in values], where="post", linewidth=1.0, color="tab:blue")
        ax.set_ylim(0, 105)
        ax.set_xlim(0, horizon / 60)
        ax.set_ylabel(f"#{resource} %", fontsize=8)
        ax.grid(True, color="0.9", linewidth=0.6)
    axes[-1, 0].set_xlabel("time (min)")
    more = f" (first {MAX_PANELS} of {len(steps)})" if len(steps) > MAX_PANELS else ""
    fig.suptitle(f"{generator}: share left free over time{more}", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "load.png"), dpi=150)
    print("wrote load.png")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], float(sys.argv[3]))
