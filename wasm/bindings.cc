// Embind bindings: the JavaScript face of the core. Every function takes
// plain strings (JSON for structured input) and returns a JSON string
// {"ok": true, "value": ...} or {"ok": false, "error": {...}}; the ES module
// wrapper (wasm/fruitbench-api.mjs) turns errors into exceptions. No logic
// lives here that the core does not own.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "baselines.h"
#include "decoding.h"
#include "diff.h"
#include "edit5.h"
#include "evaluate.h"
#include "faithfulness.h"
#include "front_end.h"
#include "leaderboard.h"
#include "linearize.h"
#include "normalize.h"
#include "report.h"
#include "rouge.h"
#include "scoring.h"
#include "sentences.h"
#include "sha256.h"
#include "significance.h"
#include "tokenizer.h"

namespace {

using emscripten::val;
using fruit::Json;

std::string ok(Json value) {
  Json out = Json::object();
  out["ok"] = true;
  out["value"] = std::move(value);
  return out.dump();
}

std::string fail(const fruit::Error& error) {
  Json out = Json::object();
  out["ok"] = false;
  out["error"] = {{"message", error.message}, {"file", error.file}, {"line", error.line}, {"field", error.field},
                  {"text", error.to_string()}};
  return out.dump();
}

// Parses a JSON argument; a bad one is the caller's error, reported as such.
fruit::Result<Json> parse_argument(const std::string& text, const char* name) {
  Json value = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) return fruit::Error("argument '" + std::string(name) + "' is not valid JSON");
  return value;
}

fruit::Result<fruit::ScoringOptions> scoring_options(const std::string& options_json) {
  auto parsed = parse_argument(options_json.empty() ? "{}" : options_json, "options");
  if (!parsed.ok()) return parsed.error();
  const Json& o = parsed.value();
  fruit::ScoringOptions options;
  if (!o.is_object()) return fruit::Error("options must be an object");
  if (o.contains("stem")) options.use_stemmer = o["stem"].is_boolean() && o["stem"].get<bool>();
  if (o.contains("bootstrap")) {
    if (!o["bootstrap"].is_number_unsigned()) return fruit::Error("options.bootstrap must be a whole number");
    options.bootstrap_samples = o["bootstrap"].get<size_t>();
  }
  if (o.contains("seed")) {
    if (!o["seed"].is_number_unsigned()) return fruit::Error("options.seed must be a whole number");
    options.seed = o["seed"].get<uint64_t>();
  }
  return options;
}

std::string version() { return std::string(fruit::kVersion); }

std::string normalize(const std::string& inputs, const std::string& edit) {
  auto normalized = fruit::normalize(inputs, edit);
  if (!normalized.ok()) return fail(normalized.error());
  Json dropped = Json::array();
  for (const auto& d : normalized.value().dropped) dropped.push_back(d.uid);
  return ok({{"normalized_inputs", normalized.value().source},
             {"normalized_targets", normalized.value().edited},
             {"dropped_copy_tokens", dropped}});
}

std::string additions(const std::string& source, const std::string& target) {
  Json list = Json::array();
  for (auto piece : fruit::extract_additions(source, target)) list.push_back(std::string(piece));
  return ok(list);
}

Json units_json(const std::vector<fruit::Edit5Unit>& units) {
  Json list = Json::array();
  for (const auto& u : units) {
    if (u.kind == fruit::Edit5Unit::Kind::kCopy) {
      list.push_back({{"kind", "copy"}, {"sentence", u.copy_index}, {"begin", u.begin}, {"end", u.end}});
    } else {
      list.push_back(
          {{"kind", "text"}, {"references", u.references}, {"text", u.text}, {"begin", u.begin}, {"end", u.end}});
    }
  }
  return list;
}

// Parses an EDIT5 output and checks it against its input.
std::string check_edit5(const std::string& inputs, const std::string& edit) {
  auto outline = fruit::outline_input(inputs);
  if (!outline.ok()) return fail(outline.error());
  const auto units = fruit::parse_edit5(edit);
  Json diagnostics = Json::array();
  for (const auto& d : fruit::validate_edit5(units, outline.value())) {
    diagnostics.push_back({{"code", d.code}, {"message", d.message}, {"unit", d.unit}, {"offset", d.offset}});
  }
  Json sentences = Json::array();
  for (auto s : outline.value().source_sentences) sentences.push_back(std::string(s));
  return ok({{"units", units_json(units)},
             {"diagnostics", diagnostics},
             {"source_sentences", sentences},
             {"evidence_count", outline.value().evidence_count}});
}

std::string split_sentences(const std::string& text) { return ok(fruit::split_sentences(text)); }

Json table_json(const fruit::EvidenceTable& table) {
  return {{"caption", table.caption}, {"header", table.header}, {"rows", table.rows}};
}

fruit::Result<fruit::EvidenceTable> table_from_json(const Json& j, const std::string& where) {
  fruit::EvidenceTable table;
  if (!j.is_object()) return fruit::Error("must be an object", "", 0, where);
  if (j.contains("caption") && j["caption"].is_string()) table.caption = j["caption"].get<std::string>();
  const auto strings = [](const Json& list, std::vector<std::string>& out) {
    if (!list.is_array()) return false;
    for (const Json& cell : list) {
      if (!cell.is_string()) return false;
      out.push_back(cell.get<std::string>());
    }
    return true;
  };
  if (j.contains("header") && !strings(j["header"], table.header)) {
    return fruit::Error("must be a list of strings", "", 0, where + ".header");
  }
  if (j.contains("rows")) {
    if (!j["rows"].is_array()) return fruit::Error("must be a list of rows", "", 0, where + ".rows");
    for (size_t r = 0; r < j["rows"].size(); ++r) {
      table.rows.emplace_back();
      if (!strings(j["rows"][r], table.rows.back())) {
        return fruit::Error("must be a list of strings", "", 0, where + ".rows[" + std::to_string(r) + "]");
      }
    }
  }
  return table;
}

// linearize({"sentences": [...]}, [{"title", "section", "text", "table"}]).
std::string linearize(const std::string& article_json, const std::string& evidence_json) {
  auto article = parse_argument(article_json, "article");
  if (!article.ok()) return fail(article.error());
  auto evidence_list = parse_argument(evidence_json, "evidence");
  if (!evidence_list.ok()) return fail(evidence_list.error());
  fruit::Article a;
  const Json& sentences = article.value().is_object() ? article.value()["sentences"] : Json();
  if (!sentences.is_array()) return fail(fruit::Error("must be a list of strings", "", 0, "article.sentences"));
  for (const Json& s : sentences) {
    if (!s.is_string()) return fail(fruit::Error("must be a list of strings", "", 0, "article.sentences"));
    a.sentences.push_back(s.get<std::string>());
  }
  if (!evidence_list.value().is_array()) return fail(fruit::Error("must be a list", "", 0, "evidence"));
  std::vector<fruit::Evidence> evidence;
  for (size_t i = 0; i < evidence_list.value().size(); ++i) {
    const Json& e = evidence_list.value()[i];
    const std::string where = "evidence[" + std::to_string(i) + "]";
    if (!e.is_object()) return fail(fruit::Error("must be an object", "", 0, where));
    fruit::Evidence item;
    for (auto [field, target] : {std::pair{"title", &item.title}, {"section", &item.section}, {"text", &item.text}}) {
      if (!e.contains(field)) continue;
      if (!e[field].is_string()) return fail(fruit::Error("must be a string", "", 0, where + "." + field));
      *target = e[field].get<std::string>();
    }
    if (e.contains("table") && !e["table"].is_null()) {
      auto table = table_from_json(e["table"], where + ".table");
      if (!table.ok()) return fail(table.error());
      item.table = std::move(table.value());
    }
    evidence.push_back(std::move(item));
  }
  auto linearized = fruit::linearize(a, evidence);
  if (!linearized.ok()) return fail(linearized.error());
  return ok(linearized.value());
}

std::string parse_linearized(const std::string& inputs) {
  auto parsed = fruit::parse_linearized(inputs);
  if (!parsed.ok()) return fail(parsed.error());
  Json evidence = Json::array();
  for (const auto& e : parsed.value().evidence) {
    Json table = nullptr;
    if (e.table) {
      table = table_json(*e.table);
      table["section"] = e.section;
    }
    evidence.push_back({{"index", e.index}, {"title", e.title}, {"display_title", e.display_title},
                        {"body", e.body}, {"raw", e.raw}, {"table", table}});
  }
  return ok({{"source_sentences", parsed.value().sentences}, {"evidence", evidence}});
}

std::string parse_table(const std::string& text) {
  auto table = fruit::parse_table_text(text);
  if (!table.ok()) return fail(table.error());
  return ok(table_json(table.value()));
}

std::string baseline(const std::string& inputs, const std::string& kind) {
  if (kind != "copy-source" && kind != "copy-source-all-evidence") {
    return fail(fruit::Error("unknown baseline '" + kind + "'", "", 0, "kind"));
  }
  auto edit = fruit::baseline_edit(inputs, kind == "copy-source" ? fruit::Baseline::kCopySource
                                                                 : fruit::Baseline::kCopySourceAllEvidence);
  if (!edit.ok()) return fail(edit.error());
  return ok(edit.value());
}

// The update (an EDIT5 output, or kind "text": the updated article) diffed
// against the source article of `inputs`, with the unsupported entity
// tokens of its new sentences marked (faithfulness::mark_unsupported).
std::string diff(const std::string& inputs, const std::string& update, const std::string& kind) {
  auto out = fruit::diff_json(inputs, update, kind);
  if (!out.ok()) return fail(out.error());
  return ok(std::move(out.value()));
}

std::string tokenize(const std::string& text, bool stem) { return ok(fruit::rouge_tokenize(text, stem)); }

// `inputs` (the linearized input, or "" for none) gives the evidence that
// supports entities besides the article.
std::string score_example(const std::string& normalized_inputs, const std::string& gold_targets,
                          const std::string& predicted_targets, const std::string& inputs,
                          const std::string& options_json) {
  auto options = scoring_options(options_json);
  if (!options.ok()) return fail(options.error());
  std::string evidence;
  if (!inputs.empty()) {
    auto text = fruit::faithfulness::evidence_text(inputs);
    if (!text.ok()) return fail(fruit::Error(text.error().message, "", 0, "inputs"));
    evidence = std::move(text.value());
  }
  fruit::RougeTokenizer tokenizer(options.value().use_stemmer);
  fruit::ScoredExample example;
  example.id = nullptr;
  example.scores = fruit::score_example(tokenizer, {normalized_inputs, gold_targets, predicted_targets, evidence});
  Json out = fruit::example_json(example);
  out["gold_additions"] = fruit::joined_additions(normalized_inputs, gold_targets);
  out["predicted_additions"] = fruit::joined_additions(normalized_inputs, predicted_targets);
  out["unsupported_entities"] = example.scores.entities.unsupported_keys;
  return ok(out);
}

std::string signature(const std::string& options_json) {
  auto options = scoring_options(options_json);
  if (!options.ok()) return fail(options.error());
  return ok(fruit::signature(options.value()));
}

// Pulls text from a JavaScript object with read(): string | null, and
// name: string (a File read slice by slice in a worker, a Node file, or a
// string), so large files are never held whole in wasm memory.
class JsLineReader : public fruit::LineReader {
 public:
  explicit JsLineReader(val source) : source_(std::move(source)), name_(source_["name"].as<std::string>()) {}

  bool next_line(std::string& line) override {
    for (;;) {
      const size_t newline = buffer_.find('\n', start_);
      if (newline != std::string::npos) {
        line.assign(buffer_, start_, newline - start_);
        start_ = newline + 1;
        return true;
      }
      if (done_) {
        if (start_ >= buffer_.size()) return false;
        line.assign(buffer_, start_, std::string::npos);
        start_ = buffer_.size();
        return true;
      }
      buffer_.erase(0, start_);
      start_ = 0;
      const val chunk = source_.call<val>("read");
      if (chunk.isNull() || chunk.isUndefined()) {
        done_ = true;
      } else {
        buffer_ += chunk.as<std::string>();
      }
    }
  }
  std::string_view name() const override { return name_; }

 private:
  val source_;
  std::string name_;
  std::string buffer_;
  size_t start_ = 0;
  bool done_ = false;
};

// Scores two FRUIT files. on_example(json_line) gets each per-example line
// (as `fruitbench score --per-example` writes it), on_progress(n) every 1000
// examples; the result is the report of `fruitbench score --format json`,
// parsed and as text.
std::string evaluate(val gold, val predictions, const std::string& options_json, val on_example, val on_progress) {
  auto options = scoring_options(options_json);
  if (!options.ok()) return fail(options.error());
  JsLineReader gold_reader(std::move(gold)), prediction_reader(std::move(predictions));
  fruit::EvaluateCallbacks callbacks;
  if (!on_example.isNull() && !on_example.isUndefined()) {
    callbacks.on_example = [&](const fruit::ScoredExample& e) { on_example(fruit::example_json(e).dump()); };
  }
  if (!on_progress.isNull() && !on_progress.isUndefined()) {
    callbacks.on_progress = [&](size_t done) { on_progress(static_cast<double>(done)); };
  }
  auto evaluation = fruit::evaluate(gold_reader, prediction_reader, options.value(), callbacks);
  if (!evaluation.ok()) return fail(evaluation.error());
  const Json report = fruit::report_json(evaluation.value());
  // The text too: JavaScript prints numbers differently from the core, and
  // a downloaded report must equal `fruitbench score --format json`.
  return ok({{"report", report}, {"text", report.dump(2) + "\n"}});
}

// `fruitbench compare` over line sources: the gold file is read once per
// system (gold_a and gold_b are two sources over it). Options: {"stem",
// "method": "bootstrap" | "randomization", "resamples" (0: default), "seed"}.
std::string compare(val gold_a, val gold_b, val predictions_a, val predictions_b, const std::string& options_json) {
  auto parsed = parse_argument(options_json.empty() ? "{}" : options_json, "options");
  if (!parsed.ok()) return fail(parsed.error());
  const Json& o = parsed.value();
  if (!o.is_object()) return fail(fruit::Error("options must be an object"));
  fruit::SignificanceOptions options;
  fruit::ScoringOptions scoring;
  scoring.bootstrap_samples = 0;
  scoring.use_stemmer = o.contains("stem") && o["stem"].is_boolean() && o["stem"].get<bool>();
  if (o.contains("method")) {
    auto method = o["method"].is_string() ? fruit::parse_significance_method(o["method"].get<std::string>()) : std::nullopt;
    if (!method) return fail(fruit::Error("must be 'bootstrap' or 'randomization'", "", 0, "options.method"));
    options.method = *method;
  }
  for (const char* name : {"resamples", "seed"}) {
    if (!o.contains(name)) continue;
    if (!o[name].is_number_unsigned()) return fail(fruit::Error("must be a whole number", "", 0, std::string("options.") + name));
  }
  if (o.contains("resamples")) options.resamples = o["resamples"].get<size_t>();
  if (o.contains("seed")) options.seed = o["seed"].get<uint64_t>();
  std::vector<fruit::SystemRun> runs;
  for (auto [gold, predictions] : {std::pair{&gold_a, &predictions_a}, std::pair{&gold_b, &predictions_b}}) {
    JsLineReader gold_reader(*gold), prediction_reader(*predictions);
    auto run = fruit::run_system(gold_reader, prediction_reader, scoring);
    if (!run.ok()) return fail(run.error());
    runs.push_back(std::move(run.value()));
  }
  auto comparison = fruit::compare_systems(std::move(runs[0]), std::move(runs[1]), options);
  if (!comparison.ok()) return fail(comparison.error());
  const Json report = fruit::comparison_json(comparison.value());
  return ok({{"report", report}, {"text", report.dump(2) + "\n"}});
}

std::string validate(val gold, val predictions) {
  JsLineReader gold_reader(std::move(gold)), prediction_reader(std::move(predictions));
  auto validation = fruit::validate(gold_reader, prediction_reader);
  if (!validation.ok()) return fail(validation.error());
  Json problems = Json::array();
  for (const auto& p : validation.value().problems) {
    problems.push_back({{"message", p.message}, {"file", p.file}, {"line", p.line}, {"field", p.field},
                        {"text", p.to_string()}});
  }
  return ok({{"examples", validation.value().examples},
             {"edit5_predictions", validation.value().edit5_predictions},
             {"problems", problems}});
}


// ---------------------------------------------------------------------------
// The leaderboard (core/leaderboard.h): the Submit page makes and checks
// bundles with exactly the code `fruitbench leaderboard check` runs. Results
// are plain JSON objects, never exceptions: every error is data to show.

Json leaderboard_errors_json(const fruit::leaderboard::Errors& errors) {
  Json list = Json::array();
  for (const fruit::Error& e : errors) {
    list.push_back({{"file", e.file}, {"line", e.line}, {"field", e.field}, {"message", e.message},
                    {"text", e.to_string()}});
  }
  return list;
}

// The benchmark (its definition text, named "<id>.json" as in the
// repository) with its gold; the gold is named by the definition's path.
std::optional<fruit::leaderboard::BenchmarkData> leaderboard_benchmark(const std::string& benchmark_text,
                                                                       const std::string& gold_text,
                                                                       fruit::leaderboard::Errors& errors) {
  const Json definition = Json::parse(benchmark_text, nullptr, /*allow_exceptions=*/false);
  std::string id = "benchmark";
  std::string gold_file = "gold.jsonl";
  if (definition.is_object() && definition.contains("id") && definition["id"].is_string()) {
    id = definition["id"].get<std::string>();
  }
  if (definition.is_object() && definition.contains("gold") && definition["gold"].is_string()) {
    gold_file = definition["gold"].get<std::string>();
  }
  return fruit::leaderboard::load_benchmark(benchmark_text, id + ".json", gold_text, gold_file, errors);
}

std::string leaderboard_sha256(const std::string& text) { return fruit::sha256_hex(text); }

// {bundle, report, errors, warnings, side_predictions}; bundle "" and
// report null when there are errors.
std::string leaderboard_make_bundle(const std::string& benchmark, const std::string& gold,
                                    const std::string& predictions, const std::string& predictions_name,
                                    const std::string& system_json, const std::string& side_file) {
  fruit::leaderboard::Errors errors;
  Json out = Json::object();
  out["bundle"] = "";
  out["report"] = nullptr;
  auto data = leaderboard_benchmark(benchmark, gold, errors);
  const Json system = Json::parse(system_json, nullptr, /*allow_exceptions=*/false);
  if (data && !system.is_discarded()) {
    auto made = fruit::leaderboard::make_bundle(*data, predictions, predictions_name, system, side_file, errors);
    if (made) {
      out["bundle"] = made->bundle_text;
      out["report"] = made->report;
      out["side_predictions"] = made->side_predictions;
      out["warnings"] = leaderboard_errors_json(made->warnings);
    }
  } else if (system.is_discarded()) {
    errors.push_back(fruit::Error("is not valid JSON", "", 0, "system"));
  }
  out["errors"] = leaderboard_errors_json(errors);
  if (!out.contains("warnings")) out["warnings"] = Json::array();
  if (!out.contains("side_predictions")) out["side_predictions"] = "";
  return out.dump();
}

// {ok, errors, warnings, report}: report is the recomputed one whenever the
// predictions could be scored (even when a claimed number is wrong).
std::string leaderboard_check_bundle(const std::string& benchmark, const std::string& gold, const std::string& bundle,
                                     const std::string& file, val side_predictions) {
  fruit::leaderboard::Errors errors, warnings;
  Json report = nullptr;
  bool ok = false;
  auto data = leaderboard_benchmark(benchmark, gold, errors);
  if (data) {
    std::optional<std::string> side;
    if (!side_predictions.isNull() && !side_predictions.isUndefined()) side = side_predictions.as<std::string>();
    ok = fruit::leaderboard::check_bundle(*data, bundle, file, side ? &*side : nullptr, errors, &report, &warnings)
             .has_value();
  }
  Json out = Json::object();
  out["ok"] = ok && errors.empty();
  out["errors"] = leaderboard_errors_json(errors);
  out["warnings"] = leaderboard_errors_json(warnings);
  out["report"] = report;
  return out.dump();
}

// ---------------------------------------------------------------------------
// The editor model: tokenizer and step-wise constrained decoder (the network
// itself runs in ONNX Runtime, driven from JavaScript: web/js/model/runtime.mjs).
// Classes hold core objects; a constructor that can fail keeps its error,
// which error() returns as the usual JSON (wrapped as FruitbenchError).

std::vector<int32_t> ids_from(const val& array) { return emscripten::convertJSArrayToNumberVector<int32_t>(array); }

// A fresh Int32Array copy of ids (never a view into wasm memory, which moves).
val int32_array(const std::vector<int32_t>& ids) {
  val out = val::global("Int32Array").new_(ids.size());
  out.call<void>("set", val(emscripten::typed_memory_view(ids.size(), ids.data())));
  return out;
}

class JsTokenizer {
 public:
  explicit JsTokenizer(const std::string& json_text) {
    auto tokenizer = fruit::Tokenizer::from_json(json_text);
    if (tokenizer.ok()) {
      tokenizer_ = std::make_shared<fruit::Tokenizer>(std::move(tokenizer.value()));
    } else {
      error_ = fail(tokenizer.error());
    }
  }
  std::string error() const { return error_; }
  val encode(const std::string& text, bool add_eos) const { return int32_array(tokenizer_->encode(text, add_eos)); }
  std::string decode(val ids, bool skip_special) const { return tokenizer_->decode(ids_from(ids), skip_special); }
  int32_t id_of(const std::string& piece) const { return tokenizer_->id_of(piece); }
  std::string piece_of(int32_t id) const { return std::string(tokenizer_->piece_of(id)); }
  std::string token_text(int32_t id) const { return tokenizer_->token_text(id); }
  std::string info() const {
    int32_t copies = 0, references = 0;
    while (tokenizer_->copy_token_id(copies) >= 0) ++copies;
    while (tokenizer_->reference_token_id(references) >= 0) ++references;
    return ok({{"vocab_size", tokenizer_->vocab_size()},
               {"eos_id", tokenizer_->eos_id()},
               {"pad_id", tokenizer_->pad_id()},
               {"unk_id", tokenizer_->unk_id()},
               {"copy_tokens", copies},
               {"reference_tokens", references},
               {"byte_fallback", tokenizer_->byte_fallback()}});
  }
  const std::shared_ptr<fruit::Tokenizer>& get() const { return tokenizer_; }

 private:
  std::shared_ptr<fruit::Tokenizer> tokenizer_;
  std::string error_;
};

// The decoder's token roles from the tokenizer: EOS, pad (the decoder start
// token), copy tokens [n] and references (k) by number; every other added
// token (<pad>, <unk>, [CONTEXT], table markers) is forbidden; pieces give
// the text guard. logits_width is the model's vocab_size (the width of a
// logits row, which may exceed the tokenizer's).
fruit::decoding::TokenRoles roles_of(const fruit::Tokenizer& t, int32_t logits_width) {
  fruit::decoding::TokenRoles roles;
  roles.vocab_size = logits_width;
  roles.eos_id = t.eos_id();
  roles.pad_id = t.pad_id();
  for (int n = 0; t.copy_token_id(n) >= 0; ++n) roles.copy_token_ids.push_back(t.copy_token_id(n));
  for (int k = 0; t.reference_token_id(k) >= 0; ++k) roles.reference_token_ids.push_back(t.reference_token_id(k));
  const int32_t size = std::min(t.vocab_size(), logits_width);
  roles.pieces.resize(size);
  for (int32_t id = 0; id < size; ++id) {
    if (t.is_added_token(id)) {
      if (id != roles.eos_id && t.copy_index_of(id) < 0 && t.reference_index_of(id) < 0) {
        roles.forbidden_ids.push_back(id);
      }
      roles.pieces[id] = std::string(t.piece_of(id));
    } else {
      roles.pieces[id] = t.token_text(id);
    }
  }
  return roles;
}

class JsVocabulary {
 public:
  JsVocabulary(const JsTokenizer& tokenizer, int32_t logits_width) {
    if (!tokenizer.get()) {
      error_ = fail(fruit::Error("the tokenizer failed to load"));
      return;
    }
    tokenizer_ = tokenizer.get();
    auto vocabulary = fruit::decoding::Vocabulary::compile(roles_of(*tokenizer_, logits_width));
    if (vocabulary.ok()) {
      vocabulary_ = std::move(vocabulary.value());
    } else {
      error_ = fail(vocabulary.error());
    }
  }
  std::string error() const { return error_; }
  int32_t size() const { return vocabulary_->size(); }
  const std::shared_ptr<const fruit::decoding::Vocabulary>& get() const { return vocabulary_; }
  const std::shared_ptr<fruit::Tokenizer>& tokenizer() const { return tokenizer_; }

 private:
  std::shared_ptr<fruit::Tokenizer> tokenizer_;
  std::shared_ptr<const fruit::decoding::Vocabulary> vocabulary_;
  std::string error_;
};

fruit::Result<fruit::decoding::DecodeOptions> decode_options(const std::string& options_json) {
  auto parsed = parse_argument(options_json.empty() ? "{}" : options_json, "options");
  if (!parsed.ok()) return parsed.error();
  const Json& o = parsed.value();
  if (!o.is_object()) return fruit::Error("options must be an object");
  fruit::decoding::DecodeOptions options;
  const auto whole = [&](const char* name, size_t& target) -> bool {
    if (!o.contains(name)) return true;
    if (!o[name].is_number_unsigned()) return false;
    target = o[name].get<size_t>();
    return true;
  };
  for (auto [name, target] : {std::pair{"beams", &options.num_beams}, {"maxTokens", &options.max_tokens},
                              {"draftTokens", &options.draft_tokens}, {"draftNgramMax", &options.draft_ngram_max},
                              {"draftNgramMin", &options.draft_ngram_min}, {"noRepeatNgram", &options.no_repeat_ngram}}) {
    if (!whole(name, *target)) return fruit::Error("must be a whole number", "", 0, std::string("options.") + name);
  }
  if (o.contains("speculation")) {
    if (!o["speculation"].is_boolean()) return fruit::Error("must be true or false", "", 0, "options.speculation");
    if (!o["speculation"].get<bool>()) options.draft_tokens = 0;
  }
  if (o.contains("lengthPenalty")) {
    if (!o["lengthPenalty"].is_number()) return fruit::Error("must be a number", "", 0, "options.lengthPenalty");
    options.length_penalty = o["lengthPenalty"].get<double>();
  }
  if (o.contains("allowEmpty")) options.allow_empty = o["allowEmpty"].is_boolean() && o["allowEmpty"].get<bool>();
  if (o.contains("adaptiveDraft")) {
    options.adaptive_draft = o["adaptiveDraft"].is_boolean() && o["adaptiveDraft"].get<bool>();
  }
  if (o.contains("grounded")) {
    if (!o["grounded"].is_boolean()) return fruit::Error("must be true or false", "", 0, "options.grounded");
    options.grounded = o["grounded"].get<bool>();
  }
  if (o.contains("copyBias")) {
    if (!o["copyBias"].is_number()) return fruit::Error("must be a number", "", 0, "options.copyBias");
    options.copy_bias = o["copyBias"].get<float>();
  }
  if (o.contains("earlyStopping")) {
    const Json& e = o["earlyStopping"];
    if (e == "exact") {
      options.early_stopping = fruit::decoding::EarlyStopping::kExact;
    } else if (e == "heuristic" || e == false) {
      options.early_stopping = fruit::decoding::EarlyStopping::kHeuristic;
    } else if (e == "first" || e == true) {
      options.early_stopping = fruit::decoding::EarlyStopping::kFirst;
    } else {
      return fruit::Error("must be 'exact', 'heuristic' or 'first'", "", 0, "options.earlyStopping");
    }
  }
  return options;
}

// One input's decoding: new Decoder(vocabulary, optionsJson, inputs, inputIds)
// reads the sentence and evidence counts from the linearized `inputs`
// (outline_input) and takes the encoder's input ids (for drafting).
class JsDecoder {
 public:
  JsDecoder(const JsVocabulary& vocabulary, const std::string& options_json, const std::string& inputs,
            val input_ids) {
    if (!vocabulary.get()) {
      error_ = fail(fruit::Error("the vocabulary failed to compile"));
      return;
    }
    tokenizer_ = vocabulary.tokenizer();
    auto options = decode_options(options_json);
    if (!options.ok()) {
      error_ = fail(options.error());
      return;
    }
    auto outline = fruit::outline_input(inputs);
    if (!outline.ok()) {
      error_ = fail(outline.error());
      return;
    }
    sentences_ = outline.value().source_sentences.size();
    evidence_ = outline.value().evidence_count;
    auto decoder = fruit::decoding::Decoder::create(vocabulary.get(), options.value(), sentences_, evidence_,
                                                    ids_from(input_ids));
    if (decoder.ok()) {
      decoder_ = std::make_unique<fruit::decoding::Decoder>(std::move(decoder.value()));
    } else {
      error_ = fail(decoder.error());
    }
  }
  std::string error() const { return error_; }

  // {rows, width, tokens: Int32Array [rows x width], cache_rows: Int32Array, cache_length}
  val next_inputs() const {
    const auto& step = decoder_->next_inputs();
    val out = val::object();
    out.set("rows", static_cast<double>(step.rows));
    out.set("width", static_cast<double>(step.width));
    out.set("tokens", int32_array(step.tokens));
    out.set("cache_rows", int32_array(step.cache_rows));
    out.set("cache_length", static_cast<double>(step.cache_length));
    return out;
  }

  // logits: Float32Array [rows x width x vocab] of the pass just run. Copied
  // into wasm memory once (JavaScript cannot lend its memory to wasm).
  std::string advance(val logits) {
    const size_t n = logits["length"].as<size_t>();
    logits_.resize(n);
    val view(emscripten::typed_memory_view(n, logits_.data()));
    view.call<void>("set", logits);
    auto status = decoder_->advance(logits_);
    if (!status.ok()) return fail(status.error());
    return ok(nullptr);
  }

  bool done() const { return decoder_->done(); }

  val result_ids() const { return int32_array(decoder_->result()); }

  // {ids, text (EDIT5, special tokens skipped), hypotheses [{ids, text, score, ended_with_eos}], stats}
  std::string result() const {
    Json hypotheses = Json::array();
    for (const auto& h : decoder_->hypotheses()) {
      hypotheses.push_back({{"ids", h.tokens},
                            {"text", tokenizer_->decode(h.tokens, true)},
                            {"score", h.score},
                            {"sum_logprobs", h.sum_logprobs},
                            {"ended_with_eos", h.ended_with_eos}});
    }
    const auto ids = decoder_->result();
    return ok({{"ids", ids},
               {"text", tokenizer_->decode(ids, true)},
               {"done", decoder_->done()},
               {"hypotheses", hypotheses},
               {"sentences", sentences_},
               {"evidence", evidence_},
               {"stats", stats_json()}});
  }

  std::string stats() const { return ok(stats_json()); }

 private:
  Json stats_json() const {
    const auto& s = decoder_->stats();
    return {{"passes", s.passes},
            {"positions", s.positions},
            {"generated", s.generated},
            {"drafted", s.drafted},
            {"accepted", s.accepted},
            {"ungrounded", s.ungrounded}};
  }

  std::shared_ptr<fruit::Tokenizer> tokenizer_;
  std::unique_ptr<fruit::decoding::Decoder> decoder_;
  std::vector<float> logits_;
  size_t sentences_ = 0, evidence_ = 0;
  std::string error_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(fruitbench) {
  emscripten::function("version", &version);
  emscripten::function("normalize", &normalize);
  emscripten::function("additions", &additions);
  emscripten::function("checkEdit5", &check_edit5);
  emscripten::function("tokenize", &tokenize);
  emscripten::function("splitSentences", &split_sentences);
  emscripten::function("linearize", &linearize);
  emscripten::function("parseLinearized", &parse_linearized);
  emscripten::function("parseTable", &parse_table);
  emscripten::function("baseline", &baseline);
  emscripten::function("diff", &diff);
  emscripten::function("scoreExample", &score_example);
  emscripten::function("signature", &signature);
  emscripten::function("evaluate", &evaluate);
  emscripten::function("validate", &validate);
  emscripten::function("compare", &compare);
  emscripten::function("leaderboardSha256", &leaderboard_sha256);
  emscripten::function("leaderboardMakeBundle", &leaderboard_make_bundle);
  emscripten::function("leaderboardCheckBundle", &leaderboard_check_bundle);

  emscripten::class_<JsTokenizer>("Tokenizer")
      .constructor<std::string>()
      .function("error", &JsTokenizer::error)
      .function("encode", &JsTokenizer::encode)
      .function("decode", &JsTokenizer::decode)
      .function("idOf", &JsTokenizer::id_of)
      .function("pieceOf", &JsTokenizer::piece_of)
      .function("tokenText", &JsTokenizer::token_text)
      .function("info", &JsTokenizer::info);
  emscripten::class_<JsVocabulary>("Vocabulary")
      .constructor<const JsTokenizer&, int32_t>()
      .function("error", &JsVocabulary::error)
      .function("size", &JsVocabulary::size);
  emscripten::class_<JsDecoder>("Decoder")
      .constructor<const JsVocabulary&, std::string, std::string, val>()
      .function("error", &JsDecoder::error)
      .function("nextInputs", &JsDecoder::next_inputs)
      .function("advance", &JsDecoder::advance)
      .function("done", &JsDecoder::done)
      .function("resultIds", &JsDecoder::result_ids)
      .function("result", &JsDecoder::result)
      .function("stats", &JsDecoder::stats);
}
