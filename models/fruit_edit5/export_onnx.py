#!/usr/bin/python3
"""Exports a trained model folder (train.py's OUT/model) to ONNX in the Optimum / transformers.js layout.

    /usr/bin/python3 -m models.fruit_edit5.export_onnx --model MODEL_DIR [--opset 14] [--reference N]

writes MODEL_DIR/onnx/
    encoder_model.onnx            input_ids, attention_mask -> last_hidden_state
    decoder_model.onnx            encoder_attention_mask, input_ids, encoder_hidden_states
                                  -> logits, present.{i}.decoder.{key,value}, present.{i}.encoder.{key,value}
    decoder_with_past_model.onnx  encoder_attention_mask, input_ids, past_key_values.{i}.{decoder,encoder}.{key,value},
                                  encoder_hidden_states -> logits, present.{i}.decoder.{key,value}
    decoder_model_merged.onnx     both decoders under one If on the bool input use_cache_branch [1]
                                  (then: with past, else: without), weights shared as top-level
                                  initializers, the with-past branch giving empty present.{i}.encoder.*
                                  as Optimum's merge does; outputs logits and present.*

with the input/output names and dynamic axis names of Optimum's T5 export ("batch_size",
"encoder_sequence_length", "decoder_sequence_length", "past_decoder_sequence_length",
"past_decoder_sequence_length + 1", "encoder_sequence_length_out").

--reference N also writes MODEL_DIR/onnx_reference.json: N validation-like inputs with their token
ids, torch's encoder output checksum and logits of the first decoder step and of with-past steps,
and torch's greedy output ids, for js/check_onnx.mjs and js/check_transformers.mjs.
"""

import argparse
import hashlib
import json
import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    __package__ = "models.fruit_edit5"

import numpy as np  # noqa: E402
import onnx  # noqa: E402
import torch  # noqa: E402
from onnx import helper, numpy_helper  # noqa: E402

from .train import Tokenizer, load_hf  # noqa: E402


class Encoder(torch.nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, input_ids, attention_mask):
        return self.m.encoder.encode(input_ids, attention_mask)


class DecoderNoPast(torch.nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, encoder_attention_mask, input_ids, encoder_hidden_states):
        h, present = self.m.decoder.decode(input_ids, encoder_hidden_states, encoder_attention_mask, None)
        out = [self.m.logits(h)]
        for sk, sv, ck, cv in present:
            out += [sk, sv, ck, cv]
        return tuple(out)


class DecoderWithPast(torch.nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m
        self.n = m.config.num_decoder_layers

    def forward(self, encoder_attention_mask, input_ids, *rest):
        flat = rest[:-1]  # past_key_values..., then encoder_hidden_states (unused: cross keys/values are cached)
        enc = rest[-1]
        past = [tuple(flat[4 * i:4 * i + 4]) for i in range(self.n)]
        h, present = self.m.decoder.decode(input_ids, enc, encoder_attention_mask, past)
        out = [self.m.logits(h)]
        for sk, sv, _, _ in present:
            out += [sk, sv]
        return tuple(out)


def past_names(n, prefix, with_encoder=True):
    names = []
    for i in range(n):
        names += [f"{prefix}.{i}.decoder.key", f"{prefix}.{i}.decoder.value"]
        if with_encoder:
            names += [f"{prefix}.{i}.encoder.key", f"{prefix}.{i}.encoder.value"]
    return names


def export_all(model, out_dir, opset):
    cfg = model.config
    n, H, dkv = cfg.num_decoder_layers, cfg.num_heads, cfg.d_kv
    os.makedirs(out_dir, exist_ok=True)
    b, s, t = 2, 11, 5
    ids = torch.randint(3, cfg.vocab_size, (b, s))
    mask = torch.ones(b, s, dtype=torch.long)
    mask[1, 8:] = 0
    with torch.no_grad():
        enc = model.encoder.encode(ids, mask)
    kw = dict(opset_version=opset, do_constant_folding=True)

    torch.onnx.export(Encoder(model), (ids, mask), os.path.join(out_dir, "encoder_model.onnx"),
                      input_names=["input_ids", "attention_mask"], output_names=["last_hidden_state"],
                      dynamic_axes={"input_ids": {0: "batch_size", 1: "encoder_sequence_length"},
                                    "attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
                                    "last_hidden_state": {0: "batch_size", 1: "encoder_sequence_length"}}, **kw)

    dec_ids = torch.randint(3, cfg.vocab_size, (b, t))
    present = past_names(n, "present")
    dyn = {"encoder_attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
           "input_ids": {0: "batch_size", 1: "decoder_sequence_length"},
           "encoder_hidden_states": {0: "batch_size", 1: "encoder_sequence_length"},
           "logits": {0: "batch_size", 1: "decoder_sequence_length"}}
    for name in present:
        dyn[name] = {0: "batch_size", 2: "encoder_sequence_length_out" if ".encoder." in name else "past_decoder_sequence_length + 1"}
    torch.onnx.export(DecoderNoPast(model), (mask, dec_ids, enc), os.path.join(out_dir, "decoder_model.onnx"),
                      input_names=["encoder_attention_mask", "input_ids", "encoder_hidden_states"],
                      output_names=["logits"] + present, dynamic_axes=dyn, **kw)

    with torch.no_grad():
        outs = DecoderNoPast(model)(mask, dec_ids, enc)
    past = list(outs[1:])
    step_ids = torch.randint(3, cfg.vocab_size, (b, 1))
    pnames = past_names(n, "past_key_values")
    dyn2 = {"encoder_attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
            "input_ids": {0: "batch_size"},
            "encoder_hidden_states": {0: "batch_size", 1: "encoder_sequence_length"},
            "logits": {0: "batch_size", 1: "decoder_sequence_length"}}
    for name in pnames:
        dyn2[name] = {0: "batch_size", 2: "encoder_sequence_length_out" if ".encoder." in name else "past_decoder_sequence_length"}
    present_dec = past_names(n, "present", with_encoder=False)
    for name in present_dec:
        dyn2[name] = {0: "batch_size", 2: "past_decoder_sequence_length + 1"}
    torch.onnx.export(DecoderWithPast(model), (mask, step_ids, *past, enc), os.path.join(out_dir, "decoder_with_past_model.onnx"),
                      input_names=["encoder_attention_mask", "input_ids"] + pnames + ["encoder_hidden_states"],
                      output_names=["logits"] + present_dec, dynamic_axes=dyn2, **kw)

    for f in ("decoder_model.onnx", "decoder_with_past_model.onnx"):
        fix_output_shapes(os.path.join(out_dir, f), H, dkv, cfg.vocab_size)
    merged = merge_decoders(onnx.load(os.path.join(out_dir, "decoder_model.onnx")),
                            onnx.load(os.path.join(out_dir, "decoder_with_past_model.onnx")), H, dkv)
    onnx.save(merged, os.path.join(out_dir, "decoder_model_merged.onnx"))
    for f in ("encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"):
        onnx.checker.check_model(os.path.join(out_dir, f))


def fix_output_shapes(path, heads, d_kv, vocab):
    """torch names the head and head-size axes of the key/value outputs after internal nodes
    ("Transposepresent.0.decoder.key_dim_1"); write them as Optimum's files have them:
    present.*: [batch_size, heads, <sequence axis>, d_kv], logits: [batch_size, decoder_sequence_length, vocab]."""
    m = onnx.load(path)
    for o in m.graph.output:
        dims = o.type.tensor_type.shape.dim
        if o.name.startswith("present."):
            want = [None, heads, None, d_kv]
        elif o.name == "logits":
            want = ["batch_size", "decoder_sequence_length", vocab]
        else:
            continue
        for d, w in zip(dims, want):
            if w is None:
                continue
            if isinstance(w, int):
                d.ClearField("dim_param")
                d.dim_value = w
            else:
                d.dim_param = w
    onnx.save(m, path)


# ---------------------------------------------------------------------------
# Merging (the scheme of Optimum's merge_decoders, written for this model)
# ---------------------------------------------------------------------------

def _dims(vi):
    out = []
    for d in vi.type.tensor_type.shape.dim:
        out.append(d.dim_param if d.dim_param else d.dim_value)
    return out


def merge_decoders(dec, dwp, heads, d_kv):
    # 1. Outputs: the with-past decoder does not recompute the cross-attention keys/values; as in
    #    Optimum, its branch returns empty constants (batch 0) for present.*.encoder.* so that both
    #    branches have the same outputs, and callers keep the cached ones.
    have = {o.name for o in dwp.graph.output}
    wanted = [o.name for o in dec.graph.output]
    outs = {o.name: o for o in dwp.graph.output}
    for o in dec.graph.output:
        if o.name in have:
            continue
        elem = o.type.tensor_type.elem_type
        dims = [0] + [d if isinstance(d, int) else 1 for d in _dims(o)[1:]]
        const = helper.make_tensor(f"{o.name}_empty", elem, dims, [])
        dwp.graph.node.append(helper.make_node("Constant", [], [o.name], name=f"optimum::empty_{o.name}", value=const))
        outs[o.name] = helper.make_tensor_value_info(o.name, elem, _dims(o))
    # both branches declare the no-past decoder's output shapes (the more general names)
    dec_out = {o.name: o for o in dec.graph.output}
    del dwp.graph.output[:]
    dwp.graph.output.extend([helper.make_tensor_value_info(nm, dec_out[nm].type.tensor_type.elem_type, _dims(dec_out[nm])) for nm in wanted])

    # 2. Inputs: union, the decoder's first.
    inputs, seen = [], set()
    for g in (dec.graph, dwp.graph):
        for i in g.input:
            if i.name not in seen:
                seen.add(i.name)
                inputs.append(i)
    inputs.append(helper.make_tensor_value_info("use_cache_branch", onnx.TensorProto.BOOL, [1]))

    # 3. Initializers: identical tensors of both graphs become one top-level initializer; small
    #    scalars and 1-D int tensors stay in their branch (as Optimum keeps them).
    shared, names = [], {}

    def key(t):
        return (t.data_type, tuple(t.dims), hashlib.sha256(numpy_helper.to_array(t).tobytes()).hexdigest())

    branch_inits = {}
    for tag, g in (("dec", dec.graph), ("dwp", dwp.graph)):
        keep = []
        rename = {}
        for t in g.initializer:
            if len(t.dims) == 0 or (len(t.dims) == 1 and t.data_type in (onnx.TensorProto.INT32, onnx.TensorProto.INT64)):
                keep.append(t)
                continue
            k = key(t)
            if k not in names:
                new = t.name if t.name not in [s.name for s in shared] else f"{t.name}_merged_{len(shared)}"
                names[k] = new
                nt = onnx.TensorProto()
                nt.CopyFrom(t)
                nt.name = new
                shared.append(nt)
            rename[t.name] = names[k]
        for node in g.node:
            for j, nm in enumerate(node.input):
                if nm in rename:
                    node.input[j] = rename[nm]
        branch_inits[tag] = keep

    no_past = helper.make_graph(list(dec.graph.node), "no_past", [], list(dec.graph.output), branch_inits["dec"])
    with_past = helper.make_graph(list(dwp.graph.node), "with_past", [], list(dwp.graph.output), branch_inits["dwp"])
    if_node = helper.make_node("If", ["use_cache_branch"], wanted, name="optimum::if",
                               then_branch=with_past, else_branch=no_past)
    graph = helper.make_graph([if_node], "merged", inputs, list(dec.graph.output), shared)
    opsets, domains = [], set()
    for m in (dec, dwp):
        for o in m.opset_import:
            if o.domain not in domains:
                domains.add(o.domain)
                opsets.append(o)
    model = helper.make_model(graph, producer_name="optimum-onnx", opset_imports=opsets)
    model.ir_version = dec.ir_version
    return model


# ---------------------------------------------------------------------------
# Reference values for the JavaScript checks
# ---------------------------------------------------------------------------

@torch.no_grad()
def reference(model, tok, examples, steps=4, max_new_tokens=200):
    cases = []
    for ex in examples:
        ids = tok.encode(ex["inputs"])
        x = torch.tensor([ids])
        mask = torch.ones_like(x)
        enc = model.encoder.encode(x, mask)
        gen = model.greedy(x, mask, max_new_tokens=max_new_tokens)[0].tolist()
        # decoder inputs: start token then the greedy tokens (teacher forcing on our own output)
        dec_in = [model.config.decoder_start_token_id] + gen[:steps]
        h, past = model.decoder.decode(torch.tensor([dec_in[:1]]), enc, mask, None)
        step_logits = [model.logits(h)[0, -1].tolist()]
        for t in range(1, len(dec_in)):
            h, past = model.decoder.decode(torch.tensor([[dec_in[t]]]), enc, mask, past)
            step_logits.append(model.logits(h)[0, -1].tolist())
        full, _ = model.decoder.decode(torch.tensor([dec_in]), enc, mask, None)
        cases.append({"id": ex.get("id"), "text": ex["inputs"], "input_ids": ids,
                      "encoder_sum": float(enc.sum()), "encoder_abs_sum": float(enc.abs().sum()),
                      "encoder_first": enc[0, :4, :8].flatten().tolist(),
                      "decoder_input_ids": dec_in, "step_logits": step_logits,
                      "full_logits_last": model.logits(full)[0].tolist(),
                      "greedy_ids": gen, "greedy_text": tok.decode(gen), "gold": ex.get("targets")})
    return cases


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, help="folder with config.json and pytorch_model.bin")
    ap.add_argument("--opset", type=int, default=14)
    ap.add_argument("--reference", type=int, default=0, help="write onnx_reference.json for N examples")
    ap.add_argument("--examples", help="JSONL with inputs (default: generated validation examples)")
    ap.add_argument("--max-new-tokens", type=int, default=200)
    a = ap.parse_args(argv)
    torch.set_num_threads(2)
    torch.manual_seed(0)
    model = load_hf(a.model)
    export_all(model, os.path.join(a.model, "onnx"), a.opset)
    for f in sorted(os.listdir(os.path.join(a.model, "onnx"))):
        print(f"{f}: {os.path.getsize(os.path.join(a.model, 'onnx', f)) / 1e6:.2f} MB", file=sys.stderr)
    if a.reference:
        tok = Tokenizer(a.model)
        if a.examples:
            with open(a.examples, encoding="utf-8") as f:
                exs = [json.loads(l) for l in f][:a.reference]
        else:
            from .data import make_example
            exs = [make_example(99, "validation", i) for i in range(a.reference)]
        ref = reference(model, tok, exs, max_new_tokens=a.max_new_tokens)
        with open(os.path.join(a.model, "onnx_reference.json"), "w", encoding="utf-8") as f:
            json.dump({"config": model.config.hf_dict(), "cases": ref}, f)
        print(f"reference: {len(ref)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
