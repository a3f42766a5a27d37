#include "edit5.h"

#include <algorithm>

#include "normalize.h"
#include "unicode.h"

namespace fruit {

std::vector<Edit5Unit> parse_edit5(std::string_view edit) {
  struct Token {
    Delimiter delimiter;
    bool is_copy;
  };
  std::vector<Token> tokens;
  for (const Delimiter& d : find_delimiters(edit, '[', ']')) tokens.push_back({d, true});
  for (const Delimiter& d : find_delimiters(edit, '(', ')')) tokens.push_back({d, false});
  std::sort(tokens.begin(), tokens.end(),
            [](const Token& a, const Token& b) { return a.delimiter.begin < b.delimiter.begin; });

  std::vector<Edit5Unit> units;
  Edit5Unit pending;  // references waiting for their text
  bool has_pending = false;
  const auto flush_text = [&](size_t from, size_t to) {
    const std::string_view text = unicode::strip(edit.substr(from, to - from));
    if (text.empty() && !has_pending) return;
    if (!has_pending) pending.begin = from;
    pending.kind = Edit5Unit::Kind::kText;
    pending.text = std::string(text);
    pending.end = to;
    units.push_back(std::move(pending));
    pending = Edit5Unit{};
    has_pending = false;
  };
  size_t previous_end = 0;
  for (const Token& token : tokens) {
    const Delimiter& d = token.delimiter;
    const bool text_between = !unicode::strip(edit.substr(previous_end, d.begin - previous_end)).empty();
    // Text, or references left without text before a copy token, close a unit.
    if (text_between || (token.is_copy && has_pending)) flush_text(previous_end, d.begin);
    if (token.is_copy) {
      Edit5Unit copy;
      copy.kind = Edit5Unit::Kind::kCopy;
      copy.copy_index = d.uid;
      copy.begin = d.begin;
      copy.end = d.end;
      units.push_back(std::move(copy));
    } else {
      if (!has_pending) pending.begin = d.begin;
      has_pending = true;
      pending.references.push_back(d.uid);
    }
    previous_end = d.end;
  }
  flush_text(previous_end, edit.size());
  return units;
}

Result<InputOutline> outline_input(std::string_view inputs) {
  const size_t context = inputs.find(kContextMarker);
  if (context == std::string_view::npos) return Error{"no [CONTEXT] marker: an input needs exactly one"};
  if (inputs.find(kContextMarker, context + kContextMarker.size()) != std::string_view::npos) {
    return Error{"more than one [CONTEXT] marker: an input needs exactly one"};
  }
  InputOutline outline;
  const std::string_view source = unicode::strip(inputs.substr(0, context));
  auto pieces = split_at_delimiters(source, find_delimiters(source, '[', ']'));
  outline.source_sentences.assign(pieces.begin() + 1, pieces.end());
  const std::string_view evidence = inputs.substr(context + kContextMarker.size());
  for (const Delimiter& d : find_delimiters(evidence, '(', ')')) {
    if (d.uid == outline.evidence_count) ++outline.evidence_count;
  }
  return outline;
}

std::vector<Diagnostic> validate_edit5(const std::vector<Edit5Unit>& units, const InputOutline& input) {
  std::vector<Diagnostic> diagnostics;
  const auto report = [&](size_t unit, std::string code, std::string message) {
    diagnostics.push_back({Diagnostic::Severity::kError, std::move(code), std::move(message), unit, units[unit].begin});
  };
  std::vector<bool> copied(input.source_sentences.size(), false);
  size_t last_copied = 0;
  bool any_copied = false;
  for (size_t u = 0; u < units.size(); ++u) {
    const Edit5Unit& unit = units[u];
    if (unit.kind == Edit5Unit::Kind::kCopy) {
      const size_t i = unit.copy_index;
      if (i >= input.source_sentences.size()) {
        report(u, "copy-out-of-range",
               "copy token [" + uid_text(i) + "] names no source sentence (the input has " +
                   std::to_string(input.source_sentences.size()) + "); the official normalization drops it");
        continue;
      }
      if (copied[i]) {
        report(u, "copy-repeated", "copy token [" + std::to_string(i) + "] copies the same sentence again");
      } else if (any_copied && i < last_copied) {
        report(u, "copy-out-of-order",
               "copy token [" + std::to_string(i) + "] comes after [" + std::to_string(last_copied) +
                   "]: copied sentences must keep their source order");
      }
      copied[i] = true;
      last_copied = std::max(last_copied, i);
      any_copied = true;
      continue;
    }
    for (size_t reference : unit.references) {
      if (reference >= input.evidence_count) {
        report(u, "missing-evidence",
               "reference (" + uid_text(reference) + ") names no evidence item (the input has " +
                   std::to_string(input.evidence_count) +
                   "); note that any \"(number)\" in generated text is read as a reference and removed");
      }
    }
    if (unit.text.empty()) {
      report(u, "empty-sentence", "references are not followed by any text");
    }
  }
  return diagnostics;
}

}  // namespace fruit
