// DiffQG (Cole et al., "DiffQG: Generating Questions to Summarize Factual
// Changes", EACL 2023): given two versions of a passage and an answer span,
// decide whether the span marks a factual change and, if so, write a
// question that the two versions answer differently.
//
// Gold lines:       {"id", "base", "target", "answer", "question": text or null, "label"}
//                   (null question: no factual change for that answer span;
//                   label one of Accept, Context, Edit, Reject, Skip)
// Prediction lines: {"id", "change": true|false, "question": text or null (optional)}
// Paired by id, in any order (keyed_jsonl.h).
//
// Per example (0..100):
//   change detection   positive class = "has a differentiating question"
//                      (gold question not null) vs the predicted "change";
//   qg_rouge1/rougeL   only when the gold has a question: ROUGE-1 F and
//                      ROUGE-L F (rouge_score's tokenizer and scores, rouge.h)
//                      of the predicted question against it; a missing or
//                      null predicted question is the empty text (scores 0);
//                      the predicted "change" does not matter here;
//   full_rouge1/rougeL the same, but 0 when the prediction says "no change".
// Rules the paper leaves open, as fixed here: examples without a gold
// question are not part of the question figures (qg_* and full_* are null
// for them) whatever the prediction says, so a question predicted where
// the gold has none costs only in change detection (a false positive);
// precision with no predicted change, and recall with no gold change, are 0
// (as scikit-learn's zero_division=0), F1 is 0 when P + R is 0; a figure of
// an empty set (no human-written example, no gold question) is null.
//
// Corpus figures: change_accuracy/precision/recall/f1 and the means of the
// four ROUGE values, on all examples and, prefixed "human_", on the
// human-written subset (labels Edit and Context); bootstrap intervals as
// every fruitbench aggregate (bootstrap.h).
//
//   gold {"question": "When did it open?"}, prediction {"change": true, "question": "When did it open?"}
//     -> TP; qg_rouge1 = full_rouge1 = 100
//   same gold, prediction {"change": false, "question": "When did it open?"}
//     -> FN; qg_rouge1 = 100, full_rouge1 = 0
//   gold {"question": null}, prediction {"change": true, ...} -> FP; qg_* and full_* null
//
// The Overlapping Answer baseline: a change iff the answer span, normalized
// as SQuAD's answers (squad_normalize.h), does not occur as whole words in
// the normalized base passage; it writes no question.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bootstrap.h"
#include "evaluate.h"  // LineReader
#include "fruit_format.h"
#include "rouge.h"
#include "scoring.h"  // ScoringOptions
#include "status.h"

namespace fruit {

inline constexpr std::array<std::string_view, 5> kDiffqgLabels = {"Accept", "Context", "Edit", "Reject", "Skip"};
inline constexpr std::array<std::string_view, 3> kDiffqgPredictionFields = {"id", "change", "question"};

struct DiffqgGold {
  std::string base, target, answer;
  std::optional<std::string> question;
  std::string label;
  bool human_written() const { return label == "Edit" || label == "Context"; }
};
struct DiffqgPrediction {
  bool change = false;
  std::optional<std::string> question;
};

Result<DiffqgGold> parse_diffqg_gold(const Json& object, const Location& where);
Result<DiffqgPrediction> parse_diffqg_prediction(const Json& object, const Location& where);

// The Overlapping Answer baseline's decision.
bool overlapping_answer_change(std::string_view base, std::string_view answer);
// Its prediction lines for a file of {"id", "base", "answer", ...} lines
// (a gold or an inputs file): {"id", "change", "question": null}, one per line.
Result<std::string> overlapping_answer_baseline(LineReader& inputs);

struct DiffqgScores {
  bool gold_change = false, change = false, human = false;
  std::optional<double> qg_rouge1, qg_rougeL, full_rouge1, full_rougeL;
};
DiffqgScores score_diffqg_example(RougeTokenizer& tokenizer, const DiffqgGold& gold, const DiffqgPrediction& prediction);

// The corpus figures, in report order: these eight on all examples, then
// the same eight prefixed "human_".
inline constexpr std::array<std::string_view, 8> kDiffqgMetrics = {
    "change_accuracy", "change_precision", "change_recall", "change_f1",
    "qg_rouge1",       "qg_rougeL",        "full_rouge1",   "full_rougeL"};
inline constexpr size_t kDiffqgFigureCount = 2 * kDiffqgMetrics.size();
std::vector<std::string> diffqg_figure_names();
bool is_diffqg_figure(std::string_view name);
// The figures of the examples at `indices` (repeats allowed, as in a resample).
std::vector<std::optional<double>> diffqg_figures(const std::vector<DiffqgScores>& examples,
                                                  const std::vector<size_t>& indices);

struct DiffqgExample {
  Json id;
  std::string label;
  size_t gold_line = 0, prediction_line = 0;
  DiffqgScores scores;
};
struct DiffqgEvaluation {
  std::vector<DiffqgExample> examples;  // gold order
  std::vector<std::optional<double>> figures;
  std::vector<std::optional<Bounds>> intervals;  // empty without bootstrap
  ScoringOptions options;
};
Result<DiffqgEvaluation> evaluate_diffqg(LineReader& gold, LineReader& predictions, const ScoringOptions& options);

// {"id", "label", "gold_change", "change", "correct", "qg_rouge1", "qg_rougeL", "full_rouge1", "full_rougeL"}
Json diffqg_example_json(const DiffqgExample& example);
// {"n", "task": "diffqg", "counts": {"with_question", "human", "human_with_question"},
//  "mean": {figure: x or null}, "bootstrap": {figure: {"low", "mid", "high"} or null} or null, "signature"}
Json diffqg_report_json(const DiffqgEvaluation& evaluation);
std::string diffqg_report_table(const DiffqgEvaluation& evaluation);

// FRUIT's signature (scoring.h) with the task's own normalization and
// question rule: "fruitbench:0.1.0|task:diffqg|tok:rouge_score|stem:no|qg:gold-question|agg:mean|boot:1000|seed:12345|ci:95".
std::string diffqg_signature(const ScoringOptions& options);
std::optional<ScoringOptions> parse_diffqg_signature(std::string_view text);

}  // namespace fruit
