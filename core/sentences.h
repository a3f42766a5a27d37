// Sentence splitting for article text a user pastes, so that it can become
// FRUIT's "[0] first sentence [1] second ..." source. The rules are few,
// fixed and explainable; they never look at more than the word before a
// period and the character after the following whitespace.
//
// A sentence ends:
//   1. after a run of '.', '!', '?' or '…' (an ellipsis "..." is such a run),
//      plus any closing quotes or brackets right after it (" ' ” ’ » ) ] 」
//      』 ）), when whitespace follows and the first character after that
//      whitespace is an uppercase letter, a digit (any Unicode decimal digit)
//      or an opening quote or bracket (" ' “ ‘ « ( [). A lowercase letter
//      never starts a sentence: "Wait... then" stays one sentence, while
//      "Wait... Then" is two.
//   2. at a blank line: two or more line breaks ("\n", "\r\n" or "\r") with
//      only whitespace between them always end a sentence. A single line
//      break is ordinary whitespace.
//   3. after the CJK full stops '。', '！' and '？' (plus closers), always:
//      those scripts use neither spaces nor capitals.
// except that a single '.' does not end a sentence (rule 1) when the word
// it ends, without leading opening quotes or brackets, is
//   4. a sequence of single letters each followed by '.': initials and
//      acronyms such as "J.", "R.", "U.S.", "U.K.", "U.N.", "E.U.", "e.g.".
//      So "J. R. R. Tolkien" is one sentence, and so is "He was born in the
//      U.S. He moved." - the rule cannot tell an acronym that ends a sentence
//      from one that does not, and keeping a sentence whole is the safer
//      mistake for FRUIT (copy tokens then copy a little more text).
//   5. a known abbreviation, as listed or with its first letter capitalized
//      ("Approx."); matching is otherwise case-sensitive ("MR." is a word):
//        Mr. Mrs. Ms. Messrs. Dr. Prof. St. Jr. Sr. Gen. Col. Lt. Sgt. Capt.
//        Maj. Adm. Rev. Hon. Gov. Sen. Rep. Inc. Ltd. Co. Corp. Bros. No.
//        Nos. Vol. Fig. pp. p. ed. eds. vs. etc. e.g. i.e. approx. ca. c.
//        fl. b. d. est. Jan. Feb. Mar. Apr. Jun. Jul. Aug. Sep. Sept. Oct.
//        Nov. Dec. Mt. Ft.
//      "He works for Apple Inc. The firm grew." is therefore one sentence.
// Decimal numbers ("3.5"), "example.com" or "U.S.-based" never split: rule 1
// needs whitespace after the period.
//
// Sentences are stripped of whitespace (Python's str.isspace), and empty
// ones are dropped. Text after the last terminator is a sentence too.
// Input must be valid UTF-8 (see unicode::find_invalid_utf8).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fruit {

// The sentences of `text`, in order.
std::vector<std::string> split_sentences(std::string_view text);

// The same sentences as (begin, end) byte offsets into `text`, for
// highlighting: text.substr(begin, end - begin) is the stripped sentence.
std::vector<std::pair<size_t, size_t>> sentence_spans(std::string_view text);

}  // namespace fruit
