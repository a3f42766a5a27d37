#include "evaluate.h"

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "report.h"

// Pairing, error locations and report layout are our own behaviour and
// follow the contracts in evaluate.h, fruit_format.h, status.h and report.h.
// Normalized texts and ROUGE values come from the official code
// (rendering_utils.normalize / extract_additions, rouge_score) under
// CPython 3.11.

namespace {

using fruit::Error;
using fruit::Evaluation;
using fruit::Json;
using fruit::Metric;
using fruit::ScoredExample;
using fruit::ScoringOptions;
using fruit::StringLineReader;

constexpr const char* kGoldFile = "gold.jsonl";
constexpr const char* kPredFile = "pred.jsonl";

struct GoldExample {
  std::string inputs, targets, normalized_targets;  // normalized_targets: from rendering_utils.normalize
};

const std::vector<GoldExample> kGold = {
    {"[0] Alice was born in 1941. [1] She was a painter. [CONTEXT] (0) Alice died in 2001 in Paris.",
     "[0] [1] (0) She died in 2001 in Paris.",
     "Alice was born in 1941. She was a painter. She died in 2001 in Paris."},
    {"[0] The film stars Bob. [1] It was shot in Rome. [CONTEXT] (0) Released 2020.",
     "[0] [1] (0) It was released in 2020.",
     "The film stars Bob. It was shot in Rome. It was released in 2020."},
    {"[0] X is a town. [CONTEXT] (0) Pop 5.", "[0] (0) It has 5 people.", "X is a town. It has 5 people."},
};

std::string gold_line(size_t i, const Json& id = nullptr) {
  Json j = Json::object();
  if (!id.is_null()) j["id"] = id;
  j["inputs"] = kGold[i].inputs;
  j["targets"] = kGold[i].targets;
  return j.dump();
}

std::string prediction_line(const std::string& normalized_targets, const Json& id = nullptr) {
  Json j = Json::object();
  if (!id.is_null()) j["id"] = id;
  j["normalized_targets"] = normalized_targets;
  return j.dump();
}

std::string edit5_line(const std::string& targets, const Json& id = nullptr) {
  Json j = Json::object();
  if (!id.is_null()) j["id"] = id;
  j["targets"] = targets;
  return j.dump();
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += line + "\n";
  return out;
}

// Gold file with ids "a", "b", "c" (or none).
std::vector<std::string> gold_lines(bool with_ids) {
  std::vector<std::string> lines;
  const char* ids[] = {"a", "b", "c"};
  for (size_t i = 0; i < kGold.size(); ++i) lines.push_back(gold_line(i, with_ids ? Json(ids[i]) : Json()));
  return lines;
}

struct Run {
  fruit::Result<Evaluation> result;
  std::vector<ScoredExample> examples;
};

Run run(const std::vector<std::string>& gold, const std::vector<std::string>& predictions,
        ScoringOptions options = {}) {
  StringLineReader gold_reader(join_lines(gold), kGoldFile);
  StringLineReader prediction_reader(join_lines(predictions), kPredFile);
  std::vector<ScoredExample> examples;
  fruit::EvaluateCallbacks callbacks;
  callbacks.on_example = [&](const ScoredExample& e) { examples.push_back(e); };
  auto result = fruit::evaluate(gold_reader, prediction_reader, options, callbacks);
  return {std::move(result), std::move(examples)};
}

Error run_error(const std::vector<std::string>& gold, const std::vector<std::string>& predictions) {
  Run r = run(gold, predictions);
  REQUIRE_FALSE(r.result.ok());
  return r.result.error();
}

Error raw_error(const std::string& gold_text, const std::string& prediction_text) {
  StringLineReader gold_reader(gold_text, kGoldFile);
  StringLineReader prediction_reader(prediction_text, kPredFile);
  auto result = fruit::evaluate(gold_reader, prediction_reader, ScoringOptions{});
  REQUIRE_FALSE(result.ok());
  return result.error();
}

void check_location(const Error& e, const std::string& file, size_t line, const std::string& field) {
  INFO("error: " << e.to_string());
  CHECK(e.file == file);
  CHECK(e.line == line);
  CHECK(e.field == field);
  CHECK_FALSE(e.message.empty());
}

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> out;
  for (const auto& item : object.items()) out.push_back(item.key());
  return out;
}

}  // namespace

TEST_CASE("StringLineReader: yields lines without their newline", "[evaluate]") {
  StringLineReader reader("one\ntwo\n\nfour", "x.jsonl");
  std::string line;
  std::vector<std::string> lines;
  while (reader.next_line(line)) lines.push_back(line);
  CHECK(lines == std::vector<std::string>{"one", "two", "", "four"});
  CHECK(reader.name() == "x.jsonl");

  StringLineReader trailing("only\n", "y");
  CHECK(trailing.next_line(line));
  CHECK(line == "only");
  CHECK_FALSE(trailing.next_line(line));
}

TEST_CASE("evaluate: pairs by id when both files carry ids, whatever the prediction order", "[evaluate]") {
  const std::vector<std::string> predictions = {
      prediction_line(kGold[2].normalized_targets, "c"),
      prediction_line(kGold[0].normalized_targets, "a"),
      prediction_line(kGold[1].normalized_targets, "b"),
  };
  Run r = run(gold_lines(true), predictions);
  REQUIRE(r.result.ok());
  CHECK(r.result.value().aggregate.n == 3);
  CHECK(r.result.value().aggregate.exact_match_mean == 100);
  CHECK(r.result.value().warnings.empty());
  REQUIRE(r.examples.size() == 3);
  // Reported in gold order, each with its own prediction.
  CHECK(r.examples[0].id == Json("a"));
  CHECK(r.examples[1].id == Json("b"));
  CHECK(r.examples[2].id == Json("c"));
  CHECK(r.examples[0].gold_line == 1);
  CHECK(r.examples[0].prediction_line == 2);
  CHECK(r.examples[1].prediction_line == 3);
  CHECK(r.examples[2].prediction_line == 1);
  for (const auto& e : r.examples) CHECK(e.scores.exact_match == 100);
}

TEST_CASE("evaluate: integer ids are matched and reported as integers", "[evaluate]") {
  const std::vector<std::string> gold = {gold_line(0, 10), gold_line(1, 20)};
  const std::vector<std::string> predictions = {prediction_line(kGold[1].normalized_targets, 20),
                                                prediction_line(kGold[0].normalized_targets, 10)};
  Run r = run(gold, predictions);
  REQUIRE(r.result.ok());
  REQUIRE(r.examples.size() == 2);
  CHECK(r.examples[0].id == Json(10));
  CHECK(r.examples[1].id == Json(20));
  CHECK(r.result.value().aggregate.exact_match_mean == 100);
}

TEST_CASE("evaluate: pairs by line order when neither file has ids; ids become \"0\", \"1\", ...", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));
  Run r = run(gold_lines(false), predictions);
  REQUIRE(r.result.ok());
  REQUIRE(r.examples.size() == 3);
  CHECK(r.examples[0].id == Json("0"));
  CHECK(r.examples[1].id == Json("1"));
  CHECK(r.examples[2].id == Json("2"));
  for (size_t i = 0; i < 3; ++i) {
    CHECK(r.examples[i].gold_line == i + 1);
    CHECK(r.examples[i].prediction_line == i + 1);
    CHECK(r.examples[i].scores.exact_match == 100);
  }
}

TEST_CASE("evaluate: gold without ids pairs by order even if predictions have ids, with a warning", "[evaluate]") {
  std::vector<std::string> predictions;
  const char* ids[] = {"z", "y", "x"};
  for (size_t i = 0; i < kGold.size(); ++i) predictions.push_back(prediction_line(kGold[i].normalized_targets, ids[i]));
  Run r = run(gold_lines(false), predictions);
  REQUIRE(r.result.ok());
  CHECK(r.result.value().aggregate.exact_match_mean == 100);
  REQUIRE(r.result.value().warnings.size() == 1);
  CHECK(r.result.value().warnings[0].file == kPredFile);
  CHECK(r.examples[0].id == Json("0"));
}

TEST_CASE("evaluate: scores of a non-matching prediction match the official metrics", "[evaluate]") {
  std::vector<std::string> predictions = {
      prediction_line("Alice was born in 1941. She was a famous painter. She died in Paris."),
      prediction_line(kGold[1].normalized_targets),
      prediction_line(kGold[2].normalized_targets),
  };
  Run r = run(gold_lines(false), predictions);
  REQUIRE(r.result.ok());
  REQUIRE(r.examples.size() == 3);
  const auto& s = r.examples[0].scores;
  // metrics.edit_rouge's update scores and rouge_score on the full texts.
  CHECK(s[Metric::kUpdateRouge1].precision == 44.44444444444444);
  CHECK(s[Metric::kUpdateRouge1].recall == 66.66666666666666);
  CHECK(s[Metric::kUpdateRouge1].fmeasure == 53.333333333333336);
  CHECK(s[Metric::kUpdateRouge2].fmeasure == 46.15384615384615);
  CHECK(s[Metric::kUpdateRougeLsum].fmeasure == 53.333333333333336);
  CHECK(s[Metric::kRouge1].fmeasure == 89.65517241379311);
  CHECK(s[Metric::kRouge2].fmeasure == 81.48148148148148);
  CHECK(s[Metric::kRougeL].fmeasure == 89.65517241379311);
  CHECK(s.exact_match == 0);
  CHECK(r.result.value().aggregate.exact_match_mean == Approx(200.0 / 3));
}

TEST_CASE("evaluate: gold normalized_inputs/normalized_targets are used when given", "[evaluate]") {
  Json g = Json::object();
  g["inputs"] = kGold[0].inputs;
  g["targets"] = kGold[0].targets;
  g["normalized_inputs"] = "Something else.";
  g["normalized_targets"] = "A stored gold text.";
  Run r = run({g.dump()}, {prediction_line("A stored gold text.")});
  REQUIRE(r.result.ok());
  CHECK(r.examples.at(0).scores.exact_match == 100);
}

TEST_CASE("evaluate: an EDIT5 prediction in `targets` is normalized against the gold input", "[evaluate]") {
  const std::vector<std::string> predictions = {
      edit5_line("[0] [1] (0) She died in 2001 in Paris.", "a"),
      edit5_line("[0] [1] (0) It was released in 2020.", "b"),
      edit5_line("[0] (0) It has 5 people.", "c"),
  };
  Run r = run(gold_lines(true), predictions);
  REQUIRE(r.result.ok());
  CHECK(r.result.value().aggregate.exact_match_mean == 100);
  CHECK(r.result.value().warnings.empty());
}

TEST_CASE("evaluate: an out-of-range copy token in a prediction warns, naming the prediction line", "[evaluate]") {
  const std::vector<std::string> predictions = {
      edit5_line("[0] (0) It has 5 people.", "c"),
      edit5_line("[0] [1] [7] (0) She died in 2001 in Paris.", "a"),
      edit5_line("[0] [1] (0) It was released in 2020.", "b"),
  };
  Run r = run(gold_lines(true), predictions);
  REQUIRE(r.result.ok());
  // Dropped as the official normalization does: the text still matches.
  CHECK(r.result.value().aggregate.exact_match_mean == 100);
  const Evaluation& evaluation = r.result.value();
  REQUIRE(evaluation.warnings.size() == 1);
  CHECK(evaluation.warning_count == 1);
  check_location(evaluation.warnings[0], kPredFile, 2, "targets");
  CHECK_THAT(evaluation.warnings[0].message, Catch::Contains("[7]"));
}

TEST_CASE("evaluate: broken JSON names file and line", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));

  auto gold = gold_lines(false);
  gold[1] = R"({"inputs": "[0] A. [CONTEXT]", )";
  check_location(run_error(gold, predictions), kGoldFile, 2, "");

  predictions[2] = "not json";
  check_location(run_error(gold_lines(false), predictions), kPredFile, 3, "");

  predictions[2] = "[1, 2]";  // valid JSON, but not an object
  check_location(run_error(gold_lines(false), predictions), kPredFile, 3, "");
}

TEST_CASE("evaluate: missing required fields name the field", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));

  auto gold = gold_lines(false);
  gold[0] = R"({"targets": "[0]"})";
  check_location(run_error(gold, predictions), kGoldFile, 1, "inputs");

  gold = gold_lines(false);
  gold[2] = R"({"inputs": "[0] A. [CONTEXT] (0) e"})";
  check_location(run_error(gold, predictions), kGoldFile, 3, "targets");

  auto bad_predictions = predictions;
  bad_predictions[1] = R"({"text": "neither field"})";
  check_location(run_error(gold_lines(false), bad_predictions), kPredFile, 2, "normalized_targets");
}

TEST_CASE("evaluate: a field of the wrong type names the field", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));

  auto gold = gold_lines(false);
  gold[1] = R"({"inputs": 5, "targets": "[0]"})";
  check_location(run_error(gold, predictions), kGoldFile, 2, "inputs");

  gold = gold_lines(false);
  gold[1] = R"({"inputs": "[0] A. [CONTEXT]", "targets": null})";
  check_location(run_error(gold, predictions), kGoldFile, 2, "targets");

  auto bad_predictions = predictions;
  bad_predictions[0] = R"({"normalized_targets": ["a"]})";
  check_location(run_error(gold_lines(false), bad_predictions), kPredFile, 1, "normalized_targets");

  bad_predictions = predictions;
  bad_predictions[2] = R"({"targets": 3})";
  check_location(run_error(gold_lines(false), bad_predictions), kPredFile, 3, "targets");

  gold = gold_lines(true);
  gold[0] = R"({"id": 1.5, "inputs": "[0] A. [CONTEXT]", "targets": "[0]"})";
  check_location(run_error(gold, predictions), kGoldFile, 1, "id");
}

TEST_CASE("evaluate: invalid UTF-8 names file and line", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));
  auto bad_predictions = predictions;
  bad_predictions[1] = "{\"normalized_targets\": \"caf\xC3\"}";
  check_location(run_error(gold_lines(false), bad_predictions), kPredFile, 2, "");

  auto gold = gold_lines(false);
  gold[2] = "{\"inputs\": \"[0] \xED\xA0\x80 [CONTEXT]\", \"targets\": \"[0]\"}";
  check_location(run_error(gold, predictions), kGoldFile, 3, "");
}

TEST_CASE("evaluate: a gold input without exactly one [CONTEXT] is an error on `inputs`", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));

  auto gold = gold_lines(false);
  gold[1] = R"({"inputs": "[0] No marker here.", "targets": "[0]"})";
  check_location(run_error(gold, predictions), kGoldFile, 2, "inputs");

  gold = gold_lines(false);
  gold[0] = R"({"inputs": "[0] A. [CONTEXT] x [CONTEXT] y", "targets": "[0]"})";
  check_location(run_error(gold, predictions), kGoldFile, 1, "inputs");

  // Also when the normalized fields are given.
  Json g = Json::object();
  g["inputs"] = "[0] No marker.";
  g["targets"] = "[0]";
  g["normalized_inputs"] = "No marker.";
  g["normalized_targets"] = "No marker.";
  check_location(run_error({g.dump()}, {prediction_line("No marker.")}), kGoldFile, 1, "inputs");
}

TEST_CASE("evaluate: a duplicate gold id is an error", "[evaluate]") {
  const std::vector<std::string> gold = {gold_line(0, "a"), gold_line(1, "a"), gold_line(2, "c")};
  const std::vector<std::string> predictions = {prediction_line(kGold[0].normalized_targets, "a"),
                                                prediction_line(kGold[1].normalized_targets, "b"),
                                                prediction_line(kGold[2].normalized_targets, "c")};
  check_location(run_error(gold, predictions), kGoldFile, 2, "id");
}

TEST_CASE("evaluate: a duplicate prediction id is an error", "[evaluate]") {
  const std::vector<std::string> predictions = {prediction_line(kGold[0].normalized_targets, "a"),
                                                prediction_line(kGold[0].normalized_targets, "a"),
                                                prediction_line(kGold[1].normalized_targets, "b"),
                                                prediction_line(kGold[2].normalized_targets, "c")};
  check_location(run_error(gold_lines(true), predictions), kPredFile, 2, "id");

  // Both copies arrive before their gold example.
  const std::vector<std::string> early = {prediction_line(kGold[1].normalized_targets, "b"),
                                          prediction_line(kGold[1].normalized_targets, "b"),
                                          prediction_line(kGold[0].normalized_targets, "a"),
                                          prediction_line(kGold[2].normalized_targets, "c")};
  check_location(run_error(gold_lines(true), early), kPredFile, 2, "id");

  // The duplicate comes after its gold example was paired.
  const std::vector<std::string> late = {prediction_line(kGold[0].normalized_targets, "a"),
                                         prediction_line(kGold[1].normalized_targets, "b"),
                                         prediction_line(kGold[2].normalized_targets, "c"),
                                         prediction_line(kGold[0].normalized_targets, "a")};
  check_location(run_error(gold_lines(true), late), kPredFile, 4, "id");
}

TEST_CASE("evaluate: a prediction id that is not in gold is an error", "[evaluate]") {
  const std::vector<std::string> predictions = {prediction_line(kGold[0].normalized_targets, "a"),
                                                prediction_line(kGold[1].normalized_targets, "b"),
                                                prediction_line(kGold[2].normalized_targets, "c"),
                                                prediction_line("extra", "zzz")};
  check_location(run_error(gold_lines(true), predictions), kPredFile, 4, "id");

  // An unknown id read early, while looking for a later gold id.
  const std::vector<std::string> early = {prediction_line("extra", "zzz"),
                                          prediction_line(kGold[0].normalized_targets, "a"),
                                          prediction_line(kGold[1].normalized_targets, "b"),
                                          prediction_line(kGold[2].normalized_targets, "c")};
  check_location(run_error(gold_lines(true), early), kPredFile, 1, "id");
}

TEST_CASE("evaluate: a gold id without a prediction is an error", "[evaluate]") {
  const std::vector<std::string> predictions = {prediction_line(kGold[2].normalized_targets, "c"),
                                                prediction_line(kGold[0].normalized_targets, "a")};
  check_location(run_error(gold_lines(true), predictions), kGoldFile, 2, "id");
}

TEST_CASE("evaluate: line counts must agree when pairing by order", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));

  auto fewer = predictions;
  fewer.pop_back();
  check_location(run_error(gold_lines(false), fewer), kGoldFile, 3, "");

  auto more = predictions;
  more.push_back(prediction_line("one too many"));
  check_location(run_error(gold_lines(false), more), kPredFile, 4, "");

  check_location(run_error(gold_lines(false), {}), kGoldFile, 1, "");
}

TEST_CASE("evaluate: ids on some lines only are an error", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));

  const std::vector<std::string> gold = {gold_line(0, "a"), gold_line(1), gold_line(2, "c")};
  check_location(run_error(gold, predictions), kGoldFile, 2, "id");

  const std::vector<std::string> gold_late = {gold_line(0), gold_line(1), gold_line(2, "c")};
  check_location(run_error(gold_late, predictions), kGoldFile, 3, "id");

  auto mixed = predictions;
  mixed[1] = prediction_line(kGold[1].normalized_targets, "b");
  check_location(run_error(gold_lines(false), mixed), kPredFile, 2, "id");
}

TEST_CASE("evaluate: an empty line is an error", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));
  const auto gold = gold_lines(false);
  check_location(raw_error(gold[0] + "\n\n" + gold[1] + "\n" + gold[2] + "\n", join_lines(predictions)), kGoldFile, 2,
                 "");
  check_location(raw_error(join_lines(gold), predictions[0] + "\n   \n" + predictions[1] + "\n"), kPredFile, 2, "");
}

TEST_CASE("evaluate: an empty gold file is an error", "[evaluate]") {
  const Error e = raw_error("", "");
  CHECK(e.file == kGoldFile);
  CHECK_FALSE(e.message.empty());
}

TEST_CASE("evaluate: errors render as file:line: field 'name': message", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));
  auto gold = gold_lines(false);
  gold[1] = R"({"inputs": 5, "targets": "[0]"})";
  const Error e = run_error(gold, predictions);
  CHECK_THAT(e.to_string(), Catch::StartsWith("gold.jsonl:2: field 'inputs': "));
}

TEST_CASE("validate: reports EDIT5 problems per prediction line", "[evaluate]") {
  const std::vector<std::string> predictions = {
      edit5_line("[0] [1] (0) She died in 2001 in Paris.", "a"),  // well formed
      prediction_line(kGold[1].normalized_targets, "b"),          // not EDIT5: not checked
      edit5_line("[0] [0] (3) It has 5 people.", "c"),              // repeated copy, missing evidence
  };
  StringLineReader gold_reader(join_lines(gold_lines(true)), kGoldFile);
  StringLineReader prediction_reader(join_lines(predictions), kPredFile);
  auto result = fruit::validate(gold_reader, prediction_reader);
  REQUIRE(result.ok());
  const fruit::Validation& v = result.value();
  CHECK(v.examples == 3);
  CHECK(v.edit5_predictions == 2);
  REQUIRE(v.problems.size() == 2);
  check_location(v.problems[0], kPredFile, 3, "targets");
  CHECK_THAT(v.problems[0].message, Catch::Contains("copy-repeated"));
  check_location(v.problems[1], kPredFile, 3, "targets");
  CHECK_THAT(v.problems[1].message, Catch::Contains("missing-evidence"));
}

TEST_CASE("validate: stops at the same errors as evaluate", "[evaluate]") {
  const std::vector<std::string> predictions = {edit5_line("[0]", "a"), edit5_line("[0]", "zzz")};
  StringLineReader gold_reader(join_lines(gold_lines(true)), kGoldFile);
  StringLineReader prediction_reader(join_lines(predictions), kPredFile);
  auto result = fruit::validate(gold_reader, prediction_reader);
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().file == kGoldFile);
  CHECK(result.error().line == 2);
  CHECK(result.error().field == "id");
}

TEST_CASE("report_json: top-level keys in contract order", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));
  ScoringOptions options;
  options.bootstrap_samples = 50;
  Run r = run(gold_lines(false), predictions, options);
  REQUIRE(r.result.ok());
  const Json report = fruit::report_json(r.result.value());
  CHECK(keys(report) == std::vector<std::string>{"n", "mean", "defined", "bootstrap", "corpus", "signature", "warnings"});
  CHECK(report["n"] == 3);
  CHECK(keys(report["mean"]) == std::vector<std::string>{"update_rouge1", "update_rouge2", "update_rougeLsum",
                                                         "rouge1", "rouge2", "rougeL", "exact_match",
                                                         "unsupported_entity_tokens", "entity_precision",
                                                         "entity_recall"});
  CHECK(keys(report["mean"]["rouge1"]) == std::vector<std::string>{"precision", "recall", "fmeasure"});
  CHECK(keys(report["bootstrap"]["rougeL"]) == std::vector<std::string>{"low", "mid", "high"});
  CHECK(report["signature"] == r.result.value().signature);
  CHECK(report["warnings"].is_array());

  options.bootstrap_samples = 0;
  Run no_bootstrap = run(gold_lines(false), predictions, options);
  REQUIRE(no_bootstrap.result.ok());
  const Json plain = fruit::report_json(no_bootstrap.result.value());
  CHECK(keys(plain) == std::vector<std::string>{"n", "mean", "defined", "bootstrap", "corpus", "signature", "warnings"});
  CHECK(plain["bootstrap"].is_null());
}

TEST_CASE("example_json: keys in contract order", "[evaluate]") {
  std::vector<std::string> predictions;
  for (const auto& g : kGold) predictions.push_back(prediction_line(g.normalized_targets));
  Run r = run(gold_lines(true), predictions);
  REQUIRE(r.result.ok());
  REQUIRE_FALSE(r.examples.empty());
  const Json example = fruit::example_json(r.examples[0]);
  CHECK(keys(example) == std::vector<std::string>{"id", "update_rouge1", "update_rouge2", "update_rougeLsum", "rouge1",
                                                  "rouge2", "rougeL", "exact_match", "unsupported_entity_tokens",
                                                  "entity_precision", "entity_recall"});
  CHECK(example["id"] == "a");
  CHECK(keys(example["update_rouge1"]) == std::vector<std::string>{"precision", "recall", "fmeasure"});
  CHECK(example["exact_match"] == 100);
}
