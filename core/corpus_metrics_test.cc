#include "corpus_metrics.h"

#include <catch2/catch.hpp>

#include <string>

#include "evaluate.h"
#include "report.h"

// Hand-computed cases; the official numbers for whole files are checked in
// tests/conformance_test.cc against fixtures produced by metrics.py itself.

namespace {

fruit::GoldRecord gold(std::string inputs, std::string targets,
                       std::optional<std::vector<std::vector<std::string>>> surfaces = std::nullopt) {
  fruit::GoldRecord g;
  g.inputs = std::move(inputs);
  g.targets = std::move(targets);
  g.generatable_surfaces = std::move(surfaces);
  return g;
}

fruit::PredictionRecord edit5(std::string targets) {
  fruit::PredictionRecord p;
  p.targets = std::move(targets);
  return p;
}

fruit::PredictionRecord text(std::string normalized) {
  fruit::PredictionRecord p;
  p.normalized_targets = std::move(normalized);
  return p;
}

}  // namespace

TEST_CASE("delimiter_uids reads numbers as Python's int(\\d+) does", "[corpus]") {
  using V = std::vector<std::string>;
  CHECK(fruit::delimiter_uids("[0] [1] [0] x", '[', ']') == V{"0", "1"});
  CHECK(fruit::delimiter_uids("[007] [7] [00]", '[', ']') == V{"0", "7"});
  CHECK(fruit::delimiter_uids("[\xd9\xa3] [3]", '[', ']') == V{"3"});  // ARABIC-INDIC DIGIT THREE
  CHECK(fruit::delimiter_uids("[99999999999999999999] [99999999999999999998]", '[', ']') ==
        V{"99999999999999999998", "99999999999999999999"});
  CHECK(fruit::delimiter_uids("((3)) ( 2) (x) (4 )", '(', ')') == V{"3"});
  CHECK(fruit::delimiter_uids("no delimiters", '(', ')').empty());
}

TEST_CASE("delimiter_f1: reference and retention counts summed over examples", "[corpus]") {
  fruit::CorpusCounter counter;
  // retention G={0} P={0,1}: tp 1 fp 1; reference G={1} P={1,2}: tp 1 fp 1.
  counter.add(gold("[0] A. [1] B. [CONTEXT] (0) E (1) F (2) G", "[0] (1) New."), edit5("[0] [1] (1) (2) New."));
  // retention G={0,1} P={}: fn 2; reference G={} P={}.
  counter.add(gold("[0] A. [1] B. [CONTEXT] (0) E", "[0] [1]"), edit5("Only text."));
  const auto m = counter.result();
  REQUIRE(m.retention);
  REQUIRE(m.reference);
  CHECK_FALSE(m.surface_recall);  // no generatable_surfaces
  // retention: tp 1, fp 1, fn 2 -> p = 1/(2 + 1e-13), r = 1/(3 + 1e-13).
  CHECK(m.retention->p == 1.0 / (2.0 + 1e-13));
  CHECK(m.retention->r == 1.0 / (3.0 + 1e-13));
  CHECK(m.retention->f1 == 2 * m.retention->p * m.retention->r / (m.retention->p + m.retention->r + 1e-13));
  CHECK(m.reference->p == 1.0 / (2.0 + 1e-13));
  CHECK(m.reference->r == 1.0 / (1.0 + 1e-13));
}

TEST_CASE("surface_recall and filtered_surface_recall, as the official unit tests", "[corpus]") {
  fruit::CorpusCounter counter;
  // e0 "Yes" is in the input and the prediction; e1 rush/Rush is in neither input.
  counter.add(gold("[0] Foo [CONTEXT] (0) Yes", "[0] (0) I like Yes.", {{{"Yes"}, {"rush", "Rush"}}}),
              edit5("I like Yes."));
  const auto m = counter.result();
  REQUIRE(m.surface_recall);
  CHECK(*m.surface_recall == 1.0 / (2.0 + 1e-13));
  CHECK(*m.filtered_surface_recall == 1.0 / (1.0 + 1e-13));

  // A surface only inside a copied sentence is not generated text: "[0]" does not contain it.
  fruit::CorpusCounter copied;
  copied.add(gold("[0] Kessel Bridge is old. [CONTEXT] (0) Kessel Bridge", "[0] (0) X.", {{{"Kessel Bridge"}}}),
             edit5("[0]"));
  CHECK(*copied.result().surface_recall == 0);
  CHECK(*copied.result().filtered_surface_recall == 0);
}

TEST_CASE("corpus metrics appear only when the data allows", "[corpus]") {
  SECTION("a text prediction: none") {
    fruit::CorpusCounter counter;
    counter.add(gold("[0] A. [CONTEXT] (0) E", "[0]", {{{"A"}}}), edit5("[0]"));
    counter.add(gold("[0] A. [CONTEXT] (0) E", "[0]", {{{"A"}}}), text("A."));
    const auto m = counter.result();
    CHECK_FALSE(m.surface_recall);
    CHECK_FALSE(m.reference);
    CHECK(fruit::corpus_json(m) == fruit::Json::object());
  }
  SECTION("surfaces on some gold lines only: delimiters, no surface recall, flagged") {
    fruit::CorpusCounter counter;
    counter.add(gold("[0] A. [CONTEXT] (0) E", "[0]", {{{"A"}}}), edit5("[0]"));
    counter.add(gold("[0] A. [CONTEXT] (0) E", "[0]"), edit5("[0]"));
    const auto m = counter.result();
    CHECK_FALSE(m.surface_recall);
    CHECK(m.retention);
    CHECK(counter.surfaces_partial());
    const auto keys = fruit::corpus_json(m);
    CHECK(keys.size() == 6);
    CHECK(keys.begin().key() == "reference_p");
  }
}

TEST_CASE("evaluate reports the corpus metrics with the official key names", "[corpus]") {
  fruit::StringLineReader g(
      R"({"inputs": "[0] A. [CONTEXT] (0) Yes", "targets": "[0] (0) Yes.", "generatable_surfaces": {"Q1": ["Yes"]}})",
      "g.jsonl");
  fruit::StringLineReader p(R"({"targets": "[0] (0) Yes."})", "p.jsonl");
  auto evaluation = fruit::evaluate(g, p, {});
  REQUIRE(evaluation.ok());
  const auto corpus = fruit::report_json(evaluation.value())["corpus"];
  std::vector<std::string> keys;
  for (const auto& [key, value] : corpus.items()) keys.push_back(key);
  CHECK(keys == std::vector<std::string>{"surface_recall", "filtered_surface_recall", "reference_p", "reference_r",
                                         "reference_f1", "retention_p", "retention_r", "retention_f1"});
  CHECK(corpus["surface_recall"].get<double>() == 1.0 / (1.0 + 1e-13));
  CHECK(fruit::report_table(evaluation.value()).find("surface_recall 1.0000") != std::string::npos);
}

TEST_CASE("a malformed generatable_surfaces names its field", "[corpus]") {
  const auto error_of = [](const std::string& line) {
    auto parsed = fruit::parse_gold(line, {"g.jsonl", 3});
    REQUIRE_FALSE(parsed.ok());
    return parsed.error().to_string();
  };
  CHECK(error_of(R"({"inputs": "[0] A [CONTEXT]", "targets": "", "generatable_surfaces": ["A"]})") ==
        "g.jsonl:3: field 'generatable_surfaces': expected an object of entity ids to lists of surfaces, got array");
  CHECK(error_of(R"({"inputs": "[0] A [CONTEXT]", "targets": "", "generatable_surfaces": {"Q1": "A"}})") ==
        "g.jsonl:3: field 'generatable_surfaces.Q1': expected a list of strings, got string");
  CHECK(error_of(R"({"inputs": "[0] A [CONTEXT]", "targets": "", "generatable_surfaces": {"Q1": ["A", 2]}})") ==
        "g.jsonl:3: field 'generatable_surfaces.Q1': expected a list of strings, found number");
}
