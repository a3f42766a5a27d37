// Step-wise constrained decoding of EDIT5 outputs for a T5-style
// encoder-decoder whose network runs elsewhere (ONNX Runtime Web in the
// browser). The caller runs the encoder once and the decoder pass by pass
// with a self-attention KV cache; this state machine says which tokens to
// feed, reads the logits back, picks tokens under the EDIT5 constraints
// (greedy or beam search) and says how to reorder and trim the cache.
// No I/O, no exceptions, no model code.
//
// ---------------------------------------------------------------------------
// The driving loop (JavaScript, one input):
//
//   const vocab = Vocabulary.compile(roles);              // once per model
//   const dec = Decoder.create(vocab, options, S, E, inputIds);
//   const enc = await encoder.run({input_ids, attention_mask});
//   let past = null;                                      // self-attention cache
//   while (!dec.done()) {
//     const step = dec.nextInputs();  // {rows, width, tokens, cacheRows, cacheLength}
//     if (step.cacheLength > 0) {
//       // row r of the new cache is row step.cacheRows[r] of the previous
//       // pass's "present" tensors (beam reordering; [0] for greedy), and
//       // only its first step.cacheLength positions are kept (speculation
//       // throws away the positions of rejected draft tokens).
//       past = takeRows(past, step.cacheRows).sliceSeq(0, step.cacheLength);
//     }
//     // tokens is [rows x width], row-major; every row sees the same encoder
//     // output (repeat it, and the cross-attention cache, to `rows` rows).
//     const out = await decoder.run({input_ids: step.tokens, past,
//                                    encoder_hidden_states: repeat(enc, step.rows)});
//     past = out.present;
//     dec.advance(out.logits);  // Float32Array [rows x width x vocab_size]
//   }
//   const ids = dec.result();    // best output, without EOS; detokenize it
//
// The first pass has no cache (cacheLength 0, cacheRows empty) and feeds
// the decoder start token (pad_id, as T5 does). Greedy decoding feeds one
// row; beam search one row per live hypothesis (1 on the first pass, then up
// to num_beams). With speculation a greedy row may hold several tokens: the
// last chosen token (or the start token) followed by a draft; the decoder
// must return logits for every position fed (T5 decoders do). ONNX wants
// int64 input ids: copy step.tokens into a BigInt64Array.
//
// ---------------------------------------------------------------------------
// Constraints. Every finished output, detokenized, is a well-formed EDIT5
// edit per validate_edit5 against an input with `sentences` source
// sentences and `evidence` evidence items:
//  - a copy token [n] only for n < sentences (and < copy_token_ids.size()),
//    strictly increasing: each sentence at most once, in source order;
//  - a reference (k) only for k < evidence, at most once in a group of
//    references (the references before one piece of text);
//  - after one or more references, text (a token whose piece is not blank)
//    must come before any copy token or EOS;
//  - forbidden ids (pad, unk, [CONTEXT], table markers ...) never appear;
//  - EOS ends the output; the output never exceeds max_tokens tokens (EOS
//    not counted). A hypothesis cut at max_tokens is finished as it is, so
//    the last slot only takes a token after which EOS would be allowed (no
//    reference there, and no blank while references wait for text);
//  - the output is not empty (EOS needs a copy token or non-blank text
//    before it) unless DecodeOptions::allow_empty is set, or the input
//    leaves nothing else to produce. A copy-only output ("[0] [1] [2]",
//    the article unchanged) is allowed: it is well-formed, and it is the
//    right answer when the evidence adds nothing.
//
// Text guard. When TokenRoles::pieces gives the text of every id, text
// tokens may not spell a delimiter: the official normalization reads any
// "(12)" or "[3]" in generated text as a reference or a copy token (Python's
// \d, so Unicode digits count), which would make the output malformed or
// change it. A piece that contains one on its own is never generated, and a
// piece that would complete one begun by the text before it ("(19" then
// "41)") is masked at that step. Copy and reference tokens, detokenized as
// "[n]" / "(k)" with or without spaces around, end the text before them.
// Pieces that are only whitespace (or empty) are "blank": they do not count
// as the text that references need. Without pieces the guarantee holds at
// the token level only: every non-special id counts as text.
//
// Grounding (DecodeOptions::grounded; needs TokenRoles::pieces). Generated
// text may only name what the input supports: every entity token of the
// text (core/entities.h's rule: words with a digit, capitalised words that
// do not start a sentence, minus stop words) must have the key of a word of
// the source article or of the evidence items its references cite. A unit
// "(1) (3) text" may name what the article and items 1 and 3 say. The input
// ids are read back into text (pieces; special tokens separate words) to
// find the article (before the first reference token (0)) and each evidence
// item (from its reference token to the next). It is enforced on pieces as
// the text guard is: a piece is masked when it would complete a word that
// is an unsupported entity token, or leave a word begun that no supported
// key (nor, for a capitalised word, a stop word) starts with; EOS, copy and
// reference tokens, which end the text, are masked when the word before
// them is unsupported. An output cut at max_tokens in the middle of a word
// that is not (yet) supported loses that word, and the references of its
// unit if no text is left (the result stays well-formed EDIT5). A word starts a sentence at the start of the output,
// after a word that ends one, and at the start of a unit's text when the
// text before it (or a copied sentence) ended one. If the model's ranking
// leaves no grounded token, the best allowed one is taken (decoding never
// gets stuck; DecodeStats::ungrounded counts it).
// Copy preference (copy_bias > 0): inside text, when the unit's last k
// tokens (k = 3 down to 1, the longest that matches) occur in the article
// or a cited evidence item, the input tokens after those occurrences get
// copy_bias added to their logits (a logits processor: choice and beam
// scores see it, as Hugging Face's processors do), so a unit restates its
// evidence rather than paraphrasing it from memory.
//
// Repetition guard (no_repeat_ngram = n >= 2): a text token that would end
// an n-gram of the output's tokens that already occurs in it is masked (as
// Hugging Face's no_repeat_ngram_size, but copy, reference and EOS tokens are
// never masked by it, so the EDIT5 constraints above always leave a way on).
// Grounding outranks it: when only a repeat would keep the text grounded, the
// guard is lifted for that step.
//
// Scores. Log-probabilities are the log-softmax of the raw logits over the
// whole vocabulary, before masking (as Hugging Face's generate applies its
// logits processors after the log-softmax). A hypothesis' score is
// sum_logprobs / (tokens + 1)^length_penalty, where tokens excludes EOS:
// Hugging Face's length, which counts the decoder start token. Ties between
// equal logits go to the lower id. NaN and -inf logits rank lowest, but an
// allowed token always beats a masked one, so decoding never gets stuck.
//
// Beam search follows Hugging Face's BeamSearchScorer: each step takes the
// 2 x num_beams best (hypothesis, token) pairs; an EOS among them finishes a
// hypothesis only if it ranks in the first num_beams; the first num_beams
// other pairs continue. At most num_beams finished hypotheses are kept.
//
// Speculation (greedy only; ignored when num_beams > 1: each beam row would
// need its own draft and a cache trimmed per row). A pass feeds the last
// chosen token followed by a draft of up to draft_tokens guessed tokens, and
// verifies them all: the longest prefix of the draft whose every token is
// the masked argmax is accepted, plus the masked argmax after it (a
// correction, or a bonus token). Drafts, first that applies:
//  - copy runs: at the start and after a copy token [m] (and blanks after
//    it), the copy tokens [m+1] [m+2] ... (the text after "[m]" in the
//    input is what [m] stands for, so it never follows [m] in an edit),
//    each after the blank token the input has before it, if any
//    (SentencePiece spells " [1]" as "▁" "[1]", and a model trained on
//    that writes "[0] ▁ [1] ▁ [2]"), and EOS once the last sentence is in;
//  - prompt lookup: when the last k generated tokens (k = draft_ngram_max
//    down to draft_ngram_min) occur in the encoder input, the input tokens
//    after them: after the occurrence the output has been following if it
//    still matches, else after the first one; up to and including the
//    first copy token (a copy run follows it). Suffixes of blanks only are
//    not looked up. For k = 1, after a rejected draft, the input after the
//    token the correction replaced is tried first (draft_substitution), and
//    a correction that equals the input token after the rejected one
//    counts as a skipped token.
// Drafts stop before the first token the constraints would not allow at
// that point. Reference tokens in the output usually equal the evidence
// markers in the input, so "(2)" followed by text copied from evidence 2 is
// drafted well. The output is exactly plain greedy decoding's whenever the
// decoder gives the same logits for a position fed in a pass of several as
// fed alone (so in exact arithmetic; GPU/WASM kernels may differ in the
// last bits and flip a near-tie). DecodeStats counts passes, positions fed,
// tokens drafted and accepted, to measure what it saves.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "status.h"

namespace fruit::decoding {

// What the decoder must know about the vocabulary (from the tokenizer).
struct TokenRoles {
  int32_t vocab_size = 0;  // width of a logits row (T5: 32128, more than its 32100 pieces)
  int32_t eos_id = -1;
  int32_t pad_id = -1;                       // the decoder start token; never generated unless it is eos_id
  std::vector<int32_t> copy_token_ids;       // [n] -> id
  std::vector<int32_t> reference_token_ids;  // (k) -> id
  std::vector<int32_t> forbidden_ids;        // never generated: [CONTEXT], table markers, unk ...
  // Optional: pieces[id] is the text the id adds to the output (SentencePiece's
  // "▁" as a space; byte pieces as their byte). Empty: no text guard, no blank
  // tokens. Ids at or past pieces.size() are never generated (the unused rows
  // of T5's logits). The pieces of special and forbidden ids are not used.
  std::vector<std::string> pieces;
};

// TokenRoles checked and indexed, shared by every decoder of one model.
class Vocabulary {
 public:
  // Fails on an id out of [0, vocab_size), an id in two roles (EOS, copy,
  // reference, forbidden), or a repeated copy or reference id.
  static Result<std::shared_ptr<const Vocabulary>> compile(const TokenRoles& roles);

  int32_t size() const { return size_; }
  int32_t eos_id() const { return eos_; }
  int32_t pad_id() const { return pad_; }

 private:
  friend class Decoder;
  Vocabulary() = default;

  int32_t size_ = 0, eos_ = -1, pad_ = -1;
  std::vector<uint8_t> kind_;    // Kind per id
  std::vector<int32_t> index_;   // copy n or reference k per id, else -1
  std::vector<uint8_t> closer_;  // text guard: which open delimiters the piece would close
  std::vector<uint8_t> effect_;  // text guard: what the piece leaves open
  std::vector<int32_t> copy_ids_, reference_ids_;
  std::vector<int32_t> blank_ids_;
  std::vector<int32_t> closers_[4];  // ids by closer class (see decoding.cc)
  std::vector<float> base_bias_;     // 0 for text and blank ids, -inf otherwise
  std::vector<std::string> pieces_;  // TokenRoles::pieces (grounding reads text back)
  bool has_text_ = false;            // some non-blank text can follow anything
};

enum class EarlyStopping {
  kExact,      // stop when no live hypothesis can still beat the worst of num_beams finished ones
  kHeuristic,  // Hugging Face's early_stopping=False: as if the best live one ended now
  kFirst,      // Hugging Face's early_stopping=True: as soon as num_beams are finished
};

struct DecodeOptions {
  size_t num_beams = 1;         // 1: greedy
  size_t max_tokens = 256;      // output tokens, EOS not counted
  double length_penalty = 1.0;  // alpha in sum_logprobs / (tokens + 1)^alpha
  EarlyStopping early_stopping = EarlyStopping::kExact;
  bool allow_empty = false;  // may the output be empty (the whole article deleted)?
  // Speculation (greedy only; see the top of this file).
  size_t draft_tokens = 8;         // longest draft; 0 turns speculation off
  size_t draft_ngram_max = 3;      // longest output suffix looked up in the input
  size_t draft_ngram_min = 1;      // shortest
  bool draft_copy_runs = true;     // at the start and after [m], draft [m+1] [m+2] ...
  bool draft_substitution = true;  // after a rejected draft, go on after the replaced input token
  bool adaptive_draft = false;     // draft length +2 after a fully accepted draft, -1 otherwise
                                   // (Hugging Face's assistant schedule): fewer positions, more passes
  // Grounding (see the top of this file); needs the vocabulary's pieces.
  bool grounded = false;   // entity tokens of text only from the article and the cited evidence
  float copy_bias = 0.0f;  // logit bonus for continuing a span of the article or cited evidence
  // Repetition guard (Hugging Face's no_repeat_ngram_size, on text tokens):
  // a text token that would make an n-gram of the output occur twice is
  // masked. 0: off. Small models fall into loops ("holds holds holds").
  size_t no_repeat_ngram = 0;
};

// What to feed the decoder on the next pass.
struct Step {
  size_t rows = 0;              // hypotheses (batch rows); 0 when done
  size_t width = 0;             // tokens per row: 1, or 1 + draft length
  std::vector<int32_t> tokens;  // [rows x width], row-major
  // Row r's cache is row cache_rows[r] of the previous pass's cache, cut to
  // its first cache_length positions. Empty on the first pass (no cache).
  std::vector<int32_t> cache_rows;
  size_t cache_length = 0;  // positions the cache holds before this pass
};

struct Hypothesis {
  std::vector<int32_t> tokens;  // without EOS
  bool ended_with_eos = false;  // false: cut at max_tokens
  double sum_logprobs = 0;
  double score = 0;  // sum_logprobs / (tokens.size() + 1)^length_penalty
};

// Counters to measure what speculation saves.
struct DecodeStats {
  size_t passes = 0;     // advance() calls: decoder runs
  size_t positions = 0;  // tokens fed over all passes (rows x width)
  size_t generated = 0;  // tokens chosen (EOS included); greedy: the output length + 1 if it ended with EOS
  size_t drafted = 0;    // draft tokens fed for verification
  size_t accepted = 0;   // draft tokens accepted
  size_t ungrounded = 0; // grounded decoding found no grounded token and took the best allowed one
};

// A token and its (masked, biased) logit, as top_k and the beam rank them.
struct ScoredToken {
  int32_t id = 0;
  float value = 0;
};

class Decoder {
 public:
  // sentences and evidence come from outline_input; input_ids are the
  // encoder input ids (to draft, and for grounding). Fails on num_beams or
  // max_tokens 0, draft_ngram_min 0 or above draft_ngram_max, a length
  // penalty or copy_bias that is not finite, grounding or copy_bias without
  // the vocabulary's pieces, or a null vocabulary.
  static Result<Decoder> create(std::shared_ptr<const Vocabulary> vocabulary, const DecodeOptions& options,
                                size_t sentences, size_t evidence, std::vector<int32_t> input_ids);

  // The inputs of the next pass; rows == 0 once done().
  const Step& next_inputs() const { return step_; }

  // Reads the logits of the pass just run: rows x width x vocab_size floats,
  // row-major, for next_inputs() of before the call. Fails (changing
  // nothing) on a wrong size or when done().
  Status advance(std::span<const float> logits);

  bool done() const { return done_; }

  // The best finished hypothesis' tokens (without EOS); empty before done().
  std::vector<int32_t> result() const;

  // Finished hypotheses, best score first (greedy: one; beam: up to num_beams).
  const std::vector<Hypothesis>& hypotheses() const { return finished_; }

  const DecodeStats& stats() const { return stats_; }

 private:
  // The constraints' view of one hypothesis.
  struct State {
    size_t length = 0;           // tokens so far, EOS not counted
    int32_t last_copy = -1;      // last copied sentence
    bool has_content = false;    // a copy token or non-blank text so far
    bool ended = false;          // EOS chosen
    uint8_t tail = 0;            // text guard: open delimiter at the end of the text
    std::vector<int32_t> group;  // references waiting for their text
    // Grounding: the references of the current unit, the word being written,
    // whether it starts a sentence, whether the output so far ended one,
    // whether text is being written, and where it began (in tokens).
    std::vector<int32_t> cited;
    std::string word;
    bool word_initial = true;
    bool sentence_ended = true;
    bool in_text = false;
    size_t text_start = 0;
    size_t word_start = 0;  // token where the word being written began
  };
  struct Live {
    std::vector<int32_t> tokens;
    State state;
    double sum_logprobs = 0;
  };

  static constexpr size_t kNone = static_cast<size_t>(-1);

  Decoder() = default;

  bool eos_allowed(const State& s) const;
  bool allowed(const State& s, int32_t id) const;
  bool grounded_ok(const State& s, int32_t id) const;
  bool word_supported(const State& s, std::string_view word, bool initial, bool complete) const;
  void apply(State& s, int32_t id) const;
  void patch(const State& s, std::span<const int32_t> tokens);  // bias_ := the mask of s (+ copy bias)
  int32_t pick(const State& s, std::span<const float> row);    // greedy: the best allowed, grounded token
  std::vector<ScoredToken> pick_top(const State& s, std::span<const float> row, size_t k);
  void unpatch();              // bias_ := base mask
  int32_t masked_argmax(std::span<const float> row) const;
  double score_of(double sum_logprobs, size_t tokens) const;
  void finish(const Live& live);
  void advance_greedy(std::span<const float> logits);
  void advance_beam(std::span<const float> logits);
  void make_draft();
  void prepare_step();

  std::shared_ptr<const Vocabulary> vocab_;
  DecodeOptions options_;
  int32_t sentences_ = 0, evidence_ = 0;
  bool empty_ok_ = false;
  std::vector<int32_t> input_ids_;
  std::vector<std::pair<int32_t, int32_t>> input_index_;  // (token, position), sorted
  std::vector<Live> live_;
  std::vector<int32_t> parents_;  // beam: cache row of each live hypothesis
  std::vector<int32_t> draft_;
  size_t draft_source_ = kNone;  // input position the draft was taken from
  size_t cursor_ = kNone;        // input position of the token the output should produce next, when following it
  size_t substitute_ = kNone;    // after a rejected draft: the input position after the replaced token
  size_t draft_limit_ = 0;       // adaptive_draft's current length
  std::vector<Hypothesis> finished_;
  // Grounding: sorted support keys of the article (segment 0) and of each
  // evidence item (segment k + 1), and the input span of each segment.
  std::vector<std::vector<std::string>> support_;
  std::vector<std::pair<size_t, size_t>> segments_;
  std::vector<float> bias_;  // base_bias_, patched for one state at a time
  std::vector<int32_t> repeat_banned_;  // ids the repetition guard masked in this patch
  std::vector<int32_t> patched_;
  Step step_;
  size_t cache_length_ = 0;
  bool done_ = false;
  bool first_ = true;
  DecodeStats stats_;
};

// Utilities on one row of logits.

// log(sum(exp(row))); NaN counts as -inf; -inf for an empty or all -inf row.
double log_sum_exp(std::span<const float> row);

// row - log_sum_exp(row), element by element (NaN becomes -inf).
std::vector<float> log_softmax(std::span<const float> row);

// The k largest values, largest first, ties to the lower id, without
// sorting the row (O(n log k)). -inf (masked) and NaN values are never
// returned, so fewer than k may come back.
std::vector<ScoredToken> top_k(std::span<const float> row, size_t k);

}  // namespace fruit::decoding
