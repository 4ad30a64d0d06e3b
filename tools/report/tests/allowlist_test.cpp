#include "allowlist.hpp"

#include <gtest/gtest.h>

namespace probesim::report {
namespace {

using Lines = std::vector<std::string>;

TEST(Allowlist, ParsesEntriesCommentsAndBlankLines) {
  const auto allowlist = Allowlist::parse(
      "# known issues\n"
      "\n"
      "WARNING: .* at mm/vmalloc\\.c  # fixed upstream in 6.9\n"
      "slab#1[0-9]#comment without space is part of the regex\n"
      "   \n",
      "allow.txt");
  const auto& entries = allowlist.entries();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].pattern, "WARNING: .* at mm/vmalloc\\.c");
  EXPECT_EQ(entries[0].comment, "fixed upstream in 6.9");
  EXPECT_EQ(entries[0].origin, "allow.txt:3");
  EXPECT_EQ(entries[0].describe(), "allow.txt:3: WARNING: .* at mm/vmalloc\\.c  # fixed upstream in 6.9");
  EXPECT_EQ(entries[1].pattern, "slab#1[0-9]#comment without space is part of the regex");
  EXPECT_EQ(entries[1].comment, "");
}

TEST(Allowlist, InvalidRegexNamesFileAndLine) {
  try {
    Allowlist::parse("ok\nfoo(  # unbalanced\n", "allow.txt");
    FAIL() << "expected AllowlistError";
  } catch (const AllowlistError& error) {
    EXPECT_NE(std::string(error.what()).find("allow.txt:2"), std::string::npos) << error.what();
  }
}

TEST(Allowlist, MatchesHeadlineOrContextWithoutTimestamps) {
  const auto allowlist = Allowlist::parse("^WARNING: CPU: \\d+\nknown_function\\+\n", "a");
  const auto* first = allowlist.find_match({"[    1.000000] WARNING: CPU: 3 PID: 1 at x"});
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->origin, "a:1");
  const auto* second = allowlist.find_match({"BUG: x", " known_function+0x10/0x20"});
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->origin, "a:2");
  EXPECT_EQ(allowlist.find_match({"BUG: x", " other_function+0x10/0x20"}), nullptr);
}

TEST(Allowlist, EmptyAllowlistMatchesNothing) {
  EXPECT_EQ(Allowlist{}.find_match({"WARNING: x"}), nullptr);
}

}  // namespace
}  // namespace probesim::report
