#include "leaderboard.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "diff.h"
#include "diffqg.h"
#include "edit5.h"
#include "evaluate.h"
#include "linearize.h"
#include "normalize.h"
#include "report.h"
#include "sentences.h"
#include "sha256.h"
#include "significance.h"
#include "unicode.h"

namespace fruit::leaderboard {
namespace {

constexpr std::string_view kPredictionFields[] = {"id", "targets", "normalized_targets"};
constexpr std::string_view kLinkNames[] = {"paper", "code", "model_card"};
constexpr std::string_view kKinds[] = {"baseline", "model", "submission"};

bool is_prediction_field(std::string_view task, std::string_view key) {
  if (task == "diffqg") {
    return std::find(kDiffqgPredictionFields.begin(), kDiffqgPredictionFields.end(), key) != kDiffqgPredictionFields.end();
  }
  return std::find(std::begin(kPredictionFields), std::end(kPredictionFields), key) != std::end(kPredictionFields);
}

// Collects errors about one file.
class Reporter {
 public:
  Reporter(Errors& errors, std::string_view file) : errors_(errors), file_(file) {}
  void add(size_t line, std::string field, std::string message) {
    errors_.push_back(Error(std::move(message), file_, line, std::move(field)));
  }
  void at(std::string field, std::string message) { add(0, std::move(field), std::move(message)); }
  const std::string& file() const { return file_; }

 private:
  Errors& errors_;
  std::string file_;
};

// Lines as StringLineReader gives them: split at '\n', no final empty line.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return lines;
}

size_t char_count(std::string_view utf8) {
  size_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string in_quotes(std::string_view text) { return "'" + std::string(text) + "'"; }

std::string number_text(double value) { return Json(value).dump(); }

std::string code_point_text(char32_t c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string digits;
  for (uint32_t v = c; v > 0 || digits.size() < 4; v >>= 4) digits.insert(digits.begin(), kHex[v & 0xf]);
  return "U+" + digits;
}

// A control character, or an invisible character that reorders text
// (bidirectional overrides and isolates, "Trojan Source").
bool is_forbidden_char(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x2028 || c == 0x2029;
}

// Metadata is plain text: bounded, no control characters, no markup, no
// script URLs and no URLs at all outside system.links.
void check_plain_text(const std::string& text, size_t max_chars, bool allow_empty, const std::string& field,
                      Reporter& report) {
  if (!allow_empty && unicode::strip(text).empty()) {
    report.at(field, "must not be empty");
    return;
  }
  if (const size_t n = char_count(text); n > max_chars) {
    report.at(field, "is " + std::to_string(n) + " characters long; at most " + std::to_string(max_chars) +
                         " are allowed");
  }
  for (size_t pos = 0; pos < text.size();) {
    const char32_t c = unicode::decode(text, pos);
    if (is_forbidden_char(c)) {
      report.at(field, "contains the control character " + code_point_text(c) + ": metadata is plain text");
      break;
    }
  }
  if (text.find_first_of("<>") != std::string::npos) {
    report.at(field, "contains '<' or '>': metadata is plain text, HTML is not allowed");
  }
  const std::string lower = lower_ascii(text);
  if (lower.find("javascript:") != std::string::npos) {
    report.at(field, "contains 'javascript:': metadata is plain text");
  } else if (lower.find("://") != std::string::npos || lower.find("www.") != std::string::npos) {
    report.at(field, "contains a URL: links belong in system.links");
  }
}

void check_url(const std::string& url, const std::string& field, Reporter& report) {
  const std::string lower = lower_ascii(url);
  const size_t scheme = lower.rfind("https://", 0) == 0 ? 8 : lower.rfind("http://", 0) == 0 ? 7 : 0;
  if (scheme == 0) {
    report.at(field, "must be an https:// (or http://) URL");
    return;
  }
  if (url.size() == scheme || url[scheme] == '/' || url[scheme] == '.') {
    report.at(field, "has no host name after the scheme");
  }
  if (const size_t n = char_count(url); n > kMaxLinkChars) {
    report.at(field, "is " + std::to_string(n) + " characters long; at most " + std::to_string(kMaxLinkChars) +
                         " are allowed");
  }
  for (size_t pos = 0; pos < url.size();) {
    const char32_t c = unicode::decode(url, pos);
    if (is_forbidden_char(c) || unicode::is_space(c) || c == '<' || c == '>' || c == '"' || c == '\'' ||
        c == '`' || c == '\\') {
      report.at(field, "contains a space, quote, backslash, '<', '>' or control character");
      break;
    }
  }
}

bool is_valid_date(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  const int year = std::stoi(text.substr(0, 4)), month = std::stoi(text.substr(5, 2)),
            day = std::stoi(text.substr(8, 2));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

// Benchmark ids and file names: [A-Za-z0-9] first, then [A-Za-z0-9._-].
bool is_simple_name(std::string_view name, size_t max_chars) {
  if (name.empty() || name.size() > max_chars || !std::isalnum(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
  });
}

bool is_side_file_name(std::string_view name) {
  constexpr std::string_view kSuffix = ".pred.jsonl.gz";
  return name.size() > kSuffix.size() && name.substr(name.size() - kSuffix.size()) == kSuffix &&
         is_simple_name(name, 200);
}

std::string base_name(std::string_view path) {
  const size_t slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// What a field of a JSON object must be.
enum class Type { kString, kUnsigned, kArray, kObject, kNullableUnsigned };
struct FieldRule {
  std::string_view name;
  Type type;
  bool required;
};

bool has_type(const Json& value, Type type) {
  switch (type) {
    case Type::kString: return value.is_string();
    case Type::kUnsigned: return value.is_number_unsigned();
    case Type::kArray: return value.is_array();
    case Type::kObject: return value.is_object();
    case Type::kNullableUnsigned: return value.is_null() || value.is_number_unsigned();
  }
  return false;
}

std::string type_text(Type type) {
  switch (type) {
    case Type::kString: return "a string";
    case Type::kUnsigned: return "a whole number";
    case Type::kArray: return "a list";
    case Type::kObject: return "an object";
    case Type::kNullableUnsigned: return "a whole number or null";
  }
  return "";
}

std::string joined(std::string_view prefix, std::string_view name) {
  return prefix.empty() ? std::string(name) : std::string(prefix) + "." + std::string(name);
}

// Checks an object's fields against rules: unknown fields, missing required
// ones and wrong types are errors. True when every present field has its
// type (so callers may read them).
bool check_object(const Json& object, std::initializer_list<FieldRule> rules, std::string_view prefix,
                  Reporter& report) {
  if (!object.is_object()) {
    report.at(std::string(prefix), "must be an object, got " + std::string(object.type_name()));
    return false;
  }
  bool types_ok = true;
  for (const auto& item : object.items()) {
    const std::string& key = item.key();
    if (std::none_of(rules.begin(), rules.end(), [&](const FieldRule& r) { return r.name == key; })) {
      report.at(joined(prefix, key), "unknown field");
    }
  }
  for (const FieldRule& rule : rules) {
    const auto found = object.find(std::string(rule.name));
    if (found == object.end()) {
      if (rule.required) report.at(joined(prefix, rule.name), "missing (required)");
      continue;
    }
    if (!has_type(*found, rule.type)) {
      report.at(joined(prefix, rule.name),
                "must be " + type_text(rule.type) + ", got " + std::string(found->type_name()));
      types_ok = false;
    }
  }
  return types_ok;
}

std::string string_field(const Json& object, std::string_view name) {
  const auto found = object.find(std::string(name));
  return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
}

// A path in a definition: "<id>/<file>", inside the benchmark's own folder.
void check_benchmark_path(const std::string& path, const std::string& id, const std::string& field,
                          Reporter& report) {
  const std::string prefix = id + "/";
  const std::string rest = path.rfind(prefix, 0) == 0 ? path.substr(prefix.size()) : std::string();
  bool ok = !rest.empty() && rest.size() <= 200;
  size_t start = 0;
  while (ok && start <= rest.size()) {
    size_t end = rest.find('/', start);
    if (end == std::string::npos) end = rest.size();
    ok = is_simple_name(std::string_view(rest).substr(start, end - start), 200);
    start = end + 1;
  }
  if (!ok) {
    report.at(field, "must be a path inside the benchmark's folder, '" + prefix +
                         "<file>' (letters, digits, '.', '_', '-'; no '..')");
  }
}

// A whole file that must be one JSON object; its error goes to `errors`.
std::optional<Json> parse_json_document(std::string_view text, std::string_view file, Errors& errors) {
  auto json = parse_json_line(text, {file, 0});
  if (!json.ok()) {
    Error e = json.error();
    if (e.message.rfind("empty line", 0) == 0) e.message = "empty file: expected a JSON object";
    errors.push_back(std::move(e));
    return std::nullopt;
  }
  return std::move(json.value());
}

void check_system(const Json& system, Reporter& report) {
  const bool types_ok = check_object(system,
                                     {{"name", Type::kString, true},
                                      {"team", Type::kString, true},
                                      {"description", Type::kString, false},
                                      {"kind", Type::kString, true},
                                      {"parameters", Type::kNullableUnsigned, false},
                                      {"license", Type::kString, false},
                                      {"date", Type::kString, true},
                                      {"links", Type::kObject, false}},
                                     "system", report);
  if (!system.is_object()) return;
  (void)types_ok;
  const auto text = [&](const char* name, size_t max, bool allow_empty) {
    if (system.contains(name) && system[name].is_string()) {
      check_plain_text(system[name].get<std::string>(), max, allow_empty, std::string("system.") + name, report);
    }
  };
  text("name", kMaxNameChars, false);
  text("team", kMaxTeamChars, false);
  text("description", kMaxDescriptionChars, true);
  text("license", kMaxLicenseChars, true);
  if (system.contains("kind") && system["kind"].is_string()) {
    const std::string kind = system["kind"].get<std::string>();
    if (std::find(std::begin(kKinds), std::end(kKinds), kind) == std::end(kKinds)) {
      report.at("system.kind", "must be 'baseline', 'model' or 'submission', got " + in_quotes(kind));
    }
  }
  if (system.contains("date") && system["date"].is_string() && !is_valid_date(system["date"].get<std::string>())) {
    report.at("system.date", "must be a date YYYY-MM-DD, got " + in_quotes(system["date"].get<std::string>()));
  }
  if (system.contains("links") && system["links"].is_object()) {
    const Json& links = system["links"];
    for (const auto& [key, value] : links.items()) {
      const std::string field = "system.links." + key;
      if (std::find(std::begin(kLinkNames), std::end(kLinkNames), key) == std::end(kLinkNames)) {
        report.at(field, "unknown link: the links are 'paper', 'code' and 'model_card'");
      } else if (!value.is_string()) {
        report.at(field, "must be a string, got " + std::string(value.type_name()));
      } else {
        check_url(value.get<std::string>(), field, report);
      }
    }
  }
}

// Compares claimed numbers with recomputed ones, field by field.
void compare_scores(const Json& claimed, const Json& actual, const std::string& path, Reporter& report) {
  if (actual.is_object()) {
    if (!claimed.is_object()) {
      report.at(path, "must be an object, got " + std::string(claimed.type_name()));
      return;
    }
    for (const auto& [key, value] : actual.items()) {
      const auto found = claimed.find(key);
      if (found == claimed.end()) {
        report.at(path + "." + key, "missing (required)");
      } else {
        compare_scores(*found, value, path + "." + key, report);
      }
    }
    for (const auto& [key, value] : claimed.items()) {
      if (!actual.contains(key)) report.at(path + "." + key, "unknown field");
    }
  } else if (actual.is_null()) {
    if (!claimed.is_null()) report.at(path, "must be null: recomputed null (no bootstrap, or no example defines it)");
  } else if (actual.is_string()) {
    if (claimed != actual) {
      report.at(path, "is " + claimed.dump() + " but the benchmark's signature is " + actual.dump());
    }
  } else if (actual.is_number_integer()) {
    if (!claimed.is_number_integer() || claimed != actual) {
      report.at(path, "claimed " + claimed.dump() + " but recomputed " + actual.dump());
    }
  } else {
    if (!claimed.is_number()) {
      report.at(path, "must be a number, got " + std::string(claimed.type_name()));
      return;
    }
    const double c = claimed.get<double>(), a = actual.get<double>();
    if (!(std::fabs(c - a) <= kScoreTolerance)) {
      report.at(path, "claimed " + number_text(c) + " but recomputed " + number_text(a) + ": differs by " +
                          number_text(std::fabs(c - a)) + " (more than " + number_text(kScoreTolerance) + ")");
    }
  }
}

struct Scored {
  Json report;  // with warnings
  std::vector<double> primary_f;
  std::vector<size_t> primary_examples;
  std::vector<PredictionText> predictions;
};

Json without_warnings(Json report) {
  report.erase("warnings");
  return report;
}

// What a bundle's "scores" hold: the report without warnings and without
// FRUIT's corpus-level metrics, which the site shows from the recomputed
// report (so bundles made before they existed stay valid).
Json bundle_scores(Json report) {
  report.erase("corpus");
  return without_warnings(std::move(report));
}

size_t metric_index(std::string_view name) {
  return static_cast<size_t>(std::find(kMetricNames.begin(), kMetricNames.end(), name) - kMetricNames.begin());
}

// Validates prediction JSONL against the gold (fields, ids exactly once,
// sizes, EDIT5) and, when nothing is wrong, scores it.
std::optional<Scored> score_predictions(const BenchmarkData& data, const std::string& jsonl, std::string_view file,
                                        Errors& errors, Errors& warnings) {
  const size_t before = errors.size();
  Reporter report(errors, file);
  if (jsonl.size() > kMaxPredictionBytes) {
    report.at("", "the predictions are " + std::to_string(jsonl.size()) + " bytes; at most " +
                      std::to_string(kMaxPredictionBytes) + " (64 MiB) are allowed");
    return std::nullopt;
  }
  const size_t n = data.examples.size();
  std::unordered_map<std::string, size_t> gold_index;
  if (data.gold_has_ids) {
    for (size_t i = 0; i < n; ++i) gold_index.emplace(data.examples[i].key, i);
  }
  std::vector<size_t> predicted_on(n, 0);  // line of each example's prediction, 0: none
  std::vector<PredictionText> predictions(n);
  const auto lines = split_lines(jsonl);
  bool reported_extra = false, predictions_have_ids = false;
  for (size_t k = 0; k < lines.size(); ++k) {
    const size_t line = k + 1;
    const Location where{file, line};
    auto json = parse_json_line(lines[k], where);
    if (!json.ok()) {
      errors.push_back(json.error());
      continue;
    }
    const bool diffqg = data.benchmark.task == "diffqg";
    for (const auto& [key, value] : json.value().items()) {
      if (!is_prediction_field(data.benchmark.task, key)) {
        report.add(line, key, diffqg ? "unknown field: a prediction has 'id', 'change' and 'question'"
                                     : "unknown field: a prediction has 'id', 'targets' and/or 'normalized_targets'");
      }
    }
    Result<PredictionRecord> record = PredictionRecord{};
    if (diffqg) {
      auto id = parse_optional_id(json.value(), where);
      auto diffqg_record = parse_diffqg_prediction(json.value(), where);
      if (!id.ok()) {
        record = id.error();
      } else if (!diffqg_record.ok()) {
        record = diffqg_record.error();
      } else {
        record.value().id = std::move(id.value());
      }
    } else {
      record = parse_prediction(lines[k], where);
    }
    if (!record.ok()) {
      errors.push_back(record.error());
      continue;
    }
    const PredictionRecord& p = record.value();
    if (k == 0) predictions_have_ids = p.id.has_value();
    if (p.id.has_value() != predictions_have_ids) {
      report.add(line, "id", p.id ? "present here but missing on line 1: give every line an id, or none"
                                  : "missing here but present on line 1: give every line an id, or none");
      continue;
    }
    size_t index = n;
    if (data.gold_has_ids) {
      if (!p.id) {
        report.add(line, "id", "missing: the benchmark's gold has ids, so every prediction needs its id");
        continue;
      }
      const auto found = gold_index.find(p.id->key);
      if (found == gold_index.end()) {
        report.add(line, "id", in_quotes(p.id->key) + " is not an id of benchmark " + in_quotes(data.benchmark.id));
        continue;
      }
      index = found->second;
      if (predicted_on[index] != 0) {
        report.add(line, "id",
                   "duplicate id " + in_quotes(p.id->key) + " (also on line " + std::to_string(predicted_on[index]) + ")");
        continue;
      }
    } else {
      if (k >= n) {
        if (!reported_extra) {
          report.add(line, "", "more predictions than the " + std::to_string(n) +
                                   " gold examples (the gold has no ids: predictions are paired by line)");
        }
        reported_extra = true;
        continue;
      }
      index = k;
      if (p.id && p.id->key != std::to_string(k)) {
        report.add(line, "id", in_quotes(p.id->key) + ": the gold has no ids, so predictions are paired by line and " +
                                   "this line's id, if any, must be its 0-based number " + in_quotes(std::to_string(k)));
        continue;
      }
    }
    predicted_on[index] = line;
    const GoldExample& gold = data.examples[index];
    const size_t limit = kMaxPredictionFieldChars + 2 * char_count(gold.inputs);
    if (diffqg && json.value().contains("question") && json.value()["question"].is_string() &&
        char_count(json.value()["question"].get<std::string>()) > kMaxPredictionFieldChars) {
      report.add(line, "question", "is longer than " + std::to_string(kMaxPredictionFieldChars) + " characters");
    }
    for (const auto& [name, value] : {std::pair{"targets", &p.targets}, {"normalized_targets", &p.normalized_targets}}) {
      if (*value && char_count(**value) > limit) {
        report.add(line, name, "is " + std::to_string(char_count(**value)) + " characters long; at most " +
                                   std::to_string(limit) + " are allowed for this example (10,000 + twice its input)");
      }
    }
    if (p.targets) {
      auto outline = outline_input(gold.inputs);
      if (outline.ok()) {
        for (const Diagnostic& d : validate_edit5(parse_edit5(*p.targets), outline.value())) {
          Error e(d.code + " at byte " + std::to_string(d.offset + 1) + ": " + d.message, std::string(file), line,
                  "targets");
          // A "(number)" in generated text, such as a year copied from the
          // evidence, reads as a reference; the official normalization
          // removes it and the scores count that. Not a reason to reject.
          if (d.code == "missing-evidence") {
            warnings.push_back(std::move(e));
          } else {
            errors.push_back(std::move(e));
          }
        }
      }
    }
    predictions[index] = {p.targets, p.normalized_targets, diffqg ? json.value() : Json()};
  }
  if (data.gold_has_ids) {
    for (size_t i = 0; i < n; ++i) {
      if (predicted_on[i] == 0) {
        report.add(0, "id", "gold id " + in_quotes(data.examples[i].key) + " (line " +
                                std::to_string(data.examples[i].line) + " of " + data.benchmark.gold + ") has no prediction");
      }
    }
  } else if (lines.size() < n) {
    report.add(0, "", std::to_string(lines.size()) + " predictions for " + std::to_string(n) +
                          " gold examples: every gold line needs a prediction (paired by line)");
  }
  if (errors.size() > before) return std::nullopt;

  StringLineReader gold_reader(data.gold_text, data.gold_file);
  StringLineReader prediction_reader(jsonl, std::string(file));
  Scored scored;
  if (data.benchmark.task == "diffqg") {
    auto evaluation = evaluate_diffqg(gold_reader, prediction_reader, data.benchmark.options);
    if (!evaluation.ok()) {
      errors.push_back(evaluation.error());
      return std::nullopt;
    }
    const std::string& metric = data.benchmark.primary_metric;
    const bool human_only = metric.rfind("human_", 0) == 0;
    const std::string base = human_only ? metric.substr(6) : metric;
    for (size_t i = 0; i < evaluation.value().examples.size(); ++i) {
      const DiffqgScores& e = evaluation.value().examples[i].scores;
      if (!e.gold_change || (human_only && !e.human)) continue;
      scored.primary_f.push_back(base == "qg_rouge1" ? *e.qg_rouge1 : base == "qg_rougeL" ? *e.qg_rougeL
                                 : base == "full_rouge1" ? *e.full_rouge1 : *e.full_rougeL);
      scored.primary_examples.push_back(i);
    }
    scored.report = diffqg_report_json(evaluation.value());
    scored.report["warnings"] = Json::array();
    scored.predictions = std::move(predictions);
    return scored;
  }
  const size_t primary = metric_index(data.benchmark.primary_metric);
  EvaluateCallbacks callbacks;
  callbacks.on_example = [&](const ScoredExample& e) {
    scored.primary_examples.push_back(scored.primary_f.size());
    scored.primary_f.push_back(e.scores.metrics[primary].fmeasure);
  };
  auto evaluation = evaluate(gold_reader, prediction_reader, data.benchmark.options, callbacks);
  if (!evaluation.ok()) {
    errors.push_back(evaluation.error());
    return std::nullopt;
  }
  scored.report = report_json(evaluation.value());
  scored.predictions = std::move(predictions);
  return scored;
}

// Pretty JSON with each prediction line compact on its own line (readable
// diffs in pull requests). `lines_text` replaces the empty "lines" list.
std::string bundle_text(const Json& bundle, const std::vector<Json>& lines) {
  std::string text = bundle.dump(2);
  if (!bundle["predictions"].contains("lines")) return text + "\n";
  const std::string placeholder = "\"lines\": []";
  const size_t at = text.find(placeholder);
  std::string list = "\"lines\": [";
  for (size_t i = 0; i < lines.size(); ++i) list += (i ? ",\n      " : "\n      ") + lines[i].dump();
  list += lines.empty() ? "]" : "\n    ]";
  text.replace(at, placeholder.size(), list);
  return text + "\n";
}

// The highlighted-edits HTML of an update of `inputs`.
std::string diff_html(const ParsedInput& input, const std::string& inputs, const PredictionText& prediction) {
  std::vector<UpdatedSentence> updated;
  bool as_edit5 = prediction.targets.has_value();
  if (as_edit5 && prediction.normalized_targets) {
    // Both given: the scored text is normalized_targets; show the EDIT5
    // (with its references) only when it says the same.
    auto normalized = normalize(inputs, *prediction.targets);
    as_edit5 = normalized.ok() && normalized.value().edited == *prediction.normalized_targets;
  }
  if (as_edit5) {
    const std::vector<std::string_view> views(input.sentences.begin(), input.sentences.end());
    updated = updated_from_edit5(parse_edit5(*prediction.targets), views);
  } else {
    updated = updated_from_text(split_sentences(prediction.normalized_targets.value_or("")), input.sentences);
  }
  return HtmlDiffFormatter().format(diff_update(input.sentences, updated));
}

Json evidence_json(const ParsedInput& input) {
  Json list = Json::array();
  for (const ParsedEvidence& e : input.evidence) {
    Json item = Json::object();
    item["index"] = e.index;
    item["title"] = e.display_title;
    item["text"] = e.body;
    if (e.table) {
      item["table"] = {{"section", e.section}, {"caption", e.table->caption}, {"header", e.table->header},
                       {"rows", e.table->rows}};
    } else {
      item["table"] = nullptr;
    }
    list.push_back(std::move(item));
  }
  return list;
}

}  // namespace

bool is_prf_metric_name(std::string_view name) {
  return std::find(kMetricNames.begin(), kMetricNames.end(), name) != kMetricNames.end();
}

bool is_metric_name(std::string_view name) { return is_prf_metric_name(name) || name == "exact_match"; }

bool is_task_name(std::string_view task) { return task == "fruit" || task == "diffqg"; }

bool is_task_metric_name(std::string_view task, std::string_view name) {
  return task == "diffqg" ? is_diffqg_figure(name) : is_metric_name(name);
}

bool is_task_primary_metric_name(std::string_view task, std::string_view name) {
  if (task != "diffqg") return is_prf_metric_name(name);
  const std::string_view base = name.rfind("human_", 0) == 0 ? name.substr(6) : name;
  return base == "qg_rouge1" || base == "qg_rougeL" || base == "full_rouge1" || base == "full_rougeL";
}

double mean_value(const Json& mean, std::string_view metric) {
  const auto found = mean.find(std::string(metric));
  if (found == mean.end()) return -1;
  if (found->is_number()) return found->get<double>();
  if (found->is_object() && found->contains("fmeasure") && (*found)["fmeasure"].is_number()) {
    return (*found)["fmeasure"].get<double>();
  }
  return -1;
}

std::optional<Benchmark> parse_benchmark(std::string_view text, std::string_view file, Errors& errors) {
  const size_t before = errors.size();
  Reporter report(errors, file);
  const auto parsed = parse_json_document(text, file, errors);
  if (!parsed) return std::nullopt;
  const Json& j = *parsed;
  check_object(j,
               {{"format", Type::kString, true},
                {"id", Type::kString, true},
                {"name", Type::kString, true},
                {"task", Type::kString, true},
                {"description", Type::kString, false},
                {"gold", Type::kString, true},
                {"inputs", Type::kString, false},
                {"gold_sha256", Type::kString, true},
                {"n", Type::kUnsigned, true},
                {"metrics", Type::kArray, true},
                {"primary_metric", Type::kString, true},
                {"signature", Type::kString, true},
                {"license", Type::kString, false},
                {"url", Type::kString, false}},
               "", report);
  Benchmark b;
  b.json = j;
  const std::string format = string_field(j, "format");
  if (j.contains("format") && format != kBenchmarkFormat) {
    report.at("format", "must be " + in_quotes(kBenchmarkFormat) + ", got " + j["format"].dump());
  }
  b.id = string_field(j, "id");
  if (j.contains("id") && !is_simple_name(b.id, kMaxIdChars)) {
    report.at("id", "must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit");
  } else if (j.contains("id") && base_name(file) != b.id + ".json") {
    report.at("id", in_quotes(b.id) + " does not match the file name: the definition must be named " +
                        in_quotes(b.id + ".json"));
  }
  b.name = string_field(j, "name");
  if (j.contains("name")) check_plain_text(b.name, kMaxNameChars, false, "name", report);
  b.task = string_field(j, "task");
  if (j.contains("task") && !is_task_name(b.task)) report.at("task", "must be 'fruit' or 'diffqg', got " + j["task"].dump());
  b.description = string_field(j, "description");
  check_plain_text(b.description, kMaxDescriptionChars, true, "description", report);
  b.gold = string_field(j, "gold");
  if (j.contains("gold")) check_benchmark_path(b.gold, b.id, "gold", report);
  b.inputs = string_field(j, "inputs");
  if (j.contains("inputs")) check_benchmark_path(b.inputs, b.id, "inputs", report);
  b.gold_sha256 = string_field(j, "gold_sha256");
  if (j.contains("gold_sha256") && !is_sha256_hex(b.gold_sha256)) {
    report.at("gold_sha256", "must be 64 lowercase hex digits");
  }
  if (j.contains("n") && j["n"].is_number_unsigned()) {
    b.n = j["n"].get<size_t>();
    if (b.n == 0) report.at("n", "must be at least 1");
  }
  if (j.contains("metrics") && j["metrics"].is_array()) {
    for (const Json& m : j["metrics"]) {
      if (!m.is_string() || !is_task_metric_name(b.task, m.get<std::string>())) {
        report.at("metrics", m.dump() + (b.task == "diffqg"
                                             ? " is not a DiffQG metric (change_accuracy, change_precision, change_recall, "
                                               "change_f1, qg_rouge1, qg_rougeL, full_rouge1, full_rougeL, and each "
                                               "prefixed human_)"
                                             : " is not a metric (update_rouge1, update_rouge2, update_rougeLsum, rouge1, "
                                               "rouge2, rougeL, exact_match)"));
      } else if (std::find(b.metrics.begin(), b.metrics.end(), m.get<std::string>()) != b.metrics.end()) {
        report.at("metrics", m.dump() + " is listed twice");
      } else {
        b.metrics.push_back(m.get<std::string>());
      }
    }
    if (j["metrics"].empty()) report.at("metrics", "must list at least the primary metric");
  }
  b.primary_metric = string_field(j, "primary_metric");
  if (j.contains("primary_metric") && j["primary_metric"].is_string()) {
    if (!is_task_primary_metric_name(b.task, b.primary_metric)) {
      report.at("primary_metric", in_quotes(b.primary_metric) + (b.task == "diffqg"
                                                                     ? " is not a per-example DiffQG ROUGE figure"
                                                                     : " is not a precision/recall/F metric"));
    } else if (std::find(b.metrics.begin(), b.metrics.end(), b.primary_metric) == b.metrics.end()) {
      report.at("primary_metric", in_quotes(b.primary_metric) + " is not in metrics");
    }
  }
  b.signature = string_field(j, "signature");
  if (j.contains("signature") && j["signature"].is_string()) {
    const bool diffqg = b.task == "diffqg";
    if (auto options = diffqg ? parse_diffqg_signature(b.signature) : parse_signature(b.signature)) {
      b.options = *options;
    } else {
      report.at("signature", in_quotes(b.signature) + (diffqg ? " is not a DiffQG signature" : " is not a signature") +
                                 " of fruitbench " + std::string(kVersion) + " (for example " +
                                 in_quotes(diffqg ? diffqg_signature(ScoringOptions{}) : signature(ScoringOptions{})) + ")");
    }
  }
  b.license = string_field(j, "license");
  check_plain_text(b.license, kMaxLicenseChars, true, "license", report);
  b.url = string_field(j, "url");
  if (j.contains("url") && j["url"].is_string()) check_url(b.url, "url", report);
  if (errors.size() > before) return std::nullopt;
  return b;
}

std::optional<std::vector<GoldExample>> parse_gold_file(std::string_view text, std::string_view file,
                                                        bool& has_ids, Errors& errors) {
  const size_t before = errors.size();
  Reporter report(errors, file);
  std::vector<GoldExample> examples;
  std::unordered_map<std::string, size_t> first_line;
  const auto lines = split_lines(text);
  if (lines.empty()) report.at("", "no examples: the file is empty");
  has_ids = false;
  for (size_t k = 0; k < lines.size(); ++k) {
    const size_t line = k + 1;
    auto record = parse_gold(lines[k], {file, line});
    if (!record.ok()) {
      errors.push_back(record.error());
      continue;
    }
    GoldRecord& g = record.value();
    if (k == 0) has_ids = g.id.has_value();
    if (g.id.has_value() != has_ids) {
      report.add(line, "id", g.id ? "present here but missing on line 1: give every line an id, or none"
                                  : "missing here but present on line 1: give every line an id, or none");
      continue;
    }
    GoldExample e;
    e.line = line;
    e.key = g.id ? g.id->key : std::to_string(k);
    e.id = g.id ? g.id->value : Json(e.key);
    if (auto [at, inserted] = first_line.emplace(e.key, line); !inserted) {
      report.add(line, "id", "duplicate id " + in_quotes(e.key) + " (also on line " + std::to_string(at->second) + ")");
      continue;
    }
    if (auto outline = outline_input(g.inputs); !outline.ok()) {
      report.add(line, "inputs", outline.error().message);
      continue;
    }
    e.inputs = std::move(g.inputs);
    e.targets = std::move(g.targets);
    examples.push_back(std::move(e));
  }
  if (errors.size() > before) return std::nullopt;
  return examples;
}

namespace {

// A DiffQG gold file, checked as parse_gold_file checks a FRUIT one.
std::optional<std::vector<GoldExample>> parse_diffqg_gold_file(std::string_view text, std::string_view file,
                                                               Errors& errors) {
  const size_t before = errors.size();
  Reporter report(errors, file);
  std::vector<GoldExample> examples;
  std::unordered_map<std::string, size_t> first_line;
  const auto lines = split_lines(text);
  if (lines.empty()) report.at("", "no examples: the file is empty");
  for (size_t k = 0; k < lines.size(); ++k) {
    const Location where{file, k + 1};
    auto json = parse_json_line(lines[k], where);
    auto id = json.ok() ? parse_optional_id(json.value(), where) : Result<std::optional<RecordId>>(json.error());
    if (!id.ok()) {
      errors.push_back(id.error());
      continue;
    }
    if (!id.value()) {
      report.add(k + 1, "id", "missing (required: every DiffQG line has an id)");
      continue;
    }
    if (auto gold = parse_diffqg_gold(json.value(), where); !gold.ok()) {
      errors.push_back(gold.error());
      continue;
    }
    GoldExample e;
    e.line = k + 1;
    e.key = id.value()->key;
    e.id = id.value()->value;
    if (auto [at, inserted] = first_line.emplace(e.key, e.line); !inserted) {
      report.add(e.line, "id", "duplicate id " + in_quotes(e.key) + " (also on line " + std::to_string(at->second) + ")");
      continue;
    }
    e.record = std::move(json.value());
    examples.push_back(std::move(e));
  }
  if (errors.size() > before) return std::nullopt;
  return examples;
}

std::optional<std::vector<GoldExample>> parse_task_gold_file(std::string_view task, std::string_view text,
                                                             std::string_view file, bool& has_ids, Errors& errors) {
  if (task != "diffqg") return parse_gold_file(text, file, has_ids, errors);
  has_ids = true;
  return parse_diffqg_gold_file(text, file, errors);
}

// The inputs of a DiffQG benchmark: the gold lines without "question" and "label".
void check_diffqg_inputs(const std::vector<GoldExample>& examples, const std::vector<std::string_view>& lines,
                         std::string_view inputs_file, Errors& errors) {
  Reporter report(errors, inputs_file);
  for (size_t k = 0; k < std::min(lines.size(), examples.size()); ++k) {
    auto json = parse_json_line(lines[k], {inputs_file, k + 1});
    if (!json.ok()) {
      errors.push_back(json.error());
      continue;
    }
    const GoldExample& g = examples[k];
    for (const char* field : {"id", "base", "target", "answer"}) {
      if (!json.value().contains(field) || json.value()[field] != g.record[field]) {
        report.add(k + 1, field, "differs from line " + std::to_string(k + 1) +
                                     " of the gold: the inputs are the gold's id, base, target and answer, line for line");
      }
    }
    for (const auto& [key, value] : json.value().items()) {
      if (key != "id" && key != "base" && key != "target" && key != "answer") {
        report.add(k + 1, key, "unknown field: inputs have only id, base, target and answer");
      }
    }
  }
}

}  // namespace

std::optional<BenchmarkData> load_benchmark(std::string_view definition_text, std::string_view definition_file,
                                            std::string gold_text, std::string_view gold_file, Errors& errors) {
  const size_t before = errors.size();
  auto benchmark = parse_benchmark(definition_text, definition_file, errors);
  if (!benchmark) return std::nullopt;
  Reporter report(errors, gold_file);
  const std::string sha = sha256_hex(gold_text);
  if (sha != benchmark->gold_sha256) {
    report.at("", "sha256 is " + sha + " but " + std::string(definition_file) + " says " + benchmark->gold_sha256 +
                      ": not the benchmark's gold file");
    return std::nullopt;
  }
  BenchmarkData data;
  auto examples = parse_task_gold_file(benchmark->task, gold_text, gold_file, data.gold_has_ids, errors);
  if (!examples) return std::nullopt;
  if (examples->size() != benchmark->n) {
    report.at("", "has " + std::to_string(examples->size()) + " examples but " + std::string(definition_file) +
                      " says n = " + std::to_string(benchmark->n));
  }
  if (errors.size() > before) return std::nullopt;
  data.benchmark = std::move(*benchmark);
  data.definition_file = std::string(definition_file);
  data.gold_file = std::string(gold_file);
  data.gold_text = std::move(gold_text);
  data.examples = std::move(*examples);
  return data;
}

std::optional<std::string> make_benchmark(const BenchmarkSpec& spec, std::string_view gold_text,
                                          std::string_view gold_file, const std::string* inputs_text,
                                          std::string_view inputs_file, Errors& errors) {
  const size_t before = errors.size();
  bool has_ids = false;
  if (!is_task_name(spec.task)) {
    errors.push_back(Error("task must be 'fruit' or 'diffqg', got " + in_quotes(spec.task)));
    return std::nullopt;
  }
  const bool diffqg = spec.task == "diffqg";
  auto examples = parse_task_gold_file(spec.task, gold_text, gold_file, has_ids, errors);
  if (examples && inputs_text && diffqg) {
    const auto lines = split_lines(*inputs_text);
    if (lines.size() != examples->size()) {
      Reporter(errors, inputs_file).at("", "has " + std::to_string(lines.size()) + " lines but the gold has " +
                                               std::to_string(examples->size()) + ": the inputs must be the gold's, line for line");
    }
    check_diffqg_inputs(*examples, lines, inputs_file, errors);
  } else if (examples && inputs_text) {
    Reporter report(errors, inputs_file);
    const auto lines = split_lines(*inputs_text);
    if (lines.size() != examples->size()) {
      report.at("", "has " + std::to_string(lines.size()) + " lines but the gold has " +
                        std::to_string(examples->size()) + ": the inputs must be the gold's, line for line");
    }
    for (size_t k = 0; k < std::min(lines.size(), examples->size()); ++k) {
      auto input = parse_input(lines[k], {inputs_file, k + 1});
      if (!input.ok()) {
        errors.push_back(input.error());
        continue;
      }
      const GoldExample& g = (*examples)[k];
      const std::string key = input.value().id ? input.value().id->key : std::to_string(k);
      if (input.value().id.has_value() != has_ids || key != g.key) {
        report.add(k + 1, "id", "does not match line " + std::to_string(k + 1) + " of the gold (id " + in_quotes(g.key) +
                                    "): the inputs must be the gold's, line for line");
      } else if (input.value().inputs != g.inputs) {
        report.add(k + 1, "inputs", "differs from the gold's inputs on the same line");
      }
    }
  }
  if (!examples || errors.size() > before) return std::nullopt;
  Json j = Json::object();
  j["format"] = kBenchmarkFormat;
  j["id"] = spec.id;
  j["name"] = spec.name;
  j["task"] = spec.task;
  j["description"] = spec.description;
  j["gold"] = spec.id + "/gold.jsonl";
  if (inputs_text) j["inputs"] = spec.id + "/inputs.jsonl";
  j["gold_sha256"] = sha256_hex(gold_text);
  j["n"] = examples->size();
  Json metrics = Json::array();
  if (diffqg) {
    for (const std::string& name : diffqg_figure_names()) metrics.push_back(name);
  } else {
    for (auto name : kMetricNames) metrics.push_back(name);
    metrics.push_back("exact_match");
  }
  j["metrics"] = std::move(metrics);
  j["primary_metric"] = spec.primary_metric;
  j["signature"] = diffqg ? diffqg_signature(spec.options) : signature(spec.options);
  if (!spec.license.empty()) j["license"] = spec.license;
  if (!spec.url.empty()) j["url"] = spec.url;
  std::string text = j.dump(2) + "\n";
  // The definition must pass its own checks (id, name, primary metric...).
  if (!parse_benchmark(text, spec.id + ".json", errors)) return std::nullopt;
  return text;
}

BundleRefs bundle_refs(std::string_view bundle_text) {
  BundleRefs refs;
  const Json j = Json::parse(bundle_text.begin(), bundle_text.end(), nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return refs;
  refs.benchmark = string_field(j, "benchmark");
  if (j.contains("predictions") && j["predictions"].is_object()) refs.predictions_file = string_field(j["predictions"], "file");
  return refs;
}

std::optional<Submission> check_bundle(const BenchmarkData& data, std::string_view text, std::string_view file,
                                       const std::string* side_predictions, Errors& errors, Json* report_out,
                                       Errors* warnings) {
  Errors ignored_warnings;
  Errors& warning_list = warnings ? *warnings : ignored_warnings;
  const size_t before = errors.size();
  Reporter report(errors, file);
  if (text.size() > kMaxBundleBytes) {
    report.at("", "the bundle is " + std::to_string(text.size()) + " bytes; at most " +
                      std::to_string(kMaxBundleBytes) + " (4 MiB) are allowed: larger predictions go beside it in a "
                      ".pred.jsonl.gz file");
    return std::nullopt;
  }
  const auto parsed = parse_json_document(text, file, errors);
  if (!parsed) return std::nullopt;
  const Json& b = *parsed;
  check_object(b,
               {{"format", Type::kString, true},
                {"benchmark", Type::kString, true},
                {"system", Type::kObject, true},
                {"predictions", Type::kObject, true},
                {"fruitbench", Type::kObject, true},
                {"scores", Type::kObject, true}},
               "", report);
  if (b.contains("format") && b["format"] != kSubmissionFormat) {
    report.at("format", "must be " + in_quotes(kSubmissionFormat) + ", got " + b["format"].dump());
  }
  if (b.contains("benchmark") && b["benchmark"] != data.benchmark.id) {
    report.at("benchmark", "is " + b["benchmark"].dump() + " but is checked against " + in_quotes(data.benchmark.id));
  }
  if (b.contains("system")) check_system(b["system"], report);
  if (b.contains("fruitbench") && b["fruitbench"].is_object()) {
    const Json& f = b["fruitbench"];
    check_object(f, {{"version", Type::kString, true}, {"signature", Type::kString, true}}, "fruitbench", report);
    if (f.contains("signature") && f["signature"].is_string() && f["signature"] != data.benchmark.signature) {
      report.at("fruitbench.signature", "is " + f["signature"].dump() + " but the benchmark's signature is " +
                                            in_quotes(data.benchmark.signature));
    }
  }

  // The predictions, as JSONL text: embedded lines or the side file.
  std::optional<std::string> jsonl;
  std::string predictions_name(file);
  if (b.contains("predictions") && b["predictions"].is_object()) {
    const Json& p = b["predictions"];
    check_object(p, {{"sha256", Type::kString, true}, {"lines", Type::kArray, false}, {"file", Type::kString, false}},
                 "predictions", report);
    const bool has_lines = p.contains("lines") && p["lines"].is_array();
    const bool has_file = p.contains("file") && p["file"].is_string();
    if (p.contains("lines") == p.contains("file")) {
      report.at("predictions", "needs either 'lines' (embedded) or 'file' (a .pred.jsonl.gz beside the bundle)");
    } else if (has_lines) {
      std::string text_lines;
      for (const Json& line : p["lines"]) text_lines += line.dump() + "\n";
      if (text_lines.size() > kMaxEmbeddedPredictionBytes) {
        report.at("predictions.lines", std::to_string(text_lines.size()) + " bytes of predictions; over " +
                                           std::to_string(kMaxEmbeddedPredictionBytes) +
                                           " (1 MiB) they go beside the bundle in a .pred.jsonl.gz file");
      }
      jsonl = std::move(text_lines);
    } else if (has_file) {
      const std::string side = p["file"].get<std::string>();
      predictions_name = side;
      if (!is_side_file_name(side)) {
        report.at("predictions.file", "must be a file name beside the bundle ending in .pred.jsonl.gz");
      } else if (!side_predictions) {
        report.at("predictions.file", in_quotes(side) + " was not found beside the bundle");
      } else {
        jsonl = *side_predictions;
      }
    }
    if (jsonl && p.contains("sha256") && p["sha256"].is_string()) {
      const std::string sha = sha256_hex(*jsonl);
      if (sha != p["sha256"]) {
        report.at("predictions.sha256", "is " + p["sha256"].dump() + " but the predictions' sha256 is " + in_quotes(sha));
      }
    }
  }
  std::optional<Scored> scored;
  if (jsonl) scored = score_predictions(data, *jsonl, predictions_name, errors, warning_list);
  if (scored) {
    if (report_out) *report_out = scored->report;
    if (b.contains("scores")) compare_scores(b["scores"], bundle_scores(scored->report), "scores", report);
  }
  if (errors.size() > before || !scored) return std::nullopt;
  Submission s;
  s.file = base_name(file);
  s.benchmark = data.benchmark.id;
  s.system = b["system"];
  s.scores = without_warnings(scored->report);
  s.primary_f = std::move(scored->primary_f);
  s.primary_examples = std::move(scored->primary_examples);
  s.predictions = std::move(scored->predictions);
  return s;
}

std::optional<MadeBundle> make_bundle(const BenchmarkData& data, std::string_view predictions_jsonl,
                                      std::string_view predictions_file, const Json& system,
                                      std::string_view side_file, Errors& errors) {
  const size_t before = errors.size();
  Reporter report(errors, "");
  check_system(system, report);
  Reporter prediction_report(errors, predictions_file);
  if (predictions_jsonl.size() > kMaxPredictionBytes) {
    prediction_report.at("", "the predictions are " + std::to_string(predictions_jsonl.size()) +
                                 " bytes; at most " + std::to_string(kMaxPredictionBytes) + " (64 MiB) are allowed");
    return std::nullopt;
  }
  // Known fields only, in their order; one compact line each.
  std::vector<Json> lines;
  std::string canonical;
  const auto raw_lines = split_lines(predictions_jsonl);
  for (size_t k = 0; k < raw_lines.size(); ++k) {
    auto json = parse_json_line(raw_lines[k], {predictions_file, k + 1});
    if (!json.ok()) {
      errors.push_back(json.error());
      continue;
    }
    Json line = Json::object();
    for (const auto& [key, value] : json.value().items()) {
      if (is_prediction_field(data.benchmark.task, key)) line[key] = value;
    }
    canonical += line.dump() + "\n";
    lines.push_back(std::move(line));
  }
  if (!side_file.empty() && !is_side_file_name(side_file)) {
    report.at("predictions.file", "must be a file name ending in .pred.jsonl.gz");
  } else if (side_file.empty() && canonical.size() > kMaxEmbeddedPredictionBytes) {
    prediction_report.at("", std::to_string(canonical.size()) + " bytes of predictions; over " +
                                 std::to_string(kMaxEmbeddedPredictionBytes) +
                                 " (1 MiB) they go beside the bundle in a .pred.jsonl.gz file (name it with 'file')");
  }
  // Every problem is reported: the predictions are checked even when the
  // metadata is wrong, unless a line could not be read at all.
  if (lines.size() != raw_lines.size()) return std::nullopt;
  MadeBundle made;
  auto scored = score_predictions(data, canonical, predictions_file, errors, made.warnings);
  if (!scored || errors.size() > before) return std::nullopt;

  Json bundle = Json::object();
  bundle["format"] = kSubmissionFormat;
  bundle["benchmark"] = data.benchmark.id;
  bundle["system"] = system;
  Json predictions = Json::object();
  predictions["sha256"] = sha256_hex(canonical);
  if (side_file.empty()) {
    predictions["lines"] = Json::array();
  } else {
    predictions["file"] = side_file;
  }
  bundle["predictions"] = std::move(predictions);
  bundle["fruitbench"] = {{"version", kVersion}, {"signature", data.benchmark.signature}};
  bundle["scores"] = bundle_scores(scored->report);
  made.bundle_text = bundle_text(bundle, lines);
  made.report = std::move(scored->report);
  if (!side_file.empty()) made.side_predictions = std::move(canonical);
  return made;
}

SiteData build_site_data(const std::vector<const BenchmarkData*>& benchmarks,
                         const std::vector<Submission>& submissions) {
  std::vector<const BenchmarkData*> sorted(benchmarks);
  std::sort(sorted.begin(), sorted.end(),
            [](const BenchmarkData* a, const BenchmarkData* b) { return a->benchmark.id < b->benchmark.id; });
  SiteData site;
  site.leaderboard = Json::object();
  site.leaderboard["generated_by"] = "fruitbench " + std::string(kVersion);
  Json list = Json::array();
  for (const BenchmarkData* data : sorted) {
    const Benchmark& b = data->benchmark;
    const size_t primary = metric_index(b.primary_metric);
    (void)primary;
    std::vector<const Submission*> rows;
    for (const Submission& s : submissions) {
      if (s.benchmark == b.id) rows.push_back(&s);
    }
    const auto primary_mean = [&](const Submission* s) { return mean_value(s->scores["mean"], b.primary_metric); };
    const auto name_of = [](const Submission* s) { return s->system["name"].get<std::string>(); };
    std::sort(rows.begin(), rows.end(), [&](const Submission* x, const Submission* y) {
      const double fx = primary_mean(x), fy = primary_mean(y);
      if (fx != fy) return fx > fy;
      if (name_of(x) != name_of(y)) return name_of(x) < name_of(y);
      return x->file < y->file;
    });

    Json entry = Json::object();
    entry["id"] = b.id;
    entry["task"] = b.task;
    entry["name"] = b.name;
    entry["description"] = b.description;
    entry["n"] = b.n;
    entry["metrics"] = b.metrics;
    entry["primary_metric"] = b.primary_metric;
    entry["signature"] = b.signature;
    entry["license"] = b.license.empty() ? Json(nullptr) : Json(b.license);
    entry["url"] = b.url.empty() ? Json(nullptr) : Json(b.url);
    entry["definition"] = "benchmarks/" + b.id + ".json";
    entry["gold"] = "benchmarks/" + b.gold;
    entry["inputs"] = b.inputs.empty() ? Json(nullptr) : Json("benchmarks/" + b.inputs);
    entry["gold_sha256"] = b.gold_sha256;
    Json json_rows = Json::array();
    for (size_t r = 0; r < rows.size(); ++r) {
      const Submission& s = *rows[r];
      Json row = Json::object();
      row["rank"] = r + 1;
      if (r + 1 < rows.size()) {
        const double p = paired_bootstrap_p_value(s.primary_f, rows[r + 1]->primary_f, kSignificanceResamples,
                                                  b.options.seed);
        row["tied_with_next"] = p >= kSignificanceLevel;
        row["p_value_vs_next"] = p;
      } else {
        row["tied_with_next"] = false;
        row["p_value_vs_next"] = nullptr;
      }
      row["system"] = s.system;
      row["submission"] = s.file;
      row["mean"] = s.scores["mean"];
      if (s.scores.contains("defined")) row["defined"] = s.scores["defined"];  // FRUIT: the faithfulness counts
      row["bootstrap"] = s.scores["bootstrap"];
      if (s.scores.contains("corpus")) row["corpus"] = s.scores["corpus"];
      json_rows.push_back(std::move(row));
    }
    entry["rows"] = std::move(json_rows);
    const std::string compare_path = "data/compare/" + b.id + ".json";
    entry["compare"] = compare_path;
    list.push_back(std::move(entry));

    // The compare view: every pair of submissions by file name.
    std::vector<const Submission*> by_file(rows);
    std::sort(by_file.begin(), by_file.end(), [](const Submission* x, const Submission* y) { return x->file < y->file; });
    std::vector<std::optional<ParsedInput>> parsed(data->examples.size());
    const auto input_of = [&](size_t i) -> const ParsedInput* {
      if (!parsed[i]) {
        auto p = parse_linearized(data->examples[i].inputs);
        if (!p.ok()) return nullptr;
        parsed[i] = std::move(p.value());
      }
      return &*parsed[i];
    };
    Json pairs = Json::array();
    for (size_t x = 0; x < by_file.size(); ++x) {
      for (size_t y = x + 1; y < by_file.size(); ++y) {
        const Submission& a = *by_file[x];
        const Submission& c = *by_file[y];
        const std::vector<size_t> order = largest_differences(a.primary_f, c.primary_f, kCompareExamples);
        Json examples = Json::array();
        for (size_t k : order) {
          const size_t i = a.primary_examples[k];
          const GoldExample& g = data->examples[i];
          if (b.task == "diffqg") {
            // Text only (the site shows it with textContent): the passages, the answer and both predictions.
            const auto side = [&](const Submission& s) {
              const Json& line = s.predictions[i].line;
              return Json{{"fmeasure", s.primary_f[k]},
                          {"change", line.value("change", false)},
                          {"question", line.contains("question") ? line["question"] : Json(nullptr)}};
            };
            Json example = Json::object();
            example["id"] = g.id;
            example["a"] = side(a);
            example["b"] = side(c);
            example["reference"] = {{"base", g.record["base"]}, {"target", g.record["target"]},
                                    {"answer", g.record["answer"]}, {"question", g.record["question"]},
                                    {"label", g.record["label"]}};
            examples.push_back(std::move(example));
            continue;
          }
          const ParsedInput* input = input_of(i);
          Json example = Json::object();
          example["id"] = g.id;
          example["a"] = {{"fmeasure", a.primary_f[k]},
                          {"html", input ? diff_html(*input, g.inputs, a.predictions[i]) : ""}};
          example["b"] = {{"fmeasure", c.primary_f[k]},
                          {"html", input ? diff_html(*input, g.inputs, c.predictions[i]) : ""}};
          example["reference_html"] = input ? diff_html(*input, g.inputs, {g.targets, std::nullopt, Json()}) : "";
          example["evidence"] = input ? evidence_json(*input) : Json::array();
          examples.push_back(std::move(example));
        }
        Json pair = Json::object();
        pair["a"] = a.file;
        pair["b"] = c.file;
        pair["examples"] = std::move(examples);
        pairs.push_back(std::move(pair));
      }
    }
    Json compare = Json::object();
    compare["benchmark"] = b.id;
    compare["primary_metric"] = b.primary_metric;
    compare["pairs"] = std::move(pairs);
    site.compare.emplace_back(compare_path, std::move(compare));
  }
  site.leaderboard["benchmarks"] = std::move(list);
  return site;
}

Json submission_schema() {
  const auto text = [](size_t max_chars) {
    return Json{{"type", "string"}, {"maxLength", max_chars}, {"pattern", "^[^<>\\u0000-\\u001f\\u007f-\\u009f]*$"}};
  };
  const Json url = {{"type", "string"}, {"maxLength", kMaxLinkChars}, {"pattern", "^https?://[^\\s<>\"'`\\\\]+$"}};
  const Json prf = {{"type", "object"},
                    {"additionalProperties", false},
                    {"required", {"precision", "recall", "fmeasure"}},
                    {"properties", {{"precision", {{"type", "number"}}},
                                    {"recall", {{"type", "number"}}},
                                    {"fmeasure", {{"type", "number"}}}}}};
  Json mean_properties = Json::object(), boot_properties = Json::object();
  Json metric_names = Json::array();
  for (auto name : kMetricNames) {
    mean_properties[std::string(name)] = prf;
    boot_properties[std::string(name)] = {{"type", "object"},
                                          {"additionalProperties", false},
                                          {"required", {"low", "mid", "high"}},
                                          {"properties", {{"low", prf}, {"mid", prf}, {"high", prf}}}};
    metric_names.push_back(name);
  }
  metric_names.push_back("exact_match");
  mean_properties["exact_match"] = {{"type", "number"}};
  boot_properties["exact_match"] = {{"type", "object"},
                                    {"additionalProperties", false},
                                    {"required", {"low", "mid", "high"}},
                                    {"properties", {{"low", {{"type", "number"}}},
                                                    {"mid", {{"type", "number"}}},
                                                    {"high", {{"type", "number"}}}}}};
  // Faithfulness (scoring.h): precision and recall are null where no example defines them.
  Json defined_properties = Json::object();
  for (auto name : kEntityMetricNames) {
    metric_names.push_back(name);
    mean_properties[std::string(name)] = {{"type", {"number", "null"}}};
    boot_properties[std::string(name)] = {{"oneOf", {{{"type", "null"}}, boot_properties["exact_match"]}}};
    defined_properties[std::string(name)] = {{"type", "integer"}, {"minimum", 0}};
  }
  Json entity_names = Json::array();
  for (auto name : kEntityMetricNames) entity_names.push_back(name);
  const Json fruit_prediction = {{"type", "object"},
                                 {"additionalProperties", false},
                                 {"anyOf", {{{"required", {"targets"}}}, {{"required", {"normalized_targets"}}}}},
                                 {"properties", {{"id", {{"type", {"string", "integer"}}}},
                                                 {"targets", {{"type", "string"}}},
                                                 {"normalized_targets", {{"type", "string"}}}}}};
  // A DiffQG prediction (diffqg.h).
  const Json diffqg_prediction = {{"type", "object"},
                                  {"additionalProperties", false},
                                  {"required", {"change"}},
                                  {"properties", {{"id", {{"type", {"string", "integer"}}}},
                                                  {"change", {{"type", "boolean"}}},
                                                  {"question", {{"type", {"string", "null"}}}}}}};
  Json schema = Json::object();
  schema["$schema"] = "https://json-schema.org/draft/2020-12/schema";
  schema["$id"] = "submission.schema.json";
  schema["title"] = "fruitbench submission bundle";
  schema["description"] =
      "leaderboard/FORMAT.md. The schema is the shape only: `fruitbench leaderboard check` also recomputes every "
      "score, checks ids, EDIT5, sha256 and the plain-text rules.";
  schema["type"] = "object";
  schema["additionalProperties"] = false;
  schema["required"] = {"format", "benchmark", "system", "predictions", "fruitbench", "scores"};
  Json properties = Json::object();
  properties["format"] = {{"const", kSubmissionFormat}};
  properties["benchmark"] = {{"type", "string"}, {"pattern", "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"}};
  Json system = {{"type", "object"},
                 {"additionalProperties", false},
                 {"required", {"name", "team", "kind", "date"}}};
  system["properties"] = {
      {"name", text(kMaxNameChars)},
      {"team", text(kMaxTeamChars)},
      {"description", text(kMaxDescriptionChars)},
      {"kind", {{"enum", {"baseline", "model", "submission"}}}},
      {"parameters", {{"type", {"integer", "null"}}, {"minimum", 0}}},
      {"license", text(kMaxLicenseChars)},
      {"date", {{"type", "string"}, {"pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}}},
      {"links",
       {{"type", "object"},
        {"additionalProperties", false},
        {"properties", {{"paper", url}, {"code", url}, {"model_card", url}}}}}};
  system["properties"]["name"]["minLength"] = 1;
  system["properties"]["team"]["minLength"] = 1;
  properties["system"] = std::move(system);
  properties["predictions"] = {
      {"type", "object"},
      {"additionalProperties", false},
      {"required", {"sha256"}},
      {"oneOf", {{{"required", {"lines"}}}, {{"required", {"file"}}}}},
      {"properties",
       {{"sha256", {{"type", "string"}, {"pattern", "^[0-9a-f]{64}$"}}},
        {"lines", {{"type", "array"}, {"items", {{"anyOf", {fruit_prediction, diffqg_prediction}}}}}},
        {"file", {{"type", "string"}, {"pattern", "^[A-Za-z0-9][A-Za-z0-9._-]*\\.pred\\.jsonl\\.gz$"}}}}}};
  properties["fruitbench"] = {{"type", "object"},
                              {"additionalProperties", false},
                              {"required", {"version", "signature"}},
                              {"properties", {{"version", {{"type", "string"}}}, {"signature", {{"type", "string"}}}}}};
  const Json fruit_scores = {
      {"type", "object"},
      {"additionalProperties", false},
      {"required", {"n", "mean", "defined", "bootstrap", "signature"}},
      {"properties",
       {{"n", {{"type", "integer"}, {"minimum", 1}}},
        {"defined", {{"type", "object"}, {"additionalProperties", false}, {"required", entity_names},
                     {"properties", defined_properties}}},
        {"mean", {{"type", "object"}, {"additionalProperties", false}, {"required", metric_names},
                  {"properties", mean_properties}}},
        {"bootstrap", {{"oneOf", {{{"type", "null"}},
                                  {{"type", "object"}, {"additionalProperties", false}, {"required", metric_names},
                                   {"properties", boot_properties}}}}}},
        {"signature", {{"type", "string"}}}}}};
  Json diffqg_mean = {{"type", "object"}, {"additionalProperties", false}, {"properties", Json::object()}};
  for (const std::string& name : diffqg_figure_names()) {
    diffqg_mean["properties"][name] = {{"type", {"number", "null"}}};
    diffqg_mean["required"].push_back(name);
  }
  const Json diffqg_scores = {
      {"type", "object"},
      {"additionalProperties", false},
      {"required", {"n", "task", "counts", "mean", "bootstrap", "signature"}},
      {"properties",
       {{"n", {{"type", "integer"}, {"minimum", 1}}},
        {"task", {{"const", "diffqg"}}},
        {"counts", {{"type", "object"}}},
        {"mean", diffqg_mean},
        {"bootstrap", {{"type", {"object", "null"}}}},
        {"signature", {{"type", "string"}}}}}};
  properties["scores"] = {{"oneOf", {fruit_scores, diffqg_scores}}};
  schema["properties"] = std::move(properties);
  return schema;
}

}  // namespace fruit::leaderboard
