// Shared pieces of the fruitbench command-line tool: files as LineReaders,
// atomic output files, option parsing, error reporting and exit codes.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "evaluate.h"
#include "status.h"

namespace fruit::cli {

// Exit codes, documented in --help.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalidData = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitIo = 3;

// A LineReader over a file or standard input.
class FileLineReader : public fruit::LineReader {
 public:
  explicit FileLineReader(const std::string& path) : name_(path == "-" ? "<stdin>" : path) {
    if (path != "-") {
      file_.open(path, std::ios::binary);
      stream_ = &file_;
    }
  }
  bool is_open() const { return stream_ == &std::cin || file_.is_open(); }
  bool next_line(std::string& line) override {
    if (!std::getline(*stream_, line)) return false;
    return true;
  }
  std::string_view name() const override { return name_; }
  bool failed() const { return stream_->bad(); }

 private:
  std::string name_;
  std::ifstream file_;
  std::istream* stream_ = &std::cin;
};

// Writes to PATH.partial and renames it over PATH only on commit(), so a
// failed run never leaves a half-written file behind.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path) : path_(std::move(path)), partial_(path_ + ".partial") {
    out_.open(partial_, std::ios::binary | std::ios::trunc);
  }
  ~AtomicFile() {
    if (!committed_) {
      out_.close();
      std::remove(partial_.c_str());
    }
  }
  bool is_open() const { return out_.is_open(); }
  std::ostream& stream() { return out_; }
  bool commit() {
    out_.close();
    if (out_.fail() || std::rename(partial_.c_str(), path_.c_str()) != 0) return false;
    committed_ = true;
    return true;
  }

 private:
  std::string path_, partial_;
  std::ofstream out_;
  bool committed_ = false;
};

struct Args {
  std::map<std::string, std::string> options;
  std::vector<std::string> positional;
  bool has(const std::string& name) const { return options.count(name) > 0; }
  std::string get(const std::string& name) const {
    auto found = options.find(name);
    return found == options.end() ? std::string() : found->second;
  }
};

inline int usage_error(const std::string& message) {
  std::cerr << "fruitbench: " << message << "\nRun 'fruitbench --help' for usage.\n";
  return kExitUsage;
}

// Parses "--name value" and "--flag" options; `flags` take no value.
inline std::optional<Args> parse_args(int argc, char** argv, int first, const std::vector<std::string>& valued,
                               const std::vector<std::string>& flags, std::string& error) {
  Args args;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0 || arg == "-") {
      args.positional.push_back(arg);
      continue;
    }
    std::string name = arg.substr(2), value;
    const size_t eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) value = name.substr(eq + 1), name = name.substr(0, eq);
    if (std::find(flags.begin(), flags.end(), name) != flags.end() && !inline_value) {
      args.options[name] = "1";
    } else if (std::find(valued.begin(), valued.end(), name) != valued.end()) {
      if (!inline_value) {
        if (i + 1 >= argc) {
          error = "option --" + name + " needs a value";
          return std::nullopt;
        }
        value = argv[++i];
      }
      args.options[name] = value;
    } else {
      error = "unknown option --" + name;
      return std::nullopt;
    }
  }
  return args;
}

inline int data_error(const fruit::Error& error) {
  std::cerr << "fruitbench: error: " << error.to_string() << "\n";
  return kExitInvalidData;
}

inline int io_error(const std::string& what) {
  std::cerr << "fruitbench: " << what << ": " << std::strerror(errno) << "\n";
  return kExitIo;
}

inline std::optional<uint64_t> parse_count(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 19) {
    return std::nullopt;
  }
  return std::stoull(text);
}

// --seed S into `seed` when given: kExitOk, or the usage error's exit code.
inline int seed_option(const Args& args, uint64_t& seed) {
  if (!args.has("seed")) return kExitOk;
  auto value = parse_count(args.get("seed"));
  if (!value) return usage_error("--seed takes a non-negative whole number");
  seed = *value;
  return kExitOk;
}

// --format table|json into `format` (default table): kExitOk or the usage error's exit code.
inline int format_option(const Args& args, std::string& format) {
  format = args.has("format") ? args.get("format") : "table";
  if (format != "table" && format != "json") return usage_error("--format is 'table' or 'json'");
  return kExitOk;
}

}  // namespace fruit::cli
