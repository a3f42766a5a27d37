#!/usr/bin/python3
# -*- coding: utf-8 -*-
"""Dev-time timing harness for FRUIT's OFFICIAL evaluation path.

Not part of the build or of CI: tests/bench/bench.sh runs it, when the
reference implementation is available locally, to time the official Python
code on the same files fruitbench scores. Nothing from the reference is
copied here; it is imported from FRUIT_REFERENCE_DIR (default /work/ref; see
tests/conformance/README.md for how to set it up), with the folder's `stubs`
(minimal tensorflow / seqio stand-ins) on sys.path.

    FRUIT_REFERENCE_DIR=/work/ref /usr/bin/python3 tests/bench/reference_score.py \
        --gold G.jsonl --pred P.jsonl [--limit K] [--metrics all|update]

What it runs, per the official scripts/evaluate_direct_jsonls.py minus its
TF/seqio plumbing (tf.io.gfile -> open; the seqio task's metric list, which
is [metrics.edit_rouge] in FRUIT's tasks.py -> the calls below):
  1. reads both JSONL files completely into lists of dicts, as the official
     script does, and pairs them by line order (as its zip does);
  2. gives every prediction that carries EDIT5 `targets` but no
     `normalized_targets` the output of the official
     rendering_utils.normalize(inputs, targets, <diff/text delimiters>)
     (fruitbench does the same); gold lines without normalized fields too;
  3. calls the official language.fruit.metrics.edit_rouge(targets,
     predictions) -- UpdateROUGE-1/2/Lsum -- and metrics.exact_match (not in
     the task's list, but fruitbench reports it; it costs about 1 ms);
  4. with --metrics all (the default), also what fruitbench reports besides:
     full-text ROUGE-1/2/L of normalized_targets per example with rouge_score's
     RougeScorer, aggregated with its BootstrapAggregator, so the timing
     compares like with like.

One deviation, needed to get a number at all: edit_rouge records a bare float
100.0 (not a rouge_score Score) for an example where neither gold nor
prediction adds anything, and BootstrapAggregator.aggregate() then fails
(np.vstack of Score rows and scalars) on any file that mixes such examples
with others -- every realistic file. The harness leaves edit_rouge's loop
untouched and swaps, for edit_rouge only, the BootstrapAggregator it
constructs for a subclass whose add_scores maps that bare 100.0 to
Score(1.0, 1.0, 1.0) (i.e. 100 after edit_rouge's final "* 100"), which is
what fruitbench (and EditEval's port) count for such an example. The
subclass also keeps running sums so the plain means can be printed next to
fruitbench's. Everything else is the official code.

Prints one JSON object: elapsed seconds (inside the process, from the start
of reading to the end of aggregation), examples/s, time per phase, peak RSS,
and the scores (means and bootstrap mids, 0-100) for a sanity comparison
with fruitbench.

Other modes:
  --check           only imports the reference (exit 0 when it is usable)
  --verify-gold     checks every gold line's normalized_inputs /
                    normalized_targets against the official normalize()
                    (exit 1 on any mismatch); used to validate the
                    generator make_bench_data.js.
"""

import argparse
import json
import math
import os
import resource
import sys
import time
import types

_T0 = time.perf_counter()


class Reference:
  """Handles on the official modules, imported from the reference folder."""

  def __init__(self, ref_dir):
    ref_dir = os.path.abspath(ref_dir)
    for p in (os.path.join(ref_dir, "stubs"), ref_dir):
      if p not in sys.path:
        sys.path.insert(0, p)
    # metrics.py imports `rouge_score`, the pip name of google-research's
    # rouge package. The reference folder carries that package as `rouge`
    # (the conformance fixtures use the same copy); alias it. Without a local
    # copy, an installed rouge_score is used.
    if os.path.isfile(os.path.join(ref_dir, "rouge", "rouge_scorer.py")):
      import rouge  # pylint: disable=g-import-not-at-top
      from rouge import rouge_scorer as rs  # pylint: disable=g-import-not-at-top
      from rouge import scoring as sc  # pylint: disable=g-import-not-at-top
      from rouge import tokenize as tk  # pylint: disable=g-import-not-at-top
      from rouge import tokenizers as tks  # pylint: disable=g-import-not-at-top
      sys.modules.setdefault("rouge_score", rouge)
      sys.modules.setdefault("rouge_score.rouge_scorer", rs)
      sys.modules.setdefault("rouge_score.scoring", sc)
      sys.modules.setdefault("rouge_score.tokenize", tk)
      sys.modules.setdefault("rouge_score.tokenizers", tks)
    from absl import logging as absl_logging  # pylint: disable=g-import-not-at-top
    # normalize()'s copy_replace logs the whole input for every copy token
    # naming no source sentence (a few lines of the benchmark data have one);
    # keep stderr readable.
    absl_logging.set_verbosity(absl_logging.FATAL)
    from language.fruit import metrics  # pylint: disable=g-import-not-at-top
    from language.fruit import rendering_utils  # pylint: disable=g-import-not-at-top
    from rouge_score import rouge_scorer  # pylint: disable=g-import-not-at-top
    from rouge_score import scoring  # pylint: disable=g-import-not-at-top
    import numpy  # pylint: disable=g-import-not-at-top
    self.metrics = metrics
    self.ru = rendering_utils
    self.rouge_scorer = rouge_scorer
    self.scoring = scoring
    self.numpy = numpy
    self.pair = rendering_utils.get_default_delimiter_range_pair(
        rendering_utils.Task.diff, rendering_utils.DelimiterType.text)

  def normalize(self, inputs, edit):
    return self.ru.normalize(inputs, edit, self.pair)


def make_aggregator_class(scoring):
  """BootstrapAggregator that accepts edit_rouge's bare 100.0 (see above)."""

  class Aggregator(scoring.BootstrapAggregator):
    """Maps a bare number x to Score(x/100, x/100, x/100); keeps sums."""

    def __init__(self, *args, **kwargs):
      super().__init__(*args, **kwargs)
      self.values = {}  # key -> ([precisions], [recalls], [fmeasures])
      self.mapped = 0

    def add_scores(self, scores):
      fixed = {}
      for key, value in scores.items():
        if not isinstance(value, scoring.Score):
          value = scoring.Score(precision=value / 100, recall=value / 100, fmeasure=value / 100)
          self.mapped += 1
        fixed[key] = value
        lists = self.values.setdefault(key, ([], [], []))
        for target, x in zip(lists, value):
          target.append(x)
      super().add_scores(fixed)

    def means(self):
      return {key: {name: 100 * math.fsum(xs) / len(xs)
                    for name, xs in zip(("precision", "recall", "fmeasure"), lists)}
              for key, lists in self.values.items()}

  return Aggregator


def read_jsonl(path, limit):
  """The official script's reading: json.loads of every line, all in memory."""
  rows = []
  with open(path, "r", encoding="utf-8") as f:
    for line in f:
      if limit is not None and len(rows) >= limit:
        break
      if not line.strip():
        continue
      rows.append(json.loads(line))
  return rows


def pair_up(targets, predictions):
  """Line order, as the official zip; by id if the files disagree on order."""
  if len(targets) != len(predictions):
    raise SystemExit(f"reference_score: {len(targets)} gold lines but {len(predictions)} predictions")
  if all("id" in t for t in targets) and all("id" in p for p in predictions):
    if any(t["id"] != p["id"] for t, p in zip(targets, predictions)):
      by_id = {json.dumps(p["id"]): p for p in predictions}
      predictions = [by_id[json.dumps(t["id"])] for t in targets]
  return predictions


def score(ref, args):
  timings = {}
  t = time.perf_counter()
  targets = read_jsonl(args.gold, args.limit)
  predictions = pair_up(targets, read_jsonl(args.pred, args.limit))
  timings["read_jsonl"] = time.perf_counter() - t

  t = time.perf_counter()
  normalized = 0
  for i, (target, prediction) in enumerate(zip(targets, predictions)):
    if "normalized_inputs" not in target or "normalized_targets" not in target:
      clean_source, clean_edited = ref.normalize(target["inputs"], target["targets"])
      target.setdefault("normalized_inputs", clean_source)
      target.setdefault("normalized_targets", clean_edited)
    if "normalized_targets" not in prediction:
      prediction = dict(prediction)
      prediction["normalized_targets"] = ref.normalize(target["inputs"], prediction["targets"])[1]
      predictions[i] = prediction
      normalized += 1
  timings["normalize_edit5"] = time.perf_counter() - t

  ref.numpy.random.seed(args.seed)  # the bootstrap draws from numpy's global RNG
  result = {}

  # UpdateROUGE: the official edit_rouge, with the aggregator swap described
  # in the module docstring (applied to edit_rouge's module only).
  aggregator_class = make_aggregator_class(ref.scoring)
  created = []

  def make_aggregator(*a, **k):
    created.append(aggregator_class(*a, **k))
    return created[-1]

  patched_scoring = types.ModuleType("rouge_score.scoring")
  patched_scoring.__dict__.update(ref.scoring.__dict__)
  patched_scoring.BootstrapAggregator = make_aggregator
  original_scoring = ref.metrics.scoring
  ref.metrics.scoring = patched_scoring
  t = time.perf_counter()
  try:
    update = ref.metrics.edit_rouge(targets, predictions)
  finally:
    ref.metrics.scoring = original_scoring
  timings["edit_rouge"] = time.perf_counter() - t
  result["bootstrap_mid_fmeasure"] = dict(update)
  result["mean"] = {k: v for k, v in created[0].means().items()}
  result["both_additions_empty"] = created[0].mapped // 3

  t = time.perf_counter()
  exact = ref.metrics.exact_match(targets, predictions)
  timings["exact_match"] = time.perf_counter() - t
  result["mean"]["exact_match"] = 100 * exact["exact_match"]

  if args.metrics == "all":
    # Full-text ROUGE-1/2/L, as fruitbench also reports.
    t = time.perf_counter()
    scorer = ref.rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"])
    aggregator = aggregator_class()
    for target, prediction in zip(targets, predictions):
      aggregator.add_scores(scorer.score(target=target["normalized_targets"],
                                         prediction=prediction["normalized_targets"]))
    aggregated = aggregator.aggregate()
    timings["full_text_rouge"] = time.perf_counter() - t
    result["mean"].update(aggregator.means())
    for key, value in aggregated.items():
      result["bootstrap_mid_fmeasure"][key] = value.mid.fmeasure * 100

  n = len(targets)
  elapsed = sum(timings.values())
  return {
      "implementation": "official FRUIT metrics.edit_rouge + rouge_score (Python)",
      "reference_dir": os.path.abspath(args.reference_dir),
      "python": sys.version.split()[0],
      "metrics": args.metrics,
      "examples": n,
      "edit5_predictions_normalized": normalized,
      "elapsed_seconds": round(elapsed, 3),
      "examples_per_second": round(n / elapsed, 2) if elapsed > 0 else None,
      "process_seconds_including_imports": round(time.perf_counter() - _T0, 3),
      "phases_seconds": {k: round(v, 3) for k, v in timings.items()},
      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
      **result,
  }


def verify_gold(ref, args):
  targets = read_jsonl(args.gold, args.limit)
  bad = []
  for line, target in enumerate(targets, 1):
    clean_source, clean_edited = ref.normalize(target["inputs"], target["targets"])
    for field, expected in (("normalized_inputs", clean_source), ("normalized_targets", clean_edited)):
      if target.get(field) != expected:
        bad.append({"line": line, "field": field, "official": expected, "file": target.get(field)})
  print(json.dumps({"gold_lines": len(targets), "mismatches": len(bad), "first": bad[:3]},
                   ensure_ascii=False, indent=2))
  return 1 if bad else 0


def main():
  parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
  parser.add_argument("--gold")
  parser.add_argument("--pred")
  parser.add_argument("--limit", type=int, default=None, help="only the first K lines of each file")
  parser.add_argument("--metrics", choices=("all", "update"), default="all",
                      help="all: UpdateROUGE + exact match + full-text ROUGE-1/2/L (like fruitbench); "
                           "update: UpdateROUGE (the official metric) + exact match")
  parser.add_argument("--seed", type=int, default=12345, help="numpy seed for the bootstrap")
  parser.add_argument("--reference-dir", default=os.environ.get("FRUIT_REFERENCE_DIR", "/work/ref"))
  parser.add_argument("--check", action="store_true", help="only check that the reference imports")
  parser.add_argument("--verify-gold", action="store_true",
                      help="check the gold normalized_* fields against the official normalize()")
  args = parser.parse_args()
  ref = Reference(args.reference_dir)
  if args.check:
    print(json.dumps({"reference_dir": os.path.abspath(args.reference_dir), "ok": True}))
    return 0
  if not args.gold or (not args.pred and not args.verify_gold):
    parser.error("--gold and --pred are required")
  if args.verify_gold:
    return verify_gold(ref, args)
  print(json.dumps(score(ref, args), indent=2))
  return 0


if __name__ == "__main__":
  sys.exit(main())
