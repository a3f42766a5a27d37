#include "tokenizer.h"

#include <algorithm>
#include <array>
#include <limits>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <utility>

namespace fruit {
namespace {

using Json = nlohmann::json;

// Captures nlohmann's parse error message without exceptions (the core is
// also built with -fno-exceptions for WebAssembly).
struct ParseErrorCatcher : nlohmann::json_sax<Json> {
  std::string message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) override {
    message = ex.what();
    return false;
  }
};

Error json_error(std::string field, std::string message) {
  return Error("tokenizer.json: " + message, "", 0, std::move(field));
}

// Byte length of the UTF-8 character at text[pos]; 1 for a byte that does
// not start a valid sequence (overlong forms, surrogates and values above
// U+10FFFF are invalid).
size_t char_length(std::string_view text, size_t pos) {
  const auto b0 = static_cast<unsigned char>(text[pos]);
  if (b0 < 0x80) return 1;
  size_t need = 0;
  unsigned char low = 0x80, high = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
  } else if (b0 == 0xE0) {
    need = 2, low = 0xA0;
  } else if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) {
    need = 2;
  } else if (b0 == 0xED) {
    need = 2, high = 0x9F;
  } else if (b0 == 0xF0) {
    need = 3, low = 0x90;
  } else if (b0 >= 0xF1 && b0 <= 0xF3) {
    need = 3;
  } else if (b0 == 0xF4) {
    need = 3, high = 0x8F;
  } else {
    return 1;
  }
  for (size_t k = 1; k <= need; ++k) {
    if (pos + k >= text.size()) return 1;
    const auto b = static_cast<unsigned char>(text[pos + k]);
    if (b < low || b > high) return 1;
    low = 0x80, high = 0xBF;
  }
  return need + 1;
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

// WHATWG UTF-8 decode (what TextDecoder does): valid sequences are copied,
// each maximal invalid subsequence becomes one U+FFFD.
void append_decoded_bytes(std::string& out, std::string_view bytes) {
  size_t pos = 0;
  while (pos < bytes.size()) {
    const size_t length = char_length(bytes, pos);
    const auto b0 = static_cast<unsigned char>(bytes[pos]);
    if (length > 1 || b0 < 0x80) {
      out.append(bytes.substr(pos, length));
      pos += length;
      continue;
    }
    // Invalid: skip the lead byte and the continuation bytes that were still
    // acceptable after it (the maximal subpart), then one U+FFFD.
    size_t need = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF)
      need = 1;
    else if (b0 == 0xE0)
      need = 2, low = 0xA0;
    else if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF)
      need = 2;
    else if (b0 == 0xED)
      need = 2, high = 0x9F;
    else if (b0 == 0xF0)
      need = 3, low = 0x90;
    else if (b0 >= 0xF1 && b0 <= 0xF3)
      need = 3;
    else if (b0 == 0xF4)
      need = 3, high = 0x8F;
    ++pos;
    for (size_t k = 0; k < need && pos < bytes.size(); ++k) {
      const auto b = static_cast<unsigned char>(bytes[pos]);
      if (b < low || b > high) break;
      low = 0x80, high = 0xBF;
      ++pos;
    }
    append_utf8(out, 0xFFFD);
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The byte of a "<0xNN>" piece, or -1.
int byte_of_piece(std::string_view piece) {
  if (piece.size() != 6 || piece.substr(0, 3) != "<0x" || piece[5] != '>') return -1;
  const int high = hex_value(piece[3]), low = hex_value(piece[4]);
  if (high < 0 || low < 0) return -1;
  return high * 16 + low;
}

std::string byte_piece_name(int byte) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("<0x") + kHex[byte >> 4] + kHex[byte & 15] + ">";
}

// n of "[n]" / "(n)" with n a non-negative decimal without leading zeros.
int bracketed_index(std::string_view piece, char open, char close) {
  if (piece.size() < 3 || piece.size() > 11 || piece.front() != open || piece.back() != close) return -1;
  const std::string_view digits = piece.substr(1, piece.size() - 2);
  if (digits.size() > 1 && digits[0] == '0') return -1;
  long long n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  if (n > std::numeric_limits<int>::max()) return -1;
  return static_cast<int>(n);
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  if (from.empty() || text.find(from) == std::string::npos) return;
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (true) {
    const size_t found = text.find(from, pos);
    if (found == std::string::npos) break;
    out.append(text, pos, found - pos);
    out.append(to);
    pos = found + from.size();
  }
  out.append(text, pos, std::string::npos);
  text = std::move(out);
}

// A byte trie over strings, stored as a double array: the child of node n
// by byte c is base[n] + c when check[base[n] + c] == n. One array lookup per
// byte.
class Trie {
 public:
  static constexpr uint32_t kNone = 0;  // the root; never anyone's child

  void build(std::vector<std::pair<std::string_view, int32_t>> entries) {
    std::sort(entries.begin(), entries.end());  // char_traits<char> compares bytes unsigned
    base_.assign(1, 0);
    check_.assign(1, kRootCheck);
    value_.assign(1, -1);
    next_free_ = 1;
    place(entries, 0, entries.size(), 0, 0);
  }

  // Child of node by byte, or kNone.
  uint32_t child(uint32_t node, unsigned char byte) const {
    const size_t next = static_cast<size_t>(base_[node]) + byte;
    return next < check_.size() && check_[next] == node ? static_cast<uint32_t>(next) : kNone;
  }

  int32_t value(uint32_t node) const { return value_[node]; }

 private:
  static constexpr uint32_t kFree = 0xFFFFFFFFu;
  static constexpr uint32_t kRootCheck = 0xFFFFFFFEu;

  void grow(size_t size) {
    if (check_.size() >= size) return;
    base_.resize(size, 0);
    check_.resize(size, kFree);
    value_.resize(size, -1);
  }

  void place(const std::vector<std::pair<std::string_view, int32_t>>& entries, size_t lo, size_t hi, size_t depth,
             uint32_t node) {
    size_t i = lo;
    while (i < hi && entries[i].first.size() == depth) {  // sorted: the exact match comes first
      if (value_[node] < 0) value_[node] = entries[i].second;
      ++i;
    }
    struct Group {
      unsigned char label;
      size_t lo, hi;
    };
    std::vector<Group> groups;
    while (i < hi) {
      size_t j = i + 1;
      while (j < hi && entries[j].first[depth] == entries[i].first[depth]) ++j;
      groups.push_back({static_cast<unsigned char>(entries[i].first[depth]), i, j});
      i = j;
    }
    if (groups.empty()) return;
    // First fit from next_free_, trying only bases that put the first child
    // on a free slot; next_free_ moves on past regions that are nearly full
    // (the rule of Darts' double-array builder).
    size_t base = 0;
    size_t occupied = 0;
    for (size_t slot = std::max<size_t>(next_free_, groups[0].label + 1);; ++slot) {
      grow(slot + 256);
      if (check_[slot] != kFree) {
        ++occupied;
        continue;
      }
      base = slot - groups[0].label;
      bool fits = true;
      for (const Group& g : groups) {
        if (check_[base + g.label] != kFree) {
          fits = false;
          break;
        }
      }
      if (fits) {
        if (slot > next_free_ && occupied * 20 >= (slot - next_free_) * 19) next_free_ = slot;
        break;
      }
    }
    base_[node] = static_cast<uint32_t>(base);
    for (const Group& g : groups) check_[base + g.label] = node;
    for (const Group& g : groups) place(entries, g.lo, g.hi, depth + 1, static_cast<uint32_t>(base + g.label));
  }

  std::vector<uint32_t> base_;
  std::vector<uint32_t> check_;
  std::vector<int32_t> value_;
  size_t next_free_ = 1;
};

enum class Prepend { kNever, kFirst, kAlways };

struct DecodeStep {
  enum class Kind { kReplace, kByteFallback, kFuse, kStrip, kMetaspace } kind;
  std::string pattern;       // Replace: pattern; Strip: content; Metaspace: replacement
  std::string content;       // Replace: content
  size_t start = 0;          // Strip
  size_t stop = 0;           // Strip
  bool strip_first = false;  // Metaspace
};

// The member key of an object, or nullptr (also when object is no object).
const Json* find(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

Result<bool> optional_bool(const Json& object, const char* key, bool fallback, const std::string& where) {
  const Json* value = find(object, key);
  if (value == nullptr || value->is_null()) return fallback;
  if (!value->is_boolean()) return json_error(where + "." + key, "expected true or false");
  return value->get<bool>();
}

Result<std::string> required_string(const Json& object, const char* key, const std::string& where) {
  const Json* value = find(object, key);
  if (value == nullptr || !value->is_string()) return json_error(where + "." + key, "expected a string");
  return value->get_ref<const std::string&>();
}

Result<Prepend> read_prepend_scheme(const Json& object, const std::string& where) {
  const Json* scheme = find(object, "prepend_scheme");
  if (scheme != nullptr && !scheme->is_null()) {
    if (!scheme->is_string()) return json_error(where + ".prepend_scheme", "expected a string");
    const std::string& s = scheme->get_ref<const std::string&>();
    if (s == "always") return Prepend::kAlways;
    if (s == "first") return Prepend::kFirst;
    if (s == "never") return Prepend::kNever;
    return json_error(where + ".prepend_scheme", "unknown prepend_scheme '" + s + "'");
  }
  // Older files: add_prefix_space (default true in tokenizers).
  auto add_prefix_space = optional_bool(object, "add_prefix_space", true, where);
  if (!add_prefix_space.ok()) return add_prefix_space.error();
  return add_prefix_space.value() ? Prepend::kAlways : Prepend::kNever;
}

std::string type_of(const Json& object) {
  const Json* type = find(object, "type");
  if (type == nullptr || !type->is_string()) return "";
  return type->get<std::string>();
}

Status read_decoder(const Json& decoder, const std::string& where, std::vector<DecodeStep>& steps) {
  const std::string type = type_of(decoder);
  if (type == "Sequence") {
    const Json* list = find(decoder, "decoders");
    if (list == nullptr || !list->is_array()) return json_error(where + ".decoders", "expected an array");
    for (size_t i = 0; i < list->size(); ++i) {
      Status status = read_decoder((*list)[i], where + ".decoders[" + std::to_string(i) + "]", steps);
      if (!status.ok()) return status;
    }
    return Ok{};
  }
  DecodeStep step{};
  if (type == "Replace") {
    step.kind = DecodeStep::Kind::kReplace;
    const Json* pattern = find(decoder, "pattern");
    const Json* literal = pattern == nullptr ? nullptr : find(*pattern, "String");
    if (literal == nullptr || !literal->is_string() || literal->get_ref<const std::string&>().empty()) {
      return json_error(where + ".pattern", "only a non-empty {\"String\": ...} pattern is supported");
    }
    step.pattern = literal->get<std::string>();
    auto content = required_string(decoder, "content", where);
    if (!content.ok()) return content.error();
    step.content = content.value();
  } else if (type == "ByteFallback") {
    step.kind = DecodeStep::Kind::kByteFallback;
  } else if (type == "Fuse") {
    step.kind = DecodeStep::Kind::kFuse;
  } else if (type == "Strip") {
    step.kind = DecodeStep::Kind::kStrip;
    auto content = required_string(decoder, "content", where);
    if (!content.ok()) return content.error();
    step.pattern = content.value();
    if (step.pattern.empty() || char_length(step.pattern, 0) != step.pattern.size()) {
      return json_error(where + ".content", "expected one character");
    }
    for (const char* key : {"start", "stop"}) {
      const Json* n = find(decoder, key);
      if (n == nullptr || !n->is_number_unsigned()) return json_error(where + "." + key, "expected a count");
      (std::string_view(key) == "start" ? step.start : step.stop) = n->get<size_t>();
    }
  } else if (type == "Metaspace") {
    step.kind = DecodeStep::Kind::kMetaspace;
    auto replacement = required_string(decoder, "replacement", where);
    if (!replacement.ok()) return replacement.error();
    step.pattern = replacement.value();
    if (step.pattern.empty()) return json_error(where + ".replacement", "must not be empty");
    auto scheme = read_prepend_scheme(decoder, where);
    if (!scheme.ok()) return scheme.error();
    if (scheme.value() == Prepend::kNever) {
      // transformers.js strips the first space anyway, tokenizers does not.
      return json_error(where + ".prepend_scheme",
                        "a Metaspace decoder with prepend_scheme 'never' is read differently by "
                        "transformers.js and tokenizers; use Replace + ByteFallback + Fuse");
    }
    step.strip_first = true;
  } else {
    return json_error(where + ".type", "decoder '" + type + "' is not supported");
  }
  steps.push_back(std::move(step));
  return Ok{};
}

constexpr int32_t kUnknownNode = -2;
// Longest piece or added token accepted (the trie is built recursively, one
// level per byte; SentencePiece pieces are at most 16 characters).
constexpr size_t kMaxPieceBytes = 256;

}  // namespace

struct Tokenizer::Impl {
  // Pieces of all ids, in one buffer.
  std::string arena;
  std::vector<uint32_t> offsets;  // id -> [offsets[id], offsets[id + 1])
  std::unordered_map<std::string_view, int32_t> ids;
  std::vector<double> scores;  // model vocabulary ids only
  std::vector<uint8_t> flags;  // kSpecial | kAdded | kByte
  static constexpr uint8_t kSpecial = 1, kAdded = 2, kByte = 4;

  Trie pieces;  // model vocabulary
  Trie added;   // added tokens
  std::array<bool, 256> added_first_byte{};

  double unk_score = 0;
  int32_t unk = -1, eos = -1, pad = -1;
  int32_t post_token = -1;  // appended by add_eos
  bool byte_fallback = false;
  std::array<int32_t, 256> byte_ids{};

  bool metaspace = false;
  std::string replacement;
  Prepend prepend = Prepend::kNever;
  bool split = false;

  bool has_decoder = false;
  std::vector<DecodeStep> decoder;

  std::vector<int32_t> copy_ids, reference_ids;      // n -> id
  std::vector<int32_t> copy_index, reference_index;  // id -> n

  std::string_view piece(int32_t id) const {
    if (id < 0 || static_cast<size_t>(id) + 1 >= offsets.size()) return {};
    return std::string_view(arena).substr(offsets[id], offsets[id + 1] - offsets[id]);
  }

  // Scratch space reused across the sections of one encode call.
  struct Scratch {
    std::string normalized;
    std::vector<double> best_score;
    std::vector<int32_t> best_start;
    std::vector<int32_t> best_id;
    std::vector<int32_t> path;
  };

  void viterbi(std::string_view text, Scratch& s, std::vector<int32_t>& out) const;
  void encode_section(std::string_view section, size_t section_index, Scratch& s, std::vector<int32_t>& out) const;
};

void Tokenizer::Impl::viterbi(std::string_view text, Scratch& s, std::vector<int32_t>& out) const {
  const size_t n = text.size();
  if (n == 0) return;
  s.best_score.assign(n + 1, 0.0);
  s.best_start.assign(n + 1, -1);
  s.best_id.resize(n + 1);
  for (size_t pos = 0; pos < n;) {
    const size_t length = char_length(text, pos);
    const double base = s.best_score[pos];
    bool has_single = false;
    uint32_t node = 0;
    for (size_t k = pos; k < n; ++k) {
      node = pieces.child(node, static_cast<unsigned char>(text[k]));
      if (node == Trie::kNone) break;
      const int32_t id = pieces.value(node);
      if (id < 0) continue;
      const size_t end = k + 1;
      if (end - pos == length) has_single = true;
      const double candidate = base + scores[id];
      if (s.best_start[end] < 0 || candidate > s.best_score[end]) {
        s.best_score[end] = candidate;
        s.best_start[end] = static_cast<int32_t>(pos);
        s.best_id[end] = id;
      }
    }
    if (!has_single) {
      const size_t end = pos + length;
      const double candidate = base + unk_score;
      if (s.best_start[end] < 0 || candidate > s.best_score[end]) {
        s.best_score[end] = candidate;
        s.best_start[end] = static_cast<int32_t>(pos);
        s.best_id[end] = kUnknownNode;
      }
    }
    pos += length;
  }
  // Backtrack: path holds the end positions, last first.
  s.path.clear();
  for (size_t end = n; end > 0; end = static_cast<size_t>(s.best_start[end]))
    s.path.push_back(static_cast<int32_t>(end));
  bool previous_unknown = false;
  for (auto it = s.path.rbegin(); it != s.path.rend(); ++it) {
    const auto end = static_cast<size_t>(*it);
    const int32_t id = s.best_id[end];
    if (id != kUnknownNode) {
      out.push_back(id);
      previous_unknown = false;
      continue;
    }
    const auto start = static_cast<size_t>(s.best_start[end]);
    if (byte_fallback) {
      for (size_t k = start; k < end; ++k) out.push_back(byte_ids[static_cast<unsigned char>(text[k])]);
    } else if (!previous_unknown) {
      out.push_back(unk);  // consecutive unknown characters fuse into one <unk>
    }
    previous_unknown = true;
  }
}

void Tokenizer::Impl::encode_section(std::string_view section, size_t section_index, Scratch& s,
                                     std::vector<int32_t>& out) const {
  if (!metaspace) {
    viterbi(section, s, out);
    return;
  }
  std::string& text = s.normalized;
  text.clear();
  // As tokenizers: spaces become the replacement, then the replacement is
  // prepended unless the result already starts with it.
  const bool starts_with_replacement =
      section.substr(0, replacement.size()) == replacement || (!section.empty() && section[0] == ' ');
  if (!starts_with_replacement && (prepend == Prepend::kAlways || (prepend == Prepend::kFirst && section_index == 0))) {
    text += replacement;
  }
  for (char c : section) {
    if (c == ' ')
      text += replacement;
    else
      text += c;
  }
  if (!split) {
    viterbi(text, s, out);
    return;
  }
  // tokenizers' split: cut before every replacement (merged with next).
  size_t start = 0;
  size_t found = text.find(replacement, 1);
  while (found != std::string::npos) {
    viterbi(std::string_view(text).substr(start, found - start), s, out);
    start = found;
    found = text.find(replacement, found + replacement.size());
  }
  viterbi(std::string_view(text).substr(start), s, out);
}

Tokenizer::Tokenizer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Tokenizer::Tokenizer(Tokenizer&&) noexcept = default;
Tokenizer& Tokenizer::operator=(Tokenizer&&) noexcept = default;
Tokenizer::~Tokenizer() = default;

Result<Tokenizer> Tokenizer::from_json(std::string_view json_text) {
  Json root = Json::parse(json_text.begin(), json_text.end(), nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) {
    ParseErrorCatcher catcher;
    Json::sax_parse(json_text.begin(), json_text.end(), &catcher);
    return json_error("", "invalid JSON: " + catcher.message);
  }
  if (!root.is_object()) return json_error("", "expected a JSON object");
  auto impl = std::make_unique<Impl>();

  for (const char* key : {"truncation", "padding"}) {
    const Json* value = find(root, key);
    if (value != nullptr && !value->is_null())
      return json_error(key, std::string(key) + " is not supported (must be null)");
  }
  if (const Json* normalizer = find(root, "normalizer"); normalizer != nullptr && !normalizer->is_null()) {
    return json_error("normalizer", "normalizer '" + type_of(*normalizer) +
                                        "' is not supported: only null (identity; see models/tokenizer/README.md)");
  }

  // --- model ---
  const Json* model = find(root, "model");
  if (model == nullptr || !model->is_object()) return json_error("model", "missing or not an object");
  const std::string model_type = type_of(*model);
  if (model_type != "Unigram") {
    return json_error("model.type", "model '" + model_type + "' is not supported (only Unigram)");
  }
  const Json* vocab = find(*model, "vocab");
  if (vocab == nullptr || !vocab->is_array() || vocab->empty()) {
    return json_error("model.vocab", "expected a non-empty array of [piece, score]");
  }
  const size_t model_size = vocab->size();
  std::vector<std::string_view> model_pieces;  // views into vocab (alive until return)
  model_pieces.reserve(model_size);
  impl->scores.reserve(model_size);
  double min_score = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < model_size; ++i) {
    const Json& entry = (*vocab)[i];
    if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string() || !entry[1].is_number()) {
      return json_error("model.vocab[" + std::to_string(i) + "]", "expected [piece, score]");
    }
    model_pieces.push_back(entry[0].get_ref<const std::string&>());
    if (model_pieces.back().size() > kMaxPieceBytes) {
      return json_error("model.vocab[" + std::to_string(i) + "]", "pieces longer than 256 bytes are not supported");
    }
    const double score = entry[1].get<double>();
    impl->scores.push_back(score);
    min_score = std::min(min_score, score);
  }
  const Json* unk_id = find(*model, "unk_id");
  if (unk_id == nullptr || !unk_id->is_number_integer() || unk_id->get<int64_t>() < 0 ||
      unk_id->get<int64_t>() >= static_cast<int64_t>(model_size)) {
    return json_error("model.unk_id", "expected the id of a vocabulary piece");
  }
  impl->unk = static_cast<int32_t>(unk_id->get<int64_t>());
  impl->unk_score = min_score - 10.0;
  impl->scores[impl->unk] = impl->unk_score;  // as tokenizers and transformers.js do
  auto byte_fallback = optional_bool(*model, "byte_fallback", false, "model");
  if (!byte_fallback.ok()) return byte_fallback.error();
  impl->byte_fallback = byte_fallback.value();

  // --- added tokens ---
  struct Added {
    int32_t id;
    std::string_view content;
    bool special;
  };
  std::vector<Added> added;
  int64_t max_id = static_cast<int64_t>(model_size) - 1;
  if (const Json* list = find(root, "added_tokens"); list != nullptr && !list->is_null()) {
    if (!list->is_array()) return json_error("added_tokens", "expected an array");
    for (size_t i = 0; i < list->size(); ++i) {
      const Json& token = (*list)[i];
      const std::string where = "added_tokens[" + std::to_string(i) + "]";
      const Json* id = find(token, "id");
      const Json* content = find(token, "content");
      if (id == nullptr || !id->is_number_integer() || id->get<int64_t>() < 0 || id->get<int64_t>() > (1 << 24)) {
        return json_error(where + ".id", "expected a non-negative id");
      }
      if (content == nullptr || !content->is_string() || content->get_ref<const std::string&>().empty() ||
          content->get_ref<const std::string&>().size() > kMaxPieceBytes) {
        return json_error(where + ".content", "expected a non-empty string of at most 256 bytes");
      }
      for (const char* key : {"single_word", "lstrip", "rstrip"}) {
        auto flag = optional_bool(token, key, false, where);
        if (!flag.ok()) return flag.error();
        if (flag.value()) return json_error(where + "." + key, std::string(key) + " = true is not supported");
      }
      auto special = optional_bool(token, "special", false, where);
      if (!special.ok()) return special.error();
      const auto token_id = static_cast<int32_t>(id->get<int64_t>());
      const std::string_view text = content->get_ref<const std::string&>();
      if (static_cast<size_t>(token_id) < model_size && model_pieces[token_id] != text) {
        return json_error(where, "added token '" + std::string(text) + "' has the id of vocabulary piece '" +
                                     std::string(model_pieces[token_id]) + "'");
      }
      added.push_back({token_id, text, special.value()});
      max_id = std::max<int64_t>(max_id, token_id);
    }
  }

  // --- pieces of all ids ---
  const auto total = static_cast<size_t>(max_id + 1);
  std::vector<std::string_view> by_id(total);
  for (size_t i = 0; i < model_size; ++i) by_id[i] = model_pieces[i];
  impl->flags.assign(total, 0);
  for (const Added& a : added) {
    if (!by_id[a.id].empty() && by_id[a.id] != a.content) {
      return json_error("added_tokens", "two added tokens have id " + std::to_string(a.id));
    }
    by_id[a.id] = a.content;
    impl->flags[a.id] |= Impl::kAdded | (a.special ? Impl::kSpecial : 0);
  }
  impl->offsets.reserve(total + 1);
  for (size_t i = 0; i < total; ++i) {
    impl->offsets.push_back(static_cast<uint32_t>(impl->arena.size()));
    impl->arena.append(by_id[i]);
  }
  impl->offsets.push_back(static_cast<uint32_t>(impl->arena.size()));
  impl->ids.reserve(total);
  for (size_t i = 0; i < total; ++i) {
    const std::string_view piece = impl->piece(static_cast<int32_t>(i));
    if (piece.empty()) continue;
    if (!impl->ids.emplace(piece, static_cast<int32_t>(i)).second) {
      return json_error("model.vocab", "piece '" + std::string(piece) + "' appears twice");
    }
  }

  // Tries: every model piece takes part in the lattice (as in tokenizers and
  // transformers.js); added tokens are cut out before.
  {
    std::vector<std::pair<std::string_view, int32_t>> entries;
    entries.reserve(model_size);
    for (size_t i = 0; i < model_size; ++i) {
      if (!model_pieces[i].empty()) entries.emplace_back(impl->piece(static_cast<int32_t>(i)), static_cast<int32_t>(i));
    }
    impl->pieces.build(std::move(entries));
    std::vector<std::pair<std::string_view, int32_t>> added_entries;
    for (const Added& a : added) {
      added_entries.emplace_back(impl->piece(a.id), a.id);
      impl->added_first_byte[static_cast<unsigned char>(a.content[0])] = true;
    }
    impl->added.build(std::move(added_entries));
  }

  // Byte pieces.
  impl->byte_ids.fill(-1);
  for (size_t i = 0; i < model_size; ++i) {
    // Byte fallback uses the spelling <0xNN> with upper-case hex digits.
    const int byte = byte_of_piece(model_pieces[i]);
    if (byte >= 0 && model_pieces[i] == byte_piece_name(byte)) {
      impl->byte_ids[byte] = static_cast<int32_t>(i);
      impl->flags[i] |= Impl::kByte;
    }
  }
  if (impl->byte_fallback) {
    for (int b = 0; b < 256; ++b) {
      if (impl->byte_ids[b] < 0) {
        return json_error("model.byte_fallback",
                          "byte_fallback needs the pieces <0x00>..<0xFF>; " + byte_piece_name(b) + " is missing");
      }
    }
  }

  // --- pre-tokenizer ---
  if (const Json* pre = find(root, "pre_tokenizer"); pre != nullptr && !pre->is_null()) {
    const std::string type = type_of(*pre);
    if (type != "Metaspace") {
      return json_error("pre_tokenizer", "pre_tokenizer '" + type + "' is not supported (only Metaspace or null)");
    }
    impl->metaspace = true;
    auto replacement = required_string(*pre, "replacement", "pre_tokenizer");
    if (!replacement.ok()) return replacement.error();
    impl->replacement = replacement.value();
    if (impl->replacement.empty()) return json_error("pre_tokenizer.replacement", "must not be empty");
    auto scheme = read_prepend_scheme(*pre, "pre_tokenizer");
    if (!scheme.ok()) return scheme.error();
    impl->prepend = scheme.value();
    auto split = optional_bool(*pre, "split", true, "pre_tokenizer");
    if (!split.ok()) return split.error();
    impl->split = split.value();
  }

  // --- post-processor ---
  if (const Json* post = find(root, "post_processor"); post != nullptr && !post->is_null()) {
    const std::string unsupported =
        "only a TemplateProcessing whose single template is $A followed by one special token is supported";
    if (type_of(*post) != "TemplateProcessing") return json_error("post_processor", unsupported);
    const Json* single = find(*post, "single");
    if (single == nullptr || !single->is_array() || single->size() != 2) {
      return json_error("post_processor.single", unsupported);
    }
    const Json* sequence = find((*single)[0], "Sequence");
    const Json* sequence_id = sequence == nullptr ? nullptr : find(*sequence, "id");
    const Json* special = find((*single)[1], "SpecialToken");
    const Json* special_id = special == nullptr ? nullptr : find(*special, "id");
    if (sequence_id == nullptr || *sequence_id != "A" || special_id == nullptr || !special_id->is_string()) {
      return json_error("post_processor.single", unsupported);
    }
    const std::string& name = special_id->get_ref<const std::string&>();
    const auto it = impl->ids.find(name);
    if (it == impl->ids.end()) return json_error("post_processor.single", "unknown token '" + name + "'");
    if (const Json* map = find(*post, "special_tokens"); map != nullptr && !map->is_null()) {
      const Json* entry = find(*map, name.c_str());
      const Json* entry_ids = entry == nullptr ? nullptr : find(*entry, "ids");
      if (entry_ids != nullptr && !(entry_ids->is_array() && entry_ids->size() == 1 && (*entry_ids)[0] == it->second)) {
        return json_error("post_processor.special_tokens", "ids of '" + name + "' disagree with the vocabulary");
      }
    }
    impl->post_token = it->second;
  }

  // --- decoder ---
  if (const Json* decoder = find(root, "decoder"); decoder != nullptr && !decoder->is_null()) {
    impl->has_decoder = true;
    Status status = read_decoder(*decoder, "decoder", impl->decoder);
    if (!status.ok()) return status.error();
  }

  // --- named ids and markers ---
  impl->eos = impl->post_token;
  if (impl->eos < 0) {
    const auto it = impl->ids.find("</s>");
    if (it != impl->ids.end()) impl->eos = it->second;
  }
  if (const auto it = impl->ids.find("<pad>"); it != impl->ids.end()) impl->pad = it->second;
  impl->copy_index.assign(total, -1);
  impl->reference_index.assign(total, -1);
  for (const Added& a : added) {
    if (const int n = bracketed_index(a.content, '[', ']'); n >= 0) {
      if (impl->copy_ids.size() <= static_cast<size_t>(n)) impl->copy_ids.resize(n + 1, -1);
      impl->copy_ids[n] = a.id;
      impl->copy_index[a.id] = n;
    } else if (const int m = bracketed_index(a.content, '(', ')'); m >= 0) {
      if (impl->reference_ids.size() <= static_cast<size_t>(m)) impl->reference_ids.resize(m + 1, -1);
      impl->reference_ids[m] = a.id;
      impl->reference_index[a.id] = m;
    }
  }
  return Tokenizer(std::move(impl));
}

void Tokenizer::encode_into(std::string_view text, bool add_eos, std::vector<int32_t>& out) const {
  const Impl& m = *impl_;
  Impl::Scratch scratch;
  size_t section_start = 0;
  size_t section_index = 0;
  for (size_t pos = 0; pos < text.size();) {
    if (!m.added_first_byte[static_cast<unsigned char>(text[pos])]) {
      ++pos;
      continue;
    }
    // Longest added token starting here.
    int32_t match = -1;
    size_t match_end = 0;
    uint32_t node = 0;
    for (size_t k = pos; k < text.size(); ++k) {
      node = m.added.child(node, static_cast<unsigned char>(text[k]));
      if (node == Trie::kNone) break;
      if (m.added.value(node) >= 0) match = m.added.value(node), match_end = k + 1;
    }
    if (match < 0) {
      ++pos;
      continue;
    }
    if (pos > section_start) {
      m.encode_section(text.substr(section_start, pos - section_start), section_index, scratch, out);
      ++section_index;
    }
    out.push_back(match);
    ++section_index;
    pos = section_start = match_end;
  }
  if (section_start < text.size()) m.encode_section(text.substr(section_start), section_index, scratch, out);
  if (add_eos && m.post_token >= 0) out.push_back(m.post_token);
}

std::vector<int32_t> Tokenizer::encode(std::string_view text, bool add_eos) const {
  std::vector<int32_t> out;
  out.reserve(text.size() / 3 + 2);
  encode_into(text, add_eos, out);
  return out;
}

std::string Tokenizer::decode(std::span<const int32_t> ids, bool skip_special) const {
  const Impl& m = *impl_;
  std::vector<std::string> tokens;
  tokens.reserve(ids.size());
  for (const int32_t id : ids) {
    int32_t shown = id;
    if (m.piece(id).empty()) shown = m.unk;  // out of range: <unk>, as transformers.js
    if (skip_special && (m.flags[shown] & Impl::kSpecial)) continue;
    tokens.emplace_back(m.piece(shown));
  }
  std::string text;
  if (!m.has_decoder) {
    for (size_t i = 0; i < tokens.size(); ++i) {
      if (i > 0) text += ' ';
      text += tokens[i];
    }
    return text;
  }
  for (const DecodeStep& step : m.decoder) {
    switch (step.kind) {
      case DecodeStep::Kind::kReplace:
        for (std::string& token : tokens) replace_all(token, step.pattern, step.content);
        break;
      case DecodeStep::Kind::kMetaspace:
        for (size_t i = 0; i < tokens.size(); ++i) {
          replace_all(tokens[i], step.pattern, " ");
          if (i == 0 && step.strip_first && !tokens[i].empty() && tokens[i][0] == ' ') tokens[i].erase(0, 1);
        }
        break;
      case DecodeStep::Kind::kByteFallback: {
        std::vector<std::string> merged;
        merged.reserve(tokens.size());
        std::string bytes;
        bool in_bytes = false;
        for (std::string& token : tokens) {
          const int byte = byte_of_piece(token);
          if (byte >= 0) {
            bytes += static_cast<char>(byte);
            in_bytes = true;
            continue;
          }
          if (in_bytes) {
            merged.emplace_back();
            append_decoded_bytes(merged.back(), bytes);
            bytes.clear();
            in_bytes = false;
          }
          merged.push_back(std::move(token));
        }
        if (in_bytes) {
          merged.emplace_back();
          append_decoded_bytes(merged.back(), bytes);
        }
        tokens = std::move(merged);
        break;
      }
      case DecodeStep::Kind::kFuse: {
        std::string fused;
        for (const std::string& token : tokens) fused += token;
        tokens.assign(1, std::move(fused));
        break;
      }
      case DecodeStep::Kind::kStrip:
        for (std::string& token : tokens) {
          size_t cut = 0;
          for (size_t i = 0; i < step.start && token.compare(cut, step.pattern.size(), step.pattern) == 0; ++i) {
            cut += step.pattern.size();
          }
          token.erase(0, cut);
          for (size_t i = 0; i < step.stop && token.size() >= step.pattern.size() &&
                             token.compare(token.size() - step.pattern.size(), step.pattern.size(), step.pattern) == 0;
               ++i) {
            token.resize(token.size() - step.pattern.size());
          }
        }
        break;
    }
  }
  for (const std::string& token : tokens) text += token;
  return text;
}

std::string Tokenizer::token_text(int32_t id) const {
  const std::string_view piece = impl_->piece(id);
  if (const int byte = byte_of(id); byte >= 0) return std::string(1, static_cast<char>(byte));
  std::string text(piece);
  for (const DecodeStep& step : impl_->decoder) {
    if (step.kind == DecodeStep::Kind::kReplace) replace_all(text, step.pattern, step.content);
    if (step.kind == DecodeStep::Kind::kMetaspace) replace_all(text, step.pattern, " ");
  }
  return text;
}

int Tokenizer::byte_of(int32_t id) const { return is_byte_piece(id) ? byte_of_piece(impl_->piece(id)) : -1; }

int32_t Tokenizer::id_of(std::string_view piece) const {
  const auto it = impl_->ids.find(piece);
  return it == impl_->ids.end() ? -1 : it->second;
}

std::string_view Tokenizer::piece_of(int32_t id) const { return impl_->piece(id); }
int32_t Tokenizer::vocab_size() const { return static_cast<int32_t>(impl_->offsets.size() - 1); }
int32_t Tokenizer::eos_id() const { return impl_->eos; }
int32_t Tokenizer::pad_id() const { return impl_->pad; }
int32_t Tokenizer::unk_id() const { return impl_->unk; }

bool Tokenizer::is_special(int32_t id) const {
  return id >= 0 && id < vocab_size() && (impl_->flags[id] & Impl::kSpecial);
}
bool Tokenizer::is_added_token(int32_t id) const {
  return id >= 0 && id < vocab_size() && (impl_->flags[id] & Impl::kAdded);
}
bool Tokenizer::is_byte_piece(int32_t id) const {
  return id >= 0 && id < vocab_size() && (impl_->flags[id] & Impl::kByte);
}
bool Tokenizer::byte_fallback() const { return impl_->byte_fallback; }

int32_t Tokenizer::copy_token_id(int n) const {
  return n >= 0 && static_cast<size_t>(n) < impl_->copy_ids.size() ? impl_->copy_ids[n] : -1;
}
int32_t Tokenizer::reference_token_id(int n) const {
  return n >= 0 && static_cast<size_t>(n) < impl_->reference_ids.size() ? impl_->reference_ids[n] : -1;
}
int Tokenizer::copy_index_of(int32_t id) const { return id >= 0 && id < vocab_size() ? impl_->copy_index[id] : -1; }
int Tokenizer::reference_index_of(int32_t id) const {
  return id >= 0 && id < vocab_size() ? impl_->reference_index[id] : -1;
}

}  // namespace fruit
