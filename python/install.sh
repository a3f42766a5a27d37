#!/usr/bin/env bash
# Builds the Python package offline and installs it into a virtual
# environment that sees Debian's packages (pybind11, pytest):
#   bash python/install.sh [VENV]        (default: build/python-venv)
# then VENV/bin/python -c "import fruitbench".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${1:-$root/build/python-venv}
# Debian's interpreter: the one with python3-pybind11 (not a python3 first on PATH).
python=/usr/bin/python3
[ -x "$venv/bin/python" ] || "$python" -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --quiet --no-build-isolation --no-deps --no-input "$root/python"
