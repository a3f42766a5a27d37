// FRUIT's other official metrics (language/fruit/metrics.py), reproduced
// exactly: corpus-level ratios of counts summed over all examples, on the
// official 0..1 scale, with the official 1e-13 in every denominator.
//
//   surface_recall           of every gold entity (generatable_surfaces:
//                            {"Q1": ["Rush", "rush"], ...}), did one of its
//                            surfaces appear in the prediction's raw EDIT5
//                            output (`targets`: copied sentences are "[n]",
//                            so only generated text counts)?
//                            appears-and-in-input / entities
//   filtered_surface_recall  the same over the entities one of whose
//                            surfaces occurs in the gold `inputs`
//   reference_p/r/f1         sets of evidence references "(k)" of the gold
//                            and the predicted `targets`, per example;
//                            tp = |G & P|, fp = |P - G|, fn = |G - P| summed
//                            (the paper's evidence accuracy)
//   retention_p/r/f1         the same for copy tokens "[n]" (kept sentences)
//
// Example: gold targets "[0] (1) New." and prediction "[0] [1] (1) (2) New."
// give retention tp 1, fp 1, fn 0 (p = 0.5, r = 1) and reference tp 1, fp 1.
// Substring tests are on code points, as Python's `in`; "(k)" and "[n]"
// numbers may use any Unicode decimal digits, as Python's \d and int().
//
// When each appears: the surface recalls when every gold line has
// generatable_surfaces and every prediction has `targets`; the delimiter
// scores when every prediction has `targets` (EDIT5 output). Predictions
// given only as `normalized_targets` (plain text) have no delimiters to
// count, and the official functions would fail on them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fruit_format.h"

namespace fruit {

struct PrecisionRecallF1 {
  double p = 0, r = 0, f1 = 0;
};

struct CorpusMetrics {
  std::optional<double> surface_recall, filtered_surface_recall;
  std::optional<PrecisionRecallF1> reference, retention;
};

// Counts one example at a time, in any order.
class CorpusCounter {
 public:
  void add(const GoldRecord& gold, const PredictionRecord& prediction);
  CorpusMetrics result() const;
  // True when some but not all gold lines had generatable_surfaces (a
  // reason for a warning: the surface recalls are then left out).
  bool surfaces_partial() const { return examples_ > 0 && with_surfaces_ > 0 && with_surfaces_ < examples_; }

 private:
  struct Counts {
    size_t tp = 0, fp = 0, fn = 0;
  };
  size_t examples_ = 0, with_surfaces_ = 0, with_targets_ = 0;
  double entities_ = 0, entities_in_input_ = 0, recalled_ = 0;
  Counts reference_, retention_;
};

// The distinct numbers of the "[n]" (open '[') or "(k)" (open '(') delimiters
// of a text, as decimal strings without leading zeros ("[007]" -> "7"), so
// that huge numbers compare exactly as Python's ints do.
std::vector<std::string> delimiter_uids(std::string_view text, char open, char close);

// {"surface_recall", "filtered_surface_recall", "reference_p", ..., "retention_f1"}:
// the official key names, only those the data allows.
Json corpus_json(const CorpusMetrics& metrics);

}  // namespace fruit
