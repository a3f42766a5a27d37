#!/usr/bin/env bash
# The editor model's decoding benchmark (a script that prints figures, not a
# test): our runtime vs transformers.js generate() on the same ONNX files and
# inputs, in Node and in headless Chromium. See tests/bench/model/README.md.
#   bash tests/bench/model/bench.sh [--model DIR] [--n N] [--help for more]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"

# the repository's npm packages: onnxruntime-node, onnxruntime-web, playwright-core
if [ ! -d node_modules/onnxruntime-node ] || [ ! -d node_modules/onnxruntime-web ] ||
   [ ! -d node_modules/playwright-core ]; then
  bash .ci/setup-node.sh
fi
# transformers.js, installed into this folder only (never into the repository's package.json);
# onnxruntime-node's postinstall would download CUDA libraries: skipped, its CPU binaries ship in the package
if [ ! -d "$here/node_modules/@huggingface/transformers" ] ||
   [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
  (cd "$here" && ONNXRUNTIME_NODE_INSTALL=skip npm ci --prefer-offline --no-audit --no-fund)
fi
# the core compiled to WebAssembly (tokenizer, constrained decoder) and the playground's generated files
if [ ! -f build-wasm/fruitbench.js ] || [ ! -f web/generated/fruitbench.mjs ] ||
   [ ! -f web/generated/ort/ort.wasm.min.mjs ]; then
  bash wasm/build.sh
fi
exec node "$here/bench_model.mjs" "$@"
