// ROUGE exactly as Google's rouge_score computes it (the package FRUIT's
// official evaluation uses): its tokenizer, optional Porter stemming,
// ROUGE-N, ROUGE-L and ROUGE-Lsum. Scores are on rouge_score's 0..1 scale.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lcs.h"

namespace fruit {

struct Score {
  double precision = 0;
  double recall = 0;
  double fmeasure = 0;
};

// rouge_score's scoring.fmeasure: 2PR/(P+R), or 0 when P+R is 0.
double fmeasure(double precision, double recall);

// rouge_score's tokenizer: Python str.lower(), then every run of
// characters outside [a-z0-9] is a separator. Non-ASCII letters therefore
// split words, except the two characters whose lowercase is ASCII: U+212A
// KELVIN SIGN becomes "k" and U+0130 becomes "i" followed by a separator
// (its lowercase is "i" + U+0307). With the stemmer, tokens longer than 3
// characters are replaced by their Porter stem.
std::vector<std::string> rouge_tokenize(std::string_view text, bool use_stemmer = false);

// Scores token-id sequences (ids from RougeTokenizer; equal ids = equal
// tokens).
Score rouge_n(TokenIds target, TokenIds prediction, int n);  // n is 1 or 2
Score rouge_l(TokenIds target, TokenIds prediction);
// Summary-level LCS over sentences (rouge_score's rougeLsum).
Score rouge_lsum(const std::vector<std::vector<uint32_t>>& target_sentences,
                 const std::vector<std::vector<uint32_t>>& prediction_sentences);

// Turns text into token ids, stemming tokens longer than 3 characters with
// NLTK's Porter stemmer when asked (as rouge_score does). Caches ids and
// stems across calls; ids are only meaningful between texts tokenized by
// the same tokenizer since the last clear_if_large().
class RougeTokenizer {
 public:
  explicit RougeTokenizer(bool use_stemmer) : use_stemmer_(use_stemmer) {}

  void tokenize(std::string_view text, std::vector<uint32_t>& ids);
  // rougeLsum's sentences: the text split at "\n", empty lines dropped.
  void tokenize_lines(std::string_view text, std::vector<std::vector<uint32_t>>& sentences);
  // Keeps memory flat over huge files; call only between comparisons.
  void clear_if_large();
  bool use_stemmer() const { return use_stemmer_; }

 private:
  uint32_t id_of(const std::string& token);

  bool use_stemmer_;
  std::unordered_map<std::string, uint32_t> token_ids_;  // raw token -> id
  std::unordered_map<std::string, uint32_t> stem_ids_;   // stem -> id
  std::string lowered_;
  std::string token_;
};

// The three scores of one ROUGE comparison, as the FRUIT metrics use them.
struct RougeTriple {
  Score rouge1, rouge2, rouge_l;  // rouge_l is rougeL or rougeLsum
};

// rouge_score's RougeScorer(["rouge1", "rouge2", "rougeLsum"]).score(target, prediction).
RougeTriple score_rouge_lsum(RougeTokenizer& tokenizer, std::string_view target, std::string_view prediction);
// rouge_score's RougeScorer(["rouge1", "rouge2", "rougeL"]).score(target, prediction).
RougeTriple score_rouge_l(RougeTokenizer& tokenizer, std::string_view target, std::string_view prediction);

}  // namespace fruit
