#!/usr/bin/env bash
# End-to-end smoke run of the FRUIT EDIT5 model pipeline, small and fast (about 12 minutes on
# this 2-core machine, 4 of them training):
#   data (validation/test) -> tokenizer -> train a tiny T5 -> score on held-out test ->
#   ONNX export -> int8 quantization (weight-only and dynamic) -> onnxruntime-node parity with
#   torch (onnxruntime-node, and onnxruntime-web's wasm back end in Node) ->
#   @huggingface/transformers loads the folder and generate() matches torch.
#
#   bash models/fruit_edit5/smoke.sh [--corpus FILE]...     (from the repository root)
#
# Environment:
#   SMOKE_DIR        work folder (default /work/scratch/fruit_edit5/smoke; never inside the repo)
#   SMOKE_MINUTES    training budget in minutes (default 4)
#   SMOKE_CONFIG     model config of train.py (default tiny)
#   FRUIT_NODE_DEPS  folder whose node_modules has onnxruntime-node and @huggingface/transformers
#                    (default: installed into $SMOKE_DIR/node with ONNXRUNTIME_NODE_INSTALL=skip)
# Results: $SMOKE_DIR/summary.txt (and the JSON reports next to it).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
PY=/usr/bin/python3
SMOKE_DIR=${SMOKE_DIR:-/work/scratch/fruit_edit5/smoke}
SMOKE_MINUTES=${SMOKE_MINUTES:-4}
SMOKE_CONFIG=${SMOKE_CONFIG:-tiny}
export OMP_WAIT_POLICY=PASSIVE
CORPUS_ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) CORPUS_ARGS+=(--corpus "$2"); shift 2 ;;
    *) echo "usage: $0 [--corpus FILE]..." >&2; exit 2 ;;
  esac
done
case "$SMOKE_DIR" in "$ROOT"/*) echo "SMOKE_DIR must be outside the repository" >&2; exit 2 ;; esac
mkdir -p "$SMOKE_DIR/tmp"
export TMPDIR="$SMOKE_DIR/tmp"   # onnxruntime-node writes mat-debug-<pid>.log files there
M=models.fruit_edit5
log() { echo "== $(date +%H:%M:%S) $*"; }

$PY -c 'import torch, onnx, sentencepiece, numpy' || { echo "needs Debian python3-torch python3-onnx python3-sentencepiece python3-numpy" >&2; exit 1; }
[ -x build/fruitbench ] || bash .ci/setup.sh
if [ -z "${FRUIT_NODE_DEPS:-}" ]; then
  FRUIT_NODE_DEPS="$SMOKE_DIR/node"
  if [ ! -d "$FRUIT_NODE_DEPS/node_modules/@huggingface/transformers" ]; then
    log "npm install onnxruntime-node @huggingface/transformers into $FRUIT_NODE_DEPS"
    mkdir -p "$FRUIT_NODE_DEPS"
    (cd "$FRUIT_NODE_DEPS" && [ -f package.json ] || echo '{"private":true}' > package.json
     cd "$FRUIT_NODE_DEPS" && ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund onnxruntime-node @huggingface/transformers >/dev/null)
  fi
fi
export FRUIT_NODE_DEPS

log "data: validation 200, test 300 (held-out names)"
$PY -m $M.data --out "$SMOKE_DIR/data" --n-validation 200 --n-test 300 "${CORPUS_ARGS[@]}"

log "tokenizer (models/tokenizer/train_tokenizer.py, 8000 pieces, markers as single tokens)"
$PY -m $M.data --out "$SMOKE_DIR/data" --tokenizer-corpus "$SMOKE_DIR/tokenizer_corpus.txt" --tokenizer-examples 3000 "${CORPUS_ARGS[@]}"
$PY models/tokenizer/train_tokenizer.py --corpus "$SMOKE_DIR/tokenizer_corpus.txt" --out "$SMOKE_DIR/tokenizer" \
  --vocab-size 8000 --character-coverage 1.0 --threads 2

log "train: config $SMOKE_CONFIG, $SMOKE_MINUTES minutes, bf16"
rm -rf "$SMOKE_DIR/run"
$PY -m $M.train --tokenizer "$SMOKE_DIR/tokenizer" --out "$SMOKE_DIR/run" --config "$SMOKE_CONFIG" --minutes "$SMOKE_MINUTES" \
  --bf16 --warmup 50 --validation "$SMOKE_DIR/data/validation.jsonl" --eval-every 100 --eval-decode 16 "${CORPUS_ARGS[@]}"
MODEL="$SMOKE_DIR/run/model"

log "held-out test (torch greedy, fruitbench score)"
$PY -m $M.predict --model "$MODEL" --gold "$SMOKE_DIR/data/test.jsonl" --out "$SMOKE_DIR/test_pred.jsonl" \
  --n 100 --report "$SMOKE_DIR/test_report.json" >/dev/null

log "ONNX export (+ reference values of 6 validation examples)"
$PY -m $M.export_onnx --model "$MODEL" --reference 6 --examples "$SMOKE_DIR/data/validation.jsonl" 2> >(grep -v -i warn >&2)

log "int8: dynamic (MatMulInteger) -> *_quantized.onnx, weight-only (DequantizeLinear) -> *_weightonly.onnx"
$PY -m $M.quantize --model "$MODEL" --mode dynamic --suffix _quantized
$PY -m $M.quantize --model "$MODEL" --mode weight-only --suffix _weightonly

log "onnxruntime-node parity"
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" "" > "$SMOKE_DIR/onnx_fp32.json"
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" _quantized > "$SMOKE_DIR/onnx_dynamic.json" || true
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" _quantized --basic > "$SMOKE_DIR/onnx_dynamic_basic.json" || true
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" _weightonly > "$SMOKE_DIR/onnx_weight_only.json" || true
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" _weightonly --basic > "$SMOKE_DIR/onnx_weight_only_basic.json" || true
log "onnxruntime-web (wasm, 1 thread, in Node)"
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" "" --web > "$SMOKE_DIR/web_fp32.json" 2> "$SMOKE_DIR/web_fp32.err" || true
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" _quantized --web > "$SMOKE_DIR/web_dynamic.json" 2> "$SMOKE_DIR/web_dynamic.err" || true
node models/fruit_edit5/js/check_onnx.mjs "$MODEL" _weightonly --web > "$SMOKE_DIR/web_weight_only.json" 2> "$SMOKE_DIR/web_weight_only.err" || true

log "transformers.js (local files only)"
node models/fruit_edit5/js/check_transformers.mjs "$MODEL" fp32 > "$SMOKE_DIR/transformers_fp32.json"
node models/fruit_edit5/js/check_transformers.mjs "$MODEL" q8 > "$SMOKE_DIR/transformers_q8.json" || true
# the same folder with the weight-only int8 files under the "q8" names
DYN="$SMOKE_DIR/run/model_weightonly"
rm -rf "$DYN" && mkdir -p "$DYN/onnx"
for f in config.json generation_config.json tokenizer.json tokenizer_config.json special_tokens_map.json onnx_reference.json; do
  ln -s "$MODEL/$f" "$DYN/$f"
done
for n in encoder_model decoder_model_merged; do ln -s "$MODEL/onnx/${n}_weightonly.onnx" "$DYN/onnx/${n}_quantized.onnx"; done
node models/fruit_edit5/js/check_transformers.mjs "$DYN" q8 > "$SMOKE_DIR/transformers_q8_weightonly.json" || true

$PY - "$SMOKE_DIR" <<'EOF' | tee "$SMOKE_DIR/summary.txt"
import json, os, sys
d = sys.argv[1]
def j(n):
    with open(os.path.join(d, n)) as f:
        return json.load(f)
t = j("test_report.json")
print(f"held-out test (n={t['n']}): UpdateROUGE-1/2/Lsum F {t['mean']['update_rouge1']['fmeasure']:.2f} / "
      f"{t['mean']['update_rouge2']['fmeasure']:.2f} / {t['mean']['update_rougeLsum']['fmeasure']:.2f}, "
      f"exact match {t['mean']['exact_match']:.2f}% (fruitbench scale 0-100), EDIT5 string exact {t['edit5_exact']:.3f}")
for name in ("onnx_fp32", "onnx_dynamic", "onnx_dynamic_basic", "onnx_weight_only", "onnx_weight_only_basic",
             "web_fp32", "web_dynamic", "web_weight_only"):
    try:
        r = j(name + ".json")
    except (OSError, ValueError) as e:
        print(f"{name}: no report ({e})")
        continue
    print(f"{name}: encoder max|diff| {r['max_encoder_diff']:.2e}, decoder (split) {r['max_split_diff']:.2e}, "
          f"merged {r['max_merged_diff']:.2e}, greedy equal {r['greedy_equal']}/{r['greedy_total']}, "
          f"{r['ms_per_token']:.2f} ms/token (optimization {r['graph_optimization']}), files {r['sizes_mb']}")
for name in ("transformers_fp32", "transformers_q8", "transformers_q8_weightonly"):
    try:
        r = j(name + ".json")
    except (OSError, ValueError) as e:
        print(f"{name}: no report ({e})")
        continue
    print(f"{name}: tokenizer ids equal {r['tokenizer_equal']}/{r['total']}, generate() tokens equal to torch "
          f"{r['generate_equal']}/{r['total']}, {r['ms_per_token']:.2f} ms/token, load {r['load_ms']} ms")
EOF
log "done: $SMOKE_DIR/summary.txt"
