#!/usr/bin/env python3
"""docs/architecture.md draws the layers' link graph (the ```mermaid block that names isogrid_core); CMake writes
the graph it builds with (build/layer_graph.txt, from each layer's LINK_LIBRARIES). The two must be the same
edges. Arguments: the graph file, the architecture page. Exits 1 listing what differs."""
import re
import sys

graph_file, page = sys.argv[1:3]
built = {tuple(line.split(" -> ")) for line in open(graph_file, encoding="utf-8").read().splitlines() if line}
text = open(page, encoding="utf-8").read()
blocks = [b for b in re.findall(r"```mermaid\n(.*?)```", text, re.S) if "isogrid_core" in b]
if len(blocks) != 1:
    sys.exit(f"{page}: expected one mermaid drawing of the layers, found {len(blocks)}")
drawn = set(re.findall(r"^\s*(\w+)\s*-->\s*(\w+)\s*$", blocks[0], re.M))
for a, b in sorted(built - drawn):
    print(f"CMake links {a} -> {b}, the drawing does not")
for a, b in sorted(drawn - built):
    print(f"the drawing has {a} --> {b}, CMake does not link it")
print(f"{len(built)} edges in CMake, {len(drawn)} drawn")
sys.exit(0 if built == drawn else 1)
