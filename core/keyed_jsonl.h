// JSONL files whose every line carries an "id", and their pairing: the
// input side of the tasks beside FRUIT (DiffQG, fact accuracy,
// metric-human correlation). Unlike FRUIT files (evaluate.h), these are
// read whole (their records are short) and always paired by id, in any
// order. Errors name file, line and field:
//
//   gold.jsonl:3: field 'id': missing (required: every line of this file has an id)
//   gold.jsonl:7: field 'id': duplicate id 'q12' (also on line 2)
//   pred.jsonl:4: field 'id': 'q99' is not an id of gold.jsonl
//   gold.jsonl:5: field 'id': 'q5' has no prediction in pred.jsonl
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evaluate.h"  // LineReader
#include "fruit_format.h"
#include "status.h"

namespace fruit {

struct KeyedLine {
  Json object;  // the line's JSON object
  RecordId id;
  size_t line = 0;  // 1-based
  Location where(std::string_view file) const { return {file, line}; }
};

// Every line: valid UTF-8, one JSON object, an "id" (string or integer),
// no id twice; at least one line.
Result<std::vector<KeyedLine>> read_keyed_lines(LineReader& reader);

// For each gold line, the index of the prediction with the same id. Every
// gold id needs a prediction; a prediction id absent from gold is an error.
Result<std::vector<size_t>> match_by_id(const std::vector<KeyedLine>& gold, std::string_view gold_file,
                                        const std::vector<KeyedLine>& predictions, std::string_view prediction_file);

// Both files read and matched: gold[i] pairs with predictions[match[i]].
struct KeyedPairs {
  std::vector<KeyedLine> gold, predictions;
  std::vector<size_t> match;
};
Result<KeyedPairs> read_keyed_pairs(LineReader& gold, LineReader& predictions);

// A report table's number: "%*.*f", or "-" right-aligned when undefined.
std::string table_cell(const std::optional<double>& value, int width, int decimals);

}  // namespace fruit
