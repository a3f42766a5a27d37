#include "normalize.h"

#include <string.h>  // memmem

#include <algorithm>

#include "unicode.h"

namespace fruit {

std::vector<Delimiter> find_delimiters(std::string_view text, char open, char close) {
  std::vector<Delimiter> found;
  size_t pos = text.find(open);
  while (pos != std::string_view::npos) {
    // Try to read one or more Unicode digits and the closing bracket.
    size_t cursor = pos + 1;
    size_t uid = 0;
    int digits = 0;
    while (cursor < text.size()) {
      size_t next = cursor;
      const int value = unicode::digit_value(unicode::decode(text, next));
      if (value < 0) break;
      uid = uid > (kHugeUid - 9) / 10 ? kHugeUid : uid * 10 + static_cast<size_t>(value);
      cursor = next;
      ++digits;
    }
    if (digits > 0 && cursor < text.size() && text[cursor] == close) {
      found.push_back({pos, cursor + 1, uid});
      pos = text.find(open, cursor + 1);
    } else {
      pos = text.find(open, pos + 1);
    }
  }
  return found;
}

std::vector<std::string_view> split_at_delimiters(std::string_view text,
                                                  const std::vector<Delimiter>& delimiters) {
  std::vector<std::string_view> pieces;
  pieces.reserve(delimiters.size() + 1);
  size_t previous_end = 0;
  for (const Delimiter& d : delimiters) {
    pieces.push_back(unicode::strip(text.substr(previous_end, d.begin - previous_end)));
    previous_end = d.end;
  }
  pieces.push_back(unicode::strip(text.substr(previous_end)));
  return pieces;
}

namespace {

// InvertibleDelimiterRange.remove_delims: pieces joined by one space, stripped.
std::string remove_delimiters(std::string_view text, char open, char close) {
  const auto pieces = split_at_delimiters(text, find_delimiters(text, open, close));
  std::string joined;
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0) joined += ' ';
    joined.append(pieces[i]);
  }
  return std::string(unicode::strip(joined));
}

void append_with_space(std::string& out, std::string_view piece, bool& first) {
  if (!first) out += ' ';
  out.append(piece);
  first = false;
}

}  // namespace

Result<Normalized> normalize(std::string_view inputs, std::string_view edit) {
  const size_t context = inputs.find(kContextMarker);
  if (context == std::string_view::npos) {
    return Error{"no [CONTEXT] marker: an input needs exactly one"};
  }
  if (inputs.find(kContextMarker, context + kContextMarker.size()) != std::string_view::npos) {
    return Error{"more than one [CONTEXT] marker: an input needs exactly one"};
  }
  const std::string_view source = unicode::strip(inputs.substr(0, context));

  Normalized result;
  const std::string clean_source = remove_delimiters(source, '[', ']');
  const std::string clean_edit = remove_delimiters(edit, '(', ')');

  // Source sentences are the pieces after each copy delimiter (the piece
  // before the first delimiter is never a sentence).
  const auto source_pieces = split_at_delimiters(source, find_delimiters(source, '[', ']'));
  const auto sentences = std::vector<std::string_view>(source_pieces.begin() + 1, source_pieces.end());

  // copy_replace: text between copy tokens is kept when not empty after
  // stripping; copy tokens become their sentence (even an empty one).
  std::string edited;
  bool first = true;
  size_t previous_end = 0;
  for (const Delimiter& d : find_delimiters(clean_edit, '[', ']')) {
    const auto between = unicode::strip(std::string_view(clean_edit).substr(previous_end, d.begin - previous_end));
    if (!between.empty()) append_with_space(edited, between, first);
    if (d.uid < sentences.size()) {
      append_with_space(edited, sentences[d.uid], first);
    } else {
      result.dropped.push_back({d.uid});
    }
    previous_end = d.end;
  }
  const auto rest = unicode::strip(std::string_view(clean_edit).substr(previous_end));
  if (!rest.empty()) append_with_space(edited, rest, first);

  result.source = unicode::collapse_space_runs(clean_source);
  result.edited = unicode::collapse_space_runs(unicode::strip(edited));
  return result;
}

namespace {

// Substring test. memmem (glibc and musl) is several times faster than
// std::string_view::find here: every piece after a period starts with a
// space, so find's first-character scan stops at every space of the source.
bool contains(std::string_view haystack, std::string_view needle) {
  return memmem(haystack.data(), haystack.size(), needle.data(), needle.size()) != nullptr;
}

}  // namespace

std::vector<std::string_view> extract_additions(std::string_view source, std::string_view target) {
  std::vector<std::string_view> additions;
  size_t pos = 0;
  while (pos < target.size()) {
    if (target[pos] == '.') {  // [^.]+ needs at least one non-period
      ++pos;
      continue;
    }
    size_t end = target.find('.', pos);
    end = end == std::string_view::npos ? target.size() : end + 1;
    const std::string_view piece = target.substr(pos, end - pos);
    if (!contains(source, piece)) additions.push_back(unicode::strip(piece));
    pos = end;
  }
  return additions;
}

std::string joined_additions(const std::vector<std::string_view>& additions) {
  std::string joined;
  bool first = true;
  for (std::string_view piece : additions) append_with_space(joined, piece, first);
  return joined;
}

std::string joined_additions(std::string_view source, std::string_view target) {
  return joined_additions(extract_additions(source, target));
}

}  // namespace fruit
