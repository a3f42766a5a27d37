// Error values instead of exceptions: the core is also compiled to
// WebAssembly, where exceptions cost size and speed.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace fruit {

// Where and why input was rejected. Every error that comes from a file names
// the file, the 1-based line and the JSON field, so a user can fix it.
struct Error {
  Error() = default;
  explicit Error(std::string message, std::string file = {}, size_t line = 0, std::string field = {})
      : message(std::move(message)), file(std::move(file)), line(line), field(std::move(field)) {}

  std::string message;
  std::string file;   // empty when not from a file
  size_t line = 0;    // 1-based; 0 when not from a line
  std::string field;  // empty when not about a field

  // "pred.jsonl:12: field 'targets': <message>"
  std::string to_string() const {
    std::string out;
    if (!file.empty()) out += file + ":";
    if (line > 0) out += std::to_string(line) + ":";
    if (!out.empty()) out += " ";
    if (!field.empty()) out += "field '" + field + "': ";
    return out + message;
  }
};

// A value or the error that prevented it.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error error) : error_(std::move(error)) {}

  bool ok() const { return value_.has_value(); }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  const Error& error() const { return *error_; }

 private:
  std::optional<T> value_;
  std::optional<Error> error_;
};

// Result for operations that produce nothing but may fail.
struct Ok {};
using Status = Result<Ok>;

}  // namespace fruit
