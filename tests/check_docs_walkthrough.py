#!/usr/bin/env python3
"""docs/architecture.md's walkthrough quotes the example model: every ```cpp block under "## Adding a model" must
appear verbatim in workloads/examples/token_ring_model.{hpp,cpp}, so the page cannot drift from the code CI builds."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
with open(os.path.join(root, "docs/architecture.md"), encoding="utf-8") as f:
    page = f.read()
section = page[page.index("## Adding a model"):]
blocks = re.findall(r"```cpp\n(.*?)```", section, re.S)
source = ""
for name in ("token_ring_model.hpp", "token_ring_model.cpp"):
    with open(os.path.join(root, "workloads/examples", name), encoding="utf-8") as f:
        source += f.read()
stale = [b for b in blocks if b.strip() not in source]
for b in stale:
    print("not in workloads/examples/token_ring_model.*:\n" + b)
print(f"{len(blocks)} code block(s), {len(stale)} stale")
sys.exit(1 if stale or len(blocks) < 3 else 0)
