// Paired significance tests between two systems (see significance.h): the
// bootstrap p-value is scoring.h's paired_bootstrap_p_value (the rule the
// leaderboard's ties use), the randomization test and the intervals are here.
#include "significance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "report.h"
#include "scoring.h"

namespace fruit {
namespace {

// Percentile bounds of the signed differences (B - A) of paired bootstrap
// resample means, for every metric; the resamples are those of
// paired_bootstrap_p_value with the same seed.
std::vector<std::pair<double, double>> bootstrap_intervals(const std::vector<std::vector<double>>& a,
                                                           const std::vector<std::vector<double>>& b,
                                                           size_t resamples, uint64_t seed, double confidence) {
  const size_t metrics = a.size();
  std::vector<std::pair<double, double>> bounds(metrics, {0.0, 0.0});
  const size_t n = metrics ? a[0].size() : 0;
  if (n == 0 || resamples == 0) return bounds;
  std::vector<std::vector<double>> differences(metrics);
  for (auto& d : differences) d.reserve(resamples);
  std::vector<double> sum_a(metrics), sum_b(metrics);
  BootstrapRng rng(seed);
  const double count = static_cast<double>(n);
  for (size_t s = 0; s < resamples; ++s) {
    std::fill(sum_a.begin(), sum_a.end(), 0.0);
    std::fill(sum_b.begin(), sum_b.end(), 0.0);
    for (size_t k = 0; k < n; ++k) {
      const size_t i = rng.below(n);
      for (size_t m = 0; m < metrics; ++m) sum_a[m] += a[m][i], sum_b[m] += b[m][i];
    }
    for (size_t m = 0; m < metrics; ++m) differences[m].push_back(sum_b[m] / count - sum_a[m] / count);
  }
  const double tail = (1 - confidence) / 2 * 100;
  for (size_t m = 0; m < metrics; ++m) {
    std::sort(differences[m].begin(), differences[m].end());
    bounds[m] = {percentile_of_sorted(differences[m], tail), percentile_of_sorted(differences[m], 100 - tail)};
  }
  return bounds;
}

// Approximate randomization p-values. The statistic of a trial is
// |sum_i s_i (a_i - b_i)| / n with s_i = +1 or -1, summed in example order,
// so the unswapped and the all-swapped trials equal the real difference
// exactly (and, like sacrebleu, do not count: only larger ones do).
std::vector<double> randomization_p_values(const std::vector<std::vector<double>>& a,
                                           const std::vector<std::vector<double>>& b, size_t trials,
                                           uint64_t seed) {
  const size_t metrics = a.size();
  const size_t n = metrics ? a[0].size() : 0;
  std::vector<double> p(metrics, 1.0);
  if (n == 0 || trials == 0) return p;
  const double count = static_cast<double>(n);
  std::vector<std::vector<double>> delta(metrics, std::vector<double>(n));
  std::vector<double> real(metrics);
  for (size_t m = 0; m < metrics; ++m) {
    double sum = 0;
    for (size_t i = 0; i < n; ++i) sum += delta[m][i] = a[m][i] - b[m][i];
    real[m] = std::fabs(sum) / count;
  }
  std::vector<size_t> larger(metrics, 0);
  std::vector<double> sum(metrics);
  std::vector<bool> swapped(n);
  std::mt19937_64 engine(seed);
  for (size_t t = 0; t < trials; ++t) {
    uint64_t bits = 0;
    for (size_t i = 0; i < n; ++i) {
      if (i % 64 == 0) bits = engine();
      swapped[i] = (bits & 1) != 0;
      bits >>= 1;
    }
    for (size_t m = 0; m < metrics; ++m) {
      double s = 0;
      const std::vector<double>& d = delta[m];
      for (size_t i = 0; i < n; ++i) s += swapped[i] ? -d[i] : d[i];
      if (std::fabs(s) / count > real[m]) ++larger[m];
    }
  }
  for (size_t m = 0; m < metrics; ++m) {
    p[m] = real[m] == 0 ? 1.0 : static_cast<double>(larger[m] + 1) / static_cast<double>(trials + 1);
  }
  return p;
}

std::string fixed(double value, int decimals, bool sign = false) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, sign ? "%+.*f" : "%.*f", decimals, value);
  return buffer;
}

std::string pad(std::string text, size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

// Both runs' warnings, each naming its file.
Json warnings_of(const Comparison& c) {
  Json warnings = Json::array();
  for (const SystemRun* run : {&c.a, &c.b}) {
    for (const Json& w : report_json(run->evaluation)["warnings"]) warnings.push_back(w);
  }
  return warnings;
}

}  // namespace

std::optional<SignificanceMethod> parse_significance_method(std::string_view name) {
  if (name == "bootstrap") return SignificanceMethod::kBootstrap;
  if (name == "randomization") return SignificanceMethod::kRandomization;
  return std::nullopt;
}

std::string_view significance_method_name(SignificanceMethod method) {
  return method == SignificanceMethod::kBootstrap ? "bootstrap" : "randomization";
}

std::vector<PairedTestResult> paired_test(const std::vector<std::vector<double>>& a,
                                          const std::vector<std::vector<double>>& b,
                                          const SignificanceOptions& options) {
  const size_t resamples = options.effective_resamples();
  const bool bootstrap = options.method == SignificanceMethod::kBootstrap;
  const auto bounds = bootstrap_intervals(a, b, bootstrap ? resamples : 1000, options.seed, options.confidence);
  std::vector<double> p;
  if (bootstrap) {
    for (size_t m = 0; m < a.size(); ++m) p.push_back(paired_bootstrap_p_value(a[m], b[m], resamples, options.seed));
  } else {
    p = randomization_p_values(a, b, resamples, options.seed);
  }
  std::vector<PairedTestResult> results(a.size());
  for (size_t m = 0; m < a.size(); ++m) results[m] = {bounds[m].first, bounds[m].second, p[m]};
  return results;
}

std::vector<size_t> largest_differences(const std::vector<double>& a, const std::vector<double>& b, size_t k) {
  std::vector<size_t> order;
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t i, size_t j) { return std::fabs(a[i] - b[i]) > std::fabs(a[j] - b[j]); });
  if (order.size() > k) order.resize(k);
  return order;
}

std::vector<std::string> compared_metric_names() {
  std::vector<std::string> names(kMetricNames.begin(), kMetricNames.end());
  names.push_back("exact_match");
  return names;
}

std::vector<double> compared_values(const ExampleScores& scores) {
  std::vector<double> values;
  for (const Score& s : scores.metrics) values.push_back(s.fmeasure);
  values.push_back(scores.exact_match);
  return values;
}

Result<SystemRun> run_system(LineReader& gold, LineReader& predictions, const ScoringOptions& options) {
  SystemRun run;
  run.name = std::string(predictions.name());
  EvaluateCallbacks callbacks;
  callbacks.on_example = [&](const ScoredExample& e) { run.examples.push_back(e); };
  auto evaluation = evaluate(gold, predictions, options, callbacks);
  if (!evaluation.ok()) return evaluation.error();
  run.evaluation = std::move(evaluation.value());
  return run;
}

Result<Comparison> compare_systems(SystemRun a, SystemRun b, const SignificanceOptions& options) {
  if (a.examples.size() != b.examples.size()) {
    return Error{b.name + " has " + std::to_string(b.examples.size()) + " examples but " + a.name + " has " +
                 std::to_string(a.examples.size()) + ": compare two systems on the same gold file"};
  }
  for (size_t i = 0; i < a.examples.size(); ++i) {
    if (a.examples[i].id != b.examples[i].id) {
      return Error{"example " + std::to_string(i + 1) + " is " + a.examples[i].id.dump() + " for " + a.name +
                       " but " + b.examples[i].id.dump() + " for " + b.name +
                       ": compare two systems on the same gold file",
                   b.name, b.examples[i].prediction_line, "id"};
    }
  }
  Comparison c;
  c.options = options;
  c.metrics = compared_metric_names();
  const size_t metrics = c.metrics.size(), n = a.examples.size();
  std::vector<std::vector<double>> values_a(metrics, std::vector<double>(n)), values_b = values_a;
  for (size_t i = 0; i < n; ++i) {
    const auto va = compared_values(a.examples[i].scores), vb = compared_values(b.examples[i].scores);
    for (size_t m = 0; m < metrics; ++m) values_a[m][i] = va[m], values_b[m][i] = vb[m];
  }
  const auto tests = paired_test(values_a, values_b, options);
  const auto means = [](const Aggregate& g) {
    std::vector<double> out;
    for (const Score& s : g.mean) out.push_back(s.fmeasure);
    out.push_back(g.exact_match_mean);
    return out;
  };
  const auto mean_a = means(a.evaluation.aggregate), mean_b = means(b.evaluation.aggregate);
  for (size_t m = 0; m < metrics; ++m) {
    c.differences.push_back(
        {mean_a[m], mean_b[m], mean_b[m] - mean_a[m], tests[m].low, tests[m].high, tests[m].p_value});
  }
  const size_t primary = static_cast<size_t>(Metric::kUpdateRougeLsum);
  c.differ_most = largest_differences(values_a[primary], values_b[primary], kDifferingExamples);
  c.signature = comparison_signature(a.evaluation.signature, options);
  c.a = std::move(a);
  c.b = std::move(b);
  return c;
}

std::string comparison_signature(const std::string& scoring_signature, const SignificanceOptions& options) {
  return scoring_signature + "|test:" + std::string(significance_method_name(options.method)) +
         "|n:" + std::to_string(options.effective_resamples()) + "|seed:" + std::to_string(options.seed) +
         "|ci:" + std::to_string(static_cast<int>(std::lround(options.confidence * 100)));
}

Json comparison_json(const Comparison& c) {
  Json j = Json::object();
  j["n"] = c.a.examples.size();
  j["a"] = c.a.name;
  j["b"] = c.b.name;
  j["method"] = std::string(significance_method_name(c.options.method));
  j["resamples"] = c.options.effective_resamples();
  j["seed"] = c.options.seed;
  Json metrics = Json::object();
  for (size_t m = 0; m < c.metrics.size(); ++m) {
    const MetricDifference& d = c.differences[m];
    metrics[c.metrics[m]] = {{"mean_a", d.mean_a}, {"mean_b", d.mean_b}, {"difference", d.difference},
                             {"low", d.low},       {"high", d.high},     {"p_value", d.p_value}};
  }
  j["metrics"] = std::move(metrics);
  Json differ = Json::array();
  const size_t primary = static_cast<size_t>(Metric::kUpdateRougeLsum);
  for (size_t i : c.differ_most) {
    differ.push_back({{"id", c.a.examples[i].id},
                      {"a", c.a.examples[i].scores.metrics[primary].fmeasure},
                      {"b", c.b.examples[i].scores.metrics[primary].fmeasure}});
  }
  j["differ_most"] = std::move(differ);
  j["signature"] = c.signature;
  j["warnings"] = warnings_of(c);
  return j;
}

std::string comparison_table(const Comparison& c) {
  std::string out = "fruitbench compare: " + std::to_string(c.a.examples.size()) + " examples, A = " + c.a.name +
                    ", B = " + c.b.name + "\n";
  out += "paired " + std::string(c.options.method == SignificanceMethod::kBootstrap ? "bootstrap resampling"
                                                                                      : "approximate randomization") +
         ", " + std::to_string(c.options.effective_resamples()) +
         (c.options.method == SignificanceMethod::kBootstrap ? " resamples" : " trials") + ", seed " +
         std::to_string(c.options.seed) + " (F, 0-100; difference = B - A, 95% interval)\n\n";
  out += "metric                 A        B   difference   interval            p-value\n";
  for (size_t m = 0; m < c.metrics.size(); ++m) {
    const MetricDifference& d = c.differences[m];
    std::string name = c.metrics[m];
    name.resize(18, ' ');
    std::string interval = "[" + fixed(d.low, 2, true) + ", " + fixed(d.high, 2, true) + "]";
    interval.resize(18, ' ');
    out += name + pad(fixed(d.mean_a, 2), 7) + pad(fixed(d.mean_b, 2), 9) + pad(fixed(d.difference, 2, true), 13) +
           "   " + interval + pad(fixed(d.p_value, 4), 9) + "\n";
  }
  out += "\nsignature: " + c.signature + "\n";
  for (const Json& w : warnings_of(c)) out += "warning: " + w.get<std::string>() + "\n";
  return out;
}

}  // namespace fruit
