#!/usr/bin/env bash
# (Re)makes the leaderboard's committed files from the benchmark's gold with
# the native CLI: the definition leaderboard/benchmarks/fruitbench-wiki-v1.json
# (sha256 and size of gold.jsonl) and the two baseline bundles of the FRUIT
# paper in leaderboard/submissions/. Run it from anywhere after building
# (bash .ci/setup.sh), and again whenever gold.jsonl changes; then
# `./build/fruitbench leaderboard check` must pass. The project's model's
# bundle is made the same way from its predictions (see leaderboard/README.md).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
fruitbench=${FRUITBENCH:-./build/fruitbench}
id=fruitbench-wiki-v1
dir=leaderboard/benchmarks
date=${BASELINE_DATE:-2026-11-22}

"$fruitbench" leaderboard add-benchmark --force --id "$id" --name "fruitbench-wiki v1" \
  --gold "$dir/$id/gold.jsonl" --inputs "$dir/$id/inputs.jsonl" --license "CC BY 4.0" \
  --description "60 grounded text-updating examples written by the project in the official FRUIT format: invented encyclopedic articles updated from text and table evidence (see benchmarks/$id/README.md)."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p leaderboard/submissions
make_baseline() {  # KIND NAME DESCRIPTION
  "$fruitbench" baseline --input "$dir/$id/inputs.jsonl" --kind "$1" --out "$work/$1.jsonl"
  cat >"$work/$1.system.json" <<JSON
{"name": "$2", "team": "fruitbench", "description": "$3", "kind": "baseline", "parameters": null,
 "license": "Apache-2.0", "date": "$date", "links": {"paper": "https://aclanthology.org/2022.naacl-main.240/"}}
JSON
  "$fruitbench" leaderboard bundle --benchmark "$id" --pred "$work/$1.jsonl" --system "$work/$1.system.json" \
    --out "leaderboard/submissions/$1.json"
}
make_baseline copy-source "Copy Source" \
  "The FRUIT paper's lower baseline: the article unchanged, as the EDIT5 output [0] [1] ... [n-1]."
make_baseline copy-source-all-evidence "Copy Source + All Evidence" \
  "The FRUIT paper's baseline that appends every evidence item, verbatim, to the unchanged article as a new sentence citing it."

"$fruitbench" leaderboard check
