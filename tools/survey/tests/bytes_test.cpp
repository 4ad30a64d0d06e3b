#include "bytes.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace probesim::survey {
namespace {

TEST(Bytes, ReadsLittleEndian) {
  std::vector<std::uint8_t> d = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(read_u16(d, 0, "x"), 0x0201);
  EXPECT_EQ(read_u32(d, 4, "x"), 0x08070605U);
  EXPECT_EQ(read_u64(d, 0, "x"), 0x0807060504030201ULL);
}

TEST(Bytes, OutOfRangeIsParseError) {
  std::vector<std::uint8_t> d = {1, 2, 3};
  EXPECT_THROW(read_u32(d, 0, "x"), ParseError);
  EXPECT_THROW(read_u16(d, 2, "x"), ParseError);
  EXPECT_THROW(slice(d, ~0ULL, 2, "x"), ParseError);
  EXPECT_THROW(slice(d, 1, ~0ULL, "x"), ParseError);
  EXPECT_NO_THROW(slice(d, 3, 0, "x"));
}

TEST(Bytes, CStringNeedsItsTerminator) {
  std::vector<std::uint8_t> d = {'a', 'b', 0, 'c'};
  EXPECT_EQ(read_cstring(d, 0, "x"), "ab");
  EXPECT_EQ(read_cstring(d, 2, "x"), "");
  EXPECT_THROW(read_cstring(d, 3, "x"), ParseError);
  EXPECT_THROW(read_cstring(d, 4, "x"), ParseError);
}

TEST(Bytes, Leb128) {
  std::vector<std::uint8_t> d = {0xe5, 0x8e, 0x26,  // 624485
                                 0xc0, 0xbb, 0x78,  // -123456
                                 0x7f,              // -1
                                 0x80, 0x01};       // 128
  Cursor c(d, "leb");
  EXPECT_EQ(c.uleb128(), 624485U);
  EXPECT_EQ(c.sleb128(), -123456);
  EXPECT_EQ(c.sleb128(), -1);
  EXPECT_EQ(c.uleb128(), 128U);
  EXPECT_TRUE(c.at_end());
}

TEST(Bytes, Leb128Overlong) {
  std::vector<std::uint8_t> big(11, 0xff);
  big.push_back(0x01);
  Cursor c(big, "leb");
  EXPECT_THROW(c.uleb128(), ParseError);
  Cursor s(big, "leb");
  EXPECT_THROW(s.sleb128(), ParseError);
  std::vector<std::uint8_t> unterminated = {0x80, 0x80};
  Cursor u(unterminated, "leb");
  EXPECT_THROW(u.uleb128(), ParseError);
}

TEST(Bytes, CursorBounds) {
  std::vector<std::uint8_t> d = {1, 2, 3};
  Cursor c(d, "c");
  EXPECT_EQ(c.u16(), 0x0201);
  EXPECT_THROW(c.u16(), ParseError);
  EXPECT_THROW(c.skip(2), ParseError);
  EXPECT_NO_THROW(c.skip(1));
  EXPECT_THROW(c.seek(4), ParseError);
}

}  // namespace
}  // namespace probesim::survey
