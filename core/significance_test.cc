#include "significance.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "scoring.h"

// Constructed cases whose answers are known: identical systems, a system
// better on every example, a mirrored pair, and the agreement of the
// bootstrap p-value with the leaderboard's paired_bootstrap_p_value.

namespace {

using fruit::SignificanceMethod;
using fruit::SignificanceOptions;

SignificanceOptions with(SignificanceMethod method, size_t resamples = 0) {
  SignificanceOptions o;
  o.method = method;
  o.resamples = resamples;
  return o;
}

std::vector<double> ramp(size_t n, double offset) {
  std::vector<double> v;
  for (size_t i = 0; i < n; ++i) v.push_back(static_cast<double>((i * 37) % 50) + offset);
  return v;
}

// Gold and predictions as JSONL text: n examples; `better` predictions copy
// the gold update, the others add an unrelated sentence.
std::string gold_text(size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    out += R"({"id": "e)" + std::to_string(i) + R"(", "inputs": "[0] Old fact )" + std::to_string(i) +
           R"(. [CONTEXT] (0) New fact", "targets": "[0] (0) The bridge opened in )" + std::to_string(1900 + i) +
           R"(."})" + "\n";
  }
  return out;
}

std::string pred_text(size_t n, bool good) {
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    const std::string added = good ? "The bridge opened in " + std::to_string(1900 + i) + "."
                                   : "A market was held on " + std::to_string(i % 7) + " days.";
    out += R"({"id": "e)" + std::to_string(i) + R"(", "targets": "[0] (0) )" + added + R"("})" + "\n";
  }
  return out;
}

fruit::SystemRun run(const std::string& gold, const std::string& pred, const std::string& name) {
  fruit::StringLineReader g(gold, "gold.jsonl"), p(pred, name);
  fruit::ScoringOptions options;
  options.bootstrap_samples = 0;
  auto result = fruit::run_system(g, p, options);
  REQUIRE(result.ok());
  return std::move(result.value());
}

}  // namespace

TEST_CASE("identical systems: zero difference and p = 1 with both tests", "[significance]") {
  const std::vector<std::vector<double>> a = {ramp(40, 0), ramp(40, 5)};
  for (auto method : {SignificanceMethod::kBootstrap, SignificanceMethod::kRandomization}) {
    const auto results = fruit::paired_test(a, a, with(method));
    REQUIRE(results.size() == 2);
    for (const auto& r : results) {
      CHECK(r.p_value == 1);
      CHECK(r.low == 0);
      CHECK(r.high == 0);
    }
  }
}

TEST_CASE("a system better by 10 on every example: p = 1/(R+1), interval [10, 10]", "[significance]") {
  const std::vector<std::vector<double>> a = {{50, 60, 70}}, b = {{60, 70, 80}};
  const auto bootstrap = fruit::paired_test(a, b, with(SignificanceMethod::kBootstrap));
  CHECK(bootstrap[0].p_value == 1.0 / 1001);
  CHECK(bootstrap[0].low == Approx(10).margin(1e-12));
  CHECK(bootstrap[0].high == Approx(10).margin(1e-12));
  const auto randomization = fruit::paired_test(a, b, with(SignificanceMethod::kRandomization));
  CHECK(randomization[0].p_value == 1.0 / 10001);
  // The order of the systems changes the sign of the interval only.
  const auto reversed = fruit::paired_test(b, a, with(SignificanceMethod::kBootstrap));
  CHECK(reversed[0].p_value == bootstrap[0].p_value);
  CHECK(reversed[0].low == Approx(-10).margin(1e-12));
}

TEST_CASE("equal means, different examples: p = 1; noise: p large", "[significance]") {
  const std::vector<std::vector<double>> a = {{0, 100}}, b = {{100, 0}};
  for (auto method : {SignificanceMethod::kBootstrap, SignificanceMethod::kRandomization}) {
    CHECK(fruit::paired_test(a, b, with(method))[0].p_value == 1);
  }
  // Two systems that differ only by noise around the same mean.
  std::vector<double> x, y;
  for (size_t i = 0; i < 200; ++i) {
    x.push_back(static_cast<double>((i * 7919) % 100));
    y.push_back(static_cast<double>((i * 104729 + 13) % 100));
  }
  for (auto method : {SignificanceMethod::kBootstrap, SignificanceMethod::kRandomization}) {
    const double p = fruit::paired_test({x}, {y}, with(method))[0].p_value;
    CHECK(p > 0.2);
  }
}

TEST_CASE("the bootstrap p-value is the leaderboard's paired_bootstrap_p_value", "[significance]") {
  const auto a = ramp(60, 0);
  auto b = ramp(60, 0);
  for (size_t i = 0; i < b.size(); i += 3) b[i] += 4;
  const auto result = fruit::paired_test({a}, {b}, with(SignificanceMethod::kBootstrap, 500));
  CHECK(result[0].p_value == fruit::paired_bootstrap_p_value(a, b, 500, 12345));
  // Metrics share resamples: adding a metric does not change another's result.
  const auto two = fruit::paired_test({a, ramp(60, 1)}, {b, ramp(60, 2)}, with(SignificanceMethod::kBootstrap, 500));
  CHECK(two[0].p_value == result[0].p_value);
  CHECK(two[0].low == result[0].low);
  const auto ar1 = fruit::paired_test({a}, {b}, with(SignificanceMethod::kRandomization, 2000));
  const auto ar2 = fruit::paired_test({a, ramp(60, 1)}, {b, ramp(60, 2)}, with(SignificanceMethod::kRandomization, 2000));
  CHECK(ar2[0].p_value == ar1[0].p_value);
  CHECK(ar1[0].p_value < 0.01);  // +4 on a third of the examples, never worse
}

TEST_CASE("largest_differences: differing examples, largest first, ties in order", "[significance]") {
  CHECK(fruit::largest_differences({1, 5, 3, 9, 0}, {1, 2, 6, 9, 3}, 10) == std::vector<size_t>{1, 2, 4});
  CHECK(fruit::largest_differences({1, 5, 3, 9, 0}, {1, 2, 6, 9, 3}, 2) == std::vector<size_t>{1, 2});
  CHECK(fruit::largest_differences({}, {}, 3).empty());
}

TEST_CASE("compare_systems on files: every metric, known answers", "[significance]") {
  const size_t n = 30;
  const std::string gold = gold_text(n);
  SECTION("identical prediction files") {
    auto c = fruit::compare_systems(run(gold, pred_text(n, false), "a.jsonl"), run(gold, pred_text(n, false), "b.jsonl"),
                                    with(SignificanceMethod::kBootstrap));
    REQUIRE(c.ok());
    REQUIRE(c.value().differences.size() == 7);
    for (const auto& d : c.value().differences) {
      CHECK(d.difference == 0);
      CHECK(d.p_value == 1);
    }
    CHECK(c.value().differ_most.empty());
  }
  SECTION("B copies the gold update: better on every example") {
    for (auto method : {SignificanceMethod::kBootstrap, SignificanceMethod::kRandomization}) {
      auto c = fruit::compare_systems(run(gold, pred_text(n, false), "a.jsonl"), run(gold, pred_text(n, true), "b.jsonl"),
                                      with(method));
      REQUIRE(c.ok());
      const auto json = fruit::comparison_json(c.value());
      for (const auto& name : {"update_rouge1", "update_rougeLsum", "rougeL", "exact_match"}) {
        INFO(name);
        CHECK(json["metrics"][name]["difference"].get<double>() > 0);
        CHECK(json["metrics"][name]["p_value"].get<double>() < 0.01);
        CHECK(json["metrics"][name]["low"].get<double>() > 0);
      }
      CHECK(json["metrics"]["exact_match"]["difference"].get<double>() == 100);
      CHECK(json["differ_most"].size() == fruit::kDifferingExamples);
      CHECK(json["differ_most"][0]["b"].get<double>() == 100);
      CHECK(json["n"] == n);
      const std::string table = fruit::comparison_table(c.value());
      CHECK(table.find("update_rougeLsum") != std::string::npos);
      CHECK(table.find(c.value().signature) != std::string::npos);
    }
  }
  SECTION("another gold file is an error naming the id") {
    auto c = fruit::compare_systems(run(gold, pred_text(n, false), "a.jsonl"),
                                    run(gold_text(n + 1), pred_text(n + 1, false), "b.jsonl"),
                                    with(SignificanceMethod::kBootstrap));
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().message.find("same gold file") != std::string::npos);
  }
}

TEST_CASE("comparison signature and method names", "[significance]") {
  SignificanceOptions o = with(SignificanceMethod::kRandomization);
  CHECK(fruit::comparison_signature("fruitbench:0.1.0|x", o) == "fruitbench:0.1.0|x|test:randomization|n:10000|seed:12345|ci:95");
  CHECK(fruit::parse_significance_method("bootstrap") == SignificanceMethod::kBootstrap);
  CHECK_FALSE(fruit::parse_significance_method("t-test"));
  CHECK(with(SignificanceMethod::kBootstrap).effective_resamples() == 1000);
}
