#include "rng.hpp"

#include <gtest/gtest.h>

#include <string_view>

namespace probesim::payload {
namespace {

// The sequence is the corpus format: these values must never change.
TEST(Rng, SeedOneGivesTheFixedSequence) {
  Rng r(1);
  EXPECT_EQ(r.state(), 0x9e3779b97f4a7c16u);
  EXPECT_EQ(r.next(), 0x806132229cb46b5du);
  EXPECT_EQ(r.next(), 0x060f1487c439fe10u);
  EXPECT_EQ(r.next(), 0xbfff144d8a4f7aecu);
  EXPECT_EQ(r.next(), 0x6d2eea448b0a2533u);
}

TEST(Rng, BelowUsesTheTopBits) {
  Rng r(1);
  const std::uint64_t expected[] = {73, 19, 55, 56, 33, 8, 79, 33};
  for (std::uint64_t e : expected) EXPECT_EQ(r.below(100), e);
}

TEST(Rng, NegativeSeedWrapsModulo2To64) {
  EXPECT_EQ(Rng(static_cast<std::uint64_t>(-1)).state(), 0x61c8864680b583ecu);
}

TEST(Rng, SeedThatWouldZeroTheStateStartsFromOne) {
  // 1018231460777725123 * 0x9E3779B97F4A7C15 + 1 == 0 (mod 2^64).
  Rng zeroed(1018231460777725123u);
  EXPECT_EQ(zeroed.state(), 1u);
  EXPECT_EQ(zeroed.next(), 0x47e4ce4b896cdd1du);
  EXPECT_EQ(zeroed.next(), 0xabcfa6a8e079651du);
  EXPECT_EQ(Rng(0).state(), 1u);
}

TEST(Rng, PickAndChanceDrawOneValueEach) {
  Rng a(1), b(1);
  constexpr std::string_view kItems[] = {"a", "b", "c", "d", "e", "f", "g"};
  EXPECT_EQ(a.pick(kItems), kItems[b.below(7)]);
  EXPECT_EQ(a.chance(20), b.below(100) < 20);
  EXPECT_EQ(a.pick(std::string_view("ijk")),
            std::string_view("ijk")[b.below(3)]);
  EXPECT_EQ(a.state(), b.state());
}

}  // namespace
}  // namespace probesim::payload
