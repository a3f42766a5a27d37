// See front_end.h: the shared JSON of the front ends.
#include "front_end.h"

#include <string>

#include "diff.h"
#include "faithfulness.h"
#include "linearize.h"
#include "normalize.h"
#include "sentences.h"

namespace fruit {

Result<Json> diff_json(std::string_view inputs, std::string_view update, std::string_view kind) {
  auto parsed = parse_linearized(inputs);
  if (!parsed.ok()) return parsed.error();
  const std::vector<std::string>& source = parsed.value().sentences;
  std::vector<UpdatedSentence> updated;
  if (kind == "edit5") {
    const std::vector<std::string_view> views(source.begin(), source.end());
    updated = updated_from_edit5(parse_edit5(update), views);
  } else if (kind == "text") {
    updated = updated_from_text(split_sentences(update), source);
  } else {
    return Error("must be 'edit5' or 'text'", "", 0, "kind");
  }
  UpdateDiff result = diff_update(source, updated);
  // The Editor marks new entity tokens that neither the article nor the evidence supports.
  auto evidence = faithfulness::evidence_text(inputs);
  if (!evidence.ok()) return evidence.error();
  std::string article;
  for (const std::string& sentence : source) article += sentence + "\n";
  faithfulness::mark_unsupported(result, faithfulness::support_of(article, evidence.value()));
  Json out = diff_to_json(result);
  out["html"] = HtmlDiffFormatter().format(result);
  return out;
}

Json diagnostics_json(const std::vector<Diagnostic>& diagnostics) {
  Json out = Json::array();
  for (const auto& d : diagnostics) {
    out.push_back({{"code", d.code}, {"message", d.message}, {"unit", d.unit}, {"offset", d.offset}});
  }
  return out;
}

Result<Json> apply_edit5_json(std::string_view inputs, std::string_view edit) {
  auto outline = outline_input(inputs);
  if (!outline.ok()) return outline.error();
  auto normalized = normalize(inputs, edit);
  if (!normalized.ok()) return normalized.error();
  const auto units = parse_edit5(edit);
  Json units_json = Json::array();
  for (const auto& u : units) {
    if (u.kind == Edit5Unit::Kind::kCopy) {
      units_json.push_back({{"copy", u.copy_index}});
    } else {
      units_json.push_back({{"references", u.references}, {"text", u.text}});
    }
  }
  return Json{{"normalized_targets", normalized.value().edited},
              {"units", units_json},
              {"diagnostics", diagnostics_json(validate_edit5(units, outline.value()))}};
}

Json applied_prediction_json(const AppliedPrediction& applied) {
  Json line = {{"id", applied.id}};
  if (applied.targets) line["targets"] = *applied.targets;
  line["normalized_targets"] = applied.normalized.edited;
  return line;
}

}  // namespace fruit
