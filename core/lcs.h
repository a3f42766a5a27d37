// Longest common subsequence of token-id sequences, bit-parallel
// (Allison-Dix / Crochemore et al.): one pass of word-wide additions per
// token of `a`, O(|a| * |b| / 64) time, O(|b|) memory for the length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace fruit {

using TokenIds = std::span<const uint32_t>;

// Length of a longest common subsequence of a and b.
size_t lcs_length(TokenIds a, TokenIds b);

// Indices into `ref` of the LCS that rouge_score's lcs_ind returns: the
// same DP table walked back from the end, taking a match whenever the
// tokens are equal, else moving left only when that cell is strictly
// greater than the one above. ROUGE-Lsum's union depends on this choice.
std::vector<size_t> lcs_indices(TokenIds ref, TokenIds can);

// Size of the multiset intersection of two sorted sequences (n-gram
// overlap for ROUGE-N; a cheap upper bound of the LCS for the diff).
template <class T>
size_t sorted_overlap(const std::vector<T>& a, const std::vector<T>& b) {
  size_t i = 0, j = 0, overlap = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++overlap, ++i, ++j;
    }
  }
  return overlap;
}

}  // namespace fruit
