// surface_recall and delimiter_f1 of language/fruit/metrics.py; see
// corpus_metrics.h. Arithmetic follows the official expressions term for
// term, so the doubles are the same bits.
#include "corpus_metrics.h"

#include <algorithm>

#include "normalize.h"
#include "unicode.h"

namespace fruit {
namespace {

std::vector<std::string> sorted_unique(std::vector<std::string> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

// Python: p = tp / (tp + fp + 1e-13); r = tp / (tp + fn + 1e-13);
// f1 = 2 * p * r / (p + r + 1e-13).
PrecisionRecallF1 scores(size_t tp, size_t fp, size_t fn) {
  PrecisionRecallF1 s;
  s.p = static_cast<double>(tp) / (static_cast<double>(tp + fp) + 1e-13);
  s.r = static_cast<double>(tp) / (static_cast<double>(tp + fn) + 1e-13);
  s.f1 = 2 * s.p * s.r / (s.p + s.r + 1e-13);
  return s;
}

}  // namespace

std::vector<std::string> delimiter_uids(std::string_view text, char open, char close) {
  std::vector<std::string> uids;
  for (const Delimiter& d : find_delimiters(text, open, close)) {
    std::string digits;
    for (size_t pos = d.begin + 1; pos + 1 < d.end;) {
      const int value = unicode::digit_value(unicode::decode(text, pos));
      if (digits.empty() && value == 0) continue;
      digits.push_back(static_cast<char>('0' + value));
    }
    uids.push_back(digits.empty() ? "0" : digits);
  }
  return sorted_unique(std::move(uids));
}

void CorpusCounter::add(const GoldRecord& gold, const PredictionRecord& prediction) {
  ++examples_;
  if (gold.generatable_surfaces) ++with_surfaces_;
  if (!prediction.targets) return;
  ++with_targets_;
  const std::string& predicted = *prediction.targets;
  if (gold.generatable_surfaces) {
    for (const auto& surfaces : *gold.generatable_surfaces) {
      bool in_input = false, appears = false;
      for (const std::string& surface : surfaces) {
        in_input = in_input || gold.inputs.find(surface) != std::string::npos;
        appears = appears || predicted.find(surface) != std::string::npos;
      }
      entities_ += 1.0;
      entities_in_input_ += in_input ? 1.0 : 0.0;
      recalled_ += appears && in_input ? 1.0 : 0.0;
    }
  }
  for (auto [counts, open, close] : {std::tuple{&reference_, '(', ')'}, std::tuple{&retention_, '[', ']'}}) {
    const auto g = delimiter_uids(gold.targets, open, close);
    const auto p = delimiter_uids(predicted, open, close);
    std::vector<std::string> both;
    std::set_intersection(g.begin(), g.end(), p.begin(), p.end(), std::back_inserter(both));
    counts->tp += both.size();
    counts->fp += p.size() - both.size();
    counts->fn += g.size() - both.size();
  }
}

CorpusMetrics CorpusCounter::result() const {
  CorpusMetrics m;
  if (examples_ == 0 || with_targets_ < examples_) return m;
  if (with_surfaces_ == examples_) {
    m.surface_recall = recalled_ / (entities_ + 1e-13);
    m.filtered_surface_recall = recalled_ / (entities_in_input_ + 1e-13);
  }
  m.reference = scores(reference_.tp, reference_.fp, reference_.fn);
  m.retention = scores(retention_.tp, retention_.fp, retention_.fn);
  return m;
}

Json corpus_json(const CorpusMetrics& metrics) {
  Json j = Json::object();
  if (metrics.surface_recall) j["surface_recall"] = *metrics.surface_recall;
  if (metrics.filtered_surface_recall) j["filtered_surface_recall"] = *metrics.filtered_surface_recall;
  for (auto [name, scores] : {std::pair{"reference", &metrics.reference}, std::pair{"retention", &metrics.retention}}) {
    if (!*scores) continue;
    j[std::string(name) + "_p"] = (*scores)->p;
    j[std::string(name) + "_r"] = (*scores)->r;
    j[std::string(name) + "_f1"] = (*scores)->f1;
  }
  return j;
}

}  // namespace fruit
