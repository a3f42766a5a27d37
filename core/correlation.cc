#include "correlation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <unordered_map>

#include "keyed_jsonl.h"

#include "scoring.h"  // kVersion

namespace fruit {
namespace {

double mean_of(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

int sign(double d) { return (d > 0) - (d < 0); }

// The value at a dotted path; {"fmeasure": x} objects stand for x.
const Json* find_path(const Json& object, const std::string& path) {
  const Json* at = &object;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('.', start);
    if (end == std::string::npos) end = path.size();
    if (!at->is_object()) return nullptr;
    const auto found = at->find(path.substr(start, end - start));
    if (found == at->end()) return nullptr;
    at = &*found;
    start = end + 1;
  }
  if (at->is_object() && at->contains("fmeasure")) at = &(*at)["fmeasure"];
  return at;
}

Json correlation_json(const Correlation& c) {
  Json j = Json::object();
  j["value"] = c.value ? Json(*c.value) : Json(nullptr);
  j["low"] = c.interval ? Json(c.interval->low) : Json(nullptr);
  j["mid"] = c.interval ? Json(c.interval->mid) : Json(nullptr);
  j["high"] = c.interval ? Json(c.interval->high) : Json(nullptr);
  return j;
}

}  // namespace

std::optional<double> pearson(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size() || x.size() < 2) return std::nullopt;
  const double mx = mean_of(x), my = mean_of(y);
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double dx = x[i] - mx, dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx == 0 || syy == 0) return std::nullopt;
  return std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
}

std::vector<double> average_ranks(const std::vector<double>& x) {
  std::vector<size_t> order(x.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return x[a] < x[b]; });
  std::vector<double> ranks(x.size());
  for (size_t start = 0; start < order.size();) {
    size_t end = start + 1;
    while (end < order.size() && x[order[end]] == x[order[start]]) ++end;
    // Positions start..end-1 hold rank start+1..end; each gets their mean.
    const double rank = (static_cast<double>(start + 1) + static_cast<double>(end)) / 2;
    for (size_t k = start; k < end; ++k) ranks[order[k]] = rank;
    start = end;
  }
  return ranks;
}

std::optional<double> spearman(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size()) return std::nullopt;
  return pearson(average_ranks(x), average_ranks(y));
}

std::optional<double> kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size() || x.size() < 2) return std::nullopt;
  uint64_t concordant = 0, discordant = 0, tied_x = 0, tied_y = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    for (size_t j = i + 1; j < x.size(); ++j) {
      const int dx = sign(x[i] - x[j]), dy = sign(y[i] - y[j]);
      if (dx == 0 && dy == 0) continue;
      if (dx == 0) {
        ++tied_x;
      } else if (dy == 0) {
        ++tied_y;
      } else if (dx == dy) {
        ++concordant;
      } else {
        ++discordant;
      }
    }
  }
  const double both = static_cast<double>(concordant + discordant);
  const double denominator = std::sqrt((both + static_cast<double>(tied_x)) * (both + static_cast<double>(tied_y)));
  if (denominator == 0) return std::nullopt;
  return std::clamp((static_cast<double>(concordant) - static_cast<double>(discordant)) / denominator, -1.0, 1.0);
}

Result<std::map<std::string, double>> parse_label_map(std::string_view text) {
  std::map<std::string, double> labels;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string item(text.substr(start, end - start));
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Error("'" + item + "' is not LABEL=NUMBER (labels are given as 'Accept=1,Edit=0.5')");
    }
    const std::string number = item.substr(eq + 1);
    // A plain decimal: digits, optional sign, point and exponent, nothing else.
    char* rest = nullptr;
    const double value = std::strtod(number.c_str(), &rest);
    if (number.empty() || rest != number.c_str() + number.size() || !std::isfinite(value) ||
        number.find_first_not_of("+-.0123456789eE") != std::string::npos) {
      return Error("'" + number + "' (label '" + item.substr(0, eq) + "') is not a number");
    }
    if (!labels.emplace(item.substr(0, eq), value).second) {
      return Error("label '" + item.substr(0, eq) + "' is given twice");
    }
    start = end + 1;
  }
  return labels;
}

Result<CorrelationReport> correlate(LineReader& scores, LineReader& human, const CorrelateOptions& options) {
  auto score_lines = read_keyed_lines(scores);
  if (!score_lines.ok()) return score_lines.error();
  auto human_lines = read_keyed_lines(human);
  if (!human_lines.ok()) return human_lines.error();
  std::unordered_map<std::string, size_t> score_index;
  for (size_t k = 0; k < score_lines.value().size(); ++k) score_index.emplace(score_lines.value()[k].id.key, k);
  CorrelationReport report;
  report.unrated = score_lines.value().size();
  for (const KeyedLine& rated : human_lines.value()) {
    const Location rated_at = rated.where(human.name());
    const auto found = score_index.find(rated.id.key);
    if (found == score_index.end()) {
      return record_error(rated_at, "id", "'" + rated.id.key + "' has no line in " + std::string(scores.name()));
    }
    --report.unrated;
    const KeyedLine& scored = score_lines.value()[found->second];
    const Location scored_at = scored.where(scores.name());
    const Json* metric = find_path(scored.object, options.metric);
    if (!metric) return record_error(scored_at, options.metric, "missing (the metric to correlate)");
    if (!metric->is_null() && !metric->is_number() && !metric->is_boolean()) {
      return record_error(scored_at, options.metric, "expected a number, got " + std::string(metric->type_name()));
    }
    const auto rating_field = rated.object.find(options.human_field);
    if (rating_field == rated.object.end()) {
      return record_error(rated_at, options.human_field, "missing (the human rating)");
    }
    std::optional<double> rating;
    if (rating_field->is_number()) {
      rating = rating_field->get<double>();
    } else if (rating_field->is_string()) {
      const auto label = options.labels.find(rating_field->get<std::string>());
      if (label == options.labels.end()) {
        return record_error(rated_at, options.human_field,
                            "label " + rating_field->dump() + " has no number: give one with --labels LABEL=NUMBER,...");
      }
      rating = label->second;
    } else if (!rating_field->is_null()) {
      return record_error(rated_at, options.human_field,
                          "expected a number or a label, got " + std::string(rating_field->type_name()));
    }
    if (metric->is_null()) {
      ++report.null_metric;
    } else if (!rating) {
      ++report.null_rating;
    } else {
      report.metric_values.push_back(metric->is_boolean() ? (metric->get<bool>() ? 1.0 : 0.0) : metric->get<double>());
      report.human_values.push_back(*rating);
    }
  }
  report.n = report.metric_values.size();
  const auto& x = report.metric_values;
  const auto& y = report.human_values;
  report.pearson.value = pearson(x, y);
  report.spearman.value = spearman(x, y);
  report.kendall.value = kendall_tau_b(x, y);
  std::vector<double> rx, ry;
  const auto intervals = bootstrap_intervals(
      report.n, options.bootstrap_samples, options.seed, options.confidence, 3,
      [&](const std::vector<size_t>& indices, std::vector<std::optional<double>>& out) {
        rx.clear();
        ry.clear();
        for (size_t i : indices) rx.push_back(x[i]), ry.push_back(y[i]);
        out[0] = pearson(rx, ry);
        out[1] = spearman(rx, ry);
        out[2] = kendall_tau_b(rx, ry);
      });
  report.pearson.interval = intervals[0];
  report.spearman.interval = intervals[1];
  report.kendall.interval = intervals[2];
  return report;
}

std::string correlation_signature(const CorrelateOptions& options) {
  std::string s = "fruitbench:" + std::string(kVersion) + "|corr:pearson,spearman,kendall-b";
  if (options.bootstrap_samples > 0) {
    s += "|boot:" + std::to_string(options.bootstrap_samples) + "|seed:" + std::to_string(options.seed) +
         "|ci:" + std::to_string(static_cast<int>(std::lround(options.confidence * 100)));
  } else {
    s += "|boot:none";
  }
  return s;
}

Json correlation_report_json(const CorrelationReport& report, const CorrelateOptions& options) {
  Json j = Json::object();
  j["n"] = report.n;
  j["metric"] = options.metric;
  j["human_field"] = options.human_field;
  j["excluded"] = {{"unrated", report.unrated}, {"null_metric", report.null_metric},
                   {"null_rating", report.null_rating}};
  j["pearson"] = correlation_json(report.pearson);
  j["spearman"] = correlation_json(report.spearman);
  j["kendall_tau_b"] = correlation_json(report.kendall);
  j["signature"] = correlation_signature(options);
  return j;
}

std::string correlation_report_table(const CorrelationReport& report, const CorrelateOptions& options) {
  const auto cell = [](const std::optional<double>& v) { return table_cell(v, 6, 3); };
  std::string out = "correlation of '" + options.metric + "' with human '" + options.human_field + "' on " +
                    std::to_string(report.n) + " examples\n";
  out += "                 value    low    mid   high\n";
  for (const auto& row : {std::pair<const char*, const Correlation*>{"Pearson r     ", &report.pearson},
                           {"Spearman rho  ", &report.spearman},
                           {"Kendall tau-b ", &report.kendall}}) {
    const char* name = row.first;
    const Correlation* c = row.second;
    const auto bound = [c](double Bounds::*field) {
      return c->interval ? std::optional<double>(c->interval.value().*field) : std::nullopt;
    };
    out += std::string("  ") + name + " " + cell(c->value) + " " + cell(bound(&Bounds::low)) + " " +
           cell(bound(&Bounds::mid)) + " " + cell(bound(&Bounds::high)) + "\n";
  }
  if (report.unrated || report.null_metric || report.null_rating) {
    out += "left out: " + std::to_string(report.unrated) + " scored examples without a rating, " +
           std::to_string(report.null_metric) + " with a null metric, " + std::to_string(report.null_rating) +
           " with a null rating\n";
  }
  out += "signature: " + correlation_signature(options) + "\n";
  return out;
}

}  // namespace fruit
