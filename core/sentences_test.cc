#include "sentences.h"

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

// Sentence splitting is our own behaviour: the expectations follow the
// numbered rules in sentences.h.

namespace {

using Sentences = std::vector<std::string>;

Sentences split(std::string_view text) { return fruit::split_sentences(text); }

}  // namespace

TEST_CASE("split_sentences: rule 1, a terminator, whitespace and a capital, digit or opener", "[sentences]") {
  CHECK(split("The film was released. It was a hit.") == Sentences{"The film was released.", "It was a hit."});
  CHECK(split("Really? Yes! Good.") == Sentences{"Really?", "Yes!", "Good."});
  CHECK(split("He was born in 1941. 1942 was a bad year.") ==
        Sentences{"He was born in 1941.", "1942 was a bad year."});
  CHECK(split("It ended. (He was 90.) Then nothing.") == Sentences{"It ended.", "(He was 90.)", "Then nothing."});
  CHECK(split("What?! No way.") == Sentences{"What?!", "No way."});
}

TEST_CASE("split_sentences: a lowercase letter never starts a sentence", "[sentences]") {
  CHECK(split("See it. then go.") == Sentences{"See it. then go."});
  CHECK(split("He paused... and then left.") == Sentences{"He paused... and then left."});
  CHECK(split("He paused... Then he left.") == Sentences{"He paused...", "Then he left."});
  CHECK(split("He paused\u2026 Then he left.") == Sentences{"He paused\u2026", "Then he left."});
  CHECK(split("\"Stop!\" she cried.") == Sentences{"\"Stop!\" she cried."});
}

TEST_CASE("split_sentences: whitespace must follow, so numbers and names with dots stay whole", "[sentences]") {
  CHECK(split("It costs 3.5 million. The rest is 0.25.") == Sentences{"It costs 3.5 million.", "The rest is 0.25."});
  CHECK(split("Visit example.com today.Then leave.") == Sentences{"Visit example.com today.Then leave."});
  CHECK(split("A U.S.-based firm.") == Sentences{"A U.S.-based firm."});
}

TEST_CASE("split_sentences: closing quotes and brackets stay with their sentence", "[sentences]") {
  CHECK(split("He said \"Stop.\" Then she left.") == Sentences{"He said \"Stop.\"", "Then she left."});
  CHECK(split("He said \u201CStop.\u201D Then she left.") == Sentences{"He said \u201CStop.\u201D", "Then she left."});
  CHECK(split("(It was late.) Everyone left.") == Sentences{"(It was late.)", "Everyone left."});
  CHECK(split("It was 'odd.' \u2018Very\u2019 odd.") == Sentences{"It was 'odd.'", "\u2018Very\u2019 odd."});
  CHECK(split("He left. \"Why?\" she asked.") == Sentences{"He left.", "\"Why?\" she asked."});
  CHECK(split("See [1]. [2] follows.") == Sentences{"See [1].", "[2] follows."});
}

TEST_CASE("split_sentences: rule 4, initials and acronyms do not end a sentence", "[sentences]") {
  CHECK(split("J. R. R. Tolkien wrote it. It sold well.") ==
        Sentences{"J. R. R. Tolkien wrote it.", "It sold well."});
  CHECK(split("The U.S. Army and the U.K. Government met. Nothing came of it.") ==
        Sentences{"The U.S. Army and the U.K. Government met.", "Nothing came of it."});
  CHECK(split("The U.N. Charter and E.U. Law.") == Sentences{"The U.N. Charter and E.U. Law."});
  // The documented trade-off: an acronym at the end of a sentence does not
  // end it, because the rule cannot tell the two cases apart.
  CHECK(split("He was born in the U.S. He moved.") == Sentences{"He was born in the U.S. He moved."});
  CHECK(split("Vitamin C. It helps.") == Sentences{"Vitamin C. It helps."});
  CHECK(split("(J. Smith) wrote. It.") == Sentences{"(J. Smith) wrote.", "It."});
  CHECK(split("\u00C9. Zola wrote it.") == Sentences{"\u00C9. Zola wrote it."});
}

TEST_CASE("split_sentences: rule 5, known abbreviations do not end a sentence", "[sentences]") {
  CHECK(split("Martin Luther King Jr. Day is a holiday. It is in January.") ==
        Sentences{"Martin Luther King Jr. Day is a holiday.", "It is in January."});
  CHECK(split("Mr. Smith met Dr. Jones and Prof. Lee in St. Louis. They talked.") ==
        Sentences{"Mr. Smith met Dr. Jones and Prof. Lee in St. Louis.", "They talked."});
  CHECK(split("He works for Apple Inc. The firm grew.") == Sentences{"He works for Apple Inc. The firm grew."});
  CHECK(split("See No. 5 and Vol. 2 on pp. 3-4. Done.") == Sentences{"See No. 5 and Vol. 2 on pp. 3-4.", "Done."});
  CHECK(split("Founded Sept. 1941 (est. 1940) by Gen. Lee. Later sold.") ==
        Sentences{"Founded Sept. 1941 (est. 1940) by Gen. Lee.", "Later sold."});
  CHECK(split("A king (fl. 1200) and a poet (b. 1941, d. 2001). Both.") ==
        Sentences{"A king (fl. 1200) and a poet (b. 1941, d. 2001).", "Both."});
  CHECK(split("Approx. 300 came. Few stayed.") == Sentences{"Approx. 300 came.", "Few stayed."});
  CHECK(split("Fruit, nuts, etc. And more.") == Sentences{"Fruit, nuts, etc. And more."});
  // Not abbreviations: a longer word, a different case, or a run of periods.
  CHECK(split("He said no. Then left.") == Sentences{"He said no.", "Then left."});
  CHECK(split("He met MR. Then left.") == Sentences{"He met MR.", "Then left."});
  CHECK(split("He met Mr... Then left.") == Sentences{"He met Mr...", "Then left."});
}

TEST_CASE("split_sentences: rule 2, blank lines always end a sentence", "[sentences]") {
  CHECK(split("A heading\n\nThe text starts here.") == Sentences{"A heading", "The text starts here."});
  CHECK(split("Meet Mr.\n\nSmith") == Sentences{"Meet Mr.", "Smith"});
  CHECK(split("one\r\n\r\ntwo\r\rthree\n \t\nfour") == Sentences{"one", "two", "three", "four"});
  // A single line break is ordinary whitespace.
  CHECK(split("A wrapped\nline, and more\r\ntext.") == Sentences{"A wrapped\nline, and more\r\ntext."});
  CHECK(split("First.\nSecond.") == Sentences{"First.", "Second."});
}

TEST_CASE("split_sentences: Unicode letters, digits and whitespace", "[sentences]") {
  CHECK(split("Er kam an. \u00D6sterreich war nah.") == Sentences{"Er kam an.", "\u00D6sterreich war nah."});
  CHECK(split("Il est n\u00E9. \u00C9lodie aussi.") == Sentences{"Il est n\u00E9.", "\u00C9lodie aussi."});
  CHECK(split("Jest. \u0141\u00F3d\u017A le\u017Cy.") == Sentences{"Jest.", "\u0141\u00F3d\u017A le\u017Cy."});
  CHECK(split("\u0395\u03AF\u03BD\u03B1\u03B9. \u03A4\u03BF.") ==
        Sentences{"\u0395\u03AF\u03BD\u03B1\u03B9.", "\u03A4\u03BF."});                       // Greek
  CHECK(split("\u042D\u0442\u043E. \u041E\u043D\u0430.") == Sentences{"\u042D\u0442\u043E.", "\u041E\u043D\u0430."});  // Cyrillic
  CHECK(split("Born 1941.\u00A0\u0661\u0669\u0664\u0662 next.") == Sentences{"Born 1941.", "\u0661\u0669\u0664\u0662 next."});
  CHECK(split("Lower \u00E9. \u00E9cole stays.") == Sentences{"Lower \u00E9. \u00E9cole stays."});
  CHECK(split("\u3000Spaced.\u2003Out.\u3000") == Sentences{"Spaced.", "Out."});
}

TEST_CASE("split_sentences: rule 3, CJK full stops always end a sentence", "[sentences]") {
  CHECK(split("\u6771\u4EAC\u3067\u3059\u3002\u5927\u962A\u3067\u3059\u3002") ==
        Sentences{"\u6771\u4EAC\u3067\u3059\u3002", "\u5927\u962A\u3067\u3059\u3002"});
  CHECK(split("\u300C\u306F\u3044\u3002\u300D\u305D\u3046\uFF01\u672C\u5F53\uFF1F") ==
        Sentences{"\u300C\u306F\u3044\u3002\u300D", "\u305D\u3046\uFF01", "\u672C\u5F53\uFF1F"});
}

TEST_CASE("split_sentences: empty input, whitespace only, and trailing text without a period", "[sentences]") {
  CHECK(split("").empty());
  CHECK(split(" \n\n\t ").empty());
  CHECK(split("No period at the end") == Sentences{"No period at the end"});
  CHECK(split("One. Two without period") == Sentences{"One.", "Two without period"});
  CHECK(split("  Padded.  ") == Sentences{"Padded."});
  CHECK(split(".") == Sentences{"."});
  CHECK(split("...") == Sentences{"..."});
  CHECK(split("Ends with space. ") == Sentences{"Ends with space."});
}

TEST_CASE("sentence_spans: byte offsets of the stripped sentences", "[sentences]") {
  const std::string text = "  \u00C9t\u00E9. Next one.\n\nLast";
  const auto spans = fruit::sentence_spans(text);
  REQUIRE(spans.size() == 3);
  CHECK(text.substr(spans[0].first, spans[0].second - spans[0].first) == "\u00C9t\u00E9.");
  CHECK(spans[0].first == 2);
  CHECK(text.substr(spans[1].first, spans[1].second - spans[1].first) == "Next one.");
  CHECK(text.substr(spans[2].first, spans[2].second - spans[2].first) == "Last");
  CHECK(spans[2].second == text.size());
  CHECK(fruit::sentence_spans("").empty());
}

TEST_CASE("split_sentences: a FRUIT-like lead paragraph", "[sentences]") {
  const std::string text =
      "''The Lone Rider in Frontier Fury'' is a 1941 American film directed by Sam Newfield. The film is also "
      "known as ''Frontier Fury'' in the United Kingdom and ''Rangeland Racket'' (American reissue title). It "
      "stars George Houston and Al St. John, with Hillary Brooke.";
  CHECK(split(text) == Sentences{
                           "''The Lone Rider in Frontier Fury'' is a 1941 American film directed by Sam Newfield.",
                           "The film is also known as ''Frontier Fury'' in the United Kingdom and ''Rangeland "
                           "Racket'' (American reissue title).",
                           "It stars George Houston and Al St. John, with Hillary Brooke.",
                       });
}
