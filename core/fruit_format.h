// The official FRUIT JSONL files, one record per line:
//   *_inputlabels.jsonl  inputs, targets, optional normalized_inputs,
//                        normalized_targets, generatable_surfaces, id
//   *_inputonly.jsonl    inputs, optional id
//   predictions          normalized_targets (full updated text, as the
//                        official sample pred.jsonl) and/or targets (raw
//                        EDIT5 output), optional id
// Parsing is strict: every problem is an Error naming file, line and field.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "status.h"

namespace fruit {

using Json = nlohmann::ordered_json;

// Where a record came from, for error messages.
struct Location {
  std::string_view file;
  size_t line = 0;  // 1-based
};

// An optional id: JSON strings and integers are accepted; `key` is the text
// used for matching (the string itself, or the integer in decimal).
struct RecordId {
  Json value;
  std::string key;
};

struct GoldRecord {
  std::optional<RecordId> id;
  std::string inputs;
  std::string targets;
  std::optional<std::string> normalized_inputs;
  std::optional<std::string> normalized_targets;
  // The lists of generatable_surfaces (one per entity), when given.
  std::optional<std::vector<std::vector<std::string>>> generatable_surfaces;
};

struct InputRecord {
  std::optional<RecordId> id;
  std::string inputs;
};

struct PredictionRecord {
  std::optional<RecordId> id;
  std::optional<std::string> normalized_targets;
  std::optional<std::string> targets;
};

// Parses one JSONL line into a JSON object (valid UTF-8, valid JSON, an
// object); the error names the line.
Result<Json> parse_json_line(std::string_view line, const Location& where);

Result<GoldRecord> parse_gold(std::string_view line, const Location& where);
Result<InputRecord> parse_input(std::string_view line, const Location& where);
Result<PredictionRecord> parse_prediction(std::string_view line, const Location& where);

// An error about `field` of the record at `where`.
Error record_error(const Location& where, std::string_view field, std::string message);

// The field readers behind parse_gold and friends, for the other tasks'
// formats (diffqg.h, fact_accuracy.h, correlation.h): an optional "id"
// (string or integer), an optional string field and a required one.
Result<std::optional<RecordId>> parse_optional_id(const Json& object, const Location& where);
Result<std::optional<std::string>> parse_optional_string(const Json& object, std::string_view field,
                                                         const Location& where);
Result<std::string> parse_required_string(const Json& object, std::string_view field, const Location& where);

}  // namespace fruit
