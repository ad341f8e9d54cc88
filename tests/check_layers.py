#!/usr/bin/env python3
"""Layers point one way (../shared/ARCHITECTURE.md, principle 9), checked on every #include of the tree:
base/ includes only base/; policies/ includes only base/ and policies/ (no SimGrid, no harness);
simulator/ includes nothing from policies/ or workloads/ (no particular model); plugin/ (what a plugin adds to)
includes base/, policies/ and simulator/, never workloads/; the command line (app/) is on top. The build enforces
the same between targets (tests/layering); this check also keeps SimGrid's headers in simulator/sg/, which no
include path can (a model links the adapters, and with them SimGrid). Exits 1 listing each breach."""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
# folder -> project folders its files may include from (other project folders are refused)
ALLOWED = {
    "base": {"base"},
    "policies": {"base", "policies"},
    "simulator": {"base", "simulator"},
    "plugin": {"base", "policies", "simulator", "plugin"},
}
PROJECT = {"base", "policies", "simulator", "plugin", "workloads", "app", "tests", "bench"}
FOREIGN = {"simgrid", "xbt"}  # SimGrid's own headers: only simulator/sg may include them


def breaches():
    for layer, allowed in ALLOWED.items():
        for folder, _, files in os.walk(os.path.join(ROOT, layer)):
            for name in sorted(files):
                if not name.endswith((".hpp", ".cpp", ".h")):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, ROOT)
                in_sg = rel.startswith(os.path.join("simulator", "sg") + os.sep)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        top = m.group(1).split("/")[0]
                        if top in PROJECT and top not in allowed:
                            yield f"{rel}:{number}: {layer}/ includes {m.group(1)}"
                        if top in FOREIGN and not in_sg:
                            yield f"{rel}:{number}: only simulator/sg/ includes SimGrid ({m.group(1)})"


found = list(breaches())
for b in found:
    print(b)
print(f"{len(found)} layer breach(es)")
sys.exit(1 if found else 0)
