#!/usr/bin/env bash
# (Re)makes the project's model's bundle leaderboard/submissions/fruit-edit5.json:
# runs the shipped editor model (models/fruit_edit5, int8 ONNX) on the
# benchmark's inputs with the batch runner (`npm run edit` with its defaults:
# the core's constrained, grounded greedy decoding, onnxruntime-node, 2
# threads), then bundles the predictions with the native CLI, and writes
# models/fruit_edit5/playground.json (what the Editor says about the model:
# its score beside the baselines', read from the bundles). Needs
# `bash .ci/setup.sh` and `bash .ci/setup-node.sh` first. CI never runs this:
# it re-scores the committed predictions instead.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
fruitbench=${FRUITBENCH:-./build/fruitbench}
id=fruitbench-wiki-v1
date=${MODEL_DATE:-2026-11-23}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

npm run -s edit -- --input "leaderboard/benchmarks/$id/inputs.jsonl" --output "$work/pred.jsonl" \
  --model models/fruit_edit5 --variant quantized --ort node --threads 2 --quiet
parameters=$(node -e '
  const c = require("./models/fruit_edit5/config.json");
  // T5 with tied embeddings: embedding + per layer attention and feed-forward weights + layer norms
  const d = c.d_model, inner = c.num_heads * c.d_kv, ff = c.d_ff, b = c.relative_attention_num_buckets * c.num_heads;
  const enc = c.num_layers * (4 * d * inner + 2 * d * ff + 2 * d) + d + b;
  const dec = c.num_decoder_layers * (8 * d * inner + 2 * d * ff + 3 * d) + d + b;
  console.log(c.vocab_size * d + enc + dec);')
cat >"$work/system.json" <<JSON
{"name": "fruit_edit5 (int8, greedy)", "team": "fruitbench",
 "description": "The playground's editor model: a 9.4M-parameter T5 trained from scratch on this machine's CPU for 95 minutes on generated FRUIT-style examples, int8 ONNX, EDIT5 output with the core's constrained, grounded greedy decoding (no 3-gram twice). See models/fruit_edit5/README.md in the repository.",
 "kind": "model", "parameters": $parameters, "license": "Apache-2.0", "date": "$date", "links": {}}
JSON
"$fruitbench" leaderboard bundle --benchmark "$id" --pred "$work/pred.jsonl" --system "$work/system.json" \
  --out leaderboard/submissions/fruit-edit5.json
"$fruitbench" leaderboard check
node -e '
  const fs = require("fs");
  const lsum = (file) => JSON.parse(fs.readFileSync(`leaderboard/submissions/${file}`, "utf8")).scores.mean.update_rougeLsum.fmeasure;
  const about = {
    summary: "fruit_edit5, a 9.4M-parameter T5 trained on this project\u2019s CPU (models/fruit_edit5/README.md). It is small and weak: it often picks the wrong evidence or garbles a sentence; grounded decoding keeps its new sentences to names and numbers that the article or the cited evidence contains, but not to true statements.",
    benchmark: {
      name: process.argv[1], examples: fs.readFileSync(`leaderboard/benchmarks/${process.argv[1]}/gold.jsonl`, "utf8").trim().split("\n").length,
      metric: "UpdateROUGE-Lsum F", model: lsum("fruit-edit5.json"),
      baselines: [{ name: "Copy Source", score: lsum("copy-source.json") },
                  { name: "Copy Source + All Evidence", score: lsum("copy-source-all-evidence.json") }],
    },
    caveat: "Check every fact it writes against the evidence.",
  };
  fs.writeFileSync("models/fruit_edit5/playground.json", JSON.stringify(about, null, 1) + "\n");' "$id"
