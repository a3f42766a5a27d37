#include "diff.h"

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "edit5.h"

// The diff is our own behaviour: expectations follow the contract in
// diff.h. Golden files live in tests/fixtures/diff; FRUIT_UPDATE_GOLDEN=1
// rewrites them (then read every changed file before keeping it).

namespace {

using fruit::DiffSpan;
using fruit::SentenceDiff;
using fruit::UpdateDiff;
using fruit::UpdatedSentence;
using Span = DiffSpan::Kind;

// "copied 0:0 | edited 1:1 | deleted 2:- | inserted -:2", source:updated.
std::string outline(const UpdateDiff& diff) {
  std::string out;
  for (const SentenceDiff& s : diff.sentences) {
    if (!out.empty()) out += " | ";
    switch (s.kind) {
      case SentenceDiff::Kind::kCopied: out += "copied "; break;
      case SentenceDiff::Kind::kEdited: out += "edited "; break;
      case SentenceDiff::Kind::kInserted: out += "inserted "; break;
      case SentenceDiff::Kind::kDeleted: out += "deleted "; break;
    }
    out += s.source_index ? std::to_string(*s.source_index) : "-";
    out += ":";
    out += s.updated_index ? std::to_string(*s.updated_index) : "-";
  }
  return out;
}

// "=The |-film|+movie|= was", one marker per span.
std::string show(const std::vector<DiffSpan>& spans) {
  std::string out;
  for (const DiffSpan& span : spans) {
    if (!out.empty()) out += "|";
    out += span.kind == Span::kEqual ? "=" : span.kind == Span::kInserted ? "+" : "-";
    out += span.text;
  }
  return out;
}

std::string side(const std::vector<DiffSpan>& spans, Span keep) {
  std::string out;
  for (const DiffSpan& span : spans) {
    if (span.kind == Span::kEqual || span.kind == keep) out += span.text;
  }
  return out;
}

// Both texts come back byte for byte, spans are never empty and never two
// of a kind in a row.
void check_reconstructs(const fruit::WordDiff& diff, const std::string& a, const std::string& b) {
  CHECK(side(diff.spans, Span::kDeleted) == a);
  CHECK(side(diff.spans, Span::kInserted) == b);
  for (size_t k = 0; k < diff.spans.size(); ++k) {
    CHECK_FALSE(diff.spans[k].text.empty());
    if (k > 0) CHECK(diff.spans[k].kind != diff.spans[k - 1].kind);
  }
}

UpdatedSentence text(std::string t, std::vector<size_t> references = {}) {
  return {std::move(t), std::nullopt, std::move(references)};
}

UpdatedSentence copy(const std::vector<std::string>& source, size_t index) { return {source[index], index, {}}; }

std::vector<std::string> strings(const std::vector<std::string_view>& views) {
  return std::vector<std::string>(views.begin(), views.end());
}

// ------------------------------------------------------------------ golden

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "<missing file " + path + ">";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void check_golden(const std::string& name, const UpdateDiff& diff) {
  const char* update = std::getenv("FRUIT_UPDATE_GOLDEN");
  const bool rewrite = update != nullptr && std::string_view(update) == "1";
  const fruit::HtmlDiffFormatter html;
  const fruit::JsonDiffFormatter json(2);
  const std::pair<std::string, const fruit::DiffFormatter*> outputs[] = {{".html", &html}, {".json", &json}};
  for (const auto& [extension, formatter] : outputs) {
    const std::string path = std::string(FRUIT_TEST_DATA_DIR) + "/diff/" + name + extension;
    const std::string actual = formatter->format(diff);
    if (rewrite) {
      std::ofstream(path, std::ios::binary) << actual;
      WARN("rewrote " << path);
      continue;
    }
    INFO("golden file " << path << " (FRUIT_UPDATE_GOLDEN=1 rewrites it)");
    CHECK(actual == read_file(path));
  }
}

// Splits a FRUIT input and runs an EDIT5 output through the diff, as the
// playground does.
UpdateDiff diff_edit5(std::string_view inputs, std::string_view edit, const fruit::DiffOptions& options = {}) {
  auto outline_or = fruit::outline_input(inputs);
  REQUIRE(outline_or.ok());
  const auto& source = outline_or.value().source_sentences;
  return fruit::diff_update(strings(source), fruit::updated_from_edit5(fruit::parse_edit5(edit), source), options);
}

}  // namespace

// ------------------------------------------------------------------ inputs

TEST_CASE("updated_from_edit5: copies, text with references, dropped units", "[diff]") {
  const std::vector<std::string_view> source = {"First.", "Second.", "Third."};
  const auto updated = fruit::updated_from_edit5(
      fruit::parse_edit5("[0] (1) (3) The film was released in 1941. [7] [2] (2)"), source);
  REQUIRE(updated.size() == 3);
  CHECK(updated[0].copied_from == 0u);
  CHECK(updated[0].text == "First.");
  CHECK_FALSE(updated[1].copied_from.has_value());
  CHECK(updated[1].text == "The film was released in 1941.");
  CHECK(updated[1].references == std::vector<size_t>{1, 3});
  // [7] names no sentence; "(2)" has no text.
  CHECK(updated[2].copied_from == 2u);
  CHECK(updated[2].text == "Third.");
}

TEST_CASE("updated_from_text: copies up to whitespace, first unused match", "[diff]") {
  const std::vector<std::string> source = {"A b.", "Other.", "A b.", "Tab\there."};
  const auto updated =
      fruit::updated_from_text({"  A   b.\n", "A b.", "A b.", "Tab here.", "A b. c", "New."}, source);
  REQUIRE(updated.size() == 6);
  CHECK(updated[0].copied_from == 0u);
  CHECK(updated[0].text == "  A   b.\n");  // the updated text is kept as given
  CHECK(updated[1].copied_from == 2u);
  CHECK_FALSE(updated[2].copied_from.has_value());  // both "A b." are used
  CHECK(updated[3].copied_from == 3u);
  CHECK_FALSE(updated[4].copied_from.has_value());
  CHECK_FALSE(updated[5].copied_from.has_value());
}

// --------------------------------------------------------------- alignment

TEST_CASE("diff_update: copies only", "[diff]") {
  const std::vector<std::string> source = {"One.", "Two."};
  const UpdateDiff diff = fruit::diff_update(source, {copy(source, 0), copy(source, 1)});
  CHECK(outline(diff) == "copied 0:0 | copied 1:1");
  CHECK(show(diff.sentences[1].spans) == "=Two.");
}

TEST_CASE("diff_update: an edited sentence keeps its references and gets a word diff", "[diff]") {
  const std::vector<std::string> source = {"The town lies on the river.",
                                           "As of the 2010 census, the town had a population of 4,512."};
  const UpdateDiff diff = fruit::diff_update(
      source, {copy(source, 0), text("As of the 2020 census, the town had a population of 4,873.", {0, 2})});
  CHECK(outline(diff) == "copied 0:0 | edited 1:1");
  const SentenceDiff& edited = diff.sentences[1];
  CHECK(edited.references == std::vector<size_t>{0, 2});
  CHECK_FALSE(edited.capped);
  CHECK(show(edited.spans) == "=As of the |-2010|+2020|= census, the town had a population of 4,|-512|+873|=.");
}

TEST_CASE("diff_update: an unrelated sentence is inserted, the replaced one deleted before it", "[diff]") {
  const std::vector<std::string> source = {"Alpha is a town.", "It has a church.", "It has a school."};
  const UpdateDiff diff = fruit::diff_update(
      source, {copy(source, 0), text("A bridge opened in 2022.", {1}), copy(source, 2)});
  CHECK(outline(diff) == "copied 0:0 | deleted 1:- | inserted -:1 | copied 2:2");
  CHECK(show(diff.sentences[1].spans) == "-It has a church.");
  CHECK(show(diff.sentences[2].spans) == "+A bridge opened in 2022.");
  CHECK(diff.sentences[2].references == std::vector<size_t>{1});
}

TEST_CASE("diff_update: deleted sentences keep their source position", "[diff]") {
  const std::vector<std::string> source = {"A one.", "B two.", "C three.", "D four.", "E five."};
  CHECK(outline(fruit::diff_update(source, {copy(source, 1), copy(source, 3)})) ==
        "deleted 0:- | copied 1:0 | deleted 2:- | copied 3:1 | deleted 4:-");
  CHECK(outline(fruit::diff_update(source, {})) == "deleted 0:- | deleted 1:- | deleted 2:- | deleted 3:- | deleted 4:-");
  CHECK(outline(fruit::diff_update({}, {text("New.")})) == "inserted -:0");
  CHECK(fruit::diff_update({}, {}).sentences.empty());
}

TEST_CASE("diff_update: alignments never cross; the stronger pair wins", "[diff]") {
  const std::vector<std::string> source = {"Alpha beta gamma delta.", "One two three four."};
  // Swapped: (1 -> 0) has similarity 8/9, (0 -> 1) 6/8; both cannot hold.
  const UpdateDiff diff =
      fruit::diff_update(source, {text("One two three five."), text("Alpha beta gamma delta epsilon.")});
  CHECK(outline(diff) == "inserted -:0 | edited 0:1 | deleted 1:-");
}

TEST_CASE("diff_update: an edit may not cross a copy", "[diff]") {
  const std::vector<std::string> source = {"Alpha beta gamma delta.", "One two three four."};
  const UpdateDiff diff = fruit::diff_update(source, {copy(source, 1), text("Alpha beta gamma delta epsilon.")});
  CHECK(outline(diff) == "deleted 0:- | copied 1:0 | inserted -:1");
}

TEST_CASE("diff_update: edits are found between copies", "[diff]") {
  const std::vector<std::string> source = {"Start here.", "Red green blue.", "Middle part.", "Black white grey.",
                                           "End here."};
  const UpdateDiff diff = fruit::diff_update(
      source, {copy(source, 0), text("Red green blue sky."), copy(source, 2), text("Black white grey cat."),
               copy(source, 4)});
  CHECK(outline(diff) == "copied 0:0 | edited 1:1 | copied 2:2 | edited 3:3 | copied 4:4");
}

TEST_CASE("diff_update: the similarity threshold", "[diff]") {
  const std::vector<std::string> source = {"Red green blue yellow."};
  // 2 of 4 words kept on both sides: exactly 0.5, which counts as edited.
  CHECK(fruit::sentence_similarity(source[0], "Red green cyan magenta.") == 0.5);
  CHECK(outline(fruit::diff_update(source, {text("Red green cyan magenta.")})) == "edited 0:0");
  CHECK(outline(fruit::diff_update(source, {text("Red cyan magenta black.")})) == "deleted 0:- | inserted -:0");
  fruit::DiffOptions strict;
  strict.edited_similarity = 0.6;
  CHECK(outline(fruit::diff_update(source, {text("Red green cyan magenta.")}, strict)) ==
        "deleted 0:- | inserted -:0");
}

TEST_CASE("diff_update: each sentence gets the most similar free source sentence", "[diff]") {
  const std::vector<std::string> source = {"The club won the cup in 1990.", "The club won the league in 1999."};
  const UpdateDiff diff = fruit::diff_update(source, {text("The club won the league in 2001.")});
  CHECK(outline(diff) == "deleted 0:- | edited 1:0");
  // Equal similarity: the earlier source sentence.
  const UpdateDiff tie = fruit::diff_update({"Cats eat fish.", "Cats eat fish."}, {text("Cats eat meat.")});
  CHECK(outline(tie) == "edited 0:0 | deleted 1:-");
}

TEST_CASE("diff_update: reordered and repeated copies are still copies", "[diff]") {
  const std::vector<std::string> source = {"Zero.", "One.", "Two."};
  CHECK(outline(fruit::diff_update(source, {copy(source, 2), copy(source, 0), copy(source, 1)})) ==
        "copied 2:0 | copied 0:1 | copied 1:2");
  CHECK(outline(fruit::diff_update(source, {copy(source, 0), copy(source, 1), copy(source, 0)})) ==
        "copied 0:0 | copied 1:1 | deleted 2:- | copied 0:2");
  // A copy that names no source sentence is just text (here equal to [2]).
  CHECK(outline(fruit::diff_update(source, {UpdatedSentence{"Two.", 9, {}}})) ==
        "deleted 0:- | deleted 1:- | edited 2:0");
}

TEST_CASE("diff_update: sentences without words are never edited", "[diff]") {
  CHECK(fruit::sentence_similarity("...", "...") == 0.0);
  CHECK(outline(fruit::diff_update({"--"}, {text("--")})) == "deleted 0:- | inserted -:0");
  CHECK(outline(fruit::diff_update({"Text."}, {text("")})) == "deleted 0:- | inserted -:0");
}

TEST_CASE("sentence_similarity: words of any script", "[diff]") {
  CHECK(fruit::sentence_similarity("Москва — столица России.", "Москва — крупнейший город России.") ==
        Approx(2.0 * 2 / 7));
  // Each ideograph or kana is a word: 9 in common out of 10 and 13.
  CHECK(fruit::sentence_similarity("東京は日本の首都です。", "東京は日本の最大の都市です。") == Approx(2.0 * 9 / 23));
  CHECK(fruit::sentence_similarity("Same words.", "Same words.") == 1.0);
}

// --------------------------------------------------------------- word diff

TEST_CASE("diff_words: words change, unchanged whitespace stays outside", "[diff]") {
  const auto diff = fruit::diff_words("The film was released in 1941.", "The movie was released in May 1942.");
  CHECK(show(diff.spans) == "=The |-film|+movie|= was released in |-1941|+May 1942|=.");
  CHECK_FALSE(diff.capped);
}

TEST_CASE("diff_words: punctuation between two changes joins them", "[diff]") {
  CHECK(show(fruit::diff_words("Paris, France", "Lyon, Italy").spans) == "-Paris, France|+Lyon, Italy");
  // A word in between keeps them apart.
  CHECK(show(fruit::diff_words("Paris in France", "Lyon in Italy").spans) == "-Paris|+Lyon|= in |-France|+Italy");
}

TEST_CASE("diff_words: insertions, deletions, whitespace and edge cases", "[diff]") {
  CHECK(show(fruit::diff_words("A big dog.", "A dog.").spans) == "=A |-big |=dog.");
  CHECK(show(fruit::diff_words("A dog.", "A big dog.").spans) == "=A |+big |=dog.");
  CHECK(show(fruit::diff_words("a  b", "a b").spans) == "=a|- |= b");
  CHECK(show(fruit::diff_words("same text", "same text").spans) == "=same text");
  CHECK(show(fruit::diff_words("", "new").spans) == "+new");
  CHECK(show(fruit::diff_words("old", "").spans) == "-old");
  CHECK(fruit::diff_words("", "").spans.empty());
  CHECK(show(fruit::diff_words(" lead", "lead").spans) == "- |=lead");
  CHECK(show(fruit::diff_words("Café Müller opened.", "Café Müller closed.").spans) ==
        "=Café Müller |-opened|+closed|=.");
  CHECK(show(fruit::diff_words("東京は日本の首都です。", "東京は日本の最大の都市です。").spans) ==
        "=東京は日本の|-首|+最大の|=都|+市|=です。");
}

TEST_CASE("diff_words: invalid UTF-8 is kept byte for byte", "[diff]") {
  const std::string a = "caf\xc3 \xff\xfe abc \xe2\x80";
  const std::string b = "caf\xc3 abc \xe2\x80 d\xf0\x9f";
  check_reconstructs(fruit::diff_words(a, b), a, b);
}

TEST_CASE("diff_words: spans reconstruct both texts (seeded random cases)", "[diff]") {
  const std::vector<std::string> pieces = {"the", "The", "film", "was", "released", "in", "1941", "1942", ",", ".",
                                           "(", ")", "\"", "'s", "café", "—", "東", "京", "Москва", "a", "b"};
  const std::vector<std::string> spaces = {"", " ", " ", " ", "  ", "\t", "\n", "\xc2\xa0"};
  std::mt19937 rng(20240611);
  const auto pick = [&](const std::vector<std::string>& from) {
    return from[std::uniform_int_distribution<size_t>(0, from.size() - 1)(rng)];
  };
  const auto sentence = [&](size_t length) {
    std::string s;
    for (size_t k = 0; k < length; ++k) s += pick(pieces) + pick(spaces);
    return s;
  };
  for (int round = 0; round < 3000; ++round) {
    std::string a = sentence(std::uniform_int_distribution<size_t>(0, 25)(rng));
    std::string b;
    // Half the cases are edits of a, so that long equal runs occur.
    if (round % 2 == 0) {
      b = a;
      for (int e = 0; e < 3; ++e) {
        const size_t at = std::uniform_int_distribution<size_t>(0, b.size())(rng);
        if (rng() % 2) {
          b.insert(at, sentence(2));
        } else {
          b.erase(at, std::min<size_t>(b.size() - at, 4));
        }
      }
    } else {
      b = sentence(std::uniform_int_distribution<size_t>(0, 25)(rng));
    }
    INFO("round " << round << ": [" << a << "] -> [" << b << "]");
    const size_t cap = round % 7 == 0 ? 20 : fruit::kMaxWordDiffPairs;  // some capped too
    check_reconstructs(fruit::diff_words(a, b, cap), a, b);
  }
}

TEST_CASE("diff_words: the complexity cap", "[diff]") {
  // Three tokens each: 9 pairs.
  const auto capped = fruit::diff_words("one two three", "one two four", 8);
  CHECK(capped.capped);
  CHECK(show(capped.spans) == "-one two three|+one two four");
  CHECK_FALSE(fruit::diff_words("one two three", "one two four", 9).capped);

  const auto words = [](size_t n, const char* last) {
    std::string s;
    for (size_t k = 0; k < n - 1; ++k) s += "w" + std::to_string(k) + " ";
    return s + last;
  };
  // 2000 x 2000 tokens is exactly the default cap; one more token is over.
  const auto at_cap = fruit::diff_words(words(2000, "end"), words(2000, "stop"));
  CHECK_FALSE(at_cap.capped);
  CHECK(at_cap.spans.size() == 3);
  CHECK(fruit::diff_words(words(2001, "end"), words(2000, "stop")).capped);

  fruit::DiffOptions options;
  options.max_word_diff_pairs = 8;
  const UpdateDiff diff = fruit::diff_update({"one two three"}, {text("one two four")}, options);
  CHECK(outline(diff) == "edited 0:0");
  CHECK(diff.sentences[0].capped);
  CHECK(show(diff.sentences[0].spans) == "-one two three|+one two four");
}

// --------------------------------------------------------------- formatters

TEST_CASE("html_escape", "[diff]") {
  CHECK(fruit::html_escape("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;");
  CHECK(fruit::html_escape("<script>alert('x')</script>") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
  CHECK(fruit::html_escape("a & b \"c\"") == "a &amp; b &quot;c&quot;");
  CHECK(fruit::html_escape("&amp;") == "&amp;amp;");
  CHECK(fruit::html_escape("plain café") == "plain café");
}

TEST_CASE("HtmlDiffFormatter: user text never becomes markup", "[diff]") {
  const std::vector<std::string> source = {"<script>alert('x')</script> is here.", "Tom & \"Jerry\"."};
  const UpdateDiff diff = fruit::diff_update(
      source, {text("<img src=x onerror=alert(1)> is here.", {3}), copy(source, 1), text("<b>bold</b>")});
  const std::string html = fruit::HtmlDiffFormatter().format(diff);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("<b>") == std::string::npos);
  CHECK(html.find("&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
  // Remove our own markup: no '<' may remain.
  std::string rest = html;
  for (const std::string_view tag : {"<div class=\"fb-diff\">", "</div>", "<p ", "</p>", "<ins>", "</ins>", "<del>", "</del>",
                                "<a ", "</a>"}) {
    for (size_t at = rest.find(tag); at != std::string::npos; at = rest.find(tag)) rest.erase(at, tag.size());
  }
  CHECK(rest.find('<') == std::string::npos);
  CHECK(html.find("<a class=\"fb-ref\" href=\"#evidence-3\" data-evidence=\"3\">(3)</a>") != std::string::npos);
}

TEST_CASE("JsonDiffFormatter: the documented schema", "[diff]") {
  const std::vector<std::string> source = {"Old one.", "Keep."};
  const UpdateDiff diff = fruit::diff_update(source, {text("New one.", {4}), copy(source, 1)});
  const std::string one_line = fruit::JsonDiffFormatter().format(diff);
  CHECK(one_line.find('\n') == one_line.size() - 1);
  const fruit::Json json = fruit::Json::parse(one_line);
  CHECK(json == fruit::diff_to_json(diff));
  REQUIRE(json["sentences"].size() == 2);
  const fruit::Json& edited = json["sentences"][0];
  CHECK(edited.dump() ==
        R"({"kind":"edited","source":0,"updated":0,"references":[4],"capped":false,)"
        R"("spans":[{"kind":"deleted","text":"Old"},{"kind":"inserted","text":"New"},{"kind":"equal","text":" one."}],)"
                R"("unsupported":[]})");
  const fruit::Json deleted = fruit::diff_to_json(fruit::diff_update({"Gone."}, {}))["sentences"][0];
  CHECK(deleted["updated"].is_null());
  CHECK(deleted["source"] == 0);
  // Invalid UTF-8 is replaced, not fatal.
  const std::string bad = fruit::JsonDiffFormatter().format(fruit::diff_update({}, {text("bad \xff byte")}));
  CHECK(bad.find("bad \xef\xbf\xbd byte") != std::string::npos);
}

// ------------------------------------------------------------------ golden

TEST_CASE("golden: town census update (EDIT5)", "[diff]") {
  const std::string inputs =
      "[0] Kessel is a town in Harbor County, Oregon, United States. "
      "[1] It lies on the north bank of the Siltcoos River. "
      "[2] As of the 2010 census, the town had a population of 4,512. "
      "[3] The town is served by Kessel Elementary School, which opened in 1962. "
      "[4] The current mayor is Ann Ruiz, elected in 2014. "
      "[CONTEXT] (0) Kessel had 4,873 residents at the 2020 census. "
      "(1) Kessel Harbor Bridge, opened on 3 June 2022, links the town to Route 101. "
      "(2) The bridge cost $48 million. (3) Mayor Daniel Okafor took office in January 2019.";
  const std::string edit =
      "[0] [1] (1) (2) The Kessel Harbor Bridge, which cost $48 million, opened on 3 June 2022. "
      "(0) As of the 2020 census, the town had a population of 4,873. [3] "
      "(3) The current mayor is Daniel Okafor, who took office in 2019. [9]";
  check_golden("town_census", diff_edit5(inputs, edit));
}

TEST_CASE("golden: film article rewritten as text", "[diff]") {
  const std::vector<std::string> source = {
      "The Long Night is a 1941 American drama film directed by Anatole Litvak.",
      "It stars Henry Fonda, Barbara Bel Geddes and Vincent Price.",
      "The film was shot in black and white at RKO's studios in Culver City.",
      "It has not been released on home video.",
      "The film received mixed reviews."};
  const std::vector<std::string> update = {
      "The Long Night is a 1941 American drama film directed by Anatole Litvak.",
      "It stars Henry  Fonda, Barbara Bel Geddes and Vincent Price.",
      "The film was shot in black and white at RKO's studios in Culver City, California.",
      "A restored version was released on Blu-ray by the Criterion Collection in 2021.",
      "The film received mixed reviews on release, but later critics praised its cinematography."};
  check_golden("film_text", fruit::diff_update(source, fruit::updated_from_text(update, source)));
}

TEST_CASE("golden: markup in the texts is escaped", "[diff]") {
  const std::vector<std::string> source = {
      "The band's debut album was <i>Loud & Clear</i>.",
      "Its single \"<script>alert('x')</script>\" charted in 1999.",
      "They toured Europe."};
  const std::vector<UpdatedSentence> update = {
      text("The band's debut album was <i>Loud & Clear</i> (1998).", {0}),
      text("Its single \"<img src=x onerror=alert(1)>\" charted in 1999.", {1}),
      copy(source, 2),
      text("They split up in 2005 & reunited in <b>2019</b>.", {2, 3})};
  check_golden("markup_escaped", fruit::diff_update(source, update));
}

TEST_CASE("golden: non-Latin scripts and typographic punctuation", "[diff]") {
  const std::vector<std::string> source = {
      "Москва — столица России.",
      "東京は日本の首都です。",
      "Café Müller, a dance piece by Pina Bausch, premiered in 1978.",
      "The theatre seats 1,200 people."};
  const std::vector<UpdatedSentence> update = {
      copy(source, 0),
      text("東京は日本の最大の都市です。", {0}),
      text("Café Müller, a dance piece by Pina Bausch, premiered on 20 May 1978 in Wuppertal.", {1}),
      text("After the 2019 renovation, the theatre seats 1,350 people.", {2})};
  check_golden("scripts", fruit::diff_update(source, update));
}

TEST_CASE("golden: a sentence moved before its neighbours, a capped pair", "[diff]") {
  const std::string inputs =
      "[0] Mira Sato is a Japanese long-distance runner. "
      "[1] She won the Nagoya Marathon in 2017 with a time of 2:21:17. "
      "[2] She was born in Sapporo in 1994. "
      "[3] Her personal best in the half marathon is 68:14. "
      "[CONTEXT] (0) Sato set a personal best of 67:55 in the half marathon in 2023. "
      "(1) Sato won the Osaka Women's Marathon in 2023.";
  // The model moves the birth sentence first and rewrites [0] after it:
  // pairing that with [0] would cross the copy, so it reads as deleted
  // there and inserted here. [1] is dropped; [3] is edited.
  const std::string edit =
      "[2] (1) Mira Sato is a Japanese long-distance runner who won the Osaka Women's Marathon in 2023. "
      "(0) Her personal best in the half marathon is 67:55, set in 2023.";
  fruit::DiffOptions options;
  options.max_word_diff_pairs = 100;  // small, so that the edited pair (12 x 16 tokens) is capped
  check_golden("moved_capped", diff_edit5(inputs, edit, options));
}
