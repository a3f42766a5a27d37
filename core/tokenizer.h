// The FRUIT editor model's tokenizer: a SentencePiece unigram model read from
// its Hugging Face `tokenizer.json`, encoding exactly as SentencePiece,
// transformers.js and `tokenizers` do (see models/tokenizer/README.md).
//
// Encoding, in the order tokenizers run it:
//   1. Added tokens (tokenizer.json "added_tokens": the special tokens and the
//      task's markers [CONTEXT] [HEADER] [COL] [ROW] [CAPTION] [0]..[127]
//      (0)..(63)) are cut out of the raw text first, scanning left to right
//      and taking the longest added token that starts at each position. Each
//      becomes its one id; no whitespace around it is touched (lstrip and
//      rstrip are false), so "[0] The" is [0] + "▁The" and "[0]The" is
//      [0] + "The", and decoding gives the text back.
//   2. Every other section goes through the Metaspace pre-tokenizer: each
//      ' ' becomes U+2581 "▁", and "▁" is prepended as prepend_scheme says
//      ("never" for the FRUIT tokenizer; "always": every section that does
//      not start with "▁"; "first": only a section that starts the text).
//   3. The unigram model picks the segmentation of the section with the
//      highest sum of piece scores (Viterbi over all vocabulary pieces that
//      match; ties go to the path whose last piece starts first, as in
//      SentencePiece and transformers.js). A character no single-character
//      piece covers is an unknown node scored (lowest vocabulary score - 10);
//      consecutive unknown characters fuse into one <unk>, or, with
//      byte_fallback, become their UTF-8 bytes as <0xNN> pieces.
//   4. The post_processor's special token (</s>) is appended.
//
// Supported subset of tokenizer.json (anything else is an Error naming it):
//   normalizer: null. pre_tokenizer: null or Metaspace. model: Unigram (vocab,
//   unk_id, byte_fallback). added_tokens with single_word, lstrip and rstrip
//   false. post_processor: null or TemplateProcessing whose single template
//   is $A followed by one special token. decoder: null, Metaspace, Replace
//   (string pattern), ByteFallback, Fuse, Strip, or a Sequence of these.
//   truncation and padding: null.
//
// Text should be valid UTF-8 (JavaScript strings always are); an invalid byte
// is read as a one-byte unknown character, so with byte fallback it is kept.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "status.h"

namespace fruit {

class Tokenizer {
 public:
  // Reads tokenizer.json text. Errors name what is unsupported or malformed.
  static Result<Tokenizer> from_json(std::string_view json_text);

  Tokenizer(Tokenizer&&) noexcept;
  Tokenizer& operator=(Tokenizer&&) noexcept;
  ~Tokenizer();

  // Token ids of text; with add_eos, followed by the post_processor's token
  // (</s>), as transformers.js's tokenizer.encode(text) gives.
  std::vector<int32_t> encode(std::string_view text, bool add_eos = true) const;
  // The same, appended to out (reuse out to avoid allocations).
  void encode_into(std::string_view text, bool add_eos, std::vector<int32_t>& out) const;

  // Text of ids through tokenizer.json's decoder, as transformers.js's
  // tokenizer.decode(ids, {skip_special_tokens}) with
  // clean_up_tokenization_spaces false. skip_special drops special added
  // tokens (<pad>, </s>, <unk>); markers are not special and stay. An id out
  // of range reads as <unk>. Invalid UTF-8 from byte pieces becomes U+FFFD
  // per maximal invalid subsequence (TextDecoder's rule).
  std::string decode(std::span<const int32_t> ids, bool skip_special = true) const;

  // Id of a vocabulary piece or added token (exact string), or -1.
  int32_t id_of(std::string_view piece) const;
  // Piece of an id ("" when out of range).
  std::string_view piece_of(int32_t id) const;
  // One past the largest id.
  int32_t vocab_size() const;

  // </s> (the post_processor's token, else the piece "</s>"), <pad>, the
  // model's unk_id; -1 when absent.
  int32_t eos_id() const;
  int32_t pad_id() const;
  int32_t unk_id() const;

  // What id adds to a decoded text, as bytes: a byte piece its one raw byte
  // (possibly part of a UTF-8 character), any other piece its text through
  // the decoder's replacements ("▁the" -> " the"). "" when out of range.
  std::string token_text(int32_t id) const;
  // The byte of a byte piece <0xNN>, or -1.
  int byte_of(int32_t id) const;

  bool is_special(int32_t id) const;      // a special added token
  bool is_added_token(int32_t id) const;  // matched before the model
  bool is_byte_piece(int32_t id) const;   // <0x00>..<0xFF>
  bool byte_fallback() const;

  // Copy token "[n]" and reference token "(n)" (added tokens), or -1.
  int32_t copy_token_id(int n) const;
  int32_t reference_token_id(int n) const;
  // n of a copy or reference token id, or -1.
  int copy_index_of(int32_t id) const;
  int reference_index_of(int32_t id) const;

 private:
  struct Impl;
  explicit Tokenizer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace fruit
