#!/usr/bin/env bash
# The main job: sets everything up on a fresh machine and scores the bundled
# example (web/examples: five articles, gold updates and a system's
# predictions, some as EDIT5 output and some as updated text).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/.ci/setup.sh" >&2
cd "$root"
./build/fruitbench score --gold web/examples/gold.jsonl --pred web/examples/pred.jsonl
echo
echo "Score your own files with: ./build/fruitbench score --gold GOLD.jsonl --pred PRED.jsonl (see README.md)"
