#include "report.hpp"

#include <gtest/gtest.h>

namespace probesim::report {
namespace {

// A completed run without any result fails; an empty console is an
// incomplete run, with no results either.
TEST(Analyse, RunWithoutAnyResultFails) {
  const Report report = analyse("Run /init\n@@probesim-done@@\n", Allowlist{});
  ASSERT_EQ(report.tests.size(), 1u);
  EXPECT_EQ(report.tests[0].kind, ResultKind::Fail);
  EXPECT_EQ(report.counts().failed, 1u);
  const Report empty = analyse("", Allowlist{});
  EXPECT_FALSE(empty.completed);
  EXPECT_TRUE(empty.tests.empty());
  EXPECT_EQ(empty.counts(), (Counts{0, 1, 0, 0}));
}

TEST(Analyse, SeveralSectionsWithTimestampsAndGarbageBeforeMarkers) {
  const Report report = analyse(
      "[    2.000000] virtio_blk virtio1: [vda] 2048 512-byte logical blocks@@probesim-begin ktap "
      "a@@\r\n"
      "[    2.000001] KTAP version 1\r\n"
      "[    2.000002] 1..1\r\n"
      "[    2.000003] ok 1 t\r\n"
      "\x1b[0m@@probesim-end ktap a@@\r\n"
      "@@probesim-begin ktap decode_test@@\r\n"
      "TAP version 13\r\n"
      "1..2\r\n"
      "ok 1 x # XFAIL known\r\n"
      "not ok 2 y\r\n"
      "@@probesim-end ktap decode_test@@\r\n"
      "@@probesim-begin ktap empty@@\r\n"
      "@@probesim-end ktap empty@@\r\n"
      "[    9.000000] reboot: Power down@@probesim-done@@\r\n",
      Allowlist{});
  EXPECT_TRUE(report.completed);
  EXPECT_TRUE(report.splats.empty());
  EXPECT_EQ(report.counts(), (Counts{1, 2, 0, 1}));
  EXPECT_EQ(report.failing_tests(), 2u);
  EXPECT_EQ(report.tests.back().path, "empty");
  EXPECT_EQ(report.tests.back().reason, "no results");
}

constexpr std::string_view kWarningRun =
    "[    3.000000] ------------[ cut here ]------------\n"
    "[    3.000001] WARNING: CPU: 0 PID: 1 at mm/vmalloc.c:1 vfree+0x10/0x20\n"
    "[    3.000002] Call trace:\n"
    "[    3.000003]  vfree+0x10/0x20\n"
    "@@probesim-begin dmesg final@@\n"
    "[    3.000000] ------------[ cut here ]------------\n"
    "[    3.000001] WARNING: CPU: 0 PID: 1 at mm/vmalloc.c:1 vfree+0x10/0x20\n"
    "[    3.000002] Call trace:\n"
    "[    3.000003]  vfree+0x10/0x20\n"
    "@@probesim-end dmesg final@@\n"
    "@@probesim-begin ktap t@@\n"
    "ok 1 a\n"
    "@@probesim-end ktap t@@\n"
    "@@probesim-done@@\n";

TEST(Analyse, SplatInConsoleAndDmesgCountsOnce) {
  const Report report = analyse(kWarningRun, Allowlist{});
  ASSERT_EQ(report.splats.size(), 1u);
  EXPECT_EQ(report.splats[0].splat.source, "dmesg final");
  EXPECT_FALSE(report.splats[0].allowed_by);
  EXPECT_EQ(report.unallowed_splats(), 1u);
  EXPECT_EQ(report.counts(), (Counts{1, 1, 0, 0}));
}

// By a context line: the allow-list sees the splat's whole text.
TEST(Analyse, AllowlistedSplatIsListedButNotAFailure) {
  const auto allowlist = Allowlist::parse("^ vfree\\+  # known vfree warning\n", "allow.txt");
  const Report report = analyse(kWarningRun, allowlist);
  ASSERT_EQ(report.splats.size(), 1u);
  EXPECT_EQ(report.splats[0].allowed_by, "allow.txt:1: ^ vfree\\+  # known vfree warning");
  EXPECT_EQ(report.unallowed_splats(), 0u);
  EXPECT_EQ(report.counts(), (Counts{1, 0, 0, 0}));
}

TEST(Analyse, TapTextInKtapSectionIsNotScannedForSplats) {
  const Report report = analyse(
      "@@probesim-begin ktap t@@\n"
      "# checking that WARNING: lines are parsed\n"
      "ok 1 a\n"
      "@@probesim-end ktap t@@\n"
      "@@probesim-done@@\n",
      Allowlist{});
  EXPECT_TRUE(report.splats.empty());
}

TEST(Analyse, MissingDoneMarkerIsAFailureWithConsoleTail) {
  std::string console = "@@probesim-begin ktap t@@\nTAP version 13\n1..2\nok 1 a\n";
  for (int i = 0; i < 40; ++i) console += "[   10.0000" + std::to_string(10 + i) + "] spin\n";
  const Report report = analyse(console, Allowlist{});
  EXPECT_FALSE(report.completed);
  ASSERT_EQ(report.console_tail.size(), kConsoleTailLines);
  EXPECT_EQ(report.console_tail.back(), "[   10.000049] spin");
  // One missing result plus the incomplete run.
  EXPECT_EQ(report.counts(), (Counts{1, 2, 0, 0}));
}

}  // namespace
}  // namespace probesim::report
