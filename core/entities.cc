// The entity-token rule (see entities.h): word keys, capitalisation, digits,
// sentence starts, and the support check.
#include "entities.h"

#include <algorithm>

#include "unicode.h"

namespace fruit::entities {
namespace {

// Punctuation stripped from a word's edges: ASCII punctuation and the
// typographic quotes, guillemets, dashes and ellipsis of encyclopedic text.
bool is_edge_punctuation(char32_t c) {
  if (c < 0x80) return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
                       (c >= 0x7B && c <= 0x7E);
  switch (c) {
    case U'\u201C': case U'\u201D': case U'\u2018': case U'\u2019': case U'\u00AB': case U'\u00BB':
    case U'\u2013': case U'\u2014': case U'\u2026':
      return true;
    default:
      return false;
  }
}

bool is_closer(char32_t c) {
  return c == U'"' || c == U'\'' || c == U')' || c == U']' || c == U'\u201D' || c == U'\u2019' || c == U'\u00BB';
}

// Uppercase letters of Latin-1, Latin Extended-A, Greek and Cyrillic
// (Unicode category Lu within U+00C0-U+017F, U+0391-U+03A9, U+0400-U+042F).
bool is_upper(char32_t c) {
  if (c >= U'A' && c <= U'Z') return true;
  if (c >= 0xC0 && c <= 0xDE) return c != 0xD7;
  if (c >= 0x100 && c <= 0x137) return c % 2 == 0;
  if (c >= 0x139 && c <= 0x148) return c % 2 == 1;
  if (c >= 0x14A && c <= 0x177) return c % 2 == 0;
  if (c == 0x178) return true;
  if (c >= 0x179 && c <= 0x17E) return c % 2 == 1;
  if (c >= 0x391 && c <= 0x3A9) return c != 0x3A2;
  return c >= 0x400 && c <= 0x42F;
}

// The code point that ends text (valid UTF-8, not empty) and its byte length.
std::pair<char32_t, size_t> last_code_point(std::string_view text) {
  size_t start = text.size() - 1;
  while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
  size_t pos = start;
  return {unicode::decode(text, pos), text.size() - start};
}

template <class Visit>
void for_each_word(std::string_view text, bool underscore_separates, Visit visit) {
  size_t pos = 0;
  while (pos < text.size()) {
    auto separator_at = [&](size_t p) -> size_t {
      if (underscore_separates && text[p] == '_') return 1;
      return unicode::space_length_at(text, p);
    };
    size_t skip = separator_at(pos);
    if (skip) {
      pos += skip;
      continue;
    }
    size_t begin = pos;
    while (pos < text.size() && !separator_at(pos)) {
      size_t next = pos;
      unicode::decode(text, next);
      pos = next;
    }
    visit(begin, pos);
  }
}

}  // namespace

std::string key_of(std::string_view word) {
  size_t begin = 0;
  while (begin < word.size()) {
    size_t next = begin;
    if (!is_edge_punctuation(unicode::decode(word, next))) break;
    begin = next;
  }
  std::string_view key = word.substr(begin);
  while (!key.empty()) {
    auto [c, length] = last_code_point(key);
    if (!is_edge_punctuation(c)) break;
    key.remove_suffix(length);
  }
  for (std::string_view possessive : {std::string_view("'s"), std::string_view("\u2019s")}) {
    if (key.size() > possessive.size() && key.ends_with(possessive)) {
      key.remove_suffix(possessive.size());
      break;
    }
  }
  return std::string(key);
}

bool starts_uppercase(std::string_view key) {
  if (key.empty()) return false;
  size_t pos = 0;
  return is_upper(unicode::decode(key, pos));
}

bool has_digit(std::string_view key) {
  return std::any_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_stop_word(std::string_view lowercase) {
  return std::find(std::begin(kStopWords), std::end(kStopWords), lowercase) != std::end(kStopWords);
}

bool is_entity(std::string_view key, bool sentence_initial) {
  if (has_digit(key)) return true;
  if (sentence_initial || !starts_uppercase(key)) return false;
  std::string lower(key);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return !is_stop_word(lower);
}

bool ends_sentence(std::string_view word) {
  while (!word.empty()) {
    auto [c, length] = last_code_point(word);
    if (c == U'.' || c == U'!' || c == U'?') return true;
    if (!is_closer(c)) return false;
    word.remove_suffix(length);
  }
  return false;
}

std::vector<EntityToken> entity_tokens(std::string_view text) {
  std::vector<EntityToken> out;
  bool initial = true;
  for_each_word(text, false, [&](size_t begin, size_t end) {
    std::string_view word = text.substr(begin, end - begin);
    std::string key = key_of(word);
    if (key.empty()) return;  // punctuation alone ("–") neither counts nor starts a sentence
    if (is_entity(key, initial)) out.push_back({std::move(key), begin, end});
    initial = ends_sentence(word);
  });
  return out;
}

std::vector<std::string> support_keys(std::string_view text) {
  std::vector<std::string> keys;
  for_each_word(text, true, [&](size_t begin, size_t end) {
    std::string key = key_of(text.substr(begin, end - begin));
    if (!key.empty()) keys.push_back(std::move(key));
  });
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

void find_support(std::string_view text, const std::vector<std::string>& sorted_keys, std::vector<bool>& found) {
  for_each_word(text, true, [&](size_t begin, size_t end) {
    const std::string key = key_of(text.substr(begin, end - begin));
    const auto at = std::lower_bound(sorted_keys.begin(), sorted_keys.end(), key);
    if (at != sorted_keys.end() && *at == key) found[static_cast<size_t>(at - sorted_keys.begin())] = true;
  });
}

bool supported(const std::vector<std::string>& sorted_keys, std::string_view key) {
  return std::binary_search(sorted_keys.begin(), sorted_keys.end(), key);
}

}  // namespace fruit::entities
