// How well a metric agrees with people: Pearson's r, Spearman's rho and
// Kendall's tau-b between a metric's per-example values and human ratings,
// with percentile bootstrap intervals (bootstrap.h, the pairs resampled
// together). This is how both the FRUIT and the DiffQG papers judge a
// metric; `fruitbench correlate` runs it on a --per-example file.
//
//   pearson({1, 2, 3}, {1, 2, 4})          == 0.9819805060619657   (r)
//   average_ranks({10, 20, 20, 30})        == {1, 2.5, 2.5, 4}     (ties share their mean rank)
//   spearman({1, 2, 2, 3}, {1, 3, 2, 4})   == 0.9486832980505138   (Pearson of the average ranks)
//   kendall_tau_b({1, 2, 2, 3}, {1, 3, 2, 4}) == 0.9128709291752769
//
// Definitions (scipy.stats' defaults): r = Σ(x-x̄)(y-ȳ) / sqrt(Σ(x-x̄)² Σ(y-ȳ)²);
// rho = r of the average ranks; tau-b = (C - D) / sqrt((C + D + Tx)(C + D + Ty))
// over all pairs i < j, C concordant, D discordant, Tx pairs tied in x only,
// Ty tied in y only (pairs tied in both count nowhere). Each is undefined
// (nullopt, JSON null) with fewer than 2 examples or when either side is
// constant. Kendall's tau is computed over all pairs, O(n²).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bootstrap.h"
#include "evaluate.h"  // LineReader
#include "fruit_format.h"
#include "status.h"

namespace fruit {

std::optional<double> pearson(const std::vector<double>& x, const std::vector<double>& y);
std::vector<double> average_ranks(const std::vector<double>& x);  // 1-based
std::optional<double> spearman(const std::vector<double>& x, const std::vector<double>& y);
std::optional<double> kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y);

// `fruitbench correlate --scores S --human H`:
//   S: one line per example with "id" and the metric, e.g. a --per-example
//      file of `fruitbench score` ({"id", "update_rougeLsum": {"precision",
//      "recall", "fmeasure"}, ...}) or of `score --task diffqg|factacc`;
//   H: one line per rated example with "id" and the rating field, a number
//      or a label mapped to one ({"id": "fw1-003", "rating": 4} or
//      {"id": "q7", "label": "Edit"} with labels {"Accept": 1, "Edit": 0.5}).
// `metric` is a field name or a dotted path ("update_rouge1.recall"); a
// field holding {"fmeasure": x} stands for x, true and false for 1 and 0. Every rated id must have a
// scores line; scored examples without a rating and examples whose metric
// or rating is null are left out and counted in the report.
struct CorrelateOptions {
  std::string metric = "update_rougeLsum";
  std::string human_field = "rating";
  std::map<std::string, double> labels;  // label -> number, for string ratings
  size_t bootstrap_samples = 1000;
  uint64_t seed = 12345;
  double confidence = 0.95;
};

struct Correlation {
  std::optional<double> value;
  std::optional<Bounds> interval;  // nullopt without bootstrap or when never defined
};

struct CorrelationReport {
  size_t n = 0;                 // pairs used
  size_t unrated = 0;           // scored examples without a rating line
  size_t null_metric = 0;       // rated examples whose metric is null
  size_t null_rating = 0;       // rated examples whose rating is null
  Correlation pearson, spearman, kendall;
  std::vector<double> metric_values, human_values;  // the pairs, in rating-file order
};

Result<CorrelationReport> correlate(LineReader& scores, LineReader& human, const CorrelateOptions& options);

// "fruitbench:0.1.0|corr:pearson,spearman,kendall-b|boot:1000|seed:12345|ci:95"
std::string correlation_signature(const CorrelateOptions& options);

// {"n", "metric", "human_field", "excluded": {"unrated", "null_metric",
// "null_rating"}, "pearson": {"value", "low", "mid", "high"}, "spearman",
// "kendall_tau_b", "signature"}; undefined numbers are null.
Json correlation_report_json(const CorrelationReport& report, const CorrelateOptions& options);
std::string correlation_report_table(const CorrelationReport& report, const CorrelateOptions& options);

// Parses "Accept=1,Edit=0.5,Reject=0" (labels may not contain ',' or '=').
Result<std::map<std::string, double>> parse_label_map(std::string_view text);

}  // namespace fruit
