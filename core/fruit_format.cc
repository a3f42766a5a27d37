#include "fruit_format.h"

#include "unicode.h"

namespace fruit {
namespace {

// Captures nlohmann's parse error message without exceptions (the core is
// also built with -fno-exceptions for WebAssembly).
struct ParseErrorCatcher : nlohmann::json_sax<Json> {
  std::string message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) override {
    message = ex.what();
    return false;
  }
};

std::string_view type_name(const Json& value) { return value.type_name(); }

// Reads an optional string field; an error if present with another type.
Result<std::optional<std::string>> optional_string(const Json& object, std::string_view field, const Location& where) {
  const auto found = object.find(std::string(field));
  if (found == object.end()) return std::optional<std::string>();
  if (!found->is_string()) {
    return record_error(where, field, "expected a string, got " + std::string(type_name(*found)));
  }
  return std::optional<std::string>(found->get<std::string>());
}

Result<std::string> required_string(const Json& object, std::string_view field, const Location& where) {
  auto value = optional_string(object, field, where);
  if (!value.ok()) return value.error();
  if (!value.value()) return record_error(where, field, "missing (required)");
  return std::move(*value.value());
}

Result<std::optional<RecordId>> optional_id(const Json& object, const Location& where) {
  const auto found = object.find("id");
  if (found == object.end()) return std::optional<RecordId>();
  if (found->is_string()) return std::optional<RecordId>(RecordId{*found, found->get<std::string>()});
  if (found->is_number_integer()) return std::optional<RecordId>(RecordId{*found, found->dump()});
  return record_error(where, "id", "expected a string or an integer, got " + std::string(type_name(*found)));
}

// generatable_surfaces: {"entity id": ["surface", ...], ...}, as the
// official data has it; only the lists matter to surface_recall.
Result<std::optional<std::vector<std::vector<std::string>>>> optional_surfaces(const Json& object,
                                                                               const Location& where) {
  using Surfaces = std::vector<std::vector<std::string>>;
  const auto found = object.find("generatable_surfaces");
  if (found == object.end()) return std::optional<Surfaces>();
  if (!found->is_object()) {
    return record_error(where, "generatable_surfaces",
                        "expected an object of entity ids to lists of surfaces, got " + std::string(type_name(*found)));
  }
  Surfaces surfaces;
  for (const auto& [entity, list] : found->items()) {
    const std::string field = "generatable_surfaces." + entity;
    if (!list.is_array()) return record_error(where, field, "expected a list of strings, got " + std::string(type_name(list)));
    surfaces.emplace_back();
    for (const Json& surface : list) {
      if (!surface.is_string()) {
        return record_error(where, field, "expected a list of strings, found " + std::string(type_name(surface)));
      }
      surfaces.back().push_back(surface.get<std::string>());
    }
  }
  return std::optional<Surfaces>(std::move(surfaces));
}

}  // namespace

Error record_error(const Location& where, std::string_view field, std::string message) {
  return Error{std::move(message), std::string(where.file), where.line, std::string(field)};
}

Result<std::optional<RecordId>> parse_optional_id(const Json& object, const Location& where) {
  return optional_id(object, where);
}

Result<std::optional<std::string>> parse_optional_string(const Json& object, std::string_view field,
                                                         const Location& where) {
  return optional_string(object, field, where);
}

Result<std::string> parse_required_string(const Json& object, std::string_view field, const Location& where) {
  return required_string(object, field, where);
}

Result<Json> parse_json_line(std::string_view line, const Location& where) {
  if (const size_t bad = unicode::find_invalid_utf8(line); bad != std::string_view::npos) {
    return record_error(where, "", "invalid UTF-8 at byte " + std::to_string(bad + 1) + " of the line");
  }
  if (unicode::strip(line).empty()) return record_error(where, "", "empty line (each line must be one JSON object)");
  Json value = Json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) {
    ParseErrorCatcher catcher;
    Json::sax_parse(line.begin(), line.end(), &catcher);
    return record_error(where, "", "invalid JSON: " + catcher.message);
  }
  if (!value.is_object()) return record_error(where, "", "expected a JSON object, got " + std::string(type_name(value)));
  return value;
}

Result<GoldRecord> parse_gold(std::string_view line, const Location& where) {
  auto json = parse_json_line(line, where);
  if (!json.ok()) return json.error();
  const Json& object = json.value();
  GoldRecord record;
  auto id = optional_id(object, where);
  if (!id.ok()) return id.error();
  record.id = std::move(id.value());
  auto inputs = required_string(object, "inputs", where);
  if (!inputs.ok()) return inputs.error();
  record.inputs = std::move(inputs.value());
  auto targets = required_string(object, "targets", where);
  if (!targets.ok()) return targets.error();
  record.targets = std::move(targets.value());
  auto normalized_inputs = optional_string(object, "normalized_inputs", where);
  if (!normalized_inputs.ok()) return normalized_inputs.error();
  record.normalized_inputs = std::move(normalized_inputs.value());
  auto normalized_targets = optional_string(object, "normalized_targets", where);
  if (!normalized_targets.ok()) return normalized_targets.error();
  record.normalized_targets = std::move(normalized_targets.value());
  auto surfaces = optional_surfaces(object, where);
  if (!surfaces.ok()) return surfaces.error();
  record.generatable_surfaces = std::move(surfaces.value());
  return record;
}

Result<InputRecord> parse_input(std::string_view line, const Location& where) {
  auto json = parse_json_line(line, where);
  if (!json.ok()) return json.error();
  InputRecord record;
  auto id = optional_id(json.value(), where);
  if (!id.ok()) return id.error();
  record.id = std::move(id.value());
  auto inputs = required_string(json.value(), "inputs", where);
  if (!inputs.ok()) return inputs.error();
  record.inputs = std::move(inputs.value());
  return record;
}

Result<PredictionRecord> parse_prediction(std::string_view line, const Location& where) {
  auto json = parse_json_line(line, where);
  if (!json.ok()) return json.error();
  const Json& object = json.value();
  PredictionRecord record;
  auto id = optional_id(object, where);
  if (!id.ok()) return id.error();
  record.id = std::move(id.value());
  auto normalized_targets = optional_string(object, "normalized_targets", where);
  if (!normalized_targets.ok()) return normalized_targets.error();
  record.normalized_targets = std::move(normalized_targets.value());
  auto targets = optional_string(object, "targets", where);
  if (!targets.ok()) return targets.error();
  record.targets = std::move(targets.value());
  if (!record.normalized_targets && !record.targets) {
    return record_error(where, "normalized_targets",
                        "missing: a prediction needs 'normalized_targets' (updated text) or 'targets' (EDIT5 output)");
  }
  return record;
}

}  // namespace fruit
