// FRUIT's official normalization (language/fruit/rendering_utils.py,
// Task.diff with text delimiters), reproduced exactly, quirks included.
//
// An input is "[0] first sentence [1] second ... [CONTEXT] (0) evidence ...".
// An edit (EDIT5 output) mixes copy tokens "[n]" that stand for source
// sentence n with generated text, whose sentences may be preceded by
// reference tokens "(n)" naming evidence items.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "status.h"

namespace fruit {

inline constexpr std::string_view kContextMarker = "[CONTEXT]";

// One "[n]" or "(n)" delimiter found in a text. n may use any Unicode
// decimal digits, as Python's \d does; huge values saturate at kHugeUid.
struct Delimiter {
  size_t begin = 0;  // byte offset of the opening bracket
  size_t end = 0;    // byte offset just past the closing bracket
  size_t uid = 0;
};
inline constexpr size_t kHugeUid = static_cast<size_t>(-1);

// A uid for messages: its digits, or "(huge)" when it saturated.
inline std::string uid_text(size_t uid) { return uid == kHugeUid ? std::string("(huge)") : std::to_string(uid); }

// All non-overlapping matches of \[(\d+)\] (open='[') or \((\d+)\) (open='(')
// from left to right, as re.finditer finds them.
std::vector<Delimiter> find_delimiters(std::string_view text, char open, char close);

// Text between delimiters, each piece stripped; there is always one more
// piece than delimiters (the piece before the first one may be empty).
std::vector<std::string_view> split_at_delimiters(std::string_view text,
                                                  const std::vector<Delimiter>& delimiters);

// A copy token that named no source sentence and was dropped.
struct DroppedCopyToken {
  size_t uid = 0;
};

struct Normalized {
  std::string source;  // the article without delimiters ("normalized_inputs")
  std::string edited;  // the updated article ("normalized_targets")
  std::vector<DroppedCopyToken> dropped;
};

// rendering_utils.normalize: splits `inputs` at its single "[CONTEXT]"
// (anything but exactly one is an error), removes every "(n)" from the edit
// (a real "(2012)" in generated text disappears too), replaces "[n]" with
// the n-th source sentence (out-of-range tokens are dropped and reported),
// and collapses runs of two or more whitespace characters to one space.
Result<Normalized> normalize(std::string_view inputs, std::string_view edit);

// rendering_utils.extract_additions: the matches of [^.]+\.? in `target`
// whose raw text (leading whitespace included) is not a substring of
// `source`, each stripped.
std::vector<std::string_view> extract_additions(std::string_view source, std::string_view target);

// The additions joined by one space, as the official edit_rouge scores them.
std::string joined_additions(std::string_view source, std::string_view target);
// The same from additions already extracted.
std::string joined_additions(const std::vector<std::string_view>& additions);

}  // namespace fruit
