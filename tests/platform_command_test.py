#!/usr/bin/env python3
"""`isogrid platform FILE`: the facts it reports for the construct platforms (tests/platforms/constructs), held to
the routes each file's header comment works out by hand, and SimGrid's refusals as one line with the file's line.

usage: platform_command_test.py ISOGRID SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

ISOGRID, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
CONSTRUCTS = os.path.join(SOURCE, "tests/platforms/constructs")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL", what)


def run(*args):
    return subprocess.run([ISOGRID, "platform", *args], capture_output=True, text=True, timeout=300)


def facts(name):
    r = run(os.path.join(CONSTRUCTS, name), "--json")
    check(r.returncode == 0, f"{name}: exit {r.returncode}: {r.stderr.strip()}")
    return json.loads(r.stdout) if r.returncode == 0 else {}


def near(x, y, tol=1e-9):
    return abs(x - y) <= tol * max(1.0, abs(y))


def cluster_route(f, a, b):
    names = [c["name"] for c in f["clusters"]]
    for r in f["cluster_routes"]:
        if names[r["from"]] == a and names[r["to"]] == b:
            return r
    return None


def route_kind(f, a, b):
    return f["routes"][f["hosts"].index(a)][f["hosts"].index(b)]


# Zone routes through router gateways, a split-duplex trunk used UP one way and DOWN the other.
f = facts("routers-zone-routes.xml")
check(f["hosts"] == ["e1", "e2", "n1", "n2", "s1", "s2"], f"routers-zone-routes hosts: {f['hosts']}")
check([c["name"] for c in f["clusters"]] == ["north", "south", "east"], "routers-zone-routes: clusters in file order")
check(f["zones"][0]["name"] == "country" and f["zones"][0]["hosts"] == 6, "the root zone counts the hosts below it")
check({z["routing"] for z in f["zones"]} == {"Full"}, "every zone routes Full")
r = cluster_route(f, "north", "south")  # n1-lan, trunk-ns_UP, s1-lan: 1 + 10 + 1 ms, narrowest 10 MBps
check(r and r["links"] == 3 and near(r["latency"], 0.012) and near(r["bandwidth"], 10e6), f"north->south: {r}")
r = cluster_route(f, "north", "north")  # n1 -> n2 over both LAN links
check(r and r["links"] == 2 and near(r["latency"], 0.002) and near(r["bandwidth"], 100e6), f"north itself: {r}")
r = cluster_route(f, "south", "east")  # s1-lan, trunk-se, e1-lan: 1 + 7 + 1 ms, 30 MBps
check(r and near(r["latency"], 0.009) and near(r["bandwidth"], 30e6), f"south->east: {r}")
check(all(c == "1" for row in f["routes"] for c in row), "every host pair of routers-zone-routes is wired")

# Vivaldi: no link at all, latency from the coordinates (first two hosts in natural order: berlin, madrid).
f = facts("vivaldi.xml")
check(f["zones"][0]["routing"] == "Vivaldi", "vivaldi.xml's zone routes Vivaldi")
r = cluster_route(f, "internet", "internet")  # berlin (3,4,h2) -> madrid (6,0,h0.5): 5 + 2 + 0.5 ms
check(r and r["kind"] == "1" and r["links"] == 0 and near(r["latency"], 0.0075), f"berlin->madrid: {r}")
check(all(c == "1" for row in f["routes"] for c in row), "a latency-only route is a route")

# A zone with routing None beside a working cluster: its hosts have no route, the cluster's do.
f = facts("none-routing.xml")
check(route_kind(f, "node-0", "node-1") == "1", "none-routing: the cluster's hosts reach each other")
check(route_kind(f, "node-0", "offline-a") == "0", "none-routing: no route into the None zone")
check(route_kind(f, "offline-a", "offline-b") == "0", "none-routing: no route inside the None zone")
check([z["routing"] for z in f["zones"] if z["name"] == "unrouted"] == ["None"], "the None zone is reported as None")

# Wi-Fi: routes between stations cross the WIFI link, and say which one.
f = facts("wifi.xml")
check(route_kind(f, "sta-1", "sta-2") == "w", "wifi: station to station is a Wi-Fi route")
check(route_kind(f, "desk-1", "desk-2") == "1", "wifi: the wired zone stays wired")
notes = list(f["route_notes"].values()) if isinstance(f["route_notes"], dict) else [n for _, n in f["route_notes"]]
check(any("crosses WIFI link ap-radio" in n and "wifi.xml:" in n for n in notes), f"wifi notes: {notes[:2]}")

# Profiles: which host follows what, from the file (S4U has no getter).
f = facts("host-profiles.xml")
profiles = {h: i["profile"] for h, i in zip(f["hosts"], f["host_info"])}
check("state_file host-off-at-0.profile" in profiles.get("dead", ""), f"host-profiles: dead: {profiles}")
check("kind=SPEED" in profiles.get("throttled", ""), f"host-profiles: throttled: {profiles}")

# Cores, pstates, properties.
f = facts("multi-core.xml")
cores = sorted({i["cores"] for i in f["host_info"]})
check(4 in cores and 8 in cores, f"multi-core: cores {cores}")
check(max(i["pstates"] for i in f["host_info"]) == 2, "multi-core: a host with two pstates")
f = facts("properties.xml")
check(any("mhz" in i["properties"] for i in f["host_info"]), "properties: a host's mhz property")
check(any(z["properties"] for z in f["zones"]), "properties: a zone's properties")

# SimGrid's refusals: one line, exit 2, the file's line.
r = run(os.path.join(CONSTRUCTS, "bad-unit.xml"))
check(r.returncode == 2 and r.stdout == "", f"bad-unit: exit {r.returncode}")
check(len(r.stderr.strip().splitlines()) == 1 and "bad-unit.xml:10: unknown unit: Gz" in r.stderr,
      f"bad-unit: {r.stderr.strip()}")
r = run(os.path.join(CONSTRUCTS, "config-unknown-key.xml"))
check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, f"config key: exit {r.returncode}, {r.stderr}")
check("config-unknown-key.xml:8:5: unknown SimGrid setting 'network/bogus-key'" in r.stderr and
      "Existing config keys" not in r.stderr, f"config key: {r.stderr.strip()[:300]}")
with tempfile.TemporaryDirectory() as tmp:
    star = os.path.join(tmp, "star.xml")
    with open(star, "w") as out:  # routing="Star" exists in C++ only: SimGrid's xbt_die, not an exception
        out.write('<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n'
                  '<platform version="4.1">\n  <zone id="z" routing="Star">\n'
                  '    <host id="a" speed="1Gf"/>\n  </zone>\n</platform>\n')
    r = run(star)
    check(r.returncode == 2 and r.stderr.strip() == f"error: {star}: Not a valid model!",
          f"star: exit {r.returncode}: {r.stderr.strip()[:300]}")

    # The text report and the drawing.
    r = run(os.path.join(CONSTRUCTS, "routers-zone-routes.xml"), "--plot", os.path.join(tmp, "zones.png"))
    check(r.returncode == 0, f"--plot: exit {r.returncode}: {r.stderr}")
    lines = r.stdout.splitlines()
    check(any(l.split()[:5] == ["north", "south", "3", "12", "ms"] and "10 MB/s" in l for l in lines),
          "the text lists north -> south: 3 links, 12 ms, 10 MB/s")
    check("Host pairs: 30 of 30 routed" in r.stdout, "the text counts the routed host pairs")
    png = os.path.join(tmp, "zones.png")
    check(os.path.exists(png) and os.path.getsize(png) > 5000, "--plot writes a PNG")
    check(sorted(os.listdir(tmp)) == ["star.xml", "zones.png"], f"--plot leaves nothing else: {os.listdir(tmp)}")

if failures:
    print(f"\n{len(failures)} check(s) failed")
    sys.exit(1)
print("ok")
