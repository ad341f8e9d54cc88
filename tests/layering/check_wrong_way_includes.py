#!/usr/bin/env python3
"""A wrong-way include between layers fails the build, a right-way one builds (tests/layering/CMakeLists.txt).
Arguments: cmake, the build folder, the probe list (target expect layer header per line). Exits 1 naming each
probe that did otherwise."""
import subprocess
import sys

cmake, build, listing = sys.argv[1:4]
wrong = []
for line in open(listing, encoding="utf-8"):
    target, expect, layer, header = line.split()
    run = subprocess.run([cmake, "--build", build, "--target", target], capture_output=True, text=True)
    output = run.stdout + run.stderr
    built = run.returncode == 0
    # A wrong-way probe must fail because the header is out of sight, not for any other reason.
    missing = f"{header}: No such file or directory" in output
    if expect == "right" and built:
        print(f"ok    {layer} may include {header}")
    elif expect == "wrong" and not built and missing:
        print(f"ok    {layer} cannot include {header} (not found on its include path)")
    else:
        said = "built" if built else "failed: " + (output.strip().splitlines() or ["?"])[-1]
        wrong.append(f"{layer} including {header} should {'build' if expect == 'right' else 'fail to build'}; {said}")
for w in wrong:
    print("WRONG", w)
sys.exit(1 if wrong else 0)
