#include "baselines.h"

#include "linearize.h"

namespace fruit {

Result<std::string> baseline_edit(std::string_view inputs, Baseline baseline) {
  auto parsed = parse_linearized(inputs);
  if (!parsed.ok()) return parsed.error();
  std::string edit;
  const auto append = [&](std::string_view piece) {
    if (piece.empty()) return;
    if (!edit.empty()) edit += ' ';
    edit.append(piece);
  };
  for (size_t i = 0; i < parsed.value().sentences.size(); ++i) append("[" + std::to_string(i) + "]");
  if (baseline == Baseline::kCopySourceAllEvidence) {
    for (const ParsedEvidence& item : parsed.value().evidence) {
      if (item.body.empty()) continue;
      append("(" + std::to_string(item.index) + ") " + item.body);
    }
  }
  return edit;
}

}  // namespace fruit
