#include <gtest/gtest.h>

#include <sstream>

#include "report.hpp"

namespace probesim::report {
namespace {

constexpr std::string_view kCleanRun =
    "@@probesim-begin ktap t@@\nok 1 a\n@@probesim-end ktap t@@\n@@probesim-done@@\n";
constexpr std::string_view kFailingTest =
    "@@probesim-begin ktap t@@\nnot ok 1 a\n@@probesim-end ktap t@@\n@@probesim-done@@\n";
constexpr std::string_view kSplat =
    "[    1.000000] Unable to handle kernel NULL pointer dereference\n"
    "@@probesim-begin ktap t@@\nok 1 a\n@@probesim-end ktap t@@\n@@probesim-done@@\n";
constexpr std::string_view kTimeout = "@@probesim-begin ktap t@@\nok 1 a\n";

Verdict judge_log(std::string_view console, std::optional<ExpectKind> expect,
                  const Allowlist& allowlist = {}) {
  return judge(analyse(console, allowlist), expect);
}

TEST(ExpectKind, ParsesAndPrints) {
  for (auto kind : {ExpectKind::TestFailure, ExpectKind::Splat, ExpectKind::Timeout}) {
    EXPECT_EQ(parse_expect_kind(to_string(kind)), kind);
  }
  EXPECT_EQ(parse_expect_kind("crash"), std::nullopt);
}

// Without an expectation the counts decide. With one, the run counts as
// one test that passes if the run failed so.
TEST(Judge, ExitStatusAndCounts) {
  const struct {
    std::optional<ExpectKind> expect;
    std::string_view console;
    int exit_code;
    Counts counts;
  } cases[] = {
      {std::nullopt, kCleanRun, kExitPassed, {1, 0, 0, 0}},
      {std::nullopt, kFailingTest, kExitFailed, {0, 1, 0, 0}},
      {std::nullopt, kSplat, kExitFailed, {1, 1, 0, 0}},
      {std::nullopt, kTimeout, kExitFailed, {1, 1, 0, 0}},
      {ExpectKind::TestFailure, kFailingTest, kExitPassed, {1, 0, 0, 0}},
      {ExpectKind::TestFailure, kCleanRun, kExitFailed, {0, 1, 0, 0}},
      // A splat is a failure, but not a failing test.
      {ExpectKind::TestFailure, kSplat, kExitFailed, {0, 1, 0, 0}},
      {ExpectKind::Splat, kSplat, kExitPassed, {1, 0, 0, 0}},
      {ExpectKind::Splat, kFailingTest, kExitFailed, {0, 1, 0, 0}},
      {ExpectKind::Timeout, kTimeout, kExitPassed, {1, 0, 0, 0}},
      {ExpectKind::Timeout, kCleanRun, kExitFailed, {0, 1, 0, 0}},
  };
  for (const auto& c : cases) {
    const Verdict verdict = judge_log(c.console, c.expect);
    EXPECT_EQ(verdict.expect, c.expect) << c.console;
    EXPECT_EQ(verdict.expect_detected, c.expect && c.exit_code == kExitPassed) << c.console;
    EXPECT_EQ(verdict.exit_code, c.exit_code) << c.console;
    EXPECT_EQ(verdict.counts, c.counts) << c.console;
  }
}

TEST(Judge, AllowlistedSplatIsNotTheExpectedSplat) {
  const auto allowlist = Allowlist::parse("NULL pointer\n", "allow.txt");
  const Verdict verdict = judge_log(kSplat, ExpectKind::Splat, allowlist);
  EXPECT_FALSE(verdict.expect_detected);
  EXPECT_EQ(verdict.exit_code, kExitFailed);
}

std::string render(std::string_view console, std::optional<ExpectKind> expect = std::nullopt,
                   const Allowlist& allowlist = {}) {
  const Report report = analyse(console, allowlist);
  std::ostringstream out;
  print_report(out, "vm1", report, judge(report, expect));
  return out.str();
}

constexpr std::string_view kMixedRun =
    "@@probesim-begin ktap sel@@\n"
    "TAP version 13\n"
    "1..4\n"
    "ok 1 a\n"
    "not ok 2 b\n"
    "ok 3 c # SKIP no MTE\n"
    "ok 4 d # XFAIL erratum\n"
    "@@probesim-end ktap sel@@\n"
    "@@probesim-done@@\n";

TEST(PrintReport, OneLinePerNonPassingTestAndSummary) {
  EXPECT_EQ(render(kMixedRun),
            "FAIL vm1: sel/b\n"
            "SKIP vm1: sel/c: no MTE\n"
            "XFAIL vm1: sel/d: erratum\n"
            "vm1: 1 passed, 1 failed, 1 skipped, 1 xfail\n");
}

TEST(PrintReport, SplatsWithContextAndAllowEntry) {
  const std::string console =
      "[    1.000000] BUG: scheduling while atomic\n"
      "[    1.000001] context line\n"
      "[    2.000000] WARNING: CPU: 1 PID: 7 at x.c:1 f\n"
      "@@probesim-begin ktap t@@\nok 1 a\n@@probesim-end ktap t@@\n@@probesim-done@@\n";
  const auto allowlist = Allowlist::parse("x\\.c:1  # tracked elsewhere\n", "allow.txt");
  EXPECT_EQ(render(console, std::nullopt, allowlist),
            "FAIL vm1: kernel splat in console: BUG: scheduling while atomic\n"
            "    [    1.000001] context line\n"
            "ALLOWED vm1: kernel splat in console: WARNING: CPU: 1 PID: 7 at x.c:1 f\n"
            "    allowed by allow.txt:1: x\\.c:1  # tracked elsewhere\n"
            "vm1: 1 passed, 1 failed, 0 skipped\n");
}

TEST(PrintReport, IncompleteRunShowsConsoleTail) {
  EXPECT_EQ(render("booting\n@@probesim-begin ktap t@@\nok 1 a\n"),
            "FAIL vm1: VM run did not complete (timeout, hang or crash); last 3 console lines:\n"
            "    booting\n"
            "    @@probesim-begin ktap t@@\n"
            "    ok 1 a\n"
            "vm1: 1 passed, 1 failed, 0 skipped\n");
}

TEST(PrintReport, ExpectedFailureDetected) {
  EXPECT_EQ(render(kMixedRun, ExpectKind::TestFailure),
            "vm1: negative test, expecting test-failure; problems below are reported for "
            "information\n"
            "FAIL vm1: sel/b\n"
            "SKIP vm1: sel/c: no MTE\n"
            "XFAIL vm1: sel/d: erratum\n"
            "vm1: expected test-failure detected\n"
            "vm1: 1 passed, 0 failed, 0 skipped\n");
}

TEST(PrintReport, ExpectedFailureNotDetected) {
  const std::string out = render(kMixedRun, ExpectKind::Timeout);
  EXPECT_NE(out.find("FAIL vm1: sel/b\n"), std::string::npos) << out;
  EXPECT_NE(out.find("vm1: expected timeout NOT detected\n"
                     "vm1: 0 passed, 1 failed, 0 skipped\n"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace probesim::report
