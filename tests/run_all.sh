#!/usr/bin/env bash
# The whole test suite from a fresh machine: installs what is missing,
# builds natively and to WebAssembly, and runs every test:
#   0. the leaderboard: `fruitbench leaderboard check` and `build` on the
#      committed submissions (the site goes to web/generated/leaderboard/)
#   1. native: Catch2 unit + conformance suite, CLI end to end (ctest)
#   2. WebAssembly: the same Catch2 suite under Node (ctest in build-wasm)
#   3. Node: wasm module and `npm run fruitbench` equal to native, JS API
#   4. browser: the playground in headless Chromium (playwright-core)
#   5. Python: the package (python/) built and installed into build/python-venv
#      (offline, Debian's pybind11), its pytest suite against the native CLI
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

bash .ci/setup.sh
bash wasm/build.sh
bash .ci/setup-browser.sh

echo "== leaderboard: check the committed submissions (every score recomputed) and build the site"
./build/fruitbench leaderboard check
./build/fruitbench leaderboard build --out web/generated/leaderboard

echo "== native tests"
(cd build && ctest --output-on-failure)
echo "== WebAssembly tests (the native suite under Node)"
(cd build-wasm && ctest --output-on-failure)
echo "== Node tests"
node --test tests/node/
echo "== browser tests"
node --test tests/browser/
echo "== Python package (build, install, pytest)"
bash python/install.sh "$root/build/python-venv"
"$root/build/python-venv/bin/python" -m pytest -q python/tests
