#include "decoding.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <string_view>
#include <utility>

#include "entities.h"
#include "unicode.h"

namespace fruit::decoding {
namespace {

constexpr float kMasked = -std::numeric_limits<float>::infinity();

// Token kinds (Vocabulary::kind_).
enum Kind : uint8_t { kText, kBlank, kForbidden, kEos, kCopy, kReference };

// Text guard. A piece's closer class: it starts with d >= 0 digits and then
// ")" or "]"; closer_ stores class + 1 (0: not a closer).
constexpr uint8_t kParenNoDigit = 0, kParenDigit = 1, kBracketNoDigit = 2, kBracketDigit = 3;

// The open delimiter at the end of the generated text (State::tail): the
// last "(" or "[" after which only digits follow, if any.
constexpr uint8_t kNoTail = 0, kParen = 1, kParenDigits = 2, kBracket = 3, kBracketDigits = 4;

// What a text piece does to the tail (Vocabulary::effect_); kSet + t sets
// the tail to t.
constexpr uint8_t kKeep = 0, kExtend = 1, kReset = 2, kSet = 3;

enum CharClass : uint8_t { kOther, kSpace, kDigit, kOpenParen, kCloseParen, kOpenBracket, kCloseBracket };

std::vector<CharClass> classify(std::string_view piece) {
  std::vector<CharClass> out;
  const auto ascii = [](char32_t c) {
    switch (c) {
      case '(':
        return kOpenParen;
      case ')':
        return kCloseParen;
      case '[':
        return kOpenBracket;
      case ']':
        return kCloseBracket;
      default:
        break;
    }
    if (unicode::digit_value(c) >= 0) return kDigit;
    if (unicode::is_space(c)) return kSpace;
    return kOther;
  };
  if (unicode::find_invalid_utf8(piece) != std::string_view::npos) {
    // A byte piece: ASCII bytes are themselves, the others are parts of
    // characters that no rule here is about.
    for (char byte : piece) {
      const auto b = static_cast<unsigned char>(byte);
      out.push_back(b < 0x80 ? ascii(b) : kOther);
    }
    return out;
  }
  for (size_t pos = 0; pos < piece.size();) out.push_back(ascii(unicode::decode(piece, pos)));
  return out;
}

bool is_opener(CharClass c) { return c == kOpenParen || c == kOpenBracket; }

// Does the piece on its own contain "(digits)" or "[digits]"?
bool contains_delimiter(const std::vector<CharClass>& c) {
  for (size_t i = 0; i < c.size(); ++i) {
    if (!is_opener(c[i])) continue;
    size_t j = i + 1;
    while (j < c.size() && c[j] == kDigit) ++j;
    const CharClass close = c[i] == kOpenParen ? kCloseParen : kCloseBracket;
    if (j > i + 1 && j < c.size() && c[j] == close) return true;
  }
  return false;
}

uint8_t closer_of(const std::vector<CharClass>& c) {
  size_t d = 0;
  while (d < c.size() && c[d] == kDigit) ++d;
  if (d == c.size()) return 0;
  if (c[d] == kCloseParen) return static_cast<uint8_t>(1 + (d > 0 ? kParenDigit : kParenNoDigit));
  if (c[d] == kCloseBracket) return static_cast<uint8_t>(1 + (d > 0 ? kBracketDigit : kBracketNoDigit));
  return 0;
}

uint8_t effect_of(const std::vector<CharClass>& c) {
  if (c.empty()) return kKeep;
  size_t j = c.size();
  while (j > 0 && c[j - 1] == kDigit) --j;
  if (j == 0) return kExtend;
  const bool digits = j < c.size();
  if (c[j - 1] == kOpenParen) return static_cast<uint8_t>(kSet + (digits ? kParenDigits : kParen));
  if (c[j - 1] == kOpenBracket) return static_cast<uint8_t>(kSet + (digits ? kBracketDigits : kBracket));
  return kReset;
}

uint8_t next_tail(uint8_t tail, uint8_t effect) {
  switch (effect) {
    case kKeep:
      return tail;
    case kExtend:
      return tail == kParen ? kParenDigits : tail == kBracket ? kBracketDigits : tail;
    case kReset:
      return kNoTail;
    default:
      return static_cast<uint8_t>(effect - kSet);
  }
}

// Would a piece of this closer class complete a delimiter opened by tail?
bool closes(uint8_t tail, uint8_t closer) {
  if (closer == 0) return false;
  const uint8_t c = closer - 1;
  switch (tail) {
    case kParen:
      return c == kParenDigit;
    case kParenDigits:
      return c == kParenDigit || c == kParenNoDigit;
    case kBracket:
      return c == kBracketDigit;
    case kBracketDigits:
      return c == kBracketDigit || c == kBracketNoDigit;
    default:
      return false;
  }
}

// A logit as the decoder ranks it: NaN lowest, infinities finite, so that an
// allowed token (bias 0) always beats a masked one (bias -inf).
inline float rank_value(float x) { return x >= -FLT_MAX ? (x <= FLT_MAX ? x : FLT_MAX) : -FLT_MAX; }

double log_sum_exp_ranked(std::span<const float> row) {
  float top = -FLT_MAX;
  for (float x : row) top = std::max(top, rank_value(x));
  double sum = 0;
  for (float x : row) sum += std::exp(static_cast<double>(rank_value(x)) - top);
  return top + std::log(sum);
}

// Best k of value(i) for i in [0, n), best first, ties to the lower index;
// values of -inf are skipped.
template <class Value>
std::vector<ScoredToken> select_top(size_t n, size_t k, Value value) {
  std::vector<ScoredToken> heap;
  if (k == 0) return heap;
  heap.reserve(k);
  // "a before b" when a is better; the heap's front is then the worst kept.
  const auto better = [](const ScoredToken& a, const ScoredToken& b) {
    return a.value > b.value || (a.value == b.value && a.id < b.id);
  };
  for (size_t i = 0; i < n; ++i) {
    const float v = value(i);
    if (!(v > kMasked)) continue;  // -inf and NaN
    if (heap.size() < k) {
      heap.push_back({static_cast<int32_t>(i), v});
      std::push_heap(heap.begin(), heap.end(), better);
    } else if (v > heap.front().value) {  // equal values: the earlier (lower) id stays
      std::pop_heap(heap.begin(), heap.end(), better);
      heap.back() = {static_cast<int32_t>(i), v};
      std::push_heap(heap.begin(), heap.end(), better);
    }
  }
  std::sort_heap(heap.begin(), heap.end(), better);
  return heap;
}

}  // namespace

// ---------------------------------------------------------------------------
// Utilities

double log_sum_exp(std::span<const float> row) {
  float top = kMasked;
  for (float x : row) {
    if (x > top) top = x;
  }
  if (top == kMasked) return -std::numeric_limits<double>::infinity();
  if (std::isinf(top)) return top;  // +inf
  double sum = 0;
  for (float x : row) {
    if (x > kMasked) sum += std::exp(static_cast<double>(x) - top);
  }
  return top + std::log(sum);
}

std::vector<float> log_softmax(std::span<const float> row) {
  const double lse = log_sum_exp(row);
  std::vector<float> out(row.size());
  for (size_t i = 0; i < row.size(); ++i) {
    const float x = row[i];
    out[i] = x > kMasked ? static_cast<float>(x - lse) : kMasked;
  }
  return out;
}

std::vector<ScoredToken> top_k(std::span<const float> row, size_t k) {
  return select_top(row.size(), k, [&](size_t i) { return row[i]; });
}

// ---------------------------------------------------------------------------
// Vocabulary

Result<std::shared_ptr<const Vocabulary>> Vocabulary::compile(const TokenRoles& roles) {
  const int32_t size = roles.vocab_size;
  if (size <= 0) return Error("vocab_size must be positive", {}, 0, "vocab_size");
  const auto in_range = [&](int32_t id) { return id >= 0 && id < size; };
  const auto bad_id = [&](int32_t id, const char* field) {
    return Error("token id " + std::to_string(id) + " is outside the vocabulary [0, " + std::to_string(size) + ")", {},
                 0, field);
  };
  if (!in_range(roles.eos_id)) return bad_id(roles.eos_id, "eos_id");
  if (!in_range(roles.pad_id)) return bad_id(roles.pad_id, "pad_id");
  if (roles.pieces.size() > static_cast<size_t>(size)) {
    return Error("more pieces (" + std::to_string(roles.pieces.size()) + ") than vocab_size", {}, 0, "pieces");
  }

  std::shared_ptr<Vocabulary> v(new Vocabulary());
  v->size_ = size;
  v->eos_ = roles.eos_id;
  v->pad_ = roles.pad_id;
  v->kind_.assign(size, kText);
  v->index_.assign(size, -1);
  v->closer_.assign(size, 0);
  v->effect_.assign(size, kReset);
  std::vector<bool> has_role(size, false);  // EOS, copy or reference

  v->kind_[roles.eos_id] = kEos;
  has_role[roles.eos_id] = true;
  const auto assign = [&](const std::vector<int32_t>& ids, Kind kind, const char* field,
                          std::vector<int32_t>& out) -> Status {
    for (size_t i = 0; i < ids.size(); ++i) {
      const int32_t id = ids[i];
      if (!in_range(id)) return bad_id(id, field);
      if (has_role[id]) {
        return Error("token id " + std::to_string(id) + " has two roles (EOS, copy or reference token)", {}, 0, field);
      }
      has_role[id] = true;
      v->kind_[id] = kind;
      v->index_[id] = static_cast<int32_t>(i);
      out.push_back(id);
    }
    return Ok{};
  };
  if (auto s = assign(roles.copy_token_ids, kCopy, "copy_token_ids", v->copy_ids_); !s.ok()) return s.error();
  if (auto s = assign(roles.reference_token_ids, kReference, "reference_token_ids", v->reference_ids_); !s.ok()) {
    return s.error();
  }
  for (int32_t id : roles.forbidden_ids) {
    if (!in_range(id)) return bad_id(id, "forbidden_ids");
    if (has_role[id]) {
      return Error("token id " + std::to_string(id) + " is forbidden but is also the EOS, a copy or a reference token",
                   {}, 0, "forbidden_ids");
    }
    v->kind_[id] = kForbidden;
  }
  if (roles.pad_id != roles.eos_id) {
    if (has_role[roles.pad_id]) {
      return Error("pad_id " + std::to_string(roles.pad_id) + " is also a copy or reference token", {}, 0, "pad_id");
    }
    v->kind_[roles.pad_id] = kForbidden;
  }

  if (!roles.pieces.empty()) {
    for (int32_t id = 0; id < size; ++id) {
      if (v->kind_[id] != kText) continue;
      if (static_cast<size_t>(id) >= roles.pieces.size()) {
        v->kind_[id] = kForbidden;  // no text: a padding row of the logits
        continue;
      }
      const std::vector<CharClass> classes = classify(roles.pieces[id]);
      if (contains_delimiter(classes)) {
        v->kind_[id] = kForbidden;
        continue;
      }
      if (std::all_of(classes.begin(), classes.end(), [](CharClass c) { return c == kSpace; })) {
        v->kind_[id] = kBlank;
        v->blank_ids_.push_back(id);
      }
      v->closer_[id] = closer_of(classes);
      v->effect_[id] = effect_of(classes);
      if (v->closer_[id] != 0) v->closers_[v->closer_[id] - 1].push_back(id);
    }
  }

  v->pieces_ = roles.pieces;
  v->base_bias_.assign(size, kMasked);
  for (int32_t id = 0; id < size; ++id) {
    const uint8_t kind = v->kind_[id];
    if (kind == kText || kind == kBlank) v->base_bias_[id] = 0.0f;
    if (kind == kText && v->closer_[id] == 0) v->has_text_ = true;
  }
  return std::shared_ptr<const Vocabulary>(std::move(v));
}

// ---------------------------------------------------------------------------
// Decoder

Result<Decoder> Decoder::create(std::shared_ptr<const Vocabulary> vocabulary, const DecodeOptions& options,
                                size_t sentences, size_t evidence, std::vector<int32_t> input_ids) {
  if (!vocabulary) return Error("no vocabulary");
  if (options.num_beams == 0) return Error("num_beams must be at least 1", {}, 0, "num_beams");
  if (options.max_tokens == 0) return Error("max_tokens must be at least 1", {}, 0, "max_tokens");
  if (options.max_tokens > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    return Error("max_tokens is too large", {}, 0, "max_tokens");
  }
  if (!std::isfinite(options.length_penalty)) {
    return Error("length_penalty must be a finite number", {}, 0, "length_penalty");
  }
  if (options.draft_ngram_min == 0 || options.draft_ngram_min > options.draft_ngram_max) {
    return Error("need 1 <= draft_ngram_min <= draft_ngram_max", {}, 0, "draft_ngram_min");
  }
  if (!std::isfinite(options.copy_bias)) return Error("copy_bias must be a finite number", {}, 0, "copy_bias");
  if (options.no_repeat_ngram == 1) return Error("no_repeat_ngram must be 0 (off) or at least 2", {}, 0, "no_repeat_ngram");
  if ((options.grounded || options.copy_bias != 0) && vocabulary->pieces_.empty()) {
    return Error("grounded decoding and copy_bias need the vocabulary's pieces", {}, 0, "grounded");
  }

  Decoder d;
  const Vocabulary& v = *vocabulary;
  d.options_ = options;
  d.sentences_ = static_cast<int32_t>(std::min(sentences, v.copy_ids_.size()));
  d.evidence_ = static_cast<int32_t>(std::min(evidence, v.reference_ids_.size()));
  // Empty output is allowed when asked for, or when nothing else can be made.
  d.empty_ok_ = options.allow_empty || (d.sentences_ == 0 && !v.has_text_);
  d.input_ids_ = std::move(input_ids);
  for (size_t p = 0; p < d.input_ids_.size(); ++p) {
    const int32_t id = d.input_ids_[p];
    if (id >= 0 && id < v.size_) d.input_index_.emplace_back(id, static_cast<int32_t>(p));
  }
  std::sort(d.input_index_.begin(), d.input_index_.end());
  if (options.grounded || options.copy_bias != 0) {
    // Segments: the article before reference token (0), then each evidence
    // item from its reference token to the next one's.
    std::vector<size_t> starts;
    for (size_t p = 0; p < d.input_ids_.size() && starts.size() < static_cast<size_t>(d.evidence_); ++p) {
      const int32_t id = d.input_ids_[p];
      if (id >= 0 && id < v.size_ && v.kind_[id] == kReference && v.index_[id] == static_cast<int32_t>(starts.size())) {
        starts.push_back(p);
      }
    }
    size_t begin = 0;
    for (size_t k = 0; k <= starts.size(); ++k) {
      const size_t end = k < starts.size() ? starts[k] : d.input_ids_.size();
      std::string text;
      for (size_t p = begin; p < end; ++p) {
        const int32_t id = d.input_ids_[p];
        const bool has_text = id >= 0 && id < v.size_ && (v.kind_[id] == kText || v.kind_[id] == kBlank) &&
                              static_cast<size_t>(id) < v.pieces_.size();
        text += has_text ? v.pieces_[id] : std::string(" ");  // special tokens separate words
      }
      // Byte pieces may leave a character cut in two at a segment's edge.
      if (unicode::find_invalid_utf8(text) != std::string::npos) {
        std::string valid;
        for (size_t pos = 0; pos < text.size();) {
          const size_t bad = unicode::find_invalid_utf8(std::string_view(text).substr(pos));
          if (bad == std::string::npos) {
            valid += text.substr(pos);
            break;
          }
          valid += text.substr(pos, bad);
          valid += ' ';
          pos += bad + 1;
        }
        text = std::move(valid);
      }
      d.support_.push_back(entities::support_keys(text));
      d.segments_.emplace_back(begin, end);
      begin = end;
    }
    d.support_.resize(static_cast<size_t>(d.evidence_) + 1);  // items the input lacks support nothing
    d.segments_.resize(static_cast<size_t>(d.evidence_) + 1, {0, 0});
  }
  d.bias_ = v.base_bias_;
  d.draft_limit_ = options.draft_tokens;
  d.vocab_ = std::move(vocabulary);
  d.live_.emplace_back();
  d.prepare_step();
  return d;
}

bool Decoder::eos_allowed(const State& s) const { return s.group.empty() && (s.has_content || empty_ok_); }

bool Decoder::allowed(const State& s, int32_t id) const {
  const Vocabulary& v = *vocab_;
  if (id < 0 || id >= v.size_) return false;
  if (!grounded_ok(s, id)) return false;
  const bool last = options_.max_tokens - s.length == 1;
  switch (v.kind_[id]) {
    case kText:
      return !closes(s.tail, v.closer_[id]);
    case kBlank:
      return !last || eos_allowed(s);
    case kEos:
      return eos_allowed(s);
    case kCopy: {
      const int32_t n = v.index_[id];
      return s.group.empty() && n < sentences_ && n > s.last_copy;
    }
    case kReference: {
      const int32_t k = v.index_[id];
      return v.has_text_ && !last && k < evidence_ && std::find(s.group.begin(), s.group.end(), k) == s.group.end();
    }
    default:
      return false;
  }
}

namespace {

// Is tail the beginning of one UTF-8 character, cut before its end?
bool cut_character(std::string_view tail) {
  const auto lead = static_cast<unsigned char>(tail[0]);
  const size_t length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0;
  if (length == 0 || tail.size() >= length) return false;
  return std::all_of(tail.begin() + 1, tail.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; });
}

// Feeds a piece's text into the word being written; calls done(word,
// initial) for each word the piece completes. Returns false as soon as
// done() does.
template <class Done>
bool feed_words(std::string& word, bool& initial, bool& ended, std::string_view piece, Done done) {
  const bool byte_piece = unicode::find_invalid_utf8(piece) != std::string_view::npos;
  for (size_t pos = 0; pos < piece.size();) {
    const size_t space = byte_piece ? (piece[pos] == ' ' ? 1 : 0) : unicode::space_length_at(piece, pos);
    if (space == 0) {
      word += piece[pos++];
      continue;
    }
    pos += space;
    if (word.empty()) continue;
    if (!done(word, initial)) return false;
    if (!entities::key_of(word).empty()) {
      ended = entities::ends_sentence(word);
      initial = ended;
    }
    word.clear();
  }
  return true;
}

}  // namespace

// Grounding: is this word (raw, as written so far) one the input supports?
// A complete word must not be an unsupported entity token. A word still
// being written that is becoming one must be a supported key already
// ("Berg" of "Berg,") or the beginning of one as written ("Ber" of "Berg",
// "3:59." of "3:59.48"), or, capitalised, of a stop word ("Th" of "The").
bool Decoder::word_supported(const State& s, std::string_view word, bool initial, bool complete) const {
  if (word.empty()) return true;
  const auto any_segment = [&](auto test) {
    if (test(support_[0])) return true;
    return std::any_of(s.cited.begin(), s.cited.end(),
                       [&](int32_t k) { return test(support_[static_cast<size_t>(k) + 1]); });
  };
  // Does a supported key begin with these bytes (UTF-8 prefixes are byte prefixes)?
  const auto begins_a_key = [&](std::string_view written) {
    return any_segment([&](const std::vector<std::string>& keys) {
      const auto it = std::lower_bound(keys.begin(), keys.end(), written);
      return it != keys.end() && it->starts_with(written);
    });
  };
  const size_t invalid = unicode::find_invalid_utf8(word);
  if (invalid != std::string_view::npos) {
    // A character being spelled in bytes (byte fallback): bytes that can
    // never make one, or a word that ends cut, are not text the input has.
    if (complete || !cut_character(word.substr(invalid))) return false;
    const std::string before = entities::key_of(word.substr(0, invalid));
    if (before.empty()) return true;  // decided once the character is whole
    // A capitalised word can only go on towards a supported key (a stop word
    // has no such character); a lowercase one stays a common word.
    if (entities::is_entity(before, initial) || (!initial && entities::starts_uppercase(before))) {
      return begins_a_key(word.substr(word.find(before)));
    }
    return true;
  }
  const std::string key = entities::key_of(word);
  if (key.empty() || !entities::is_entity(key, initial)) return true;
  if (any_segment([&](const std::vector<std::string>& keys) { return entities::supported(keys, key); })) return true;
  if (complete) return false;
  // The word as written, without its leading punctuation: a key's beginning?
  const std::string_view written = word.substr(word.find(key));  // the key is the word from there on, less its ending
  if (begins_a_key(written)) return true;
  if (entities::has_digit(key)) return false;
  std::string lower(written);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return std::any_of(std::begin(entities::kStopWords), std::end(entities::kStopWords),
                     [&](std::string_view stop) { return stop.starts_with(lower); });
}

bool Decoder::grounded_ok(const State& s, int32_t id) const {
  if (!options_.grounded) return true;
  const Vocabulary& v = *vocab_;
  switch (v.kind_[id]) {
    case kText:
    case kBlank: {
      // Text after a copy or reference token starts a unit's text.
      std::string word = s.in_text ? s.word : std::string();
      bool initial = s.in_text ? s.word_initial : s.sentence_ended;
      bool ended = s.sentence_ended;
      const bool completed_ok = feed_words(word, initial, ended, v.pieces_[id], [&](const std::string& w, bool init) {
        return word_supported(s, w, init, true);
      });
      // A word still open when max_tokens cuts the output is dropped by finish().
      return completed_ok && word_supported(s, word, initial, false);
    }
    case kEos:
    case kCopy:
    case kReference:
      return word_supported(s, s.word, s.word_initial, true);
    default:
      return true;
  }
}

void Decoder::apply(State& s, int32_t id) const {
  const Vocabulary& v = *vocab_;
  const bool track = options_.grounded || options_.copy_bias != 0;
  const auto end_word = [&] {
    if (!track || s.word.empty()) return;
    if (!entities::key_of(s.word).empty()) s.sentence_ended = entities::ends_sentence(s.word);
    s.word.clear();
  };
  switch (v.kind_[id]) {
    case kEos:
      s.ended = true;
      return;
    case kCopy:
      s.last_copy = v.index_[id];
      s.has_content = true;
      s.tail = kNoTail;
      end_word();
      if (track) {
        s.sentence_ended = true;  // a source sentence ends one
        s.cited.clear();
        s.in_text = false;
      }
      break;
    case kReference:
      end_word();
      if (track) {
        if (s.group.empty()) s.cited.clear();  // a new unit's references
        s.cited.push_back(v.index_[id]);
        s.in_text = false;
      }
      s.group.push_back(v.index_[id]);
      s.tail = kNoTail;
      break;
    case kText:
    case kBlank:
      if (track) {
        if (!s.in_text) {  // the unit's text begins
          s.word_initial = s.sentence_ended;
          s.text_start = s.length;
          s.in_text = true;
        }
        const bool new_word = s.word.empty() || unicode::space_length_at(v.pieces_[id], 0) > 0;
        feed_words(s.word, s.word_initial, s.sentence_ended, v.pieces_[id], [](const std::string&, bool) { return true; });
        if (new_word && !s.word.empty()) s.word_start = s.length;
      }
      if (v.kind_[id] == kText) {
        s.group.clear();
        s.has_content = true;
      }
      s.tail = next_tail(s.tail, v.effect_[id]);
      break;
    default:  // nothing else is ever applied
      break;
  }
  ++s.length;
}

// Only the ids whose state differs from the base mask are touched: the
// special tokens that are allowed now, and the text pieces that are not.
void Decoder::patch(const State& s, std::span<const int32_t> tokens) {
  const Vocabulary& v = *vocab_;
  const auto set = [&](int32_t id, float value) {
    bias_[id] = value;
    patched_.push_back(id);
  };
  const bool last = options_.max_tokens - s.length == 1;
  const bool eos = eos_allowed(s);
  if (eos) set(v.eos_, 0.0f);
  if (s.group.empty()) {
    for (int32_t n = s.last_copy + 1; n < sentences_; ++n) set(v.copy_ids_[n], 0.0f);
  }
  if (v.has_text_ && !last) {
    for (int32_t k = 0; k < evidence_; ++k) {
      if (std::find(s.group.begin(), s.group.end(), k) == s.group.end()) set(v.reference_ids_[k], 0.0f);
    }
  }
  const auto mask_all = [&](const std::vector<int32_t>& ids) {
    for (int32_t id : ids) set(id, kMasked);
  };
  switch (s.tail) {
    case kParen:
      mask_all(v.closers_[kParenDigit]);
      break;
    case kParenDigits:
      mask_all(v.closers_[kParenDigit]);
      mask_all(v.closers_[kParenNoDigit]);
      break;
    case kBracket:
      mask_all(v.closers_[kBracketDigit]);
      break;
    case kBracketDigits:
      mask_all(v.closers_[kBracketDigit]);
      mask_all(v.closers_[kBracketNoDigit]);
      break;
    default:
      break;
  }
  if (last && !eos) mask_all(v.blank_ids_);

  // No text n-gram twice: the token that would repeat one is masked.
  const size_t n = options_.no_repeat_ngram;
  if (n >= 2 && tokens.size() + 1 >= n) {
    const auto tail = tokens.last(n - 1);
    for (size_t i = 0; i + n <= tokens.size(); ++i) {
      const int32_t next = tokens[i + n - 1];
      if (v.kind_[next] == kText && bias_[next] == 0.0f &&
          std::equal(tail.begin(), tail.end(), tokens.begin() + static_cast<std::ptrdiff_t>(i))) {
        set(next, kMasked);
        repeat_banned_.push_back(next);
      }
    }
  }

  // Copy preference: continue the longest run of the unit's last tokens
  // found in the article or a cited evidence item.
  if (options_.copy_bias == 0 || !s.in_text || tokens.size() <= s.text_start) return;
  const auto in_scope = [&](size_t pos) {
    if (pos >= segments_[0].first && pos < segments_[0].second) return true;
    for (int32_t k : s.cited) {
      const auto& seg = segments_[static_cast<size_t>(k) + 1];
      if (pos >= seg.first && pos < seg.second) return true;
    }
    return false;
  };
  const size_t written = tokens.size() - s.text_start;
  for (size_t k = std::min<size_t>(3, written); k >= 1; --k) {
    const auto suffix = tokens.subspan(tokens.size() - k);
    const auto first = std::lower_bound(input_index_.begin(), input_index_.end(), std::make_pair(suffix.back(), int32_t{0}));
    bool found = false;
    for (auto it = first; it != input_index_.end() && it->first == suffix.back(); ++it) {
      const size_t q = static_cast<size_t>(it->second);
      if (q + 1 < k || q + 1 >= input_ids_.size() || !in_scope(q) || !in_scope(q + 1)) continue;
      if (!std::equal(suffix.begin(), suffix.end(), input_ids_.begin() + static_cast<std::ptrdiff_t>(q + 1 - k))) continue;
      const int32_t next = input_ids_[q + 1];
      found = true;
      if (bias_[next] == 0.0f) set(next, options_.copy_bias);
    }
    if (found) return;
  }
}

void Decoder::unpatch() {
  for (int32_t id : patched_) bias_[id] = vocab_->base_bias_[id];
  patched_.clear();
  repeat_banned_.clear();
}

int32_t Decoder::masked_argmax(std::span<const float> row) const {
  const float* x = row.data();
  const float* b = bias_.data();
  float best = kMasked;
  int32_t best_id = -1;
  for (size_t i = 0; i < row.size(); ++i) {
    const float value = rank_value(x[i]) + b[i];
    if (value > best) {
      best = value;
      best_id = static_cast<int32_t>(i);
    }
  }
  return best_id;  // never -1: every state allows some token
}

// Grounding is checked lazily, best candidates first: most steps take the
// masked argmax itself, and checking every piece of the vocabulary at every
// step would cost more than the decoder pass.
int32_t Decoder::pick(const State& s, std::span<const float> row) {
  const int32_t best = masked_argmax(row);
  if (!options_.grounded || grounded_ok(s, best)) return best;
  const std::vector<ScoredToken> top = pick_top(s, row, 1);
  return top.empty() ? best : top.front().id;
}

std::vector<ScoredToken> Decoder::pick_top(const State& s, std::span<const float> row, size_t k) {
  const auto value = [&](size_t i) { return rank_value(row[i]) + bias_[i]; };
  if (!options_.grounded) return select_top(row.size(), k, value);
  std::vector<ScoredToken> out;
  for (size_t window : {8 * k + 32, row.size()}) {
    const std::vector<ScoredToken> top = select_top(row.size(), window, value);
    out.clear();
    for (const ScoredToken& t : top) {
      if (grounded_ok(s, t.id)) out.push_back(t);
      if (out.size() == k) return out;
    }
    if (top.size() < window) break;  // every allowed token was looked at
  }
  if (out.empty() && !repeat_banned_.empty()) {
    // Grounding outranks the repetition guard: a repeat that finishes a
    // supported word ("20" + "25" again) beats an unsupported word.
    for (int32_t id : repeat_banned_) bias_[id] = 0.0f;
    repeat_banned_.clear();
    return pick_top(s, row, k);
  }
  if (out.empty()) {  // nothing grounded: the best allowed tokens rather than none
    ++stats_.ungrounded;
    return select_top(row.size(), k, value);
  }
  return out;
}

double Decoder::score_of(double sum_logprobs, size_t tokens) const {
  return sum_logprobs / std::pow(static_cast<double>(tokens + 1), options_.length_penalty);
}

void Decoder::finish(const Live& live) {
  Hypothesis h{live.tokens, live.state.ended, live.sum_logprobs, score_of(live.sum_logprobs, live.tokens.size())};
  const State& s = live.state;
  if (options_.grounded && !s.ended && s.in_text && !word_supported(s, s.word, s.word_initial, true)) {
    // Cut at max_tokens inside a word the input does not support: drop it,
    // and the references of its unit if it has no text left.
    h.tokens.resize(s.word_start);
    const Vocabulary& v = *vocab_;
    while (!h.tokens.empty() && (v.kind_[h.tokens.back()] == kBlank || v.kind_[h.tokens.back()] == kReference)) {
      h.tokens.pop_back();
    }
  }
  const size_t keep = options_.num_beams;
  if (finished_.size() >= keep && !(h.score > finished_.back().score)) return;
  const auto at = std::upper_bound(finished_.begin(), finished_.end(), h.score,
                                   [](double score, const Hypothesis& other) { return score > other.score; });
  finished_.insert(at, std::move(h));
  if (finished_.size() > keep) finished_.pop_back();
}

Status Decoder::advance(std::span<const float> logits) {
  if (done_) return Error("advance() after decoding is done");
  const size_t expected = step_.rows * step_.width * static_cast<size_t>(vocab_->size_);
  if (logits.size() != expected) {
    return Error("expected " + std::to_string(expected) + " logits (" + std::to_string(step_.rows) + " rows x " +
                 std::to_string(step_.width) + " positions x " + std::to_string(vocab_->size_) + " vocabulary), got " +
                 std::to_string(logits.size()));
  }
  ++stats_.passes;
  stats_.positions += step_.rows * step_.width;
  if (options_.num_beams == 1) {
    advance_greedy(logits);
  } else {
    advance_beam(logits);
  }
  first_ = false;
  prepare_step();
  return Ok{};
}

void Decoder::advance_greedy(std::span<const float> logits) {
  const size_t size = static_cast<size_t>(vocab_->size_);
  Live& h = live_[0];
  const size_t drafted = draft_.size();
  stats_.drafted += drafted;
  size_t consumed = 0;
  for (size_t j = 0; j <= drafted; ++j) {
    const std::span<const float> row = logits.subspan(j * size, size);
    ++consumed;
    patch(h.state, h.tokens);
    const int32_t id = pick(h.state, row);
    unpatch();
    h.sum_logprobs += static_cast<double>(rank_value(row[id])) - log_sum_exp_ranked(row);
    ++stats_.generated;
    apply(h.state, id);
    if (!h.state.ended) h.tokens.push_back(id);
    const bool matches = j < drafted && id == draft_[j];
    if (matches) ++stats_.accepted;
    if (h.state.ended || h.tokens.size() == options_.max_tokens) {
      finish(h);
      done_ = true;
      break;
    }
    if (!matches) break;
  }
  cache_length_ += consumed;  // the last token fed and the accepted drafts

  // Where the output stands in the input, if it is following it: the input
  // position after the accepted draft, or after the position it stood at,
  // when the token just chosen is the input's next one.
  if (!done_) {
    const size_t at = draft_source_ != kNone ? draft_source_ + (consumed - 1) : drafted == 0 ? cursor_ : kNone;
    const int32_t chosen = h.tokens.back();
    cursor_ = substitute_ = kNone;
    if (at < input_ids_.size()) {
      if (input_ids_[at] == chosen) {
        cursor_ = at + 1;
      } else if (at + 1 < input_ids_.size() && input_ids_[at + 1] == chosen) {
        cursor_ = at + 2;  // the output skipped an input token
      } else if (draft_source_ != kNone) {
        substitute_ = at + 1;  // the output replaced an input token
      }
    }
    if (drafted > 0 && options_.adaptive_draft) {
      draft_limit_ = consumed - 1 == drafted ? std::min(options_.draft_tokens, draft_limit_ + 2)
                                             : std::max<size_t>(1, draft_limit_ - 1);
    }
  }
}

void Decoder::advance_beam(std::span<const float> logits) {
  const size_t size = static_cast<size_t>(vocab_->size_);
  const size_t beams = options_.num_beams;
  struct Candidate {
    double score;
    int32_t row;
    int32_t id;
  };
  std::vector<Candidate> candidates;
  for (size_t r = 0; r < live_.size(); ++r) {
    const std::span<const float> row = logits.subspan(r * size, size);
    patch(live_[r].state, live_[r].tokens);
    const std::vector<ScoredToken> best = pick_top(live_[r].state, row, 2 * beams);
    unpatch();
    const double lse = log_sum_exp_ranked(row);
    for (const ScoredToken& t : best) {
      candidates.push_back(
          {live_[r].sum_logprobs + (static_cast<double>(t.value) - lse), static_cast<int32_t>(r), t.id});
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.row != b.row) return a.row < b.row;
    return a.id < b.id;
  });
  if (candidates.size() > 2 * beams) candidates.resize(2 * beams);

  std::vector<Live> next;
  std::vector<int32_t> parents;
  for (size_t rank = 0; rank < candidates.size() && next.size() < beams; ++rank) {
    const Candidate& c = candidates[rank];
    if (c.id == vocab_->eos_) {
      if (rank >= beams) continue;  // Hugging Face: only an EOS among the best num_beams counts
      Live ended = live_[c.row];
      apply(ended.state, c.id);
      ended.sum_logprobs = c.score;
      finish(ended);
    } else {
      Live grown = live_[c.row];
      apply(grown.state, c.id);
      grown.tokens.push_back(c.id);
      grown.sum_logprobs = c.score;
      next.push_back(std::move(grown));
      parents.push_back(c.row);
    }
    ++stats_.generated;
  }
  live_ = std::move(next);
  parents_ = std::move(parents);
  cache_length_ += 1;
  if (live_.empty()) {
    done_ = true;
    return;
  }

  const size_t length = live_[0].tokens.size();  // every live hypothesis has it
  if (finished_.size() >= beams) {
    double best = -std::numeric_limits<double>::infinity();
    for (const Live& l : live_) best = std::max(best, l.sum_logprobs);
    const double worst = finished_.back().score;
    bool stop = false;
    switch (options_.early_stopping) {
      case EarlyStopping::kFirst:
        stop = true;
        break;
      case EarlyStopping::kHeuristic:
        stop = worst >= score_of(best, length);
        break;
      case EarlyStopping::kExact: {
        // Sums only fall; the length that flatters most is the longest when
        // alpha > 0 (the sum is negative), the shortest (ending now) else.
        const size_t tokens = options_.length_penalty > 0 ? options_.max_tokens : length;
        stop = worst >= score_of(best, tokens);
        break;
      }
    }
    if (stop) {
      done_ = true;
      return;
    }
  }
  if (length == options_.max_tokens) {
    for (const Live& l : live_) finish(l);
    done_ = true;
  }
}

void Decoder::make_draft() {
  draft_.clear();
  draft_source_ = kNone;
  if (options_.draft_tokens == 0 || options_.num_beams != 1) return;
  const Live& h = live_[0];
  const size_t n = h.tokens.size();
  if (options_.max_tokens - n < 2) return;
  const size_t limit =
      std::min(options_.adaptive_draft ? draft_limit_ : options_.draft_tokens, options_.max_tokens - n - 1);
  const Vocabulary& v = *vocab_;

  // Copy runs: at the start and after a copy token [m] (and any blanks after
  // it), the copy tokens [m+1] [m+2] ... (the text after "[m]" in the input
  // is what [m] stands for, so it never follows [m] in an edit). A tokenizer
  // that spells " [1]" as a blank piece and "[1]" (SentencePiece does) puts
  // that blank between copy tokens: the run takes the blank the input has
  // before each copy token, except at the start and right after a blank.
  const auto blank_before_copy = [&](int32_t m) -> int32_t {
    const int32_t id = v.copy_ids_[static_cast<size_t>(m)];
    const auto it = std::lower_bound(input_index_.begin(), input_index_.end(), std::make_pair(id, int32_t{0}));
    if (it == input_index_.end() || it->first != id || it->second == 0) return -1;
    const int32_t before = input_ids_[static_cast<size_t>(it->second) - 1];
    return v.kind_[before] == kBlank ? before : -1;
  };
  size_t last_kept = n;  // the last token that is not blank, + 1
  while (last_kept > 0 && v.kind_[h.tokens[last_kept - 1]] == kBlank) --last_kept;
  if (n == 0 || (last_kept > 0 && v.kind_[h.tokens[last_kept - 1]] == kCopy)) {
    if (!options_.draft_copy_runs) return;
    State s = h.state;
    bool after_blank = n == 0 || last_kept < n;
    for (int32_t m = s.last_copy + 1; m < sentences_ && draft_.size() < limit; ++m) {
      State t = s;
      std::vector<int32_t> run;
      const int32_t blank = after_blank ? -1 : blank_before_copy(m);
      if (blank >= 0 && allowed(t, blank)) {
        run.push_back(blank);
        apply(t, blank);
      }
      const int32_t id = v.copy_ids_[static_cast<size_t>(m)];
      if (!allowed(t, id) || draft_.size() + run.size() + 1 > limit) break;
      run.push_back(id);
      apply(t, id);
      draft_.insert(draft_.end(), run.begin(), run.end());
      s = t;
      after_blank = false;
    }
    // the article's last sentence copied: the edit usually ends there
    if (sentences_ > 0 && s.last_copy + 1 == sentences_ && draft_.size() < limit && allowed(s, v.eos_)) {
      draft_.push_back(v.eos_);
    }
    return;
  }

  // Prompt lookup: the input after an occurrence of the last k tokens (up to
  // and including a copy token: what follows it in the input is what it
  // stands for, so the next pass drafts a copy run instead).
  const auto draft_from = [&](size_t start) {
    State s = h.state;
    for (size_t t = start; t < input_ids_.size() && draft_.size() < limit; ++t) {
      const int32_t id = input_ids_[t];
      if (!allowed(s, id)) break;
      draft_.push_back(id);
      apply(s, id);
      if (s.ended || v.kind_[id] == kCopy) break;
    }
    if (!draft_.empty()) draft_source_ = start;
    return !draft_.empty();
  };
  const auto ends_at = [&](size_t q, size_t k) {  // input[q+1-k .. q] == the last k tokens?
    return q + 1 >= k && q < input_ids_.size() &&
           std::equal(h.tokens.end() - static_cast<std::ptrdiff_t>(k), h.tokens.end(),
                      input_ids_.begin() + static_cast<std::ptrdiff_t>(q + 1 - k));
  };
  const int32_t last = h.tokens.back();
  const auto first = std::lower_bound(input_index_.begin(), input_index_.end(), std::make_pair(last, int32_t{0}));
  bool substitution_tried = !options_.draft_substitution || substitute_ == kNone;
  for (size_t k = std::min(options_.draft_ngram_max, n); k >= options_.draft_ngram_min; --k) {
    // blanks alone say nothing about where the output is in the input
    if (k <= n - last_kept) continue;
    if (k == 1 && !substitution_tried) {
      substitution_tried = true;
      if (draft_from(substitute_)) return;
    }
    // The occurrence the output has been following, if it still matches;
    // else the first one.
    if (cursor_ != kNone && cursor_ > 0 && ends_at(cursor_ - 1, k) && draft_from(cursor_)) return;
    for (auto it = first; it != input_index_.end() && it->first == last; ++it) {
      const size_t q = static_cast<size_t>(it->second);
      if (q + 1 != cursor_ && ends_at(q, k) && draft_from(q + 1)) return;
    }
  }
}

void Decoder::prepare_step() {
  step_ = Step{};
  if (done_) return;
  step_.rows = live_.size();
  step_.cache_length = cache_length_;
  const auto last_token = [&](const Live& l) { return first_ ? vocab_->pad_ : l.tokens.back(); };
  if (options_.num_beams == 1) {
    make_draft();
    step_.width = 1 + draft_.size();
    step_.tokens.push_back(last_token(live_[0]));
    step_.tokens.insert(step_.tokens.end(), draft_.begin(), draft_.end());
    if (!first_) step_.cache_rows = {0};
  } else {
    step_.width = 1;
    for (const Live& l : live_) step_.tokens.push_back(last_token(l));
    if (!first_) step_.cache_rows = parents_;
  }
}

std::vector<int32_t> Decoder::result() const {
  if (!done_ || finished_.empty()) return {};
  return finished_.front().tokens;
}

}  // namespace fruit::decoding
