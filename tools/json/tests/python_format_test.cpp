#include "python_format.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace probesim {
namespace {

// The expected strings are Python 3's repr() and format() of the values.
TEST(FloatRepr, ShortestDigitsInPythonsLayout) {
  EXPECT_EQ(float_repr(0.0), "0.0");
  EXPECT_EQ(float_repr(-0.0), "-0.0");
  EXPECT_EQ(float_repr(1.0), "1.0");
  EXPECT_EQ(float_repr(0.1), "0.1");
  EXPECT_EQ(float_repr(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(float_repr(33228100.0), "33228100.0");  // "3.32281e+07" in the trigger JSON
  EXPECT_EQ(float_repr(123456789.125), "123456789.125");
  EXPECT_EQ(float_repr(1.7828500228783872), "1.7828500228783872");
}

TEST(FloatRepr, ExponentOutsideFixedRange) {
  EXPECT_EQ(float_repr(1e15), "1000000000000000.0");
  EXPECT_EQ(float_repr(9999999999999998.0), "9999999999999998.0");
  EXPECT_EQ(float_repr(1e16), "1e+16");
  EXPECT_EQ(float_repr(1.5e16), "1.5e+16");
  EXPECT_EQ(float_repr(1e22), "1e+22");
  EXPECT_EQ(float_repr(0.0001), "0.0001");
  EXPECT_EQ(float_repr(0.00001), "1e-05");
  EXPECT_EQ(float_repr(2.5e-05), "2.5e-05");
  EXPECT_EQ(float_repr(-4.2e-7), "-4.2e-07");
  EXPECT_EQ(float_repr(5e-324), "5e-324");
  EXPECT_EQ(float_repr(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(float_repr(HUGE_VAL), "inf");
  EXPECT_EQ(float_repr(-HUGE_VAL), "-inf");
  EXPECT_EQ(float_repr(std::nan("")), "nan");
}

TEST(Fixed, RoundsTheBinaryValueTiesToEven) {
  EXPECT_EQ(fixed(0.125, 2), "0.12");  // an exact tie, to even
  EXPECT_EQ(fixed(0.375, 2), "0.38");
  EXPECT_EQ(fixed(2.5, 0), "2");
  EXPECT_EQ(fixed(3.5, 0), "4");
  EXPECT_EQ(fixed(0.5, 0), "0");
  EXPECT_EQ(fixed(1.005, 2), "1.00");  // 1.00499999999999989...
  EXPECT_EQ(fixed(99.95, 1), "100.0");
  EXPECT_EQ(fixed(-0.0001, 2), "-0.00");
  EXPECT_EQ(fixed(1e20, 1), "100000000000000000000.0");
}

TEST(FloorDiv, RoundsTowardsMinusInfinity) {
  EXPECT_EQ(floor_div(911100, 10), 91110);
  EXPECT_EQ(floor_div(7, 2), 3);
  EXPECT_EQ(floor_div(-7, 2), -4);
  EXPECT_EQ(floor_div(7, -2), -4);
  EXPECT_EQ(floor_div(-6, 3), -2);
}

}  // namespace
}  // namespace probesim
