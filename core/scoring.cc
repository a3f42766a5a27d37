#include "scoring.h"

#include <algorithm>
#include <cmath>

#include "normalize.h"
#include "unicode.h"

namespace fruit {
namespace {

Score percent(const Score& s) { return {s.precision * 100, s.recall * 100, s.fmeasure * 100}; }

// Neumaier's compensated sum: the mean does not drift with file size, and
// it is plain double arithmetic, so native and WebAssembly agree bit for bit.
class CompensatedSum {
 public:
  void add(double x) {
    const double t = sum_ + x;
    compensation_ += std::fabs(sum_) >= std::fabs(x) ? (sum_ - t) + x : (x - t) + sum_;
    sum_ = t;
  }
  double value() const { return sum_ + compensation_; }

 private:
  double sum_ = 0, compensation_ = 0;
};

// Where the faithfulness metrics start in ExampleValues; NaN marks a value
// that is undefined for the example.
constexpr size_t kFirstEntityValue = 3 * kMetricCount + 1;
// Values before this one are defined for every example (unsupported_entity_tokens is).
constexpr size_t kAlwaysDefined = kFirstEntityValue + 1;

ExampleValues flatten(const ExampleScores& e) {
  ExampleValues v{};
  for (size_t m = 0; m < kMetricCount; ++m) {
    v[3 * m] = e.metrics[m].precision;
    v[3 * m + 1] = e.metrics[m].recall;
    v[3 * m + 2] = e.metrics[m].fmeasure;
  }
  v[3 * kMetricCount] = e.exact_match;
  const auto defined = [](const std::optional<double>& x) { return x ? *x : std::nan(""); };
  v[kFirstEntityValue] = static_cast<double>(e.entities.unsupported_entity_tokens);
  v[kFirstEntityValue + 1] = defined(e.entities.entity_precision);
  v[kFirstEntityValue + 2] = defined(e.entities.entity_recall);
  return v;
}

}  // namespace

ExampleScores score_example(RougeTokenizer& tokenizer, const ExampleTexts& texts) {
  ExampleScores scores;
  const faithfulness::Update gold{texts.gold_normalized_targets,
                                  extract_additions(texts.normalized_inputs, texts.gold_normalized_targets)};
  const faithfulness::Update predicted{texts.predicted_normalized_targets,
                                       extract_additions(texts.normalized_inputs, texts.predicted_normalized_targets)};
  const std::string gold_additions = joined_additions(gold.additions);
  const std::string predicted_additions = joined_additions(predicted.additions);
  if (unicode::strip(gold_additions).empty() && unicode::strip(predicted_additions).empty()) {
    // Nothing to add and nothing added: a perfect update. The official code
    // writes a bare 100.0 here and then fails to aggregate it with other
    // examples; like EditEval's port we count it as P = R = F = 100.
    for (Metric m : {Metric::kUpdateRouge1, Metric::kUpdateRouge2, Metric::kUpdateRougeLsum}) {
      scores.metrics[static_cast<size_t>(m)] = {100, 100, 100};
    }
  } else {
    const RougeTriple update = score_rouge_lsum(tokenizer, gold_additions, predicted_additions);
    scores.metrics[static_cast<size_t>(Metric::kUpdateRouge1)] = percent(update.rouge1);
    scores.metrics[static_cast<size_t>(Metric::kUpdateRouge2)] = percent(update.rouge2);
    scores.metrics[static_cast<size_t>(Metric::kUpdateRougeLsum)] = percent(update.rouge_l);
  }
  const RougeTriple full =
      score_rouge_l(tokenizer, texts.gold_normalized_targets, texts.predicted_normalized_targets);
  scores.metrics[static_cast<size_t>(Metric::kRouge1)] = percent(full.rouge1);
  scores.metrics[static_cast<size_t>(Metric::kRouge2)] = percent(full.rouge2);
  scores.metrics[static_cast<size_t>(Metric::kRougeL)] = percent(full.rouge_l);
  scores.exact_match = texts.gold_normalized_targets == texts.predicted_normalized_targets ? 100 : 0;
  scores.entities = faithfulness::score(texts.normalized_inputs, texts.evidence, gold, predicted);
  tokenizer.clear_if_large();
  return scores;
}

void Aggregator::add(const ExampleScores& scores) { examples_.push_back(flatten(scores)); }

uint64_t BootstrapRng::below(uint64_t bound) {
  // Values under `threshold` would make some results more likely.
  const uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const uint64_t r = engine_();
    if (r >= threshold) return r % bound;
  }
}

double percentile_of_sorted(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double position = q / 100 * static_cast<double>(sorted.size() - 1);
  const double below = std::floor(position);
  const size_t i = static_cast<size_t>(below);
  const size_t j = std::min(i + 1, sorted.size() - 1);
  const double t = position - below;
  const double a = sorted[i], b = sorted[j], difference = b - a;
  // numpy's _lerp, which interpolates from the nearer end.
  return t >= 0.5 ? b - difference * (1 - t) : a + difference * t;
}

Aggregate Aggregator::aggregate(const ScoringOptions& options) const {
  Aggregate result;
  result.n = examples_.size();
  if (examples_.empty()) return result;

  std::array<CompensatedSum, kValuesPerExample> sums;
  std::array<size_t, kValuesPerExample> defined{};
  for (const ExampleValues& v : examples_) {
    for (size_t k = 0; k < kValuesPerExample; ++k) {
      if (std::isnan(v[k])) continue;
      sums[k].add(v[k]);
      ++defined[k];
    }
  }
  ExampleValues means{};
  for (size_t k = 0; k < kValuesPerExample; ++k) means[k] = sums[k].value() / static_cast<double>(defined[k]);
  for (size_t m = 0; m < kMetricCount; ++m) result.mean[m] = {means[3 * m], means[3 * m + 1], means[3 * m + 2]};
  result.exact_match_mean = means[3 * kMetricCount];
  for (size_t e = 0; e < kEntityMetricCount; ++e) {
    result.entity_defined[e] = defined[kFirstEntityValue + e];
    if (result.entity_defined[e] > 0) result.entity_mean[e] = means[kFirstEntityValue + e];
  }

  if (options.bootstrap_samples == 0) return result;
  result.has_bootstrap = true;
  // rouge_score's BootstrapAggregator: resample examples with replacement,
  // take each resample's mean, report percentiles of those means.
  std::array<std::vector<double>, kValuesPerExample> resample_means;
  for (auto& r : resample_means) r.reserve(options.bootstrap_samples);
  BootstrapRng rng(options.seed);
  const double n = static_cast<double>(examples_.size());
  for (size_t s = 0; s < options.bootstrap_samples; ++s) {
    ExampleValues sum{};
    std::array<size_t, kValuesPerExample> count{};
    for (size_t i = 0; i < examples_.size(); ++i) {
      const ExampleValues& v = examples_[rng.below(examples_.size())];
      for (size_t k = 0; k < kAlwaysDefined; ++k) sum[k] += v[k];
      for (size_t k = kAlwaysDefined; k < kValuesPerExample; ++k) {
        if (std::isnan(v[k])) continue;
        sum[k] += v[k];
        ++count[k];
      }
    }
    for (size_t k = 0; k < kValuesPerExample; ++k) {
      if (k < kAlwaysDefined) {
        resample_means[k].push_back(sum[k] / n);
      } else if (count[k] > 0) {
        resample_means[k].push_back(sum[k] / static_cast<double>(count[k]));
      }
    }
  }
  const double tail = (1 - options.confidence) / 2 * 100;
  std::array<std::array<double, kValuesPerExample>, 3> bounds{};  // low, mid, high
  for (size_t k = 0; k < kValuesPerExample; ++k) {
    auto& sorted = resample_means[k];
    if (sorted.empty()) continue;  // a faithfulness value no resample defines
    std::sort(sorted.begin(), sorted.end());
    bounds[0][k] = percentile_of_sorted(sorted, tail);
    bounds[1][k] = percentile_of_sorted(sorted, 50);
    bounds[2][k] = percentile_of_sorted(sorted, 100 - tail);
  }
  const auto score_at = [&](size_t bound, size_t m) {
    return Score{bounds[bound][3 * m], bounds[bound][3 * m + 1], bounds[bound][3 * m + 2]};
  };
  for (size_t m = 0; m < kMetricCount; ++m) {
    result.bootstrap[m] = {score_at(0, m), score_at(1, m), score_at(2, m)};
  }
  const size_t em = 3 * kMetricCount;
  result.exact_match_bootstrap = {{0, 0, bounds[0][em]}, {0, 0, bounds[1][em]}, {0, 0, bounds[2][em]}};
  for (size_t e = 0; e < kEntityMetricCount; ++e) {
    const size_t k = kFirstEntityValue + e;
    if (resample_means[k].empty()) continue;
    result.entity_bootstrap[e] = Interval{{0, 0, bounds[0][k]}, {0, 0, bounds[1][k]}, {0, 0, bounds[2][k]}};
  }
  return result;
}

double paired_bootstrap_p_value(const std::vector<double>& a, const std::vector<double>& b, size_t resamples,
                                uint64_t seed) {
  const size_t n = std::min(a.size(), b.size());
  if (n == 0 || resamples == 0) return 1;
  CompensatedSum sum_a, sum_b;
  for (size_t i = 0; i < n; ++i) sum_a.add(a[i]), sum_b.add(b[i]);
  const double real_difference = std::fabs(sum_a.value() / static_cast<double>(n) - sum_b.value() / static_cast<double>(n));
  if (real_difference == 0) return 1;
  std::vector<double> differences;
  differences.reserve(resamples);
  BootstrapRng rng(seed);
  CompensatedSum sum_of_differences;
  for (size_t s = 0; s < resamples; ++s) {
    double resample_a = 0, resample_b = 0;
    for (size_t k = 0; k < n; ++k) {
      const size_t i = rng.below(n);
      resample_a += a[i];
      resample_b += b[i];
    }
    const double d = std::fabs(resample_a / static_cast<double>(n) - resample_b / static_cast<double>(n));
    differences.push_back(d);
    sum_of_differences.add(d);
  }
  const double mean_difference = sum_of_differences.value() / static_cast<double>(resamples);
  size_t larger = 0;
  for (double d : differences) larger += d - mean_difference > real_difference ? 1 : 0;
  return static_cast<double>(larger + 1) / static_cast<double>(resamples + 1);
}

std::optional<ScoringOptions> parse_signature(std::string_view text) {
  ScoringOptions options;
  bool seen_boot = false;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('|', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view field = text.substr(start, end - start);
    start = end + 1;
    const size_t colon = field.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const std::string_view key = field.substr(0, colon), value = field.substr(colon + 1);
    const auto whole = [](std::string_view digits) -> std::optional<uint64_t> {
      if (digits.empty() || digits.size() > 19 || digits.find_first_not_of("0123456789") != std::string_view::npos) {
        return std::nullopt;
      }
      return std::stoull(std::string(digits));
    };
    if (key == "stem") {
      options.use_stemmer = value == "porter";
    } else if (key == "boot") {
      seen_boot = true;
      if (value == "none") {
        options.bootstrap_samples = 0;
      } else if (auto n = whole(value)) {
        options.bootstrap_samples = *n;
      } else {
        return std::nullopt;
      }
    } else if (key == "seed") {
      auto seed = whole(value);
      if (!seed) return std::nullopt;
      options.seed = *seed;
    } else if (key == "ci") {
      auto ci = whole(value);
      if (!ci || *ci == 0 || *ci >= 100) return std::nullopt;
      options.confidence = static_cast<double>(*ci) / 100;
    }
    if (end == text.size()) break;
  }
  if (!seen_boot || signature(options) != text) return std::nullopt;
  return options;
}

std::string signature(const ScoringOptions& options) {
  std::string s = "fruitbench:" + std::string(kVersion);
  s += "|norm:fruit-diff-text|tok:rouge_score|stem:";
  s += options.use_stemmer ? "porter" : "no";
  s += "|empty:100|ent:" + std::string(entities::kRuleName) + "|agg:mean";
  if (options.bootstrap_samples > 0) {
    s += "|boot:" + std::to_string(options.bootstrap_samples) + "|seed:" + std::to_string(options.seed);
    s += "|ci:" + std::to_string(static_cast<int>(std::lround(options.confidence * 100)));
  } else {
    s += "|boot:none";
  }
  return s;
}

}  // namespace fruit
