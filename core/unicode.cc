#include "unicode.h"

#include <algorithm>
#include <iterator>

namespace fruit::unicode {
namespace {

// Ranges of Unicode category Nd (what CPython 3.11's re \d matches). Each
// range is a run of whole blocks of ten digits 0..9. Derived from Unicode
// 14.0 (unicodedata.unidata_version of CPython 3.11).
struct DigitRange {
  char32_t first, last;
};
constexpr DigitRange kDigitRanges[] = {
    {0x30, 0x39}, {0x660, 0x669}, {0x6F0, 0x6F9}, {0x7C0, 0x7C9}, {0x966, 0x96F}, {0x9E6, 0x9EF},
    {0xA66, 0xA6F}, {0xAE6, 0xAEF}, {0xB66, 0xB6F}, {0xBE6, 0xBEF}, {0xC66, 0xC6F}, {0xCE6, 0xCEF},
    {0xD66, 0xD6F}, {0xDE6, 0xDEF}, {0xE50, 0xE59}, {0xED0, 0xED9}, {0xF20, 0xF29}, {0x1040, 0x1049},
    {0x1090, 0x1099}, {0x17E0, 0x17E9}, {0x1810, 0x1819}, {0x1946, 0x194F}, {0x19D0, 0x19D9}, {0x1A80, 0x1A89},
    {0x1A90, 0x1A99}, {0x1B50, 0x1B59}, {0x1BB0, 0x1BB9}, {0x1C40, 0x1C49}, {0x1C50, 0x1C59}, {0xA620, 0xA629},
    {0xA8D0, 0xA8D9}, {0xA900, 0xA909}, {0xA9D0, 0xA9D9}, {0xA9F0, 0xA9F9}, {0xAA50, 0xAA59}, {0xABF0, 0xABF9},
    {0xFF10, 0xFF19}, {0x104A0, 0x104A9}, {0x10D30, 0x10D39}, {0x11066, 0x1106F}, {0x110F0, 0x110F9}, {0x11136, 0x1113F},
    {0x111D0, 0x111D9}, {0x112F0, 0x112F9}, {0x11450, 0x11459}, {0x114D0, 0x114D9}, {0x11650, 0x11659}, {0x116C0, 0x116C9},
    {0x11730, 0x11739}, {0x118E0, 0x118E9}, {0x11950, 0x11959}, {0x11C50, 0x11C59}, {0x11D50, 0x11D59}, {0x11DA0, 0x11DA9},
    {0x16A60, 0x16A69}, {0x16AC0, 0x16AC9}, {0x16B50, 0x16B59}, {0x1D7CE, 0x1D7FF}, {0x1E140, 0x1E149}, {0x1E2F0, 0x1E2F9},
    {0x1E950, 0x1E959}, {0x1FBF0, 0x1FBF9},
};

}  // namespace

char32_t decode(std::string_view text, size_t& pos) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(pos);
  if (lead < 0x80) {
    ++pos;
    return lead;
  }
  const int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  char32_t c = lead & (0x7F >> length);
  for (int k = 1; k < length; ++k) c = (c << 6) | (byte(pos + k) & 0x3F);
  pos += length;
  return c;
}

size_t find_invalid_utf8(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    const unsigned char lead = static_cast<unsigned char>(text[pos]);
    if (lead < 0x80) {
      ++pos;
      continue;
    }
    int length;
    char32_t min_value;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2, min_value = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3, min_value = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4, min_value = 0x10000;
    } else {
      return pos;
    }
    if (pos + length > text.size()) return pos;
    for (int k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[pos + k]) & 0xC0) != 0x80) return pos;
    }
    size_t probe = pos;
    const char32_t c = decode(text, probe);
    if (c < min_value || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return pos;
    pos = probe;
  }
  return std::string_view::npos;
}

bool is_space(char32_t c) {
  if (c < 0x80) return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

int digit_value(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c < 0x660) return -1;
  const auto* range = std::upper_bound(std::begin(kDigitRanges), std::end(kDigitRanges), c,
                                       [](char32_t v, const DigitRange& r) { return v < r.first; });
  if (range == std::begin(kDigitRanges)) return -1;
  --range;
  if (c > range->last) return -1;
  return static_cast<int>((c - range->first) % 10);
}

size_t space_length_at(std::string_view text, size_t pos) {
  const unsigned char lead = static_cast<unsigned char>(text[pos]);
  if (lead < 0x80) return is_space(lead) ? 1 : 0;
  // Every non-ASCII space starts with one of these lead bytes; checking
  // first keeps the common case (letters) cheap.
  if (lead != 0xC2 && lead != 0xE1 && lead != 0xE2 && lead != 0xE3) return 0;
  size_t next = pos;
  const char32_t c = decode(text, next);
  return is_space(c) ? next - pos : 0;
}

std::string_view strip(std::string_view text) {
  size_t begin = 0;
  while (begin < text.size()) {
    const size_t n = space_length_at(text, begin);
    if (n == 0) break;
    begin += n;
  }
  size_t end = text.size();
  while (end > begin) {
    // Find the start of the last character: skip UTF-8 continuation bytes.
    size_t start = end - 1;
    while (start > begin && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
    if (space_length_at(text, start) != end - start) break;
    end = start;
  }
  return text.substr(begin, end - begin);
}

std::string collapse_space_runs(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) {
    size_t run_end = pos;
    int run_chars = 0;
    while (run_end < text.size()) {
      const size_t n = space_length_at(text, run_end);
      if (n == 0) break;
      run_end += n;
      ++run_chars;
    }
    if (run_chars >= 2) {
      out += ' ';
      pos = run_end;
    } else if (run_chars == 1) {
      out.append(text.substr(pos, run_end - pos));
      pos = run_end;
    } else {
      out += text[pos++];
    }
  }
  return out;
}

}  // namespace fruit::unicode
