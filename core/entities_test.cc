// The entity-token rule on hand-checked sentences: keys, sentence starts,
// stop words, digits, non-ASCII capitals, and support by another text.
#include "entities.h"

#include <catch2/catch.hpp>

namespace {

std::vector<std::string> keys(std::string_view text) {
  std::vector<std::string> out;
  for (const auto& t : fruit::entities::entity_tokens(text)) out.push_back(t.key);
  return out;
}

}  // namespace

TEST_CASE("keys drop edge punctuation and a possessive", "[entities]") {
  using fruit::entities::key_of;
  CHECK(key_of("(Enschede),") == "Enschede");
  CHECK(key_of("Vandermeer's") == "Vandermeer");
  CHECK(key_of("Vandermeer\u2019s") == "Vandermeer");
  CHECK(key_of("3:59.48.") == "3:59.48");
  CHECK(key_of("$5,000") == "5,000");
  CHECK(key_of("\u201CQuoted\u201D") == "Quoted");
  CHECK(key_of("\u2013") == "");
  CHECK(key_of("'s") == "s");  // nothing before the possessive: only the quote is punctuation
}

TEST_CASE("entity tokens: digits anywhere, capitals except at sentence starts", "[entities]") {
  // "In" starts the text, "She" follows "Vandermeer." - neither counts;
  // "the" is lowercase; 2021, Ilse and Vandermeer do.
  CHECK(keys("In 2021 the club signed Ilse Vandermeer. She won.") ==
        std::vector<std::string>{"2021", "Ilse", "Vandermeer"});
  // A year at the start of a sentence still counts (rule 1 ignores position).
  CHECK(keys("2024 was good. In June it was 7,688.") == std::vector<std::string>{"2024", "June", "7,688"});
  // Stop words are not entities even capitalised mid-sentence ("The").
  CHECK(keys("It was founded by The Beatles And Friends.") == std::vector<std::string>{"Beatles", "Friends"});
  // Pronouns are not stop words: capitalised mid-sentence they are names or titles.
  CHECK(keys("He starred in You and I.") == std::vector<std::string>{"You", "I"});
  // "Go" is capitalised mid-sentence; the closer after its full stop still ends
  // the sentence ("Then" starts one); "mid-2020s" has a digit.
  CHECK(keys("He said \"Go.\" Then Rome in the mid-2020s.") == std::vector<std::string>{"Go", "Rome", "mid-2020s"});
  // Non-ASCII capitals: Łódź and Ölund (Latin Extended-A and Latin-1).
  CHECK(keys("A town near Łódź and Ölund.") == std::vector<std::string>{"Łódź", "Ölund"});
  // A dash alone has no key and does not reset the sentence start.
  CHECK(keys("Ghent \u2013 Bruges") == std::vector<std::string>{"Bruges"});
  CHECK(keys("").empty());
}

TEST_CASE("entity token spans cover the whole word", "[entities]") {
  auto tokens = fruit::entities::entity_tokens("Won in (Enschede), 2024.");
  REQUIRE(tokens.size() == 2);
  CHECK(tokens[0].key == "Enschede");
  CHECK(tokens[0].begin == 7);
  CHECK(tokens[0].end == 18);
  CHECK(tokens[1].key == "2024");
  CHECK(tokens[1].begin == 19);
  CHECK(tokens[1].end == 24);
}

TEST_CASE("support: exact keys of any word, underscores separate", "[entities]") {
  auto support = fruit::entities::support_keys("AV_Zwaluwen_Deventer Notable members 7,688 (2021).");
  CHECK(support == std::vector<std::string>{"2021", "7,688", "AV", "Deventer", "Notable", "Zwaluwen", "members"});
  CHECK(fruit::entities::supported(support, "Zwaluwen"));
  CHECK(fruit::entities::supported(support, "2021"));
  CHECK_FALSE(fruit::entities::supported(support, "7688"));
  CHECK_FALSE(fruit::entities::supported(support, "zwaluwen"));
  // find_support answers the same for a few keys at a time.
  std::vector<bool> found(3, false);
  fruit::entities::find_support("AV_Zwaluwen_Deventer Notable members 7,688 (2021).", {"2021", "7688", "Zwaluwen"},
                                found);
  CHECK(found == std::vector<bool>{true, false, true});
}
