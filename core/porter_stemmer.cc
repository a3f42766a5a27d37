#include "porter_stemmer.h"

#include <array>
#include <cstddef>

// Reimplementation of NLTK 3.8's PorterStemmer in NLTK_EXTENSIONS mode.
// The word is stemmed in place inside a single std::string buffer; every
// step only ever shortens the buffer or rewrites a short tail, so after the
// initial copy no further allocation is needed in practice.

namespace fruit {
namespace {

using Word = std::string;

// ---------------------------------------------------------------------------
// Letter classes and the measure m.

bool is_vowel_letter(char c) {
  return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}

// Porter's definition: a consonant is anything but a, e, i, o, u, and 'y'
// counts as a consonant only at the start of the word or after a vowel.
// Digits are therefore consonants. Whether position i is a consonant depends
// only on w[0..i], so the answer is the same for a word and any prefix of it.
bool is_consonant(std::string_view w, std::size_t i) {
  const char c = w[i];
  if (is_vowel_letter(c)) return false;
  if (c != 'y') return true;
  // Inside a run of y's the class alternates, starting from the first y of
  // the run: consonant iff it starts the word or follows a vowel letter.
  std::size_t run_start = i;
  while (run_start > 0 && w[run_start - 1] == 'y') --run_start;
  const bool first_is_consonant =
      run_start == 0 || is_vowel_letter(w[run_start - 1]);
  const bool even_offset = (i - run_start) % 2 == 0;
  return even_offset ? first_is_consonant : !first_is_consonant;
}

// m in [C](VC){m}[V]: the number of vowel->consonant transitions.
int measure(std::string_view w) {
  int m = 0;
  bool prev_consonant = false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const char c = w[i];
    bool consonant;
    if (is_vowel_letter(c)) {
      consonant = false;
    } else if (c == 'y') {
      consonant = i == 0 || !prev_consonant;
    } else {
      consonant = true;
    }
    if (consonant && i > 0 && !prev_consonant) ++m;
    prev_consonant = consonant;
  }
  return m;
}

// *v*: the stem contains a vowel.
bool contains_vowel(std::string_view w) {
  bool prev_consonant = false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const char c = w[i];
    if (is_vowel_letter(c)) return true;
    if (c == 'y' && i > 0 && prev_consonant) return true;
    prev_consonant = true;
  }
  return false;
}

// *d: ends with a doubled consonant.
bool ends_double_consonant(std::string_view w) {
  const std::size_t n = w.size();
  return n >= 2 && w[n - 1] == w[n - 2] && is_consonant(w, n - 1);
}

// *o: ends consonant-vowel-consonant with the last letter not w, x or y.
// NLTK extension: a two-letter stem vowel+consonant also qualifies, and
// there the w/x/y exclusion is NOT applied (so "ow" counts).
bool ends_cvc(std::string_view w) {
  const std::size_t n = w.size();
  if (n >= 3) {
    const char last = w[n - 1];
    return is_consonant(w, n - 3) && !is_consonant(w, n - 2) &&
           is_consonant(w, n - 1) && last != 'w' && last != 'x' && last != 'y';
  }
  return n == 2 && !is_consonant(w, 0) && is_consonant(w, 1);
}

// Compared back to front: most candidate suffixes already fail on the last
// letter, which keeps the rule scans cheap.
bool ends_with(std::string_view w, std::string_view suffix) {
  if (w.size() < suffix.size()) return false;
  const char* end = w.data() + w.size();
  for (std::size_t k = 1; k <= suffix.size(); ++k) {
    if (end[-static_cast<std::ptrdiff_t>(k)] != suffix[suffix.size() - k]) {
      return false;
    }
  }
  return true;
}

// The part of `w` before a suffix of length `suffix_len` (<= w.size()).
std::string_view without(std::string_view w, std::size_t suffix_len) {
  return std::string_view(w.data(), w.size() - suffix_len);
}

void replace_tail(Word& w, std::size_t suffix_len, std::string_view with) {
  w.resize(w.size() - suffix_len);
  w.append(with);
}

// ---------------------------------------------------------------------------
// Ordered suffix rule lists (steps 2, 3 and 4).
//
// As in NLTK, only the FIRST rule whose suffix matches is considered: if its
// condition fails, the word is left alone and later rules are not tried.
// E.g. step 4 on "...ement" with m<=1 never falls through to "ment"/"ent".

enum class Cond {
  kMGt0,        // m(stem) > 0
  kMGt1,        // m(stem) > 1
  kMGt1AndST,   // m(stem) > 1 and stem ends in s or t (step 4 "ion")
  kLogi,        // m(stem + "l") > 0 (NLTK's "logi" rule, see step 2)
};

struct Rule {
  std::string_view suffix;
  std::string_view replacement;
  Cond cond;
};

bool holds(Cond cond, std::string_view stem) {
  switch (cond) {
    case Cond::kMGt0:
      return measure(stem) > 0;
    case Cond::kMGt1:
      return measure(stem) > 1;
    case Cond::kMGt1AndST:
      return measure(stem) > 1 && (stem.back() == 's' || stem.back() == 't');
    case Cond::kLogi:
      // The stem here still has its 'l' appended (see the caller).
      return measure(stem) > 0;
  }
  return false;
}

template <std::size_t N>
void apply_first_matching(Word& w, const std::array<Rule, N>& rules) {
  for (const Rule& r : rules) {
    if (!ends_with(w, r.suffix)) continue;
    std::string_view stem = without(w, r.suffix.size());
    // NLTK measures "logi" stems *including* the 'l', so that short
    // stems such as "geo" in "geologi" qualify.
    if (r.cond == Cond::kLogi) stem = without(w, r.suffix.size() - 1);
    if (holds(r.cond, stem)) replace_tail(w, r.suffix.size(), r.replacement);
    return;
  }
}

constexpr std::array<Rule, 22> kStep2Rules{{
    {"ational", "ate", Cond::kMGt0},
    {"tional", "tion", Cond::kMGt0},
    {"enci", "ence", Cond::kMGt0},
    {"anci", "ance", Cond::kMGt0},
    {"izer", "ize", Cond::kMGt0},
    // Porter's later revision: "bli" -> "ble" instead of "abli" -> "able".
    {"bli", "ble", Cond::kMGt0},
    {"alli", "al", Cond::kMGt0},
    {"entli", "ent", Cond::kMGt0},
    {"eli", "e", Cond::kMGt0},
    {"ousli", "ous", Cond::kMGt0},
    {"ization", "ize", Cond::kMGt0},
    {"ation", "ate", Cond::kMGt0},
    {"ator", "ate", Cond::kMGt0},
    {"alism", "al", Cond::kMGt0},
    {"iveness", "ive", Cond::kMGt0},
    {"fulness", "ful", Cond::kMGt0},
    {"ousness", "ous", Cond::kMGt0},
    {"aliti", "al", Cond::kMGt0},
    {"iviti", "ive", Cond::kMGt0},
    {"biliti", "ble", Cond::kMGt0},
    // NLTK additions.
    {"fulli", "ful", Cond::kMGt0},
    {"logi", "log", Cond::kLogi},
}};

constexpr std::array<Rule, 7> kStep3Rules{{
    {"icate", "ic", Cond::kMGt0},
    {"ative", "", Cond::kMGt0},
    {"alize", "al", Cond::kMGt0},
    {"iciti", "ic", Cond::kMGt0},
    {"ical", "ic", Cond::kMGt0},
    {"ful", "", Cond::kMGt0},
    {"ness", "", Cond::kMGt0},
}};

constexpr std::array<Rule, 19> kStep4Rules{{
    {"al", "", Cond::kMGt1},
    {"ance", "", Cond::kMGt1},
    {"ence", "", Cond::kMGt1},
    {"er", "", Cond::kMGt1},
    {"ic", "", Cond::kMGt1},
    {"able", "", Cond::kMGt1},
    {"ible", "", Cond::kMGt1},
    {"ant", "", Cond::kMGt1},
    {"ement", "", Cond::kMGt1},
    {"ment", "", Cond::kMGt1},
    {"ent", "", Cond::kMGt1},
    {"ion", "", Cond::kMGt1AndST},
    {"ou", "", Cond::kMGt1},
    {"ism", "", Cond::kMGt1},
    {"ate", "", Cond::kMGt1},
    {"iti", "", Cond::kMGt1},
    {"ous", "", Cond::kMGt1},
    {"ive", "", Cond::kMGt1},
    {"ize", "", Cond::kMGt1},
}};

// ---------------------------------------------------------------------------
// The steps.

// Plurals. NLTK: a four-letter "-ies" word keeps its 'e' ("dies" -> "die",
// "ties" -> "tie") while longer ones drop it ("flies" -> "fli").
void step1a(Word& w) {
  if (w.size() == 4 && ends_with(w, "ies")) {
    w.pop_back();
    return;
  }
  if (ends_with(w, "sses") || ends_with(w, "ies")) {
    w.resize(w.size() - 2);  // sses -> ss, ies -> i
  } else if (ends_with(w, "ss")) {
    // ss stays.
  } else if (ends_with(w, "s")) {
    w.pop_back();
  }
}

// -ed / -ing and the clean-up after removing them.
void step1b(Word& w) {
  // NLTK: "-ied" is rewritten unconditionally and ends step 1b; four-letter
  // words keep the 'e' ("died" -> "die"), others do not ("spied" -> "spi").
  if (ends_with(w, "ied")) {
    const bool keep_e = w.size() == 4;
    replace_tail(w, 3, keep_e ? "ie" : "i");
    return;
  }
  // "-eed" is decided on its own: when m(stem) == 0 the word is left alone
  // rather than falling through to the "-ed" rule ("feed" stays "feed").
  if (ends_with(w, "eed")) {
    if (measure(without(w, 3)) > 0) w.pop_back();
    return;
  }

  std::size_t cut = 0;
  if (ends_with(w, "ed") && contains_vowel(without(w, 2))) {
    cut = 2;
  } else if (ends_with(w, "ing") && contains_vowel(without(w, 3))) {
    cut = 3;
  }
  if (cut == 0) return;
  w.resize(w.size() - cut);

  // Restore an 'e' or undouble a final consonant so later steps see the
  // usual suffix shapes (conflat(ed) -> conflate, hopp(ing) -> hop).
  if (ends_with(w, "at") || ends_with(w, "bl") || ends_with(w, "iz")) {
    w.push_back('e');
  } else if (ends_double_consonant(w)) {
    // A doubled l, s or z is kept, and then no other rule applies.
    const char last = w.back();
    if (last != 'l' && last != 's' && last != 'z') w.pop_back();
  } else if (measure(w) == 1 && ends_cvc(w)) {
    w.push_back('e');
  }
}

// Final y -> i. NLTK's condition is "preceded by a consonant that is not the
// first letter", instead of the paper's "stem contains a vowel": "happy" ->
// "happi", "cry" -> "cri", but "enjoy" and "by" keep their y.
void step1c(Word& w) {
  const std::size_t n = w.size();
  if (n >= 3 && w[n - 1] == 'y' && is_consonant(w, n - 2)) w[n - 1] = 'i';
}

void step2(Word& w) {
  // NLTK tries "alli" -> "al" before everything else and, when it fires,
  // runs step 2 again on the result (e.g. "...ationalli" -> "...ational"
  // -> "...ate"). The result ends in "al", so this recurses at most once.
  if (ends_with(w, "alli") && measure(without(w, 4)) > 0) {
    w.resize(w.size() - 2);
    step2(w);
    return;
  }
  apply_first_matching(w, kStep2Rules);
}

void step3(Word& w) { apply_first_matching(w, kStep3Rules); }

void step4(Word& w) { apply_first_matching(w, kStep4Rules); }

// Final e. Unlike the rule lists, both conditions are tried here.
void step5a(Word& w) {
  if (!ends_with(w, "e")) return;
  const std::string_view stem = without(w, 1);
  const int m = measure(stem);
  if (m > 1 || (m == 1 && !ends_cvc(stem))) w.pop_back();
}

// Final "ll" -> "l" when m > 1. NLTK measures the word minus only ONE l.
void step5b(Word& w) {
  if (ends_with(w, "ll") && measure(without(w, 1)) > 1) w.pop_back();
}

// NLTK's table of irregular forms, checked before any other processing
// (so it also wins over the "length <= 2" shortcut).
struct Irregular {
  std::string_view form;
  std::string_view stem;
};

constexpr std::array<Irregular, 16> kIrregular{{
    {"sky", "sky"},         {"skies", "sky"},
    {"dying", "die"},       {"lying", "lie"},
    {"tying", "tie"},       {"news", "news"},
    {"innings", "inning"},  {"inning", "inning"},
    {"outings", "outing"},  {"outing", "outing"},
    {"cannings", "canning"}, {"canning", "canning"},
    {"howe", "howe"},       {"proceed", "proceed"},
    {"exceed", "exceed"},   {"succeed", "succeed"},
}};

}  // namespace

std::string porter_stem(std::string_view word) {
  for (const Irregular& irr : kIrregular) {
    if (irr.form == word) return std::string(irr.stem);
  }
  // NLTK returns words of one or two characters untouched.
  if (word.size() <= 2) return std::string(word);

  Word w(word);
  step1a(w);
  step1b(w);
  step1c(w);
  step2(w);
  step3(w);
  step4(w);
  step5a(w);
  step5b(w);
  return w;
}

}  // namespace fruit
