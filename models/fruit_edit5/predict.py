#!/usr/bin/python3
"""Greedy EDIT5 predictions of a trained model for a gold file, scored with fruitbench.

    /usr/bin/python3 -m models.fruit_edit5.predict --model MODEL_DIR --gold test.jsonl --out pred.jsonl \
        [--n N] [--fruitbench ./build/fruitbench] [--report report.json]

Writes prediction lines {"id", "targets"} (raw EDIT5), runs `fruitbench score` (UpdateROUGE,
ROUGE, exact match) and, when GOLD's sidecar *.meta.jsonl exists (data.py writes it), the mean
UpdateROUGE-1 F and exact match per article kind and per number of updates.
"""

import argparse
import json
import os
import subprocess
import sys
import time

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    __package__ = "models.fruit_edit5"

import torch  # noqa: E402

from .train import Tokenizer, collate, load_hf  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--gold", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=0)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--max-src", type=int, default=1024)
    ap.add_argument("--max-new-tokens", type=int, default=256)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--fruitbench", default="./build/fruitbench")
    ap.add_argument("--report", help="write the summary JSON here too")
    a = ap.parse_args(argv)
    torch.set_num_threads(a.threads)
    model = load_hf(a.model)
    tok = Tokenizer(a.model)
    gold = []
    with open(a.gold, encoding="utf-8") as f:
        for line in f:
            gold.append(json.loads(line))
            if a.n and len(gold) >= a.n:
                break
    t0 = time.time()
    preds = []
    order = sorted(range(len(gold)), key=lambda i: len(gold[i]["inputs"]))
    out_tokens = 0
    for k in range(0, len(order), a.batch):
        idx = order[k:k + a.batch]
        enc = [tok.encode(gold[i]["inputs"])[:a.max_src] for i in idx]
        ids, mask, _, _, _ = collate([(s, [1]) for s in enc])
        out = model.greedy(ids, mask, max_new_tokens=a.max_new_tokens)
        for i, row in zip(idx, out.tolist()):
            if 1 in row:
                row = row[:row.index(1) + 1]
            out_tokens += len(row)
            preds.append((i, {"id": gold[i].get("id", str(i)), "targets": tok.decode(row)}))
    preds.sort()
    dt = time.time() - t0
    sub_gold = a.gold
    if a.n:
        sub_gold = a.out + ".gold.jsonl"
        with open(sub_gold, "w", encoding="utf-8") as f:
            for g in gold:
                f.write(json.dumps(g, ensure_ascii=False) + "\n")
    with open(a.out, "w", encoding="utf-8") as f:
        for _, p in preds:
            f.write(json.dumps(p, ensure_ascii=False) + "\n")
    per = a.out + ".scores.jsonl"
    r = subprocess.run([a.fruitbench, "score", "--gold", sub_gold, "--pred", a.out, "--format", "json", "--quiet",
                        "--per-example", per], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"fruitbench score failed: {r.stderr}")
    rep = json.loads(r.stdout)
    summary = {"n": rep["n"], "mean": rep["mean"], "signature": rep["signature"], "decode_sec": round(dt, 1),
               "examples_per_sec": round(len(gold) / dt, 2), "tokens_per_sec": round(out_tokens / dt, 1),
               "edit5_exact": sum(p["targets"] == gold[i]["targets"] for i, p in preds) / len(gold)}
    meta_path = a.gold[:-len(".jsonl")] + ".meta.jsonl"
    if os.path.exists(meta_path):
        meta = {}
        with open(meta_path) as f:
            for line in f:
                m = json.loads(line)
                meta[m["id"]] = m
        groups = {}
        with open(per) as f:
            for line in f:
                s = json.loads(line)
                m = meta.get(s["id"])
                if not m:
                    continue
                for key in (f"kind={m['kind']}", f"updates={len(m['updates'])}"):
                    g = groups.setdefault(key, [0, 0.0, 0.0])
                    g[0] += 1
                    g[1] += s["update_rouge1"]["fmeasure"]
                    g[2] += s["exact_match"]
        summary["by_group"] = {k: {"n": v[0], "update_rouge1_f": round(v[1] / v[0], 2), "exact_match": round(v[2] / v[0], 2)}
                               for k, v in sorted(groups.items())}
    print(json.dumps(summary, indent=1))
    if a.report:
        with open(a.report, "w") as f:
            json.dump(summary, f, indent=1)


if __name__ == "__main__":
    main()
