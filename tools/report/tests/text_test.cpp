#include "text.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace probesim::report {
namespace {

TEST(SplitLines, DropsCarriageReturnsAndKeepsLastLineWithoutNewline) {
  EXPECT_EQ(split_lines("one\r\ntwo\n\nthree"),
            (std::vector<std::string>{"one", "two", "", "three"}));
  EXPECT_TRUE(split_lines("").empty());
}

TEST(StripTimestamp, RemovesTimestampLogLevelAndCallerIdAndOneSpace) {
  EXPECT_EQ(strip_timestamp("[   12.345678] WARNING: x"), "WARNING: x");
  EXPECT_EQ(strip_timestamp("[   12.345678]     ok 1 nested"), "    ok 1 nested");
  EXPECT_EQ(strip_timestamp("[12345.000001]x"), "x");
  // The log level and the caller id go too.
  EXPECT_EQ(strip_timestamp("<4>[    1.000000] BUG: x"), "BUG: x");
  EXPECT_EQ(strip_timestamp("[    1.000000][    T1] BUG: x"), "BUG: x");
  EXPECT_EQ(strip_timestamp("[    1.000000] [  C0] BUG: x"), "[  C0] BUG: x");
  // Other lines are left alone.
  EXPECT_EQ(strip_timestamp("ok 1 foo"), "ok 1 foo");
  EXPECT_EQ(strip_timestamp("[ cut here ]"), "[ cut here ]");
  EXPECT_EQ(strip_timestamp("[12] x"), "[12] x");
  EXPECT_FALSE(has_timestamp("  [   1.0] indented"));
  // Each part needs at least one digit.
  EXPECT_EQ(strip_timestamp("[   .5] x"), "[   .5] x");
  EXPECT_EQ(strip_timestamp("[   1.] x"), "[   1.] x");
  EXPECT_EQ(strip_timestamp("<>[    1.000000] x"), "<>[    1.000000] x");
  EXPECT_EQ(strip_timestamp("[    1.000000][    T] x"), "[    T] x");
  EXPECT_TRUE(has_timestamp("[    0.000000] Booting Linux"));
}

TEST(Fixed, RoundsTheBinaryValueTiesToEven) {
  EXPECT_EQ(fixed(0.125, 2), "0.12");  // an exact tie, to even
  EXPECT_EQ(fixed(2.5, 0), "2");
  EXPECT_EQ(fixed(3.5, 0), "4");
  EXPECT_EQ(fixed(1.005, 2), "1.00");  // 1.00499999999999989...
  EXPECT_EQ(fixed(99.95, 1), "100.0");
  EXPECT_EQ(fixed(-0.0001, 2), "-0.00");
  // Not a number has no sign.
  EXPECT_EQ(fixed(std::nan(""), 3), "nan");
  EXPECT_EQ(fixed(-std::nan(""), 3), "nan");
  EXPECT_EQ(fixed(-HUGE_VAL, 1), "-inf");
}

}  // namespace
}  // namespace probesim::report
