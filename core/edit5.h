// EDIT5 outputs as data. An EDIT5 output (FRUIT's "diff" target format)
// lists the updated article in order: "[n]" copies source sentence n
// unchanged, and new text appears verbatim, each new sentence optionally
// preceded by reference tokens "(k)" naming the evidence that supports it:
//   "[0] (1) (3) The film was released in 1941. [2]"
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "status.h"

namespace fruit {

struct Edit5Unit {
  enum class Kind { kCopy, kText };
  Kind kind = Kind::kText;
  size_t copy_index = 0;           // kCopy: the source sentence copied
  std::vector<size_t> references;  // kText: evidence items cited
  std::string text;                // kText: the new text, stripped
  size_t begin = 0, end = 0;       // byte span in the edit
};

// Splits an edit into units. Never fails: malformed edits are reported by
// validate_edit5, and text with no tokens at all is one text unit.
std::vector<Edit5Unit> parse_edit5(std::string_view edit);

// The parts of a linearized input that an edit can point to.
struct InputOutline {
  std::vector<std::string_view> source_sentences;  // views into the input
  size_t evidence_count = 0;
};

// Source sentences are the pieces after each "[n]" before "[CONTEXT]"
// (copy tokens address them by position, as the official normalization
// does). Evidence items are the "(0)", "(1)", ... markers after it, taken in
// sequence so that a "(1941)" inside evidence text is not an item.
Result<InputOutline> outline_input(std::string_view inputs);

struct Diagnostic {
  enum class Severity { kError, kWarning };
  Severity severity = Severity::kError;
  std::string code;     // stable machine-readable name
  std::string message;  // for people
  size_t unit = 0;      // index into the parsed units
  size_t offset = 0;    // byte offset in the edit
};

// Well-formedness of an edit against its input: copy tokens must name an
// existing sentence, at most once and in increasing order; references must
// name an existing evidence item and be followed by text.
std::vector<Diagnostic> validate_edit5(const std::vector<Edit5Unit>& units, const InputOutline& input);

}  // namespace fruit
