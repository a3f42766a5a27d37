#include "keyed_jsonl.h"

#include <cstdio>
#include <unordered_map>

namespace fruit {

Result<std::vector<KeyedLine>> read_keyed_lines(LineReader& reader) {
  std::vector<KeyedLine> lines;
  std::unordered_map<std::string, size_t> first_line;
  std::string text;
  size_t number = 0;
  while (reader.next_line(text)) {
    const Location where{reader.name(), ++number};
    auto json = parse_json_line(text, where);
    if (!json.ok()) return json.error();
    auto id = parse_optional_id(json.value(), where);
    if (!id.ok()) return id.error();
    if (!id.value()) return record_error(where, "id", "missing (required: every line of this file has an id)");
    const auto [at, inserted] = first_line.emplace(id.value()->key, number);
    if (!inserted) {
      return record_error(where, "id", "duplicate id '" + id.value()->key + "' (also on line " +
                                           std::to_string(at->second) + ")");
    }
    lines.push_back(KeyedLine{std::move(json.value()), std::move(*id.value()), number});
  }
  if (lines.empty()) return Error{"no examples: the file is empty", std::string(reader.name())};
  return lines;
}

Result<KeyedPairs> read_keyed_pairs(LineReader& gold, LineReader& predictions) {
  KeyedPairs pairs;
  auto gold_lines = read_keyed_lines(gold);
  if (!gold_lines.ok()) return gold_lines.error();
  auto prediction_lines = read_keyed_lines(predictions);
  if (!prediction_lines.ok()) return prediction_lines.error();
  auto match = match_by_id(gold_lines.value(), gold.name(), prediction_lines.value(), predictions.name());
  if (!match.ok()) return match.error();
  return KeyedPairs{std::move(gold_lines.value()), std::move(prediction_lines.value()), std::move(match.value())};
}

std::string table_cell(const std::optional<double>& value, int width, int decimals) {
  if (!value) return std::string(static_cast<size_t>(width > 1 ? width - 1 : 0), ' ') + "-";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%*.*f", width, decimals, *value);
  return buffer;
}

Result<std::vector<size_t>> match_by_id(const std::vector<KeyedLine>& gold, std::string_view gold_file,
                                        const std::vector<KeyedLine>& predictions, std::string_view prediction_file) {
  std::unordered_map<std::string, size_t> gold_index;
  for (size_t i = 0; i < gold.size(); ++i) gold_index.emplace(gold[i].id.key, i);
  std::vector<size_t> match(gold.size(), predictions.size());
  for (size_t k = 0; k < predictions.size(); ++k) {
    const auto found = gold_index.find(predictions[k].id.key);
    if (found == gold_index.end()) {
      return record_error(predictions[k].where(prediction_file), "id",
                          "'" + predictions[k].id.key + "' is not an id of " + std::string(gold_file));
    }
    match[found->second] = k;
  }
  for (size_t i = 0; i < gold.size(); ++i) {
    if (match[i] == predictions.size()) {
      return record_error(gold[i].where(gold_file), "id",
                          "'" + gold[i].id.key + "' has no prediction in " + std::string(prediction_file));
    }
  }
  return match;
}

}  // namespace fruit
