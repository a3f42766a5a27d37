#!/usr/bin/python3
# -*- coding: utf-8 -*-
"""Dev-time generator for the corpus-metric conformance fixtures.

Like make_expected.py, this script is NOT part of the build or of CI. It
runs the official language/fruit/metrics.py functions surface_recall and
delimiter_f1 (see README.md, "Corpus-level metrics") and writes:

  corpus_cases/corpus.gold.jsonl, .pred.jsonl   a case written for these
      metrics (seeded, deterministic): generatable_surfaces of every kind,
      Unicode surfaces and digits, repeated, huge and zero-padded delimiters
  expected/corpus_metrics.jsonl   one line per case whose predictions all
      carry `targets` (cases/ and corpus_cases/): {"case", "dir", "metrics":
      {official key: value}}; the
      surface recalls only for cases whose gold lines all carry
      generatable_surfaces

    FRUIT_REFERENCE_DIR=/work/ref /usr/bin/python3 tests/conformance/make_corpus_expected.py

Pairing is the one of README.md (by id when every gold and prediction line
has one, else by line order); the official functions then see the pairs in
gold order, as the official script does with aligned files.
"""

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_DIR = os.path.join(HERE, "cases")
# The corpus case has no per-example expectations: it lives apart from cases/.
CORPUS_CASES_DIR = os.path.join(HERE, "corpus_cases")
EXPECTED_DIR = os.path.join(HERE, "expected")


def load_reference(ref_dir):
  ref_dir = os.path.abspath(ref_dir)
  for p in (os.path.join(ref_dir, "stubs"), ref_dir):
    if p not in sys.path:
      sys.path.insert(0, p)
  # metrics.py imports rouge_score and seqio at the top but neither function
  # used here touches them: empty stub modules stand in (stubs/).
  from language.fruit import metrics  # pylint: disable=g-import-not-at-top
  from language.fruit import rendering_utils  # pylint: disable=g-import-not-at-top
  pair = rendering_utils.get_default_delimiter_range_pair(rendering_utils.Task.diff,
                                                          rendering_utils.DelimiterType.text)
  return metrics, pair


def read_jsonl(path):
  with open(path, encoding="utf-8", newline="") as f:
    return [json.loads(line) for line in f.read().split("\n") if line.strip()]


def write_jsonl(path, rows):
  with open(path, "w", encoding="utf-8", newline="") as f:
    for row in rows:
      f.write(json.dumps(row, ensure_ascii=False) + "\n")


WORDS = ("harbor bridge river council station museum festival railway tower island library college "
         "market canal theatre village abbey castle quarry mill lighthouse").split()
NAMES = ["Kessel", "Marrow", "Quillmark", "Orsova", "Tálinn", "İskele", "Zürich", "Ōmura", "東京", "Nørre",
         "Brae", "Liss", "Harrow", "Vento", "Caddis"]


def sentence(rng, name):
  return f"The {rng.choice(WORDS)} of {name} opened in {rng.randint(1800, 2020)}."


def handwritten():
  """Edge cases with known official behaviour."""
  g, p = [], []

  def add(inputs, targets, surfaces, pred_targets, pred_text=None):
    i = len(g)
    line = {"id": f"corpus-{i:03d}", "inputs": inputs, "targets": targets}
    if surfaces is not None:
      line["generatable_surfaces"] = surfaces
    g.append(line)
    pred = {"id": f"corpus-{i:03d}", "targets": pred_targets}
    if pred_text is not None:
      pred["normalized_targets"] = pred_text
    p.append(pred)

  # The official unit tests' shapes, with a valid [CONTEXT].
  add("[0] Foo [CONTEXT] (0) Yes rush", "[0] (0) I like Yes and Rush.", {"e0": ["Yes"], "e1": ["rush", "Rush"]},
      "I like Yes and Rush.")
  add("[0] Foo [CONTEXT] (0) Yes", "[0] (0) I like Yes.", {"e0": ["Yes"], "e1": ["rush", "Rush"]}, "I like Yes.")
  # A surface only in a copied sentence: "[0]" is not its text.
  add("[0] Kessel Bridge is old. [CONTEXT] (0) Kessel Bridge", "[0] (0) Kessel Bridge closed.",
      {"Q1": ["Kessel Bridge"]}, "[0]")
  # In the prediction but not in the input: not counted.
  add("[0] A town. [CONTEXT] (0) Marrow council", "[0] (0) Marrow grew.", {"Q2": ["Orsova"], "Q3": ["Marrow"]},
      "[0] (0) Orsova and Marrow grew.")
  # An empty list of surfaces and an empty surface (in every string).
  add("[0] A town. [CONTEXT] (0) Fact", "[0] (0) Fact.", {"Q4": [], "Q5": [""]}, "[0] (0) Fact.")
  add("[0] A town. [CONTEXT] (0) Fact", "[0] (0) Fact.", {}, "")
  # Unicode surfaces: code points, not bytes; case matters.
  add("[0] Ein Ort. [CONTEXT] (0) Zürich İskele 東京 café", "[0] (0) Zürich.",
      {"Q6": ["Zürich"], "Q7": ["İskele"], "Q8": ["東京"], "Q9": ["cafe\u0301"], "Q10": ["zürich"]},
      "[0] (0) zürich, İskele and 東京 café.")
  # Delimiters: Unicode digits, zero padding, huge numbers, doubles, glued.
  add("[0] A. [1] B. [2] C. [3] D. [CONTEXT] (0) E (1) F (2) G (3) H",
      "[0] [٣] (1) (2) New. [007] ((3))", None,
      "[3] [0] [0] (٢) (1) (01) New. [7] ((3)) [99999999999999999999] [99999999999999999998] ( 2) [ 1]")
  add("[0] A. [1] B. [CONTEXT] (0) E (1) F", "[0] [1]", None, "(0)(1)(0) x [0][1][1]")
  add("[0] A. [1] B. [CONTEXT] (0) E", "(0) Only new text.", None, "[0] [1] [2]")
  add("[0] A. [CONTEXT] (0) E", "[0]", None, "[0]", pred_text="A. With a text given too.")
  add("[0] A. [CONTEXT] (0) E", "[0] (0) [1] (1)", None, "[0] (0) [1] (1) (1) [1]")
  return g, p


def random_examples(rng, start, count):
  g, p = [], []
  for k in range(count):
    i = start + k
    names = rng.sample(NAMES, 4)
    source = [sentence(rng, rng.choice(names)) for _ in range(rng.randint(1, 6))]
    evidence = [f"{rng.choice(names)} {rng.choice(WORDS)} {rng.choice(WORDS)}" for _ in range(rng.randint(1, 4))]
    inputs = " ".join(f"[{j}] {s}" for j, s in enumerate(source)) + " [CONTEXT] " + " ".join(
        f"({j}) {e}" for j, e in enumerate(evidence))

    def edit():
      parts = []
      for j in range(len(source) + 2):
        if rng.random() < 0.6:
          parts.append(f"[{j}]")
      for _ in range(rng.randint(0, 3)):
        refs = " ".join(f"({rng.randint(0, len(evidence) + 1)})" for _ in range(rng.randint(0, 2)))
        parts.append(f"{refs} {sentence(rng, rng.choice(names + NAMES[:3]))}".strip())
      rng.shuffle(parts)
      return " ".join(parts)

    surfaces = {}
    for e in range(rng.randint(0, 4)):
      options = [rng.choice(names), rng.choice(NAMES), rng.choice(WORDS), rng.choice(names).lower()]
      surfaces[f"Q{1000 + i * 10 + e}"] = rng.sample(options, rng.randint(0, 3))
    g.append({"id": f"corpus-{i:03d}", "inputs": inputs, "targets": edit(), "generatable_surfaces": surfaces})
    p.append({"id": f"corpus-{i:03d}", "targets": edit()})
  return g, p


def write_case():
  rng = random.Random(20261123)
  gold, pred = handwritten()
  more_gold, more_pred = random_examples(rng, len(gold), 120)
  gold += more_gold
  pred += more_pred
  # Every gold line needs generatable_surfaces for the surface recalls.
  for line in gold:
    line.setdefault("generatable_surfaces", {"Q0": ["A"]})
  order = list(range(len(pred)))
  rng.shuffle(order)  # pairing by id
  os.makedirs(CORPUS_CASES_DIR, exist_ok=True)
  write_jsonl(os.path.join(CORPUS_CASES_DIR, "corpus.gold.jsonl"), gold)
  write_jsonl(os.path.join(CORPUS_CASES_DIR, "corpus.pred.jsonl"), [pred[i] for i in order])


def paired(folder, case):
  gold = read_jsonl(os.path.join(folder, case + ".gold.jsonl"))
  pred = read_jsonl(os.path.join(folder, case + ".pred.jsonl"))
  if all("id" in x for x in gold) and all("id" in x for x in pred):
    by_id = {str(x["id"]): x for x in pred}
    pred = [by_id[str(x["id"])] for x in gold]
  return gold, pred


def main():
  metrics, pair = load_reference(os.environ.get("FRUIT_REFERENCE_DIR", "/work/ref"))
  write_case()
  cases = [(folder, name[:-len(".gold.jsonl")]) for folder in (CASES_DIR, CORPUS_CASES_DIR)
           for name in sorted(os.listdir(folder)) if name.endswith(".gold.jsonl")]
  rows = []
  for folder, case in cases:
    gold, pred = paired(folder, case)
    if not all("targets" in x for x in pred):
      continue
    values = {}
    if all("generatable_surfaces" in x for x in gold):
      values.update(metrics.surface_recall(gold, pred))
    values.update(metrics.delimiter_f1(gold, pred, pair))
    rows.append({"case": case, "dir": os.path.basename(folder), "metrics": values})
  write_jsonl(os.path.join(EXPECTED_DIR, "corpus_metrics.jsonl"), rows)
  print(f"wrote {len(rows)} cases")


if __name__ == "__main__":
  main()
