#!/usr/bin/env python3
"""Draws what `isogrid platform FILE --plot OUT.png` found in a platform: SimGrid's zone tree (each zone with its
routing and host count, each cluster with its hosts' speeds), a small cluster's hosts as a star (its first host at
the hub, every other host at the end of its spoke, each spoke's latency and narrowest bandwidth written on it, or
once when they are all alike), a larger cluster's route between two of its hosts, and, between the clusters, the
route from first host to first host (latency and narrowest bandwidth, written on its arc; one line under all of them
when every pair is alike). Input: the facts as `isogrid platform --json` prints them.

usage: isogrid_platform_plot.py FACTS.json OUT.png
"""
import collections
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

# Past this many zones, only the top levels are drawn (a generated platform can hold thousands of cluster zones).
MAX_ZONES = 80
# Past this many clusters, or this many hosts in a cluster, hosts are not drawn one by one (the cluster's box says
# the route between two of its hosts instead).
MAX_STAR_CLUSTERS = 8
MAX_STAR_HOSTS = 16  # simulator/sg/platform_check.cpp probes spokes up to as many hosts (kSpokesUpTo)
SPACING = 2.0  # between neighbouring leaf zones, in data units (a box is about 1.5 wide)
HOST_SPACING = 0.55  # between the hosts at the ends of a star's spokes
BEND = 0.35  # how far an arc between clusters bows below the clusters, per unit of distance
ROUTE_COLORS = {"w": "tab:orange", "p": "tab:purple", "0": "0.6"}


def si(x, unit):
    if x == 0:
        return f"0 {unit}"
    for scale, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"), (1, ""), (1e-3, "m"), (1e-6, "µ")):
        if abs(x) >= scale * 0.9995:
            return f"{x / scale:.3g} {prefix}{unit}"
    return f"{x:.3g} {unit}"


def route_text(r):
    """'100 ms, 25.9 kB/s': a route's latency and narrowest bandwidth (or why it has none)."""
    if r["kind"] == "0":
        return "no route"
    bw = "no link" if r["links"] == 0 else "Wi-Fi" if r["kind"] == "w" else si(r["bandwidth"], "B/s")
    return f"{si(r['latency'], 's')}, {bw}"


def speeds_text(speeds, cores):
    """'1 Gf/s', '585-621 Mf/s', with ' x 4 cores' when every host has several."""
    lo, hi = min(speeds), max(speeds)
    text = si(lo, "f/s") if np.isclose(lo, hi, rtol=1e-6) else f"{si(lo, 'f/s')} to {si(hi, 'f/s')}"
    if min(cores) > 1:
        text += f" × {min(cores)}" + (f"-{max(cores)}" if max(cores) != min(cores) else "") + " cores"
    return text


def depths(zones):
    out = []
    for z in zones:
        d, p = 0, z["parent"]
        while p >= 0:
            d, p = d + 1, zones[p]["parent"]
        out.append(d)
    return out


def layout(zones, shown, width_of):
    """x by leaf order (a depth-first walk), each leaf as wide as width_of(zone) says, a parent centred over its
    children; y by depth."""
    children = {i: [] for i in range(len(zones))}
    for i, z in enumerate(zones):
        if z["parent"] >= 0 and i in shown:
            children[z["parent"]].append(i)
    pos, next_x = {}, [0.0]

    def place(i, depth):
        kids = [k for k in children[i] if k in shown]
        for k in kids:
            place(k, depth + 1)
        if kids:
            x = sum(pos[k][0] for k in kids) / len(kids)
        else:
            w = width_of(i)
            x = next_x[0] + w / 2
            next_x[0] += w
        pos[i] = (x, -float(depth))

    for r in [i for i, z in enumerate(zones) if z["parent"] < 0]:
        place(r, 0)
    return pos


def bezier(xa, xb, y, depth, n=60):
    """A quadratic curve from (xa, y) to (xb, y) bowing `depth` below them at its middle, in data units (so that a
    label put at its middle sits on it whatever the figure's aspect)."""
    t = np.linspace(0, 1, n)
    control = y - 2 * depth
    return xa + (xb - xa) * t, (1 - t) ** 2 * y + 2 * t * (1 - t) * control + t ** 2 * y


def label_on(ax, x, y, text, color, size=7):
    ax.text(x, y, text, ha="center", va="center", fontsize=size, color=color, zorder=5,
            bbox=dict(boxstyle="square,pad=0.12", fc="white", ec="none"))


def draw_star(ax, facts, cluster_index, x, y_box, y_hosts):
    """A cluster's hosts: its first host at the hub under the box, the others along a row below, each at the end of
    its spoke; the spokes' routes written once when alike, else each on its spoke."""
    cluster = facts["clusters"][cluster_index]
    names, info = facts["hosts"], facts["host_info"]
    index = {n: i for i, n in enumerate(names)}
    spokes = [s for s in facts.get("spokes", []) if s["from"] == cluster_index]
    hub = index[cluster["hosts"][0]]
    y_hub = y_box - 0.55
    ends = [s["to"] for s in spokes]
    xs = x + (np.arange(len(ends)) - (len(ends) - 1) / 2) * HOST_SPACING
    texts = [route_text(s) for s in spokes]
    alike = len(set(texts)) == 1
    rotate = len(ends) > (3 if not alike else 5)
    for s, xe in zip(spokes, xs):
        color = ROUTE_COLORS.get(s["kind"], "tab:blue")
        ax.plot([x, xe], [y_hub, y_hosts], color=color, lw=1.0, ls="--" if s["kind"] == "0" else "-", zorder=2)
    ax.plot(list(xs), [y_hosts] * len(xs), "o", color="0.25", ms=4, zorder=3)
    ax.plot([x], [y_hub], "s", color="0.1", ms=6, zorder=3)
    ax.text(x + 0.12, y_hub, f"{names[hub]} ({si(info[hub]['speed'], 'f/s')})", fontsize=6.5, va="center",
            ha="left", zorder=5, bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none"))
    # Each host's name and speed at the end of its spoke, and the spoke's route under them when spokes differ.
    for i, xe, text in zip(ends, xs, texts):
        label = f"{names[i]}\n{si(info[i]['speed'], 'f/s')}" + ("" if alike else f"\n{text}")
        ax.text(xe, y_hosts - 0.1, label, fontsize=5.5, ha="center", va="top", rotation=90 if rotate else 0,
                zorder=5)
    if alike and spokes:
        return f"each spoke: {texts[0]}"
    return None


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
    clusters = facts.get("clusters", [])
    cluster_of_zone = {}
    for c, cl in enumerate(clusters):
        for i in shown:
            if zones[i]["name"] == cl["name"]:
                cluster_of_zone[i] = c
    spoked = {s["from"] for s in facts.get("spokes", [])}
    stars = {c for c in spoked if len(clusters[c]["hosts"]) <= MAX_STAR_HOSTS}
    if len(clusters) > MAX_STAR_CLUSTERS:
        stars = set()

    def width_of(i):
        c = cluster_of_zone.get(i)
        if c in stars:
            return max(SPACING, HOST_SPACING * (len(clusters[c]["hosts"]) - 1) + 0.9)
        return SPACING

    pos = layout(zones, shown, width_of)
    xs = [p[0] for p in pos.values()]
    box_row = -float(max_depth)
    y_hosts = box_row - 1.6
    below = y_hosts - 1.05 if stars else box_row - 0.6  # where routes between clusters start

    span = max(pos[i][0] + width_of(i) / 2 for i in shown) - min(pos[i][0] - width_of(i) / 2 for i in shown)
    fig_w = min(2.0 + 1.1 * span, 40)
    # Routes between clusters: one arc per pair (their routes both ways usually agree), or one line when all alike.
    by_name = {zones[i]["name"]: i for i in shown}
    pairs, seen = [], set()
    for r in facts.get("cluster_routes", []):
        a, b = r["from"], r["to"]
        if a == b or (b, a) in seen:
            continue
        za, zb = by_name.get(clusters[a]["name"]), by_name.get(clusters[b]["name"])
        if za is None or zb is None:
            continue
        seen.add((a, b))
        pairs.append((sorted([pos[za][0], pos[zb][0]]), r))
    alike = len(pairs) > 1 and len({route_text(r) for _, r in pairs}) == 1
    deepest = 0.4 if alike else max([BEND * (xb - xa) / 2 for (xa, xb), _ in pairs] + [0.0])
    lowest = below - deepest - 0.5 if pairs else (y_hosts - 1.0 if stars else box_row - 0.5)
    fig, ax = plt.subplots(figsize=(fig_w, 2.2 + 1.15 * (0.6 - lowest)))

    for i in shown:
        p = zones[i]["parent"]
        if p >= 0 and p in shown:
            ax.plot([pos[p][0], pos[i][0]], [pos[p][1], pos[i][1]], color="0.75", lw=1, zorder=1)
    notes = collections.OrderedDict()
    for i in shown:
        z = zones[i]
        x, y = pos[i]
        label = f"{z['name']}\n{z['routing']}, {z['hosts']} host{'s' if z['hosts'] != 1 else ''}"
        c = cluster_of_zone.get(i)
        face = "#f2f2f2"
        if c is not None:
            face = "#dbe9f6"
            members = [facts["hosts"].index(h) for h in clusters[c]["hosts"]]
            info = [facts["host_info"][k] for k in members]
            label += "\n" + speeds_text([h["speed"] for h in info], [h["cores"] for h in info])
            inside = [r for r in facts.get("cluster_routes", []) if r["from"] == c and r["to"] == c]
            if c in stars:
                note = draw_star(ax, facts, c, x, y, y_hosts)
                if note:
                    ax.text(x, y_hosts - 0.75, note, fontsize=6.5, ha="center", va="top", color="tab:blue", zorder=5,
                            bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none"))
            elif inside:
                label += f"\nbetween two hosts: {route_text(inside[0])}"
        ax.text(x, y, label, ha="center", va="center", fontsize=8, zorder=4,
                bbox=dict(boxstyle="round,pad=0.35", fc=face, ec="0.4"))

    if stars and pairs:
        # A faint line from each cluster down past its star to where its routes to the others start.
        for x in sorted({v for p in pairs for v in p[0]}):
            ax.plot([x, x], [y_hosts - 0.55, below], color="0.8", lw=0.8, ls=":", zorder=1)
    if alike:
        (xa, _), r = min(pairs, key=lambda p: p[0][0])
        x0 = min(p[0][0] for p in pairs)
        x1 = max(p[0][1] for p in pairs)
        ax.plot([x0, x1], [below - deepest] * 2, color=ROUTE_COLORS.get(r["kind"], "tab:blue"), lw=1.5, zorder=2)
        top = below if stars else box_row - 0.3  # from under each box, or from under each star
        for x in sorted({v for p in pairs for v in p[0]}):
            ax.plot([x, x], [top, below - deepest], color=ROUTE_COLORS.get(r["kind"], "tab:blue"), lw=1.0, zorder=2)
        label_on(ax, (x0 + x1) / 2, below - deepest, f"between every two clusters: {route_text(r)}",
                 ROUTE_COLORS.get(r["kind"], "tab:blue"), size=7.5)
    else:
        for (xa, xb), r in pairs:
            color = ROUTE_COLORS.get(r["kind"], "tab:blue")
            depth = BEND * (xb - xa) / 2
            bx, by = bezier(xa, xb, below, depth)
            ax.plot(bx, by, color=color, lw=1.5, ls="--" if r["kind"] == "0" else "-", zorder=2)
            label_on(ax, (xa + xb) / 2, below - depth, route_text(r), color)

    hidden = len(zones) - len(shown)
    title = f"{os.path.basename(facts.get('file', ''))}: {len(facts.get('hosts', []))} hosts, {len(zones)} zones"
    if hidden:
        title += f" ({hidden} deeper zones not drawn)"
    ax.set_title(title, fontsize=9)
    legend = ["blue boxes: clusters (zones under the root that hold hosts), with their hosts' speeds"]
    if stars:
        legend.append("stars: a cluster's first host (square) and its route to each other host (latency, narrowest "
                      "bandwidth)")
    legend.append("lines between clusters: the route between their first hosts (latency, narrowest bandwidth)")
    legend.append("orange: over Wi-Fi, purple: over a link that follows a profile, dashed: no route")
    ax.text(0.0, 0.0, "\n".join(legend), transform=ax.transAxes, fontsize=7, color="0.3", va="bottom")
    # The stars' widest rows too, not only the boxes.
    left = min(xs + [pos[i][0] - width_of(i) / 2 for i in cluster_of_zone])
    right = max(xs + [pos[i][0] + width_of(i) / 2 for i in cluster_of_zone])
    ax.set_xlim(left - 0.6, right + 0.6)
    ax.set_ylim(lowest - 0.9, 0.6)
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(out_path, dpi=110, metadata={"Software": None})


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
