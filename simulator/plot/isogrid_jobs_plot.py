"""Draw the stream of jobs `isogrid jobs` wrote: four panels a workload study opens with.

    MPLBACKEND=Agg python3 simulator/plot/isogrid_jobs_plot.py DIR PROCESSORS TITLE

reads DIR/jobs.csv (job, submit_s, width, run_time_s, requested_s, stream) and writes DIR/jobs.png,
printing "wrote jobs.png":
  - arrivals by hour of day (the stream's t = 0 taken as midnight), mean jobs an hour over the days;
  - widths in power-of-two classes (1, 2, 3-4, 5-8, ...): the share of jobs and the share of
    processor-seconds, side by side (bars: the classes are categories);
  - run times: the cumulative share of jobs against the run time, log scale, one curve per stream kind;
  - the load offered day by day: processor-seconds submitted that day over the processors' day, with the
    whole stream's mean dashed.
"""

import csv
import math
import os
import sys

import matplotlib.pyplot as plt

DAY = 86400.0


def read_jobs(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [
            {
                "submit": float(r["submit_s"]),
                "width": int(r["width"]),
                "run": float(r["run_time_s"]),
                "stream": r["stream"],
            }
            for r in csv.DictReader(f)
        ]


def width_class(width):
    return 0 if width <= 1 else math.ceil(math.log2(width))


def class_label(k):
    if k == 0:
        return "1"
    low, high = 2 ** (k - 1) + 1, 2**k
    return str(high) if low == high else f"{low}-{high}"


def arrivals_by_hour(ax, jobs, days):
    counts = [0] * 24
    for j in jobs:
        counts[int((j["submit"] % DAY) // 3600)] += 1
    per_day = max(days, 1.0)
    ax.bar(range(24), [c / per_day for c in counts], width=0.8, color="tab:blue")
    ax.set_xlabel("hour of day (the stream starts at 0 h)")
    ax.set_ylabel("jobs submitted an hour (mean over days)")
    ax.set_xticks(range(0, 24, 3))
    ax.set_title("Arrivals by hour of day", fontsize=10)


def widths(ax, jobs):
    classes = sorted({width_class(j["width"]) for j in jobs})
    count = {k: 0 for k in classes}
    work = {k: 0.0 for k in classes}
    for j in jobs:
        k = width_class(j["width"])
        count[k] += 1
        work[k] += j["width"] * j["run"]
    total_work = sum(work.values()) or 1.0
    xs = range(len(classes))
    ax.bar([x - 0.2 for x in xs], [100 * count[k] / len(jobs) for k in classes], width=0.4, label="jobs",
           color="tab:blue")
    ax.bar([x + 0.2 for x in xs], [100 * work[k] / total_work for k in classes], width=0.4,
           label="processor-seconds", color="tab:orange")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([class_label(k) for k in classes], rotation=30)
    ax.set_xlabel("width (processors)")
    ax.set_ylabel("share (%)")
    ax.legend(fontsize=8)
    ax.set_title("Widths: how many jobs, how much work", fontsize=10)


def run_times(ax, jobs):
    kinds = sorted({j["stream"] for j in jobs})
    groups = [("all jobs", jobs)] if len(kinds) == 1 else [(k, [j for j in jobs if j["stream"] == k]) for k in kinds]
    for name, group in groups:
        runs = sorted(max(j["run"], 1.0) for j in group)  # a log axis: a 0 s job is drawn at 1 s
        ys = [100 * (i + 1) / len(runs) for i in range(len(runs))]
        ax.step(runs, ys, where="post", label=f"{name} ({len(runs)})")
    ax.set_xscale("log")
    ax.set_xlabel("run time (s; 0 s drawn at 1 s)")
    ax.set_ylabel("jobs running at most that long (%)")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8)
    ax.set_title("Run times, cumulative", fontsize=10)


def offered_by_day(ax, jobs, processors):
    first = jobs[0]["submit"]
    days = int((jobs[-1]["submit"] - first) // DAY) + 1
    work = [0.0] * days
    for j in jobs:
        work[int((j["submit"] - first) // DAY)] += j["width"] * j["run"]
    load = [w / (processors * DAY) for w in work]
    ax.bar(range(days), load, width=1.0, color="tab:green", align="edge")
    span = jobs[-1]["submit"] - first
    if span > 0:
        mean = sum(work) / (processors * span)
        ax.axhline(mean, color="0.3", linestyle="--", linewidth=1, label=f"whole stream: {mean:.2f}")
        ax.legend(fontsize=8)
    ax.set_xlabel("day of the stream")
    ax.set_ylabel("offered load (work submitted / capacity)")
    ax.set_title("Load offered, day by day", fontsize=10)


def main(folder, processors, title):
    jobs = read_jobs(os.path.join(folder, "jobs.csv"))
    if not jobs:
        raise SystemExit("jobs.csv holds no job")
    days = (jobs[-1]["submit"] - jobs[0]["submit"]) / DAY
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.5))
    arrivals_by_hour(axes[0][0], jobs, days)
    widths(axes[0][1], jobs)
    run_times(axes[1][0], jobs)
    offered_by_day(axes[1][1], jobs, processors)
    for ax in axes.flat:
        ax.grid(True, color="0.9", linewidth=0.6)
        ax.set_axisbelow(True)
    fig.suptitle(f"{title}: {len(jobs)} jobs over {days:.1f} days on {processors} processors", fontsize=11)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "jobs.png"), dpi=150)
    print("wrote jobs.png")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
