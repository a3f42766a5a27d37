// Faithfulness (see faithfulness.h): which text the entity-token rule reads
// for the metrics and the Editor's marks, and the set arithmetic.
#include "faithfulness.h"

#include <algorithm>

#include "lcs.h"
#include "linearize.h"
#include "normalize.h"

namespace fruit::faithfulness {
namespace {

// Sorted unique keys of tokens.
std::vector<std::string> key_set(const std::vector<entities::EntityToken>& tokens) {
  std::vector<std::string> keys;
  keys.reserve(tokens.size());
  for (const auto& t : tokens) keys.push_back(t.key);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

}  // namespace

Result<std::string> evidence_text(std::string_view inputs) {
  auto parsed = parse_linearized(inputs);
  if (!parsed.ok()) return parsed.error();
  std::string text = parsed.value().context_preamble;
  for (const ParsedEvidence& item : parsed.value().evidence) {
    if (!text.empty()) text += '\n';
    text += item.raw;
  }
  return text;
}

std::vector<std::string> support_of(std::string_view normalized_source, std::string_view evidence) {
  std::string both(normalized_source);
  both += '\n';
  both += evidence;
  return entities::support_keys(both);
}

std::vector<entities::EntityToken> addition_entities(std::string_view source, std::string_view target) {
  return addition_entities(Update{target, extract_additions(source, target)});
}

std::vector<entities::EntityToken> addition_entities(const Update& update) {
  std::vector<entities::EntityToken> out;
  const std::string_view target = update.text;
  const auto& additions = update.additions;
  if (additions.empty()) return out;
  // Both lists are in text order: walk them together.
  size_t a = 0;
  for (auto& token : entities::entity_tokens(target)) {
    const auto piece_end = [&](size_t k) {
      return static_cast<size_t>(additions[k].data() - target.data()) + additions[k].size();
    };
    while (a < additions.size() && piece_end(a) <= token.begin) ++a;
    if (a == additions.size()) break;
    const size_t piece_begin = static_cast<size_t>(additions[a].data() - target.data());
    if (piece_begin < token.end) out.push_back(std::move(token));
  }
  return out;
}

Scores score(std::string_view normalized_source, std::string_view evidence, std::string_view gold_target,
             std::string_view predicted_target) {
  return score(normalized_source, evidence, Update{gold_target, extract_additions(normalized_source, gold_target)},
               Update{predicted_target, extract_additions(normalized_source, predicted_target)});
}

Scores score(std::string_view normalized_source, std::string_view evidence, const Update& gold,
             const Update& predicted_update) {
  Scores scores;
  const auto predicted = addition_entities(predicted_update);
  const auto p = key_set(predicted);
  // Only the prediction's few keys are looked up in the (long) article and evidence.
  std::vector<bool> found(p.size(), false);
  entities::find_support(normalized_source, p, found);
  entities::find_support(evidence, p, found);
  for (const auto& token : predicted) {
    const size_t i = static_cast<size_t>(std::lower_bound(p.begin(), p.end(), token.key) - p.begin());
    if (!found[i]) scores.unsupported_keys.push_back(token.key);
  }
  scores.unsupported_entity_tokens = scores.unsupported_keys.size();
  const auto g = key_set(addition_entities(gold));
  const double common = static_cast<double>(sorted_overlap(p, g));  // sets: the overlap is |P ∩ G|
  if (!p.empty()) scores.entity_precision = common / static_cast<double>(p.size()) * 100;
  if (!g.empty()) scores.entity_recall = common / static_cast<double>(g.size()) * 100;
  return scores;
}

void mark_unsupported(UpdateDiff& diff, const std::vector<std::string>& support) {
  for (SentenceDiff& sentence : diff.sentences) {
    sentence.unsupported.clear();
    if (sentence.kind != SentenceDiff::Kind::kEdited && sentence.kind != SentenceDiff::Kind::kInserted) continue;
    std::string text;
    for (const DiffSpan& span : sentence.spans) {
      if (span.kind != DiffSpan::Kind::kDeleted) text += span.text;
    }
    for (auto& token : entities::entity_tokens(text)) {
      if (entities::supported(support, token.key)) continue;
      // The key is the word without its edge punctuation: find where it starts.
      const size_t begin = token.begin + text.substr(token.begin, token.end - token.begin).find(token.key);
      sentence.unsupported.push_back({begin, begin + token.key.size(), std::move(token.key)});
    }
  }
}

}  // namespace fruit::faithfulness
