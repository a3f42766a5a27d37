"""Tests of the fruitbench Python package against the native CLI (the same
core must print the same bytes) and constructed cases with known answers.

The CLI is $FRUITBENCH_CLI, else build/fruitbench of this repository
(tests/run_all.sh builds it first).
"""

import json
import math
import os
import subprocess

import pytest

import fruitbench

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.environ.get("FRUITBENCH_CLI", os.path.join(ROOT, "build", "fruitbench"))
CONFORMANCE = os.path.join(ROOT, "tests", "conformance")
CASES = sorted(name[:-len(".gold.jsonl")] for name in os.listdir(os.path.join(CONFORMANCE, "cases"))
               if name.endswith(".gold.jsonl"))


def cli(*args):
  result = subprocess.run([CLI, *args], capture_output=True, check=False)
  assert result.returncode == 0, result.stderr.decode()
  return result.stdout.decode("utf-8")


def case_files(case, folder="cases"):
  base = os.path.join(CONFORMANCE, folder, case)
  return base + ".gold.jsonl", base + ".pred.jsonl"


def read_jsonl(path):
  with open(path, encoding="utf-8", newline="") as f:
    return [json.loads(line) for line in f.read().split("\n") if line]


def gold_and_preds(n, good):
  """n examples; good predictions repeat the gold update, the others add an unrelated sentence."""
  gold, pred = [], []
  for i in range(n):
    gold.append({"id": f"e{i}", "inputs": f"[0] Old fact {i}. [CONTEXT] (0) New fact",
                 "targets": f"[0] (0) The bridge opened in {1900 + i}."})
    added = f"The bridge opened in {1900 + i}." if good else f"A market was held on {i % 7} days."
    pred.append({"id": f"e{i}", "targets": f"[0] (0) {added}"})
  return gold, pred


@pytest.mark.parametrize("case", CASES)
def test_score_report_is_the_cli_json_byte_for_byte(case):
  gold, pred = case_files(case)
  expected = cli("score", "--gold", gold, "--pred", pred, "--format", "json", "--bootstrap", "200")
  report = fruitbench.score(gold=gold, pred=pred, bootstrap=200)
  assert fruitbench.to_json(report) == expected
  assert json.dumps(report, indent=2, ensure_ascii=False) + "\n" == expected


@pytest.mark.parametrize("case", ["basic", "unicode", "edit5"])
def test_stemmed_report_and_per_example_lines_equal_the_cli(case, tmp_path):
  gold, pred = case_files(case)
  out = tmp_path / "per-example.jsonl"
  expected = cli("score", "--gold", gold, "--pred", pred, "--format", "json", "--stem", "--seed", "7",
                 "--per-example", str(out))
  assert fruitbench.to_json(fruitbench.score(gold, pred, stem=True, seed=7)) == expected
  lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in fruitbench.score_examples(gold, pred, stem=True)]
  assert lines == out.read_text(encoding="utf-8").split("\n")[:-1]


def test_in_memory_lists_score_as_the_files():
  gold, pred = case_files("shuffled")
  from_files = fruitbench.score(gold, pred, bootstrap=100)
  from_lists = fruitbench.score(read_jsonl(gold), read_jsonl(pred), bootstrap=100)
  assert from_lists["mean"] == from_files["mean"]
  assert from_lists["bootstrap"] == from_files["bootstrap"]
  assert from_lists["signature"] == from_files["signature"]
  with open(pred, encoding="utf-8") as f:
    as_strings = [line for line in f.read().split("\n") if line]
  assert fruitbench.score(read_jsonl(gold), as_strings, bootstrap=100)["mean"] == from_files["mean"]


def test_corpus_metrics_equal_the_official_functions():
  for want in read_jsonl(os.path.join(CONFORMANCE, "expected", "corpus_metrics.jsonl")):
    gold, pred = case_files(want["case"], want["dir"])
    corpus = fruitbench.score(gold, pred, bootstrap=0)["corpus"]
    assert list(corpus) == list(want["metrics"]), want["case"]
    for key, value in want["metrics"].items():
      assert math.isclose(corpus[key], value, rel_tol=0, abs_tol=1e-9), (want["case"], key)


def test_compare_known_answers_and_cli_identity(tmp_path):
  gold, bad = gold_and_preds(30, good=False)
  _, good = gold_and_preds(30, good=True)
  paths = {}
  for name, rows in (("gold", gold), ("a", bad), ("b", good)):
    paths[name] = str(tmp_path / f"{name}.jsonl")
    with open(paths[name], "w", encoding="utf-8") as f:
      f.write("".join(json.dumps(r) + "\n" for r in rows))
  for method in ("bootstrap", "randomization"):
    same = fruitbench.compare(paths["gold"], paths["a"], paths["a"], method=method)
    for name, m in same["metrics"].items():
      assert m["difference"] == 0 and m["p_value"] == 1, name
    better = fruitbench.compare(paths["gold"], paths["a"], paths["b"], method=method)
    for name, m in better["metrics"].items():
      assert m["difference"] > 0 and m["p_value"] < 0.01, name
    expected = cli("compare", "--gold", paths["gold"], "--pred", paths["a"], "--pred", paths["b"], "--method", method,
                   "--format", "json")
    assert fruitbench.to_json(better) == expected
  # In memory: the same numbers (the names differ: "pred_a" instead of a path).
  in_memory = fruitbench.compare(gold, bad, good, resamples=500)
  on_disk = fruitbench.compare(paths["gold"], paths["a"], paths["b"], resamples=500)
  assert in_memory["metrics"] == on_disk["metrics"]
  assert in_memory["a"] == "pred_a"


def test_compare_on_conformance_files_equals_the_cli():
  gold, pred = case_files("random")
  _, other = case_files("random")
  expected = cli("compare", "--gold", gold, "--pred", pred, "--pred", other, "--format", "json", "--resamples", "300")
  assert fruitbench.to_json(fruitbench.compare(gold, pred, other, resamples=300)) == expected


def test_normalize_apply_and_diff():
  inputs = "[0] Old fact. [1] Kept. [CONTEXT] (0) Evidence text"
  normalized = fruitbench.normalize(inputs, "[1] (0) New fact. [5]")
  assert normalized == {"normalized_inputs": "Old fact. Kept.", "normalized_targets": "Kept. New fact.",
                        "dropped_copy_tokens": [5]}
  applied = fruitbench.apply_edit5(inputs, "[0] [0] (0) New.")
  expected = json.loads(cli("apply", "--inputs", inputs, "--edit", "[0] [0] (0) New."))
  assert applied == expected
  assert [d["code"] for d in applied["diagnostics"]] == ["copy-repeated"]
  lines = fruitbench.apply_edit5(input=[{"id": "x", "inputs": inputs}], pred=[{"id": "x", "targets": "[1] (0) New."}])
  assert lines == [{"id": "x", "targets": "[1] (0) New.", "normalized_targets": "Kept. New."}]
  d = fruitbench.diff(inputs, "[1] (0) New fact.")
  assert [s["kind"] for s in d["sentences"]] == ["deleted", "copied", "inserted"]
  assert d["html"].startswith("<div class=\"fb-diff\"")
  with pytest.raises(fruitbench.FruitbenchError) as error:
    fruitbench.diff(inputs, "x", kind="other")
  assert error.value.field == "kind"


def test_errors_name_file_line_and_field(tmp_path):
  gold, _ = case_files("basic")
  pred = tmp_path / "pred.jsonl"
  pred.write_text('{"id": "basic-00", "targets": "[0]"}\n{"id": 3.5, "targets": "[0]"}\n', encoding="utf-8")
  with pytest.raises(fruitbench.FruitbenchError) as error:
    fruitbench.score(gold, str(pred))
  assert (error.value.file, error.value.line, error.value.field) == (str(pred), 2, "id")
  assert str(error.value) == f"{pred}:2: field 'id': expected a string or an integer, got number"
  with pytest.raises(fruitbench.FruitbenchError) as error:
    fruitbench.score([{"inputs": "no marker", "targets": ""}], [{"normalized_targets": "x"}])
  assert (error.value.file, error.value.line, error.value.field) == ("gold", 1, "inputs")
  with pytest.raises(fruitbench.FruitbenchError) as error:
    fruitbench.score(str(tmp_path / "missing.jsonl"), str(pred))
  assert error.value.file.endswith("missing.jsonl")
  with pytest.raises(fruitbench.FruitbenchError) as error:
    fruitbench.score([{"inputs": b"bytes"}], [])
  assert (error.value.file, error.value.line) == ("gold", 1)
  with pytest.raises(fruitbench.FruitbenchError):
    fruitbench.compare(gold, str(pred), str(pred), method="t-test")
  with pytest.raises(fruitbench.FruitbenchError):
    fruitbench.normalize("no context marker", "[0]")


@pytest.mark.parametrize("junk", [b"\xff\xfe\x00", b"{\"inputs\": \"\\ud800\"}", b"[1,2", b"\n\n", b"{}" * 1000])
def test_no_crash_on_any_bytes(tmp_path, junk):
  path = tmp_path / "junk.jsonl"
  path.write_bytes(junk)
  with pytest.raises(fruitbench.FruitbenchError):
    fruitbench.score(str(path), str(path))


def test_signature_and_version():
  assert fruitbench.signature(bootstrap=0) == ("fruitbench:" + fruitbench.__version__ +
                                               "|norm:fruit-diff-text|tok:rouge_score|stem:no|empty:100|ent:fruit-entity-v1|agg:mean|boot:none")
  assert fruitbench.score(*case_files("basic"), bootstrap=0)["signature"] == fruitbench.signature(bootstrap=0)
