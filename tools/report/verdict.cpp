#include "verdict.hpp"

#include <algorithm>
#include <array>

namespace probesim::report {

namespace {

// By ExpectKind, in its order.
constexpr std::array<std::string_view, 3> kExpectNames = {"test-failure", "splat", "timeout"};

}  // namespace

std::optional<ExpectKind> parse_expect_kind(std::string_view text) {
  const auto it = std::find(kExpectNames.begin(), kExpectNames.end(), text);
  if (it == kExpectNames.end()) return std::nullopt;
  return static_cast<ExpectKind>(it - kExpectNames.begin());
}

std::string_view to_string(ExpectKind kind) { return kExpectNames[static_cast<std::size_t>(kind)]; }

bool detected(const Report& report, ExpectKind kind) {
  switch (kind) {
    case ExpectKind::TestFailure: return report.failing_tests() > 0;
    case ExpectKind::Splat: return report.unallowed_splats() > 0;
    case ExpectKind::Timeout: return !report.completed;
  }
  return false;
}

Verdict judge(const Report& report, std::optional<ExpectKind> expect) {
  Verdict verdict;
  verdict.expect = expect;
  if (!expect) {
    verdict.counts = report.counts();
    verdict.exit_code = verdict.counts.failed > 0 ? kExitFailed : kExitPassed;
    return verdict;
  }
  verdict.expect_detected = detected(report, *expect);
  if (verdict.expect_detected) {
    verdict.counts.passed = 1;
    verdict.exit_code = kExitPassed;
  } else {
    verdict.counts.failed = 1;
    verdict.exit_code = kExitFailed;
  }
  return verdict;
}

}  // namespace probesim::report
