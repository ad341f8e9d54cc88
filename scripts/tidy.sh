#!/usr/bin/env bash
# clang-tidy (.clang-tidy: bugprone, performance and a few modernize checks, warnings as errors) on C++ sources:
#   scripts/tidy.sh BUILD                 the .cpp files the last commit changed (what CI runs)
#   scripts/tidy.sh BUILD --all           every .cpp file of the tree (slow: about 5 s a file)
#   scripts/tidy.sh BUILD FILE...         those files
# BUILD holds compile_commands.json (every build of this project writes it).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:?usage: scripts/tidy.sh BUILD [--all | FILE...]}"
shift
command -v clang-tidy >/dev/null || { echo "clang-tidy is not installed (make deps installs it)" >&2; exit 1; }
if [ "${1:-}" = "--all" ]; then
  mapfile -t files < <(git ls-files '*.cpp' | grep -v '^tests/new_folders/')
elif [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git diff --name-only --diff-filter=AM HEAD~1 -- '*.cpp' 2>/dev/null | grep -v '^tests/new_folders/' || true)
fi
# The command line is built as one unity translation unit (app/CMakeLists.txt), which compile_commands.json lists
# in place of its files: give each of its files the unity file's command, in a database of our own.
database=$(mktemp -d)
trap 'rm -rf "$database"' EXIT
python3 - "$build/compile_commands.json" "$database/compile_commands.json" <<'PY'
import json, re, sys
entries = json.load(open(sys.argv[1]))
for e in list(entries):
    if "/Unity/unity_" not in e["file"]:
        continue
    for source in re.findall(r'#include "([^"]+)"', open(e["file"]).read()):
        entries.append(dict(e, file=source, command=e["command"].replace(e["file"], source)))
json.dump(entries, open(sys.argv[2], "w"))
PY
# Only what the build compiles (a test plugin or a fixture is not in compile_commands.json).
compiled=()
for f in "${files[@]}"; do
  grep -q "\"file\": \"$PWD/$f\"" "$database/compile_commands.json" && compiled+=("$f")
done
if [ ${#compiled[@]} -eq 0 ]; then
  echo "clang-tidy: no compiled .cpp file to check"
  exit 0
fi
printf '%s\n' "${compiled[@]}" | xargs -P "$(nproc)" -n 4 clang-tidy -p "$database" --quiet 2>/dev/null
echo "clang-tidy: ${#compiled[@]} file(s) clean"
