#!/usr/bin/python3
"""Assembles the folder to commit (small: int8 ONNX, configs, tokenizer, optionally torch weights).

    /usr/bin/python3 -m models.fruit_edit5.release --model MODEL_DIR --out RELEASE_DIR \
        [--torch-dtype float16|bfloat16|float32|none] [--report test_report.json]

RELEASE_DIR gets config.json, generation_config.json, tokenizer.json, tokenizer_config.json,
special_tokens_map.json, onnx/encoder_model_quantized.onnx, onnx/decoder_model_merged_quantized.onnx
(transformers.js: dtype "q8"), and, unless --torch-dtype none, pytorch_model.bin in that dtype
(config.json's torch_dtype says which; transformers loads it as T5ForConditionalGeneration).
With --report, the held-out test report (predict.py) is copied as eval_results.json.
"""

import argparse
import json
import os
import shutil
import sys

import torch

FILES = ["config.json", "generation_config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"]
ONNX = ["encoder_model_quantized.onnx", "decoder_model_merged_quantized.onnx"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--torch-dtype", default="float16", choices=["float16", "bfloat16", "float32", "none"])
    ap.add_argument("--report")
    a = ap.parse_args(argv)
    os.makedirs(os.path.join(a.out, "onnx"), exist_ok=True)
    for f in FILES:
        shutil.copyfile(os.path.join(a.model, f), os.path.join(a.out, f))
    for f in ONNX:
        shutil.copyfile(os.path.join(a.model, "onnx", f), os.path.join(a.out, "onnx", f))
    if a.torch_dtype != "none":
        sd = torch.load(os.path.join(a.model, "pytorch_model.bin"), map_location="cpu")
        dt = getattr(torch, a.torch_dtype)
        # tied tensors stay one storage: the embedding is written once
        shared = sd["shared.weight"].to(dt)
        out = {}
        for k, v in sd.items():
            out[k] = shared if k in ("shared.weight", "encoder.embed_tokens.weight", "decoder.embed_tokens.weight", "lm_head.weight") \
                and torch.equal(v, sd["shared.weight"]) else v.to(dt).contiguous()
        torch.save(out, os.path.join(a.out, "pytorch_model.bin"))
        with open(os.path.join(a.out, "config.json")) as f:
            cfg = json.load(f)
        cfg["torch_dtype"] = a.torch_dtype
        with open(os.path.join(a.out, "config.json"), "w") as f:
            json.dump(cfg, f, indent=2)
            f.write("\n")
    if a.report:
        shutil.copyfile(a.report, os.path.join(a.out, "eval_results.json"))
    total = 0
    for root, _, files in os.walk(a.out):
        for f in files:
            total += os.path.getsize(os.path.join(root, f))
    print(f"{a.out}: {total / 1e6:.2f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
