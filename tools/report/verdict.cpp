#include "verdict.hpp"

#include <algorithm>
#include <array>

namespace probesim::report {

namespace {

// By ExpectKind, in its order.
constexpr std::array<std::string_view, 3> kExpectNames = {"test-failure", "splat", "timeout"};

constexpr std::string_view kIndent = "    ";

void print_test(std::ostream& out, std::string_view label, const TestResult& test) {
  out << to_string(test.kind) << ' ' << label << ": " << test.path;
  if (!test.reason.empty()) out << ": " << test.reason;
  out << '\n';
}

void print_splat(std::ostream& out, std::string_view label, const CheckedSplat& checked) {
  const Splat& splat = checked.splat;
  out << (checked.allowed_by ? "ALLOWED " : "FAIL ") << label << ": kernel splat in "
      << splat.source << ": " << splat.headline() << '\n';
  if (checked.allowed_by) out << kIndent << "allowed by " << *checked.allowed_by << '\n';
  for (std::size_t i = 1; i < splat.lines.size(); ++i) out << kIndent << splat.lines[i] << '\n';
}

void print_incomplete(std::ostream& out, std::string_view label, const Report& report) {
  out << "FAIL " << label << ": VM run did not complete (timeout, hang or crash); last "
      << report.console_tail.size() << " console lines:\n";
  for (const std::string& line : report.console_tail) out << kIndent << line << '\n';
}

// "label: P passed, F failed, S skipped[, X xfail]"
std::string summary_line(std::string_view label, const Counts& counts) {
  std::string line = std::string(label) + ": " + std::to_string(counts.passed) + " passed, " +
                     std::to_string(counts.failed) + " failed, " + std::to_string(counts.skipped) +
                     " skipped";
  if (counts.xfail > 0) line += ", " + std::to_string(counts.xfail) + " xfail";
  return line;
}

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
  (verdict.expect_detected ? verdict.counts.passed : verdict.counts.failed) = 1;
  verdict.exit_code = verdict.expect_detected ? kExitPassed : kExitFailed;
  return verdict;
}

void print_report(std::ostream& out, std::string_view label, const Report& report,
                  const Verdict& verdict) {
  if (verdict.expect) {
    out << label << ": negative test, expecting " << to_string(*verdict.expect)
        << "; problems below are reported for information\n";
  }
  for (const TestResult& test : report.tests) {
    if (test.kind != ResultKind::Pass) print_test(out, label, test);
  }
  for (const CheckedSplat& splat : report.splats) print_splat(out, label, splat);
  if (!report.completed) print_incomplete(out, label, report);
  if (verdict.expect) {
    out << label << ": expected " << to_string(*verdict.expect)
        << (verdict.expect_detected ? " detected" : " NOT detected") << '\n';
  }
  out << summary_line(label, verdict.counts) << '\n';
}

std::string totals_line(const Counts& counts) {
  return std::to_string(counts.passed) + ' ' + std::to_string(counts.failed) + ' ' +
         std::to_string(counts.skipped) + ' ' + std::to_string(counts.xfail);
}

}  // namespace probesim::report
