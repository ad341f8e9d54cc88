#!/usr/bin/env bash
# `make test` after the packages are in: builds everything and runs every test, on JOBS cores.
#
# The Slurm test (tests/slurm_test.sh) needs only the isogrid binary and spends most of its minute and a half
# waiting on Slurm's scheduler, so it runs while the rest of the tree builds rather than after it; every other test
# runs once the build is done, the longest first (tests/CMakeLists.txt, COST). Its output is printed at the end.
#
#   bash scripts/test.sh BUILD_DIR JOBS
set -uo pipefail
build=$(cd "$1" && pwd)
jobs=$2

cmake --build "$build" -j "$jobs" --target isogrid || exit 1

slurm_log=$build/Testing/slurm-during-build.log
mkdir -p "$build/Testing"
(cd "$build" && exec ctest -R '^slurm$' --output-on-failure >"$slurm_log" 2>&1) &
slurm=$!
# Whatever happens next, the Slurm test is waited for: it stops its own daemons by pid when it ends.
trap 'wait $slurm' EXIT

cmake --build "$build" -j "$jobs"
built=$?
rest=1
if [ $built -eq 0 ]; then
  (cd "$build" && ctest -E '^slurm$' --output-on-failure -j "$jobs")
  rest=$?
fi
wait $slurm
slurm_rc=$?
trap - EXIT
echo "--- the Slurm test, run during the build:"
cat "$slurm_log"
[ $built -eq 0 ] || { echo "the build failed" >&2; exit 1; }
[ $rest -eq 0 ] && [ $slurm_rc -eq 0 ]
