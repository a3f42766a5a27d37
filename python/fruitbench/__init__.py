"""fruitbench for Python: FRUIT / UpdateROUGE evaluation over the same C++
core as the `fruitbench` CLI, the Node package and the browser playground.

Every function that reads FRUIT files takes a path or, in memory, a list of
dicts (or of JSONL strings), one per line. Reports are the CLI's JSON as
dicts: `to_json(report)` gives back the CLI's exact text.

    >>> import fruitbench
    >>> report = fruitbench.score(gold="gold.jsonl", pred="pred.jsonl")
    >>> report["mean"]["update_rougeLsum"]["fmeasure"]
    >>> fruitbench.compare(gold="gold.jsonl", pred_a="a.jsonl", pred_b="b.jsonl")["metrics"]["update_rouge1"]["p_value"]

Bad input raises FruitbenchError, whose file, line and field say where.
"""

import json
import os

from fruitbench import _core
from fruitbench._errors import FruitbenchError

__all__ = [
    "FruitbenchError", "score", "score_examples", "compare", "normalize", "apply_edit5", "diff", "signature",
    "to_json", "__version__"
]

__version__ = _core.version()


def _source(records, name):
  """A path stays a path (read by the core as the CLI reads it); a list
  becomes JSONL text named `name` in error messages ("gold[3]" style lines are
  its 1-based positions)."""
  if isinstance(records, (str, os.PathLike)):
    return os.fspath(records)
  if isinstance(records, (bytes, bytearray)):
    raise FruitbenchError(f"{name}: give a path (str) or a list of dicts, not bytes", field=name)
  try:
    items = list(records)
  except TypeError:
    raise FruitbenchError(f"{name}: give a path or a list of dicts, got {type(records).__name__}",
                          field=name) from None
  lines = []
  for i, item in enumerate(items):
    if isinstance(item, str):
      lines.append(item)
      continue
    try:
      lines.append(json.dumps(item, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError) as error:
      raise FruitbenchError(f"{name}:{i + 1}: not JSON: {error}", str(error), name, i + 1) from None
  return (name, "\n".join(lines))


def score(gold, pred, *, bootstrap=1000, seed=12345, stem=False):
  """Scores predictions against gold: the report of `fruitbench score --format json`.

  {"n", "mean": {metric: {"precision", "recall", "fmeasure"}, "exact_match"},
   "bootstrap": {...} or None, "corpus": {FRUIT's corpus-level metrics},
   "signature", "warnings"}; scores on a 0-100 scale, "corpus" on 0-1.
  """
  return json.loads(_core.score(_source(gold, "gold"), _source(pred, "pred"), bootstrap, seed, stem))


def score_examples(gold, pred, *, stem=False):
  """Yields the per-example records of `fruitbench score --per-example`, in gold order.

  The whole file is scored (and checked) before the first record is yielded.
  """
  lines = []
  _core.score(_source(gold, "gold"), _source(pred, "pred"), 0, 12345, stem, lines.append)
  for line in lines:
    yield json.loads(line)


def compare(gold, pred_a, pred_b, *, method="bootstrap", resamples=0, seed=12345, stem=False):
  """Is system B better than A? The report of `fruitbench compare --format json`.

  method: "bootstrap" (paired bootstrap resampling) or "randomization" (paired
  approximate randomization); resamples 0 means 1000 or 10000 respectively.
  {"n", "a", "b", "method", "resamples", "seed", "metrics": {name: {"mean_a",
  "mean_b", "difference", "low", "high", "p_value"}}, "differ_most", "signature",
  "warnings"}.
  """
  return json.loads(
      _core.compare(_source(gold, "gold"), _source(pred_a, "pred_a"), _source(pred_b, "pred_b"), method, resamples,
                    seed, stem))


def normalize(inputs, edit):
  """The official normalization of one input and EDIT5 output:
  {"normalized_inputs", "normalized_targets", "dropped_copy_tokens"}."""
  return json.loads(_core.normalize(inputs, edit))


def apply_edit5(inputs=None, edit=None, *, input=None, pred=None):  # pylint: disable=redefined-builtin
  """Applies EDIT5 outputs to their inputs.

  apply_edit5(inputs, edit): one pair, as `fruitbench apply --inputs --edit`:
    {"normalized_targets", "units", "diagnostics"}.
  apply_edit5(input=FILE_OR_LIST, pred=FILE_OR_LIST): the prediction lines of
    `fruitbench apply --input --pred`: [{"id", "targets", "normalized_targets"}].
  """
  if input is not None or pred is not None:
    if inputs is not None or edit is not None or input is None or pred is None:
      raise FruitbenchError("apply_edit5: give inputs and edit, or input= and pred=", field="input")
    return [json.loads(line) for line in _core.apply_file(_source(input, "input"), _source(pred, "pred"))]
  if inputs is None or edit is None:
    raise FruitbenchError("apply_edit5: give inputs and edit, or input= and pred=", field="inputs")
  return json.loads(_core.apply_edit5(inputs, edit))


def diff(inputs, update, kind="edit5"):
  """The update ("edit5": an EDIT5 output, "text": the updated article) against
  the source article of `inputs`: sentences typed copied / edited / inserted /
  deleted with word spans and evidence references, and "html"."""
  return json.loads(_core.diff(inputs, update, kind))


def signature(*, bootstrap=1000, seed=12345, stem=False):
  """The signature a report with these options carries."""
  return _core.signature(bootstrap, seed, stem)


def to_json(report):
  """A report as the CLI prints it with --format json (byte for byte)."""
  return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
