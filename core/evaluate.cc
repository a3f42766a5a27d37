#include "evaluate.h"

#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "faithfulness.h"
#include "normalize.h"

namespace fruit {

bool StringLineReader::next_line(std::string& line) {
  if (pos_ >= text_.size()) return false;
  size_t end = text_.find('\n', pos_);
  if (end == std::string::npos) end = text_.size();
  line.assign(text_, pos_, end - pos_);
  pos_ = end + 1;
  return true;
}

namespace {

template <class Record>
struct Item {
  Record record;
  size_t line = 0;
  std::string key;  // id used for matching and reporting
};
using GoldItem = Item<GoldRecord>;
using PredictionItem = Item<PredictionRecord>;

// Reads records from one file and checks that ids are on every line or on
// none, as a mix would make pairing ambiguous.
template <class Record, Result<Record> (*Parse)(std::string_view, const Location&)>
class RecordStream {
 public:
  explicit RecordStream(LineReader& reader) : reader_(reader) {}

  // nullopt at the end of the file.
  Result<std::optional<std::pair<Record, size_t>>> next() {
    if (!reader_.next_line(buffer_)) return std::optional<std::pair<Record, size_t>>();
    ++line_;
    const Location where{reader_.name(), line_};
    auto record = Parse(buffer_, where);
    if (!record.ok()) return record.error();
    const bool has_id = record.value().id.has_value();
    if (line_ == 1) {
      ids_present_ = has_id;
    } else if (has_id != ids_present_) {
      return record_error(where, "id",
                          has_id ? "present here but missing on line 1: give every line an id, or none"
                                 : "missing here but present on line 1: give every line an id, or none");
    }
    return std::optional<std::pair<Record, size_t>>(std::pair<Record, size_t>(std::move(record.value()), line_));
  }
  bool ids_present() const { return ids_present_; }
  size_t lines() const { return line_; }
  std::string_view name() const { return reader_.name(); }

 private:
  LineReader& reader_;
  std::string buffer_;
  size_t line_ = 0;
  bool ids_present_ = false;
};


// Pairs gold (or input) records with predictions. Files in the same order
// stream in lockstep; predictions that arrive early wait in `pending_` until
// their gold example comes.
template <class Gold, Result<Gold> (*ParseGold)(std::string_view, const Location&)>
class Pairer {
 public:
  using GoldItem = Item<Gold>;
  using Pair = std::pair<GoldItem, PredictionItem>;

  Pairer(LineReader& gold, LineReader& predictions) : gold_(gold), predictions_(predictions) {}

  // Next pair, nullopt when both files are exhausted and consistent.
  Result<std::optional<Pair>> next() {
    auto gold = gold_.next();
    if (!gold.ok()) return gold.error();
    if (!gold.value()) return finish();
    GoldItem g{std::move(gold.value()->first), gold.value()->second, {}};
    if (g.line == 1) {
      auto first = predictions_.next();
      if (!first.ok()) return first.error();
      if (!first.value()) return missing_prediction(g);
      lookahead_ = PredictionItem{std::move(first.value()->first), first.value()->second, {}};
      by_id_ = gold_.ids_present() && predictions_.ids_present();
    }
    g.key = g.record.id ? g.record.id->key : std::to_string(g.line - 1);
    if (g.record.id && !seen_gold_.insert(g.key).second) {
      return record_error({gold_.name(), g.line}, "id", "duplicate id '" + g.key + "'");
    }
    auto prediction = by_id_ ? take_by_id(g.key) : take_in_order();
    if (!prediction.ok()) return prediction.error();
    if (!prediction.value()) return missing_prediction(g);
    return std::optional<Pair>(Pair(std::move(g), std::move(*prediction.value())));
  }

  bool by_id() const { return by_id_; }
  bool predictions_have_ids() const { return predictions_.ids_present(); }

 private:
  using MaybePrediction = Result<std::optional<PredictionItem>>;

  MaybePrediction read_prediction() {
    if (lookahead_) {
      auto item = std::move(*lookahead_);
      lookahead_.reset();
      return std::optional<PredictionItem>(std::move(item));
    }
    auto next = predictions_.next();
    if (!next.ok()) return next.error();
    if (!next.value()) return std::optional<PredictionItem>();
    return std::optional<PredictionItem>(PredictionItem{std::move(next.value()->first), next.value()->second, {}});
  }

  MaybePrediction take_in_order() { return read_prediction(); }

  MaybePrediction take_by_id(const std::string& key) {
    if (auto found = pending_.find(key); found != pending_.end()) {
      auto item = std::move(found->second);
      pending_.erase(found);
      return std::optional<PredictionItem>(std::move(item));
    }
    for (;;) {
      auto next = read_prediction();
      if (!next.ok() || !next.value()) return next;
      PredictionItem& item = *next.value();
      const std::string& id = item.record.id->key;
      if (!seen_predictions_.insert(id).second) {
        return record_error({predictions_.name(), item.line}, "id", "duplicate id '" + id + "'");
      }
      if (id == key) return next;
      if (seen_gold_.count(id)) {
        // Its gold example was already paired with an earlier prediction.
        return record_error({predictions_.name(), item.line}, "id", "duplicate id '" + id + "'");
      }
      pending_.emplace(id, std::move(item));
    }
  }

  Error missing_prediction(const GoldItem& g) {
    if (by_id_) {
      return record_error({gold_.name(), g.line}, "id",
                          "'" + g.key + "' has no prediction in " + std::string(predictions_.name()));
    }
    return Error{std::string(predictions_.name()) + " has " + std::to_string(predictions_.lines()) +
                     " lines but " + std::string(gold_.name()) + " has more: every gold line needs a prediction",
                 std::string(gold_.name()), g.line, ""};
  }

  Result<std::optional<Pair>> finish() {
    if (gold_.lines() == 0) return Error{"no examples: the file is empty", std::string(gold_.name())};
    auto extra = read_prediction();
    if (!extra.ok()) return extra.error();
    std::optional<PredictionItem> unknown = std::move(extra.value());
    if (!unknown && !pending_.empty()) {
      // Report the earliest line among the predictions that found no gold.
      for (auto& [id, item] : pending_) {
        if (!unknown || item.line < unknown->line) unknown = std::move(item);
      }
    }
    if (!unknown) return std::optional<Pair>();
    const Location where{predictions_.name(), unknown->line};
    if (by_id_) {
      const std::string& id = unknown->record.id->key;
      if (seen_gold_.count(id)) return record_error(where, "id", "duplicate id '" + id + "'");
      return record_error(where, "id", "'" + id + "' is not an id of " + std::string(gold_.name()));
    }
    return Error{"more predictions than the " + std::to_string(gold_.lines()) + " lines of " +
                     std::string(gold_.name()),
                 std::string(where.file), where.line, ""};
  }

  RecordStream<Gold, ParseGold> gold_;
  RecordStream<PredictionRecord, parse_prediction> predictions_;
  bool by_id_ = false;
  std::optional<PredictionItem> lookahead_;
  std::unordered_map<std::string, PredictionItem> pending_;
  std::unordered_set<std::string> seen_gold_, seen_predictions_;
};

// Keeps the first warnings and counts the rest.
struct WarningLog {
  std::vector<Error> kept;
  size_t count = 0;
  void add(Error warning) {
    if (kept.size() < kMaxWarnings) kept.push_back(std::move(warning));
    ++count;
  }
};

// The normalized texts of a pair, computed as the official flow does when
// a file does not carry them.
struct NormalizedPair {
  std::string inputs, gold_targets, predicted_targets;
  std::string evidence;  // faithfulness::evidence_text of the gold inputs
};

Result<NormalizedPair> normalize_pair(const GoldItem& g, const PredictionItem& p, std::string_view gold_file,
                                      std::string_view prediction_file, WarningLog& warnings) {
  NormalizedPair out;
  const Location gold_at{gold_file, g.line};
  const Location prediction_at{prediction_file, p.line};
  // The gold input must be well formed even when normalized fields are given.
  const size_t context = g.record.inputs.find(kContextMarker);
  if (context == std::string::npos || g.record.inputs.find(kContextMarker, context + 1) != std::string::npos) {
    return record_error(gold_at, "inputs", context == std::string::npos ? "no [CONTEXT] marker: an input needs exactly one"
                                                                         : "more than one [CONTEXT] marker: an input needs exactly one");
  }
  auto evidence = faithfulness::evidence_text(g.record.inputs);
  if (!evidence.ok()) return record_error(gold_at, "inputs", evidence.error().message);
  out.evidence = std::move(evidence.value());
  if (g.record.normalized_inputs && g.record.normalized_targets) {
    out.inputs = *g.record.normalized_inputs;
    out.gold_targets = *g.record.normalized_targets;
  } else {
    auto normalized = normalize(g.record.inputs, g.record.targets);
    if (!normalized.ok()) return record_error(gold_at, "inputs", normalized.error().message);
    for (const auto& dropped : normalized.value().dropped) {
      warnings.add(record_error(gold_at, "targets",
                                "copy token [" + uid_text(dropped.uid) + "] names no source sentence; dropped"));
    }
    out.inputs = g.record.normalized_inputs.value_or(normalized.value().source);
    out.gold_targets = g.record.normalized_targets.value_or(normalized.value().edited);
  }
  if (p.record.normalized_targets) {
    out.predicted_targets = *p.record.normalized_targets;
  } else {
    auto normalized = normalize(g.record.inputs, *p.record.targets);
    if (!normalized.ok()) return record_error(gold_at, "inputs", normalized.error().message);
    for (const auto& dropped : normalized.value().dropped) {
      warnings.add(record_error(prediction_at, "targets",
                                "copy token [" + uid_text(dropped.uid) +
                                    "] names no source sentence; dropped, as the official normalization does"));
    }
    out.predicted_targets = std::move(normalized.value().edited);
  }
  return out;
}

using GoldPairer = Pairer<GoldRecord, parse_gold>;

template <class P>
void warn_about_ignored_ids(const P& pairer, std::string_view prediction_file, WarningLog& warnings) {
  if (!pairer.by_id() && pairer.predictions_have_ids()) {
    warnings.add(Error{"the predictions carry ids but the gold file does not: paired by line order",
                       std::string(prediction_file)});
  }
}

}  // namespace

Result<Evaluation> evaluate(LineReader& gold, LineReader& predictions, const ScoringOptions& options,
                            const EvaluateCallbacks& callbacks) {
  GoldPairer pairer(gold, predictions);
  RougeTokenizer tokenizer(options.use_stemmer);
  Aggregator aggregator;
  CorpusCounter corpus;
  WarningLog warnings;
  for (;;) {
    auto pair = pairer.next();
    if (!pair.ok()) return pair.error();
    if (!pair.value()) break;
    const auto& [g, p] = *pair.value();
    if (g.line == 1) warn_about_ignored_ids(pairer, predictions.name(), warnings);
    auto texts = normalize_pair(g, p, gold.name(), predictions.name(), warnings);
    if (!texts.ok()) return texts.error();
    ScoredExample scored;
    scored.id = g.record.id ? g.record.id->value : Json(g.key);
    scored.gold_line = g.line;
    scored.prediction_line = p.line;
    scored.scores = score_example(tokenizer, {texts.value().inputs, texts.value().gold_targets,
                                              texts.value().predicted_targets, texts.value().evidence});
    aggregator.add(scored.scores);
    corpus.add(g.record, p.record);
    if (callbacks.on_example) callbacks.on_example(scored);
    if (callbacks.on_progress && aggregator.size() % 1000 == 0) callbacks.on_progress(aggregator.size());
  }
  if (corpus.surfaces_partial()) {
    warnings.add(Error{"generatable_surfaces is on some lines only: surface_recall needs it on every line",
                       std::string(gold.name())});
  }
  Evaluation evaluation;
  evaluation.aggregate = aggregator.aggregate(options);
  evaluation.corpus = corpus.result();
  evaluation.signature = signature(options);
  evaluation.warnings = std::move(warnings.kept);
  evaluation.warning_count = warnings.count;
  return evaluation;
}

Result<Validation> validate(LineReader& gold, LineReader& predictions) {
  GoldPairer pairer(gold, predictions);
  Validation validation;
  WarningLog unused_warnings;
  for (;;) {
    auto pair = pairer.next();
    if (!pair.ok()) return pair.error();
    if (!pair.value()) break;
    const auto& [g, p] = *pair.value();
    auto texts = normalize_pair(g, p, gold.name(), predictions.name(), unused_warnings);
    if (!texts.ok()) return texts.error();
    ++validation.examples;
    if (!p.record.targets) continue;
    ++validation.edit5_predictions;
    auto outline = outline_input(g.record.inputs);
    if (!outline.ok()) return record_error({gold.name(), g.line}, "inputs", outline.error().message);
    const auto units = parse_edit5(*p.record.targets);
    for (const Diagnostic& d : validate_edit5(units, outline.value())) {
      validation.problems.push_back(record_error({predictions.name(), p.line}, "targets",
                                                 d.code + " at byte " + std::to_string(d.offset + 1) + ": " + d.message));
    }
  }
  return validation;
}

}  // namespace fruit

namespace fruit {

Status apply_predictions(LineReader& inputs, LineReader& predictions,
                         const std::function<void(const AppliedPrediction&)>& on_applied) {
  Pairer<InputRecord, parse_input> pairer(inputs, predictions);
  WarningLog warnings;
  for (;;) {
    auto pair = pairer.next();
    if (!pair.ok()) return pair.error();
    if (!pair.value()) break;
    const auto& [input, p] = *pair.value();
    if (input.line == 1) warn_about_ignored_ids(pairer, predictions.name(), warnings);
    AppliedPrediction applied;
    applied.id = input.record.id ? input.record.id->value : Json(input.key);
    applied.input_line = input.line;
    applied.prediction_line = p.line;
    if (!p.record.targets) {
      // Already an updated text: passed through unchanged.
      applied.normalized.edited = *p.record.normalized_targets;
      on_applied(applied);
      continue;
    }
    applied.targets = *p.record.targets;
    auto outline = outline_input(input.record.inputs);
    if (!outline.ok()) return record_error({inputs.name(), input.line}, "inputs", outline.error().message);
    auto normalized = normalize(input.record.inputs, *applied.targets);
    if (!normalized.ok()) return record_error({inputs.name(), input.line}, "inputs", normalized.error().message);
    applied.normalized = std::move(normalized.value());
    applied.diagnostics = validate_edit5(parse_edit5(*applied.targets), outline.value());
    on_applied(applied);
  }
  return Ok{};
}

}  // namespace fruit
