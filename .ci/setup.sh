#!/usr/bin/env bash
# Installs everything fruitbench needs on Debian 12 (only what is missing)
# and builds it in build/ (Release). Used by both README commands and CI.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# python3-*: the Python package (python/), built offline against Debian's pybind11.
packages=(g++ cmake make nlohmann-json3-dev catch2 zlib1g-dev python3-pybind11 python3-venv python3-pytest
          python3-setuptools)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DFRUIT_BUILD_TESTS=ON -DFRUIT_BUILD_CLI=ON >/dev/null
cmake --build "$root/build" -j"$(nproc)"
