#!/usr/bin/python3
"""int8 quantization of the exported ONNX files, written with the onnx Python API.

    /usr/bin/python3 -m models.fruit_edit5.quantize --model MODEL_DIR [--mode dynamic|weight-only] [--suffix _quantized]

reads MODEL_DIR/onnx/{encoder_model,decoder_model_merged}.onnx (and, with --all, the two split
decoders) and writes *_quantized.onnx next to them (Optimum / transformers.js "q8" naming).

Modes (default dynamic; both store every large MatMul weight and the token embedding as int8, symmetric, one
scale per output channel, so files are about a quarter of fp32):
  weight-only  DequantizeLinear(int8 weight, per-channel scale) feeding the float MatMul/Gather.
               Runs on onnxruntime-web's wasm and WebGPU back ends (RECIPES.md). onnxruntime 1.30
               cannot load it at optimization level extended/all when the DequantizeLinear sits in
               an If branch and its weight is an outer-scope initializer (its DQ+MatMul ->
               MatMulNBits fusion fails: "TransposeDQWeightsForMatMulNBits Missing required
               weight"), so in the merged decoder the weights are dequantized in the main graph,
               on every call: much slower per token than dynamic (see README.md).
  dynamic      MatMul -> DynamicQuantizeLinear(activation, uint8) + MatMulInteger(int8 weight,
               per-column zero points) + Cast + Mul(activation scale x weight scales), as
               onnxruntime's quantize_dynamic does; the embedding Gather stays weight-only.
               Runs on wasm; under WebGPU these ops fall back to the CPU.

The tied embedding is stored once: the lm_head's MatMul weight, which torch's export folds into a
transposed copy of shared.weight, becomes Transpose(int8 shared.weight) (folded again by
onnxruntime when the session loads). Small tensors (relative attention biases, layer norms)
stay float. Nodes inside the If branches of the merged decoder are handled like top-level ones;
the int8 weights are top-level initializers shared by both branches.
"""

import argparse
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

MIN_ELEMENTS = 4096


def _graphs(graph, path="main"):
    """(path, graph) of graph and every subgraph below it; path is a stable key."""
    yield path, graph
    for node in graph.node:
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                yield from _graphs(attr.g, f"{path}/{node.name}/{attr.name}")
            elif attr.type == onnx.AttributeProto.GRAPHS:
                for k, g in enumerate(attr.graphs):
                    yield from _graphs(g, f"{path}/{node.name}/{attr.name}/{k}")


def quantize_per_channel(w, axis):
    """Symmetric int8 with one scale per index of `axis`."""
    red = tuple(i for i in range(w.ndim) if i != axis)
    amax = np.abs(w).max(axis=red)
    scale = np.where(amax > 0, amax / 127.0, 1.0).astype(np.float32)
    shape = [1] * w.ndim
    shape[axis] = -1
    q = np.clip(np.rint(w / scale.reshape(shape)), -127, 127).astype(np.int8)
    return q, scale


def quantize_model(model, mode):
    top = model.graph
    inits = {t.name: t for t in top.initializer}
    arrays = {}

    def arr(name):
        if name not in arrays:
            arrays[name] = numpy_helper.to_array(inits[name])
        return arrays[name]

    def eligible(name):
        t = inits.get(name)
        return t is not None and t.data_type == TensorProto.FLOAT and len(t.dims) == 2 and np.prod(t.dims) >= MIN_ELEMENTS

    # consumers of each eligible initializer
    uses = {}
    for gp, g in _graphs(top):
        for node in g.node:
            for j, nm in enumerate(node.input):
                if eligible(nm):
                    uses.setdefault(nm, []).append((gp, node, j))

    # transposed copies of embedding tables (tied lm_head)
    gather_tables = {nm for nm, us in uses.items() if any(n.op_type == "Gather" and j == 0 for _, n, j in us)}
    transposed_of = {}
    for nm in uses:
        if nm in gather_tables:
            continue
        for tab in gather_tables:
            if tuple(inits[nm].dims) == tuple(inits[tab].dims[::-1]) and np.array_equal(arr(nm), arr(tab).T):
                transposed_of[nm] = tab
                break

    new_inits = []
    qcache = {}

    def qtensor(name, axis):
        """(int8 name, scale name, zero-point name) of initializer `name`, per `axis`."""
        key = (name, axis)
        if key not in qcache:
            q, s = quantize_per_channel(arr(name), axis)
            base = name.replace("::", "_").replace("/", "_")
            qn, sn, zn = f"{base}_quantized", f"{base}_scale", f"{base}_zero_point"
            new_inits.append(numpy_helper.from_array(q, qn))
            new_inits.append(numpy_helper.from_array(s, sn))
            new_inits.append(numpy_helper.from_array(np.zeros_like(s, dtype=np.int8), zn))
            qcache[key] = (qn, sn, zn)
        return qcache[key]

    counter = [0]

    def uniq(prefix):
        counter[0] += 1
        return f"{prefix}_{counter[0]}"

    plan, removed = {}, set()
    hoisted, main_pre = {}, []
    stats = {"gather": 0, "matmul_weight_only": 0, "matmul_integer": 0, "tied_transposed": 0}
    for nm, us in uses.items():
        for gp, node, j in us:
            inserts = []
            if node.op_type == "Gather" and j == 0:
                qn, sn, zn = qtensor(nm, 0)
                if gp != "main" and ("gather", nm) in hoisted:
                    node.input[j] = hoisted[("gather", nm)]
                    stats["gather"] += 1
                    continue
                out = uniq(f"{nm}_dequantized")
                inserts.append(helper.make_node("DequantizeLinear", [qn, sn, zn], [out], name=uniq("DequantizeLinear"), axis=0))
                node.input[j] = out
                stats["gather"] += 1
                if gp != "main":
                    hoisted[("gather", nm)] = out
                    main_pre.extend(inserts)
                    continue
            elif node.op_type == "MatMul" and j == 1:
                if nm in transposed_of:
                    tab = transposed_of[nm]
                    qn, sn, zn = qtensor(tab, 0)  # rows of the table = columns of the weight
                    wq = uniq(f"{tab}_transposed")
                    inserts.append(helper.make_node("Transpose", [qn], [wq], name=uniq("Transpose"), perm=[1, 0]))
                    stats["tied_transposed"] += 1
                else:
                    qn, sn, zn = qtensor(nm, 1)
                    wq = qn
                if mode == "weight-only":
                    stats["matmul_weight_only"] += 1
                    if gp != "main" and ("matmul", nm) in hoisted:
                        node.input[j] = hoisted[("matmul", nm)]
                        continue
                    out = uniq(f"{nm}_dequantized")
                    inserts.append(helper.make_node("DequantizeLinear", [wq, sn, zn], [out], name=uniq("DequantizeLinear"), axis=1))
                    node.input[j] = out
                    if gp != "main":
                        # onnxruntime (1.30) cannot fuse DequantizeLinear+MatMul inside an If branch
                        # when the weight is an outer-scope initializer (TransposeDQWeightsForMatMulNBits
                        # fails at optimization level extended/all): dequantize in the main graph,
                        # once for both branches.
                        hoisted[("matmul", nm)] = out
                        main_pre.extend(inserts)
                        continue
                else:
                    x = node.input[0]
                    xq, xs, xz = uniq("x_quantized"), uniq("x_scale"), uniq("x_zero_point")
                    mi, mf, sc = uniq("matmul_integer"), uniq("matmul_float"), uniq("output_scale")
                    y = node.output[0]
                    inserts += [
                        helper.make_node("DynamicQuantizeLinear", [x], [xq, xs, xz], name=uniq("DynamicQuantizeLinear")),
                        helper.make_node("MatMulInteger", [xq, wq, xz, zn], [mi], name=uniq("MatMulInteger")),
                        helper.make_node("Cast", [mi], [mf], name=uniq("Cast"), to=TensorProto.FLOAT),
                        helper.make_node("Mul", [xs, sn], [sc], name=uniq("Mul")),
                        helper.make_node("Mul", [mf, sc], [y], name=uniq("Mul")),
                    ]
                    node.op_type = "Identity"  # replaced below
                    stats["matmul_integer"] += 1
            else:
                continue
            plan.setdefault((gp, node.name), []).extend(inserts)
            if mode == "dynamic" and node.op_type == "Identity":
                removed.add((gp, node.name))

    # rebuild each graph's node list once: inserted nodes go right before their consumer
    # (plan is keyed by graph path and node name, both unchanged by the edits; the main graph is
    # rebuilt last so that its subgraphs' paths stay valid while they are rebuilt)
    for gp, g in reversed(list(_graphs(top))):
        names = [n.name for n in g.node]
        assert all(names) and len(set(names)) == len(names), "nodes need unique names"
        nodes = list(main_pre) if gp == "main" else []
        for n in g.node:
            nodes.extend(plan.get((gp, n.name), []))
            if (gp, n.name) not in removed:
                c = onnx.NodeProto()
                c.CopyFrom(n)
                nodes.append(c)
        del g.node[:]
        g.node.extend(nodes)

    # drop float initializers nobody reads any more
    used = set()
    for _, g in _graphs(top):
        for node in g.node:
            used.update(node.input)
        used.update(o.name for o in g.output)
    keep = [t for t in top.initializer if t.name in used]
    del top.initializer[:]
    top.initializer.extend(keep + new_inits)
    return model, stats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, help="model folder with onnx/")
    ap.add_argument("--mode", default="dynamic", choices=["dynamic", "weight-only"])
    ap.add_argument("--all", action="store_true", help="also the split decoders (decoder_model, decoder_with_past_model)")
    ap.add_argument("--suffix", default="_quantized")
    a = ap.parse_args(argv)
    names = ["encoder_model", "decoder_model_merged"] + (["decoder_model", "decoder_with_past_model"] if a.all else [])
    for n in names:
        src = os.path.join(a.model, "onnx", f"{n}.onnx")
        dst = os.path.join(a.model, "onnx", f"{n}{a.suffix}.onnx")
        model, stats = quantize_model(onnx.load(src), a.mode)
        onnx.checker.check_model(model)
        onnx.save(model, dst)
        print(f"{n}: {os.path.getsize(src) / 1e6:.2f} MB -> {os.path.getsize(dst) / 1e6:.2f} MB ({a.mode}) {stats}", file=sys.stderr)


if __name__ == "__main__":
    main()
