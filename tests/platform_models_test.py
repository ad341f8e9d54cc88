#!/usr/bin/env python3
"""Every model that takes a platform, run over every test platform (tests/platforms/constructs: one per construct
SimGrid 3.32 supports; tests/platforms: XML twins of grid specs) and every shipped platform (platforms/): each point
runs, or the experiment is refused before the first point (exit 2, file:line:column: key: message, nothing written;
`validate` refuses the same). No crash, no internal error, no error row. Where a model has a closed form for a
platform file (dlt-star: Eqs. 1-3 with A, C and S read off the speeds and routes), the simulated face equals the
predicted one to 1e-6.

Then the outcomes this suite was written for are held: which construct platforms dlt-star runs on and why it refuses
the others, so that a platform that starts failing, or a refusal that starts passing, is seen.

usage: platform_models_test.py ISOGRID SOURCE_DIR [--counts FILE] [--extra DIR]
  --extra DIR: also every *.xml of DIR (e.g. SimGrid's examples/platforms), held to the same rules
"""
import csv
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ISOGRID, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
COUNTS = sys.argv[sys.argv.index("--counts") + 1] if "--counts" in sys.argv else None
EXTRA = os.path.abspath(sys.argv[sys.argv.index("--extra") + 1]) if "--extra" in sys.argv else None

REFUSAL = re.compile(r"^error: (\S+\.yaml):(\d+):(\d+): ([\w.\[\]-]+): (.+)$", re.M)


def platforms():
    found = sorted(glob.glob(os.path.join(SOURCE, "tests/platforms/constructs/*.xml")))
    found += sorted(glob.glob(os.path.join(SOURCE, "tests/platforms/*.xml")))  # XML twins of YAML grid specs
    for pattern in ("platforms/*.yaml", "platforms/*/*.yaml", "platforms/*.xml", "platforms/*/*.xml"):
        found += sorted(glob.glob(os.path.join(SOURCE, pattern)))
    if EXTRA:
        found += sorted(glob.glob(os.path.join(EXTRA, "*.xml")))
    return found


def facts_of(platform):
    r = subprocess.run([ISOGRID, "platform", platform, "--json"], capture_output=True, text=True, timeout=300)
    return json.loads(r.stdout) if r.returncode == 0 else None


def lbm_shape(facts, wanted_clusters, least_ranks, hosts_per_rank=1):
    """C and p for an LBM run on this platform: at most `wanted_clusters` clusters, as many ranks as the smallest of
    them holds (at most 2 ranks, at least `least_ranks`). lbm-estimation's single-cluster run takes 2p hosts."""
    if not facts:
        return wanted_clusters, least_ranks
    sizes = [len(c["hosts"]) for c in facts["clusters"]]
    c = max(1, min(wanted_clusters, len(sizes)))
    return c, max(least_ranks, min(2 if least_ranks < 2 else least_ranks, min(sizes[:c]) // hosts_per_rank))


# The parameters each model runs with, for a platform (its facts, when SimGrid loads it). Small sizes: this test is
# about what a platform lets a model do, not about the model's numbers.
def parameters(model, platform, facts):
    if model == "dlt-star":
        # V large enough that whole-byte transfers (SimGrid counts bytes in integers) stay far below 1e-6.
        return {"mode": "both", "parameters": {"V": 1e6, "unit_flops": 1e6, "unit_bytes": 100},
                "sweep": {"m": [1, 2]}}
    if model == "lbm-grid":
        c, p = lbm_shape(facts, 2, 1)
        return {"mode": "both", "parameters": {"N_x": 64, "N_y": 4, "C": c, "p": p}}
    if model == "lbm-estimation":
        c, p = lbm_shape(facts, 2, 3, hosts_per_rank=2)
        return {"mode": "both", "parameters": {"N_x": 60, "N_y": 4, "C": max(c, 2), "p": p}}
    if model == "hierarchical-farm":
        return {"mode": "both", "parameters": {"tasks": 20}}
    if model == "gph-runtime":
        return {"mode": "simulate", "parameters": {"configuration": "2E", "program": "parFib",
                                                   "program_parameters": {"n": 18, "threshold": 12}}}
    if model == "performance-modelling":  # a short campaign (the thesis's takes 20 s on a 48-host cluster)
        return {"mode": "simulate", "parameters": {"training_processors": [1, 2, 4, 8], "training_runs": [6, 6, 3, 3],
                                                   "predictions": 3}}
    raise SystemExit(f"no parameters for model {model}: add them to {__file__}")


def platform_models():
    """The models with a platform-file parameter, as `isogrid list` prints them."""
    out = subprocess.run([ISOGRID, "list", "models"], capture_output=True, text=True, check=True).stdout
    models, current = [], None
    for line in out.splitlines():
        m = re.match(r"^  (\S+)  —", line)
        if m:
            current = m.group(1)
        elif current and re.match(r"^    platform\s+file\s", line):
            models.append(current)
    return models


def yaml_of(model, platform, spec):
    lines = [f"title: {model} on {os.path.basename(platform)}", f"model: {model}", f"mode: {spec['mode']}",
             "parameters:", f"  platform: {json.dumps(platform)}"]
    for k, v in spec["parameters"].items():
        lines.append(f"  {k}: {json.dumps(v)}")
    if spec.get("sweep"):
        lines.append("sweep:")
        for k, v in spec["sweep"].items():
            lines.append(f"  {k}: {json.dumps(v)}")
    return "\n".join(lines) + "\n"


def run_one(model, platform, facts, work):
    """(outcome, detail): outcome is ran, refused or failed."""
    name = f"{model}--{os.path.basename(platform)}".replace(".", "_")
    exp = os.path.join(work, name + ".yaml")
    out = os.path.join(work, name + "-out")
    with open(exp, "w") as f:
        f.write(yaml_of(model, platform, parameters(model, platform, facts)))
    r = subprocess.run([ISOGRID, "run", exp, "--out", out, "--jobs", "2", "--no-plot"], capture_output=True, text=True,
                       timeout=900)
    text = r.stdout + r.stderr
    if r.returncode == 2:
        m = REFUSAL.search(text)
        if not m or m.group(1) != exp:
            return "failed", f"exit 2 without file:line:column: key: message: {text.strip()[:400]}"
        if os.path.exists(out):
            return "failed", f"refused but {out} was written"
        v = subprocess.run([ISOGRID, "validate", exp], capture_output=True, text=True, timeout=600)
        if v.returncode != 2 or m.group(0) not in v.stdout + v.stderr:
            return "failed", f"run refused ({m.group(0)}) but validate said (exit {v.returncode}): " \
                             f"{(v.stdout + v.stderr).strip()[:300]}"
        for bad in ("unordered_map::at", "crashed", "Segmentation", "Aborted", "terminate called", "std::"):
            if bad in text:
                return "failed", f"refused with an internal error: {m.group(0)}"
        return "refused", f"{m.group(4)}: {m.group(5)}"
    if r.returncode != 0:
        return "failed", f"exit {r.returncode}: {text.strip()[-400:]}"
    with open(os.path.join(out, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return "failed", "no rows"
    errors = [row for row in rows if row["status"] != "ok"]
    if errors:
        return "failed", f"error row: {errors[0].get('message', '')[:300]}"
    if model == "dlt-star":
        for row in rows:
            if row["pred_feasible"] != "1":
                return "failed", f"m = {row['m']}: infeasible, so Eqs. 1-3 are not compared: {row['message']}"
            pred, sim = float(row["pred_makespan"]), float(row["sim_makespan"])
            if abs(sim - pred) > 1e-6 * pred:
                return "failed", f"m = {row['m']}: simulated makespan {sim!r} against Eqs. 1-3's {pred!r}"
    shutil.rmtree(out)
    return "ran", f"{len(rows)} row(s)"


# What dlt-star must do on the construct platforms: run, or be refused for this reason (a fragment of the message).
DLT_EXPECTED = {
    "bad-unit.xml": "unknown unit: Gz",
    "bypass-routes.xml": None,
    "cabinets.xml": None,
    "cluster-backbone.xml": None,
    "cluster-no-backbone.xml": None,
    "cluster-split-duplex.xml": None,
    "config-unknown-key.xml": "unknown SimGrid setting 'network/bogus-key'",
    "dijkstra-routing.xml": None,
    "floyd-routing.xml": None,
    "full-routing.xml": None,
    "host-profiles.xml": "follows",
    "multi-core.xml": None,
    "none-routing.xml": None,
    "properties.xml": None,
    "routers-zone-routes.xml": None,
    "split-duplex-fatpipe.xml": None,
    "torus-fattree-dragonfly.xml": None,
    "vivaldi-with-links.xml": None,
    "vivaldi.xml": None,
    "wifi.xml": "crosses WIFI link",
}


def main():
    models = platform_models()
    expected_models = {"dlt-star", "lbm-grid", "lbm-estimation", "hierarchical-farm", "gph-runtime",
                       "performance-modelling"}
    problems = []
    if set(models) != expected_models:
        problems.append(f"models with a platform parameter: {sorted(models)}; "
                        f"this test knows {sorted(expected_models)}")
    plats = platforms()
    constructs = {os.path.basename(p) for p in plats if "/tests/platforms/constructs/" in p}
    if constructs != set(DLT_EXPECTED):
        problems.append(f"construct platforms {sorted(constructs ^ set(DLT_EXPECTED))} are not in DLT_EXPECTED")
    facts = {p: facts_of(p) for p in plats}
    counts = {m: {"ran": 0, "refused": 0, "failed": 0} for m in models}
    outcomes = {}
    work = tempfile.mkdtemp(prefix="isogrid-platform-models-")
    try:
        for model in models:
            for p in plats:
                outcome, detail = run_one(model, p, facts[p], work)
                counts[model][outcome] += 1
                outcomes[(model, p)] = (outcome, detail)
                print(f"{outcome:8} {model:22} {os.path.relpath(p, SOURCE)}: {detail}", flush=True)
                if outcome == "failed":
                    problems.append(f"{model} on {os.path.relpath(p, SOURCE)}: {detail}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    for name, refusal in DLT_EXPECTED.items():
        p = os.path.join(SOURCE, "tests/platforms/constructs", name)
        outcome, detail = outcomes.get(("dlt-star", p), ("missing", ""))
        if refusal is None and outcome != "ran":
            problems.append(f"dlt-star should run on {name}: {outcome}: {detail}")
        if refusal is not None and (outcome != "refused" or refusal not in detail):
            problems.append(f"dlt-star should be refused on {name} with '{refusal}': {outcome}: {detail}")

    print("\nmodel                   ran  refused  failed   (over %d platforms)" % len(plats))
    for m in models:
        c = counts[m]
        print(f"{m:22} {c['ran']:4} {c['refused']:8} {c['failed']:7}")
    if COUNTS:
        with open(COUNTS, "w") as f:
            json.dump({"platforms": [os.path.relpath(p, SOURCE) for p in plats], "counts": counts,
                       "outcomes": {f"{m} {os.path.relpath(p, SOURCE)}": o for (m, p), o in outcomes.items()}},
                      f, indent=1)
    if problems:
        print("\nFAILED:\n  " + "\n  ".join(problems))
        sys.exit(1)
    print("ok")


main()
