#!/usr/bin/env bash
# Proves that a model and a policy family are added with zero edits outside their own folders
# (tests/new_folders/README.md): copies the two folders of tests/new_folders/ into the tree, rebuilds BUILD (default
# build), checks what the catalog lists, runs an experiment of the new model and their suites, checks that git sees
# nothing changed but the two new folders, then takes them out again.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
model=workloads/hello
family=policies/greeting
[ ! -e "$model" ] && [ ! -e "$family" ] || { echo "$model or $family exists already" >&2; exit 1; }
work="$(mktemp -d)"
cleanup() {
  rm -rf "$model" "$family" "$work"
  cmake -S . -B "$build" >/dev/null  # the build forgets the two folders again
}
trap cleanup EXIT
# What git sees outside the two new folders must be the same after the build and the run as before the copy: no tracked
# file edited, nothing generated into the source tree.
outside() { git status --porcelain --untracked-files=all | grep -v "^?? $model/\|^?? $family/" || true; }
before="$(outside)"
same_outside() {
  local now
  now="$(outside)"
  [ "$now" = "$before" ] && return 0
  echo "files outside the two new folders differ $1:" >&2
  diff <(echo "$before") <(echo "$now") >&2 || true
  exit 1
}
cp -r tests/new_folders/workloads/hello "$model"
cp -r tests/new_folders/policies/greeting "$family"

# A plain `cmake --build` would find the new folders itself (their CMakeLists.txt are globbed with CONFIGURE_DEPENDS);
# configuring first lets the targets be named.
cmake -S . -B "$build" >"$work/configure.log" 2>&1 || { tail -40 "$work/configure.log" >&2; exit 1; }
cmake --build "$build" -j "$(nproc)" --target isogrid test_hello test_greeting >"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log" >&2; exit 1; }
# Into files, not `| grep -q`: grep leaving at the first match would end the listing by SIGPIPE, which pipefail reports
# as a failure.
"$build/isogrid" list models >"$work/models.txt"
"$build/isogrid" list policies >"$work/policies.txt"
grep -q "^  hello  " "$work/models.txt" || { echo "isogrid list models does not show hello" >&2; exit 1; }
grep -q "one-by-one" "$work/policies.txt" || { echo "isogrid list policies lacks the greeting family" >&2; exit 1; }
cat >"$work/hello.yaml" <<'YAML'
title: hello, from a folder of its own
model: hello
mode: both
sweep:
  people: [1, 4]
  greeting: [one-by-one, all-at-once]
YAML
"$build/isogrid" run "$work/hello.yaml" --out "$work/out" --no-plot --no-progress --jobs 2 >/dev/null
python3 - "$work/out/results.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 4, rows
for r in rows:
    expected = float(r["people"]) if r["greeting"] == "one-by-one" else 1.0
    assert float(r["pred_seconds"]) == expected, r
    assert abs(float(r["sim_seconds"]) - expected) < 1e-9, r
print(f"hello: {len(rows)} points, simulated = closed form")
PY
"$build/tests/test_hello" --gtest_brief=1
"$build/tests/test_greeting" --gtest_brief=1
same_outside "after the build and the run"
echo "a model and a policy family added with no edit outside workloads/hello/ and policies/greeting/"
