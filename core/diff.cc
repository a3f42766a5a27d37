#include "diff.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <span>
#include <unordered_map>
#include <utility>

#include "lcs.h"
#include "unicode.h"

namespace fruit {
namespace {

// ---------------------------------------------------------------- words

struct Char {
  char32_t c;
  size_t length;
};

// The character at text[pos]. Unlike unicode::decode this takes any bytes:
// a byte that does not start a complete sequence is a character of its own
// (U+FFFD), so nothing reads past the text and every byte lands in a token.
Char char_at(std::string_view text, size_t pos) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(pos);
  if (lead < 0x80) return {lead, 1};
  const size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                        : lead >= 0xF0 && lead <= 0xF4                                   ? 4
                                                                                         : 0;
  if (length == 0 || pos + length > text.size()) return {0xFFFD, 1};
  char32_t c = lead & (0x7F >> length);
  for (size_t k = 1; k < length; ++k) {
    if ((byte(pos + k) & 0xC0) != 0x80) return {0xFFFD, 1};
    c = (c << 6) | (byte(pos + k) & 0x3F);
  }
  return {c, length};
}

enum class CharClass {
  kSpace,
  kLetter,     // letters, digits, marks: runs form one word
  kIdeograph,  // scripts written without spaces: each character is a word
  kMark,       // punctuation and symbols: each is a token of its own
};

struct Range {
  char32_t first, last;
};

bool in_ranges(char32_t c, std::span<const Range> ranges) {
  return std::any_of(ranges.begin(), ranges.end(), [c](const Range& r) { return c >= r.first && c <= r.last; });
}

// Punctuation and symbols common in encyclopedic text (dashes, quotes,
// currency, arrows, CJK and fullwidth punctuation, emoji). Anything
// non-ASCII not listed counts as a letter, which at worst makes a word
// longer than it should be; the reconstruction stays exact either way.
constexpr Range kMarkRanges[] = {
    {0xA1, 0xA9},     {0xAB, 0xB1},     {0xB4, 0xB4},     {0xB6, 0xB8},     {0xBB, 0xBB},
    {0xBF, 0xBF},     {0xD7, 0xD7},     {0xF7, 0xF7},     {0x2010, 0x2027}, {0x2030, 0x205E},
    {0x20A0, 0x20CF}, {0x2190, 0x23FF}, {0x2500, 0x27BF}, {0x3000, 0x303F}, {0xFE30, 0xFE4F},
    {0xFF01, 0xFF0F}, {0xFF1A, 0xFF20}, {0xFF3B, 0xFF40}, {0xFF5B, 0xFF65}, {0xFFFD, 0xFFFD},
    {0x1F000, 0x1FAFF},
};

// Kana and Han ideographs (Hangul is written with spaces).
constexpr Range kIdeographRanges[] = {
    {0x3040, 0x30FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xF900, 0xFAFF}, {0x20000, 0x3FFFF},
};

CharClass classify(char32_t c) {
  if (c < 0x80) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return CharClass::kLetter;
    return unicode::is_space(c) ? CharClass::kSpace : CharClass::kMark;
  }
  if (unicode::is_space(c)) return CharClass::kSpace;
  if (in_ranges(c, kIdeographRanges)) return CharClass::kIdeograph;
  if (in_ranges(c, kMarkRanges)) return CharClass::kMark;
  return CharClass::kLetter;
}

// A token is its body [begin, body_end) and the whitespace after it
// [body_end, end). Only a leading whitespace run has an empty body.
struct Token {
  size_t begin = 0, body_end = 0, end = 0;
  bool is_word = false;  // contains a letter, digit or ideograph
};

std::vector<Token> tokenize_words(std::string_view text) {
  std::vector<Token> tokens;
  size_t pos = 0;
  const auto skip_space = [&] {
    while (pos < text.size()) {
      const Char ch = char_at(text, pos);
      if (classify(ch.c) != CharClass::kSpace) break;
      pos += ch.length;
    }
  };
  if (pos < text.size() && classify(char_at(text, pos).c) == CharClass::kSpace) {
    skip_space();
    tokens.push_back({0, 0, pos, false});
  }
  while (pos < text.size()) {
    Token token;
    token.begin = pos;
    const Char first = char_at(text, pos);
    const CharClass cls = classify(first.c);
    pos += first.length;
    if (cls == CharClass::kLetter) {
      while (pos < text.size()) {
        const Char ch = char_at(text, pos);
        if (classify(ch.c) != CharClass::kLetter) break;
        pos += ch.length;
      }
    }
    token.is_word = cls == CharClass::kLetter || cls == CharClass::kIdeograph;
    token.body_end = pos;
    skip_space();
    token.end = pos;
    tokens.push_back(token);
  }
  return tokens;
}

std::string_view body(std::string_view text, const Token& t) { return text.substr(t.begin, t.body_end - t.begin); }
std::string_view suffix(std::string_view text, const Token& t) { return text.substr(t.body_end, t.end - t.body_end); }

// Equal token bodies get equal ids, so LCS can run on integers.
class WordIds {
 public:
  uint32_t id(std::string_view word) {
    return ids_.try_emplace(word, static_cast<uint32_t>(ids_.size())).first->second;
  }

 private:
  std::unordered_map<std::string_view, uint32_t> ids_;
};

// The ids of the words of `text` (the tokens that count for similarity).
std::vector<uint32_t> word_ids(std::string_view text, WordIds& ids) {
  std::vector<uint32_t> out;
  for (const Token& t : tokenize_words(text)) {
    if (t.is_word) out.push_back(ids.id(body(text, t)));
  }
  return out;
}

// ---------------------------------------------------------------- spans

// Collects the diff as alternating equal and change segments, then turns
// them into spans. Folding happens as segments arrive, so it is one pass.
class SpanBuilder {
 public:
  void equal(std::string_view text, bool has_word) {
    if (text.empty()) return;
    if (!segments_.empty() && segments_.back().equal) {
      segments_.back().same += text;
      segments_.back().has_word |= has_word;
      return;
    }
    segments_.push_back({true, has_word, std::string(text), {}, {}});
  }

  void change(std::string_view deleted, std::string_view inserted) {
    if (deleted.empty() && inserted.empty()) return;
    const size_t n = segments_.size();
    // Punctuation alone between two changes reads as noise: it joins them.
    if (n >= 2 && segments_[n - 1].equal && !segments_[n - 1].has_word && !segments_[n - 2].equal) {
      const std::string same = std::move(segments_[n - 1].same);
      segments_.pop_back();
      segments_.back().deleted += same;
      segments_.back().inserted += same;
    }
    if (segments_.empty() || segments_.back().equal) segments_.push_back({false, false, {}, {}, {}});
    segments_.back().deleted += deleted;
    segments_.back().inserted += inserted;
  }

  std::vector<DiffSpan> finish() {
    std::vector<DiffSpan> spans;
    const auto add = [&](DiffSpan::Kind kind, std::string_view text) {
      if (text.empty()) return;
      if (!spans.empty() && spans.back().kind == kind) {
        spans.back().text += text;
      } else {
        spans.push_back({kind, std::string(text)});
      }
    };
    for (const Segment& s : segments_) {
      if (s.equal) {
        add(DiffSpan::Kind::kEqual, s.same);
        continue;
      }
      // "<del>film </del><ins>movie </ins>was": the space both sides end
      // with is unchanged, so show it as such.
      std::string_view del = s.deleted, ins = s.inserted;
      size_t common = 0;
      if (!del.empty() && !ins.empty()) {
        while (common < del.size() && common < ins.size()) {
          const char c = del[del.size() - 1 - common];
          if (c != ins[ins.size() - 1 - common] || !unicode::is_space(static_cast<unsigned char>(c)) ||
              static_cast<unsigned char>(c) >= 0x80) {
            break;
          }
          ++common;
        }
      }
      add(DiffSpan::Kind::kDeleted, del.substr(0, del.size() - common));
      add(DiffSpan::Kind::kInserted, ins.substr(0, ins.size() - common));
      add(DiffSpan::Kind::kEqual, del.substr(del.size() - common));
    }
    return spans;
  }

 private:
  struct Segment {
    bool equal;
    bool has_word;         // equal: contains a word, so it is never folded
    std::string same;      // equal
    std::string deleted;   // change
    std::string inserted;  // change
  };
  std::vector<Segment> segments_;
};

using Matches = std::vector<std::pair<size_t, size_t>>;  // (i in a, j in b)

// Pairs of one LCS of x and y: lcs_indices names positions in x only, so
// embed that subsequence in y as late as possible, as its backtrack (from
// the end) prefers.
Matches lcs_pairs(TokenIds x, TokenIds y) {
  const std::vector<size_t> in_x = lcs_indices(x, y);
  Matches pairs(in_x.size());
  size_t j = y.size();
  for (size_t k = in_x.size(); k-- > 0;) {
    while (j > 0 && y[j - 1] != x[in_x[k]]) --j;
    pairs[k] = {in_x[k], --j};  // always found: the tokens are a subsequence of y
  }
  return pairs;
}

// Two longest common subsequences of token ids a and b: lcs_indices walked
// back with a as the reference and with b. Equal-length LCS can read very
// differently ("premiered in 1978" -> "premiered on 20 May 1978 in
// Wuppertal" keeps "in" one way and "1978" the other); the caller keeps
// the better one. The second is empty when both are the same.
std::pair<Matches, Matches> match_tokens(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  // A common prefix and suffix are always part of some LCS; trimming them
  // keeps the quadratic part small and anchors the obvious matches.
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix_length = 0;
  while (suffix_length < a.size() - prefix && suffix_length < b.size() - prefix &&
         a[a.size() - 1 - suffix_length] == b[b.size() - 1 - suffix_length]) {
    ++suffix_length;
  }
  const TokenIds mid_a = TokenIds(a).subspan(prefix, a.size() - prefix - suffix_length);
  const TokenIds mid_b = TokenIds(b).subspan(prefix, b.size() - prefix - suffix_length);
  Matches by_a = lcs_pairs(mid_a, mid_b);
  Matches by_b = lcs_pairs(mid_b, mid_a);
  for (auto& [j, i] : by_b) std::swap(i, j);
  if (by_b == by_a) by_b.clear();

  const auto complete = [&](Matches& middle) {
    Matches all;
    for (size_t k = 0; k < prefix; ++k) all.emplace_back(k, k);
    for (const auto& [i, j] : middle) all.emplace_back(prefix + i, prefix + j);
    for (size_t k = 0; k < suffix_length; ++k) {
      all.emplace_back(a.size() - suffix_length + k, b.size() - suffix_length + k);
    }
    middle = std::move(all);
  };
  complete(by_a);
  if (!by_b.empty()) complete(by_b);
  return {std::move(by_a), std::move(by_b)};
}

// ------------------------------------------------------------ sentences

// Strip, and read every whitespace run as one space.
std::string whitespace_key(std::string_view text) {
  std::string out;
  bool pending_space = false;
  size_t pos = 0;
  while (pos < text.size()) {
    const Char ch = char_at(text, pos);
    if (classify(ch.c) == CharClass::kSpace) {
      pending_space = !out.empty();
    } else {
      if (pending_space) out += ' ';
      pending_space = false;
      out.append(text.substr(pos, ch.length));
    }
    pos += ch.length;
  }
  return out;
}

double f1(size_t common, size_t na, size_t nb) {
  return na + nb == 0 ? 0.0 : 2.0 * static_cast<double>(common) / static_cast<double>(na + nb);
}

// Updated indices of a longest chain of copies whose source indices
// strictly increase (patience sorting).
std::vector<size_t> increasing_copies(const std::vector<size_t>& copies, const std::vector<UpdatedSentence>& updated) {
  const auto source = [&](size_t k) { return *updated[copies[k]].copied_from; };
  std::vector<size_t> tails;  // tails[l]: copy ending the best chain of length l+1
  std::vector<size_t> previous(copies.size(), SIZE_MAX);
  for (size_t k = 0; k < copies.size(); ++k) {
    const auto at = std::lower_bound(tails.begin(), tails.end(), source(k),
                                     [&](size_t tail, size_t value) { return source(tail) < value; });
    if (at != tails.begin()) previous[k] = *std::prev(at);
    if (at == tails.end()) {
      tails.push_back(k);
    } else {
      *at = k;
    }
  }
  std::vector<size_t> chain;
  for (size_t k = tails.empty() ? SIZE_MAX : tails.back(); k != SIZE_MAX; k = previous[k]) chain.push_back(copies[k]);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

std::string_view kind_name(SentenceDiff::Kind kind) {
  switch (kind) {
    case SentenceDiff::Kind::kCopied: return "copied";
    case SentenceDiff::Kind::kEdited: return "edited";
    case SentenceDiff::Kind::kInserted: return "inserted";
    case SentenceDiff::Kind::kDeleted: return "deleted";
  }
  return "";
}

std::string_view kind_name(DiffSpan::Kind kind) {
  switch (kind) {
    case DiffSpan::Kind::kEqual: return "equal";
    case DiffSpan::Kind::kInserted: return "inserted";
    case DiffSpan::Kind::kDeleted: return "deleted";
  }
  return "";
}

}  // namespace

std::vector<UpdatedSentence> updated_from_edit5(const std::vector<Edit5Unit>& units,
                                                const std::vector<std::string_view>& source_sentences) {
  std::vector<UpdatedSentence> out;
  for (const Edit5Unit& unit : units) {
    if (unit.kind == Edit5Unit::Kind::kCopy) {
      if (unit.copy_index >= source_sentences.size()) continue;
      out.push_back({std::string(source_sentences[unit.copy_index]), unit.copy_index, {}});
    } else if (!unit.text.empty()) {
      out.push_back({unit.text, std::nullopt, unit.references});
    }
  }
  return out;
}

std::vector<UpdatedSentence> updated_from_text(const std::vector<std::string>& sentences,
                                               const std::vector<std::string>& source_sentences) {
  // Source indices by text, in order, with how many are already copied.
  struct Unused {
    std::vector<size_t> indices;
    size_t next = 0;
  };
  std::unordered_map<std::string, Unused> by_text;
  for (size_t s = 0; s < source_sentences.size(); ++s) by_text[whitespace_key(source_sentences[s])].indices.push_back(s);
  std::vector<UpdatedSentence> out;
  for (const std::string& sentence : sentences) {
    UpdatedSentence u{sentence, std::nullopt, {}};
    const auto found = by_text.find(whitespace_key(sentence));
    if (found != by_text.end() && found->second.next < found->second.indices.size()) {
      u.copied_from = found->second.indices[found->second.next++];
    }
    out.push_back(std::move(u));
  }
  return out;
}

double sentence_similarity(std::string_view a, std::string_view b) {
  WordIds ids;
  const std::vector<uint32_t> wa = word_ids(a, ids), wb = word_ids(b, ids);
  if (wa.empty() || wb.empty()) return 0.0;
  return f1(lcs_length(wa, wb), wa.size(), wb.size());
}

WordDiff diff_words(std::string_view source, std::string_view updated, size_t max_pairs) {
  WordDiff out;
  const std::vector<Token> ta = tokenize_words(source), tb = tokenize_words(updated);
  if (!tb.empty() && ta.size() > max_pairs / tb.size()) {
    out.capped = true;
    if (!source.empty()) out.spans.push_back({DiffSpan::Kind::kDeleted, std::string(source)});
    if (!updated.empty()) out.spans.push_back({DiffSpan::Kind::kInserted, std::string(updated)});
    return out;
  }
  WordIds ids;
  std::vector<uint32_t> ia, ib;
  for (const Token& t : ta) ia.push_back(ids.id(body(source, t)));
  for (const Token& t : tb) ib.push_back(ids.id(body(updated, t)));

  // Byte offset where token k starts (the text's end past the last one).
  const auto start = [](const std::vector<Token>& tokens, std::string_view text, size_t k) {
    return k < tokens.size() ? tokens[k].begin : text.size();
  };
  const auto spans_of = [&](const Matches& matches) {
    SpanBuilder builder;
    size_t i = 0, j = 0;
    const auto unmatched_until = [&](size_t to_i, size_t to_j) {
      const size_t ai = start(ta, source, i), bj = start(tb, updated, j);
      builder.change(source.substr(ai, start(ta, source, to_i) - ai),
                     updated.substr(bj, start(tb, updated, to_j) - bj));
    };
    for (const auto& [mi, mj] : matches) {
      unmatched_until(mi, mj);
      const Token& a = ta[mi];
      const Token& b = tb[mj];
      const std::string_view sa = suffix(source, a), sb = suffix(updated, b);
      if (sa == sb) {
        builder.equal(source.substr(a.begin, a.end - a.begin), a.is_word);
      } else {
        builder.equal(body(source, a), a.is_word);
        builder.change(sa, sb);
      }
      i = mi + 1, j = mj + 1;
    }
    unmatched_until(ta.size(), tb.size());
    return builder.finish();
  };
  auto [first, second] = match_tokens(ia, ib);
  out.spans = spans_of(first);
  if (!second.empty()) {
    // Keep the one that shows more text unchanged, then fewer pieces.
    std::vector<DiffSpan> other = spans_of(second);
    const auto equal_bytes = [](const std::vector<DiffSpan>& spans) {
      size_t n = 0;
      for (const DiffSpan& span : spans) n += span.kind == DiffSpan::Kind::kEqual ? span.text.size() : 0;
      return n;
    };
    const size_t mine = equal_bytes(out.spans), theirs = equal_bytes(other);
    if (theirs > mine || (theirs == mine && other.size() < out.spans.size())) out.spans = std::move(other);
  }
  return out;
}

UpdateDiff diff_update(const std::vector<std::string>& source_sentences, const std::vector<UpdatedSentence>& updated,
                       const DiffOptions& options) {
  const size_t n = source_sentences.size(), m = updated.size();
  using Kind = SentenceDiff::Kind;
  std::vector<Kind> kind(m, Kind::kInserted);
  std::vector<size_t> source_of(m, SIZE_MAX);
  std::vector<bool> source_taken(n, false);

  std::vector<size_t> copies;
  for (size_t u = 0; u < m; ++u) {
    const auto& from = updated[u].copied_from;
    if (!from || *from >= n) continue;
    kind[u] = Kind::kCopied;
    source_of[u] = *from;
    source_taken[*from] = true;
    copies.push_back(u);
  }
  // Aligned pairs that keep reading order on both sides: updated -> source.
  std::map<size_t, size_t> aligned;
  for (size_t u : increasing_copies(copies, updated)) aligned.emplace(u, source_of[u]);

  // Candidate edited pairs, only between the anchors around each sentence.
  WordIds ids;
  std::vector<std::vector<uint32_t>> source_words(n), updated_words(m), source_sorted(n);
  for (size_t s = 0; s < n; ++s) {
    if (source_taken[s]) continue;
    source_words[s] = word_ids(source_sentences[s], ids);
    source_sorted[s] = source_words[s];
    std::sort(source_sorted[s].begin(), source_sorted[s].end());
  }
  struct Candidate {
    double similarity;
    size_t u, s;
  };
  std::vector<Candidate> candidates;
  for (size_t u = 0; u < m; ++u) {
    if (kind[u] == Kind::kCopied) continue;
    const std::vector<uint32_t> words = word_ids(updated[u].text, ids);
    if (words.empty()) continue;
    std::vector<uint32_t> sorted = words;
    std::sort(sorted.begin(), sorted.end());
    const auto next = aligned.lower_bound(u);
    const size_t lo = next == aligned.begin() ? 0 : std::prev(next)->second + 1;
    const size_t hi = next == aligned.end() ? n : next->second;
    for (size_t s = lo; s < hi; ++s) {
      if (source_taken[s] || source_words[s].empty()) continue;
      const size_t na = words.size(), nb = source_words[s].size();
      // Cheap upper bounds first: most pairs are unrelated sentences.
      if (f1(std::min(na, nb), na, nb) < options.edited_similarity) continue;
      if (f1(sorted_overlap(sorted, source_sorted[s]), na, nb) < options.edited_similarity) continue;
      const double similarity = f1(lcs_length(words, source_words[s]), na, nb);
      if (similarity >= options.edited_similarity) candidates.push_back({similarity, u, s});
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
    if (x.similarity != y.similarity) return x.similarity > y.similarity;
    return x.u != y.u ? x.u < y.u : x.s < y.s;
  });
  for (const Candidate& c : candidates) {
    if (kind[c.u] != Kind::kInserted || source_taken[c.s]) continue;
    const auto next = aligned.lower_bound(c.u);
    if (next != aligned.end() && next->second < c.s) continue;
    if (next != aligned.begin() && std::prev(next)->second > c.s) continue;
    kind[c.u] = Kind::kEdited;
    source_of[c.u] = c.s;
    source_taken[c.s] = true;
    aligned.emplace(c.u, c.s);
  }

  // A deleted source sentence follows the aligned sentence that preceded
  // it in the source: slot 0 is before everything, slot u+1 after u.
  std::vector<std::pair<size_t, size_t>> by_source;  // (source, updated), both increasing
  for (const auto& [u, s] : aligned) by_source.emplace_back(s, u);
  std::vector<std::vector<size_t>> deleted_at(m + 1);
  for (size_t s = 0; s < n; ++s) {
    if (source_taken[s]) continue;
    const auto after = std::lower_bound(by_source.begin(), by_source.end(), std::make_pair(s, size_t{0}));
    deleted_at[after == by_source.begin() ? 0 : std::prev(after)->second + 1].push_back(s);
  }

  UpdateDiff diff;
  const auto add_deleted = [&](size_t slot) {
    for (size_t s : deleted_at[slot]) {
      SentenceDiff d;
      d.kind = Kind::kDeleted;
      d.source_index = s;
      if (!source_sentences[s].empty()) d.spans.push_back({DiffSpan::Kind::kDeleted, source_sentences[s]});
      diff.sentences.push_back(std::move(d));
    }
  };
  add_deleted(0);
  for (size_t u = 0; u < m; ++u) {
    SentenceDiff d;
    d.kind = kind[u];
    d.updated_index = u;
    d.references = updated[u].references;
    const std::string& text = updated[u].text;
    switch (kind[u]) {
      case Kind::kCopied:
        d.source_index = source_of[u];
        if (!source_sentences[source_of[u]].empty()) {
          d.spans.push_back({DiffSpan::Kind::kEqual, source_sentences[source_of[u]]});
        }
        break;
      case Kind::kEdited: {
        d.source_index = source_of[u];
        WordDiff words = diff_words(source_sentences[source_of[u]], text, options.max_word_diff_pairs);
        d.spans = std::move(words.spans);
        d.capped = words.capped;
        break;
      }
      case Kind::kInserted:
      case Kind::kDeleted:
        if (!text.empty()) d.spans.push_back({DiffSpan::Kind::kInserted, text});
        break;
    }
    diff.sentences.push_back(std::move(d));
    add_deleted(u + 1);
  }
  return diff;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {

// Escaped `text`, which starts at byte `offset` of its updated sentence,
// with the parts that fall inside a mark wrapped in <mark>.
std::string marked_html(std::string_view text, size_t offset, const std::vector<EntityMark>& marks) {
  std::string out;
  size_t pos = 0;  // in text
  for (const EntityMark& mark : marks) {
    if (mark.end <= offset + pos || mark.begin >= offset + text.size()) continue;
    const size_t begin = std::max(mark.begin, offset + pos) - offset;
    const size_t end = std::min(mark.end, offset + text.size()) - offset;
    out += html_escape(text.substr(pos, begin - pos));
    out += "<mark class=\"fb-unsupported\" title=\"In neither the article nor the evidence\">";
    out += html_escape(text.substr(begin, end - begin)) + "</mark>";
    pos = end;
  }
  return out + html_escape(text.substr(pos));
}

}  // namespace

std::string HtmlDiffFormatter::format(const UpdateDiff& diff) const {
  std::string out = "<div class=\"fb-diff\">\n";
  for (const SentenceDiff& sentence : diff.sentences) {
    out += "<p class=\"fb-sent fb-";
    out += kind_name(sentence.kind);
    if (sentence.capped) out += " fb-capped";
    out += '"';
    if (sentence.source_index) out += " data-source=\"" + std::to_string(*sentence.source_index) + '"';
    if (sentence.updated_index) out += " data-updated=\"" + std::to_string(*sentence.updated_index) + '"';
    out += '>';
    size_t offset = 0;  // in the updated sentence
    for (const DiffSpan& span : sentence.spans) {
      switch (span.kind) {
        case DiffSpan::Kind::kEqual: out += marked_html(span.text, offset, sentence.unsupported); break;
        case DiffSpan::Kind::kInserted:
          out += "<ins>" + marked_html(span.text, offset, sentence.unsupported) + "</ins>";
          break;
        case DiffSpan::Kind::kDeleted: out += "<del>" + html_escape(span.text) + "</del>"; break;
      }
      if (span.kind != DiffSpan::Kind::kDeleted) offset += span.text.size();
    }
    for (size_t reference : sentence.references) {
      const std::string k = std::to_string(reference);
      out += " <a class=\"fb-ref\" href=\"#evidence-" + k + "\" data-evidence=\"" + k + "\">(" + k + ")</a>";
    }
    out += "</p>\n";
  }
  out += "</div>\n";
  return out;
}

Json diff_to_json(const UpdateDiff& diff) {
  Json sentences = Json::array();
  for (const SentenceDiff& sentence : diff.sentences) {
    Json s = Json::object();
    s["kind"] = kind_name(sentence.kind);
    s["source"] = sentence.source_index ? Json(*sentence.source_index) : Json(nullptr);
    s["updated"] = sentence.updated_index ? Json(*sentence.updated_index) : Json(nullptr);
    s["references"] = sentence.references;
    s["capped"] = sentence.capped;
    Json spans = Json::array();
    for (const DiffSpan& span : sentence.spans) {
      Json j = Json::object();
      j["kind"] = kind_name(span.kind);
      j["text"] = span.text;
      spans.push_back(std::move(j));
    }
    s["spans"] = std::move(spans);
    Json unsupported = Json::array();
    for (const EntityMark& mark : sentence.unsupported) unsupported.push_back(mark.key);
    s["unsupported"] = std::move(unsupported);
    sentences.push_back(std::move(s));
  }
  Json out = Json::object();
  out["sentences"] = std::move(sentences);
  return out;
}

std::string JsonDiffFormatter::format(const UpdateDiff& diff) const {
  // replace: invalid UTF-8 must not abort (the core has no exceptions).
  return diff_to_json(diff).dump(indent_, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace fruit
