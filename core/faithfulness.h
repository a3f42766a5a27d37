// Faithfulness of an update (FRUIT paper, section 2.2): does the new text
// state entities that neither the source article nor the evidence gives, and
// do its entities match the gold update's? Entities are the entity tokens of
// the rule in entities.h ("fruit-entity-v1"); this file only decides WHICH
// text the rule reads, so that the metrics, the Editor's marks and their
// tests share one definition.
//
// The additions of an updated text are the ones UpdateROUGE scores
// (normalize.h, extract_additions): the pieces [^.]+\.? of the normalized
// updated text that are not substrings of the normalized source. The entity
// tokens of the additions are the rule's tokens of the WHOLE updated text
// (so sentence starts are the text's own) whose word overlaps an addition:
// "3.5" stays one token even though the additions split it into "3." and "5".
//
// Support is the words of the source article and of the evidence: the text
// of `inputs` after "[CONTEXT]", every item without its "(k)" marker (the
// markers taken in sequence as outline_input counts them, so a "(1941)"
// inside an item is text), table captions, headers and cells included.
//
// Per example (scale 0..100 for precision and recall):
//   unsupported_entity_tokens  occurrences of entity tokens in the
//                              prediction's additions whose key is not
//                              supported (a repeated invented name counts
//                              each time);
//   entity_precision           |P ∩ G| / |P| * 100 over the SETS of keys P
//                              (prediction's additions) and G (gold's);
//   entity_recall              |P ∩ G| / |G| * 100.
// An empty set leaves the ratio undefined: precision is null when P is
// empty (the prediction adds no entity), recall null when G is empty (the
// gold adds none). Means are over the examples where a value is defined
// (scoring.h reports how many).
//
// Worked example (hand-computed in faithfulness_test.cc):
//   source    "Brevik is a town. It had 7,000 people in 2011."
//   evidence  "(0) Brevik Population 7,688 (2021)"
//   gold      source + " In 2021 the population was 7,688."
//   predicted source + " In 2012 the population was 47,5 under Mayor Ilse Berg."
//   predicted additions: "In 2012 the population was 47,5 under Mayor Ilse Berg."
//     entity tokens 2012, 47,5, Mayor, Ilse, Berg ("In" starts the sentence)
//     unsupported: all five (2012, 47,5, Mayor, Ilse and Berg are nowhere) -> 5
//   P = {2012, 47,5, Mayor, Ilse, Berg}, G = {2021, 7,688}, P ∩ G = {}
//     -> entity_precision 0, entity_recall 0
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diff.h"
#include "entities.h"
#include "status.h"

namespace fruit::faithfulness {

// The evidence of a linearized input: each item's text after its "(k)"
// (and any text between "[CONTEXT]" and "(0)"), one item per line.
//   evidence_text("[0] A b. [CONTEXT] (0) T_x Born (1941). (1) U y")
//     -> "T_x Born (1941).\nU y"   (the in-sequence markers "(0)", "(1)" go)
// Errors: not exactly one "[CONTEXT]", invalid UTF-8.
Result<std::string> evidence_text(std::string_view inputs);

// Sorted unique keys of the source article and the evidence
// (entities::support_keys of both).
std::vector<std::string> support_of(std::string_view normalized_source, std::string_view evidence);

// The entity tokens of the additions of `target` against `source` (both
// normalized), in order, repeats kept; spans are byte offsets in `target`.
//   addition_entities("Ann lives in Oslo.", "Ann lives in Oslo. She met Bo Lund in 2020.")
//     -> Bo, Lund, 2020   ("Oslo" is in the copied piece; "She" starts a sentence)
std::vector<entities::EntityToken> addition_entities(std::string_view source, std::string_view target);

// An updated text with its additions (extract_additions against the source:
// views into `text`), so that callers that already have them (scoring.cc)
// do not search the source again.
struct Update {
  std::string_view text;
  std::vector<std::string_view> additions;
};
std::vector<entities::EntityToken> addition_entities(const Update& update);

struct Scores {
  size_t unsupported_entity_tokens = 0;
  std::vector<std::string> unsupported_keys;  // their keys, in text order, repeats kept
  std::optional<double> entity_precision;  // 0..100; nullopt: the prediction adds no entity
  std::optional<double> entity_recall;     // 0..100; nullopt: the gold adds no entity
};

// One example's faithfulness, from the normalized source, the evidence text
// (evidence_text) and the two normalized updated texts.
Scores score(std::string_view normalized_source, std::string_view evidence, std::string_view gold_target,
             std::string_view predicted_target);
Scores score(std::string_view normalized_source, std::string_view evidence, const Update& gold,
             const Update& predicted);

// The Editor's marks: in every edited or inserted sentence of `diff`, the
// entity tokens whose key `support` (support_of) lacks go to
// SentenceDiff::unsupported. Each sentence is read on its own (its first
// word starts a sentence); a mark spans the token's key, e.g. "Berg" in
// "(Berg),", as byte offsets in the updated sentence (its equal and
// inserted spans concatenated). Copied and deleted sentences get none.
void mark_unsupported(UpdateDiff& diff, const std::vector<std::string>& support);

}  // namespace fruit::faithfulness
