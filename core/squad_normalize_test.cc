#include "squad_normalize.h"

#include <catch2/catch.hpp>

TEST_CASE("SQuAD normalization: lowercase, no punctuation, no articles, single spaces", "[squad]") {
  // "The" is an article; "-" and "!" are removed, not replaced, so the two words join.
  CHECK(fruit::squad_normalize("The  Eiffel-Tower!") == "eiffeltower");
  CHECK(fruit::squad_normalize("An apple, a day") == "apple day");
  CHECK(fruit::squad_normalize("  ") == "");
  CHECK(fruit::squad_normalize("") == "");
  CHECK(fruit::squad_normalize("the a an") == "");
  // Articles only as whole words; "anthem" and "theatre" stay.
  CHECK(fruit::squad_normalize("Anthem of the Theatre") == "anthem of theatre");
  // Non-ASCII letters are kept unchanged; U+00A0 is whitespace.
  CHECK(fruit::squad_normalize("Th\xC3\xA9\xC3\xA2tre,\xC2\xA0the Opera") == "th\xC3\xA9\xC3\xA2tre opera");
  // Every ASCII punctuation character of Python's string.punctuation goes.
  CHECK(fruit::squad_normalize("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~x") == "x");
}

TEST_CASE("a span occurs as whole words of a text", "[squad]") {
  CHECK(fruit::occurs_as_words("the Party", "A party was held."));
  CHECK(fruit::occurs_as_words("1990", "The museum opened in 1990."));
  CHECK_FALSE(fruit::occurs_as_words("art", "the party"));
  CHECK_FALSE(fruit::occurs_as_words("1991", "The museum opened in 1990."));
  // An empty normalized span ("The") occurs everywhere.
  CHECK(fruit::occurs_as_words("The", "x"));
}
