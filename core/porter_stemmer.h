#pragma once

#include <string>
#include <string_view>

namespace fruit {

// Porter suffix-stripping stemmer, bit-for-bit compatible with NLTK 3.8's
// `PorterStemmer().stem(word)` in its default NLTK_EXTENSIONS mode (the
// stemmer Google's rouge_score uses). That mode adds a small table of
// irregular forms and several rule tweaks on top of Porter's 1980 paper.
//
// Precondition: `word` consists of lowercase ASCII letters and digits only
// ([a-z0-9]*). Any length is accepted; words of 1-2 characters come back
// unchanged, as in NLTK. The function is pure and thread-safe.
std::string porter_stem(std::string_view word);

}  // namespace fruit
