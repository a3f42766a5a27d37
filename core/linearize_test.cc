#include "linearize.h"

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "edit5.h"
#include "normalize.h"

// The linearized format mirrors the official FRUIT inputs (see linearize.h);
// kOfficialLike is written in their shape, with items copied from the brief's
// official examples and text of our own.

namespace {

using fruit::Article;
using fruit::Evidence;
using fruit::EvidenceTable;
using Cells = std::vector<std::string>;

constexpr std::string_view kOfficialLike =
    "[0] ''The Lone Rider in Frontier Fury'' is a 1941 American film directed by Sam Newfield. [1] The film is also "
    "known as ''Frontier Fury'' in the United Kingdom and ''Rangeland Racket'' (American reissue title). [CONTEXT] "
    "(0) List_of_American_films_of_1941 I\u2013N - Table-0-45 [HEADER] [COL] Title [COL] Director [COL] Cast "
    "[ROW] [COL] ''The Lone Rider in Frontier Fury'' [COL] Sam Newfield [COL] George Houston, Al St. John "
    "(1) Karl_Hackett Selected filmography - Table-0-25 [CAPTION] List of acting performances in film [HEADER] "
    "[COL] Year [COL] Title [COL] Role [ROW] [COL] ''The Lone Rider in Frontier Fury'' [COL] Matt Malone "
    "(2) Sam_Newfield Career In (1941) he directed thirty films, see (0) and (2). "
    "(3) Producers_Releasing_Corporation Films - Table-1-7 [HEADER] [COL] Year [COL] Title [COL] Notes [ROW] "
    "[COL] 1941 [COL] Frontier Fury [COL]";

std::string linearize_ok(const Article& article, const std::vector<Evidence>& evidence) {
  auto result = fruit::linearize(article, evidence);
  INFO((result.ok() ? std::string() : result.error().to_string()));
  REQUIRE(result.ok());
  return result.value();
}

fruit::ParsedInput parse_ok(std::string_view inputs) {
  auto result = fruit::parse_linearized(inputs);
  INFO((result.ok() ? std::string() : result.error().to_string()));
  REQUIRE(result.ok());
  return std::move(result).value();
}

fruit::Error linearize_error(const Article& article, const std::vector<Evidence>& evidence) {
  auto result = fruit::linearize(article, evidence);
  REQUIRE_FALSE(result.ok());
  return result.error();
}

Evidence text_item(std::string title, std::string section, std::string text) {
  return Evidence{std::move(title), std::move(section), std::move(text), std::nullopt};
}

Evidence table_item(std::string title, std::string section, EvidenceTable table) {
  return Evidence{std::move(title), std::move(section), "", std::move(table)};
}

fruit::EvidenceTable table_ok(std::string_view text) {
  auto result = fruit::parse_table_text(text);
  INFO((result.ok() ? std::string() : result.error().to_string()));
  REQUIRE(result.ok());
  return std::move(result).value();
}

std::string table_error(std::string_view text) {
  auto result = fruit::parse_table_text(text);
  REQUIRE_FALSE(result.ok());
  return result.error().message;
}

}  // namespace

TEST_CASE("linearize: sentences, [CONTEXT], text and table evidence", "[linearize]") {
  const Article article{{"A b.", "C d."}};
  const std::vector<Evidence> evidence = {
      text_item("Karl Hackett", "Career", "He acted in 1941."),
      table_item("Karl Hackett", "Selected filmography",
                 {"Films", {"Year", "Title"}, {{"1941", "Frontier Fury"}, {"1942", "Texas Man Hunt"}}}),
      table_item("PRC", "", {"", {}, {{"a", ""}}}),
  };
  CHECK(linearize_ok(article, evidence) ==
        "[0] A b. [1] C d. [CONTEXT] (0) Karl_Hackett Career He acted in 1941. (1) Karl_Hackett Selected "
        "filmography - Table [CAPTION] Films [HEADER] [COL] Year [COL] Title [ROW] [COL] 1941 [COL] Frontier Fury "
        "[ROW] [COL] 1942 [COL] Texas Man Hunt (2) PRC Table [ROW] [COL] a [COL]");
}

TEST_CASE("linearize: empty parts are omitted and [CONTEXT] is always there", "[linearize]") {
  CHECK(linearize_ok(Article{}, {}) == "[CONTEXT]");
  CHECK(linearize_ok(Article{{"Only."}}, {}) == "[0] Only. [CONTEXT]");
  CHECK(linearize_ok(Article{{"", "B."}}, {}) == "[0] [1] B. [CONTEXT]");
  CHECK(linearize_ok(Article{}, {text_item("T", "", "x"), text_item("U", "S", "")}) == "[CONTEXT] (0) T x (1) U S");
  CHECK(linearize_ok(Article{{"  Padded.  "}}, {text_item(" T ", "  S ", " x ")}) == "[0] Padded. [CONTEXT] (0) T S x");
}

TEST_CASE("linearize: whitespace runs inside fields become one space, in titles an underscore", "[linearize]") {
  const Article article{{"A\nwrapped  line.\t", "Tab\there\u00A0and\u3000there."}};
  const std::vector<Evidence> evidence = {
      text_item("Karl  Hackett\n", "Early\nlife", "Born\r\nin  1893."),
      table_item("X", "S", {"Cap\ntion", {"h\t1"}, {{"a\n b"}}}),
  };
  CHECK(linearize_ok(article, evidence) ==
        "[0] A wrapped line. [1] Tab here and there. [CONTEXT] (0) Karl_Hackett Early life Born in 1893. (1) X S - "
        "Table [CAPTION] Cap tion [HEADER] [COL] h 1 [ROW] [COL] a b");
}

TEST_CASE("linearize: the table label is appended unless the section already ends with one", "[linearize]") {
  const auto section_of = [](std::string section) {
    const std::string out = linearize_ok(Article{}, {table_item("T", std::move(section), {"", {"h"}, {}})});
    const std::string prefix = "[CONTEXT] (0) T ";
    const std::string suffix = " [HEADER] [COL] h";
    REQUIRE(out.size() >= prefix.size() + suffix.size());
    return out.substr(prefix.size(), out.size() - prefix.size() - suffix.size());
  };
  CHECK(section_of("Career") == "Career - Table");
  CHECK(section_of("") == "Table");
  CHECK(section_of("Table") == "Table");
  CHECK(section_of("Career - Table") == "Career - Table");
  CHECK(section_of("Selected filmography - Table-0-25") == "Selected filmography - Table-0-25");
  CHECK(section_of("Fourth quarter - December - Table-0-2") == "Fourth quarter - December - Table-0-2");
  CHECK(section_of("Table-0-25") == "Table-0-25");
  CHECK(section_of("Tables") == "Tables - Table");
  CHECK(section_of("Career - Table-0") == "Career - Table-0 - Table");
  CHECK(section_of("Career - Table-a-1") == "Career - Table-a-1 - Table");
  CHECK(section_of("Career-Table") == "Career-Table - Table");
}

TEST_CASE("linearize: markers in sentences are rejected with the sentence index", "[linearize]") {
  const auto context = linearize_error(Article{{"A.", "B [CONTEXT] c."}}, {});
  CHECK(context.field == "sentences[1]");
  CHECK_THAT(context.message, Catch::Contains("[CONTEXT]"));
  CHECK_THAT(context.to_string(), Catch::StartsWith("field 'sentences[1]': "));

  const auto copy = linearize_error(Article{{"See [12] here."}}, {});
  CHECK(copy.field == "sentences[0]");
  CHECK_THAT(copy.message, Catch::Contains("\"[12]\"") && Catch::Contains("copy token"));

  // Any Unicode digits make a copy token, as in the official regex.
  CHECK(linearize_error(Article{{"x [\u0663] y"}}, {}).field == "sentences[0]");
  // References, years and near misses are harmless in the source.
  CHECK(linearize_ok(Article{{"Born (1941) in (0) town.", "[ 1] [1a] [-1] [ROW]"}}, {}) ==
        "[0] Born (1941) in (0) town. [1] [ 1] [1a] [-1] [ROW] [CONTEXT]");
}

TEST_CASE("linearize: markers in evidence are rejected with the item and field", "[linearize]") {
  const Article article{{"A."}};
  const auto error_field = [&](std::vector<Evidence> evidence) { return linearize_error(article, evidence).field; };

  CHECK(error_field({text_item("T", "S", "x [CONTEXT] y")}) == "evidence[0].text");
  CHECK(error_field({text_item("T", "S", "x"), text_item("U", "S [2]", "y")}) == "evidence[1].section");
  CHECK(error_field({text_item("T[1]", "S", "x")}) == "evidence[0].title");

  // In item i only "(i+1)" is dangerous: it would start item i+1.
  const auto next = linearize_error(article, {text_item("T", "S", "Season (1) aired."), text_item("U", "", "y")});
  CHECK(next.field == "evidence[0].text");
  CHECK_THAT(next.message, Catch::Contains("\"(1)\"") && Catch::Contains("evidence item 1"));
  CHECK(error_field({text_item("T", "", "a"), text_item("U", "", "b"), text_item("V", "(3)", "c")}) ==
        "evidence[2].section");
  CHECK(linearize_ok(article, {text_item("T", "S", "Kindred (2012) and (0) and (2)."), text_item("U", "", "(1) y")}) ==
        "[0] A. [CONTEXT] (0) T S Kindred (2012) and (0) and (2). (1) U (1) y");

  CHECK(error_field({text_item("T", "S", "a [ROW] b")}) == "evidence[0].text");
  CHECK(error_field({text_item("T", "[HEADER]", "a")}) == "evidence[0].section");
  CHECK(error_field({table_item("T", "S", {"a [CAPTION]", {"h"}, {}})}) == "evidence[0].table.caption");
  CHECK(error_field({table_item("T", "S", {"", {"h", "[COL]"}, {}})}) == "evidence[0].table.header[1]");
  CHECK(error_field({text_item("T", "", "x"), table_item("U", "S", {"", {"h"}, {{"a"}, {"b", "c (2)"}}})}) ==
        "evidence[1].table.rows[1][1]");
}

TEST_CASE("linearize: malformed evidence items are rejected", "[linearize]") {
  const Article article{{"A."}};
  const auto empty_title = linearize_error(article, {text_item("T", "", "x"), text_item(" \n ", "S", "x")});
  CHECK(empty_title.field == "evidence[1].title");
  CHECK_THAT(empty_title.message, Catch::Contains("empty"));

  Evidence both = table_item("T", "S", {"", {"h"}, {}});
  both.text = "Also text.";
  CHECK(linearize_error(article, {both}).field == "evidence[0]");

  CHECK(linearize_error(article, {table_item("T", "S", {"Caption only", {}, {}})}).field == "evidence[0].table");

  const auto utf8 = linearize_error(Article{{"ok", "bad \xC3("}}, {});
  CHECK(utf8.field == "sentences[1]");
  CHECK_THAT(utf8.message, Catch::Contains("UTF-8"));
  CHECK(linearize_error(article, {table_item("T", "S", {"", {"\xFF"}, {}})}).field == "evidence[0].table.header[0]");
}

TEST_CASE("parse_linearized: official-like inputs", "[linearize]") {
  const auto parsed = parse_ok(kOfficialLike);
  CHECK(parsed.sentences == Cells{
                                "''The Lone Rider in Frontier Fury'' is a 1941 American film directed by Sam Newfield.",
                                "The film is also known as ''Frontier Fury'' in the United Kingdom and ''Rangeland "
                                "Racket'' (American reissue title).",
                            });
  CHECK(parsed.source_preamble.empty());
  CHECK(parsed.context_preamble.empty());
  REQUIRE(parsed.evidence.size() == 4);

  const auto& films = parsed.evidence[0];
  CHECK(films.index == 0);
  CHECK(films.title == "List_of_American_films_of_1941");
  CHECK(films.display_title == "List of American films of 1941");
  CHECK(films.section == "I\u2013N - Table-0-45");
  REQUIRE(films.table);
  CHECK(films.table->caption.empty());
  CHECK(films.table->header == Cells{"Title", "Director", "Cast"});
  CHECK(films.table->rows ==
        std::vector<Cells>{{"''The Lone Rider in Frontier Fury''", "Sam Newfield", "George Houston, Al St. John"}});

  const auto& hackett = parsed.evidence[1];
  CHECK(hackett.title == "Karl_Hackett");
  CHECK(hackett.display_title == "Karl Hackett");
  CHECK(hackett.section == "Selected filmography - Table-0-25");
  CHECK_THAT(hackett.body, Catch::StartsWith("Selected filmography - Table-0-25 [CAPTION]"));
  REQUIRE(hackett.table);
  CHECK(hackett.table->caption == "List of acting performances in film");
  CHECK(hackett.table->header == Cells{"Year", "Title", "Role"});
  CHECK(hackett.table->rows == std::vector<Cells>{{"''The Lone Rider in Frontier Fury''", "Matt Malone"}});

  // A text item: section and text stay together; "(1941)", "(0)" and "(2)"
  // are not items because item 3 is expected next.
  const auto& newfield = parsed.evidence[2];
  CHECK(newfield.title == "Sam_Newfield");
  CHECK(newfield.body == "Career In (1941) he directed thirty films, see (0) and (2).");
  CHECK(newfield.raw == "Sam_Newfield " + newfield.body);
  CHECK(newfield.section.empty());
  CHECK_FALSE(newfield.table);

  const auto& prc = parsed.evidence[3];
  REQUIRE(prc.table);
  CHECK(prc.table->rows == std::vector<Cells>{{"1941", "Frontier Fury", ""}});  // trailing empty cell

  // Spans point into the input.
  const std::string_view in = kOfficialLike;
  CHECK(in.substr(parsed.sentence_spans[1].first, parsed.sentence_spans[1].second - parsed.sentence_spans[1].first) ==
        parsed.sentences[1]);
  CHECK(in.substr(hackett.begin, 4) == "(1) ");
  CHECK(in.substr(hackett.begin, hackett.end - hackett.begin) == "(1) " + hackett.raw);
  CHECK(prc.end == in.size());
}

TEST_CASE("parse_linearized then linearize reproduces official-like inputs", "[linearize]") {
  const auto round_trip = [](std::string_view inputs) {
    const auto parsed = parse_ok(inputs);
    std::vector<Evidence> evidence;
    for (const auto& item : parsed.evidence) evidence.push_back(fruit::to_evidence(item));
    return linearize_ok(Article{parsed.sentences}, evidence);
  };
  CHECK(round_trip(kOfficialLike) == kOfficialLike);
  const std::string_view hackett =
      "[0] A. [CONTEXT] (0) x (1) Karl_Hackett Selected filmography - Table-0-25 [CAPTION] List of acting "
      "performances in film [HEADER] [COL] Year [COL] Title [COL] Role [ROW] [COL] ''The Lone Rider in Frontier "
      "Fury'' [COL] Matt Malone";
  CHECK(round_trip(hackett) == hackett);
  const std::string_view films =
      "[0] A. [CONTEXT] (0) List_of_American_films_of_1941 I\u2013N - Table-0-45 [HEADER] [COL] Title [COL] "
      "Director [ROW] [COL] ''The Lone Rider in Frontier Fury'' [COL] [ROW] [COL] [COL] b";
  CHECK(round_trip(films) == films);
}

TEST_CASE("linearize then parse_linearized recovers sentences, titles and tables", "[linearize]") {
  const Article article{{"First sentence (1941).", "", "Third [ROW] one."}};
  const EvidenceTable table{"A caption", {"Year", "Title", "Role"}, {{"1941", "Frontier Fury", "Matt"}, {"1942"}, {}}};
  const std::vector<Evidence> evidence = {
      text_item("Karl Hackett", "Early life", "Hackett was born in 1893 (0)."),
      table_item("Karl Hackett", "Selected filmography", table),
      table_item("Sam_Newfield", "Films - Table-0-3", {"", {}, {{"", "x"}}}),
      text_item("Only_title", "", ""),
  };
  const std::string inputs = linearize_ok(article, evidence);
  const auto parsed = parse_ok(inputs);
  CHECK(parsed.sentences == article.sentences);
  REQUIRE(parsed.evidence.size() == evidence.size());
  CHECK(parsed.evidence[0].title == "Karl_Hackett");
  CHECK(parsed.evidence[0].display_title == "Karl Hackett");
  CHECK(parsed.evidence[0].body == "Early life Hackett was born in 1893 (0).");
  CHECK(parsed.evidence[1].section == "Selected filmography - Table");
  REQUIRE(parsed.evidence[1].table);
  CHECK(*parsed.evidence[1].table == table);
  CHECK(parsed.evidence[2].section == "Films - Table-0-3");
  REQUIRE(parsed.evidence[2].table);
  CHECK(parsed.evidence[2].table->rows == std::vector<Cells>{{"", "x"}});
  CHECK(parsed.evidence[3].title == "Only_title");
  CHECK(parsed.evidence[3].body.empty());

  // And linearizing the parsed parts gives the same string again.
  std::vector<Evidence> again;
  for (const auto& item : parsed.evidence) again.push_back(fruit::to_evidence(item));
  CHECK(linearize_ok(Article{parsed.sentences}, again) == inputs);
}

TEST_CASE("linearize: output agrees with the official normalization and outline_input", "[linearize]") {
  const Article article{{"Born (1941) in Ohio.", "", "He  moved\nwest.", "Died [ROW] (2) there."}};
  const std::vector<Evidence> evidence = {text_item("A", "", "x (0) (2)"), text_item("B", "", "y (1) (3)"),
                                          table_item("C", "", {"", {"(2)"}, {{"(4)"}}})};
  const std::string inputs = linearize_ok(article, evidence);
  const auto outline = fruit::outline_input(inputs);
  REQUIRE(outline.ok());
  CHECK(outline.value().source_sentences.size() == 4);
  CHECK(outline.value().evidence_count == 3);
  const auto normalized = fruit::normalize(inputs, "[0] [1] [2] [3]");
  REQUIRE(normalized.ok());
  CHECK(normalized.value().source == "Born (1941) in Ohio. He moved west. Died [ROW] (2) there.");
  CHECK(normalized.value().edited == normalized.value().source);
}

TEST_CASE("parse_linearized: sequence rule, irregular tables and leftovers", "[linearize]") {
  // "(10)" after "(1)" is not the next item, so it stays inside item 1.
  const auto skipped = parse_ok("[0] A. [CONTEXT] (0) T a (1) U b (10) V c");
  REQUIRE(skipped.evidence.size() == 2);
  CHECK(skipped.evidence[1].body == "b (10) V c");

  // Text before a row's first [COL] is kept as a cell.
  const auto styled = parse_ok("[CONTEXT] (0) T S - Table-0-1 [HEADER] [COL] Y [ROW] style=\"h:1em;\" [COL] 2006");
  REQUIRE(styled.evidence[0].table);
  CHECK(styled.evidence[0].table->rows == std::vector<Cells>{{"style=\"h:1em;\"", "2006"}});

  // Markers out of order, repeated, or a [COL] before them: left as text.
  for (std::string_view body : {"S [ROW] [COL] a [HEADER] [COL] h", "S [HEADER] [COL] a [HEADER] [COL] b",
                                "S [ROW] a [CAPTION] c", "S [COL] a [ROW] [COL] b", "S [CAPTION] c [COL] d [ROW]"}) {
    const auto parsed = parse_ok("[CONTEXT] (0) T " + std::string(body));
    REQUIRE(parsed.evidence.size() == 1);
    CHECK_FALSE(parsed.evidence[0].table);
    CHECK(parsed.evidence[0].body == body);
    CHECK(parsed.evidence[0].section.empty());
  }
  // [COL] alone does not make a table; several rows and an empty header do.
  CHECK_FALSE(parse_ok("[CONTEXT] (0) T a [COL] b").evidence[0].table);
  const auto rows = parse_ok("[CONTEXT] (0) T [HEADER] [ROW] [COL] a [ROW]").evidence[0];
  REQUIRE(rows.table);
  CHECK(rows.section.empty());
  CHECK(rows.table->header.empty());
  CHECK(rows.table->rows == std::vector<Cells>{{"a"}, {}});

  const auto leftovers = parse_ok("Intro [0] A. [1]  [CONTEXT] stray (0) T x");
  CHECK(leftovers.source_preamble == "Intro");
  CHECK(leftovers.sentences == Cells{"A.", ""});
  CHECK(leftovers.context_preamble == "stray");

  const auto no_evidence = parse_ok("[0] A. [CONTEXT] (1) not first");
  CHECK(no_evidence.evidence.empty());
  CHECK(no_evidence.context_preamble == "(1) not first");

  const auto unicode_item = parse_ok("[CONTEXT] (0)\u00A0Caf\u00E9_M\u00FCller\u3000Text here");
  REQUIRE(unicode_item.evidence.size() == 1);
  CHECK(unicode_item.evidence[0].title == "Caf\u00E9_M\u00FCller");
  CHECK(unicode_item.evidence[0].display_title == "Caf\u00E9 M\u00FCller");
  CHECK(unicode_item.evidence[0].body == "Text here");
}

TEST_CASE("parse_linearized: errors", "[linearize]") {
  CHECK_FALSE(fruit::parse_linearized("[0] A. no marker").ok());
  CHECK_FALSE(fruit::parse_linearized("[0] A. [CONTEXT] x [CONTEXT] y").ok());
  CHECK_FALSE(fruit::parse_linearized("").ok());
  const auto bad = fruit::parse_linearized("[0] A\xE2\x82. [CONTEXT]");
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.error().message, Catch::Contains("UTF-8"));
}

TEST_CASE("article_from_text: sentences by split_sentences", "[linearize]") {
  const auto article = fruit::article_from_text("Karl Hackett was an actor. He was born in the U.S. in 1893.\n\nFin");
  CHECK(article.sentences == Cells{"Karl Hackett was an actor.", "He was born in the U.S. in 1893.", "Fin"});
  CHECK(linearize_ok(article, {}) ==
        "[0] Karl Hackett was an actor. [1] He was born in the U.S. in 1893. [2] Fin [CONTEXT]");
}

TEST_CASE("parse_table_text: TSV", "[linearize]") {
  const auto table = table_ok("Year\tTitle\tRole\n1941\tFrontier Fury\tMatt Malone\n1942\t Texas Man Hunt \t\n");
  CHECK(table.caption.empty());
  CHECK(table.header == Cells{"Year", "Title", "Role"});
  CHECK(table.rows == std::vector<Cells>{{"1941", "Frontier Fury", "Matt Malone"}, {"1942", "Texas Man Hunt", ""}});

  // CRLF, blank lines around and between rows.
  CHECK(table_ok("\r\n  \r\nA\tB\r\n\r\n1\t2\r\n   \r\n").rows == std::vector<Cells>{{"1", "2"}});

  // A single column is a table too.
  CHECK(table_ok("Name\nAda\nBob").rows == std::vector<Cells>{{"Ada"}, {"Bob"}});
}

TEST_CASE("parse_table_text: TSV cells in quotes, as spreadsheets copy them", "[linearize]") {
  const auto table = table_ok("A\tB\n\"two\nlines\"\t\"tab\there, \"\"quoted\"\"\"\n3\t4");
  CHECK(table.rows == std::vector<Cells>{{"two\nlines", "tab\there, \"quoted\""}, {"3", "4"}});
  // A quote that does not close right before a tab or line end is text.
  CHECK(table_ok("A\tB\n\"Thriller\" (album)\t1982").rows == std::vector<Cells>{{"\"Thriller\" (album)", "1982"}});
  CHECK(table_ok("A\tB\n\"open\t1").rows == std::vector<Cells>{{"\"open", "1"}});
  CHECK(table_ok("A\tB\r\n\"x\"\t\"y\"\r\n").rows == std::vector<Cells>{{"x", "y"}});
}

TEST_CASE("parse_table_text: Markdown", "[linearize]") {
  const auto table = table_ok(
      "| Year | Title | Role |\n"
      "|------|:------|-----:|\n"
      "| 1941 | ''Frontier Fury'' | Matt Malone |\n"
      "| 1942 | A \\| B |  |\n");
  CHECK(table.header == Cells{"Year", "Title", "Role"});
  CHECK(table.rows == std::vector<Cells>{{"1941", "''Frontier Fury''", "Matt Malone"}, {"1942", "A | B", ""}});

  // Outer pipes are optional, and so is the delimiter row when rows start with '|'.
  CHECK(table_ok("Year | Title\n--- | ---\n1941 | Fury").rows == std::vector<Cells>{{"1941", "Fury"}});
  CHECK(table_ok("| a | b |\n| 1 | 2 |").rows == std::vector<Cells>{{"1", "2"}});
  CHECK(table_ok("\n  | a |\n  |---|\n\n  | x \\|\n").rows == std::vector<Cells>{{"x |"}});
  // Only the row under the header is a delimiter row.
  CHECK(table_ok("| a |\n| 1 |\n|---|").rows == std::vector<Cells>{{"1"}, {"---"}});
}

TEST_CASE("parse_table_text: errors name the row and the cell counts", "[linearize]") {
  CHECK_THAT(table_error("A\tB\tC\n1\t2\t3\n4\t5\n"),
             Catch::Contains("row 3 (line 3) has 2 cells, but the header (row 1) has 3"));
  CHECK_THAT(table_error("| A | B |\n|---|---|\n\n| 1 | 2 | 3 |"),
             Catch::Contains("row 2 (line 4) has 3 cells, but the header (row 1) has 2"));
  CHECK_THAT(table_error("A\tB\n\"x\ny\"\t1\n2"), Catch::Contains("row 3 (line 4) has 1 cell, but"));
  CHECK_THAT(table_error(""), Catch::Contains("empty"));
  CHECK_THAT(table_error(" \n\t\n"), Catch::Contains("empty"));
  CHECK_THAT(table_error("A\tB\n"), Catch::Contains("only a header"));
  CHECK_THAT(table_error("| A |\n|---|\n"), Catch::Contains("only a header"));
  CHECK_THAT(table_error("A\tB\n\xC3"), Catch::Contains("UTF-8"));
}
