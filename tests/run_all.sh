#!/usr/bin/env bash
# The whole test suite from a fresh machine: installs what is missing,
# builds, and runs every test (unit, conformance with the official
# evaluation, CLI end to end) through ctest.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/.ci/setup.sh"
cd "$root/build"
ctest --output-on-failure
