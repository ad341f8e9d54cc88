#!/usr/bin/env bash
# Installs the Debian packages isogrid needs, skipping those already present. Safe to run repeatedly.
# --test adds what only the tests use: Slurm and munge, for the single-node cluster tests/slurm_test.sh starts, and
# pdflatex with booktabs, which compiles the LaTeX tables of REPORT.md (tests/report_tables_test.py), and pajeng,
# whose pj_dump reads the Pajé traces of timelines (tests/timeline_test.cpp) (installing them starts no daemon: Debian's scripts find no init system here, and the test starts its own).
set -euo pipefail

packages=(
  build-essential cmake pkg-config make
  libsimgrid-dev libyaml-cpp-dev libfmt-dev
  libgtest-dev libgmock-dev libcli11-dev nlohmann-json3-dev libbenchmark-dev libutfcpp-dev libboost-dev libeigen3-dev libexpat1-dev libssl-dev zlib1g-dev
  clang libclang-rt-14-dev clang-format clang-tidy doxygen
  python3 python3-matplotlib python3-numpy python3-jsonschema python3-pandas
)
if [ "${1:-}" = "--test" ]; then
  packages+=(slurm-wlm munge texlive-latex-base texlive-latex-recommended pajeng)
fi

# One dpkg-query for all of them: `make build` runs this every time, and it must cost nothing when all is there.
# dpkg-query exits 1 when it has never heard of a package (a fresh machine): that is an answer, not a failure, and
# under pipefail it would end the script here, silently, before anything is installed.
installed=" $( (dpkg-query -W -f='${Package}:${Status}\n' "${packages[@]}" 2>/dev/null || true) |
              sed -n 's/:install ok installed$//p' | tr '\n' ' ') "
missing=()
for p in "${packages[@]}"; do
  [[ "$installed" == *" $p "* ]] || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
# Packages never start their daemons here (munge's and Slurm's would otherwise be left running as system services):
# a policy-rc.d that forbids every start, for the length of the install, where none is set already.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\n# isogrid install-deps.sh: no daemon starts during the install\nexit 101\n' |
    $sudo tee /usr/sbin/policy-rc.d >/dev/null
  $sudo chmod +x /usr/sbin/policy-rc.d
  trap '$sudo rm -f /usr/sbin/policy-rc.d' EXIT
fi
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
