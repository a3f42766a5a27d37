#include "squad_normalize.h"

#include "unicode.h"

namespace fruit {

std::string squad_normalize(std::string_view text) {
  // Steps 1 and 2, and the words of step 4.
  std::string out, word;
  const auto flush = [&] {
    if (word.empty()) return;
    if (word != "a" && word != "an" && word != "the") {  // step 3
      if (!out.empty()) out += ' ';
      out += word;
    }
    word.clear();
  };
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t start = pos;
    const char32_t c = unicode::decode(text, pos);
    if (unicode::is_space(c)) {
      flush();
    } else if (c < 0x80) {
      const char ch = static_cast<char>(c);
      const bool punctuation = (ch >= '!' && ch <= '/') || (ch >= ':' && ch <= '@') || (ch >= '[' && ch <= '`') ||
                               (ch >= '{' && ch <= '~');
      if (punctuation) continue;
      word += (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
    } else {
      word.append(text.substr(start, pos - start));
    }
  }
  flush();
  return out;
}

bool occurs_as_words(std::string_view span, std::string_view text) {
  const std::string needle = squad_normalize(span);
  if (needle.empty()) return true;
  return (" " + squad_normalize(text) + " ").find(" " + needle + " ") != std::string::npos;
}

}  // namespace fruit
