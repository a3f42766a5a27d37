#!/bin/sh
# Regenerates the development tokenizer and its parity fixture in
# tests/fixtures/tokenizer/ (see README.md). About two minutes on two cores.
#
#   sh models/tokenizer/make_dev_fixture.sh
#   TRANSFORMERS_JS=/tmp/tfjs/node_modules sh models/tokenizer/make_dev_fixture.sh   # also check transformers.js
set -eu
cd "$(dirname "$0")/../.."
PY=/usr/bin/python3
OUT=tests/fixtures/tokenizer
WORK=build/tokenizer-dev   # a fixed path: the model records its corpus path
mkdir -p "$WORK" "$OUT"
$PY models/tokenizer/dev_text.py corpus --out "$WORK/dev_corpus.txt"
$PY models/tokenizer/train_tokenizer.py --corpus "$WORK/dev_corpus.txt" --out "$OUT"
$PY models/tokenizer/make_parity.py --model "$OUT/spiece.model" --out "$OUT/parity.jsonl"
if [ -n "${TRANSFORMERS_JS:-}" ]; then
  node models/tokenizer/check_transformersjs.mjs --transformers "$TRANSFORMERS_JS" --tokenizer "$OUT"
fi
