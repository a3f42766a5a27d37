#include "normalize.h"

#include <catch2/catch.hpp>

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

// Expected texts come from the official code: language.fruit.rendering_utils
// (normalize, extract_additions, InvertibleDelimiterRange.split, the regexes
// of get_default_delimiter_range_pair(Task.diff, DelimiterType.text)) run
// under CPython 3.11. Match offsets were converted from code points to UTF-8
// bytes. Which copy tokens are reported as dropped is our own behaviour
// (the official code only logs "Bad uid").

namespace {

using fruit::Delimiter;
using fruit::find_delimiters;

struct Span {
  size_t begin, end, uid;
  bool operator==(const Span&) const = default;
};

std::vector<Span> spans(std::string_view text, char open, char close) {
  std::vector<Span> out;
  for (const Delimiter& d : find_delimiters(text, open, close)) out.push_back({d.begin, d.end, d.uid});
  return out;
}

std::vector<std::string> strings(const std::vector<std::string_view>& views) {
  return std::vector<std::string>(views.begin(), views.end());
}

fruit::Normalized normalize_ok(std::string_view inputs, std::string_view edit) {
  auto result = fruit::normalize(inputs, edit);
  REQUIRE(result.ok());
  return std::move(result).value();
}

std::vector<size_t> dropped_uids(const fruit::Normalized& n) {
  std::vector<size_t> out;
  for (const auto& d : n.dropped) out.push_back(d.uid);
  return out;
}

}  // namespace

namespace Catch {
template <>
struct StringMaker<Span> {
  static std::string convert(const Span& s) {
    std::ostringstream out;
    out << '{' << s.begin << ", " << s.end << ", " << s.uid << '}';
    return out.str();
  }
};
}  // namespace Catch

TEST_CASE("find_delimiters: finds [n] left to right with byte offsets", "[normalize]") {
  CHECK(spans("[0] a [12] b", '[', ']') == std::vector<Span>{{0, 3, 0}, {6, 10, 12}});
  CHECK(spans("[1][2]", '[', ']') == std::vector<Span>{{0, 3, 1}, {3, 6, 2}});
  CHECK(spans("[007]", '[', ']') == std::vector<Span>{{0, 5, 7}});
  CHECK(spans("x (3) y (4)", '(', ')') == std::vector<Span>{{2, 5, 3}, {8, 11, 4}});
  CHECK(spans("(2012)", '(', ')') == std::vector<Span>{{0, 6, 2012}});
}

TEST_CASE("find_delimiters: any Unicode decimal digit counts, as Python's \\d does", "[normalize]") {
  CHECK(spans("[\u0661\u0662]", '[', ']') == std::vector<Span>{{0, 6, 12}});                 // Arabic-Indic
  CHECK(spans("[\U0001D7CF\U0001D7D0] z", '[', ']') == std::vector<Span>{{0, 10, 12}});      // math bold
  CHECK(spans("\u00E9[\uFF13]", '[', ']') == std::vector<Span>{{2, 7, 3}});                   // fullwidth
  CHECK(spans("[\u00B2]", '[', ']').empty());  // superscript two is not \d
}

TEST_CASE("find_delimiters: near misses do not match", "[normalize]") {
  CHECK(spans("[ 1]", '[', ']').empty());
  CHECK(spans("[1 ]", '[', ']').empty());
  CHECK(spans("[1", '[', ']').empty());
  CHECK(spans("[]", '[', ']').empty());
  CHECK(spans("[1)", '[', ']').empty());
  CHECK(spans("(1]", '(', ')').empty());
  CHECK(spans("[-1]", '[', ']').empty());
  CHECK(spans("[+1]", '[', ']').empty());
  CHECK(spans("[1.5]", '[', ']').empty());
}

TEST_CASE("find_delimiters: a failed bracket is retried from the next one", "[normalize]") {
  CHECK(spans("[[1]", '[', ']') == std::vector<Span>{{1, 4, 1}});
  CHECK(spans("[[1]]", '[', ']') == std::vector<Span>{{1, 4, 1}});
  CHECK(spans("((2))", '(', ')') == std::vector<Span>{{1, 4, 2}});
}

TEST_CASE("find_delimiters: huge numbers saturate at kHugeUid", "[normalize]") {
  // Python reads 99999999999999999999999 as an int that indexes nothing.
  const auto found = spans("[99999999999999999999999]", '[', ']');
  REQUIRE(found.size() == 1);
  CHECK(found[0].begin == 0);
  CHECK(found[0].end == 25);
  CHECK(found[0].uid == fruit::kHugeUid);
}

TEST_CASE("split_at_delimiters: pieces between delimiters, stripped, one more than delimiters", "[normalize]") {
  const auto split = [](std::string_view text) {
    return strings(fruit::split_at_delimiters(text, find_delimiters(text, '[', ']')));
  };
  CHECK(split("pre [0] a  [1]\u3000b\u00A0") == std::vector<std::string>{"pre", "a", "b"});
  CHECK(split("[0]") == std::vector<std::string>{"", ""});
  CHECK(split("") == std::vector<std::string>{""});
  CHECK(split("no delimiters ") == std::vector<std::string>{"no delimiters"});
  CHECK(split("[0][1] x") == std::vector<std::string>{"", "", "x"});
}

TEST_CASE("normalize: anything but exactly one [CONTEXT] is an error", "[normalize]") {
  // The official `source.split(CONTEXT_MARKER)` unpacking raises ValueError.
  CHECK_FALSE(fruit::normalize("[0] A. no marker", "[0]").ok());
  CHECK_FALSE(fruit::normalize("[0] A. [CONTEXT] x [CONTEXT] y", "[0]").ok());
  CHECK_FALSE(fruit::normalize("[CONTEXT][CONTEXT]", "[0]").ok());
  CHECK_FALSE(fruit::normalize("", "").ok());
  const auto missing = fruit::normalize("[0] A.", "[0]");
  REQUIRE_FALSE(missing.ok());
  CHECK_THAT(missing.error().message, Catch::Contains("[CONTEXT]"));
}

TEST_CASE("normalize: copy tokens become source sentences and references disappear", "[normalize]") {
  const auto n = normalize_ok("[0] A b. [1] C d. [CONTEXT] (0) e", "[0] (0) New (2012) stuff. [1]");
  CHECK(n.source == "A b. C d.");
  CHECK(n.edited == "A b. New stuff. C d.");  // "(2012)" is read as a reference
  CHECK(n.dropped.empty());
}

TEST_CASE("normalize: a year in parentheses is removed from generated text but kept in copied text", "[normalize]") {
  const auto n = normalize_ok("[0] Born (1941). [1] B. [CONTEXT] (0) e", "[0] He died (2001).");
  CHECK(n.source == "Born (1941). B.");
  CHECK(n.edited == "Born (1941). He died .");
}

TEST_CASE("normalize: out-of-range copy tokens are dropped and reported", "[normalize]") {
  const auto n = normalize_ok("[0] A b. [1] C d. [CONTEXT] (0) e", "[0] [1] [5]");
  CHECK(n.edited == "A b. C d.");
  CHECK(dropped_uids(n) == std::vector<size_t>{5});

  const auto huge = normalize_ok("[0] A. [1] B. [CONTEXT] (0) e", "[99999999999999999999999] [1]");
  CHECK(huge.edited == "B.");
  CHECK(dropped_uids(huge) == std::vector<size_t>{fruit::kHugeUid});
}

TEST_CASE("normalize: repeated and out-of-order copy tokens copy as told", "[normalize]") {
  const auto n = normalize_ok("[0] A b. [1] C d. [CONTEXT] (0) e", "[1] [0] [1] [1]");
  CHECK(n.edited == "C d. A b. C d. C d.");
  CHECK(n.dropped.empty());
}

TEST_CASE("normalize: only runs of two or more whitespace characters collapse", "[normalize]") {
  const auto n = normalize_ok("[0] A  b. [1] C\t\td. [2] E\tf. [CONTEXT] (0) e", "[0] x\ny [1] [2]  z\n\nw");
  CHECK(n.source == "A b. C d. E\tf.");
  CHECK(n.edited == "A b. x\ny C d. E\tf. z w");

  const auto unicode = normalize_ok("[0] \u00E9\u3000\u3000x. [CONTEXT] (0) e", "[0]\u00A0 [0]");
  CHECK(unicode.source == "\u00E9 x.");
  CHECK(unicode.edited == "\u00E9 x. \u00E9 x.");
}

TEST_CASE("normalize: an empty source sentence still counts for copy positions", "[normalize]") {
  const auto added = normalize_ok("[0] [1] Real. [CONTEXT] (0) e", "[0] [1] Added.");
  CHECK(added.source == "Real.");
  CHECK(added.edited == "Real. Added.");
  CHECK(added.dropped.empty());

  const auto between = normalize_ok("[0] [1] Real. [CONTEXT] (0) e", "[0] X [1]");
  CHECK(between.edited == "X Real.");
}

TEST_CASE("normalize: text before the first source delimiter is in the source but not copyable", "[normalize]") {
  const auto n = normalize_ok("Preamble [0] A. [1] B. [CONTEXT] (0) e", "[0] [1]");
  CHECK(n.source == "Preamble A. B.");
  CHECK(n.edited == "A. B.");
}

TEST_CASE("normalize: edits without copy tokens, empty edits and Unicode copy numbers", "[normalize]") {
  CHECK(normalize_ok("[0] A. [1] B. [CONTEXT] (0) e", "").edited == "");
  CHECK(normalize_ok("[0] A. [1] B. [CONTEXT] (0) e", "Only new text (1) here.").edited == "Only new text here.");
  CHECK(normalize_ok("[0] A. [1] B. [CONTEXT]", "[\u0661]").edited == "B.");
  const auto glued = normalize_ok("  [0] A.   [1] B.  [CONTEXT] (0) e", "(0)(1) New.[0][1]");
  CHECK(glued.source == "A. B.");
  CHECK(glued.edited == "New. A. B.");
}

TEST_CASE("extract_additions: sentences of the target not found in the source", "[normalize]") {
  struct Case {
    std::string source, target;
    std::vector<std::string> additions;
    std::string joined;
  };
  const std::vector<Case> cases = {
      {"A b. C d.", "A b. C d. E f.", {"E f."}, "E f."},
      {"A b. C d.", "A b. C d.", {}, ""},
      {"A b. C d.", "C d. A b.", {"A b."}, "A b."},
      {"Intro. Body text.", "Intro. Body text. New fact. Intro.", {"New fact.", "Intro."}, "New fact. Intro."},
      {"He was born. He died.", "He was born. He died in 2001. He was born.", {"He died in 2001.", "He was born."},
       "He died in 2001. He was born."},
      {"s", "", {}, ""},
      {"\u00E9t\u00E9.", "\u00E9t\u00E9. \u00E9t\u00E9 2.", {"\u00E9t\u00E9 2."}, "\u00E9t\u00E9 2."},
  };
  for (const Case& c : cases) {
    INFO("source: " << c.source << "\ntarget: " << c.target);
    CHECK(strings(fruit::extract_additions(c.source, c.target)) == c.additions);
    CHECK(fruit::joined_additions(c.source, c.target) == c.joined);
  }
}

TEST_CASE("extract_additions: a piece is matched with its leading whitespace", "[normalize]") {
  // " C d." (with its space) is not in "A b.C d.", although "C d." is.
  CHECK(strings(fruit::extract_additions("A b.C d.", "A b. C d.")) == std::vector<std::string>{"C d."});
  // " One." is not in the source (it starts the source), " Two" is.
  CHECK(strings(fruit::extract_additions("One. Two.", " One. Two")) == std::vector<std::string>{"One."});
}

TEST_CASE("extract_additions: text without periods is one piece", "[normalize]") {
  CHECK(strings(fruit::extract_additions("x", "no periods here")) == std::vector<std::string>{"no periods here"});
  CHECK(fruit::joined_additions("x", "no periods here") == "no periods here");
}

TEST_CASE("extract_additions: runs of periods", "[normalize]") {
  CHECK(strings(fruit::extract_additions("A.", "A.. B.")) == std::vector<std::string>{"B."});
  CHECK(strings(fruit::extract_additions("", "..")).empty());
  CHECK(fruit::joined_additions("", "..") == "");
  CHECK(strings(fruit::extract_additions("A.", "A. ...B")) == std::vector<std::string>{".", "B"});
  CHECK(fruit::joined_additions("A.", "A. ...B") == ". B");
}
