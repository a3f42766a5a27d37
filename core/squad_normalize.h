// SQuAD's answer normalization (the official SQuAD v1.1 evaluation script's
// normalize_answer), used to compare short spans: DiffQG's Overlapping
// Answer baseline (diffqg.h) and the strings of fact triples
// (fact_accuracy.h). In order:
//   1. lowercase (ASCII letters; other characters are kept as they are);
//   2. remove every ASCII punctuation character (Python's
//      string.punctuation: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~);
//   3. remove the articles "a", "an", "the" as whole words;
//   4. split at whitespace (Unicode spaces, as Python's str.split()) and
//      join the words with single spaces.
//
//   squad_normalize("The  Eiffel-Tower!")  == "eiffeltower"  (punctuation is
//                                              removed, not replaced)
//   squad_normalize("An apple, a day")     == "apple day"
//   squad_normalize("  ")                  == ""
//
// Two documented differences from the Python script, both on non-ASCII
// text only: Python lowercases every Unicode letter ("É" -> "é") and its
// regex \b also ends a word at non-ASCII symbols ("the—end" loses "the");
// here only ASCII letters are lowercased and an article is removed only
// when it is a whole whitespace-separated word after step 2.
#pragma once

#include <string>
#include <string_view>

namespace fruit {

std::string squad_normalize(std::string_view text);

// True when `span`, normalized, occurs in normalized `text` as a run of
// whole words ("art" does not occur in "the party"). An empty normalized
// span occurs everywhere.
bool occurs_as_words(std::string_view span, std::string_view text);

}  // namespace fruit
