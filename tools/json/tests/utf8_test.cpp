#include "utf8.hpp"

#include <gtest/gtest.h>

namespace probesim {
namespace {

constexpr const char* kFffd = "\xEF\xBF\xBD";

std::string fffd(int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += kFffd;
  return out;
}

// As Python's bytes.decode("utf-8", errors="replace"): one U+FFFD per
// maximal subpart of an ill-formed sequence.
TEST(ReplaceInvalidUtf8, OneReplacementPerMaximalSubpart) {
  EXPECT_EQ(replace_invalid_utf8("abc"), "abc");
  EXPECT_EQ(replace_invalid_utf8("\xE2\x82\xAC µ"), "\xE2\x82\xAC µ");
  EXPECT_EQ(replace_invalid_utf8("\xF0\x9F\x98\x80"), "\xF0\x9F\x98\x80");
  EXPECT_EQ(replace_invalid_utf8("\xFF"), fffd(1));
  EXPECT_EQ(replace_invalid_utf8("\xC0\x80"), fffd(2));  // overlong
  EXPECT_EQ(replace_invalid_utf8("\xE2\x82"
                                 "A"),
            fffd(1) + "A");                                      // cut short
  EXPECT_EQ(replace_invalid_utf8("\xED\xA0\x80"), fffd(3));      // a surrogate
  EXPECT_EQ(replace_invalid_utf8("\xF4\x90\x80\x80"), fffd(4));  // beyond U+10FFFF
  EXPECT_EQ(replace_invalid_utf8("\xF0\x9F\x98"), fffd(1));
  EXPECT_EQ(replace_invalid_utf8("\x80\x80"), fffd(2));
  EXPECT_EQ(replace_invalid_utf8("\xE1\x80\xE1\x80\x80"), fffd(1) + "\xE1\x80\x80");
}

// As Python's strict bytes.decode("utf-8") accepts or refuses them.
TEST(Utf8, IsUtf8IsPythonsStrictCodec) {
  EXPECT_TRUE(is_utf8(""));
  EXPECT_TRUE(is_utf8("plain"));
  EXPECT_TRUE(is_utf8("\xc3\xa9"));
  EXPECT_TRUE(is_utf8("\xf4\x8f\xbf\xbf"));   // U+10FFFF
  EXPECT_TRUE(is_utf8(kFffd));
  EXPECT_FALSE(is_utf8("\xf4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(is_utf8("\xc0\xaf"));          // overlong "/"
  EXPECT_FALSE(is_utf8("\xe0\x80\xaf"));      // overlong "/"
  EXPECT_FALSE(is_utf8("\xed\xa0\x80"));      // a surrogate
  EXPECT_FALSE(is_utf8("ok\xc3"));             // cut short
  EXPECT_FALSE(is_utf8("\x80"));               // no lead byte
}

TEST(Utf8, CodePointsRoundTrip) {
  for (char32_t cp : {U'A', U'\u00b5', U'\u20ac', U'\U0001F600', char32_t{0xD800}}) {
    std::string s;
    append_utf8(s, cp);
    std::size_t i = 0;
    EXPECT_EQ(next_code_point(s, i), cp);
    EXPECT_EQ(i, s.size());
  }
  EXPECT_EQ(count_code_points("aµ😀b", 7), 3u);
}

}  // namespace
}  // namespace probesim
