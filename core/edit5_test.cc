#include "edit5.h"

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

// EDIT5 parsing and validation are our own behaviour: the expectations
// follow the contract in edit5.h.

namespace {

using fruit::Diagnostic;
using fruit::Edit5Unit;
using Kind = fruit::Edit5Unit::Kind;

fruit::InputOutline outline_ok(std::string_view inputs) {
  auto outline = fruit::outline_input(inputs);
  REQUIRE(outline.ok());
  return outline.value();
}

std::vector<std::string> codes(std::string_view edit, std::string_view inputs) {
  std::vector<std::string> out;
  for (const Diagnostic& d : fruit::validate_edit5(fruit::parse_edit5(edit), outline_ok(inputs))) out.push_back(d.code);
  return out;
}

constexpr std::string_view kInput = "[0] First. [1] Second. [2] Third. [CONTEXT] (0) Evidence A. (1) Evidence B.";

}  // namespace

TEST_CASE("parse_edit5: copies, references with their text, and copies again", "[edit5]") {
  const std::string edit = "[0] (1) (3) The film was released in 1941. [2]";
  const auto units = fruit::parse_edit5(edit);
  REQUIRE(units.size() == 3);

  CHECK(units[0].kind == Kind::kCopy);
  CHECK(units[0].copy_index == 0);
  CHECK(units[0].begin == 0);
  CHECK(units[0].end == 3);

  CHECK(units[1].kind == Kind::kText);
  CHECK(units[1].references == std::vector<size_t>{1, 3});
  CHECK(units[1].text == "The film was released in 1941.");
  CHECK(units[1].begin == edit.find("(1)"));
  CHECK(units[1].end == edit.find("[2]"));

  CHECK(units[2].kind == Kind::kCopy);
  CHECK(units[2].copy_index == 2);
  CHECK(units[2].begin == edit.find("[2]"));
  CHECK(units[2].end == edit.size());
}

TEST_CASE("parse_edit5: text without references is a text unit", "[edit5]") {
  const auto plain = fruit::parse_edit5("Hello world.");
  REQUIRE(plain.size() == 1);
  CHECK(plain[0].kind == Kind::kText);
  CHECK(plain[0].references.empty());
  CHECK(plain[0].text == "Hello world.");
  CHECK(plain[0].begin == 0);

  const std::string edit = "[0]  New text.  [1]";
  const auto units = fruit::parse_edit5(edit);
  REQUIRE(units.size() == 3);
  CHECK(units[0].kind == Kind::kCopy);
  CHECK(units[1].kind == Kind::kText);
  CHECK(units[1].references.empty());
  CHECK(units[1].text == "New text.");  // stripped
  CHECK(units[2].kind == Kind::kCopy);
  CHECK(units[2].copy_index == 1);
}

TEST_CASE("parse_edit5: each group of references starts a new text unit", "[edit5]") {
  const auto units = fruit::parse_edit5("(0) A. (1) B.");
  REQUIRE(units.size() == 2);
  CHECK(units[0].references == std::vector<size_t>{0});
  CHECK(units[0].text == "A.");
  CHECK(units[0].begin == 0);
  CHECK(units[1].references == std::vector<size_t>{1});
  CHECK(units[1].text == "B.");
  CHECK(units[1].begin == 7);
}

TEST_CASE("parse_edit5: references followed by a copy give a text unit with empty text", "[edit5]") {
  const auto units = fruit::parse_edit5("(0) [1]");
  REQUIRE(units.size() == 2);
  CHECK(units[0].kind == Kind::kText);
  CHECK(units[0].references == std::vector<size_t>{0});
  CHECK(units[0].text.empty());
  CHECK(units[1].kind == Kind::kCopy);
  CHECK(units[1].copy_index == 1);
}

TEST_CASE("parse_edit5: trailing references give a text unit with empty text", "[edit5]") {
  const auto units = fruit::parse_edit5("[0] (2)");
  REQUIRE(units.size() == 2);
  CHECK(units[0].kind == Kind::kCopy);
  CHECK(units[1].kind == Kind::kText);
  CHECK(units[1].references == std::vector<size_t>{2});
  CHECK(units[1].text.empty());
  CHECK(units[1].begin == 4);
}

TEST_CASE("parse_edit5: a number in parentheses inside text is read as a reference", "[edit5]") {
  const auto units = fruit::parse_edit5("He died (2001).");
  REQUIRE(units.size() == 2);
  CHECK(units[0].text == "He died");
  CHECK(units[0].references.empty());
  CHECK(units[1].references == std::vector<size_t>{2001});
  CHECK(units[1].text == ".");
}

TEST_CASE("parse_edit5: an empty edit has no units", "[edit5]") {
  CHECK(fruit::parse_edit5("").empty());
  CHECK(fruit::parse_edit5("   ").empty());
}

TEST_CASE("outline_input: source sentences are counted by position", "[edit5]") {
  const auto outline = outline_ok("Pre [0] A. [5] B. [CONTEXT] (0) e");
  REQUIRE(outline.source_sentences.size() == 2);
  CHECK(outline.source_sentences[0] == "A.");
  CHECK(outline.source_sentences[1] == "B.");

  const auto with_empty = outline_ok("[0] [1] Real. [CONTEXT]");
  REQUIRE(with_empty.source_sentences.size() == 2);
  CHECK(with_empty.source_sentences[0] == "");
  CHECK(with_empty.source_sentences[1] == "Real.");
  CHECK(with_empty.evidence_count == 0);
}

TEST_CASE("outline_input: evidence items are counted in sequence", "[edit5]") {
  // "(1941)" inside evidence text is not item 1941.
  CHECK(outline_ok("[0] A. [CONTEXT] (0) Film (1941) released. (1) Other.").evidence_count == 2);
  // An item number out of sequence is not an item either.
  CHECK(outline_ok("[0] A. [CONTEXT] (0) x (2) y (1) z").evidence_count == 2);
  CHECK(outline_ok("[0] A. [CONTEXT] (1) starts at one").evidence_count == 0);
  // "(n)" before [CONTEXT] is not evidence.
  CHECK(outline_ok("[0] A (0). [CONTEXT] none").evidence_count == 0);
}

TEST_CASE("outline_input: anything but exactly one [CONTEXT] is an error", "[edit5]") {
  CHECK_FALSE(fruit::outline_input("[0] A.").ok());
  CHECK_FALSE(fruit::outline_input("[0] A. [CONTEXT] (0) x [CONTEXT]").ok());
}

TEST_CASE("validate_edit5: a well-formed edit has no diagnostics", "[edit5]") {
  CHECK(codes("[0] (0) (1) New sentence. [1] [2]", kInput).empty());
  CHECK(codes("[0] [2]", kInput).empty());
  CHECK(codes("Entirely new text.", kInput).empty());
  CHECK(codes("", kInput).empty());
}

TEST_CASE("validate_edit5: copy-out-of-range", "[edit5]") {
  CHECK(codes("[0] [3]", kInput) == std::vector<std::string>{"copy-out-of-range"});
  CHECK(codes("[99999999999999999999999]", kInput) == std::vector<std::string>{"copy-out-of-range"});
}

TEST_CASE("validate_edit5: copy-repeated", "[edit5]") {
  CHECK(codes("[0] [0]", kInput) == std::vector<std::string>{"copy-repeated"});
}

TEST_CASE("validate_edit5: copy-out-of-order", "[edit5]") {
  CHECK(codes("[1] [0]", kInput) == std::vector<std::string>{"copy-out-of-order"});
  CHECK(codes("[0] [2] [1]", kInput) == std::vector<std::string>{"copy-out-of-order"});
  CHECK(codes("[1] [0] [1]", kInput) == std::vector<std::string>{"copy-out-of-order", "copy-repeated"});
}

TEST_CASE("validate_edit5: missing-evidence", "[edit5]") {
  CHECK(codes("[0] (2) New.", kInput) == std::vector<std::string>{"missing-evidence"});
  CHECK(codes("[0] He died (2001).", kInput) == std::vector<std::string>{"missing-evidence"});
  CHECK(codes("(0) (7) (9) New.", kInput) == std::vector<std::string>{"missing-evidence", "missing-evidence"});
}

TEST_CASE("validate_edit5: empty-sentence", "[edit5]") {
  CHECK(codes("(0) [1]", kInput) == std::vector<std::string>{"empty-sentence"});
  CHECK(codes("[0] (1)", kInput) == std::vector<std::string>{"empty-sentence"});
}

TEST_CASE("validate_edit5: diagnostics point at their unit and its byte offset", "[edit5]") {
  const std::string edit = "[0] New. [0] (5) More.";
  const auto units = fruit::parse_edit5(edit);
  const auto diagnostics = fruit::validate_edit5(units, outline_ok(kInput));
  REQUIRE(diagnostics.size() == 2);
  CHECK(diagnostics[0].code == "copy-repeated");
  CHECK(diagnostics[0].unit == 2);
  CHECK(diagnostics[0].offset == edit.find("[0]", 1));
  CHECK(diagnostics[0].severity == Diagnostic::Severity::kError);
  CHECK_FALSE(diagnostics[0].message.empty());
  CHECK(diagnostics[1].code == "missing-evidence");
  CHECK(diagnostics[1].unit == 3);
  CHECK(diagnostics[1].offset == edit.find("(5)"));
}
