#include "verdict.hpp"

#include <gtest/gtest.h>

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

TEST(Judge, WithoutExpectationTheCountsDecide) {
  const Verdict clean = judge_log(kCleanRun, std::nullopt);
  EXPECT_EQ(clean.exit_code, kExitPassed);
  EXPECT_EQ(clean.counts, (Counts{1, 0, 0, 0}));
  EXPECT_EQ(judge_log(kFailingTest, std::nullopt).exit_code, kExitFailed);
  EXPECT_EQ(judge_log(kSplat, std::nullopt).exit_code, kExitFailed);
  EXPECT_EQ(judge_log(kTimeout, std::nullopt).exit_code, kExitFailed);
}

struct ExpectCase {
  const char* name;
  ExpectKind kind;
  std::string_view console;
  bool detected;
};

void PrintTo(const ExpectCase& param, std::ostream* out) { *out << param.name; }

class JudgeExpect : public testing::TestWithParam<ExpectCase> {};

TEST_P(JudgeExpect, CountsTheRunAsOneTest) {
  const ExpectCase& param = GetParam();
  const Verdict verdict = judge_log(param.console, param.kind);
  EXPECT_EQ(verdict.expect, param.kind);
  EXPECT_EQ(verdict.expect_detected, param.detected);
  if (param.detected) {
    EXPECT_EQ(verdict.exit_code, kExitPassed);
    EXPECT_EQ(verdict.counts, (Counts{1, 0, 0, 0}));
  } else {
    EXPECT_EQ(verdict.exit_code, kExitFailed);
    EXPECT_EQ(verdict.counts, (Counts{0, 1, 0, 0}));
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, JudgeExpect,
    testing::Values(
        ExpectCase{"TestFailureDetected", ExpectKind::TestFailure, kFailingTest, true},
        ExpectCase{"TestFailureNotDetected", ExpectKind::TestFailure, kCleanRun, false},
        // A splat is a failure, but not a failing test.
        ExpectCase{"TestFailureNotDetectedForSplat", ExpectKind::TestFailure, kSplat, false},
        ExpectCase{"SplatDetected", ExpectKind::Splat, kSplat, true},
        ExpectCase{"SplatNotDetected", ExpectKind::Splat, kFailingTest, false},
        ExpectCase{"TimeoutDetected", ExpectKind::Timeout, kTimeout, true},
        ExpectCase{"TimeoutNotDetected", ExpectKind::Timeout, kCleanRun, false}),
    [](const testing::TestParamInfo<ExpectCase>& info) { return std::string(info.param.name); });

TEST(Judge, AllowlistedSplatIsNotTheExpectedSplat) {
  const auto allowlist = Allowlist::parse("NULL pointer\n", "allow.txt");
  const Verdict verdict = judge_log(kSplat, ExpectKind::Splat, allowlist);
  EXPECT_FALSE(verdict.expect_detected);
  EXPECT_EQ(verdict.exit_code, kExitFailed);
}

}  // namespace
}  // namespace probesim::report
