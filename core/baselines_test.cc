#include "baselines.h"

#include <catch2/catch.hpp>

#include "normalize.h"

namespace {

const char* const kInputs =
    "[0] The Kessel Bridge is a cable-stayed bridge. [1] Construction began in 2016. "
    "[CONTEXT] (0) Kessel_Bridge Opening The bridge opened on 14 March 2021. "
    "(1) Marrow_Estuary Crossings - Table [HEADER] [COL] Crossing [COL] Opened [ROW] [COL] Kessel Bridge [COL] 2021";

}  // namespace

TEST_CASE("copy source copies every source sentence in order", "[baselines]") {
  auto edit = fruit::baseline_edit(kInputs, fruit::Baseline::kCopySource);
  REQUIRE(edit.ok());
  CHECK(edit.value() == "[0] [1]");
  auto normalized = fruit::normalize(kInputs, edit.value());
  REQUIRE(normalized.ok());
  // Copying the source adds nothing: the update equals the source.
  CHECK(normalized.value().edited == normalized.value().source);
}

TEST_CASE("copy source + all evidence appends each item citing it", "[baselines]") {
  auto edit = fruit::baseline_edit(kInputs, fruit::Baseline::kCopySourceAllEvidence);
  REQUIRE(edit.ok());
  CHECK(edit.value() ==
        "[0] [1] (0) Opening The bridge opened on 14 March 2021. "
        "(1) Crossings - Table [HEADER] [COL] Crossing [COL] Opened [ROW] [COL] Kessel Bridge [COL] 2021");
  auto normalized = fruit::normalize(kInputs, edit.value());
  REQUIRE(normalized.ok());
  CHECK(normalized.value().edited ==
        "The Kessel Bridge is a cable-stayed bridge. Construction began in 2016. Opening The bridge opened on 14 March "
        "2021. Crossings - Table [HEADER] [COL] Crossing [COL] Opened [ROW] [COL] Kessel Bridge [COL] 2021");
}

TEST_CASE("baselines reject an input without [CONTEXT]", "[baselines]") {
  CHECK_FALSE(fruit::baseline_edit("[0] No context here.", fruit::Baseline::kCopySource).ok());
}
