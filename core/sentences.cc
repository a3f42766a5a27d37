#include "sentences.h"

#include "unicode.h"

namespace fruit {
namespace {

// Rule 5 (keep in step with the list in sentences.h). Lowercase entries
// also match with their first letter capitalized.
constexpr std::string_view kAbbreviations[] = {
    // titles
    "Mr.", "Mrs.", "Ms.", "Messrs.", "Dr.", "Prof.", "St.", "Jr.", "Sr.", "Gen.", "Col.", "Lt.", "Sgt.", "Capt.",
    "Maj.", "Adm.", "Rev.", "Hon.", "Gov.", "Sen.", "Rep.",
    // companies
    "Inc.", "Ltd.", "Co.", "Corp.", "Bros.",
    // references, numbers and dates
    "No.", "Nos.", "Vol.", "Fig.", "pp.", "p.", "ed.", "eds.", "vs.", "etc.", "e.g.", "i.e.", "approx.", "ca.", "c.",
    "fl.", "b.", "d.", "est.",
    // months
    "Jan.", "Feb.", "Mar.", "Apr.", "Jun.", "Jul.", "Aug.", "Sep.", "Sept.", "Oct.", "Nov.", "Dec.",
    // places
    "Mt.", "Ft.",
};

char32_t peek(std::string_view text, size_t pos, size_t& next) {
  next = pos;
  return unicode::decode(text, next);
}

// '…' is U+2026; '。', '！', '？' (U+3002, U+FF01, U+FF1F) are CJK full stops.
bool is_cjk_terminator(char32_t c) { return c == U'\u3002' || c == U'\uFF01' || c == U'\uFF1F'; }

bool is_terminator(char32_t c) {
  return c == '.' || c == '!' || c == '?' || c == U'\u2026' || is_cjk_terminator(c);
}

// " ' ) ] ” ’ » 」 』 ）
bool is_closer(char32_t c) {
  return c == '"' || c == '\'' || c == ')' || c == ']' || c == U'\u201D' || c == U'\u2019' || c == U'\u00BB' ||
         c == U'\u300D' || c == U'\u300F' || c == U'\uFF09';
}

// " ' ( [ “ ‘ «
bool is_opener(char32_t c) {
  return c == '"' || c == '\'' || c == '(' || c == '[' || c == U'\u201C' || c == U'\u2018' || c == U'\u00AB';
}

// Uppercase letters of the scripts encyclopedic text mostly uses: ASCII,
// Latin-1, Latin Extended-A, Greek and Cyrillic. Other scripts have no case
// (or are rare enough) and so never start a sentence by rule 1.
bool is_upper(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  if (c >= 0xC0 && c <= 0xDE) return c != 0xD7;  // × is not a letter
  if (c >= 0x100 && c <= 0x17F) {
    // Pairs alternate capital/small, but the pairing shifts twice.
    if (c == 0x138 || c == 0x149 || c == 0x17F) return false;
    if (c == 0x178) return true;
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return c % 2 == 1;
    return c % 2 == 0;
  }
  if (c >= 0x391 && c <= 0x3A9) return c != 0x3A2;
  return c >= 0x400 && c <= 0x42F;
}

// Letters for rule 4: Latin, Greek and Cyrillic.
bool is_letter(char32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  return (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x370 && c <= 0x3FF) ||
         (c >= 0x400 && c <= 0x4FF);
}

bool starts_sentence(char32_t c) { return is_upper(c) || unicode::digit_value(c) >= 0 || is_opener(c); }

// Rule 4: "J.", "U.S.", "e.g." - one letter, a period, repeated.
bool is_initials(std::string_view word) {
  size_t pos = 0;
  if (word.empty()) return false;
  while (pos < word.size()) {
    size_t next;
    if (!is_letter(peek(word, pos, next))) return false;
    if (next >= word.size() || word[next] != '.') return false;
    pos = next + 1;
  }
  return true;
}

bool is_abbreviation(std::string_view word) {
  for (std::string_view known : kAbbreviations) {
    if (word == known) return true;
    // "Approx." at the start of a sentence is still an abbreviation.
    if (known[0] >= 'a' && known[0] <= 'z' && word.size() == known.size() && word[0] == known[0] - 'a' + 'A' &&
        word.substr(1) == known.substr(1)) {
      return true;
    }
  }
  return false;
}

// Rules 4 and 5 for the word text[word_begin, period_end), which ends in '.'.
bool period_is_not_an_end(std::string_view text, size_t word_begin, size_t period_end) {
  std::string_view word = text.substr(word_begin, period_end - word_begin);
  // Drop leading opening quotes and brackets: "(Jr." is "Jr.".
  while (!word.empty()) {
    size_t next;
    if (!is_opener(peek(word, 0, next))) break;
    word.remove_prefix(next);
  }
  return is_initials(word) || is_abbreviation(word);
}

// Whitespace starting at pos: its byte length and how many line breaks it
// holds ("\r\n" counts once).
size_t measure_space(std::string_view text, size_t pos, int& line_breaks) {
  line_breaks = 0;
  size_t end = pos;
  while (end < text.size()) {
    const size_t n = unicode::space_length_at(text, end);
    if (n == 0) break;
    if (text[end] == '\n') {
      if (end == pos || text[end - 1] != '\r') ++line_breaks;
    } else if (text[end] == '\r') {
      ++line_breaks;
    }
    end += n;
  }
  return end - pos;
}

void emit(std::string_view text, size_t begin, size_t end, std::vector<std::pair<size_t, size_t>>& spans) {
  const std::string_view sentence = unicode::strip(text.substr(begin, end - begin));
  if (sentence.empty()) return;
  const size_t offset = static_cast<size_t>(sentence.data() - text.data());
  spans.emplace_back(offset, offset + sentence.size());
}

}  // namespace

std::vector<std::pair<size_t, size_t>> sentence_spans(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> spans;
  size_t start = 0;       // where the current sentence began
  size_t word_begin = 0;  // where the current whitespace-delimited word began
  size_t pos = 0;
  while (pos < text.size()) {
    int line_breaks;
    const size_t space = measure_space(text, pos, line_breaks);
    if (space > 0) {
      if (line_breaks >= 2) {  // rule 2
        emit(text, start, pos, spans);
        start = pos + space;
      }
      pos += space;
      word_begin = pos;
      continue;
    }
    size_t next;
    const char32_t c = peek(text, pos, next);
    if (!is_terminator(c)) {
      pos = next;
      continue;
    }
    // A run of terminators, then closers.
    const size_t run_begin = pos;
    bool cjk = false;
    size_t run_end = pos;
    while (run_end < text.size()) {
      const char32_t t = peek(text, run_end, next);
      if (!is_terminator(t)) break;
      cjk = cjk || is_cjk_terminator(t);
      run_end = next;
    }
    size_t end = run_end;
    while (end < text.size() && is_closer(peek(text, end, next))) end = next;
    pos = end;
    if (cjk) {  // rule 3
      emit(text, start, end, spans);
      start = end;
      continue;
    }
    const size_t gap = measure_space(text, end, line_breaks);
    if (gap == 0 || end + gap >= text.size()) continue;
    if (!starts_sentence(peek(text, end + gap, next))) continue;
    const bool single_period = run_end - run_begin == 1 && text[run_begin] == '.';
    if (single_period && period_is_not_an_end(text, word_begin, run_end)) continue;
    emit(text, start, end, spans);  // rule 1
    start = end;
  }
  emit(text, start, text.size(), spans);
  return spans;
}

std::vector<std::string> split_sentences(std::string_view text) {
  std::vector<std::string> sentences;
  for (const auto& [begin, end] : sentence_spans(text)) sentences.emplace_back(text.substr(begin, end - begin));
  return sentences;
}

}  // namespace fruit
