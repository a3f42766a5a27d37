// Is system B better than system A on the same examples? Paired
// significance tests over per-example metric values, the two that sacrebleu
// offers (sacrebleu/significance.py, `--paired-bs` and `--paired-ar`):
//
//   paired bootstrap resampling (Koehn 2004)   R resamples of the example
//     indices with replacement (BootstrapRng(seed), the same draws as the
//     score bootstrap); each resample scores both systems. With d_s the
//     absolute difference of the two resample means and d the absolute
//     difference of the real means: p = (1 + #{s : d_s - mean(d_s) > d}) / (1 + R).
//   paired approximate randomization (Noreen 1989; Riezler and Maxwell 2005)
//     R trials; in each, every example's two values are swapped between the
//     systems with probability 1/2 (coin flips: the bits of
//     std::mt19937_64(seed), low bit first, 64 examples per draw);
//     p = (1 + #{t : d_t > d}) / (1 + R).
//
// Both: systems whose real means are equal get p = 1 (sacrebleu's strict
// ">" would give 1 / (1 + R): a system "significantly different" from
// itself). The 95% interval of the difference (mean B - mean A) is the
// 2.5th and 97.5th percentiles (numpy's linear interpolation) of the signed
// resample differences of a paired bootstrap: the test's own resamples for
// the bootstrap, 1000 resamples with the same seed for randomization (as
// sacrebleu's default n_ar_confidence). Defaults: 1000 resamples for the
// bootstrap, 10000 trials for randomization (sacrebleu's).
//
// Example: A = {50, 60, 70}, B = {60, 70, 80} (B better by 10 on every
// example): difference 10, interval [10, 10]; bootstrap p = 1/1001 (every
// resample differs by exactly 10, never by more than the mean difference);
// randomization p = 1/10001 (no trial's difference exceeds the real one;
// like sacrebleu, only strictly larger differences count). A = {0, 100},
// B = {100, 0}: difference 0, p = 1. Identical systems: difference 0, p = 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evaluate.h"
#include "status.h"

namespace fruit {

enum class SignificanceMethod { kBootstrap, kRandomization };

// "bootstrap" or "randomization"; nullopt for anything else.
std::optional<SignificanceMethod> parse_significance_method(std::string_view name);
std::string_view significance_method_name(SignificanceMethod method);

struct SignificanceOptions {
  SignificanceMethod method = SignificanceMethod::kBootstrap;
  size_t resamples = 0;  // 0: the default (1000 bootstrap resamples, 10000 randomization trials)
  uint64_t seed = 12345;
  double confidence = 0.95;
  size_t effective_resamples() const {
    return resamples ? resamples : method == SignificanceMethod::kBootstrap ? 1000 : 10000;
  }
};

// One metric compared: the two real means (those of `fruitbench score`),
// their difference (B - A), its interval and the p-value of the test.
struct MetricDifference {
  double mean_a = 0, mean_b = 0, difference = 0, low = 0, high = 0, p_value = 1;
};

// The test's part of a MetricDifference.
struct PairedTestResult {
  double low = 0, high = 0, p_value = 1;
};

// Tests several metrics at once; values[m][i] is metric m on example i,
// the same examples in the same order for both systems (a and b must have
// the same shape). All metrics share the same resamples or trials.
std::vector<PairedTestResult> paired_test(const std::vector<std::vector<double>>& a,
                                          const std::vector<std::vector<double>>& b,
                                          const SignificanceOptions& options);

// The indices of at most `k` examples whose values differ, largest absolute
// difference first, ties in example order (the leaderboard's and the Score
// page's "examples where the two differ most").
std::vector<size_t> largest_differences(const std::vector<double>& a, const std::vector<double>& b, size_t k);

// The metrics `fruitbench compare` tests, in report order: the F of every
// precision/recall/F metric (scoring.h), then exact match.
std::vector<std::string> compared_metric_names();
std::vector<double> compared_values(const ExampleScores& scores);

// One system scored example by example (gold order).
struct SystemRun {
  std::string name;  // the prediction file, for the report
  Evaluation evaluation;
  std::vector<ScoredExample> examples;
};

// Scores a prediction file as `evaluate` does, keeping every example.
Result<SystemRun> run_system(LineReader& gold, LineReader& predictions, const ScoringOptions& options);

inline constexpr size_t kDifferingExamples = 20;

struct Comparison {
  SystemRun a, b;
  SignificanceOptions options;
  std::vector<std::string> metrics;
  std::vector<MetricDifference> differences;  // per metric
  std::vector<size_t> differ_most;            // example indices, by update_rougeLsum F
  std::string signature;
};

// Compares two runs over the same gold file. Different example counts or
// ids (another gold file) are an Error.
Result<Comparison> compare_systems(SystemRun a, SystemRun b, const SignificanceOptions& options);

// "fruitbench:0.1.0|...|test:bootstrap|n:1000|seed:12345|ci:95": the
// scoring signature of both runs plus the test.
std::string comparison_signature(const std::string& scoring_signature, const SignificanceOptions& options);

// {"n", "a": file, "b": file, "method", "resamples", "seed",
//  "metrics": {name: {"mean_a", "mean_b", "difference", "low", "high",
//  "p_value"}}, "differ_most": [{"id", "a", "b"}] (update_rougeLsum F),
//  "signature", "warnings"}.
Json comparison_json(const Comparison& comparison);

// A fixed-width table for people.
std::string comparison_table(const Comparison& comparison);

}  // namespace fruit
