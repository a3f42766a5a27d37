#!/usr/bin/python3
"""Trains the FRUIT EDIT5 T5 editor on this machine's CPU (Debian's python3-torch).

    OMP_WAIT_POLICY=PASSIVE /usr/bin/python3 -m models.fruit_edit5.train \
        --tokenizer DIR --corpus wt2.valid.txt --corpus wt2.test.txt \
        --validation VALID.jsonl --out OUT --minutes 100 [--config small]

Training examples come from data.py on the fly (example i of the "train" split, i = 0, 1, 2, ...;
deterministic for a seed), tokenized with the SentencePiece model of the tokenizer folder
(ids = sp.encode(text) + [eos], exactly what tokenizer.json produces). Batches are built from a
pool of examples sorted by length, up to --batch-tokens source+target tokens each.

AdamW, linear warmup then linear decay to 0 at the end of the budget (--minutes: the schedule
follows elapsed time, so a run ends on time whatever the machine's speed; --steps: fixed, fully
deterministic), teacher forcing, no label smoothing, optional bf16 autocast (--bf16).
Every --eval-every minutes: validation loss and token accuracy (teacher forcing) and a greedy
decode of --eval-decode validation examples scored with `fruitbench score` (UpdateROUGE, exact
match); a checkpoint (OUT/checkpoint.pt) and the Hugging Face folder (OUT/model) are written
then and at the end. Log: OUT/train.log.

OUT/model holds config.json, generation_config.json, pytorch_model.bin (state dict with
transformers' T5ForConditionalGeneration keys), tokenizer.json, tokenizer_config.json,
special_tokens_map.json, spiece.model.

--bench N measures training throughput (N steps after 3 warm-up steps) and exits.
"""

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    __package__ = "models.fruit_edit5"

import torch  # noqa: E402

from .data import Corpus, make_example  # noqa: E402
from .model import T5Config, T5ForConditionalGeneration  # noqa: E402

CONFIGS = {
    # name: (d_model, d_kv, d_ff, layers, decoder layers, heads)
    "tiny": dict(d_model=128, d_kv=32, d_ff=512, num_layers=2, num_decoder_layers=2, num_heads=4),
    "small": dict(d_model=256, d_kv=64, d_ff=1024, num_layers=4, num_decoder_layers=4, num_heads=4),
    "small-deep-enc": dict(d_model=256, d_kv=64, d_ff=1024, num_layers=6, num_decoder_layers=3, num_heads=4),
    "medium": dict(d_model=384, d_kv=64, d_ff=1536, num_layers=4, num_decoder_layers=4, num_heads=6),
}


class Tokenizer:
    def __init__(self, folder):
        import sentencepiece as spm
        self.folder = folder
        self.sp = spm.SentencePieceProcessor(model_file=os.path.join(folder, "spiece.model"))
        self.eos = self.sp.eos_id()
        self.pad = self.sp.pad_id()
        assert (self.pad, self.eos) == (0, 1), "T5 convention: pad 0, eos 1"

    def encode(self, text):
        return self.sp.encode(text) + [self.eos]

    def decode(self, ids):
        ids = [i for i in ids if i not in (self.pad, self.eos)]
        return self.sp.decode(ids)

    def __len__(self):
        return self.sp.get_piece_size()


def log(msg, f=None):
    line = time.strftime("%H:%M:%S ") + msg
    print(line, flush=True)
    if f:
        f.write(line + "\n")
        f.flush()


class Stream:
    """Tokenized training examples, in order, from data.make_example."""

    def __init__(self, tok, seed, corpus, max_src, max_tgt, start=0, train_jsonl=None):
        self.tok, self.seed, self.corpus = tok, seed, corpus
        self.max_src, self.max_tgt = max_src, max_tgt
        self.index = start
        self.skipped = 0
        self.lines = None
        if train_jsonl:
            with open(train_jsonl, encoding="utf-8") as f:
                self.lines = [json.loads(l) for l in f]

    def next(self):
        while True:
            i = self.index
            self.index += 1
            if self.lines is not None:
                ex = self.lines[i % len(self.lines)]
            else:
                ex = make_example(self.seed, "train", i, self.corpus)
            s, t = self.tok.encode(ex["inputs"]), self.tok.encode(ex["targets"])
            if len(s) <= self.max_src and len(t) <= self.max_tgt:
                return s, t
            self.skipped += 1


def batches(stream, batch_tokens, pool_batches, rng):
    """Yields (input_ids, attention_mask, labels, n_examples, n_tokens) batches of similar lengths."""
    while True:
        pool = []
        budget = batch_tokens * pool_batches
        used = 0
        while used < budget:
            s, t = stream.next()
            pool.append((s, t))
            used += len(s) + len(t)
        pool.sort(key=lambda x: (len(x[0]), len(x[1])))
        out, cur = [], []
        for s, t in pool:
            ms = max([len(s)] + [len(x[0]) for x in cur])
            mt = max([len(t)] + [len(x[1]) for x in cur])
            if cur and (ms + mt) * (len(cur) + 1) > batch_tokens:
                out.append(cur)
                cur = []
            cur.append((s, t))
        if cur:
            out.append(cur)
        rng.shuffle(out)
        for b in out:
            yield collate(b)


def collate(b, pad=0):
    ms = max(len(s) for s, _ in b)
    mt = max(len(t) for _, t in b)
    ids = torch.full((len(b), ms), pad, dtype=torch.long)
    mask = torch.zeros((len(b), ms), dtype=torch.long)
    labels = torch.full((len(b), mt), -100, dtype=torch.long)
    for i, (s, t) in enumerate(b):
        ids[i, :len(s)] = torch.tensor(s)
        mask[i, :len(s)] = 1
        labels[i, :len(t)] = torch.tensor(t)
    ntok = sum(len(s) + len(t) for s, t in b)
    return ids, mask, labels, len(b), ntok


def load_jsonl(path, n=None):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            out.append(json.loads(line))
            if n and len(out) >= n:
                break
    return out


def save_hf(model, tok, folder, extra=None):
    os.makedirs(folder, exist_ok=True)
    cfg = model.config
    d = cfg.hf_dict()
    if extra:
        d.update(extra)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(d, f, indent=2)
        f.write("\n")
    gen = {"decoder_start_token_id": cfg.decoder_start_token_id, "eos_token_id": cfg.eos_token_id,
           "pad_token_id": cfg.pad_token_id, "max_length": 256, "num_beams": 1, "do_sample": False,
           "transformers_version": d["transformers_version"]}
    with open(os.path.join(folder, "generation_config.json"), "w") as f:
        json.dump(gen, f, indent=2)
        f.write("\n")
    sd = {k: v.detach().clone().float().contiguous() for k, v in model.hf_state_dict().items()}
    torch.save(sd, os.path.join(folder, "pytorch_model.bin"))
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "spiece.model"):
        src = os.path.join(tok.folder, name)
        if os.path.exists(src):
            shutil.copyfile(src, os.path.join(folder, name))


def load_hf(folder):
    cfg = T5Config.from_json(os.path.join(folder, "config.json"))
    model = T5ForConditionalGeneration(cfg)
    model.load_hf_state_dict(torch.load(os.path.join(folder, "pytorch_model.bin"), map_location="cpu"))
    model.eval()
    return model


@torch.no_grad()
def evaluate(model, tok, val, args, logf, bf16):
    model.eval()
    tot_loss = tot_tok = correct = 0
    data = [(tok.encode(e["inputs"])[:args.max_src], tok.encode(e["targets"])[:args.max_tgt]) for e in val[:args.eval_loss_n]]
    for i in range(0, len(data), 16):
        ids, mask, labels, _, _ = collate(data[i:i + 16])
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
            _, logits = model(ids, mask, labels=labels)
        logits = logits.float()
        m = labels != -100
        loss = torch.nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1), ignore_index=-100, reduction="sum")
        tot_loss += loss.item()
        tot_tok += m.sum().item()
        correct += ((logits.argmax(-1) == labels) & m).sum().item()
    res = {"val_loss": tot_loss / max(1, tot_tok), "val_token_acc": correct / max(1, tot_tok)}
    if args.eval_decode and args.fruitbench:
        sub = val[:args.eval_decode]
        preds = []
        for i in range(0, len(sub), 8):
            chunk = sub[i:i + 8]
            enc = [tok.encode(e["inputs"])[:args.max_src] for e in chunk]
            ids, mask, _, _, _ = collate([(s, [1]) for s in enc])
            out = model.greedy(ids, mask, max_new_tokens=args.max_tgt)
            for e, row in zip(chunk, out.tolist()):
                if 1 in row:
                    row = row[:row.index(1)]
                preds.append({"id": e["id"], "targets": tok.decode(row)})
        res["edit5_exact"] = sum(p["targets"] == e["targets"] for p, e in zip(preds, sub)) / len(sub)
        res.update(score(args.fruitbench, sub, preds))
        res["sample"] = preds[0]["targets"][:300]
    model.train()
    return res


def score(fruitbench, gold, preds):
    with tempfile.TemporaryDirectory() as tmp:
        g, p = os.path.join(tmp, "g.jsonl"), os.path.join(tmp, "p.jsonl")
        with open(g, "w", encoding="utf-8") as f:
            for e in gold:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        with open(p, "w", encoding="utf-8") as f:
            for e in preds:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        r = subprocess.run([fruitbench, "score", "--gold", g, "--pred", p, "--format", "json", "--bootstrap", "0", "--quiet"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return {"score_error": r.stderr.strip()[:300]}
        rep = json.loads(r.stdout)
        m = rep["mean"]
        return {"update_rouge1_f": m["update_rouge1"]["fmeasure"], "update_rouge2_f": m["update_rouge2"]["fmeasure"],
                "update_rougeLsum_f": m["update_rougeLsum"]["fmeasure"], "rougeL_f": m["rougeL"]["fmeasure"],
                "exact_match": m["exact_match"]}


def lr_at(progress, step, args):
    warm = min(1.0, (step + 1) / args.warmup)
    return args.lr * warm * max(0.0, 1.0 - progress)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tokenizer", required=True, help="folder with spiece.model and tokenizer.json")
    ap.add_argument("--out", required=True)
    ap.add_argument("--corpus", action="append", default=[])
    ap.add_argument("--train-jsonl", help="train from this file instead of generating examples")
    ap.add_argument("--validation", help="validation gold JSONL (from data.py)")
    ap.add_argument("--config", default="small", choices=sorted(CONFIGS))
    ap.add_argument("--ff", default="relu", choices=["relu", "gated-gelu"])
    ap.add_argument("--minutes", type=float, default=0, help="time budget (schedule follows elapsed time)")
    ap.add_argument("--steps", type=int, default=0, help="fixed number of steps (deterministic schedule)")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--warmup", type=int, default=300)
    ap.add_argument("--weight-decay", type=float, default=0.01)
    ap.add_argument("--dropout", type=float, default=0.0, help="0: examples are never repeated, and dropout costs ~30%% of a CPU step")
    ap.add_argument("--batch-tokens", type=int, default=6000, help="padded source+target tokens per batch")
    ap.add_argument("--pool-batches", type=int, default=32)
    ap.add_argument("--max-src", type=int, default=512)
    ap.add_argument("--max-tgt", type=int, default=192)
    ap.add_argument("--bf16", action="store_true", help="bf16 autocast")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--eval-every", type=float, default=10.0, help="minutes")
    ap.add_argument("--eval-loss-n", type=int, default=200)
    ap.add_argument("--eval-decode", type=int, default=32)
    ap.add_argument("--fruitbench", default="./build/fruitbench")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--init", metavar="DIR", help="start from this Hugging Face folder's weights (e.g. from_onnx.py's output); the config comes from it")
    ap.add_argument("--bench", type=int, default=0, help="measure throughput over N steps and exit")
    args = ap.parse_args(argv)

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    os.makedirs(args.out, exist_ok=True)
    logf = open(os.path.join(args.out, "train.log"), "a")
    tok = Tokenizer(args.tokenizer)
    cfg = T5Config(vocab_size=len(tok), dropout_rate=args.dropout, feed_forward_proj=args.ff, **CONFIGS[args.config])
    model = T5ForConditionalGeneration(cfg)
    if args.init:
        model = load_hf(args.init)
        if model.config.vocab_size != len(tok):
            ap.error(f"--init {args.init}: vocabulary {model.config.vocab_size}, tokenizer {len(tok)}")
        model.config.dropout_rate = args.dropout
        log(f"initialized from {args.init}", logf)
    log(f"config {args.config} {json.dumps(CONFIGS[args.config])} ff={args.ff} vocab={len(tok)} params={model.num_parameters():,} "
        f"bf16={args.bf16} threads={args.threads} batch_tokens={args.batch_tokens}", logf)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.98), eps=1e-8, weight_decay=args.weight_decay)
    corpus = Corpus(args.corpus) if args.corpus else None
    step, start_index, elapsed_before = 0, 0, 0.0
    ck = os.path.join(args.out, "checkpoint.pt")
    if args.resume and os.path.exists(ck):
        st = torch.load(ck, map_location="cpu")
        model.load_state_dict(st["model"])
        opt.load_state_dict(st["opt"])
        step, start_index, elapsed_before = st["step"], st["index"], st["elapsed"]
        log(f"resumed at step {step}, example {start_index}, {elapsed_before / 60:.1f} min", logf)
    stream = Stream(tok, args.seed, corpus, args.max_src, args.max_tgt, start_index, args.train_jsonl)
    batch_rng = random.Random(f"{args.seed}/batches/{start_index}")
    it = batches(stream, args.batch_tokens, args.pool_batches, batch_rng)
    val = load_jsonl(args.validation) if args.validation else []
    model.train()

    if args.bench:
        times, cpu, ex, toks, ptoks = [], [], 0, 0, 0
        for i in range(args.bench + 3):
            ids, mask, labels, n, ntok = next(it)
            t0, c0 = time.time(), time.process_time()
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
                loss, _ = model(ids, mask, labels=labels)
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            if i >= 3:
                times.append(time.time() - t0)
                cpu.append(time.process_time() - c0)
                ex += n
                toks += ntok
                ptoks += ids.numel() + labels.numel()
        t = sum(times)
        res = {"config": args.config, "bf16": args.bf16, "params": model.num_parameters(), "steps": args.bench,
               "sec_per_step": t / args.bench, "cpu_sec_per_step": sum(cpu) / args.bench,
               "examples_per_cpu_sec": ex / sum(cpu), "load_avg_1min": os.getloadavg()[0], "examples_per_sec": ex / t, "tokens_per_sec": toks / t,
               "padded_tokens_per_sec": ptoks / t, "examples_per_step": ex / args.bench, "loss": loss.item()}
        log("bench " + json.dumps(res), logf)
        return res

    budget = args.minutes * 60 if args.minutes else None
    total_steps = args.steps or None
    if not budget and not total_steps:
        ap.error("give --minutes or --steps")
    t_start = time.time() - elapsed_before
    last_eval = time.time()
    run_loss = run_n = 0.0
    seen_ex = seen_tok = 0
    last_log = time.time()

    def progress():
        p = 0.0
        if budget:
            p = max(p, (time.time() - t_start) / budget)
        if total_steps:
            p = max(p, step / total_steps)
        return p

    def checkpoint(final=False):
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step,
                    "index": stream.index, "elapsed": time.time() - t_start}, ck + ".tmp")
        os.replace(ck + ".tmp", ck)
        save_hf(model, tok, os.path.join(args.out, "model"),
                extra={"fruit_edit5": {"step": step, "examples": stream.index, "minutes": round((time.time() - t_start) / 60, 2),
                                       "config": args.config, "seed": args.seed, "final": final}})

    def do_eval():
        if not val:
            return
        t0 = time.time()
        res = evaluate(model, tok, val, args, logf, args.bf16)
        res["eval_sec"] = round(time.time() - t0, 1)
        log(f"eval step {step} " + json.dumps(res, ensure_ascii=False), logf)

    while progress() < 1.0:
        ids, mask, labels, n, ntok = next(it)
        for g in opt.param_groups:
            g["lr"] = lr_at(progress(), step, args)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
            loss, _ = model(ids, mask, labels=labels)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        step += 1
        run_loss += loss.item()
        run_n += 1
        seen_ex += n
        seen_tok += ntok
        if time.time() - last_log > 60:
            dt = time.time() - last_log
            log(f"step {step} loss {run_loss / run_n:.4f} lr {opt.param_groups[0]['lr']:.2e} "
                f"ex/s {seen_ex / dt:.1f} tok/s {seen_tok / dt:.0f} examples {stream.index} skipped {stream.skipped} "
                f"elapsed {(time.time() - t_start) / 60:.1f} min", logf)
            run_loss = run_n = 0.0
            seen_ex = seen_tok = 0
            last_log = time.time()
        if time.time() - last_eval > args.eval_every * 60:
            do_eval()
            checkpoint()
            last_eval = time.time()
    log(f"done: {step} steps, {stream.index} examples, {(time.time() - t_start) / 60:.1f} min", logf)
    do_eval()
    checkpoint(final=True)
    log(f"saved {os.path.join(args.out, 'model')}", logf)


if __name__ == "__main__":
    main()
