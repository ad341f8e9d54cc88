#!/usr/bin/env python3
"""The C++ half of the plot contract: every shipped experiment's plots, as `isogrid validate --print-plots` writes
them (what run.json holds), validate against simulator/plot/plot_spec.schema.json, the one schema the plotting
package also checks every spec against. Also proves the schema refuses what it should, so that the check can fail.

    /usr/bin/python3 tests/plot_spec_schema_test.py BINARY SOURCE_DIR
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema

binary, source = sys.argv[1], sys.argv[2]
with open(os.path.join(source, "simulator/plot/plot_spec.schema.json"), encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)

failures = []
specs = 0
files = sorted(p for p in glob.glob(os.path.join(source, "experiments/*/*.yaml")) if not p.endswith("paper.yaml"))
for path in files:
    run = subprocess.run([binary, "validate", path, "--print-plots"], capture_output=True, text=True)
    if run.returncode != 0:
        failures.append(f"{path}: isogrid validate failed: {run.stderr.strip()}")
        continue
    for i, spec in enumerate(json.loads(run.stdout)):
        specs += 1
        for e in validator.iter_errors(spec):
            failures.append(f"{path}: plot {i + 1}: {'/'.join(map(str, e.path))}: {e.message}")

# The schema must be able to say no.
refused = [
    {"kind": "pie", "file": "a.png"},
    {"kind": "contour", "file": "a.png", "x": "m", "y": "V"},                  # no z
    {"kind": "line", "file": "a.png", "x": "m", "y": ["e"], "log_x": "yes"},   # not a boolean
    {"kind": "line", "file": "a.png", "x": "m", "y": ["e"], "colour": "red"},  # no such property
    {"kind": "line", "file": "results.csv", "x": "m", "y": ["e"]},             # a file the run writes itself
    {"kind": "line", "file": ".png", "x": "m", "y": ["e"]},                    # no name
    {"kind": "parity", "file": "a.png", "metric": "t", "band": 1.5},           # a band is below 1
    {"kind": "line", "file": "../a.png", "x": "m", "y": ["e"]},                # a plain file name
]
for spec in refused:
    if validator.is_valid(spec):
        failures.append(f"the schema accepts {spec}")

print(f"{len(files)} experiments, {specs} plot specs checked")
for f in failures:
    print(f)
sys.exit(1 if failures or specs == 0 else 0)
