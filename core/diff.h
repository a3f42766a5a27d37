// What an update did to an article, for people: which source sentences were
// copied, edited, deleted, which sentences are new, and inside an edited
// sentence which words changed. Modelled on wikimedia/wikidiff2: a pure diff
// core (diff_update) and one formatter interface with an HTML and a JSON
// implementation, so the browser playground and tests see the same data.
//
// Texts are UTF-8. Nothing here fails: every input has a diff.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edit5.h"
#include "fruit_format.h"  // Json

namespace fruit {

// One sentence of the updated article. `copied_from` names the source
// sentence it copies unchanged; `references` are the evidence items it
// cites (EDIT5's "(k)").
struct UpdatedSentence {
  std::string text;
  std::optional<size_t> copied_from;
  std::vector<size_t> references;
};

// The update an EDIT5 output describes: a copy unit "[n]" becomes a copied
// sentence (text = source sentence n), a text unit its text with its
// references. Copies of a sentence that does not exist are skipped, as the
// official normalization drops them; so are text units without text
// (references followed by nothing), which add nothing to the article.
std::vector<UpdatedSentence> updated_from_edit5(const std::vector<Edit5Unit>& units,
                                                const std::vector<std::string_view>& source_sentences);

// The update given as plain sentences (e.g. a model that writes the whole
// article). A sentence equal to a source sentence up to whitespace (ends
// stripped, every whitespace run read as one space) is copied from the
// first such source sentence not already copied.
std::vector<UpdatedSentence> updated_from_text(const std::vector<std::string>& sentences,
                                               const std::vector<std::string>& source_sentences);

struct DiffSpan {
  enum class Kind { kEqual, kInserted, kDeleted };
  Kind kind = Kind::kEqual;
  std::string text;  // never empty
};

// An unsupported entity token of an updated sentence (faithfulness.h,
// mark_unsupported): its key's byte span in the updated sentence (the equal
// and inserted spans concatenated) and the key.
struct EntityMark {
  size_t begin = 0, end = 0;
  std::string key;
};

struct SentenceDiff {
  enum class Kind { kCopied, kEdited, kInserted, kDeleted };
  Kind kind = Kind::kCopied;
  std::optional<size_t> source_index;   // copied, edited, deleted
  std::optional<size_t> updated_index;  // copied, edited, inserted
  std::vector<size_t> references;       // the updated sentence's references
  // Copied: one equal span (the source sentence). Edited: the word diff.
  // Inserted: one inserted span. Deleted: one deleted span. Concatenating
  // the equal and deleted spans gives the source sentence, the equal and
  // inserted spans the updated one (copied: the source sentence).
  std::vector<DiffSpan> spans;
  bool capped = false;  // edited pair too long for a word diff: whole sentences
  // Filled only by faithfulness::mark_unsupported; in text order.
  std::vector<EntityMark> unsupported;
};

// Sentences in reading order: the updated article, with each deleted source
// sentence placed right after the aligned sentence that preceded it in the
// source (so a replaced sentence reads "deleted, then inserted").
struct UpdateDiff {
  std::vector<SentenceDiff> sentences;
};

// An edited pair needs at least this word similarity (see
// sentence_similarity); below it the update wrote a new sentence.
inline constexpr double kEditedSimilarity = 0.5;
// Word diffs are O(n*m/64) time and memory; above this many token pairs
// (about 2000 x 2000 tokens, ~0.5 MB of LCS rows) a pair is shown as whole
// sentences deleted and inserted instead.
inline constexpr size_t kMaxWordDiffPairs = 4'000'000;

struct DiffOptions {
  double edited_similarity = kEditedSimilarity;
  size_t max_word_diff_pairs = kMaxWordDiffPairs;
};

// Alignment. Copied sentences align to their source sentence; the copies
// whose source indices increase (a longest such chain, when an update
// reorders or repeats copies) are fixed anchors, the others are shown as
// copied where the update has them. Then every candidate pair of a
// remaining updated sentence and a source sentence that nothing aligns to,
// with similarity >= edited_similarity, is considered strongest first
// (ties: smaller updated index, then smaller source index) and accepted
// when both are still free and it crosses no accepted pair or anchor, so
// the alignment keeps reading order on both sides. Greedy rather than an
// optimal DP on purpose: each updated sentence gets the most similar source
// sentence still available, which is what a reader expects to see paired.
// Updated sentences left over are inserted, source sentences deleted.
// A copied_from that names no source sentence is ignored.
UpdateDiff diff_update(const std::vector<std::string>& source_sentences,
                       const std::vector<UpdatedSentence>& updated, const DiffOptions& options = {});

// Word similarity of two sentences: 2 * LCS / (|a| + |b|) over their words
// (the word diff's tokens that contain a letter or digit, compared exactly;
// each CJK ideograph or kana is a word). Not rouge_tokenize: it drops every
// non-ASCII letter, so a Cyrillic or Chinese sentence would have no tokens,
// while this counts what the word diff shows as unchanged. 0 when either
// side has no words.
double sentence_similarity(std::string_view a, std::string_view b);

struct WordDiff {
  std::vector<DiffSpan> spans;
  bool capped = false;
};

// Word-level diff. Tokens are runs of letters and digits, single
// punctuation marks, symbols or ideographs, each carrying the whitespace
// after it, so that spans reconstruct both texts byte for byte; tokens are
// equal when their text without that whitespace is. A longest common
// subsequence of tokens is kept (of the two lcs_indices walks, from either
// text, the one that leaves more bytes unchanged, then fewer spans); within
// a change the deleted text comes before the inserted, and punctuation left
// alone between two changes (", " in "A, B" -> "C, D") joins them rather
// than splitting the change.
// When tokens(a) * tokens(b) > max_pairs: one deleted and one inserted
// span, capped = true.
WordDiff diff_words(std::string_view source, std::string_view updated, size_t max_pairs = kMaxWordDiffPairs);

// Turns an UpdateDiff into a document (ending with a newline).
class DiffFormatter {
 public:
  virtual ~DiffFormatter() = default;
  virtual std::string format(const UpdateDiff& diff) const = 0;
};

// Escapes & < > " ' so that any text is safe in HTML content and in quoted
// attribute values.
std::string html_escape(std::string_view text);

// HTML without scripts or styles (the page styles the classes):
//   <div class="fb-diff">
//   <p class="fb-sent fb-copied" data-source="0" data-updated="0">text</p>
//   <p class="fb-sent fb-edited" data-source="1" data-updated="1">The <del>film</del><ins>movie</ins> ...
//     <a class="fb-ref" href="#evidence-3" data-evidence="3">(3)</a></p>
//   <p class="fb-sent fb-inserted" data-updated="2"><ins>text</ins></p>
//   <p class="fb-sent fb-deleted" data-source="2"><del>text</del></p>
//   </div>
// one <p> per line; a capped edited pair also has class "fb-capped". Every
// text is escaped; reference badges follow the sentence, one space before
// each. A sentence's unsupported entity tokens (SentenceDiff::unsupported)
// are wrapped, inside their <ins> or equal text, in
//   <mark class="fb-unsupported" title="In neither the article nor the evidence">Berg</mark>
// (a token that straddles an <ins> boundary gets one <mark> per side).
class HtmlDiffFormatter : public DiffFormatter {
 public:
  std::string format(const UpdateDiff& diff) const override;
};

// JSON (schema):
//   {"sentences": [{"kind": "copied" | "edited" | "inserted" | "deleted",
//                   "source": <source index> | null,
//                   "updated": <updated index> | null,
//                   "references": [<evidence index>, ...],
//                   "capped": <bool>,
//                   "spans": [{"kind": "equal" | "inserted" | "deleted",
//                              "text": <string>}, ...],
//                   "unsupported": [<key>, ...]}, ...]}
// Keys in this order, every key always present. Invalid UTF-8 becomes
// U+FFFD rather than failing.
Json diff_to_json(const UpdateDiff& diff);

class JsonDiffFormatter : public DiffFormatter {
 public:
  // indent < 0: one line; otherwise pretty-printed with that many spaces.
  explicit JsonDiffFormatter(int indent = -1) : indent_(indent) {}
  std::string format(const UpdateDiff& diff) const override;

 private:
  int indent_;
};

}  // namespace fruit
