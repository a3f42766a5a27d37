// The entity-token rule behind fruitbench's faithfulness checks: which words
// of a text name things (people, places, organisations, dates, numbers), and
// whether a text supports them. FRUIT's paper measures faithfulness with an
// entity tagger that was never released; this rule stands in for it. It is
// deterministic, has no model, and is the same for the metrics
// (unsupported_entity_tokens, entity_precision, entity_recall), the editor's
// grounded decoding and the Editor's highlighting. Its name in signatures is
// kRuleName ("ent:fruit-entity-v1").
//
// A word is a maximal run of non-whitespace (Python's str.isspace). Its key
// is the word without leading and trailing punctuation (ASCII punctuation and
// “ ” ‘ ’ « » – — …) and without a final possessive "'s" or "’s":
//   "(Enschede)," -> "Enschede"   "Vandermeer's" -> "Vandermeer"
//   "3:59.48."    -> "3:59.48"    "$5,000"       -> "5,000"
// A word is an entity token when its key
//   1. contains an ASCII digit ("2024", "7,688", "3:59.48", "mid-2020s"), or
//   2. starts with an uppercase letter (A-Z, or an uppercase letter of
//      Latin-1, Latin Extended-A, Greek or Cyrillic: "Łódź", "Ölund"), is not
//      the first word of a sentence, and is not a stop word (kStopWords,
//      compared in lowercase: "The" in "founded by The Beatles" is not one).
// The first word of the text is the first word of a sentence, and so is a
// word after one that ends (before closing quotes or brackets " ' ) ] ” ’ »)
// with '.', '!' or '?'. Abbreviations therefore start sentences too: in
// "born in the U.S. Navy", "Navy" is not counted - the rule misses a few
// entities rather than inventing any.
//
// A text supports an entity token when one of its words (whitespace and '_'
// separate words here: evidence titles are written with underscores) has
// the same key, compared exactly (case and digits as written: "7688" does not
// support "7,688").
//
//   entity_tokens("In 2021 the club signed Ilse Vandermeer. She won.")
//     -> keys {"2021", "Ilse", "Vandermeer"}  ("In" and "She" start sentences)
//   support_keys("AV_Zwaluwen Notable members")
//     -> {"AV", "Zwaluwen", "Notable", "members"}
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fruit::entities {

inline constexpr std::string_view kRuleName = "fruit-entity-v1";

// Function words that start capitalised inside titles and names ("The Beatles",
// "Pride And Prejudice"): not entities on their own. Pronouns are not here: a
// capitalised "You" or "It" mid-sentence is a title or a name.
inline constexpr std::string_view kStopWords[] = {"a",  "an", "and", "as", "at", "but", "by", "for",
                                                  "from", "in", "of", "on", "or", "the", "to", "with"};

struct EntityToken {
  std::string key;   // the word's key (see above)
  size_t begin = 0;  // byte span of the whole word in the text
  size_t end = 0;
};

// The key of one word: its edges' punctuation and a final possessive removed.
std::string key_of(std::string_view word);

// Does the key start with an uppercase letter (rule 2's letters)?
bool starts_uppercase(std::string_view key);

// Does the key contain an ASCII digit?
bool has_digit(std::string_view key);

// Is this lowercase word a stop word?
bool is_stop_word(std::string_view lowercase);

// Is a word with this key an entity token, given whether it starts a sentence?
bool is_entity(std::string_view key, bool sentence_initial);

// Does this raw word end a sentence ('.', '!' or '?' before closers)?
bool ends_sentence(std::string_view word);

// The entity tokens of a text, in order (repeats kept). Valid UTF-8 only.
std::vector<EntityToken> entity_tokens(std::string_view text);

// The keys of every word of a text (whitespace and '_' separate words),
// sorted and unique: what the text can support.
std::vector<std::string> support_keys(std::string_view text);

// Is key in the sorted keys of support_keys?
bool supported(const std::vector<std::string>& sorted_keys, std::string_view key);

// The same support check for a few keys without collecting every key of a
// long text: sets found[i] when some word of `text` (words as in
// support_keys) has the key sorted_keys[i] (sorted, unique; found has the
// same size). Flags already set stay set, so several texts can be checked.
//   find_support("AV_Zwaluwen won", {"AV", "Deventer"}, found) -> found {true, false}
void find_support(std::string_view text, const std::vector<std::string>& sorted_keys, std::vector<bool>& found);

}  // namespace fruit::entities
