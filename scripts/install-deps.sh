#!/usr/bin/env bash
# Installs the Debian packages isogrid needs, skipping those already present. Safe to run repeatedly.
set -euo pipefail

packages=(
  build-essential cmake pkg-config make
  libsimgrid-dev libyaml-cpp-dev libfmt-dev
  libgtest-dev libgmock-dev libcli11-dev nlohmann-json3-dev libbenchmark-dev libutfcpp-dev libboost-dev libeigen3-dev
  clang libclang-rt-14-dev
  python3 python3-matplotlib python3-numpy python3-jsonschema
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
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
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
