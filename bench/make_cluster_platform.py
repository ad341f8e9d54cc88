#!/usr/bin/env python3
"""A SimGrid XML cluster-of-clusters for the platform-size benchmarks (bench/platform_sweep.sh): C clusters of H
hosts (1 Gf, 125 MB/s links, a 2.25 GB/s backbone), each behind a 10 MB/s, 5 ms uplink, every two clusters routed
through their two uplinks. Hosts are named c<k>-<i>.

usage: make_cluster_platform.py CLUSTERS HOSTS OUT.xml"""
import sys


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    clusters, hosts, path = int(argv[0]), int(argv[1]), argv[2]
    lines = ['<?xml version="1.0"?>', '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">',
             '<platform version="4.1">', '<zone id="world" routing="Full">']
    for c in range(clusters):
        lines.append(f'  <cluster id="c{c}" prefix="c{c}-" suffix="" radical="0-{hosts - 1}" speed="1Gf" '
                     f'bw="125MBps" lat="50us" bb_bw="2.25GBps" bb_lat="500us"/>')
    for c in range(clusters):
        lines.append(f'  <link id="up{c}" bandwidth="10MBps" latency="5ms"/>')
    for a in range(clusters):
        for b in range(a + 1, clusters):
            lines.append(f'  <zoneRoute src="c{a}" dst="c{b}" gw_src="c{a}-c{a}_router" gw_dst="c{b}-c{b}_router">'
                         f'<link_ctn id="up{a}"/><link_ctn id="up{b}"/></zoneRoute>')
    lines += ['</zone>', '</platform>']
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
