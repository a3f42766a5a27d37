#include "report.h"

#include <cstdio>

namespace fruit {
namespace {

Json score_json(const Score& s) {
  Json j = Json::object();
  j["precision"] = s.precision;
  j["recall"] = s.recall;
  j["fmeasure"] = s.fmeasure;
  return j;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string pad(std::string text, size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

std::string warning_lines(const Evaluation& evaluation) {
  std::string out;
  for (const Error& w : evaluation.warnings) out += "warning: " + w.to_string() + "\n";
  if (evaluation.warning_count > evaluation.warnings.size()) {
    out += "warning: ... and " + std::to_string(evaluation.warning_count - evaluation.warnings.size()) +
           " more warnings\n";
  }
  return out;
}

Json optional_json(const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); }

Json interval_json(const Interval& i) { return {{"low", i.low.fmeasure}, {"mid", i.mid.fmeasure}, {"high", i.high.fmeasure}}; }

// The faithfulness rows of the table: mean, interval, examples defined.
std::string entity_rows(const Aggregate& a) {
  std::string out = "\nfaithfulness (entity rule " + std::string(entities::kRuleName) + "; not official FRUIT metrics)\n";
  std::string head = "metric";
  head.resize(27, ' ');
  out += head + pad("mean", 8) + (a.has_bootstrap ? "   interval        " : "") + "   examples\n";
  for (size_t e = 0; e < kEntityMetricCount; ++e) {
    std::string name(kEntityMetricNames[e]);
    name.resize(27, ' ');
    out += name + pad(a.entity_mean[e] ? fixed(*a.entity_mean[e], 2) : "-", 8);
    if (a.has_bootstrap) {
      const auto& i = a.entity_bootstrap[e];
      std::string interval = i ? fixed(i->low.fmeasure, 2) + " - " + fixed(i->high.fmeasure, 2) : "-";
      interval.resize(16, ' ');
      out += "   " + interval;
    }
    out += pad(std::to_string(a.entity_defined[e]), 11) + "\n";
  }
  return out;
}

// FRUIT's corpus-level metrics, official 0-1 scale; nothing when absent.
std::string corpus_table(const CorpusMetrics& c) {
  if (!c.surface_recall && !c.reference) return "";
  std::string out = "\ncorpus (FRUIT metrics.py, 0-1)";
  if (c.surface_recall) {
    out += "\n  surface_recall " + fixed(*c.surface_recall, 4) + "   filtered_surface_recall " +
           fixed(*c.filtered_surface_recall, 4);
  }
  for (auto [name, s] : {std::pair{"reference", &c.reference}, std::pair{"retention", &c.retention}}) {
    if (*s) {
      out += "\n  " + std::string(name) + "  P " + fixed((*s)->p, 4) + "  R " + fixed((*s)->r, 4) + "  F1 " +
             fixed((*s)->f1, 4);
    }
  }
  return out + "\n";
}

}  // namespace

Json example_json(const ScoredExample& example) {
  Json j = Json::object();
  j["id"] = example.id;
  for (size_t m = 0; m < kMetricCount; ++m) j[std::string(kMetricNames[m])] = score_json(example.scores.metrics[m]);
  j["exact_match"] = static_cast<int>(example.scores.exact_match);
  const faithfulness::Scores& f = example.scores.entities;
  j["unsupported_entity_tokens"] = f.unsupported_entity_tokens;
  j["entity_precision"] = optional_json(f.entity_precision);
  j["entity_recall"] = optional_json(f.entity_recall);
  return j;
}

Json report_json(const Evaluation& evaluation) {
  const Aggregate& a = evaluation.aggregate;
  Json j = Json::object();
  j["n"] = a.n;
  Json mean = Json::object();
  for (size_t m = 0; m < kMetricCount; ++m) mean[std::string(kMetricNames[m])] = score_json(a.mean[m]);
  mean["exact_match"] = a.exact_match_mean;
  for (size_t e = 0; e < kEntityMetricCount; ++e) mean[std::string(kEntityMetricNames[e])] = optional_json(a.entity_mean[e]);
  j["mean"] = std::move(mean);
  Json defined = Json::object();
  for (size_t e = 0; e < kEntityMetricCount; ++e) defined[std::string(kEntityMetricNames[e])] = a.entity_defined[e];
  j["defined"] = std::move(defined);
  if (a.has_bootstrap) {
    Json bootstrap = Json::object();
    for (size_t m = 0; m < kMetricCount; ++m) {
      const Interval& i = a.bootstrap[m];
      bootstrap[std::string(kMetricNames[m])] = {{"low", score_json(i.low)}, {"mid", score_json(i.mid)},
                                                 {"high", score_json(i.high)}};
    }
    const Interval& em = a.exact_match_bootstrap;
    bootstrap["exact_match"] = interval_json(em);
    for (size_t e = 0; e < kEntityMetricCount; ++e) {
      const auto& i = a.entity_bootstrap[e];
      bootstrap[std::string(kEntityMetricNames[e])] = i ? interval_json(*i) : Json(nullptr);
    }
    j["bootstrap"] = std::move(bootstrap);
  } else {
    j["bootstrap"] = nullptr;
  }
  j["corpus"] = corpus_json(evaluation.corpus);
  j["signature"] = evaluation.signature;
  Json warnings = Json::array();
  for (const Error& w : evaluation.warnings) warnings.push_back(w.to_string());
  if (evaluation.warning_count > evaluation.warnings.size()) {
    warnings.push_back("... and " + std::to_string(evaluation.warning_count - evaluation.warnings.size()) +
                       " more warnings");
  }
  j["warnings"] = std::move(warnings);
  return j;
}

std::string report_table(const Evaluation& evaluation) {
  const Aggregate& a = evaluation.aggregate;
  std::string out = "fruitbench: " + std::to_string(a.n) + " examples (mean over examples, 0-100";
  out += a.has_bootstrap ? "; 95% bootstrap interval of F)\n\n" : ")\n\n";
  out += "metric              precision   recall        F";
  out += a.has_bootstrap ? "   interval (F)\n" : "\n";
  for (size_t m = 0; m < kMetricCount; ++m) {
    std::string name(kMetricNames[m]);
    name.resize(18, ' ');
    out += name + pad(fixed(a.mean[m].precision, 2), 11) + pad(fixed(a.mean[m].recall, 2), 9) +
           pad(fixed(a.mean[m].fmeasure, 2), 9);
    if (a.has_bootstrap) {
      out += "   " + fixed(a.bootstrap[m].low.fmeasure, 2) + " - " + fixed(a.bootstrap[m].high.fmeasure, 2);
    }
    out += "\n";
  }
  out += "exact_match       " + pad("", 11) + pad("", 9) + pad(fixed(a.exact_match_mean, 2), 9);
  if (a.has_bootstrap) {
    out += "   " + fixed(a.exact_match_bootstrap.low.fmeasure, 2) + " - " +
           fixed(a.exact_match_bootstrap.high.fmeasure, 2);
  }
  out += "\n" + entity_rows(a);
  out += corpus_table(evaluation.corpus);
  out += "\nsignature: " + evaluation.signature + "\n";
  return out + warning_lines(evaluation);
}

}  // namespace fruit
