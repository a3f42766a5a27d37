#include "decoding.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "edit5.h"
#include "entities.h"
#include "normalize.h"
#include "unicode.h"

// The decoder is checked against fake "models" (deterministic functions
// from the generated prefix to logits) driven exactly as the JavaScript loop
// in decoding.h drives a real one, with a fake KV cache that holds the
// tokens fed so far: a wrong cache_rows or cache_length changes the prefix
// the model sees and so the output.

namespace {

using namespace fruit::decoding;

// ---------------------------------------------------------------------------
// A tiny vocabulary: 0 <pad>, 1 </s>, 2 <unk>, 3 [CONTEXT], copy tokens
// [0]..[9], reference tokens (0)..(9), words (some of which can spell
// delimiters), and 3 logits rows without a piece (like T5's padding rows).

constexpr int32_t kPad = 0, kEos = 1, kUnk = 2, kContext = 3;
constexpr int32_t kCopies = 10, kRefs = 10;
constexpr int32_t kFirstCopy = 4, kFirstRef = kFirstCopy + kCopies, kFirstWord = kFirstRef + kRefs;

const std::vector<std::string> kWords = {
    " the",
    " cat",
    " sat",
    " on",
    " a",
    " mat",
    " film",
    " was",
    " released",
    " in",
    " 1941",
    ".",
    ",",
    " and",
    // pieces that can spell a delimiter with their neighbours
    " (",
    "(",
    ")",
    ").",
    "1",
    "23",
    "4)",
    " [",
    "[",
    "]",
    "5]",
    "x(",
    "(9",
    " (2",
    "].",
    ")(",
    "(1",
    "2",
    " 3",
    "])",
    "\u0663",
    "\u0663)",
    "(\u0663",
    // pieces that are delimiters on their own: never generated
    "(7)",
    "[8]",
    "a(12)b",
    // blank pieces
    " ",
    "",
    "\u00a0",
    "\u3000 ",
};
const int32_t kNumPieces = kFirstWord + static_cast<int32_t>(kWords.size());
const int32_t kVocab = kNumPieces + 3;

int32_t copy_id(int32_t n) { return kFirstCopy + n; }
int32_t ref_id(int32_t k) { return kFirstRef + k; }
int32_t word_id(const std::string& w) {
  const auto it = std::find(kWords.begin(), kWords.end(), w);
  REQUIRE(it != kWords.end());
  return kFirstWord + static_cast<int32_t>(it - kWords.begin());
}
bool is_copy(int32_t id) { return id >= kFirstCopy && id < kFirstRef; }
bool is_ref(int32_t id) { return id >= kFirstRef && id < kFirstWord; }
bool is_word(int32_t id) { return id >= kFirstWord && id < kNumPieces; }
const std::string& piece(int32_t id) { return kWords[id - kFirstWord]; }
bool is_blank(int32_t id) { return is_word(id) && fruit::unicode::strip(piece(id)).empty(); }

TokenRoles fake_roles(bool with_pieces = true) {
  TokenRoles roles;
  roles.vocab_size = kVocab;
  roles.eos_id = kEos;
  roles.pad_id = kPad;
  for (int32_t n = 0; n < kCopies; ++n) roles.copy_token_ids.push_back(copy_id(n));
  for (int32_t k = 0; k < kRefs; ++k) roles.reference_token_ids.push_back(ref_id(k));
  roles.forbidden_ids = {kUnk, kContext};
  if (with_pieces) {
    roles.pieces.resize(kNumPieces);
    for (int32_t n = 0; n < kCopies; ++n) roles.pieces[copy_id(n)] = "[" + std::to_string(n) + "]";
    for (int32_t k = 0; k < kRefs; ++k) roles.pieces[ref_id(k)] = "(" + std::to_string(k) + ")";
    for (int32_t id = kFirstWord; id < kNumPieces; ++id) roles.pieces[id] = piece(id);
  } else {
    for (int32_t id = kNumPieces; id < kVocab; ++id) roles.forbidden_ids.push_back(id);
  }
  return roles;
}

std::shared_ptr<const Vocabulary> fake_vocabulary(bool with_pieces = true) {
  auto vocabulary = Vocabulary::compile(fake_roles(with_pieces));
  REQUIRE(vocabulary.ok());
  return vocabulary.value();
}

// Detokenizes: special tokens as "[n]" / "(k)", with spaces around them or
// glued to their neighbours.
std::string render(const std::vector<int32_t>& ids, bool glued) {
  std::string out;
  for (int32_t id : ids) {
    if (is_copy(id)) {
      out += (glued ? "" : " ") + ("[" + std::to_string(id - kFirstCopy) + "]") + (glued ? "" : " ");
    } else if (is_ref(id)) {
      out += (glued ? "" : " ") + ("(" + std::to_string(id - kFirstRef) + ")") + (glued ? "" : " ");
    } else if (is_word(id)) {
      out += piece(id);
    } else {
      out += "<bad:" + std::to_string(id) + ">";
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// One input: S source sentences, E evidence items, its text and its ids.

struct Setup {
  size_t sentences = 0, evidence = 0, max_tokens = 40;
  bool allow_empty = false;
  std::string input_text;
  std::vector<int32_t> input_ids;
  std::vector<std::vector<int32_t>> sentence_words, evidence_words;  // the words after each marker
};

uint64_t mix(uint64_t x) {  // splitmix64
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
double uniform(uint64_t h) { return static_cast<double>(h >> 11) * 0x1.0p-53; }  // [0, 1)

Setup make_setup(uint64_t seed, size_t sentences, size_t evidence, size_t max_tokens, size_t span = 6,
                 bool risky_words = true) {
  Setup s;
  s.sentences = sentences;
  s.evidence = evidence;
  s.max_tokens = max_tokens;
  uint64_t h = mix(seed * 7919 + 17);
  const std::vector<std::string> safe = {" the", " cat",      " sat", " on",   " a",   " mat", " film",
                                         " was", " released", " in",  " 1941", " and", ",",    "."};
  const auto words = [&](size_t n) {
    std::vector<int32_t> out;
    for (size_t i = 0; i < n; ++i) {
      h = mix(h);
      const bool risky = risky_words && uniform(h) < 0.15;
      h = mix(h);
      out.push_back(risky ? kFirstWord + static_cast<int32_t>(uniform(h) * kWords.size())
                          : word_id(safe[static_cast<size_t>(uniform(h) * safe.size())]));
    }
    out.push_back(word_id("."));
    return out;
  };
  for (size_t n = 0; n < sentences; ++n) {
    s.input_text += "[" + std::to_string(n) + "] Sentence number " + std::to_string(n) + ". ";
    s.sentence_words.push_back(words(span));
    s.input_ids.push_back(copy_id(static_cast<int32_t>(n)));
    s.input_ids.insert(s.input_ids.end(), s.sentence_words.back().begin(), s.sentence_words.back().end());
  }
  s.input_text += "[CONTEXT]";
  s.input_ids.push_back(kContext);
  for (size_t k = 0; k < evidence; ++k) {
    s.input_text += " (" + std::to_string(k) + ") Evidence item " + std::to_string(k) + ".";
    s.evidence_words.push_back(words(span));
    s.input_ids.push_back(ref_id(static_cast<int32_t>(k)));
    s.input_ids.insert(s.input_ids.end(), s.evidence_words.back().begin(), s.evidence_words.back().end());
  }
  s.input_ids.push_back(kEos);
  return s;
}

// The zero diagnostics of validate_edit5, in both renderings.
void check_well_formed(const Setup& s, const std::vector<int32_t>& ids) {
  const auto outline = fruit::outline_input(s.input_text);
  REQUIRE(outline.ok());
  REQUIRE(outline.value().source_sentences.size() == s.sentences);
  REQUIRE(outline.value().evidence_count == s.evidence);
  for (bool glued : {false, true}) {
    const std::string edit = render(ids, glued);
    INFO("edit: '" << edit << "'");
    const auto diagnostics = fruit::validate_edit5(fruit::parse_edit5(edit), outline.value());
    for (const auto& d : diagnostics) INFO(d.code << ": " << d.message);
    CHECK(diagnostics.empty());
  }
  CHECK(ids.size() <= s.max_tokens);
  if (!s.allow_empty) {
    CHECK(
        std::any_of(ids.begin(), ids.end(), [](int32_t id) { return is_copy(id) || (is_word(id) && !is_blank(id)); }));
  }
}

// ---------------------------------------------------------------------------
// Fake models.

using Model = std::function<std::vector<float>(const std::vector<int32_t>& prefix)>;

uint64_t hash_prefix(const std::vector<int32_t>& prefix, uint64_t seed) {
  uint64_t h = mix(seed);
  for (int32_t id : prefix) h = mix(h ^ static_cast<uint64_t>(id));
  return h;
}

std::vector<float> noise(const std::vector<int32_t>& prefix, uint64_t seed, double scale) {
  const uint64_t h = hash_prefix(prefix, seed);
  std::vector<float> logits(kVocab);
  for (int32_t id = 0; id < kVocab; ++id) {
    logits[id] = static_cast<float>(scale * (2 * uniform(mix(h + static_cast<uint64_t>(id))) - 1));
  }
  return logits;
}

Model random_model(uint64_t seed) {
  return [seed](const std::vector<int32_t>& prefix) { return noise(prefix, seed, 3.0); };
}

// Prefers what the constraints must stop: forbidden ids, rows without a
// piece, repeated / unordered / out-of-range copy tokens, references to
// missing evidence, references at the end, EOS right after references,
// pieces that would close a delimiter, blanks after references.
Model adversarial_model(uint64_t seed, const Setup& s) {
  const size_t sentences = s.sentences, evidence = s.evidence, max_tokens = s.max_tokens;
  return [=](const std::vector<int32_t>& prefix) {
    std::vector<float> logits = noise(prefix, seed, 2.0);
    const uint64_t h = hash_prefix(prefix, seed ^ 0xABCDEF);
    const auto coin = [&](int salt) { return uniform(mix(h + static_cast<uint64_t>(salt))) < 0.5; };
    int32_t last_copy = -1;
    for (int32_t id : prefix) {
      if (is_copy(id)) last_copy = std::max(last_copy, id - kFirstCopy);
    }
    const bool after_ref = !prefix.empty() && is_ref(prefix.back());
    const bool near_end = prefix.size() + 3 >= max_tokens;
    if (coin(1)) {
      for (int32_t id : {kPad, kUnk, kContext, kNumPieces, kNumPieces + 1, kNumPieces + 2}) logits[id] += 20;
    }
    for (int32_t n = 0; n < kCopies; ++n) {
      if (n <= last_copy && coin(2)) logits[copy_id(n)] += 25;                       // repeated / unordered
      if (static_cast<size_t>(n) >= sentences && coin(3)) logits[copy_id(n)] += 15;  // out of range
      if (static_cast<size_t>(n) < sentences && n > last_copy && coin(4)) logits[copy_id(n)] += 8;
    }
    for (int32_t k = 0; k < kRefs; ++k) {
      if (static_cast<size_t>(k) >= evidence && coin(5)) logits[ref_id(k)] += 15;  // missing evidence
      if (near_end && coin(6)) logits[ref_id(k)] += 30;                            // references at the end
      if (after_ref && coin(7)) logits[ref_id(k)] += 10;                           // the same one again
    }
    if (after_ref && coin(8)) logits[kEos] += 40;  // EOS right after references
    if (coin(9)) logits[kEos] += 6;                // early (empty) EOS
    for (const char* w : {")", ").", "4)", "5]", "]", "].", ")(", "])", "\u0663)", "(7)", "[8]", "a(12)b"}) {
      if (coin(10)) logits[word_id(w)] += 18;
    }
    for (const char* w : {"(", " (", "[", "(1", "(9", " (2", "1", "23", "\u0663"}) {
      if (coin(11)) logits[word_id(w)] += 9;
    }
    if (after_ref && coin(12)) {
      for (const char* w : {" ", "", "\u00a0", "\u3000 "}) logits[word_id(w)] += 30;
    }
    return logits;
  };
}

// Follows the input: boosts the token after the first occurrence of the
// last generated token, over noise (long copies with deviations).
Model ngram_copier_model(uint64_t seed, const Setup& s) {
  const std::vector<int32_t> input = s.input_ids;
  return [=](const std::vector<int32_t>& prefix) {
    std::vector<float> logits = noise(prefix, seed, 2.0);
    if (!prefix.empty()) {
      const auto it = std::find(input.begin(), input.end(), prefix.back());
      if (it != input.end() && it + 1 != input.end()) logits[*(it + 1)] += 4.5f;
    }
    if (prefix.size() > 25) logits[kEos] += 3;
    return logits;
  };
}

// A model that writes one target sequence (and then ends); off it, noise
// and a wish to stop.
Model target_model(uint64_t seed, std::vector<int32_t> target) {
  return [seed, target = std::move(target)](const std::vector<int32_t>& prefix) {
    std::vector<float> logits = noise(prefix, seed, 1.0);
    if (prefix.size() <= target.size() && std::equal(prefix.begin(), prefix.end(), target.begin())) {
      logits[prefix.size() == target.size() ? kEos : target[prefix.size()]] += 10;
    } else {
      logits[kEos] += 5;
    }
    return logits;
  };
}

// Copy-heavy target: copies most sentences, and adds sentences copied from
// the evidence, each behind its reference, sometimes with a changed word.
std::vector<int32_t> copy_heavy_target(uint64_t seed, const Setup& s) {
  std::vector<int32_t> t;
  uint64_t h = mix(seed + 99);
  size_t next_evidence = 0;
  for (size_t n = 0; n < s.sentences; ++n) {
    h = mix(h);
    if (uniform(h) < 0.8) t.push_back(copy_id(static_cast<int32_t>(n)));
    h = mix(h);
    if (next_evidence < s.evidence && uniform(h) < 0.7) {
      t.push_back(ref_id(static_cast<int32_t>(next_evidence)));
      for (int32_t w : s.evidence_words[next_evidence]) {
        h = mix(h);
        t.push_back(uniform(h) < 0.1 ? word_id(" cat") : w);
      }
      ++next_evidence;
    }
  }
  return t;
}

Model model_of_kind(int kind, uint64_t seed, const Setup& s) {
  switch (kind) {
    case 0:
      return random_model(seed);
    case 1:
      return adversarial_model(seed, s);
    case 2:
      return ngram_copier_model(seed, s);
    default:
      return target_model(seed, copy_heavy_target(seed, s));
  }
}

// ---------------------------------------------------------------------------
// The JavaScript loop, with a fake KV cache (the tokens fed so far).

struct Run {
  std::vector<int32_t> tokens;
  std::vector<Hypothesis> hypotheses;
  DecodeStats stats;
};

// cache: what the fake cache holds when the caller already ran some passes.
Run drive(Decoder& decoder, const Model& model, std::vector<std::vector<int32_t>> cache = {}) {
  const DecodeStats before = decoder.stats();
  size_t positions = 0, passes = 0;
  while (!decoder.done()) {
    const Step& step = decoder.next_inputs();
    REQUIRE(step.rows > 0);
    REQUIRE(step.width > 0);
    REQUIRE(step.tokens.size() == step.rows * step.width);
    std::vector<std::vector<int32_t>> next(step.rows);
    if (step.cache_length == 0) {
      REQUIRE(step.cache_rows.empty());
    } else {
      REQUIRE(step.cache_rows.size() == step.rows);
      for (size_t r = 0; r < step.rows; ++r) {
        REQUIRE(step.cache_rows[r] >= 0);
        REQUIRE(static_cast<size_t>(step.cache_rows[r]) < cache.size());
        next[r] = cache[step.cache_rows[r]];
        REQUIRE(next[r].size() >= step.cache_length);
        next[r].resize(step.cache_length);
      }
    }
    std::vector<float> logits;
    for (size_t r = 0; r < step.rows; ++r) {
      for (size_t j = 0; j < step.width; ++j) {
        next[r].push_back(step.tokens[r * step.width + j]);
        REQUIRE(next[r].front() == kPad);  // the decoder start token
        const std::vector<int32_t> prefix(next[r].begin() + 1, next[r].end());
        const std::vector<float> row = model(prefix);
        logits.insert(logits.end(), row.begin(), row.end());
      }
    }
    cache = std::move(next);
    positions += step.rows * step.width;
    ++passes;
    REQUIRE(decoder.advance(logits).ok());
    REQUIRE(passes < 10000);
  }
  CHECK(decoder.next_inputs().rows == 0);
  CHECK(decoder.stats().passes - before.passes == passes);
  CHECK(decoder.stats().positions - before.positions == positions);
  return {decoder.result(), decoder.hypotheses(), decoder.stats()};
}

Run decode(const Setup& s, const Model& model, DecodeOptions options,
           const std::shared_ptr<const Vocabulary>& vocabulary = fake_vocabulary()) {
  options.max_tokens = s.max_tokens;
  options.allow_empty = s.allow_empty;
  auto decoder = Decoder::create(vocabulary, options, s.sentences, s.evidence, s.input_ids);
  REQUIRE(decoder.ok());
  return drive(decoder.value(), model);
}

DecodeOptions greedy(size_t draft_tokens = 0) {
  DecodeOptions o;
  o.num_beams = 1;
  o.draft_tokens = draft_tokens;
  return o;
}

DecodeOptions beam(size_t width, double length_penalty, EarlyStopping stopping = EarlyStopping::kExact) {
  DecodeOptions o;
  o.num_beams = width;
  o.length_penalty = length_penalty;
  o.early_stopping = stopping;
  return o;
}

// ---------------------------------------------------------------------------
// The reference: the constraints written out naively from the prefix and its
// text, and a plain greedy loop over them.

bool has_delimiter(const std::string& text) {
  return !fruit::find_delimiters(text, '(', ')').empty() || !fruit::find_delimiters(text, '[', ']').empty();
}

bool reference_allowed(const Setup& s, const std::vector<int32_t>& prefix, int32_t id) {
  int32_t last_copy = -1;
  std::vector<int32_t> group;
  bool content = false;
  std::string text;  // since the last special token
  for (int32_t t : prefix) {
    if (is_copy(t)) {
      last_copy = t - kFirstCopy;
      content = true;
      text.clear();
    } else if (is_ref(t)) {
      group.push_back(t - kFirstRef);
      text.clear();
    } else {
      text += piece(t);
      if (!is_blank(t)) {
        group.clear();
        content = true;
      }
    }
  }
  const bool last = prefix.size() + 1 == s.max_tokens;
  const bool eos_ok = group.empty() && (content || s.allow_empty);
  if (id == kEos) return eos_ok;
  if (is_copy(id)) {
    const int32_t n = id - kFirstCopy;
    return group.empty() && n > last_copy && static_cast<size_t>(n) < s.sentences;
  }
  if (is_ref(id)) {
    const int32_t k = id - kFirstRef;
    return !last && static_cast<size_t>(k) < s.evidence && std::find(group.begin(), group.end(), k) == group.end();
  }
  if (!is_word(id)) return false;
  if (has_delimiter(text + piece(id))) return false;
  if (is_blank(id) && last) return eos_ok;
  return true;
}

std::vector<int32_t> reference_greedy(const Setup& s, const Model& model) {
  std::vector<int32_t> prefix;
  while (prefix.size() < s.max_tokens) {
    const std::vector<float> logits = model(prefix);
    int32_t best = -1;
    for (int32_t id = 0; id < kVocab; ++id) {
      if (reference_allowed(s, prefix, id) && (best < 0 || logits[id] > logits[best])) best = id;
    }
    REQUIRE(best >= 0);
    if (best == kEos) break;
    prefix.push_back(best);
  }
  return prefix;
}

double log_prob(const std::vector<float>& logits, int32_t id) {
  double top = -std::numeric_limits<double>::infinity();
  for (float x : logits) top = std::max(top, static_cast<double>(x));
  double sum = 0;
  for (float x : logits) sum += std::exp(x - top);
  return logits[id] - (top + std::log(sum));
}

// The sum of log-probabilities of a hypothesis, recomputed from the model.
double reference_sum(const Model& model, const Hypothesis& h) {
  std::vector<int32_t> prefix;
  double sum = 0;
  for (int32_t id : h.tokens) {
    sum += log_prob(model(prefix), id);
    prefix.push_back(id);
  }
  if (h.ended_with_eos) sum += log_prob(model(prefix), kEos);
  return sum;
}

Setup random_setup(uint64_t seed) {
  const uint64_t h = mix(seed ^ 0x5EED);
  const size_t sentences = static_cast<size_t>(uniform(mix(h + 1)) * 7);  // 0..6
  const size_t evidence = static_cast<size_t>(uniform(mix(h + 2)) * 6);   // 0..5
  const size_t max_tokens = 1 + static_cast<size_t>(uniform(mix(h + 3)) * 40);
  Setup s = make_setup(seed, sentences, evidence, max_tokens);
  s.allow_empty = uniform(mix(h + 4)) < 0.3;
  return s;
}

}  // namespace

// ---------------------------------------------------------------------------

TEST_CASE("decoding: every output of every model is well-formed EDIT5", "[decoding]") {
  const auto vocabulary = fake_vocabulary();
  size_t outputs = 0;
  for (uint64_t seed = 0; seed < 1500; ++seed) {
    const Setup s = random_setup(seed);
    const int kind = static_cast<int>(seed % 4);
    const Model model = model_of_kind(kind, seed, s);
    const double penalties[] = {0.0, 0.5, 1.0, 2.0, -0.5};
    const EarlyStopping stoppings[] = {EarlyStopping::kExact, EarlyStopping::kHeuristic, EarlyStopping::kFirst};
    const DecodeOptions configurations[] = {greedy(0), greedy(8),
                                            beam(1 + seed % 4, penalties[seed % 5], stoppings[seed % 3]),
                                            beam(2 + seed % 5, penalties[(seed / 5) % 5], stoppings[(seed / 3) % 3])};
    for (const DecodeOptions& options : configurations) {
      INFO("seed " << seed << " kind " << kind << " beams " << options.num_beams << " S " << s.sentences << " E "
                   << s.evidence << " max " << s.max_tokens);
      const Run run = decode(s, model, options, vocabulary);
      REQUIRE(!run.hypotheses.empty());
      CHECK(run.hypotheses.size() <= options.num_beams);
      CHECK(run.tokens == run.hypotheses.front().tokens);
      for (size_t i = 0; i < run.hypotheses.size(); ++i) {
        const Hypothesis& h = run.hypotheses[i];
        check_well_formed(s, h.tokens);
        ++outputs;
        CHECK(h.ended_with_eos == (h.tokens.size() < s.max_tokens));
        CHECK(h.sum_logprobs == Approx(reference_sum(model, h)).margin(1e-6));
        CHECK(h.score == Approx(h.sum_logprobs / std::pow(h.tokens.size() + 1.0, options.length_penalty)));
        if (i > 0) CHECK(run.hypotheses[i - 1].score >= h.score);
      }
    }
  }
  CHECK(outputs > 6000);
}

TEST_CASE("decoding: greedy equals a plain greedy loop over the masked logits", "[decoding]") {
  const auto vocabulary = fake_vocabulary();
  for (uint64_t seed = 0; seed < 1000; ++seed) {
    const Setup s = random_setup(seed + 50000);
    const Model model = model_of_kind(static_cast<int>(seed % 4), seed, s);
    INFO("seed " << seed);
    const std::vector<int32_t> expected = reference_greedy(s, model);
    const Run plain = decode(s, model, greedy(0), vocabulary);
    CHECK(plain.tokens == expected);
    CHECK(plain.stats.passes == plain.stats.generated);
    CHECK(plain.stats.generated == expected.size() + (expected.size() < s.max_tokens ? 1 : 0));
    CHECK(plain.stats.drafted == 0);
  }
}

TEST_CASE("decoding: speculation gives exactly greedy's output, in fewer passes when copying", "[decoding]") {
  const auto vocabulary = fake_vocabulary();
  SECTION("every kind of model") {
    for (uint64_t seed = 0; seed < 1500; ++seed) {
      const Setup s = random_setup(seed + 90000);
      const Model model = model_of_kind(static_cast<int>(seed % 4), seed, s);
      INFO("seed " << seed);
      const Run plain = decode(s, model, greedy(0), vocabulary);
      for (size_t draft : {1, 3, 8}) {
        DecodeOptions options = greedy(draft);
        options.draft_ngram_max = 1 + seed % 3;
        options.adaptive_draft = (seed / 3) % 2 == 1;
        options.draft_substitution = (seed / 6) % 2 == 0;
        options.draft_copy_runs = (seed / 12) % 2 == 0;
        const Run fast = decode(s, model, options, vocabulary);
        CHECK(fast.tokens == plain.tokens);
        CHECK(fast.hypotheses.front().sum_logprobs == plain.hypotheses.front().sum_logprobs);
        CHECK(fast.stats.generated == plain.stats.generated);
        CHECK(fast.stats.passes <= plain.stats.passes);
        CHECK(fast.stats.accepted <= fast.stats.drafted);
        // every pass adds its accepted drafts and one more token, unless an
        // accepted draft token was EOS
        CHECK(fast.stats.generated <= fast.stats.passes + fast.stats.accepted);
        CHECK(fast.stats.generated + 1 >= fast.stats.passes + fast.stats.accepted);
        CHECK(fast.stats.positions == fast.stats.passes + fast.stats.drafted);
      }
    }
  }
  SECTION("a copy-heavy model") {
    size_t plain_passes = 0, fast_passes = 0, drafted = 0, accepted = 0;
    for (uint64_t seed = 0; seed < 200; ++seed) {
      const Setup s = make_setup(seed, 6, 5, 128, 12, /*risky_words=*/false);
      const Model model = target_model(seed, copy_heavy_target(seed, s));
      const Run plain = decode(s, model, greedy(0), vocabulary);
      const Run fast = decode(s, model, greedy(8), vocabulary);
      REQUIRE(fast.tokens == plain.tokens);
      REQUIRE(plain.tokens == copy_heavy_target(seed, s));
      check_well_formed(s, fast.tokens);
      if (plain.stats.passes > 12) CHECK(fast.stats.passes < plain.stats.passes);
      CHECK(fast.stats.passes <= plain.stats.passes);
      plain_passes += plain.stats.passes;
      fast_passes += fast.stats.passes;
      drafted += fast.stats.drafted;
      accepted += fast.stats.accepted;
    }
    INFO("passes " << plain_passes << " -> " << fast_passes << ", drafted " << drafted << ", accepted " << accepted);
    CHECK(fast_passes * 2 < plain_passes);
  }
}

TEST_CASE("decoding: beam search", "[decoding]") {
  const auto vocabulary = fake_vocabulary();
  SECTION("width 1 without length penalty is greedy") {
    for (uint64_t seed = 0; seed < 1000; ++seed) {
      const Setup s = random_setup(seed + 70000);
      const Model model = model_of_kind(static_cast<int>(seed % 4), seed, s);
      INFO("seed " << seed);
      const Run g = decode(s, model, greedy(0), vocabulary);
      for (EarlyStopping stopping : {EarlyStopping::kExact, EarlyStopping::kHeuristic, EarlyStopping::kFirst}) {
        const Run b = decode(s, model, beam(1, 0.0, stopping), vocabulary);
        CHECK(b.tokens == g.tokens);
        CHECK(b.hypotheses.front().sum_logprobs == Approx(g.hypotheses.front().sum_logprobs).margin(1e-9));
      }
    }
  }
  SECTION("finds a better sequence than greedy on a crafted case") {
    // P(the) = 0.6, P(cat) = 0.4; after "the" five tokens at 0.2 each (EOS
    // among them); after "cat" EOS at 0.99. Greedy: "the" EOS, 0.12; beam
    // search: "cat" EOS, 0.396.
    const int32_t the = word_id(" the"), cat = word_id(" cat");
    const Model model = [&](const std::vector<int32_t>& prefix) {
      std::vector<float> logits(kVocab, -40.0f);
      if (prefix.empty()) {
        logits[the] = std::log(0.6f);
        logits[cat] = std::log(0.4f);
      } else if (prefix == std::vector<int32_t>{the}) {
        for (int32_t id : {kEos, word_id(" sat"), word_id(" on"), word_id(" a"), word_id(" mat")})
          logits[id] = std::log(0.2f);
      } else if (prefix == std::vector<int32_t>{cat}) {
        logits[kEos] = std::log(0.99f);
        logits[word_id(" mat")] = std::log(0.01f);
      } else {
        logits[kEos] = 0;
      }
      return logits;
    };
    Setup s = make_setup(1, 0, 0, 10);
    for (double alpha : {0.0, 1.0}) {
      const Run g = decode(s, model, greedy(0), vocabulary);
      CHECK(g.tokens == std::vector<int32_t>{the});
      DecodeOptions options = beam(2, alpha);
      const Run b = decode(s, model, options, vocabulary);
      CHECK(b.tokens == std::vector<int32_t>{cat});
      const double greedy_score = g.hypotheses.front().sum_logprobs / std::pow(2.0, alpha);
      CHECK(b.hypotheses.front().score > greedy_score + 0.1);
      CHECK(b.hypotheses.front().sum_logprobs == Approx(std::log(0.4 * 0.99)).margin(1e-5));
      REQUIRE(b.hypotheses.size() == 2);
      // With alpha 1 the longer "the sat" scores better than "the".
      CHECK(b.hypotheses[1].tokens ==
            (alpha == 0 ? std::vector<int32_t>{the} : std::vector<int32_t>{the, word_id(" sat")}));
    }
  }
  // A model given as a table from prefixes to probabilities; other tokens
  // get almost nothing, unlisted prefixes end.
  using Table = std::vector<std::pair<std::vector<std::string>, std::vector<std::pair<std::string, float>>>>;
  const auto table_model = [](Table table) {
    return [table](const std::vector<int32_t>& prefix) {
      std::vector<float> logits(kVocab, -40.0f);
      logits[kEos] = 0;
      for (const auto& [key, next] : table) {
        std::vector<int32_t> ids;
        for (const auto& w : key) ids.push_back(word_id(w));
        if (ids != prefix) continue;
        logits[kEos] = -40;
        for (const auto& [w, p] : next) logits[w == "</s>" ? kEos : word_id(w)] = std::log(p);
      }
      return logits;
    };
  };
  const auto ids = [](std::vector<std::string> words) {
    std::vector<int32_t> out;
    for (const auto& w : words) out.push_back(word_id(w));
    return out;
  };
  SECTION("an EOS ranked below num_beams among the candidates does not finish (Hugging Face)") {
    // Step 2 candidates: "a" EOS .3 (finishes), "a mat" .2, "film" EOS .18
    // (rank 2: skipped), "film on" .12. Then both live ones end: with
    // kFirst the two finished are "a" and "a mat", not "a" and "film".
    const Model model = table_model({{{}, {{" a", 0.5f}, {" film", 0.3f}, {" cat", 0.2f}}},
                                     {{" a"}, {{"</s>", 0.6f}, {" mat", 0.4f}}},
                                     {{" film"}, {{"</s>", 0.6f}, {" on", 0.4f}}}});
    const Run run = decode(make_setup(1, 0, 0, 10), model, beam(2, 0.0, EarlyStopping::kFirst), vocabulary);
    REQUIRE(run.hypotheses.size() == 2);
    CHECK(run.hypotheses[0].tokens == ids({" a"}));
    CHECK(run.hypotheses[1].tokens == ids({" a", " mat"}));
  }
  SECTION("early stopping: exact keeps looking where the heuristic stops") {
    // "a" EOS scores log(.495)/2 = -.35; "a the ... the" EOS (8 x "the" at
    // .999) scores about log(.055)/11 = -.26 with alpha 1. After step 2 two
    // hypotheses are finished and the live ones have sum log(.055): the
    // heuristic compares log(.055)/3 with -.45 and stops; the exact bound
    // log(.055)/21 says a longer one may still win.
    Table table = {{{}, {{" a", 0.55f}, {" film", 0.45f}}},
                   {{" a"}, {{"</s>", 0.9f}, {" the", 0.1f}}},
                   {{" film"}, {{"</s>", 0.9f}, {" mat", 0.1f}}}};
    std::vector<std::string> key = {" a", " the"};
    for (int i = 0; i < 7; ++i) {
      table.push_back({key, {{" the", 0.999f}, {"</s>", 0.001f}}});
      key.push_back(" the");
    }
    const Model model = table_model(table);
    const Setup s = make_setup(1, 0, 0, 20);
    const Run exact = decode(s, model, beam(2, 1.0, EarlyStopping::kExact), vocabulary);
    CHECK(exact.tokens == ids({" a", " the", " the", " the", " the", " the", " the", " the", " the"}));
    for (EarlyStopping stopping : {EarlyStopping::kHeuristic, EarlyStopping::kFirst}) {
      const Run early = decode(s, model, beam(2, 1.0, stopping), vocabulary);
      CHECK(early.tokens == ids({" a"}));
      CHECK(early.stats.passes == 2);
    }
  }
  SECTION("the first pass feeds one row, later passes reorder the cache") {
    const Setup s = make_setup(3, 3, 2, 12);
    auto decoder = Decoder::create(fake_vocabulary(), beam(4, 1.0), s.sentences, s.evidence, s.input_ids);
    REQUIRE(decoder.ok());
    Decoder& d = decoder.value();
    CHECK(d.next_inputs().rows == 1);
    CHECK(d.next_inputs().tokens == std::vector<int32_t>{kPad});
    CHECK(d.next_inputs().cache_length == 0);
    REQUIRE(d.advance(noise({}, 3, 3.0)).ok());
    CHECK(d.next_inputs().rows == 4);
    CHECK(d.next_inputs().cache_rows == std::vector<int32_t>{0, 0, 0, 0});
    CHECK(d.next_inputs().cache_length == 1);
  }
}

TEST_CASE("decoding: max_tokens is respected and the cut output is well-formed", "[decoding]") {
  const auto vocabulary = fake_vocabulary();
  for (uint64_t seed = 0; seed < 500; ++seed) {
    Setup s = random_setup(seed + 30000);
    // Never wants to stop, and wants references and blanks near the end.
    const Model base = adversarial_model(seed, s);
    const Model model = [&](const std::vector<int32_t>& prefix) {
      std::vector<float> logits = base(prefix);
      logits[kEos] -= 100;
      return logits;
    };
    INFO("seed " << seed);
    for (const DecodeOptions& options : {greedy(0), greedy(8), beam(3, 1.0)}) {
      const Run run = decode(s, model, options, vocabulary);
      for (const Hypothesis& h : run.hypotheses) {
        CHECK(h.tokens.size() == s.max_tokens);
        CHECK(!h.ended_with_eos);
        check_well_formed(s, h.tokens);
      }
    }
  }
}

TEST_CASE("decoding: the text guard masks pieces that would spell a delimiter", "[decoding]") {
  // A model that wants tokens in a fixed order of preference at each step.
  const auto scripted = [](std::vector<std::vector<std::string>> wishes) {
    return [wishes](const std::vector<int32_t>& prefix) {
      std::vector<float> logits(kVocab, -10.0f);
      if (prefix.size() < wishes.size()) {
        float value = 10;
        for (const std::string& w : wishes[prefix.size()]) logits[w == "</s>" ? kEos : word_id(w)] = value--;
      } else {
        logits[kEos] = 10;
      }
      return logits;
    };
  };
  const auto words = [](std::vector<std::string> w) {
    std::vector<int32_t> out;
    for (const auto& x : w) out.push_back(word_id(x));
    return out;
  };
  Setup s = make_setup(1, 2, 2, 20);
  const auto vocabulary = fake_vocabulary();
  // "(" then "4)" would make "(4)": the next wish ")" is fine.
  CHECK(decode(s, scripted({{" the"}, {"("}, {"4)", ")"}}), greedy(0), vocabulary).tokens == words({" the", "(", ")"}));
  // "(" "1" then ")" would make "(1)"; so would "2" ... "]" is fine.
  CHECK(decode(s, scripted({{"("}, {"1"}, {")", ").", "])", "]"}}), greedy(0), vocabulary).tokens ==
        words({"(", "1", "])"}));
  // Unicode digits count: "(" "٣)" is masked.
  CHECK(decode(s, scripted({{"("}, {"\u0663)", " cat"}}), greedy(0), vocabulary).tokens == words({"(", " cat"}));
  // A piece that is a delimiter is never generated.
  CHECK(decode(s, scripted({{"(7)", "[8]", "a(12)b", " the"}}), greedy(0), vocabulary).tokens == words({" the"}));
  // Blank text is not text: the output cannot be only blanks.
  CHECK(decode(s, scripted({{" ", " cat"}, {"</s>", " mat"}}), greedy(0), vocabulary).tokens == words({" ", " mat"}));

  SECTION("without pieces every non-special id is text") {
    const auto plain = fake_vocabulary(/*with_pieces=*/false);
    CHECK(decode(s, scripted({{"(7)"}}), greedy(0), plain).tokens == words({"(7)"}));
    CHECK(decode(s, scripted({{" "}}), greedy(0), plain).tokens == words({" "}));
  }
}

TEST_CASE("decoding: empty and copy-only outputs", "[decoding]") {
  const Model stop = [](const std::vector<int32_t>&) {
    std::vector<float> logits(kVocab, 0.0f);
    logits[kEos] = 10;
    return logits;
  };
  Setup s = make_setup(1, 3, 1, 20);
  // EOS is not allowed first: the best other token comes (the lowest id of
  // equal logits: copy token [0]).
  CHECK(decode(s, stop, greedy(0)).tokens == std::vector<int32_t>{copy_id(0)});
  s.allow_empty = true;
  CHECK(decode(s, stop, greedy(0)).tokens.empty());
  // Copy-only is allowed.
  const Model copy_all = [](const std::vector<int32_t>& prefix) {
    std::vector<float> logits(kVocab, 0.0f);
    logits[prefix.size() < 3 ? copy_id(static_cast<int32_t>(prefix.size())) : kEos] = 10;
    return logits;
  };
  s.allow_empty = false;
  CHECK(decode(s, copy_all, greedy(0)).tokens == std::vector<int32_t>{copy_id(0), copy_id(1), copy_id(2)});
}

TEST_CASE("decoding: NaN and infinite logits never break the constraints", "[decoding]") {
  const auto vocabulary = fake_vocabulary();
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const Setup s = random_setup(seed + 123);
    const Model base = adversarial_model(seed, s);
    const Model model = [&](const std::vector<int32_t>& prefix) {
      std::vector<float> logits = base(prefix);
      const uint64_t h = hash_prefix(prefix, seed + 5);
      for (int32_t id = 0; id < kVocab; ++id) {
        const double u = uniform(mix(h + static_cast<uint64_t>(id)));
        if (u < 0.3)
          logits[id] = std::numeric_limits<float>::quiet_NaN();
        else if (u < 0.5)
          logits[id] = -std::numeric_limits<float>::infinity();
        else if (u < 0.55)
          logits[id] = std::numeric_limits<float>::infinity();
      }
      return logits;
    };
    for (const DecodeOptions& options : {greedy(0), greedy(8), beam(3, 1.0)}) {
      DecodeOptions o = options;
      o.max_tokens = s.max_tokens;
      o.allow_empty = s.allow_empty;
      auto decoder = Decoder::create(vocabulary, o, s.sentences, s.evidence, s.input_ids);
      REQUIRE(decoder.ok());
      // drive() without the log-probability checks (they are not finite here)
      std::vector<std::vector<int32_t>> cache;
      Decoder& d = decoder.value();
      while (!d.done()) {
        const Step& step = d.next_inputs();
        std::vector<std::vector<int32_t>> next(step.rows);
        for (size_t r = 0; r < step.rows && step.cache_length > 0; ++r) {
          next[r] = cache[step.cache_rows[r]];
          next[r].resize(step.cache_length);
        }
        std::vector<float> logits;
        for (size_t r = 0; r < step.rows; ++r) {
          for (size_t j = 0; j < step.width; ++j) {
            next[r].push_back(step.tokens[r * step.width + j]);
            const auto row = model(std::vector<int32_t>(next[r].begin() + 1, next[r].end()));
            logits.insert(logits.end(), row.begin(), row.end());
          }
        }
        cache = std::move(next);
        REQUIRE(d.advance(logits).ok());
      }
      REQUIRE(!d.hypotheses().empty());
      for (const Hypothesis& h : d.hypotheses()) check_well_formed(s, h.tokens);
    }
  }
}

TEST_CASE("decoding: the step protocol of greedy speculation", "[decoding]") {
  const Setup s = make_setup(7, 2, 1, 30, 6, false);
  // Copy [0], then evidence 0 behind its reference.
  std::vector<int32_t> target = {copy_id(0), ref_id(0)};
  target.insert(target.end(), s.evidence_words[0].begin(), s.evidence_words[0].end());
  auto decoder = Decoder::create(fake_vocabulary(), greedy(4), s.sentences, s.evidence, s.input_ids);
  REQUIRE(decoder.ok());
  Decoder& d = decoder.value();
  const Model model = target_model(7, target);
  // The first pass drafts the copy run [0] [1], and EOS after the last sentence.
  Step step = d.next_inputs();
  CHECK(step.rows == 1);
  CHECK(step.tokens == std::vector<int32_t>{kPad, copy_id(0), copy_id(1), kEos});
  CHECK(step.cache_length == 0);
  CHECK(step.cache_rows.empty());
  std::vector<float> logits;
  for (const auto& prefix :
       {std::vector<int32_t>{}, {copy_id(0)}, {copy_id(0), copy_id(1)}, {copy_id(0), copy_id(1), kEos}}) {
    const auto row = model(prefix);
    logits.insert(logits.end(), row.begin(), row.end());
  }
  REQUIRE(d.advance(logits).ok());
  // [0] accepted, [1] rejected for (0): the cache keeps <pad> and [0]; (0)
  // is fed with the evidence text after "(0)" in the input as the draft.
  step = d.next_inputs();
  CHECK(step.cache_length == 2);
  CHECK(step.cache_rows == std::vector<int32_t>{0});
  CHECK(step.tokens[0] == ref_id(0));
  CHECK(std::vector<int32_t>(step.tokens.begin() + 1, step.tokens.end()) ==
        std::vector<int32_t>(s.evidence_words[0].begin(), s.evidence_words[0].begin() + 4));
  CHECK(d.stats().drafted == 3);
  CHECK(d.stats().accepted == 1);
  const Run run = drive(d, model, {{kPad, copy_id(0), copy_id(1), kEos}});
  CHECK(run.tokens == target);
  CHECK(run.stats.accepted == 1 + s.evidence_words[0].size());  // the copy token, the evidence text, EOS
  CHECK(run.stats.passes == 3);
}

TEST_CASE("decoding: copy runs take the blank a SentencePiece input puts before each copy token", "[decoding]") {
  // " [1]" is the blank piece " " and "[1]": the input reads [0] words " " [1] words " " [2] words [CONTEXT] ...
  Setup s = make_setup(5, 3, 1, 40, 6, false);
  const int32_t blank = word_id(" ");
  std::vector<int32_t> input;
  for (int32_t id : s.input_ids) {
    if (is_copy(id) && id != copy_id(0)) input.push_back(blank);
    input.push_back(id);
  }
  s.input_ids = input;
  struct Case {
    std::vector<int32_t> target;
    size_t passes;
  };
  for (const Case& c : std::vector<Case>{
           // the article unchanged: the whole run and EOS in one pass
           {{copy_id(0), blank, copy_id(1), blank, copy_id(2)}, 1},
           // [1] deleted: [0] " " accepted, [2] instead of [1], then EOS drafted after the last sentence
           {{copy_id(0), blank, copy_id(2)}, 2},
       }) {
    auto decoder = Decoder::create(fake_vocabulary(), greedy(8), s.sentences, s.evidence, s.input_ids);
    REQUIRE(decoder.ok());
    const Run run = drive(decoder.value(), target_model(5, c.target));
    CHECK(run.tokens == c.target);
    CHECK(run.stats.passes == c.passes);
    check_well_formed(s, run.tokens);
  }
  // after a copy token and a blank, the run goes on without another blank
  const std::vector<int32_t> target = {copy_id(0), blank, ref_id(0), word_id(" the"), blank, copy_id(1), blank, copy_id(2)};
  auto decoder = Decoder::create(fake_vocabulary(), greedy(8), s.sentences, s.evidence, s.input_ids);
  REQUIRE(decoder.ok());
  const Run run = drive(decoder.value(), target_model(5, target));
  CHECK(run.tokens == target);
}

TEST_CASE("decoding: after a replaced word the draft goes on after it in the input", "[decoding]") {
  const Setup s = make_setup(11, 2, 1, 40, 8, false);  // only common words: "2" is not in the input
  const std::vector<int32_t>& evidence = s.evidence_words[0];
  std::vector<int32_t> target = {ref_id(0)};
  target.insert(target.end(), evidence.begin(), evidence.end());
  target[3] = word_id("2");  // replaces evidence[2]
  DecodeOptions options = greedy(4);
  options.max_tokens = s.max_tokens;
  auto decoder = Decoder::create(fake_vocabulary(), options, s.sentences, s.evidence, s.input_ids);
  REQUIRE(decoder.ok());
  Decoder& d = decoder.value();
  const Model model = target_model(11, target);
  std::vector<int32_t> fed;  // the fake cache of the single row
  const auto pass = [&] {
    const Step& step = d.next_inputs();
    fed.resize(step.cache_length);
    std::vector<float> logits;
    for (int32_t id : step.tokens) {
      fed.push_back(id);
      const auto row = model(std::vector<int32_t>(fed.begin() + 1, fed.end()));
      logits.insert(logits.end(), row.begin(), row.end());
    }
    REQUIRE(d.advance(logits).ok());
  };
  pass();  // copy run [0] [1] EOS drafted, (0) chosen
  CHECK(d.next_inputs().tokens == std::vector<int32_t>{ref_id(0), evidence[0], evidence[1], evidence[2], evidence[3]});
  pass();  // evidence[0], evidence[1] accepted, "2" instead of evidence[2]
  CHECK(d.next_inputs().tokens ==
        std::vector<int32_t>{word_id("2"), evidence[3], evidence[4], evidence[5], evidence[6]});
  while (!d.done()) pass();
  CHECK(d.result() == target);
}

TEST_CASE("decoding: errors", "[decoding]") {
  SECTION("roles") {
    const auto fails = [](TokenRoles roles) { return !Vocabulary::compile(roles).ok(); };
    TokenRoles r = fake_roles();
    CHECK(!fails(r));
    r.vocab_size = 0;
    CHECK(fails(r));
    r = fake_roles();
    r.eos_id = kVocab;
    CHECK(fails(r));
    r = fake_roles();
    r.copy_token_ids.push_back(ref_id(0));  // two roles
    CHECK(fails(r));
    r = fake_roles();
    r.forbidden_ids.push_back(kEos);
    CHECK(fails(r));
    r = fake_roles();
    r.forbidden_ids.push_back(-1);
    CHECK(fails(r));
    r = fake_roles();
    r.pad_id = copy_id(0);
    CHECK(fails(r));
    r = fake_roles();
    r.pieces.resize(kVocab + 1);
    CHECK(fails(r));
  }
  SECTION("options and advance") {
    const auto vocabulary = fake_vocabulary();
    DecodeOptions o;
    o.num_beams = 0;
    CHECK(!Decoder::create(vocabulary, o, 1, 1, {}).ok());
    o = DecodeOptions{};
    o.max_tokens = 0;
    CHECK(!Decoder::create(vocabulary, o, 1, 1, {}).ok());
    o = DecodeOptions{};
    o.draft_ngram_min = 4;
    CHECK(!Decoder::create(vocabulary, o, 1, 1, {}).ok());
    o = DecodeOptions{};
    o.length_penalty = std::nan("");
    CHECK(!Decoder::create(vocabulary, o, 1, 1, {}).ok());
    CHECK(!Decoder::create(nullptr, DecodeOptions{}, 1, 1, {}).ok());

    o = DecodeOptions{};
    o.max_tokens = 1;
    auto decoder = Decoder::create(vocabulary, o, 1, 1, {});
    REQUIRE(decoder.ok());
    Decoder& d = decoder.value();
    CHECK(d.result().empty());
    CHECK(!d.advance(std::vector<float>(kVocab - 1)).ok());
    CHECK(!d.done());
    REQUIRE(d.advance(std::vector<float>(kVocab)).ok());
    CHECK(d.done());
    CHECK(d.result().size() == 1);
    CHECK(!d.advance(std::vector<float>(kVocab)).ok());
  }
}

TEST_CASE("decoding: log_softmax and top_k", "[decoding]") {
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const size_t n = 1 + seed % 300;
    std::vector<float> row(n);
    for (size_t i = 0; i < n; ++i) {
      const double u = uniform(mix(seed * 1000 + i));
      // few distinct values, so that ties are common; some masked
      row[i] = u < 0.1 ? -std::numeric_limits<float>::infinity() : static_cast<float>(std::floor(u * 20) - 10);
    }
    const std::vector<float> lp = log_softmax(row);
    double total = 0;
    for (float x : lp) total += std::exp(static_cast<double>(x));
    if (log_sum_exp(row) > -std::numeric_limits<double>::infinity()) CHECK(total == Approx(1.0).epsilon(1e-5));

    std::vector<ScoredToken> sorted;
    for (size_t i = 0; i < n; ++i) {
      if (row[i] > -std::numeric_limits<float>::infinity()) sorted.push_back({static_cast<int32_t>(i), row[i]});
    }
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const ScoredToken& a, const ScoredToken& b) { return a.value > b.value; });
    for (size_t k : {size_t{0}, size_t{1}, size_t{2}, size_t{5}, size_t{17}, n, n + 3}) {
      const std::vector<ScoredToken> top = top_k(row, k);
      REQUIRE(top.size() == std::min(k, sorted.size()));
      for (size_t i = 0; i < top.size(); ++i) {
        CHECK(top[i].id == sorted[i].id);
        CHECK(top[i].value == sorted[i].value);
      }
    }
  }
  const std::vector<float> with_nan = {1.0f, std::nanf(""), 3.0f};
  CHECK(top_k(with_nan, 3).size() == 2);
  CHECK(log_sum_exp(with_nan) == Approx(std::log(std::exp(1.0) + std::exp(3.0))));
  CHECK(log_sum_exp(std::vector<float>{}) == -std::numeric_limits<double>::infinity());
}

// ---------------------------------------------------------------------------
// Grounding: a vocabulary of names and numbers, and bytes (byte fallback)
// that spell "ø" (C3 B8) or nothing whole (C3 80). Input:
//   [0] Anna won in 2019. [CONTEXT] (0) Berg won in 2021. (1) Carl won in 2022. (2) Haaøya.

namespace {

const std::vector<std::string> kGroundWords = {" Anna", " Berg", " Ber", "g",  "gen", " Bergen", " won",
                                               " in",   " 2019", " 2021", " 2022", ".", " The",   " Th",
                                               "e",     " Yesterday", " Carl", " race", " ", ",",
                                               " Haa",  "\xC3",  "\xB8", "\x80", "ya"};
const int32_t kGroundVocab = kFirstWord + static_cast<int32_t>(kGroundWords.size());

int32_t gw(const std::string& w) {
  const auto it = std::find(kGroundWords.begin(), kGroundWords.end(), w);
  REQUIRE(it != kGroundWords.end());
  return kFirstWord + static_cast<int32_t>(it - kGroundWords.begin());
}

std::shared_ptr<const Vocabulary> ground_vocabulary(bool with_pieces = true) {
  TokenRoles roles;
  roles.vocab_size = kGroundVocab;
  roles.eos_id = kEos;
  roles.pad_id = kPad;
  for (int32_t n = 0; n < kCopies; ++n) roles.copy_token_ids.push_back(copy_id(n));
  for (int32_t k = 0; k < kRefs; ++k) roles.reference_token_ids.push_back(ref_id(k));
  roles.forbidden_ids = {kUnk, kContext};
  if (with_pieces) {
    roles.pieces.resize(kGroundVocab);
    for (int32_t n = 0; n < kCopies; ++n) roles.pieces[copy_id(n)] = "[" + std::to_string(n) + "]";
    for (int32_t k = 0; k < kRefs; ++k) roles.pieces[ref_id(k)] = "(" + std::to_string(k) + ")";
    for (size_t i = 0; i < kGroundWords.size(); ++i) roles.pieces[kFirstWord + i] = kGroundWords[i];
  }
  auto vocabulary = Vocabulary::compile(roles);
  REQUIRE(vocabulary.ok());
  return vocabulary.value();
}

Setup ground_setup() {
  Setup s;
  s.sentences = 1;
  s.evidence = 3;
  s.max_tokens = 30;
  s.input_text = "[0] Anna won in 2019. [CONTEXT] (0) Berg won in 2021. (1) Carl won in 2022. (2) Haa\u00f8ya.";
  s.input_ids = {copy_id(0), gw(" Anna"), gw(" won"), gw(" in"), gw(" 2019"), gw("."), kContext,
                 ref_id(0),  gw(" Berg"), gw(" won"), gw(" in"), gw(" 2021"), gw("."),
                 ref_id(1),  gw(" Carl"), gw(" won"), gw(" in"), gw(" 2022"), gw("."),
                 ref_id(2),  gw(" Haa"),  gw("\xC3"), gw("\xB8"), gw("ya"),   gw("."), kEos};
  return s;
}

const char* const kGroundSource = "Anna won in 2019.";
const char* const kGroundEvidence[] = {"Berg won in 2021.", "Carl won in 2022.", "Haa\u00f8ya."};

// Each unit of an output: its references and its text.
struct Unit {
  std::vector<int32_t> refs;
  std::string text;
};
std::vector<Unit> units_of(const std::vector<int32_t>& ids) {
  std::vector<Unit> out;
  bool in_text = false;
  for (int32_t id : ids) {
    if (is_copy(id)) {
      in_text = false;
    } else if (is_ref(id)) {
      if (in_text || out.empty() || !out.back().text.empty()) out.push_back({});
      out.back().refs.push_back(id - kFirstRef);
      in_text = false;
    } else {
      if (!in_text && (out.empty() || !out.back().text.empty())) out.push_back({});
      out.back().text += kGroundWords[id - kFirstWord];
      in_text = true;
    }
  }
  return out;
}

// The property: every entity token of a unit's text is supported by the
// source or the evidence the unit cites (units start sentences here: the
// source sentence ends with a full stop).
void check_grounded(const std::vector<int32_t>& ids) {
  for (const Unit& u : units_of(ids)) {
    INFO("unit text: '" << u.text << "'");
    REQUIRE(fruit::unicode::find_invalid_utf8(u.text) == std::string::npos);
    std::string support = kGroundSource;
    for (int32_t k : u.refs) support += std::string(" ") + kGroundEvidence[k];
    const auto keys = fruit::entities::support_keys(support);
    for (const auto& t : fruit::entities::entity_tokens(u.text)) {
      INFO("unit text: '" << u.text << "', support: '" << support << "'");
      CHECK(fruit::entities::supported(keys, t.key));
    }
  }
}

Model ground_target_model(std::vector<int32_t> target) {
  return [target = std::move(target)](const std::vector<int32_t>& prefix) {
    std::vector<float> logits(kGroundVocab, 0.0f);
    for (int32_t id = 0; id < kGroundVocab; ++id) {
      logits[id] = static_cast<float>(uniform(mix(hash_prefix(prefix, 5) + static_cast<uint64_t>(id))));
    }
    if (prefix.size() <= target.size() && std::equal(prefix.begin(), prefix.end(), target.begin())) {
      logits[prefix.size() == target.size() ? kEos : target[prefix.size()]] += 10;
    } else {
      logits[kEos] += 5;
    }
    return logits;
  };
}

DecodeOptions grounded(size_t draft_tokens = 0) {
  DecodeOptions o = greedy(draft_tokens);
  o.grounded = true;
  return o;
}

}  // namespace

TEST_CASE("decoding: grounding keeps entity tokens to the article and the cited evidence", "[decoding][grounding]") {
  const Setup s = ground_setup();
  const auto vocabulary = ground_vocabulary();
  // The model wants "Yesterday Bergen won in 2022." citing only item 0:
  // Bergen is in no input, 2022 only in item 1.
  const std::vector<int32_t> invented = {copy_id(0), ref_id(0), gw(" Yesterday"), gw(" Bergen"), gw(" won"),
                                         gw(" in"),  gw(" 2022"), gw(".")};
  const Run free = decode(s, ground_target_model(invented), greedy(), vocabulary);
  CHECK(free.tokens == invented);  // without grounding the model has its way

  for (size_t draft : {size_t{0}, size_t{8}}) {
    const Run run = decode(s, ground_target_model(invented), grounded(draft), vocabulary);
    check_grounded(run.tokens);
    const auto units = units_of(run.tokens);
    REQUIRE(!units.empty());
    // A sentence's first word is not an entity token: "Yesterday" stays.
    CHECK(units[0].text.starts_with(" Yesterday"));
    CHECK(units[0].text.find("Bergen") == std::string::npos);
    CHECK(units[0].text.find("2022") == std::string::npos);
  }
}

TEST_CASE("decoding: grounding allows what the cited item says", "[decoding][grounding]") {
  const Setup s = ground_setup();
  const std::vector<int32_t> cited = {copy_id(0), ref_id(1), gw(" Yesterday"), gw(" Carl"), gw(" won"),
                                      gw(" in"),  gw(" 2022"), gw(".")};
  CHECK(decode(s, ground_target_model(cited), grounded(), ground_vocabulary()).tokens == cited);
  // Pieces: " Ber" + "g" spells the supported "Berg"; " Ber" + "gen" would
  // spell "Bergen" and is masked at "gen".
  const std::vector<int32_t> pieces = {ref_id(0), gw(" The"), gw(" race"), gw(" in"), gw(" 2021"),
                                       gw(" Ber"), gw("gen"), gw(".")};
  const Run run = decode(s, ground_target_model(pieces), grounded(), ground_vocabulary());
  check_grounded(run.tokens);
  CHECK(std::search(run.tokens.begin(), run.tokens.end(), pieces.begin(), pieces.begin() + 6) == run.tokens.begin());
  CHECK(run.tokens[6] != gw("gen"));
  // Capitalised stop words mid-sentence: " Th" + "e" may go on to "The".
  const std::vector<int32_t> stop = {ref_id(0), gw(" Berg"), gw(" won"), gw(" Th"), gw("e"), gw(" race"), gw(".")};
  CHECK(decode(s, ground_target_model(stop), grounded(), ground_vocabulary()).tokens == stop);
}

TEST_CASE("decoding: grounding spells characters in bytes only towards supported words", "[decoding][grounding]") {
  const Setup s = ground_setup();
  // " Haa" C3 80: no character, then "ya": the model wants bytes that never make text.
  const std::vector<int32_t> broken = {ref_id(2), gw(" Yesterday"), gw(" Haa"), gw("\xC3"), gw("\x80"), gw("ya"), gw(".")};
  const Run run = decode(s, ground_target_model(broken), grounded(), ground_vocabulary());
  check_grounded(run.tokens);
  CHECK(std::find(run.tokens.begin(), run.tokens.end(), gw("\x80")) == run.tokens.end());
  // C3 B8 spells "ø": "Haaøya" is what item 2 says.
  const std::vector<int32_t> whole = {ref_id(2), gw(" Yesterday"), gw(" Haa"), gw("\xC3"), gw("\xB8"), gw("ya"), gw(".")};
  CHECK(decode(s, ground_target_model(whole), grounded(), ground_vocabulary()).tokens == whole);
  // ... but not citing only item 0.
  std::vector<int32_t> uncited = whole;
  uncited[0] = ref_id(0);
  const Run other = decode(s, ground_target_model(uncited), grounded(), ground_vocabulary());
  check_grounded(other.tokens);
  CHECK(other.tokens != uncited);
  CHECK(other.stats.ungrounded == 0);
}

TEST_CASE("decoding: grounded outputs of random models", "[decoding][grounding]") {
  const Setup s = ground_setup();
  const auto vocabulary = ground_vocabulary();
  for (uint64_t seed = 0; seed < 60; ++seed) {
    const Model model = [seed](const std::vector<int32_t>& prefix) {
      std::vector<float> logits(kGroundVocab);
      for (int32_t id = 0; id < kGroundVocab; ++id) {
        logits[id] = static_cast<float>(3 * uniform(mix(hash_prefix(prefix, seed) + static_cast<uint64_t>(id))));
      }
      return logits;
    };
    const Run plain = decode(s, model, grounded(0), vocabulary);
    check_grounded(plain.tokens);
    CHECK(plain.stats.ungrounded == 0);
    // Speculation stays lossless with grounding on.
    CHECK(decode(s, model, grounded(6), vocabulary).tokens == plain.tokens);
    // With the repetition guard too: grounding still holds, never by falling back.
    DecodeOptions guarded = grounded(6);
    guarded.no_repeat_ngram = 2;
    const Run no_repeat = decode(s, model, guarded, vocabulary);
    check_grounded(no_repeat.tokens);
    CHECK(no_repeat.stats.ungrounded == 0);
    DecodeOptions b = beam(3, 1.0);
    b.grounded = true;
    check_grounded(decode(s, model, b, vocabulary).tokens);
  }
}

TEST_CASE("decoding: copy_bias continues the cited evidence", "[decoding][grounding]") {
  const Setup s = ground_setup();
  // After "(0) Berg won in" the model slightly prefers 2019 (the article's
  // year) to 2021 (what item 0 says next).
  const Model model = [](const std::vector<int32_t>& prefix) {
    std::vector<float> logits(kGroundVocab, 0.0f);
    const std::vector<int32_t> start = {copy_id(0), ref_id(0), gw(" Berg"), gw(" won"), gw(" in")};
    if (prefix.size() < start.size()) {
      logits[start[prefix.size()]] = 10;
    } else if (prefix.size() == start.size()) {
      logits[gw(" 2019")] = 1.0f;
      logits[gw(" 2021")] = 0.5f;
    } else {
      logits[prefix.back() == gw(".") ? kEos : gw(".")] = 10;
    }
    return logits;
  };
  CHECK(decode(s, model, greedy(), ground_vocabulary()).tokens[5] == gw(" 2019"));
  DecodeOptions o = greedy();
  o.copy_bias = 2.0f;
  CHECK(decode(s, model, o, ground_vocabulary()).tokens[5] == gw(" 2021"));
}

TEST_CASE("decoding: grounding errors", "[decoding][grounding]") {
  DecodeOptions o;
  o.grounded = true;
  CHECK(!Decoder::create(ground_vocabulary(/*with_pieces=*/false), o, 1, 2, {}).ok());
  o = DecodeOptions{};
  o.copy_bias = std::nanf("");
  CHECK(!Decoder::create(ground_vocabulary(), o, 1, 2, {}).ok());
}

TEST_CASE("decoding: no_repeat_ngram stops a loop", "[decoding][grounding]") {
  const Setup s = ground_setup();
  // The model loops on " won": "(0) Berg won won won ...".
  const Model loop = [](const std::vector<int32_t>& prefix) {
    std::vector<float> logits(kGroundVocab, 0.0f);
    const std::vector<int32_t> start = {ref_id(0), gw(" Berg")};
    if (prefix.size() < start.size()) {
      logits[start[prefix.size()]] = 10;
    } else {
      logits[gw(" won")] = 5;
      logits[gw(" in")] = 4;
      logits[gw(".")] = 3;
      logits[kEos] = 2;
    }
    return logits;
  };
  DecodeOptions o = greedy();
  o.max_tokens = 12;
  auto looping = Decoder::create(ground_vocabulary(), o, s.sentences, s.evidence, s.input_ids);
  REQUIRE(looping.ok());
  CHECK(drive(looping.value(), loop).tokens ==
        std::vector<int32_t>{ref_id(0), gw(" Berg"), gw(" won"), gw(" won"), gw(" won"), gw(" won"), gw(" won"),
                             gw(" won"), gw(" won"), gw(" won"), gw(" won"), gw(" won")});
  // Bigrams once each: "won won" is allowed once, then after " won" the
  // tokens that followed it before are masked: " in" (won won | in), then
  // " won" (in won is new), "." (won won, won in used), " won" (. won is
  // new), and then only EOS is left above the rest.
  o.no_repeat_ngram = 2;
  auto guarded = Decoder::create(ground_vocabulary(), o, s.sentences, s.evidence, s.input_ids);
  REQUIRE(guarded.ok());
  CHECK(drive(guarded.value(), loop).tokens == std::vector<int32_t>{ref_id(0), gw(" Berg"), gw(" won"), gw(" won"),
                                                                     gw(" in"), gw(" won"), gw("."), gw(" won")});
  o.no_repeat_ngram = 1;
  CHECK(!Decoder::create(ground_vocabulary(), o, s.sentences, s.evidence, s.input_ids).ok());
}
