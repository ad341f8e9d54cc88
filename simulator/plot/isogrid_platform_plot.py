#!/usr/bin/env python3
"""Draws what `isogrid platform FILE --plot OUT.png` found in a platform: SimGrid's zone tree (each zone with its
routing and host count) and, between the clusters, the route from first host to first host (latency and narrowest
bandwidth). Input: the facts as `isogrid platform --json` prints them.

usage: isogrid_platform_plot.py FACTS.json OUT.png
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# Past this many zones, only the top levels are drawn (a generated platform can hold thousands of cluster zones).
MAX_ZONES = 80
SPACING = 2.0  # between neighbouring leaf zones, in data units (a box is about 1.5 wide)
BEND = 0.35    # how far an arc between clusters bows below their row, per unit of distance


def si(x, unit):
    if x == 0:
        return f"0 {unit}"
    for scale, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"), (1, ""), (1e-3, "m"), (1e-6, "u")):
        if abs(x) >= scale * 0.9995:
            return f"{x / scale:.3g} {prefix}{unit}"
    return f"{x:.3g} {unit}"


def depths(zones):
    out = []
    for z in zones:
        d, p = 0, z["parent"]
        while p >= 0:
            d, p = d + 1, zones[p]["parent"]
        out.append(d)
    return out


def layout(zones, shown):
    """x by leaf order (a depth-first walk), a parent centred over its children; y by depth."""
    children = {i: [] for i in range(len(zones))}
    for i, z in enumerate(zones):
        if z["parent"] >= 0 and i in shown:
            children[z["parent"]].append(i)
    pos, next_x = {}, [0.0]

    def place(i, depth):
        kids = [k for k in children[i] if k in shown]
        for k in kids:
            place(k, depth + 1)
        x = sum(pos[k][0] for k in kids) / len(kids) if kids else next_x[0]
        if not kids:
            next_x[0] += SPACING
        pos[i] = (x, -float(depth))

    roots = [i for i, z in enumerate(zones) if z["parent"] < 0]
    for r in roots:
        place(r, 0)
    return pos


def main(facts_path, out_path):
    with open(facts_path) as f:
        facts = json.load(f)
    zones = facts.get("zones", [])
    if not zones:
        raise SystemExit("no zones in the facts (a grid spec read off the spec has none: run through SimGrid)")
    d = depths(zones)
    max_depth = max(d)
    while sum(1 for x in d if x <= max_depth) > MAX_ZONES and max_depth > 0:
        max_depth -= 1
    shown = {i for i, x in enumerate(d) if x <= max_depth}
    pos = layout(zones, shown)

    leaves = [i for i in shown if not any(zones[k]["parent"] == i for k in shown)]
    xs = [p[0] for p in pos.values()]
    by_name = {zones[i]["name"]: i for i in shown}
    clusters = facts.get("clusters", [])

    # One arc per pair of clusters (their routes both ways usually agree): solid for a route, dashed for none.
    arcs, seen = [], set()
    for r in facts.get("cluster_routes", []):
        a, b = r["from"], r["to"]
        if a == b or (b, a) in seen:
            continue
        za, zb = by_name.get(clusters[a]["name"]), by_name.get(clusters[b]["name"])
        if za is None or zb is None:
            continue
        seen.add((a, b))
        (xa, ya), (xb, yb) = sorted([pos[za], pos[zb]])
        if r["kind"] == "0":
            arcs.append((xa, ya, xb, yb, "0.6", "--", "no route"))
            continue
        color = {"w": "tab:orange", "p": "tab:purple"}.get(r["kind"], "tab:blue")
        bw = "no link" if r["links"] == 0 else "Wi-Fi" if r["kind"] == "w" else si(r["bandwidth"], "B/s")
        arcs.append((xa, ya, xb, yb, color, "-", f"{si(r['latency'], 's')}, {bw}"))
    deepest = max([BEND * (xb - xa) / 2 for xa, _, xb, _, _, _, _ in arcs] + [0.0])
    lowest = -float(max_depth) - 0.6 - deepest
    fig, ax = plt.subplots(figsize=(min(3.0 + 1.3 * len(leaves), 40), 2.0 + 1.3 * (max_depth + 1) + 1.3 * deepest))
    for i in shown:
        p = zones[i]["parent"]
        if p >= 0 and p in shown:
            ax.plot([pos[p][0], pos[i][0]], [pos[p][1], pos[i][1]], color="0.75", lw=1, zorder=1)
    for xa, ya, xb, yb, color, style, label in arcs:
        # Left to right with a positive bend: the arc bows below the row of boxes.
        ax.annotate("", xy=(xb, yb - 0.25), xytext=(xa, ya - 0.25),
                    arrowprops=dict(arrowstyle="-", color=color, lw=1.5, ls=style, shrinkA=0, shrinkB=0,
                                    connectionstyle=f"arc3,rad={BEND}"), zorder=2)
        ax.text((xa + xb) / 2, min(ya, yb) - 0.25 - BEND * (xb - xa) / 2, label, ha="center", va="top", fontsize=7,
                color=color, zorder=3, bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none"))

    for i in shown:
        z = zones[i]
        x, y = pos[i]
        label = f"{z['name']}\n{z['routing']}, {z['hosts']} host{'s' if z['hosts'] != 1 else ''}"
        face = "#dbe9f6" if z["name"] in {c["name"] for c in clusters} else "#f2f2f2"
        ax.text(x, y, label, ha="center", va="center", fontsize=8, zorder=4,
                bbox=dict(boxstyle="round,pad=0.35", fc=face, ec="0.4"))

    hidden = len(zones) - len(shown)
    title = f"{os.path.basename(facts.get('file', ''))}: {len(facts.get('hosts', []))} hosts, {len(zones)} zones"
    if hidden:
        title += f" ({hidden} deeper zones not drawn)"
    ax.set_title(title, fontsize=9)
    ax.text(0.0, 0.0, "blue boxes: clusters (zones under the root that hold hosts)\n"
            "arcs: route between two clusters' first hosts (latency, narrowest bandwidth);\n"
            "orange: over Wi-Fi, purple: over a link that follows a profile, dashed: no route",
            transform=ax.transAxes, fontsize=7, color="0.3", va="bottom")
    ax.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    ax.set_ylim(lowest - 0.6, 0.6)
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(out_path, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
