// The few Unicode rules the official Python evaluation depends on, so that
// every string operation here matches CPython 3 on str (not bytes).
// All functions take valid UTF-8 (see validate_utf8).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fruit::unicode {

// Decodes the code point starting at text[pos] and advances pos past it.
// Precondition: text is valid UTF-8 and pos < text.size().
char32_t decode(std::string_view text, size_t& pos);

// Returns the byte offset of the first invalid UTF-8 sequence (overlong
// forms, surrogates and code points above U+10FFFF are invalid), or npos.
size_t find_invalid_utf8(std::string_view text);

// Python's str.isspace(), which is also what re's \s matches on str.
bool is_space(char32_t c);

// Python's re \d on str (Unicode category Nd, Unicode 14 as in CPython
// 3.11): returns the digit's value 0..9, or -1 for a non-digit.
int digit_value(char32_t c);

// Byte length of the whitespace character at text[pos], or 0 if none.
size_t space_length_at(std::string_view text, size_t pos);

// Python's str.strip() with no arguments.
std::string_view strip(std::string_view text);

// Python's re.sub(r"\s{2,}", " ", text): only runs of two or more
// whitespace characters become one space; a lone tab or newline stays.
std::string collapse_space_runs(std::string_view text);

}  // namespace fruit::unicode
