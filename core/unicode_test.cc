#include "unicode.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Expected values come from CPython 3.11 (unicodedata 14.0.0): str.isspace(),
// re's \d, bytes.decode("utf-8") error offsets, str.strip() and
// re.sub(r"\s{2,}", " ", s).

namespace {

using fruit::unicode::collapse_space_runs;
using fruit::unicode::decode;
using fruit::unicode::digit_value;
using fruit::unicode::find_invalid_utf8;
using fruit::unicode::is_space;
using fruit::unicode::strip;

constexpr size_t npos = std::string_view::npos;

// [c for c in range(0x110000) if chr(c).isspace()]; re's \s matches exactly
// the same set on str.
constexpr char32_t kPythonSpaces[] = {
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001,
    0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
};

// Maximal runs of code points matched by re's \d (CPython 3.11). Within each
// run, unicodedata.decimal(c) == (c - first) % 10.
struct Run {
  char32_t first, last;
};
constexpr Run kPythonDigitRuns[] = {
    {0x30, 0x39},       {0x660, 0x669},     {0x6F0, 0x6F9},     {0x7C0, 0x7C9},     {0x966, 0x96F},
    {0x9E6, 0x9EF},     {0xA66, 0xA6F},     {0xAE6, 0xAEF},     {0xB66, 0xB6F},     {0xBE6, 0xBEF},
    {0xC66, 0xC6F},     {0xCE6, 0xCEF},     {0xD66, 0xD6F},     {0xDE6, 0xDEF},     {0xE50, 0xE59},
    {0xED0, 0xED9},     {0xF20, 0xF29},     {0x1040, 0x1049},   {0x1090, 0x1099},   {0x17E0, 0x17E9},
    {0x1810, 0x1819},   {0x1946, 0x194F},   {0x19D0, 0x19D9},   {0x1A80, 0x1A89},   {0x1A90, 0x1A99},
    {0x1B50, 0x1B59},   {0x1BB0, 0x1BB9},   {0x1C40, 0x1C49},   {0x1C50, 0x1C59},   {0xA620, 0xA629},
    {0xA8D0, 0xA8D9},   {0xA900, 0xA909},   {0xA9D0, 0xA9D9},   {0xA9F0, 0xA9F9},   {0xAA50, 0xAA59},
    {0xABF0, 0xABF9},   {0xFF10, 0xFF19},   {0x104A0, 0x104A9}, {0x10D30, 0x10D39}, {0x11066, 0x1106F},
    {0x110F0, 0x110F9}, {0x11136, 0x1113F}, {0x111D0, 0x111D9}, {0x112F0, 0x112F9}, {0x11450, 0x11459},
    {0x114D0, 0x114D9}, {0x11650, 0x11659}, {0x116C0, 0x116C9}, {0x11730, 0x11739}, {0x118E0, 0x118E9},
    {0x11950, 0x11959}, {0x11C50, 0x11C59}, {0x11D50, 0x11D59}, {0x11DA0, 0x11DA9}, {0x16A60, 0x16A69},
    {0x16AC0, 0x16AC9}, {0x16B50, 0x16B59}, {0x1D7CE, 0x1D7FF}, {0x1E140, 0x1E149}, {0x1E2F0, 0x1E2F9},
    {0x1E950, 0x1E959}, {0x1FBF0, 0x1FBF9},
};

std::string encode(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

bool is_python_space(char32_t c) {
  return std::find(std::begin(kPythonSpaces), std::end(kPythonSpaces), c) != std::end(kPythonSpaces);
}

std::vector<char32_t> decode_all(std::string_view text) {
  std::vector<char32_t> out;
  size_t pos = 0;
  while (pos < text.size()) out.push_back(decode(text, pos));
  return out;
}

}  // namespace

TEST_CASE("unicode: decode reads 1- to 4-byte sequences and advances past them", "[unicode]") {
  size_t pos = 0;
  CHECK(decode("a", pos) == U'a');
  CHECK(pos == 1);

  pos = 0;
  CHECK(decode("\u00E9", pos) == 0xE9);
  CHECK(pos == 2);

  pos = 0;
  CHECK(decode("\u20AC", pos) == 0x20AC);
  CHECK(pos == 3);

  pos = 0;
  CHECK(decode("\U0001D7CE", pos) == 0x1D7CE);
  CHECK(pos == 4);

  pos = 0;
  CHECK(decode("\U0010FFFF", pos) == 0x10FFFF);
  CHECK(pos == 4);

  CHECK(decode_all("a\u00E9\u20AC\U0001F600z") == std::vector<char32_t>{U'a', 0xE9, 0x20AC, 0x1F600, U'z'});
  CHECK(decode_all("") == std::vector<char32_t>{});
}

TEST_CASE("unicode: every scalar value round-trips; surrogates are invalid", "[unicode]") {
  size_t mismatches = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    const std::string bytes = encode(c);
    const bool surrogate = c >= 0xD800 && c <= 0xDFFF;
    size_t pos = 0;
    const bool ok = surrogate ? find_invalid_utf8(bytes) == 0
                              : find_invalid_utf8(bytes) == npos && decode(bytes, pos) == c && pos == bytes.size();
    if (!ok) {
      ++mismatches;
      UNSCOPED_INFO("code point " << static_cast<unsigned long>(c));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("unicode: find_invalid_utf8 agrees with Python's UTF-8 decoder on where input goes bad", "[unicode]") {
  // {bytes, UnicodeDecodeError.start or npos}
  const std::vector<std::pair<std::string, size_t>> cases = {
      {"abc", npos},
      {"\xC0\x80", 0},                // overlong NUL
      {"\xC1\xBF", 0},                // overlong 2-byte
      {"a\xE0\x80\x80", 1},           // overlong 3-byte
      {"\xF0\x8F\xBF\xBF", 0},        // overlong 4-byte
      {"\xED\xA0\x80", 0},            // surrogate U+D800
      {"\xED\xBF\xBF", 0},            // surrogate U+DFFF
      {"\xED\x9F\xBF", npos},         // U+D7FF, just below the surrogates
      {"\xEE\x80\x80", npos},         // U+E000, just above them
      {"ab\xE2\x82", 2},              // truncated 3-byte
      {"\xF0\x9F\x98", 0},            // truncated 4-byte
      {"x\xC3", 1},                   // truncated 2-byte
      {"\xF4\x90\x80\x80", 0},        // U+110000
      {"\xF5\x80\x80\x80", 0},        // lead byte beyond U+10FFFF
      {"\xF4\x8F\xBF\xBF", npos},     // U+10FFFF
      {"\xF0\x9F\x98\x80", npos},     // U+1F600, valid 4-byte
      {"\xEF\xBF\xBF", npos},         // U+FFFF
      {"\x80", 0},                    // lone continuation byte
      {"\xC3(", 0},                   // bad continuation
      {"\xE2(\xA1", 0},               // bad continuation in a 3-byte sequence
      {"ok\xC3\xA9\xFF", 4},          // invalid byte after a valid 2-byte sequence
  };
  for (const auto& [bytes, expected] : cases) {
    INFO("bytes of length " << bytes.size() << ", expected " << expected);
    CHECK(find_invalid_utf8(bytes) == expected);
  }
  CHECK(find_invalid_utf8(std::string_view("a\0b", 3)) == npos);  // NUL is valid UTF-8
}

TEST_CASE("unicode: is_space is exactly Python's str.isspace over all code points", "[unicode]") {
  size_t next = 0;
  size_t mismatches = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    const bool expected = next < std::size(kPythonSpaces) && kPythonSpaces[next] == c;
    if (expected) ++next;
    if (is_space(c) != expected) {
      ++mismatches;
      UNSCOPED_INFO("code point " << static_cast<unsigned long>(c));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("unicode: is_space spot checks, including look-alikes that are not spaces", "[unicode]") {
  for (char32_t c : kPythonSpaces) {
    INFO("code point " << static_cast<unsigned long>(c));
    CHECK(is_space(c));
  }
  CHECK_FALSE(is_space(0x200B));  // ZERO WIDTH SPACE
  CHECK_FALSE(is_space(0x180E));  // MONGOLIAN VOWEL SEPARATOR (no longer Zs)
  CHECK_FALSE(is_space(0xFEFF));  // BYTE ORDER MARK
  CHECK_FALSE(is_space(0x200C));
  CHECK_FALSE(is_space(0x08));
  CHECK_FALSE(is_space(0x00));
  CHECK_FALSE(is_space(U'a'));
  CHECK_FALSE(is_space(0x1B));  // ESC, just below the \x1c..\x1f separators
}

TEST_CASE("unicode: digit_value matches re's \\d and unicodedata.decimal over all code points", "[unicode]") {
  size_t mismatches = 0;
  size_t run = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    while (run < std::size(kPythonDigitRuns) && kPythonDigitRuns[run].last < c) ++run;
    int expected = -1;
    if (run < std::size(kPythonDigitRuns) && kPythonDigitRuns[run].first <= c) {
      expected = static_cast<int>((c - kPythonDigitRuns[run].first) % 10);
    }
    if (digit_value(c) != expected) {
      ++mismatches;
      UNSCOPED_INFO("code point " << static_cast<unsigned long>(c));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("unicode: digit_value spot checks", "[unicode]") {
  CHECK(digit_value(U'0') == 0);
  CHECK(digit_value(U'7') == 7);
  CHECK(digit_value(U'9') == 9);
  CHECK(digit_value(0x660) == 0);    // ARABIC-INDIC DIGIT ZERO
  CHECK(digit_value(0x669) == 9);
  CHECK(digit_value(0x6F5) == 5);    // EXTENDED ARABIC-INDIC DIGIT FIVE
  CHECK(digit_value(0xFF10) == 0);   // FULLWIDTH DIGIT ZERO
  CHECK(digit_value(0xFF19) == 9);
  CHECK(digit_value(0x1D7CE) == 0);  // MATHEMATICAL BOLD DIGIT ZERO
  CHECK(digit_value(0x1D7D7) == 9);
  CHECK(digit_value(0x1D7D8) == 0);  // MATHEMATICAL DOUBLE-STRUCK DIGIT ZERO
  CHECK(digit_value(0x1D7FF) == 9);  // MATHEMATICAL MONOSPACE DIGIT NINE
  CHECK(digit_value(0x1E2F5) == 5);
  CHECK(digit_value(0x1FBF9) == 9);  // SEGMENTED DIGIT NINE

  CHECK(digit_value(0xB2) == -1);    // SUPERSCRIPT TWO: a digit, but not Nd
  CHECK(digit_value(0xBD) == -1);    // VULGAR FRACTION ONE HALF
  CHECK(digit_value(0x2070) == -1);  // SUPERSCRIPT ZERO
  CHECK(digit_value(0x2460) == -1);  // CIRCLED DIGIT ONE
  CHECK(digit_value(0x2155) == -1);
  CHECK(digit_value(0xF33) == -1);   // TIBETAN DIGIT HALF ZERO (No, not Nd)
  CHECK(digit_value(U'/') == -1);
  CHECK(digit_value(U':') == -1);
  CHECK(digit_value(U'a') == -1);
  CHECK(digit_value(0x65F) == -1);
  CHECK(digit_value(0x66A) == -1);
}

TEST_CASE("unicode: space_length_at is the encoded length of Python spaces and 0 otherwise", "[unicode]") {
  size_t mismatches = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    std::string text(1, 'x');
    text += encode(c);
    text.push_back('x');
    const size_t expected = is_python_space(c) ? text.size() - 2 : 0;
    if (fruit::unicode::space_length_at(text, 1) != expected) {
      ++mismatches;
      UNSCOPED_INFO("code point " << static_cast<unsigned long>(c));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("unicode: space_length_at gives the byte length of a space or 0", "[unicode]") {
  const std::string text = "a \u3000\u00A0\u200B\u0085\t";
  CHECK(fruit::unicode::space_length_at(text, 0) == 0);
  CHECK(fruit::unicode::space_length_at(text, 1) == 1);
  CHECK(fruit::unicode::space_length_at(text, 2) == 3);  // U+3000
  CHECK(fruit::unicode::space_length_at(text, 5) == 2);  // U+00A0
  CHECK(fruit::unicode::space_length_at(text, 7) == 0);  // U+200B
  CHECK(fruit::unicode::space_length_at(text, 10) == 2);  // U+0085
  CHECK(fruit::unicode::space_length_at(text, 12) == 1);  // tab
}

TEST_CASE("unicode: strip matches Python's str.strip()", "[unicode]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {" \t\u3000a b\u00A0\n", "a b"},
      {"\u200Bx\u200B", "\u200Bx\u200B"},
      {"", ""},
      {"   ", ""},
      {"\u2029x\u0085", "x"},
      {"a\u180E", "a\u180E"},
      {"\u00A0\u00A0", ""},
      {"\x1C\x1Fmid dle\x1E\x1D", "mid dle"},
      {"\u2007\u205F\u202Fz", "z"},
      {"\u1680\u00E9\u1680", "\u00E9"},
  };
  for (const auto& [text, expected] : cases) {
    INFO("text: " << text);
    CHECK(strip(text) == expected);
  }
}

TEST_CASE("unicode: collapse_space_runs matches re.sub(r'\\s{2,}', ' ', s)", "[unicode]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"a\tb", "a\tb"},  // a single tab is kept
      {"a\nb", "a\nb"},  // a single newline is kept
      {"a \t b", "a b"},
      {"a\u00A0 b", "a b"},  // NBSP + space is a run of two
      {"a\u3000\u3000b", "a b"},
      {"a\u3000b", "a\u3000b"},
      {" lead", " lead"},
      {"  lead", " lead"},
      {"trail  ", "trail "},
      {"a\n\nb\u200B\u200Bc", "a b\u200B\u200Bc"},  // U+200B is not whitespace
      {"x \u2028 y\u0085z", "x y\u0085z"},
      {"\u00E9  \u00E9", "\u00E9 \u00E9"},
      {"\u180E\u180E", "\u180E\u180E"},
      {"a \n\t\x0D\x0B\x0C b", "a b"},
      {"", ""},
  };
  for (const auto& [text, expected] : cases) {
    INFO("text: " << text);
    CHECK(collapse_space_runs(text) == expected);
  }
}
