#include "rouge.h"

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Every expected number below was produced by Google's rouge_score (the
// package the official FRUIT evaluation uses) under CPython 3.11:
// rouge.tokenize.tokenize, rouge_scorer.RougeScorer(...).score(target,
// prediction) with use_stemmer False/True, and the module's private
// _create_ngrams/_score_ngrams/_score_lcs/_summary_level_lcs on integer
// lists. Doubles are Python's repr, so equality is exact: our arithmetic
// must give the same bits.

namespace {

using fruit::RougeTokenizer;
using fruit::Score;
using Ids = std::vector<uint32_t>;
using Sentences = std::vector<std::vector<uint32_t>>;

void check_exact(const Score& actual, const Score& expected) {
  CHECK(actual.precision == expected.precision);
  CHECK(actual.recall == expected.recall);
  CHECK(actual.fmeasure == expected.fmeasure);
}

// ids[i] == ids[j] exactly when tokens[i] == tokens[j].
bool same_equalities(const Ids& ids, const std::vector<std::string>& tokens) {
  if (ids.size() != tokens.size()) return false;
  for (size_t i = 0; i < ids.size(); ++i) {
    for (size_t j = 0; j < ids.size(); ++j) {
      if ((ids[i] == ids[j]) != (tokens[i] == tokens[j])) return false;
    }
  }
  return true;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

struct TextCase {
  std::string target, prediction;
  bool stem;
  Score rouge1, rouge2, rouge_l, rouge_lsum;
};

// RougeScorer(["rouge1", "rouge2", "rougeLsum"]) and
// RougeScorer(["rouge1", "rouge2", "rougeL"]) on the same pair (their
// rouge1/rouge2 agree).
const std::vector<TextCase>& text_cases() {
  static const std::vector<TextCase> cases = {
    {"The cat sat on the mat.",
     "The cat is on the mat.",
     false, {0.8333333333333334, 0.8333333333333334, 0.8333333333333334}, {0.6, 0.6, 0.6}, {0.8333333333333334, 0.8333333333333334, 0.8333333333333334}, {0.8333333333333334, 0.8333333333333334, 0.8333333333333334}},
    {"The cat sat on the mat.",
     "The cat is on the mat.",
     true, {0.8333333333333334, 0.8333333333333334, 0.8333333333333334}, {0.6, 0.6, 0.6}, {0.8333333333333334, 0.8333333333333334, 0.8333333333333334}, {0.8333333333333334, 0.8333333333333334, 0.8333333333333334}},
    {"Identical text here.",
     "Identical text here.",
     false, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}},
    {"Identical text here.",
     "Identical text here.",
     true, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}},
    {"",
     "Some prediction.",
     false, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"",
     "Some prediction.",
     true, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"",
     "",
     false, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"",
     "",
     true, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"Some target.",
     "",
     false, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"Some target.",
     "",
     true, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"The cat sat.\nThe dog ran.\nThe cat sat again.",
     "The dog sat.\nA cat ran the cat.\nThe the the cat.",
     false, {0.6666666666666666, 0.8, 0.7272727272727272}, {0.36363636363636365, 0.4444444444444444, 0.39999999999999997}, {0.4166666666666667, 0.5, 0.45454545454545453}, {0.5833333333333334, 0.7, 0.6363636363636365}},
    {"The cat sat.\nThe dog ran.\nThe cat sat again.",
     "The dog sat.\nA cat ran the cat.\nThe the the cat.",
     true, {0.6666666666666666, 0.8, 0.7272727272727272}, {0.36363636363636365, 0.4444444444444444, 0.39999999999999997}, {0.4166666666666667, 0.5, 0.45454545454545453}, {0.5833333333333334, 0.7, 0.6363636363636365}},
    {"a a a b b\na b a",
     "a b a b a\nb b b a",
     false, {0.7777777777777778, 0.875, 0.823529411764706}, {0.625, 0.7142857142857143, 0.6666666666666666}, {0.7777777777777778, 0.875, 0.823529411764706}, {0.7777777777777778, 0.875, 0.823529411764706}},
    {"a a a b b\na b a",
     "a b a b a\nb b b a",
     true, {0.7777777777777778, 0.875, 0.823529411764706}, {0.625, 0.7142857142857143, 0.6666666666666666}, {0.7777777777777778, 0.875, 0.823529411764706}, {0.7777777777777778, 0.875, 0.823529411764706}},
    {"The runners were running quickly to the generous generals.",
     "A runner runs quick and generously generated generals.",
     false, {0.125, 0.1111111111111111, 0.11764705882352941}, {0.0, 0.0, 0.0}, {0.125, 0.1111111111111111, 0.11764705882352941}, {0.125, 0.1111111111111111, 0.11764705882352941}},
    {"The runners were running quickly to the generous generals.",
     "A runner runs quick and generously generated generals.",
     true, {0.5, 0.4444444444444444, 0.47058823529411764}, {0.14285714285714285, 0.125, 0.13333333333333333}, {0.5, 0.4444444444444444, 0.47058823529411764}, {0.5, 0.4444444444444444, 0.47058823529411764}},
    {"!!!",
     "...",
     false, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"!!!",
     "...",
     true, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}, {0, 0, 0}},
    {"First line.\n\nSecond line.\n",
     "Second line.\nFirst line.",
     false, {1.0, 1.0, 1.0}, {0.6666666666666666, 0.6666666666666666, 0.6666666666666666}, {0.5, 0.5, 0.5}, {1.0, 1.0, 1.0}},
    {"First line.\n\nSecond line.\n",
     "Second line.\nFirst line.",
     true, {1.0, 1.0, 1.0}, {0.6666666666666666, 0.6666666666666666, 0.6666666666666666}, {0.5, 0.5, 0.5}, {1.0, 1.0, 1.0}},
    {"a b\n   \nc d",
     "c d\na b",
     false, {1.0, 1.0, 1.0}, {0.6666666666666666, 0.6666666666666666, 0.6666666666666666}, {0.5, 0.5, 0.5}, {1.0, 1.0, 1.0}},
    {"a b\n   \nc d",
     "c d\na b",
     true, {1.0, 1.0, 1.0}, {0.6666666666666666, 0.6666666666666666, 0.6666666666666666}, {0.5, 0.5, 0.5}, {1.0, 1.0, 1.0}},
    {"Caf\u00E9 in \u0130stanbul, 1941.",
     "Cafe in Istanbul 1941",
     false, {0.5, 0.4, 0.4444444444444445}, {0.0, 0.0, 0.0}, {0.5, 0.4, 0.4444444444444445}, {0.5, 0.4, 0.4444444444444445}},
    {"Caf\u00E9 in \u0130stanbul, 1941.",
     "Cafe in Istanbul 1941",
     true, {0.5, 0.4, 0.4444444444444445}, {0.0, 0.0, 0.0}, {0.5, 0.4, 0.4444444444444445}, {0.5, 0.4, 0.4444444444444445}},
    {"generous 1941 generous generous film released running ran film generals ran cat generous mat dog of 1941 a was generous ran the film of a a running runs the generous on generous released running film runs mat generals the of.\n"
     "generous sat is 1941 of sat on runs film mat the of released cat was cat mat was of the the running running a generals was was is of released running sat on of mat on the is cat dog.\n"
     "runs cat the a generous generals ran 1941 running generous film running dog is was cat was is running the sat released mat the running ran was released cat a dog running generous sat the on mat was of of.",
     "of running released runs the in in generous dog released generals released dog was ran dog mat runs runs running ran 1941 running was generals of is a cat cat.\n"
      "a film sat runs was sat is generals mat film ran of dog runs generals 1941 of sat running running the of sat is generous runs a a ran mat.\n"
      "in film released dog of in dog generous on film released dog released a the generals in mat a the of generals of mat on dog of of generous 1941.\n"
      "in a dog on in of generals of is the generals released the was was released the of of of cat sat is on was released generous generous generous 1941.",
     false, {0.775, 0.775, 0.775}, {0.2184873949579832, 0.2184873949579832, 0.2184873949579832}, {0.35, 0.35, 0.35}, {0.6833333333333333, 0.6833333333333333, 0.6833333333333333}},
    {"generous 1941 generous generous film released running ran film generals ran cat generous mat dog of 1941 a was generous ran the film of a a running runs the generous on generous released running film runs mat generals the of.\n"
     "generous sat is 1941 of sat on runs film mat the of released cat was cat mat was of the the running running a generals was was is of released running sat on of mat on the is cat dog.\n"
     "runs cat the a generous generals ran 1941 running generous film running dog is was cat was is running the sat released mat the running ran was released cat a dog running generous sat the on mat was of of.",
     "of running released runs the in in generous dog released generals released dog was ran dog mat runs runs running ran 1941 running was generals of is a cat cat.\n"
      "a film sat runs was sat is generals mat film ran of dog runs generals 1941 of sat running running the of sat is generous runs a a ran mat.\n"
      "in film released dog of in dog generous on film released dog released a the generals in mat a the of generals of mat on dog of of generous 1941.\n"
      "in a dog on in of generals of is the generals released the was was released the of of of cat sat is on was released generous generous generous 1941.",
     true, {0.825, 0.825, 0.825}, {0.29411764705882354, 0.29411764705882354, 0.29411764705882354}, {0.36666666666666664, 0.36666666666666664, 0.36666666666666664}, {0.725, 0.725, 0.7250000000000001}},
    {"one two three four",
     "four three two one",
     false, {1.0, 1.0, 1.0}, {0.0, 0.0, 0.0}, {0.25, 0.25, 0.25}, {0.25, 0.25, 0.25}},
    {"one two three four",
     "four three two one",
     true, {1.0, 1.0, 1.0}, {0.0, 0.0, 0.0}, {0.25, 0.25, 0.25}, {0.25, 0.25, 0.25}},
    {"\u212Aelvin scale",
     "kelvin scale",
     false, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}},
    {"\u212Aelvin scale",
     "kelvin scale",
     true, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}},
    {"x y z\nx y z\nx y z",
     "x y z",
     false, {1.0, 0.3333333333333333, 0.5}, {1.0, 0.25, 0.4}, {1.0, 0.3333333333333333, 0.5}, {1.0, 0.3333333333333333, 0.5}},
    {"x y z\nx y z\nx y z",
     "x y z",
     true, {1.0, 0.3333333333333333, 0.5}, {1.0, 0.25, 0.4}, {1.0, 0.3333333333333333, 0.5}, {1.0, 0.3333333333333333, 0.5}},
    {"He died in 2001. He was born in 1941.",
     "He was born in 1941.\nHe died in 2001.",
     false, {1.0, 1.0, 1.0}, {0.875, 0.875, 0.875}, {0.5555555555555556, 0.5555555555555556, 0.5555555555555556}, {1.0, 1.0, 1.0}},
    {"He died in 2001. He was born in 1941.",
     "He was born in 1941.\nHe died in 2001.",
     true, {1.0, 1.0, 1.0}, {0.875, 0.875, 0.875}, {0.5555555555555556, 0.5555555555555556, 0.5555555555555556}, {1.0, 1.0, 1.0}},
  };
  return cases;
}

}  // namespace

TEST_CASE("rouge_tokenize: lowercases and splits at anything outside [a-z0-9]", "[rouge]") {
  struct Case {
    std::string text;
    std::vector<std::string> tokens;
  };
  const std::vector<Case> cases = {
      {"The quick brown fox.", {"the", "quick", "brown", "fox"}},
      {"Route 66, 1941-2001!", {"route", "66", "1941", "2001"}},
      {"", {}},
      {"  ", {}},
      {"a_b-c.d/e", {"a", "b", "c", "d", "e"}},
      {"don't stop", {"don", "t", "stop"}},
      {"line1\nline2\tTab", {"line1", "line2", "tab"}},
  };
  for (const Case& c : cases) {
    INFO("text: " << c.text);
    CHECK(fruit::rouge_tokenize(c.text) == c.tokens);
  }
}

TEST_CASE("rouge_tokenize: non-ASCII letters and digits split words", "[rouge]") {
  CHECK(fruit::rouge_tokenize("caf\u00E9 na\u00EFve r\u00E9sum\u00E9") ==
        std::vector<std::string>{"caf", "na", "ve", "r", "sum"});
  CHECK(fruit::rouge_tokenize("\u00C9t\u00E9 \u00C5ngstr\u00F6m") == std::vector<std::string>{"t", "ngstr", "m"});
  CHECK(fruit::rouge_tokenize("\uFF21\uFF22 full") == std::vector<std::string>{"full"});
  CHECK(fruit::rouge_tokenize("Stra\u00DFe \u03A3\u03C3") == std::vector<std::string>{"stra", "e"});
  CHECK(fruit::rouge_tokenize("\u0661\u0662 12") == std::vector<std::string>{"12"});
}

TEST_CASE("rouge_tokenize: KELVIN SIGN joins the word as k, U+0130 becomes i then a split", "[rouge]") {
  CHECK(fruit::rouge_tokenize("\u212Aelvin and \u0130stanbul") ==
        std::vector<std::string>{"kelvin", "and", "i", "stanbul"});
  CHECK(fruit::rouge_tokenize("ABC\u212A") == std::vector<std::string>{"abck"});
  CHECK(fruit::rouge_tokenize("x\u0130y") == std::vector<std::string>{"xi", "y"});
}

TEST_CASE("rouge_tokenize: every other non-ASCII code point is a separator", "[rouge]") {
  // tokenize("a" + chr(c) + "b") is ["a", "b"] for every non-surrogate
  // c >= 0x80 except U+0130 (["ai", "b"]) and U+212A (["akb"]).
  const std::vector<std::string> separated = {"a", "b"};
  size_t mismatches = 0;
  std::string text;
  for (char32_t c = 0x80; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    text.assign(1, 'a');
    append_utf8(text, c);
    text.push_back('b');
    std::vector<std::string> expected = separated;
    if (c == 0x130) expected = {"ai", "b"};
    if (c == 0x212A) expected = {"akb"};
    if (fruit::rouge_tokenize(text) != expected) {
      ++mismatches;
      UNSCOPED_INFO("code point " << static_cast<unsigned long>(c));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("RougeTokenizer: equal ids exactly for equal (stemmed) tokens", "[rouge]") {
  RougeTokenizer plain(false);
  RougeTokenizer stemmed(true);
  CHECK_FALSE(plain.use_stemmer());
  CHECK(stemmed.use_stemmer());
  struct Case {
    std::string text;
    std::vector<std::string> stemmed, plain;
  };
  const std::vector<Case> cases = {
      {"running runs run ran Running RUNS",
       {"run", "run", "run", "ran", "run", "run"},
       {"running", "runs", "run", "ran", "running", "runs"}},
      {"The runners were running quickly",
       {"the", "runner", "were", "run", "quickli"},
       {"the", "runners", "were", "running", "quickly"}},
      {"Generously generating generations general",
       {"gener", "gener", "gener", "gener"},
       {"generously", "generating", "generations", "general"}},
      {"cats cat caresses caress", {"cat", "cat", "caress", "caress"}, {"cats", "cat", "caresses", "caress"}},
      // Tokens of 3 characters or fewer are not stemmed (stem("was") would be "wa").
      {"was wa has ha ies i", {"was", "wa", "has", "ha", "ies", "i"}, {"was", "wa", "has", "ha", "ies", "i"}},
  };
  for (const Case& c : cases) {
    INFO("text: " << c.text);
    Ids ids;
    stemmed.tokenize(c.text, ids);
    CHECK(same_equalities(ids, c.stemmed));
    plain.tokenize(c.text, ids);
    CHECK(same_equalities(ids, c.plain));
  }
}

TEST_CASE("RougeTokenizer: tokenize_lines splits at newlines and drops only empty lines", "[rouge]") {
  RougeTokenizer tokenizer(false);
  Sentences sentences;
  tokenizer.tokenize_lines("a b\n\nc\n", sentences);
  REQUIRE(sentences.size() == 2);
  CHECK(sentences[0].size() == 2);
  CHECK(sentences[1].size() == 1);

  tokenizer.tokenize_lines("a\n   \nb", sentences);  // a blank line is a sentence without tokens
  REQUIRE(sentences.size() == 3);
  CHECK(sentences[1].empty());

  tokenizer.tokenize_lines("", sentences);
  CHECK(sentences.empty());
  tokenizer.tokenize_lines("\n\n", sentences);
  CHECK(sentences.empty());
}

TEST_CASE("fmeasure: 2PR/(P+R), 0 when both are 0", "[rouge]") {
  CHECK(fruit::fmeasure(0, 0) == 0);
  CHECK(fruit::fmeasure(1, 0) == 0);
  CHECK(fruit::fmeasure(0.8, 0.8) == 0.8000000000000002);  // scoring.fmeasure(0.8, 0.8)
  CHECK(fruit::fmeasure(0.3, 0.375) == 0.33333333333333326);
}

TEST_CASE("rouge_n and rouge_l on token ids match rouge_score", "[rouge]") {
  struct Case {
    Ids target, prediction;
    Score rouge1, rouge2, rouge_l;
  };
  const std::vector<Case> cases = {
      {{1, 2, 3, 1, 2}, {1, 2, 1, 2, 2}, {0.8, 0.8, 0.8000000000000002}, {0.5, 0.5, 0.5}, {0.8, 0.8, 0.8000000000000002}},
      {{}, {1}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}},
      {{1}, {}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0, 0, 0}},
      {{5}, {5}, {1.0, 1.0, 1.0}, {0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}},
      {{1, 1, 1, 1}, {1, 1}, {1.0, 0.5, 0.6666666666666666}, {1.0, 0.3333333333333333, 0.5}, {1.0, 0.5, 0.6666666666666666}},
      {{1, 2, 1, 2, 1, 2}, {2, 1, 2, 1}, {1.0, 0.6666666666666666, 0.8}, {1.0, 0.6, 0.7499999999999999},
       {1.0, 0.6666666666666666, 0.8}},
      {{3, 1, 4, 1, 5, 9, 2, 6}, {2, 7, 1, 8, 2, 8, 1, 8, 2, 8}, {0.3, 0.375, 0.33333333333333326}, {0.0, 0.0, 0.0},
       {0.3, 0.375, 0.33333333333333326}},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    INFO("case " << i);
    check_exact(fruit::rouge_n(c.target, c.prediction, 1), c.rouge1);
    check_exact(fruit::rouge_n(c.target, c.prediction, 2), c.rouge2);
    check_exact(fruit::rouge_l(c.target, c.prediction), c.rouge_l);
  }
}

TEST_CASE("rouge_lsum on token-id sentences matches _summary_level_lcs, count clipping included", "[rouge]") {
  struct Case {
    Sentences target, prediction;
    Score expected;
  };
  const std::vector<Case> cases = {
      {{{1, 2, 3}, {1, 2, 3}}, {{1, 2, 3}}, {1.0, 0.5, 0.6666666666666666}},
      {{{1, 2, 3}}, {{3, 2, 1}, {1, 2, 3}, {2, 3}}, {0.375, 1.0, 0.5454545454545454}},
      {{{1, 1, 2}, {2, 1}}, {{1, 2, 1}, {1}, {2, 2}}, {0.8333333333333334, 1.0, 0.9090909090909091}},
      {{}, {{1}}, {0, 0, 0}},
      {{{1}}, {}, {0, 0, 0}},
      {{{}}, {{1}}, {0, 0, 0}},
      {{{1, 2}, {}}, {{2, 1}}, {0.5, 0.5, 0.5}},
      {{{2, 2, 0, 3, 1, 0, 1, 0, 2, 3}, {3, 0, 1, 0}, {3, 2, 1, 3}, {0, 1, 3}},
       {{1, 0, 0}, {1, 1, 1, 2}, {1, 1, 1, 1, 3, 2}, {2}, {1, 1, 2, 0, 2, 2, 0}},
       {0.5714285714285714, 0.5714285714285714, 0.5714285714285714}},
      {{{5, 5, 2, 0, 2, 2, 2, 3, 5, 2, 1, 3, 3, 5, 1, 0, 2, 0, 5, 2, 3, 0, 4, 3, 2, 3, 4, 0, 3, 0,
         5, 1, 4, 1, 0, 1, 3, 2, 4, 2, 4, 2, 3, 0, 4, 5, 2, 2, 0, 3, 0, 1, 2, 4, 4, 2, 1, 2, 2, 5,
         4, 0, 2, 5, 2, 2, 1, 0, 5, 1, 5, 5, 2, 3, 1, 5, 0, 0, 4, 4, 3, 0, 1, 5, 4, 2, 2, 3},
        {1, 0, 5, 0, 3, 2, 1, 1, 5, 4, 1, 5, 3, 0, 1, 3, 2, 1, 0, 3, 2, 1, 3, 4, 1, 4, 3, 3, 5, 5,
         2, 3, 2, 2, 3, 3, 1, 0, 3, 4, 1, 5, 3, 2, 1, 0, 3, 2, 4, 4, 4, 2, 0, 2, 5, 4, 5, 0, 2, 2,
         4, 5, 5, 2, 3, 2, 5, 5, 2, 2, 5, 1, 4, 0, 3, 4},
        {2, 5, 2, 3, 2, 4, 5, 5, 2, 2, 2, 5, 2, 5, 3, 2, 1, 5, 3, 2, 2, 4, 1, 4, 1, 1, 2, 3, 2, 5,
         0, 5, 5, 5, 3, 1, 4, 4, 4, 5, 3, 2, 4, 4, 5, 2, 5, 0, 1, 1, 4, 3, 4, 5, 1, 1, 5, 1, 5, 5,
         0, 3, 1, 1, 0, 1}},
       {{2, 1, 3, 1, 4, 0, 3, 3, 2, 3, 5, 4, 0, 4, 1, 1, 5, 2, 0, 2, 3, 2, 3, 0, 5, 4, 2, 0, 4, 4,
         2, 0, 2, 4, 4, 2, 4, 2, 2, 1, 3, 3, 4, 5, 4, 2, 3, 1, 1, 4, 3, 4, 3, 1, 1, 4, 0},
        {5, 0, 3, 0, 2, 4, 4, 4, 1, 2, 5, 4, 3, 3, 3, 1, 3, 2, 3, 5, 3, 3, 1, 4, 4, 2, 5, 2, 3, 2,
         3, 0, 2, 2, 3, 2, 1, 3, 0, 0, 5, 4, 3, 1, 2, 0, 1, 3, 0, 3, 4, 4, 2, 1, 3, 0, 1, 3, 2, 1,
         5, 2, 2, 3, 4, 3, 4, 5, 4, 5, 0, 0},
        {2, 2, 4, 5, 2, 4, 2, 5, 4, 0, 3, 2, 2, 5, 5, 4, 1, 0, 0, 2, 4, 3, 5, 0, 5, 4, 1, 0, 3, 3,
         4, 4, 5, 5, 5, 5, 3, 3, 3, 3, 5, 5, 1, 2, 3, 0, 2, 0, 5, 3, 4, 2, 5, 3, 2, 1, 1, 3}},
       {0.93048128342246, 0.7565217391304347, 0.8345323741007195}},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    INFO("case " << i);
    check_exact(fruit::rouge_lsum(cases[i].target, cases[i].prediction), cases[i].expected);
  }
}

TEST_CASE("score_rouge_lsum matches RougeScorer(['rouge1', 'rouge2', 'rougeLsum'])", "[rouge]") {
  for (const TextCase& c : text_cases()) {
    INFO("target: " << c.target << "\nprediction: " << c.prediction << "\nstem: " << c.stem);
    RougeTokenizer tokenizer(c.stem);
    const auto scores = fruit::score_rouge_lsum(tokenizer, c.target, c.prediction);
    check_exact(scores.rouge1, c.rouge1);
    check_exact(scores.rouge2, c.rouge2);
    check_exact(scores.rouge_l, c.rouge_lsum);
  }
}

TEST_CASE("score_rouge_l matches RougeScorer(['rouge1', 'rouge2', 'rougeL'])", "[rouge]") {
  for (const TextCase& c : text_cases()) {
    INFO("target: " << c.target << "\nprediction: " << c.prediction << "\nstem: " << c.stem);
    RougeTokenizer tokenizer(c.stem);
    const auto scores = fruit::score_rouge_l(tokenizer, c.target, c.prediction);
    check_exact(scores.rouge1, c.rouge1);
    check_exact(scores.rouge2, c.rouge2);
    check_exact(scores.rouge_l, c.rouge_l);
  }
}

TEST_CASE("RougeTokenizer: one tokenizer reused across many comparisons gives the same scores", "[rouge]") {
  RougeTokenizer plain(false), stemmed(true);
  for (int pass = 0; pass < 2; ++pass) {
    for (const TextCase& c : text_cases()) {
      INFO("pass " << pass << ", target: " << c.target << "\nprediction: " << c.prediction);
      RougeTokenizer& tokenizer = c.stem ? stemmed : plain;
      const auto lsum = fruit::score_rouge_lsum(tokenizer, c.target, c.prediction);
      const auto l = fruit::score_rouge_l(tokenizer, c.target, c.prediction);
      check_exact(lsum.rouge1, c.rouge1);
      check_exact(lsum.rouge_l, c.rouge_lsum);
      check_exact(l.rouge_l, c.rouge_l);
      tokenizer.clear_if_large();
    }
  }
}
