// Conformance with the official FRUIT evaluation: every case under
// tests/conformance/cases was scored by the reference implementations
// (language/fruit + rouge_score, see tests/conformance/README.md) and only
// their numbers were kept in tests/conformance/expected. fruitbench must
// give every example the same numbers (to 1e-6 on the 0-100 scale; in
// practice the doubles are identical).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "evaluate.h"
#include "normalize.h"
#include "report.h"
#include "rouge.h"

namespace {

namespace fs = std::filesystem;
const fs::path kConformanceDir = FRUIT_CONFORMANCE_DIR;
constexpr double kTolerance = 1e-6;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.is_open());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<fruit::Json> read_jsonl(const fs::path& path) {
  std::vector<fruit::Json> lines;
  std::istringstream text(read_file(path));
  std::string line;
  while (std::getline(text, line)) {
    if (!line.empty()) lines.push_back(fruit::Json::parse(line));
  }
  return lines;
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kConformanceDir / "cases")) {
    const std::string file = entry.path().filename().string();
    const std::string suffix = ".gold.jsonl";
    if (file.size() > suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0) {
      names.push_back(file.substr(0, file.size() - suffix.size()));
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

struct CaseRun {
  std::vector<fruit::Json> examples;
  fruit::Json report;
};

CaseRun run_case(const std::string& name, bool stem) {
  fruit::StringLineReader gold(read_file(kConformanceDir / "cases" / (name + ".gold.jsonl")), name + ".gold.jsonl");
  fruit::StringLineReader pred(read_file(kConformanceDir / "cases" / (name + ".pred.jsonl")), name + ".pred.jsonl");
  fruit::ScoringOptions options;
  options.use_stemmer = stem;
  options.bootstrap_samples = 200;
  CaseRun run;
  fruit::EvaluateCallbacks callbacks;
  callbacks.on_example = [&](const fruit::ScoredExample& e) { run.examples.push_back(fruit::example_json(e)); };
  auto evaluation = fruit::evaluate(gold, pred, options, callbacks);
  INFO(name << (evaluation.ok() ? "" : ": " + evaluation.error().to_string()));
  REQUIRE(evaluation.ok());
  run.report = fruit::report_json(evaluation.value());
  return run;
}

const char* const kPrfMetrics[] = {"update_rouge1", "update_rouge2", "update_rougeLsum", "rouge1", "rouge2", "rougeL"};
const char* const kParts[] = {"precision", "recall", "fmeasure"};

void check_case(const std::string& name, bool stem) {
  const auto expected = read_jsonl(kConformanceDir / "expected" / (name + (stem ? ".stem.jsonl" : ".jsonl")));
  const CaseRun run = run_case(name, stem);
  REQUIRE(run.examples.size() == expected.size());
  size_t mismatches = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const fruit::Json& want = expected[i];
    const fruit::Json& got = run.examples[i];
    INFO(name << (stem ? " (stem)" : "") << " example " << i << " id " << want["id"].dump());
    CHECK(got["id"].dump() == want["id"].dump());
    for (const char* metric : kPrfMetrics) {
      for (const char* part : kParts) {
        const double g = got[metric][part].get<double>();
        const double w = want[metric][part].get<double>();
        if (std::fabs(g - w) > kTolerance) {
          ++mismatches;
          FAIL_CHECK(metric << "." << part << ": fruitbench " << g << " vs official " << w);
        }
      }
    }
    CHECK(got["exact_match"].get<double>() == want["exact_match"].get<double>());
  }
  CHECK(mismatches == 0);

  // The reported mean is the mean of the official per-example numbers.
  for (const char* metric : kPrfMetrics) {
    for (const char* part : kParts) {
      double sum = 0;
      for (const auto& e : expected) sum += e[metric][part].get<double>();
      INFO(name << " mean " << metric << "." << part);
      CHECK(run.report["mean"][metric][part].get<double>() ==
            Approx(sum / static_cast<double>(expected.size())).margin(kTolerance));
    }
  }
}

}  // namespace

TEST_CASE("every conformance case scores exactly as the official evaluation", "[conformance]") {
  const auto names = case_names();
  REQUIRE(names.size() >= 5);
  for (const std::string& name : names) {
    SECTION(name) {
      check_case(name, /*stem=*/false);
      check_case(name, /*stem=*/true);
    }
  }
}

TEST_CASE("official normalize and extract_additions on edge cases", "[conformance]") {
  const auto cases = read_jsonl(kConformanceDir / "expected" / "normalize.jsonl");
  REQUIRE(cases.size() >= 50);
  for (size_t i = 0; i < cases.size(); ++i) {
    const fruit::Json& c = cases[i];
    INFO("normalize.jsonl line " << i + 1 << ": inputs " << c["inputs"].dump() << " edit " << c["edit"].dump());
    auto normalized = fruit::normalize(c["inputs"].get<std::string>(), c["edit"].get<std::string>());
    if (c.contains("error")) {
      CHECK_FALSE(normalized.ok());
      continue;
    }
    REQUIRE(normalized.ok());
    CHECK(normalized.value().source == c["normalized_inputs"].get<std::string>());
    CHECK(normalized.value().edited == c["normalized_edit"].get<std::string>());
    std::vector<std::string> additions;
    for (auto piece : fruit::extract_additions(normalized.value().source, normalized.value().edited)) {
      additions.emplace_back(piece);
    }
    CHECK(additions == c["additions"].get<std::vector<std::string>>());
  }
}

TEST_CASE("rouge_score tokenization with and without stemming", "[conformance]") {
  const auto cases = read_jsonl(kConformanceDir / "expected" / "tokenize.jsonl");
  REQUIRE(cases.size() >= 50);
  for (size_t i = 0; i < cases.size(); ++i) {
    const fruit::Json& c = cases[i];
    const std::string text = c["text"].get<std::string>();
    INFO("tokenize.jsonl line " << i + 1 << ": " << c["text"].dump());
    CHECK(fruit::rouge_tokenize(text) == c["tokens"].get<std::vector<std::string>>());
    CHECK(fruit::rouge_tokenize(text, /*use_stemmer=*/true) == c["stem_tokens"].get<std::vector<std::string>>());
  }
}

// FRUIT's corpus-level metrics (metrics.surface_recall, metrics.delimiter_f1)
// on every case whose predictions are EDIT5, and on corpus_cases/corpus, a
// case written for them (tests/conformance/make_corpus_expected.py).
TEST_CASE("corpus-level metrics equal the official surface_recall and delimiter_f1", "[conformance]") {
  const auto expected = read_jsonl(kConformanceDir / "expected" / "corpus_metrics.jsonl");
  REQUIRE(expected.size() >= 8);
  for (const fruit::Json& want : expected) {
    const std::string name = want["case"].get<std::string>();
    const fs::path folder = kConformanceDir / want["dir"].get<std::string>();
    fruit::StringLineReader gold(read_file(folder / (name + ".gold.jsonl")), name + ".gold.jsonl");
    fruit::StringLineReader pred(read_file(folder / (name + ".pred.jsonl")), name + ".pred.jsonl");
    fruit::ScoringOptions options;
    options.bootstrap_samples = 0;
    auto evaluation = fruit::evaluate(gold, pred, options);
    INFO(name << (evaluation.ok() ? "" : ": " + evaluation.error().to_string()));
    REQUIRE(evaluation.ok());
    const fruit::Json corpus = fruit::report_json(evaluation.value())["corpus"];
    CHECK(corpus.size() == want["metrics"].size());  // the same keys appear
    for (const auto& [key, value] : want["metrics"].items()) {
      INFO(name << " " << key);
      REQUIRE(corpus.contains(key));
      CHECK(std::fabs(corpus[key].get<double>() - value.get<double>()) <= 1e-9);
      CHECK(corpus[key].get<double>() == value.get<double>());  // in fact the same double
    }
  }
}
