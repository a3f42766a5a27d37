#include "rouge.h"

#include <algorithm>

#include "porter_stemmer.h"
#include "unicode.h"

namespace fruit {
namespace {

// rouge_score's tokenizer replaces [^a-z0-9]+ by a space after lower();
// this writes the lowered text with every separator as a single ' '.
void lower_for_rouge(std::string_view text, std::string& out) {
  out.clear();
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) {
    const unsigned char byte = static_cast<unsigned char>(text[pos]);
    if (byte < 0x80) {
      ++pos;
      if (byte >= 'A' && byte <= 'Z') {
        out += static_cast<char>(byte - 'A' + 'a');
      } else if ((byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9')) {
        out += static_cast<char>(byte);
      } else {
        out += ' ';
      }
      continue;
    }
    const char32_t c = unicode::decode(text, pos);
    if (c == 0x212A) {  // KELVIN SIGN lowercases to ASCII "k"
      out += 'k';
    } else if (c == 0x130) {  // lowercases to "i" + U+0307 COMBINING DOT ABOVE
      out += "i ";
    } else {
      out += ' ';
    }
  }
}

template <class OnToken>
void for_each_token(const std::string& lowered, OnToken on_token) {
  size_t pos = 0;
  while (pos < lowered.size()) {
    if (lowered[pos] == ' ') {
      ++pos;
      continue;
    }
    size_t end = lowered.find(' ', pos);
    if (end == std::string::npos) end = lowered.size();
    on_token(std::string_view(lowered).substr(pos, end - pos));
    pos = end;
  }
}

// Counts the n-grams (n = 1 or 2) of `ids` as sorted keys.
std::vector<uint64_t> sorted_ngrams(TokenIds ids, int n) {
  std::vector<uint64_t> keys;
  if (ids.size() < static_cast<size_t>(n)) return keys;
  keys.reserve(ids.size() - n + 1);
  for (size_t i = 0; i + n <= ids.size(); ++i) {
    keys.push_back(n == 1 ? ids[i] : (uint64_t{ids[i]} << 32) | ids[i + 1]);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

Score from_counts(size_t hits, size_t prediction_count, size_t target_count) {
  Score s;
  s.precision = static_cast<double>(hits) / static_cast<double>(prediction_count);
  s.recall = static_cast<double>(hits) / static_cast<double>(target_count);
  s.fmeasure = fmeasure(s.precision, s.recall);
  return s;
}

}  // namespace

double fmeasure(double precision, double recall) {
  if (precision + recall > 0) return 2 * precision * recall / (precision + recall);
  return 0.0;
}

std::vector<std::string> rouge_tokenize(std::string_view text, bool use_stemmer) {
  std::string lowered;
  lower_for_rouge(text, lowered);
  std::vector<std::string> tokens;
  for_each_token(lowered, [&](std::string_view t) {
    tokens.push_back(use_stemmer && t.size() > 3 ? porter_stem(t) : std::string(t));
  });
  return tokens;
}

uint32_t RougeTokenizer::id_of(const std::string& token) {
  if (const auto found = token_ids_.find(token); found != token_ids_.end()) return found->second;
  uint32_t id;
  if (use_stemmer_ && token.size() > 3) {
    // Distinct raw tokens may share a stem: ids are those of the stems.
    const auto [stem, inserted] = stem_ids_.try_emplace(porter_stem(token), static_cast<uint32_t>(stem_ids_.size()));
    id = stem->second;
  } else if (use_stemmer_) {
    const auto [stem, inserted] = stem_ids_.try_emplace(token, static_cast<uint32_t>(stem_ids_.size()));
    id = stem->second;
  } else {
    id = static_cast<uint32_t>(token_ids_.size());
  }
  token_ids_.emplace(token, id);
  return id;
}

void RougeTokenizer::tokenize(std::string_view text, std::vector<uint32_t>& ids) {
  ids.clear();
  lower_for_rouge(text, lowered_);
  for_each_token(lowered_, [&](std::string_view t) {
    token_.assign(t);
    ids.push_back(id_of(token_));
  });
}

void RougeTokenizer::tokenize_lines(std::string_view text, std::vector<std::vector<uint32_t>>& sentences) {
  sentences.clear();
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (end > pos) {  // rouge_score drops empty lines, not blank ones
      sentences.emplace_back();
      tokenize(text.substr(pos, end - pos), sentences.back());
    }
    pos = end + 1;
  }
}

void RougeTokenizer::clear_if_large() {
  constexpr size_t kMaxCachedTokens = 1 << 20;
  if (token_ids_.size() > kMaxCachedTokens) {
    token_ids_.clear();
    stem_ids_.clear();
  }
}

Score rouge_n(TokenIds target, TokenIds prediction, int n) {
  const auto target_ngrams = sorted_ngrams(target, n);
  const auto prediction_ngrams = sorted_ngrams(prediction, n);
  const size_t hits = sorted_overlap(target_ngrams, prediction_ngrams);
  // rouge_score divides by max(count, 1), so empty sides score 0, not NaN.
  return from_counts(hits, std::max<size_t>(prediction_ngrams.size(), 1),
                     std::max<size_t>(target_ngrams.size(), 1));
}

Score rouge_l(TokenIds target, TokenIds prediction) {
  if (target.empty() || prediction.empty()) return {};
  return from_counts(lcs_length(target, prediction), prediction.size(), target.size());
}

Score rouge_lsum(const std::vector<std::vector<uint32_t>>& target_sentences,
                 const std::vector<std::vector<uint32_t>>& prediction_sentences) {
  if (target_sentences.empty() || prediction_sentences.empty()) return {};
  size_t target_count = 0, prediction_count = 0;
  for (const auto& s : target_sentences) target_count += s.size();
  for (const auto& s : prediction_sentences) prediction_count += s.size();
  if (target_count == 0 || prediction_count == 0) return {};

  // With one sentence on each side the union LCS is one LCS, and its tokens
  // never exceed either side's counts: the length alone decides.
  if (target_sentences.size() == 1 && prediction_sentences.size() == 1) {
    return from_counts(lcs_length(target_sentences[0], prediction_sentences[0]), prediction_count, target_count);
  }

  // Token counts on each side stop a token being credited more often than
  // it occurs (ROUGE 1.5.5 behaviour, kept by rouge_score).
  std::unordered_map<uint32_t, std::pair<size_t, size_t>> counts;  // target, prediction
  for (const auto& s : target_sentences)
    for (uint32_t t : s) ++counts[t].first;
  for (const auto& s : prediction_sentences)
    for (uint32_t t : s) ++counts[t].second;

  size_t hits = 0;
  std::vector<size_t> union_indices;
  for (const auto& ref : target_sentences) {
    union_indices.clear();
    for (const auto& can : prediction_sentences) {
      const auto indices = lcs_indices(ref, can);
      union_indices.insert(union_indices.end(), indices.begin(), indices.end());
    }
    std::sort(union_indices.begin(), union_indices.end());
    union_indices.erase(std::unique(union_indices.begin(), union_indices.end()), union_indices.end());
    for (size_t index : union_indices) {
      auto& [in_target, in_prediction] = counts[ref[index]];
      if (in_target > 0 && in_prediction > 0) {
        ++hits;
        --in_target;
        --in_prediction;
      }
    }
  }
  return from_counts(hits, prediction_count, target_count);
}

RougeTriple score_rouge_lsum(RougeTokenizer& tokenizer, std::string_view target, std::string_view prediction) {
  std::vector<uint32_t> target_ids, prediction_ids;
  tokenizer.tokenize(target, target_ids);
  tokenizer.tokenize(prediction, prediction_ids);
  // rougeLsum's sentences are lines; a text without "\n" is one sentence
  // (or none when empty), so its tokens need not be computed twice.
  std::vector<std::vector<uint32_t>> target_sentences, prediction_sentences;
  const auto sentences_of = [&](std::string_view text, const std::vector<uint32_t>& ids,
                                std::vector<std::vector<uint32_t>>& sentences) {
    if (text.find('\n') != std::string_view::npos) {
      tokenizer.tokenize_lines(text, sentences);
    } else if (!text.empty()) {
      sentences.push_back(ids);
    }
  };
  sentences_of(target, target_ids, target_sentences);
  sentences_of(prediction, prediction_ids, prediction_sentences);
  return {rouge_n(target_ids, prediction_ids, 1), rouge_n(target_ids, prediction_ids, 2),
          rouge_lsum(target_sentences, prediction_sentences)};
}

RougeTriple score_rouge_l(RougeTokenizer& tokenizer, std::string_view target, std::string_view prediction) {
  std::vector<uint32_t> target_ids, prediction_ids;
  tokenizer.tokenize(target, target_ids);
  tokenizer.tokenize(prediction, prediction_ids);
  return {rouge_n(target_ids, prediction_ids, 1), rouge_n(target_ids, prediction_ids, 2),
          rouge_l(target_ids, prediction_ids)};
}

}  // namespace fruit
