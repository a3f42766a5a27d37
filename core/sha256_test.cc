#include "sha256.h"

#include <catch2/catch.hpp>
#include <string>

using fruit::sha256_hex;

// Test vectors of FIPS 180-4 (NIST's "SHA256ShortMsg" examples and the
// one-million-'a' message).
TEST_CASE("sha256: FIPS 180-4 vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu") ==
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: incremental updates equal one update, at every block boundary") {
  std::string text;
  for (int i = 0; i < 300; ++i) text += static_cast<char>('a' + i % 26);
  for (size_t cut : {0, 1, 55, 56, 63, 64, 65, 128, 200, 300}) {
    fruit::Sha256 hash;
    hash.update(std::string_view(text).substr(0, cut));
    hash.update(std::string_view(text).substr(cut));
    CHECK(hash.hex_digest() == sha256_hex(text));
  }
  // Lengths around the padding boundary (55, 56 bytes) differ.
  CHECK(sha256_hex(std::string(55, 'x')) != sha256_hex(std::string(56, 'x')));
}

TEST_CASE("sha256: hex syntax") {
  CHECK(fruit::is_sha256_hex(sha256_hex("x")));
  CHECK_FALSE(fruit::is_sha256_hex("ABC"));
  CHECK_FALSE(fruit::is_sha256_hex(std::string(64, 'G')));
  CHECK_FALSE(fruit::is_sha256_hex(std::string(64, 'A')));
}
