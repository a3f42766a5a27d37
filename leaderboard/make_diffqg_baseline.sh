#!/usr/bin/env bash
# (Re)makes the DiffQG benchmark's committed files with the native CLI:
# benchmarks/diffqg-wiki-v1/inputs.jsonl (the gold without "question" and
# "label": what systems run on), the definition benchmarks/diffqg-wiki-v1.json
# and the Overlapping Answer baseline's bundle
# submissions/diffqg-overlapping-answer.json. Run it after building
# (bash .ci/setup.sh) whenever gold.jsonl changes; `fruitbench leaderboard
# check` must pass afterwards.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
fruitbench=${FRUITBENCH:-./build/fruitbench}
id=diffqg-wiki-v1
dir=leaderboard/benchmarks
date=${BASELINE_DATE:-2026-11-22}

node -e '
const fs = require("fs");
const lines = fs.readFileSync(process.argv[1], "utf8").split("\n").filter((l) => l !== "");
fs.writeFileSync(process.argv[2], lines.map((l) => {
  const { id, base, target, answer } = JSON.parse(l);
  return JSON.stringify({ id, base, target, answer });
}).join("\n") + "\n");
' "$dir/$id/gold.jsonl" "$dir/$id/inputs.jsonl"

"$fruitbench" leaderboard add-benchmark --force --task diffqg --id "$id" --name "diffqg-wiki v1" \
  --gold "$dir/$id/gold.jsonl" --inputs "$dir/$id/inputs.jsonl" --license "CC BY 4.0" \
  --description "36 DiffQG examples written by the project: pairs of invented encyclopedic passages, an answer span in the newer one, and the question that tells them apart, or none (see benchmarks/$id/README.md)."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$fruitbench" baseline --task diffqg --input "$dir/$id/inputs.jsonl" --out "$work/pred.jsonl"
cat >"$work/system.json" <<JSON
{"name": "Overlapping Answer", "team": "fruitbench", "description": "The DiffQG paper's baseline: a factual change iff the SQuAD-normalized answer span does not occur in the base passage; it writes no question.", "kind": "baseline", "parameters": null,
 "license": "Apache-2.0", "date": "$date", "links": {"paper": "https://arxiv.org/abs/2303.00242"}}
JSON
"$fruitbench" leaderboard bundle --benchmark "$id" --pred "$work/pred.jsonl" --system "$work/system.json" \
  --out leaderboard/submissions/diffqg-overlapping-answer.json
"$fruitbench" leaderboard check
