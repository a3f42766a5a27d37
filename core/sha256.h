// SHA-256 (FIPS 180-4) of a byte string, for the leaderboard's integrity
// checks (gold files, predictions). Incremental, so callers can hash a file
// as it streams; no I/O.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fruit {

class Sha256 {
 public:
  Sha256();
  void update(std::string_view bytes);
  // The digest as 64 lowercase hex digits. The object is spent afterwards.
  std::string hex_digest();

 private:
  void compress(const unsigned char* block);

  std::array<uint32_t, 8> state_;
  std::array<unsigned char, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

// SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

// True for 64 lowercase hex digits.
bool is_sha256_hex(std::string_view text);

}  // namespace fruit
