#include "verdict.hpp"

namespace probesim::report {

std::optional<ExpectKind> parse_expect_kind(std::string_view text) {
  if (text == "test-failure") return ExpectKind::TestFailure;
  if (text == "splat") return ExpectKind::Splat;
  if (text == "timeout") return ExpectKind::Timeout;
  return std::nullopt;
}

std::string_view to_string(ExpectKind kind) {
  switch (kind) {
    case ExpectKind::TestFailure: return "test-failure";
    case ExpectKind::Splat: return "splat";
    case ExpectKind::Timeout: return "timeout";
  }
  return "?";
}

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
