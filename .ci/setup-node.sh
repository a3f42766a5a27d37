#!/usr/bin/env bash
# The npm packages of package-lock.json: onnxruntime-web (the Editor's model
# runtime, served from web/generated/ort/), onnxruntime-node (`npm run edit`)
# and playwright-core (browser tests; it drives Debian's Chromium and never
# downloads a browser).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/onnxruntime-web ] ||
   [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # onnxruntime-node's postinstall would download CUDA libraries: skip it (also
  # in .npmrc); its CPU binaries ship in the package.
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --prefer-offline
fi
# ONNX Runtime Web's files and the model exports, now that node_modules has them
if [ -d web/generated ]; then node wasm/copy-models.mjs; fi
