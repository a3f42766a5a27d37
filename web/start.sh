#!/usr/bin/env bash
# The main command (see README.md): installs what is missing, builds the
# native tool (build/), the WebAssembly module (build-wasm/, copied into
# web/generated/) and the npm packages (ONNX Runtime Web; the model files are
# copied into web/generated/models/), scores the bundled example with the
# native CLI, then serves the playground on http://127.0.0.1:PORT/ (PORT: first argument or $PORT,
# default 8080; the next free port is taken if it is in use).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

bash .ci/setup.sh >&2
bash wasm/build.sh >&2
bash .ci/setup-node.sh >&2   # ONNX Runtime Web for the Editor's model
# The leaderboard site from the committed submissions, checked (every score
# recomputed) and served at /generated/leaderboard/ (the Submit page reads
# its data/leaderboard.json and benchmarks/ from there).
./build/fruitbench leaderboard build --out web/generated/leaderboard >&2

echo "Bundled example (web/examples), scored by the native CLI:"
./build/fruitbench score --gold web/examples/gold.jsonl --pred web/examples/pred.jsonl
echo
echo "Score your own files with: ./build/fruitbench score --gold GOLD.jsonl --pred PRED.jsonl (see README.md)"
echo "or open the playground below (the leaderboard is at /generated/leaderboard/); stop it with Ctrl-C."
echo
exec node web/server.mjs "$@"
