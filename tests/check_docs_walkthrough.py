#!/usr/bin/env python3
"""docs/architecture.md's walkthrough quotes its example model: every ```cpp block under "## Adding a model" must
appear verbatim in the model's files, which the section names first as `workloads/<folder>/<name>.{hpp,cpp}`, so
the page cannot drift from the code CI builds."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
with open(os.path.join(root, "docs/architecture.md"), encoding="utf-8") as f:
    page = f.read()
section = page[page.index("## Adding a model"):]
named = re.search(r"`(workloads/[\w/]+)\.\{hpp,cpp\}`", section)
if not named:
    sys.exit("the walkthrough names no `workloads/<folder>/<name>.{hpp,cpp}`")
blocks = re.findall(r"```cpp\n(.*?)```", section, re.S)
source = ""
for ext in ("hpp", "cpp"):
    with open(os.path.join(root, f"{named.group(1)}.{ext}"), encoding="utf-8") as f:
        source += f.read()
stale = [b for b in blocks if b.strip() not in source]
for b in stale:
    print(f"not in {named.group(1)}.*:\n" + b)
print(f"{len(blocks)} code block(s), {len(stale)} stale")
sys.exit(1 if stale or len(blocks) < 3 else 0)
