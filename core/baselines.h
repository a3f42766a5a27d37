// The two reference baselines of the FRUIT paper (Logan IV et al., 2022),
// written as EDIT5 outputs so that every front end scores and displays them
// like a model's output:
//   Copy Source                 the article unchanged: "[0] [1] ... [n-1]"
//   Copy Source + All Evidence  the article followed by every evidence item
//                               as a new sentence citing it: "... (k) body"
#pragma once

#include <string>
#include <string_view>

#include "status.h"

namespace fruit {

enum class Baseline { kCopySource, kCopySourceAllEvidence };

// The baseline's EDIT5 output for a linearized input. An evidence item
// contributes its body (FRUIT does not mark where a section name ends and
// the text begins, so the section comes along, as it does in the paper's
// baseline that appends evidence verbatim).
Result<std::string> baseline_edit(std::string_view inputs, Baseline baseline);

}  // namespace fruit
