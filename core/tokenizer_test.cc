#include "tokenizer.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

using fruit::Tokenizer;
using Ids = std::vector<int32_t>;

std::string fixture_path(const std::string& name) { return std::string(FRUIT_TEST_DATA_DIR) + "/tokenizer/" + name; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const Tokenizer& fixture_tokenizer() {
  static const Tokenizer tokenizer = [] {
    const std::string json = read_file(fixture_path("tokenizer.json"));
    REQUIRE(!json.empty());
    auto loaded = Tokenizer::from_json(json);
    if (!loaded.ok()) FAIL(loaded.error().to_string());
    return std::move(loaded).value();
  }();
  return tokenizer;
}

std::vector<std::string> pieces(const Tokenizer& t, const Ids& ids) {
  std::vector<std::string> out;
  for (int32_t id : ids) out.emplace_back(t.piece_of(id));
  return out;
}

// A small tokenizer.json around a hand-made unigram vocabulary.
nlohmann::json small_json() {
  return nlohmann::json::parse(R"json({
    "version": "1.0", "truncation": null, "padding": null,
    "added_tokens": [
      {"id": 0, "content": "<pad>", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true},
      {"id": 1, "content": "</s>", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true},
      {"id": 2, "content": "<unk>", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true},
      {"id": 3, "content": "[0]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": false},
      {"id": 4, "content": "[1]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": false},
      {"id": 5, "content": "[10]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": false},
      {"id": 6, "content": "(0)", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": false}
    ],
    "normalizer": null,
    "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "never", "split": false},
    "post_processor": {"type": "TemplateProcessing",
      "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
      "pair": [], "special_tokens": {"</s>": {"id": "</s>", "ids": [1], "tokens": ["</s>"]}}},
    "decoder": {"type": "Sequence", "decoders": [
      {"type": "Replace", "pattern": {"String": "▁"}, "content": " "}, {"type": "ByteFallback"}, {"type": "Fuse"}]},
    "model": {"type": "Unigram", "unk_id": 2, "byte_fallback": false, "vocab": [
      ["<pad>", 0.0], ["</s>", 0.0], ["<unk>", 0.0], ["[0]", 0.0], ["[1]", 0.0], ["[10]", 0.0], ["(0)", 0.0],
      ["▁", -2.0], ["a", -3.0], ["b", -3.0], ["ab", -6.0], ["▁a", -4.0], ["▁ab", -5.0], ["c", -3.0], ["é", -4.0],
      ["▁b", -4.5], ["bc", -5.0]
    ]}
  })json");
}

Tokenizer load(const nlohmann::json& json) {
  auto loaded = Tokenizer::from_json(json.dump());
  if (!loaded.ok()) FAIL(loaded.error().to_string());
  return std::move(loaded).value();
}

std::string load_error(const nlohmann::json& json) {
  auto loaded = Tokenizer::from_json(json.dump());
  REQUIRE_FALSE(loaded.ok());
  return loaded.error().to_string();
}

nlohmann::json with_byte_pieces(nlohmann::json json) {
  static const char* hex = "0123456789ABCDEF";
  for (int b = 0; b < 256; ++b) {
    json["model"]["vocab"].push_back({std::string("<0x") + hex[b >> 4] + hex[b & 15] + ">", -100.0});
  }
  json["model"]["byte_fallback"] = true;
  return json;
}

}  // namespace

TEST_CASE("tokenizer: every parity line encodes to SentencePiece's ids and decodes back", "[tokenizer]") {
  const Tokenizer& t = fixture_tokenizer();
  std::ifstream in(fixture_path("parity.jsonl"));
  REQUIRE(in.good());
  size_t lines = 0, mismatches = 0, decode_mismatches = 0, byte_lines = 0;
  std::string line;
  while (std::getline(in, line)) {
    const auto record = nlohmann::json::parse(line);
    const std::string text = record["text"].get<std::string>();
    const Ids expected = record["ids"].get<Ids>();
    const std::string expected_text = record.contains("decoded") ? record["decoded"].get<std::string>() : text;
    ++lines;
    const Ids got = t.encode(text);
    if (got != expected) {
      ++mismatches;
      if (mismatches <= 20) {
        FAIL_CHECK("line " << lines << ": " << nlohmann::json(text).dump() << "\n  expected "
                           << nlohmann::json(expected).dump() << "\n  got      " << nlohmann::json(got).dump());
      }
    }
    for (int32_t id : expected) {
      if (t.is_byte_piece(id)) {
        ++byte_lines;
        break;
      }
    }
    const std::string back = t.decode(expected);
    if (back != expected_text) {
      ++decode_mismatches;
      if (decode_mismatches <= 20) {
        FAIL_CHECK("line " << lines << ": decode gave " << nlohmann::json(back).dump() << ", expected "
                           << nlohmann::json(expected_text).dump());
      }
    }
  }
  INFO(lines << " lines, " << byte_lines << " with byte fallback");
  CHECK(lines >= 2000);
  CHECK(byte_lines >= 100);
  CHECK(mismatches == 0);
  CHECK(decode_mismatches == 0);
}

TEST_CASE("tokenizer: the fixture's ids, special tokens and markers", "[tokenizer]") {
  const Tokenizer& t = fixture_tokenizer();
  CHECK(t.pad_id() == 0);
  CHECK(t.eos_id() == 1);
  CHECK(t.unk_id() == 2);
  CHECK(t.piece_of(0) == "<pad>");
  CHECK(t.piece_of(1) == "</s>");
  CHECK(t.piece_of(2) == "<unk>");
  CHECK(t.vocab_size() == 8000);
  CHECK(t.byte_fallback());
  CHECK(t.is_special(1));
  CHECK_FALSE(t.is_special(t.id_of("[0]")));
  CHECK(t.piece_of(-1).empty());
  CHECK(t.piece_of(t.vocab_size()).empty());
  CHECK(t.id_of("no such piece") == -1);
  CHECK(t.is_byte_piece(t.id_of("<0x41>")));
  CHECK(t.byte_of(t.id_of("<0x41>")) == 0x41);
  CHECK(t.byte_of(t.id_of("▁the")) == -1);
  CHECK(t.token_text(t.id_of("▁the")) == " the");
  CHECK(t.token_text(t.id_of("<0xE2>")) == "\xE2");
  CHECK(t.token_text(t.id_of("[0]")) == "[0]");
  CHECK(t.token_text(-1).empty());

  for (const std::string marker : {"[CONTEXT]", "[HEADER]", "[COL]", "[ROW]", "[CAPTION]"}) {
    const int32_t id = t.id_of(marker);
    REQUIRE(id >= 0);
    CHECK(t.is_added_token(id));
    CHECK(t.encode(marker, false) == Ids{id});
    CHECK(t.encode("x" + marker + "y", false).size() == 3);
  }
  for (int n = 0; n < 128; ++n) {
    const std::string marker = "[" + std::to_string(n) + "]";
    const int32_t id = t.copy_token_id(n);
    REQUIRE(id >= 0);
    CHECK(t.id_of(marker) == id);
    CHECK(t.copy_index_of(id) == n);
    CHECK(t.reference_index_of(id) == -1);
    CHECK(t.encode(marker, false) == Ids{id});
  }
  for (int n = 0; n < 64; ++n) {
    const std::string marker = "(" + std::to_string(n) + ")";
    const int32_t id = t.reference_token_id(n);
    REQUIRE(id >= 0);
    CHECK(t.id_of(marker) == id);
    CHECK(t.reference_index_of(id) == n);
    CHECK(t.copy_index_of(id) == -1);
    CHECK(t.encode(marker, false) == Ids{id});
  }
  CHECK(t.copy_token_id(128) == -1);
  CHECK(t.copy_token_id(-1) == -1);
  CHECK(t.reference_token_id(64) == -1);
  CHECK(t.copy_index_of(t.id_of("▁the")) == -1);
  CHECK(t.copy_index_of(-5) == -1);
  CHECK(t.reference_index_of(1 << 30) == -1);
  // Not markers: more than one token.
  CHECK(t.encode("[128]", false).size() > 1);
  CHECK(t.encode("(64)", false).size() > 1);
  CHECK(t.encode("[00]", false).size() > 1);
}

TEST_CASE("tokenizer: whitespace around markers stays in the text and round-trips", "[tokenizer]") {
  const Tokenizer& t = fixture_tokenizer();
  const int32_t c0 = t.copy_token_id(0), c1 = t.copy_token_id(1), r3 = t.reference_token_id(3),
                r4 = t.reference_token_id(4);
  const Ids a = t.encode("[0] The film [1]");
  CHECK(pieces(t, a) == std::vector<std::string>{"[0]", "▁The", "▁film", "▁", "[1]", "</s>"});
  CHECK(t.decode(a) == "[0] The film [1]");
  CHECK(t.decode(a, false) == "[0] The film [1]</s>");
  const Ids glued = t.encode("[0]The", false);
  CHECK(glued.front() == c0);
  CHECK(pieces(t, glued)[1] == "The");
  CHECK(t.encode("(3)(4)", false) == Ids{r3, r4});
  CHECK(t.encode("[0][1]", false) == Ids{c0, c1});
  for (const std::string text : {"[0] The film was released in 1999. [1] It won. [CONTEXT] (0) Film_X Reception",
                                 " [0]  two spaces ", "[0]\t[1]\n(0)", "[10]x[1]", "[CONTEXT][CONTEXT]"}) {
    CHECK(t.decode(t.encode(text)) == text);
  }
}

TEST_CASE("tokenizer: byte fallback spells unknown characters as UTF-8 bytes", "[tokenizer]") {
  const Tokenizer& t = fixture_tokenizer();
  const Ids ids = t.encode("ሰ", false);  // Ethiopic: not in the development corpus
  CHECK(pieces(t, ids) == std::vector<std::string>{"<0xE1>", "<0x88>", "<0xB0>"});
  CHECK(t.decode(ids) == "ሰ");
  const std::string text = "x 𒀭𒂗 y\n";
  CHECK(t.decode(t.encode(text)) == text);
  // A literal "<0x41>" is text, not the byte piece.
  const Ids literal = t.encode("<0x41>", false);
  CHECK(literal.size() > 1);
  CHECK(t.decode(literal) == "<0x41>");
  // Invalid UTF-8 input: each bad byte is kept as its own byte piece.
  const Ids invalid = t.encode(std::string("a\xE6\x97z"), false);
  CHECK(pieces(t, invalid) == std::vector<std::string>{"a", "<0xE6>", "<0x97>", "z"});
  // Decoding invalid byte sequences: one U+FFFD per maximal invalid part.
  const auto b = [&](const char* piece) { return t.id_of(piece); };
  CHECK(t.decode(Ids{b("<0xE6>"), b("<0x97>")}) == "\xEF\xBF\xBD");
  CHECK(t.decode(Ids{b("<0xE6>"), b("<0x41>")}) ==
        "\xEF\xBF\xBD"
        "A");
  CHECK(t.decode(Ids{b("<0x80>"), b("<0x80>")}) == "\xEF\xBF\xBD\xEF\xBF\xBD");
  CHECK(t.decode(Ids{b("<0xED>"), b("<0xA0>"), b("<0x80>")}) == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  CHECK(t.decode(Ids{b("<0xF0>"), b("<0x9F>"), b("<0x98>"), b("<0x80>")}) == "\xF0\x9F\x98\x80");
}

TEST_CASE("tokenizer: decode skips special tokens and reads unknown ids as <unk>", "[tokenizer]") {
  const Tokenizer& t = fixture_tokenizer();
  const Ids ids = {0, t.id_of("▁the"), 2, 1, 0};
  CHECK(t.decode(ids) == " the");
  CHECK(t.decode(ids, false) == "<pad> the<unk></s><pad>");
  CHECK(t.decode(Ids{t.vocab_size(), -1}, false) == "<unk><unk>");
  CHECK(t.decode(Ids{t.vocab_size(), -1}) == "");
  CHECK(t.decode(Ids{}) == "");
  CHECK(t.encode("") == Ids{1});
  CHECK(t.encode("", false).empty());
  // Special tokens written in the text are special tokens (as in every
  // Hugging Face tokenizer; SentencePiece would spell them out).
  CHECK(t.encode("a</s>", false).back() == 1);
}

TEST_CASE("tokenizer: Viterbi picks the best-scoring segmentation, ties to the earliest start", "[tokenizer]") {
  const Tokenizer t = load(small_json());
  // "▁ab" (-5) beats "▁a"+"b" (-7), "▁"+"ab" (-8), "▁"+"a"+"b" (-8).
  CHECK(pieces(t, t.encode(" ab", false)) == std::vector<std::string>{"▁ab"});
  // "abc": "ab"+"c" (-9), "a"+"bc" (-8), "a"+"b"+"c" (-9): a + bc.
  CHECK(pieces(t, t.encode("abc", false)) == std::vector<std::string>{"a", "bc"});
  // "ab": "ab" (-6) ties "a"+"b" (-6); the path whose last piece starts first wins.
  CHECK(pieces(t, t.encode("ab", false)) == std::vector<std::string>{"ab"});
  // Unknown characters fuse into one <unk> when there is no byte fallback.
  CHECK(t.encode("axyzb", false) == Ids{8, 2, 9});
  CHECK(t.encode("x y", false) == Ids{2, 7, 2});
  CHECK(t.encode("a[0]b[10][1]", false) == Ids{8, 3, 9, 5, 4});
  CHECK(t.encode("ab", true) == Ids{10, 1});
  CHECK(t.decode(t.encode(" ab[0] a")) == " ab[0] a");
}

TEST_CASE("tokenizer: Metaspace prepend schemes and split", "[tokenizer]") {
  auto json = small_json();
  json["pre_tokenizer"]["prepend_scheme"] = "always";
  const Tokenizer always = load(json);
  CHECK(pieces(always, always.encode("ab[0]a", false)) == std::vector<std::string>{"▁ab", "[0]", "▁a"});
  CHECK(pieces(always, always.encode(" ab", false)) == std::vector<std::string>{"▁ab"});
  json["pre_tokenizer"]["prepend_scheme"] = "first";
  const Tokenizer first = load(json);
  CHECK(pieces(first, first.encode("ab[0]a", false)) == std::vector<std::string>{"▁ab", "[0]", "a"});
  CHECK(pieces(first, first.encode("[0]a", false)) == std::vector<std::string>{"[0]", "a"});
  json["pre_tokenizer"].erase("prepend_scheme");
  json["pre_tokenizer"]["add_prefix_space"] = true;
  const Tokenizer legacy = load(json);
  CHECK(pieces(legacy, legacy.encode("a[0]a", false)) == std::vector<std::string>{"▁a", "[0]", "▁a"});
  json["pre_tokenizer"]["split"] = true;
  const Tokenizer split = load(json);
  CHECK(pieces(split, split.encode("a b", false)) == std::vector<std::string>{"▁a", "▁b"});
  json["pre_tokenizer"] = nullptr;
  const Tokenizer raw = load(json);
  CHECK(raw.encode("a b", false) == Ids{8, 2, 9});  // ' ' is not in the vocabulary
}

TEST_CASE("tokenizer: byte fallback on a small vocabulary; decoders", "[tokenizer]") {
  const Tokenizer t = load(with_byte_pieces(small_json()));
  const Ids ids = t.encode("axé", false);
  CHECK(pieces(t, ids) == std::vector<std::string>{"a", "<0x78>", "é"});
  CHECK(t.decode(ids) == "axé");
  auto json = with_byte_pieces(small_json());
  json["decoder"] = {{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "always"}};
  const Tokenizer metaspace = load(json);
  CHECK(metaspace.decode(metaspace.encode(" ab a", false)) == "ab a");
  json["decoder"] = nullptr;
  const Tokenizer no_decoder = load(json);
  CHECK(no_decoder.decode(Ids{8, 9}) == "a b");
  json["decoder"] = nlohmann::json::parse(
      R"({"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
          {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 2}]})");
  const Tokenizer strip = load(json);
  CHECK(strip.decode(Ids{7, 7, 8, 7, 7, 7}) == " a ");
  json["post_processor"] = nullptr;
  const Tokenizer no_post = load(json);
  CHECK(no_post.encode("a") == Ids{8});
  CHECK(no_post.eos_id() == 1);
}

TEST_CASE("tokenizer: unsupported or malformed tokenizer.json is a clear error", "[tokenizer]") {
  CHECK_THAT(Tokenizer::from_json("{").error().to_string(), Catch::Contains("invalid JSON"));
  CHECK_THAT(Tokenizer::from_json("[]").error().to_string(), Catch::Contains("expected a JSON object"));
  CHECK_THAT(Tokenizer::from_json("{}").error().to_string(), Catch::Contains("model"));

  auto json = small_json();
  json["model"] = {{"type", "BPE"}, {"vocab", {{"a", 0}}}, {"merges", nlohmann::json::array()}};
  CHECK_THAT(load_error(json), Catch::Contains("model 'BPE' is not supported"));

  json = small_json();
  json["normalizer"] = {{"type", "Precompiled"}, {"precompiled_charsmap", "AAAA"}};
  CHECK_THAT(load_error(json), Catch::Contains("normalizer 'Precompiled' is not supported"));

  json = small_json();
  json["pre_tokenizer"] = {{"type", "ByteLevel"}};
  CHECK_THAT(load_error(json), Catch::Contains("pre_tokenizer 'ByteLevel' is not supported"));

  json = small_json();
  json["added_tokens"][3]["lstrip"] = true;
  CHECK_THAT(load_error(json), Catch::Contains("lstrip = true is not supported"));

  json = small_json();
  json["added_tokens"][3]["content"] = "[9]";
  CHECK_THAT(load_error(json), Catch::Contains("has the id of vocabulary piece"));

  json = small_json();
  json["model"].erase("unk_id");
  CHECK_THAT(load_error(json), Catch::Contains("model.unk_id"));

  json = small_json();
  json["model"]["vocab"][8] = {"a"};
  CHECK_THAT(load_error(json), Catch::Contains("model.vocab[8]"));

  json = small_json();
  json["model"]["vocab"][9] = {"a", -1.0};
  CHECK_THAT(load_error(json), Catch::Contains("appears twice"));

  json = small_json();
  json["model"]["byte_fallback"] = true;
  CHECK_THAT(load_error(json), Catch::Contains("<0x00> is missing"));

  json = small_json();
  json["decoder"] = {{"type", "WordPiece"}};
  CHECK_THAT(load_error(json), Catch::Contains("decoder 'WordPiece' is not supported"));

  json = small_json();
  json["decoder"] = {{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "never"}};
  CHECK_THAT(load_error(json), Catch::Contains("prepend_scheme 'never'"));

  json = small_json();
  json["decoder"] = {{"type", "Replace"}, {"pattern", {{"Regex", " +"}}}, {"content", " "}};
  CHECK_THAT(load_error(json), Catch::Contains("String"));

  json = small_json();
  json["post_processor"]["single"] =
      nlohmann::json::parse(R"([{"SpecialToken": {"id": "</s>"}}, {"Sequence": {"id": "A"}}])");
  CHECK_THAT(load_error(json), Catch::Contains("TemplateProcessing"));

  json = small_json();
  json["post_processor"]["special_tokens"]["</s>"]["ids"] = {7};
  CHECK_THAT(load_error(json), Catch::Contains("disagree"));

  json = small_json();
  json["model"]["vocab"].push_back({std::string(300, 'z'), -1.0});
  CHECK_THAT(load_error(json), Catch::Contains("longer than 256 bytes"));

  json = small_json();
  json["truncation"] = {{"max_length", 512}};
  CHECK_THAT(load_error(json), Catch::Contains("truncation is not supported"));
}
