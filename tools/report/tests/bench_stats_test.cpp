#include "bench_stats.hpp"

#include <gtest/gtest.h>

#include <ostream>

namespace probesim::report {

// For gtest's messages.
void PrintTo(const Spread& s, std::ostream* out) {
  *out << "{median " << s.median << ", min " << s.min << ", max " << s.max << "}";
}

namespace {

TEST(Spread, OddCountTakesTheMiddleValue) {
  const auto s = spread({3.0, 1.0, 2.0});
  ASSERT_TRUE(s);
  EXPECT_EQ(*s, (Spread{2.0, 1.0, 3.0}));
}

TEST(Spread, EvenCountTakesTheMeanOfTheMiddleTwo) {
  EXPECT_EQ(spread({4.0, 1.0, 3.0, 2.0}), (Spread{2.5, 1.0, 4.0}));
  // As statistics.median: (0.1 + 0.2) / 2, not 0.15.
  EXPECT_EQ(spread({0.2, 0.1})->median, 0.15000000000000002);
}

TEST(Spread, OfTheRealRatios) {
  // The 7.3 run's seven (xol - none) / (sim - none).
  const auto s =
      spread({1.4510401148870133, 1.6942183087273328, 2.0096668354045626, 1.6021476137686488,
              1.7828500228783872, 2.901262522365582, 2.6232980807677153});
  EXPECT_EQ(s, (Spread{1.7828500228783872, 1.4510401148870133, 2.901262522365582}));
}

TEST(Spread, NoneWithoutValues) {
  EXPECT_FALSE(spread({}));
  EXPECT_EQ(spread({5.0}), (Spread{5.0, 5.0, 5.0}));
}

}  // namespace
}  // namespace probesim::report
