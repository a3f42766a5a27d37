#!/usr/bin/python3
"""Rebuilds a torch checkpoint (Hugging Face folder) from a released model's int8 ONNX files.

Only the int8 export is committed, and a later model is best trained further from the
shipped one rather than from scratch (the earlier run's language modelling is 95 CPU-minutes
that need not be spent again). The weights come back dequantized: each int8 MatMul weight
times its per-channel scale (zero points are 0, quantize.py is symmetric), so the result is
the shipped model up to int8 rounding, which the first training steps wash out.

    /usr/bin/python3 -m models.fruit_edit5.from_onnx --model models/fruit_edit5 --tokenizer TOKDIR --out DIR

MatMul weights carry the exporter's numbered names (onnx_MatMul_<n>); torch traces the layers
in module order, so sorted by <n> they are, per encoder block, q k v o wi wo and, per decoder
block, self q k v o, cross q k v o, wi wo. The script checks shapes and writes DIR/model (the
folder train.py --init and predict.py read).
"""

import argparse
import json
import os
import re
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    __package__ = "models.fruit_edit5"

import numpy as np  # noqa: E402
import onnx  # noqa: E402
import torch  # noqa: E402
from onnx import numpy_helper  # noqa: E402

from .model import T5Config, T5ForConditionalGeneration  # noqa: E402
from .train import Tokenizer, save_hf  # noqa: E402


def dequantized(path):
    """{name: float32 array}: plain float initializers, and int8 ones times their scales."""
    arrays = {i.name: numpy_helper.to_array(i) for i in onnx.load(path).graph.initializer}
    out = {}
    for name, a in arrays.items():
        if name.endswith("_quantized"):
            base = name[:-len("_quantized")]
            scale, zero = arrays[base + "_scale"], arrays[base + "_zero_point"]
            assert not zero.any(), f"{base}: asymmetric quantization is not supported"
            axis = 0 if base.endswith("shared.weight") else 1  # embedding rows, MatMul output columns
            shape = [1, 1]
            shape[axis] = -1
            out[base] = a.astype(np.float32) * scale.reshape(shape)
        elif a.dtype == np.float32 and not name.endswith("_scale"):
            out[name] = a
    return out


def matmuls(arrays):
    names = sorted((n for n in arrays if n.startswith("onnx_MatMul_")), key=lambda n: int(re.search(r"\d+$", n).group()))
    return [arrays[n] for n in names]


def state_dict(folder, cfg):
    enc = dequantized(os.path.join(folder, "onnx", "encoder_model_quantized.onnx"))
    dec = dequantized(os.path.join(folder, "onnx", "decoder_model_merged_quantized.onnx"))
    sd = {}
    for arrays in (enc, dec):
        for k, v in arrays.items():
            if k.startswith("m."):
                sd[k[2:]] = v
    enc_w = iter(matmuls(enc))
    for b in range(cfg.num_layers):
        for m in ("q", "k", "v", "o"):
            sd[f"encoder.block.{b}.layer.0.SelfAttention.{m}.weight"] = next(enc_w).T
        sd[f"encoder.block.{b}.layer.1.DenseReluDense.wi.weight"] = next(enc_w).T
        sd[f"encoder.block.{b}.layer.1.DenseReluDense.wo.weight"] = next(enc_w).T
    assert next(enc_w, None) is None, "encoder: more MatMul weights than layers"
    dec_w = iter(matmuls(dec))
    for b in range(cfg.num_decoder_layers):
        for m in ("q", "k", "v", "o"):
            sd[f"decoder.block.{b}.layer.0.SelfAttention.{m}.weight"] = next(dec_w).T
        for m in ("q", "k", "v", "o"):
            sd[f"decoder.block.{b}.layer.1.EncDecAttention.{m}.weight"] = next(dec_w).T
        sd[f"decoder.block.{b}.layer.2.DenseReluDense.wi.weight"] = next(dec_w).T
        sd[f"decoder.block.{b}.layer.2.DenseReluDense.wo.weight"] = next(dec_w).T
    assert next(dec_w, None) is None, "decoder: more MatMul weights than layers"
    return {k: torch.from_numpy(np.array(v, dtype=np.float32)) for k, v in sd.items()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, help="released folder (config.json, onnx/*_quantized.onnx)")
    ap.add_argument("--tokenizer", required=True, help="folder with spiece.model (tokenizer/spiece_from_json.py)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    cfg = T5Config.from_json(os.path.join(a.model, "config.json"))
    model = T5ForConditionalGeneration(cfg)
    sd = state_dict(a.model, cfg)
    own = model.state_dict()
    for k, v in sd.items():
        if k in own and tuple(own[k].shape) != tuple(v.shape):
            raise SystemExit(f"{k}: shape {tuple(v.shape)} from ONNX, {tuple(own[k].shape)} in the model")
    model.load_hf_state_dict(sd)
    with open(os.path.join(a.model, "config.json")) as f:
        extra = {"fruit_edit5_init": json.load(f).get("fruit_edit5", {})}
    save_hf(model, Tokenizer(a.tokenizer), os.path.join(a.out, "model"), extra=extra)
    print(f"{os.path.join(a.out, 'model')}: {model.num_parameters():,} parameters from {a.model}", file=sys.stderr)


if __name__ == "__main__":
    main()
