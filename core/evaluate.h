// Scoring and validation of a gold file against a prediction file,
// streamed: records are read one at a time from LineReaders, so the core
// does no I/O and memory does not grow with text size.
//
// Pairing follows the official flow: by id when both files carry ids,
// otherwise by line order. When gold has no ids, an example's id is its
// 0-based line number as a string.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "corpus_metrics.h"
#include "edit5.h"
#include "fruit_format.h"
#include "normalize.h"
#include "scoring.h"
#include "status.h"

namespace fruit {

// A source of lines (without their "\n"). Implemented by the CLI over files
// and by the WebAssembly module over JavaScript strings.
class LineReader {
 public:
  virtual ~LineReader() = default;
  virtual bool next_line(std::string& line) = 0;  // false at the end
  virtual std::string_view name() const = 0;      // for error messages
};

// A LineReader over text already in memory.
class StringLineReader : public LineReader {
 public:
  StringLineReader(std::string text, std::string name) : text_(std::move(text)), name_(std::move(name)) {}
  bool next_line(std::string& line) override;
  std::string_view name() const override { return name_; }

 private:
  std::string text_, name_;
  size_t pos_ = 0;
};

struct ScoredExample {
  Json id;
  size_t gold_line = 0, prediction_line = 0;
  ExampleScores scores;
};

// Warnings do not stop scoring (the official code logs the same cases).
// Only the first kMaxWarnings are kept; `warning_count` counts them all.
inline constexpr size_t kMaxWarnings = 100;

struct Evaluation {
  Aggregate aggregate;
  CorpusMetrics corpus;  // FRUIT's corpus-level metrics, when the data allows (corpus_metrics.h)
  std::string signature;
  std::vector<Error> warnings;
  size_t warning_count = 0;
};

struct EvaluateCallbacks {
  std::function<void(const ScoredExample&)> on_example;  // in gold order
  std::function<void(size_t examples_done)> on_progress;  // every 1000 examples
};

// Scores every gold example against its prediction. Any malformed record,
// duplicate, missing or unknown id stops everything with an Error: no
// partial result is returned.
Result<Evaluation> evaluate(LineReader& gold, LineReader& predictions, const ScoringOptions& options,
                            const EvaluateCallbacks& callbacks = {});

// Everything `evaluate` checks, plus EDIT5 well-formedness of every
// prediction given as `targets`.
struct Validation {
  size_t examples = 0;
  size_t edit5_predictions = 0;
  std::vector<Error> problems;  // EDIT5 problems, each naming its line
};
Result<Validation> validate(LineReader& gold, LineReader& predictions);

// An EDIT5 prediction applied to its input: the updated article and the
// edit's well-formedness diagnostics.
struct AppliedPrediction {
  Json id;
  size_t input_line = 0, prediction_line = 0;
  std::optional<std::string> targets;  // absent: the prediction was already text
  Normalized normalized;
  std::vector<Diagnostic> diagnostics;
};

// Pairs an input file (any FRUIT file with `inputs`) with predictions and
// applies each EDIT5 edit (`targets`), as `fruitbench apply` does;
// predictions with only `normalized_targets` pass through unchanged.
Status apply_predictions(LineReader& inputs, LineReader& predictions,
                         const std::function<void(const AppliedPrediction&)>& on_applied);

}  // namespace fruit
