#include "console.hpp"

#include <gtest/gtest.h>

namespace probesim::report {
namespace {

using Lines = std::vector<std::string>;

TEST(SplitConsole, SeparatesSectionsFromRawConsole) {
  const auto log = split_console(
      "[    0.000000] Booting Linux\n"
      "@@probesim-begin ktap suite-a@@\n"
      "KTAP version 1\n"
      "@@probesim-end ktap suite-a@@\n"
      "@@probesim-begin dmesg final@@\n"
      "[    0.000000] Booting Linux\n"
      "@@probesim-end dmesg final@@\n"
      "@@probesim-done@@\n");
  ASSERT_EQ(log.sections.size(), 2u);
  EXPECT_EQ(log.sections[0].kind, "ktap");
  EXPECT_EQ(log.sections[0].name, "suite-a");
  EXPECT_EQ(log.sections[0].lines, Lines{"KTAP version 1"});
  EXPECT_TRUE(log.sections[0].terminated);
  EXPECT_EQ(log.sections[1].kind, "dmesg");
  EXPECT_EQ(log.sections[1].lines, Lines{"[    0.000000] Booting Linux"});
  EXPECT_EQ(log.kernel_console, Lines{"[    0.000000] Booting Linux"});
  EXPECT_TRUE(log.done);
  EXPECT_EQ(log.lines.size(), 8u);
}

TEST(SplitConsole, FindsMarkersAfterGarbageAndCarriageReturns) {
  const auto log = split_console(
      "[    3.100000] random: crng init done@@probesim-begin ktap x@@\r\n"
      "ok 1 t\r\n"
      "garbage@@probesim-end ktap x@@\r\n"
      "\x1b[0m@@probesim-done@@\r\n");
  ASSERT_EQ(log.sections.size(), 1u);
  EXPECT_EQ(log.sections[0].name, "x");
  EXPECT_EQ(log.sections[0].lines, (Lines{"ok 1 t", "garbage"}));
  EXPECT_EQ(log.kernel_console, (Lines{"[    3.100000] random: crng init done", "\x1b[0m"}));
  EXPECT_TRUE(log.done);
}

TEST(SplitConsole, KernelMessagesInsideKtapSectionsReachTheConsoleStream) {
  const auto log = split_console(
      "@@probesim-begin ktap x@@\n"
      "ok 1 t\n"
      "[    5.000000] WARNING: CPU: 0 PID: 1 at foo.c:1 bar\n"
      "@@probesim-end ktap x@@\n");
  EXPECT_EQ(log.kernel_console, Lines{"[    5.000000] WARNING: CPU: 0 PID: 1 at foo.c:1 bar"});
  EXPECT_EQ(log.sections[0].lines.size(), 2u);
}

TEST(SplitConsole, UnterminatedSectionsAreKept) {
  const auto log = split_console(
      "@@probesim-begin ktap a@@\n"
      "ok 1 t\n"
      "@@probesim-begin ktap b@@\n"
      "ok 1 u\n");
  ASSERT_EQ(log.sections.size(), 2u);
  EXPECT_FALSE(log.sections[0].terminated);
  EXPECT_FALSE(log.sections[1].terminated);
  EXPECT_EQ(log.sections[1].lines, Lines{"ok 1 u"});
  EXPECT_FALSE(log.done);
}

TEST(SplitConsole, IncompleteMarkerIsOrdinaryText) {
  const auto log = split_console("@@probesim-begin ktap x\n@@probesim-bogus@@\n");
  EXPECT_TRUE(log.sections.empty());
  EXPECT_EQ(log.kernel_console.size(), 2u);
}

}  // namespace
}  // namespace probesim::report
