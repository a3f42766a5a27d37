// FRUIT's metrics for one example, and their aggregation over a file.
//
// Per example (all on a 0..100 scale):
//   update_rouge1/2/Lsum  ROUGE between the *additions* of gold and
//                         prediction (text not found in the source), as the
//                         official metrics.edit_rouge computes them; when
//                         neither side adds anything the example scores 100.
//   rouge1/2/L            ROUGE between the full updated texts.
//   exact_match           100 when the updated texts are identical, else 0.
// and, not official FRUIT metrics, faithfulness (faithfulness.h, the entity
// rule of entities.h named "ent:fruit-entity-v1" in the signature):
//   unsupported_entity_tokens  entity tokens of the predicted additions found
//                              in neither the source article nor the evidence
//   entity_precision/recall    over the sets of entity keys of the predicted
//                              and gold additions; null when the set divided
//                              by is empty
// Means of entity_precision and entity_recall are over the examples where
// they are defined. Example: precision 50 on one example, null on a second,
// 100 on a third -> mean 75 over 2 examples ("defined": 2); no example
// defined -> mean null. Each bootstrap resample takes the same mean over
// its own defined examples; resamples with none are left out of the
// percentiles (and with no resample left the interval is null).
// Aggregates follow sacrebleu's design: every example keeps its own
// statistics, so the mean and the bootstrap are cheap re-computations.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "faithfulness.h"
#include "rouge.h"

namespace fruit {

inline constexpr std::string_view kVersion = "0.1.0";

// The precision/recall/F metrics, in report order.
enum class Metric { kUpdateRouge1, kUpdateRouge2, kUpdateRougeLsum, kRouge1, kRouge2, kRougeL };
inline constexpr size_t kMetricCount = 6;
inline constexpr std::array<std::string_view, kMetricCount> kMetricNames = {
    "update_rouge1", "update_rouge2", "update_rougeLsum", "rouge1", "rouge2", "rougeL"};

// The faithfulness metrics, in report order.
inline constexpr size_t kEntityMetricCount = 3;
inline constexpr std::array<std::string_view, kEntityMetricCount> kEntityMetricNames = {
    "unsupported_entity_tokens", "entity_precision", "entity_recall"};

struct ExampleScores {
  std::array<Score, kMetricCount> metrics;  // 0..100
  double exact_match = 0;                   // 0 or 100
  faithfulness::Scores entities;
  const Score& operator[](Metric m) const { return metrics[static_cast<size_t>(m)]; }
};

// What one example is scored from: the gold article before the update and
// the two updated versions, all normalized (see normalize.h), and the
// evidence (faithfulness::evidence_text of the gold inputs) that supports
// entities besides the article.
struct ExampleTexts {
  std::string_view normalized_inputs;
  std::string_view gold_normalized_targets;
  std::string_view predicted_normalized_targets;
  std::string_view evidence;
};

ExampleScores score_example(RougeTokenizer& tokenizer, const ExampleTexts& texts);

struct ScoringOptions {
  bool use_stemmer = false;
  size_t bootstrap_samples = 1000;  // 0 disables the bootstrap
  uint64_t seed = 12345;
  double confidence = 0.95;
};

struct Interval {
  Score low, mid, high;
};

struct Aggregate {
  size_t n = 0;
  std::array<Score, kMetricCount> mean{};
  double exact_match_mean = 0;
  std::array<Interval, kMetricCount> bootstrap{};
  Interval exact_match_bootstrap{};  // in .fmeasure
  bool has_bootstrap = false;
  // Faithfulness, in kEntityMetricNames order: the mean over the examples
  // where the value is defined (nullopt when none is), their number, and
  // the bootstrap interval (in .fmeasure; nullopt without bootstrap or
  // without a resample that defines the value).
  std::array<std::optional<double>, kEntityMetricCount> entity_mean{};
  std::array<size_t, kEntityMetricCount> entity_defined{};
  std::array<std::optional<Interval>, kEntityMetricCount> entity_bootstrap{};
};

// The 22 numbers of an example, flattened: P, R, F of each metric, exact
// match, then the faithfulness metrics (NaN where undefined). These are the
// sufficient statistics of every aggregate.
inline constexpr size_t kValuesPerExample = 3 * kMetricCount + 1 + kEntityMetricCount;
using ExampleValues = std::array<double, kValuesPerExample>;

// Collects per-example scores and aggregates them. Keeps 22 doubles (176
// bytes) per example for the bootstrap, never the texts.
class Aggregator {
 public:
  void add(const ExampleScores& scores);
  size_t size() const { return examples_.size(); }
  Aggregate aggregate(const ScoringOptions& options) const;

 private:
  std::vector<ExampleValues> examples_;
};

// A sacrebleu-style signature: exactly how a number was computed, e.g.
// "fruitbench:0.1.0|norm:fruit-diff-text|tok:rouge_score|stem:no|empty:100|ent:fruit-entity-v1|agg:mean|boot:1000|seed:12345|ci:95".
std::string signature(const ScoringOptions& options);

// The options a signature of this fruitbench version describes: nullopt
// unless signature(options) gives back exactly `text` (another version, an
// unknown field or a malformed value).
std::optional<ScoringOptions> parse_signature(std::string_view text);

// Deterministic pseudo-random numbers for the bootstrap: std::mt19937_64
// (its output sequence is fixed by the C++ standard) with an unbiased
// bounded draw of our own (standard distributions differ between standard
// libraries), so every platform and the WebAssembly build resample alike.
class BootstrapRng {
 public:
  explicit BootstrapRng(uint64_t seed) : engine_(seed) {}
  // Uniform in [0, bound), bound > 0, by rejection of the biased tail.
  uint64_t below(uint64_t bound);

 private:
  std::mt19937_64 engine_;
};

// Paired bootstrap significance test between two systems' per-example
// values of one metric (same examples, same order), as sacrebleu's paired
// bootstrap resampling (Koehn 2004; sacrebleu.significance): the same
// `resamples` resamples of example indices (BootstrapRng(seed)) score both
// systems; with d_s the absolute difference of the two resample means and
// d the absolute difference of the real means, the p-value is
// (1 + #{s : d_s - mean(d_s) > d}) / (1 + resamples), the chance of a
// difference at least this large if the systems were equally good.
// Systems whose real means are equal get p = 1 (sacrebleu's formula would
// call a system significantly different from itself). Empty input: 1.
double paired_bootstrap_p_value(const std::vector<double>& a, const std::vector<double>& b, size_t resamples,
                                uint64_t seed);

// numpy.percentile's default ("linear") interpolation on sorted values.
double percentile_of_sorted(const std::vector<double>& sorted, double q);

}  // namespace fruit
